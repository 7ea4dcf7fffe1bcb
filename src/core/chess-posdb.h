/* chess-posdb.h — position data for an opening explorer and position search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From the main lines of a file's games this builds compact data keyed by
 * position (the Zobrist key of chess-position.h: pieces, side to move,
 * castling rights and the e.p. file when a capture is possible — equal
 * keys mean "the same position" as in repetition) and answers, for any
 * position: every move played from it with the number of games (a game
 * counts once per move), results, ratings of the player to move and the
 * last year played; the games reaching it with their first ply; and the
 * games matching a pattern (ChessPosPattern), with their first ply.
 *
 * It is done in three steps, all in memory (the core does no I/O and starts
 * no thread; the caller splits the work; the large arrays may live in
 * memory the caller gives, ChessPosdbMemory, e.g. mapped files). The code:
 * chess-posdb.c (answers, replay, the moves' coding), -batch.c (step 1),
 * -build.c (step 2), -query.c (step 3), -private.h (what they share):
 *
 *  1. Batches. The caller cuts the file's games into batches of
 *     consecutive games and hands each batch's bytes to
 *     chess_posdb_batch_parse() (any thread; one batch per call). A batch
 *     keeps each game's result, ratings, year and main-line moves (two
 *     bytes a move), and what step 2 needs, made while the parser has the
 *     positions at hand: the moves as the image codes them, the game's
 *     signature and the top bits of every position's key. Batches can
 *     already be queried by replaying their games (chess_posdb_batch_*):
 *     slow, but it answers while the rest is built (a "partial" answer).
 *  2. chess_posdb_build_new() over all the batches finds the positions many
 *     games reach (keys seen at least CHESS_POSDB_POPULAR times in the
 *     first CHESS_POSDB_POPULAR_PLIES plies) and cuts the work in parts;
 *     chess_posdb_build_run() runs one part (call it for each part, on as
 *     many threads as there are parts): it files every rare position by
 *     its key's top bits and replays a game only as far as its last
 *     popular position. chess_posdb_build_code() then codes the rare
 *     positions' lists (again a range per thread), and
 *     chess_posdb_build_finish() joins it all into one image: a flat byte
 *     buffer the caller writes to disk. A batch serves one build (the
 *     build drops the keys' bits once read).
 *  3. chess_posdb_open() over an image (read back, typically mapped):
 *     checks it whole (header, bounds, checksums: a damaged image is
 *     refused, never trusted) and answers queries without copying it.
 *
 * The image:
 *   header   magic, version, the source's identity (given by the caller),
 *            counts, section offsets and a checksum of every section
 *   games    16 bytes a game: where its moves are, plies, result, ratings,
 *            year, flags (unreadable, starts from a FEN)
 *   moves    a byte a ply most: the moving piece's rank among its side's
 *            pieces and the target's among the squares it reaches
 *            (chess-posdb.c; decoded without move generation)
 *   fens     the start positions of games that do not start from the
 *            initial position (game, offset) and the FEN texts
 *   popular  positions reached by many games, sorted by key: for each the
 *            moves played with their counts (varints, chess-posdb-
 *            private.h), and the games reaching it
 *            with the first ply, Rice-coded (binary search: a query reads
 *            a few pages)
 *   buckets  every other position: the key's top bits, scaled, choose a
 *            bucket (about 4,096 occurrences each), which lists the games that
 *            reach some position of the bucket (Rice-coded distances);
 *            their signatures drop most of them, the rest are replayed
 *            (until they can no longer reach the position) to find the
 *            plies, moves and to drop the games that only share the
 *            bucket.
 *   sigs     32 bytes a game: which (colour, piece, square) its main line
 *            holds at some ply (chess-posdb-sig.h), so that a pattern
 *            search replays only the games that may match.
 *
 * A game whose text cannot be read (a PGN error anywhere in it) is left
 * out of every answer. Only the main line counts. The result is the
 * Result tag when it is 1-0, 0-1 or 1/2-1/2, else the result after the
 * moves; ratings are the WhiteElo / BlackElo tags when they are a number
 * in 1…4000; the year is the Date tag's first four digits when they are
 * digits (not "????").
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-error.h"
#include "chess-position.h"

/* A position is "popular" when at least this many occurrences of it are
 * seen in the first CHESS_POSDB_POPULAR_PLIES plies of the games: its
 * answers are then stored whole. */
#define CHESS_POSDB_POPULAR       24
#define CHESS_POSDB_POPULAR_PLIES 24

/* --- Answers ---------------------------------------------------------------------------- */

typedef struct
{
  ChessMove move;
  uint16_t  last_year;      /* 0: no game with a year */
  uint32_t  games;          /* games that played it from the position (once each) */
  uint32_t  white_wins;
  uint32_t  draws;
  uint32_t  black_wins;
  uint32_t  rating_count;   /* games with a rating of the player to move */
  uint64_t  rating_sum;
} ChessPosdbMoveStat;

/* The tree at a position; accumulates over batches and the image. */
typedef struct
{
  uint64_t           key;
  uint32_t           n_games;   /* games reaching the position */
  unsigned           n_moves;
  ChessPosdbMoveStat moves[256];
} ChessPosdbTree;

void chess_posdb_tree_init (ChessPosdbTree *tree, uint64_t key);
/* Sorts the moves by games (most first), ties by move code. */
void chess_posdb_tree_sort (ChessPosdbTree *tree);

typedef struct
{
  uint32_t game;
  uint32_t ply;
} ChessPosdbMatch;

/* A growing list of matches (malloc'd; chess_posdb_matches_clear frees). */
typedef struct
{
  ChessPosdbMatch *v;
  size_t           n;
  size_t           cap;
} ChessPosdbMatches;

void chess_posdb_matches_add   (ChessPosdbMatches *m, uint32_t game, uint32_t ply);
void chess_posdb_matches_clear (ChessPosdbMatches *m);
/* Sorts by game (for answers joined from several sources). */
void chess_posdb_matches_sort  (ChessPosdbMatches *m);

/* --- Patterns (sub-FEN) ------------------------------------------------------------------ */

typedef struct
{
  ChessBitboard pieces[2][7];   /* required squares by colour and piece type (1…6) */
  ChessBitboard any;            /* union of the above */
  int           side;           /* CHESS_WHITE, CHESS_BLACK, or -1 for either */
  bool          has_material;
  uint8_t       material[2][7]; /* exact counts by colour and type, when has_material */
  uint8_t       n_material;     /* total pieces of the material, kings included */
} ChessPosPattern;

/* Reads "BOARD [w|b] [MATERIAL]" (see caissa-explorer.h for the syntax).
 * On failure error->column is the 1-based byte where it went wrong. */
bool chess_pos_pattern_parse (ChessPosPattern *pattern, const char *text, size_t len,
                              ChessError *error);
bool chess_pos_pattern_match (const ChessPosPattern *pattern, const ChessPosition *pos);
/* The pattern of a position: its pieces, its side to move. */
void chess_pos_pattern_from_position (ChessPosPattern *pattern, const ChessPosition *pos);
/* Writes the sub-FEN text of a pattern (NUL-terminated, ≤ 96 bytes). */
char *chess_pos_pattern_write (const ChessPosPattern *pattern, char *buf);

/* --- Memory ------------------------------------------------------------------------------ */

/* Where the large arrays of batches and of a build may live instead of
 * the heap (the caller maps temporary files, so that they are not
 * anonymous memory): alloc (user, len) returns len zeroed bytes, or NULL
 * (then the heap is used); release (p, len) gives them back. alloc is
 * called from the threads that parse and build; user must outlive them,
 * release needs no user (a batch may be freed later, anywhere). */
typedef struct
{
  void *(*alloc)   (void *user, size_t len);
  void  (*release) (void *p, size_t len);
  void   *user;
} ChessPosdbMemory;

/* --- 1. Batches --------------------------------------------------------------------------- */

typedef struct _ChessPosdbBatch ChessPosdbBatch;

/* Parses n_games consecutive games (numbered first_game, first_game + 1, …)
 * from data[0..len): game i starts at byte starts[i] (starts[0] is usually
 * 0) and runs to starts[i + 1] or len. When the PGN reader sees two games
 * where the indexer saw one, the first one counts, as when the game is
 * opened. Never fails: a game that cannot be read is marked so. */
ChessPosdbBatch *chess_posdb_batch_parse    (uint32_t first_game, uint32_t n_games,
                                             const char *data, size_t len,
                                             const uint64_t *starts);
/* Same; the batch's moves then live in memory from mem (NULL: the heap). */
ChessPosdbBatch *chess_posdb_batch_parse_in (uint32_t first_game, uint32_t n_games,
                                             const char *data, size_t len,
                                             const uint64_t *starts,
                                             const ChessPosdbMemory *mem);
void             chess_posdb_batch_free     (ChessPosdbBatch *batch);
uint32_t         chess_posdb_batch_first    (const ChessPosdbBatch *batch);
uint32_t         chess_posdb_batch_n_games  (const ChessPosdbBatch *batch);
/* Bytes the batch holds (for progress and memory figures). */
size_t           chess_posdb_batch_size     (const ChessPosdbBatch *batch);

/* Queries by replaying the batch's games; they add to what tree/matches
 * hold already. */
void chess_posdb_batch_tree    (const ChessPosdbBatch *batch, const ChessPosition *pos,
                                ChessPosdbTree *tree);
void chess_posdb_batch_find    (const ChessPosdbBatch *batch, const ChessPosition *pos,
                                ChessPosdbMatches *matches);
void chess_posdb_batch_pattern (const ChessPosdbBatch *batch, const ChessPosPattern *pattern,
                                ChessPosdbMatches *matches);

/* --- 2. Building the image ---------------------------------------------------------------- */

/* What the image was built from, checked by the caller when it reads it
 * back (the core only stores it). */
typedef struct
{
  uint64_t size;
  int64_t  mtime_ns;
  uint64_t content_hash;
} ChessPosdbSource;

typedef struct _ChessPosdbBuild ChessPosdbBuild;

/* batches: all the file's batches, in game order, without gaps (game
 * numbers 0 … n-1); they must live until finish. n_parts: how many
 * threads will run the second step. */
ChessPosdbBuild *chess_posdb_build_new    (ChessPosdbBatch *const *batches, size_t n_batches,
                                           unsigned n_parts);
/* Same; the build's large arrays then live in memory from mem (NULL: the
 * heap; mem is copied). */
ChessPosdbBuild *chess_posdb_build_new_in (ChessPosdbBatch *const *batches, size_t n_batches,
                                           unsigned n_parts, const ChessPosdbMemory *mem);
unsigned         chess_posdb_build_n_parts (const ChessPosdbBuild *build);
/* Runs part i (0 ≤ i < n_parts); different parts may run at the same time.
 * progress, when not NULL, is raised from 0 to 1 as the part goes (a
 * relaxed store of the fraction × 2^20; read it from any thread). */
void             chess_posdb_build_run    (ChessPosdbBuild *build, unsigned part,
                                           volatile uint32_t *progress);
/* Once every part has run: codes the rare positions' lists of range i
 * (0 ≤ i < n_parts, as for the parts); different ranges may be coded at
 * the same time. Optional: finish codes the ranges not coded yet. */
void             chess_posdb_build_code   (ChessPosdbBuild *build, unsigned range);
/* Joins the parts into the image (malloc'd; *len its size) and frees the
 * build. NULL only when memory runs out. */
uint8_t         *chess_posdb_build_finish (ChessPosdbBuild *build, const ChessPosdbSource *source,
                                           size_t *len);
/* Same, into memory the caller gives: alloc (user, len) returns len bytes
 * to write the image to (a mapping of the cache file, so that the image
 * is never anonymous memory), or NULL to give up (then NULL is returned).
 * The build is freed either way. */
uint8_t         *chess_posdb_build_finish_to (ChessPosdbBuild *build, const ChessPosdbSource *source,
                                              void *(*alloc) (void *user, size_t len), void *user,
                                              size_t *len);
void             chess_posdb_build_free   (ChessPosdbBuild *build);

/* --- 3. Reading the image ------------------------------------------------------------------ */

typedef struct _ChessPosdb ChessPosdb;

/* Checks the image whole and returns a reader over it (data is not copied
 * and must outlive the reader). A damaged or foreign image gives NULL with
 * error set (CHESS_ERROR_IO, "…: what is wrong"). */
ChessPosdb *chess_posdb_open          (const void *data, size_t len, ChessError *error);
void        chess_posdb_close         (ChessPosdb *db);
uint32_t    chess_posdb_n_games       (const ChessPosdb *db);
void        chess_posdb_source        (const ChessPosdb *db, ChessPosdbSource *source);
/* The source recorded in an image, read from its header only (no check of
 * the rest): to tell whether a cache is for the file before reading it. */
bool        chess_posdb_peek_source   (const void *data, size_t len, ChessPosdbSource *source);

void chess_posdb_tree    (const ChessPosdb *db, const ChessPosition *pos, ChessPosdbTree *tree);
void chess_posdb_find    (const ChessPosdb *db, const ChessPosition *pos,
                          ChessPosdbMatches *matches);
/* Games first_game … end_game - 1 only: the caller splits a pattern search
 * over threads. cancel, when not NULL, stops the scan once it is set. */
void chess_posdb_pattern (const ChessPosdb *db, const ChessPosPattern *pattern,
                          uint32_t first_game, uint32_t end_game,
                          ChessPosdbMatches *matches, const volatile int *cancel);

/* For tests and fuzzing only: recomputes the checksums of an image after
 * a change (as far as its section table lies inside it), so that the
 * checks behind the checksums, and the queries, meet the change. */
void        chess_posdb_reseal        (void *data, size_t len);

/* A fast 64-bit hash of bytes (for checksums and content hashes). */
uint64_t chess_posdb_hash (const void *data, size_t len, uint64_t seed);
