/* caissa-pgn-encoding.h — the character encodings of PGN files, for
 * CaissaPgnFile (chess-encoding.h has the rule and the converters).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How a file is read. A file that starts with a UTF-16 byte order mark is
 * decoded to UTF-8 once, when it is opened, and everything else works on
 * that. Any other file is worked on as it is on disk (it may be a mapped
 * gigabyte), and each game is decoded when it is read: its bytes as they
 * are when they are valid UTF-8, else as Windows-1252. So is each tag value
 * a game list shows, and each error message (which may quote the file).
 * The rule per game, rather than per file, reads right a file joined from
 * UTF-8 and Windows-1252 files, which real collections often are; the
 * file's encoding (caissa_pgn_file_get_encoding()) is UTF-8 when every byte
 * is, Windows-1252 when some game is not.
 *
 * Columns. The reader counts columns in bytes. In a game decoded from
 * Windows-1252 a character is one byte in the file, so the column told is
 * the count of characters: the byte's column in the file.
 *
 * How a game is written. Bytes of games that were not edited are copied as
 * they are. An edited game is written in its own encoding: Windows-1252
 * when its bytes were (or were ASCII in a Windows-1252 file), UTF-8 when
 * they were UTF-8, and a UTF-16 file is written back whole in UTF-16 with
 * its mark. When a character of the game has no byte in that encoding the
 * save is refused with CAISSA_PGN_FILE_ERROR_ENCODING, which names the
 * first such character and where it is; CAISSA_PGN_SAVE_UTF8 then writes
 * the whole file in UTF-8 (every game decoded by the rule above).
 */
#pragma once

#include <gio/gio.h>

#include "chess-encoding.h"
#include "caissa-pgn-file.h"

G_BEGIN_DECLS

/* A game's or a tag's bytes from a file that is not UTF-16, as UTF-8: NULL
 * when they are UTF-8 already (use them as they are), else a new string
 * decoded from Windows-1252 (*out_len its length). */
char          *caissa_pgn_decode_text     (const char    *raw,
                                           gsize          len,
                                           gsize         *out_len);

/* The same, always a new string. */
char          *caissa_pgn_dup_utf8        (const char    *raw,
                                           gsize          len);

/* The column, in characters, of the byte at offset in text (UTF-8), which
 * the reader called column in bytes. */
gulong         caissa_pgn_char_column     (const char    *text,
                                           gsize          len,
                                           gsize          offset,
                                           gulong         column);

/* The encoding the game whose bytes are raw[0..len) is written back in,
 * in a file whose encoding is file_encoding (see above). */
ChessEncoding  caissa_pgn_game_encoding   (ChessEncoding  file_encoding,
                                           const char    *raw,
                                           gsize          len);

/* pgn (UTF-8) in encoding (UTF-8 or Windows-1252), or NULL with
 * CAISSA_PGN_FILE_ERROR_ENCODING naming the first character that does not
 * fit; name is the file's, for the message. */
GBytes        *caissa_pgn_encode_game     (const char    *pgn,
                                           ChessEncoding  encoding,
                                           const char    *name,
                                           GError       **error);

/* The edited game pgn as a save writes it into a file of file_encoding
 * (exact: a UTF-16 file's bytes encode back the same), where the game's
 * bytes were raw (NULL for a game appended); with CAISSA_PGN_SAVE_UTF8,
 * pgn itself. NULL with ENCODING when it cannot be written (see above). */
GBytes        *caissa_pgn_encode_for_save (const char          *pgn,
                                           ChessEncoding        file_encoding,
                                           gboolean             exact,
                                           const char          *raw,
                                           gsize                raw_len,
                                           CaissaPgnSaveFlags   flags,
                                           const char          *name,
                                           GError             **error);

/* bytes decoded from UTF-16 when they start with its byte order mark (the
 * mark dropped), else NULL. *encoding receives which UTF-16, *exact
 * whether encoding the result back gives the same bytes. A mapped file's
 * bytes are read under a fault guard: *gone is TRUE (and NULL returned)
 * when some were gone. */
GBytes        *caissa_pgn_utf16_decode    (GBytes        *bytes,
                                           gboolean       mapped,
                                           ChessEncoding *encoding,
                                           gboolean      *exact,
                                           gboolean      *gone);

/* The n pieces of UTF-8 joined and written as UTF-16 of encoding, after
 * its byte order mark; NULL (never, for valid UTF-8) when a piece is not
 * UTF-8. */
GBytes        *caissa_pgn_utf16_encode    (const char *const *pieces,
                                           const gsize       *lengths,
                                           guint              n,
                                           ChessEncoding      encoding);

G_END_DECLS
