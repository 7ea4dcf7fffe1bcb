/* caissa-board.h — the chessboard widget.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaissaBoard shows the position a CaissaGame shows and lets the user move
 * by click-click or drag-and-drop. It holds no rules: legal moves come from
 * the core, moves go to caissa_game_play_move().
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-types.h"
#include "caissa-game.h"
#include "caissa-piece-set.h"

G_BEGIN_DECLS

/* Colours of arrows and marked squares, as PGN's [%cal]/[%csl] name them
 * (G, R, Y, B). */
typedef enum
{
  CAISSA_BOARD_MARK_GREEN,
  CAISSA_BOARD_MARK_RED,
  CAISSA_BOARD_MARK_YELLOW,
  CAISSA_BOARD_MARK_BLUE,
} CaissaBoardMarkColor;

typedef struct
{
  ChessSquare          from;
  ChessSquare          to;
  CaissaBoardMarkColor color;
} CaissaBoardArrow;

typedef struct
{
  ChessSquare          square;
  CaissaBoardMarkColor color;
} CaissaBoardMark;

#define CAISSA_TYPE_BOARD (caissa_board_get_type ())

G_DECLARE_FINAL_TYPE (CaissaBoard, caissa_board, CAISSA, BOARD, GtkWidget)

GtkWidget      *caissa_board_new                (void);

CaissaGame     *caissa_board_get_game           (CaissaBoard *self);
void            caissa_board_set_game           (CaissaBoard *self,
                                                 CaissaGame  *game);
gboolean        caissa_board_get_flipped        (CaissaBoard *self);
void            caissa_board_set_flipped        (CaissaBoard *self,
                                                 gboolean     flipped);
gboolean        caissa_board_get_show_coordinates (CaissaBoard *self);
void            caissa_board_set_show_coordinates (CaissaBoard *self,
                                                   gboolean     show);
gboolean        caissa_board_get_show_legal_moves (CaissaBoard *self);
void            caissa_board_set_show_legal_moves (CaissaBoard *self,
                                                   gboolean     show);
gboolean        caissa_board_get_animate        (CaissaBoard *self);
void            caissa_board_set_animate        (CaissaBoard *self,
                                                 gboolean     animate);
gboolean        caissa_board_get_touch_move     (CaissaBoard *self);
void            caissa_board_set_touch_move     (CaissaBoard *self,
                                                 gboolean     touch_move);
gboolean        caissa_board_get_interactive    (CaissaBoard *self);
void            caissa_board_set_interactive    (CaissaBoard *self,
                                                 gboolean     interactive);

/* Built-in themes: "brown" (the default), "green", "blue", "grey".
 * set_colors() makes the theme "custom". */
const char     *caissa_board_get_theme          (CaissaBoard *self);
void            caissa_board_set_theme          (CaissaBoard *self,
                                                 const char  *theme);
void            caissa_board_set_colors         (CaissaBoard   *self,
                                                 const GdkRGBA *light,
                                                 const GdkRGBA *dark);
const char    *const *caissa_board_get_theme_names (void);

CaissaPieceSet *caissa_board_get_piece_set      (CaissaBoard    *self);
void            caissa_board_set_piece_set      (CaissaBoard    *self,
                                                 CaissaPieceSet *piece_set);

/* Arrows and marked squares ([%cal]/[%csl], practice hints). The arrays are
 * copied; n = 0 clears. */
void            caissa_board_set_arrows         (CaissaBoard            *self,
                                                 const CaissaBoardArrow *arrows,
                                                 guint                   n_arrows);
/* One more arrow, kept apart from those above (the engine's best move):
 * from CHESS_NO_SQUARE removes it. */
void            caissa_board_set_hint_arrow     (CaissaBoard          *self,
                                                 ChessSquare           from,
                                                 ChessSquare           to,
                                                 CaissaBoardMarkColor  color);
void            caissa_board_set_marks          (CaissaBoard           *self,
                                                 const CaissaBoardMark *marks,
                                                 guint                  n_marks);

/* Geometry, for keyboard cursors and tests: the square under a point in
 * widget coordinates (CHESS_NO_SQUARE outside the board) and the bounds of
 * a square. */
ChessSquare     caissa_board_get_square_at      (CaissaBoard     *self,
                                                 double           x,
                                                 double           y);
gboolean        caissa_board_get_square_bounds  (CaissaBoard     *self,
                                                 ChessSquare      square,
                                                 graphene_rect_t *bounds);

/* The context menu, shown by a secondary click or a long press on the
 * board (none when NULL, the default). */
void            caissa_board_set_menu_model     (CaissaBoard *self,
                                                 GMenuModel  *menu);
/* Shows the context menu at (x, y) in the board's coordinates (a
 * keyboard's Menu key, or where the secondary button draws instead). */
void            caissa_board_popup_menu         (CaissaBoard *self,
                                                 double       x,
                                                 double       y);
/* The menu's popover once it has been shown, else NULL (for tests). */
GtkWidget      *caissa_board_get_menu_popover   (CaissaBoard *self);

/* Acts as a click on the square (select, move, choose a promotion piece),
 * for keyboard play. */
void            caissa_board_activate_square    (CaissaBoard *self,
                                                 ChessSquare  square);
/* Drops the selection and closes the promotion chooser (Escape). Under the
 * touch-move rule a committed piece stays committed. */
void            caissa_board_cancel             (CaissaBoard *self);

ChessSquare     caissa_board_get_selected_square  (CaissaBoard *self);
/* Touch-move: the own piece the player must move, and the opponent piece he
 * must capture; CHESS_NO_SQUARE when none. */
ChessSquare     caissa_board_get_committed_square (CaissaBoard *self);
ChessSquare     caissa_board_get_committed_target (CaissaBoard *self);
/* The promotion square while the chooser is open, else CHESS_NO_SQUARE. */
ChessSquare     caissa_board_get_promotion_square (CaissaBoard *self);

/* Keyboard play. While the board has the focus and shows its keyboard
 * cursor ("keyboard-cursor"), the arrow keys move the cursor, Enter and
 * Space act on its square as a click would, Escape drops the selection and
 * then hides the cursor, and a key that can start a move in SAN (a–h, N, B,
 * R, Q, K, O) emits ::start-typing. The cursor shows when the focus comes
 * by the keyboard (Tab) or on Enter, and hides on a click. Space is left to
 * the window (the clock) whenever no move can be made. */
gboolean        caissa_board_get_keyboard_cursor (CaissaBoard *self);
void            caissa_board_set_keyboard_cursor (CaissaBoard *self,
                                                  gboolean     shown);
ChessSquare     caissa_board_get_cursor         (CaissaBoard *self);
void            caissa_board_set_cursor         (CaissaBoard *self,
                                                 ChessSquare  square);
/* Plays a move typed in SAN ("Nf3", "O-O", "e8=Q") on the shown position,
 * within the touch-move commitment; on failure the error says why. */
gboolean        caissa_board_play_san           (CaissaBoard  *self,
                                                 const char   *san,
                                                 GError      **error);
/* "e4, white pawn", "d5, empty square": how a square is announced. */
char           *caissa_board_describe_square    (CaissaBoard *self,
                                                 ChessSquare  square);
/* What assistive technology is told about the board now (its accessible
 * description): the cursor's square, the selection, a touch-move
 * commitment, the last move. */
const char     *caissa_board_get_announcement   (CaissaBoard *self);
/* "key value" lines for tests driving the app from outside (dump-state):
 * cursor, keyboard-cursor, selected, theme, show-coordinates, … */
void            caissa_board_append_state       (CaissaBoard *self,
                                                 GString     *out);

G_END_DECLS
