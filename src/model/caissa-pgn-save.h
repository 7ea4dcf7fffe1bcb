/* caissa-pgn-save.h — the text of a list of a file's games made in a
 * worker, for its save (CaissaPgnFileEdits).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the main thread the list is told as runs of the file's games (their
 * bytes' place, read there from the index: one step per run) and texts
 * (copied); the worker copies the runs' bytes through a reference to
 * them (_caissa_pgn_file_ref_bytes()) and joins them as
 * caissa_pgn_file_edits_dup_text() does. So what the save costs the main
 * thread is one step per run, whatever the file's size, and an edit made
 * while it runs changes nothing it reads.
 */
#pragma once

#include "caissa-pgn-file-private.h"

G_BEGIN_DECLS

typedef struct _CaissaPgnListText CaissaPgnListText;

/* Main thread: a list over disk's games, with disk's line ends. */
CaissaPgnListText *_caissa_pgn_list_text_new      (CaissaPgnFile     *disk,
                                                   gboolean           crlf);
/* The next games: count of disk's from first, or a text (UTF-8, copied). */
void               _caissa_pgn_list_text_add_disk (CaissaPgnListText *self,
                                                   guint              first,
                                                   guint              count);
void               _caissa_pgn_list_text_add_text (CaissaPgnListText *self,
                                                   const char        *text);
/* Makes the text in a worker (end_alone: the last game ends the file with
 * one line end); self is taken. The task's pointer is the text, or NULL
 * (no error) when some games are not UTF-8 as the file holds them or the
 * file's bytes changed: then the caller makes it as before. */
void               _caissa_pgn_list_text_make_async (CaissaPgnListText   *self,
                                                     gboolean             end_alone,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
char              *_caissa_pgn_list_text_make_finish (GAsyncResult       *result,
                                                      GError            **error);
/* Ends out with a blank line (in the line ends asked for) unless it is
 * empty or has one (trailing blanks and carriage returns aside). */
void               _caissa_pgn_list_text_separate (GString           *out,
                                                   gboolean           crlf);

G_END_DECLS
