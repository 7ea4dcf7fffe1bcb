/* caissa-eval-graph.h — the evaluations of a game's main line as a graph
 * under the move list (lichess's analysis board): White's expected score
 * from the [%eval] comments (mates at the ends, even in the middle), the
 * players' clocks from [%clk] as a second series, the shown move marked.
 * A click shows the move under the pointer, a drag runs through the
 * moves. It hides itself when the game
 * has neither evals nor clocks, and while it is being played (neither in
 * analysis mode nor over).
 *
 * An engine analysis still running (CaissaGameAnalysis) adds its results
 * to the positions whose comments have no [%eval] yet, as they come.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-game.h"
#include "caissa-game-analysis.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_EVAL_GRAPH (caissa_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEvalGraph, caissa_eval_graph, CAISSA, EVAL_GRAPH, GtkWidget)

GtkWidget  *caissa_eval_graph_new          (void);
void        caissa_eval_graph_set_game     (CaissaEvalGraph    *self,
                                            CaissaGame         *game);
/* The analysis running on the game, or NULL. */
void        caissa_eval_graph_set_analysis (CaissaEvalGraph    *self,
                                            CaissaGameAnalysis *analysis);
/* Re-reads the game (its comments were edited). */
void        caissa_eval_graph_refresh      (CaissaEvalGraph    *self);

/* Main-line positions (plies + 1), how many have an evaluation (from the
 * comments or the analysis) and a clock time, and the ply marked (-1 for
 * none). */
guint       caissa_eval_graph_get_n_points (CaissaEvalGraph    *self);
guint       caissa_eval_graph_get_n_evals  (CaissaEvalGraph    *self);
guint       caissa_eval_graph_get_n_clocks (CaissaEvalGraph    *self);
int         caissa_eval_graph_get_marked   (CaissaEvalGraph    *self);
/* The x (widget coordinates) where ply is drawn. */
double      caissa_eval_graph_ply_x        (CaissaEvalGraph    *self,
                                            guint               ply);
/* White's expected score at ply (0.5 when unknown) and whether it is
 * known; the eval as written ("+0.35", "#-3") into text (16 bytes). */
gboolean    caissa_eval_graph_get_eval     (CaissaEvalGraph    *self,
                                            guint               ply,
                                            double             *white_win,
                                            char               *text);

G_END_DECLS
