/* caissa-comment-marks.c — arrows and circles kept in a move's comment.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-comment-marks"

#include "config.h"

#include <string.h>

#include "chess-pgn.h"
#include "caissa-comment-marks.h"

/* Enough for every arrow between two squares and a mark on each square. */
#define MAX_MARKS (64 * 64)

/* The comment without its [%cal …] and [%csl …] commands, blanks tidied. */
static GString *
strip_marks (const char *comment)
{
  GString *out = g_string_new (NULL);
  const char *p = comment;

  while (*p != '\0')
    {
      if (p[0] == '[' && p[1] == '%'
          && (strncmp (p + 2, "cal", 3) == 0 || strncmp (p + 2, "csl", 3) == 0))
        {
          const char *end = strchr (p, ']');

          if (end != NULL)
            {
              p = end + 1;
              while (*p == ' ')
                p++;
              continue;
            }
        }
      g_string_append_c (out, *p++);
    }
  while (out->len > 0 && g_ascii_isspace (out->str[out->len - 1]))
    g_string_truncate (out, out->len - 1);
  return out;
}

static void
append_marks (GString            *out,
              const ChessPgnMark *marks,
              guint               n,
              gboolean            arrows)
{
  gboolean first = TRUE;

  for (guint i = 0; i < n; i++)
    {
      char a[3], b[3];

      if ((marks[i].to != CHESS_NO_SQUARE) != arrows)
        continue;
      if (first)
        g_string_append_printf (out, "%s[%%%s ", out->len > 0 ? " " : "", arrows ? "cal" : "csl");
      else
        g_string_append_c (out, ',');
      first = FALSE;
      g_string_append_c (out, marks[i].color);
      g_string_append (out, chess_square_name (marks[i].from, a));
      if (arrows)
        g_string_append (out, chess_square_name (marks[i].to, b));
    }
  if (!first)
    g_string_append_c (out, ']');
}

char *
caissa_comment_toggle_mark (const char  *comment,
                            char         color,
                            ChessSquare  from,
                            ChessSquare  to)
{
  g_autofree ChessPgnMark *marks = g_new (ChessPgnMark, MAX_MARKS + 1);
  guint n = 0, kept = 0;
  gboolean found = FALSE;
  GString *out;

  g_return_val_if_fail (strchr ("GRBY", color) != NULL && color != '\0', NULL);
  g_return_val_if_fail (from < 64 && (to < 64 || to == CHESS_NO_SQUARE), NULL);

  if (comment == NULL)
    comment = "";
  n = chess_pgn_comment_marks (comment, strlen (comment), marks, MAX_MARKS);
  for (guint i = 0; i < n; i++)
    {
      if (marks[i].from == from && marks[i].to == to)
        {
          if (found || marks[i].color == color)
            {
              found = TRUE;
              continue;
            }
          found = TRUE;
          marks[i].color = color;
        }
      marks[kept++] = marks[i];
    }
  if (!found)
    marks[kept++] = (ChessPgnMark) { color, from, to };

  out = strip_marks (comment);
  append_marks (out, marks, kept, TRUE);
  append_marks (out, marks, kept, FALSE);
  return g_string_free (out, FALSE);
}
