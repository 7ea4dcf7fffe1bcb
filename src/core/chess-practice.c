/* chess-practice.c — start positions, defence, hints and verdicts for
 * practising the basic mates, all read from the tablebases.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-practice.h"
#include "chess-tb-private.h"

/* The strong side's pieces for sq[2] and sq[3], in chess-tb.c's order. */
static const ChessPieceType ending_pieces[CHESS_TB_N_ENDINGS][2] = {
  [CHESS_TB_KQK]  = { CHESS_QUEEN, CHESS_NO_PIECE_TYPE },
  [CHESS_TB_KRK]  = { CHESS_ROOK, CHESS_NO_PIECE_TYPE },
  [CHESS_TB_KRRK] = { CHESS_ROOK, CHESS_ROOK },
  [CHESS_TB_KBBK] = { CHESS_BISHOP, CHESS_BISHOP },
  [CHESS_TB_KBNK] = { CHESS_BISHOP, CHESS_KNIGHT },
};

/* Mixes a purpose into the caller's seed, so that the same seed used for
 * different things does not give correlated choices. */
static uint64_t
seed_state (uint64_t seed,
            uint64_t purpose)
{
  uint64_t s = seed ^ (purpose * 0xd1342543de82ef95ULL);

  _chess_tb_rng_next (&s);
  return s;
}

bool
chess_practice_random_start (ChessTbEnding  ending,
                             ChessColor     strong,
                             unsigned       min_moves,
                             unsigned       max_moves,
                             uint64_t       seed,
                             ChessPosition *pos)
{
  ChessTbTuple t;
  ChessPosition p;
  uint64_t rng = seed_state (seed, 1 + (uint64_t) ending);

  if (ending < 0 || ending >= CHESS_TB_N_ENDINGS || (strong != CHESS_WHITE && strong != CHESS_BLACK))
    return false;
  if (!_chess_tb_random_start (ending, min_moves, max_moves, &rng, &t))
    return false;

  chess_position_clear (&p);
  chess_position_put (&p, t.sq[0], chess_piece_make (strong, CHESS_KING));
  chess_position_put (&p, t.sq[1], chess_piece_make (!strong, CHESS_KING));
  for (unsigned k = 2; k < t.npieces; k++)
    chess_position_put (&p, t.sq[k], chess_piece_make (strong, ending_pieces[ending][k - 2]));
  p.side = (uint8_t) strong;
  p.castling = 0;
  p.ep_square = CHESS_NO_SQUARE;
  p.halfmove = 0;
  p.fullmove = 1;
  chess_position_finish (&p);
  *pos = p;
  return true;
}

unsigned
chess_practice_longest_start (ChessTbEnding ending)
{
  return _chess_tb_longest_start (ending);
}

ChessMove
chess_practice_defend (const ChessPosition *pos,
                       uint64_t             seed)
{
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ChessTbResult now;
  unsigned n, ties = 0, pick;
  int best = -1;
  uint64_t rng;

  if (!chess_tb_probe (pos, &now) || pos->side == now.strong)
    return CHESS_MOVE_NONE;
  n = chess_tb_probe_moves (pos, moves);
  /* Score: a draw beats any loss; among losses, the longer the better. */
  for (unsigned i = 0; i < n; i++)
    {
      int score = moves[i].after.wdl == CHESS_TB_WIN ? moves[i].after.dtm_plies : 1000;
      if (score > best)
        {
          best = score;
          ties = 1;
        }
      else if (score == best)
        ties++;
    }
  if (ties == 0)
    return CHESS_MOVE_NONE;
  rng = seed_state (seed, 101);
  pick = (unsigned) _chess_tb_rng_below (&rng, ties);
  for (unsigned i = 0; i < n; i++)
    {
      int score = moves[i].after.wdl == CHESS_TB_WIN ? moves[i].after.dtm_plies : 1000;
      if (score == best && pick-- == 0)
        return moves[i].move;
    }
  return CHESS_MOVE_NONE;
}

unsigned
chess_practice_best_moves (const ChessPosition *pos,
                           ChessMove            best[CHESS_MAX_MOVES])
{
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ChessTbResult now;
  unsigned n, count = 0;

  if (!chess_tb_probe (pos, &now) || now.wdl != CHESS_TB_WIN)
    return 0;
  n = chess_tb_probe_moves (pos, moves);
  for (unsigned i = 0; i < n; i++)
    if (moves[i].after.wdl == CHESS_TB_LOSS && moves[i].after.dtm_plies == now.dtm_plies - 1)
      best[count++] = moves[i].move;
  return count;
}

ChessMove
chess_practice_hint (const ChessPosition *pos,
                     uint64_t             seed)
{
  ChessMove best[CHESS_MAX_MOVES];
  unsigned n = chess_practice_best_moves (pos, best);
  uint64_t rng = seed_state (seed, 202);

  if (n == 0)
    return CHESS_MOVE_NONE;
  return best[_chess_tb_rng_below (&rng, n)];
}

/* The position after a non-capturing move, as far as the tablebase
 * functions read it (board, side, castling): the bitboards and key are
 * not updated, so it must not reach the rest of the core. */
static void
tb_view_after (const ChessPosition *before,
               ChessMove            move,
               ChessPosition       *after)
{
  ChessSquare from = chess_move_from (move), to = chess_move_to (move);

  *after = *before;
  after->board[to] = after->board[from];
  after->board[from] = CHESS_NO_PIECE;
  after->side = !before->side;
}

bool
chess_practice_judge_move (const ChessPosition    *before,
                           ChessMove               move,
                           ChessPracticeJudgement *out)
{
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ChessTbResult now;
  const ChessTbMoveValue *played = NULL;
  unsigned n;

  memset (out, 0, sizeof *out);
  out->verdict = CHESS_PRACTICE_NOT_JUDGED;
  out->moves_after = -1;
  out->best = CHESS_MOVE_NONE;
  out->hanging_square = CHESS_NO_SQUARE;
  if (!chess_tb_probe (before, &now) || now.wdl != CHESS_TB_WIN)
    return false;
  n = chess_tb_probe_moves (before, moves);
  for (unsigned i = 0; i < n; i++)
    {
      if (chess_move_from (moves[i].move) == chess_move_from (move)
          && chess_move_to (moves[i].move) == chess_move_to (move))
        played = &moves[i];
      if (out->best == CHESS_MOVE_NONE && moves[i].after.wdl == CHESS_TB_LOSS
          && moves[i].after.dtm_plies == now.dtm_plies - 1)
        out->best = moves[i].move;
    }
  if (played == NULL)
    return false;

  out->moves_before = now.dtm_moves;
  /* The strong side never captures here (the lone king is all there is). */
  out->halfmove_after = before->halfmove + 1u;
  if (played->after.wdl == CHESS_TB_LOSS)
    {
      out->moves_after = played->after.dtm_moves;
      if (played->after.dtm_plies == 0)
        {
          out->verdict = CHESS_PRACTICE_MATE;
          return true;
        }
      out->wasted = out->moves_after - (out->moves_before - 1);
      if (out->halfmove_after + (unsigned) played->after.dtm_plies > 100)
        {
          out->verdict = CHESS_PRACTICE_THROWS_WIN;
          out->draw_reason = CHESS_PRACTICE_DRAW_FIFTY_MOVES;
          return true;
        }
      out->verdict = out->wasted == 0 ? CHESS_PRACTICE_BEST : CHESS_PRACTICE_WASTED;
      return true;
    }

  /* A draw now: say why. */
  out->verdict = CHESS_PRACTICE_THROWS_WIN;
  out->draw_reason = CHESS_PRACTICE_DRAW_OTHER;
  {
    ChessPosition after;
    ChessTbMoveValue replies[CHESS_MAX_MOVES];
    unsigned nr;
    bool in_check = false;
    ChessTbTuple t;

    tb_view_after (before, played->move, &after);
    nr = chess_tb_probe_moves (&after, replies);
    if (_chess_tb_tuple_from_position (&after, &t, NULL))
      _chess_tb_lone_facts (&t, &in_check, NULL, NULL);
    if (nr == 0 && !in_check)
      out->draw_reason = CHESS_PRACTICE_DRAW_STALEMATE;
    else
      for (unsigned i = 0; i < nr; i++)
        if (replies[i].capture && replies[i].after.wdl == CHESS_TB_DRAW)
          {
            out->draw_reason = CHESS_PRACTICE_DRAW_HANGING_PIECE;
            out->hanging_square = chess_move_to (replies[i].move);
            break;
          }
  }
  return true;
}

/* K v K or K v K+minor: what is left when the lone king took a piece. */
static bool
dead_material (const ChessPosition *pos)
{
  unsigned kings[2] = { 0, 0 }, minors = 0, others = 0;

  for (int sq = 0; sq < 64; sq++)
    {
      ChessPiece p = pos->board[sq];
      ChessPieceType type = chess_piece_type (p);

      if (p == CHESS_NO_PIECE)
        continue;
      if (type == CHESS_KING)
        kings[chess_piece_color (p)]++;
      else if (type == CHESS_BISHOP || type == CHESS_KNIGHT)
        minors++;
      else
        others++;
    }
  return kings[0] == 1 && kings[1] == 1 && minors <= 1 && others == 0;
}

ChessPracticeStatus
chess_practice_status (const ChessPosition *pos)
{
  ChessTbResult r;
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ChessTbTuple t;
  bool in_check = false;

  if (!chess_tb_probe (pos, &r))
    return r.wdl == CHESS_TB_UNKNOWN && pos->castling == 0 && dead_material (pos)
           ? CHESS_PRACTICE_PIECE_TAKEN : CHESS_PRACTICE_NOT_PRACTICE;
  if (chess_tb_probe_moves (pos, moves) == 0)
    {
      if (pos->side != r.strong && _chess_tb_tuple_from_position (pos, &t, NULL))
        _chess_tb_lone_facts (&t, &in_check, NULL, NULL);
      return in_check ? CHESS_PRACTICE_CHECKMATE : CHESS_PRACTICE_STALEMATE;
    }
  if (pos->halfmove >= 100)
    return CHESS_PRACTICE_FIFTY_MOVES;
  return CHESS_PRACTICE_ONGOING;
}

ChessPracticeGrade
chess_practice_grade (unsigned moves_used,
                      unsigned fewest)
{
  unsigned extra = moves_used > fewest ? moves_used - fewest : 0;

#define AT_LEAST(a, b) ((a) > (b) ? (a) : (b))
  if (extra == 0)
    return CHESS_PRACTICE_GRADE_PERFECT;
  if (extra <= AT_LEAST (1u, fewest / 10))
    return CHESS_PRACTICE_GRADE_EXCELLENT;
  if (extra <= AT_LEAST (3u, fewest / 4))
    return CHESS_PRACTICE_GRADE_GOOD;
  if (extra <= AT_LEAST (6u, fewest / 2))
    return CHESS_PRACTICE_GRADE_FAIR;
  return CHESS_PRACTICE_GRADE_POOR;
#undef AT_LEAST
}

const char *
chess_practice_grade_name (ChessPracticeGrade grade)
{
  static const char *const names[] = { "perfect", "excellent", "good", "fair", "poor" };

  if ((unsigned) grade >= sizeof names / sizeof names[0])
    return NULL;
  return names[grade];
}
