/* test-pgn-file-encoding.c — CaissaPgnFile over files that are not UTF-8:
 * Windows-1252 (tests/data/encoding/windows-1252.pgn), UTF-16 with a byte order
 * mark (utf16le.pgn, utf16be.pgn), and a file joined from UTF-8 and
 * Windows-1252 games. What is shown is the right characters; what is saved
 * keeps every byte of the games not edited, and writes the edited one in
 * the file's encoding or refuses (ENCODING) until asked for UTF-8.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "caissa-pgn-file.h"
#include "chess-pgn.h"
#include "test-util.h"
#include "test-util-pgn.h"

static char *tmp_dir;

static char *
data_path (const char *name)
{
  return g_build_filename (g_getenv ("CAISSA_TEST_DATA") ? g_getenv ("CAISSA_TEST_DATA")
                                                         : g_test_get_dir (G_TEST_DIST),
                           "encoding", name, NULL);
}

static char *
copy_data (const char *name)
{
  return test_util_pgn_copy_data (tmp_dir, "encoding", name);
}

#define open_loaded test_util_pgn_open_loaded
#define save        test_util_pgn_save

/* (Not inlined: GCC 12 then mistakes the result for a pointer to a local.) */
G_GNUC_NO_INLINE static char *
file_bytes (const char *path,
            gsize      *len)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, len, NULL));
  return contents;
}

/* The comment after the n-th move (1-based) of the main line. */
static const char *
comment_after (const ChessGame *game,
               guint            n)
{
  ChessNodeId node = CHESS_NODE_ROOT;

  for (guint i = 0; i < n; i++)
    node = chess_game_node_next (game, node);
  return chess_game_node_comment (game, node, CHESS_COMMENT_AFTER);
}

static void
assert_tag (CaissaPgnFile *file,
            guint          position,
            const char    *property,
            const char    *expected)
{
  g_autoptr(GObject) info = g_list_model_get_item (G_LIST_MODEL (file), position);
  g_autofree char *value = NULL;

  g_object_get (info, property, &value, NULL);
  g_assert_true (g_utf8_validate (value, -1, NULL));
  g_assert_cmpstr (value, ==, expected);
}

/* --- Windows-1252 ---------------------------------------------------------------------- */

static void
test_cp1252_read (void)
{
  g_autofree char *path = data_path ("windows-1252.pgn");
  CaissaPgnFile *file = open_loaded (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ChessGame *game;
  gsize len = 0;

  g_assert_cmpint (caissa_pgn_file_get_encoding (file), ==, CHESS_ENCODING_CP1252);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 3);

  /* The game list: the right characters, 0x80–0x9F included. */
  assert_tag (file, 0, "white", "Müller, Jürgen");
  assert_tag (file, 0, "black", "Šaša, Œdön");
  assert_tag (file, 0, "site", "Besançon");
  assert_tag (file, 1, "white", "Smith");
  assert_tag (file, 2, "white", "Größe");
  assert_tag (file, 2, "black", "Ærø");

  /* The game: tags and comments. */
  game = caissa_pgn_file_read_game (file, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chess_game_get_tag (game, "Annotator"), ==, "“Lopez” – the Ÿ of €");
  g_assert_cmpstr (comment_after (game, 1), ==, "Déjà vu… ½ point ß");
  g_assert_cmpstr (comment_after (game, 3), ==, "Zug für Zug");
  chess_game_free (game);

  /* The error, from the check and on opening: the same line and column,
   * the column the byte's in the file (one byte a character). */
  {
    g_autoptr(GObject) info = g_list_model_get_item (G_LIST_MODEL (file), 2);
    g_autofree char *checked = NULL;

    g_object_get (info, "error", &checked, NULL);
    g_assert_cmpstr (checked, ==, "24:19: not a move: 'Nf9'");
  }
  game = caissa_pgn_file_read_game (file, 2, &error);
  g_assert_null (game);
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "windows-1252.pgn:24:19: not a move: 'Nf9'");
  g_clear_error (&error);

  /* The text as UTF-8. */
  text = caissa_pgn_file_dup_game_text (file, 2, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (text), ==, len);
  g_assert_nonnull (strstr (text, "{ÀÉÎ}"));

  g_assert_finalize_object (file);
}

static gboolean
matches (GObject    *info,
         const char *text)
{
  g_autofree char *needle = caissa_pgn_game_info_fold_needle (text);

  return caissa_pgn_game_info_matches (CAISSA_PGN_GAME_INFO (info), needle);
}

/* Search finds what the list shows. */
static void
test_cp1252_search (void)
{
  g_autofree char *path = data_path ("windows-1252.pgn");
  CaissaPgnFile *file = open_loaded (path);
  g_autoptr(GObject) first = g_list_model_get_item (G_LIST_MODEL (file), 0);
  g_autoptr(GObject) third = g_list_model_get_item (G_LIST_MODEL (file), 2);

  g_assert_true (matches (first, "Müller"));
  g_assert_true (matches (first, "ŒDÖN"));
  g_assert_false (matches (third, "müller"));
  g_assert_true (matches (third, "GRÖSSE"));
  g_assert_true (matches (third, "größe"));
  g_clear_object (&first);
  g_clear_object (&third);
  g_assert_finalize_object (file);
}

/* The bytes of the games not edited stay as they were; the edited game
 * is written in Windows-1252 when it fits. */
static void
test_cp1252_save_fits (void)
{
  g_autofree char *path = copy_data ("windows-1252.pgn");
  gsize before_len = 0, after_len = 0;
  g_autofree char *before = file_bytes (path, &before_len);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = open_loaded (path);
  const char *edited = "[Event \"Édité\"]\n[White \"Müller\"]\n\n1. e4 { Très bien — “ok” } *\n\n";
  const char *edited_cp1252 = "[Event \"\xc9\x64it\xe9\"]\n[White \"M\xfcller\"]\n\n"
                              "1. e4 { Tr\xe8s bien \x97 \x93ok\x94 } *\n\n";
  const char *second_start = strstr (before, "[Event \"ASCII only\"]");
  const char *third_start = strstr (before, "[Event \"Fehler\"]");
  gsize first_len = (gsize) (second_start - before);

  g_assert_true (save (file, path, 1, edited, CAISSA_PGN_SAVE_DEFAULT, &error));
  g_assert_no_error (error);
  g_assert_finalize_object (file);

  after = file_bytes (path, &after_len);
  /* Game 1 and game 3 byte for byte; game 2 in Windows-1252. */
  g_assert_cmpmem (after, first_len, before, first_len);
  g_assert_cmpmem (after + after_len - strlen (third_start), strlen (third_start),
                   third_start, strlen (third_start));
  g_assert_cmpmem (after + first_len, after_len - first_len - strlen (third_start),
                   edited_cp1252, strlen (edited_cp1252));

  /* Read back: the same characters. */
  file = open_loaded (path);
  assert_tag (file, 1, "event", "Édité");
  assert_tag (file, 0, "white", "Müller, Jürgen");
  g_assert_finalize_object (file);
}

/* A character Windows-1252 lacks: refused (nothing written), named with
 * its place; with CAISSA_PGN_SAVE_UTF8 the whole file is UTF-8, every game
 * reading as before. */
static void
test_cp1252_save_does_not_fit (void)
{
  g_autofree char *path = copy_data ("windows-1252.pgn");
  g_autofree char *utf8_path = g_build_filename (tmp_dir, "converted.pgn", NULL);
  gsize before_len = 0, after_len = 0;
  g_autofree char *before = file_bytes (path, &before_len);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = open_loaded (path);
  const char *edited = "[Event \"Kraków\"]\n[White \"Łódź\"]\n\n1. e4 *\n\n";
  ChessGame *game;

  g_assert_false (save (file, path, 1, edited, CAISSA_PGN_SAVE_DEFAULT, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_ENCODING);
  g_assert_cmpstr (error->message, ==,
                   "“Ł” (line 2, column 9 of the game) cannot be written in Windows-1252, "
                   "the encoding of windows-1252.pgn");
  g_clear_error (&error);
  after = file_bytes (path, &after_len);
  g_assert_cmpmem (after, after_len, before, before_len);

  g_assert_true (save (file, utf8_path, 1, edited, CAISSA_PGN_SAVE_UTF8, &error));
  g_assert_finalize_object (file);
  g_clear_pointer (&after, g_free);
  after = file_bytes (utf8_path, &after_len);
  g_assert_true (g_utf8_validate (after, (gssize) after_len, NULL));
  g_assert_nonnull (strstr (after, "[White \"Łódź\"]"));
  g_assert_nonnull (strstr (after, "[Black \"Šaša, Œdön\"]"));
  g_assert_nonnull (strstr (after, "{ÀÉÎ} 2. Nf9"));

  file = open_loaded (utf8_path);
  g_assert_cmpint (caissa_pgn_file_get_encoding (file), ==, CHESS_ENCODING_UTF8);
  assert_tag (file, 0, "black", "Šaša, Œdön");
  assert_tag (file, 1, "white", "Łódź");
  game = caissa_pgn_file_read_game (file, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (comment_after (game, 1), ==, "Déjà vu… ½ point ß");
  chess_game_free (game);
  g_assert_finalize_object (file);
}

/* A file joined from a UTF-8 file and a Windows-1252 one: each game reads
 * right, and an edited UTF-8 game stays UTF-8. */
static void
test_mixed (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "mixed.pgn", NULL);
  const char *utf8_game = "[Event \"Ünïcode\"]\n[White \"Петров\"]\n\n1. e4 { ♔ } *\n\n";
  const char *cp_game = "[Event \"Latin\"]\n[White \"M\xfcller\"]\n\n1. d4 { \x80 } *\n";
  g_autofree char *text = g_strconcat (utf8_game, cp_game, NULL);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file;
  ChessGame *game;
  gsize len;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  file = open_loaded (path);
  g_assert_cmpint (caissa_pgn_file_get_encoding (file), ==, CHESS_ENCODING_CP1252);
  assert_tag (file, 0, "white", "Петров");
  assert_tag (file, 1, "white", "Müller");
  game = caissa_pgn_file_read_game (file, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (comment_after (game, 1), ==, "€");
  chess_game_free (game);
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (file), ==, 0);

  g_assert_true (save (file, path, 0, "[White \"Сидоров\"]\n\n1. c4 *\n\n", CAISSA_PGN_SAVE_DEFAULT, &error));
  g_assert_finalize_object (file);
  after = file_bytes (path, &len);
  g_assert_true (g_str_has_prefix (after, "[White \"Сидоров\"]"));
  g_assert_true (g_str_has_suffix (after, cp_game));
}

/* A file too large to copy (mapped): its encoding is learnt by the
 * checking worker; a Windows-1252 game at its end reads and is checked
 * right. */
static void
test_cp1252_mapped (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "large-1252.pgn", NULL);
  g_autofree char *filler = g_strnfill (2000, 'x');
  GString *text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) info = NULL;
  g_autofree char *checked = NULL;
  g_autofree char *expected = NULL;
  CaissaPgnFile *file;
  ChessGame *game;
  guint n = 0;

  while (text->len <= CAISSA_PGN_FILE_COPY_LIMIT + 4096)
    g_string_append_printf (text, "[Event \"E%u\"]\n[White \"Smith\"]\n\n1. e4 {%s} e5 *\n\n", n++, filler);
  g_string_append (text, "[Event \"Last\"]\n[White \"M\xfcller\"]\n\n1. e4 {\x80\x85} e5 2. Nf9 *\n");
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  g_string_free (text, TRUE);

  file = open_loaded (path);
  g_assert_true (caissa_pgn_file_get_mapped (file));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, n + 1);
  g_assert_cmpint (caissa_pgn_file_get_encoding (file), ==, CHESS_ENCODING_CP1252);
  assert_tag (file, n, "white", "Müller");
  info = g_list_model_get_item (G_LIST_MODEL (file), n);
  g_object_get (info, "error", &checked, NULL);
  /* Five lines a game before it; the column in the file's bytes. */
  expected = g_strdup_printf ("%u:18: not a move: 'Nf9'", 5 * n + 4);
  g_assert_cmpstr (checked, ==, expected);
  game = caissa_pgn_file_read_game (file, n - 1, &error);
  g_assert_no_error (error);
  chess_game_free (game);
  g_assert_null (caissa_pgn_file_read_game (file, n, &error));
  g_assert_true (g_str_has_suffix (error->message, expected));
  g_clear_object (&info);
  g_assert_finalize_object (file);
  g_unlink (path);
}

/* --- UTF-16 ---------------------------------------------------------------------------------- */

static void
test_utf16 (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = copy_data (name);
  gsize before_len = 0, after_len = 0;
  g_autofree char *before = file_bytes (path, &before_len);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  ChessEncoding expected = strstr (name, "le") ? CHESS_ENCODING_UTF16LE : CHESS_ENCODING_UTF16BE;
  CaissaPgnFile *file = open_loaded (path);
  ChessGame *game;
  g_autofree char *second = NULL;
  g_autofree char *second16 = NULL;
  gsize second16_len = 0;

  g_assert_cmpint (caissa_pgn_file_get_encoding (file), ==, expected);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 2);
  assert_tag (file, 0, "white", "Nakamura, 光");
  assert_tag (file, 0, "black", "Müller 𝄞");
  assert_tag (file, 1, "white", "Ärger");
  game = caissa_pgn_file_read_game (file, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (comment_after (game, 3), ==, "♔ a comment");
  g_assert_cmpint (chess_game_node_status (game, chess_game_main_line_end (game, CHESS_NODE_ROOT)), ==,
                   CHESS_STATUS_CHECKMATE);
  chess_game_free (game);

  /* Saved with game 2 replaced: still UTF-16 with its mark, game 1 the
   * same bytes. */
  second = g_strdup ("[Event \"Zweite\"]\n[White \"Ärger 光\"]\n\n1. d4 *\n");
  g_assert_true (save (file, path, 1, second, CAISSA_PGN_SAVE_DEFAULT, &error));
  g_assert_finalize_object (file);
  after = file_bytes (path, &after_len);
  {
    const char *marker = expected == CHESS_ENCODING_UTF16LE ? "[\0E\0v\0e\0n\0t\0 \0\"\0S" : "\0[\0E\0v\0e\0n\0t\0 \0\"\0S";
    gsize first_len = 0;

    /* The first game's bytes: up to the second's "[Event \"Second\"". */
    for (gsize i = 2; i + 18 <= before_len; i++)
      if (memcmp (before + i, marker, 18) == 0)
        {
          first_len = i;
          break;
        }
    g_assert_cmpuint (first_len, >, 100);
    g_assert_cmpmem (after, first_len, before, first_len);
    second16 = g_convert (second, -1, expected == CHESS_ENCODING_UTF16LE ? "UTF-16LE" : "UTF-16BE",
                          "UTF-8", NULL, &second16_len, NULL);
    g_assert_cmpmem (after + first_len, after_len - first_len, second16, second16_len);
  }
  file = open_loaded (path);
  assert_tag (file, 1, "white", "Ärger 光");
  g_assert_finalize_object (file);
}

/* Not well-formed UTF-16 (a lone surrogate): read, but not written back
 * in UTF-16 (that would change the game not edited); UTF-8 is offered. */
static void
test_utf16_damaged (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "damaged16.pgn", NULL);
  g_autofree char *dest = g_build_filename (tmp_dir, "damaged16-utf8.pgn", NULL);
  const char *text = "[White \"A\"]\n\n1. e4 { X } *\n";
  g_autofree char *utf16 = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GString *bytes = g_string_new_len ("\xff\xfe", 2);
  CaissaPgnFile *file;
  gsize utf16_len = 0;

  utf16 = g_convert (text, -1, "UTF-16LE", "UTF-8", NULL, &utf16_len, NULL);
  g_string_append_len (bytes, utf16, (gssize) utf16_len);
  /* X becomes a lone high surrogate. */
  for (gsize i = 0; i < bytes->len; i += 2)
    if (bytes->str[i] == 'X' && bytes->str[i + 1] == 0)
      bytes->str[i] = 0x00, bytes->str[i + 1] = (char) 0xD8;
  g_assert_true (g_file_set_contents (path, bytes->str, (gssize) bytes->len, NULL));
  g_string_free (bytes, TRUE);

  file = open_loaded (path);
  assert_tag (file, 0, "white", "A");
  g_assert_false (save (file, path, 0, "[White \"B\"]\n\n1. d4 *\n", CAISSA_PGN_SAVE_DEFAULT, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_ENCODING);
  g_clear_error (&error);
  g_assert_true (save (file, dest, 0, "[White \"B\"]\n\n1. d4 *\n", CAISSA_PGN_SAVE_UTF8, &error));
  contents = file_bytes (dest, NULL);
  g_assert_cmpstr (contents, ==, "[White \"B\"]\n\n1. d4 *\n");
  g_assert_finalize_object (file);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("caissa-encoding-XXXXXX", NULL);

  g_test_add_func ("/model/pgn-file/encoding/cp1252/read", test_cp1252_read);
  g_test_add_func ("/model/pgn-file/encoding/cp1252/search", test_cp1252_search);
  g_test_add_func ("/model/pgn-file/encoding/cp1252/save-fits", test_cp1252_save_fits);
  g_test_add_func ("/model/pgn-file/encoding/cp1252/save-does-not-fit", test_cp1252_save_does_not_fit);
  g_test_add_func ("/model/pgn-file/encoding/mixed", test_mixed);
  g_test_add_func ("/model/pgn-file/encoding/cp1252/mapped", test_cp1252_mapped);
  g_test_add_data_func ("/model/pgn-file/encoding/utf16le", "utf16le.pgn", test_utf16);
  g_test_add_data_func ("/model/pgn-file/encoding/utf16be", "utf16be.pgn", test_utf16);
  g_test_add_func ("/model/pgn-file/encoding/utf16-damaged", test_utf16_damaged);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
