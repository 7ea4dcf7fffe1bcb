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

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
