/* cli-input.h — how the PGN commands of caissa-cli read their input.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A regular file is read with pread () in 1 MiB chunks (from several
 * threads, each its part: cli_input_split () cuts at game starts), and is
 * checked afterwards for having changed while it was read; anything else
 * (a pipe, a device, standard input as "-") is read as a stream. A UTF-16
 * file is read through a UTF-8 copy, a file that is not text is refused
 * (cli-text.h). libc only.
 *
 * CAISSA_TEST_TRUNCATE_AFTER=N (for tests only) truncates the input file to
 * N bytes as soon as the bytes up to N have been read.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/* Bytes per read: large enough that system calls cost nothing, small
 * enough to stay in the cache between the copy and the parser. */
#define READ_CHUNK ((size_t) 1 << 20)

typedef struct
{
  const char *command;
  const char *path;
  int         fd;              /* read from here */
  int         source_fd;       /* the file itself when fd is its UTF-8 copy, else -1 */
  bool        is_stdin;
  bool        regular;
  struct stat st;              /* at open (regular files: the file itself) */
  uint64_t    size;            /* the bytes to read (of the UTF-8 copy for UTF-16) */
  uint64_t    truncate_after;  /* CAISSA_TEST_TRUNCATE_AFTER; 0 = off */
  atomic_bool truncated;       /* the test hook has run */
  atomic_bool short_read;      /* the end came before the size seen at open */
  atomic_int  read_errno;      /* the first read error */
} CliInput;

/* Line ends seen and bytes since the last one, counted as the parser counts
 * them (LF, CRLF and lone CR each end a line). */
typedef struct
{
  uint64_t lines;
  uint64_t column;
  bool     cr;       /* the last byte was a CR (a following LF ends nothing) */
} CliLineCount;

typedef bool (*CliFeedFunc) (void *user_data, const char *data, size_t len);

/* Mapped pages already read are handed back as we go, so a large file
 * costs bounded memory (they stay in the page cache; touching them again
 * would just map them again). */
#define SLICE_BYTES ((size_t) 32 << 20)

/* Opens path ("-" = standard input). Returns 0, or the exit status after
 * printing why not. */
int cli_input_open (const char *command, const char *path, CliInput *in);

void cli_input_close (CliInput *in);

uint64_t cli_input_size (const CliInput *in);

/* Reads exactly len bytes at offset (fewer only at the end of the file).
 * Returns the count, or -1 with in->read_errno set. */
ssize_t cli_input_pread (CliInput *in, char *buf, size_t len, uint64_t offset);

/* lc followed by next, as if counted in one go. */
void cli_line_count_append (CliLineCount *lc, const CliLineCount *next);

/* Hands bytes [from, to) of a regular file to feed in chunks, counting
 * lines into lines when not NULL. Stops early when feed returns false, the
 * file ends too soon (in->short_read) or a read fails (in->read_errno). */
void cli_input_feed_range (CliInput *in, uint64_t from, uint64_t to, char *buf, CliFeedFunc feed, void *user_data, CliLineCount *lines);

/* Hands the whole input to feed, 1 MiB at a time. */
void cli_input_feed (CliInput *in, CliFeedFunc feed, void *user_data);

/* After reading: 0, or 2 after printing why the input cannot be trusted
 * (a read error, or the file changed under the reader: it ended early,
 * or its size or modification time is not what it was at open). */
int cli_input_status (CliInput *in);

/* Hands back the whole pages of a mapping between from and to. */
void cli_release_pages (const char *from, const char *to);

/* Monotonic seconds. */
double cli_now_seconds (void);

/* -j N: 1 to 64, else -1. */
int cli_parse_jobs (const char *text);

/* Cuts a regular file of `size` bytes into at most n parts at game starts,
 * as chess_pgn_index_split() does over a whole buffer, but reading only a
 * window around each cut: the window [t - h, t + h) is split in two, so its
 * cut is the first game start at or after t. A cut not found within the
 * largest window, or in a window whose line ends would be decided
 * differently from the file's, is left out (fewer, longer parts: every cut
 * is still one where separate parsers read what one would). */
unsigned cli_input_split (CliInput *in, unsigned n, uint64_t *bounds);
