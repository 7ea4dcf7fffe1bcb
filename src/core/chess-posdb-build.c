/* chess-posdb-build.c — step 2: the image built from the batches.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See chess-posdb.h.
 */
#include "chess-posdb-private.h"

#include "chess-posdb-sig.h"

/* --- 2. Building the image ------------------------------------------------------------------------ */

/* The rare positions' game lists grow in chunks of 64 bytes. */
#define CHUNK_DATA 59
#define CHUNK_BLOCK 32768u
typedef struct
{
  uint32_t next;
  uint8_t  len;
  uint8_t  data[CHUNK_DATA];
} Chunk;

typedef struct
{
  uint64_t key;
  uint32_t last_game;
  uint32_t n_games;
  uint32_t moves_head;   /* PopMove index, or NONE32 */
  uint32_t n_moves;
} PopPos;

typedef struct
{
  uint32_t           next;
  uint32_t           last_game;
  uint32_t           pos;
  ChessPosdbMoveStat st;
} PopMove;

typedef struct
{
  uint32_t pos;
  uint32_t game;
  uint32_t ply;
} PopGame;

/* A rare positions' bucket while building: its fields side by side, so
 * that a ply touches one cache line of them (the buckets are many and
 * each ply lands in a random one). */
typedef struct
{
  uint32_t last;   /* the last game added, or NONE32 */
  uint32_t head;   /* first and last Chunk, or NONE32 */
  uint32_t tail;
  uint32_t len;    /* bytes */
} Bucket;

typedef struct
{
  const ChessPosdbMemory *mem;   /* the build's */
  size_t    batch_begin, batch_end;
  uint32_t  first_game, n_games;
  /* popular positions: key → PopPos (open addressing, index + 1) */
  PopPos   *pops;
  size_t    n_pops, cap_pops;
  uint32_t *pop_table;
  size_t    pop_mask;
  PopMove  *pmoves;
  size_t    n_pmoves, cap_pmoves;
  /* (position, move) → PopMove (index + 1): one probe, not a walk along
   * the position's list, whose entries lie all over memory. */
  uint32_t *pm_table;
  size_t    pm_mask;
  PopGame  *pgames;
  size_t    n_pgames, cap_pgames;
  /* rare positions: per bucket the games, as varint deltas in chunks */
  Bucket   *bk;
  /* (In blocks of CHUNK_BLOCK that never move: a growing array would
   * hold the old and the new copy at once, hundreds of megabytes.) */
  Chunk   **blocks;
  size_t    n_chunks, n_blocks, cap_blocks;
} Part;

typedef struct
{
  uint8_t *code;
  size_t   len, cap;
  bool     done;
} RareRange;

struct _ChessPosdbBuild
{
  ChessPosdbBatch *const *batches;
  size_t                  n_batches;
  uint32_t                n_games;
  uint64_t                n_moves;
  uint8_t                *counts;        /* popularity by (key >> 32) & count_mask */
  uint32_t                count_mask;
  /* The counters that reached the threshold, as a small hash set of
   * (key >> 32) & count_mask + 1: the test made at every ply stays in the
   * processor's cache (the counters do not). */
  uint32_t               *hot;
  uint32_t                hot_mask;
  /* A bit per HOT_FILTER_BITS hash of those slots: most plies are of
   * rare positions, and the filter (128 KB) answers them from the
   * processor's cache where the set (megabytes) would not. */
  uint64_t               *hot_filter;
  uint32_t                n_buckets;
  unsigned                n_parts;
  Part                   *parts;
  /* The rare positions' lists Rice-coded, in n_parts ranges of buckets
   * (chess_posdb_build_code): each range's bytes, and each bucket's
   * length in them. */
  RareRange              *ranges;
  uint32_t               *rare_bytes;
  /* Where the large arrays live (counts, the parts' buckets, chunks and
   * popular games); mem.alloc NULL: the heap. */
  ChessPosdbMemory        mem;
};

static inline uint32_t
hot_hash (uint32_t slot,
          uint32_t mask)
{
  return (slot * 0x9E3779B1u) >> 7 & mask;
}

#define HOT_FILTER_BITS 20

static inline uint32_t
hot_filter_bit (uint32_t slot)
{
  return (slot * 0x85EBCA77u) >> (32 - HOT_FILTER_BITS);
}

/* Whether positions whose key's top 32 bits are top are popular. */
static inline bool
build_popular (const ChessPosdbBuild *b,
               uint32_t               top)
{
  uint32_t slot = (top & b->count_mask) + 1;
  uint32_t bit = hot_filter_bit (slot);

  if (!(b->hot_filter[bit >> 6] >> (bit & 63) & 1))
    return false;
  for (uint32_t i = hot_hash (slot, b->hot_mask); b->hot[i]; i = (i + 1) & b->hot_mask)
    if (b->hot[i] == slot)
      return true;
  return false;
}

ChessPosdbBuild *
chess_posdb_build_new (ChessPosdbBatch *const *batches,
                       size_t                  n_batches,
                       unsigned                n_parts)
{
  return chess_posdb_build_new_in (batches, n_batches, n_parts, NULL);
}

ChessPosdbBuild *
chess_posdb_build_new_in (ChessPosdbBatch *const *batches,
                          size_t                  n_batches,
                          unsigned                n_parts,
                          const ChessPosdbMemory *mem)
{
  ChessPosdbBuild *b = xcalloc (1, sizeof *b);
  uint64_t n_slots = 0, occurrences, per_part, acc = 0;
  uint64_t size = 1 << 16;
  size_t bi = 0;

  if (mem != NULL)
    b->mem = *mem;
  b->batches = batches;
  b->n_batches = n_batches;
  /* (Counted: the positions before the first CHESS_POSDB_POPULAR_PLIES
   * moves of each game.) */
  for (size_t i = 0; i < n_batches; i++)
    {
      const ChessPosdbBatch *batch = batches[i];

      b->n_games += batch->n;
      b->n_moves += batch->n_moves;
      for (uint32_t j = 0; j < batch->n; j++)
        n_slots += batch->games[j].plies < CHESS_POSDB_POPULAR_PLIES
                   ? batch->games[j].plies : CHESS_POSDB_POPULAR_PLIES;
    }
  /* Twice as many counters as hashes: a counter reaches the threshold by
   * chance (many unrelated positions on one counter) almost never, and
   * when it does its positions are merely stored whole. */
  while (size < 2 * n_slots && size < ((uint64_t) 1 << 32))
    size <<= 1;
  b->counts = _chess_posdb_big_alloc (&b->mem, size);
  b->count_mask = (uint32_t) (size - 1);
  for (size_t i = 0; i < n_batches; i++)
    {
      const ChessPosdbBatch *batch = batches[i];

      for (uint32_t j = 0; j < batch->n; j++)
        {
          const uint32_t *sl = batch->slots + batch->games[j].moves;
          unsigned n = batch->games[j].plies;

          if (n > CHESS_POSDB_POPULAR_PLIES)
            n = CHESS_POSDB_POPULAR_PLIES;
          for (unsigned k = 0; k < n; k++)
            {
              uint8_t *c = &b->counts[sl[k] & b->count_mask];
              if (*c < 255)
                (*c)++;
            }
        }
    }
  {
    uint64_t n_hot = 0, cap = 4096;

    for (uint64_t i = 0; i < size; i++)
      n_hot += b->counts[i] >= CHESS_POSDB_POPULAR;
    while (cap < 4 * n_hot)
      cap <<= 1;
    b->hot = xcalloc (cap, sizeof b->hot[0]);
    b->hot_mask = (uint32_t) (cap - 1);
    b->hot_filter = xcalloc ((1u << HOT_FILTER_BITS) / 64, sizeof b->hot_filter[0]);
    for (uint64_t i = 0; i < size; i++)
      if (b->counts[i] >= CHESS_POSDB_POPULAR)
        {
          uint32_t slot = (uint32_t) i + 1, j = hot_hash (slot, b->hot_mask);

          while (b->hot[j])
            j = (j + 1) & b->hot_mask;
          b->hot[j] = slot;
          j = hot_filter_bit (slot);
          b->hot_filter[j >> 6] |= (uint64_t) 1 << (j & 63);
        }
    _chess_posdb_big_free (&b->mem, b->counts);
    b->counts = NULL;
  }
  /* About RARE_BUCKET_GAMES games a bucket: a query on a rare position
   * checks that many games' signatures. */
  occurrences = b->n_moves + b->n_games;
  {
    uint64_t n = (occurrences + RARE_BUCKET_GAMES - 1) / RARE_BUCKET_GAMES;

    b->n_buckets = (uint32_t) (n < 1024 ? 1024 : n > ((uint64_t) 1 << 28) ? (uint64_t) 1 << 28 : n);
  }

  b->rare_bytes = _chess_posdb_big_alloc (&b->mem, (size_t) b->n_buckets * sizeof b->rare_bytes[0]);
  if (n_parts < 1)
    n_parts = 1;
  if (n_parts > n_batches && n_batches > 0)
    n_parts = (unsigned) n_batches;
  b->n_parts = n_parts;
  b->parts = xcalloc (n_parts, sizeof b->parts[0]);
  b->ranges = xcalloc (n_parts, sizeof b->ranges[0]);
  per_part = (b->n_moves + n_parts - 1) / n_parts;
  for (unsigned p = 0; p < n_parts; p++)
    {
      Part *pt = &b->parts[p];

      pt->mem = &b->mem;
      pt->batch_begin = bi;
      pt->first_game = bi < n_batches ? batches[bi]->first : b->n_games;
      while (bi < n_batches && (p == n_parts - 1 || acc < per_part * (p + 1)))
        {
          pt->n_games += batches[bi]->n;
          acc += batches[bi++]->n_moves;
        }
      pt->batch_end = bi;
    }
  return b;
}

unsigned
chess_posdb_build_n_parts (const ChessPosdbBuild *b)
{
  return b->n_parts;
}

static uint32_t
part_pop (Part     *pt,
          uint64_t  key)
{
  size_t i;

  if (pt->pop_table == NULL || 2 * (pt->n_pops + 1) > pt->pop_mask + 1)
    {
      size_t cap = pt->pop_table ? 2 * (pt->pop_mask + 1) : 1024;

      free (pt->pop_table);
      pt->pop_table = xcalloc (cap, sizeof pt->pop_table[0]);
      pt->pop_mask = cap - 1;
      for (size_t j = 0; j < pt->n_pops; j++)
        {
          size_t k = (size_t) (pt->pops[j].key * P1 >> 20) & pt->pop_mask;
          while (pt->pop_table[k])
            k = (k + 1) & pt->pop_mask;
          pt->pop_table[k] = (uint32_t) j + 1;
        }
    }
  i = (size_t) (key * P1 >> 20) & pt->pop_mask;
  while (pt->pop_table[i])
    {
      uint32_t j = pt->pop_table[i] - 1;

      if (pt->pops[j].key == key)
        return j;
      i = (i + 1) & pt->pop_mask;
    }
  grow ((void **) &pt->pops, &pt->cap_pops, pt->n_pops + 1, sizeof pt->pops[0]);
  pt->pops[pt->n_pops] = (PopPos) { key, NONE32, 0, NONE32, 0 };
  pt->pop_table[i] = (uint32_t) pt->n_pops + 1;
  return (uint32_t) pt->n_pops++;
}

static inline size_t
pm_hash (uint32_t  pi,
         ChessMove move,
         size_t    mask)
{
  return (size_t) ((((uint64_t) pi << 16 | move) * P1) >> 24) & mask;
}

static void
part_pop_move (Part          *pt,
               uint32_t       pi,
               ChessMove      move,
               uint32_t       game,
               const GameRec *r,
               unsigned       side)
{
  PopMove *pm;
  size_t i;

  if (pt->pm_table == NULL || 2 * (pt->n_pmoves + 1) > pt->pm_mask + 1)
    {
      size_t cap = pt->pm_table ? 2 * (pt->pm_mask + 1) : 4096;

      free (pt->pm_table);
      pt->pm_table = xcalloc (cap, sizeof pt->pm_table[0]);
      pt->pm_mask = cap - 1;
      for (size_t j = 0; j < pt->n_pmoves; j++)
        {
          size_t k = pm_hash (pt->pmoves[j].pos, pt->pmoves[j].st.move, pt->pm_mask);
          while (pt->pm_table[k])
            k = (k + 1) & pt->pm_mask;
          pt->pm_table[k] = (uint32_t) j + 1;
        }
    }
  i = pm_hash (pi, move, pt->pm_mask);
  while (pt->pm_table[i])
    {
      PopMove *e = &pt->pmoves[pt->pm_table[i] - 1];

      if (e->pos == pi && e->st.move == move)
        break;
      i = (i + 1) & pt->pm_mask;
    }
  if (pt->pm_table[i] == 0)
    {
      grow ((void **) &pt->pmoves, &pt->cap_pmoves, pt->n_pmoves + 1, sizeof pt->pmoves[0]);
      pm = &pt->pmoves[pt->n_pmoves];
      memset (pm, 0, sizeof *pm);
      pm->st.move = move;
      pm->pos = pi;
      pm->last_game = NONE32;
      pm->next = pt->pops[pi].moves_head;
      pt->pops[pi].moves_head = (uint32_t) pt->n_pmoves;
      pt->pops[pi].n_moves++;
      pt->pm_table[i] = (uint32_t) ++pt->n_pmoves;
    }
  else
    pm = &pt->pmoves[pt->pm_table[i] - 1];
  if (pm->last_game == game)
    return;
  pm->last_game = game;
  _chess_posdb_stat_add_game (&pm->st, r, side);
}

static inline Chunk *
chunk_at (const Part *pt,
          uint32_t    c)
{
  return &pt->blocks[c / CHUNK_BLOCK][c % CHUNK_BLOCK];
}

static inline void
part_rare_byte (Part     *pt,
                uint32_t  bucket,
                uint8_t   byte)
{
  uint32_t t = pt->bk[bucket].tail;

  if (t == NONE32 || chunk_at (pt, t)->len == CHUNK_DATA)
    {
      uint32_t c;

      if (pt->n_chunks == pt->n_blocks * CHUNK_BLOCK)
        {
          grow ((void **) &pt->blocks, &pt->cap_blocks, pt->n_blocks + 1, sizeof pt->blocks[0]);
          pt->blocks[pt->n_blocks++] = _chess_posdb_big_alloc (pt->mem, CHUNK_BLOCK * sizeof (Chunk));
        }
      c = (uint32_t) pt->n_chunks++;
      chunk_at (pt, c)->next = NONE32;
      chunk_at (pt, c)->len = 0;
      if (t == NONE32)
        pt->bk[bucket].head = c;
      else
        chunk_at (pt, t)->next = c;
      pt->bk[bucket].tail = t = c;
    }
  {
    Chunk *ch = chunk_at (pt, t);

    ch->data[ch->len++] = byte;
  }
  pt->bk[bucket].len++;
}

void
chess_posdb_build_run (ChessPosdbBuild   *b,
                       unsigned           part,
                       volatile uint32_t *progress)
{
  Part *pt = &b->parts[part];
  uint64_t total = 0, done = 0;
  uint32_t *bucket_of = xmalloc ((UINT16_MAX + 1) * sizeof bucket_of[0]);

  pt->bk = _chess_posdb_big_alloc (pt->mem, b->n_buckets * sizeof pt->bk[0]);
  for (uint32_t k = 0; k < b->n_buckets; k++)
    pt->bk[k] = (Bucket) { NONE32, NONE32, NONE32, 0 };
  for (size_t i = pt->batch_begin; i < pt->batch_end; i++)
    total += b->batches[i]->n_moves;

  for (size_t bi = pt->batch_begin; bi < pt->batch_end; bi++)
    {
      ChessPosdbBatch *batch = b->batches[bi];
      View v;

      _chess_posdb_batch_view (batch, &v);
      for (uint32_t i = 0; i < batch->n; i++)
        {
          const GameRec *r = &batch->games[i];
          uint32_t g = batch->first + i;
          const uint16_t *mv = batch->moves + r->moves;
          const uint32_t *sl = batch->slots + r->moves;
          long last_pop = -1;

          if (r->flags & GAME_UNREADABLE)
            continue;
          /* Each position's bucket from its key's top bits (kept while
           * parsing), or NONE32 for a popular one. */
          for (unsigned p = 0; p <= r->plies; p++)
            {
              uint32_t top = p < r->plies ? sl[p] : batch->final_slots[i];

              if (build_popular (b, top))
                {
                  bucket_of[p] = NONE32;
                  last_pop = p;
                }
              else
                {
                  uint32_t bucket = bucket_of_slot (top, b->n_buckets);

                  bucket_of[p] = bucket;
                  __builtin_prefetch (&pt->bk[bucket], 1);
                }
            }
          /* The popular ones need the whole key: the game replayed as
           * far as its last one (the opening, mostly). */
          if (last_pop >= 0)
            {
              ChessPosition pos;
              unsigned side0;

              if (!_chess_posdb_view_start (&v, g, &pos))
                continue;
              side0 = pos.side & 1;
              for (unsigned p = 0; ; p++)
                {
                  if (bucket_of[p] == NONE32)
                    {
                      uint32_t pi = part_pop (pt, pos.key);

                      if (pt->pops[pi].last_game != g)
                        {
                          pt->pops[pi].last_game = g;
                          pt->pops[pi].n_games++;
                          if (pt->n_pgames + 1 > pt->cap_pgames)
                            _chess_posdb_big_grow (pt->mem, (void **) &pt->pgames, &pt->cap_pgames,
                                                   pt->n_pgames + 1, sizeof pt->pgames[0]);
                          pt->pgames[pt->n_pgames++] = (PopGame) { pi, g, p };
                        }
                      if (p < r->plies)
                        part_pop_move (pt, pi, mv[p], g, r, (side0 + p) & 1);
                    }
                  if ((long) p == last_pop)
                    break;
                  chess_position_make_move (&pos, mv[p]);
                }
            }
          for (unsigned p = 0; p <= r->plies; p++)
            if (bucket_of[p] != NONE32 && pt->bk[bucket_of[p]].tail != NONE32)
              __builtin_prefetch (chunk_at (pt, pt->bk[bucket_of[p]].tail), 1);
          for (unsigned p = 0; p <= r->plies; p++)
            {
              uint32_t bucket = bucket_of[p];

              if (bucket != NONE32 && pt->bk[bucket].last != g)
                {
                  uint8_t buf[5];
                  uint32_t prev = pt->bk[bucket].last;
                  unsigned n = varint_put (buf, prev == NONE32 ? g : g - prev);

                  for (unsigned k = 0; k < n; k++)
                    part_rare_byte (pt, bucket, buf[k]);
                  pt->bk[bucket].last = g;
                }
            }
          done += r->plies;
          if (progress != NULL && (i & 1023) == 0 && total > 0)
            __atomic_store_n (progress, (uint32_t) ((done << 20) / total), __ATOMIC_RELAXED);
        }
      /* (Read no more: the batch keeps its moves for queries until the
       * image replaces it.) */
      _chess_posdb_batch_drop_slots (batch);
    }
  free (bucket_of);
  if (progress != NULL)
    __atomic_store_n (progress, 1u << 20, __ATOMIC_RELAXED);
}

static void
part_free (Part *pt)
{
  free (pt->pops);
  free (pt->pop_table);
  free (pt->pmoves);
  free (pt->pm_table);
  _chess_posdb_big_free (pt->mem, pt->pgames);
  _chess_posdb_big_free (pt->mem, pt->bk);
  for (size_t i = 0; i < pt->n_blocks; i++)
    _chess_posdb_big_free (pt->mem, pt->blocks[i]);
  free (pt->blocks);
}

void
chess_posdb_build_free (ChessPosdbBuild *b)
{
  if (b == NULL)
    return;
  for (unsigned p = 0; p < b->n_parts; p++)
    {
      part_free (&b->parts[p]);
      _chess_posdb_big_free (&b->mem, b->ranges[p].code);
    }
  free (b->parts);
  free (b->ranges);
  _chess_posdb_big_free (&b->mem, b->rare_bytes);
  _chess_posdb_big_free (&b->mem, b->counts);
  free (b->hot);
  free (b->hot_filter);
  free (b);
}


typedef struct
{
  uint64_t key;
  unsigned part;
  uint32_t index;
} PopRef;

static int
cmp_pop_ref (const void *a,
             const void *b)
{
  const PopRef *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return (int) x->part - (int) y->part;
}

static inline uint64_t
align8 (uint64_t n)
{
  return (n + 7) & ~(uint64_t) 7;
}

static void *
malloc_alloc (void   *user,
              size_t  len)
{
  (void) user;
  return malloc (len);
}

/* Bucket k's games from all parts, as Rice codes them: the first game's
 * number, then each game's distance to the one before less one, into
 * *vals; returns how many. */
static size_t
bucket_values (const ChessPosdbBuild *b,
               uint32_t               k,
               uint32_t             **vals,
               size_t                *cap)
{
  size_t n = 0;
  uint32_t last = NONE32;

  for (unsigned p = 0; p < b->n_parts; p++)
    {
      const Part *pt = &b->parts[p];
      uint32_t g = 0, d = 0;
      bool first = true;
      uint8_t head[5];
      unsigned n_head = 0;

      if (pt->bk[k].len == 0)
        continue;
      grow ((void **) vals, cap, n + pt->bk[k].len, sizeof (*vals)[0]);
      for (uint32_t ci = pt->bk[k].head; ci != NONE32; ci = chunk_at (pt, ci)->next)
        {
          const Chunk *ch = chunk_at (pt, ci);

          for (unsigned j = 0; j < ch->len; j++)
            {
              head[n_head++] = ch->data[j];
              if (ch->data[j] & 0x80)
                continue;
              varint_get (head, head + n_head, &d);
              n_head = 0;
              g = first ? d : g + d;
              first = false;
              (*vals)[n++] = last == NONE32 ? g : g - last - 1;
              last = g;
            }
        }
    }
  return n;
}

/* The k that codes vals[0..n) in the fewest bits, into *k; returns the bits. */
static uint64_t
rice_choose (const uint32_t *vals,
             size_t          n,
             unsigned       *k)
{
  uint64_t sum = 0, best;
  unsigned guess = 0;

  for (size_t i = 0; i < n; i++)
    sum += vals[i];
  while (guess < RICE_MAX_K && ((uint64_t) n << (guess + 1)) <= sum)
    guess++;
  *k = guess;
  best = rice_bits (vals, n, guess);
  for (unsigned c = guess > 0 ? guess - 1 : 0; c <= guess + 1 && c <= RICE_MAX_K; c++)
    if (c != guess)
      {
        uint64_t bits = rice_bits (vals, n, c);

        if (bits < best)
          {
            best = bits;
            *k = c;
          }
      }
  return best;
}

/* The buckets of range r. */
static void
range_of (const ChessPosdbBuild *b,
          unsigned               r,
          uint32_t              *begin,
          uint32_t              *end)
{
  *begin = (uint32_t) ((uint64_t) b->n_buckets * r / b->n_parts);
  *end = (uint32_t) ((uint64_t) b->n_buckets * (r + 1) / b->n_parts);
}

void
chess_posdb_build_code (ChessPosdbBuild *b,
                        unsigned         r)
{
  RareRange *rr = &b->ranges[r];
  uint32_t begin, end, *vals = NULL;
  size_t cap_vals = 0;

  if (rr->done)
    return;
  range_of (b, r, &begin, &end);
  {
    /* (As varints they take about as many bytes: room for all, most
     * likely, at once.) */
    size_t varint_len = 0;

    for (unsigned p = 0; p < b->n_parts; p++)
      for (uint32_t k = begin; k < end; k++)
        varint_len += b->parts[p].bk[k].len;
    _chess_posdb_big_grow (&b->mem, (void **) &rr->code, &rr->cap, varint_len + (end - begin), 1);
  }
  for (uint32_t k = begin; k < end; k++)
    {
      size_t n = bucket_values (b, k, &vals, &cap_vals);
      unsigned rk;

      if (n == 0)
        {
          b->rare_bytes[k] = 0;
          continue;
        }
      b->rare_bytes[k] = 1 + (uint32_t) ((rice_choose (vals, n, &rk) + 7) / 8);
      _chess_posdb_big_grow (&b->mem, (void **) &rr->code, &rr->cap, rr->len + b->rare_bytes[k], 1);
      {
        RiceWriter w = { rr->code + rr->len + 1, 0, 0 };

        rr->code[rr->len] = (uint8_t) rk;
        for (size_t i = 0; i < n; i++)
          rice_put (&w, vals[i], rk);
        rice_flush (&w);
      }
      rr->len += b->rare_bytes[k];
    }
  free (vals);
  rr->done = true;
}

uint8_t *
chess_posdb_build_finish (ChessPosdbBuild        *b,
                          const ChessPosdbSource *source,
                          size_t                 *len)
{
  return chess_posdb_build_finish_to (b, source, malloc_alloc, NULL, len);
}

uint8_t *
chess_posdb_build_finish_to (ChessPosdbBuild        *b,
                             const ChessPosdbSource *source,
                             void                 *(*alloc) (void *user, size_t len),
                             void                   *user,
                             size_t                 *len)
{
  Header h;
  uint64_t n_fens = 0, fen_len = 0, n_refs = 0, n_pop = 0, n_pop_moves = 0, n_pop_games = 0;
  uint64_t pop_moves_len = 0;
  uint64_t rare_len = 0, off, n_code = 0;
  const uint32_t *rare_bytes;
  PopRef *refs;
  uint32_t **final_index;
  uint8_t *img;
  GameRec *games;
  uint8_t *moves;
  uint32_t *fen_index;
  char *fen_text;
  PopRec *pop;
  uint8_t *pop_moves;
  uint8_t *pop_games;
  uint64_t *buckets;
  uint8_t *rare;
  uint32_t *pop_gv, *pop_pv;
  uint64_t *pop_at, *pop_bytes, pop_games_len = 0;

  memset (&h, 0, sizeof h);
  for (size_t i = 0; i < b->n_batches; i++)
    {
      n_code += b->batches[i]->n_code;
      n_fens += b->batches[i]->n_fens;
      fen_len += b->batches[i]->fen_len;
    }

  /* Popular positions: the parts' lists joined by key. */
  for (unsigned p = 0; p < b->n_parts; p++)
    n_refs += b->parts[p].n_pops;
  refs = xmalloc (n_refs * sizeof refs[0]);
  final_index = xcalloc (b->n_parts, sizeof final_index[0]);
  n_refs = 0;
  for (unsigned p = 0; p < b->n_parts; p++)
    {
      final_index[p] = xmalloc (b->parts[p].n_pops * sizeof (uint32_t));
      for (size_t j = 0; j < b->parts[p].n_pops; j++)
        refs[n_refs++] = (PopRef) { b->parts[p].pops[j].key, p, (uint32_t) j };
    }
  qsort (refs, n_refs, sizeof refs[0], cmp_pop_ref);
  for (uint64_t i = 0; i < n_refs; i++)
    {
      if (i == 0 || refs[i].key != refs[i - 1].key)
        n_pop++;
      final_index[refs[i].part][refs[i].index] = (uint32_t) (n_pop - 1);
      n_pop_games += b->parts[refs[i].part].pops[refs[i].index].n_games;
    }
  /* Their games and plies, by position (each part's after the previous
   * part's: in increasing order), then each position's list coded. */
  pop_at = xcalloc (n_pop + 1, sizeof pop_at[0]);
  for (uint64_t i = 0; i < n_refs; i++)
    pop_at[final_index[refs[i].part][refs[i].index] + 1] += b->parts[refs[i].part].pops[refs[i].index].n_games;
  for (uint64_t k = 0; k < n_pop; k++)
    pop_at[k + 1] += pop_at[k];
  pop_gv = _chess_posdb_big_alloc (&b->mem, (size_t) n_pop_games * sizeof pop_gv[0]);
  pop_pv = _chess_posdb_big_alloc (&b->mem, (size_t) n_pop_games * sizeof pop_pv[0]);
  {
    uint64_t *cur = xmalloc ((n_pop + 1) * sizeof cur[0]);
    uint32_t *last = xmalloc ((n_pop + 1) * sizeof last[0]);

    memcpy (cur, pop_at, (n_pop + 1) * sizeof cur[0]);
    for (unsigned p = 0; p < b->n_parts; p++)
      {
        const Part *pt = &b->parts[p];

        for (size_t j = 0; j < pt->n_pgames; j++)
          {
            uint64_t k = final_index[p][pt->pgames[j].pos], at = cur[k]++;

            pop_gv[at] = at == pop_at[k] ? pt->pgames[j].game : pt->pgames[j].game - last[k] - 1;
            last[k] = pt->pgames[j].game;
            pop_pv[at] = pt->pgames[j].ply;
          }
      }
    free (cur);
    free (last);
  }
  pop_bytes = xmalloc ((n_pop + 1) * sizeof pop_bytes[0]);
  for (uint64_t k = 0; k < n_pop; k++)
    {
      size_t n = (size_t) (pop_at[k + 1] - pop_at[k]);
      unsigned kg, kp;
      uint64_t bits = rice_choose (pop_gv + pop_at[k], n, &kg) + rice_choose (pop_pv + pop_at[k], n, &kp);

      pop_bytes[k] = pop_games_len;
      pop_games_len += n == 0 ? 0 : 2 + (bits + 7) / 8;
    }
  pop_bytes[n_pop] = pop_games_len;
  /* (Moves are counted after joining: a move found in two parts is one row.) */

  /* Rare positions: the ranges not coded yet. */
  for (unsigned r = 0; r < b->n_parts; r++)
    {
      if (!b->ranges[r].done)
        chess_posdb_build_code (b, r);
      rare_len += b->ranges[r].len;
    }
  /* (The lists in chunks are read no more.) */
  for (unsigned p = 0; p < b->n_parts; p++)
    {
      Part *pt = &b->parts[p];

      for (size_t i = 0; i < pt->n_blocks; i++)
        _chess_posdb_big_free (pt->mem, pt->blocks[i]);
      pt->n_blocks = 0;
      pt->n_chunks = 0;
    }

  /* Moves of popular positions, joined. */
  {
    ChessPosdbTree *t = xmalloc (sizeof *t);
    uint8_t row[POP_MOVE_MAX];

    for (uint64_t i = 0; i < n_refs; )
      {
        uint64_t j = i;

        chess_posdb_tree_init (t, refs[i].key);
        for (; j < n_refs && refs[j].key == refs[i].key; j++)
          {
            Part *pt = &b->parts[refs[j].part];
            for (uint32_t m = pt->pops[refs[j].index].moves_head; m != NONE32; m = pt->pmoves[m].next)
              _chess_posdb_tree_merge (t, &pt->pmoves[m].st);
          }
        n_pop_moves += t->n_moves;
        for (unsigned m = 0; m < t->n_moves; m++)
          pop_moves_len += pop_move_put (row, &t->moves[m]);
        i = j;
      }
    free (t);
  }

  memcpy (h.magic, IMAGE_MAGIC, 8);
  h.version = IMAGE_VERSION;
  h.header_size = sizeof h;
  h.endian = ENDIAN_CHECK;
  h.source = *source;
  h.n_games = b->n_games;
  h.n_buckets = b->n_buckets;
  h.n_moves = n_code;
  h.n_fens = n_fens;
  h.n_pop = n_pop;
  h.n_pop_moves = n_pop_moves;
  h.n_pop_games = n_pop_games;
  {
    const uint64_t lengths[N_SECTIONS] = {
      (uint64_t) b->n_games * sizeof (GameRec),
      n_code,
      n_fens * 8,
      fen_len,
      n_pop * sizeof (PopRec),
      pop_moves_len,
      pop_games_len,
      ((uint64_t) b->n_buckets + 1) * 8,
      rare_len,
      (uint64_t) b->n_games * CHESS_POSDB_SIG_WORDS * 8,
    };
    off = align8 (sizeof h);
    for (int s = 0; s < N_SECTIONS; s++)
      {
        h.sections[s].offset = off;
        h.sections[s].length = lengths[s];
        off = align8 (off + lengths[s]);
      }
  }
  img = alloc (user, off);
  if (img == NULL)
    {
      _chess_posdb_big_free (&b->mem, pop_gv);
      _chess_posdb_big_free (&b->mem, pop_pv);
      free (pop_at);
      free (pop_bytes);
      for (unsigned p = 0; p < b->n_parts; p++)
        free (final_index[p]);
      free (final_index);
      free (refs);
      chess_posdb_build_free (b);
      return NULL;
    }
  /* Every section is written whole below: only the header's room and the
   * padding after each section are zeroed here (a memset of the whole
   * image would be one more pass over hundreds of megabytes). */
  memset (img, 0, h.sections[0].offset);
  for (int s = 0; s < N_SECTIONS; s++)
    {
      uint64_t end = h.sections[s].offset + h.sections[s].length;

      memset (img + end, 0, (s + 1 < N_SECTIONS ? h.sections[s + 1].offset : off) - end);
    }
  games = (GameRec *) (img + h.sections[SEC_GAMES].offset);
  moves = img + h.sections[SEC_MOVES].offset;
  fen_index = (uint32_t *) (img + h.sections[SEC_FEN_INDEX].offset);
  fen_text = (char *) (img + h.sections[SEC_FEN_TEXT].offset);
  pop = (PopRec *) (img + h.sections[SEC_POP].offset);
  pop_moves = img + h.sections[SEC_POP_MOVES].offset;
  pop_games = img + h.sections[SEC_POP_GAMES].offset;
  buckets = (uint64_t *) (img + h.sections[SEC_BUCKETS].offset);
  rare = img + h.sections[SEC_RARE].offset;

  /* Games, moves, start positions and signatures, batch after batch. */
  {
    uint64_t mo = 0, fo = 0, fi = 0;
    uint64_t *sigs = (uint64_t *) (img + h.sections[SEC_SIGS].offset);

    for (size_t i = 0; i < b->n_batches; i++)
      {
        const ChessPosdbBatch *batch = b->batches[i];

        for (uint32_t j = 0; j < batch->n; j++)
          {
            GameRec r = batch->games[j];
            /* (A game without moves points nowhere: the image is the
             * same whatever the batches and parts were.) */
            r.moves = r.plies > 0 ? (uint32_t) (batch->code_at[j] + mo) : 0;
            games[batch->first + j] = r;
          }
        for (size_t j = 0; j < batch->n_fens; j++)
          {
            fen_index[2 * fi] = batch->fen_index[2 * j];
            fen_index[2 * fi + 1] = (uint32_t) (batch->fen_index[2 * j + 1] + fo);
            fi++;
          }
        if (batch->fen_len > 0)
          memcpy (fen_text + fo, batch->fen_text, batch->fen_len);
        fo += batch->fen_len;
        if (batch->n_code > 0)
          memcpy (moves + mo, batch->code, batch->n_code);
        mo += batch->n_code;
        memcpy (sigs + (size_t) batch->first * CHESS_POSDB_SIG_WORDS, batch->sigs,
                (size_t) batch->n * CHESS_POSDB_SIG_WORDS * sizeof sigs[0]);
      }
  }

  /* Popular positions. */
  {
    ChessPosdbTree *t = xmalloc (sizeof *t);
    uint64_t pm = 0;

    for (uint64_t i = 0, k = 0; i < n_refs; k++)
      {
        uint64_t j = i;
        uint32_t n_games = 0;

        chess_posdb_tree_init (t, refs[i].key);
        for (; j < n_refs && refs[j].key == refs[i].key; j++)
          {
            Part *pt = &b->parts[refs[j].part];
            n_games += pt->pops[refs[j].index].n_games;
            for (uint32_t m = pt->pops[refs[j].index].moves_head; m != NONE32; m = pt->pmoves[m].next)
              _chess_posdb_tree_merge (t, &pt->pmoves[m].st);
          }
        chess_posdb_tree_sort (t);
        pop[k].key = refs[i].key;
        pop[k].games_at = pop_bytes[k];
        pop[k].n_games = n_games;
        pop[k].moves_at = pm;
        pop[k].n_moves = t->n_moves;
        for (unsigned m = 0; m < t->n_moves; m++)
          pm += pop_move_put (pop_moves + pm, &t->moves[m]);
        i = j;
      }
    free (t);
    for (uint64_t k = 0; k < n_pop; k++)
      {
        size_t n = (size_t) (pop_at[k + 1] - pop_at[k]);
        unsigned kg, kp;
        RiceWriter w = { pop_games + pop_bytes[k] + 2, 0, 0 };

        if (n == 0)
          continue;
        rice_choose (pop_gv + pop_at[k], n, &kg);
        rice_choose (pop_pv + pop_at[k], n, &kp);
        pop_games[pop_bytes[k]] = (uint8_t) kg;
        pop_games[pop_bytes[k] + 1] = (uint8_t) kp;
        for (size_t i = 0; i < n; i++)
          {
            rice_put (&w, pop_gv[pop_at[k] + i], kg);
            rice_put (&w, pop_pv[pop_at[k] + i], kp);
          }
        rice_flush (&w);
      }
    free (pop_at);
    free (pop_bytes);
    _chess_posdb_big_free (&b->mem, pop_gv);
    _chess_posdb_big_free (&b->mem, pop_pv);
  }

  /* Rare positions. */
  rare_bytes = b->rare_bytes;
  {
    uint64_t o = 0;

    for (uint32_t k = 0; k < b->n_buckets; k++)
      {
        buckets[k] = o;
        o += rare_bytes[k];
      }
    buckets[b->n_buckets] = o;
    o = 0;
    for (unsigned r = 0; r < b->n_parts; r++)
      {
        if (b->ranges[r].len > 0)
          memcpy (rare + o, b->ranges[r].code, b->ranges[r].len);
        o += b->ranges[r].len;
      }
  }

  for (unsigned p = 0; p < b->n_parts; p++)
    free (final_index[p]);
  free (final_index);
  free (refs);
  chess_posdb_build_free (b);

  for (int s = 0; s < N_SECTIONS; s++)
    h.sections[s].hash = chess_posdb_hash (img + h.sections[s].offset, h.sections[s].length, s);
  h.header_hash = chess_posdb_hash (&h, offsetof (Header, header_hash), 0);
  memcpy (img, &h, sizeof h);
  *len = off;
  return img;
}

