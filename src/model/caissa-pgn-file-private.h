/* caissa-pgn-file-private.h — between CaissaPgnFile and its items.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-pgn-index.h"
#include "caissa-pgn-file.h"

G_BEGIN_DECLS

/* The raw (still escaped) value of a tag of the game at position, or NULL
 * when absent (or, in a file cut short on disk, gone). For a mapped file
 * it is a copy, valid until the next call. */
const char        *_caissa_pgn_file_raw_tag        (CaissaPgnFile     *self,
                                                    guint              position,
                                                    ChessPgnIndexTag   tag,
                                                    gsize             *length);
/* Plies of the main line: known from the check, PlyCount, else counted now
 * (0 when the game's bytes are gone). */
guint              _caissa_pgn_file_game_plies     (CaissaPgnFile     *self,
                                                    guint              position);
const char        *_caissa_pgn_file_game_error     (CaissaPgnFile     *self,
                                                    guint              position);
void               _caissa_pgn_file_item_finalized (CaissaPgnFile     *self,
                                                    guint              position);
/* Whether White, Black, Event, Site, Date, Round or ECO of the game at
 * position contains needle (folded with caissa_pgn_game_info_fold_needle()),
 * read from the file's bytes; allocates nothing for an ASCII needle. */
gboolean           _caissa_pgn_file_matches        (CaissaPgnFile     *self,
                                                    guint              position,
                                                    const char        *needle);

/* For workers of other objects (CaissaExplorer): the file's bytes as they
 * were read, through a reference that outlives the CaissaPgnFile. Take it
 * on the main thread; copy from any thread (FALSE when the bytes are gone:
 * the file was cut short or rewritten in place). The stamp is the file's
 * as it was read (exists FALSE for bytes not from a local file). */
typedef struct _CaissaPgnFileBytes CaissaPgnFileBytes;
CaissaPgnFileBytes *_caissa_pgn_file_ref_bytes      (CaissaPgnFile      *self);
void               _caissa_pgn_file_bytes_unref    (CaissaPgnFileBytes *bytes);
gboolean           _caissa_pgn_file_bytes_copy     (CaissaPgnFileBytes *bytes,
                                                    guint64             offset,
                                                    gsize               len,
                                                    char               *dest);
guint64            _caissa_pgn_file_bytes_length   (CaissaPgnFileBytes *bytes);
void               _caissa_pgn_file_bytes_stamp    (CaissaPgnFileBytes *bytes,
                                                    guint64            *size,
                                                    gint64             *mtime_ns,
                                                    gboolean           *exists);
/* Main thread: the offset of the game at position in the file's bytes. */
guint64            _caissa_pgn_file_game_offset    (CaissaPgnFile      *self,
                                                    guint               position);

CaissaPgnGameInfo *_caissa_pgn_game_info_new       (CaissaPgnFile     *file,
                                                    guint              position);
/* The file learnt the game's moves or error: notify them. */
void               _caissa_pgn_game_info_changed   (CaissaPgnGameInfo *self,
                                                    gboolean           moves,
                                                    gboolean           error);

G_END_DECLS
