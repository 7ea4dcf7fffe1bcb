/* chess-types.h — squares, pieces, moves: the vocabulary of the core.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t ChessBitboard;

typedef enum
{
  CHESS_WHITE = 0,
  CHESS_BLACK = 1,
} ChessColor;

/* Piece types start at 1 so that 0 can mean "none" everywhere. */
typedef enum
{
  CHESS_NO_PIECE_TYPE = 0,
  CHESS_PAWN = 1,
  CHESS_KNIGHT,
  CHESS_BISHOP,
  CHESS_ROOK,
  CHESS_QUEEN,
  CHESS_KING,
} ChessPieceType;

/* A piece is its type, plus 8 for black: W pawn 1 … W king 6, B pawn 9 … B king 14. */
typedef uint8_t ChessPiece;
#define CHESS_NO_PIECE 0
#define chess_piece_make(color, type) ((ChessPiece) (((color) << 3) | (type)))
#define chess_piece_type(p)           ((ChessPieceType) ((p) & 7))
#define chess_piece_color(p)          ((ChessColor) ((p) >> 3))

/* Squares: a1 = 0, b1 = 1, … h1 = 7, a2 = 8, … h8 = 63. */
typedef uint8_t ChessSquare;
#define CHESS_NO_SQUARE 64
#define chess_square_make(file, rank) ((ChessSquare) ((rank) * 8 + (file)))
#define chess_square_file(sq)         ((sq) & 7)
#define chess_square_rank(sq)         ((sq) >> 3)

/* Castling rights as a bit mask. */
enum
{
  CHESS_CASTLE_WK = 1,
  CHESS_CASTLE_WQ = 2,
  CHESS_CASTLE_BK = 4,
  CHESS_CASTLE_BQ = 8,
};

/* A move in 16 bits: from (6) | to (6) << 6 | kind (2) << 12 | promo (2) << 14.
 * Castling is encoded as the king's own two-square move (e1g1, e1c1);
 * promo is 0..3 for knight, bishop, rook, queen and meaningful only
 * when kind is CHESS_MOVE_PROMOTION. */
typedef uint16_t ChessMove;

typedef enum
{
  CHESS_MOVE_NORMAL = 0,
  CHESS_MOVE_PROMOTION = 1,
  CHESS_MOVE_EN_PASSANT = 2,
  CHESS_MOVE_CASTLING = 3,
} ChessMoveKind;

#define CHESS_MOVE_NONE 0
/* b1b1: never a real move; PGN's "--" / "Z0" / "0000". */
#define CHESS_MOVE_NULL 65

#define chess_move_from(m)  ((ChessSquare) ((m) & 63))
#define chess_move_to(m)    ((ChessSquare) (((m) >> 6) & 63))
#define chess_move_kind(m)  ((ChessMoveKind) (((m) >> 12) & 3))
/* The promotion piece type (CHESS_KNIGHT … CHESS_QUEEN), or CHESS_NO_PIECE_TYPE. */
#define chess_move_promotion(m) \
  (chess_move_kind (m) == CHESS_MOVE_PROMOTION ? (ChessPieceType) ((((m) >> 14) & 3) + CHESS_KNIGHT) \
                                               : CHESS_NO_PIECE_TYPE)
#define chess_move_make(from, to, kind) \
  ((ChessMove) ((from) | ((to) << 6) | ((kind) << 12)))
#define chess_move_make_promotion(from, to, type) \
  ((ChessMove) ((from) | ((to) << 6) | (CHESS_MOVE_PROMOTION << 12) | (((type) - CHESS_KNIGHT) << 14)))

/* The largest number of legal moves in any chess position is 218. */
#define CHESS_MAX_MOVES 256

typedef struct
{
  ChessMove moves[CHESS_MAX_MOVES];
  unsigned  count;
} ChessMoveList;

/* Writes "e2e4", "e7e8q", "0000" into buf (at least 6 bytes). Returns buf. */
char *chess_move_to_uci (ChessMove move, char *buf);
/* "e4" style square name into buf (at least 3 bytes); "-" for CHESS_NO_SQUARE. */
char *chess_square_name (ChessSquare sq, char *buf);
