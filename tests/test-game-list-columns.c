/* test-game-list-columns.c — the game list's column widths the user set
 * (by dragging a column's edge: its fixed width) kept in GSettings and
 * given back to the next list.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "caissa-game-list-columns.h"
#include "test-util-gtk.h"

/* The schema compiled into the build tree, over the memory backend the
 * test environment sets, at its defaults. */
static GSettings *
new_settings (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GError) error = NULL;
  GSettings *settings;

  source = g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (),
                                                        FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.caissa.Caissa", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_reset (settings, "game-list-columns");
  return settings;
}

static GtkColumnView *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return GTK_COLUMN_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkColumnView *found = find_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The list's column titled title. */
static GtkColumnViewColumn *
column (GtkWidget  *list,
        const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (find_column_view (list));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) c = g_list_model_get_item (columns, i);

      if (g_str_equal (gtk_column_view_column_get_title (c), title))
        return c;
    }
  g_error ("no column %s", title);
}

static GtkWidget *
new_list (GSettings  *settings,
          GtkWidget **window)
{
  GtkWidget *list = caissa_game_list_new ();

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 800, 400);
  gtk_window_set_child (GTK_WINDOW (*window), list);
  caissa_game_list_remember_columns (CAISSA_GAME_LIST (list), settings);
  gtk_window_present (GTK_WINDOW (*window));
  return list;
}

static int
stored_width (GSettings  *settings,
              const char *id)
{
  g_autoptr(GVariant) stored = g_settings_get_value (settings, "game-list-columns");
  int width = -1;

  g_variant_lookup (stored, id, "i", &width);
  return width;
}

static void
test_remembered (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  GtkWidget *window, *list;
  gint64 deadline = test_util_deadline (20);

  list = new_list (settings, &window);
  /* As dragging the White column's edge does. */
  gtk_column_view_column_set_fixed_width (column (list, "White"), 210);
  gtk_column_view_column_set_fixed_width (column (list, "Date"), 90);
  while (stored_width (settings, "white") != 210 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (stored_width (settings, "white"), ==, 210);
  g_assert_cmpint (stored_width (settings, "date"), ==, 90);
  /* A column never resized is not stored: it stays automatic. */
  g_assert_cmpint (stored_width (settings, "black"), ==, -1);

  /* A resize just before the list goes is kept too. */
  gtk_column_view_column_set_fixed_width (column (list, "Black"), 150);
  gtk_window_destroy (GTK_WINDOW (window));
  test_util_spin (50);
  g_assert_cmpint (stored_width (settings, "black"), ==, 150);

  /* The next list (the next window, the next start) has them. */
  list = new_list (settings, &window);
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (column (list, "White")), ==, 210);
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (column (list, "Date")), ==, 90);
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (column (list, "Black")), ==, 150);
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (column (list, "Result")), ==, -1);
  gtk_window_destroy (GTK_WINDOW (window));
  test_util_spin (100);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;
  g_test_add_func ("/app/game-list/columns/remembered", test_remembered);
  return g_test_run ();
}
