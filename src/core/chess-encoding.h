/* chess-encoding.h — the character encodings PGN files are found in.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PGN is meant to be ASCII (the standard says Latin-1), most files written
 * today are UTF-8, and old collections, bulletins and ChessBase exports are
 * Windows-1252, the superset of Latin-1 that gives 0x80–0x9F printable
 * characters (€, ‚, „, …, Š, Œ, Ž, š, œ, ž, Ÿ and the smart quotes). A few
 * Windows tools write UTF-16 with a byte order mark.
 *
 * The rule every reader of Caissa follows: a text with a UTF-16 byte order
 * mark is UTF-16; else a text that is valid UTF-8 is UTF-8; else it is
 * Windows-1252, where every byte is a character, so nothing is ever lost or
 * shown as U+FFFD. The five bytes Windows-1252 leaves undefined (0x81,
 * 0x8D, 0x8F, 0x90, 0x9D) decode to the C1 controls of the same number, as
 * Windows and the WHATWG encoding standard do, so that decoding then
 * encoding gives back every byte.
 *
 * The functions write into buffers the caller sizes with the _MAX macros
 * and never allocate, so the model may run them over a memory-mapped file
 * under a fault guard (a jump out of a fault never leaves a half-made
 * allocation). Plain C, libc only.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
  CHESS_ENCODING_UTF8,
  CHESS_ENCODING_CP1252,
  CHESS_ENCODING_UTF16LE,
  CHESS_ENCODING_UTF16BE,
} ChessEncoding;

/* "UTF-8", "Windows-1252", "UTF-16LE", "UTF-16BE". */
const char   *chess_encoding_name     (ChessEncoding encoding);

/* The encoding of data by the rule above. bom_len (if not NULL) receives
 * the length of its byte order mark (2 for UTF-16, 3 for a UTF-8 one, else
 * 0). Reads the whole text unless it starts with a UTF-16 mark. */
ChessEncoding chess_encoding_detect   (const char *data, size_t len, size_t *bom_len);

/* --- UTF-8 ----------------------------------------------------------------- */

/* Whether data is valid UTF-8: shortest forms only, no surrogates, nothing
 * past U+10FFFF. bad (if not NULL) receives the offset of the first byte
 * of the first invalid sequence (len when valid). ASCII runs go eight
 * bytes at a time. */
bool          chess_utf8_valid        (const char *data, size_t len, size_t *bad);

/* The character at data[0..len): its length in bytes (1–4) and *cp, or 0
 * when the bytes are not a valid sequence (len 0 included). */
size_t        chess_utf8_next         (const char *data, size_t len, uint32_t *cp);

/* Writes cp (≤ U+10FFFF, not a surrogate) as UTF-8 into out (room for 4);
 * returns its length. */
size_t        chess_utf8_put          (uint32_t cp, char *out);

/* Validation of a text that comes in pieces (a file indexed step by step):
 * a sequence may be cut between two pieces. Zero-initialise, feed the
 * pieces in order, then finish. */
typedef struct
{
  unsigned char carry[4];  /* the start of a sequence cut by a piece's end */
  unsigned      n_carry;
  bool          invalid;
  bool          non_ascii; /* some byte ≥ 0x80 was seen */
} ChessUtf8Scan;

void          chess_utf8_scan_feed    (ChessUtf8Scan *scan, const char *data, size_t len);
/* Whether the whole text was valid UTF-8. */
bool          chess_utf8_scan_finish  (ChessUtf8Scan *scan);

/* --- Windows-1252 ---------------------------------------------------------- */

/* Room for the UTF-8 of len bytes of Windows-1252, and its NUL. */
#define CHESS_CP1252_TO_UTF8_MAX(len) ((len) * 3 + 1)

/* The code point Windows-1252 byte b stands for. */
uint32_t      chess_cp1252_char       (unsigned char b);

/* Decodes len bytes of Windows-1252 into out (CHESS_CP1252_TO_UTF8_MAX
 * (len) bytes), NUL-terminated; returns the length without the NUL. */
size_t        chess_cp1252_to_utf8    (const char *in, size_t len, char *out);

/* Encodes UTF-8 as Windows-1252 into out (room for len bytes; no NUL is
 * added). Returns true with *out_len when every character has a byte;
 * false when one has none (or the input is not valid UTF-8), with *bad the
 * offset in the input of that character (out then holds what came
 * before). */
bool          chess_utf8_to_cp1252    (const char *in, size_t len, char *out, size_t *out_len,
                                       size_t *bad);

/* Into out (CHESS_CP1252_TO_UTF8_MAX (len) bytes, NUL-terminated): in as
 * it is when it is valid UTF-8, else decoded as Windows-1252 (the rule
 * above for a text known to have no UTF-16 mark). Returns the length. For
 * text that must be shown or printed: the result is always valid UTF-8. */
size_t        chess_text_to_utf8      (const char *in, size_t len, char *out);

/* --- UTF-16 ---------------------------------------------------------------- */

/* Room for the UTF-8 of len bytes of UTF-16, and its NUL: a unit (two
 * bytes) gives at most three bytes, a pair (four) four, an odd last byte
 * a U+FFFD (three). */
#define CHESS_UTF16_TO_UTF8_MAX(len) ((len) / 2 * 3 + 4)
/* Room for the UTF-16 of len bytes of UTF-8: at most two bytes a byte. */
#define CHESS_UTF8_TO_UTF16_MAX(len) ((len) * 2)

/* Decodes UTF-16 (after its byte order mark) into out, NUL-terminated;
 * *out_len receives the length. Returns false when the text was not
 * well-formed (an unpaired surrogate or an odd last byte, each written as
 * U+FFFD): encoding the result back would not give the same bytes. */
bool          chess_utf16_to_utf8     (const char *in, size_t len, bool big_endian, char *out,
                                       size_t *out_len);

/* Encodes UTF-8 as UTF-16 (no byte order mark) into out. Returns false
 * when the input is not valid UTF-8, with *bad the offset of the first
 * invalid byte. */
bool          chess_utf8_to_utf16     (const char *in, size_t len, bool big_endian, char *out,
                                       size_t *out_len, size_t *bad);
