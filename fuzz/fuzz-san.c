/* fuzz-san.c — reading SAN as users write it, and playing what it names.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: the first byte picks a start position from the table below ('a'
 * the first, 'b' the second, … 'p' the sixteenth; any byte works, taken
 * modulo the table's size from 'a'); the rest is
 * SAN separated by blanks. Each token is parsed in the current position.
 * A refused token must give a SAN error; an accepted one must be legal, be
 * written back as SAN that reads as the same move, and is played, so a
 * token list walks through games. Every position reached is checked
 * (fuzz-util.c), the PGN reader's fast SAN path must agree with
 * chess_san_parse() whenever it answers, the repetition count is compared with a brute-force count
 * of the keys, and when a game ends in mate no earlier position (since the
 * last null move) may have been called dead, nor may the winner have been
 * told he could not mate.
 */
#include <string.h>

#include "chess-fen.h"
#include "chess-pgn-private.h"
#include "chess-rules.h"
#include "chess-san.h"
#include "fuzz.h"

#define MAX_PLIES 512

static const char *const start_fens[] = {
  CHESS_START_FEN,
  /* The perft positions of the Chess Programming Wiki. */
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  /* En passant, promotions, disambiguation. */
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  "k7/8/8/2Q1Q3/8/2Q1Q3/8/4K3 w - - 0 1",
  "4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w KQ - 0 1",
  /* Endings: basic mates, the move-count rules, a pawn lock, a lone knight. */
  "8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
  "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
  "8/8/3k4/8/8/3K4/8/R7 w - - 98 80",
  "8/8/3k4/8/8/3K4/8/R7 b - - 148 120",
  "8/8/8/2k5/p1p1p1p1/P1P1P1P1/8/4K3 w - - 0 1",
  "7k/8/8/8/8/8/6n1/K7 b - - 0 1",
};
#define N_START (sizeof start_fens / sizeof start_fens[0])

static bool
is_blank (uint8_t c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int
caissa_fuzz_san (const uint8_t *data,
                 size_t         size)
{
  ChessPosition pos;
  ChessError error;
  uint64_t keys[MAX_PLIES + 1];
  bool dead[MAX_PLIES + 1], can_mate[MAX_PLIES + 1][2];
  unsigned n = 0, first = 0, which;
  size_t i = 1;
  char fen[CHESS_FEN_MAX], san[CHESS_SAN_MAX], again[CHESS_SAN_MAX], uci[8];
  static const char *const figurines[7] = { NULL, "", "♘", "♗", "♖", "♕", "♔" };

  if (size == 0)
    return 0;
  which = (unsigned) (uint8_t) (data[0] - 'a') % N_START;
  FUZZ_CHECK (chess_fen_parse (&pos, start_fens[which], strlen (start_fens[which]), &error),
              "start position %u: %s", which, error.message);

  for (;;)
    {
      ChessHistory history = { keys, n + 1 };
      ChessStatus status;
      unsigned reps = 0, back;
      size_t start, len;
      ChessMove move;

      keys[n] = pos.key;
      dead[n] = chess_position_is_dead (&pos);
      can_mate[n][0] = chess_can_mate (&pos, CHESS_WHITE);
      can_mate[n][1] = chess_can_mate (&pos, CHESS_BLACK);
      chess_fen_write (&pos, fen);

      /* Repetitions by brute force over the reversible stretch. */
      back = pos.halfmove < n ? pos.halfmove : n;
      for (unsigned j = n - back; j <= n; j++)
        reps += keys[j] == pos.key;
      FUZZ_CHECK (chess_repetitions (&pos, &history) == reps,
                  "repetitions %u, counted %u, at ply %u (%s)",
                  chess_repetitions (&pos, &history), reps, n, fen);
      status = chess_status (&pos, &history);
      if (status == CHESS_STATUS_CHECKMATE)
        {
          ChessColor winner = (ChessColor) (pos.side ^ 1);
          for (unsigned j = first; j <= n; j++)
            {
              FUZZ_CHECK (!dead[j], "ply %u was called dead but the game ends in mate (%s)", j, fen);
              FUZZ_CHECK (can_mate[j][winner], "ply %u: can_mate said no, but mate follows (%s)", j, fen);
            }
        }
      else if (status == CHESS_STATUS_FIVEFOLD)
        FUZZ_CHECK (reps >= 5, "fivefold with %u repetitions (%s)", reps, fen);
      else if (status == CHESS_STATUS_SEVENTYFIVE)
        FUZZ_CHECK (pos.halfmove >= 150, "75-move rule at halfmove %u (%s)", (unsigned) pos.halfmove, fen);
      else if (status == CHESS_STATUS_ONGOING)
        FUZZ_CHECK (reps < 5 && pos.halfmove < 150, "ongoing with %u repetitions, halfmove %u (%s)",
                    reps, (unsigned) pos.halfmove, fen);
      if (chess_can_claim_threefold (&pos, &history, CHESS_MOVE_NONE))
        FUZZ_CHECK (reps >= 3, "threefold claim with %u repetitions (%s)", reps, fen);
      else
        FUZZ_CHECK (reps < 3, "no threefold claim with %u repetitions (%s)", reps, fen);

      /* The next token. */
      while (i < size && is_blank (data[i]))
        i++;
      if (i >= size || n == MAX_PLIES)
        break;
      start = i;
      while (i < size && !is_blank (data[i]))
        i++;
      len = i - start;

      memset (&error, 0x5a, sizeof error);
      move = chess_san_parse (&pos, (const char *) data + start, len, &error);
      /* The PGN reader's fast path may decline, never disagree. */
      {
        ChessMove fast = _chess_pgn_san_fast (&pos, (const char *) data + start, len);
        FUZZ_CHECK (fast == CHESS_MOVE_NONE || fast == move, "\"%.*s\": fast path %04x, chess_san_parse %04x in %s",
                    (int) len, (const char *) data + start, fast, move, fen);
      }
      if (move == CHESS_MOVE_NONE)
        {
          FUZZ_CHECK (error.code == CHESS_ERROR_SAN_SYNTAX || error.code == CHESS_ERROR_SAN_ILLEGAL
                      || error.code == CHESS_ERROR_SAN_AMBIGUOUS,
                      "no move but error code %d (%s)", (int) error.code, fen);
          FUZZ_CHECK (memchr (error.message, '\0', sizeof error.message) != NULL, "message not terminated");
          FUZZ_CHECK (error.message[0] != '\0', "empty message");
          continue;
        }
      if (move == CHESS_MOVE_NULL)
        {
          /* A null move is only playable (and only allowed in games) when
           * the side to move is not in check. */
          if (chess_position_in_check (&pos))
            continue;
          chess_position_make_move (&pos, move);
          fuzz_check_position (&pos);
          n++;
          /* Past a null move the game is no longer a series of legal
           * moves: the mate check below starts afresh. */
          first = n;
          continue;
        }

      FUZZ_CHECK (chess_position_is_legal (&pos, move), "SAN gave the illegal move %s in %s",
                  chess_move_to_uci (move, uci), fen);
      chess_san_write (&pos, move, san);
      FUZZ_CHECK (chess_san_parse (&pos, san, strlen (san), &error) == move,
                  "written SAN \"%s\" does not read back (%s) in %s", san, error.message, fen);
      chess_san_write_figurine (&pos, move, figurines, again, sizeof again);
      FUZZ_CHECK (strlen (again) < sizeof again, "figurine SAN too long");
      /* A tiny buffer must be truncated, not overrun. */
      chess_san_write_figurine (&pos, move, figurines, again, 3);
      FUZZ_CHECK (memchr (again, '\0', 3) != NULL, "figurine SAN not terminated in 3 bytes");

      chess_position_make_move (&pos, move);
      fuzz_check_position (&pos);
      n++;
    }

  fuzz_check_san_all (&pos);
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_san)
