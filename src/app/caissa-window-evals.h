/* caissa-window-evals.h — the evaluations written in the game ([%eval],
 * [%clk]) in the window: the graph under the move list and the bar beside
 * the board (the analysis panel's bar while it is closed). An engine
 * analysis of the game adds its results to the graph as they come.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-eval-graph.h"
#include "caissa-window.h"

G_BEGIN_DECLS

CaissaEvalGraph *caissa_window_get_eval_graph      (CaissaWindow       *self);

void             _caissa_window_evals_init         (CaissaWindow       *self);
/* The game changed (from update_actions ()). */
void             _caissa_window_evals_update       (CaissaWindow       *self);
void             _caissa_window_evals_set_analysis (CaissaWindow       *self,
                                                    CaissaGameAnalysis *analysis);
void             _caissa_window_evals_describe     (CaissaWindow       *self,
                                                    GString            *out);

G_END_DECLS
