/* chess-posdb-sig.c — per-game signatures for pruning pattern searches.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See chess-posdb-sig.h.
 */
#include "chess-posdb-sig.h"

#include <string.h>

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

      chess_posdb_sig_set (sig, chess_posdb_sig_bit (chess_piece_color (pc), chess_piece_type (pc), sq));
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
          unsigned bit = chess_posdb_sig_bit (c, t, sq);
          ChessPiece there = initial.board[sq];

          chess_posdb_sig_set (q->fen, bit);
          /* At ply 0 of a game from the initial position: nothing to ask. */
          if (!(there != CHESS_NO_PIECE && chess_piece_color (there) == c
                && chess_piece_type (there) == t))
            chess_posdb_sig_set (q->std, bit);
          q->any = true;
        }
}
