/* caissa-window-engine.h — the window's part of issue 15: a game against
 * the computer (CaissaEnginePlayer), the analysis panel with its
 * evaluation bar (win.analysis, Ctrl+Shift+A, the header's button) and
 * "Analyse this Game" (win.analyse-game).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Its state hangs on the window (object data): caissa-window.c calls the
 * hooks below and knows nothing else of it.
 */
#pragma once

#include "caissa-analysis-panel.h"
#include "caissa-engine-player.h"
#include "caissa-player-chooser.h"
#include "caissa-window.h"

#include "caissa-autosave.h"

G_BEGIN_DECLS

/* The engine plays side (NONE: nobody) of the game just started, at level
 * 1–8, thinking move_time_ms a move when there is no clock. The engine is
 * the one chosen in the preferences, or the first found. */
void                caissa_window_play_engine        (CaissaWindow *self,
                                                      CaissaColor   side,
                                                      guint         level,
                                                      guint         move_time_ms);
/* Starts the engine ahead (its handshake takes a while): the next
 * caissa_window_play_engine () with the same engine uses it. Called when
 * the New Game dialog opens with the computer as the opponent. */
void                caissa_window_prepare_engine     (CaissaWindow *self);
/* The same for a New Game dialog's chooser: now if it says the computer,
 * and whenever the user picks the computer in it. */
void                caissa_window_prepare_engine_for (CaissaWindow        *self,
                                                      CaissaPlayerChooser *chooser);
/* The engine started ahead and not yet used, or NULL (for tests). */
CaissaEngine       *caissa_window_get_prepared_engine (CaissaWindow *self);
CaissaEnginePlayer *caissa_window_get_engine_player  (CaissaWindow *self);
/* The engine to use in place of the preferences' (NULL: theirs again);
 * for tests and the command line. */
void                caissa_window_set_engine_command (CaissaWindow *self,
                                                      const char   *command);
CaissaAnalysisPanel *caissa_window_get_analysis_panel (CaissaWindow *self);

/* Hooks for caissa-window.c, and the one it gives back: its actions and
 * status brought up to date. */
void                _caissa_window_refresh           (CaissaWindow   *self);
void                _caissa_window_engine_class_init (GtkWidgetClass *widget_class);
void                _caissa_window_engine_init       (CaissaWindow   *self);
/* A new game (or another game loaded) ends the engine's part in the old. */
void                _caissa_window_engine_game_started (CaissaWindow *self);
/* A game resumed from the autosave (caissa-window-autosave.c): against
 * the engine it was played against, if any, on its side, level and
 * think time. */
void                _caissa_window_engine_resumed    (CaissaWindow    *self,
                                                      CaissaSavedGame *saved);
/* Undo in a game against the engine (its reply goes too); FALSE when
 * the engine has no part in the game (the window's own undo applies). */
gboolean            _caissa_window_engine_undo       (CaissaWindow   *self);
gboolean            _caissa_window_engine_can_undo   (CaissaWindow   *self,
                                                      gboolean       *can);
/* The status line while the engine is to move, or NULL. */
char               *_caissa_window_engine_status     (CaissaWindow   *self);
/* The bar beside the board shows the evaluation written in the game
 * (shown, White's expected score, the score as written) while the
 * analysis panel is closed. */
void                _caissa_window_engine_show_file_eval (CaissaWindow *self,
                                                          gboolean      shown,
                                                          double        fraction,
                                                          const char   *text);
/* Game or clock state changed (from update_actions ()). */
void                _caissa_window_engine_update     (CaissaWindow   *self);
void                _caissa_window_engine_describe   (CaissaWindow   *self,
                                                      GString        *out);

G_END_DECLS
