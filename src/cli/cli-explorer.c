/* cli-explorer.c — caissa-cli tree and find: the opening explorer and
 * position search from the command line.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same code as the app: a CaissaPgnFile and a CaissaExplorer (the
 * model layer, so these two commands link GLib while the rest of the CLI
 * is core only), with the position data kept in the user's cache. The
 * first call on a file builds it, with its progress on standard error; the
 * next ones read the cache.
 *
 *   tree FILE [SAN...]   the moves played from the position after the SAN
 *                        moves from the start: SAN<TAB>games<TAB>white%
 *                        <TAB>draw%<TAB>black%, most played first
 *   find FILE FEN|SUBFEN the games reaching the position (a full FEN: exact,
 *                        castling and e.p. rights included) or matching the
 *                        pattern (a sub-FEN, caissa-explorer.h), as
 *                        game<TAB>ply: the game's number from 1 and the
 *                        first ply that matches (0 = the start position)
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <gio/gio.h>

#include "chess-san.h"
#include "caissa-cli.h"
#include "caissa-explorer.h"
#include "caissa-pgn-file.h"

typedef struct
{
  GMainLoop    *loop;
  GAsyncResult *result;
  gboolean      tty;
  int           last_percent;
} Waiter;

static void
progress_cb (CaissaExplorer *explorer,
             GParamSpec     *pspec,
             Waiter         *w)
{
  int percent = (int) (caissa_explorer_get_progress (explorer) * 100);

  if (!caissa_explorer_get_building (explorer) || percent == w->last_percent)
    return;
  /* One line a step of 10 % when stderr is not a terminal (logs stay short). */
  if (!w->tty && percent / 10 == w->last_percent / 10)
    return;
  w->last_percent = percent;
  fprintf (stderr, w->tty ? "\rbuilding position data: %3d%%" : "building position data: %3d%%\n",
           percent);
  fflush (stderr);
}

static void
building_cb (CaissaExplorer *explorer,
             GParamSpec     *pspec,
             Waiter         *w)
{
  if (caissa_explorer_get_building (explorer) && w->last_percent < 0)
    {
      w->last_percent = 0;
      fprintf (stderr, w->tty ? "\rbuilding position data:   0%%" : "building position data:   0%%\n");
      fflush (stderr);
    }
}

static void
state_cb (CaissaExplorer *explorer,
          GParamSpec     *pspec,
          Waiter         *w)
{
  if (caissa_explorer_get_ready (explorer) || caissa_explorer_get_error (explorer) != NULL)
    g_main_loop_quit (w->loop);
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Waiter *w = data;

  w->result = g_object_ref (result);
  g_main_loop_quit (w->loop);
}

/* Opens path and waits until its explorer is ready; NULL (reported) on
 * failure. */
static CaissaExplorer *
open_ready (const char *command,
            const char *path,
            Waiter     *w)
{
  g_autoptr(GFile) gfile = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) file = caissa_pgn_file_new (gfile, &error);
  CaissaExplorer *explorer;
  gboolean building_seen = FALSE;

  if (file == NULL)
    {
      fprintf (stderr, "caissa-cli %s: %s\n", command, error->message);
      return NULL;
    }
  /* The check of every game is the list's business, not the explorer's. */
  caissa_pgn_file_set_validate (file, FALSE);
  explorer = caissa_explorer_new (file);
  w->tty = isatty (2);
  w->last_percent = -1;
  g_signal_connect (explorer, "notify::progress", G_CALLBACK (progress_cb), w);
  g_signal_connect (explorer, "notify::building", G_CALLBACK (building_cb), w);
  g_signal_connect (explorer, "notify::ready", G_CALLBACK (state_cb), w);
  g_signal_connect (explorer, "notify::error", G_CALLBACK (state_cb), w);
  if (!caissa_explorer_get_ready (explorer) && caissa_explorer_get_error (explorer) == NULL)
    g_main_loop_run (w->loop);
  building_seen = w->last_percent >= 0;
  g_signal_handlers_disconnect_by_data (explorer, w);
  if (building_seen)
    fprintf (stderr, w->tty ? "\rbuilding position data: done\n" : "building position data: done\n");
  if (caissa_explorer_get_error (explorer) != NULL)
    {
      fprintf (stderr, "caissa-cli %s: %s: %s\n", command, path, caissa_explorer_get_error (explorer)->message);
      g_object_unref (explorer);
      return NULL;
    }
  return explorer;
}

static int
percent (guint part,
         guint whole)
{
  return whole == 0 ? 0 : (int) ((part * 100.0) / whole + 0.5);
}

int
cli_tree (int    argc,
          char **argv)
{
  Waiter w = { 0 };
  g_autoptr(CaissaExplorer) explorer = NULL;
  g_autoptr(CaissaExplorerTree) tree = NULL;
  g_autoptr(GError) error = NULL;
  ChessPosition pos;

  if (argc < 2)
    return cli_usage_error ("tree", "FILE is needed");
  chess_position_init_start (&pos);
  for (int i = 2; i < argc; i++)
    {
      ChessError cerr;
      ChessMove m = chess_san_parse (&pos, argv[i], strlen (argv[i]), &cerr);

      if (m == CHESS_MOVE_NONE)
        {
          fprintf (stderr, "caissa-cli tree: move %d (%s): %s\n", i - 1, argv[i], cerr.message);
          return 2;
        }
      chess_position_make_move (&pos, m);
    }
  w.loop = g_main_loop_new (NULL, FALSE);
  explorer = open_ready ("tree", argv[1], &w);
  if (explorer == NULL)
    {
      g_main_loop_unref (w.loop);
      return 2;
    }
  caissa_explorer_query_tree_async (explorer, &pos, NULL, done_cb, &w);
  g_main_loop_run (w.loop);
  tree = caissa_explorer_query_tree_finish (explorer, w.result, &error);
  g_clear_object (&w.result);
  g_main_loop_unref (w.loop);
  if (tree == NULL)
    {
      fprintf (stderr, "caissa-cli tree: %s\n", error->message);
      return 2;
    }
  for (guint i = 0; i < caissa_explorer_tree_get_n_moves (tree); i++)
    {
      const CaissaExplorerMove *m = caissa_explorer_tree_get_move (tree, i);

      printf ("%s\t%u\t%d\t%d\t%d\n", m->san, m->games, percent (m->white_wins, m->games),
              percent (m->draws, m->games), percent (m->black_wins, m->games));
    }
  return 0;
}

int
cli_find (int    argc,
          char **argv)
{
  Waiter w = { 0 };
  g_autoptr(CaissaExplorer) explorer = NULL;
  g_autoptr(CaissaExplorerMatches) matches = NULL;
  g_autoptr(GError) error = NULL;
  gboolean is_position;
  ChessPosition pos;

  if (argc != 3)
    return cli_usage_error ("find", "FILE and a FEN or sub-FEN are needed");
  if (!caissa_explorer_parse_query (argv[2], &is_position, &pos, &error))
    {
      fprintf (stderr, "caissa-cli find: %s: %s\n", argv[2], error->message);
      return 2;
    }
  w.loop = g_main_loop_new (NULL, FALSE);
  explorer = open_ready ("find", argv[1], &w);
  if (explorer == NULL)
    {
      g_main_loop_unref (w.loop);
      return 2;
    }
  if (is_position)
    caissa_explorer_find_position_async (explorer, &pos, NULL, done_cb, &w);
  else
    caissa_explorer_find_pattern_async (explorer, argv[2], NULL, done_cb, &w);
  g_main_loop_run (w.loop);
  matches = is_position ? caissa_explorer_find_position_finish (explorer, w.result, &error)
                        : caissa_explorer_find_pattern_finish (explorer, w.result, &error);
  g_clear_object (&w.result);
  g_main_loop_unref (w.loop);
  if (matches == NULL)
    {
      fprintf (stderr, "caissa-cli find: %s\n", error->message);
      return 2;
    }
  for (guint i = 0; i < caissa_explorer_matches_get_n_matches (matches); i++)
    {
      const CaissaExplorerMatch *m = caissa_explorer_matches_get_match (matches, i);

      printf ("%u\t%u\n", m->game + 1, m->ply);
    }
  return 0;
}
