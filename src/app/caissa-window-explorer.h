/* caissa-window-explorer.h — the window's opening explorer and position
 * search (caissa-window-explorer.c, private to the window).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaExplorer follows the file the game list shows, made when the
 * panel is first shown or a search is first asked for (its data is then
 * built in the background, or read from the cache). The explorer panel
 * (CaissaExplorerPanel) goes under the move list, shown and hidden by a
 * header-bar toggle and Ctrl+E (win.explorer). "Find games with this
 * position" (win.find-position: the panel's Games button, the board's
 * context menu) and the pattern search (win.search-pattern, Ctrl+Shift+F)
 * fill the game list with the games found, each with its first matching
 * ply, which opening the game shows.
 *
 * None of it is available during a game under a clock that is not over
 * (the players would be helped): the toggle is insensitive with a tooltip
 * that says why, the panel hidden, the searches disabled; it comes back
 * in review, in games without a clock and once the game is over.
 */
#pragma once

#include "caissa-window.h"

G_BEGIN_DECLS

/* Hooks for caissa-window.c. */
void     _caissa_window_explorer_class_init (GtkWidgetClass *widget_class);
/* After the review's init (it uses the game list and the board). */
void     _caissa_window_explorer_init       (CaissaWindow   *self);
/* Lines "explorer-shown 0|1", "explorer-allowed 0|1",
 * "explorer-data none|building|ready" and the panel's lines
 * (caissa_explorer_panel_describe()). */
void     _caissa_window_explorer_describe   (CaissaWindow   *self,
                                             GString        *out);

/* For tests: the panel, and the toggle in the header bar. */
GtkWidget *caissa_window_get_explorer_panel  (CaissaWindow  *self);
GtkWidget *caissa_window_get_explorer_toggle (CaissaWindow  *self);

G_END_DECLS
