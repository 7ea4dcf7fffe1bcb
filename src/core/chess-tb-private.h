/* chess-tb-private.h — the tablebases' own view of a position, shared by
 * chess-tb.c and chess-practice.c only.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-tb.h"

/* A position of one ending as the tables see it: colours are "strong" and
 * "lone", the squares are sq[0] strong king, sq[1] lone king, sq[2] and
 * sq[3] the pieces in the ending's order (Q; R; R R; B B; B N). */
typedef struct
{
  ChessTbEnding ending;
  uint8_t       npieces;      /* men on the board: 3 or 4 */
  uint8_t       lone_to_move; /* 0: the strong side is to move */
  uint8_t       sq[4];
} ChessTbTuple;

/* Reads board[], side and castling. False when the material is not one of
 * the endings or castling rights are set. */
bool     _chess_tb_tuple_from_position (const ChessPosition *pos, ChessTbTuple *t,
                                        ChessColor *strong);

/* Facts about the lone king in t, whoever is to move: is it in check, how
 * many legal non-capturing moves and legal captures would it have. False
 * when t is not a legal position with the lone king to move (squares
 * shared, kings adjacent). */
bool     _chess_tb_lone_facts          (const ChessTbTuple *t, bool *in_check,
                                        unsigned *moves, unsigned *captures);

/* The stored code of t: 0..CHESS_TB_MAX_DTM = plies to mate,
 * CHESS_TB_CODE_DRAW or CHESS_TB_CODE_ILLEGAL; -1 when the table cannot be
 * built (no memory). Builds the table if needed. */
#define CHESS_TB_MAX_DTM      199
#define CHESS_TB_CODE_DRAW    253
#define CHESS_TB_CODE_ILLEGAL 254
int      _chess_tb_tuple_code          (const ChessTbTuple *t);

/* A random practice start (see chess_practice_random_start): strong side
 * to move, lone king not in check, with a legal move, nothing it could
 * capture, a win in min_moves..max_moves, KBBK bishops on opposite
 * colours. Deterministic in *rng (a splitmix64 state, advanced). False
 * when no such position exists. */
bool     _chess_tb_random_start        (ChessTbEnding ending, unsigned min_moves,
                                        unsigned max_moves, uint64_t *rng, ChessTbTuple *t);

/* The longest distance (moves) among such starts; 0 on failure. */
unsigned _chess_tb_longest_start       (ChessTbEnding ending);

/* splitmix64: the practice's only source of randomness. */
uint64_t _chess_tb_rng_next            (uint64_t *state);
/* Uniform in 0..n-1 (n > 0). */
uint64_t _chess_tb_rng_below           (uint64_t *state, uint64_t n);
