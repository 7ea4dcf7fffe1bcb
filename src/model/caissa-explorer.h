/* caissa-explorer.h — the opening explorer and position search over a
 * PGN file's games.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaExplorer answers three questions about the games of a
 * CaissaPgnFile, by position (transpositions count):
 *   - the tree: every move played from a position, with the number of
 *     games (a game counts once per move), White wins / draws / Black wins,
 *     the average rating of the player to move and the last year played;
 *   - exact position search: the games reaching a position (pieces, side
 *     to move, castling and e.p. rights as in repetition), each with the
 *     first ply where it does;
 *   - pattern search: pieces on given squares with the rest free, an
 *     optional material signature and side to move (a "sub-FEN", syntax
 *     below), each game with its first matching ply.
 *
 * The position data (chess-posdb.h in the core) is built once per file in
 * a worker thread, following the file's indexing (games are taken as the
 * file lists them, so game numbers are positions in the CaissaPgnFile),
 * and kept in the user's cache folder ($XDG_CACHE_HOME/caissa/explorer/,
 * never beside the file), named after the file's path and checked against
 * its size, modification time and a hash of its contents: a file that
 * changed is built again; a cache that is damaged is detected and rebuilt,
 * never trusted. Opening the same file again maps the cache and is ready
 * at once.
 *
 * Queries are asynchronous (each runs in a worker thread; the main loop is
 * never blocked) and can be made at any time: while the data is being
 * built they answer from the games covered so far and say so (partial =
 * TRUE). Whenever an answer given before may have changed (more games
 * covered, the build finished, the cache was read) "changed" is emitted:
 * ask again. Results hold copies; they stay valid when the explorer goes.
 *
 * Game numbers in results are 0-based positions in the CaissaPgnFile
 * (the CLI prints them from 1); plies count from 0 = the game's start
 * position (ply p is the position before the game's move p + 1, i.e.
 * after p half-moves).
 *
 * Sub-FEN syntax (caissa_explorer_find_pattern_async(), `caissa-cli find`):
 *
 *   BOARD [SIDE] [MATERIAL]
 *
 *   BOARD    the board part of a FEN, eight ranks from 8 to 1 separated by
 *            '/': a piece letter (KQRBNP white, kqrbnp black) requires that
 *            piece on that square; a digit n leaves n squares free (any
 *            piece or none). Example: 8/8/p7/8/8/1B3N2/8/8 — white bishop
 *            b3, white knight f3, black pawn a6.
 *   SIDE     w or b: that side to move (default: either).
 *   MATERIAL the exact material, White's pieces from their K then Black's
 *            from theirs, e.g. KBNKP (White king, bishop, knight; Black
 *            king, pawn). Default: any.
 *
 * A text with four or more fields that reads as a full FEN is a position
 * (exact search), not a pattern: caissa_explorer_parse_query() tells.
 *
 * Errors: CAISSA_EXPLORER_ERROR; messages are translated.
 */
#pragma once

#include <gio/gio.h>

#include "chess-position.h"
#include "caissa-pgn-file.h"

G_BEGIN_DECLS

#define CAISSA_EXPLORER_ERROR (caissa_explorer_error_quark ())

typedef enum
{
  CAISSA_EXPLORER_ERROR_PATTERN,    /* a sub-FEN or FEN that cannot be read */
  CAISSA_EXPLORER_ERROR_FILE,       /* the file's games cannot be read (changed on disk…) */
  CAISSA_EXPLORER_ERROR_CANCELLED,  /* (GIO's G_IO_ERROR_CANCELLED is used for cancellation) */
} CaissaExplorerError;

GQuark caissa_explorer_error_quark (void);

/* --- Results ------------------------------------------------------------------------------------ */

/* One row of the tree: a move played from the position. */
typedef struct
{
  ChessMove move;          /* the move, legal in the queried position */
  char      san[16];       /* its SAN in that position, NUL-terminated */
  guint     games;         /* games that played it from there (once per game) */
  guint     white_wins;    /* of those: 1-0 */
  guint     draws;         /*           1/2-1/2 */
  guint     black_wins;    /*           0-1 (games with "*" count in games only) */
  guint64   rating_sum;    /* sum of the ratings of the player to move … */
  guint     rating_count;  /* … over this many games with a rating (0: none) */
  guint     last_year;     /* latest year of the Date tag, 0 when no game has one */
} CaissaExplorerMove;

#define CAISSA_TYPE_EXPLORER_TREE (caissa_explorer_tree_get_type ())
typedef struct _CaissaExplorerTree CaissaExplorerTree;

GType                     caissa_explorer_tree_get_type    (void) G_GNUC_CONST;
CaissaExplorerTree       *caissa_explorer_tree_ref         (CaissaExplorerTree *tree);
void                      caissa_explorer_tree_unref       (CaissaExplorerTree *tree);
/* The rows, sorted by games (most first; ties by SAN). */
guint                     caissa_explorer_tree_get_n_moves (CaissaExplorerTree *tree);
const CaissaExplorerMove *caissa_explorer_tree_get_move    (CaissaExplorerTree *tree,
                                                            guint               i);
/* Games reaching the position (each once, whatever it played there,
 * including games that end there). */
guint                     caissa_explorer_tree_get_n_games (CaissaExplorerTree *tree);
/* TRUE when the answer covers only part of the file's games (the data is
 * still being built, or the file is still being indexed). */
gboolean                  caissa_explorer_tree_get_partial (CaissaExplorerTree *tree);
/* Games the answer covers (the first n of the file). */
guint                     caissa_explorer_tree_get_n_covered (CaissaExplorerTree *tree);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaExplorerTree, caissa_explorer_tree_unref)

/* A game found by a search, with the first ply where it matches. */
typedef struct
{
  guint game;  /* 0-based position in the CaissaPgnFile */
  guint ply;   /* 0 = the start position */
} CaissaExplorerMatch;

#define CAISSA_TYPE_EXPLORER_MATCHES (caissa_explorer_matches_get_type ())
typedef struct _CaissaExplorerMatches CaissaExplorerMatches;

GType                      caissa_explorer_matches_get_type      (void) G_GNUC_CONST;
CaissaExplorerMatches     *caissa_explorer_matches_ref           (CaissaExplorerMatches *matches);
void                       caissa_explorer_matches_unref         (CaissaExplorerMatches *matches);
/* The matches in file order (increasing game). */
guint                      caissa_explorer_matches_get_n_matches (CaissaExplorerMatches *matches);
const CaissaExplorerMatch *caissa_explorer_matches_get_match     (CaissaExplorerMatches *matches,
                                                                  guint                  i);
gboolean                   caissa_explorer_matches_get_partial   (CaissaExplorerMatches *matches);
guint                      caissa_explorer_matches_get_n_covered (CaissaExplorerMatches *matches);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaExplorerMatches, caissa_explorer_matches_unref)

/* --- The explorer ------------------------------------------------------------------------------- */

#define CAISSA_TYPE_EXPLORER (caissa_explorer_get_type ())
G_DECLARE_FINAL_TYPE (CaissaExplorer, caissa_explorer, CAISSA, EXPLORER, GObject)

/* An explorer over file's games. It starts at once: looks for the file's
 * cache, or starts building it in a worker (following the file's indexing
 * when it is still loading). Signals and notifications come in the
 * thread-default main context of the caller. */
CaissaExplorer *caissa_explorer_new              (CaissaPgnFile   *file);

CaissaPgnFile  *caissa_explorer_get_file         (CaissaExplorer  *self);

/* Properties (all notify):
 *   "ready"     gboolean  the data covers every game of the (fully indexed)
 *                         file: answers are final (partial = FALSE)
 *   "building"  gboolean  a worker is building the data (FALSE while
 *                         the cache is looked at and read; a build always
 *                         shows as TRUE at least once, even a short one)
 *   "progress"  double    0 … 1, of the build (1 when ready)
 *   "n-covered" guint     games the data covers so far
 *   "error"     GError*   (boxed) why the data cannot be built (the file
 *                         changed on disk or became unreadable); NULL
 *                         normally. Queries still answer from what is
 *                         covered, partial.
 * Signal:
 *   "changed"   ()        answers given before may differ now: ask again. */
gboolean        caissa_explorer_get_ready        (CaissaExplorer  *self);
gboolean        caissa_explorer_get_building     (CaissaExplorer  *self);
double          caissa_explorer_get_progress     (CaissaExplorer  *self);
guint           caissa_explorer_get_n_covered    (CaissaExplorer  *self);
const GError   *caissa_explorer_get_error        (CaissaExplorer  *self);

/* The cache file in use or being written (for tests and the CLI's
 * messages); NULL for a file without a path (from bytes: its data is
 * kept in memory only). Free it. */
char           *caissa_explorer_dup_cache_path   (CaissaExplorer  *self);

/* The tree at pos. */
void                caissa_explorer_query_tree_async   (CaissaExplorer       *self,
                                                        const ChessPosition  *pos,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
CaissaExplorerTree *caissa_explorer_query_tree_finish  (CaissaExplorer       *self,
                                                        GAsyncResult         *result,
                                                        GError              **error);

/* Exact search: the games reaching pos (in the sense of repetition), each
 * with the first ply where it does. */
void                   caissa_explorer_find_position_async  (CaissaExplorer       *self,
                                                             const ChessPosition  *pos,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
CaissaExplorerMatches *caissa_explorer_find_position_finish (CaissaExplorer       *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);

/* Pattern search with a sub-FEN (syntax above). A pattern that cannot be
 * read fails at once in finish with CAISSA_EXPLORER_ERROR_PATTERN and a
 * message naming the column. */
void                   caissa_explorer_find_pattern_async  (CaissaExplorer       *self,
                                                            const char           *subfen,
                                                            GCancellable         *cancellable,
                                                            GAsyncReadyCallback   callback,
                                                            gpointer              user_data);
CaissaExplorerMatches *caissa_explorer_find_pattern_finish (CaissaExplorer       *self,
                                                            GAsyncResult         *result,
                                                            GError              **error);

/* What a search text is: TRUE and *is_position = TRUE with pos filled for
 * a full FEN (exact search), TRUE and *is_position = FALSE for a valid
 * sub-FEN; FALSE with CAISSA_EXPLORER_ERROR_PATTERN otherwise. pos may be
 * NULL. For a search field that takes either. */
gboolean        caissa_explorer_parse_query      (const char      *text,
                                                  gboolean        *is_position,
                                                  ChessPosition   *pos,
                                                  GError         **error);

/* A sub-FEN requiring every piece of pos on its square (empty squares
 * left free) and pos's side to move: the start of a pattern made from the
 * board. Free it. */
char           *caissa_explorer_pattern_from_position (const ChessPosition *pos);

G_END_DECLS
