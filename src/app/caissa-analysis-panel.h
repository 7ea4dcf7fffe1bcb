/* caissa-analysis-panel.h — a UCI engine's view of the shown position:
 * 1–5 lines (MultiPV), each with its evaluation from White's point of
 * view (+0.34, #5, −#3), the depth and speed, and its moves in SAN; a
 * click on a move plays the line up to it into the game (a variation).
 * The best move is drawn on the board as an arrow, the evaluation in an
 * evaluation bar.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel follows the game's shown position and restarts the search on
 * every change while it is "active"; the engine runs until a depth or time
 * limit (0: none). "blocked-reason" (a sentence) replaces the lines and
 * stops the engine, e.g. while a clocked game between people runs. An
 * engine that fails is named with what it did; activating again retries.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-board.h"
#include "caissa-eval-bar.h"
#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_ANALYSIS_PANEL (caissa_analysis_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaissaAnalysisPanel, caissa_analysis_panel, CAISSA, ANALYSIS_PANEL, GtkBox)

GtkWidget  *caissa_analysis_panel_new               (void);
void        caissa_analysis_panel_set_game          (CaissaAnalysisPanel *self,
                                                     CaissaGame          *game);
/* Where the best move's arrow and the evaluation go (may be NULL). */
void        caissa_analysis_panel_set_board         (CaissaAnalysisPanel *self,
                                                     CaissaBoard         *board);
void        caissa_analysis_panel_set_eval_bar      (CaissaAnalysisPanel *self,
                                                     CaissaEvalBar       *bar);
/* The engine: a path or a name on PATH; NULL or "" for the first found. */
void        caissa_analysis_panel_set_engine_command (CaissaAnalysisPanel *self,
                                                      const char          *command);
/* The stored engine options (engine-options) are given to its engines. */
void        caissa_analysis_panel_set_settings      (CaissaAnalysisPanel *self,
                                                     GSettings           *settings);
void        caissa_analysis_panel_set_n_lines       (CaissaAnalysisPanel *self,
                                                     guint                n_lines);
/* 0 for no limit. */
void        caissa_analysis_panel_set_limits        (CaissaAnalysisPanel *self,
                                                     int                  depth,
                                                     guint                seconds);
void        caissa_analysis_panel_set_figurines     (CaissaAnalysisPanel *self,
                                                     gboolean             figurines);
gboolean    caissa_analysis_panel_get_active        (CaissaAnalysisPanel *self);
void        caissa_analysis_panel_set_active        (CaissaAnalysisPanel *self,
                                                     gboolean             active);
void        caissa_analysis_panel_set_blocked_reason (CaissaAnalysisPanel *self,
                                                      const char          *reason);

/* What is shown, for tests: the number of lines, and line i as
 * "SCORE depth N: SAN …". */
guint       caissa_analysis_panel_get_n_lines_shown (CaissaAnalysisPanel *self);
char       *caissa_analysis_panel_dup_line_text     (CaissaAnalysisPanel *self,
                                                     guint                index);
/* Plays line index up to and including its move n (0-based), as a click
 * on that move does: from the shown position, a variation where the game
 * goes on otherwise. A finished game is put in analysis mode for it (its
 * moves and result stay). */
gboolean    caissa_analysis_panel_play_line         (CaissaAnalysisPanel *self,
                                                     guint                index,
                                                     guint                n);

/* The first engine found on this system, or NULL. */
char       *caissa_find_default_engine              (void);

G_END_DECLS
