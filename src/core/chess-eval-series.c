/* chess-eval-series.c — [%eval] and [%clk] along the main line.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-eval-series.h"

ChessUciScore
chess_eval_to_score (const ChessPgnEval *eval)
{
  ChessUciScore score = { 0 };

  if (eval->is_mate)
    {
      score.kind = CHESS_UCI_SCORE_MATE;
      score.value = eval->mate;
    }
  else
    {
      double cp = eval->pawns * 100.0;

      score.kind = CHESS_UCI_SCORE_CP;
      /* A hundred pawns is beyond any real score (the model clamps at ten;
       * chess_uci_score_to_cp counts mates from 100000). */
      if (cp > 10000.0)
        cp = 10000.0;
      else if (cp < -10000.0)
        cp = -10000.0;
      score.value = (int) (cp < 0 ? cp - 0.5 : cp + 0.5);
    }
  return score;
}

double
chess_eval_white_win (const ChessPgnEval *eval)
{
  /* "#0" (the side to move is mated) has no sign: even, rather than a
   * guess at who gave it. */
  if (eval->is_mate && eval->mate == 0)
    return 0.5;
  return chess_uci_score_white_win_probability (chess_eval_to_score (eval), CHESS_WHITE);
}

bool
chess_eval_of_node (const ChessGame *game,
                    ChessNodeId      node,
                    ChessPgnEval    *eval)
{
  const char *comment = chess_game_node_comment (game, node, CHESS_COMMENT_AFTER);

  return comment != NULL && chess_pgn_comment_eval (comment, strlen (comment), eval);
}

unsigned
chess_eval_series (const ChessGame *game,
                   ChessEvalPoint  *points,
                   unsigned         cap,
                   unsigned        *n_evals,
                   unsigned        *n_clocks)
{
  unsigned n = 0, evals = 0, clocks = 0;

  for (ChessNodeId node = CHESS_NODE_ROOT; node != CHESS_NODE_NONE; node = chess_game_node_next (game, node), n++)
    {
      ChessEvalPoint *p;

      if (n >= cap)
        continue;
      p = &points[n];
      memset (p, 0, sizeof *p);
      p->node = node;
      p->has_eval = chess_eval_of_node (game, node, &p->eval);
      p->white_win = p->has_eval ? chess_eval_white_win (&p->eval) : 0.5;
      p->clock_ms = node == CHESS_NODE_ROOT ? -1 : chess_game_node_clock_ms (game, node);
      evals += p->has_eval;
      clocks += p->clock_ms >= 0;
    }
  if (n_evals != NULL)
    *n_evals = evals;
  if (n_clocks != NULL)
    *n_clocks = clocks;
  return n;
}
