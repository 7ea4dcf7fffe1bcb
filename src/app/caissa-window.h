/* caissa-window.h — the main window: the board, the side panel (players,
 * clock slot, scoresheet, status) and the game's actions.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-application.h"
#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_WINDOW (caissa_window_get_type ())
G_DECLARE_FINAL_TYPE (CaissaWindow, caissa_window, CAISSA, WINDOW, AdwApplicationWindow)

CaissaWindow *caissa_window_new            (CaissaApplication *application);
CaissaGame   *caissa_window_get_game       (CaissaWindow      *self);
/* Starts a new game: the names may be NULL or empty ("White"/"Black" are
 * shown), fen NULL for the initial position. On a bad FEN nothing changes.
 * The game gets a fresh clock under the window's time control. */
gboolean      caissa_window_start_game     (CaissaWindow      *self,
                                            const char        *white_name,
                                            const char        *black_name,
                                            const char        *fen,
                                            GError           **error);
/* The time control (a PGN TimeControl value, "-" for none) and the
 * auto-press setting of the games started from now on (remembered in the
 * settings). A bad value is refused and changes nothing. */
gboolean      caissa_window_set_time_control (CaissaWindow  *self,
                                              const char    *time_control,
                                              gboolean       auto_press,
                                              GError       **error);
const char   *caissa_window_get_time_control (CaissaWindow  *self);
/* The clock of the game in progress, NULL when it is played without. */
CaissaClock  *caissa_window_get_clock        (CaissaWindow  *self);
/* The box the clock face goes into (empty until a clock is set up). */
GtkBox       *caissa_window_get_clock_slot (CaissaWindow      *self);
GtkWidget    *caissa_window_get_board      (CaissaWindow      *self);
/* A line-oriented description of the state, for tests driving the app from
 * outside: "fen …", "outcome …", "board X Y SIZE" (in the toplevel
 * surface's pixels), "clock-running white|black|none", "clock-button
 * white X Y W H", … */
char         *caissa_window_describe_state (CaissaWindow      *self);

/* The sentence for a finished game, e.g. "Black wins by checkmate". */
char         *caissa_outcome_describe      (CaissaOutcome        outcome,
                                            CaissaOutcomeReason  reason);

G_END_DECLS
