/* caissa-engine-preferences.h — the Preferences' "Engines" page: the UCI
 * engines found (stockfish on PATH, /usr/games/stockfish) and those added
 * by path, each shown by its "id name"; the one chosen and its options;
 * the analysis panel's limits.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Settings: engine-path, engines, engine-options, analysis-lines,
 * analysis-depth, analysis-time, game-analysis-depth.
 */
#pragma once

#include <adwaita.h>

#include "caissa-engine.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_ENGINE_PREFERENCES (caissa_engine_preferences_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEnginePreferences, caissa_engine_preferences, CAISSA, ENGINE_PREFERENCES,
                      AdwPreferencesPage)

GtkWidget *caissa_engine_preferences_new         (GSettings               *settings);
/* Adds the engine at path (checked by starting it): as the button does
 * after the file chooser. */
void       caissa_engine_preferences_add_engine  (CaissaEnginePreferences *self,
                                                  const char              *path);
/* The rows' text, for tests: "NAME\tPATH" per engine, one a line. */
char      *caissa_engine_preferences_describe    (CaissaEnginePreferences *self);

/* Gives engine "Threads" one less than the processors (1–8) where
 * offered, then the options stored in settings' "engine-options" (sent
 * once its handshake is done). */
/* The niceness (caissa_engine_set_nice ()) of an engine that analyses
 * while the user works (the analysis panel, Analyse this Game): its
 * search yields the CPU to the window's drawing. An opponent keeps the
 * normal priority: its thinking time is on the clock. */
#define CAISSA_ANALYSIS_ENGINE_NICE 10

void       caissa_engine_apply_stored_options    (CaissaEngine            *engine,
                                                  GSettings               *settings);

G_END_DECLS
