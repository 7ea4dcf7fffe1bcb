/* fuzz-fen.c — FEN reading, and everything a parsed position feeds.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: FEN text (any bytes). A refused FEN must come back with a FEN
 * error whose column lies inside the text; an accepted one must survive
 * the position checks (fuzz-util.c), legal move generation down to perft
 * 2, SAN of every move, and the end-of-game rules.
 */
#include <string.h>

#include "chess-fen.h"
#include "chess-rules.h"
#include "fuzz.h"

int
caissa_fuzz_fen (const uint8_t *data,
                 size_t         size)
{
  ChessPosition pos;
  ChessError error;
  ChessStatus status;
  ChessHistory history;
  bool ok;

  memset (&error, 0x5a, sizeof error);
  ok = chess_fen_parse (&pos, (const char *) data, size, &error);
  if (!ok)
    {
      FUZZ_CHECK (error.code == CHESS_ERROR_FEN, "error code %d", (int) error.code);
      FUZZ_CHECK (memchr (error.message, '\0', sizeof error.message) != NULL, "message not terminated");
      FUZZ_CHECK (error.message[0] != '\0', "empty message");
      FUZZ_CHECK (error.column >= 1 && error.column <= size + 1, "column %lu outside 1..%zu",
                  error.column, size + 1);
      FUZZ_CHECK (error.offset == error.column - 1, "offset %zu, column %lu", error.offset, error.column);
      return 0;
    }
  FUZZ_CHECK (error.code == CHESS_OK, "success with error code %d", (int) error.code);

  fuzz_check_position (&pos);
  fuzz_check_moves (&pos);
  fuzz_check_san_all (&pos);

  history.keys = &pos.key;
  history.count = 1;
  status = chess_status (&pos, &history);
  FUZZ_CHECK (chess_status_name (status) != NULL, "status %d has no name", (int) status);
  if (chess_count_legal (&pos) == 0)
    FUZZ_CHECK (status == (chess_position_in_check (&pos) ? CHESS_STATUS_CHECKMATE : CHESS_STATUS_STALEMATE),
                "no legal move but status %s", chess_status_name (status));
  else
    FUZZ_CHECK (status != CHESS_STATUS_CHECKMATE && status != CHESS_STATUS_STALEMATE,
                "legal moves but status %s", chess_status_name (status));
  FUZZ_CHECK (chess_repetitions (&pos, &history) == 1, "one position repeated %u times",
              chess_repetitions (&pos, &history));
  FUZZ_CHECK (!chess_can_claim_threefold (&pos, &history, CHESS_MOVE_NONE), "threefold with one position");
  FUZZ_CHECK (chess_can_claim_fifty (&pos, CHESS_MOVE_NONE) == (pos.halfmove >= 100),
              "fifty-move claim wrong at halfmove %u", (unsigned) pos.halfmove);

  /* A dead position has no mate for either side, and a mate means it was
   * not dead. */
  {
    bool dead = chess_position_is_dead (&pos);
    bool white = chess_can_mate (&pos, CHESS_WHITE);
    bool black = chess_can_mate (&pos, CHESS_BLACK);

    if (dead)
      FUZZ_CHECK (!white && !black, "dead, yet a side can mate");
    if (status == CHESS_STATUS_CHECKMATE)
      {
        FUZZ_CHECK (!dead, "checkmate called dead");
        FUZZ_CHECK (pos.side == CHESS_WHITE ? black : white, "the mating side cannot mate");
      }
  }
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_fen)
