/* caissa-engine-player.h — the computer's side of a game: a CaissaEngine
 * playing one colour of a CaissaGame.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whenever the game is in progress, the end of its main line has the
 * engine's side to move and that side may move (under a clock: the clock
 * runs for it, not paused, no press awaited), the player sends the game's
 * moves to the engine and searches:
 *   - under a clock with wtime/btime (minus a safety margin for the time
 *     Caissa itself takes), winc/binc for a Fischer increment (a delay is
 *     given as no increment: conservative) and movestogo before a period
 *     ends; then plays the move and presses its clock at once;
 *   - without a clock for the per-move time it was given ("move-time").
 * A position change, a pause, an outcome or a take-back cancels a search;
 * its result is then dropped.
 *
 * Draws: an offer to the engine is answered at once by the rule of
 * chess_engine_accepts_draw () on the engine's last evaluation; when it
 * is to move and a threefold or fifty-move claim would be correct, as the
 * position stands or with its move, it claims by chess_engine_claims_draw ().
 * It never offers a draw.
 *
 * Take-backs: caissa_engine_player_undo () in a game without a clock takes
 * back the human's last move and the engine's reply to it.
 *
 * Failures: when the engine fails (CaissaEngine's "failed", or an error of
 * a search), "failed" is emitted once (from an idle, so that a caller
 * connecting after caissa_engine_player_new () hears it) with the
 * engine's message and the
 * player stops: the game and the clocks are left as they were. The caller
 * may make a new player (retry, another engine) or drop it (the game goes
 * on between humans).
 *
 * Properties: "side" (CaissaColor), "thinking" (a search runs for a move),
 * "engine-to-move" (the engine's turn: the human may not move), "failed".
 */
#pragma once

#include <gio/gio.h>

#include "caissa-engine.h"
#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_ENGINE_PLAYER (caissa_engine_player_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEnginePlayer, caissa_engine_player, CAISSA, ENGINE_PLAYER, GObject)

/* level 1–8 (chess_engine_level_get ()); move_time_ms for untimed games.
 * Starts the engine if it is not started yet, and plays at once when it
 * is its turn. */
CaissaEnginePlayer *caissa_engine_player_new             (CaissaGame         *game,
                                                          CaissaEngine       *engine,
                                                          CaissaColor         side,
                                                          guint               level,
                                                          guint               move_time_ms);
CaissaEngine       *caissa_engine_player_get_engine      (CaissaEnginePlayer *self);
CaissaGame         *caissa_engine_player_get_game        (CaissaEnginePlayer *self);
CaissaColor         caissa_engine_player_get_side        (CaissaEnginePlayer *self);
guint               caissa_engine_player_get_level       (CaissaEnginePlayer *self);
guint               caissa_engine_player_get_move_time   (CaissaEnginePlayer *self);
gboolean            caissa_engine_player_get_thinking    (CaissaEnginePlayer *self);
gboolean            caissa_engine_player_get_engine_to_move (CaissaEnginePlayer *self);
gboolean            caissa_engine_player_get_failed      (CaissaEnginePlayer *self);
/* The engine's last evaluation in centipawns from its own point of view
 * (mates as chess_uci_score_to_cp ()), 0 before any search. */
int                 caissa_engine_player_get_last_eval   (CaissaEnginePlayer *self);

/* The limits of the next search, from the game's clock or move time (for
 * tests and the bench). */
void                caissa_engine_player_get_limits      (CaissaEnginePlayer *self,
                                                          CaissaEngineLimits *limits);

/* Untimed games: takes back the human's last move and the engine's reply
 * (or only the human's move when the engine has not replied yet). */
gboolean            caissa_engine_player_get_can_undo    (CaissaEnginePlayer *self);
gboolean            caissa_engine_player_undo            (CaissaEnginePlayer *self);

/* Signals:
 *   "failed"        (GError *error): the engine failed; emitted once.
 *   "draw-answered" (gboolean accepted): the engine answered an offer. */

G_END_DECLS
