/* caissa-window-review-games.c — CaissaWindow's review part: the games of
 * the open file deleted, duplicated, or a new empty one added.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each is written at once, the way a save writes the file (atomic: a
 * temporary file, synced, renamed over it; refused when another program
 * changed the file), so nothing is lost in a crash and the list shows
 * what the file holds. Each can be taken back with Undo (Ctrl+Z, or the
 * toast's button) as long as the file open is the one it wrote: the
 * inverse is written the same way (a deleted game goes back byte for
 * byte). Unsaved changes to the game shown are saved or discarded first
 * (the usual question), since the games' places change.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-pgn-file-edit.h"
#include "caissa-window-review-private.h"

typedef enum
{
  OP_DELETE,
  OP_DUPLICATE,
  OP_NEW,
  OP_UNDO_REMOVE,   /* an inserted game taken out again */
  OP_UNDO_INSERT,   /* a deleted game put back */
} OpKind;

typedef struct
{
  GtkWidget *window;     /* weak */
  OpKind     kind;
  guint      position;   /* the game removed, or the place of the one inserted */
  char      *text;       /* the game inserted; for a delete, the text removed */
  CaissaPgnFile *file;   /* the file edited */
} Op;

/* The edit Undo takes back: valid while the file it wrote is the one
 * open (any later save or reload makes another CaissaPgnFile). */
typedef struct
{
  OpKind         kind;   /* OP_UNDO_* */
  guint          position;
  char          *text;
  CaissaPgnFile *written;  /* weak */
} Undo;

#define UNDO_KEY "caissa-review-games-undo"

static void
op_free (Op *op)
{
  g_clear_weak_pointer (&op->window);
  g_clear_object (&op->file);
  g_free (op->text);
  g_free (op);
}

static void
undo_free (Undo *undo)
{
  g_clear_weak_pointer (&undo->written);
  g_free (undo->text);
  g_free (undo);
}

static Undo *
pending_undo (CaissaWindowReview *review)
{
  Undo *undo = g_object_get_data (G_OBJECT (review->window), UNDO_KEY);

  /* (While a game is played, Undo is its take-back.) */
  if (undo == NULL || undo->written == NULL || undo->written != review->file
      || !caissa_game_get_analysis (review->game))
    return NULL;
  return undo;
}

gboolean
_caissa_review_games_can_undo (CaissaWindowReview *review)
{
  return review != NULL && pending_undo (review) != NULL;
}

const char *
_caissa_review_games_undo_label (CaissaWindowReview *review)
{
  Undo *undo = review != NULL ? pending_undo (review) : NULL;

  if (undo == NULL)
    return NULL;
  if (undo->kind == OP_UNDO_INSERT)
    /* Translators: an edit, named in the tooltip "Undo %s". */
    return C_("edit", "Delete Game");
  /* Translators: an edit (a game duplicated or a new one added to the
   * file), named in the tooltip "Undo %s". */
  return C_("edit", "Add Game");
}

/* --- After the write: the file read again, a game shown ------------------------------------- */

static void
show_when_loaded_cb (CaissaPgnFile *file,
                     GParamSpec    *pspec,
                     CaissaWindow  *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  guint n;

  if (caissa_pgn_file_get_loading (file))
    return;
  g_signal_handlers_disconnect_by_func (file, show_when_loaded_cb, window);
  n = g_list_model_get_n_items (G_LIST_MODEL (file));
  if (review == NULL || review->file != file || n == 0)
    return;
  _caissa_review_open_game_now (review, MIN (review->position, n - 1));
}

static const char *
done_text (OpKind kind)
{
  switch (kind)
    {
    case OP_DELETE:
      return _("Game deleted");
    case OP_DUPLICATE:
      return _("Game duplicated");
    case OP_NEW:
      return _("New game added to the file");
    case OP_UNDO_REMOVE:
    case OP_UNDO_INSERT:
    default:
      /* Translators: in a toast, after a game deleted, duplicated or
       * added was taken back with Undo. */
      return _("Undone");
    }
}

static void
edited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Op *op = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) reread = NULL;
  CaissaWindowReview *review;
  GFile *dest;
  guint show, n;
  gboolean removed;

  review = op->window != NULL ? _caissa_window_get_review (CAISSA_WINDOW (op->window)) : NULL;
  if (review != NULL)
    {
      review->saving = FALSE;
      _caissa_window_review_update_actions (review);
    }
  if (!caissa_pgn_file_edit_finish (CAISSA_PGN_FILE (source), result, &error))
    {
      if (review != NULL)
        {
          /* Translators: heading of the message when deleting, duplicating
           * or adding a game failed; the file is as it was. */
          _caissa_review_show_error (review, _("The File Could Not Be Changed"), error->message);
        }
      op_free (op);
      return;
    }
  if (review == NULL || review->file != op->file)
    {
      op_free (op);
      return;
    }

  dest = caissa_pgn_file_get_file (op->file);
  reread = caissa_pgn_file_new (dest, &error);
  if (reread == NULL)
    {
      _caissa_review_show_error (review, _("The File Could Not Be Changed"), error->message);
      op_free (op);
      return;
    }

  /* The game shown next: the one after a deleted one (or the new last),
   * the copy or the new game. */
  n = g_list_model_get_n_items (G_LIST_MODEL (op->file));
  removed = op->kind == OP_DELETE || op->kind == OP_UNDO_REMOVE;
  show = op->kind == OP_UNDO_REMOVE && op->position > 0 ? op->position - 1 : op->position;
  n = removed ? n - 1 : n + 1;
  show = n == 0 ? G_MAXUINT : MIN (show, n - 1);

  if (op->kind == OP_DELETE || op->kind == OP_DUPLICATE || op->kind == OP_NEW)
    {
      Undo *undo = g_new0 (Undo, 1);

      undo->kind = op->kind == OP_DELETE ? OP_UNDO_INSERT : OP_UNDO_REMOVE;
      undo->position = op->position;
      undo->text = g_steal_pointer (&op->text);
      g_set_weak_pointer (&undo->written, reread);
      g_object_set_data_full (G_OBJECT (review->window), UNDO_KEY, undo, (GDestroyNotify) undo_free);
      _caissa_review_set_file (review, reread, show);
      _caissa_review_toast_undo (review, done_text (op->kind));
    }
  else
    {
      g_object_set_data (G_OBJECT (review->window), UNDO_KEY, NULL);
      _caissa_review_set_file (review, reread, show);
      _caissa_review_toast (review, done_text (op->kind));
    }
  g_signal_connect_object (reread, "notify::loading", G_CALLBACK (show_when_loaded_cb), review->window, 0);
  show_when_loaded_cb (reread, NULL, review->window);
  op_free (op);
}

static void op_start (CaissaWindowReview *review,
                      Op                 *op);

static void
loaded_then_start_cb (CaissaPgnFile *file,
                      GParamSpec    *pspec,
                      Op            *op)
{
  CaissaWindowReview *review;

  if (caissa_pgn_file_get_loading (file))
    return;
  g_signal_handlers_disconnect_by_func (file, loaded_then_start_cb, op);
  review = op->window != NULL ? _caissa_window_get_review (CAISSA_WINDOW (op->window)) : NULL;
  if (review == NULL || review->file != file)
    {
      op_free (op);
      return;
    }
  op_start (review, op);
}

/* Writes the edit to the open file (once it is indexed: a save asked for
 * in the unsaved-changes question reads it again). */
static void
op_start (CaissaWindowReview *review,
          Op                 *op)
{
  g_set_object (&op->file, review->file);
  if (caissa_pgn_file_get_loading (op->file))
    {
      g_signal_connect (op->file, "notify::loading", G_CALLBACK (loaded_then_start_cb), op);
      return;
    }
  review->saving = TRUE;
  _caissa_window_review_update_actions (review);
  if (op->kind == OP_DELETE || op->kind == OP_UNDO_REMOVE)
    {
      if (op->kind == OP_DELETE)
        {
          g_autoptr(GError) error = NULL;

          /* Kept for Undo: the game's bytes as the file holds them. */
          op->text = caissa_pgn_file_dup_game_text (op->file, op->position, NULL, &error);
          if (op->text == NULL)
            {
              review->saving = FALSE;
              _caissa_window_review_update_actions (review);
              _caissa_review_show_error (review, _("The File Could Not Be Changed"), error->message);
              op_free (op);
              return;
            }
        }
      caissa_pgn_file_remove_game_async (op->file, op->position, NULL, edited_cb, op);
    }
  else
    caissa_pgn_file_insert_game_async (op->file, op->position, op->text, NULL, edited_cb, op);
}

static void
run_op (CaissaWindowReview *review,
        gpointer            data)
{
  Op *op = data;
  Op *own = g_memdup2 (op, sizeof *op);

  /* The question frees data when it is done: the edit, which outlives
   * it, takes a copy. */
  own->window = NULL;
  g_set_weak_pointer (&own->window, op->window);
  own->text = g_strdup (op->text);
  own->file = NULL;
  if (review->file == NULL)
    {
      op_free (own);
      return;
    }
  /* The game duplicated is read now: the question's save may have changed it. */
  if (own->kind == OP_DUPLICATE)
    {
      g_autoptr(GError) error = NULL;

      g_free (own->text);
      own->text = caissa_pgn_file_get_loading (review->file)
                  ? NULL : caissa_pgn_file_dup_game_text (review->file, own->position - 1, NULL, &error);
      if (own->text == NULL)
        {
          if (error != NULL)
            _caissa_review_show_error (review, _("The File Could Not Be Changed"), error->message);
          op_free (own);
          return;
        }
    }
  op_start (review, own);
}

static void
ask_then_run (CaissaWindowReview *review,
              OpKind              kind,
              guint               position,
              const char         *text)
{
  Op *op = g_new0 (Op, 1);

  g_set_weak_pointer (&op->window, GTK_WIDGET (review->window));
  op->kind = kind;
  op->position = position;
  op->text = g_strdup (text);
  _caissa_review_confirm_then (review, run_op, op, (GDestroyNotify) op_free);
}

gboolean
_caissa_review_games_undo (CaissaWindowReview *review)
{
  Undo *undo = pending_undo (review);

  if (undo == NULL || review->saving)
    return FALSE;
  ask_then_run (review, undo->kind, undo->position, undo->text);
  return TRUE;
}

/* --- The actions ------------------------------------------------------------------------------- */

static void
games_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  guint n;

  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  /* Ctrl+Delete in a text field (the search entry) deletes its next word,
   * as it would without this action's accelerator, which comes first;
   * the menu's item has the focus in the menu. */
  if (g_str_equal (action_name, "win.delete-game")
      && focus != NULL && (GTK_IS_TEXT (focus) || GTK_IS_TEXT_VIEW (focus)))
    {
      g_signal_emit_by_name (focus, "delete-from-cursor", GTK_DELETE_WORD_ENDS, 1);
      return;
    }
  if (review->file == NULL || review->saving || caissa_pgn_file_get_file (review->file) == NULL)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (review->file));
  if (g_str_equal (action_name, "win.new-game-in-file"))
    {
      g_autofree char *empty = caissa_pgn_empty_game_text ();

      ask_then_run (review, OP_NEW, n, empty);
      return;
    }
  if (!_caissa_review_has_game_from_file (review) || review->position >= n)
    return;
  if (g_str_equal (action_name, "win.delete-game"))
    ask_then_run (review, OP_DELETE, review->position, NULL);
  else
    ask_then_run (review, OP_DUPLICATE, review->position + 1, NULL);
}

void
_caissa_review_games_update_actions (CaissaWindowReview *review)
{
  GtkWidget *widget = GTK_WIDGET (review->window);
  gboolean file = review->file != NULL && caissa_pgn_file_get_file (review->file) != NULL
                  && !review->saving;
  gboolean game = file && _caissa_review_has_game_from_file (review);

  gtk_widget_action_set_enabled (widget, "win.delete-game", game);
  gtk_widget_action_set_enabled (widget, "win.duplicate-game", game);
  gtk_widget_action_set_enabled (widget, "win.new-game-in-file", file);
}

void
_caissa_window_review_install_games_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.delete-game", NULL, games_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate-game", NULL, games_action);
  gtk_widget_class_install_action (widget_class, "win.new-game-in-file", NULL, games_action);
}
