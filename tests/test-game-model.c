/* test-game-model.c — CaissaGame: properties, signals, every way a game ends.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "caissa-game.h"
#include "chess-fen.h"

/* Counts of notify:: emissions per property name. */
typedef struct
{
  GHashTable *counts;
  guint       moves;
  guint       last_move;
  guint       last_ply;
  guint       outcomes;
} Recorder;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Recorder   *rec)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (rec->counts, pspec->name));

  g_hash_table_insert (rec->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
move_played_cb (CaissaGame *game,
                guint       move,
                guint       ply,
                Recorder   *rec)
{
  rec->moves++;
  rec->last_move = move;
  rec->last_ply = ply;
}

static void
outcome_changed_cb (CaissaGame *game,
                    Recorder   *rec)
{
  rec->outcomes++;
}

static void
recorder_attach (Recorder   *rec,
                 CaissaGame *game)
{
  memset (rec, 0, sizeof *rec);
  rec->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (game, "notify", G_CALLBACK (notify_cb), rec);
  g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), rec);
  g_signal_connect (game, "outcome-changed", G_CALLBACK (outcome_changed_cb), rec);
}

static void
recorder_clear (Recorder *rec)
{
  g_hash_table_remove_all (rec->counts);
  rec->moves = rec->outcomes = 0;
}

static void
recorder_detach (Recorder   *rec,
                 CaissaGame *game)
{
  g_signal_handlers_disconnect_by_data (game, rec);
  g_hash_table_unref (rec->counts);
}

static guint
count (Recorder   *rec,
       const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (rec->counts, name));
}

static void
play (CaissaGame *game,
      const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr(GError) error = NULL;

      if (*moves[i] == '\0')
        continue;
      if (!caissa_game_play_san (game, moves[i], &error))
        g_error ("playing %s: %s", moves[i], error->message);
    }
}

static CaissaGame *
game_from_fen (const char *fen)
{
  g_autoptr(GError) error = NULL;
  CaissaGame *game = caissa_game_new ();

  caissa_game_load_fen (game, fen, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (caissa_game_get_fen (game), ==, fen);
  return game;
}

/* --- Properties and signals --------------------------------------------------- */

static void
test_initial (void)
{
  CaissaGame *game = caissa_game_new ();

  g_assert_cmpstr (caissa_game_get_fen (game), ==, CHESS_START_FEN);
  g_assert_cmpint (caissa_game_get_side_to_move (game), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 0);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);
  g_assert_true (caissa_game_get_can_move (game));
  g_assert_false (caissa_game_get_can_undo (game));
  g_assert_false (caissa_game_get_can_redo (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  g_assert_cmpint (caissa_game_get_last_move (game), ==, CHESS_MOVE_NONE);
  g_assert_cmpstr (caissa_game_get_result (game), ==, "*");
  g_assert_nonnull (caissa_game_get_core_game (game));

  g_assert_finalize_object (game);
}

static void
test_move_notifies (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  Recorder rec;
  ChessMove e4;

  recorder_attach (&rec, game);

  e4 = chess_position_find_move (caissa_game_get_position (game),
                                 chess_square_make (4, 1), chess_square_make (4, 3),
                                 CHESS_NO_PIECE_TYPE);
  g_assert_cmpint (e4, !=, CHESS_MOVE_NONE);
  g_assert_true (caissa_game_play_move (game, e4, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (rec.moves, ==, 1);
  g_assert_cmpuint (rec.last_move, ==, e4);
  g_assert_cmpuint (rec.last_ply, ==, 1);
  g_assert_cmpuint (rec.outcomes, ==, 0);
  g_assert_cmpuint (count (&rec, "fen"), ==, 1);
  g_assert_cmpuint (count (&rec, "ply"), ==, 1);
  g_assert_cmpuint (count (&rec, "n-plies"), ==, 1);
  g_assert_cmpuint (count (&rec, "side-to-move"), ==, 1);
  g_assert_cmpuint (count (&rec, "can-undo"), ==, 1);
  /* Still a move to make, so can-move did not change. */
  g_assert_cmpuint (count (&rec, "can-move"), ==, 0);
  g_assert_cmpuint (count (&rec, "outcome"), ==, 0);
  g_assert_cmpuint (count (&rec, "in-check"), ==, 0);

  g_assert_cmpstr (caissa_game_get_fen (game), ==,
                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_assert_cmpint (caissa_game_get_last_move (game), ==, e4);
  g_assert_cmpstr (caissa_game_get_san (game, 1), ==, "e4");
  g_assert_cmpuint (caissa_game_get_move (game, 1), ==, e4);

  /* An illegal move changes nothing and says why. */
  recorder_clear (&rec);
  g_assert_false (caissa_game_play_move (game, e4, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (caissa_game_play_san (game, "Ke7", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_SAN);
  g_clear_error (&error);
  g_assert_false (caissa_game_play_squares (game, chess_square_make (0, 6),
                                            chess_square_make (0, 3), 0, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (g_hash_table_size (rec.counts), ==, 0);
  g_assert_cmpuint (rec.moves, ==, 0);

  /* By squares. */
  g_assert_true (caissa_game_play_squares (game, chess_square_make (4, 6),
                                           chess_square_make (4, 4), 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rec.last_ply, ==, 2);
  g_assert_cmpstr (caissa_game_get_san (game, 2), ==, "e5");

  /* A check notifies in-check. */
  recorder_clear (&rec);
  play (game, "Bc4 Nc6 Bxf7+");
  g_assert_true (caissa_game_get_in_check (game));
  g_assert_cmpuint (count (&rec, "in-check"), ==, 1);
  g_assert_cmpuint (count (&rec, "fen"), ==, 3);
  g_assert_cmpuint (rec.moves, ==, 3);
  g_assert_cmpstr (caissa_game_get_san (game, 5), ==, "Bxf7+");

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_names (void)
{
  CaissaGame *game = caissa_game_new ();
  Recorder rec;

  recorder_attach (&rec, game);
  caissa_game_set_white_name (game, "Anna");
  caissa_game_set_white_name (game, "Anna");
  g_object_set (game, "black-name", "Boris", NULL);
  g_assert_cmpuint (count (&rec, "white-name"), ==, 1);
  g_assert_cmpuint (count (&rec, "black-name"), ==, 1);
  g_assert_cmpstr (chess_game_get_tag (caissa_game_get_core_game (game), "White"), ==, "Anna");
  g_assert_cmpstr (chess_game_get_tag (caissa_game_get_core_game (game), "Black"), ==, "Boris");

  /* A new game keeps the names. */
  play (game, "d4");
  caissa_game_reset (game);
  g_assert_cmpstr (caissa_game_get_white_name (game), ==, "Anna");
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_load_fen (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  Recorder rec;

  play (game, "e4 e5");
  recorder_attach (&rec, game);

  g_assert_false (caissa_game_load_fen (game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN);
  g_assert_nonnull (strstr (error->message, "side to move"));
  g_clear_error (&error);
  /* Failure leaves the game alone. */
  g_assert_cmpuint (g_hash_table_size (rec.counts), ==, 0);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 2);

  g_assert_false (caissa_game_validate_fen ("8/8/8/8/8/8/8/8 w - - 0 1", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN);
  g_clear_error (&error);
  g_assert_true (caissa_game_validate_fen ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &error));
  g_assert_no_error (error);

  g_assert_true (caissa_game_load_fen (game, "4k3/8/8/8/8/8/8/4K2R b K - 3 40", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (caissa_game_get_fen (game), ==, "4k3/8/8/8/8/8/8/4K2R b K - 3 40");
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (caissa_game_get_side_to_move (game), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpuint (count (&rec, "fen"), ==, 1);
  g_assert_cmpuint (count (&rec, "n-plies"), ==, 1);
  g_assert_cmpuint (count (&rec, "ply"), ==, 1);
  g_assert_cmpuint (count (&rec, "side-to-move"), ==, 1);
  g_assert_false (caissa_game_get_can_undo (game));

  /* A FEN that is already mate ends the game at once. */
  g_assert_true (caissa_game_load_fen (game, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", NULL));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_CHECKMATE);
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_cmpuint (rec.outcomes, ==, 1);

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

/* --- Navigation ------------------------------------------------------------------- */

static void
test_navigation (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *end_fen = NULL;
  Recorder rec;

  play (game, "e4 e5 Nf3 Nc6");
  end_fen = g_strdup (caissa_game_get_fen (game));
  recorder_attach (&rec, game);

  caissa_game_go_to_ply (game, 1);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 1);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 4);
  g_assert_cmpstr (caissa_game_get_fen (game), ==,
                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  g_assert_cmpuint (count (&rec, "fen"), ==, 1);
  g_assert_cmpuint (count (&rec, "ply"), ==, 1);
  g_assert_cmpuint (count (&rec, "n-plies"), ==, 0);
  /* Viewing the past: no move may be made, and the game is unchanged. */
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_cmpuint (count (&rec, "can-move"), ==, 1);
  g_assert_false (caissa_game_play_san (game, "d5", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 4);
  g_assert_cmpuint (rec.moves, ==, 0);

  caissa_game_go_first (game);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 0);
  g_assert_cmpstr (caissa_game_get_fen (game), ==, CHESS_START_FEN);
  g_assert_cmpint (caissa_game_get_last_move (game), ==, CHESS_MOVE_NONE);
  caissa_game_go_previous (game);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 0);
  caissa_game_go_next (game);
  caissa_game_go_next (game);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 2);
  g_object_set (game, "ply", 3, NULL);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 3);
  caissa_game_go_to_ply (game, 99);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 4);
  caissa_game_go_next (game);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 4);
  caissa_game_go_first (game);
  caissa_game_go_last (game);
  g_assert_cmpstr (caissa_game_get_fen (game), ==, end_fen);
  g_assert_true (caissa_game_get_can_move (game));
  g_assert_cmpuint (rec.moves, ==, 0);
  g_assert_cmpuint (rec.outcomes, ==, 0);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 4);

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_analysis_variation (void)
{
  CaissaGame *game = caissa_game_new ();
  const ChessGame *core;
  ChessNodeId shown;

  play (game, "e4 e5 Nf3");
  caissa_game_set_analysis (game, TRUE);
  caissa_game_go_to_ply (game, 1);
  g_assert_true (caissa_game_get_can_move (game));
  play (game, "c5");
  core = caissa_game_get_core_game (game);
  shown = caissa_game_get_shown_node (game);
  g_assert_false (chess_game_node_is_main_line (core, shown));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 2);
  /* The main line is unchanged. */
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 3);
  g_assert_cmpstr (caissa_game_get_san (game, 2), ==, "e5");
  g_assert_false (caissa_game_get_can_undo (game));

  g_assert_finalize_object (game);
}

/* --- Endings --------------------------------------------------------------------------- */

static void
test_checkmate (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  Recorder rec;

  recorder_attach (&rec, game);
  play (game, "f3 e5 g4");
  g_assert_cmpuint (rec.outcomes, ==, 0);
  play (game, "Qh4#");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_CHECKMATE);
  g_assert_cmpstr (caissa_game_get_result (game), ==, "0-1");
  g_assert_cmpstr (chess_game_get_result (caissa_game_get_core_game (game)), ==, "0-1");
  g_assert_cmpstr (caissa_game_get_san (game, 4), ==, "Qh4#");
  g_assert_cmpuint (rec.outcomes, ==, 1);
  g_assert_cmpuint (count (&rec, "outcome"), ==, 1);
  g_assert_cmpuint (count (&rec, "outcome-reason"), ==, 1);
  g_assert_cmpuint (count (&rec, "can-move"), ==, 1);
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_false (caissa_game_resign (game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_flag_fall (game, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_CHECKMATE);

  /* Undo takes back the mating move and its outcome; redo plays it again. */
  g_assert_true (caissa_game_get_can_undo (game));
  g_assert_true (caissa_game_undo (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  g_assert_cmpuint (rec.outcomes, ==, 2);
  g_assert_true (caissa_game_get_can_move (game));
  g_assert_true (caissa_game_redo (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_cmpuint (rec.outcomes, ==, 3);

  /* The PGN of the game. */
  {
    g_autofree char *pgn = caissa_game_to_pgn (game);

    g_assert_nonnull (strstr (pgn, "[Result \"0-1\"]"));
    g_assert_nonnull (strstr (pgn, "1. f3 e5 2. g4 Qh4# 0-1"));
  }

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_stalemate (void)
{
  /* Qb6 stalemates the king on a8. */
  CaissaGame *game = game_from_fen ("k7/8/8/1Q6/8/8/8/6K1 w - - 0 1");

  play (game, "Qb6");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_STALEMATE);
  g_assert_cmpstr (caissa_game_get_result (game), ==, "1/2-1/2");
  g_assert_finalize_object (game);
}

static void
test_dead_position (void)
{
  /* K+B v K+N: the king takes the knight, K+B v K is dead. */
  CaissaGame *game = game_from_fen ("4k3/8/8/8/8/8/3n4/2B1K3 w - - 0 1");

  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  play (game, "Kxd2");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_DEAD_POSITION);
  g_assert_finalize_object (game);
}

static void
test_fivefold (void)
{
  CaissaGame *game = caissa_game_new ();
  const char *cycle = "Nf3 Nf6 Ng1 Ng8";

  /* The start position occurs for the 2nd, 3rd, 4th time after each cycle. */
  for (int i = 0; i < 3; i++)
    play (game, cycle);
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  /* Threefold is only a claim: the game goes on. */
  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==,
                   CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  play (game, "Nf3 Nf6 Ng1");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  play (game, "Ng8");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_FIVEFOLD);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 16);
  g_assert_finalize_object (game);
}

static void
test_seventy_five (void)
{
  CaissaGame *game = game_from_fen ("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");

  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  play (game, "Ra2");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_SEVENTY_FIVE_MOVES);
  g_assert_finalize_object (game);

  /* A mate on the 150th ply still wins. */
  game = game_from_fen ("6k1/8/6K1/8/8/8/8/R7 w - - 149 100");
  play (game, "Ra8#");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_CHECKMATE);
  g_assert_finalize_object (game);
}

static void
test_threefold_claim (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  ChessMove ng1;
  Recorder rec;

  /* After this the start position has occurred twice. */
  play (game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6");
  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==, CAISSA_OUTCOME_REASON_NONE);
  g_assert_false (caissa_game_claim_draw (game, CHESS_MOVE_NONE, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);

  /* Declaring Ng1 makes it correct: the position after Ng1 (Black to move)
   * would stand for the third time. */
  play (game, "Ng1 Ng8 Nf3 Nf6");
  ng1 = chess_position_find_move (caissa_game_get_position (game),
                                  chess_square_make (5, 2), chess_square_make (6, 0), 0);
  g_assert_cmpint (caissa_game_check_claim (game, ng1), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  g_assert_true (caissa_game_can_claim_with_a_move (game));
  /* As the position stands it has occurred three times too (start, +8 plies: the
   * position after Nf3 Nf6 occurred after plies 2, 6, 10). */
  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==,
                   CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  /* An illegal declared move is no claim at all. */
  g_assert_cmpint (caissa_game_check_claim (game, chess_move_make (chess_square_make (0, 0), chess_square_make (0, 5), 0)),
                   ==, CAISSA_OUTCOME_REASON_NONE);

  recorder_attach (&rec, game);
  g_assert_true (caissa_game_claim_draw (game, ng1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rec.moves, ==, 1);
  g_assert_cmpuint (rec.outcomes, ==, 1);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 11);
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  g_assert_false (caissa_game_get_can_move (game));
  /* The claim came with the move: undo takes back both. */
  g_assert_true (caissa_game_undo (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 10);

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_threefold_claim_pending (void)
{
  CaissaGame *game = caissa_game_new ();

  play (game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6");
  /* A pending claim with a move that does not repeat: the move stands alone. */
  caissa_game_set_claim_pending (game, TRUE);
  g_assert_true (caissa_game_get_claim_pending (game));
  play (game, "e4");
  g_assert_false (caissa_game_get_claim_pending (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_NONE);
  g_assert_finalize_object (game);

  game = caissa_game_new ();
  play (game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  /* Black declares Ng8: the start position a third time. */
  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==, CAISSA_OUTCOME_REASON_NONE);
  caissa_game_set_claim_pending (game, TRUE);
  play (game, "Ng8");
  g_assert_false (caissa_game_get_claim_pending (game));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  g_assert_finalize_object (game);
}

static void
test_fifty_move_claim (void)
{
  CaissaGame *game = game_from_fen ("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  ChessMove ra2;

  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==, CAISSA_OUTCOME_REASON_NONE);
  ra2 = chess_position_find_move (caissa_game_get_position (game),
                                  chess_square_make (0, 0), chess_square_make (0, 1), 0);
  /* White may claim with a quiet move that completes the fifty. */
  g_assert_cmpint (caissa_game_check_claim (game, ra2), ==, CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM);
  play (game, "Ra2");
  /* Now Black, to move, may claim as the position stands. */
  g_assert_cmpint (caissa_game_check_claim (game, CHESS_MOVE_NONE), ==, CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM);
  g_assert_true (caissa_game_claim_draw (game, CHESS_MOVE_NONE, NULL));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM);
  /* A claim without a move is not a move: no undo past it. */
  g_assert_false (caissa_game_get_can_undo (game));
  g_assert_finalize_object (game);
}

static void
test_resignation (void)
{
  CaissaGame *game = caissa_game_new ();
  Recorder rec;

  play (game, "e4");
  recorder_attach (&rec, game);
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_BLACK));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_RESIGNATION);
  g_assert_cmpuint (rec.outcomes, ==, 1);
  g_assert_cmpuint (count (&rec, "outcome"), ==, 1);
  g_assert_cmpuint (count (&rec, "can-move"), ==, 1);
  g_assert_cmpuint (count (&rec, "can-undo"), ==, 1);
  g_assert_false (caissa_game_get_can_undo (game));
  g_assert_false (caissa_game_resign (game, CAISSA_COLOR_WHITE));
  g_assert_cmpuint (rec.outcomes, ==, 1);
  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_draw_agreement (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  Recorder rec;

  recorder_attach (&rec, game);

  /* Nobody has moved: no offer. */
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));
  play (game, "e4");
  /* Only White, right after his move. */
  g_assert_true (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));
  g_assert_false (caissa_game_offer_draw (game, CAISSA_COLOR_BLACK, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_false (caissa_game_can_answer_draw (game));

  g_assert_true (caissa_game_offer_draw (game, CAISSA_COLOR_WHITE, NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpuint (count (&rec, "draw-offer"), ==, 1);
  g_assert_true (caissa_game_can_answer_draw (game));
  /* A standing offer is not made twice. */
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));

  /* Declined aloud: White may not offer again… */
  g_assert_true (caissa_game_decline_draw (game, NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_NONE);
  g_assert_cmpuint (count (&rec, "draw-offer"), ==, 2);
  g_assert_false (caissa_game_decline_draw (game, NULL));
  play (game, "e5 Nf3");
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  /* …until Black has offered. Black offers after his move; White answers
   * by moving, which declines it and now blocks Black. */
  play (game, "Nc6");
  g_assert_true (caissa_game_offer_draw (game, CAISSA_COLOR_BLACK, NULL));
  play (game, "Bb5");
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_NONE);
  g_assert_true (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  play (game, "a6");
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));

  /* White offers, Black accepts. */
  play (game, "Ba4");
  g_assert_true (caissa_game_offer_draw (game, CAISSA_COLOR_WHITE, NULL));
  recorder_clear (&rec);
  g_assert_true (caissa_game_accept_draw (game, NULL));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_AGREEMENT);
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_NONE);
  g_assert_cmpuint (rec.outcomes, ==, 1);
  g_assert_false (caissa_game_accept_draw (game, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_assert_false (caissa_game_get_can_undo (game));

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_undo_redo (void)
{
  CaissaGame *game = caissa_game_new ();
  Recorder rec;

  play (game, "e4 e5 Nf3");
  recorder_attach (&rec, game);

  g_assert_true (caissa_game_undo (game));
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 2);
  g_assert_true (caissa_game_get_can_redo (game));
  g_assert_cmpuint (count (&rec, "can-redo"), ==, 1);
  g_assert_cmpuint (count (&rec, "n-plies"), ==, 1);
  g_assert_cmpuint (count (&rec, "fen"), ==, 1);
  g_assert_cmpuint (rec.moves, ==, 0);
  g_assert_true (caissa_game_undo (game));
  g_assert_true (caissa_game_redo (game));
  g_assert_cmpstr (caissa_game_get_san (game, 2), ==, "e5");
  g_assert_cmpuint (rec.moves, ==, 1);
  g_assert_true (caissa_game_redo (game));
  g_assert_cmpstr (caissa_game_get_san (game, 3), ==, "Nf3");
  g_assert_false (caissa_game_get_can_redo (game));
  g_assert_false (caissa_game_redo (game));

  /* A new move forgets what was undone. */
  g_assert_true (caissa_game_undo (game));
  play (game, "Nc3");
  g_assert_false (caissa_game_get_can_redo (game));

  /* Undo from an earlier view works on the end and shows it. */
  caissa_game_go_first (game);
  g_assert_true (caissa_game_undo (game));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 2);

  /* Undo all the way back. */
  while (caissa_game_undo (game))
    ;
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);
  g_assert_cmpstr (caissa_game_get_fen (game), ==, CHESS_START_FEN);

  /* A timed game has no undo. */
  play (game, "e4");
  caissa_game_set_timed (game, TRUE);
  g_assert_false (caissa_game_get_can_undo (game));
  g_assert_false (caissa_game_undo (game));

  recorder_detach (&rec, game);
  g_assert_finalize_object (game);
}

static void
test_press_and_flag (void)
{
  CaissaGame *game = caissa_game_new ();
  g_autoptr(GError) error = NULL;

  caissa_game_set_timed (game, TRUE);
  caissa_game_set_press_required (game, TRUE);
  play (game, "e4");
  g_assert_true (caissa_game_get_awaiting_press (game));
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_false (caissa_game_play_san (game, "e5", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  /* Before the press White may offer a draw; after it, no longer. */
  g_assert_true (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  g_assert_true (caissa_game_press (game));
  g_assert_false (caissa_game_press (game));
  g_assert_false (caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE));
  g_assert_true (caissa_game_get_can_move (game));
  play (game, "e5");

  /* White's flag falls: Black has material to mate, Black wins. */
  caissa_game_press (game);
  g_assert_true (caissa_game_flag_fall (game, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  g_assert_finalize_object (game);

  /* White's flag falls but Black has a lone king: a draw. */
  game = game_from_fen ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  g_assert_true (caissa_game_flag_fall (game, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==,
                   CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT);
  g_assert_finalize_object (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/game/initial", test_initial);
  g_test_add_func ("/model/game/move-notifies", test_move_notifies);
  g_test_add_func ("/model/game/names", test_names);
  g_test_add_func ("/model/game/load-fen", test_load_fen);
  g_test_add_func ("/model/game/navigation", test_navigation);
  g_test_add_func ("/model/game/analysis-variation", test_analysis_variation);
  g_test_add_func ("/model/game/checkmate", test_checkmate);
  g_test_add_func ("/model/game/stalemate", test_stalemate);
  g_test_add_func ("/model/game/dead-position", test_dead_position);
  g_test_add_func ("/model/game/fivefold", test_fivefold);
  g_test_add_func ("/model/game/seventy-five-moves", test_seventy_five);
  g_test_add_func ("/model/game/threefold-claim", test_threefold_claim);
  g_test_add_func ("/model/game/threefold-claim-pending", test_threefold_claim_pending);
  g_test_add_func ("/model/game/fifty-move-claim", test_fifty_move_claim);
  g_test_add_func ("/model/game/resignation", test_resignation);
  g_test_add_func ("/model/game/draw-agreement", test_draw_agreement);
  g_test_add_func ("/model/game/undo-redo", test_undo_redo);
  g_test_add_func ("/model/game/press-and-flag", test_press_and_flag);

  return g_test_run ();
}
