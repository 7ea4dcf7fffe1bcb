/* caissa-tooltip.h — tooltips with a width.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8's tooltip label has no width of its own: a long tooltip runs
 * across the screen on one line, and where it must wrap, Chinese text,
 * which has no spaces to break at, can fall to one character per line.
 * A widget given to caissa_tooltip_wrap() shows its tooltip-text in a
 * label that wraps at about 60 characters (a width in characters, so
 * Chinese and English lines come out alike).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void caissa_tooltip_wrap (GtkWidget *widget);

G_END_DECLS
