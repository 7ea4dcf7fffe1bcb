/* test-clock.c — the core chess clock: every control and transition with
 * exact milliseconds, the TimeControl tag, formatting, and a property test
 * against an independently written reference model.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "chess-clock.h"

#define W CHESS_WHITE
#define B CHESS_BLACK
#define OK CHESS_CLOCK_OK

static void
clock_for (ChessClock *clock,
           const char *tag)
{
  ChessTimeControl tc;
  ChessError error = { 0 };

  if (!chess_time_control_parse (&tc, tag, strlen (tag), &error))
    g_error ("TimeControl \"%s\" refused: %s", tag, error.message);
  g_assert_true (chess_clock_init (clock, &tc));
}

/* White moves and presses after `think` ms; returns the press instant. */
static int64_t
play (ChessClock *clock,
      ChessColor  color,
      int64_t     start,
      int64_t     think)
{
  g_assert_cmpint (chess_clock_move_made (clock, color, start + think), ==, OK);
  g_assert_cmpint (chess_clock_press (clock, color, start + think), ==, OK);
  return start + think;
}

/* ================================================================ TimeControl tag */

typedef struct
{
  const char *input;
  const char *canonical;  /* what write() gives back */
} TcGood;

static const TcGood tc_good[] = {
  { "-", "-" },
  { "?", "?" },
  { "300", "300" },
  { "60", "60" },
  { "300+2", "300+2" },
  { "40/9000", "40/9000" },
  { "40/5400+30:1800+30", "40/5400+30:1800+30" },
  { "40/7200:20/3600:1800", "40/7200:20/3600:1800" },
  { "*180", "*180" },
  { "*60.5", "*60.5" },
  { "300d5", "300d5" },
  { "300b5", "300b5" },
  { "40/5400d10:1800b5", "40/5400d10:1800b5" },
  { "0.5", "0.5" },
  { "90.25+0.125", "90.25+0.125" },
  { "60+3600", "60+3600" },
  { "1000/1000000", "1000/1000000" },
  { "1/1:1/1:1/1:1/1:1/1:1/1:1/1:1", "1/1:1/1:1/1:1/1:1/1:1/1:1/1:1" },
  { "40/5400:0+30", "40/5400:0+30" },
  /* Accepted, written differently. */
  { "  300+2\t", "300+2" },
  { "300+0", "300" },
  { "0300", "300" },
  { "300.500", "300.5" },
  { "300.050", "300.05" },
  { "300D5", "300d5" },
  { "300S5", "300d5" },
  { "300s5", "300d5" },
  { "300B5", "300b5" },
  { "300+0S5", "300d5" },
  { "300+0b5", "300b5" },
  { "40/5400+0:1800", "40/5400:1800" },
};

static void
test_tc_good (gconstpointer data)
{
  const TcGood *row = data;
  ChessTimeControl tc, again;
  ChessError error = { 0 };
  char buf[CHESS_TIME_CONTROL_MAX], buf2[CHESS_TIME_CONTROL_MAX];

  g_test_message ("input \"%s\"", row->input);
  if (!chess_time_control_parse (&tc, row->input, strlen (row->input), &error))
    g_error ("\"%s\" refused at column %lu: %s", row->input, error.column, error.message);
  g_assert_true (chess_time_control_check (&tc, NULL));
  chess_time_control_write (&tc, buf);
  if (strcmp (buf, row->canonical) != 0)
    g_error ("\"%s\" written as \"%s\", expected \"%s\"", row->input, buf, row->canonical);
  /* And back again. */
  g_assert_true (chess_time_control_parse (&again, buf, strlen (buf), &error));
  if (!chess_time_control_equal (&tc, &again))
    g_error ("\"%s\" → \"%s\" does not read back the same", row->input, buf);
  g_assert_cmpstr (chess_time_control_write (&again, buf2), ==, buf);
}

typedef struct
{
  const char   *input;
  unsigned long column;
  const char   *reason;  /* a part of the message */
} TcBad;

static const TcBad tc_bad[] = {
  { "", 1, "empty" },
  { "   ", 4, "empty" },
  { "abc", 1, "expected a number, found 'a'" },
  { "300+", 5, "expected a number, found the end" },
  { "300x", 4, "unexpected 'x'" },
  { "300 +2", 4, "unexpected ' '" },
  { "300:40/100", 4, "sudden-death" },
  { "0", 1, "first period gives no time" },
  { "0+5", 1, "first period gives no time" },
  { "40/0:300", 4, "first period gives no time" },
  { "0/300", 1, "whole number from 1 to 1000" },
  { "1001/300", 1, "whole number from 1 to 1000" },
  { "40.5/300", 1, "whole number from 1 to 1000" },
  { "300+2d5", 6, "only one of increment" },
  { "300d5b2", 6, "only one of increment" },
  { "300+3601", 5, "more than 3600 seconds" },
  { "1000001", 1, "more than 1000000 seconds" },
  { "300.1234", 8, "more than three decimals" },
  { "300.", 5, "a digit must follow '.'" },
  { "?300", 2, "must be the whole value" },
  { "-300", 2, "must be the whole value" },
  { "*", 2, "expected a number" },
  { "*0", 2, "at least 1 second" },
  { "*0.5", 4, "at least 1 second" },
  { "*180+2", 5, "sandclock ('*') must be the whole value" },
  { "40/5400:", 9, "expected a number, found the end" },
  { "40/:300", 4, "expected a number" },
  { "1/1:1/1:1/1:1/1:1/1:1/1:1/1:1/1:1", 33, "more than 8 periods" },
  { "300+-2", 5, "expected a number, found '-'" },
  { "300d0.0001", 10, "more than three decimals" },
};

static void
test_tc_bad (gconstpointer data)
{
  const TcBad *row = data;
  ChessTimeControl tc;
  ChessError error = { 0 };

  g_test_message ("input \"%s\"", row->input);
  if (chess_time_control_parse (&tc, row->input, strlen (row->input), &error))
    g_error ("\"%s\" was accepted", row->input);
  if (error.code != CHESS_ERROR_TIME_CONTROL)
    g_error ("\"%s\": error code %d", row->input, error.code);
  if (error.column != row->column || strstr (error.message, row->reason) == NULL)
    g_error ("\"%s\": got column %lu \"%s\", expected column %lu with \"%s\"",
             row->input, error.column, error.message, row->column, row->reason);
  /* A refused value leaves an untimed control behind. */
  g_assert_cmpint (tc.kind, ==, CHESS_TIME_CONTROL_NONE);
}

static void
test_tc_structure (void)
{
  ChessTimeControl tc;
  const ChessTimePeriod *p;
  ChessError error = { 0 };
  const char *fide = "40/5400+30:1800+30";

  g_assert_true (chess_time_control_parse (&tc, fide, strlen (fide), &error));
  g_assert_cmpint (tc.kind, ==, CHESS_TIME_CONTROL_PERIODS);
  g_assert_cmpuint (tc.n_periods, ==, 2);
  g_assert_cmpuint (tc.periods[0].moves, ==, 40);
  g_assert_cmpint (tc.periods[0].time_ms, ==, 5400000);
  g_assert_cmpint (tc.periods[0].bonus, ==, CHESS_BONUS_FISCHER);
  g_assert_cmpint (tc.periods[0].bonus_ms, ==, 30000);
  g_assert_cmpuint (tc.periods[1].moves, ==, 0);
  g_assert_cmpint (tc.periods[1].time_ms, ==, 1800000);
  /* The last period repeats. */
  p = chess_time_control_period (&tc, 7);
  g_assert_true (p == &tc.periods[1]);

  g_assert_true (chess_time_control_parse (&tc, "300d5", 5, &error));
  g_assert_cmpint (tc.periods[0].bonus, ==, CHESS_BONUS_DELAY);
  g_assert_cmpint (tc.periods[0].bonus_ms, ==, 5000);
  g_assert_true (chess_time_control_parse (&tc, "300b5", 5, &error));
  g_assert_cmpint (tc.periods[0].bonus, ==, CHESS_BONUS_BRONSTEIN);
  g_assert_true (chess_time_control_parse (&tc, "*180", 4, &error));
  g_assert_cmpint (tc.kind, ==, CHESS_TIME_CONTROL_SANDCLOCK);
  g_assert_cmpint (tc.sandclock_ms, ==, 180000);
  g_assert_true (chess_time_control_is_timed (&tc));
  g_assert_true (chess_time_control_parse (&tc, "?", 1, &error));
  g_assert_cmpint (tc.kind, ==, CHESS_TIME_CONTROL_UNKNOWN);
  g_assert_false (chess_time_control_is_timed (&tc));
  /* len is respected: the text need not end there. */
  g_assert_true (chess_time_control_parse (&tc, "300+2]", 5, &error));
  g_assert_cmpint (tc.periods[0].bonus_ms, ==, 2000);

  /* check() refuses what the parser would. */
  memset (&tc, 0, sizeof tc);
  tc.kind = CHESS_TIME_CONTROL_PERIODS;
  tc.n_periods = 2;
  tc.periods[0].time_ms = 1000;
  tc.periods[1].time_ms = 1000;
  g_assert_false (chess_time_control_check (&tc, &error));
  g_assert_nonnull (strstr (error.message, "sudden-death"));
  tc.n_periods = 1;
  tc.periods[0].bonus = CHESS_BONUS_FISCHER;
  g_assert_false (chess_time_control_check (&tc, &error));
  tc.periods[0].bonus_ms = 2000;
  g_assert_true (chess_time_control_check (&tc, &error));
}

static void
test_presets (void)
{
  unsigned n;
  const ChessClockPreset *presets = chess_clock_get_presets (&n);
  static const char *expected[] = {
    "60", "120+1", "180", "180+2", "300", "300+3", "600", "600+5", "900+10", "1800",
    "1800+20", "5400+30", "40/5400+30:1800+30",
  };

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (unsigned i = 0; i < n; i++)
    {
      ChessTimeControl tc;
      ChessError error = { 0 };
      char buf[CHESS_TIME_CONTROL_MAX];

      g_assert_nonnull (presets[i].name);
      if (!chess_time_control_parse (&tc, presets[i].time_control,
                                     strlen (presets[i].time_control), &error))
        g_error ("preset %s \"%s\": %s", presets[i].name, presets[i].time_control,
                 error.message);
      g_assert_cmpstr (presets[i].time_control, ==, expected[i]);
      g_assert_cmpstr (chess_time_control_write (&tc, buf), ==, presets[i].time_control);
    }
  g_assert_cmpstr (presets[0].name, ==, "1+0");
  g_assert_cmpstr (presets[11].name, ==, "90+30");
  g_assert_cmpstr (presets[5].name, ==, "5+3");
}

/* ================================================================ transitions */

static void
test_sudden_death_flag (void)
{
  ChessClock clock;
  int64_t t0 = 1000;

  clock_for (&clock, "300");
  g_assert_false (chess_clock_is_started (&clock));
  g_assert_cmpint (chess_clock_running (&clock), ==, CHESS_CLOCK_NO_SIDE);
  /* Nothing runs before the start. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, 999999), ==, 300000);
  g_assert_cmpint (chess_clock_start (&clock, t0), ==, OK);
  g_assert_cmpint (chess_clock_running (&clock), ==, W);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t0 + 299999), ==, 1);
  g_assert_false (chess_clock_flag_fallen (&clock, W, t0 + 299999));
  g_assert_cmpint (chess_clock_take_new_flags (&clock, t0 + 299999), ==, 0);
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 0, t0 + 100), ==, t0 + 300000);
  /* The flag falls when the time reaches zero, at that exact instant... */
  g_assert_cmpint (chess_clock_remaining (&clock, W, t0 + 300000), ==, 0);
  g_assert_true (chess_clock_flag_fallen (&clock, W, t0 + 300000));
  /* ...and the clock knows that instant when asked much later. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, t0 + 900000), ==, 0);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, t0 + 900000), ==, t0 + 300000);
  g_assert_cmpint (chess_clock_first_flag (&clock, t0 + 900000), ==, W);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, t0 + 900000), ==, 1u << W);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, t0 + 950000), ==, 0);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, t0 + 950000), ==, t0 + 300000);
  g_assert_false (chess_clock_flag_fallen (&clock, B, t0 + 950000));
  g_assert_cmpint (chess_clock_remaining (&clock, B, t0 + 950000), ==, 300000);
}

static void
test_press_rules (void)
{
  ChessClock clock;

  clock_for (&clock, "300+2");
  /* Before the start: no move, no press of one's own. */
  g_assert_cmpint (chess_clock_move_made (&clock, W, 0), ==, CHESS_CLOCK_ERR_NOT_STARTED);
  g_assert_cmpint (chess_clock_pause (&clock, 0), ==, CHESS_CLOCK_ERR_NOT_STARTED);
  g_assert_cmpint (chess_clock_press (&clock, (ChessColor) 2, 0), ==, CHESS_CLOCK_ERR_INVALID);
  /* Black pressing starts White's clock, as over the board. */
  g_assert_cmpint (chess_clock_press (&clock, B, 100), ==, OK);
  g_assert_cmpint (chess_clock_running (&clock), ==, W);
  g_assert_cmpint (chess_clock_start (&clock, 100), ==, CHESS_CLOCK_ERR_ALREADY_STARTED);
  /* Black may not press White's clock, nor move. */
  g_assert_cmpint (chess_clock_press (&clock, B, 200), ==, CHESS_CLOCK_ERR_NOT_YOUR_CLOCK);
  g_assert_cmpint (chess_clock_move_made (&clock, B, 200), ==, CHESS_CLOCK_ERR_NOT_YOUR_CLOCK);
  /* White may not press before moving: no increment for that. */
  g_assert_cmpint (chess_clock_press (&clock, W, 300), ==, CHESS_CLOCK_ERR_NO_MOVE);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 300), ==, 300000 - 200);
  g_assert_false (chess_clock_has_moved (&clock));
  g_assert_cmpint (chess_clock_move_made (&clock, W, 400), ==, OK);
  g_assert_true (chess_clock_has_moved (&clock));
  g_assert_cmpint (chess_clock_move_made (&clock, W, 450), ==, CHESS_CLOCK_ERR_ALREADY_MOVED);
  /* Forgetting to press costs the player his own time. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, 10400), ==, 300000 - 10300);
  g_assert_cmpint (chess_clock_press (&clock, W, 10400), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 10400), ==, 300000 - 10300 + 2000);
  g_assert_cmpint (chess_clock_running (&clock), ==, B);
  g_assert_cmpuint (chess_clock_moves (&clock, W), ==, 1);
  g_assert_cmpuint (chess_clock_moves (&clock, B), ==, 0);
  g_assert_cmpint (chess_clock_last_move_time (&clock, W), ==, 10300);
  g_assert_cmpint (chess_clock_last_move_time (&clock, B), ==, -1);
  /* White cannot press again (Black's clock runs). */
  g_assert_cmpint (chess_clock_press (&clock, W, 10500), ==, CHESS_CLOCK_ERR_NOT_YOUR_CLOCK);
  /* A move taken back before the press: no press allowed. */
  g_assert_cmpint (chess_clock_move_made (&clock, B, 11000), ==, OK);
  g_assert_cmpint (chess_clock_take_back (&clock), ==, OK);
  g_assert_cmpint (chess_clock_take_back (&clock), ==, CHESS_CLOCK_ERR_NO_MOVE);
  g_assert_cmpint (chess_clock_press (&clock, B, 11000), ==, CHESS_CLOCK_ERR_NO_MOVE);
  /* Time may not go back. */
  g_assert_cmpint (chess_clock_move_made (&clock, B, 10999), ==, CHESS_CLOCK_ERR_TIME_WENT_BACK);
  g_assert_nonnull (strstr (chess_clock_status_message (CHESS_CLOCK_ERR_NO_MOVE), "move"));

  /* White pressing before the start starts Black's clock (Black to move). */
  clock_for (&clock, "300");
  g_assert_cmpint (chess_clock_press (&clock, W, 0), ==, OK);
  g_assert_cmpint (chess_clock_running (&clock), ==, B);
  clock_for (&clock, "300");
  g_assert_cmpint (chess_clock_start_side (&clock, B, 0), ==, OK);
  g_assert_cmpint (chess_clock_side (&clock), ==, B);
}

static void
test_fischer (void)
{
  ChessClock clock;
  int64_t t;

  clock_for (&clock, "180+2");
  chess_clock_start (&clock, 0);
  t = play (&clock, W, 0, 5000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 180000 - 5000 + 2000);
  t = play (&clock, B, t, 1);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 180000 - 1 + 2000);
  /* Refused presses add nothing. */
  g_assert_cmpint (chess_clock_press (&clock, W, t + 10), ==, CHESS_CLOCK_ERR_NO_MOVE);
  g_assert_cmpint (chess_clock_press (&clock, B, t + 10), ==, CHESS_CLOCK_ERR_NOT_YOUR_CLOCK);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t + 10), ==, 181999);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t + 10), ==, 177000 - 10);
  /* An increment does not save a flag that has fallen. */
  g_assert_cmpint (chess_clock_move_made (&clock, W, t + 177000), ==, OK);
  g_assert_true (chess_clock_flag_fallen (&clock, W, t + 177000));
  g_assert_cmpint (chess_clock_press (&clock, W, t + 177000), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t + 177000), ==, 0);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, t + 200000), ==, t + 177000);
}

static void
test_bronstein (void)
{
  ChessClock clock;
  int64_t t;

  clock_for (&clock, "300b5");
  chess_clock_start (&clock, 0);
  /* The display runs down during the turn... */
  g_assert_cmpint (chess_clock_remaining (&clock, W, 3000), ==, 297000);
  /* ...and what was used, up to 5 s, is given back. */
  t = play (&clock, W, 0, 3000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 300000);
  t = play (&clock, B, t, 8000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 297000);
  t = play (&clock, W, t, 5000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 300000);
  t = play (&clock, B, t, 0);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 297000);
  /* Never more than used: the clock never exceeds its starting value. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 300000);
  /* The flag falls when the display reaches zero, delay or not. */
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 0, t), ==, t + 300000);
}

static void
test_simple_delay (void)
{
  ChessClock clock;
  int64_t t;

  clock_for (&clock, "300d5");
  chess_clock_start (&clock, 0);
  /* The first 5 s of each turn do not count. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, 4999), ==, 300000);
  g_assert_cmpint (chess_clock_delay_left (&clock, 4999), ==, 1);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 5000), ==, 300000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 6000), ==, 299000);
  g_assert_cmpint (chess_clock_delay_left (&clock, 6000), ==, 0);
  t = play (&clock, W, 0, 8000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 297000);
  g_assert_cmpint (chess_clock_last_move_time (&clock, W), ==, 8000);
  t = play (&clock, B, t, 3000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 300000);
  /* The delay begins again each turn: W's flag falls after 5 + 297 s. */
  g_assert_cmpint (chess_clock_delay_left (&clock, t), ==, 5000);
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 0, t), ==, t + 302000);
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 296500, t), ==, t + 5500);
  g_assert_false (chess_clock_flag_fallen (&clock, W, t + 301999));
  g_assert_cmpint (chess_clock_remaining (&clock, W, t + 301999), ==, 1);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, t + 400000), ==, t + 302000);
}

static void
test_multi_period (void)
{
  ChessClock clock;
  int64_t t = 0;

  clock_for (&clock, "40/5400+30:1800+30");
  chess_clock_start (&clock, 0);
  g_assert_cmpuint (chess_clock_moves_to_go (&clock, W), ==, 40);
  for (int i = 1; i <= 40; i++)
    {
      /* White spends 60 s a move, Black 100 s. */
      t = play (&clock, W, t, 60000);
      if (i < 40)
        {
          g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 5400000 - i * 30000);
          g_assert_cmpuint (chess_clock_period (&clock, W), ==, 0);
          g_assert_cmpuint (chess_clock_moves_to_go (&clock, W), ==, 40 - i);
        }
      t = play (&clock, B, t, 100000);
    }
  /* After move 40 the second period's 30 minutes are added to what was
   * saved: 5400 − 40 × 30 = 4200 s saved. */
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 4200000 + 1800000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 5400000 - 40 * 70000 + 1800000);
  g_assert_cmpuint (chess_clock_period (&clock, W), ==, 1);
  g_assert_cmpuint (chess_clock_moves_to_go (&clock, W), ==, 0);
  g_assert_cmpuint (chess_clock_moves (&clock, B), ==, 40);
  /* The increment goes on in the second period. */
  t = play (&clock, W, t, 10000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 6000000 - 10000 + 30000);
  g_assert_cmpint (chess_clock_used (&clock, W, t), ==, 40 * 60000 + 10000);

  /* "40/9000": the last period repeats. */
  clock_for (&clock, "2/100");
  chess_clock_start (&clock, 0);
  t = play (&clock, W, 0, 10000);
  t = play (&clock, B, t, 1000);
  t = play (&clock, W, t, 10000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 180000);
  g_assert_cmpuint (chess_clock_moves_to_go (&clock, W), ==, 2);
  g_assert_cmpuint (chess_clock_period (&clock, W), ==, 1);
  t = play (&clock, B, t, 1000);
  t = play (&clock, W, t, 1000);
  t = play (&clock, B, t, 1000);
  t = play (&clock, W, t, 1000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 278000);
  g_assert_cmpuint (chess_clock_period (&clock, W), ==, 2);

  /* A period with its own delay: "2/100d5:50b3". */
  clock_for (&clock, "2/100d5:50b3");
  chess_clock_start (&clock, 0);
  t = play (&clock, W, 0, 7000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 98000);
  t = play (&clock, B, t, 1000);
  t = play (&clock, W, t, 7000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 96000 + 50000);
  t = play (&clock, B, t, 1000);
  t = play (&clock, W, t, 7000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 146000 - 7000 + 3000);
}

static void
test_pause_resume (void)
{
  ChessClock clock;

  clock_for (&clock, "300");
  chess_clock_start (&clock, 0);
  g_assert_cmpint (chess_clock_pause (&clock, 10000), ==, OK);
  g_assert_true (chess_clock_is_paused (&clock));
  g_assert_cmpint (chess_clock_running (&clock), ==, CHESS_CLOCK_NO_SIDE);
  g_assert_cmpint (chess_clock_side (&clock), ==, W);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 110000), ==, 290000);
  g_assert_cmpint (chess_clock_pause (&clock, 110000), ==, CHESS_CLOCK_ERR_PAUSED);
  g_assert_cmpint (chess_clock_move_made (&clock, W, 110000), ==, CHESS_CLOCK_ERR_PAUSED);
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 0, 110000), ==, CHESS_CLOCK_NEVER);
  g_assert_cmpint (chess_clock_resume (&clock, 110000), ==, OK);
  g_assert_cmpint (chess_clock_resume (&clock, 110000), ==, CHESS_CLOCK_ERR_NOT_PAUSED);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 115000), ==, 285000);
  g_assert_cmpint (chess_clock_move_made (&clock, W, 115000), ==, OK);
  g_assert_cmpint (chess_clock_pause (&clock, 116000), ==, OK);
  g_assert_cmpint (chess_clock_press (&clock, W, 117000), ==, CHESS_CLOCK_ERR_PAUSED);
  g_assert_cmpint (chess_clock_resume (&clock, 200000), ==, OK);
  g_assert_cmpint (chess_clock_press (&clock, W, 200500), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 200500), ==, 300000 - 16500);
  g_assert_cmpint (chess_clock_last_move_time (&clock, W), ==, 16500);

  /* A pause in the middle of a delay keeps the rest of the delay. */
  clock_for (&clock, "300d5");
  chess_clock_start (&clock, 0);
  chess_clock_pause (&clock, 3000);
  chess_clock_resume (&clock, 50000);
  g_assert_cmpint (chess_clock_delay_left (&clock, 50000), ==, 2000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 53000), ==, 299000);

  /* Bronstein counts the whole turn, pauses excluded. */
  clock_for (&clock, "300b5");
  chess_clock_start (&clock, 0);
  chess_clock_pause (&clock, 2000);
  chess_clock_resume (&clock, 90000);
  play (&clock, W, 90000, 2000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 92000), ==, 300000);
}

static void
test_arbiter (void)
{
  ChessClock clock;

  clock_for (&clock, "300+2");
  chess_clock_start (&clock, 0);
  /* Set the running side in the middle of a turn: it runs on from there. */
  g_assert_cmpint (chess_clock_set_remaining (&clock, W, 60000, 10000), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 10000), ==, 60000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 15000), ==, 55000);
  g_assert_cmpint (chess_clock_add_time (&clock, B, 120000, 15000), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 15000), ==, 420000);
  /* Time used this move is still the whole turn. */
  play (&clock, W, 15000, 5000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 20000), ==, 52000);
  g_assert_cmpint (chess_clock_last_move_time (&clock, W), ==, 20000);
  /* Taking time down to zero makes the flag fall then. */
  g_assert_cmpint (chess_clock_add_time (&clock, W, -60000, 21000), ==, OK);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, 30000), ==, 21000);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, 30000), ==, 1u << W);
  /* Giving time again raises the flag; a new fall is reported again. */
  g_assert_cmpint (chess_clock_set_remaining (&clock, W, 1000, 30000), ==, OK);
  g_assert_false (chess_clock_flag_fallen (&clock, W, 30000));
  g_assert_cmpint (chess_clock_remaining (&clock, W, 30000), ==, 1000);
  g_assert_cmpint (chess_clock_set_remaining (&clock, W, 0, 31000), ==, OK);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, 31000), ==, 1u << W);
  g_assert_cmpint (chess_clock_set_remaining (&clock, W, -1, 31000), ==, CHESS_CLOCK_ERR_INVALID);

  /* Move count correction moves the period. */
  clock_for (&clock, "40/5400+30:1800+30");
  g_assert_cmpint (chess_clock_set_moves (&clock, B, 39), ==, OK);
  g_assert_cmpuint (chess_clock_moves_to_go (&clock, B), ==, 1);
  chess_clock_start (&clock, 0);
  play (&clock, W, 0, 1000);
  play (&clock, B, 1000, 1000);
  g_assert_cmpuint (chess_clock_period (&clock, B), ==, 1);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 2000), ==, 5400000 - 1000 + 30000 + 1800000);
  g_assert_cmpint (chess_clock_set_moves (&clock, W, 85), ==, OK);
  g_assert_cmpuint (chess_clock_period (&clock, W), ==, 1);
  g_assert_cmpuint (chess_clock_moves (&clock, W), ==, 85);

  /* The untimed clock has no time to set. */
  clock_for (&clock, "-");
  g_assert_cmpint (chess_clock_set_remaining (&clock, W, 1000, 0), ==, CHESS_CLOCK_ERR_INVALID);
}

static void
test_both_flags (void)
{
  ChessClock clock;

  clock_for (&clock, "10");
  chess_clock_start (&clock, 0);
  /* White's flag falls at 10 s, but nobody looks; White moves and presses
   * at 12 s (the clock goes on, as a real one does), Black then overstays.
   * Asked only at the end, the clock still knows who fell first. */
  g_assert_cmpint (chess_clock_move_made (&clock, W, 12000), ==, OK);
  g_assert_cmpint (chess_clock_press (&clock, W, 12000), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, W, 12000), ==, 0);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 12000), ==, 10000);
  g_assert_cmpint (chess_clock_first_flag (&clock, 50000), ==, W);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, 50000), ==, 10000);
  g_assert_cmpint (chess_clock_flag_time (&clock, B, 50000), ==, 22000);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, 50000), ==, 3u);
  g_assert_cmpint (chess_clock_take_new_flags (&clock, 50000), ==, 0);

  /* The other order: Black first. */
  clock_for (&clock, "10");
  chess_clock_start (&clock, 0);
  play (&clock, W, 0, 9000);
  play (&clock, B, 9000, 10500);  /* Black flagged at 19000 */
  g_assert_cmpint (chess_clock_first_flag (&clock, 100000), ==, B);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, 100000), ==, 19500 + 1000);
}

static void
test_untimed (void)
{
  ChessClock clock;

  clock_for (&clock, "-");
  g_assert_false (chess_clock_is_timed (&clock));
  g_assert_cmpint (chess_clock_remaining (&clock, W, 0), ==, CHESS_CLOCK_UNLIMITED);
  chess_clock_start (&clock, 0);
  g_assert_cmpint (chess_clock_press (&clock, W, 5), ==, CHESS_CLOCK_ERR_NO_MOVE);
  play (&clock, W, 0, 1000000);
  play (&clock, B, 1000000, 2000000);
  g_assert_cmpint (chess_clock_running (&clock), ==, W);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 1000000000), ==, CHESS_CLOCK_UNLIMITED);
  g_assert_false (chess_clock_flag_fallen (&clock, W, 1000000000));
  g_assert_cmpint (chess_clock_take_new_flags (&clock, 1000000000), ==, 0);
  g_assert_cmpint (chess_clock_used (&clock, B, 1000000000), ==, 2000000);
  g_assert_cmpuint (chess_clock_moves_to_go (&clock, W), ==, 0);
  g_assert_cmpint (chess_clock_instant_at (&clock, W, 0, 1000000000), ==, CHESS_CLOCK_NEVER);

  clock_for (&clock, "?");
  g_assert_false (chess_clock_is_timed (&clock));
}

static void
test_sandclock (void)
{
  ChessClock clock;
  int64_t t;

  clock_for (&clock, "*180");
  g_assert_cmpint (chess_clock_remaining (&clock, W, 0), ==, 90000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 0), ==, 90000);
  chess_clock_start (&clock, 0);
  /* The sand White uses falls into Black's chamber. */
  g_assert_cmpint (chess_clock_remaining (&clock, B, 30000), ==, 120000);
  g_assert_cmpint (chess_clock_instant_at (&clock, B, 125000, 30000), ==, 35000);
  t = play (&clock, W, 0, 30000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t), ==, 60000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t), ==, 120000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t + 100000), ==, 160000);
  g_assert_cmpint (chess_clock_remaining (&clock, B, t + 100000), ==, 20000);
  g_assert_cmpint (chess_clock_flag_time (&clock, B, t + 200000), ==, t + 120000);
  g_assert_cmpint (chess_clock_remaining (&clock, W, t + 200000), ==, 180000);
  /* Arbiter: sand moves from one chamber to the other. */
  clock_for (&clock, "*180");
  chess_clock_start (&clock, 0);
  g_assert_cmpint (chess_clock_add_time (&clock, B, 500000, 10000), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&clock, B, 10000), ==, 180000);
  g_assert_cmpint (chess_clock_flag_time (&clock, W, 10000), ==, 10000);
}

static void
test_stop (void)
{
  ChessClock clock;

  clock_for (&clock, "300");
  chess_clock_start (&clock, 0);
  g_assert_cmpint (chess_clock_stop (&clock, 5000), ==, OK);
  g_assert_true (chess_clock_is_finished (&clock));
  g_assert_false (chess_clock_is_paused (&clock));
  g_assert_cmpint (chess_clock_remaining (&clock, W, 900000), ==, 295000);
  g_assert_cmpint (chess_clock_resume (&clock, 6000), ==, CHESS_CLOCK_ERR_FINISHED);
  g_assert_cmpint (chess_clock_move_made (&clock, W, 6000), ==, CHESS_CLOCK_ERR_FINISHED);
  g_assert_cmpint (chess_clock_add_time (&clock, W, 10, 6000), ==, CHESS_CLOCK_ERR_FINISHED);
  g_assert_false (chess_clock_flag_fallen (&clock, W, 900000));
}

static void
assert_snapshots_equal (const ChessClockSnapshot *a,
                        const ChessClockSnapshot *b)
{
  g_assert_true (chess_time_control_equal (&a->tc, &b->tc));
  g_assert_cmpint (a->started, ==, b->started);
  g_assert_cmpint (a->paused, ==, b->paused);
  g_assert_cmpint (a->finished, ==, b->finished);
  g_assert_cmpint (a->moved, ==, b->moved);
  g_assert_cmpint (a->side, ==, b->side);
  g_assert_cmpint (a->turn_elapsed, ==, b->turn_elapsed);
  g_assert_cmpint (a->turn_bonus, ==, b->turn_bonus);
  g_assert_cmpint (a->turn_bonus_ms, ==, b->turn_bonus_ms);
  g_assert_cmpuint (a->flags_reported, ==, b->flags_reported);
  for (int c = 0; c < 2; c++)
    {
      g_assert_cmpint (a->remaining[c], ==, b->remaining[c]);
      g_assert_cmpint (a->used[c], ==, b->used[c]);
      g_assert_cmpint (a->last_move[c], ==, b->last_move[c]);
      g_assert_cmpint (a->flag_age[c], ==, b->flag_age[c]);
      g_assert_cmpuint (a->moves[c], ==, b->moves[c]);
      g_assert_cmpuint (a->period[c], ==, b->period[c]);
      g_assert_cmpuint (a->period_moves[c], ==, b->period_moves[c]);
    }
}

static void
test_snapshot (void)
{
  ChessClock clock, back;
  ChessClockSnapshot snap, snap2;
  ChessError error = { 0 };

  clock_for (&clock, "40/5400+30:1800b5");
  chess_clock_start (&clock, 1000);
  play (&clock, W, 1000, 4000);
  chess_clock_move_made (&clock, B, 8000);
  chess_clock_snapshot (&clock, 9000, &snap);
  g_assert_true (snap.moved);
  g_assert_cmpint (snap.side, ==, B);
  g_assert_cmpint (snap.remaining[W], ==, 5400000 - 4000 + 30000);
  g_assert_cmpint (snap.remaining[B], ==, 5400000 - 4000);
  /* The monotonic clock of another run starts anywhere. */
  g_assert_true (chess_clock_restore (&back, &snap, 77, &error));
  chess_clock_snapshot (&back, 77, &snap2);
  assert_snapshots_equal (&snap, &snap2);
  g_assert_cmpint (chess_clock_press (&back, B, 1077), ==, OK);
  g_assert_cmpint (chess_clock_remaining (&back, B, 1077), ==, 5400000 - 5000 + 30000);

  /* Refused: inconsistent remaining and flag. */
  snap.remaining[W] = 0;
  g_assert_false (chess_clock_restore (&back, &snap, 0, &error));
  g_assert_nonnull (strstr (error.message, "flag"));
  snap.remaining[W] = 100;
  snap.period[W] = 1;
  g_assert_false (chess_clock_restore (&back, &snap, 0, &error));
  g_assert_nonnull (strstr (error.message, "period"));
}

/* ================================================================ text */

static void
test_format (void)
{
  static const struct { int64_t ms; const char *text; } rows[] = {
    { -1, "-:--" },
    { 0, "0:00.0" },
    { 1, "0:00.1" },
    { 99, "0:00.1" },
    { 100, "0:00.1" },
    { 199, "0:00.1" },
    { 200, "0:00.2" },
    { 9700, "0:09.7" },
    { 9799, "0:09.7" },
    { 9999, "0:09.9" },
    { 10000, "0:10" },
    { 10999, "0:10" },
    { 59999, "0:59" },
    { 60000, "1:00" },
    { 299999, "4:59" },
    { 3599999, "59:59" },
    { 3600000, "1:00:00" },
    { 5400000, "1:30:00" },
    { 5399999, "1:29:59" },
    { 36000000, "10:00:00" },
  };
  char buf[CHESS_CLOCK_FORMAT_MAX];

  for (unsigned i = 0; i < G_N_ELEMENTS (rows); i++)
    if (strcmp (chess_clock_format (rows[i].ms, buf), rows[i].text) != 0)
      g_error ("format (%" G_GINT64_FORMAT ") = \"%s\", expected \"%s\"",
               rows[i].ms, buf, rows[i].text);

  /* Never more than the player has, except the last tenth (kept off
   * "0:00.0", which means a fallen flag). */
  for (int64_t ms = 1; ms < 4000000; ms += 7)
    {
      int h = 0, m = 0, s = 0, tenth = 0;
      int64_t shown;
      chess_clock_format (ms, buf);
      if (ms < 10000)
        g_assert_cmpint (sscanf (buf, "%d:%d.%d", &m, &s, &tenth), ==, 3);
      else if (ms < 3600000)
        g_assert_cmpint (sscanf (buf, "%d:%d", &m, &s), ==, 2);
      else
        g_assert_cmpint (sscanf (buf, "%d:%d:%d", &h, &m, &s), ==, 3);
      shown = ((h * 60 + m) * 60 + s) * 1000 + tenth * 100;
      g_assert_cmpint (shown, >, 0);
      if (ms >= 100)
        g_assert_cmpint (shown, <=, ms);
    }
}

static void
test_pgn_clock (void)
{
  static const struct { const char *text; int64_t ms; } good[] = {
    { "1:29:56", 5396000 },
    { "0:00:09.7", 9700 },
    { "0:00:09.75", 9750 },
    { "0:00:09.7509", 9750 },
    { "12:34:56.789", (12 * 3600 + 34 * 60 + 56) * 1000 + 789 },
    { " 0:05:00 ", 300000 },
    { "5:00", 300000 },
    { "105:00:00", 105 * 3600000LL },
  };
  static const struct { const char *text; unsigned long column; } bad[] = {
    { "", 1 }, { "1:2:03", 3 }, { "1:60:00", 3 }, { "a", 1 }, { "1:00:00:00", 9 },
    { "1:00.", 6 }, { "1:00:00x", 8 }, { "90", 3 }, { "1:", 3 },
  };
  char buf[CHESS_CLOCK_FORMAT_MAX];

  for (unsigned i = 0; i < G_N_ELEMENTS (good); i++)
    {
      int64_t ms = -1;
      ChessError error = { 0 };
      if (!chess_clock_parse_pgn (good[i].text, strlen (good[i].text), &ms, &error))
        g_error ("[%%clk %s] refused: %s", good[i].text, error.message);
      if (ms != good[i].ms)
        g_error ("[%%clk %s] = %" G_GINT64_FORMAT, good[i].text, ms);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      int64_t ms = -1;
      ChessError error = { 0 };
      if (chess_clock_parse_pgn (bad[i].text, strlen (bad[i].text), &ms, &error))
        g_error ("[%%clk %s] accepted", bad[i].text);
      if (error.column != bad[i].column)
        g_error ("[%%clk %s]: column %lu (%s), expected %lu", bad[i].text,
                 error.column, error.message, bad[i].column);
    }

  g_assert_cmpstr (chess_clock_format_pgn (5396999, buf), ==, "1:29:56");
  g_assert_cmpstr (chess_clock_format_pgn (9700, buf), ==, "0:00:09");
  g_assert_cmpstr (chess_clock_format_pgn (0, buf), ==, "0:00:00");
  g_assert_cmpstr (chess_clock_format_pgn (-5, buf), ==, "0:00:00");
  g_assert_cmpstr (chess_clock_format_pgn (360000000, buf), ==, "100:00:00");
  /* Round trip for whole seconds. */
  for (int64_t s = 0; s < 20000; s += 13)
    {
      int64_t ms;
      chess_clock_format_pgn (s * 1000, buf);
      g_assert_true (chess_clock_parse_pgn (buf, strlen (buf), &ms, NULL));
      g_assert_cmpint (ms, ==, s * 1000);
    }
}

/* ================================================================ property test
 *
 * A reference model written the other way round: it keeps each side's
 * remaining time current by subtracting every stretch of time as it passes
 * (delay first), records flags eagerly, and is compared after every step
 * with the clock, which computes everything from stored values lazily. */

typedef struct
{
  ChessTimeControl tc;
  bool     timed, sand;
  bool     started, paused, finished, moved;
  int      side;
  int64_t  t_ref;       /* rem[] is current up to this instant */
  int64_t  last_event;
  int64_t  rem[2];
  int64_t  flag[2];
  unsigned reported;
  int64_t  delay_left;
  int64_t  turn_e;
  ChessBonusKind tb;
  int64_t  tb_ms;
  unsigned moves[2], period[2], pmoves[2];
  int64_t  used[2], last_move[2];
  unsigned falls[2];    /* how many times each flag fell */
} Ref;

static const ChessTimePeriod *
ref_period (const Ref *r, int c)
{
  if (r->tc.kind != CHESS_TIME_CONTROL_PERIODS)
    return NULL;
  return &r->tc.periods[MIN (r->period[c], r->tc.n_periods - 1)];
}

static void
ref_init (Ref *r, const ChessTimeControl *tc)
{
  memset (r, 0, sizeof *r);
  r->tc = *tc;
  r->timed = chess_time_control_is_timed (tc);
  r->sand = tc->kind == CHESS_TIME_CONTROL_SANDCLOCK;
  r->side = -1;
  r->last_event = INT64_MIN;
  for (int c = 0; c < 2; c++)
    {
      r->flag[c] = CHESS_CLOCK_NEVER;
      r->last_move[c] = -1;
    }
  if (r->sand)
    {
      r->rem[W] = tc->sandclock_ms / 2;
      r->rem[B] = tc->sandclock_ms - r->rem[W];
    }
  else if (r->timed)
    r->rem[W] = r->rem[B] = tc->periods[0].time_ms;
}

static void
ref_begin_turn (Ref *r, int side, int64_t now)
{
  const ChessTimePeriod *p;

  r->side = side;
  r->t_ref = now;
  r->turn_e = 0;
  r->moved = false;
  p = ref_period (r, side);
  r->tb = p ? p->bonus : CHESS_BONUS_NONE;
  r->tb_ms = p ? p->bonus_ms : 0;
  r->delay_left = r->tb == CHESS_BONUS_DELAY ? r->tb_ms : 0;
}

static void
ref_advance (Ref *r, int64_t now)
{
  int64_t dt, du, rest, gain;
  int s;

  if (!r->started || r->paused || now <= r->t_ref)
    {
      if (now > r->t_ref)
        r->t_ref = now;
      return;
    }
  dt = now - r->t_ref;
  s = r->side;
  r->turn_e += dt;
  /* The delay is turn time: it runs out even for a fallen flag. */
  du = MIN (r->delay_left, dt);
  r->delay_left -= du;
  rest = dt - du;
  if (r->timed && r->flag[s] == CHESS_CLOCK_NEVER)
    {
      if (rest >= r->rem[s])
        {
          r->flag[s] = r->t_ref + du + r->rem[s];
          r->falls[s]++;
          gain = r->rem[s];
          r->rem[s] = 0;
        }
      else
        {
          r->rem[s] -= rest;
          gain = rest;
        }
      if (r->sand && r->flag[!s] == CHESS_CLOCK_NEVER)
        r->rem[!s] += gain;
    }
  r->t_ref = now;
}

static ChessClockStatus
ref_common (const Ref *r, int64_t now)
{
  if (r->finished)
    return CHESS_CLOCK_ERR_FINISHED;
  if (now < r->last_event)
    return CHESS_CLOCK_ERR_TIME_WENT_BACK;
  return OK;
}

static ChessClockStatus
ref_start (Ref *r, int side, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  if (st != OK)
    return st;
  if (r->started)
    return CHESS_CLOCK_ERR_ALREADY_STARTED;
  r->started = true;
  r->paused = false;
  ref_begin_turn (r, side, now);
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_move (Ref *r, int c, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  if (st != OK)
    return st;
  if (!r->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (r->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  if (c != r->side)
    return CHESS_CLOCK_ERR_NOT_YOUR_CLOCK;
  if (r->moved)
    return CHESS_CLOCK_ERR_ALREADY_MOVED;
  ref_advance (r, now);
  r->moved = true;
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_press (Ref *r, int c, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  int s;
  bool fallen;
  const ChessTimePeriod *p;

  if (st != OK)
    return st;
  if (!r->started)
    return ref_start (r, !c, now);
  if (r->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  if (c != r->side)
    return CHESS_CLOCK_ERR_NOT_YOUR_CLOCK;
  if (!r->moved)
    return CHESS_CLOCK_ERR_NO_MOVE;
  ref_advance (r, now);
  s = r->side;
  fallen = r->flag[s] != CHESS_CLOCK_NEVER;
  if (r->timed && !fallen)
    {
      if (r->tb == CHESS_BONUS_FISCHER)
        r->rem[s] += r->tb_ms;
      else if (r->tb == CHESS_BONUS_BRONSTEIN)
        r->rem[s] += MIN (r->tb_ms, r->turn_e);
    }
  r->moves[s]++;
  r->pmoves[s]++;
  p = ref_period (r, s);
  if (p && p->moves && r->pmoves[s] == p->moves)
    {
      r->period[s]++;
      r->pmoves[s] = 0;
      if (r->timed && !fallen)
        r->rem[s] += ref_period (r, s)->time_ms;
    }
  r->used[s] += r->turn_e;
  r->last_move[s] = r->turn_e;
  ref_begin_turn (r, !s, now);
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_pause (Ref *r, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  if (st != OK)
    return st;
  if (!r->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (r->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  ref_advance (r, now);
  r->paused = true;
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_resume (Ref *r, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  if (st != OK)
    return st;
  if (!r->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (!r->paused)
    return CHESS_CLOCK_ERR_NOT_PAUSED;
  r->paused = false;
  r->t_ref = now;
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_stop (Ref *r, int64_t now)
{
  ChessClockStatus st = ref_common (r, now);
  if (st != OK)
    return st;
  ref_advance (r, now);
  if (r->started)
    r->paused = true;
  r->finished = true;
  r->last_event = now;
  return OK;
}

static void
ref_fix_flags (Ref *r, int64_t now)
{
  for (int c = 0; c < 2; c++)
    {
      if (r->rem[c] == 0 && r->flag[c] == CHESS_CLOCK_NEVER)
        {
          r->flag[c] = now;
          r->falls[c]++;
        }
      else if (r->rem[c] > 0 && r->flag[c] != CHESS_CLOCK_NEVER)
        {
          r->flag[c] = CHESS_CLOCK_NEVER;
          r->reported &= ~(1u << c);
        }
    }
}

static ChessClockStatus
ref_set (Ref *r, int c, int64_t ms, int64_t now)
{
  ChessClockStatus st;
  if (!r->timed)
    return CHESS_CLOCK_ERR_INVALID;
  if ((st = ref_common (r, now)) != OK)
    return st;
  ref_advance (r, now);
  if (r->sand)
    {
      ms = MIN (ms, r->tc.sandclock_ms);
      r->rem[!c] = r->tc.sandclock_ms - ms;
    }
  r->rem[c] = ms;
  ref_fix_flags (r, now);
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_add (Ref *r, int c, int64_t ms, int64_t now)
{
  ChessClockStatus st;
  if (!r->timed)
    return CHESS_CLOCK_ERR_INVALID;
  if ((st = ref_common (r, now)) != OK)
    return st;
  ref_advance (r, now);
  if (r->sand)
    {
      ms = CLAMP (ms, -r->rem[c], r->rem[!c]);
      r->rem[!c] -= ms;
      r->rem[c] += ms;
    }
  else
    r->rem[c] = MAX (0, r->rem[c] + ms);
  ref_fix_flags (r, now);
  r->last_event = now;
  return OK;
}

static ChessClockStatus
ref_set_moves (Ref *r, int c, unsigned n)
{
  if (r->finished)
    return CHESS_CLOCK_ERR_FINISHED;
  /* Count them one by one, as presses would. */
  r->moves[c] = 0;
  r->period[c] = 0;
  r->pmoves[c] = 0;
  for (unsigned k = 0; k < n; k++)
    {
      const ChessTimePeriod *p = ref_period (r, c);
      r->moves[c]++;
      r->pmoves[c]++;
      if (p && p->moves && r->pmoves[c] == p->moves)
        {
          r->period[c]++;
          r->pmoves[c] = 0;
        }
    }
  return OK;
}

static unsigned
ref_take_flags (Ref *r, int64_t now)
{
  unsigned fresh = 0;
  if (now < r->last_event)
    now = r->last_event;
  ref_advance (r, now);
  for (int c = 0; c < 2; c++)
    if (r->flag[c] != CHESS_CLOCK_NEVER && !(r->reported & (1u << c)))
      {
        fresh |= 1u << c;
        r->last_event = MAX (r->last_event, r->flag[c]);
      }
  r->reported |= fresh;
  return fresh;
}

static guint64 prng_state;

static guint64
prng (void)
{
  /* splitmix64 */
  guint64 z = (prng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static int64_t
rnd (int64_t n)
{
  return n <= 0 ? 0 : (int64_t) (prng () % (guint64) n);
}

static void
random_time_control (ChessTimeControl *tc)
{
  int kind = (int) rnd (10);

  chess_time_control_init_none (tc);
  if (kind == 0)
    return;
  if (kind == 1)
    {
      tc->kind = CHESS_TIME_CONTROL_SANDCLOCK;
      tc->sandclock_ms = 1000 + rnd (20000);
      return;
    }
  tc->kind = CHESS_TIME_CONTROL_PERIODS;
  tc->n_periods = 1 + (unsigned) rnd (3);
  for (unsigned i = 0; i < tc->n_periods; i++)
    {
      ChessTimePeriod *p = &tc->periods[i];
      bool last = i + 1 == tc->n_periods;
      p->moves = last && rnd (2) ? 0 : 1 + (unsigned) rnd (4);
      p->time_ms = (i == 0 ? 1 : 0) + rnd (15000);
      p->bonus = (ChessBonusKind) rnd (4);
      p->bonus_ms = p->bonus == CHESS_BONUS_NONE ? 0 : 1 + rnd (3000);
    }
}

static int cur_seq, cur_step;
static const char *cur_op;

#define PCHECK(cond) \
  G_STMT_START { \
    if (!(cond)) \
      g_error ("sequence %d, step %d (%s): %s", cur_seq, cur_step, cur_op, #cond); \
  } G_STMT_END

static void
compare (const ChessClock *clock, Ref *r, int64_t now)
{
  /* Queries do not change the clock; the model is advanced to `now`. */
  ref_advance (r, now);
  PCHECK (chess_clock_is_started (clock) == r->started);
  PCHECK (chess_clock_is_finished (clock) == r->finished);
  PCHECK (chess_clock_is_paused (clock) == (r->started && r->paused && !r->finished));
  PCHECK (chess_clock_side (clock) == (r->started ? r->side : -1));
  PCHECK (chess_clock_running (clock) == (r->started && !r->paused ? r->side : -1));
  PCHECK (chess_clock_has_moved (clock) == r->moved);
  for (int c = 0; c < 2; c++)
    {
      int64_t rem = chess_clock_remaining (clock, (ChessColor) c, now);
      const ChessTimePeriod *p = ref_period (r, c);
      unsigned to_go = r->timed && p && p->moves ? p->moves - r->pmoves[c] : 0;

      if (r->timed)
        {
          PCHECK (rem >= 0);
          PCHECK (rem == r->rem[c]);
          PCHECK ((rem == 0) == chess_clock_flag_fallen (clock, (ChessColor) c, now));
        }
      else
        PCHECK (rem == CHESS_CLOCK_UNLIMITED);
      PCHECK (chess_clock_flag_time (clock, (ChessColor) c, now) == r->flag[c]);
      PCHECK (chess_clock_moves (clock, (ChessColor) c) == r->moves[c]);
      PCHECK (chess_clock_period (clock, (ChessColor) c) == r->period[c]);
      PCHECK (chess_clock_moves_to_go (clock, (ChessColor) c) == to_go);
      PCHECK (chess_clock_last_move_time (clock, (ChessColor) c) == r->last_move[c]);
      PCHECK (chess_clock_used (clock, (ChessColor) c, now)
              == r->used[c] + (r->started && c == r->side ? r->turn_e : 0));
    }
  {
    int first = -1;
    if (r->flag[W] != CHESS_CLOCK_NEVER || r->flag[B] != CHESS_CLOCK_NEVER)
      first = r->flag[W] <= r->flag[B] ? W : B;
    PCHECK (chess_clock_first_flag (clock, now) == first);
  }
  PCHECK (chess_clock_delay_left (clock, now)
          == (r->started && r->flag[r->side] == CHESS_CLOCK_NEVER ? r->delay_left : 0));

  /* instant_at(): the first instant the running side is down to a value. */
  if (r->timed && r->started && !r->paused && r->rem[r->side] > 0)
    {
      int s = r->side;
      int64_t target = rnd (r->rem[s] + 1);
      int64_t t = chess_clock_instant_at (clock, (ChessColor) s, target, now);
      PCHECK (t >= now && t != CHESS_CLOCK_NEVER);
      PCHECK (chess_clock_remaining (clock, (ChessColor) s, t) <= target);
      if (t > now)
        PCHECK (chess_clock_remaining (clock, (ChessColor) s, t - 1) > target);
    }
}

static void
test_property (void)
{
  const int n_sequences = 100000;
  static const char *op_names[] = {
    "advance", "advance to flag", "move", "press", "pause", "resume", "start",
    "set", "add", "set moves", "take flags", "snapshot", "take back", "stop", "go back",
  };
  guint64 flags_seen = 0, presses_ok = 0, periods_passed = 0;

  prng_state = 20260501;
  for (cur_seq = 0; cur_seq < n_sequences; cur_seq++)
    {
      ChessTimeControl tc;
      ChessClock clock;
      Ref r;
      int64_t now = rnd (1000000);
      int n_steps = 20 + (int) rnd (60);
      unsigned seen_flags[2] = { 0, 0 };

      random_time_control (&tc);
      g_assert_true (chess_clock_init (&clock, &tc));
      ref_init (&r, &tc);
      cur_step = -1;
      cur_op = "init";
      compare (&clock, &r, now);

      for (cur_step = 0; cur_step < n_steps; cur_step++)
        {
          /* Per mille: mostly the ordinary game of moves and presses. */
          static const int weights[] = {
            200, 50, 180, 300, 20, 60, 30, 20, 20, 10, 60, 20, 10, 3, 17,
          };
          int op = 0, roll = (int) rnd (1000);
          int c = (int) rnd (2);
          ChessClockStatus got = OK, want = OK;

          while (op < 14 && roll >= weights[op])
            roll -= weights[op++];
          /* Mostly the rightful side moves, then presses; the rest are
           * presses out of turn, before a move, second moves... */
          if ((op == 2 || op == 3) && r.side >= 0 && rnd (8) != 0)
            {
              c = r.side;
              if (rnd (8) != 0)
                op = r.moved ? 3 : 2;
            }
          /* Most games get started early. */
          if (cur_step == 0 && rnd (5) != 0)
            op = 6;

          cur_op = op_names[op];
          switch (op)
            {
            case 0:
              now += rnd (4) == 0 ? 0 : rnd (rnd (2) ? 300 : 6000);
              break;
            case 1:
              /* Land exactly on (or one off) the running side's flag. */
              if (r.timed && r.started && !r.paused && r.flag[r.side] == CHESS_CLOCK_NEVER)
                {
                  ref_advance (&r, now);
                  now += r.delay_left + r.rem[r.side] + rnd (3) - 1;
                  if (now < r.t_ref)
                    now = r.t_ref;
                }
              break;
            case 2:
              got = chess_clock_move_made (&clock, (ChessColor) c, now);
              want = ref_move (&r, c, now);
              break;
            case 3:
              got = chess_clock_press (&clock, (ChessColor) c, now);
              want = ref_press (&r, c, now);
              presses_ok += got == OK;
              break;
            case 4:
              got = chess_clock_pause (&clock, now);
              want = ref_pause (&r, now);
              break;
            case 5:
              got = chess_clock_resume (&clock, now);
              want = ref_resume (&r, now);
              break;
            case 6:
              got = chess_clock_start_side (&clock, (ChessColor) c, now);
              want = ref_start (&r, c, now);
              break;
            case 7:
              {
                int64_t ms = rnd (4) == 0 ? 0 : rnd (20000);
                got = chess_clock_set_remaining (&clock, (ChessColor) c, ms, now);
                want = ref_set (&r, c, ms, now);
              }
              break;
            case 8:
              {
                int64_t ms = rnd (20000) - 10000;
                got = chess_clock_add_time (&clock, (ChessColor) c, ms, now);
                want = ref_add (&r, c, ms, now);
              }
              break;
            case 9:
              {
                unsigned n = (unsigned) rnd (30);
                got = chess_clock_set_moves (&clock, (ChessColor) c, n);
                want = ref_set_moves (&r, c, n);
              }
              break;
            case 10:
              {
                unsigned a = chess_clock_take_new_flags (&clock, now);
                unsigned b = ref_take_flags (&r, now);
                PCHECK (a == b);
                for (int k = 0; k < 2; k++)
                  if (a & (1u << k))
                    {
                      seen_flags[k]++;
                      flags_seen++;
                    }
              }
              break;
            case 11:
              {
                /* Save and restore across a gap (a new monotonic base). */
                ChessClockSnapshot snap;
                ChessError error = { 0 };
                int64_t gap = rnd (100000);
                ref_advance (&r, now);
                chess_clock_snapshot (&clock, now, &snap);
                if (!chess_clock_restore (&clock, &snap, now + gap, &error))
                  g_error ("sequence %d: restore refused its own snapshot: %s",
                           cur_seq, error.message);
                for (int k = 0; k < 2; k++)
                  if (r.flag[k] != CHESS_CLOCK_NEVER)
                    r.flag[k] += gap;
                now += gap;
                r.t_ref = now;
                r.last_event = now;
              }
              break;
            case 12:
              got = chess_clock_take_back (&clock);
              want = r.finished ? CHESS_CLOCK_ERR_FINISHED
                   : !r.moved ? CHESS_CLOCK_ERR_NO_MOVE : OK;
              if (want == OK)
                r.moved = false;
              break;
            case 13:
              got = chess_clock_stop (&clock, now);
              want = ref_stop (&r, now);
              break;
            case 14:
              /* An operation from the past is refused and changes nothing. */
              if (r.last_event > 0 && r.last_event != INT64_MIN)
                {
                  got = chess_clock_press (&clock, (ChessColor) c, r.last_event - 1);
                  want = r.finished ? CHESS_CLOCK_ERR_FINISHED : CHESS_CLOCK_ERR_TIME_WENT_BACK;
                }
              break;
            }
          if (got != want)
            g_error ("sequence %d, step %d (%s, colour %d): status %d, expected %d",
                     cur_seq, cur_step, cur_op, c, got, want);
          compare (&clock, &r, now);
        }

      periods_passed += r.period[W] + r.period[B];
      /* Every fall is reported once, and only once. */
      {
        unsigned last = chess_clock_take_new_flags (&clock, now);
        unsigned ref_last = ref_take_flags (&r, now);
        PCHECK (last == ref_last);
        PCHECK (chess_clock_take_new_flags (&clock, now) == 0);
        for (int k = 0; k < 2; k++)
          {
            if (last & (1u << k))
              seen_flags[k]++;
            /* Never more reports than falls (a side falls again only after
             * an arbiter gave it time), and a flag that is down has been
             * reported. */
            PCHECK (seen_flags[k] <= r.falls[k]);
            PCHECK (r.falls[k] <= 1 || r.timed);
            if (r.flag[k] != CHESS_CLOCK_NEVER)
              PCHECK (seen_flags[k] >= 1);
          }
      }
    }
  g_test_message ("%d sequences, %" G_GUINT64_FORMAT " good presses, %" G_GUINT64_FORMAT
                  " flags reported, %" G_GUINT64_FORMAT " time controls passed",
                  n_sequences, presses_ok, flags_seen, periods_passed);
  /* The generator must actually reach the interesting states. */
  g_assert_cmpuint (presses_ok, >, 500000);
  g_assert_cmpuint (flags_seen, >, 50000);
  g_assert_cmpuint (periods_passed, >, 10000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (unsigned i = 0; i < G_N_ELEMENTS (tc_good); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/clock/time-control/parse-good/%u", i);
      g_test_add_data_func (path, &tc_good[i], test_tc_good);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (tc_bad); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/clock/time-control/parse-bad/%u", i);
      g_test_add_data_func (path, &tc_bad[i], test_tc_bad);
    }
  g_test_add_func ("/core/clock/time-control/structure", test_tc_structure);
  g_test_add_func ("/core/clock/presets", test_presets);
  g_test_add_func ("/core/clock/sudden-death-flag", test_sudden_death_flag);
  g_test_add_func ("/core/clock/press-rules", test_press_rules);
  g_test_add_func ("/core/clock/fischer-increment", test_fischer);
  g_test_add_func ("/core/clock/bronstein-delay", test_bronstein);
  g_test_add_func ("/core/clock/simple-delay", test_simple_delay);
  g_test_add_func ("/core/clock/multi-period", test_multi_period);
  g_test_add_func ("/core/clock/pause-resume", test_pause_resume);
  g_test_add_func ("/core/clock/arbiter", test_arbiter);
  g_test_add_func ("/core/clock/both-flags", test_both_flags);
  g_test_add_func ("/core/clock/untimed", test_untimed);
  g_test_add_func ("/core/clock/sandclock", test_sandclock);
  g_test_add_func ("/core/clock/stop", test_stop);
  g_test_add_func ("/core/clock/snapshot", test_snapshot);
  g_test_add_func ("/core/clock/format", test_format);
  g_test_add_func ("/core/clock/pgn-clock", test_pgn_clock);
  g_test_add_func ("/core/clock/property", test_property);

  return g_test_run ();
}
