/* chess-can-mate.c — the flag-fall test (Art. 6.9): can a side still
 * checkmate by any series of legal moves, the opponent helping?
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions without pawns of at most five men are answered exactly:
 *   1. a position with no legal move is a mate for X or nothing;
 *   2. a combination in which X can never mate (the table below) is "no";
 *   3. otherwise, if three moves in a row can be played that capture
 *      nothing, X can mate: such a position always reaches a mate
 *      within its combination;
 *   4. otherwise (a king boxed in, only captures or stalemates ahead)
 *      try every move, a few plies deep.
 * Steps 2 and 3 are facts about chess, not reasoning: the exhaustive
 * helpmate search in tests/helpmate-proof.c (our own tool) builds, for
 * every combination up to five men, both sides to move and every
 * placement, the set of positions from which a mate by each side is
 * reachable, and checks this function against it on every position.
 *
 * With pawns, or more than five men, the answer errs only towards "yes"
 * (a player whose flag falls loses unless a mate is impossible, so a
 * wrong "no" would be the worse error): any pawn can promote to any piece,
 * and an opponent's pawn can also block its own king, so pawns make every
 * mate possible unless they are locked for good (kings and pawns only,
 * each pawn blocked head-on and none able to capture, no king able to
 * reach an enemy pawn: then nobody can ever give check). Larger piece-only
 * positions use the coarse rule of chess-rules.c (one minor piece or
 * bishops of one colour against a bare king cannot mate).
 */
#include <string.h>

#include "chess-rules.h"
#include "chess-private.h"

/* Piece-only combinations of at most five men in which X can never mate,
 * as "X's men/the opponent's" besides the kings: Q R N, then "B" for
 * bishops on the colour of X's first bishop (the opponent's first when X
 * has none) and "b" for the other colour. A bare king (nothing before the
 * slash) never mates and is not listed. Source: tests/helpmate-proof.c,
 * our own exhaustive search (run `build/tests/helpmate-proof 5`). */
static const char *const no_mate[] = {
#include "chess-can-mate-table.h"
};

/* The signature above, for X = color. */
static void
signature (const ChessPosition *pos,
           ChessColor           color,
           char                *buf)
{
  const ChessBitboard *t = pos->by_type;
  ChessBitboard own = pos->by_color[color], opp = pos->by_color[color ^ 1];
  ChessBitboard ref_bishop = t[CHESS_BISHOP] & own ? t[CHESS_BISHOP] & own : t[CHESS_BISHOP] & opp;
  ChessBitboard ref = ref_bishop & LIGHT_SQUARES & -ref_bishop ? LIGHT_SQUARES : DARK_SQUARES;
  static const ChessPieceType order[] = { CHESS_QUEEN, CHESS_ROOK, CHESS_KNIGHT };
  size_t len = 0;

  for (int pass = 0; pass < 2; pass++)
    {
      ChessBitboard side = pass == 0 ? own : opp;
      if (pass == 1)
        buf[len++] = '/';
      for (int o = 0; o < 3; o++)
        for (int k = chess_popcount (t[order[o]] & side); k > 0; k--)
          buf[len++] = "?PNBRQK"[order[o]];
      for (int k = chess_popcount (t[CHESS_BISHOP] & side & ref); k > 0; k--)
        buf[len++] = 'B';
      for (int k = chess_popcount (t[CHESS_BISHOP] & side & ~ref); k > 0; k--)
        buf[len++] = 'b';
    }
  buf[len] = '\0';
}

/* Can `color` mate in some position of this combination (or of a smaller
 * one a capture leads to)? */
static bool
combination_can_mate (const ChessPosition *pos,
                      ChessColor           color)
{
  char sig[16];

  if (!(pos->by_color[color] & ~pos->by_type[CHESS_KING]))
    return false;
  if (chess_popcount (pos->by_type[0]) > 5)
    return _chess_material_can_mate (pos, color);
  signature (pos, color, sig);
  for (size_t i = 0; i < sizeof no_mate / sizeof no_mate[0]; i++)
    if (strcmp (sig, no_mate[i]) == 0)
      return false;
  return true;
}

static bool
is_quiet (const ChessPosition *pos,
          ChessMove            move)
{
  return pos->board[chess_move_to (move)] == CHESS_NO_PIECE
         || chess_move_kind (move) == CHESS_MOVE_CASTLING;
}

/* Can the game go on for `plies` moves in a row none of which captures? */
static bool
quiet_chain (const ChessPosition *pos,
             unsigned             plies)
{
  ChessMoveList list;
  unsigned n;

  if (plies == 0)
    return true;
  n = chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < n; i++)
    if (is_quiet (pos, list.moves[i]))
      {
        ChessPosition after = *pos;
        chess_position_make_move (&after, list.moves[i]);
        if (quiet_chain (&after, plies - 1))
          return true;
      }
  return false;
}

#define CAN_MATE_DEPTH 4
#define QUIET_PLIES 3

/* `depth` bounds the search of the rare positions where no two quiet
 * moves in a row exist (a king boxed in with only a capture left); the
 * exhaustive proof shows four plies are enough up to five men. */
static bool
pieces_can_mate (const ChessPosition *pos,
                 ChessColor           color,
                 unsigned             depth)
{
  ChessMoveList list;
  unsigned n = chess_generate_legal (pos, &list);

  if (n == 0)
    return pos->checkers != 0 && pos->side != color;
  if (!combination_can_mate (pos, color))
    return false;
  /* Three quiet moves in a row, the game going on in this combination:
   * from there a mate is always reachable (proven, see above). Fewer do
   * not suffice: a king boxed in a corner may have one quiet move, then
   * nothing but a capture or stalemate. */
  if (quiet_chain (pos, QUIET_PLIES))
    return true;
  if (depth == 0)
    return false;
  for (unsigned i = 0; i < n; i++)
    {
      ChessPosition after = *pos;
      chess_position_make_move (&after, list.moves[i]);
      if (pieces_can_mate (&after, color, depth - 1))
        return true;
    }
  return false;
}

bool
chess_can_mate (const ChessPosition *pos,
                ChessColor           color)
{
  chess_init ();
  if (pos->by_type[CHESS_PAWN] == 0)
    return pieces_can_mate (pos, color, CAN_MATE_DEPTH);
  if (chess_count_legal (pos) == 0)
    return pos->checkers != 0 && pos->side != color;
  if (!_chess_material_can_mate (pos, color))
    return false;
  return !_chess_pawns_locked_forever (pos);
}
