/* chess-pgn-write.c — games out in PGN export format.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Export format (PGN standard, section 8): the Seven Tag Roster first and in
 * its order, other tags after; movetext in lines of at most 80 bytes broken
 * at spaces; "N." before White's moves and "N..." before a Black move that
 * follows a comment or a variation (or opens a line); NAGs as $n; comments
 * in braces; the result last. Reading the output and writing it again gives
 * the same bytes.
 */
#include "chess-pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-fen.h"

#define LINE_MAX_BYTES 80

typedef struct
{
  char  *data;
  size_t len;
  size_t cap;
  size_t line_len;   /* bytes on the current movetext line */
  bool   glue;       /* the next token follows without a space: after '(' */
} Out;

static void
out_reserve (Out   *out,
             size_t n)
{
  if (out->len + n + 1 <= out->cap)
    return;
  while (out->len + n + 1 > out->cap)
    out->cap = out->cap ? out->cap * 2 : 1024;
  out->data = realloc (out->data, out->cap);
  if (out->data == NULL)
    abort ();
}

static void
out_bytes (Out        *out,
           const char *s,
           size_t      n)
{
  out_reserve (out, n);
  memcpy (out->data + out->len, s, n);
  out->len += n;
  out->data[out->len] = '\0';
}

static void
out_str (Out        *out,
         const char *s)
{
  out_bytes (out, s, strlen (s));
}

/* One movetext token, wrapped: a space before it unless it starts a line
 * or is glued, a line break instead when it would pass column 80. */
static void
out_token (Out        *out,
           const char *s,
           size_t      n,
           bool        glue_left)
{
  bool glued = out->glue || glue_left;

  if (out->line_len > 0 && out->line_len + (glued ? 0 : 1) + n > LINE_MAX_BYTES)
    {
      out_bytes (out, "\n", 1);
      out->line_len = 0;
    }
  else if (out->line_len > 0 && !glued)
    {
      out_bytes (out, " ", 1);
      out->line_len++;
    }
  out_bytes (out, s, n);
  out->line_len += n;
  out->glue = false;
}

static void
out_tag (Out        *out,
         const char *name,
         const char *value)
{
  out_str (out, "[");
  out_str (out, name);
  out_str (out, " \"");
  for (const char *v = value; *v; v++)
    {
      if (*v == '"' || *v == '\\')
        out_bytes (out, "\\", 1);
      if (*v == '\n' || *v == '\r' || *v == '\t')
        out_bytes (out, " ", 1);
      else
        out_bytes (out, v, 1);
    }
  out_str (out, "\"]\n");
}

/* A comment as tokens "{first", "words", "last}" so it wraps at its spaces.
 * A '}' inside would end it early: it becomes ')'. A word starting with '['
 * or '%' never starts a line (readers could take it for a tag or an escape
 * line): it stays with the word before it. */
static void
out_comment (Out        *out,
             const char *text)
{
  size_t n = strlen (text);
  char *tok = malloc (n + 3);
  size_t i = 0, k = 0;
  bool has_word = false;

  if (tok == NULL)
    abort ();
  tok[k++] = '{';
  for (;;)
    {
      while (i < n && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
        i++;
      if (i >= n)
        break;
      if (has_word && text[i] != '[' && text[i] != '%')
        {
          out_token (out, tok, k, false);
          k = 0;
        }
      else if (has_word)
        tok[k++] = ' ';
      has_word = true;
      while (i < n && text[i] != ' ' && text[i] != '\n' && text[i] != '\r' && text[i] != '\t')
        {
          tok[k++] = text[i] == '}' ? ')' : text[i];
          i++;
        }
    }
  tok[k++] = '}';
  out_token (out, tok, k, false);
  free (tok);
}

/* "12. e4", "12... e5" or "e5" as one token: a line never ends between a
 * move number and its move. */
static void
out_move (Out                 *out,
          const ChessPosition *before,
          const char          *san,
          bool                 force_number)
{
  char buf[64];
  size_t n = 0, san_len = strlen (san);

  if (before->side == CHESS_WHITE || force_number)
    {
      char digits[8];
      unsigned k = 0, number = before->fullmove;
      do
        digits[k++] = (char) ('0' + number % 10);
      while ((number /= 10) != 0);
      while (k > 0)
        buf[n++] = digits[--k];
      buf[n++] = '.';
      if (before->side != CHESS_WHITE)
        {
          buf[n++] = '.';
          buf[n++] = '.';
        }
      buf[n++] = ' ';
    }
  memcpy (buf + n, san, san_len);
  n += san_len;
  out_token (out, buf, n, false);
}

/* Two comments with nothing between them read back as one: a reader joins
 * them with a space (chess-pgn-read.c), so the writer joins them first and
 * writes that one comment, and what it writes reads back as written. */
static void
out_comments (Out        *out,
              const char *first,
              const char *second)
{
  size_t n1 = first ? strlen (first) : 0, n2 = second ? strlen (second) : 0;
  char *both;

  if (n2 == 0)
    {
      if (first != NULL)
        out_comment (out, first);
      return;
    }
  if (n1 == 0)
    {
      out_comment (out, second);
      return;
    }
  both = malloc (n1 + n2 + 2);
  if (both == NULL)
    abort ();
  memcpy (both, first, n1);
  both[n1] = ' ';
  memcpy (both + n1 + 1, second, n2 + 1);
  out_comment (out, both);
  free (both);
}

static const char *
comment_before (const ChessGame *game,
                ChessNodeId      node)
{
  return node == CHESS_NODE_NONE ? NULL : chess_game_node_comment (game, node, CHESS_COMMENT_BEFORE);
}

/* Writes the line that starts with node (and its variations), following
 * first children to the end. before_done: node's comment before it was
 * written already, joined to the comment before that. */
static void
write_line (Out             *out,
            const ChessGame *game,
            ChessNodeId      node,
            bool             need_number,
            bool             before_done)
{
  while (node != CHESS_NODE_NONE)
    {
      ChessNodeId parent = chess_game_node_parent (game, node);
      const ChessPosition *before = chess_game_node_position (game, parent);
      const char *before_comment = chess_game_node_comment (game, node, CHESS_COMMENT_BEFORE);
      const char *after_comment = chess_game_node_comment (game, node, CHESS_COMMENT_AFTER);
      const char *san = chess_game_node_san (game, node);
      const uint8_t *nags;
      unsigned n_nags = chess_game_node_nags (game, node, &nags);
      ChessNodeId next = chess_game_node_next (game, node);
      bool has_alternatives = chess_game_node_next (game, parent) == node &&
                              chess_game_node_next_sibling (game, node) != CHESS_NODE_NONE;
      const char *next_before = NULL;

      if (before_comment != NULL && !before_done)
        {
          out_comment (out, before_comment);
          need_number = true;
        }
      out_move (out, before, san, need_number);
      for (unsigned i = 0; i < n_nags; i++)
        {
          char buf[8];
          int n = snprintf (buf, sizeof buf, "$%u", (unsigned) nags[i]);
          out_token (out, buf, (size_t) n, false);
        }
      need_number = false;
      /* Nothing comes between this comment and the next move's comment
       * before it unless a variation does: they are written as one. */
      if (after_comment != NULL && !has_alternatives)
        next_before = comment_before (game, next);
      if (after_comment != NULL)
        {
          out_comments (out, after_comment, next_before);
          need_number = true;
        }
      before_done = next_before != NULL;
      /* The alternatives to this move, right after it. */
      if (has_alternatives)
        for (ChessNodeId alt = chess_game_node_next_sibling (game, node);
             alt != CHESS_NODE_NONE; alt = chess_game_node_next_sibling (game, alt))
          {
            out_token (out, "(", 1, false);
            out->glue = true;
            write_line (out, game, alt, true, false);
            out_token (out, ")", 1, true);
            need_number = true;
          }
      node = next;
    }
}

char *
chess_pgn_write_game (const ChessGame *game,
                      size_t          *len)
{
  static const char *const defaults[7] = {
    "?", "?", "????.??.??", "?", "?", "?", "*",
  };
  Out out = { 0 };
  const ChessPosition *start = chess_game_start_position (game);
  ChessPosition initial;
  char fen[CHESS_FEN_MAX], initial_fen[CHESS_FEN_MAX];
  const char *result = chess_game_get_result (game);
  const char *root_comment, *first_before;
  ChessNodeId first;
  bool from_fen;

  chess_position_init_start (&initial);
  chess_fen_write (start, fen);
  chess_fen_write (&initial, initial_fen);
  from_fen = strcmp (fen, initial_fen) != 0;

  for (unsigned i = 0; i < 7; i++)
    {
      const char *value = i == 6 ? result : chess_game_get_tag (game, chess_game_seven_tags[i]);
      out_tag (&out, chess_game_seven_tags[i], value ? value : defaults[i]);
    }
  if (from_fen)
    {
      out_tag (&out, "SetUp", "1");
      out_tag (&out, "FEN", fen);
    }
  for (unsigned i = 0; i < chess_game_n_tags (game); i++)
    {
      const char *name, *value;
      bool skip = false;
      chess_game_nth_tag (game, i, &name, &value);
      for (unsigned k = 0; k < 7; k++)
        skip = skip || strcmp (name, chess_game_seven_tags[k]) == 0;
      skip = skip || strcmp (name, "SetUp") == 0 || strcmp (name, "FEN") == 0;
      if (!skip)
        out_tag (&out, name, value);
    }
  out_str (&out, "\n");

  root_comment = chess_game_node_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER);
  first = chess_game_node_next (game, CHESS_NODE_ROOT);
  first_before = root_comment != NULL ? comment_before (game, first) : NULL;
  if (root_comment != NULL)
    out_comments (&out, root_comment, first_before);
  write_line (&out, game, first, true, first_before != NULL);
  out_token (&out, result, strlen (result), false);
  out_str (&out, "\n\n");

  if (len != NULL)
    *len = out.len;
  return out.data;
}
