/* caissa-split-view.h — the game list beside the board, or over it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two children, the list ("flap", on the left) and the content (the
 * board and its side panel). At least "fold-threshold" pixels wide and
 * with the flap revealed, the two stand side by side with a handle
 * between them that the user drags: the flap is "flap-width" wide
 * (-1: "flap-share" of the width), always leaving the content at least
 * "content-width" (the board and the move list keep useful room on a
 * small window) and the flap its own minimum. Narrower, the view is
 * "folded": the revealed flap is a page that covers the content, closed
 * again by unrevealing it. The API follows AdwFlap's, whose place it
 * took: AdwFlap gives its flap only its natural width, not resizable.
 * Like CaissaAdaptiveBox, the layout is decided in size_allocate.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_SPLIT_VIEW (caissa_split_view_get_type ())
G_DECLARE_FINAL_TYPE (CaissaSplitView, caissa_split_view, CAISSA, SPLIT_VIEW, GtkWidget)

GtkWidget *caissa_split_view_new             (void);
void       caissa_split_view_set_flap        (CaissaSplitView *self,
                                              GtkWidget       *flap);
void       caissa_split_view_set_content     (CaissaSplitView *self,
                                              GtkWidget       *content);
gboolean   caissa_split_view_get_reveal_flap (CaissaSplitView *self);
void       caissa_split_view_set_reveal_flap (CaissaSplitView *self,
                                              gboolean         reveal);
/* TRUE while the flap, when revealed, covers the content. */
gboolean   caissa_split_view_get_folded      (CaissaSplitView *self);
int        caissa_split_view_get_flap_width  (CaissaSplitView *self);
void       caissa_split_view_set_flap_width  (CaissaSplitView *self,
                                              int              width);
/* The flap's width as last allocated beside the content (0: not shown so). */
int        caissa_split_view_get_shown_flap_width (CaissaSplitView *self);

G_END_DECLS
