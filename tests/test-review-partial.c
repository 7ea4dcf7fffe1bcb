/* test-review-partial.c — the window showing a game with an error up to it:
 * the move list has every move before the error and the error marker, the
 * status says the line and column; Save keeps the file as it was until the
 * game is edited, then keeps the rest in comment lines. And a Windows-1252
 * file shown in the right characters.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-move-list.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "chess-pgn.h"
#include "test-util-gtk.h"
#include "test-util-pgn.h"

static char *tmp_dir;

#define copy_data(dir, name) test_util_pgn_copy_data (tmp_dir, dir, name)

static void
collect (GtkWidget  *widget,
         const char *css_class,
         GPtrArray  *out)
{
  if (gtk_widget_has_css_class (widget, css_class) && gtk_widget_get_visible (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect (child, css_class, out);
}

/* The labels of the move buttons of the main line, "|"-separated. */
static char *
main_moves (GtkWidget *move_list)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  collect (move_list, "move", all);
  for (guint i = 0; i < all->len; i++)
    if (GTK_IS_BUTTON (all->pdata[i]))
      g_string_append_printf (out, "%s%s", out->len ? "|" : "", gtk_button_get_label (all->pdata[i]));
  return g_string_free (out, FALSE);
}

static GtkWidget *
child (CaissaWindow *window,
       const char   *id)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW, id));
}

static void
activate (CaissaWindow *window,
          const char   *name,
          GVariant     *parameter)
{
  if (parameter != NULL)
    g_variant_ref_sink (parameter);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), name, parameter));
  if (parameter != NULL)
    g_variant_unref (parameter);
}

/* Saves and waits until the file written is read back and its game shown
 * again (the window reads a game up to an error again after a save). */
static void
save_and_wait (CaissaWindow *window,
               const char   *index)
{
  activate (window, "win.save", NULL);
  test_util_wait_state (window, "dirty", "0");
  test_util_wait_state (window, "games-loading", "0");
  test_util_wait_state (window, "game-index", index);
  test_util_spin (200);
}

static void
test_partial_game (void)
{
  g_autofree char *path = copy_data ("partial", "partial.pgn");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *moves = NULL;
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *move_list = child (window, "move_list");
  GtkWidget *status = child (window, "status_label");
  GtkWidget *row;
  const char *expected_start = "Line 15, column 14: illegal move 'Nf6'";
  const char *expected_end = " — the rest of the game is not shown";
  const char *error_text;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "games", "3");
  test_util_wait_state (window, "game-index", "1");
  g_assert_null (caissa_move_list_get_error (CAISSA_MOVE_LIST (move_list)));

  /* The game with the error: no message box, the game up to the error. */
  activate (window, "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "2");
  g_assert_null (test_util_message_dialog (TRUE));
  test_util_wait_for_frame (move_list);
  moves = main_moves (move_list);
  g_assert_cmpstr (moves, ==, "e4|e5|Nf3|Nc6|Bb5|a6");
  g_assert_cmpstr (caissa_game_get_white_name (caissa_window_get_game (window)), ==, "Kasparov");

  /* The marker after the last move, and the status: line and column. */
  row = _caissa_move_list_get_error_row (CAISSA_MOVE_LIST (move_list));
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_true (gtk_widget_is_ancestor (row, move_list));
  error_text = caissa_move_list_get_error (CAISSA_MOVE_LIST (move_list));
  g_assert_true (g_str_has_prefix (error_text, expected_start));
  g_assert_true (g_str_has_suffix (error_text, expected_end));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (status)), ==, error_text);
  {
    g_autofree char *state = test_util_state_line (window, "read-error");

    g_assert_cmpstr (state, ==, error_text);
  }
  /* Walking the moves keeps the status on the error. */
  activate (window, "win.go-next", NULL);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (status)), ==, error_text);

  /* Saved without an edit: the file as it was, byte for byte. */
  save_and_wait (window, "2");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);
  test_util_wait_state (window, "read-error", error_text);

  /* Edited (a move assessment), then saved: the rest kept in comment
   * lines; the game read again has no error. */
  activate (window, "win.go-last", NULL);
  activate (window, "win.nag", g_variant_new_uint32 (1));
  test_util_wait_state (window, "dirty", "1");
  save_and_wait (window, "2");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_nonnull (strstr (after, "; Caissa could not read the rest of this game (line 15, column 14: illegal move 'Nf6'"));
  g_assert_nonnull (strstr (after, "; Nf6 {never read} Nf6 (4... d6)\n; 5. O-O Be7 1-0\n"));
  g_assert_true (g_str_has_prefix (after, "[Event \"First\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"));
  test_util_wait_state (window, "games-errors", "0");
  g_assert_null (test_util_state_line (window, "read-error"));
  g_assert_null (caissa_move_list_get_error (CAISSA_MOVE_LIST (move_list)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The list's rows and the game's tags and comments of a Windows-1252
 * file in the right characters; its game with an error shown up to it
 * with the column in the file. */
static void
test_windows_1252 (void)
{
  g_autofree char *path = copy_data ("encoding", "windows-1252.pgn");
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *move_list = child (window, "move_list");
  g_autoptr(GPtrArray) comments = g_ptr_array_new ();
  gboolean found = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "games", "3");
  test_util_wait_state (window, "game-index", "1");
  g_assert_cmpstr (caissa_game_get_white_name (caissa_window_get_game (window)), ==, "Müller, Jürgen");
  test_util_wait_for_frame (move_list);
  collect (move_list, "comment", comments);
  for (guint i = 0; i < comments->len; i++)
    if (g_str_equal (gtk_label_get_label (comments->pdata[i]), "Déjà vu… ½ point ß"))
      found = TRUE;
  g_assert_true (found);

  activate (window, "win.next-game", NULL);
  activate (window, "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "3");
  g_assert_cmpstr (caissa_game_get_white_name (caissa_window_get_game (window)), ==, "Größe");
  g_assert_true (g_str_has_prefix (caissa_move_list_get_error (CAISSA_MOVE_LIST (move_list)),
                                   "Line 24, column 19: not a move: 'Nf9'"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* An edited game with a character Windows-1252 lacks: nothing saved, the
 * message names it and offers UTF-8. */
static void
test_does_not_fit (void)
{
  g_autofree char *path = copy_data ("encoding", "windows-1252.pgn");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  AdwMessageDialog *dialog = NULL;
  gint64 deadline;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, NULL));
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "games-loading", "0");
  caissa_game_set_white_name (caissa_window_get_game (window), "Łódź");
  activate (window, "win.save", NULL);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while ((dialog = test_util_message_dialog (FALSE)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Game Does Not Fit the File’s Encoding");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "“Ł” (line 5, column 9 of the game) cannot be written in Windows-1252"));
  g_assert_true (adw_message_dialog_has_response (dialog, "utf8"));
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-partial-XXXXXX", NULL);
  /* Recent files go here, not to the user's list. */
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/window/partial-game", test_partial_game);
  g_test_add_func ("/app/window/windows-1252", test_windows_1252);
  g_test_add_func ("/app/window/does-not-fit", test_does_not_fit);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
