/* board-frame.c — how long CaissaBoard takes to draw a frame, and pictures
 * of what it draws.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   board-frame [--size PX] [--frames N]   time snapshots of one frame
 *   board-frame --screenshots DIR           write PNGs of the board's states
 *
 * Needs a display (bench/board-frame.sh runs it under Xvfb). The timed
 * frames are the board's snapshot() — what GTK asks of the widget each
 * frame it must redraw — with the piece textures already rasterised; a full
 * render through the window's GSK renderer (with read-back) is timed beside
 * it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gtk/gtk.h>

#include "caissa-board-private.h"
#include "caissa-game.h"

static ChessSquare
sq (const char *name)
{
  return chess_square_make (name[0] - 'a', name[1] - '1');
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

static void
wait_for_frame (GtkWidget *widget)
{
  gboolean painted = FALSE;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);

  gtk_widget_queue_draw (widget);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

static CaissaBoard *
board_in_window (int          size,
                 CaissaGame  *game,
                 GtkWidget  **window_out)
{
  GtkWidget *window = gtk_window_new ();
  CaissaBoard *board = CAISSA_BOARD (caissa_board_new ());
  g_autofree char *dir = g_build_filename (SOURCE_DIR, "data", "pieces", "caissa", NULL);
  g_autoptr(CaissaPieceSet) set = NULL;
  g_autoptr(GError) error = NULL;

  set = caissa_piece_set_new_from_directory (dir, &error);
  if (set == NULL)
    g_error ("%s", error->message);
  caissa_board_set_piece_set (board, set);
  caissa_board_set_game (board, game);
  caissa_board_set_animate (board, FALSE);

  gtk_window_set_default_size (GTK_WINDOW (window), size, size);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (GTK_WIDGET (board)) != size
         || !gtk_widget_get_mapped (GTK_WIDGET (board)))
    g_main_context_iteration (NULL, TRUE);
  /* Let any deferred rasterising settle. */
  caissa_piece_set_prepare (set, board->texture_size);
  wait_for_frame (GTK_WIDGET (board));

  *window_out = window;
  return board;
}

/* ---------------------------------------------------------------------- */
/* Timing */

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

typedef void (*FrameSetup) (CaissaBoard *board,
                            int          i);

static double
time_snapshots (CaissaBoard *board,
                int          frames,
                FrameSetup   setup,
                double      *p90)
{
  double *times = g_new (double, frames);
  double median;

  for (int i = 0; i < frames; i++)
    {
      GtkSnapshot *snapshot;
      GskRenderNode *node;
      double start;

      if (setup != NULL)
        setup (board, i);
      start = now_ms ();
      snapshot = gtk_snapshot_new ();
      _caissa_board_snapshot (board, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      times[i] = now_ms () - start;
      g_clear_pointer (&node, gsk_render_node_unref);
    }

  qsort (times, frames, sizeof *times, compare_double);
  median = times[frames / 2];
  *p90 = times[frames * 9 / 10];
  g_free (times);
  return median;
}

static void
drag_step (CaissaBoard *board,
           int          i)
{
  graphene_rect_t r;

  /* The pointer wanders over the board with the knight from g1. */
  caissa_board_get_square_bounds (board, sq ("g1"), &r);
  _caissa_board_motion (board, r.origin.x + r.size.width / 2 - (i % 300),
                        r.origin.y + r.size.height / 2 - (i % 500));
}

static void
flip_step (CaissaBoard *board,
           int          i)
{
  caissa_board_set_flipped (board, !caissa_board_get_flipped (board));
}

static double
time_render (CaissaBoard *board,
             int          frames)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (board)));
  int w = gtk_widget_get_width (GTK_WIDGET (board));
  int h = gtk_widget_get_height (GTK_WIDGET (board));
  double *times = g_new (double, frames);
  double median;

  for (int i = 0; i < frames; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      double start = now_ms ();

      drag_step (board, i * 7);
      _caissa_board_snapshot (board, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      times[i] = now_ms () - start;
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }

  qsort (times, frames, sizeof *times, compare_double);
  median = times[frames / 2];
  g_free (times);
  return median;
}

static int
run_timing (int size,
            int frames)
{
  g_autoptr(CaissaGame) game = caissa_game_new ();
  GtkWidget *window;
  CaissaBoard *board;
  CaissaPieceSet *set;
  graphene_rect_t r;
  double median, p90;
  guint renders, builds;
  double start;
  g_autoptr(CaissaPieceSet) fresh = NULL;
  g_autofree char *dir = g_build_filename (SOURCE_DIR, "data", "pieces", "caissa", NULL);

  board = board_in_window (size, game, &window);
  set = caissa_board_get_piece_set (board);
  renders = caissa_piece_set_get_render_count (set);

  printf ("board %d×%d px, squares %d px, textures %d px, renderer %s\n",
          gtk_widget_get_width (GTK_WIDGET (board)), gtk_widget_get_height (GTK_WIDGET (board)),
          board->square_size, board->texture_size,
          G_OBJECT_TYPE_NAME (gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (board)))));

  fresh = caissa_piece_set_new_from_directory (dir, NULL);
  start = now_ms ();
  caissa_piece_set_prepare (fresh, board->texture_size);
  printf ("rasterise 12 pieces at %d px (librsvg, once per size): %.2f ms\n",
          board->texture_size, now_ms () - start);

  /* Selected piece with its targets: the common resting frame. */
  caissa_board_activate_square (board, sq ("g1"));
  builds = _caissa_board_get_static_builds (board);
  median = time_snapshots (board, frames, NULL, &p90);
  printf ("static frame (nodes reused), median of %d: %.4f ms (p90 %.4f ms)\n", frames, median, p90);
  g_assert (_caissa_board_get_static_builds (board) == builds);

  /* Dragging the knight about: the piece follows the pointer. */
  caissa_board_get_square_bounds (board, sq ("g1"), &r);
  _caissa_board_press (board, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
  _caissa_board_motion (board, r.origin.x, r.origin.y - 20);
  time_snapshots (board, 1, NULL, &p90);
  builds = _caissa_board_get_static_builds (board);
  median = time_snapshots (board, frames, drag_step, &p90);
  printf ("dragging frame, median of %d: %.4f ms (p90 %.4f ms)\n", frames, median, p90);
  g_assert (_caissa_board_get_static_builds (board) == builds);
  _caissa_board_release (board, -1, -1);

  /* The worst case: the static layer rebuilt every frame (as after a move
   * or a flip; it happens once per change, not per frame). */
  median = time_snapshots (board, frames / 4, flip_step, &p90);
  printf ("rebuilt frame (flip each time), median of %d: %.4f ms (p90 %.4f ms)\n",
          frames / 4, median, p90);

  g_assert (caissa_piece_set_get_render_count (set) == renders);

  median = time_render (board, MAX (frames / 10, 10));
  printf ("full render + read-back with the window's renderer, median of %d: %.2f ms\n",
          MAX (frames / 10, 10), median);

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Screenshots */

static void
save (CaissaBoard *board,
      const char  *dir,
      const char  *state,
      int          size)
{
  GtkWidget *widget = GTK_WIDGET (board);
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_strdup_printf ("%s/board-%s-%d.png", dir, state, size);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  wait_for_frame (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget),
                          gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  gsk_render_node_unref (node);
  gdk_texture_save_to_png (texture, path);
  printf ("%s\n", path);
}

static void
load (CaissaGame *game,
      const char *fen)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_load_fen (game, fen, &error))
    g_error ("%s", error->message);
}

static void
play_uci (CaissaGame *game,
          const char *uci)
{
  g_autoptr(GError) error = NULL;
  ChessMove move = chess_position_find_move (caissa_game_get_position (game), sq (uci),
                                             sq (uci + 2), CHESS_QUEEN);

  if (!caissa_game_play_move (game, move, &error))
    g_error ("%s: %s", uci, error->message);
}

static int
run_screenshots (const char *dir)
{
  static const int sizes[] = { 240, 960 };

  g_mkdir_with_parents (dir, 0755);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int size = sizes[i];
      g_autoptr(CaissaGame) game = caissa_game_new ();
      GtkWidget *window;
      CaissaBoard *board = board_in_window (size, game, &window);
      const CaissaBoardArrow arrows[] = {
        { sq ("g1"), sq ("f3"), CAISSA_BOARD_MARK_GREEN },
        { sq ("d1"), sq ("h5"), CAISSA_BOARD_MARK_RED },
        { sq ("e2"), sq ("e4"), CAISSA_BOARD_MARK_BLUE },
        { sq ("c8"), sq ("g4"), CAISSA_BOARD_MARK_YELLOW },
      };
      const CaissaBoardMark marks[] = {
        { sq ("e5"), CAISSA_BOARD_MARK_GREEN },
        { sq ("d5"), CAISSA_BOARD_MARK_RED },
      };
      graphene_rect_t r;

      save (board, dir, "initial", size);

      /* 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#: check and the last move. */
      for (const char *const *m = (const char *const[]) { "e2e4", "e7e5", "f1c4", "b8c6", "d1h5",
                                                           "g8f6", "h5f7", NULL }; *m; m++)
        play_uci (game, *m);
      save (board, dir, "check-last-move", size);
      caissa_board_set_flipped (board, TRUE);
      save (board, dir, "flipped", size);
      caissa_board_set_flipped (board, FALSE);

      caissa_game_reset (game);
      play_uci (game, "e2e4");
      play_uci (game, "d7d5");
      caissa_board_activate_square (board, sq ("e4"));
      save (board, dir, "selected-targets", size);
      caissa_board_cancel (board);
      caissa_board_activate_square (board, sq ("d1"));
      save (board, dir, "selected-queen", size);
      caissa_board_cancel (board);

      caissa_game_reset (game);
      caissa_board_set_arrows (board, arrows, G_N_ELEMENTS (arrows));
      caissa_board_set_marks (board, marks, G_N_ELEMENTS (marks));
      save (board, dir, "arrows-marks", size);
      caissa_board_set_arrows (board, NULL, 0);
      caissa_board_set_marks (board, NULL, 0);

      load (game, "4k3/1P6/8/8/8/8/6p1/4K2R w - - 0 1");
      caissa_board_activate_square (board, sq ("b7"));
      caissa_board_activate_square (board, sq ("b8"));
      save (board, dir, "promotion", size);
      caissa_board_cancel (board);
      caissa_board_set_flipped (board, TRUE);
      play_uci (game, "h1h3");
      caissa_board_activate_square (board, sq ("g2"));
      caissa_board_activate_square (board, sq ("g1"));
      save (board, dir, "promotion-black-flipped", size);
      caissa_board_cancel (board);
      caissa_board_set_flipped (board, FALSE);

      caissa_game_reset (game);
      caissa_board_set_touch_move (board, TRUE);
      caissa_board_activate_square (board, sq ("g1"));
      save (board, dir, "touch-move", size);
      caissa_board_set_touch_move (board, FALSE);

      caissa_game_reset (game);
      caissa_board_get_square_bounds (board, sq ("g1"), &r);
      _caissa_board_press (board, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2);
      _caissa_board_motion (board, r.origin.x + r.size.width * 0.1, r.origin.y - r.size.height * 1.3);
      save (board, dir, "dragging", size);
      _caissa_board_release (board, -1, -1);

      caissa_board_set_theme (board, "green");
      play_uci (game, "e2e4");
      save (board, dir, "theme-green", size);

      gtk_window_destroy (GTK_WINDOW (window));
    }

  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *screenshots = NULL;
  int size = 1000, frames = 1000;
  GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_INT, &size, "Board size in pixels (1000)", "PX" },
    { "frames", 0, 0, G_OPTION_ARG_INT, &frames, "Frames to time (1000)", "N" },
    { "screenshots", 0, 0, G_OPTION_ARG_FILENAME, &screenshots, "Write PNGs to DIR", "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— time CaissaBoard's frames");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "board-frame: %s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      fprintf (stderr, "board-frame: cannot open a display (run bench/board-frame.sh)\n");
      return 1;
    }

  if (screenshots != NULL)
    return run_screenshots (screenshots);
  return run_timing (size, MAX (frames, 10));
}
