/* engine-frame.c — the board's frames while the engine analyses (issue
 * 15: "the UI stays smooth while the engine streams info at full speed:
 * board frame and animations unaffected").
 *
 * A window of 1000×720 showing a middlegame; the board is redrawn at every
 * tick of its GdkFrameClock (as during an animation or a drag) for a few
 * seconds, with the analysis panel closed, then open (Stockfish analysing
 * the position without limit, MultiPV as set, its lines updated up to 10
 * times a second), in turn. Each frame's paint time (the frame clock's
 * "before-paint" to "after-paint": layout, snapshot and render) and the
 * interval between frames are measured. Prints each run, then the median,
 * 95th percentile and maximum of both, with and without the engine, and
 * their ratios. Run through bench/engine-frame.sh.
 *
 * With "moves" as the fourth argument the board is not redrawn at every
 * tick: instead the shown move is taken back and replayed every 400 ms
 * (each step animated, and the panel's analysis restarted), and only the
 * frames of those animations are measured — the frames a user sees when
 * stepping through a game with the panel open.
 *
 * Found (2026-12-02, Xvfb, 2 cores, load 5–10): with GTK's default GL
 * renderer (Mesa llvmpipe under Xvfb) the frames fell to 4–10 a second
 * while the panel analysed (paint 76–240 ms against 0.25 ms), though the
 * process was mostly idle. The cause: the panel's spinner, whose
 * animation redraws the window at every frame — the damage of the board
 * and of the spinner together makes GL redraw the extents between them,
 * most of the window, with llvmpipe. Without it (the panel says
 * "Thinking…") the median frame is unchanged (ratio 1.0); the lines'
 * updates (≤ 10 a second) still cost the frames they land in (p95), less
 * with the engine nice'd (+10). GSK_RENDERER=cairo: ratio 1.0, p95 1.1.
 * Stepping through moves (--moves), the animation's frames cost as much
 * without the engine (the move list and the status change with the
 * board: ~100 ms a frame with llvmpipe at load 10) as with it (ratios
 * ~1.0); holding the panel's lines while the board animates changed
 * nothing measurable, so the panel does not.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "caissa-resources.h"
#include "caissa-window.h"
#include "caissa-window-engine.h"

#define FEN "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"

static gboolean moves_mode;
/* When the last step began: its animation lasts 150 ms
 * (CAISSA_BOARD_ANIMATION_USEC). */
static gint64 step_time;
#define ANIMATION_US 150000

static gboolean
animating (void)
{
  return g_get_monotonic_time () - step_time < ANIMATION_US;
}

/* Back and forth over the game's last move, animated each time. */
static gboolean
step_cb (gpointer data)
{
  CaissaGame *game = data;

  step_time = g_get_monotonic_time ();
  if (caissa_game_get_ply (game) == caissa_game_get_n_plies (game))
    caissa_game_go_previous (game);
  else
    caissa_game_go_next (game);
  return G_SOURCE_CONTINUE;
}

typedef struct
{
  GArray *paint;     /* double ms */
  GArray *interval;  /* double ms */
  gint64  paint_start;
  gint64  last_frame;
} Frames;

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Frames *f = data;
  gint64 now = g_get_monotonic_time ();

  if (moves_mode)
    {
      /* Only the frames of a move's animation. */
      if (!animating ())
        {
          f->last_frame = 0;
          return G_SOURCE_CONTINUE;
        }
      if (f->last_frame != 0)
        {
          double ms = (now - f->last_frame) / 1000.0;
          g_array_append_val (f->interval, ms);
        }
      f->last_frame = now;
      return G_SOURCE_CONTINUE;
    }
  if (f->last_frame != 0)
    {
      double ms = (now - f->last_frame) / 1000.0;
      g_array_append_val (f->interval, ms);
    }
  f->last_frame = now;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Frames        *f)
{
  if (moves_mode && !animating ())
    return;
  f->paint_start = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *f)
{
  double ms;

  if (f->paint_start == 0)
    return;
  ms = (g_get_monotonic_time () - f->paint_start) / 1000.0;
  g_array_append_val (f->paint, ms);
  f->paint_start = 0;
}

static void
run_for (double seconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (500);
}

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
quantile (GArray *a,
          double  q)
{
  if (a->len == 0)
    return 0;
  qsort (a->data, a->len, sizeof (double), compare);
  return g_array_index (a, double, MIN (a->len - 1, (guint) (q * a->len)));
}

/* One run of seconds: the board redrawn every frame, the panel open or
 * not; the frames measured after a settling second. */
static void
measure (CaissaWindow *window,
         gboolean      analysing,
         double        seconds,
         Frames       *f)
{
  GtkWidget *board = caissa_window_get_board (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (board);
  CaissaAnalysisPanel *panel = caissa_window_get_analysis_panel (window);
  gulong before, after;
  guint tick, step = 0;

  if (gtk_widget_get_visible (GTK_WIDGET (panel)) != analysing)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  /* The engine started and streaming, the layout settled. */
  run_for (1.5);
  if (analysing && caissa_analysis_panel_get_n_lines_shown (panel) == 0)
    g_printerr ("engine-frame: the panel shows no line yet\n");

  f->paint = g_array_new (FALSE, FALSE, sizeof (double));
  f->interval = g_array_new (FALSE, FALSE, sizeof (double));
  f->last_frame = 0;
  f->paint_start = 0;
  if (moves_mode)
    step = g_timeout_add (400, step_cb, caissa_window_get_game (window));
  before = g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), f);
  after = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), f);
  tick = gtk_widget_add_tick_callback (board, tick_cb, f, NULL);
  run_for (seconds);
  gtk_widget_remove_tick_callback (board, tick);
  if (step != 0)
    g_source_remove (step);
  /* (A panel that makes the window resize shows here.) */
  g_print ("window %d×%d, board %d px: ", gtk_widget_get_width (GTK_WIDGET (window)),
           gtk_widget_get_height (GTK_WIDGET (window)), gtk_widget_get_width (board));
  g_signal_handler_disconnect (clock, before);
  g_signal_handler_disconnect (clock, after);
}

typedef struct
{
  GArray *median_paint, *p95_paint, *max_paint, *median_interval, *p95_interval;
} Summary;

static void
summary_init (Summary *s)
{
  s->median_paint = g_array_new (FALSE, FALSE, sizeof (double));
  s->p95_paint = g_array_new (FALSE, FALSE, sizeof (double));
  s->max_paint = g_array_new (FALSE, FALSE, sizeof (double));
  s->median_interval = g_array_new (FALSE, FALSE, sizeof (double));
  s->p95_interval = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
summary_add (Summary    *s,
             Frames     *f,
             const char *what,
             int         run)
{
  double mp = quantile (f->paint, 0.5), pp = quantile (f->paint, 0.95);
  double xp = f->paint->len > 0 ? g_array_index (f->paint, double, f->paint->len - 1) : 0;
  double mi = quantile (f->interval, 0.5), pi = quantile (f->interval, 0.95);

  g_print ("run %d %-16s %4u frames: paint median %.2f p95 %.2f max %.2f ms; "
           "interval median %.2f p95 %.2f ms\n",
           run, what, f->paint->len, mp, pp, xp, mi, pi);
  g_array_append_val (s->median_paint, mp);
  g_array_append_val (s->p95_paint, pp);
  g_array_append_val (s->max_paint, xp);
  g_array_append_val (s->median_interval, mi);
  g_array_append_val (s->p95_interval, pi);
  g_array_unref (f->paint);
  g_array_unref (f->interval);
}

static void
print_ratio (const char *what,
             GArray     *with,
             GArray     *without)
{
  g_autoptr(GArray) ratio = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < with->len; i++)
    {
      double r = g_array_index (without, double, i) > 0
                 ? g_array_index (with, double, i) / g_array_index (without, double, i) : 0;
      g_array_append_val (ratio, r);
    }
  qsort (ratio->data, ratio->len, sizeof (double), compare);
  g_print ("%-22s with/without the engine: min %.3f median %.3f max %.3f\n", what,
           g_array_index (ratio, double, 0), g_array_index (ratio, double, ratio->len / 2),
           g_array_index (ratio, double, ratio->len - 1));
}

int
main (int   argc,
      char *argv[])
{
  const char *engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
  int repeats = CLAMP (argc > 2 ? atoi (argv[2]) : 5, 1, 50);
  double seconds = argc > 3 ? g_ascii_strtod (argv[3], NULL) : 3.0;
  CaissaGame *game;
  CaissaWindow *window;
  Summary with, without;
  g_autoptr(GError) error = NULL;

  gtk_init ();
  adw_init ();
  caissa_register_resource ();
  summary_init (&with);
  summary_init (&without);

  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  caissa_window_set_engine_command (window, engine);
  if (!caissa_window_start_game (window, NULL, NULL, FEN, &error))
    g_error ("%s", error->message);
  moves_mode = argc > 4 && g_str_equal (argv[4], "moves");
  game = caissa_window_get_game (window);
  if (moves_mode && !caissa_game_play_san (game, "Bd3", &error))
    g_error ("%s", error->message);
  gtk_window_present (GTK_WINDOW (window));
  run_for (1.0);

  for (int i = 0; i < repeats; i++)
    {
      Frames f;

      /* In turn, so that the machine's load weighs on both alike. */
      measure (window, FALSE, seconds, &f);
      summary_add (&without, &f, "without engine", i + 1);
      measure (window, TRUE, seconds, &f);
      summary_add (&with, &f, "analysing", i + 1);
    }
  print_ratio ("paint median", with.median_paint, without.median_paint);
  print_ratio ("paint p95", with.p95_paint, without.p95_paint);
  print_ratio ("paint max", with.max_paint, without.max_paint);
  print_ratio ("frame interval median", with.median_interval, without.median_interval);
  print_ratio ("frame interval p95", with.p95_interval, without.p95_interval);
  gtk_window_destroy (GTK_WINDOW (window));
  run_for (0.5);
  return 0;
}
