/* caissa-new-game-dialog.h — players' names, the start position and the
 * clock.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-player-chooser.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_NEW_GAME_DIALOG (caissa_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CaissaNewGameDialog, caissa_new_game_dialog, CAISSA, NEW_GAME_DIALOG, AdwWindow)

/* Emits "start" when the user starts the game with valid input; the
 * caller reads the fields and closes the dialog. */
CaissaNewGameDialog *caissa_new_game_dialog_new            (GtkWindow           *parent,
                                                            const char          *white_name,
                                                            const char          *black_name);
const char          *caissa_new_game_dialog_get_white_name (CaissaNewGameDialog *self);
const char          *caissa_new_game_dialog_get_black_name (CaissaNewGameDialog *self);
/* NULL for the initial position. */
const char          *caissa_new_game_dialog_get_fen        (CaissaNewGameDialog *self);
void                 caissa_new_game_dialog_set_fen        (CaissaNewGameDialog *self,
                                                            const char          *fen);
/* The clock: a PGN TimeControl value ("-" for no clock) — a preset, or a
 * custom value checked as it is typed — and the casual auto-press. */
const char          *caissa_new_game_dialog_get_time_control (CaissaNewGameDialog *self);
void                 caissa_new_game_dialog_set_time_control (CaissaNewGameDialog *self,
                                                              const char          *time_control);
gboolean             caissa_new_game_dialog_get_auto_press   (CaissaNewGameDialog *self);
void                 caissa_new_game_dialog_set_auto_press   (CaissaNewGameDialog *self,
                                                              gboolean             auto_press);
/* Another person or the computer (read by the caller on "start"). */
CaissaPlayerChooser *caissa_new_game_dialog_get_player_chooser (CaissaNewGameDialog *self);

G_END_DECLS
