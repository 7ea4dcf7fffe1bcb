/* test-position.c — the board: set-up, make move, keys, legality helpers.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "core-test-util.h"

static ChessMove
uci (const ChessPosition *pos,
     const char          *text)
{
  ChessPieceType promo = CHESS_NO_PIECE_TYPE;
  ChessMove m;

  g_assert_cmpuint (strlen (text), >=, 4);
  if (text[4])
    promo = text[4] == 'q' ? CHESS_QUEEN : text[4] == 'r' ? CHESS_ROOK
            : text[4] == 'b' ? CHESS_BISHOP : CHESS_KNIGHT;
  m = chess_position_find_move (pos, chess_square_make (text[0] - 'a', text[1] - '1'),
                                chess_square_make (text[2] - 'a', text[3] - '1'), promo);
  if (m == CHESS_MOVE_NONE)
    g_error ("no legal move %s", text);
  return m;
}

static void
play (ChessPosition *pos,
      const char    *moves)
{
  char **words = g_strsplit (moves, " ", -1);

  for (unsigned i = 0; words[i]; i++)
    if (words[i][0])
      chess_position_make_move (pos, uci (pos, words[i]));
  g_strfreev (words);
}

static void
assert_fen (const ChessPosition *pos,
            const char          *fen)
{
  char buf[CHESS_FEN_MAX];

  g_assert_cmpstr (chess_fen_write (pos, buf), ==, fen);
}

static void
test_start (void)
{
  ChessPosition pos, parsed;

  chess_position_init_start (&pos);
  assert_fen (&pos, CHESS_START_FEN);
  g_assert_cmpuint (chess_count_legal (&pos), ==, 20);
  g_assert_true (chess_position_is_consistent (&pos));
  load_fen (&parsed, CHESS_START_FEN);
  g_assert_cmpuint (parsed.key, ==, pos.key);
  g_assert_cmpuint (chess_position_king (&pos, CHESS_WHITE), ==, chess_square_make (4, 0));
  g_assert_cmpuint (chess_position_king (&pos, CHESS_BLACK), ==, chess_square_make (4, 7));
  g_assert_cmpuint (chess_position_piece_at (&pos, chess_square_make (3, 7)), ==,
                    chess_piece_make (CHESS_BLACK, CHESS_QUEEN));
  g_assert_false (chess_position_in_check (&pos));
}

/* Every move two plies deep from every suite position keeps the position
 * consistent, and the incrementally updated key equals the key of the
 * same position read afresh from its FEN. */
static void
test_make_move_consistent (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();
  unsigned checked = 0;

  for (unsigned i = 0; i < lines->len; i++)
    {
      ChessPosition pos;
      ChessMoveList list;

      load_fen (&pos, g_array_index (lines, EpdLine, i).fen);
      chess_generate_legal (&pos, &list);
      for (unsigned k = 0; k < list.count; k++)
        {
          ChessPosition a = pos, fresh;
          ChessMoveList replies;
          char fen[CHESS_FEN_MAX];

          chess_position_make_move (&a, list.moves[k]);
          g_assert_true (chess_position_is_consistent (&a));
          load_fen (&fresh, chess_fen_write (&a, fen));
          g_assert_cmpuint (fresh.key, ==, a.key);
          chess_generate_legal (&a, &replies);
          for (unsigned r = 0; r < replies.count; r++)
            {
              ChessPosition b = a, fresh2;
              chess_position_make_move (&b, replies.moves[r]);
              g_assert_true (chess_position_is_consistent (&b));
              load_fen (&fresh2, chess_fen_write (&b, fen));
              g_assert_cmpuint (fresh2.key, ==, b.key);
              g_assert_cmpuint (fresh2.checkers, ==, b.checkers);
              g_assert_cmpuint (fresh2.blockers, ==, b.blockers);
              checked++;
            }
        }
    }
  {
    guint64 want = 0;
    for (unsigned i = 0; i < lines->len; i++)
      want += g_array_index (lines, EpdLine, i).counts[2];
    g_assert_cmpuint (checked, ==, want);
  }
}

/* Perft through the public make_move (full update) agrees with the
 * lean perft, which shares only the generator with it. */
static guint64
slow_perft (const ChessPosition *pos,
            unsigned             depth)
{
  ChessMoveList list;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessPosition next = *pos;
      chess_position_make_move (&next, list.moves[i]);
      total += slow_perft (&next, depth - 1);
    }
  return total;
}

static void
test_full_make_perft (void)
{
  ChessPosition pos;

  load_fen (&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  g_assert_cmpuint (slow_perft (&pos, 3), ==, 97862);
  load_fen (&pos, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  g_assert_cmpuint (slow_perft (&pos, 4), ==, 43238);
}

static void
test_castling_moves_rook (void)
{
  ChessPosition pos;

  load_fen (&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10");
  play (&pos, "e1g1");
  assert_fen (&pos, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10");
  play (&pos, "e8c8");
  assert_fen (&pos, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 5 11");
}

static void
test_castling_rights_lost (void)
{
  ChessPosition pos;

  load_fen (&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play (&pos, "h1h8");   /* the rook takes a rook: both kingside rights go */
  assert_fen (&pos, "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
  play (&pos, "e8e7 a1a2");
  assert_fen (&pos, "r6R/4k3/8/8/8/8/R7/4K3 b - - 2 2");
}

static void
test_rook_away_and_back (void)
{
  ChessPosition a, b;

  load_fen (&a, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  b = a;
  play (&b, "h1h2 h8h7 h2h1 h7h8");
  /* Same placement, but rights are gone: a different position. */
  assert_fen (&b, "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
  g_assert_cmpuint (a.key, !=, b.key);
}

static void
test_en_passant (void)
{
  ChessPosition pos;
  ChessMove m;

  load_fen (&pos, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
  g_assert_true (chess_position_ep_legal (&pos));
  m = uci (&pos, "d4e3");
  g_assert_cmpint (chess_move_kind (m), ==, CHESS_MOVE_EN_PASSANT);
  chess_position_make_move (&pos, m);
  assert_fen (&pos, "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 4");
}

/* The capturing pawn and the captured one both leave the rank: a rook
 * behind them then attacks the king, so the capture is illegal. */
static void
test_en_passant_rank_pin (void)
{
  ChessPosition pos;
  ChessMoveList list;

  load_fen (&pos, "8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
  g_assert_false (chess_position_ep_legal (&pos));
  chess_generate_legal (&pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    g_assert_cmpint (chess_move_kind (list.moves[i]), !=, CHESS_MOVE_EN_PASSANT);
  /* Written back without the square, and the same key as without it. */
  {
    ChessPosition plain;
    assert_fen (&pos, "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    load_fen (&plain, "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    g_assert_cmpuint (plain.key, ==, pos.key);
  }
}

static void
test_en_passant_key (void)
{
  ChessPosition with, without;

  load_fen (&with, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  load_fen (&without, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
  g_assert_true (chess_position_ep_legal (&with));
  g_assert_cmpuint (with.key, !=, without.key);
}

static void
test_promotion (void)
{
  ChessPosition pos;
  ChessPosition copy;

  load_fen (&pos, "1r2k3/P7/8/8/8/8/8/4K3 w - - 5 40");
  copy = pos;
  play (&copy, "a7a8n");
  assert_fen (&copy, "Nr2k3/8/8/8/8/8/8/4K3 b - - 0 40");
  copy = pos;
  play (&copy, "a7b8q");
  assert_fen (&copy, "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 40");
  g_assert_true (chess_position_in_check (&copy));
  /* No piece named: find_move gives the queen promotion. */
  g_assert_cmpuint (chess_move_promotion (chess_position_find_move (&pos, chess_square_make (0, 6),
                                                                    chess_square_make (0, 7),
                                                                    CHESS_NO_PIECE_TYPE)),
                    ==, CHESS_QUEEN);
}

static void
test_counters (void)
{
  ChessPosition pos;
  ChessError error;

  chess_position_init_start (&pos);
  play (&pos, "g1f3");
  g_assert_cmpuint (pos.halfmove, ==, 1);
  g_assert_cmpuint (pos.fullmove, ==, 1);
  play (&pos, "g8f6");
  g_assert_cmpuint (pos.halfmove, ==, 2);
  g_assert_cmpuint (pos.fullmove, ==, 2);
  play (&pos, "e2e4");
  g_assert_cmpuint (pos.halfmove, ==, 0);
  play (&pos, "f6e4");
  g_assert_cmpuint (pos.halfmove, ==, 0);
  g_assert_cmpuint (pos.fullmove, ==, 3);

  /* A large clock from a FEN keeps counting exactly, and saturates at the
   * largest value a FEN can give instead of wrapping. */
  g_assert_true (chess_fen_parse (&pos, "4k3/8/8/8/8/8/8/4K2R w - - 300 200", 34, &error));
  play (&pos, "h1h2");
  g_assert_cmpuint (pos.halfmove, ==, 301);
  g_assert_true (chess_fen_parse (&pos, "4k3/8/8/8/8/8/8/4K2R w - - 65535 65535", 38, &error));
  play (&pos, "h1h2 e8d8");
  g_assert_cmpuint (pos.halfmove, ==, 65535);
  g_assert_cmpuint (pos.fullmove, ==, 65535);
}

static void
test_null_move (void)
{
  ChessPosition pos, before;

  load_fen (&pos, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  before = pos;
  chess_position_make_move (&pos, CHESS_MOVE_NULL);
  g_assert_cmpint (pos.side, ==, CHESS_WHITE);
  g_assert_cmpuint (pos.ep_square, ==, CHESS_NO_SQUARE);
  g_assert_cmpmem (pos.board, 64, before.board, 64);
  g_assert_true (chess_position_is_consistent (&pos));
  g_assert_false (chess_position_is_legal (&before, CHESS_MOVE_NULL));
}

static void
test_transposition (void)
{
  ChessPosition a, b;

  chess_position_init_start (&a);
  chess_position_init_start (&b);
  play (&a, "g1f3 g8f6 b1c3 b8c6");
  play (&b, "b1c3 b8c6 g1f3 g8f6");
  g_assert_cmpuint (a.key, ==, b.key);
  /* 1.e4 sets an e.p. square no black pawn can use: same key as "-". */
  chess_position_init_start (&a);
  play (&a, "e2e4");
  load_fen (&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_assert_cmpuint (a.key, ==, b.key);
  g_assert_cmpuint (a.ep_square, ==, chess_square_make (4, 2));
}

static void
test_find_move_castling (void)
{
  ChessPosition pos;
  ChessMove two, onto;

  load_fen (&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  two = chess_position_find_move (&pos, 4, 6, CHESS_NO_PIECE_TYPE);
  onto = chess_position_find_move (&pos, 4, 7, CHESS_NO_PIECE_TYPE);
  g_assert_cmpint (chess_move_kind (two), ==, CHESS_MOVE_CASTLING);
  g_assert_cmpuint (two, ==, onto);
  g_assert_cmpuint (chess_position_find_move (&pos, 4, 0, CHESS_NO_PIECE_TYPE), ==,
                    chess_position_find_move (&pos, 4, 2, CHESS_NO_PIECE_TYPE));
  g_assert_cmpuint (chess_position_find_move (&pos, 4, 20, CHESS_NO_PIECE_TYPE), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_position_find_move (&pos, 64, 4, CHESS_NO_PIECE_TYPE), ==, CHESS_MOVE_NONE);
}

static void
test_castling_through_attack (void)
{
  ChessPosition pos;

  /* f1 attacked by the rook on f8: no O-O; b1 attacked does not stop O-O-O. */
  load_fen (&pos, "1r3rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  g_assert_cmpuint (chess_position_find_move (&pos, 4, 6, 0), ==, CHESS_MOVE_NONE);
  g_assert_cmpint (chess_move_kind (chess_position_find_move (&pos, 4, 2, 0)), ==, CHESS_MOVE_CASTLING);
}

static void
test_pins_and_checks (void)
{
  ChessPosition pos;
  ChessMoveList list;

  /* The knight on d2 is pinned by the bishop on b4; the e-pawn shields
   * nothing. Black's queen gives no check. */
  load_fen (&pos, "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
  g_assert_cmpuint (pos.blockers, ==, G_GUINT64_CONSTANT (1) << chess_square_make (3, 1));
  g_assert_cmpuint (pos.checkers, ==, 0);
  chess_generate_legal (&pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    g_assert_cmpuint (chess_move_from (list.moves[i]), !=, chess_square_make (3, 1));
  /* Double check: only king moves. */
  load_fen (&pos, "4k3/8/8/8/1b6/8/4r3/4K2R w K - 0 1");
  g_assert_true (chess_position_in_check (&pos));
  chess_generate_legal (&pos, &list);
  g_assert_cmpuint (list.count, >, 0);
  for (unsigned i = 0; i < list.count; i++)
    g_assert_cmpuint (chess_move_from (list.moves[i]), ==, 4);
}

static void
test_attackers (void)
{
  ChessPosition pos;
  ChessBitboard att;

  chess_position_init_start (&pos);
  /* f3 is attacked by the g1 knight and the e2 and g2 pawns. */
  att = chess_position_attackers (&pos, chess_square_make (5, 2), CHESS_WHITE, pos.by_type[0]);
  g_assert_cmpuint (att, ==, (G_GUINT64_CONSTANT (1) << 6) | (G_GUINT64_CONSTANT (1) << 12)
                             | (G_GUINT64_CONSTANT (1) << 14));
  g_assert_cmpuint (chess_position_attackers (&pos, chess_square_make (4, 3), CHESS_BLACK, pos.by_type[0]), ==, 0);
  g_assert_cmpuint (chess_attacks (CHESS_ROOK, CHESS_WHITE, 0, 0), ==,
                    G_GUINT64_CONSTANT (0x01010101010101FE));
  g_assert_cmpuint (chess_attacks (CHESS_KNIGHT, CHESS_WHITE, 0, 0), ==,
                    (G_GUINT64_CONSTANT (1) << 10) | (G_GUINT64_CONSTANT (1) << 17));
  g_assert_cmpuint (chess_attacks (CHESS_PAWN, CHESS_BLACK, chess_square_make (4, 3), 0), ==,
                    (G_GUINT64_CONSTANT (1) << chess_square_make (3, 2))
                    | (G_GUINT64_CONSTANT (1) << chess_square_make (5, 2)));
}

static void
test_put_remove (void)
{
  ChessPosition pos, parsed;

  chess_position_clear (&pos);
  chess_position_put (&pos, chess_square_make (4, 0), chess_piece_make (CHESS_WHITE, CHESS_KING));
  chess_position_put (&pos, chess_square_make (4, 7), chess_piece_make (CHESS_BLACK, CHESS_KING));
  chess_position_put (&pos, chess_square_make (0, 0), chess_piece_make (CHESS_WHITE, CHESS_QUEEN));
  chess_position_put (&pos, chess_square_make (0, 0), chess_piece_make (CHESS_WHITE, CHESS_ROOK));
  chess_position_put (&pos, chess_square_make (3, 3), chess_piece_make (CHESS_BLACK, CHESS_PAWN));
  chess_position_remove (&pos, chess_square_make (3, 3));
  pos.castling = CHESS_CASTLE_WQ;
  chess_position_finish (&pos);
  g_assert_true (chess_position_validate (&pos, NULL));
  g_assert_true (chess_position_is_consistent (&pos));
  assert_fen (&pos, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  load_fen (&parsed, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  g_assert_cmpuint (parsed.key, ==, pos.key);
}

/* An unfinished set-up (no black king, a stray e.p. square) is refused by
 * validation but never crashes the generator: it simply has no moves. */
static void
test_unfinished_setup (void)
{
  ChessPosition pos;
  ChessMoveList list;
  ChessError error;

  chess_position_clear (&pos);
  g_assert_cmpuint (chess_count_legal (&pos), ==, 0);
  chess_position_put (&pos, chess_square_make (4, 0), chess_piece_make (CHESS_WHITE, CHESS_KING));
  chess_position_put (&pos, chess_square_make (0, 1), chess_piece_make (CHESS_WHITE, CHESS_PAWN));
  pos.ep_square = 3;
  chess_position_finish (&pos);
  g_assert_false (chess_position_validate (&pos, &error));
  g_assert_nonnull (strstr (error.message, "Black has no king"));
  g_assert_cmpuint (chess_generate_legal (&pos, &list), ==, 0);
  g_assert_cmpuint (chess_perft (&pos, 3), ==, 0);
  g_assert_false (chess_position_ep_legal (&pos));
  chess_position_put (&pos, chess_square_make (4, 7), chess_piece_make (CHESS_BLACK, CHESS_KING));
  chess_position_finish (&pos);
  /* Five king moves and a2-a3, a2-a4; the bogus e.p. square is ignored. */
  g_assert_cmpuint (chess_generate_legal (&pos, &list), ==, 7);
}

static void
test_names (void)
{
  char buf[8];

  g_assert_cmpstr (chess_square_name (0, buf), ==, "a1");
  g_assert_cmpstr (chess_square_name (63, buf), ==, "h8");
  g_assert_cmpstr (chess_square_name (CHESS_NO_SQUARE, buf), ==, "-");
  g_assert_cmpstr (chess_move_to_uci (chess_move_make (12, 28, CHESS_MOVE_NORMAL), buf), ==, "e2e4");
  g_assert_cmpstr (chess_move_to_uci (chess_move_make_promotion (52, 60, CHESS_KNIGHT), buf), ==, "e7e8n");
  g_assert_cmpstr (chess_move_to_uci (CHESS_MOVE_NULL, buf), ==, "0000");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/position/start", test_start);
  g_test_add_func ("/core/position/make-move-consistent", test_make_move_consistent);
  g_test_add_func ("/core/position/full-make-perft", test_full_make_perft);
  g_test_add_func ("/core/position/castling-moves-rook", test_castling_moves_rook);
  g_test_add_func ("/core/position/castling-rights-lost", test_castling_rights_lost);
  g_test_add_func ("/core/position/rook-away-and-back", test_rook_away_and_back);
  g_test_add_func ("/core/position/castling-through-attack", test_castling_through_attack);
  g_test_add_func ("/core/position/en-passant", test_en_passant);
  g_test_add_func ("/core/position/en-passant-rank-pin", test_en_passant_rank_pin);
  g_test_add_func ("/core/position/en-passant-key", test_en_passant_key);
  g_test_add_func ("/core/position/promotion", test_promotion);
  g_test_add_func ("/core/position/counters", test_counters);
  g_test_add_func ("/core/position/null-move", test_null_move);
  g_test_add_func ("/core/position/transposition", test_transposition);
  g_test_add_func ("/core/position/find-move-castling", test_find_move_castling);
  g_test_add_func ("/core/position/pins-and-checks", test_pins_and_checks);
  g_test_add_func ("/core/position/attackers", test_attackers);
  g_test_add_func ("/core/position/put-remove", test_put_remove);
  g_test_add_func ("/core/position/unfinished-setup", test_unfinished_setup);
  g_test_add_func ("/core/position/names", test_names);

  return g_test_run ();
}
