/* caissa-board-input.c — CaissaBoard's input: click-click and drag-and-drop,
 * the promotion chooser and the touch-move rule.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-board"

#include "config.h"

#include <math.h>

#include "caissa-board-private.h"

/* The chooser's column, from the promotion square towards the centre. */
static const ChessPieceType promotion_pieces[4] = {
  CHESS_QUEEN, CHESS_KNIGHT, CHESS_ROOK, CHESS_BISHOP,
};

ChessPieceType
_caissa_board_promotion_piece (guint slot)
{
  g_assert (slot < G_N_ELEMENTS (promotion_pieces));

  return promotion_pieces[slot];
}

gboolean
_caissa_board_promotion_slot (CaissaBoard *self,
                              guint        slot,
                              ChessSquare *square)
{
  ChessSquare to = self->promotion_to;
  int rank;

  if (to == CHESS_NO_SQUARE || slot >= G_N_ELEMENTS (promotion_pieces))
    return FALSE;

  /* Ranks 8, 7, 6, 5 (or 1, 2, 3, 4): towards the centre whichever way
   * up the board is. */
  rank = chess_square_rank (to) == 7 ? 7 - (int) slot : (int) slot;
  *square = chess_square_make (chess_square_file (to), rank);
  return TRUE;
}

/* The square of the piece a move takes: not its to-square for e.p. */
static ChessSquare
captured_square (const ChessPosition *pos,
                 ChessMove            move)
{
  ChessSquare to = chess_move_to (move);

  if (chess_move_kind (move) == CHESS_MOVE_EN_PASSANT)
    return chess_square_make (chess_square_file (to), chess_square_rank (chess_move_from (move)));
  if (chess_move_kind (move) == CHESS_MOVE_CASTLING || pos->board[to] == CHESS_NO_PIECE)
    return CHESS_NO_SQUARE;
  return to;
}

/* Whether the touch-move rule allows this legal move. */
gboolean
_caissa_board_move_allowed (CaissaBoard *self,
                            ChessMove    move)
{
  if (self->committed != CHESS_NO_SQUARE && chess_move_from (move) != self->committed)
    return FALSE;
  if (self->committed_target != CHESS_NO_SQUARE
      && captured_square (&self->position, move) != self->committed_target)
    return FALSE;
  return TRUE;
}

ChessBitboard
_caissa_board_targets (CaissaBoard *self,
                       ChessSquare  from)
{
  ChessBitboard targets = 0;

  if (!self->has_position || !self->can_move || from >= 64)
    return 0;

  for (guint i = 0; i < self->legal.count; i++)
    {
      ChessMove move = self->legal.moves[i];

      if (chess_move_from (move) == from && _caissa_board_move_allowed (self, move))
        targets |= 1ULL << chess_move_to (move);
    }

  return targets;
}

/* The legal, allowed move from → to (castling also onto the own rook),
 * with promotion (CHESS_NO_PIECE_TYPE: ask, reported in *needs_choice). */
static ChessMove
find_move (CaissaBoard   *self,
           ChessSquare    from,
           ChessSquare    to,
           ChessPieceType promotion,
           gboolean      *needs_choice)
{
  ChessMove move;

  *needs_choice = FALSE;
  if (!self->has_position || !self->can_move || from >= 64 || to >= 64 || from == to)
    return CHESS_MOVE_NONE;

  move = chess_position_find_move (&self->position, from, to,
                                   promotion != CHESS_NO_PIECE_TYPE ? promotion : CHESS_QUEEN);
  if (move == CHESS_MOVE_NONE || !_caissa_board_move_allowed (self, move))
    return CHESS_MOVE_NONE;

  *needs_choice = chess_move_kind (move) == CHESS_MOVE_PROMOTION
                  && promotion == CHESS_NO_PIECE_TYPE;
  return move;
}

static gboolean
can_be_captured (CaissaBoard *self,
                 ChessSquare  square)
{
  for (guint i = 0; i < self->legal.count; i++)
    if (captured_square (&self->position, self->legal.moves[i]) == square)
      return TRUE;
  return FALSE;
}

/* A hand over what can be picked up or moved to, a closed hand while
 * dragging. */
static void
update_cursor (CaissaBoard *self,
               ChessSquare  square)
{
  const char *name = NULL;

  if (self->dragging)
    name = "grabbing";
  else if (square != CHESS_NO_SQUARE && self->interactive && self->can_move)
    {
      ChessPiece piece = self->position.board[square];
      ChessSquare slot;

      if (self->promotion_to != CHESS_NO_SQUARE)
        {
          for (guint i = 0; i < G_N_ELEMENTS (promotion_pieces); i++)
            if (_caissa_board_promotion_slot (self, i, &slot) && slot == square)
              name = "pointer";
        }
      else if ((piece != CHESS_NO_PIECE && chess_piece_color (piece) == self->position.side
                && _caissa_board_targets (self, square) != 0)
               || (self->selected != CHESS_NO_SQUARE
                   && (_caissa_board_targets (self, self->selected) & (1ULL << square))))
        name = "pointer";
    }

  if (g_strcmp0 (name, self->cursor_name) != 0)
    {
      self->cursor_name = name;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
    }
}

static void
set_selected (CaissaBoard *self,
              ChessSquare  square)
{
  if (self->selected == square)
    return;
  self->selected = square;
  _caissa_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drops the selection unless the touch-move rule holds it. */
static void
deselect (CaissaBoard *self)
{
  if (self->committed == CHESS_NO_SQUARE)
    set_selected (self, CHESS_NO_SQUARE);
}

static void
close_promotion (CaissaBoard *self)
{
  if (self->promotion_to == CHESS_NO_SQUARE)
    return;
  self->promotion_to = CHESS_NO_SQUARE;
  self->promotion_from = CHESS_NO_SQUARE;
  _caissa_board_invalidate_pieces (self);
}

static void
end_drag (CaissaBoard *self)
{
  if (self->lifted != CHESS_NO_SQUARE)
    {
      self->lifted = CHESS_NO_SQUARE;
      _caissa_board_invalidate_pieces (self);
    }
  self->dragging = FALSE;
  self->hover = CHESS_NO_SQUARE;
  self->press_square = CHESS_NO_SQUARE;
  if (g_strcmp0 (self->cursor_name, "grabbing") == 0)
    update_cursor (self, CHESS_NO_SQUARE);
}

void
_caissa_board_reset_input (CaissaBoard *self,
                           gboolean     keep_commitment)
{
  end_drag (self);
  close_promotion (self);
  if (!keep_commitment
      && (self->committed != CHESS_NO_SQUARE || self->committed_target != CHESS_NO_SQUARE))
    {
      self->committed = CHESS_NO_SQUARE;
      self->committed_target = CHESS_NO_SQUARE;
    }
  self->selected = self->committed;
  _caissa_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
_caissa_board_play (CaissaBoard  *self,
                    ChessMove     move,
                    gboolean      dragged,
                    GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean played;

  close_promotion (self);

  /* A dropped piece is already where it goes: no slide. */
  self->suppress_animation = dragged;
  played = caissa_game_play_move (self->game, move, &local_error);
  self->suppress_animation = FALSE;

  if (!played)
    {
      char uci[6];

      g_debug ("The game refused %s: %s", chess_move_to_uci (move, uci), local_error->message);
      deselect (self);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return played;
}

static void
play_or_choose (CaissaBoard *self,
                ChessSquare  from,
                ChessSquare  to,
                gboolean     dragged)
{
  gboolean needs_choice;
  ChessMove move = find_move (self, from, to, CHESS_NO_PIECE_TYPE, &needs_choice);

  g_assert (move != CHESS_MOVE_NONE);

  if (needs_choice)
    {
      self->promotion_from = from;
      self->promotion_to = to;
      _caissa_board_invalidate_pieces (self);
      return;
    }

  _caissa_board_play (self, move, dragged, NULL);
}

/* A press on the promotion chooser: a piece, or anywhere else to cancel. */
static void
press_promotion (CaissaBoard *self,
                 ChessSquare  square)
{
  for (guint slot = 0; slot < G_N_ELEMENTS (promotion_pieces); slot++)
    {
      ChessSquare slot_square;

      if (_caissa_board_promotion_slot (self, slot, &slot_square) && slot_square == square)
        {
          gboolean needs_choice;
          ChessMove move = find_move (self, self->promotion_from, self->promotion_to,
                                      promotion_pieces[slot], &needs_choice);

          if (move != CHESS_MOVE_NONE)
            _caissa_board_play (self, move, FALSE, NULL);
          else
            close_promotion (self);
          return;
        }
    }

  close_promotion (self);
  deselect (self);
}

static void
commit (CaissaBoard *self,
        ChessSquare  own,
        ChessSquare  target)
{
  self->committed = own;
  self->committed_target = target;
  _caissa_board_update_accessible (self);
}

/* A press on a square, with board coordinates for a drag that may follow. */
static void
press_square (CaissaBoard *self,
              ChessSquare  square,
              double       bx,
              double       by)
{
  ChessPiece piece;
  gboolean handled = FALSE;

  end_drag (self);
  self->press_was_selected = FALSE;

  if (self->promotion_to != CHESS_NO_SQUARE)
    {
      press_promotion (self, square);
      return;
    }

  if (square == CHESS_NO_SQUARE)
    {
      deselect (self);
      return;
    }

  g_signal_emit_by_name (self, "square-clicked", (guint) square, &handled);
  if (handled || !self->interactive || !self->has_position || !self->can_move)
    return;

  _caissa_board_finish_animation (self);
  piece = self->position.board[square];

  if (self->selected != CHESS_NO_SQUARE && self->selected != square)
    {
      gboolean needs_choice;

      if (find_move (self, self->selected, square, CHESS_NO_PIECE_TYPE, &needs_choice)
          != CHESS_MOVE_NONE)
        {
          play_or_choose (self, self->selected, square, FALSE);
          return;
        }
    }

  if (piece != CHESS_NO_PIECE && chess_piece_color (piece) == self->position.side)
    {
      gboolean has_moves;

      /* Touch-move: the committed piece, or one that can take the
       * committed target, is the only thing that may be picked up. */
      if (self->touch_move && self->committed != CHESS_NO_SQUARE && square != self->committed)
        return;
      has_moves = _caissa_board_targets (self, square) != 0;
      if (self->touch_move && self->committed_target != CHESS_NO_SQUARE && !has_moves)
        return;

      self->press_was_selected = self->selected == square;
      set_selected (self, square);
      self->press_square = square;
      self->press_x = bx;
      self->press_y = by;
      if (self->touch_move && self->committed == CHESS_NO_SQUARE && has_moves)
        commit (self, square, self->committed_target);
      return;
    }

  if (piece != CHESS_NO_PIECE && self->touch_move && self->committed == CHESS_NO_SQUARE
      && self->committed_target == CHESS_NO_SQUARE && can_be_captured (self, square))
    {
      set_selected (self, CHESS_NO_SQUARE);
      commit (self, CHESS_NO_SQUARE, square);
      return;
    }

  deselect (self);
}

static void
release_square (CaissaBoard *self,
                ChessSquare  square)
{
  ChessSquare from = self->press_square;
  gboolean was_dragging = self->dragging;

  if (from == CHESS_NO_SQUARE)
    return;
  end_drag (self);

  if (was_dragging)
    {
      gboolean needs_choice;

      if (square == from)
        return;                 /* put back: stays selected */
      if (find_move (self, from, square, CHESS_NO_PIECE_TYPE, &needs_choice) != CHESS_MOVE_NONE)
        play_or_choose (self, from, square, TRUE);
      else
        deselect (self);        /* an illegal drop: the piece goes home */
      return;
    }

  /* A second click on the selected piece puts it down. */
  if (self->press_was_selected)
    deselect (self);
}

void
_caissa_board_press (CaissaBoard *self,
                     double       x,
                     double       y)
{
  double bx = x - self->origin_x;
  double by = y - self->origin_y;

  press_square (self, _caissa_board_square_at_board (self, bx, by), bx, by);
}

void
_caissa_board_motion (CaissaBoard *self,
                      double       x,
                      double       y)
{
  double bx = x - self->origin_x;
  double by = y - self->origin_y;

  if (self->press_square == CHESS_NO_SQUARE)
    return;

  if (!self->dragging)
    {
      if (hypot (bx - self->press_x, by - self->press_y) < CAISSA_BOARD_DRAG_THRESHOLD)
        return;
      self->dragging = TRUE;
      self->lifted = self->press_square;
      _caissa_board_invalidate_pieces (self);
    }

  self->pointer_x = bx;
  self->pointer_y = by;
  self->hover = _caissa_board_square_at_board (self, bx, by);
  update_cursor (self, self->hover);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_caissa_board_release (CaissaBoard *self,
                       double       x,
                       double       y)
{
  release_square (self,
                  _caissa_board_square_at_board (self, x - self->origin_x, y - self->origin_y));
}

/* ---------------------------------------------------------------------- */
/* Event controllers */

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  CaissaBoard     *self)
{
  ChessSquare square = caissa_board_get_square_at (self, x, y);

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  /* Playing with the mouse: the keyboard cursor hides, and waits where the
   * pointer was. */
  caissa_board_set_keyboard_cursor (self, FALSE);
  if (square != CHESS_NO_SQUARE)
    caissa_board_set_cursor (self, square);
  _caissa_board_press (self, x, y);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                CaissaBoard    *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _caissa_board_motion (self, x + dx, y + dy);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             CaissaBoard    *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    _caissa_board_release (self, x + dx, y + dy);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                CaissaBoard      *self)
{
  if (self->dragging)
    deselect (self);
  end_drag (self);
}

static void
pointer_motion_cb (GtkEventControllerMotion *controller,
                   double                    x,
                   double                    y,
                   CaissaBoard              *self)
{
  if (!self->dragging)
    update_cursor (self, caissa_board_get_square_at (self, x, y));
}

static void
pointer_leave_cb (GtkEventControllerMotion *controller,
                  CaissaBoard              *self)
{
  if (!self->dragging)
    update_cursor (self, CHESS_NO_SQUARE);
}

void
_caissa_board_init_input (CaissaBoard *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  /* Both see every press; grouped, so that claiming the press in one
   * claims it for the other. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_group (click, drag);

  g_signal_connect (motion, "motion", G_CALLBACK (pointer_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

/* ---------------------------------------------------------------------- */
/* Context menu */

static void
popup_menu_at (CaissaBoard *self,
               double       x,
               double       y)
{
  if (self->menu_model == NULL)
    return;
  /* A piece picked up or a promotion chooser open is dropped first: the
   * menu speaks of the position as it stands (a piece committed under
   * touch-move stays committed). */
  _caissa_board_reset_input (self, TRUE);
  if (self->popover == NULL)
    {
      self->popover = gtk_popover_menu_new_from_model (self->menu_model);
      gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
      gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
secondary_pressed_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      CaissaBoard     *self)
{
  if (self->menu_model == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu_at (self, x, y);
}

static void
long_pressed_cb (GtkGestureLongPress *gesture,
                 double               x,
                 double               y,
                 CaissaBoard         *self)
{
  /* Not while a piece is being dragged: holding it still is no request. */
  if (self->dragging)
    return;
  popup_menu_at (self, x, y);
}

void
_caissa_board_init_menu (CaissaBoard *self)
{
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkGesture *long_press = gtk_gesture_long_press_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect (long_press, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (long_press));
}

void
caissa_board_set_menu_model (CaissaBoard *self,
                             GMenuModel  *menu)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (menu == NULL || G_IS_MENU_MODEL (menu));

  g_set_object (&self->menu_model, menu);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
}

void
caissa_board_popup_menu (CaissaBoard *self,
                         double       x,
                         double       y)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  popup_menu_at (self, x, y);
}

GtkWidget *
caissa_board_get_menu_popover (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);

  return self->popover;
}

/* ---------------------------------------------------------------------- */
/* Public API */

void
caissa_board_activate_square (CaissaBoard *self,
                              ChessSquare  square)
{
  float x = 0, y = 0;

  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (square < 64);

  _caissa_board_square_origin (self, square, &x, &y);
  press_square (self, square, x, y);
  release_square (self, square);
}

void
caissa_board_cancel (CaissaBoard *self)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  _caissa_board_reset_input (self, TRUE);
}
