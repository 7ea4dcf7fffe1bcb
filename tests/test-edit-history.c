/* test-edit-history.c — undo and redo of a reviewed game's edits
 * (caissa-edit-history.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "caissa-comment-marks.h"
#include "caissa-edit-history.h"
#include "chess-pgn.h"

static ChessGame *
read_game (const char *pgn)
{
  ChessError err = { 0 };
  ChessGame *game = chess_pgn_read_game (pgn, strlen (pgn), &err, NULL);

  g_assert_nonnull (game);
  return game;
}

static char *
write_game (const ChessGame *game)
{
  size_t len = 0;
  char *text = chess_pgn_write_game (game, &len);

  return text;
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* Three edits, undone and redone: each step gives back the tree and the
 * node shown as they were; a new edit after undos drops the redo list. */
static void
test_undo_redo (void)
{
  g_autoptr(CaissaEditHistory) history = caissa_edit_history_new ();
  ChessGame *game = read_game ("1. e4 e5 2. Nf3 Nc6 *");
  ChessNodeId e4 = chess_game_node_next (game, CHESS_NODE_ROOT);
  ChessNodeId nf3 = chess_game_node_next (game, chess_game_node_next (game, e4));
  g_autofree char *t0 = write_game (game);
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL;
  ChessGame *back;
  ChessNodeId shown = CHESS_NODE_NONE;
  guint n_undo = 0, n_redo = 0;

  g_signal_connect (history, "notify::can-undo", G_CALLBACK (count_cb), &n_undo);
  g_signal_connect (history, "notify::can-redo", G_CALLBACK (count_cb), &n_redo);
  g_assert_false (caissa_edit_history_get_can_undo (history));
  caissa_edit_history_reset (history, game, e4);
  g_assert_false (caissa_edit_history_get_can_undo (history));
  g_assert_true (caissa_edit_history_get_at_saved (history));

  chess_game_node_add_nag (game, e4, 1);
  t1 = write_game (game);
  caissa_edit_history_push (history, game, e4, e4, "NAG");
  g_assert_cmpuint (n_undo, ==, 1);
  g_assert_false (caissa_edit_history_get_at_saved (history));

  chess_game_node_set_comment (game, nf3, CHESS_COMMENT_AFTER, "the best");
  t2 = write_game (game);
  caissa_edit_history_push (history, game, nf3, nf3, "Comment");

  chess_game_set_result (game, "1-0");
  t3 = write_game (game);
  caissa_edit_history_push (history, game, nf3, CHESS_NODE_ROOT, "Result");
  g_assert_cmpuint (caissa_edit_history_get_n_states (history), ==, 4);
  g_assert_cmpstr (caissa_edit_history_get_undo_label (history), ==, "Result");

  {
    const char *expect[] = { t2, t1, t0 };
    ChessNodeId expect_shown[] = { nf3, nf3, e4 };

    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *text = NULL;

        back = caissa_edit_history_undo (history, &shown);
        g_assert_nonnull (back);
        text = write_game (back);
        g_assert_cmpstr (text, ==, expect[i]);
        g_assert_cmpuint (shown, ==, expect_shown[i]);
        chess_game_free (back);
      }
  }
  g_assert_null (caissa_edit_history_undo (history, &shown));
  g_assert_false (caissa_edit_history_get_can_undo (history));
  g_assert_true (caissa_edit_history_get_at_saved (history));
  g_assert_cmpuint (n_undo, ==, 2);
  g_assert_cmpuint (n_redo, ==, 1);

  back = caissa_edit_history_redo (history, &shown);
  {
    g_autofree char *text = write_game (back);

    g_assert_cmpstr (text, ==, t1);
    g_assert_cmpuint (shown, ==, e4);
  }
  chess_game_free (back);
  g_assert_cmpstr (caissa_edit_history_get_redo_label (history), ==, "Comment");

  /* A new edit here: "Comment" and "Result" cannot be redone any more. */
  back = chess_game_copy (caissa_edit_history_get_current (history));
  chess_game_delete_node (back, nf3);
  caissa_edit_history_push (history, back, nf3, e4, "Delete");
  g_assert_false (caissa_edit_history_get_can_redo (history));
  g_assert_cmpuint (caissa_edit_history_get_n_states (history), ==, 3);
  chess_game_free (back);

  chess_game_free (game);
  g_assert_finalize_object (g_steal_pointer (&history));
}

/* Saving moves the clean state; undoing back to it makes the game clean,
 * and once it was dropped by a new edit nothing is clean until a save. */
static void
test_saved (void)
{
  g_autoptr(CaissaEditHistory) history = caissa_edit_history_new ();
  ChessGame *game = read_game ("1. d4 d5 *");
  ChessNodeId d4 = chess_game_node_next (game, CHESS_NODE_ROOT);
  ChessNodeId shown;

  caissa_edit_history_reset (history, game, CHESS_NODE_ROOT);
  chess_game_node_add_nag (game, d4, 3);
  caissa_edit_history_push (history, game, d4, d4, NULL);
  caissa_edit_history_mark_saved (history);
  g_assert_true (caissa_edit_history_get_at_saved (history));
  chess_game_free (caissa_edit_history_undo (history, &shown));
  g_assert_false (caissa_edit_history_get_at_saved (history));
  chess_game_node_add_nag (game, d4, 4);
  caissa_edit_history_push (history, game, d4, d4, NULL);
  g_assert_false (caissa_edit_history_get_at_saved (history));
  chess_game_free (caissa_edit_history_undo (history, &shown));
  g_assert_false (caissa_edit_history_get_at_saved (history));

  /* No game: nothing to undo, pushes are ignored. */
  caissa_edit_history_reset (history, NULL, CHESS_NODE_ROOT);
  caissa_edit_history_push (history, game, d4, d4, NULL);
  g_assert_false (caissa_edit_history_get_can_undo (history));
  g_assert_null (caissa_edit_history_get_current (history));
  chess_game_free (game);
}

/* The moves from the root to node, "e4 e5 Nf3". */
static char *
path_text (const ChessGame *game,
           ChessNodeId      node)
{
  ChessNodeId ids[64];
  unsigned n = chess_game_node_path (game, node, ids, G_N_ELEMENTS (ids));
  GString *out = g_string_new (NULL);

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (ids));
  for (unsigned i = 1; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 1 ? " " : "", chess_game_node_san (game, ids[i]));
  return g_string_free (out, FALSE);
}

/* Thirty edits: the older states are kept as PGN text, yet each undo gives
 * back the same game and the same position shown, and so does each redo. */
static void
test_kept_as_text (void)
{
  g_autoptr(CaissaEditHistory) history = caissa_edit_history_new ();
  ChessGame *game = read_game ("{Start} 1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *");
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *shown = g_ptr_array_new_with_free_func (g_free);
  ChessNodeId nodes[12];
  guint n_nodes = 0;

  for (ChessNodeId n = chess_game_node_next (game, CHESS_NODE_ROOT); n != CHESS_NODE_NONE;
       n = chess_game_node_next (game, n))
    nodes[n_nodes++] = n;
  caissa_edit_history_reset (history, game, CHESS_NODE_ROOT);
  g_ptr_array_add (texts, write_game (game));
  g_ptr_array_add (shown, path_text (game, CHESS_NODE_ROOT));
  for (guint i = 0; i < 30; i++)
    {
      ChessNodeId at = nodes[(i * 7) % n_nodes];
      g_autofree char *comment = g_strdup_printf ("edit %u", i);

      if (i % 3 == 0)
        chess_game_node_add_nag (game, at, 1 + i % 6);
      else
        chess_game_node_set_comment (game, at, CHESS_COMMENT_AFTER, comment);
      caissa_edit_history_push (history, game, at, at, NULL);
      g_ptr_array_add (texts, write_game (game));
      g_ptr_array_add (shown, path_text (game, at));
    }
  for (guint i = 30; i > 0; i--)
    {
      ChessNodeId node;
      ChessGame *back = caissa_edit_history_undo (history, &node);
      g_autofree char *text = write_game (back);
      g_autofree char *at = path_text (back, node);

      g_assert_cmpstr (text, ==, texts->pdata[i - 1]);
      g_assert_cmpstr (at, ==, shown->pdata[i]);
      chess_game_free (back);
    }
  for (guint i = 1; i <= 30; i++)
    {
      ChessNodeId node;
      ChessGame *back = caissa_edit_history_redo (history, &node);
      g_autofree char *text = write_game (back);
      g_autofree char *at = path_text (back, node);

      g_assert_cmpstr (text, ==, texts->pdata[i]);
      g_assert_cmpstr (at, ==, shown->pdata[i]);
      chess_game_free (back);
    }
  g_ptr_array_unref (texts);
  g_ptr_array_unref (shown);
  chess_game_free (game);
}

typedef struct
{
  const char *before;
  char        color;
  const char *from;
  const char *to;
  const char *after;
} MarkRow;

static const MarkRow mark_rows[] = {
  { NULL, 'G', "e2", "e4", "[%cal Ge2e4]" },
  { "good", 'R', "d4", NULL, "good [%csl Rd4]" },
  { "[%cal Ge2e4] good", 'G', "e2", "e4", "good" },
  { "[%cal Ge2e4]", 'G', "e2", "e4", "" },
  { "[%cal Ge2e4]", 'R', "e2", "e4", "[%cal Re2e4]" },
  { "[%clk 0:01:00] [%cal Ge2e4,Rd1d8] text", 'Y', "a1", "h8", "[%clk 0:01:00] text [%cal Ge2e4,Rd1d8,Ya1h8]" },
  { "[%csl Rd4][%cal Ge2e4]", 'B', "f3", NULL, "[%cal Ge2e4] [%csl Rd4,Bf3]" },
  { "[%csl Rd4]", 'R', "d4", NULL, "" },
};

static void
test_toggle_mark (gconstpointer data)
{
  const MarkRow *row = data;
  ChessSquare from = (ChessSquare) ((row->from[0] - 'a') + 8 * (row->from[1] - '1'));
  ChessSquare to = row->to ? (ChessSquare) ((row->to[0] - 'a') + 8 * (row->to[1] - '1')) : CHESS_NO_SQUARE;
  g_autofree char *after = caissa_comment_toggle_mark (row->before, row->color, from, to);

  g_assert_cmpstr (after, ==, row->after);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/edit-history/undo-redo", test_undo_redo);
  g_test_add_func ("/model/edit-history/saved", test_saved);
  g_test_add_func ("/model/edit-history/kept-as-text", test_kept_as_text);
  for (guint i = 0; i < G_N_ELEMENTS (mark_rows); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/comment-marks/toggle/%u", i);

      g_test_add_data_func (path, &mark_rows[i], test_toggle_mark);
    }
  return g_test_run ();
}
