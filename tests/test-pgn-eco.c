/* test-pgn-eco.c — the computed opening of a PGN file's games, beside
 * their ECO tag, and the eco:/opening: search terms.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "caissa-pgn-file.h"
#include "caissa-pgn-search.h"

static CaissaPgnFile *
open_openings (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "eco", "openings.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  CaissaPgnFile *file = caissa_pgn_file_new (gfile, &error);

  g_assert_no_error (error);
  return file;
}

static void
wait_loaded (CaissaPgnFile *file)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while ((caissa_pgn_file_get_loading (file) || caissa_pgn_file_get_validating (file))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (caissa_pgn_file_get_loading (file));
  g_assert_false (caissa_pgn_file_get_validating (file));
}

static void
wait_search (CaissaPgnSearch *search)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (caissa_pgn_search_get_pending (search) > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (caissa_pgn_search_get_pending (search), ==, 0);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

typedef struct
{
  const char *tag;          /* the ECO tag as written */
  const char *eco;          /* computed */
  const char *name;
  guint       ply;
} Expected;

/* tests/data/eco/openings.pgn, as caissa-cli eco says (test-eco-cli.sh). */
static const Expected expected[] = {
  { "B99", "B90", "Sicilian Defense: Najdorf Variation, Adams Attack", 11 },
  { "", "D37", "Queen's Gambit Declined: Harrwitz Attack", 9 },
  { "", "", "", 0 },   /* from a FEN, nothing named */
  { "", "", "", 0 },   /* cannot be read */
  { "", "", "", 0 },   /* no moves */
  { "", "C97", "Ruy Lopez: Closed, Chigorin Defense", 22 },
};

static void
test_columns (void)
{
  CaissaPgnFile *file = open_openings ();
  g_autoptr(CaissaPgnGameInfo) first = NULL;
  guint notified = 0;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_list_model_get_n_items (G_LIST_MODEL (file)) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* An item alive before the check reaches it learns its opening then. */
  first = g_list_model_get_item (G_LIST_MODEL (file), 0);
  if (!caissa_pgn_game_info_get_opening_known (first))
    {
      g_assert_cmpstr (caissa_pgn_game_info_get_opening (first), ==, "");
      g_assert_cmpstr (caissa_pgn_game_info_get_eco_display (first), ==, "B99");
      g_signal_connect (first, "notify::opening", G_CALLBACK (count_cb), &notified);
    }
  else
    notified = 1;
  wait_loaded (file);
  g_assert_cmpuint (notified, ==, 1);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (file)), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (file), i);
      g_autofree char *eco = NULL, *opening = NULL, *display = NULL;
      guint ply = 99;

      g_assert_true (caissa_pgn_game_info_get_opening_known (info));
      g_object_get (info, "opening-eco", &eco, "opening", &opening, "opening-ply", &ply,
                    "eco-display", &display, NULL);
      g_assert_cmpstr (caissa_pgn_game_info_get_eco (info), ==, expected[i].tag);
      g_assert_cmpstr (eco, ==, expected[i].eco);
      g_assert_cmpstr (opening, ==, expected[i].name);
      g_assert_cmpuint (ply, ==, expected[i].ply);
      /* The tag as written when there is one, else the computed code. */
      g_assert_cmpstr (display, ==, *expected[i].tag ? expected[i].tag : expected[i].eco);
    }
  g_clear_object (&first);
  g_assert_finalize_object (file);
}

typedef struct
{
  const char *text;
  guint       n;
  guint       games[6];
} SearchCase;

static const SearchCase search_cases[] = {
  /* The computed code (the tag says B99). */
  { "eco:B90", 1, { 0 } },
  /* The tag as written. */
  { "eco:B99", 1, { 0 } },
  { "ECO:b9", 1, { 0 } },
  { "eco:D3", 1, { 1 } },
  { "eco:C", 1, { 5 } },
  { "eco:E", 0, { 0 } },
  { "opening:najdorf", 1, { 0 } },
  { "opening:Queen's Gambit Declined", 1, { 1 } },
  { "opening:e", 3, { 0, 1, 5 } },
  { "eco:C opening:chigorin", 1, { 5 } },
  { "opening:chigorin eco:B", 0, { 0 } },
  /* With free text: the Event. */
  { "reti opening:gambit", 1, { 1 } },
  { "najdorf", 1, { 0 } },
  { "opening:", 6, { 0, 1, 2, 3, 4, 5 } },
};

static void
test_search (gconstpointer data)
{
  const SearchCase *c = data;
  CaissaPgnFile *file = open_openings ();
  CaissaPgnSearch *search = caissa_pgn_search_new (file);

  /* Set at once, while the file is read and checked: the games are
   * looked at as their openings become known. */
  caissa_pgn_search_set_text (search, c->text);
  wait_loaded (file);
  wait_search (search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, c->n);
  for (guint i = 0; i < c->n; i++)
    g_assert_cmpuint (caissa_pgn_search_get_file_position (search, i), ==, c->games[i]);

  /* And once everything is known. */
  caissa_pgn_search_set_text (search, "");
  caissa_pgn_search_set_text (search, c->text);
  wait_search (search);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (search)), ==, c->n);

  g_assert_finalize_object (search);
  g_assert_finalize_object (file);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/pgn-eco/columns", test_columns);
  for (guint i = 0; i < G_N_ELEMENTS (search_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/pgn-eco/search/%u", i);

      g_test_add_data_func (path, &search_cases[i], test_search);
    }
  return g_test_run ();
}
