/* fuzz-pgn.c — the streaming PGN reader, the game builder and the writer.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: PGN text (any bytes). It is read
 *
 *  1. in one chunk, by a visitor that checks the order of the callbacks
 *     (games open and close, nothing but game_end after an error, balanced
 *     variations within the depth cap, moves legal in the position given,
 *     strings terminated where promised) and folds every event into a hash;
 *  2. again in chunks of pseudo-random sizes from 1 byte up: the hash and
 *     the counts must be the same, as a stream cannot depend on where
 *     read() happened to cut it;
 *  3. without move resolution (CHESS_PGN_NO_MOVES), checking the same order
 *     and passing every comment through the [%...] command helpers;
 *  4. with a stop from a callback, to check that feed() reports it and the
 *     parser can be freed halfway;
 *  5. by the game builder (ChessPgnReader, in chunks): every game must agree
 *     with step 1's counts, every node's position and SAN must follow from
 *     its parent's, and export → read → export must give the same text;
 *  6. by chess_pgn_read_game() in a loop over `consumed`;
 *  7. by chess_pgn_reader_new_full(): the same games, each with its byte
 *     range, its warnings (damage read through: quotes in tags, glued and
 *     "1/2" results, stray symbols, bad moves in variations...) and, for a
 *     refused game, the game up to its error, whose tree must be as sound
 *     as a good game's and whose error node must be in it.
 */
#include <string.h>

#include "chess-eval-series.h"
#include "chess-fen.h"
#include "chess-game.h"
#include "chess-pgn.h"
#include "chess-san.h"
#include "fuzz.h"

typedef struct
{
  ChessPgnParser *parser;
  ChessPgnFlags   flags;
  uint64_t        hash;
  uint64_t        n_games;
  uint64_t        n_bad;
  uint64_t        n_events;
  bool            in_game;
  bool            failed;        /* an error came in this game */
  bool            have_start;
  bool            have_result;
  unsigned        depth;
  uint64_t        stop_after;    /* callbacks; 0 = never */
  bool            stopped;
  bool            check_comments;
} Trace;

static void
fold (Trace      *t,
      int         kind,
      const void *data,
      size_t      len)
{
  unsigned char k = (unsigned char) kind;

  t->hash = fuzz_hash (t->hash, &k, 1);
  t->hash = fuzz_hash (t->hash, &len, sizeof len);
  if (len)
    t->hash = fuzz_hash (t->hash, data, len);
}

/* Every callback starts here. */
static void
tick (Trace *t)
{
  FUZZ_CHECK (!t->stopped, "a callback after chess_pgn_parser_stop()");
  t->n_events++;
  if (t->stop_after && t->n_events == t->stop_after)
    {
      chess_pgn_parser_stop (t->parser);
      t->stopped = true;
    }
}

static void
in_live_game (Trace      *t,
              const char *what)
{
  FUZZ_CHECK (t->in_game, "%s outside a game", what);
  FUZZ_CHECK (!t->failed, "%s after an error", what);
}

static void
game_start_cb (void                   *user_data,
               const ChessPgnLocation *where)
{
  Trace *t = user_data;

  tick (t);

  FUZZ_CHECK (!t->in_game, "game_start inside a game");
  FUZZ_CHECK (where->line >= 1 && where->column >= 1, "game at line %lu column %lu",
              where->line, where->column);
  t->in_game = true;
  t->failed = false;
  t->have_start = false;
  t->have_result = false;
  t->depth = 0;
  t->n_games++;
  fold (t, 1, where, sizeof *where);
}

static void
tag_cb (void       *user_data,
        const char *name,
        const char *value,
        size_t      value_len)
{
  Trace *t = user_data;
  size_t name_len = strlen (name);

  tick (t);
  in_live_game (t, "tag");
  FUZZ_CHECK (!t->have_start, "tag after the start position");
  FUZZ_CHECK (name_len > 0 && name_len < CHESS_PGN_MAX_TAG, "tag name of %zu bytes", name_len);
  FUZZ_CHECK (value_len < CHESS_PGN_MAX_TAG && value[value_len] == '\0', "tag value not terminated");
  fold (t, 2, name, name_len);
  fold (t, 3, value, value_len);
}

static void
start_position_cb (void                *user_data,
                   const ChessPosition *pos)
{
  Trace *t = user_data;
  char fen[CHESS_FEN_MAX];

  tick (t);
  in_live_game (t, "start_position");
  FUZZ_CHECK (!t->have_start, "two start positions in one game");
  t->have_start = true;
  fuzz_check_position (pos);
  chess_fen_write (pos, fen);
  fold (t, 4, fen, strlen (fen));
}

static void
move_cb (void                *user_data,
         const char          *san,
         size_t               san_len,
         ChessMove            move,
         const ChessPosition *before)
{
  Trace *t = user_data;
  char uci[8];

  tick (t);
  in_live_game (t, "move");
  FUZZ_CHECK (san_len >= 1 && san_len <= CHESS_PGN_MAX_TOKEN, "move text of %zu bytes", san_len);
  if (t->flags & CHESS_PGN_NO_MOVES)
    FUZZ_CHECK (move == CHESS_MOVE_NONE && before == NULL, "a resolved move with NO_MOVES");
  else
    {
      FUZZ_CHECK (t->have_start, "move before the start position");
      FUZZ_CHECK (before != NULL, "no position before the move");
      if (move == CHESS_MOVE_NULL)
        FUZZ_CHECK (!chess_position_in_check (before), "null move given in check");
      else
        FUZZ_CHECK (chess_position_is_legal (before, move), "illegal move %s for \"%.*s\"",
                    chess_move_to_uci (move, uci), (int) san_len, san);
      /* The reader resolves moves its own way first (a fast path): the
       * answer must be chess_san_parse()'s whenever that gives one. */
      {
        ChessError error;
        ChessMove again = chess_san_parse (before, san, san_len, &error);
        FUZZ_CHECK (again == CHESS_MOVE_NONE || again == move, "\"%.*s\" read as %s, chess_san_parse says %04x",
                    (int) san_len, san, chess_move_to_uci (move, uci), again);
      }
      fold (t, 5, &move, sizeof move);
      fold (t, 6, &before->key, sizeof before->key);
    }
  fold (t, 7, san, san_len);
}

static void
check_comment_helpers (const char *text,
                       size_t      len)
{
  ChessPgnMark marks[64];
  ChessPgnEval eval;
  const char *args;
  size_t args_len;
  char out[16];
  unsigned n;

  static const char *const names[] = { "clk", "emt", "eval", "cal", "csl", "" };
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    if (chess_pgn_comment_command (text, len, names[i], &args, &args_len))
      {
        FUZZ_CHECK (args >= text && args + args_len <= text + len, "command arguments outside the comment");
        FUZZ_CHECK (chess_pgn_parse_clock (args, args_len) >= -1, "negative clock");
      }
  FUZZ_CHECK (chess_pgn_comment_clock_ms (text, len, "clk") >= -1, "negative [%%clk]");
  FUZZ_CHECK (chess_pgn_comment_clock_ms (text, len, "emt") >= -1, "negative [%%emt]");
  if (chess_pgn_comment_eval (text, len, &eval))
    FUZZ_CHECK (eval.depth >= -1, "eval depth %d", eval.depth);

  n = chess_pgn_comment_marks (text, len, marks, 64);
  FUZZ_CHECK (n <= 64, "%u marks in 64 slots", n);
  for (unsigned i = 0; i < n; i++)
    {
      FUZZ_CHECK (marks[i].color == 'R' || marks[i].color == 'G' || marks[i].color == 'B'
                  || marks[i].color == 'Y', "mark colour %d", marks[i].color);
      FUZZ_CHECK (marks[i].from < 64 && (marks[i].to < 64 || marks[i].to == CHESS_NO_SQUARE),
                  "mark squares %u %u", marks[i].from, marks[i].to);
    }
  FUZZ_CHECK (chess_pgn_comment_marks (text, len, marks, 2) <= 2, "more marks than the cap");

  for (size_t cap = 1; cap <= sizeof out; cap += 7)
    {
      memset (out, 'x', sizeof out);
      chess_pgn_comment_strip_commands (text, len, out, cap);
      FUZZ_CHECK (memchr (out, '\0', cap) != NULL, "stripped comment not terminated in %zu bytes", cap);
    }
}

static void
comment_cb (void       *user_data,
            const char *text,
            size_t      len)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "comment");
  FUZZ_CHECK (len <= CHESS_PGN_MAX_COMMENT && text[len] == '\0', "comment not terminated");
  fold (t, 8, text, len);
  if (t->check_comments)
    check_comment_helpers (text, len);
}

static void
nag_cb (void    *user_data,
        unsigned nag)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "nag");
  fold (t, 9, &nag, sizeof nag);
}

static void
variation_start_cb (void *user_data)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "variation_start");
  t->depth++;
  FUZZ_CHECK (t->depth <= CHESS_PGN_MAX_DEPTH, "variation depth %u", t->depth);
  fold (t, 10, NULL, 0);
}

static void
variation_end_cb (void *user_data)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "variation_end");
  FUZZ_CHECK (t->depth > 0, "variation_end without a start");
  t->depth--;
  fold (t, 11, NULL, 0);
}

static void
result_cb (void       *user_data,
           const char *result)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "result");
  FUZZ_CHECK (!t->have_result, "two results");
  FUZZ_CHECK (strcmp (result, "1-0") == 0 || strcmp (result, "0-1") == 0
              || strcmp (result, "1/2-1/2") == 0 || strcmp (result, "*") == 0,
              "result \"%s\"", result);
  FUZZ_CHECK (t->depth == 0, "result inside a variation");
  t->have_result = true;
  fold (t, 12, result, strlen (result));
}

static void
error_cb (void             *user_data,
          const ChessError *error)
{
  Trace *t = user_data;

  tick (t);

  in_live_game (t, "error");
  FUZZ_CHECK (error->code != CHESS_OK, "error callback with CHESS_OK");
  FUZZ_CHECK (memchr (error->message, '\0', sizeof error->message) != NULL && error->message[0],
              "bad error message");
  FUZZ_CHECK (error->line >= 1, "error at line %lu", error->line);
  t->failed = true;
  fold (t, 13, &error->code, sizeof error->code);
  fold (t, 14, &error->line, sizeof error->line);
  fold (t, 15, &error->column, sizeof error->column);
  fold (t, 16, error->message, strlen (error->message));
}

static void
game_end_cb (void *user_data,
             bool  ok)
{
  Trace *t = user_data;

  tick (t);

  FUZZ_CHECK (t->in_game, "game_end outside a game");
  FUZZ_CHECK (ok == !t->failed, "game_end ok=%d after %s", ok, t->failed ? "an error" : "no error");
  if (ok)
    FUZZ_CHECK (t->depth == 0, "game ended well inside a variation");
  t->in_game = false;
  if (!ok)
    t->n_bad++;
  fold (t, 17, &ok, sizeof ok);
}

static void
warning_cb (void             *user_data,
            const ChessError *warning)
{
  Trace *t = user_data;

  tick (t);
  FUZZ_CHECK (warning->severity == CHESS_SEVERITY_WARNING, "a warning with severity %d",
              (int) warning->severity);
  FUZZ_CHECK (!(t->in_game && t->failed), "a warning after the game's error");
  FUZZ_CHECK (memchr (warning->message, '\0', sizeof warning->message) != NULL && warning->message[0],
              "bad warning message");
  FUZZ_CHECK (warning->line >= 1 && warning->column >= 1, "warning at %lu:%lu", warning->line,
              warning->column);
  fold (t, 18, &warning->line, sizeof warning->line);
  fold (t, 19, &warning->column, sizeof warning->column);
  fold (t, 20, warning->message, strlen (warning->message));
}

static const ChessPgnVisitor visitor = {
  game_start_cb, tag_cb, start_position_cb, move_cb, comment_cb, nag_cb,
  variation_start_cb, variation_end_cb, result_cb, game_end_cb, error_cb, warning_cb,
};

/* xorshift64*, for chunk sizes. */
static uint64_t
next_random (uint64_t *state)
{
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545f4914f6cdd1dull;
}

/* Feeds data in chunks; chunk 0 means all at once. */
static bool
feed_chunks (bool      (*feed) (void *, const char *, size_t),
             void       *target,
             const char *data,
             size_t      size,
             uint64_t    seed)
{
  size_t at = 0;

  if (seed == 0)
    return feed (target, data, size);
  while (at < size)
    {
      uint64_t r = next_random (&seed);
      size_t n = (size_t) (r >> 60) < 8 ? 1 + (r & 7) : 1 + (r & 511);
      if (n > size - at)
        n = size - at;
      if (!feed (target, data + at, n))
        return false;
      at += n;
    }
  return true;
}

static bool
parser_feed (void       *parser,
             const char *data,
             size_t      len)
{
  return chess_pgn_parser_feed (parser, data, len);
}

static bool
reader_feed (void       *reader,
             const char *data,
             size_t      len)
{
  return chess_pgn_reader_feed (reader, data, len);
}

static void
run_parser (Trace         *t,
            ChessPgnFlags  flags,
            const char    *data,
            size_t         size,
            uint64_t       seed)
{
  bool fed;

  memset (t, 0, sizeof *t);
  t->hash = FUZZ_HASH_INIT;
  t->flags = flags;
  t->check_comments = (flags & CHESS_PGN_NO_MOVES) != 0;
  t->parser = chess_pgn_parser_new (&visitor, t, flags);
  fed = feed_chunks (parser_feed, t->parser, data, size, seed);
  FUZZ_CHECK (fed, "feed() reported a stop nobody asked for");
  chess_pgn_parser_finish (t->parser);
  FUZZ_CHECK (!t->in_game, "input ended inside a game");
  FUZZ_CHECK (chess_pgn_parser_n_games (t->parser) == t->n_games, "n_games %llu, saw %llu",
              (unsigned long long) chess_pgn_parser_n_games (t->parser), (unsigned long long) t->n_games);
  FUZZ_CHECK (chess_pgn_parser_n_errors (t->parser) == t->n_bad, "n_errors %llu, saw %llu",
              (unsigned long long) chess_pgn_parser_n_errors (t->parser), (unsigned long long) t->n_bad);
  chess_pgn_parser_free (t->parser);
  t->parser = NULL;
}

/* The game tree: every node's position and SAN follow from its parent. */
static void
check_game (const ChessGame *game)
{
  unsigned slots = chess_game_n_slots (game);

  FUZZ_CHECK (chess_game_node_valid (game, CHESS_NODE_ROOT), "no root");
  for (ChessNodeId id = 1; id < slots; id++)
    {
      ChessNodeId parent;
      ChessPosition pos;
      ChessMove move;
      char san[CHESS_SAN_MAX];

      if (!chess_game_node_valid (game, id))
        continue;
      parent = chess_game_node_parent (game, id);
      FUZZ_CHECK (chess_game_node_valid (game, parent), "node %u has no parent", id);
      FUZZ_CHECK (chess_game_node_ply (game, id) == chess_game_node_ply (game, parent) + 1, "ply of node %u", id);
      pos = *chess_game_node_position (game, parent);
      move = chess_game_node_move (game, id);
      if (move == CHESS_MOVE_NULL)
        strcpy (san, "--");
      else
        {
          FUZZ_CHECK (chess_position_is_legal (&pos, move), "node %u holds an illegal move", id);
          chess_san_write (&pos, move, san);
        }
      FUZZ_CHECK (strcmp (san, chess_game_node_san (game, id)) == 0, "node %u SAN \"%s\", want \"%s\"",
                  id, chess_game_node_san (game, id), san);
      chess_position_make_move (&pos, move);
      FUZZ_CHECK (pos.key == chess_game_node_position (game, id)->key, "node %u position differs", id);
      /* Siblings may repeat a move (a variation that repeats the move it
       * replaces): its move finds the first of them. */
      {
        ChessNodeId found = chess_game_node_find_child (game, parent, move);
        FUZZ_CHECK (found != CHESS_NODE_NONE && chess_game_node_move (game, found) == move,
                    "node %u not found by its move", id);
      }
    }
  {
    ChessNodeId end = chess_game_main_line_end (game, CHESS_NODE_ROOT);
    uint64_t keys[16];
    FUZZ_CHECK (chess_game_node_history (game, end, keys, 16) == chess_game_node_ply (game, end) + 1,
                "history length");
    (void) chess_game_node_status (game, end);
  }
  /* The evaluation graph's series: one point per main-line position,
   * expected scores within 0..1, counts within the points. */
  {
    ChessEvalPoint points[64];
    unsigned n_evals, n_clocks;
    unsigned n = chess_eval_series (game, points, 64, &n_evals, &n_clocks);
    ChessNodeId end = chess_game_main_line_end (game, CHESS_NODE_ROOT);

    FUZZ_CHECK (n == chess_game_node_ply (game, end) + 1, "%u eval points for %u plies", n,
                chess_game_node_ply (game, end));
    FUZZ_CHECK (n_evals <= n && n_clocks <= n && n_evals <= 64 && n_clocks <= 64, "eval counts");
    for (unsigned i = 0; i < n && i < 64; i++)
      FUZZ_CHECK (points[i].white_win >= 0.0 && points[i].white_win <= 1.0
                  && chess_game_node_ply (game, points[i].node) == i,
                  "eval point %u: %g", i, points[i].white_win);
  }
}

/* Export, read back, export again: the same text. */
static void
check_round_trip (const ChessGame *game)
{
  ChessGame *again;
  ChessError error;
  size_t len, len2, consumed;
  char *text, *text2;

  text = chess_pgn_write_game (game, &len);
  FUZZ_CHECK (text != NULL && strlen (text) == len, "export length");
  /* Movetext lines hold at most 80 bytes, unless they cannot be broken:
   * a line may not start with '[' or '%' (a tag or an escape line to a
   * reader), so the writer breaks only before other characters. */
  {
    const char *line = strstr (text, "\n\n");
    while (line != NULL && *line)
      {
        const char *end = strchr (++line, '\n');
        size_t n = end ? (size_t) (end - line) : strlen (line);
        bool breakable = false;
        for (size_t i = 1; i + 1 < n && i < 80; i++)
          if (line[i] == ' ' && line[i + 1] != '[' && line[i + 1] != '%')
            breakable = true;
        FUZZ_CHECK (n <= 80 || !breakable, "a movetext line of %zu bytes:\n%.*s", n, (int) n, line);
        FUZZ_CHECK (n == 0 || (line[0] != '%' && !(line[0] == '[' && n > 1 && line[1] != '%')),
                    "a movetext line starts like an escape or a tag:\n%.*s", (int) n, line);
        line = end;
      }
  }
  again = chess_pgn_read_game (text, len, &error, &consumed);
  FUZZ_CHECK (again != NULL, "exported game does not read back: %s at %lu:%lu\n%s",
              error.message, error.line, error.column, text);
  text2 = chess_pgn_write_game (again, &len2);
  FUZZ_CHECK (len == len2 && memcmp (text, text2, len) == 0,
              "export is not stable:\n--- first\n%s\n--- second\n%s", text, text2);
  free (text);
  free (text2);
  chess_game_free (again);
}

typedef struct
{
  uint64_t games;
  uint64_t bad;
} ReaderCounts;

static bool
reader_game_cb (void                   *user_data,
                ChessGame              *game,
                const ChessError       *error,
                const ChessPgnLocation *where)
{
  ReaderCounts *c = user_data;

  c->games++;
  if (game == NULL)
    {
      FUZZ_CHECK (error != NULL && error->code != CHESS_OK, "no game and no error");
      c->bad++;
      return true;
    }
  check_game (game);
  check_round_trip (game);
  chess_game_free (game);
  return true;
}

typedef struct
{
  uint64_t games;
  uint64_t bad;
  uint64_t warnings;
  uint64_t last_end;
  size_t   size;
} FullCounts;

static bool
full_game_cb (void                   *user_data,
              const ChessPgnGameInfo *info)
{
  FullCounts *c = user_data;

  c->games++;
  c->warnings += info->n_warnings;
  FUZZ_CHECK (info->start.offset >= c->last_end && info->start.offset <= info->end
              && info->end <= c->size, "game %llu at %llu..%llu after %llu",
              (unsigned long long) c->games, (unsigned long long) info->start.offset,
              (unsigned long long) info->end, (unsigned long long) c->last_end);
  FUZZ_CHECK (info->start.offset <= info->rest && info->rest <= info->end, "rest %llu outside the game",
              (unsigned long long) info->rest);
  c->last_end = info->end;
  for (size_t i = 0; i < info->n_warnings; i++)
    FUZZ_CHECK (info->warnings[i].severity == CHESS_SEVERITY_WARNING
                && info->warnings[i].offset >= info->start.offset
                && info->warnings[i].offset <= info->end, "warning %zu of a game outside it", i);
  if (info->error != NULL)
    {
      c->bad++;
      FUZZ_CHECK (info->error->code != CHESS_OK, "an error with CHESS_OK");
      FUZZ_CHECK (info->game != NULL, "no partial game");
      FUZZ_CHECK (chess_game_node_valid (info->game, info->error_node), "error node %u not in the game",
                  info->error_node);
    }
  else
    {
      FUZZ_CHECK (info->game != NULL, "a good game without a game");
      FUZZ_CHECK (info->rest == info->end, "a good game with a rest");
    }
  /* A game up to its error is a game like any other. */
  check_game (info->game);
  check_round_trip (info->game);
  chess_game_free (info->game);
  return true;
}

int
caissa_fuzz_pgn (const uint8_t *data,
                 size_t         size)
{
  const char *text = (const char *) data;
  uint64_t seed = fuzz_hash (FUZZ_HASH_INIT, data, size) | 1;
  Trace whole, chunked, plain;

  /* 1, 2: one chunk, then many. */
  run_parser (&whole, CHESS_PGN_DEFAULT, text, size, 0);
  run_parser (&chunked, CHESS_PGN_DEFAULT, text, size, seed);
  FUZZ_CHECK (whole.hash == chunked.hash && whole.n_events == chunked.n_events,
              "chunked reading differs: %llu events, %llu in chunks",
              (unsigned long long) whole.n_events, (unsigned long long) chunked.n_events);

  /* 3: tokens only, with the comment helpers. */
  run_parser (&plain, CHESS_PGN_NO_MOVES, text, size, seed >> 1);

  /* 4: stop halfway. */
  if (whole.n_events > 1)
    {
      Trace t;
      bool fed;

      memset (&t, 0, sizeof t);
      t.hash = FUZZ_HASH_INIT;
      t.stop_after = 1 + seed % (whole.n_events - 1);
      t.parser = chess_pgn_parser_new (&visitor, &t, CHESS_PGN_DEFAULT);
      fed = feed_chunks (parser_feed, t.parser, text, size, seed);
      /* The stop may come in feed() or, for a game the end of the input
       * ends, in finish(). */
      FUZZ_CHECK (fed == !t.stopped, "feed() returned %d after %s stop", fed, t.stopped ? "a" : "no");
      chess_pgn_parser_finish (t.parser);
      FUZZ_CHECK (t.n_events <= t.stop_after, "events went on after a stop");
      chess_pgn_parser_free (t.parser);
    }

  /* 5: the game builder. */
  {
    ReaderCounts counts = { 0, 0 };
    ChessPgnReader *reader = chess_pgn_reader_new (reader_game_cb, &counts);
    FUZZ_CHECK (feed_chunks (reader_feed, reader, text, size, seed ^ 0x5555), "reader stopped");
    chess_pgn_reader_finish (reader);
    chess_pgn_reader_free (reader);
    FUZZ_CHECK (counts.games == whole.n_games && counts.bad == whole.n_bad,
                "reader saw %llu games (%llu bad), parser %llu (%llu bad)",
                (unsigned long long) counts.games, (unsigned long long) counts.bad,
                (unsigned long long) whole.n_games, (unsigned long long) whole.n_bad);
  }

  /* 7: games with everything known about them. */
  {
    FullCounts counts = { 0, 0, 0, 0, size };
    ChessPgnReader *reader = chess_pgn_reader_new_full (full_game_cb, &counts);
    FUZZ_CHECK (feed_chunks (reader_feed, reader, text, size, seed ^ 0xaaaa), "full reader stopped");
    chess_pgn_reader_finish (reader);
    chess_pgn_reader_free (reader);
    FUZZ_CHECK (counts.games == whole.n_games && counts.bad == whole.n_bad,
                "full reader saw %llu games (%llu bad), parser %llu (%llu bad)",
                (unsigned long long) counts.games, (unsigned long long) counts.bad,
                (unsigned long long) whole.n_games, (unsigned long long) whole.n_bad);
  }

  /* 6: one game at a time. */
  {
    size_t at = 0;
    unsigned rounds = 0;

    while (at < size)
      {
        ChessError error;
        size_t consumed = 0;
        ChessGame *game = chess_pgn_read_game (text + at, size - at, &error, &consumed);

        FUZZ_CHECK (consumed <= size - at, "consumed %zu of %zu", consumed, size - at);
        if (game == NULL && error.code == CHESS_OK)
          break;
        if (game)
          chess_game_free (game);
        FUZZ_CHECK (consumed > 0, "read_game made no progress");
        at += consumed;
        /* Not compared with the stream's games: a game that ends inside a
         * line leaves the next call at what it takes for a line start (a
         * '%' there starts an escape line, while the stream calls it junk). */
        FUZZ_CHECK (++rounds <= size, "read_game does not end");
      }
  }
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_pgn)
