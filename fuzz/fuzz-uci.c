/* fuzz-uci.c — what a hostile UCI engine may print, read by the parser.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: the first byte picks the position the engine is said to search
 * (from the table below, modulo its size); the rest is engine output,
 * split at '\n' as CaissaEngine splits it, each line parsed on its own,
 * then the whole rest once more as one (huge) line. Checks: every string
 * the parser fills is terminated inside its buffer; counts stay within
 * their limits; a PV turned into SAN (into a roomy and a tiny buffer) gives
 * a legal series of moves, the tiny text a prefix of the roomy one; a
 * bestmove is legal or refused, and a legal one reads back from its own
 * UCI text; scores format into their 16 bytes and win probabilities lie
 * in [0, 1].
 */
#include <math.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-uci.h"
#include "fuzz.h"

static const char *const fens[] = {
  CHESS_START_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
};
#define N_FENS (sizeof fens / sizeof fens[0])

static void
check_terminated (const char *buf,
                  size_t      size,
                  const char *what)
{
  FUZZ_CHECK (memchr (buf, '\0', size) != NULL, "%s not terminated", what);
}

static void
check_score (ChessUciScore score)
{
  char buf[32];
  double p;

  memset (buf, 0x5a, sizeof buf);
  chess_uci_score_format (score, CHESS_WHITE, buf);
  check_terminated (buf, 16, "score text");
  chess_uci_score_format_eval (score, CHESS_BLACK, buf);
  check_terminated (buf, 16, "eval text");
  p = chess_uci_score_white_win_probability (score, CHESS_BLACK);
  FUZZ_CHECK (p >= 0.0 && p <= 1.0 && !isnan (p), "win probability %f", p);
}

static void
check_line (const ChessPosition *pos,
            const char          *text,
            size_t               len)
{
  static ChessUciLine line;
  ChessUciLineKind kind = chess_uci_parse_line (text, len, &line);

  FUZZ_CHECK (kind == line.kind, "returned kind %d, stored %d", (int) kind, (int) line.kind);
  FUZZ_CHECK (kind >= CHESS_UCI_LINE_UNKNOWN && kind <= CHESS_UCI_LINE_INFO, "kind %d", (int) kind);
  check_terminated (line.text, sizeof line.text, "id text");
  check_terminated (line.bestmove, sizeof line.bestmove, "bestmove");
  check_terminated (line.ponder, sizeof line.ponder, "ponder");

  switch (kind)
    {
    case CHESS_UCI_LINE_OPTION:
      FUZZ_CHECK (line.option.name[0] != '\0', "an option without a name");
      check_terminated (line.option.name, sizeof line.option.name, "option name");
      check_terminated (line.option.default_value, sizeof line.option.default_value, "option default");
      FUZZ_CHECK (line.option.n_vars <= CHESS_UCI_MAX_VARS, "%u vars", line.option.n_vars);
      for (unsigned i = 0; i < line.option.n_vars; i++)
        check_terminated (line.option.vars[i], CHESS_UCI_VAR_SIZE, "var");
      break;

    case CHESS_UCI_LINE_BESTMOVE:
      {
        ChessMove m = chess_uci_move_parse (pos, line.bestmove);
        char uci[8];

        if (m != CHESS_MOVE_NONE)
          {
            FUZZ_CHECK (chess_position_is_legal (pos, m), "bestmove %s read as an illegal move",
                        line.bestmove);
            FUZZ_CHECK (chess_uci_move_parse (pos, chess_move_to_uci (m, uci)) == m,
                        "%s does not read back", uci);
          }
      }
      break;

    case CHESS_UCI_LINE_INFO:
      {
        const ChessUciInfo *info = &line.info;
        char roomy[CHESS_UCI_MAX_PV * 16], tiny[12];
        ChessMove moves[CHESS_UCI_MAX_PV];
        unsigned n, n_tiny;
        ChessPosition p = *pos;

        FUZZ_CHECK (info->pv_len <= CHESS_UCI_MAX_PV, "pv_len %u", info->pv_len);
        FUZZ_CHECK (info->multipv >= 1, "multipv %u", info->multipv);
        FUZZ_CHECK (info->hashfull >= 0 && info->hashfull <= 1000, "hashfull %d", info->hashfull);
        FUZZ_CHECK (info->depth >= 0 && info->seldepth >= 0, "negative depth");
        check_terminated (info->string, sizeof info->string, "info string");
        check_terminated (info->currmove, sizeof info->currmove, "currmove");
        for (unsigned i = 0; i < info->pv_len; i++)
          check_terminated (info->pv[i], 8, "pv move");
        check_score (info->score);

        n = chess_uci_pv_to_san (pos, (const char (*)[8]) info->pv, info->pv_len,
                                 moves, CHESS_UCI_MAX_PV, roomy, sizeof roomy);
        FUZZ_CHECK (n <= info->pv_len, "%u legal of %u", n, info->pv_len);
        check_terminated (roomy, sizeof roomy, "SAN");
        for (unsigned i = 0; i < n; i++)
          {
            FUZZ_CHECK (chess_position_is_legal (&p, moves[i]), "PV move %u is not legal", i);
            chess_position_make_move (&p, moves[i]);
          }
        n_tiny = chess_uci_pv_to_san (pos, (const char (*)[8]) info->pv, info->pv_len,
                                      NULL, 0, tiny, sizeof tiny);
        FUZZ_CHECK (n_tiny == n, "%u legal moves, then %u", n, n_tiny);
        check_terminated (tiny, sizeof tiny, "tiny SAN");
        FUZZ_CHECK (strncmp (roomy, tiny, strlen (tiny)) == 0, "\"%s\" is not a prefix of \"%s\"",
                    tiny, roomy);
      }
      break;

    default:
      break;
    }
}

int
caissa_fuzz_uci (const uint8_t *data,
                 size_t         size)
{
  ChessPosition pos;
  ChessError error;
  const char *text;
  size_t start = 0;
  unsigned which;

  if (size == 0)
    return 0;
  which = (unsigned) data[0] % N_FENS;
  FUZZ_CHECK (chess_fen_parse (&pos, fens[which], strlen (fens[which]), &error),
              "start position %u: %s", which, error.message);
  text = (const char *) data + 1;
  size--;

  for (size_t i = 0; i <= size; i++)
    {
      if (i < size && text[i] != '\n')
        continue;
      check_line (&pos, text + start, i - start);
      start = i + 1;
    }
  check_line (&pos, text, size);
  for (unsigned level = 0; level <= 9; level++)
    {
      ChessEngineLevel l;

      chess_engine_level_get (level, &l);
      FUZZ_CHECK (l.level >= 1 && l.level <= 8, "level %u", l.level);
    }
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_uci)
