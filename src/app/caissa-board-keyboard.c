/* caissa-board-keyboard.c — CaissaBoard without a mouse: the keyboard
 * cursor, moves typed in SAN, and what assistive technology is told.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 has no way to expose the 64 squares as accessible objects of a
 * widget that draws them itself, so the board is one accessible element
 * (role grid, label "Chessboard") whose description follows the keyboard
 * cursor: "e4, white pawn", the selection, a touch-move commitment and the
 * last move. A screen reader speaks the description of the focused widget
 * when it changes.
 */
#define G_LOG_DOMAIN "caissa-board"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "caissa-board-private.h"
#include "chess-san.h"

/* ---------------------------------------------------------------------- */
/* Words */

static const char *
piece_name (ChessPiece piece)
{
  gboolean white = chess_piece_color (piece) == CHESS_WHITE;

  switch (chess_piece_type (piece))
    {
    case CHESS_PAWN:
      return white ? _("white pawn") : _("black pawn");
    case CHESS_KNIGHT:
      return white ? _("white knight") : _("black knight");
    case CHESS_BISHOP:
      return white ? _("white bishop") : _("black bishop");
    case CHESS_ROOK:
      return white ? _("white rook") : _("black rook");
    case CHESS_QUEEN:
      return white ? _("white queen") : _("black queen");
    case CHESS_KING:
      return white ? _("white king") : _("black king");
    default:
      /* Translators: what stands on a square with no piece. */
      return _("empty square");
    }
}

char *
caissa_board_describe_square (CaissaBoard *self,
                              ChessSquare  square)
{
  char name[3];

  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);
  g_return_val_if_fail (square < 64, NULL);

  chess_square_name (square, name);

  /* The promotion chooser covers its squares with the pieces offered. */
  for (guint slot = 0; self->promotion_to != CHESS_NO_SQUARE && slot < 4; slot++)
    {
      ChessSquare slot_square;

      if (_caissa_board_promotion_slot (self, slot, &slot_square) && slot_square == square)
        {
          ChessColor color = chess_piece_color (self->position.board[self->promotion_from]);

          /* Translators: "e8, promote to white queen" — a square of the
           * promotion chooser; %s are the square and a piece. */
          return g_strdup_printf (_("%s, promote to %s"), name,
                                  piece_name (chess_piece_make (color, _caissa_board_promotion_piece (slot))));
        }
    }

  /* Translators: "e4, white pawn" — a square and what stands on it. */
  return g_strdup_printf (_("%s, %s"), name,
                          piece_name (self->has_position ? self->position.board[square] : CHESS_NO_PIECE));
}

/* ---------------------------------------------------------------------- */
/* Accessibility */

void
_caissa_board_update_accessible (CaissaBoard *self)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  g_autofree char *touch = NULL;
  char name[3];

  if (self->keyboard_cursor && self->cursor < 64)
    g_ptr_array_add (parts, caissa_board_describe_square (self, self->cursor));

  if (self->selected != CHESS_NO_SQUARE && self->selected != self->cursor
      && self->promotion_to == CHESS_NO_SQUARE)
    {
      g_autofree char *what = caissa_board_describe_square (self, self->selected);

      /* Translators: %s is a square and its piece, "g1, white knight". */
      g_ptr_array_add (parts, g_strdup_printf (_("Selected: %s"), what));
    }

  if (self->committed != CHESS_NO_SQUARE)
    /* Translators: %s is a square such as "g1". */
    touch = g_strdup_printf (_("Touch-move: you must move the piece on %s"),
                             chess_square_name (self->committed, name));
  else if (self->committed_target != CHESS_NO_SQUARE)
    /* Translators: %s is a square such as "d5". */
    touch = g_strdup_printf (_("Touch-move: you must capture the piece on %s"),
                             chess_square_name (self->committed_target, name));
  if (touch != NULL)
    g_ptr_array_add (parts, g_strdup (touch));

  if (self->game != NULL && caissa_game_get_ply (self->game) > 0)
    {
      const char *san = chess_game_node_san (caissa_game_get_core_game (self->game),
                                             caissa_game_get_shown_node (self->game));

      if (san != NULL && *san != '\0')
        /* Translators: %s is a move in algebraic notation, "Nf3". */
        g_ptr_array_add (parts, g_strdup_printf (_("Last move: %s"), san));
    }

  g_ptr_array_add (parts, NULL);
  /* Translators: joins the sentences the board's description is made of
   * ("e4, white pawn. Last move: Nf6"). */
  text = g_strjoinv (_(". "), (char **) parts->pdata);

  /* A tooltip is also the accessible description: set it first, then the
   * description over it. */
  if (g_strcmp0 (gtk_widget_get_tooltip_text (GTK_WIDGET (self)), touch) != 0)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), touch);
  else if (g_strcmp0 (text, self->announcement) == 0)
    return;
  g_free (self->announcement);
  self->announcement = g_steal_pointer (&text);

  if (*self->announcement != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->announcement,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

const char *
caissa_board_get_announcement (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);

  return self->announcement != NULL ? self->announcement : "";
}

/* ---------------------------------------------------------------------- */
/* The cursor */

gboolean
_caissa_board_cursor_shown (CaissaBoard *self)
{
  return self->keyboard_cursor && self->cursor < 64 && gtk_widget_has_focus (GTK_WIDGET (self));
}

/* Where the cursor first appears: on the selected piece, where it was, or
 * in front of the king of the side to move (e2 or e7). */
ChessSquare
_caissa_board_default_cursor (CaissaBoard *self)
{
  if (self->promotion_to != CHESS_NO_SQUARE)
    return self->promotion_to;
  if (self->selected != CHESS_NO_SQUARE)
    return self->selected;
  if (self->cursor < 64)
    return self->cursor;
  return self->has_position && self->position.side == CHESS_BLACK
         ? chess_square_make (4, 6) : chess_square_make (4, 1);
}

ChessSquare
caissa_board_get_cursor (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return self->cursor;
}

void
caissa_board_set_cursor (CaissaBoard *self,
                         ChessSquare  square)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (square <= CHESS_NO_SQUARE);

  if (self->cursor == square)
    return;
  self->cursor = square;
  _caissa_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Moves the cursor by whole squares as the board is seen: right and up on
 * the screen, whichever way up the board is. */
static void
move_cursor (CaissaBoard *self,
             int          right,
             int          up)
{
  ChessSquare from = self->cursor < 64 ? self->cursor : _caissa_board_default_cursor (self);
  int file = chess_square_file (from) + (self->flipped ? -right : right);
  int rank = chess_square_rank (from) + (self->flipped ? -up : up);

  caissa_board_set_cursor (self, chess_square_make (CLAMP (file, 0, 7), CLAMP (rank, 0, 7)));
}

/* Enter or Space on the cursor's square: what a click there would do. */
static void
activate_cursor (CaissaBoard *self)
{
  if (self->cursor >= 64)
    return;
  caissa_board_activate_square (self, self->cursor);
  /* The promotion chooser opened: the cursor goes to its first piece. */
  if (self->promotion_to != CHESS_NO_SQUARE)
    caissa_board_set_cursor (self, self->promotion_to);
  _caissa_board_update_accessible (self);
}

/* Whether Enter or Space on the board could do anything now. */
static gboolean
can_act (CaissaBoard *self)
{
  return self->interactive && self->has_position && self->can_move;
}

/* ---------------------------------------------------------------------- */
/* Typing a move */

gboolean
caissa_board_play_san (CaissaBoard  *self,
                       const char   *san,
                       GError      **error)
{
  ChessError err = { 0 };
  ChessMove move;
  g_autofree char *text = NULL;

  g_return_val_if_fail (CAISSA_IS_BOARD (self), FALSE);
  g_return_val_if_fail (san != NULL, FALSE);

  text = g_strstrip (g_strdup (san));
  if (self->game == NULL || !self->has_position || !self->interactive)
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE,
                           _("No move can be made on this board"));
      return FALSE;
    }
  if (!self->can_move)
    {
      const char *why;

      if (caissa_game_get_outcome (self->game) != CAISSA_OUTCOME_NONE)
        why = _("The game is over");
      else if (caissa_game_get_awaiting_press (self->game))
        why = _("The clock must be pressed first");
      else if (caissa_game_get_ply (self->game) != caissa_game_get_n_plies (self->game))
        why = _("An earlier position is shown: go to the last move to play");
      else
        why = _("No move can be made now");
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }

  move = chess_san_parse (&self->position, text, strlen (text), &err);
  if (move == CHESS_MOVE_NONE)
    {
      /* The core's reason, in the core's words. */
      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_SAN, "%s", err.message);
      return FALSE;
    }
  if (!_caissa_board_move_allowed (self, move))
    {
      char name[3];
      ChessSquare square = self->committed != CHESS_NO_SQUARE ? self->committed : self->committed_target;

      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                   self->committed != CHESS_NO_SQUARE
                   ? _("Touch-move: you must move the piece on %s")
                   : _("Touch-move: you must capture the piece on %s"),
                   chess_square_name (square, name));
      return FALSE;
    }

  if (!_caissa_board_play (self, move, FALSE, error))
    return FALSE;
  self->cursor = chess_move_to (move);
  _caissa_board_update_accessible (self);
  return TRUE;
}

/* The characters a move in SAN can begin with. */
static gboolean
starts_san (gunichar c)
{
  return c != 0 && c < 128 && strchr ("abcdefghNBRQKO0", (int) c) != NULL;
}

/* ---------------------------------------------------------------------- */
/* Event controllers */

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CaissaBoard           *self)
{
  GdkModifierType mods = state & gtk_accelerator_get_default_mod_mask ();
  gunichar c;

  if (keyval == GDK_KEY_Escape)
    {
      if (self->selected != CHESS_NO_SQUARE || self->promotion_to != CHESS_NO_SQUARE
          || self->dragging)
        {
          caissa_board_cancel (self);
          _caissa_board_update_accessible (self);
          return GDK_EVENT_STOP;
        }
      if (self->keyboard_cursor)
        {
          caissa_board_set_keyboard_cursor (self, FALSE);
          return GDK_EVENT_STOP;
        }
      return GDK_EVENT_PROPAGATE;
    }

  /* Shortcuts with Control or Alt belong to the window. */
  if ((mods & ~GDK_SHIFT_MASK) != 0)
    return GDK_EVENT_PROPAGATE;

  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      if (!self->keyboard_cursor)
        caissa_board_set_keyboard_cursor (self, TRUE);
      else if (can_act (self))
        activate_cursor (self);
      return GDK_EVENT_STOP;

    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      /* Otherwise Space is the clock's. */
      if (self->keyboard_cursor && mods == 0 && can_act (self))
        {
          activate_cursor (self);
          return GDK_EVENT_STOP;
        }
      return GDK_EVENT_PROPAGATE;

    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      /* Without the cursor the arrows are the window's (move navigation). */
      if (!self->keyboard_cursor || mods != 0)
        return GDK_EVENT_PROPAGATE;
      if (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left)
        move_cursor (self, -1, 0);
      else if (keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right)
        move_cursor (self, 1, 0);
      else if (keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up)
        move_cursor (self, 0, 1);
      else
        move_cursor (self, 0, -1);
      return GDK_EVENT_STOP;

    default:
      break;
    }

  c = gdk_keyval_to_unicode (keyval);
  if (self->keyboard_cursor && can_act (self) && starts_san (c))
    {
      char text[8] = { 0 };
      gboolean handled = FALSE;

      g_unichar_to_utf8 (c, text);
      g_signal_emit_by_name (self, "start-typing", text, &handled);
      if (handled)
        return GDK_EVENT_STOP;
    }

  return GDK_EVENT_PROPAGATE;
}

static void
focus_changed_cb (GtkEventControllerFocus *controller,
                  CaissaBoard             *self)
{
  /* The cursor is drawn only while the board has the focus. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_caissa_board_init_keyboard (CaissaBoard *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  g_signal_connect (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}
