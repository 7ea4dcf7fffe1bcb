/* test-atomic.c — caissa_atomic_write(): the destination holds the old
 * contents or the new ones, never anything else, whatever fails: the disk
 * full part-way, fsync, the rename, no permission, the destination a
 * folder or not a file, and a file changed on disk since it was opened.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Failures that cannot be made on demand (a full disk, an I/O error) are
 * injected with CAISSA_TEST_FAIL_WRITE (see caissa-atomic.h); the others
 * are real: a folder at the destination, a parent that is a file, /proc,
 * /dev/null, a read-only folder when not running as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include <glib/gstdio.h>

#include "caissa-atomic.h"
#include "test-util.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static const char old_text[] = "[Event \"old\"]\n\n1. e4 e5 *\n";

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("caissa-atomic-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "game.pgn", NULL);
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  test_util_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
write_plain (const char *path,
             const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
assert_contents (const char *path,
                 const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

/* Nothing but the names given is left in dir (no temporary files). */
static void
assert_only (const char *dir,
             const char *name1,
             const char *name2)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (g_strcmp0 (name, name1) != 0 && g_strcmp0 (name, name2) != 0)
        g_error ("unexpected file left in %s: %s", dir, name);
      n++;
    }
  g_assert_cmpuint (n, ==, (name1 != NULL) + (name2 != NULL));
}

static char *
big_text (gsize len)
{
  char *text = g_malloc (len + 1);

  for (gsize i = 0; i < len; i++)
    text[i] = "1. d4 d5 2. c4 e6\n"[i % 18];
  text[len] = '\0';
  return text;
}

static void
test_new_file (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  mode_t mask = umask (022);
  struct stat st;

  g_assert_true (caissa_atomic_write (f->path, old_text, -1, &error));
  umask (mask);
  g_assert_no_error (error);
  assert_contents (f->path, old_text);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  assert_only (f->dir, "game.pgn", NULL);

  /* Embedded NULs are written as they are. */
  g_assert_true (caissa_atomic_write (f->path, "a\0b", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 3);
}

static void
test_replace_keeps_mode (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  struct stat before, after;

  write_plain (f->path, old_text);
  g_assert_cmpint (g_chmod (f->path, 0640), ==, 0);
  g_assert_cmpint (g_stat (f->path, &before), ==, 0);

  g_assert_true (caissa_atomic_write (f->path, "new", -1, &error));
  g_assert_no_error (error);
  assert_contents (f->path, "new");
  g_assert_cmpint (g_stat (f->path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0640);
  /* A new file renamed over the old one, not the old one rewritten. */
  g_assert_cmpuint (after.st_ino, !=, before.st_ino);
  assert_only (f->dir, "game.pgn", NULL);
}

/* data: the CAISSA_TEST_FAIL_WRITE value; errno-like code expected. */
typedef struct
{
  const char *spec;
  GIOErrorEnum code;
} Injected;

static const Injected injected[] = {
  { "open", G_IO_ERROR_PERMISSION_DENIED },
  { "after:0", G_IO_ERROR_NO_SPACE },
  { "after:1", G_IO_ERROR_NO_SPACE },
  { "after:4096", G_IO_ERROR_NO_SPACE },
  { "after:99999", G_IO_ERROR_NO_SPACE },
  { "fsync", G_IO_ERROR_FAILED },
  { "rename", G_IO_ERROR_FAILED },
};

static void
test_injected_failure (Fixture       *f,
                       gconstpointer  data)
{
  const Injected *inj = data;
  g_autofree char *text = big_text (100000);
  g_autofree char *fresh = g_build_filename (f->dir, "fresh.pgn", NULL);
  g_autoptr(GError) error = NULL;

  write_plain (f->path, old_text);
  g_setenv ("CAISSA_TEST_FAIL_WRITE", inj->spec, TRUE);

  /* Replacing: the old file stays, whole. */
  g_assert_false (caissa_atomic_write (f->path, text, -1, &error));
  g_assert_error (error, G_IO_ERROR, (gint) inj->code);
  g_assert_nonnull (strstr (error->message, f->path));
  g_assert_nonnull (strstr (error->message, "left as it was"));
  assert_contents (f->path, old_text);
  g_clear_error (&error);

  /* A new file: nothing is created. */
  g_assert_false (caissa_atomic_write (fresh, text, -1, &error));
  g_assert_error (error, G_IO_ERROR, (gint) inj->code);
  g_assert_nonnull (strstr (error->message, "No file was written"));
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
  assert_only (f->dir, "game.pgn", NULL);

  /* And once the failure is gone, the same call succeeds. */
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  g_clear_error (&error);
  g_assert_true (caissa_atomic_write (f->path, text, -1, &error));
  g_assert_no_error (error);
  assert_contents (f->path, text);
}

/* The disk fills up at every point of the write: never a partial file. */
static void
test_no_space_anywhere (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *text = big_text (3000);

  write_plain (f->path, old_text);
  for (gsize n = 0; n < 3000; n += 97)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *spec = g_strdup_printf ("after:%" G_GSIZE_FORMAT, n);

      g_setenv ("CAISSA_TEST_FAIL_WRITE", spec, TRUE);
      g_assert_false (caissa_atomic_write (f->path, text, -1, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      assert_contents (f->path, old_text);
    }
  assert_only (f->dir, "game.pgn", NULL);
}

static void
test_destination_is_directory (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *inside = g_build_filename (f->path, "keep", NULL);

  g_assert_cmpint (g_mkdir (f->path, 0755), ==, 0);
  write_plain (inside, "x");

  g_assert_false (caissa_atomic_write (f->path, "new", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_nonnull (strstr (error->message, "folder"));
  assert_contents (inside, "x");
  assert_only (f->dir, "game.pgn", NULL);
}

static void
test_not_regular (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  struct stat st;

  /* Never replace a device node, even as root. */
  g_assert_false (caissa_atomic_write ("/dev/null", "x", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* Real permission failures that hold even for root. */
static void
test_no_permission (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *under_file = g_build_filename (f->path, "x.pgn", NULL);

  /* The parent is a file. */
  write_plain (f->path, old_text);
  g_assert_false (caissa_atomic_write (under_file, "new", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  assert_contents (f->path, old_text);
  g_clear_error (&error);

  /* A file in /proc: no file can be created there. */
  g_assert_false (caissa_atomic_write ("/proc/caissa-test.pgn", "new", -1, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/proc/caissa-test.pgn"));
  g_clear_error (&error);

  /* A read-only folder stops everyone but root. */
  if (geteuid () != 0)
    {
      g_autofree char *ro = g_build_filename (f->dir, "ro", NULL);
      g_autofree char *in_ro = g_build_filename (ro, "game.pgn", NULL);

      g_assert_cmpint (g_mkdir (ro, 0755), ==, 0);
      write_plain (in_ro, old_text);
      g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
      g_assert_false (caissa_atomic_write (in_ro, "new", -1, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
      assert_contents (in_ro, old_text);
      g_chmod (ro, 0755);
    }
  else
    g_test_message ("running as root: a read-only folder does not stop writes; "
                    "the parent-is-a-file and /proc cases stand in for it");
}

static void
test_changed_on_disk (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CaissaFileStamp opened, written, now;

  write_plain (f->path, old_text);
  g_assert_true (caissa_file_stamp_get (f->path, &opened, &error));
  g_assert_true (opened.exists);

  /* Unchanged: written, and the new stamp is what the disk says. */
  g_assert_true (caissa_atomic_write_full (f->path, "mine 1", -1, 0644, &opened, &written, &error));
  g_assert_no_error (error);
  g_assert_true (caissa_file_stamp_get (f->path, &now, &error));
  g_assert_true (caissa_file_stamp_equal (&written, &now));
  g_assert_false (caissa_file_stamp_equal (&written, &opened));

  /* Another program saves it: same size, a different time. */
  write_plain (f->path, "theirs");
  g_assert_false (caissa_atomic_write_full (f->path, "mine 2", -1, 0644, &written, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  assert_contents (f->path, "theirs");
  g_clear_error (&error);

  /* Only the time changes (touched, or rewritten within the same size). */
  g_assert_true (caissa_file_stamp_get (f->path, &opened, &error));
  {
    struct timespec times[2] = { { 0, UTIME_OMIT }, { 1000000000, 0 } };

    g_assert_cmpint (utimensat (AT_FDCWD, f->path, times, 0), ==, 0);
  }
  g_assert_false (caissa_atomic_write_full (f->path, "mine 3", -1, 0644, &opened, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_clear_error (&error);

  /* Deleted since. */
  g_assert_true (caissa_file_stamp_get (f->path, &opened, &error));
  g_assert_cmpint (g_unlink (f->path), ==, 0);
  g_assert_false (caissa_atomic_write_full (f->path, "mine 4", -1, 0644, &opened, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* The user said "overwrite": no stamp, written. */
  g_assert_true (caissa_atomic_write_full (f->path, "mine 5", -1, 0644, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_contents (f->path, "mine 5");
  assert_only (f->dir, "game.pgn", NULL);
}

static gboolean
refuse_cb (gpointer   user_data,
           GError   **error)
{
  (*(guint *) user_data)++;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "source changed");
  return FALSE;
}

/* Changed while the new file was being written: the last look before the
 * rename sees it, the other program's change stays and nothing is left
 * behind; a caller's check can refuse at that moment too. */
static void
test_changed_while_writing (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *theirs = g_strconcat (old_text, "\n", NULL);
  const char *pieces[] = { "mine ", "1" };
  const gsize lengths[] = { 5, 1 };
  CaissaFileStamp opened;
  guint calls = 0;

  write_plain (f->path, old_text);
  g_assert_true (caissa_file_stamp_get (f->path, &opened, &error));

  g_setenv ("CAISSA_TEST_FAIL_WRITE", "change-before-rename", TRUE);
  g_assert_false (caissa_atomic_writev (f->path, pieces, lengths, 2, 0644, &opened, NULL, &error));
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_nonnull (strstr (error->message, f->path));
  assert_contents (f->path, theirs);
  assert_only (f->dir, "game.pgn", NULL);
  g_clear_error (&error);

  /* The caller's check says no: the file stays, the temporary goes. */
  g_assert_false (caissa_atomic_writev_checked (f->path, pieces, lengths, 2, 0644, NULL,
                                                refuse_cb, &calls, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpuint (calls, ==, 1);
  assert_contents (f->path, theirs);
  assert_only (f->dir, "game.pgn", NULL);
  g_clear_error (&error);

  /* Without a stamp to keep to, the pieces are written one after another. */
  g_assert_true (caissa_atomic_writev (f->path, pieces, lengths, 2, 0644, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_contents (f->path, "mine 1");
}

static void
test_symlink (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *link = g_build_filename (f->dir, "link.pgn", NULL);
  g_autofree char *dangling = g_build_filename (f->dir, "dangling.pgn", NULL);

  write_plain (f->path, old_text);
  g_assert_cmpint (symlink ("game.pgn", link), ==, 0);
  g_assert_true (caissa_atomic_write (link, "through the link", -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  assert_contents (f->path, "through the link");

  g_assert_cmpint (symlink ("nowhere/x.pgn", dangling), ==, 0);
  g_assert_false (caissa_atomic_write (dangling, "x", -1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (g_unlink (dangling), ==, 0);
  assert_only (f->dir, "game.pgn", "link.pgn");
}

static void
test_long_name (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strnfill (250, 'n');
  g_autofree char *path = g_build_filename (f->dir, name, NULL);

  /* The temporary name must fit too. */
  g_assert_true (caissa_atomic_write (path, "x", -1, &error));
  g_assert_no_error (error);
  assert_contents (path, "x");
}

/* Makes dir/name with mtime seconds since the epoch. */
static void
make_stale_candidate (const char *dir,
                      const char *name,
                      gint64      mtime)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  struct utimbuf times = { .actime = mtime, .modtime = mtime };

  write_plain (path, "partial");
  g_assert_cmpint (utime (path, &times), ==, 0);
}

/* A PID no process has: a child that has exited and been reaped. */
static long
dead_pid (void)
{
  pid_t pid = fork ();
  int status;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    _exit (0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return (long) pid;
}

/* What a save killed part-way leaves (".NAME.caissa-tmp-PID-XXXXXX") is
 * removed by the next save to the folder when its process is gone (no
 * such PID, or the file is old enough that the PID was reused); a live
 * process's fresh file, this process's own, a locked one (a save in
 * progress), other programs' hidden files and look-alike names are left
 * alone. */
static void
test_stale_temporary (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dead = g_strdup_printf (".game.pgn.caissa-tmp-%ld-aB3xYz", dead_pid ());
  g_autofree char *mine = g_strdup_printf (".game.pgn.caissa-tmp-%ld-Qw12er", (long) getpid ());
  g_autofree char *parent = g_strdup_printf (".game.pgn.caissa-tmp-%ld-Zx98cv", (long) getppid ());
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *busy_path = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n = 0;
  int busy;

  make_stale_candidate (f->dir, dead, now);
  /* PID 1 runs, but the file is from 1970: not its save. */
  make_stale_candidate (f->dir, ".old.pgn.caissa-tmp-1-Mn45bv", 86400);
  make_stale_candidate (f->dir, mine, now);
  make_stale_candidate (f->dir, parent, now);
  make_stale_candidate (f->dir, ".game.pgn.AbCdEf", 86400);
  make_stale_candidate (f->dir, ".game.pgn.caissa-tmp-x-AbCdEf", 86400);
  make_stale_candidate (f->dir, "game.caissa-tmp-1-AbCdEf", 86400);
  /* Old, but locked: a save in progress (in a Caissa whose clock is off,
   * or one that has taken long). */
  make_stale_candidate (f->dir, ".busy.pgn.caissa-tmp-1-Lk00ck", 86400);
  busy_path = g_build_filename (f->dir, ".busy.pgn.caissa-tmp-1-Lk00ck", NULL);
  busy = open (busy_path, O_RDONLY);
  g_assert_cmpint (flock (busy, LOCK_EX), ==, 0);

  g_assert_true (caissa_atomic_write (f->path, old_text, -1, &error));
  g_assert_no_error (error);

  d = g_dir_open (f->dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (name, !=, dead);
      g_assert_cmpstr (name, !=, ".old.pgn.caissa-tmp-1-Mn45bv");
      n++;
    }
  /* game.pgn, mine, parent's, the busy one and the three look-alikes. */
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpuint (caissa_atomic_remove_stale (f->dir), ==, 0);
  close (busy);
  g_assert_cmpuint (caissa_atomic_remove_stale (f->dir), ==, 1);
  assert_contents (f->path, old_text);
}

/* The temporary file is recognisably Caissa's and carries the PID: seen
 * by a check at the moment before the rename. */
static gboolean
check_names_cb (gpointer   user_data,
                GError   **error)
{
  const char *dir = user_data;
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = g_strdup_printf (".game.pgn.caissa-tmp-%ld-", (long) getpid ());
  const char *name;
  guint found = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && strlen (name) == strlen (prefix) + 6)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        int fd = open (path, O_RDONLY);

        /* Held by the save: another cleaner may not take it. */
        g_assert_cmpint (flock (fd, LOCK_EX | LOCK_NB), !=, 0);
        close (fd);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
  /* And a cleaning now leaves it alone. */
  g_assert_cmpuint (caissa_atomic_remove_stale (dir), ==, 0);
  return TRUE;
}

static void
test_temporary_name (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *pieces[] = { old_text };
  gsize lengths[] = { strlen (old_text) };

  g_assert_true (caissa_atomic_writev_checked (f->path, pieces, lengths, 1, 0644, NULL,
                                               check_names_cb, f->dir, NULL, &error));
  g_assert_no_error (error);
  assert_only (f->dir, "game.pgn", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/model/atomic/new-file", test_new_file);
  ADD ("/model/atomic/replace-keeps-mode", test_replace_keeps_mode);
  ADD ("/model/atomic/no-space-anywhere", test_no_space_anywhere);
  ADD ("/model/atomic/destination-is-directory", test_destination_is_directory);
  ADD ("/model/atomic/not-regular", test_not_regular);
  ADD ("/model/atomic/no-permission", test_no_permission);
  ADD ("/model/atomic/changed-on-disk", test_changed_on_disk);
  ADD ("/model/atomic/changed-while-writing", test_changed_while_writing);
  ADD ("/model/atomic/symlink", test_symlink);
  ADD ("/model/atomic/long-name", test_long_name);
  ADD ("/model/atomic/stale-temporary", test_stale_temporary);
  ADD ("/model/atomic/temporary-name", test_temporary_name);
#undef ADD
  for (guint i = 0; i < G_N_ELEMENTS (injected); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/atomic/injected/%s", injected[i].spec);

      g_test_add (path, Fixture, &injected[i], fixture_setup, test_injected_failure, fixture_teardown);
    }

  return g_test_run ();
}
