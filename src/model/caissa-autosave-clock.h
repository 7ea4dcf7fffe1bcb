/* caissa-autosave-clock.h — the running clock kept beside the saved game
 * about once a second (CaissaAutosave's own; see the .c file's top).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* PATH.clock, beside the saved game at path. */
char     *_caissa_autosave_clock_path          (const char  *path);
/* Replaces PATH.clock (rename, no fsync) with state, continuing the saved
 * game whose serial is serial. */
gboolean  _caissa_autosave_clock_write         (const char  *path,
                                                const char  *serial,
                                                GVariant    *state,
                                                GError     **error);
void      _caissa_autosave_clock_remove        (const char  *path);
/* The clock state of PATH.clock when it continues the save serial and
 * can be read (a new reference; *saved_at when it says), else NULL. */
GVariant *_caissa_autosave_clock_read          (const char  *path,
                                                const char  *serial,
                                                GDateTime  **saved_at);
/* Whether a clock state was running when saved. */
gboolean  _caissa_autosave_clock_state_running (GVariant    *state);

G_END_DECLS
