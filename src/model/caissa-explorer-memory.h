/* caissa-explorer-memory.h — where the explorer's build keeps its data (internal).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "chess-posdb.h"

G_BEGIN_DECLS

/* Where the image is written: a mapping of a temporary file beside the
 * cache (renamed over it when whole), so that the image never takes
 * anonymous memory; plain memory when the cache folder cannot take it. */
typedef struct
{
  const char *path;
  char       *tmp;
  int         fd;
  void       *map;
  gsize       len;
} CaissaExplorerOut;

/* chess_posdb_build_finish_to()'s alloc: user is a CaissaExplorerOut
 * whose path is the cache file's (NULL: plain memory). */
void *_caissa_explorer_out_alloc (void *user, size_t len);

/* Memory for the batches and the build (chess-posdb.h's ChessPosdbMemory):
 * each large array a temporary file in the cache folder, unlinked at
 * once and mapped, so that the data of a file of a million games is not
 * anonymous memory (the kernel may write it out and drop it when memory
 * is short, as it does for any file). cache_path: the cache file's path
 * (it must outlive the parsing and the build); NULL: the heap. */
ChessPosdbMemory _caissa_explorer_memory (const char *cache_path);

G_END_DECLS
