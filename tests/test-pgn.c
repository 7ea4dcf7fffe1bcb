/* test-pgn.c — the PGN reader, writer and indexer on hand-written files (one
 * per edge case, tests/data/pgn/) and on hostile input made here.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-game.h"
#include "chess-pgn-index.h"
#include "chess-pgn-private.h"
#include "chess-pgn.h"
#include "chess-san.h"

/* --- Helpers --------------------------------------------------------------- */

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_DATA");

  if (dir != NULL)
    return g_build_filename (dir, "pgn", name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
}

static char *
load (const char *name,
      gsize      *len)
{
  g_autofree char *path = data_path (name);
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  if (!g_file_get_contents (path, &data, len, &error))
    g_error ("%s: %s", path, error->message);
  return data;
}

/* One game read from a stream: the game, or the error that stopped it. */
typedef struct
{
  ChessGame       *game;
  ChessError       error;
  ChessPgnLocation where;
} Read;

static void
read_free (gpointer p)
{
  Read *r = p;

  chess_game_free (r->game);
  g_free (r);
}

static bool
collect_cb (void                   *user_data,
            ChessGame              *game,
            const ChessError       *error,
            const ChessPgnLocation *where)
{
  Read *r = g_new0 (Read, 1);

  r->game = game;
  if (error != NULL)
    r->error = *error;
  r->where = *where;
  g_ptr_array_add (user_data, r);
  return true;
}

/* Reads every game of data, fed `chunk` bytes at a time (0 = at once). */
static GPtrArray *
read_all (const char *data,
          gsize       len,
          gsize       chunk)
{
  GPtrArray *games = g_ptr_array_new_with_free_func (read_free);
  ChessPgnReader *reader = chess_pgn_reader_new (collect_cb, games);

  if (chunk == 0)
    chunk = len ? len : 1;
  for (gsize off = 0; off < len; off += chunk)
    chess_pgn_reader_feed (reader, data + off, MIN (chunk, len - off));
  chess_pgn_reader_finish (reader);
  chess_pgn_reader_free (reader);
  return games;
}

static ChessNodeId
main_line_end (ChessGame *game)
{
  return chess_game_main_line_end (game, CHESS_NODE_ROOT);
}

/* A canonical text of a game's content: tags (sorted), and the tree in
 * order with moves, comments and NAGs. */
static void
dump_line (GString    *s,
           ChessGame  *game,
           ChessNodeId node)
{
  for (ChessNodeId c = chess_game_node_next (game, node); c != CHESS_NODE_NONE;
       c = chess_game_node_next_sibling (game, c))
    {
      const uint8_t *nags;
      unsigned n = chess_game_node_nags (game, c, &nags);
      const char *before = chess_game_node_comment (game, c, CHESS_COMMENT_BEFORE);
      const char *after = chess_game_node_comment (game, c, CHESS_COMMENT_AFTER);

      g_string_append_printf (s, "(%s", chess_game_node_san (game, c));
      for (unsigned i = 0; i < n; i++)
        g_string_append_printf (s, " $%u", nags[i]);
      if (before)
        g_string_append_printf (s, " <%s>", before);
      if (after)
        g_string_append_printf (s, " {%s}", after);
      dump_line (s, game, c);
      g_string_append (s, ")");
    }
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
dump_game (ChessGame *game)
{
  GString *s = g_string_new (NULL);
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  char fen[CHESS_FEN_MAX];
  const char *root = chess_game_node_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER);

  for (unsigned i = 0; i < chess_game_n_tags (game); i++)
    {
      const char *name, *value;
      chess_game_nth_tag (game, i, &name, &value);
      g_ptr_array_add (tags, g_strdup_printf ("%s=%s", name, value));
    }
  g_ptr_array_sort (tags, compare_strings);
  for (guint i = 0; i < tags->len; i++)
    g_string_append_printf (s, "[%s]", (char *) tags->pdata[i]);
  g_string_append_printf (s, "\n%s\n", chess_fen_write (chess_game_start_position (game), fen));
  if (root)
    g_string_append_printf (s, "{%s}", root);
  dump_line (s, game, CHESS_NODE_ROOT);
  g_string_append_printf (s, "\n%s", chess_game_get_result (game));
  return g_string_free (s, FALSE);
}

/* --- The table: every file, what it must give ------------------------------ */

typedef struct
{
  gboolean       ok;
  /* A good game: main-line plies, the last FEN, result, status. */
  unsigned       plies;
  const char    *last_fen;
  const char    *result;
  ChessStatus    status;
  /* A bad game: where and what. */
  unsigned long  line;
  unsigned long  column;
  ChessErrorCode code;
  const char    *message;
} ExpectedGame;

typedef struct
{
  const char  *file;
  unsigned     n_games;
  ExpectedGame games[4];
} PgnCase;

#define GOOD(plies, fen, result, status) { TRUE, plies, fen, result, status, 0, 0, 0, NULL }
#define BAD(line, col, code, msg)        { FALSE, 0, NULL, NULL, 0, line, col, code, msg }

static const PgnCase cases[] = {
  { "escaped-tags.pgn", 1, {
      GOOD (45, "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23", "1-0",
            CHESS_STATUS_CHECKMATE) } },
  { "comments.pgn", 1, {
      GOOD (6, "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", "*",
            CHESS_STATUS_ONGOING) } },
  { "percent.pgn", 1, {
      GOOD (4, "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3", "*",
            CHESS_STATUS_ONGOING) } },
  { "nags.pgn", 1, {
      GOOD (10, "r1bqkb1r/1pp2ppp/p1np1n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 6", "*",
            CHESS_STATUS_ONGOING) } },
  { "variations.pgn", 1, {
      GOOD (4, "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", "1/2-1/2",
            CHESS_STATUS_ONGOING) } },
  { "null-moves.pgn", 1, {
      GOOD (8, "rnbqkbnr/pppp1ppp/8/4p3/2PPP3/2N5/PP3PPP/R1BQKBNR w KQkq - 0 5", "*",
            CHESS_STATUS_ONGOING) } },
  { "castling-dashes.pgn", 2, {
      GOOD (18, "2kr3r/pppbqpp1/2np1n1p/2b1p3/2B1P2B/2NP1N2/PPPQ1PPP/R4RK1 w - - 6 10", "1-0",
            CHESS_STATUS_ONGOING),
      GOOD (8, "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 6 5", "1/2-1/2",
            CHESS_STATUS_ONGOING) } },
  { "bom.pgn", 1, {
      GOOD (7, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", "1-0",
            CHESS_STATUS_CHECKMATE) } },
  { "crlf.pgn", 2, {
      GOOD (4, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "*",
            CHESS_STATUS_ONGOING),
      BAD (10, 15, CHESS_ERROR_SAN_ILLEGAL, "illegal move 'Qxf7': no white queen can move to f7") } },
  { "lone-cr.pgn", 2, {
      GOOD (3, "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2", "*",
            CHESS_STATUS_ONGOING),
      BAD (9, 4, CHESS_ERROR_SAN_ILLEGAL, "illegal move 'Bb5'") } },
  { "missing-result.pgn", 2, {
      GOOD (3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "1-0",
            CHESS_STATUS_ONGOING),
      GOOD (2, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", "*",
            CHESS_STATUS_ONGOING) } },
  { "fen.pgn", 4, {
      GOOD (3, "8/8/4k3/8/4P3/8/8/4K3 w - - 1 42", "*", CHESS_STATUS_ONGOING),
      GOOD (2, "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2", "*", CHESS_STATUS_ONGOING),
      BAD (14, 1, CHESS_ERROR_FEN, "bad FEN tag: piece placement"),
      BAD (19, 1, CHESS_ERROR_PGN, "SetUp tag without a FEN tag") } },
  { "tags-one-line.pgn", 1, {
      GOOD (4, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "0-1",
            CHESS_STATUS_CHECKMATE) } },
  { "commands.pgn", 1, {
      GOOD (3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "*",
            CHESS_STATUS_ONGOING) } },
  { "illegal-move.pgn", 2, {
      BAD (3, 13, CHESS_ERROR_SAN_ILLEGAL, "illegal move 'Ke3': no white king can move to e3"),
      GOOD (1, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "*",
            CHESS_STATUS_ONGOING) } },
  { "ambiguous-move.pgn", 2, {
      BAD (3, 23, CHESS_ERROR_SAN_AMBIGUOUS, "ambiguous move 'Nd2': Nbd2 and Nfd2 both fit"),
      GOOD (5, "rnbqkbnr/ppp2ppp/8/3pp3/8/3P4/PPPNPPPP/RNBQKB1R b KQkq - 1 3", "*",
            CHESS_STATUS_ONGOING) } },
  { "unterminated-comment.pgn", 2, {
      BAD (3, 7, CHESS_ERROR_PGN, "unterminated comment"),
      GOOD (2, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", "*",
            CHESS_STATUS_ONGOING) } },
  { "bad-tag.pgn", 3, {
      BAD (1, 1, CHESS_ERROR_PGN, "bad tag: no ']' on its line"),
      GOOD (1, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "*",
            CHESS_STATUS_ONGOING),
      BAD (11, 1, CHESS_ERROR_PGN, "bad tag Round: expected '\"'") } },
  { "deep-nesting.pgn", 2, {
      /* The 257th '(' of "1. e4 (1. d4 (1. d4 …": column 7 + 7 × 256. */
      BAD (3, 1799, CHESS_ERROR_LIMIT, "variations nested deeper than 256"),
      GOOD (1, "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1", "*",
            CHESS_STATUS_ONGOING) } },
  { "binary-junk.pgn", 2, {
      BAD (1, 1, CHESS_ERROR_PGN, "unexpected byte 0x00"),
      GOOD (2, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "*",
            CHESS_STATUS_ONGOING) } },
  { "parens.pgn", 3, {
      /* A stray ')' is read through (a warning). */
      GOOD (3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "*",
            CHESS_STATUS_ONGOING),
      BAD (7, 7, CHESS_ERROR_PGN, "unbalanced parentheses: '(' not closed"),
      GOOD (1, "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1", "*",
            CHESS_STATUS_ONGOING) } },
  { "move-numbers.pgn", 1, {
      GOOD (8, "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5", "*",
            CHESS_STATUS_ONGOING) } },
  { "long-token.pgn", 2, {
      BAD (3, 7, CHESS_ERROR_LIMIT, "token longer than 255 bytes"),
      GOOD (1, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "*",
            CHESS_STATUS_ONGOING) } },
  { "en-passant-promotion.pgn", 2, {
      GOOD (10, "r1bqkb1Q/ppp4p/2n2n2/3pp3/8/8/PPPP1PPP/RNBQKBNR w KQq - 0 6", "*",
            CHESS_STATUS_ONGOING),
      GOOD (4, "8/1Q6/6k1/8/8/8/6K1/7n w - - 2 3", "*", CHESS_STATUS_ONGOING) } },
};

static void
check_games (const PgnCase *c,
             GPtrArray     *games)
{
  g_assert_cmpuint (games->len, ==, c->n_games);
  for (unsigned i = 0; i < c->n_games; i++)
    {
      const ExpectedGame *e = &c->games[i];
      Read *r = games->pdata[i];

      if (e->ok)
        {
          char fen[CHESS_FEN_MAX];
          ChessNodeId last;
          if (r->game == NULL)
            g_error ("%s game %u: %lu:%lu: %s", c->file, i + 1, r->error.line, r->error.column,
                     r->error.message);
          last = main_line_end (r->game);
          g_assert_cmpuint (chess_game_node_ply (r->game, last), ==, e->plies);
          g_assert_cmpstr (chess_fen_write (chess_game_node_position (r->game, last), fen), ==,
                           e->last_fen);
          g_assert_cmpstr (chess_game_get_result (r->game), ==, e->result);
          g_assert_cmpint (chess_game_node_status (r->game, last), ==, e->status);
        }
      else
        {
          g_assert_null (r->game);
          g_assert_cmpuint (r->error.line, ==, e->line);
          g_assert_cmpuint (r->error.column, ==, e->column);
          g_assert_cmpint (r->error.code, ==, e->code);
          if (strstr (r->error.message, e->message) == NULL)
            g_error ("%s game %u: message \"%s\" lacks \"%s\"", c->file, i + 1,
                     r->error.message, e->message);
        }
    }
}

/* The same results whether the file comes at once, a byte at a time or in
 * odd chunks: tokens cut at chunk ends must be put back together. */
static void
test_file (gconstpointer user_data)
{
  const PgnCase *c = user_data;
  gsize len;
  g_autofree char *data = load (c->file, &len);
  static const gsize chunks[] = { 0, 1, 2, 7, 64, 4096 };
  g_autofree char *reference = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (chunks); k++)
    {
      g_autoptr (GPtrArray) games = read_all (data, len, chunks[k]);
      GString *all = g_string_new (NULL);

      check_games (c, games);
      for (guint i = 0; i < games->len; i++)
        {
          Read *r = games->pdata[i];
          if (r->game)
            {
              g_autofree char *d = dump_game (r->game);
              g_string_append (all, d);
            }
          else
            g_string_append_printf (all, "error %lu:%lu %s", r->error.line, r->error.column,
                                    r->error.message);
          g_string_append_printf (all, "@%lu:%lu\n", r->where.line, r->where.column);
        }
      if (reference == NULL)
        reference = g_string_free (all, FALSE);
      else
        {
          g_autofree char *text = g_string_free (all, FALSE);
          g_assert_cmpstr (text, ==, reference);
        }
    }
}

/* export(read(export(x))) == export(x), and reading the export gives the
 * same game back: tags, moves, comments, NAGs, variations. */
static void
test_round_trip (gconstpointer user_data)
{
  const PgnCase *c = user_data;
  gsize len;
  g_autofree char *data = load (c->file, &len);
  g_autoptr (GPtrArray) games = read_all (data, len, 0);

  for (guint i = 0; i < games->len; i++)
    {
      Read *r = games->pdata[i];
      g_autofree char *text = NULL, *again = NULL, *before = NULL, *after = NULL;
      size_t text_len, again_len;
      g_autoptr (GPtrArray) back = NULL;

      if (r->game == NULL)
        continue;
      text = chess_pgn_write_game (r->game, &text_len);
      g_assert_cmpuint (strlen (text), ==, text_len);
      back = read_all (text, text_len, 0);
      g_assert_cmpuint (back->len, ==, 1);
      g_assert_nonnull (((Read *) back->pdata[0])->game);
      again = chess_pgn_write_game (((Read *) back->pdata[0])->game, &again_len);
      g_assert_cmpstr (again, ==, text);
      before = dump_game (r->game);
      after = dump_game (((Read *) back->pdata[0])->game);
      g_assert_cmpstr (after, ==, before);

      /* Export format: lines of at most 80 bytes, one empty line at the end. */
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint k = 0; lines[k] != NULL; k++)
        g_assert_cmpuint (strlen (lines[k]), <=, 80);
      g_assert_true (g_str_has_suffix (text, "\n\n"));
      g_assert_true (g_str_has_prefix (text, "[Event "));
    }
}

/* --- What the files hold, in detail ---------------------------------------- */

static GPtrArray *
read_file (const char *name)
{
  gsize len;
  g_autofree char *data = load (name, &len);

  return read_all (data, len, 0);
}

static ChessGame *
game_at (GPtrArray *games,
         guint      i)
{
  Read *r = games->pdata[i];

  g_assert_nonnull (r->game);
  return r->game;
}

static ChessNodeId
nth_move (ChessGame *game,
          unsigned   ply)
{
  ChessNodeId node = CHESS_NODE_ROOT;

  for (unsigned i = 0; i < ply; i++)
    node = chess_game_node_next (game, node);
  return node;
}

static char *
children (ChessGame  *game,
          ChessNodeId node)
{
  GString *s = g_string_new (NULL);

  for (ChessNodeId c = chess_game_node_next (game, node); c != CHESS_NODE_NONE;
       c = chess_game_node_next_sibling (game, c))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", chess_game_node_san (game, c));
  return g_string_free (s, FALSE);
}

static void
test_escaped_tags (void)
{
  g_autoptr (GPtrArray) games = read_file ("escaped-tags.pgn");
  ChessGame *game = game_at (games, 0);

  g_assert_cmpstr (chess_game_get_tag (game, "Event"), ==, "The \"Immortal\" Game");
  g_assert_cmpstr (chess_game_get_tag (game, "Site"), ==, "C:\\games\\london.pgn");
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "Anderssen, Adolf");
}

static void
test_comments (void)
{
  g_autoptr (GPtrArray) games = read_file ("comments.pgn");
  ChessGame *game = game_at (games, 0);
  ChessNodeId e4 = nth_move (game, 1), e5 = nth_move (game, 2), nf3 = nth_move (game, 3);
  ChessNodeId nc6 = nth_move (game, 4), bb5 = nth_move (game, 5), a6 = nth_move (game, 6);
  ChessNodeId d6 = chess_game_node_next_sibling (game, nc6);
  ChessNodeId nf6 = chess_game_node_next_sibling (game, a6);

  g_assert_cmpstr (chess_game_node_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER), ==,
                   "Before the first move");
  g_assert_cmpstr (chess_game_node_comment (game, e4, CHESS_COMMENT_AFTER), ==, "King's pawn");
  g_assert_cmpstr (chess_game_node_comment (game, e5, CHESS_COMMENT_AFTER), ==,
                   "a rest-of-line comment");
  /* Line breaks and runs of blanks inside a comment fold to one space. */
  g_assert_cmpstr (chess_game_node_comment (game, nf3, CHESS_COMMENT_AFTER), ==,
                   "A multi-line comment with spaces");
  g_assert_cmpstr (chess_game_node_san (game, d6), ==, "d6");
  g_assert_cmpstr (chess_game_node_comment (game, d6, CHESS_COMMENT_AFTER), ==, "Philidor");
  /* After a variation, a comment belongs to the move that follows. */
  g_assert_cmpstr (chess_game_node_comment (game, bb5, CHESS_COMMENT_BEFORE), ==,
                   "after the variation");
  /* An empty comment is no comment. */
  g_assert_null (chess_game_node_comment (game, bb5, CHESS_COMMENT_AFTER));
  g_assert_cmpstr (chess_game_node_san (game, nf6), ==, "Nf6");
  g_assert_cmpstr (chess_game_node_comment (game, nf6, CHESS_COMMENT_BEFORE), ==, "Or");
  g_assert_cmpstr (chess_game_node_comment (game, nf6, CHESS_COMMENT_AFTER), ==, "Berlin");
}

static void
test_nags (void)
{
  static const unsigned expected[10][2] = {
    { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 0 }, { 5, 0 }, { 6, 0 }, { 1, 14 }, { 255, 0 }, { 1, 0 }, { 4, 0 },
  };
  g_autoptr (GPtrArray) games = read_file ("nags.pgn");
  ChessGame *game = game_at (games, 0);

  for (unsigned ply = 1; ply <= 10; ply++)
    {
      const uint8_t *nags;
      unsigned n = chess_game_node_nags (game, nth_move (game, ply), &nags);
      g_assert_cmpuint (n, ==, expected[ply - 1][1] ? 2 : 1);
      g_assert_cmpuint (nags[0], ==, expected[ply - 1][0]);
      if (n == 2)
        g_assert_cmpuint (nags[1], ==, expected[ply - 1][1]);
    }
  /* The suffix is not part of the SAN. */
  g_assert_cmpstr (chess_game_node_san (game, nth_move (game, 1)), ==, "e4");
}

static void
test_variations (void)
{
  g_autoptr (GPtrArray) games = read_file ("variations.pgn");
  ChessGame *game = game_at (games, 0);
  ChessNodeId d4 = chess_game_node_nth_child (game, CHESS_NODE_ROOT, 1);
  ChessNodeId nf6 = chess_game_node_nth_child (game, d4, 1);
  ChessNodeId nc3 = chess_game_node_nth_child (game, nth_move (game, 2), 1);
  g_autofree char *root = children (game, CHESS_NODE_ROOT);
  g_autofree char *after_d4 = children (game, d4);
  g_autofree char *after_nf6 = children (game, nf6);
  g_autofree char *after_nc3 = children (game, nc3);

  g_assert_cmpstr (root, ==, "e4 d4 c4");
  g_assert_cmpstr (after_d4, ==, "d5 Nf6");
  g_assert_cmpstr (after_nf6, ==, "c4 Nf3");
  /* (2... e6 (2... d6)) is an alternative to an alternative: a sibling. */
  g_assert_cmpstr (after_nc3, ==, "Nc6 e6 d6");
  g_assert_cmpuint (chess_game_node_ply (game, chess_game_main_line_end (game, nf6)), ==, 4);
}

static void
test_null_moves (void)
{
  g_autoptr (GPtrArray) games = read_file ("null-moves.pgn");
  ChessGame *game = game_at (games, 0);

  for (unsigned ply = 2; ply <= 6; ply += 2)
    {
      g_assert_cmpuint (chess_game_node_move (game, nth_move (game, ply)), ==, CHESS_MOVE_NULL);
      g_assert_cmpstr (chess_game_node_san (game, nth_move (game, ply)), ==, "--");
    }
}

static void
test_fen_games (void)
{
  g_autoptr (GPtrArray) games = read_file ("fen.pgn");
  ChessGame *game = game_at (games, 0);
  char fen[CHESS_FEN_MAX];
  g_autofree char *text = chess_pgn_write_game (game, NULL);

  g_assert_cmpstr (chess_fen_write (chess_game_start_position (game), fen), ==,
                   "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  g_assert_cmpstr (chess_game_get_tag (game, "FEN"), ==, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  /* A game starting with Black's move is written "40... Kd7". */
  g_assert_nonnull (strstr (text, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4"));
  game = game_at (games, 1);
  g_assert_cmpstr (chess_game_get_tag (game, "SetUp"), ==, "1");
}

static void
test_tags_one_line (void)
{
  g_autoptr (GPtrArray) games = read_file ("tags-one-line.pgn");
  ChessGame *game = game_at (games, 0);

  g_assert_cmpstr (chess_game_get_tag (game, "Event"), ==, "One line");
  g_assert_cmpstr (chess_game_get_tag (game, "Site"), ==, "Here");
  g_assert_cmpstr (chess_game_get_tag (game, "Date"), ==, "2020.01.01");
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "A");
  g_assert_cmpstr (chess_game_get_tag (game, "Black"), ==, "B");
}

static void
test_commands (void)
{
  g_autoptr (GPtrArray) games = read_file ("commands.pgn");
  ChessGame *game = game_at (games, 0);
  ChessNodeId e4 = nth_move (game, 1), e5 = nth_move (game, 2), nf3 = nth_move (game, 3);
  const char *c;
  ChessPgnEval eval;
  ChessPgnMark marks[8];
  char stripped[64];

  g_assert_cmpint (chess_game_node_clock_ms (game, e4), ==, 90 * 60 * 1000);
  g_assert_cmpint (chess_game_node_emt_ms (game, e4), ==, 5000);
  g_assert_cmpint (chess_game_node_clock_ms (game, e5), ==, (89 * 60 + 58) * 1000 + 500);
  g_assert_cmpint (chess_game_node_clock_ms (game, nf3), ==, -1);

  c = chess_game_node_comment (game, e5, CHESS_COMMENT_AFTER);
  g_assert_true (chess_pgn_comment_eval (c, strlen (c), &eval));
  g_assert_false (eval.is_mate);
  g_assert_cmpfloat_with_epsilon (eval.pawns, 0.25, 1e-9);
  g_assert_cmpint (eval.depth, ==, 20);

  c = chess_game_node_comment (game, nf3, CHESS_COMMENT_AFTER);
  g_assert_true (chess_pgn_comment_eval (c, strlen (c), &eval));
  g_assert_true (eval.is_mate);
  g_assert_cmpint (eval.mate, ==, -3);
  g_assert_cmpint (eval.depth, ==, -1);
  g_assert_cmpuint (chess_pgn_comment_marks (c, strlen (c), marks, 8), ==, 4);
  g_assert_cmpint (marks[0].color, ==, 'G');
  g_assert_cmpuint (marks[0].from, ==, chess_square_make (4, 1));
  g_assert_cmpuint (marks[0].to, ==, chess_square_make (4, 3));
  g_assert_cmpint (marks[1].color, ==, 'R');
  g_assert_cmpuint (marks[1].from, ==, chess_square_make (3, 0));
  g_assert_cmpuint (marks[1].to, ==, chess_square_make (3, 7));
  g_assert_cmpint (marks[2].color, ==, 'R');
  g_assert_cmpuint (marks[2].from, ==, chess_square_make (3, 3));
  g_assert_cmpuint (marks[2].to, ==, CHESS_NO_SQUARE);
  g_assert_cmpint (marks[3].color, ==, 'G');
  g_assert_cmpuint (marks[3].from, ==, chess_square_make (4, 4));
  /* A short array gets the first ones. */
  g_assert_cmpuint (chess_pgn_comment_marks (c, strlen (c), marks, 1), ==, 1);
  g_assert_cmpuint (chess_pgn_comment_strip_commands (c, strlen (c), stripped, sizeof stripped), ==,
                    strlen ("text stays"));
  g_assert_cmpstr (stripped, ==, "text stays");
}

static void
test_clock_parse (void)
{
  static const struct { const char *text; int64_t ms; } rows[] = {
    { "1:02:03", 3723000 }, { "0:00:00", 0 }, { "12:34", 754000 }, { "59", 59000 },
    { "0:00:01.5", 1500 }, { "0:00:01.25", 1250 }, { "100:00:00", 360000000 },
    { "", -1 }, { "1:60:00", -1 }, { "a:00", -1 }, { "1:2:3:4", -1 }, { "1.", -1 }, { "1:00 ", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_assert_cmpint (chess_pgn_parse_clock (rows[i].text, strlen (rows[i].text)), ==, rows[i].ms);
  g_assert_cmpint (chess_pgn_comment_clock_ms ("x [%clkx 1:00] [%clk 0:01]", 26, "clk"), ==, 1000);
  g_assert_cmpint (chess_pgn_comment_clock_ms ("[%clk 0:01", 10, "clk"), ==, -1);
}

/* The visitor sees tokens in order, and the NO_MOVES tokeniser needs no
 * chess at all. */
typedef struct
{
  GString        *log;
  ChessPgnParser *parser;
} EventLog;

static void ev_game_start (void *u, const ChessPgnLocation *w)
{ g_string_append_printf (((EventLog *) u)->log, "G%lu:%lu ", w->line, w->column); }
static void ev_tag (void *u, const char *n, const char *v, size_t l)
{ g_string_append_printf (((EventLog *) u)->log, "T[%s=%s] ", n, v); }
static void ev_move (void *u, const char *s, size_t n, ChessMove m, const ChessPosition *b)
{ g_string_append_printf (((EventLog *) u)->log, "M%.*s ", (int) n, s); }
static void ev_comment (void *u, const char *t, size_t n)
{ g_string_append_printf (((EventLog *) u)->log, "C{%.*s} ", (int) n, t); }
static void ev_nag (void *u, unsigned nag)
{ g_string_append_printf (((EventLog *) u)->log, "N%u ", nag); }
static void ev_open (void *u)
{ g_string_append (((EventLog *) u)->log, "( "); }
static void ev_close (void *u)
{ g_string_append (((EventLog *) u)->log, ") "); }
static void ev_result (void *u, const char *r)
{ g_string_append_printf (((EventLog *) u)->log, "R%s ", r); }
static void ev_game_end (void *u, bool ok)
{ g_string_append_printf (((EventLog *) u)->log, "E%s\n", ok ? "ok" : "bad"); }
static void ev_error (void *u, const ChessError *e)
{ g_string_append_printf (((EventLog *) u)->log, "X%lu:%lu ", e->line, e->column); }

static const ChessPgnVisitor log_visitor = {
  ev_game_start, ev_tag, NULL, ev_move, ev_comment, ev_nag, ev_open, ev_close, ev_result,
  ev_game_end, ev_error,
};

static char *
tokenize (const char *text,
          ChessPgnFlags flags)
{
  EventLog log = { g_string_new (NULL), NULL };

  log.parser = chess_pgn_parser_new (&log_visitor, &log, flags);
  chess_pgn_parser_feed (log.parser, text, strlen (text));
  chess_pgn_parser_finish (log.parser);
  chess_pgn_parser_free (log.parser);
  return g_string_free (log.log, FALSE);
}

static void
test_tokenizer (void)
{
  static const struct { const char *in; const char *out; } rows[] = {
    { "[A \"1\"] [B \"x\\\"y\"]\n1. Zz9 {c} $3 (2... Xy !?) 1-0",
      "G1:1 T[A=1] T[B=x\"y] MZz9 C{c} N3 ( MXy N5 ) R1-0 Eok\n" },
    { "1.e4;rest\n1...e5 *", "G1:1 Me4 C{rest} Me5 R* Eok\n" },
    { "1. a1 2. a2", "G1:1 Ma1 Ma2 Eok\n" },                         /* no result: EOF ends it */
    { "1. a1\n[X \"y\"] 2. b1 0-1", "G1:1 Ma1 Eok\nG2:1 T[X=y] Mb1 R0-1 Eok\n" },
    { "1. a1 ) *", "G1:1 Ma1 R* Eok\n" },                          /* a stray ")": a warning */
    { "{between games} ", "" },
    { "1. a1 \x01 b2 * 1. c3 *", "G1:1 Ma1 X1:7 Ebad\nG1:14 Mc3 R* Eok\n" },
    { "1. e4 1/2-1/2 \xc2\xbd-\xc2\xbd", "G1:1 Me4 R1/2-1/2 Eok\nG1:15 R1/2-1/2 Eok\n" },
    { "%only an escape\n", "" },
    { "1. e4 e5 2. Nf3 $ *", "G1:1 Me4 Me5 MNf3 X1:17 Ebad\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *out = tokenize (rows[i].in, CHESS_PGN_NO_MOVES);
      g_assert_cmpstr (out, ==, rows[i].out);
    }
}

static void
test_read_game_consumed (void)
{
  gsize len;
  g_autofree char *data = load ("missing-result.pgn", &len);
  ChessError error;
  size_t used, used2;
  ChessGame *first = chess_pgn_read_game (data, len, &error, &used);
  ChessGame *second, *none;

  g_assert_nonnull (first);
  g_assert_cmpint (error.code, ==, CHESS_OK);
  /* The first game ends where the second's tags begin. */
  g_assert_true (g_str_has_prefix (data + used, "[Event \"No result 2\"]"));
  second = chess_pgn_read_game (data + used, len - used, &error, &used2);
  g_assert_nonnull (second);
  g_assert_cmpstr (chess_game_get_tag (second, "Event"), ==, "No result 2");
  g_assert_cmpuint (used + used2, ==, len);
  none = chess_pgn_read_game ("\n\n  ", 4, &error, &used);
  g_assert_null (none);
  g_assert_cmpint (error.code, ==, CHESS_OK);
  chess_game_free (first);
  chess_game_free (second);

  {
    g_autofree char *bad = load ("illegal-move.pgn", &len);
    ChessGame *g = chess_pgn_read_game (bad, len, &error, &used);
    g_assert_null (g);
    g_assert_cmpint (error.code, ==, CHESS_ERROR_SAN_ILLEGAL);
    g_assert_cmpuint (error.line, ==, 3);
    g_assert_true (g_str_has_prefix (bad + used, "\n\n[Event \"Fine after\"]"));
  }
}

/* --- The writer ------------------------------------------------------------ */

static void
test_writer (void)
{
  ChessGame *game = chess_game_new ();
  ChessError error;
  ChessNodeId node = CHESS_NODE_ROOT, e5;
  g_autofree char *text = NULL;
  GString *long_comment = g_string_new (NULL);

  chess_game_set_tag (game, "White", "Say \"hi\" \\ there");
  chess_game_set_tag (game, "Annotator", "me");
  chess_game_set_result (game, "0-1");
  node = chess_game_add_san (game, node, "e4", &error);
  e5 = node = chess_game_add_san (game, node, "e5", &error);
  for (int i = 0; i < 40; i++)
    g_string_append (long_comment, "word ");
  g_string_append (long_comment, "[%clk 0:01:00] } end");
  chess_game_node_set_comment (game, node, CHESS_COMMENT_AFTER, long_comment->str);
  g_string_free (long_comment, TRUE);
  node = chess_game_add_san (game, node, "Nf3", &error);
  chess_game_node_add_nag (game, node, 7);
  chess_game_add_san (game, e5, "f4", &error);

  text = chess_pgn_write_game (game, NULL);
  /* Seven Tag Roster first, with defaults, then the others. */
  g_assert_true (g_str_has_prefix (text,
                                   "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                                   "[White \"Say \\\"hi\\\" \\\\ there\"]\n[Black \"?\"]\n[Result \"0-1\"]\n"
                                   "[Annotator \"me\"]\n\n1. e4 e5 {word word"));
  /* A '}' inside a comment cannot end it early. */
  g_assert_null (strstr (text, "} end"));
  g_assert_nonnull (strstr (text, ") end}"));
  /* A word starting with '[' never starts a line. */
  g_assert_null (strstr (text, "\n[%clk"));
  /* After the comment comes White's move, its NAG, its alternative, the
   * result (line breaks aside). */
  {
    g_autofree char *flat = g_strdup (text);
    g_strdelimit (flat, "\n", ' ');
    g_assert_nonnull (strstr (flat, "end} 2. Nf3 $7 (2. f4) 0-1  "));
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint k = 0; lines[k] != NULL; k++)
    g_assert_cmpuint (strlen (lines[k]), <=, 80);
  chess_game_free (game);
}

/* A comment after a move and the next move's comment before it, with no
 * variation between them, read back as one comment: the writer writes them
 * as one, so that export, read, export gives the same text.  The game comes
 * from a reader that drops an empty variation, as the fuzzer found, and
 * from the editing API; the root's comment joins the first move's too. */
static void
test_writer_joins_adjacent_comments (void)
{
  static const char *const inputs[] = {
    "1. e4 e5 2. Nf3 {a} () {b} 2... Bc5 *\n",
    "1. e4 e5 2. Nf3 {a} (2. Qxf7) {b} 2... Bc5 *\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      ChessError error;
      size_t consumed;
      ChessGame *game = chess_pgn_read_game (inputs[i], strlen (inputs[i]), &error, &consumed);
      g_autofree char *text = NULL, *again_text = NULL;
      ChessGame *again;

      g_assert_nonnull (game);
      text = chess_pgn_write_game (game, NULL);
      g_assert_nonnull (strstr (text, "2. Nf3 {a b} 2... Bc5 *"));
      again = chess_pgn_read_game (text, strlen (text), &error, &consumed);
      g_assert_nonnull (again);
      again_text = chess_pgn_write_game (again, NULL);
      g_assert_cmpstr (again_text, ==, text);
      chess_game_free (again);
      chess_game_free (game);
    }

  /* Built by hand: root comment + first move's, an empty comment after,
   * and a variation between (kept apart: the ')' separates them). */
  {
    ChessGame *game = chess_game_new ();
    ChessError error;
    ChessNodeId e4, e5, nf3, d4;
    g_autofree char *text = NULL;

    e4 = chess_game_add_san (game, CHESS_NODE_ROOT, "e4", &error);
    e5 = chess_game_add_san (game, e4, "e5", &error);
    nf3 = chess_game_add_san (game, e5, "Nf3", &error);
    d4 = chess_game_add_san (game, CHESS_NODE_ROOT, "d4", &error);
    g_assert_cmpint (d4, !=, CHESS_NODE_NONE);
    chess_game_node_set_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_AFTER, "start");
    chess_game_node_set_comment (game, e4, CHESS_COMMENT_BEFORE, "king");
    chess_game_node_set_comment (game, e4, CHESS_COMMENT_AFTER, "best");
    chess_game_node_set_comment (game, e5, CHESS_COMMENT_BEFORE, "reply");
    chess_game_node_set_comment (game, e5, CHESS_COMMENT_AFTER, "");
    chess_game_node_set_comment (game, nf3, CHESS_COMMENT_BEFORE, "knight");
    text = chess_pgn_write_game (game, NULL);
    g_strdelimit (text, "\n", ' ');
    g_assert_nonnull (strstr (text, "  {start king} 1. e4 {best} (1. d4) {reply} 1... e5 {knight} 2. Nf3 *"));
    chess_game_free (game);
  }
}

/* --- Hostile input: bounded, never a crash ---------------------------------- */

static void
count_error_cb (void             *user_data,
                const ChessError *error)
{
  ChessError *last = user_data;

  *last = *error;
}

static void
test_hostile_nesting (void)
{
  GString *s = g_string_new ("[Event \"x\"]\n\n1. e4 ");
  ChessError last = { 0 };
  ChessPgnVisitor v = { .error = count_error_cb };
  ChessPgnParser *p;

  for (int i = 0; i < 100000; i++)
    g_string_append (s, "(1. d4 ");
  for (int i = 0; i < 100000; i++)
    g_string_append_c (s, ')');
  g_string_append (s, " *\n[Event \"y\"]\n1. e4 *\n");
  p = chess_pgn_parser_new (&v, &last, CHESS_PGN_DEFAULT);
  chess_pgn_parser_feed (p, s->str, s->len);
  chess_pgn_parser_finish (p);
  g_assert_cmpuint (chess_pgn_parser_n_games (p), ==, 2);
  g_assert_cmpuint (chess_pgn_parser_n_errors (p), ==, 1);
  g_assert_cmpint (last.code, ==, CHESS_ERROR_LIMIT);
  chess_pgn_parser_free (p);

  /* 100,000 bare '(' (no move before the inner ones). */
  g_string_assign (s, "1. e4 ");
  for (int i = 0; i < 100000; i++)
    g_string_append_c (s, '(');
  {
    g_autoptr (GPtrArray) games = read_all (s->str, s->len, 4096);
    g_assert_cmpuint (games->len, ==, 1);
    g_assert_null (((Read *) games->pdata[0])->game);
  }
  g_string_free (s, TRUE);
}

static void
test_hostile_comment (void)
{
  gsize n = 10 * 1024 * 1024;
  GString *s = g_string_sized_new (n + 100);
  g_autoptr (GPtrArray) games = NULL;
  Read *r;

  g_string_append (s, "[Event \"x\"]\n\n1. e4 {");
  for (gsize i = 0; i < n; i++)
    g_string_append_c (s, i % 64 == 63 ? ' ' : 'a');
  g_string_append (s, "} e5 *\n\n[Event \"y\"]\n\n1. d4 *\n");
  games = read_all (s->str, s->len, 65536);
  g_assert_cmpuint (games->len, ==, 2);
  r = games->pdata[0];
  g_assert_null (r->game);
  g_assert_cmpint (r->error.code, ==, CHESS_ERROR_LIMIT);
  g_assert_cmpuint (r->error.line, ==, 3);
  g_assert_cmpuint (r->error.column, ==, 7);
  g_assert_nonnull (((Read *) games->pdata[1])->game);
  g_string_free (s, TRUE);
}

static void
test_hostile_random (void)
{
  GRand *rand = g_rand_new_with_seed (20260101);
  gsize n = 4 * 1024 * 1024;
  guchar *junk = g_malloc (n);

  for (int round = 0; round < 3; round++)
    {
      for (gsize i = 0; i < n; i++)
        {
          /* Round 1: any byte; round 2: PGN-ish characters, so the lexer gets
           * deep into tags, comments and variations; round 3: only moves. */
          static const char pgnish[] = "[]{}()\"\\;%$!?.*-/ \n\r\tabcdefgh12345678NBRQKOx+#=01";
          static const char *const words[] = { "e4 ", "Nf3 ", "(", ")", "1. ", "O-O ", "{x} ", "exd5 " };
          if (round == 0)
            junk[i] = (guchar) g_rand_int_range (rand, 0, 256);
          else if (round == 1)
            junk[i] = (guchar) pgnish[g_rand_int_range (rand, 0, sizeof pgnish - 1)];
          else
            {
              const char *w = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
              for (; *w && i < n; w++)
                junk[i++] = (guchar) *w;
              i--;
            }
        }
      ChessPgnParser *p = chess_pgn_parser_new (NULL, NULL, CHESS_PGN_DEFAULT);
      for (gsize off = 0; off < n;)
        {
          gsize take = MIN ((gsize) g_rand_int_range (rand, 1, 70000), n - off);
          chess_pgn_parser_feed (p, (const char *) junk + off, take);
          off += take;
        }
      chess_pgn_parser_finish (p);
      g_assert_cmpuint (chess_pgn_parser_n_errors (p), <=, chess_pgn_parser_n_games (p));
      g_assert_cmpuint (chess_pgn_parser_n_games (p), <=, n);
      chess_pgn_parser_free (p);

      /* The builder and the indexer on the same bytes. */
      g_autoptr (GPtrArray) games = read_all ((const char *) junk, n / 8, 1000);
      ChessPgnIndex *index = chess_pgn_index_new (0);
      while (!chess_pgn_index_scan (index, (const char *) junk, n, 100000))
        ;
      g_assert_cmpuint (chess_pgn_index_n_games (index), <=, n);
      chess_pgn_index_free (index);
    }
  g_free (junk);
  g_rand_free (rand);
}

/* Mutated copies of the test files (bytes replaced, inserted, deleted,
 * copied from elsewhere): whatever comes out, it is the same in one piece
 * or in random chunks, and every game read is written back idempotently. */
static char *
summarize (GPtrArray *games)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      Read *r = games->pdata[i];
      if (r->game != NULL)
        {
          g_autofree char *text = chess_pgn_write_game (r->game, NULL);
          g_autoptr (GPtrArray) back = read_all (text, strlen (text), 0);
          g_autofree char *again = NULL;
          g_assert_cmpuint (back->len, ==, 1);
          g_assert_nonnull (((Read *) back->pdata[0])->game);
          again = chess_pgn_write_game (((Read *) back->pdata[0])->game, NULL);
          g_assert_cmpstr (again, ==, text);
          g_string_append (s, text);
        }
      else
        g_string_append_printf (s, "error %lu:%lu %s\n", r->error.line, r->error.column,
                                r->error.message);
      g_string_append_printf (s, "@%lu:%lu\n", r->where.line, r->where.column);
    }
  return g_string_free (s, FALSE);
}

static void
test_mutations (void)
{
  static const char *const files[] = {
    "comments.pgn", "variations.pgn", "nags.pgn", "crlf.pgn", "lone-cr.pgn", "fen.pgn",
    "castling-dashes.pgn", "commands.pgn", "unterminated-comment.pgn", "move-numbers.pgn",
  };
  static const char alphabet[] = "[]{}()\"\\;%$!?.*-/ \n\r\tabcdefgh12345678NBRQKOx+#=0\xe2\x80\x93\xef";
  GRand *rand = g_rand_new_with_seed (99);

  for (int iter = 0; iter < 400; iter++)
    {
      gsize len;
      g_autofree char *data = load (files[iter % G_N_ELEMENTS (files)], &len);
      GString *m = g_string_new_len (data, len);
      int n = g_rand_int_range (rand, 1, 8);

      for (int k = 0; k < n && m->len > 0; k++)
        {
          gsize pos = (gsize) g_rand_int_range (rand, 0, (gint32) m->len);
          char c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              m->str[pos] = c;
              break;
            case 1:
              g_string_insert_c (m, (gssize) pos, c);
              break;
            case 2:
              {
                gsize count = (gsize) g_rand_int_range (rand, 1, 10);
                g_string_erase (m, (gssize) pos, (gssize) MIN (count, m->len - pos));
              }
              break;
            default:
              {
                gsize from = (gsize) g_rand_int_range (rand, 0, (gint32) m->len);
                gsize count = (gsize) g_rand_int_range (rand, 1, 40);
                count = MIN (count, m->len - from);
                g_autofree char *piece = g_strndup (m->str + from, count);
                g_string_insert_len (m, (gssize) pos, piece, (gssize) count);
              }
              break;
            }
        }
      g_autoptr (GPtrArray) whole = read_all (m->str, m->len, 0);
      g_autoptr (GPtrArray) pieces = read_all (m->str, m->len, (gsize) g_rand_int_range (rand, 1, 30));
      g_autofree char *a = summarize (whole);
      g_autofree char *b = summarize (pieces);
      g_assert_cmpstr (a, ==, b);
      g_string_free (m, TRUE);
    }
  g_rand_free (rand);
}

/* --- The SAN fast path never disagrees with chess_san_parse ----------------- */

static void
test_san_fast_agrees (void)
{
  GRand *rand = g_rand_new_with_seed (7);
  unsigned fast_hits = 0, total = 0;

  for (int g = 0; g < 300; g++)
    {
      ChessPosition pos, prev;
      chess_position_init_start (&pos);
      prev = pos;
      for (int ply = 0; ply < 200; ply++)
        {
          ChessMoveList list;
          chess_generate_legal (&pos, &list);
          if (list.count == 0)
            break;
          for (unsigned i = 0; i < list.count; i++)
            {
              char san[CHESS_SAN_MAX];
              ChessError error;
              ChessMove fast, slow;
              chess_san_write (&pos, list.moves[i], san);
              /* Here, where the move is legal ... */
              fast = _chess_pgn_san_fast (&pos, san, strlen (san));
              total++;
              if (fast != CHESS_MOVE_NONE)
                {
                  fast_hits++;
                  g_assert_cmpuint (fast, ==, list.moves[i]);
                }
              /* ... and one ply earlier, where it may be illegal or other. */
              fast = _chess_pgn_san_fast (&prev, san, strlen (san));
              slow = chess_san_parse (&prev, san, strlen (san), &error);
              if (fast != CHESS_MOVE_NONE)
                g_assert_cmpuint (fast, ==, slow);
            }
          prev = pos;
          chess_position_make_move (&pos, list.moves[g_rand_int_range (rand, 0, list.count)]);
        }
    }
  /* It is a fast path only if it is taken most of the time. */
  g_assert_cmpuint (fast_hits, >, total / 2);
  g_rand_free (rand);
}

/* --- The indexer ------------------------------------------------------------ */

static void
test_index_files (gconstpointer user_data)
{
  const PgnCase *c = user_data;
  gsize len;
  g_autofree char *data = load (c->file, &len);
  ChessPgnIndex *whole = chess_pgn_index_new (0), *chunked = chess_pgn_index_new (0);
  g_autoptr (GPtrArray) games = read_all (data, len, 0);

  g_assert_true (chess_pgn_index_scan (whole, data, len, UINT64_MAX));
  while (!chess_pgn_index_scan (chunked, data, len, 16))
    ;
  g_assert_cmpuint (chess_pgn_index_n_games (whole), ==, c->n_games);
  g_assert_cmpuint (chess_pgn_index_n_games (chunked), ==, c->n_games);
  for (size_t i = 0; i < c->n_games; i++)
    {
      const ChessPgnIndexEntry *a = chess_pgn_index_entry (whole, i);
      const ChessPgnIndexEntry *b = chess_pgn_index_entry (chunked, i);
      Read *r = games->pdata[i];
      g_assert_cmpmem (a, sizeof *a, b, sizeof *b);
      /* Where the reader says the game starts (the BOM aside). */
      g_assert_cmpuint (a->offset, ==, r->where.offset);
      /* Reading the game's own bytes gives the same game. */
      if (r->game != NULL)
        {
          ChessError error;
          ChessGame *alone = chess_pgn_read_game (data + a->offset, a->length, &error, NULL);
          g_autofree char *d1 = dump_game (r->game), *d2 = NULL;
          g_assert_nonnull (alone);
          d2 = dump_game (alone);
          g_assert_cmpstr (d1, ==, d2);
          g_assert_cmpuint (chess_pgn_count_plies (data + a->offset, a->length), ==,
                            chess_game_node_ply (r->game, main_line_end (r->game)));
          chess_game_free (alone);
        }
      if (i + 1 < c->n_games)
        g_assert_cmpuint (a->offset + a->length, ==, chess_pgn_index_entry (whole, i + 1)->offset);
      else
        g_assert_cmpuint (a->offset + a->length, ==, len);
    }
  chess_pgn_index_free (whole);
  chess_pgn_index_free (chunked);
}

static void
test_index_tags (void)
{
  gsize len;
  g_autofree char *data = load ("escaped-tags.pgn", &len);
  ChessPgnIndex *index = chess_pgn_index_new (0);
  char buf[64];

  chess_pgn_index_scan (index, data, len, UINT64_MAX);
  g_assert_cmpuint (chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_EVENT, buf, sizeof buf), ==,
                    strlen ("The \"Immortal\" Game"));
  g_assert_cmpstr (buf, ==, "The \"Immortal\" Game");
  chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_SITE, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "C:\\games\\london.pgn");
  chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_BLACK, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "Kieseritzky, Lionel");
  chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_RESULT, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "1-0");
  g_assert_cmpuint (chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_ECO, buf, sizeof buf), ==, 0);
  g_assert_cmpstr (buf, ==, "");
  /* Truncated to the buffer. */
  chess_pgn_index_tag (index, data, 0, CHESS_PGN_TAG_WHITE, buf, 5);
  g_assert_cmpstr (buf, ==, "Ande");
  g_assert_cmpuint (chess_pgn_index_tag (index, data, 7, CHESS_PGN_TAG_WHITE, buf, sizeof buf), ==, 0);
  chess_pgn_index_free (index);
}

/* Many games, split in parts indexed apart and joined, give the same index
 * as one pass; memory per game is the entry size. */
static void
test_index_split (void)
{
  GString *s = g_string_new (NULL);
  ChessPgnIndex *one = chess_pgn_index_new (0);
  uint64_t bounds[9];

  for (int i = 0; i < 3000; i++)
    {
      g_string_append_printf (s, "[Event \"E%d\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n[Result \"*\"]\n\n",
                              i, i, i);
      if (i % 3 == 0)
        g_string_append (s, "1. e4 {a comment\n[%clk 0:01:00] over lines} e5 *\n\n");
      else if (i % 3 == 1)
        g_string_append (s, "1. d4 d5\n2. c4 *\n");   /* no blank line after */
      else
        g_string_append (s, "[Round \"x\"] 1. c4 *\n\n");
    }
  chess_pgn_index_scan (one, s->str, s->len, UINT64_MAX);
  g_assert_cmpuint (chess_pgn_index_n_games (one), ==, 3000);
  g_assert_cmpuint (sizeof (ChessPgnIndexEntry), <=, 64);

  for (unsigned parts = 1; parts <= 8; parts++)
    {
      unsigned k = chess_pgn_index_split (s->str, s->len, parts, bounds);
      ChessPgnIndex *joined = chess_pgn_index_new (0);
      g_assert_cmpuint (k, ==, parts);
      g_assert_cmpuint (bounds[0], ==, 0);
      g_assert_cmpuint (bounds[k], ==, s->len);
      for (unsigned i = 0; i < k; i++)
        {
          ChessPgnIndex *part = chess_pgn_index_new (bounds[i]);
          g_assert_true (chess_pgn_index_scan (part, s->str, bounds[i + 1], UINT64_MAX));
          chess_pgn_index_append (joined, part);
          chess_pgn_index_free (part);
        }
      g_assert_cmpuint (chess_pgn_index_n_games (joined), ==, 3000);
      for (size_t g = 0; g < 3000; g++)
        g_assert_cmpmem (chess_pgn_index_entry (joined, g), sizeof (ChessPgnIndexEntry),
                         chess_pgn_index_entry (one, g), sizeof (ChessPgnIndexEntry));
      chess_pgn_index_free (joined);
    }
  {
    char buf[16];
    chess_pgn_index_tag (one, s->str, 2999, CHESS_PGN_TAG_WHITE, buf, sizeof buf);
    g_assert_cmpstr (buf, ==, "W2999");
  }
  chess_pgn_index_free (one);
  g_string_free (s, TRUE);
}

/* chess_pgn_parser_position() in the move callback: the position after
 * the move, in the main line and in a variation. */
typedef struct
{
  ChessPgnParser *parser;
  unsigned        n_moves;
  unsigned        n_null;
} PositionTrace;

static void
position_move_cb (void                *user_data,
                  const char          *san,
                  size_t               san_len,
                  ChessMove            move,
                  const ChessPosition *before)
{
  PositionTrace *t = user_data;
  const ChessPosition *after = chess_pgn_parser_position (t->parser);
  ChessPosition expect = *before;
  char a[CHESS_FEN_MAX], b[CHESS_FEN_MAX];

  chess_position_make_move (&expect, move);
  g_assert_nonnull (after);
  chess_fen_write (&expect, a);
  chess_fen_write (after, b);
  g_assert_cmpstr (b, ==, a);
  g_assert_cmpuint (after->key, ==, expect.key);
  t->n_moves++;
  t->n_null += move == CHESS_MOVE_NULL;
}

static void
test_parser_position (void)
{
  static const char text[] =
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3 g5) 2... Nc6 3. Bc4 Nf6 4. O-O -- "
    "5. d4 exd4 6. e5 d5 7. exd6 1-0\n\n"
    "[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. b8=N Kf7 *\n";
  static const ChessPgnVisitor visitor = { .move = position_move_cb };
  PositionTrace t = { 0 };

  t.parser = chess_pgn_parser_new (&visitor, &t, CHESS_PGN_DEFAULT);
  g_assert_true (chess_pgn_parser_feed (t.parser, text, sizeof text - 1));
  chess_pgn_parser_finish (t.parser);
  chess_pgn_parser_free (t.parser);
  /* 13 moves of the first game (castling, a null move and e.p. among
   * them), 4 of the variation, 2 of the second game (a promotion). */
  g_assert_cmpuint (t.n_moves, ==, 19);
  g_assert_cmpuint (t.n_null, ==, 1);

  {
    static const ChessPgnVisitor plain = { 0 };
    ChessPgnParser *p = chess_pgn_parser_new (&plain, NULL, CHESS_PGN_NO_MOVES);

    g_assert_null (chess_pgn_parser_position (p));
    chess_pgn_parser_free (p);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strndup (cases[i].file, strlen (cases[i].file) - 4);
      g_autofree char *p1 = g_strdup_printf ("/core/pgn/file/%s", name);
      g_autofree char *p2 = g_strdup_printf ("/core/pgn/round-trip/%s", name);
      g_autofree char *p3 = g_strdup_printf ("/core/pgn/index/%s", name);
      g_test_add_data_func (p1, &cases[i], test_file);
      g_test_add_data_func (p2, &cases[i], test_round_trip);
      g_test_add_data_func (p3, &cases[i], test_index_files);
    }
  g_test_add_func ("/core/pgn/escaped-tags", test_escaped_tags);
  g_test_add_func ("/core/pgn/comments", test_comments);
  g_test_add_func ("/core/pgn/nags", test_nags);
  g_test_add_func ("/core/pgn/variations", test_variations);
  g_test_add_func ("/core/pgn/null-moves", test_null_moves);
  g_test_add_func ("/core/pgn/parser-position", test_parser_position);
  g_test_add_func ("/core/pgn/fen-games", test_fen_games);
  g_test_add_func ("/core/pgn/tags-one-line", test_tags_one_line);
  g_test_add_func ("/core/pgn/commands", test_commands);
  g_test_add_func ("/core/pgn/clock-parse", test_clock_parse);
  g_test_add_func ("/core/pgn/tokenizer", test_tokenizer);
  g_test_add_func ("/core/pgn/read-game-consumed", test_read_game_consumed);
  g_test_add_func ("/core/pgn/writer", test_writer);
  g_test_add_func ("/core/pgn/writer/joins-adjacent-comments", test_writer_joins_adjacent_comments);
  g_test_add_func ("/core/pgn/hostile/nesting", test_hostile_nesting);
  g_test_add_func ("/core/pgn/hostile/comment", test_hostile_comment);
  g_test_add_func ("/core/pgn/hostile/random", test_hostile_random);
  g_test_add_func ("/core/pgn/hostile/mutations", test_mutations);
  g_test_add_func ("/core/pgn/san-fast-agrees", test_san_fast_agrees);
  g_test_add_func ("/core/pgn/index/tags", test_index_tags);
  g_test_add_func ("/core/pgn/index/split", test_index_split);
  return g_test_run ();
}
