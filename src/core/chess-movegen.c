/* chess-movegen.c — fully legal move generation and perft.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Legality comes from masks, never from making a move and testing it:
 * a check mask (the checker and the squares between it and our king),
 * pin lines for pinned pieces, and a per-square attack test for the king.
 * The same generator either lists moves or only counts them, which is
 * what lets perft count its last ply with popcounts.
 */
#include "chess-private.h"

/* The part of a position move generation reads: small enough that perft
 * copies it once per node. */
typedef struct
{
  ChessBitboard type[7];
  ChessBitboard color[2];
  uint8_t       side;
  uint8_t       castling;
  uint8_t       ep;
} Board;

#define ALWAYS_INLINE inline __attribute__ ((always_inline))

static ALWAYS_INLINE void
board_from_position (Board               *b,
                     const ChessPosition *pos)
{
  for (int i = 0; i < 7; i++)
    b->type[i] = pos->by_type[i];
  b->color[0] = pos->by_color[0];
  b->color[1] = pos->by_color[1];
  b->side = pos->side & 1;
  b->castling = pos->castling & 15;
  /* An e.p. square off its rank (an unvalidated set-up) is ignored. */
  b->ep = pos->ep_square < 64 && chess_square_rank (pos->ep_square) == (b->side == CHESS_WHITE ? 5 : 2)
          ? pos->ep_square : CHESS_NO_SQUARE;
}

/* Generation needs one king a side; an unfinished set-up without one has
 * no moves rather than undefined behaviour. */
static inline bool
has_kings (const ChessPosition *pos)
{
  return (pos->by_type[CHESS_KING] & pos->by_color[0]) && (pos->by_type[CHESS_KING] & pos->by_color[1]);
}

/* Is sq attacked by `them` when the board holds occ? */
static ALWAYS_INLINE bool
attacked (const Board   *b,
          unsigned       sq,
          unsigned       them,
          ChessBitboard  occ)
{
  const ChessBitboard *t = b->type;
  ChessBitboard enemy = b->color[them];

  return ((chess_pawn_table[them ^ 1][sq] & t[CHESS_PAWN])
          | (chess_knight_table[sq] & t[CHESS_KNIGHT])
          | (chess_king_table[sq] & t[CHESS_KING])
          | (bb_bishop_attacks (sq, occ) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]))
          | (bb_rook_attacks (sq, occ) & (t[CHESS_ROOK] | t[CHESS_QUEEN]))) & enemy;
}

/* Is the e.p. capture from→ep legal? Lift both pawns, put ours on the e.p.
 * square, and look for any attack on the king that remains: this covers
 * the pawn being pinned, the rank "double pin" of both pawns, and checks
 * the capture does or does not answer. */
static ALWAYS_INLINE bool
ep_capture_ok (const Board   *b,
               unsigned       from,
               unsigned       ksq,
               ChessBitboard  checkers)
{
  unsigned us = b->side, them = us ^ 1;
  unsigned ep = b->ep;
  unsigned cap = us == CHESS_WHITE ? ep - 8 : ep + 8;
  const ChessBitboard *t = b->type;
  ChessBitboard enemy = b->color[them];
  ChessBitboard occ = (t[0] ^ BB (from) ^ BB (cap)) | BB (ep);

  if (checkers & (t[CHESS_KNIGHT] | t[CHESS_PAWN]) & ~BB (cap))
    return false;
  return !((bb_rook_attacks (ksq, occ) & (t[CHESS_ROOK] | t[CHESS_QUEEN]) & enemy)
           | (bb_bishop_attacks (ksq, occ) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & enemy));
}

#define EMIT(from, to, kind) \
  do { if (!count_only) out[n] = chess_move_make ((from), (to), (kind)); n++; } while (0)

#define EMIT_TARGETS(from, targets) \
  do { \
    ChessBitboard t_ = (targets); \
    if (count_only) \
      n += (unsigned) chess_popcount (t_); \
    else \
      while (t_) \
        out[n++] = chess_move_make ((from), bb_pop_lsb (&t_), CHESS_MOVE_NORMAL); \
  } while (0)

/* Pawn moves whose origin is the destination minus `delta`. */
#define EMIT_PAWNS(set, delta) \
  do { \
    ChessBitboard s_ = (set) & ~last_rank, p_ = (set) & last_rank; \
    if (count_only) \
      n += (unsigned) chess_popcount (s_) + 4 * (unsigned) chess_popcount (p_); \
    else \
      { \
        while (s_) \
          { \
            unsigned to_ = bb_pop_lsb (&s_); \
            out[n++] = chess_move_make (to_ - (delta), to_, CHESS_MOVE_NORMAL); \
          } \
        while (p_) \
          { \
            unsigned to_ = bb_pop_lsb (&p_); \
            for (int pt_ = CHESS_QUEEN; pt_ >= CHESS_KNIGHT; pt_--) \
              out[n++] = chess_move_make_promotion (to_ - (delta), to_, pt_); \
          } \
      } \
  } while (0)

static ALWAYS_INLINE unsigned
generate (const Board *b,
          ChessMove   *out,
          const int    count_only)
{
  const ChessBitboard *t = b->type;
  const unsigned us = b->side, them = us ^ 1;
  const ChessBitboard occ = t[0], own = b->color[us], enemy = b->color[them];
  const ChessBitboard erq = (t[CHESS_ROOK] | t[CHESS_QUEEN]) & enemy;
  const ChessBitboard ebq = (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & enemy;
  const unsigned ksq = bb_lsb (t[CHESS_KING] & own);
  ChessBitboard checkers, pinned = 0, target, kto, pieces, snipers;
  unsigned n = 0;

  checkers = ((chess_knight_table[ksq] & t[CHESS_KNIGHT])
              | (chess_pawn_table[us][ksq] & t[CHESS_PAWN])) & enemy;
  checkers |= (bb_rook_attacks (ksq, occ) & erq) | (bb_bishop_attacks (ksq, occ) & ebq);

  /* King moves: first strike out what enemy pawns, knights and the king
   * cover, then test sliders square by square with our king lifted off
   * the board (so it cannot hide behind itself along a checking line). */
  kto = chess_king_table[ksq] & ~own;
  kto &= ~bb_pawn_attacks_bb (t[CHESS_PAWN] & enemy, them);
  kto &= ~chess_king_table[bb_lsb (t[CHESS_KING] & enemy)];
  pieces = t[CHESS_KNIGHT] & enemy;
  while (pieces && kto)
    kto &= ~chess_knight_table[bb_pop_lsb (&pieces)];
  if (kto && (erq | ebq))
    {
      ChessBitboard occ_nok = occ ^ BB (ksq), test = kto;
      while (test)
        {
          unsigned sq = bb_pop_lsb (&test);
          if ((bb_rook_attacks (sq, occ_nok) & erq) | (bb_bishop_attacks (sq, occ_nok) & ebq))
            kto ^= BB (sq);
        }
    }
  EMIT_TARGETS (ksq, kto);

  /* In double check only the king may move. */
  if (bb_more_than_one (checkers))
    return n;

  target = checkers ? (chess_between_table[ksq][bb_lsb (checkers)] | checkers) : ~own;

  /* Pinned pieces: our lone piece between the king and an enemy slider
   * that sees the king through our pieces only. */
  snipers = (bb_rook_attacks (ksq, enemy) & erq) | (bb_bishop_attacks (ksq, enemy) & ebq);
  while (snipers)
    {
      ChessBitboard between = chess_between_table[ksq][bb_pop_lsb (&snipers)] & occ;
      if (!bb_more_than_one (between))
        pinned |= between;
    }

  /* Pawns, by whole-board shifts; pinned pawns (never movable in check)
   * add their few moves along their pin line into the same sets. */
  {
    const ChessBitboard last_rank = us == CHESS_WHITE ? RANK_8_BB : RANK_1_BB;
    const ChessBitboard third = us == CHESS_WHITE ? RANK_3_BB : RANK_6_BB;
    const int up = us == CHESS_WHITE ? 8 : -8;
    const int west = us == CHESS_WHITE ? 7 : -9;
    const int east = us == CHESS_WHITE ? 9 : -7;
    const ChessBitboard empty = ~occ;
    ChessBitboard pawns = t[CHESS_PAWN] & own;
    ChessBitboard free_pawns = pawns & ~pinned;
    ChessBitboard single = bb_shift_up (free_pawns, (int) us) & empty;
    ChessBitboard dbl = bb_shift_up (single & third, (int) us) & empty;
    ChessBitboard capw = bb_pawn_west (free_pawns, (int) us) & enemy;
    ChessBitboard cape = bb_pawn_east (free_pawns, (int) us) & enemy;

    if (!checkers && (pieces = pawns & pinned))
      while (pieces)
        {
          unsigned from = bb_pop_lsb (&pieces);
          ChessBitboard line = chess_line_table[ksq][from];
          ChessBitboard s = bb_shift_up (BB (from), (int) us) & empty & line;
          single |= s;
          dbl |= bb_shift_up (s & third, (int) us) & empty & line;
          capw |= bb_pawn_west (BB (from), (int) us) & enemy & line;
          cape |= bb_pawn_east (BB (from), (int) us) & enemy & line;
        }
    single &= target;
    dbl &= target;
    capw &= target;
    cape &= target;
    EMIT_PAWNS (single, up);
    EMIT_PAWNS (capw, west);
    EMIT_PAWNS (cape, east);
    {
      ChessBitboard s_ = dbl;
      if (count_only)
        n += (unsigned) chess_popcount (s_);
      else
        while (s_)
          {
            unsigned to = bb_pop_lsb (&s_);
            out[n++] = chess_move_make (to - 2 * up, to, CHESS_MOVE_NORMAL);
          }
    }

    if (b->ep < 64)
      {
        ChessBitboard cand = chess_pawn_table[them][b->ep] & pawns;
        while (cand)
          {
            unsigned from = bb_pop_lsb (&cand);
            if (ep_capture_ok (b, from, ksq, checkers))
              EMIT (from, b->ep, CHESS_MOVE_EN_PASSANT);
          }
      }
  }

  /* Pieces. When in check pinned pieces have no move at all: the pin line
   * and the check line meet only on the king's square. */
  pieces = t[CHESS_KNIGHT] & own & ~pinned;
  while (pieces)
    {
      unsigned from = bb_pop_lsb (&pieces);
      EMIT_TARGETS (from, chess_knight_table[from] & target);
    }
  pieces = (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & own & ~pinned;
  while (pieces)
    {
      unsigned from = bb_pop_lsb (&pieces);
      EMIT_TARGETS (from, bb_bishop_attacks (from, occ) & target);
    }
  pieces = (t[CHESS_ROOK] | t[CHESS_QUEEN]) & own & ~pinned;
  while (pieces)
    {
      unsigned from = bb_pop_lsb (&pieces);
      EMIT_TARGETS (from, bb_rook_attacks (from, occ) & target);
    }
  if (!checkers && pinned)
    {
      pieces = (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & own & pinned;
      while (pieces)
        {
          unsigned from = bb_pop_lsb (&pieces);
          EMIT_TARGETS (from, bb_bishop_attacks (from, occ) & target & chess_line_table[ksq][from]);
        }
      pieces = (t[CHESS_ROOK] | t[CHESS_QUEEN]) & own & pinned;
      while (pieces)
        {
          unsigned from = bb_pop_lsb (&pieces);
          EMIT_TARGETS (from, bb_rook_attacks (from, occ) & target & chess_line_table[ksq][from]);
        }
    }

  /* Castling: rights, king and rook at home, empty path, and neither the
   * king's square (not in check), the square it crosses nor the one it
   * lands on attacked. */
  if (!checkers && b->castling)
    {
      const unsigned home = us == CHESS_WHITE ? 4 : 60;
      const unsigned ks = us == CHESS_WHITE ? CHESS_CASTLE_WK : CHESS_CASTLE_BK;
      const unsigned qs = us == CHESS_WHITE ? CHESS_CASTLE_WQ : CHESS_CASTLE_BQ;
      const ChessBitboard rooks = t[CHESS_ROOK] & own;

      if (ksq == home)
        {
          if ((b->castling & ks) && !(occ & (BB (home + 1) | BB (home + 2)))
              && (rooks & BB (home + 3))
              && !attacked (b, home + 1, them, occ) && !attacked (b, home + 2, them, occ))
            EMIT (home, home + 2, CHESS_MOVE_CASTLING);
          if ((b->castling & qs) && !(occ & (BB (home - 1) | BB (home - 2) | BB (home - 3)))
              && (rooks & BB (home - 4))
              && !attacked (b, home - 1, them, occ) && !attacked (b, home - 2, them, occ))
            EMIT (home, home - 2, CHESS_MOVE_CASTLING);
        }
    }
  return n;
}

static unsigned
generate_list (const Board *b,
               ChessMove   *out)
{
  return generate (b, out, 0);
}

static unsigned
generate_count (const Board *b)
{
  return generate (b, NULL, 1);
}

unsigned
chess_generate_legal (const ChessPosition *pos,
                      ChessMoveList       *list)
{
  Board b;

  _chess_init_fast ();
  list->count = 0;
  if (!has_kings (pos))
    return 0;
  board_from_position (&b, pos);
  list->count = generate_list (&b, list->moves);
  return list->count;
}

unsigned
chess_count_legal (const ChessPosition *pos)
{
  Board b;

  _chess_init_fast ();
  if (!has_kings (pos))
    return 0;
  board_from_position (&b, pos);
  return generate_count (&b);
}

bool
chess_position_ep_legal (const ChessPosition *pos)
{
  Board b;
  ChessBitboard cand, checkers;
  unsigned ksq, us = pos->side & 1;

  if (pos->ep_square >= 64 || !has_kings (pos))
    return false;
  _chess_init_fast ();
  /* Most double steps pass no pawn that could take: the quick answer. */
  cand = chess_pawn_table[us ^ 1][pos->ep_square] & pos->by_type[CHESS_PAWN] & pos->by_color[us];
  if (!cand)
    return false;
  board_from_position (&b, pos);
  /* The square must really be behind an enemy pawn that just passed it. */
  if (chess_square_rank (pos->ep_square) != (us == CHESS_WHITE ? 5 : 2))
    return false;
  if (!(b.type[CHESS_PAWN] & b.color[us ^ 1] & BB (us == CHESS_WHITE ? pos->ep_square - 8 : pos->ep_square + 8)))
    return false;
  if (b.type[0] & BB (pos->ep_square))
    return false;
  ksq = bb_lsb (b.type[CHESS_KING] & b.color[us]);
  checkers = chess_position_attackers (pos, (ChessSquare) ksq, (ChessColor) (us ^ 1), b.type[0]);
  if (bb_more_than_one (checkers))
    return false;
  while (cand)
    if (ep_capture_ok (&b, bb_pop_lsb (&cand), ksq, checkers))
      return true;
  return false;
}

bool
_chess_castling_ok (const ChessPosition *pos,
                    unsigned             home,
                    unsigned             to)
{
  const unsigned us = pos->side & 1;
  const ChessBitboard occ = pos->by_type[0];
  const ChessColor them = (ChessColor) (us ^ 1);
  bool kingside = to > home;
  unsigned right, rook, step;
  ChessBitboard path;

  if (home != (us == CHESS_WHITE ? 4u : 60u) || (to != home + 2 && to + 2 != home))
    return false;
  right = kingside ? (us == CHESS_WHITE ? CHESS_CASTLE_WK : CHESS_CASTLE_BK)
                   : (us == CHESS_WHITE ? CHESS_CASTLE_WQ : CHESS_CASTLE_BQ);
  path = kingside ? BB (home + 1) | BB (home + 2) : BB (home - 1) | BB (home - 2) | BB (home - 3);
  rook = kingside ? home + 3 : home - 4;
  step = kingside ? home + 1 : home - 1;
  return !pos->checkers && (pos->castling & right) && !(occ & path)
         && (pos->by_type[CHESS_ROOK] & pos->by_color[us] & BB (rook))
         && !chess_position_attackers (pos, (ChessSquare) step, them, occ)
         && !chess_position_attackers (pos, (ChessSquare) to, them, occ);
}

bool
_chess_ep_ok (const ChessPosition *pos,
              unsigned             from)
{
  const unsigned us = pos->side & 1;
  Board b;

  if (pos->ep_square >= 64 || chess_square_rank (pos->ep_square) != (us == CHESS_WHITE ? 5u : 2u)
      || !(chess_pawn_table[us][from] & BB (pos->ep_square)) || bb_more_than_one (pos->checkers))
    return false;
  board_from_position (&b, pos);
  return ep_capture_ok (&b, from, bb_lsb (pos->by_type[CHESS_KING] & pos->by_color[us]), pos->checkers);
}

/* One move tested on its own: first, that the piece can make it at all
 * (the right kind, the target in reach, the pawn's geometry), then the
 * masks of _chess_pseudo_is_legal (). */
bool
_chess_move_is_legal (const ChessPosition *pos,
                      ChessMove            move)
{
  const unsigned us = pos->side & 1, them = us ^ 1;
  const unsigned from = chess_move_from (move), to = chess_move_to (move);
  const ChessMoveKind kind = chess_move_kind (move);
  const ChessBitboard occ = pos->by_type[0], own = pos->by_color[us];
  const ChessBitboard kings = pos->by_type[CHESS_KING];
  ChessBitboard reach;

  if (!(own & BB (from)) || (own & BB (to)) || !(kings & own) || !(kings & pos->by_color[them]))
    return false;
  /* Only a promotion carries a piece in its top bits. */
  if (kind != CHESS_MOVE_PROMOTION && (move >> 14) != 0)
    return false;

  switch (chess_piece_type (pos->board[from]))
    {
    case CHESS_PAWN:
      {
        const int up = us == CHESS_WHITE ? 8 : -8;
        const bool last = chess_square_rank (to) == (us == CHESS_WHITE ? 7u : 0u);

        if (kind == CHESS_MOVE_EN_PASSANT)
          return to == pos->ep_square && _chess_ep_ok (pos, from);
        if (kind == CHESS_MOVE_CASTLING || last != (kind == CHESS_MOVE_PROMOTION))
          return false;
        if ((int) to == (int) from + up)
          reach = ~occ;
        else if ((int) to == (int) from + 2 * up)
          reach = chess_square_rank (from) == (us == CHESS_WHITE ? 1u : 6u)
                  && !(occ & BB (from + up)) ? ~occ : 0;
        else
          reach = chess_pawn_table[us][from] & pos->by_color[them];
        break;
      }
    case CHESS_KNIGHT:
      reach = kind == CHESS_MOVE_NORMAL ? chess_knight_table[from] : 0;
      break;
    case CHESS_BISHOP:
      reach = kind == CHESS_MOVE_NORMAL ? bb_bishop_attacks (from, occ) : 0;
      break;
    case CHESS_ROOK:
      reach = kind == CHESS_MOVE_NORMAL ? bb_rook_attacks (from, occ) : 0;
      break;
    case CHESS_QUEEN:
      reach = kind == CHESS_MOVE_NORMAL ? bb_bishop_attacks (from, occ) | bb_rook_attacks (from, occ) : 0;
      break;
    case CHESS_KING:
      if (kind == CHESS_MOVE_CASTLING)
        return _chess_castling_ok (pos, from, to);
      reach = kind == CHESS_MOVE_NORMAL ? chess_king_table[from] : 0;
      break;
    case CHESS_NO_PIECE_TYPE:
    default:
      return false;
    }
  return (reach & BB (to)) && _chess_pseudo_is_legal (pos, move);
}

bool
chess_position_is_legal (const ChessPosition *pos,
                         ChessMove            move)
{
  if (move == CHESS_MOVE_NONE || move == CHESS_MOVE_NULL)
    return false;
  _chess_init_fast ();
  return _chess_move_is_legal (pos, move);
}

/* The move the generator would list first for from→to: castling when the
 * king goes two squares or onto its own rook, the named promotion (else the
 * queen), e.p. onto the empty e.p. square; then the one legality test. */
ChessMove
chess_position_find_move (const ChessPosition *pos,
                          ChessSquare          from,
                          ChessSquare          to,
                          ChessPieceType       promotion)
{
  const unsigned us = pos->side & 1;
  ChessPieceType type;
  ChessMove m;

  if (from >= 64 || to >= 64 || !(pos->by_color[us] & BB (from)))
    return CHESS_MOVE_NONE;
  _chess_init_fast ();
  type = chess_piece_type (pos->board[from]);
  m = chess_move_make (from, to, CHESS_MOVE_NORMAL);
  if (type == CHESS_KING)
    {
      unsigned home = us == CHESS_WHITE ? 4 : 60;
      if (from == home && (to == home + 2 || to == home + 3))
        m = chess_move_make (from, home + 2, CHESS_MOVE_CASTLING);
      else if (from == home && (to == home - 2 || to == home - 4))
        m = chess_move_make (from, home - 2, CHESS_MOVE_CASTLING);
    }
  else if (type == CHESS_PAWN)
    {
      if (chess_square_rank (to) == (us == CHESS_WHITE ? 7u : 0u))
        m = chess_move_make_promotion (from, to, promotion >= CHESS_KNIGHT && promotion <= CHESS_QUEEN
                                                 ? promotion : CHESS_QUEEN);
      else if (to == pos->ep_square && !(pos->by_type[0] & BB (to))
               && chess_square_file (to) != chess_square_file (from))
        m = chess_move_make (from, to, CHESS_MOVE_EN_PASSANT);
    }
  return _chess_move_is_legal (pos, m) ? m : CHESS_MOVE_NONE;
}

/* A lean make for perft: bitboards only, no mailbox, key or counters. */
static ALWAYS_INLINE void
board_make (Board     *b,
            ChessMove  m)
{
  const unsigned us = b->side, them = us ^ 1;
  const unsigned from = chess_move_from (m), to = chess_move_to (m);
  const ChessBitboard fromto = BB (from) | BB (to);
  const ChessMoveKind kind = chess_move_kind (m);
  unsigned pt = CHESS_PAWN;

  while (!(b->type[pt] & BB (from)))
    pt++;
  b->ep = CHESS_NO_SQUARE;

  if (kind == CHESS_MOVE_CASTLING)
    {
      unsigned rf = to > from ? from + 3 : from - 4, rt = to > from ? from + 1 : from - 1;
      ChessBitboard rr = BB (rf) | BB (rt);
      b->type[CHESS_KING] ^= fromto;
      b->type[CHESS_ROOK] ^= rr;
      b->color[us] ^= fromto ^ rr;
      b->type[0] ^= fromto ^ rr;
    }
  else if (kind == CHESS_MOVE_EN_PASSANT)
    {
      ChessBitboard cap = BB (us == CHESS_WHITE ? to - 8 : to + 8);
      b->type[CHESS_PAWN] ^= fromto ^ cap;
      b->color[us] ^= fromto;
      b->color[them] ^= cap;
      b->type[0] ^= fromto ^ cap;
    }
  else
    {
      if (b->color[them] & BB (to))
        {
          unsigned ct = CHESS_PAWN;
          while (!(b->type[ct] & BB (to)))
            ct++;
          b->type[ct] ^= BB (to);
          b->color[them] ^= BB (to);
          b->type[0] ^= BB (to);
        }
      b->color[us] ^= fromto;
      b->type[0] ^= fromto;
      if (kind == CHESS_MOVE_PROMOTION)
        {
          b->type[CHESS_PAWN] ^= BB (from);
          b->type[chess_move_promotion (m)] ^= BB (to);
        }
      else
        {
          b->type[pt] ^= fromto;
          /* Record the e.p. square only where an enemy pawn could use it. */
          if (pt == CHESS_PAWN && (from ^ to) == 16
              && (chess_pawn_table[us][(from + to) / 2] & b->type[CHESS_PAWN] & b->color[them]))
            b->ep = (uint8_t) ((from + to) / 2);
        }
    }
  b->castling &= _chess_castle_keep[from] & _chess_castle_keep[to];
  b->side = (uint8_t) them;
}

static uint64_t
perft_rec (const Board *b,
           unsigned     depth)
{
  ChessMove moves[CHESS_MAX_MOVES];
  unsigned n;
  uint64_t total = 0;

  if (depth == 1)
    return generate_count (b);
  n = generate_list (b, moves);
  for (unsigned i = 0; i < n; i++)
    {
      Board child = *b;
      board_make (&child, moves[i]);
      total += depth == 2 ? generate_count (&child) : perft_rec (&child, depth - 1);
    }
  return total;
}

uint64_t
chess_perft (const ChessPosition *pos,
             unsigned             depth)
{
  Board b;

  _chess_init_fast ();
  if (depth == 0)
    return 1;
  if (!has_kings (pos))
    return 0;
  board_from_position (&b, pos);
  return perft_rec (&b, depth);
}
