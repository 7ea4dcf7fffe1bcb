/* caissa-search-words.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-search-words"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "caissa-search-words.h"

static const struct
{
  const char        *name;
  CaissaSearchField  field;
} fields[] = {
  { "white:", CAISSA_SEARCH_WHITE },
  { "black:", CAISSA_SEARCH_BLACK },
  { "player:", CAISSA_SEARCH_PLAYER },
  { "event:", CAISSA_SEARCH_EVENT },
  { "site:", CAISSA_SEARCH_SITE },
};

/* The next word from *p: up to a space outside quotes, the quotes taken
 * away (white:"karpov, anatoly" is one word). */
static char *
next_word (const char **p)
{
  GString *word = g_string_new (NULL);
  gboolean quoted = FALSE;
  const char *s = *p;

  while (g_ascii_isspace (*s))
    s++;
  for (; *s != '\0' && (quoted || !g_ascii_isspace (*s)); s++)
    if (*s == '"')
      quoted = !quoted;
    else
      g_string_append_c (word, *s);
  *p = s;
  return g_string_free (word, FALSE);
}

static gboolean
parse_number (const char *s,
              const char *end,
              int        *out)
{
  int n = 0;

  if (s == end || end - s > 5)
    return FALSE;
  for (; s < end; s++)
    {
      if (!g_ascii_isdigit (*s))
        return FALSE;
      n = n * 10 + (*s - '0');
    }
  *out = n;
  return TRUE;
}

/* 1974, 1970-1979, 1990- or -1960. */
static gboolean
parse_years (const char        *v,
             CaissaSearchWords *q)
{
  const char *dash = strchr (v, '-');
  const char *end = v + strlen (v);
  int lo = 0, hi = 0;

  if (dash == NULL)
    {
      if (!parse_number (v, end, &lo))
        return FALSE;
      hi = lo;
    }
  else if ((dash > v && !parse_number (v, dash, &lo))
           || (dash + 1 < end && !parse_number (dash + 1, end, &hi))
           || (dash == v && dash + 1 == end))
    return FALSE;
  if (lo != 0 && hi != 0 && lo > hi)
    return FALSE;
  q->year_min = MAX (q->year_min, lo);
  q->year_max = q->year_max == 0 ? hi : (hi == 0 ? q->year_max : MIN (q->year_max, hi));
  return TRUE;
}

/* elo>2600, elo>=2600, elo<2400, elo<=2400. */
static gboolean
parse_elo (const char        *v,
           CaissaSearchWords *q)
{
  gboolean greater = *v == '>';
  gboolean equal;
  int n;

  if (*v != '>' && *v != '<')
    return FALSE;
  v++;
  equal = *v == '=';
  if (equal)
    v++;
  if (!parse_number (v, v + strlen (v), &n) || n == 0)
    return FALSE;
  if (greater)
    q->elo_min = MAX (q->elo_min, equal ? n : n + 1);
  else
    q->elo_max = q->elo_max == 0 ? (equal ? n : n - 1) : MIN (q->elo_max, equal ? n : n - 1);
  return TRUE;
}

static const char *
parse_result (const char *v)
{
  if (g_str_equal (v, "1-0"))
    return "1-0";
  if (g_str_equal (v, "0-1"))
    return "0-1";
  if (g_str_equal (v, "draw") || g_str_equal (v, "=") || g_str_equal (v, "1/2")
      || g_str_equal (v, "1/2-1/2") || g_str_equal (v, "½") || g_str_equal (v, "½-½"))
    return "1/2-1/2";
  if (g_str_equal (v, "*"))
    return "*";
  return NULL;
}

static void
add_word (CaissaSearchWords *q,
          CaissaSearchField  field,
          const char        *text)
{
  CaissaSearchWord w = { field, g_strdup (text) };

  g_array_append_val (q->words, w);
}

static void
clear_word (gpointer data)
{
  CaissaSearchWord *w = data;

  g_free (w->text);
}

CaissaSearchWords *
caissa_search_words_parse (const char *needle)
{
  g_autoptr(CaissaSearchWords) q = g_new0 (CaissaSearchWords, 1);
  g_autoptr(GString) rest = g_string_new (NULL);
  gboolean in_opening = FALSE;
  const char *p = needle;

  q->words = g_array_new (FALSE, FALSE, sizeof (CaissaSearchWord));
  g_array_set_clear_func (q->words, clear_word);
  if (needle == NULL)
    return NULL;

  while (*p != '\0')
    {
      g_autofree char *word = next_word (&p);
      gboolean done = FALSE;

      if (*word == '\0')
        continue;
      /* opening: takes the words after it up to the next eco: term (as
       * caissa-pgn-search-query.c reads it); eco: one word. */
      if (g_str_has_prefix (word, "opening:"))
        in_opening = TRUE;
      else if (g_str_has_prefix (word, "eco:"))
        in_opening = FALSE;
      if (in_opening || g_str_has_prefix (word, "eco:"))
        {
          if (rest->len > 0)
            g_string_append_c (rest, ' ');
          g_string_append (rest, word);
          continue;
        }

      for (guint i = 0; i < G_N_ELEMENTS (fields) && !done; i++)
        if (g_str_has_prefix (word, fields[i].name))
          {
            const char *v = word + strlen (fields[i].name);

            /* "white:" alone, still being typed, asks nothing yet. */
            if (*v != '\0')
              add_word (q, fields[i].field, v);
            done = TRUE;
          }
      if (done)
        continue;
      if (g_str_has_prefix (word, "year:"))
        done = word[5] == '\0' || parse_years (word + 5, q);
      else if (g_str_has_prefix (word, "result:"))
        {
          const char *r = parse_result (word + 7);

          if (r != NULL)
            q->result = r;
          done = word[7] == '\0' || r != NULL;
        }
      else if (g_str_has_prefix (word, "elo"))
        done = word[3] == '\0' || parse_elo (word + 3, q);
      if (!done)
        add_word (q, CAISSA_SEARCH_ANY, word);
    }

  if (rest->len > 0)
    q->rest = g_strdup (rest->str);
  if (q->rest == NULL && !caissa_search_words_any (q))
    return NULL;
  return g_steal_pointer (&q);
}

gboolean
caissa_search_words_any (const CaissaSearchWords *q)
{
  g_return_val_if_fail (q != NULL, FALSE);

  return q->words->len > 0 || q->result != NULL || q->year_min != 0 || q->year_max != 0
         || q->elo_min != 0 || q->elo_max != 0;
}

void
caissa_search_words_free (CaissaSearchWords *q)
{
  if (q == NULL)
    return;
  g_array_unref (q->words);
  g_free (q->rest);
  g_free (q);
}

int
caissa_search_words_year (const char *date,
                          gsize       len)
{
  int year = 0;

  if (date == NULL || len < 4)
    return 0;
  for (guint i = 0; i < 4; i++)
    {
      if (!g_ascii_isdigit (date[i]))
        return 0;
      year = year * 10 + (date[i] - '0');
    }
  return year;
}
