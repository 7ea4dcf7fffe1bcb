/* caissa-sounds.h — which sound a game asks for, and when.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaSounds watches one CaissaGame and the clock it is played under
 * and emits "sound" for each event that has a sound, while "enabled":
 *   - a move: MOVE, CAPTURE (a piece taken, en passant too) or CHECK (a
 *     check wins over a capture);
 *   - LOW_TIME: the side whose clock runs has 10 s or less left — once per
 *     side and time-control period (not again as the tenths run down);
 *   - FLAG: the game ended by a flag (lost or drawn on time);
 *   - GAME_END: the game ended otherwise — a mate, stalemate or draw rule
 *     brought by a move (instead of that move's sound), a resignation, an
 *     agreed draw, a claim (a claim declared with a move: that move's
 *     sound, then the end's).
 * A game read from a file or set up (its result already there) makes no
 * sound. Nothing here plays anything: the app connects "sound" to a
 * player (src/app/caissa-sound-player.h); tests connect a recorder.
 */
#pragma once

#include "caissa-game.h"

G_BEGIN_DECLS

typedef enum
{
  CAISSA_SOUND_MOVE,
  CAISSA_SOUND_CAPTURE,
  CAISSA_SOUND_CHECK,
  CAISSA_SOUND_LOW_TIME,
  CAISSA_SOUND_FLAG,
  CAISSA_SOUND_GAME_END,
  CAISSA_SOUND_N_SOUNDS
} CaissaSound;

/* The time left, in ms, at which LOW_TIME sounds. */
#define CAISSA_SOUNDS_LOW_TIME_MS 10000

/* The freedesktop sound theme's event id for sound ("bell", …), and a
 * short English name for logs and tests ("move", "capture", …). */
const char   *caissa_sound_get_event_id   (CaissaSound  sound);
const char   *caissa_sound_get_name       (CaissaSound  sound);

#define CAISSA_TYPE_SOUNDS (caissa_sounds_get_type ())
G_DECLARE_FINAL_TYPE (CaissaSounds, caissa_sounds, CAISSA, SOUNDS, GObject)

/* Properties: "game" (CaissaGame, read-write), "enabled" (boolean,
 * read-write, TRUE by default). Signal: "sound" (guint CaissaSound). */
CaissaSounds *caissa_sounds_new           (CaissaGame   *game);
CaissaGame   *caissa_sounds_get_game      (CaissaSounds *self);
void          caissa_sounds_set_game      (CaissaSounds *self,
                                           CaissaGame   *game);
gboolean      caissa_sounds_get_enabled   (CaissaSounds *self);
void          caissa_sounds_set_enabled   (CaissaSounds *self,
                                           gboolean      enabled);

G_END_DECLS
