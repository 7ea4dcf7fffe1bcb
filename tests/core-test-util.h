/* core-test-util.h — helpers shared by the rules-core tests.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-position.h"

/* One line of perftsuite.epd: the FEN and its ;D1 … ;D6 counts (0 if absent). */
typedef struct
{
  char     fen[128];
  guint64  counts[7];
  unsigned index;
} EpdLine;

static inline void
load_fen (ChessPosition *pos,
          const char    *fen)
{
  ChessError error;

  chess_error_clear (&error);
  if (!chess_fen_parse (pos, fen, strlen (fen), &error))
    g_error ("bad FEN in the test itself: %s: %s", fen, error.message);
}

static inline char *
test_data_path (const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_DATA");

  if (dir != NULL)
    return g_build_filename (dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

/* Reads perftsuite.epd; returns an array of EpdLine. */
static inline GArray *
load_epd_suite (void)
{
  g_autofree char *path = test_data_path ("perftsuite.epd");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (EpdLine));
  char **rows;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("cannot read %s: %s", path, error->message);
  rows = g_strsplit (contents, "\n", -1);
  for (unsigned i = 0; rows[i] != NULL; i++)
    {
      EpdLine line = { 0 };
      char **parts;

      g_strstrip (rows[i]);
      if (rows[i][0] == '\0')
        continue;
      parts = g_strsplit (rows[i], ";", -1);
      g_strlcpy (line.fen, g_strstrip (parts[0]), sizeof line.fen);
      for (unsigned k = 1; parts[k] != NULL; k++)
        {
          const char *p = g_strstrip (parts[k]);
          if (p[0] == 'D' && p[1] >= '1' && p[1] <= '6' && p[2] == ' ')
            line.counts[p[1] - '0'] = g_ascii_strtoull (p + 3, NULL, 10);
        }
      g_strfreev (parts);
      line.index = lines->len;
      g_array_append_val (lines, line);
    }
  g_strfreev (rows);
  return lines;
}
