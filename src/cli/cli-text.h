/* cli-text.h — what kind of text a file given to the command-line tool is.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PGN commands read UTF-8, Windows-1252 and UTF-16 with a byte order
 * mark (chess-encoding.h), as the app does. Before reading they look at
 * the file's first bytes: UTF-16 is decoded into a memory file first (so
 * that the readers, which work on bytes, see UTF-8 with the same lines),
 * and a file that is not text at all (a NUL byte before anything that
 * looks like a game: an image, an archive, a disk full of zeros) is
 * refused with where the NUL is, rather than reported as one bad "game".
 * libc only.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* How many bytes of the file's start cli_text_sniff () looks at. */
#define CLI_TEXT_SNIFF_BYTES 8192

typedef enum
{
  CLI_TEXT_PLAIN,     /* UTF-8 or Windows-1252: read as it is */
  CLI_TEXT_UTF16LE,
  CLI_TEXT_UTF16BE,
  CLI_TEXT_BINARY,    /* NUL bytes and no tag: not PGN */
} CliTextKind;

/* The kind of the text that starts with head (the first len bytes, at
 * most CLI_TEXT_SNIFF_BYTES of them): binary when it has a NUL byte and no
 * line of it starts with '[' (a tag). For CLI_TEXT_BINARY, line and column
 * (from 1, counted as the PGN reader counts them) say where the first NUL
 * is. Anything with a tag is left to the reader, which reads the games
 * and reports each bad byte where it is: junk before a game, or a file
 * whose end was zeroed by a crash, keeps its games. */
CliTextKind cli_text_sniff (const char    *head,
                            size_t         len,
                            unsigned long *line,
                            unsigned long *column);

/* Says on standard error that path is not PGN, where its first NUL is. */
void        cli_text_print_binary (const char   *command,
                                   const char   *path,
                                   unsigned long line,
                                   unsigned long column);

/* cli_text_sniff () of the first bytes of fd (read with pread: the
 * position is left alone), saying on standard error when it is binary. */
CliTextKind cli_text_sniff_fd (const char *command,
                               const char *path,
                               int         fd);

/* Decodes the UTF-16 text read from fd (from its start, past the byte
 * order mark) into a new anonymous memory file of UTF-8, and returns its
 * descriptor (positioned at 0), or -1 with errno set. Malformed UTF-16 (an
 * unpaired surrogate, an odd last byte) becomes U+FFFD. */
int         cli_text_utf16_to_memfd (int  fd,
                                     bool big_endian);

/* Reads the UTF-16 text of fd (from its start, past the byte order mark)
 * and decodes it into a malloc'd, NUL-terminated buffer (*out, *out_len).
 * Returns false with errno set. */
bool        cli_text_utf16_read (int     fd,
                                 bool    big_endian,
                                 char  **out,
                                 size_t *out_len);

/* Decodes len bytes of UTF-16 at data (starting with its byte order mark)
 * into a malloc'd, NUL-terminated buffer. Returns false when out of
 * memory. */
bool        cli_text_utf16_decode (const char *data,
                                   size_t      len,
                                   bool        big_endian,
                                   char      **out,
                                   size_t     *out_len);

/* fopen () for the PGN commands that read a stream: UTF-16 comes back as
 * a stream of its UTF-8, text that is not PGN is refused. Returns NULL
 * after printing why, with *status the exit status (1: not PGN, 2: cannot
 * read). */
FILE       *cli_text_fopen (const char *command,
                            const char *path,
                            int        *status);
