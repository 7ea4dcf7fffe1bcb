/* test-play-words.c — what the play screen says, without a display: the
 * practice record in words (no "streak 0" right after a mate), and the
 * reasons the game's actions give, against the rules the game applies;
 * and the second place of a game kept for later when a new one starts.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib/gstdio.h>

#include "caissa-autosave-slot.h"

#include "caissa-game-reasons.h"
#include "caissa-practice-words.h"

typedef struct
{
  CaissaPracticeRecord record;
  const char          *words;
} RecordCase;

static const RecordCase record_cases[] = {
  { { 0, 0, 0, 0, -1, -1 }, "Not tried yet" },
  /* A first mate found with hints: a success, no streak. */
  { { 1, 1, 0, 0, -1, -1 }, "Mated 1 of 1" },
  { { 1, 1, 1, 1, 0, 0 }, "Mated 1 of 1 · streak 1, best 1" },
  { { 5, 3, 2, 4, 1, 2 }, "Mated 3 of 5 · streak 2, best 4" },
  /* A mate with hints after a run: the run is remembered, not "streak 0". */
  { { 4, 3, 0, 2, 0, 0 }, "Mated 3 of 4 · best streak 2" },
  { { 2, 0, 0, 0, -1, -1 }, "Mated 0 of 2" },
};

static void
test_record (gconstpointer data)
{
  const RecordCase *c = data;
  g_autofree char *words = caissa_practice_record_describe (&c->record);

  g_assert_cmpstr (words, ==, c->words);
}

static void
play (CaissaGame *game,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

static char *
offer_words (CaissaGame  *game,
             CaissaColor *who)
{
  char *tooltip = NULL;
  gboolean can = caissa_game_reasons_offer (game, who, &tooltip);

  /* The reasons never disagree with the rules the game applies. */
  g_assert_cmpint (can, ==, caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE)
                            || caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));
  return tooltip;
}

static void
test_offer_reasons (void)
{
  g_autoptr(CaissaGame) game = caissa_game_new ();
  CaissaColor who;
  char *words;

  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "Offer right after your move");
  g_assert_cmpint (who, ==, CAISSA_COLOR_NONE);
  g_free (words);

  /* Press required (a clock): only between the move and the press. */
  caissa_game_set_press_required (game, TRUE);
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "Offer after your move, before you press your clock");
  g_free (words);
  play (game, "e4");
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "White offers Black a draw");
  g_assert_cmpint (who, ==, CAISSA_COLOR_WHITE);
  g_free (words);
  g_assert_true (caissa_game_offer_draw (game, CAISSA_COLOR_WHITE, NULL));
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "A draw offer stands: it is accepted or declined first");
  g_free (words);
  g_assert_true (caissa_game_decline_draw (game, NULL));
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "Your offer was declined: you may offer again after Black has offered");
  g_free (words);
  g_assert_true (caissa_game_press (game));
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "Offer after your move, before you press your clock");
  g_free (words);

  /* Over: every action says so. */
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_BLACK));
  words = offer_words (game, &who);
  g_assert_cmpstr (words, ==, "The game is over");
  g_free (words);
  g_assert_false (caissa_game_reasons_resign (game, &words));
  g_assert_cmpstr (words, ==, "The game is over");
  g_free (words);
  g_assert_false (caissa_game_reasons_take_back (game, &words));
  g_assert_cmpstr (words, ==, "The game is over");
  g_free (words);
}

/* The fifty-move claim: as the position stands, and with a declared move. */
static void
test_claim_reasons (void)
{
  g_autoptr(CaissaGame) game = caissa_game_new ();
  char *words = NULL;
  char *status;

  /* 99 plies without a capture or pawn move: the hundredth makes it. */
  g_assert_true (caissa_game_load_fen (game, "8/8/4k3/8/8/3K4/8/R7 w - - 99 80", NULL));
  g_assert_cmpint (caissa_game_reasons_claim (game, &words), ==, CAISSA_CLAIM_WITH_MOVE);
  g_assert_cmpstr (words, ==,
                   "Claim a draw with your next move: it makes fifty moves without a capture or a pawn move");
  g_free (words);
  status = caissa_game_reasons_dup_claim_status (game);
  g_assert_cmpstr (status, ==, "White can claim a draw with the next move (fifty-move rule)");
  g_free (status);

  play (game, "Ra2");
  g_assert_cmpint (caissa_game_reasons_claim (game, &words), ==, CAISSA_CLAIM_NOW);
  g_assert_cmpstr (words, ==, "Claim a draw by the fifty-move rule");
  g_free (words);
  status = caissa_game_reasons_dup_claim_status (game);
  g_assert_cmpstr (status, ==, "Black can claim a draw by the fifty-move rule");
  g_free (status);
  g_assert_true (caissa_game_claim_draw (game, CHESS_MOVE_NONE, NULL));
  g_assert_cmpint (caissa_game_reasons_claim (game, NULL), ==, CAISSA_CLAIM_NONE);
  g_assert_null (caissa_game_reasons_dup_claim_status (game));
}

/* A game set aside leaves the first place to the next one and comes
 * back, whole, only when that place is free. */
static void
test_set_aside (void)
{
  g_autofree char *dir = g_dir_make_tmp ("caissa-slot-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "current-game.ini", NULL);
  g_autofree char *kept = caissa_autosave_kept_path (path);
  g_autoptr(CaissaAutosave) autosave = caissa_autosave_new (path);
  g_autoptr(CaissaGame) game = caissa_game_new ();
  g_autoptr(GError) error = NULL;
  CaissaSavedGame *saved;

  g_assert_true (g_str_has_suffix (kept, "current-game.ini.kept"));
  caissa_game_set_white_name (game, "Anna");
  play (game, "e4");
  play (game, "c5");
  caissa_autosave_set_game (autosave, game);
  g_assert_true (caissa_autosave_set_aside (autosave, &error));
  g_assert_no_error (error);
  g_assert_null (caissa_autosave_get_game (autosave));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* The place taken by the next game: the one set aside waits. */
  g_assert_true (g_file_set_contents (path, "next", -1, NULL));
  g_assert_false (caissa_autosave_bring_back (path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* Free again: it comes back, as it was. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_true (caissa_autosave_bring_back (path, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  saved = caissa_saved_game_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 2);
  g_assert_cmpstr (caissa_saved_game_get_white_name (saved), ==, "Anna");
  caissa_saved_game_free (saved);
  /* Nothing set aside: nothing comes. */
  g_assert_false (caissa_autosave_bring_back (path, &error));
  g_assert_no_error (error);

  g_remove (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (record_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/practice-words/%s", record_cases[i].words);

      g_test_add_data_func (path, &record_cases[i], test_record);
    }
  g_test_add_func ("/model/game-reasons/offer", test_offer_reasons);
  g_test_add_func ("/model/game-reasons/claim", test_claim_reasons);
  g_test_add_func ("/model/autosave-slot/set-aside", test_set_aside);

  return g_test_run ();
}
