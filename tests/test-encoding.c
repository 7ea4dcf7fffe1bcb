/* test-encoding.c — UTF-8 validation, Windows-1252 and UTF-16 (chess-encoding.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib's own UTF-8 validator and iconv's WINDOWS-1252 serve as the
 * independent answers where they exist.
 */
#include <glib.h>
#include <string.h>

#include "chess-encoding.h"

/* --- Windows-1252 ---------------------------------------------------------- */

/* Every byte decodes to what iconv says (for the five bytes Windows-1252
 * leaves undefined, iconv says nothing: they are the C1 controls), the
 * result is valid UTF-8, and encoding it gives the byte back. */
static void
test_cp1252_every_byte (void)
{
  static const unsigned char undefined[] = { 0x81, 0x8D, 0x8F, 0x90, 0x9D };

  for (guint b = 0; b < 256; b++)
    {
      char in[1] = { (char) b };
      char out[CHESS_CP1252_TO_UTF8_MAX (1)];
      char back[4];
      size_t n = chess_cp1252_to_utf8 (in, 1, out), back_len = 0, bad = 99;
      g_autofree char *expected = NULL;
      uint32_t cp = 0;

      g_assert_true (g_utf8_validate_len (out, n, NULL) || b == 0);
      g_assert_cmpuint (chess_utf8_next (out, n, &cp), ==, n);
      g_assert_cmpuint (cp, ==, chess_cp1252_char ((unsigned char) b));
      if (memchr (undefined, b, sizeof undefined) != NULL)
        g_assert_cmpuint (cp, ==, b);
      else
        {
          expected = g_convert (in, 1, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
          g_assert_nonnull (expected);
          g_assert_cmpmem (out, n, expected, strlen (expected) + (b == 0));
        }
      if (b >= 0x80)
        g_assert_cmpuint (cp, !=, 0xFFFD);

      g_assert_true (chess_utf8_to_cp1252 (out, n, back, &back_len, &bad));
      g_assert_cmpuint (back_len, ==, 1);
      g_assert_cmpuint (bad, ==, n);
      g_assert_cmpint ((guchar) back[0], ==, b);
    }
}

static void
test_cp1252_known (void)
{
  static const struct
  {
    unsigned char byte;
    const char   *utf8;
  } rows[] = {
    { 0x80, "€" }, { 0x84, "„" }, { 0x85, "…" }, { 0x8A, "Š" }, { 0x8C, "Œ" },
    { 0x8E, "Ž" }, { 0x93, "“" }, { 0x94, "”" }, { 0x96, "–" }, { 0x97, "—" },
    { 0x99, "™" }, { 0x9F, "Ÿ" }, { 0xA0, "\u00a0" }, { 0xBD, "½" }, { 0xE9, "é" },
    { 0xFC, "ü" }, { 0xFF, "ÿ" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      char out[8];
      char in[1] = { (char) rows[i].byte };

      chess_cp1252_to_utf8 (in, 1, out);
      g_assert_cmpstr (out, ==, rows[i].utf8);
    }
}

/* All 256 bytes in one text: decoded, encoded, the same bytes. */
static void
test_cp1252_round_trip (void)
{
  char in[256], back[256];
  char out[CHESS_CP1252_TO_UTF8_MAX (256)];
  size_t n, back_len, bad;

  for (guint i = 0; i < 256; i++)
    in[i] = (char) (255 - i);
  n = chess_cp1252_to_utf8 (in, 256, out);
  /* (The last byte is 0x00: a NUL inside the text.) */
  g_assert_cmpint (out[n - 1], ==, '\0');
  g_assert_cmpuint (strlen (out), ==, n - 1);
  g_assert_true (chess_utf8_valid (out, n, NULL));
  g_assert_true (chess_utf8_to_cp1252 (out, n, back, &back_len, &bad));
  g_assert_cmpmem (back, back_len, in, 256);
}

static void
test_cp1252_does_not_fit (void)
{
  static const struct
  {
    const char *utf8;
    size_t      bad;
  } rows[] = {
    { "Łódź", 0 },
    { "Müller – Šахматы", 14 },       /* the first Cyrillic letter */
    { "café €5 ♔", 11 },              /* the king */
    { "ok \xc2\x80", 3 },             /* U+0080: 0x80 is € in Windows-1252 */
    { "bad \xff", 4 },                /* not UTF-8 at all */
    { "cut \xe2\x82", 4 },
    { "𝄞", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      char out[64];
      size_t out_len = 99, bad = 99;

      g_assert_false (chess_utf8_to_cp1252 (rows[i].utf8, strlen (rows[i].utf8), out, &out_len, &bad));
      g_assert_cmpuint (bad, ==, rows[i].bad);
    }
}

/* --- UTF-8 ----------------------------------------------------------------- */

static void
test_utf8_table (void)
{
  static const struct
  {
    const char *bytes;
    size_t      len;
    size_t      bad;    /* len when valid */
  } rows[] = {
    { "", 0, 0 },
    { "1. e4 e5", 8, 8 },
    { "é", 2, 2 },
    { "€", 3, 3 },
    { "\xf0\x9d\x84\x9e", 4, 4 },           /* U+1D11E */
    { "\xf4\x8f\xbf\xbf", 4, 4 },           /* U+10FFFF, the last */
    { "\xef\xbb\xbf[", 4, 4 },              /* a byte order mark */
    { "ab\0cd", 5, 5 },                     /* NUL is a character */
    { "\x80", 1, 0 },                       /* a lone continuation */
    { "x\xbf", 2, 1 },
    { "\xc0\x80", 2, 0 },                   /* overlong NUL */
    { "\xc1\xbf", 2, 0 },                   /* overlong */
    { "\xe0\x80\x80", 3, 0 },               /* overlong */
    { "\xe0\x9f\xbf", 3, 0 },               /* overlong */
    { "\xf0\x80\x80\x80", 4, 0 },           /* overlong */
    { "\xf0\x8f\xbf\xbf", 4, 0 },           /* overlong */
    { "\xed\xa0\x80", 3, 0 },               /* a surrogate */
    { "\xed\xbf\xbf", 3, 0 },               /* a surrogate */
    { "\xf4\x90\x80\x80", 4, 0 },           /* past U+10FFFF */
    { "\xf5\x80\x80\x80", 4, 0 },
    { "\xf8\x88\x80\x80\x80", 5, 0 },       /* five bytes */
    { "\xfe", 1, 0 },
    { "\xff", 1, 0 },
    { "M\xfcller", 7, 1 },                  /* Latin-1 */
    { "abc\xe2\x82", 5, 3 },                /* cut short */
    { "abc\xe2\x82x", 6, 3 },
    { "abcdefghijklmnop\xc3", 17, 16 },     /* after a fast run */
    { "abcdefgh\xc3\xa9ijklmnop\x93", 19, 18 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      size_t bad = 12345;
      gboolean valid = chess_utf8_valid (rows[i].bytes, rows[i].len, &bad);

      g_test_message ("row %u", i);
      g_assert_cmpint (valid, ==, rows[i].bad == rows[i].len);
      g_assert_cmpuint (bad, ==, rows[i].bad);
    }
}

/* Random bytes, most of them near the boundaries that matter, against
 * GLib's validator (which stops at NUL: none are made). */
static void
test_utf8_random (void)
{
  static const guchar interesting[] = {
    0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, 'a',
  };
  GRand *rand = g_rand_new_with_seed (12);

  for (guint round = 0; round < 200000; round++)
    {
      guchar buf[24];
      guint len = g_rand_int_range (rand, 1, sizeof buf + 1);
      const char *glib_end = NULL;
      size_t bad;
      gboolean valid;

      for (guint i = 0; i < len; i++)
        buf[i] = g_rand_boolean (rand)
                 ? interesting[g_rand_int_range (rand, 0, G_N_ELEMENTS (interesting))]
                 : (guchar) g_rand_int_range (rand, 1, 256);
      valid = g_utf8_validate_len ((const char *) buf, len, &glib_end);
      g_assert_cmpint (chess_utf8_valid ((const char *) buf, len, &bad), ==, valid);
      g_assert_cmpuint (bad, ==, (size_t) (glib_end - (const char *) buf));
    }
  g_rand_free (rand);
}

/* Text cut into pieces anywhere (inside a sequence too) scans as the whole
 * text validates. */
static void
test_utf8_scan_pieces (void)
{
  static const char *const texts[] = {
    "[White \"Müller, Jürgen\"] { ♔ 𝄞 € } 1. e4",
    "ascii only, eight bytes and more, and more",
    "é\xed\xa0\x80 surrogate",
    "abc\xe2\x82",
    "M\xfcller",
    "\xf0\x9d\x84",
    "",
  };

  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      size_t len = strlen (texts[t]);
      gboolean valid = chess_utf8_valid (texts[t], len, NULL);

      for (size_t a = 0; a <= len; a++)
        for (size_t b = a; b <= len; b++)
          {
            ChessUtf8Scan scan = { 0 };

            chess_utf8_scan_feed (&scan, texts[t], a);
            chess_utf8_scan_feed (&scan, texts[t] + a, b - a);
            chess_utf8_scan_feed (&scan, texts[t] + b, len - b);
            g_assert_cmpint (chess_utf8_scan_finish (&scan), ==, valid);
            g_assert_cmpint (scan.non_ascii, ==, strcmp (texts[t], "ascii only, eight bytes and more, and more") != 0 && len > 0);
          }
    }
}

static void
test_text_to_utf8 (void)
{
  char out[64];

  g_assert_cmpuint (chess_text_to_utf8 ("Müller", strlen ("Müller"), out), ==, strlen ("Müller"));
  g_assert_cmpstr (out, ==, "Müller");
  chess_text_to_utf8 ("M\xfcller \x93x\x94 \xff", 12, out);
  g_assert_cmpstr (out, ==, "Müller “x” ÿ");
  chess_text_to_utf8 ("", 0, out);
  g_assert_cmpstr (out, ==, "");
}

/* --- UTF-16 and detection -------------------------------------------------- */

static void
test_detect (void)
{
  static const struct
  {
    const char   *bytes;
    size_t        len;
    ChessEncoding encoding;
    size_t        bom;
  } rows[] = {
    { "", 0, CHESS_ENCODING_UTF8, 0 },
    { "[Event \"x\"]", 11, CHESS_ENCODING_UTF8, 0 },
    { "\xef\xbb\xbf[Event", 9, CHESS_ENCODING_UTF8, 3 },
    { "[White \"M\xfcller\"]", 17, CHESS_ENCODING_CP1252, 0 },
    { "\xff\xfe[\0E\0", 6, CHESS_ENCODING_UTF16LE, 2 },
    { "\xfe\xff\0[\0E", 6, CHESS_ENCODING_UTF16BE, 2 },
    { "\xff", 1, CHESS_ENCODING_CP1252, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      size_t bom = 99;

      g_assert_cmpint (chess_encoding_detect (rows[i].bytes, rows[i].len, &bom), ==, rows[i].encoding);
      g_assert_cmpuint (bom, ==, rows[i].bom);
    }
  g_assert_cmpstr (chess_encoding_name (CHESS_ENCODING_CP1252), ==, "Windows-1252");
  g_assert_cmpstr (chess_encoding_name (CHESS_ENCODING_UTF16LE), ==, "UTF-16LE");
}

/* Both byte orders, against GLib's converter, and back. */
static void
test_utf16_round_trip (void)
{
  static const char *const texts[] = {
    "[White \"Müller\"]\n1. e4 { ♔ 𝄞 € } 1-0\n",
    "",
    "\xf4\x8f\xbf\xbf",
  };

  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    for (guint big = 0; big < 2; big++)
      {
        size_t len = strlen (texts[t]), n16 = 0, n8 = 0, bad = 99;
        g_autofree char *utf16 = g_malloc (CHESS_UTF8_TO_UTF16_MAX (len) + 1);
        g_autofree char *expected = NULL;
        g_autofree char *back = NULL;
        gsize expected_len = 0;

        g_assert_true (chess_utf8_to_utf16 (texts[t], len, big, utf16, &n16, &bad));
        g_assert_cmpuint (bad, ==, len);
        expected = g_convert (texts[t], len, big ? "UTF-16BE" : "UTF-16LE", "UTF-8", NULL,
                              &expected_len, NULL);
        g_assert_cmpmem (utf16, n16, expected, expected_len);

        back = g_malloc (CHESS_UTF16_TO_UTF8_MAX (n16));
        g_assert_true (chess_utf16_to_utf8 (utf16, n16, big, back, &n8));
        g_assert_cmpmem (back, n8, texts[t], len);
        g_assert_cmpuint (strlen (back), ==, n8);
      }
}

static void
test_utf16_damaged (void)
{
  /* A lone high surrogate, a lone low one, an odd last byte (LE). */
  static const char lone_high[] = { 'a', 0, 0x00, (char) 0xD8, 'b', 0 };
  static const char lone_low[] = { 0x00, (char) 0xDC, 'c', 0 };
  static const char odd[] = { 'd', 0, 'e' };
  char out[32];
  size_t n = 0;

  g_assert_false (chess_utf16_to_utf8 (lone_high, sizeof lone_high, false, out, &n));
  g_assert_cmpstr (out, ==, "a\uFFFDb");
  g_assert_false (chess_utf16_to_utf8 (lone_low, sizeof lone_low, false, out, &n));
  g_assert_cmpstr (out, ==, "\uFFFDc");
  g_assert_false (chess_utf16_to_utf8 (odd, sizeof odd, false, out, &n));
  g_assert_cmpstr (out, ==, "d\uFFFD");
  g_assert_cmpuint (n, <=, CHESS_UTF16_TO_UTF8_MAX (sizeof odd));

  /* Invalid UTF-8 is refused on the way out, with its place. */
  {
    size_t bad = 99;

    g_assert_false (chess_utf8_to_utf16 ("ab\xff", 3, false, out, &n, &bad));
    g_assert_cmpuint (bad, ==, 2);
  }
}

/* The worst case of each size bound is within it. */
static void
test_bounds (void)
{
  static char in[4096], out[CHESS_UTF16_TO_UTF8_MAX (4096)], wide[CHESS_CP1252_TO_UTF8_MAX (4096)];
  size_t n = 0;

  /* U+0800 in UTF-16 (two bytes) is three in UTF-8. */
  for (guint i = 0; i < sizeof in; i += 2)
    {
      in[i] = 0x00;
      in[i + 1] = 0x08;
    }
  chess_utf16_to_utf8 (in, sizeof in, false, out, &n);
  g_assert_cmpuint (n + 1, <=, CHESS_UTF16_TO_UTF8_MAX (sizeof in));
  /* € (0x80) is three bytes of UTF-8 for one of Windows-1252. */
  memset (in, 0x80, sizeof in);
  g_assert_cmpuint (chess_cp1252_to_utf8 (in, sizeof in, wide) + 1, ==, CHESS_CP1252_TO_UTF8_MAX (sizeof in));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/encoding/cp1252/every-byte", test_cp1252_every_byte);
  g_test_add_func ("/core/encoding/cp1252/known", test_cp1252_known);
  g_test_add_func ("/core/encoding/cp1252/round-trip", test_cp1252_round_trip);
  g_test_add_func ("/core/encoding/cp1252/does-not-fit", test_cp1252_does_not_fit);
  g_test_add_func ("/core/encoding/utf8/table", test_utf8_table);
  g_test_add_func ("/core/encoding/utf8/random", test_utf8_random);
  g_test_add_func ("/core/encoding/utf8/scan-pieces", test_utf8_scan_pieces);
  g_test_add_func ("/core/encoding/text-to-utf8", test_text_to_utf8);
  g_test_add_func ("/core/encoding/detect", test_detect);
  g_test_add_func ("/core/encoding/utf16/round-trip", test_utf16_round_trip);
  g_test_add_func ("/core/encoding/utf16/damaged", test_utf16_damaged);
  g_test_add_func ("/core/encoding/bounds", test_bounds);

  return g_test_run ();
}
