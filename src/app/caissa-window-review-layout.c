/* caissa-window-review-layout.c — CaissaWindow's review part: room for
 * the evaluation bar beside the board.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * At 1000×720 with a file open the width is the game list's 240 px, the
 * board's 400 px with its margins and the move list's panel: the bar's
 * room is found by taking a little from the panel (its moves still fit
 * two to a row) and giving the board's part of the window that much more
 * than the default, so the game list is not squeezed below its minimum
 * and the board stays at least 400 px.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include "caissa-adaptive-box.h"
#include "caissa-window-review-private.h"

/* The split view's and the adaptive box's defaults (caissa-split-view.c,
 * caissa-adaptive-box.c), and what the bar's room takes from the panel. */
#define CONTENT_WIDTH      744
#define PANEL_WIDTH        320
#define PANEL_GIVES        18

void
_caissa_window_review_eval_room (CaissaWindow *window,
                                 gboolean      shown,
                                 int           room)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  GObject *box = gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW, "adaptive_box");

  if (review == NULL || box == NULL)
    return;
  g_object_set (box, "panel-width", shown ? PANEL_WIDTH - PANEL_GIVES : PANEL_WIDTH, NULL);
  g_object_set (review->flap, "content-width", shown ? CONTENT_WIDTH + room - PANEL_GIVES : CONTENT_WIDTH, NULL);
}
