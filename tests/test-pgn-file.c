/* test-pgn-file.c — CaissaPgnFile: the games of a PGN file as a list model,
 * indexed in batches, checked in the background, opened one by one, saved
 * with one game replaced; files that are missing, folders, or changed on
 * disk while open.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "caissa-fault-guard.h"
#include "caissa-pgn-file.h"
#include "caissa-pgn-search.h"
#include "chess-pgn.h"
#include "test-util.h"

static char *tmp_dir;

static char *
data_path (const char *name)
{
  return g_build_filename (g_getenv ("CAISSA_TEST_DATA") ? g_getenv ("CAISSA_TEST_DATA")
                                                         : g_test_get_dir (G_TEST_DIST),
                           "pgn", name, NULL);
}

static guint64
caissa_file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64) st.st_size;
}

/* Runs the main loop until the file is indexed and checked (or 30 s). */
static void
wait_loaded (CaissaPgnFile *file)
{
  gint64 deadline = test_util_deadline (30);

  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  g_assert_false (caissa_pgn_file_get_validating (file));
}

/* Runs the main loop until the file says it changed on disk (or 10 s). */
static void
wait_changed (CaissaPgnFile *file)
{
  gint64 deadline = test_util_deadline (10);

  while (!caissa_pgn_file_get_changed_on_disk (file) && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_true (caissa_pgn_file_get_changed_on_disk (file));
}

static CaissaPgnFile *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *pgn = caissa_pgn_file_new (file, &error);

  g_assert_no_error (error);
  g_assert_nonnull (pgn);
  return pgn;
}

static CaissaPgnGameInfo *
item (CaissaPgnFile *file,
      guint          position)
{
  return g_list_model_get_item (G_LIST_MODEL (file), position);
}

/* The SANs of the main line, space-separated. */
static char *
main_line (const ChessGame *game)
{
  GString *out = g_string_new (NULL);

  for (ChessNodeId n = chess_game_node_next (game, CHESS_NODE_ROOT); n != CHESS_NODE_NONE;
       n = chess_game_node_next (game, n))
    {
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, chess_game_node_san (game, n));
    }
  return g_string_free (out, FALSE);
}

/* --- A generated file ------------------------------------------------------------ */

/* Games from a few fixed lines, so each one's moves are known; game
 * BAD_GAME has an illegal move on a known line and column. */
static const char *const lines[] = {
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
  "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5",
  "1. c4 e5",
  "1. e4 c5 (1... e5 2. Nf3) 2. Nf3 {Sicilian} d6 3. d4 cxd4 4. Nxd4",
};
static const guint line_plies[] = { 6, 7, 2, 7 };
static const char *const line_sans[] = {
  "e4 e5 Nf3 Nc6 Bb5 a6",
  "d4 d5 c4 e6 Nc3 Nf6 Bg5",
  "c4 e5",
  "e4 c5 Nf3 d6 d4 cxd4 Nxd4",
};

#define BAD_GAME 1234

typedef struct
{
  GString *text;
  guint    bad_line;    /* the line of the bad move */
  guint    bad_column;
} Generated;

static void
generate (Generated *gen,
          guint      n_games)
{
  guint line = 1;

  gen->text = g_string_new (NULL);
  for (guint i = 0; i < n_games; i++)
    {
      g_string_append_printf (gen->text,
                              "[Event \"Open %u\"]\n[Site \"Town\"]\n[Date \"20%02u.%02u.??\"]\n"
                              "[Round \"%u\"]\n[White \"Player %u\"]\n[Black \"%s %u\"]\n"
                              "[Result \"*\"]\n[ECO \"B%02u\"]\n\n",
                              i % 7, i % 30, 1 + i % 12, i, i,
                              i == 7 ? "\xc3\x85sa \xc3\x96lund" : "Rival", i, i % 100);
      line += 9;
      if (i == BAD_GAME)
        {
          /* "1. e4 e5 2. Ke3": Ke3 is at column 13 of the line. */
          g_string_append (gen->text, "1. e4 e5 2. Ke3 Nc6 *\n\n");
          gen->bad_line = line;
          gen->bad_column = 13;
        }
      else
        g_string_append_printf (gen->text, "%s *\n\n", lines[i % G_N_ELEMENTS (lines)]);
      line += 2;
    }
}

static char *
write_generated (const char *name,
                 guint       n_games,
                 Generated  *gen)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  generate (gen, n_games);
  g_file_set_contents (path, gen->text->str, (gssize) gen->text->len, &error);
  g_assert_no_error (error);
  return path;
}

/* Where game i starts in the generated text (its Round tag is "i"). */
static gsize
game_offset (Generated *gen,
             guint      i)
{
  g_autofree char *round = g_strdup_printf ("\n[Round \"%u\"]\n", i);
  const char *at = strstr (gen->text->str, round);

  g_assert_nonnull (at);
  /* Three lines up: Event, Site, Date. */
  for (guint lines = 0; lines < 3; lines++)
    {
      at--;
      while (at > gen->text->str && at[-1] != '\n')
        at--;
    }
  g_assert_true (g_str_has_prefix (at, "[Event "));
  return (gsize) (at - gen->text->str);
}

typedef struct
{
  guint  emissions;
  guint  total;
  guint  first_added;
  guint  emissions_while_loading;
} Batches;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Batches    *b)
{
  /* Batches only ever append. */
  g_assert_cmpuint (removed, ==, 0);
  g_assert_cmpuint (position, ==, b->total);
  if (b->emissions == 0)
    b->first_added = added;
  b->emissions++;
  b->total += added;
  if (caissa_pgn_file_get_loading (CAISSA_PGN_FILE (model)))
    b->emissions_while_loading++;
}

/* --- Tests ---------------------------------------------------------------------------- */

static void
test_data_files (void)
{
  g_autofree char *path = data_path ("variations.pgn");
  g_autofree char *path2 = data_path ("commands.pgn");
  CaissaPgnFile *file = open_path (path);
  CaissaPgnFile *file2;
  CaissaPgnGameInfo *info;
  g_autoptr(GError) error = NULL;
  CaissaGame *game;
  ChessGame *core;
  g_autofree char *moves = NULL;

  wait_loaded (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 1);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (file)) == CAISSA_TYPE_PGN_GAME_INFO);
  g_assert_false (caissa_pgn_file_get_mapped (file));
  g_assert_cmpstr (caissa_pgn_file_get_name (file), ==, "variations.pgn");
  g_assert_cmpfloat (caissa_pgn_file_get_progress (file), ==, 1.0);

  info = item (file, 0);
  g_assert_cmpuint (caissa_pgn_game_info_get_number (info), ==, 1);
  g_assert_cmpstr (caissa_pgn_game_info_get_event (info), ==, "Nested variations");
  g_assert_cmpstr (caissa_pgn_game_info_get_result (info), ==, "1/2-1/2");
  g_assert_cmpstr (caissa_pgn_game_info_get_white (info), ==, "");
  g_assert_cmpuint (caissa_pgn_game_info_get_moves (info), ==, 4);
  g_assert_null (caissa_pgn_game_info_get_error (info));
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (file), 1));

  /* Opening: the tree with its variations, in analysis mode. */
  game = caissa_pgn_file_open_game (file, 0, &error);
  g_assert_no_error (error);
  g_assert_true (caissa_game_get_analysis (game));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 0);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 4);
  moves = main_line (caissa_game_get_core_game (game));
  g_assert_cmpstr (moves, ==, "e4 c5 Nf3 d6");
  /* 1. e4 has two alternatives: 1. d4 and 1. c4. */
  g_assert_cmpuint (chess_game_node_n_children (caissa_game_get_core_game (game), CHESS_NODE_ROOT), ==, 3);
  g_assert_finalize_object (game);

  /* Commands in comments stay in the comments. */
  file2 = open_path (path2);
  wait_loaded (file2);
  core = caissa_pgn_file_read_game (file2, 0, &error);
  g_assert_no_error (error);
  {
    ChessNodeId n = chess_game_node_next (core, chess_game_node_next (core, chess_game_node_next (core, CHESS_NODE_ROOT)));
    const char *comment = chess_game_node_comment (core, n, CHESS_COMMENT_AFTER);
    ChessPgnMark marks[8];

    g_assert_nonnull (strstr (comment, "[%cal Ge2e4,Rd1d8]"));
    g_assert_cmpuint (chess_pgn_comment_marks (comment, strlen (comment), marks, 8), ==, 4);
  }
  chess_game_free (core);

  g_assert_finalize_object (info);
  g_assert_finalize_object (file);
  g_assert_finalize_object (file2);
}

static void
test_generated (gconstpointer data)
{
  guint n_games = GPOINTER_TO_UINT (data);
  Generated gen;
  g_autofree char *path = write_generated ("gen.pgn", n_games, &gen);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file;
  Batches b = { 0 };
  CaissaPgnGameInfo *info, *again, *bad, *asa;
  g_autofree char *needle = NULL;
  g_autofree char *expected = NULL;
  guint n_items_notifies = 0;

  file = caissa_pgn_file_new (gfile, &error);
  g_assert_no_error (error);
  g_assert_true (caissa_pgn_file_get_loading (file));
  g_assert_cmpuint (caissa_pgn_file_get_mapped (file), ==, gen.text->len > CAISSA_PGN_FILE_COPY_LIMIT);
  if (n_games > 100000)
    g_assert_true (caissa_pgn_file_get_mapped (file));
  g_signal_connect (file, "items-changed", G_CALLBACK (items_changed_cb), &b);
  g_signal_connect_swapped (file, "notify::n-items", G_CALLBACK (g_atomic_int_inc), &n_items_notifies);

  /* Bad game: first shown before the check, unmarked; parsing it on open
   * marks it. (Only when it is listed before the check reaches it.) */
  wait_loaded (file);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, n_games);
  g_assert_cmpuint (b.total, ==, n_games);
  g_assert_cmpuint (n_items_notifies, ==, b.emissions);
  if (n_games > 10000)
    {
      /* In batches: the first well before the end. */
      g_assert_cmpuint (b.emissions, >=, 2);
      g_assert_cmpuint (b.first_added, <, n_games);
      g_assert_cmpuint (b.emissions_while_loading, >=, 1);
    }
  g_assert_cmpuint (caissa_pgn_file_get_n_validated (file), ==, n_games);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 1);

  /* Fields, from the tags. */
  info = item (file, 42);
  g_assert_cmpuint (caissa_pgn_game_info_get_number (info), ==, 43);
  g_assert_cmpstr (caissa_pgn_game_info_get_white (info), ==, "Player 42");
  g_assert_cmpstr (caissa_pgn_game_info_get_black (info), ==, "Rival 42");
  g_assert_cmpstr (caissa_pgn_game_info_get_event (info), ==, "Open 0");
  g_assert_cmpstr (caissa_pgn_game_info_get_site (info), ==, "Town");
  g_assert_cmpstr (caissa_pgn_game_info_get_round (info), ==, "42");
  g_assert_cmpstr (caissa_pgn_game_info_get_date (info), ==, "2012.07");
  g_assert_cmpstr (caissa_pgn_game_info_get_eco (info), ==, "B42");
  g_assert_cmpstr (caissa_pgn_game_info_get_result (info), ==, "*");
  g_assert_cmpuint (caissa_pgn_game_info_get_moves (info), ==, line_plies[42 % 4]);
  g_assert_null (caissa_pgn_game_info_get_error (info));

  /* While alive, the same object for the same position. */
  again = item (file, 42);
  g_assert_true (again == info);
  g_object_unref (again);

  /* Search: case-insensitive substrings of the tags. */
  needle = caissa_pgn_game_info_fold_needle ("  pLAYER 42 ");
  g_assert_cmpstr (needle, ==, "player 42");
  g_assert_true (caissa_pgn_game_info_matches (info, needle));
  g_clear_pointer (&needle, g_free);
  needle = caissa_pgn_game_info_fold_needle ("b42");
  g_assert_true (caissa_pgn_game_info_matches (info, needle));
  g_clear_pointer (&needle, g_free);
  needle = caissa_pgn_game_info_fold_needle ("Player 43");
  g_assert_false (caissa_pgn_game_info_matches (info, needle));
  g_clear_pointer (&needle, g_free);
  g_assert_null (caissa_pgn_game_info_fold_needle ("   "));
  g_assert_true (caissa_pgn_game_info_matches (info, NULL));
  asa = item (file, 7);
  needle = caissa_pgn_game_info_fold_needle ("\xc3\xb6LUND");   /* "öLUND" */
  g_assert_true (caissa_pgn_game_info_matches (asa, needle));
  g_assert_false (caissa_pgn_game_info_matches (info, needle));
  g_assert_cmpstr (caissa_pgn_game_info_get_black (asa), ==, "\xc3\x85sa \xc3\x96lund 7");

  /* The bad game: marked by the check with its line and column. */
  bad = item (file, BAD_GAME);
  expected = g_strdup_printf ("%u:%u:", gen.bad_line, gen.bad_column);
  g_assert_nonnull (caissa_pgn_game_info_get_error (bad));
  g_assert_true (g_str_has_prefix (caissa_pgn_game_info_get_error (bad), expected));
  g_assert_null (caissa_pgn_file_read_game (file, BAD_GAME, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_PARSE);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("gen.pgn:%u:%u: ", gen.bad_line, gen.bad_column);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_clear_error (&error);

  /* Opening games gives their moves. */
  for (guint i = 0; i < 8; i++)
    {
      guint position = (i * 7919) % n_games;
      ChessGame *core;
      g_autofree char *moves = NULL;
      g_autofree char *white = g_strdup_printf ("Player %u", position);

      if (position == BAD_GAME)
        continue;
      core = caissa_pgn_file_read_game (file, position, &error);
      g_assert_no_error (error);
      moves = main_line (core);
      g_assert_cmpstr (moves, ==, line_sans[position % 4]);
      g_assert_cmpuint (chess_game_node_ply (core, chess_game_main_line_end (core, CHESS_NODE_ROOT)),
                        ==, line_plies[position % 4]);
      g_assert_cmpstr (chess_game_get_tag (core, "White"), ==, white);
      chess_game_free (core);
    }
  g_assert_null (caissa_pgn_file_read_game (file, n_games, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME);
  g_clear_error (&error);

  g_object_unref (info);
  g_object_unref (bad);
  g_object_unref (asa);
  g_assert_finalize_object (file);
  g_unlink (path);
  g_string_free (gen.text, TRUE);
}

/* A bad game is marked when opened, before the check gets to it. */
static void
test_error_on_open (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "bad.pgn", NULL);
  const char *text =
    "[Event \"Good\"]\n\n1. e4 e5 *\n\n"
    "[Event \"Bad\"]\n[White \"X\"]\n\n1. d4 d5\n2. Bxh7 *\n\n"
    "[Event \"Good again\"]\n\n1. c4 *\n";
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file;
  CaissaPgnGameInfo *bad;
  guint error_notifies = 0;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  file = open_path (path);
  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 3);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 0);

  bad = item (file, 1);
  g_assert_null (caissa_pgn_game_info_get_error (bad));
  g_signal_connect_swapped (bad, "notify::error", G_CALLBACK (g_atomic_int_inc), &error_notifies);
  g_assert_null (caissa_pgn_file_read_game (file, 1, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_PARSE);
  /* Line 9, column 4: "2. Bxh7". */
  g_assert_true (g_str_has_prefix (error->message, "bad.pgn:9:4: "));
  g_assert_cmpuint (error_notifies, ==, 1);
  g_assert_true (g_str_has_prefix (caissa_pgn_game_info_get_error (bad), "9:4: "));
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 1);

  g_assert_finalize_object (bad);
  g_assert_finalize_object (file);
}

static void
test_unreadable (void)
{
  g_autofree char *missing = g_build_filename (tmp_dir, "no-such.pgn", NULL);
  g_autofree char *fifo = g_build_filename (tmp_dir, "fifo.pgn", NULL);
  g_autoptr(GFile) f1 = g_file_new_for_path (missing);
  g_autoptr(GFile) f2 = g_file_new_for_path (tmp_dir);
  g_autoptr(GFile) f3 = g_file_new_for_path (fifo);
  g_autoptr(GError) error = NULL;

  g_assert_null (caissa_pgn_file_new (f1, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such.pgn"));
  g_clear_error (&error);

  g_assert_null (caissa_pgn_file_new (f2, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_REGULAR);
  g_assert_nonnull (strstr (error->message, "folder"));
  g_clear_error (&error);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (caissa_pgn_file_new (f3, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_REGULAR);
  g_clear_error (&error);
  g_unlink (fifo);
}

/* A file deleted while open stays readable (and is said to have changed);
 * the games of a mapped file cut short are refused (rather than read into a
 * fault). */
static void
test_vanished (void)
{
  Generated gen;
  g_autofree char *small = write_generated ("small.pgn", 100, &gen);
  g_autofree char *large = NULL;
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file;
  ChessGame *core;
  char *text;
  gsize len;

  g_string_free (gen.text, TRUE);
  file = open_path (small);
  wait_loaded (file);
  g_assert_cmpint (g_unlink (small), ==, 0);
  core = caissa_pgn_file_read_game (file, 99, &error);
  g_assert_no_error (error);
  chess_game_free (core);
  wait_changed (file);
  g_assert_finalize_object (file);

  /* Over the copy limit: mapped. */
  large = write_generated ("large.pgn", 110000, &gen);
  g_assert_cmpuint (gen.text->len, >, CAISSA_PGN_FILE_COPY_LIMIT);
  file = open_path (large);
  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);
  g_assert_true (caissa_pgn_file_get_mapped (file));

  /* Deleted: the mapping keeps the bytes. */
  g_assert_cmpint (g_unlink (large), ==, 0);
  core = caissa_pgn_file_read_game (file, 109999, &error);
  g_assert_no_error (error);
  chess_game_free (core);
  wait_changed (file);
  g_assert_finalize_object (file);

  /* Truncated in place: refused with CHANGED. */
  g_file_set_contents (large, gen.text->str, (gssize) gen.text->len, &error);
  g_assert_no_error (error);
  file = open_path (large);
  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);
  g_assert_cmpint (truncate (large, (off_t) (gen.text->len / 2)), ==, 0);
  g_assert_null (caissa_pgn_file_read_game (file, 109999, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&error);
  text = caissa_pgn_file_dup_game_text (file, 0, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (text, len, gen.text->str, len);
  g_assert_true (g_str_has_prefix (text, "[Event \"Open 0\"]"));
  g_free (text);
  wait_changed (file);
  g_assert_finalize_object (file);
  g_unlink (large);
  g_string_free (gen.text, TRUE);
}

static void
save_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **error = user_data;

  if (!caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, error) && *error == NULL)
    g_assert_not_reached ();
  *(gboolean *) g_object_get_data (source, "done") = TRUE;
}

static gboolean
save (CaissaPgnFile *file,
      GFile         *dest,
      guint          position,
      const char    *pgn,
      GError       **error)
{
  gboolean done = FALSE;

  g_object_set_data (G_OBJECT (file), "done", &done);
  caissa_pgn_file_save_async (file, dest, position, pgn, NULL, save_cb, error);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  /* The worker lets go of the task (and its file) just after returning. */
  for (guint i = 0; i < 1000 && G_OBJECT (file)->ref_count > 1; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return *error == NULL;
}

/* Another program writes to the file while Caissa saves over it: the last
 * look before the rename sees it, the save is refused as CHANGED and the
 * other program's change is what the file holds. */
static void
test_save_changed_while_writing (void)
{
  Generated gen;
  g_autofree char *path = write_generated ("race.pgn", 50, &gen);
  g_autofree char *theirs = g_strconcat (gen.text->str, "\n", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  CaissaPgnFile *file = open_path (path);

  wait_loaded (file);
  g_setenv ("CAISSA_TEST_FAIL_WRITE", "change-before-rename", TRUE);
  g_assert_false (save (file, gfile, 3, "[Event \"Mine\"]\n\n1. e4 *\n", &error));
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, theirs);

  g_assert_finalize_object (file);
  g_unlink (path);
  g_string_free (gen.text, TRUE);
}

static void
test_save (void)
{
  Generated gen;
  g_autofree char *path = write_generated ("save.pgn", 500, &gen);
  g_autofree char *bad_dest = g_build_filename (tmp_dir, "no-dir", "x.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GFile) gbad = g_file_new_for_path (bad_dest);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = open_path (path);
  CaissaPgnFile *reread;
  g_autoptr(GDir) dir = NULL;
  g_autofree char *old_text = NULL;
  gsize old_len, len;
  gsize offset;
  char *contents = NULL;
  ChessGame *core;
  char *pgn;
  const char *name;

  wait_loaded (file);
  old_text = caissa_pgn_file_dup_game_text (file, 200, &old_len, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (old_text, "[Event \"Open 4\"]"));
  offset = game_offset (&gen, 200);
  g_assert_cmpmem (gen.text->str + offset, old_len, old_text, old_len);

  /* Game 201 gets a variation and a comment. */
  core = caissa_pgn_file_read_game (file, 200, &error);
  g_assert_no_error (error);
  {
    ChessNodeId first = chess_game_node_next (core, CHESS_NODE_ROOT);
    ChessNodeId alt = chess_game_add_san (core, CHESS_NODE_ROOT, "Nf3", NULL);

    g_assert_cmpuint (alt, !=, CHESS_NODE_NONE);
    chess_game_node_set_comment (core, first, CHESS_COMMENT_AFTER, "edited");
  }
  pgn = chess_pgn_write_game (core, NULL);
  chess_game_free (core);

  /* A save that cannot be done leaves everything as it was. */
  g_assert_false (save (file, gbad, 200, pgn, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_WRITE);
  g_clear_error (&error);
  g_assert_false (g_file_test (bad_dest, G_FILE_TEST_EXISTS));

  /* Every step of the write failing in turn (a full disk after 0 bytes,
   * after 4 KiB and half way, fsync, the rename, creating the temporary
   * file): the error says so and names the file, and the file on disk is
   * byte for byte what it was, with no temporary file left beside it. */
  {
    g_autofree char *half = g_strdup_printf ("after:%" G_GSIZE_FORMAT, gen.text->len / 2);
    const char *const specs[] = { "open", "after:0", "after:4096", half, "fsync", "rename" };

    for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
      {
        g_autoptr(GDir) listing = NULL;
        const char *prefix = ".save.pgn.";

        g_setenv ("CAISSA_TEST_FAIL_WRITE", specs[i], TRUE);
        g_assert_false (save (file, gfile, 200, pgn, &error));
        g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
        g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_WRITE);
        g_assert_nonnull (strstr (error->message, path));
        g_assert_nonnull (strstr (error->message, "left as it was"));
        g_clear_error (&error);

        g_file_get_contents (path, &contents, &len, &error);
        g_assert_no_error (error);
        g_assert_cmpmem (contents, len, gen.text->str, gen.text->len);
        g_clear_pointer (&contents, g_free);

        listing = g_dir_open (tmp_dir, 0, &error);
        g_assert_no_error (error);
        while ((name = g_dir_read_name (listing)) != NULL)
          g_assert_false (g_str_has_prefix (name, prefix));
      }
  }

  /* Saved over itself: every other byte the same. */
  g_assert_true (save (file, gfile, 200, pgn, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, gen.text->len - old_len + strlen (pgn));
  g_assert_cmpint (memcmp (contents, gen.text->str, offset), ==, 0);
  g_assert_cmpint (memcmp (contents + offset, pgn, strlen (pgn)), ==, 0);
  g_assert_cmpint (memcmp (contents + offset + strlen (pgn), gen.text->str + offset + old_len,
                           gen.text->len - offset - old_len), ==, 0);
  g_free (contents);

  /* No temporary file is left behind. */
  dir = g_dir_open (tmp_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_prefix (name, ".goutputstream") || g_str_has_prefix (name, ".save.pgn."));

  /* The old mapping or copy still reads the old game. The file's own save
   * is not a change on disk to tell; but the file no longer has its games
   * where this one has them: not saved over again. */
  contents = caissa_pgn_file_dup_game_text (file, 200, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, len, old_text, old_len);
  g_clear_pointer (&contents, g_free);
  core = caissa_pgn_file_read_game (file, 201, &error);
  g_assert_no_error (error);
  chess_game_free (core);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_false (caissa_pgn_file_get_changed_on_disk (file));
  g_assert_false (save (file, gfile, 300, pgn, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&error);
  g_assert_false (caissa_pgn_file_get_changed_on_disk (file));

  /* Read back: 500 games, game 201 with its variation and comment. */
  reread = open_path (path);
  wait_loaded (reread);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (reread)), ==, 500);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (reread), ==, 0);
  core = caissa_pgn_file_read_game (reread, 200, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chess_game_node_n_children (core, CHESS_NODE_ROOT), ==, 2);
  g_assert_cmpstr (chess_game_node_comment (core, chess_game_node_next (core, CHESS_NODE_ROOT),
                                            CHESS_COMMENT_AFTER), ==, "edited");
  chess_game_free (core);

  /* Appended as a new last game. */
  g_assert_true (save (reread, gfile, G_MAXUINT, "[Event \"Appended\"]\n\n1. f4 *\n", &error));
  g_assert_finalize_object (reread);
  reread = open_path (path);
  wait_loaded (reread);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (reread)), ==, 501);
  {
    CaissaPgnGameInfo *last = item (reread, 500);

    g_assert_cmpstr (caissa_pgn_game_info_get_event (last), ==, "Appended");
    g_assert_finalize_object (last);
  }

  /* Changed on disk since it was opened: not saved over. */
  g_file_set_contents (path, "[Event \"Other\"]\n\n1. e4 *\n", -1, &error);
  g_assert_false (save (reread, gfile, 0, pgn, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&error);
  wait_changed (reread);

  g_free (pgn);
  g_assert_finalize_object (reread);
  g_assert_finalize_object (file);
  g_unlink (path);
  g_string_free (gen.text, TRUE);
}

/* Keeps a copy of a model's positions up to date from its items-changed,
 * to check the signal tells the truth. */
static void
mirror_changed_cb (GListModel *model,
                   guint       position,
                   guint       removed,
                   guint       added,
                   GPtrArray  *mirror)
{
  g_ptr_array_remove_range (mirror, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror, (int) (position + i), g_list_model_get_item (model, position + i));
}

static void
wait_search (CaissaPgnSearch *search)
{
  gint64 deadline = test_util_deadline (20);

  while (caissa_pgn_search_get_pending (search) > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (caissa_pgn_search_get_pending (search), ==, 0);
}

static void
test_search (void)
{
  Generated gen;
  g_autofree char *path = write_generated ("search.pgn", 3000, &gen);
  CaissaPgnFile *file = open_path (path);
  CaissaPgnSearch *search = caissa_pgn_search_new (file);
  g_autoptr(GPtrArray) mirror = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;

  /* Set while the file is still being read: the games found later are
   * searched too. */
  g_signal_connect (search, "items-changed", G_CALLBACK (mirror_changed_cb), mirror);
  caissa_pgn_search_set_text (search, "\"player 12\"");
  wait_loaded (file);
  wait_search (search);
  /* "Player 12", "Player 120"-"Player 129", "Player 1200"-"Player 1299". */
  n = g_list_model_get_n_items (G_LIST_MODEL (search));
  g_assert_cmpuint (n, ==, 1 + 10 + 100);
  g_assert_cmpuint (mirror->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (search), i);
      guint position = caissa_pgn_game_info_get_position (info);

      g_assert_true (mirror->pdata[i] == info);
      g_assert_true (g_str_has_prefix (caissa_pgn_game_info_get_white (info), "Player 12"));
      g_assert_cmpuint (caissa_pgn_search_get_file_position (search, i), ==, position);
      g_assert_cmpuint (caissa_pgn_search_find (search, position), ==, i);
    }
  g_assert_cmpuint (caissa_pgn_search_find (search, 13), ==, G_MAXUINT);

  /* Other tags, other case; non-ASCII. */
  caissa_pgn_search_set_text (search, "b07");
  wait_search (search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, 30);
  g_assert_cmpuint (mirror->len, ==, 30);
  caissa_pgn_search_set_text (search, "\xc3\xa5SA");
  wait_search (search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, 1);
  g_assert_cmpuint (caissa_pgn_search_get_file_position (search, 0), ==, 7);

  /* No search: every game, as in the file. */
  caissa_pgn_search_set_text (search, "  ");
  g_assert_cmpuint (caissa_pgn_search_get_pending (search), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, 3000);
  g_assert_cmpuint (mirror->len, ==, 3000);
  g_assert_cmpuint (caissa_pgn_search_find (search, 2999), ==, 2999);

  g_signal_handlers_disconnect_by_data (search, mirror);
  g_clear_pointer (&mirror, g_ptr_array_unref);
  g_assert_finalize_object (search);
  g_assert_finalize_object (file);
  g_unlink (path);
  g_string_free (gen.text, TRUE);
}

/* --- A file that changes on disk while open ------------------------------------- */

/* A mapped file, and games of it on both sides of a cut. CAISSA_TEST_PGN_TRUNCATE
 * makes the model itself cut the file at a known moment, after its last look
 * at it: each of these reads then meets pages that are gone, which before
 * the fault guard ended the process with SIGBUS. */
#define CUT_GAMES   110000
#define CUT_BEFORE  5000      /* the cut is inside this game: in the indexer's second step */
#define CUT_AFTER   60000     /* … or this one, for the tests after indexing */
#define PAST_CUT    100000

static GString *cut_text;    /* the file, generated once */

static char *
write_cut_file (const char *name)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, cut_text->str, (gssize) cut_text->len, &error);
  g_assert_no_error (error);
  return path;
}

static gsize
cut_offset (guint game)
{
  Generated gen = { cut_text, 0, 0 };

  /* Not on a page boundary: the rest of the cut page reads as zeros. */
  return game_offset (&gen, game) + 10;
}

/* Opens path with CAISSA_TEST_PGN_TRUNCATE=spec (NULL: none). */
static CaissaPgnFile *
open_cut (const char *path,
          const char *step,
          gsize       size)
{
  CaissaPgnFile *file;

  if (step != NULL)
    {
      g_autofree char *spec = g_strdup_printf ("%s:%" G_GSIZE_FORMAT, step, size);

      g_setenv ("CAISSA_TEST_PGN_TRUNCATE", spec, TRUE);
    }
  file = open_path (path);
  g_unsetenv ("CAISSA_TEST_PGN_TRUNCATE");
  g_assert_true (caissa_pgn_file_get_mapped (file));
  return file;
}

static void
assert_game (CaissaPgnFile *file,
             guint          position)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *white = g_strdup_printf ("Player %u", position);
  g_autofree char *moves = NULL;
  CaissaPgnGameInfo *info = item (file, position);
  ChessGame *core = caissa_pgn_file_read_game (file, position, &error);

  g_assert_no_error (error);
  moves = main_line (core);
  g_assert_cmpstr (moves, ==, line_sans[position % 4]);
  g_assert_cmpstr (chess_game_get_tag (core, "White"), ==, white);
  chess_game_free (core);
  g_assert_cmpstr (caissa_pgn_game_info_get_white (info), ==, white);
  g_object_unref (info);
}

static void
assert_gone (CaissaPgnFile *file,
             guint          position)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = g_strdup_printf ("game %u is no longer in it", position + 1);

  g_assert_null (caissa_pgn_file_read_game (file, position, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, expected));
  g_clear_error (&error);
  g_assert_null (caissa_pgn_file_dup_game_text (file, position, NULL, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
}

/* The file on disk is the first size bytes of the generated text. */
static void
assert_on_disk (const char *path,
                gsize       size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, len, cut_text->str, size);
}

/* A search for needle finds exactly the games of expected (ascending). */
static void
assert_search (CaissaPgnFile *file,
               const char    *needle,
               const guint   *expected,
               guint          n_expected)
{
  CaissaPgnSearch *search = caissa_pgn_search_new (file);

  caissa_pgn_search_set_text (search, needle);
  wait_search (search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (caissa_pgn_search_get_file_position (search, i), ==, expected[i]);
  g_assert_finalize_object (search);
}

/* (a) Cut short while the first indexing pass reads it: the games read
 * whole before the cut are listed, the rest is not read; the file says it
 * changed, is not checked, and is not saved over. */
static void
test_cut_while_indexing (void)
{
  g_autofree char *path = write_cut_file ("cut-index.pgn");
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gsize cut = cut_offset (CUT_BEFORE);
  CaissaPgnFile *file;
  guint changed_notifies = 0;
  static const guint players_12[] = { 12, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129,
                                      1200, 1299, 4912 };

  file = open_cut (path, "index", cut);
  g_signal_connect_swapped (file, "notify::changed-on-disk", G_CALLBACK (g_atomic_int_inc), &changed_notifies);
  wait_loaded (file);

  g_assert_cmpuint (caissa_file_size (path), ==, cut);
  g_assert_true (caissa_pgn_file_get_changed_on_disk (file));
  g_assert_cmpuint (changed_notifies, ==, 1);
  /* Every game known whole: those before the one the cut is in, but the
   * last of them, whose end the indexer had not seen (it met the gone page
   * on the next game's first line). None checked. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, CUT_BEFORE - 1);
  g_assert_cmpuint (caissa_pgn_file_get_n_validated (file), ==, 0);
  assert_game (file, 0);
  assert_game (file, 4321);
  assert_game (file, CUT_BEFORE - 2);
  assert_search (file, "\"player 4912\"", players_12 + 13, 1);

  /* Not saved over: the file stays as the other program left it. */
  g_assert_false (save (file, gfile, 0, "[Event \"New\"]\n\n1. e4 *\n", &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  assert_on_disk (path, cut);

  g_assert_finalize_object (file);
  g_unlink (path);
}

/* Cut short while the background check reads it: the check stops, the
 * list keeps every game, those before the cut still open. */
static void
test_cut_while_checking (void)
{
  g_autofree char *path = write_cut_file ("cut-check.pgn");
  /* In the check's second chunk (it reads 1 MiB at a time). */
  gsize cut = 1536 * 1024;
  CaissaPgnFile *file = open_cut (path, "check", cut);
  guint n_validated;

  wait_loaded (file);
  g_assert_true (caissa_pgn_file_get_changed_on_disk (file));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, CUT_GAMES);
  n_validated = caissa_pgn_file_get_n_validated (file);
  /* The first chunk, the bad game in it (and the errors of none of the
   * games the check did not reach). */
  g_assert_cmpuint (n_validated, >, BAD_GAME);
  g_assert_cmpuint (n_validated, <, CUT_BEFORE * 2);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 1);
  assert_game (file, 0);
  assert_game (file, n_validated - 1);
  assert_gone (file, PAST_CUT);

  g_assert_finalize_object (file);
  g_unlink (path);
}

/* (b) Cut short after indexing; then the first to read past the cut is
 * the search, a row's tags, its move count, or the opening of a game. Each
 * finds the bytes gone (no fault); then all of them work on what is left. */
static void
test_cut_after_indexing (gconstpointer data)
{
  const char *first = data;
  g_autofree char *path = write_cut_file ("cut-after.pgn");
  gsize cut = cut_offset (CUT_AFTER);
  CaissaPgnFile *file;
  CaissaPgnGameInfo *past;
  static const guint players_5999[] = { 5999, 59990, 59991, 59992, 59993, 59994, 59995, 59996,
                                        59997, 59998, 59999 };
  static const guint players_1000[] = { 1000, 10000, 10001, 10002, 10003, 10004, 10005, 10006,
                                        10007, 10008, 10009 };

  file = open_cut (path, g_str_equal (first, "open") ? "open" : NULL, cut);
  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, CUT_GAMES);
  g_assert_false (caissa_pgn_file_get_changed_on_disk (file));
  past = item (file, PAST_CUT);

  if (!g_str_equal (first, "open"))
    g_assert_cmpint (truncate (path, (off_t) cut), ==, 0);

  if (g_str_equal (first, "search"))
    /* "Player 1000", 10000-10009; 100000-100099 are past the cut. */
    assert_search (file, "\"player 1000\"", players_1000, G_N_ELEMENTS (players_1000));
  else if (g_str_equal (first, "tags"))
    {
      g_assert_cmpstr (caissa_pgn_game_info_get_white (past), ==, "");
      g_assert_cmpstr (caissa_pgn_game_info_get_event (past), ==, "");
    }
  else if (g_str_equal (first, "moves"))
    g_assert_cmpuint (caissa_pgn_game_info_get_moves (past), ==, 0);
  else if (g_str_equal (first, "open"))
    assert_gone (file, PAST_CUT);
  else
    g_assert_not_reached ();
  g_assert_cmpuint (caissa_file_size (path), ==, cut);

  wait_changed (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, CUT_GAMES);
  assert_search (file, "\"player 1000\"", players_1000, G_N_ELEMENTS (players_1000));
  assert_search (file, "\"player 5999\"", players_5999, G_N_ELEMENTS (players_5999));
  assert_gone (file, PAST_CUT);
  assert_gone (file, CUT_AFTER);
  assert_game (file, CUT_AFTER - 1);
  assert_game (file, 7);
  g_assert_cmpstr (caissa_pgn_game_info_get_white (past), ==, "");
  g_assert_cmpuint (caissa_pgn_game_info_get_moves (past), ==, 0);

  g_assert_finalize_object (past);
  g_assert_finalize_object (file);
  g_unlink (path);
}

/* (c) Cut short between the opening and a save: refused, whether the cut
 * comes before the save starts or once it has looked (over itself: its
 * last check before the write; elsewhere: while it copies the bytes).
 * Nothing is written: no file changed, no temporary file left. */
static void
test_cut_before_save (gconstpointer data)
{
  const char *when = data;
  g_autofree char *path = write_cut_file ("cut-save.pgn");
  g_autofree char *other = g_build_filename (tmp_dir, "cut-other.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GFile) gother = g_file_new_for_path (other);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autofree char *contents = NULL;
  gboolean elsewhere = g_str_has_suffix (when, "elsewhere");
  gsize cut = cut_offset (CUT_AFTER);
  CaissaPgnFile *file;
  const char *name;

  g_file_set_contents (other, "old", -1, &error);
  g_assert_no_error (error);
  file = open_cut (path, g_str_has_prefix (when, "while") ? "save" : NULL, cut);
  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);
  if (g_str_has_prefix (when, "before"))
    g_assert_cmpint (truncate (path, (off_t) cut), ==, 0);

  g_assert_false (save (file, elsewhere ? gother : gfile, 1, "[Event \"New\"]\n\n1. e4 *\n", &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  g_clear_error (&error);

  assert_on_disk (path, cut);
  g_file_get_contents (other, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "old");
  listing = g_dir_open (tmp_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_assert_false (g_str_has_prefix (name, ".cut-"));

  wait_changed (file);
  assert_game (file, 0);
  assert_gone (file, PAST_CUT);
  g_assert_finalize_object (file);
  g_unlink (path);
  g_unlink (other);
}

/* Bug 5: a change that keeps the size, within the same second, is a
 * change: rewritten in place (only the nanoseconds of its time differ), or
 * replaced by another file with the same size and time (only the inode
 * differs). Neither is saved over. */
static void
test_same_size_change (gconstpointer data)
{
  gboolean replace = g_str_equal (data, "replaced");
  Generated gen;
  g_autofree char *path = write_generated ("same-size.pgn", 500, &gen);
  g_autofree char *twin = g_build_filename (tmp_dir, "same-size-twin.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  CaissaPgnFile *file = open_path (path);
  struct stat before, after;
  struct timespec times[2];
  gsize len;

  wait_loaded (file);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  /* The same bytes but one: "Open 0" becomes "Open 9". */
  gen.text->str[13] = '9';
  times[0] = before.st_atim;
  times[1] = before.st_mtim;
  if (replace)
    {
      /* Same size, same time to the nanosecond: another inode. */
      g_file_set_contents (twin, gen.text->str, (gssize) gen.text->len, &error);
      g_assert_no_error (error);
      g_assert_cmpint (utimensat (AT_FDCWD, twin, times, 0), ==, 0);
      g_assert_cmpint (g_rename (twin, path), ==, 0);
    }
  else
    {
      int fd = g_open (path, O_WRONLY, 0);

      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (pwrite (fd, gen.text->str + 13, 1, 13), ==, 1);
      g_assert_cmpint (close (fd), ==, 0);
      /* Same second; a nanosecond apart. */
      times[1].tv_nsec = before.st_mtim.tv_nsec == 0 ? 1 : before.st_mtim.tv_nsec - 1;
      g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
    }
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_size, ==, before.st_size);
  g_assert_cmpint (after.st_mtim.tv_sec, ==, before.st_mtim.tv_sec);

  g_assert_false (save (file, gfile, 3, "[Event \"New\"]\n\n1. e4 *\n", &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&error);
  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, len, gen.text->str, gen.text->len);
  wait_changed (file);

  g_assert_finalize_object (file);
  g_unlink (path);
  g_string_free (gen.text, TRUE);
}

/* A mapped file grown, rewritten in place or replaced after indexing:
 * told, never read into a fault; a game whose bytes are no longer its own
 * is refused, the others read; not saved over. */
static void
test_mapped_changed (gconstpointer data)
{
  const char *how = data;
  g_autofree char *path = write_cut_file ("mapped-changed.pgn");
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = open_cut (path, NULL, 0);

  caissa_pgn_file_set_validate (file, FALSE);
  wait_loaded (file);

  if (g_str_equal (how, "grown"))
    {
      g_autoptr(GFileOutputStream) out = g_file_append_to (gfile, G_FILE_CREATE_NONE, NULL, &error);

      g_assert_no_error (error);
      g_output_stream_write_all (G_OUTPUT_STREAM (out), cut_text->str, 100000, NULL, NULL, &error);
      g_assert_no_error (error);
      g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error);
      g_assert_no_error (error);
    }
  else if (g_str_equal (how, "rewritten"))
    {
      /* The first game's bytes become zeros, the size stays. */
      int fd = g_open (path, O_WRONLY, 0);
      char zeros[64] = { 0 };

      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (pwrite (fd, zeros, sizeof zeros, 0), ==, sizeof zeros);
      g_assert_cmpint (close (fd), ==, 0);
    }
  else
    {
      g_autofree char *other = g_build_filename (tmp_dir, "mapped-other.pgn", NULL);

      g_file_set_contents (other, "[Event \"Other\"]\n\n1. e4 *\n", -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (g_rename (other, path), ==, 0);
    }

  if (g_str_equal (how, "rewritten"))
    {
      /* (Its text is what the file holds there now.) */
      g_assert_null (caissa_pgn_file_read_game (file, 0, &error));
      g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
      g_assert_nonnull (strstr (error->message, "game 1 is no longer in it"));
      g_clear_error (&error);
      g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 0);
    }
  else
    assert_game (file, 0);
  assert_game (file, PAST_CUT);
  wait_changed (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, CUT_GAMES);
  g_assert_false (save (file, gfile, 1, "[Event \"New\"]\n\n1. e4 *\n", &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);

  g_assert_finalize_object (file);
  g_unlink (path);
}

/* The guard under it all: a fault in a guarded range is caught, where it
 * was; guards nest; a fault outside every guard still ends the process
 * (the handler passes it on), so a bug is never hidden. */
static void
test_fault_guard (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "guard.bin", NULL);
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  g_autofree char *buf = g_malloc (3 * page);
  g_autoptr(GError) error = NULL;
  CaissaFaultGuard outer, inner;
  volatile gboolean caught = FALSE;
  gsize offset = 0;
  char *map;
  int fd;

  memset (buf, 'x', 3 * page);
  g_file_set_contents (path, buf, (gssize) (3 * page), &error);
  g_assert_no_error (error);
  fd = g_open (path, O_RDONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  map = mmap (NULL, 3 * page, PROT_READ, MAP_PRIVATE, fd, 0);
  g_assert_true (map != MAP_FAILED);
  close (fd);
  g_assert_cmpint (truncate (path, 100), ==, 0);

  if (g_test_subprocess ())
    {
      volatile char c;

      caissa_fault_guard_install ();
      c = map[2 * page];
      g_print ("survived %d\n", c);
      return;
    }

  /* The first page reads (zeros past the end); the second is gone. */
  g_assert_true (caissa_fault_guard_copy (buf, map, page, &offset));
  for (guint i = 0; i < 100; i++)
    g_assert_cmpint (buf[i], ==, 'x');
  g_assert_cmpint (buf[100], ==, 0);
  g_assert_false (caissa_fault_guard_copy (buf, map + 10, 3 * page - 10, &offset));
  g_assert_cmpuint (offset, ==, page - 10);

  /* Nested: the inner guard does not hold the address, the outer does. */
  caissa_fault_guard_push (&outer, map, 3 * page);
  if (CAISSA_FAULT_GUARD_TRY (&outer))
    {
      caissa_fault_guard_push (&inner, buf, page);
      if (CAISSA_FAULT_GUARD_TRY (&inner))
        {
          g_assert_cmpint (((volatile char *) map)[2 * page + 5], ==, 0);
          caissa_fault_guard_pop (&inner);
        }
      caissa_fault_guard_pop (&outer);
    }
  else
    caught = TRUE;
  g_assert_true (caught);
  g_assert_true (outer.fault == map + 2 * page + 5);
  /* Both were let go: a guard set now is the only one. */
  g_assert_true (caissa_fault_guard_copy (buf, map, 1, NULL));

  munmap (map, 3 * page);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout_unmatched ("*survived*");
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  tmp_dir = g_dir_make_tmp ("caissa-pgn-file-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  {
    Generated gen;

    generate (&gen, CUT_GAMES);
    cut_text = gen.text;
    g_assert_cmpuint (cut_text->len, >, CAISSA_PGN_FILE_COPY_LIMIT);
  }

  g_test_add_func ("/model/pgn-file/data-files", test_data_files);
  g_test_add_data_func ("/model/pgn-file/generated-3000", GUINT_TO_POINTER (3000), test_generated);
  g_test_add_data_func ("/model/pgn-file/generated-110000-mapped", GUINT_TO_POINTER (110000),
                        test_generated);
  g_test_add_func ("/model/pgn-file/error-on-open", test_error_on_open);
  g_test_add_func ("/model/pgn-file/unreadable", test_unreadable);
  g_test_add_func ("/model/pgn-file/vanished", test_vanished);
  g_test_add_func ("/model/pgn-file/save", test_save);
  g_test_add_func ("/model/pgn-file/save-changed-while-writing", test_save_changed_while_writing);
  g_test_add_func ("/model/pgn-search/as-you-type", test_search);
  g_test_add_func ("/model/fault-guard/caught-where-set", test_fault_guard);
  g_test_add_func ("/model/pgn-file/changed/cut-while-indexing", test_cut_while_indexing);
  g_test_add_func ("/model/pgn-file/changed/cut-while-checking", test_cut_while_checking);
  g_test_add_data_func ("/model/pgn-file/changed/cut-then-search", "search", test_cut_after_indexing);
  g_test_add_data_func ("/model/pgn-file/changed/cut-then-tags", "tags", test_cut_after_indexing);
  g_test_add_data_func ("/model/pgn-file/changed/cut-then-moves", "moves", test_cut_after_indexing);
  g_test_add_data_func ("/model/pgn-file/changed/cut-while-opening", "open", test_cut_after_indexing);
  g_test_add_data_func ("/model/pgn-file/changed/cut-before-save", "before", test_cut_before_save);
  g_test_add_data_func ("/model/pgn-file/changed/cut-before-save-elsewhere", "before-elsewhere",
                        test_cut_before_save);
  g_test_add_data_func ("/model/pgn-file/changed/cut-while-saving", "while", test_cut_before_save);
  g_test_add_data_func ("/model/pgn-file/changed/cut-while-saving-elsewhere", "while-elsewhere",
                        test_cut_before_save);
  g_test_add_data_func ("/model/pgn-file/changed/mapped-grown", "grown", test_mapped_changed);
  g_test_add_data_func ("/model/pgn-file/changed/mapped-rewritten", "rewritten", test_mapped_changed);
  g_test_add_data_func ("/model/pgn-file/changed/mapped-replaced", "replaced", test_mapped_changed);
  g_test_add_data_func ("/model/pgn-file/changed/same-size-in-place", "in-place", test_same_size_change);
  g_test_add_data_func ("/model/pgn-file/changed/same-size-replaced", "replaced", test_same_size_change);

  status = g_test_run ();
  g_string_free (cut_text, TRUE);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
