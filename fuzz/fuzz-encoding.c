/* fuzz-encoding.c — the character encodings of PGN files (chess-encoding.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: any bytes. The UTF-8 validator is compared with a plain
 * reference written here from RFC 3629's table (no shared code), and
 * with the validation of the same bytes fed in three pieces cut where the
 * input says; Windows-1252 decoding gives valid UTF-8 that encodes back
 * to the same bytes; chess_text_to_utf8() always gives valid UTF-8, the
 * input itself when that was valid; UTF-16 in both byte orders decodes
 * to valid UTF-8 within its bound and, when well-formed, encodes back to
 * the same bytes; valid UTF-8 goes to UTF-16 and back unchanged.
 */
#include <stdbool.h>
#include <string.h>

#include "chess-encoding.h"
#include "fuzz.h"

/* RFC 3629, section 4, one byte at a time: the offset of the first byte
 * of the first invalid sequence, or len. */
static size_t
reference_valid (const uint8_t *s,
                 size_t         len)
{
  size_t i = 0;

  while (i < len)
    {
      uint8_t c = s[i];
      size_t n;
      uint8_t lo = 0x80, hi = 0xBF;

      if (c <= 0x7F)
        {
          i++;
          continue;
        }
      if (c >= 0xC2 && c <= 0xDF)
        n = 2;
      else if (c == 0xE0)
        n = 3, lo = 0xA0;
      else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
        n = 3;
      else if (c == 0xED)
        n = 3, hi = 0x9F;
      else if (c == 0xF0)
        n = 4, lo = 0x90;
      else if (c >= 0xF1 && c <= 0xF3)
        n = 4;
      else if (c == 0xF4)
        n = 4, hi = 0x8F;
      else
        return i;
      if (i + n > len)
        return i;
      if (s[i + 1] < lo || s[i + 1] > hi)
        return i;
      for (size_t k = 2; k < n; k++)
        if (s[i + k] < 0x80 || s[i + k] > 0xBF)
          return i;
      i += n;
    }
  return len;
}

int
caissa_fuzz_encoding (const uint8_t *data,
                      size_t         size)
{
  const char *text = (const char *) data;
  size_t bad = 0, ref = reference_valid (data, size);
  bool valid = chess_utf8_valid (text, size, &bad);
  char *out, *back;
  size_t cap, n, back_len;

  FUZZ_CHECK (valid == (ref == size), "validity %d, reference %zu of %zu", valid, ref, size);
  FUZZ_CHECK (bad == ref, "first invalid byte at %zu, reference %zu", bad, ref);

  /* In pieces, cut at places the input chooses. */
  {
    ChessUtf8Scan scan = { 0 };
    size_t a = size > 0 ? data[0] % (size + 1) : 0;
    size_t b = size > 1 ? a + data[1] % (size - a + 1) : a;

    chess_utf8_scan_feed (&scan, text, a);
    chess_utf8_scan_feed (&scan, text + a, b - a);
    chess_utf8_scan_feed (&scan, text + b, size - b);
    FUZZ_CHECK (chess_utf8_scan_finish (&scan) == valid, "scan cut at %zu and %zu differs", a, b);
  }

  /* Windows-1252: every byte is a character, and comes back. */
  cap = CHESS_CP1252_TO_UTF8_MAX (size);
  out = malloc (cap);
  back = malloc (size + 1);
  FUZZ_CHECK (out != NULL && back != NULL, "out of memory");
  n = chess_cp1252_to_utf8 (text, size, out);
  FUZZ_CHECK (n < cap && out[n] == '\0', "decoded %zu bytes into %zu", n, cap);
  FUZZ_CHECK (chess_utf8_valid (out, n, NULL), "Windows-1252 decoded to invalid UTF-8");
  FUZZ_CHECK (chess_utf8_to_cp1252 (out, n, back, &back_len, &bad), "does not encode back at %zu", bad);
  FUZZ_CHECK (back_len == size && memcmp (back, data, size) == 0, "Windows-1252 round trip differs");

  n = chess_text_to_utf8 (text, size, out);
  FUZZ_CHECK (n < cap && chess_utf8_valid (out, n, NULL), "chess_text_to_utf8 gave invalid UTF-8");
  if (valid)
    FUZZ_CHECK (n == size && memcmp (out, data, size) == 0, "valid UTF-8 was changed");
  free (out);
  free (back);

  /* UTF-16, both byte orders. */
  for (int big = 0; big < 2; big++)
    {
      bool exact;

      cap = CHESS_UTF16_TO_UTF8_MAX (size);
      out = malloc (cap);
      FUZZ_CHECK (out != NULL, "out of memory");
      exact = chess_utf16_to_utf8 (text, size, big, out, &n);
      FUZZ_CHECK (n < cap && out[n] == '\0', "UTF-16 decoded %zu bytes into %zu", n, cap);
      FUZZ_CHECK (chess_utf8_valid (out, n, NULL), "UTF-16 decoded to invalid UTF-8");
      back = malloc (CHESS_UTF8_TO_UTF16_MAX (n) + 1);
      FUZZ_CHECK (back != NULL, "out of memory");
      FUZZ_CHECK (chess_utf8_to_utf16 (out, n, big, back, &back_len, &bad), "does not encode back");
      if (exact)
        FUZZ_CHECK (back_len == size && memcmp (back, data, size) == 0, "UTF-16 round trip differs");
      else
        FUZZ_CHECK (back_len != size || memcmp (back, data, size) != 0,
                    "called not well-formed, yet it comes back the same");
      free (out);
      free (back);
    }

  /* Valid UTF-8 through UTF-16 and back. */
  if (valid)
    {
      back = malloc (CHESS_UTF8_TO_UTF16_MAX (size) + 1);
      out = malloc (CHESS_UTF16_TO_UTF8_MAX (CHESS_UTF8_TO_UTF16_MAX (size)));
      FUZZ_CHECK (back != NULL && out != NULL, "out of memory");
      FUZZ_CHECK (chess_utf8_to_utf16 (text, size, false, back, &back_len, NULL), "valid UTF-8 refused");
      FUZZ_CHECK (chess_utf16_to_utf8 (back, back_len, false, out, &n), "own UTF-16 not well-formed");
      FUZZ_CHECK (n == size && memcmp (out, data, size) == 0, "UTF-8 → UTF-16 → UTF-8 differs");
      free (out);
      free (back);
    }

  /* Detection agrees with the validator. */
  {
    size_t bom = 0;
    ChessEncoding e = chess_encoding_detect (text, size, &bom);

    if (size >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF)))
      FUZZ_CHECK (bom == 2 && (e == CHESS_ENCODING_UTF16LE || e == CHESS_ENCODING_UTF16BE), "BOM missed");
    else
      FUZZ_CHECK (e == (valid ? CHESS_ENCODING_UTF8 : CHESS_ENCODING_CP1252), "detected %d", (int) e);
  }
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_encoding)
