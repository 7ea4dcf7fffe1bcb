/* caissa-window-navigation.h — the move buttons' keys wherever the focus
 * is, and the line that says which move is shown.
 *
 * The window's plain-key shortcuts (←/→ Home End, F; caissa-window.ui)
 * come after the focused widget has had the key. A text field and the
 * game list keep most keys, but ←/→ go to the board's navigation unless a
 * text field needs them: in the game list (whose ↑/↓ move its selection
 * and Enter opens the game) and in an empty single-line field they show
 * the previous and next move; in a field with text they move its cursor.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-window.h"

G_BEGIN_DECLS

void  _caissa_window_navigation_init (CaissaWindow *self);

/* "After 6. Nf3 (move 6 of 38)", "Start position (38 moves)": the shown
 * position counted in moves as the move list counts them; NULL when the
 * end of the main line is shown. */
char *_caissa_window_shown_move_text (CaissaGame   *game);

/* The status line for the shown position when it is not the end of the
 * main line ("White to move", "Black to move — check"), or NULL. */
char *_caissa_window_shown_status    (CaissaGame   *game);

G_END_DECLS
