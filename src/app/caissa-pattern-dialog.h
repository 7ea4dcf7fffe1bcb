/* caissa-pattern-dialog.h — asks for a position pattern to look for in
 * the open file's games: pieces on given squares with the rest of the
 * board free, optionally the exact material and the side to move
 * (CaissaExplorer's sub-FEN).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pieces start as the shown position's: the user frees the squares
 * that do not matter (or types the board part of a FEN). Search is
 * enabled only while the pattern reads; "search" is emitted with the
 * sub-FEN, and the caller closes the dialog.
 */
#pragma once

#include <adwaita.h>

#include "chess-position.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_PATTERN_DIALOG (caissa_pattern_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPatternDialog, caissa_pattern_dialog, CAISSA, PATTERN_DIALOG, AdwWindow)

CaissaPatternDialog *caissa_pattern_dialog_new         (GtkWindow           *parent,
                                                        const ChessPosition *pos);
/* The fields: the board part ("8/8/p7/8/8/1B3N2/8/8"), the material
 * ("KBNKP" or ""), the side to move ("w", "b" or "" for either). */
void                 caissa_pattern_dialog_set_fields  (CaissaPatternDialog *self,
                                                        const char          *board,
                                                        const char          *material,
                                                        const char          *side);
/* The sub-FEN the fields make, or NULL with the reason in error when they
 * do not read. */
char                *caissa_pattern_dialog_dup_pattern (CaissaPatternDialog *self,
                                                        GError             **error);

G_END_DECLS
