/* edit-history.c — what Undo costs in review: a snapshot of the whole
 * move tree per edit (CaissaEditHistory), on a 300-ply annotated game
 * with variations. Prints the time of one snapshot (min/median/max over
 * runs) and the memory 100 snapshots take. Run through
 * bench/edit-history.sh.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#include "caissa-edit-history.h"
#include "chess-pgn.h"
#include "chess-position.h"

/* Random legal moves (a fixed seed), a comment with a clock and words on
 * each, a NAG on every fifth, a three-move variation on every tenth. */
static ChessGame *
annotated_game (guint plies)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId node = CHESS_NODE_ROOT;
  GRand *rand = g_rand_new_with_seed (42);

  for (guint ply = 0; ply < plies; ply++)
    {
      const ChessPosition *pos = chess_game_node_position (game, node);
      ChessMoveList list;
      unsigned n = chess_generate_legal (pos, &list);
      ChessNodeId next;

      if (n == 0)
        break;
      if (ply % 10 == 9 && n > 1)
        {
          ChessNodeId v = chess_game_add_move (game, node, list.moves[(ply + 1) % n]);

          for (guint k = 0; k < 2 && v != CHESS_NODE_NONE; k++)
            {
              ChessMoveList vl;
              unsigned vn = chess_generate_legal (chess_game_node_position (game, v), &vl);

              if (vn == 0)
                break;
              v = chess_game_add_move (game, v, vl.moves[0]);
              chess_game_node_set_comment (game, v, CHESS_COMMENT_AFTER, "a variation worth a look");
            }
        }
      next = chess_game_add_move (game, node, list.moves[g_rand_int_range (rand, 0, (gint32) n)]);
      chess_game_promote_to_main_line (game, next);
      chess_game_node_set_comment (game, next, CHESS_COMMENT_AFTER,
                                   "[%clk 0:12:34] [%cal Ge2e4,Rd1d8] the plan is clear, White presses on");
      if (ply % 5 == 0)
        chess_game_node_add_nag (game, next, 1 + ply % 6);
      node = next;
    }
  g_rand_free (rand);
  return game;
}

static int
compare (const void *a,
         const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int   argc,
      char *argv[])
{
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 9;
  ChessGame *game = annotated_game (300);
  g_autofree double *times = g_new (double, runs);
  size_t pgn_len = 0;
  char *pgn = chess_pgn_write_game (game, &pgn_len);
  struct mallinfo2 before, after;
  CaissaEditHistory *history;

  free (pgn);
  for (guint r = 0; r < runs; r++)
    {
      gint64 start;
      const guint edits = 200;

      history = caissa_edit_history_new ();
      caissa_edit_history_reset (history, game, CHESS_NODE_ROOT);
      start = g_get_monotonic_time ();
      for (guint i = 0; i < edits; i++)
        caissa_edit_history_push (history, game, CHESS_NODE_ROOT, CHESS_NODE_ROOT, NULL);
      times[r] = (double) (g_get_monotonic_time () - start) / edits;
      g_object_unref (history);
    }
  qsort (times, runs, sizeof *times, compare);

  history = caissa_edit_history_new ();
  caissa_edit_history_reset (history, game, CHESS_NODE_ROOT);
  before = mallinfo2 ();
  for (guint i = 0; i < 100; i++)
    caissa_edit_history_push (history, game, CHESS_NODE_ROOT, CHESS_NODE_ROOT, NULL);
  after = mallinfo2 ();

  printf ("game: %u plies in the main line, %u nodes, PGN %zu bytes\n",
          chess_game_node_ply (game, chess_game_main_line_end (game, CHESS_NODE_ROOT)),
          chess_game_n_slots (game), pgn_len);
  printf ("snapshot per edit: min %.1f µs, median %.1f µs, max %.1f µs (%u runs of 200 edits)\n",
          times[0], times[runs / 2], times[runs - 1], runs);
  printf ("memory per snapshot: %.1f KiB (100 snapshots: %.1f MiB)\n",
          (double) (after.uordblks - before.uordblks) / 100 / 1024,
          (double) (after.uordblks - before.uordblks) / (1024 * 1024));
  g_object_unref (history);
  chess_game_free (game);
  return 0;
}
