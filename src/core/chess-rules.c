/* chess-rules.c — how games end: mate, stalemate, dead positions,
 * repetition and move-count rules, and the flag-fall material test.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-rules.h"
#include "chess-private.h"

const char *
chess_status_name (ChessStatus status)
{
  switch (status)
    {
    case CHESS_STATUS_ONGOING:     return "ongoing";
    case CHESS_STATUS_CHECKMATE:   return "checkmate";
    case CHESS_STATUS_STALEMATE:   return "stalemate";
    case CHESS_STATUS_DEAD:        return "dead";
    case CHESS_STATUS_FIVEFOLD:    return "fivefold";
    case CHESS_STATUS_SEVENTYFIVE: return "seventy-five";
    default:                       return "unknown";
    }
}

/* Occurrences of `key` in the game so far — the history, ending with pos —
 * among the positions `first_gap`, `first_gap` + 2, … plies back from one
 * past the newest, going no further back than `window` plies (the last
 * irreversible move). A history that stops just before pos (a common
 * off-by-one in callers) is recognised by its last key and read as if pos
 * were appended: a position never equals the one a ply before it, since
 * the side to move differs. */
static unsigned
count_key (const ChessPosition *pos,
           const ChessHistory  *history,
           uint64_t             key,
           unsigned             first_gap,
           unsigned             window)
{
  unsigned found = 0, count;
  bool has_pos;

  if (history == NULL || history->keys == NULL || history->count == 0)
    return 0;
  has_pos = history->keys[history->count - 1] == pos->key;
  count = history->count + (has_pos ? 0 : 1);
  for (unsigned gap = first_gap; gap <= window && gap <= count; gap += 2)
    {
      unsigned index = count - gap;
      uint64_t k = index == history->count ? pos->key : history->keys[index];
      if (k == key)
        found++;
    }
  return found;
}

unsigned
chess_repetitions (const ChessPosition *pos,
                   const ChessHistory  *history)
{
  /* pos itself is 1 ply back from one past the end; earlier positions
   * with the same side to move are 3, 5, … back. */
  return 1 + count_key (pos, history, pos->key, 3, (unsigned) pos->halfmove + 1);
}

bool
chess_can_claim_threefold (const ChessPosition *pos,
                           const ChessHistory  *history,
                           ChessMove            move)
{
  ChessPosition after;

  if (move == CHESS_MOVE_NONE)
    return chess_repetitions (pos, history) >= 3;
  if (!chess_position_is_legal (pos, move))
    return false;
  after = *pos;
  chess_position_make_move (&after, move);
  /* After the move, the newest history entry (pos) is one ply back; the
   * same side to move was 2, 4, … plies back. */
  return 1 + count_key (pos, history, after.key, 2, (unsigned) after.halfmove) >= 3;
}

bool
chess_can_claim_fifty (const ChessPosition *pos,
                       ChessMove            move)
{
  ChessPosition after;

  if (move == CHESS_MOVE_NONE)
    return pos->halfmove >= 100;
  if (!chess_position_is_legal (pos, move))
    return false;
  after = *pos;
  chess_position_make_move (&after, move);
  return after.halfmove >= 100;
}

/* Can `color` mate with the material on the board, the opponent helping?
 * A coarse rule, never "no" where a mate exists: any pawn, rook or queen
 * can. chess_can_mate() refines it (chess-can-mate.c); dead positions
 * need only its "no" answers, which are exact. */
bool
_chess_material_can_mate (const ChessPosition *pos,
                   ChessColor           color)
{
  const ChessBitboard *t = pos->by_type;
  ChessBitboard own = pos->by_color[color], opp = pos->by_color[color ^ 1];
  ChessBitboard bishops = t[CHESS_BISHOP] & own;
  int knights = chess_popcount (t[CHESS_KNIGHT] & own);
  int kinds;

  if (own & (t[CHESS_PAWN] | t[CHESS_ROOK] | t[CHESS_QUEEN]))
    return true;
  kinds = knights + ((bishops & LIGHT_SQUARES) != 0) + ((bishops & DARK_SQUARES) != 0);
  /* Two knights, knight and bishop, or bishops on both colours: a
   * lone king can be mated (K+N+N only with help, but that counts). */
  if (kinds >= 2)
    return true;
  if (kinds == 0)
    return false;
  /* A lone knight mates only a king hemmed in by its own men: anything
   * of the opponent's can stand there (pawns promote, pieces move). */
  if (knights == 1)
    return (opp & ~t[CHESS_KING]) != 0;
  /* Bishops of one colour: the mated king stands on that colour and its
   * escape squares of the other colour must be blocked by its own men,
   * which bishops of the same colour can never be. */
  if (opp & (t[CHESS_PAWN] | t[CHESS_KNIGHT] | t[CHESS_ROOK] | t[CHESS_QUEEN]))
    return true;
  {
    ChessBitboard colour = (bishops & LIGHT_SQUARES) ? LIGHT_SQUARES : DARK_SQUARES;
    return (t[CHESS_BISHOP] & opp & ~colour) != 0;
  }
}

/* Kings and pawns only, every pawn blocked head-on by a pawn and none able
 * to capture: pawns never move again, and a king can neither give check
 * nor step into one, so no check — let alone mate — can ever happen,
 * unless a king can walk to an enemy pawn and take it (then we say
 * "maybe"). The enemy king is ignored and may be passed through: that
 * only makes "maybe" more likely, never a false "dead". */
bool
_chess_pawns_locked_forever (const ChessPosition *pos)
{
  const ChessBitboard *t = pos->by_type;
  ChessBitboard wp = t[CHESS_PAWN] & pos->by_color[CHESS_WHITE];
  ChessBitboard bp = t[CHESS_PAWN] & pos->by_color[CHESS_BLACK];

  if (t[0] & ~(t[CHESS_PAWN] | t[CHESS_KING]))
    return false;
  if (!(wp | bp) || pos->checkers || chess_position_ep_legal (pos))
    return false;
  if ((wp << 8) & ~t[CHESS_PAWN])
    return false;
  if ((bp >> 8) & ~t[CHESS_PAWN])
    return false;
  if (bb_pawn_attacks_bb (wp, CHESS_WHITE) & bp)
    return false;
  if (bb_pawn_attacks_bb (bp, CHESS_BLACK) & wp)
    return false;

  for (int c = 0; c < 2; c++)
    {
      ChessBitboard mine = c == CHESS_WHITE ? wp : bp, theirs = c == CHESS_WHITE ? bp : wp;
      ChessBitboard allowed = ~mine & ~bb_pawn_attacks_bb (theirs, c ^ 1);
      ChessBitboard region = t[CHESS_KING] & pos->by_color[c], grown;

      for (;;)
        {
          ChessBitboard r = region;
          grown = region;
          while (r)
            grown |= chess_king_table[bb_pop_lsb (&r)];
          grown &= allowed;
          grown |= region;
          if (grown == region)
            break;
          region = grown;
        }
      if (region & theirs)
        return false;
    }
  return true;
}

bool
chess_position_is_dead (const ChessPosition *pos)
{
  chess_init ();
  if (!_chess_material_can_mate (pos, CHESS_WHITE) && !_chess_material_can_mate (pos, CHESS_BLACK))
    return true;
  return _chess_pawns_locked_forever (pos);
}

ChessStatus
chess_status (const ChessPosition *pos,
              const ChessHistory  *history)
{
  chess_init ();
  if (chess_count_legal (pos) == 0)
    return pos->checkers ? CHESS_STATUS_CHECKMATE : CHESS_STATUS_STALEMATE;
  if (chess_position_is_dead (pos))
    return CHESS_STATUS_DEAD;
  if (chess_repetitions (pos, history) >= 5)
    return CHESS_STATUS_FIVEFOLD;
  if (pos->halfmove >= 150)
    return CHESS_STATUS_SEVENTYFIVE;
  return CHESS_STATUS_ONGOING;
}
