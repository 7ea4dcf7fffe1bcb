/* caissa-game-analysis.h — "Analyse this game": every main-line position
 * searched by an engine, then [%eval], ?!/?/?? and the engine's best line
 * written into the game.
 *
 * The analysis works on its own copy of the game, so the game shown may
 * change meanwhile; caissa_game_analysis_apply () then writes the results
 * into a game (the UI does it inside one undoable edit; the CLI into each
 * game of a file). The NAGs come from the loss of the mover's expected
 * score (chess_uci_nag_for_loss (), thresholds in chess-uci.h and
 * README.md).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "caissa-engine.h"
#include "chess-game.h"

G_BEGIN_DECLS

/* The result for the position after ply plies of the main line (ply 0 is
 * the start position). */
typedef struct
{
  gboolean      done;         /* searched (FALSE when cancelled before) */
  gboolean      terminal;     /* no legal move: mate or stalemate, no search */
  ChessUciScore score;        /* side to move's point of view */
  double        white_win;    /* White's expected score 0..1 */
  ChessMove     best;         /* engine's best move, CHESS_MOVE_NONE if none */
  guint         pv_len;
  ChessMove     pv[16];       /* the best line, cut at 16 moves */
  guint         nag;          /* for the move that led here: 0, 6, 2 or 4 */
} CaissaPositionEval;

#define CAISSA_TYPE_GAME_ANALYSIS (caissa_game_analysis_get_type ())
G_DECLARE_FINAL_TYPE (CaissaGameAnalysis, caissa_game_analysis, CAISSA, GAME_ANALYSIS, GObject)

/* engine: a CaissaEngine (started or not: run_async starts it when new);
 * game is copied. */
CaissaGameAnalysis *caissa_game_analysis_new          (CaissaEngine    *engine,
                                                       const ChessGame *game);

/* The limit per position: a depth (default 12) or a movetime in ms (0 to
 * use the depth). Set before run_async. */
void                caissa_game_analysis_set_depth    (CaissaGameAnalysis *self,
                                                       int                 depth);
void                caissa_game_analysis_set_movetime (CaissaGameAnalysis *self,
                                                       gint64              movetime_ms);

/* Searches every main-line position in order. Property "progress"
 * (double 0..1) and "n-done" (uint) are notified after each position.
 * Completes when all are done, or with G_IO_ERROR_CANCELLED when
 * cancellable is cancelled (results so far stay readable), or with the
 * engine's error. */
void                caissa_game_analysis_run_async    (CaissaGameAnalysis  *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            caissa_game_analysis_run_finish   (CaissaGameAnalysis  *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

double              caissa_game_analysis_get_progress (CaissaGameAnalysis *self);
guint               caissa_game_analysis_get_n_done   (CaissaGameAnalysis *self);

/* Number of positions: main-line plies + 1. */
guint               caissa_game_analysis_get_n_positions (CaissaGameAnalysis *self);
const CaissaPositionEval *caissa_game_analysis_get_eval  (CaissaGameAnalysis *self,
                                                          guint               ply);

/* Writes the results into game, whose main line must start like the
 * analysed one (it stops where they differ): on each main-line move
 * "[%eval …]" in the after-comment (replacing an earlier [%eval], keeping
 * the rest), the NAG ?!/?/?? (an earlier $2/$4/$6 replaced), and at each
 * ? or ?? the engine's best line as a variation (unless that move is
 * already a child). Returns the number of moves annotated. */
guint               caissa_game_analysis_apply        (CaissaGameAnalysis *self,
                                                       ChessGame          *game);

G_END_DECLS
