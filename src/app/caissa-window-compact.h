/* caissa-window-compact.h — a side panel that leaves the board the room on
 * a narrow window.
 *
 * Below the adaptive box's threshold width (where the panel may go under
 * the board) the side panel is compact: its parts closer together, the
 * clock faces one short row with the players' names on them (the names'
 * own card then hidden), smaller type. So a 400 px wide window shows the
 * whole play page from about 600 px tall and, taller, gives the height to
 * the board, not to large clock faces.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-window.h"

G_BEGIN_DECLS

void     _caissa_window_compact_init    (CaissaWindow *self);
/* Called when the names or the clock change (caissa-window.c). */
void     _caissa_window_compact_update  (CaissaWindow *self);
gboolean _caissa_window_get_compact     (CaissaWindow *self);
/* After a toast was added to the window's overlay: the moves' area holds
 * it while it shows. */
void     _caissa_window_toast_shown     (CaissaWindow *self,
                                         AdwToast     *toast);

G_END_DECLS
