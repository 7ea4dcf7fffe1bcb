/* cli-atomic.h — writing an output file of the command-line tool safely.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libc only (the CLI links the core, not GLib), with the semantics of the
 * model's caissa-atomic.c:
 *
 * - A regular file (or a path that does not exist yet) is written to a
 *   temporary file in the same directory as the target, which is fsynced,
 *   given the target's mode (0666 & ~umask for a new file) and owner when it
 *   can be, then renamed over the target, and the directory is fsynced. A
 *   reader sees the old file or the new one, never half of one; a failure
 *   leaves the old file and no temporary.
 * - A symbolic link is followed: its target is replaced, the link stays.
 * - A character device or a FIFO (/dev/null, /dev/full, a terminal, a named
 *   pipe, /dev/stdout on a pipe) is written straight to: it is never replaced
 *   by a file. Paths under /dev/ and /proc/ are never replaced either (a
 *   /dev/stdout that leads to a regular file is truncated and written).
 * - A directory, a block device or a socket is refused.
 */
#pragma once

#include <stdbool.h>
#include <stdio.h>

typedef struct
{
  FILE *stream;        /* write here between open and commit */
  char *target;        /* the file finally written (links resolved) */
  char *tmp_path;      /* the temporary file; NULL when writing directly */
  int   error;         /* errno of the failure, or 0 with reason set */
  const char *reason;  /* a refusal that is not an errno ("is a block device") */
} CliAtomicFile;

/* Opens path for writing. On failure returns false with out->error or
 * out->reason set (see cli_atomic_file_strerror) and nothing to clean up. */
bool        cli_atomic_file_open     (CliAtomicFile *out, const char *path);
/* Flushes, syncs and puts the file in place. Returns false (out->error set)
 * when anything failed: the old file is then left as it was. Frees out. */
bool        cli_atomic_file_commit   (CliAtomicFile *out);
/* Throws away what was written (the old file stays). Frees out. */
void        cli_atomic_file_abort    (CliAtomicFile *out);
/* Why the last call failed, for "cannot write PATH: %s". */
const char *cli_atomic_file_strerror (const CliAtomicFile *out);
