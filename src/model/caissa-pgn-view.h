/* caissa-pgn-view.h — a list of games made of a file's games and texts,
 * read as one file without a copy (for CaissaPgnFileEdits' list shown).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games of the list lie one after another in a virtual file: runs of
 * games that follow each other in the file are its bytes there (through
 * a reference to them, _caissa_pgn_file_ref_bytes()), a game kept as text
 * is that text. So the list costs one small record per run — as many as
 * the edits, not the games — and a game's index entry is the file's own
 * with its offset moved to the virtual file. A CaissaPgnFile over a view
 * (_caissa_pgn_file_new_view()) reads its bytes here and its entries,
 * plies, openings and errors from the file, and indexes nothing.
 *
 * A view does not change once made: copies from it are safe on any
 * thread; entries are asked for on the main thread.
 */
#pragma once

#include "caissa-pgn-file-private.h"

G_BEGIN_DECLS

typedef struct _CaissaPgnView CaissaPgnView;
typedef struct _CaissaPgnViewBuilder CaissaPgnViewBuilder;

/* Main thread: a list over disk's games (disk indexed). */
CaissaPgnViewBuilder *_caissa_pgn_view_builder_new  (CaissaPgnFile        *disk);
/* The next games: count of disk's from position, or a text (UTF-8, one
 * game). */
void                  _caissa_pgn_view_builder_add_disk (CaissaPgnViewBuilder *builder,
                                                         guint                 position,
                                                         guint                 count);
void                  _caissa_pgn_view_builder_add_text (CaissaPgnViewBuilder *builder,
                                                         const char           *text);
/* The view (frees builder). Reads no game: only disk's index. */
CaissaPgnView        *_caissa_pgn_view_builder_finish (CaissaPgnViewBuilder *builder);

CaissaPgnView        *_caissa_pgn_view_ref        (CaissaPgnView *view);
void                  _caissa_pgn_view_unref      (CaissaPgnView *view);
guint                 _caissa_pgn_view_n_games    (CaissaPgnView *view);
guint64               _caissa_pgn_view_length     (CaissaPgnView *view);

/* Any thread: bytes [offset, offset + len) of the virtual file; FALSE
 * when they are not there or the file's are gone. */
gboolean              _caissa_pgn_view_copy       (CaissaPgnView *view,
                                                   guint64        offset,
                                                   gsize          len,
                                                   char          *dest);
/* Main thread: the entry of game position (< n games) in the virtual file
 * (its length always given), and the plies disk knows (G_MAXUINT: not
 * known). Returns the game's position in disk, G_MAXUINT for a text. */
guint                 _caissa_pgn_view_entry      (CaissaPgnView      *view,
                                                   CaissaPgnFile      *disk,
                                                   guint               position,
                                                   ChessPgnIndexEntry *entry,
                                                   guint              *plies);
/* Main thread: the game's position in disk, G_MAXUINT for a text. */
guint                 _caissa_pgn_view_disk_position (CaissaPgnView *view,
                                                      guint          position);
/* The line breaks (LF, CRLF, a lone CR) in the virtual file's bytes
 * before end; FALSE when they cannot be read. */
gboolean              _caissa_pgn_view_lines_before (CaissaPgnView *view,
                                                     guint64        end,
                                                     unsigned long *lines);

/* The games of the list with an error: those disk_errors (disk's, by
 * its positions) has, each as many times as the list holds it, and those
 * errors (the list's own, by its positions) has besides. */
guint                 _caissa_pgn_view_count_errors (CaissaPgnView *view,
                                                     GHashTable    *disk_errors,
                                                     GHashTable    *errors);

/* In caissa-pgn-file.c: a CaissaPgnFile (named as disk, with no GFile)
 * whose games are the view's, listed at once. */
CaissaPgnFile        *_caissa_pgn_file_new_view   (CaissaPgnFile *disk,
                                                   CaissaPgnView *view);

G_END_DECLS
