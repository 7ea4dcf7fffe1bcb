/* caissa-window-undo.c — CaissaWindow's review part: Undo and Redo of
 * every edit of the game shown (moves added, variations promoted or
 * deleted, comments, NAGs, tags, the result, arrows and circles).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The states live in a CaissaEditHistory (src/model): reset when a game
 * is shown, pushed after each edit (_caissa_review_edit_game() and a move
 * that starts a variation), marked saved with the file. While a game is
 * played instead (not in analysis mode) the window's Undo is the
 * take-back of caissa-window.c: the history is empty then.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-window-review-private.h"

void
_caissa_review_history_reset (CaissaWindowReview *review)
{
  if (caissa_game_get_analysis (review->game))
    caissa_edit_history_reset (review->history, caissa_game_get_core_game (review->game),
                               caissa_game_get_shown_node (review->game));
  else
    caissa_edit_history_reset (review->history, NULL, CHESS_NODE_ROOT);
}

void
_caissa_review_history_push (CaissaWindowReview *review,
                             ChessNodeId         shown_before,
                             const char         *label)
{
  caissa_edit_history_push (review->history, caissa_game_get_core_game (review->game),
                            shown_before, caissa_game_get_shown_node (review->game), label);
  _caissa_window_review_update_actions (review);
}

/* A move played in review: a state of its own when it added a node (one
 * that follows an existing move changes nothing). */
void
_caissa_review_history_move_played (CaissaWindowReview *review)
{
  const ChessGame *before = caissa_edit_history_get_current (review->history);
  const ChessGame *core = caissa_game_get_core_game (review->game);
  ChessNodeId shown = caissa_game_get_shown_node (review->game);
  ChessNodeId parent = chess_game_node_parent (core, shown);

  if (before == NULL)
    return;
  if (chess_game_node_valid (before, parent)
      && chess_game_node_find_child (before, parent, chess_game_node_move (core, shown)) != CHESS_NODE_NONE)
    return;
  /* Translators: an edit (a move added), named in the tooltip "Undo %s". */
  _caissa_review_history_push (review, parent, C_("edit", "Move"));
}

gboolean
_caissa_review_history_active (CaissaWindowReview *review)
{
  return review != NULL && caissa_game_get_analysis (review->game)
         && caissa_edit_history_get_n_states (review->history) > 0;
}

gboolean
_caissa_window_review_undo (CaissaWindowReview *review,
                            gboolean            redo)
{
  ChessNodeId shown = CHESS_NODE_ROOT;
  ChessGame *game;

  /* A game deleted, duplicated or added (caissa-window-review-games.c)
   * is taken back once the game shown has no edit left to undo, and done
   * again once it has none to redo. */
  if (!_caissa_review_history_active (review)
      || !(redo ? caissa_edit_history_get_can_redo (review->history)
                : caissa_edit_history_get_can_undo (review->history)))
    {
      if (_caissa_review_games_undo (review, redo))
        return TRUE;
    }
  if (!_caissa_review_history_active (review))
    return FALSE;
  game = redo ? caissa_edit_history_redo (review->history, &shown)
              : caissa_edit_history_undo (review->history, &shown);
  if (game == NULL)
    return TRUE;
  review->loading = TRUE;
  caissa_game_load_core_game (review->game, game);
  if (chess_game_node_valid (game, shown))
    caissa_game_go_to_node (review->game, shown);
  review->loading = FALSE;
  caissa_move_list_refresh (review->move_list);
  _caissa_review_update_marks (review);
  _caissa_review_set_dirty (review, !caissa_edit_history_get_at_saved (review->history));
  _caissa_window_review_update_actions (review);
  return TRUE;
}

/* The header's Undo and Redo buttons name what they would do, as GNOME
 * applications' do ("Undo Move"): the edit's label, or the game deleted,
 * duplicated or added. */
static void
set_tooltips (CaissaWindowReview *review,
              const char         *undo,
              const char         *redo)
{
  GtkWidget *widget = GTK_WIDGET (review->window);
  GObject *undo_button = gtk_widget_get_template_child (widget, CAISSA_TYPE_WINDOW, "undo_button");
  GObject *redo_button = gtk_widget_get_template_child (widget, CAISSA_TYPE_WINDOW, "redo_button");
  /* Translators: tooltip of the Undo button; %s names the edit, e.g. "Comment". */
  g_autofree char *undo_text = undo != NULL ? g_strdup_printf (_("Undo %s"), undo) : NULL;
  /* Translators: tooltip of the Redo button; %s names the edit, e.g. "Comment". */
  g_autofree char *redo_text = redo != NULL ? g_strdup_printf (_("Redo %s"), redo) : NULL;

  if (undo_button != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (undo_button), undo_text != NULL ? undo_text : _("Undo Move"));
  if (redo_button != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (redo_button), redo_text != NULL ? redo_text : _("Redo Move"));
}

void
_caissa_review_history_update_actions (CaissaWindowReview *review)
{
  GtkWidget *widget = GTK_WIDGET (review->window);
  gboolean active = _caissa_review_history_active (review);
  gboolean can_undo = active && caissa_edit_history_get_can_undo (review->history);
  gboolean can_redo = active && caissa_edit_history_get_can_redo (review->history);
  g_autofree char *games_undo = _caissa_review_games_undo_label (review, FALSE);
  g_autofree char *games_redo = _caissa_review_games_undo_label (review, TRUE);
  const char *undo = games_undo, *redo = games_redo;

  /* Translators: an edit without a name of its own, in "Undo %s". */
  if (can_undo)
    undo = caissa_edit_history_get_undo_label (review->history) != NULL
           ? caissa_edit_history_get_undo_label (review->history) : C_("edit", "Edit");
  if (can_redo)
    redo = caissa_edit_history_get_redo_label (review->history) != NULL
           ? caissa_edit_history_get_redo_label (review->history) : C_("edit", "Edit");
  set_tooltips (review, undo, redo);

  if (games_undo != NULL)
    gtk_widget_action_set_enabled (widget, "win.undo", TRUE);
  if (games_redo != NULL)
    gtk_widget_action_set_enabled (widget, "win.redo", TRUE);
  if (!active)
    return;
  gtk_widget_action_set_enabled (widget, "win.undo", can_undo || games_undo != NULL);
  gtk_widget_action_set_enabled (widget, "win.redo", can_redo || games_redo != NULL);
}

void
_caissa_review_toast_undo (CaissaWindowReview *review,
                           const char         *text)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  _caissa_window_add_toast (review->window, toast);
}
