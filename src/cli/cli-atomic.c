/* cli-atomic.c — writing an output file of the command-line tool safely.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cli-atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Links followed before giving up, as the kernel does (ELOOP). */
#define MAX_LINKS 40

static bool
has_prefix (const char *s,
            const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

static char *
xstrdup (const char *s)
{
  char *copy = strdup (s);

  if (copy == NULL)
    abort ();
  return copy;
}

/* The directory part of path ("." when there is none), malloc'd. */
static char *
dir_of (const char *path)
{
  const char *slash = strrchr (path, '/');
  char *dir;

  if (slash == NULL)
    return xstrdup (".");
  if (slash == path)
    return xstrdup ("/");
  dir = xstrdup (path);
  dir[slash - path] = '\0';
  return dir;
}

/* Follows the symbolic links of path itself (not of its folders) to the
 * file they lead to, which may not exist yet. Sets *magic when the chain
 * goes through /proc (/dev/stdout → /proc/self/fd/1): such links are not
 * paths to rename over. Returns NULL with errno set on failure. */
static char *
resolve_links (const char *path,
               bool       *magic)
{
  char *p = xstrdup (path);

  *magic = has_prefix (p, "/proc/") || has_prefix (p, "/dev/fd/");
  for (int i = 0; i <= MAX_LINKS; i++)
    {
      struct stat st;
      char link[PATH_MAX];
      ssize_t n;
      char *next;

      if (lstat (p, &st) != 0)
        {
          if (errno == ENOENT)
            return p;
          free (p);
          return NULL;
        }
      if (!S_ISLNK (st.st_mode))
        return p;
      if (i == MAX_LINKS)
        break;
      n = readlink (p, link, sizeof link - 1);
      if (n < 0)
        {
          free (p);
          return NULL;
        }
      link[n] = '\0';
      if (link[0] == '/')
        next = xstrdup (link);
      else
        {
          char *dir = dir_of (p);
          size_t len = strlen (dir) + 1 + (size_t) n + 1;
          next = malloc (len);
          if (next == NULL)
            abort ();
          snprintf (next, len, "%s/%s", dir, link);
          free (dir);
        }
      free (p);
      p = next;
      if (has_prefix (p, "/proc/"))
        *magic = true;
    }
  free (p);
  errno = ELOOP;
  return NULL;
}

static bool
fail_errno (CliAtomicFile *out,
            int            error)
{
  out->error = error != 0 ? error : EIO;
  return false;
}

/* The temporary file's name: ".NAME" TMP_MARK "PID-XXXXXX", as the
 * model's caissa-atomic.c names it, NAME cut to TMP_BASE_MAX bytes. */
#define TMP_MARK ".caissa-tmp-"
#define TMP_BASE_MAX 200
/* A live PID's file this old was left by a process whose PID was reused. */
#define STALE_AGE_S 60

/* Whether dir/name is a temporary file of Caissa's that a save killed
 * part-way left: unlocked, and its process gone or the file old. The
 * same rule as caissa_atomic_remove_stale(). */
static bool
is_stale (const char *path,
          const char *name)
{
  const char *mark = strstr (name, TMP_MARK), *next;
  struct stat st;
  char *end = NULL;
  bool gone;
  long pid;
  int fd;

  if (name[0] != '.' || mark == NULL)
    return false;
  while ((next = strstr (mark + 1, TMP_MARK)) != NULL)
    mark = next;
  mark += strlen (TMP_MARK);
  if (*mark < '0' || *mark > '9')
    return false;
  pid = strtol (mark, &end, 10);
  if (end == NULL || *end != '-' || strlen (end + 1) != 6 || pid <= 0)
    return false;
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return false;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid ()
      || flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return false;
    }
  close (fd);
  gone = pid != (long) getpid () && kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
  return gone || time (NULL) - st.st_mtime > STALE_AGE_S;
}

static void
remove_stale (const char *dir)
{
  DIR *folder = opendir (dir);
  struct dirent *entry;

  if (folder == NULL)
    return;
  while ((entry = readdir (folder)) != NULL)
    {
      size_t len;
      char *path;

      if (entry->d_name[0] != '.' || strstr (entry->d_name, TMP_MARK) == NULL)
        continue;
      len = strlen (dir) + strlen (entry->d_name) + 2;
      path = malloc (len);
      if (path == NULL)
        abort ();
      snprintf (path, len, "%s/%s", dir, entry->d_name);
      if (is_stale (path, entry->d_name))
        unlink (path);
      free (path);
    }
  closedir (folder);
}

static bool
open_direct (CliAtomicFile *out,
             const char    *path,
             int            flags)
{
  int fd = open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY | flags);

  if (fd < 0)
    return fail_errno (out, errno);
  out->stream = fdopen (fd, "w");
  if (out->stream == NULL)
    {
      int e = errno;
      close (fd);
      return fail_errno (out, e);
    }
  out->target = xstrdup (path);
  return true;
}

bool
cli_atomic_file_open (CliAtomicFile *out,
                      const char    *path)
{
  struct stat st;
  bool exists, magic;
  char *target, *dir;
  const char *base;
  size_t len;
  mode_t mode;
  int fd;

  memset (out, 0, sizeof *out);
  exists = stat (path, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail_errno (out, errno);
  if (exists)
    {
      /* Streams and devices are written to, never replaced. */
      if (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode))
        return open_direct (out, path, 0);
      if (S_ISDIR (st.st_mode))
        return fail_errno (out, EISDIR);
      if (S_ISBLK (st.st_mode))
        {
          out->reason = "it is a block device, not a file";
          return false;
        }
      if (!S_ISREG (st.st_mode))
        {
          out->reason = "it is not a regular file";
          return false;
        }
    }

  target = resolve_links (path, &magic);
  if (target == NULL)
    return fail_errno (out, errno);
  if (magic)
    {
      /* /dev/stdout and /proc/self/fd/N lead to whatever the descriptor is;
       * a regular file behind one is truncated and written, like cp does. */
      free (target);
      if (!exists)
        return fail_errno (out, ENOENT);
      return open_direct (out, path, O_TRUNC);
    }

  /* A file the user may not write is not replaced behind his back, even
   * though the folder would allow it (as the shell's > and gio save
   * refuse it). */
  if (exists && access (target, W_OK) != 0)
    {
      int e = errno;
      free (target);
      return fail_errno (out, e);
    }
  if (exists)
    mode = st.st_mode & 0777;
  else
    {
      mode_t mask = umask (0);
      umask (mask);
      mode = 0666 & ~mask;
    }

  dir = dir_of (target);
  base = strrchr (target, '/') ? strrchr (target, '/') + 1 : target;
  /* Saves killed part-way leave their temporary file: this one removes
   * those of processes that are gone. */
  remove_stale (dir);
  len = strlen (dir) + strlen (base) + 64;
  out->tmp_path = malloc (len);
  if (out->tmp_path == NULL)
    abort ();
  snprintf (out->tmp_path, len, "%s/.%.*s" TMP_MARK "%ld-XXXXXX", dir, TMP_BASE_MAX, base,
            (long) getpid ());
  free (dir);
  fd = mkstemp (out->tmp_path);
  if (fd < 0)
    {
      int e = errno;
      free (out->tmp_path);
      free (target);
      out->tmp_path = NULL;
      return fail_errno (out, e);
    }
  /* Held until the file is closed: another Caissa cleaning the folder
   * leaves it alone. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      /* Not fatal: the PID in the name protects it as well. */
    }
  /* The replacement keeps the old file's mode (a 0600 file stays private)
   * and, when allowed, its owner and group. */
  if (fchmod (fd, mode) != 0)
    {
      int e = errno;
      close (fd);
      unlink (out->tmp_path);
      free (out->tmp_path);
      free (target);
      out->tmp_path = NULL;
      return fail_errno (out, e);
    }
  if (exists && (st.st_uid != geteuid () || st.st_gid != getegid ()))
    {
      if (fchown (fd, st.st_uid, st.st_gid) != 0 && fchown (fd, (uid_t) -1, st.st_gid) != 0)
        {
          /* Not ours to give away: the new file is the caller's, like any
           * editor's save. */
        }
    }
  out->stream = fdopen (fd, "w");
  if (out->stream == NULL)
    {
      int e = errno;
      close (fd);
      unlink (out->tmp_path);
      free (out->tmp_path);
      free (target);
      out->tmp_path = NULL;
      return fail_errno (out, e);
    }
  out->target = target;
  return true;
}

static void
free_paths (CliAtomicFile *out)
{
  free (out->tmp_path);
  free (out->target);
  out->tmp_path = NULL;
  out->target = NULL;
  out->stream = NULL;
}

bool
cli_atomic_file_commit (CliAtomicFile *out)
{
  int error = 0;
  int fd = fileno (out->stream);

  errno = 0;
  if (fflush (out->stream) != 0)
    error = errno != 0 ? errno : EIO;
  else if (ferror (out->stream))
    error = EIO;
  if (out->tmp_path == NULL)
    {
      /* Written straight to: a regular file behind /dev/stdout is synced;
       * a pipe or a device cannot be (EINVAL), and need not be. */
      struct stat st;
      if (error == 0 && fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && fsync (fd) != 0)
        error = errno;
      if (fclose (out->stream) != 0 && error == 0)
        error = errno;
      free_paths (out);
      return error == 0 || fail_errno (out, error);
    }

  if (error == 0 && fsync (fd) != 0)
    error = errno;
  if (fclose (out->stream) != 0 && error == 0)
    error = errno;
  if (error == 0 && rename (out->tmp_path, out->target) != 0)
    error = errno;
  if (error != 0)
    {
      unlink (out->tmp_path);
      free_paths (out);
      return fail_errno (out, error);
    }
  /* The rename itself reaches the disk with the directory. */
  {
    char *dir = dir_of (out->target);
    int dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0)
      {
        fsync (dir_fd);
        close (dir_fd);
      }
    free (dir);
  }
  free_paths (out);
  return true;
}

void
cli_atomic_file_abort (CliAtomicFile *out)
{
  if (out->stream != NULL)
    fclose (out->stream);
  if (out->tmp_path != NULL)
    unlink (out->tmp_path);
  free_paths (out);
}

const char *
cli_atomic_file_strerror (const CliAtomicFile *out)
{
  if (out->reason != NULL)
    return out->reason;
  return strerror (out->error != 0 ? out->error : EIO);
}
