/* test-fen.c — FEN reading, writing and refusing.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "core-test-util.h"

/* Every suite position reads and writes back unchanged (none has an e.p.
 * square that matters), and writing is idempotent. */
static void
test_roundtrip_suite (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();

  for (unsigned i = 0; i < lines->len; i++)
    {
      const char *fen = g_array_index (lines, EpdLine, i).fen;
      ChessPosition pos, again;
      char out[CHESS_FEN_MAX], out2[CHESS_FEN_MAX];

      load_fen (&pos, fen);
      chess_fen_write (&pos, out);
      g_assert_cmpstr (out, ==, fen);
      load_fen (&again, out);
      g_assert_cmpstr (chess_fen_write (&again, out2), ==, out);
      g_assert_cmpuint (again.key, ==, pos.key);
    }
}

typedef struct
{
  const char *in;
  const char *out;
} NormalCase;

static const NormalCase normal_cases[] = {
  /* Missing counters become 0 and 1. */
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", CHESS_START_FEN },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1" },
  /* White space around and between fields. */
  { "  \trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq  -  0  1 \n", CHESS_START_FEN },
  /* Castling letters in any order are written in KQkq order. */
  { "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" },
  /* A valid e.p. square that no pawn can use is written as "-". */
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
  /* … and kept where a capture is legal. */
  { "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3" },
  /* Pinned capturer: square dropped. */
  { "4k3/8/8/8/3pP3/8/8/3K3B b - e3 0 1", "4k3/8/8/8/3pP3/8/8/3K3B b - e3 0 1" },
  { "8/8/8/8/k2pP2Q/8/8/3K4 b - e3 0 1", "8/8/8/8/k2pP2Q/8/8/3K4 b - - 0 1" },
  /* Fullmove 0, as some writers give it, becomes 1. */
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
  /* Two promoted pieces (a second dark bishop, a third knight) for two
   * missing pawns is possible. */
  { "4k3/8/8/8/8/8/PPPPPP2/B1B1KNNN w - - 0 1", "4k3/8/8/8/8/8/PPPPPP2/B1B1KNNN w - - 0 1" },
  /* A halfmove clock past 150 plies (the 75-move rule has ended the game)
   * or past what a byte holds is kept exactly, up to 65535; so is the
   * largest move number; leading zeros are read as decimal. */
  { "4k3/8/8/8/8/8/8/4KQ2 w - - 300 200", "4k3/8/8/8/8/8/8/4KQ2 w - - 300 200" },
  { "4k3/8/8/8/8/8/8/4KQ2 w - - 256 1", "4k3/8/8/8/8/8/8/4KQ2 w - - 256 1" },
  { "4k3/8/8/8/8/8/8/4KQ2 b - - 65535 65535", "4k3/8/8/8/8/8/8/4KQ2 b - - 65535 65535" },
  { "4k3/8/8/8/8/8/8/4KQ2 w - - 00000000000300 0000000000012", "4k3/8/8/8/8/8/8/4KQ2 w - - 300 12" },
};

static void
test_normalise (gconstpointer data)
{
  const NormalCase *c = data;
  ChessPosition pos;
  char out[CHESS_FEN_MAX];

  g_test_message ("FEN %s", c->in);
  load_fen (&pos, c->in);
  g_assert_cmpstr (chess_fen_write (&pos, out), ==, c->out);
}

typedef struct
{
  const char *fen;
  unsigned    column;   /* where the bad field starts */
  const char *message;  /* a substring of the message */
} RefusalCase;

static const RefusalCase refusals[] = {
  /* syntax, field by field */
  { "", 1, "piece placement: the text is empty" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 44, "side to move: missing" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 46, "castling: missing" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 51, "en passant: missing" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", 1, "piece placement: 'X' is not a piece letter" },
  { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "'9' is not a piece letter" },
  { "rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "rank 6 has more than 8 squares" },
  { "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "rank 6 has 7 squares, not 8" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1, "only 7 ranks" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", 1, "more than eight ranks" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", 1, "rank 1 has more than 8 squares" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 45, "side to move: must be 'w' or 'b'" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 47, "castling: 'x' is not one of" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", 47, "castling: 'K' is given twice" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 52, "en passant: must be '-' or a square" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 54, "halfmove clock: must be a number" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", 56, "fullmove number: must be a number" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999", 56, "fullmove number: 99999 is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 65536", 56, "fullmove number: 65536 is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967297", 56, "fullmove number: 4294967297 is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1", 54, "halfmove clock: 65536 is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 18446744073709551916 1", 54,
    "halfmove clock: 18446744073709551916 is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 123456789012345678901234 1", 54,
    "halfmove clock: 12345678901234567890... is larger than 65535" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1", 54, "halfmove clock: must be a number" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", 58, "unexpected text after the fullmove number" },
  /* impossible positions (RULES.md §9) */
  { "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", 1, "Black has no king" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", 1, "White has 2 kings" },
  { "4k3/8/8/8/8/8/8/4K2P w - - 0 1", 1, "a pawn stands on h1" },
  { "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", 1, "a pawn stands on h8" },
  { "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", 23, "side to move: Black is to move but White, not to move, is in check" },
  { "4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1", 1, "no move gives more than a double check" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", 47, "castling: right 'K' needs the white king on e1 and a rook on h1" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w KQkq - 0 1", 47, "castling: right 'K' needs the white king on e1" },
  { "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 47, "right 'q' needs the black king on e8 and a rook on a8" },
  { "4k3/8/8/8/8/8/8/4K2R w k - 0 1", 24, "right 'k'" },
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", 54, "en passant: e4 is not on the third rank" },
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", 54, "en passant: e3 is not on the sixth rank" },
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", 54, "en passant: no white pawn stands in front of d3" },
  { "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", 56, "en passant: e3 or the square behind it is occupied" },
  { "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1", 54, "en passant: e3 or the square behind it is occupied" },
  /* too many pieces */
  { "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, "White has 17 pieces" },
  { "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", 1, "Black has 9 pawns" },
  { "QQk5/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 1, "White has at least 1 promoted pieces but only 0 pawns are missing" },
  { "4k3/8/8/8/8/8/PPPPPPP1/B1B1KNNN w - - 0 1", 1, "White has at least 2 promoted pieces but only 1 pawns are missing" },
  { "4k3/8/8/8/8/8/PPPPPP2/BBBBKNNN w - - 0 1", 1, "at least 3 promoted pieces but only 2 pawns are missing" },
};

static void
test_refusal (gconstpointer data)
{
  const RefusalCase *c = data;
  ChessPosition pos;
  ChessError error;

  g_test_message ("FEN %s", c->fen);
  chess_error_clear (&error);
  chess_position_init_start (&pos);
  g_assert_false (chess_fen_parse (&pos, c->fen, strlen (c->fen), &error));
  g_assert_cmpint (error.code, ==, CHESS_ERROR_FEN);
  if (strstr (error.message, c->message) == NULL)
    g_error ("message '%s' lacks '%s'", error.message, c->message);
  g_assert_cmpuint (error.column, ==, c->column);
  /* A refusal leaves the position as it was. */
  g_assert_cmpuint (chess_count_legal (&pos), ==, 20);
}

/* The parser reads only len bytes: the FEN followed by garbage that is
 * not part of it, and every prefix, parse exactly as the bytes say. */
static void
test_length_bounded (void)
{
  const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  size_t len = strlen (fen);
  char *buf = g_malloc (len);   /* no terminating NUL: overreads show under ASan/valgrind */
  ChessPosition pos;
  ChessError error;
  unsigned accepted = 0;

  memcpy (buf, fen, len);
  for (size_t n = 0; n <= len; n++)
    {
      char *copy = g_memdup2 (buf, n ? n : 1);
      if (chess_fen_parse (&pos, copy, n, &error))
        accepted++;
      g_free (copy);
    }
  /* Accepted: "... w KQkq -" (4 fields), the same with a trailing space,
   * "... - 0" (5 fields), again with a space, and the full FEN; prefixes
   * ending inside the first four fields are not. */
  g_assert_cmpuint (accepted, ==, 5);
  g_assert_true (chess_fen_parse (&pos, buf, len, &error));
  g_free (buf);

  {
    const char junk[] = "4k3/8/8/8/8/8/8/4K3 w - - 0 1XXXX";
    g_assert_true (chess_fen_parse (&pos, junk, strlen (junk) - 4, &error));
    g_assert_false (chess_fen_parse (&pos, junk, strlen (junk), &error));
  }
}

/* Arbitrary bytes never crash and never produce an invalid position. */
static void
test_random_bytes (void)
{
  const char *base = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  GRand *rand = g_rand_new_with_seed (4242);

  for (unsigned round = 0; round < 20000; round++)
    {
      char buf[80];
      size_t len = strlen (base);
      ChessPosition pos;
      ChessError error;

      memcpy (buf, base, len);
      for (int k = g_rand_int_range (rand, 1, 4); k > 0; k--)
        buf[g_rand_int_range (rand, 0, (int) len)] = (char) g_rand_int_range (rand, 0, 256);
      len = (size_t) g_rand_int_range (rand, 0, (int) len + 1);
      if (chess_fen_parse (&pos, buf, len, &error))
        {
          g_assert_true (chess_position_validate (&pos, NULL));
          g_assert_true (chess_position_is_consistent (&pos));
        }
      else
        g_assert_cmpint (error.code, ==, CHESS_ERROR_FEN);
    }
  g_rand_free (rand);
}

static void
test_null_error (void)
{
  ChessPosition pos;

  g_assert_true (chess_fen_parse (&pos, CHESS_START_FEN, strlen (CHESS_START_FEN), NULL));
  g_assert_false (chess_fen_parse (&pos, "x", 1, NULL));
  g_assert_false (chess_fen_parse (&pos, NULL, 0, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/fen/roundtrip-suite", test_roundtrip_suite);
  for (unsigned i = 0; i < G_N_ELEMENTS (normal_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/fen/normalise/%u", i);
      g_test_add_data_func (path, &normal_cases[i], test_normalise);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/fen/refuse/%02u", i);
      g_test_add_data_func (path, &refusals[i], test_refusal);
    }
  g_test_add_func ("/core/fen/length-bounded", test_length_bounded);
  g_test_add_func ("/core/fen/random-bytes", test_random_bytes);
  g_test_add_func ("/core/fen/null-error", test_null_error);

  return g_test_run ();
}
