/* chess-pgn-index.h — finding the games of a large PGN buffer, fast.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The caller maps the file (the core does no I/O) and hands the bytes over.
 * The indexer finds where each game starts and where the values of the tags
 * a game list shows lie, without playing any move. An entry holds offsets
 * into the buffer, not copies, so memory grows with the number of games
 * (48 bytes each), never with the size of the file. A game is parsed when
 * it is opened: chess_pgn_read_game (data + offset, length, ...).
 *
 * Indexing is incremental: chess_pgn_index_scan() reads a budget of bytes
 * and returns, so a worker thread can publish the first games at once and
 * the rest batch by batch. It is also splittable: chess_pgn_index_split()
 * cuts the buffer at game boundaries, each part is indexed on its own
 * thread into its own ChessPgnIndex, and chess_pgn_index_append() joins
 * them in order. The core starts no thread itself.
 *
 * The games are exactly the PGN reader's (chess-pgn.h), for every input:
 * entry i starts where the reader's game i starts (its game_start), and its
 * bytes, read alone, give that game. The indexer follows the reader's lexer
 * wherever it decides where a game starts or ends (tags, results, comments
 * a tag line closes, text between games), so a line inside a comment that
 * begins with '[' starts no game, and a game without tags after another
 * game's result is a game of its own. Movetext is skipped in runs up to
 * the next byte that could matter.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
  CHESS_PGN_TAG_EVENT,
  CHESS_PGN_TAG_SITE,
  CHESS_PGN_TAG_DATE,
  CHESS_PGN_TAG_ROUND,
  CHESS_PGN_TAG_WHITE,
  CHESS_PGN_TAG_BLACK,
  CHESS_PGN_TAG_RESULT,
  CHESS_PGN_TAG_ECO,
  CHESS_PGN_TAG_WHITE_ELO,
  CHESS_PGN_TAG_BLACK_ELO,
  CHESS_PGN_TAG_PLY_COUNT,
  CHESS_PGN_N_INDEX_TAGS
} ChessPgnIndexTag;

/* The tag names, indexed by ChessPgnIndexTag ("Event", … "PlyCount"). */
extern const char *const chess_pgn_index_tag_names[CHESS_PGN_N_INDEX_TAGS];

typedef struct
{
  uint64_t offset;                              /* the game's first byte */
  uint32_t length;                              /* up to the next game; UINT32_MAX if longer */
  uint16_t tag_offset[CHESS_PGN_N_INDEX_TAGS];  /* value start - offset; 0 = absent */
  uint8_t  tag_length[CHESS_PGN_N_INDEX_TAGS];  /* raw value bytes (escapes included), ≤ 255 */
} ChessPgnIndexEntry;

typedef struct _ChessPgnIndex ChessPgnIndex;

/* An index that will read the buffer from byte `start` (0 for a whole file;
 * a boundary from chess_pgn_index_split() for a part). */
ChessPgnIndex *chess_pgn_index_new    (uint64_t start);
void           chess_pgn_index_free   (ChessPgnIndex *index);

/* Reads at least `budget` more bytes (to the end of the line where the
 * budget runs out), or up to len. data is the whole buffer and len where
 * this index must stop (the buffer's end, or the next part's start); the
 * same data must be passed each time. Returns true once len is reached:
 * then every entry is final. Before that the last entry may still grow. */
bool           chess_pgn_index_scan   (ChessPgnIndex *index, const char *data, uint64_t len,
                                       uint64_t budget);
/* Bytes read so far (an offset into data). */
uint64_t       chess_pgn_index_position (const ChessPgnIndex *index);

size_t         chess_pgn_index_n_games (const ChessPgnIndex *index);
const ChessPgnIndexEntry *chess_pgn_index_entry (const ChessPgnIndex *index, size_t i);

/* The value of a tag of game i, unescaped, NUL-terminated, truncated to cap;
 * returns its length, or 0 when the game has no such tag (an empty value
 * also gives 0). */
size_t         chess_pgn_index_tag    (const ChessPgnIndex *index, const char *data, size_t i,
                                       ChessPgnIndexTag tag, char *buf, size_t cap);

/* Cuts data[0..len) into at most n parts of about equal size, at game
 * starts where both the indexer and the PGN reader start a game in the
 * state they start a buffer in (a line [Name "... after a line that ends
 * with a result token and holds nothing that could hide it): writes bounds[0] = 0 <
 * bounds[1] < … < bounds[k] = len and returns k (≤ n; fewer when the
 * buffer is small or has few games). bounds must hold n + 1 values. Parts
 * can then be indexed, or read with a ChessPgnParser each, on their own
 * threads. */
unsigned       chess_pgn_index_split  (const char *data, uint64_t len, unsigned n,
                                       uint64_t *bounds);
/* Moves every entry of `part` (which must have finished, and must start
 * where dst stopped) to the end of dst, and empties part. */
void           chess_pgn_index_append (ChessPgnIndex *dst, ChessPgnIndex *part);

/* Plies of the main line of one game's text (moves at variation depth 0),
 * counted by tokenising without resolving the moves: for a game list's
 * "moves" column, computed when a game is shown. */
unsigned       chess_pgn_count_plies  (const char *data, size_t len);
