/* caissa-game-list.h — the games of a PGN file: a table to search, sort
 * and open games from.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over a CaissaPgnFile (#, White, Black, Result, Date,
 * Event, ECO, Opening, Moves), sorted by a click on a column's title and
 * filtered by the search entry as one types (White, Black, Event, Site,
 * Date, Round or ECO containing the text, ignoring case; eco:B90 and
 * opening:najdorf for the opening, caissa-pgn-search-query.h). ECO shows
 * the game's tag as written, else (dimmed) the code computed from the
 * moves, with both in its tooltip when they differ; Opening shows the
 * computed name, filled in as the file's background check reaches each
 * game. Both work incrementally, so
 * a file of a million games stays responsive. Games that cannot be read
 * carry a warning icon with the error as tooltip. Activating a row (double
 * click, Enter) emits "game-activated" with the game's position in the
 * file.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-game-matches.h"
#include "caissa-pgn-file.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_GAME_LIST (caissa_game_list_get_type ())
G_DECLARE_FINAL_TYPE (CaissaGameList, caissa_game_list, CAISSA, GAME_LIST, GtkWidget)

GtkWidget     *caissa_game_list_new            (void);
CaissaPgnFile *caissa_game_list_get_file       (CaissaGameList *self);
void           caissa_game_list_set_file       (CaissaGameList *self,
                                                CaissaPgnFile  *file);
/* The search text (filters as it changes). */
const char    *caissa_game_list_get_search     (CaissaGameList *self);
void           caissa_game_list_set_search     (CaissaGameList *self,
                                                const char     *text);
/* Games shown (after the filter), and whether the filter is still at work. */
guint          caissa_game_list_get_n_shown    (CaissaGameList *self);
gboolean       caissa_game_list_get_filtering  (CaissaGameList *self);
/* Marks the game at position in the file as the one open (selects its
 * row when it is shown). G_MAXUINT: none. */
void           caissa_game_list_set_current    (CaissaGameList *self,
                                                guint           position);
/* Sorts by a column ("number", "white", "black", "result", "date",
 * "event", "eco", "opening", "moves"), or unsorted with NULL. */
/* The position in the file of the selected row's game (G_MAXUINT: none). */
guint          caissa_game_list_get_selected   (CaissaGameList *self);
void           caissa_game_list_sort_by        (CaissaGameList *self,
                                                const char     *column,
                                                GtkSortType     order);
/* Whether the keyboard focus is in the list or its search entry (the
 * window then leaves plain keys to it). */
gboolean       caissa_game_list_has_focus      (CaissaGameList *self);
void           caissa_game_list_focus_search   (CaissaGameList *self);
/* Shows the games of a position search (from the same file) in place of
 * the whole file's, with a column saying at which move each matched and
 * a bar above saying what was searched for, with a button back to all
 * games; NULL goes back. Typing a search or another file goes back too. */
void           caissa_game_list_set_matches    (CaissaGameList    *self,
                                                CaissaGameMatches *matches);
CaissaGameMatches *caissa_game_list_get_matches (CaissaGameList   *self);
/* The ply at which the game at position matched the position search
 * shown, G_MAXUINT when none is shown or the game is not among them. */
guint          caissa_game_list_get_match_ply  (CaissaGameList    *self,
                                                guint              position);
/* For tests driving the window: lines "game-row NUMBER X Y W H" for the
 * rows on screen, in the native's coordinates, and "games-shown N". */
void           caissa_game_list_describe       (CaissaGameList *self,
                                                GString        *out);

G_END_DECLS
