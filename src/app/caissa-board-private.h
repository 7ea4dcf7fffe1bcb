/* caissa-board-private.h — CaissaBoard internals shared by its source files
 * and its tests.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-board.h"
#include "chess-position.h"

G_BEGIN_DECLS

struct _CaissaBoard
{
  GtkWidget       parent_instance;

  CaissaGame     *game;
  CaissaPieceSet *piece_set;

  /* A copy of the shown position and its legal moves. */
  ChessPosition   position;
  ChessMoveList   legal;
  ChessMove       last_move;
  guint           has_position : 1;
  guint           can_move : 1;

  guint           flipped : 1;
  guint           show_coordinates : 1;
  guint           show_legal_moves : 1;
  guint           animate : 1;
  guint           touch_move : 1;
  guint           interactive : 1;

  char           *theme;
  GdkRGBA         light;
  GdkRGBA         dark;

  GArray         *arrows;
  GArray         *marks;
  /* The engine's best move (the analysis panel), over the comment's arrows. */
  CaissaBoardArrow hint;

  /* Geometry: whole-pixel squares, the board centred in the allocation. */
  int             square_size;
  int             origin_x;
  int             origin_y;
  int             texture_size;    /* square_size × scale factor */
  guint           rasterize_id;

  /* The static layer, in board coordinates: squares, coordinates,
   * highlights and marks under the pieces; resting pieces and arrows. */
  GskRenderNode  *background_node;
  GskRenderNode  *pieces_node;
  guint           static_builds;

  /* Input. */
  ChessSquare     selected;
  ChessSquare     press_square;    /* the own piece pressed, a drag candidate */
  guint           press_was_selected : 1;
  guint           press_consumed : 1;
  guint           dragging : 1;
  guint           suppress_animation : 1;
  double          press_x;
  double          press_y;
  double          pointer_x;       /* board coordinates while dragging */
  double          pointer_y;
  ChessSquare     lifted;          /* ghosted in the static layer while dragged */
  ChessSquare     hover;
  const char     *cursor_name;     /* static string */

  /* Keyboard play: the cursor square, whether it is shown, and what the
   * accessible description says. */
  ChessSquare     cursor;
  guint           keyboard_cursor : 1;
  char           *announcement;

  /* Touch-move (RULES.md §4). */
  ChessSquare     committed;
  ChessSquare     committed_target;

  /* Promotion chooser. */
  ChessSquare     promotion_from;
  ChessSquare     promotion_to;

  /* Move animation: up to two sliding pieces (king and rook). */
  guint           tick_id;
  gint64          anim_start;
  double          anim_progress;
  guint           n_anim;
  struct
  {
    ChessPiece  piece;
    ChessSquare from;
    ChessSquare to;
  }               anim[2];
  ChessBitboard   hidden;          /* squares the static layer leaves empty */

  /* The context menu (secondary click, long press), when a model is set. */
  GMenuModel     *menu_model;
  GtkWidget      *popover;
};

#define CAISSA_BOARD_ANIMATION_USEC 150000
#define CAISSA_BOARD_DRAG_THRESHOLD 3.0

/* caissa-board.c */
void         _caissa_board_invalidate_static   (CaissaBoard *self);
void         _caissa_board_invalidate_pieces   (CaissaBoard *self);
gboolean     _caissa_board_square_origin       (CaissaBoard *self,
                                                ChessSquare  square,
                                                float       *x,
                                                float       *y);
ChessSquare  _caissa_board_square_at_board     (CaissaBoard *self,
                                                double       bx,
                                                double       by);
void         _caissa_board_start_animation     (CaissaBoard *self);
void         _caissa_board_finish_animation    (CaissaBoard *self);
guint        _caissa_board_get_static_builds   (CaissaBoard *self);

/* caissa-board-draw.c */
void         _caissa_board_snapshot            (CaissaBoard *self,
                                                GtkSnapshot *snapshot);

/* caissa-board-keyboard.c */
void         _caissa_board_init_keyboard       (CaissaBoard *self);
void         _caissa_board_update_accessible   (CaissaBoard *self);
gboolean     _caissa_board_cursor_shown        (CaissaBoard *self);
ChessSquare  _caissa_board_default_cursor      (CaissaBoard *self);

/* caissa-board-input.c */
void         _caissa_board_init_input          (CaissaBoard *self);
/* The context menu's gestures (caissa-board-input.c). */
void         _caissa_board_init_menu           (CaissaBoard *self);
gboolean     _caissa_board_move_allowed        (CaissaBoard *self,
                                                ChessMove    move);
gboolean     _caissa_board_play                (CaissaBoard  *self,
                                                ChessMove     move,
                                                gboolean      dragged,
                                                GError      **error);
void         _caissa_board_reset_input         (CaissaBoard *self,
                                                gboolean     keep_commitment);
ChessBitboard _caissa_board_targets            (CaissaBoard *self,
                                                ChessSquare  from);
gboolean     _caissa_board_promotion_slot      (CaissaBoard *self,
                                                guint        slot,
                                                ChessSquare *square);
ChessPieceType _caissa_board_promotion_piece   (guint        slot);

/* Pointer events in widget coordinates, as the gestures deliver them
 * (tests call these directly). */
void         _caissa_board_press               (CaissaBoard *self,
                                                double       x,
                                                double       y);
void         _caissa_board_motion              (CaissaBoard *self,
                                                double       x,
                                                double       y);
void         _caissa_board_release             (CaissaBoard *self,
                                                double       x,
                                                double       y);

G_END_DECLS
