/* caissa-window-review-private.h — between the files of the window's
 * review part: caissa-window-review.c (files, the list, the clipboard),
 * caissa-window-review-save.c (saving, unsaved changes),
 * caissa-window-review-edit.c (editing the move tree) and
 * caissa-window-review-partial.c (a game shown up to its error).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-board.h"
#include "caissa-edit-history.h"
#include "caissa-game-list.h"
#include "caissa-move-list.h"
#include "caissa-pgn-file.h"
#include "caissa-pgn-file-edits.h"
#include "caissa-pgn-partial.h"
#include "caissa-split-view.h"
#include "caissa-window-autosave.h"
#include "caissa-window-review.h"

G_BEGIN_DECLS

struct _CaissaWindowReview
{
  CaissaWindow    *window;
  CaissaGame      *game;
  CaissaBoard     *board;
  CaissaMoveList  *move_list;
  CaissaGameList  *game_list;
  CaissaSplitView *flap;
  AdwWindowTitle  *window_title;
  GtkWidget       *games_button;

  /* The open file, and the game of it shown (G_MAXUINT: none). */
  CaissaPgnFile   *file;
  guint            position;
  gboolean         first_opened;
  gboolean         list_revealed;
  /* "Pasted Game" and the like for a game from elsewhere; NULL for a
   * game played here or taken from the file. */
  char            *source;
  gboolean         dirty;
  gboolean         loading;
  gboolean         marks_set;
  gboolean         saving;
  /* Set while a close waits for the unsaved-changes question. */
  gboolean         closing;
  /* The game shown was read up to an error (NULL: read whole), and what
   * the status says of it. */
  CaissaPgnPartial *partial;
  char             *error_status;
  /* The game's states, for Undo and Redo (caissa-window-undo.c). */
  CaissaEditHistory *history;
  /* The file's games deleted, duplicated or added, not saved
   * (caissa-window-review-games.c): file is then the list as edited
   * (a view over its text), the file on disk is the edits' (NULL: none). */
  CaissaPgnFileEdits *edits;
  gboolean         showing_edits;
};

/* Work that waits for an answer (save or discard?) or for a save. */
typedef void     (*ThenFunc) (CaissaWindowReview *review,
                              gpointer            data);
/* An edit of a copy of the game's tree; shown may be moved. Returns FALSE
 * when nothing changed. */
typedef gboolean (*EditFunc) (ChessGame          *core,
                              ChessNodeId        *shown,
                              gpointer            data);

/* caissa-window-review.c */
void           _caissa_review_toast              (CaissaWindowReview *review,
                                                  const char         *text);
void           _caissa_review_show_error         (CaissaWindowReview *review,
                                                  const char         *heading,
                                                  const char         *body);
gboolean       _caissa_review_has_game_from_file (CaissaWindowReview *review);
void           _caissa_review_set_dirty          (CaissaWindowReview *review,
                                                  gboolean            dirty);
void           _caissa_review_update_title       (CaissaWindowReview *review);
void           _caissa_review_update_marks       (CaissaWindowReview *review);
void           _caissa_review_edit_game          (CaissaWindowReview *review,
                                                  EditFunc            func,
                                                  gpointer            data);
/* The same, the edit named by label (translated: "Delete Variation") in
 * the Undo button's tooltip. */
void           _caissa_review_edit_game_labelled (CaissaWindowReview *review,
                                                  const char         *label,
                                                  EditFunc            func,
                                                  gpointer            data);
void           _caissa_review_set_file           (CaissaWindowReview *review,
                                                  CaissaPgnFile      *file,
                                                  guint               keep);
void           _caissa_review_add_recent         (GFile              *file);
GtkFileFilter *_caissa_review_pgn_filter         (void);

/* caissa-window-review-save.c */
void           _caissa_review_confirm_then       (CaissaWindowReview *review,
                                                  ThenFunc            then,
                                                  gpointer            data,
                                                  GDestroyNotify      destroy);
/* Runs then once the game shown may make way for another (file_name's,
 * or a pasted one when NULL): a game being played is asked about first
 * ("Keep This Game for Later?", caissa-window-autosave.c), unsaved
 * changes to a reviewed one too (_caissa_review_confirm_then()). Cancel
 * leaves everything as it was; data is freed with destroy either way. */
void           _caissa_review_replace_then       (CaissaWindowReview *review,
                                                  const char         *file_name,
                                                  ThenFunc            then,
                                                  gpointer            data,
                                                  GDestroyNotify      destroy);
/* The same for another game of the same file: the list's edits stay. */
void           _caissa_review_replace_in_file_then (CaissaWindowReview *review,
                                                  ThenFunc            then,
                                                  gpointer            data,
                                                  GDestroyNotify      destroy);
void           _caissa_review_save_then          (CaissaWindowReview *review,
                                                  ThenFunc            then,
                                                  gpointer            data);
void           _caissa_window_review_install_save_actions (GtkWidgetClass *widget_class);
/* Saves the game shown to dest (into its file when it comes from one),
 * then runs then; asks for a file name first with the chooser. */
void           _caissa_review_save_to            (CaissaWindowReview *review,
                                                  GFile              *dest,
                                                  CaissaPgnSaveFlags  flags,
                                                  ThenFunc            then,
                                                  gpointer            then_data);
void           _caissa_review_choose_save_file   (CaissaWindowReview *review,
                                                  gboolean            export_only,
                                                  CaissaPgnSaveFlags  flags,
                                                  ThenFunc            then,
                                                  gpointer            then_data);

/* caissa-window-review-copy.c: "win.copy-game-to-file", the game shown
 * appended to another PGN file. */
void           _caissa_window_review_install_copy_actions (GtkWidgetClass *widget_class);
/* Shows a file chooser. Tests set CAISSA_TEST_CHOSEN_FILE=PATH: the
 * chooser is then answered at once with that file, not shown (GTK's
 * fallback chooser keeps what its background reads made, which
 * LeakSanitizer reports). The file chosen: */
/* A file chosen with a file chooser (with the PGN filter), or the one
 * CAISSA_TEST_CHOSEN_FILE names (tests: no chooser is made). func gets
 * the file, or NULL when the user cancelled. */
typedef void (*CaissaReviewChosenFunc) (GFile *file, gpointer data);
void           _caissa_review_choose_file        (CaissaWindowReview     *review,
                                                  const char             *title,
                                                  GtkFileChooserAction    action,
                                                  const char             *accept,
                                                  const char             *current_name,
                                                  CaissaReviewChosenFunc  func,
                                                  gpointer                data);

/* caissa-window-review-conflict.c: a save over the file refused because
 * another program changed it (why: the save's message). Offers Save As…,
 * Reload (the edits discarded, after a confirmation) and Overwrite (the
 * other program's change named); then runs once the game is saved or
 * the edits discarded. */
void           _caissa_review_save_conflict      (CaissaWindowReview *review,
                                                  const char         *why,
                                                  CaissaPgnSaveFlags  flags,
                                                  ThenFunc            then,
                                                  gpointer            then_data);

/* caissa-window-review-keep.c: unsaved edits kept on disk after every
 * change (called by _caissa_review_set_dirty()), offered back at the
 * start of the window that keeps the game in progress. */
void           _caissa_review_keep_changes       (CaissaWindowReview *review);
void           _caissa_review_keep_offer         (CaissaWindow       *window);
void           _caissa_review_keep_start         (CaissaWindow       *window);

/* caissa-window-review-copy-undo.c: a copy to another file taken back
 * from its toast (the file cut back to its length before, if unchanged). */
typedef struct _CaissaCopyUndo CaissaCopyUndo;
/* Before the copy: the other file's length (NULL: not a local file). */
CaissaCopyUndo *_caissa_review_copy_undo_before (CaissaWindowReview *review,
                                                 GFile              *dest);
/* After it: the toast with text, and Undo when u is not NULL (taken). */
void           _caissa_review_copy_undo_done     (CaissaWindowReview *review,
                                                  CaissaCopyUndo     *u,
                                                  const char         *text);
void           _caissa_review_copy_undo_free     (CaissaCopyUndo     *u);

/* caissa-window-review-keep-list.c: the list's pending edits (deleted,
 * duplicated, added games) kept the same way, in review-list.ini. */
char          *_caissa_review_kept_list_path     (void);
/* Writes the list's edits (or removes what was kept when there are none
 * any more); called by the keeping of the game's edits, once armed. */
void           _caissa_review_keep_list          (CaissaWindowReview *review);
/* The kept list's edits, or NULL (none, or unreadable: then removed). */
GKeyFile      *_caissa_review_kept_list_load     (void);
/* What the kept edits did, counted by kind ("1 game deleted, 2 new games
 * added"), for the question at start. */
char          *_caissa_review_kept_list_describe (GKeyFile           *kept);
/* Does the kept edits again over file (indexed) and shows the list with
 * the game at show; FALSE with error (CHANGED: another file now) when
 * they cannot be. */
gboolean       _caissa_review_kept_list_restore  (CaissaWindowReview *review,
                                                  CaissaPgnFile      *file,
                                                  GKeyFile           *kept,
                                                  guint               show,
                                                  GError            **error);

/* caissa-window-review-games.c: "win.delete-game", "win.duplicate-game"
 * and "win.new-game-in-file", kept as pending edits of the list until the
 * file is saved, and taken back (done again) by Undo (Redo). */
void           _caissa_window_review_install_games_actions (GtkWidgetClass *widget_class);
void           _caissa_review_games_update_actions (CaissaWindowReview *review);
/* The file on disk (the edits' while there are any), or NULL. */
GFile         *_caissa_review_disk_file          (CaissaWindowReview *review);
/* Whether the list has edits that are not saved. */
gboolean       _caissa_review_games_pending      (CaissaWindowReview *review);
/* Shows the list as edits has it, the game at show first (edits
 * becomes the review's). */
void           _caissa_review_games_show         (CaissaWindowReview *review,
                                                  CaissaPgnFileEdits *edits,
                                                  guint               show);
/* Forgets the list's edits (discarded, or the file saved or replaced). */
void           _caissa_review_games_forget       (CaissaWindowReview *review);
gboolean       _caissa_review_games_can_undo     (CaissaWindowReview *review);
gboolean       _caissa_review_games_can_redo     (CaissaWindowReview *review);
/* What Undo (Redo) would take back ("Delete Game 12"), or NULL; free it. */
char          *_caissa_review_games_undo_label   (CaissaWindowReview *review,
                                                  gboolean            redo);
/* Takes the last such edit back, or does it again (FALSE: none). */
gboolean       _caissa_review_games_undo         (CaissaWindowReview *review,
                                                  gboolean            redo);

/* caissa-window-review-layout.c: the board's part of the window made
 * room wider by room while the evaluation bar is shown beside it. */
void           _caissa_window_review_eval_room   (CaissaWindow       *window,
                                                  gboolean            shown,
                                                  int                 room);

/* caissa-window-review-edit.c */
void           _caissa_window_review_install_edit_actions (GtkWidgetClass *widget_class);

/* caissa-window-undo.c: the history of edits. Reset whenever a game is
 * shown (empty while one is played), pushed after each edit with the
 * node shown before it. */
void           _caissa_review_history_reset      (CaissaWindowReview *review);
void           _caissa_review_history_push       (CaissaWindowReview *review,
                                                  ChessNodeId         shown_before,
                                                  const char         *label);
void           _caissa_review_history_move_played (CaissaWindowReview *review);
gboolean       _caissa_review_history_active     (CaissaWindowReview *review);
void           _caissa_review_history_update_actions (CaissaWindowReview *review);
/* A toast with an Undo button (after a deletion). */
void           _caissa_review_toast_undo         (CaissaWindowReview *review,
                                                  const char         *text);

/* caissa-window-marks.c: arrows and circles drawn with the secondary
 * button on the board, into the shown move's comment. */
void           _caissa_review_marks_init         (CaissaWindowReview *review);
/* The same as drawn by hand (to == from: a circle); color 'G', 'R', 'B'
 * or 'Y'. */
void           _caissa_review_draw_mark          (CaissaWindowReview *review,
                                                  char                color,
                                                  ChessSquare         from,
                                                  ChessSquare         to);

/* caissa-window-review-partial.c. Takes partial (NULL: the game shown
 * was read whole, or is not the file's): the move list and the status
 * tell its error. */
void           _caissa_review_set_partial        (CaissaWindowReview *review,
                                                  CaissaPgnPartial   *partial);
/* The text to save for the game shown: its export, except for a game
 * read up to an error (caissa-pgn-partial.h): its text as read while it
 * is not edited, else the export with the rest kept. */
char          *_caissa_review_pgn_to_save        (CaissaWindowReview *review);
/* Reads the game at position of the file again and shows it
 * (caissa-window-review.c). */
void           _caissa_review_open_game_now      (CaissaWindowReview *review,
                                                  guint               position);

G_END_DECLS
