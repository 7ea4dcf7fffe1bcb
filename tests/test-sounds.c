/* test-sounds.c — CaissaSounds asks for the right sound at the right
 * moment: move, capture, check, low time (once per period), flag, game
 * end, and nothing when switched off or when a finished game is loaded.
 * The "sound" signal is the hook; the clock runs on a fake time source.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "caissa-sounds.h"
#include "chess-pgn.h"

typedef struct
{
  gint64        now;
  CaissaGame   *game;
  CaissaClock  *clock;
  CaissaSounds *sounds;
  GString      *heard;
} Fixture;

static gint64
fake_now (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
sound_cb (CaissaSounds *sounds,
          guint         sound,
          Fixture      *f)
{
  g_assert_cmpuint (sound, <, CAISSA_SOUND_N_SOUNDS);
  if (f->heard->len > 0)
    g_string_append_c (f->heard, ' ');
  g_string_append (f->heard, caissa_sound_get_name (sound));
}

/* data: NULL (no clock), "TIMECONTROL" or "TIMECONTROL|FEN" ("-" for no
 * clock with a FEN). */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_auto(GStrv) parts = g_strsplit (data ? data : "-", "|", 2);

  f->now = 1000000;
  f->heard = g_string_new (NULL);
  f->game = caissa_game_new ();
  if (parts[1] != NULL)
    {
      g_autoptr(GError) error = NULL;

      caissa_game_load_fen (f->game, parts[1], &error);
      g_assert_no_error (error);
    }
  f->sounds = caissa_sounds_new (f->game);
  g_signal_connect (f->sounds, "sound", G_CALLBACK (sound_cb), f);
  if (!g_str_equal (parts[0], "-"))
    {
      g_autoptr(GError) error = NULL;

      f->clock = caissa_clock_new_for_time_control (parts[0], &error);
      g_assert_no_error (error);
      caissa_clock_set_time_func (f->clock, fake_now, &f->now, NULL);
      /* Set after the CaissaSounds exists: it follows the game's clock. */
      caissa_game_set_clock (f->game, f->clock);
      g_assert_true (caissa_clock_start (f->clock, &error));
      g_assert_no_error (error);
    }
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_finalize_object (f->sounds);
  g_assert_finalize_object (f->game);
  if (f->clock != NULL)
    g_assert_finalize_object (f->clock);
  g_string_free (f->heard, TRUE);
}

static void
step (Fixture *f,
      gint64   ms)
{
  f->now += ms;
  caissa_clock_update (f->clock);
}

/* Plays the moves; under a clock each mover presses after his move. */
static void
play (Fixture    *f,
      const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      CaissaColor mover = caissa_game_get_side_to_move (f->game);
      g_autoptr(GError) error = NULL;

      if (!caissa_game_play_san (f->game, moves[i], &error))
        g_error ("playing %s: %s", moves[i], error->message);
      if (f->clock != NULL && caissa_game_get_outcome (f->game) == CAISSA_OUTCOME_NONE)
        {
          g_assert_true (caissa_clock_press (f->clock, mover, &error));
          g_assert_no_error (error);
        }
    }
}

static void
assert_heard (Fixture    *f,
              const char *expected)
{
  g_assert_cmpstr (f->heard->str, ==, expected);
}

/* --- Moves ------------------------------------------------------------------ */

static void
test_move (Fixture       *f,
           gconstpointer  data)
{
  play (f, "e4 e5 Nf3");
  assert_heard (f, "move move move");
}

static void
test_capture (Fixture       *f,
              gconstpointer  data)
{
  play (f, "e4 d5 exd5 Qxd5");
  assert_heard (f, "move move capture capture");
}

static void
test_en_passant (Fixture       *f,
                 gconstpointer  data)
{
  /* The captured pawn is not on the square the capturing pawn goes to. */
  play (f, "e4 a6 e5 d5 exd6");
  assert_heard (f, "move move move move capture");
}

static void
test_promotion_capture (Fixture       *f,
                        gconstpointer  data)
{
  play (f, "bxa8=Q");
  assert_heard (f, "capture");
}

static void
test_check (Fixture       *f,
            gconstpointer  data)
{
  /* A check that captures sounds as a check. */
  play (f, "e4 e5 Bc4 Nc6 Bxf7+");
  assert_heard (f, "move move move move check");
  play (f, "Kxf7");
  assert_heard (f, "move move move move check capture");
}

static void
test_castling (Fixture       *f,
               gconstpointer  data)
{
  /* The king's two-square move lands on an empty square: a move. */
  play (f, "O-O");
  assert_heard (f, "move");
}

/* --- Game end ----------------------------------------------------------------- */

static void
test_mate (Fixture       *f,
           gconstpointer  data)
{
  /* Mate: the end's sound instead of the check's, once. */
  play (f, "f3 e5 g4 Qh4#");
  assert_heard (f, "move move move game-end");
}

static void
test_stalemate (Fixture       *f,
                gconstpointer  data)
{
  play (f, "Qc7");
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_STALEMATE);
  assert_heard (f, "game-end");
}

static void
test_resign (Fixture       *f,
             gconstpointer  data)
{
  play (f, "e4");
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_BLACK));
  assert_heard (f, "move game-end");
}

static void
test_agreement (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  play (f, "e4");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, &error));
  g_assert_no_error (error);
  assert_heard (f, "move");
  g_assert_true (caissa_game_accept_draw (f->game, &error));
  g_assert_no_error (error);
  assert_heard (f, "move game-end");
}

static void
test_claim (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  play (f, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
  g_assert_true (caissa_game_claim_draw (f->game, CHESS_MOVE_NONE, &error));
  g_assert_no_error (error);
  assert_heard (f, "move move move move move move move move game-end");
}

/* A claim declared with the move that makes it correct: the move is made
 * (its sound), then the claim ends the game (the end's). */
static void
test_claim_with_move (Fixture       *f,
                      gconstpointer  data)
{
  play (f, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  caissa_game_set_claim_pending (f->game, TRUE);
  play (f, "Ng8");
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  assert_heard (f, "move move move move move move move move game-end");
}

static void
test_undo_silent (Fixture       *f,
                  gconstpointer  data)
{
  play (f, "f3 e5 g4 Qh4#");
  g_string_truncate (f->heard, 0);
  /* Taking the mate back ends nothing. */
  g_assert_true (caissa_game_undo (f->game));
  assert_heard (f, "");
}

/* A finished game read from a file, or a position set up, is not a game
 * ending now: no sound. */
static void
test_loaded_silent (Fixture       *f,
                    gconstpointer  data)
{
  static const char *pgns[] = {
    "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    "[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pgns); i++)
    {
      ChessError err = { 0 };
      ChessGame *core = chess_pgn_read_game (pgns[i], strlen (pgns[i]), &err, NULL);

      g_assert_nonnull (core);
      caissa_game_load_core_game (f->game, core);
      g_assert_cmpint (caissa_game_get_outcome (f->game), !=, CAISSA_OUTCOME_NONE);
    }
  g_assert_true (caissa_game_load_fen (f->game, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_STALEMATE);
  caissa_game_reset (f->game);
  assert_heard (f, "");
}

/* --- The clock ------------------------------------------------------------------ */

static void
test_flag (Fixture       *f,
           gconstpointer  data)
{
  play (f, "e4");
  /* Black's time runs out in one step: the flag, not the low-time
   * warning (there was no moment with time left under ten seconds). */
  step (f, 61000);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  assert_heard (f, "move flag");
}

static void
test_flag_draw (Fixture       *f,
                gconstpointer  data)
{
  /* White's flag against a lone knight: drawn, still the flag's sound. */
  step (f, 61000);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==,
                   CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT);
  assert_heard (f, "flag");
}

static void
test_low_time_once (Fixture       *f,
                    gconstpointer  data)
{
  step (f, 49000);
  assert_heard (f, "");
  step (f, 1500);
  assert_heard (f, "low-time");
  /* The tenths run down: no more warnings. */
  for (int i = 0; i < 20; i++)
    step (f, 100);
  assert_heard (f, "low-time");
  play (f, "e4");
  assert_heard (f, "low-time move");
  /* Black's own warning. */
  step (f, 55000);
  assert_heard (f, "low-time move low-time");
  play (f, "e5");
  /* White again under ten seconds, after the increment had lifted him
   * above it: the same period, no second warning. */
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), >, 10000);
  step (f, 3000);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), <, 10000);
  assert_heard (f, "low-time move low-time move");
}

static void
test_low_time_period (Fixture       *f,
                      gconstpointer  data)
{
  /* One move in 20 s, then 20 s more for the rest. */
  step (f, 11000);
  assert_heard (f, "low-time");
  play (f, "e4 e5");
  g_assert_cmpuint (caissa_clock_get_period (f->clock, CAISSA_COLOR_WHITE), ==, 1);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, 29000);
  step (f, 19500);
  assert_heard (f, "low-time move move low-time");
}

static void
test_paused_silent (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  step (f, 45000);
  g_assert_true (caissa_clock_pause (f->clock, &error));
  g_assert_no_error (error);
  /* Time passing while paused counts for nothing. */
  step (f, 30000);
  assert_heard (f, "");
  g_assert_true (caissa_clock_resume (f->clock, &error));
  step (f, 6000);
  assert_heard (f, "low-time");
}

static void
test_new_clock (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CaissaClock) clock = NULL;
  g_autoptr(GError) error = NULL;

  step (f, 51000);
  assert_heard (f, "low-time");
  /* A new game, a new clock: its warnings are its own. */
  caissa_game_reset (f->game);
  clock = caissa_clock_new_for_time_control ("60", &error);
  g_assert_no_error (error);
  caissa_clock_set_time_func (clock, fake_now, &f->now, NULL);
  caissa_game_set_clock (f->game, clock);
  g_assert_true (caissa_clock_start (clock, &error));
  /* The old clock says nothing any more. */
  step (f, 1000);
  f->now += 51000;
  caissa_clock_update (clock);
  assert_heard (f, "low-time low-time");
  caissa_game_set_clock (f->game, NULL);
  g_assert_finalize_object (g_steal_pointer (&clock));
}

/* --- The switch --------------------------------------------------------------- */

static void
test_disabled (Fixture       *f,
               gconstpointer  data)
{
  caissa_sounds_set_enabled (f->sounds, FALSE);
  play (f, "e4 d5 exd5");
  step (f, 55000);
  play (f, "Qxd5 Nc3");
  step (f, 60000);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  assert_heard (f, "");
}

static void
test_switch (Fixture       *f,
             gconstpointer  data)
{
  guint notes = 0;

  g_assert_true (caissa_sounds_get_enabled (f->sounds));
  g_signal_connect_swapped (f->sounds, "notify::enabled", G_CALLBACK (g_atomic_int_inc), &notes);
  g_object_set (f->sounds, "enabled", FALSE, NULL);
  g_object_set (f->sounds, "enabled", FALSE, NULL);
  g_assert_cmpuint (notes, ==, 1);
  play (f, "e4");
  caissa_sounds_set_enabled (f->sounds, TRUE);
  g_assert_cmpuint (notes, ==, 2);
  play (f, "e5");
  assert_heard (f, "move");
  /* No game, no sound, no crash. */
  caissa_sounds_set_game (f->sounds, NULL);
  play (f, "Nf3");
  assert_heard (f, "move");
}

/* Each sound is an event of the freedesktop sound theme that Caissa's
 * packages install (sound-theme-freedesktop). */
static void
test_theme (void)
{
  const char * const *dirs = g_get_system_data_dirs ();

  for (guint s = 0; s < CAISSA_SOUND_N_SOUNDS; s++)
    {
      g_autofree char *name = g_strconcat (caissa_sound_get_event_id (s), ".oga", NULL);
      gboolean found = FALSE;

      for (guint i = 0; dirs[i] != NULL && !found; i++)
        {
          g_autofree char *path = g_build_filename (dirs[i], "sounds", "freedesktop", "stereo", name, NULL);

          found = g_file_test (path, G_FILE_TEST_IS_REGULAR);
        }
      if (!found)
        g_error ("%s (%s) is not in the freedesktop sound theme", name, caissa_sound_get_name (s));
      for (guint t = 0; t < s; t++)
        g_assert_cmpstr (caissa_sound_get_name (t), !=, caissa_sound_get_name (s));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, data, func) \
  g_test_add ("/model/sounds/" path, Fixture, data, fixture_setup, func, fixture_teardown)
  ADD ("move", NULL, test_move);
  ADD ("capture", NULL, test_capture);
  ADD ("en-passant", NULL, test_en_passant);
  ADD ("promotion-capture", "-|rn5k/1P6/8/8/8/8/8/4K3 w - - 0 1", test_promotion_capture);
  ADD ("check", NULL, test_check);
  ADD ("castling", "-|r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", test_castling);
  ADD ("mate", NULL, test_mate);
  ADD ("stalemate", "-|k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", test_stalemate);
  ADD ("resign", NULL, test_resign);
  ADD ("agreement", NULL, test_agreement);
  ADD ("claim", NULL, test_claim);
  ADD ("claim-with-move", NULL, test_claim_with_move);
  ADD ("undo-silent", NULL, test_undo_silent);
  ADD ("loaded-silent", NULL, test_loaded_silent);
  ADD ("mate-under-clock", "300+2", test_mate);
  ADD ("flag", "60", test_flag);
  ADD ("flag-draw", "60|4k3/8/2n5/8/8/8/8/1Q2K3 w - - 0 1", test_flag_draw);
  ADD ("low-time-once", "60+5", test_low_time_once);
  ADD ("low-time-period", "1/20:20", test_low_time_period);
  ADD ("paused-silent", "60", test_paused_silent);
  ADD ("new-clock", "60", test_new_clock);
  ADD ("disabled", "60", test_disabled);
  ADD ("switch", NULL, test_switch);
#undef ADD
  g_test_add_func ("/model/sounds/theme", test_theme);

  return g_test_run ();
}
