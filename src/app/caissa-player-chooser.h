/* caissa-player-chooser.h — the New Game dialog's choice of opponent: another
 * person, or the computer (a UCI engine) at a level 1–8 with the side the
 * player takes, and how long it thinks per move without a clock.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-enums.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_PLAYER_CHOOSER (caissa_player_chooser_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPlayerChooser, caissa_player_chooser, CAISSA, PLAYER_CHOOSER, AdwPreferencesGroup)

typedef enum
{
  CAISSA_PLAY_AS_WHITE,
  CAISSA_PLAY_AS_BLACK,
  CAISSA_PLAY_AS_RANDOM,
} CaissaPlayAs;

GtkWidget   *caissa_player_chooser_new            (void);

/* Reads and writes the choice from/to the settings (opponent, engine-level,
 * play-as, engine-move-time); NULL settings leave the defaults. */
void         caissa_player_chooser_load           (CaissaPlayerChooser *self,
                                                   GSettings           *settings);
void         caissa_player_chooser_save           (CaissaPlayerChooser *self,
                                                   GSettings           *settings);

gboolean     caissa_player_chooser_get_vs_engine  (CaissaPlayerChooser *self);
void         caissa_player_chooser_set_vs_engine  (CaissaPlayerChooser *self,
                                                   gboolean             vs_engine);
guint        caissa_player_chooser_get_level      (CaissaPlayerChooser *self);
void         caissa_player_chooser_set_level      (CaissaPlayerChooser *self,
                                                   guint                level);
CaissaPlayAs caissa_player_chooser_get_play_as    (CaissaPlayerChooser *self);
void         caissa_player_chooser_set_play_as    (CaissaPlayerChooser *self,
                                                   CaissaPlayAs         play_as);
/* Seconds per move in a game without a clock. */
guint        caissa_player_chooser_get_move_time  (CaissaPlayerChooser *self);
void         caissa_player_chooser_set_move_time  (CaissaPlayerChooser *self,
                                                   guint                seconds);
/* The side the engine plays: NONE against a person; "Random" is drawn
 * once per call. */
CaissaColor  caissa_player_chooser_pick_engine_side (CaissaPlayerChooser *self);

/* The name shown for a level, e.g. "Level 3 · casual". */
char        *caissa_engine_level_describe         (guint                level);

G_END_DECLS
