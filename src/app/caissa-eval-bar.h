/* caissa-eval-bar.h — the engine's evaluation beside the board: a vertical
 * bar, White's share from the bottom (from the top when the board is
 * flipped), with the score written at White's or Black's end.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAISSA_TYPE_EVAL_BAR (caissa_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEvalBar, caissa_eval_bar, CAISSA, EVAL_BAR, GtkWidget)

GtkWidget  *caissa_eval_bar_new          (void);
/* White's expected score, 0…1 (0.5 when nothing is known). */
double      caissa_eval_bar_get_fraction (CaissaEvalBar *self);
void        caissa_eval_bar_set_fraction (CaissaEvalBar *self,
                                          double         fraction);
/* The score as written ("+0.34", "#5"), NULL for none. */
void        caissa_eval_bar_set_text     (CaissaEvalBar *self,
                                          const char    *text);
const char *caissa_eval_bar_get_text     (CaissaEvalBar *self);
void        caissa_eval_bar_set_flipped  (CaissaEvalBar *self,
                                          gboolean       flipped);

G_END_DECLS
