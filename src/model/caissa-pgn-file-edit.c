/* caissa-pgn-file-edit.c — games removed from or added to a PGN file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built on the save of one game (caissa_pgn_file_save_full_async()), which
 * replaces a game's bytes with a text: removing is replacing with nothing,
 * inserting is replacing the game now at that place with the new one
 * followed by it (or the last game with itself followed by the new one).
 * So every edit is written the way a save is, with the same checks.
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "caissa-pgn-file-edit.h"
#include "caissa-pgn-file-private.h"

static void
report (CaissaPgnFile       *self,
        GAsyncReadyCallback  callback,
        gpointer             user_data,
        GError              *error)
{
  g_task_report_error (self, callback, user_data, caissa_pgn_file_remove_game_async, error);
}

/* FALSE (and the error reported) when the file cannot be edited now. */
static gboolean
editable (CaissaPgnFile       *self,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  if (caissa_pgn_file_get_file (self) == NULL)
    {
      report (self, callback, user_data,
              g_error_new (CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_WRITE,
                           /* Translators: %s names pasted text, not a file. */
                           _("%s is not a file"), caissa_pgn_file_get_name (self)));
      return FALSE;
    }
  if (caissa_pgn_file_get_loading (self))
    {
      /* The places of the games are known once it is indexed. */
      report (self, callback, user_data,
              g_error_new (CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME,
                           /* Translators: %s is a file name. */
                           _("%s is still being read"), caissa_pgn_file_get_name (self)));
      return FALSE;
    }
  return TRUE;
}

void
caissa_pgn_file_remove_game_async (CaissaPgnFile       *self,
                                   guint                position,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  guint n;

  g_return_if_fail (CAISSA_IS_PGN_FILE (self));

  if (!editable (self, callback, user_data))
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self));
  if (n > 1 && position == n - 1)
    {
      /* The last game: the blank line that parted it from the one before
       * (which holds it) goes too, as an insert at the end added it. */
      g_autoptr(GError) error = NULL;
      g_autofree char *before = caissa_pgn_file_dup_game_text (self, n - 2, NULL, &error);
      gsize len;

      if (before == NULL)
        {
          report (self, callback, user_data, g_steal_pointer (&error));
          return;
        }
      len = strlen (before);
      if (len >= 2 && before[len - 1] == '\n')
        {
          gsize end = len - 1;

          if (end > 0 && before[end - 1] == '\r')
            end--;
          if (end > 0 && before[end - 1] == '\n')
            before[end] = '\0';
        }
      _caissa_pgn_file_save_games_async (self, n - 2, 2, g_steal_pointer (&before), CAISSA_PGN_SAVE_DEFAULT, cancellable,
                                         callback, user_data);
      return;
    }
  /* (Past the end: the save says NO_GAME.) */
  caissa_pgn_file_save_full_async (self, caissa_pgn_file_get_file (self), position, "",
                                   CAISSA_PGN_SAVE_DEFAULT, cancellable, callback, user_data);
}

/* first, then second, with a blank line between them when first lacks
 * one (its trailing blanks and carriage returns aside). */
static char *
join_games (const char *first,
            const char *second)
{
  gsize len = strlen (first);
  guint newlines = 0;
  const char *sep;

  for (gsize i = len; i > 0 && newlines < 2; i--)
    {
      char c = first[i - 1];

      if (c == '\n')
        newlines++;
      else if (c != '\r' && c != ' ' && c != '\t')
        break;
    }
  sep = len == 0 || newlines >= 2 ? "" : newlines == 1 ? "\n" : "\n\n";
  return g_strconcat (first, sep, second, NULL);
}

void
caissa_pgn_file_insert_game_async (CaissaPgnFile       *self,
                                   guint                position,
                                   const char          *text,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *there = NULL;
  g_autofree char *pgn = NULL;
  guint n, replaced;

  g_return_if_fail (CAISSA_IS_PGN_FILE (self));
  g_return_if_fail (text != NULL);

  if (!editable (self, callback, user_data))
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self));
  if (position > n)
    {
      report (self, callback, user_data,
              g_error_new (CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME,
                           _("%s has no game %u"), caissa_pgn_file_get_name (self), position + 1));
      return;
    }
  if (n == 0)
    {
      /* An empty file (or one with text but no game): appended. */
      caissa_pgn_file_save_full_async (self, caissa_pgn_file_get_file (self), G_MAXUINT, text,
                                       CAISSA_PGN_SAVE_DEFAULT, cancellable, callback, user_data);
      return;
    }

  /* The game there (or the last one) as the file holds it: written back
   * unchanged around the new one. */
  replaced = position < n ? position : n - 1;
  there = caissa_pgn_file_dup_game_text (self, replaced, NULL, &error);
  if (there == NULL)
    {
      report (self, callback, user_data, g_steal_pointer (&error));
      return;
    }
  pgn = position < n ? join_games (text, there) : join_games (there, text);
  caissa_pgn_file_save_full_async (self, caissa_pgn_file_get_file (self), replaced, pgn,
                                   CAISSA_PGN_SAVE_DEFAULT, cancellable, callback, user_data);
}

gboolean
caissa_pgn_file_edit_finish (CaissaPgnFile  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

char *
caissa_pgn_empty_game_text (void)
{
  return g_strdup ("[Event \"?\"]\n"
                   "[Site \"?\"]\n"
                   "[Date \"????.??.??\"]\n"
                   "[Round \"?\"]\n"
                   "[White \"?\"]\n"
                   "[Black \"?\"]\n"
                   "[Result \"*\"]\n"
                   "\n"
                   "*\n");
}
