/* test-engine-ui.c — playing against the computer and analysing, in the
 * window: the New Game dialog's opponent, the evaluation bar, an engine
 * that fails mid-game, the analysis panel kept from a clocked game between
 * people; and with the real Stockfish (/usr/games/stockfish, which CI
 * installs): three moves against it at level 1, a line of the analysis
 * panel on a reviewed game, played into as a variation.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "caissa-eval-bar.h"
#include "caissa-new-game-dialog.h"
#include "caissa-player-chooser.h"
#include "caissa-window-engine.h"
#include "chess-san.h"
#include "test-util-gtk.h"

#define STOCKFISH "/usr/games/stockfish"

static char *
scripted_engine (void)
{
  return g_test_build_filename (G_TEST_DIST, "engine-player", "scripted-engine.sh", NULL);
}

/* The schema compiled into the build tree, over the memory backend. */
static GSettings *
new_settings (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) keys = NULL;
  GSettings *settings;

  source = g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (),
                                                        FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.caissa.Caissa", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

static void
test_player_chooser (void)
{
  GtkWidget *widget = g_object_ref_sink (caissa_player_chooser_new ());
  CaissaPlayerChooser *chooser = CAISSA_PLAYER_CHOOSER (widget);
  g_autoptr(GSettings) settings = new_settings ();
  g_autofree char *level = NULL;
  gboolean seen[2] = { FALSE, FALSE };

  /* Another person by default: nobody is the engine. */
  g_assert_false (caissa_player_chooser_get_vs_engine (chooser));
  g_assert_cmpint (caissa_player_chooser_pick_engine_side (chooser), ==, CAISSA_COLOR_NONE);

  caissa_player_chooser_set_vs_engine (chooser, TRUE);
  caissa_player_chooser_set_play_as (chooser, CAISSA_PLAY_AS_WHITE);
  g_assert_cmpint (caissa_player_chooser_pick_engine_side (chooser), ==, CAISSA_COLOR_BLACK);
  caissa_player_chooser_set_play_as (chooser, CAISSA_PLAY_AS_BLACK);
  g_assert_cmpint (caissa_player_chooser_pick_engine_side (chooser), ==, CAISSA_COLOR_WHITE);
  /* Random: both sides come up (the chance of 64 equal draws is 2^-63). */
  caissa_player_chooser_set_play_as (chooser, CAISSA_PLAY_AS_RANDOM);
  for (int i = 0; i < 64; i++)
    seen[caissa_player_chooser_pick_engine_side (chooser)] = TRUE;
  g_assert_true (seen[0] && seen[1]);

  /* Levels 1–8, clamped. */
  caissa_player_chooser_set_level (chooser, 12);
  g_assert_cmpuint (caissa_player_chooser_get_level (chooser), ==, 8);
  caissa_player_chooser_set_level (chooser, 0);
  g_assert_cmpuint (caissa_player_chooser_get_level (chooser), ==, 1);
  level = caissa_engine_level_describe (1);
  g_assert_cmpstr (level, ==, "Level 1 · beginner");

  /* Remembered in the settings, and read back. */
  caissa_player_chooser_set_level (chooser, 5);
  caissa_player_chooser_set_play_as (chooser, CAISSA_PLAY_AS_BLACK);
  caissa_player_chooser_set_move_time (chooser, 7);
  caissa_player_chooser_save (chooser, settings);
  g_assert_cmpint (g_settings_get_int (settings, "engine-level"), ==, 5);
  {
    g_autofree char *opponent = g_settings_get_string (settings, "opponent");
    g_autofree char *play_as = g_settings_get_string (settings, "play-as");

    g_assert_cmpstr (opponent, ==, "engine");
    g_assert_cmpstr (play_as, ==, "black");
  }
  caissa_player_chooser_set_vs_engine (chooser, FALSE);
  caissa_player_chooser_set_level (chooser, 2);
  caissa_player_chooser_load (chooser, settings);
  g_assert_true (caissa_player_chooser_get_vs_engine (chooser));
  g_assert_cmpuint (caissa_player_chooser_get_level (chooser), ==, 5);
  g_assert_cmpint (caissa_player_chooser_get_play_as (chooser), ==, CAISSA_PLAY_AS_BLACK);
  g_assert_cmpuint (caissa_player_chooser_get_move_time (chooser), ==, 7);

  g_object_unref (widget);
}

/* The dialog holds the chooser; its engine rows show only for the computer. */
static void
test_new_game_dialog (void)
{
  CaissaNewGameDialog *dialog = caissa_new_game_dialog_new (NULL, "Anna", "Boris");
  CaissaPlayerChooser *chooser = caissa_new_game_dialog_get_player_chooser (dialog);
  guint visible_human = 0, visible_engine = 0;
  GtkWidget *w;

  g_assert_true (CAISSA_IS_PLAYER_CHOOSER (chooser));
  gtk_window_present (GTK_WINDOW (dialog));
  test_util_wait_for_frame (GTK_WIDGET (dialog));
  /* Rows of the group, counted through the accessible tree of the rows:
   * the combo/action rows are the group's descendants. */
  for (int pass = 0; pass < 2; pass++)
    {
      guint *count = pass == 0 ? &visible_human : &visible_engine;
      GPtrArray *stack = g_ptr_array_new ();

      caissa_player_chooser_set_vs_engine (chooser, pass == 1);
      g_ptr_array_add (stack, chooser);
      while (stack->len > 0)
        {
          w = g_ptr_array_steal_index (stack, stack->len - 1);
          if (ADW_IS_PREFERENCES_ROW (w) && gtk_widget_get_visible (w))
            (*count)++;
          for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
            g_ptr_array_add (stack, c);
        }
      g_ptr_array_unref (stack);
    }
  g_assert_cmpuint (visible_human, ==, 1);
  g_assert_cmpuint (visible_engine, ==, 4);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_eval_bar (void)
{
  GtkWidget *widget = g_object_ref_sink (caissa_eval_bar_new ());
  CaissaEvalBar *bar = CAISSA_EVAL_BAR (widget);

  g_assert_cmpfloat (caissa_eval_bar_get_fraction (bar), ==, 0.5);
  caissa_eval_bar_set_fraction (bar, 1.7);
  g_assert_cmpfloat (caissa_eval_bar_get_fraction (bar), ==, 1.0);
  caissa_eval_bar_set_fraction (bar, -3);
  g_assert_cmpfloat (caissa_eval_bar_get_fraction (bar), ==, 0.0);
  caissa_eval_bar_set_text (bar, "−#3");
  g_assert_cmpstr (caissa_eval_bar_get_text (bar), ==, "−#3");
  caissa_eval_bar_set_text (bar, NULL);
  g_assert_null (caissa_eval_bar_get_text (bar));
  g_object_unref (widget);
}

static CaissaWindow *
new_window (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 720);
  gtk_window_present (GTK_WINDOW (window));
  test_util_wait_for_frame (GTK_WIDGET (window));
  return window;
}

/* The engine starts while the New Game dialog is open, as soon as its
 * chooser says the computer (also when the user switches to it), and the
 * game against it uses that process. */
static void
test_window_prepare (void)
{
  CaissaWindow *window = new_window ();
  GtkWidget *widget = g_object_ref_sink (caissa_player_chooser_new ());
  CaissaPlayerChooser *chooser = CAISSA_PLAYER_CHOOSER (widget);
  g_autofree char *engine_path = scripted_engine ();
  CaissaEngine *prepared;

  caissa_window_set_engine_command (window, engine_path);
  caissa_window_prepare_engine_for (window, chooser);
  g_assert_null (caissa_window_get_prepared_engine (window));
  caissa_player_chooser_set_vs_engine (chooser, TRUE);
  prepared = caissa_window_get_prepared_engine (window);
  g_assert_nonnull (prepared);
  g_assert_cmpint (caissa_engine_get_state (prepared), !=, CAISSA_ENGINE_STATE_NEW);
  /* Back and forth: the same process, not a second one. */
  caissa_player_chooser_set_vs_engine (chooser, FALSE);
  caissa_player_chooser_set_vs_engine (chooser, TRUE);
  g_assert_true (caissa_window_get_prepared_engine (window) == prepared);

  caissa_window_start_game (window, NULL, NULL, NULL, NULL);
  caissa_window_play_engine (window, CAISSA_COLOR_BLACK, 1, 200);
  g_assert_null (caissa_window_get_prepared_engine (window));
  g_assert_true (caissa_engine_player_get_engine (caissa_window_get_engine_player (window)) == prepared);

  g_object_unref (widget);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* While the engine thinks the board takes no moves and the status says
 * so; afterwards it is the human's again. */
static void
test_window_thinking (void)
{
  CaissaWindow *window = new_window ();
  g_autofree char *engine = scripted_engine ();
  CaissaGame *game = caissa_window_get_game (window);

  g_setenv ("SCRIPTED_MOVES", "e7e5", TRUE);
  g_setenv ("SCRIPTED_DELAY", "2", TRUE);
  caissa_window_set_engine_command (window, engine);
  g_assert_true (caissa_window_start_game (window, "Anna", NULL, NULL, NULL));
  caissa_window_play_engine (window, CAISSA_COLOR_BLACK, 2, 500);
  test_util_assert_state (window, "engine-player", "black");
  test_util_assert_state (window, "board-interactive", "1");
  /* The engine's name for its side, once it has said it. */
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  test_util_wait_state (window, "board-interactive", "0");
  test_util_wait_state (window, "status", "Scripted is thinking…");
  g_assert_cmpstr (caissa_game_get_black_name (game), ==, "Scripted (level 2)");
  test_util_wait_state (window, "n-plies", "2");
  test_util_wait_state (window, "board-interactive", "1");
  test_util_assert_state (window, "status", "White to move");
  g_unsetenv ("SCRIPTED_DELAY");

  /* Undo takes back the reply with the move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  test_util_assert_state (window, "n-plies", "0");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* An engine that crashes mid-game: a message naming it, the game as it
 * was, and the choice to go on between people. */
static void
test_window_failure (void)
{
  CaissaWindow *window = new_window ();
  g_autofree char *engine = scripted_engine ();
  CaissaGame *game = caissa_window_get_game (window);
  AdwMessageDialog *dialog;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_setenv ("SCRIPTED_CRASH", "go", TRUE);
  caissa_window_set_engine_command (window, engine);
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  caissa_window_play_engine (window, CAISSA_COLOR_BLACK, 3, 500);
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  while ((dialog = test_util_message_dialog (FALSE)) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_unsetenv ("SCRIPTED_CRASH");
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Engine Stopped Playing");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Scripted"));
  g_assert_true (adw_message_dialog_has_response (dialog, "retry"));
  g_assert_true (adw_message_dialog_has_response (dialog, "other"));
  g_assert_true (adw_message_dialog_has_response (dialog, "human"));
  test_util_assert_state (window, "n-plies", "1");
  test_util_assert_state (window, "outcome", "none");

  adw_message_dialog_response (dialog, "human");
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_assert_state (window, "engine-player", "none");
  test_util_assert_state (window, "board-interactive", "1");
  g_assert_true (caissa_game_play_san (game, "e5", NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A clocked game between people: the panel says why it shows nothing; it
 * opens when the clocks are paused. */
static void
test_window_analysis_blocked (void)
{
  CaissaWindow *window = new_window ();
  g_autofree char *engine = scripted_engine ();
  CaissaAnalysisPanel *panel = caissa_window_get_analysis_panel (window);

  caissa_window_set_engine_command (window, engine);
  g_assert_true (caissa_window_set_time_control (window, "300", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  g_assert_true (caissa_clock_start (caissa_window_get_clock (window), NULL));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  test_util_assert_state (window, "analysis-shown", "1");
  test_util_wait_state (window, "analysis-blocked", "1");
  g_assert_true (caissa_clock_pause (caissa_window_get_clock (window), NULL));
  test_util_wait_state (window, "analysis-blocked", "0");
  g_assert_true (CAISSA_IS_ANALYSIS_PANEL (panel));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  test_util_assert_state (window, "analysis-shown", "0");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first legal move, in the core's order. */
static ChessMove
first_legal (CaissaGame *game)
{
  ChessMoveList list;

  g_assert_cmpuint (chess_generate_legal (caissa_game_get_position (game), &list), >, 0);
  return list.moves[0];
}

static void
test_stockfish_play (void)
{
  CaissaWindow *window = new_window ();
  CaissaGame *game = caissa_window_get_game (window);

  g_assert_true (g_file_test (STOCKFISH, G_FILE_TEST_IS_EXECUTABLE));
  caissa_window_set_engine_command (window, STOCKFISH);
  g_assert_true (caissa_window_start_game (window, "Anna", NULL, NULL, NULL));
  caissa_window_play_engine (window, CAISSA_COLOR_BLACK, 1, 300);
  for (guint i = 1; i <= 3; i++)
    {
      g_autofree char *plies = g_strdup_printf ("%u", 2 * i);

      g_assert_true (caissa_game_play_move (game, first_legal (game), NULL));
      test_util_wait_state (window, "n-plies", plies);
      test_util_wait_state (window, "board-interactive", "1");
    }
  g_assert_cmpstr (caissa_game_get_black_name (game), ==, "Stockfish 15.1 (level 1)");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_stockfish_analysis (void)
{
  CaissaWindow *window = new_window ();
  CaissaGame *game = caissa_window_get_game (window);
  CaissaAnalysisPanel *panel = caissa_window_get_analysis_panel (window);
  const char *moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6" };
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  g_autofree char *line = NULL;
  ChessNodeId before;

  caissa_window_set_engine_command (window, STOCKFISH);
  /* A game looked at, as from a file. */
  caissa_game_set_analysis (game, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (caissa_game_play_san (game, moves[i], NULL));
  caissa_game_go_to_ply (game, 4);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  while (caissa_analysis_panel_get_n_lines_shown (panel) == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  line = caissa_analysis_panel_dup_line_text (panel, 0);
  /* "+0.34 depth 12: Bb5 a6 …": a score, a depth, SAN from 3. White. */
  g_assert_true (g_regex_match_simple ("^(−|\\+)?([0-9]+\\.[0-9][0-9]|#[0-9]+|−#[0-9]+) depth [0-9]+: [KQRBNa-hO]",
                                       line, 0, 0) || g_regex_match_simple ("^[-+]?[0-9.#]+ depth [0-9]+: ", line, 0, 0));
  test_util_wait_state (window, "analysis-blocked", "0");

  /* A click on the line's first move plays it as a variation (or follows
   * the game when the engine agrees with it). */
  before = caissa_game_get_shown_node (game);
  g_assert_true (caissa_analysis_panel_play_line (panel, 0, 0));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 5);
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 6);
  g_assert_true (caissa_game_get_shown_node (game) != before);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A finished game: a click on a line looks at it from then on and plays
 * the line; its moves and result stay. */
static void
test_stockfish_finished_game (void)
{
  CaissaWindow *window = new_window ();
  CaissaGame *game = caissa_window_get_game (window);
  CaissaAnalysisPanel *panel = caissa_window_get_analysis_panel (window);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  caissa_window_set_engine_command (window, STOCKFISH);
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  g_assert_true (caissa_game_play_san (game, "e5", NULL));
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_game_get_can_move (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  while (caissa_analysis_panel_get_n_lines_shown (panel) == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_true (caissa_analysis_panel_play_line (panel, 0, 0));
  g_assert_true (caissa_game_get_analysis (game));
  /* (At the game's end the line continues it, as in any game looked at.) */
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 3);
  g_assert_cmpstr (caissa_game_get_san (game, 2), ==, "e5");
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_BLACK_WINS);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the panel shows a line whose first move is one of the shown
 * position's (so the line was searched from it, not from another). */
static gboolean
panel_follows (CaissaAnalysisPanel *panel,
               CaissaGame          *game)
{
  g_autofree char *line = NULL;
  const char *san, *end;
  ChessError error;

  if (caissa_analysis_panel_get_n_lines_shown (panel) == 0)
    return FALSE;
  line = caissa_analysis_panel_dup_line_text (panel, 0);
  san = strstr (line, ": ");
  if (san == NULL)
    return FALSE;
  san += 2;
  end = strchr (san, ' ');
  return chess_san_parse (caissa_game_get_position (game), san, end != NULL ? (size_t) (end - san) : strlen (san),
                          &error) != CHESS_MOVE_NONE;
}

/* A game against the computer, over: the panel opens on it and follows
 * the position shown as the player steps back through the moves. */
static void
test_stockfish_practice_review (void)
{
  CaissaWindow *window = new_window ();
  CaissaGame *game = caissa_window_get_game (window);
  CaissaAnalysisPanel *panel = caissa_window_get_analysis_panel (window);
  const guint plies[] = { 4, 1, 2, 3 };

  caissa_window_set_engine_command (window, STOCKFISH);
  g_assert_true (caissa_window_start_game (window, "Anna", NULL, NULL, NULL));
  caissa_window_play_engine (window, CAISSA_COLOR_BLACK, 1, 200);
  for (guint i = 1; i <= 2; i++)
    {
      g_autofree char *n = g_strdup_printf ("%u", 2 * i);

      g_assert_true (caissa_game_play_move (game, first_legal (game), NULL));
      test_util_wait_state (window, "n-plies", n);
      test_util_wait_state (window, "board-interactive", "1");
    }
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_WHITE));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  test_util_wait_state (window, "analysis-blocked", "0");
  /* The side to move changes at each step: a line left from the position
   * before would not fit. */
  for (guint i = 0; i < G_N_ELEMENTS (plies); i++)
    {
      gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

      caissa_game_go_to_ply (game, plies[i]);
      while (!panel_follows (panel, game))
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_main_context_iteration (NULL, TRUE);
        }
    }
  /* Looking back changed nothing of the game. */
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 4);
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_BLACK_WINS);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* "Analyse this Game": [%eval] on every move, ?? on the blunder, the
 * engine's line beside it; saved in the PGN; undone by the toast's Undo. */
static void
test_stockfish_analyse_game (void)
{
  CaissaWindow *window = new_window ();
  CaissaGame *game = caissa_window_get_game (window);
  const char *moves[] = { "e4", "e5", "Qh5", "Ke7", "Qxe5#" };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;

  caissa_window_set_engine_command (window, STOCKFISH);
  caissa_game_set_analysis (game, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (caissa_game_play_san (game, moves[i], NULL));
  before = caissa_game_to_pgn (game);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  test_util_assert_state (window, "game-analysis", "running");
  /* Six searches at depth 12: generous, for loaded machines and sanitizers. */
  {
    gint64 deadline = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;

    for (;;)
      {
        g_autofree char *state = test_util_state_line (window, "game-analysis");

        if (g_strcmp0 (state, "running") != 0)
          break;
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_main_context_iteration (NULL, TRUE);
      }
  }
  test_util_assert_state (window, "game-analysis", "written");
  after = caissa_game_to_pgn (game);
  g_assert_nonnull (strstr (after, "[%eval "));
  /* 2... Ke7 throws the game away: a blunder, with the engine's move. */
  g_test_message ("%s", after);
  g_assert_true (g_regex_match_simple ("Ke7\\s+\\$4", after, 0, 0));
  g_assert_nonnull (strstr (after, "("));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo-analysis", NULL);
  undone = caissa_game_to_pgn (game);
  g_assert_cmpstr (undone, ==, before);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/app/player-chooser", test_player_chooser);
  g_test_add_func ("/app/new-game-dialog/opponent", test_new_game_dialog);
  g_test_add_func ("/app/eval-bar", test_eval_bar);
  g_test_add_func ("/app/window/engine-prepared", test_window_prepare);
  g_test_add_func ("/app/window/engine-thinking", test_window_thinking);
  g_test_add_func ("/app/window/engine-failure", test_window_failure);
  g_test_add_func ("/app/window/analysis-blocked", test_window_analysis_blocked);
  g_test_add_func ("/stockfish/play-three-moves", test_stockfish_play);
  g_test_add_func ("/stockfish/analysis-panel", test_stockfish_analysis);
  g_test_add_func ("/stockfish/finished-game", test_stockfish_finished_game);
  g_test_add_func ("/stockfish/practice-review", test_stockfish_practice_review);
  g_test_add_func ("/stockfish/analyse-game", test_stockfish_analyse_game);

  return g_test_run ();
}
