/* caissa-preferences-window.h — the preferences, and how they apply.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The preferences live in GSettings (io.github.caissa.Caissa). The window
 * edits them; the bind functions apply them, live, to every board and to
 * the style:
 *
 *   board-theme        CaissaBoard:theme ("brown", "green", "blue", "grey")
 *   piece-set          CaissaBoard:piece-set (by name; "caissa")
 *   show-coordinates   CaissaBoard:show-coordinates
 *   show-legal-moves   CaissaBoard:show-legal-moves
 *   animate            CaissaBoard:animate
 *   touch-move         CaissaBoard:touch-move
 *   color-scheme       AdwStyleManager:color-scheme ("default" follows the
 *                      system, "light", "dark")
 *
 * and, read by others: "auto-press" and "time-control" (the clock of new
 * games, a TimeControl value, "-" for none), "notation" ("letters" or
 * "figurines", for the scoresheet).
 */
#pragma once

#include <adwaita.h>

#include "caissa-board.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_PREFERENCES_WINDOW (caissa_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPreferencesWindow, caissa_preferences_window, CAISSA, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

CaissaPreferencesWindow *caissa_preferences_window_new          (GtkWindow       *parent,
                                                                 GSettings       *settings);
GSettings               *caissa_preferences_window_get_settings (CaissaPreferencesWindow *self);

/* Applies the board keys to board for as long as it lives. */
void                     caissa_preferences_bind_board          (GSettings       *settings,
                                                                 CaissaBoard     *board);
/* Applies "color-scheme" to the style manager. */
void                     caissa_preferences_bind_style          (GSettings       *settings,
                                                                 AdwStyleManager *style_manager);

G_END_DECLS
