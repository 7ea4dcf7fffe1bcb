/* test-util-gtk.h — helpers the display tests share.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "test-util.h"

G_BEGIN_DECLS

/* Lets widget's window paint one frame with everything changed so far
 * (fails the test after 10 s). */
void test_util_wait_for_frame (GtkWidget *widget);

G_END_DECLS
