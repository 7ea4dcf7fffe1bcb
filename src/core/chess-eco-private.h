/* chess-eco-private.h — the table eco-gen writes (chess-eco-data.c, built).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-eco.h"

/* The keys in an open-addressing table: slot = key's low bits, then the
 * next slots in turn; an empty slot has index CHESS_ECO_EMPTY. A lookup
 * reads one or two cache lines (the keys are random bits already). */
#define CHESS_ECO_SLOTS 8192u
#define CHESS_ECO_EMPTY 0xffffu

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
extern const uint64_t      chess_eco_slot_keys[];     /* CHESS_ECO_SLOTS */
extern const uint16_t      chess_eco_slot_index[];    /* CHESS_ECO_SLOTS, into chess_eco_table */
extern const ChessEcoReach chess_eco_reach[];
extern const unsigned      chess_eco_reach_len;
extern const unsigned      chess_eco_merged_len;
