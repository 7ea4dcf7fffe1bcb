/* chess-pgn-private.h — PGN internals shared with the tests.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include "chess-position.h"

/* The reader's fast path for exact SAN: the legal move, or CHESS_MOVE_NONE
 * when unsure (then chess_san_parse decides). Never a different move than
 * chess_san_parse would return. */
ChessMove _chess_pgn_san_fast (const ChessPosition *pos, const char *san, size_t len);
