/* caissa-analysis-panel.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-analysis-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "chess-san.h"
#include "caissa-analysis-panel.h"
#include "caissa-engine.h"
#include "caissa-engine-preferences.h"
#include "caissa-flow-layout.h"

/* Moves of a line shown: a line is for reading, not for its whole PV. */
#define MAX_MOVES_SHOWN 12
#define MAX_LINES 5
/* Pixels of lines shown before they scroll. */
#define MAX_LINES_HEIGHT 200

typedef struct
{
  guint     n_moves;
  ChessMove moves[MAX_MOVES_SHOWN];
  char     *text;   /* "SCORE depth N: SAN …", for tests */
} ShownLine;

struct _CaissaAnalysisPanel
{
  GtkBox         parent_instance;

  CaissaGame    *game;
  CaissaBoard   *board;
  CaissaEvalBar *eval_bar;
  CaissaEngine  *engine;
  GSettings     *settings;
  char          *command;
  guint          n_lines;
  int            depth;
  guint          seconds;
  gboolean       figurines;
  gboolean       active;
  char          *blocked_reason;
  char          *error_message;

  GCancellable  *search;
  guint          restart_id;
  ChessPosition  searched;       /* the position of the lines shown */
  ShownLine      shown[MAX_LINES];
  guint          n_shown;

  GtkWidget     *name_label;
  GtkWidget     *info_label;
  GtkWidget     *message_label;
  GtkWidget     *retry_button;
  GtkWidget     *lines_box;
  GtkWidget     *lines_scrolled;
};

G_DEFINE_FINAL_TYPE (CaissaAnalysisPanel, caissa_analysis_panel, GTK_TYPE_BOX)

static void restart (CaissaAnalysisPanel *self);

char *
caissa_find_default_engine (void)
{
  g_auto(GStrv) found = caissa_engine_discover ();

  return found != NULL && found[0] != NULL ? g_strdup (found[0]) : NULL;
}

/* "+0.34", "−1.20", "#5", "−#3": the core's text with a true minus sign. */
static char *
score_text (ChessUciScore score,
            ChessColor    side)
{
  char buf[16];

  chess_uci_score_format (score, side, buf);
  if (buf[0] == '-')
    return g_strconcat ("−", buf + 1, NULL);
  return g_strdup (buf);
}

static char *
speed_text (guint64 nps)
{
  if (nps >= 1000000)
    /* Translators: engine speed, e.g. "1.2 M nodes/s". */
    return g_strdup_printf (_("%.1f M nodes/s"), nps / 1e6);
  /* Translators: engine speed, e.g. "850 k nodes/s". */
  return g_strdup_printf (_("%.0f k nodes/s"), nps / 1e3);
}

static void
clear_shown (CaissaAnalysisPanel *self)
{
  GtkWidget *child;

  for (guint i = 0; i < self->n_shown; i++)
    g_clear_pointer (&self->shown[i].text, g_free);
  self->n_shown = 0;
  while ((child = gtk_widget_get_first_child (self->lines_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->lines_box), child);
  gtk_widget_set_visible (self->lines_scrolled, FALSE);
}

static void
clear_board (CaissaAnalysisPanel *self)
{
  if (self->board != NULL)
    caissa_board_set_hint_arrow (self->board, CHESS_NO_SQUARE, CHESS_NO_SQUARE, CAISSA_BOARD_MARK_BLUE);
  /* (Closed, the bar shows the evaluations written in the game.) */
  if (self->eval_bar != NULL && self->active)
    {
      caissa_eval_bar_set_fraction (self->eval_bar, 0.5);
      caissa_eval_bar_set_text (self->eval_bar, NULL);
    }
}

static void
show_message (CaissaAnalysisPanel *self,
              const char          *message,
              gboolean             can_retry)
{
  gtk_label_set_label (GTK_LABEL (self->message_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->message_label, message != NULL);
  gtk_widget_set_visible (self->retry_button, can_retry);
}

static void
move_clicked_cb (GtkButton           *button,
                 CaissaAnalysisPanel *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "line"));
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move"));

  caissa_analysis_panel_play_line (self, index, n);
}

static GtkWidget *
line_row (CaissaAnalysisPanel    *self,
          guint                   index,
          const CaissaEngineLine *line)
{
  static const char *const figurines[7] = { NULL, NULL, "♘", "♗", "♖", "♕", "♔" };
  ShownLine *shown = &self->shown[index];
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *score_label;
  GtkWidget *moves = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkLayoutManager *layout = caissa_flow_layout_new ();
  ChessPosition pos = self->searched;
  g_autofree char *score = score_text (line->score, self->searched.side);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%s depth %d:", score, line->depth);
  gtk_widget_add_css_class (row, "analysis-line");
  score_label = gtk_label_new (score);
  gtk_label_set_width_chars (GTK_LABEL (score_label), 6);
  gtk_label_set_xalign (GTK_LABEL (score_label), 1);
  gtk_widget_set_valign (score_label, GTK_ALIGN_START);
  gtk_widget_set_margin_top (score_label, 3);
  gtk_widget_add_css_class (score_label, "analysis-score");
  gtk_widget_add_css_class (score_label, "numeric");
  gtk_box_append (GTK_BOX (row), score_label);

  caissa_flow_layout_set_spacing (CAISSA_FLOW_LAYOUT (layout), 2, 0);
  gtk_widget_set_layout_manager (moves, layout);
  gtk_widget_set_hexpand (moves, TRUE);
  gtk_box_append (GTK_BOX (row), moves);

  shown->n_moves = MIN (line->pv_len, MAX_MOVES_SHOWN);
  for (guint i = 0; i < shown->n_moves; i++)
    {
      char san[CHESS_SAN_MAX];
      char fig[4 * CHESS_SAN_MAX];
      g_autofree char *label = NULL;
      GtkWidget *button;

      shown->moves[i] = line->pv[i];
      chess_san_write (&pos, line->pv[i], san);
      chess_san_write_figurine (&pos, line->pv[i], self->figurines ? figurines : NULL, fig, sizeof fig);
      if (pos.side == CHESS_WHITE)
        label = g_strdup_printf ("%u. %s", pos.fullmove, fig);
      else if (i == 0)
        label = g_strdup_printf ("%u… %s", pos.fullmove, fig);
      else
        label = g_strdup (fig);
      g_string_append_printf (text, " %s", san);

      button = gtk_button_new_with_label (label);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "analysis-move");
      g_object_set_data (G_OBJECT (button), "line", GUINT_TO_POINTER (index));
      g_object_set_data (G_OBJECT (button), "move", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
      gtk_widget_set_parent (button, moves);
      chess_position_make_move (&pos, line->pv[i]);
    }
  shown->text = g_string_free (text, FALSE);
  return row;
}

static void
engine_info_cb (CaissaEngine        *engine,
                CaissaAnalysisPanel *self)
{
  guint n = MIN (caissa_engine_get_n_lines (engine), MIN (self->n_lines, MAX_LINES));
  const CaissaEngineLine *best;

  if (self->search == NULL || n == 0)
    return;
  self->searched = *caissa_engine_get_search_position (engine);
  clear_shown (self);
  for (guint i = 0; i < n; i++)
    {
      const CaissaEngineLine *line = caissa_engine_get_line (engine, i);

      if (line->pv_len == 0)
        break;
      gtk_box_append (GTK_BOX (self->lines_box), line_row (self, i, line));
      self->n_shown = i + 1;
    }
  gtk_widget_set_visible (self->lines_scrolled, self->n_shown > 0);

  best = caissa_engine_get_line (engine, 0);
  {
    g_autofree char *speed = speed_text (best->nps);
    /* Translators: "Depth 22 · 1.2 M nodes/s". */
    g_autofree char *info = g_strdup_printf (_("Depth %d · %s"), best->depth, speed);

    gtk_label_set_label (GTK_LABEL (self->info_label), info);
    gtk_widget_set_visible (self->info_label, TRUE);
  }
  if (self->board != NULL && best->pv_len > 0)
    caissa_board_set_hint_arrow (self->board, chess_move_from (best->pv[0]), chess_move_to (best->pv[0]),
                                 CAISSA_BOARD_MARK_BLUE);
  if (self->eval_bar != NULL)
    {
      g_autofree char *score = score_text (best->score, self->searched.side);

      caissa_eval_bar_set_fraction (self->eval_bar,
                                    chess_uci_score_white_win_probability (best->score, self->searched.side));
      caissa_eval_bar_set_text (self->eval_bar, score);
    }
}

static void
engine_failed_cb (CaissaEngine        *engine,
                  const GError        *error,
                  CaissaAnalysisPanel *self)
{
  g_free (self->error_message);
  self->error_message = g_strdup (error->message);
  g_clear_object (&self->search);
  clear_shown (self);
  clear_board (self);
  show_message (self, self->error_message, TRUE);
}

static void
go_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  /* A search ends by its limit, by a newer search (cancelled) or by a
   * failure ("failed" reports it): the panel shows what it found. */
  g_weak_ref_clear (user_data);
  g_free (user_data);
  caissa_engine_go_finish (CAISSA_ENGINE (source), result, NULL, NULL, NULL);
}

static void
drop_engine (CaissaAnalysisPanel *self)
{
  if (self->search != NULL)
    g_cancellable_cancel (self->search);
  g_clear_object (&self->search);
  if (self->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->engine, self);
      caissa_engine_quit (self->engine);
      g_clear_object (&self->engine);
    }
}

static void engine_name_cb (CaissaAnalysisPanel *self);

static void
ensure_engine (CaissaAnalysisPanel *self)
{
  g_autofree char *command = NULL;
  char lines[8];

  if (self->engine != NULL && caissa_engine_get_state (self->engine) != CAISSA_ENGINE_STATE_FAILED)
    return;
  drop_engine (self);
  g_clear_pointer (&self->error_message, g_free);

  command = self->command != NULL && *self->command != '\0' ? g_strdup (self->command)
                                                              : caissa_find_default_engine ();
  if (command == NULL)
    /* caissa_engine_new () with a name that is nowhere gives the message. */
    command = g_strdup ("stockfish");
  self->engine = caissa_engine_new (command);
  g_signal_connect (self->engine, "info", G_CALLBACK (engine_info_cb), self);
  g_signal_connect (self->engine, "failed", G_CALLBACK (engine_failed_cb), self);
  g_signal_connect_swapped (self->engine, "notify::name", G_CALLBACK (engine_name_cb), self);
  caissa_engine_set_nice (self->engine, CAISSA_ANALYSIS_ENGINE_NICE);
  caissa_engine_apply_stored_options (self->engine, self->settings);
  caissa_engine_start_async (self->engine, NULL, NULL, NULL);
  g_snprintf (lines, sizeof lines, "%u", self->n_lines);
  caissa_engine_set_option (self->engine, "MultiPV", lines);
}

static void
engine_name_cb (CaissaAnalysisPanel *self)
{
  gtk_label_set_label (GTK_LABEL (self->name_label), caissa_engine_get_name (self->engine));
}

static gboolean
restart_cb (gpointer data)
{
  CaissaAnalysisPanel *self = data;
  const ChessGame *core;
  ChessNodeId path[1024];
  ChessMove moves[1024];
  guint n;
  CaissaEngineLimits limits;

  self->restart_id = 0;
  if (self->search != NULL)
    g_cancellable_cancel (self->search);
  g_clear_object (&self->search);
  clear_shown (self);
  gtk_label_set_label (GTK_LABEL (self->info_label), "");
  gtk_widget_set_visible (self->info_label, FALSE);
  /* The bar says nothing while the panel is blocked; closed, the panel
   * leaves it to the evaluations written in the game
   * (_caissa_window_engine_show_file_eval ()). */
  if (self->eval_bar != NULL && self->active)
    gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), self->blocked_reason == NULL);

  if (!self->active || self->game == NULL || self->blocked_reason != NULL)
    {
      if (self->engine != NULL)
        caissa_engine_stop (self->engine);
          clear_board (self);
      show_message (self, self->blocked_reason, FALSE);
      return G_SOURCE_REMOVE;
    }

  ensure_engine (self);
  gtk_label_set_label (GTK_LABEL (self->name_label), caissa_engine_get_name (self->engine));
  if (caissa_engine_get_state (self->engine) == CAISSA_ENGINE_STATE_FAILED)
    return G_SOURCE_REMOVE;
  show_message (self, NULL, FALSE);

  core = caissa_game_get_core_game (self->game);
  n = chess_game_node_path (core, caissa_game_get_shown_node (self->game), path, G_N_ELEMENTS (path));
  if (n > G_N_ELEMENTS (path))
    return G_SOURCE_REMOVE;  /* a game longer than any played: not analysed */
  for (guint i = 1; i < n; i++)
    moves[i - 1] = chess_game_node_move (core, path[i]);
  caissa_engine_set_position (self->engine, chess_game_start_position (core), moves, n - 1);

  if (chess_count_legal (caissa_game_get_position (self->game)) == 0)
    {
      /* Mate or stalemate: nothing to search. */
      clear_board (self);
          return G_SOURCE_REMOVE;
    }

  caissa_engine_limits_init (&limits);
  if (self->depth > 0)
    limits.depth = self->depth;
  if (self->seconds > 0)
    limits.movetime_ms = (gint64) self->seconds * 1000;
  if (self->depth <= 0 && self->seconds == 0)
    limits.infinite = TRUE;
  self->search = g_cancellable_new ();
  /* Said in words, not by a spinner: its animation redraws the window at
   * every frame for as long as the engine thinks, and on a software
   * renderer (llvmpipe) each of those frames took the board's moves and
   * animations down to ~8 frames a second (bench/engine-frame.sh). */
  gtk_label_set_label (GTK_LABEL (self->info_label), _("Thinking…"));
  gtk_widget_set_visible (self->info_label, TRUE);
  {
    GWeakRef *ref = g_new (GWeakRef, 1);

    g_weak_ref_init (ref, self);
    caissa_engine_go_async (self->engine, &limits, self->search, go_done_cb, ref);
  }
  return G_SOURCE_REMOVE;
}

/* On every change, once the change is over (moves come with several
 * notifications). */
static void
restart (CaissaAnalysisPanel *self)
{
  if (self->restart_id == 0)
    self->restart_id = g_idle_add (restart_cb, self);
}

static void
game_notify_cb (CaissaGame          *game,
                GParamSpec          *pspec,
                CaissaAnalysisPanel *self)
{
  if (pspec->name == g_intern_static_string ("fen")
      || pspec->name == g_intern_static_string ("ply")
      || pspec->name == g_intern_static_string ("n-plies"))
    restart (self);
}

static void
retry_clicked_cb (CaissaAnalysisPanel *self)
{
  drop_engine (self);
  restart (self);
}

static void
caissa_analysis_panel_dispose (GObject *object)
{
  CaissaAnalysisPanel *self = CAISSA_ANALYSIS_PANEL (object);

  g_clear_handle_id (&self->restart_id, g_source_remove);
  drop_engine (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->board);
  g_clear_object (&self->eval_bar);
  g_clear_object (&self->settings);
  for (guint i = 0; i < MAX_LINES; i++)
    g_clear_pointer (&self->shown[i].text, g_free);
  self->n_shown = 0;
  g_clear_pointer (&self->command, g_free);
  g_clear_pointer (&self->blocked_reason, g_free);
  g_clear_pointer (&self->error_message, g_free);

  G_OBJECT_CLASS (caissa_analysis_panel_parent_class)->dispose (object);
}

static void
caissa_analysis_panel_class_init (CaissaAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_analysis_panel_dispose;
}

static void
caissa_analysis_panel_init (CaissaAnalysisPanel *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (_("Analysis"));
  GtkWidget *scrolled;

  self->n_lines = 3;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "analysis-panel");

  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (header), title);
  self->name_label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->name_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (self->name_label), 0);
  gtk_widget_set_hexpand (self->name_label, TRUE);
  gtk_widget_add_css_class (self->name_label, "dim-label");
  gtk_box_append (GTK_BOX (header), self->name_label);
  gtk_box_append (GTK_BOX (self), header);

  self->info_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->info_label), 0);
  gtk_widget_add_css_class (self->info_label, "dim-label");
  gtk_widget_add_css_class (self->info_label, "caption");
  gtk_widget_add_css_class (self->info_label, "numeric");
  gtk_box_append (GTK_BOX (self), self->info_label);

  self->message_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message_label), 0);
  gtk_widget_set_visible (self->message_label, FALSE);
  gtk_box_append (GTK_BOX (self), self->message_label);
  self->retry_button = gtk_button_new_with_mnemonic (_("_Retry"));
  gtk_widget_set_halign (self->retry_button, GTK_ALIGN_START);
  gtk_widget_set_visible (self->retry_button, FALSE);
  g_signal_connect_swapped (self->retry_button, "clicked", G_CALLBACK (retry_clicked_cb), self);
  gtk_box_append (GTK_BOX (self), self->retry_button);

  /* Scrolled past a few rows: the side panel must still fit a small
   * window with the move list below. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), MAX_LINES_HEIGHT);
  self->lines_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->lines_box);
  gtk_box_append (GTK_BOX (self), scrolled);
  self->lines_scrolled = scrolled;
  gtk_widget_set_visible (scrolled, FALSE);
  gtk_widget_set_visible (self->info_label, FALSE);
}

GtkWidget *
caissa_analysis_panel_new (void)
{
  return g_object_new (CAISSA_TYPE_ANALYSIS_PANEL, NULL);
}

void
caissa_analysis_panel_set_game (CaissaAnalysisPanel *self,
                                CaissaGame          *game)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect (game, "notify", G_CALLBACK (game_notify_cb), self);
  restart (self);
}

void
caissa_analysis_panel_set_board (CaissaAnalysisPanel *self,
                                 CaissaBoard         *board)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  g_set_object (&self->board, board);
}

void
caissa_analysis_panel_set_eval_bar (CaissaAnalysisPanel *self,
                                    CaissaEvalBar       *bar)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  g_set_object (&self->eval_bar, bar);
}

void
caissa_analysis_panel_set_engine_command (CaissaAnalysisPanel *self,
                                          const char          *command)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  if (g_strcmp0 (self->command, command) == 0)
    return;
  g_free (self->command);
  self->command = g_strdup (command);
  drop_engine (self);
  restart (self);
}

void
caissa_analysis_panel_set_settings (CaissaAnalysisPanel *self,
                                    GSettings           *settings)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  g_set_object (&self->settings, settings);
}

void
caissa_analysis_panel_set_n_lines (CaissaAnalysisPanel *self,
                                   guint                n_lines)
{
  char text[8];

  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  n_lines = CLAMP (n_lines, 1, MAX_LINES);
  if (self->n_lines == n_lines)
    return;
  self->n_lines = n_lines;
  if (self->engine != NULL)
    {
      g_snprintf (text, sizeof text, "%u", n_lines);
      caissa_engine_set_option (self->engine, "MultiPV", text);
    }
  restart (self);
}

void
caissa_analysis_panel_set_limits (CaissaAnalysisPanel *self,
                                  int                  depth,
                                  guint                seconds)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  self->depth = MAX (depth, 0);
  self->seconds = seconds;
  restart (self);
}

void
caissa_analysis_panel_set_figurines (CaissaAnalysisPanel *self,
                                     gboolean             figurines)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  self->figurines = !!figurines;
  if (self->engine != NULL && self->search != NULL)
    engine_info_cb (self->engine, self);
}

gboolean
caissa_analysis_panel_get_active (CaissaAnalysisPanel *self)
{
  g_return_val_if_fail (CAISSA_IS_ANALYSIS_PANEL (self), FALSE);

  return self->active;
}

void
caissa_analysis_panel_set_active (CaissaAnalysisPanel *self,
                                  gboolean             active)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (!active)
    {
      /* The engine's process goes with the panel's closing: no CPU spent
       * on a position nobody looks at. */
      drop_engine (self);
      clear_board (self);
    }
  restart (self);
}

void
caissa_analysis_panel_set_blocked_reason (CaissaAnalysisPanel *self,
                                          const char          *reason)
{
  g_return_if_fail (CAISSA_IS_ANALYSIS_PANEL (self));

  if (g_strcmp0 (self->blocked_reason, reason) == 0)
    return;
  g_free (self->blocked_reason);
  self->blocked_reason = g_strdup (reason);
  if (reason != NULL)
    drop_engine (self);
  restart (self);
}

guint
caissa_analysis_panel_get_n_lines_shown (CaissaAnalysisPanel *self)
{
  g_return_val_if_fail (CAISSA_IS_ANALYSIS_PANEL (self), 0);

  return self->n_shown;
}

char *
caissa_analysis_panel_dup_line_text (CaissaAnalysisPanel *self,
                                     guint                index)
{
  g_return_val_if_fail (CAISSA_IS_ANALYSIS_PANEL (self), NULL);

  return index < self->n_shown ? g_strdup (self->shown[index].text) : NULL;
}

gboolean
caissa_analysis_panel_play_line (CaissaAnalysisPanel *self,
                                 guint                index,
                                 guint                n)
{
  ShownLine line;

  g_return_val_if_fail (CAISSA_IS_ANALYSIS_PANEL (self), FALSE);

  if (self->game == NULL || index >= self->n_shown || n >= self->shown[index].n_moves
      || caissa_game_get_position (self->game)->key != self->searched.key)
    return FALSE;
  /* A finished game is looked at from now on: the line goes in as a
   * variation, the game's own moves and result stay. */
  if (!caissa_game_get_can_move (self->game) && !caissa_game_get_analysis (self->game)
      && caissa_game_get_outcome (self->game) != CAISSA_OUTCOME_NONE)
    caissa_game_set_analysis (self->game, TRUE);
  if (!caissa_game_get_can_move (self->game))
    return FALSE;
  /* Playing changes the game, which restarts the panel: a copy. */
  line = self->shown[index];
  for (guint i = 0; i <= n; i++)
    if (!caissa_game_play_move (self->game, line.moves[i], NULL))
      return FALSE;
  return TRUE;
}
