/* caissa-help.h — the user manual (help/, Mallard) in the help viewer.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Opens "help:caissa" (page NULL) or "help:caissa/PAGE" in the program the
 * desktop has for help: URIs (Yelp). When there is none, or it cannot be
 * started, a message dialog on parent says so and what to install —
 * never a silent failure. */
void caissa_help_show (GtkWindow  *parent,
                       const char *page);

G_END_DECLS
