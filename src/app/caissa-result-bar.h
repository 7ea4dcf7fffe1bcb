/* caissa-result-bar.h — a bar split into White wins, draws and Black
 * wins, each part as wide as its share, with its percentage written in it
 * when there is room (the opening explorer's bar, as on lichess).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_RESULT_BAR (caissa_result_bar_get_type ())
G_DECLARE_FINAL_TYPE (CaissaResultBar, caissa_result_bar, CAISSA, RESULT_BAR, GtkWidget)

GtkWidget *caissa_result_bar_new        (void);
void       caissa_result_bar_set_counts (CaissaResultBar *self,
                                         guint64          white,
                                         guint64          draws,
                                         guint64          black);
/* The three shares in whole percents, adding up to 100 (0, 0, 0 when
 * there is no game): the largest remainders are rounded up. */
void       caissa_result_bar_percents   (guint64          white,
                                         guint64          draws,
                                         guint64          black,
                                         guint            percents[3]);

G_END_DECLS
