/* test-posdb.c — the explorer's position data against a plain replay of
 * every game.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two files: real opening lines (tests/data/pgn/openings-games.pgn, with
 * games from a FEN, null moves, variations and a game with an illegal move
 * appended) and random games generated here, many of them opening with the
 * same moves in different orders. For thousands of positions (the start,
 * positions from the games, positions reached only by transposition, a
 * position no game reaches) the tree and the exact search of the built
 * image, and of the batches it was built from, equal what a replay of each
 * game with chess_pgn_read_game() gives; pattern searches too, among
 * them patterns made from positions of the games (the per-game signatures
 * that let the image skip games must never drop one that matches). Then
 * the image is damaged in many places and must be refused, and an image
 * of another format version too, checksums right or not.
 */
#include <glib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-game.h"
#include "chess-pgn.h"
#include "chess-pgn-index.h"
#include "chess-posdb.h"
#include "chess-posdb-private.h"
#include "chess-san.h"
#include "core-test-util.h"

/* --- The reference: every game replayed -------------------------------------------------------- */

typedef struct
{
  gboolean      ok;
  ChessPosition start;
  GArray       *moves;   /* ChessMove */
  GArray       *keys;    /* guint64, one more than moves */
  GArray       *prefix;  /* guint64: hash of the moves before each ply */
  int           result;  /* 0 none, 1 white, 2 draw, 3 black */
  guint         elo[2];
  guint         year;
} RefGame;

typedef struct
{
  char            *text;
  gsize            len;
  GArray          *starts;   /* guint64 */
  GArray          *games;    /* RefGame */
  ChessPosdbBatch **batches;
  GHashTable      *where;    /* key → GArray of Occurrence, in game and ply order */
  guint            n_batches;
  uint8_t         *image;
  size_t           image_len;
  ChessPosdb      *db;
} Fixture;

typedef struct
{
  guint game;
  guint ply;
} Occurrence;

static int
result_of (const char *s)
{
  if (s == NULL)
    return 0;
  if (strcmp (s, "1-0") == 0)
    return 1;
  if (strcmp (s, "1/2-1/2") == 0)
    return 2;
  if (strcmp (s, "0-1") == 0)
    return 3;
  return 0;
}

static guint
elo_of (const char *s)
{
  char *end;
  guint64 v;

  if (s == NULL || *s == '\0')
    return 0;
  v = g_ascii_strtoull (s, &end, 10);
  if (*end != '\0' || v < 1 || v > 4000)
    return 0;
  return (guint) v;
}

static void
ref_load (Fixture *f)
{
  ChessPgnIndex *index = chess_pgn_index_new (0);

  chess_pgn_index_scan (index, f->text, f->len, f->len);
  f->starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  f->games = g_array_new (FALSE, TRUE, sizeof (RefGame));
  for (size_t i = 0; i < chess_pgn_index_n_games (index); i++)
    {
      const ChessPgnIndexEntry *e = chess_pgn_index_entry (index, i);
      guint64 end = i + 1 < chess_pgn_index_n_games (index) ? chess_pgn_index_entry (index, i + 1)->offset : f->len;
      ChessError error;
      ChessGame *game = chess_pgn_read_game (f->text + e->offset, end - e->offset, &error, NULL);
      RefGame r = { 0 };

      g_array_append_val (f->starts, e->offset);
      r.moves = g_array_new (FALSE, FALSE, sizeof (ChessMove));
      r.keys = g_array_new (FALSE, FALSE, sizeof (guint64));
      r.prefix = g_array_new (FALSE, FALSE, sizeof (guint64));
      if (game != NULL)
        {
          ChessNodeId node = CHESS_NODE_ROOT;
          guint64 h = 0;
          const char *tag;

          r.ok = TRUE;
          r.start = *chess_game_start_position (game);
          tag = chess_game_get_tag (game, "Result");
          r.result = result_of (tag);
          r.elo[0] = elo_of (chess_game_get_tag (game, "WhiteElo"));
          r.elo[1] = elo_of (chess_game_get_tag (game, "BlackElo"));
          tag = chess_game_get_tag (game, "Date");
          r.year = 0;
          if (tag != NULL && strlen (tag) >= 4 && g_ascii_isdigit (tag[0]) && g_ascii_isdigit (tag[1])
              && g_ascii_isdigit (tag[2]) && g_ascii_isdigit (tag[3]))
            r.year = (guint) ((tag[0] - '0') * 1000 + (tag[1] - '0') * 100 + (tag[2] - '0') * 10 + (tag[3] - '0'));
          for (;;)
            {
              guint64 key = chess_game_node_position (game, node)->key;
              ChessNodeId next = chess_game_node_next (game, node);

              g_array_append_val (r.keys, key);
              g_array_append_val (r.prefix, h);
              if (next == CHESS_NODE_NONE)
                break;
              {
                ChessMove m = chess_game_node_move (game, next);
                g_array_append_val (r.moves, m);
                h = (h ^ m) * 0x100000001b3ULL + 7;
              }
              node = next;
            }
          chess_game_free (game);
        }
      g_array_append_val (f->games, r);
    }
  chess_pgn_index_free (index);

  /* Where each position occurs, so that the reference answers without
   * scanning every game for every position (fast under valgrind too). */
  f->where = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) g_array_unref);
  for (guint g = 0; g < f->games->len; g++)
    {
      RefGame *r = &g_array_index (f->games, RefGame, g);

      for (guint p = 0; r->ok && p < r->keys->len; p++)
        {
          guint64 *key = &g_array_index (r->keys, guint64, p);
          GArray *list = g_hash_table_lookup (f->where, key);
          Occurrence o = { g, p };

          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (Occurrence));
              g_hash_table_insert (f->where, key, list);
            }
          g_array_append_val (list, o);
        }
    }
}

static void
ref_tree (Fixture        *f,
          guint           n_games,
          guint64         key,
          ChessPosdbTree *tree)
{
  GArray *list = g_hash_table_lookup (f->where, &key);
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (ChessMove));
  guint last_game = G_MAXUINT;

  chess_posdb_tree_init (tree, key);
  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      Occurrence *o = &g_array_index (list, Occurrence, i);
      RefGame *r = &g_array_index (f->games, RefGame, o->game);
      ChessPosdbMoveStat *s = NULL;
      gboolean dup = FALSE;
      ChessMove m;
      guint side;

      if (o->game >= n_games)
        break;
      if (o->game != last_game)
        {
          tree->n_games++;
          last_game = o->game;
          g_array_set_size (seen, 0);
        }
      if (o->ply >= r->moves->len)
        continue;
      m = g_array_index (r->moves, ChessMove, o->ply);
      for (guint k = 0; k < seen->len; k++)
        dup |= g_array_index (seen, ChessMove, k) == m;
      if (dup)
        continue;
      g_array_append_val (seen, m);
      for (unsigned k = 0; k < tree->n_moves; k++)
        if (tree->moves[k].move == m)
          s = &tree->moves[k];
      if (s == NULL)
        {
          s = &tree->moves[tree->n_moves++];
          memset (s, 0, sizeof *s);
          s->move = m;
        }
      side = (r->start.side + o->ply) & 1;
      s->games++;
      s->white_wins += r->result == 1;
      s->draws += r->result == 2;
      s->black_wins += r->result == 3;
      if (r->elo[side])
        {
          s->rating_count++;
          s->rating_sum += r->elo[side];
        }
      if (r->year > s->last_year)
        s->last_year = (uint16_t) r->year;
    }
  g_array_unref (seen);
  chess_posdb_tree_sort (tree);
}

static void
ref_find (Fixture           *f,
          guint              n_games,
          guint64            key,
          ChessPosdbMatches *m)
{
  GArray *list = g_hash_table_lookup (f->where, &key);
  guint last_game = G_MAXUINT;

  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      Occurrence *o = &g_array_index (list, Occurrence, i);

      if (o->game >= n_games)
        break;
      if (o->game != last_game)
        chess_posdb_matches_add (m, o->game, o->ply);
      last_game = o->game;
    }
}

static void
ref_pattern (Fixture               *f,
             const ChessPosPattern *pt,
             ChessPosdbMatches     *m)
{
  for (guint g = 0; g < f->games->len; g++)
    {
      RefGame *r = &g_array_index (f->games, RefGame, g);
      ChessPosition pos = r->start;

      if (!r->ok)
        continue;
      for (guint p = 0; ; p++)
        {
          if (chess_pos_pattern_match (pt, &pos))
            {
              chess_posdb_matches_add (m, g, p);
              break;
            }
          if (p >= r->moves->len)
            break;
          chess_position_make_move (&pos, g_array_index (r->moves, ChessMove, p));
        }
    }
}

/* --- Building ---------------------------------------------------------------------------------- */

/* Memory for big arrays that counts what is out and, when told, refuses
 * every other request (the heap is then used for that one). */
typedef struct
{
  guint  n_alloc;
  guint  n_refused;
  gsize  out;
  bool   refuse_odd;
} TestMemory;

static TestMemory *test_memory;

static void *
test_memory_alloc (void   *user,
                   size_t  len)
{
  TestMemory *m = user;

  if (m->refuse_odd && (m->n_alloc + m->n_refused) % 2 == 1)
    {
      m->n_refused++;
      return NULL;
    }
  m->n_alloc++;
  m->out += len;
  return g_malloc0 (len);
}

static void
test_memory_release (void   *p,
                     size_t  len)
{
  g_assert_cmpuint (test_memory->out, >=, len);
  test_memory->out -= len;
  g_free (p);
}

static uint8_t *
build_image_in (Fixture                *f,
                guint                   batch_games,
                unsigned                n_parts,
                const ChessPosdbMemory *mem,
                size_t                 *len);

static uint8_t *
build_image (Fixture *f,
             guint    batch_games,
             unsigned n_parts,
             size_t  *len)
{
  return build_image_in (f, batch_games, n_parts, NULL, len);
}

static uint8_t *
build_image_in (Fixture                *f,
                guint                   batch_games,
                unsigned                n_parts,
                const ChessPosdbMemory *mem,
                size_t                 *len)
{
  guint n = f->starts->len;
  guint n_batches = (n + batch_games - 1) / batch_games;
  ChessPosdbBatch **batches = g_new0 (ChessPosdbBatch *, MAX (n_batches, 1));
  ChessPosdbSource source = { f->len, 12345, 678 };
  ChessPosdbBuild *build;
  uint8_t *img;

  for (guint b = 0; b < n_batches; b++)
    {
      guint first = b * batch_games, count = MIN (batch_games, n - first);
      guint64 start = g_array_index (f->starts, guint64, first);
      guint64 end = first + count < n ? g_array_index (f->starts, guint64, first + count) : f->len;
      guint64 *offs = g_new (guint64, count);

      for (guint i = 0; i < count; i++)
        offs[i] = g_array_index (f->starts, guint64, first + i) - start;
      batches[b] = chess_posdb_batch_parse_in (first, count, f->text + start, end - start, offs,
                                               mem);
      g_free (offs);
    }
  build = chess_posdb_build_new_in (batches, n_batches, n_parts, mem);
  /* The parts in reverse order: they must not depend on each other. */
  for (unsigned p = chess_posdb_build_n_parts (build); p-- > 0; )
    chess_posdb_build_run (build, p, NULL);
  img = chess_posdb_build_finish (build, &source, len);
  g_assert_nonnull (img);
  if (f->batches == NULL)
    {
      f->batches = batches;
      f->n_batches = n_batches;
    }
  else
    {
      for (guint b = 0; b < n_batches; b++)
        chess_posdb_batch_free (batches[b]);
      g_free (batches);
    }
  return img;
}

static void
fixture_free (Fixture *f)
{
  g_hash_table_unref (f->where);
  for (guint g = 0; g < f->games->len; g++)
    {
      RefGame *r = &g_array_index (f->games, RefGame, g);
      g_array_unref (r->moves);
      g_array_unref (r->keys);
      g_array_unref (r->prefix);
    }
  g_array_unref (f->games);
  g_array_unref (f->starts);
  for (guint b = 0; b < f->n_batches; b++)
    chess_posdb_batch_free (f->batches[b]);
  g_free (f->batches);
  chess_posdb_close (f->db);
  free (f->image);
  g_free (f->text);
  g_free (f);
}

/* --- The files --------------------------------------------------------------------------------- */

static char *
read_data (const char *name)
{
  g_autofree char *path = test_data_path (name);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  return text;
}

static char *
real_looking_text (void)
{
  static const char *const extra[] = {
    "pgn/fen.pgn", "pgn/null-moves.pgn", "pgn/variations.pgn", "pgn/illegal-move.pgn",
    "pgn/en-passant-promotion.pgn", "pgn/castling-dashes.pgn",
  };
  GString *s = g_string_new (NULL);
  g_autofree char *main = read_data ("pgn/openings-games.pgn");

  g_string_append (s, main);
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      g_autofree char *t = read_data (extra[i]);
      g_string_append (s, "\n\n");
      g_string_append (s, t);
    }
  /* The openings again, so that some positions are popular deep down. */
  g_string_append (s, "\n\n");
  g_string_append (s, main);
  return g_string_free (s, FALSE);
}

/* Random games: a third open with one of several move orders of the same
 * moves (so positions are reached by transposition), the rest from the
 * start; then random legal moves. */
static char *
generated_text (guint n_games)
{
  static const char *const openings[] = {
    "e4 e6 d4 d5", "d4 e6 e4 d5", "d4 d5 e4 e6", "e4 d5 d4 e6",
    "Nf3 Nf6 c4 g6", "c4 g6 Nf3 Nf6", "c4 Nf6 Nf3 g6",
    "e4 c5 Nf3 d6 d4", "Nf3 c5 e4 d6 d4", "e4 d6 Nf3 c5 d4",
  };
  GRand *rand = g_rand_new_with_seed (1414);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n_games; i++)
    {
      ChessGame *game = chess_game_new ();
      ChessNodeId node = CHESS_NODE_ROOT;
      guint target = g_rand_int_range (rand, 0, 70);
      char buf[64];
      char *text;

      if (g_rand_int_range (rand, 0, 3) == 0)
        {
          g_auto(GStrv) moves = g_strsplit (openings[g_rand_int_range (rand, 0, G_N_ELEMENTS (openings))], " ", -1);
          for (guint k = 0; moves[k] != NULL; k++)
            {
              ChessError e;
              ChessMove m = chess_san_parse (chess_game_node_position (game, node), moves[k], strlen (moves[k]), &e);
              g_assert_cmpint (m, !=, CHESS_MOVE_NONE);
              node = chess_game_add_move (game, node, m);
            }
        }
      for (guint p = 0; p < target; p++)
        {
          ChessMoveList list;
          const ChessPosition *pos = chess_game_node_position (game, node);

          if (chess_generate_legal (pos, &list) == 0)
            break;
          /* Few choices early on: more shared positions. */
          node = chess_game_add_move (game, node,
                                      list.moves[g_rand_int_range (rand, 0, p < 6 ? (gint) MIN (3, list.count) : (gint) list.count)]);
          if (chess_game_node_status (game, node) != CHESS_STATUS_ONGOING)
            break;
        }
      chess_game_set_result (game, (const char *[]) { "1-0", "0-1", "1/2-1/2", "*" }[g_rand_int_range (rand, 0, 4)]);
      if (g_rand_int_range (rand, 0, 5))
        {
          g_snprintf (buf, sizeof buf, "%d", g_rand_int_range (rand, 1000, 2900));
          chess_game_set_tag (game, "WhiteElo", buf);
        }
      if (g_rand_int_range (rand, 0, 5))
        {
          g_snprintf (buf, sizeof buf, "%d", g_rand_int_range (rand, 1000, 2900));
          chess_game_set_tag (game, "BlackElo", buf);
        }
      g_snprintf (buf, sizeof buf, "%d.01.01", g_rand_int_range (rand, 1900, 2030));
      chess_game_set_tag (game, "Date", buf);
      text = chess_pgn_write_game (game, NULL);
      g_string_append (s, text);
      free (text);
      chess_game_free (game);
    }
  g_rand_free (rand);
  return g_string_free (s, FALSE);
}

static Fixture *
fixture_new (char     *text,
             guint     batch_games,
             unsigned  n_parts)
{
  Fixture *f = g_new0 (Fixture, 1);
  ChessError error;

  f->text = text;
  f->len = strlen (text);
  ref_load (f);
  f->image = build_image (f, batch_games, n_parts, &f->image_len);
  f->db = chess_posdb_open (f->image, f->image_len, &error);
  g_assert_nonnull (f->db);
  g_assert_cmpuint (chess_posdb_n_games (f->db), ==, f->games->len);
  return f;
}

/* --- Comparing --------------------------------------------------------------------------------- */

static void
assert_tree_equal (const ChessPosdbTree *want,
                   const ChessPosdbTree *got,
                   const char           *what)
{
  if (want->n_games != got->n_games || want->n_moves != got->n_moves)
    g_error ("%s: %u games / %u moves expected, %u / %u found", what,
             want->n_games, want->n_moves, got->n_games, got->n_moves);
  for (unsigned i = 0; i < want->n_moves; i++)
    {
      const ChessPosdbMoveStat *a = &want->moves[i], *b = &got->moves[i];

      if (a->move != b->move || a->games != b->games || a->white_wins != b->white_wins
          || a->draws != b->draws || a->black_wins != b->black_wins
          || a->rating_count != b->rating_count || a->rating_sum != b->rating_sum
          || a->last_year != b->last_year)
        g_error ("%s: move %u differs: %u %u %u/%u/%u %u %" G_GUINT64_FORMAT " %u vs %u %u %u/%u/%u %u %" G_GUINT64_FORMAT " %u",
                 what, i, a->move, a->games, a->white_wins, a->draws, a->black_wins, a->rating_count,
                 a->rating_sum, a->last_year, b->move, b->games, b->white_wins, b->draws, b->black_wins,
                 b->rating_count, b->rating_sum, b->last_year);
    }
}

static void
assert_matches_equal (ChessPosdbMatches *want,
                      ChessPosdbMatches *got,
                      const char        *what)
{
  chess_posdb_matches_sort (got);
  if (want->n != got->n)
    g_error ("%s: %zu matches expected, %zu found", what, want->n, got->n);
  for (size_t i = 0; i < want->n; i++)
    if (want->v[i].game != got->v[i].game || want->v[i].ply != got->v[i].ply)
      g_error ("%s: match %zu: game %u ply %u expected, game %u ply %u found", what, i,
               want->v[i].game, want->v[i].ply, got->v[i].game, got->v[i].ply);
}

/* A position with its key, from game g at ply p. */
static void
position_at (Fixture       *f,
             guint          g,
             guint          p,
             ChessPosition *pos)
{
  RefGame *r = &g_array_index (f->games, RefGame, g);

  *pos = r->start;
  for (guint i = 0; i < p; i++)
    chess_position_make_move (pos, g_array_index (r->moves, ChessMove, i));
  g_assert_cmpuint (pos->key, ==, g_array_index (r->keys, guint64, p));
}

static void
check_position (Fixture             *f,
                const ChessPosition *pos,
                guint                covered_batches)
{
  ChessPosdbTree *want = g_new (ChessPosdbTree, 1), *got = g_new (ChessPosdbTree, 1);
  ChessPosdbMatches mw = { 0 }, mg = { 0 };
  char fen[128], what[256];
  guint covered = 0;

  chess_fen_write (pos, fen);
  ref_tree (f, f->games->len, pos->key, want);
  chess_posdb_tree_init (got, pos->key);
  chess_posdb_tree (f->db, pos, got);
  chess_posdb_tree_sort (got);
  g_snprintf (what, sizeof what, "tree of %s", fen);
  assert_tree_equal (want, got, what);

  ref_find (f, f->games->len, pos->key, &mw);
  chess_posdb_find (f->db, pos, &mg);
  g_snprintf (what, sizeof what, "find %s", fen);
  assert_matches_equal (&mw, &mg, what);
  chess_posdb_matches_clear (&mw);
  chess_posdb_matches_clear (&mg);

  /* The same from the first batches only: a partial answer. */
  if (covered_batches > 0)
    {
      chess_posdb_tree_init (got, pos->key);
      for (guint b = 0; b < covered_batches; b++)
        {
          chess_posdb_batch_tree (f->batches[b], pos, got);
          chess_posdb_batch_find (f->batches[b], pos, &mg);
          covered += chess_posdb_batch_n_games (f->batches[b]);
        }
      chess_posdb_tree_sort (got);
      ref_tree (f, covered, pos->key, want);
      g_snprintf (what, sizeof what, "partial tree of %s", fen);
      assert_tree_equal (want, got, what);
      ref_find (f, covered, pos->key, &mw);
      g_snprintf (what, sizeof what, "partial find %s", fen);
      assert_matches_equal (&mw, &mg, what);
      chess_posdb_matches_clear (&mw);
      chess_posdb_matches_clear (&mg);
    }
  g_free (want);
  g_free (got);
}

static guint
check_many (Fixture *f)
{
  ChessPosition pos;
  GRand *rand = g_rand_new_with_seed (7);
  GHashTable *first_prefix = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  GHashTable *transposed = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint checked = 0, n_transposed = 0;

  chess_position_init_start (&pos);
  check_position (f, &pos, f->n_batches / 2);
  checked++;
  /* A position no game reaches. */
  load_fen (&pos, "8/8/8/4k3/8/8/2K5/7R w - - 0 1");
  check_position (f, &pos, 0);
  checked++;

  /* Positions reached by different move orders. */
  for (guint g = 0; g < f->games->len; g++)
    {
      RefGame *r = &g_array_index (f->games, RefGame, g);

      if (!r->ok)
        continue;
      for (guint p = 0; p < r->keys->len; p++)
        {
          guint64 key = g_array_index (r->keys, guint64, p);
          guint64 *prefix = g_hash_table_lookup (first_prefix, &key);

          if (prefix == NULL)
            g_hash_table_insert (first_prefix, g_memdup2 (&key, sizeof key),
                                 g_memdup2 (&g_array_index (r->prefix, guint64, p), sizeof (guint64)));
          else if (*prefix != g_array_index (r->prefix, guint64, p)
                   && !g_hash_table_contains (transposed, &key) && n_transposed < 400)
            {
              g_hash_table_add (transposed, g_memdup2 (&key, sizeof key));
              position_at (f, g, p, &pos);
              check_position (f, &pos, (n_transposed % 3) * f->n_batches / 3);
              checked++;
              n_transposed++;
            }
        }
    }
  g_assert_cmpuint (n_transposed, >=, 20);

  /* Random positions from the games. */
  for (guint i = 0; i < 2000; i++)
    {
      guint g = g_rand_int_range (rand, 0, f->games->len);
      RefGame *r = &g_array_index (f->games, RefGame, g);

      if (!r->ok)
        continue;
      position_at (f, g, g_rand_int_range (rand, 0, r->keys->len), &pos);
      check_position (f, &pos, i % 10 == 0 ? f->n_batches / 2 : 0);
      checked++;
    }
  g_hash_table_unref (transposed);
  g_hash_table_unref (first_prefix);
  g_rand_free (rand);
  return checked;
}

static void
check_patterns (Fixture *f)
{
  static const char *const patterns[] = {
    "8/8/8/8/4P3/8/8/8",
    "8/8/8/8/8/5N2/8/8 b",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
    "8/8/p7/8/8/1B3N2/8/8 w",
    "8/8/8/8/8/8/8/8 KQRRBBNNPPPPPPPKQRRBBNNPPPPPPPP",
    "8/8/8/8/8/8/8/4K3 w KQRRBBNNPPPPPPPPKQRRBBNNPPPPPPPP",
    "r7/8/8/8/8/8/8/8",
    /* Pawns (the cone they come from) and pieces (or a pawn to
     * promote) that must still be there for a later ply to match. */
    "8/8/8/2p5/8/5N2/8/8 w",
    "8/1P6/8/8/8/8/8/8",
    "8/8/8/8/8/8/2p5/8 b",
    "n7/8/8/8/8/8/8/7Q",
  };

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      ChessPosPattern pt;
      ChessError error;
      ChessPosdbMatches want = { 0 }, got = { 0 }, part = { 0 };
      uint32_t n = chess_posdb_n_games (f->db);

      g_assert_true (chess_pos_pattern_parse (&pt, patterns[i], strlen (patterns[i]), &error));
      ref_pattern (f, &pt, &want);
      /* In three slices, as the model splits it over threads. */
      chess_posdb_pattern (f->db, &pt, 0, n / 3, &got, NULL);
      chess_posdb_pattern (f->db, &pt, n / 3, 2 * n / 3, &got, NULL);
      chess_posdb_pattern (f->db, &pt, 2 * n / 3, n, &got, NULL);
      assert_matches_equal (&want, &got, patterns[i]);
      for (guint b = 0; b < f->n_batches; b++)
        chess_posdb_batch_pattern (f->batches[b], &pt, &part);
      assert_matches_equal (&want, &part, patterns[i]);
      chess_posdb_matches_clear (&want);
      chess_posdb_matches_clear (&got);
      chess_posdb_matches_clear (&part);
    }
}

/* Patterns made from positions the games reach (a few of their pieces,
 * sometimes the side to move or the whole material): the image's search,
 * which skips games by their signatures, must find every game a replay
 * of all of them finds, at the same ply. */
static void
check_random_patterns (Fixture *f,
                       guint    n_patterns)
{
  GRand *rand = g_rand_new_with_seed (99);
  guint done = 0, matched = 0;

  while (done < n_patterns)
    {
      guint g = g_rand_int_range (rand, 0, f->games->len);
      RefGame *r = &g_array_index (f->games, RefGame, g);
      ChessPosdbMatches want = { 0 }, got = { 0 };
      ChessPosPattern pt;
      ChessPosition pos;
      guint n_pieces;
      uint32_t n = chess_posdb_n_games (f->db);
      char text[128];

      if (!r->ok)
        continue;
      position_at (f, g, g_rand_int_range (rand, 0, r->keys->len), &pos);
      memset (&pt, 0, sizeof pt);
      pt.side = g_rand_boolean (rand) ? -1 : pos.side;
      n_pieces = g_rand_int_range (rand, 1, 5);
      for (guint k = 0; k < n_pieces; k++)
        {
          guint sq = g_rand_int_range (rand, 0, 64);
          ChessPiece pc = pos.board[sq];

          if (pc == CHESS_NO_PIECE)
            continue;
          pt.pieces[chess_piece_color (pc)][chess_piece_type (pc)] |= (ChessBitboard) 1 << sq;
          pt.any |= (ChessBitboard) 1 << sq;
        }
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          pt.has_material = true;
          for (int c = 0; c < 2; c++)
            for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
              {
                pt.material[c][t] = (uint8_t) chess_popcount (pos.by_type[t] & pos.by_color[c]);
                pt.n_material += pt.material[c][t];
              }
        }
      ref_pattern (f, &pt, &want);
      g_assert_cmpuint (want.n, >=, 1);
      chess_posdb_pattern (f->db, &pt, 0, n / 2, &got, NULL);
      chess_posdb_pattern (f->db, &pt, n / 2, n, &got, NULL);
      assert_matches_equal (&want, &got, chess_pos_pattern_write (&pt, text));
      matched += want.n;
      chess_posdb_matches_clear (&want);
      chess_posdb_matches_clear (&got);
      done++;
    }
  g_test_message ("%u random patterns, %u matches", n_patterns, matched);
  g_rand_free (rand);
}

static void
test_real_looking (void)
{
  Fixture *f = fixture_new (real_looking_text (), 512, 2);
  size_t len1;
  uint8_t *one;
  guint checked;

  /* The parts and batches change nothing in the image. */
  one = build_image (f, 100000, 1, &len1);
  g_assert_cmpuint (len1, ==, f->image_len);
  for (size_t i = 0; i < len1; i++)
    if (one[i] != f->image[i])
      {
        g_test_message ("first difference at byte %zu", i);
        break;
      }
  g_assert_true (memcmp (one, f->image, len1) == 0);
  free (one);

  checked = check_many (f);
  g_test_message ("%u positions checked", checked);
  g_assert_cmpuint (checked, >=, 2000);
  check_patterns (f);
  check_random_patterns (f, 100);
  fixture_free (f);
}

static void
test_generated (void)
{
  Fixture *f = fixture_new (generated_text (4000), 333, 3);
  size_t len1;
  uint8_t *one = build_image (f, 4000, 1, &len1);

  g_assert_cmpuint (len1, ==, f->image_len);
  g_assert_true (memcmp (one, f->image, len1) == 0);
  free (one);

  /* Big arrays in the caller's memory (some refused: then the heap) give
   * the same image, and all of it is given back. */
  for (int refuse = 0; refuse < 2; refuse++)
    {
      TestMemory tm = { 0, 0, 0, refuse == 1 };
      ChessPosdbMemory mem = { test_memory_alloc, test_memory_release, &tm };

      test_memory = &tm;
      one = build_image_in (f, 500, 2, &mem, &len1);
      g_assert_cmpuint (len1, ==, f->image_len);
      g_assert_true (memcmp (one, f->image, len1) == 0);
      free (one);
      g_assert_cmpuint (tm.n_alloc, >=, 8);
      if (refuse)
        g_assert_cmpuint (tm.n_refused, >=, tm.n_alloc - 1);
      else
        g_assert_cmpuint (tm.n_refused, ==, 0);
      g_assert_cmpuint (tm.out, ==, 0);
      test_memory = NULL;
    }
  g_assert_cmpuint (check_many (f), >=, 2000);
  check_patterns (f);
  check_random_patterns (f, 60);
  fixture_free (f);
}

/* Damage anywhere is seen: every section's first, middle and last byte,
 * the header, and the image cut short. */
static void
test_damaged (void)
{
  Fixture *f = fixture_new (generated_text (300), 64, 2);
  uint8_t *copy = g_malloc (f->image_len + 8);
  ChessPosdbSource source;
  ChessError error;
  guint tried = 0;

  g_assert_true (chess_posdb_peek_source (f->image, f->image_len, &source));
  g_assert_cmpuint (source.size, ==, f->len);
  g_assert_cmpint (source.mtime_ns, ==, 12345);
  g_assert_cmpuint (source.content_hash, ==, 678);

  for (size_t at = 0; at < f->image_len; at += at < 512 ? 7 : f->image_len / 97 + 1)
    {
      ChessPosdb *db;

      memcpy (copy, f->image, f->image_len);
      copy[at] ^= 0x5a;
      db = chess_posdb_open (copy, f->image_len, &error);
      if (db != NULL)
        g_error ("a change at byte %zu of %zu was not seen", at, f->image_len);
      g_assert_cmpint (error.code, ==, CHESS_ERROR_IO);
      g_assert_nonnull (strstr (error.message, "damaged"));
      tried++;
    }
  for (size_t cut = 0; cut < f->image_len; cut += f->image_len / 13 + 1)
    {
      memcpy (copy, f->image, f->image_len);
      g_assert_null (chess_posdb_open (copy, cut, &error));
      tried++;
    }
  g_assert_cmpuint (tried, >, 100);
  g_free (copy);
  fixture_free (f);
}

/* A popular position's move statistics come back as written, the
 * extremes too (no year, counts of 2^32 - 1, sums far from 2000 a rating
 * either way); cut anywhere short they do not read, and never past the
 * end. */
static void
test_pop_move_coding (void)
{
  static const uint16_t years[] = { 0, 1, 1899, 1900, 2026, 65535 };
  static const uint32_t counts[] = { 0, 1, 127, 128, 24000, UINT32_MAX };
  static const uint64_t sums[] = { 0, 1, 2000, 1999, 4000000, UINT64_MAX, UINT64_MAX / 2 + 1 };
  uint8_t buf[POP_MOVE_MAX];
  guint tried = 0;

  for (guint y = 0; y < G_N_ELEMENTS (years); y++)
    for (guint c = 0; c < G_N_ELEMENTS (counts); c++)
      for (guint r = 0; r < G_N_ELEMENTS (sums); r++)
        {
          ChessPosdbMoveStat s = {
            .move = (ChessMove) (0x1234 * (c + 1) + y), .last_year = years[y],
            .games = counts[c], .white_wins = counts[(c + 1) % G_N_ELEMENTS (counts)],
            .draws = counts[(c + 2) % G_N_ELEMENTS (counts)],
            .black_wins = counts[(c + 3) % G_N_ELEMENTS (counts)],
            .rating_count = counts[(c + r) % G_N_ELEMENTS (counts)], .rating_sum = sums[r],
          };
          ChessPosdbMoveStat back;
          unsigned n = pop_move_put (buf, &s);

          g_assert_cmpuint (n, >=, POP_MOVE_MIN);
          g_assert_cmpuint (n, <=, POP_MOVE_MAX);
          memset (&back, 0xa5, sizeof back);
          g_assert_cmpuint (pop_move_get (buf, buf + n, &back), ==, n);
          g_assert_cmpuint (back.move, ==, s.move);
          g_assert_cmpuint (back.last_year, ==, s.last_year);
          g_assert_cmpuint (back.games, ==, s.games);
          g_assert_cmpuint (back.white_wins, ==, s.white_wins);
          g_assert_cmpuint (back.draws, ==, s.draws);
          g_assert_cmpuint (back.black_wins, ==, s.black_wins);
          g_assert_cmpuint (back.rating_count, ==, s.rating_count);
          g_assert_cmpuint (back.rating_sum, ==, s.rating_sum);
          for (unsigned cut = 0; cut < n; cut++)
            {
              /* (On the heap, just long enough: ASan sees a read past it.) */
              uint8_t *shortened = g_memdup2 (buf, MAX (cut, 1));
              g_assert_cmpuint (pop_move_get (shortened, shortened + cut, &back), ==, 0);
              g_free (shortened);
            }
          tried++;
        }
  g_assert_cmpuint (tried, ==, 6 * 6 * 7);
  /* A year that is no year (over 2^16 less the base) does not read. */
  {
    static const uint8_t bad[] = { 0, 0, 0xff, 0xff, 0x04, 0, 0, 0, 0, 0, 0 };
    ChessPosdbMoveStat back;
    g_assert_cmpuint (pop_move_get (bad, bad + sizeof bad, &back), ==, 0);
  }
}

/* An image of another version (the version field at byte 8, right after
 * the magic), even with every checksum right, is refused and never read:
 * the model then rebuilds the cache. */
static void
test_version (void)
{
  Fixture *f = fixture_new (generated_text (50), 16, 1);
  uint8_t *copy = g_malloc (f->image_len);
  static const uint32_t others[] = { 0, 1, 2, 3, 4, 6, 0x05000000 };
  ChessPosdbSource source;
  ChessError error;
  uint32_t version;

  memcpy (&version, f->image + 8, 4);
  g_assert_cmpuint (version, ==, 5);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      memcpy (copy, f->image, f->image_len);
      memcpy (copy + 8, &others[i], 4);
      chess_posdb_reseal (copy, f->image_len);
      g_assert_false (chess_posdb_peek_source (copy, f->image_len, &source));
      g_assert_null (chess_posdb_open (copy, f->image_len, &error));
      g_assert_nonnull (strstr (error.message, "another version"));
    }
  g_free (copy);
  fixture_free (f);
}

static void
test_pattern_syntax (void)
{
  static const struct { const char *text; gboolean ok; unsigned long column; } rows[] = {
    { "8/8/8/8/8/8/8/8", TRUE, 0 },
    { "8/8/p7/8/8/1B3N2/8/8 w KBNKP", TRUE, 0 },
    { "8/8/8/8/8/1B3N2/8/8 b KBNKP", TRUE, 0 },
    { "8/8/8/8/8/8/8", FALSE, 14 },
    { "8/8/8/8/8/8/8/9", FALSE, 15 },
    { "8/8/8/8/8/8/8/8 x", FALSE, 17 },
    { "8/8/8/8/8/8/8/8 w w", FALSE, 19 },
    { "8/8/8/8/8/8/8/8 KBN", FALSE, 17 },
    { "8/8/8/8/8/8/8/7X", FALSE, 16 },
    { "", FALSE, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      ChessPosPattern pt;
      ChessError error;
      gboolean ok = chess_pos_pattern_parse (&pt, rows[i].text, strlen (rows[i].text), &error);
      char buf[128];

      if (i == 1)
        g_assert_cmpstr (chess_pos_pattern_write (&pt, buf), ==, "8/8/p7/8/8/1B3N2/8/8 w KBNKP");
      if (ok != rows[i].ok)
        g_error ("%s: %s", rows[i].text, ok ? "accepted" : error.message);
      if (!ok)
        g_assert_cmpuint (error.column, ==, rows[i].column);
      else
        {
          ChessPosPattern again;
          chess_pos_pattern_write (&pt, buf);
          g_assert_true (chess_pos_pattern_parse (&again, buf, strlen (buf), &error));
          g_assert_true (memcmp (&again, &pt, sizeof pt) == 0);
        }
    }
  {
    ChessPosPattern pt;
    ChessError error;
    /* The board needs two white knights, the material has one. */
    g_assert_false (chess_pos_pattern_parse (&pt, "8/8/8/8/8/8/8/NN6 KNK", 21, &error));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/posdb/pattern-syntax", test_pattern_syntax);
  g_test_add_func ("/core/posdb/real-looking", test_real_looking);
  g_test_add_func ("/core/posdb/generated", test_generated);
  g_test_add_func ("/core/posdb/damaged", test_damaged);
  g_test_add_func ("/core/posdb/version", test_version);
  g_test_add_func ("/core/posdb/pop-move-coding", test_pop_move_coding);
  return g_test_run ();
}
