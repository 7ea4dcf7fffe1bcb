/* test-engine-player.c — the computer's side of a game (CaissaEnginePlayer)
 * with a scripted UCI engine (tests/engine-player/scripted-engine.sh): the
 * limits it is given without and under the clock, the press after its move,
 * the draw rule, take-backs, a crash.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "caissa-engine-player.h"
#include "test-util.h"

/* Generous: the machine running the tests may be loaded. */
#define DEADLINE_S 60

typedef struct
{
  char               *dir;
  char               *log;
  CaissaGame         *game;
  CaissaClock        *clock;
  gint64              now;
  CaissaEnginePlayer *player;
  GError             *failure;
  int                 draw_answers;
  gboolean            draw_accepted;
} Fixture;

static gint64
fake_now (gpointer data)
{
  return ((Fixture *) data)->now;
}

static char *
engine_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "engine-player", "scripted-engine.sh", NULL);
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("caissa-engine-player-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->log = g_build_filename (f->dir, "log", NULL);
  g_setenv ("SCRIPTED_LOG", f->log, TRUE);
  g_unsetenv ("SCRIPTED_CRASH");
  g_setenv ("SCRIPTED_SCORE", "0", TRUE);
  f->game = caissa_game_new ();
  f->now = 1000000;
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  g_clear_object (&f->player);
  g_clear_object (&f->clock);
  g_assert_finalize_object (f->game);
  g_clear_error (&f->failure);
  test_util_remove_tree (f->dir);
  g_free (f->log);
  g_free (f->dir);
}

static void
failed_cb (CaissaEnginePlayer *player,
           const GError       *error,
           Fixture            *f)
{
  g_assert_null (f->failure);
  f->failure = g_error_copy (error);
}

static void
draw_answered_cb (CaissaEnginePlayer *player,
                  gboolean            accepted,
                  Fixture            *f)
{
  f->draw_answers++;
  f->draw_accepted = accepted;
}

static void
start_player (Fixture     *f,
              CaissaColor  side,
              const char  *moves,
              guint        move_time_ms)
{
  g_autofree char *path = engine_path ();
  g_autoptr(CaissaEngine) engine = NULL;

  g_setenv ("SCRIPTED_MOVES", moves, TRUE);
  engine = caissa_engine_new (path);
  f->player = caissa_engine_player_new (f->game, engine, side, 1, move_time_ms);
  g_signal_connect (f->player, "failed", G_CALLBACK (failed_cb), f);
  g_signal_connect (f->player, "draw-answered", G_CALLBACK (draw_answered_cb), f);
}

/* Runs the main loop until the game has n plies (or the engine failed). */
static void
wait_for_plies (Fixture *f,
                guint    n)
{
  gint64 end = g_get_monotonic_time () + DEADLINE_S * G_USEC_PER_SEC;

  while (caissa_game_get_n_plies (f->game) != n && f->failure == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static void
wait_for_failure (Fixture *f)
{
  gint64 end = g_get_monotonic_time () + DEADLINE_S * G_USEC_PER_SEC;

  while (f->failure == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* The last "go" command the engine received. */
static char *
last_go (Fixture *f)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  char *go = NULL;

  g_assert_true (g_file_get_contents (f->log, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "go"))
      {
        g_free (go);
        go = g_strdup (lines[i]);
      }
  g_assert_nonnull (go);
  return go;
}

static gboolean
log_contains (Fixture    *f,
              const char *text)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (f->log, &contents, NULL, NULL));
  return strstr (contents, text) != NULL;
}

static gboolean
log_has_line (Fixture    *f,
              const char *line)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (f->log, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  return g_strv_contains ((const char *const *) lines, line);
}

/* Without a clock: the engine answers with the think time it was given,
 * the board is the human's again afterwards. */
static void
test_untimed_reply (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *go = NULL;

  start_player (f, CAISSA_COLOR_BLACK, "e7e5 b8c6", 1500);
  g_assert_false (caissa_engine_player_get_engine_to_move (f->player));
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  g_assert_true (caissa_engine_player_get_engine_to_move (f->player));
  wait_for_plies (f, 2);
  g_assert_no_error (f->failure);
  g_assert_cmpstr (caissa_game_get_san (f->game, 2), ==, "e5");
  g_assert_false (caissa_engine_player_get_engine_to_move (f->player));
  g_assert_false (caissa_engine_player_get_thinking (f->player));
  go = last_go (f);
  g_assert_cmpstr (go, ==, "go movetime 1500");
  g_assert_true (log_has_line (f, "position startpos moves e2e4")
                 || log_has_line (f, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4"));
  /* Level 1: the weakest play the engine offers. */
  g_assert_true (log_contains (f, "setoption name Skill Level value "));

  /* The engine as White plays first, at once. */
  g_clear_object (&f->player);
  caissa_game_reset (f->game);
  start_player (f, CAISSA_COLOR_WHITE, "d2d4", 1000);
  wait_for_plies (f, 1);
  g_assert_cmpstr (caissa_game_get_san (f->game, 1), ==, "d4");
}

/* Under the clock: wtime/btime from the clock, less a margin; the
 * increment; and the engine presses its own clock right after its move. */
static void
test_timed_press (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *go = NULL;
  gint64 wtime, btime, winc, binc;
  int n;

  f->clock = caissa_clock_new_for_time_control ("300+2", NULL);
  caissa_clock_set_time_func (f->clock, fake_now, f, NULL);
  caissa_game_set_clock (f->game, f->clock);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);

  g_assert_true (caissa_clock_start (f->clock, NULL));
  f->now += 10000;
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  /* Before the human's press the engine may not move. */
  g_assert_false (caissa_engine_player_get_thinking (f->player));
  g_assert_true (caissa_game_press (f->game));
  wait_for_plies (f, 2);
  g_assert_no_error (f->failure);

  go = last_go (f);
  n = sscanf (go, "go wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
              " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT, &wtime, &btime, &winc, &binc);
  g_assert_cmpint (n, ==, 4);
  /* White: 300 s − 10 s + 2 s; Black: 300 s; each less at most a second. */
  g_assert_cmpint (wtime, <=, 292000);
  g_assert_cmpint (wtime, >=, 291000);
  g_assert_cmpint (btime, <=, 300000);
  g_assert_cmpint (btime, >=, 299000);
  g_assert_cmpint (winc, ==, 2000);
  g_assert_cmpint (binc, ==, 2000);

  /* Pressed at once: White's clock runs, no press awaited, Black got his
   * increment. */
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK), ==, 302000);
}

/* A delay is not an increment: the engine plans as if it had none. */
static void
test_timed_delay (Fixture       *f,
                  gconstpointer  data)
{
  CaissaEngineLimits limits;

  f->clock = caissa_clock_new_for_time_control ("40/5400d5:1800d5", NULL);
  caissa_clock_set_time_func (f->clock, fake_now, f, NULL);
  caissa_game_set_clock (f->game, f->clock);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);
  caissa_engine_player_get_limits (f->player, &limits);
  g_assert_cmpint (limits.winc_ms, ==, 0);
  g_assert_cmpint (limits.binc_ms, ==, 0);
  g_assert_cmpint (limits.movestogo, ==, 40);
  g_assert_cmpint (limits.wtime_ms, <, 5400000);
  g_assert_cmpint (limits.wtime_ms, >=, 5399000);
  g_assert_cmpint (limits.movetime_ms, ==, -1);
}

/* Paused, the engine does not think; it answers once the clock runs. */
static void
test_timed_pause (Fixture       *f,
                  gconstpointer  data)
{
  f->clock = caissa_clock_new_for_time_control ("300", NULL);
  caissa_clock_set_time_func (f->clock, fake_now, f, NULL);
  caissa_game_set_clock (f->game, f->clock);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);
  g_assert_true (caissa_clock_start (f->clock, NULL));
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  g_assert_true (caissa_clock_pause (f->clock, NULL));
  g_assert_true (caissa_game_press (f->game) || caissa_game_get_awaiting_press (f->game));
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 1);
  g_assert_true (caissa_clock_resume (f->clock, NULL));
  if (caissa_game_get_awaiting_press (f->game))
    g_assert_true (caissa_game_press (f->game));
  wait_for_plies (f, 2);
  g_assert_cmpstr (caissa_game_get_san (f->game, 2), ==, "e5");
}

/* Untimed take-back: the engine's reply goes with the human's move. */
static void
test_undo_removes_reply (Fixture       *f,
                         gconstpointer  data)
{
  start_player (f, CAISSA_COLOR_BLACK, "e7e5 b8c6", 1000);
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  wait_for_plies (f, 2);
  g_assert_true (caissa_engine_player_get_can_undo (f->player));
  g_assert_true (caissa_engine_player_undo (f->player));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 0);
  g_assert_false (caissa_engine_player_get_engine_to_move (f->player));

  /* Undone while the engine thinks: the human's move only, and the
   * search's answer is dropped. */
  g_assert_true (caissa_game_play_san (f->game, "d4", NULL));
  g_assert_true (caissa_engine_player_undo (f->player));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 0);
  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 0);

  /* Under a clock there is no undo against the engine. */
  g_clear_object (&f->player);
  f->clock = caissa_clock_new_for_time_control ("300", NULL);
  caissa_game_set_clock (f->game, f->clock);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);
  g_assert_false (caissa_engine_player_get_can_undo (f->player));
}

/* The draw rule: accepted from move 30 when the engine is not better than
 * −0.30 for itself, declined otherwise. */
static void
test_draw_rule (Fixture       *f,
                gconstpointer  data)
{
  static const struct
  {
    const char *fen;
    const char *score;
    gboolean    accept;
  } rows[] = {
    /* Move 40, the engine worse: accepts. */
    { "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 40", "-100", TRUE },
    /* Move 40, the engine better: declines. */
    { "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 40", "50", FALSE },
    /* Move 10, the engine worse: too early, declines. */
    { "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 10", "-100", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_clear_object (&f->player);
      g_assert_true (caissa_game_load_fen (f->game, rows[i].fen, NULL));
      g_setenv ("SCRIPTED_SCORE", rows[i].score, TRUE);
      f->draw_answers = 0;
      start_player (f, CAISSA_COLOR_BLACK, "e8d8 d8e8", 1000);
      wait_for_plies (f, 1);
      g_assert_cmpint (caissa_engine_player_get_last_eval (f->player), ==, atoi (rows[i].score));
      g_assert_true (caissa_game_play_san (f->game, "Kd1", NULL));
      g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
      while (f->draw_answers == 0)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (f->draw_accepted, ==, rows[i].accept);
      if (rows[i].accept)
        {
          g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_DRAW);
          g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_AGREEMENT);
        }
      else
        {
          g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
          /* Declined, the engine plays on. */
          wait_for_plies (f, 3);
        }
    }
}

/* A threefold repetition the engine may claim, with its evaluation not
 * better than 0: it claims instead of playing on. */
static void
test_claims_threefold (Fixture       *f,
                       gconstpointer  data)
{
  const char *moves[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (caissa_game_play_san (f->game, moves[i], NULL));
  /* Black to move: Ng8 would repeat the start position a third time. */
  g_setenv ("SCRIPTED_SCORE", "0", TRUE);
  start_player (f, CAISSA_COLOR_BLACK, "f6g8", 1000);
  while (caissa_game_get_outcome (f->game) == CAISSA_OUTCOME_NONE && f->failure == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
}

/* Better for the engine: no claim, it plays its move. */
static void
test_no_claim_when_better (Fixture       *f,
                           gconstpointer  data)
{
  const char *moves[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (caissa_game_play_san (f->game, moves[i], NULL));
  g_setenv ("SCRIPTED_SCORE", "80", TRUE);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);
  wait_for_plies (f, 8);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  g_assert_cmpstr (caissa_game_get_san (f->game, 8), ==, "e5");
}

/* An engine that crashes mid-game: one failure naming it, the game and the
 * clocks as they were. */
static void
test_crash (Fixture       *f,
            gconstpointer  data)
{
  gint64 white, black;

  f->clock = caissa_clock_new_for_time_control ("300", NULL);
  caissa_clock_set_time_func (f->clock, fake_now, f, NULL);
  caissa_game_set_clock (f->game, f->clock);
  g_setenv ("SCRIPTED_CRASH", "go", TRUE);
  start_player (f, CAISSA_COLOR_BLACK, "e7e5", 1000);
  g_assert_true (caissa_clock_start (f->clock, NULL));
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  g_assert_true (caissa_game_press (f->game));
  white = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  black = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK);
  wait_for_failure (f);
  g_assert_error (f->failure, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_CRASHED);
  /* The message names the engine. */
  g_assert_true (strstr (f->failure->message, "Scripted") != NULL
                 || strstr (f->failure->message, "scripted-engine") != NULL);
  g_assert_true (caissa_engine_player_get_failed (f->player));
  g_assert_false (caissa_engine_player_get_engine_to_move (f->player));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 1);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, white);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK), ==, black);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  /* The game goes on between people: Black moves by hand. */
  g_clear_object (&f->player);
  g_assert_true (caissa_game_play_san (f->game, "c5", NULL));
}

/* A program that is not there: a failure, nothing else. */
static void
test_not_found (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CaissaEngine) engine = caissa_engine_new ("/nonexistent/caissa-test-engine");

  f->player = caissa_engine_player_new (f->game, engine, CAISSA_COLOR_WHITE, 3, 1000);
  g_signal_connect (f->player, "failed", G_CALLBACK (failed_cb), f);
  wait_for_failure (f);
  g_assert_error (f->failure, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_FOUND);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, setup, func, teardown)
  ADD ("/engine-player/untimed/reply", test_untimed_reply);
  ADD ("/engine-player/timed/limits-and-press", test_timed_press);
  ADD ("/engine-player/timed/delay-is-no-increment", test_timed_delay);
  ADD ("/engine-player/timed/pause", test_timed_pause);
  ADD ("/engine-player/undo/removes-reply", test_undo_removes_reply);
  ADD ("/engine-player/draw/offer-rule", test_draw_rule);
  ADD ("/engine-player/draw/claims-threefold", test_claims_threefold);
  ADD ("/engine-player/draw/no-claim-when-better", test_no_claim_when_better);
  ADD ("/engine-player/failure/crash", test_crash);
  ADD ("/engine-player/failure/not-found", test_not_found);
#undef ADD

  return g_test_run ();
}
