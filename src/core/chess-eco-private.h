/* chess-eco-private.h — the table eco-gen writes (chess-eco-data.c, built).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-eco.h"

typedef struct
{
  uint64_t key;
  uint16_t index;   /* into chess_eco_table */
} ChessEcoKey;

/* What a position must still have for a named position to follow: the
 * white pawns on rank 2 and the black pawns on rank 7 (bit = file; no pawn
 * ever comes back there) and at least this many pieces (never more come).
 * One row per distinct pair of pawn masks, with the fewest pieces. */
typedef struct
{
  uint8_t white_rank2;
  uint8_t black_rank7;
  uint8_t pieces;
} ChessEcoReach;

extern const ChessEco      chess_eco_table[];
extern const unsigned      chess_eco_table_len;
extern const ChessEcoKey   chess_eco_keys[];      /* chess_eco_table_len, by key */
extern const ChessEcoReach chess_eco_reach[];
extern const unsigned      chess_eco_reach_len;
extern const unsigned      chess_eco_merged_len;
