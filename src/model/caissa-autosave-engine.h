/* caissa-autosave-engine.h — the computer opponent of a game kept on disk
 * (CaissaAutosave's own; see caissa-autosave.h): which engine, on which
 * side, at which level and think time, so that a resumed game goes on
 * against the same opponent.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "caissa-game.h"

G_BEGIN_DECLS

/* Limits a saved opponent must keep within (the New Game dialog's). */
#define CAISSA_AUTOSAVE_ENGINE_MAX_LEVEL 8
#define CAISSA_AUTOSAVE_ENGINE_MIN_MOVE_TIME_MS 100
#define CAISSA_AUTOSAVE_ENGINE_MAX_MOVE_TIME_MS (600 * 1000)

typedef struct
{
  char        *command;       /* NULL: both sides are people */
  CaissaColor  side;
  guint        level;         /* 1–8 */
  guint        move_time_ms;  /* per move in a game without a clock */
} CaissaAutosaveEngine;

void      _caissa_autosave_engine_clear (CaissaAutosaveEngine       *engine);
void      _caissa_autosave_engine_copy  (CaissaAutosaveEngine       *dest,
                                         const CaissaAutosaveEngine *src);
/* Sets engine (command NULL: none; level and think time brought within
 * the limits); TRUE when that changed it. */
gboolean  _caissa_autosave_engine_set   (CaissaAutosaveEngine       *engine,
                                         const char                 *command,
                                         CaissaColor                 side,
                                         guint                       level,
                                         guint                       move_time_ms);
/* The command (NULL: none) and the rest through the pointers that are
 * not NULL. */
const char *_caissa_autosave_engine_get (const CaissaAutosaveEngine *engine,
                                         CaissaColor                *side,
                                         guint                      *level,
                                         guint                      *move_time_ms);
/* Keys engine, engine-side, engine-level, engine-move-time in group;
 * nothing when there is no engine. */
void      _caissa_autosave_engine_write (const CaissaAutosaveEngine *engine,
                                         GKeyFile                   *file,
                                         const char                 *group);
/* Reads them back: TRUE with no engine when engine is absent; FALSE with
 * *reason (translated, lower case, naming the key) when a value is bad. */
gboolean  _caissa_autosave_engine_read  (CaissaAutosaveEngine       *engine,
                                         GKeyFile                   *file,
                                         const char                 *group,
                                         char                      **reason);

G_END_DECLS
