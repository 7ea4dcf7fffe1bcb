/* caissa-sound-player.h — the sounds of src/model/caissa-sounds.h played
 * through GSound and the freedesktop sound theme.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Silent where no sound server runs: a sound is only sent to a PulseAudio
 * server (PipeWire's pulse server counts) that is there, and a failure is
 * a debug message, never an error or warning on stderr (ALSA's own
 * complaints are avoided by never using the ALSA driver).
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-sounds.h"

G_BEGIN_DECLS

/* TRUE when a sound server looks reachable: $PULSE_SERVER is set, or
 * $XDG_RUNTIME_DIR/pulse/native is a socket. */
gboolean caissa_sound_player_have_server (void);
/* Plays sound now, or does nothing (see above). */
void     caissa_sound_player_play        (CaissaSound       sound);
/* Every CaissaWindow of app, now and later, gets a CaissaSounds on its
 * game, played by the player, "enabled" bound to the "sounds" key of
 * settings (may be NULL: sounds on). The CaissaSounds is kept as the
 * window's "caissa-sounds" data. */
void     caissa_sound_player_attach      (GtkApplication   *app,
                                          GSettings        *settings);

G_END_DECLS
