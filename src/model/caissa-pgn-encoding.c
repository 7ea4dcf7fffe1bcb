/* caissa-pgn-encoding.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "caissa-fault-guard.h"
#include "caissa-pgn-encoding.h"
#include "caissa-pgn-file.h"

char *
caissa_pgn_decode_text (const char *raw,
                        gsize       len,
                        gsize      *out_len)
{
  char *out;

  if (chess_utf8_valid (raw, len, NULL))
    return NULL;
  out = g_malloc (CHESS_CP1252_TO_UTF8_MAX (len));
  len = chess_cp1252_to_utf8 (raw, len, out);
  if (out_len != NULL)
    *out_len = len;
  return out;
}

char *
caissa_pgn_dup_utf8 (const char *raw,
                     gsize       len)
{
  char *out = caissa_pgn_decode_text (raw, len, NULL);

  return out != NULL ? out : g_strndup (raw, len);
}

gulong
caissa_pgn_char_column (const char *text,
                        gsize       len,
                        gsize       offset,
                        gulong      column)
{
  gsize start;

  if (column == 0 || offset > len || column - 1 > offset)
    return column;
  start = offset - (column - 1);
  return (gulong) g_utf8_strlen (text + start, (gssize) (offset - start)) + 1;
}

ChessEncoding
caissa_pgn_game_encoding (ChessEncoding  file_encoding,
                          const char    *raw,
                          gsize          len)
{
  ChessUtf8Scan scan = { 0 };

  if (file_encoding != CHESS_ENCODING_CP1252)
    return file_encoding;
  /* A game of UTF-8 in a file joined from both kinds stays UTF-8; one of
   * ASCII takes the file's encoding. */
  chess_utf8_scan_feed (&scan, raw, len);
  if (chess_utf8_scan_finish (&scan) && scan.non_ascii)
    return CHESS_ENCODING_UTF8;
  return CHESS_ENCODING_CP1252;
}

GBytes *
caissa_pgn_encode_game (const char     *pgn,
                        ChessEncoding   encoding,
                        const char     *name,
                        GError        **error)
{
  gsize len = strlen (pgn), out_len = 0, bad = 0;
  g_autofree char *out = NULL;
  g_autofree char *character = NULL;
  const char *line_start = pgn;
  gulong line = 1;
  uint32_t cp;
  gsize n;

  if (encoding != CHESS_ENCODING_CP1252)
    return g_bytes_new (pgn, len);

  out = g_malloc (MAX (len, 1));
  if (chess_utf8_to_cp1252 (pgn, len, out, &out_len, &bad))
    return g_bytes_new_take (g_steal_pointer (&out), out_len);

  for (const char *p = pgn; p < pgn + bad; p++)
    if (*p == '\n')
      {
        line++;
        line_start = p + 1;
      }
  n = chess_utf8_next (pgn + bad, len - bad, &cp);
  character = n > 0 ? g_strndup (pgn + bad, n) : g_strdup ("?");
  g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_ENCODING,
               /* Translators: a character, the line and column of the
                * game where it is, an encoding's name ("Windows-1252"),
                * then a file name. */
               _("“%s” (line %lu, column %lu of the game) cannot be written in %s, the encoding of %s"),
               character, line, (gulong) g_utf8_strlen (line_start, pgn + bad - line_start) + 1,
               chess_encoding_name (encoding), name);
  return NULL;
}

GBytes *
caissa_pgn_utf16_decode (GBytes        *bytes,
                         gboolean       mapped,
                         ChessEncoding *encoding,
                         gboolean      *exact,
                         gboolean      *gone)
{
  gsize len = 0, out_len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  unsigned char head[2] = { 0, 0 };
  CaissaFaultGuard guard;
  char *out;
  gboolean big;
  volatile gboolean ok = FALSE;

  *gone = FALSE;
  if (len < 2)
    return NULL;
  if (!mapped)
    memcpy (head, data, 2);
  else if (!caissa_fault_guard_copy (head, data, 2, NULL))
    {
      *gone = TRUE;
      return NULL;
    }
  if (!((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF)))
    return NULL;
  big = head[0] == 0xFE;
  *encoding = big ? CHESS_ENCODING_UTF16BE : CHESS_ENCODING_UTF16LE;

  /* Allocated before the guard: the decoder itself allocates nothing. */
  out = g_try_malloc (CHESS_UTF16_TO_UTF8_MAX (len - 2));
  if (out == NULL)
    {
      *gone = TRUE;
      return NULL;
    }
  if (!mapped)
    *exact = chess_utf16_to_utf8 (data + 2, len - 2, big, out, &out_len);
  else
    {
      volatile gboolean result = FALSE;

      caissa_fault_guard_push (&guard, data, len);
      if (CAISSA_FAULT_GUARD_TRY (&guard))
        {
          result = chess_utf16_to_utf8 (data + 2, len - 2, big, out, &out_len);
          ok = TRUE;
          caissa_fault_guard_pop (&guard);
        }
      if (!ok)
        {
          g_free (out);
          *gone = TRUE;
          return NULL;
        }
      *exact = result;
    }
  return g_bytes_new_take (g_realloc (out, out_len + 1), out_len);
}

GBytes *
caissa_pgn_utf16_encode (const char *const *pieces,
                         const gsize       *lengths,
                         guint              n,
                         ChessEncoding      encoding)
{
  gboolean big = encoding == CHESS_ENCODING_UTF16BE;
  gsize total = 0, at = 2;
  char *out;

  g_assert (encoding == CHESS_ENCODING_UTF16LE || encoding == CHESS_ENCODING_UTF16BE);

  for (guint i = 0; i < n; i++)
    total += lengths[i];
  out = g_try_malloc (CHESS_UTF8_TO_UTF16_MAX (total) + 2);
  if (out == NULL)
    return NULL;
  out[0] = big ? (char) 0xFE : (char) 0xFF;
  out[1] = big ? (char) 0xFF : (char) 0xFE;
  for (guint i = 0; i < n; i++)
    {
      gsize written = 0;

      /* A piece cut inside a character cannot happen: the pieces are
       * whole games and whole files of UTF-8. */
      if (!chess_utf8_to_utf16 (pieces[i], lengths[i], big, out + at, &written, NULL))
        {
          g_free (out);
          return NULL;
        }
      at += written;
    }
  return g_bytes_new_take (out, at);
}

GBytes *
caissa_pgn_encode_for_save (const char          *pgn,
                            ChessEncoding        file_encoding,
                            gboolean             exact,
                            const char          *raw,
                            gsize                raw_len,
                            CaissaPgnSaveFlags   flags,
                            const char          *name,
                            GError             **error)
{
  if (flags & CAISSA_PGN_SAVE_UTF8)
    return g_bytes_new (pgn, strlen (pgn));
  if ((file_encoding == CHESS_ENCODING_UTF16LE || file_encoding == CHESS_ENCODING_UTF16BE) && !exact)
    {
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_ENCODING,
                   /* Translators: a file name, then an encoding's name. */
                   _("%s is not well-formed %s: it cannot be written back unchanged"),
                   name, chess_encoding_name (file_encoding));
      return NULL;
    }
  return caissa_pgn_encode_game (pgn, caissa_pgn_game_encoding (file_encoding, raw, raw_len), name, error);
}
