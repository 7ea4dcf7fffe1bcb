/* caissa-adaptive-box.h — the board beside its side panel, or above it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two children: the board, always allocated square and as large as fits,
 * and the panel. At least "threshold" pixels wide the panel stands to the
 * right of the board with "panel-width" pixels (up to "panel-max-width",
 * when set, as the width allows: a third of it, and what a board as high
 * as the box leaves); below that it goes under
 * the board and takes the height the board leaves, unless the height is
 * too small for the panel's minimum under the smallest board, or side by
 * side gives the board more room (then side by side, where the width
 * allows both). The board shrinks to its minimum before the panel gets
 * less than its own. Deciding this in size_allocate (GTK 4.8 has no
 * breakpoints) keeps the switch free of a relayout on the next frame.
 *
 * The minimum height for a width is the least of the layouts that width
 * allows, so a window never gets shorter than its stacked panel needs.
 * Asked without a width, it answers for
 * the width it was last given.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_ADAPTIVE_BOX (caissa_adaptive_box_get_type ())
G_DECLARE_FINAL_TYPE (CaissaAdaptiveBox, caissa_adaptive_box, CAISSA, ADAPTIVE_BOX, GtkWidget)

GtkWidget *caissa_adaptive_box_new        (void);
GtkWidget *caissa_adaptive_box_get_board  (CaissaAdaptiveBox *self);
void       caissa_adaptive_box_set_board  (CaissaAdaptiveBox *self,
                                           GtkWidget         *board);
GtkWidget *caissa_adaptive_box_get_panel  (CaissaAdaptiveBox *self);
void       caissa_adaptive_box_set_panel  (CaissaAdaptiveBox *self,
                                           GtkWidget         *panel);
/* TRUE while the panel is under the board. */
gboolean   caissa_adaptive_box_get_narrow (CaissaAdaptiveBox *self);

G_END_DECLS
