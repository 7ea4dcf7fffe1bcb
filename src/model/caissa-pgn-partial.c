/* caissa-pgn-partial.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include "caissa-pgn-encoding.h"
#include "caissa-pgn-partial.h"

CaissaPgnPartial *
caissa_pgn_partial_new (gulong       line,
                        gulong       column,
                        const char  *message,
                        ChessNodeId  error_node,
                        const char  *text,
                        gsize        len,
                        gsize        rest)
{
  CaissaPgnPartial *p = g_new0 (CaissaPgnPartial, 1);

  g_return_val_if_fail (rest <= len, NULL);

  p->line = line;
  p->column = column;
  p->message = caissa_pgn_dup_utf8 (message, strlen (message));
  p->error_node = error_node;
  p->rest = g_strndup (text + rest, len - rest);
  p->text = g_strndup (text, len);
  return p;
}

void
caissa_pgn_partial_free (CaissaPgnPartial *partial)
{
  if (partial == NULL)
    return;
  g_free (partial->message);
  g_free (partial->rest);
  g_free (partial->text);
  g_free (partial);
}

static gboolean
is_blank (const char *s)
{
  for (; *s; s++)
    if (!g_ascii_isspace (*s))
      return FALSE;
  return TRUE;
}

/* Lines as the reader counts them: ended by LF, CRLF or a lone CR. */
static GStrv
split_lines (const char *text)
{
  g_autoptr(GString) copy = g_string_new (text);

  g_string_replace (copy, "\r\n", "\n", 0);
  g_string_replace (copy, "\r", "\n", 0);
  return g_strsplit (copy->str, "\n", -1);
}

char *
caissa_pgn_partial_keep_rest (const CaissaPgnPartial *partial,
                              const char             *pgn)
{
  GString *out;
  gsize end, result_start;
  g_auto(GStrv) lines = NULL;
  guint n;

  g_return_val_if_fail (partial != NULL, NULL);
  g_return_val_if_fail (pgn != NULL, NULL);

  /* The result is the export's last token. */
  end = strlen (pgn);
  while (end > 0 && g_ascii_isspace (pgn[end - 1]))
    end--;
  result_start = end;
  while (result_start > 0 && !g_ascii_isspace (pgn[result_start - 1]))
    result_start--;

  out = g_string_new_len (pgn, (gssize) result_start);
  if (out->len > 0 && out->str[out->len - 1] != '\n')
    {
      while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }
  /* (In English: this is the file's text, not the interface's.) */
  g_string_append_printf (out, "; Caissa could not read the rest of this game (line %lu, column %lu: %s):\n",
                          partial->line, partial->column, partial->message);
  lines = split_lines (partial->rest);
  n = g_strv_length (lines);
  /* Blank lines at its end say nothing. */
  while (n > 0 && is_blank (lines[n - 1]))
    n--;
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "; %s\n", lines[i]);
  g_string_append (out, pgn + result_start);
  return g_string_free (out, FALSE);
}
