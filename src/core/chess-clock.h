/* chess-clock.h — the chess clock as a state machine, time controls, the
 * PGN TimeControl tag and clock annotations.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The clock never reads the time: every operation is TOLD "now", a count of
 * milliseconds from any fixed origin (the model passes GLib's monotonic
 * clock, tests pass exact numbers). Remaining time is always computed as
 * "stored − time run since the stored value was taken", never by summing
 * ticks, so it cannot drift.
 *
 * Move-then-press (RULES.md §4, §8, FIDE Art. 6 and 12): nothing runs until
 * the clock is started; chess_clock_start() starts White's clock, and a press
 * on a clock that has not started starts the presser's opponent (as over the
 * board, Black pressing his button starts White's clock). Then the side whose
 * clock runs first tells the clock he has moved (chess_clock_move_made()),
 * and only after that may he press (chess_clock_press()): the press stops his
 * clock, applies increment or delay, counts the move for the time control,
 * and starts his opponent's clock. A player who forgets to press keeps
 * losing his own time.
 *
 * How the game model drives it: after a move is played on the board it calls
 * chess_clock_move_made() for the mover; the UI's clock button (or key) calls
 * chess_clock_press(); the board refuses the opponent's moves until the press
 * has been accepted. The core applies no rules of the game: a fallen flag is
 * reported, and the game model decides what it means (RULES.md §7).
 *
 * TimeControl tag (PGN standard 9.6.1), as read and written here:
 *   "?"                 unknown (the clock then behaves as untimed)
 *   "-"                 no time control (untimed: presses just alternate)
 *   "300"               sudden death: 300 seconds for the whole game
 *   "40/9000"           40 moves in 9000 s; the last descriptor is repeated
 *                       for further periods (so 40 more moves in 9000 s …)
 *   "300+2"             Fischer increment: 2 s added after each move
 *   "40/5400+30:1800+30" periods joined by ':'; each period has its own
 *                       increment or delay; saved time carries over
 *   "*180"              sandclock: 180 s of sand, 90 s in each chamber at
 *                       the start; time one side uses is added to the other's
 * Caissa's extension for delays (not in the PGN standard; other programs
 * will not understand it, but it reads as plain text):
 *   "300d5"             simple (US) delay: each turn the clock waits 5 s
 *                       before it starts taking time off
 *   "300b5"             Bronstein delay: after each move the time used for
 *                       it is given back, but never more than 5 s
 * In a period "+", "d" and "b" exclude one another. On reading, "D", "B" and
 * "S"/"s" (Nocheto's spelling of the simple delay) are accepted as well, so
 * is a zero increment before a delay ("300+0S5" = "300d5"), and "+0" alone
 * means no increment; writing always uses "+", "d", "b". Seconds may have
 * up to three decimals ("0.5"); they are written only when not whole.
 * Sudden death (a period without "moves/") must be the last period.
 * Limits: at most CHESS_TIME_CONTROL_MAX_PERIODS periods, 1..1000 moves a
 * period, at most 1,000,000 s a period and 3600 s of increment or delay, a
 * sandclock of at least 1 s. The first period must give some time (a later
 * one may give 0: "40/5400:0+30"). White space around the value is
 * ignored; inside it is an error.
 *
 * After a flag (RULES.md §8, Art. 12.2): the flag falls at the exact instant
 * the time reaches zero; the clock remembers that instant even if asked
 * later, and knows whose flag fell first if both did. The clock keeps
 * working after a flag (a real clock does), but a side whose flag has
 * fallen stays at 0: it gets no increment, delay, period time or sandclock
 * sand until an arbiter sets a new time for it.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-error.h"
#include "chess-types.h"

/* ---------------------------------------------------------------- time control */

#define CHESS_TIME_CONTROL_MAX_PERIODS 8
/* Buffer size for chess_time_control_write(). */
#define CHESS_TIME_CONTROL_MAX 256

typedef enum
{
  CHESS_TIME_CONTROL_NONE = 0,   /* "-": untimed */
  CHESS_TIME_CONTROL_UNKNOWN,    /* "?": not known; runs as untimed */
  CHESS_TIME_CONTROL_PERIODS,    /* one or more periods */
  CHESS_TIME_CONTROL_SANDCLOCK,  /* "*N" */
} ChessTimeControlKind;

typedef enum
{
  CHESS_BONUS_NONE = 0,
  CHESS_BONUS_FISCHER,    /* "+N": N added after each move */
  CHESS_BONUS_BRONSTEIN,  /* "bN": min(N, time used for the move) given back */
  CHESS_BONUS_DELAY,      /* "dN": the first N of each turn are not counted */
} ChessBonusKind;

typedef struct
{
  unsigned       moves;     /* moves in the period; 0 = the rest of the game */
  int64_t        time_ms;   /* time given at the start of the period */
  ChessBonusKind bonus;
  int64_t        bonus_ms;  /* increment or delay; 0 when bonus is NONE */
} ChessTimePeriod;

typedef struct
{
  ChessTimeControlKind kind;
  unsigned             n_periods;     /* PERIODS only */
  ChessTimePeriod      periods[CHESS_TIME_CONTROL_MAX_PERIODS];
  int64_t              sandclock_ms;  /* SANDCLOCK only: all the sand */
} ChessTimeControl;

void  chess_time_control_init_none (ChessTimeControl *tc);

/* Parses len bytes of a TimeControl tag value (without the quotes). On
 * failure fills error (CHESS_ERROR_TIME_CONTROL) with the 1-based byte
 * column where the problem is and the reason, and leaves tc untimed. */
bool  chess_time_control_parse    (ChessTimeControl       *tc,
                                   const char             *text,
                                   size_t                  len,
                                   ChessError             *error);
/* Checks a time control built by hand against the same rules as the
 * parser (column 0 in the error). */
bool  chess_time_control_check    (const ChessTimeControl *tc,
                                   ChessError             *error);
/* Writes the canonical tag value into buf (CHESS_TIME_CONTROL_MAX bytes).
 * parse (write (tc)) gives tc back. Returns buf. */
char *chess_time_control_write    (const ChessTimeControl *tc,
                                   char                   *buf);
bool  chess_time_control_equal    (const ChessTimeControl *a,
                                   const ChessTimeControl *b);
/* True for PERIODS and SANDCLOCK: the clock keeps time. */
bool  chess_time_control_is_timed (const ChessTimeControl *tc);
/* The period in force after `index` time controls have been passed (the
 * last one repeats). NULL unless tc has periods. */
const ChessTimePeriod *chess_time_control_period (const ChessTimeControl *tc,
                                                  unsigned                index);

/* ---------------------------------------------------------------- presets */

typedef struct
{
  const char *name;          /* short English name; the UI translates it */
  const char *time_control;  /* a TimeControl tag value */
} ChessClockPreset;

/* The built-in presets: 1+0, 3+2, 5+0, 10+0, 15+10, 30+0, 90+30 (minutes +
 * seconds a move) and FIDE classical "40/5400+30:1800+30" (40 moves in 90
 * minutes, then 30 minutes for the rest of the game, 30 s added per move
 * from move 1). A constant table; *n_presets receives its length. */
const ChessClockPreset *chess_clock_get_presets (unsigned *n_presets);

/* ---------------------------------------------------------------- the clock */

/* chess_clock_remaining() of an untimed clock. */
#define CHESS_CLOCK_UNLIMITED ((int64_t) -1)
/* No flag / no such instant. */
#define CHESS_CLOCK_NEVER INT64_MAX
/* "No side": the side before the start. */
#define CHESS_CLOCK_NO_SIDE (-1)

typedef enum
{
  CHESS_CLOCK_OK = 0,
  CHESS_CLOCK_ERR_INVALID,          /* bad argument: colour, negative time, untimed */
  CHESS_CLOCK_ERR_NOT_STARTED,      /* the clock has not been started */
  CHESS_CLOCK_ERR_ALREADY_STARTED,  /* start on a clock that runs already */
  CHESS_CLOCK_ERR_NOT_YOUR_CLOCK,   /* that side's clock is not the one running */
  CHESS_CLOCK_ERR_NO_MOVE,          /* press without a move since the last press */
  CHESS_CLOCK_ERR_ALREADY_MOVED,    /* a second move before pressing */
  CHESS_CLOCK_ERR_PAUSED,           /* the clock is paused: resume first */
  CHESS_CLOCK_ERR_NOT_PAUSED,       /* resume on a clock that is not paused */
  CHESS_CLOCK_ERR_FINISHED,         /* the clock was stopped for good */
  CHESS_CLOCK_ERR_TIME_WENT_BACK,   /* "now" is earlier than the last event */
} ChessClockStatus;

/* The state. A plain struct: copy it freely; read it through the functions
 * below (the fields are documented for debugging and saving only). */
typedef struct
{
  ChessTimeControl tc;
  bool      timed;
  bool      started;
  bool      paused;
  bool      finished;
  bool      moved;            /* the side on turn has moved; press pending */
  int       side;             /* whose clock is on (running or paused), or CHESS_CLOCK_NO_SIDE */
  int64_t   run_start;        /* instant the current run began */
  int64_t   turn_elapsed;     /* time this turn ran before run_start (pauses) */
  int64_t   charged;          /* part of this turn's chargeable time already in stored[] */
  ChessBonusKind turn_bonus;  /* the bonus of the turn under way (its period's) */
  int64_t   turn_bonus_ms;
  int64_t   last_event;       /* latest instant an operation was told */
  int64_t   stored[2];        /* remaining, less what this turn has charged since */
  int64_t   used[2];          /* time used in finished turns */
  int64_t   last_move[2];     /* time used for the last move (press to press), -1 before */
  int64_t   flag_at[2];       /* instant the flag fell, or CHESS_CLOCK_NEVER */
  unsigned  moves[2];         /* presses after a move */
  unsigned  period[2];        /* time controls passed */
  unsigned  period_moves[2];  /* moves made in the current period */
  unsigned  flags_reported;   /* bit (1 << colour): chess_clock_take_new_flags() told it */
} ChessClock;

/* Sets up a clock that has not started, with both sides' time for the first
 * period. Returns false (and sets up an untimed clock) if tc fails
 * chess_time_control_check(). */
bool             chess_clock_init        (ChessClock *clock, const ChessTimeControl *tc);

/* Starts White's clock. */
ChessClockStatus chess_clock_start       (ChessClock *clock, int64_t now);
/* Starts the given side's clock (a position with Black to move). */
ChessClockStatus chess_clock_start_side  (ChessClock *clock, ChessColor side, int64_t now);
/* The player `color` has made his move; his clock must be running. */
ChessClockStatus chess_clock_move_made   (ChessClock *clock, ChessColor color, int64_t now);
/* The move told by move_made was taken back before the press. */
ChessClockStatus chess_clock_take_back   (ChessClock *clock);
/* `color` presses his button. Before the start this starts the opponent's
 * clock; afterwards only the side whose clock runs may press, and only
 * after chess_clock_move_made(). Refused presses change nothing. */
ChessClockStatus chess_clock_press       (ChessClock *clock, ChessColor color, int64_t now);
/* Stops both clocks (Art. 12.5); resume continues the one that ran, with
 * its turn's delay and time used carried on. */
ChessClockStatus chess_clock_pause       (ChessClock *clock, int64_t now);
ChessClockStatus chess_clock_resume      (ChessClock *clock, int64_t now);
/* Stops the clock for good (the game is over); queries keep answering. */
ChessClockStatus chess_clock_stop        (ChessClock *clock, int64_t now);

/* Arbiter corrections, allowed whenever the clock is not finished. Setting
 * 0 (or adding down to 0) makes the flag fall at `now`; setting a positive
 * time on a fallen side raises its flag again. In a sandclock the other
 * side gets what is left of the sand. add_time may be negative. */
ChessClockStatus chess_clock_set_remaining (ChessClock *clock, ChessColor color,
                                            int64_t ms, int64_t now);
ChessClockStatus chess_clock_add_time      (ChessClock *clock, ChessColor color,
                                            int64_t ms, int64_t now);
/* Sets the number of moves `color` has made; the period and the moves made
 * in it follow from the time control. Times are not changed. */
ChessClockStatus chess_clock_set_moves     (ChessClock *clock, ChessColor color,
                                            unsigned moves);

/* Queries. `now` must not be earlier than the last operation (if it is, the
 * clock answers as of the last operation). */
bool     chess_clock_is_timed       (const ChessClock *clock);
bool     chess_clock_is_started     (const ChessClock *clock);
bool     chess_clock_is_paused      (const ChessClock *clock);
bool     chess_clock_is_finished    (const ChessClock *clock);
/* Whose clock is on (running, or paused in his turn): a ChessColor, or
 * CHESS_CLOCK_NO_SIDE before the start. */
int      chess_clock_side           (const ChessClock *clock);
/* Whose clock is running right now, or CHESS_CLOCK_NO_SIDE (not started,
 * paused, finished). */
int      chess_clock_running        (const ChessClock *clock);
/* The side on turn has moved and may press. */
bool     chess_clock_has_moved      (const ChessClock *clock);
/* Milliseconds left, never below 0; CHESS_CLOCK_UNLIMITED when untimed. */
int64_t  chess_clock_remaining      (const ChessClock *clock, ChessColor color, int64_t now);
/* Simple delay: milliseconds of this turn's delay still to run (0 otherwise). */
int64_t  chess_clock_delay_left     (const ChessClock *clock, int64_t now);
/* Total time the side has used (press to press, pauses excluded). */
int64_t  chess_clock_used           (const ChessClock *clock, ChessColor color, int64_t now);
/* Time used for the side's last completed move ([%emt]), -1 before any. */
int64_t  chess_clock_last_move_time (const ChessClock *clock, ChessColor color);
unsigned chess_clock_moves          (const ChessClock *clock, ChessColor color);
/* Number of time controls the side has passed (0 = first period). */
unsigned chess_clock_period         (const ChessClock *clock, ChessColor color);
/* Moves the side still has to make to reach the next time control, or 0
 * when none lies ahead (sudden death, untimed). */
unsigned chess_clock_moves_to_go    (const ChessClock *clock, ChessColor color);

/* Flags. flag_time gives the exact instant (CHESS_CLOCK_NEVER if the flag
 * has not fallen by `now`). first_flag is the side whose flag fell first,
 * or CHESS_CLOCK_NO_SIDE. */
bool     chess_clock_flag_fallen    (const ChessClock *clock, ChessColor color, int64_t now);
int64_t  chess_clock_flag_time      (const ChessClock *clock, ChessColor color, int64_t now);
int      chess_clock_first_flag     (const ChessClock *clock, int64_t now);
/* Records flags fallen by `now` and returns those not returned before, as
 * a mask of (1 << colour): each fall is reported exactly once. */
unsigned chess_clock_take_new_flags (ChessClock *clock, int64_t now);
/* The instant at which `color`'s remaining time will be `ms` if nobody
 * presses: for the running side, when it has come down to ms (ms = 0: its
 * flag instant); for the waiting side of a sandclock, when it has risen to
 * ms. `now` if it is already there, CHESS_CLOCK_NEVER if it never gets there
 * (not running, paused, untimed). The model schedules its display refresh
 * and flag check with this. */
int64_t  chess_clock_instant_at     (const ChessClock *clock, ChessColor color,
                                     int64_t ms, int64_t now);

/* An English sentence for a status, for logs and GError messages. */
const char *chess_clock_status_message (ChessClockStatus status);

/* ---------------------------------------------------------------- saving */

/* Everything needed to rebuild a clock later, relative to the instant it was
 * taken (a monotonic clock does not survive a restart). */
typedef struct
{
  ChessTimeControl tc;
  bool     started;
  bool     paused;
  bool     finished;
  bool     moved;
  int      side;
  int64_t  remaining[2];     /* at the instant of the snapshot; -1 untimed */
  int64_t  turn_elapsed;     /* time the side on turn has used in this turn */
  ChessBonusKind turn_bonus; /* the bonus in force for that turn */
  int64_t  turn_bonus_ms;
  int64_t  used[2];
  int64_t  last_move[2];
  int64_t  flag_age[2];      /* how long before the snapshot the flag fell; -1 none */
  unsigned moves[2];
  unsigned period[2];
  unsigned period_moves[2];
  unsigned flags_reported;
} ChessClockSnapshot;

void chess_clock_snapshot (const ChessClock *clock, int64_t now, ChessClockSnapshot *snap);
/* Rebuilds the clock from a snapshot as of `now`; a running clock runs on
 * from `now`. Refuses (CHESS_ERROR_TIME_CONTROL, the field named in the
 * message) a snapshot that is not consistent, leaving clock untouched. */
bool chess_clock_restore  (ChessClock *clock, const ChessClockSnapshot *snap,
                           int64_t now, ChessError *error);

/* ---------------------------------------------------------------- text */

/* Buffer size for the formatting helpers. */
#define CHESS_CLOCK_FORMAT_MAX 32

/* The clock face: "1:30:00" from one hour up, "4:59" below, "0:09.7" below
 * ten seconds. Rounded down, so the face never shows time the player does
 * not have — with one exception: "0:00.0" means the flag has fallen, so
 * 1..99 ms show "0:00.1". Negative (CHESS_CLOCK_UNLIMITED) gives "-:--".
 * Returns buf (CHESS_CLOCK_FORMAT_MAX bytes). */
char *chess_clock_format     (int64_t ms, char *buf);
/* The value of a [%clk] or [%emt] command: "1:29:56" (h:mm:ss, rounded
 * down to the second; negative counts as 0). Returns buf. */
char *chess_clock_format_pgn (int64_t ms, char *buf);
/* Reads "h:mm:ss" or "h:mm:ss.f" (any hours, fractions to the millisecond,
 * further digits ignored); "m:ss(.f)" is accepted too. White space around
 * is ignored. */
bool  chess_clock_parse_pgn  (const char *text, size_t len, int64_t *ms, ChessError *error);
