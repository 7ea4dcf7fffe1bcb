/* caissa-autosave-slot.h — a second place for a game in progress: the
 * one kept for later when a new game takes its place (Ctrl+N), offered
 * again at the next start of Caissa.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The autosave keeps the game being played in PATH (and its running
 * clock in PATH.clock). A game set aside goes to PATH.kept (and
 * PATH.kept.clock), so that the new game is kept in PATH meanwhile.
 */
#pragma once

#include "caissa-autosave.h"

G_BEGIN_DECLS

/* PATH.kept. */
char     *caissa_autosave_kept_path  (const char      *path);
/* Saves the game now and moves its file to the second place (replacing a
 * game set aside before: one is kept). The autosave keeps no game after
 * (set the next one). FALSE, with nothing moved, when the save or the
 * move fails. */
gboolean  caissa_autosave_set_aside  (CaissaAutosave  *self,
                                      GError         **error);
/* Moves the game set aside back to path when path holds none (at a
 * start, or when the new game it made way for was not started). TRUE
 * when one came back. */
gboolean  caissa_autosave_bring_back (const char      *path,
                                      GError         **error);

G_END_DECLS
