/* caissa-pgn-search-query.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-search"

#include "config.h"

#include <string.h>

#include "caissa-pgn-search-query.h"

#define ECO_TERM     "eco:"
#define OPENING_TERM "opening:"

static gboolean
starts_with_term (const char *p,
                  const char *term)
{
  return strncmp (p, term, strlen (term)) == 0;
}

/* The start of the next "eco:" or "opening:" that begins a word, or the end. */
static const char *
next_term (const char *p,
           const char *start)
{
  for (; *p != '\0'; p++)
    if ((p == start || g_ascii_isspace (p[-1]))
        && (starts_with_term (p, ECO_TERM) || starts_with_term (p, OPENING_TERM)))
      return p;
  return p;
}

static void
append_free (GString    *free_text,
             const char *from,
             const char *to)
{
  g_autofree char *part = g_strstrip (g_strndup (from, (gsize) (to - from)));

  if (*part == '\0')
    return;
  if (free_text->len > 0)
    g_string_append_c (free_text, ' ');
  g_string_append (free_text, part);
}

guint8 *
_caissa_pgn_search_parse (const char  *needle,
                          char       **free_text,
                          char       **eco_prefix,
                          gboolean    *has_opening_term)
{
  g_autoptr(GString) rest = g_string_new (NULL);
  g_autofree char *eco = NULL;
  g_autofree char *opening = NULL;
  const char *p = needle;
  guint8 *flags;
  guint n;

  *free_text = NULL;
  *eco_prefix = NULL;
  *has_opening_term = FALSE;
  if (*next_term (needle, needle) == '\0')
    {
      *free_text = g_strdup (needle);
      return NULL;
    }

  while (*p != '\0')
    {
      const char *term = next_term (p, needle);

      append_free (rest, p, term);
      if (*term == '\0')
        break;
      if (starts_with_term (term, ECO_TERM))
        {
          const char *v = term + strlen (ECO_TERM), *end;

          while (g_ascii_isspace (*v))
            v++;
          end = v;
          while (*end != '\0' && !g_ascii_isspace (*end))
            end++;
          g_free (eco);
          eco = g_ascii_strup (v, end - v);
          p = end;
        }
      else
        {
          const char *v = term + strlen (OPENING_TERM);
          const char *end = next_term (v, needle);

          g_free (opening);
          opening = g_strstrip (g_strndup (v, (gsize) (end - v)));
          p = end;
        }
    }

  n = chess_eco_count ();
  flags = g_new0 (guint8, n);
  for (guint i = 0; i < n; i++)
    {
      const ChessEco *entry = chess_eco_nth (i);

      if (eco == NULL || *eco == '\0' || g_str_has_prefix (entry->eco, eco))
        flags[i] |= CAISSA_QUERY_ECO_OK;
      if (opening == NULL || *opening == '\0')
        flags[i] |= CAISSA_QUERY_NAME_OK;
      else
        {
          g_autofree char *folded = g_utf8_casefold (entry->name, -1);

          if (strstr (folded, opening) != NULL)
            flags[i] |= CAISSA_QUERY_NAME_OK;
        }
    }

  if (rest->len > 0)
    *free_text = g_strdup (rest->str);
  if (eco != NULL && *eco != '\0')
    *eco_prefix = g_steal_pointer (&eco);
  *has_opening_term = opening != NULL && *opening != '\0';
  /* "opening:" alone, still being typed, asks nothing yet. */
  if (*eco_prefix == NULL && !*has_opening_term)
    g_clear_pointer (&flags, g_free);
  return flags;
}
