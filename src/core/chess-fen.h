/* chess-fen.h — Forsyth–Edwards Notation.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include "chess-position.h"

#define CHESS_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CHESS_FEN_MAX 100

/* Parses len bytes of text (not NUL-terminated necessarily; never reads past
 * len). Leading/trailing white space is allowed; the halfmove and fullmove
 * fields may be missing (0 and 1). Refuses impossible positions through
 * chess_position_validate(). On failure fills error with the field named
 * ("piece placement", "side to move", "castling", "en passant", "halfmove
 * clock", "fullmove number") and the reason; error->column is the 1-based
 * byte column where the bad field starts. */
bool  chess_fen_parse (ChessPosition *pos, const char *text, size_t len, ChessError *error);

/* Writes the FEN (NUL-terminated) into buf of at least CHESS_FEN_MAX bytes.
 * The e.p. field names a square only when an e.p. capture is legal. */
char *chess_fen_write (const ChessPosition *pos, char *buf);
