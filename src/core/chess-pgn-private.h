/* chess-pgn-private.h — PGN internals shared with the tests.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include "chess-pgn.h"
#include "chess-position.h"
#include "chess-private.h"

/* A warning for the game being read (chess-pgn.c): damage read through. */
void _chess_pgn_warn (ChessPgnParser *p, const ChessPgnLocation *loc, const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

/* The PGN reader once had its own fast path for exact SAN; it calls
 * chess_san_parse () now, whose path for plain text is that fast path.
 * Under this old name the tests and fuzz targets that check "the fast path
 * never disagrees with chess_san_parse ()" get the other side of that
 * check: the general resolver alone, which chess_san_parse () falls back
 * on. The name goes once they call _chess_san_parse_general (). */
static inline ChessMove
_chess_pgn_san_fast (const ChessPosition *pos,
                     const char          *san,
                     size_t               len)
{
  return _chess_san_parse_general (pos, san, len, NULL);
}
