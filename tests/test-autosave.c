/* test-autosave.c — the game in progress kept on disk and resumed exactly
 * (RULES.md §11): moves, clocks (paused, at the saved time), whose clock
 * is on, the press due, the standing draw offer and who may offer; one
 * write per change, the file removed when the game ends; corrupt files
 * refused with their name and reason, and moved aside.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "caissa-autosave.h"
#include "caissa-review-keep.h"
#include "chess-pgn.h"
#include "test-util.h"

static char *state_home;

typedef struct
{
  char           *dir;
  char           *path;
  gint64          now;
  gint64          later;
  CaissaGame     *game;
  CaissaClock    *clock;
  CaissaAutosave *autosave;
  guint           failures;
  /* What is resumed from the file. */
  CaissaGame     *game2;
  CaissaClock    *clock2;
} Fixture;

static gint64
fake_now (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
failed_cb (CaissaAutosave *autosave,
           const GError   *error,
           Fixture        *f)
{
  g_assert_nonnull (strstr (error->message, f->path));
  f->failures++;
}

/* data: a TimeControl for a timed game, or NULL. */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("caissa-autosave-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "caissa", "current-game.ini", NULL);
  f->now = 1000000;
  /* The resumed clock's time source: much later, as after a restart. */
  f->later = 987654321;
  f->game = caissa_game_new ();
  caissa_game_set_white_name (f->game, "Anna");
  caissa_game_set_black_name (f->game, "Boris");
  if (data != NULL)
    {
      f->clock = caissa_clock_new_for_time_control (data, &error);
      g_assert_no_error (error);
      caissa_clock_set_time_func (f->clock, fake_now, &f->now, NULL);
      caissa_game_set_clock (f->game, f->clock);
    }
  f->autosave = caissa_autosave_new (f->path);
  caissa_autosave_set_game (f->autosave, f->game);
  g_signal_connect (f->autosave, "save-failed", G_CALLBACK (failed_cb), f);
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
}

static void
fixture_setup_untimed (Fixture       *f,
                       gconstpointer  data)
{
  fixture_setup (f, NULL);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  g_assert_finalize_object (f->autosave);
  g_assert_finalize_object (f->game);
  if (f->clock != NULL)
    g_assert_finalize_object (f->clock);
  if (f->game2 != NULL)
    g_assert_finalize_object (f->game2);
  if (f->clock2 != NULL)
    g_assert_finalize_object (f->clock2);
  test_util_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
play (CaissaGame *game,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

static void
plays (CaissaGame *game,
       const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    play (game, moves[i]);
}

/* Each move 2 s after the last, then pressed through the clock. */
static void
move_and_press (Fixture    *f,
                const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      CaissaColor mover = caissa_game_get_side_to_move (f->game);

      f->now += 2000;
      caissa_clock_update (f->clock);
      play (f->game, moves[i]);
      f->now += 250;
      g_assert_true (caissa_clock_press (f->clock, mover, NULL));
    }
}

static CaissaSavedGame *
load (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  CaissaSavedGame *saved = caissa_saved_game_load (f->path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (saved);
  return saved;
}

/* Reads the file back into game2 (and clock2, on the later time source),
 * as a restarted Caissa does. */
static void
resume (Fixture *f)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  g_autoptr(GError) error = NULL;

  caissa_autosave_flush (f->autosave);
  saved = load (f);
  f->game2 = caissa_game_new ();
  if (caissa_saved_game_get_time_control (saved) != NULL)
    {
      f->clock2 = caissa_clock_new ();
      caissa_clock_set_time_func (f->clock2, fake_now, &f->later, NULL);
    }
  g_assert_true (caissa_saved_game_restore (saved, f->game2, f->clock2, &error));
  g_assert_no_error (error);
  g_assert_true (caissa_game_get_clock (f->game2) == f->clock2);
}

static void
assert_same_pgn (CaissaGame *a,
                 CaissaGame *b)
{
  g_autofree char *pa = caissa_game_to_pgn (a);
  g_autofree char *pb = caissa_game_to_pgn (b);

  g_assert_cmpstr (pa, ==, pb);
}

/* Everything a player can see or do with the offers and the press. */
static void
assert_same_state (CaissaGame *a,
                   CaissaGame *b)
{
  assert_same_pgn (a, b);
  g_assert_cmpstr (caissa_game_get_fen (a), ==, caissa_game_get_fen (b));
  g_assert_cmpuint (caissa_game_get_n_plies (a), ==, caissa_game_get_n_plies (b));
  g_assert_cmpstr (caissa_game_get_white_name (a), ==, caissa_game_get_white_name (b));
  g_assert_cmpstr (caissa_game_get_black_name (a), ==, caissa_game_get_black_name (b));
  g_assert_cmpint (caissa_game_get_draw_offer (a), ==, caissa_game_get_draw_offer (b));
  g_assert_cmpint (caissa_game_get_awaiting_press (a), ==, caissa_game_get_awaiting_press (b));
  g_assert_cmpint (caissa_game_get_press_required (a), ==, caissa_game_get_press_required (b));
  g_assert_cmpint (caissa_game_get_timed (a), ==, caissa_game_get_timed (b));
  g_assert_cmpint (caissa_game_get_outcome (a), ==, caissa_game_get_outcome (b));
  for (int c = 0; c < 2; c++)
    g_assert_cmpint (caissa_game_can_offer_draw (a, c), ==, caissa_game_can_offer_draw (b, c));
  g_assert_cmpint (caissa_game_can_answer_draw (a), ==, caissa_game_can_answer_draw (b));
}

/* --- Untimed ----------------------------------------------------------------------- */

static void
test_untimed_roundtrip (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  struct stat st;

  plays (f->game, "e4 e5 Nf3 Nc6 Bb5");
  caissa_autosave_flush (f->autosave);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  /* Private to the user. */
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  saved = load (f);
  g_assert_cmpstr (caissa_saved_game_get_white_name (saved), ==, "Anna");
  g_assert_cmpstr (caissa_saved_game_get_black_name (saved), ==, "Boris");
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 5);
  g_assert_cmpint (caissa_saved_game_get_side_to_move (saved), ==, CAISSA_COLOR_BLACK);
  g_assert_null (caissa_saved_game_get_time_control (saved));
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), ==, -1);
  g_assert_nonnull (caissa_saved_game_get_saved_at (saved));

  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_false (caissa_game_get_timed (f->game2));
  g_assert_cmpuint (caissa_game_get_ply (f->game2), ==, 5);
  /* Play goes on, and a take-back works as in any untimed game. */
  play (f->game2, "a6");
  g_assert_true (caissa_game_undo (f->game2));
}

static void
test_one_write_per_change (Fixture       *f,
                           gconstpointer  data)
{
  static const char *const moves[] = { "d4", "d5", "c4", "e6", "Nc3", "Nf6" };
  guint writes = 0;

  /* Nothing to keep yet: no file. */
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr(CaissaSavedGame) saved = NULL;

      play (f->game, moves[i]);
      caissa_autosave_flush (f->autosave);
      g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, ++writes);
      saved = load (f);
      g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, i + 1);
    }

  /* Looking back changes nothing to keep. */
  caissa_game_go_first (f->game);
  caissa_game_go_next (f->game);
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes);

  /* A draw offer and its answer are each saved. */
  caissa_game_go_last (f->game);
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, ++writes);
  g_assert_true (caissa_game_decline_draw (f->game, NULL));
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, ++writes);

  /* The orientation too. */
  caissa_autosave_set_flipped (f->autosave, TRUE);
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, ++writes);
  {
    g_autoptr(CaissaSavedGame) saved = load (f);

    g_assert_true (caissa_saved_game_get_flipped (saved));
    g_assert_true (caissa_saved_game_get_offer_blocked (saved, CAISSA_COLOR_BLACK));
  }
}

static void
test_untimed_offers (Fixture       *f,
                     gconstpointer  data)
{
  /* White offers after 1. e4; Black declines aloud: White may not offer
   * again until Black has offered. */
  play (f->game, "e4");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_decline_draw (f->game, NULL));
  resume (f);
  assert_same_state (f->game, f->game2);
  {
    g_autoptr(CaissaSavedGame) saved = load (f);

    g_assert_true (caissa_saved_game_get_offer_blocked (saved, CAISSA_COLOR_WHITE));
    g_assert_false (caissa_saved_game_get_offer_blocked (saved, CAISSA_COLOR_BLACK));
  }

  /* Both games go on alike. */
  plays (f->game, "e5 Nf3");
  plays (f->game2, "e5 Nf3");
  assert_same_state (f->game, f->game2);
  g_assert_false (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_WHITE));
}

static void
test_untimed_offer_stands (Fixture       *f,
                           gconstpointer  data)
{
  plays (f->game, "e4 c5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_cmpint (caissa_game_get_draw_offer (f->game2), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_accept_draw (f->game2, NULL));
  g_assert_cmpint (caissa_game_get_outcome (f->game2), ==, CAISSA_OUTCOME_DRAW);
}

/* Black offered, White declined by moving: the replayed last move. */
static void
test_untimed_declined_by_move (Fixture       *f,
                               gconstpointer  data)
{
  plays (f->game, "e4 c5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  play (f->game, "Nf3");
  resume (f);
  assert_same_state (f->game, f->game2);
  {
    g_autoptr(CaissaSavedGame) saved = load (f);

    g_assert_true (caissa_saved_game_get_offer_blocked (saved, CAISSA_COLOR_BLACK));
  }
  /* Black may not offer after his next move; White, who never offered,
   * may after his. */
  play (f->game, "d6");
  play (f->game2, "d6");
  assert_same_state (f->game, f->game2);
  g_assert_false (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_BLACK));
  play (f->game, "d4");
  play (f->game2, "d4");
  assert_same_state (f->game, f->game2);
  g_assert_true (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_WHITE));
  /* White's offer frees Black again. */
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_offer_draw (f->game2, CAISSA_COLOR_WHITE, NULL));
  play (f->game, "cxd4");
  play (f->game2, "cxd4");
  assert_same_state (f->game, f->game2);
  g_assert_true (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_BLACK));
}

/* An undo is not a refusal; a new game forgets everything. */
static void
test_offer_tracking (Fixture       *f,
                     gconstpointer  data)
{
  plays (f->game, "e4 e5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_undo (f->game));
  play (f->game, "e6");
  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_true (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_BLACK));
  g_clear_object (&f->game2);

  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_decline_draw (f->game, NULL));
  caissa_game_reset (f->game);
  plays (f->game, "d4 d5");
  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_true (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_BLACK));
}

static void
test_removed_when_over (Fixture       *f,
                        gconstpointer  data)
{
  /* Checkmate. */
  plays (f->game, "f3 e5 g4");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  play (f->game, "Qh4#");
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* Resignation. */
  caissa_game_reset (f->game);
  plays (f->game, "e4 e5");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_WHITE));
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* Agreement. */
  caissa_game_reset (f->game);
  play (f->game, "e4");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_true (caissa_game_accept_draw (f->game, NULL));
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* A new game started over an unfinished one. */
  caissa_game_reset (f->game);
  play (f->game, "e4");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  caissa_game_reset (f->game);
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

  /* Declined at the close: removed, and no longer kept. */
  play (f->game, "d4");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  caissa_autosave_discard (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  play (f->game, "d5");
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_null (caissa_autosave_get_game (f->autosave));
}

/* A file reviewed in the game's place (analysis mode) leaves the last
 * game played on disk, to be offered again; playing again replaces it. */
static void
test_analysis_leaves_file (Fixture       *f,
                           gconstpointer  data)
{
  ChessError err = { 0 };
  ChessGame *core;
  guint writes;

  plays (f->game, "e4 e5 Nf3");
  caissa_autosave_flush (f->autosave);
  writes = caissa_autosave_get_n_writes (f->autosave);

  /* As the review does: analysis, then the file's game. */
  core = chess_pgn_read_game ("1. d4 d5 2. c4 *", 16, &err, NULL);
  g_assert_nonnull (core);
  caissa_game_set_analysis (f->game, TRUE);
  caissa_game_load_core_game (f->game, core);
  play (f->game, "e6");
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes);
  g_assert_true (caissa_autosave_save (f->autosave, NULL));
  {
    g_autoptr(CaissaSavedGame) saved = load (f);

    g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 3);
  }

  /* A new game played: that one is kept from its first move. */
  caissa_game_set_analysis (f->game, FALSE);
  caissa_game_reset (f->game);
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  play (f->game, "c4");
  caissa_autosave_flush (f->autosave);
  {
    g_autoptr(CaissaSavedGame) saved = load (f);

    g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 1);
  }
}

/* A write that fails keeps the last good file and is reported once. */
static void
test_write_failure (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;

  play (f->game, "e4");
  caissa_autosave_flush (f->autosave);

  g_setenv ("CAISSA_TEST_FAIL_WRITE", "after:10", TRUE);
  play (f->game, "e5");
  g_test_expect_message ("caissa-autosave", G_LOG_LEVEL_WARNING, "*No space left*");
  caissa_autosave_flush (f->autosave);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (f->failures, ==, 1);
  play (f->game, "Nf3");
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (f->failures, ==, 1);
  saved = load (f);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 1);
  g_clear_pointer (&saved, caissa_saved_game_free);

  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  play (f->game, "Nc6");
  caissa_autosave_flush (f->autosave);
  saved = load (f);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 4);
  g_assert_cmpuint (f->failures, ==, 1);

  /* A folder that cannot be made is reported by caissa_autosave_save(). */
  {
    g_autoptr(CaissaAutosave) blocked = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *file = g_build_filename (f->dir, "file", NULL);
    g_autofree char *under = g_build_filename (file, "caissa", "current-game.ini", NULL);

    g_file_set_contents (file, "x", -1, NULL);
    blocked = caissa_autosave_new (under);
    caissa_autosave_set_game (blocked, f->game);
    g_assert_false (caissa_autosave_save (blocked, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
    caissa_autosave_set_game (blocked, NULL);
  }
}

static void
test_default_path (void)
{
  g_autofree char *path = caissa_autosave_default_path ();
  g_autofree char *expected = g_build_filename (state_home, "caissa", "current-game.ini", NULL);

  g_assert_cmpstr (path, ==, expected);
}

/* --- Timed ------------------------------------------------------------------------------ */

static void
test_timed_roundtrip (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  gint64 white_left, black_left;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5 Nf3 Nc6");
  /* White thinks for 7.3 s; the game is saved by a pause/resume… */
  f->now += 7300;
  g_assert_true (caissa_clock_pause (f->clock, NULL));
  g_assert_true (caissa_clock_resume (f->clock, NULL));
  caissa_autosave_flush (f->autosave);
  white_left = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  black_left = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK);
  g_assert_cmpint (white_left, ==, 300000 - 4 * 1000 - 2 * 250 + 2 * 2000 - 7300);
  /* …and the crash comes a minute later: that minute is not charged. */
  f->now += 60000;

  saved = load (f);
  g_assert_cmpstr (caissa_saved_game_get_time_control (saved), ==, "300+2");
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), ==, white_left);
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_BLACK), ==, black_left);

  resume (f);
  /* The clock the resumed game is played under: paused, White's on,
   * the times as saved, the moves counted. */
  g_assert_true (caissa_game_get_timed (f->game2));
  g_assert_true (caissa_clock_get_started (f->clock2));
  g_assert_true (caissa_clock_get_paused (f->clock2));
  g_assert_cmpint (caissa_clock_get_side (f->clock2), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock2), ==, CAISSA_COLOR_NONE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==, white_left);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_BLACK), ==, black_left);
  for (int c = 0; c < 2; c++)
    {
      g_assert_cmpuint (caissa_clock_get_moves (f->clock2, c), ==, caissa_clock_get_moves (f->clock, c));
      g_assert_cmpuint (caissa_clock_get_period (f->clock2, c), ==, caissa_clock_get_period (f->clock, c));
    }
  assert_same_pgn (f->game, f->game2);
  g_assert_false (caissa_game_get_can_move (f->game2));

  /* Paused, nothing runs however long the wait. */
  f->later += 30000;
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==, white_left);
  /* Resumed, White's clock runs on from there. */
  g_assert_true (caissa_clock_resume (f->clock2, NULL));
  f->later += 1500;
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==, white_left - 1500);
  play (f->game2, "Bb5");
  f->later += 500;
  g_assert_true (caissa_clock_press (f->clock2, CAISSA_COLOR_WHITE, NULL));
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==, white_left - 2000 + 2000);
}

/* A move taken back after its press (both players agreeing) is saved as
 * the game without it, and resumes so: Black to move again, the clocks as
 * at Black's press. */
static void
test_timed_take_back (Fixture       *f,
                      gconstpointer  data)
{
  gint64 white_left, black_left;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5 Nf3");
  play (f->game, "Nc6");
  f->now += 1200;
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  f->now += 4000;
  g_assert_true (caissa_game_take_back (f->game));
  caissa_autosave_flush (f->autosave);
  white_left = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  black_left = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);

  resume (f);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game2), ==, 3);
  g_assert_cmpint (caissa_clock_get_side (f->clock2), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==, white_left);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_BLACK), ==, black_left);
  g_assert_false (caissa_game_get_awaiting_press (f->game2));
  assert_same_pgn (f->game, f->game2);
  g_assert_true (caissa_clock_resume (f->clock2, NULL));
  play (f->game2, "Nf6");
  g_assert_true (caissa_clock_press (f->clock2, CAISSA_COLOR_BLACK, NULL));
}

/* The save after a press: the press alone writes. */
static void
test_timed_press_saves (Fixture       *f,
                        gconstpointer  data)
{
  guint writes;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  caissa_autosave_flush (f->autosave);
  /* The clock started: worth keeping even before a move. */
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  writes = caissa_autosave_get_n_writes (f->autosave);
  f->now += 1000;
  play (f->game, "e4");
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes + 1);
  f->now += 1000;
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_WHITE, NULL));
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes + 2);
  /* A tick of the display does not write. */
  f->now += 1000;
  caissa_clock_update (f->clock);
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes + 2);
}

/* A running clock is kept about once a second beside the game file (no
 * write of the game file for it): killed 30 s into White's think, the game
 * resumes with at most a second given back, and says so. */
static void
test_timed_running_clock (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  g_autofree char *clock_path = g_strconcat (f->path, ".clock", NULL);
  guint writes, clock_writes;
  gint64 at_crash;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5");
  caissa_autosave_flush (f->autosave);
  writes = caissa_autosave_get_n_writes (f->autosave);
  clock_writes = caissa_autosave_get_n_clock_writes (f->autosave);

  /* 30 s pass, the display ticking, in 100 ms steps. */
  for (int i = 0; i < 300; i++)
    {
      f->now += 100;
      caissa_clock_update (f->clock);
    }
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes);
  g_assert_cmpuint (caissa_autosave_get_n_clock_writes (f->autosave) - clock_writes, >=, 29);
  g_assert_cmpuint (caissa_autosave_get_n_clock_writes (f->autosave) - clock_writes, <=, 31);
  at_crash = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);

  /* Killed now: what a restart reads. */
  saved = load (f);
  g_assert_true (caissa_saved_game_get_clock_was_running (saved));
  g_assert_true (caissa_saved_game_get_clock_to_the_second (saved));
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), >=, at_crash);
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), <=, at_crash + 1000);
  g_clear_pointer (&saved, caissa_saved_game_free);
  resume (f);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), >=, at_crash);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), <=, at_crash + 1000);
  g_assert_true (caissa_clock_get_paused (f->clock2));

  /* A move saves the game file: the clock file of the save before no
   * longer continues it and is not used. */
  play (f->game, "Nf3");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (clock_path, G_FILE_TEST_EXISTS));
  saved = load (f);
  g_assert_true (caissa_saved_game_get_clock_was_running (saved));
  g_assert_false (caissa_saved_game_get_clock_to_the_second (saved));
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), ==,
                   caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE));
  g_clear_pointer (&saved, caissa_saved_game_free);

  /* A clock file that a power cut left empty or damaged is not used. */
  f->now += 1500;
  caissa_clock_update (f->clock);
  g_assert_true (g_file_set_contents (clock_path, "[clock]\nversion=1\ngame=", -1, NULL));
  saved = load (f);
  g_assert_false (caissa_saved_game_get_clock_to_the_second (saved));
  g_clear_pointer (&saved, caissa_saved_game_free);

  /* The game over: both files go. */
  f->now += 1500;
  caissa_clock_update (f->clock);
  g_assert_true (g_file_test (clock_path, G_FILE_TEST_EXISTS));
  caissa_game_resign (f->game, CAISSA_COLOR_WHITE);
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (clock_path, G_FILE_TEST_EXISTS));
}

/* Saved between a move and its press: the press is still due. */
static void
test_timed_awaiting_press (Fixture       *f,
                           gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "d4 Nf6");
  f->now += 4000;
  play (f->game, "c4");
  g_assert_true (caissa_game_get_awaiting_press (f->game));
  /* White offers before pressing, as the Laws have it. */
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_true (caissa_game_get_awaiting_press (f->game2));
  g_assert_true (caissa_clock_get_awaiting_press (f->clock2));
  g_assert_cmpint (caissa_clock_get_side (f->clock2), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock2, CAISSA_COLOR_WHITE), ==,
                   caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE));

  /* Resumed, White presses; Black's clock runs and Black may move (which
   * declines the offer). */
  g_assert_true (caissa_clock_resume (f->clock2, NULL));
  g_assert_false (caissa_game_get_can_move (f->game2));
  f->later += 1000;
  g_assert_true (caissa_clock_press (f->clock2, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_get_can_move (f->game2));
  /* The press wrote c4's time: 5 s of thought in all (4 + 1). */
  g_assert_cmpint (chess_game_node_emt_ms (caissa_game_get_core_game (f->game2),
                                           caissa_game_get_node (f->game2, 3)), ==, 5000);
  play (f->game2, "e6");
  g_assert_cmpint (caissa_game_get_draw_offer (f->game2), ==, CAISSA_COLOR_NONE);
}

/* Black offered and pressed, White declined by moving and pressed: the
 * last move is replayed, its [%clk] kept; Black may not offer. */
static void
test_timed_declined_by_move (Fixture       *f,
                             gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4");
  f->now += 3000;
  play (f->game, "c5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "Nf3");
  resume (f);
  assert_same_state (f->game, f->game2);
  g_assert_cmpint (chess_game_node_clock_ms (caissa_game_get_core_game (f->game2),
                                             caissa_game_get_node (f->game2, 3)), ==,
                   chess_game_node_clock_ms (caissa_game_get_core_game (f->game),
                                             caissa_game_get_node (f->game, 3)));
  g_assert_true (caissa_clock_resume (f->clock2, NULL));
  play (f->game2, "d6");
  g_assert_false (caissa_game_can_offer_draw (f->game2, CAISSA_COLOR_BLACK));
}

static void
test_timed_flag_removes (Fixture       *f,
                         gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
  f->now += 400000;
  caissa_clock_update (f->clock);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_BLACK_WINS);
  caissa_autosave_flush (f->autosave);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

/* A multi-period control: the period and the moves to go come back. */
static void
test_timed_periods (Fixture       *f,
                    gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5 Nf3");
  resume (f);
  g_assert_cmpuint (caissa_clock_get_period (f->clock2, CAISSA_COLOR_WHITE), ==, 1);
  g_assert_cmpuint (caissa_clock_get_period (f->clock2, CAISSA_COLOR_BLACK), ==, 0);
  g_assert_cmpuint (caissa_clock_get_moves_to_go (f->clock2, CAISSA_COLOR_BLACK), ==, 1);
  for (int c = 0; c < 2; c++)
    g_assert_cmpint (caissa_clock_get_remaining (f->clock2, c), ==, caissa_clock_get_remaining (f->clock, c));
  assert_same_state (f->game, f->game2);
}

/* The cost of a save: serialising plus one small atomic write, in a
 * long timed game (moves picked at random from a fixed seed). */
static void
test_save_cost (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  GRand *rand = g_rand_new_with_seed (42);
  double worst = 0, total = 0;
  guint saves = 0;
  struct stat st;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  while (saves < 120 && caissa_game_get_outcome (f->game) == CAISSA_OUTCOME_NONE)
    {
      CaissaColor mover = caissa_game_get_side_to_move (f->game);
      ChessMoveList list;
      double t;

      chess_generate_legal (caissa_game_get_position (f->game), &list);
      f->now += 1000;
      g_assert_true (caissa_game_play_move (f->game, list.moves[g_rand_int_range (rand, 0, list.count)], NULL));
      if (caissa_game_get_outcome (f->game) == CAISSA_OUTCOME_NONE)
        g_assert_true (caissa_clock_press (f->clock, mover, NULL));
      g_timer_start (timer);
      caissa_autosave_flush (f->autosave);
      t = g_timer_elapsed (timer, NULL);
      total += t;
      worst = MAX (worst, t);
      saves++;
    }
  g_rand_free (rand);
  if (g_stat (f->path, &st) != 0)
    st.st_size = 0;
  g_test_message ("autosave of a timed game, %u saves up to %u plies (%" G_GINT64_FORMAT
                  " bytes at the end): mean %.2f ms, worst %.2f ms per save, fsync included",
                  saves, caissa_game_get_n_plies (f->game), (gint64) st.st_size,
                  total / saves * 1000, worst * 1000);
  g_assert_cmpuint (saves, >, 20);
  g_assert_cmpint (st.st_size, <, 16384);
}

/* --- Against the computer ------------------------------------------------------------------ */

/* A game against the engine keeps it — command, side, level, think time —
 * through the file and a resume; a game that stops being one (the
 * engine dropped, "Continue as a Human Game") forgets it. */
static void
test_engine_opponent (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  g_autoptr(CaissaAutosave) again = NULL;
  g_autofree char *path2 = g_build_filename (f->dir, "again.ini", NULL);
  g_autofree char *text = NULL;
  CaissaColor side = CAISSA_COLOR_NONE;
  guint level = 0, move_time = 0;
  guint writes;

  caissa_autosave_set_engine (f->autosave, "/usr/games/stockfish", CAISSA_COLOR_BLACK, 3, 5000);
  if (f->clock != NULL)
    {
      g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
      move_and_press (f, "e4 e5 Nf3");
    }
  else
    plays (f->game, "e4 e5 Nf3");
  caissa_autosave_flush (f->autosave);
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\nengine=/usr/games/stockfish\n"));
  g_assert_nonnull (strstr (text, "\nengine-side=black\n"));

  saved = load (f);
  g_assert_cmpstr (caissa_saved_game_get_engine (saved, &side, &level, &move_time), ==, "/usr/games/stockfish");
  g_assert_cmpint (side, ==, CAISSA_COLOR_BLACK);
  g_assert_cmpuint (level, ==, 3);
  g_assert_cmpuint (move_time, ==, 5000);

  /* Resumed by another autosave (a restarted Caissa): it has the engine,
   * and writes it on at the next change. */
  f->game2 = caissa_game_new ();
  if (f->clock != NULL)
    {
      f->clock2 = caissa_clock_new ();
      caissa_clock_set_time_func (f->clock2, fake_now, &f->later, NULL);
    }
  again = caissa_autosave_new (path2);
  g_assert_true (caissa_autosave_resume (again, saved, f->game2, f->clock2, NULL));
  g_assert_cmpstr (caissa_autosave_get_engine (again, &side, &level, &move_time), ==, "/usr/games/stockfish");
  g_assert_cmpint (side, ==, CAISSA_COLOR_BLACK);
  g_assert_cmpuint (level, ==, 3);
  g_assert_cmpuint (move_time, ==, 5000);
  if (f->clock2 != NULL)
    g_assert_true (caissa_clock_resume (f->clock2, NULL));
  play (f->game2, "Nc6");
  caissa_autosave_flush (again);
  g_clear_pointer (&saved, caissa_saved_game_free);
  {
    g_autoptr(GError) error = NULL;

    saved = caissa_saved_game_load (path2, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpstr (caissa_saved_game_get_engine (saved, &side, NULL, NULL), ==, "/usr/games/stockfish");
  g_assert_cmpint (side, ==, CAISSA_COLOR_BLACK);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 4);
  caissa_autosave_set_game (again, NULL);

  /* The same opponent set again writes nothing; none any more does. */
  writes = caissa_autosave_get_n_writes (f->autosave);
  caissa_autosave_set_engine (f->autosave, "/usr/games/stockfish", CAISSA_COLOR_BLACK, 3, 5000);
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), ==, writes);
  caissa_autosave_set_engine (f->autosave, NULL, CAISSA_COLOR_NONE, 0, 0);
  caissa_autosave_flush (f->autosave);
  g_assert_cmpuint (caissa_autosave_get_n_writes (f->autosave), >, writes);
  g_clear_pointer (&saved, caissa_saved_game_free);
  saved = load (f);
  g_assert_null (caissa_saved_game_get_engine (saved, NULL, NULL, NULL));
  g_assert_null (caissa_autosave_get_engine (f->autosave, NULL, NULL, NULL));
}

/* Levels and think times out of range are brought within it (the file
 * never holds what the reader refuses). */
static void
test_engine_clamped (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  guint level = 0, move_time = 0;
  CaissaColor side = CAISSA_COLOR_NONE;

  caissa_autosave_set_engine (f->autosave, "stockfish", CAISSA_COLOR_WHITE, 99, 1);
  plays (f->game, "d4");
  caissa_autosave_flush (f->autosave);
  saved = load (f);
  g_assert_cmpstr (caissa_saved_game_get_engine (saved, &side, &level, &move_time), ==, "stockfish");
  g_assert_cmpint (side, ==, CAISSA_COLOR_WHITE);
  g_assert_cmpuint (level, ==, 8);
  g_assert_cmpuint (move_time, ==, 100);
}

/* --- Corrupt files ------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  const char *contents;   /* NULL: made by the test (see make_special) */
  const char *reason;     /* a part of the message */
} Corrupt;

#define GOOD_HEAD "[game]\nversion=1\n"
#define GOOD_PGN "pgn=[Event \"?\"]\\n[Site \"?\"]\\n[Date \"????.??.??\"]\\n[Round \"?\"]\\n[White \"?\"]\\n[Black \"?\"]\\n[Result \"*\"]\\n\\n1. e4 e5 *\\n\n"

static const Corrupt corrupt_files[] = {
  { "empty", "", "no [game] group" },
  { "binary", "\x7f" "ELF\x02\x01\x01\0\0\0\xff\xfe", "not a text file" },
  { "not-a-key-file", "hello world\n", "not a saved game" },
  { "other-group", "[other]\nversion=1\n", "no [game] group" },
  { "no-version", "[game]\n" GOOD_PGN, "no version" },
  { "future-version", "[game]\nversion=7\n" GOOD_PGN, "version 7" },
  { "no-moves", GOOD_HEAD, "moves are missing" },
  { "empty-pgn", GOOD_HEAD "pgn=\n", "moves are missing" },
  { "illegal-move", GOOD_HEAD "pgn=1. e4 e5 2. Ke3 *\n", "moves cannot be read" },
  { "bad-clock", GOOD_HEAD GOOD_PGN "clock-state={'version': <uint32 1>, 'started': <tru\n", "clock cannot be read" },
  { "clock-missing-keys", GOOD_HEAD GOOD_PGN "clock-state={'version': <uint32 1>}\n", "is missing" },
  { "clock-bad-control", GOOD_HEAD GOOD_PGN "clock-state={'version': <uint32 1>, 'time-control': <'soon'>, "
    "'started': <true>, 'paused': <false>, 'finished': <false>, 'moved': <false>, 'side': <0>, "
    "'turn-elapsed': <int64 0>, 'turn-bonus': <uint32 0>, 'turn-bonus-ms': <int64 0>, "
    "'flags-reported': <uint32 0>, 'remaining': <(int64 1000, int64 1000)>, 'used': <(int64 0, int64 0)>, "
    "'last-move': <(int64 -1, int64 -1)>, 'flag-age': <(int64 -1, int64 -1)>, 'moves': <(uint32 1, uint32 1)>, "
    "'period': <(uint32 0, uint32 0)>, 'period-moves': <(uint32 1, uint32 1)>}\n", "TimeControl" },
  { "clock-wrong-side", GOOD_HEAD GOOD_PGN "clock-state={'version': <uint32 1>, 'time-control': <'300'>, "
    "'started': <true>, 'paused': <false>, 'finished': <false>, 'moved': <false>, 'side': <1>, "
    "'turn-elapsed': <int64 0>, 'turn-bonus': <uint32 0>, 'turn-bonus-ms': <int64 0>, "
    "'flags-reported': <uint32 0>, 'remaining': <(int64 1000, int64 1000)>, 'used': <(int64 0, int64 0)>, "
    "'last-move': <(int64 -1, int64 -1)>, 'flag-age': <(int64 -1, int64 -1)>, 'moves': <(uint32 1, uint32 1)>, "
    "'period': <(uint32 0, uint32 0)>, 'period-moves': <(uint32 1, uint32 1)>}\n", "does not match the position" },
  { "bad-offer", GOOD_HEAD GOOD_PGN "draw-offer=maybe\n", "draw-offer" },
  { "offer-from-side-to-move", GOOD_HEAD GOOD_PGN "draw-offer=white\n", "from the side to move" },
  { "both-barred", GOOD_HEAD GOOD_PGN "offer-blocked-white=true\noffer-blocked-black=true\n", "both players" },
  { "bad-boolean", GOOD_HEAD GOOD_PGN "awaiting-press=perhaps\n", "awaiting-press" },
  { "engine-bad-side", GOOD_HEAD GOOD_PGN "engine=stockfish\nengine-side=both\nengine-level=3\n"
    "engine-move-time=2000\n", "engine-side" },
  { "engine-no-level", GOOD_HEAD GOOD_PGN "engine=stockfish\nengine-side=black\nengine-move-time=2000\n",
    "engine-level" },
  { "engine-level-9", GOOD_HEAD GOOD_PGN "engine=stockfish\nengine-side=black\nengine-level=9\n"
    "engine-move-time=2000\n", "“engine-level” is not between 1 and 8" },
  { "engine-move-time-words", GOOD_HEAD GOOD_PGN "engine=stockfish\nengine-side=white\nengine-level=2\n"
    "engine-move-time=soon\n", "engine-move-time" },
  { "finished", GOOD_HEAD "pgn=1. f3 e5 2. g4 Qh4# 0-1\n", "already ended" },
  { "resigned", GOOD_HEAD "pgn=[Result \"1-0\"]\\n\\n1. e4 1-0\n", "already ended" },
  { "truncated", NULL, "moves cannot be read" },
  { "folder", NULL, "folder" },
  { "too-large", NULL, "too large" },
  { "unreadable", NULL, "Permission denied" },
};

static gboolean
make_special (Fixture       *f,
              const Corrupt *c)
{
  if (g_str_equal (c->name, "truncated"))
    {
      /* A real save cut in the middle of its moves (as a disk without
       * atomic renames could leave it). */
      g_autofree char *text = NULL;
      char *cut;

      plays (f->game, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
      caissa_autosave_flush (f->autosave);
      caissa_autosave_set_game (f->autosave, NULL);
      g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
      cut = strstr (text, "Ba4");
      g_assert_nonnull (cut);
      *(cut + 1) = '\0';
      g_assert_true (g_file_set_contents (f->path, text, -1, NULL));
      return TRUE;
    }
  if (g_str_equal (c->name, "folder"))
    return g_mkdir_with_parents (f->path, 0700) == 0;
  if (g_str_equal (c->name, "too-large"))
    {
      /* Sparse: 65 MiB that take no room. */
      int fd = g_open (f->path, O_CREAT | O_WRONLY, 0600);
      gboolean ok = fd >= 0 && ftruncate (fd, 65 * 1024 * 1024) == 0;

      if (fd >= 0)
        close (fd);
      return ok;
    }
  if (g_str_equal (c->name, "unreadable"))
    {
      if (geteuid () == 0)
        return FALSE;
      g_assert_true (g_file_set_contents (f->path, GOOD_HEAD GOOD_PGN, -1, NULL));
      return g_chmod (f->path, 0) == 0;
    }
  g_assert_not_reached ();
}

static void
test_corrupt (Fixture       *f,
              gconstpointer  data)
{
  const Corrupt *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *dir = g_path_get_dirname (f->path);
  CaissaSavedGame *saved;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  if (c->contents != NULL)
    {
      gsize len = g_str_equal (c->name, "binary") ? 12 : strlen (c->contents);

      g_assert_true (g_file_set_contents (f->path, c->contents, len, NULL));
    }
  else if (!make_special (f, c))
    {
      g_test_skip ("running as root: a file without read permission is read all the same");
      return;
    }

  saved = caissa_saved_game_load (f->path, &error);
  g_assert_null (saved);
  g_assert_error (error, CAISSA_AUTOSAVE_ERROR, CAISSA_AUTOSAVE_ERROR_CORRUPT);
  g_test_message ("%s: %s", c->name, error->message);
  g_assert_nonnull (strstr (error->message, f->path));
  if (strstr (error->message, c->reason) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->reason);
  g_clear_error (&error);

  /* Moved aside: kept for the curious, never offered again. */
  g_assert_true (caissa_autosave_move_aside (f->path, &aside, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (aside, "current-game.ini.corrupt"));
  g_assert_true (g_file_test (aside, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_null (caissa_saved_game_load (f->path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* The state folder's path runs through a regular file (XDG_STATE_HOME
 * set wrong): no saved game can be there, which is not an unreadable
 * one; saving says why, naming the path. */
static void
test_under_a_file (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_build_filename (f->dir, "state", NULL);
  g_autofree char *path = g_build_filename (file, "caissa", "current-game.ini", NULL);
  g_autoptr(CaissaAutosave) autosave = NULL;

  g_assert_true (g_file_set_contents (file, "not a folder", -1, NULL));
  g_assert_null (caissa_saved_game_load (path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  autosave = caissa_autosave_new (path);
  caissa_autosave_set_game (autosave, f->game);
  g_assert_false (caissa_autosave_save (autosave, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_nonnull (strstr (error->message, file));
  caissa_autosave_set_game (autosave, NULL);
  /* The file is left as it was. */
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "not a folder");
  }
}

static void
test_missing (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (caissa_saved_game_load (f->path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* The edited game of a file kept on disk: read back as written; the text
 * it was made from recognised, any other not; damaged files refused, a
 * missing one NOT_FOUND. */
static void
test_review_keep (void)
{
  g_autofree char *dir = g_dir_make_tmp ("caissa-review-keep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "caissa", "review-edit.ini", NULL);
  static const char original[] = "[Event \"x\"]\n\n1. e4 e5 *\n";
  static const char *const damaged[] = {
    /* (The second: 9 bytes, a NUL among them.) */
    "", "\x01\x02" "binary\0", "[edit]\nversion=2\n",
    "[edit]\nversion=1\nfile=relative.pgn\nposition=0\noriginal=ab\npgn=1. e4 *\n",
    "[edit]\nversion=1\nfile=/a.pgn\nposition=x\noriginal=ab\npgn=1. e4 *\n",
    "[edit]\nversion=1\nfile=/a.pgn\nposition=1\noriginal=ab\n",
  };
  g_autoptr(CaissaKeptEdit) kept = NULL;
  g_autoptr(GError) error = NULL;

  kept = caissa_kept_edit_load (path, &error);
  g_assert_null (kept);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (caissa_kept_edit_save (path, "/games/a b.pgn", 41, original, strlen (original),
                                        "[Event \"x\"]\n\n1. e4 (1. d4) e5 *\n", &error));
  g_assert_no_error (error);
  kept = caissa_kept_edit_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (caissa_kept_edit_get_file (kept), ==, "/games/a b.pgn");
  g_assert_cmpuint (caissa_kept_edit_get_position (kept), ==, 41);
  g_assert_cmpstr (caissa_kept_edit_get_pgn (kept), ==, "[Event \"x\"]\n\n1. e4 (1. d4) e5 *\n");
  g_assert_nonnull (caissa_kept_edit_get_saved_at (kept));
  g_assert_true (caissa_kept_edit_matches (kept, original, strlen (original)));
  g_assert_false (caissa_kept_edit_matches (kept, original, strlen (original) - 1));
  g_assert_false (caissa_kept_edit_matches (kept, NULL, 0));
  g_clear_pointer (&kept, caissa_kept_edit_free);

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_assert_true (g_file_set_contents (path, damaged[i], i == 1 ? 9 : -1, NULL));
      kept = caissa_kept_edit_load (path, &error);
      g_assert_null (kept);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_clear_error (&error);
    }
  caissa_kept_edit_remove (path);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  test_util_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* Before GLib reads it: the default path must follow XDG_STATE_HOME. */
  state_home = g_dir_make_tmp ("caissa-state-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);

  g_test_init (&argc, &argv, NULL);

#define ADD(path, data, func) \
  g_test_add (path, Fixture, data, fixture_setup, func, fixture_teardown)
  ADD ("/model/autosave/untimed/roundtrip", NULL, test_untimed_roundtrip);
  ADD ("/model/autosave/untimed/one-write-per-change", NULL, test_one_write_per_change);
  ADD ("/model/autosave/untimed/declined-offer", NULL, test_untimed_offers);
  ADD ("/model/autosave/untimed/offer-stands", NULL, test_untimed_offer_stands);
  ADD ("/model/autosave/untimed/declined-by-move", NULL, test_untimed_declined_by_move);
  ADD ("/model/autosave/untimed/offer-tracking", NULL, test_offer_tracking);
  ADD ("/model/autosave/untimed/removed-when-over", NULL, test_removed_when_over);
  ADD ("/model/autosave/untimed/write-failure", NULL, test_write_failure);
  ADD ("/model/autosave/untimed/analysis-leaves-file", NULL, test_analysis_leaves_file);
  ADD ("/model/autosave/untimed/missing", NULL, test_missing);
  ADD ("/model/autosave/untimed/under-a-file", NULL, test_under_a_file);
  ADD ("/model/autosave/timed/roundtrip", "300+2", test_timed_roundtrip);
  ADD ("/model/autosave/timed/take-back", "300+2", test_timed_take_back);
  ADD ("/model/autosave/timed/press-saves", "300+2", test_timed_press_saves);
  ADD ("/model/autosave/timed/running-clock", "300+2", test_timed_running_clock);
  ADD ("/model/autosave/timed/awaiting-press", "300+2", test_timed_awaiting_press);
  ADD ("/model/autosave/timed/declined-by-move", "300+2", test_timed_declined_by_move);
  ADD ("/model/autosave/timed/flag-removes", "300+2", test_timed_flag_removes);
  ADD ("/model/autosave/timed/periods", "2/60:300", test_timed_periods);
  ADD ("/model/autosave/timed/save-cost", "3600+30", test_save_cost);
  ADD ("/model/autosave/untimed/engine", NULL, test_engine_opponent);
  ADD ("/model/autosave/timed/engine", "300+2", test_engine_opponent);
  ADD ("/model/autosave/untimed/engine-clamped", NULL, test_engine_clamped);
#undef ADD
  g_test_add_func ("/model/autosave/default-path", test_default_path);
  g_test_add_func ("/model/review-keep/roundtrip", test_review_keep);
  for (guint i = 0; i < G_N_ELEMENTS (corrupt_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/autosave/corrupt/%s", corrupt_files[i].name);

      g_test_add (path, Fixture, &corrupt_files[i], fixture_setup_untimed, test_corrupt, fixture_teardown);
    }

  status = g_test_run ();
  g_rmdir (state_home);
  g_free (state_home);
  return status;
}
