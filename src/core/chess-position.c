/* chess-position.c — the board: set-up, validation, making moves, keys.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <assert.h>
#include <string.h>
#include <threads.h>

#include "chess-private.h"

static once_flag init_once = ONCE_FLAG_INIT;
atomic_bool _chess_tables_ready;

ChessBitboard _chess_rook_rays_table[64];
ChessBitboard _chess_bishop_rays_table[64];

static void
build_tables (void)
{
  chess_bitboard_init ();
  for (unsigned sq = 0; sq < 64; sq++)
    {
      _chess_rook_rays_table[sq] = bb_rook_attacks (sq, 0);
      _chess_bishop_rays_table[sq] = bb_bishop_attacks (sq, 0);
    }
  atomic_store_explicit (&_chess_tables_ready, true, memory_order_release);
}

void
chess_init (void)
{
  /* call_once () is a call into libc on every use; this flag makes every
   * use after the first one load. */
  if (atomic_load_explicit (&_chess_tables_ready, memory_order_acquire))
    return;
  call_once (&init_once, build_tables);
}

/* Rights that survive a move from or to each square: a king or rook leaving
 * its home square, or a rook being captured there, ends the right. */
const uint8_t _chess_castle_keep[64] = {
  [0] = 15 & ~CHESS_CASTLE_WQ, [1 ... 3] = 15, [4] = 15 & ~(CHESS_CASTLE_WK | CHESS_CASTLE_WQ),
  [5 ... 6] = 15, [7] = 15 & ~CHESS_CASTLE_WK,
  [8 ... 55] = 15,
  [56] = 15 & ~CHESS_CASTLE_BQ, [57 ... 59] = 15, [60] = 15 & ~(CHESS_CASTLE_BK | CHESS_CASTLE_BQ),
  [61 ... 62] = 15, [63] = 15 & ~CHESS_CASTLE_BK,
};

char *
chess_square_name (ChessSquare sq,
                   char       *buf)
{
  if (sq >= 64)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return buf;
    }
  buf[0] = (char) ('a' + chess_square_file (sq));
  buf[1] = (char) ('1' + chess_square_rank (sq));
  buf[2] = '\0';
  return buf;
}

char *
chess_move_to_uci (ChessMove  move,
                   char      *buf)
{
  if (move == CHESS_MOVE_NONE || move == CHESS_MOVE_NULL)
    {
      strcpy (buf, "0000");
      return buf;
    }
  chess_square_name (chess_move_from (move), buf);
  chess_square_name (chess_move_to (move), buf + 2);
  if (chess_move_kind (move) == CHESS_MOVE_PROMOTION)
    {
      buf[4] = " pnbrqk"[chess_move_promotion (move)];
      buf[5] = '\0';
    }
  return buf;
}

void
chess_position_clear (ChessPosition *pos)
{
  _chess_init_fast ();
  memset (pos, 0, sizeof *pos);
  pos->ep_square = CHESS_NO_SQUARE;
  pos->side = CHESS_WHITE;
  pos->fullmove = 1;
  pos->key = _chess_position_compute_key (pos);
}

void
chess_position_put (ChessPosition *pos,
                    ChessSquare    sq,
                    ChessPiece     piece)
{
  if (sq >= 64)
    return;
  chess_position_remove (pos, sq);
  if (piece == CHESS_NO_PIECE || chess_piece_type (piece) == CHESS_NO_PIECE_TYPE
      || chess_piece_type (piece) > CHESS_KING)
    return;
  pos->board[sq] = piece;
  pos->by_type[chess_piece_type (piece)] |= BB (sq);
  pos->by_type[0] |= BB (sq);
  pos->by_color[chess_piece_color (piece)] |= BB (sq);
}

void
chess_position_remove (ChessPosition *pos,
                       ChessSquare    sq)
{
  ChessPiece piece;

  if (sq >= 64)
    return;
  piece = pos->board[sq];
  if (piece == CHESS_NO_PIECE)
    return;
  pos->board[sq] = CHESS_NO_PIECE;
  pos->by_type[chess_piece_type (piece)] &= ~BB (sq);
  pos->by_type[0] &= ~BB (sq);
  pos->by_color[chess_piece_color (piece)] &= ~BB (sq);
}

void
chess_position_init_start (ChessPosition *pos)
{
  static const ChessPieceType back[8] = {
    CHESS_ROOK, CHESS_KNIGHT, CHESS_BISHOP, CHESS_QUEEN,
    CHESS_KING, CHESS_BISHOP, CHESS_KNIGHT, CHESS_ROOK,
  };

  chess_position_clear (pos);
  for (int f = 0; f < 8; f++)
    {
      chess_position_put (pos, chess_square_make (f, 0), chess_piece_make (CHESS_WHITE, back[f]));
      chess_position_put (pos, chess_square_make (f, 1), chess_piece_make (CHESS_WHITE, CHESS_PAWN));
      chess_position_put (pos, chess_square_make (f, 6), chess_piece_make (CHESS_BLACK, CHESS_PAWN));
      chess_position_put (pos, chess_square_make (f, 7), chess_piece_make (CHESS_BLACK, back[f]));
    }
  pos->castling = CHESS_CASTLE_WK | CHESS_CASTLE_WQ | CHESS_CASTLE_BK | CHESS_CASTLE_BQ;
  chess_position_finish (pos);
}

ChessSquare
chess_position_king (const ChessPosition *pos,
                     ChessColor           color)
{
  ChessBitboard k = pos->by_type[CHESS_KING] & pos->by_color[color];

  return k ? (ChessSquare) bb_lsb (k) : CHESS_NO_SQUARE;
}

ChessBitboard
chess_position_attackers (const ChessPosition *pos,
                          ChessSquare          sq,
                          ChessColor           by,
                          ChessBitboard        occupied)
{
  const ChessBitboard *t = pos->by_type;
  ChessBitboard them = pos->by_color[by];

  _chess_init_fast ();
  if (sq >= 64)
    return 0;
  return ((chess_pawn_table[by ^ 1][sq] & t[CHESS_PAWN])
          | (chess_knight_table[sq] & t[CHESS_KNIGHT])
          | (chess_king_table[sq] & t[CHESS_KING])
          | (bb_bishop_attacks (sq, occupied) & (t[CHESS_BISHOP] | t[CHESS_QUEEN]))
          | (bb_rook_attacks (sq, occupied) & (t[CHESS_ROOK] | t[CHESS_QUEEN])))
         & them & occupied;
}

bool
_chess_square_attacked (const ChessPosition *pos,
                        ChessSquare          sq,
                        ChessColor           by,
                        ChessBitboard        occupied)
{
  return chess_position_attackers (pos, sq, by, occupied) != 0;
}

bool
chess_position_in_check (const ChessPosition *pos)
{
  return pos->checkers != 0;
}

ChessBitboard
chess_attacks (ChessPieceType type,
               ChessColor     color,
               ChessSquare    sq,
               ChessBitboard  occupied)
{
  _chess_init_fast ();
  if (sq >= 64)
    return 0;
  switch (type)
    {
    case CHESS_PAWN:
      return chess_pawn_table[color & 1][sq];
    case CHESS_KNIGHT:
      return chess_knight_table[sq];
    case CHESS_BISHOP:
      return bb_bishop_attacks (sq, occupied);
    case CHESS_ROOK:
      return bb_rook_attacks (sq, occupied);
    case CHESS_QUEEN:
      return bb_bishop_attacks (sq, occupied) | bb_rook_attacks (sq, occupied);
    case CHESS_KING:
      return chess_king_table[sq];
    case CHESS_NO_PIECE_TYPE:
    default:
      return 0;
    }
}

/* Checkers and blockers (pieces of either colour that alone stand between
 * the side to move's king and an enemy slider). Runs after every move:
 * the attack tests are written out here, with rays rather than magics
 * (see _chess_sliders_seeing ()). */
static inline void
update_checks (ChessPosition *pos)
{
  const ChessColor us = (ChessColor) (pos->side & 1), them = (ChessColor) (us ^ 1);
  const ChessBitboard *t = pos->by_type, occ = t[0], enemy = pos->by_color[them];
  const ChessBitboard king = t[CHESS_KING] & pos->by_color[us];
  const ChessBitboard rq = (t[CHESS_ROOK] | t[CHESS_QUEEN]) & enemy;
  const ChessBitboard bq = (t[CHESS_BISHOP] | t[CHESS_QUEEN]) & enemy;
  ChessBitboard snipers, checkers, blockers = 0;
  unsigned ksq;

  pos->checkers = 0;
  pos->blockers = 0;
  if (!king)
    return;
  ksq = bb_lsb (king);
  checkers = ((chess_pawn_table[us][ksq] & t[CHESS_PAWN])
              | (chess_knight_table[ksq] & t[CHESS_KNIGHT])
              | (chess_king_table[ksq] & t[CHESS_KING])) & enemy;
  /* Each enemy slider on a line through the king checks it with nothing
   * between, or pins (or discovers through) the one piece between. */
  snipers = (_chess_rook_rays (ksq) & rq) | (_chess_bishop_rays (ksq) & bq);
  while (snipers)
    {
      unsigned s = bb_pop_lsb (&snipers);
      ChessBitboard b = chess_between_table[ksq][s] & occ;
      if (!b)
        checkers |= BB (s);
      else if (!bb_more_than_one (b))
        blockers |= b;
    }
  pos->checkers = checkers;
  pos->blockers = blockers;
}

void
_chess_position_update_checks (ChessPosition *pos)
{
  update_checks (pos);
}

uint64_t
_chess_position_compute_key (const ChessPosition *pos)
{
  uint64_t key = 0;
  ChessBitboard occ = pos->by_type[0];

  while (occ)
    {
      unsigned sq = bb_pop_lsb (&occ);
      key ^= chess_zobrist_piece[pos->board[sq]][sq];
    }
  key ^= chess_zobrist_castling[pos->castling & 15];
  if (pos->side == CHESS_BLACK)
    key ^= chess_zobrist_side;
  if (pos->ep_square < 64 && chess_position_ep_legal (pos))
    key ^= chess_zobrist_ep[chess_square_file (pos->ep_square)];
  return key;
}

void
chess_position_finish (ChessPosition *pos)
{
  _chess_init_fast ();
  pos->side &= 1;
  pos->castling &= 15;
  if (pos->ep_square > 64)
    pos->ep_square = CHESS_NO_SQUARE;
  _chess_position_update_checks (pos);
  pos->key = _chess_position_compute_key (pos);
}

static const char *const color_names[2] = { "White", "Black" };

/* The checks of RULES.md §9, plus piece counts that no game can reach. */
bool
_chess_position_validate_field (const ChessPosition *pos,
                                ChessError          *error,
                                ChessFenField       *field)
{
  const ChessBitboard *t = pos->by_type;
  char name[3];

  _chess_init_fast ();
  *field = CHESS_FIELD_PLACEMENT;
  for (int c = 0; c < 2; c++)
    {
      ChessBitboard mine = pos->by_color[c];
      int kings = chess_popcount (t[CHESS_KING] & mine);
      int pawns = chess_popcount (t[CHESS_PAWN] & mine);
      int knights = chess_popcount (t[CHESS_KNIGHT] & mine);
      int rooks = chess_popcount (t[CHESS_ROOK] & mine);
      int queens = chess_popcount (t[CHESS_QUEEN] & mine);
      int light = chess_popcount (t[CHESS_BISHOP] & mine & LIGHT_SQUARES);
      int dark = chess_popcount (t[CHESS_BISHOP] & mine & DARK_SQUARES);
      int promoted;

      if (kings != 1)
        {
          chess_error_set (error, CHESS_ERROR_FEN, kings == 0
                           ? CHESS_N_ ("piece placement: %s has no king")
                           : CHESS_N_ ("piece placement: %s has %d kings (exactly one is needed)"),
                           chess_error_translate (color_names[c]), kings);
          return false;
        }
      if (chess_popcount (mine) > 16)
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("piece placement: %s has %d pieces (at most 16 are possible)"),
                           chess_error_translate (color_names[c]), chess_popcount (mine));
          return false;
        }
      if (pawns > 8)
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("piece placement: %s has %d pawns (at most 8 are possible)"),
                           chess_error_translate (color_names[c]), pawns);
          return false;
        }
      /* Every piece beyond the initial set was a pawn once. */
      promoted = (queens > 1 ? queens - 1 : 0) + (rooks > 2 ? rooks - 2 : 0)
                 + (knights > 2 ? knights - 2 : 0) + (light > 1 ? light - 1 : 0)
                 + (dark > 1 ? dark - 1 : 0);
      if (promoted > 8 - pawns)
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("piece placement: %s has at least %d promoted pieces but only %d pawns are missing"),
                           chess_error_translate (color_names[c]), promoted, 8 - pawns);
          return false;
        }
    }
  if (t[CHESS_PAWN] & (RANK_1_BB | RANK_8_BB))
    {
      unsigned sq = bb_lsb (t[CHESS_PAWN] & (RANK_1_BB | RANK_8_BB));
      chess_error_set (error, CHESS_ERROR_FEN,
                       CHESS_N_ ("piece placement: a pawn stands on %s (pawns never stand on the first or last rank)"),
                       chess_square_name ((ChessSquare) sq, name));
      return false;
    }

  {
    ChessColor us = (ChessColor) pos->side, them = (ChessColor) (us ^ 1);
    ChessSquare theirs = chess_position_king (pos, them);
    ChessBitboard checkers = chess_position_attackers (pos, chess_position_king (pos, us), them, t[0]);

    if (chess_position_attackers (pos, theirs, us, t[0]))
      {
        *field = CHESS_FIELD_SIDE;
        chess_error_set (error, CHESS_ERROR_FEN,
                         CHESS_N_ ("side to move: %s is to move but %s, not to move, is in check"),
                         chess_error_translate (color_names[us]), chess_error_translate (color_names[them]));
        return false;
      }
    if (chess_popcount (checkers) > 2)
      {
        *field = CHESS_FIELD_PLACEMENT;
        chess_error_set (error, CHESS_ERROR_FEN,
                         CHESS_N_ ("piece placement: %s is in check from %d pieces (no move gives more than a double check)"),
                         chess_error_translate (color_names[us]), chess_popcount (checkers));
        return false;
      }
  }

  {
    static const struct { uint8_t right; char letter; ChessColor color; ChessSquare king, rook; } rights[4] = {
      { CHESS_CASTLE_WK, 'K', CHESS_WHITE, 4, 7 },
      { CHESS_CASTLE_WQ, 'Q', CHESS_WHITE, 4, 0 },
      { CHESS_CASTLE_BK, 'k', CHESS_BLACK, 60, 63 },
      { CHESS_CASTLE_BQ, 'q', CHESS_BLACK, 60, 56 },
    };
    for (int i = 0; i < 4; i++)
      {
        char kname[3], rname[3];
        if (!(pos->castling & rights[i].right))
          continue;
        if (pos->board[rights[i].king] != chess_piece_make (rights[i].color, CHESS_KING)
            || pos->board[rights[i].rook] != chess_piece_make (rights[i].color, CHESS_ROOK))
          {
            *field = CHESS_FIELD_CASTLING;
            chess_error_set (error, CHESS_ERROR_FEN,
                             CHESS_N_ ("castling: right '%c' needs the %s king on %s and a rook on %s"),
                             rights[i].letter, chess_error_translate (rights[i].color == CHESS_WHITE ? CHESS_N_ ("white") : CHESS_N_ ("black")),
                             chess_square_name (rights[i].king, kname),
                             chess_square_name (rights[i].rook, rname));
            return false;
          }
      }
  }

  if (pos->ep_square != CHESS_NO_SQUARE)
    {
      ChessColor us = (ChessColor) pos->side, them = (ChessColor) (us ^ 1);
      int want_rank = us == CHESS_WHITE ? 5 : 2;
      int dir = us == CHESS_WHITE ? 8 : -8;
      unsigned ep = pos->ep_square;

      *field = CHESS_FIELD_EP;
      chess_square_name (pos->ep_square, name);
      if (ep >= 64 || (int) chess_square_rank (ep) != want_rank)
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("en passant: %s is not on the %s rank, where %s's double step would have passed"),
                           name, chess_error_translate (us == CHESS_WHITE ? CHESS_N_ ("sixth") : CHESS_N_ ("third")), chess_error_translate (color_names[them]));
          return false;
        }
      if (pos->board[ep - dir] != chess_piece_make (them, CHESS_PAWN))
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("en passant: no %s pawn stands in front of %s, so no double step passed it"),
                           chess_error_translate (them == CHESS_WHITE ? CHESS_N_ ("white") : CHESS_N_ ("black")), name);
          return false;
        }
      if (pos->board[ep] != CHESS_NO_PIECE || pos->board[ep + dir] != CHESS_NO_PIECE)
        {
          chess_error_set (error, CHESS_ERROR_FEN,
                           CHESS_N_ ("en passant: %s or the square behind it is occupied, so no double step passed it"),
                           name);
          return false;
        }
    }
  return true;
}

bool
chess_position_validate (const ChessPosition *pos,
                         ChessError          *error)
{
  ChessFenField field;

  return _chess_position_validate_field (pos, error, &field);
}

bool
chess_position_is_consistent (const ChessPosition *pos)
{
  ChessBitboard all = 0;
  ChessPosition copy;

  _chess_init_fast ();
  if (pos->side > 1 || pos->castling > 15)
    return false;
  if (pos->by_color[0] & pos->by_color[1])
    return false;
  if ((pos->by_color[0] | pos->by_color[1]) != pos->by_type[0])
    return false;
  for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
    {
      if (all & pos->by_type[t])
        return false;
      all |= pos->by_type[t];
    }
  if (all != pos->by_type[0])
    return false;
  for (unsigned sq = 0; sq < 64; sq++)
    {
      ChessPiece p = pos->board[sq];
      if (p == CHESS_NO_PIECE)
        {
          if (all & BB (sq))
            return false;
          continue;
        }
      if (chess_piece_type (p) < CHESS_PAWN || chess_piece_type (p) > CHESS_KING || (p & ~15))
        return false;
      if (!(pos->by_type[chess_piece_type (p)] & pos->by_color[chess_piece_color (p)] & BB (sq)))
        return false;
    }
  if (chess_popcount (pos->by_type[CHESS_KING] & pos->by_color[0]) != 1
      || chess_popcount (pos->by_type[CHESS_KING] & pos->by_color[1]) != 1)
    return false;
  if (pos->ep_square != CHESS_NO_SQUARE
      && (pos->ep_square >= 64 || chess_square_rank (pos->ep_square) != (pos->side == CHESS_WHITE ? 5 : 2)))
    return false;
  copy = *pos;
  _chess_position_update_checks (&copy);
  if (copy.checkers != pos->checkers || copy.blockers != pos->blockers)
    return false;
  if (_chess_position_compute_key (pos) != pos->key)
    return false;
  /* The side that just moved cannot have left its king in check. */
  if (chess_position_attackers (pos, chess_position_king (pos, (ChessColor) (pos->side ^ 1)),
                                (ChessColor) pos->side, pos->by_type[0]))
    return false;
  return true;
}

static inline void
move_piece_keyed (ChessPosition *pos,
                  unsigned       from,
                  unsigned       to)
{
  ChessPiece p = pos->board[from];
  ChessBitboard fromto = BB (from) | BB (to);

  pos->board[from] = CHESS_NO_PIECE;
  pos->board[to] = p;
  pos->by_type[chess_piece_type (p)] ^= fromto;
  pos->by_type[0] ^= fromto;
  pos->by_color[chess_piece_color (p)] ^= fromto;
  pos->key ^= chess_zobrist_piece[p][from] ^ chess_zobrist_piece[p][to];
}

static inline void
remove_piece_keyed (ChessPosition *pos,
                    unsigned       sq)
{
  ChessPiece p = pos->board[sq];

  pos->board[sq] = CHESS_NO_PIECE;
  pos->by_type[chess_piece_type (p)] ^= BB (sq);
  pos->by_type[0] ^= BB (sq);
  pos->by_color[chess_piece_color (p)] ^= BB (sq);
  pos->key ^= chess_zobrist_piece[p][sq];
}

static inline void
put_piece_keyed (ChessPosition *pos,
                 unsigned       sq,
                 ChessPiece     p)
{
  pos->board[sq] = p;
  pos->by_type[chess_piece_type (p)] |= BB (sq);
  pos->by_type[0] |= BB (sq);
  pos->by_color[chess_piece_color (p)] |= BB (sq);
  pos->key ^= chess_zobrist_piece[p][sq];
}

/* Castling, e.p. and promotions: the pieces moved, captured and put, for
 * make_move, which keeps its common path small. */
static __attribute__ ((noinline)) void
make_special_move (ChessPosition *pos,
                   ChessMove      move,
                   ChessColor     us)
{
  unsigned from = chess_move_from (move), to = chess_move_to (move);
  ChessMoveKind kind = chess_move_kind (move);

  if (kind == CHESS_MOVE_CASTLING)
    {
      unsigned rook_from = to > from ? from + 3 : from - 4;
      unsigned rook_to = to > from ? from + 1 : from - 1;
      move_piece_keyed (pos, from, to);
      move_piece_keyed (pos, rook_from, rook_to);
      return;
    }
  if (kind == CHESS_MOVE_EN_PASSANT)
    remove_piece_keyed (pos, us == CHESS_WHITE ? to - 8 : to + 8);
  else if (pos->board[to] != CHESS_NO_PIECE)
    remove_piece_keyed (pos, to);
  move_piece_keyed (pos, from, to);
  if (kind == CHESS_MOVE_PROMOTION)
    {
      remove_piece_keyed (pos, to);
      put_piece_keyed (pos, to, chess_piece_make (us, chess_move_promotion (move)));
    }
}

void
chess_position_make_move (ChessPosition *pos,
                          ChessMove      move)
{
  ChessColor us = (ChessColor) pos->side, them = (ChessColor) (us ^ 1);

  _chess_init_fast ();
  /* The old e.p. file leaves the key only if it was in it. */
  if (pos->ep_square != CHESS_NO_SQUARE)
    {
      if (chess_position_ep_legal (pos))
        pos->key ^= chess_zobrist_ep[chess_square_file (pos->ep_square)];
      pos->ep_square = CHESS_NO_SQUARE;
    }
  pos->key ^= chess_zobrist_side;
  pos->side = (uint8_t) them;
  /* Saturates, like the halfmove clock: a move number never wraps to 0. */
  pos->fullmove += us == CHESS_BLACK && pos->fullmove < UINT16_MAX;

  if (move == CHESS_MOVE_NULL || move == CHESS_MOVE_NONE)
    {
      if (pos->halfmove < UINT16_MAX)
        pos->halfmove++;
      update_checks (pos);
#ifdef CHESS_DEBUG
      assert (chess_position_is_consistent (pos));
#endif
      return;
    }

  {
    unsigned from = chess_move_from (move), to = chess_move_to (move);
    ChessMoveKind kind = chess_move_kind (move);
    ChessPiece piece = pos->board[from];
    bool pawn = chess_piece_type (piece) == CHESS_PAWN, reset = pawn;
    uint8_t castling = pos->castling;

    if (kind == CHESS_MOVE_NORMAL)
      {
        /* The common move, a capture or not, without a branch on which
         * (captures come and go unpredictably) and without a store to a
         * bitboard chosen by the captured piece (a load after it would
         * wait for its address): the target square is cleared from every
         * piece type and from the other side, whatever stood there, and
         * the piece moved, each bitboard read and written once (a load
         * right after a wide store into the same bytes stalls). */
        ChessPiece captured = pos->board[to];
        ChessBitboard fromto = BB (from) | BB (to), keep = ~BB (to);
        int moved = chess_piece_type (piece);

        for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
          pos->by_type[t] = (pos->by_type[t] & keep) ^ (t == moved ? fromto : 0);
        pos->by_color[them] &= keep;
        pos->by_type[0] = (pos->by_type[0] & ~BB (from)) | BB (to);
        pos->by_color[us] ^= fromto;
        pos->board[from] = CHESS_NO_PIECE;
        pos->board[to] = piece;
        pos->key ^= chess_zobrist_piece[piece][from] ^ chess_zobrist_piece[piece][to]
                    ^ (captured != CHESS_NO_PIECE ? chess_zobrist_piece[captured][to] : 0);
        reset |= captured != CHESS_NO_PIECE;
        if (pawn && (from ^ to) == 16)
          pos->ep_square = (ChessSquare) ((from + to) / 2);
      }
    else
      make_special_move (pos, move, us);

    castling &= _chess_castle_keep[from] & _chess_castle_keep[to];
    if (castling != pos->castling)
      {
        pos->key ^= chess_zobrist_castling[pos->castling] ^ chess_zobrist_castling[castling];
        pos->castling = castling;
      }
    pos->halfmove = reset ? 0 : pos->halfmove + (pos->halfmove < UINT16_MAX);
  }

  update_checks (pos);
  if (pos->ep_square != CHESS_NO_SQUARE && chess_position_ep_legal (pos))
    pos->key ^= chess_zobrist_ep[chess_square_file (pos->ep_square)];
#ifdef CHESS_DEBUG
  assert (chess_position_is_consistent (pos));
#endif
}
