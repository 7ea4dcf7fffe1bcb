/* chess-eco.h — opening names (ECO codes) by position.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is lichess's chess-openings set (data/openings/, CC0), compiled
 * at build time by eco-gen (src/core/eco-gen.c) into the Zobrist keys of the
 * positions its lines reach: a lookup is a binary search over a few thousand
 * 64-bit keys, cheap enough to call for every position of every game.
 * Positions, not move orders, are named, so transpositions are found: the
 * key is the one repetition compares (pieces, side to move, castling
 * rights, e.p. file only when an e.p. capture is legal).
 *
 * A game is classified as the data set advises: the LAST named position on
 * its main line (or on the path to a given move) names its opening.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "chess-game.h"
#include "chess-position.h"

typedef struct
{
  char        eco[4];   /* "B90" */
  const char *name;     /* "Sicilian Defense: Najdorf Variation" (English, as in the set) */
  uint16_t    plies;    /* length of the set's line that names it */
} ChessEco;

/* The named openings, in the set's order (by ECO code, then as listed).
 * Lines of the set that reach a position already named by an earlier line
 * are merged into that earlier entry (chess_eco_n_merged() of them). */
unsigned        chess_eco_count     (void);
const ChessEco *chess_eco_nth       (unsigned index);
/* Index of an entry (for storing a classification in 16 bits). */
unsigned        chess_eco_index     (const ChessEco *eco);
unsigned        chess_eco_n_merged  (void);
/* Lines of the source set (chess_eco_count () + chess_eco_n_merged ()). */
unsigned        chess_eco_n_lines   (void);

/* The opening named at this exact position, or NULL. */
const ChessEco *chess_eco_lookup          (uint64_t key);
const ChessEco *chess_eco_lookup_position (const ChessPosition *pos);

/* Classification as positions go by: feed the positions of a line in
 * order (ply 0 = the start). opening/ply are the last named one so far.
 * Once no named position can be reached any more (too few pieces left, or
 * a pawn gone from its starting rank that every remaining named position
 * still has there), done turns true and later positions are skipped:
 * callers may stop feeding. */
typedef struct
{
  const ChessEco *opening;   /* NULL: nothing named reached */
  unsigned        ply;       /* ply of that position (0 when none) */
  bool            done;
  /* chess_eco_walk_move()'s last move, made only by _finish(). */
  bool            pending;
  ChessMove       last_move;
  unsigned        last_ply;
  ChessPosition   last_before;
} ChessEcoWalk;

void            chess_eco_walk_init     (ChessEcoWalk *walk);
/* Returns !walk->done. */
bool            chess_eco_walk_position (ChessEcoWalk *walk, const ChessPosition *pos,
                                         unsigned ply);

/* For a PGN visitor: the main-line move played from before, the
 * position after it being ply. The position before is looked at (each
 * move's is the previous one's after), the move itself kept: call
 * chess_eco_walk_finish() at the end of the line for its last position. */
void            chess_eco_walk_move     (ChessEcoWalk *walk, const ChessPosition *before,
                                         ChessMove move, unsigned ply);
void            chess_eco_walk_finish   (ChessEcoWalk *walk);

/* The game's main line from its start position. */
void            chess_eco_classify_game (const ChessGame *game, ChessEcoWalk *walk);
/* The path from the start to node (node included): what the board shows
 * when node is the current move. */
void            chess_eco_classify_node (const ChessGame *game, ChessNodeId node,
                                         ChessEcoWalk *walk);
