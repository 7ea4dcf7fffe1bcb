/* chess-tb.c — retrograde analysis of KQK, KRK, KRRK, KBBK and KBNK.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This file has its own small attack tables and move generation: the
 * endings have no pawns, no castling and only one kind of capture (the
 * lone king taking a piece), so a few lines do, and the tables can be
 * built without the rest of the core.
 *
 * Layout. sq[0] strong king, sq[1] lone king, sq[2], sq[3] the pieces.
 * The eight symmetries of the board bring the strong king into the
 * triangle a1-d1-d4 (10 squares); the index is
 *   tri(sq[0]) * 64^(n-1) + sq[1] * 64^(n-2) + … + sq[n-1]
 * with every other man anywhere, so pieces of one kind are distinct.
 * A table holds two halves of one byte per index: strong side to move,
 * then lone king to move. A byte is the distance to mate in plies
 * (0..CHESS_TB_MAX_DTM), CHESS_TB_CODE_DRAW or CHESS_TB_CODE_ILLEGAL.
 *
 * The diagonal. When the strong king stands on a1-d4 a position and its
 * mirror in that diagonal both have an index. Rather than choose one (and
 * then count moves between symmetric positions specially) both are kept
 * and solved: a lone-king move never moves the strong king, so every
 * entry's successors and predecessors by lone-king moves, and by moves of
 * the pieces, stay in the same frame. Only a strong-king move changes the
 * frame; its predecessors are brought back into the triangle and, on the
 * diagonal, both mirror entries are set (setting a won position is
 * idempotent, so that is safe). Counting positions, an entry stands for
 * the 8 (or, strong king on the diagonal, 4) squares of its king's orbit.
 *
 * The retrograde. Initialise: illegal positions; lone king to move: mate
 * (0), stalemate (draw), a capture that draws (draw), otherwise a counter
 * of its non-capturing moves and, in KRRK, the longest loss among its
 * captures (read from KRK). Then for level = 0, 1, 2, …: every lone-to-move
 * position lost in `level` makes its strong-to-move predecessors (found by
 * un-moving a strong man) won in level + 1 unless already won sooner;
 * every strong-to-move position won in `level` decrements the counters of
 * its lone-to-move predecessors (un-moving the lone king), and a counter
 * reaching zero means every move loses: lost in max (level, longest
 * capture) + 1. What is never reached is a draw.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "chess-tb-private.h"

#define BIT(sq)           (((uint64_t) 1) << (sq))
#define CODE_UNRES_W      255  /* while building: strong to move, not won yet */
#define CODE_ILLEGAL_W    0    /* while building: strong to move, illegal (a strong
                                  side to move is never mated, so 0 is free) */
#define CODE_UNRES_L      200  /* while building: lone to move, + longest capture loss */
#define TB_HEADER_SIZE    32
#define TB_FORMAT_VERSION 1
#define TB_INLINE         static inline __attribute__ ((always_inline))

typedef struct
{
  const char    *name;
  unsigned       n;                /* men: 3 or 4 */
  ChessPieceType piece[2];         /* the strong side's pieces, sq[2] and sq[3] */
  ChessTbEnding  after_capture;    /* what taking a piece leaves; NONE = dead draw */
  unsigned       expected_levels;  /* for the progress fraction only */
} TbInfo;

static const TbInfo tb_info[CHESS_TB_N_ENDINGS] = {
  [CHESS_TB_KQK]  = { "KQK", 3, { CHESS_QUEEN, CHESS_NO_PIECE_TYPE }, CHESS_TB_NONE, 21 },
  [CHESS_TB_KRK]  = { "KRK", 3, { CHESS_ROOK, CHESS_NO_PIECE_TYPE }, CHESS_TB_NONE, 33 },
  [CHESS_TB_KRRK] = { "KRRK", 4, { CHESS_ROOK, CHESS_ROOK }, CHESS_TB_KRK, 33 },
  [CHESS_TB_KBBK] = { "KBBK", 4, { CHESS_BISHOP, CHESS_BISHOP }, CHESS_TB_NONE, 39 },
  [CHESS_TB_KBNK] = { "KBNK", 4, { CHESS_BISHOP, CHESS_KNIGHT }, CHESS_TB_NONE, 67 },
};

typedef struct
{
  pthread_mutex_t    lock;  /* held while building */
  _Atomic (uint8_t *) data; /* published, finished table: [strong to move | lone to move] */
} TbTable;

static TbTable tables[CHESS_TB_N_ENDINGS] = {
  { PTHREAD_MUTEX_INITIALIZER, NULL },
  { PTHREAD_MUTEX_INITIALIZER, NULL },
  { PTHREAD_MUTEX_INITIALIZER, NULL },
  { PTHREAD_MUTEX_INITIALIZER, NULL },
  { PTHREAD_MUTEX_INITIALIZER, NULL },
};

/* ------------------------------------------------------------------ */
/* Geometry                                                             */

static uint64_t king_att[64];
static uint64_t knight_att[64];
/* Rays: 0 N, 1 E, 2 NE, 3 NW go up the square numbers, 4 S, 5 W, 6 SW,
 * 7 SE go down, so the nearest blocker is the lowest or highest bit. */
static uint64_t ray_bb[8][64];
/* sym_sq[t][sq]: bit 0 mirrors the files, bit 1 the ranks, then bit 2
 * swaps file and rank (the a1-h8 diagonal). */
static uint8_t  sym_sq[8][64];
static uint8_t  tri_sym[64];   /* the symmetry taking a square into the triangle */
static int8_t   tri_of[64];    /* 0..9 for a1 b1 c1 d1 b2 c2 d2 c3 d3 d4, else -1 */
static uint8_t  tri_sq[10];
static uint8_t  on_diag[64];   /* on a1-h8 */
static pthread_once_t geometry_once = PTHREAD_ONCE_INIT;

static void
geometry_init (void)
{
  static const int kf[8] = { 0, 1, 1, -1, 0, -1, -1, 1 };
  static const int kr[8] = { 1, 0, 1, 1, -1, 0, -1, -1 };
  static const int nf[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
  static const int nr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
  int ntri = 0;

  for (int sq = 0; sq < 64; sq++)
    {
      int f = sq & 7, r = sq >> 3;

      for (int d = 0; d < 8; d++)
        {
          int ff = f + kf[d], rr = r + kr[d];
          if (ff >= 0 && ff < 8 && rr >= 0 && rr < 8)
            king_att[sq] |= BIT (rr * 8 + ff);
          ff = f + nf[d];
          rr = r + nr[d];
          if (ff >= 0 && ff < 8 && rr >= 0 && rr < 8)
            knight_att[sq] |= BIT (rr * 8 + ff);
          for (ff = f + kf[d], rr = r + kr[d]; ff >= 0 && ff < 8 && rr >= 0 && rr < 8;
               ff += kf[d], rr += kr[d])
            ray_bb[d][sq] |= BIT (rr * 8 + ff);
        }
      for (int t = 0; t < 8; t++)
        {
          int ff = (t & 1) ? 7 - f : f;
          int rr = (t & 2) ? 7 - r : r;
          sym_sq[t][sq] = (t & 4) ? (uint8_t) (ff * 8 + rr) : (uint8_t) (rr * 8 + ff);
        }
      on_diag[sq] = f == r;
      tri_of[sq] = -1;
    }
  /* Triangle in index order: rank by rank, r <= f <= 3. */
  for (int r = 0; r < 4; r++)
    for (int f = r; f < 4; f++)
      {
        tri_sq[ntri] = (uint8_t) (r * 8 + f);
        tri_of[r * 8 + f] = (int8_t) ntri;
        ntri++;
      }
  for (int sq = 0; sq < 64; sq++)
    for (int t = 0; t < 8; t++)
      if (tri_of[sym_sq[t][sq]] >= 0)
        {
          tri_sym[sq] = (uint8_t) t;
          break;
        }
}

static inline void
ensure_geometry (void)
{
  pthread_once (&geometry_once, geometry_init);
}

TB_INLINE uint64_t
ray_attacks (int      d,
             unsigned sq,
             uint64_t occ)
{
  uint64_t a = ray_bb[d][sq], b = a & occ;

  if (b != 0)
    a ^= ray_bb[d][d < 4 ? __builtin_ctzll (b) : 63 - __builtin_clzll (b)];
  return a;
}

TB_INLINE uint64_t
piece_attacks (ChessPieceType type,
               unsigned       sq,
               uint64_t       occ)
{
  switch (type)
    {
    case CHESS_KNIGHT:
      return knight_att[sq];
    case CHESS_BISHOP:
      return ray_attacks (2, sq, occ) | ray_attacks (3, sq, occ)
             | ray_attacks (6, sq, occ) | ray_attacks (7, sq, occ);
    case CHESS_ROOK:
      return ray_attacks (0, sq, occ) | ray_attacks (1, sq, occ)
             | ray_attacks (4, sq, occ) | ray_attacks (5, sq, occ);
    case CHESS_QUEEN:
      return ray_attacks (0, sq, occ) | ray_attacks (1, sq, occ)
             | ray_attacks (2, sq, occ) | ray_attacks (3, sq, occ)
             | ray_attacks (4, sq, occ) | ray_attacks (5, sq, occ)
             | ray_attacks (6, sq, occ) | ray_attacks (7, sq, occ);
    case CHESS_KING:
      return king_att[sq];
    default:
      return 0;
    }
}

/* Without -mpopcnt, __builtin_popcountll is a library call; this is not. */
TB_INLINE unsigned
popcount64 (uint64_t x)
{
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (unsigned) ((x * 0x0101010101010101ULL) >> 56);
}

TB_INLINE size_t
tb_size (ChessTbEnding e)
{
  return (size_t) 10 << (6 * (tb_info[e].n - 1));
}

/* Index of squares whose sq[0] is in the triangle. */
TB_INLINE uint32_t
tb_index (unsigned       n,
          const uint8_t *sq)
{
  uint32_t i = (uint32_t) tri_of[sq[0]];

  for (unsigned k = 1; k < n; k++)
    i = (i << 6) | sq[k];
  return i;
}

TB_INLINE void
tb_decode (unsigned  n,
           uint32_t  idx,
           uint8_t  *sq)
{
  for (unsigned k = n - 1; k >= 1; k--)
    {
      sq[k] = idx & 63;
      idx >>= 6;
    }
  sq[0] = tri_sq[idx];
}

/* Any squares: apply the symmetry that brings sq[0] into the triangle. */
static inline uint32_t
tb_index_any (unsigned       n,
              const uint8_t *sq)
{
  uint8_t s[4] = { 0, 0, 0, 0 };
  unsigned t = tri_sym[sq[0]];

  for (unsigned k = 0; k < n; k++)
    s[k] = sym_sq[t][sq[k]];
  return tb_index (n, s);
}

/* The lone king's view of a position (kings apart, squares distinct),
 * whoever is to move. Attacks are computed without the lone king, so it
 * cannot step back along a line that checks it. */
typedef struct
{
  bool     in_check;
  uint64_t quiet;      /* legal non-capturing destinations */
  unsigned ncap;       /* legal captures */
  uint8_t  cap[2];     /* slots (2 or 3) of the pieces it can take */
} LoneView;

TB_INLINE void
lone_view (const TbInfo  *info,
           const uint8_t *sq,
           LoneView      *v)
{
  unsigned wk = sq[0], lk = sq[1];
  uint64_t wocc = BIT (wk), att[4] = { 0, 0, 0, 0 }, watt, kz = king_att[lk];

  for (unsigned k = 2; k < info->n; k++)
    wocc |= BIT (sq[k]);
  watt = king_att[wk];
  for (unsigned k = 2; k < info->n; k++)
    {
      att[k] = piece_attacks (info->piece[k - 2], sq[k], wocc);
      watt |= att[k];
    }
  v->in_check = (watt & BIT (lk)) != 0;
  v->quiet = kz & ~watt & ~wocc;
  v->ncap = 0;
  for (unsigned k = 2; k < info->n; k++)
    if (kz & BIT (sq[k]))
      {
        /* Defended by the king or the other piece (a piece never defends
         * itself; the one taken never blocks a line to its own square). */
        uint64_t def = king_att[wk] | (info->n == 4 ? att[5 - k] : 0);
        if ((def & BIT (sq[k])) == 0)
          v->cap[v->ncap++] = (uint8_t) k;
      }
}

TB_INLINE bool
squares_legal (unsigned       n,
               const uint8_t *sq)
{
  uint64_t occ = 0;

  for (unsigned k = 0; k < n; k++)
    {
      if (sq[k] > 63 || (occ & BIT (sq[k])))
        return false;
      occ |= BIT (sq[k]);
    }
  return (king_att[sq[0]] & BIT (sq[1])) == 0;
}

/* ------------------------------------------------------------------ */
/* Building                                                             */

typedef struct
{
  uint8_t        *w;        /* strong to move */
  uint8_t        *l;        /* lone king to move */
  uint8_t        *aux;      /* lone to move: moves not yet known to lose */
  const uint8_t  *sub;      /* strong-to-move half of the table captures lead into */
  unsigned        maxset;   /* largest value assigned so far */
  ChessTbProgress progress;
  void           *user_data;
} Builder;

static void
report (Builder *b,
        double   fraction)
{
  if (b->progress != NULL)
    b->progress (fraction > 1.0 ? 1.0 : fraction, b->user_data);
}

/* The hot functions below are instantiated once per ending (always
 * inlined with a constant ending), so the piece types and the number of
 * men are constants and the loops over them unroll. */

TB_INLINE void
build_init_t (Builder       *b,
              ChessTbEnding  e)
{
  const TbInfo *info = &tb_info[e];
  const unsigned n = tb_info[e].n;
  const uint32_t size = (uint32_t) tb_size (e);
  const uint32_t chunk = size / 16;
  uint8_t sq[4] = { 0, 0, 0, 0 };

  for (uint32_t idx = 0; idx < size; idx++)
    {
      LoneView v;
      unsigned cnt, capmax = 0;
      bool draw = false;

      if (idx % chunk == 0)
        report (b, 0.25 * idx / size);
      tb_decode (n, idx, sq);
      if (!squares_legal (n, sq))
        {
          b->w[idx] = CODE_ILLEGAL_W;
          b->l[idx] = CHESS_TB_CODE_ILLEGAL;
          continue;
        }
      lone_view (info, sq, &v);
      b->w[idx] = v.in_check ? CODE_ILLEGAL_W : CODE_UNRES_W;
      cnt = popcount64 (v.quiet);
      for (unsigned c = 0; c < v.ncap; c++)
        {
          unsigned k = v.cap[c];
          uint8_t s3[3];
          unsigned code;

          if (info->after_capture == CHESS_TB_NONE)
            {
              draw = true;
              break;
            }
          /* The strong king stays in the triangle: same frame. */
          s3[0] = sq[0];
          s3[1] = sq[k];
          s3[2] = sq[5 - k];
          code = b->sub[tb_index (3, s3)];
          if (code > CHESS_TB_MAX_DTM)
            {
              draw = true;
              break;
            }
          if (code > capmax)
            capmax = code;
        }
      if (draw)
        b->l[idx] = CHESS_TB_CODE_DRAW;
      else if (cnt == 0 && v.ncap == 0)
        b->l[idx] = v.in_check ? 0 : CHESS_TB_CODE_DRAW;
      else if (cnt == 0)
        {
          b->l[idx] = (uint8_t) (capmax + 1);
          if (capmax + 1 > b->maxset)
            b->maxset = capmax + 1;
        }
      else
        {
          b->l[idx] = (uint8_t) (CODE_UNRES_L + capmax);
          b->aux[idx] = (uint8_t) cnt;
        }
    }
}

/* While building, a strong-to-move byte is 0 (illegal), an odd distance
 * no greater than `value` (won already: levels come in order) or 255 (not
 * yet won), so "won in value unless won sooner" is a minimum. That has no
 * branch to mispredict (most predecessors are won already, unpredictably),
 * which lets the loads of consecutive predecessors overlap. */
TB_INLINE void
set_won (Builder  *b,
         uint32_t  idx,
         uint8_t   value)
{
  uint8_t old = b->w[idx];
  b->w[idx] = old < value ? old : value;
}

/* A lone-to-move position lost in `level`: its predecessors by a strong
 * move are won in level + 1 (unless won sooner). */
TB_INLINE void
retro_lost_t (Builder       *b,
              ChessTbEnding  e,
              uint32_t       idx,
              unsigned       level)
{
  const unsigned n = tb_info[e].n;
  uint8_t sq[4] = { 0, 0, 0, 0 }, s[4];
  uint64_t occ = 0, froms;
  uint8_t value = (uint8_t) (level + 1);

  tb_decode (n, idx, sq);
  for (unsigned k = 0; k < n; k++)
    occ |= BIT (sq[k]);

  for (unsigned k = 2; k < n; k++)
    {
      unsigned shift = 6 * (n - 1 - k);
      uint32_t base = idx & ~((uint32_t) 63 << shift);

      froms = piece_attacks (tb_info[e].piece[k - 2], sq[k], occ) & ~occ;
      while (froms)
        {
          unsigned f = (unsigned) __builtin_ctzll (froms);
          froms &= froms - 1;
          set_won (b, base | (f << shift), value);
        }
    }

  /* The strong king changes the frame. */
  froms = king_att[sq[0]] & ~occ & ~king_att[sq[1]];
  while (froms)
    {
      unsigned f = (unsigned) __builtin_ctzll (froms);
      unsigned t = tri_sym[f];
      froms &= froms - 1;

      s[0] = sym_sq[t][f];
      for (unsigned k = 1; k < n; k++)
        s[k] = sym_sq[t][sq[k]];
      set_won (b, tb_index (n, s), value);
      if (on_diag[s[0]])
        {
          for (unsigned k = 1; k < n; k++)
            s[k] = sym_sq[4][s[k]];
          set_won (b, tb_index (n, s), value);
        }
    }
}

/* A strong-to-move position won in `level`: one more move of each of its
 * lone-to-move predecessors is known to lose. */
TB_INLINE void
retro_won_t (Builder       *b,
             ChessTbEnding  e,
             uint32_t       idx,
             unsigned       level)
{
  const unsigned n = tb_info[e].n;
  const unsigned shift = 6 * (n - 2);
  uint32_t base = idx & ~((uint32_t) 63 << shift);
  uint8_t sq[4] = { 0, 0, 0, 0 };
  uint64_t occ = 0, froms;

  tb_decode (n, idx, sq);
  for (unsigned k = 0; k < n; k++)
    occ |= BIT (sq[k]);
  froms = king_att[sq[1]] & ~occ & ~king_att[sq[0]];
  while (froms)
    {
      unsigned f = (unsigned) __builtin_ctzll (froms);
      uint32_t i = base | (f << shift);
      unsigned code = b->l[i];

      froms &= froms - 1;
      if (code >= CODE_UNRES_L && code < CHESS_TB_CODE_DRAW && --b->aux[i] == 0)
        {
          unsigned capmax = code - CODE_UNRES_L;
          unsigned v = (level > capmax ? level : capmax) + 1;
          b->l[i] = (uint8_t) v;
          if (v > b->maxset)
            b->maxset = v;
        }
    }
}

/* Handles every index of the level's half whose byte equals the level,
 * testing eight bytes at a time. */
TB_INLINE unsigned
scan_level_t (Builder       *b,
              ChessTbEnding  e,
              unsigned       level)
{
  const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const uint64_t pattern = ones * level;
  const uint32_t size = (uint32_t) tb_size (e);
  const bool lost = level % 2 == 0;
  const uint8_t *a = lost ? b->l : b->w;
  unsigned found = 0;

  for (uint32_t i = 0; i < size; i += 8)
    {
      uint64_t x;

      memcpy (&x, a + i, 8);
      x ^= pattern;
      if (((x - ones) & ~x & highs) == 0)
        continue;
      for (uint32_t j = i; j < i + 8; j++)
        if (a[j] == level)
          {
            if (lost)
              retro_lost_t (b, e, j, level);
            else
              retro_won_t (b, e, j, level);
            found++;
          }
    }
  return found;
}

TB_INLINE void
build_retro_t (Builder       *b,
               ChessTbEnding  e)
{
  const uint32_t size = (uint32_t) tb_size (e);

  for (unsigned level = 0; level < CHESS_TB_MAX_DTM; level++)
    {
      unsigned found;
      double f = (double) level / tb_info[e].expected_levels;

      report (b, 0.25 + 0.75 * (f < 0.99 ? f : 0.99));
      found = scan_level_t (b, e, level);
      if (found == 0 && level >= b->maxset)
        break;
    }
  for (uint32_t i = 0; i < size; i++)
    {
      if (b->w[i] == CODE_UNRES_W)
        b->w[i] = CHESS_TB_CODE_DRAW;
      else if (b->w[i] == CODE_ILLEGAL_W)
        b->w[i] = CHESS_TB_CODE_ILLEGAL;
      if (b->l[i] >= CODE_UNRES_L && b->l[i] < CHESS_TB_CODE_DRAW)
        b->l[i] = CHESS_TB_CODE_DRAW;
    }
}

#define DEFINE_BUILD(E) \
  static void \
  build_##E (Builder *b) \
  { \
    build_init_t (b, CHESS_TB_##E); \
    build_retro_t (b, CHESS_TB_##E); \
  }

DEFINE_BUILD (KQK)
DEFINE_BUILD (KRK)
DEFINE_BUILD (KRRK)
DEFINE_BUILD (KBBK)
DEFINE_BUILD (KBNK)

static void (*const build_fn[CHESS_TB_N_ENDINGS]) (Builder *) = {
  build_KQK, build_KRK, build_KRRK, build_KBBK, build_KBNK,
};

static const uint8_t *
table_data (ChessTbEnding e)
{
  return atomic_load_explicit (&tables[e].data, memory_order_acquire);
}

bool
chess_tb_build (ChessTbEnding    e,
                ChessTbProgress  progress,
                void            *user_data)
{
  Builder b;
  uint8_t *data;
  size_t size;

  if (e < 0 || e >= CHESS_TB_N_ENDINGS)
    return false;
  ensure_geometry ();
  if (table_data (e) != NULL)
    {
      if (progress != NULL)
        progress (1.0, user_data);
      return true;
    }
  if (tb_info[e].after_capture != CHESS_TB_NONE
      && !chess_tb_build (tb_info[e].after_capture, NULL, NULL))
    return false;

  pthread_mutex_lock (&tables[e].lock);
  if (table_data (e) != NULL)
    {
      pthread_mutex_unlock (&tables[e].lock);
      if (progress != NULL)
        progress (1.0, user_data);
      return true;
    }
  memset (&b, 0, sizeof b);
  b.progress = progress;
  b.user_data = user_data;
  size = tb_size (e);
  data = malloc (2 * size);
  b.aux = malloc (size);
  if (data == NULL || b.aux == NULL)
    {
      free (data);
      free (b.aux);
      pthread_mutex_unlock (&tables[e].lock);
      return false;
    }
  b.w = data;
  b.l = data + size;
  if (tb_info[e].after_capture != CHESS_TB_NONE)
    b.sub = table_data (tb_info[e].after_capture);

  report (&b, 0.0);
  build_fn[e] (&b);
  free (b.aux);

  atomic_store_explicit (&tables[e].data, data, memory_order_release);
  pthread_mutex_unlock (&tables[e].lock);
  report (&b, 1.0);
  return true;
}

bool
chess_tb_is_built (ChessTbEnding e)
{
  return e >= 0 && e < CHESS_TB_N_ENDINGS && table_data (e) != NULL;
}

size_t
chess_tb_table_size (ChessTbEnding e)
{
  if (e < 0 || e >= CHESS_TB_N_ENDINGS)
    return 0;
  return 2 * tb_size (e);
}

void
chess_tb_free_all (void)
{
  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    {
      uint8_t *data = atomic_exchange (&tables[e].data, NULL);
      free (data);
    }
}

/* ------------------------------------------------------------------ */
/* Names and material                                                   */

const char *
chess_tb_ending_name (ChessTbEnding e)
{
  if (e < 0 || e >= CHESS_TB_N_ENDINGS)
    return NULL;
  return tb_info[e].name;
}

ChessTbEnding
chess_tb_ending_from_name (const char *name)
{
  if (name == NULL)
    return CHESS_TB_NONE;
  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    {
      const char *a = tb_info[e].name, *s = name;
      while (*a != '\0' && toupper ((unsigned char) *s) == *a)
        {
          a++;
          s++;
        }
      if (*a == '\0' && *s == '\0')
        return (ChessTbEnding) e;
    }
  return CHESS_TB_NONE;
}

/* Reads the material into t (squares in the ending's order). */
static ChessTbEnding
classify (const ChessPosition *pos,
          ChessTbTuple        *t,
          ChessColor          *strong_out)
{
  int kings[2] = { -1, -1 }, nk[2] = { 0, 0 };
  uint8_t men[2][4];
  ChessPieceType type[2][4];
  unsigned count[2] = { 0, 0 };
  int strong;

  for (int sq = 0; sq < 64; sq++)
    {
      ChessPiece p = pos->board[sq];
      ChessColor c;

      if (p == CHESS_NO_PIECE)
        continue;
      c = chess_piece_color (p);
      if (chess_piece_type (p) == CHESS_KING)
        {
          kings[c] = sq;
          nk[c]++;
        }
      else
        {
          if (count[c] == 2)
            return CHESS_TB_NONE;
          men[c][count[c]] = (uint8_t) sq;
          type[c][count[c]] = chess_piece_type (p);
          count[c]++;
        }
    }
  if (nk[0] != 1 || nk[1] != 1)
    return CHESS_TB_NONE;
  if (count[0] > 0 && count[1] > 0)
    return CHESS_TB_NONE;
  strong = count[0] > 0 ? 0 : 1;
  if (count[strong] == 0)
    return CHESS_TB_NONE;

  t->sq[0] = (uint8_t) kings[strong];
  t->sq[1] = (uint8_t) kings[!strong];
  t->sq[3] = 0;
  *strong_out = (ChessColor) strong;
  if (count[strong] == 1)
    {
      t->npieces = 3;
      t->sq[2] = men[strong][0];
      t->ending = type[strong][0] == CHESS_QUEEN ? CHESS_TB_KQK
                  : type[strong][0] == CHESS_ROOK ? CHESS_TB_KRK : CHESS_TB_NONE;
      return t->ending;
    }
  t->npieces = 4;
  {
    ChessPieceType a = type[strong][0], b = type[strong][1];
    /* men[] is in square order, so for a pair of one kind the lower square comes first. */
    if (a == CHESS_ROOK && b == CHESS_ROOK)
      t->ending = CHESS_TB_KRRK;
    else if (a == CHESS_BISHOP && b == CHESS_BISHOP)
      t->ending = CHESS_TB_KBBK;
    else if ((a == CHESS_BISHOP && b == CHESS_KNIGHT) || (a == CHESS_KNIGHT && b == CHESS_BISHOP))
      t->ending = CHESS_TB_KBNK;
    else
      t->ending = CHESS_TB_NONE;
    if (a == CHESS_KNIGHT && b == CHESS_BISHOP)
      {
        t->sq[2] = men[strong][1];
        t->sq[3] = men[strong][0];
      }
    else
      {
        t->sq[2] = men[strong][0];
        t->sq[3] = men[strong][1];
      }
  }
  return t->ending;
}

ChessTbEnding
chess_tb_ending_of (const ChessPosition *pos,
                    ChessColor          *strong)
{
  ChessTbTuple t;
  ChessColor c = CHESS_WHITE;
  ChessTbEnding e = classify (pos, &t, &c);

  if (strong != NULL)
    *strong = c;
  return e;
}

bool
_chess_tb_tuple_from_position (const ChessPosition *pos,
                               ChessTbTuple        *t,
                               ChessColor          *strong)
{
  ChessColor c = CHESS_WHITE;

  memset (t, 0, sizeof *t);
  if (classify (pos, t, &c) == CHESS_TB_NONE || pos->castling != 0)
    return false;
  t->lone_to_move = pos->side != c;
  if (strong != NULL)
    *strong = c;
  return true;
}

/* ------------------------------------------------------------------ */
/* Probing                                                              */

int
_chess_tb_tuple_code (const ChessTbTuple *t)
{
  const uint8_t *data;

  if (t->ending < 0 || t->ending >= CHESS_TB_N_ENDINGS)
    return CHESS_TB_CODE_ILLEGAL;
  ensure_geometry ();
  if (!squares_legal (tb_info[t->ending].n, t->sq))
    return CHESS_TB_CODE_ILLEGAL;
  data = table_data (t->ending);
  if (data == NULL)
    {
      if (!chess_tb_build (t->ending, NULL, NULL))
        return -1;
      data = table_data (t->ending);
    }
  return data[(t->lone_to_move ? tb_size (t->ending) : 0) + tb_index_any (t->npieces, t->sq)];
}

bool
_chess_tb_lone_facts (const ChessTbTuple *t,
                      bool               *in_check,
                      unsigned           *moves,
                      unsigned           *captures)
{
  LoneView v;

  ensure_geometry ();
  if (t->ending < 0 || t->ending >= CHESS_TB_N_ENDINGS
      || !squares_legal (tb_info[t->ending].n, t->sq))
    return false;
  lone_view (&tb_info[t->ending], t->sq, &v);
  if (in_check != NULL)
    *in_check = v.in_check;
  if (moves != NULL)
    *moves = (unsigned) popcount64 (v.quiet);
  if (captures != NULL)
    *captures = v.ncap;
  return true;
}

static void
fill_result (ChessTbEnding  e,
             ChessColor     strong,
             bool           lone_to_move,
             int            code,
             ChessTbResult *out)
{
  out->ending = e;
  out->strong = strong;
  out->dtm_plies = -1;
  out->dtm_moves = -1;
  if (code < 0)
    out->wdl = CHESS_TB_UNKNOWN;  /* out of memory building the table */
  else if (code == CHESS_TB_CODE_ILLEGAL)
    out->wdl = CHESS_TB_ILLEGAL;
  else if (code == CHESS_TB_CODE_DRAW)
    out->wdl = CHESS_TB_DRAW;
  else
    {
      out->wdl = lone_to_move ? CHESS_TB_LOSS : CHESS_TB_WIN;
      out->dtm_plies = code;
      out->dtm_moves = (code + 1) / 2;
    }
}

bool
chess_tb_probe (const ChessPosition *pos,
                ChessTbResult       *out)
{
  ChessTbTuple t;
  ChessColor strong = CHESS_WHITE;

  if (!_chess_tb_tuple_from_position (pos, &t, &strong))
    {
      out->ending = chess_tb_ending_of (pos, &out->strong);
      out->wdl = CHESS_TB_UNKNOWN;
      out->dtm_plies = out->dtm_moves = -1;
      return false;
    }
  fill_result (t.ending, strong, t.lone_to_move, _chess_tb_tuple_code (&t), out);
  return out->wdl != CHESS_TB_ILLEGAL && out->wdl != CHESS_TB_UNKNOWN;
}

static int
compare_moves (const void *a,
               const void *b)
{
  const ChessTbMoveValue *x = a, *y = b;
  unsigned kx = chess_move_from (x->move) * 64u + chess_move_to (x->move);
  unsigned ky = chess_move_from (y->move) * 64u + chess_move_to (y->move);

  return (kx > ky) - (kx < ky);
}

unsigned
chess_tb_probe_moves (const ChessPosition *pos,
                      ChessTbMoveValue     moves[CHESS_MAX_MOVES])
{
  ChessTbTuple t, after;
  ChessColor strong = CHESS_WHITE;
  const TbInfo *info;
  unsigned count = 0, n;
  uint64_t occ = 0;
  int code;

  if (!_chess_tb_tuple_from_position (pos, &t, &strong))
    return 0;
  code = _chess_tb_tuple_code (&t);
  if (code < 0 || code == CHESS_TB_CODE_ILLEGAL)
    return 0;
  info = &tb_info[t.ending];
  n = info->n;
  for (unsigned k = 0; k < n; k++)
    occ |= BIT (t.sq[k]);

  if (!t.lone_to_move)
    {
      for (unsigned k = 0; k < n; k++)
        {
          unsigned from = t.sq[k == 1 ? 0 : k];
          uint64_t to;

          if (k == 1)
            continue;
          if (k == 0)
            to = king_att[from] & ~occ & ~king_att[t.sq[1]];
          else
            to = piece_attacks (info->piece[k - 2], from, occ) & ~occ;
          while (to)
            {
              unsigned s = (unsigned) __builtin_ctzll (to);
              ChessTbMoveValue *m = &moves[count++];

              to &= to - 1;
              after = t;
              after.sq[k] = (uint8_t) s;
              after.lone_to_move = 1;
              m->move = chess_move_make (from, s, CHESS_MOVE_NORMAL);
              m->capture = false;
              fill_result (t.ending, strong, true, _chess_tb_tuple_code (&after), &m->after);
            }
        }
    }
  else
    {
      LoneView v;
      unsigned from = t.sq[1];
      uint64_t to;

      lone_view (info, t.sq, &v);
      to = v.quiet;
      while (to)
        {
          unsigned s = (unsigned) __builtin_ctzll (to);
          ChessTbMoveValue *m = &moves[count++];

          to &= to - 1;
          after = t;
          after.sq[1] = (uint8_t) s;
          after.lone_to_move = 0;
          m->move = chess_move_make (from, s, CHESS_MOVE_NORMAL);
          m->capture = false;
          fill_result (t.ending, strong, false, _chess_tb_tuple_code (&after), &m->after);
        }
      for (unsigned c = 0; c < v.ncap; c++)
        {
          unsigned k = v.cap[c];
          ChessTbMoveValue *m = &moves[count++];

          m->move = chess_move_make (from, t.sq[k], CHESS_MOVE_NORMAL);
          m->capture = true;
          if (info->after_capture == CHESS_TB_NONE)
            fill_result (CHESS_TB_NONE, strong, false, CHESS_TB_CODE_DRAW, &m->after);
          else
            {
              memset (&after, 0, sizeof after);
              after.ending = info->after_capture;
              after.npieces = 3;
              after.sq[0] = t.sq[0];
              after.sq[1] = t.sq[k];
              after.sq[2] = t.sq[5 - k];
              fill_result (after.ending, strong, false, _chess_tb_tuple_code (&after), &m->after);
            }
        }
    }
  qsort (moves, count, sizeof moves[0], compare_moves);
  return count;
}

/* ------------------------------------------------------------------ */
/* Statistics                                                           */

static void
add_stat (ChessTbSideStats *s,
          unsigned          code,
          uint64_t          weight)
{
  s->positions += weight;
  if (code == CHESS_TB_CODE_DRAW)
    s->draws += weight;
  else
    {
      unsigned moves = (code + 1) / 2;
      s->wins += weight;
      if (code > s->longest_plies)
        s->longest_plies = code;
      if (moves > s->longest_moves)
        s->longest_moves = moves;
      if (moves < 64)
        s->moves_histogram[moves] += weight;
    }
}

bool
chess_tb_stats (ChessTbEnding  e,
                ChessTbFilter  filter,
                ChessTbStats  *out)
{
  const uint8_t *data;
  size_t size;
  unsigned n;
  uint8_t sq[4] = { 0, 0, 0, 0 };

  memset (out, 0, sizeof *out);
  if (e < 0 || e >= CHESS_TB_N_ENDINGS)
    return false;
  if (filter != CHESS_TB_FILTER_ALL && e != CHESS_TB_KBBK)
    return false;
  if (!chess_tb_build (e, NULL, NULL))
    return false;
  data = table_data (e);
  size = tb_size (e);
  n = tb_info[e].n;
  for (uint32_t idx = 0; idx < size; idx++)
    {
      uint64_t weight;

      if (data[idx] == CHESS_TB_CODE_ILLEGAL && data[size + idx] == CHESS_TB_CODE_ILLEGAL)
        continue;
      tb_decode (n, idx, sq);
      if (filter != CHESS_TB_FILTER_ALL)
        {
          bool same = ((sq[2] ^ (sq[2] >> 3)) & 1) == ((sq[3] ^ (sq[3] >> 3)) & 1);
          if (same != (filter == CHESS_TB_FILTER_SAME_BISHOPS))
            continue;
        }
      /* The entry stands for its strong king's whole orbit. */
      weight = on_diag[sq[0]] ? 4 : 8;
      if (data[idx] != CHESS_TB_CODE_ILLEGAL)
        add_stat (&out->strong_to_move, data[idx], weight);
      if (data[size + idx] != CHESS_TB_CODE_ILLEGAL)
        add_stat (&out->lone_to_move, data[size + idx], weight);
    }
  return true;
}

/* ------------------------------------------------------------------ */
/* Serialisation                                                        */

static uint64_t
fnv1a (const uint8_t *p,
       size_t         len)
{
  uint64_t h = 0xcbf29ce484222325ULL;

  for (size_t i = 0; i < len; i++)
    {
      h ^= p[i];
      h *= 0x100000001b3ULL;
    }
  return h;
}

static void
put_u64 (uint8_t  *p,
         uint64_t  v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static uint64_t
get_u64 (const uint8_t *p)
{
  uint64_t v = 0;

  for (int i = 0; i < 8; i++)
    v |= (uint64_t) p[i] << (8 * i);
  return v;
}

size_t
chess_tb_serialize (ChessTbEnding  e,
                    void          *buf,
                    size_t         buf_size)
{
  const uint8_t *data;
  size_t len;
  uint8_t *p = buf;

  if (e < 0 || e >= CHESS_TB_N_ENDINGS || (data = table_data (e)) == NULL)
    return 0;
  len = 2 * tb_size (e);
  if (buf != NULL && buf_size >= TB_HEADER_SIZE + len)
    {
      memset (p, 0, TB_HEADER_SIZE);
      memcpy (p, "CAISSATB", 8);
      p[8] = TB_FORMAT_VERSION;
      p[9] = (uint8_t) e;
      put_u64 (p + 16, len);
      put_u64 (p + 24, fnv1a (data, len));
      memcpy (p + TB_HEADER_SIZE, data, len);
    }
  return TB_HEADER_SIZE + len;
}

bool
chess_tb_deserialize (ChessTbEnding  e,
                      const void    *buf,
                      size_t         len)
{
  const uint8_t *p = buf, *body;
  size_t size;
  uint8_t *data;

  if (e < 0 || e >= CHESS_TB_N_ENDINGS || p == NULL || len < TB_HEADER_SIZE)
    return false;
  ensure_geometry ();
  size = tb_size (e);
  if (memcmp (p, "CAISSATB", 8) != 0 || p[8] != TB_FORMAT_VERSION || p[9] != (uint8_t) e
      || get_u64 (p + 16) != 2 * size || len != TB_HEADER_SIZE + 2 * size)
    return false;
  body = p + TB_HEADER_SIZE;
  if (fnv1a (body, 2 * size) != get_u64 (p + 24))
    return false;
  /* Codes must be mates of the right parity, draws or illegal. */
  for (size_t i = 0; i < 2 * size; i++)
    {
      unsigned c = body[i];
      if (c <= CHESS_TB_MAX_DTM ? (c & 1) != (i < size) : c != CHESS_TB_CODE_DRAW
                                                            && c != CHESS_TB_CODE_ILLEGAL)
        return false;
    }
  data = malloc (2 * size);
  if (data == NULL)
    return false;
  memcpy (data, body, 2 * size);
  pthread_mutex_lock (&tables[e].lock);
  if (table_data (e) == NULL)
    {
      atomic_store_explicit (&tables[e].data, data, memory_order_release);
      data = NULL;
    }
  pthread_mutex_unlock (&tables[e].lock);
  free (data);
  return true;
}

/* ------------------------------------------------------------------ */
/* Random practice starts                                               */

uint64_t
_chess_tb_rng_next (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t
_chess_tb_rng_below (uint64_t *state,
                     uint64_t  n)
{
  /* Rejection keeps it exactly uniform. */
  uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;

  do
    x = _chess_tb_rng_next (state);
  while (x >= limit);
  return x % n;
}

/* The start conditions on an index of the strong-to-move half. */
static bool
good_start (const TbInfo  *info,
            const uint8_t *sq,
            unsigned       code,
            unsigned       lo,
            unsigned       hi)
{
  LoneView v;

  if (code < lo || code > hi)
    return false;
  if (info->piece[0] == CHESS_BISHOP && info->piece[1] == CHESS_BISHOP
      && ((sq[2] ^ (sq[2] >> 3)) & 1) == ((sq[3] ^ (sq[3] >> 3)) & 1))
    return false;
  lone_view (info, sq, &v);
  return !v.in_check && v.quiet != 0 && v.ncap == 0;
}

unsigned
_chess_tb_longest_start (ChessTbEnding e)
{
  static _Atomic unsigned cache[CHESS_TB_N_ENDINGS];
  const uint8_t *data;
  unsigned best = 0, n;
  size_t size;
  uint8_t sq[4] = { 0, 0, 0, 0 };

  if (e < 0 || e >= CHESS_TB_N_ENDINGS)
    return 0;
  if ((best = atomic_load (&cache[e])) != 0)
    return best;
  if (!chess_tb_build (e, NULL, NULL))
    return 0;
  data = table_data (e);
  size = tb_size (e);
  n = tb_info[e].n;
  for (uint32_t idx = 0; idx < size; idx++)
    {
      unsigned code = data[idx];

      if (code > CHESS_TB_MAX_DTM || code <= best)
        continue;
      tb_decode (n, idx, sq);
      if (good_start (&tb_info[e], sq, code, 0, CHESS_TB_MAX_DTM))
        best = code;
    }
  best = (best + 1) / 2;
  atomic_store (&cache[e], best);
  return best;
}

bool
_chess_tb_random_start (ChessTbEnding  e,
                        unsigned       min_moves,
                        unsigned       max_moves,
                        uint64_t      *rng,
                        ChessTbTuple  *t)
{
  const TbInfo *info;
  const uint8_t *data;
  unsigned lo, hi, n;
  uint64_t matches = 0, pick;
  size_t size;
  uint8_t sq[4] = { 0, 0, 0, 0 }, s[4];

  if (e < 0 || e >= CHESS_TB_N_ENDINGS || min_moves > max_moves || max_moves == 0)
    return false;
  if (min_moves == 0)
    min_moves = 1;
  if (!chess_tb_build (e, NULL, NULL))
    return false;
  info = &tb_info[e];
  n = info->n;
  data = table_data (e);
  size = tb_size (e);
  lo = 2 * min_moves - 1;
  hi = 2 * max_moves - 1 > CHESS_TB_MAX_DTM ? CHESS_TB_MAX_DTM : 2 * max_moves - 1;

  memset (t, 0, sizeof *t);
  t->ending = e;
  t->npieces = (uint8_t) n;
  t->lone_to_move = 0;

  /* Usually a few random draws find one, uniformly over all positions. */
  for (int attempt = 0; attempt < 2000; attempt++)
    {
      for (unsigned k = 0; k < n; k++)
        sq[k] = (uint8_t) _chess_tb_rng_below (rng, 64);
      if (!squares_legal (n, sq))
        continue;
      {
        unsigned tr = tri_sym[sq[0]];
        for (unsigned k = 0; k < n; k++)
          s[k] = sym_sq[tr][sq[k]];
      }
      if (good_start (info, s, data[tb_index (n, s)], lo, hi))
        {
          memcpy (t->sq, sq, n);
          return true;
        }
    }

  /* Rare distances: count every match, pick one, and turn the board by a
   * random symmetry. */
  for (int pass = 0; pass < 2; pass++)
    {
      uint64_t seen = 0;

      if (pass == 1)
        {
          if (matches == 0)
            return false;
          pick = _chess_tb_rng_below (rng, matches);
        }
      for (uint32_t idx = 0; idx < size; idx++)
        {
          unsigned code = data[idx];

          if (code < lo || code > hi)
            continue;
          tb_decode (n, idx, sq);
          if (!good_start (info, sq, code, lo, hi))
            continue;
          if (pass == 0)
            matches++;
          else if (seen++ == pick)
            {
              unsigned tr = (unsigned) _chess_tb_rng_below (rng, 8);
              for (unsigned k = 0; k < n; k++)
                t->sq[k] = sym_sq[tr][sq[k]];
              return true;
            }
        }
    }
  return false;
}
