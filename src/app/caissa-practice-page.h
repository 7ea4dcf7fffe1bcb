/* caissa-practice-page.h — the practice page: mate the lone king against
 * the perfect defender on a board of its own, with the choice of ending
 * and difficulty, a verdict on each move, hints, the summary at the end
 * and the records.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page carries its own header bar (a back button shown when
 * "show-back" is set, emitting "back"; the main menu when a menu model is
 * given), so a window can show it in a GtkStack beside its game. The first
 * time the page is mapped it starts a session with the saved choices.
 *
 * Actions (group "practice"): new-position, try-again, hint, flip (key F).
 */
#pragma once

#include <adwaita.h>

#include "caissa-board.h"
#include "caissa-practice.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_PRACTICE_PAGE (caissa_practice_page_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPracticePage, caissa_practice_page, CAISSA, PRACTICE_PAGE, AdwBin)

GtkWidget      *caissa_practice_page_new            (void);
/* A page over a given practice (tests use one with its own paths). */
GtkWidget      *caissa_practice_page_new_for_practice (CaissaPractice *practice);

CaissaPractice *caissa_practice_page_get_practice   (CaissaPracticePage *self);
CaissaBoard    *caissa_practice_page_get_board      (CaissaPracticePage *self);

gboolean        caissa_practice_page_get_show_back  (CaissaPracticePage *self);
void            caissa_practice_page_set_show_back  (CaissaPracticePage *self,
                                                     gboolean            show_back);
void            caissa_practice_page_set_menu_model (CaissaPracticePage *self,
                                                     GMenuModel         *menu);

/* Starts a session with these settings at once (for the command line and
 * tests): ending, a custom range (0 for the chosen difficulty's) and the
 * seed. */
void            caissa_practice_page_start          (CaissaPracticePage *self,
                                                     ChessTbEnding       ending,
                                                     guint               min_moves,
                                                     guint               max_moves,
                                                     guint64             seed);

/* The translated texts the page shows now, for tests. */
const char     *caissa_practice_page_get_status_text   (CaissaPracticePage *self);
const char     *caissa_practice_page_get_feedback_text (CaissaPracticePage *self);
const char     *caissa_practice_page_get_summary_title (CaissaPracticePage *self);
const char     *caissa_practice_page_get_summary_text  (CaissaPracticePage *self);
gboolean        caissa_practice_page_get_summary_shown (CaissaPracticePage *self);

/* The model's state lines (caissa_practice_describe_state()) plus
 * "practice-square a1 X Y SIZE" and "practice-square h8 …" in the
 * toplevel surface's pixels, "practice-shown 0/1" and the texts shown. */
char           *caissa_practice_page_describe_state (CaissaPracticePage *self);

G_END_DECLS
