/* helpmate-solver.h — exhaustive helpmate reachability for piece-only
 * endings (test tool, not shipped).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For one material combination (two kings and up to three other pieces, no
 * pawns) a table holds, for every placement and both sides to move, whether
 * White and whether Black can still deliver mate by some series of legal
 * moves (the other side helping): retrograde reachability from the mates,
 * seeded also by the captures that lead into a smaller combination's table.
 * It is the proof that chess_can_mate() is exact (tests/test-can-mate.c,
 * tests/helpmate-proof.c).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "chess-position.h"

#define HM_MAX_PIECES 3

/* Entry bits. */
enum
{
  HM_WHITE_MATES = 1 << 0,   /* White can still mate */
  HM_BLACK_MATES = 1 << 1,   /* Black can still mate */
  HM_LEGAL       = 1 << 2,   /* the placement is a legal position */
  HM_MATE        = 1 << 3,   /* the side to move is checkmated */
  HM_DONE_WHITE  = 1 << 4,   /* predecessors already marked (White) */
  HM_DONE_BLACK  = 1 << 5,
};

typedef struct HmTable HmTable;
struct HmTable
{
  unsigned    n;                        /* pieces besides the kings */
  ChessPiece  pieces[HM_MAX_PIECES];    /* sorted */
  size_t      per_side;                 /* entries per side to move */
  uint8_t    *entries;                  /* [side][white king 0..9][black king][piece 0]… */
  HmTable    *sub[HM_MAX_PIECES];       /* the table without piece i (captured) */
};

/* The tables built so far are kept (a sub-table serves many tables). */
HmTable *hm_table_get     (const ChessPiece *pieces, unsigned n);
void     hm_tables_free   (void);

/* Placement → entry; squares[0] white king, [1] black king, then the
 * pieces in the table's order. Applies the board's symmetry. */
size_t   hm_index         (const HmTable *table, const ChessSquare *squares, ChessColor side);
/* Entry → placement (white king in the a1-d1-d4 triangle). */
void     hm_decode        (const HmTable *table, size_t index, ChessSquare *squares, ChessColor *side);
/* Builds the ChessPosition of a legal entry. */
void     hm_position      (const HmTable *table, const ChessSquare *squares, ChessColor side,
                           ChessPosition *pos);

/* Looks up an arbitrary piece-only position of at most 5 men. Returns the
 * entry byte. */
uint8_t  hm_lookup        (const ChessPosition *pos);

/* "NB/R"-style name of a combination for reports. */
void     hm_table_name    (const HmTable *table, char *buf, size_t size);
