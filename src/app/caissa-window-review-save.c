/* caissa-window-review-save.c — CaissaWindow's review part: saving the
 * game (into its file, the other games copied byte for byte, or alone),
 * Save As, Export, and the question about unsaved changes.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-pgn.h"
#include "caissa-window-review-private.h"

/* --- Unsaved changes ---------------------------------------------------------------------- */

typedef struct
{
  CaissaWindowReview *review;
  ThenFunc            then;
  gpointer            data;
  GDestroyNotify      destroy;
  /* The file makes way too: its list's edits are asked about as well. */
  gboolean            whole_file;
} Pending;

static void
pending_free (Pending *p)
{
  if (p->destroy != NULL)
    p->destroy (p->data);
  g_free (p);
}

/* After a save asked for in the question: the work that waited, then the
 * copy of the pending record made for it. */
#define PENDING_KEY "caissa-pending-after-save"

static void
pending_run_and_free (CaissaWindowReview *review,
                      gpointer            data)
{
  Pending *p = g_object_steal_data (G_OBJECT (review->window), PENDING_KEY);

  g_assert (p == data);
  p->then (review, p->data);
  pending_free (p);
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Pending          *p)
{
  CaissaWindowReview *review = p->review;

  if (g_str_equal (response, "discard"))
    {
      _caissa_review_set_dirty (review, FALSE);
      /* The file on disk stays as it is: the list's edits go. */
      if (p->whole_file)
        _caissa_review_games_forget (review);
      p->then (review, p->data);
    }
  else if (g_str_equal (response, "save"))
    {
      /* The pending work runs once the save succeeded. */
      Pending *copy = g_memdup2 (p, sizeof *p);

      p->destroy = NULL;
      /* Held by the window until it runs: a save that does not happen
       * (cancelled in the changed-on-disk question, failed) lets it go
       * with the next one or with the window. */
      g_object_set_data_full (G_OBJECT (review->window), PENDING_KEY, copy, (GDestroyNotify) pending_free);
      _caissa_review_save_then (review, pending_run_and_free, copy);
      return;
    }
  else
    review->closing = FALSE;
}

/* Runs then (now, or once the user said to save or to discard the changes
 * to the shown game, and when whole_file those to the file's list). */
static void
confirm_then (CaissaWindowReview *review,
              gboolean            whole_file,
              ThenFunc            then,
              gpointer            data,
              GDestroyNotify      destroy)
{
  AdwMessageDialog *dialog;
  Pending *p;
  gboolean list = whole_file && _caissa_review_games_pending (review);

  if (!review->dirty && !list)
    {
      then (review, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  p = g_new0 (Pending, 1);
  p->review = review;
  p->then = then;
  p->data = data;
  p->destroy = destroy;
  p->whole_file = whole_file;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (review->window),
                                                       _("Save Changes?"),
                                                       list
                                                       ? _("The file has changes that are not saved: "
                                                           "games deleted, duplicated or added. "
                                                           "Without saving they are lost.")
                                                       : _("The game shown has changes that are not saved. "
                                                           "Without saving they are lost.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (confirm_response_cb), p,
                         (GClosureNotify) (void (*) (void)) pending_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_caissa_review_confirm_then (CaissaWindowReview *review,
                             ThenFunc            then,
                             gpointer            data,
                             GDestroyNotify      destroy)
{
  confirm_then (review, FALSE, then, data, destroy);
}

/* The review's work, waiting first for the question about a game being
 * played. */
typedef struct
{
  CaissaWindowReview *review;
  ThenFunc            then;
  gpointer            data;
  GDestroyNotify      destroy;
  gboolean            whole_file;
} Replacing;

static void
replacing_free (Replacing *r)
{
  if (r->destroy != NULL)
    r->destroy (r->data);
  g_free (r);
}

static void
replacing_go (CaissaWindow *window,
              gpointer      data)
{
  Replacing *r = data;

  /* The data is the unsaved-changes question's from here on. */
  confirm_then (r->review, r->whole_file, r->then, r->data, r->destroy);
  r->destroy = NULL;
}

static void
replace_then (CaissaWindowReview *review,
              gboolean            whole_file,
              const char         *file_name,
              ThenFunc            then,
              gpointer            data,
              GDestroyNotify      destroy)
{
  Replacing *r = g_new0 (Replacing, 1);

  r->review = review;
  r->whole_file = whole_file;
  r->then = then;
  r->data = data;
  r->destroy = destroy;
  _caissa_window_autosave_replace_then (review->window, file_name, replacing_go, r,
                                        (GDestroyNotify) replacing_free);
}

void
_caissa_review_replace_then (CaissaWindowReview *review,
                             const char         *file_name,
                             ThenFunc            then,
                             gpointer            data,
                             GDestroyNotify      destroy)
{
  replace_then (review, TRUE, file_name, then, data, destroy);
}

void
_caissa_review_replace_in_file_then (CaissaWindowReview *review,
                                     ThenFunc            then,
                                     gpointer            data,
                                     GDestroyNotify      destroy)
{
  replace_then (review, FALSE, caissa_pgn_file_get_name (review->file), then, data, destroy);
}

/* --- Saving ---------------------------------------------------------------------------------- */

typedef struct
{
  CaissaWindowReview *review;
  GFile              *dest;
  guint               position;
  CaissaPgnSaveFlags  flags;
  ThenFunc            then;
  gpointer            then_data;
} SaveData;

static void
save_data_free (SaveData *s)
{
  g_object_unref (s->dest);
  g_free (s);
}

/* A game read up to an error, saved: read again once the file written is
 * indexed, so that what is shown is what the file now holds (an edited
 * game's rest is then the comment of its last move, and is kept by the
 * next save too). */
static void
reopen_when_loaded_cb (CaissaPgnFile *file,
                       GParamSpec    *pspec,
                       CaissaWindow  *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);

  if (caissa_pgn_file_get_loading (file))
    return;
  g_signal_handlers_disconnect_by_func (file, reopen_when_loaded_cb, window);
  if (review != NULL && review->file == file && _caissa_review_has_game_from_file (review) && !review->dirty)
    _caissa_review_open_game_now (review, review->position);
}

static void
saved (CaissaWindowReview *review,
       GFile              *dest,
       guint               position,
       ThenFunc            then,
       gpointer            then_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) reread = NULL;
  g_autofree char *name = g_file_get_basename (dest);
  /* Translators: %s is a file name. */
  g_autofree char *text = g_strdup_printf (_("Saved to “%s”"), name);

  review->saving = FALSE;
  _caissa_review_set_dirty (review, FALSE);
  g_clear_pointer (&review->source, g_free);
  _caissa_review_toast (review, text);
  _caissa_review_add_recent (dest);

  /* The file as written is now the one open (offsets changed). */
  reread = caissa_pgn_file_new (dest, &error);
  if (reread != NULL)
    {
      _caissa_review_set_file (review, reread, position);
      if (review->partial != NULL)
        {
          g_signal_connect_object (reread, "notify::loading", G_CALLBACK (reopen_when_loaded_cb),
                                   review->window, 0);
          reopen_when_loaded_cb (reread, NULL, review->window);
        }
    }
  else
    g_warning ("Reading back %s: %s", name, error->message);

  if (then != NULL)
    then (review, then_data);
}


typedef struct
{
  CaissaWindowReview *review;
  ThenFunc            then;
  gpointer            then_data;
} Utf8Offer;

static void
offer_utf8_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        Utf8Offer        *o)
{
  if (g_str_equal (response, "utf8"))
    _caissa_review_choose_save_file (o->review, FALSE, CAISSA_PGN_SAVE_UTF8, o->then, o->then_data);
  else
    o->review->closing = FALSE;
}

/* The edited game has a character the file's encoding lacks: nothing was
 * written; the whole file may be saved in UTF-8 instead. */
static void
offer_utf8 (CaissaWindowReview *review,
            const char         *why,
            ThenFunc            then,
            gpointer            then_data)
{
  AdwMessageDialog *dialog;
  Utf8Offer *o = g_new0 (Utf8Offer, 1);
  g_autofree char *body = NULL;

  o->review = review;
  o->then = then;
  o->then_data = then_data;
  body = g_strdup_printf ("%s\n\n%s", why,
                          _("Nothing was saved. The file can be saved in UTF-8, which holds every "
                            "character; the other games are then converted too."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (review->window),
                                                       /* Translators: heading of the message when
                                                        * an edited game has characters its file's
                                                        * encoding (Windows-1252) cannot hold. */
                                                       _("The Game Does Not Fit the File’s Encoding"),
                                                       body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "utf8", _("Save As _UTF-8…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "utf8", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "utf8");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (offer_utf8_response_cb), o,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  SaveData *s = user_data;
  g_autoptr(GError) error = NULL;

  if (caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, &error))
    saved (s->review, s->dest, s->position, s->then, s->then_data);
  else if (g_error_matches (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_ENCODING))
    {
      s->review->saving = FALSE;
      _caissa_window_review_update_actions (s->review);
      offer_utf8 (s->review, error->message, s->then, s->then_data);
    }
  else if (g_error_matches (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED)
           && !(s->flags & CAISSA_PGN_SAVE_OVERWRITE)
           && _caissa_review_disk_file (s->review) != NULL
           && g_file_equal (s->dest, _caissa_review_disk_file (s->review)))
    {
      /* Another program changed the file: a choice, not a dead end
       * (caissa-window-review-conflict.c). */
      s->review->saving = FALSE;
      _caissa_window_review_update_actions (s->review);
      _caissa_review_save_conflict (s->review, error->message, s->flags, s->then, s->then_data);
    }
  else
    {
      s->review->saving = FALSE;
      s->review->closing = FALSE;
      /* Translators: heading of the message when saving failed. */
      _caissa_review_show_error (s->review, _("The Game Could Not Be Saved"), error->message);
      _caissa_window_review_update_actions (s->review);
    }
  save_data_free (s);
}

/* Saves the shown game to dest: into its file (the other games copied) when
 * it comes from one, else alone. */
void
_caissa_review_save_to (CaissaWindowReview *review,
                        GFile              *dest,
                        CaissaPgnSaveFlags  flags,
                        ThenFunc            then,
                        gpointer            then_data)
{
  g_autofree char *pgn = _caissa_review_pgn_to_save (review);
  g_autoptr(GError) error = NULL;
  GFile *disk = _caissa_review_disk_file (review);
  gboolean has_game = _caissa_review_has_game_from_file (review);

  if (_caissa_review_games_pending (review) && disk != NULL && g_file_equal (dest, disk))
    {
      /* The list as edited and the game shown, in one write. */
      SaveData *s = g_new0 (SaveData, 1);

      s->review = review;
      s->dest = g_object_ref (dest);
      s->position = has_game ? review->position : G_MAXUINT;
      s->flags = flags;
      s->then = then;
      s->then_data = then_data;
      review->saving = TRUE;
      _caissa_window_review_update_actions (review);
      caissa_pgn_file_edits_save_async (review->edits, has_game && review->dirty ? review->position : G_MAXUINT,
                                        pgn, flags, NULL, save_done_cb, s);
      return;
    }
  if (has_game)
    {
      SaveData *s = g_new0 (SaveData, 1);

      s->review = review;
      s->dest = g_object_ref (dest);
      s->position = review->position;
      s->flags = flags;
      s->then = then;
      s->then_data = then_data;
      review->saving = TRUE;
      _caissa_window_review_update_actions (review);
      caissa_pgn_file_save_full_async (review->file, dest, review->position, pgn, flags, NULL,
                                       save_done_cb, s);
      return;
    }

  if (!caissa_pgn_write_text_file (dest, pgn, &error))
    {
      review->closing = FALSE;
      _caissa_review_show_error (review, _("The Game Could Not Be Saved"), error->message);
      return;
    }
  /* A played or pasted game saved alone: the new file is now its file. */
  if (caissa_game_get_analysis (review->game) || review->source != NULL)
    saved (review, dest, 0, then, then_data);
  else
    {
      g_autofree char *name = g_file_get_basename (dest);
      g_autofree char *text = g_strdup_printf (_("Saved to “%s”"), name);

      _caissa_review_toast (review, text);
      _caissa_review_add_recent (dest);
      if (then != NULL)
        then (review, then_data);
    }
}

typedef struct
{
  CaissaWindowReview *review;
  gboolean            export_only;
  CaissaPgnSaveFlags  flags;
  ThenFunc            then;
  gpointer            then_data;
} ChooserData;

static void
save_as_chosen_cb (GFile    *file,
                   gpointer  data)
{
  ChooserData *c = data;

  if (file != NULL)
    {
      if (c->export_only)
        {
          g_autofree char *pgn = _caissa_review_pgn_to_save (c->review);
          g_autoptr(GError) error = NULL;

          if (caissa_pgn_write_text_file (file, pgn, &error))
            {
              g_autofree char *name = g_file_get_basename (file);
              g_autofree char *text = g_strdup_printf (_("Exported to “%s”"), name);

              _caissa_review_toast (c->review, text);
            }
          else
            _caissa_review_show_error (c->review, _("The Game Could Not Be Exported"), error->message);
        }
      else
        _caissa_review_save_to (c->review, file, c->flags, c->then, c->then_data);
    }
  else
    c->review->closing = FALSE;
  g_free (c);
}

static char *
suggested_name (CaissaWindowReview *review)
{
  const char *white = caissa_game_get_white_name (review->game);
  const char *black = caissa_game_get_black_name (review->game);
  g_autofree char *name = NULL;

  if (_caissa_review_has_game_from_file (review) && _caissa_review_disk_file (review) != NULL)
    return g_strdup (caissa_pgn_file_get_name (review->file));
  /* Translators: the file name offered for a game, "White - Black.pgn". */
  name = g_strdup_printf (_("%s - %s.pgn"), white && *white ? white : _("White"),
                          black && *black ? black : _("Black"));
  g_strdelimit (name, "/\\:", '-');
  return g_steal_pointer (&name);
}

void
_caissa_review_choose_save_file (CaissaWindowReview *review,
                                 gboolean            export_only,
                                 CaissaPgnSaveFlags  flags,
                                 ThenFunc            then,
                                 gpointer            then_data)
{
  g_autofree char *name = suggested_name (review);
  ChooserData *c = g_new0 (ChooserData, 1);

  c->review = review;
  c->export_only = export_only;
  c->flags = flags;
  c->then = then;
  c->then_data = then_data;
  _caissa_review_choose_file (review, export_only ? _("Export the Game") : _("Save the Game"),
                              GTK_FILE_CHOOSER_ACTION_SAVE, export_only ? _("_Export") : _("_Save"),
                              name, save_as_chosen_cb, c);
}

void
_caissa_review_save_then (CaissaWindowReview *review,
           ThenFunc            then,
           gpointer            data)
{
  GFile *file = _caissa_review_disk_file (review);

  if ((_caissa_review_has_game_from_file (review) || _caissa_review_games_pending (review)) && file != NULL)
    _caissa_review_save_to (review, file, CAISSA_PGN_SAVE_DEFAULT, then, data);
  else
    _caissa_review_choose_save_file (review, FALSE, CAISSA_PGN_SAVE_DEFAULT, then, data);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  if (g_str_equal (action_name, "win.save-as"))
    _caissa_review_choose_save_file (review, FALSE, CAISSA_PGN_SAVE_DEFAULT, NULL, NULL);
  else if (g_str_equal (action_name, "win.export-game"))
    _caissa_review_choose_save_file (review, TRUE, CAISSA_PGN_SAVE_DEFAULT, NULL, NULL);
  else
    _caissa_review_save_then (review, NULL, NULL);
}

static gboolean
close_idle_cb (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
close_after_save (CaissaWindowReview *review,
                  gpointer            data)
{
  review->closing = FALSE;
  _caissa_review_set_dirty (review, FALSE);
  _caissa_review_games_forget (review);
  /* After the question's dialog has gone (it must not outlive the window
   * it is transient for). */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_idle_cb, g_object_ref (review->window), g_object_unref);
}

gboolean
_caissa_window_review_close_request (CaissaWindowReview *review)
{
  if (review == NULL || (!review->dirty && !_caissa_review_games_pending (review)) || review->closing)
    return FALSE;
  review->closing = TRUE;
  confirm_then (review, TRUE, close_after_save, NULL, NULL);
  return TRUE;
}

void
_caissa_window_review_install_save_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.export-game", NULL, save_action);
}
