/* chess-encoding.c — UTF-8, Windows-1252 and UTF-16.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-encoding.h"

#define REPLACEMENT 0xFFFDu

/* Windows-1252's 0x80–0x9F; the five bytes it leaves undefined stand for
 * the C1 controls of the same number (see chess-encoding.h). */
static const uint16_t cp1252_high[32] = {
  0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
  0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
  0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
  0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

const char *
chess_encoding_name (ChessEncoding encoding)
{
  switch (encoding)
    {
    case CHESS_ENCODING_UTF8:
      return "UTF-8";
    case CHESS_ENCODING_CP1252:
      return "Windows-1252";
    case CHESS_ENCODING_UTF16LE:
      return "UTF-16LE";
    case CHESS_ENCODING_UTF16BE:
      return "UTF-16BE";
    }
  return "?";
}

/* --- UTF-8 ----------------------------------------------------------------- */

/* One sequence at s[0..len): its length (1–4) when valid, 0 when it is
 * not, -1 when the bytes there are a valid start cut short by len.
 * RFC 3629's table: the second byte's range depends on the first so that
 * overlong forms, surrogates and code points past U+10FFFF are refused. */
static int
decode (const unsigned char *s,
        size_t               len,
        uint32_t            *cp)
{
  unsigned char c = s[0];
  unsigned char lo = 0x80, hi = 0xBF;
  int n;
  uint32_t v;

  if (c < 0x80)
    {
      *cp = c;
      return 1;
    }
  if (c >= 0xC2 && c <= 0xDF)
    {
      n = 2;
      v = c & 0x1F;
    }
  else if (c >= 0xE0 && c <= 0xEF)
    {
      n = 3;
      v = c & 0x0F;
      if (c == 0xE0)
        lo = 0xA0;
      else if (c == 0xED)
        hi = 0x9F;
    }
  else if (c >= 0xF0 && c <= 0xF4)
    {
      n = 4;
      v = c & 0x07;
      if (c == 0xF0)
        lo = 0x90;
      else if (c == 0xF4)
        hi = 0x8F;
    }
  else
    return 0;

  for (int i = 1; i < n; i++)
    {
      unsigned char b;

      if ((size_t) i >= len)
        return -1;
      b = s[i];
      if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xBF))
        return 0;
      v = (v << 6) | (b & 0x3F);
    }
  *cp = v;
  return n;
}

size_t
chess_utf8_next (const char *data,
                 size_t      len,
                 uint32_t   *cp)
{
  int n;

  if (len == 0)
    return 0;
  n = decode ((const unsigned char *) data, len, cp);
  return n > 0 ? (size_t) n : 0;
}

size_t
chess_utf8_put (uint32_t  cp,
                char     *out)
{
  unsigned char *o = (unsigned char *) out;

  if (cp < 0x80)
    {
      o[0] = (unsigned char) cp;
      return 1;
    }
  if (cp < 0x800)
    {
      o[0] = (unsigned char) (0xC0 | (cp >> 6));
      o[1] = (unsigned char) (0x80 | (cp & 0x3F));
      return 2;
    }
  if (cp < 0x10000)
    {
      o[0] = (unsigned char) (0xE0 | (cp >> 12));
      o[1] = (unsigned char) (0x80 | ((cp >> 6) & 0x3F));
      o[2] = (unsigned char) (0x80 | (cp & 0x3F));
      return 3;
    }
  o[0] = (unsigned char) (0xF0 | (cp >> 18));
  o[1] = (unsigned char) (0x80 | ((cp >> 12) & 0x3F));
  o[2] = (unsigned char) (0x80 | ((cp >> 6) & 0x3F));
  o[3] = (unsigned char) (0x80 | (cp & 0x3F));
  return 4;
}

/* The length of the ASCII run at s[0..len), eight bytes at a time: PGN is
 * almost all ASCII, so this is where the time goes. */
static size_t
ascii_run (const unsigned char *s,
           size_t               len)
{
  const uint64_t high = 0x8080808080808080ull;
  size_t i = 0;

  /* Four words a step, OR-ed: one test per 32 bytes (and a loop the
   * compiler turns into vector code). */
  for (; i + 32 <= len; i += 32)
    {
      uint64_t w[4];

      memcpy (w, s + i, 32);
      if ((w[0] | w[1] | w[2] | w[3]) & high)
        break;
    }
  for (; i + 8 <= len; i += 8)
    {
      uint64_t w;

      memcpy (&w, s + i, 8);
      if (w & high)
        break;
    }
  while (i < len && s[i] < 0x80)
    i++;
  return i;
}

/* Validates s[0..len): returns the offset of the first byte that does not
 * start a valid sequence (len when all are valid); *cut is then true when
 * the bytes from there to the end are a valid start cut short. */
static size_t
validate (const unsigned char *s,
          size_t               len,
          bool                *non_ascii,
          bool                *cut)
{
  size_t i = 0;

  *cut = false;
  while (i < len)
    {
      uint32_t cp;
      int n;

      i += ascii_run (s + i, len - i);
      if (i == len)
        break;
      *non_ascii = true;
      n = decode (s + i, len - i, &cp);
      if (n <= 0)
        {
          *cut = n < 0;
          return i;
        }
      i += (size_t) n;
    }
  return len;
}

bool
chess_utf8_valid (const char *data,
                  size_t      len,
                  size_t     *bad)
{
  bool non_ascii = false, cut;
  size_t end = validate ((const unsigned char *) data, len, &non_ascii, &cut);

  if (bad != NULL)
    *bad = end;
  return end == len;
}

void
chess_utf8_scan_feed (ChessUtf8Scan *scan,
                      const char    *data,
                      size_t         len)
{
  const unsigned char *s = (const unsigned char *) data;
  size_t end;
  bool cut;

  if (scan->invalid)
    return;
  /* First the sequence the last piece cut, a byte at a time. */
  while (scan->n_carry > 0 && len > 0)
    {
      uint32_t cp;
      int n;

      scan->carry[scan->n_carry++] = *s++;
      len--;
      n = decode (scan->carry, scan->n_carry, &cp);
      if (n == 0)
        {
          scan->invalid = true;
          return;
        }
      if (n > 0)
        scan->n_carry = 0;
    }
  if (len == 0)
    return;

  end = validate (s, len, &scan->non_ascii, &cut);
  if (end == len)
    return;
  if (cut)
    {
      scan->n_carry = (unsigned) (len - end);
      memcpy (scan->carry, s + end, scan->n_carry);
    }
  else
    scan->invalid = true;
}

bool
chess_utf8_scan_finish (ChessUtf8Scan *scan)
{
  if (scan->n_carry > 0)
    scan->invalid = true;
  scan->n_carry = 0;
  return !scan->invalid;
}

/* --- Windows-1252 ---------------------------------------------------------- */

uint32_t
chess_cp1252_char (unsigned char b)
{
  if (b >= 0x80 && b < 0xA0)
    return cp1252_high[b - 0x80];
  return b;
}

size_t
chess_cp1252_to_utf8 (const char *in,
                      size_t      len,
                      char       *out)
{
  const unsigned char *s = (const unsigned char *) in;
  size_t o = 0;

  for (size_t i = 0; i < len; i++)
    {
      if (s[i] < 0x80)
        out[o++] = (char) s[i];
      else
        o += chess_utf8_put (chess_cp1252_char (s[i]), out + o);
    }
  out[o] = '\0';
  return o;
}

/* The byte for cp, or -1 when Windows-1252 has none. */
static int
cp1252_byte (uint32_t cp)
{
  if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF))
    return (int) cp;
  for (int i = 0; i < 32; i++)
    if (cp1252_high[i] == cp)
      return 0x80 + i;
  return -1;
}

bool
chess_utf8_to_cp1252 (const char *in,
                      size_t      len,
                      char       *out,
                      size_t     *out_len,
                      size_t     *bad)
{
  const unsigned char *s = (const unsigned char *) in;
  size_t i = 0, o = 0;

  while (i < len)
    {
      uint32_t cp;
      int n, b;

      if (s[i] < 0x80)
        {
          out[o++] = (char) s[i++];
          continue;
        }
      n = decode (s + i, len - i, &cp);
      b = n > 0 ? cp1252_byte (cp) : -1;
      if (b < 0)
        {
          if (bad != NULL)
            *bad = i;
          if (out_len != NULL)
            *out_len = o;
          return false;
        }
      out[o++] = (char) b;
      i += (size_t) n;
    }
  if (bad != NULL)
    *bad = len;
  if (out_len != NULL)
    *out_len = o;
  return true;
}

size_t
chess_text_to_utf8 (const char *in,
                    size_t      len,
                    char       *out)
{
  if (chess_utf8_valid (in, len, NULL))
    {
      memcpy (out, in, len);
      out[len] = '\0';
      return len;
    }
  return chess_cp1252_to_utf8 (in, len, out);
}

/* --- UTF-16 ---------------------------------------------------------------- */

ChessEncoding
chess_encoding_detect (const char *data,
                       size_t      len,
                       size_t     *bom_len)
{
  const unsigned char *s = (const unsigned char *) data;
  size_t bom = 0;
  ChessEncoding encoding;

  if (len >= 2 && s[0] == 0xFF && s[1] == 0xFE)
    {
      bom = 2;
      encoding = CHESS_ENCODING_UTF16LE;
    }
  else if (len >= 2 && s[0] == 0xFE && s[1] == 0xFF)
    {
      bom = 2;
      encoding = CHESS_ENCODING_UTF16BE;
    }
  else if (chess_utf8_valid (data, len, NULL))
    {
      encoding = CHESS_ENCODING_UTF8;
      if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        bom = 3;
    }
  else
    encoding = CHESS_ENCODING_CP1252;

  if (bom_len != NULL)
    *bom_len = bom;
  return encoding;
}

static inline uint32_t
unit_at (const unsigned char *s,
         bool                 big_endian)
{
  return big_endian ? (uint32_t) (s[0] << 8 | s[1]) : (uint32_t) (s[1] << 8 | s[0]);
}

bool
chess_utf16_to_utf8 (const char *in,
                     size_t      len,
                     bool        big_endian,
                     char       *out,
                     size_t     *out_len)
{
  const unsigned char *s = (const unsigned char *) in;
  bool exact = true;
  size_t i = 0, o = 0;

  while (i + 2 <= len)
    {
      uint32_t u = unit_at (s + i, big_endian);

      i += 2;
      if (u >= 0xD800 && u <= 0xDBFF && i + 2 <= len)
        {
          uint32_t low = unit_at (s + i, big_endian);

          if (low >= 0xDC00 && low <= 0xDFFF)
            {
              i += 2;
              o += chess_utf8_put (0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), out + o);
              continue;
            }
        }
      if (u >= 0xD800 && u <= 0xDFFF)
        {
          u = REPLACEMENT;
          exact = false;
        }
      o += chess_utf8_put (u, out + o);
    }
  if (i < len)
    {
      o += chess_utf8_put (REPLACEMENT, out + o);
      exact = false;
    }
  out[o] = '\0';
  if (out_len != NULL)
    *out_len = o;
  return exact;
}

static inline void
put_unit (unsigned char *o,
          uint32_t       u,
          bool           big_endian)
{
  o[big_endian ? 0 : 1] = (unsigned char) (u >> 8);
  o[big_endian ? 1 : 0] = (unsigned char) (u & 0xFF);
}

bool
chess_utf8_to_utf16 (const char *in,
                     size_t      len,
                     bool        big_endian,
                     char       *out,
                     size_t     *out_len,
                     size_t     *bad)
{
  const unsigned char *s = (const unsigned char *) in;
  unsigned char *o = (unsigned char *) out;
  size_t i = 0, n_out = 0;

  while (i < len)
    {
      uint32_t cp;
      int n = decode (s + i, len - i, &cp);

      if (n <= 0)
        {
          if (bad != NULL)
            *bad = i;
          if (out_len != NULL)
            *out_len = n_out;
          return false;
        }
      i += (size_t) n;
      if (cp >= 0x10000)
        {
          cp -= 0x10000;
          put_unit (o + n_out, 0xD800 + (cp >> 10), big_endian);
          put_unit (o + n_out + 2, 0xDC00 + (cp & 0x3FF), big_endian);
          n_out += 4;
        }
      else
        {
          put_unit (o + n_out, cp, big_endian);
          n_out += 2;
        }
    }
  if (bad != NULL)
    *bad = len;
  if (out_len != NULL)
    *out_len = n_out;
  return true;
}
