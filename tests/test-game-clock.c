/* test-game-clock.c — a CaissaGame played under a CaissaClock: the rules
 * where the game meets the clock (RULES.md §4, §6, §7, §8), with a fake
 * time source stepped by hand.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "caissa-clock.h"
#include "caissa-game.h"
#include "chess-san.h"
#include "chess-pgn.h"

typedef struct
{
  gint64       now;
  CaissaGame  *game;
  CaissaClock *clock;
  guint        can_move_notes;
} Fixture;

static gint64
fake_now (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
count_cb (gpointer  object,
          gpointer  arg,
          guint    *count)
{
  (*count)++;
}

static CaissaClock *
new_clock (Fixture    *f,
           const char *time_control)
{
  g_autoptr(GError) error = NULL;
  CaissaClock *clock = caissa_clock_new_for_time_control (time_control, &error);

  g_assert_no_error (error);
  caissa_clock_set_time_func (clock, fake_now, &f->now, NULL);
  return clock;
}

/* data: "TIMECONTROL" or "TIMECONTROL|FEN". */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_auto(GStrv) parts = g_strsplit (data ? data : "300+2", "|", 2);

  f->now = 5000000;
  f->game = caissa_game_new ();
  if (parts[1] != NULL)
    {
      g_autoptr(GError) error = NULL;

      caissa_game_load_fen (f->game, parts[1], &error);
      g_assert_no_error (error);
    }
  f->clock = new_clock (f, parts[0]);
  caissa_game_set_clock (f->game, f->clock);
  g_signal_connect (f->game, "notify::can-move", G_CALLBACK (count_cb), &f->can_move_notes);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_finalize_object (f->game);
  g_assert_finalize_object (f->clock);
}

static void
step (Fixture *f,
      gint64   ms)
{
  f->now += ms;
  caissa_clock_update (f->clock);
}

static void
play (Fixture    *f,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (f->game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

/* A move, then the mover's press (through the clock, as the UI does). */
static void
move_and_press (Fixture    *f,
                const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      CaissaColor mover = caissa_game_get_side_to_move (f->game);

      play (f, moves[i]);
      g_assert_true (caissa_clock_press (f->clock, mover, NULL));
    }
}

static void
assert_refused (Fixture    *f,
                const char *san)
{
  g_autoptr(GError) error = NULL;
  guint n = caissa_game_get_n_plies (f->game);

  g_assert_false (caissa_game_play_san (f->game, san, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, n);
}

static const char *
after_comment (Fixture *f,
               guint    ply)
{
  return chess_game_node_comment (caissa_game_get_core_game (f->game),
                                  caissa_game_get_node (f->game, ply), CHESS_COMMENT_AFTER);
}

/* Whatever a listener is told, the game it reads is whole. */
static void
consistent_cb (CaissaGame *game,
               GParamSpec *pspec,
               guint      *count)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  guint n = caissa_game_get_n_plies (game);

  g_assert_nonnull (chess_game_node_position (core, caissa_game_get_node (game, n)));
  g_assert_true (chess_game_node_valid (core, caissa_game_get_shown_node (game)));
  caissa_game_get_can_move (game);
  (*count)++;
}

/* --- move, then press ------------------------------------------------------------- */

static void
test_move_then_press (Fixture       *f,
                      gconstpointer  data)
{
  const ChessGame *core = caissa_game_get_core_game (f->game);
  g_autofree char *pgn = NULL;

  g_assert_true (caissa_game_get_clock (f->game) == f->clock);
  g_assert_true (caissa_game_get_timed (f->game));
  g_assert_true (caissa_game_get_press_required (f->game));
  g_assert_cmpstr (chess_game_get_tag (core, "TimeControl"), ==, "300+2");

  /* No move before the clock is started. */
  g_assert_false (caissa_game_get_can_move (f->game));
  assert_refused (f, "e4");

  /* Black's button starts White's clock: now White may move. */
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_get_can_move (f->game));
  g_assert_cmpuint (f->can_move_notes, ==, 1);

  step (f, 3000);
  play (f, "e4");
  /* White has moved: his clock still runs, nobody may move until he
   * presses, and Black's button does nothing. */
  g_assert_true (caissa_game_get_awaiting_press (f->game));
  g_assert_true (caissa_clock_get_awaiting_press (f->clock));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  g_assert_false (caissa_game_get_can_move (f->game));
  g_assert_cmpuint (f->can_move_notes, ==, 2);
  assert_refused (f, "e5");
  g_assert_false (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 500);
  assert_refused (f, "e5");

  /* The press: Black's clock runs, Black may move; the scoresheet has
   * White's time left after the press (300 − 3.5 + 2 s) and the move's. */
  g_assert_true (caissa_game_press (f->game));
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_get_can_move (f->game));
  g_assert_cmpuint (f->can_move_notes, ==, 3);
  g_assert_cmpint (chess_game_node_clock_ms (core, caissa_game_get_node (f->game, 1)), ==, 298500);
  g_assert_cmpint (chess_game_node_emt_ms (core, caissa_game_get_node (f->game, 1)), ==, 3500);
  g_assert_cmpstr (after_comment (f, 1), ==, "[%clk 0:04:58.5] [%emt 0:00:03.5]");
  /* A second press is not due. */
  g_assert_false (caissa_game_press (f->game));

  /* Black presses through the clock's button. */
  step (f, 1000);
  play (f, "e5");
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpstr (after_comment (f, 2), ==, "[%clk 0:05:01] [%emt 0:00:01]");

  /* No take-backs in a clocked game. */
  g_assert_false (caissa_game_get_can_undo (f->game));
  g_assert_false (caissa_game_undo (f->game));

  pgn = caissa_game_to_pgn (f->game);
  g_assert_nonnull (strstr (pgn, "[TimeControl \"300+2\"]"));
  /* The writer wraps lines at 80 columns. */
  g_strdelimit (pgn, "\n", ' ');
  g_assert_nonnull (strstr (pgn, "1. e4 {[%clk 0:04:58.5] [%emt 0:00:03.5]} 1... e5 {[%clk 0:05:01] [%emt 0:00:01]}"));
}

/* A take-back (agreed by the opponent, asked by the UI): before the press,
 * the position and offers as before the move, the mover's clock running
 * on with the time spent; after it, until the opponent moves, the clocks
 * as at the press; never once the game has ended. */
static void
test_take_back (Fixture       *f,
                             gconstpointer  data)
{
  const ChessGame *core = caissa_game_get_core_game (f->game);
  g_autofree char *fen_before = NULL;
  g_autofree char *pgn = NULL;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  g_assert_false (caissa_game_get_can_take_back (f->game));
  move_and_press (f, "e4");
  /* Black offers a draw with his move; White's move will decline it. */
  play (f, "e5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_press (f->game));
  fen_before = g_strdup (caissa_game_get_fen (f->game));

  step (f, 4000);
  play (f, "Qh5");
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_NONE);
  /* White offers one of his own with his move. */
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_WHITE);
  g_assert_true (caissa_game_get_can_take_back (f->game));
  /* Undo stays for games without a clock. */
  g_assert_false (caissa_game_get_can_undo (f->game));

  g_assert_true (caissa_game_take_back (f->game));
  g_assert_cmpstr (caissa_game_get_fen (f->game), ==, fen_before);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 2);
  g_assert_cmpuint (caissa_game_get_ply (f->game), ==, 2);
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_false (caissa_game_get_can_take_back (f->game));
  /* White's offer went with his move; Black's stands again. */
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_can_answer_draw (f->game));
  /* White's clock ran on, his 4 s spent; his button wants a move first. */
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  g_assert_false (caissa_clock_get_awaiting_press (f->clock));
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, 300000 + 2000 - 4000);
  g_assert_false (caissa_clock_press (f->clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_get_can_move (f->game));

  /* Another move, pressed: it can still be taken back while Black has
   * not moved, the clocks going back to the press. */
  step (f, 1000);
  play (f, "Nf3");
  g_assert_true (caissa_game_press (f->game));
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_NONE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, 300000 + 2000 - 5000 + 2000);
  step (f, 3000);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK), ==, 300000 + 2000 - 0 - 3000);
  g_assert_true (caissa_game_get_can_take_back (f->game));
  g_assert_true (caissa_game_take_back (f->game));
  g_assert_cmpstr (caissa_game_get_fen (f->game), ==, fen_before);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  g_assert_false (caissa_clock_get_awaiting_press (f->clock));
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_true (caissa_game_get_can_move (f->game));
  /* White's increment is gone, Black's 3 s are given back. */
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, 300000 + 2000 - 5000);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK), ==, 300000 + 2000);
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_BLACK);
  g_assert_false (caissa_game_get_can_take_back (f->game));

  /* The move made again: its time counts from the start of White's turn
   * (4 + 1 s before, 1 s now); the scoresheet knows only this one. */
  step (f, 1000);
  play (f, "Nf3");
  g_assert_true (caissa_game_press (f->game));
  g_assert_cmpint (chess_game_node_emt_ms (core, caissa_game_get_node (f->game, 3)), ==, 6000);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, 300000 + 2000 - 6000 + 2000);
  /* Once Black has moved, White's move is his for good; Black's own can
   * be taken back, before and after his press. */
  play (f, "Nc6");
  g_assert_true (caissa_game_get_can_take_back (f->game));
  g_assert_true (caissa_game_press (f->game));
  g_assert_true (caissa_game_get_can_take_back (f->game));
  g_assert_true (caissa_game_take_back (f->game));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 3);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_false (caissa_game_get_can_take_back (f->game));
  g_assert_false (caissa_game_take_back (f->game));
  play (f, "Nc6");
  g_assert_true (caissa_game_press (f->game));
  pgn = caissa_game_to_pgn (f->game);
  g_strdelimit (pgn, "\n", ' ');
  g_assert_null (strstr (pgn, "Qh5"));
  g_assert_nonnull (strstr (pgn, "2. Nf3"));

  /* A move that ends the game cannot be taken back. */
  play (f, "Bc4");
  g_assert_true (caissa_game_press (f->game));
  play (f, "Nf6");
  g_assert_true (caissa_game_press (f->game));
  play (f, "Nxe5");
  g_assert_true (caissa_game_get_can_take_back (f->game));
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_BLACK));
  g_assert_false (caissa_game_get_can_take_back (f->game));
  g_assert_false (caissa_game_take_back (f->game));
}

static void
test_pause_blocks_moves (Fixture       *f,
                         gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_get_can_move (f->game));
  g_assert_true (caissa_clock_pause (f->clock, NULL));
  g_assert_false (caissa_game_get_can_move (f->game));
  assert_refused (f, "e4");
  g_assert_true (caissa_clock_resume (f->clock, NULL));
  g_assert_true (caissa_game_get_can_move (f->game));
  g_assert_cmpuint (f->can_move_notes, ==, 3);
  play (f, "e4");
}

static void
test_auto_press (Fixture       *f,
                 gconstpointer  data)
{
  guint pressed = 0;

  g_signal_connect (f->clock, "pressed", G_CALLBACK (count_cb), &pressed);
  g_assert_false (caissa_game_get_auto_press (f->game));
  caissa_game_set_auto_press (f->game, TRUE);
  g_assert_true (caissa_game_get_auto_press (f->game));
  g_assert_false (caissa_game_get_press_required (f->game));
  g_assert_true (caissa_game_get_timed (f->game));

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 2000);
  play (f, "d4");
  /* Pressed for him: Black's clock runs, Black may move at once. */
  g_assert_cmpuint (pressed, ==, 1);
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_get_can_move (f->game));
  g_assert_cmpstr (after_comment (f, 1), ==, "[%clk 0:05:00] [%emt 0:00:02]");
  step (f, 1000);
  play (f, "d5");
  g_assert_cmpuint (pressed, ==, 2);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);

  /* Without auto-press the next move waits for its press again. */
  caissa_game_set_auto_press (f->game, FALSE);
  g_assert_true (caissa_game_get_press_required (f->game));
  play (f, "c4");
  g_assert_true (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpuint (pressed, ==, 2);
}

/* --- flags ------------------------------------------------------------------------- */

static void
test_flag_loses (Fixture       *f,
                 gconstpointer  data)
{
  guint outcomes = 0;

  g_signal_connect (f->game, "outcome-changed", G_CALLBACK (count_cb), &outcomes);
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4 e5");
  /* White forgets to press after his move: his clock keeps running. */
  play (f, "Nf3");
  step (f, 301999);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  step (f, 1);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  g_assert_cmpstr (caissa_game_get_result (f->game), ==, "0-1");
  g_assert_cmpuint (outcomes, ==, 1);
  /* The clocks stop with the game; the last move has its time. */
  g_assert_true (caissa_clock_get_finished (f->clock));
  g_assert_false (caissa_game_get_can_move (f->game));
  g_assert_cmpstr (after_comment (f, 3), ==, "[%clk 0:00:00] [%emt 0:05:02]");
  step (f, 60000);
  g_assert_cmpuint (outcomes, ==, 1);
}

static void
test_flag_insufficient (Fixture       *f,
                        gconstpointer  data)
{
  /* White (K+Q) to move, Black has his king alone: White's flag falls,
   * but Black could never mate — a draw (RULES.md §7, Art. 6.9). */
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 5000);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==,
                   CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT);
  g_assert_true (caissa_clock_get_finished (f->clock));
}

static void
test_flag_sufficient (Fixture       *f,
                      gconstpointer  data)
{
  /* The same material, Black to move: Black's flag falls and White, who
   * can mate, wins. White's button started Black's clock. */
  g_assert_false (caissa_game_get_can_move (f->game));
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_get_can_move (f->game));
  step (f, 4999);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  step (f, 1);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
}

static void
test_flag_after_end (Fixture       *f,
                     gconstpointer  data)
{
  guint flags = 0;

  g_signal_connect (f->clock, "flag-fell", G_CALLBACK (count_cb), &flags);
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "e4");
  step (f, 1000);
  play (f, "e5");
  /* Black resigns before pressing: the result stands, the clocks stop,
   * and a flag afterwards changes nothing (Art. 6.9 / 12.7). */
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_BLACK));
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_true (caissa_clock_get_finished (f->clock));
  g_assert_cmpstr (after_comment (f, 2), ==, "[%clk 0:04:59] [%emt 0:00:01]");
  step (f, 600000);
  g_assert_cmpuint (flags, ==, 0);
  g_assert_false (caissa_game_flag_fall (f->game, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_RESIGNATION);
}

static void
test_mate_stops_clock (Fixture       *f,
                       gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "f3 e5 g4");
  step (f, 4000);
  /* The mate needs no press: the game is over and the clocks stop. */
  play (f, "Qh4#");
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_true (caissa_clock_get_finished (f->clock));
  g_assert_false (caissa_game_get_awaiting_press (f->game));
  g_assert_cmpstr (after_comment (f, 4), ==, "[%clk 0:04:56] [%emt 0:00:04]");
}

/* A move that reaches the game after the mover's flag instant (the main
 * loop had not yet looked at the clock) is refused: the flag decides, and
 * it is the only result announced — not "1-0 on time" then "0-1 mate". */
static void
test_move_after_flag (Fixture       *f,
                      gconstpointer  data)
{
  guint outcomes = 0;
  g_autoptr(GError) error = NULL;

  g_signal_connect (f->game, "outcome-changed", G_CALLBACK (count_cb), &outcomes);
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "f3 e5 g4");
  /* Black's 300 s run out; no update is seen before the mating move. */
  f->now += 300001;
  g_assert_false (caissa_game_play_san (f->game, "Qh4#", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 3);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_WHITE_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  g_assert_cmpuint (outcomes, ==, 1);
  step (f, 1000);
  g_assert_cmpuint (outcomes, ==, 1);
}

/* K+Q v K+N, White's flag falls: the knight can never mate (no helpmate
 * exists with K+N against K+Q), so the game is drawn, not lost. */
static void
test_flag_queen_against_knight (Fixture       *f,
                                gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 5000);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==,
                   CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT);
  g_assert_cmpstr (caissa_game_get_result (f->game), ==, "1/2-1/2");
}

/* The same with a rook: K+N v K+R has mates, so the flag loses. */
static void
test_flag_rook_against_knight (Fixture       *f,
                               gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 5000);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_BLACK_WINS);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_TIME_FORFEIT);
}

/* --- draws -------------------------------------------------------------------------- */

static void
test_offer_between_move_and_press (Fixture       *f,
                                   gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  /* Before his move a player may not offer. */
  g_assert_false (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_WHITE));
  play (f, "e4");
  /* Between his move and his press: he may; the opponent may not. */
  g_assert_true (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_BLACK));
  g_assert_true (caissa_game_press (f->game));
  /* After the press: too late. */
  g_assert_false (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));

  /* An offer made in time stands after the press, until Black answers —
   * here by moving, which declines it. */
  play (f, "e5");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_press (f->game));
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_can_answer_draw (f->game));
  play (f, "Nf3");
  g_assert_cmpint (caissa_game_get_draw_offer (f->game), ==, CAISSA_COLOR_NONE);
}

static void
test_declined_offer (Fixture       *f,
                     gconstpointer  data)
{
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  play (f, "e4");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_game_press (f->game));
  g_assert_true (caissa_game_decline_draw (f->game, NULL));
  move_and_press (f, "e5");
  /* White was refused: after his next move he may not offer again ... */
  play (f, "Nf3");
  g_assert_false (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_WHITE));
  g_assert_true (caissa_game_press (f->game));
  /* ... until Black has offered one himself. */
  play (f, "Nc6");
  g_assert_true (caissa_game_offer_draw (f->game, CAISSA_COLOR_BLACK, NULL));
  g_assert_true (caissa_game_press (f->game));
  g_assert_true (caissa_game_decline_draw (f->game, NULL));
  play (f, "Bc4");
  g_assert_true (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_WHITE));
  g_assert_true (caissa_game_press (f->game));
  play (f, "Bc5");
  g_assert_false (caissa_game_can_offer_draw (f->game, CAISSA_COLOR_BLACK));
}

static void
test_claim_stops_clocks (Fixture       *f,
                         gconstpointer  data)
{
  guint paused = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  g_signal_connect (f->clock, "notify::paused", G_CALLBACK (count_cb), &paused);

  /* Black to move, the start position has been seen twice. A claim as
   * the position stands is wrong: the clocks stop while it is checked,
   * then run on, Black's still. */
  g_assert_cmpint (caissa_game_check_claim (f->game, CHESS_MOVE_NONE), ==, CAISSA_OUTCOME_REASON_NONE);
  g_assert_false (caissa_game_claim_draw (f->game, CHESS_MOVE_NONE, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_assert_cmpuint (paused, ==, 2);
  g_assert_false (caissa_clock_get_paused (f->clock));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_get_can_move (f->game));

  /* With the move that repeats it a third time the claim is right: the
   * clocks stop for good and the game is drawn. */
  step (f, 1500);
  caissa_game_set_claim_pending (f->game, TRUE);
  play (f, "Ng8");
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  g_assert_true (caissa_clock_get_finished (f->clock));
  g_assert_false (caissa_game_get_awaiting_press (f->game));
}

/* A claim with a declared move that turns out wrong: the move is made
 * all the same (Art. 9.5.3), by either way of claiming. */
static void
test_wrong_claim_keeps_move (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  ChessMove move;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "Nf3 Nf6");
  {
    ChessError err = { 0 };
    move = chess_san_parse (caissa_game_get_position (f->game), "Ng1", 3, &err);
  }
  g_assert_false (caissa_game_claim_draw (f->game, move, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 3);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  g_assert_false (caissa_clock_get_paused (f->clock));
  g_assert_true (caissa_game_get_awaiting_press (f->game));
  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_WHITE, NULL));

  /* The other way: claim pending, then the move. */
  caissa_game_set_claim_pending (f->game, TRUE);
  play (f, "Ng8");
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 4);
  g_assert_cmpint (caissa_game_get_outcome (f->game), ==, CAISSA_OUTCOME_NONE);
  g_assert_false (caissa_game_get_claim_pending (f->game));
}

static void
test_claim_as_it_stands (Fixture       *f,
                         gconstpointer  data)
{
  gint64 white;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  move_and_press (f, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
  /* White to move, the start position for the third time: White's claim
   * stops the clocks where they stand. */
  step (f, 2000);
  white = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  g_assert_true (caissa_game_claim_draw (f->game, CHESS_MOVE_NONE, NULL));
  g_assert_cmpint (caissa_game_get_outcome_reason (f->game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  g_assert_true (caissa_clock_get_finished (f->clock));
  step (f, 10000);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, white);
}

/* --- saving and resuming ------------------------------------------------------------- */

static void
test_resume_from_pgn (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *pgn = NULL;
  g_autoptr(CaissaGame) game = caissa_game_new ();
  g_autoptr(CaissaClock) clock = NULL;
  ChessError err = { 0 };
  ChessGame *core;
  guint notes = 0;

  g_assert_true (caissa_clock_press (f->clock, CAISSA_COLOR_BLACK, NULL));
  step (f, 12345);
  move_and_press (f, "e4");
  step (f, 4321);
  move_and_press (f, "c5");
  step (f, 999);
  move_and_press (f, "Nf3");
  pgn = caissa_game_to_pgn (f->game);

  /* Read back and given a fresh clock: each side's time is what the
   * scoresheet says, the move counts follow, nothing runs, and the side
   * to move's opponent starts it. */
  core = chess_pgn_read_game (pgn, strlen (pgn), &err, NULL);
  g_assert_nonnull (core);
  caissa_game_load_core_game (game, core);
  g_assert_null (caissa_game_get_clock (game));
  g_assert_false (caissa_game_get_timed (game));
  clock = new_clock (f, chess_game_get_tag (caissa_game_get_core_game (game), "TimeControl"));
  caissa_game_set_clock (game, clock);
  g_assert_cmpstr (caissa_clock_get_time_control (clock), ==, "300+2");
  g_assert_cmpint (caissa_clock_get_remaining (clock, CAISSA_COLOR_WHITE), ==,
                   caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_clock_get_remaining (clock, CAISSA_COLOR_WHITE), ==, 300000 - 12345 + 2000 - 999 + 2000);
  g_assert_cmpint (caissa_clock_get_remaining (clock, CAISSA_COLOR_BLACK), ==, 300000 - 4321 + 2000);
  g_assert_cmpuint (caissa_clock_get_moves (clock, CAISSA_COLOR_WHITE), ==, 2);
  g_assert_cmpuint (caissa_clock_get_moves (clock, CAISSA_COLOR_BLACK), ==, 1);
  g_assert_false (caissa_clock_get_started (clock));
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_true (caissa_clock_press (clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_game_get_can_move (game));

  /* A new game drops the clock, and says so once the game is whole. */
  g_assert_true (caissa_game_play_san (game, "Nc6", NULL));
  g_assert_true (caissa_clock_press (clock, CAISSA_COLOR_BLACK, NULL));
  g_signal_connect (game, "notify", G_CALLBACK (consistent_cb), &notes);
  caissa_game_reset (game);
  g_assert_cmpuint (notes, >, 0);
  g_assert_null (caissa_game_get_clock (game));
  g_assert_false (caissa_game_get_timed (game));
  g_assert_true (caissa_game_get_can_move (game));
}

static void
test_no_clock (void)
{
  CaissaGame *game = caissa_game_new ();
  CaissaClock *untimed = caissa_clock_new ();

  /* An untimed clock is no clock: moves flow, no press is due. */
  caissa_game_set_clock (game, untimed);
  g_assert_false (caissa_game_get_timed (game));
  g_assert_false (caissa_game_get_press_required (game));
  g_assert_true (caissa_game_get_can_move (game));
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  g_assert_false (caissa_game_get_awaiting_press (game));
  g_assert_true (caissa_game_get_can_undo (game));
  caissa_game_set_clock (game, NULL);
  g_assert_finalize_object (game);
  g_assert_finalize_object (untimed);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, data, func) \
  g_test_add ("/model/game-clock/" path, Fixture, data, fixture_setup, func, fixture_teardown)
  ADD ("move-then-press", "300+2", test_move_then_press);
  ADD ("take-back", "300+2", test_take_back);
  ADD ("pause-blocks-moves", "300+2", test_pause_blocks_moves);
  ADD ("auto-press", "300+2", test_auto_press);
  ADD ("flag-loses", "300+2", test_flag_loses);
  ADD ("flag-insufficient-material-draws", "5|4k3/8/8/8/8/8/8/3QK3 w - - 0 1", test_flag_insufficient);
  ADD ("flag-sufficient-material-loses", "5|4k3/8/8/8/8/8/8/3QK3 b - - 0 1", test_flag_sufficient);
  ADD ("flag-after-end-changes-nothing", "300+2", test_flag_after_end);
  ADD ("mate-stops-clocks", "300+0", test_mate_stops_clock);
  ADD ("move-after-flag-refused", "300+0", test_move_after_flag);
  ADD ("flag-queen-v-knight-draws", "5|4k3/8/2n5/8/8/8/8/1Q2K3 w - - 0 1", test_flag_queen_against_knight);
  ADD ("flag-rook-v-knight-loses", "5|4k3/8/2n5/8/8/8/8/1R2K3 w - - 0 1", test_flag_rook_against_knight);
  ADD ("wrong-claim-keeps-move", "300+2", test_wrong_claim_keeps_move);
  ADD ("offer-between-move-and-press", "300+2", test_offer_between_move_and_press);
  ADD ("declined-offer", "300+2", test_declined_offer);
  ADD ("claim-stops-clocks", "300+2", test_claim_stops_clocks);
  ADD ("claim-as-it-stands", "300+2", test_claim_as_it_stands);
  ADD ("resume-from-pgn", "300+2", test_resume_from_pgn);
#undef ADD
  g_test_add_func ("/model/game-clock/untimed", test_no_clock);

  return g_test_run ();
}
