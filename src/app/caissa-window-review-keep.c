/* caissa-window-review-keep.c — unsaved edits of a file's game kept on
 * disk after every edit, and offered back at the next start.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window that keeps the game in progress (the one with the autosave)
 * keeps the edited game of a file too (caissa-review-keep.h). Until the
 * question at start is answered it keeps nothing: opening a file then
 * must not remove the edits it is about to offer.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "chess-pgn.h"

#include "caissa-game-list.h"
#include "caissa-review-keep.h"
#include "caissa-window-autosave.h"
#include "caissa-window-review-private.h"

#define ARMED_KEY "caissa-review-keep-armed"
#define OWNS_KEY "caissa-review-keep-owns"
#define PENDING_KEY "caissa-review-keep-pending"

static gboolean
is_armed (CaissaWindow *window)
{
  return g_object_get_data (G_OBJECT (window), ARMED_KEY) != NULL
         && _caissa_window_get_autosave (window) != NULL;
}

static char *
kept_path (void)
{
  return caissa_kept_edit_default_path ();
}

/* The edited game's file, if it is a local file (NULL for a pasted game
 * or a file not on this computer). */
static char *
local_path (CaissaWindowReview *review)
{
  GFile *file;

  if (!_caissa_review_has_game_from_file (review))
    return NULL;
  /* With the list edited, the game's place is in the list as edited. */
  file = _caissa_review_disk_file (review);
  return file != NULL ? g_file_get_path (file) : NULL;
}

static gboolean
keep_now_cb (gpointer user_data)
{
  CaissaWindow *window = user_data;
  CaissaWindowReview *review = _caissa_window_get_review (window);
  g_autofree char *path = kept_path ();
  g_autofree char *file = NULL;
  g_autofree char *original = NULL;
  g_autofree char *pgn = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  g_object_set_data (G_OBJECT (window), PENDING_KEY, NULL);
  if (review == NULL || !is_armed (window))
    return G_SOURCE_REMOVE;

  _caissa_review_keep_list (review);
  file = local_path (review);
  if (!review->dirty)
    {
      /* Saved or given up: nothing to offer any more. */
      if (g_object_steal_data (G_OBJECT (window), OWNS_KEY) != NULL)
        caissa_kept_edit_remove (path);
      return G_SOURCE_REMOVE;
    }
  if (file == NULL)
    return G_SOURCE_REMOVE;

  original = caissa_pgn_file_dup_game_text (review->file, review->position, &len, &error);
  if (original == NULL)
    {
      /* The file changed under the game: what was edited can no longer
       * be told; the last kept state stays. */
      g_debug ("not kept: %s", error->message);
      return G_SOURCE_REMOVE;
    }
  pgn = caissa_game_to_pgn (review->game);
  if (!caissa_kept_edit_save (path, file, review->position, original, len, pgn, &error))
    {
      g_warning ("%s", error->message);
      return G_SOURCE_REMOVE;
    }
  g_object_set_data (G_OBJECT (window), OWNS_KEY, GINT_TO_POINTER (TRUE));
  return G_SOURCE_REMOVE;
}

void
_caissa_review_keep_changes (CaissaWindowReview *review)
{
  CaissaWindow *window = review->window;
  guint id;

  if (!is_armed (window) || g_object_get_data (G_OBJECT (window), PENDING_KEY) != NULL)
    return;
  /* Once per main-loop turn, however many changes an edit made. */
  id = g_idle_add_full (G_PRIORITY_HIGH, keep_now_cb, g_object_ref (window), g_object_unref);
  g_object_set_data (G_OBJECT (window), PENDING_KEY, GUINT_TO_POINTER (id));
}

/* --- Offering the edits back ------------------------------------------------------------ */

typedef struct
{
  GWeakRef        window;
  CaissaKeptEdit *kept;   /* the game's edits, or NULL */
  GKeyFile       *list;   /* the list's edits, or NULL */
  char           *path;   /* their file */
  CaissaPgnFile  *file;
  gboolean        alone;
  gboolean        listed;  /* the list's edits done: r->file is its view */
  guint           polls;
} Restore;

static void
restore_free (Restore *r)
{
  g_weak_ref_clear (&r->window);
  g_clear_pointer (&r->kept, caissa_kept_edit_free);
  g_clear_pointer (&r->list, g_key_file_unref);
  g_free (r->path);
  g_clear_object (&r->file);
  g_free (r);
}

/* From now on every edit is kept. An edit made before (the question at
 * start comes from a low-priority idle: on a busy machine a file can be
 * open and edited first) is kept now, or a crash would lose it. */
static void
arm (CaissaWindow *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);

  g_object_set_data (G_OBJECT (window), ARMED_KEY, GINT_TO_POINTER (TRUE));
  if (review != NULL && (review->dirty || _caissa_review_games_pending (review)))
    _caissa_review_keep_changes (review);
}

/* Shows the kept game by itself (its file changed or is gone), marked as
 * changed so that it is saved somewhere before it is given up. */
static void
show_alone (CaissaWindow   *window,
            Restore        *r,
            const char     *why)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  g_autofree char *base = g_path_get_basename (r->path);
  g_autofree char *name = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autofree char *text = NULL;
  const char *pgn;

  if (r->kept == NULL)
    return;
  pgn = caissa_kept_edit_get_pgn (r->kept);
  /* Translators: the name shown for a game restored without its file; %s
   * is the file's name. */
  name = g_strdup_printf (_("Unsaved Changes to %s"), base);
  bytes = g_bytes_new (pgn, strlen (pgn));
  file = caissa_pgn_file_new_from_bytes (bytes, name);
  _caissa_review_set_file (review, file, G_MAXUINT);
  r->alone = TRUE;
  g_set_object (&r->file, file);
  /* Translators: %s (first) is a file's name, the second %s why the
   * changes could not be put back into it. */
  text = g_strdup_printf (_("%s: %s The changed game is shown by itself: save it with Save As."),
                          base, why);
  _caissa_window_add_toast (window, adw_toast_new (text));
}

/* Waits (polling: the file is indexed in a worker) until the game is
 * listed, then puts the edits back in place. */
static gboolean
restore_poll_cb (gpointer user_data)
{
  Restore *r = user_data;
  g_autoptr(CaissaWindow) window = g_weak_ref_get (&r->window);
  CaissaWindowReview *review;
  guint position = r->kept != NULL ? caissa_kept_edit_get_position (r->kept) : 0;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  ChessError err = { 0 };
  ChessGame *core;
  gsize len = 0;

  if (window == NULL)
    return G_SOURCE_REMOVE;
  review = _caissa_window_get_review (window);
  if (review->file != r->file)
    /* Not opened yet, or never (the question before was cancelled, or
     * another file was opened meanwhile): then the kept file stays, to
     * be offered again at the next start. */
    return review->file == NULL && ++r->polls < 600 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;

  if (r->list != NULL)
    {
      /* The list first: the game's place is in the list as edited. */
      if (caissa_pgn_file_get_loading (r->file))
        return G_SOURCE_CONTINUE;
      if (!_caissa_review_kept_list_restore (review, r->file, r->list, position, &error))
        {
          g_autofree char *base = g_path_get_basename (r->path);
          g_autofree char *toast = NULL;
          g_autofree char *kept_list = _caissa_review_kept_list_path ();

          if (!g_error_matches (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED))
            g_warning ("the kept list's edits cannot be done again: %s", error->message);
          /* Translators: %s is a file's name. The games deleted, copied
           * or added before a crash are not put back into a file that
           * another program changed since. */
          toast = g_strdup_printf (_("%s: The file changed since the changes were made. The deleted, "
                                     "duplicated and added games were not restored."), base);
          _caissa_window_add_toast (window, adw_toast_new (toast));
          g_remove (kept_list);
          g_clear_error (&error);
        }
      else
        {
          g_set_object (&r->file, review->file);
          r->listed = TRUE;
        }
      g_clear_pointer (&r->list, g_key_file_unref);
      if (r->kept == NULL)
        return G_SOURCE_REMOVE;
      return G_SOURCE_CONTINUE;
    }
  if (r->kept == NULL)
    return G_SOURCE_REMOVE;
  /* The view opens its game once indexed: the edits go in after. */
  if (r->listed && caissa_pgn_file_get_loading (r->file))
    return G_SOURCE_CONTINUE;

  if (r->alone)
    {
      if (review->position != 0)
        return G_SOURCE_CONTINUE;
      _caissa_review_set_dirty (review, TRUE);
      g_object_set_data (G_OBJECT (window), OWNS_KEY, GINT_TO_POINTER (TRUE));
      return G_SOURCE_REMOVE;
    }

  if (g_list_model_get_n_items (G_LIST_MODEL (r->file)) <= position)
    {
      if (caissa_pgn_file_get_loading (r->file))
        return G_SOURCE_CONTINUE;
      /* Translators: why unsaved changes could not be put back into their file. */
      show_alone (window, r, _("The game is no longer in the file."));
      return G_SOURCE_CONTINUE;
    }
  text = caissa_pgn_file_dup_game_text (r->file, position, &len, &error);
  if (!caissa_kept_edit_matches (r->kept, text, len))
    {
      /* Translators: why unsaved changes could not be put back into their file. */
      show_alone (window, r, _("The file changed since the changes were made."));
      return G_SOURCE_CONTINUE;
    }

  core = chess_pgn_read_game (caissa_kept_edit_get_pgn (r->kept),
                              strlen (caissa_kept_edit_get_pgn (r->kept)), &err, NULL);
  if (core == NULL)
    {
      g_warning ("the kept changes cannot be read: %s", err.message);
      return G_SOURCE_REMOVE;
    }
  g_clear_pointer (&review->source, g_free);
  review->position = position;
  review->first_opened = TRUE;
  review->loading = TRUE;
  caissa_game_set_analysis (review->game, TRUE);
  caissa_game_load_core_game (review->game, core);
  caissa_game_go_last (review->game);
  review->loading = FALSE;
  _caissa_review_history_reset (review);
  caissa_move_list_refresh (review->move_list);
  _caissa_review_update_marks (review);
  caissa_game_list_set_current (review->game_list, position);
  _caissa_review_set_dirty (review, TRUE);
  _caissa_review_update_title (review);
  g_object_set_data (G_OBJECT (window), OWNS_KEY, GINT_TO_POINTER (TRUE));
  return G_SOURCE_REMOVE;
}

static void
open_now (CaissaWindowReview *review,
          gpointer            data)
{
  _caissa_review_set_file (review, data, G_MAXUINT);
}

static void
restore (CaissaWindow   *window,
         CaissaKeptEdit *kept,
         GKeyFile       *list)
{
  Restore *r = g_new0 (Restore, 1);
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) error = NULL;

  g_weak_ref_init (&r->window, window);
  r->kept = kept;
  r->list = list;
  r->path = kept != NULL ? g_strdup (caissa_kept_edit_get_file (kept))
                         : g_key_file_get_string (list, "list", "file", NULL);
  gfile = g_file_new_for_path (r->path);
  r->file = caissa_pgn_file_new (gfile, &error);
  if (r->file == NULL)
    {
      g_autofree char *kept_list = _caissa_review_kept_list_path ();

      if (r->list != NULL)
        {
          g_autofree char *base = g_path_get_basename (r->path);
          /* Translators: %s (first) is a file's name, the second %s why
           * it cannot be opened. */
          g_autofree char *text = g_strdup_printf (_("%s: %s The deleted, duplicated and added games "
                                                     "were not restored."), base, error->message);

          _caissa_window_add_toast (window, adw_toast_new (text));
          g_clear_pointer (&r->list, g_key_file_unref);
          g_remove (kept_list);
        }
      show_alone (window, r, error->message);
    }
  else
    /* A game being played is asked about first, as for any file. */
    _caissa_review_replace_then (_caissa_window_get_review (window),
                                 caissa_pgn_file_get_name (r->file), open_now,
                                 g_object_ref (r->file), g_object_unref);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 100, restore_poll_cb, r, (GDestroyNotify) restore_free);
}

static void
offer_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   CaissaWindow     *window)
{
  CaissaKeptEdit *kept = g_object_steal_data (G_OBJECT (dialog), "kept");
  GKeyFile *list = g_object_steal_data (G_OBJECT (dialog), "list");
  g_autofree char *path = kept_path ();
  g_autofree char *list_path = _caissa_review_kept_list_path ();

  arm (window);
  if (g_str_equal (response, "restore"))
    restore (window, kept, list);
  else
    {
      caissa_kept_edit_remove (path);
      g_remove (list_path);
      g_clear_pointer (&kept, caissa_kept_edit_free);
      g_clear_pointer (&list, g_key_file_unref);
    }
}

void
_caissa_review_keep_offer (CaissaWindow *window)
{
  g_autofree char *path = kept_path ();
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *body = NULL;
  CaissaKeptEdit *kept;
  GKeyFile *list;
  g_autofree char *list_file = NULL;
  AdwMessageDialog *dialog;

  if (_caissa_window_get_autosave (window) == NULL)
    return;
  kept = caissa_kept_edit_load (path, &error);
  if (kept == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_warning ("%s", error->message);
      caissa_kept_edit_remove (path);
    }
  list = _caissa_review_kept_list_load ();
  list_file = list != NULL ? g_key_file_get_string (list, "list", "file", NULL) : NULL;
  if (kept != NULL && list != NULL && g_strcmp0 (list_file, caissa_kept_edit_get_file (kept)) != 0)
    {
      /* Only one file is open at a time: the list's are of an older one. */
      g_autofree char *list_path = _caissa_review_kept_list_path ();

      g_remove (list_path);
      g_clear_pointer (&list, g_key_file_unref);
    }
  if (kept == NULL && list == NULL)
    {
      arm (window);
      return;
    }

  base = g_path_get_basename (kept != NULL ? caissa_kept_edit_get_file (kept) : list_file);
  if (list == NULL)
    /* Translators: %u is a game's number in its file, %s the file's name. */
    body = g_strdup_printf (_("Game %u of “%s” was changed, and the changes were not saved when "
                              "Caissa stopped."),
                            caissa_kept_edit_get_position (kept) + 1, base);
  else
    {
      g_autofree char *done = _caissa_review_kept_list_describe (list);

      if (kept == NULL)
        /* Translators: %s is a file's name, then what was done to its
         * games ("1 game deleted, 2 new games added"). */
        body = g_strdup_printf (_("Changes to the games of “%s” were not saved when Caissa stopped: "
                                  "%s."), base, done);
      else
        /* Translators: %s is a file's name, then what was done to its
         * games ("1 game deleted, 2 new games added"); %u is a game's
         * number in the list as changed. */
        body = g_strdup_printf (_("Changes to the games of “%s” were not saved when Caissa stopped: "
                                  "%s, and game %u was changed."),
                                base, done, caissa_kept_edit_get_position (kept) + 1);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (window),
                                                       _("Restore Unsaved Changes?"), body));
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");
  /* Escape loses nothing. */
  adw_message_dialog_set_close_response (dialog, "restore");
  if (kept != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "kept", kept, (GDestroyNotify) caissa_kept_edit_free);
  if (list != NULL)
    g_object_set_data_full (G_OBJECT (dialog), "list", list, (GDestroyNotify) g_key_file_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
offer_cb (gpointer user_data)
{
  _caissa_review_keep_offer (user_data);
  return G_SOURCE_REMOVE;
}

static void
offer_when_mapped_cb (GtkWidget *widget,
                      gpointer   user_data)
{
  g_signal_handlers_disconnect_by_func (widget, offer_when_mapped_cb, user_data);
  /* After the question about the game in progress, if any (asked from an
   * idle of its own). */
  g_idle_add_full (G_PRIORITY_LOW, offer_cb, g_object_ref (widget), g_object_unref);
}

void
_caissa_review_keep_start (CaissaWindow *window)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    offer_when_mapped_cb (GTK_WIDGET (window), NULL);
  else
    g_signal_connect (window, "map", G_CALLBACK (offer_when_mapped_cb), NULL);
}
