/* chess-san.h — Standard Algebraic Notation, written exactly, read tolerantly.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include "chess-position.h"

#define CHESS_SAN_MAX 16

/* Writes SAN for a legal move: minimal disambiguation (file, then rank, then
 * both), "=Q" promotions, "O-O"/"O-O-O", "+" or "#". "--" for the null move.
 * buf must hold CHESS_SAN_MAX bytes. Returns buf. */
char     *chess_san_write (const ChessPosition *pos, ChessMove move, char *buf);

/* Same, but with figurine letters replaced by the caller's strings
 * (index by ChessPieceType; NULL means the letter). Used by the UI. */
char     *chess_san_write_figurine (const ChessPosition *pos, ChessMove move,
                                    const char *const figurines[7], char *buf, size_t size);

/* Parses len bytes of SAN as found in users' files: "0-0"/"0-0-0", missing or
 * extra "+"/"#", trailing annotations "!?" etc., over-disambiguation,
 * "e.p.", promotion with or without "=" (and "e8Q", "e8(Q)"), coordinate moves
 * ("e2e4", "e7e8q"), "--"/"Z0"/"0000" for the null move. Returns the legal
 * move, or CHESS_MOVE_NONE with error set: CHESS_ERROR_SAN_SYNTAX,
 * CHESS_ERROR_SAN_ILLEGAL or CHESS_ERROR_SAN_AMBIGUOUS, the message saying
 * which and why (e.g. "ambiguous: Nbd2 and Nfd2 both fit"). */
ChessMove chess_san_parse (const ChessPosition *pos, const char *text, size_t len,
                           ChessError *error);
