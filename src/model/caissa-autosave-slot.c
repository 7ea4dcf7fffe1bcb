/* caissa-autosave-slot.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-autosave-slot"

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "caissa-autosave-slot.h"

char *
caissa_autosave_kept_path (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_strconcat (path, ".kept", NULL);
}

static gboolean
rename_file (const char  *from,
             const char  *to,
             GError     **error)
{
  if (g_rename (from, to) == 0)
    return TRUE;

  {
    int saved_errno = errno;

    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                 /* Translators: a game kept for later moved from one file
                  * to another: the paths, then the system's reason. */
                 _("Cannot rename “%s” to “%s”: %s"), from, to, g_strerror (saved_errno));
    return FALSE;
  }
}

/* from (and from.clock, the running clock's file, if any) to to. */
static gboolean
move_game (const char  *from,
           const char  *to,
           GError     **error)
{
  g_autofree char *from_clock = g_strconcat (from, ".clock", NULL);
  g_autofree char *to_clock = g_strconcat (to, ".clock", NULL);

  if (!rename_file (from, to, error))
    return FALSE;
  /* A clock file of an older game at the destination is no part of this one. */
  if (g_remove (to_clock) != 0 && errno != ENOENT)
    g_debug ("%s: %s", to_clock, g_strerror (errno));
  if (g_file_test (from_clock, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) clock_error = NULL;

      /* The game's file has the clock as of the last move or press: a
       * clock file that stays behind costs at most the seconds since. */
      if (!rename_file (from_clock, to_clock, &clock_error))
        g_warning ("%s", clock_error->message);
    }
  return TRUE;
}

gboolean
caissa_autosave_set_aside (CaissaAutosave  *self,
                           GError         **error)
{
  const char *path;
  g_autofree char *kept = NULL;

  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (caissa_autosave_get_game (self) != NULL, FALSE);

  if (!caissa_autosave_save (self, error))
    return FALSE;
  path = caissa_autosave_get_path (self);
  kept = caissa_autosave_kept_path (path);
  if (!move_game (path, kept, error))
    return FALSE;
  caissa_autosave_set_game (self, NULL);
  return TRUE;
}

gboolean
caissa_autosave_bring_back (const char  *path,
                            GError     **error)
{
  g_autofree char *kept = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  kept = caissa_autosave_kept_path (path);
  if (g_file_test (path, G_FILE_TEST_EXISTS) || !g_file_test (kept, G_FILE_TEST_EXISTS))
    return FALSE;
  return move_game (kept, path, error);
}
