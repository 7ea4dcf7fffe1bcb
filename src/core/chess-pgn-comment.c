/* chess-pgn-comment.c — the commands inside PGN comments: [%clk 1:02:03]
 * [%emt 0:00:05] [%eval -0.35] [%cal Ge2e4] [%csl Rd4].
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-pgn.h"

#include <stdlib.h>
#include <string.h>

static inline bool
is_digit (unsigned char c)
{
  return c >= '0' && c <= '9';
}

static inline bool
is_space (unsigned char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* --- Commands inside comments ---------------------------------------------- */

bool
chess_pgn_comment_command (const char  *comment,
                           size_t       len,
                           const char  *name,
                           const char **args,
                           size_t      *args_len)
{
  size_t name_len = strlen (name);

  for (size_t i = 0; i + 2 + name_len <= len; i++)
    {
      if (comment[i] != '[' || comment[i + 1] != '%'
          || memcmp (comment + i + 2, name, name_len) != 0)
        continue;
      size_t j = i + 2 + name_len;
      if (j < len && comment[j] != ' ' && comment[j] != '\t' && comment[j] != ']')
        continue;
      const char *end = memchr (comment + j, ']', len - j);
      if (end == NULL)
        return false;
      while (j < len && (comment[j] == ' ' || comment[j] == '\t'))
        j++;
      size_t e = (size_t) (end - comment);
      while (e > j && (comment[e - 1] == ' ' || comment[e - 1] == '\t'))
        e--;
      if (args != NULL)
        *args = comment + j;
      if (args_len != NULL)
        *args_len = e - j;
      return true;
    }
  return false;
}

int64_t
chess_pgn_parse_clock (const char *text,
                       size_t      len)
{
  int64_t parts[3] = { 0, 0, 0 };
  unsigned n = 0;
  size_t i = 0;
  int64_t ms = 0;

  if (len == 0)
    return -1;
  for (;;)
    {
      size_t start = i;
      int64_t v = 0;
      while (i < len && is_digit ((unsigned char) text[i]) && i - start < 12)
        v = v * 10 + (text[i++] - '0');
      if (i == start || n >= 3)
        return -1;
      parts[n++] = v;
      if (i < len && text[i] == ':')
        {
          i++;
          continue;
        }
      break;
    }
  if (i < len && text[i] == '.')
    {
      int64_t scale = 100;
      size_t start = ++i;
      while (i < len && is_digit ((unsigned char) text[i]))
        {
          ms += (text[i] - '0') * scale;
          scale /= 10;
          i++;
        }
      if (i == start)
        return -1;
    }
  if (i != len)
    return -1;
  for (unsigned k = 1; k < n; k++)
    if (parts[k] >= 60)
      return -1;
  int64_t seconds = 0;
  for (unsigned k = 0; k < n; k++)
    seconds = seconds * 60 + parts[k];
  return seconds * 1000 + ms;
}

int64_t
chess_pgn_comment_clock_ms (const char *comment,
                            size_t      len,
                            const char *name)
{
  const char *args;
  size_t args_len;

  if (!chess_pgn_comment_command (comment, len, name, &args, &args_len))
    return -1;
  return chess_pgn_parse_clock (args, args_len);
}

bool
chess_pgn_comment_eval (const char   *comment,
                        size_t        len,
                        ChessPgnEval *eval)
{
  const char *a;
  size_t n, i = 0;
  char buf[64];
  char *end;

  if (!chess_pgn_comment_command (comment, len, "eval", &a, &n) || n == 0 || n >= sizeof buf)
    return false;
  memcpy (buf, a, n);
  buf[n] = '\0';
  memset (eval, 0, sizeof *eval);
  eval->depth = -1;
  if (buf[0] == '#')
    {
      long m = strtol (buf + 1, &end, 10);
      if (end == buf + 1)
        return false;
      eval->is_mate = true;
      eval->mate = (int) m;
      i = (size_t) (end - buf);
    }
  else
    {
      /* strtod would honour the locale's decimal separator: parse by hand. */
      bool neg = false;
      double v = 0, scale = 0.1;
      size_t start;
      if (buf[i] == '+' || buf[i] == '-')
        neg = buf[i++] == '-';
      start = i;
      while (is_digit ((unsigned char) buf[i]))
        v = v * 10 + (buf[i++] - '0');
      if (buf[i] == '.')
        for (i++; is_digit ((unsigned char) buf[i]); i++, scale /= 10)
          v += (buf[i] - '0') * scale;
      if (i == start)
        return false;
      eval->pawns = neg ? -v : v;
    }
  if (buf[i] == ',')
    {
      long d;

      /* A depth is a count of plies: digits only, never negative. */
      if (!is_digit ((unsigned char) buf[i + 1]))
        return false;
      d = strtol (buf + i + 1, &end, 10);
      if (d < 0 || d > 10000)
        return false;
      eval->depth = (int) d;
      i = (size_t) (end - buf);
    }
  return buf[i] == '\0';
}

static bool
parse_square (const char  *s,
              ChessSquare *sq)
{
  if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
    return false;
  *sq = chess_square_make (s[0] - 'a', s[1] - '1');
  return true;
}

unsigned
chess_pgn_comment_marks (const char   *comment,
                         size_t        len,
                         ChessPgnMark *marks,
                         unsigned      cap)
{
  unsigned count = 0;

  for (size_t i = 0; i + 5 < len; i++)
    {
      bool arrows;
      if (comment[i] != '[' || comment[i + 1] != '%')
        continue;
      if (memcmp (comment + i + 2, "cal", 3) == 0)
        arrows = true;
      else if (memcmp (comment + i + 2, "csl", 3) == 0)
        arrows = false;
      else
        continue;
      size_t j = i + 5;
      const char *end = memchr (comment + j, ']', len - j);
      if (end == NULL)
        break;
      size_t e = (size_t) (end - comment);
      while (j < e)
        {
          while (j < e && (comment[j] == ' ' || comment[j] == ',' || comment[j] == '\t'))
            j++;
          size_t k = j;
          while (k < e && comment[k] != ',' && comment[k] != ' ')
            k++;
          size_t item = k - j;
          char color = comment[j];
          if (color >= 'a' && color <= 'z')
            color = (char) (color - 'a' + 'A');
          ChessPgnMark mark = { color, CHESS_NO_SQUARE, CHESS_NO_SQUARE };
          bool ok = strchr ("RGBY", color) != NULL && color != '\0';
          if (ok && arrows)
            ok = item == 5 && parse_square (comment + j + 1, &mark.from)
                 && parse_square (comment + j + 3, &mark.to);
          else if (ok)
            ok = item == 3 && parse_square (comment + j + 1, &mark.from);
          if (ok && count < cap)
            marks[count] = mark;
          if (ok)
            count++;
          j = k;
        }
      i = e;
    }
  return count < cap ? count : cap;
}

size_t
chess_pgn_comment_strip_commands (const char *comment,
                                  size_t      len,
                                  char       *out,
                                  size_t      cap)
{
  size_t k = 0;
  bool space = false;

  if (cap == 0)
    return 0;
  for (size_t i = 0; i < len; i++)
    {
      if (comment[i] == '[' && i + 1 < len && comment[i + 1] == '%')
        {
          const char *end = memchr (comment + i, ']', len - i);
          if (end != NULL)
            {
              i = (size_t) (end - comment);
              space = k > 0;
              continue;
            }
        }
      if (is_space ((unsigned char) comment[i]))
        {
          space = k > 0;
          continue;
        }
      if (space && k + 1 < cap)
        out[k++] = ' ';
      space = false;
      if (k + 1 < cap)
        out[k++] = comment[i];
    }
  out[k] = '\0';
  return k;
}
