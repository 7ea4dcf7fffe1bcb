/* caissa-explorer-panel.h — the opening explorer: for the position a
 * CaissaGame shows, every move played from it in the open file's games,
 * as lichess shows it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row per move, sorted by games: the move, its number of games, a bar of
 * White wins / draws / Black wins with percentages, the average rating of
 * the player to move (the column is there only when the file has
 * ratings) and the last year it was played. Activating a row plays the
 * move in the game (a new variation in review). The panel follows the
 * shown position without blocking: each change cancels the query before
 * it. While the explorer's data is being built the counts are marked
 * partial, with the progress, and asked again as more games are covered;
 * they are final once the data covers the whole file. A panel not on
 * screen asks nothing (it catches up when shown).
 *
 * The Games button and the search button activate win.find-position and
 * win.search-pattern (caissa-window-explorer.c).
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-explorer.h"
#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_EXPLORER_PANEL (caissa_explorer_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaissaExplorerPanel, caissa_explorer_panel, CAISSA, EXPLORER_PANEL, GtkWidget)

GtkWidget      *caissa_explorer_panel_new          (void);
CaissaExplorer *caissa_explorer_panel_get_explorer (CaissaExplorerPanel *self);
/* NULL: no file open (the panel says so). */
void            caissa_explorer_panel_set_explorer (CaissaExplorerPanel *self,
                                                    CaissaExplorer      *explorer);
CaissaGame     *caissa_explorer_panel_get_game     (CaissaExplorerPanel *self);
void            caissa_explorer_panel_set_game     (CaissaExplorerPanel *self,
                                                    CaissaGame          *game);
/* Whether an answer is awaited (a query runs or is due). */
gboolean        caissa_explorer_panel_get_busy     (CaissaExplorerPanel *self);
/* Lines for caissa_window_describe_state(): "explorer-state
 * none|partial|final", "explorer-status TEXT", "explorer-progress 0|1",
 * "explorer-games-button LABEL", "explorer-marked-partial 0|1",
 * "explorer-games N", "explorer-fen FEN" (of the
 * position answered) and one "explorer-move SAN GAMES WHITE DRAWS BLACK
 * RATING YEAR" per row (RATING, YEAR: "-" when unknown). */
void            caissa_explorer_panel_describe     (CaissaExplorerPanel *self,
                                                    GString             *out);

G_END_DECLS
