/* chess-posdb-private.h — what the chess-posdb*.c files share (internal).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records of games and the image's layout, the helpers the batches,
 * the build and the reader all use, and the replay of a game.
 */
#pragma once

#include <stdlib.h>
#include <string.h>

#include "chess-bitboard.h"
#include "chess-posdb.h"

#define NONE32 UINT32_MAX

static inline void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);

  if (p == NULL)
    abort ();
  return p;
}

static inline void *
xcalloc (size_t n,
         size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);

  if (p == NULL)
    abort ();
  return p;
}

static inline void *
xrealloc (void   *p,
          size_t  n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    abort ();
  return p;
}

/* Grows *v (of elements of size) to hold at least need. */
static inline void
grow (void   **v,
      size_t  *cap,
      size_t   need,
      size_t   size)
{
  size_t c = *cap ? *cap : 64;

  if (need <= *cap)
    return;
  while (c < need)
    c += c / 2 + 64;
  *v = xrealloc (*v, c * size);
  *cap = c;
}

/* Large arrays: from mem when it gives them, else the heap; zeroed. A
 * small header before the bytes says which. */
void *_chess_posdb_big_alloc (const ChessPosdbMemory *mem, size_t len);
void  _chess_posdb_big_free  (const ChessPosdbMemory *mem, void *p);
/* Grows a big array *v (of elements of size) to hold at least need. */
void  _chess_posdb_big_grow  (const ChessPosdbMemory *mem, void **v, size_t *cap, size_t need,
                              size_t size);

#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL

static inline unsigned
varint64_put (uint8_t  *out,
              uint64_t  v)
{
  unsigned n = 0;

  while (v >= 0x80)
    {
      out[n++] = (uint8_t) (v | 0x80);
      v >>= 7;
    }
  out[n++] = (uint8_t) v;
  return n;
}

/* Reads a varint of up to 64 bits (10 bytes most) from p[0..end); 0 bytes
 * when it does not fit or overflows. */
static inline unsigned
varint64_get (const uint8_t *p,
              const uint8_t *end,
              uint64_t      *v)
{
  uint64_t x = 0;

  for (unsigned n = 0, shift = 0; n < 10 && p + n < end; n++, shift += 7)
    {
      uint8_t byte = p[n];

      if (shift == 63 && byte > 0x01)
        return 0;
      x |= (uint64_t) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        {
          *v = x;
          return n + 1;
        }
    }
  return 0;
}

/* A 32-bit varint: the 64-bit coding (5 bytes most). */
static inline unsigned
varint_put (uint8_t  *out,
            uint32_t  v)
{
  return varint64_put (out, v);
}

/* Reads a varint from p[0..end); 0 bytes when it does not fit or overflows
 * (its own loop: callers read from 5-byte buffers). */
static inline unsigned
varint_get (const uint8_t *p,
            const uint8_t *end,
            uint32_t      *v)
{
  uint32_t x = 0;

  for (unsigned n = 0, shift = 0; n < 5 && p + n < end; n++, shift += 7)
    {
      uint8_t byte = p[n];

      if (shift == 28 && byte > 0x0f)
        return 0;
      x |= (uint32_t) (byte & 0x7f) << shift;
      if (!(byte & 0x80))
        {
          *v = x;
          return n + 1;
        }
    }
  return 0;
}

/* --- A popular position's moves (SEC_POP_MOVES) --------------------------------------------- *
 *
 * Each move's statistics, one after another: the move (2 bytes, low
 * first), then as varints the year less 1899 (mod 2^16: 1900-2026 a
 * byte, no year 3 bytes), the games, white's wins, the draws, black's
 * wins, the ratings' count, and the ratings' sum less 2000 a rating
 * (mod 2^64, zigzag: a sum near 2000 a rating costs a byte or two). On
 * 1.2 M generated games 10 bytes a move (4.7 MB; 32 as the struct). */

#define POP_MOVE_MIN   9    /* bytes a move, least */
#define POP_MOVE_MAX   40   /* and most */
#define POP_YEAR_BASE  1899u
#define POP_RATING_MID 2000u

static inline unsigned
pop_move_put (uint8_t                  *out,
              const ChessPosdbMoveStat *s)
{
  uint64_t d = s->rating_sum - (uint64_t) POP_RATING_MID * s->rating_count;
  unsigned n = 0;

  out[n++] = (uint8_t) (s->move & 0xff);
  out[n++] = (uint8_t) (s->move >> 8);
  n += varint_put (out + n, (uint16_t) (s->last_year - POP_YEAR_BASE));
  n += varint_put (out + n, s->games);
  n += varint_put (out + n, s->white_wins);
  n += varint_put (out + n, s->draws);
  n += varint_put (out + n, s->black_wins);
  n += varint_put (out + n, s->rating_count);
  n += varint64_put (out + n, (d << 1) ^ (0 - (d >> 63)));
  return n;
}

/* Reads a move's statistics from p[0..end): the bytes read, 0 when they
 * do not make one (a damaged image). */
static inline unsigned
pop_move_get (const uint8_t      *p,
              const uint8_t      *end,
              ChessPosdbMoveStat *s)
{
  uint32_t year, v[5];
  uint64_t z, d;
  unsigned n, k;

  if (end - p < 2)
    return 0;
  s->move = (ChessMove) (p[0] | (p[1] << 8));
  n = 2;
  if ((k = varint_get (p + n, end, &year)) == 0 || year > 0xffff)
    return 0;
  n += k;
  for (unsigned i = 0; i < 5; i++)
    {
      if ((k = varint_get (p + n, end, &v[i])) == 0)
        return 0;
      n += k;
    }
  if ((k = varint64_get (p + n, end, &z)) == 0)
    return 0;
  n += k;
  d = (z >> 1) ^ (0 - (z & 1));
  s->last_year = (uint16_t) (year + POP_YEAR_BASE);
  s->games = v[0];
  s->white_wins = v[1];
  s->draws = v[2];
  s->black_wins = v[3];
  s->rating_count = v[4];
  s->rating_sum = d + (uint64_t) POP_RATING_MID * v[4];
  return n;
}

/* --- A bucket's games (SEC_RARE) ------------------------------------------------------------ *
 *
 * A bucket lists its games in increasing order, Rice-coded: a byte k
 * (0..RICE_MAX_K), then for each game v (the first game's number, then
 * each game's distance to the one before less one) as v >> k one bits, a
 * zero bit and the k low bits of v, most significant first; the last
 * byte padded with one bits. An empty bucket has no bytes. About 2 bits
 * less a game than varints for the same lists. */

#define RICE_MAX_K 30

/* Occurrences (game, ply) a bucket, about: a query on a rare position
 * checks that many games' signatures and replays the few that pass. */
#define RARE_BUCKET_GAMES 4096

typedef struct
{
  uint8_t  *out;
  uint64_t  acc;    /* bits not written yet, in the low nacc */
  unsigned  nacc;
} RiceWriter;

static inline void
rice_put_bits (RiceWriter *w,
               uint32_t    bits,
               unsigned    n)   /* n <= 32 */
{
  w->acc = (w->acc << n) | bits;
  w->nacc += n;
  while (w->nacc >= 8)
    {
      w->nacc -= 8;
      *w->out++ = (uint8_t) (w->acc >> w->nacc);
    }
}

static inline void
rice_put (RiceWriter *w,
          uint32_t    v,
          unsigned    k)
{
  uint32_t q = v >> k;

  while (q >= 24)
    {
      rice_put_bits (w, 0xffffffu, 24);
      q -= 24;
    }
  rice_put_bits (w, ((1u << q) - 1) << 1, q + 1);
  if (k > 0)
    rice_put_bits (w, v & (((uint32_t) 1 << k) - 1), k);
}

/* Pads the last byte with ones; returns the end of the bytes written. */
static inline uint8_t *
rice_flush (RiceWriter *w)
{
  if (w->nacc > 0)
    rice_put_bits (w, (1u << (8 - w->nacc)) - 1, 8 - w->nacc);
  return w->out;
}

/* Bits Rice-coding v[0..n) with k takes. */
static inline uint64_t
rice_bits (const uint32_t *v,
           size_t          n,
           unsigned        k)
{
  uint64_t bits = (uint64_t) n * (k + 1);

  for (size_t i = 0; i < n; i++)
    bits += v[i] >> k;
  return bits;
}

typedef struct
{
  const uint8_t *p, *end;
  uint64_t       buf;     /* bits not read yet, from the top */
  unsigned       nbits;
} RiceReader;

static inline void
rice_refill (RiceReader *r)
{
  while (r->nbits <= 56 && r->p < r->end)
    {
      r->buf |= (uint64_t) *r->p++ << (56 - r->nbits);
      r->nbits += 8;
    }
}

/* Reads one value into *v; false at the end of the bytes (the padding) or
 * when they do not make a value below 2^32 (a damaged image). */
static inline bool
rice_get (RiceReader *r,
          unsigned    k,
          uint32_t   *v)
{
  uint64_t q = 0, x;

  for (;;)
    {
      unsigned ones;

      rice_refill (r);
      if (r->nbits == 0)
        return false;
      ones = ~r->buf == 0 ? 64 : (unsigned) __builtin_clzll (~r->buf);
      if (ones < r->nbits)
        {
          q += ones;
          r->buf = ones + 1 < 64 ? r->buf << (ones + 1) : 0;
          r->nbits -= ones + 1;
          break;
        }
      q += r->nbits;
      r->buf = 0;
      r->nbits = 0;
      if (q > UINT32_MAX)
        return false;
    }
  if (k > 0)
    {
      rice_refill (r);
      if (r->nbits < k)
        return false;
      x = r->buf >> (64 - k);
      r->buf <<= k;
      r->nbits -= k;
    }
  else
    x = 0;
  if (q > (UINT32_MAX >> k))
    return false;
  x |= q << k;
  if (x > UINT32_MAX)
    return false;
  *v = (uint32_t) x;
  return true;
}

/* --- Games ---------------------------------------------------------------------------------- */

enum
{
  RESULT_NONE = 0,
  RESULT_WHITE = 1,
  RESULT_DRAW = 2,
  RESULT_BLACK = 3,
};

enum
{
  GAME_UNREADABLE = 1 << 0,
  GAME_FEN = 1 << 1,
};

/* 16 bytes, the same in memory and in the image. */
typedef struct
{
  uint32_t moves;     /* index of the first move */
  uint16_t plies;
  uint8_t  result;
  uint8_t  flags;
  uint16_t elo[2];    /* by colour; 0 = none */
  uint16_t year;      /* 0 = none */
  uint16_t reserved;
} GameRec;

/* The games of a batch or of an image, as the replay sees them. */
typedef struct
{
  const GameRec  *games;
  uint32_t        first;      /* number of games[0] */
  uint32_t        n;
  const uint16_t *moves;      /* a batch's: ChessMove each, or NULL */
  uint64_t        n_moves;
  const uint8_t  *code;       /* an image's: the moves coded (SEC_MOVES), or NULL */
  uint64_t        code_len;
  const uint32_t *fen_index;  /* pairs (game number, offset into fen_text), by game */
  uint32_t        n_fens;
  const char     *fen_text;
  uint64_t        fen_len;
  bool            trusted;    /* built here: moves need no legality check */
} View;

struct _ChessPosdbBatch
{
  uint32_t  first;
  uint32_t  n;
  GameRec  *games;
  uint16_t *moves;
  size_t    n_moves, cap_moves;
  uint32_t *fen_index;      /* pairs (game, offset) */
  size_t    n_fens, cap_fens;
  char     *fen_text;
  size_t    fen_len, cap_fen_text;
  /* What step 2 needs of each game, made while parsing (the parser has
   * the positions at hand: step 2 then replays only up to a game's last
   * popular position). The moves as the image codes them (a byte a ply
   * most) and where each game's start (by game, from the batch's first
   * code); each game's signature (CHESS_POSDB_SIG_WORDS words). */
  uint8_t  *code;
  size_t    n_code, cap_code;
  uint32_t *code_at;
  uint64_t *sigs;
  /* The key's top 32 bits (what says whether a position is popular, and
   * a rare one's bucket) of the position before each move (beside moves)
   * and of each game's last position (by game); dropped once step 2 has
   * read them. */
  uint32_t *slots;
  size_t    n_slots, cap_slots;
  uint32_t *final_slots;
  /* With mem: the arrays above, games and moves are big arrays (once
   * parsed). */
  ChessPosdbMemory mem;
  bool             big;
};

/* Frees a batch's slots and final_slots. */
void _chess_posdb_batch_drop_slots (ChessPosdbBatch *b);

/* Makes move m of a game; FALSE when it is not legal there (a damaged
 * image: the rest of the game is not read). */
static inline bool
view_make (const View    *v,
           ChessPosition *pos,
           ChessMove      m)
{
  if (!v->trusted)
    {
      if (m == CHESS_MOVE_NULL)
        {
          if (chess_position_in_check (pos))
            return false;
        }
      else if (!chess_position_is_legal (pos, m))
        return false;
    }
  chess_position_make_move (pos, m);
  return true;
}

/* --- The image ---------------------------------------------------------------------------------- */

#define IMAGE_MAGIC   "CAISSAPX"
/* 2: the pattern signatures (SEC_SIGS). 3: the moves coded in a byte
 * most (SEC_MOVES). 4: the buckets' games Rice-coded (SEC_RARE), about
 * RARE_BUCKET_GAMES a bucket, and the popular positions' games and plies
 * (SEC_POP_GAMES). 5: the popular positions' moves coded (SEC_POP_MOVES),
 * n_buckets any count (bucket_of_key), about RARE_BUCKET_GAMES (4,096)
 * occurrences a bucket. An image of another version is
 * refused ("another version") and the cache rebuilt. */
#define IMAGE_VERSION 5
#define ENDIAN_CHECK  0x0102030405060708ULL

enum
{
  SEC_GAMES,       /* GameRec[n_games] */
  SEC_MOVES,       /* uint8_t[n_moves]: coded, a byte most (chess-posdb.c) */
  SEC_FEN_INDEX,   /* uint32_t[2 * n_fens] */
  SEC_FEN_TEXT,    /* char[fen_len], NUL-separated */
  SEC_POP,         /* PopRec[n_pop], by key */
  SEC_POP_MOVES,   /* n_pop_moves moves' statistics, coded (pop_move_put) */
  SEC_POP_GAMES,   /* per popular position its games and plies, Rice-coded (PopRec) */
  SEC_BUCKETS,     /* uint64_t[n_buckets + 1], offsets into SEC_RARE */
  SEC_RARE,        /* per bucket its games, Rice-coded (above) */
  SEC_SIGS,        /* uint64_t[CHESS_POSDB_SIG_WORDS * n_games] */
  N_SECTIONS
};

/* The bucket of a key: its top 32 bits scaled to n buckets, so that the
 * buckets hold runs of keys in order, and any count of them, not only a
 * power of two (about RARE_BUCKET_GAMES occurrences each, not between
 * half and all of it). */
static inline uint32_t
bucket_of_slot (uint32_t slot,
                uint32_t n)
{
  return (uint32_t) (((uint64_t) slot * n) >> 32);
}

static inline uint32_t
bucket_of_key (uint64_t key,
               uint32_t n)
{
  return bucket_of_slot ((uint32_t) (key >> 32), n);
}

typedef struct
{
  uint64_t offset;
  uint64_t length;
  uint64_t hash;
} Section;

typedef struct
{
  char             magic[8];
  uint32_t         version;
  uint32_t         header_size;
  uint64_t         endian;
  ChessPosdbSource source;
  uint32_t         n_games;
  uint32_t         n_buckets;
  uint64_t         n_moves;
  uint64_t         n_fens;
  uint64_t         n_pop;
  uint64_t         n_pop_moves;
  uint64_t         n_pop_games;
  Section          sections[N_SECTIONS];
  uint64_t         header_hash;    /* of the bytes before it */
} Header;

typedef struct
{
  uint64_t key;
  /* Byte offset into SEC_POP_GAMES of the position's games, which run to
   * the next position's: a byte k for the games and one for the plies,
   * then for each game (increasing) its number Rice-coded as a bucket's
   * (the first whole, then the distance less one) and its first ply at
   * the position Rice-coded. */
  uint64_t games_at;
  /* Byte offset into SEC_POP_MOVES of its n_moves moves (pop_move_put),
   * which run to the next position's. */
  uint64_t moves_at;
  uint32_t n_games;
  uint32_t n_moves;
} PopRec;


bool  _chess_posdb_view_start     (const View *v, uint32_t g, ChessPosition *pos);
/* The moves of a game as the replay reads them, one ply after another. */
typedef struct
{
  const uint16_t *mv;         /* a batch's, or NULL: */
  const uint8_t  *p, *end;    /* an image's, coded */
} MoveCursor;

/* The image's moves: a byte most, see chess-posdb.c. encode writes m
 * (played in pos) to out (3 bytes of room) and returns the bytes used;
 * decode reads one from p[0..end) and returns the bytes read, 0 when they
 * do not make a move there (a damaged image). */
unsigned _chess_posdb_move_encode (const ChessPosition *pos, ChessMove m, uint8_t *out);
unsigned _chess_posdb_move_decode (const ChessPosition *pos, const uint8_t *p, const uint8_t *end,
                                   ChessMove *m);

static inline bool
cursor_next (MoveCursor          *c,
             const ChessPosition *pos,
             ChessMove           *m)
{
  unsigned n;

  if (c->mv != NULL)
    {
      *m = *c->mv++;
      return true;
    }
  n = _chess_posdb_move_decode (pos, c->p, c->end, m);
  c->p += n;
  return n != 0;
}

bool  _chess_posdb_view_begin     (const View *v, uint32_t g, ChessPosition *pos, MoveCursor *moves);
void  _chess_posdb_stat_add_game  (ChessPosdbMoveStat *s, const GameRec *r, unsigned side);
void  _chess_posdb_tree_add_game  (ChessPosdbTree *tree, ChessMove move, const GameRec *r, unsigned side);
void  _chess_posdb_tree_merge     (ChessPosdbTree *tree, const ChessPosdbMoveStat *add);
/* The replays for a target position stop once the game can no longer
 * reach it (fewer pieces left, or a pawn it has on its first square gone:
 * pieces never come back, pawns never go back). */
bool  _chess_posdb_replay_tree    (const View *v, uint32_t g, const ChessPosition *target,
                                   ChessPosdbTree *tree);
long  _chess_posdb_replay_find    (const View *v, uint32_t g, const ChessPosition *target);
long  _chess_posdb_replay_pattern (const View *v, uint32_t g, const ChessPosPattern *pt);
void  _chess_posdb_batch_view     (const ChessPosdbBatch *b, View *v);
