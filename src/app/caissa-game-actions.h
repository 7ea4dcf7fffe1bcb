/* caissa-game-actions.h — the game's actions by the clock: Offer Draw,
 * Claim Draw, Take Back and Resign, or Accept and Decline while an offer
 * stands.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The buttons activate the window's actions (win.offer-draw,
 * win.claim-draw, win.claim-draw-next-move, win.undo, win.resign,
 * win.accept-draw, win.decline-draw), which are enabled as the rules
 * allow; this widget follows the game to say in each button's tooltip
 * what it does or why it cannot, to highlight a claim that would be
 * correct, and to put Accept and Decline in the place of the row while a
 * draw offer stands.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_GAME_ACTIONS (caissa_game_actions_get_type ())
G_DECLARE_FINAL_TYPE (CaissaGameActions, caissa_game_actions, CAISSA, GAME_ACTIONS, GtkWidget)

GtkWidget  *caissa_game_actions_new        (void);
void        caissa_game_actions_set_game   (CaissaGameActions *self,
                                            CaissaGame        *game);
/* The buttons by name, for tests: "offer", "claim", "claim-next",
 * "take-back", "resign", "accept", "decline". */
GtkWidget  *caissa_game_actions_get_button (CaissaGameActions *self,
                                            const char        *name);
/* TRUE while Accept and Decline take the row's place. */
gboolean    caissa_game_actions_get_answering (CaissaGameActions *self);

G_END_DECLS
