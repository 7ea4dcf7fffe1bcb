/* test-rules.c — mate, stalemate, dead positions, repetitions, move counts,
 * claims and the flag-fall material test.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "chess-rules.h"
#include "chess-san.h"
#include "core-test-util.h"

/* A game as the model keeps it: positions and their keys. */
typedef struct
{
  ChessPosition pos;
  GArray       *keys;
} Game;

static void
game_init (Game       *g,
           const char *fen)
{
  load_fen (&g->pos, fen);
  g->keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_val (g->keys, g->pos.key);
}

static void
game_clear (Game *g)
{
  g_array_unref (g->keys);
}

static ChessHistory
game_history (Game *g)
{
  ChessHistory h = { (const uint64_t *) g->keys->data, g->keys->len };
  return h;
}

static ChessMove
san (const ChessPosition *pos,
     const char          *text)
{
  ChessError error;
  ChessMove m = chess_san_parse (pos, text, strlen (text), &error);

  if (m == CHESS_MOVE_NONE)
    g_error ("bad move '%s' in the test itself: %s", text, error.message);
  return m;
}

static void
game_play (Game       *g,
           const char *moves)
{
  char **words = g_strsplit (moves, " ", -1);

  for (unsigned i = 0; words[i]; i++)
    {
      if (!words[i][0])
        continue;
      chess_position_make_move (&g->pos, san (&g->pos, words[i]));
      g_array_append_val (g->keys, g->pos.key);
    }
  g_strfreev (words);
}

static ChessStatus
game_status (Game *g)
{
  ChessHistory h = game_history (g);
  return chess_status (&g->pos, &h);
}

static gboolean
game_can_claim_threefold (Game       *g,
                          const char *move)
{
  ChessHistory h = game_history (g);
  return chess_can_claim_threefold (&g->pos, &h, move ? san (&g->pos, move) : CHESS_MOVE_NONE);
}

/* ---- status of single positions ---- */

typedef struct
{
  const char *fen;
  ChessStatus status;
} StatusCase;

static const StatusCase status_cases[] = {
  { CHESS_START_FEN, CHESS_STATUS_ONGOING },
  { "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", CHESS_STATUS_CHECKMATE },
  { "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", CHESS_STATUS_STALEMATE },
  { "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", CHESS_STATUS_CHECKMATE },
  /* Mate and stalemate come before the 75-move rule. */
  { "7k/6Q1/6K1/8/8/8/8/8 b - - 150 120", CHESS_STATUS_CHECKMATE },
  { "7k/5Q2/6K1/8/8/8/8/8 b - - 150 120", CHESS_STATUS_STALEMATE },
  { "7k/8/5Q2/6K1/8/8/8/8 b - - 150 120", CHESS_STATUS_SEVENTYFIVE },
  { "7k/8/5Q2/6K1/8/8/8/8 b - - 149 120", CHESS_STATUS_ONGOING },
  /* Dead before 75 moves. */
  { "4k3/8/8/8/8/8/8/4K3 w - - 200 150", CHESS_STATUS_DEAD },
  /* A mate on the board in a "dead-looking" material count is still mate:
   * K+N v K+P with the king hemmed in. */
  { "7k/5Kpp/8/6N1/8/8/8/8 b - - 0 1", CHESS_STATUS_ONGOING },
  { "7k/5Kp1/8/8/8/8/8/8 b - - 0 1", CHESS_STATUS_ONGOING },
  { "5k2/8/4K3/8/8/8/8/8 w - - 0 1", CHESS_STATUS_DEAD },
};

static void
test_status (gconstpointer data)
{
  const StatusCase *c = data;
  ChessPosition pos;

  g_test_message ("FEN %s", c->fen);
  load_fen (&pos, c->fen);
  g_assert_cmpstr (chess_status_name (chess_status (&pos, NULL)), ==, chess_status_name (c->status));
}

/* ---- dead positions and the flag-fall test ---- */

typedef struct
{
  const char *fen;
  gboolean    dead;
  gboolean    white_can_mate;
  gboolean    black_can_mate;
} MaterialCase;

static const MaterialCase material_cases[] = {
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", TRUE, FALSE, FALSE },                 /* K v K */
  { "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", TRUE, FALSE, FALSE },               /* K+B v K */
  { "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", TRUE, FALSE, FALSE },               /* K+N v K */
  { "4kb2/8/8/8/8/8/8/4K3 b - - 0 1", TRUE, FALSE, FALSE },                /* K v K+B */
  { "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", FALSE, TRUE, TRUE },              /* Bc1 dark v Bc8 light */
  { "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", TRUE, FALSE, FALSE },              /* Bc1 dark, Bf8 dark: same colour */
  { "2bbk3/8/8/8/8/8/8/2B1KB2 w - - 0 1", FALSE, TRUE, TRUE },             /* both colours on each side */
  { "4k3/8/8/8/8/8/8/B1B1KB1B w - - 0 1", FALSE, TRUE, FALSE },            /* light and dark bishops v K */
  { "4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1", TRUE, FALSE, FALSE },             /* Bc1, Bg1: both dark */
  { "4kb2/8/8/8/8/8/8/2B1K1B1 w - - 0 1", TRUE, FALSE, FALSE },             /* Bc1, Bg1, Bf8: all dark */
  { "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", FALSE, TRUE, TRUE },                /* Bd1 light v Bf8 dark */
  { "4k1b1/8/8/8/8/8/8/3BK3 w - - 0 1", TRUE, FALSE, FALSE },               /* Bd1 and Bg8 both light */
  { "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", FALSE, TRUE, FALSE },             /* K+N+N v K */
  { "4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1", FALSE, TRUE, FALSE },              /* K+B+N v K */
  { "4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1", FALSE, TRUE, TRUE },              /* K+N v K+P */
  { "4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1", FALSE, TRUE, TRUE },               /* K+N v K+N */
  { "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", FALSE, TRUE, TRUE },               /* K+B v K+N */
  { "4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", FALSE, TRUE, TRUE },              /* K+B v K+P */
  { "4kr2/8/8/8/8/8/8/2B1K3 w - - 0 1", FALSE, FALSE, TRUE },              /* K+B v K+R: no mate by the bishop */
  { "4kq2/8/8/8/8/8/8/1N2K3 w - - 0 1", FALSE, FALSE, TRUE },              /* K+N v K+Q: no mate by the knight */
  { "4kr2/8/8/8/8/8/8/1N2K3 w - - 0 1", FALSE, TRUE, TRUE },               /* K+N v K+R: both can */
  { "4kq2/8/8/8/8/8/8/4K3 w - - 0 1", FALSE, FALSE, TRUE },                /* K v K+Q */
  { "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", FALSE, TRUE, FALSE },               /* K+P v K */
  /* Pawns locked head-on across the board, kings walled off: dead. */
  { "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1", TRUE, FALSE, FALSE },
  { "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1", TRUE, FALSE, FALSE },
  /* The same with an open file: a king can reach the enemy pawns. */
  { "4k3/8/8/p1p1p3/P1P1P3/8/8/4K3 w - - 0 1", FALSE, TRUE, TRUE },
  /* Locked but one pawn can capture: not dead. */
  { "4k3/8/8/p1p1pp2/P1P1P1P1/8/8/4K3 w - - 0 1", FALSE, TRUE, TRUE },
};

static void
test_material (gconstpointer data)
{
  const MaterialCase *c = data;
  ChessPosition pos;

  g_test_message ("FEN %s", c->fen);
  load_fen (&pos, c->fen);
  g_assert_cmpint (chess_position_is_dead (&pos), ==, c->dead);
  g_assert_cmpint (chess_can_mate (&pos, CHESS_WHITE), ==, c->white_can_mate);
  g_assert_cmpint (chess_can_mate (&pos, CHESS_BLACK), ==, c->black_can_mate);
  /* Dead means neither side can mate. */
  if (c->dead)
    g_assert_false (c->white_can_mate || c->black_can_mate);
  g_assert_cmpint (chess_status (&pos, NULL) == CHESS_STATUS_DEAD, ==, c->dead);
}

/* Whenever a side is judged unable to mate, no mate by that side exists
 * within a few plies of any suite position reduced to few pieces — a
 * brute-force check that "cannot" is never wrong in these samples. */
static gboolean
mate_within (const ChessPosition *pos,
             ChessColor           winner,
             unsigned             plies)
{
  ChessMoveList list;

  chess_generate_legal (pos, &list);
  if (list.count == 0)
    return pos->checkers && pos->side != winner;
  if (plies == 0)
    return FALSE;
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessPosition next = *pos;
      chess_position_make_move (&next, list.moves[i]);
      if (mate_within (&next, winner, plies - 1))
        return TRUE;
    }
  return FALSE;
}

static void
test_helpmates_exist (void)
{
  /* Positions one or two plies from a helpmate that a careless material
   * rule would call hopeless. */
  static const struct { const char *fen; ChessColor winner; unsigned plies; } cases[] = {
    { "k1K5/p7/4N3/8/8/8/8/8 w - - 0 1", CHESS_WHITE, 1 },   /* K+N v K+P: Nc7# */
    { "kb4B1/8/1K6/8/8/8/8/8 w - - 0 1", CHESS_WHITE, 1 },    /* K+B v K+B opposite colours: Bd5# */
    { "7k/5K2/5N2/8/7N/8/8/8 w - - 0 1", CHESS_WHITE, 1 },    /* K+N+N v K: Ng6# */
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ChessPosition pos;
      load_fen (&pos, cases[i].fen);
      g_test_message ("FEN %s", cases[i].fen);
      g_assert_true (mate_within (&pos, cases[i].winner, cases[i].plies));
      g_assert_true (chess_can_mate (&pos, cases[i].winner));
      g_assert_false (chess_position_is_dead (&pos));
    }
}

/* ---- repetitions and claims ---- */

static void
test_threefold (void)
{
  Game g;

  game_init (&g, CHESS_START_FEN);
  game_play (&g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  g_assert_cmpuint (chess_repetitions (&g.pos, &(ChessHistory) { (const uint64_t *) g.keys->data, g.keys->len }), ==, 2);
  g_assert_false (game_can_claim_threefold (&g, NULL));
  /* Black writes down Ng8, which makes the start position recur a third time. */
  g_assert_true (game_can_claim_threefold (&g, "Ng8"));
  g_assert_false (game_can_claim_threefold (&g, "Nc6"));
  game_play (&g, "Ng8");
  g_assert_true (game_can_claim_threefold (&g, NULL));
  g_assert_cmpint (game_status (&g), ==, CHESS_STATUS_ONGOING);
  /* A history that stops just before the current position counts the same. */
  {
    ChessHistory before = { (const uint64_t *) g.keys->data, g.keys->len - 1 };
    g_assert_cmpuint (chess_repetitions (&g.pos, &before), ==, 3);
    g_assert_true (chess_can_claim_threefold (&g.pos, &before, CHESS_MOVE_NONE));
  }
  /* A player who moves on loses the claim … */
  game_play (&g, "e4");
  g_assert_false (game_can_claim_threefold (&g, NULL));
  game_clear (&g);
}

static void
test_fivefold (void)
{
  Game g;

  game_init (&g, CHESS_START_FEN);
  game_play (&g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
  g_assert_cmpint (game_status (&g), ==, CHESS_STATUS_ONGOING);
  game_play (&g, "Ng8");
  g_assert_cmpuint (chess_repetitions (&g.pos, &(ChessHistory) { (const uint64_t *) g.keys->data, g.keys->len }), ==, 5);
  g_assert_cmpint (game_status (&g), ==, CHESS_STATUS_FIVEFOLD);
  game_clear (&g);
}

/* The e.p. square after a double step only matters when a capture is
 * legal: then the position differs from the same placement later. */
static void
test_repetition_ep_legal (void)
{
  Game g;

  game_init (&g, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  game_play (&g, "e4");              /* black to move; d4xe3 e.p. possible */
  game_play (&g, "Kd7 Kd1 Ke8 Ke1"); /* same placement, no e.p. right: 2nd kind */
  game_play (&g, "Kd7 Kd1 Ke8 Ke1");
  g_assert_false (game_can_claim_threefold (&g, NULL));
  game_play (&g, "Kd7 Kd1 Ke8 Ke1");
  g_assert_true (game_can_claim_threefold (&g, NULL));
  game_clear (&g);
}

static void
test_repetition_ep_not_legal (void)
{
  Game g;

  /* No black pawn next to e4: the e.p. square changes nothing. */
  game_init (&g, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  game_play (&g, "e4 Kd7 Kd1 Ke8 Ke1 Kd7 Kd1 Ke8");
  g_assert_false (game_can_claim_threefold (&g, NULL));
  g_assert_true (game_can_claim_threefold (&g, "Ke1"));
  game_play (&g, "Ke1");
  g_assert_true (game_can_claim_threefold (&g, NULL));
  game_clear (&g);

  /* A black pawn next to e4, but pinned along the rank: the capture
   * d4xe3 would expose its king to the rook, so it is the same position. */
  game_init (&g, "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
  game_play (&g, "e4");
  g_assert_false (chess_position_ep_legal (&g.pos));
  game_play (&g, "Ka5 Kf1 Ka4 Ke1 Ka5 Kf1 Ka4 Ke1");
  g_assert_true (game_can_claim_threefold (&g, NULL));
  game_clear (&g);
}

static void
test_repetition_castling_rights (void)
{
  Game g;

  game_init (&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  game_play (&g, "Ke2 Ke7 Ke1 Ke8");   /* same placement, rights gone */
  game_play (&g, "Ke2 Ke7 Ke1 Ke8");
  g_assert_false (game_can_claim_threefold (&g, NULL));
  game_play (&g, "Ke2 Ke7 Ke1 Ke8");
  g_assert_true (game_can_claim_threefold (&g, NULL));
  game_clear (&g);
}

/* Repetitions look back no further than the last irreversible move. */
static void
test_repetition_window (void)
{
  ChessPosition pos;
  uint64_t keys[5];
  ChessHistory h = { keys, 5 };

  load_fen (&pos, CHESS_START_FEN);
  keys[0] = keys[2] = keys[4] = pos.key;
  keys[1] = 1;
  keys[3] = 2;
  pos.halfmove = 0;
  g_assert_cmpuint (chess_repetitions (&pos, &h), ==, 1);
  pos.halfmove = 2;
  g_assert_cmpuint (chess_repetitions (&pos, &h), ==, 2);
  pos.halfmove = 4;
  g_assert_cmpuint (chess_repetitions (&pos, &h), ==, 3);
  g_assert_cmpuint (chess_repetitions (&pos, NULL), ==, 1);
}

static void
test_fifty (void)
{
  ChessPosition pos;

  load_fen (&pos, "4k3/8/8/8/8/8/3r4/4K2R w - - 99 80");
  g_assert_false (chess_can_claim_fifty (&pos, CHESS_MOVE_NONE));
  g_assert_true (chess_can_claim_fifty (&pos, san (&pos, "Rh2")));
  g_assert_false (chess_can_claim_fifty (&pos, san (&pos, "Kxd2")));
  g_assert_false (chess_can_claim_fifty (&pos, chess_move_make (7, 0, CHESS_MOVE_NORMAL))); /* not legal */
  chess_position_make_move (&pos, san (&pos, "Rh2"));
  g_assert_true (chess_can_claim_fifty (&pos, CHESS_MOVE_NONE));
  g_assert_cmpint (chess_status (&pos, NULL), ==, CHESS_STATUS_ONGOING);
  load_fen (&pos, "4k3/8/8/8/8/8/3r4/4K2R w - - 98 80");
  g_assert_false (chess_can_claim_fifty (&pos, san (&pos, "Rh2")));
}

static void
test_seventy_five (void)
{
  ChessPosition pos, mate;

  load_fen (&pos, "7k/8/5K2/8/8/8/8/6Q1 w - - 149 100");
  mate = pos;
  chess_position_make_move (&pos, san (&pos, "Qg2"));
  g_assert_cmpuint (pos.halfmove, ==, 150);
  g_assert_cmpint (chess_status (&pos, NULL), ==, CHESS_STATUS_SEVENTYFIVE);
  /* Mate on the 75th move still wins. */
  chess_position_make_move (&mate, san (&mate, "Qg7#"));
  g_assert_cmpuint (mate.halfmove, ==, 150);
  g_assert_cmpint (chess_status (&mate, NULL), ==, CHESS_STATUS_CHECKMATE);
}

static void
test_status_names (void)
{
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_ONGOING), ==, "ongoing");
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_CHECKMATE), ==, "checkmate");
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_STALEMATE), ==, "stalemate");
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_DEAD), ==, "dead");
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_FIVEFOLD), ==, "fivefold");
  g_assert_cmpstr (chess_status_name (CHESS_STATUS_SEVENTYFIVE), ==, "seventy-five");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (unsigned i = 0; i < G_N_ELEMENTS (status_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/rules/status/%02u-%s", i,
                                               chess_status_name (status_cases[i].status));
      g_test_add_data_func (path, &status_cases[i], test_status);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (material_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/rules/material/%02u", i);
      g_test_add_data_func (path, &material_cases[i], test_material);
    }
  g_test_add_func ("/core/rules/helpmates-exist", test_helpmates_exist);
  g_test_add_func ("/core/rules/threefold", test_threefold);
  g_test_add_func ("/core/rules/fivefold", test_fivefold);
  g_test_add_func ("/core/rules/repetition-ep-legal", test_repetition_ep_legal);
  g_test_add_func ("/core/rules/repetition-ep-not-legal", test_repetition_ep_not_legal);
  g_test_add_func ("/core/rules/repetition-castling-rights", test_repetition_castling_rights);
  g_test_add_func ("/core/rules/repetition-window", test_repetition_window);
  g_test_add_func ("/core/rules/fifty", test_fifty);
  g_test_add_func ("/core/rules/seventy-five", test_seventy_five);
  g_test_add_func ("/core/rules/status-names", test_status_names);

  return g_test_run ();
}
