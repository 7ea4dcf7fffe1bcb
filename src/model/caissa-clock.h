/* caissa-clock.h — the chess clock of a game being played: the core clock
 * (src/core/chess-clock.h) driven by GLib's monotonic time, with change
 * notification.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move-then-press (RULES.md §8). Nothing runs until the clock is started:
 * caissa_clock_start() starts White's clock, and pressing a button before
 * the start starts the presser's opponent (Black's button starts White's
 * clock, as over the board). Afterwards the player whose clock runs first
 * moves, then presses: the press stops his clock, applies the increment or
 * delay, counts the move for the time control and starts the opponent's.
 *
 * How the game and the UI drive it (the clock applies no rules of chess):
 *   - the game model, after a move is played on the board:
 *       caissa_clock_move_made (clock, mover, &error);
 *   - the UI's clock button / key for `color`:
 *       caissa_clock_press (clock, color, &error);
 *     and, when it succeeds ("pressed" signal), caissa_game_press (game) so
 *     the board accepts the opponent's move (CaissaGame:press-required);
 *   - "flag-fell" → caissa_game_flag_fall (game, color); once the game has
 *     an outcome, caissa_clock_stop (clock).
 *   - a move taken back (both players agreeing) before its press:
 *     caissa_clock_take_back (clock); after it, while the opponent has
 *     not moved: caissa_clock_take_back_press (clock, mover).
 * A refused press (not your clock, no move made yet, paused) changes
 * nothing and sets a CAISSA_CLOCK_ERROR with the reason.
 *
 * Time. Remaining time is never counted in ticks: it is always the core's
 * "stored − time run since", read from the time source on every get. A
 * timeout fires only when the displayed value (caissa_clock_dup_display())
 * changes — every second, every tenth below ten seconds — to notify
 * white-remaining / black-remaining, and at the exact instant a flag falls,
 * to emit "flag-fell". Tests replace the time source
 * (caissa_clock_set_time_func()) and call caissa_clock_update() after
 * moving their fake time, instead of sleeping.
 *
 * Properties (all with notify; read-only unless said):
 *   time-control     string, read-write: the PGN TimeControl value; setting
 *                    it resets the clock (see chess-clock.h for the forms)
 *   timed            boolean: the control keeps time ("-" and "?" do not)
 *   started          boolean
 *   paused           boolean: stopped by caissa_clock_pause()
 *   finished         boolean: stopped for good by caissa_clock_stop()
 *   running-side     CaissaColor: whose clock runs now, NONE when none runs
 *   side             CaissaColor: whose clock is on, running or paused
 *                    (NONE before the start)
 *   awaiting-press   boolean: the side on turn has moved and may press
 *   white-remaining, black-remaining
 *                    gint64 milliseconds, computed on get; -1 untimed.
 *                    Notified when the displayed value changes and after
 *                    any operation that changed the value.
 *   flag-fallen      CaissaColor: the side whose flag fell first, or NONE
 * Signals:
 *   "pressed"   (CaissaColor color): a press completed color's move (the
 *               press that merely starts the clock does not emit it)
 *   "flag-fell" (CaissaColor color): once per fall, at its instant (as
 *               soon as the main loop or caissa_clock_update() sees it;
 *               caissa_clock_get_flag_time() gives the exact instant)
 */
#pragma once

#include <gio/gio.h>

#include "caissa-enums.h"

G_BEGIN_DECLS

#define CAISSA_CLOCK_ERROR (caissa_clock_error_quark ())

/* From CAISSA_CLOCK_ERROR_INVALID on, the codes follow the core's
 * ChessClockStatus (its value minus one + CAISSA_CLOCK_ERROR_INVALID). */
typedef enum
{
  CAISSA_CLOCK_ERROR_TIME_CONTROL,     /* the TimeControl string is wrong */
  CAISSA_CLOCK_ERROR_STATE,            /* a saved state cannot be restored */
  CAISSA_CLOCK_ERROR_INVALID,          /* bad argument (colour, time; untimed) */
  CAISSA_CLOCK_ERROR_NOT_STARTED,
  CAISSA_CLOCK_ERROR_ALREADY_STARTED,
  CAISSA_CLOCK_ERROR_NOT_YOUR_CLOCK,   /* that player's clock is not running */
  CAISSA_CLOCK_ERROR_NO_MOVE,          /* press before making a move */
  CAISSA_CLOCK_ERROR_ALREADY_MOVED,    /* a second move before the press */
  CAISSA_CLOCK_ERROR_PAUSED,
  CAISSA_CLOCK_ERROR_NOT_PAUSED,
  CAISSA_CLOCK_ERROR_FINISHED,
  CAISSA_CLOCK_ERROR_TIME_WENT_BACK,   /* the time source went backwards */
} CaissaClockError;

GQuark caissa_clock_error_quark (void);

/* Milliseconds from any fixed origin; must never go backwards. */
typedef gint64 (*CaissaTimeFunc) (gpointer user_data);

#define CAISSA_TYPE_CLOCK (caissa_clock_get_type ())
G_DECLARE_FINAL_TYPE (CaissaClock, caissa_clock, CAISSA, CLOCK, GObject)

/* An untimed clock ("-"). */
CaissaClock *caissa_clock_new                  (void);
CaissaClock *caissa_clock_new_for_time_control (const char     *time_control,
                                                GError        **error);

/* The time source: func (user_data) in milliseconds. NULL restores GLib's
 * monotonic clock. Call before the clock is started. */
void         caissa_clock_set_time_func        (CaissaClock    *self,
                                                CaissaTimeFunc  func,
                                                gpointer        user_data,
                                                GDestroyNotify  destroy);
gint64       caissa_clock_get_now              (CaissaClock    *self);

/* Sets the control and resets the clock (nothing runs, full time). On a
 * bad string the clock is left as it was. */
gboolean     caissa_clock_set_time_control     (CaissaClock    *self,
                                                const char     *time_control,
                                                GError        **error);
const char  *caissa_clock_get_time_control     (CaissaClock    *self);
/* Back to the start with the same control. */
void         caissa_clock_reset                (CaissaClock    *self);

/* Operations; each returns FALSE and sets error when refused. */
gboolean     caissa_clock_start                (CaissaClock    *self,
                                                GError        **error);
gboolean     caissa_clock_start_side           (CaissaClock    *self,
                                                CaissaColor     side,
                                                GError        **error);
gboolean     caissa_clock_move_made            (CaissaClock    *self,
                                                CaissaColor     color,
                                                GError        **error);
gboolean     caissa_clock_take_back            (CaissaClock    *self,
                                                GError        **error);
gboolean     caissa_clock_press                (CaissaClock    *self,
                                                CaissaColor     color,
                                                GError        **error);
/* The press color made last undone: the clock as it stood just before it,
 * from now on — color's clock running again with his move to make, the
 * opponent's time since the press given back, nobody charged for it;
 * paused if the clocks are paused now. Only until the opponent moves (or
 * the clock is started, stopped, corrected or given a new state). */
gboolean     caissa_clock_get_can_take_back_press (CaissaClock *self,
                                                   CaissaColor  color);
gboolean     caissa_clock_take_back_press      (CaissaClock    *self,
                                                CaissaColor     color,
                                                GError        **error);
gboolean     caissa_clock_pause                (CaissaClock    *self,
                                                GError        **error);
gboolean     caissa_clock_resume               (CaissaClock    *self,
                                                GError        **error);
gboolean     caissa_clock_stop                 (CaissaClock    *self,
                                                GError        **error);

/* Arbiter corrections (RULES.md §8, Art. 12.5 and 6.13 of the seeds). */
gboolean     caissa_clock_arbiter_set_remaining (CaissaClock   *self,
                                                 CaissaColor    color,
                                                 gint64         ms,
                                                 GError       **error);
gboolean     caissa_clock_arbiter_add_time      (CaissaClock   *self,
                                                 CaissaColor    color,
                                                 gint64         ms,
                                                 GError       **error);
gboolean     caissa_clock_arbiter_set_moves     (CaissaClock   *self,
                                                 CaissaColor    color,
                                                 guint          moves,
                                                 GError       **error);

/* Re-reads the time source: notifies a changed display, emits "flag-fell"
 * for a flag that has fallen, reschedules the refresh. The clock's own
 * timeout calls it; tests call it after moving their fake time. */
void         caissa_clock_update               (CaissaClock    *self);

/* Queries (times in milliseconds, "now" from the time source). */
gboolean     caissa_clock_get_timed            (CaissaClock    *self);
gboolean     caissa_clock_get_started          (CaissaClock    *self);
gboolean     caissa_clock_get_paused           (CaissaClock    *self);
gboolean     caissa_clock_get_finished         (CaissaClock    *self);
CaissaColor  caissa_clock_get_running_side     (CaissaClock    *self);
CaissaColor  caissa_clock_get_side             (CaissaClock    *self);
gboolean     caissa_clock_get_awaiting_press   (CaissaClock    *self);
/* -1 when untimed; never below 0 otherwise. */
gint64       caissa_clock_get_remaining        (CaissaClock    *self,
                                                CaissaColor     color);
/* The clock face text for color: "1:30:00", "4:59", "0:09.7", "0:00.0"
 * (fallen), "-:--" (untimed). */
char        *caissa_clock_dup_display          (CaissaClock    *self,
                                                CaissaColor     color);
/* The side whose flag fell first, or NONE. */
CaissaColor  caissa_clock_get_flag_fallen      (CaissaClock    *self);
/* The instant (time source ms) color's flag fell, or -1. */
gint64       caissa_clock_get_flag_time        (CaissaClock    *self,
                                                CaissaColor     color);
/* Simple delay: ms of this turn's delay still to run, else 0. */
gint64       caissa_clock_get_delay_left       (CaissaClock    *self);
/* Total time used by color, and the time of its last move ([%emt]; -1
 * before any). */
gint64       caissa_clock_get_used             (CaissaClock    *self,
                                                CaissaColor     color);
gint64       caissa_clock_get_last_move_time   (CaissaClock    *self,
                                                CaissaColor     color);
guint        caissa_clock_get_moves            (CaissaClock    *self,
                                                CaissaColor     color);
/* Time controls passed (0 = first period), and moves still to make before
 * the next one (0: none ahead). */
guint        caissa_clock_get_period           (CaissaClock    *self,
                                                CaissaColor     color);
guint        caissa_clock_get_moves_to_go      (CaissaClock    *self,
                                                CaissaColor     color);

/* Save and restore everything (autosave, adjournment): the control,
 * remaining times, whose clock is on, the turn's time so far, pending
 * press, move counts, periods, fallen flags. The GVariant is an a{sv}
 * ("version" = 1, …); g_variant_print()/g_variant_parse() turn it into
 * text. A clock that was running comes back PAUSED: the players resume it.
 * Restoring a bad state sets CAISSA_CLOCK_ERROR_STATE and changes nothing. */
GVariant    *caissa_clock_save_state           (CaissaClock    *self);
gboolean     caissa_clock_restore_state        (CaissaClock    *self,
                                                GVariant       *state,
                                                GError        **error);

/* The built-in presets (chess_clock_get_presets()): an English name to
 * translate in the UI, and a TimeControl value. */
guint        caissa_clock_get_n_presets        (void);
const char  *caissa_clock_get_preset_name      (guint           index);
const char  *caissa_clock_get_preset_time_control (guint        index);

G_END_DECLS
