/* caissa-window-eco.h — the opening of the shown line, for the window's
 * subtitle.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-game.h"

G_BEGIN_DECLS

/* "B90 Sicilian Defense: Najdorf Variation": the last named position on
 * the path from the start to the shown move (chess-eco.h), so it follows
 * the moves as they are played and the move shown in review; NULL when
 * nothing is named yet. The names stay English, as in the opening set. */
char *_caissa_window_opening_text (CaissaGame *game);

G_END_DECLS
