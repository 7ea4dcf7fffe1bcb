/* caissa-pgn-disk-change.c — what another program did to an open file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include "chess-pgn-index.h"
#include "caissa-atomic.h"
#include "caissa-pgn-disk-change.h"
#include "caissa-pgn-file-private.h"

static gint
count_games (const char *path)
{
  g_autofree char *text = NULL;
  gsize len;
  ChessPgnIndex *index;
  gint n;

  if (!g_file_get_contents (path, &text, &len, NULL))
    return -1;
  index = chess_pgn_index_new (0);
  while (!chess_pgn_index_scan (index, text, len, len))
    ;
  n = (gint) MIN (chess_pgn_index_n_games (index), (gsize) G_MAXINT);
  chess_pgn_index_free (index);
  return n;
}

gboolean
caissa_pgn_file_get_disk_change (CaissaPgnFile       *self,
                                 CaissaPgnDiskChange *change)
{
  GFile *file;
  g_autofree char *path = NULL;
  CaissaPgnFileBytes *bytes;
  CaissaFileStamp now;
  guint64 old_size;
  gint64 old_mtime;
  gboolean old_exists;
  ChessEncoding encoding;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);
  g_return_val_if_fail (change != NULL, FALSE);

  memset (change, 0, sizeof *change);
  file = caissa_pgn_file_get_file (self);
  path = file != NULL ? g_file_get_path (file) : NULL;
  if (path == NULL || !caissa_file_stamp_get (path, &now, NULL))
    return FALSE;
  bytes = _caissa_pgn_file_ref_bytes (self);
  _caissa_pgn_file_bytes_stamp (bytes, &old_size, &old_mtime, &old_exists);
  _caissa_pgn_file_bytes_unref (bytes);
  if (now.exists && old_exists && now.size == old_size && now.mtime_ns == old_mtime)
    return FALSE;

  change->exists = now.exists;
  change->old_size = old_size;
  change->new_size = now.exists ? now.size : 0;
  change->old_games = g_list_model_get_n_items (G_LIST_MODEL (self));
  change->new_games = now.exists ? -1 : 0;
  if (now.exists)
    {
      g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (now.mtime_ns / G_GINT64_CONSTANT (1000000000));

      change->modified = utc != NULL ? g_date_time_to_local (utc) : NULL;
      encoding = caissa_pgn_file_get_encoding (self);
      if (now.size <= CAISSA_PGN_DISK_CHANGE_COUNT_LIMIT
          && encoding != CHESS_ENCODING_UTF16LE && encoding != CHESS_ENCODING_UTF16BE)
        change->new_games = count_games (path);
    }
  return TRUE;
}

void
caissa_pgn_disk_change_clear (CaissaPgnDiskChange *change)
{
  g_return_if_fail (change != NULL);

  g_clear_pointer (&change->modified, g_date_time_unref);
}
