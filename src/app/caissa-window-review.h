/* caissa-window-review.h — CaissaWindow: reviewing PGN files, the part of
 * the window kept in caissa-window-review.c (private to the window).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-window.h"
#include "chess-types.h"

G_BEGIN_DECLS

/* Reviewing PGN files (caissa-window-review.c): the open file and its game
 * list, the game taken from it, saving, the clipboard, editing the move
 * tree, arrows from [%cal]/[%csl]. */
typedef struct _CaissaWindowReview CaissaWindowReview;

CaissaWindowReview *_caissa_window_get_review          (CaissaWindow       *window);

/* From the window's class_init: the review actions (win.open, win.save, …). */
void                _caissa_window_review_class_init   (GtkWidgetClass     *widget_class);
/* From the window's init, once the template is built. Kept on the window
 * (object data) and freed with it. */
CaissaWindowReview *_caissa_window_review_new          (CaissaWindow       *window);
/* From the window's update_actions(), after its own (the window calls it
 * when the focus moves too: plain keys yield to text fields). */
void                _caissa_window_review_update_actions (CaissaWindowReview *review);
/* From the window's undo and redo actions: in review, takes back (does
 * again) an edit and returns TRUE; FALSE while a game is played (the
 * window's own take-back applies). */
gboolean            _caissa_window_review_undo         (CaissaWindowReview *review,
                                                        gboolean            redo);
/* For tests: the arrow from → to (to == from: a circle) drawn in color
 * ('G', 'R', 'B', 'Y') on the shown move, as with the mouse. */
void                _caissa_window_review_draw_mark    (CaissaWindow       *window,
                                                        char                color,
                                                        ChessSquare         from,
                                                        ChessSquare         to);
/* From caissa_window_start_game(): a new game is played, not reviewed. */
void                _caissa_window_review_game_started (CaissaWindowReview *review);
/* From close_request: TRUE when the close must wait (unsaved changes are
 * being asked about). */
gboolean            _caissa_window_review_close_request (CaissaWindowReview *review);
/* Opens a PGN file in the window (command line, drag and drop, Open):
 * lists its games and shows the first. Fails when the file cannot be read
 * (CAISSA_PGN_FILE_ERROR); the window is unchanged then. */
gboolean            caissa_window_open_file            (CaissaWindow       *window,
                                                        GFile              *file,
                                                        GError            **error);
/* Tells the user, in the window, why a file could not be opened. */
void                caissa_window_report_open_error    (CaissaWindow       *window,
                                                        const GError       *error);
/* For the window's status: what is wrong with the game shown when it was
 * read up to an error ("Line 84, column 12: …"), else NULL. */
const char         *_caissa_window_review_get_error_status (CaissaWindowReview *review);
/* Lines for caissa_window_describe_state(). */
void                _caissa_window_review_describe     (CaissaWindowReview *review,
                                                        GString            *out);

G_END_DECLS
