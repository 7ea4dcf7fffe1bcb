/* caissa-atomic.h — writing a file so that, whatever happens, it holds
 * either its old contents or the new ones, never half of either.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * caissa_atomic_write() writes the data to a temporary file in the
 * destination's directory (".NAME.caissa-tmp-PID-XXXXXX"), fsyncs it,
 * renames it over the destination and fsyncs the directory, so the rename
 * itself survives a power cut. On any failure — the disk full, no permission, an I/O
 * error, the destination a directory — the temporary file is removed, the
 * destination is left exactly as it was, and the GError (G_IO_ERROR) names
 * the file and the reason, for the UI to tell the user.
 *
 * A replaced file keeps its permissions; a symbolic link is followed (the
 * file it points to is replaced, the link stays a link).
 *
 * "Changed on disk since it was opened": a caller that read a file and
 * means to write it back passes the CaissaFileStamp it took when reading
 * (caissa_file_stamp_get()). If the file has changed since (another
 * program saved it, it was deleted or replaced), nothing is written and
 * the error is G_IO_ERROR_WRONG_ETAG; the caller then asks the user
 * whether to overwrite (and calls again with expected NULL).
 *
 * Tests make each step fail on purpose with the environment variable
 * CAISSA_TEST_FAIL_WRITE (read on every call; never set it otherwise):
 *   "open"       creating the temporary file fails (EACCES)
 *   "after:N"    writing fails with ENOSPC once N bytes are written
 *   "fsync"      fsync of the temporary file fails (EIO)
 *   "rename"     the rename fails (EIO)
 *   "change-before-rename"  a byte is appended to the destination just
 *                before the last check, as another program would
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What identifies a version of a file on disk. */
typedef struct
{
  gboolean exists;
  guint64  device;
  guint64  inode;
  guint64  size;
  gint64   mtime_ns;
} CaissaFileStamp;

/* The stamp of path as it is now (exists FALSE when there is no file).
 * Fails only when the file exists but cannot be looked at. */
gboolean caissa_file_stamp_get   (const char            *path,
                                  CaissaFileStamp       *stamp,
                                  GError               **error);
gboolean caissa_file_stamp_equal (const CaissaFileStamp *a,
                                  const CaissaFileStamp *b);

/* Writes len bytes of data (len -1: a NUL-terminated string) to path, as
 * above. A new file gets mode 0644 (less the umask). */
gboolean caissa_atomic_write      (const char            *path,
                                   const char            *data,
                                   gssize                 len,
                                   GError               **error);

/* The same with: mode for a new file; expected (or NULL): the stamp the
 * destination must still have; new_stamp (or NULL): receives the written
 * file's stamp, to pass as expected next time. */
gboolean caissa_atomic_write_full (const char            *path,
                                   const char            *data,
                                   gssize                 len,
                                   int                    mode,
                                   const CaissaFileStamp *expected,
                                   CaissaFileStamp       *new_stamp,
                                   GError               **error);

/* The same for data in pieces (written one after another), e.g. the
 * unchanged parts of a PGN file around a game that was edited. */
gboolean caissa_atomic_writev     (const char            *path,
                                   const char *const     *pieces,
                                   const gsize           *lengths,
                                   guint                  n_pieces,
                                   int                    mode,
                                   const CaissaFileStamp *expected,
                                   CaissaFileStamp       *new_stamp,
                                   GError               **error);

/* Called just before the rename, when all is written: FALSE (with error
 * set) keeps the old file and removes the new one — for a caller whose
 * pieces come from a file that may have changed while they were copied. */
typedef gboolean (*CaissaAtomicCheck) (gpointer   user_data,
                                       GError   **error);

/* caissa_atomic_writev(), checking again just before the rename that the
 * destination still has the expected stamp (G_IO_ERROR_WRONG_ETAG if
 * not), then calling check (when not NULL). */
gboolean caissa_atomic_writev_checked (const char            *path,
                                       const char *const     *pieces,
                                       const gsize           *lengths,
                                       guint                  n_pieces,
                                       int                    mode,
                                       const CaissaFileStamp *expected,
                                       CaissaAtomicCheck      check,
                                       gpointer               check_data,
                                       CaissaFileStamp       *new_stamp,
                                       GError               **error);

/* Removes the temporary files that saves killed part-way left in dir:
 * Caissa's own (".NAME.caissa-tmp-PID-XXXXXX", owned by this user) that
 * no save holds (a save locks its file with flock() throughout) and whose
 * process is gone — no process has that PID, or the file is over a minute
 * old (the PID was reused since). A save in progress, in this Caissa or
 * another, is never touched. Returns how many were removed. Every save
 * calls it for its folder; the application calls it at start for the
 * recent files' folders. */
guint    caissa_atomic_remove_stale   (const char            *dir);

G_END_DECLS
