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

/* Triple (colour, type 1…6, square) → bit 0…255: a multiplicative hash,
 * so that the triples one game holds (pieces of one side near each
 * other) spread over the words. Fixed: it is stored in the image, whose
 * version changes if this mapping does. */
static inline unsigned
chess_posdb_sig_bit (unsigned color,
                     unsigned type,
                     unsigned sq)
{
  uint32_t i = (color * 6 + (type - 1)) * 64 + sq + 1;

  return (i * 0x9E3779B1u) >> 24;
}

static inline void
chess_posdb_sig_set (uint64_t *sig,
                     unsigned  bit)
{
  sig[bit >> 6] |= (uint64_t) 1 << (bit & 63);
}

/* The start of a game: from a FEN, every piece is recorded. */
void chess_posdb_sig_start (uint64_t *sig, const ChessPosition *start, bool from_fen);
void chess_posdb_sig_query (ChessPosdbSigQuery *q, const ChessPosPattern *pattern);

/* Move m (legal in before): the pieces of the mover that arrive on a
 * square (the moved piece, or the promoted one; the king and the rook
 * when castling). */
static inline void
chess_posdb_sig_move (uint64_t            *sig,
                      const ChessPosition *before,
                      ChessMove            m)
{
  unsigned mover = before->side & 1, from = chess_move_from (m), to = chess_move_to (m);
  ChessMoveKind kind = chess_move_kind (m);

  if (m == CHESS_MOVE_NULL)
    return;
  if (kind == CHESS_MOVE_PROMOTION)
    chess_posdb_sig_set (sig, chess_posdb_sig_bit (mover, chess_move_promotion (m), to));
  else
    chess_posdb_sig_set (sig, chess_posdb_sig_bit (mover, chess_piece_type (before->board[from]), to));
  if (kind == CHESS_MOVE_CASTLING)
    chess_posdb_sig_set (sig, chess_posdb_sig_bit (mover, CHESS_ROOK, to > from ? from + 1 : from - 1));
}

static inline bool
chess_posdb_sig_may_match (const ChessPosdbSigQuery *q,
                           const uint64_t           *sig,
                           bool                      from_fen)
{
  const uint64_t *need = from_fen ? q->fen : q->std;

  return ((sig[0] & need[0]) == need[0]) & ((sig[1] & need[1]) == need[1])
         & ((sig[2] & need[2]) == need[2]) & ((sig[3] & need[3]) == need[3]);
}
