/* test-util.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "test-util.h"

void
test_util_remove_tree (const char *path)
{
  GDir *dir;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_unlink (path);
      return;
    }
  g_chmod (path, 0700);
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      test_util_remove_tree (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

typedef struct
{
  guint       seconds;
  const char *what;
} Deadline;

static gboolean
deadline_cb (gpointer user_data)
{
  Deadline *d = user_data;

  g_error ("%s did not happen within %u s", d->what, d->seconds);
  return G_SOURCE_REMOVE;
}

void
test_util_wait_for (const gboolean *flag,
                    guint           seconds,
                    const char     *what)
{
  Deadline d = { seconds, what };
  guint id = g_timeout_add_seconds (seconds, deadline_cb, &d);

  while (!*flag)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}
