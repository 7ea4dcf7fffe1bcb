/* test-san.c — SAN written exactly and read tolerantly.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "chess-san.h"
#include "core-test-util.h"

static ChessMove
parse (const ChessPosition *pos,
       const char          *text,
       ChessError          *error)
{
  return chess_san_parse (pos, text, strlen (text), error);
}

static void
assert_parses_to (const ChessPosition *pos,
                  const char          *text,
                  ChessMove            want)
{
  ChessError error;
  ChessMove got = parse (pos, text, &error);

  if (got != want)
    {
      char fen[CHESS_FEN_MAX], a[8], b[8];
      g_error ("%s: '%s' parsed as %s, expected %s (%s)", chess_fen_write (pos, fen), text,
               chess_move_to_uci (got, a), chess_move_to_uci (want, b),
               got == CHESS_MOVE_NONE ? error.message : "no error");
    }
}

/* For every legal move of every suite position and of each position one
 * move later: SAN → move is the identity, and so are the coordinate form
 * and the fully disambiguated form. */
static void
roundtrip_position (const ChessPosition *pos)
{
  ChessMoveList list;

  chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      char san[CHESS_SAN_MAX], coord[8], full[24];
      ChessPieceType type = chess_piece_type (pos->board[chess_move_from (m)]);

      chess_san_write (pos, m, san);
      assert_parses_to (pos, san, m);
      assert_parses_to (pos, chess_move_to_uci (m, coord), m);
      if (type != CHESS_PAWN && chess_move_kind (m) != CHESS_MOVE_CASTLING)
        {
          char from[3], to[3];
          g_snprintf (full, sizeof full, "%c%s%s", "  NBRQK"[type],
                      chess_square_name (chess_move_from (m), from),
                      chess_square_name (chess_move_to (m), to));
          assert_parses_to (pos, full, m);
        }
      /* The check sign agrees with the position after the move. */
      {
        ChessPosition after = *pos;
        size_t n = strlen (san);
        chess_position_make_move (&after, m);
        if (after.checkers == 0)
          g_assert_true (san[n - 1] != '+' && san[n - 1] != '#');
        else
          g_assert_true (san[n - 1] == (chess_count_legal (&after) ? '+' : '#'));
      }
    }
}

static void
test_roundtrip_suite (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();

  for (unsigned i = 0; i < lines->len; i++)
    {
      ChessPosition pos;
      ChessMoveList list;

      load_fen (&pos, g_array_index (lines, EpdLine, i).fen);
      roundtrip_position (&pos);
      chess_generate_legal (&pos, &list);
      for (unsigned k = 0; k < list.count; k++)
        {
          ChessPosition next = pos;
          chess_position_make_move (&next, list.moves[k]);
          roundtrip_position (&next);
        }
    }
}

typedef struct
{
  const char *fen;
  const char *uci;
  const char *san;
} WriteCase;

static const WriteCase write_cases[] = {
  { CHESS_START_FEN, "g1f3", "Nf3" },
  { CHESS_START_FEN, "e2e4", "e4" },
  /* Disambiguation: file first, then rank, then both. */
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2" },
  { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2", "Nfd2" },
  { "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1" },
  { "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1" },
  { "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1d1", "Rd1" },
  { "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3" },
  { "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "a6a3", "R6a3" },
  { "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a3b2", "Qa3b2" },
  { "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "a1b2", "Q1b2" },
  { "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "c3b2", "Qcb2" },
  /* A pinned knight does not need telling apart. */
  { "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", "f1d2", "Nd2" },
  { "4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1d2", "Nd2" },
  /* Captures, e.p., promotions, castling, check and mate. */
  { "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5" },
  { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6" },
  { "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q" },
  { "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n", "axb8=N" },
  { "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", "axb8=R+" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O" },
  { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O" },
  { "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+" },
  { "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#" },
  { "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+" },
  { "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g7", "Qg7#" },
};

static void
test_write (gconstpointer data)
{
  const WriteCase *c = data;
  ChessPosition pos;
  ChessMove m;
  char san[CHESS_SAN_MAX];

  g_test_message ("FEN %s, move %s", c->fen, c->uci);
  load_fen (&pos, c->fen);
  m = parse (&pos, c->uci, NULL);
  g_assert_cmpuint (m, !=, CHESS_MOVE_NONE);
  g_assert_cmpstr (chess_san_write (&pos, m, san), ==, c->san);
}

typedef struct
{
  const char    *fen;
  const char    *text;
  const char    *uci;      /* NULL when an error is expected */
  ChessErrorCode code;
  const char    *message;  /* substring of the error message */
} ParseCase;

#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define PROMO "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
#define TWO_N "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"

static const ParseCase parse_cases[] = {
  { CHESS_START_FEN, "Nf3", "g1f3" },
  { CHESS_START_FEN, "Ngf3", "g1f3" },
  { CHESS_START_FEN, "Ng1f3", "g1f3" },
  { CHESS_START_FEN, "Ng1-f3", "g1f3" },
  { CHESS_START_FEN, "Nf3!?", "g1f3" },
  { CHESS_START_FEN, "Nf3?!", "g1f3" },
  { CHESS_START_FEN, "Nf3!!", "g1f3" },
  { CHESS_START_FEN, "Nf3??", "g1f3" },
  { CHESS_START_FEN, "Nf3+", "g1f3" },
  { CHESS_START_FEN, "  e4 ", "e2e4" },
  { CHESS_START_FEN, "Pe4", "e2e4" },
  { CHESS_START_FEN, "e2e4", "e2e4" },
  { CHESS_START_FEN, "e2-e4", "e2e4" },
  { CHESS_START_FEN, "nf3", "g1f3" },
  { CHESS_START_FEN, "b3", "b2b3" },
  { CHESS_START_FEN, "--", "0000" },
  { CHESS_START_FEN, "Z0", "0000" },
  { CHESS_START_FEN, "0000", "0000" },
  { KIWI, "O-O", "e1g1" },
  { KIWI, "0-0", "e1g1" },
  { KIWI, "O-O-O", "e1c1" },
  { KIWI, "0-0-0", "e1c1" },
  { KIWI, "o-o-o", "e1c1" },
  { KIWI, "O-O+", "e1g1" },
  { KIWI, "e1g1", "e1g1" },
  { KIWI, "e1h1", "e1g1" },
  { KIWI, "Kg1", "e1g1" },
  { KIWI, "dxe6", "d5e6" },
  { KIWI, "de6", "d5e6" },
  { KIWI, "d5xe6", "d5e6" },
  { KIWI, "Bxa6", "e2a6" },
  { KIWI, "bxa6", NULL, CHESS_ERROR_SAN_ILLEGAL, "no white pawn can move to a6" },
  { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", "e5d6" },
  { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p.", "e5d6" },
  { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6" },
  { PROMO, "a8=Q", "a7a8q" },
  { PROMO, "a8Q", "a7a8q" },
  { PROMO, "a8(Q)", "a7a8q" },
  { PROMO, "a8=q", "a7a8q" },
  { PROMO, "a8=N", "a7a8n" },
  { PROMO, "axb8=R+", "a7b8r" },
  { PROMO, "axb8N", "a7b8n" },
  { PROMO, "a7a8n", "a7a8n" },
  { PROMO, "a7a8=B", "a7a8b" },
  { PROMO, "a8", NULL, CHESS_ERROR_SAN_AMBIGUOUS, "names no piece" },
  { PROMO, "a7a8", NULL, CHESS_ERROR_SAN_AMBIGUOUS, "names no piece" },
  { PROMO, "a8=K", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move" },
  { PROMO, "Ka8=Q", NULL, CHESS_ERROR_SAN_SYNTAX, "only a pawn promotes" },
  { TWO_N, "Nd2", NULL, CHESS_ERROR_SAN_AMBIGUOUS, "ambiguous: Nbd2 and Nfd2 both fit" },
  { TWO_N, "Nbd2", "b1d2" },
  { TWO_N, "Nb1d2", "b1d2" },
  { TWO_N, "N1d2", NULL, CHESS_ERROR_SAN_AMBIGUOUS, "Nbd2 and Nfd2" },
  { "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "Qb2", NULL, CHESS_ERROR_SAN_AMBIGUOUS,
    "ambiguous: Q1b2, Qa3b2 and Qcb2 all fit" },
  { "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", "Nd2", "f1d2" },
  { "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", "Nbd2", NULL, CHESS_ERROR_SAN_ILLEGAL,
    "'Nbd2' would leave the white king in check" },
  { CHESS_START_FEN, "Nd4", NULL, CHESS_ERROR_SAN_ILLEGAL, "no white knight can move to d4" },
  { CHESS_START_FEN, "e5", NULL, CHESS_ERROR_SAN_ILLEGAL, "no white pawn can move to e5" },
  { CHESS_START_FEN, "O-O", NULL, CHESS_ERROR_SAN_ILLEGAL, "a piece stands between king and rook" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", NULL, CHESS_ERROR_SAN_ILLEGAL, "the right to castle kingside is lost" },
  { "r3k2r/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", NULL, CHESS_ERROR_SAN_ILLEGAL, "out of check" },
  { "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", NULL, CHESS_ERROR_SAN_ILLEGAL, "attacked square" },
  { "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kf2", NULL, CHESS_ERROR_SAN_ILLEGAL, "'Kf2' would put the white king in check" },
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e2e4", NULL, CHESS_ERROR_SAN_ILLEGAL, "no legal move from e2 to e4" },
  { CHESS_START_FEN, "", NULL, CHESS_ERROR_SAN_SYNTAX, "empty" },
  { CHESS_START_FEN, "Xf3", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move: 'Xf3'" },
  { CHESS_START_FEN, "Nf9", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move" },
  { CHESS_START_FEN, "N", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move" },
  { CHESS_START_FEN, "+", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move" },
  { CHESS_START_FEN, "Nxxf3", NULL, CHESS_ERROR_SAN_SYNTAX, "not a move" },
  { CHESS_START_FEN, "e4e5e6e7e8e1e2e3e4e5e6e7e8e1e2e3e4e5e6e7e8e1e2e3e4e5e6e7e8e1e2e3e4e5e6e7e8e1e2e3", NULL,
    CHESS_ERROR_SAN_SYNTAX, "too long" },
};

static void
test_parse (gconstpointer data)
{
  const ParseCase *c = data;
  ChessPosition pos;
  ChessError error;
  ChessMove m;

  g_test_message ("FEN %s, text '%s'", c->fen, c->text);
  load_fen (&pos, c->fen);
  chess_error_clear (&error);
  m = parse (&pos, c->text, &error);
  if (c->uci != NULL)
    {
      char buf[8];
      if (m == CHESS_MOVE_NONE)
        g_error ("'%s' refused: %s", c->text, error.message);
      g_assert_cmpstr (chess_move_to_uci (m, buf), ==, c->uci);
      g_assert_cmpint (error.code, ==, CHESS_OK);
    }
  else
    {
      g_assert_cmpuint (m, ==, CHESS_MOVE_NONE);
      g_assert_cmpint (error.code, ==, c->code);
      if (strstr (error.message, c->message) == NULL)
        g_error ("'%s': message '%s' lacks '%s'", c->text, error.message, c->message);
    }
}

/* The parser reads only len bytes, whatever follows. */
static void
test_length_bounded (void)
{
  ChessPosition pos;
  const char text[] = "Nf3xyz";

  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_san_parse (&pos, text, 3, NULL), ==,
                    chess_move_make (6, 21, CHESS_MOVE_NORMAL));
  g_assert_cmpuint (chess_san_parse (&pos, text, 6, NULL), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_san_parse (&pos, NULL, 0, NULL), ==, CHESS_MOVE_NONE);
}

static void
test_random_bytes (void)
{
  ChessPosition pos;
  GRand *rand = g_rand_new_with_seed (77);
  const char alphabet[] = "KQRBNPabcdefgh12345678xX=+#!?-O0()e.p \x80\xff";

  load_fen (&pos, KIWI);
  for (unsigned round = 0; round < 50000; round++)
    {
      char buf[12];
      int len = g_rand_int_range (rand, 0, 12);
      ChessError error;
      ChessMove m;

      for (int i = 0; i < len; i++)
        buf[i] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      m = chess_san_parse (&pos, buf, (size_t) len, &error);
      if (m != CHESS_MOVE_NONE && m != CHESS_MOVE_NULL)
        g_assert_true (chess_position_is_legal (&pos, m));
      else if (m == CHESS_MOVE_NONE)
        g_assert_cmpint (error.code, >=, CHESS_ERROR_SAN_SYNTAX);
    }
  g_rand_free (rand);
}

static void
test_figurine (void)
{
  static const char *const figurines[7] = { NULL, NULL, "♘", "♗", "♖", "♕", "♔" };
  ChessPosition pos;
  char buf[32];

  load_fen (&pos, PROMO);
  g_assert_cmpstr (chess_san_write_figurine (&pos, chess_move_make_promotion (48, 56, CHESS_QUEEN),
                                             figurines, buf, sizeof buf), ==, "a8=♕");
  load_fen (&pos, TWO_N);
  g_assert_cmpstr (chess_san_write_figurine (&pos, chess_move_make (1, 11, CHESS_MOVE_NORMAL),
                                             figurines, buf, sizeof buf), ==, "♘bd2");
  /* A small buffer truncates but stays terminated. */
  g_assert_cmpstr (chess_san_write_figurine (&pos, chess_move_make (1, 11, CHESS_MOVE_NORMAL),
                                             figurines, buf, 4), ==, "♘");
  g_assert_cmpstr (chess_san_write (&pos, CHESS_MOVE_NULL, buf), ==, "--");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/san/roundtrip-suite", test_roundtrip_suite);
  for (unsigned i = 0; i < G_N_ELEMENTS (write_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/san/write/%02u-%s", i, write_cases[i].san);
      g_test_add_data_func (path, &write_cases[i], test_write);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/san/parse/%02u", i);
      g_test_add_data_func (path, &parse_cases[i], test_parse);
    }
  g_test_add_func ("/core/san/length-bounded", test_length_bounded);
  g_test_add_func ("/core/san/random-bytes", test_random_bytes);
  g_test_add_func ("/core/san/figurine", test_figurine);

  return g_test_run ();
}
