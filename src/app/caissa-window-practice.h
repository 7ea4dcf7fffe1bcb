/* caissa-window-practice.h — the window's practice page: a GtkStack puts
 * the practice page (with its own header bar and a back button) in place
 * of the game, reached by "Practice Mates" in the main menu (win.practice,
 * Ctrl+M).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Going to practice pauses a running clock; any change to the window's
 * game while the practice shows (Ctrl+N, Ctrl+Z, a file opened…) brings
 * the game back into view, so nothing happens to it unseen.
 */
#pragma once

#include "caissa-practice-page.h"
#include "caissa-window.h"

G_BEGIN_DECLS

/* Shows the practice page (made the first time) in place of the game. */
CaissaPracticePage *caissa_window_show_practice      (CaissaWindow *self);
void                caissa_window_show_game          (CaissaWindow *self);
gboolean            caissa_window_get_practice_shown (CaissaWindow *self);

/* The hidden command-line options "practice" (an ending, e.g. "KQK"),
 * "practice-seed" (a number) and "practice-range" ("2-2", "4-8"): when
 * "practice" is given, shows the practice page and starts that exercise.
 * TRUE when there is nothing to do or it started; FALSE with a message in
 * error for a bad value. */
gboolean            caissa_window_practice_from_options (CaissaWindow  *self,
                                                         GVariantDict  *options,
                                                         GError       **error);

/* Hooks for caissa-window.c. */
void                _caissa_window_practice_class_init (GtkWidgetClass *widget_class);
void                _caissa_window_practice_init       (CaissaWindow   *self);
/* Appends "view game|practice" and, once the page exists, its lines. */
void                _caissa_window_practice_describe   (CaissaWindow   *self,
                                                        GString        *out);

G_END_DECLS
