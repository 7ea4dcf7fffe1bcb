/* test-bad-settings.c — settings edited by hand into nonsense: the window
 * sizes are refused by the schema's ranges (a negative height once reached
 * gtk_window_set_default_size () as a Gtk-CRITICAL), and a time control
 * that does not parse plays without a clock and is shown as "no clock"
 * (it was kept and shown as 'soon' while the game was silently untimed).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The settings come from a key file written here, read by GLib's keyfile
 * backend: what a user's hand-edited ~/.config/glib-2.0/settings/keyfile
 * gives the app.
 */
#include <glib/gstdio.h>

#include <adwaita.h>

#include "caissa-application.h"
#include "caissa-clock.h"
#include "caissa-preferences-window.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

static char *home;

static void
write_keyfile (const char *contents)
{
  g_autofree char *dir = g_build_filename (home, "config", "glib-2.0", "settings", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

/* The schema compiled into the build tree. */
static GSettingsSchema *
build_schema (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GError) error = NULL;
  GSettingsSchema *schema;

  source = g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (),
                                                        FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.caissa.Caissa", FALSE);
  g_assert_nonnull (schema);
  return schema;
}

static gboolean
in_range (GSettingsSchema *schema,
          const char      *key,
          gint32           value)
{
  g_autoptr(GSettingsSchemaKey) schema_key = g_settings_schema_get_key (schema, key);
  g_autoptr(GVariant) variant = g_variant_ref_sink (g_variant_new_int32 (value));

  return g_settings_schema_key_range_check (schema_key, variant);
}

static void
test_schema_ranges (void)
{
  g_autoptr(GSettingsSchema) schema = build_schema ();
  const char *keys[] = { "window-width", "window-height" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_test_message ("key %s", keys[i]);
      g_assert_false (in_range (schema, keys[i], -5));
      g_assert_false (in_range (schema, keys[i], -1));
      g_assert_false (in_range (schema, keys[i], 0));
      g_assert_false (in_range (schema, keys[i], 99));
      g_assert_true (in_range (schema, keys[i], 100));
      g_assert_true (in_range (schema, keys[i], 720));
      g_assert_true (in_range (schema, keys[i], 32767));
      g_assert_false (in_range (schema, keys[i], 32768));
      g_assert_false (in_range (schema, keys[i], G_MAXINT32));
    }
}

static CaissaApplication *
started_app (void)
{
  CaissaApplication *app = caissa_application_new ();
  g_autoptr(GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (caissa_application_get_settings (app));
  return app;
}

static gboolean
has_line (CaissaWindow *window,
          const char   *line)
{
  g_autofree char *state = caissa_window_describe_state (window);
  g_autofree char *wanted = g_strconcat ("\n", line, "\n", NULL);

  return strstr (state, wanted) != NULL;
}

static AdwComboRow *
time_control_row (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found;

      if (ADW_IS_COMBO_ROW (child)
          && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)), "Time Control") == 0)
        return ADW_COMBO_ROW (child);
      if ((found = time_control_row (child)) != NULL)
        return found;
    }
  return NULL;
}

/* A player's name of 300,000 characters with a newline, as a hand edit
 * may leave it: read capped to one line of CAISSA_PLAYER_NAME_MAX
 * characters, and the window keeps a sane width. */
static void
check_long_name (CaissaApplication *app)
{
  GSettings *settings = caissa_application_get_settings (app);
  GString *name = g_string_new ("Anna\nKarenina ");
  CaissaWindow *window;
  const char *shown;
  int natural;

  while (name->len < 300000)
    g_string_append (name, "Ж");
  g_settings_set_string (settings, "white-name", name->str);
  window = caissa_window_new (app);
  shown = caissa_game_get_white_name (caissa_window_get_game (window));
  g_assert_nonnull (shown);
  g_assert_cmpuint (g_utf8_strlen (shown, -1), ==, CAISSA_PLAYER_NAME_MAX);
  g_assert_true (g_str_has_prefix (shown, "Anna Karenina ЖЖ"));
  g_assert_null (strchr (shown, '\n'));
  gtk_window_present (GTK_WINDOW (window));
  test_util_wait_for_frame (GTK_WIDGET (window));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (natural, <, 2500);
  g_settings_reset (settings, "white-name");
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_string_free (name, TRUE);
}

/* window-width=-3000, window-height=-5, time-control='soon' by hand
 * (written by main()). */
static void
test_bad_values (void)
{
  g_autoptr(CaissaApplication) app = NULL;
  GSettings *settings;
  CaissaWindow *window;
  GtkWidget *preferences;
  AdwComboRow *row;
  GObject *item;
  int width, height;

  /* (The keyfile was written by main(), before anything could make the
   * settings backend: one made earlier — libadwaita reads the desktop's
   * style settings where their schema is installed — would see the file
   * only once its monitor reports it.) */
  app = started_app ();
  settings = caissa_application_get_settings (app);

  /* GSettings itself refuses the sizes and gives the defaults. */
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1000);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 720);

  /* The window: no critical (fatal here), the default size, no clock, said
   * once with the key and the value. */
  g_test_expect_message ("caissa-window", G_LOG_LEVEL_WARNING,
                         "Settings key time-control: 'soon' is not a time control*playing without a clock");
  window = caissa_window_new (app);
  g_test_assert_expected_messages ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 720);
  g_assert_cmpstr (caissa_window_get_time_control (window), ==, "-");
  g_assert_true (has_line (window, "clock-time-control -"));
  g_assert_null (caissa_window_get_clock (window));

  /* The preferences show "No clock", not 'soon'. */
  preferences = GTK_WIDGET (caissa_preferences_window_new (GTK_WINDOW (window), settings));
  row = time_control_row (preferences);
  g_assert_nonnull (row);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==,
                    1 + caissa_clock_get_n_presets ());
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  item = adw_combo_row_get_selected_item (row);
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), ==, "No clock");
  gtk_window_destroy (GTK_WINDOW (preferences));

  /* Changed by hand while the window is open: the same. */
  g_test_expect_message ("caissa-window", G_LOG_LEVEL_WARNING,
                         "Settings key time-control: '5 min' is not a time control*");
  g_settings_set_string (settings, "time-control", "5 min");
  g_test_assert_expected_messages ();
  g_assert_cmpstr (caissa_window_get_time_control (window), ==, "-");

  /* A good value still works, and closing stores the (valid) size; then
   * a name of 300,000 characters (check_long_name()). */
  g_settings_set_string (settings, "time-control", "300+2");
  g_assert_cmpstr (caissa_window_get_time_control (window), ==, "300+2");
  g_settings_reset (settings, "time-control");
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;

  check_long_name (app);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  home = g_dir_make_tmp ("caissa-test-bad-settings-XXXXXX", NULL);
  g_assert_nonnull (home);
  {
    g_autofree char *config = g_build_filename (home, "config", NULL);
    g_autofree char *data = g_build_filename (home, "data", NULL);
    g_autofree char *state = g_build_filename (home, "state", NULL);

    /* Before anything reads them: GLib caches the folders and the backend. */
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
    g_setenv ("XDG_DATA_HOME", data, TRUE);
    g_setenv ("XDG_STATE_HOME", state, TRUE);
  }
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  write_keyfile ("[io/github/caissa/Caissa]\n"
                 "window-width=-3000\n"
                 "window-height=-5\n"
                 "time-control='soon'\n");
  /* Not the resource: CaissaApplication's class_init registers it, and a
   * second g_static_resource_init () before any lookup loops GLib forever
   * (the static resource links to itself). */
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_NO_RESOURCE, &status))
    {
      test_util_remove_tree (home);
      return status;
    }

  g_test_add_func ("/app/settings/schema-ranges", test_schema_ranges);
  g_test_add_func ("/app/settings/bad-values", test_bad_values);

  status = g_test_run ();
  test_util_remove_tree (home);
  g_free (home);
  return status;
}
