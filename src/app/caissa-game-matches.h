/* caissa-game-matches.h — the games of a CaissaPgnFile found by a
 * position search, each with the ply where it matched, as a GListModel of
 * CaissaPgnGameInfo (the game list shows it in place of the whole file).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Matches may come in several batches (a search over a file still being
 * indexed finds more later): each append emits items-changed for the new
 * games only. A game appended twice keeps its first (earliest) ply. Items
 * are the file's own, made when asked for.
 */
#pragma once

#include <gio/gio.h>

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_GAME_MATCHES (caissa_game_matches_get_type ())
G_DECLARE_FINAL_TYPE (CaissaGameMatches, caissa_game_matches, CAISSA, GAME_MATCHES, GObject)

/* description says what was searched for ("Games reaching this
 * position"); it is shown above the list. */
CaissaGameMatches *caissa_game_matches_new             (CaissaPgnFile     *file,
                                                        const char        *description);
CaissaPgnFile     *caissa_game_matches_get_file        (CaissaGameMatches *self);
const char        *caissa_game_matches_get_description (CaissaGameMatches *self);
/* Adds n games (file positions, 0-based) with the ply at which each
 * matched (0: the starting position). */
void               caissa_game_matches_append          (CaissaGameMatches *self,
                                                        const guint       *games,
                                                        const guint       *plies,
                                                        guint              n);
/* The ply at which the game at file_position matched, G_MAXUINT when it
 * is not among the matches. */
guint              caissa_game_matches_get_ply         (CaissaGameMatches *self,
                                                        guint              file_position);
/* The row (index in this model) of the game at file_position, G_MAXUINT
 * when it is not among the matches. */
guint              caissa_game_matches_find            (CaissaGameMatches *self,
                                                        guint              file_position);
/* Whether more matches may still come (the search goes on); "complete"
 * notifies when it turns TRUE. */
gboolean           caissa_game_matches_get_complete    (CaissaGameMatches *self);
void               caissa_game_matches_set_complete    (CaissaGameMatches *self,
                                                        gboolean           complete);

G_END_DECLS
