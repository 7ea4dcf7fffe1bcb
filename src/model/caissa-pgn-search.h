/* caissa-pgn-search.h — the games of a CaissaPgnFile that match a search,
 * as a GListModel.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game matches when White, Black, Event, Site, Date, Round or ECO
 * contains the search text, ignoring case (caissa_pgn_game_info_matches()).
 * The terms eco:CODE and opening:WORDS ask for the game's opening
 * (caissa-pgn-search-query.h): a game whose opening the file's check has
 * not reached yet is looked at when it has (the search waits there, so
 * the matches stay in file order).
 * With no search every game is in the model, as in the file. Otherwise the
 * file is gone through in slices of a few milliseconds on the main loop,
 * reading the tags straight from the file's bytes (no item is made for a
 * game that does not match), and the matches are appended as they are
 * found: "pending" counts the games not looked at yet. Games the file adds
 * while it is being indexed are looked at too.
 *
 * GtkFilterListModel does this in steps of 512 items, each emitting
 * items-changed, which takes seconds for a million games; here a million
 * games are gone through in a fraction of a second.
 */
#pragma once

#include <gio/gio.h>

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_PGN_SEARCH (caissa_pgn_search_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPgnSearch, caissa_pgn_search, CAISSA, PGN_SEARCH, GObject)

CaissaPgnSearch *caissa_pgn_search_new         (CaissaPgnFile   *file);
CaissaPgnFile   *caissa_pgn_search_get_file    (CaissaPgnSearch *self);
void             caissa_pgn_search_set_file    (CaissaPgnSearch *self,
                                                CaissaPgnFile   *file);
const char      *caissa_pgn_search_get_text    (CaissaPgnSearch *self);
void             caissa_pgn_search_set_text    (CaissaPgnSearch *self,
                                                const char      *text);
/* Games of the file not looked at yet for the current search, and
 * matches found but not yet in the model. */
guint            caissa_pgn_search_get_pending (CaissaPgnSearch *self);
/* The file position of the game at position in this model, and the other
 * way round (G_MAXUINT when out of range / not matching). */
guint            caissa_pgn_search_get_file_position (CaissaPgnSearch *self,
                                                      guint            position);
guint            caissa_pgn_search_find              (CaissaPgnSearch *self,
                                                      guint            file_position);

G_END_DECLS
