/* test-eco-display.c — opening names on screen: the game list's ECO and
 * Opening columns (filled in as the file is checked, sortable, searched
 * with eco: and opening:) and the window's subtitle, live while playing
 * and following the shown move.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>

#include "caissa-game-list.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_label (GTK_LABEL (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) && gtk_button_get_label (GTK_BUTTON (widget)))
    g_string_append_printf (out, "%s\n", gtk_button_get_label (GTK_BUTTON (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

/* Every label on screen in widget, a line each. */
static char *
labels (GtkWidget *widget)
{
  GString *out = g_string_new ("\n");

  collect_labels (widget, out);
  return g_string_free (out, FALSE);
}

static GtkWidget *
find_label_with_text (GtkWidget  *widget,
                      const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
wait_file (CaissaPgnFile *file)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  g_assert_false (caissa_pgn_file_get_validating (file));
}

static void
wait_list (CaissaGameList *list)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (caissa_game_list_get_filtering (list) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_game_list_get_filtering (list));
}

/* Spins until text is among the labels on screen (at most 30 s). */
static void
wait_label (GtkWidget  *widget,
            const char *text)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (find_label_with_text (widget, text) == NULL && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      test_util_spin (20);
    }
  if (find_label_with_text (widget, text) == NULL)
    {
      g_autofree char *all = labels (widget);

      g_error ("no label \"%s\" among:%s", text, all);
    }
}

/* The first column view under widget (the list's layout may wrap it). */
static GtkWidget *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_game_list (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "eco", "openings.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  GtkWidget *window = gtk_window_new ();
  CaissaGameList *list = CAISSA_GAME_LIST (caissa_game_list_new ());
  CaissaPgnFile *file = caissa_pgn_file_new (gfile, NULL);
  GtkWidget *eco_label;

  g_assert_nonnull (file);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (list));
  gtk_window_present (GTK_WINDOW (window));
  caissa_game_list_set_file (list, file);
  wait_file (file);

  /* The columns, titled; the computed names filled in. */
  wait_label (GTK_WIDGET (list), "ECO");
  wait_label (GTK_WIDGET (list), "Opening");
  wait_label (GTK_WIDGET (list), "Sicilian Defense: Najdorf Variation, Adams Attack");
  wait_label (GTK_WIDGET (list), "Queen's Gambit Declined: Harrwitz Attack");
  wait_label (GTK_WIDGET (list), "Ruy Lopez: Closed, Chigorin Defense");
  /* The tag as written (B99 where the moves say B90), with both in the tooltip. */
  wait_label (GTK_WIDGET (list), "B99");
  eco_label = find_label_with_text (GTK_WIDGET (list), "B99");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (eco_label), ==,
                   "B90 Sicilian Defense: Najdorf Variation, Adams Attack\nECO tag B99, from the moves B90");
  /* No tag: the computed code, dimmed. */
  eco_label = find_label_with_text (GTK_WIDGET (list), "D37");
  g_assert_nonnull (eco_label);
  g_assert_true (gtk_widget_has_css_class (eco_label, "dim-label"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (eco_label), ==,
                   "D37 Queen's Gambit Declined: Harrwitz Attack\nD37, from the moves");

  /* Beside the board (a narrower list) the code stays, the name goes to its tooltip. */
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 500);
  wait_label (GTK_WIDGET (list), "B99");
  {
    gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (find_label_with_text (GTK_WIDGET (list), "Opening") != NULL && g_get_monotonic_time () < deadline)
      test_util_spin (20);
    g_assert_null (find_label_with_text (GTK_WIDGET (list), "Opening"));
    g_assert_nonnull (find_label_with_text (GTK_WIDGET (list), "ECO"));
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 500);
  wait_label (GTK_WIDGET (list), "Opening");

  /* Searched. */
  caissa_game_list_set_search (list, "eco:B90");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 1);
  wait_label (GTK_WIDGET (list), "Sicilian Defense: Najdorf Variation, Adams Attack");
  caissa_game_list_set_search (list, "opening:najdorf");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 1);
  caissa_game_list_set_search (list, "opening:gambit declined");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 1);
  wait_label (GTK_WIDGET (list), "Queen's Gambit Declined: Harrwitz Attack");
  caissa_game_list_set_search (list, "eco:E");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 0);
  caissa_game_list_set_search (list, "");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 6);

  /* Sorted by opening name, descending: the Sicilian first; by ECO
   * (what the column shows), ascending: B99, C97, D37, then the games
   * without one (unknown values go last, CaissaPgnSort). */
  caissa_game_list_sort_by (list, "opening", GTK_SORT_DESCENDING);
  wait_list (list);
  {
    GtkSelectionModel *shown = NULL;
    g_autoptr(CaissaPgnGameInfo) top = NULL;
    g_autoptr(CaissaPgnGameInfo) last = NULL;
    GtkWidget *view = NULL;

    view = find_column_view (GTK_WIDGET (list));
    g_assert_true (GTK_IS_COLUMN_VIEW (view));
    shown = gtk_column_view_get_model (GTK_COLUMN_VIEW (view));
    top = g_list_model_get_item (G_LIST_MODEL (shown), 0);
    g_assert_cmpstr (caissa_pgn_game_info_get_opening (top), ==, "Sicilian Defense: Najdorf Variation, Adams Attack");

    caissa_game_list_sort_by (list, "eco", GTK_SORT_ASCENDING);
    wait_list (list);
    g_clear_object (&top);
    top = g_list_model_get_item (G_LIST_MODEL (shown), 0);
    last = g_list_model_get_item (G_LIST_MODEL (shown), 2);
    g_assert_cmpstr (caissa_pgn_game_info_get_eco_display (top), ==, "B99");
    g_assert_cmpstr (caissa_pgn_game_info_get_eco_display (last), ==, "D37");
    g_clear_object (&last);
    last = g_list_model_get_item (G_LIST_MODEL (shown), 5);
    g_assert_cmpstr (caissa_pgn_game_info_get_eco_display (last), ==, "");
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (file);
}

static void
play (CaissaWindow *window,
      const char   *moves)
{
  g_auto(GStrv) sans = g_strsplit (moves, " ", -1);
  CaissaGame *game = caissa_window_get_game (window);

  for (guint i = 0; sans[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (caissa_game_play_san (game, sans[i], &error));
      g_assert_no_error (error);
    }
}

static void
test_subtitle (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  g_autofree char *subtitle = NULL;

  gtk_window_present (GTK_WINDOW (window));
  test_util_wait_for_frame (GTK_WIDGET (window));

  /* Nothing named at the start. */
  subtitle = test_util_state_line (window, "subtitle");
  g_assert_nonnull (subtitle);
  g_assert_null (strstr (subtitle, " · "));

  /* Live while playing, move by move, transpositions included. */
  play (window, "Nf3");
  test_util_assert_state (window, "subtitle", "White – Black · A04 Zukertort Opening");
  play (window, "d5 d4 Nf6");
  test_util_assert_state (window, "subtitle", "White – Black · D02 Queen's Pawn Game: Symmetrical Variation");
  play (window, "c4 e6");
  /* Not named: the last named position stays. */
  test_util_assert_state (window, "subtitle", "White – Black · D02 Queen's Pawn Game: Symmetrical Variation");
  play (window, "Nc3");
  test_util_assert_state (window, "subtitle", "White – Black · D37 Queen's Gambit Declined: Three Knights Variation");

  /* Following the shown move. */
  caissa_game_go_to_ply (game, 1);
  test_util_assert_state (window, "subtitle", "White – Black · A04 Zukertort Opening");
  caissa_game_go_first (game);
  g_clear_pointer (&subtitle, g_free);
  subtitle = test_util_state_line (window, "subtitle");
  g_assert_null (strstr (subtitle, " · "));
  caissa_game_go_last (game);
  test_util_assert_state (window, "subtitle", "White – Black · D37 Queen's Gambit Declined: Three Knights Variation");
  /* And on screen, in the title bar. */
  test_util_wait_for_frame (GTK_WIDGET (window));
  wait_label (GTK_WIDGET (window), "White – Black · D37 Queen's Gambit Declined: Three Knights Variation");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Reviewing a file: the subtitle names the opening of the shown move. */
static void
test_review_subtitle (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "eco", "openings.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "game-index", "1");
  caissa_game_go_last (game);
  test_util_assert_state (window, "subtitle", "A – B · B90 Sicilian Defense: Najdorf Variation, Adams Attack");
  caissa_game_go_to_ply (game, 10);
  test_util_assert_state (window, "subtitle", "A – B · B90 Sicilian Defense: Najdorf Variation");
  caissa_game_go_to_ply (game, 2);
  test_util_assert_state (window, "subtitle", "A – B · B20 Sicilian Defense");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;
  g_autofree char *tmp_dir = g_dir_make_tmp ("caissa-eco-XXXXXX", NULL);

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/eco/game-list", test_game_list);
  g_test_add_func ("/app/eco/subtitle-live", test_subtitle);
  g_test_add_func ("/app/eco/subtitle-review", test_review_subtitle);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  return status;
}
