/* test-explorer.c — CaissaExplorer: answers, the cache, partial answers.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests' cache folder is a temporary one (XDG_CACHE_HOME, set before
 * GLib reads it; not G_TEST_OPTION_ISOLATE_DIRS, whose strings GLib 2.74
 * never frees); each test's files have paths of their own. The
 * answers are compared with a replay of every game of the file
 * (caissa_pgn_file_read_game()); the correctness of the position data on
 * thousands of positions is test-posdb's business.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chess-fen.h"
#include "chess-san.h"
#include "caissa-explorer.h"
#include "test-util.h"

#define WAIT_S 120

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_DATA");

  return g_build_filename (dir, name, NULL);
}

/* --- Waiting on the explorer, never on time --------------------------------------------------- */

static gboolean
timeout_cb (gpointer data)
{
  g_error ("no answer in %d s", WAIT_S);
  return G_SOURCE_REMOVE;
}

static void
wait_ready (CaissaExplorer *explorer)
{
  guint id = g_timeout_add_seconds (WAIT_S, timeout_cb, NULL);

  while (!caissa_explorer_get_ready (explorer) && caissa_explorer_get_error (explorer) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  g_assert_no_error ((GError *) caissa_explorer_get_error (explorer));
}

static void
result_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static GAsyncResult *
wait_result (GAsyncResult **slot)
{
  guint id = g_timeout_add_seconds (WAIT_S, timeout_cb, NULL);

  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  return *slot;
}

static CaissaExplorerTree *
tree_at (CaissaExplorer      *explorer,
         const ChessPosition *pos)
{
  GAsyncResult *result = NULL;
  g_autoptr(GError) error = NULL;
  CaissaExplorerTree *tree;

  caissa_explorer_query_tree_async (explorer, pos, NULL, result_cb, &result);
  tree = caissa_explorer_query_tree_finish (explorer, wait_result (&result), &error);
  g_assert_no_error (error);
  g_object_unref (result);
  return tree;
}

static CaissaExplorerMatches *
find_at (CaissaExplorer      *explorer,
         const ChessPosition *pos,
         const char          *pattern)
{
  GAsyncResult *result = NULL;
  g_autoptr(GError) error = NULL;
  CaissaExplorerMatches *m;

  if (pattern != NULL)
    caissa_explorer_find_pattern_async (explorer, pattern, NULL, result_cb, &result);
  else
    caissa_explorer_find_position_async (explorer, pos, NULL, result_cb, &result);
  wait_result (&result);
  m = pattern != NULL ? caissa_explorer_find_pattern_finish (explorer, result, &error)
                      : caissa_explorer_find_position_finish (explorer, result, &error);
  g_assert_no_error (error);
  g_object_unref (result);
  return m;
}

/* --- The reference ------------------------------------------------------------------------------ */

/* Games among the first n of file reaching key: their number, and the
 * games of move san from there. */
static void
replay (CaissaPgnFile *file,
        guint          n,
        guint64        key,
        const char    *san,
        guint         *n_games,
        guint         *move_games,
        GArray        *matches)
{
  *n_games = 0;
  *move_games = 0;
  for (guint g = 0; g < n; g++)
    {
      g_autoptr(GError) error = NULL;
      ChessGame *game = caissa_pgn_file_read_game (file, g, &error);
      ChessNodeId node = CHESS_NODE_ROOT;
      gboolean found = FALSE, played = FALSE;

      if (game == NULL)
        continue;
      for (guint ply = 0; node != CHESS_NODE_NONE; ply++, node = chess_game_node_next (game, node))
        {
          ChessNodeId next = chess_game_node_next (game, node);

          if (chess_game_node_position (game, node)->key != key)
            continue;
          if (!found && matches != NULL)
            {
              CaissaExplorerMatch m = { g, ply };
              g_array_append_val (matches, m);
            }
          found = TRUE;
          if (next != CHESS_NODE_NONE && san != NULL && strcmp (chess_game_node_san (game, next), san) == 0)
            played = TRUE;
        }
      *n_games += found;
      *move_games += played;
      chess_game_free (game);
    }
}

static const CaissaExplorerMove *
tree_move (CaissaExplorerTree *tree,
           const char         *san)
{
  for (guint i = 0; i < caissa_explorer_tree_get_n_moves (tree); i++)
    if (strcmp (caissa_explorer_tree_get_move (tree, i)->san, san) == 0)
      return caissa_explorer_tree_get_move (tree, i);
  return NULL;
}

static void
play (ChessPosition *pos,
      const char    *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);

  chess_position_init_start (pos);
  for (guint i = 0; list[i] != NULL; i++)
    {
      ChessError error;
      ChessMove m = chess_san_parse (pos, list[i], strlen (list[i]), &error);

      g_assert_cmpint (m, !=, CHESS_MOVE_NONE);
      chess_position_make_move (pos, m);
    }
}

/* The answers at a few positions equal the replay over the first n games. */
static void
check_answers (CaissaExplorer *explorer,
               CaissaPgnFile  *file,
               guint           n)
{
  static const struct { const char *moves; const char *san; } rows[] = {
    { "", "e4" },
    { "e4", "c5" },
    { "d4 Nf6 c4 e6", "Nc3" },
    { "c4 e6 d4 Nf6", "Nc3" },      /* the same position, another order */
    { "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3", "a6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      ChessPosition pos;
      g_autoptr(CaissaExplorerTree) tree = NULL;
      g_autoptr(CaissaExplorerMatches) found = NULL;
      g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (CaissaExplorerMatch));
      const CaissaExplorerMove *m;
      guint n_games, move_games, sum = 0;

      if (rows[i].moves[0] != '\0')
        play (&pos, rows[i].moves);
      else
        chess_position_init_start (&pos);
      tree = tree_at (explorer, &pos);
      replay (file, n, pos.key, rows[i].san, &n_games, &move_games, want);
      g_assert_cmpuint (caissa_explorer_tree_get_n_games (tree), ==, n_games);
      m = tree_move (tree, rows[i].san);
      g_assert_cmpuint (m != NULL ? m->games : 0, ==, move_games);
      for (guint k = 0; k < caissa_explorer_tree_get_n_moves (tree); k++)
        {
          const CaissaExplorerMove *row = caissa_explorer_tree_get_move (tree, k);

          g_assert_cmpuint (row->white_wins + row->draws + row->black_wins, <=, row->games);
          if (k > 0)
            g_assert_cmpuint (row->games, <=, caissa_explorer_tree_get_move (tree, k - 1)->games);
          sum += row->games;
        }
      g_assert_cmpuint (sum, >=, n_games > 0 && caissa_explorer_tree_get_n_moves (tree) > 0 ? 1 : 0);

      found = find_at (explorer, &pos, NULL);
      g_assert_cmpuint (caissa_explorer_matches_get_n_matches (found), ==, want->len);
      for (guint k = 0; k < want->len; k++)
        {
          const CaissaExplorerMatch *a = &g_array_index (want, CaissaExplorerMatch, k);
          const CaissaExplorerMatch *b = caissa_explorer_matches_get_match (found, k);

          g_assert_cmpuint (a->game, ==, b->game);
          g_assert_cmpuint (a->ply, ==, b->ply);
        }
    }
}

static char *
copy_to_tmp (const char *name,
             char      **dir)
{
  g_autofree char *src = data_path (name);
  g_autofree char *contents = NULL;
  gsize len;
  char *dest;

  *dir = g_dir_make_tmp ("caissa-explorer-XXXXXX", NULL);
  g_assert_true (g_file_get_contents (src, &contents, &len, NULL));
  dest = g_build_filename (*dir, "games.pgn", NULL);
  g_assert_true (g_file_set_contents (dest, contents, len, NULL));
  return dest;
}

static CaissaExplorer *
open_explorer (const char     *path,
               CaissaPgnFile **file_out)
{
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = caissa_pgn_file_new (gfile, &error);

  g_assert_no_error (error);
  caissa_pgn_file_set_validate (file, FALSE);
  *file_out = file;
  return caissa_explorer_new (file);
}

static void
wait_loaded (CaissaPgnFile *file)
{
  guint id = g_timeout_add_seconds (WAIT_S, timeout_cb, NULL);

  while (caissa_pgn_file_get_loading (file))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

/* A query's GTask leaves its worker thread a moment after its callback
 * ran; the explorer it holds goes with it. */
static void
finalize_explorer (CaissaExplorer *explorer)
{
  guint id = g_timeout_add_seconds (WAIT_S, timeout_cb, NULL);

  while (g_atomic_int_get (&G_OBJECT (explorer)->ref_count) > 1)
    g_main_context_iteration (NULL, FALSE);
  g_source_remove (id);
  g_assert_finalize_object (explorer);
}

/* --- Tests ---------------------------------------------------------------------------------------- */

static void
count_cb (GObject *object,
          guint   *count)
{
  (*count)++;
}

static void
test_answers_and_cache (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_tmp ("pgn/openings-games.pgn", &dir);
  g_autoptr(CaissaPgnFile) file = NULL;
  CaissaExplorer *explorer = open_explorer (path, &file);
  g_autofree char *cache = caissa_explorer_dup_cache_path (explorer);
  g_autofree char *cache_dir = g_build_filename (g_get_user_cache_dir (), "caissa", "explorer", NULL);
  g_autoptr(GDir) listing = NULL;
  GStatBuf st1, st2;
  guint changed = 0;

  g_signal_connect (explorer, "changed", G_CALLBACK (count_cb), &changed);
  wait_ready (explorer);
  wait_loaded (file);
  g_assert_cmpuint (changed, >=, 1);
  g_assert_cmpfloat (caissa_explorer_get_progress (explorer), ==, 1.0);
  g_assert_false (caissa_explorer_get_building (explorer));
  g_assert_cmpuint (caissa_explorer_get_n_covered (explorer), ==, g_list_model_get_n_items (G_LIST_MODEL (file)));
  /* In the user's cache, never beside the file. */
  g_assert_true (g_str_has_prefix (cache, cache_dir));
  g_assert_true (g_file_test (cache, G_FILE_TEST_IS_REGULAR));
  listing = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (listing), ==, "games.pgn");
  g_assert_null (g_dir_read_name (listing));
  check_answers (explorer, file, g_list_model_get_n_items (G_LIST_MODEL (file)));
  g_assert_cmpint (g_stat (cache, &st1), ==, 0);
  finalize_explorer (explorer);
  g_clear_object (&file);

  /* Again: read from the cache, not built. */
  explorer = open_explorer (path, &file);
  wait_ready (explorer);
  g_assert_cmpint (g_stat (cache, &st2), ==, 0);
  g_assert_cmpint (st1.st_mtime, ==, st2.st_mtime);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);
  wait_loaded (file);
  check_answers (explorer, file, g_list_model_get_n_items (G_LIST_MODEL (file)));
  finalize_explorer (explorer);
  g_clear_object (&file);

  /* The file changes (a game more): built again, and the new game counts. */
  {
    g_autofree char *contents = NULL;
    g_autofree char *more = NULL;
    ChessPosition pos;
    g_autoptr(CaissaExplorerTree) tree = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    more = g_strconcat (contents, "\n[Result \"1-0\"]\n\n1. g4 e5 2. f3 Qh4# 1-0\n", NULL);
    g_assert_true (g_file_set_contents (path, more, -1, NULL));
    explorer = open_explorer (path, &file);
    wait_ready (explorer);
    g_assert_cmpint (g_stat (cache, &st2), ==, 0);
    g_assert_true (st1.st_ino != st2.st_ino);
    wait_loaded (file);
    play (&pos, "g4 e5 f3");
    tree = tree_at (explorer, &pos);
    g_assert_nonnull (tree_move (tree, "Qh4#"));
    g_assert_false (caissa_explorer_tree_get_partial (tree));
    check_answers (explorer, file, g_list_model_get_n_items (G_LIST_MODEL (file)));
    finalize_explorer (explorer);
    g_clear_object (&file);
  }

  /* A damaged cache is not trusted: built again. */
  {
    g_autofree char *bytes = NULL;
    gsize len;

    g_assert_true (g_file_get_contents (cache, &bytes, &len, NULL));
    for (gsize i = len / 2; i < len / 2 + 64 && i < len; i++)
      bytes[i] ^= 0x21;
    g_assert_true (g_file_set_contents (cache, bytes, len, NULL));
    g_assert_cmpint (g_stat (cache, &st1), ==, 0);
    explorer = open_explorer (path, &file);
    wait_ready (explorer);
    g_assert_cmpint (g_stat (cache, &st2), ==, 0);
    g_assert_true (st1.st_ino != st2.st_ino);
    wait_loaded (file);
    check_answers (explorer, file, g_list_model_get_n_items (G_LIST_MODEL (file)));
    finalize_explorer (explorer);
    g_clear_object (&file);
  }

  /* A cache cut short: the same. */
  {
    g_assert_cmpint (truncate (cache, 100), ==, 0);
    explorer = open_explorer (path, &file);
    wait_ready (explorer);
    g_assert_cmpint (g_stat (cache, &st2), ==, 0);
    g_assert_cmpint (st2.st_size, >, 100);
    wait_loaded (file);
    check_answers (explorer, file, g_list_model_get_n_items (G_LIST_MODEL (file)));
    finalize_explorer (explorer);
    g_clear_object (&file);
  }
  test_util_remove_tree (dir);
}

/* Answers while the file is still being indexed: partial, equal to a
 * replay of the games they cover; then final. */
static void
test_partial (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(CaissaPgnFile) file = NULL;
  CaissaExplorer *explorer;
  ChessPosition pos;
  guint partial_seen = 0, n_answers = 0;
  g_autoptr(GString) big = g_string_new (NULL);
  g_autofree char *one = NULL;

  /* Four copies of the openings: more than one batch of games. */
  {
    g_autofree char *src = data_path ("pgn/openings-games.pgn");
    g_assert_true (g_file_get_contents (src, &one, NULL, NULL));
    for (int i = 0; i < 4; i++)
      g_string_append (big, one);
    dir = g_dir_make_tmp ("caissa-explorer-XXXXXX", NULL);
    path = g_build_filename (dir, "big.pgn", NULL);
    g_assert_true (g_file_set_contents (path, big->str, big->len, NULL));
  }
  explorer = open_explorer (path, &file);
  play (&pos, "e4");
  /* Before the main loop has run, the explorer has no game yet: the file
   * hands its games over in the main context. */
  {
    g_autoptr(CaissaExplorerTree) tree = tree_at (explorer, &pos);

    (void) tree;
  }
  for (;;)
    {
      g_autoptr(CaissaExplorerTree) tree = tree_at (explorer, &pos);
      guint covered = caissa_explorer_tree_get_n_covered (tree);
      guint n_games, move_games;

      n_answers++;
      if (caissa_explorer_tree_get_partial (tree))
        {
          partial_seen++;
          g_assert_cmpuint (covered, <=, 4 * 3807);
        }
      else
        {
          wait_loaded (file);
          g_assert_cmpuint (covered, ==, g_list_model_get_n_items (G_LIST_MODEL (file)));
        }
      replay (file, covered, pos.key, "c5", &n_games, &move_games, NULL);
      g_assert_cmpuint (caissa_explorer_tree_get_n_games (tree), ==, n_games);
      g_assert_cmpuint (tree_move (tree, "c5") ? tree_move (tree, "c5")->games : 0, ==, move_games);
      if (!caissa_explorer_tree_get_partial (tree))
        break;
      /* Asked afresh: the explorer may have become ready (and said so)
       * while the main loop ran for the answer, which was then partial;
       * waiting for one more "changed" would wait forever. */
      if (!caissa_explorer_get_ready (explorer))
        {
          guint changed = 0;
          gulong id = g_signal_connect (explorer, "changed", G_CALLBACK (count_cb), &changed);
          guint timeout = g_timeout_add_seconds (WAIT_S, timeout_cb, NULL);

          while (changed == 0 && !caissa_explorer_get_ready (explorer))
            g_main_context_iteration (NULL, TRUE);
          g_source_remove (timeout);
          g_signal_handler_disconnect (explorer, id);
        }
    }
  g_test_message ("%u answers, %u partial", n_answers, partial_seen);
  g_assert_cmpuint (partial_seen, >=, 1);
  g_assert_true (caissa_explorer_get_ready (explorer));
  finalize_explorer (explorer);
  g_clear_object (&file);
  test_util_remove_tree (dir);
}

static void
test_pattern_and_queries (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = copy_to_tmp ("pgn/openings-games.pgn", &dir);
  g_autoptr(CaissaPgnFile) file = NULL;
  CaissaExplorer *explorer = open_explorer (path, &file);
  g_autoptr(GError) error = NULL;
  gboolean is_position = FALSE;
  ChessPosition pos;
  GAsyncResult *result = NULL;
  g_autofree char *pattern = NULL;

  wait_ready (explorer);
  wait_loaded (file);

  /* Every game with 1.e4 e5 2.Nf3 reaches the pattern of that position. */
  play (&pos, "e4 e5 Nf3");
  pattern = caissa_explorer_pattern_from_position (&pos);
  g_assert_cmpstr (pattern, ==, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b");
  {
    g_autoptr(CaissaExplorerMatches) by_pattern = find_at (explorer, NULL, pattern);
    g_autoptr(CaissaExplorerMatches) exact = find_at (explorer, &pos, NULL);

    g_assert_cmpuint (caissa_explorer_matches_get_n_matches (by_pattern), ==,
                      caissa_explorer_matches_get_n_matches (exact));
    g_assert_cmpuint (caissa_explorer_matches_get_n_matches (exact), >, 100);
    for (guint i = 0; i < caissa_explorer_matches_get_n_matches (exact); i++)
      {
        g_assert_cmpuint (caissa_explorer_matches_get_match (exact, i)->game, ==,
                          caissa_explorer_matches_get_match (by_pattern, i)->game);
        g_assert_cmpuint (caissa_explorer_matches_get_match (exact, i)->ply, ==, 3);
      }
  }

  /* Search texts. */
  g_assert_true (caissa_explorer_parse_query ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                              &is_position, &pos, &error));
  g_assert_no_error (error);
  g_assert_true (is_position);
  g_assert_true (caissa_explorer_parse_query ("8/8/8/8/8/1B3N2/8/8 w KBNKP", &is_position, NULL, &error));
  g_assert_false (is_position);
  g_assert_false (caissa_explorer_parse_query ("8/8/8/8/8/8/8/7X", &is_position, NULL, &error));
  g_assert_error (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN);
  g_assert_nonnull (strstr (error->message, "16"));
  g_clear_error (&error);

  /* A bad pattern fails in finish. */
  caissa_explorer_find_pattern_async (explorer, "9/8", NULL, result_cb, &result);
  g_assert_null (caissa_explorer_find_pattern_finish (explorer, wait_result (&result), &error));
  g_assert_error (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN);
  g_object_unref (result);

  finalize_explorer (explorer);
  g_clear_object (&file);
  test_util_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *cache = g_dir_make_tmp ("caissa-explorer-cache-XXXXXX", NULL);
  int status;

  g_assert_nonnull (cache);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/explorer/answers-and-cache", test_answers_and_cache);
  g_test_add_func ("/model/explorer/partial", test_partial);
  g_test_add_func ("/model/explorer/pattern", test_pattern_and_queries);
  status = g_test_run ();
  test_util_remove_tree (cache);
  return status;
}
