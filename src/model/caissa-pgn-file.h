/* caissa-pgn-file.h — the games of a PGN file as a GListModel.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaPgnFile opens a file (small files are copied into memory, large
 * ones memory-mapped), then finds its games with the core indexer
 * (chess-pgn-index.h) in a worker thread. The games appear as the indexer
 * finds them: "items-changed" is emitted in batches (the first at once,
 * then at most every 100 ms), "progress" goes from 0 to 1 and "loading"
 * turns FALSE at the end. The index keeps 48 bytes per game; the items
 * (CaissaPgnGameInfo) are made only when asked for, and live only as long
 * as somebody holds them.
 *
 * Once indexed, every game is checked in a second worker ("validating"):
 * parsed with its moves resolved, so that a game with an error is marked
 * (CaissaPgnGameInfo:error, "n-errors") and the number of plies of each
 * main line is known (CaissaPgnGameInfo:moves). A game is parsed whole only
 * when opened (caissa_pgn_file_read_game()).
 *
 * The file on disk. A mapping keeps the bytes of a file that is deleted or
 * replaced (renamed over) while open: the games stay readable. A file
 * truncated in place would make reading its lost pages fatal (SIGBUS), so
 * files up to CAISSA_PGN_FILE_COPY_LIMIT are copied instead of mapped, and
 * every read of a mapped file is guarded (caissa-fault-guard.h): a page
 * found gone is a file changed on disk, never a crash. Whatever another
 * program does to the file while it is open (truncates, rewrites, grows,
 * replaces or deletes it), the list keeps the games found so far,
 * "changed-on-disk" turns TRUE (when a read or the workers' look at the
 * file, between their steps, notices it), the workers stop when the bytes
 * they read are no longer those of the file, a game whose bytes are gone
 * gives CAISSA_PGN_FILE_ERROR_CHANGED when opened, and a save is refused
 * with CAISSA_PGN_FILE_ERROR_CHANGED. A change is seen from the file's
 * device, inode, size and modification time in nanoseconds
 * (CaissaFileStamp, caissa-atomic.h).
 *
 * Tests make the file change at a known moment with the environment
 * variable CAISSA_TEST_PGN_TRUNCATE=STEP:SIZE (read when a file is opened;
 * never set it otherwise): the file is truncated to SIZE bytes, once, at
 * STEP — "index": by the indexing worker after its first batch, just
 * before it reads on; "check": by the checking worker just before its
 * second chunk; "open": by caissa_pgn_file_read_game() just before it reads
 * the game; "save": by the saving worker just before it writes. Each is
 * after the last look at the file: the moment no look can cover.
 *
 * Errors are GErrors in CAISSA_PGN_FILE_ERROR with English messages; parse
 * errors read "NAME:LINE:COLUMN: what", where NAME is the file's name.
 *
 * Encodings (UTF-8, Windows-1252, UTF-16 with a mark): see
 * caissa-pgn-encoding.h. Whatever the file's, every string handed out
 * (tags, games, errors) is UTF-8.
 */
#pragma once

#include <gio/gio.h>

#include "chess-encoding.h"
#include "chess-game.h"
#include "caissa-game.h"
#include "caissa-pgn-game-info.h"

G_BEGIN_DECLS

#define CAISSA_PGN_FILE_ERROR (caissa_pgn_file_error_quark ())

typedef enum
{
  CAISSA_PGN_FILE_ERROR_NOT_FOUND,    /* no such file */
  CAISSA_PGN_FILE_ERROR_NOT_REGULAR,  /* a folder or a device, not a file */
  CAISSA_PGN_FILE_ERROR_UNREADABLE,   /* permission denied, I/O error */
  CAISSA_PGN_FILE_ERROR_PARSE,        /* the game is not valid PGN */
  CAISSA_PGN_FILE_ERROR_CHANGED,      /* the file changed on disk since it was opened */
  CAISSA_PGN_FILE_ERROR_NO_GAME,      /* no game at that position */
  CAISSA_PGN_FILE_ERROR_WRITE,        /* saving failed (the original is intact) */
  CAISSA_PGN_FILE_ERROR_ENCODING,     /* the game has a character the file's encoding lacks */
} CaissaPgnFileError;

typedef enum
{
  CAISSA_PGN_SAVE_DEFAULT = 0,
  /* The whole file written in UTF-8 (see caissa-pgn-encoding.h). */
  CAISSA_PGN_SAVE_UTF8 = 1 << 0,
  /* Saved over the file even when another program changed it since it
   * was read (the user chose to overwrite that change): the games are
   * those read. Still refused with CHANGED when the bytes read are gone
   * (a mapped file rewritten in place). */
  CAISSA_PGN_SAVE_OVERWRITE = 1 << 1,
} CaissaPgnSaveFlags;

GQuark caissa_pgn_file_error_quark (void);

/* Files up to this size are read into memory rather than mapped. */
#define CAISSA_PGN_FILE_COPY_LIMIT (16 * 1024 * 1024)

#define CAISSA_TYPE_PGN_FILE (caissa_pgn_file_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPgnFile, caissa_pgn_file, CAISSA, PGN_FILE, GObject)

/* Opens file and starts indexing it (the worker reports to the thread-
 * default main context of the caller). Fails with NOT_FOUND, NOT_REGULAR or
 * UNREADABLE. An empty file is not an error: it has no games. */
CaissaPgnFile *caissa_pgn_file_new            (GFile          *file,
                                               GError        **error);
/* A file over bytes already in memory (pasted text, tests); name is used
 * in error messages. */
CaissaPgnFile *caissa_pgn_file_new_from_bytes (GBytes         *bytes,
                                               const char     *name);

GFile         *caissa_pgn_file_get_file       (CaissaPgnFile  *self);
/* The name used in messages and titles (the file's display name). */
const char    *caissa_pgn_file_get_name       (CaissaPgnFile  *self);
gboolean       caissa_pgn_file_get_mapped     (CaissaPgnFile  *self);
guint64        caissa_pgn_file_get_size       (CaissaPgnFile  *self);

/* The file's character encoding (caissa-pgn-encoding.h): known once it is
 * indexed ("encoding" is notified then; UTF-8 until then, but for UTF-16,
 * known at once). */
ChessEncoding  caissa_pgn_file_get_encoding   (CaissaPgnFile  *self);

/* Indexing: TRUE until every game is listed; progress 0 … 1 (bytes). */
gboolean       caissa_pgn_file_get_loading    (CaissaPgnFile  *self);
double         caissa_pgn_file_get_progress   (CaissaPgnFile  *self);
/* Checking every game after indexing; "n-validated" games so far. */
gboolean       caissa_pgn_file_get_validating (CaissaPgnFile  *self);
guint          caissa_pgn_file_get_n_validated (CaissaPgnFile *self);
guint          caissa_pgn_file_get_n_errors   (CaissaPgnFile  *self);
/* Whether the check runs after indexing (TRUE by default; set before the
 * indexing ends). */
void           caissa_pgn_file_set_validate   (CaissaPgnFile  *self,
                                               gboolean        validate);

/* Whether the file on disk was seen to be no longer what was read (changed,
 * cut short, replaced or deleted). The list stays as it was; reopening the
 * file reads the new one. */
gboolean       caissa_pgn_file_get_changed_on_disk (CaissaPgnFile *self);

/* The text of the game at position (0-based) as the file holds it, as
 * UTF-8 (decoded as caissa-pgn-encoding.h says), a copy (NUL-terminated;
 * free it), or NULL with NO_GAME, or CHANGED when its
 * bytes are no longer in the file. (A mapped file rewritten in place holds
 * other bytes there: caissa_pgn_file_read_game() tells.) */
char          *caissa_pgn_file_dup_game_text  (CaissaPgnFile  *self,
                                               guint           position,
                                               gsize          *length,
                                               GError        **error);
/* Parses the game at position. On failure the game is marked with the
 * error (PARSE, "NAME:LINE:COLUMN: …"), or CHANGED (its bytes are no
 * longer in the file, or were rewritten in place) / NO_GAME. */
ChessGame     *caissa_pgn_file_read_game      (CaissaPgnFile  *self,
                                               guint           position,
                                               GError        **error);
/* Same, as a new CaissaGame in analysis mode, showing the start. */
CaissaGame    *caissa_pgn_file_open_game      (CaissaPgnFile  *self,
                                               guint           position,
                                               GError        **error);

/* Writes the file to dest (which may be the file itself) with the game at
 * position replaced by pgn (G_MAXUINT: pgn appended after the last game)
 * and every other byte copied unchanged. Atomic: a temporary file in
 * dest's folder, synced, then renamed over dest; on any failure dest is as
 * it was. Runs in a thread, once the file is indexed. Refused with CHANGED
 * when the file changed on disk since it was read (for dest the file
 * itself: any change, checked again just before the write; for another
 * dest: when the bytes to copy are no longer those read). */
void           caissa_pgn_file_save_async     (CaissaPgnFile       *self,
                                               GFile               *dest,
                                               guint                position,
                                               const char          *pgn,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* The same, with flags. An edited game is written in its own encoding;
 * when a character does not fit it the save fails with ENCODING (nothing
 * is written), and CAISSA_PGN_SAVE_UTF8 writes the whole file in UTF-8. A
 * UTF-16 file that was not well-formed cannot be written back unchanged:
 * ENCODING too. Finish with caissa_pgn_file_save_finish(). */
void           caissa_pgn_file_save_full_async (CaissaPgnFile       *self,
                                                GFile               *dest,
                                                guint                position,
                                                const char          *pgn,
                                                CaissaPgnSaveFlags   flags,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean       caissa_pgn_file_save_finish    (CaissaPgnFile  *self,
                                               GAsyncResult   *result,
                                               GError        **error);

/* Writes text to file atomically (as above), synchronously. */
gboolean       caissa_pgn_write_text_file     (GFile          *file,
                                               const char     *text,
                                               GError        **error);

G_END_DECLS
