/* explorer-bench.c — times CaissaExplorer as the app uses it (bench/explorer.sh).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   explorer-bench FILE QUERIES REPEATS
 *
 * Opens FILE (a CaissaPgnFile, as the app does) and its explorer, and
 * waits until the explorer is ready: "ready MS" (a build when the cache is
 * empty, a reopening otherwise). Then, for each line of QUERIES:
 *   tree FEN | find FEN | pattern SUBFEN | random FEN FEN ...
 * runs the query REPEATS times and prints "NAME median MS min MS answer N"
 * (for random: the total of one pass over its positions). Last line:
 * "anon-peak KB" (RssAnon's peak, sampled while building and querying) and
 * "cache BYTES".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "chess-fen.h"
#include "caissa-explorer.h"

static guint64 anon_peak_kb;

static void
sample_anon (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return;
  line = strstr (status, "RssAnon:");
  if (line != NULL)
    {
      guint64 kb = g_ascii_strtoull (line + 8, NULL, 10);
      anon_peak_kb = MAX (anon_peak_kb, kb);
    }
}

static gboolean
sample_cb (gpointer data)
{
  sample_anon ();
  return G_SOURCE_CONTINUE;
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

/* One query; returns its answer's size (games or matches). */
static guint
run_one (CaissaExplorer *explorer,
         const char     *kind,
         const char     *arg)
{
  GAsyncResult *result = NULL;
  g_autoptr(GError) error = NULL;
  ChessPosition pos;
  guint n = 0;

  if (strcmp (kind, "pattern") != 0 && !chess_fen_parse (&pos, arg, strlen (arg), NULL))
    g_error ("bad FEN: %s", arg);
  if (strcmp (kind, "tree") == 0)
    {
      g_autoptr(CaissaExplorerTree) tree = NULL;

      caissa_explorer_query_tree_async (explorer, &pos, NULL, done_cb, &result);
      tree = caissa_explorer_query_tree_finish (explorer, wait_for (&result), &error);
      n = caissa_explorer_tree_get_n_games (tree);
    }
  else
    {
      g_autoptr(CaissaExplorerMatches) m = NULL;

      if (strcmp (kind, "find") == 0)
        {
          caissa_explorer_find_position_async (explorer, &pos, NULL, done_cb, &result);
          m = caissa_explorer_find_position_finish (explorer, wait_for (&result), &error);
        }
      else
        {
          caissa_explorer_find_pattern_async (explorer, arg, NULL, done_cb, &result);
          m = caissa_explorer_find_pattern_finish (explorer, wait_for (&result), &error);
        }
      if (m == NULL)
        g_error ("%s", error->message);
      n = caissa_explorer_matches_get_n_matches (m);
    }
  g_object_unref (result);
  return n;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autoptr(CaissaExplorer) explorer = NULL;
  g_autofree char *queries = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *cache = NULL;
  gint64 t0;
  int repeats;
  GStatBuf st;

  if (argc != 4)
    {
      fprintf (stderr, "usage: explorer-bench FILE QUERIES REPEATS\n");
      return 2;
    }
  repeats = atoi (argv[3]);
  if (!g_file_get_contents (argv[2], &queries, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (queries, "\n", -1);

  g_timeout_add (20, sample_cb, NULL);
  t0 = g_get_monotonic_time ();
  gfile = g_file_new_for_commandline_arg (argv[1]);
  file = caissa_pgn_file_new (gfile, &error);
  if (file == NULL)
    g_error ("%s", error->message);
  caissa_pgn_file_set_validate (file, FALSE);
  explorer = caissa_explorer_new (file);
  while (!caissa_explorer_get_ready (explorer) && caissa_explorer_get_error (explorer) == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (caissa_explorer_get_error (explorer) != NULL)
    g_error ("%s", caissa_explorer_get_error (explorer)->message);
  printf ("ready %.1f\n", (g_get_monotonic_time () - t0) / 1000.0);
  fflush (stdout);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      g_autofree double *ms = g_new (double, MAX (repeats, 1));
      guint n = 0;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      parts = g_strsplit (lines[i], "\t", -1);
      if (parts[1] == NULL)
        {
          fprintf (stderr, "%s:%u: not KIND<TAB>ARGUMENT...\n", argv[2], i + 1);
          return 2;
        }
      for (int r = 0; r < repeats; r++)
        {
          gint64 start = g_get_monotonic_time ();

          n = 0;
          if (strcmp (parts[0], "random") == 0)
            for (guint k = 1; parts[k] != NULL; k++)
              n += run_one (explorer, "tree", parts[k]);
          else
            n = run_one (explorer, parts[0], parts[1]);
          ms[r] = (g_get_monotonic_time () - start) / 1000.0;
          sample_anon ();
        }
      qsort (ms, repeats, sizeof ms[0], cmp_double);
      printf ("%s median %.3f min %.3f answer %u\n", parts[0], ms[repeats / 2], ms[0], n);
      fflush (stdout);
    }
  sample_anon ();
  cache = caissa_explorer_dup_cache_path (explorer);
  printf ("anon-peak %" G_GUINT64_FORMAT "\n", anon_peak_kb);
  printf ("cache %" G_GINT64_FORMAT "\n", cache != NULL && g_stat (cache, &st) == 0 ? (gint64) st.st_size : (gint64) -1);
  return 0;
}
