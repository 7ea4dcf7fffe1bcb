/* test-legal.c — one move's legality, tested on its own, against the list.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * chess_position_is_legal () and chess_position_find_move () look at one
 * move with the cached checkers and pinned pieces instead of generating
 * every legal move. Here every 16-bit value, and every from/to/promotion
 * triple, is checked against chess_generate_legal () in positions that
 * hold pins, checks, e.p. captures (legal and not), promotions and
 * castling; and the cached checkers and blockers against a plain
 * definition.
 */
#include "config.h"

#include "chess-san.h"
#include "core-test-util.h"

/* find_move as its header describes it, over the list. */
static ChessMove
listed_find (const ChessMoveList *list,
             ChessSquare          from,
             ChessSquare          to,
             ChessPieceType       promotion)
{
  ChessMove fallback = CHESS_MOVE_NONE;

  for (unsigned i = 0; i < list->count; i++)
    {
      ChessMove m = list->moves[i];
      if (chess_move_from (m) != from)
        continue;
      if (chess_move_kind (m) == CHESS_MOVE_CASTLING)
        {
          /* Two squares, or onto the rook. */
          unsigned rook = chess_move_to (m) > from ? from + 3u : from - 4u;
          if (chess_move_to (m) == to || rook == to)
            return m;
          continue;
        }
      if (chess_move_to (m) != to)
        continue;
      if (chess_move_kind (m) != CHESS_MOVE_PROMOTION || chess_move_promotion (m) == promotion)
        return m;
      if (chess_move_promotion (m) == CHESS_QUEEN && (promotion < CHESS_KNIGHT || promotion > CHESS_QUEEN))
        fallback = m;
    }
  return fallback;
}

static void
check_position (const ChessPosition *pos)
{
  static guint8 listed[65536];
  ChessMoveList list;
  ChessColor us = (ChessColor) pos->side;
  ChessSquare king = chess_position_king (pos, us);
  ChessBitboard occ = pos->by_type[0], blockers = 0;
  char fen[CHESS_FEN_MAX];

  chess_fen_write (pos, fen);
  chess_generate_legal (pos, &list);
  memset (listed, 0, sizeof listed);
  for (unsigned i = 0; i < list.count; i++)
    listed[list.moves[i]] = 1;
  for (unsigned m = 0; m < 65536; m++)
    if (chess_position_is_legal (pos, (ChessMove) m) != (listed[m] && m != CHESS_MOVE_NULL))
      g_error ("%s: chess_position_is_legal (%04x) disagrees with the list", fen, m);

  for (unsigned from = 0; from < 64; from++)
    for (unsigned to = 0; to < 64; to++)
      for (int promo = CHESS_NO_PIECE_TYPE; promo <= CHESS_KING; promo++)
        {
          ChessMove want = listed_find (&list, (ChessSquare) from, (ChessSquare) to, (ChessPieceType) promo);
          ChessMove got = chess_position_find_move (pos, (ChessSquare) from, (ChessSquare) to,
                                                    (ChessPieceType) promo);
          if (got != want)
            g_error ("%s: find_move (%u, %u, %d) gave %04x, the list %04x", fen, from, to, promo, got, want);
        }

  /* Checkers: what attacks the king. Blockers: the pieces, of either
   * side, whose removal lets an enemy piece attack it. */
  g_assert_cmpuint (pos->checkers, ==, chess_position_attackers (pos, king, (ChessColor) (us ^ 1), occ));
  for (unsigned sq = 0; sq < 64; sq++)
    {
      ChessBitboard bit = (ChessBitboard) 1 << sq, before, after;
      if (!(occ & bit))
        continue;
      before = chess_position_attackers (pos, king, (ChessColor) (us ^ 1), occ);
      after = chess_position_attackers (pos, king, (ChessColor) (us ^ 1), occ & ~bit) & ~bit;
      if (after & ~before)
        blockers |= bit;
    }
  g_assert_cmpuint (pos->blockers, ==, blockers);
}

static const char *const special[] = {
  /* Pins along a diagonal, a file and a rank, pawns pinned both ways. */
  "4k3/8/8/8/8/2b5/3B4/4K3 w - - 0 1",
  "k3r3/8/8/8/8/3p4/4P3/4K3 w - - 0 1",
  "k7/8/8/8/8/2b5/3P4/4K3 w - - 0 1",
  "3rk3/8/8/8/8/8/R2R4/3K4 w - - 0 1",
  "4k3/8/8/8/r2NK3/8/8/8 w - - 0 1",
  /* E.p.: illegal along the rank, legal out of check, pinned, for Black. */
  "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
  "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1",
  "8/8/8/8/k2Pp2R/8/8/7K b - d3 0 1",
  "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
  "7k/8/8/1b1pP3/8/8/6K1/8 w - d6 0 1",
  /* Promotions, capturing and pinned. */
  "b1r1k3/1P6/8/8/8/8/8/7K w - - 0 1",
  "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
  "4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1",
  /* Castling: free, through check, out of check, past an attacked b1. */
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
  "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
  "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",
  "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
  /* Double check. */
  "4k3/8/8/8/8/5n2/8/r2BK3 w - - 0 1",
};

static void
test_special (void)
{
  for (unsigned i = 0; i < G_N_ELEMENTS (special); i++)
    {
      ChessPosition pos;
      load_fen (&pos, special[i]);
      check_position (&pos);
    }
}

static void
test_suite (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();

  for (unsigned i = 0; i < lines->len; i++)
    {
      ChessPosition pos;
      ChessMoveList list;

      load_fen (&pos, g_array_index (lines, EpdLine, i).fen);
      check_position (&pos);
      chess_generate_legal (&pos, &list);
      for (unsigned k = 0; k < list.count; k += 7)
        {
          ChessPosition next = pos;
          chess_position_make_move (&next, list.moves[k]);
          check_position (&next);
        }
    }
}

/* Random games: long enough to promote, with many e.p. chances. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (64);

  for (int game = 0; game < 12; game++)
    {
      ChessPosition pos;
      chess_position_init_start (&pos);
      for (int ply = 0; ply < 200; ply++)
        {
          ChessMoveList list;
          if (chess_generate_legal (&pos, &list) == 0)
            break;
          if (ply % 3 == 0 || pos.ep_square != CHESS_NO_SQUARE || pos.checkers)
            check_position (&pos);
          chess_position_make_move (&pos, list.moves[g_rand_int_range (rand, 0, (gint32) list.count)]);
        }
    }
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/legal/special", test_special);
  g_test_add_func ("/core/legal/suite", test_suite);
  g_test_add_func ("/core/legal/random-games", test_random_games);

  return g_test_run ();
}
