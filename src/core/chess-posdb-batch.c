/* chess-posdb-batch.c — step 1: a batch of games parsed, and queried by replay.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See chess-posdb.h.
 */
#include "chess-posdb-private.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "chess-fen.h"
#include "chess-pgn.h"
#include "chess-posdb-sig.h"

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

/* --- 1. Batches --------------------------------------------------------------------------------- */

typedef struct
{
  ChessPosdbBatch *b;
  ChessPgnParser  *parser;
  const uint64_t  *starts;
  uint32_t         entry;       /* the entry the parser is in */
  long             cur;         /* the game being read, or -1 (a second game in an entry) */
  long             last;        /* the last game started */
  int              depth;
  uint8_t          tag_result;
  uint8_t          text_result;
  unsigned         plies;
  size_t           moves_start;
  size_t           code_start;
  size_t           fens_start;
  size_t           fen_len_start;
  uint64_t         start_key;   /* of the initial position */
  uint64_t         last_key;    /* of the game's position after its last move read */
} ParseState;

static inline uint64_t *
game_sig (ChessPosdbBatch *b,
          long             i)
{
  return &b->sigs[(size_t) i * CHESS_POSDB_SIG_WORDS];
}

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
  s->code_start = b->n_code;
  s->fens_start = b->n_fens;
  s->fen_len_start = b->fen_len;
  s->last_key = s->start_key;
  b->games[s->cur].moves = (uint32_t) b->n_moves;
  b->code_at[s->cur] = (uint32_t) b->n_code;
  memset (game_sig (b, s->cur), 0, CHESS_POSDB_SIG_WORDS * sizeof (uint64_t));
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
  chess_posdb_sig_start (game_sig (b, s->cur), pos, true);
  s->last_key = pos->key;
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
  const ChessPosition *after;

  (void) san;
  (void) san_len;
  if (s->cur < 0 || s->depth > 0 || s->plies >= UINT16_MAX)
    return;
  if (b->n_moves + 1 > b->cap_moves)
    grow ((void **) &b->moves, &b->cap_moves, b->n_moves + 1, sizeof b->moves[0]);
  b->moves[b->n_moves++] = move;
  if (b->n_slots + 1 > b->cap_slots)
    grow ((void **) &b->slots, &b->cap_slots, b->n_slots + 1, sizeof b->slots[0]);
  b->slots[b->n_slots++] = (uint32_t) (before->key >> 32);
  if (b->n_code + 3 > b->cap_code)
    grow ((void **) &b->code, &b->cap_code, b->n_code + 3, 1);
  b->n_code += _chess_posdb_move_encode (before, move, b->code + b->n_code);
  chess_posdb_sig_move (game_sig (b, s->cur), before, move);
  after = chess_pgn_parser_position (s->parser);
  s->last_key = after->key;
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
      b->n_slots = s->moves_start;
      b->n_code = s->code_start;
      b->n_fens = s->fens_start;
      b->fen_len = s->fen_len_start;
      memset (game_sig (b, s->cur), 0, CHESS_POSDB_SIG_WORDS * sizeof (uint64_t));
      r->plies = 0;
      r->flags = GAME_UNREADABLE;
    }
  else
    {
      b->final_slots[s->cur] = (uint32_t) (s->last_key >> 32);
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
  return chess_posdb_batch_parse_in (first_game, n_games, data, len, starts, NULL);
}

/* Moves an array of the heap to a big array of its exact size. */
static void *
to_big (const ChessPosdbMemory *mem,
        void                   *v,
        size_t                  bytes)
{
  void *n;

  if (v == NULL || bytes == 0)
    {
      free (v);
      return NULL;
    }
  n = _chess_posdb_big_alloc (mem, bytes);
  memcpy (n, v, bytes);
  free (v);
  return n;
}

ChessPosdbBatch *
chess_posdb_batch_parse_in (uint32_t                first_game,
                            uint32_t                n_games,
                            const char             *data,
                            size_t                  len,
                            const uint64_t         *starts,
                            const ChessPosdbMemory *mem)
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
  b->code_at = xcalloc (n_games, sizeof b->code_at[0]);
  b->sigs = xcalloc ((size_t) n_games * CHESS_POSDB_SIG_WORDS, sizeof b->sigs[0]);
  b->final_slots = xcalloc (n_games, sizeof b->final_slots[0]);
  for (uint32_t i = 0; i < n_games; i++)
    b->games[i].flags = GAME_UNREADABLE;
  if (n_games == 0)
    return b;
  parser = chess_pgn_parser_new (&visitor, &s, CHESS_PGN_DEFAULT);
  s.parser = parser;
  chess_pgn_parser_feed (parser, data, len);
  chess_pgn_parser_finish (parser);
  chess_pgn_parser_free (parser);
  /* The batch is kept until the image is built: no room to spare, and
   * out of the heap when the caller can give other memory. */
  if (mem != NULL && mem->alloc != NULL)
    {
      b->mem = *mem;
      b->big = true;
      b->games = to_big (mem, b->games, (size_t) n_games * sizeof b->games[0]);
      b->moves = to_big (mem, b->moves, b->n_moves * sizeof b->moves[0]);
      b->cap_moves = b->n_moves;
      b->code = to_big (mem, b->code, b->n_code);
      b->cap_code = b->n_code;
      b->code_at = to_big (mem, b->code_at, (size_t) n_games * sizeof b->code_at[0]);
      b->sigs = to_big (mem, b->sigs, (size_t) n_games * CHESS_POSDB_SIG_WORDS * sizeof b->sigs[0]);
      b->slots = to_big (mem, b->slots, b->n_slots * sizeof b->slots[0]);
      b->cap_slots = b->n_slots;
      b->final_slots = to_big (mem, b->final_slots, (size_t) n_games * sizeof b->final_slots[0]);
#ifdef __GLIBC__
      /* The arrays grew in the heap, megabytes each, and glibc keeps what
       * they leave in its arenas (resident), batch after batch: given back
       * here, or a build of a million games holds 80 MB more. */
      malloc_trim (0);
#endif
    }
  else
    {
      if (b->cap_moves > b->n_moves)
        {
          b->moves = xrealloc (b->moves, b->n_moves * sizeof b->moves[0]);
          b->cap_moves = b->n_moves;
        }
      if (b->cap_code > b->n_code)
        {
          b->code = xrealloc (b->code, b->n_code);
          b->cap_code = b->n_code;
        }
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
  if (b->big)
    {
      _chess_posdb_big_free (&b->mem, b->games);
      _chess_posdb_big_free (&b->mem, b->moves);
      _chess_posdb_big_free (&b->mem, b->code);
      _chess_posdb_big_free (&b->mem, b->code_at);
      _chess_posdb_big_free (&b->mem, b->sigs);
    }
  else
    {
      free (b->games);
      free (b->moves);
      free (b->code);
      free (b->code_at);
      free (b->sigs);
    }
  _chess_posdb_batch_drop_slots (b);
  free (b->fen_index);
  free (b->fen_text);
  free (b);
}

void
_chess_posdb_batch_drop_slots (ChessPosdbBatch *b)
{
  if (b->big)
    {
      _chess_posdb_big_free (&b->mem, b->slots);
      _chess_posdb_big_free (&b->mem, b->final_slots);
    }
  else
    {
      free (b->slots);
      free (b->final_slots);
    }
  b->slots = NULL;
  b->final_slots = NULL;
  b->n_slots = b->cap_slots = 0;
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
  return b->n * (sizeof (GameRec) + 4 + CHESS_POSDB_SIG_WORDS * 8)
         + b->cap_moves * 2 + b->cap_code + b->cap_slots * 4
         + (b->final_slots != NULL ? b->n * 4 : 0) + b->cap_fens * 4 + b->cap_fen_text;
}

void
_chess_posdb_batch_view (const ChessPosdbBatch *b,
                         View                  *v)
{
  v->games = b->games;
  v->first = b->first;
  v->n = b->n;
  v->moves = b->moves;
  v->n_moves = b->n_moves;
  v->code = NULL;
  v->code_len = 0;
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

  _chess_posdb_batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    _chess_posdb_replay_tree (&v, b->first + i, pos, tree);
}

void
chess_posdb_batch_find (const ChessPosdbBatch *b,
                        const ChessPosition   *pos,
                        ChessPosdbMatches     *matches)
{
  View v;

  _chess_posdb_batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    {
      long ply = _chess_posdb_replay_find (&v, b->first + i, pos);

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

  _chess_posdb_batch_view (b, &v);
  for (uint32_t i = 0; i < b->n; i++)
    {
      long ply = _chess_posdb_replay_pattern (&v, b->first + i, pattern);

      if (ply >= 0)
        chess_posdb_matches_add (matches, b->first + i, (uint32_t) ply);
    }
}
