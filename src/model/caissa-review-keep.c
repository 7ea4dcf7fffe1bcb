/* caissa-review-keep.c — the edited game of an open PGN file kept on disk.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-review-keep"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "caissa-atomic.h"
#include "caissa-review-keep.h"

#define GROUP "edit"
#define FORMAT_VERSION 1
/* Far beyond any game edited by hand. */
#define MAX_FILE_SIZE (64 * 1024 * 1024)

struct _CaissaKeptEdit
{
  char      *file;
  guint      position;
  char      *original;
  char      *pgn;
  GDateTime *saved_at;
};

char *
caissa_kept_edit_default_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "caissa", "review-edit.ini", NULL);
}

static char *
digest (const char *text,
        gsize       len)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, len);
}

gboolean
caissa_kept_edit_save (const char  *path,
                       const char  *file,
                       guint        position,
                       const char  *original,
                       gsize        len,
                       const char  *pgn,
                       GError     **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *sum = digest (original, len);
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *data = NULL;
  gsize data_len;

  g_return_val_if_fail (path != NULL && file != NULL && original != NULL && pgn != NULL, FALSE);

  g_key_file_set_int64 (keys, GROUP, "version", FORMAT_VERSION);
  g_key_file_set_string (keys, GROUP, "file", file);
  g_key_file_set_uint64 (keys, GROUP, "position", position);
  g_key_file_set_string (keys, GROUP, "original", sum);
  g_key_file_set_string (keys, GROUP, "saved-at", when);
  g_key_file_set_string (keys, GROUP, "pgn", pgn);
  data = g_key_file_to_data (keys, &data_len, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* Translators: %s is a folder's path, then the system's reason. */
                   _("Cannot keep the unsaved changes in “%s”: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  return caissa_atomic_write_full (path, data, data_len, 0600, NULL, NULL, error);
}

CaissaKeptEdit *
caissa_kept_edit_load (const char  *path,
                       GError     **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(CaissaKeptEdit) kept = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *data = NULL;
  g_autofree char *when = NULL;
  guint64 position;
  GStatBuf st;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT || saved_errno == ENOTDIR)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     /* Translators: %s is a path. */
                     _("No unsaved changes kept at “%s”"), path);
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", path,
                     g_strerror (saved_errno));
      return NULL;
    }
  if (!S_ISREG (st.st_mode) || st.st_size > MAX_FILE_SIZE
      || !g_file_get_contents (path, &data, &len, &local)
      || memchr (data, '\0', len) != NULL
      || !g_key_file_load_from_data (keys, data, len, G_KEY_FILE_NONE, NULL)
      || g_key_file_get_int64 (keys, GROUP, "version", NULL) != FORMAT_VERSION)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a path. */
                   _("The unsaved changes kept at “%s” cannot be read"), path);
      return NULL;
    }

  kept = g_new0 (CaissaKeptEdit, 1);
  kept->file = g_key_file_get_string (keys, GROUP, "file", NULL);
  kept->original = g_key_file_get_string (keys, GROUP, "original", NULL);
  kept->pgn = g_key_file_get_string (keys, GROUP, "pgn", NULL);
  position = g_key_file_get_uint64 (keys, GROUP, "position", &local);
  if (kept->file == NULL || !g_path_is_absolute (kept->file) || kept->original == NULL
      || kept->pgn == NULL || local != NULL || position >= G_MAXUINT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is a path. */
                   _("The unsaved changes kept at “%s” cannot be read"), path);
      return NULL;
    }
  kept->position = (guint) position;
  when = g_key_file_get_string (keys, GROUP, "saved-at", NULL);
  if (when != NULL)
    kept->saved_at = g_date_time_new_from_iso8601 (when, NULL);
  return g_steal_pointer (&kept);
}

void
caissa_kept_edit_remove (const char *path)
{
  g_return_if_fail (path != NULL);

  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Cannot remove “%s”: %s", path, g_strerror (errno));
}

void
caissa_kept_edit_free (CaissaKeptEdit *kept)
{
  if (kept == NULL)
    return;
  g_free (kept->file);
  g_free (kept->original);
  g_free (kept->pgn);
  g_clear_pointer (&kept->saved_at, g_date_time_unref);
  g_free (kept);
}

const char *
caissa_kept_edit_get_file (CaissaKeptEdit *kept)
{
  g_return_val_if_fail (kept != NULL, NULL);
  return kept->file;
}

guint
caissa_kept_edit_get_position (CaissaKeptEdit *kept)
{
  g_return_val_if_fail (kept != NULL, 0);
  return kept->position;
}

const char *
caissa_kept_edit_get_pgn (CaissaKeptEdit *kept)
{
  g_return_val_if_fail (kept != NULL, NULL);
  return kept->pgn;
}

GDateTime *
caissa_kept_edit_get_saved_at (CaissaKeptEdit *kept)
{
  g_return_val_if_fail (kept != NULL, NULL);
  return kept->saved_at;
}

gboolean
caissa_kept_edit_matches (CaissaKeptEdit *kept,
                          const char     *text,
                          gsize           len)
{
  g_autofree char *sum = NULL;

  g_return_val_if_fail (kept != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  sum = digest (text, len);
  return g_str_equal (sum, kept->original);
}
