/* caissa-window-autosave.h — CaissaWindow and the game in progress kept
 * on disk (caissa-window-autosave.c), and the two things of the window's
 * own file (caissa-window.c) that part uses.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-autosave.h"
#include "caissa-window.h"

G_BEGIN_DECLS

/* Called once, for the application's first window: keeps the window's
 * game in the file at path (caissa_autosave_default_path()). If the file
 * holds an unfinished game, asks "Resume the unfinished game?" first
 * (nothing is written until the answer); if it cannot be read, says why
 * and moves it aside. */
void            _caissa_window_start_autosave         (CaissaWindow *self,
                                                       const char   *path);
/* The autosave, or NULL when the window keeps nothing (widget tests). */
CaissaAutosave *_caissa_window_get_autosave           (CaissaWindow *self);
/* From the window's close-request: TRUE when the window must stay open
 * for now ("Keep this game for later?" is asked; the window closes
 * itself after the answer). */
gboolean        _caissa_window_autosave_close_request (CaissaWindow *self);

/* Work that waits for the answer to a question; data is freed after it
 * runs, or when it will not (Cancel). */
typedef void    (*CaissaWindowReplaceFunc)             (CaissaWindow *self,
                                                        gpointer      data);
/* Before another game takes the place of the window's (a file opened, a
 * game pasted; file_name NULL for the latter): while a game is being
 * played (caissa_autosave_is_worth_keeping()), asks "Keep This Game for
 * Later?" — Cancel, Discard or Keep, as at the close; only Cancel or
 * Discard when the window keeps nothing on disk — with its clock paused,
 * and runs then unless the answer was Cancel (the clock then runs on).
 * Keep saves the game and leaves the file alone until the next new game
 * (_caissa_window_autosave_game_started()) offers it. Without a game in
 * progress then runs at once. */
void            _caissa_window_autosave_replace_then  (CaissaWindow            *self,
                                                       const char              *file_name,
                                                       CaissaWindowReplaceFunc  then,
                                                       gpointer                 data,
                                                       GDestroyNotify           destroy);
/* Before the New Game dialog (Ctrl+N): while a game is being played,
 * asks "Keep This Game for Later?" as above, and runs then unless the
 * answer was Cancel. Keep saves the game in a second place
 * (caissa-autosave-slot.h), offered at the next start of Caissa; the
 * new game, once started, is kept in the first. */
void            _caissa_window_autosave_new_game_then (CaissaWindow            *self,
                                                       CaissaWindowReplaceFunc  then,
                                                       gpointer                 data,
                                                       GDestroyNotify           destroy);
/* The New Game dialog closed without a new game: a game set aside for it
 * comes back to its place, kept again. */
void            _caissa_window_autosave_new_game_cancelled (CaissaWindow *self);
/* From caissa_window_start_game(): a game kept for later when a file took
 * its place is offered now ("Resume the Unfinished Game?"), before the new
 * game is kept in its file. */
void            _caissa_window_autosave_game_started  (CaissaWindow *self);

/* From caissa_window_describe_state(): "white-name NAME", "black-name
 * NAME", "draw-offer white|black|none", "can-offer W B" (0/1 each),
 * "clock-ms W B" (remaining, exact), "game-menu-button X Y W H" (the Draw
 * or Resign menu's button, in the toplevel surface's pixels), "autosave
 * PATH" when the game is kept, "kept-for-later 0|1" (a game kept for
 * later waits on disk, offered at the next new game). */
void            _caissa_window_autosave_describe      (CaissaWindow *self,
                                                       GString      *out);

/* In caissa-window.c: shows toast (taking it) over the window's side
 * panel, its title as plain text wrapped to fit the panel. */
void            _caissa_window_add_toast              (CaissaWindow *self,
                                                       AdwToast     *toast);

G_END_DECLS
