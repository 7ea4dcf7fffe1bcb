/* test-san.c — SAN written exactly and read tolerantly.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "chess-san.h"
#include "chess-private.h"
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

/* Moves the parser resolves from the pieces that reach the target square,
 * with the whole message when it refuses: pins (the piece may still move
 * along its line), e.p. that uncovers the king along the rank or takes
 * the checker, promotions that capture, a twin that is pinned, castling
 * past attacked squares (b1 may be attacked on the queen's side). */
typedef struct
{
  const char *fen;
  const char *text;
  const char *uci;         /* NULL when an error is expected */
  const char *message;     /* the error message, whole */
} ExactCase;

#define PIN_B "4k3/8/8/8/8/2b5/3B4/4K3 w - - 0 1"
#define PIN_R "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1"
#define PIN_P "k3r3/8/8/8/8/3p4/4P3/4K3 w - - 0 1"
#define PIN_PD "k7/8/8/8/8/2b5/3P4/4K3 w - - 0 1"
#define EP_RANK "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"
#define EP_CHECK "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1"
#define PROMO_PIN "b1r1k3/1P6/8/8/8/8/8/7K w - - 0 1"
#define TWIN_R "3rk3/8/8/8/8/8/R2R4/3K4 w - - 0 1"

static const ExactCase exact_cases[] = {
  { PIN_B, "Bxc3", "d2c3" },
  { PIN_B, "Be3", NULL, "illegal: 'Be3' would leave the white king in check" },
  { PIN_R, "Re5", "e2e5" },
  { PIN_R, "Rxe8+", "e2e8" },
  { PIN_R, "Rd2", NULL, "illegal: 'Rd2' would leave the white king in check" },
  { PIN_P, "e4", "e2e4" },
  { PIN_P, "exd3", NULL, "illegal: 'exd3' would leave the white king in check" },
  { PIN_PD, "dxc3", "d2c3" },
  { PIN_PD, "d3", NULL, "illegal: 'd3' would leave the white king in check" },
  { EP_RANK, "exd6", NULL, "illegal: 'exd6' would leave the white king in check" },
  { EP_RANK, "exd6 e.p.", NULL, "illegal: 'exd6 e.p.' would leave the white king in check" },
  { EP_RANK, "e5d6", NULL, "illegal: no legal move from e5 to d6" },
  { EP_RANK, "e6", "e5e6" },
  { EP_CHECK, "exd6", "e5d6" },
  { EP_CHECK, "e6", NULL, "illegal: 'e6' would leave the white king in check" },
  { "8/8/8/8/k2Pp2R/8/8/7K b - d3 0 1", "exd3", NULL, "illegal: 'exd3' would leave the black king in check" },
  { "8/8/8/8/k2Pp2R/8/8/7K b - d3 0 1", "e3", "e4e3" },
  { PROMO_PIN, "bxa8=Q", "b7a8q" },
  { PROMO_PIN, "bxa8=N+", "b7a8n" },
  { PROMO_PIN, "bxc8=Q", NULL, "illegal: 'bxc8=Q' would leave the white king in check" },
  { PROMO_PIN, "b8=Q", NULL, "illegal: 'b8=Q' would leave the white king in check" },
  { PROMO_PIN, "b8", NULL, "illegal: 'b8' needs a promotion piece" },
  { PROMO_PIN, "bxa8", NULL, "ambiguous: 'bxa8' promotes but names no piece (=Q, =R, =B or =N)" },
  { PROMO, "axb8=Q+", "a7b8q" },
  { PROMO, "a8", NULL, "ambiguous: 'a8' promotes but names no piece (=Q, =R, =B or =N)" },
  { TWIN_R, "Rb2", "a2b2" },
  { TWIN_R, "Rd5", "d2d5" },
  { TWIN_R, "Rdb2", NULL, "illegal: 'Rdb2' would leave the white king in check" },
  { TWIN_R, "Rad2", NULL, "illegal: no white rook can move to d2" },
  { "4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", "Nd2", "f1d2" },
  { TWO_N, "Nd2", NULL, "ambiguous: Nbd2 and Nfd2 both fit" },
  { "4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", "Qb2", NULL, "ambiguous: Q1b2, Qa3b2 and Qcb2 all fit" },
  { "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", "e1c1" },
  { "2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", NULL,
    "illegal: castling queenside: the king would cross or land on an attacked square" },
  { "2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "Kc1", NULL, "illegal: no white king can move to c1" },
  { "5rk1/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", NULL,
    "illegal: castling kingside: the king would cross or land on an attacked square" },
  { "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "O-O-O", NULL, "illegal: castling queenside out of check is not allowed" },
  { "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "Kd1", NULL, "illegal: 'Kd1' would put the white king in check" },
  { "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1", "e1g1" },
  { "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Ke1g1", "e1g1" },
  /* Double check: only the king moves. */
  { "4k3/8/8/8/8/5n2/8/r2BK3 w - - 0 1", "Bc2", NULL, "illegal: 'Bc2' would leave the white king in check" },
  { "4k3/8/8/8/8/5n2/8/r2BK3 w - - 0 1", "Ke2", "e1e2" },
};

static void
test_exact (gconstpointer data)
{
  const ExactCase *c = data;
  ChessPosition pos;
  ChessError error;
  ChessMove m;
  char buf[8];

  g_test_message ("FEN %s, text '%s'", c->fen, c->text);
  load_fen (&pos, c->fen);
  m = parse (&pos, c->text, &error);
  if (c->uci != NULL)
    {
      g_assert_cmpstr (m == CHESS_MOVE_NONE ? error.message : chess_move_to_uci (m, buf), ==, c->uci);
      g_assert_cmpint (error.code, ==, CHESS_OK);
      g_assert_cmpstr (error.message, ==, "");
      g_assert_true (chess_position_is_legal (&pos, m));
    }
  else
    {
      g_assert_cmpuint (m, ==, CHESS_MOVE_NONE);
      g_assert_cmpstr (error.message, ==, c->message);
    }
}

/* What the text names, and the moves that fit it by the rules of the
 * header, found the slow way: in the full list of legal moves. */
typedef struct
{
  ChessPieceType type;
  int            file, rank;   /* -1: not named */
  ChessSquare    to;
  ChessPieceType promo;        /* CHESS_NO_PIECE_TYPE: none named */
} Named;

static unsigned
reference_fits (const ChessPosition *pos,
                const ChessMoveList *list,
                const Named         *q,
                ChessMove           *fits)
{
  unsigned n = 0;

  for (unsigned i = 0; i < list->count; i++)
    {
      ChessMove m = list->moves[i];
      ChessSquare f = chess_move_from (m);

      if (chess_move_to (m) != q->to || chess_piece_type (pos->board[f]) != q->type
          || (q->file >= 0 && (int) chess_square_file (f) != q->file)
          || (q->rank >= 0 && (int) chess_square_rank (f) != q->rank)
          || (q->type == CHESS_PAWN && q->file < 0 && chess_square_file (f) != chess_square_file (q->to)))
        continue;
      if (chess_move_kind (m) == CHESS_MOVE_PROMOTION
          ? q->promo != CHESS_NO_PIECE_TYPE && chess_move_promotion (m) != q->promo
          : q->promo != CHESS_NO_PIECE_TYPE)
        continue;
      fits[n++] = m;
    }
  return n;
}

/* Reads the text written for q and checks the answer against the list:
 * one fit is the move, none is "illegal", more are "ambiguous", named in
 * the list's order. */
static void
check_named (const ChessPosition *pos,
             const ChessMoveList *list,
             const Named         *q,
             bool                 capture_sign,
             const char          *suffix)
{
  ChessMove fits[CHESS_MAX_MOVES], m;
  ChessError error;
  char text[24], sq[3];
  unsigned n = reference_fits (pos, list, q, fits), k = 0;

  if (q->type != CHESS_PAWN)
    text[k++] = "  NBRQK"[q->type];
  if (q->file >= 0)
    text[k++] = (char) ('a' + q->file);
  if (q->rank >= 0)
    text[k++] = (char) ('1' + q->rank);
  if (capture_sign)
    text[k++] = 'x';
  chess_square_name (q->to, sq);
  text[k++] = sq[0];
  text[k++] = sq[1];
  if (q->promo != CHESS_NO_PIECE_TYPE)
    {
      text[k++] = '=';
      text[k++] = "  NBRQ"[q->promo];
    }
  g_strlcpy (text + k, suffix, sizeof text - k);

  m = chess_san_parse (pos, text, strlen (text), &error);
  /* The path for plain text and the general resolver agree, word for word. */
  {
    ChessError general_error;
    g_assert_cmpuint (_chess_san_parse_general (pos, text, strlen (text), &general_error), ==, m);
    g_assert_cmpint (general_error.code, ==, error.code);
    g_assert_cmpstr (general_error.message, ==, error.message);
  }
  if (n == 1)
    {
      if (m != fits[0])
        {
          char fen[CHESS_FEN_MAX];
          g_error ("%s: '%s' read as %04x (%s), the list says %04x", chess_fen_write (pos, fen), text, m,
                   error.message, fits[0]);
        }
      g_assert_cmpint (error.code, ==, CHESS_OK);
      return;
    }
  g_assert_cmpuint (m, ==, CHESS_MOVE_NONE);
  if (n == 0)
    {
      g_assert_cmpint (error.code, ==, CHESS_ERROR_SAN_ILLEGAL);
      return;
    }
  g_assert_cmpint (error.code, ==, CHESS_ERROR_SAN_AMBIGUOUS);
  if (chess_move_kind (fits[0]) == CHESS_MOVE_PROMOTION && q->promo == CHESS_NO_PIECE_TYPE
      && chess_move_from (fits[0]) == chess_move_from (fits[1]))
    g_assert_nonnull (strstr (error.message, "promotes but names no piece"));
  else
    {
      GString *want = g_string_new ("ambiguous: ");
      for (unsigned i = 0; i < n && i < 4; i++)
        {
          char san[CHESS_SAN_MAX];
          chess_san_write (pos, fits[i], san);
          san[strcspn (san, "+#")] = '\0';
          g_string_append_printf (want, "%s%s", i == 0 ? "" : (i + 1 == n || i == 3) ? " and " : ", ", san);
        }
      g_string_append (want, n == 2 ? " both fit" : " all fit");
      g_assert_cmpstr (error.message, ==, want->str);
      g_string_free (want, TRUE);
    }
}

/* Every piece letter onto every square, plain and with each legal move's
 * origin named (file, rank, both), with and without 'x', promotions with
 * and without a piece: the parser agrees with the full list every time. */
static void
check_position (const ChessPosition *pos)
{
  ChessMoveList list;
  static const char *const suffixes[] = { "", "+", "#", "!?" };

  chess_generate_legal (pos, &list);
  for (int type = CHESS_PAWN; type <= CHESS_KING; type++)
    for (unsigned to = 0; to < 64; to++)
      {
        Named q = { (ChessPieceType) type, -1, -1, (ChessSquare) to, CHESS_NO_PIECE_TYPE };
        check_named (pos, &list, &q, false, suffixes[to & 3]);
        if (type == CHESS_PAWN && (to >> 3) % 7 == 0)
          {
            q.promo = CHESS_QUEEN;
            check_named (pos, &list, &q, false, "");
          }
      }
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      ChessSquare from = chess_move_from (m);
      ChessPieceType type = chess_piece_type (pos->board[from]);
      Named q = { type, -1, -1, chess_move_to (m), chess_move_promotion (m) };

      for (int named = 0; named < 4; named++)
        {
          /* A pawn's origin is its file: with a rank it reads as e2e4. */
          if (type == CHESS_PAWN && (named & 2))
            continue;
          q.file = (named & 1) ? (int) chess_square_file (from) : -1;
          q.rank = (named & 2) ? (int) chess_square_rank (from) : -1;
          check_named (pos, &list, &q, false, "");
          if (type != CHESS_PAWN || q.file >= 0)
            check_named (pos, &list, &q, true, "+");
          if (q.promo != CHESS_NO_PIECE_TYPE)
            {
              Named none = q;
              none.promo = CHESS_NO_PIECE_TYPE;
              check_named (pos, &list, &none, type != CHESS_PAWN || q.file >= 0, "");
            }
        }
    }
}

static void
test_against_list (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();
  GRand *rand = g_rand_new_with_seed (2026);

  for (unsigned i = 0; i < lines->len; i++)
    {
      ChessPosition pos;
      ChessMoveList list;

      load_fen (&pos, g_array_index (lines, EpdLine, i).fen);
      check_position (&pos);
      chess_generate_legal (&pos, &list);
      for (unsigned k = 0; k < list.count; k += 5)
        {
          ChessPosition next = pos;
          chess_position_make_move (&next, list.moves[k]);
          check_position (&next);
        }
    }
  for (const ExactCase *c = exact_cases; c < exact_cases + G_N_ELEMENTS (exact_cases); c++)
    {
      ChessPosition pos;
      load_fen (&pos, c->fen);
      check_position (&pos);
    }
  /* Random games reach promotions, e.p. and discovered checks. */
  for (int game = 0; game < 30; game++)
    {
      ChessPosition pos;
      chess_position_init_start (&pos);
      for (int ply = 0; ply < 160; ply++)
        {
          ChessMoveList list;
          if (chess_generate_legal (&pos, &list) == 0)
            break;
          check_position (&pos);
          chess_position_make_move (&pos, list.moves[g_rand_int_range (rand, 0, (gint32) list.count)]);
        }
    }
  g_rand_free (rand);
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
  for (unsigned i = 0; i < G_N_ELEMENTS (exact_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/san/exact/%02u", i);
      g_test_add_data_func (path, &exact_cases[i], test_exact);
    }
  g_test_add_func ("/core/san/against-list", test_against_list);
  g_test_add_func ("/core/san/length-bounded", test_length_bounded);
  g_test_add_func ("/core/san/random-bytes", test_random_bytes);
  g_test_add_func ("/core/san/figurine", test_figurine);

  return g_test_run ();
}
