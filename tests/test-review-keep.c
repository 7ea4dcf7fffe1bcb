/* test-review-keep.c — an edit of a file's game made before the question
 * at start ("Restore Unsaved Changes?", asked from a low-priority idle once
 * the window is shown) is kept on disk as soon as keeping starts, not only
 * at the next edit (caissa-window-review-keep.c). On a loaded machine a
 * file can be opened and edited before that idle runs: a crash then lost
 * the edit (e2e-review-keep under two busy loops).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-review-keep.h"
#include "caissa-window.h"
#include "caissa-window-autosave.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"
#include "test-util.h"

static char *tmp_dir;

static const char games[] =
  "[Event \"One\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
  "[Event \"Two\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"*\"]\n\n1. c4 *\n";

/* Runs the main loop until path holds needle (30 s, scaled); FALSE if not. */
static gboolean
wait_for_text (const char *path,
               const char *needle)
{
  gint64 until = g_get_monotonic_time ()
                 + (gint64) 30 * G_USEC_PER_SEC * test_util_timeout_multiplier ();

  while (g_get_monotonic_time () < until)
    {
      g_autofree char *text = NULL;

      if (g_file_get_contents (path, &text, NULL, NULL) && strstr (text, needle) != NULL)
        return TRUE;
      test_util_spin (20);
    }
  return FALSE;
}

/* Runs the main loop until path is gone (30 s, scaled); FALSE if not. */
static gboolean
wait_for_gone (const char *path)
{
  gint64 until = g_get_monotonic_time ()
                 + (gint64) 30 * G_USEC_PER_SEC * test_util_timeout_multiplier ();

  while (g_get_monotonic_time () < until)
    {
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return TRUE;
      test_util_spin (20);
    }
  return FALSE;
}

/* A label under widget whose text contains needle, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *needle)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, needle);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A window that keeps edits (an autosave in tmp_dir), shown; once keeping
 * has started when there is nothing to offer. */
static CaissaWindow *
keeping_window (const char *saved,
                gpointer   *weak)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);

  *weak = window;
  g_object_add_weak_pointer (G_OBJECT (window), weak);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  _caissa_window_start_autosave (window, saved);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static const char three[] =
  "[Event \"One\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
  "[Event \"Two\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"*\"]\n\n1. c4 *\n\n"
  "[Event \"Three\"]\n[White \"Eps\"]\n[Black \"Zeta\"]\n[Result \"*\"]\n\n1. Nf3 *\n";

/* A game deleted and the app killed: at the next start the deletion is
 * offered back with the game edits, done again (undoable, the file on
 * disk untouched) when the file is as it was, and refused with a word
 * when another program changed it meanwhile. */
static void
test_list_kept (gconstpointer data)
{
  gboolean change_file = GPOINTER_TO_INT (data);
  g_autofree char *pgn = g_build_filename (tmp_dir, "three.pgn", NULL);
  g_autofree char *saved = g_build_filename (tmp_dir, "current-game.ini", NULL);
  g_autofree char *kept = g_build_filename (tmp_dir, "caissa", "review-list.ini", NULL);
  g_autofree char *on_disk = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;
  CaissaWindow *window;
  gpointer weak;

  g_assert_true (g_file_set_contents (pgn, three, -1, NULL));
  file = g_file_new_for_path (pgn);
  window = keeping_window (saved, &weak);
  test_util_spin (200);
  g_assert_null (test_util_message_dialog (TRUE));
  g_assert_true (caissa_window_open_file (window, file, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "games-loading", "0");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "2");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-game", NULL);
  test_util_wait_state (window, "list-edited", "1");
  test_util_wait_state (window, "games", "2");
  if (!wait_for_text (kept, "kind=delete"))
    g_error ("the deletion was not kept in %s", kept);
  g_assert_true (g_file_get_contents (pgn, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, three);

  /* As after kill -9: the window goes without a question. */
  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  if (change_file)
    {
      g_autofree char *other = g_strdup (three);

      /* Game 2's moves changed by another program, the count the same. */
      memcpy (strstr (other, "1. c4"), "1. d4", 5);
      g_assert_true (g_file_set_contents (pgn, other, -1, NULL));
    }

  window = keeping_window (saved, &weak);
  dialog = test_util_wait_for_dialog (30);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Changes?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "three.pgn"));
  /* What was done, counted. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), ": 1 game deleted."));
  adw_message_dialog_response (dialog, "restore");
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_wait_state (window, "games-loading", "0");
  if (change_file)
    {
      gint64 until = g_get_monotonic_time ()
                     + (gint64) 30 * G_USEC_PER_SEC * test_util_timeout_multiplier ();

      while (find_label (GTK_WIDGET (window), "were not restored") == NULL)
        {
          if (g_get_monotonic_time () > until)
            g_error ("no word that the list's edits were not restored");
          test_util_spin (20);
        }
      test_util_assert_state (window, "list-edited", "0");
      test_util_assert_state (window, "games", "3");
      g_assert_true (wait_for_gone (kept));
    }
  else
    {
      test_util_wait_state (window, "list-edited", "1");
      test_util_wait_state (window, "games", "2");
      g_clear_pointer (&on_disk, g_free);
      g_assert_true (g_file_get_contents (pgn, &on_disk, NULL, NULL));
      g_assert_cmpstr (on_disk, ==, three);
      /* Undoable like the deletion itself, and then nothing is kept. */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      test_util_wait_state (window, "games", "3");
      test_util_wait_state (window, "list-edited", "0");
      g_assert_true (wait_for_gone (kept));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");
  g_remove (saved);
  g_remove (pgn);
}

/* A kept list that cannot be read is set aside, not lost, and nothing is
 * offered. */
static void
test_list_unreadable (void)
{
  g_autofree char *saved = g_build_filename (tmp_dir, "current-game.ini", NULL);
  g_autofree char *dir = g_build_filename (tmp_dir, "caissa", NULL);
  g_autofree char *kept = g_build_filename (dir, "review-list.ini", NULL);
  g_autofree char *aside = g_strconcat (kept, ".unreadable", NULL);
  g_autofree char *text = NULL;
  static const char junk[] = "[list\nthis is = not a key file\n\x01";
  CaissaWindow *window;
  gpointer weak;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (kept, junk, -1, NULL));
  g_test_expect_message ("caissa-window", G_LOG_LEVEL_WARNING, "*kept list's edits cannot be read*");
  window = keeping_window (saved, &weak);
  if (!wait_for_gone (kept))
    g_error ("the unreadable kept list was left in place");
  test_util_spin (200);
  g_test_assert_expected_messages ();
  g_assert_null (test_util_message_dialog (TRUE));
  g_assert_true (g_file_get_contents (aside, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, junk);

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");
  g_remove (aside);
  g_remove (saved);
}

/* Game 1 deleted, then the game shown (Three, now game 2) edited: both
 * kept, and both restored, the game's edit by its place in the edited
 * list. */
static void
test_list_and_game_kept (void)
{
  g_autofree char *pgn = g_build_filename (tmp_dir, "three.pgn", NULL);
  g_autofree char *saved = g_build_filename (tmp_dir, "current-game.ini", NULL);
  g_autofree char *kept_list = g_build_filename (tmp_dir, "caissa", "review-list.ini", NULL);
  g_autofree char *kept_game = caissa_kept_edit_default_path ();
  g_autoptr(GFile) file = NULL;
  AdwMessageDialog *dialog;
  CaissaWindow *window;
  CaissaGame *game;
  gpointer weak;

  g_assert_true (g_file_set_contents (pgn, three, -1, NULL));
  file = g_file_new_for_path (pgn);
  window = keeping_window (saved, &weak);
  test_util_spin (200);
  g_assert_true (caissa_window_open_file (window, file, NULL));
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "games-loading", "0");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.delete-game", NULL);
  test_util_wait_state (window, "games", "2");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "2");
  game = caissa_window_get_game (window);
  caissa_game_go_to_ply (game, 0);
  g_assert_true (caissa_game_play_san (game, "g3", NULL));
  test_util_wait_state (window, "dirty", "1");
  if (!wait_for_text (kept_game, "1. g3") || !wait_for_text (kept_list, "kind=delete"))
    g_error ("the edits were not both kept");

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");

  window = keeping_window (saved, &weak);
  dialog = test_util_wait_for_dialog (30);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "game 2 was changed"));
  adw_message_dialog_response (dialog, "restore");
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_wait_state (window, "list-edited", "1");
  test_util_wait_state (window, "games", "2");
  test_util_wait_state (window, "game-index", "2");
  test_util_wait_state (window, "dirty", "1");
  {
    g_autofree char *text = caissa_game_to_pgn (caissa_window_get_game (window));

    g_assert_nonnull (strstr (text, "Three"));
    g_assert_nonnull (strstr (text, "1. g3"));
  }

  /* Saved: the file without game 1, game 3 with its edit; nothing kept. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  test_util_wait_state (window, "dirty", "0");
  test_util_wait_state (window, "list-edited", "0");
  {
    g_autofree char *on_disk = NULL;

    g_assert_true (g_file_get_contents (pgn, &on_disk, NULL, NULL));
    g_assert_null (strstr (on_disk, "\"One\""));
    g_assert_nonnull (strstr (on_disk, "1. g3"));
  }
  g_assert_true (wait_for_gone (kept_list));
  g_assert_true (wait_for_gone (kept_game));

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");
  g_remove (saved);
  g_remove (pgn);
}

static void
test_edit_before_offer (void)
{
  g_autofree char *pgn = g_build_filename (tmp_dir, "games.pgn", NULL);
  g_autofree char *saved = g_build_filename (tmp_dir, "current-game.ini", NULL);
  g_autofree char *kept = caissa_kept_edit_default_path ();
  g_autofree char *on_disk = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  CaissaWindow *window;
  CaissaGame *game;
  gpointer weak;

  g_assert_true (g_file_set_contents (pgn, games, -1, NULL));
  file = g_file_new_for_path (pgn);
  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  weak = window;
  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  /* Not shown yet: the question waits for the window to be mapped. */
  _caissa_window_start_autosave (window, saved);
  g_assert_true (caissa_window_open_file (window, file, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "game-index", "1");

  game = caissa_window_get_game (window);
  caissa_game_go_to_ply (game, 0);
  g_assert_true (caissa_game_play_san (game, "d4", NULL));
  test_util_wait_state (window, "dirty", "1");
  test_util_spin (100);
  /* Before the question, nothing is kept (it must not replace the
   * edits it is about to offer). */
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* Shown: no kept edit to offer, so keeping starts, and the edit made
   * meanwhile is kept with no further edit. */
  gtk_window_present (GTK_WINDOW (window));
  if (!wait_for_text (kept, "1. d4"))
    g_error ("the edit made before the question was not kept in %s", kept);
  g_assert_true (g_file_get_contents (pgn, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, games);

  /* Taken back: nothing is left to keep, and the kept edit goes. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  test_util_wait_state (window, "dirty", "0");
  for (guint i = 0; i < 1500 * test_util_timeout_multiplier () && g_file_test (kept, G_FILE_TEST_EXISTS); i++)
    test_util_spin (20);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null (&weak, 10, "the window finalized");
  g_remove (saved);
  g_remove (pgn);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-review-keep-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/review-keep/edit-before-offer", test_edit_before_offer);
  g_test_add_data_func ("/app/review-keep/list-restored", GINT_TO_POINTER (FALSE), test_list_kept);
  g_test_add_data_func ("/app/review-keep/list-file-changed", GINT_TO_POINTER (TRUE), test_list_kept);
  g_test_add_func ("/app/review-keep/list-and-game", test_list_and_game_kept);
  g_test_add_func ("/app/review-keep/list-unreadable", test_list_unreadable);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
