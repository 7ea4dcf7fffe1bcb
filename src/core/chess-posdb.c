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
#include "chess-posdb.h"

#include <stdlib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-pgn.h"
#include "chess-posdb-sig.h"

/* --- Small helpers -------------------------------------------------------------------------- */

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);

  if (p == NULL)
    abort ();
  return p;
}

static void *
xcalloc (size_t n,
         size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);

  if (p == NULL)
    abort ();
  return p;
}

static void *
xrealloc (void   *p,
          size_t  n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    abort ();
  return p;
}

/* Grows *v (of elements of size) to hold at least need. */
static void
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

static inline uint64_t
rotl64 (uint64_t x,
        int      r)
{
  return (x << r) | (x >> (64 - r));
}

#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL

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
  const uint16_t *moves;
  uint64_t        n_moves;
  const uint32_t *fen_index;  /* pairs (game number, offset into fen_text), by game */
  uint32_t        n_fens;
  const char     *fen_text;
  uint64_t        fen_len;
  bool            trusted;    /* built here: moves need no legality check */
} View;

static uint8_t
parse_result (const char *s)
{
  if (strcmp (s, "1-0") == 0)
    return RESULT_WHITE;
  if (strcmp (s, "0-1") == 0)
    return RESULT_BLACK;
  if (strcmp (s, "1/2-1/2") == 0)
    return RESULT_DRAW;
  return RESULT_NONE;
}

static uint16_t
parse_elo (const char *s)
{
  unsigned v = 0;
  int n = 0;

  while (*s == ' ')
    s++;
  for (; *s >= '0' && *s <= '9' && n < 5; s++, n++)
    v = v * 10 + (unsigned) (*s - '0');
  if (n == 0 || (*s != '\0' && *s != ' ') || v < 1 || v > 4000)
    return 0;
  return (uint16_t) v;
}

static uint16_t
parse_year (const char *s)
{
  unsigned v = 0;

  for (int i = 0; i < 4; i++)
    {
      if (s[i] < '0' || s[i] > '9')
        return 0;
      v = v * 10 + (unsigned) (s[i] - '0');
    }
  return (uint16_t) v;
}

/* The start position of game number g of the view. */
static bool
view_start (const View    *v,
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
static void
stat_add_game (ChessPosdbMoveStat *s,
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

static void
tree_add_game (ChessPosdbTree *tree,
               ChessMove       move,
               const GameRec  *r,
               unsigned        side)
{
  ChessPosdbMoveStat *s = tree_move (tree, move);

  if (s != NULL)
    stat_add_game (s, r, side);
}

static void
tree_merge (ChessPosdbTree           *tree,
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
static bool
view_begin (const View      *v,
            uint32_t         g,
            ChessPosition   *pos,
            const uint16_t **moves)
{
  const GameRec *r = &v->games[g - v->first];

  if ((r->flags & GAME_UNREADABLE) || (uint64_t) r->moves + r->plies > v->n_moves)
    return false;
  if (!view_start (v, g, pos))
    return false;
  *moves = v->moves + r->moves;
  return true;
}

/* Game g of the view, looking for key: adds each move played from it to
 * the tree once, counts the game once. Returns whether the game reaches it. */
static bool
replay_tree (const View     *v,
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

  if (!view_begin (v, g, &pos, &mv))
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
                  tree_add_game (tree, mv[p], r, pos.side & 1);
                }
            }
        }
      if (p >= r->plies || !view_make (v, &pos, mv[p]))
        break;
    }
  return found;
}

/* The first ply of game g where key is, or -1. */
static long
replay_find (const View *v,
             uint32_t    g,
             uint64_t    key)
{
  const GameRec *r = &v->games[g - v->first];
  const uint16_t *mv;
  ChessPosition pos;

  if (!view_begin (v, g, &pos, &mv))
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

static long
replay_pattern (const View            *v,
                uint32_t               g,
                const ChessPosPattern *pt)
{
  const GameRec *r = &v->games[g - v->first];
  const uint16_t *mv;
  ChessPosition pos;

  if (!view_begin (v, g, &pos, &mv))
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

/* --- 1. Batches --------------------------------------------------------------------------------- */

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
  /* Hashes of the positions of the first plies, for finding the popular
   * ones; dropped once counted. */
  uint32_t *slots;
  size_t    n_slots, cap_slots;
};

typedef struct
{
  ChessPosdbBatch *b;
  const uint64_t  *starts;
  uint32_t         entry;       /* the entry the parser is in */
  long             cur;         /* the game being read, or -1 (a second game in an entry) */
  long             last;        /* the last game started */
  int              depth;
  uint8_t          tag_result;
  uint8_t          text_result;
  unsigned         plies;
  size_t           moves_start;
  size_t           slots_start;
  size_t           fens_start;
  size_t           fen_len_start;
  uint64_t         start_key;   /* of the initial position */
} ParseState;

static void
parse_game_start (void                   *user_data,
                  const ChessPgnLocation *where)
{
  ParseState *s = user_data;
  ChessPosdbBatch *b = s->b;

  while (s->entry + 1 < b->n && s->starts[s->entry + 1] <= where->offset)
    s->entry++;
  if ((long) s->entry == s->last)
    {
      s->cur = -1;
      return;
    }
  s->cur = s->entry;
  s->last = s->entry;
  s->depth = 0;
  s->tag_result = s->text_result = RESULT_NONE;
  s->plies = 0;
  s->moves_start = b->n_moves;
  s->slots_start = b->n_slots;
  s->fens_start = b->n_fens;
  s->fen_len_start = b->fen_len;
  b->games[s->cur].moves = (uint32_t) b->n_moves;
}

static void
parse_tag (void       *user_data,
           const char *name,
           const char *value,
           size_t      value_len)
{
  ParseState *s = user_data;
  GameRec *r;

  (void) value_len;
  if (s->cur < 0)
    return;
  r = &s->b->games[s->cur];
  if (strcmp (name, "Result") == 0)
    s->tag_result = parse_result (value);
  else if (strcmp (name, "WhiteElo") == 0)
    r->elo[CHESS_WHITE] = parse_elo (value);
  else if (strcmp (name, "BlackElo") == 0)
    r->elo[CHESS_BLACK] = parse_elo (value);
  else if (strcmp (name, "Date") == 0)
    r->year = parse_year (value);
}

static void
parse_start_position (void                *user_data,
                      const ChessPosition *pos)
{
  ParseState *s = user_data;
  ChessPosdbBatch *b = s->b;
  char fen[128];
  size_t len;

  if (s->cur < 0 || pos->key == s->start_key)
    return;
  chess_fen_write (pos, fen);
  len = strlen (fen) + 1;
  grow ((void **) &b->fen_text, &b->cap_fen_text, b->fen_len + len, 1);
  memcpy (b->fen_text + b->fen_len, fen, len);
  grow ((void **) &b->fen_index, &b->cap_fens, 2 * (b->n_fens + 1), sizeof (uint32_t));
  b->fen_index[2 * b->n_fens] = b->first + (uint32_t) s->cur;
  b->fen_index[2 * b->n_fens + 1] = (uint32_t) b->fen_len;
  b->n_fens++;
  b->fen_len += len;
  b->games[s->cur].flags |= GAME_FEN;
}

static void
parse_move (void                *user_data,
            const char          *san,
            size_t               san_len,
            ChessMove            move,
            const ChessPosition *before)
{
  ParseState *s = user_data;
  ChessPosdbBatch *b = s->b;

  (void) san;
  (void) san_len;
  if (s->cur < 0 || s->depth > 0 || s->plies >= UINT16_MAX)
    return;
  if (b->n_moves + 1 > b->cap_moves)
    grow ((void **) &b->moves, &b->cap_moves, b->n_moves + 1, sizeof b->moves[0]);
  b->moves[b->n_moves++] = move;
  if (s->plies < CHESS_POSDB_POPULAR_PLIES)
    {
      if (b->n_slots + 1 > b->cap_slots)
        grow ((void **) &b->slots, &b->cap_slots, b->n_slots + 1, sizeof b->slots[0]);
      b->slots[b->n_slots++] = (uint32_t) (before->key >> 32);
    }
  s->plies++;
}

static void
parse_variation_start (void *user_data)
{
  ((ParseState *) user_data)->depth++;
}

static void
parse_variation_end (void *user_data)
{
  ((ParseState *) user_data)->depth--;
}

static void
parse_result_cb (void       *user_data,
                 const char *result)
{
  ParseState *s = user_data;

  if (s->cur >= 0 && s->depth == 0)
    s->text_result = parse_result (result);
}

static void
parse_game_end (void *user_data,
                bool  ok)
{
  ParseState *s = user_data;
  ChessPosdbBatch *b = s->b;
  GameRec *r;

  if (s->cur < 0)
    return;
  r = &b->games[s->cur];
  if (!ok)
    {
      b->n_moves = s->moves_start;
      b->n_slots = s->slots_start;
      b->n_fens = s->fens_start;
      b->fen_len = s->fen_len_start;
      r->plies = 0;
      r->flags = GAME_UNREADABLE;
    }
  else
    {
      r->plies = (uint16_t) s->plies;
      r->flags &= ~GAME_UNREADABLE;
      r->result = s->tag_result != RESULT_NONE ? s->tag_result : s->text_result;
    }
  s->cur = -1;
}

ChessPosdbBatch *
chess_posdb_batch_parse (uint32_t        first_game,
                         uint32_t        n_games,
                         const char     *data,
                         size_t          len,
                         const uint64_t *starts)
{
  static const ChessPgnVisitor visitor = {
    .game_start = parse_game_start,
    .tag = parse_tag,
    .start_position = parse_start_position,
    .move = parse_move,
    .variation_start = parse_variation_start,
    .variation_end = parse_variation_end,
    .result = parse_result_cb,
    .game_end = parse_game_end,
  };
  ChessPosdbBatch *b = xcalloc (1, sizeof *b);
  ParseState s = { .b = b, .starts = starts, .cur = -1, .last = -1 };
  ChessPgnParser *parser;
  ChessPosition initial;

  chess_init ();
  chess_position_init_start (&initial);
  s.start_key = initial.key;
  b->first = first_game;
  b->n = n_games;
  b->games = xcalloc (n_games, sizeof b->games[0]);
  for (uint32_t i = 0; i < n_games; i++)
    b->games[i].flags = GAME_UNREADABLE;
  if (n_games == 0)
    return b;
  parser = chess_pgn_parser_new (&visitor, &s, CHESS_PGN_DEFAULT);
  chess_pgn_parser_feed (parser, data, len);
  chess_pgn_parser_finish (parser);
  chess_pgn_parser_free (parser);
  /* The batch is kept until the image is built: no room to spare. */
  if (b->cap_moves > b->n_moves)
    {
      b->moves = xrealloc (b->moves, b->n_moves * sizeof b->moves[0]);
      b->cap_moves = b->n_moves;
    }
  /* Games the parser never started (an entry of comments only) keep no
   * moves; their offsets must still be in range. */
  for (uint32_t i = 0; i < n_games; i++)
    if (b->games[i].flags & GAME_UNREADABLE)
      {
        b->games[i].moves = 0;
        b->games[i].plies = 0;
      }
  return b;
}

void
chess_posdb_batch_free (ChessPosdbBatch *b)
{
  if (b == NULL)
    return;
  free (b->games);
  free (b->moves);
  free (b->fen_index);
  free (b->fen_text);
  free (b->slots);
  free (b);
}

uint32_t
chess_posdb_batch_first (const ChessPosdbBatch *b)
{
  return b->first;
}

uint32_t
chess_posdb_batch_n_games (const ChessPosdbBatch *b)
{
  return b->n;
}

size_t
chess_posdb_batch_size (const ChessPosdbBatch *b)
{
  return b->n * sizeof (GameRec) + b->cap_moves * 2 + b->cap_slots * 4
         + b->cap_fens * 4 + b->cap_fen_text;
}

static void
batch_view (const ChessPosdbBatch *b,
            View                  *v)
{
  v->games = b->games;
  v->first = b->first;
  v->n = b->n;
  v->moves = b->moves;
  v->n_moves = b->n_moves;
  v->fen_index = b->fen_index;
  v->n_fens = (uint32_t) b->n_fens;
  v->fen_text = b->fen_text;
  v->fen_len = b->fen_len;
  v->trusted = true;
}

void
chess_posdb_batch_tree (const ChessPosdbBatch *b,
                        const ChessPosition   *pos,
                        ChessPosdbTree        *tree)
{
  View v;

  batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    replay_tree (&v, b->first + i, pos->key, tree);
}

void
chess_posdb_batch_find (const ChessPosdbBatch *b,
                        const ChessPosition   *pos,
                        ChessPosdbMatches     *matches)
{
  View v;

  batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    {
      long ply = replay_find (&v, b->first + i, pos->key);

      if (ply >= 0)
        chess_posdb_matches_add (matches, b->first + i, (uint32_t) ply);
    }
}

void
chess_posdb_batch_pattern (const ChessPosdbBatch *b,
                           const ChessPosPattern *pattern,
                           ChessPosdbMatches     *matches)
{
  View v;

  batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    {
      long ply = replay_pattern (&v, b->first + i, pattern);

      if (ply >= 0)
        chess_posdb_matches_add (matches, b->first + i, (uint32_t) ply);
    }
}

/* --- 2. Building the image ------------------------------------------------------------------------ */

#define NONE32 UINT32_MAX

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
  size_t    batch_begin, batch_end;
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
  unsigned                bucket_bits;
  uint32_t                n_buckets;
  unsigned                n_parts;
  Part                   *parts;
  /* The pattern signatures, CHESS_POSDB_SIG_WORDS a game (the parts
   * write disjoint games). */
  uint64_t               *sigs;
};

static inline uint32_t
hot_hash (uint32_t slot,
          uint32_t mask)
{
  return (slot * 0x9E3779B1u) >> 7 & mask;
}

static inline bool
build_popular (const ChessPosdbBuild *b,
               uint64_t               key)
{
  uint32_t slot = ((uint32_t) (key >> 32) & b->count_mask) + 1;

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
  ChessPosdbBuild *b = xcalloc (1, sizeof *b);
  uint64_t n_slots = 0, occurrences, per_part, acc = 0;
  uint64_t size = 1 << 16;
  size_t bi = 0;

  b->batches = batches;
  b->n_batches = n_batches;
  for (size_t i = 0; i < n_batches; i++)
    {
      b->n_games += batches[i]->n;
      b->n_moves += batches[i]->n_moves;
      n_slots += batches[i]->n_slots;
    }
  /* Twice as many counters as hashes: a counter reaches the threshold by
   * chance (many unrelated positions on one counter) almost never, and
   * when it does its positions are merely stored whole. */
  while (size < 2 * n_slots && size < ((uint64_t) 1 << 32))
    size <<= 1;
  b->counts = xcalloc (size, 1);
  b->count_mask = (uint32_t) (size - 1);
  for (size_t i = 0; i < n_batches; i++)
    {
      ChessPosdbBatch *batch = batches[i];

      for (size_t j = 0; j < batch->n_slots; j++)
        {
          uint8_t *c = &b->counts[batch->slots[j] & b->count_mask];
          if (*c < 255)
            (*c)++;
        }
      free (batch->slots);
      batch->slots = NULL;
      batch->n_slots = batch->cap_slots = 0;
    }
  {
    uint64_t n_hot = 0, cap = 4096;

    for (uint64_t i = 0; i < size; i++)
      n_hot += b->counts[i] >= CHESS_POSDB_POPULAR;
    while (cap < 4 * n_hot)
      cap <<= 1;
    b->hot = xcalloc (cap, sizeof b->hot[0]);
    b->hot_mask = (uint32_t) (cap - 1);
    for (uint64_t i = 0; i < size; i++)
      if (b->counts[i] >= CHESS_POSDB_POPULAR)
        {
          uint32_t slot = (uint32_t) i + 1, j = hot_hash (slot, b->hot_mask);

          while (b->hot[j])
            j = (j + 1) & b->hot_mask;
          b->hot[j] = slot;
        }
    free (b->counts);
    b->counts = NULL;
  }
  /* About 128 games a bucket: a query on a rare position replays that
   * many games. */
  occurrences = b->n_moves + b->n_games;
  b->bucket_bits = 10;
  while (b->bucket_bits < 28 && ((uint64_t) 1 << b->bucket_bits) * 128 < occurrences)
    b->bucket_bits++;
  b->n_buckets = (uint32_t) 1 << b->bucket_bits;

  if (n_parts < 1)
    n_parts = 1;
  if (n_parts > n_batches && n_batches > 0)
    n_parts = (unsigned) n_batches;
  b->n_parts = n_parts;
  b->parts = xcalloc (n_parts, sizeof b->parts[0]);
  b->sigs = xcalloc ((size_t) b->n_games * CHESS_POSDB_SIG_WORDS, sizeof b->sigs[0]);
  per_part = (b->n_moves + n_parts - 1) / n_parts;
  for (unsigned p = 0; p < n_parts; p++)
    {
      Part *pt = &b->parts[p];

      pt->batch_begin = bi;
      while (bi < n_batches && (p == n_parts - 1 || acc < per_part * (p + 1)))
        acc += batches[bi++]->n_moves;
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
  stat_add_game (&pm->st, r, side);
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
          pt->blocks[pt->n_blocks++] = xmalloc (CHUNK_BLOCK * sizeof (Chunk));
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

static inline unsigned
varint_put (uint8_t  *out,
            uint32_t  v)
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

/* Reads a varint from p[0..end); 0 bytes when it does not fit or overflows. */
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

void
chess_posdb_build_run (ChessPosdbBuild   *b,
                       unsigned           part,
                       volatile uint32_t *progress)
{
  Part *pt = &b->parts[part];
  uint64_t total = 0, done = 0;
  unsigned shift = 64 - b->bucket_bits;
  uint64_t *keys = xmalloc ((UINT16_MAX + 1) * sizeof keys[0]);
  uint32_t *bucket_of = xmalloc ((UINT16_MAX + 1) * sizeof bucket_of[0]);

  pt->bk = xmalloc (b->n_buckets * sizeof pt->bk[0]);
  for (uint32_t k = 0; k < b->n_buckets; k++)
    pt->bk[k] = (Bucket) { NONE32, NONE32, NONE32, 0 };
  for (size_t i = pt->batch_begin; i < pt->batch_end; i++)
    total += b->batches[i]->n_moves;

  for (size_t bi = pt->batch_begin; bi < pt->batch_end; bi++)
    {
      const ChessPosdbBatch *batch = b->batches[bi];
      View v;

      batch_view (batch, &v);
      for (uint32_t i = 0; i < batch->n; i++)
        {
          const GameRec *r = &batch->games[i];
          uint32_t g = batch->first + i;
          const uint16_t *mv = batch->moves + r->moves;
          ChessPosition pos;
          unsigned side0;
          uint64_t *sig = &b->sigs[(size_t) g * CHESS_POSDB_SIG_WORDS];

          if ((r->flags & GAME_UNREADABLE) || !view_start (&v, g, &pos))
            continue;
          side0 = pos.side & 1;
          chess_posdb_sig_start (sig, &pos, (r->flags & GAME_FEN) != 0);
          /* The keys first, then the bucket lists: their heads are far
           * apart in memory, so each is fetched ahead of its use. */
          for (unsigned p = 0; ; p++)
            {
              unsigned mover = pos.side & 1;
              ChessBitboard own = pos.by_color[mover];

              keys[p] = pos.key;
              if (p >= r->plies)
                break;
              chess_position_make_move (&pos, mv[p]);
              chess_posdb_sig_move (sig, own, mover, &pos);
            }
          for (unsigned p = 0; p <= r->plies; p++)
            {
              uint64_t key = keys[p];

              if (build_popular (b, key))
                {
                  uint32_t pi = part_pop (pt, key);

                  bucket_of[p] = NONE32;
                  if (pt->pops[pi].last_game != g)
                    {
                      pt->pops[pi].last_game = g;
                      pt->pops[pi].n_games++;
                      grow ((void **) &pt->pgames, &pt->cap_pgames, pt->n_pgames + 1,
                            sizeof pt->pgames[0]);
                      pt->pgames[pt->n_pgames++] = (PopGame) { pi, g, p };
                    }
                  if (p < r->plies)
                    part_pop_move (pt, pi, mv[p], g, r, (side0 + p) & 1);
                }
              else
                {
                  uint32_t bucket = (uint32_t) (key >> shift);

                  bucket_of[p] = bucket;
                  __builtin_prefetch (&pt->bk[bucket], 1);
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
    }
  free (keys);
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
  free (pt->pgames);
  free (pt->bk);
  for (size_t i = 0; i < pt->n_blocks; i++)
    free (pt->blocks[i]);
  free (pt->blocks);
}

void
chess_posdb_build_free (ChessPosdbBuild *b)
{
  if (b == NULL)
    return;
  for (unsigned p = 0; p < b->n_parts; p++)
    part_free (&b->parts[p]);
  free (b->parts);
  free (b->sigs);
  free (b->counts);
  free (b->hot);
  free (b);
}

/* --- The image ---------------------------------------------------------------------------------- */

#define IMAGE_MAGIC   "CAISSAPX"
/* 2: the pattern signatures (SEC_SIGS). An image of another version is
 * refused ("another version") and the cache rebuilt. */
#define IMAGE_VERSION 2
#define ENDIAN_CHECK  0x0102030405060708ULL

enum
{
  SEC_GAMES,       /* GameRec[n_games] */
  SEC_MOVES,       /* uint16_t[n_moves] */
  SEC_FEN_INDEX,   /* uint32_t[2 * n_fens] */
  SEC_FEN_TEXT,    /* char[fen_len], NUL-separated */
  SEC_POP,         /* PopRec[n_pop], by key */
  SEC_POP_MOVES,   /* ChessPosdbMoveStat[n_pop_moves] */
  SEC_POP_GAMES,   /* uint32_t[n_pop_games] */
  SEC_POP_PLIES,   /* uint16_t[n_pop_games] */
  SEC_BUCKETS,     /* uint64_t[n_buckets + 1], offsets into SEC_RARE */
  SEC_RARE,        /* varints */
  SEC_SIGS,        /* uint64_t[CHESS_POSDB_SIG_WORDS * n_games] */
  N_SECTIONS
};

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
  uint32_t         bucket_bits;
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
  uint64_t first_game;   /* into SEC_POP_GAMES / SEC_POP_PLIES */
  uint32_t n_games;
  uint32_t first_move;   /* into SEC_POP_MOVES */
  uint32_t n_moves;
  uint32_t reserved;
} PopRec;

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
  uint64_t rare_len = 0, off;
  PopRef *refs;
  uint32_t **final_index;
  uint8_t *img;
  GameRec *games;
  uint16_t *moves;
  uint32_t *fen_index;
  char *fen_text;
  PopRec *pop;
  ChessPosdbMoveStat *pop_moves;
  uint32_t *pop_games;
  uint16_t *pop_plies;
  uint64_t *buckets;
  uint8_t *rare;
  uint64_t *cursor;

  memset (&h, 0, sizeof h);
  for (size_t i = 0; i < b->n_batches; i++)
    {
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
  /* (Moves are counted after joining: a move found in two parts is one row.) */

  /* Rare positions: each part's list of a bucket follows the previous
   * part's; its first game, written whole, becomes a delta. */
  for (uint32_t k = 0; k < b->n_buckets; k++)
    {
      uint32_t last = NONE32;

      for (unsigned p = 0; p < b->n_parts; p++)
        {
          Part *pt = &b->parts[p];

          if (pt->bk[k].len == 0)
            continue;
          if (last == NONE32)
            rare_len += pt->bk[k].len;
          else
            {
              uint8_t tmp[5];
              uint32_t first = 0;
              uint8_t buf[10];
              unsigned n = 0, used;

              for (uint32_t ci = pt->bk[k].head; ci != NONE32 && n < 5; ci = chunk_at (pt, ci)->next)
                for (unsigned j = 0; j < chunk_at (pt, ci)->len && n < 5; j++)
                  buf[n++] = chunk_at (pt, ci)->data[j];
              used = varint_get (buf, buf + n, &first);
              rare_len += pt->bk[k].len - used + varint_put (tmp, first - last);
            }
          last = pt->bk[k].last;
        }
    }

  /* Moves of popular positions, joined. */
  {
    ChessPosdbTree *t = xmalloc (sizeof *t);
    for (uint64_t i = 0; i < n_refs; )
      {
        uint64_t j = i;

        chess_posdb_tree_init (t, refs[i].key);
        for (; j < n_refs && refs[j].key == refs[i].key; j++)
          {
            Part *pt = &b->parts[refs[j].part];
            for (uint32_t m = pt->pops[refs[j].index].moves_head; m != NONE32; m = pt->pmoves[m].next)
              tree_merge (t, &pt->pmoves[m].st);
          }
        n_pop_moves += t->n_moves;
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
  h.bucket_bits = b->bucket_bits;
  h.n_moves = b->n_moves;
  h.n_fens = n_fens;
  h.n_pop = n_pop;
  h.n_pop_moves = n_pop_moves;
  h.n_pop_games = n_pop_games;
  {
    const uint64_t lengths[N_SECTIONS] = {
      (uint64_t) b->n_games * sizeof (GameRec),
      b->n_moves * 2,
      n_fens * 8,
      fen_len,
      n_pop * sizeof (PopRec),
      n_pop_moves * sizeof (ChessPosdbMoveStat),
      n_pop_games * 4,
      n_pop_games * 2,
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
  moves = (uint16_t *) (img + h.sections[SEC_MOVES].offset);
  fen_index = (uint32_t *) (img + h.sections[SEC_FEN_INDEX].offset);
  fen_text = (char *) (img + h.sections[SEC_FEN_TEXT].offset);
  pop = (PopRec *) (img + h.sections[SEC_POP].offset);
  pop_moves = (ChessPosdbMoveStat *) (img + h.sections[SEC_POP_MOVES].offset);
  pop_games = (uint32_t *) (img + h.sections[SEC_POP_GAMES].offset);
  pop_plies = (uint16_t *) (img + h.sections[SEC_POP_PLIES].offset);
  buckets = (uint64_t *) (img + h.sections[SEC_BUCKETS].offset);
  rare = img + h.sections[SEC_RARE].offset;

  /* Games, moves and start positions, batch after batch. */
  {
    uint64_t mo = 0, fo = 0, fi = 0;

    for (size_t i = 0; i < b->n_batches; i++)
      {
        const ChessPosdbBatch *batch = b->batches[i];

        for (uint32_t j = 0; j < batch->n; j++)
          {
            GameRec r = batch->games[j];
            /* (A game without moves points nowhere: the image is the same
             * whatever the batches were.) */
            r.moves = r.plies > 0 ? (uint32_t) (r.moves + mo) : 0;
            games[batch->first + j] = r;
          }
        if (batch->n_moves > 0)
          memcpy (moves + mo, batch->moves, batch->n_moves * 2);
        for (size_t j = 0; j < batch->n_fens; j++)
          {
            fen_index[2 * fi] = batch->fen_index[2 * j];
            fen_index[2 * fi + 1] = (uint32_t) (batch->fen_index[2 * j + 1] + fo);
            fi++;
          }
        if (batch->fen_len > 0)
          memcpy (fen_text + fo, batch->fen_text, batch->fen_len);
        mo += batch->n_moves;
        fo += batch->fen_len;
      }
  }

  memcpy (img + h.sections[SEC_SIGS].offset, b->sigs, h.sections[SEC_SIGS].length);

  /* Popular positions. */
  {
    ChessPosdbTree *t = xmalloc (sizeof *t);
    uint64_t pm = 0, pg = 0;

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
              tree_merge (t, &pt->pmoves[m].st);
          }
        chess_posdb_tree_sort (t);
        pop[k].key = refs[i].key;
        pop[k].first_game = pg;
        pop[k].n_games = n_games;
        pop[k].first_move = (uint32_t) pm;
        pop[k].n_moves = t->n_moves;
        pop[k].reserved = 0;
        memcpy (pop_moves + pm, t->moves, t->n_moves * sizeof t->moves[0]);
        pm += t->n_moves;
        pg += n_games;
        i = j;
      }
    free (t);
    cursor = xmalloc ((n_pop + 1) * sizeof cursor[0]);
    for (uint64_t k = 0; k < n_pop; k++)
      cursor[k] = pop[k].first_game;
    for (unsigned p = 0; p < b->n_parts; p++)
      {
        Part *pt = &b->parts[p];
        for (size_t j = 0; j < pt->n_pgames; j++)
          {
            uint64_t at = cursor[final_index[p][pt->pgames[j].pos]]++;
            pop_games[at] = pt->pgames[j].game;
            pop_plies[at] = (uint16_t) pt->pgames[j].ply;
          }
      }
    free (cursor);
  }

  /* Rare positions. */
  {
    uint64_t o = 0;

    for (uint32_t k = 0; k < b->n_buckets; k++)
      {
        uint32_t last = NONE32;

        buckets[k] = o;
        for (unsigned p = 0; p < b->n_parts; p++)
          {
            Part *pt = &b->parts[p];
            bool first = true;
            uint8_t head[5];
            unsigned n_head = 0;

            if (pt->bk[k].len == 0)
              continue;
            for (uint32_t ci = pt->bk[k].head; ci != NONE32; ci = chunk_at (pt, ci)->next)
              for (unsigned j = 0; j < chunk_at (pt, ci)->len; j++)
                {
                  uint8_t byte = chunk_at (pt, ci)->data[j];

                  if (first && last != NONE32)
                    {
                      /* Gather the first varint, then write it as a delta. */
                      uint32_t g = 0;

                      head[n_head++] = byte;
                      if (byte & 0x80)
                        continue;
                      varint_get (head, head + n_head, &g);
                      o += varint_put (rare + o, g - last);
                      first = false;
                      continue;
                    }
                  first = false;
                  rare[o++] = byte;
                }
            last = pt->bk[k].last;
          }
      }
    buckets[b->n_buckets] = o;
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

/* --- 3. Reading the image ----------------------------------------------------------------------- */

struct _ChessPosdb
{
  Header                    h;
  View                      view;
  const PopRec             *pop;
  const ChessPosdbMoveStat *pop_moves;
  const uint32_t           *pop_games;
  const uint16_t           *pop_plies;
  const uint64_t           *buckets;
  const uint8_t            *rare;
  uint64_t                  rare_len;
  const uint64_t           *sigs;
};

bool
chess_posdb_peek_source (const void       *data,
                         size_t            len,
                         ChessPosdbSource *source)
{
  Header h;

  if (len < sizeof h)
    return false;
  memcpy (&h, data, sizeof h);
  if (memcmp (h.magic, IMAGE_MAGIC, 8) != 0 || h.version != IMAGE_VERSION
      || h.endian != ENDIAN_CHECK || h.header_size != sizeof h
      || h.header_hash != chess_posdb_hash (&h, offsetof (Header, header_hash), 0))
    return false;
  *source = h.source;
  return true;
}

void
chess_posdb_reseal (void   *data,
                    size_t  len)
{
  uint8_t *img = data;
  Header h;

  if (len < sizeof h)
    return;
  memcpy (&h, img, sizeof h);
  for (int s = 0; s < N_SECTIONS; s++)
    if (h.sections[s].offset <= len && h.sections[s].length <= len - h.sections[s].offset)
      h.sections[s].hash = chess_posdb_hash (img + h.sections[s].offset, h.sections[s].length, (uint64_t) s);
  h.header_hash = chess_posdb_hash (&h, offsetof (Header, header_hash), 0);
  memcpy (img, &h, sizeof h);
}

/* (Not marked for translation: a damaged cache is rebuilt without a word
 * to the user; the message is for the debug log.) */
#define BAD(what) do { chess_error_set (error, CHESS_ERROR_IO, "damaged position data: %s", what); goto fail; } while (0)

ChessPosdb *
chess_posdb_open (const void *data,
                  size_t      len,
                  ChessError *error)
{
  const uint8_t *img = data;
  ChessPosdb *db = xcalloc (1, sizeof *db);
  Header *h = &db->h;
  uint64_t n_buckets;

  chess_error_clear (error);
  chess_init ();
  if (len < sizeof *h || ((uintptr_t) data & 7) != 0)
    BAD ("too short");
  memcpy (h, img, sizeof *h);
  if (memcmp (h->magic, IMAGE_MAGIC, 8) != 0)
    BAD ("not position data");
  if (h->version != IMAGE_VERSION || h->endian != ENDIAN_CHECK || h->header_size != sizeof *h)
    BAD ("another version");
  if (h->header_hash != chess_posdb_hash (h, offsetof (Header, header_hash), 0))
    BAD ("header checksum");
  if (h->bucket_bits < 1 || h->bucket_bits > 30)
    BAD ("bucket count");
  n_buckets = (uint64_t) 1 << h->bucket_bits;
  {
    const uint64_t want[N_SECTIONS] = {
      (uint64_t) h->n_games * sizeof (GameRec),
      h->n_moves * 2,
      h->n_fens * 8,
      UINT64_MAX,
      h->n_pop * sizeof (PopRec),
      h->n_pop_moves * sizeof (ChessPosdbMoveStat),
      h->n_pop_games * 4,
      h->n_pop_games * 2,
      (n_buckets + 1) * 8,
      UINT64_MAX,
      (uint64_t) h->n_games * CHESS_POSDB_SIG_WORDS * 8,
    };

    if (h->n_moves > UINT32_MAX || h->n_fens > h->n_games || h->n_pop > ((uint64_t) 1 << 40)
        || h->n_pop_moves > ((uint64_t) 1 << 40) || h->n_pop_games > ((uint64_t) 1 << 40))
      BAD ("counts");
    for (int s = 0; s < N_SECTIONS; s++)
      {
        const Section *sec = &h->sections[s];

        if ((sec->offset & 7) != 0 || sec->offset < sizeof *h || sec->offset > len
            || sec->length > len - sec->offset)
          BAD ("section bounds");
        if (want[s] != UINT64_MAX && sec->length != want[s])
          BAD ("section size");
        if (sec->hash != chess_posdb_hash (img + sec->offset, sec->length, (uint64_t) s))
          BAD ("section checksum");
      }
  }
  db->view.games = (const GameRec *) (img + h->sections[SEC_GAMES].offset);
  db->view.first = 0;
  db->view.n = h->n_games;
  db->view.moves = (const uint16_t *) (img + h->sections[SEC_MOVES].offset);
  db->view.n_moves = h->n_moves;
  db->view.fen_index = (const uint32_t *) (img + h->sections[SEC_FEN_INDEX].offset);
  db->view.n_fens = (uint32_t) h->n_fens;
  db->view.fen_text = (const char *) (img + h->sections[SEC_FEN_TEXT].offset);
  db->view.fen_len = h->sections[SEC_FEN_TEXT].length;
  db->view.trusted = false;
  db->pop = (const PopRec *) (img + h->sections[SEC_POP].offset);
  db->pop_moves = (const ChessPosdbMoveStat *) (img + h->sections[SEC_POP_MOVES].offset);
  db->pop_games = (const uint32_t *) (img + h->sections[SEC_POP_GAMES].offset);
  db->pop_plies = (const uint16_t *) (img + h->sections[SEC_POP_PLIES].offset);
  db->buckets = (const uint64_t *) (img + h->sections[SEC_BUCKETS].offset);
  db->rare = img + h->sections[SEC_RARE].offset;
  db->rare_len = h->sections[SEC_RARE].length;
  db->sigs = (const uint64_t *) (img + h->sections[SEC_SIGS].offset);

  /* Every offset the queries follow. */
  for (uint32_t i = 0; i < h->n_games; i++)
    {
      const GameRec *r = &db->view.games[i];
      if ((uint64_t) r->moves + r->plies > h->n_moves)
        BAD ("game moves");
    }
  for (uint64_t i = 0; i < h->n_fens; i++)
    if (db->view.fen_index[2 * i] >= h->n_games || db->view.fen_index[2 * i + 1] >= db->view.fen_len
        || (i > 0 && db->view.fen_index[2 * i] <= db->view.fen_index[2 * i - 2]))
      BAD ("start positions");
  for (uint64_t i = 0; i < h->n_pop; i++)
    {
      const PopRec *p = &db->pop[i];
      if ((i > 0 && p->key <= db->pop[i - 1].key) || p->n_moves > 256
          || (uint64_t) p->first_move + p->n_moves > h->n_pop_moves
          || p->first_game > h->n_pop_games || p->n_games > h->n_pop_games - p->first_game)
        BAD ("popular positions");
    }
  for (uint64_t i = 0; i < n_buckets; i++)
    if (db->buckets[i] > db->buckets[i + 1])
      BAD ("buckets");
  if (db->buckets[n_buckets] != db->rare_len || db->buckets[0] != 0)
    BAD ("buckets");
  return db;

fail:
  free (db);
  return NULL;
}

void
chess_posdb_close (ChessPosdb *db)
{
  free (db);
}

uint32_t
chess_posdb_n_games (const ChessPosdb *db)
{
  return db->h.n_games;
}

void
chess_posdb_source (const ChessPosdb *db,
                    ChessPosdbSource *source)
{
  *source = db->h.source;
}

static const PopRec *
db_pop (const ChessPosdb *db,
        uint64_t          key)
{
  uint64_t lo = 0, hi = db->h.n_pop;

  while (lo < hi)
    {
      uint64_t mid = lo + (hi - lo) / 2;

      if (db->pop[mid].key < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < db->h.n_pop && db->pop[lo].key == key ? &db->pop[lo] : NULL;
}

/* Calls func for each game of key's bucket (in increasing order). */
static void
db_bucket (const ChessPosdb *db,
           uint64_t          key,
           void            (*func) (const ChessPosdb *db, uint32_t game, void *data),
           void             *data)
{
  uint64_t k = key >> (64 - db->h.bucket_bits);
  const uint8_t *p = db->rare + db->buckets[k];
  const uint8_t *end = db->rare + db->buckets[k + 1];
  uint64_t g = 0;
  bool first = true;

  while (p < end)
    {
      uint32_t d;
      unsigned n = varint_get (p, end, &d);

      if (n == 0 || (!first && d == 0))
        return;
      g = first ? d : g + d;
      first = false;
      if (g >= db->h.n_games)
        return;
      p += n;
      func (db, (uint32_t) g, data);
    }
}

typedef struct
{
  uint64_t           key;
  ChessPosdbTree    *tree;
  ChessPosdbMatches *matches;
  ChessPosdbSigQuery sig;   /* the position's pieces */
} BucketQuery;

/* Most games of a bucket only share it with the position: a game that
 * reaches the position holds each of its pieces at some ply, so its
 * signature tells most others apart without a replay. */
static void
bucket_query_init (BucketQuery         *q,
                   const ChessPosition *pos,
                   ChessPosdbTree      *tree,
                   ChessPosdbMatches   *matches)
{
  ChessPosPattern pt;

  q->key = pos->key;
  q->tree = tree;
  q->matches = matches;
  chess_pos_pattern_from_position (&pt, pos);
  chess_posdb_sig_query (&q->sig, &pt);
}

static inline bool
bucket_may_reach (const ChessPosdb  *db,
                  const BucketQuery *q,
                  uint32_t           game)
{
  return chess_posdb_sig_may_match (&q->sig, &db->sigs[(size_t) game * CHESS_POSDB_SIG_WORDS],
                                    (db->view.games[game].flags & GAME_FEN) != 0);
}

static void
bucket_tree_cb (const ChessPosdb *db,
                uint32_t          game,
                void             *data)
{
  BucketQuery *q = data;

  if (bucket_may_reach (db, q, game))
    replay_tree (&db->view, game, q->key, q->tree);
}

static void
bucket_find_cb (const ChessPosdb *db,
                uint32_t          game,
                void             *data)
{
  BucketQuery *q = data;
  long ply = bucket_may_reach (db, q, game) ? replay_find (&db->view, game, q->key) : -1;

  if (ply >= 0)
    chess_posdb_matches_add (q->matches, game, (uint32_t) ply);
}

void
chess_posdb_tree (const ChessPosdb    *db,
                  const ChessPosition *pos,
                  ChessPosdbTree      *tree)
{
  const PopRec *p = db_pop (db, pos->key);

  if (p != NULL)
    {
      tree->n_games += p->n_games;
      for (uint32_t i = 0; i < p->n_moves; i++)
        tree_merge (tree, &db->pop_moves[p->first_move + i]);
    }
  else
    {
      BucketQuery q;

      bucket_query_init (&q, pos, tree, NULL);
      db_bucket (db, pos->key, bucket_tree_cb, &q);
    }
}

void
chess_posdb_find (const ChessPosdb    *db,
                  const ChessPosition *pos,
                  ChessPosdbMatches   *matches)
{
  const PopRec *p = db_pop (db, pos->key);

  if (p != NULL)
    {
      grow ((void **) &matches->v, &matches->cap, matches->n + p->n_games, sizeof matches->v[0]);
      for (uint32_t i = 0; i < p->n_games; i++)
        {
          uint32_t g = db->pop_games[p->first_game + i];
          if (g < db->h.n_games)
            chess_posdb_matches_add (matches, g, db->pop_plies[p->first_game + i]);
        }
    }
  else
    {
      BucketQuery q;

      bucket_query_init (&q, pos, NULL, matches);
      db_bucket (db, pos->key, bucket_find_cb, &q);
    }
}

void
chess_posdb_pattern (const ChessPosdb      *db,
                     const ChessPosPattern *pattern,
                     uint32_t               first_game,
                     uint32_t               end_game,
                     ChessPosdbMatches     *matches,
                     const volatile int    *cancel)
{
  ChessPosdbSigQuery q;

  chess_posdb_sig_query (&q, pattern);
  if (end_game > db->h.n_games)
    end_game = db->h.n_games;
  for (uint32_t g = first_game; g < end_game; g++)
    {
      long ply;

      if (cancel != NULL && (g & 1023) == 0 && *cancel)
        return;
      if (q.any && !chess_posdb_sig_may_match (&q, &db->sigs[(size_t) g * CHESS_POSDB_SIG_WORDS],
                                               (db->view.games[g].flags & GAME_FEN) != 0))
        continue;
      ply = replay_pattern (&db->view, g, pattern);
      if (ply >= 0)
        chess_posdb_matches_add (matches, g, (uint32_t) ply);
    }
}
