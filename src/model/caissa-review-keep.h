/* caissa-review-keep.h — the edited game of an open PGN file kept on disk
 * after every edit, so that a crash or a kill loses no review work.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While a game of a file has unsaved edits, the window writes (atomically,
 * with caissa_atomic_write(): temporary file, fsync, rename) a small key
 * file to caissa_kept_edit_default_path():
 *
 *   [edit]
 *   version=1
 *   file=/path/of/the.pgn        the file the game is from
 *   position=N                   the game's place in it (0-based)
 *   original=SHA-256             of the game's text as the file held it
 *   pgn=…                        the edited game, in export format
 *   saved-at=…                   local time, ISO 8601
 *
 * Saving the game, or discarding the edits, removes it. At the next start
 * the edits are offered back: onto the file when game N of the file as it
 * is now is still the text that was edited (caissa_kept_edit_matches()),
 * else — the file changed or is gone — as a game of its own to save
 * elsewhere.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _CaissaKeptEdit CaissaKeptEdit;

/* g_get_user_state_dir()/caissa/review-edit.ini. */
char           *caissa_kept_edit_default_path (void);

/* Writes the kept edit to path (atomically). original is the game's text
 * as the file holds it (len bytes). */
gboolean        caissa_kept_edit_save         (const char      *path,
                                               const char      *file,
                                               guint            position,
                                               const char      *original,
                                               gsize            len,
                                               const char      *pgn,
                                               GError         **error);
/* Reads path back: G_IO_ERROR_NOT_FOUND when there is none; any other
 * error when it cannot be used (it is then removed by the caller). */
CaissaKeptEdit *caissa_kept_edit_load         (const char      *path,
                                               GError         **error);
/* Removes path (nothing to keep any more). */
void            caissa_kept_edit_remove       (const char      *path);
void            caissa_kept_edit_free         (CaissaKeptEdit  *kept);

const char     *caissa_kept_edit_get_file     (CaissaKeptEdit  *kept);
guint           caissa_kept_edit_get_position (CaissaKeptEdit  *kept);
const char     *caissa_kept_edit_get_pgn      (CaissaKeptEdit  *kept);
/* When it was kept (local time), or NULL. */
GDateTime      *caissa_kept_edit_get_saved_at (CaissaKeptEdit  *kept);
/* Whether text (len bytes) is the game's text that was edited. */
gboolean        caissa_kept_edit_matches      (CaissaKeptEdit  *kept,
                                               const char      *text,
                                               gsize            len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaKeptEdit, caissa_kept_edit_free)

G_END_DECLS
