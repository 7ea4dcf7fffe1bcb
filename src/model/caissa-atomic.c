/* caissa-atomic.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-atomic"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "caissa-atomic.h"

/* Longest part of the destination's name kept in the temporary file's, so
 * ".NAME.caissa-tmp-PID-XXXXXX" stays within NAME_MAX (255) for any
 * destination. */
#define TMP_BASE_MAX 200

/* What marks a temporary file as Caissa's: ".NAME" TMP_MARK "PID-XXXXXX".
 * The PID tells a later process whether the one that made it still runs
 * (caissa_atomic_remove_stale()). */
#define TMP_MARK ".caissa-tmp-"

typedef enum
{
  STEP_OPEN,
  STEP_WRITE,
  STEP_FSYNC,
  STEP_RENAME,
} Step;

/* The failure a test asked for at step (CAISSA_TEST_FAIL_WRITE), as an
 * errno value, or 0. For STEP_WRITE *limit receives the byte count after
 * which writing fails. */
static int
injected_failure (Step   step,
                  gsize *limit)
{
  const char *spec = g_getenv ("CAISSA_TEST_FAIL_WRITE");

  if (spec == NULL || *spec == '\0')
    return 0;

  switch (step)
    {
    case STEP_OPEN:
      return g_str_equal (spec, "open") ? EACCES : 0;
    case STEP_WRITE:
      if (g_str_has_prefix (spec, "after:"))
        {
          *limit = g_ascii_strtoull (spec + strlen ("after:"), NULL, 10);
          return ENOSPC;
        }
      return 0;
    case STEP_FSYNC:
      return g_str_equal (spec, "fsync") ? EIO : 0;
    case STEP_RENAME:
      return g_str_equal (spec, "rename") ? EIO : 0;
    default:
      g_assert_not_reached ();
    }
}

static void
stamp_from_stat (CaissaFileStamp   *stamp,
                 const struct stat *st)
{
  stamp->exists = TRUE;
  stamp->device = st->st_dev;
  stamp->inode = st->st_ino;
  stamp->size = st->st_size;
  stamp->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

gboolean
caissa_file_stamp_get (const char       *path,
                       CaissaFileStamp  *stamp,
                       GError          **error)
{
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (stamp != NULL, FALSE);

  memset (stamp, 0, sizeof *stamp);
  if (stat (path, &st) != 0)
    {
      int saved = errno;

      if (saved == ENOENT)
        return TRUE;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: %s is a file's path, then the system's
                    * reason, e.g. "Permission denied". */
                   _("Cannot look at “%s”: %s"), path, g_strerror (saved));
      return FALSE;
    }
  stamp_from_stat (stamp, &st);
  return TRUE;
}

gboolean
caissa_file_stamp_equal (const CaissaFileStamp *a,
                         const CaissaFileStamp *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (!a->exists || !b->exists)
    return a->exists == b->exists;
  return a->device == b->device
         && a->inode == b->inode
         && a->size == b->size
         && a->mtime_ns == b->mtime_ns;
}

gboolean
caissa_atomic_write (const char  *path,
                     const char  *data,
                     gssize       len,
                     GError     **error)
{
  return caissa_atomic_write_full (path, data, len, 0644, NULL, NULL, error);
}

/* The error for a failed step; says that nothing changed on disk. */
static void
set_write_error (GError     **error,
                 int          saved_errno,
                 const char  *path,
                 gboolean     existed)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               /* Translators: %s is the file's path, then the system's
                * reason, e.g. "No space left on device". */
               existed ? _("Cannot save “%s”: %s. The file was left as it was.")
                       /* Translators: %s is the file's path, then the
                        * system's reason, e.g. "No space left on device". */
                       : _("Cannot save “%s”: %s. No file was written."),
               path, g_strerror (saved_errno));
}

/* Writes the pieces one after another; a test's injected ENOSPC counts
 * bytes across all of them. */
static gboolean
write_all (int                fd,
           const char *const *pieces,
           const gsize       *lengths,
           guint              n_pieces,
           int               *saved_errno)
{
  gsize limit = G_MAXSIZE;
  int injected = injected_failure (STEP_WRITE, &limit);
  gsize total = 0;

  for (guint i = 0; i < n_pieces; i++)
    {
      const char *data = pieces[i];
      gsize len = lengths[i];
      gsize done = 0;

      while (done < len)
        {
          gsize chunk = MIN (len - done, (gsize) 1 << 30);
          gssize n;

          if (injected != 0)
            {
              if (total >= limit)
                {
                  *saved_errno = injected;
                  return FALSE;
                }
              chunk = MIN (chunk, limit - total);
            }
          n = write (fd, data + done, chunk);
          if (n < 0)
            {
              if (errno == EINTR)
                continue;
              *saved_errno = errno;
              return FALSE;
            }
          done += n;
          total += n;
        }
    }
  return TRUE;
}

/* fsync of the directory that holds a renamed file: the rename is then on
 * the disk too. Some file systems cannot fsync a directory (EINVAL); the
 * file itself is safe by then, so failures are only logged. */
static void
sync_directory (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    {
      g_debug ("%s: %s", dir, g_strerror (errno));
      return;
    }
  if (fsync (fd) != 0 && errno != EINVAL)
    g_debug ("fsync %s: %s", dir, g_strerror (errno));
  close (fd);
}

gboolean
caissa_atomic_write_full (const char             *path,
                          const char             *data,
                          gssize                  len,
                          int                     mode,
                          const CaissaFileStamp  *expected,
                          CaissaFileStamp        *new_stamp,
                          GError                **error)
{
  gsize length;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  length = len < 0 ? strlen (data) : (gsize) len;
  return caissa_atomic_writev (path, &data, &length, 1, mode, expected, new_stamp, error);
}

gboolean
caissa_atomic_writev (const char             *path,
                      const char *const      *pieces,
                      const gsize            *lengths,
                      guint                   n_pieces,
                      int                     mode,
                      const CaissaFileStamp  *expected,
                      CaissaFileStamp        *new_stamp,
                      GError                **error)
{
  return caissa_atomic_writev_checked (path, pieces, lengths, n_pieces, mode, expected,
                                       NULL, NULL, new_stamp, error);
}

static void
close_lock (int lock_fd)
{
  if (lock_fd >= 0)
    close (lock_fd);
}

/* Test hook "change-before-rename": another program appends to the
 * destination between the write and the rename. */
static void
injected_change (const char *target)
{
  const char *spec = g_getenv ("CAISSA_TEST_FAIL_WRITE");
  int fd;

  if (g_strcmp0 (spec, "change-before-rename") != 0)
    return;
  fd = open (target, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return;
  if (write (fd, "\n", 1) != 1)
    g_debug ("change-before-rename: %s", g_strerror (errno));
  close (fd);
}

gboolean
caissa_atomic_writev_checked (const char             *path,
                              const char *const      *pieces,
                              const gsize            *lengths,
                              guint                   n_pieces,
                              int                     mode,
                              const CaissaFileStamp  *expected,
                              CaissaAtomicCheck       check,
                              gpointer                check_data,
                              CaissaFileStamp        *new_stamp,
                              GError                **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  struct stat st;
  gboolean existed = FALSE;
  int saved_errno = 0;
  int injected;
  int fd;
  int lock_fd = -1;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (pieces != NULL || n_pieces == 0, FALSE);
  g_return_val_if_fail (lengths != NULL || n_pieces == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* A link is followed: the file it names is replaced, the link stays. */
  if (lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      char *real = realpath (path, NULL);

      if (real == NULL)
        {
          saved_errno = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       /* Translators: %s is the path of a symbolic link, then
                        * (in brackets) the system's reason. */
                       _("Cannot save “%s”: it is a link to a file that cannot be reached (%s). "
                         "Nothing was written."), path, g_strerror (saved_errno));
          return FALSE;
        }
      target = g_strdup (real);
      free (real);
    }
  else
    target = g_strdup (path);

  if (stat (target, &st) == 0)
    {
      CaissaFileStamp now;

      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                       /* Translators: %s is a folder's path. */
                       _("Cannot save “%s”: it is a folder. Nothing was written."), path);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                       /* Translators: %s is a path that names a device, a
                        * socket or the like rather than a file. */
                       _("Cannot save “%s”: it is not a regular file. Nothing was written."), path);
          return FALSE;
        }
      existed = TRUE;
      stamp_from_stat (&now, &st);
      if (expected != NULL && !caissa_file_stamp_equal (expected, &now))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                       /* Translators: %s is the file's path. */
                       _("“%s” has changed on disk since it was opened. It was left as it is."),
                       path);
          return FALSE;
        }
    }
  else if (errno != ENOENT)
    {
      set_write_error (error, errno, path, FALSE);
      return FALSE;
    }
  else if (expected != NULL && expected->exists)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   /* Translators: %s is the file's path. */
                   _("“%s” has been deleted or moved since it was opened."), path);
      return FALSE;
    }

  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  if (strlen (base) > TMP_BASE_MAX)
    base[TMP_BASE_MAX] = '\0';
  /* A save killed part-way leaves its temporary file behind: the next
   * save to this folder removes those of processes that are gone. */
  caissa_atomic_remove_stale (dir);
  tmp = g_strdup_printf ("%s/.%s" TMP_MARK "%ld-XXXXXX", dir, base, (long) getpid ());

  if ((injected = injected_failure (STEP_OPEN, NULL)) != 0)
    {
      set_write_error (error, injected, path, existed);
      return FALSE;
    }
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, existed ? 0600 : mode);
  if (fd < 0)
    {
      set_write_error (error, errno, path, existed);
      return FALSE;
    }
  /* Locked until the save is over (the lock is on the open file, which
   * lock_fd keeps open after fd is closed): another Caissa cleaning the
   * folder leaves it alone. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    g_debug ("flock %s: %s", tmp, g_strerror (errno));
  lock_fd = dup (fd);

  /* The new file keeps the old one's permissions (and, for root, owner). */
  if (existed)
    {
      if (fchmod (fd, st.st_mode & 07777) != 0)
        g_debug ("fchmod %s: %s", tmp, g_strerror (errno));
      if (geteuid () == 0 && fchown (fd, st.st_uid, st.st_gid) != 0)
        g_debug ("fchown %s: %s", tmp, g_strerror (errno));
    }

  if (!write_all (fd, pieces, lengths, n_pieces, &saved_errno))
    goto fail;
  if ((injected = injected_failure (STEP_FSYNC, NULL)) != 0)
    {
      saved_errno = injected;
      goto fail;
    }
  if (fsync (fd) != 0)
    {
      saved_errno = errno;
      goto fail;
    }
  if (new_stamp != NULL)
    {
      struct stat written;

      if (fstat (fd, &written) != 0)
        {
          saved_errno = errno;
          goto fail;
        }
      stamp_from_stat (new_stamp, &written);
    }
  if (close (fd) != 0)
    {
      fd = -1;
      saved_errno = errno;
      goto fail;
    }
  fd = -1;

  /* The last look before the old file goes: whatever changed it while
   * the new one was written (another program saving it, rewriting it in
   * place) wins, and nothing is replaced. */
  injected_change (target);
  if (expected != NULL)
    {
      CaissaFileStamp now;
      struct stat again;

      memset (&now, 0, sizeof now);
      if (stat (target, &again) == 0)
        stamp_from_stat (&now, &again);
      if (!caissa_file_stamp_equal (expected, &now))
        {
          g_unlink (tmp);
          close_lock (lock_fd);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                       /* Translators: %s is the file's path. */
                       _("“%s” changed on disk while it was being saved. It was left as it is."),
                       path);
          return FALSE;
        }
    }
  if (check != NULL && !check (check_data, error))
    {
      g_unlink (tmp);
      close_lock (lock_fd);
      return FALSE;
    }

  if ((injected = injected_failure (STEP_RENAME, NULL)) != 0)
    {
      saved_errno = injected;
      goto fail;
    }
  if (rename (tmp, target) != 0)
    {
      saved_errno = errno;
      goto fail;
    }
  close_lock (lock_fd);
  sync_directory (dir);
  return TRUE;

fail:
  if (fd >= 0)
    close (fd);
  if (g_unlink (tmp) != 0)
    g_debug ("unlink %s: %s", tmp, g_strerror (errno));
  close_lock (lock_fd);
  set_write_error (error, saved_errno, path, existed);
  return FALSE;
}

/* How old a temporary file of a live PID must be, in seconds, before it
 * counts as left behind: the PID may have been reused by another process
 * since (a save holds its file's lock throughout; the only moment a live
 * save's file is unlocked is between its creation and its lock). */
#define STALE_AGE_S 60

/* Whether the temporary file at path (named name, with status st) was
 * left by a save that is over: nobody holds its lock, and no process has
 * the PID in its name any more or the file is older than STALE_AGE_S. */
static gboolean
is_stale (const char        *path,
          const char        *name,
          const struct stat *st)
{
  const char *mark = strstr (name, TMP_MARK);
  const char *digits;
  char *end = NULL;
  gboolean gone;
  long pid;
  int fd;

  if (name[0] != '.' || mark == NULL)
    return FALSE;
  /* The last mark: the file's own name may hold one. */
  for (const char *next; (next = strstr (mark + 1, TMP_MARK)) != NULL;)
    mark = next;
  digits = mark + strlen (TMP_MARK);
  if (!g_ascii_isdigit (*digits))
    return FALSE;
  pid = strtol (digits, &end, 10);
  if (end == NULL || *end != '-' || strlen (end + 1) != 6 || pid <= 0)
    return FALSE;

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return FALSE;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      /* A save in progress, in this process or another. */
      close (fd);
      return FALSE;
    }
  close (fd);
  gone = pid != (long) getpid () && kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
  return gone || g_get_real_time () / G_USEC_PER_SEC - st->st_mtim.tv_sec > STALE_AGE_S;
}

guint
caissa_atomic_remove_stale (const char *dir)
{
  g_autoptr(GDir) folder = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (dir != NULL, 0);

  folder = g_dir_open (dir, 0, NULL);
  if (folder == NULL)
    return 0;
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;

      if (name[0] != '.' || strstr (name, TMP_MARK) == NULL)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid ())
        continue;
      if (!is_stale (path, name, &st))
        continue;
      if (g_unlink (path) == 0)
        {
          g_debug ("removed the stale temporary file %s", path);
          removed++;
        }
      else
        g_debug ("unlink %s: %s", path, g_strerror (errno));
    }
  return removed;
}
