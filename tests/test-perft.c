/* test-perft.c — the move generator against published perft counts.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The six positions of the chessprogramming wiki ("Perft Results") and
 * all of perftsuite.epd (see data/SOURCES.md). The quick suite runs every
 * depth whose count stays under PERFT_MAX_NODES; test-perft-slow.c
 * includes this file with a larger limit.
 */
#include "config.h"

#include "core-test-util.h"

#ifndef PERFT_MAX_NODES
#define PERFT_MAX_NODES 3000000ull
#define PERFT_MIN_NODES 0ull
#endif

typedef struct
{
  const char *name;
  const char *fen;
  guint64     counts[8];  /* counts[d - 1] for depth d, 0-terminated */
} WikiPosition;

/* chessprogramming wiki, "Perft Results", positions 1-6. */
static const WikiPosition wiki[] = {
  { "initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    { 20, 400, 8902, 197281, 4865609, 119060324, 3195901860ull } },
  { "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    { 48, 2039, 97862, 4085603, 193690690, 8031647685ull } },
  { "position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    { 14, 191, 2812, 43238, 674624, 11030083, 178633661 } },
  { "position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    { 6, 264, 9467, 422333, 15833292, 706045033 } },
  { "position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    { 44, 1486, 62379, 2103487, 89941194 } },
  { "position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    { 46, 2079, 89890, 3894594, 164075551, 6923051137ull } },
};

static void
check_counts (const char    *fen,
              const guint64 *counts,
              unsigned       max_depth)
{
  ChessPosition pos;
  unsigned tested = 0;

  load_fen (&pos, fen);
  for (unsigned d = 1; d <= max_depth; d++)
    {
      if (counts[d - 1] == 0 || counts[d - 1] > PERFT_MAX_NODES)
        break;
      if (counts[d - 1] <= PERFT_MIN_NODES)
        continue;
      g_test_message ("%s depth %u", fen, d);
      g_assert_cmpuint (chess_perft (&pos, d), ==, counts[d - 1]);
      tested++;
    }
  g_assert_cmpuint (tested, >, 0);
}

static gboolean
has_depth_in_range (const guint64 *counts,
                    unsigned       max_depth)
{
  for (unsigned d = 1; d <= max_depth && counts[d - 1] != 0; d++)
    if (counts[d - 1] > PERFT_MIN_NODES && counts[d - 1] <= PERFT_MAX_NODES)
      return TRUE;
  return FALSE;
}

static void
test_wiki (gconstpointer data)
{
  const WikiPosition *w = data;

  check_counts (w->fen, w->counts, 8);
}

static void
test_suite_line (gconstpointer data)
{
  const EpdLine *line = data;

  check_counts (line->fen, line->counts + 1, 6);
}

/* chess_count_legal and the length of the generated list always agree. */
static void
test_count_matches_list (void)
{
  g_autoptr (GArray) lines = load_epd_suite ();

  for (unsigned i = 0; i < lines->len; i++)
    {
      ChessPosition pos;
      ChessMoveList list;

      load_fen (&pos, g_array_index (lines, EpdLine, i).fen);
      chess_generate_legal (&pos, &list);
      g_assert_cmpuint (chess_count_legal (&pos), ==, list.count);
      g_assert_cmpuint (list.count, ==, g_array_index (lines, EpdLine, i).counts[1]);
    }
}

static void
test_depth_zero (void)
{
  ChessPosition pos;

  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_perft (&pos, 0), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  GArray *lines;

  g_test_init (&argc, &argv, NULL);
  chess_init ();

  for (unsigned i = 0; i < G_N_ELEMENTS (wiki); i++)
    {
      g_autofree char *path = NULL;
      if (!has_depth_in_range (wiki[i].counts, 8))
        continue;
      path = g_strdup_printf ("/core/perft%s/wiki/%s",
                                               PERFT_MIN_NODES ? "-slow" : "", wiki[i].name);
      g_test_add_data_func (path, &wiki[i], test_wiki);
    }
  lines = load_epd_suite ();
  g_assert_cmpuint (lines->len, ==, 126);
  for (unsigned i = 0; i < lines->len; i++)
    {
      EpdLine *line = &g_array_index (lines, EpdLine, i);
      g_autofree char *path = NULL;
      if (!has_depth_in_range (line->counts + 1, 6))
        continue;
      path = g_strdup_printf ("/core/perft%s/suite/%03u",
                                               PERFT_MIN_NODES ? "-slow" : "", i + 1);
      g_test_add_data_func (path, line, test_suite_line);
    }
  if (PERFT_MIN_NODES == 0)
    {
      g_test_add_func ("/core/perft/count-matches-list", test_count_matches_list);
      g_test_add_func ("/core/perft/depth-zero", test_depth_zero);
    }
  {
    int rc = g_test_run ();
    g_array_unref (lines);
    return rc;
  }
}
