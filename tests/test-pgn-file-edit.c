/* test-pgn-file-edit.c — games removed from and inserted into a PGN file,
 * each written as a save, and each undone by its inverse byte for byte;
 * the list's edits kept in memory (CaissaPgnFileEdits), undone and redone,
 * and saved together.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "caissa-pgn-file-edit.h"
#include "caissa-pgn-file-edits.h"
#include "caissa-pgn-save-style.h"
#include "test-util.h"

static char *tmp_dir;

static const char three[] =
  "[Event \"One\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
  "[Event \"Two\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
  "[Event \"Three\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. c4 *\n";

static char *
write_file (const char *name,
            const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static CaissaPgnFile *
open_loaded (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *pgn = caissa_pgn_file_new (file, &error);
  gint64 deadline = test_util_deadline (30);

  g_assert_no_error (error);
  caissa_pgn_file_set_validate (pgn, FALSE);
  while (caissa_pgn_file_get_loading (pgn) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (pgn));
  return pgn;
}

static char *
contents (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The Event of each game of the file, joined with commas. */
static char *
events (const char *path)
{
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (pgn));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (pgn), i);
      g_autofree char *event = NULL;

      g_object_get (info, "event", &event, NULL);
      g_string_append_printf (out, "%s%s", i ? "," : "", event);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Result;

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Result *r = data;

  r->ok = caissa_pgn_file_edit_finish (CAISSA_PGN_FILE (source), result, &r->error);
  r->done = TRUE;
}

/* Removes (text NULL) or inserts text at position, in a file opened now. */
static gboolean
edit (const char  *path,
      guint        position,
      const char  *text,
      GError     **error)
{
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  Result r = { 0 };

  if (text == NULL)
    caissa_pgn_file_remove_game_async (pgn, position, NULL, done_cb, &r);
  else
    caissa_pgn_file_insert_game_async (pgn, position, text, NULL, done_cb, &r);
  test_util_wait_for (&r.done, 30, "the edit");
  if (r.error != NULL)
    g_propagate_error (error, r.error);
  return r.ok;
}

static char *
game_text (const char *path,
           guint       position)
{
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  g_autoptr(GError) error = NULL;
  char *text = caissa_pgn_file_dup_game_text (pgn, position, NULL, &error);

  g_assert_no_error (error);
  return text;
}

/* Each game removed, then put back: the file's bytes as they were. */
static void
test_remove_and_undo (void)
{
  g_autofree char *path = write_file ("remove.pgn", three);
  static const char *const left[] = { "Two,Three", "One,Three", "One,Two" };

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *removed = game_text (path, i);
      g_autofree char *after = NULL;
      g_autofree char *back = NULL;
      g_autofree char *names = NULL;

      g_assert_true (edit (path, i, NULL, &error));
      g_assert_no_error (error);
      names = events (path);
      g_assert_cmpstr (names, ==, left[i]);
      after = contents (path);
      g_assert_null (strstr (after, removed));

      g_assert_true (edit (path, i, removed, &error));
      g_assert_no_error (error);
      back = contents (path);
      g_assert_cmpstr (back, ==, three);
    }
  g_unlink (path);
}

/* A game duplicated after itself (the last one too: a blank line put
 * before the copy), then the copy removed: the file's bytes as they were. */
static void
test_duplicate (void)
{
  g_autofree char *path = write_file ("duplicate.pgn", three);
  static const char *const with_copy[] = { "One,One,Two,Three", "One,Two,Two,Three", "One,Two,Three,Three" };

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = game_text (path, i);
      g_autofree char *names = NULL;
      g_autofree char *back = NULL;

      g_assert_true (edit (path, i + 1, text, &error));
      g_assert_no_error (error);
      names = events (path);
      g_assert_cmpstr (names, ==, with_copy[i]);

      g_assert_true (edit (path, i + 1, NULL, &error));
      g_assert_no_error (error);
      back = contents (path);
      g_assert_cmpstr (back, ==, three);
    }
  g_unlink (path);
}

/* A new empty game at the end of a file, of an empty file, and in a file
 * whose lines end in CR LF (the new game's too). */
static void
test_new_game (void)
{
  g_autofree char *path = write_file ("new.pgn", three);
  g_autofree char *empty_path = write_file ("empty.pgn", "");
  g_autoptr(GString) crlf = g_string_new (three);
  g_autofree char *crlf_path = NULL;
  g_autofree char *empty = caissa_pgn_empty_game_text ();
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (edit (path, 3, empty, &error));
  g_assert_no_error (error);
  names = events (path);
  /* (An unknown tag, "?", shows empty.) */
  g_assert_cmpstr (names, ==, "One,Two,Three,");

  g_assert_true (edit (empty_path, 0, empty, &error));
  g_assert_no_error (error);
  text = contents (empty_path);
  g_assert_cmpstr (text, ==, empty);

  g_string_replace (crlf, "\n", "\r\n", 0);
  crlf_path = write_file ("crlf.pgn", crlf->str);
  g_assert_true (edit (crlf_path, 3, empty, &error));
  g_assert_no_error (error);
  g_free (text);
  text = contents (crlf_path);
  g_assert_true (g_str_has_prefix (text, crlf->str));
  g_assert_true (g_str_has_suffix (text, "\r\n*\r\n"));
  for (const char *p = strchr (text, '\n'); p != NULL; p = strchr (p + 1, '\n'))
    g_assert_cmpint (p[-1], ==, '\r');
  g_unlink (path);
  g_unlink (empty_path);
  g_unlink (crlf_path);
}

/* Past the end: NO_GAME, and the file untouched; changed on disk since it
 * was read: CHANGED, and the other program's file kept. */
static void
test_refused (void)
{
  g_autofree char *path = write_file ("refused.pgn", three);
  g_autoptr(CaissaPgnFile) pgn = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  Result r = { 0 };

  g_assert_false (edit (path, 3, NULL, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME);
  g_clear_error (&error);
  g_assert_false (edit (path, 5, "[Event \"x\"]\n\n*\n", &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME);
  text = contents (path);
  g_assert_cmpstr (text, ==, three);

  pgn = open_loaded (path);
  g_free (write_file ("refused.pgn", "[Event \"Other\"]\n\n*\n"));
  caissa_pgn_file_remove_game_async (pgn, 0, NULL, done_cb, &r);
  test_util_wait_for (&r.done, 30, "the edit");
  g_assert_false (r.ok);
  g_assert_error (r.error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&r.error);
  g_free (text);
  text = contents (path);
  g_assert_cmpstr (text, ==, "[Event \"Other\"]\n\n*\n");
  g_unlink (path);
}

/* The games of three, one by one. */
static char *
game_of_three (guint i)
{
  const char *starts[] = { three, strstr (three, "[Event \"Two\""), strstr (three, "[Event \"Three\""),
                           three + strlen (three) };

  return g_strndup (starts[i], starts[i + 1] - starts[i]);
}

static char *
list_text (CaissaPgnFileEdits *edits)
{
  g_autoptr(GError) error = NULL;
  char *text = caissa_pgn_file_edits_dup_text (edits, G_MAXUINT, NULL, &error);

  g_assert_no_error (error);
  return text;
}

/* Unedited, the list is the file's text byte for byte; the last game
 * deleted leaves the one before it ending the file with one line end;
 * Undo and Redo step back and forth. */
static void
test_edits_undo_redo (void)
{
  g_autofree char *path = write_file ("edits.pgn", three);
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  g_autoptr(CaissaPgnFileEdits) edits = caissa_pgn_file_edits_new (pgn);
  g_autofree char *one = game_of_three (0);
  g_autofree char *two = game_of_three (1);
  g_autofree char *without_last = NULL;
  g_autofree char *text = NULL;
  guint number = 0, show = 0;

  text = list_text (edits);
  g_assert_cmpstr (text, ==, three);
  g_assert_false (caissa_pgn_file_edits_get_modified (edits));
  g_assert_cmpint (caissa_pgn_file_edits_get_undo (edits, NULL), ==, CAISSA_PGN_LIST_EDIT_NONE);

  g_assert_true (caissa_pgn_file_edits_delete (edits, 2));
  g_assert_true (caissa_pgn_file_edits_get_modified (edits));
  g_assert_cmpint (caissa_pgn_file_edits_get_undo (edits, &number), ==, CAISSA_PGN_LIST_EDIT_DELETE);
  g_assert_cmpuint (number, ==, 3);
  g_free (text);
  text = list_text (edits);
  without_last = g_strconcat (one, two, NULL);
  without_last[strlen (without_last) - 1] = '\0';
  g_assert_cmpstr (text, ==, without_last);

  g_assert_true (caissa_pgn_file_edits_duplicate (edits, 0));
  g_assert_cmpint (caissa_pgn_file_edits_get_undo (edits, &number), ==, CAISSA_PGN_LIST_EDIT_DUPLICATE);
  g_assert_cmpuint (number, ==, 1);
  g_assert_cmpuint (caissa_pgn_file_edits_get_n_games (edits), ==, 3);
  g_assert_false (caissa_pgn_file_edits_delete (edits, 3));

  g_assert_cmpint (caissa_pgn_file_edits_undo (edits, &show), ==, CAISSA_PGN_LIST_EDIT_DUPLICATE);
  g_assert_cmpuint (show, ==, 0);
  g_assert_cmpint (caissa_pgn_file_edits_undo (edits, &show), ==, CAISSA_PGN_LIST_EDIT_DELETE);
  g_assert_cmpuint (show, ==, 2);
  g_assert_cmpint (caissa_pgn_file_edits_undo (edits, &show), ==, CAISSA_PGN_LIST_EDIT_NONE);
  g_assert_false (caissa_pgn_file_edits_get_modified (edits));
  g_free (text);
  text = list_text (edits);
  g_assert_cmpstr (text, ==, three);

  g_assert_cmpint (caissa_pgn_file_edits_get_redo (edits, &number), ==, CAISSA_PGN_LIST_EDIT_DELETE);
  g_assert_cmpint (caissa_pgn_file_edits_redo (edits, &show), ==, CAISSA_PGN_LIST_EDIT_DELETE);
  g_free (text);
  text = list_text (edits);
  g_assert_cmpstr (text, ==, without_last);
  /* A new edit: what Redo had is gone. */
  g_assert_true (caissa_pgn_file_edits_add (edits, 0, "[Event \"New\"]\n\n*\n"));
  g_assert_cmpint (caissa_pgn_file_edits_get_redo (edits, NULL), ==, CAISSA_PGN_LIST_EDIT_NONE);
  g_assert_cmpuint (caissa_pgn_file_edits_get_n_games (edits), ==, 3);
  g_unlink (path);
}

/* The edits kept as a key file (crash recovery) are done again over the
 * same file to the same list, each undoable; over a file changed since
 * (a game they name differs, or the count) nothing is done: CHANGED. */
static void
test_edits_kept (void)
{
  g_autofree char *path = write_file ("kept.pgn", three);
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  g_autoptr(CaissaPgnFileEdits) edits = caissa_pgn_file_edits_new (pgn);
  g_autoptr(CaissaPgnFileEdits) again = NULL;
  g_autoptr(CaissaPgnFile) reopened = NULL;
  g_autoptr(GKeyFile) kept = NULL;
  g_autoptr(GKeyFile) reread = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  guint show = 0;

  g_assert_true (caissa_pgn_file_edits_delete (edits, 0));
  g_assert_true (caissa_pgn_file_edits_duplicate (edits, 1));
  g_assert_true (caissa_pgn_file_edits_add (edits, 1, "[Event \"New\"]\n\n*\n"));
  g_assert_true (caissa_pgn_file_edits_delete (edits, 1));
  g_assert_true (caissa_pgn_file_edits_add (edits, 0, "[Event \"Newer\"]\n\n*\n"));
  expected = list_text (edits);
  kept = caissa_pgn_file_edits_to_key_file (edits, path, &error);
  g_assert_no_error (error);
  data = g_key_file_to_data (kept, NULL, NULL);
  g_assert_true (g_key_file_load_from_data (reread, data, -1, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);

  again = caissa_pgn_file_edits_new (pgn);
  g_assert_true (caissa_pgn_file_edits_replay (again, reread, &error));
  g_assert_no_error (error);
  text = list_text (again);
  g_assert_cmpstr (text, ==, expected);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpint (caissa_pgn_file_edits_undo (again, &show), !=, CAISSA_PGN_LIST_EDIT_NONE);
  g_assert_cmpint (caissa_pgn_file_edits_undo (again, &show), ==, CAISSA_PGN_LIST_EDIT_NONE);
  g_assert_false (caissa_pgn_file_edits_get_modified (again));
  g_clear_object (&again);

  /* Game Three's moves changed by another program: refused, unchanged. */
  changed = g_strdup (three);
  memcpy (strstr (changed, "1. c4"), "1. e4", 5);
  g_free (path);
  path = write_file ("kept.pgn", changed);
  reopened = open_loaded (path);
  again = caissa_pgn_file_edits_new (reopened);
  g_assert_false (caissa_pgn_file_edits_replay (again, reread, &error));
  g_assert_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_assert_false (caissa_pgn_file_edits_get_modified (again));
  g_assert_cmpint (caissa_pgn_file_edits_get_undo (again, NULL), ==, CAISSA_PGN_LIST_EDIT_NONE);
  g_unlink (path);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Result *r = data;

  r->ok = caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, &r->error);
  r->done = TRUE;
}

/* Saved: exactly the games listed, a new one in the file's line ends;
 * the file on disk untouched until then; refused with CHANGED when
 * another program changed it. */
static void
test_edits_save (gconstpointer data)
{
  gboolean crlf = GPOINTER_TO_INT (data);
  g_autofree char *original = crlf ? caissa_pgn_text_to_crlf (three) : g_strdup (three);
  g_autofree char *path = write_file (crlf ? "edits-save-crlf.pgn" : "edits-save.pgn", original);
  g_autoptr(CaissaPgnFile) pgn = open_loaded (path);
  g_autoptr(CaissaPgnFileEdits) edits = caissa_pgn_file_edits_new (pgn);
  g_autofree char *two = game_of_three (1);
  g_autofree char *third = game_of_three (2);
  g_autofree char *expected = g_strconcat (two, third, "\n[Event \"New\"]\n\n*\n", NULL);
  g_autofree char *text = NULL;
  Result r = { 0 };

  g_assert_true (caissa_pgn_file_edits_delete (edits, 0));
  g_assert_true (caissa_pgn_file_edits_add (edits, 2, "[Event \"New\"]\n\n*\n"));
  text = contents (path);
  g_assert_cmpstr (text, ==, original);

  caissa_pgn_file_edits_save_async (edits, G_MAXUINT, NULL, CAISSA_PGN_SAVE_DEFAULT, NULL, saved_cb, &r);
  test_util_wait_for (&r.done, 30, "the save");
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_free (text);
  text = contents (path);
  if (crlf)
    {
      g_autofree char *crlf_expected = caissa_pgn_text_to_crlf (expected);

      g_assert_cmpstr (text, ==, crlf_expected);
    }
  else
    g_assert_cmpstr (text, ==, expected);

  /* The file now differs from what pgn read: refused. */
  memset (&r, 0, sizeof r);
  caissa_pgn_file_edits_save_async (edits, G_MAXUINT, NULL, CAISSA_PGN_SAVE_DEFAULT, NULL, saved_cb, &r);
  test_util_wait_for (&r.done, 30, "the save");
  g_assert_false (r.ok);
  g_assert_error (r.error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED);
  g_clear_error (&r.error);
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("caissa-pgn-edit-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/model/pgn-file-edit/remove-and-undo", test_remove_and_undo);
  g_test_add_func ("/model/pgn-file-edit/duplicate", test_duplicate);
  g_test_add_func ("/model/pgn-file-edit/new-game", test_new_game);
  g_test_add_func ("/model/pgn-file-edit/refused", test_refused);
  g_test_add_func ("/model/pgn-file-edits/undo-redo", test_edits_undo_redo);
  g_test_add_func ("/model/pgn-file-edits/kept", test_edits_kept);
  g_test_add_data_func ("/model/pgn-file-edits/save", GINT_TO_POINTER (FALSE), test_edits_save);
  g_test_add_data_func ("/model/pgn-file-edits/save-crlf", GINT_TO_POINTER (TRUE), test_edits_save);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
