/* test-explorer-ui.c — the opening explorer and position search in the
 * window: the panel follows navigation, a click on a move plays it, Games
 * fills the game list (opening a game shows the matching ply), the
 * pattern search, partial counts while the data is built, and the panel
 * kept away from a game under a clock.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-explorer-panel.h"
#include "caissa-game-list.h"
#include "caissa-pattern-dialog.h"
#include "caissa-result-bar.h"
#include "caissa-window.h"
#include "caissa-window-explorer.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static char *tmp_dir;

/* Five games: three 1.e4 (ratings on two, dates on two), and the same
 * position after 1.d4 d5 2.Nf3 reached by two move orders. */
static const char games_pgn[] =
  "[Event \"A\"]\n[Date \"2001.01.01\"]\n[White \"W1\"]\n[Black \"B1\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2300\"]\n"
  "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
  "[Event \"B\"]\n[Date \"2005.??.??\"]\n[White \"W2\"]\n[Black \"B2\"]\n[WhiteElo \"2200\"]\n[BlackElo \"2100\"]\n"
  "[Result \"0-1\"]\n\n1. e4 c5 2. Nf3 d6 0-1\n\n"
  "[Event \"C\"]\n[Date \"2010.05.05\"]\n[White \"W3\"]\n[Black \"B3\"]\n[Result \"1/2-1/2\"]\n\n"
  "1. d4 d5 2. Nf3 Nf6 1/2-1/2\n\n"
  "[Event \"D\"]\n[Date \"2003.03.03\"]\n[White \"W4\"]\n[Black \"B4\"]\n[Result \"1-0\"]\n\n"
  "1. Nf3 d5 2. d4 Nf6 1-0\n\n"
  "[Event \"E\"]\n[White \"W5\"]\n[Black \"B5\"]\n[Result \"1/2-1/2\"]\n\n"
  "1. e4 e5 2. Bc4 Nf6 1/2-1/2\n";

static const char start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static char *
write_file (const char *name,
            const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
probe_enabled (CaissaWindow *window,
               const char   *name)
{
  GtkBox *slot = caissa_window_get_clock_slot (window);
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), name);
  gtk_box_append (slot, probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (slot, probe);
  return enabled;
}

static void
activate (CaissaWindow *window,
          const char   *name)
{
  g_assert_true (probe_enabled (window, name));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), name, NULL));
}

/* Every "explorer-move" line of the state, joined with '|'. */
static char *
explorer_moves (CaissaWindow *window)
{
  g_autofree char *state = caissa_window_describe_state (window);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "explorer-move "))
      g_string_append_printf (out, "%s%s", out->len ? "|" : "", lines[i] + strlen ("explorer-move "));
  return g_string_free (out, FALSE);
}

/* Until the panel has answered about the shown position, finally. */
static void
wait_answer (CaissaWindow *window)
{
  const char *fen = caissa_game_get_fen (caissa_window_get_game (window));

  test_util_wait_state (window, "explorer-fen", fen);
  test_util_wait_state (window, "explorer-busy", "0");
  test_util_wait_state (window, "explorer-state", "final");
}

/* The row of the panel whose move is san. */
static GtkWidget *
find_row (GtkWidget  *widget,
          const char *san)
{
  if (GTK_IS_LIST_BOX_ROW (widget) && gtk_widget_has_css_class (widget, "explorer-row"))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));
      GtkWidget *label = gtk_widget_get_first_child (box);

      if (g_str_equal (gtk_label_get_label (GTK_LABEL (label)), san))
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, san);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static CaissaWindow *
open_window (const char *file_name)
{
  g_autofree char *path = write_file (file_name, games_pgn);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, file, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "games", "5");
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "games-loading", "0");
  return window;
}

/* --- The panel follows the shown position; a click plays the move ------------------------------ */

static void
test_follow_and_play (void)
{
  CaissaWindow *window = open_window ("follow.pgn");
  CaissaGame *game = caissa_window_get_game (window);
  g_autofree char *moves = NULL;
  GtkWidget *row;

  /* Off until asked for. */
  test_util_assert_state (window, "explorer-shown", "0");
  activate (window, "win.explorer");
  test_util_wait_state (window, "explorer-shown", "1");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (caissa_window_get_explorer_toggle (window))));

  /* The start: every first move, by games, with results, the average
   * rating of White (the player to move) and the last year. */
  wait_answer (window);
  test_util_assert_state (window, "explorer-fen", start_fen);
  test_util_assert_state (window, "explorer-games", "5");
  moves = explorer_moves (window);
  g_assert_true (g_str_has_prefix (moves, "e4 3 1 1 1 2300 2005|"));
  g_assert_nonnull (strstr (moves, "|d4 1 0 1 0 - 2010"));
  g_assert_nonnull (strstr (moves, "Nf3 1 1 0 0 - 2003"));
  g_clear_pointer (&moves, g_free);

  /* After 1.e4 (the window's navigation): Black's replies, Black's ratings. */
  activate (window, "win.go-next");
  wait_answer (window);
  test_util_assert_state (window, "explorer-games", "3");
  moves = explorer_moves (window);
  g_assert_cmpstr (moves, ==, "e5 2 1 1 0 2300 2001|c5 1 0 0 1 2100 2005");
  g_clear_pointer (&moves, g_free);

  /* Back to the start and forward again: it follows every change. */
  activate (window, "win.go-first");
  wait_answer (window);
  test_util_assert_state (window, "explorer-fen", start_fen);
  activate (window, "win.go-next");
  wait_answer (window);

  /* A click on c5 plays it: a new variation beside the game's 1...e5. */
  row = find_row (caissa_window_get_explorer_panel (window), "c5");
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activate");
  test_util_wait_state (window, "path", "e4 c5");
  test_util_assert_state (window, "main-line", "0");
  test_util_assert_state (window, "dirty", "1");
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 2);
  /* ... and the panel follows it. */
  wait_answer (window);
  test_util_assert_state (window, "explorer-games", "1");
  moves = explorer_moves (window);
  g_assert_cmpstr (moves, ==, "Nf3 1 0 0 1 2200 2005");

  /* A narrow window keeps its header bar for the other buttons: the
   * toggle goes (the main menu's item and Ctrl+E stay). */
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 720);
  g_assert_false (gtk_widget_get_visible (caissa_window_get_explorer_toggle (window)));
  g_assert_true (probe_enabled (window, "win.explorer"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  g_assert_true (gtk_widget_get_visible (caissa_window_get_explorer_toggle (window)));

    /* The toggle (and Ctrl+E's action) hides it. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (caissa_window_get_explorer_toggle (window)), FALSE);
  test_util_wait_state (window, "explorer-shown", "0");
  activate (window, "win.explorer");
  test_util_wait_state (window, "explorer-shown", "1");

  /* Leave without the unsaved-changes question. */
  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- Games: the list shows the games reaching the position ------------------------------------- */

static void
test_games_button (void)
{
  CaissaWindow *window = open_window ("games.pgn");
  CaissaGameList *list = CAISSA_GAME_LIST (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                          CAISSA_TYPE_WINDOW, "game_list"));
  g_autofree char *moves = NULL;

  activate (window, "win.explorer");
  /* Game 3, after 1.d4 d5 2.Nf3: game 4 reached it by 1.Nf3 d5 2.d4. */
  activate (window, "win.next-game");
  activate (window, "win.next-game");
  test_util_wait_state (window, "game-index", "3");
  activate (window, "win.go-next");
  activate (window, "win.go-next");
  activate (window, "win.go-next");
  test_util_wait_state (window, "path", "d4 d5 Nf3");
  wait_answer (window);
  test_util_assert_state (window, "explorer-games", "2");
  moves = explorer_moves (window);
  g_assert_cmpstr (moves, ==, "Nf6 2 1 1 0 - 2010");

  /* Games: the two of them, each found at ply 3 ("2…"). */
  activate (window, "win.find-position");
  test_util_wait_state (window, "games-matches", "complete");
  test_util_wait_state (window, "games-shown", "2");
  test_util_assert_state (window, "list-visible", "1");
  g_assert_cmpuint (caissa_game_list_get_match_ply (list, 2), ==, 3);
  g_assert_cmpuint (caissa_game_list_get_match_ply (list, 3), ==, 3);
  g_assert_cmpuint (caissa_game_list_get_match_ply (list, 0), ==, G_MAXUINT);

  /* Opening game 4 from the list shows the ply where it matched. */
  g_signal_emit_by_name (list, "game-activated", 3);
  test_util_wait_state (window, "game-index", "4");
  test_util_wait_state (window, "path", "Nf3 d5 d4");
  test_util_assert_state (window, "ply", "3");

  /* Show All: the whole file again. */
  caissa_game_list_set_matches (list, NULL);
  test_util_wait_state (window, "games-shown", "5");
  test_util_assert_state (window, "games-matches", NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- The pattern search ----------------------------------------------------------------------------- */

static CaissaPatternDialog *
find_pattern_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (toplevels, i);

      if (CAISSA_IS_PATTERN_DIALOG (top))
        return CAISSA_PATTERN_DIALOG (top);
    }
  return NULL;
}

static void
test_pattern_search (void)
{
  CaissaWindow *window = open_window ("pattern.pgn");
  CaissaGameList *list = CAISSA_GAME_LIST (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                          CAISSA_TYPE_WINDOW, "game_list"));
  CaissaPatternDialog *dialog;
  g_autoptr(GError) error = NULL;
  g_autofree char *pattern = NULL;
  g_autofree char *start = NULL;

  activate (window, "win.search-pattern");
  dialog = find_pattern_dialog ();
  g_assert_nonnull (dialog);

  /* It starts from the shown position's pieces. */
  start = caissa_pattern_dialog_dup_pattern (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (start, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");

  /* A board that does not read is refused with a reason. */
  caissa_pattern_dialog_set_fields (dialog, "9/8", "", "");
  g_assert_null (caissa_pattern_dialog_dup_pattern (dialog, &error));
  g_assert_error (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN);
  g_clear_error (&error);

  /* White pawn d4, knight f3, Black's pawn d5, White to move: games 3
   * and 4 after their second moves (ply 4), whatever the order. */
  caissa_pattern_dialog_set_fields (dialog, "8/8/8/3p4/3P4/5N2/8/8", "", "w");
  pattern = caissa_pattern_dialog_dup_pattern (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pattern, ==, "8/8/8/3p4/3P4/5N2/8/8 w");
  g_signal_emit_by_name (dialog, "search", pattern);
  test_util_wait_state (window, "games-matches", "complete");
  test_util_wait_state (window, "games-shown", "2");
  g_assert_cmpuint (caissa_game_list_get_match_ply (list, 2), ==, 4);
  g_assert_cmpuint (caissa_game_list_get_match_ply (list, 3), ==, 4);
  /* The dialog closed. */
  g_assert_null (find_pattern_dialog ());

  /* With the material: nothing has only these pieces. */
  activate (window, "win.search-pattern");
  dialog = find_pattern_dialog ();
  caissa_pattern_dialog_set_fields (dialog, "8/8/8/3p4/3P4/5N2/8/8", "KNPKP", "");
  g_clear_pointer (&pattern, g_free);
  pattern = caissa_pattern_dialog_dup_pattern (dialog, &error);
  g_assert_no_error (error);
  g_signal_emit_by_name (dialog, "search", pattern);
  test_util_wait_state (window, "games-matches", "complete");
  test_util_wait_state (window, "games-shown", "0");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- Not during a game under a clock ---------------------------------------------------------------- */

static void
test_hidden_under_clock (void)
{
  CaissaWindow *window = open_window ("clock.pgn");
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *toggle = caissa_window_get_explorer_toggle (window);

  activate (window, "win.explorer");
  test_util_wait_state (window, "explorer-shown", "1");
  test_util_assert_state (window, "explorer-allowed", "1");

  /* A game between two players under a clock: off, and says why. */
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, "Anna", "Boris", NULL, NULL));
  test_util_wait_state (window, "explorer-shown", "0");
  test_util_assert_state (window, "explorer-allowed", "0");
  g_assert_false (gtk_widget_get_sensitive (toggle));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (toggle), "clock"));
  g_assert_false (probe_enabled (window, "win.explorer"));
  g_assert_false (probe_enabled (window, "win.find-position"));
  g_assert_false (probe_enabled (window, "win.search-pattern"));
  /* Ctrl+E's action does nothing either. */
  gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.explorer", NULL);
  test_util_assert_state (window, "explorer-shown", "0");

  /* Over: back, as it was. */
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_BLACK));
  test_util_wait_state (window, "explorer-allowed", "1");
  test_util_wait_state (window, "explorer-shown", "1");
  g_assert_true (gtk_widget_get_sensitive (toggle));
  g_assert_true (probe_enabled (window, "win.find-position"));

  /* A game without a clock: available, and it follows the moves. */
  g_assert_true (caissa_window_set_time_control (window, "-", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  test_util_wait_state (window, "explorer-allowed", "1");
  test_util_wait_state (window, "explorer-shown", "1");
  wait_answer (window);
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  wait_answer (window);
  test_util_assert_state (window, "explorer-games", "3");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- Partial counts, then final ------------------------------------------------------------------- */

/* A file of 20,000 games opened with the panel already shown: the panel
 * asks at once, before the file has listed a game, so its first answer
 * covers part of the file (the data cannot be complete before the file is
 * indexed), marked as such; the last one is final and counts every game.
 * A slower machine only makes the partial answers longer-lived. */
static void
test_partial_then_final (void)
{
  GString *text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *first_state = NULL;
  g_autofree char *status = NULL;
  g_autofree char *marked = NULL;
  g_autofree char *button = NULL;
  g_autofree char *expected_button = NULL;
  g_autofree char *moves = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  gint64 deadline;
  gboolean saw_partial = FALSE;

  for (guint i = 0; i < 4000; i++)
    g_string_append_printf (text, "%s\n", games_pgn);
  path = write_file ("partial.pgn", text->str);
  file = g_file_new_for_path (path);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  activate (window, "win.explorer");
  test_util_wait_state (window, "explorer-shown", "1");
  test_util_assert_state (window, "explorer-data", "none");
  g_assert_true (caissa_window_open_file (window, file, NULL));

  /* Every answer until the final one: partial ones are marked partial,
   * with the share of the file read, and never count more games than
   * the file has (all of them once every batch is read and the data is
   * still being built: a batch's replay for the start position stops at
   * the first pawn move, so under ASan a partial answer can now cover the
   * whole file before the final one). */
  deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    {
      g_autofree char *state = test_util_state_line (window, "explorer-state");

      if (first_state == NULL && g_strcmp0 (state, "none") != 0)
        first_state = g_strdup (state);
      if (g_strcmp0 (state, "partial") == 0)
        {
          g_autofree char *games = test_util_state_line (window, "explorer-games");

          saw_partial = TRUE;
          g_clear_pointer (&status, g_free);
          g_clear_pointer (&marked, g_free);
          status = test_util_state_line (window, "explorer-status");
          marked = test_util_state_line (window, "explorer-marked-partial");
          g_assert_true (g_str_has_prefix (status, "so far "));
          g_assert_cmpstr (marked, ==, "1");
          g_assert_cmpint (atoi (games), <=, 20000);
        }
      if (g_strcmp0 (state, "final") == 0)
        break;
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpstr (first_state, ==, "partial");
  g_assert_true (saw_partial);

  /* Final: the whole file, unmarked. */
  test_util_wait_state (window, "games", "20000");
  wait_answer (window);
  test_util_assert_state (window, "explorer-data", "ready");
  test_util_assert_state (window, "explorer-games", "20000");
  test_util_assert_state (window, "explorer-marked-partial", "0");
  test_util_assert_state (window, "explorer-progress", "0");
  test_util_assert_state (window, "explorer-status", "");
  button = test_util_state_line (window, "explorer-games-button");
  expected_button = g_strdup_printf ("%'u games", 20000u);
  g_assert_cmpstr (button, ==, expected_button);
  moves = explorer_moves (window);
  g_assert_true (g_str_has_prefix (moves, "e4 12000 4000 4000 4000 2300 2005|"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_string_free (text, TRUE);
}

/* --- The result bar ------------------------------------------------------------------------------------ */

static void
test_result_percents (void)
{
  guint p[3];

  caissa_result_bar_percents (1, 1, 1, p);
  g_assert_cmpuint (p[0] + p[1] + p[2], ==, 100);
  g_assert_cmpuint (p[0], ==, 34);
  caissa_result_bar_percents (2, 1, 0, p);
  g_assert_cmpuint (p[0], ==, 67);
  g_assert_cmpuint (p[1], ==, 33);
  g_assert_cmpuint (p[2], ==, 0);
  caissa_result_bar_percents (0, 0, 0, p);
  g_assert_cmpuint (p[0] + p[1] + p[2], ==, 0);
  caissa_result_bar_percents (1, 998, 1, p);
  g_assert_cmpuint (p[0] + p[1] + p[2], ==, 100);
  g_assert_cmpuint (p[1], ==, 100);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-explorer-ui-XXXXXX", NULL);
  /* Recent files and the explorer's cache go here, not to the user's. */
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/explorer/result-percents", test_result_percents);
  g_test_add_func ("/app/explorer/follow-and-play", test_follow_and_play);
  g_test_add_func ("/app/explorer/games-button", test_games_button);
  g_test_add_func ("/app/explorer/pattern-search", test_pattern_search);
  g_test_add_func ("/app/explorer/hidden-under-clock", test_hidden_under_clock);
  g_test_add_func ("/app/explorer/partial-then-final", test_partial_then_final);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
