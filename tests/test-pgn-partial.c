/* test-pgn-partial.c — a game with an error opened up to it
 * (caissa-pgn-partial.h): its tags, every move before the error, the
 * error's place, the rest kept verbatim; saved unchanged while not edited,
 * and with the rest in comment lines once edited.
 *
 * tests/data/partial/partial.pgn: game 2 has an illegal move (4. Nf6) on
 * line 15, column 14, with a comment and a variation after it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "caissa-pgn-partial.h"
#include "chess-pgn.h"
#include "test-util.h"
#include "test-util-pgn.h"

static char *tmp_dir;

#define copy_data(dir, name) test_util_pgn_copy_data (tmp_dir, dir, name)
#define open_loaded          test_util_pgn_open_loaded

static void
save (CaissaPgnFile *file,
      const char    *dest,
      guint          position,
      const char    *pgn)
{
  g_autoptr(GError) error = NULL;

  test_util_pgn_save (file, dest, position, pgn, CAISSA_PGN_SAVE_DEFAULT, &error);
  g_assert_no_error (error);
}

static char *
main_line (const ChessGame *game)
{
  GString *out = g_string_new (NULL);

  for (ChessNodeId n = chess_game_node_next (game, CHESS_NODE_ROOT); n != CHESS_NODE_NONE;
       n = chess_game_node_next (game, n))
    g_string_append_printf (out, "%s%s", out->len ? " " : "", chess_game_node_san (game, n));
  return g_string_free (out, FALSE);
}

static ChessNodeId
nth (const ChessGame *game,
     guint            n)
{
  ChessNodeId node = CHESS_NODE_ROOT;

  for (guint i = 0; i < n; i++)
    node = chess_game_node_next (game, node);
  return node;
}

/* The tags, the moves before the error, the variation and comment before
 * it; the error's place; the rest as written. */
static void
test_read (void)
{
  g_autofree char *path = copy_data ("partial", "partial.pgn");
  CaissaPgnFile *file = open_loaded (path);
  g_autoptr(CaissaPgnPartial) partial = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *moves = NULL;
  g_autoptr(GObject) info = NULL;
  g_autofree char *checked = NULL;
  ChessGame *game;

  game = caissa_pgn_file_read_game_partial (file, 1, &partial, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_nonnull (partial);
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "Kasparov");
  g_assert_cmpstr (chess_game_get_tag (game, "Site"), ==, "Café");
  moves = main_line (game);
  g_assert_cmpstr (moves, ==, "e4 e5 Nf3 Nc6 Bb5 a6");
  g_assert_cmpstr (chess_game_node_comment (game, nth (game, 1), CHESS_COMMENT_AFTER), ==, "King pawn");
  g_assert_cmpuint (chess_game_node_n_children (game, nth (game, 2)), ==, 2);
  g_assert_cmpuint (partial->line, ==, 15);
  g_assert_cmpuint (partial->column, ==, 14);
  g_assert_true (g_str_has_prefix (partial->message, "illegal move 'Nf6'"));
  g_assert_cmpuint (partial->error_node, ==, nth (game, 6));
  g_assert_cmpstr (partial->rest, ==, "Nf6 {never read} Nf6 (4... d6)\n5. O-O Be7 1-0\n\n");
  g_assert_true (g_str_has_prefix (partial->text, "[Event \"Broken\"]"));
  chess_game_free (game);
  g_clear_pointer (&partial, caissa_pgn_partial_free);

  /* A good game: no partial. */
  game = caissa_pgn_file_read_game_partial (file, 0, &partial, &error);
  g_assert_no_error (error);
  g_assert_null (partial);
  chess_game_free (game);

  /* The plain reader still refuses it, and the list tells the same place. */
  g_assert_null (caissa_pgn_file_read_game (file, 1, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "partial.pgn:15:14: illegal move 'Nf6'"));
  info = g_list_model_get_item (G_LIST_MODEL (file), 1);
  g_object_get (info, "error", &checked, NULL);
  g_assert_true (g_str_has_prefix (checked, "15:14: illegal move 'Nf6'"));
  g_clear_object (&info);

  g_assert_finalize_object (file);
}

/* Not edited: the game's own text saves the file byte for byte. */
static void
test_save_unchanged (void)
{
  g_autofree char *path = copy_data ("partial", "partial.pgn");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(CaissaPgnPartial) partial = NULL;
  CaissaPgnFile *file = open_loaded (path);
  ChessGame *game;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  game = caissa_pgn_file_read_game_partial (file, 1, &partial, NULL);
  save (file, path, 1, partial->text);
  chess_game_free (game);
  g_assert_finalize_object (file);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
}

/* Edited: the moves as edited, then the rest in comment lines before the
 * result; the other games unchanged; the file reads without an error. */
static void
test_save_edited (void)
{
  g_autofree char *path = copy_data ("partial", "partial.pgn");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *moves = NULL;
  g_autoptr(CaissaPgnPartial) partial = NULL;
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = open_loaded (path);
  ChessGame *game;
  const char *comment;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  game = caissa_pgn_file_read_game_partial (file, 1, &partial, NULL);
  chess_game_node_set_comment (game, nth (game, 5), CHESS_COMMENT_AFTER, "edited");
  pgn = chess_pgn_write_game (game, NULL);
  kept = caissa_pgn_partial_keep_rest (partial, pgn);
  g_assert_nonnull (strstr (kept, "\n; Caissa could not read the rest of this game (line 15, column 14: illegal move 'Nf6'"));
  g_assert_nonnull (strstr (kept, "\n; Nf6 {never read} Nf6 (4... d6)\n; 5. O-O Be7 1-0\n1-0\n"));
  save (file, path, 1, kept);
  chess_game_free (game);
  g_assert_finalize_object (file);

  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_true (g_str_has_prefix (after, "[Event \"First\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"));
  g_assert_true (g_str_has_suffix (after, "[Event \"Third\"]\n[Result \"*\"]\n\n1. d4 *\n"));

  file = open_loaded (path);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 0);
  game = caissa_pgn_file_read_game (file, 1, &error);
  g_assert_no_error (error);
  moves = main_line (game);
  g_assert_cmpstr (moves, ==, "e4 e5 Nf3 Nc6 Bb5 a6");
  g_assert_cmpstr (chess_game_node_comment (game, nth (game, 5), CHESS_COMMENT_AFTER), ==, "edited");
  comment = chess_game_node_comment (game, nth (game, 6), CHESS_COMMENT_AFTER);
  g_assert_nonnull (comment);
  g_assert_nonnull (strstr (comment, "Nf6 {never read} Nf6 (4... d6)"));
  g_assert_nonnull (strstr (comment, "5. O-O Be7 1-0"));
  g_assert_cmpstr (chess_game_get_result (game), ==, "1-0");
  chess_game_free (game);
  g_assert_finalize_object (file);
}

/* The rest's line ends (CRLF, lone CR) and a game without moves. */
static void
test_keep_rest_lines (void)
{
  CaissaPgnPartial partial = { 3, 7, (char *) "not a move: 'Zz9'", CHESS_NODE_ROOT,
                               (char *) "Zz9 {a\r\nb}\rc *\r\n\r\n", NULL };
  g_autofree char *kept = caissa_pgn_partial_keep_rest (&partial, "[Event \"x\"]\n\n*\n\n");

  g_assert_cmpstr (kept, ==,
                   "[Event \"x\"]\n\n"
                   "; Caissa could not read the rest of this game (line 3, column 7: not a move: 'Zz9'):\n"
                   "; Zz9 {a\n; b}\n; c *\n"
                   "*\n\n");
}

/* A Windows-1252 game with an error: the right characters, the column in
 * the file. */
static void
test_cp1252 (void)
{
  g_autofree char *path = copy_data ("encoding", "windows-1252.pgn");
  CaissaPgnFile *file = open_loaded (path);
  g_autoptr(CaissaPgnPartial) partial = NULL;
  ChessGame *game = caissa_pgn_file_read_game_partial (file, 2, &partial, NULL);

  g_assert_nonnull (game);
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "Größe");
  g_assert_cmpstr (chess_game_node_comment (game, nth (game, 2), CHESS_COMMENT_AFTER), ==, "ÀÉÎ");
  g_assert_cmpuint (partial->line, ==, 24);
  g_assert_cmpuint (partial->column, ==, 19);
  g_assert_cmpstr (partial->rest, ==, "Nf9 *\n");
  g_assert_true (g_utf8_validate (partial->text, -1, NULL));
  chess_game_free (game);
  g_assert_finalize_object (file);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("caissa-partial-XXXXXX", NULL);

  g_test_add_func ("/model/pgn-partial/read", test_read);
  g_test_add_func ("/model/pgn-partial/save-unchanged", test_save_unchanged);
  g_test_add_func ("/model/pgn-partial/save-edited", test_save_edited);
  g_test_add_func ("/model/pgn-partial/keep-rest-lines", test_keep_rest_lines);
  g_test_add_func ("/model/pgn-partial/windows-1252", test_cp1252);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
