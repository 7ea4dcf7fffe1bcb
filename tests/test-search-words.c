/* test-search-words.c — a game search split into words and field
 * filters (caissa-search-words.h): each row is a search and what it asks.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "caissa-search-words.h"

typedef struct
{
  const char *path;
  const char *needle;     /* folded, as the search gets it */
  const char *words;      /* "field=text" joined by "|"; field: any white black player event site */
  const char *result;
  int         year_min, year_max, elo_min, elo_max;
  const char *rest;
} Row;

static const Row rows[] = {
  { "two-words", "karpov 1974", "any=karpov|any=1974", NULL, 0, 0, 0, 0, NULL },
  { "spaces", "  karpov   kasparov ", "any=karpov|any=kasparov", NULL, 0, 0, 0, 0, NULL },
  { "quoted", "\"karpov, anatoly\" linares", "any=karpov, anatoly|any=linares", NULL, 0, 0, 0, 0, NULL },
  { "fields", "white:karpov black:\"korchnoi, v\" event:candidates site:baguio player:tal",
    "white=karpov|black=korchnoi, v|event=candidates|site=baguio|player=tal", NULL, 0, 0, 0, 0, NULL },
  { "field-being-typed", "white:", "", NULL, 0, 0, 0, 0, NULL },
  { "result-white", "result:1-0", "", "1-0", 0, 0, 0, 0, NULL },
  { "result-draw", "result:draw", "", "1/2-1/2", 0, 0, 0, 0, NULL },
  { "result-half", "result:½-½", "", "1/2-1/2", 0, 0, 0, 0, NULL },
  { "result-star", "result:*", "", "*", 0, 0, 0, 0, NULL },
  { "result-bad", "result:won", "any=result:won", NULL, 0, 0, 0, 0, NULL },
  { "year", "year:1974", "", NULL, 1974, 1974, 0, 0, NULL },
  { "years", "year:1970-1979 karpov", "any=karpov", NULL, 1970, 1979, 0, 0, NULL },
  { "years-open", "year:1990-", "", NULL, 1990, 0, 0, 0, NULL },
  { "years-until", "year:-1960", "", NULL, 0, 1960, 0, 0, NULL },
  { "years-backwards", "year:1979-1970", "any=year:1979-1970", NULL, 0, 0, 0, 0, NULL },
  { "year-bad", "year:abc", "any=year:abc", NULL, 0, 0, 0, 0, NULL },
  { "elo-over", "elo>2600", "", NULL, 0, 0, 2601, 0, NULL },
  { "elo-at-least", "elo>=2600", "", NULL, 0, 0, 2600, 0, NULL },
  { "elo-under", "elo<2400", "", NULL, 0, 0, 0, 2399, NULL },
  { "elo-range", "elo>=2500 elo<=2700", "", NULL, 0, 0, 2500, 2700, NULL },
  { "elo-bad", "elo>x", "any=elo>x", NULL, 0, 0, 0, 0, NULL },
  { "eco-passed-on", "karpov eco:b9", "any=karpov", NULL, 0, 0, 0, 0, "eco:b9" },
  { "opening-passed-on", "opening:queen's gambit eco:d3 white:x", "white=x", NULL, 0, 0, 0, 0,
    "opening:queen's gambit eco:d3" },
  { "everything", "player:karpov year:1974-1975 result:1-0 elo>2600 moscow",
    "player=karpov|any=moscow", "1-0", 1974, 1975, 2601, 0, NULL },
};

static const char *const field_names[] = { "any", "white", "black", "player", "event", "site" };

static void
test_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(CaissaSearchWords) q = caissa_search_words_parse (row->needle);
  g_autoptr(GString) words = g_string_new (NULL);

  if (q == NULL)
    {
      /* Nothing asked: no words, no filters. */
      g_assert_cmpstr (row->words, ==, "");
      g_assert_null (row->result);
      g_assert_null (row->rest);
      g_assert_cmpint (row->year_min + row->year_max + row->elo_min + row->elo_max, ==, 0);
      return;
    }
  for (guint i = 0; i < q->words->len; i++)
    {
      const CaissaSearchWord *w = &g_array_index (q->words, CaissaSearchWord, i);

      g_string_append_printf (words, "%s%s=%s", i ? "|" : "", field_names[w->field], w->text);
    }
  g_assert_cmpstr (words->str, ==, row->words);
  g_assert_cmpstr (q->result, ==, row->result);
  g_assert_cmpint (q->year_min, ==, row->year_min);
  g_assert_cmpint (q->year_max, ==, row->year_max);
  g_assert_cmpint (q->elo_min, ==, row->elo_min);
  g_assert_cmpint (q->elo_max, ==, row->elo_max);
  g_assert_cmpstr (q->rest, ==, row->rest);
}

static void
test_year (void)
{
  g_assert_cmpint (caissa_search_words_year ("1974.??.??", 10), ==, 1974);
  g_assert_cmpint (caissa_search_words_year ("????.??.??", 10), ==, 0);
  g_assert_cmpint (caissa_search_words_year ("197", 3), ==, 0);
  g_assert_cmpint (caissa_search_words_year (NULL, 0), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/search-words/%s", rows[i].path);

      g_test_add_data_func (path, &rows[i], test_row);
    }
  g_test_add_func ("/model/search-words/year-of-date", test_year);
  return g_test_run ();
}
