/* caissa-move-entry.h — a field to type a move in SAN ("Nf3", "O-O",
 * "e8=Q"), under the scoresheet.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaissaMoveEntry plays what is typed on its board ("board" property)
 * through caissa_board_play_san(), so the touch-move rule holds for typed
 * moves too. A refused move stays in the field with the reason below it.
 * Ctrl+L anywhere in the window puts the focus in the field; so does
 * starting to type a move on the board while it shows its keyboard cursor
 * (CaissaBoard::start-typing). After a move, and on Escape, the focus goes
 * back to the board.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-board.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_MOVE_ENTRY (caissa_move_entry_get_type ())
G_DECLARE_FINAL_TYPE (CaissaMoveEntry, caissa_move_entry, CAISSA, MOVE_ENTRY, GtkWidget)

GtkWidget   *caissa_move_entry_new       (void);
CaissaBoard *caissa_move_entry_get_board (CaissaMoveEntry *self);
void         caissa_move_entry_set_board (CaissaMoveEntry *self,
                                          CaissaBoard     *board);
/* Plays the text in the field, as Enter does. */
gboolean     caissa_move_entry_activate  (CaissaMoveEntry *self);
/* The reason the last move was refused, or NULL. */
const char  *caissa_move_entry_get_error (CaissaMoveEntry *self);
GtkEditable *caissa_move_entry_get_editable (CaissaMoveEntry *self);

G_END_DECLS
