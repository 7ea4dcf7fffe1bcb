/* caissa-window-evals.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-window-engine.h"
#include "caissa-window-evals.h"
#include "chess-eval-series.h"
#include "chess-uci.h"

#define GRAPH_KEY "caissa-window-eval-graph"

CaissaEvalGraph *
caissa_window_get_eval_graph (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return g_object_get_data (G_OBJECT (self), GRAPH_KEY);
}

/* The shown position's evaluation: its own [%eval] (in a variation too),
 * or on the main line what the graph knows (an analysis running). */
static void
update_bar (CaissaWindow *self)
{
  CaissaEvalGraph *graph = caissa_window_get_eval_graph (self);
  CaissaGame *game = caissa_window_get_game (self);
  const ChessGame *core = caissa_game_get_core_game (game);
  ChessNodeId shown = caissa_game_get_shown_node (game);
  ChessPgnEval eval;
  char text[16] = "";
  double white_win = 0.5;

  /* As the graph: for a game looked at that has evaluations. */
  if (graph == NULL || !gtk_widget_get_visible (GTK_WIDGET (graph)) || caissa_eval_graph_get_n_evals (graph) == 0)
    {
      _caissa_window_engine_show_file_eval (self, FALSE, 0.5, NULL);
      return;
    }
  if (chess_eval_of_node (core, shown, &eval))
    {
      white_win = chess_eval_white_win (&eval);
      chess_uci_score_format (chess_eval_to_score (&eval), CHESS_WHITE, text);
    }
  else if (chess_game_node_is_main_line (core, shown))
    caissa_eval_graph_get_eval (graph, chess_game_node_ply (core, shown), &white_win, text);
  _caissa_window_engine_show_file_eval (self, TRUE, white_win, text[0] ? text : NULL);
}

static void
game_notify_cb (CaissaWindow *self)
{
  update_bar (self);
}

void
_caissa_window_evals_update (CaissaWindow *self)
{
  CaissaEvalGraph *graph = caissa_window_get_eval_graph (self);

  if (graph == NULL)
    return;
  /* An edit of a comment changes no property of the game. */
  caissa_eval_graph_refresh (graph);
  update_bar (self);
}

void
_caissa_window_evals_set_analysis (CaissaWindow       *self,
                                   CaissaGameAnalysis *analysis)
{
  CaissaEvalGraph *graph = caissa_window_get_eval_graph (self);

  if (graph == NULL)
    return;
  caissa_eval_graph_set_analysis (graph, analysis);
  if (analysis != NULL)
    g_signal_connect_object (analysis, "notify::n-done", G_CALLBACK (game_notify_cb), self, G_CONNECT_SWAPPED);
  update_bar (self);
}

void
_caissa_window_evals_init (CaissaWindow *self)
{
  GtkWidget *move_list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), CAISSA_TYPE_WINDOW,
                                                                    "move_list"));
  GtkWidget *graph = caissa_eval_graph_new ();

  /* Under the move list, in whatever box holds it. */
  gtk_widget_set_margin_top (graph, 6);
  gtk_widget_add_css_class (graph, "card");
  if (GTK_IS_BOX (gtk_widget_get_parent (move_list)))
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (move_list)), graph, move_list);
  else
    gtk_widget_insert_after (graph, gtk_widget_get_parent (move_list), move_list);
  g_object_set_data_full (G_OBJECT (self), GRAPH_KEY, g_object_ref (graph), g_object_unref);
  caissa_eval_graph_set_game (CAISSA_EVAL_GRAPH (graph), caissa_window_get_game (self));
  g_signal_connect_object (caissa_window_get_game (self), "notify", G_CALLBACK (game_notify_cb), self,
                           G_CONNECT_SWAPPED);
}

void
_caissa_window_evals_describe (CaissaWindow *self,
                               GString      *out)
{
  CaissaEvalGraph *graph = caissa_window_get_eval_graph (self);

  if (graph == NULL)
    return;
  g_string_append_printf (out, "eval-graph %d %u %u %u %d\n",
                          gtk_widget_get_visible (GTK_WIDGET (graph)),
                          caissa_eval_graph_get_n_points (graph), caissa_eval_graph_get_n_evals (graph),
                          caissa_eval_graph_get_n_clocks (graph), caissa_eval_graph_get_marked (graph));
}
