/* caissa-game-list-columns.h — the game list's column widths, as the
 * user left them, kept in GSettings.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-game-list.h"

G_BEGIN_DECLS

/* The widths of settings' "game-list-columns" (column id → pixels) given
 * to the list's columns now, and every width the user sets by dragging a
 * column's edge stored there (a column never resized keeps its automatic
 * width and is not stored). */
void caissa_game_list_remember_columns (CaissaGameList *self,
                                        GSettings      *settings);

G_END_DECLS
