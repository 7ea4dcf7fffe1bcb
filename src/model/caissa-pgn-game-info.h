/* caissa-pgn-game-info.h — one game of a CaissaPgnFile, as a list item.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Made by the file's GListModel only when asked for, and light: a position
 * and a reference to the file; the tag values are read from the file's
 * bytes when first asked for. While one is alive, the file hands out that
 * same object for its position and notifies "moves" and "error" on it when
 * the background check learns them.
 *
 * Properties (read-only): number (1-based), white, black, result, date,
 * event, site, round, eco, white-elo, black-elo (strings, "" when the tag
 * is absent or unknown — "?", "????.??.??"; a partly known date keeps its
 * known part: "1972.??.??" reads "1972"), moves (plies of the main line: the
 * PlyCount tag, else counted; 0 when none), error (NULL, or where and why
 * the game cannot be read: "LINE:COLUMN: message").
 *
 * The opening computed from the moves (chess-eco.h: the last named
 * position of the main line), beside the ECO tag kept as written:
 * opening (its English name), opening-eco (its code), opening-ply (where
 * it was reached); "" / 0 until the file's check has reached the game
 * (they are notified then; opening-known says which), and when nothing
 * named is reached or the game cannot be read. eco-display is what the
 * ECO column shows: the tag when the game has one, else the computed code.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_PGN_GAME_INFO (caissa_pgn_game_info_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPgnGameInfo, caissa_pgn_game_info, CAISSA, PGN_GAME_INFO, GObject)

guint        caissa_pgn_game_info_get_position  (CaissaPgnGameInfo *self);
guint        caissa_pgn_game_info_get_number    (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_white     (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_black     (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_result    (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_date      (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_event     (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_site      (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_round     (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_eco       (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_white_elo (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_black_elo (CaissaPgnGameInfo *self);
guint        caissa_pgn_game_info_get_moves     (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_error     (CaissaPgnGameInfo *self);
gboolean     caissa_pgn_game_info_get_opening_known (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_opening   (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_opening_eco (CaissaPgnGameInfo *self);
guint        caissa_pgn_game_info_get_opening_ply (CaissaPgnGameInfo *self);
const char  *caissa_pgn_game_info_get_eco_display (CaissaPgnGameInfo *self);

/* Whether White, Black, Event, Site, Date, Round or ECO contains needle,
 * ignoring case (needle as given by caissa_pgn_game_info_fold_needle()).
 * Reads the file's bytes: nothing is allocated for ASCII needles. */
gboolean     caissa_pgn_game_info_matches       (CaissaPgnGameInfo *self,
                                                 const char        *needle);
/* The search text, case-folded and trimmed, for matches(); NULL for an
 * empty search. */
char        *caissa_pgn_game_info_fold_needle   (const char        *text);

G_END_DECLS
