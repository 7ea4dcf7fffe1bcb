/* chess-clock.c — the chess clock state machine and its text forms.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole clock rests on one identity. For the side on turn,
 *
 *   remaining (now) = stored[side] − (chargeable (e (now)) − charged)
 *
 * where e (now) is the time this turn has run (pauses excluded),
 * chargeable (e) is e, or max (0, e − delay) under a simple delay, and
 * charged is what of chargeable () was already folded into stored[] (by an
 * arbiter's correction). Nothing is ever summed tick by tick.
 */

#include "chess-clock.h"

#include <stdio.h>
#include <string.h>

/* Limits of the TimeControl tag, in milliseconds. */
#define MAX_PERIOD_MS  ((int64_t) 1000000 * 1000)
#define MAX_BONUS_MS   ((int64_t) 3600 * 1000)
#define MAX_MOVES      1000u
/* Arbiter values and moves beyond these are refused as nonsense. */
#define MAX_CLOCK_MS   ((int64_t) 1000000000000)
#define MAX_MOVE_COUNT 100000u

static inline int64_t
min64 (int64_t a, int64_t b)
{
  return a < b ? a : b;
}

static inline int64_t
max64 (int64_t a, int64_t b)
{
  return a > b ? a : b;
}

static inline bool
color_ok (int color)
{
  return color == CHESS_WHITE || color == CHESS_BLACK;
}

/* ================================================================ time control */

void
chess_time_control_init_none (ChessTimeControl *tc)
{
  memset (tc, 0, sizeof *tc);
  tc->kind = CHESS_TIME_CONTROL_NONE;
}

bool
chess_time_control_is_timed (const ChessTimeControl *tc)
{
  return tc->kind == CHESS_TIME_CONTROL_PERIODS || tc->kind == CHESS_TIME_CONTROL_SANDCLOCK;
}

const ChessTimePeriod *
chess_time_control_period (const ChessTimeControl *tc,
                           unsigned                index)
{
  if (tc->kind != CHESS_TIME_CONTROL_PERIODS || tc->n_periods == 0)
    return NULL;
  /* PGN 9.6.1: "The last field appearing is considered to be implicitly
   * repeated for further control periods as needed." */
  if (index >= tc->n_periods)
    index = tc->n_periods - 1;
  return &tc->periods[index];
}

bool
chess_time_control_equal (const ChessTimeControl *a,
                          const ChessTimeControl *b)
{
  if (a->kind != b->kind)
    return false;
  if (a->kind == CHESS_TIME_CONTROL_SANDCLOCK)
    return a->sandclock_ms == b->sandclock_ms;
  if (a->kind != CHESS_TIME_CONTROL_PERIODS)
    return true;
  if (a->n_periods != b->n_periods)
    return false;
  for (unsigned i = 0; i < a->n_periods; i++)
    {
      const ChessTimePeriod *p = &a->periods[i], *q = &b->periods[i];
      if (p->moves != q->moves || p->time_ms != q->time_ms
          || p->bonus != q->bonus || p->bonus_ms != q->bonus_ms)
        return false;
    }
  return true;
}

static void
tc_error (ChessError  *error,
          size_t       offset,
          bool         known,
          const char  *message)
{
  if (error == NULL)
    return;
  chess_error_set (error, CHESS_ERROR_TIME_CONTROL, "%s", chess_error_translate (message));
  error->line = known ? 1 : 0;
  error->column = known ? offset + 1 : 0;
  error->offset = known ? offset : 0;
}

bool
chess_time_control_check (const ChessTimeControl *tc,
                          ChessError             *error)
{
  switch (tc->kind)
    {
    case CHESS_TIME_CONTROL_NONE:
    case CHESS_TIME_CONTROL_UNKNOWN:
      return true;

    case CHESS_TIME_CONTROL_SANDCLOCK:
      if (tc->sandclock_ms < 1000 || tc->sandclock_ms > MAX_PERIOD_MS)
        {
          tc_error (error, 0, false, CHESS_N_ ("the sandclock needs between 1 and 1000000 seconds"));
          return false;
        }
      return true;

    case CHESS_TIME_CONTROL_PERIODS:
      if (tc->n_periods == 0 || tc->n_periods > CHESS_TIME_CONTROL_MAX_PERIODS)
        {
          tc_error (error, 0, false, CHESS_N_ ("a time control needs 1 to 8 periods"));
          return false;
        }
      for (unsigned i = 0; i < tc->n_periods; i++)
        {
          const ChessTimePeriod *p = &tc->periods[i];
          if (p->moves > MAX_MOVES)
            {
              tc_error (error, 0, false, CHESS_N_ ("a period has more than 1000 moves"));
              return false;
            }
          if (p->moves == 0 && i + 1 < tc->n_periods)
            {
              tc_error (error, 0, false, CHESS_N_ ("a sudden-death period must be the last one"));
              return false;
            }
          if (p->time_ms < 0 || p->time_ms > MAX_PERIOD_MS)
            {
              tc_error (error, 0, false, CHESS_N_ ("a period's time must be 0 to 1000000 seconds"));
              return false;
            }
          if (p->bonus == CHESS_BONUS_NONE ? p->bonus_ms != 0
              : (p->bonus > CHESS_BONUS_DELAY || p->bonus_ms <= 0 || p->bonus_ms > MAX_BONUS_MS))
            {
              tc_error (error, 0, false, CHESS_N_ ("an increment or delay must be 0.001 to 3600 seconds"));
              return false;
            }
        }
      if (tc->periods[0].time_ms == 0)
        {
          tc_error (error, 0, false, CHESS_N_ ("the first period gives no time"));
          return false;
        }
      return true;

    default:
      tc_error (error, 0, false, CHESS_N_ ("unknown kind of time control"));
      return false;
    }
}

/* A number of seconds with up to three decimals, into milliseconds.
 * *had_fraction tells whether a '.' was written. */
static bool
parse_seconds (const char  *text,
               size_t      *pos,
               size_t       end,
               int64_t      limit_ms,
               int64_t     *ms,
               bool        *had_fraction,
               const char  *what,
               ChessError  *error)
{
  size_t i = *pos;
  int64_t whole = 0;
  char message[128];

  if (i >= end || text[i] < '0' || text[i] > '9')
    {
      if (i >= end)
        snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: expected a number, found the end")), chess_error_translate (what));
      else
        snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: expected a number, found '%c'")), chess_error_translate (what), text[i]);
      tc_error (error, i, true, message);
      return false;
    }
  while (i < end && text[i] >= '0' && text[i] <= '9')
    {
      whole = whole * 10 + (text[i] - '0');
      if (whole * 1000 > limit_ms)
        {
          snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: more than %lld seconds")),
                    chess_error_translate (what), (long long) (limit_ms / 1000));
          tc_error (error, *pos, true, message);
          return false;
        }
      i++;
    }
  *ms = whole * 1000;
  *had_fraction = false;
  if (i < end && text[i] == '.')
    {
      int64_t scale = 100;
      size_t digits = 0;
      i++;
      *had_fraction = true;
      while (i < end && text[i] >= '0' && text[i] <= '9')
        {
          if (++digits > 3)
            {
              snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: more than three decimals")), chess_error_translate (what));
              tc_error (error, i, true, message);
              return false;
            }
          *ms += (text[i] - '0') * scale;
          scale /= 10;
          i++;
        }
      if (digits == 0)
        {
          snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: a digit must follow '.'")), chess_error_translate (what));
          tc_error (error, i, true, message);
          return false;
        }
      if (*ms > limit_ms)
        {
          snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("%s: more than %lld seconds")),
                    chess_error_translate (what), (long long) (limit_ms / 1000));
          tc_error (error, *pos, true, message);
          return false;
        }
    }
  *pos = i;
  return true;
}

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
bonus_kind_of (char c)
{
  switch (c)
    {
    case '+': return CHESS_BONUS_FISCHER;
    case 'd': case 'D': case 's': case 'S': return CHESS_BONUS_DELAY;
    case 'b': case 'B': return CHESS_BONUS_BRONSTEIN;
    default: return CHESS_BONUS_NONE;
    }
}

bool
chess_time_control_parse (ChessTimeControl *tc,
                          const char       *text,
                          size_t            len,
                          ChessError       *error)
{
  ChessTimeControl out;
  size_t i = 0, end = len;
  size_t first_time_at = 0;
  bool frac;
  char message[128];

  chess_time_control_init_none (tc);
  chess_time_control_init_none (&out);
  if (text == NULL)
    len = end = 0;

  while (i < end && is_space (text[i]))
    i++;
  while (end > i && is_space (text[end - 1]))
    end--;
  if (i == end)
    {
      tc_error (error, i, true, CHESS_N_ ("the TimeControl value is empty"));
      return false;
    }

  if (text[i] == '?' || text[i] == '-')
    {
      if (end - i != 1)
        {
          snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("'%c' (%s) must be the whole value")),
                    text[i], chess_error_translate (text[i] == '?' ? CHESS_N_ ("unknown") : CHESS_N_ ("no time control")));
          tc_error (error, i + 1, true, message);
          return false;
        }
      tc->kind = text[i] == '?' ? CHESS_TIME_CONTROL_UNKNOWN : CHESS_TIME_CONTROL_NONE;
      return true;
    }

  if (text[i] == '*')
    {
      int64_t ms;
      i++;
      if (!parse_seconds (text, &i, end, MAX_PERIOD_MS, &ms, &frac, CHESS_N_ ("sandclock"), error))
        return false;
      if (i != end)
        {
          tc_error (error, i, true, CHESS_N_ ("the sandclock ('*') must be the whole value"));
          return false;
        }
      if (ms < 1000)
        {
          tc_error (error, i - 1, true, CHESS_N_ ("the sandclock needs at least 1 second"));
          return false;
        }
      out.kind = CHESS_TIME_CONTROL_SANDCLOCK;
      out.sandclock_ms = ms;
      *tc = out;
      return true;
    }

  out.kind = CHESS_TIME_CONTROL_PERIODS;
  for (;;)
    {
      ChessTimePeriod period = { 0 };
      size_t number_at = i;
      int64_t value;
      int kind;

      if (out.n_periods == CHESS_TIME_CONTROL_MAX_PERIODS)
        {
          tc_error (error, i, true, CHESS_N_ ("more than 8 periods"));
          return false;
        }
      if (!parse_seconds (text, &i, end, MAX_PERIOD_MS, &value, &frac,
                          CHESS_N_ ("period"), error))
        return false;
      if (i < end && text[i] == '/')
        {
          if (frac || value / 1000 == 0 || value / 1000 > (int64_t) MAX_MOVES)
            {
              tc_error (error, number_at, true,
                        CHESS_N_ ("the number of moves must be a whole number from 1 to 1000"));
              return false;
            }
          period.moves = (unsigned) (value / 1000);
          i++;
          number_at = i;
          if (!parse_seconds (text, &i, end, MAX_PERIOD_MS, &value, &frac,
                              CHESS_N_ ("seconds after '/'"), error))
            return false;
        }
      period.time_ms = value;
      if (out.n_periods == 0)
        first_time_at = number_at;

      kind = i < end ? bonus_kind_of (text[i]) : CHESS_BONUS_NONE;
      if (kind != CHESS_BONUS_NONE)
        {
          const char *what = kind == CHESS_BONUS_FISCHER ? CHESS_N_ ("increment after '+'")
                           : kind == CHESS_BONUS_DELAY ? CHESS_N_ ("delay after 'd'")
                           : CHESS_N_ ("Bronstein delay after 'b'");
          i++;
          if (!parse_seconds (text, &i, end, MAX_BONUS_MS, &value, &frac, what, error))
            return false;
          /* Nocheto writes a delay as "300+0S5": a zero increment may be
           * followed by a delay. */
          if (kind == CHESS_BONUS_FISCHER && value == 0 && i < end
              && bonus_kind_of (text[i]) > CHESS_BONUS_FISCHER)
            {
              kind = bonus_kind_of (text[i]);
              what = kind == CHESS_BONUS_DELAY ? CHESS_N_ ("delay after 'd'") : CHESS_N_ ("Bronstein delay after 'b'");
              i++;
              if (!parse_seconds (text, &i, end, MAX_BONUS_MS, &value, &frac, what, error))
                return false;
            }
          /* "300+0" is plain sudden death. */
          if (value > 0)
            {
              period.bonus = (ChessBonusKind) kind;
              period.bonus_ms = value;
            }
          if (i < end && bonus_kind_of (text[i]) != CHESS_BONUS_NONE)
            {
              tc_error (error, i, true,
                        CHESS_N_ ("a period can have only one of increment (+), delay (d) "
                        "or Bronstein delay (b)"));
              return false;
            }
        }

      out.periods[out.n_periods++] = period;
      if (i == end)
        break;
      if (text[i] != ':')
        {
          snprintf (message, sizeof message, chess_error_translate (CHESS_N_ ("unexpected '%c' (periods are joined by ':')")),
                    text[i]);
          tc_error (error, i, true, message);
          return false;
        }
      if (period.moves == 0)
        {
          tc_error (error, i, true,
                    CHESS_N_ ("a sudden-death period (no \"moves/\") must be the last one"));
          return false;
        }
      i++;
    }

  if (out.periods[0].time_ms == 0)
    {
      tc_error (error, first_time_at, true, CHESS_N_ ("the first period gives no time"));
      return false;
    }
  *tc = out;
  return true;
}

static char *
write_seconds (char *p, int64_t ms)
{
  p += sprintf (p, "%lld", (long long) (ms / 1000));
  if (ms % 1000 != 0)
    {
      int frac = (int) (ms % 1000);
      if (frac % 100 == 0)
        p += sprintf (p, ".%d", frac / 100);
      else if (frac % 10 == 0)
        p += sprintf (p, ".%02d", frac / 10);
      else
        p += sprintf (p, ".%03d", frac);
    }
  return p;
}

char *
chess_time_control_write (const ChessTimeControl *tc,
                          char                   *buf)
{
  char *p = buf;

  switch (tc->kind)
    {
    case CHESS_TIME_CONTROL_UNKNOWN:
      strcpy (buf, "?");
      return buf;
    case CHESS_TIME_CONTROL_SANDCLOCK:
      *p++ = '*';
      write_seconds (p, tc->sandclock_ms);
      return buf;
    case CHESS_TIME_CONTROL_PERIODS:
      break;
    case CHESS_TIME_CONTROL_NONE:
    default:
      strcpy (buf, "-");
      return buf;
    }

  *p = '\0';
  for (unsigned i = 0; i < tc->n_periods && i < CHESS_TIME_CONTROL_MAX_PERIODS; i++)
    {
      const ChessTimePeriod *period = &tc->periods[i];
      if (i > 0)
        *p++ = ':';
      if (period->moves > 0)
        p += sprintf (p, "%u/", period->moves);
      p = write_seconds (p, period->time_ms);
      if (period->bonus != CHESS_BONUS_NONE && period->bonus_ms > 0)
        {
          *p++ = period->bonus == CHESS_BONUS_FISCHER ? '+'
               : period->bonus == CHESS_BONUS_DELAY ? 'd' : 'b';
          p = write_seconds (p, period->bonus_ms);
        }
    }
  *p = '\0';
  return buf;
}

/* ================================================================ presets */

/* lichess's and GNOME Chess's usual controls, written minutes+seconds. */
static const ChessClockPreset presets[] = {
  { "1+0", "60" },
  { "2+1", "120+1" },
  { "3+0", "180" },
  { "3+2", "180+2" },
  { "5+0", "300" },
  { "5+3", "300+3" },
  { "10+0", "600" },
  { "10+5", "600+5" },
  { "15+10", "900+10" },
  { "30+0", "1800" },
  { "30+20", "1800+20" },
  { "90+30", "5400+30" },
  /* FIDE's standard control for its rated events: 90 minutes for the first
   * 40 moves, then 30 minutes for the rest, 30 s a move from move 1. */
  { "FIDE classical 40/90+30", "40/5400+30:1800+30" },
};

const ChessClockPreset *
chess_clock_get_presets (unsigned *n_presets)
{
  if (n_presets)
    *n_presets = sizeof presets / sizeof presets[0];
  return presets;
}

/* ================================================================ the clock */

static const ChessTimePeriod *
period_of (const ChessClock *clock,
           int               color)
{
  return chess_time_control_period (&clock->tc, clock->period[color]);
}

static void
load_turn_bonus (ChessClock *clock)
{
  const ChessTimePeriod *p = clock->side >= 0 ? period_of (clock, clock->side) : NULL;
  clock->turn_bonus = p ? p->bonus : CHESS_BONUS_NONE;
  clock->turn_bonus_ms = p ? p->bonus_ms : 0;
}

static bool
is_sandclock (const ChessClock *clock)
{
  return clock->tc.kind == CHESS_TIME_CONTROL_SANDCLOCK;
}

static bool
runs (const ChessClock *clock)
{
  return clock->started && !clock->paused && clock->side >= 0;
}

/* The time this turn has run by `now`, pauses excluded. */
static int64_t
turn_elapsed_at (const ChessClock *clock,
                 int64_t           now)
{
  int64_t e = clock->turn_elapsed;
  if (runs (clock) && now > clock->run_start)
    e += now - clock->run_start;
  return e;
}

/* The part of the turn's time that counts against the clock. */
static int64_t
chargeable (const ChessClock *clock,
            int64_t           e)
{
  if (clock->turn_bonus == CHESS_BONUS_DELAY)
    return max64 (0, e - clock->turn_bonus_ms);
  return e;
}

/* What the side on turn has lost since stored[] was last updated. */
static int64_t
charge_at (const ChessClock *clock,
           int64_t           now)
{
  if (!clock->started || clock->side < 0)
    return 0;
  return chargeable (clock, turn_elapsed_at (clock, now)) - clock->charged;
}

/* The turn's elapsed time at which the side on turn reaches `ms` left. */
static int64_t
elapsed_reaching (const ChessClock *clock,
                  int64_t           ms)
{
  int64_t need = clock->stored[clock->side] + clock->charged - ms;
  if (clock->turn_bonus == CHESS_BONUS_DELAY && need > 0)
    return need + clock->turn_bonus_ms;
  return need;
}

/* The instant the running side's flag falls if nothing changes, or
 * CHESS_CLOCK_NEVER (not running, untimed, fallen already). */
static int64_t
pending_flag (const ChessClock *clock)
{
  int64_t e_flag;

  if (!clock->timed || !runs (clock) || clock->flag_at[clock->side] != CHESS_CLOCK_NEVER)
    return CHESS_CLOCK_NEVER;
  e_flag = elapsed_reaching (clock, 0);
  if (e_flag <= clock->turn_elapsed)
    return clock->run_start;
  return clock->run_start + (e_flag - clock->turn_elapsed);
}

/* Records a flag that has fallen by `now`. Every operation begins here, so
 * stored[] never holds a time the side no longer had. */
static bool
settle (ChessClock *clock,
        int64_t     now)
{
  int64_t t = pending_flag (clock);
  if (t != CHESS_CLOCK_NEVER && t <= now)
    {
      clock->flag_at[clock->side] = t;
      return true;
    }
  return false;
}

/* Folds the time run so far into stored[] (the side on turn loses it, the
 * other side of a sandclock gains it), so that a correction can overwrite
 * stored[] and the identity at the top still holds. */
static void
rebase (ChessClock *clock,
        int64_t     now)
{
  int64_t x, take;
  int s, o;

  if (!clock->started || clock->side < 0 || !clock->timed)
    return;
  s = clock->side;
  o = !s;
  x = charge_at (clock, now);
  take = min64 (x, clock->stored[s]);
  clock->stored[s] -= take;
  if (is_sandclock (clock) && clock->flag_at[o] == CHESS_CLOCK_NEVER)
    clock->stored[o] += take;
  clock->charged += x;
}

bool
chess_clock_init (ChessClock             *clock,
                  const ChessTimeControl *tc)
{
  bool ok = chess_time_control_check (tc, NULL);

  memset (clock, 0, sizeof *clock);
  if (ok)
    clock->tc = *tc;
  else
    chess_time_control_init_none (&clock->tc);
  clock->timed = chess_time_control_is_timed (&clock->tc);
  clock->side = CHESS_CLOCK_NO_SIDE;
  clock->last_event = INT64_MIN;
  for (int c = 0; c < 2; c++)
    {
      clock->flag_at[c] = CHESS_CLOCK_NEVER;
      clock->last_move[c] = -1;
      if (clock->tc.kind == CHESS_TIME_CONTROL_SANDCLOCK)
        clock->stored[c] = c == CHESS_WHITE ? clock->tc.sandclock_ms / 2
                                            : clock->tc.sandclock_ms - clock->tc.sandclock_ms / 2;
      else if (clock->tc.kind == CHESS_TIME_CONTROL_PERIODS)
        clock->stored[c] = clock->tc.periods[0].time_ms;
    }
  return ok;
}

/* Common checks of the operations; `now` may be ignored (pass INT64_MAX). */
static ChessClockStatus
check_op (const ChessClock *clock,
          int64_t           now)
{
  if (clock->finished)
    return CHESS_CLOCK_ERR_FINISHED;
  if (now < clock->last_event)
    return CHESS_CLOCK_ERR_TIME_WENT_BACK;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_start_side (ChessClock *clock,
                        ChessColor  side,
                        int64_t     now)
{
  ChessClockStatus status;

  if (!color_ok (side))
    return CHESS_CLOCK_ERR_INVALID;
  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  if (clock->started)
    return CHESS_CLOCK_ERR_ALREADY_STARTED;
  clock->started = true;
  clock->paused = false;
  clock->moved = false;
  clock->side = side;
  clock->run_start = now;
  clock->turn_elapsed = 0;
  clock->charged = 0;
  clock->last_event = now;
  load_turn_bonus (clock);
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_start (ChessClock *clock,
                   int64_t     now)
{
  return chess_clock_start_side (clock, CHESS_WHITE, now);
}

ChessClockStatus
chess_clock_move_made (ChessClock *clock,
                       ChessColor  color,
                       int64_t     now)
{
  ChessClockStatus status;

  if (!color_ok (color))
    return CHESS_CLOCK_ERR_INVALID;
  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  if (!clock->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (clock->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  if ((int) color != clock->side)
    return CHESS_CLOCK_ERR_NOT_YOUR_CLOCK;
  if (clock->moved)
    return CHESS_CLOCK_ERR_ALREADY_MOVED;
  settle (clock, now);
  clock->moved = true;
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_take_back (ChessClock *clock)
{
  if (clock->finished)
    return CHESS_CLOCK_ERR_FINISHED;
  if (!clock->moved)
    return CHESS_CLOCK_ERR_NO_MOVE;
  clock->moved = false;
  return CHESS_CLOCK_OK;
}

/* Moves and periods after `color` completes a move. */
static void
count_move (ChessClock *clock,
            int         color,
            bool        credit)
{
  const ChessTimePeriod *period = period_of (clock, color);

  clock->moves[color]++;
  clock->period_moves[color]++;
  if (period != NULL && period->moves > 0 && clock->period_moves[color] >= period->moves)
    {
      clock->period[color]++;
      clock->period_moves[color] = 0;
      /* Time saved carries over (Art. 12.1): the new period's time is added. */
      if (credit)
        clock->stored[color] += period_of (clock, color)->time_ms;
    }
}

ChessClockStatus
chess_clock_press (ChessClock *clock,
                   ChessColor  color,
                   int64_t     now)
{
  ChessClockStatus status;
  int s, o;
  int64_t e;

  if (!color_ok (color))
    return CHESS_CLOCK_ERR_INVALID;
  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  /* Before the start a press starts the opponent's clock (Art. 12.3). */
  if (!clock->started)
    return chess_clock_start_side (clock, (ChessColor) !color, now);
  if (clock->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  if ((int) color != clock->side)
    return CHESS_CLOCK_ERR_NOT_YOUR_CLOCK;
  if (!clock->moved)
    return CHESS_CLOCK_ERR_NO_MOVE;

  settle (clock, now);
  s = clock->side;
  o = !s;
  e = turn_elapsed_at (clock, now);
  if (clock->timed)
    {
      bool fallen = clock->flag_at[s] != CHESS_CLOCK_NEVER;

      rebase (clock, now);
      if (!fallen)
        {
          if (clock->turn_bonus == CHESS_BONUS_FISCHER)
            clock->stored[s] += clock->turn_bonus_ms;
          else if (clock->turn_bonus == CHESS_BONUS_BRONSTEIN)
            clock->stored[s] += min64 (clock->turn_bonus_ms, e);
        }
      count_move (clock, s, !fallen);
    }
  else
    count_move (clock, s, false);

  clock->used[s] += e;
  clock->last_move[s] = e;
  clock->moved = false;
  clock->side = o;
  clock->run_start = now;
  clock->turn_elapsed = 0;
  clock->charged = 0;
  clock->last_event = now;
  load_turn_bonus (clock);
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_pause (ChessClock *clock,
                   int64_t     now)
{
  ChessClockStatus status;

  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  if (!clock->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (clock->paused)
    return CHESS_CLOCK_ERR_PAUSED;
  settle (clock, now);
  clock->turn_elapsed = turn_elapsed_at (clock, now);
  clock->paused = true;
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_resume (ChessClock *clock,
                    int64_t     now)
{
  ChessClockStatus status;

  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  if (!clock->started)
    return CHESS_CLOCK_ERR_NOT_STARTED;
  if (!clock->paused)
    return CHESS_CLOCK_ERR_NOT_PAUSED;
  clock->paused = false;
  clock->run_start = now;
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_stop (ChessClock *clock,
                  int64_t     now)
{
  ChessClockStatus status;

  if ((status = check_op (clock, now)) != CHESS_CLOCK_OK)
    return status;
  if (clock->started && !clock->paused)
    {
      settle (clock, now);
      clock->turn_elapsed = turn_elapsed_at (clock, now);
      clock->paused = true;
    }
  clock->finished = true;
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

/* After a correction: a side at 0 has flagged now, a side given time again
 * has its flag raised. */
static void
fix_flags (ChessClock *clock,
           int64_t     now)
{
  for (int c = 0; c < 2; c++)
    {
      if (clock->stored[c] <= 0)
        {
          clock->stored[c] = 0;
          if (clock->flag_at[c] == CHESS_CLOCK_NEVER)
            clock->flag_at[c] = now;
        }
      else if (clock->flag_at[c] != CHESS_CLOCK_NEVER)
        {
          clock->flag_at[c] = CHESS_CLOCK_NEVER;
          clock->flags_reported &= ~(1u << c);
        }
    }
}

static ChessClockStatus
check_arbiter (const ChessClock *clock,
               int               color,
               int64_t           now)
{
  if (!color_ok (color) || !clock->timed)
    return CHESS_CLOCK_ERR_INVALID;
  return check_op (clock, now);
}

ChessClockStatus
chess_clock_set_remaining (ChessClock *clock,
                           ChessColor  color,
                           int64_t     ms,
                           int64_t     now)
{
  ChessClockStatus status;

  if ((status = check_arbiter (clock, color, now)) != CHESS_CLOCK_OK)
    return status;
  if (ms < 0 || ms > MAX_CLOCK_MS)
    return CHESS_CLOCK_ERR_INVALID;
  settle (clock, now);
  rebase (clock, now);
  if (is_sandclock (clock))
    {
      ms = min64 (ms, clock->tc.sandclock_ms);
      clock->stored[!color] = clock->tc.sandclock_ms - ms;
    }
  clock->stored[color] = ms;
  fix_flags (clock, now);
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_add_time (ChessClock *clock,
                      ChessColor  color,
                      int64_t     ms,
                      int64_t     now)
{
  ChessClockStatus status;

  if ((status = check_arbiter (clock, color, now)) != CHESS_CLOCK_OK)
    return status;
  if (ms < -MAX_CLOCK_MS || ms > MAX_CLOCK_MS)
    return CHESS_CLOCK_ERR_INVALID;
  settle (clock, now);
  rebase (clock, now);
  if (is_sandclock (clock))
    {
      /* Sand only moves from one chamber to the other. */
      ms = max64 (ms, -clock->stored[color]);
      ms = min64 (ms, clock->stored[!color]);
      clock->stored[!color] -= ms;
      clock->stored[color] += ms;
    }
  else
    clock->stored[color] = min64 (MAX_CLOCK_MS, max64 (0, clock->stored[color] + ms));
  fix_flags (clock, now);
  clock->last_event = now;
  return CHESS_CLOCK_OK;
}

ChessClockStatus
chess_clock_set_moves (ChessClock *clock,
                       ChessColor  color,
                       unsigned    moves)
{
  unsigned period = 0, left = moves;

  if (!color_ok (color) || moves > MAX_MOVE_COUNT)
    return CHESS_CLOCK_ERR_INVALID;
  if (clock->finished)
    return CHESS_CLOCK_ERR_FINISHED;
  for (;;)
    {
      const ChessTimePeriod *p = chess_time_control_period (&clock->tc, period);
      if (p == NULL || p->moves == 0 || left < p->moves)
        break;
      if (period + 1 >= clock->tc.n_periods)
        {
          /* The last period repeats. */
          period += left / p->moves;
          left %= p->moves;
          break;
        }
      left -= p->moves;
      period++;
    }
  clock->moves[color] = moves;
  clock->period[color] = period;
  clock->period_moves[color] = left;
  return CHESS_CLOCK_OK;
}

/* ---------------------------------------------------------------- queries */

static int64_t
query_now (const ChessClock *clock,
           int64_t           now)
{
  return now < clock->last_event ? clock->last_event : now;
}

bool
chess_clock_is_timed (const ChessClock *clock)
{
  return clock->timed;
}

bool
chess_clock_is_started (const ChessClock *clock)
{
  return clock->started;
}

bool
chess_clock_is_paused (const ChessClock *clock)
{
  return clock->started && clock->paused && !clock->finished;
}

bool
chess_clock_is_finished (const ChessClock *clock)
{
  return clock->finished;
}

int
chess_clock_side (const ChessClock *clock)
{
  return clock->started ? clock->side : CHESS_CLOCK_NO_SIDE;
}

int
chess_clock_running (const ChessClock *clock)
{
  return runs (clock) ? clock->side : CHESS_CLOCK_NO_SIDE;
}

bool
chess_clock_has_moved (const ChessClock *clock)
{
  return clock->moved;
}

int64_t
chess_clock_flag_time (const ChessClock *clock,
                       ChessColor        color,
                       int64_t           now)
{
  int64_t t;

  if (!color_ok (color))
    return CHESS_CLOCK_NEVER;
  now = query_now (clock, now);
  if (clock->flag_at[color] != CHESS_CLOCK_NEVER)
    return clock->flag_at[color];
  if ((int) color != clock->side)
    return CHESS_CLOCK_NEVER;
  t = pending_flag (clock);
  return t <= now ? t : CHESS_CLOCK_NEVER;
}

bool
chess_clock_flag_fallen (const ChessClock *clock,
                         ChessColor        color,
                         int64_t           now)
{
  return chess_clock_flag_time (clock, color, now) != CHESS_CLOCK_NEVER;
}

int
chess_clock_first_flag (const ChessClock *clock,
                        int64_t           now)
{
  int64_t w = chess_clock_flag_time (clock, CHESS_WHITE, now);
  int64_t b = chess_clock_flag_time (clock, CHESS_BLACK, now);

  if (w == CHESS_CLOCK_NEVER && b == CHESS_CLOCK_NEVER)
    return CHESS_CLOCK_NO_SIDE;
  return w <= b ? CHESS_WHITE : CHESS_BLACK;
}

unsigned
chess_clock_take_new_flags (ChessClock *clock,
                            int64_t     now)
{
  unsigned fresh = 0;

  if (now < clock->last_event)
    now = clock->last_event;
  /* A flag recorded here fixes the past up to its instant: no operation
   * may come before it any more. */
  if (!clock->finished && settle (clock, now))
    clock->last_event = clock->flag_at[clock->side];
  for (int c = 0; c < 2; c++)
    if (clock->flag_at[c] != CHESS_CLOCK_NEVER && !(clock->flags_reported & (1u << c)))
      fresh |= 1u << c;
  clock->flags_reported |= fresh;
  return fresh;
}

int64_t
chess_clock_remaining (const ChessClock *clock,
                       ChessColor        color,
                       int64_t           now)
{
  int64_t x;

  if (!color_ok (color))
    return 0;
  if (!clock->timed)
    return CHESS_CLOCK_UNLIMITED;
  if (clock->flag_at[color] != CHESS_CLOCK_NEVER)
    return 0;
  if (!clock->started || clock->side < 0)
    return clock->stored[color];
  now = query_now (clock, now);
  x = charge_at (clock, now);
  if ((int) color == clock->side)
    return max64 (0, clock->stored[color] - x);
  if (is_sandclock (clock))
    return clock->stored[color] + min64 (x, clock->stored[clock->side]);
  return clock->stored[color];
}

int64_t
chess_clock_delay_left (const ChessClock *clock,
                        int64_t           now)
{
  if (!clock->started || clock->side < 0 || clock->turn_bonus != CHESS_BONUS_DELAY)
    return 0;
  if (clock->flag_at[clock->side] != CHESS_CLOCK_NEVER)
    return 0;
  return max64 (0, clock->turn_bonus_ms - turn_elapsed_at (clock, query_now (clock, now)));
}

int64_t
chess_clock_used (const ChessClock *clock,
                  ChessColor        color,
                  int64_t           now)
{
  if (!color_ok (color))
    return 0;
  if (clock->started && (int) color == clock->side)
    return clock->used[color] + turn_elapsed_at (clock, query_now (clock, now));
  return clock->used[color];
}

int64_t
chess_clock_last_move_time (const ChessClock *clock,
                            ChessColor        color)
{
  return color_ok (color) ? clock->last_move[color] : -1;
}

unsigned
chess_clock_moves (const ChessClock *clock,
                   ChessColor        color)
{
  return color_ok (color) ? clock->moves[color] : 0;
}

unsigned
chess_clock_period (const ChessClock *clock,
                    ChessColor        color)
{
  return color_ok (color) ? clock->period[color] : 0;
}

unsigned
chess_clock_moves_to_go (const ChessClock *clock,
                         ChessColor        color)
{
  const ChessTimePeriod *p;

  if (!color_ok (color) || !clock->timed)
    return 0;
  p = period_of (clock, color);
  if (p == NULL || p->moves == 0)
    return 0;
  return p->moves - clock->period_moves[color];
}

int64_t
chess_clock_instant_at (const ChessClock *clock,
                        ChessColor        color,
                        int64_t           ms,
                        int64_t           now)
{
  int64_t current, e;

  if (!color_ok (color) || !clock->timed || !runs (clock) || ms < 0)
    return CHESS_CLOCK_NEVER;
  now = query_now (clock, now);
  current = chess_clock_remaining (clock, color, now);
  if ((int) color == clock->side)
    {
      if (current <= ms)
        return now;
      e = elapsed_reaching (clock, ms);
    }
  else
    {
      int64_t gain;

      if (!is_sandclock (clock) || clock->flag_at[color] != CHESS_CLOCK_NEVER)
        return CHESS_CLOCK_NEVER;
      if (current >= ms)
        return now;
      gain = ms - clock->stored[color];
      if (gain > clock->stored[clock->side])
        return CHESS_CLOCK_NEVER;
      e = gain + clock->charged;  /* a sandclock has no delay */
    }
  return clock->run_start + (e - clock->turn_elapsed);
}

const char *
chess_clock_status_message (ChessClockStatus status)
{
  switch (status)
    {
    case CHESS_CLOCK_OK: return "done";
    case CHESS_CLOCK_ERR_INVALID: return "invalid argument for this clock";
    case CHESS_CLOCK_ERR_NOT_STARTED: return "the clock has not been started";
    case CHESS_CLOCK_ERR_ALREADY_STARTED: return "the clock has already been started";
    case CHESS_CLOCK_ERR_NOT_YOUR_CLOCK: return "only the player whose clock is running may do that";
    case CHESS_CLOCK_ERR_NO_MOVE: return "the player must make a move before pressing the clock";
    case CHESS_CLOCK_ERR_ALREADY_MOVED: return "the player has already moved and must press the clock";
    case CHESS_CLOCK_ERR_PAUSED: return "the clock is paused";
    case CHESS_CLOCK_ERR_NOT_PAUSED: return "the clock is not paused";
    case CHESS_CLOCK_ERR_FINISHED: return "the clock has been stopped for good";
    case CHESS_CLOCK_ERR_TIME_WENT_BACK: return "the time given is earlier than the clock's last event";
    default: return "unknown clock status";
    }
}

/* ---------------------------------------------------------------- saving */

void
chess_clock_snapshot (const ChessClock   *clock,
                      int64_t             now,
                      ChessClockSnapshot *snap)
{
  now = query_now (clock, now);
  memset (snap, 0, sizeof *snap);
  snap->tc = clock->tc;
  snap->started = clock->started;
  snap->paused = clock->paused && !clock->finished;
  snap->finished = clock->finished;
  snap->moved = clock->moved;
  snap->side = chess_clock_side (clock);
  snap->turn_elapsed = clock->started ? turn_elapsed_at (clock, now) : 0;
  snap->turn_bonus = clock->started ? clock->turn_bonus : CHESS_BONUS_NONE;
  snap->turn_bonus_ms = clock->started ? clock->turn_bonus_ms : 0;
  snap->flags_reported = clock->flags_reported;
  for (int c = 0; c < 2; c++)
    {
      int64_t t = chess_clock_flag_time (clock, (ChessColor) c, now);
      snap->remaining[c] = chess_clock_remaining (clock, (ChessColor) c, now);
      snap->used[c] = clock->used[c];
      snap->last_move[c] = clock->last_move[c];
      snap->flag_age[c] = t == CHESS_CLOCK_NEVER ? -1 : now - t;
      snap->moves[c] = clock->moves[c];
      snap->period[c] = clock->period[c];
      snap->period_moves[c] = clock->period_moves[c];
    }
}

static bool
snap_error (ChessError *error,
            const char *field)
{
  if (error)
    chess_error_set (error, CHESS_ERROR_TIME_CONTROL, CHESS_N_ ("saved clock state: bad %s"),
                     chess_error_translate (field));
  return false;
}

bool
chess_clock_restore (ChessClock               *clock,
                     const ChessClockSnapshot *snap,
                     int64_t                   now,
                     ChessError               *error)
{
  ChessClock c;

  if (!chess_time_control_check (&snap->tc, error))
    return false;
  chess_clock_init (&c, &snap->tc);
  if (snap->started ? !color_ok (snap->side) : snap->side != CHESS_CLOCK_NO_SIDE)
    return snap_error (error, CHESS_N_ ("side"));
  if (!snap->started && (snap->paused || snap->moved))
    return snap_error (error, CHESS_N_ ("started"));
  if (snap->turn_elapsed < 0 || snap->turn_elapsed > MAX_CLOCK_MS
      || (!snap->started && snap->turn_elapsed != 0))
    return snap_error (error, CHESS_N_ ("turn time"));
  if (snap->flags_reported > 3)
    return snap_error (error, CHESS_N_ ("flags"));
  if (snap->turn_bonus > CHESS_BONUS_DELAY
      || (snap->turn_bonus == CHESS_BONUS_NONE) != (snap->turn_bonus_ms == 0)
      || snap->turn_bonus_ms < 0 || snap->turn_bonus_ms > MAX_BONUS_MS
      || (!c.timed && snap->turn_bonus != CHESS_BONUS_NONE))
    return snap_error (error, CHESS_N_ ("turn bonus"));
  for (int k = 0; k < 2; k++)
    {
      if (c.timed ? snap->remaining[k] < 0 || snap->remaining[k] > MAX_CLOCK_MS
                  : snap->remaining[k] != CHESS_CLOCK_UNLIMITED)
        return snap_error (error, CHESS_N_ ("remaining time"));
      if (snap->flag_age[k] < -1 || snap->flag_age[k] > MAX_CLOCK_MS
          || (snap->flag_age[k] >= 0) != (c.timed && snap->remaining[k] == 0))
        return snap_error (error, CHESS_N_ ("flag"));
      if ((snap->flags_reported & (1u << k)) && snap->flag_age[k] < 0)
        return snap_error (error, CHESS_N_ ("flags"));
      if (snap->used[k] < 0 || snap->used[k] > MAX_CLOCK_MS
          || snap->last_move[k] < -1 || snap->last_move[k] > MAX_CLOCK_MS)
        return snap_error (error, CHESS_N_ ("time used"));
      if (chess_clock_set_moves (&c, (ChessColor) k, snap->moves[k]) != CHESS_CLOCK_OK
          || c.period[k] != snap->period[k] || c.period_moves[k] != snap->period_moves[k])
        return snap_error (error, CHESS_N_ ("move count or period"));
      c.stored[k] = c.timed ? snap->remaining[k] : 0;
      c.used[k] = snap->used[k];
      c.last_move[k] = snap->last_move[k];
      c.flag_at[k] = snap->flag_age[k] >= 0 ? now - snap->flag_age[k] : CHESS_CLOCK_NEVER;
    }
  if (c.tc.kind == CHESS_TIME_CONTROL_SANDCLOCK
      && snap->remaining[0] + snap->remaining[1] > c.tc.sandclock_ms)
    return snap_error (error, CHESS_N_ ("remaining time"));

  c.started = snap->started;
  c.paused = snap->started && (snap->paused || snap->finished);
  c.finished = snap->finished;
  c.moved = snap->moved;
  c.side = snap->side;
  c.run_start = now;
  c.turn_elapsed = snap->turn_elapsed;
  c.last_event = now;
  c.flags_reported = snap->flags_reported;
  c.turn_bonus = snap->turn_bonus;
  c.turn_bonus_ms = snap->turn_bonus_ms;
  /* stored[] holds the remaining time as of now: the turn's chargeable time
   * so far is already in it. */
  c.charged = c.started ? chargeable (&c, c.turn_elapsed) : 0;
  *clock = c;
  return true;
}

/* ---------------------------------------------------------------- text */

char *
chess_clock_format (int64_t  ms,
                    char    *buf)
{
  if (ms < 0)
    strcpy (buf, "-:--");
  else if (ms < 10000)
    {
      /* Tenths, rounded down; "0:00.0" is kept for a fallen flag. */
      int tenths = (int) (ms / 100);
      if (tenths == 0 && ms > 0)
        tenths = 1;
      sprintf (buf, "0:%02d.%d", tenths / 10, tenths % 10);
    }
  else
    {
      long long s = ms / 1000;
      if (s < 3600)
        sprintf (buf, "%lld:%02lld", s / 60, s % 60);
      else
        sprintf (buf, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
    }
  return buf;
}

char *
chess_clock_format_pgn (int64_t  ms,
                        char    *buf)
{
  long long s = ms > 0 ? ms / 1000 : 0;
  sprintf (buf, "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
  return buf;
}

static bool
clk_error (ChessError *error,
           size_t      offset,
           const char *message)
{
  if (error)
    {
      chess_error_set (error, CHESS_ERROR_PGN, CHESS_N_ ("clock time: %s"),
                       chess_error_translate (message));
      error->line = 1;
      error->column = offset + 1;
      error->offset = offset;
    }
  return false;
}

bool
chess_clock_parse_pgn (const char *text,
                       size_t      len,
                       int64_t    *ms,
                       ChessError *error)
{
  size_t i = 0, end = len;
  int64_t fields[3];
  unsigned n = 0;
  int64_t total, frac = 0;

  if (text == NULL)
    end = 0;
  while (i < end && is_space (text[i]))
    i++;
  while (end > i && is_space (text[end - 1]))
    end--;
  if (i == end)
    return clk_error (error, i, CHESS_N_ ("empty"));

  for (;;)
    {
      size_t start = i;
      int64_t v = 0;

      if (n == 3)
        return clk_error (error, i, CHESS_N_ ("more than three fields (h:mm:ss)"));
      while (i < end && text[i] >= '0' && text[i] <= '9')
        {
          if (v > 100000000)
            return clk_error (error, start, CHESS_N_ ("number too large"));
          v = v * 10 + (text[i] - '0');
          i++;
        }
      if (i == start)
        return i < end ? clk_error (error, i, CHESS_N_ ("expected a digit"))
                       : clk_error (error, i, CHESS_N_ ("expected a digit, found the end"));
      if (n > 0 && (i - start != 2 || v >= 60))
        return clk_error (error, start, CHESS_N_ ("minutes and seconds need two digits, 00 to 59"));
      fields[n++] = v;
      if (i < end && text[i] == ':')
        {
          i++;
          continue;
        }
      break;
    }
  if (n < 2)
    return clk_error (error, i, CHESS_N_ ("expected h:mm:ss"));
  if (i < end && text[i] == '.')
    {
      int64_t scale = 100;
      size_t start = ++i;
      while (i < end && text[i] >= '0' && text[i] <= '9')
        {
          frac += (text[i] - '0') * scale;
          scale /= 10;
          i++;
        }
      if (i == start)
        return clk_error (error, i, CHESS_N_ ("a digit must follow '.'"));
    }
  if (i != end)
    return clk_error (error, i, CHESS_N_ ("unexpected character"));

  total = n == 3 ? (fields[0] * 3600 + fields[1] * 60 + fields[2])
                 : (fields[0] * 60 + fields[1]);
  *ms = total * 1000 + frac;
  return true;
}
