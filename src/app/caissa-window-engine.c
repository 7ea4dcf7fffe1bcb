/* caissa-window-engine.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window-engine"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-adaptive-box.h"
#include "caissa-engine-preferences.h"
#include "caissa-eval-bar.h"
#include "caissa-game-analysis.h"
#include "caissa-player-chooser.h"
#include "caissa-window-autosave.h"
#include "caissa-window-engine.h"
#include "caissa-window-evals.h"
#include "caissa-window-review-private.h"

/* Room for the evaluation bar at the board's left: the bar (22 px) 4 px
 * from the edge, then 6 px to the board, 12 + EVAL_BAR_ROOM from it. */
#define EVAL_BAR_ROOM 20
/* Below this window width the header bar has no room for the panel's button. */
#define NARROW_HEADER_WIDTH 420

typedef struct
{
  CaissaWindow        *window;   /* not a reference: the window owns this */
  CaissaGame          *game;
  CaissaBoard         *board;
  GSettings           *settings;
  char                *command;   /* set by caissa_window_set_engine_command () */
  CaissaEnginePlayer  *player;
  CaissaEngine        *spare;     /* started while the New Game dialog is open */
  guint                level;
  guint                move_time_ms;

  CaissaAnalysisPanel *panel;
  CaissaEvalBar       *eval_bar;
  gboolean             file_eval;  /* the bar shows the game's [%eval] */
  GtkToggleButton     *button;

  /* "Analyse this Game". */
  CaissaGameAnalysis  *analysis;
  GCancellable        *analysis_cancel;
  GtkWidget           *analysis_box;
  GtkProgressBar      *analysis_progress;
  /* The game before the analysis was written, for the toast's Undo. */
  ChessGame           *before;
  ChessNodeId          before_shown;
  /* The game analysed, and the game as the analysis wrote it (PGN): the
   * results and the Undo apply to those only. */
  ChessGame           *analysed;
  char                *written;
} EngineState;

static EngineState *
get_state (CaissaWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "caissa-window-engine");
}

static void
engine_state_free (gpointer data)
{
  EngineState *st = data;

  if (st->analysis_cancel != NULL)
    g_cancellable_cancel (st->analysis_cancel);
  g_clear_object (&st->analysis_cancel);
  g_clear_object (&st->analysis);
  g_clear_pointer (&st->before, chess_game_free);
  g_clear_pointer (&st->analysed, chess_game_free);
  g_clear_object (&st->spare);
  g_clear_pointer (&st->written, g_free);
  if (st->player != NULL)
    {
      g_signal_handlers_disconnect_by_data (st->player, st);
      g_signal_handlers_disconnect_by_data (caissa_engine_player_get_engine (st->player), st);
    }
  g_clear_object (&st->player);
  if (st->settings != NULL)
    g_signal_handlers_disconnect_by_data (st->settings, st);
  g_clear_object (&st->settings);
  g_free (st->command);
  g_free (st);
}

static char *
engine_command (EngineState *st)
{
  g_autofree char *path = NULL;

  if (st->command != NULL)
    return g_strdup (st->command);
  path = st->settings != NULL ? g_settings_get_string (st->settings, "engine-path") : NULL;
  if (path != NULL && *path != '\0')
    return g_steal_pointer (&path);
  path = caissa_find_default_engine ();
  return path != NULL ? g_steal_pointer (&path) : g_strdup ("stockfish");
}

/* --- Playing against the engine --------------------------------------------------------- */

static void start_player (EngineState *st, CaissaEngine *engine, CaissaColor side);
static void panel_shown (EngineState *st, gboolean shown);

/* The game kept on disk remembers its computer opponent, if any. */
static void
keep_engine (EngineState *st)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (st->window);

  if (autosave == NULL)
    return;
  if (st->player == NULL)
    caissa_autosave_set_engine (autosave, NULL, CAISSA_COLOR_NONE, 0, 0);
  else
    caissa_autosave_set_engine (autosave, caissa_engine_get_command (caissa_engine_player_get_engine (st->player)),
                                caissa_engine_player_get_side (st->player), st->level, st->move_time_ms);
}

static void
drop_player (EngineState *st)
{
  if (st->player == NULL)
    return;
  g_signal_handlers_disconnect_by_data (st->player, st);
  g_signal_handlers_disconnect_by_data (caissa_engine_player_get_engine (st->player), st);
  g_clear_object (&st->player);
  caissa_board_set_interactive (st->board, TRUE);
  keep_engine (st);
}

static void
update_board (EngineState *st)
{
  caissa_board_set_interactive (st->board, st->player == NULL
                                           || !caissa_engine_player_get_engine_to_move (st->player));
}

static void
player_notify_cb (CaissaEnginePlayer *player,
                  GParamSpec         *pspec,
                  EngineState        *st)
{
  update_board (st);
  /* The status line says who is thinking. */
  _caissa_window_refresh (st->window);
}

/* A declined offer is said (an accepted one ends the game, which says so). */
static void
draw_answered_cb (CaissaEnginePlayer *player,
                  gboolean            accepted,
                  EngineState        *st)
{
  g_autofree char *text = NULL;

  if (accepted)
    return;
  /* Translators: %s is the engine's name. */
  text = g_strdup_printf (_("%s declines the draw"),
                          caissa_engine_get_name (caissa_engine_player_get_engine (player)));
  _caissa_window_add_toast (st->window, adw_toast_new (text));
}

static void
other_engine_chosen_cb (GtkNativeDialog *chooser,
                        int              response,
                        gpointer         data)
{
  EngineState *st = data;
  CaissaColor side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "side"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(CaissaEngine) engine = caissa_engine_new (path);

      caissa_engine_apply_stored_options (engine, st->settings);
      start_player (st, engine, side);
    }
  g_object_unref (chooser);
}

static void
failure_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     EngineState      *st)
{
  CaissaColor side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "side"));
  g_autofree char *command = g_strdup (g_object_get_data (G_OBJECT (dialog), "command"));

  if (g_str_equal (response, "retry"))
    {
      g_autoptr(CaissaEngine) engine = caissa_engine_new (command);

      caissa_engine_apply_stored_options (engine, st->settings);
      start_player (st, engine, side);
    }
  else if (g_str_equal (response, "other"))
    {
      GtkFileChooserNative *chooser;

      chooser = gtk_file_chooser_native_new (_("Choose a UCI Engine"), GTK_WINDOW (st->window),
                                             GTK_FILE_CHOOSER_ACTION_OPEN, _("_Play"), _("_Cancel"));
      gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
      g_object_set_data (G_OBJECT (chooser), "side", GINT_TO_POINTER (side));
      g_signal_connect (chooser, "response", G_CALLBACK (other_engine_chosen_cb), st);
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
    }
  /* "human": the game goes on between people, as it stands. */
}

/* The engine failed: the game and the clocks stay as they were; the user
 * chooses what happens. */
static void
player_failed_cb (CaissaEnginePlayer *player,
                  const GError       *error,
                  EngineState        *st)
{
  CaissaColor side = caissa_engine_player_get_side (player);
  g_autofree char *command = g_strdup (caissa_engine_get_command (caissa_engine_player_get_engine (player)));
  CaissaClock *clock = caissa_game_get_clock (st->game);
  AdwMessageDialog *dialog;

  drop_player (st);
  /* Nobody's time runs out while the user reads. */
  if (clock != NULL && caissa_clock_get_started (clock) && !caissa_clock_get_paused (clock)
      && !caissa_clock_get_finished (clock))
    caissa_clock_pause (clock, NULL);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (st->window),
                                                       _("The Engine Stopped Playing"), error->message));
  adw_message_dialog_add_responses (dialog,
                                    "human", _("Continue as a _Human Game"),
                                    "other", _("_Another Engine…"),
                                    "retry", _("_Retry"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "retry", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "retry");
  adw_message_dialog_set_close_response (dialog, "human");
  g_object_set_data (G_OBJECT (dialog), "side", GINT_TO_POINTER (side));
  g_object_set_data_full (G_OBJECT (dialog), "command", g_steal_pointer (&command), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (failure_response_cb), st);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
engine_name_cb (CaissaEngine *engine,
                GParamSpec   *pspec,
                EngineState  *st)
{
  g_autofree char *name = NULL;

  if (st->player == NULL || caissa_engine_player_get_engine (st->player) != engine)
    return;
  /* Translators: the computer player's name, e.g. "Stockfish 15.1 (level 3)". */
  name = g_strdup_printf (_("%s (level %u)"), caissa_engine_get_name (engine), st->level);
  if (caissa_engine_player_get_side (st->player) == CAISSA_COLOR_WHITE)
    caissa_game_set_white_name (st->game, name);
  else
    caissa_game_set_black_name (st->game, name);
  _caissa_window_refresh (st->window);
}

static void
start_player (EngineState  *st,
              CaissaEngine *engine,
              CaissaColor   side)
{
  drop_player (st);
  st->player = caissa_engine_player_new (st->game, engine, side, st->level, st->move_time_ms);
  g_signal_connect (st->player, "notify", G_CALLBACK (player_notify_cb), st);
  g_signal_connect (st->player, "failed", G_CALLBACK (player_failed_cb), st);
  g_signal_connect (st->player, "draw-answered", G_CALLBACK (draw_answered_cb), st);
  g_signal_connect (engine, "notify::name", G_CALLBACK (engine_name_cb), st);
  engine_name_cb (engine, NULL, st);
  update_board (st);
  keep_engine (st);
  _caissa_window_engine_update (st->window);
}

void
caissa_window_play_engine (CaissaWindow *self,
                           CaissaColor   side,
                           guint         level,
                           guint         move_time_ms)
{
  EngineState *st;
  g_autofree char *command = NULL;
  g_autoptr(CaissaEngine) engine = NULL;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  st = get_state (self);
  drop_player (st);
  if (side != CAISSA_COLOR_WHITE && side != CAISSA_COLOR_BLACK)
    return;
  st->level = CLAMP (level, 1, 8);
  st->move_time_ms = MAX (move_time_ms, 100);
  command = engine_command (st);
  /* The engine made ready while the dialog was open, if it is that one. */
  if (st->spare != NULL && g_strcmp0 (caissa_engine_get_command (st->spare), command) == 0
      && caissa_engine_get_state (st->spare) != CAISSA_ENGINE_STATE_FAILED
      && caissa_engine_get_state (st->spare) != CAISSA_ENGINE_STATE_QUIT)
    engine = g_steal_pointer (&st->spare);
  else
    {
      engine = caissa_engine_new (command);
      caissa_engine_apply_stored_options (engine, st->settings);
    }
  g_clear_object (&st->spare);
  start_player (st, engine, side);
  /* The human's side at the bottom. */
  caissa_board_set_flipped (st->board, side == CAISSA_COLOR_WHITE);
}

void
caissa_window_prepare_engine (CaissaWindow *self)
{
  EngineState *st;
  g_autofree char *command = NULL;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  st = get_state (self);
  if (st->spare != NULL)
    return;
  command = engine_command (st);
  st->spare = caissa_engine_new (command);
  caissa_engine_apply_stored_options (st->spare, st->settings);
  caissa_engine_start_async (st->spare, NULL, NULL, NULL);
}

CaissaEngine *
caissa_window_get_prepared_engine (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return get_state (self)->spare;
}

static void
chooser_vs_engine_cb (CaissaPlayerChooser *chooser,
                      GParamSpec          *pspec,
                      CaissaWindow        *self)
{
  if (caissa_player_chooser_get_vs_engine (chooser))
    caissa_window_prepare_engine (self);
}

void
caissa_window_prepare_engine_for (CaissaWindow        *self,
                                  CaissaPlayerChooser *chooser)
{
  g_return_if_fail (CAISSA_IS_WINDOW (self));
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (chooser));

  chooser_vs_engine_cb (chooser, NULL, self);
  g_signal_connect_object (chooser, "notify::vs-engine", G_CALLBACK (chooser_vs_engine_cb), self, 0);
}

void
_caissa_window_engine_resumed (CaissaWindow    *self,
                               CaissaSavedGame *saved)
{
  EngineState *st = get_state (self);
  g_autoptr(CaissaEngine) engine = NULL;
  CaissaColor side = CAISSA_COLOR_NONE;
  const char *command;

  if (st == NULL)
    return;
  drop_player (st);
  command = caissa_saved_game_get_engine (saved, &side, &st->level, &st->move_time_ms);
  if (command == NULL)
    return;
  engine = caissa_engine_new (command);
  caissa_engine_apply_stored_options (engine, st->settings);
  /* (The board's side was resumed with the game.) */
  start_player (st, engine, side);
}

CaissaEnginePlayer *
caissa_window_get_engine_player (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return get_state (self)->player;
}

void
caissa_window_set_engine_command (CaissaWindow *self,
                                  const char   *command)
{
  EngineState *st;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  st = get_state (self);
  g_free (st->command);
  st->command = g_strdup (command);
  if (gtk_toggle_button_get_active (st->button))
    panel_shown (st, TRUE);
}

CaissaAnalysisPanel *
caissa_window_get_analysis_panel (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return get_state (self)->panel;
}

void
_caissa_window_engine_game_started (CaissaWindow *self)
{
  EngineState *st = get_state (self);

  if (st != NULL)
    drop_player (st);
}

gboolean
_caissa_window_engine_can_undo (CaissaWindow *self,
                                gboolean     *can)
{
  EngineState *st = get_state (self);

  if (st == NULL || st->player == NULL)
    return FALSE;
  /* Under a clock a move against the engine is final. */
  *can = caissa_engine_player_get_can_undo (st->player);
  return TRUE;
}

gboolean
_caissa_window_engine_undo (CaissaWindow *self)
{
  EngineState *st = get_state (self);

  if (st == NULL || st->player == NULL)
    return FALSE;
  caissa_engine_player_undo (st->player);
  return TRUE;
}

char *
_caissa_window_engine_status (CaissaWindow *self)
{
  EngineState *st = get_state (self);
  const char *name;

  if (st == NULL || st->player == NULL || !caissa_engine_player_get_engine_to_move (st->player))
    return NULL;
  name = caissa_engine_get_name (caissa_engine_player_get_engine (st->player));
  if (caissa_engine_player_get_thinking (st->player))
    /* Translators: %s is the engine's name; the board takes no moves meanwhile. */
    return g_strdup_printf (_("%s is thinking…"), name);
  return NULL;
}

/* --- The analysis panel ------------------------------------------------------------------ */

/* A clocked game between people may not be helped by an engine. */
static const char *
blocked_reason (EngineState *st)
{
  CaissaClock *clock = caissa_game_get_clock (st->game);

  if (st->player == NULL && clock != NULL && caissa_clock_get_started (clock)
      && !caissa_clock_get_paused (clock) && !caissa_clock_get_finished (clock)
      && caissa_game_get_outcome (st->game) == CAISSA_OUTCOME_NONE)
    return _("Not available while a game under a clock is played: the analysis opens when the game ends or is paused.");
  return NULL;
}

void
_caissa_window_engine_update (CaissaWindow *self)
{
  EngineState *st = get_state (self);

  if (st == NULL || st->panel == NULL)
    return;
  /* A game from a file (or pasted) is looked at, not played. */
  if (st->player != NULL && caissa_game_get_analysis (st->game))
    drop_player (st);
  caissa_analysis_panel_set_blocked_reason (st->panel, blocked_reason (st));
}

static void
panel_shown (EngineState *st,
             gboolean     shown)
{
  GtkWidget *board = GTK_WIDGET (st->board);

  gtk_widget_set_visible (GTK_WIDGET (st->panel), shown);
  /* (The panel shows the bar while it analyses.) */
  gtk_widget_set_margin_start (board, shown || st->file_eval ? 12 + EVAL_BAR_ROOM : 12);
  _caissa_window_review_eval_room (st->window, shown || st->file_eval, EVAL_BAR_ROOM);
  caissa_analysis_panel_set_active (st->panel, shown);
  if (shown)
    {
      g_autofree char *command = engine_command (st);

      caissa_analysis_panel_set_engine_command (st->panel, command);
    }
  if (st->settings != NULL && shown)
    {
      caissa_analysis_panel_set_n_lines (st->panel, g_settings_get_int (st->settings, "analysis-lines"));
      caissa_analysis_panel_set_limits (st->panel, g_settings_get_int (st->settings, "analysis-depth"),
                                        g_settings_get_int (st->settings, "analysis-time"));
    }
  _caissa_window_engine_update (st->window);
  /* The evaluations written in the game take the bar back. */
  if (!shown)
    _caissa_window_refresh (st->window);
}

/* The evaluation written in the game (caissa-window-evals.c), in the bar
 * while the panel is closed: the engine's own takes precedence. */
void
_caissa_window_engine_show_file_eval (CaissaWindow *self,
                                      gboolean      shown,
                                      double        fraction,
                                      const char   *text)
{
  EngineState *st = get_state (self);

  if (st == NULL)
    return;
  st->file_eval = shown;
  if (caissa_analysis_panel_get_active (st->panel))
    return;
  gtk_widget_set_margin_start (GTK_WIDGET (st->board), shown ? 12 + EVAL_BAR_ROOM : 12);
  _caissa_window_review_eval_room (st->window, shown, EVAL_BAR_ROOM);
  gtk_widget_set_visible (GTK_WIDGET (st->eval_bar), shown);
  caissa_eval_bar_set_fraction (st->eval_bar, shown ? fraction : 0.5);
  caissa_eval_bar_set_text (st->eval_bar, shown ? text : NULL);
}

static void
button_toggled_cb (GtkToggleButton *button,
                   EngineState     *st)
{
  panel_shown (st, gtk_toggle_button_get_active (button));
}

static void
analysis_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  EngineState *st = get_state (CAISSA_WINDOW (widget));

  gtk_toggle_button_set_active (st->button, !gtk_toggle_button_get_active (st->button));
}

static void
settings_changed_cb (GSettings   *settings,
                     const char  *key,
                     EngineState *st)
{
  g_autofree char *notation = NULL;

  if (!g_str_equal (key, "notation") && !g_str_equal (key, "engine-path") && !g_str_has_prefix (key, "analysis-"))
    return;
  notation = g_settings_get_string (settings, "notation");

  caissa_analysis_panel_set_figurines (st->panel, g_str_equal (notation, "figurines"));
  if (st->button != NULL && gtk_toggle_button_get_active (st->button))
    panel_shown (st, TRUE);
}

static void
flipped_cb (CaissaBoard *board,
            GParamSpec  *pspec,
            EngineState *st)
{
  caissa_eval_bar_set_flipped (st->eval_bar, caissa_board_get_flipped (board));
}

/* --- Analyse this game ------------------------------------------------------------------- */

/* The same start and the same main-line moves. */
static gboolean
same_main_line (const ChessGame *a,
                const ChessGame *b)
{
  ChessNodeId na = CHESS_NODE_ROOT, nb = CHESS_NODE_ROOT;

  if (b == NULL || chess_game_start_position (a)->key != chess_game_start_position (b)->key)
    return FALSE;
  for (;;)
    {
      na = chess_game_node_next (a, na);
      nb = chess_game_node_next (b, nb);
      if (na == CHESS_NODE_NONE || nb == CHESS_NODE_NONE)
        return na == nb;
      if (chess_game_node_move (a, na) != chess_game_node_move (b, nb))
        return FALSE;
    }
}

static gboolean
apply_analysis (ChessGame   *core,
                ChessNodeId *shown,
                gpointer     data)
{
  return caissa_game_analysis_apply (data, core) > 0;
}

/* The toast's Undo: the game as it was before the analysis, as an edit
 * (caissa-window-review.c's _caissa_review_edit_game () does the same). */
static void
undo_analysis_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  EngineState *st = get_state (CAISSA_WINDOW (widget));
  CaissaWindowReview *review = _caissa_window_get_review (st->window);
  ChessGame *copy;

  g_autofree char *now = NULL;

  if (st->before == NULL)
    return;
  /* Not over anything done since. */
  now = caissa_game_to_pgn (st->game);
  if (g_strcmp0 (now, st->written) != 0)
    {
      g_clear_pointer (&st->before, chess_game_free);
      return;
    }
  copy = g_steal_pointer (&st->before);
  review->loading = TRUE;
  caissa_game_load_core_game (st->game, copy);
  if (chess_game_node_valid (copy, st->before_shown))
    caissa_game_go_to_node (st->game, st->before_shown);
  review->loading = FALSE;
  caissa_move_list_refresh (review->move_list);
  _caissa_review_update_marks (review);
  _caissa_review_history_push (review, caissa_game_get_shown_node (st->game), NULL);
  _caissa_review_set_dirty (review, TRUE);
}

static void
analysis_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CaissaGameAnalysis *analysis = CAISSA_GAME_ANALYSIS (source);
  g_autoptr(CaissaWindow) window = user_data;
  EngineState *st = get_state (window);
  g_autoptr(GError) error = NULL;
  gboolean ok = caissa_game_analysis_run_finish (analysis, result, &error);

  if (st == NULL || st->analysis != analysis)
    return;
  _caissa_window_evals_set_analysis (window, NULL);
  gtk_widget_set_visible (st->analysis_box, FALSE);
  if (ok && !same_main_line (caissa_game_get_core_game (st->game), st->analysed))
    _caissa_window_add_toast (window, adw_toast_new (_("The game changed during the analysis: nothing was written")));
  else if (ok)
    {
      AdwToast *toast;

      g_clear_pointer (&st->before, chess_game_free);
      st->before = chess_game_copy (caissa_game_get_core_game (st->game));
      st->before_shown = caissa_game_get_shown_node (st->game);
      _caissa_review_edit_game (_caissa_window_get_review (window), apply_analysis, analysis);
      g_free (st->written);
      st->written = caissa_game_to_pgn (st->game);
      toast = adw_toast_new (_("The engine’s analysis was written into the game"));
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "win.undo-analysis");
      _caissa_window_add_toast (window, toast);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      AdwMessageDialog *dialog;

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (window), _("The Analysis Failed"),
                                                           error->message));
      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
  g_clear_object (&st->analysis);
  g_clear_object (&st->analysis_cancel);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.analyse-game", TRUE);
}

static void
analysis_progress_cb (CaissaGameAnalysis *analysis,
                      GParamSpec         *pspec,
                      EngineState        *st)
{
  g_autofree char *text = NULL;

  if (st->analysis != analysis)
    return;
  gtk_progress_bar_set_fraction (st->analysis_progress, caissa_game_analysis_get_progress (analysis));
  /* Translators: progress of "Analyse this Game", e.g. "Position 12 of 81". */
  text = g_strdup_printf (_("Position %u of %u"), caissa_game_analysis_get_n_done (analysis),
                          caissa_game_analysis_get_n_positions (analysis));
  gtk_progress_bar_set_text (st->analysis_progress, text);
}

static void
analyse_game_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  EngineState *st = get_state (self);
  g_autofree char *command = NULL;
  g_autoptr(CaissaEngine) engine = NULL;

  if (st->analysis != NULL)
    return;
  if (blocked_reason (st) != NULL)
    {
      _caissa_window_add_toast (self, adw_toast_new (blocked_reason (st)));
      return;
    }
  if (st->player != NULL && caissa_game_get_outcome (st->game) == CAISSA_OUTCOME_NONE)
    {
      _caissa_window_add_toast (self, adw_toast_new (_("Not available while playing against the computer: "
                                                       "the game can be analysed when it ends.")));
      return;
    }
  command = engine_command (st);
  engine = caissa_engine_new (command);
  caissa_engine_set_nice (engine, CAISSA_ANALYSIS_ENGINE_NICE);
  caissa_engine_apply_stored_options (engine, st->settings);
  st->analysis = caissa_game_analysis_new (engine, caissa_game_get_core_game (st->game));
  g_clear_pointer (&st->analysed, chess_game_free);
  st->analysed = chess_game_copy (caissa_game_get_core_game (st->game));
  if (st->settings != NULL)
    caissa_game_analysis_set_depth (st->analysis, g_settings_get_int (st->settings, "game-analysis-depth"));
  st->analysis_cancel = g_cancellable_new ();
  g_signal_connect (st->analysis, "notify::n-done", G_CALLBACK (analysis_progress_cb), st);
  _caissa_window_evals_set_analysis (self, st->analysis);
  gtk_progress_bar_set_fraction (st->analysis_progress, 0);
  gtk_progress_bar_set_text (st->analysis_progress, _("Starting the engine…"));
  gtk_widget_set_visible (st->analysis_box, TRUE);
  gtk_widget_action_set_enabled (widget, "win.analyse-game", FALSE);
  caissa_game_analysis_run_async (st->analysis, st->analysis_cancel, analysis_done_cb, g_object_ref (self));
}

static void
cancel_analysis_cb (EngineState *st)
{
  if (st->analysis_cancel != NULL)
    g_cancellable_cancel (st->analysis_cancel);
}

/* --- Set-up ---------------------------------------------------------------------------- */

/* The header bar has no room for the button in the narrowest windows
 * (360 pixels): there the menu's item and Ctrl+Shift+A remain. GTK keeps
 * default-width as the window's width when it is resized. */
static void
window_width_cb (CaissaWindow *self,
                 GParamSpec   *pspec,
                 EngineState  *st)
{
  int width = 0, height = 0;

  /* (GTK 4.8 needs both pointers.) */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_widget_set_visible (GTK_WIDGET (st->button), width <= 0 || width >= NARROW_HEADER_WIDTH);
}

void
_caissa_window_engine_class_init (GtkWidgetClass *widget_class)
{
  /* (header_bar: bound by name in caissa-window.c.) */
  gtk_widget_class_install_action (widget_class, "win.analysis", NULL, analysis_action);
  gtk_widget_class_install_action (widget_class, "win.analyse-game", NULL, analyse_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo-analysis", NULL, undo_analysis_action);
  /* Not a plain letter: those type moves in SAN. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.analysis", NULL);
}

static GtkWidget *
template_child (CaissaWindow *self,
                const char   *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), CAISSA_TYPE_WINDOW, name));
}

void
_caissa_window_engine_init (CaissaWindow *self)
{
  EngineState *st = g_new0 (EngineState, 1);
  GtkWidget *box = template_child (self, "adaptive_box");
  GtkWidget *move_list = template_child (self, "move_list");
  GtkWidget *side_panel = template_child (self, "side_panel");
  GtkWidget *overlay, *cancel;
  CaissaApplication *app;

  g_object_set_data_full (G_OBJECT (self), "caissa-window-engine", st, engine_state_free);
  st->window = self;
  st->game = caissa_window_get_game (self);
  st->board = CAISSA_BOARD (caissa_window_get_board (self));
  app = CAISSA_APPLICATION (g_application_get_default ());
  if (app != NULL && CAISSA_IS_APPLICATION (app) && caissa_application_get_settings (app) != NULL)
    {
      st->settings = g_object_ref (caissa_application_get_settings (app));
    }

  /* The evaluation bar over the board's left margin, made wider while
   * the panel shows. */
  overlay = gtk_overlay_new ();
  g_object_ref (st->board);
  caissa_adaptive_box_set_board (CAISSA_ADAPTIVE_BOX (box), NULL);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), GTK_WIDGET (st->board));
  g_object_unref (st->board);
  caissa_adaptive_box_set_board (CAISSA_ADAPTIVE_BOX (box), overlay);
  st->eval_bar = CAISSA_EVAL_BAR (caissa_eval_bar_new ());
  gtk_widget_set_halign (GTK_WIDGET (st->eval_bar), GTK_ALIGN_START);
  gtk_widget_set_margin_start (GTK_WIDGET (st->eval_bar), 4);
  gtk_widget_set_margin_top (GTK_WIDGET (st->eval_bar), 12 + EVAL_BAR_ROOM / 2);
  gtk_widget_set_margin_bottom (GTK_WIDGET (st->eval_bar), 12 + EVAL_BAR_ROOM / 2);
  gtk_widget_set_visible (GTK_WIDGET (st->eval_bar), FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), GTK_WIDGET (st->eval_bar));
  g_signal_connect (st->board, "notify::flipped", G_CALLBACK (flipped_cb), st);
  caissa_eval_bar_set_flipped (st->eval_bar, caissa_board_get_flipped (st->board));

  /* The panel and the game analysis's progress, above the move list. */
  st->panel = CAISSA_ANALYSIS_PANEL (caissa_analysis_panel_new ());
  gtk_widget_set_margin_top (GTK_WIDGET (st->panel), 12);
  gtk_widget_set_visible (GTK_WIDGET (st->panel), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (st->panel), "card");
  caissa_analysis_panel_set_game (st->panel, st->game);
  caissa_analysis_panel_set_board (st->panel, st->board);
  caissa_analysis_panel_set_eval_bar (st->panel, st->eval_bar);
  caissa_analysis_panel_set_settings (st->panel, st->settings);
  gtk_box_insert_child_after (GTK_BOX (side_panel), GTK_WIDGET (st->panel), gtk_widget_get_prev_sibling (move_list));
  if (st->settings != NULL)
    {
      settings_changed_cb (st->settings, "notation", st);
      g_signal_connect (st->settings, "changed", G_CALLBACK (settings_changed_cb), st);
    }

  st->analysis_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (st->analysis_box, 12);
  st->analysis_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (st->analysis_progress, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (st->analysis_progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (st->analysis_progress), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (st->analysis_box), GTK_WIDGET (st->analysis_progress));
  cancel = gtk_button_new_from_icon_name ("process-stop-symbolic");
  gtk_widget_set_tooltip_text (cancel, _("Stop the Analysis"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_analysis_cb), st);
  gtk_box_append (GTK_BOX (st->analysis_box), cancel);
  gtk_widget_set_visible (st->analysis_box, FALSE);
  gtk_box_insert_child_after (GTK_BOX (side_panel), st->analysis_box, GTK_WIDGET (st->panel));

  st->button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_icon_name (GTK_BUTTON (st->button), "computer-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (st->button), _("Engine Analysis (Ctrl+Shift+A)"));
  g_signal_connect (st->button, "toggled", G_CALLBACK (button_toggled_cb), st);
  adw_header_bar_pack_end (ADW_HEADER_BAR (template_child (self, "header_bar")), GTK_WIDGET (st->button));
  g_signal_connect (self, "notify::default-width", G_CALLBACK (window_width_cb), st);
  window_width_cb (self, NULL, st);
}

void
_caissa_window_engine_describe (CaissaWindow *self,
                                GString      *out)
{
  EngineState *st = get_state (self);

  if (st == NULL)
    return;
  g_string_append_printf (out, "engine-player %s\n",
                          st->player == NULL ? "none"
                          : caissa_engine_player_get_side (st->player) == CAISSA_COLOR_WHITE ? "white" : "black");
  if (st->player != NULL)
    {
      CaissaEngine *engine = caissa_engine_player_get_engine (st->player);
      const char *pid = caissa_engine_get_identifier (engine);

      g_string_append_printf (out, "engine-thinking %d\n", caissa_engine_player_get_thinking (st->player));
      g_string_append_printf (out, "engine-level %u\n", st->level);
      g_string_append_printf (out, "engine-move-time %u\n", st->move_time_ms);
      g_string_append_printf (out, "engine-command %s\n", caissa_engine_get_command (engine));
      g_string_append_printf (out, "engine-pid %s\n", pid != NULL ? pid : "none");
    }
  g_string_append_printf (out, "board-interactive %d\n", caissa_board_get_interactive (st->board));
  g_string_append_printf (out, "game-analysis %s\n", st->analysis != NULL ? "running"
                                                   : st->before != NULL ? "written" : "none");
  g_string_append_printf (out, "analysis-shown %d\n", gtk_widget_get_visible (GTK_WIDGET (st->panel)));
  g_string_append_printf (out, "eval-bar %d %s\n", gtk_widget_get_visible (GTK_WIDGET (st->eval_bar)),
                          caissa_eval_bar_get_text (st->eval_bar) ? caissa_eval_bar_get_text (st->eval_bar) : "-");
  g_string_append_printf (out, "analysis-blocked %d\n", blocked_reason (st) != NULL);
  g_string_append_printf (out, "analysis-lines %u\n", caissa_analysis_panel_get_n_lines_shown (st->panel));
  for (guint i = 0; i < caissa_analysis_panel_get_n_lines_shown (st->panel); i++)
    {
      g_autofree char *text = caissa_analysis_panel_dup_line_text (st->panel, i);

      g_string_append_printf (out, "analysis-line %s\n", text);
    }
}
