/* chess-pgn-lex.h — the pieces of PGN's lexer that the reader (chess-pgn.c)
 * and the indexer (chess-pgn-index.c) must agree on byte for byte: where a
 * symbol or a tag ends, which symbols are results, what a stray piece of
 * text between games is. Both call these, so that for every input they
 * split the same games at the same bytes.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chess-pgn.h"

/* "Need more bytes to tell" (only when the input is not final). */
#define CHESS_PGN_LEX_MORE ((size_t) -1)

/* Bytes that continue a symbol: PGN's letters, digits and _+#=:-/ plus the
 * suffixes !? (split off later), '@' (a crazyhouse drop, "P@d5", so that it
 * is refused as a variant in one piece) and any non-ASCII byte (dashes, ½,
 * figurines; normalised later). */
static const bool _chess_pgn_symbol_byte[256] = {
  ['0' ... '9'] = true, ['A' ... 'Z'] = true, ['a' ... 'z'] = true,
  ['_'] = true, ['+'] = true, ['#'] = true, ['='] = true, [':'] = true,
  ['-'] = true, ['/'] = true, ['!'] = true, ['?'] = true, ['@'] = true,
  [0x80 ... 0xff] = true,
};

/* The same without the non-ASCII bytes: the inner loop of the lexer. */
static const bool _chess_pgn_symbol_ascii[256] = {
  ['0' ... '9'] = true, ['A' ... 'Z'] = true, ['a' ... 'z'] = true,
  ['_'] = true, ['+'] = true, ['#'] = true, ['='] = true, [':'] = true,
  ['-'] = true, ['/'] = true, ['!'] = true, ['?'] = true, ['@'] = true,
};

static inline bool
_chess_pgn_is_digit (unsigned char c)
{
  return c >= '0' && c <= '9';
}

/* The end of the symbol that starts at buf[i] (a letter, digit, '-' or a
 * non-ASCII byte): a run of symbol bytes, where "…" ends it, and "e.p."
 * after an 'e' and "(Q)" after a digit stay in it ("exd6e.p.", "e8(Q)").
 * *plain is cleared when it holds a non-ASCII byte. Returns an index at
 * most i + CHESS_PGN_MAX_TOKEN + 1 (one more than that means "too long"),
 * or CHESS_PGN_LEX_MORE when the symbol may go on past len. */
static inline size_t
_chess_pgn_symbol_end (const unsigned char *buf,
                       size_t               i,
                       size_t               len,
                       bool                 final,
                       bool                *plain)
{
  size_t end = len - i > CHESS_PGN_MAX_TOKEN + 1 ? i + CHESS_PGN_MAX_TOKEN + 1 : len;
  size_t j = i + 1;

  *plain = buf[i] < 0x80;
  for (;;)
    {
      for (;;)
        {
          while (j < end && _chess_pgn_symbol_ascii[buf[j]])
            j++;
          if (j >= end || buf[j] < 0x80)
            break;
          *plain = false;
          if (buf[j] == 0xe2)
            {
              if (len - j < 3 && !final)
                return CHESS_PGN_LEX_MORE;
              if (len - j >= 3 && buf[j + 1] == 0x80 && buf[j + 2] == 0xa6)
                break;    /* "…" ends the move number */
            }
          j++;
        }
      if (j - i > CHESS_PGN_MAX_TOKEN)
        return j;
      if (j >= len && !final)
        return CHESS_PGN_LEX_MORE;
      if (j < len && buf[j] == '.' && buf[j - 1] == 'e')
        {
          if (len - j < 3 && !final)
            return CHESS_PGN_LEX_MORE;
          if (len - j >= 3 && buf[j + 1] == 'p' && buf[j + 2] == '.')
            {
              j += 3;
              continue;
            }
        }
      if (j < len && buf[j] == '(' && _chess_pgn_is_digit (buf[j - 1]))
        {
          if (len - j < 3 && !final)
            return CHESS_PGN_LEX_MORE;
          if (len - j >= 3 && buf[j + 1] != '\0' && strchr ("QRBNqrbn", buf[j + 1]) != NULL
              && buf[j + 2] == ')')
            {
              j += 3;
              continue;
            }
        }
      return j;
    }
}

/* A symbol with its non-ASCII spellings made ASCII: en and em dashes to
 * '-', "½" (UTF-8, or the Latin-1 byte 0xBD) to "1/2", figurines to piece
 * letters. out holds 2 * n + 1 bytes; returns the length (NUL-terminated).
 * *latin1 is set when a Latin-1 "½" was read. */
static inline size_t
_chess_pgn_normalize (const unsigned char *t,
                      size_t               n,
                      char                *out,
                      bool                *latin1)
{
  size_t k = 0;

  *latin1 = false;
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = t[i];
      if (c == 0xe2 && i + 2 < n && t[i + 1] == 0x80 && (t[i + 2] == 0x93 || t[i + 2] == 0x94))
        {
          out[k++] = '-';
          i += 2;
        }
      else if (c == 0xe2 && i + 2 < n && t[i + 1] == 0x99 && t[i + 2] >= 0x94 && t[i + 2] <= 0x9f)
        {
          out[k++] = "KQRBNPKQRBNP"[t[i + 2] - 0x94];
          i += 2;
        }
      else if (c == 0xc2 && i + 1 < n && t[i + 1] == 0xbd)
        {
          memcpy (out + k, "1/2", 3);
          k += 3;
          i += 1;
        }
      else if (c == 0xbd)
        {
          memcpy (out + k, "1/2", 3);
          k += 3;
          *latin1 = true;
        }
      else
        out[k++] = (char) c;
    }
  out[k] = '\0';
  return k;
}

/* Does s[0..n) look like a move, whatever the position: castling, a null
 * move, or a piece letter, file or "O" first and a square somewhere. Only
 * the shape: what starts a game between games, and what a glued result
 * ("Qg20-1") must follow. */
static inline bool
_chess_pgn_move_shaped (const char *s,
                        size_t      n)
{
  size_t os = 0, dashes = 0;

  if (n == 0 || n > 16)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      if (s[i] == 'O' || s[i] == 'o' || s[i] == '0')
        os++;
      else if (s[i] == '-')
        dashes++;
      else if (s[i] != '+' && s[i] != '#')
        {
          os = 99;
          break;
        }
    }
  if ((os == 2 || os == 3) && dashes == os - 1)
    return true;
  if ((n == 2 && memcmp (s, "--", 2) == 0) || (n == 2 && memcmp (s, "Z0", 2) == 0)
      || (n == 4 && memcmp (s, "0000", 4) == 0))
    return true;
  if (strchr ("KQRBNP", s[0]) == NULL && !(s[0] >= 'a' && s[0] <= 'h'))
    return false;
  for (size_t i = 0; i + 1 < n; i++)
    if (s[i] >= 'a' && s[i] <= 'h' && s[i + 1] >= '1' && s[i + 1] <= '8')
      return true;
  return false;
}

typedef enum
{
  CHESS_PGN_SYM_MOVE,        /* anything else: a move (or not a move at all) */
  CHESS_PGN_SYM_NUMBER,      /* digits: a move number */
  CHESS_PGN_SYM_RESULT,      /* "1-0", "0-1", "1/2-1/2" */
  CHESS_PGN_SYM_HALF,        /* "1/2": read as 1/2-1/2, with a warning */
  CHESS_PGN_SYM_GLUED,       /* a move-shaped text with a result after it: "Qg20-1" */
} ChessPgnSymbolKind;

/* What a normalised symbol s[0..n) is. For a result, *result is its text;
 * for a glued result, *move_len is the length of the move before it. */
static inline ChessPgnSymbolKind
_chess_pgn_symbol_kind (const char  *s,
                        size_t       n,
                        const char **result,
                        size_t      *move_len)
{
  static const char *const results[] = { "1/2-1/2", "1-0", "0-1" };

  if (s[0] >= '0' && s[0] <= '9')
    {
      bool digits = true;

      for (unsigned r = 0; r < 3; r++)
        if (n == strlen (results[r]) && memcmp (s, results[r], n) == 0)
          {
            *result = results[r];
            return CHESS_PGN_SYM_RESULT;
          }
      if (n == 3 && memcmp (s, "1/2", 3) == 0)
        {
          *result = results[0];
          return CHESS_PGN_SYM_HALF;
        }
      for (size_t i = 1; i < n && digits; i++)
        digits = s[i] >= '0' && s[i] <= '9';
      if (digits && !(n == 4 && memcmp (s, "0000", 4) == 0))
        return CHESS_PGN_SYM_NUMBER;
    }
  for (unsigned r = 0; r < 3; r++)
    {
      size_t rn = strlen (results[r]);
      if (n > rn && memcmp (s + n - rn, results[r], rn) == 0
          && _chess_pgn_move_shaped (s, n - rn))
        {
          *result = results[r];
          *move_len = n - rn;
          return CHESS_PGN_SYM_GLUED;
        }
    }
  return CHESS_PGN_SYM_MOVE;
}

/* The forfeit markers "(+)-(-)", "(-)-(+)" and "(-)-(-)" at buf[i] == '(':
 * the result they stand for ("*" when both sides forfeit), or NULL. *more
 * is set when more bytes are needed to tell. */
static inline const char *
_chess_pgn_forfeit (const unsigned char *buf,
                    size_t               i,
                    size_t               len,
                    bool                 final,
                    bool                *more)
{
  *more = false;
  if (len - i < 7)
    {
      *more = !final && memcmp (buf + i, "(+)-(-)", len - i) == 0;
      *more = *more || (!final && memcmp (buf + i, "(-)-(+)", len - i) == 0);
      *more = *more || (!final && memcmp (buf + i, "(-)-(-)", len - i) == 0);
      return NULL;
    }
  if (memcmp (buf + i, "(+)-(-)", 7) == 0)
    return "1-0";
  if (memcmp (buf + i, "(-)-(+)", 7) == 0)
    return "0-1";
  if (memcmp (buf + i, "(-)-(-)", 7) == 0)
    return "*";
  return NULL;
}

/* The extent of a tag that starts at buf[i] == '[', up to its ']' on the
 * same line: quotes are followed (with \" and \\ escapes), and when the
 * quotes never let a ']' close the tag, the first ']' after the opening
 * quote does ([Annotator "Krush, I]). Returns the index of the ']', or the
 * line end (or the cap, CHESS_PGN_MAX_TAG bytes) when there is none with
 * *closed false, or CHESS_PGN_LEX_MORE. */
static inline size_t
_chess_pgn_tag_end (const unsigned char *buf,
                    size_t               i,
                    size_t               len,
                    bool                 final,
                    bool                *closed)
{
  size_t j = i + 1, first_bracket = 0;
  bool quoted = false, opened = false;

  *closed = false;
  for (; j < len && j - i < CHESS_PGN_MAX_TAG; j++)
    {
      unsigned char d = buf[j];
      if (d == '\n' || d == '\r')
        break;
      if (quoted && d == '\\' && j + 1 < len && (buf[j + 1] == '"' || buf[j + 1] == '\\'))
        j++;
      else if (d == '"')
        {
          quoted = !quoted;
          opened = true;
        }
      else if (d == ']')
        {
          if (!quoted)
            {
              *closed = true;
              return j;
            }
          if (first_bracket == 0)
            first_bracket = j;
        }
    }
  if (j >= len && !final && j - i < CHESS_PGN_MAX_TAG)
    return CHESS_PGN_LEX_MORE;
  if (opened && first_bracket != 0)
    {
      *closed = true;
      return first_bracket;
    }
  return j;
}

/* HTML markup ("<br />" of a web page's copy) at buf[i] == '<': the index
 * past its '>' on the same line, i + 1 when there is none, or
 * CHESS_PGN_LEX_MORE. */
static inline size_t
_chess_pgn_markup_end (const unsigned char *buf,
                       size_t               i,
                       size_t               len,
                       bool                 final)
{
  for (size_t j = i + 1; j < len && j - i < 64; j++)
    {
      if (buf[j] == '>')
        return j + 1;
      if (buf[j] == '\n' || buf[j] == '\r' || buf[j] == '<')
        return i + 1;
    }
  return (len - i < 64 && !final) ? CHESS_PGN_LEX_MORE : i + 1;
}

/* Between games, text that starts no game (a word, a stray character) is
 * skipped with a warning up to the end of its line or the next '[' (a tag
 * may follow on the same line): returns that index, or CHESS_PGN_LEX_MORE. */
static inline size_t
_chess_pgn_gap_end (const unsigned char *buf,
                    size_t               i,
                    size_t               len,
                    bool                 final)
{
  for (size_t j = i; j < len; j++)
    if (buf[j] == '\n' || buf[j] == '\r' || buf[j] == '[')
      return j;
  return final ? len : CHESS_PGN_LEX_MORE;
}

/* Is the value of a Variant tag the standard game? lichess writes
 * "Standard" and "From Position", others "chess" or "Normal". */
static inline bool
_chess_pgn_standard_variant (const char *value)
{
  static const char *const names[] = {
    "", "?", "-", "standard", "chess", "normal", "from position", "fromposition", "orthodox",
  };
  char low[32];
  size_t n = 0;

  while (value[n] != '\0' && n < sizeof low - 1)
    {
      char c = value[n];
      low[n++] = (char) (c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  if (value[n] != '\0')
    return false;
  low[n] = '\0';
  while (n > 0 && low[n - 1] == ' ')
    low[--n] = '\0';
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (low, names[i]) == 0)
      return true;
  return false;
}

/* The variant a FEN belongs to when it is not standard chess, or NULL:
 * Chess960's castling field names the rooks by file ("HAha", "Kq" with
 * the rook elsewhere is left to the FEN reader); crazyhouse adds the
 * pieces in hand ("[Qn]" or a ninth rank after the board). */
static inline const char *
_chess_pgn_fen_variant (const char *fen)
{
  const char *board_end, *castling;
  unsigned ranks = 1;

  while (*fen == ' ')
    fen++;
  board_end = strchr (fen, ' ');
  if (board_end == NULL)
    board_end = fen + strlen (fen);
  for (const char *c = fen; c < board_end; c++)
    {
      if (*c == '[')
        return "Crazyhouse";
      if (*c == '/')
        ranks++;
    }
  if (ranks == 9)
    return "Crazyhouse";
  castling = board_end;
  while (*castling == ' ')
    castling++;
  while (*castling != ' ' && *castling != '\0')    /* the side to move */
    castling++;
  while (*castling == ' ')
    castling++;
  for (; *castling != ' ' && *castling != '\0'; castling++)
    if ((*castling >= 'A' && *castling <= 'H') || (*castling >= 'a' && *castling <= 'h'))
      return "Chess960";
  return NULL;
}

/* Inside a { } comment, at a line start: does a tag section start here?
 * Returns 1 yes, 0 no, -1 when more bytes are needed to tell. That is how an
 * unterminated comment is caught at the next game instead of eating the
 * rest of the file. */
static inline int
_chess_pgn_looks_like_tag (const unsigned char *buf,
                           size_t               i,
                           size_t               len,
                           bool                 final)
{
  size_t j = i + 1, k = 0;

  if (buf[i] != '[')
    return 0;
  for (; j < len && k < 40
         && ((buf[j] >= '0' && buf[j] <= '9') || (buf[j] >= 'A' && buf[j] <= 'Z')
             || (buf[j] >= 'a' && buf[j] <= 'z') || buf[j] == '_');
       j++, k++)
    ;
  if (j >= len)
    return final ? 0 : -1;
  if (k == 0 || k >= 40 || (buf[j] != ' ' && buf[j] != '\t'))
    return 0;
  while (j < len && (buf[j] == ' ' || buf[j] == '\t'))
    j++;
  if (j >= len)
    return final ? 0 : -1;
  return buf[j] == '"';
}

/* "12." or "12...": the index past its periods, or i when buf[i] does not
 * start a move number (a result, a move written with zeros). */
static inline size_t
_chess_pgn_move_number_end (const unsigned char *buf,
                            size_t               i,
                            size_t               len)
{
  size_t j = i + 1;

  while (j < len && j - i < 10 && _chess_pgn_is_digit (buf[j]))
    j++;
  if (j >= len || buf[j] != '.')
    return i;
  while (j < len && buf[j] == '.')
    j++;
  return j;
}

/* Where the comment text starting at j stops: its '}', the end of its
 * line, or len. Eight bytes at a time: a byte equal to c makes a zero
 * byte in w ^ c * 0x01…01, and (x - 0x01…01) & ~x has the top bit set in
 * the lowest zero byte of x (in higher ones only after it), so the lowest
 * flagged byte of the three tests is the first stop. */
static inline size_t
_chess_pgn_comment_stop (const unsigned char *buf,
                         size_t               j,
                         size_t               len)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const uint64_t ones = 0x0101010101010101ULL, tops = 0x8080808080808080ULL;

  for (; j + 8 <= len; j += 8)
    {
      uint64_t w, a, b, c, hit;
      memcpy (&w, buf + j, 8);
      a = w ^ (ones * '}');
      b = w ^ (ones * '\n');
      c = w ^ (ones * '\r');
      hit = (((a - ones) & ~a) | ((b - ones) & ~b) | ((c - ones) & ~c)) & tops;
      if (hit)
        return j + (size_t) (__builtin_ctzll (hit) >> 3);
    }
#endif
  while (j < len && buf[j] != '}' && buf[j] != '\n' && buf[j] != '\r')
    j++;
  return j;
}


/* Bytes of a tag name, and the bytes that end a value read in one pass. */
static const bool _chess_pgn_name_byte[256] = {
  ['0' ... '9'] = true, ['A' ... 'Z'] = true, ['a' ... 'z'] = true, ['_'] = true,
};
static const bool _chess_pgn_value_stop_byte[256] = {
  ['"'] = true, ['\\'] = true, ['\n'] = true, ['\r'] = true,
};

/* The usual tag, [Name "value"] without escapes, read in one pass. Returns
 * the index just past its ']', or 0 when the tag is anything else (or cut
 * by the end of buf): then the general path reads it. */
static inline size_t
_chess_pgn_simple_tag (const unsigned char *buf,
                       size_t               i,
                       size_t               len,
                       size_t              *name_end,
                       size_t              *value_start,
                       size_t              *value_end)
{
  size_t lim = len - i > CHESS_PGN_MAX_TAG ? i + CHESS_PGN_MAX_TAG : len;
  size_t j = i + 1;

  if (j >= lim || !(_chess_pgn_name_byte[buf[j]] && buf[j] != '_'))
    return 0;
  while (j < lim && _chess_pgn_name_byte[buf[j]])
    j++;
  *name_end = j;
  if (j - i - 1 > 255 || j >= lim || buf[j] != ' ' || ++j >= lim || buf[j] != '"')
    return 0;
  *value_start = ++j;
  while (j < lim && !_chess_pgn_value_stop_byte[buf[j]])
    j++;
  if (j >= lim || buf[j] != '"')
    return 0;
  *value_end = j++;
  if (j >= lim || buf[j] != ']')
    return 0;
  return j + 1;
}

