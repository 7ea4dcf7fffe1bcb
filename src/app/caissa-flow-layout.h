/* caissa-flow-layout.h — lays children out like words in a paragraph.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Children are placed left to right at their natural width and wrap onto
 * the next line when the line is full; a child wider than the whole line
 * (a long comment label that wraps) gets a line of its own at the full
 * width. Used by the move list for variations and comments. GTK 4.8 has
 * no such container (GtkFlowBox aligns its children in columns).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_FLOW_LAYOUT (caissa_flow_layout_get_type ())
G_DECLARE_FINAL_TYPE (CaissaFlowLayout, caissa_flow_layout, CAISSA, FLOW_LAYOUT, GtkLayoutManager)

GtkLayoutManager *caissa_flow_layout_new         (void);
/* Space between children on a line, and between lines, in pixels. */
void              caissa_flow_layout_set_spacing (CaissaFlowLayout *self,
                                                  int               column_spacing,
                                                  int               row_spacing);

/* A glued child stays on the line of the child before it (a closing
 * parenthesis after the last move of a variation; the first move after an
 * opening one). */
void              caissa_flow_layout_set_glued   (GtkWidget        *child,
                                                  gboolean          glued);
gboolean          caissa_flow_layout_get_glued   (GtkWidget        *child);

G_END_DECLS
