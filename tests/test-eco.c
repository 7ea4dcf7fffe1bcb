/* test-eco.c — opening names by position (chess-eco.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>

#include "chess-eco.h"
#include "chess-fen.h"
#include "chess-pgn.h"
#include "chess-san.h"

/* --- The compiled table is the whole set ------------------------------------- */

/* Replays "1. e4 c5 2. Nf3" from the start, feeding walk (when not NULL)
 * every position; returns the final position's key. */
static void
replay_line (const char    *pgn,
             ChessPosition *pos,
             ChessEcoWalk  *walk,
             const char    *where)
{
  g_auto(GStrv) tokens = g_strsplit (pgn, " ", -1);
  unsigned ply = 0;

  chess_position_init_start (pos);
  if (walk != NULL)
    {
      chess_eco_walk_init (walk);
      chess_eco_walk_position (walk, pos, 0);
    }
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      ChessError error = { 0 };
      ChessMove move;

      if (*tokens[i] == '\0' || g_ascii_isdigit (*tokens[i]))
        continue;
      move = chess_san_parse (pos, tokens[i], strlen (tokens[i]), &error);
      if (move == CHESS_MOVE_NONE)
        g_error ("%s: %s: %s", where, tokens[i], error.message);
      chess_position_make_move (pos, move);
      ply++;
      if (walk != NULL)
        {
          /* The cut-off must never give up before a named position. */
          if (walk->done)
            g_error ("%s: the walk gave up at ply %u before the named position", where, ply);
          chess_eco_walk_position (walk, pos, ply);
        }
    }
}

static void
test_complete (void)
{
  static const char *const sets[] = { "a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv" };
  GHashTable *first = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint n_lines = 0, n_merged = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "openings", sets[s], NULL);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, &error));
      g_assert_no_error (error);
      lines = g_strsplit (text, "\n", -1);
      g_assert_cmpstr (lines[0], ==, "eco\tname\tpgn");
      for (guint i = 1; lines[i] != NULL; i++)
        {
          g_auto(GStrv) fields = NULL;
          g_autofree char *where = g_strdup_printf ("%s:%u", sets[s], i + 1);
          ChessPosition pos;
          ChessEcoWalk walk;
          const ChessEco *eco;
          gint64 *key;

          if (*lines[i] == '\0')
            continue;
          fields = g_strsplit (lines[i], "\t", 3);
          g_assert_cmpuint (g_strv_length (fields), ==, 3);
          replay_line (fields[2], &pos, &walk, where);
          n_lines++;

          eco = chess_eco_lookup_position (&pos);
          if (eco == NULL)
            g_error ("%s: %s %s is not in the table", where, fields[0], fields[1]);
          /* The walk ends on the line's own position. */
          g_assert_true (walk.opening == eco);
          if (g_hash_table_contains (first, &pos.key))
            {
              /* Merged: the entry is that of the first line there. */
              g_assert_true (g_hash_table_lookup (first, &pos.key) == eco);
              n_merged++;
              continue;
            }
          if (!g_str_equal (eco->eco, fields[0]) || !g_str_equal (eco->name, fields[1]))
            g_error ("%s: %s %s found as %s %s", where, fields[0], fields[1], eco->eco, eco->name);
          key = g_new (gint64, 1);
          *key = (gint64) pos.key;
          g_hash_table_insert (first, key, (gpointer) eco);
        }
    }

  /* lichess's set: 3,807 lines, each reaching its own position. */
  g_assert_cmpuint (n_lines, ==, 3807);
  g_assert_cmpuint (n_lines, ==, chess_eco_n_lines ());
  g_assert_cmpuint (n_merged, ==, chess_eco_n_merged ());
  g_assert_cmpuint (chess_eco_count (), ==, n_lines - n_merged);
  g_assert_cmpuint (g_hash_table_size (first), ==, chess_eco_count ());
  for (guint i = 0; i < chess_eco_count (); i++)
    g_assert_cmpuint (chess_eco_index (chess_eco_nth (i)), ==, i);
  g_assert_null (chess_eco_nth (chess_eco_count ()));
  g_hash_table_unref (first);
}

/* --- Known games ------------------------------------------------------------- */

typedef struct
{
  const char *label;
  const char *movetext;
  const char *eco;       /* NULL: nothing named */
  const char *name;
  unsigned    ply;
} GameCase;

static const GameCase game_cases[] = {
  { "najdorf", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6",
    "B90", "Sicilian Defense: Najdorf Variation", 10 },
  /* Past the book the last named position stays. */
  { "najdorf-adams", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 e5 7. Nde2 h5 8. g3 Be6",
    "B90", "Sicilian Defense: Najdorf Variation, Adams Attack", 11 },
  /* The same Najdorf by another order: 2...a6 before d6. */
  { "najdorf-transposed", "1. e4 c5 2. Nf3 a6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 d6",
    "B90", "Sicilian Defense: Najdorf Variation", 10 },
  { "qgd", "1. d4 d5 2. c4 e6", "D30", "Queen's Gambit Declined", 4 },
  /* A Queen's Gambit Declined from a Réti order: the position after
   * 3...e6 is not named in the set, the last named one is 2...Nf6's. */
  { "reti-to-qgd", "1. Nf3 d5 2. d4 Nf6 3. c4 e6",
    "D02", "Queen's Pawn Game: Symmetrical Variation", 4 },
  /* One move on it is the Three Knights, named by 1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Nf3. */
  { "reti-to-qgd-three-knights", "1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3",
    "D37", "Queen's Gambit Declined: Three Knights Variation", 7 },
  { "english-to-qgd", "1. c4 e6 2. Nc3 d5 3. d4 Nf6 4. Nf3 Be7",
    "D37", "Queen's Gambit Declined: Three Knights Variation", 7 },
  { "ruy-lopez", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3",
    "C92", NULL, 17 },
  /* Variations are not the main line. */
  { "variation-ignored", "1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3", "C40", "King's Knight Opening", 3 },
  { "no-moves", "", NULL, NULL, 0 },
  { "from-fen", NULL, NULL, NULL, 0 },
  /* A named position reached late, by moving knights back and forth. */
  { "late", "1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nc6 5. Bb5", "C60", "Ruy Lopez", 9 },
};

static void
test_game (gconstpointer data)
{
  const GameCase *c = data;
  g_autofree char *pgn = NULL;
  ChessError error = { 0 };
  ChessGame *game;
  ChessEcoWalk walk;

  if (c->movetext != NULL)
    pgn = g_strdup_printf ("[Event \"%s\"]\n\n%s *\n", c->label, c->movetext);
  else
    pgn = g_strdup ("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 *\n");
  game = chess_pgn_read_game (pgn, strlen (pgn), &error, NULL);
  g_assert_nonnull (game);

  chess_eco_classify_game (game, &walk);
  if (c->eco == NULL)
    g_assert_null (walk.opening);
  else
    {
      g_assert_nonnull (walk.opening);
      g_assert_cmpstr (walk.opening->eco, ==, c->eco);
      if (c->name != NULL)
        g_assert_cmpstr (walk.opening->name, ==, c->name);
    }
  g_assert_cmpuint (walk.ply, ==, c->ply);

  /* The same from a visitor's moves, and up to the last move. */
  {
    ChessEcoWalk by_move, by_node;
    ChessNodeId node = CHESS_NODE_ROOT, last = CHESS_NODE_ROOT;
    unsigned ply = 0;

    chess_eco_walk_init (&by_move);
    chess_eco_walk_position (&by_move, chess_game_start_position (game), 0);
    for (node = chess_game_node_next (game, CHESS_NODE_ROOT); node != CHESS_NODE_NONE;
         node = chess_game_node_next (game, node))
      {
        chess_eco_walk_move (&by_move, chess_game_node_position (game, chess_game_node_parent (game, node)),
                             chess_game_node_move (game, node), ++ply);
        last = node;
      }
    chess_eco_walk_finish (&by_move);
    g_assert_true (by_move.opening == walk.opening);
    g_assert_cmpuint (by_move.ply, ==, walk.ply);

    chess_eco_classify_node (game, last, &by_node);
    g_assert_true (by_node.opening == walk.opening);
    g_assert_cmpuint (by_node.ply, ==, walk.ply);
  }
  chess_game_free (game);
}

/* The path to a move in a variation is what the board shows. */
static void
test_node (void)
{
  const char *pgn = "[Event \"v\"]\n\n1. e4 (1. d4 d5 2. c4) 1... e5 *\n";
  ChessError error = { 0 };
  ChessGame *game = chess_pgn_read_game (pgn, strlen (pgn), &error, NULL);
  ChessNodeId e4, d4, d5, c4;
  ChessEcoWalk walk;

  g_assert_nonnull (game);
  e4 = chess_game_node_next (game, CHESS_NODE_ROOT);
  d4 = chess_game_node_next_sibling (game, e4);
  g_assert_cmpuint (d4, !=, CHESS_NODE_NONE);
  d5 = chess_game_node_next (game, d4);
  c4 = chess_game_node_next (game, d5);

  chess_eco_classify_node (game, c4, &walk);
  g_assert_nonnull (walk.opening);
  g_assert_cmpstr (walk.opening->eco, ==, "D06");
  g_assert_cmpstr (walk.opening->name, ==, "Queen's Gambit");
  g_assert_cmpuint (walk.ply, ==, 3);

  chess_eco_classify_node (game, CHESS_NODE_ROOT, &walk);
  g_assert_null (walk.opening);
  g_assert_cmpuint (walk.ply, ==, 0);
  chess_game_free (game);
}

/* Once the pieces are too few, the walk stops looking. */
static void
test_done (void)
{
  ChessPosition pos;
  ChessEcoWalk walk;
  ChessError error = { 0 };

  g_assert_true (chess_fen_parse (&pos, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 31, &error));
  chess_eco_walk_init (&walk);
  g_assert_false (chess_eco_walk_position (&walk, &pos, 0));
  g_assert_true (walk.done);
  g_assert_null (walk.opening);

  chess_position_init_start (&pos);
  chess_eco_walk_init (&walk);
  g_assert_true (chess_eco_walk_position (&walk, &pos, 0));
  g_assert_null (chess_eco_lookup_position (&pos));
  g_assert_null (chess_eco_lookup (0));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/eco/complete", test_complete);
  for (guint i = 0; i < G_N_ELEMENTS (game_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/eco/game/%s", game_cases[i].label);

      g_test_add_data_func (path, &game_cases[i], test_game);
    }
  g_test_add_func ("/core/eco/node", test_node);
  g_test_add_func ("/core/eco/done", test_done);
  return g_test_run ();
}
