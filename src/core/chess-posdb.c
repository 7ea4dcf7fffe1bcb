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

/* --- Queries by replay ------------------------------------------------------------------------ */

/* The start of game g of the view and its moves; false for a game that
 * cannot be read or does not fit in the view. */
bool
_chess_posdb_view_begin (const View      *v,
                         uint32_t         g,
                         ChessPosition   *pos,
                         const uint16_t **moves)
{
  const GameRec *r = &v->games[g - v->first];

  if ((r->flags & GAME_UNREADABLE) || (uint64_t) r->moves + r->plies > v->n_moves)
    return false;
  if (!_chess_posdb_view_start (v, g, pos))
    return false;
  *moves = v->moves + r->moves;
  return true;
}

/* Game g of the view, looking for key: adds each move played from it to
 * the tree once, counts the game once. Returns whether the game reaches it. */
bool
_chess_posdb_replay_tree (const View     *v,
                          uint32_t        g,
                          uint64_t        key,
                          ChessPosdbTree *tree)
{
  const GameRec *r = &v->games[g - v->first];
  const uint16_t *mv;
  ChessPosition pos;
  ChessMove seen[8];
  unsigned n_seen = 0;
  bool found = false;

  if (!_chess_posdb_view_begin (v, g, &pos, &mv))
    return false;
  for (unsigned p = 0; ; p++)
    {
      if (pos.key == key)
        {
          if (!found)
            tree->n_games++;
          found = true;
          if (p < r->plies)
            {
              bool dup = false;

              for (unsigned i = 0; i < n_seen; i++)
                dup |= seen[i] == mv[p];
              if (!dup)
                {
                  if (n_seen < 8)
                    seen[n_seen++] = mv[p];
                  _chess_posdb_tree_add_game (tree, mv[p], r, pos.side & 1);
                }
            }
        }
      if (p >= r->plies || !view_make (v, &pos, mv[p]))
        break;
    }
  return found;
}

/* The first ply of game g where key is, or -1. */
long
_chess_posdb_replay_find (const View *v,
                          uint32_t    g,
                          uint64_t    key)
{
  const GameRec *r = &v->games[g - v->first];
  const uint16_t *mv;
  ChessPosition pos;

  if (!_chess_posdb_view_begin (v, g, &pos, &mv))
    return -1;
  for (unsigned p = 0; ; p++)
    {
      if (pos.key == key)
        return p;
      if (p >= r->plies || !view_make (v, &pos, mv[p]))
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

long
_chess_posdb_replay_pattern (const View            *v,
                             uint32_t               g,
                             const ChessPosPattern *pt)
{
  const GameRec *r = &v->games[g - v->first];
  const uint16_t *mv;
  ChessPosition pos;

  if (!_chess_posdb_view_begin (v, g, &pos, &mv))
    return -1;
  for (unsigned p = 0; ; p++)
    {
      if (pattern_match_fast (pt, &pos))
        return p;
      if (p >= r->plies || !view_make (v, &pos, mv[p]))
        return -1;
      /* Material never comes back (a promotion only trades a pawn): once
       * fewer pieces are left than the pattern needs, the game is done. */
      if (pt->has_material && (unsigned) chess_popcount (pos.by_type[0]) < pt->n_material)
        return -1;
    }
}
