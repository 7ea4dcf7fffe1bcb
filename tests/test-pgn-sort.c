/* test-pgn-sort.c — the game list's sort (CaissaPgnSort): the order of
 * every kind of column (names in the locale's order ignoring case,
 * ratings and moves as numbers, dates with unknown parts, unknown values
 * last both ways, ties in file order), sorted at once for a small list and
 * by the worker for a large one, and the row of a game found again.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include "caissa-pgn-file.h"
#include "caissa-pgn-search.h"
#include "caissa-pgn-sort.h"
#include "test-util.h"

static void
wait_loaded (CaissaPgnFile *file)
{
  gint64 deadline = test_util_deadline (60);

  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  g_assert_false (caissa_pgn_file_get_validating (file));
}

static void
sort_and_wait (CaissaPgnSort       *sort,
               CaissaPgnSortColumn  column,
               gboolean             descending)
{
  gint64 deadline = test_util_deadline (60);

  caissa_pgn_sort_set_column (sort, column, descending);
  while (caissa_pgn_sort_get_pending (sort) > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (caissa_pgn_sort_get_pending (sort), ==, 0);
}

/* The file positions of the rows, in order. */
static GArray *
positions (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (guint), n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (model, i);

      g_assert_nonnull (info);
      g_array_append_val (out, (guint) { caissa_pgn_game_info_get_position (info) });
    }
  return out;
}

static void
assert_order (CaissaPgnSort *sort,
              const guint   *expected,
              guint          n,
              const char    *what)
{
  g_autoptr(GArray) got = positions (G_LIST_MODEL (sort));
  g_autoptr(GString) seen = g_string_new (NULL);

  for (guint i = 0; i < got->len; i++)
    g_string_append_printf (seen, " %u", g_array_index (got, guint, i));
  g_test_message ("%s:%s", what, seen->str);
  g_assert_cmpuint (got->len, ==, n);
  for (guint i = 0; i < n; i++)
    if (g_array_index (got, guint, i) != expected[i])
      g_error ("%s: row %u shows game %u, not %u (order:%s)", what, i,
               g_array_index (got, guint, i), expected[i], seen->str);
}

/* n plies of knights going out and back: a game's length without PlyCount. */
static void
append_moves (GString *text,
              guint    plies)
{
  static const char *const dance[] = { "Nf3", "Nf6", "Ng1", "Ng8" };

  for (guint p = 0; p < plies; p++)
    {
      if (p % 2 == 0)
        g_string_append_printf (text, "%u. ", p / 2 + 1);
      g_string_append_printf (text, "%s ", dance[p % 4]);
    }
}

static const struct
{
  const char *white;
  const char *elo;    /* NULL: no tag */
  const char *date;
  guint       plies;
  const char *result;
} small_games[] = {
  /* 0 */ { "Zeller, Hans",     "2100", "1974.05.01", 40, "1-0" },
  /* 1 */ { "adams, Michael",   "900",  "1974.??.??", 12, "0-1" },
  /* 2 */ { "Ölander, Ulf",     NULL,   NULL,         30, "1/2-1/2" },
  /* 3 */ { "Élie, Jean",       "2750", "2001.12.31", 5,  "1-0" },
  /* 4 */ { "Bauer, Christian", "1500", "1969.01.01", 2,  "*" },
  /* 5 */ { "?",                "?",    "????.??.??", 60, "1-0" },
  /* 6 */ { "Kasparov, Garry",  "2851", "1985.11.09", 8,  "1-0" },
  /* 7 */ { "BAUER, Christian", "1500", "1969.01.01", 3,  "0-1" },
};

static CaissaPgnFile *
small_file (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (small_games); i++)
    {
      g_string_append_printf (text, "[Event \"Test\"]\n[White \"%s\"]\n[Black \"Other\"]\n",
                              small_games[i].white);
      if (small_games[i].date != NULL)
        g_string_append_printf (text, "[Date \"%s\"]\n", small_games[i].date);
      if (small_games[i].elo != NULL)
        g_string_append_printf (text, "[WhiteElo \"%s\"]\n", small_games[i].elo);
      g_string_append_printf (text, "[Result \"%s\"]\n\n", small_games[i].result);
      append_moves (text, small_games[i].plies);
      g_string_append_printf (text, "%s\n\n", small_games[i].result);
    }
  bytes = g_string_free_to_bytes (g_steal_pointer (&text));
  return caissa_pgn_file_new_from_bytes (bytes, "sort.pgn");
}

static int
compare_names (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const char *const *names = data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  g_autofree char *fx = g_utf8_casefold (names[x], -1);
  g_autofree char *fy = g_utf8_casefold (names[y], -1);
  int c = g_utf8_collate (fx, fy);

  return c != 0 ? c : (x > y) - (x < y);
}

static void
test_columns (void)
{
  g_autoptr(CaissaPgnFile) file = small_file ();
  g_autoptr(CaissaPgnSort) sort = caissa_pgn_sort_new ();
  const char *names[G_N_ELEMENTS (small_games)];
  guint by_name[G_N_ELEMENTS (small_games) - 1];
  guint n = 0;

  wait_loaded (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, G_N_ELEMENTS (small_games));
  caissa_pgn_sort_set_model (sort, G_LIST_MODEL (file), NULL);

  /* Unsorted: the file's order. */
  {
    static const guint expected[] = { 0, 1, 2, 3, 4, 5, 6, 7 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "unsorted");
  }

  /* Names: the locale's order of the casefolded names (whatever the
   * locale, "adams" comes before "Bauer" and the two Bauers, equal but
   * for case, stay in file order); "?" is unknown: last. */
  for (guint i = 0; i < G_N_ELEMENTS (small_games); i++)
    {
      names[i] = small_games[i].white;
      if (i != 5)
        by_name[n++] = i;
    }
  g_qsort_with_data (by_name, n, sizeof (guint), compare_names, names);
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE, FALSE);
  {
    guint expected[G_N_ELEMENTS (small_games)];

    memcpy (expected, by_name, sizeof by_name);
    expected[n] = 5;
    assert_order (sort, expected, G_N_ELEMENTS (expected), "white");
  }
  {
    g_autoptr(GArray) got = positions (G_LIST_MODEL (sort));
    guint adams = 0, bauer = 0, bauer_upper = 0;

    for (guint i = 0; i < got->len; i++)
      {
        guint p = g_array_index (got, guint, i);

        adams = p == 1 ? i : adams;
        bauer = p == 4 ? i : bauer;
        bauer_upper = p == 7 ? i : bauer_upper;
      }
    g_assert_cmpuint (adams, <, bauer);
    g_assert_cmpuint (bauer + 1, ==, bauer_upper);
  }
  /* Descending: the names reversed, the unknown still last. */
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE, TRUE);
  {
    g_autoptr(GArray) got = positions (G_LIST_MODEL (sort));

    g_assert_cmpuint (g_array_index (got, guint, got->len - 1), ==, 5);
    g_assert_cmpuint (g_array_index (got, guint, 0), ==, by_name[n - 1]);
  }

  /* Ratings as numbers ("900" below "1500"), equal ones in file order,
   * none and "?" last. */
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE_ELO, FALSE);
  {
    static const guint expected[] = { 1, 4, 7, 0, 3, 6, 2, 5 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "elo");
  }
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE_ELO, TRUE);
  {
    static const guint expected[] = { 6, 3, 0, 4, 7, 1, 2, 5 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "elo descending");
  }

  /* Dates: a year alone before its days; no date and "????" last. */
  sort_and_wait (sort, CAISSA_PGN_SORT_DATE, FALSE);
  {
    static const guint expected[] = { 4, 7, 1, 0, 6, 3, 2, 5 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "date");
  }

  /* Moves: plies of the main line, as numbers. */
  sort_and_wait (sort, CAISSA_PGN_SORT_MOVES, FALSE);
  {
    static const guint expected[] = { 4, 7, 3, 6, 1, 2, 0, 5 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "moves");
  }

  /* The number column, descending: the file backwards. */
  sort_and_wait (sort, CAISSA_PGN_SORT_NUMBER, TRUE);
  {
    static const guint expected[] = { 7, 6, 5, 4, 3, 2, 1, 0 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "number descending");
  }

  /* Results: equal ones in file order. */
  sort_and_wait (sort, CAISSA_PGN_SORT_RESULT, FALSE);
  {
    g_autoptr(GArray) got = positions (G_LIST_MODEL (sort));
    guint last_win = 0;
    gboolean first = TRUE;

    for (guint i = 0; i < got->len; i++)
      {
        guint p = g_array_index (got, guint, i);

        if (!g_str_equal (small_games[p].result, "1-0"))
          continue;
        g_assert_true (first || p > last_win);
        first = FALSE;
        last_win = p;
      }
  }

  /* Back to the file's order. */
  sort_and_wait (sort, CAISSA_PGN_SORT_NONE, FALSE);
  {
    static const guint expected[] = { 0, 1, 2, 3, 4, 5, 6, 7 };

    assert_order (sort, expected, G_N_ELEMENTS (expected), "unsorted again");
  }
}

/* More games than are sorted at once: the worker's order, and each game's
 * row found again; a search's games sorted the same way. */
static void
test_large (void)
{
  static const char *const players[] = {
    "Carlsen, Magnus", "anand, Viswanathan", "Ødegaard, Ola", "Ølander, Ulf", "Zhu, Chen",
    "Élie, Jean", "Eliskases, Erich", "Şahin, Ali", "Tal, Mikhail", "tal, mikhail", "Li, 李",
  };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CaissaPgnFile) file = NULL;
  g_autoptr(CaissaPgnSort) sort = caissa_pgn_sort_new ();
  g_autoptr(CaissaPgnSearch) search = NULL;
  g_autoptr(GArray) got = NULL;
  const guint n = 12000;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "[Event \"Open\"]\n[White \"%s\"]\n[WhiteElo \"%u\"]\n[Result \"*\"]\n\n1. e4 *\n\n",
                            players[(i * 7) % G_N_ELEMENTS (players)], (i * 7919) % 2900);
  bytes = g_string_free_to_bytes (g_steal_pointer (&text));
  file = caissa_pgn_file_new_from_bytes (bytes, "large.pgn");
  wait_loaded (file);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, n);
  caissa_pgn_sort_set_model (sort, G_LIST_MODEL (file), NULL);

  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE_ELO, TRUE);
  got = positions (G_LIST_MODEL (sort));
  g_assert_cmpuint (got->len, ==, n);
  for (guint i = 1; i < n; i++)
    {
      guint a = g_array_index (got, guint, i - 1), b = g_array_index (got, guint, i);
      guint ea = (a * 7919) % 2900, eb = (b * 7919) % 2900;

      g_assert_cmpuint (ea, >=, eb);
      if (ea == eb)
        g_assert_cmpuint (a, <, b);
    }
  for (guint i = 0; i < n; i += 997)
    g_assert_cmpuint (caissa_pgn_sort_find (sort, g_array_index (got, guint, i)), ==, i);
  g_clear_pointer (&got, g_array_unref);

  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE, FALSE);
  got = positions (G_LIST_MODEL (sort));
  for (guint i = 1; i < n; i++)
    {
      guint a = g_array_index (got, guint, i - 1), b = g_array_index (got, guint, i);
      const char *names[] = { players[(a * 7) % G_N_ELEMENTS (players)],
                              players[(b * 7) % G_N_ELEMENTS (players)] };
      guint x = 0, y = 1;

      if (compare_names (&x, &y, (gpointer) names) > 0 && g_utf8_collate (names[0], names[1]) != 0)
        g_error ("row %u: “%s” (game %u) before “%s” (game %u)", i, names[0], a, names[1], b);
    }
  g_clear_pointer (&got, g_array_unref);

  /* A search's games: "tal" finds both spellings, sorted by rating. */
  search = caissa_pgn_search_new (file);
  caissa_pgn_search_set_text (search, "tal");
  {
    gint64 deadline = test_util_deadline (60);

    while (caissa_pgn_search_get_pending (search) > 0 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
  }
  caissa_pgn_sort_set_model (sort, G_LIST_MODEL (search), NULL);
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE_ELO, FALSE);
  got = positions (G_LIST_MODEL (sort));
  g_assert_cmpuint (got->len, ==, g_list_model_get_n_items (G_LIST_MODEL (search)));
  g_assert_cmpuint (got->len, >, 0);
  for (guint i = 0; i < got->len; i++)
    {
      guint p = g_array_index (got, guint, i);

      g_assert_true (g_ascii_strncasecmp (players[(p * 7) % G_N_ELEMENTS (players)], "tal", 3) == 0);
      if (i > 0)
        g_assert_cmpuint ((g_array_index (got, guint, i - 1) * 7919) % 2900, <=, (p * 7919) % 2900);
    }
  g_clear_pointer (&got, g_array_unref);

  /* Sorted while the search finds its games (every game: "open" is the
   * event): they come in at the end and are sorted in; once both are
   * done, the whole list is in order. */
  sort_and_wait (sort, CAISSA_PGN_SORT_WHITE_ELO, TRUE);
  caissa_pgn_search_set_text (search, "open");
  {
    gint64 deadline = test_util_deadline (60);

    while ((caissa_pgn_search_get_pending (search) > 0 || caissa_pgn_sort_get_pending (sort) > 0)
           && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (caissa_pgn_sort_get_pending (sort), ==, 0);
  }
  got = positions (G_LIST_MODEL (sort));
  g_assert_cmpuint (got->len, ==, n);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint ((g_array_index (got, guint, i - 1) * 7919) % 2900, >=,
                      (g_array_index (got, guint, i) * 7919) % 2900);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/pgn-sort/columns", test_columns);
  g_test_add_func ("/model/pgn-sort/large", test_large);

  return g_test_run ();
}
