/* test-pgn-tolerant.c — PGN as other readers read it (issue 12): the games
 * of hand-written damaged files (tests/data/pgn), read exactly — main line,
 * variations, comments, the warnings with their line and column, the
 * errors — whether fed at once or a byte at a time; a refused game handed
 * back up to its error; variations that repeat the move they replace; the
 * round trip through the writer.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-game.h"
#include "chess-pgn.h"
#include "chess-san.h"

static char *
load (const char *name,
      gsize      *len)
{
  const char *dir = g_getenv ("CAISSA_TEST_DATA");
  g_autofree char *path = dir != NULL ? g_build_filename (dir, "pgn", name, NULL)
                                      : g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
  char *data = NULL;

  if (!g_file_get_contents (path, &data, len, NULL))
    g_error ("cannot read %s", path);
  return data;
}

/* The movetext the writer makes of a game, on one line. */
static char *
movetext (const ChessGame *game)
{
  g_autofree char *text = chess_pgn_write_game (game, NULL);
  const char *m = strstr (text, "\n\n");
  char *out = g_strdup (m != NULL ? m + 2 : text);

  g_strdelimit (out, "\n", ' ');
  return g_strchomp (out);
}

typedef struct
{
  gboolean    ok;
  const char *movetext;   /* of the game, or of the game up to its error */
  const char *warnings;   /* "LINE:COL: message", one a line */
  const char *error;      /* "LINE:COL: message" */
} ExpectedGame;

typedef struct
{
  const char  *file;
  guint        n_games;
  ExpectedGame games[8];
} TolerantCase;

static const TolerantCase cases[] = {
  { "same-move-variation.pgn", 2, {
    { TRUE, "1. e4 e5 2. Nf3 (2. Nf3 Nc6 3. Bb5) 2... Nc6 3. Bc4 *", "", "" },
    { TRUE, "1. e4 e5 2. Qh5 Nc6 3. Bc4 (3. Bc4 Nf6 4. Qxf7#) 3... g6 4. Qf3 Nf6 5. Qb3 1-0", "", "" },
  } },
  { "comment-bracket-line.pgn", 2, {
    { TRUE, "1. e4 e5 2. Nf3 Nc6 3. Bc4 {[C54] Giuoco Piano, the quiet line} 3... Bc5 4. c3 *", "", "" },
    { TRUE, "1. d4 *", "", "" },
  } },
  { "tagless-after-moves.pgn", 4, {
    { TRUE, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "", "" },
    { TRUE, "1. d4 d5 2. c4 0-1", "", "" },
    { TRUE, "1. c4 e5 1/2-1/2", "", "" },
    { TRUE, "1. Nf3 *", "", "" },
  } },
  { "tag-quotes.pgn", 1, {
    { TRUE, "1. e4 c5 *", "2:1: tag Annotator: a '\"' inside the value is not escaped\n3:1: tag White: the value has no closing '\"'", "" },
  } },
  { "result-damage.pgn", 5, {
    { TRUE, "1. e4 e5 2. Nf3 Nc6 1/2-1/2", "3:21: '1/2' read as the result 1/2-1/2", "" },
    { TRUE, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "7:35: the result 1-0 is glued to the move Qxf7", "" },
    { TRUE, "1. f3 e5 2. g4 Qh4# 0-1", "11:16: the result 0-1 is glued to the move Qh4", "" },
    { TRUE, "1. d4 d5 1/2-1/2", "15:10: '½-½' read as the result 1/2-1/2", "" },
    { TRUE, "1. e4 1-0", "19:7: the forfeit marker '(+)-(-)' read as the result 1-0", "" },
  } },
  { "stray-symbols.pgn", 3, {
    { TRUE, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Be2 *", "4:7: stray '}'; ignored\n4:20: unbalanced parentheses: ')' without '('; ignored\n4:27: stray ','; ignored\n4:67: stray '+'; ignored", "" },
    { TRUE, "1. e4 a6 2. e5 d5 3. exd6 c6 4. d4 a5 5. d5 e5 6. dxe6 Nf6 *", "10:22: 'exd6ep': \"ep\" after a move is not PGN; ignored\n10:58: 'e.p.' after a move is not PGN; ignored", "" },
    { TRUE, "1. e4 e5 2. Nf3 Nc6 *", "15:11: not a move: 'Diagram'; the rest of the variation is skipped\n15:28: not a move: 'see'; the rest of the variation is skipped", "" },
  } },
  { "variation-illegal.pgn", 3, {
    { TRUE, "1. e4 e5 2. Nf3 (2. Bc4 Nc6) 2... Nc6 3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 ) 3... a6 *", "4:32: illegal move 'Qxf7': no white queen can move to f7 (position r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3); the rest of the variation is skipped\n4:87: illegal move 'Ke6': no black king can move to e6 (position r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4); the rest of the variation is skipped", "" },
    { FALSE, "1. d4 d5 2. c4 (2. Nf3 Nf6) 2... e6 *", "", "9:40: illegal move 'Nxd5': no white knight can move to d5 (position rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3)" },
    { TRUE, "1. c4 *", "", "" },
  } },
  { "variants.pgn", 7, {
    { FALSE, "*", "", "2:1: variant not supported: Chess960" },
    { FALSE, "*", "", "10:1: variant not supported: Chess960" },
    { FALSE, "*", "", "17:1: variant not supported: Chess960" },
    { FALSE, "*", "", "24:1: variant not supported: Crazyhouse" },
    { FALSE, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 *", "", "32:37: variant not supported: Crazyhouse" },
    { FALSE, "*", "", "35:1: variant not supported: Antichess" },
    { TRUE, "1. e4 *", "", "" },
  } },
  { "html-br.pgn", 2, {
    { FALSE, "*", "", "1:12: HTML markup '<br />' in the game" },
    { FALSE, "*", "", "10:12: HTML markup '<br />' in the game" },
  } },
};

typedef struct
{
  GPtrArray *games;   /* of char * descriptions, one per game */
} Seen;

static char *
describe (const ChessPgnGameInfo *info)
{
  GString *s = g_string_new (NULL);
  g_autofree char *moves = info->game != NULL ? movetext (info->game) : g_strdup ("");

  g_string_append_printf (s, "%s\n%s\n", info->error == NULL ? "ok" : "refused", moves);
  for (size_t i = 0; i < info->n_warnings; i++)
    {
      g_assert_cmpint (info->warnings[i].severity, ==, CHESS_SEVERITY_WARNING);
      g_string_append_printf (s, "%s%lu:%lu: %s", i > 0 ? "\n" : "", info->warnings[i].line,
                              info->warnings[i].column, info->warnings[i].message);
    }
  g_string_append_c (s, '\n');
  if (info->error != NULL)
    {
      g_assert_cmpint (info->error->severity, ==, CHESS_SEVERITY_ERROR);
      g_string_append_printf (s, "%lu:%lu: %s", info->error->line, info->error->column,
                              info->error->message);
    }
  return g_string_free (s, FALSE);
}

static bool
seen_cb (void                   *user_data,
         const ChessPgnGameInfo *info)
{
  Seen *seen = user_data;

  g_ptr_array_add (seen->games, describe (info));
  chess_game_free (info->game);
  return true;
}

static GPtrArray *
read_described (const char *data,
                gsize       len,
                gsize       chunk)
{
  Seen seen = { g_ptr_array_new_with_free_func (g_free) };
  ChessPgnReader *r = chess_pgn_reader_new_full (seen_cb, &seen);

  if (chunk == 0)
    chess_pgn_reader_feed (r, data, len);
  else
    for (gsize i = 0; i < len; i += chunk)
      chess_pgn_reader_feed (r, data + i, MIN (chunk, len - i));
  chess_pgn_reader_finish (r);
  chess_pgn_reader_free (r);
  return seen.games;
}

static void
test_case (gconstpointer user_data)
{
  const TolerantCase *c = user_data;
  gsize len;
  g_autofree char *data = load (c->file, &len);
  static const gsize chunks[] = { 0, 1, 7 };

  for (guint k = 0; k < G_N_ELEMENTS (chunks); k++)
    {
      g_autoptr (GPtrArray) games = read_described (data, len, chunks[k]);

      g_assert_cmpuint (games->len, ==, c->n_games);
      for (guint i = 0; i < c->n_games; i++)
        {
          const ExpectedGame *e = &c->games[i];
          g_autofree char *want = g_strdup_printf ("%s\n%s\n%s\n%s", e->ok ? "ok" : "refused",
                                                   e->movetext, e->warnings, e->error);
          g_assert_cmpstr (games->pdata[i], ==, want);
        }
    }
}

/* Read, write, read again: the same games; writing again: the same text. */
static void
test_round_trip (gconstpointer user_data)
{
  const TolerantCase *c = user_data;
  gsize len;
  g_autofree char *data = load (c->file, &len);
  size_t used = 0;

  while (used < len)
    {
      ChessError error;
      size_t consumed;
      ChessGame *game = chess_pgn_read_game (data + used, len - used, &error, &consumed);

      if (game != NULL)
        {
          g_autofree char *once = chess_pgn_write_game (game, NULL);
          ChessGame *again = chess_pgn_read_game (once, strlen (once), &error, NULL);
          g_autofree char *twice = NULL;
          g_autofree char *m1 = movetext (game), *m2 = NULL;

          g_assert_nonnull (again);
          twice = chess_pgn_write_game (again, NULL);
          m2 = movetext (again);
          g_assert_cmpstr (once, ==, twice);
          g_assert_cmpstr (m1, ==, m2);
          chess_game_free (again);
          chess_game_free (game);
        }
      if (consumed == 0)
        break;
      used += consumed;
    }
}

static void
test_tag_values (void)
{
  gsize len;
  g_autofree char *data = load ("tag-quotes.pgn", &len);
  ChessError error;
  ChessGame *game = chess_pgn_read_game (data, len, &error, NULL);

  g_assert_nonnull (game);
  g_assert_cmpstr (chess_game_get_tag (game, "Annotator"), ==, "Lopez \"Battle Royale\"");
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "Krush, I");
  g_assert_cmpstr (chess_game_get_tag (game, "Black"), ==, "Ivanov, A");
  chess_game_free (game);
}

/* A refused game comes back up to its error, with where the rest begins. */
static void
test_partial_game (void)
{
  gsize len;
  g_autofree char *data = load ("variation-illegal.pgn", &len);
  const char *second = strstr (data, "[Event \"Illegal move in the main line\"]");
  const char *bad = strstr (data, "3. Nxd5");
  const char *result_token = strstr (data, "4. Nc3 *");
  ChessPgnReadResult result;
  ChessError error;
  ChessNodeId node;

  g_assert_nonnull (second);
  g_assert_true (chess_pgn_read_game_full (second, len - (gsize) (second - data), &result));
  g_assert_cmpint (result.error.code, ==, CHESS_ERROR_SAN_ILLEGAL);
  g_assert_cmpuint (result.error.line, ==, 4);
  g_assert_cmpuint (result.error.column, ==, 40);
  g_assert_nonnull (result.game);
  g_assert_cmpstr (chess_game_get_tag (result.game, "Event"), ==, "Illegal move in the main line");
  /* The error follows 2... e6, on the main line. */
  node = result.error_node;
  g_assert_cmpstr (chess_game_node_san (result.game, node), ==, "e6");
  g_assert_true (chess_game_node_is_main_line (result.game, node));
  g_assert_cmpuint (chess_game_node_ply (result.game, node), ==, 4);
  /* The text not read: from "Nxd5" (after its move number) to the end of
   * the game, its result. */
  g_assert_cmpuint (result.start.offset, ==, 0);
  g_assert_cmpuint (result.rest, ==, (guint64) (bad + 3 - second));
  g_assert_cmpuint (result.end, ==, (guint64) (result_token + 8 - second));
  g_assert_cmpuint (result.n_warnings, ==, 0);
  chess_pgn_read_result_clear (&result);
  g_assert_null (result.game);

  /* The plain API still refuses it. */
  g_assert_null (chess_pgn_read_game (second, len - (gsize) (second - data), &error, NULL));
  g_assert_cmpint (error.code, ==, CHESS_ERROR_SAN_ILLEGAL);

  /* A game read whole: rest == end, its warnings handed back. */
  g_assert_true (chess_pgn_read_game_full (data, len, &result));
  g_assert_cmpint (result.error.code, ==, CHESS_OK);
  g_assert_cmpuint (result.rest, ==, result.end);
  g_assert_cmpuint (result.end, ==, (guint64) (strstr (data, "a6 *") + 4 - data));
  g_assert_cmpuint (result.n_warnings, ==, 2);
  g_assert_cmpuint (result.warnings[0].line, ==, 4);
  g_assert_cmpuint (result.warnings[0].column, ==, 32);
  chess_pgn_read_result_clear (&result);

  /* No game at all. */
  g_assert_false (chess_pgn_read_game_full ("  {just a comment}\n", 19, &result));
  g_assert_null (result.game);
  chess_pgn_read_result_clear (&result);
}

/* A variation that repeats the move it replaces stays a variation; a move
 * played (chess_game_add_move) that exists goes to the first child. */
static void
test_same_move_siblings (void)
{
  const char *text = "1. e4 e5 2. Nf3 (2. Nf3 Nc6 3. Bb5) 2... Nc6 3. Bc4 *";
  ChessError error;
  ChessGame *game = chess_pgn_read_game (text, strlen (text), &error, NULL);
  ChessNodeId e5, main_nf3, var_nf3;
  ChessMove nf3;

  g_assert_nonnull (game);
  e5 = chess_game_node_nth_child (game, chess_game_node_next (game, CHESS_NODE_ROOT), 0);
  g_assert_cmpuint (chess_game_node_n_children (game, e5), ==, 2);
  main_nf3 = chess_game_node_nth_child (game, e5, 0);
  var_nf3 = chess_game_node_nth_child (game, e5, 1);
  g_assert_cmpstr (chess_game_node_san (game, main_nf3), ==, "Nf3");
  g_assert_cmpstr (chess_game_node_san (game, var_nf3), ==, "Nf3");
  g_assert_cmpstr (chess_game_node_san (game, chess_game_node_next (game, main_nf3)), ==, "Nc6");
  g_assert_cmpstr (chess_game_node_san (game, chess_game_main_line_end (game, CHESS_NODE_ROOT)), ==, "Bc4");
  g_assert_cmpstr (chess_game_node_san (game, chess_game_main_line_end (game, var_nf3)), ==, "Bb5");

  nf3 = chess_game_node_move (game, main_nf3);
  g_assert_cmpuint (chess_game_node_find_child (game, e5, nf3), ==, main_nf3);
  g_assert_cmpuint (chess_game_add_move (game, e5, nf3), ==, main_nf3);
  g_assert_cmpuint (chess_game_node_n_children (game, e5), ==, 2);
  /* Deleting the main one leaves the variation's, now first. */
  chess_game_delete_node (game, main_nf3);
  g_assert_cmpuint (chess_game_node_n_children (game, e5), ==, 1);
  g_assert_cmpuint (chess_game_add_move (game, e5, nf3), ==, var_nf3);
  chess_game_free (game);
}

/* Text between games warns through the visitor, in no game. */
typedef struct
{
  GString *log;
  int      depth;
} Events;

static void
ev_start (void *u, const ChessPgnLocation *where)
{
  g_string_append_printf (((Events *) u)->log, "G%lu ", where->line);
}

static void
ev_end (void *u, bool ok)
{
  g_string_append (((Events *) u)->log, ok ? "E " : "X ");
}

static void
ev_warning (void *u, const ChessError *w)
{
  g_string_append_printf (((Events *) u)->log, "W%lu:%lu ", w->line, w->column);
}

static void
test_warnings_between_games (void)
{
  static const ChessPgnVisitor visitor = {
    .game_start = ev_start, .game_end = ev_end, .warning = ev_warning,
  };
  gsize len;
  g_autofree char *data = load ("tagless-after-moves.pgn", &len);
  Events events = { g_string_new (NULL), 0 };
  ChessPgnParser *p = chess_pgn_parser_new (&visitor, &events, CHESS_PGN_DEFAULT);

  chess_pgn_parser_feed (p, data, len);
  chess_pgn_parser_finish (p);
  g_assert_cmpstr (events.log->str, ==, "G1 E G5 E G7 E W7:18 G10 E ");
  g_assert_cmpuint (chess_pgn_parser_n_warnings (p), ==, 1);
  g_assert_cmpuint (chess_pgn_parser_n_games (p), ==, 4);
  chess_pgn_parser_free (p);
  g_string_free (events.log, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strndup (cases[i].file, strlen (cases[i].file) - 4);
      g_autofree char *p1 = g_strdup_printf ("/core/pgn/tolerant/%s", name);
      g_autofree char *p2 = g_strdup_printf ("/core/pgn/tolerant/round-trip/%s", name);
      g_test_add_data_func (p1, &cases[i], test_case);
      g_test_add_data_func (p2, &cases[i], test_round_trip);
    }
  g_test_add_func ("/core/pgn/tolerant/tag-values", test_tag_values);
  g_test_add_func ("/core/pgn/tolerant/partial-game", test_partial_game);
  g_test_add_func ("/core/pgn/tolerant/same-move-siblings", test_same_move_siblings);
  g_test_add_func ("/core/pgn/tolerant/warnings-between-games", test_warnings_between_games);
  return g_test_run ();
}
