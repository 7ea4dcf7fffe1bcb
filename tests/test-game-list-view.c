/* test-game-list-view.c — the game list's rows on screen: never blank
 * after sorting twice or clearing a search that found nothing (the
 * footer said "800 games" over an empty list until one scrolled), and
 * a sort keeps the selected game selected and in view.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-game-list.h"
#include "test-util-gtk.h"

static char *tmp_dir;

typedef struct
{
  GtkWidget      *window;
  CaissaGameList *list;
  CaissaPgnFile  *file;
} Fixture;

static void
wait_list (CaissaGameList *list)
{
  gint64 deadline = test_util_deadline (60);

  while (caissa_game_list_get_filtering (list) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_game_list_get_filtering (list));
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *path = g_build_filename (tmp_dir, "view.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  gint64 deadline = test_util_deadline (20);

  for (guint i = 0; i < 800; i++)
    g_string_append_printf (text, "[Event \"Club %u\"]\n[Site \"Town %u\"]\n[Date \"%u.01.01\"]\n"
                            "[White \"%s %u\"]\n[Black \"Rival %u\"]\n[Result \"%s\"]\n"
                            "[WhiteElo \"%u\"]\n[BlackElo \"%u\"]\n[ECO \"B%02u\"]\n\n1. e4 *\n\n",
                            i % 10, i % 7, 1950 + i % 70, i % 2 ? "Karpov" : "Kasparov", i, i,
                            i % 3 == 0 ? "1-0" : i % 3 == 1 ? "0-1" : "1/2-1/2",
                            2400 + i % 400, 2300 + i % 500, i % 100);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));

  f->window = gtk_window_new ();
  f->list = CAISSA_GAME_LIST (caissa_game_list_new ());
  f->file = caissa_pgn_file_new (gfile, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->list));
  gtk_window_present (GTK_WINDOW (f->window));
  caissa_game_list_set_file (f->list, f->file);
  while ((caissa_pgn_file_get_loading (f->file) || caissa_pgn_file_get_validating (f->file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (f->file));
  wait_list (f->list);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_object_unref (f->file);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The games whose rows are on screen, inside the list's visible area
 * (numbers, in screen order). */
static GArray *
rows_in_view (Fixture *f)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (guint));
  graphene_rect_t bounds;
  double sx, sy;

  /* Two frames: the layout, then what it moved. */
  test_util_wait_for_frame (f->window);
  test_util_wait_for_frame (f->window);
  caissa_game_list_describe (f->list, out);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->list), f->window, &bounds));
  gtk_native_get_surface_transform (GTK_NATIVE (f->window), &sx, &sy);
  lines = g_strsplit (out->str, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint number;
      int x, y, w, h;

      if (sscanf (lines[i], "game-row %u %d %d %d %d", &number, &x, &y, &w, &h) == 5
          && y - sy >= bounds.origin.y && y + h - sy <= bounds.origin.y + bounds.size.height)
        g_array_append_val (rows, number);
    }
  return rows;
}

/* Rows fill the list: more than a few of them show (the list is 600
 * pixels high, rows are about 30). */
static void
assert_not_blank (Fixture    *f,
                  const char *when)
{
  g_autoptr(GArray) rows = rows_in_view (f);

  g_test_message ("%s: %u rows in view", when, rows->len);
  if (rows->len < 5)
    g_error ("%s: the list shows %u rows for %u games", when, rows->len,
             caissa_game_list_get_n_shown (f->list));
}

/* The list scrolled down to game 600 (the blank list came after the
 * view had been scrolled away from the top). */
static void
scroll_down (Fixture *f)
{
  caissa_game_list_set_current (f->list, 599);
  wait_list (f->list);
  assert_not_blank (f, "scrolled down");
}

static void
test_sort_twice (Fixture       *f,
                 gconstpointer  data)
{
  assert_not_blank (f, "opened");
  scroll_down (f);
  caissa_game_list_sort_by (f->list, "white", GTK_SORT_ASCENDING);
  wait_list (f->list);
  assert_not_blank (f, "sorted once");
  caissa_game_list_sort_by (f->list, "white", GTK_SORT_DESCENDING);
  wait_list (f->list);
  assert_not_blank (f, "sorted twice");
  caissa_game_list_sort_by (f->list, "date", GTK_SORT_ASCENDING);
  wait_list (f->list);
  assert_not_blank (f, "sorted by another column");
  caissa_game_list_sort_by (f->list, NULL, GTK_SORT_ASCENDING);
  wait_list (f->list);
  assert_not_blank (f, "unsorted");
}

static void
test_clear_empty_search (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GArray) rows = NULL;

  scroll_down (f);
  caissa_game_list_set_search (f->list, "nobody-plays-here");
  wait_list (f->list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (f->list), ==, 0);
  rows = rows_in_view (f);
  g_assert_cmpuint (rows->len, ==, 0);
  caissa_game_list_set_search (f->list, "");
  wait_list (f->list);
  g_assert_cmpuint (caissa_game_list_get_n_shown (f->list), ==, 800);
  assert_not_blank (f, "search cleared");

  /* Sorted, then a search that finds nothing, then cleared. */
  caissa_game_list_sort_by (f->list, "black", GTK_SORT_DESCENDING);
  wait_list (f->list);
  scroll_down (f);
  caissa_game_list_set_search (f->list, "nobody-plays-here");
  wait_list (f->list);
  caissa_game_list_set_search (f->list, "");
  wait_list (f->list);
  assert_not_blank (f, "sorted, search cleared");
}

/* The game open stays selected and in view through a sort. */
static void
test_sort_keeps_current (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GArray) rows = NULL;
  gboolean seen = FALSE;

  /* Game 1,500 (position 599): far from the top in either order. */
  caissa_game_list_set_current (f->list, 599);
  wait_list (f->list);
  caissa_game_list_sort_by (f->list, "black", GTK_SORT_ASCENDING);
  wait_list (f->list);
  rows = rows_in_view (f);
  for (guint i = 0; i < rows->len; i++)
    seen |= g_array_index (rows, guint, i) == 600;
  if (!seen)
    g_error ("game 600 is not in view after sorting (%u rows in view)", rows->len);
  g_assert_cmpuint (caissa_game_list_get_selected (f->list), ==, 599);

  /* The other way round, and by another column: still selected, in view. */
  caissa_game_list_sort_by (f->list, "black", GTK_SORT_DESCENDING);
  wait_list (f->list);
  g_assert_cmpuint (caissa_game_list_get_selected (f->list), ==, 599);
  caissa_game_list_sort_by (f->list, "date", GTK_SORT_ASCENDING);
  wait_list (f->list);
  g_assert_cmpuint (caissa_game_list_get_selected (f->list), ==, 599);
  g_clear_pointer (&rows, g_array_unref);
  rows = rows_in_view (f);
  seen = FALSE;
  for (guint i = 0; i < rows->len; i++)
    seen |= g_array_index (rows, guint, i) == 600;
  if (!seen)
    g_error ("game 600 is not in view after sorting by date (%u rows in view)", rows->len);
}

/* The search's syntax, typed into the entry: words that all match,
 * quoted words, field filters; the list shows what it counts. */
static const struct
{
  const char *text;
  guint       n;
} searches[] = {
  /* Kasparov plays the even games; game i is dated 1950 + i % 70. */
  { "kasparov 1974", 12 },
  { "1974 KASPAROV", 12 },
  { "white:karpov black:rival", 400 },
  { "white:rival", 0 },
  { "player:\"rival 1\"", 111 },
  { "event:\"club 3\" site:\"town 2\"", 12 },
  { "year:1970-1979", 120 },
  { "result:draw year:1970-1979", 40 },
  { "white:karpov result:1-0", 133 },
  { "elo>2600", 99 },
  { "kasparov elo>2600 result:1-0", 16 },
};

static void
test_search_syntax (Fixture       *f,
                    gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (searches); i++)
    {
      g_autoptr(GArray) rows = NULL;

      caissa_game_list_set_search (f->list, searches[i].text);
      wait_list (f->list);
      if (caissa_game_list_get_n_shown (f->list) != searches[i].n)
        g_error ("“%s” found %u games, not %u", searches[i].text,
                 caissa_game_list_get_n_shown (f->list), searches[i].n);
      rows = rows_in_view (f);
      g_assert_cmpuint (rows->len, ==, MIN (searches[i].n, rows->len > 0 ? rows->len : 0));
      if (searches[i].n >= 5)
        assert_not_blank (f, searches[i].text);
    }
}

static GtkWidget *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The file has ratings: at 800 px the list shows them, and sorts by them. */
static void
test_elo_columns (Fixture       *f,
                  gconstpointer  data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (find_column_view (GTK_WIDGET (f->list)));
  GListModel *columns = gtk_column_view_get_columns (view);
  GListModel *shown = G_LIST_MODEL (gtk_column_view_get_model (view));
  gboolean white = FALSE, black = FALSE;

  test_util_wait_for_frame (f->window);
  test_util_wait_for_frame (f->window);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (!gtk_column_view_column_get_visible (column))
        continue;
      white |= g_str_equal (gtk_column_view_column_get_title (column), "W Elo");
      black |= g_str_equal (gtk_column_view_column_get_title (column), "B Elo");
    }
  g_assert_true (white);
  g_assert_true (black);

  caissa_game_list_sort_by (f->list, "white-elo", GTK_SORT_DESCENDING);
  wait_list (f->list);
  {
    g_autoptr(CaissaPgnGameInfo) top = g_list_model_get_item (shown, 0);
    g_autoptr(CaissaPgnGameInfo) last = g_list_model_get_item (shown, 799);

    g_assert_cmpstr (caissa_pgn_game_info_get_white_elo (top), ==, "2799");
    g_assert_cmpstr (caissa_pgn_game_info_get_white_elo (last), ==, "2400");
  }
  assert_not_blank (f, "sorted by rating");
  {
    /* Every row in that order (game n is rated 2400 + (n - 1) % 400). */
    guint previous = G_MAXUINT;

    for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
      {
        g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (shown, i);
        guint elo = (caissa_pgn_game_info_get_number (info) - 1) % 400;

        g_assert_cmpuint (elo, <=, previous);
        previous = elo;
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_APP_STYLE, &status))
    return status;
  tmp_dir = g_dir_make_tmp ("caissa-game-list-view-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add ("/app/game-list/never-blank/sort-twice", Fixture, NULL,
              fixture_setup, test_sort_twice, fixture_teardown);
  g_test_add ("/app/game-list/never-blank/clear-empty-search", Fixture, NULL,
              fixture_setup, test_clear_empty_search, fixture_teardown);
  g_test_add ("/app/game-list/sort-keeps-current", Fixture, NULL,
              fixture_setup, test_sort_keeps_current, fixture_teardown);
  g_test_add ("/app/game-list/elo-columns", Fixture, NULL,
              fixture_setup, test_elo_columns, fixture_teardown);
  g_test_add ("/app/game-list/search-syntax", Fixture, NULL,
              fixture_setup, test_search_syntax, fixture_teardown);
  status = g_test_run ();

  {
    g_autofree char *path = g_build_filename (tmp_dir, "view.pgn", NULL);

    g_unlink (path);
    g_rmdir (tmp_dir);
    g_free (tmp_dir);
  }
  return status;
}
