/* chess-eval-series.h — the evaluations and clock times written in a
 * game's main-line comments ([%eval 0.35], [%eval #-3], [%clk 1:29:56]),
 * one point per ply, as the evaluation graph and bar show them.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "chess-game.h"
#include "chess-pgn.h"
#include "chess-uci.h"

typedef struct
{
  ChessNodeId  node;       /* the main line's node at this ply */
  bool         has_eval;
  ChessPgnEval eval;       /* as written, from White's point of view */
  double       white_win;  /* White's expected score 0..1 (0.5 without eval) */
  int64_t      clock_ms;   /* [%clk] after the move, -1 when none */
} ChessEvalPoint;

/* An [%eval] as a score for White to move (the form chess_uci_score_format
 * and chess_uci_score_white_win_probability take with side CHESS_WHITE);
 * pawns far beyond any real score are clamped. */
ChessUciScore chess_eval_to_score (const ChessPgnEval *eval);

/* White's expected score from an [%eval] (lichess's model, the same as
 * chess_uci_score_white_win_probability: mates at the ends). */
double   chess_eval_white_win (const ChessPgnEval *eval);

/* The [%eval] of a node's "after" comment; false when it has none. */
bool     chess_eval_of_node   (const ChessGame *game, ChessNodeId node, ChessPgnEval *eval);

/* Fills points[ply] for the main line from the root (ply 0) on, at most
 * cap of them; returns the number of main-line positions (plies + 1),
 * which may exceed cap. *n_evals and *n_clocks (if not NULL) receive how
 * many of the points written have an eval or a clock. */
unsigned chess_eval_series    (const ChessGame *game, ChessEvalPoint *points, unsigned cap,
                               unsigned *n_evals, unsigned *n_clocks);
