/* caissa-autosave-clock.c — the running clock kept beside the saved game.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The saved game (current-game.ini) is written, with an fsync, at every
 * move, press and offer. Between them a clock may run for minutes: were
 * only that file kept, a crash would give the player on turn all of that
 * time back. So while a clock runs, its state is also written about once a
 * second to a small file beside it, PATH.clock:
 *
 *   [clock]
 *   version=1
 *   game=SERIAL        the serial of the saved game it continues
 *   clock-state=…      caissa_clock_save_state(), g_variant_print()ed
 *   saved-at=…         local time, ISO 8601
 *
 * It is replaced by a rename (never half written, whatever happens to the
 * process) but without an fsync: one a second would wear the disk and
 * stall on slow ones. After a crash of the program it holds the clock at
 * most a second before the crash. After a power cut it may be older, or
 * empty, or gone: it is then not used (or its serial no longer matches)
 * and the clock comes back as at the last move or press, which the
 * fsynced game file still has. A SERIAL that is not the game file's (an
 * older game, a save that came after it) means it is not used either.
 */
#define G_LOG_DOMAIN "caissa-autosave"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "caissa-autosave-clock.h"

#define CLOCK_GROUP "clock"
#define CLOCK_VERSION 1
/* Far beyond any clock state. */
#define MAX_CLOCK_FILE_SIZE (64 * 1024)

char *
_caissa_autosave_clock_path (const char *path)
{
  return g_strconcat (path, ".clock", NULL);
}

gboolean
_caissa_autosave_clock_write (const char  *path,
                              const char  *serial,
                              GVariant    *state,
                              GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *clock_path = _caissa_autosave_clock_path (path);
  g_autofree char *text = g_variant_print (state, TRUE);
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *data = NULL;
  gsize len;

  g_key_file_set_int64 (file, CLOCK_GROUP, "version", CLOCK_VERSION);
  g_key_file_set_string (file, CLOCK_GROUP, "game", serial);
  g_key_file_set_string (file, CLOCK_GROUP, "clock-state", text);
  g_key_file_set_string (file, CLOCK_GROUP, "saved-at", when);
  data = g_key_file_to_data (file, &len, NULL);
  /* CONSISTENT without DURABLE: a rename, no fsync (see the top). */
  return g_file_set_contents_full (clock_path, data, len, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

void
_caissa_autosave_clock_remove (const char *path)
{
  g_autofree char *clock_path = _caissa_autosave_clock_path (path);

  if (g_unlink (clock_path) != 0 && errno != ENOENT)
    g_debug ("unlink %s: %s", clock_path, g_strerror (errno));
}

GVariant *
_caissa_autosave_clock_read (const char  *path,
                             const char  *serial,
                             GDateTime  **saved_at)
{
  g_autofree char *clock_path = _caissa_autosave_clock_path (path);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *data = NULL;
  g_autofree char *game = NULL;
  g_autofree char *text = NULL;
  g_autofree char *when = NULL;
  GVariant *state;
  GStatBuf st;
  gsize len;

  *saved_at = NULL;
  if (serial == NULL)
    return NULL;
  if (g_stat (clock_path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > MAX_CLOCK_FILE_SIZE)
    return NULL;
  if (!g_file_get_contents (clock_path, &data, &len, NULL)
      || memchr (data, '\0', len) != NULL
      || !g_key_file_load_from_data (file, data, len, G_KEY_FILE_NONE, NULL)
      || g_key_file_get_int64 (file, CLOCK_GROUP, "version", NULL) != CLOCK_VERSION)
    {
      g_debug ("%s is not a clock state: not used", clock_path);
      return NULL;
    }
  game = g_key_file_get_string (file, CLOCK_GROUP, "game", NULL);
  if (g_strcmp0 (game, serial) != 0)
    {
      g_debug ("%s belongs to another save (%s, not %s): not used", clock_path, game, serial);
      return NULL;
    }
  text = g_key_file_get_string (file, CLOCK_GROUP, "clock-state", NULL);
  if (text == NULL)
    return NULL;
  state = g_variant_parse (G_VARIANT_TYPE_VARDICT, text, NULL, NULL, NULL);
  if (state == NULL)
    return NULL;
  when = g_key_file_get_string (file, CLOCK_GROUP, "saved-at", NULL);
  if (when != NULL)
    *saved_at = g_date_time_new_from_iso8601 (when, NULL);
  /* (g_variant_parse() gives a reference of our own, not a floating one.) */
  return state;
}

gboolean
_caissa_autosave_clock_state_running (GVariant *state)
{
  gboolean started = FALSE, paused = FALSE, finished = FALSE;

  if (state == NULL)
    return FALSE;
  g_variant_lookup (state, "started", "b", &started);
  g_variant_lookup (state, "paused", "b", &paused);
  g_variant_lookup (state, "finished", "b", &finished);
  return started && !paused && !finished;
}
