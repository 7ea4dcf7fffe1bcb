/* test-caissa-clock.c — CaissaClock with a fake time source: notifications,
 * flag-fell at the exact instant, no drift, save and restore.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "caissa-clock.h"
#include "chess-clock.h"

#define WHITE CAISSA_COLOR_WHITE
#define BLACK CAISSA_COLOR_BLACK

typedef struct
{
  gint64 now;
} FakeTime;

static gint64
fake_time (gpointer user_data)
{
  return ((FakeTime *) user_data)->now;
}

/* Counts notify:: per property and the two signals. */
typedef struct
{
  GHashTable  *counts;
  guint        pressed;
  CaissaColor  last_pressed;
  guint        flags;
  CaissaColor  flag_colors[4];
  gint64       flag_seen_at[4];
  FakeTime    *time;
} Recorder;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Recorder   *rec)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (rec->counts, pspec->name));

  g_hash_table_insert (rec->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
pressed_cb (CaissaClock *clock,
            CaissaColor  color,
            Recorder    *rec)
{
  rec->pressed++;
  rec->last_pressed = color;
}

static void
flag_fell_cb (CaissaClock *clock,
              CaissaColor  color,
              Recorder    *rec)
{
  if (rec->flags < G_N_ELEMENTS (rec->flag_colors))
    {
      rec->flag_colors[rec->flags] = color;
      rec->flag_seen_at[rec->flags] = rec->time->now;
    }
  rec->flags++;
  /* When told, the clock already says so. */
  g_assert_cmpint (caissa_clock_get_flag_time (clock, color), >=, 0);
  g_assert_cmpint (caissa_clock_get_remaining (clock, color), ==, 0);
}

static void
recorder_attach (Recorder    *rec,
                 CaissaClock *clock,
                 FakeTime    *time)
{
  memset (rec, 0, sizeof *rec);
  rec->counts = g_hash_table_new (g_str_hash, g_str_equal);
  rec->time = time;
  g_signal_connect (clock, "notify", G_CALLBACK (notify_cb), rec);
  g_signal_connect (clock, "pressed", G_CALLBACK (pressed_cb), rec);
  g_signal_connect (clock, "flag-fell", G_CALLBACK (flag_fell_cb), rec);
}

static void
recorder_clear (Recorder *rec)
{
  g_hash_table_remove_all (rec->counts);
  rec->pressed = rec->flags = 0;
}

static void
recorder_detach (Recorder    *rec,
                 CaissaClock *clock)
{
  g_signal_handlers_disconnect_by_data (clock, rec);
  g_hash_table_unref (rec->counts);
}

static guint
count (Recorder   *rec,
       const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (rec->counts, name));
}

static CaissaClock *
new_clock (const char *tc,
           FakeTime   *time)
{
  g_autoptr(GError) error = NULL;
  CaissaClock *clock = caissa_clock_new_for_time_control (tc, &error);

  g_assert_no_error (error);
  g_assert_nonnull (clock);
  caissa_clock_set_time_func (clock, fake_time, time, NULL);
  return clock;
}

static void
move_and_press (CaissaClock *clock,
                CaissaColor  color)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (caissa_clock_move_made (clock, color, &error));
  g_assert_no_error (error);
  g_assert_true (caissa_clock_press (clock, color, &error));
  g_assert_no_error (error);
}

static void
test_notify (void)
{
  FakeTime time = { 5000 };
  CaissaClock *clock = new_clock ("300+2", &time);
  g_autoptr(GError) error = NULL;
  Recorder rec;
  gint64 ms;

  recorder_attach (&rec, clock, &time);
  g_assert_true (caissa_clock_get_timed (clock));
  g_assert_false (caissa_clock_get_started (clock));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_NONE);

  g_assert_true (caissa_clock_start (clock, &error));
  g_assert_cmpuint (count (&rec, "started"), ==, 1);
  g_assert_cmpuint (count (&rec, "running-side"), ==, 1);
  g_assert_cmpuint (count (&rec, "side"), ==, 1);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 0);
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, WHITE);

  /* Time passing shows only when the display changes. */
  time.now += 400;
  caissa_clock_update (clock);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 1);  /* 5:00 → 4:59 */
  time.now += 500;
  caissa_clock_update (clock);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 1);  /* still 4:59 */
  time.now += 100;
  caissa_clock_update (clock);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 1);  /* 299000: still 4:59 */
  time.now += 1;
  caissa_clock_update (clock);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 2);  /* 4:58 */
  g_assert_cmpuint (count (&rec, "black-remaining"), ==, 0);
  g_object_get (clock, "white-remaining", &ms, NULL);
  g_assert_cmpint (ms, ==, 300000 - 1001);

  /* Move, then press: the increment is notified, the sides change. */
  recorder_clear (&rec);
  g_assert_true (caissa_clock_move_made (clock, WHITE, &error));
  g_assert_cmpuint (count (&rec, "awaiting-press"), ==, 1);
  g_assert_true (caissa_clock_get_awaiting_press (clock));
  g_assert_true (caissa_clock_press (clock, WHITE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rec.pressed, ==, 1);
  g_assert_cmpint (rec.last_pressed, ==, WHITE);
  g_assert_cmpuint (count (&rec, "awaiting-press"), ==, 2);
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, 1);
  g_assert_cmpuint (count (&rec, "running-side"), ==, 1);
  g_assert_cmpuint (count (&rec, "side"), ==, 1);
  g_assert_cmpuint (count (&rec, "started"), ==, 0);
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, 300000 - 1001 + 2000);
  g_assert_cmpint (caissa_clock_get_last_move_time (clock, WHITE), ==, 1001);
  g_assert_cmpuint (caissa_clock_get_moves (clock, WHITE), ==, 1);

  /* Pause and resume. */
  recorder_clear (&rec);
  g_assert_true (caissa_clock_pause (clock, &error));
  g_assert_cmpuint (count (&rec, "paused"), ==, 1);
  g_assert_cmpuint (count (&rec, "running-side"), ==, 1);
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_NONE);
  g_assert_cmpint (caissa_clock_get_side (clock), ==, BLACK);
  time.now += 60000;
  caissa_clock_update (clock);
  g_assert_cmpint (caissa_clock_get_remaining (clock, BLACK), ==, 300000);
  g_assert_cmpuint (count (&rec, "black-remaining"), ==, 0);
  g_assert_true (caissa_clock_resume (clock, &error));
  g_assert_cmpuint (count (&rec, "paused"), ==, 2);
  g_assert_false (caissa_clock_get_paused (clock));

  /* A value the same operation leaves alone is not notified. */
  recorder_clear (&rec);
  g_object_set (clock, "time-control", "300+2", NULL);
  g_assert_cmpuint (count (&rec, "time-control"), ==, 0);
  g_assert_cmpuint (count (&rec, "timed"), ==, 0);
  g_assert_cmpuint (count (&rec, "started"), ==, 1);
  g_object_set (clock, "time-control", "-", NULL);
  g_assert_cmpuint (count (&rec, "time-control"), ==, 1);
  g_assert_cmpuint (count (&rec, "timed"), ==, 1);
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, -1);
  {
    g_autofree char *text = caissa_clock_dup_display (clock, WHITE);
    g_assert_cmpstr (text, ==, "-:--");
  }

  recorder_detach (&rec, clock);
  g_assert_finalize_object (clock);
}

static void
test_press_refused (void)
{
  FakeTime time = { 0 };
  CaissaClock *clock = new_clock ("180+2", &time);
  GError *error = NULL;
  Recorder rec;

  recorder_attach (&rec, clock, &time);
  g_assert_false (caissa_clock_move_made (clock, WHITE, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_NOT_STARTED);
  g_clear_error (&error);

  /* Black's button starts White's clock; that is no move, no "pressed". */
  g_assert_true (caissa_clock_press (clock, BLACK, &error));
  g_assert_cmpuint (rec.pressed, ==, 0);
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, WHITE);

  time.now = 3000;
  g_assert_false (caissa_clock_press (clock, BLACK, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_NOT_YOUR_CLOCK);
  g_clear_error (&error);
  g_assert_false (caissa_clock_press (clock, WHITE, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_NO_MOVE);
  g_clear_error (&error);
  g_assert_cmpuint (rec.pressed, ==, 0);
  /* No increment from refused presses. */
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, 177000);

  g_assert_true (caissa_clock_move_made (clock, WHITE, &error));
  g_assert_false (caissa_clock_move_made (clock, WHITE, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_ALREADY_MOVED);
  g_clear_error (&error);
  g_assert_true (caissa_clock_take_back (clock, &error));
  g_assert_false (caissa_clock_press (clock, WHITE, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_NO_MOVE);
  g_clear_error (&error);
  move_and_press (clock, WHITE);
  g_assert_cmpuint (rec.pressed, ==, 1);
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, 179000);

  g_assert_true (caissa_clock_stop (clock, &error));
  g_assert_false (caissa_clock_resume (clock, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_FINISHED);
  g_clear_error (&error);
  g_assert_true (caissa_clock_get_finished (clock));

  recorder_detach (&rec, clock);
  g_assert_finalize_object (clock);
}

static void
test_flag_fell_exact (void)
{
  FakeTime time = { 1000 };
  CaissaClock *clock = new_clock ("10", &time);
  g_autoptr(GError) error = NULL;
  Recorder rec;

  recorder_attach (&rec, clock, &time);
  g_assert_true (caissa_clock_start (clock, &error));
  time.now = 1000 + 9999;
  caissa_clock_update (clock);
  g_assert_cmpuint (rec.flags, ==, 0);
  {
    g_autofree char *text = caissa_clock_dup_display (clock, WHITE);
    g_assert_cmpstr (text, ==, "0:00.1");
  }
  time.now = 1000 + 10000;
  caissa_clock_update (clock);
  g_assert_cmpuint (rec.flags, ==, 1);
  g_assert_cmpint (rec.flag_colors[0], ==, WHITE);
  g_assert_cmpint (rec.flag_seen_at[0], ==, 11000);
  g_assert_cmpint (caissa_clock_get_flag_time (clock, WHITE), ==, 11000);
  g_assert_cmpint (caissa_clock_get_flag_fallen (clock), ==, WHITE);
  g_assert_cmpuint (count (&rec, "flag-fallen"), ==, 1);
  {
    g_autofree char *text = caissa_clock_dup_display (clock, WHITE);
    g_assert_cmpstr (text, ==, "0:00.0");
  }
  /* Never twice. */
  time.now = 60000;
  caissa_clock_update (clock);
  caissa_clock_update (clock);
  g_assert_cmpuint (rec.flags, ==, 1);
  g_assert_cmpuint (count (&rec, "flag-fallen"), ==, 1);

  /* A flag seen late still has its own instant, and the first one is
   * known when both fell: here White moves after his flag, Black then
   * overstays, and nobody looked in between. */
  recorder_clear (&rec);
  g_assert_true (caissa_clock_set_time_control (clock, "10", &error));
  time.now = 100000;
  g_assert_true (caissa_clock_start (clock, &error));
  time.now = 112000;
  g_assert_true (caissa_clock_move_made (clock, WHITE, &error));
  /* The operation itself saw the flag. */
  g_assert_cmpuint (rec.flags, ==, 1);
  g_assert_true (caissa_clock_press (clock, WHITE, &error));
  g_assert_cmpint (caissa_clock_get_flag_time (clock, WHITE), ==, 110000);
  time.now = 500000;
  caissa_clock_update (clock);
  g_assert_cmpuint (rec.flags, ==, 2);
  g_assert_cmpint (rec.flag_colors[1], ==, BLACK);
  g_assert_cmpint (caissa_clock_get_flag_time (clock, BLACK), ==, 122000);
  g_assert_cmpint (caissa_clock_get_flag_fallen (clock), ==, WHITE);

  recorder_detach (&rec, clock);
  g_assert_finalize_object (clock);
}

static void
flag_quit_cb (CaissaClock *clock,
              CaissaColor  color,
              gboolean    *fell)
{
  *fell = TRUE;
}

static gboolean
give_up_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The clock's own timeout, driven through the main loop. */
static void
test_main_loop (void)
{
  FakeTime time = { 0 };
  CaissaClock *clock = new_clock ("0.5", &time);
  g_autoptr(GError) error = NULL;
  gboolean fell = FALSE, gave_up = FALSE;
  guint give_up;
  Recorder rec;

  recorder_attach (&rec, clock, &time);
  g_signal_connect (clock, "flag-fell", G_CALLBACK (flag_quit_cb), &fell);
  g_assert_true (caissa_clock_start (clock, &error));
  /* The next display change is 0.1 s away (of fake time, which the timeout
   * waits in real time); by then the fake flag has fallen. */
  time.now = 500;
  give_up = g_timeout_add_seconds (10, give_up_cb, &gave_up);
  while (!fell && !gave_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (fell);
  g_assert_false (gave_up);
  g_source_remove (give_up);
  g_assert_cmpuint (rec.flags, ==, 1);
  g_assert_cmpint (caissa_clock_get_flag_time (clock, WHITE), ==, 500);
  /* Nothing is scheduled once nothing can change. */
  time.now = 900;
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (rec.flags, ==, 1);

  recorder_detach (&rec, clock);
  g_signal_handlers_disconnect_by_data (clock, &fell);
  g_assert_finalize_object (clock);
}

static void
test_no_drift (void)
{
  FakeTime time = { 123456 };
  CaissaClock *clock = new_clock ("600+1", &time);
  g_autoptr(GError) error = NULL;
  gint64 expected[2] = { 600000, 600000 };
  char shown[2][CHESS_CLOCK_FORMAT_MAX];
  guint display_changes[2] = { 0, 0 }, ops[2] = { 0, 0 };
  Recorder rec;
  int side = 0;

  recorder_attach (&rec, clock, &time);
  g_assert_true (caissa_clock_start (clock, &error));
  chess_clock_format (expected[0], shown[0]);
  chess_clock_format (expected[1], shown[1]);
  for (int i = 1; i <= 10000; i++)
    {
      /* Ticks of uneven length, as a busy main loop gives them. */
      gint64 dt = 16 + (i * 7919) % 23;
      char text[CHESS_CLOCK_FORMAT_MAX];
      gint64 got;

      time.now += dt;
      expected[side] -= dt;
      caissa_clock_update (clock);
      chess_clock_format (expected[side], text);
      if (strcmp (text, shown[side]) != 0)
        {
          display_changes[side]++;
          strcpy (shown[side], text);
        }
      g_object_get (clock, side == 0 ? "white-remaining" : "black-remaining", &got, NULL);
      if (got != expected[side])
        g_error ("tick %d: %" G_GINT64_FORMAT " ms left, expected %" G_GINT64_FORMAT,
                 i, got, expected[side]);

      if (i % 500 == 0)
        {
          move_and_press (clock, side == 0 ? WHITE : BLACK);
          expected[side] += 1000;
          chess_clock_format (expected[side], shown[side]);
          ops[side]++;  /* the press notifies its increment */
          side = !side;
        }
    }
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, expected[0]);
  g_assert_cmpint (caissa_clock_get_remaining (clock, BLACK), ==, expected[1]);
  /* One notification per display change (and per increment), no more. */
  g_assert_cmpuint (count (&rec, "white-remaining"), ==, display_changes[0] + ops[0]);
  g_assert_cmpuint (count (&rec, "black-remaining"), ==, display_changes[1] + ops[1]);
  g_assert_cmpuint (display_changes[0], >, 100);
  g_assert_cmpuint (caissa_clock_get_moves (clock, WHITE), ==, 10);

  recorder_detach (&rec, clock);
  g_assert_finalize_object (clock);
}

static void
test_save_restore (void)
{
  FakeTime time = { 1000 }, later = { 987654321 };
  CaissaClock *clock = new_clock ("40/5400+30:1800+30", &time);
  CaissaClock *back;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) parsed = NULL;
  g_autoptr(GVariant) state2 = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  Recorder rec;

  g_assert_true (caissa_clock_arbiter_set_moves (clock, WHITE, 39, &error));
  g_assert_true (caissa_clock_start (clock, &error));
  time.now += 60000;
  move_and_press (clock, WHITE);  /* White's 40th: + 30 min */
  time.now += 20000;
  g_assert_true (caissa_clock_move_made (clock, BLACK, &error));
  time.now += 5000;
  state = caissa_clock_save_state (clock);
  text = g_variant_print (state, TRUE);

  /* Another run of the program: another clock, another monotonic base. */
  back = new_clock ("-", &later);
  recorder_attach (&rec, back, &later);
  parsed = g_variant_parse (NULL, text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (caissa_clock_restore_state (back, parsed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count (&rec, "time-control"), ==, 1);
  g_assert_cmpuint (count (&rec, "timed"), ==, 1);
  g_assert_cmpstr (caissa_clock_get_time_control (back), ==, "40/5400+30:1800+30");
  /* It comes back paused, Black's turn, his move made, times exact. */
  g_assert_true (caissa_clock_get_paused (back));
  g_assert_cmpint (caissa_clock_get_side (back), ==, BLACK);
  g_assert_true (caissa_clock_get_awaiting_press (back));
  g_assert_cmpint (caissa_clock_get_remaining (back, WHITE), ==,
                   5400000 - 60000 + 30000 + 1800000);
  g_assert_cmpint (caissa_clock_get_remaining (back, BLACK), ==, 5400000 - 25000);
  g_assert_cmpuint (caissa_clock_get_moves (back, WHITE), ==, 40);
  g_assert_cmpuint (caissa_clock_get_period (back, WHITE), ==, 1);
  g_assert_cmpuint (caissa_clock_get_moves_to_go (back, BLACK), ==, 40);
  later.now += 3600000;
  g_assert_cmpint (caissa_clock_get_remaining (back, BLACK), ==, 5400000 - 25000);
  /* Saved again, it is the same state (but paused now). */
  state2 = caissa_clock_save_state (back);
  text2 = g_variant_print (state2, TRUE);
  g_assert_nonnull (strstr (text2, "'paused': <true>"));
  g_assert_true (caissa_clock_resume (back, &error));
  later.now += 1000;
  g_assert_true (caissa_clock_press (back, BLACK, &error));
  g_assert_cmpint (caissa_clock_get_remaining (back, BLACK), ==, 5400000 - 26000 + 30000);
  g_assert_cmpint (caissa_clock_get_last_move_time (back, BLACK), ==, 26000);

  /* Refusals leave the clock as it was. */
  {
    static const char *bad[] = {
      "{'version': <uint32 2>}",
      "{'version': <uint32 1>}",
      "(1, 2)",
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GVariant) v = g_variant_parse (NULL, bad[i], NULL, NULL, NULL);
        g_autoptr(GError) err = NULL;
        g_assert_nonnull (v);
        g_assert_false (caissa_clock_restore_state (back, v, &err));
        g_assert_error (err, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE);
      }
  }
  {
    /* A consistent-looking state with a period that does not match its
     * move count. */
    g_autoptr(GVariantDict) dict = g_variant_dict_new (state);
    g_autoptr(GVariant) v = NULL;
    g_autoptr(GError) err = NULL;
    g_variant_dict_insert (dict, "period", "(uu)", 0, 0);
    v = g_variant_ref_sink (g_variant_dict_end (dict));
    g_assert_false (caissa_clock_restore_state (back, v, &err));
    g_assert_error (err, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE);
    g_assert_nonnull (strstr (err->message, "period"));
  }
  {
    g_autoptr(GVariantDict) dict = g_variant_dict_new (state);
    g_autoptr(GVariant) v = NULL;
    g_autoptr(GError) err = NULL;
    g_variant_dict_insert (dict, "time-control", "s", "40/5400+");
    v = g_variant_ref_sink (g_variant_dict_end (dict));
    g_assert_false (caissa_clock_restore_state (back, v, &err));
    g_assert_error (err, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_STATE);
  }
  g_assert_cmpint (caissa_clock_get_remaining (back, BLACK), ==, 5400000 - 26000 + 30000);
  g_assert_cmpint (caissa_clock_get_running_side (back), ==, WHITE);

  recorder_detach (&rec, back);
  g_assert_finalize_object (back);
  g_assert_finalize_object (clock);
}

static void
test_time_control (void)
{
  FakeTime time = { 0 };
  CaissaClock *clock = new_clock ("300", &time);
  GError *error = NULL;
  g_autofree char *tc = NULL;

  g_assert_false (caissa_clock_set_time_control (clock, "300+", &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_TIME_CONTROL);
  g_assert_nonnull (strstr (error->message, "column 5"));
  g_clear_error (&error);
  g_assert_cmpstr (caissa_clock_get_time_control (clock), ==, "300");
  g_assert_null (caissa_clock_new_for_time_control ("abc", &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_TIME_CONTROL);
  g_clear_error (&error);

  g_assert_true (caissa_clock_set_time_control (clock, " 300D5 ", &error));
  g_object_get (clock, "time-control", &tc, NULL);
  g_assert_cmpstr (tc, ==, "300d5");
  g_assert_true (caissa_clock_start (clock, &error));
  time.now = 3000;
  g_assert_cmpint (caissa_clock_get_delay_left (clock), ==, 2000);
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, 300000);

  /* Arbiter. */
  g_assert_true (caissa_clock_arbiter_add_time (clock, BLACK, 120000, &error));
  g_assert_cmpint (caissa_clock_get_remaining (clock, BLACK), ==, 420000);
  g_assert_true (caissa_clock_arbiter_set_remaining (clock, WHITE, 1000, &error));
  time.now = 9000;
  g_assert_cmpint (caissa_clock_get_remaining (clock, WHITE), ==, 0);
  /* 1 s left after 3 s, the delay had 2 s to run: flag at 6 s. */
  g_assert_cmpint (caissa_clock_get_flag_time (clock, WHITE), ==, 6000);
  g_assert_false (caissa_clock_arbiter_set_remaining (clock, WHITE, -5, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (caissa_clock_get_used (clock, WHITE), ==, 9000);

  /* Presets. */
  g_assert_cmpuint (caissa_clock_get_n_presets (), ==, 13);
  for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
    {
      g_assert_nonnull (caissa_clock_get_preset_name (i));
      g_assert_true (caissa_clock_set_time_control (clock, caissa_clock_get_preset_time_control (i),
                                                    &error));
    }
  g_assert_cmpstr (caissa_clock_get_time_control (clock), ==, "40/5400+30:1800+30");
  g_assert_false (caissa_clock_get_started (clock));

  g_assert_finalize_object (clock);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/clock/notify", test_notify);
  g_test_add_func ("/model/clock/press-refused", test_press_refused);
  g_test_add_func ("/model/clock/flag-fell-exact", test_flag_fell_exact);
  g_test_add_func ("/model/clock/main-loop", test_main_loop);
  g_test_add_func ("/model/clock/no-drift", test_no_drift);
  g_test_add_func ("/model/clock/save-restore", test_save_restore);
  g_test_add_func ("/model/clock/time-control", test_time_control);

  return g_test_run ();
}
