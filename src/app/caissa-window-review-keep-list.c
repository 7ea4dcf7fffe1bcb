/* caissa-window-review-keep-list.c — the pending edits of a file's list of
 * games (deleted, duplicated, new games) kept on disk after every edit,
 * beside the shown game's (caissa-window-review-keep.c), and done again
 * at the next start.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The edits are kept as Undo holds them, each naming the file's games by
 * their place and their text's SHA-256 (caissa_pgn_file_edits_to_key_file()),
 * so a file changed meanwhile is told and nothing is applied to it. A game
 * edited in the list as edited is kept by its place in that list: the list
 * is restored first, then the game.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "caissa-atomic.h"
#include "caissa-window-review-private.h"

#define OWNS_LIST_KEY "caissa-review-keep-owns-list"

char *
_caissa_review_kept_list_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "caissa", "review-list.ini", NULL);
}

static void
remove_kept (CaissaWindow *window)
{
  g_autofree char *path = _caissa_review_kept_list_path ();

  if (g_object_steal_data (G_OBJECT (window), OWNS_LIST_KEY) != NULL)
    g_remove (path);
}

void
_caissa_review_keep_list (CaissaWindowReview *review)
{
  g_autofree char *path = _caissa_review_kept_list_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *file = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GKeyFile) kept = NULL;
  g_autoptr(GError) error = NULL;
  GFile *disk;
  gsize len = 0;

  if (!_caissa_review_games_pending (review))
    {
      /* Saved, discarded, or all taken back. */
      remove_kept (review->window);
      return;
    }
  disk = _caissa_review_disk_file (review);
  file = disk != NULL ? g_file_get_path (disk) : NULL;
  if (file == NULL)
    return;
  kept = caissa_pgn_file_edits_to_key_file (review->edits, file, &error);
  if (kept == NULL)
    {
      /* The file changed under the list: the last kept state stays. */
      g_debug ("list not kept: %s", error->message);
      return;
    }
  data = g_key_file_to_data (kept, &len, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0 || !caissa_atomic_write (path, data, len, &error))
    {
      g_warning ("the list's edits could not be kept in %s: %s", path,
                 error != NULL ? error->message : g_strerror (errno));
      return;
    }
  g_object_set_data (G_OBJECT (review->window), OWNS_LIST_KEY, GINT_TO_POINTER (TRUE));
}

GKeyFile *
_caissa_review_kept_list_load (void)
{
  g_autofree char *path = _caissa_review_kept_list_path ();
  g_autoptr(GKeyFile) kept = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;

  if (!g_key_file_load_from_file (kept, path, G_KEY_FILE_NONE, &error)
      || (file = g_key_file_get_string (kept, "list", "file", &error)) == NULL)
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          /* Set aside, not removed: the edits may still be read by hand. */
          g_autofree char *aside = g_strconcat (path, ".unreadable", NULL);

          g_warning ("the kept list's edits cannot be read (moved to %s): %s", aside, error->message);
          if (g_rename (path, aside) != 0)
            g_remove (path);
        }
      return NULL;
    }
  return g_steal_pointer (&kept);
}

char *
_caissa_review_kept_list_describe (GKeyFile *kept)
{
  static const char *const kinds[] = { "delete", "duplicate", "add" };
  guint counts[G_N_ELEMENTS (kinds)] = { 0 };
  guint64 n = g_key_file_get_uint64 (kept, "list", "edits", NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint64 i = 0; i < n; i++)
    {
      g_autofree char *group = g_strdup_printf ("edit-%" G_GUINT64_FORMAT, i);
      g_autofree char *kind = g_key_file_get_string (kept, group, "kind", NULL);

      for (guint k = 0; kind != NULL && k < G_N_ELEMENTS (kinds); k++)
        if (g_str_equal (kind, kinds[k]))
          counts[k]++;
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *part = NULL;

      if (counts[k] == 0)
        continue;
      if (k == 0)
        /* Translators: part of a list of what was done to a file's games
         * ("1 game deleted, 2 new games added"). */
        part = g_strdup_printf (ngettext ("%u game deleted", "%u games deleted", counts[k]), counts[k]);
      else if (k == 1)
        /* Translators: part of a list of what was done to a file's games. */
        part = g_strdup_printf (ngettext ("%u game duplicated", "%u games duplicated", counts[k]), counts[k]);
      else
        /* Translators: part of a list of what was done to a file's games
         * (new empty games added to it). */
        part = g_strdup_printf (ngettext ("%u new game added", "%u new games added", counts[k]), counts[k]);
      if (out->len > 0)
        /* Translators: between the parts of a list of what was done to a
         * file's games. */
        g_string_append (out, C_("list of edits", ", "));
      g_string_append (out, part);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
_caissa_review_kept_list_restore (CaissaWindowReview *review,
                                  CaissaPgnFile      *file,
                                  GKeyFile           *kept,
                                  guint               show,
                                  GError            **error)
{
  g_autoptr(CaissaPgnFileEdits) edits = caissa_pgn_file_edits_new (file);
  guint n;

  if (!caissa_pgn_file_edits_replay (edits, kept, error))
    return FALSE;
  n = caissa_pgn_file_edits_get_n_games (edits);
  _caissa_review_games_show (review, edits, n == 0 ? G_MAXUINT : MIN (show, n - 1));
  /* Kept again (it is this window's now), and dropped once saved. */
  g_object_set_data (G_OBJECT (review->window), OWNS_LIST_KEY, GINT_TO_POINTER (TRUE));
  _caissa_review_keep_changes (review);
  return TRUE;
}
