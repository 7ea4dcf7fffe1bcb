/* test-util-pgn.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-util-pgn.h"

char *
test_util_pgn_copy_data (const char *tmp_dir,
                         const char *dir,
                         const char *name)
{
  g_autofree char *src = g_build_filename (g_getenv ("CAISSA_TEST_DATA"), dir, name, NULL);
  g_autofree char *contents = NULL;
  char *dest = g_build_filename (tmp_dir, name, NULL);
  gsize len = 0;

  g_assert_true (g_file_get_contents (src, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (dest, contents, (gssize) len, NULL));
  return dest;
}

CaissaPgnFile *
test_util_pgn_open_loaded (const char *path)
{
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = caissa_pgn_file_new (gfile, &error);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_no_error (error);
  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  g_assert_false (caissa_pgn_file_get_validating (file));
  return file;
}

static void
save_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  GError **error = user_data;

  caissa_pgn_file_save_finish (CAISSA_PGN_FILE (source), result, error);
  *(gboolean *) g_object_get_data (source, "test-util-pgn-done") = TRUE;
}

gboolean
test_util_pgn_save (CaissaPgnFile       *file,
                    const char          *dest,
                    guint                position,
                    const char          *pgn,
                    CaissaPgnSaveFlags   flags,
                    GError             **error)
{
  g_autoptr(GFile) gdest = g_file_new_for_path (dest);
  gboolean done = FALSE;

  g_object_set_data (G_OBJECT (file), "test-util-pgn-done", &done);
  caissa_pgn_file_save_full_async (file, gdest, position, pgn, flags, NULL, save_cb, error);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  /* The worker lets go of the task (and its file) just after returning. */
  for (guint i = 0; i < 5000 && G_OBJECT (file)->ref_count > 1; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return *error == NULL;
}
