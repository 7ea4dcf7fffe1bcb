/* caissa-pgn-sort.h — the games of a list sorted by a column, fast.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListModel over another list of CaissaPgnGameInfo of one file (the
 * file itself, a CaissaPgnSearch, a position search's games), in the
 * order of a column. GtkSortListModel asks every item for its key: a
 * GObject made per game and a property read per comparison, about 10 s
 * for 100,000 games. Here the main thread only notes where each game's
 * key lies in the file (from the index, no item made); a worker thread
 * reads the keys from the file's bytes, ranks the distinct names once
 * (casefolded, in the locale's collation order, as GtkStringSorter
 * does), and sorts the rows by (rank, row) with a radix sort. The model
 * then changes order in one items-changed, emitting "reorder" just
 * before (the list keeps its selection across it).
 *
 * Order: names, events and results in the locale's order ignoring case;
 * ratings and the numbers of moves as numbers; dates by year, month, day
 * ("1974.??.??" before "1974.01.05"); ECO codes from the tag, else the
 * computed opening's; games without the value last, in both directions;
 * equal keys in the order of the list below. Games the list below gains
 * while sorted (a file still being indexed, a search still running) are
 * shown at the end, and sorted in with the next pass ("pending" is 1 until
 * the order is whole).
 */
#pragma once

#include <gio/gio.h>

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

typedef enum
{
  CAISSA_PGN_SORT_NONE = -1,
  CAISSA_PGN_SORT_NUMBER,
  CAISSA_PGN_SORT_WHITE,
  CAISSA_PGN_SORT_BLACK,
  CAISSA_PGN_SORT_WHITE_ELO,
  CAISSA_PGN_SORT_BLACK_ELO,
  CAISSA_PGN_SORT_RESULT,
  CAISSA_PGN_SORT_DATE,
  CAISSA_PGN_SORT_EVENT,
  CAISSA_PGN_SORT_ECO,
  CAISSA_PGN_SORT_OPENING,
  CAISSA_PGN_SORT_MOVES,
  CAISSA_PGN_SORT_N_COLUMNS
} CaissaPgnSortColumn;

#define CAISSA_TYPE_PGN_SORT (caissa_pgn_sort_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPgnSort, caissa_pgn_sort, CAISSA, PGN_SORT, GObject)

CaissaPgnSort *caissa_pgn_sort_new         (void);
/* model: a CaissaPgnFile, a CaissaPgnSearch, or another list of
 * file's items (file may be NULL for the first two). */
void           caissa_pgn_sort_set_model   (CaissaPgnSort       *self,
                                            GListModel          *model,
                                            CaissaPgnFile       *file);
GListModel    *caissa_pgn_sort_get_model   (CaissaPgnSort       *self);
void           caissa_pgn_sort_set_column  (CaissaPgnSort       *self,
                                            CaissaPgnSortColumn  column,
                                            gboolean             descending);
CaissaPgnSortColumn caissa_pgn_sort_get_column (CaissaPgnSort   *self,
                                                gboolean        *descending);
/* 1 while the order shown is not yet the whole order, else 0. */
guint          caissa_pgn_sort_get_pending (CaissaPgnSort       *self);
/* The row showing row input_row of the model below (G_MAXUINT: none). */
guint          caissa_pgn_sort_find        (CaissaPgnSort       *self,
                                            guint                input_row);

G_END_DECLS
