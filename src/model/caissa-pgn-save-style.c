/* caissa-pgn-save-style.c — line ends and PlyCount of an edited game.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include "caissa-pgn-save-style.h"

gboolean
caissa_pgn_text_uses_crlf (const char *text,
                           gsize       length)
{
  const char *lf;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);

  lf = memchr (text, '\n', length);
  if (lf == NULL || lf == text)
    return FALSE;
  if (lf[-1] == '\r')
    return TRUE;
  /* UTF-16: 0D 00 0A 00 (LE) or 00 0D 00 0A (BE). */
  return lf - text >= 2 && lf[-1] == '\0' && lf[-2] == '\r';
}

char *
caissa_pgn_text_to_crlf (const char *pgn)
{
  GString *out;

  g_return_val_if_fail (pgn != NULL, NULL);

  out = g_string_sized_new (strlen (pgn) + strlen (pgn) / 32 + 8);
  for (const char *p = pgn; *p != '\0'; p++)
    {
      if (*p == '\n' && (p == pgn || p[-1] != '\r'))
        g_string_append_c (out, '\r');
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* The tag section: the lines from the start that begin with '[' (after
 * blanks). Returns the start of the PlyCount line and its end (after its
 * line end), or NULL. */
static const char *
find_ply_count (const char  *pgn,
                const char **line_end)
{
  const char *line = pgn;
  gboolean seen_tag = FALSE;

  while (*line != '\0')
    {
      const char *p = line;
      const char *end = strchr (line, '\n');

      end = end != NULL ? end + 1 : line + strlen (line);
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\r' || *p == '\n' || *p == '\0')
        {
          /* A blank line before any tag is skipped; after them it ends
           * the section. */
          if (seen_tag)
            return NULL;
        }
      else if (*p != '[')
        return NULL;
      else
        {
          seen_tag = TRUE;
          p++;
          while (*p == ' ' || *p == '\t')
            p++;
          if (strncmp (p, "PlyCount", 8) == 0 && (p[8] == ' ' || p[8] == '\t' || p[8] == '"'))
            {
              *line_end = end;
              return line;
            }
        }
      line = end;
    }
  return NULL;
}

char *
caissa_pgn_text_set_ply_count (const char *pgn,
                               guint       plies)
{
  const char *line, *end = NULL;
  GString *out;

  g_return_val_if_fail (pgn != NULL, NULL);

  line = find_ply_count (pgn, &end);
  if (line == NULL)
    return g_strdup (pgn);
  out = g_string_new_len (pgn, line - pgn);
  if (plies != G_MAXUINT)
    {
      gboolean crlf = end - line >= 2 && end[-1] == '\n' && end[-2] == '\r';

      g_string_append_printf (out, "[PlyCount \"%u\"]%s", plies,
                              end[-1] == '\n' ? (crlf ? "\r\n" : "\n") : "");
    }
  g_string_append (out, end);
  return g_string_free (out, FALSE);
}
