/* chess-game-private.h — game tree internals shared with the PGN reader.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-game.h"

/* chess_game_add_move () for a move the caller has already proven legal in
 * parent's position (the PGN reader resolved it): skips the legality test,
 * which costs a full move generation. Unlike chess_game_add_move () it
 * always adds a new node, LAST among the children, even when a sibling has
 * the same move: a PGN variation that repeats the move it replaces stays a
 * variation. */
ChessNodeId _chess_game_add_legal_move (ChessGame *game, ChessNodeId parent, ChessMove move);
