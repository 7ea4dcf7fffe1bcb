/* chess-rules.h — how games end: mate, stalemate, dead positions, the
 * repetition and move-count rules, and the flag-fall material test.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess-position.h"

typedef enum
{
  CHESS_STATUS_ONGOING = 0,
  CHESS_STATUS_CHECKMATE,
  CHESS_STATUS_STALEMATE,
  CHESS_STATUS_DEAD,          /* neither side can mate by any legal series (Art. 5.2.2) */
  CHESS_STATUS_FIVEFOLD,      /* same position five times (Art. 9.6.1) */
  CHESS_STATUS_SEVENTYFIVE,   /* 75 moves each without capture or pawn move (Art. 9.6.2) */
} ChessStatus;

const char *chess_status_name (ChessStatus status); /* "ongoing", "checkmate", … as caissa-cli prints */

/* The history a status needs: the Zobrist keys of every position of the game
 * so far, oldest first, the last one being pos itself. May be NULL/0 when
 * only the position matters (then no repetition is detected). */
typedef struct
{
  const uint64_t *keys;
  unsigned        count;
} ChessHistory;

/* Status in priority order: checkmate, stalemate, dead, fivefold,
 * seventy-five (a mate on the 75th move still wins — checkmate comes first). */
ChessStatus chess_status (const ChessPosition *pos, const ChessHistory *history);

/* How many times pos (the last key) has occurred, scanning back two plies at
 * a time to the last irreversible move (bounded by pos->halfmove). */
unsigned    chess_repetitions (const ChessPosition *pos, const ChessHistory *history);

/* Claims, on the turn of the player to move (Art. 9.2, 9.3). move may be
 * CHESS_MOVE_NONE for "as the position stands", or a legal move the player
 * writes down and declares: then the claim is about the position after it. */
bool        chess_can_claim_threefold (const ChessPosition *pos, const ChessHistory *history,
                                       ChessMove move);
bool        chess_can_claim_fifty     (const ChessPosition *pos, ChessMove move);

/* Dead position (Art. 5.2.2): no sequence of legal moves leads to mate for
 * either side. Exact for material (K v K, K v K+minor, any number of
 * bishops all on one colour), plus a bounded search for pawn-locked
 * positions. Never says "dead" for a position where a mate exists. */
bool        chess_position_is_dead (const ChessPosition *pos);

/* Flag-fall rule (Art. 6.9): can `color` checkmate by any series of legal
 * moves (helpmate)? Exact for every position without pawns of at most
 * five men (proven by tests/helpmate-proof.c); elsewhere never false where
 * a helpmate exists. See chess-can-mate.c. */
bool        chess_can_mate (const ChessPosition *pos, ChessColor color);
