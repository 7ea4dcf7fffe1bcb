/* list-edit.c — what one edit of a file's list of games (Delete Game,
 * Duplicate Game, New Game in File) costs the main thread in review: the
 * edit on CaissaPgnFileEdits and the list shown again (the view made and
 * ready), as caissa-window-review-games.c does it, for Delete, Duplicate,
 * New Game and Undo, what a save's text costs, what a save of the list
 * costs the main thread (the call and each dispatch until it is done)
 * and in all, and what a search of every
 * game costs through the list shown against the file. Prints min/median/max over runs in ms. Run through
 * bench/list-edit.sh.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caissa-pgn-file-edit.h"
#include "caissa-pgn-file-edits.h"
#include "caissa-pgn-file-private.h"

enum { STEP_DELETE, STEP_DUPLICATE, STEP_ADD, STEP_UNDO, N_STEPS };

static const char *const step_names[N_STEPS] = {
  "delete + list shown again",
  "duplicate + list shown again",
  "new game + list shown again",
  "undo (new game) + list shown again",
};

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        double     *ms,
        guint       runs)
{
  qsort (ms, runs, sizeof *ms, compare);
  printf ("%-34s min %9.3f  median %9.3f  max %9.3f ms  (%u runs)\n",
          what, ms[0], ms[runs / 2], ms[runs - 1], runs);
}

/* The time the main thread spends waiting in poll(): what it is not busy. */
static GPollFunc real_poll;
static gint64 poll_us;

static gint
timed_poll (GPollFD *fds,
            guint    n,
            gint     timeout)
{
  gint64 start = g_get_monotonic_time ();
  gint ret = real_poll (fds, n, timeout);

  poll_us += g_get_monotonic_time () - start;
  return ret;
}

static void
saved (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, &error))
    g_error ("save: %s", error->message);
  *(gboolean *) user_data = TRUE;
}

static void
wait_loaded (CaissaPgnFile *file)
{
  while (caissa_pgn_file_get_loading (file))
    g_main_context_iteration (NULL, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(CaissaPgnFile) disk = NULL;
  g_autoptr(CaissaPgnFileEdits) edits = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *empty = caissa_pgn_empty_game_text ();
  guint runs, n;
  double *step_ms[N_STEPS], *text_ms, *call_ms, *busy_ms, *save_ms;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE.pgn [RUNS]\n", argv[0]);
      return 2;
    }
  runs = argc > 2 ? (guint) atoi (argv[2]) : 7;
  gfile = g_file_new_for_commandline_arg (argv[1]);
  disk = caissa_pgn_file_new (gfile, &error);
  if (disk == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  wait_loaded (disk);
  /* (Its games checked too: what the checks dispatch is not the save's.) */
  while (caissa_pgn_file_get_validating (disk))
    g_main_context_iteration (NULL, TRUE);
  n = g_list_model_get_n_items (G_LIST_MODEL (disk));
  printf ("%s: %u games\n", argv[1], n);
  edits = caissa_pgn_file_edits_new (disk);
  for (guint k = 0; k < N_STEPS; k++)
    step_ms[k] = g_new (double, runs);
  text_ms = g_new (double, runs);
  call_ms = g_new (double, runs);
  busy_ms = g_new (double, runs);
  save_ms = g_new (double, runs);
  real_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, timed_poll);
  for (guint i = 0; i < runs; i++)
    {
      gint64 start;
      g_autofree char *text = NULL;

      /* A game in the middle deleted, one duplicated, a new game added and
       * that taken back: each with the list as shown again. */
      for (guint k = 0; k < N_STEPS; k++)
        {
          guint middle = caissa_pgn_file_edits_get_n_games (edits) / 2;
          g_autoptr(CaissaPgnFile) view = NULL;

          start = g_get_monotonic_time ();
          switch (k)
            {
            case STEP_DELETE:
              caissa_pgn_file_edits_delete (edits, middle);
              break;
            case STEP_DUPLICATE:
              caissa_pgn_file_edits_duplicate (edits, middle);
              break;
            case STEP_ADD:
              caissa_pgn_file_edits_add (edits, caissa_pgn_file_edits_get_n_games (edits), empty);
              break;
            case STEP_UNDO:
            default:
              caissa_pgn_file_edits_undo (edits, NULL);
              break;
            }
          view = caissa_pgn_file_edits_make_view (edits, &error);
          g_assert_no_error (error);
          wait_loaded (view);
          step_ms[k][i] = (g_get_monotonic_time () - start) / 1000.0;
        }

      start = g_get_monotonic_time ();
      text = caissa_pgn_file_edits_dup_text (edits, G_MAXUINT, NULL, &error);
      g_assert_no_error (error);
      text_ms[i] = (g_get_monotonic_time () - start) / 1000.0;

      /* The list saved over the file (as Ctrl+S; OVERWRITE, as the file
       * is the bench's own and saved again each run): the call, what the
       * main thread is busy with until the save is done (the call and
       * every dispatch, poll() aside), and the whole save. */
      {
        gboolean done = FALSE;
        gint64 polled;

        start = g_get_monotonic_time ();
        caissa_pgn_file_edits_save_async (edits, G_MAXUINT, NULL, CAISSA_PGN_SAVE_OVERWRITE, NULL, saved, &done);
        call_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
        polled = poll_us;
        while (!done)
          g_main_context_iteration (NULL, TRUE);
        save_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
        busy_ms[i] = save_ms[i] - (poll_us - polled) / 1000.0;
      }
    }
  for (guint k = 0; k < N_STEPS; k++)
    {
      report (step_names[k], step_ms[k], runs);
      g_free (step_ms[k]);
    }
  report ("the save's text (dup_text)", text_ms, runs);
  report ("save: the call", call_ms, runs);
  report ("save: main thread busy in all", busy_ms, runs);
  report ("save: to its callback", save_ms, runs);

  /* What reading games through the list shown costs against the file:
   * a search of every game (as the game list's, with a word no game has). */
  {
    g_autoptr(CaissaPgnFile) view = caissa_pgn_file_edits_make_view (edits, &error);
    CaissaPgnFile *files[2] = { disk, view };
    const char *names[2] = { "search every game: the file", "search every game: the list shown" };

    wait_loaded (view);
    for (guint f = 0; f < 2; f++)
      {
        guint n_games = g_list_model_get_n_items (G_LIST_MODEL (files[f]));

        for (guint i = 0; i < runs; i++)
          {
            gint64 start = g_get_monotonic_time ();

            for (guint g = 0; g < n_games; g++)
              if (_caissa_pgn_file_matches (files[f], g, "zzqx"))
                g_error ("found");
            text_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          }
        report (names[f], text_ms, runs);
      }
  }
  g_free (text_ms);
  return 0;
}
