/* caissa-nag-palette.h — NAGs as the user sees them: glyphs the font can
 * draw (else their ASCII form), and a palette to set them.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-game.h"

G_BEGIN_DECLS

/* TRUE when the fonts of widget's Pango context (fallback fonts
 * included) draw every character of text: no box for a missing glyph. */
gboolean    caissa_nag_font_covers  (GtkWidget  *widget,
                                     const char *text);
/* How nag is shown in widget: its glyph (chess-nag.h) when the fonts draw
 * it, else its ASCII form ("⩲" → "+="); "$n" only for an unknown NAG.
 * The string stays valid while the program runs. */
const char *caissa_nag_text         (GtkWidget  *widget,
                                     guint       nag);
/* What nag means, translated ("White is slightly better"); NULL when
 * unknown. */
const char *caissa_nag_describe     (guint       nag);

/* The palette: a popover of buttons for the move NAGs, the position NAGs
 * and the common signs (∆, N, ⇆…), pressed in for those the node has;
 * a button activates "win.nag" with the NAG (or "win.clear-nags"). */
GtkWidget  *caissa_nag_palette_new  (void);
void        caissa_nag_palette_show (GtkWidget       *palette,
                                     const ChessGame *game,
                                     ChessNodeId      node);

G_END_DECLS
