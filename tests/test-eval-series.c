/* test-eval-series.c — [%eval] and [%clk] read along the main line for the
 * evaluation graph (chess-eval-series.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-eval-series.h"
#include "chess-pgn.h"

static ChessGame *
read_game (const char *pgn)
{
  ChessError error;
  ChessGame *game;

  chess_error_clear (&error);
  game = chess_pgn_read_game (pgn, strlen (pgn), &error, NULL);
  if (game == NULL)
    g_error ("the test's own PGN does not read: %s", error.message);
  return game;
}

/* A lichess export: evals and clocks on every move, a mate at the end, a
 * variation that must not count. */
static const char lichess[] =
  "[Event \"Rated blitz\"]\n[Result \"1-0\"]\n\n"
  "1. e4 { [%eval 0.18] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:02:58] }\n"
  "2. Qh5 { [%eval -0.5] [%clk 0:02:55] } ( 2. Nf3 { [%eval 0.3] } ) 2... Nc6 { [%eval 0.1,22] [%clk 0:02:50.5] }\n"
  "3. Bc4 { [%eval 0.0] [%clk 0:02:50] } 3... Nf6?? { [%eval #1] [%clk 0:02:40] } 4. Qxf7# 1-0\n";

static void
test_lichess (void)
{
  ChessGame *game = read_game (lichess);
  ChessEvalPoint points[16];
  unsigned n_evals = 99, n_clocks = 99;
  unsigned n = chess_eval_series (game, points, G_N_ELEMENTS (points), &n_evals, &n_clocks);

  /* The start and seven moves. */
  g_assert_cmpuint (n, ==, 8);
  g_assert_cmpuint (n_evals, ==, 6);
  g_assert_cmpuint (n_clocks, ==, 6);

  g_assert_true (points[0].node == CHESS_NODE_ROOT);
  g_assert_false (points[0].has_eval);
  g_assert_cmpfloat (points[0].white_win, ==, 0.5);
  g_assert_cmpint (points[0].clock_ms, ==, -1);

  g_assert_true (points[1].has_eval);
  g_assert_false (points[1].eval.is_mate);
  g_assert_cmpfloat_with_epsilon (points[1].eval.pawns, 0.18, 1e-9);
  g_assert_cmpfloat (points[1].white_win, >, 0.5);
  g_assert_cmpint (points[1].clock_ms, ==, 180000);

  /* The main line's 2. Qh5, not the variation's 2. Nf3. */
  g_assert_cmpstr (chess_game_node_san (game, points[3].node), ==, "Qh5");
  g_assert_cmpfloat_with_epsilon (points[3].eval.pawns, -0.5, 1e-9);
  g_assert_cmpfloat (points[3].white_win, <, 0.5);

  g_assert_cmpint (points[4].eval.depth, ==, 22);
  g_assert_cmpint (points[4].clock_ms, ==, 170500);
  g_assert_cmpfloat_with_epsilon (points[5].white_win, 0.5, 1e-9);

  /* A mate for White is near the top; the last move has nothing. */
  g_assert_true (points[6].eval.is_mate);
  g_assert_cmpint (points[6].eval.mate, ==, 1);
  g_assert_cmpfloat (points[6].white_win, >, 0.95);
  g_assert_false (points[7].has_eval);
  g_assert_cmpint (points[7].clock_ms, ==, -1);
  g_assert_cmpstr (chess_game_node_san (game, points[7].node), ==, "Qxf7#");

  chess_game_free (game);
}

/* ChessBase writes evals with text around them; Black's mate is at the
 * bottom; a huge pawn count is clamped, not overflowed. */
static void
test_chessbase (void)
{
  ChessGame *game = read_game ("[Result \"*\"]\n\n1. f3 {Weak [%eval -0.45] move} e5 2. g4 {[%eval #-1]} "
                               "Qh4# {[%eval -99999.9]} *\n");
  ChessEvalPoint points[8];
  unsigned n_evals, n_clocks;
  unsigned n = chess_eval_series (game, points, G_N_ELEMENTS (points), &n_evals, &n_clocks);

  g_assert_cmpuint (n, ==, 5);
  g_assert_cmpuint (n_evals, ==, 3);
  g_assert_cmpuint (n_clocks, ==, 0);
  g_assert_true (points[1].has_eval);
  g_assert_false (points[2].has_eval);
  g_assert_true (points[3].eval.is_mate);
  g_assert_cmpint (points[3].eval.mate, ==, -1);
  g_assert_cmpfloat (points[3].white_win, <, 0.05);
  g_assert_cmpfloat (points[4].white_win, <, 0.05);
  g_assert_cmpfloat (points[4].white_win, >=, 0.0);
  chess_game_free (game);
}

/* A cap smaller than the line: the count is the whole line's, only cap
 * points are written; no comments at all gives no evals. */
static void
test_cap_and_none (void)
{
  ChessGame *game = read_game ("1. e4 e5 2. Nf3 {[%eval 0.2]} Nc6 *\n");
  ChessEvalPoint points[3];
  unsigned n_evals, n_clocks;

  g_assert_cmpuint (chess_eval_series (game, points, 3, &n_evals, &n_clocks), ==, 5);
  /* 2. Nf3 is ply 3, beyond the cap. */
  g_assert_cmpuint (n_evals, ==, 0);
  g_assert_cmpuint (chess_eval_series (game, NULL, 0, NULL, NULL), ==, 5);
  chess_game_free (game);

  game = read_game ("1. e4 {just words [%evaluate 3]} e5 *\n");
  g_assert_cmpuint (chess_eval_series (game, points, 3, &n_evals, &n_clocks), ==, 3);
  g_assert_cmpuint (n_evals, ==, 0);
  chess_game_free (game);
}

static void
test_white_win (void)
{
  ChessPgnEval even = { .pawns = 0 }, up = { .pawns = 3 }, mated = { .is_mate = true, .mate = -5 };
  ChessPgnEval mate0 = { .is_mate = true, .mate = 0 };

  g_assert_cmpfloat_with_epsilon (chess_eval_white_win (&even), 0.5, 1e-9);
  g_assert_cmpfloat (chess_eval_white_win (&up), >, 0.7);
  g_assert_cmpfloat (chess_eval_white_win (&up), <, 1.0);
  g_assert_cmpfloat (chess_eval_white_win (&mated), <, 0.05);
  g_assert_cmpfloat_with_epsilon (chess_eval_white_win (&mate0), 0.5, 1e-9);
}

/* As the analysis panel writes scores, from White's side. */
static void
test_to_score (void)
{
  ChessPgnEval up = { .pawns = 0.355 }, down = { .pawns = -1.2 }, mate = { .is_mate = true, .mate = -3 };
  ChessPgnEval huge = { .pawns = 1e12 };
  char buf[16];

  g_assert_cmpint (chess_eval_to_score (&up).kind, ==, CHESS_UCI_SCORE_CP);
  g_assert_cmpint (chess_eval_to_score (&up).value, ==, 36);
  g_assert_cmpint (chess_eval_to_score (&down).value, ==, -120);
  g_assert_cmpstr (chess_uci_score_format (chess_eval_to_score (&down), CHESS_WHITE, buf), ==, "-1.20");
  g_assert_cmpint (chess_eval_to_score (&mate).kind, ==, CHESS_UCI_SCORE_MATE);
  g_assert_cmpstr (chess_uci_score_format (chess_eval_to_score (&mate), CHESS_WHITE, buf), ==, "-#3");
  g_assert_cmpint (chess_eval_to_score (&huge).value, ==, 10000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/eval-series/lichess", test_lichess);
  g_test_add_func ("/core/eval-series/chessbase", test_chessbase);
  g_test_add_func ("/core/eval-series/cap-and-none", test_cap_and_none);
  g_test_add_func ("/core/eval-series/white-win", test_white_win);
  g_test_add_func ("/core/eval-series/to-score", test_to_score);
  return g_test_run ();
}
