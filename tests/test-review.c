/* test-review.c — reviewing PGN files in widgets: the move list showing
 * the whole tree, the game list searching and sorting a file, and the
 * window's review actions (open, annotate, edit the tree, save, the
 * clipboard).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-game-list.h"
#include "caissa-move-list.h"
#include "caissa-nag-palette.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "chess-pgn.h"
#include "test-util-gtk.h"

static char *tmp_dir;

static const char annotated[] =
  "[Event \"Annotated\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n"
  "{Intro} 1. e4 {[%clk 1:30:00]} (1. d4 d5 (1... Nf6 2. c4) 2. c4 {QGD}) 1... e5 {[%clk 1:29:58]}\n"
  "2. Nf3 $1 {[%cal Gf3e5] pressure} Nc6 $2 $14 (2... d6 {Philidor} 3. d4) 3. Bb5 a6 1-0\n\n";

static const char second[] =
  "[Event \"Second\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"0-1\"]\n\n"
  "1. f3 e5 2. g4 Qh4# 0-1\n";

static void
collect (GtkWidget  *widget,
         const char *css_class,
         GPtrArray  *out)
{
  if (gtk_widget_has_css_class (widget, css_class) && gtk_widget_get_visible (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect (child, css_class, out);
}

static GPtrArray *
find_all (GtkWidget  *root,
          const char *css_class)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, css_class, out);
  return out;
}

static const char *
text_of (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget));
  return gtk_label_get_label (GTK_LABEL (widget));
}

/* The texts of the widgets with css_class, space-separated. */
static char *
texts (GtkWidget  *root,
       const char *css_class)
{
  g_autoptr(GPtrArray) all = find_all (root, css_class);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < all->len; i++)
    g_string_append_printf (out, "%s%s", i ? "|" : "", text_of (all->pdata[i]));
  return g_string_free (out, FALSE);
}

static GtkWidget *
find_text (GtkWidget  *root,
           const char *css_class,
           const char *text)
{
  g_autoptr(GPtrArray) all = find_all (root, css_class);

  for (guint i = 0; i < all->len; i++)
    if (g_str_equal (text_of (all->pdata[i]), text))
      return all->pdata[i];
  return NULL;
}

static void
wait_file (CaissaPgnFile *file)
{
  gint64 deadline = test_util_deadline (20);

  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
}

static char *
write_file (const char *name,
            const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static ChessGame *
read_game (const char *text)
{
  ChessError err = { 0 };
  ChessGame *game = chess_pgn_read_game (text, strlen (text), &err, NULL);

  if (game == NULL)
    g_error ("%lu:%lu: %s", err.line, err.column, err.message);
  return game;
}

/* --- The move list -------------------------------------------------------------------- */

static void
test_move_list_tree (void)
{
  CaissaGame *game = caissa_game_new ();
  GtkWidget *list = g_object_ref_sink (caissa_move_list_new ());
  GtkWidget *window = gtk_window_new ();
  g_autofree char *main_moves = NULL;
  g_autofree char *variation_moves = NULL;
  g_autofree char *comments = NULL;
  g_autofree char *clocks = NULL;
  g_autoptr(GPtrArray) parens = NULL;
  g_autoptr(GPtrArray) chosen = NULL;
  const ChessGame *core;
  GtkWidget *d6;

  gtk_window_set_child (GTK_WINDOW (window), list);
  caissa_game_set_analysis (game, TRUE);
  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), game);
  caissa_game_load_core_game (game, read_game (annotated));
  caissa_game_go_first (game);
  core = caissa_game_get_core_game (game);

  /* The main line with its glyphs; the variations numbered where they
   * start; comments without their commands; the clock times. */
  main_moves = texts (list, "move");
  /* ⩲ where the fonts draw it, else "+=" (caissa-nag-palette.c). */
  {
    g_autofree char *expected = g_strdup_printf ("e4|e5|Nf3!|Nc6? %s|Bb5|a6", caissa_nag_text (list, 14));

    g_assert_cmpstr (main_moves, ==, expected);
  }
  variation_moves = texts (list, "variation-move");
  g_assert_cmpstr (variation_moves, ==, "1. d4|d5|1… Nf6|2. c4|2. c4|2… d6|3. d4");
  comments = texts (list, "comment");
  g_assert_cmpstr (comments, ==, "Intro|QGD|pressure|Philidor");
  clocks = texts (list, "move-clock");
  g_assert_cmpstr (clocks, ==, "1:30:00|1:29:58");
  parens = find_all (list, "paren");
  g_assert_cmpuint (parens->len, ==, 2);

  /* Clicking a move in a variation shows it. */
  d6 = find_text (list, "variation-move", "2… d6");
  g_assert_nonnull (d6);
  g_signal_emit_by_name (d6, "clicked");
  g_assert_cmpstr (chess_game_node_san (core, caissa_game_get_shown_node (game)), ==, "d6");
  g_assert_false (chess_game_node_is_main_line (core, caissa_game_get_shown_node (game)));
  g_assert_true (gtk_widget_has_css_class (d6, "current"));

  /* At a branch the main continuation is chosen first; Down and Up cycle
   * through the others, marked. */
  caissa_game_go_first (game);
  g_assert_cmpstr (chess_game_node_san (core, caissa_move_list_get_next_node (CAISSA_MOVE_LIST (list))), ==, "e4");
  g_assert_true (caissa_move_list_choose_variation (CAISSA_MOVE_LIST (list), 1));
  g_assert_cmpstr (chess_game_node_san (core, caissa_move_list_get_next_node (CAISSA_MOVE_LIST (list))), ==, "d4");
  chosen = find_all (list, "chosen");
  g_assert_cmpuint (chosen->len, ==, 1);
  g_assert_cmpstr (text_of (chosen->pdata[0]), ==, "1. d4");
  g_assert_true (caissa_move_list_choose_variation (CAISSA_MOVE_LIST (list), -1));
  g_assert_cmpstr (chess_game_node_san (core, caissa_move_list_get_next_node (CAISSA_MOVE_LIST (list))), ==, "e4");
  g_assert_true (caissa_move_list_choose_variation (CAISSA_MOVE_LIST (list), -1));
  g_assert_cmpstr (chess_game_node_san (core, caissa_move_list_get_next_node (CAISSA_MOVE_LIST (list))), ==, "d4");
  /* Going somewhere else forgets the choice; no branch, no choice. */
  caissa_game_go_to_node (game, chess_game_node_next (core, CHESS_NODE_ROOT));
  g_assert_false (caissa_move_list_choose_variation (CAISSA_MOVE_LIST (list), 1));
  g_assert_cmpstr (chess_game_node_san (core, caissa_move_list_get_next_node (CAISSA_MOVE_LIST (list))), ==, "e5");

  /* A move played in analysis mode at an earlier position: a new
   * variation, shown at once. */
  caissa_game_go_first (game);
  g_assert_true (caissa_game_play_san (game, "c4", NULL));
  g_assert_nonnull (find_text (list, "variation-move", "1. c4"));
  {
    g_autoptr(GPtrArray) current = find_all (list, "current");

    g_assert_cmpuint (current->len, ==, 1);
    g_assert_cmpstr (text_of (current->pdata[0]), ==, "1. c4");
  }

  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (list);
  g_assert_finalize_object (game);
}

/* The direct child of the move list's grid holding widget (a move's
 * button may sit in a box with its clock). */
static GtkWidget *
grid_child (GtkWidget *widget,
            GtkWidget **grid)
{
  while (widget != NULL && !GTK_IS_GRID (gtk_widget_get_parent (widget)))
    widget = gtk_widget_get_parent (widget);
  g_assert_nonnull (widget);
  *grid = gtk_widget_get_parent (widget);
  return widget;
}

static int
grid_row (GtkWidget *widget)
{
  GtkWidget *grid;
  GtkWidget *child = grid_child (widget, &grid);
  int row, height;

  gtk_grid_query_child (GTK_GRID (grid), child, NULL, &row, NULL, &height);
  g_assert_cmpint (height, ==, 1);
  return row;
}

static void
assert_apart (GtkWidget *a,
              GtkWidget *b,
              GtkWidget *root)
{
  graphene_rect_t ra, rb;

  g_assert_true (gtk_widget_compute_bounds (a, root, &ra));
  g_assert_true (gtk_widget_compute_bounds (b, root, &rb));
  g_assert_cmpfloat (ra.size.height, >, 0);
  g_assert_cmpfloat (rb.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&ra, &rb, NULL));
}

/* A comment after White's move goes on a row of its own below that move,
 * not over it; Black's move follows on the next row behind "…". */
static void
test_move_list_white_comment (void)
{
  static const char pgn[] =
    "[Event \"Spanish\"]\n[Result \"1-0\"]\n\n"
    "1. e4 {Best by test} e5 (1... c5 2. Nf3 d6 $1 (2... Nc6)) 2. Nf3 Nc6 "
    "3. Bb5 {[%cal Gb5c6,Re1e8] The Spanish} a6 4. Ba4 Nf6 5. O-O 1-0\n";
  CaissaGame *game = caissa_game_new ();
  GtkWidget *list = g_object_ref_sink (caissa_move_list_new ());
  GtkWidget *window = gtk_window_new ();
  g_autofree char *comments = NULL;
  struct { const char *white, *comment, *black; } cases[] = {
    { "e4", "Best by test", "e5" },
    { "Bb5", "The Spanish", "a6" },
  };

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
  gtk_window_set_child (GTK_WINDOW (window), list);
  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), game);
  caissa_game_load_core_game (game, read_game (pgn));
  caissa_game_go_first (game);
  comments = texts (list, "comment");
  g_assert_cmpstr (comments, ==, "Best by test|The Spanish");

  gtk_window_present (GTK_WINDOW (window));
  test_util_spin (300);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GtkWidget *white = find_text (list, "move", cases[i].white);
      GtkWidget *comment = find_text (list, "comment", cases[i].comment);
      GtkWidget *black = find_text (list, "move", cases[i].black);
      int white_row, comment_row, black_row;

      g_assert_nonnull (white);
      g_assert_nonnull (comment);
      g_assert_nonnull (black);
      white_row = grid_row (white);
      comment_row = grid_row (comment);
      black_row = grid_row (black);
      /* White's row, the comment's, Black's: one after the other. */
      g_assert_cmpint (comment_row, ==, white_row + 1);
      g_assert_cmpint (black_row, ==, comment_row + 1);
      /* And on screen the comment covers neither move. */
      assert_apart (white, comment, list);
      assert_apart (black, comment, list);
    }

  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (list);
  g_assert_finalize_object (game);
}

/* --- The game list --------------------------------------------------------------------- */

static void
activated_cb (CaissaGameList *list,
              guint           position,
              guint          *out)
{
  *out = position;
}

/* Until the list has searched and sorted everything (a minute at most:
 * slow under the sanitizers on a loaded machine, never a hang). */
static void
wait_list (CaissaGameList *list)
{
  gint64 deadline = test_util_deadline (60);

  while (caissa_game_list_get_filtering (list) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_game_list_get_filtering (list));
}

static void
test_game_list (void)
{
  GString *text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) gfile = NULL;
  CaissaPgnFile *file;
  GtkWidget *window = gtk_window_new ();
  CaissaGameList *list = CAISSA_GAME_LIST (caissa_game_list_new ());
  g_autoptr(GString) rows = g_string_new (NULL);
  guint activated = G_MAXUINT;

  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text, "[Event \"Club %u\"]\n[White \"%s %u\"]\n[Black \"Rival %u\"]\n"
                            "[Result \"*\"]\n[ECO \"A%02u\"]\n\n1. e4 *\n\n",
                            i % 10, i % 2 ? "Zoe" : "Adam", i, i, i % 100);
  path = write_file ("list.pgn", text->str);
  g_string_free (text, TRUE);
  gfile = g_file_new_for_path (path);
  file = caissa_pgn_file_new (gfile, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (list));
  gtk_window_present (GTK_WINDOW (window));
  caissa_game_list_set_file (list, file);
  wait_file (file);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 2000);

  /* Search: case-insensitive, in any of the tags, as one types; quoted
   * words are one. */
  caissa_game_list_set_search (list, "\"ZOE 1\"");
  wait_list (list);
  /* Zoe plays the odd games; "Zoe 1…" are 1, 11, 13, …, 1999: 1 + 5 + 50 + 500. */
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 556);
  caissa_game_list_set_search (list, "\"club 7\"");
  wait_list (list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 200);
  caissa_game_list_set_search (list, "");
  g_assert_cmpuint (caissa_game_list_get_n_shown (list), ==, 2000);

  /* Sorted by White, descending: Zoe 999 first (strings sort "999" > "1999"). */
  caissa_game_list_sort_by (list, "white", GTK_SORT_DESCENDING);
  wait_list (list);
  {
    g_autoptr(GPtrArray) views = find_all (GTK_WIDGET (list), "games");
    GListModel *shown = G_LIST_MODEL (gtk_column_view_get_model (views->pdata[0]));
    g_autoptr(CaissaPgnGameInfo) top = g_list_model_get_item (shown, 0);
    g_autoptr(CaissaPgnGameInfo) next = g_list_model_get_item (shown, 1);
    g_autoptr(CaissaPgnGameInfo) last = g_list_model_get_item (shown, 1999);

    g_assert_cmpstr (caissa_pgn_game_info_get_white (top), ==, "Zoe 999");
    g_assert_cmpstr (caissa_pgn_game_info_get_white (next), ==, "Zoe 997");
    g_assert_cmpstr (caissa_pgn_game_info_get_white (last), ==, "Adam 0");
  }
  /* The rows on screen say which games they show. */
  test_util_spin (200);
  caissa_game_list_describe (list, rows);
  g_assert_nonnull (strstr (rows->str, "games-shown 2000\n"));
  g_assert_nonnull (strstr (rows->str, "game-row "));

  /* Activating a row gives the game's position in the file. */
  g_signal_connect (list, "game-activated", G_CALLBACK (activated_cb), &activated);
  {
    GtkWidget *view = NULL;
    g_autoptr(GPtrArray) views = find_all (GTK_WIDGET (list), "games");

    view = views->pdata[0];
    g_signal_emit_by_name (view, "activate", 0);
  }
  g_assert_cmpuint (activated, ==, 999);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (file);
}

/* --- The window -------------------------------------------------------------------------- */

/* Whether a window action is enabled, as a button bound to it sees it
 * (probes kept in the clock slot, which is empty without a clock). */
static gboolean
probe_enabled (CaissaWindow *window,
               const char   *name,
               GVariant     *target)
{
  GtkBox *slot = caissa_window_get_clock_slot (window);
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  if (target != NULL)
    g_variant_ref_sink (target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), name);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (probe), target);
  gtk_box_append (slot, probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (slot, probe);
  if (target != NULL)
    g_variant_unref (target);
  return enabled;
}

static gboolean
action_enabled (CaissaWindow *window,
                const char   *name)
{
  g_autofree char *action = g_strconcat ("win.", name, NULL);

  return probe_enabled (window, action, NULL);
}

static void
activate (CaissaWindow *window,
          const char   *name,
          GVariant     *parameter)
{
  if (parameter != NULL)
    g_variant_ref_sink (parameter);
  g_assert_true (probe_enabled (window, name, parameter));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), name, parameter));
  if (parameter != NULL)
    g_variant_unref (parameter);
}

static void
clipboard_text_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  *(char **) data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
}

static char *
clipboard_text (CaissaWindow *window)
{
  char *text = NULL;
  gint64 deadline = test_util_deadline (5);

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 clipboard_text_cb, &text);
  while (text == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return text;
}

static void
test_window_review (void)
{
  g_autofree char *both = g_strconcat (annotated, second, NULL);
  g_autofree char *path = write_file ("review.pgn", both);
  g_autofree char *missing = g_build_filename (tmp_dir, "missing.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GFile) gmissing = g_file_new_for_path (missing);
  g_autoptr(GError) error = NULL;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  const ChessGame *core;
  const uint8_t *nags;
  char *contents = NULL;
  g_autofree char *copied = NULL;
  ChessNodeId nf3, d6;

  gtk_window_present (GTK_WINDOW (window));

  /* A file that is not there: an error, nothing changes. */
  g_assert_false (caissa_window_open_file (window, gmissing, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_true (caissa_window_open_file (window, gfile, &error));
  g_assert_no_error (error);
  test_util_wait_state (window, "games", "2");
  test_util_wait_state (window, "game-index", "1");
  test_util_assert_state (window, "title", "review.pgn · Game 1 of 2");
  test_util_assert_state (window, "analysis", "1");
  test_util_assert_state (window, "path", "");
  test_util_assert_state (window, "comment", "Intro");
  g_assert_cmpstr (caissa_game_get_white_name (game), ==, "Alpha");
  core = caissa_game_get_core_game (game);

  /* Into the main line and a variation with the window's actions. */
  activate (window, "win.go-next", NULL);
  activate (window, "win.go-next", NULL);
  activate (window, "win.go-next", NULL);
  test_util_assert_state (window, "path", "e4 e5 Nf3");
  nf3 = caissa_game_get_shown_node (game);
  activate (window, "win.variation-next", NULL);
  test_util_assert_state (window, "next", "d6");
  activate (window, "win.go-next", NULL);
  test_util_assert_state (window, "path", "e4 e5 Nf3 d6");
  d6 = caissa_game_get_shown_node (game);
  g_assert_false (chess_game_node_is_main_line (core, d6));

  /* Annotate: one move assessment at a time; cleared. */
  g_assert_true (action_enabled (window, "delete-variation"));
  activate (window, "win.nag", g_variant_new_uint32 (5));
  core = caissa_game_get_core_game (game);
  g_assert_cmpuint (chess_game_node_nags (core, caissa_game_get_shown_node (game), &nags), ==, 1);
  g_assert_cmpuint (nags[0], ==, 5);
  activate (window, "win.nag", g_variant_new_uint32 (1));
  core = caissa_game_get_core_game (game);
  g_assert_cmpuint (chess_game_node_nags (core, caissa_game_get_shown_node (game), &nags), ==, 1);
  g_assert_cmpuint (nags[0], ==, 1);
  activate (window, "win.nag", g_variant_new_uint32 (16));
  core = caissa_game_get_core_game (game);
  g_assert_cmpuint (chess_game_node_nags (core, caissa_game_get_shown_node (game), &nags), ==, 2);
  activate (window, "win.clear-nags", NULL);
  core = caissa_game_get_core_game (game);
  g_assert_cmpuint (chess_game_node_nags (core, caissa_game_get_shown_node (game), &nags), ==, 0);
  test_util_assert_state (window, "dirty", "1");
  test_util_assert_state (window, "title", "• review.pgn · Game 1 of 2");
  test_util_assert_state (window, "path", "e4 e5 Nf3 d6");

  /* Promote 2... d6 to the main line, then back down by promoting Nc6. */
  activate (window, "win.promote-variation", NULL);
  core = caissa_game_get_core_game (game);
  g_assert_true (chess_game_node_is_main_line (core, caissa_game_get_shown_node (game)));
  g_assert_false (action_enabled (window, "promote-variation"));
  test_util_assert_state (window, "path", "e4 e5 Nf3 d6");

  /* Delete from here: the shown move goes with what follows it. */
  activate (window, "win.delete-from-here", NULL);
  core = caissa_game_get_core_game (game);
  test_util_assert_state (window, "path", "e4 e5 Nf3");
  g_assert_cmpuint (chess_game_node_n_children (core, caissa_game_get_shown_node (game)), ==, 1);
  g_assert_true (caissa_game_get_shown_node (game) == nf3);

  /* Delete a variation: from inside 1. d4 d5 (1... Nf6 2. c4). */
  activate (window, "win.go-first", NULL);
  activate (window, "win.variation-next", NULL);
  activate (window, "win.go-next", NULL);
  test_util_assert_state (window, "path", "d4");
  activate (window, "win.delete-variation", NULL);
  core = caissa_game_get_core_game (game);
  test_util_assert_state (window, "path", "");
  g_assert_cmpuint (chess_game_node_n_children (core, CHESS_NODE_ROOT), ==, 1);

  /* The result. */
  activate (window, "win.set-result", g_variant_new_string ("1/2-1/2"));
  g_assert_cmpstr (chess_game_get_result (caissa_game_get_core_game (game)), ==, "1/2-1/2");

  /* Saved in place: game 1 rewritten, game 2 byte for byte. */
  activate (window, "win.save", NULL);
  test_util_wait_state (window, "dirty", "0");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_suffix (contents, second));
  /* (The export wraps lines: compare as one line.) */
  g_strdelimit (contents, "\n", ' ');
  g_assert_nonnull (strstr (contents, "[Result \"1/2-1/2\"]"));
  g_assert_null (strstr (contents, "1. d4"));
  g_assert_null (strstr (contents, "d6"));
  g_assert_nonnull (strstr (contents, "{[%cal Gf3e5] pressure}"));
  g_free (contents);
  test_util_wait_state (window, "games", "2");
  test_util_wait_state (window, "title", "review.pgn · Game 1 of 2");

  /* The next game; the clipboard. */
  activate (window, "win.next-game", NULL);
  test_util_wait_state (window, "game-index", "2");
  activate (window, "win.go-last", NULL);
  activate (window, "win.copy-fen", NULL);
  copied = clipboard_text (window);
  g_assert_cmpstr (copied, ==, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  g_clear_pointer (&copied, g_free);
  activate (window, "win.copy-pgn", NULL);
  copied = clipboard_text (window);
  g_assert_true (g_str_has_prefix (copied, "[Event \"Second\"]"));

  /* Paste a FEN: that position, to analyse. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
  activate (window, "win.paste", NULL);
  test_util_wait_state (window, "fen", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
  test_util_assert_state (window, "title", "Pasted Position");
  test_util_assert_state (window, "analysis", "1");

  /* Paste PGN: its games listed, the first shown. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), both);
  activate (window, "win.paste", NULL);
  test_util_wait_state (window, "games", "2");
  test_util_wait_state (window, "game-index", "1");
  g_assert_cmpstr (caissa_game_get_white_name (game), ==, "Alpha");

  /* A new game is played, not reviewed. */
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  test_util_assert_state (window, "analysis", "0");
  test_util_assert_state (window, "game-index", "0");

  gtk_window_destroy (GTK_WINDOW (window));
}


/* Closing with unsaved changes asks first; Cancel keeps the window,
 * Discard closes it, and the file is as it was. */
static void
test_close_unsaved (void)
{
  g_autofree char *path = write_file ("close.pgn", annotated);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  AdwMessageDialog *dialog;
  char *contents = NULL;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, NULL));
  test_util_wait_state (window, "game-index", "1");
  activate (window, "win.go-next", NULL);
  activate (window, "win.nag", g_variant_new_uint32 (4));
  test_util_assert_state (window, "dirty", "1");

  gtk_window_close (GTK_WINDOW (window));
  dialog = test_util_wait_for_dialog (10);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  adw_message_dialog_response (dialog, "cancel");
  test_util_spin (50);
  g_assert_nonnull (window);
  test_util_assert_state (window, "dirty", "1");

  gtk_window_close (GTK_WINDOW (window));
  dialog = test_util_wait_for_dialog (10);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  test_util_wait_for_null ((gpointer *) &window, 10, "the window closed by Discard");

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, annotated);
  g_free (contents);
}

/* The recent-files section of the window's menu: (label, URI) pairs. */
static GPtrArray *
recent_entries (CaissaWindow *window)
{
  GMenuModel *section = G_MENU_MODEL (gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW,
                                                                     "recent_section"));
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (section);
  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (section, i, G_MENU_ATTRIBUTE_TARGET,
                                                                         G_VARIANT_TYPE_STRING);

      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action));
      g_ptr_array_add (entries, g_strdup_printf ("%s|%s|%s", label, action,
                                                 target ? g_variant_get_string (target, NULL) : ""));
    }
  return entries;
}

static gboolean
recent_is (CaissaWindow *window,
           const char   *expected)
{
  g_autoptr(GPtrArray) entries = recent_entries (window);
  g_autofree char *got = NULL;

  g_ptr_array_add (entries, NULL);
  got = g_strjoinv ("\n", (char **) entries->pdata);
  return g_str_equal (got, expected);
}

/* Waits (10 s at most) for the menu to show expected, one entry a line. */
static void
wait_recent (CaissaWindow *window,
             const char   *expected)
{
  gint64 deadline = test_util_deadline (10);

  while (!recent_is (window, expected) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (!recent_is (window, expected))
    {
      g_autoptr(GPtrArray) entries = recent_entries (window);

      for (guint i = 0; i < entries->len; i++)
        g_printerr ("# recent: %s\n", (char *) entries->pdata[i]);
      g_assert_true (recent_is (window, expected));
    }
}

/* A folder as the menu names it: the home folder as "~". */
static char *
shown_folder (const char *path)
{
  const char *home = g_get_home_dir ();
  size_t n = strlen (home);

  if (n > 1 && g_str_has_prefix (path, home) && (path[n] == '\0' || path[n] == G_DIR_SEPARATOR))
    return g_strconcat ("~", path + n, NULL);
  return g_strdup (path);
}

/* Open Recent: the files opened here, newest first, names with an
 * underscore shown as they are, two of one name told apart by folder;
 * a choice opens the file; one gone since says so and leaves the list;
 * none at all: one disabled entry. */
static void
test_window_recent (void)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_autofree char *sub = g_build_filename (tmp_dir, "other", NULL);
  g_autofree char *a = write_file ("my_games.pgn", annotated);
  g_autofree char *b = write_file ("recent-b.pgn", annotated);
  g_autofree char *c = NULL;
  g_autofree char *uri_a = g_filename_to_uri (a, NULL, NULL);
  g_autofree char *uri_b = g_filename_to_uri (b, NULL, NULL);
  g_autofree char *uri_c = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *shown_sub = shown_folder (sub);
  g_autofree char *shown_tmp = shown_folder (tmp_dir);
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  AdwMessageDialog *dialog;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  gtk_recent_manager_purge_items (manager, NULL);
  wait_recent (window, "No Recent Files|win.no-recent|");

  /* Opened here: a, then b (a second later: the list keeps seconds). */
  {
    g_autoptr(GFile) fa = g_file_new_for_path (a);
    g_autoptr(GFile) fb = g_file_new_for_path (b);

    g_assert_true (caissa_window_open_file (window, fa, NULL));
    test_util_wait_state (window, "file", a);
    wait_recent (window, expected = g_strdup_printf ("my__games.pgn|win.open-recent|%s", uri_a));
    g_clear_pointer (&expected, g_free);
    g_usleep (1100 * 1000);
    g_assert_true (caissa_window_open_file (window, fb, NULL));
    test_util_wait_state (window, "file", b);
  }
  /* Another program's file is not Caissa's to list. */
  {
    GtkRecentData other = {
      .mime_type = (char *) "application/x-chess-pgn",
      .app_name = (char *) "someone-else",
      .app_exec = (char *) "someone-else %u",
    };
    g_autofree char *x = write_file ("theirs.pgn", annotated);
    g_autofree char *uri_x = g_filename_to_uri (x, NULL, NULL);

    g_assert_true (gtk_recent_manager_add_full (manager, uri_x, &other));
  }
  expected = g_strdup_printf ("recent-b.pgn|win.open-recent|%s\nmy__games.pgn|win.open-recent|%s", uri_b, uri_a);
  wait_recent (window, expected);
  g_clear_pointer (&expected, g_free);

  /* A second recent-b.pgn, in another folder: both named with folders. */
  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  c = g_build_filename (sub, "recent-b.pgn", NULL);
  g_assert_true (g_file_set_contents (c, annotated, -1, NULL));
  uri_c = g_filename_to_uri (c, NULL, NULL);
  g_usleep (1100 * 1000);
  {
    g_autoptr(GFile) fc = g_file_new_for_path (c);

    g_assert_true (caissa_window_open_file (window, fc, NULL));
    test_util_wait_state (window, "file", c);
  }
  expected = g_strdup_printf ("recent-b.pgn (%s)|win.open-recent|%s\n"
                              "recent-b.pgn (%s)|win.open-recent|%s\n"
                              "my__games.pgn|win.open-recent|%s",
                              shown_sub, uri_c, shown_tmp, uri_b, uri_a);
  wait_recent (window, expected);
  g_clear_pointer (&expected, g_free);

  /* The menu's choice opens the file. */
  activate (window, "win.open-recent", g_variant_new_string (uri_a));
  test_util_wait_state (window, "file", a);

  /* One deleted since: the message, and it leaves the list. */
  g_assert_cmpint (g_remove (c), ==, 0);
  activate (window, "win.open-recent", g_variant_new_string (uri_c));
  dialog = test_util_wait_for_dialog (10);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The File Cannot Be Opened");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), c));
  adw_message_dialog_response (dialog, "ok");
  test_util_assert_state (window, "file", a);
  expected = g_strdup_printf ("my__games.pgn|win.open-recent|%s\nrecent-b.pgn|win.open-recent|%s", uri_a, uri_b);
  wait_recent (window, expected);

  gtk_recent_manager_purge_items (manager, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* The first widget of type type_name under widget. */
static GtkWidget *
find_type (GtkWidget  *widget,
           const char *type_name)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), type_name))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether a label under widget shows text containing needle. */
static GtkWidget *
find_label_containing (GtkWidget  *widget,
                       const char *needle)
{
  if ((GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle) != NULL)
      || (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL
          && strstr (gtk_button_get_label (GTK_BUTTON (widget)), needle) != NULL))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_containing (child, needle);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Another program cuts the file short while Caissa checks its games (a
 * mapped file, over 16 MiB): the window keeps the list as it was read
 * and says so in a toast that stays, whose "Open Again" reads the file
 * as it is now. */
static void
test_window_changed_on_disk (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "changing.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *n_games = NULL;
  g_autofree char *cut = NULL;
  CaissaWindow *window;
  GtkWidget *toast, *button;
  GString *text = g_string_new (NULL);
  gint64 deadline;

  /* 17 MiB of short games, so the file is mapped, not copied. */
  while (text->len < 17 * 1024 * 1024)
    g_string_append (text, second);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  cut = g_strdup_printf ("%zu", 20 * strlen (second));

  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  {
    g_autofree char *spec = g_strconcat ("check:", cut, NULL);

    g_setenv ("CAISSA_TEST_PGN_TRUNCATE", spec, TRUE);
  }
  g_assert_true (caissa_window_open_file (window, gfile, &error));
  g_unsetenv ("CAISSA_TEST_PGN_TRUNCATE");
  g_assert_no_error (error);

  deadline = test_util_deadline (60);
  while (((toast = find_type (GTK_WIDGET (window), "AdwToastWidget")) == NULL
          || find_label_containing (toast, "changed on disk") == NULL)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (toast);
  g_assert_nonnull (find_label_containing (toast, "“changing.pgn” changed on disk"));
  /* The list still holds what was read: more games than the 20 left. */
  n_games = test_util_state_line (window, "games");
  g_assert_cmpuint (g_ascii_strtoull (n_games, NULL, 10), >, 20);

  /* Open Again: the file as it is now, 20 games. */
  button = find_label_containing (toast, "Open Again");
  g_assert_nonnull (button);
  while (button != NULL && !GTK_IS_BUTTON (button))
    button = gtk_widget_get_parent (button);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  test_util_wait_state (window, "games", "20");

  gtk_window_destroy (GTK_WINDOW (window));
  g_string_free (text, TRUE);
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-review-XXXXXX", NULL);
  /* Recent files go here, not to the user's list. */
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add_func ("/app/move-list/tree", test_move_list_tree);
  g_test_add_func ("/app/move-list/white-comment", test_move_list_white_comment);
  g_test_add_func ("/app/game-list/search-sort-activate", test_game_list);
  g_test_add_func ("/app/window/review", test_window_review);
  g_test_add_func ("/app/window/close-unsaved", test_close_unsaved);
  g_test_add_func ("/app/window/changed-on-disk", test_window_changed_on_disk);
  g_test_add_func ("/app/window/recent", test_window_recent);

  status = g_test_run ();
  g_free (tmp_dir);
  return status;
}
