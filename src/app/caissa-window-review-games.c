/* caissa-window-review-games.c — CaissaWindow's review part: the games of
 * the open file deleted, duplicated, or a new empty one added.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each changes the list at once and is kept as a pending edit of the file
 * (CaissaPgnFileEdits): the title is marked, nothing is written until the
 * file is saved, and that save writes the list with the game shown in one
 * atomic write (caissa-window-review-save.c). The list shown is a view of
 * the edited list over the file's index and bytes (caissa-pgn-view.h),
 * made in a moment whatever the file's size, so its search and sort see
 * the games as they will be. Undo and Redo step through the edits without limit, after the
 * edits of the game shown (caissa-window-undo.c); closing the window or
 * opening another file asks first, as unsaved changes to a game do.
 * Unsaved changes to the game shown are saved or discarded first (the
 * usual question), since the games' places change.
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
  OP_UNDO,
  OP_REDO,
} OpKind;

typedef struct
{
  OpKind kind;
  guint  position;
} Op;

GFile *
_caissa_review_disk_file (CaissaWindowReview *review)
{
  if (review == NULL)
    return NULL;
  if (review->edits != NULL)
    return caissa_pgn_file_get_file (caissa_pgn_file_edits_get_disk (review->edits));
  return review->file != NULL ? caissa_pgn_file_get_file (review->file) : NULL;
}

gboolean
_caissa_review_games_pending (CaissaWindowReview *review)
{
  return review != NULL && review->edits != NULL && caissa_pgn_file_edits_get_modified (review->edits);
}

void
_caissa_review_games_forget (CaissaWindowReview *review)
{
  if (review->showing_edits || review->edits == NULL)
    return;
  g_clear_object (&review->edits);
  /* What was kept for a crash goes too. */
  _caissa_review_keep_changes (review);
}

/* (While a game is played, Undo is its take-back.) */
static gboolean
can_step (CaissaWindowReview *review,
          gboolean            redo)
{
  if (review == NULL || review->edits == NULL || !caissa_game_get_analysis (review->game))
    return FALSE;
  return (redo ? caissa_pgn_file_edits_get_redo (review->edits, NULL)
               : caissa_pgn_file_edits_get_undo (review->edits, NULL)) != CAISSA_PGN_LIST_EDIT_NONE;
}

gboolean
_caissa_review_games_can_undo (CaissaWindowReview *review)
{
  return can_step (review, FALSE);
}

gboolean
_caissa_review_games_can_redo (CaissaWindowReview *review)
{
  return can_step (review, TRUE);
}

char *
_caissa_review_games_undo_label (CaissaWindowReview *review,
                                 gboolean            redo)
{
  guint number = 0;

  if (!can_step (review, redo))
    return NULL;
  switch (redo ? caissa_pgn_file_edits_get_redo (review->edits, &number)
               : caissa_pgn_file_edits_get_undo (review->edits, &number))
    {
    case CAISSA_PGN_LIST_EDIT_DELETE:
      /* Translators: an edit, named in the tooltip "Undo %s"; %u is the
       * number of the game in the file's list. */
      return g_strdup_printf (C_("edit", "Delete Game %u"), number);
    case CAISSA_PGN_LIST_EDIT_DUPLICATE:
      /* Translators: an edit, named in the tooltip "Undo %s"; %u is the
       * number of the game copied. */
      return g_strdup_printf (C_("edit", "Duplicate Game %u"), number);
    case CAISSA_PGN_LIST_EDIT_ADD:
      /* Translators: an edit (a new empty game added to the file), named
       * in the tooltip "Undo %s". */
      return g_strdup (C_("edit", "New Game in File"));
    case CAISSA_PGN_LIST_EDIT_NONE:
    default:
      return NULL;
    }
}

/* --- The list as edited shown, a game of it opened ------------------------------------------- */

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
    case OP_UNDO:
    case OP_REDO:
    default:
      return NULL;
    }
}

/* The list as the edits made it, shown with the game at show. */
static void
show_edits (CaissaWindowReview *review,
            guint               show)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) view = caissa_pgn_file_edits_make_view (review->edits, &error);

  if (view == NULL)
    {
      /* Translators: heading of the message when deleting, duplicating
       * or adding a game failed; the file is as it was. */
      _caissa_review_show_error (review, _("The File Could Not Be Changed"), error->message);
      return;
    }
  review->showing_edits = TRUE;
  _caissa_review_set_file (review, view, show);
  review->showing_edits = FALSE;
  g_signal_connect_object (view, "notify::loading", G_CALLBACK (show_when_loaded_cb), review->window, 0);
  show_when_loaded_cb (view, NULL, review->window);
  _caissa_review_update_title (review);
  _caissa_window_review_update_actions (review);
}

void
_caissa_review_games_show (CaissaWindowReview *review,
                           CaissaPgnFileEdits *edits,
                           guint               show)
{
  g_set_object (&review->edits, edits);
  show_edits (review, show);
}

static void run_op (CaissaWindowReview *review,
                    gpointer            data);

typedef struct
{
  GtkWidget *window;  /* weak */
  Op         op;
} Waiting;

static void
waiting_free (Waiting *w)
{
  g_clear_weak_pointer (&w->window);
  g_free (w);
}

static void
loaded_then_run_cb (CaissaPgnFile *file,
                    GParamSpec    *pspec,
                    Waiting       *w)
{
  CaissaWindowReview *review;
  Op op = w->op;

  if (caissa_pgn_file_get_loading (file))
    return;
  review = w->window != NULL ? _caissa_window_get_review (CAISSA_WINDOW (w->window)) : NULL;
  /* (Frees w.) */
  g_signal_handlers_disconnect_by_func (file, loaded_then_run_cb, w);
  if (review != NULL && review->file == file)
    run_op (review, &op);
}

/* The edit, on the list as it is now (once it is indexed: a save asked
 * for in the unsaved-changes question reads the file again). */
static void
run_op (CaissaWindowReview *review,
        gpointer            data)
{
  Op *op = data;
  guint n, show = op->position;
  gboolean done;

  if (review->file == NULL)
    return;
  if (review->edits == NULL && caissa_pgn_file_get_loading (review->file))
    {
      Waiting *w = g_new0 (Waiting, 1);

      g_set_weak_pointer (&w->window, GTK_WIDGET (review->window));
      w->op = *op;
      g_signal_connect_data (review->file, "notify::loading", G_CALLBACK (loaded_then_run_cb), w,
                             (GClosureNotify) (void (*) (void)) waiting_free, 0);
      return;
    }
  if (review->edits == NULL)
    {
      if (caissa_pgn_file_get_file (review->file) == NULL)
        return;
      review->edits = caissa_pgn_file_edits_new (review->file);
    }
  n = caissa_pgn_file_edits_get_n_games (review->edits);
  switch (op->kind)
    {
    case OP_DELETE:
      done = caissa_pgn_file_edits_delete (review->edits, op->position);
      show = n > 1 ? MIN (op->position, n - 2) : G_MAXUINT;
      break;
    case OP_DUPLICATE:
      done = caissa_pgn_file_edits_duplicate (review->edits, op->position);
      show = op->position + 1;
      break;
    case OP_NEW:
      {
        g_autofree char *empty = caissa_pgn_empty_game_text ();

        done = caissa_pgn_file_edits_add (review->edits, n, empty);
        show = n;
      }
      break;
    case OP_UNDO:
      done = caissa_pgn_file_edits_undo (review->edits, &show) != CAISSA_PGN_LIST_EDIT_NONE;
      break;
    case OP_REDO:
      done = caissa_pgn_file_edits_redo (review->edits, &show) != CAISSA_PGN_LIST_EDIT_NONE;
      break;
    default:
      g_assert_not_reached ();
    }
  if (!done)
    return;
  show_edits (review, show);
  _caissa_review_keep_changes (review);
  if (done_text (op->kind) != NULL)
    _caissa_review_toast_undo (review, done_text (op->kind));
}

static void
ask_then_run (CaissaWindowReview *review,
              OpKind              kind,
              guint               position)
{
  Op *op = g_new0 (Op, 1);

  op->kind = kind;
  op->position = position;
  _caissa_review_confirm_then (review, run_op, op, g_free);
}

gboolean
_caissa_review_games_undo (CaissaWindowReview *review,
                           gboolean            redo)
{
  if (!can_step (review, redo) || review->saving)
    return FALSE;
  ask_then_run (review, redo ? OP_REDO : OP_UNDO, 0);
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
  if (review->file == NULL || review->saving || _caissa_review_disk_file (review) == NULL
      || (review->edits == NULL && caissa_pgn_file_get_loading (review->file)))
    return;
  n = review->edits != NULL ? caissa_pgn_file_edits_get_n_games (review->edits)
                            : g_list_model_get_n_items (G_LIST_MODEL (review->file));
  if (g_str_equal (action_name, "win.new-game-in-file"))
    {
      ask_then_run (review, OP_NEW, n);
      return;
    }
  if (!_caissa_review_has_game_from_file (review) || review->position >= n)
    return;
  ask_then_run (review, g_str_equal (action_name, "win.delete-game") ? OP_DELETE : OP_DUPLICATE,
                review->position);
}

void
_caissa_review_games_update_actions (CaissaWindowReview *review)
{
  GtkWidget *widget = GTK_WIDGET (review->window);
  /* The places of the games are known once the file is indexed (the
   * edits' list knows them at once). */
  gboolean file = review->file != NULL && _caissa_review_disk_file (review) != NULL && !review->saving
                  && (review->edits != NULL || !caissa_pgn_file_get_loading (review->file));
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
