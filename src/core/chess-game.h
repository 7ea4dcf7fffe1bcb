/* chess-game.h — a game: tags, a start position and a tree of moves.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The moves form a tree stored in an arena and addressed by index
 * (ChessNodeId). The root (CHESS_NODE_ROOT = 0) is the start position and
 * has no move. Every other node holds the move that led to it, the position
 * after that move (copy-make, so "show move 23" is an index change), its SAN,
 * the comments around it, its NAGs and the clock data found in its comment.
 *
 * A node's first child is the main continuation; its next siblings are the
 * alternatives (variations), in the order they were added. New moves are
 * appended as the LAST child, so the main line never changes by accident.
 * Siblings may hold the same move (a PGN variation that repeats the move it
 * replaces, as annotators write "40. Qh4 (40. Qh4 Rxe4 41. g4) 40... Rxe4");
 * a move played with chess_game_add_move () goes to the first of them.
 *
 * Ids stay valid until the node is deleted (deleted ids may be reused by
 * later additions). Pointers returned by accessors (positions, strings) stay
 * valid until the next call that changes the game.
 *
 * Allocation failure aborts (as GLib does): the core has no way to report it
 * in the middle of an edit and the callers could do nothing better.
 * A ChessGame belongs to one thread at a time.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-error.h"
#include "chess-position.h"
#include "chess-rules.h"

typedef struct _ChessGame ChessGame;

typedef uint32_t ChessNodeId;
#define CHESS_NODE_ROOT ((ChessNodeId) 0)
#define CHESS_NODE_NONE ((ChessNodeId) 0xffffffffu)

/* At most this many NAGs per node (PGN allows any number; 8 is plenty). */
#define CHESS_GAME_MAX_NAGS 8

/* Comments: one before the move (e.g. at the start of a variation) and one
 * after it. The root's "after" comment is the comment before the first move
 * of the game; its "before" comment is unused (always NULL). */
typedef enum
{
  CHESS_COMMENT_BEFORE = 0,
  CHESS_COMMENT_AFTER = 1,
} ChessCommentPlace;

/* The Seven Tag Roster, in export order. */
extern const char *const chess_game_seven_tags[7];

/* --- Life cycle ------------------------------------------------------------ */

/* A new game from the initial position, with the Seven Tag Roster set to
 * its defaults ("?", "????.??.??", Result "*"). */
ChessGame         *chess_game_new        (void);
void               chess_game_free       (ChessGame *game);
ChessGame         *chess_game_copy       (const ChessGame *game);

/* Starts the game from a FEN (deleting every move). On success sets the
 * tags SetUp "1" and FEN (the normalised FEN), or removes both when the
 * position is the standard initial one. On failure returns false, fills
 * error (CHESS_ERROR_FEN) and leaves the game unchanged. */
bool               chess_game_set_start_fen      (ChessGame *game, const char *fen,
                                                  ChessError *error);
/* Same from a position already validated by the caller. */
void               chess_game_set_start_position (ChessGame *game, const ChessPosition *pos);
/* The root's position. */
const ChessPosition *chess_game_start_position   (const ChessGame *game);
/* Deletes every move and comment (tags and start position are kept). */
void               chess_game_clear_moves        (ChessGame *game);

/* --- Tags (ordered name/value list) ---------------------------------------- */

/* The value of a tag, or NULL when absent. Names are case-sensitive. */
const char        *chess_game_get_tag    (const ChessGame *game, const char *name);
/* Replaces the value in place, or appends the tag. Returns false (and does
 * nothing) when name is not a PGN tag name (letters, digits, '_', starting
 * with a letter or digit, at most 255 bytes) or value is NULL. */
bool               chess_game_set_tag    (ChessGame *game, const char *name, const char *value);
/* Returns true when the tag was there. */
bool               chess_game_remove_tag (ChessGame *game, const char *name);
unsigned           chess_game_n_tags     (const ChessGame *game);
/* The i-th tag in order (0-based). Returns false when i is out of range. */
bool               chess_game_nth_tag    (const ChessGame *game, unsigned i,
                                          const char **name, const char **value);

/* The game's result: "1-0", "0-1", "1/2-1/2" or "*" (the Result tag).
 * set_result refuses anything else and returns false. */
const char        *chess_game_get_result (const ChessGame *game);
bool               chess_game_set_result (ChessGame *game, const char *result);

/* --- Building the tree ----------------------------------------------------- */

/* Plays move (legal in parent's position, or CHESS_MOVE_NULL when the side
 * to move is not in check — a null move for analysis) after parent. Returns
 * the existing child when that move is already there (the first such child
 * when several hold it), else a new node
 * appended as the LAST child. Returns CHESS_NODE_NONE when the move is not
 * legal or parent is not a node. */
ChessNodeId        chess_game_add_move   (ChessGame *game, ChessNodeId parent, ChessMove move);
/* Same with a SAN string, read tolerantly (chess_san_parse). On failure
 * returns CHESS_NODE_NONE with error set by the SAN parser. */
ChessNodeId        chess_game_add_san    (ChessGame *game, ChessNodeId parent,
                                          const char *san, ChessError *error);
/* Deletes node and its whole subtree. Deleting the root deletes every move. */
void               chess_game_delete_node (ChessGame *game, ChessNodeId node);

/* Promotes the variation that contains node by one level: the nearest
 * ancestor-or-self of node that is not its parent's first child becomes the
 * first child (the former first child becomes the second; other siblings
 * keep their order). Returns false when node is already on the main line. */
bool               chess_game_promote_variation (ChessGame *game, ChessNodeId node);
/* Repeats the above until node is on the main line. Returns false when it
 * already was. */
bool               chess_game_promote_to_main_line (ChessGame *game, ChessNodeId node);

/* --- Navigating ------------------------------------------------------------ */

bool               chess_game_node_valid        (const ChessGame *game, ChessNodeId node);
/* The parent, or CHESS_NODE_NONE for the root. Also "previous move". */
ChessNodeId        chess_game_node_parent       (const ChessGame *game, ChessNodeId node);
/* The main continuation (first child), or CHESS_NODE_NONE. Also "next move". */
ChessNodeId        chess_game_node_next         (const ChessGame *game, ChessNodeId node);
ChessNodeId        chess_game_node_next_sibling (const ChessGame *game, ChessNodeId node);
ChessNodeId        chess_game_node_prev_sibling (const ChessGame *game, ChessNodeId node);
unsigned           chess_game_node_n_children   (const ChessGame *game, ChessNodeId node);
/* The i-th child (0 = main continuation), or CHESS_NODE_NONE. */
ChessNodeId        chess_game_node_nth_child    (const ChessGame *game, ChessNodeId node,
                                                 unsigned i);
/* The (first) child reached by move, or CHESS_NODE_NONE. */
ChessNodeId        chess_game_node_find_child   (const ChessGame *game, ChessNodeId node,
                                                 ChessMove move);
/* True when every step from the root to node is a first child. */
bool               chess_game_node_is_main_line (const ChessGame *game, ChessNodeId node);
/* The last node reached by following first children from node. */
ChessNodeId        chess_game_main_line_end     (const ChessGame *game, ChessNodeId node);
/* Plies from the root (root = 0). */
unsigned           chess_game_node_ply          (const ChessGame *game, ChessNodeId node);
/* Writes the ids from the root to node (both included) into path[0..],
 * at most cap of them; returns the full length (ply + 1) so a caller can
 * retry with a larger buffer. */
unsigned           chess_game_node_path         (const ChessGame *game, ChessNodeId node,
                                                 ChessNodeId *path, unsigned cap);
/* Number of slots in the arena (ids are < this); for iterating all nodes
 * with chess_game_node_valid. */
unsigned           chess_game_n_slots           (const ChessGame *game);

/* --- What a node holds ----------------------------------------------------- */

/* The move that led to node (CHESS_MOVE_NONE for the root). */
ChessMove          chess_game_node_move         (const ChessGame *game, ChessNodeId node);
/* The position after the move (the start position for the root). */
const ChessPosition *chess_game_node_position   (const ChessGame *game, ChessNodeId node);
/* The move's SAN as the core writes it ("" for the root). */
const char        *chess_game_node_san          (const ChessGame *game, ChessNodeId node);

/* Comments (NULL when none). Setting NULL or "" removes the comment.
 * Setting the "after" comment re-reads its [%clk] and [%emt] commands. */
const char        *chess_game_node_comment      (const ChessGame *game, ChessNodeId node,
                                                 ChessCommentPlace place);
void               chess_game_node_set_comment  (ChessGame *game, ChessNodeId node,
                                                 ChessCommentPlace place, const char *text);

/* NAGs ($1..$255) in the order added; returns the count, *nags points into
 * the node. add returns false when the NAG is 0, already there, or the node
 * has CHESS_GAME_MAX_NAGS of them. */
unsigned           chess_game_node_nags         (const ChessGame *game, ChessNodeId node,
                                                 const uint8_t **nags);
bool               chess_game_node_add_nag      (ChessGame *game, ChessNodeId node, unsigned nag);
bool               chess_game_node_remove_nag   (ChessGame *game, ChessNodeId node, unsigned nag);

/* Clock data from the "after" comment's [%clk h:mm:ss(.f)] (time left after
 * the move) and [%emt ...] (time spent on it), in milliseconds; -1 if none. */
int64_t            chess_game_node_clock_ms     (const ChessGame *game, ChessNodeId node);
int64_t            chess_game_node_emt_ms       (const ChessGame *game, ChessNodeId node);
/* Writes (or replaces, or with ms < 0 removes) the [%clk] command in the
 * node's "after" comment, keeping the rest of the comment. */
void               chess_game_node_set_clock_ms (ChessGame *game, ChessNodeId node, int64_t ms);

/* --- Rules at a node ------------------------------------------------------- */

/* The Zobrist keys of the positions from the root to node, oldest first,
 * the last being node's own. Writes the LAST min(n, cap) of them into keys
 * (what chess_status / chess_repetitions need: they look back at most
 * halfmove plies) and returns n = ply + 1. */
unsigned           chess_game_node_history      (const ChessGame *game, ChessNodeId node,
                                                 uint64_t *keys, unsigned cap);
/* chess_status of node's position with its history (fivefold included). */
ChessStatus        chess_game_node_status       (const ChessGame *game, ChessNodeId node);
