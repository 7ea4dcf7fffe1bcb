/* caissa-pgn-search-query.h — the eco: and opening: terms of a search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search text may hold, besides free text (players, events, … as
 * before), the terms "eco:CODE" (the ECO tag or the computed code starts
 * with CODE: eco:B9 is B90–B99) and "opening:WORDS" (the computed
 * opening's name contains WORDS, ignoring case: opening:najdorf,
 * opening:queen's gambit declined). opening: takes the words up to the
 * next eco: term or the end; eco: one word. A game matches when every
 * part does.
 */
#pragma once

#include <glib.h>

#include "chess-eco.h"

G_BEGIN_DECLS

/* Flags per named opening, in the array the parser returns. */
#define CAISSA_QUERY_ECO_OK  1  /* its code passes eco: (or there is none) */
#define CAISSA_QUERY_NAME_OK 2  /* its name passes opening: (or there is none) */

/* needle folded (caissa_pgn_game_info_fold_needle()). Sets *free_text
 * (the needle without its terms; NULL when none), *eco_prefix (NULL when
 * no eco: term, upper case), *has_opening_term. Returns NULL when there is
 * no eco:/opening: term with a value, else chess_eco_count() flags. */
guint8  *_caissa_pgn_search_parse (const char  *needle,
                                   char       **free_text,
                                   char       **eco_prefix,
                                   gboolean    *has_opening_term);

G_END_DECLS
