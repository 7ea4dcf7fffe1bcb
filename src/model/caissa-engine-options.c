/* caissa-engine-options.c — CaissaEngine's options, playing level and
 * new games (queued until the engine is idle), and finding engines.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-engine"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "caissa-engine-private.h"

void
_caissa_engine_pending_free (Pending *p)
{
  g_free (p->name);
  g_free (p->value);
  g_free (p);
}

const ChessUciOption *
caissa_engine_find_option (CaissaEngine *self,
                           const char   *name)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->options->len; i++)
    {
      const ChessUciOption *opt = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (opt->name, name) == 0)
        return opt;
    }
  return NULL;
}

static gboolean
send_option (CaissaEngine *self,
             const char   *name,
             const char   *value)
{
  const ChessUciOption *opt = caissa_engine_find_option (self, name);
  g_autofree char *clamped = NULL;

  if (opt == NULL)
    return FALSE;
  if (opt->type == CHESS_UCI_OPTION_BUTTON || value == NULL)
    {
      _caissa_engine_send (self, "setoption name %s", opt->name);
      return TRUE;
    }
  if (opt->type == CHESS_UCI_OPTION_SPIN)
    {
      gint64 v = g_ascii_strtoll (value, NULL, 10);

      if (opt->has_min && v < opt->min)
        v = opt->min;
      if (opt->has_max && v > opt->max)
        v = opt->max;
      clamped = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      value = clamped;
    }
  /* A value may not carry a newline into the protocol. */
  if (strpbrk (value, "\r\n") != NULL)
    return FALSE;
  _caissa_engine_send (self, "setoption name %s value %s", opt->name, value);
  return TRUE;
}

static void
send_level (CaissaEngine *self,
            guint         level)
{
  ChessEngineLevel l;

  if (level == 0)
    {
      send_option (self, "Skill Level", "20");
      send_option (self, "UCI_LimitStrength", "false");
      return;
    }
  chess_engine_level_get (level, &l);
  {
    g_autofree char *skill = g_strdup_printf ("%d", l.skill);
    send_option (self, "Skill Level", skill);
  }
  if (l.elo > 0 && caissa_engine_find_option (self, "UCI_Elo") != NULL
      && caissa_engine_find_option (self, "UCI_LimitStrength") != NULL)
    {
      g_autofree char *elo = g_strdup_printf ("%d", l.elo);
      send_option (self, "UCI_LimitStrength", "true");
      send_option (self, "UCI_Elo", elo);
    }
  else
    send_option (self, "UCI_LimitStrength", "false");
}

gboolean
_caissa_engine_is_idle (CaissaEngine *self)
{
  return self->handshake_done && self->go_task == NULL
         && self->state == CAISSA_ENGINE_STATE_READY;
}

void
_caissa_engine_flush_pending (CaissaEngine *self)
{
  Pending *p;
  gboolean sync = FALSE;

  if (!_caissa_engine_is_idle (self))
    return;
  while ((p = g_queue_pop_head (&self->pending)) != NULL)
    {
      switch (p->kind)
        {
        case PENDING_SETOPTION:
          if (!send_option (self, p->name, p->value))
            g_debug ("%s: no option “%s”", _caissa_engine_display_name (self), p->name);
          break;
        case PENDING_LEVEL:
          send_level (self, p->level);
          break;
        case PENDING_NEWGAME:
          _caissa_engine_send (self, "ucinewgame");
          sync = TRUE;
          break;
        }
      _caissa_engine_pending_free (p);
    }
  /* UCI asks for isready after ucinewgame; the answer needs no waiting
   * for, as the engine reads its commands in order. */
  if (sync)
    _caissa_engine_send (self, "isready");
}

static void
push_pending (CaissaEngine *self,
              Pending      *p)
{
  g_queue_push_tail (&self->pending, p);
  _caissa_engine_flush_pending (self);
}

gboolean
caissa_engine_set_option (CaissaEngine *self,
                          const char   *name,
                          const char   *value)
{
  Pending *p;

  g_return_val_if_fail (CAISSA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (self->got_uciok && caissa_engine_find_option (self, name) == NULL)
    return FALSE;
  p = g_new0 (Pending, 1);
  p->kind = PENDING_SETOPTION;
  p->name = g_strdup (name);
  p->value = g_strdup (value);
  push_pending (self, p);
  return TRUE;
}

void
caissa_engine_set_level (CaissaEngine *self,
                         guint         level)
{
  Pending *p;

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  p = g_new0 (Pending, 1);
  p->kind = PENDING_LEVEL;
  p->level = level;
  push_pending (self, p);
}

void
caissa_engine_new_game (CaissaEngine *self)
{
  Pending *p;

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  p = g_new0 (Pending, 1);
  p->kind = PENDING_NEWGAME;
  push_pending (self, p);
}

guint
caissa_engine_get_n_options (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), 0);

  return self->options->len;
}

const ChessUciOption *
caissa_engine_get_option (CaissaEngine *self,
                          guint         index)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (index < self->options->len, NULL);

  return g_ptr_array_index (self->options, index);
}

char **
caissa_engine_discover (void)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char *candidates[2];

  candidates[0] = g_find_program_in_path ("stockfish");
  candidates[1] = g_strdup ("/usr/games/stockfish");
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      char *path = candidates[i];
      char *real;

      if (path == NULL)
        continue;
      if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE) || g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_free (path);
          continue;
        }
      {
        /* The same program reached by two names counts once. */
        char *resolved = realpath (path, NULL);
        real = g_strdup (resolved != NULL ? resolved : path);
        free (resolved);
      }
      if (g_hash_table_contains (seen, real))
        {
          g_free (real);
          g_free (path);
          continue;
        }
      g_hash_table_add (seen, real);
      g_ptr_array_add (found, path);
    }
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&found), FALSE);
}
