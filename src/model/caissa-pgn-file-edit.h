/* caissa-pgn-file-edit.h — games removed from or added to a PGN file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each edit is a save of the file over itself (caissa_pgn_file_save_full_async()):
 * atomic (a temporary file, synced, renamed over it), refused with CHANGED
 * when another program changed the file since it was read, every other
 * byte copied unchanged. The CaissaPgnFile keeps listing the games it read:
 * open the file again to list the new ones. Each edit has its inverse, so
 * the app can undo it: a removed game's text (caissa_pgn_file_dup_game_text())
 * inserted back where it was gives the file's bytes back (for a UTF-8 or
 * Windows-1252 file), and an inserted game is removed again.
 */
#pragma once

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

/* Removes the game at position. Fails with NO_GAME past the end. */
void      caissa_pgn_file_remove_game_async (CaissaPgnFile       *self,
                                             guint                position,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
/* Inserts text (a game, UTF-8) so that it becomes the game at position
 * (0 … the number of games: at the end), with a blank line after it when
 * it lacks one; written with the file's line ends and in its encoding. */
void      caissa_pgn_file_insert_game_async (CaissaPgnFile       *self,
                                             guint                position,
                                             const char          *text,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean  caissa_pgn_file_edit_finish       (CaissaPgnFile       *self,
                                             GAsyncResult        *result,
                                             GError             **error);

/* The text of a new empty game: the seven tags, unknown, and no moves. */
char     *caissa_pgn_empty_game_text        (void);

G_END_DECLS
