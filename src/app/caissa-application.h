/* caissa-application.h — the application: actions, accelerators, windows.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_APPLICATION (caissa_application_get_type ())
G_DECLARE_FINAL_TYPE (CaissaApplication, caissa_application, CAISSA, APPLICATION, AdwApplication)

CaissaApplication *caissa_application_new          (void);
/* The app's settings, or NULL when the schema is neither installed nor in
 * the build tree (the app then runs with defaults). */
GSettings         *caissa_application_get_settings (CaissaApplication *self);

G_END_DECLS
