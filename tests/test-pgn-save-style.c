/* test-pgn-save-style.c — an edited game saved with its file's line ends
 * (CRLF stays CRLF, the other games byte for byte) and a true PlyCount.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "chess-pgn.h"
#include "caissa-pgn-file.h"
#include "caissa-pgn-save-style.h"
#include "test-util.h"

typedef struct
{
  const char *text;
  gsize       len;     /* 0: strlen */
  gboolean    crlf;
} CrlfCase;

static const CrlfCase crlf_cases[] = {
  { "[Event \"x\"]\r\n\r\n1. e4 *\r\n", 0, TRUE },
  { "[Event \"x\"]\n\n1. e4 *\n", 0, FALSE },
  { "1. e4 *", 0, FALSE },
  { "\n", 0, FALSE },
  /* "[\r\n" in UTF-16LE and UTF-16BE. */
  { "[\0\r\0\n\0", 6, TRUE },
  { "\0[\0\r\0\n", 6, TRUE },
  { "\0[\0\n", 4, FALSE },
};

static void
test_crlf_detect (gconstpointer data)
{
  const CrlfCase *c = data;
  gsize len = c->len != 0 ? c->len : strlen (c->text);

  g_assert_cmpint (caissa_pgn_text_uses_crlf (c->text, len), ==, c->crlf);
}

static void
test_to_crlf (void)
{
  g_autofree char *a = caissa_pgn_text_to_crlf ("[Event \"x\"]\n\n1. e4 *\n");
  g_autofree char *b = caissa_pgn_text_to_crlf ("a\r\nb\n");

  g_assert_cmpstr (a, ==, "[Event \"x\"]\r\n\r\n1. e4 *\r\n");
  /* An end already CR LF is not doubled. */
  g_assert_cmpstr (b, ==, "a\r\nb\r\n");
}

typedef struct
{
  const char *in;
  guint       plies;
  const char *out;
} PlyCase;

static const PlyCase ply_cases[] = {
  { "[Event \"x\"]\n[PlyCount \"3\"]\n\n1. e4 e5 *\n", 2,
    "[Event \"x\"]\n[PlyCount \"2\"]\n\n1. e4 e5 *\n" },
  { "[Event \"x\"]\n[PlyCount \"3\"]\n\n1. e4 e5 *\n", G_MAXUINT,
    "[Event \"x\"]\n\n1. e4 e5 *\n" },
  { "[Event \"x\"]\r\n[PlyCount \"3\"]\r\n\r\n1. e4 e5 *\r\n", 2,
    "[Event \"x\"]\r\n[PlyCount \"2\"]\r\n\r\n1. e4 e5 *\r\n" },
  /* No tag: none added. */
  { "[Event \"x\"]\n\n1. e4 e5 *\n", 2, "[Event \"x\"]\n\n1. e4 e5 *\n" },
  /* A PlyCount in the moves' text is not a tag. */
  { "[Event \"x\"]\n\n{\n[PlyCount \"9\"] } 1. e4 *\n", 1,
    "[Event \"x\"]\n\n{\n[PlyCount \"9\"] } 1. e4 *\n" },
  /* Nor a tag of another name that begins alike. */
  { "[PlyCountX \"3\"]\n\n1. e4 *\n", 1, "[PlyCountX \"3\"]\n\n1. e4 *\n" },
};

static void
test_ply_count (gconstpointer data)
{
  const PlyCase *c = data;
  g_autofree char *out = caissa_pgn_text_set_ply_count (c->in, c->plies);

  g_assert_cmpstr (out, ==, c->out);
}

static CaissaPgnFile *
open_loaded (const char *path)
{
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = caissa_pgn_file_new (gfile, &error);
  gint64 deadline = test_util_deadline (30);

  g_assert_no_error (error);
  while (caissa_pgn_file_get_loading (file) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  return file;
}

static void
save_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  gboolean *done = user_data;

  g_assert_true (caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, NULL));
  *done = TRUE;
}

static void
save (CaissaPgnFile *file,
      guint          position,
      const char    *pgn)
{
  gboolean done = FALSE;

  caissa_pgn_file_save_async (file, caissa_pgn_file_get_file (file), position, pgn, NULL,
                              save_cb, &done);
  test_util_wait_for (&done, 30, "the save");
}

/* The game at position of file, read and given a new tag, as the writer
 * writes it (with "\n" line ends). */
static char *
edited (CaissaPgnFile *file,
        guint          position)
{
  g_autoptr(GError) error = NULL;
  ChessGame *game = caissa_pgn_file_read_game (file, position, &error);
  char *pgn, *copy;

  g_assert_no_error (error);
  chess_game_set_tag (game, "Annotator", "Caissa");
  pgn = chess_pgn_write_game (game, NULL);
  copy = g_strdup (pgn);
  free (pgn);
  chess_game_free (game);
  g_assert_null (strchr (copy, '\r'));
  return copy;
}

static gboolean
all_crlf (const char *text,
          gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
      return FALSE;
  return TRUE;
}

#define GAME_A "[Event \"A\"]\r\n[White \"a\"]\r\n[Black \"b\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 *\r\n\r\n"
#define GAME_B "[Event \"B\"]\r\n[White \"c\"]\r\n[Black \"d\"]\r\n[Result \"1-0\"]\r\n\r\n1. d4 d5 2. c4 1-0\r\n\r\n"
#define GAME_C "[Event \"C\"]\r\n[White \"e\"]\r\n[Black \"f\"]\r\n[Result \"0-1\"]\r\n\r\n1. f3 e5 2. g4 Qh4# 0-1\r\n"

static void
test_crlf_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("caissa-crlf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "windows.pgn", NULL);
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autoptr(CaissaPgnFile) again = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *text = NULL;
  g_autofree char *appended = NULL;
  gsize len;
  const char *edit_start, *edit_end;

  g_assert_true (g_file_set_contents (path, GAME_A GAME_B GAME_C, -1, NULL));
  file = open_loaded (path);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 3);
  pgn = edited (file, 1);
  save (file, 1, pgn);

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  /* The other games byte for byte; the edited one with CR LF throughout. */
  g_assert_true (g_str_has_prefix (text, GAME_A));
  g_assert_true (g_str_has_suffix (text, GAME_C));
  edit_start = text + strlen (GAME_A);
  edit_end = text + len - strlen (GAME_C);
  g_assert_nonnull (g_strstr_len (edit_start, edit_end - edit_start, "[Annotator \"Caissa\"]\r\n"));
  g_assert_true (all_crlf (text, len));

  /* A game appended to the file gets its line ends too, and its blank
   * line before it. */
  again = open_loaded (path);
  appended = edited (again, 0);
  save (again, G_MAXUINT, appended);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_assert_true (g_str_has_prefix (text, GAME_A));
  g_assert_nonnull (strstr (text, GAME_C "\r\n[Event \"A\"]\r\n"));
  g_assert_true (all_crlf (text, len));

  g_clear_object (&file);
  g_clear_object (&again);
  test_util_remove_tree (dir);
}

/* A UTF-16 file with CR LF ends: the edited game is written back in
 * UTF-16 with CR LF too. */
static void
test_crlf_utf16 (void)
{
  g_autofree char *dir = g_dir_make_tmp ("caissa-crlf16-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "utf16.pgn", NULL);
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *body = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *text = NULL;
  GString *with_mark = g_string_new_len ("\xff\xfe", 2);
  gsize body_len, len, text_len;

  body = g_convert (GAME_A GAME_B GAME_C, -1, "UTF-16LE", "UTF-8", NULL, &body_len, NULL);
  g_assert_nonnull (body);
  g_string_append_len (with_mark, body, (gssize) body_len);
  g_assert_true (g_file_set_contents (path, with_mark->str, (gssize) with_mark->len, NULL));
  g_string_free (with_mark, TRUE);

  file = open_loaded (path);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, 3);
  pgn = edited (file, 1);
  save (file, 1, pgn);

  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  g_assert_cmpmem (bytes, 2, "\xff\xfe", 2);
  text = g_convert (bytes + 2, (gssize) len - 2, "UTF-8", "UTF-16LE", NULL, &text_len, NULL);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, GAME_A));
  g_assert_true (g_str_has_suffix (text, GAME_C));
  g_assert_nonnull (strstr (text, "[Annotator \"Caissa\"]\r\n"));
  g_assert_true (all_crlf (text, text_len));
  g_clear_object (&file);
  test_util_remove_tree (dir);
}

/* A file with "\n" ends gets none added. */
static void
test_lf_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("caissa-lf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "unix.pgn", NULL);
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (path, "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n", -1, NULL));
  file = open_loaded (path);
  pgn = edited (file, 0);
  save (file, 0, pgn);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strchr (text, '\r'));
  g_assert_nonnull (strstr (text, "[Annotator \"Caissa\"]\n"));
  g_assert_true (g_str_has_suffix (text, "[Event \"B\"]\n\n1. d4 *\n"));
  g_clear_object (&file);
  test_util_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (crlf_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/model/pgn-save-style/crlf-detect/%u", i);

      g_test_add_data_func (name, &crlf_cases[i], test_crlf_detect);
    }
  g_test_add_func ("/model/pgn-save-style/to-crlf", test_to_crlf);
  for (guint i = 0; i < G_N_ELEMENTS (ply_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/model/pgn-save-style/ply-count/%u", i);

      g_test_add_data_func (name, &ply_cases[i], test_ply_count);
    }
  g_test_add_func ("/model/pgn-save-style/crlf-kept", test_crlf_kept);
  g_test_add_func ("/model/pgn-save-style/crlf-utf16", test_crlf_utf16);
  g_test_add_func ("/model/pgn-save-style/lf-kept", test_lf_kept);
  return g_test_run ();
}
