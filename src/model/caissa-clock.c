/* caissa-clock.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-clock"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "caissa-clock.h"
#include "chess-clock.h"

#define STATE_VERSION 1

struct _CaissaClock
{
  GObject         parent_instance;

  ChessClock      clock;
  char           *time_control;

  CaissaTimeFunc  time_func;
  gpointer        time_data;
  GDestroyNotify  time_destroy;

  guint           refresh_id;

  /* The clock as it stood just before the last press of a move, while
   * that press can still be taken back: until the next move, press,
   * start, stop, correction or new state. */
  ChessClockSnapshot before_press;
  gboolean           has_before_press;

  /* What the last notification told, to notify only on change. */
  gboolean        n_started;
  gboolean        n_paused;
  gboolean        n_finished;
  gboolean        n_moved;
  CaissaColor     n_running;
  CaissaColor     n_side;
  CaissaColor     n_flag;
  char            n_display[2][CHESS_CLOCK_FORMAT_MAX];
};

G_DEFINE_FINAL_TYPE (CaissaClock, caissa_clock, G_TYPE_OBJECT)
G_DEFINE_QUARK (caissa-clock-error-quark, caissa_clock_error)

enum
{
  PROP_0,
  PROP_TIME_CONTROL,
  PROP_TIMED,
  PROP_STARTED,
  PROP_PAUSED,
  PROP_FINISHED,
  PROP_RUNNING_SIDE,
  PROP_SIDE,
  PROP_AWAITING_PRESS,
  PROP_WHITE_REMAINING,
  PROP_BLACK_REMAINING,
  PROP_FLAG_FALLEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_PRESSED,
  SIGNAL_FLAG_FELL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_refresh (CaissaClock *self);

static gboolean
color_ok (CaissaColor color)
{
  return color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK;
}

static CaissaColor
to_caissa_color (int side)
{
  return side == CHESS_WHITE ? CAISSA_COLOR_WHITE
       : side == CHESS_BLACK ? CAISSA_COLOR_BLACK : CAISSA_COLOR_NONE;
}

static gint64
default_time_func (gpointer user_data)
{
  return g_get_monotonic_time () / 1000;
}

gint64
caissa_clock_get_now (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);

  return self->time_func (self->time_data);
}

static gboolean
status_to_error (ChessClockStatus   status,
                 GError           **error)
{
  if (status == CHESS_CLOCK_OK)
    return TRUE;
  g_set_error_literal (error, CAISSA_CLOCK_ERROR,
                       CAISSA_CLOCK_ERROR_INVALID + (status - CHESS_CLOCK_ERR_INVALID),
                       chess_clock_status_message (status));
  return FALSE;
}

/* Brings the notified state up to date with the clock at the time source's
 * now. `before` (or NULL) holds the remaining times just before an
 * operation: a time the operation changed is notified even when its
 * display looks the same. Then tells of new flags and reschedules the
 * refresh. */
static void
sync_state (CaissaClock  *self,
            const gint64 *before)
{
  gint64 now = caissa_clock_get_now (self);
  unsigned fresh = chess_clock_take_new_flags (&self->clock, now);
  const ChessClock *c = &self->clock;
  CaissaColor running = to_caissa_color (chess_clock_running (c));
  CaissaColor side = to_caissa_color (chess_clock_side (c));
  CaissaColor flag = to_caissa_color (chess_clock_first_flag (c, now));
  gboolean b;

  g_object_freeze_notify (G_OBJECT (self));

  for (int k = 0; k < 2; k++)
    {
      gint64 ms = chess_clock_remaining (c, (ChessColor) k, now);
      char text[CHESS_CLOCK_FORMAT_MAX];

      chess_clock_format (ms, text);
      if (strcmp (text, self->n_display[k]) != 0 || (before != NULL && ms != before[k]))
        {
          memcpy (self->n_display[k], text, sizeof text);
          g_object_notify_by_pspec (G_OBJECT (self),
                                    properties[k == 0 ? PROP_WHITE_REMAINING
                                                      : PROP_BLACK_REMAINING]);
        }
    }
  if ((b = chess_clock_is_started (c)) != self->n_started)
    {
      self->n_started = b;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTED]);
    }
  if ((b = chess_clock_is_paused (c)) != self->n_paused)
    {
      self->n_paused = b;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
    }
  if ((b = chess_clock_is_finished (c)) != self->n_finished)
    {
      self->n_finished = b;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
    }
  if ((b = chess_clock_has_moved (c)) != self->n_moved)
    {
      self->n_moved = b;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AWAITING_PRESS]);
    }
  if (running != self->n_running)
    {
      self->n_running = running;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING_SIDE]);
    }
  if (side != self->n_side)
    {
      self->n_side = side;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE]);
    }
  if (flag != self->n_flag)
    {
      self->n_flag = flag;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLAG_FALLEN]);
    }

  g_object_thaw_notify (G_OBJECT (self));

  schedule_refresh (self);

  /* New falls, the earlier first. */
  if (fresh == 3)
    {
      int first = chess_clock_first_flag (c, now);
      g_signal_emit (self, signals[SIGNAL_FLAG_FELL], 0, to_caissa_color (first));
      g_signal_emit (self, signals[SIGNAL_FLAG_FELL], 0, to_caissa_color (!first));
    }
  else if (fresh != 0)
    g_signal_emit (self, signals[SIGNAL_FLAG_FELL], 0,
                   fresh == 1 ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK);
}

/* The next value of `color`'s remaining time at which its display changes
 * (see chess_clock_format ()), or -1 for none. */
static gint64
next_display_change (gint64   ms,
                     gboolean rising)
{
  gint64 unit;

  if (ms < 0)
    return -1;
  unit = ms < 10000 ? 100 : 1000;
  if (rising)
    return ms < 200 ? 200 : (ms / unit + 1) * unit;
  if (ms == 0)
    return -1;
  /* Falling: the display shows ms rounded down to the unit, and "0:00.1"
   * for anything under 0.2 s until the flag. */
  ms = (ms / unit) * unit - 1;
  return ms < 100 ? 0 : ms;
}

static gboolean
refresh_cb (gpointer user_data)
{
  CaissaClock *self = user_data;

  self->refresh_id = 0;
  caissa_clock_update (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (CaissaClock *self)
{
  gint64 now, when = CHESS_CLOCK_NEVER;
  int running;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  running = chess_clock_running (&self->clock);
  if (running < 0 || !chess_clock_is_timed (&self->clock))
    return;

  now = caissa_clock_get_now (self);
  for (int c = 0; c < 2; c++)
    {
      gint64 ms = chess_clock_remaining (&self->clock, (ChessColor) c, now);
      gint64 target = next_display_change (ms, c != running);
      gint64 t;

      if (target < 0)
        continue;
      t = chess_clock_instant_at (&self->clock, (ChessColor) c, target, now);
      if (t < when)
        when = t;
    }
  if (when == CHESS_CLOCK_NEVER)
    return;
  /* Never a busy loop, whatever the time source does. */
  self->refresh_id = g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) CLAMP (when - now, 1, G_MAXINT),
                                         refresh_cb, self, NULL);
  g_source_set_name_by_id (self->refresh_id, "[caissa] clock refresh");
}

void
caissa_clock_update (CaissaClock *self)
{
  g_return_if_fail (CAISSA_IS_CLOCK (self));

  sync_state (self, NULL);
}

/* An operation: the time it happens at and the remaining times before it. */
typedef struct
{
  gint64 now;
  gint64 before[2];
} Op;

static void
op_begin (CaissaClock *self,
          Op          *op)
{
  op->now = caissa_clock_get_now (self);
  for (int c = 0; c < 2; c++)
    op->before[c] = chess_clock_remaining (&self->clock, (ChessColor) c, op->now);
}

static gboolean
op_end (CaissaClock       *self,
        const Op          *op,
        ChessClockStatus   status,
        GError           **error)
{
  if (status == CHESS_CLOCK_OK)
    sync_state (self, op->before);
  return status_to_error (status, error);
}

/* ---------------------------------------------------------------- setup */

void
caissa_clock_set_time_func (CaissaClock    *self,
                            CaissaTimeFunc  func,
                            gpointer        user_data,
                            GDestroyNotify  destroy)
{
  g_return_if_fail (CAISSA_IS_CLOCK (self));

  if (self->time_destroy)
    self->time_destroy (self->time_data);
  self->time_func = func ? func : default_time_func;
  self->time_data = func ? user_data : NULL;
  self->time_destroy = func ? destroy : NULL;
  sync_state (self, NULL);
}

/* Puts `clock` in place, notifying time-control and timed if changed. */
static void
install (CaissaClock      *self,
         const ChessClock *clock)
{
  char buf[CHESS_TIME_CONTROL_MAX];
  g_autofree char *old = g_steal_pointer (&self->time_control);
  gboolean was_timed = chess_clock_is_timed (&self->clock);
  Op op;

  op_begin (self, &op);
  self->clock = *clock;
  self->has_before_press = FALSE;
  self->time_control = g_strdup (chess_time_control_write (&clock->tc, buf));
  if (g_strcmp0 (old, self->time_control) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_CONTROL]);
  if (was_timed != chess_clock_is_timed (&self->clock))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMED]);
  sync_state (self, op.before);
}

static void
reset_to (CaissaClock            *self,
          const ChessTimeControl *tc)
{
  ChessClock clock;

  chess_clock_init (&clock, tc);
  install (self, &clock);
}

gboolean
caissa_clock_set_time_control (CaissaClock  *self,
                               const char   *time_control,
                               GError      **error)
{
  ChessTimeControl tc;
  ChessError cerr = { 0 };

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (time_control != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!chess_time_control_parse (&tc, time_control, strlen (time_control), &cerr))
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_TIME_CONTROL,
                   /* Translators: TimeControl is the name of a PGN tag, kept
                    * in English; the time control as typed, the column
                    * (character) where it is wrong, then what is wrong. */
                   _("TimeControl \"%s\", column %lu: %s"), time_control, cerr.column,
                   cerr.message);
      return FALSE;
    }
  reset_to (self, &tc);
  return TRUE;
}

const char *
caissa_clock_get_time_control (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), NULL);

  return self->time_control;
}

void
caissa_clock_reset (CaissaClock *self)
{
  ChessTimeControl tc;

  g_return_if_fail (CAISSA_IS_CLOCK (self));

  tc = self->clock.tc;
  reset_to (self, &tc);
}

/* ---------------------------------------------------------------- operations */

gboolean
caissa_clock_start (CaissaClock  *self,
                    GError      **error)
{
  return caissa_clock_start_side (self, CAISSA_COLOR_WHITE, error);
}

gboolean
caissa_clock_start_side (CaissaClock  *self,
                         CaissaColor   side,
                         GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (side), FALSE);

  op_begin (self, &op);
  status = chess_clock_start_side (&self->clock, (ChessColor) side, op.now);
  if (status == CHESS_CLOCK_OK)
    self->has_before_press = FALSE;
  return op_end (self, &op, status, error);
}

gboolean
caissa_clock_move_made (CaissaClock  *self,
                        CaissaColor   color,
                        GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  op_begin (self, &op);
  status = chess_clock_move_made (&self->clock, (ChessColor) color, op.now);
  if (status == CHESS_CLOCK_OK)
    self->has_before_press = FALSE;
  return op_end (self, &op, status, error);
}

gboolean
caissa_clock_take_back (CaissaClock  *self,
                        GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);

  op_begin (self, &op);
  status = chess_clock_take_back (&self->clock);
  return op_end (self, &op, status, error);
}

gboolean
caissa_clock_get_can_take_back_press (CaissaClock *self,
                                      CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  /* color pressed last, and the opponent, whose clock runs, has not
   * moved since. */
  return self->has_before_press && self->before_press.side == (int) color
         && chess_clock_is_started (&self->clock) && !chess_clock_is_finished (&self->clock)
         && chess_clock_side (&self->clock) == (int) (color ^ 1)
         && !chess_clock_has_moved (&self->clock);
}

gboolean
caissa_clock_take_back_press (CaissaClock  *self,
                              CaissaColor   color,
                              GError      **error)
{
  ChessClockSnapshot s;
  ChessClock restored;
  ChessError cerr = { 0 };
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  if (!caissa_clock_get_can_take_back_press (self, color))
    {
      g_set_error_literal (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_INVALID,
                           "no press of that player can be taken back now");
      return FALSE;
    }
  op_begin (self, &op);
  /* As just before the press, from now: his move to make again, the time
   * since the press charged to nobody; paused if the clocks are now. */
  s = self->before_press;
  s.moved = false;
  s.paused = chess_clock_is_paused (&self->clock);
  if (!chess_clock_restore (&restored, &s, op.now, &cerr))
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE, "%s", cerr.message);
      return FALSE;
    }
  self->clock = restored;
  self->has_before_press = FALSE;
  return op_end (self, &op, CHESS_CLOCK_OK, error);
}

gboolean
caissa_clock_press (CaissaClock  *self,
                    CaissaColor   color,
                    GError      **error)
{
  ChessClockSnapshot before;
  ChessClockStatus status;
  Op op;
  gboolean was_started;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  was_started = chess_clock_is_started (&self->clock);
  op_begin (self, &op);
  if (was_started)
    chess_clock_snapshot (&self->clock, op.now, &before);
  status = chess_clock_press (&self->clock, (ChessColor) color, op.now);
  if (status == CHESS_CLOCK_OK)
    {
      /* A move's press (not the one that starts the clock). */
      self->has_before_press = was_started;
      if (was_started)
        self->before_press = before;
    }
  if (!op_end (self, &op, status, error))
    return FALSE;

  g_debug ("%s pressed", color == CAISSA_COLOR_WHITE ? "White" : "Black");
  if (was_started)
    g_signal_emit (self, signals[SIGNAL_PRESSED], 0, color);
  return TRUE;
}

/* An operation that needs only the time: pause, resume, stop. */
static gboolean
run_timed_op (CaissaClock       *self,
              ChessClockStatus (*operation) (ChessClock *clock, int64_t now),
              GError           **error)
{
  Op op;

  op_begin (self, &op);
  return op_end (self, &op, operation (&self->clock, op.now), error);
}

gboolean
caissa_clock_pause (CaissaClock  *self,
                    GError      **error)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);

  return run_timed_op (self, chess_clock_pause, error);
}

gboolean
caissa_clock_resume (CaissaClock  *self,
                     GError      **error)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);

  return run_timed_op (self, chess_clock_resume, error);
}

gboolean
caissa_clock_stop (CaissaClock  *self,
                   GError      **error)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);

  self->has_before_press = FALSE;
  return run_timed_op (self, chess_clock_stop, error);
}

gboolean
caissa_clock_arbiter_set_remaining (CaissaClock  *self,
                                    CaissaColor   color,
                                    gint64        ms,
                                    GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  op_begin (self, &op);
  status = chess_clock_set_remaining (&self->clock, (ChessColor) color, ms,
                                      op.now);
  if (status == CHESS_CLOCK_OK)
    self->has_before_press = FALSE;
  return op_end (self, &op, status, error);
}

gboolean
caissa_clock_arbiter_add_time (CaissaClock  *self,
                               CaissaColor   color,
                               gint64        ms,
                               GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  op_begin (self, &op);
  status = chess_clock_add_time (&self->clock, (ChessColor) color, ms,
                                 op.now);
  if (status == CHESS_CLOCK_OK)
    self->has_before_press = FALSE;
  return op_end (self, &op, status, error);
}

gboolean
caissa_clock_arbiter_set_moves (CaissaClock  *self,
                                CaissaColor   color,
                                guint         moves,
                                GError      **error)
{
  ChessClockStatus status;
  Op op;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color_ok (color), FALSE);

  op_begin (self, &op);
  status = chess_clock_set_moves (&self->clock, (ChessColor) color, moves);
  if (status == CHESS_CLOCK_OK)
    self->has_before_press = FALSE;
  return op_end (self, &op, status, error);
}

/* ---------------------------------------------------------------- queries */

gboolean
caissa_clock_get_timed (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  return chess_clock_is_timed (&self->clock);
}

gboolean
caissa_clock_get_started (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  return chess_clock_is_started (&self->clock);
}

gboolean
caissa_clock_get_paused (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  return chess_clock_is_paused (&self->clock);
}

gboolean
caissa_clock_get_finished (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  return chess_clock_is_finished (&self->clock);
}

CaissaColor
caissa_clock_get_running_side (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), CAISSA_COLOR_NONE);
  return to_caissa_color (chess_clock_running (&self->clock));
}

CaissaColor
caissa_clock_get_side (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), CAISSA_COLOR_NONE);
  return to_caissa_color (chess_clock_side (&self->clock));
}

gboolean
caissa_clock_get_awaiting_press (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  return chess_clock_has_moved (&self->clock);
}

gint64
caissa_clock_get_remaining (CaissaClock *self,
                            CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  g_return_val_if_fail (color_ok (color), 0);
  return chess_clock_remaining (&self->clock, (ChessColor) color, caissa_clock_get_now (self));
}

char *
caissa_clock_dup_display (CaissaClock *self,
                          CaissaColor  color)
{
  char buf[CHESS_CLOCK_FORMAT_MAX];

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), NULL);
  g_return_val_if_fail (color_ok (color), NULL);
  return g_strdup (chess_clock_format (caissa_clock_get_remaining (self, color), buf));
}

CaissaColor
caissa_clock_get_flag_fallen (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), CAISSA_COLOR_NONE);
  return to_caissa_color (chess_clock_first_flag (&self->clock, caissa_clock_get_now (self)));
}

gint64
caissa_clock_get_flag_time (CaissaClock *self,
                            CaissaColor  color)
{
  gint64 t;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), -1);
  g_return_val_if_fail (color_ok (color), -1);
  t = chess_clock_flag_time (&self->clock, (ChessColor) color, caissa_clock_get_now (self));
  return t == CHESS_CLOCK_NEVER ? -1 : t;
}

gint64
caissa_clock_get_delay_left (CaissaClock *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  return chess_clock_delay_left (&self->clock, caissa_clock_get_now (self));
}

gint64
caissa_clock_get_used (CaissaClock *self,
                       CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  g_return_val_if_fail (color_ok (color), 0);
  return chess_clock_used (&self->clock, (ChessColor) color, caissa_clock_get_now (self));
}

gint64
caissa_clock_get_last_move_time (CaissaClock *self,
                                 CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), -1);
  g_return_val_if_fail (color_ok (color), -1);
  return chess_clock_last_move_time (&self->clock, (ChessColor) color);
}

guint
caissa_clock_get_moves (CaissaClock *self,
                        CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  g_return_val_if_fail (color_ok (color), 0);
  return chess_clock_moves (&self->clock, (ChessColor) color);
}

guint
caissa_clock_get_period (CaissaClock *self,
                         CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  g_return_val_if_fail (color_ok (color), 0);
  return chess_clock_period (&self->clock, (ChessColor) color);
}

guint
caissa_clock_get_moves_to_go (CaissaClock *self,
                              CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK (self), 0);
  g_return_val_if_fail (color_ok (color), 0);
  return chess_clock_moves_to_go (&self->clock, (ChessColor) color);
}

/* ---------------------------------------------------------------- saving */

GVariant *
caissa_clock_save_state (CaissaClock *self)
{
  ChessClockSnapshot s;
  GVariantBuilder b;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), NULL);

  chess_clock_snapshot (&self->clock, caissa_clock_get_now (self), &s);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "version", g_variant_new_uint32 (STATE_VERSION));
  g_variant_builder_add (&b, "{sv}", "time-control", g_variant_new_string (self->time_control));
  g_variant_builder_add (&b, "{sv}", "started", g_variant_new_boolean (s.started));
  g_variant_builder_add (&b, "{sv}", "paused", g_variant_new_boolean (s.paused));
  g_variant_builder_add (&b, "{sv}", "finished", g_variant_new_boolean (s.finished));
  g_variant_builder_add (&b, "{sv}", "moved", g_variant_new_boolean (s.moved));
  g_variant_builder_add (&b, "{sv}", "side", g_variant_new_int32 (s.side));
  g_variant_builder_add (&b, "{sv}", "turn-elapsed", g_variant_new_int64 (s.turn_elapsed));
  g_variant_builder_add (&b, "{sv}", "turn-bonus", g_variant_new_uint32 (s.turn_bonus));
  g_variant_builder_add (&b, "{sv}", "turn-bonus-ms", g_variant_new_int64 (s.turn_bonus_ms));
  g_variant_builder_add (&b, "{sv}", "flags-reported", g_variant_new_uint32 (s.flags_reported));
  g_variant_builder_add (&b, "{sv}", "remaining",
                         g_variant_new ("(xx)", s.remaining[0], s.remaining[1]));
  g_variant_builder_add (&b, "{sv}", "used", g_variant_new ("(xx)", s.used[0], s.used[1]));
  g_variant_builder_add (&b, "{sv}", "last-move",
                         g_variant_new ("(xx)", s.last_move[0], s.last_move[1]));
  g_variant_builder_add (&b, "{sv}", "flag-age",
                         g_variant_new ("(xx)", s.flag_age[0], s.flag_age[1]));
  g_variant_builder_add (&b, "{sv}", "moves", g_variant_new ("(uu)", s.moves[0], s.moves[1]));
  g_variant_builder_add (&b, "{sv}", "period", g_variant_new ("(uu)", s.period[0], s.period[1]));
  g_variant_builder_add (&b, "{sv}", "period-moves",
                         g_variant_new ("(uu)", s.period_moves[0], s.period_moves[1]));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static gboolean
lookup (GVariant    *state,
        const char  *key,
        const char  *type,
        gpointer     out1,
        gpointer     out2,
        GError     **error)
{
  g_autoptr(GVariant) v = g_variant_lookup_value (state, key, G_VARIANT_TYPE (type));

  if (v == NULL)
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE,
                   /* Translators: the clock kept with an unfinished game;
                    * a key name and a GVariant type string, both kept as
                    * they are (e.g. "remaining", "(xx)"). */
                   _("saved clock state: \"%s\" of type %s is missing"), key, type);
      return FALSE;
    }
  g_variant_get (v, type, out1, out2);
  return TRUE;
}

gboolean
caissa_clock_restore_state (CaissaClock  *self,
                            GVariant     *state,
                            GError      **error)
{
  ChessClockSnapshot s;
  ChessClock restored;
  ChessError cerr = { 0 };
  guint32 version = 0, bonus = 0;
  gboolean started, paused, finished, moved;
  gint32 side;
  g_autofree char *tc_owned = NULL;

  g_return_val_if_fail (CAISSA_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE,
                   /* Translators: the clock kept with an unfinished game;
                    * a{sv} and %s are GVariant type strings, kept as they
                    * are. */
                   _("saved clock state: expected a{sv}, got %s"),
                   g_variant_get_type_string (state));
      return FALSE;
    }
  if (!lookup (state, "version", "u", &version, NULL, error))
    return FALSE;
  if (version != STATE_VERSION)
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE,
                   /* Translators: the clock kept with an unfinished game;
                    * %u is the version of its format. */
                   _("saved clock state: version %u is not known"), version);
      return FALSE;
    }

  memset (&s, 0, sizeof s);
  if (!lookup (state, "time-control", "s", &tc_owned, NULL, error)
      || !lookup (state, "started", "b", &started, NULL, error)
      || !lookup (state, "paused", "b", &paused, NULL, error)
      || !lookup (state, "finished", "b", &finished, NULL, error)
      || !lookup (state, "moved", "b", &moved, NULL, error)
      || !lookup (state, "side", "i", &side, NULL, error)
      || !lookup (state, "turn-elapsed", "x", &s.turn_elapsed, NULL, error)
      || !lookup (state, "turn-bonus", "u", &bonus, NULL, error)
      || !lookup (state, "turn-bonus-ms", "x", &s.turn_bonus_ms, NULL, error)
      || !lookup (state, "flags-reported", "u", &s.flags_reported, NULL, error)
      || !lookup (state, "remaining", "(xx)", &s.remaining[0], &s.remaining[1], error)
      || !lookup (state, "used", "(xx)", &s.used[0], &s.used[1], error)
      || !lookup (state, "last-move", "(xx)", &s.last_move[0], &s.last_move[1], error)
      || !lookup (state, "flag-age", "(xx)", &s.flag_age[0], &s.flag_age[1], error)
      || !lookup (state, "moves", "(uu)", &s.moves[0], &s.moves[1], error)
      || !lookup (state, "period", "(uu)", &s.period[0], &s.period[1], error)
      || !lookup (state, "period-moves", "(uu)", &s.period_moves[0], &s.period_moves[1], error))
    return FALSE;

  if (!chess_time_control_parse (&s.tc, tc_owned, strlen (tc_owned), &cerr))
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE,
                   /* Translators: the clock kept with an unfinished game;
                    * TimeControl is the name of a PGN tag, kept in English;
                    * the time control, then what is wrong with it. */
                   _("saved clock state: TimeControl \"%s\": %s"), tc_owned, cerr.message);
      return FALSE;
    }
  if (bonus > CHESS_BONUS_DELAY)
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE,
                   /* Translators: the clock kept with an unfinished game;
                    * %u is a number that names no kind of turn bonus
                    * (increment or delay). */
                   _("saved clock state: bad turn bonus %u"), bonus);
      return FALSE;
    }
  s.started = started;
  /* A clock that ran comes back paused: the players resume it. */
  s.paused = paused || (started && !finished);
  s.finished = finished;
  s.moved = moved;
  s.side = side;
  s.turn_bonus = (ChessBonusKind) bonus;

  if (!chess_clock_restore (&restored, &s, caissa_clock_get_now (self), &cerr))
    {
      g_set_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE, "%s", cerr.message);
      return FALSE;
    }

  install (self, &restored);
  return TRUE;
}

/* ---------------------------------------------------------------- presets */

guint
caissa_clock_get_n_presets (void)
{
  unsigned n;
  chess_clock_get_presets (&n);
  return n;
}

const char *
caissa_clock_get_preset_name (guint index)
{
  unsigned n;
  const ChessClockPreset *presets = chess_clock_get_presets (&n);

  g_return_val_if_fail (index < n, NULL);
  return presets[index].name;
}

const char *
caissa_clock_get_preset_time_control (guint index)
{
  unsigned n;
  const ChessClockPreset *presets = chess_clock_get_presets (&n);

  g_return_val_if_fail (index < n, NULL);
  return presets[index].time_control;
}

/* ---------------------------------------------------------------- GObject */

CaissaClock *
caissa_clock_new (void)
{
  return g_object_new (CAISSA_TYPE_CLOCK, NULL);
}

CaissaClock *
caissa_clock_new_for_time_control (const char  *time_control,
                                   GError     **error)
{
  g_autoptr(CaissaClock) self = caissa_clock_new ();

  g_return_val_if_fail (time_control != NULL, NULL);

  if (!caissa_clock_set_time_control (self, time_control, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
caissa_clock_dispose (GObject *object)
{
  CaissaClock *self = CAISSA_CLOCK (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);

  G_OBJECT_CLASS (caissa_clock_parent_class)->dispose (object);
}

static void
caissa_clock_finalize (GObject *object)
{
  CaissaClock *self = CAISSA_CLOCK (object);

  if (self->time_destroy)
    self->time_destroy (self->time_data);
  g_free (self->time_control);

  G_OBJECT_CLASS (caissa_clock_parent_class)->finalize (object);
}

static void
caissa_clock_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CaissaClock *self = CAISSA_CLOCK (object);

  switch (prop_id)
    {
    case PROP_TIME_CONTROL:
      g_value_set_string (value, self->time_control);
      break;
    case PROP_TIMED:
      g_value_set_boolean (value, caissa_clock_get_timed (self));
      break;
    case PROP_STARTED:
      g_value_set_boolean (value, caissa_clock_get_started (self));
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, caissa_clock_get_paused (self));
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, caissa_clock_get_finished (self));
      break;
    case PROP_RUNNING_SIDE:
      g_value_set_enum (value, caissa_clock_get_running_side (self));
      break;
    case PROP_SIDE:
      g_value_set_enum (value, caissa_clock_get_side (self));
      break;
    case PROP_AWAITING_PRESS:
      g_value_set_boolean (value, caissa_clock_get_awaiting_press (self));
      break;
    case PROP_WHITE_REMAINING:
      g_value_set_int64 (value, caissa_clock_get_remaining (self, CAISSA_COLOR_WHITE));
      break;
    case PROP_BLACK_REMAINING:
      g_value_set_int64 (value, caissa_clock_get_remaining (self, CAISSA_COLOR_BLACK));
      break;
    case PROP_FLAG_FALLEN:
      g_value_set_enum (value, caissa_clock_get_flag_fallen (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_clock_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  CaissaClock *self = CAISSA_CLOCK (object);

  switch (prop_id)
    {
    case PROP_TIME_CONTROL:
      {
        g_autoptr(GError) error = NULL;
        const char *text = g_value_get_string (value);
        if (!caissa_clock_set_time_control (self, text ? text : "-", &error))
          g_warning ("%s", error->message);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_clock_class_init (CaissaClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_clock_dispose;
  object_class->finalize = caissa_clock_finalize;
  object_class->get_property = caissa_clock_get_property;
  object_class->set_property = caissa_clock_set_property;

  properties[PROP_TIME_CONTROL] =
    g_param_spec_string ("time-control", NULL, NULL, "-",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIMED] = g_param_spec_boolean ("timed", NULL, NULL, FALSE, ro);
  properties[PROP_STARTED] = g_param_spec_boolean ("started", NULL, NULL, FALSE, ro);
  properties[PROP_PAUSED] = g_param_spec_boolean ("paused", NULL, NULL, FALSE, ro);
  properties[PROP_FINISHED] = g_param_spec_boolean ("finished", NULL, NULL, FALSE, ro);
  properties[PROP_RUNNING_SIDE] =
    g_param_spec_enum ("running-side", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_NONE, ro);
  properties[PROP_SIDE] =
    g_param_spec_enum ("side", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_NONE, ro);
  properties[PROP_AWAITING_PRESS] =
    g_param_spec_boolean ("awaiting-press", NULL, NULL, FALSE, ro);
  properties[PROP_WHITE_REMAINING] =
    g_param_spec_int64 ("white-remaining", NULL, NULL, -1, G_MAXINT64, -1, ro);
  properties[PROP_BLACK_REMAINING] =
    g_param_spec_int64 ("black-remaining", NULL, NULL, -1, G_MAXINT64, -1, ro);
  properties[PROP_FLAG_FALLEN] =
    g_param_spec_enum ("flag-fallen", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_NONE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_PRESSED] =
    g_signal_new ("pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CAISSA_TYPE_COLOR);
  signals[SIGNAL_FLAG_FELL] =
    g_signal_new ("flag-fell", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CAISSA_TYPE_COLOR);
}

static void
caissa_clock_init (CaissaClock *self)
{
  ChessTimeControl tc;

  self->time_func = default_time_func;
  chess_time_control_init_none (&tc);
  chess_clock_init (&self->clock, &tc);
  self->time_control = g_strdup ("-");
  self->n_running = self->n_side = self->n_flag = CAISSA_COLOR_NONE;
  chess_clock_format (CHESS_CLOCK_UNLIMITED, self->n_display[0]);
  chess_clock_format (CHESS_CLOCK_UNLIMITED, self->n_display[1]);
}
