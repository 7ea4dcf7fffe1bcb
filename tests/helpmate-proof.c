/* helpmate-proof.c — the exhaustive proof that chess_can_mate() is exact for
 * every piece-only ending up to five men (test tool, not shipped).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   helpmate-proof [MEN] [--compare] [--only NAME]
 *
 * For every combination of two kings and up to MEN-2 pieces it builds the
 * helpmate table (helpmate-solver.c), prints for each side and each
 * arrangement of bishop colours whether a mate can ever be reached (the
 * "no" lines are the data in src/core/chess-can-mate.c), and with
 * --compare checks chess_can_mate() against the table on every legal
 * position, printing each disagreement. Exit status 1 on any.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chess-fen.h"
#include "chess-rules.h"
#include "helpmate-solver.h"

static const ChessPiece kinds[8] = {
  CHESS_KNIGHT, CHESS_BISHOP, CHESS_ROOK, CHESS_QUEEN,
  8 + CHESS_KNIGHT, 8 + CHESS_BISHOP, 8 + CHESS_ROOK, 8 + CHESS_QUEEN,
};

/* The signature chess_can_mate's table uses, worked out here on its own:
 * X's men then the opponent's, Q R N, then bishops: "B" on the colour of
 * X's first bishop (the opponent's first when X has none), "b" on the
 * other. */
static void
signature (const HmTable     *table,
           const ChessSquare *sq,
           ChessColor         x,
           char              *buf)
{
  static const char order[] = "QRN";
  int ref = -1;
  size_t len = 0;

  for (int pass = 0; pass < 2 && ref < 0; pass++)
    {
      ChessColor c = pass == 0 ? x : x ^ 1;
      int best = 64;
      for (unsigned i = 0; i < table->n; i++)
        if (chess_piece_color (table->pieces[i]) == c
            && chess_piece_type (table->pieces[i]) == CHESS_BISHOP && sq[i + 2] < best)
          best = sq[i + 2];
      if (best < 64)
        ref = ((best & 7) + (best >> 3)) & 1;
    }
  for (int pass = 0; pass < 2; pass++)
    {
      ChessColor c = pass == 0 ? x : x ^ 1;
      if (pass == 1)
        buf[len++] = '/';
      for (int o = 0; o < 3; o++)
        for (unsigned i = 0; i < table->n; i++)
          if (chess_piece_color (table->pieces[i]) == c
              && "?PNBRQK"[chess_piece_type (table->pieces[i])] == order[o])
            buf[len++] = order[o];
      for (int same = 1; same >= 0; same--)
        for (unsigned i = 0; i < table->n; i++)
          if (chess_piece_color (table->pieces[i]) == c
              && chess_piece_type (table->pieces[i]) == CHESS_BISHOP
              && ((((sq[i + 2] & 7) + (sq[i + 2] >> 3)) & 1) == ref) == same)
            buf[len++] = same ? 'B' : 'b';
    }
  buf[len] = '\0';
}

typedef struct
{
  guint64 positions, reach;
} ClassCount;

static int failures;
static gboolean compare;
static FILE *sample_out;
static unsigned sample_size = 6000;

static void
prove (const ChessPiece *pieces,
       unsigned          n,
       GHashTable       *classes)
{
  gint64 start = g_get_monotonic_time ();
  HmTable *table = hm_table_get (pieces, n);
  char name[32];
  guint64 legal = 0, mismatches = 0;

  hm_table_name (table, name, sizeof name);
  for (size_t index = 0; index < 2 * table->per_side; index++)
    {
      uint8_t e = table->entries[index];
      ChessSquare sq[HM_MAX_PIECES + 2];
      ChessColor side;

      if (!(e & HM_LEGAL))
        continue;
      legal++;
      hm_decode (table, index, sq, &side);
      for (int x = 0; x < 2; x++)
        {
          char sig[16];
          ClassCount *count;
          uint8_t bit = x == CHESS_WHITE ? HM_WHITE_MATES : HM_BLACK_MATES;

          signature (table, sq, x, sig);
          count = g_hash_table_lookup (classes, sig);
          if (count == NULL)
            {
              count = g_new0 (ClassCount, 1);
              g_hash_table_insert (classes, g_strdup (sig), count);
            }
          count->positions++;
          if (e & bit)
            count->reach++;
        }
      if (compare)
        {
          ChessPosition pos;
          hm_position (table, sq, side, &pos);
          for (int x = 0; x < 2; x++)
            {
              bool truth = (e & (x == CHESS_WHITE ? HM_WHITE_MATES : HM_BLACK_MATES)) != 0;
              if (chess_can_mate (&pos, x) != truth)
                {
                  if (mismatches++ < 20)
                    {
                      char fen[128];
                      chess_fen_write (&pos, fen);
                      printf ("  MISMATCH %s: %s can mate: table %s, chess_can_mate %s\n", fen,
                              x == CHESS_WHITE ? "White" : "Black", truth ? "yes" : "no",
                              truth ? "no" : "yes");
                    }
                }
            }
        }
    }
  if (sample_out != NULL && table->n == 3)
    {
      /* Random legal positions with the table's answers, for the CI test
       * (tests/data/can-mate-5men.txt); a fixed seed keeps it stable. */
      GRand *rand = g_rand_new_with_seed (0xca155a + table->pieces[0] * 64 + table->pieces[1] * 8
                                          + table->pieces[2]);
      for (unsigned k = 0; k < sample_size;)
        {
          size_t index = (size_t) g_rand_double_range (rand, 0, 2.0 * table->per_side);
          ChessSquare sq[HM_MAX_PIECES + 2];
          ChessColor side;
          ChessPosition pos;
          char fen[CHESS_FEN_MAX];
          uint8_t e = table->entries[index];
          if (!(e & HM_LEGAL))
            continue;
          hm_decode (table, index, sq, &side);
          hm_position (table, sq, side, &pos);
          fprintf (sample_out, "%s;%d;%d\n", chess_fen_write (&pos, fen),
                   (e & HM_WHITE_MATES) != 0, (e & HM_BLACK_MATES) != 0);
          k++;
        }
      g_rand_free (rand);
    }
  printf ("%-12s %11" G_GUINT64_FORMAT " legal positions, %6.1f s%s",
          name, legal, (g_get_monotonic_time () - start) / 1e6, compare ? "" : "\n");
  if (compare)
    printf (", %" G_GUINT64_FORMAT " mismatches\n", mismatches);
  fflush (stdout);
  if (mismatches)
    failures++;
}

/* --scan: every placement of a 5-man combination searched for mates,
 * without building its table (too slow for all 5-man combinations on one
 * machine). A combination in which X mates nowhere, and whose smaller
 * combinations are all "no", is "no" from every position. */
static void
scan (const ChessPiece *pieces,
      unsigned          n)
{
  gint64 start = g_get_monotonic_time ();
  HmTable table = { .n = n };
  char name[32];
  struct { guint64 positions, mates[2]; ChessSquare sq[HM_MAX_PIECES + 2]; } cls[8] = { { 0 } };

  memcpy (table.pieces, pieces, n);
  table.per_side = 10;
  for (unsigned i = 0; i < n + 1; i++)
    table.per_side *= 64;
  hm_table_name (&table, name, sizeof name);
  for (size_t index = 0; index < 2 * table.per_side; index++)
    {
      ChessSquare sq[HM_MAX_PIECES + 2];
      ChessColor side;
      unsigned key = 0;
      ChessBitboard occ = 0;
      int ok = 1;

      hm_decode (&table, index, sq, &side);
      for (unsigned i = 0; i < n + 2; i++)
        {
          if (occ & ((ChessBitboard) 1 << sq[i]))
            ok = 0;
          occ |= (ChessBitboard) 1 << sq[i];
        }
      if (!ok || hm_index (&table, sq, side) != index)
        continue;
      for (unsigned i = 0; i < n; i++)
        if (chess_piece_type (pieces[i]) == CHESS_BISHOP)
          key |= (unsigned) (((sq[i + 2] & 7) + (sq[i + 2] >> 3)) & 1) << i;
      {
        ChessPosition pos;
        hm_position (&table, sq, side, &pos);
        /* Legal: the side not to move is not in check. */
        if (chess_position_attackers (&pos, chess_position_king (&pos, side ^ 1), side,
                                      pos.by_type[0]))
          continue;
        if (cls[key].positions++ == 0)
          memcpy (cls[key].sq, sq, sizeof sq);
        if (pos.checkers && chess_count_legal (&pos) == 0)
          cls[key].mates[side ^ 1]++;
      }
    }
  printf ("%-12s scanned in %.1f s\n", name, (g_get_monotonic_time () - start) / 1e6);
  for (unsigned key = 0; key < 8; key++)
    if (cls[key].positions)
      for (int x = 0; x < 2; x++)
        {
          char sig[16];
          signature (&table, cls[key].sq, x, sig);
          printf ("  %-10s %" G_GUINT64_FORMAT " mates in %" G_GUINT64_FORMAT " positions\n",
                  sig, cls[key].mates[x], cls[key].positions);
        }
  fflush (stdout);
}

static int
cmp_str (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
main (int    argc,
      char **argv)
{
  unsigned men = 5;
  const char *only = NULL;
  g_autoptr(GHashTable) classes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) keys = NULL;
  gint64 start = g_get_monotonic_time ();

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--compare") == 0)
        compare = TRUE;
      else if (strcmp (argv[i], "--scan") == 0)
        {
          /* The 5-man combinations whose smaller ones are all "no" for
           * the side with only minor pieces. */
          static const char *const combos[] = {
            "NQQ", "BQQ", "BQR", "BRR", "BQB", "BRB", "BBB", "BBQ", "BBR", "BBBK",
          };
          chess_init ();
          for (unsigned c = 0; c < G_N_ELEMENTS (combos); c++)
            {
              ChessPiece p[3];
              const char *w = combos[c];
              /* White has the first piece (or three for "BBBK"), Black the rest. */
              for (unsigned k = 0; k < 3; k++)
                {
                  ChessPieceType type = w[k] == 'N' ? CHESS_KNIGHT : w[k] == 'B' ? CHESS_BISHOP
                                        : w[k] == 'R' ? CHESS_ROOK : CHESS_QUEEN;
                  gboolean white = strlen (w) == 4 || k == 0 || (k == 1 && w[0] == 'B' && w[1] == 'B'
                                                                  && c >= 7);
                  p[k] = chess_piece_make (white ? CHESS_WHITE : CHESS_BLACK, type);
                }
              scan (p, 3);
            }
          return 0;
        }
      else if (strcmp (argv[i], "--sample") == 0 && i + 1 < argc)
        sample_out = fopen (argv[++i], "a");
      else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
        only = argv[++i];
      else
        men = (unsigned) atoi (argv[i]);
    }
  if (men < 2 || men > 5)
    {
      fprintf (stderr, "helpmate-proof: MEN must be 2 to 5\n");
      return 2;
    }
  chess_init ();

  /* Every multiset of piece kinds, smallest first (sub-tables are built
   * on the way anyway). */
  for (unsigned n = 0; n + 2 <= men; n++)
    {
      unsigned idx[HM_MAX_PIECES] = { 0 };
      for (;;)
        {
          ChessPiece pieces[HM_MAX_PIECES];
          for (unsigned i = 0; i < n; i++)
            pieces[i] = kinds[idx[i]];
          if (only == NULL || n + 2 == men)
            {
              gboolean skip = FALSE;
              if (only != NULL)
                {
                  HmTable probe = { .n = n };
                  char name[32];
                  memcpy (probe.pieces, pieces, n);
                  hm_table_name (&probe, name, sizeof name);
                  skip = strcmp (name, only) != 0;
                }
              if (!skip)
                prove (pieces, n, classes);
            }
          /* Next non-decreasing index tuple. */
          {
            int i = (int) n - 1;
            while (i >= 0 && idx[i] == 7)
              i--;
            if (i < 0)
              break;
            idx[i]++;
            for (unsigned j = (unsigned) i + 1; j < n; j++)
              idx[j] = idx[i];
          }
        }
      /* The big tables are not needed by the next size up but one. */
    }

  keys = g_ptr_array_new ();
  {
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init (&iter, classes);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_ptr_array_add (keys, key);
  }
  g_ptr_array_sort (keys, cmp_str);
  printf ("\nX's men / the opponent's (B = colour of X's first bishop): can X mate?\n");
  for (guint i = 0; i < keys->len; i++)
    {
      ClassCount *c = g_hash_table_lookup (classes, keys->pdata[i]);
      printf ("%-10s %-3s %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "\n", (char *) keys->pdata[i],
              c->reach ? "yes" : "NO", c->reach, c->positions);
    }
  printf ("\ntotal %.1f s, %d combination(s) with mismatches\n",
          (g_get_monotonic_time () - start) / 1e6, failures);
  hm_tables_free ();
  return failures ? 1 : 0;
}
