/* test-game.c — the core move tree: adding, variations, promotion, deletion,
 * paths, tags, comments, NAGs, clocks and repetition history.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-game.h"
#include "chess-san.h"

/* Plays SAN moves from node, one string "e4 e5 Nf3"; returns the last node. */
static ChessNodeId
play (ChessGame  *game,
      ChessNodeId node,
      const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      ChessError error;
      if (words[i][0] == '\0')
        continue;
      node = chess_game_add_san (game, node, words[i], &error);
      if (node == CHESS_NODE_NONE)
        g_error ("cannot play %s: %s", words[i], error.message);
    }
  return node;
}

/* The SANs of the children of node, "e4 d4 c4". */
static char *
children (ChessGame  *game,
          ChessNodeId node)
{
  GString *s = g_string_new (NULL);

  for (ChessNodeId c = chess_game_node_next (game, node); c != CHESS_NODE_NONE;
       c = chess_game_node_next_sibling (game, c))
    {
      if (s->len > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, chess_game_node_san (game, c));
    }
  return g_string_free (s, FALSE);
}

/* The main line as SANs. */
static char *
main_line (ChessGame *game)
{
  GString *s = g_string_new (NULL);

  for (ChessNodeId c = chess_game_node_next (game, CHESS_NODE_ROOT); c != CHESS_NODE_NONE;
       c = chess_game_node_next (game, c))
    {
      if (s->len > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, chess_game_node_san (game, c));
    }
  return g_string_free (s, FALSE);
}

static void
test_new_game (void)
{
  ChessGame *game = chess_game_new ();
  char fen[CHESS_FEN_MAX];
  const char *name, *value;

  g_assert_cmpstr (chess_fen_write (chess_game_start_position (game), fen), ==, CHESS_START_FEN);
  g_assert_cmpuint (chess_game_n_tags (game), ==, 7);
  for (unsigned i = 0; i < 7; i++)
    {
      g_assert_true (chess_game_nth_tag (game, i, &name, &value));
      g_assert_cmpstr (name, ==, chess_game_seven_tags[i]);
    }
  g_assert_cmpstr (chess_game_get_tag (game, "Date"), ==, "????.??.??");
  g_assert_cmpstr (chess_game_get_result (game), ==, "*");
  g_assert_cmpuint (chess_game_node_next (game, CHESS_NODE_ROOT), ==, CHESS_NODE_NONE);
  g_assert_cmpuint (chess_game_node_parent (game, CHESS_NODE_ROOT), ==, CHESS_NODE_NONE);
  g_assert_cmpuint (chess_game_node_move (game, CHESS_NODE_ROOT), ==, CHESS_MOVE_NONE);
  g_assert_cmpstr (chess_game_node_san (game, CHESS_NODE_ROOT), ==, "");
  g_assert_cmpuint (chess_game_node_ply (game, CHESS_NODE_ROOT), ==, 0);
  g_assert_false (chess_game_node_valid (game, 1));
  chess_game_free (game);
}

static void
test_add_moves (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e4, e5, again;
  char fen[CHESS_FEN_MAX];

  e4 = play (game, CHESS_NODE_ROOT, "e4");
  e5 = play (game, e4, "e5");
  g_assert_cmpuint (chess_game_node_ply (game, e5), ==, 2);
  g_assert_cmpstr (chess_game_node_san (game, e5), ==, "e5");
  g_assert_cmpstr (chess_fen_write (chess_game_node_position (game, e5), fen), ==,
                   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  /* The same move again is the same node, not a new variation. */
  again = chess_game_add_move (game, e4, chess_game_node_move (game, e5));
  g_assert_cmpuint (again, ==, e5);
  g_assert_cmpuint (chess_game_node_n_children (game, e4), ==, 1);
  /* Illegal moves are refused. */
  g_assert_cmpuint (chess_game_add_move (game, e5, chess_move_make (4, 36, CHESS_MOVE_NORMAL)), ==,
                    CHESS_NODE_NONE);
  g_assert_cmpuint (chess_game_add_move (game, 999, chess_move_make (12, 28, CHESS_MOVE_NORMAL)), ==,
                    CHESS_NODE_NONE);
  {
    ChessError error;
    g_assert_cmpuint (chess_game_add_san (game, e5, "Ke3", &error), ==, CHESS_NODE_NONE);
    g_assert_cmpint (error.code, ==, CHESS_ERROR_SAN_ILLEGAL);
  }
  chess_game_free (game);
}

static void
test_variation_order (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e4, d4, c4, nf3;
  g_autofree char *kids = NULL;

  e4 = play (game, CHESS_NODE_ROOT, "e4");
  d4 = play (game, CHESS_NODE_ROOT, "d4");
  c4 = play (game, CHESS_NODE_ROOT, "c4");
  nf3 = play (game, CHESS_NODE_ROOT, "Nf3");
  kids = children (game, CHESS_NODE_ROOT);
  /* New moves go last: the first move played stays the main line. */
  g_assert_cmpstr (kids, ==, "e4 d4 c4 Nf3");
  g_assert_cmpuint (chess_game_node_nth_child (game, CHESS_NODE_ROOT, 0), ==, e4);
  g_assert_cmpuint (chess_game_node_nth_child (game, CHESS_NODE_ROOT, 2), ==, c4);
  g_assert_cmpuint (chess_game_node_nth_child (game, CHESS_NODE_ROOT, 4), ==, CHESS_NODE_NONE);
  g_assert_cmpuint (chess_game_node_prev_sibling (game, c4), ==, d4);
  g_assert_cmpuint (chess_game_node_prev_sibling (game, e4), ==, CHESS_NODE_NONE);
  g_assert_cmpuint (chess_game_node_next_sibling (game, nf3), ==, CHESS_NODE_NONE);
  g_assert_true (chess_game_node_is_main_line (game, e4));
  g_assert_false (chess_game_node_is_main_line (game, d4));
  g_assert_cmpuint (chess_game_node_find_child (game, CHESS_NODE_ROOT,
                                                chess_game_node_move (game, c4)), ==, c4);
  chess_game_free (game);
}

static void
test_promote (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e5, c5, nf3_in_c5, nc3;
  g_autofree char *line1 = NULL, *line2 = NULL, *line3 = NULL, *kids = NULL;

  e5 = play (game, CHESS_NODE_ROOT, "e4 e5 Nf3 Nc6");
  e5 = chess_game_node_parent (game, chess_game_node_parent (game, e5));
  c5 = play (game, chess_game_node_parent (game, e5), "c5");
  nf3_in_c5 = play (game, c5, "Nf3");
  nc3 = play (game, c5, "Nc3");          /* a variation inside the variation */
  play (game, nc3, "Nc6");

  /* Promoting a node deep inside "1... c5 2. Nc3" moves up the innermost
   * variation first: Nc3 becomes c5's main continuation. */
  g_assert_true (chess_game_promote_variation (game, chess_game_node_next (game, nc3)));
  kids = children (game, c5);
  g_assert_cmpstr (kids, ==, "Nc3 Nf3");
  line1 = main_line (game);
  g_assert_cmpstr (line1, ==, "e4 e5 Nf3 Nc6");
  /* Next level: c5 replaces e5. */
  g_assert_true (chess_game_promote_variation (game, nc3));
  line2 = main_line (game);
  g_assert_cmpstr (line2, ==, "e4 c5 Nc3 Nc6");
  g_assert_false (chess_game_promote_variation (game, nc3));
  g_assert_true (chess_game_node_is_main_line (game, nc3));

  /* To the main line in one call. */
  g_assert_true (chess_game_promote_to_main_line (game, nf3_in_c5));
  g_assert_true (chess_game_node_is_main_line (game, nf3_in_c5));
  g_assert_true (chess_game_promote_to_main_line (game, chess_game_node_next (game, e5)));
  line3 = main_line (game);
  g_assert_cmpstr (line3, ==, "e4 e5 Nf3 Nc6");
  g_assert_cmpuint (chess_game_node_n_children (game, chess_game_node_next (game, CHESS_NODE_ROOT)), ==, 2);
  g_assert_false (chess_game_promote_to_main_line (game, e5));
  chess_game_free (game);
}

static void
test_delete (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e4, d4, last, reused;
  g_autofree char *kids = NULL, *line = NULL;

  last = play (game, CHESS_NODE_ROOT, "e4 e5 Nf3 Nc6 Bb5 a6");
  e4 = chess_game_node_next (game, CHESS_NODE_ROOT);
  d4 = play (game, CHESS_NODE_ROOT, "d4");
  play (game, d4, "d5 c4 e6");
  play (game, d4, "Nf6 c4 g6");

  chess_game_delete_node (game, e4);
  g_assert_false (chess_game_node_valid (game, e4));
  g_assert_false (chess_game_node_valid (game, last));
  kids = children (game, CHESS_NODE_ROOT);
  g_assert_cmpstr (kids, ==, "d4");
  line = main_line (game);
  g_assert_cmpstr (line, ==, "d4 d5 c4 e6");
  g_assert_cmpuint (chess_game_node_n_children (game, d4), ==, 2);

  /* Freed slots are reused; the arena does not grow. */
  unsigned slots = chess_game_n_slots (game);
  reused = play (game, CHESS_NODE_ROOT, "c4 c5 Nc3 Nc6 g3 g6");
  g_assert_cmpuint (chess_game_n_slots (game), ==, slots);
  g_assert_cmpuint (chess_game_node_ply (game, reused), ==, 6);

  chess_game_delete_node (game, CHESS_NODE_ROOT);
  g_assert_cmpuint (chess_game_node_n_children (game, CHESS_NODE_ROOT), ==, 0);
  g_assert_true (chess_game_node_valid (game, CHESS_NODE_ROOT));
  chess_game_free (game);
}

static void
test_long_game_and_path (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId node = CHESS_NODE_ROOT;
  ChessNodeId path[600];
  unsigned n;

  /* 500 plies of knights going back and forth: drawn by repetition long
   * before the end, but the tree keeps whatever it is given. */
  for (unsigned i = 0; i < 500; i++)
    {
      static const char *const dance[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8" };
      node = play (game, node, dance[i % 8]);
    }
  g_assert_cmpuint (chess_game_node_ply (game, node), ==, 500);
  n = chess_game_node_path (game, node, path, 600);
  g_assert_cmpuint (n, ==, 501);
  g_assert_cmpuint (path[0], ==, CHESS_NODE_ROOT);
  g_assert_cmpuint (path[500], ==, node);
  for (unsigned i = 1; i <= 500; i++)
    g_assert_cmpuint (chess_game_node_parent (game, path[i]), ==, path[i - 1]);
  /* A short buffer gets the first entries and the true length. */
  n = chess_game_node_path (game, node, path, 3);
  g_assert_cmpuint (n, ==, 501);
  g_assert_cmpuint (path[0], ==, CHESS_NODE_ROOT);
  g_assert_cmpuint (chess_game_main_line_end (game, CHESS_NODE_ROOT), ==, node);
  chess_game_free (game);
}

static void
test_repetition (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId node = CHESS_NODE_ROOT, after_8 = CHESS_NODE_NONE;
  uint64_t keys[64];
  unsigned n;

  /* Each lap of 4 plies returns to the start position. */
  for (unsigned lap = 0; lap < 4; lap++)
    {
      node = play (game, node, "Nf3 Nf6 Ng1 Ng8");
      if (lap == 1)
        after_8 = node;
    }
  n = chess_game_node_history (game, after_8, keys, 64);
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpuint (keys[0], ==, chess_game_start_position (game)->key);
  g_assert_cmpuint (keys[4], ==, keys[0]);
  g_assert_cmpuint (keys[8], ==, keys[0]);
  g_assert_cmpuint (keys[8], ==, chess_game_node_position (game, after_8)->key);
  g_assert_cmpuint (keys[1], !=, keys[0]);
  /* The start position has occurred 5 times after 16 plies: fivefold. */
  g_assert_cmpint (chess_game_node_status (game, node), ==, CHESS_STATUS_FIVEFOLD);
  g_assert_cmpint (chess_game_node_status (game, chess_game_node_parent (game, node)), ==,
                   CHESS_STATUS_ONGOING);
  /* A small buffer receives the LAST keys. */
  n = chess_game_node_history (game, node, keys, 3);
  g_assert_cmpuint (n, ==, 17);
  g_assert_cmpuint (keys[2], ==, chess_game_node_position (game, node)->key);
  g_assert_cmpuint (keys[1], ==,
                    chess_game_node_position (game, chess_game_node_parent (game, node))->key);
  chess_game_free (game);
}

static void
test_status_mate (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId mate = play (game, CHESS_NODE_ROOT, "f3 e5 g4 Qh4#");

  g_assert_cmpstr (chess_game_node_san (game, mate), ==, "Qh4#");
  g_assert_cmpint (chess_game_node_status (game, mate), ==, CHESS_STATUS_CHECKMATE);
  chess_game_free (game);
}

static void
test_tags (void)
{
  ChessGame *game = chess_game_new ();
  const char *name, *value;

  g_assert_true (chess_game_set_tag (game, "White", "Tal, Mikhail"));
  g_assert_true (chess_game_set_tag (game, "ECO", "B20"));
  g_assert_true (chess_game_set_tag (game, "Annotator", "me"));
  g_assert_false (chess_game_set_tag (game, "Bad Name", "x"));
  g_assert_false (chess_game_set_tag (game, "", "x"));
  g_assert_false (chess_game_set_tag (game, "_x", "x"));
  g_assert_false (chess_game_set_tag (game, "Ok", NULL));
  g_assert_cmpstr (chess_game_get_tag (game, "White"), ==, "Tal, Mikhail");
  /* Replacing keeps the position in the list. */
  g_assert_true (chess_game_nth_tag (game, 4, &name, &value));
  g_assert_cmpstr (name, ==, "White");
  g_assert_true (chess_game_nth_tag (game, 8, &name, &value));
  g_assert_cmpstr (name, ==, "Annotator");
  g_assert_false (chess_game_nth_tag (game, 9, &name, &value));
  g_assert_true (chess_game_remove_tag (game, "ECO"));
  g_assert_false (chess_game_remove_tag (game, "ECO"));
  g_assert_true (chess_game_nth_tag (game, 7, &name, &value));
  g_assert_cmpstr (name, ==, "Annotator");
  g_assert_null (chess_game_get_tag (game, "ECO"));

  g_assert_true (chess_game_set_result (game, "1/2-1/2"));
  g_assert_cmpstr (chess_game_get_result (game), ==, "1/2-1/2");
  g_assert_cmpstr (chess_game_get_tag (game, "Result"), ==, "1/2-1/2");
  g_assert_false (chess_game_set_result (game, "2-0"));
  g_assert_cmpstr (chess_game_get_result (game), ==, "1/2-1/2");
  chess_game_free (game);
}

static void
test_start_fen (void)
{
  ChessGame *game = chess_game_new ();
  ChessError error;
  ChessNodeId node;
  const char *fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";

  play (game, CHESS_NODE_ROOT, "e4");
  g_assert_false (chess_game_set_start_fen (game, "8/8/8/8/8/8/8/8 w - - 0 1", &error));
  g_assert_cmpint (error.code, ==, CHESS_ERROR_FEN);
  /* A refused FEN changes nothing. */
  g_assert_cmpuint (chess_game_node_n_children (game, CHESS_NODE_ROOT), ==, 1);

  g_assert_true (chess_game_set_start_fen (game, fen, &error));
  g_assert_cmpuint (chess_game_node_n_children (game, CHESS_NODE_ROOT), ==, 0);
  g_assert_cmpstr (chess_game_get_tag (game, "SetUp"), ==, "1");
  g_assert_cmpstr (chess_game_get_tag (game, "FEN"), ==, fen);
  node = play (game, CHESS_NODE_ROOT, "Kd7");
  g_assert_cmpuint (chess_game_node_ply (game, node), ==, 1);
  g_assert_cmpuint (chess_game_node_position (game, node)->fullmove, ==, 41);

  g_assert_true (chess_game_set_start_fen (game, CHESS_START_FEN, &error));
  g_assert_null (chess_game_get_tag (game, "SetUp"));
  g_assert_null (chess_game_get_tag (game, "FEN"));
  chess_game_free (game);
}

static void
test_comments_nags_clock (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e4 = play (game, CHESS_NODE_ROOT, "e4");
  const uint8_t *nags;

  chess_game_node_set_comment (game, e4, CHESS_COMMENT_AFTER, "best by test [%clk 1:30:05.5]");
  g_assert_cmpint (chess_game_node_clock_ms (game, e4), ==, (1 * 3600 + 30 * 60 + 5) * 1000 + 500);
  g_assert_cmpint (chess_game_node_emt_ms (game, e4), ==, -1);
  chess_game_node_set_clock_ms (game, e4, 59 * 1000);
  g_assert_cmpstr (chess_game_node_comment (game, e4, CHESS_COMMENT_AFTER), ==,
                   "best by test [%clk 0:00:59]");
  g_assert_cmpint (chess_game_node_clock_ms (game, e4), ==, 59000);
  chess_game_node_set_clock_ms (game, e4, -1);
  g_assert_cmpstr (chess_game_node_comment (game, e4, CHESS_COMMENT_AFTER), ==, "best by test");
  g_assert_cmpint (chess_game_node_clock_ms (game, e4), ==, -1);
  chess_game_node_set_comment (game, e4, CHESS_COMMENT_AFTER, NULL);
  chess_game_node_set_clock_ms (game, e4, 3723400);
  g_assert_cmpstr (chess_game_node_comment (game, e4, CHESS_COMMENT_AFTER), ==, "[%clk 1:02:03.4]");
  chess_game_node_set_comment (game, e4, CHESS_COMMENT_AFTER, "");
  g_assert_null (chess_game_node_comment (game, e4, CHESS_COMMENT_AFTER));

  chess_game_node_set_comment (game, e4, CHESS_COMMENT_BEFORE, "the king's pawn");
  g_assert_cmpstr (chess_game_node_comment (game, e4, CHESS_COMMENT_BEFORE), ==, "the king's pawn");
  chess_game_node_set_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_BEFORE, "ignored");
  g_assert_null (chess_game_node_comment (game, CHESS_NODE_ROOT, CHESS_COMMENT_BEFORE));

  g_assert_true (chess_game_node_add_nag (game, e4, 1));
  g_assert_true (chess_game_node_add_nag (game, e4, 146));
  g_assert_false (chess_game_node_add_nag (game, e4, 1));
  g_assert_false (chess_game_node_add_nag (game, e4, 0));
  g_assert_false (chess_game_node_add_nag (game, e4, 256));
  g_assert_cmpuint (chess_game_node_nags (game, e4, &nags), ==, 2);
  g_assert_cmpuint (nags[0], ==, 1);
  g_assert_cmpuint (nags[1], ==, 146);
  g_assert_true (chess_game_node_remove_nag (game, e4, 1));
  g_assert_false (chess_game_node_remove_nag (game, e4, 1));
  g_assert_cmpuint (chess_game_node_nags (game, e4, &nags), ==, 1);
  g_assert_cmpuint (nags[0], ==, 146);
  for (unsigned i = 2; i < 2 + CHESS_GAME_MAX_NAGS - 1; i++)
    g_assert_true (chess_game_node_add_nag (game, e4, i));
  g_assert_false (chess_game_node_add_nag (game, e4, 200));
  chess_game_free (game);
}

static void
test_null_move (void)
{
  ChessGame *game = chess_game_new ();
  ChessNodeId e4 = play (game, CHESS_NODE_ROOT, "e4");
  ChessNodeId null = chess_game_add_move (game, e4, CHESS_MOVE_NULL);
  ChessNodeId check;

  g_assert_cmpuint (null, !=, CHESS_NODE_NONE);
  g_assert_cmpstr (chess_game_node_san (game, null), ==, "--");
  g_assert_cmpint (chess_game_node_position (game, null)->side, ==, CHESS_WHITE);
  check = play (game, CHESS_NODE_ROOT, "d4 e5 dxe5 Bb4+");
  /* No null move out of check. */
  g_assert_cmpuint (chess_game_add_move (game, check, CHESS_MOVE_NULL), ==, CHESS_NODE_NONE);
  chess_game_free (game);
}

static void
test_copy (void)
{
  ChessGame *game = chess_game_new ();
  ChessGame *copy;
  ChessNodeId last = play (game, CHESS_NODE_ROOT, "e4 e5 Nf3");
  g_autofree char *line = NULL;

  chess_game_node_set_comment (game, last, CHESS_COMMENT_AFTER, "developing");
  chess_game_set_tag (game, "Event", "Copy test");
  copy = chess_game_copy (game);
  chess_game_delete_node (game, CHESS_NODE_ROOT);
  chess_game_set_tag (game, "Event", "changed");
  line = main_line (copy);
  g_assert_cmpstr (line, ==, "e4 e5 Nf3");
  g_assert_cmpstr (chess_game_node_comment (copy, last, CHESS_COMMENT_AFTER), ==, "developing");
  g_assert_cmpstr (chess_game_get_tag (copy, "Event"), ==, "Copy test");
  chess_game_free (game);
  chess_game_free (copy);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/game/new", test_new_game);
  g_test_add_func ("/core/game/add-moves", test_add_moves);
  g_test_add_func ("/core/game/variation-order", test_variation_order);
  g_test_add_func ("/core/game/promote", test_promote);
  g_test_add_func ("/core/game/delete", test_delete);
  g_test_add_func ("/core/game/long-game-path", test_long_game_and_path);
  g_test_add_func ("/core/game/repetition-keys", test_repetition);
  g_test_add_func ("/core/game/status-mate", test_status_mate);
  g_test_add_func ("/core/game/tags", test_tags);
  g_test_add_func ("/core/game/start-fen", test_start_fen);
  g_test_add_func ("/core/game/comments-nags-clock", test_comments_nags_clock);
  g_test_add_func ("/core/game/null-move", test_null_move);
  g_test_add_func ("/core/game/copy", test_copy);
  return g_test_run ();
}
