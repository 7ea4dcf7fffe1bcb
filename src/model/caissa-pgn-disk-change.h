/* caissa-pgn-disk-change.h — what another program did to an open PGN
 * file, for the question before a save overwrites it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A save over a file another program changed is refused
 * (CAISSA_PGN_FILE_ERROR_CHANGED); the user may then overwrite that
 * change (CAISSA_PGN_SAVE_OVERWRITE), which is only a fair choice when
 * the change is named: when it was made and what it did to the file.
 */
#pragma once

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean exists;     /* FALSE: no file at the path any more */
  GDateTime *modified; /* the file's modification time now (local); NULL when gone */
  guint64  old_size;   /* bytes, as read */
  guint64  new_size;   /* bytes now */
  guint    old_games;  /* games as read */
  gint     new_games;  /* games now; -1 when not counted (a file over
                        * CAISSA_PGN_DISK_CHANGE_COUNT_LIMIT, UTF-16, or
                        * unreadable) */
} CaissaPgnDiskChange;

/* Files up to this size have their games counted (a read of the whole
 * file on the main thread, while a dialog is about to open). */
#define CAISSA_PGN_DISK_CHANGE_COUNT_LIMIT (64 * 1024 * 1024)

/* Looks at the file on disk: FALSE when it is still as it was read (or
 * has no local path). Clear change with caissa_pgn_disk_change_clear(). */
gboolean caissa_pgn_file_get_disk_change (CaissaPgnFile        *self,
                                          CaissaPgnDiskChange  *change);
void     caissa_pgn_disk_change_clear    (CaissaPgnDiskChange  *change);

G_END_DECLS
