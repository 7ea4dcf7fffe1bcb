/* caissa-edit-history.h — the edits of a reviewed game, to take back and
 * do again (Undo, Redo).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A list of the game's states: the state as loaded, then one after each
 * edit. The eight nearest the current one are copies of the whole move
 * tree; older ones are kept as the game's PGN text (a tree holds a
 * position per node: 151 KiB for a 300-ply annotated game, its text
 * 27 KiB) and read back when undo or redo reaches them. Measured by
 * bench/edit-history.sh: some 40 KiB and well under a millisecond per
 * edit on that game, so the list is unlimited while the game is open.
 * Each state remembers the node shown when it was entered (after its
 * edit) and when it was left (before the next edit), as paths of child
 * indices (ids do not survive the text): an undo shows the position the
 * edit was made at, a redo the one it led to.
 *
 * "can-undo" and "can-redo" notify as they change; "at-saved" is TRUE
 * while the current state is the one last saved (or loaded), so undoing
 * back to it makes the game clean again.
 */
#pragma once

#include <glib-object.h>

#include "chess-game.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_EDIT_HISTORY (caissa_edit_history_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEditHistory, caissa_edit_history, CAISSA, EDIT_HISTORY, GObject)

CaissaEditHistory *caissa_edit_history_new          (void);

/* Forgets every state; game (copied) is the state as loaded, also the
 * saved one. game NULL: no game, nothing to undo. */
void               caissa_edit_history_reset        (CaissaEditHistory *self,
                                                     const ChessGame   *game,
                                                     ChessNodeId        shown);
/* After an edit: game (copied) is the new state, shown_before the node
 * shown when the edit was made, shown_after the one shown after it.
 * The states that could be redone are dropped. label names the edit
 * ("Delete Variation"; may be NULL). Ignored when there is no game. */
void               caissa_edit_history_push         (CaissaEditHistory *self,
                                                     const ChessGame   *game,
                                                     ChessNodeId        shown_before,
                                                     ChessNodeId        shown_after,
                                                     const char        *label);
/* The current state (what the game should be), NULL without a game. */
const ChessGame   *caissa_edit_history_get_current  (CaissaEditHistory *self);

gboolean           caissa_edit_history_get_can_undo (CaissaEditHistory *self);
gboolean           caissa_edit_history_get_can_redo (CaissaEditHistory *self);
/* The label of the edit an undo (redo) would take back (do again). */
const char        *caissa_edit_history_get_undo_label (CaissaEditHistory *self);
const char        *caissa_edit_history_get_redo_label (CaissaEditHistory *self);
/* Steps back (forth); returns a new copy of the state to load (the
 * caller owns it) and the node to show, or NULL when there is nothing to
 * undo (redo). */
ChessGame         *caissa_edit_history_undo         (CaissaEditHistory *self,
                                                     ChessNodeId       *shown);
ChessGame         *caissa_edit_history_redo         (CaissaEditHistory *self,
                                                     ChessNodeId       *shown);

/* The current state was saved. */
void               caissa_edit_history_mark_saved   (CaissaEditHistory *self);
gboolean           caissa_edit_history_get_at_saved (CaissaEditHistory *self);
guint              caissa_edit_history_get_n_states (CaissaEditHistory *self);

G_END_DECLS
