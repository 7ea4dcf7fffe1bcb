/* chess-private.h — internals shared by the core's own files.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdatomic.h>

#include "chess-position.h"
#include "chess-bitboard.h"

/* Set, with release order, once chess_init () has built the tables. */
extern atomic_bool _chess_tables_ready;

/* chess_init () for the hot paths (making moves, attack queries, SAN): once
 * the tables exist this is one acquire load, which on x86 and ARM64 is an
 * ordinary load, instead of a call through call_once (). */
static inline void
_chess_init_fast (void)
{
  if (__builtin_expect (!atomic_load_explicit (&_chess_tables_ready, memory_order_acquire), 0))
    chess_init ();
}

/* Which FEN field a validation failure belongs to (for the column). */
typedef enum
{
  CHESS_FIELD_PLACEMENT = 0,
  CHESS_FIELD_SIDE,
  CHESS_FIELD_CASTLING,
  CHESS_FIELD_EP,
  CHESS_FIELD_HALFMOVE,
  CHESS_FIELD_FULLMOVE,
} ChessFenField;

/* Lines through a square on an empty board, the square itself left out
 * (chess_init () fills them from the magics). */
extern ChessBitboard _chess_rook_rays_table[64];
extern ChessBitboard _chess_bishop_rays_table[64];

static inline ChessBitboard
_chess_rook_rays (unsigned sq)
{
  return _chess_rook_rays_table[sq];
}

static inline ChessBitboard
_chess_bishop_rays (unsigned sq)
{
  return _chess_bishop_rays_table[sq];
}

/* The sliders among `sliders` (already on a line through sq) that see sq
 * given the occupancy. A move at a time touches only a few between-square
 * entries (32 KiB in all), where a magic lookup reads from an 800 KiB
 * table that a stream of PGN pushes out of the cache: that is what keeps
 * SAN reading and making moves fast. Perft, which stays in one corner of
 * the tables, keeps the magics. */
static inline ChessBitboard
_chess_sliders_seeing (unsigned      sq,
                       ChessBitboard sliders,
                       ChessBitboard occ)
{
  ChessBitboard seeing = 0;

  while (sliders)
    {
      unsigned s = bb_pop_lsb (&sliders);
      if (!(chess_between_table[sq][s] & occ))
        seeing |= BB (s);
    }
  return seeing;
}

/* chess_position_attackers () != 0, the cache-friendly way above. */
static inline bool
_chess_attacked (const ChessPosition *pos,
                 unsigned             sq,
                 ChessColor           by,
                 ChessBitboard        occ)
{
  const ChessBitboard *t = pos->by_type, enemy = pos->by_color[by] & occ;

  if (((chess_pawn_table[by ^ 1][sq] & t[CHESS_PAWN]) | (chess_knight_table[sq] & t[CHESS_KNIGHT])
       | (chess_king_table[sq] & t[CHESS_KING])) & enemy)
    return true;
  return _chess_sliders_seeing (sq, ((_chess_rook_rays (sq) & (t[CHESS_ROOK] | t[CHESS_QUEEN]))
                                     | (_chess_bishop_rays (sq) & (t[CHESS_BISHOP] | t[CHESS_QUEEN])))
                                    & enemy, occ) != 0;
}

/* Castling rights kept after a move touches a square (from or to). */
extern const uint8_t _chess_castle_keep[64];

bool     _chess_position_validate_field (const ChessPosition *pos, ChessError *error,
                                         ChessFenField *field);
uint64_t _chess_position_compute_key    (const ChessPosition *pos);
void     _chess_position_update_checks  (ChessPosition *pos);
/* The legality test of chess_position_is_legal () for any 16-bit value:
 * the move must be one chess_generate_legal () would list. Reads the
 * position's cached checkers and blockers. */
bool     _chess_move_is_legal           (const ChessPosition *pos, ChessMove move);
/* Castling from the king's home square to `to` (home ± 2), the king being
 * there: the right, the rook, the path, and no attacked square. */
bool     _chess_castling_ok             (const ChessPosition *pos, unsigned home, unsigned to);
/* The e.p. capture by the pawn on `from`: a real e.p. square next to it,
 * and no check left or uncovered (along the rank too). */
bool     _chess_ep_ok                   (const ChessPosition *pos, unsigned from);
/* chess_san_parse () without its path for plain text: the tolerant
 * reading and the general resolver alone, for tests to compare with. */
ChessMove _chess_san_parse_general      (const ChessPosition *pos, const char *text, size_t len,
                                         ChessError *error);
/* True when `by` attacks sq given the occupancy. */
bool     _chess_square_attacked         (const ChessPosition *pos, ChessSquare sq,
                                         ChessColor by, ChessBitboard occupied);

/* Is a pseudo-legal move — one the piece on its from square can make by
 * its own rules, ignoring its king — legal? The generator's masks: in
 * check a move other than the king's takes the one checker or blocks it,
 * a pinned piece stays on the line through its king (and cannot move in
 * check), the king steps only onto squares not attacked once it has left
 * its own. Reads the cached checkers and blockers; one king a side. */
static inline bool
_chess_pseudo_is_legal (const ChessPosition *pos,
                        ChessMove            move)
{
  const unsigned us = pos->side & 1;
  const unsigned from = chess_move_from (move), to = chess_move_to (move);
  const ChessBitboard checkers = pos->checkers, king = pos->by_type[CHESS_KING] & pos->by_color[us];
  unsigned ksq;

  if (king & BB (from))
    {
      if (chess_move_kind (move) == CHESS_MOVE_CASTLING)
        return _chess_castling_ok (pos, from, to);
      return !_chess_attacked (pos, to, (ChessColor) (us ^ 1), pos->by_type[0] ^ BB (from));
    }
  if (chess_move_kind (move) == CHESS_MOVE_EN_PASSANT)
    return _chess_ep_ok (pos, from);
  if (!checkers && !(pos->blockers & BB (from)))
    return true;
  if (checkers && (bb_more_than_one (checkers) || (pos->blockers & BB (from))))
    return false;
  ksq = bb_lsb (king);
  if (checkers)
    return ((chess_between_table[ksq][bb_lsb (checkers)] | checkers) & BB (to)) != 0;
  return (chess_line_table[ksq][from] & BB (to)) != 0;
}

/* chess-rules.c: the coarse material rule (never "no" where a mate exists)
 * and the pawn-locked test, shared with chess-can-mate.c. */
bool _chess_material_can_mate    (const ChessPosition *pos, ChessColor color);
bool _chess_pawns_locked_forever (const ChessPosition *pos);
