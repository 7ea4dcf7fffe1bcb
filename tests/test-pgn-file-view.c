/* test-pgn-file-view.c — the list of a file's games as edited, shown
 * through a view over the file's index and bytes (caissa-pgn-view.h):
 * after random deletes, duplicates, new games, undos and redos its games
 * are, game for game and byte for byte, those of the list's text rebuilt
 * and indexed plainly, and the file's games in it are the file's entries
 * (their bytes read where the file has them).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "chess-san.h"
#include "caissa-explorer.h"
#include "caissa-pgn-file-edits.h"
#include "caissa-pgn-file-private.h"
#include "caissa-pgn-save-style.h"
#include "test-util.h"

static char *tmp_dir;

/* LF and CRLF games, one in Windows-1252 (é is \xe9), one with an error,
 * and no line end after the last. */
static const char mixed[] =
  "[Event \"One\"]\n[White \"M\xc3\xbcller\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
  "[Event \"Two\"]\r\n[White \"C\"]\r\n[Black \"D\"]\r\n[ECO \"D02\"]\r\n[Result \"0-1\"]\r\n\r\n1. d4 d5 2. Nf3 0-1\r\n\r\n"
  "[Event \"Three\"]\n[White \"Ren\xe9\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. c4 *\n\n"
  "[Event \"Four\"]\r\n[White \"G\"]\r\n[Black \"H\"]\r\n[PlyCount \"3\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n"
  "1. Nf3 Nf6 2. g3 1/2-1/2\r\n\r\n"
  "[Event \"Five\"]\n[White \"I\"]\n[Black \"J\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"
  "[Event \"Six\"]\n[White \"K\"]\n[Black \"L\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0";

/* The same games, the first in CRLF: the list's new games are CRLF. */
static const char crlf_first[] =
  "[Event \"One\"]\r\n[White \"M\xc3\xbcller\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n"
  "[Event \"Two\"]\n[White \"Ren\xe9\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
  "[Event \"Three\"]\r\n[White \"E\"]\r\n[Result \"*\"]\r\n\r\n1. c4 *\r\n";

/* All UTF-8, CR LF line ends: the list's runs are copied as they are. */
static const char utf8_crlf[] =
  "[Event \"One\"]\r\n[White \"M\xc3\xbcller\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n"
  "[Event \"Two\"]\r\n[White \"C\"]\r\n[Result \"0-1\"]\r\n\r\n1. d4 d5 0-1\r\n\r\n"
  "[Event \"Three\"]\r\n[White \"E\"]\r\n[Result \"*\"]\r\n\r\n1. c4 *\r\n\r\n"
  "[Event \"Four\"]\r\n[White \"G\"]\r\n[Result \"*\"]\r\n\r\n1. Nf3 *\r\n\r\n"
  "[Event \"Five\"]\r\n[White \"I\"]\r\n[Result \"*\"]\r\n\r\n1. g3 *\r\n";

static const char *const added[] = {
  "[Event \"New\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n",
  "[Event \"Added\"]\n[White \"Zo\xc3\xab\"]\n[Result \"1-0\"]\n\n1. d4 Nf6 1-0\n",
};

static CaissaPgnFile *
wait_loaded (CaissaPgnFile *pgn)
{
  gint64 deadline = test_util_deadline (30);

  while (caissa_pgn_file_get_loading (pgn) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (pgn));
  return pgn;
}

/* The file once its games are checked (their errors known). */
static CaissaPgnFile *
wait_validated (CaissaPgnFile *pgn)
{
  gint64 deadline = test_util_deadline (30);

  while (caissa_pgn_file_get_validating (pgn) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_validating (pgn));
  return pgn;
}

static CaissaPgnFile *
open_loaded (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *pgn = caissa_pgn_file_new (file, &error);

  g_assert_no_error (error);
  return wait_loaded (pgn);
}

static char *
strip_end (char *text)
{
  gsize len = strlen (text);

  while (len > 0 && strchr ("\r\n \t", text[len - 1]) != NULL)
    text[--len] = '\0';
  return text;
}

static char *
game_text (CaissaPgnFile *pgn,
           guint          position)
{
  g_autoptr(GError) error = NULL;
  char *text = caissa_pgn_file_dup_game_text (pgn, position, NULL, &error);

  g_assert_no_error (error);
  return strip_end (text);
}

/* What the list shows of a game, each tag as shown. */
static char *
shown (CaissaPgnFile *pgn,
       guint          position)
{
  static const char *const names[] = { "white", "black", "result", "date", "event", "site",
                                       "round", "eco", "white-elo", "black-elo" };
  g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (pgn), position);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *value = NULL;

      g_object_get (info, names[i], &value, NULL);
      g_string_append_printf (out, "%s=%s;", names[i], value);
    }
  g_string_append_printf (out, "plies=%u", _caissa_pgn_file_game_plies (pgn, position));
  return g_string_free (out, FALSE);
}

/* The list as the test expects it: a file's game (≥ 0) or an added text
 * (-1 - its index in added), with the states Undo and Redo go back to. */
typedef struct
{
  GArray    *now;
  GPtrArray *undo;
  GPtrArray *redo;
} Expected;

static GArray *
copy_list (GArray *list)
{
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (int), list->len);

  g_array_append_vals (copy, list->data, list->len);
  return copy;
}

static void
expected_push (Expected *e)
{
  g_ptr_array_add (e->undo, copy_list (e->now));
  g_ptr_array_set_size (e->redo, 0);
}

static void
expected_step (Expected  *e,
               GPtrArray *from,
               GPtrArray *to)
{
  g_ptr_array_add (to, e->now);
  e->now = g_ptr_array_steal_index (from, from->len - 1);
}

/* The view's games: those of the list's text rebuilt and indexed, and
 * the file's games the file's own entries and bytes. */
static void
check_view (CaissaPgnFileEdits *edits,
            CaissaPgnFile      *disk,
            const Expected     *e,
            gboolean            crlf)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) view = caissa_pgn_file_edits_make_view (edits, &error);
  g_autofree char *text = caissa_pgn_file_edits_dup_text (edits, G_MAXUINT, NULL, &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CaissaPgnFile) plain = NULL;
  CaissaPgnFileBytes *view_bytes, *disk_bytes;
  guint n;
  guint64 next = 0;

  g_assert_no_error (error);
  g_assert_nonnull (view);
  /* Ready at once: nothing to index. */
  g_assert_false (caissa_pgn_file_get_loading (view));
  bytes = g_bytes_new (text, strlen (text));
  /* (Checked: the plies and errors the file's check found are the view's.) */
  plain = wait_validated (wait_loaded (caissa_pgn_file_new_from_bytes (bytes, "plain")));
  n = g_list_model_get_n_items (G_LIST_MODEL (view));
  g_assert_cmpuint (n, ==, e->now->len);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (plain)), ==, n);
  g_assert_cmpuint (caissa_pgn_file_edits_get_n_games (edits), ==, n);
  /* Modified unless the list is the file's again. */
  {
    gboolean same = n == g_list_model_get_n_items (G_LIST_MODEL (disk));

    for (guint i = 0; same && i < n; i++)
      same = g_array_index (e->now, int, i) == (int) i;
    g_assert_cmpint (caissa_pgn_file_edits_get_modified (edits), ==, !same);
  }

  view_bytes = _caissa_pgn_file_ref_bytes (view);
  disk_bytes = _caissa_pgn_file_ref_bytes (disk);
  for (guint i = 0; i < n; i++)
    {
      int want = g_array_index (e->now, int, i);
      g_autofree char *got = game_text (view, i);
      g_autofree char *rebuilt = game_text (plain, i);
      g_autofree char *got_shown = shown (view, i);
      g_autofree char *rebuilt_shown = shown (plain, i);
      const ChessPgnIndexEntry *ve;
      ChessPgnIndexEntry copy;
      gsize vlen = 0, dlen = 0;
      guint plies;

      g_assert_cmpstr (got, ==, rebuilt);
      g_assert_cmpstr (got_shown, ==, rebuilt_shown);
      g_assert_cmpint (_caissa_pgn_file_matches (view, i, "ren"), ==, _caissa_pgn_file_matches (plain, i, "ren"));
      g_assert_cmpint (_caissa_pgn_file_matches (view, i, "zoë"), ==, _caissa_pgn_file_matches (plain, i, "zoë"));
      g_assert_cmpint (_caissa_pgn_file_matches (view, i, "é"), ==, _caissa_pgn_file_matches (plain, i, "é"));

      /* One game after another, as in a file (the explorer reads them so). */
      ve = _caissa_pgn_file_sort_entry (view, i, &vlen, &plies);
      g_assert_nonnull (ve);
      copy = *ve;
      g_assert_cmpuint (copy.offset, ==, next);
      g_assert_cmpuint (_caissa_pgn_file_game_offset (view, i), ==, copy.offset);
      next = copy.offset + vlen;

      if (want >= 0)
        {
          const ChessPgnIndexEntry *de = _caissa_pgn_file_sort_entry (disk, (guint) want, &dlen, &plies);
          g_autofree char *vb = g_malloc (vlen + 1);
          g_autofree char *db = g_malloc (dlen + 1);
          g_autofree char *on_disk = game_text (disk, (guint) want);

          /* The file's entry (its tags where the index found them) and
           * its bytes, read where the file has them. */
          g_assert_cmpuint (vlen, ==, dlen);
          g_assert_cmpmem (copy.tag_offset, sizeof copy.tag_offset, de->tag_offset, sizeof de->tag_offset);
          g_assert_cmpmem (copy.tag_length, sizeof copy.tag_length, de->tag_length, sizeof de->tag_length);
          g_assert_true (_caissa_pgn_file_bytes_copy (view_bytes, copy.offset, vlen, vb));
          g_assert_true (_caissa_pgn_file_bytes_copy (disk_bytes, de->offset, dlen, db));
          g_assert_cmpmem (vb, vlen, db, dlen);
          g_assert_cmpstr (got, ==, on_disk);
        }
      else
        {
          g_autofree char *want_text = crlf ? caissa_pgn_text_to_crlf (added[-1 - want])
                                            : g_strdup (added[-1 - want]);

          g_assert_cmpstr (got, ==, strip_end (want_text));
        }
    }
  g_assert_cmpuint (next, ==, _caissa_pgn_file_bytes_length (view_bytes));
  _caissa_pgn_file_bytes_unref (view_bytes);
  _caissa_pgn_file_bytes_unref (disk_bytes);
  /* The games with an error: the file's, as many times as the list has them. */
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (view), ==, caissa_pgn_file_get_n_errors (plain));
}

static void
test_random (gconstpointer data)
{
  const char *text = data;
  g_autofree char *path = g_build_filename (tmp_dir, "view.pgn", NULL);
  g_autoptr(CaissaPgnFile) disk = NULL;
  g_autoptr(CaissaPgnFileEdits) edits = NULL;
  g_autoptr(CaissaPgnFileEdits) again = NULL;
  g_autoptr(GKeyFile) kept = NULL;
  g_autoptr(GError) error = NULL;
  Expected e;
  gboolean crlf = g_str_has_prefix (text, "[Event \"One\"]\r\n");
  guint n;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  disk = wait_validated (open_loaded (path));
  n = g_list_model_get_n_items (G_LIST_MODEL (disk));
  g_assert_cmpuint (n, >=, 3);
  edits = caissa_pgn_file_edits_new (disk);
  e.now = g_array_new (FALSE, FALSE, sizeof (int));
  e.undo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  e.redo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; i < n; i++)
    g_array_append_val (e.now, i);
  check_view (edits, disk, &e, crlf);

  for (guint step = 0; step < 300; step++)
    {
      guint len = e.now->len;
      guint kind = g_test_rand_int_range (0, 10);
      guint at = len > 0 ? (guint) g_test_rand_int_range (0, (gint32) len) : 0;

      if (kind < 3 && len > 0)
        {
          expected_push (&e);
          g_array_remove_index (e.now, at);
          g_assert_true (caissa_pgn_file_edits_delete (edits, at));
        }
      else if (kind < 5 && len > 0 && len < 40)
        {
          int game = g_array_index (e.now, int, at);

          expected_push (&e);
          g_array_insert_val (e.now, at + 1, game);
          g_assert_true (caissa_pgn_file_edits_duplicate (edits, at));
        }
      else if (kind < 6 && len < 40)
        {
          int which = g_test_rand_int_range (0, G_N_ELEMENTS (added));
          int game = -1 - which;
          guint where = (guint) g_test_rand_int_range (0, (gint32) len + 1);

          expected_push (&e);
          g_array_insert_val (e.now, where, game);
          g_assert_true (caissa_pgn_file_edits_add (edits, where, added[which]));
        }
      else if (kind < 8)
        {
          gboolean done = caissa_pgn_file_edits_undo (edits, NULL) != CAISSA_PGN_LIST_EDIT_NONE;

          g_assert_cmpint (done, ==, e.undo->len > 0);
          if (done)
            expected_step (&e, e.undo, e.redo);
        }
      else
        {
          gboolean done = caissa_pgn_file_edits_redo (edits, NULL) != CAISSA_PGN_LIST_EDIT_NONE;

          g_assert_cmpint (done, ==, e.redo->len > 0);
          if (done)
            expected_step (&e, e.redo, e.undo);
        }
      check_view (edits, disk, &e, crlf);
    }

  /* Kept for a crash and done again: the same list. */
  kept = caissa_pgn_file_edits_to_key_file (edits, path, &error);
  g_assert_no_error (error);
  again = caissa_pgn_file_edits_new (disk);
  g_assert_true (caissa_pgn_file_edits_replay (again, kept, &error));
  g_assert_no_error (error);
  check_view (again, disk, &e, crlf);

  g_array_unref (e.now);
  g_ptr_array_unref (e.undo);
  g_ptr_array_unref (e.redo);
  g_remove (path);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* A view made while the file is still checked follows the check: it is
 * "validating" as long as the file, and its errors, rows and count come
 * when the file's do. */
static void
test_checked_later (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "later.pgn", NULL);
  g_autoptr(CaissaPgnFile) disk = NULL;
  g_autoptr(CaissaPgnFileEdits) edits = NULL;
  g_autoptr(CaissaPgnFile) view = NULL;
  g_autoptr(CaissaPgnGameInfo) five = NULL;
  g_autofree char *error_text = NULL;
  guint n_errors_notified = 0, error_notified = 0;

  g_assert_true (g_file_set_contents (path, mixed, -1, NULL));
  disk = open_loaded (path);
  /* (The check's results come on the main loop, not run since.) */
  g_assert_true (caissa_pgn_file_get_validating (disk));
  edits = caissa_pgn_file_edits_new (disk);
  /* Game One deleted: Five, with its error, is the list's fourth. */
  g_assert_true (caissa_pgn_file_edits_delete (edits, 0));
  view = caissa_pgn_file_edits_make_view (edits, NULL);
  g_assert_true (caissa_pgn_file_get_validating (view));
  five = g_list_model_get_item (G_LIST_MODEL (view), 3);
  g_object_get (five, "error", &error_text, NULL);
  g_assert_null (error_text);
  g_signal_connect (view, "notify::n-errors", G_CALLBACK (count_cb), &n_errors_notified);
  g_signal_connect (five, "notify::error", G_CALLBACK (count_cb), &error_notified);

  wait_validated (disk);
  g_assert_false (caissa_pgn_file_get_validating (view));
  g_assert_cmpuint (caissa_pgn_file_get_n_errors (view), ==, 1);
  g_assert_cmpuint (n_errors_notified, >, 0);
  g_assert_cmpuint (error_notified, >, 0);
  g_object_get (five, "error", &error_text, NULL);
  g_assert_nonnull (error_text);
  g_remove (path);
}

static void
result_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* The explorer's games reaching the position after moves, as "game:ply"
 * joined with commas. */
static char *
explorer_games (CaissaPgnFile *file,
                const char    *moves)
{
  g_autoptr(CaissaExplorer) explorer = caissa_explorer_new (file);
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GAsyncResult *result = NULL;
  CaissaExplorerMatches *matches;
  ChessPosition pos;
  gint64 deadline = test_util_deadline (60);

  chess_position_init_start (&pos);
  for (guint i = 0; list[i] != NULL; i++)
    {
      ChessError err;
      ChessMove m = chess_san_parse (&pos, list[i], strlen (list[i]), &err);

      g_assert_cmpint (m, !=, CHESS_MOVE_NONE);
      chess_position_make_move (&pos, m);
    }
  while (!caissa_explorer_get_ready (explorer) && caissa_explorer_get_error (explorer) == NULL
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error ((GError *) caissa_explorer_get_error (explorer));
  g_assert_true (caissa_explorer_get_ready (explorer));
  caissa_explorer_find_position_async (explorer, &pos, NULL, result_cb, &result);
  while (result == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (result);
  matches = caissa_explorer_find_position_finish (explorer, result, &error);
  g_assert_no_error (error);
  g_object_unref (result);
  for (guint i = 0; i < caissa_explorer_matches_get_n_matches (matches); i++)
    {
      const CaissaExplorerMatch *m = caissa_explorer_matches_get_match (matches, i);

      g_string_append_printf (out, "%s%u:%u", i ? "," : "", m->game, m->ply);
    }
  caissa_explorer_matches_unref (matches);
  /* (Its query's task lets it go a moment after the answer.) */
  while (g_atomic_int_get (&G_OBJECT (explorer)->ref_count) > 1 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The explorer reads the view's games as a file's, by the list's numbers:
 * its "games" are those of the list's text rebuilt. */
static void
test_explorer (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "explore.pgn", NULL);
  g_autoptr(CaissaPgnFile) disk = NULL;
  g_autoptr(CaissaPgnFileEdits) edits = NULL;
  g_autoptr(CaissaPgnFile) view = NULL;
  g_autoptr(CaissaPgnFile) plain = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  g_autofree char *in_view = NULL;
  g_autofree char *in_plain = NULL;
  g_autofree char *f3_view = NULL;
  g_autofree char *f3_plain = NULL;

  g_assert_true (g_file_set_contents (path, mixed, -1, NULL));
  disk = open_loaded (path);
  edits = caissa_pgn_file_edits_new (disk);
  /* Two, Two, Added (1. d4 Nf6), Three, Four, Five, Six. */
  g_assert_true (caissa_pgn_file_edits_delete (edits, 0));
  g_assert_true (caissa_pgn_file_edits_duplicate (edits, 0));
  g_assert_true (caissa_pgn_file_edits_add (edits, 2, added[1]));
  view = caissa_pgn_file_edits_make_view (edits, NULL);
  text = caissa_pgn_file_edits_dup_text (edits, G_MAXUINT, NULL, NULL);
  bytes = g_bytes_new (text, strlen (text));
  plain = wait_loaded (caissa_pgn_file_new_from_bytes (bytes, "plain"));

  in_view = explorer_games (view, "d4");
  in_plain = explorer_games (plain, "d4");
  g_assert_cmpstr (in_view, ==, "0:1,1:1,2:1");
  g_assert_cmpstr (in_view, ==, in_plain);
  f3_view = explorer_games (view, "f3 e5");
  f3_plain = explorer_games (plain, "f3 e5");
  g_assert_cmpstr (f3_view, ==, "6:2");
  g_assert_cmpstr (f3_view, ==, f3_plain);
  wait_validated (disk);
  wait_validated (plain);
  g_remove (path);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Saved;

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Saved *saved = data;

  saved->ok = caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, &saved->error);
  saved->done = TRUE;
}

/* A save of the list with its second game edited writes the list as it
 * was when the save was asked for, byte for byte what its text rebuilt
 * is once encoded (CR LF kept, also for the edited game): edits made
 * while it is written (the list's text is made in a worker) are neither
 * in the file nor lost from the list. */
static void
test_save_in_flight (gconstpointer data)
{
  const char *original = data;
  g_autofree char *path = g_build_filename (tmp_dir, "in-flight.pgn", NULL);
  g_autofree char *rebuilt_path = g_build_filename (tmp_dir, "rebuilt.pgn", NULL);
  g_autoptr(CaissaPgnFile) disk = NULL;
  g_autoptr(CaissaPgnFile) saved = NULL;
  g_autoptr(CaissaPgnFile) rebuilt = NULL;
  g_autoptr(CaissaPgnFileEdits) edits = NULL;
  g_autoptr(GError) error = NULL;
  Saved result = { 0 };
  g_autofree char *expected = NULL;
  g_autofree char *edited = g_strconcat ("[Event \"Edited\"]\n[White \"Zo\xc3\xab\"]\n[Result \"*\"]\n\n",
                                         "1. e4 {A comment} (1. d4) *\n", NULL);
  gsize len = 0;
  g_autofree char *bytes = NULL;
  guint n_listed;
  gboolean crlf;

  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  disk = open_loaded (path);
  edits = caissa_pgn_file_edits_new (disk);
  g_assert_true (caissa_pgn_file_edits_delete (edits, 2));
  g_assert_true (caissa_pgn_file_edits_duplicate (edits, 0));
  g_assert_true (caissa_pgn_file_edits_add (edits, 1, added[1]));
  n_listed = caissa_pgn_file_edits_get_n_games (edits);
  expected = caissa_pgn_file_edits_dup_text (edits, 1, edited, &error);
  g_assert_no_error (error);
  /* (A file whose first game is CR LF is written in CR LF.) */
  crlf = original[strcspn (original, "\n") - 1] == '\r';
  if (crlf)
    {
      char *in_crlf = caissa_pgn_text_to_crlf (expected);

      g_free (expected);
      expected = in_crlf;
    }

  caissa_pgn_file_edits_save_async (edits, 1, edited, CAISSA_PGN_SAVE_DEFAULT, NULL, saved_cb, &result);
  /* Edits while it is under way: every game but the first deleted, one added. */
  while (caissa_pgn_file_edits_get_n_games (edits) > 1)
    g_assert_true (caissa_pgn_file_edits_delete (edits, 1));
  g_assert_true (caissa_pgn_file_edits_add (edits, 1, added[0]));
  test_util_wait_for (&result.done, 30, "the save");
  g_assert_no_error (result.error);
  g_assert_true (result.ok);

  /* Not lost from the list. */
  g_assert_cmpuint (caissa_pgn_file_edits_get_n_games (edits), ==, 2);
  g_assert_true (caissa_pgn_file_edits_get_modified (edits));

  /* The file: the list as asked for, as its text rebuilt. */
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  if (g_utf8_validate (original, -1, NULL))
    g_assert_cmpstr (bytes, ==, expected);
  g_assert_true (g_file_set_contents (rebuilt_path, expected, -1, NULL));
  saved = open_loaded (path);
  rebuilt = open_loaded (rebuilt_path);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (saved)), ==, n_listed);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rebuilt)), ==, n_listed);
  for (guint i = 0; i < n_listed; i++)
    {
      g_autofree char *got = game_text (saved, i);
      g_autofree char *want = game_text (rebuilt, i);

      g_assert_cmpstr (got, ==, want);
      if (crlf)
        g_assert_nonnull (strstr (got, "\r\n"));
    }
  g_remove (path);
  g_remove (rebuilt_path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("caissa-pgn-view-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_data_func ("/model/pgn-file-view/random", mixed, test_random);
  g_test_add_data_func ("/model/pgn-file-view/random-crlf", crlf_first, test_random);
  g_test_add_func ("/model/pgn-file-view/checked-later", test_checked_later);
  g_test_add_func ("/model/pgn-file-view/explorer", test_explorer);
  g_test_add_data_func ("/model/pgn-file-view/save-in-flight", utf8_crlf, test_save_in_flight);
  g_test_add_data_func ("/model/pgn-file-view/save-in-flight-mixed", mixed, test_save_in_flight);
  g_test_add_data_func ("/model/pgn-file-view/save-in-flight-crlf", crlf_first, test_save_in_flight);

  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
