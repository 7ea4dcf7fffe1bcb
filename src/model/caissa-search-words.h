/* caissa-search-words.h — the words and field filters of a game search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search text (already case-folded) is split into words at spaces
 * ("quoted words" stay one); every word must match, each in any of the
 * searched tags (players, event, site, date, round, ECO): "karpov 1974"
 * is Karpov's games of 1974. A word may name its field:
 *
 *   white:karpov  black:…  player:… (either player)  event:…  site:…
 *   result:1-0 | 0-1 | draw (or 1/2, ½-½, =) | *
 *   year:1974  year:1970-1979  year:1990- (open end)
 *   elo>2600  elo>=2600  elo<2400  elo<=2400 (both players' ratings)
 *
 * eco: and opening: terms are passed on whole in "rest" for
 * caissa-pgn-search-query.c. A filter whose value cannot be read
 * (year:abc, result:x) is kept as a plain word: it then finds only games
 * with that text.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CAISSA_SEARCH_ANY,
  CAISSA_SEARCH_WHITE,
  CAISSA_SEARCH_BLACK,
  CAISSA_SEARCH_PLAYER,
  CAISSA_SEARCH_EVENT,
  CAISSA_SEARCH_SITE,
} CaissaSearchField;

typedef struct
{
  CaissaSearchField  field;
  char              *text;      /* folded, never empty */
} CaissaSearchWord;

typedef struct
{
  GArray *words;                /* CaissaSearchWord */
  const char *result;           /* "1-0", "0-1", "1/2-1/2", "*"; NULL: any */
  int     year_min, year_max;   /* inclusive; 0: no bound */
  int     elo_min, elo_max;     /* inclusive, both players; 0: no bound */
  char   *rest;                 /* the eco:/opening: terms; NULL: none */
} CaissaSearchWords;

/* NULL when needle has nothing to search for. */
CaissaSearchWords *caissa_search_words_parse (const char        *needle);
void               caissa_search_words_free  (CaissaSearchWords *words);
/* Whether words asks anything of a game besides "rest". */
gboolean           caissa_search_words_any   (const CaissaSearchWords *words);
/* A year from a PGN date ("1974.??.??"), 0 when it has none. */
int                caissa_search_words_year  (const char *date,
                                              gsize       len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaSearchWords, caissa_search_words_free)

G_END_DECLS
