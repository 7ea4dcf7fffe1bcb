/* caissa-window-marks.c — CaissaWindow's review part: arrows and circles
 * drawn on the board, as on lichess: a secondary-button drag draws an
 * arrow, a secondary click a circle; drawn again in the same colour it
 * goes. No modifier gives green, Shift or Ctrl red, Alt blue, both
 * yellow (chessground's eventBrush). They are kept as [%cal]/[%csl] in
 * the comment of the move shown, an edit like any other (undoable).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While a game is played the secondary button keeps its context menu:
 * the gesture here declines the press, the board's own click takes it.
 * In review the menu comes with the keyboard (Menu, Shift+F10), a long
 * press on a touch screen, or a secondary click beside the squares.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "chess-pgn.h"
#include "caissa-comment-marks.h"
#include "caissa-window-review-private.h"

#define MAX_PREVIEW 64

typedef struct
{
  char        color;
  ChessSquare from;
  ChessSquare to;
} Mark;

static char
color_for_state (GdkModifierType state)
{
  static const char colors[4] = { 'G', 'R', 'B', 'Y' };
  gboolean a = (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  gboolean b = (state & (GDK_ALT_MASK | GDK_META_MASK | GDK_SUPER_MASK)) != 0;

  return colors[(a ? 1 : 0) + (b ? 2 : 0)];
}

static CaissaBoardMarkColor
board_color (char c)
{
  switch (c)
    {
    case 'R': return CAISSA_BOARD_MARK_RED;
    case 'Y': return CAISSA_BOARD_MARK_YELLOW;
    case 'B': return CAISSA_BOARD_MARK_BLUE;
    case 'G':
    default:  return CAISSA_BOARD_MARK_GREEN;
    }
}

static gboolean
mark_edit (ChessGame   *core,
           ChessNodeId *shown,
           gpointer     data)
{
  const Mark *mark = data;
  g_autofree char *comment = NULL;

  comment = caissa_comment_toggle_mark (chess_game_node_comment (core, *shown, CHESS_COMMENT_AFTER),
                                        mark->color, mark->from, mark->to);
  chess_game_node_set_comment (core, *shown, CHESS_COMMENT_AFTER, *comment ? comment : NULL);
  return TRUE;
}

/* The arrow being drawn, over the shown move's own. */
static void
preview (CaissaWindowReview *review,
         const Mark         *mark)
{
  const ChessGame *core = caissa_game_get_core_game (review->game);
  const char *comment = chess_game_node_comment (core, caissa_game_get_shown_node (review->game),
                                                 CHESS_COMMENT_AFTER);
  ChessPgnMark marks[MAX_PREVIEW];
  CaissaBoardArrow arrows[MAX_PREVIEW + 1];
  guint n = 0, n_arrows = 0;

  if (comment != NULL)
    n = chess_pgn_comment_marks (comment, strlen (comment), marks, MAX_PREVIEW);
  for (guint i = 0; i < n; i++)
    if (marks[i].to != CHESS_NO_SQUARE)
      arrows[n_arrows++] = (CaissaBoardArrow) { marks[i].from, marks[i].to, board_color (marks[i].color) };
  if (mark != NULL && mark->to != CHESS_NO_SQUARE && mark->to != mark->from)
    arrows[n_arrows++] = (CaissaBoardArrow) { mark->from, mark->to, board_color (mark->color) };
  caissa_board_set_arrows (review->board, arrows, n_arrows);
}

void
_caissa_review_draw_mark (CaissaWindowReview *review,
                          char                color,
                          ChessSquare         from,
                          ChessSquare         to)
{
  Mark mark = { color, from, to == from ? CHESS_NO_SQUARE : to };

  /* Translators: an edit (an arrow or a circle drawn), named in the tooltip "Undo %s". */
  _caissa_review_edit_game_labelled (review, C_("edit", "Arrow"), mark_edit, &mark);
}

void
_caissa_window_review_draw_mark (CaissaWindow *window,
                                 char          color,
                                 ChessSquare   from,
                                 ChessSquare   to)
{
  _caissa_review_draw_mark (_caissa_window_get_review (window), color, from, to);
}

static gboolean
drawing_allowed (CaissaWindowReview *review)
{
  return _caissa_review_history_active (review);
}

static void
drag_begin_cb (GtkGestureDrag     *gesture,
               double              x,
               double              y,
               CaissaWindowReview *review)
{
  ChessSquare from = caissa_board_get_square_at (review->board, x, y);
  Mark *mark;

  if (!drawing_allowed (review) || from == CHESS_NO_SQUARE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  /* Claimed at once: the board's context menu (same button) stays shut. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  mark = g_new0 (Mark, 1);
  mark->color = color_for_state (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  mark->from = from;
  mark->to = from;
  g_object_set_data_full (G_OBJECT (gesture), "mark", mark, g_free);
}

static void
drag_update_cb (GtkGestureDrag     *gesture,
                double              dx,
                double              dy,
                CaissaWindowReview *review)
{
  Mark *mark = g_object_get_data (G_OBJECT (gesture), "mark");
  double x, y;

  if (mark == NULL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  mark->to = caissa_board_get_square_at (review->board, x + dx, y + dy);
  preview (review, mark);
}

static void
drag_end_cb (GtkGestureDrag     *gesture,
             double              dx,
             double              dy,
             CaissaWindowReview *review)
{
  Mark *mark = g_object_get_data (G_OBJECT (gesture), "mark");
  double x, y;
  ChessSquare to;

  if (mark == NULL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = caissa_board_get_square_at (review->board, x + dx, y + dy);
  /* Let go off the board: nothing drawn. */
  if (to != CHESS_NO_SQUARE)
    _caissa_review_draw_mark (review, mark->color, mark->from, to);
  else
    _caissa_review_update_marks (review);
  g_object_set_data (G_OBJECT (gesture), "mark", NULL);
}

static void
drag_cancel_cb (GtkGesture         *gesture,
                GdkEventSequence   *sequence,
                CaissaWindowReview *review)
{
  if (g_object_get_data (G_OBJECT (gesture), "mark") == NULL)
    return;
  g_object_set_data (G_OBJECT (gesture), "mark", NULL);
  _caissa_review_update_marks (review);
}

/* The board's context menu from the keyboard, under the cursor square
 * (else the board's centre). */
static gboolean
menu_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   data)
{
  CaissaBoard *board = CAISSA_BOARD (widget);
  ChessSquare square = caissa_board_get_cursor (board);
  graphene_rect_t r;

  if (caissa_board_get_keyboard_cursor (board) && square != CHESS_NO_SQUARE
      && caissa_board_get_square_bounds (board, square, &r))
    caissa_board_popup_menu (board, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
  else
    caissa_board_popup_menu (board, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  return TRUE;
}

void
_caissa_review_marks_init (CaissaWindowReview *review)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();
  GtkShortcutAction *popup = gtk_callback_action_new (menu_key_cb, NULL, NULL);

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Menu|<Shift>F10"),
                                                          popup));
  gtk_widget_add_controller (GTK_WIDGET (review->board), keys);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_SECONDARY);
  /* Before the board's own secondary click (its context menu). */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drag), "caissa-draw-marks");
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), review);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), review);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), review);
  g_signal_connect (drag, "cancel", G_CALLBACK (drag_cancel_cb), review);
  gtk_widget_add_controller (GTK_WIDGET (review->board), GTK_EVENT_CONTROLLER (drag));
}
