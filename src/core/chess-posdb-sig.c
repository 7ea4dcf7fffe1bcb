/* chess-posdb-sig.c — per-game signatures for pruning pattern searches.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See chess-posdb-sig.h. The bit of a triple is fixed (it is stored in
 * the image, whose version changes if this mapping does).
 */
#include "chess-posdb-sig.h"

#include <string.h>

/* Triple (colour, type 1…6, square) → bit 0…255: a multiplicative hash,
 * so that the triples one game holds (pieces of one side near each
 * other) spread over the words. */
static inline unsigned
sig_bit (unsigned color,
         unsigned type,
         unsigned sq)
{
  uint32_t i = (color * 6 + (type - 1)) * 64 + sq + 1;

  return (i * 0x9E3779B1u) >> 24;
}

static inline void
sig_set (uint64_t *sig,
         unsigned  bit)
{
  sig[bit >> 6] |= (uint64_t) 1 << (bit & 63);
}

void
chess_posdb_sig_start (uint64_t            *sig,
                       const ChessPosition *start,
                       bool                 from_fen)
{
  memset (sig, 0, CHESS_POSDB_SIG_WORDS * sizeof sig[0]);
  if (!from_fen)
    return;
  for (ChessBitboard occ = start->by_type[0]; occ; occ &= occ - 1)
    {
      unsigned sq = (unsigned) __builtin_ctzll (occ);
      ChessPiece pc = start->board[sq];

      sig_set (sig, sig_bit (chess_piece_color (pc), chess_piece_type (pc), sq));
    }
}

void
chess_posdb_sig_move (uint64_t            *sig,
                      ChessBitboard        before_own,
                      unsigned             mover,
                      const ChessPosition *after)
{
  for (ChessBitboard arrived = after->by_color[mover] & ~before_own; arrived; arrived &= arrived - 1)
    {
      unsigned sq = (unsigned) __builtin_ctzll (arrived);

      sig_set (sig, sig_bit (mover, chess_piece_type (after->board[sq]), sq));
    }
}

void
chess_posdb_sig_query (ChessPosdbSigQuery    *q,
                       const ChessPosPattern *pt)
{
  ChessPosition initial;

  memset (q, 0, sizeof *q);
  chess_position_init_start (&initial);
  for (unsigned c = 0; c < 2; c++)
    for (unsigned t = CHESS_PAWN; t <= CHESS_KING; t++)
      for (ChessBitboard want = pt->pieces[c][t]; want; want &= want - 1)
        {
          unsigned sq = (unsigned) __builtin_ctzll (want);
          unsigned bit = sig_bit (c, t, sq);
          ChessPiece there = initial.board[sq];

          sig_set (q->fen, bit);
          /* At ply 0 of a game from the initial position: nothing to ask. */
          if (!(there != CHESS_NO_PIECE && chess_piece_color (there) == c
                && chess_piece_type (there) == t))
            sig_set (q->std, bit);
          q->any = true;
        }
}
