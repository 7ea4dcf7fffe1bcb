/* test-navigation.c — the move buttons and ←/→ wherever the focus is (the
 * game list, its search field), the status line of the shown position,
 * and the evaluation graph and bar from the game's [%eval]/[%clk]. Keys
 * and clicks are real X input (xdotool) that GTK routes as it would a
 * user's.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>

#include "caissa-game-list.h"
#include "caissa-window.h"
#include "caissa-window-evals.h"
#include "caissa-window-review.h"
#include "chess-pgn.h"
#include "test-util-gtk.h"

static char *tmp_dir;

/* Ends in check (not mate); evals and clocks on the moves. */
static const char checked[] =
  "[Event \"Checked\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n"
  "1. e4 {[%eval 0.3] [%clk 0:05:00]} e5 {[%eval 0.25] [%clk 0:04:58]} "
  "2. Bc4 {[%eval 0.2] [%clk 0:04:50]} Nc6 {[%eval #3] [%clk 0:04:40]} "
  "3. Bxf7+ {[%eval -2.5] [%clk 0:04:30]} *\n\n";

static const char plain[] =
  "[Event \"Plain\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"0-1\"]\n\n"
  "1. f3 e5 2. g4 Qh4# 0-1\n\n";

static const char third[] =
  "[Event \"Third\"]\n[White \"Eps\"]\n[Black \"Zeta\"]\n[Result \"*\"]\n\n"
  "1. d4 d5 *\n\n";

static char *
write_file (const char *name,
            const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gulong
window_xid (CaissaWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  if (!GDK_IS_X11_SURFACE (surface))
    g_error ("these tests send X input: run them under Xvfb (GDK_BACKEND=x11)");
  return (gulong) gdk_x11_surface_get_xid (surface);
}

static void
xdotool (const char *args)
{
  g_autofree char *command = g_strdup_printf ("xdotool %s", args);
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_command_line_sync (command, NULL, NULL, &status, &error))
    g_error ("%s: %s (tools/dev installs xdotool)", command, error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed", command);
}

/* A key pressed and released on the window, as a user's (XTest). */
static void
press (CaissaWindow *window,
       const char   *key)
{
  g_autofree char *args = g_strdup_printf ("key --clearmodifiers %s", key);

  xdotool (args);
}

static void
focus_window (CaissaWindow *window)
{
  g_autofree char *args = NULL;
  gint64 deadline = test_util_deadline (60);

  test_util_wait_for_frame (GTK_WIDGET (window));
  args = g_strdup_printf ("windowfocus --sync %lu", window_xid (window));
  xdotool (args);
  while (!gtk_window_is_active (GTK_WINDOW (window)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
}

static void
wait_for (gboolean   (*check) (gpointer),
          gpointer     data,
          const char  *what)
{
  gint64 deadline = test_util_deadline (60);

  while (!check (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (!check (data))
    g_error ("timed out waiting for %s", what);
}

/* Whether a window action is enabled, as a button bound to it sees it. */
static gboolean
action_enabled (CaissaWindow *window,
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

typedef struct
{
  GtkEditable *editable;
  int          position;
} CursorWait;

static gboolean
cursor_at (gpointer data)
{
  CursorWait *w = data;

  return gtk_editable_get_position (w->editable) == w->position;
}

typedef struct
{
  GtkSingleSelection *selection;
  guint               position;
} SelectionWait;

static gboolean
selected_at (gpointer data)
{
  SelectionWait *w = data;

  return gtk_single_selection_get_selected (w->selection) == w->position;
}

static CaissaWindow *
open_window (const char *name)
{
  g_autofree char *text = g_strconcat (checked, plain, third, NULL);
  g_autofree char *path = write_file (name, text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, file, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "games", "3");
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "list-visible", "1");
  return window;
}

static void
test_keys_in_game_list (void)
{
  CaissaWindow *window = open_window ("keys.pgn");
  GtkWidget *list = test_util_find_type (GTK_WIDGET (window), CAISSA_TYPE_GAME_LIST);
  GtkWidget *view = test_util_find_type (list, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *search = test_util_find_type (list, GTK_TYPE_SEARCH_ENTRY);
  GtkEditable *text = GTK_EDITABLE (test_util_find_type (search, GTK_TYPE_TEXT));
  SelectionWait selection = { GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (view))), 1 };
  CursorWait cursor = { text, 1 };

  focus_window (window);
  /* A game from a file opens at its start. */
  test_util_assert_state (window, "ply", "0");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-last", NULL);
  test_util_assert_state (window, "ply", "5");

  /* The search field empty: ←/→ show the moves; the buttons work. */
  caissa_game_list_focus_search (CAISSA_GAME_LIST (list));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (text)));
  g_assert_true (action_enabled (window, "win.go-previous"));
  g_assert_true (action_enabled (window, "win.go-first"));
  g_assert_true (action_enabled (window, "win.flip"));
  press (window, "Left");
  test_util_wait_state (window, "ply", "4");
  press (window, "Left");
  test_util_wait_state (window, "ply", "3");
  press (window, "Right");
  test_util_wait_state (window, "ply", "4");
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (text)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-first", NULL);
  test_util_assert_state (window, "ply", "0");

  /* With text in it, ←/→ move its cursor and the board stays. */
  gtk_editable_set_text (text, "Alpha");
  gtk_editable_set_position (text, 3);
  cursor.position = 2;
  press (window, "Left");
  wait_for (cursor_at, &cursor, "the cursor to move left");
  cursor.position = 3;
  press (window, "Right");
  wait_for (cursor_at, &cursor, "the cursor to move right");
  test_util_assert_state (window, "ply", "0");
  gtk_editable_set_text (text, "");
  test_util_wait_state (window, "games-shown", "3");

  /* The list focused: ←/→ show the moves, ↓ selects the next game and
   * Enter opens it. */
  gtk_widget_grab_focus (view);
  g_assert_true (caissa_game_list_has_focus (CAISSA_GAME_LIST (list)));
  g_assert_true (action_enabled (window, "win.go-next"));
  press (window, "Right");
  test_util_wait_state (window, "ply", "1");
  press (window, "Right");
  test_util_wait_state (window, "ply", "2");
  press (window, "Left");
  test_util_wait_state (window, "ply", "1");
  g_assert_cmpuint (gtk_single_selection_get_selected (selection.selection), ==, 0);
  press (window, "Down");
  wait_for (selected_at, &selection, "the next game to be selected");
  test_util_assert_state (window, "game-index", "1");
  test_util_assert_state (window, "ply", "1");
  press (window, "Return");
  test_util_wait_state (window, "game-index", "2");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_status_of_shown_position (void)
{
  CaissaWindow *window = open_window ("status.pgn");
  g_autofree char *status = NULL;

  /* The start of a game that ends in check: the start, no check. */
  test_util_assert_state (window, "ply", "0");
  test_util_assert_state (window, "status", "White to move");
  test_util_assert_state (window, "substatus", "Start position (3 moves)");

  /* The end: the game's state. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-last", NULL);
  test_util_assert_state (window, "status", "Black to move — check");
  test_util_assert_state (window, "substatus", "");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-first", NULL);

  /* Counted in moves, as the list numbers them. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-next", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-next", NULL);
  test_util_assert_state (window, "status", "Black to move");
  test_util_assert_state (window, "substatus", "After 2. Bc4 (move 2 of 3)");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-next", NULL);
  test_util_assert_state (window, "substatus", "After 2… Nc6 (move 2 of 3)");
  test_util_assert_state (window, "status", "White to move");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whatever the change left for idle time (the analysis panel's restart)
 * done. */
static void
flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
graph_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 100;
}

/* Where ply is drawn, in the window's X coordinates. */
static void
graph_point (CaissaEvalGraph *graph,
             guint            ply,
             int             *x,
             int             *y)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (graph));
  graphene_point_t at;
  double sx, sy;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (graph), GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (caissa_eval_graph_ply_x (graph, ply),
                                                                 gtk_widget_get_height (GTK_WIDGET (graph)) / 2.0),
                                           &at));
  gtk_native_get_surface_transform (native, &sx, &sy);
  *x = (int) (at.x + sx);
  *y = (int) (at.y + sy);
}

static void
click_graph (CaissaWindow    *window,
             CaissaEvalGraph *graph,
             guint            ply)
{
  g_autofree char *args = NULL;
  int x, y;

  graph_point (graph, ply, &x, &y);
  args = g_strdup_printf ("mousemove --sync --window %lu %d %d click 1", window_xid (window), x, y);
  xdotool (args);
}

static void
test_eval_graph (void)
{
  CaissaWindow *window = open_window ("graph.pgn");
  CaissaEvalGraph *graph = caissa_window_get_eval_graph (window);
  g_autofree char *ply = NULL;

  /* Five moves with evals and clocks, six positions; the shown start
   * marked, which has no eval of its own. */
  test_util_assert_state (window, "eval-graph", "1 6 5 5 0");
  flush ();
  test_util_assert_state (window, "eval-bar", "1 -");
  focus_window (window);
  wait_for (graph_mapped, graph, "the graph to be shown");

  /* A click shows the move under the pointer. */
  click_graph (window, graph, 2);
  test_util_wait_state (window, "ply", "2");
  test_util_assert_state (window, "eval-graph", "1 6 5 5 2");
  flush ();
  test_util_assert_state (window, "eval-bar", "1 +0.25");
  click_graph (window, graph, 4);
  test_util_wait_state (window, "ply", "4");
  flush ();
  test_util_assert_state (window, "eval-bar", "1 #3");
  click_graph (window, graph, 5);
  test_util_wait_state (window, "ply", "5");
  flush ();
  test_util_assert_state (window, "eval-bar", "1 -2.50");
  click_graph (window, graph, 0);
  test_util_wait_state (window, "ply", "0");

  /* A drag runs through the moves. */
  {
    g_autofree char *down = NULL, *move = NULL;
    int x1, y1, x2, y2;

    graph_point (graph, 1, &x1, &y1);
    graph_point (graph, 4, &x2, &y2);
    down = g_strdup_printf ("mousemove --sync --window %lu %d %d mousedown 1", window_xid (window), x1, y1);
    xdotool (down);
    test_util_wait_state (window, "ply", "1");
    move = g_strdup_printf ("mousemove --sync --window %lu %d %d", window_xid (window), x2, y2);
    xdotool (move);
    test_util_wait_state (window, "ply", "4");
    xdotool ("mouseup 1");
  }

  /* A game without evals or clocks: no graph, no bar. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "2");
  test_util_assert_state (window, "eval-graph", "0 5 0 0 0");
  flush ();
  test_util_assert_state (window, "eval-bar", "0 -");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));

  /* Back to the first: shown again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  test_util_wait_state (window, "game-index", "1");
  test_util_assert_state (window, "eval-graph", "1 6 5 5 0");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (graph)));

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  CaissaEvalGraph    *graph;
  CaissaGameAnalysis *analysis;
  guint               checks;
  gboolean            done;
} LiveRun;

/* After the graph's own handler (connected first): what it shows is what
 * the analysis has done so far, before anything is written. */
static void
live_progress_cb (CaissaGameAnalysis *analysis,
                  GParamSpec         *pspec,
                  LiveRun            *run)
{
  guint done = caissa_game_analysis_get_n_done (analysis);
  guint expected = 0;

  for (guint i = 0; i < done; i++)
    {
      const CaissaPositionEval *e = caissa_game_analysis_get_eval (analysis, i);

      expected += e->done && !e->terminal;
    }
  g_assert_cmpuint (caissa_eval_graph_get_n_evals (run->graph), ==, expected);
  g_assert_cmpint (gtk_widget_get_visible (GTK_WIDGET (run->graph)), ==, expected > 0);
  run->checks++;
}

static void
live_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  LiveRun *run = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (caissa_game_analysis_run_finish (run->analysis, result, &error));
  g_assert_no_error (error);
  run->done = TRUE;
}

/* "Analyse this Game" running: the graph fills as positions are done. */
static void
test_eval_graph_live_analysis (void)
{
  static const char moves[] = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  ChessError error;
  ChessGame *core = chess_pgn_read_game (moves, strlen (moves), &error, NULL);
  g_autoptr(CaissaGame) game = caissa_game_new ();
  g_autoptr(CaissaEngine) engine = caissa_engine_new ("stockfish");
  GtkWidget *window = gtk_window_new ();
  LiveRun run = { 0 };

  g_assert_nonnull (core);
  caissa_game_load_core_game (game, core);
  run.graph = CAISSA_EVAL_GRAPH (caissa_eval_graph_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (run.graph));
  caissa_eval_graph_set_game (run.graph, game);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (run.graph)));

  run.analysis = caissa_game_analysis_new (engine, caissa_game_get_core_game (game));
  caissa_game_analysis_set_depth (run.analysis, 4);
  caissa_eval_graph_set_analysis (run.graph, run.analysis);
  g_signal_connect (run.analysis, "notify::n-done", G_CALLBACK (live_progress_cb), &run);
  caissa_game_analysis_run_async (run.analysis, NULL, live_done_cb, &run);
  test_util_wait_for (&run.done, 120, "the end of the analysis");

  /* Eight positions, the last one mate (not searched). */
  g_assert_cmpuint (run.checks, >=, 2);
  g_assert_cmpuint (caissa_eval_graph_get_n_evals (run.graph), ==, 7);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (run.graph)));
  /* Nothing was written into the game: the graph shows the analysis's. */
  g_assert_null (chess_game_node_comment (caissa_game_get_core_game (game),
                                          caissa_game_get_node (game, 1), CHESS_COMMENT_AFTER));

  caissa_eval_graph_set_analysis (run.graph, NULL);
  g_assert_cmpuint (caissa_eval_graph_get_n_evals (run.graph), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (run.graph)));
  g_object_unref (run.analysis);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-navigation-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/navigation/keys-in-game-list", test_keys_in_game_list);
  g_test_add_func ("/app/navigation/status-of-shown-position", test_status_of_shown_position);
  g_test_add_func ("/app/navigation/eval-graph", test_eval_graph);
  g_test_add_func ("/app/navigation/eval-graph-live-analysis", test_eval_graph_live_analysis);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
