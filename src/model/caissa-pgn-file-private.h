/* caissa-pgn-file-private.h — between CaissaPgnFile and its items.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-eco.h"
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
/* The same in the n tags given. */
gboolean           _caissa_pgn_file_matches_in     (CaissaPgnFile          *self,
                                                    guint                   position,
                                                    const char             *needle,
                                                    const ChessPgnIndexTag *tags,
                                                    guint                   n);

/* A game's computed opening in 32 bits: 0 not known yet, else the ply
 * in the high half and in the low half the entry's index + 1, or
 * CAISSA_OPENING_NONE when nothing named is reached. */
#define CAISSA_OPENING_UNKNOWN 0u
#define CAISSA_OPENING_NONE    0xffffu

static inline guint32
_caissa_pgn_opening_encode (const ChessEco *eco,
                            guint           ply)
{
  if (eco == NULL)
    return CAISSA_OPENING_NONE;
  return ((guint32) MIN (ply, G_MAXUINT16) << 16) | (chess_eco_index (eco) + 1);
}

/* FALSE when not known; *eco NULL when nothing named is reached. */
static inline gboolean
_caissa_pgn_opening_decode (guint32          opening,
                            const ChessEco **eco,
                            guint           *ply)
{
  guint low = opening & 0xffff;

  if (opening == CAISSA_OPENING_UNKNOWN)
    return FALSE;
  if (eco != NULL)
    *eco = low == CAISSA_OPENING_NONE ? NULL : chess_eco_nth (low - 1);
  if (ply != NULL)
    *ply = low == CAISSA_OPENING_NONE ? 0 : opening >> 16;
  return TRUE;
}

/* The opening the check computed for the game at position (FALSE while
 * not known yet: the check has not reached it, or does not run). eco
 * and ply may be NULL. */
gboolean           _caissa_pgn_file_game_opening   (CaissaPgnFile     *self,
                                                    guint              position,
                                                    const ChessEco   **eco,
                                                    guint             *ply);
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

/* Saves the file over itself with the count games from position replaced
 * by pgn (owned: the save frees it; made to the file's line ends and
 * encoding in the save's worker) (as caissa_pgn_file_save_full_async() does for one), once
 * indexed (caissa-pgn-file-edit.c, caissa-pgn-file-edits.c: all of
 * them, by the list as edited). */
void               _caissa_pgn_file_save_games_async (CaissaPgnFile       *self,
                                                      guint                position,
                                                      guint                count,
                                                      char                *pgn,
                                                      CaissaPgnSaveFlags   flags,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);

/* Main thread, for CaissaPgnSort: the index entry of the game at position
 * (NULL when out of range), its length in bytes, and its plies when known
 * without reading it (G_MAXUINT otherwise). */
const ChessPgnIndexEntry *_caissa_pgn_file_sort_entry (CaissaPgnFile *self,
                                                       guint          position,
                                                       gsize         *length,
                                                       guint         *plies);

CaissaPgnGameInfo *_caissa_pgn_game_info_new       (CaissaPgnFile     *file,
                                                    guint              position);
/* The file learnt the game's moves or error: notify them. */
void               _caissa_pgn_game_info_changed   (CaissaPgnGameInfo *self,
                                                    gboolean           moves,
                                                    gboolean           error);
/* The file learnt the game's opening: notify it. */
void               _caissa_pgn_game_info_opening_changed (CaissaPgnGameInfo *self);

G_END_DECLS
