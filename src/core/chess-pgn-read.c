/* chess-pgn-read.c — building games from the PGN parser's visits.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A ChessPgnReader is a visitor of the streaming parser (chess-pgn.c) that
 * builds a ChessGame per game: the tree of moves with their comments and
 * NAGs. A refused game is handed over up to its error when asked
 * (chess_pgn_reader_new_full), with its warnings and its byte range.
 */
#include "chess-pgn.h"
#include "chess-game-private.h"
#include "chess-pgn-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The game builder ------------------------------------------------------ */

static void *
xmalloc (size_t size)
{
  void *p = malloc (size ? size : 1);

  if (p == NULL)
    abort ();
  return p;
}

static inline bool
is_space (unsigned char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

struct _ChessPgnReader
{
  ChessPgnParser      *parser;
  ChessPgnGameFunc     func;
  ChessPgnGameInfoFunc info_func;   /* chess_pgn_reader_new_full */
  void                *user_data;

  ChessGame       *game;
  ChessError       error;
  ChessNodeId      error_node;
  uint64_t         error_rest;
  ChessPgnLocation where;
  ChessNodeId      cur;          /* last node of the current line */
  bool             line_has_move;
  bool             after_paren;  /* a ')' since the last move */
  char            *pending;      /* comment waiting for the next move */
  ChessNodeId      stack[CHESS_PGN_MAX_DEPTH + 1];
  unsigned         depth;

  ChessError      *warnings;     /* of the game being read */
  size_t           n_warnings;
  size_t           cap_warnings;
};

/* Comments are kept with their white space folded: line breaks inside a
 * comment carry no meaning in PGN, and the writer re-wraps them. */
static char *
fold_space (const char *text,
            size_t      len)
{
  char *out = xmalloc (len + 1);
  size_t k = 0;
  bool space = false;

  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) text[i];
      if (is_space (c))
        space = k > 0;
      else
        {
          if (space)
            out[k++] = ' ';
          space = false;
          out[k++] = (char) c;
        }
    }
  out[k] = '\0';
  return out;
}

static void
append_comment (ChessGame        *game,
                ChessNodeId       node,
                ChessCommentPlace place,
                const char       *text)
{
  const char *old = chess_game_node_comment (game, node, place);

  if (text[0] == '\0')
    return;
  if (old == NULL)
    chess_game_node_set_comment (game, node, place, text);
  else
    {
      size_t n = strlen (old) + strlen (text) + 2;
      char *joined = xmalloc (n);
      snprintf (joined, n, "%s %s", old, text);
      chess_game_node_set_comment (game, node, place, joined);
      free (joined);
    }
}

static void
flush_pending (ChessPgnReader *r)
{
  if (r->pending == NULL)
    return;
  append_comment (r->game, r->cur, CHESS_COMMENT_AFTER, r->pending);
  free (r->pending);
  r->pending = NULL;
}

static void
reader_game_start_cb (void                   *user_data,
                      const ChessPgnLocation *where)
{
  ChessPgnReader *r = user_data;

  chess_game_free (r->game);
  free (r->pending);
  r->pending = NULL;
  r->game = chess_game_new ();
  chess_error_clear (&r->error);
  r->error_node = CHESS_NODE_ROOT;
  r->error_rest = 0;
  r->n_warnings = 0;
  r->where = *where;
  r->cur = CHESS_NODE_ROOT;
  r->line_has_move = false;
  r->after_paren = false;
  r->depth = 0;
}

static void
reader_tag_cb (void       *user_data,
               const char *name,
               const char *value,
               size_t      value_len)
{
  ChessPgnReader *r = user_data;

  if (strcmp (name, "SetUp") == 0 || strcmp (name, "FEN") == 0)
    return;        /* written back from the start position */
  chess_game_set_tag (r->game, name, value);
}

static void
reader_start_position_cb (void                *user_data,
                          const ChessPosition *pos)
{
  ChessPgnReader *r = user_data;
  const char *c = chess_game_node_comment (r->game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER);
  char *keep = c ? fold_space (c, strlen (c)) : NULL;

  chess_game_set_start_position (r->game, pos);
  if (keep != NULL)
    chess_game_node_set_comment (r->game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER, keep);
  free (keep);
}

static void
reader_move_cb (void                *user_data,
                const char          *san,
                size_t               san_len,
                ChessMove            move,
                const ChessPosition *before)
{
  ChessPgnReader *r = user_data;
  ChessNodeId node = _chess_game_add_legal_move (r->game, r->cur, move);

  if (node == CHESS_NODE_NONE)
    {
      /* The parser checked the move: this cannot happen. */
      ChessPgnLocation loc;
      chess_pgn_parser_location (r->parser, &loc);
      if (r->error.code == CHESS_OK)
        {
          chess_error_set (&r->error, CHESS_ERROR_SAN_ILLEGAL, CHESS_N_ ("cannot add move '%.*s'"),
                           (int) san_len, san);
          r->error.line = loc.line;
          r->error.column = loc.column;
        }
      return;
    }
  r->cur = node;
  r->line_has_move = true;
  r->after_paren = false;
  if (r->pending != NULL)
    {
      append_comment (r->game, node, CHESS_COMMENT_BEFORE, r->pending);
      free (r->pending);
      r->pending = NULL;
    }
}

static void
reader_comment_cb (void       *user_data,
                   const char *text,
                   size_t      len)
{
  ChessPgnReader *r = user_data;
  char *folded = fold_space (text, len);

  if (r->line_has_move && !r->after_paren)
    append_comment (r->game, r->cur, CHESS_COMMENT_AFTER, folded);
  else if (r->cur == CHESS_NODE_ROOT && r->depth == 0)
    append_comment (r->game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER, folded);
  else if (folded[0] != '\0')
    {
      if (r->pending == NULL)
        {
          r->pending = folded;
          return;
        }
      size_t n = strlen (r->pending) + strlen (folded) + 2;
      char *joined = xmalloc (n);
      snprintf (joined, n, "%s %s", r->pending, folded);
      free (r->pending);
      r->pending = joined;
    }
  free (folded);
}

static void
reader_nag_cb (void    *user_data,
               unsigned nag)
{
  ChessPgnReader *r = user_data;

  if (r->line_has_move)
    chess_game_node_add_nag (r->game, r->cur, nag);
}

static void
reader_variation_start_cb (void *user_data)
{
  ChessPgnReader *r = user_data;

  flush_pending (r);
  r->stack[r->depth++] = r->cur;
  r->cur = chess_game_node_parent (r->game, r->cur);
  r->line_has_move = false;
  r->after_paren = false;
}

static void
reader_variation_end_cb (void *user_data)
{
  ChessPgnReader *r = user_data;

  flush_pending (r);
  r->cur = r->stack[--r->depth];
  r->line_has_move = true;
  r->after_paren = true;
}

static void
reader_result_cb (void       *user_data,
                  const char *result)
{
  ChessPgnReader *r = user_data;

  chess_game_set_result (r->game, result);
}

static void
reader_error_cb (void             *user_data,
                 const ChessError *error)
{
  ChessPgnReader *r = user_data;

  r->error = *error;
  r->error_node = r->cur;
  r->error_rest = chess_pgn_parser_error_rest (r->parser);
}

static void
reader_warning_cb (void             *user_data,
                   const ChessError *warning)
{
  ChessPgnReader *r = user_data;

  /* Text between games warns too; it belongs to no game (and only the
   * parser's visitor sees it). */
  if (r->game == NULL)
    return;
  if (r->n_warnings == r->cap_warnings)
    {
      r->cap_warnings = r->cap_warnings ? r->cap_warnings * 2 : 8;
      r->warnings = realloc (r->warnings, r->cap_warnings * sizeof *r->warnings);
      if (r->warnings == NULL)
        abort ();
    }
  r->warnings[r->n_warnings++] = *warning;
}

/* Hands a game to a chess_pgn_reader_new_full () function. */
static void
reader_give_info (ChessPgnReader *r,
                  ChessGame      *game,
                  bool            ok)
{
  ChessPgnGameInfo info;

  memset (&info, 0, sizeof info);
  info.game = game;
  info.error = ok ? NULL : &r->error;
  info.error_node = ok ? CHESS_NODE_NONE : r->error_node;
  info.start = r->where;
  info.end = chess_pgn_parser_game_end (r->parser);
  info.rest = ok ? info.end : r->error_rest;
  if (info.rest < info.start.offset)
    info.rest = info.start.offset;
  if (info.rest > info.end)
    info.rest = info.end;
  info.warnings = r->warnings;
  info.n_warnings = r->n_warnings;
  if (!r->info_func (r->user_data, &info))
    chess_pgn_parser_stop (r->parser);
}

static void
reader_game_end_cb (void *user_data,
                    bool  ok)
{
  ChessPgnReader *r = user_data;
  ChessGame *game = r->game;

  ok = ok && r->error.code == CHESS_OK;
  if (!ok && r->error.code == CHESS_OK)
    {
      chess_error_set (&r->error, CHESS_ERROR_PGN, CHESS_N_ ("bad game"));
      r->error_node = r->cur;
      r->error_rest = chess_pgn_parser_game_end (r->parser);
    }
  if (ok || r->info_func != NULL)
    flush_pending (r);
  else
    {
      free (r->pending);
      r->pending = NULL;
    }
  r->game = NULL;
  if (r->info_func != NULL)
    reader_give_info (r, game, ok);
  else if (ok)
    {
      if (!r->func (r->user_data, game, NULL, &r->where))
        chess_pgn_parser_stop (r->parser);
    }
  else
    {
      chess_game_free (game);
      if (!r->func (r->user_data, NULL, &r->error, &r->where))
        chess_pgn_parser_stop (r->parser);
    }
  r->n_warnings = 0;
}

static const ChessPgnVisitor reader_visitor = {
  .game_start = reader_game_start_cb,
  .tag = reader_tag_cb,
  .start_position = reader_start_position_cb,
  .move = reader_move_cb,
  .comment = reader_comment_cb,
  .nag = reader_nag_cb,
  .variation_start = reader_variation_start_cb,
  .variation_end = reader_variation_end_cb,
  .result = reader_result_cb,
  .game_end = reader_game_end_cb,
  .error = reader_error_cb,
  .warning = reader_warning_cb,
};

ChessPgnReader *
chess_pgn_reader_new (ChessPgnGameFunc func,
                      void            *user_data)
{
  ChessPgnReader *r = xmalloc (sizeof *r);

  memset (r, 0, sizeof *r);
  r->func = func;
  r->user_data = user_data;
  r->parser = chess_pgn_parser_new (&reader_visitor, r, CHESS_PGN_DEFAULT);
  return r;
}

ChessPgnReader *
chess_pgn_reader_new_full (ChessPgnGameInfoFunc func,
                           void                *user_data)
{
  ChessPgnReader *r = chess_pgn_reader_new (NULL, user_data);

  r->info_func = func;
  return r;
}

void
chess_pgn_reader_free (ChessPgnReader *reader)
{
  if (reader == NULL)
    return;
  chess_pgn_parser_free (reader->parser);
  chess_game_free (reader->game);
  free (reader->pending);
  free (reader->warnings);
  free (reader);
}

bool
chess_pgn_reader_feed (ChessPgnReader *reader,
                       const char     *data,
                       size_t          len)
{
  return chess_pgn_parser_feed (reader->parser, data, len);
}

void
chess_pgn_reader_finish (ChessPgnReader *reader)
{
  chess_pgn_parser_finish (reader->parser);
}

typedef struct
{
  ChessGame *game;
  ChessError error;
  bool       done;
} FirstGame;

static bool
first_game_cb (void                   *user_data,
               ChessGame              *game,
               const ChessError       *error,
               const ChessPgnLocation *where)
{
  FirstGame *first = user_data;

  first->game = game;
  if (error != NULL)
    first->error = *error;
  first->done = true;
  return false;
}

ChessGame *
chess_pgn_read_game (const char *data,
                     size_t      len,
                     ChessError *error,
                     size_t     *consumed)
{
  FirstGame first;
  ChessPgnReader *r;

  memset (&first, 0, sizeof first);
  r = chess_pgn_reader_new (first_game_cb, &first);
  if (chess_pgn_reader_feed (r, data, len))
    chess_pgn_reader_finish (r);
  if (consumed != NULL)
    *consumed = first.done ? (size_t) chess_pgn_parser_game_end (r->parser) : len;
  chess_pgn_reader_free (r);
  if (error != NULL)
    {
      if (first.game == NULL && first.done)
        *error = first.error;
      else
        chess_error_clear (error);
    }
  return first.game;
}


/* --- The first game, with everything --------------------------------------- */

static bool
first_game_full_cb (void                   *user_data,
                    const ChessPgnGameInfo *info)
{
  ChessPgnReadResult *result = user_data;

  result->game = info->game;
  if (info->error != NULL)
    result->error = *info->error;
  result->error_node = info->error_node;
  result->start = info->start;
  result->end = info->end;
  result->rest = info->rest;
  if (info->n_warnings > 0)
    {
      result->warnings = xmalloc (info->n_warnings * sizeof *result->warnings);
      memcpy (result->warnings, info->warnings, info->n_warnings * sizeof *result->warnings);
      result->n_warnings = info->n_warnings;
    }
  return false;
}

bool
chess_pgn_read_game_full (const char         *data,
                          size_t              len,
                          ChessPgnReadResult *result)
{
  ChessPgnReader *r;
  bool found;

  memset (result, 0, sizeof *result);
  chess_error_clear (&result->error);
  result->error_node = CHESS_NODE_NONE;
  result->end = len;
  result->rest = len;
  r = chess_pgn_reader_new_full (first_game_full_cb, result);
  if (chess_pgn_reader_feed (r, data, len))
    chess_pgn_reader_finish (r);
  found = chess_pgn_parser_n_games (r->parser) > 0;
  chess_pgn_reader_free (r);
  return found;
}

void
chess_pgn_read_result_clear (ChessPgnReadResult *result)
{
  if (result == NULL)
    return;
  chess_game_free (result->game);
  free (result->warnings);
  memset (result, 0, sizeof *result);
  result->error_node = CHESS_NODE_NONE;
}
