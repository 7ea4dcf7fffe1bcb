/* review-open.c — how soon a large PGN file's games are listed, and how
 * the window keeps up while it is indexed, checked and searched.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   review-open FILE [SEARCH]
 *
 * Shows a CaissaGameList in a window, opens FILE (CaissaPgnFile) and
 * prints, in milliseconds from the open: the first games in the model
 * (first items-changed), the first frame painted with rows, the whole
 * index, the background check of every game; then types SEARCH into the
 * list's search and prints the time until the filter has gone through
 * every game. "stall" is the longest the main loop went without running
 * a 1 ms timeout during each phase (what the user would feel as a frozen
 * window). REVIEW_NO_CHECK=1 leaves out the background check;
 * REVIEW_WARM=FILE shows FILE's games first (fonts and styles loaded, as
 * in the app). Run through bench/review.sh.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <adwaita.h>

#include "caissa-game-list.h"
#include "caissa-resources.h"

typedef struct
{
  GtkWidget      *window;
  CaissaGameList *list;
  CaissaPgnFile  *file;
  const char     *search;
  gint64          t0;
  gint64          first_items;
  gint64          first_frame;
  gint64          indexed;
  gint64          checked;
  gint64          search_start;
  gint64          searched;
  guint           search_shown;
  gint64          search_first;  /* the first game found */
  gint64          sort_start;
  gint64          sorted;        /* every game shown sorted by White */
  guint           sorted_rows;   /* rows on screen half a second later */
  gint64          last_tick;
  gint64          stall[5];    /* before the first rows, indexing, checking, searching, sorting */
  int             phase;
  gint64          last_cpu;    /* the main thread's CPU time at last_tick */
  GMainLoop      *loop;
} Bench;

static double
ms (gint64 from,
    gint64 to)
{
  return (to - from) / 1000.0;
}

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
tick_cb (gpointer data)
{
  Bench *b = data;
  gint64 now = g_get_monotonic_time ();

  if (b->last_tick != 0 && now - b->last_tick > b->stall[b->phase])
    b->stall[b->phase] = now - b->last_tick;
  /* REVIEW_STALLS set: each stall over 50 ms, with the main thread's CPU
   * time in it (much less than the stall: the thread waited or was not
   * given a core, as on a loaded machine). */
  if (b->last_tick != 0 && now - b->last_tick > 50000 && g_getenv ("REVIEW_STALLS") != NULL)
    g_printerr ("stall of %.1f ms (%.1f ms of CPU) in phase %d, %.1f ms from the open\n",
                ms (b->last_tick, now), ms (b->last_cpu, thread_cpu_us ()), b->phase,
                ms (b->t0, now));
  b->last_tick = now;
  b->last_cpu = thread_cpu_us ();
  return G_SOURCE_CONTINUE;
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Bench      *b)
{
  if (b->first_items == 0 && added > 0)
    b->first_items = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Bench         *b)
{
  if (b->first_frame == 0 && b->first_items != 0)
    {
      g_autoptr(GString) rows = g_string_new (NULL);

      /* Rows on screen, not just items in the model. */
      caissa_game_list_describe (b->list, rows);
      if (strstr (rows->str, "game-row ") != NULL)
        {
          b->first_frame = g_get_monotonic_time ();
          b->phase = 1;
        }
    }
}

/* The list is never blank after a sort: the rows on screen, counted. */
static gboolean
count_rows_cb (gpointer data)
{
  Bench *b = data;
  g_autoptr(GString) rows = g_string_new (NULL);

  caissa_game_list_describe (b->list, rows);
  for (const char *p = rows->str; (p = strstr (p, "game-row ")) != NULL; p++)
    b->sorted_rows++;
  g_main_loop_quit (b->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
sort_done_cb (gpointer data)
{
  Bench *b = data;

  if (caissa_game_list_get_filtering (b->list))
    return G_SOURCE_CONTINUE;
  b->sorted = g_get_monotonic_time ();
  g_timeout_add (500, count_rows_cb, b);
  return G_SOURCE_REMOVE;
}

/* After the search: cleared, then every game sorted by White (the
 * column header clicked), until the sort is done. */
static void
start_sort (Bench *b)
{
  b->phase = 4;
  caissa_game_list_set_search (b->list, "");
  b->sort_start = g_get_monotonic_time ();
  caissa_game_list_sort_by (b->list, "white", GTK_SORT_ASCENDING);
  g_timeout_add (1, sort_done_cb, b);
}

static gboolean
search_done_cb (gpointer data)
{
  Bench *b = data;

  if (b->search_first == 0 && caissa_game_list_get_n_shown (b->list) > 0)
    b->search_first = g_get_monotonic_time ();
  if (caissa_game_list_get_filtering (b->list))
    return G_SOURCE_CONTINUE;
  b->searched = g_get_monotonic_time ();
  b->search_shown = caissa_game_list_get_n_shown (b->list);
  start_sort (b);
  return G_SOURCE_REMOVE;
}

static void
start_search (Bench *b)
{
  b->phase = 3;
  b->search_start = g_get_monotonic_time ();
  caissa_game_list_set_search (b->list, b->search);
  g_timeout_add (1, search_done_cb, b);
}

static void
file_notify_cb (CaissaPgnFile *file,
                GParamSpec    *pspec,
                Bench         *b)
{
  if (b->indexed == 0 && !caissa_pgn_file_get_loading (file))
    {
      b->indexed = g_get_monotonic_time ();
      b->phase = 2;
    }
  if (b->indexed != 0 && b->checked == 0 && !caissa_pgn_file_get_validating (file))
    {
      b->checked = g_get_monotonic_time ();
      if (b->search != NULL)
        start_search (b);
      else
        g_main_loop_quit (b->loop);
    }
}

int
main (int   argc,
      char *argv[])
{
  Bench b = { 0 };
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) error = NULL;

  if (argc < 2)
    {
      g_printerr ("usage: review-open FILE [SEARCH]\n");
      return 2;
    }
  gtk_init ();
  adw_init ();
  caissa_register_resource ();

  b.search = argc > 2 ? argv[2] : NULL;
  b.loop = g_main_loop_new (NULL, FALSE);
  b.window = gtk_window_new ();
  b.list = CAISSA_GAME_LIST (caissa_game_list_new ());
  gtk_window_set_default_size (GTK_WINDOW (b.window), 800, 700);
  gtk_window_set_child (GTK_WINDOW (b.window), GTK_WIDGET (b.list));
  gtk_window_present (GTK_WINDOW (b.window));
  /* The window is up, and has shown a list, before the clock starts:
   * only the file is timed (in the app the window has drawn a board and a
   * move list before any file is opened). */
  if (g_getenv ("REVIEW_WARM") != NULL)
    {
      g_autoptr(GFile) warm = g_file_new_for_path (g_getenv ("REVIEW_WARM"));
      g_autoptr(CaissaPgnFile) small = caissa_pgn_file_new (warm, NULL);
      gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

      caissa_game_list_set_file (b.list, small);
      while (g_get_monotonic_time () < until)
        g_main_context_iteration (NULL, FALSE);
      caissa_game_list_set_file (b.list, NULL);
    }
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_signal_connect (gtk_widget_get_frame_clock (b.window), "after-paint",
                    G_CALLBACK (after_paint_cb), &b);
  g_timeout_add (1, tick_cb, &b);

  gfile = g_file_new_for_commandline_arg (argv[1]);
  b.t0 = g_get_monotonic_time ();
  b.file = caissa_pgn_file_new (gfile, &error);
  if (b.file == NULL)
    {
      g_printerr ("review-open: %s\n", error->message);
      return 1;
    }
  if (g_getenv ("REVIEW_NO_CHECK") != NULL)
    caissa_pgn_file_set_validate (b.file, FALSE);
  g_signal_connect (b.file, "items-changed", G_CALLBACK (items_changed_cb), &b);
  g_signal_connect (b.file, "notify", G_CALLBACK (file_notify_cb), &b);
  caissa_game_list_set_file (b.list, b.file);
  g_main_loop_run (b.loop);

  g_print ("games %u\n", g_list_model_get_n_items (G_LIST_MODEL (b.file)));
  g_print ("first-items-ms %.1f\n", ms (b.t0, b.first_items));
  g_print ("first-rows-ms %.1f\n", ms (b.t0, b.first_frame));
  g_print ("indexed-ms %.1f\n", ms (b.t0, b.indexed));
  g_print ("checked-ms %.1f\n", ms (b.t0, b.checked));
  g_print ("errors %u\n", caissa_pgn_file_get_n_errors (b.file));
  if (b.search != NULL)
    {
      g_print ("search-ms %.1f\n", ms (b.search_start, b.searched));
      g_print ("search-shown %u\n", b.search_shown);
      g_print ("search-first-ms %.1f\n", b.search_first ? ms (b.search_start, b.search_first) : -1.0);
      g_print ("sort-ms %.1f\n", ms (b.sort_start, b.sorted));
      g_print ("sorted-rows %u\n", b.sorted_rows);
    }
  g_print ("stall-ms first %.1f index %.1f check %.1f search %.1f sort %.1f\n",
           b.stall[0] / 1000.0, b.stall[1] / 1000.0, b.stall[2] / 1000.0, b.stall[3] / 1000.0,
           b.stall[4] / 1000.0);

  {
    /* Memory of our own (the index, the items, GTK), apart from the file's
     * pages, which the page cache holds and shares. */
    g_autofree char *status = NULL;

    if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
      {
        const char *anon = strstr (status, "RssAnon:");
        const char *file = strstr (status, "RssFile:");

        if (anon != NULL && file != NULL)
          g_print ("rss-anon-kib %ld\nrss-file-kib %ld\n",
                   strtol (anon + 8, NULL, 10), strtol (file + 8, NULL, 10));
      }
  }

  gtk_window_destroy (GTK_WINDOW (b.window));
  g_object_unref (b.file);
  return 0;
}
