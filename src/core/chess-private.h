/* chess-private.h — internals shared by the core's own files.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-position.h"
#include "chess-bitboard.h"

/* Which FEN field a validation failure belongs to (for the column). */
typedef enum
{
  CHESS_FIELD_PLACEMENT = 0,
  CHESS_FIELD_SIDE,
  CHESS_FIELD_CASTLING,
  CHESS_FIELD_EP,
  CHESS_FIELD_HALFMOVE,
  CHESS_FIELD_FULLMOVE,
} ChessFenField;

/* Castling rights kept after a move touches a square (from or to). */
extern const uint8_t _chess_castle_keep[64];

bool     _chess_position_validate_field (const ChessPosition *pos, ChessError *error,
                                         ChessFenField *field);
uint64_t _chess_position_compute_key    (const ChessPosition *pos);
void     _chess_position_update_checks  (ChessPosition *pos);
/* True when `by` attacks sq given the occupancy. */
bool     _chess_square_attacked         (const ChessPosition *pos, ChessSquare sq,
                                         ChessColor by, ChessBitboard occupied);
