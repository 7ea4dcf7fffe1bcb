/* test-game-analysis.c — "Analyse this game" with the real Stockfish:
 * [%eval] on every move, ?? on a blunder with the best line beside it,
 * progress, cancel; and the comment rewriting on its own.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "caissa-game-analysis.h"
#include "chess-pgn.h"
#include "test-util.h"

#define DEADLINE_S 120

/* 3...Nf6?? (ply 6) allows mate at once; the other moves are sound. */
static const char scholar[] =
  "[Event \"Test\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 {[%clk 0:04:50] a plan} Nf6 4. Qxf7# 1-0\n";

typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
  guint    notifies;
} Run;

static void
ran_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  Run *run = user_data;

  run->ok = caissa_game_analysis_run_finish (CAISSA_GAME_ANALYSIS (source), result, &run->error);
  run->done = TRUE;
}

static void
wait_run (Run *run)
{
  test_util_wait_for (&run->done, DEADLINE_S, "the end of the analysis");
}

static ChessGame *
read_game (const char *pgn)
{
  ChessError error;
  ChessGame *game = chess_pgn_read_game (pgn, strlen (pgn), &error, NULL);

  if (game == NULL)
    g_error ("bad PGN in the test: %s", error.message);
  return game;
}

static void
on_progress (CaissaGameAnalysis *analysis,
             GParamSpec         *pspec,
             Run                *run)
{
  run->notifies++;
}

static void
test_analyse_scholar (void)
{
  ChessGame *game = read_game (scholar);
  g_autoptr (CaissaEngine) engine = caissa_engine_new ("stockfish");
  g_autoptr (CaissaGameAnalysis) analysis = caissa_game_analysis_new (engine, game);
  Run run = { 0 };
  ChessNodeId node;
  const uint8_t *nags;
  guint ply = 0;
  g_autofree char *pgn = NULL;

  g_assert_cmpuint (caissa_game_analysis_get_n_positions (analysis), ==, 8);
  caissa_game_analysis_set_depth (analysis, 10);
  g_signal_connect (analysis, "notify::progress", G_CALLBACK (on_progress), &run);
  caissa_game_analysis_run_async (analysis, NULL, ran_cb, &run);
  wait_run (&run);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.notifies, ==, 8);
  g_assert_cmpfloat (caissa_game_analysis_get_progress (analysis), ==, 1.0);
  g_assert_true (caissa_game_analysis_get_eval (analysis, 7)->terminal);
  g_assert_cmpuint (caissa_game_analysis_get_eval (analysis, 6)->nag, ==, 4);
  g_assert_cmpuint (caissa_game_analysis_get_eval (analysis, 7)->nag, ==, 0);

  g_assert_cmpuint (caissa_game_analysis_apply (analysis, game), ==, 7);
  node = CHESS_NODE_ROOT;
  while ((node = chess_game_node_next (game, node)) != CHESS_NODE_NONE)
    {
      const char *comment = chess_game_node_comment (game, node, CHESS_COMMENT_AFTER);
      unsigned n = chess_game_node_nags (game, node, &nags);
      ChessPgnEval eval;

      ply++;
      g_test_message ("ply %u %s nags %u %s", ply, chess_game_node_san (game, node), n ? nags[0] : 0, comment);
      if (ply == 6)
        {
          /* Nf6?? */
          g_assert_cmpstr (chess_game_node_san (game, node), ==, "Nf6");
          g_assert_cmpuint (n, ==, 1);
          g_assert_cmpuint (nags[0], ==, 4);
        }
      else if (ply < 6)
        {
          /* Sound moves: at most an inaccuracy (2.Qh5 may well be one). */
          g_assert_cmpuint (n, <=, 1);
          if (n == 1)
            g_assert_cmpuint (nags[0], ==, 6);
        }
      if (ply == 7)
        {
          /* The mate itself needs no eval. */
          g_assert_null (comment);
          continue;
        }
      g_assert_nonnull (comment);
      g_assert_true (chess_pgn_comment_eval (comment, strlen (comment), &eval));
      if (ply == 5)
        {
          /* The clock and the words stay. */
          g_assert_nonnull (strstr (comment, "[%clk 0:04:50]"));
          g_assert_nonnull (strstr (comment, "a plan"));
          g_assert_cmpint (chess_game_node_clock_ms (game, node), ==, 290000);
        }
      if (ply == 6)
        {
          g_assert_true (eval.is_mate);
          g_assert_cmpint (eval.mate, ==, 1);
        }
    }
  g_assert_cmpuint (ply, ==, 7);

  pgn = chess_pgn_write_game (game, NULL);
  g_test_message ("%s", pgn);
  g_assert_nonnull (strstr (pgn, "$4"));
  {
    /* The writer may wrap a line inside a comment. */
    g_autofree char *flat = g_strdup (pgn);
    g_strdelimit (flat, "\n", ' ');
    g_assert_nonnull (strstr (flat, "Nf6 $4 {[%eval #1]}"));
  }

  /* Applying again changes nothing: the old eval and NAG are replaced. */
  {
    g_autofree char *again = NULL;

    caissa_game_analysis_apply (analysis, game);
    again = chess_pgn_write_game (game, NULL);
    g_assert_cmpstr (again, ==, pgn);
  }
  chess_game_free (game);
}

/* The parent of Nf6 holds the variation: the engine's reply, not Nf6. */
static void
test_variation_at_blunder (void)
{
  ChessGame *game = read_game (scholar);
  g_autoptr (CaissaEngine) engine = caissa_engine_new ("stockfish");
  g_autoptr (CaissaGameAnalysis) analysis = caissa_game_analysis_new (engine, game);
  Run run = { 0 };
  ChessNodeId node = CHESS_NODE_ROOT, parent, alt;
  const CaissaPositionEval *before;

  caissa_game_analysis_set_depth (analysis, 10);
  caissa_game_analysis_run_async (analysis, NULL, ran_cb, &run);
  wait_run (&run);
  g_assert_no_error (run.error);
  caissa_game_analysis_apply (analysis, game);
  for (int i = 0; i < 5; i++)
    node = chess_game_node_next (game, node);
  parent = node;  /* after 3.Bc4 */
  g_assert_cmpuint (chess_game_node_n_children (game, parent), ==, 2);
  alt = chess_game_node_nth_child (game, parent, 1);
  before = caissa_game_analysis_get_eval (analysis, 5);
  g_assert_cmpuint (chess_game_node_move (game, alt), ==, before->best);
  g_assert_cmpstr (chess_game_node_san (game, chess_game_node_nth_child (game, parent, 0)), ==, "Nf6");
  g_assert_nonnull (chess_game_node_comment (game, alt, CHESS_COMMENT_AFTER));
  /* The variation follows the engine's line. */
  g_assert_cmpuint (chess_game_node_n_children (game, alt), <=, 1);
  chess_game_free (game);
}

static void
cancel_after_first_cb (CaissaGameAnalysis *analysis,
                       GParamSpec         *pspec,
                       GCancellable       *cancellable)
{
  if (caissa_game_analysis_get_n_done (analysis) == 1)
    g_cancellable_cancel (cancellable);
}

static void
test_cancel (void)
{
  ChessGame *game = read_game (scholar);
  g_autoptr (CaissaEngine) engine = caissa_engine_new ("stockfish");
  g_autoptr (CaissaGameAnalysis) analysis = caissa_game_analysis_new (engine, game);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Run run = { 0 };

  caissa_game_analysis_set_movetime (analysis, 200);
  g_signal_connect (analysis, "notify::n-done", G_CALLBACK (cancel_after_first_cb), cancellable);
  caissa_game_analysis_run_async (analysis, cancellable, ran_cb, &run);
  wait_run (&run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (caissa_game_analysis_get_n_done (analysis), <=, 2);
  g_assert_true (caissa_game_analysis_get_eval (analysis, 0)->done);
  g_assert_false (caissa_game_analysis_get_eval (analysis, 7)->done);
  g_clear_error (&run.error);
  chess_game_free (game);
}

/* A bad engine: the analysis ends with the engine's error. */
static void
test_bad_engine (void)
{
  ChessGame *game = read_game (scholar);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "engines", "illegal.sh", NULL);
  g_autoptr (CaissaEngine) engine = caissa_engine_new (path);
  g_autoptr (CaissaGameAnalysis) analysis = caissa_game_analysis_new (engine, game);
  Run run = { 0 };

  caissa_game_analysis_run_async (analysis, NULL, ran_cb, &run);
  wait_run (&run);
  g_assert_error (run.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_ILLEGAL_MOVE);
  g_clear_error (&run.error);
  chess_game_free (game);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/game-analysis/stockfish/scholar", test_analyse_scholar);
  g_test_add_func ("/model/game-analysis/stockfish/variation", test_variation_at_blunder);
  g_test_add_func ("/model/game-analysis/stockfish/cancel", test_cancel);
  g_test_add_func ("/model/game-analysis/bad-engine", test_bad_engine);

  return g_test_run ();
}
