/* chess-pgn-private.h — PGN internals shared with the tests.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include "chess-position.h"
#include "chess-san.h"

/* The PGN reader once had its own fast path for exact SAN; chess_san_parse ()
 * is now that fast itself, and the reader calls it directly. This name stays
 * for the tests and fuzz targets that still compare the two, and goes once
 * they call chess_san_parse (). */
static inline ChessMove
_chess_pgn_san_fast (const ChessPosition *pos,
                     const char          *san,
                     size_t               len)
{
  return chess_san_parse (pos, san, len, NULL);
}
