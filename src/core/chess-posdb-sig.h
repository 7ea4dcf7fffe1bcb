/* chess-posdb-sig.h — a per-game signature that lets a pattern search
 * skip most games without replaying them (internal to chess-posdb*.c).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pattern (ChessPosPattern) asks for pieces on given squares at one
 * ply. A game can only match if each of those (colour, piece, square)
 * occurs at some ply of its main line. The signature records which did,
 * in 256 bits (a one-hash Bloom filter of the 768 possible triples): a
 * bit is set when a piece of the mover arrives on a square (the moved
 * piece, the castling rook, the promoted piece), and for a game from a
 * FEN for every piece of its start position. A game from the initial
 * position has the initial placement at ply 0, so those triples are not
 * recorded and a query does not ask for them. A clear bit proves the
 * triple never occurs; a set bit proves nothing (the game is replayed),
 * so the prune can never drop a matching game.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "chess-posdb.h"

#define CHESS_POSDB_SIG_WORDS 4   /* uint64_t words a game */

typedef struct
{
  uint64_t std[CHESS_POSDB_SIG_WORDS];   /* for a game from the initial position */
  uint64_t fen[CHESS_POSDB_SIG_WORDS];   /* for a game from a FEN */
  bool     any;                          /* some bit asked: the prune can work */
} ChessPosdbSigQuery;

/* The start of a game: from a FEN, every piece is recorded. */
void chess_posdb_sig_start (uint64_t *sig, const ChessPosition *start, bool from_fen);
/* After a move: the squares the mover's side newly holds (before_own: the
 * mover's pieces before the move; after: the position after it). */
void chess_posdb_sig_move  (uint64_t *sig, ChessBitboard before_own, unsigned mover,
                            const ChessPosition *after);
void chess_posdb_sig_query (ChessPosdbSigQuery *q, const ChessPosPattern *pattern);

static inline bool
chess_posdb_sig_may_match (const ChessPosdbSigQuery *q,
                           const uint64_t           *sig,
                           bool                      from_fen)
{
  const uint64_t *need = from_fen ? q->fen : q->std;

  return ((sig[0] & need[0]) == need[0]) & ((sig[1] & need[1]) == need[1])
         & ((sig[2] & need[2]) == need[2]) & ((sig[3] & need[3]) == need[3]);
}
