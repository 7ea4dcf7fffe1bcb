/* caissa-move-list.h — the scoresheet: the main line as numbered SAN pairs.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Clicking a move shows its position; the shown move is marked; new moves
 * scroll into view.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_MOVE_LIST (caissa_move_list_get_type ())
G_DECLARE_FINAL_TYPE (CaissaMoveList, caissa_move_list, CAISSA, MOVE_LIST, GtkWidget)

GtkWidget  *caissa_move_list_new      (void);
CaissaGame *caissa_move_list_get_game (CaissaMoveList *self);
void        caissa_move_list_set_game (CaissaMoveList *self,
                                       CaissaGame     *game);

G_END_DECLS
