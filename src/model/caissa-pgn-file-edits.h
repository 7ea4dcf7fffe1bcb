/* caissa-pgn-file-edits.h — a PGN file's list of games as edited, not
 * yet saved.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An ordered list of games over a CaissaPgnFile that stays as it was read
 * (the index of what is on disk): each place holds either a game of that
 * file (by its position there) or a game's text kept in memory. Games are
 * deleted, duplicated and added here without touching the file; every edit
 * can be undone and redone, without limit, until the list is saved. The
 * list is shown through a CaissaPgnFile over the file's games and the
 * texts (caissa_pgn_file_edits_make_view()), so the game list's search
 * and sort see the games as edited; the save writes all of them at once over the
 * file, the way a save of one game does (atomic, refused with CHANGED
 * when another program changed the file).
 */
#pragma once

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

typedef enum
{
  CAISSA_PGN_LIST_EDIT_NONE,
  CAISSA_PGN_LIST_EDIT_DELETE,
  CAISSA_PGN_LIST_EDIT_DUPLICATE,
  CAISSA_PGN_LIST_EDIT_ADD,
} CaissaPgnListEdit;

#define CAISSA_TYPE_PGN_FILE_EDITS (caissa_pgn_file_edits_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPgnFileEdits, caissa_pgn_file_edits, CAISSA, PGN_FILE_EDITS, GObject)

/* The list of disk's games, unedited (disk must be indexed and a file). */
CaissaPgnFileEdits *caissa_pgn_file_edits_new        (CaissaPgnFile      *disk);
CaissaPgnFile      *caissa_pgn_file_edits_get_disk   (CaissaPgnFileEdits *self);
guint               caissa_pgn_file_edits_get_n_games (CaissaPgnFileEdits *self);
/* Whether the list differs from the file's. */
gboolean            caissa_pgn_file_edits_get_modified (CaissaPgnFileEdits *self);

/* The edits. Each clears what Redo would do. */
gboolean            caissa_pgn_file_edits_delete     (CaissaPgnFileEdits *self,
                                                      guint               position);
/* The copy goes after the game, at position + 1. */
gboolean            caissa_pgn_file_edits_duplicate  (CaissaPgnFileEdits *self,
                                                      guint               position);
/* text: a game in UTF-8, written with the file's line ends. */
gboolean            caissa_pgn_file_edits_add        (CaissaPgnFileEdits *self,
                                                      guint               position,
                                                      const char         *text);

/* The edit Undo (Redo) would take back (do again), and the number (from
 * 1) of the game it deleted or duplicated, or of the game added. */
CaissaPgnListEdit   caissa_pgn_file_edits_get_undo   (CaissaPgnFileEdits *self,
                                                      guint              *number);
CaissaPgnListEdit   caissa_pgn_file_edits_get_redo   (CaissaPgnFileEdits *self,
                                                      guint              *number);
/* Take back (do again) the last edit; show: the place of the game to show
 * after it. NONE when there is none. */
CaissaPgnListEdit   caissa_pgn_file_edits_undo       (CaissaPgnFileEdits *self,
                                                      guint              *show);
CaissaPgnListEdit   caissa_pgn_file_edits_redo       (CaissaPgnFileEdits *self,
                                                      guint              *show);

/* The games of the list one after another, as the file would hold them
 * (in UTF-8), the one at replace (G_MAXUINT: none) as pgn. NULL with the
 * file's error when a game's bytes are gone. */
char               *caissa_pgn_file_edits_dup_text   (CaissaPgnFileEdits *self,
                                                      guint               replace,
                                                      const char         *pgn,
                                                      GError            **error);
/* The list to show: a CaissaPgnFile (named as the file, indexed at once)
 * whose games are the file's where they are and the texts, read through
 * the file's index and bytes (caissa-pgn-view.h): it costs one record per
 * run of the file's games, and copies, checks and indexes none of them.
 * error is not set (kept for callers). */
CaissaPgnFile      *caissa_pgn_file_edits_make_view  (CaissaPgnFileEdits *self,
                                                      GError            **error);

/* Writes the list (the game at position, G_MAXUINT: none, as pgn) over the
 * file: caissa_pgn_file_save_full_async()'s atomic save with its checks,
 * in the file's encoding. The task's source is the file: finish with
 * caissa_pgn_file_save_finish() on it. */
void                caissa_pgn_file_edits_save_async (CaissaPgnFileEdits  *self,
                                                      guint                position,
                                                      const char          *pgn,
                                                      CaissaPgnSaveFlags   flags,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);

/* Crash recovery (caissa-window-review-keep-list.c): the edits made (what
 * Undo would take back, in order) as a key file
 *
 *   [list]  file=PATH  games=N (the file's count)  edits=K
 *   [edit-I]  kind=delete|duplicate|add  position=P
 *             disk=D  original=SHA-256 of the file's game D as it is now
 *             text=…  (a game not from the file)
 *
 * so that they can be done again over the same file after a crash. NULL
 * with the file's error when a game's bytes are gone. */
GKeyFile           *caissa_pgn_file_edits_to_key_file (CaissaPgnFileEdits *self,
                                                       const char         *path,
                                                       GError            **error);
/* Does the key file's edits again, each one undoable, on a list as the
 * file is. CHANGED when the file is no longer the one they were made on
 * (its count of games or a game they name differs): then nothing is done.
 * Other errors when the key file cannot be read. */
gboolean            caissa_pgn_file_edits_replay      (CaissaPgnFileEdits *self,
                                                       GKeyFile           *kept,
                                                       GError            **error);

G_END_DECLS
