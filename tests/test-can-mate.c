/* test-can-mate.c — chess_can_mate() against the exhaustive helpmate
 * search: every position of every 3- and 4-man piece ending, a random
 * sample of 5-man positions decided by a short search into the 4-man
 * tables, and the named cases of the Laws.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "core-test-util.h"
#include "chess-rules.h"
#include "helpmate-solver.h"

static const ChessPiece kinds[8] = {
  CHESS_KNIGHT, CHESS_BISHOP, CHESS_ROOK, CHESS_QUEEN,
  8 + CHESS_KNIGHT, 8 + CHESS_BISHOP, 8 + CHESS_ROOK, 8 + CHESS_QUEEN,
};

typedef struct
{
  unsigned   n;
  ChessPiece pieces[2];
  char       name[16];
} Combination;

/* Every legal position of the combination, both sides to move, both
 * sides' answers. */
static void
test_exhaustive (gconstpointer data)
{
  const Combination *c = data;
  HmTable *table = hm_table_get (c->pieces, c->n);
  guint64 legal = 0, mismatches = 0, yes = 0;

  for (size_t index = 0; index < 2 * table->per_side; index++)
    {
      uint8_t e = table->entries[index];
      ChessSquare sq[HM_MAX_PIECES + 2];
      ChessColor side;
      ChessPosition pos;

      if (!(e & HM_LEGAL))
        continue;
      legal++;
      hm_decode (table, index, sq, &side);
      hm_position (table, sq, side, &pos);
      for (int x = 0; x < 2; x++)
        {
          gboolean truth = (e & (x == CHESS_WHITE ? HM_WHITE_MATES : HM_BLACK_MATES)) != 0;
          yes += truth;
          if (chess_can_mate (&pos, x) != truth)
            {
              char fen[CHESS_FEN_MAX];
              if (mismatches++ < 10)
                g_test_message ("%s: %s can mate: search %s", chess_fen_write (&pos, fen),
                                x == CHESS_WHITE ? "White" : "Black", truth ? "yes" : "no");
            }
        }
    }
  g_test_message ("%s: %" G_GUINT64_FORMAT " legal positions, %" G_GUINT64_FORMAT " answers yes",
                  c->name, legal, yes);
  g_assert_cmpuint (legal, >, 0);
  g_assert_cmpuint (mismatches, ==, 0);
}

/* The 5-man sample. The full 5-man tables take hours on one machine, so
 * here each answer is checked against a cooperative search of a few
 * plies that ends in the exact 4-man tables (or a mate, or a stalemate):
 * a "yes" is proven by a line found, a "no" by every line ending in a
 * "no". Positions the search cannot decide within its depth are not
 * counted; the combinations where a side can never mate (the core's
 * table) are proven for every placement by helpmate-proof --scan. */
typedef enum { UNKNOWN, NO, YES } Truth;

static Truth
search (const ChessPosition *pos,
        ChessColor           x,
        unsigned             depth)
{
  ChessMoveList list;
  gboolean unknown = FALSE;
  unsigned n = chess_generate_legal (pos, &list);

  if (n == 0)
    return pos->checkers && pos->side != x ? YES : NO;
  if (chess_popcount (pos->by_type[0]) <= 4)
    return hm_lookup (pos) & (x == CHESS_WHITE ? HM_WHITE_MATES : HM_BLACK_MATES) ? YES : NO;
  if (depth == 0)
    return UNKNOWN;
  /* Captures first: they reach the tables soonest. */
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < n; i++)
      {
        ChessPosition after = *pos;
        gboolean capture = pos->board[chess_move_to (list.moves[i])] != CHESS_NO_PIECE;
        Truth t;
        if (capture != (pass == 0))
          continue;
        chess_position_make_move (&after, list.moves[i]);
        t = search (&after, x, depth - 1);
        if (t == YES)
          return YES;
        unknown |= t == UNKNOWN;
      }
  return unknown ? UNKNOWN : NO;
}

static void
test_sample (void)
{
  GRand *rand = g_rand_new_with_seed (20261202);
  guint decided[2][2] = { { 0 } }, tried = 0;

  while (decided[0][0] + decided[0][1] + decided[1][0] + decided[1][1] < 3000 && tried < 200000)
    {
      ChessPosition pos;
      ChessSquare used[5];
      ChessPiece pieces[3];

      tried++;
      chess_position_clear (&pos);
      for (unsigned i = 0; i < 5; i++)
        {
          ChessSquare sq;
          gboolean clash;
          do
            {
              sq = (ChessSquare) g_rand_int_range (rand, 0, 64);
              clash = FALSE;
              for (unsigned j = 0; j < i; j++)
                clash |= used[j] == sq;
            }
          while (clash);
          used[i] = sq;
          if (i >= 2)
            pieces[i - 2] = kinds[g_rand_int_range (rand, 0, 8)];
          chess_position_put (&pos, sq, i < 2 ? chess_piece_make (i, CHESS_KING) : pieces[i - 2]);
        }
      pos.side = (uint8_t) g_rand_int_range (rand, 0, 2);
      chess_position_finish (&pos);
      if (chess_position_attackers (&pos, chess_position_king (&pos, pos.side ^ 1), pos.side,
                                    pos.by_type[0]))
        continue;
      for (int x = 0; x < 2; x++)
        {
          Truth t = search (&pos, x, 2);
          char fen[CHESS_FEN_MAX];
          if (t == UNKNOWN)
            continue;
          if (chess_can_mate (&pos, x) != (t == YES))
            g_error ("%s: %s can mate: search %s", chess_fen_write (&pos, fen),
                     x == CHESS_WHITE ? "White" : "Black", t == YES ? "yes" : "no");
          decided[x][t == YES]++;
        }
    }
  g_test_message ("%u positions tried; decided: White %u no, %u yes; Black %u no, %u yes", tried,
                  decided[0][0], decided[0][1], decided[1][0], decided[1][1]);
  /* Both answers for both sides among them. */
  g_assert_cmpuint (decided[0][0], >, 0);
  g_assert_cmpuint (decided[0][1], >, 0);
  g_assert_cmpuint (decided[1][0], >, 0);
  g_assert_cmpuint (decided[1][1], >, 0);
  g_rand_free (rand);
}

typedef struct
{
  const char *fen;
  gboolean    white, black;
} NamedCase;

/* The and the Laws' cases, with the FEN that shows them. */
static const NamedCase named[] = {
  { "4k3/8/2n5/8/8/8/8/1Q2K3 w - - 0 1", TRUE, FALSE },   /* K+Q v K+N: the knight cannot mate */
  { "4k3/8/2n5/8/8/8/8/1R2K3 w - - 0 1", TRUE, TRUE },    /* K+R v K+N: it can */
  { "4k3/8/2b5/8/8/8/8/1R2K3 w - - 0 1", TRUE, FALSE },   /* K+R v K+B */
  { "4k3/8/2b5/8/8/8/8/1Q2K3 w - - 0 1", TRUE, FALSE },   /* K+Q v K+B */
  { "4k3/8/2n5/8/8/8/8/QQ2K3 w - - 0 1", TRUE, FALSE },   /* K+Q+Q v K+N */
  { "4k3/8/2b5/8/8/8/8/RR2K3 w - - 0 1", TRUE, FALSE },   /* K+R+R v K+B */
  { "4k3/8/2b5/8/8/8/8/QR2K3 w - - 0 1", TRUE, FALSE },   /* K+Q+R v K+B */
  { "4k3/8/2b5/3b4/8/8/8/1R2K3 w - - 0 1", TRUE, FALSE }, /* K+R v K+B+B, one colour */
  { "4k3/8/2b5/3b4/8/8/8/1Q2K3 w - - 0 1", TRUE, FALSE }, /* K+Q v K+B+B, one colour */
  { "4k3/8/2b5/8/8/8/8/1N2K3 w - - 0 1", TRUE, TRUE },    /* K+N v K+B: both can */
  { "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", TRUE, FALSE },   /* K+N+N v K */
  { "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", FALSE, FALSE },   /* bishops of one colour */
  /* A capture forced: Black must take the queen, leaving K v K+N:
   * neither can mate any more. */
  { "k7/Q7/2K5/8/8/8/8/7n b - - 0 1", FALSE, FALSE },
  /* Mate on the board: only the mating side "can mate". */
  { "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", TRUE, FALSE },
};

static void
test_named (gconstpointer data)
{
  const NamedCase *c = data;
  ChessPosition pos;

  load_fen (&pos, c->fen);
  g_assert_cmpint (chess_can_mate (&pos, CHESS_WHITE), ==, c->white);
  g_assert_cmpint (chess_can_mate (&pos, CHESS_BLACK), ==, c->black);
}

int
main (int    argc,
      char **argv)
{
  GPtrArray *combos = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);
  chess_init ();
  for (unsigned n = 1; n <= 2; n++)
    for (unsigned a = 0; a < 8; a++)
      for (unsigned b = a; b < (n == 2 ? 8 : a + 1); b++)
        {
          Combination *c = g_new0 (Combination, 1);
          HmTable probe = { .n = n };
          char path[64];
          c->n = n;
          c->pieces[0] = kinds[a];
          c->pieces[1] = kinds[b];
          memcpy (probe.pieces, c->pieces, n);
          hm_table_name (&probe, c->name, sizeof c->name);
          g_snprintf (path, sizeof path, "/core/can-mate/exhaustive/%u-men/%s", n + 2, c->name);
          g_strdelimit (path, " ", '-');
          g_test_add_data_func (path, c, test_exhaustive);
          g_ptr_array_add (combos, c);
        }
  g_test_add_func ("/core/can-mate/sample/5-men", test_sample);
  for (unsigned i = 0; i < G_N_ELEMENTS (named); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/can-mate/named/%u", i);
      g_test_add_data_func (path, &named[i], test_named);
    }
  {
    int status = g_test_run ();
    hm_tables_free ();
    g_ptr_array_unref (combos);
    return status;
  }
}
