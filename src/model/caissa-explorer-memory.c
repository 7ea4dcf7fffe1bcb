/* caissa-explorer-memory.c — where the explorer's build keeps its data.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See caissa-explorer-memory.h.
 */
#define G_LOG_DOMAIN "caissa-explorer"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "caissa-explorer-memory.h"


void *
_caissa_explorer_out_alloc (void   *user,
                            size_t  len)
{
  CaissaExplorerOut *o = user;
  g_autofree char *dir = NULL;
  int err;

  o->fd = -1;
  if (o->path == NULL || len == 0)
    return malloc (len);
  dir = g_path_get_dirname (o->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return malloc (len);
  o->tmp = g_strconcat (o->path, ".XXXXXX", NULL);
  o->fd = g_mkstemp_full (o->tmp, O_RDWR, 0600);
  if (o->fd < 0)
    {
      g_clear_pointer (&o->tmp, g_free);
      return malloc (len);
    }
  /* Blocks reserved now: a full disk is an error here, never a SIGBUS
   * while the mapping is written. */
  err = posix_fallocate (o->fd, 0, (off_t) len);
  if (err == 0)
    o->map = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, o->fd, 0);
  if (err != 0 || o->map == MAP_FAILED)
    {
      g_debug ("%s: %s", o->tmp, g_strerror (err != 0 ? err : errno));
      o->map = NULL;
      close (o->fd);
      o->fd = -1;
      g_unlink (o->tmp);
      g_clear_pointer (&o->tmp, g_free);
      return malloc (len);
    }
  o->len = len;
  return o->map;
}

static void *
scratch_alloc (void   *user,
               size_t  len)
{
  g_autofree char *dir = g_path_get_dirname (user);
  g_autofree char *tmp = g_build_filename (dir, ".scratch-XXXXXX", NULL);
  void *p;
  int fd, err;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return NULL;
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    return NULL;
  g_unlink (tmp);
  /* Blocks reserved now: a full disk is a NULL here (then the heap), never
   * a SIGBUS while the mapping is written. */
  err = posix_fallocate (fd, 0, (off_t) len);
  p = err == 0 ? mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
  if (p == MAP_FAILED)
    g_debug ("%s: %s", tmp, g_strerror (err != 0 ? err : errno));
  close (fd);
  return p == MAP_FAILED ? NULL : p;
}

/* Unmapping the last mapping of an unlinked file frees its blocks, which
 * can wait on the disk (ext4 mounted with "discard": some 0.3 ms an array,
 * 3 s over a build of a million games): a thread of its own does it, off
 * the build's way and out of the time to ready. */
typedef struct
{
  void  *p;
  size_t len;
} Unmap;

static GAsyncQueue *unmap_queue;

static gpointer
unmap_thread (gpointer data)
{
  GAsyncQueue *queue = data;

  for (;;)
    {
      Unmap *u = g_async_queue_pop (queue);

      munmap (u->p, u->len);
      g_free (u);
    }
  return NULL;
}

static void
scratch_release (void   *p,
                 size_t  len)
{
  static gsize started;
  Unmap *u;

  if (g_once_init_enter (&started))
    {
      unmap_queue = g_async_queue_new ();
      g_thread_unref (g_thread_new ("caissa-explorer-unmap", unmap_thread, unmap_queue));
      g_once_init_leave (&started, 1);
    }
  u = g_new (Unmap, 1);
  u->p = p;
  u->len = len;
  g_async_queue_push (unmap_queue, u);
}

ChessPosdbMemory
_caissa_explorer_memory (const char *cache_path)
{
  ChessPosdbMemory mem = { NULL, NULL, NULL };

  if (cache_path != NULL)
    {
      mem.alloc = scratch_alloc;
      mem.release = scratch_release;
      mem.user = (void *) cache_path;
    }
  return mem;
}
