/* test-preferences.c — the preferences: stored in GSettings, edited in the
 * preferences window, applied live to boards and to the style; and the
 * windows of the primary menu (preferences, shortcuts, about) rendered in
 * light and dark, narrow and wide.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Set CAISSA_TEST_SAVE_PNG=DIR to keep the renders.
 */
#include <adwaita.h>

#include "caissa-application.h"
#include "caissa-board.h"
#include "caissa-clock.h"
#include "caissa-preferences-window.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

/* The schema compiled into the build tree, over the memory backend the
 * test environment sets. */
static GSettings *
new_settings (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) keys = NULL;
  GSettings *settings;

  source = g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (),
                                                        FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.caissa.Caissa", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  /* Every test starts from the defaults. */
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* --- Applying the preferences --------------------------------------------------- */

/* A string setting has the value expected (and the copy is freed). */
#define assert_setting(settings, key, expected) \
  G_STMT_START { \
    g_autofree char *value_ = g_settings_get_string ((settings), (key)); \
    g_assert_cmpstr (value_, ==, (expected)); \
  } G_STMT_END

static void
test_bind_board (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  CaissaBoard *board = CAISSA_BOARD (g_object_ref_sink (caissa_board_new ()));
  CaissaBoard *other = CAISSA_BOARD (g_object_ref_sink (caissa_board_new ()));
  guint coordinates_notified = 0;
  guint theme_notified = 0;

  caissa_preferences_bind_board (settings, board);
  caissa_preferences_bind_board (settings, other);
  g_signal_connect (board, "notify::show-coordinates", G_CALLBACK (count_notify_cb), &coordinates_notified);
  g_signal_connect (board, "notify::theme", G_CALLBACK (count_notify_cb), &theme_notified);

  /* The defaults, as the board's own. */
  g_assert_true (caissa_board_get_show_coordinates (board));
  g_assert_true (caissa_board_get_show_legal_moves (board));
  g_assert_true (caissa_board_get_animate (board));
  g_assert_false (caissa_board_get_touch_move (board));
  g_assert_cmpstr (caissa_board_get_theme (board), ==, "brown");
  g_assert_cmpstr (caissa_piece_set_get_name (caissa_board_get_piece_set (board)), ==, "caissa");

  /* Each key, live, on both boards. */
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_assert_false (caissa_board_get_show_coordinates (board));
  g_assert_false (caissa_board_get_show_coordinates (other));
  g_assert_cmpuint (coordinates_notified, ==, 1);
  g_settings_set_boolean (settings, "show-legal-moves", FALSE);
  g_assert_false (caissa_board_get_show_legal_moves (board));
  g_settings_set_boolean (settings, "animate", FALSE);
  g_assert_false (caissa_board_get_animate (other));
  g_settings_set_boolean (settings, "touch-move", TRUE);
  g_assert_true (caissa_board_get_touch_move (board));
  g_assert_true (caissa_board_get_touch_move (other));

  for (const char *const *theme = caissa_board_get_theme_names (); *theme != NULL; theme++)
    {
      g_settings_set_string (settings, "board-theme", *theme);
      g_assert_cmpstr (caissa_board_get_theme (board), ==, *theme);
      g_assert_cmpstr (caissa_board_get_theme (other), ==, *theme);
    }
  /* brown → green → blue → grey: three changes. */
  g_assert_cmpuint (theme_notified, ==, 3);

  g_settings_set_string (settings, "piece-set", "caissa");
  g_assert_true (caissa_board_get_piece_set (board) == caissa_piece_set_get_default ());

  /* Setting the board directly does not write the preference back. */
  caissa_board_set_show_coordinates (board, TRUE);
  g_assert_false (g_settings_get_boolean (settings, "show-coordinates"));
  g_assert_false (caissa_board_get_show_coordinates (other));

  g_clear_object (&settings);
  g_assert_finalize_object (board);
  g_assert_finalize_object (other);
}

static void
test_bind_style (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  AdwStyleManager *style = adw_style_manager_get_default ();

  caissa_preferences_bind_style (settings, style);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_DEFAULT);
  g_settings_set_string (settings, "color-scheme", "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_false (adw_style_manager_get_dark (style));
  g_settings_set_string (settings, "color-scheme", "default");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_DEFAULT);

  /* The binding ends with the settings object. */
  g_clear_object (&settings);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* --- The preferences window ------------------------------------------------------ */

/* Every widget of a type, in tree order. */
static void
collect (GtkWidget *root,
         GType      type,
         GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        g_ptr_array_add (out, child);
      collect (child, type, out);
    }
}

static AdwComboRow *
combo_titled (GtkWidget  *window,
              const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect (window, ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  g_error ("no combo row “%s”", title);
}

static GtkSwitch *
switch_titled (GtkWidget  *window,
               const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  collect (window, ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      AdwActionRow *row = g_ptr_array_index (rows, i);

      if (ADW_IS_COMBO_ROW (row))
        continue;
      if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
        return GTK_SWITCH (adw_action_row_get_activatable_widget (row));
    }
  g_error ("no switch row “%s”", title);
}

static const char *
selected_string (AdwComboRow *row)
{
  GObject *item = adw_combo_row_get_selected_item (row);

  return item != NULL ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

static void
test_window (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  CaissaBoard *board = CAISSA_BOARD (g_object_ref_sink (caissa_board_new ()));
  GtkWidget *window;
  AdwComboRow *style, *theme, *pieces, *notation, *clock;
  GListModel *clocks;

  caissa_preferences_bind_board (settings, board);
  g_settings_set_string (settings, "time-control", "180+2");
  window = GTK_WIDGET (caissa_preferences_window_new (NULL, settings));
  g_assert_true (caissa_preferences_window_get_settings (CAISSA_PREFERENCES_WINDOW (window)) == settings);

  style = combo_titled (window, "Style");
  theme = combo_titled (window, "Board");
  pieces = combo_titled (window, "Pieces");
  notation = combo_titled (window, "Notation");
  clock = combo_titled (window, "Time Control");

  /* The rows show the stored values. */
  g_assert_cmpstr (selected_string (style), ==, "Follow System");
  g_assert_cmpstr (selected_string (theme), ==, "Brown");
  g_assert_cmpstr (selected_string (pieces), ==, "Caissa");
  g_assert_cmpstr (selected_string (notation), ==, "Letters (Nf3)");
  g_assert_cmpstr (selected_string (clock), ==, "3+2 · blitz");
  g_assert_true (gtk_switch_get_active (switch_titled (window, "Coordinates")));
  g_assert_false (gtk_switch_get_active (switch_titled (window, "Touch-Move Rule")));

  /* The board row lists the board's themes, in order. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (theme)), ==,
                    g_strv_length ((char **) caissa_board_get_theme_names ()));

  /* Editing a row stores the value, and the bound board follows. */
  adw_combo_row_set_selected (theme, 1);
  assert_setting (settings, "board-theme", "green");
  g_assert_cmpstr (caissa_board_get_theme (board), ==, "green");
  adw_combo_row_set_selected (style, 2);
  assert_setting (settings, "color-scheme", "dark");
  adw_combo_row_set_selected (notation, 1);
  assert_setting (settings, "notation", "figurines");

  gtk_switch_set_active (switch_titled (window, "Coordinates"), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "show-coordinates"));
  g_assert_false (caissa_board_get_show_coordinates (board));
  gtk_switch_set_active (switch_titled (window, "Show Legal Moves"), FALSE);
  g_assert_false (caissa_board_get_show_legal_moves (board));
  gtk_switch_set_active (switch_titled (window, "Animate Moves"), FALSE);
  g_assert_false (caissa_board_get_animate (board));
  gtk_switch_set_active (switch_titled (window, "Touch-Move Rule"), TRUE);
  g_assert_true (caissa_board_get_touch_move (board));
  gtk_switch_set_active (switch_titled (window, "Press the Clock Automatically"), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "auto-press"));

  /* The clock row: "No clock" first ("-"), then the clock's presets. */
  clocks = adw_combo_row_get_model (clock);
  g_assert_cmpuint (g_list_model_get_n_items (clocks), ==, 1 + caissa_clock_get_n_presets ());
  adw_combo_row_set_selected (clock, 0);
  assert_setting (settings, "time-control", "-");
  for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
    {
      adw_combo_row_set_selected (clock, i + 1);
      assert_setting (settings, "time-control", caissa_clock_get_preset_time_control (i));
    }

  /* A change made elsewhere shows in the window at once. */
  g_settings_set_string (settings, "board-theme", "grey");
  g_assert_cmpstr (selected_string (theme), ==, "Grey");
  g_settings_set_boolean (settings, "show-coordinates", TRUE);
  g_assert_true (gtk_switch_get_active (switch_titled (window, "Coordinates")));

  /* The preview board follows too. */
  {
    g_autoptr(GPtrArray) boards = g_ptr_array_new ();
    CaissaBoard *preview;

    collect (window, CAISSA_TYPE_BOARD, boards);
    g_assert_cmpuint (boards->len, ==, 1);
    preview = g_ptr_array_index (boards, 0);
    g_assert_cmpstr (caissa_board_get_theme (preview), ==, "grey");
    g_assert_false (caissa_board_get_interactive (preview));
    g_assert_cmpuint (caissa_game_get_n_plies (caissa_board_get_game (preview)), ==, 6);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  g_clear_object (&settings);
  g_assert_finalize_object (board);
}

/* A time control typed in the new-game dialog is kept, as its own entry. */
static void
test_window_custom_time_control (void)
{
  g_autoptr(GSettings) settings = new_settings ();
  GtkWidget *window;
  AdwComboRow *clock;

  g_settings_set_string (settings, "time-control", "2700+15");
  window = GTK_WIDGET (caissa_preferences_window_new (NULL, settings));
  clock = combo_titled (window, "Time Control");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (clock)), ==,
                    2 + caissa_clock_get_n_presets ());
  g_assert_cmpstr (selected_string (clock), ==, "2700+15");
  adw_combo_row_set_selected (clock, 0);
  assert_setting (settings, "time-control", "-");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- Renders ---------------------------------------------------------------------- */

/* Renders a window as it is on screen; saved as NAME.png when asked.
 * Returns the mean luminance of its pixels (0–255). */
static double
render (GtkWidget  *window,
        const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_SAVE_PNG");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int width, height;
  double sum = 0;
  gsize stride;

  test_util_wait_for_frame (window);
  test_util_wait_for_frame (window);
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  g_assert_cmpint (width, >, 0);
  snapshot = gtk_snapshot_new ();
  paintable = gtk_widget_paintable_new (window);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);

  stride = (gsize) gdk_texture_get_width (texture) * 4;
  pixels = g_malloc (stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, pixels, stride);
  for (int y = 0; y < gdk_texture_get_height (texture); y++)
    for (int x = 0; x < gdk_texture_get_width (texture); x++)
      {
        const guchar *p = pixels + y * stride + x * 4;   /* B G R A */

        sum += 0.0722 * p[0] + 0.7152 * p[1] + 0.2126 * p[2];
      }

  if (dir != NULL)
    {
      g_autofree char *file = g_strdup_printf ("%s.png", name);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_mkdir_with_parents (dir, 0755);
      gdk_texture_save_to_png (texture, path);
      g_test_message ("saved %s", path);
    }
  return sum / ((double) gdk_texture_get_width (texture) * gdk_texture_get_height (texture));
}

typedef GtkWidget *(*MakeWindow) (GApplication *app);

/* A window an action of the app opened, not yet in the list before. */
static GtkWidget *
find_new_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
    }
  g_error ("no %s open", g_type_name (type));
}

static GtkWidget *
make_preferences (GApplication *app)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  return find_new_toplevel (CAISSA_TYPE_PREFERENCES_WINDOW);
}

/* As the primary menu opens it: from a main window, which shows the app's
 * accelerators beside the actions. */
static GtkWidget *
make_shortcuts (GApplication *app)
{
  CaissaWindow *window = caissa_window_new (CAISSA_APPLICATION (app));
  GtkWidget *overlay;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = find_new_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_true (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))) == overlay);
  return overlay;
}

static GtkWidget *
make_about (GApplication *app)
{
  AdwAboutWindow *about;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = ADW_ABOUT_WINDOW (find_new_toplevel (ADW_TYPE_ABOUT_WINDOW));
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Caissa");
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, "io.github.caissa.Caissa");
  g_assert_cmpstr (adw_about_window_get_developer_name (about), ==, "The Caissa authors");
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_nonnull (adw_about_window_get_website (about));
  g_assert_nonnull (adw_about_window_get_version (about));
  /* Untranslated (C locale): no translator to credit. */
  g_assert_cmpstr (adw_about_window_get_translator_credits (about), ==, "");
  return GTK_WIDGET (about);
}

static void
test_renders (void)
{
  static const struct
  {
    const char *name;
    MakeWindow  make;
  } windows[] = {
    { "preferences", make_preferences },
    { "shortcuts", make_shortcuts },
    { "about", make_about },
  };
  static const struct
  {
    const char *name;
    int         width;
    gboolean    dark;
  } looks[] = {
    { "narrow-light", 360, FALSE },
    { "narrow-dark", 360, TRUE },
    { "wide-light", 800, FALSE },
    { "wide-dark", 800, TRUE },
  };
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(CaissaApplication) app = caissa_application_new ();
  g_autofree char *icon_dir = g_test_build_filename (G_TEST_DIST, "..", "data", "icons", NULL);
  g_autoptr(GError) error = NULL;

  /* The app's icon, from the source tree. */
  gtk_icon_theme_add_search_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()), icon_dir);
  /* Started (actions, accelerators), without a bus name. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (caissa_application_get_settings (app));

  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    for (guint l = 0; l < G_N_ELEMENTS (looks); l++)
      {
        g_autofree char *name = g_strdup_printf ("%s-%s", windows[w].name, looks[l].name);
        GtkWidget *window;
        double light;

        adw_style_manager_set_color_scheme (style, looks[l].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                 : ADW_COLOR_SCHEME_FORCE_LIGHT);
        window = windows[w].make (G_APPLICATION (app));
        gtk_window_set_default_size (GTK_WINDOW (window), looks[l].width, 640);
        gtk_window_present (GTK_WINDOW (window));
        light = render (window, name);
        /* The style reaches the window: light windows are light. */
        if (looks[l].dark)
          g_assert_cmpfloat (light, <, 110);
        else
          g_assert_cmpfloat (light, >, 160);
        gtk_window_destroy (GTK_WINDOW (window));
        while (g_main_context_iteration (NULL, FALSE))
          ;
      }

  /* The main windows the shortcuts came from. */
  for (GList *l; (l = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL;)
    gtk_window_destroy (l->data);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/app/preferences/bind-board", test_bind_board);
  g_test_add_func ("/app/preferences/bind-style", test_bind_style);
  g_test_add_func ("/app/preferences/window", test_window);
  g_test_add_func ("/app/preferences/window-custom-time-control", test_window_custom_time_control);
  g_test_add_func ("/app/preferences/renders", test_renders);

  return g_test_run ();
}
