/* fuzz-timecontrol.c — the TimeControl tag, clock times in text, and the
 * clock state machine driven by what was read.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: a TimeControl value up to the first newline (or the whole input);
 * the bytes after the newline, if any, are a script for a clock with that
 * time control (see run_script()). The value must be refused with a
 * TimeControl error and an untimed result, or accepted, pass the check,
 * and write → parse → write must be stable. The same text goes through
 * the [%clk] reader. The script drives start, move, press, pause, resume,
 * stop, arbiter corrections and save/restore with an advancing "now", and
 * after every step the queries must agree with one another.
 */
#include <string.h>

#include "chess-clock.h"
#include "fuzz.h"

/* Time steps, in milliseconds: the high nibble of a script byte. */
static const int64_t steps[16] = {
  0, 1, 7, 99, 100, 101, 999, 1000, 1001, 4999, 30000, 59999, 300000, 3600000,
  86400000, 1000000000,
};

typedef struct
{
  ChessClock clock;
  int64_t    now;
  unsigned   reported;    /* flags take_new_flags() has returned */
} Run;

static void
check_queries (Run *r)
{
  const ChessClock *c = &r->clock;
  int64_t now = r->now;
  bool timed = chess_clock_is_timed (c);
  int running = chess_clock_running (c);
  int side = chess_clock_side (c);
  int64_t first_time = CHESS_CLOCK_NEVER;
  int first = CHESS_CLOCK_NO_SIDE;
  char buf[CHESS_CLOCK_FORMAT_MAX];

  FUZZ_CHECK (side == CHESS_CLOCK_NO_SIDE || side == 0 || side == 1, "side %d", side);
  FUZZ_CHECK (chess_clock_is_started (c) == (side != CHESS_CLOCK_NO_SIDE), "started but no side");
  if (!chess_clock_is_started (c) || chess_clock_is_paused (c) || chess_clock_is_finished (c))
    FUZZ_CHECK (running == CHESS_CLOCK_NO_SIDE, "running %d while not running", running);
  else
    FUZZ_CHECK (running == side, "running %d but side %d", running, side);

  for (int k = 0; k < 2; k++)
    {
      ChessColor color = (ChessColor) k;
      int64_t rem = chess_clock_remaining (c, color, now);
      int64_t later = chess_clock_remaining (c, color, now + 54321);
      int64_t flag = chess_clock_flag_time (c, color, now);
      bool fallen = chess_clock_flag_fallen (c, color, now);

      FUZZ_CHECK (strlen (chess_clock_format (rem, buf)) < sizeof buf, "format");
      FUZZ_CHECK (strlen (chess_clock_format_pgn (rem, buf)) < sizeof buf, "format_pgn");
      FUZZ_CHECK (chess_clock_used (c, color, now) >= 0, "negative time used");
      FUZZ_CHECK (chess_clock_last_move_time (c, color) >= -1, "last move time");
      FUZZ_CHECK (fallen == (flag != CHESS_CLOCK_NEVER), "flag_fallen and flag_time disagree");
      if (!timed)
        {
          FUZZ_CHECK (rem == CHESS_CLOCK_UNLIMITED && !fallen, "untimed clock with time %lld",
                      (long long) rem);
          FUZZ_CHECK (chess_clock_moves_to_go (c, color) == 0, "moves to go when untimed");
          continue;
        }
      FUZZ_CHECK (rem >= 0, "remaining %lld", (long long) rem);
      FUZZ_CHECK (fallen == (rem == 0), "flag %d with %lld ms left", fallen, (long long) rem);
      if (fallen)
        {
          FUZZ_CHECK (flag <= now, "flag in the future");
          if (flag < first_time)
            {
              first_time = flag;
              first = k;
            }
        }
      /* Time only takes from the side whose clock runs (and, in a
       * sandclock, gives that much to the other). */
      if (k == running)
        FUZZ_CHECK (later <= rem, "running time went up: %lld then %lld", (long long) rem, (long long) later);
      else if (running != CHESS_CLOCK_NO_SIDE && c->tc.kind == CHESS_TIME_CONTROL_SANDCLOCK)
        FUZZ_CHECK (later >= rem, "sand went down on the waiting side");
      else
        FUZZ_CHECK (later == rem, "waiting time changed: %lld then %lld", (long long) rem, (long long) later);

      /* The instant the remaining time reaches a value is exact. */
      if (running != CHESS_CLOCK_NO_SIDE && rem > 0)
        {
          int64_t want = k == running ? rem / 2 : rem + 1000;
          int64_t at = chess_clock_instant_at (c, color, want, now);
          if (at != CHESS_CLOCK_NEVER)
            {
              FUZZ_CHECK (at > now, "instant %lld not after now %lld", (long long) at, (long long) now);
              FUZZ_CHECK (chess_clock_remaining (c, color, at) == want,
                          "at the instant for %lld ms, %lld ms are left", (long long) want,
                          (long long) chess_clock_remaining (c, color, at));
              FUZZ_CHECK (chess_clock_remaining (c, color, at - 1) != want, "not the first instant");
            }
          else
            FUZZ_CHECK (k != running, "the running side never reaches %lld ms", (long long) want);
        }
    }
  if (timed)
    FUZZ_CHECK (chess_clock_first_flag (c, now) == first
                || (first != CHESS_CLOCK_NO_SIDE && chess_clock_flag_time (c, (ChessColor) (first ^ 1), now) == first_time),
                "first flag %d, want %d", chess_clock_first_flag (c, now), first);
  FUZZ_CHECK (chess_clock_delay_left (c, now) >= 0, "negative delay left");
}

static void
check_restore (Run *r,
               int64_t gap)
{
  ChessClockSnapshot snap;
  ChessClock again;
  ChessError error;
  int64_t then = r->now + gap;

  chess_clock_snapshot (&r->clock, r->now, &snap);
  FUZZ_CHECK (chess_clock_restore (&again, &snap, then, &error), "own snapshot refused: %s", error.message);
  FUZZ_CHECK (chess_clock_side (&again) == chess_clock_side (&r->clock)
              && chess_clock_running (&again) == chess_clock_running (&r->clock)
              && chess_clock_has_moved (&again) == chess_clock_has_moved (&r->clock)
              && chess_clock_is_finished (&again) == chess_clock_is_finished (&r->clock),
              "state differs after restore");
  for (int k = 0; k < 2; k++)
    for (int64_t d = 0; d <= 100000; d += 33333)
      {
        ChessColor color = (ChessColor) k;
        FUZZ_CHECK (chess_clock_remaining (&again, color, then + d)
                    == chess_clock_remaining (&r->clock, color, r->now + d),
                    "side %d: %lld ms after restore, %lld before (+%lld ms)", k,
                    (long long) chess_clock_remaining (&again, color, then + d),
                    (long long) chess_clock_remaining (&r->clock, color, r->now + d), (long long) d);
        FUZZ_CHECK (chess_clock_used (&again, color, then + d) == chess_clock_used (&r->clock, color, r->now + d),
                    "time used differs after restore");
        FUZZ_CHECK (chess_clock_moves (&again, color) == chess_clock_moves (&r->clock, color)
                    && chess_clock_period (&again, color) == chess_clock_period (&r->clock, color)
                    && chess_clock_moves_to_go (&again, color) == chess_clock_moves_to_go (&r->clock, color),
                    "move counts differ after restore");
      }
  r->clock = again;
  r->now = then;
}

/* One byte a step: the high nibble says how much time passes first, the
 * low nibble what happens. */
static void
run_script (const ChessTimeControl *tc,
            const uint8_t          *script,
            size_t                  len)
{
  Run r;

  memset (&r, 0, sizeof r);
  FUZZ_CHECK (chess_clock_init (&r.clock, tc), "a checked time control refused by the clock");
  r.now = len > 0 && script[0] == 0xff ? 1000000000000 : 0;
  check_queries (&r);

  for (size_t i = 0; i < len; i++)
    {
      int64_t step = steps[script[i] >> 4];
      unsigned op = script[i] & 15;
      int side = chess_clock_side (&r.clock);
      ChessColor mover = side == CHESS_CLOCK_NO_SIDE ? CHESS_WHITE : (ChessColor) side;
      ChessColor color = (ChessColor) ((script[i] >> 4) & 1);
      ChessClockStatus status = CHESS_CLOCK_OK;
      ChessClock before;

      if (op != 15)
        r.now += step;
      memcpy (&before, &r.clock, sizeof before);
      switch (op)
        {
        case 0: status = chess_clock_start (&r.clock, r.now); break;
        case 1: status = chess_clock_start_side (&r.clock, CHESS_BLACK, r.now); break;
        case 2: status = chess_clock_move_made (&r.clock, mover, r.now); break;
        case 3: status = chess_clock_move_made (&r.clock, (ChessColor) (mover ^ 1), r.now); break;
        case 4: case 5:
          status = chess_clock_press (&r.clock, op == 4 ? mover : (ChessColor) (mover ^ 1), r.now);
          if (status != CHESS_CLOCK_OK)
            FUZZ_CHECK (memcmp (&before, &r.clock, sizeof before) == 0, "a refused press changed the clock");
          break;
        case 6: status = chess_clock_pause (&r.clock, r.now); break;
        case 7: status = chess_clock_resume (&r.clock, r.now); break;
        case 8: status = chess_clock_stop (&r.clock, r.now); break;
        case 9: status = chess_clock_take_back (&r.clock); break;
        case 10: status = chess_clock_set_remaining (&r.clock, color, step, r.now); break;
        case 11: status = chess_clock_add_time (&r.clock, color, i & 1 ? -step : step, r.now); break;
        case 12: status = chess_clock_set_moves (&r.clock, color, (unsigned) step % 997); break;
        case 13:
          {
            unsigned fresh = chess_clock_take_new_flags (&r.clock, r.now);
            FUZZ_CHECK (fresh <= 3, "flag mask %u", fresh);
            for (int k = 0; k < 2; k++)
              if (chess_clock_flag_fallen (&r.clock, (ChessColor) k, r.now))
                FUZZ_CHECK ((fresh | r.reported) & (1u << k), "fallen flag %d never reported", k);
            r.reported |= fresh;
            FUZZ_CHECK (chess_clock_take_new_flags (&r.clock, r.now) == 0, "a flag reported twice");
          }
          break;
        case 14: check_restore (&r, step); break;
        case 15:
          /* Time going back: refused, and nothing changes. */
          status = chess_clock_press (&r.clock, mover, r.now - 1 - step);
          FUZZ_CHECK (status != CHESS_CLOCK_OK || r.now - 1 - step >= r.clock.last_event,
                      "a press in the past was accepted");
          FUZZ_CHECK (memcmp (&before, &r.clock, sizeof before) == 0 || status == CHESS_CLOCK_OK,
                      "a refused press in the past changed the clock");
          if (status == CHESS_CLOCK_OK)
            r.now = r.now - 1 - step;
          break;
        }
      FUZZ_CHECK (chess_clock_status_message (status) != NULL, "status %d has no message", (int) status);
      for (int k = 0; k < 2; k++)
        if (!chess_clock_flag_fallen (&r.clock, (ChessColor) k, r.now))
          r.reported &= ~(1u << k);
      check_queries (&r);
    }
}

int
caissa_fuzz_timecontrol (const uint8_t *data,
                         size_t         size)
{
  const char *text = (const char *) data;
  const uint8_t *nl = memchr (data, '\n', size);
  size_t len = nl ? (size_t) (nl - data) : size;
  ChessTimeControl tc, again;
  ChessError error;
  char buf[CHESS_TIME_CONTROL_MAX], buf2[CHESS_TIME_CONTROL_MAX];
  int64_t ms;

  memset (&error, 0x5a, sizeof error);
  if (!chess_time_control_parse (&tc, text, len, &error))
    {
      FUZZ_CHECK (error.code == CHESS_ERROR_TIME_CONTROL, "error code %d", (int) error.code);
      FUZZ_CHECK (memchr (error.message, '\0', sizeof error.message) != NULL && error.message[0],
                  "bad message");
      FUZZ_CHECK (error.column >= 1 && error.column <= len + 1, "column %lu outside 1..%zu",
                  error.column, len + 1);
      FUZZ_CHECK (!chess_time_control_is_timed (&tc), "a refused time control is timed");
      FUZZ_CHECK (chess_time_control_check (&tc, &error), "the untimed result fails the check");
    }
  else
    {
      FUZZ_CHECK (chess_time_control_check (&tc, &error), "parsed but fails the check: %s", error.message);
      chess_time_control_write (&tc, buf);
      FUZZ_CHECK (strlen (buf) < sizeof buf, "written too long");
      FUZZ_CHECK (chess_time_control_parse (&again, buf, strlen (buf), &error),
                  "written \"%s\" does not parse: %s", buf, error.message);
      FUZZ_CHECK (chess_time_control_equal (&tc, &again), "\"%.*s\" → \"%s\" reads differently",
                  (int) len, text, buf);
      chess_time_control_write (&again, buf2);
      FUZZ_CHECK (strcmp (buf, buf2) == 0, "\"%s\" written again as \"%s\"", buf, buf2);
      FUZZ_CHECK (chess_time_control_is_timed (&tc) == (tc.kind == CHESS_TIME_CONTROL_PERIODS
                                                         || tc.kind == CHESS_TIME_CONTROL_SANDCLOCK),
                  "is_timed disagrees with the kind");
      for (unsigned i = 0; i < CHESS_TIME_CONTROL_MAX_PERIODS + 3; i++)
        FUZZ_CHECK ((chess_time_control_period (&tc, i) != NULL) == (tc.kind == CHESS_TIME_CONTROL_PERIODS),
                    "period %u", i);
    }

  /* The same text as a [%clk] value. */
  if (chess_clock_parse_pgn (text, len, &ms, &error))
    {
      int64_t back;
      FUZZ_CHECK (ms >= 0, "negative clock %lld", (long long) ms);
      chess_clock_format_pgn (ms, buf);
      FUZZ_CHECK (chess_clock_parse_pgn (buf, strlen (buf), &back, &error),
                  "written clock \"%s\" does not parse", buf);
      FUZZ_CHECK (back == ms / 1000 * 1000, "\"%s\" reads as %lld, want %lld", buf, (long long) back,
                  (long long) (ms / 1000 * 1000));
    }

  run_script (&tc, nl ? nl + 1 : NULL, nl ? size - len - 1 : 0);
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_timecontrol)
