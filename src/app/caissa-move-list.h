/* caissa-move-list.h — the scoresheet: the game's whole move tree.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main line as numbered pairs of moves, with the clock time of each
 * move from its [%clk]; after a move, its comment and the variations that
 * replace it, as paragraphs where nested variations stand in parentheses.
 * Moves carry their NAG glyphs (!, ?, ±, …). Clicking any move shows its
 * position; the shown move is marked and scrolled into view.
 *
 * Branch points: when the shown position has several continuations, one is
 * "chosen" (marked) — the one go-next follows. It is the main continuation
 * until caissa_move_list_choose_variation() cycles through the others (the
 * window binds Down and Up to it).
 *
 * A right click (or long press) on a move shows it and pops up the menu
 * model given with caissa_move_list_set_menu_model().
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_MOVE_LIST (caissa_move_list_get_type ())
G_DECLARE_FINAL_TYPE (CaissaMoveList, caissa_move_list, CAISSA, MOVE_LIST, GtkWidget)

GtkWidget  *caissa_move_list_new              (void);
CaissaGame *caissa_move_list_get_game         (CaissaMoveList *self);
void        caissa_move_list_set_game         (CaissaMoveList *self,
                                               CaissaGame     *game);
/* The continuation go-next follows from the shown position, or
 * CHESS_NODE_NONE at the end of a line. */
ChessNodeId caissa_move_list_get_next_node    (CaissaMoveList *self);
/* Chooses the next (delta 1) or previous (-1) continuation, cycling.
 * Returns FALSE when the shown position has fewer than two. */
gboolean    caissa_move_list_choose_variation (CaissaMoveList *self,
                                               int             delta);
/* Whether moves are written with figurines (♘f3) rather than letters. */
gboolean    caissa_move_list_get_figurines    (CaissaMoveList *self);
void        caissa_move_list_set_figurines    (CaissaMoveList *self,
                                               gboolean        figurines);
void        caissa_move_list_set_menu_model   (CaissaMoveList *self,
                                               GMenuModel     *menu);
/* Rebuilds at once (the list also notices changes by itself on the
 * game's notifications). */
void        caissa_move_list_refresh          (CaissaMoveList *self);

/* A game read up to an error: error (NULL: none) is told after its last
 * move, marked as a warning; it stays until set again. */
void        caissa_move_list_set_error        (CaissaMoveList *self,
                                               const char     *error);
const char *caissa_move_list_get_error        (CaissaMoveList *self);
/* For tests: the row telling the error, or NULL. */
GtkWidget  *_caissa_move_list_get_error_row   (CaissaMoveList *self);

/* The glyph of a NAG ("!", "±", …), or NULL for an unknown one
 * (chess_nag_glyph(); caissa_nag_text() says how a widget shows it). */
const char *caissa_nag_glyph                  (guint           nag);

G_END_DECLS
