/* chess-posdb.c — position data for an opening explorer and position search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See chess-posdb.h for the shape. The image is read back from a file the
 * user's cache holds, so nothing in it is trusted: chess_posdb_open()
 * checks every section's checksum and every count and offset, and the
 * replay of a game checks each move's legality before making it.
 */
#include "chess-posdb-private.h"

#include "chess-fen.h"

/* --- Hashes ---------------------------------------------------------------------------------- */

static inline uint64_t
rotl64 (uint64_t x,
        int      r)
{
  return (x << r) | (x >> (64 - r));
}

static inline uint64_t
read64 (const uint8_t *p)
{
  uint64_t v;

  memcpy (&v, p, 8);
  return v;
}

static inline uint64_t
lane (uint64_t acc,
      uint64_t w)
{
  return rotl64 (acc + w * P2, 31) * P1;
}

/* xxHash64's structure: four lanes of 8 bytes, so it runs at memory speed
 * (the whole image is checked when a cache is opened). */
uint64_t
chess_posdb_hash (const void *data,
                  size_t      len,
                  uint64_t    seed)
{
  const uint8_t *p = data;
  const uint8_t *end = p + len;
  uint64_t h;

  if (len >= 32)
    {
      uint64_t v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;

      while (p + 32 <= end)
        {
          v1 = lane (v1, read64 (p));
          v2 = lane (v2, read64 (p + 8));
          v3 = lane (v3, read64 (p + 16));
          v4 = lane (v4, read64 (p + 24));
          p += 32;
        }
      h = rotl64 (v1, 1) + rotl64 (v2, 7) + rotl64 (v3, 12) + rotl64 (v4, 18);
      h = (h ^ lane (0, v1)) * P1 + P4;
      h = (h ^ lane (0, v2)) * P1 + P4;
      h = (h ^ lane (0, v3)) * P1 + P4;
      h = (h ^ lane (0, v4)) * P1 + P4;
    }
  else
    h = seed + P5;
  h += (uint64_t) len;
  while (p + 8 <= end)
    {
      h ^= lane (0, read64 (p));
      h = rotl64 (h, 27) * P1 + P4;
      p += 8;
    }
  while (p < end)
    {
      h ^= (*p++) * P5;
      h = rotl64 (h, 11) * P1;
    }
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  return h;
}

/* --- Large arrays -------------------------------------------------------------------------- */

#define BIG_HEAD 64

typedef struct
{
  size_t len;       /* with the header */
  bool   mapped;    /* from mem */
} BigHead;

void *
_chess_posdb_big_alloc (const ChessPosdbMemory *mem,
                        size_t                  len)
{
  uint8_t *p = NULL;
  BigHead h = { len + BIG_HEAD, false };

  if (mem != NULL && mem->alloc != NULL)
    p = mem->alloc (mem->user, h.len);
  h.mapped = p != NULL;
  if (p == NULL)
    p = xcalloc (1, h.len);
  memcpy (p, &h, sizeof h);
  return p + BIG_HEAD;
}

void
_chess_posdb_big_free (const ChessPosdbMemory *mem,
                       void                   *v)
{
  uint8_t *p = v;
  BigHead h;

  if (p == NULL)
    return;
  p -= BIG_HEAD;
  memcpy (&h, p, sizeof h);
  if (h.mapped)
    mem->release (p, h.len);
  else
    free (p);
}

void
_chess_posdb_big_grow (const ChessPosdbMemory *mem,
                       void                  **v,
                       size_t                 *cap,
                       size_t                  need,
                       size_t                  size)
{
  size_t c = *cap ? *cap : 4096;
  void *n;

  if (need <= *cap)
    return;
  while (c < need)
    c += c / 2 + 4096;
  n = _chess_posdb_big_alloc (mem, c * size);
  if (*cap > 0)
    memcpy (n, *v, *cap * size);
  _chess_posdb_big_free (mem, *v);
  *v = n;
  *cap = c;
}

/* --- Games ---------------------------------------------------------------------------------- */

/* The start position of game number g of the view. */
bool
_chess_posdb_view_start (const View    *v,
                         uint32_t       g,
                         ChessPosition *pos)
{
  const GameRec *r = &v->games[g - v->first];
  size_t lo = 0, hi = v->n_fens;

  if (!(r->flags & GAME_FEN))
    {
      chess_position_init_start (pos);
      return true;
    }
  while (lo < hi)
    {
      size_t mid = (lo + hi) / 2;

      if (v->fen_index[2 * mid] < g)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= v->n_fens || v->fen_index[2 * lo] != g || v->fen_index[2 * lo + 1] >= v->fen_len)
    return false;
  {
    const char *fen = v->fen_text + v->fen_index[2 * lo + 1];
    size_t max = v->fen_len - v->fen_index[2 * lo + 1];
    size_t len = strnlen (fen, max);

    if (len == max)
      return false;
    return chess_fen_parse (pos, fen, len, NULL);
  }
}

/* --- Answers -------------------------------------------------------------------------------- */

void
chess_posdb_tree_init (ChessPosdbTree *tree,
                       uint64_t        key)
{
  tree->key = key;
  tree->n_games = 0;
  tree->n_moves = 0;
}

static int
cmp_move_stat (const void *a,
               const void *b)
{
  const ChessPosdbMoveStat *x = a, *y = b;

  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  return (int) x->move - (int) y->move;
}

void
chess_posdb_tree_sort (ChessPosdbTree *tree)
{
  qsort (tree->moves, tree->n_moves, sizeof tree->moves[0], cmp_move_stat);
}

static ChessPosdbMoveStat *
tree_move (ChessPosdbTree *tree,
           ChessMove       move)
{
  ChessPosdbMoveStat *s;

  for (unsigned i = 0; i < tree->n_moves; i++)
    if (tree->moves[i].move == move)
      return &tree->moves[i];
  if (tree->n_moves >= 256)
    return NULL;
  s = &tree->moves[tree->n_moves++];
  memset (s, 0, sizeof *s);
  s->move = move;
  return s;
}

/* Adds one game's play of a move (by the side to move, side). */
void
_chess_posdb_stat_add_game (ChessPosdbMoveStat *s,
                            const GameRec      *r,
                            unsigned            side)
{
  s->games++;
  s->white_wins += r->result == RESULT_WHITE;
  s->draws += r->result == RESULT_DRAW;
  s->black_wins += r->result == RESULT_BLACK;
  if (r->elo[side] != 0)
    {
      s->rating_count++;
      s->rating_sum += r->elo[side];
    }
  if (r->year > s->last_year)
    s->last_year = r->year;
}

void
_chess_posdb_tree_add_game (ChessPosdbTree *tree,
                            ChessMove       move,
                            const GameRec  *r,
                            unsigned        side)
{
  ChessPosdbMoveStat *s = tree_move (tree, move);

  if (s != NULL)
    _chess_posdb_stat_add_game (s, r, side);
}

void
_chess_posdb_tree_merge (ChessPosdbTree           *tree,
                         const ChessPosdbMoveStat *add)
{
  ChessPosdbMoveStat *s = tree_move (tree, add->move);

  if (s == NULL)
    return;
  s->games += add->games;
  s->white_wins += add->white_wins;
  s->draws += add->draws;
  s->black_wins += add->black_wins;
  s->rating_count += add->rating_count;
  s->rating_sum += add->rating_sum;
  if (add->last_year > s->last_year)
    s->last_year = add->last_year;
}

void
chess_posdb_matches_add (ChessPosdbMatches *m,
                         uint32_t           game,
                         uint32_t           ply)
{
  grow ((void **) &m->v, &m->cap, m->n + 1, sizeof m->v[0]);
  m->v[m->n].game = game;
  m->v[m->n].ply = ply;
  m->n++;
}

void
chess_posdb_matches_clear (ChessPosdbMatches *m)
{
  free (m->v);
  m->v = NULL;
  m->n = m->cap = 0;
}

static int
cmp_match (const void *a,
           const void *b)
{
  const ChessPosdbMatch *x = a, *y = b;

  if (x->game != y->game)
    return x->game < y->game ? -1 : 1;
  return x->ply < y->ply ? -1 : x->ply > y->ply;
}

void
chess_posdb_matches_sort (ChessPosdbMatches *m)
{
  if (m->n > 1)
    qsort (m->v, m->n, sizeof m->v[0], cmp_match);
}

/* --- Moves in a byte ---------------------------------------------------------------------------- */

/* An image's move is a byte: the moving piece as its rank among the side
 * to move's pieces by square (high four bits: at most 16 pieces) and the
 * target as a code (low four bits) among the squares the piece reaches:
 *   knight, bishop, rook, king: the rank of the target among the squares
 *     it attacks on an empty board (the king also its two castling
 *     targets from e1/e8); queen: among those it attacks on the board as
 *     it is;
 *   pawn: 0 one step, 1 two steps, 2 capture towards the a-file, 3 towards
 *     the h-file (on the last rank: a queen), 4 + 3 × (promotion − knight)
 *     + (0, 1, 2 for step, a-side, h-side) for the other promotions.
 * Code 15, or any move these do not give back exactly, is followed by the
 * move's two bytes (ChessMove, low byte first): a queen's far moves, null
 * moves. Decoding needs no move generation (a few table look-ups), so a
 * replay is as fast as with two-byte moves. */

#define MOVE_ESCAPE 15

#define BYTES_1 0x0101010101010101ULL
#define BYTES_H 0x8080808080808080ULL

/* The square of the n-th set bit of b (from 0), or 64 when b has fewer.
 * Without a loop over the bits before it (a replay decodes every ply):
 * the bits counted per byte, the counts summed byte after byte by one
 * multiplication, the byte found by comparing all eight sums at once,
 * then at most seven bits cleared in that byte. */
static inline unsigned
bb_select (ChessBitboard b,
           unsigned      n)
{
  uint64_t c = b - ((b >> 1) & 0x5555555555555555ULL);
  uint64_t sums, le;
  unsigned byte, before;
  uint32_t bits;

  c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  sums = c * BYTES_1;                     /* byte i: the bits of bytes 0…i */
  if (n >= (unsigned) (sums >> 56))
    return 64;
  /* High bit of byte i: sum i <= n (the sums are at most 64, n below). */
  le = (((uint64_t) n * BYTES_1) | BYTES_H) - sums;
  byte = (unsigned) bb_lsb (~le & BYTES_H) >> 3;
  before = byte == 0 ? 0 : (unsigned) (sums >> (8 * byte - 8)) & 0xff;
  bits = (uint32_t) (b >> (8 * byte)) & 0xff;
  for (unsigned k = n - before; k > 0; k--)
    bits &= bits - 1;
  return 8 * byte + (unsigned) bb_lsb (bits);
}

/* A bishop's and a rook's lines from sq on an empty board, by shifts of
 * the long diagonals and of a file and a rank (no table look-up). */
static inline ChessBitboard
bishop_lines (unsigned sq)
{
  int d = (int) (sq & 7) - (int) (sq >> 3), a = 7 - (int) (sq & 7) - (int) (sq >> 3);
  ChessBitboard diag = d >= 0 ? 0x8040201008040201ULL >> (8 * d) : 0x8040201008040201ULL << (-8 * d);
  ChessBitboard anti = a >= 0 ? 0x0102040810204080ULL >> (8 * a) : 0x0102040810204080ULL << (-8 * a);

  return (diag | anti) & ~((ChessBitboard) 1 << sq);
}

static inline ChessBitboard
rook_lines (unsigned sq)
{
  return ((0x0101010101010101ULL << (sq & 7)) | (0xFFULL << (sq & 56))) & ~((ChessBitboard) 1 << sq);
}

static ChessBitboard
piece_reach (const ChessPosition *pos,
             ChessPieceType       type,
             unsigned             from)
{
  ChessBitboard occ = pos->by_type[0];

  /* (Bishops and rooks: their lines on an empty board, at most 13 and 14
   * squares; computed, where the attacks on the board are a look-up
   * into a large table.) */
  switch (type)
    {
    case CHESS_KNIGHT: return chess_knight_table[from];
    case CHESS_BISHOP: return bishop_lines (from);
    case CHESS_ROOK:   return rook_lines (from);
    case CHESS_QUEEN:  return bb_bishop_attacks (from, occ) | bb_rook_attacks (from, occ);
    case CHESS_KING:
      return chess_king_table[from]
             | ((from == 4 || from == 60) ? (ChessBitboard) 0x44 << (from - 4) : 0);
    default:           return 0;
    }
}

/* The move code stands for, of the piece of type on from (the side to
 * move's), or CHESS_MOVE_NONE. */
static ChessMove
move_from_square (const ChessPosition *pos,
                  unsigned             from,
                  ChessPieceType       type,
                  unsigned             code)
{
  unsigned side = pos->side & 1;
  unsigned to;

  if (type == CHESS_PAWN)
    {
      int up = side == CHESS_WHITE ? 8 : -8;
      unsigned slot = code < 4 ? code : (code - 4) % 3;
      int promo = code < 4 ? CHESS_QUEEN : CHESS_KNIGHT + (int) (code - 4) / 3;
      int t;
      ChessMoveKind kind = CHESS_MOVE_NORMAL;

      if (code < 4)
        t = (int) from + (code == 1 ? 2 * up : up) + (code == 2 ? -1 : code == 3 ? 1 : 0);
      else
        {
          if (promo > CHESS_ROOK)
            return CHESS_MOVE_NONE;
          t = (int) from + up + (slot == 1 ? -1 : slot == 2 ? 1 : 0);
          slot = slot == 0 ? 0 : slot + 1;
        }
      if (t < 0 || t > 63 || ((slot >= 2) && abs ((t & 7) - (int) (from & 7)) != 1))
        return CHESS_MOVE_NONE;
      to = (unsigned) t;
      if ((to >> 3) == 0 || (to >> 3) == 7)
        return chess_move_make_promotion (from, to, promo);
      if (code >= 4)
        return CHESS_MOVE_NONE;
      if (slot >= 2 && to == pos->ep_square)
        kind = CHESS_MOVE_EN_PASSANT;
      return chess_move_make (from, to, kind);
    }
  {
    ChessBitboard reach = piece_reach (pos, type, from);

    to = bb_select (reach, code);
    if (to > 63)
      return CHESS_MOVE_NONE;
    if (type == CHESS_KING && (to == from + 2 || to + 2 == from))
      return chess_move_make (from, to, CHESS_MOVE_CASTLING);
    return chess_move_make (from, to, CHESS_MOVE_NORMAL);
  }
}

/* The move a (piece, code) pair stands for, or CHESS_MOVE_NONE. */
static ChessMove
move_of_code (const ChessPosition *pos,
              unsigned             index,
              unsigned             code)
{
  unsigned from = bb_select (pos->by_color[pos->side & 1], index);

  if (from > 63)
    return CHESS_MOVE_NONE;
  return move_from_square (pos, from, chess_piece_type (pos->board[from]), code);
}

unsigned
_chess_posdb_move_encode (const ChessPosition *pos,
                          ChessMove            m,
                          uint8_t             *out)
{
  unsigned from = chess_move_from (m), to = chess_move_to (m);
  ChessBitboard own = pos->by_color[pos->side & 1];

  if (m != CHESS_MOVE_NULL && (own >> from & 1))
    {
      unsigned index = (unsigned) chess_popcount (own & (((ChessBitboard) 1 << from) - 1));
      ChessPieceType type = chess_piece_type (pos->board[from]);
      unsigned code = MOVE_ESCAPE;

      if (type == CHESS_PAWN)
        {
          int d = (int) to - (int) from;
          int ad = d < 0 ? -d : d;
          unsigned slot = ad == 16 ? 1 : ad == 8 ? 0 : (to & 7) < (from & 7) ? 2 : 3;
          ChessPieceType promo = chess_move_promotion (m);

          code = slot;
          if (chess_move_kind (m) == CHESS_MOVE_PROMOTION && promo != CHESS_QUEEN)
            code = slot == 1 ? MOVE_ESCAPE : 4 + 3 * (unsigned) (promo - CHESS_KNIGHT) + (slot == 0 ? 0 : slot - 1);
        }
      else
        {
          ChessBitboard reach = piece_reach (pos, type, from);
          bool castles = type == CHESS_KING && (to == from + 2 || to + 2 == from);

          /* move_of_code gives back the piece of rank index (from) and
           * the target of rank code in the same reach (to), and the kind
           * from the distance: only the kind needs comparing, not the
           * whole round trip (the build encodes every ply). */
          if ((reach >> to & 1)
              && m == chess_move_make (from, to, castles ? CHESS_MOVE_CASTLING : CHESS_MOVE_NORMAL))
            {
              code = (unsigned) chess_popcount (reach & (((ChessBitboard) 1 << to) - 1));
              if (code < MOVE_ESCAPE && index < 16)
                {
                  out[0] = (uint8_t) (index << 4 | code);
                  return 1;
                }
            }
          code = MOVE_ESCAPE;
        }
      /* (move_of_code would find the piece of rank index on from.) */
      if (code < MOVE_ESCAPE && index < 16 && move_from_square (pos, from, type, code) == m)
        {
          out[0] = (uint8_t) (index << 4 | code);
          return 1;
        }
    }
  out[0] = MOVE_ESCAPE;
  out[1] = (uint8_t) (m & 0xff);
  out[2] = (uint8_t) (m >> 8);
  return 3;
}

unsigned
_chess_posdb_move_decode (const ChessPosition *pos,
                          const uint8_t       *p,
                          const uint8_t       *end,
                          ChessMove           *m)
{
  if (p >= end)
    return 0;
  if ((p[0] & 15) == MOVE_ESCAPE)
    {
      if (end - p < 3)
        return 0;
      *m = (ChessMove) (p[1] | p[2] << 8);
      return 3;
    }
  *m = move_of_code (pos, p[0] >> 4, p[0] & 15);
  return *m == CHESS_MOVE_NONE ? 0 : 1;
}

/* --- Queries by replay ------------------------------------------------------------------------ */

/* The start of game g of the view and its moves; false for a game that
 * cannot be read or does not fit in the view. */
bool
_chess_posdb_view_begin (const View    *v,
                         uint32_t       g,
                         ChessPosition *pos,
                         MoveCursor    *moves)
{
  const GameRec *r = &v->games[g - v->first];

  if (r->flags & GAME_UNREADABLE)
    return false;
  if (v->code != NULL ? r->moves > v->code_len : (uint64_t) r->moves + r->plies > v->n_moves)
    return false;
  if (!_chess_posdb_view_start (v, g, pos))
    return false;
  if (v->code != NULL)
    *moves = (MoveCursor) { NULL, v->code + r->moves, v->code + v->code_len };
  else
    *moves = (MoveCursor) { v->moves + r->moves, NULL, NULL };
  return true;
}

/* Game g of the view, looking for key: adds each move played from it to
 * the tree once, counts the game once. Returns whether the game reaches it. */
typedef struct
{
  uint64_t      key;
  unsigned      n_pieces;
  ChessBitboard home[2];   /* the target's pawns on their first squares, by colour */
} Reach;

static inline void
reach_init (Reach               *rc,
            const ChessPosition *t)
{
  ChessBitboard pawns = t->by_type[CHESS_PAWN];

  rc->key = t->key;
  rc->n_pieces = (unsigned) chess_popcount (t->by_type[0]);
  rc->home[CHESS_WHITE] = pawns & t->by_color[CHESS_WHITE] & RANK_2_BB;
  rc->home[CHESS_BLACK] = pawns & t->by_color[CHESS_BLACK] & RANK_7_BB;
}

/* FALSE when no later ply can be the target. */
static inline bool
reach_possible (const Reach         *rc,
                const ChessPosition *pos)
{
  ChessBitboard pawns = pos->by_type[CHESS_PAWN];

  return (pawns & pos->by_color[CHESS_WHITE] & rc->home[CHESS_WHITE]) == rc->home[CHESS_WHITE]
         && (pawns & pos->by_color[CHESS_BLACK] & rc->home[CHESS_BLACK]) == rc->home[CHESS_BLACK]
         && (unsigned) chess_popcount (pos->by_type[0]) >= rc->n_pieces;
}

bool
_chess_posdb_replay_tree (const View          *v,
                          uint32_t             g,
                          const ChessPosition *target,
                          ChessPosdbTree      *tree)
{
  const GameRec *r = &v->games[g - v->first];
  MoveCursor mc;
  ChessPosition pos;
  ChessMove seen[8], m = CHESS_MOVE_NONE;
  unsigned n_seen = 0;
  bool found = false;
  Reach rc;

  if (!_chess_posdb_view_begin (v, g, &pos, &mc))
    return false;
  reach_init (&rc, target);
  for (unsigned p = 0; ; p++)
    {
      /* (A move that cannot be read ends the game there.) */
      bool more = p < r->plies && cursor_next (&mc, &pos, &m);

      if (pos.key == rc.key)
        {
          if (!found)
            tree->n_games++;
          found = true;
          if (more)
            {
              bool dup = false;

              for (unsigned i = 0; i < n_seen; i++)
                dup |= seen[i] == m;
              if (!dup)
                {
                  if (n_seen < 8)
                    seen[n_seen++] = m;
                  _chess_posdb_tree_add_game (tree, m, r, pos.side & 1);
                }
            }
        }
      if (!more || !view_make (v, &pos, m) || !reach_possible (&rc, &pos))
        break;
    }
  return found;
}

/* The first ply of game g where key is, or -1. */
long
_chess_posdb_replay_find (const View          *v,
                          uint32_t             g,
                          const ChessPosition *target)
{
  const GameRec *r = &v->games[g - v->first];
  MoveCursor mc;
  ChessPosition pos;
  ChessMove m;
  Reach rc;

  if (!_chess_posdb_view_begin (v, g, &pos, &mc))
    return -1;
  reach_init (&rc, target);
  for (unsigned p = 0; ; p++)
    {
      if (pos.key == rc.key)
        return p;
      if (p >= r->plies || !cursor_next (&mc, &pos, &m) || !view_make (v, &pos, m)
          || !reach_possible (&rc, &pos))
        return -1;
    }
}

static inline bool
pattern_match_fast (const ChessPosPattern *pt,
                    const ChessPosition   *pos)
{
  if ((pos->by_type[0] & pt->any) != pt->any)
    return false;
  return chess_pos_pattern_match (pt, pos);
}

/* What a later ply of a game needs to match a pattern. Pawns never go
 * back: each pawn the pattern asks for needs a pawn of its colour in the
 * cone its square is reached from (files within the ranks to go, by
 * captures). Pieces are not made but by promotion: each kind the pattern
 * asks for needs one of its kind, or a pawn of its colour. Once one of
 * these fails, no later ply of the game can match. */
typedef struct
{
  ChessBitboard cone[16];
  uint8_t       cone_color[16];
  unsigned      n_cones;
  uint8_t       piece_color[12], piece_type[12];
  unsigned      n_pieces;
} PatternNeeds;

static void
pattern_needs (const ChessPosPattern *pt,
               PatternNeeds          *nd)
{
  nd->n_cones = nd->n_pieces = 0;
  for (unsigned c = 0; c < 2; c++)
    {
      for (ChessBitboard want = pt->pieces[c][CHESS_PAWN]; want && nd->n_cones < 16; want &= want - 1)
        {
          int sq = (int) bb_lsb (want), f = sq & 7, rank = sq >> 3;
          ChessBitboard cone = 0;

          for (int r0 = 0; r0 < 8; r0++)
            {
              int togo = c == CHESS_WHITE ? rank - r0 : r0 - rank;

              if (togo < 0)
                continue;
              for (int f0 = f - togo; f0 <= f + togo; f0++)
                if (f0 >= 0 && f0 < 8)
                  cone |= (ChessBitboard) 1 << (r0 * 8 + f0);
            }
          nd->cone[nd->n_cones] = cone;
          nd->cone_color[nd->n_cones++] = (uint8_t) c;
        }
      for (unsigned t = CHESS_KNIGHT; t <= CHESS_KING; t++)
        if (pt->pieces[c][t] != 0)
          {
            nd->piece_color[nd->n_pieces] = (uint8_t) c;
            nd->piece_type[nd->n_pieces++] = (uint8_t) t;
          }
    }
}

static inline bool
pattern_needs_met (const PatternNeeds  *nd,
                   const ChessPosition *pos)
{
  ChessBitboard pawns = pos->by_type[CHESS_PAWN];

  for (unsigned i = 0; i < nd->n_cones; i++)
    if (!(pawns & pos->by_color[nd->cone_color[i]] & nd->cone[i]))
      return false;
  for (unsigned i = 0; i < nd->n_pieces; i++)
    {
      ChessBitboard own = pos->by_color[nd->piece_color[i]];

      if (!(pos->by_type[nd->piece_type[i]] & own) && !(pawns & own))
        return false;
    }
  return true;
}

long
_chess_posdb_replay_pattern (const View            *v,
                             uint32_t               g,
                             const ChessPosPattern *pt)
{
  const GameRec *r = &v->games[g - v->first];
  MoveCursor mc;
  ChessPosition pos;
  ChessMove m;
  PatternNeeds nd;

  if (!_chess_posdb_view_begin (v, g, &pos, &mc))
    return -1;
  pattern_needs (pt, &nd);
  for (unsigned p = 0; ; p++)
    {
      if (pattern_match_fast (pt, &pos))
        return p;
      if (p >= r->plies || !cursor_next (&mc, &pos, &m) || !view_make (v, &pos, m))
        return -1;
      if (!pattern_needs_met (&nd, &pos))
        return -1;
      /* Material never comes back (a promotion only trades a pawn): once
       * fewer pieces are left than the pattern needs, the game is done. */
      if (pt->has_material && (unsigned) chess_popcount (pos.by_type[0]) < pt->n_material)
        return -1;
    }
}
