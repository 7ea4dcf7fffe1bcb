/* caissa-autosave-engine.c — the computer opponent of a game kept on disk.
 *
 * The engine is kept by the command it was started with (a path or a name
 * on PATH): a resumed game starts it again and gives it the same side,
 * level and think time; an engine gone since then fails as any engine
 * does (the window offers Retry, Another Engine or a human game).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-autosave"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "caissa-autosave-engine.h"

void
_caissa_autosave_engine_clear (CaissaAutosaveEngine *engine)
{
  g_clear_pointer (&engine->command, g_free);
  engine->side = CAISSA_COLOR_NONE;
  engine->level = 0;
  engine->move_time_ms = 0;
}

void
_caissa_autosave_engine_copy (CaissaAutosaveEngine       *dest,
                              const CaissaAutosaveEngine *src)
{
  if (dest == src)
    return;
  _caissa_autosave_engine_clear (dest);
  if (src->command == NULL)
    return;
  dest->command = g_strdup (src->command);
  dest->side = src->side;
  dest->level = src->level;
  dest->move_time_ms = src->move_time_ms;
}

gboolean
_caissa_autosave_engine_set (CaissaAutosaveEngine *engine,
                             const char           *command,
                             CaissaColor           side,
                             guint                 level,
                             guint                 move_time_ms)
{
  CaissaAutosaveEngine wanted = { (char *) command, side, level, move_time_ms };

  wanted.level = CLAMP (level, 1, CAISSA_AUTOSAVE_ENGINE_MAX_LEVEL);
  wanted.move_time_ms = CLAMP (move_time_ms, CAISSA_AUTOSAVE_ENGINE_MIN_MOVE_TIME_MS,
                               CAISSA_AUTOSAVE_ENGINE_MAX_MOVE_TIME_MS);
  if (g_strcmp0 (command, engine->command) == 0
      && (command == NULL || (wanted.side == engine->side && wanted.level == engine->level
                              && wanted.move_time_ms == engine->move_time_ms)))
    return FALSE;
  _caissa_autosave_engine_copy (engine, &wanted);
  return TRUE;
}

const char *
_caissa_autosave_engine_get (const CaissaAutosaveEngine *engine,
                             CaissaColor                *side,
                             guint                      *level,
                             guint                      *move_time_ms)
{
  if (side != NULL)
    *side = engine->side;
  if (level != NULL)
    *level = engine->level;
  if (move_time_ms != NULL)
    *move_time_ms = engine->move_time_ms;
  return engine->command;
}

void
_caissa_autosave_engine_write (const CaissaAutosaveEngine *engine,
                               GKeyFile                   *file,
                               const char                 *group)
{
  if (engine->command == NULL)
    return;
  g_key_file_set_string (file, group, "engine", engine->command);
  g_key_file_set_string (file, group, "engine-side",
                         engine->side == CAISSA_COLOR_WHITE ? "white" : "black");
  g_key_file_set_integer (file, group, "engine-level", (int) engine->level);
  g_key_file_set_integer (file, group, "engine-move-time", (int) engine->move_time_ms);
}

/* An integer key within [min, max]; a reason when absent or outside. */
static gboolean
read_int (GKeyFile    *file,
          const char  *group,
          const char  *key,
          gint64       min,
          gint64       max,
          guint       *value,
          char       **reason)
{
  g_autoptr(GError) local = NULL;
  gint64 v = g_key_file_get_int64 (file, group, key, &local);

  if (local != NULL)
    {
      /* Translators: a reason the saved game cannot be resumed; %s is the
       * name of a setting in the file (e.g. "engine-level"), kept in
       * English, and (%s) GLib's detail. */
      *reason = g_strdup_printf (_("“%s” is not a number (%s)"), key, local->message);
      return FALSE;
    }
  if (v < min || v > max)
    {
      /* Translators: a reason the saved game cannot be resumed; %s is the
       * name of a setting in the file (e.g. "engine-level"), kept in
       * English, then the range its value must be in. */
      *reason = g_strdup_printf (_("“%s” is not between %d and %d"), key, (int) min, (int) max);
      return FALSE;
    }
  *value = (guint) v;
  return TRUE;
}

gboolean
_caissa_autosave_engine_read (CaissaAutosaveEngine  *engine,
                              GKeyFile              *file,
                              const char            *group,
                              char                 **reason)
{
  g_autofree char *command = g_key_file_get_string (file, group, "engine", NULL);
  g_autofree char *side = NULL;
  CaissaAutosaveEngine read = { NULL, CAISSA_COLOR_NONE, 0, 0 };

  _caissa_autosave_engine_clear (engine);
  if (command == NULL || *command == '\0')
    return TRUE;
  side = g_key_file_get_string (file, group, "engine-side", NULL);
  if (g_strcmp0 (side, "white") == 0)
    read.side = CAISSA_COLOR_WHITE;
  else if (g_strcmp0 (side, "black") == 0)
    read.side = CAISSA_COLOR_BLACK;
  else
    {
      /* Translators: a reason the saved game cannot be resumed;
       * engine-side, white and black are words of the file, kept in
       * English; %s is the value found. */
      *reason = g_strdup_printf (_("engine-side “%s” is not white or black"), side ? side : "");
      return FALSE;
    }
  if (!read_int (file, group, "engine-level", 1, CAISSA_AUTOSAVE_ENGINE_MAX_LEVEL, &read.level, reason)
      || !read_int (file, group, "engine-move-time", CAISSA_AUTOSAVE_ENGINE_MIN_MOVE_TIME_MS,
                    CAISSA_AUTOSAVE_ENGINE_MAX_MOVE_TIME_MS, &read.move_time_ms, reason))
    return FALSE;
  read.command = g_steal_pointer (&command);
  *engine = read;
  return TRUE;
}
