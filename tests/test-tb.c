/* test-tb.c — the endgame tablebases and the practice logic.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tables are checked three ways: against published figures (legal
 * position counts and longest mates, tests/data/../shared SOURCES: Scid's
 * tcl/tb.tcl), against hand-checked positions, and against the rest of the
 * core: every probed value must follow from the values after each legal
 * move as the core's own move generator sees them (mate 0; strong side:
 * 1 + the shortest loss it can give; lone king: a draw if any move draws,
 * else 1 + the longest loss). With mate and stalemate anchored, a table
 * that satisfies this everywhere is the exact distance to mate.
 */

#include <glib.h>
#include <string.h>
#include <sys/wait.h>

#include "chess-fen.h"
#include "chess-practice.h"
#include "chess-rules.h"
#include "chess-tb.h"

static const ChessPieceType ending_pieces[CHESS_TB_N_ENDINGS][2] = {
  [CHESS_TB_KQK]  = { CHESS_QUEEN, CHESS_NO_PIECE_TYPE },
  [CHESS_TB_KRK]  = { CHESS_ROOK, CHESS_NO_PIECE_TYPE },
  [CHESS_TB_KRRK] = { CHESS_ROOK, CHESS_ROOK },
  [CHESS_TB_KBBK] = { CHESS_BISHOP, CHESS_BISHOP },
  [CHESS_TB_KBNK] = { CHESS_BISHOP, CHESS_KNIGHT },
};

static unsigned
men_of (ChessTbEnding e)
{
  return ending_pieces[e][1] == CHESS_NO_PIECE_TYPE ? 3 : 4;
}

static ChessPosition
parse_fen (const char *text)
{
  ChessPosition pos;
  ChessError error = { 0 };

  if (!chess_fen_parse (&pos, text, strlen (text), &error))
    g_error ("FEN \"%s\" refused: %s", text, error.message);
  return pos;
}

/* sq: strong king, lone king, pieces. Returns false when two share a square. */
static bool
make_position (ChessTbEnding  e,
               ChessColor     strong,
               const uint8_t *sq,
               bool           lone_to_move,
               ChessPosition *pos)
{
  unsigned n = men_of (e);

  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (sq[i] == sq[j])
        return false;
  chess_position_clear (pos);
  chess_position_put (pos, sq[0], chess_piece_make (strong, CHESS_KING));
  chess_position_put (pos, sq[1], chess_piece_make (!strong, CHESS_KING));
  for (unsigned k = 2; k < n; k++)
    chess_position_put (pos, sq[k], chess_piece_make (strong, ending_pieces[e][k - 2]));
  pos->side = (uint8_t) (lone_to_move ? !strong : strong);
  chess_position_finish (pos);
  return true;
}

static bool
position_valid (const ChessPosition *pos)
{
  ChessError error = { 0 };

  return chess_position_validate (pos, &error);
}

/* K v K or K v K+minor. */
static bool
dead_material (const ChessPosition *pos)
{
  unsigned men = 0, minors = 0;

  for (int sq = 0; sq < 64; sq++)
    if (pos->board[sq] != CHESS_NO_PIECE)
      {
        ChessPieceType t = chess_piece_type (pos->board[sq]);
        men++;
        if (t == CHESS_BISHOP || t == CHESS_KNIGHT)
          minors++;
        else if (t != CHESS_KING)
          return false;
      }
  return men == 2 || (men == 3 && minors == 1);
}

typedef struct
{
  ChessTbWdl wdl;
  int        plies;
} Value;

/* The value of the position after a move made by the core. */
static Value
value_after (const ChessPosition *pos,
             ChessMove            move)
{
  ChessPosition after = *pos;
  ChessTbResult r;
  Value v = { CHESS_TB_DRAW, -1 };

  chess_position_make_move (&after, move);
  if (chess_tb_probe (&after, &r))
    {
      v.wdl = r.wdl;
      v.plies = r.dtm_plies;
    }
  else
    {
      /* Only a capture that leaves dead material leaves the tables. */
      g_assert_cmpint (r.wdl, ==, CHESS_TB_UNKNOWN);
      g_assert_true (dead_material (&after));
    }
  return v;
}

/* The Bellman recurrence over the core's legal moves. */
static Value
value_from_successors (const ChessPosition *pos,
                       ChessColor           strong)
{
  ChessMoveList list;
  Value best = { CHESS_TB_DRAW, -1 };
  bool strong_moves = pos->side == strong;
  bool any_draw = false;
  int shortest = -1, longest = -1;

  chess_generate_legal (pos, &list);
  if (list.count == 0)
    {
      if (chess_position_in_check (pos))
        {
          g_assert_false (strong_moves);
          best.wdl = CHESS_TB_LOSS;
          best.plies = 0;
        }
      return best;
    }
  for (unsigned i = 0; i < list.count; i++)
    {
      Value v = value_after (pos, list.moves[i]);

      if (v.wdl == CHESS_TB_DRAW)
        any_draw = true;
      else if (strong_moves)
        {
          g_assert_cmpint (v.wdl, ==, CHESS_TB_LOSS);
          if (shortest < 0 || v.plies < shortest)
            shortest = v.plies;
        }
      else
        {
          g_assert_cmpint (v.wdl, ==, CHESS_TB_WIN);
          if (v.plies > longest)
            longest = v.plies;
        }
    }
  if (strong_moves && shortest >= 0)
    {
      best.wdl = CHESS_TB_WIN;
      best.plies = shortest + 1;
    }
  else if (!strong_moves && !any_draw)
    {
      best.wdl = CHESS_TB_LOSS;
      best.plies = longest + 1;
    }
  return best;
}

/* The tables' moves are exactly the core's legal moves, with the values
 * of the positions the core reaches. */
static void
check_moves_agree (const ChessPosition *pos)
{
  ChessMoveList list;
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  unsigned n = chess_tb_probe_moves (pos, moves);

  chess_generate_legal (pos, &list);
  g_assert_cmpuint (n, ==, list.count);
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      const ChessTbMoveValue *found = NULL;
      Value v;

      for (unsigned j = 0; j < n; j++)
        if (chess_move_from (moves[j].move) == chess_move_from (m)
            && chess_move_to (moves[j].move) == chess_move_to (m))
          found = &moves[j];
      g_assert_nonnull (found);
      g_assert_cmpint (found->capture, ==, pos->board[chess_move_to (m)] != CHESS_NO_PIECE);
      v = value_after (pos, m);
      g_assert_cmpint (found->after.wdl, ==, v.wdl);
      g_assert_cmpint (found->after.dtm_plies, ==, v.plies);
    }
}

/* Probe, legality and the recurrence for one position. */
static void
check_position (ChessTbEnding        e,
                ChessColor           strong,
                const ChessPosition *pos,
                bool                 with_moves)
{
  ChessTbResult r;
  bool known = chess_tb_probe (pos, &r);
  Value v;

  g_assert_cmpint (r.ending, ==, e);
  g_assert_cmpint (r.strong, ==, strong);
  if (!position_valid (pos))
    {
      g_assert_false (known);
      g_assert_cmpint (r.wdl, ==, CHESS_TB_ILLEGAL);
      return;
    }
  g_assert_true (known);
  v = value_from_successors (pos, strong);
  if (r.wdl != v.wdl || r.dtm_plies != v.plies)
    {
      char fen[CHESS_FEN_MAX];
      g_error ("%s: table says %d/%d, successors say %d/%d", chess_fen_write (pos, fen),
               r.wdl, r.dtm_plies, v.wdl, v.plies);
    }
  if (r.wdl == CHESS_TB_WIN || r.wdl == CHESS_TB_LOSS)
    g_assert_cmpint (r.dtm_moves, ==, (r.dtm_plies + 1) / 2);
  if (with_moves)
    check_moves_agree (pos);
}

/* ================================================================ building */

typedef struct
{
  double   last;
  unsigned calls;
  bool     monotonic;
} Progress;

static void
progress_cb (double  fraction,
             void   *user_data)
{
  Progress *p = user_data;

  if (fraction < p->last || fraction < 0.0 || fraction > 1.0)
    p->monotonic = false;
  p->last = fraction;
  p->calls++;
}

static gpointer
build_kbnk_thread (gpointer data)
{
  return GINT_TO_POINTER (chess_tb_build (CHESS_TB_KBNK, progress_cb, data));
}

/* One thread builds KBNK (with progress) while this one probes the
 * finished KQK: the answers must not change, and must be right. */
static void
test_build_threads (void)
{
  Progress progress = { 0.0, 0, true };
  ChessPosition mate = parse_fen ("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
  ChessPosition win = parse_fen ("8/8/4k3/8/8/8/1Q6/K7 w - - 0 1");
  ChessTbResult r;
  GThread *thread;
  unsigned probes = 0;

  chess_tb_free_all ();
  g_assert_false (chess_tb_is_built (CHESS_TB_KQK));
  g_assert_false (chess_tb_is_built (CHESS_TB_KBNK));
  g_assert_true (chess_tb_build (CHESS_TB_KQK, NULL, NULL));
  g_assert_true (chess_tb_is_built (CHESS_TB_KQK));

  thread = g_thread_new ("tb-build", build_kbnk_thread, &progress);
  do
    {
      g_assert_true (chess_tb_probe (&mate, &r));
      g_assert_cmpint (r.wdl, ==, CHESS_TB_LOSS);
      g_assert_cmpint (r.dtm_plies, ==, 0);
      g_assert_true (chess_tb_probe (&win, &r));
      g_assert_cmpint (r.wdl, ==, CHESS_TB_WIN);
      g_assert_cmpint (r.dtm_moves, ==, 10);
      probes++;
    }
  while (!chess_tb_is_built (CHESS_TB_KBNK));
  g_assert_true (GPOINTER_TO_INT (g_thread_join (thread)));
  g_assert_cmpuint (probes, >, 0);
  g_assert_true (progress.monotonic);
  g_assert_cmpuint (progress.calls, >=, 10);
  g_assert_cmpfloat (progress.last, ==, 1.0);

  /* Already built: one call with 1.0. */
  progress = (Progress) { 0.0, 0, true };
  g_assert_true (chess_tb_build (CHESS_TB_KBNK, progress_cb, &progress));
  g_assert_cmpuint (progress.calls, ==, 1);
  g_assert_cmpfloat (progress.last, ==, 1.0);

  /* KRRK needs KRK, which it builds first. */
  g_assert_true (chess_tb_build (CHESS_TB_KRRK, NULL, NULL));
  g_assert_true (chess_tb_is_built (CHESS_TB_KRK));
  g_assert_cmpuint (chess_tb_table_size (CHESS_TB_KRRK), ==, 2u * 10 * 64 * 64 * 64);
  g_assert_cmpuint (chess_tb_table_size (CHESS_TB_KQK), ==, 2u * 10 * 64 * 64);
}

static void
test_names (void)
{
  static const char *const names[] = { "KQK", "KRK", "KRRK", "KBBK", "KBNK" };
  ChessPosition pos;
  ChessColor strong = CHESS_WHITE;

  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    {
      char lower[8];

      g_assert_cmpstr (chess_tb_ending_name (e), ==, names[e]);
      g_assert_cmpint (chess_tb_ending_from_name (names[e]), ==, e);
      g_strlcpy (lower, names[e], sizeof lower);
      for (char *c = lower; *c; c++)
        *c = g_ascii_tolower (*c);
      g_assert_cmpint (chess_tb_ending_from_name (lower), ==, e);
    }
  g_assert_cmpint (chess_tb_ending_from_name ("KNNK"), ==, CHESS_TB_NONE);
  g_assert_cmpint (chess_tb_ending_from_name ("KQ"), ==, CHESS_TB_NONE);
  g_assert_cmpint (chess_tb_ending_from_name ("KQKK"), ==, CHESS_TB_NONE);
  g_assert_cmpint (chess_tb_ending_from_name (""), ==, CHESS_TB_NONE);
  g_assert_null (chess_tb_ending_name (CHESS_TB_NONE));

  pos = parse_fen ("8/8/8/3k4/8/8/8/K1bn4 w - - 0 1");
  g_assert_cmpint (chess_tb_ending_of (&pos, &strong), ==, CHESS_TB_KBNK);
  g_assert_cmpint (strong, ==, CHESS_BLACK);
  pos = parse_fen ("8/8/8/3k4/8/8/8/K1NN4 w - - 0 1");
  g_assert_cmpint (chess_tb_ending_of (&pos, NULL), ==, CHESS_TB_NONE);
  pos = parse_fen ("8/8/8/3k4/8/8/8/K1Qq4 w - - 0 1");
  g_assert_cmpint (chess_tb_ending_of (&pos, NULL), ==, CHESS_TB_NONE);
  pos = parse_fen (CHESS_START_FEN);
  g_assert_cmpint (chess_tb_ending_of (&pos, NULL), ==, CHESS_TB_NONE);
}

/* ================================================================ published figures */

typedef struct
{
  ChessTbEnding e;
  ChessTbFilter filter;
  uint64_t      positions_strong;  /* published: legal, strong side to move */
  unsigned      longest_strong;    /* moves */
  unsigned      longest_lone;
} Published;

/* Scid, tcl/tb.tcl (see shared/testdata/SOURCES.md), pieces of one kind
 * counted as distinct, White strong. */
static const Published published[] = {
  { CHESS_TB_KQK, CHESS_TB_FILTER_ALL, 144508, 10, 10 },
  { CHESS_TB_KRK, CHESS_TB_FILTER_ALL, 175168, 16, 16 },
  { CHESS_TB_KRRK, CHESS_TB_FILTER_ALL, 8325184, 7, 16 },
  { CHESS_TB_KBBK, CHESS_TB_FILTER_OPPOSITE_BISHOPS, 5008256, 19, 19 },
  { CHESS_TB_KBNK, CHESS_TB_FILTER_ALL, 10875504, 33, 33 },
};

static void
test_published (gconstpointer data)
{
  const Published *p = data;
  ChessTbStats s;
  uint64_t sum = 0;
  unsigned n = men_of (p->e);
  /* Legal with the lone king to move: two kings apart, the rest anywhere. */
  uint64_t king_pairs = 3612, lone_positions = king_pairs;

  for (unsigned k = 2; k < n; k++)
    lone_positions *= 64 - k;

  g_assert_true (chess_tb_stats (p->e, p->filter, &s));
  g_assert_cmpuint (s.strong_to_move.positions, ==, p->positions_strong);
  g_assert_cmpuint (s.strong_to_move.longest_moves, ==, p->longest_strong);
  g_assert_cmpuint (s.lone_to_move.longest_moves, ==, p->longest_lone);
  g_assert_cmpuint (s.strong_to_move.longest_plies, ==, 2 * p->longest_strong - 1);
  g_assert_cmpuint (s.lone_to_move.longest_plies, ==, 2 * p->longest_lone);
  g_assert_cmpuint (s.strong_to_move.wins + s.strong_to_move.draws, ==,
                    s.strong_to_move.positions);
  g_assert_cmpuint (s.lone_to_move.wins + s.lone_to_move.draws, ==, s.lone_to_move.positions);
  for (unsigned m = 0; m < 64; m++)
    sum += s.strong_to_move.moves_histogram[m];
  g_assert_cmpuint (sum, ==, s.strong_to_move.wins);
  g_assert_cmpuint (s.strong_to_move.moves_histogram[p->longest_strong], >, 0);
  g_assert_cmpuint (s.strong_to_move.moves_histogram[0], ==, 0);
  if (p->filter == CHESS_TB_FILTER_ALL)
    g_assert_cmpuint (s.lone_to_move.positions, ==, lone_positions);

  switch (p->e)
    {
    case CHESS_TB_KQK:
    case CHESS_TB_KRK:
    case CHESS_TB_KRRK:
      /* These always win with the strong side to move. */
      g_assert_cmpuint (s.strong_to_move.draws, ==, 0);
      break;
    case CHESS_TB_KBBK:
      {
        ChessTbStats all, same;
        /* Same-coloured bishops never mate (RULES.md §6); both parts add up. */
        g_assert_true (chess_tb_stats (p->e, CHESS_TB_FILTER_SAME_BISHOPS, &same));
        g_assert_true (chess_tb_stats (p->e, CHESS_TB_FILTER_ALL, &all));
        g_assert_cmpuint (same.strong_to_move.wins, ==, 0);
        g_assert_cmpuint (same.lone_to_move.wins, ==, 0);
        g_assert_cmpuint (all.strong_to_move.positions, ==,
                          s.strong_to_move.positions + same.strong_to_move.positions);
        g_assert_cmpuint (all.lone_to_move.positions, ==, lone_positions);
      }
      break;
    default:
      break;
    }
  if (p->e != CHESS_TB_KBBK)
    g_assert_false (chess_tb_stats (p->e, CHESS_TB_FILTER_OPPOSITE_BISHOPS, &s));
}

/* ================================================================ hand-checked positions */

typedef struct
{
  const char *fen;
  ChessTbWdl  wdl;
  int         moves;     /* dtm_moves, or -1 */
  int         plies;     /* dtm_plies, or -1 */
  const char *why;
} Known;

static const Known known[] = {
  /* KQK */
  { "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", CHESS_TB_LOSS, 0, 0, "mated" },
  { "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", CHESS_TB_DRAW, -1, -1, "stalemate" },
  { "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", CHESS_TB_WIN, 1, 1, "Qc8# (or Qh1#...)" },
  { "k7/1Q6/2K5/8/8/8/8/8 b - - 0 1", CHESS_TB_LOSS, 0, 0, "mated: Kc6 guards the queen" },
  { "k7/1Q6/8/2K5/8/8/8/8 b - - 0 1", CHESS_TB_DRAW, -1, -1, "Kxb7 takes the queen" },
  { "8/8/4k3/8/8/8/1Q6/K7 w - - 0 1", CHESS_TB_WIN, 10, 19, "a longest KQK" },
  /* KRK */
  { "7k/8/6K1/8/8/8/8/R7 w - - 0 1", CHESS_TB_WIN, 1, 1, "Ra8#" },
  { "k7/1R6/1K6/8/8/8/8/8 b - - 0 1", CHESS_TB_DRAW, -1, -1, "stalemate (rook b7, king b6)" },
  { "k7/1R6/8/3K4/8/8/8/8 b - - 0 1", CHESS_TB_DRAW, -1, -1, "Kxb7" },
  { "K7/8/8/8/2k5/5R2/8/8 w - - 0 1", CHESS_TB_WIN, 16, 31, "a longest KRK" },
  /* KRRK */
  { "7k/R7/1R6/8/8/8/8/K7 w - - 0 1", CHESS_TB_WIN, 1, 1, "Rb8#" },
  { "K7/8/8/3k4/2R5/5R2/8/8 b - - 0 1", CHESS_TB_LOSS, 16, 32, "Kxc4 leaves the longest KRK" },
  { "8/1K6/8/2RR4/4k3/8/8/8 w - - 0 1", CHESS_TB_WIN, 7, 13, "a longest KRRK" },
  /* KBBK */
  { "k7/8/1K6/4B3/8/8/8/5B2 w - - 0 1", CHESS_TB_WIN, 1, 1, "Bg2#: Be5 guards b8" },
  { "k7/8/1K6/4B3/8/8/8/5B2 b - - 0 1", CHESS_TB_DRAW, -1, -1, "stalemate" },
  { "k7/8/1K6/8/8/8/8/3B1B2 w - - 0 1", CHESS_TB_DRAW, -1, -1, "same-coloured bishops" },
  /* KBNK */
  { "7k/4N3/6K1/8/8/8/8/4B3 w - - 0 1", CHESS_TB_WIN, 1, 1, "Bc3#: Ne7 guards g8" },
  { "7N/8/8/8/8/3B4/5k2/7K w - - 0 1", CHESS_TB_WIN, 33, 65, "a longest KBNK" },
  { "k7/3N4/1K6/8/8/8/8/B7 b - - 0 1", CHESS_TB_DRAW, -1, -1, "stalemate: Nd7 guards b8" },
  { "7K/8/8/8/8/8/2k5/1B1N4 b - - 0 1", CHESS_TB_DRAW, -1, -1, "Kxb1 leaves K v K+N" },
};

static void
test_known (void)
{
  for (size_t i = 0; i < G_N_ELEMENTS (known); i++)
    {
      ChessPosition pos = parse_fen (known[i].fen);
      ChessTbResult r;

      g_test_message ("%s (%s)", known[i].fen, known[i].why);
      g_assert_true (chess_tb_probe (&pos, &r));
      g_assert_cmpint (r.wdl, ==, known[i].wdl);
      g_assert_cmpint (r.dtm_moves, ==, known[i].moves);
      g_assert_cmpint (r.dtm_plies, ==, known[i].plies);
      check_position (r.ending, r.strong, &pos, true);
    }
}

static void
test_illegal_and_unknown (void)
{
  ChessPosition pos = parse_fen ("8/8/8/3k4/8/8/8/K5Q1 w - - 0 1");
  ChessTbResult r;
  ChessTbMoveValue moves[CHESS_MAX_MOVES];

  g_assert_true (chess_tb_probe (&pos, &r));
  /* Side not to move in check: chess_fen_parse refuses it, so edit by hand. */
  chess_position_remove (&pos, 6);
  chess_position_put (&pos, 3, chess_piece_make (CHESS_WHITE, CHESS_QUEEN));
  chess_position_finish (&pos);
  g_assert_false (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.wdl, ==, CHESS_TB_ILLEGAL);
  g_assert_cmpuint (chess_tb_probe_moves (&pos, moves), ==, 0);

  /* Kings side by side. */
  chess_position_clear (&pos);
  chess_position_put (&pos, 0, chess_piece_make (CHESS_WHITE, CHESS_KING));
  chess_position_put (&pos, 9, chess_piece_make (CHESS_BLACK, CHESS_KING));
  chess_position_put (&pos, 63, chess_piece_make (CHESS_WHITE, CHESS_ROOK));
  chess_position_finish (&pos);
  g_assert_false (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.wdl, ==, CHESS_TB_ILLEGAL);
  g_assert_cmpint (r.ending, ==, CHESS_TB_KRK);

  /* Not covered: other material, castling rights. */
  pos = parse_fen ("8/8/8/3k4/8/8/8/K5NN w - - 0 1");
  g_assert_false (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.wdl, ==, CHESS_TB_UNKNOWN);
  pos = parse_fen ("8/8/8/3k4/8/8/8/4K2R w K - 0 1");
  g_assert_false (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.wdl, ==, CHESS_TB_UNKNOWN);
  pos = parse_fen ("8/8/8/3k4/8/8/8/4K2R w - - 0 1");
  g_assert_true (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.wdl, ==, CHESS_TB_WIN);
}

/* ================================================================ against the core */

static void
test_recurrence_all (gconstpointer data)
{
  ChessTbEnding e = GPOINTER_TO_INT (data);
  uint8_t sq[4] = { 0, 0, 0, 0 };
  unsigned checked = 0;

  /* Every placement of the three men, both sides to move; the move lists
   * are compared on a sixteenth of them. */
  for (unsigned a = 0; a < 64; a++)
    for (unsigned b = 0; b < 64; b++)
      for (unsigned c = 0; c < 64; c++)
        for (int side = 0; side < 2; side++)
          {
            ChessPosition pos;

            sq[0] = (uint8_t) a;
            sq[1] = (uint8_t) b;
            sq[2] = (uint8_t) c;
            if (!make_position (e, CHESS_WHITE, sq, side, &pos))
              continue;
            check_position (e, CHESS_WHITE, &pos, (a + b + c) % 16 == 0);
            checked++;
          }
  g_assert_cmpuint (checked, ==, 2u * 64 * 63 * 62);
}

static void
test_recurrence_sample (gconstpointer data)
{
  ChessTbEnding e = GPOINTER_TO_INT (data);
  GRand *rand = g_rand_new_with_seed (1000 + e);
  unsigned legal = 0, wins = 0, draws = 0;

  for (unsigned i = 0; i < 40000; i++)
    {
      uint8_t sq[4];
      ChessColor strong = g_rand_boolean (rand) ? CHESS_WHITE : CHESS_BLACK;
      ChessPosition pos;
      ChessTbResult r;

      for (int k = 0; k < 4; k++)
        sq[k] = (uint8_t) g_rand_int_range (rand, 0, 64);
      if (!make_position (e, strong, sq, g_rand_boolean (rand), &pos))
        continue;
      check_position (e, strong, &pos, i % 8 == 0);
      if (chess_tb_probe (&pos, &r))
        {
          legal++;
          wins += r.wdl != CHESS_TB_DRAW;
          draws += r.wdl == CHESS_TB_DRAW;
        }
    }
  g_assert_cmpuint (legal, >, 20000);
  g_assert_cmpuint (wins, >, 0);
  g_assert_cmpuint (draws, >, 0);
  g_rand_free (rand);
}

/* Colours swapped (and the board turned upside down, and mirrored): the
 * same answer. */
static void
test_flip (void)
{
  GRand *rand = g_rand_new_with_seed (77);

  for (unsigned i = 0; i < 20000; i++)
    {
      ChessTbEnding e = (ChessTbEnding) (i % CHESS_TB_N_ENDINGS);
      uint8_t sq[4], flipped[4], mirrored[4];
      bool lone = g_rand_boolean (rand);
      ChessPosition a, b, c;
      ChessTbResult ra, rb, rc;

      for (int k = 0; k < 4; k++)
        {
          sq[k] = (uint8_t) g_rand_int_range (rand, 0, 64);
          flipped[k] = sq[k] ^ 56;
          mirrored[k] = sq[k] ^ 7;
        }
      if (!make_position (e, CHESS_WHITE, sq, lone, &a))
        continue;
      g_assert_true (make_position (e, CHESS_BLACK, flipped, lone, &b));
      g_assert_true (make_position (e, CHESS_BLACK, mirrored, lone, &c));
      chess_tb_probe (&a, &ra);
      chess_tb_probe (&b, &rb);
      chess_tb_probe (&c, &rc);
      g_assert_cmpint (ra.strong, ==, CHESS_WHITE);
      g_assert_cmpint (rb.strong, ==, CHESS_BLACK);
      g_assert_cmpint (ra.wdl, ==, rb.wdl);
      g_assert_cmpint (ra.dtm_plies, ==, rb.dtm_plies);
      g_assert_cmpint (ra.wdl, ==, rc.wdl);
      g_assert_cmpint (ra.dtm_plies, ==, rc.dtm_plies);
    }
  g_rand_free (rand);
}

/* The longest KBNK played out with the tables' best moves for both sides:
 * the distance falls by one each ply, and the core sees mate at ply 65. */
static void
test_kbnk_longest_playout (void)
{
  ChessPosition pos = parse_fen ("7N/8/8/8/8/3B4/5k2/7K w - - 0 1");
  ChessTbResult r;
  int ply = 0;

  g_assert_true (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.dtm_plies, ==, 65);
  while (r.dtm_plies > 0)
    {
      ChessMove m = pos.side == r.strong ? chess_practice_hint (&pos, (uint64_t) ply)
                                          : chess_practice_defend (&pos, (uint64_t) ply);
      int before = r.dtm_plies;

      g_assert_cmpuint (m, !=, CHESS_MOVE_NONE);
      g_assert_true (chess_position_is_legal (&pos, m));
      chess_position_make_move (&pos, m);
      ply++;
      g_assert_true (chess_tb_probe (&pos, &r));
      g_assert_cmpint (r.dtm_plies, ==, before - 1);
      g_assert_cmpint (chess_status (&pos, NULL), ==,
                       r.dtm_plies == 0 ? CHESS_STATUS_CHECKMATE : CHESS_STATUS_ONGOING);
    }
  g_assert_cmpint (ply, ==, 65);
  g_assert_cmpint (chess_practice_status (&pos), ==, CHESS_PRACTICE_CHECKMATE);
}

/* The lone king's longest KRRK defence takes the hanging rook. */
static void
test_krrk_hanging_rook (void)
{
  ChessPosition pos = parse_fen ("K7/8/8/3k4/2R5/5R2/8/8 b - - 0 1");
  ChessPosition after;
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ChessTbResult r;
  unsigned n = chess_tb_probe_moves (&pos, moves);
  ChessMove reply = chess_practice_defend (&pos, 1);

  g_assert_cmpuint (n, >, 1);
  for (unsigned i = 0; i < n; i++)
    {
      if (moves[i].capture)
        {
          g_assert_cmpint (chess_move_to (moves[i].move), ==, chess_square_make (2, 3));
          g_assert_cmpint (moves[i].after.ending, ==, CHESS_TB_KRK);
          g_assert_cmpint (moves[i].after.wdl, ==, CHESS_TB_WIN);
          g_assert_cmpint (moves[i].after.dtm_moves, ==, 16);
        }
      else
        {
          g_assert_cmpint (moves[i].after.ending, ==, CHESS_TB_KRRK);
          g_assert_cmpint (moves[i].after.dtm_moves, <=, 7);
        }
    }
  g_assert_cmpint (chess_move_to (reply), ==, chess_square_make (2, 3));
  after = pos;
  chess_position_make_move (&after, reply);
  g_assert_true (chess_tb_probe (&after, &r));
  g_assert_cmpint (r.ending, ==, CHESS_TB_KRK);
  g_assert_cmpint (r.dtm_plies, ==, 31);
  g_assert_cmpint (chess_practice_status (&after), ==, CHESS_PRACTICE_ONGOING);
}

static void
test_serialize (void)
{
  size_t len = chess_tb_serialize (CHESS_TB_KRK, NULL, 0);
  guint8 *buf = g_malloc (len);
  ChessTbStats before, after;
  ChessPosition pos = parse_fen ("K7/8/8/8/2k5/5R2/8/8 w - - 0 1");
  ChessTbResult r;

  g_assert_cmpuint (len, ==, 32 + chess_tb_table_size (CHESS_TB_KRK));
  g_assert_cmpuint (chess_tb_serialize (CHESS_TB_KRK, buf, len - 1), ==, len);
  g_assert_cmpuint (chess_tb_serialize (CHESS_TB_KRK, buf, len), ==, len);
  g_assert_true (chess_tb_stats (CHESS_TB_KRK, CHESS_TB_FILTER_ALL, &before));

  /* Wrong ending, truncated, corrupted: refused. */
  g_assert_false (chess_tb_deserialize (CHESS_TB_KQK, buf, len));
  g_assert_false (chess_tb_deserialize (CHESS_TB_KRK, buf, len - 1));
  buf[1000] ^= 1;
  g_assert_false (chess_tb_deserialize (CHESS_TB_KRK, buf, len));
  buf[1000] ^= 1;

  /* Free everything, load KRK from the bytes: the same table. KRRK, built
   * next, reads its captures from the loaded KRK. */
  chess_tb_free_all ();
  g_assert_false (chess_tb_is_built (CHESS_TB_KRK));
  g_assert_true (chess_tb_deserialize (CHESS_TB_KRK, buf, len));
  g_assert_true (chess_tb_is_built (CHESS_TB_KRK));
  g_assert_true (chess_tb_stats (CHESS_TB_KRK, CHESS_TB_FILTER_ALL, &after));
  g_assert_cmpmem (&before, sizeof before, &after, sizeof after);
  g_assert_true (chess_tb_probe (&pos, &r));
  g_assert_cmpint (r.dtm_moves, ==, 16);
  g_assert_cmpuint (chess_tb_serialize (CHESS_TB_KQK, NULL, 0), ==, 0);
  g_free (buf);
}

/* ================================================================ practice */

static void
test_start_positions (void)
{
  unsigned made = 0;

  for (uint64_t seed = 0; seed < 10000; seed++)
    {
      ChessTbEnding e = (ChessTbEnding) (seed % CHESS_TB_N_ENDINGS);
      unsigned longest = chess_practice_longest_start (e);
      GRand *rand = g_rand_new_with_seed ((guint32) seed);
      unsigned lo = (unsigned) g_rand_int_range (rand, 1, (gint32) longest + 1);
      unsigned hi = MIN (longest, lo + (unsigned) g_rand_int_range (rand, 0, 6));
      ChessColor strong = seed % 7 == 3 ? CHESS_BLACK : CHESS_WHITE;
      ChessPosition pos, again, lone;
      ChessMoveList list;
      ChessTbResult r;
      ChessColor c;

      g_rand_free (rand);
      g_assert_true (chess_practice_random_start (e, strong, lo, hi, seed, &pos));
      made++;
      /* Legal, the right material, the strong side to move, clean counters. */
      g_assert_true (position_valid (&pos));
      g_assert_true (chess_position_is_consistent (&pos));
      g_assert_cmpint (chess_tb_ending_of (&pos, &c), ==, e);
      g_assert_cmpint (c, ==, strong);
      g_assert_cmpint (pos.side, ==, strong);
      g_assert_cmpint (pos.castling, ==, 0);
      g_assert_cmpint (pos.halfmove, ==, 0);
      /* A win in range. */
      g_assert_true (chess_tb_probe (&pos, &r));
      g_assert_cmpint (r.wdl, ==, CHESS_TB_WIN);
      g_assert_cmpint (r.dtm_moves, >=, (int) lo);
      g_assert_cmpint (r.dtm_moves, <=, (int) hi);
      /* The lone king, were it to move: not in check, not stalemated,
       * nothing to take. */
      lone = pos;
      chess_position_make_move (&lone, CHESS_MOVE_NULL);
      g_assert_false (chess_position_in_check (&lone));
      chess_generate_legal (&lone, &list);
      g_assert_cmpuint (list.count, >, 0);
      for (unsigned i = 0; i < list.count; i++)
        g_assert_cmpint (pos.board[chess_move_to (list.moves[i])], ==, CHESS_NO_PIECE);
      if (e == CHESS_TB_KBBK)
        {
          int colours[2], n = 0;
          for (int sq = 0; sq < 64; sq++)
            if (chess_piece_type (pos.board[sq]) == CHESS_BISHOP)
              colours[n++] = (chess_square_file (sq) + chess_square_rank (sq)) & 1;
          g_assert_cmpint (n, ==, 2);
          g_assert_cmpint (colours[0], !=, colours[1]);
        }
      /* The same seed, the same position. */
      if (seed % 50 == 0)
        {
          char fa[CHESS_FEN_MAX], fb[CHESS_FEN_MAX];
          g_assert_true (chess_practice_random_start (e, strong, lo, hi, seed, &again));
          g_assert_cmpstr (chess_fen_write (&pos, fa), ==, chess_fen_write (&again, fb));
        }
    }
  g_assert_cmpuint (made, ==, 10000);
}

static void
test_start_limits (void)
{
  static const unsigned longest[CHESS_TB_N_ENDINGS] = { 10, 16, 7, 18, 33 };
  ChessPosition pos;
  ChessTbResult r;
  char a[CHESS_FEN_MAX], b[CHESS_FEN_MAX];
  unsigned distinct = 0;

  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    {
      g_assert_cmpuint (chess_practice_longest_start (e), ==, longest[e]);
      /* The longest exist (found by the table scan), one more does not. */
      g_assert_true (chess_practice_random_start (e, CHESS_WHITE, longest[e], longest[e], 5, &pos));
      g_assert_true (chess_tb_probe (&pos, &r));
      g_assert_cmpint (r.dtm_moves, ==, (int) longest[e]);
      g_assert_false (chess_practice_random_start (e, CHESS_WHITE, longest[e] + 1, 60, 5, &pos));
    }
  g_assert_false (chess_practice_random_start (CHESS_TB_KQK, CHESS_WHITE, 5, 4, 1, &pos));
  g_assert_false (chess_practice_random_start (CHESS_TB_NONE, CHESS_WHITE, 1, 5, 1, &pos));
  /* Different seeds, different positions (nearly always). */
  for (uint64_t s = 0; s < 20; s++)
    {
      g_assert_true (chess_practice_random_start (CHESS_TB_KBNK, CHESS_WHITE, 20, 30, s, &pos));
      chess_fen_write (&pos, a);
      g_assert_true (chess_practice_random_start (CHESS_TB_KBNK, CHESS_WHITE, 20, 30, s + 1000, &pos));
      chess_fen_write (&pos, b);
      distinct += strcmp (a, b) != 0;
    }
  g_assert_cmpuint (distinct, >=, 18);
}

/* The defender's reply, against a full scan of its moves by the core. */
static void
test_defend (void)
{
  GRand *rand = g_rand_new_with_seed (4242);
  unsigned checked = 0, ties_seen = 0;

  for (unsigned i = 0; i < 25000; i++)
    {
      ChessTbEnding e = (ChessTbEnding) (i % CHESS_TB_N_ENDINGS);
      uint8_t sq[4];
      ChessPosition pos;
      ChessMoveList list;
      ChessMove reply;
      Value best = { CHESS_TB_LOSS, -1 }, got = { CHESS_TB_LOSS, -1 };
      unsigned nbest = 0;

      for (int k = 0; k < 4; k++)
        sq[k] = (uint8_t) g_rand_int_range (rand, 0, 64);
      if (!make_position (e, CHESS_WHITE, sq, true, &pos) || !position_valid (&pos))
        continue;
      reply = chess_practice_defend (&pos, i);
      chess_generate_legal (&pos, &list);
      if (list.count == 0)
        {
          g_assert_cmpuint (reply, ==, CHESS_MOVE_NONE);
          continue;
        }
      g_assert_true (chess_position_is_legal (&pos, reply));
      for (unsigned m = 0; m < list.count; m++)
        {
          Value v = value_after (&pos, list.moves[m]);
          /* Draw first, then the longest loss. */
          int score = v.wdl == CHESS_TB_DRAW ? 1000 : v.plies;
          int best_score = best.wdl == CHESS_TB_DRAW ? 1000 : best.plies;
          if (score > best_score)
            {
              best = v;
              nbest = 1;
            }
          else if (score == best_score)
            nbest++;
          if (list.moves[m] == reply)
            got = v;
        }
      g_assert_cmpint (got.wdl, ==, best.wdl);
      g_assert_cmpint (got.plies, ==, best.plies);
      ties_seen += nbest > 1;
      checked++;
    }
  g_assert_cmpuint (checked, >, 15000);
  g_assert_cmpuint (ties_seen, >, 0);
  g_assert_cmpuint (chess_practice_defend (&(ChessPosition) { 0 }, 0), ==, CHESS_MOVE_NONE);
  g_rand_free (rand);
}

/* Among equal replies the seed chooses, and every choice is reproducible. */
static void
test_defend_ties (void)
{
  /* Lone king in the middle, far from everything: several equal moves. */
  ChessPosition pos = parse_fen ("8/8/8/4k3/8/8/8/KQ6 b - - 0 1");
  GHashTable *seen = g_hash_table_new (NULL, NULL);

  for (uint64_t s = 0; s < 64; s++)
    {
      ChessMove m = chess_practice_defend (&pos, s);
      g_assert_cmpuint (m, ==, chess_practice_defend (&pos, s));
      g_hash_table_add (seen, GUINT_TO_POINTER ((guint) m));
    }
  g_assert_cmpuint (g_hash_table_size (seen), >, 1);
  g_hash_table_destroy (seen);
}

static void
test_hint (void)
{
  GRand *rand = g_rand_new_with_seed (99);
  unsigned checked = 0;

  for (unsigned i = 0; i < 20000; i++)
    {
      ChessTbEnding e = (ChessTbEnding) (i % CHESS_TB_N_ENDINGS);
      uint8_t sq[4];
      ChessPosition pos;
      ChessMoveList list;
      ChessMove best[CHESS_MAX_MOVES], hint;
      ChessTbResult r;
      unsigned n, expected = 0;

      for (int k = 0; k < 4; k++)
        sq[k] = (uint8_t) g_rand_int_range (rand, 0, 64);
      if (!make_position (e, CHESS_WHITE, sq, false, &pos) || !chess_tb_probe (&pos, &r))
        continue;
      n = chess_practice_best_moves (&pos, best);
      hint = chess_practice_hint (&pos, i);
      if (r.wdl != CHESS_TB_WIN)
        {
          g_assert_cmpuint (n, ==, 0);
          g_assert_cmpuint (hint, ==, CHESS_MOVE_NONE);
          continue;
        }
      chess_generate_legal (&pos, &list);
      for (unsigned m = 0; m < list.count; m++)
        {
          Value v = value_after (&pos, list.moves[m]);
          bool is_best = v.wdl == CHESS_TB_LOSS && v.plies == r.dtm_plies - 1;
          bool listed = false;

          for (unsigned j = 0; j < n; j++)
            listed |= chess_move_from (best[j]) == chess_move_from (list.moves[m])
                      && chess_move_to (best[j]) == chess_move_to (list.moves[m]);
          g_assert_cmpint (listed, ==, is_best);
          expected += is_best;
          if (list.moves[m] == hint)
            g_assert_true (is_best);
        }
      g_assert_cmpuint (n, ==, expected);
      g_assert_cmpuint (n, >, 0);
      checked++;
    }
  g_assert_cmpuint (checked, >, 5000);
  g_rand_free (rand);
}

static ChessMove
find_move (const ChessPosition *pos,
           const char          *uci)
{
  ChessSquare from = chess_square_make (uci[0] - 'a', uci[1] - '1');
  ChessSquare to = chess_square_make (uci[2] - 'a', uci[3] - '1');
  ChessMove m = chess_position_find_move (pos, from, to, CHESS_NO_PIECE_TYPE);

  g_assert_cmpuint (m, !=, CHESS_MOVE_NONE);
  return m;
}

static void
test_judge (void)
{
  ChessPracticeJudgement j;
  ChessPosition pos = parse_fen ("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
  ChessPosition after;

  /* Qc8 mates; Qc7 stalemates; Qc5 wastes moves; Qb2 (pinning nothing)
   * is still a win. */
  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "c1c8"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_MATE);
  g_assert_cmpint (j.moves_before, ==, 1);
  g_assert_cmpint (j.moves_after, ==, 0);
  g_assert_cmpint (j.wasted, ==, 0);
  g_assert_cmpuint (j.halfmove_after, ==, 1);

  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "c1c7"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
  g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_STALEMATE);
  g_assert_cmpint (j.moves_after, ==, -1);
  g_assert_cmpuint (j.best, !=, CHESS_MOVE_NONE);
  after = pos;
  chess_position_make_move (&after, j.best);
  g_assert_cmpint (chess_status (&after, NULL), ==, CHESS_STATUS_CHECKMATE);

  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "c1c5"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_WASTED);
  g_assert_cmpint (j.wasted, ==, j.moves_after);
  g_assert_cmpint (j.wasted, >, 0);

  /* A rook left next to the lone king, undefended. */
  pos = parse_fen ("8/8/8/3k4/7R/8/8/K7 w - - 0 1");
  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "h4e4"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
  g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_HANGING_PIECE);
  g_assert_cmpint (j.hanging_square, ==, chess_square_make (4, 3));
  /* Rh5+ drives the king and is a good move. */
  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "h4h5"), &j));
  g_assert_true (j.verdict == CHESS_PRACTICE_BEST || j.verdict == CHESS_PRACTICE_WASTED);
  g_assert_cmpint (j.wasted, ==, j.moves_after - (j.moves_before - 1));

  /* Every best move is judged BEST, every other winning move WASTED. */
  pos = parse_fen ("7N/8/8/8/8/3B4/5k2/7K w - - 0 1");
  {
    ChessMoveList list;
    unsigned best = 0;
    chess_generate_legal (&pos, &list);
    for (unsigned i = 0; i < list.count; i++)
      {
        g_assert_true (chess_practice_judge_move (&pos, list.moves[i], &j));
        g_assert_cmpint (j.moves_before, ==, 33);
        if (j.verdict == CHESS_PRACTICE_BEST)
          {
            best++;
            g_assert_cmpint (j.moves_after, ==, 32);
          }
        else if (j.verdict == CHESS_PRACTICE_WASTED)
          g_assert_cmpint (j.moves_after, >, 32);
        else
          g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
      }
    g_assert_cmpuint (best, >, 0);
  }

  /* The fifty-move rule: 33 moves to go with 40 already played. */
  pos = parse_fen ("7N/8/8/8/8/3B4/5k2/7K w - - 80 60");
  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "h1h2"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
  g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_FIFTY_MOVES);
  g_assert_cmpuint (j.halfmove_after, ==, 81);
  /* …but a mate on the hundredth ply still counts. */
  pos = parse_fen ("k7/8/1K6/8/8/8/8/2Q5 w - - 99 80");
  g_assert_true (chess_practice_judge_move (&pos, find_move (&pos, "c1c8"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_MATE);

  /* Not judged: the lone king's move, a drawn position, an illegal move. */
  pos = parse_fen ("8/8/8/3k4/7R/8/8/K7 b - - 0 1");
  g_assert_false (chess_practice_judge_move (&pos, find_move (&pos, "d5d6"), &j));
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_NOT_JUDGED);
  pos = parse_fen ("8/8/8/3k4/7R/8/8/K7 w - - 0 1");
  g_assert_false (chess_practice_judge_move (&pos, chess_move_make (7 + 24, 7 + 24 + 1, 0), &j));
}

static void
test_status (void)
{
  static const struct
  {
    const char         *fen;
    ChessPracticeStatus status;
  } rows[] = {
    { "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", CHESS_PRACTICE_CHECKMATE },
    { "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", CHESS_PRACTICE_STALEMATE },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", CHESS_PRACTICE_ONGOING },
    { "k7/8/1K6/8/8/8/8/2Q5 w - - 100 90", CHESS_PRACTICE_FIFTY_MOVES },
    { "k7/1Q6/1K6/8/8/8/8/8 b - - 100 90", CHESS_PRACTICE_CHECKMATE },
    { "7K/8/8/8/8/8/2k5/3N4 w - - 0 1", CHESS_PRACTICE_PIECE_TAKEN },
    { "7K/8/8/8/8/8/2k5/8 w - - 0 1", CHESS_PRACTICE_PIECE_TAKEN },
    { "8/8/8/3k4/8/8/8/K5NN w - - 0 1", CHESS_PRACTICE_NOT_PRACTICE },
    { CHESS_START_FEN, CHESS_PRACTICE_NOT_PRACTICE },
    { "7K/8/8/8/8/8/2k5/1B1N4 b - - 0 1", CHESS_PRACTICE_ONGOING },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      ChessPosition pos = parse_fen (rows[i].fen);
      g_test_message ("%s", rows[i].fen);
      g_assert_cmpint (chess_practice_status (&pos), ==, rows[i].status);
    }
}

static void
test_grade (void)
{
  static const struct
  {
    unsigned           used, fewest;
    ChessPracticeGrade grade;
  } rows[] = {
    { 10, 10, CHESS_PRACTICE_GRADE_PERFECT },
    { 9, 10, CHESS_PRACTICE_GRADE_PERFECT },
    { 11, 10, CHESS_PRACTICE_GRADE_EXCELLENT },
    { 12, 10, CHESS_PRACTICE_GRADE_GOOD },
    { 13, 10, CHESS_PRACTICE_GRADE_GOOD },
    { 14, 10, CHESS_PRACTICE_GRADE_FAIR },
    { 16, 10, CHESS_PRACTICE_GRADE_FAIR },
    { 17, 10, CHESS_PRACTICE_GRADE_POOR },
    { 36, 33, CHESS_PRACTICE_GRADE_EXCELLENT },
    { 37, 33, CHESS_PRACTICE_GRADE_GOOD },
    { 41, 33, CHESS_PRACTICE_GRADE_GOOD },
    { 42, 33, CHESS_PRACTICE_GRADE_FAIR },
    { 49, 33, CHESS_PRACTICE_GRADE_FAIR },
    { 50, 33, CHESS_PRACTICE_GRADE_POOR },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpint (chess_practice_grade (rows[i].used, rows[i].fewest), ==, rows[i].grade);
  g_assert_cmpstr (chess_practice_grade_name (CHESS_PRACTICE_GRADE_PERFECT), ==, "perfect");
  g_assert_cmpstr (chess_practice_grade_name (CHESS_PRACTICE_GRADE_POOR), ==, "poor");
  g_assert_null (chess_practice_grade_name ((ChessPracticeGrade) 99));
}

/* ================================================================ caissa-cli */

/* Runs caissa-cli (tests/meson.build names it in CAISSA_CLI). */
static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  const char *cli = g_getenv ("CAISSA_CLI");
  GPtrArray *argv = g_ptr_array_new ();
  GError *error = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (; *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_ptr_array_free (argv, TRUE);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
side_line (const char             *label,
           const ChessTbSideStats *s)
{
  return g_strdup_printf ("%s positions %" G_GUINT64_FORMAT " wins %" G_GUINT64_FORMAT
                          " draws %" G_GUINT64_FORMAT " longest mate %u\n",
                          label, s->positions, s->wins, s->draws, s->longest_moves);
}

static void
test_cli (void)
{
  char *out = NULL, *err = NULL, *expected, *again = NULL;

  /* tb-stats: the library's figures in the documented format. */
  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    {
      const char *args[] = { "tb-stats", chess_tb_ending_name (e), NULL };
      ChessTbStats s;
      char *w, *l;

      g_assert_true (chess_tb_stats (e, CHESS_TB_FILTER_ALL, &s));
      w = side_line ("strong side to move:", &s.strong_to_move);
      l = side_line ("lone king to move:  ", &s.lone_to_move);
      expected = g_strdup_printf ("ending: %s\n%s%s", chess_tb_ending_name (e), w, l);
      g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
      g_assert_true (g_str_has_prefix (out, expected));
      g_free (w);
      g_free (l);
      g_free (expected);
      g_free (out);
      g_free (err);
    }
  {
    const char *args[] = { "tb-stats", "kbbk", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "opposite-coloured bishops, strong side to move: "
                                   "positions 5008256 wins 5007216 draws 1040 longest mate 19\n"));
    g_assert_nonnull (strstr (out, "same-coloured bishops, strong side to move: "));
    g_free (out);
    g_free (err);
  }
  {
    const char *args[] = { "tb-stats", "KNNK", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "unknown ending 'KNNK'"));
    g_free (out);
    g_free (err);
  }
  /* tb-probe */
  {
    const char *args[] = { "tb-probe", "K7/8/8/3k4/2R5/5R2/8/8 b - - 0 1", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "ending: KRRK\n"));
    g_assert_nonnull (strstr (out, "result: loss, mated in 16 (32 plies)\n"));
    g_assert_nonnull (strstr (out, "best: Kxc4\n"));
    g_assert_nonnull (strstr (out, "move Kd6    loss, mated in 5 (10 plies)\n"));
    g_free (out);
    g_free (err);
  }
  {
    const char *args[] = { "tb-probe", "8/8/8/3k4/8/8/8/K5NN", "w", "-", "-", "0", "1", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (out, "result: unknown"));
    g_free (out);
    g_free (err);
  }
  /* tb-start: reproducible, and what it prints probes as said. */
  {
    const char *args[] = { "tb-start", "kbnk", "30", "33", "12345", NULL };
    char **lines;
    ChessPosition pos;
    ChessTbResult r;

    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_free (err);
    g_assert_cmpint (run_cli (args, &again, &err), ==, 0);
    g_assert_cmpstr (out, ==, again);
    lines = g_strsplit (out, "\n", -1);
    pos = parse_fen (lines[0]);
    g_assert_true (chess_tb_probe (&pos, &r));
    g_assert_cmpint (r.dtm_moves, >=, 30);
    g_assert_cmpstr (lines[1], ==, (expected = g_strdup_printf ("mate in %d", r.dtm_moves)));
    g_free (expected);
    g_strfreev (lines);
    g_free (out);
    g_free (again);
    g_free (err);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* First: it starts from freed tables. */
  g_test_add_func ("/core/tb/build-while-probing", test_build_threads);
  g_test_add_func ("/core/tb/names", test_names);
  for (size_t i = 0; i < G_N_ELEMENTS (published); i++)
    {
      char *path = g_strdup_printf ("/core/tb/published/%s", chess_tb_ending_name (published[i].e));
      g_test_add_data_func (path, &published[i], test_published);
      g_free (path);
    }
  g_test_add_func ("/core/tb/known-positions", test_known);
  g_test_add_func ("/core/tb/illegal-and-unknown", test_illegal_and_unknown);
  g_test_add_data_func ("/core/tb/recurrence/KQK-all", GINT_TO_POINTER (CHESS_TB_KQK),
                        test_recurrence_all);
  g_test_add_data_func ("/core/tb/recurrence/KRK-all", GINT_TO_POINTER (CHESS_TB_KRK),
                        test_recurrence_all);
  for (int e = CHESS_TB_KRRK; e < CHESS_TB_N_ENDINGS; e++)
    {
      char *path = g_strdup_printf ("/core/tb/recurrence/%s-sample", chess_tb_ending_name (e));
      g_test_add_data_func (path, GINT_TO_POINTER (e), test_recurrence_sample);
      g_free (path);
    }
  g_test_add_func ("/core/tb/colour-flip", test_flip);
  g_test_add_func ("/core/tb/kbnk-longest-playout", test_kbnk_longest_playout);
  g_test_add_func ("/core/tb/krrk-hanging-rook", test_krrk_hanging_rook);
  g_test_add_func ("/core/tb/serialize", test_serialize);
  g_test_add_func ("/core/tb/cli", test_cli);
  g_test_add_func ("/core/practice/start-positions", test_start_positions);
  g_test_add_func ("/core/practice/start-limits", test_start_limits);
  g_test_add_func ("/core/practice/defend", test_defend);
  g_test_add_func ("/core/practice/defend-ties", test_defend_ties);
  g_test_add_func ("/core/practice/hint", test_hint);
  g_test_add_func ("/core/practice/judge", test_judge);
  g_test_add_func ("/core/practice/status", test_status);
  g_test_add_func ("/core/practice/grade", test_grade);

  return g_test_run ();
}
