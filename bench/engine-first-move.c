/* engine-first-move.c — how soon the computer's first move is on the
 * board: a new game in the window with the engine as White at full
 * strength, 1 s a move, until the window has drawn the move (its search,
 * the move played and painted; the engine started while the New Game
 * dialog was open, as the window does, and also without that). The
 * peer: the same Stockfish driven directly (spawn, uci, isready,
 * ucinewgame, position, go movetime 1000, bestmove). Run through
 * bench/engine-first-move.sh.
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

#define MOVE_TIME_MS 1000

static gboolean
frame_cb (GtkWidget     *widget,
          GdkFrameClock *clock,
          gpointer       data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_frame (GtkWidget *widget)
{
  gboolean drawn = FALSE;

  gtk_widget_queue_draw (widget);
  gtk_widget_add_tick_callback (widget, frame_cb, &drawn, NULL);
  while (!drawn)
    g_main_context_iteration (NULL, TRUE);
}

static double
caissa_once (const char *engine,
             gboolean    warm)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  gint64 start, played;
  double seconds;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  wait_frame (GTK_WIDGET (window));
  caissa_window_set_engine_command (window, engine);
  if (warm)
    {
      /* As when the New Game dialog opens with the computer chosen: the
       * engine starts while the player looks at the dialog (2 s here). */
      gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

      caissa_window_prepare_engine (window);
      while (g_get_monotonic_time () < until)
        g_main_context_iteration (NULL, FALSE);
    }

  start = g_get_monotonic_time ();
  caissa_window_start_game (window, NULL, NULL, NULL, NULL);
  caissa_window_play_engine (window, CAISSA_COLOR_WHITE, 8, MOVE_TIME_MS);
  while (caissa_game_get_n_plies (game) == 0)
    g_main_context_iteration (NULL, TRUE);
  played = g_get_monotonic_time ();
  wait_frame (caissa_window_get_board (window));
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (g_getenv ("BENCH_TRACE"))
    g_printerr ("played at %.3f s, drawn %.3f s later\n", (played - start) / 1e6, seconds - (played - start) / 1e6);

  gtk_window_destroy (GTK_WINDOW (window));
  return seconds;
}

/* Reads lines until one starts with prefix. */
static void
read_until (GDataInputStream *in,
            const char       *prefix)
{
  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, NULL);

      if (line == NULL)
        g_error ("the engine ended before “%s”", prefix);
      if (g_str_has_prefix (line, prefix))
        return;
    }
}

static double
direct_once (const char *engine)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autoptr(GError) error = NULL;
  GOutputStream *out;
  gint64 start = g_get_monotonic_time ();
  char go[64];
  double seconds;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                              engine, NULL);
  g_assert_no_error (error);
  out = g_subprocess_get_stdin_pipe (process);
  in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  g_output_stream_write_all (out, "uci\n", 4, NULL, NULL, NULL);
  read_until (in, "uciok");
  g_output_stream_write_all (out, "isready\n", 8, NULL, NULL, NULL);
  read_until (in, "readyok");
  g_snprintf (go, sizeof go, "ucinewgame\nposition startpos\ngo movetime %d\n", MOVE_TIME_MS);
  g_output_stream_write_all (out, go, strlen (go), NULL, NULL, NULL);
  read_until (in, "bestmove");
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_output_stream_write_all (out, "quit\n", 5, NULL, NULL, NULL);
  g_subprocess_wait (process, NULL, NULL);
  return seconds;
}

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int   argc,
      char *argv[])
{
  const char *engine = argc > 1 ? argv[1] : "/usr/games/stockfish";
  int repeats = argc > 2 ? atoi (argv[2]) : 5;
  double *mine, *cold, *direct, *ratio;

  gtk_init ();
  adw_init ();
  caissa_register_resource ();
  repeats = CLAMP (repeats, 1, 100);
  mine = g_new (double, repeats);
  cold = g_new (double, repeats);
  direct = g_new (double, repeats);
  ratio = g_new (double, repeats);

  for (int i = 0; i < repeats; i++)
    {
      /* In turn, so that the load weighs on both alike. */
      cold[i] = caissa_once (engine, FALSE);
      mine[i] = caissa_once (engine, TRUE);
      direct[i] = direct_once (engine);
      ratio[i] = mine[i] / direct[i];
      g_print ("run %d: caissa %.3f s (engine started at Start: %.3f s), direct %.3f s, ratio %.3f\n",
               i + 1, mine[i], cold[i], direct[i], ratio[i]);
    }
  qsort (mine, repeats, sizeof (double), compare);
  qsort (cold, repeats, sizeof (double), compare);
  qsort (direct, repeats, sizeof (double), compare);
  qsort (ratio, repeats, sizeof (double), compare);
  g_print ("caissa (New Game to the engine's first move drawn, %d ms a move): "
           "min %.3f median %.3f max %.3f s (goal ≤ 1.3 s)\n",
           MOVE_TIME_MS, mine[0], mine[repeats / 2], mine[repeats - 1]);
  g_print ("caissa with the engine started only at Start: min %.3f median %.3f max %.3f s\n",
           cold[0], cold[repeats / 2], cold[repeats - 1]);
  g_print ("stockfish directly (spawn to bestmove): min %.3f median %.3f max %.3f s\n",
           direct[0], direct[repeats / 2], direct[repeats - 1]);
  g_print ("ratio caissa/direct: min %.3f median %.3f max %.3f\n",
           ratio[0], ratio[repeats / 2], ratio[repeats - 1]);
  g_free (mine);
  g_free (cold);
  g_free (direct);
  g_free (ratio);
  return 0;
}
