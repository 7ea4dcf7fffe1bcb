/* test-help-sound.c — F1 opens the manual in the desktop's help viewer, or
 * says clearly that there is none; the sounds are attached to each window
 * and follow the Preferences switch; with no sound server nothing is
 * played and nothing is printed.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The help and sound-server cases run in subprocesses, each with its own
 * XDG folders (GIO reads them once per process): one with no help viewer
 * at all, one with a fake viewer that writes down the URI it was given.
 */
#include <adwaita.h>
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "caissa-application.h"
#include "caissa-preferences-window.h"
#include "caissa-sound-player.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

static char *tmp_root;

/* Variables changed for a subprocess, put back after it: this process's
 * GTK reads some of them later (the MIME database, for icons). */
static const char *saved_names[] = {
  "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS",
  "GSETTINGS_SCHEMA_DIR", "XDG_RUNTIME_DIR", "PULSE_SERVER", "G_MESSAGES_DEBUG",
};
static char *saved_values[G_N_ELEMENTS (saved_names)];

static void
save_env (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (saved_names); i++)
    saved_values[i] = g_strdup (g_getenv (saved_names[i]));
}

static void
restore_env (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (saved_names); i++)
    {
      if (saved_values[i] != NULL)
        g_setenv (saved_names[i], saved_values[i], TRUE);
      else
        g_unsetenv (saved_names[i]);
      g_clear_pointer (&saved_values[i], g_free);
    }
}

static CaissaApplication *
new_app (void)
{
  CaissaApplication *app = caissa_application_new ();
  g_autoptr(GError) error = NULL;

  /* Started (actions, accelerators), without a bus name. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

static void
destroy_windows (CaissaApplication *app)
{
  for (GList *l; (l = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL;)
    gtk_window_destroy (l->data);
  for (AdwMessageDialog *d; (d = test_util_message_dialog (TRUE)) != NULL;)
    gtk_window_destroy (GTK_WINDOW (d));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A folder of its own under the test's temporary root. */
static char *
make_dir (const char *name)
{
  char *dir = g_build_filename (tmp_root, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

/* A visible toplevel of that type, or NULL. */
static GtkWidget *
find_toplevel (GType type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWidget *found = NULL;

  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* Runs this test again in a subprocess with these XDG folders. */
static void
run_with_xdg (const char *data_home,
              const char *config_home)
{
  const char * const *dirs = g_get_system_data_dirs ();

  save_env ();
  /* GTK's own settings schemas stay reachable from the system folders
   * the subprocess no longer searches. */
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *schemas = g_build_filename (dirs[i], "glib-2.0", "schemas", NULL);
      g_autofree char *compiled = g_build_filename (schemas, "gschemas.compiled", NULL);

      if (g_file_test (compiled, G_FILE_TEST_EXISTS) && g_getenv ("GSETTINGS_SCHEMA_DIR") == NULL)
        g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  /* The MIME database too: GTK knows an SVG icon by it. */
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *mime = g_build_filename (dirs[i], "mime", NULL);
      g_autofree char *cache = g_build_filename (mime, "mime.cache", NULL);
      g_autofree char *link = g_build_filename (data_home, "mime", NULL);

      if (g_file_test (cache, G_FILE_TEST_EXISTS))
        {
          if (!g_file_test (link, G_FILE_TEST_EXISTS))
            g_assert_cmpint (symlink (mime, link), ==, 0);
          break;
        }
    }
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_DATA_DIRS", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
  g_setenv ("XDG_CONFIG_DIRS", config_home, TRUE);
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC * test_util_timeout_multiplier (),
                          G_TEST_SUBPROCESS_INHERIT_STDOUT);
  restore_env ();
  g_test_trap_assert_passed ();
}

/* --- Help ---------------------------------------------------------------------- */

/* No program for help: URIs. F1 says so in a dialog, not silently. */
static void
test_help_no_viewer (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(CaissaApplication) app = new_app ();
      CaissaWindow *window = caissa_window_new (app);
      AdwMessageDialog *dialog;
      g_auto(GStrv) accels = NULL;

      g_assert_null (g_app_info_get_default_for_uri_scheme ("help"));
      accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.help");
      g_assert_cmpstr (accels[0], ==, "F1");
      gtk_window_present (GTK_WINDOW (window));
      g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
      dialog = test_util_wait_for_dialog (30);
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Help Is Not Available");
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Yelp"));
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
      gtk_window_destroy (GTK_WINDOW (dialog));

      /* F1 from Preferences: the same answer, and no new main window. */
      g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
      g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
      dialog = test_util_wait_for_dialog (30);
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Help Is Not Available");
      {
        GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));
        guint n_main = 0;

        for (GList *l = windows; l != NULL; l = l->next)
          n_main += CAISSA_IS_WINDOW (l->data);
        g_assert_cmpuint (n_main, ==, 1);
      }
      destroy_windows (app);
      for (GtkWidget *prefs; (prefs = find_toplevel (CAISSA_TYPE_PREFERENCES_WINDOW)) != NULL;)
        gtk_window_destroy (GTK_WINDOW (prefs));
      return;
    }
  {
    g_autofree char *data = make_dir ("no-viewer/data");
    g_autofree char *config = make_dir ("no-viewer/config");

    run_with_xdg (data, config);
  }
}

/* A help viewer that writes the URI it is given beside itself. */
static void
test_help_viewer (void)
{
  g_autofree char *data = make_dir ("viewer/data");
  g_autofree char *apps = make_dir ("viewer/data/applications");
  g_autofree char *config = make_dir ("viewer/config");
  g_autofree char *viewer = g_build_filename (data, "fake-yelp", NULL);
  g_autofree char *out = g_build_filename (data, "fake-yelp.out", NULL);

  if (g_test_subprocess ())
    {
      g_autoptr(CaissaApplication) app = new_app ();
      CaissaWindow *window = caissa_window_new (app);
      g_autoptr(GAppInfo) info = g_app_info_get_default_for_uri_scheme ("help");
      g_autofree char *uri = NULL;
      gint64 deadline = test_util_deadline (30);

      g_assert_nonnull (info);
      g_assert_cmpstr (g_app_info_get_id (info), ==, "caissa-test-help.desktop");
      gtk_window_present (GTK_WINDOW (window));
      /* F1, as the user presses it. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.help", NULL));
      while (!g_file_get_contents (out, &uri, NULL, NULL) && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
      g_assert_cmpstr (uri, ==, "help:caissa\n");
      g_assert_null (test_util_message_dialog (TRUE));
      destroy_windows (app);
      return;
    }
  {
    g_autofree char *script = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$@\" > '%s.tmp' && mv '%s.tmp' '%s'\n",
                                               out, out, out);
    g_autofree char *desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Test Help\n"
                                                "Exec=%s %%u\nMimeType=x-scheme-handler/help;\n", viewer);
    g_autofree char *desktop_path = g_build_filename (apps, "caissa-test-help.desktop", NULL);
    g_autofree char *mimeapps = g_build_filename (config, "mimeapps.list", NULL);
    g_autoptr(GError) error = NULL;

    g_file_set_contents (viewer, script, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_chmod (viewer, 0755), ==, 0);
    g_file_set_contents (desktop_path, desktop, -1, &error);
    g_assert_no_error (error);
    g_file_set_contents (mimeapps, "[Default Applications]\nx-scheme-handler/help=caissa-test-help.desktop\n",
                         -1, &error);
    g_assert_no_error (error);
    run_with_xdg (data, config);
  }
}

/* --- Sounds -------------------------------------------------------------------- */

static void
play_every_sound (void)
{
  for (guint s = 0; s < CAISSA_SOUND_N_SOUNDS; s++)
    caissa_sound_player_play (s);
}

/* No sound server: silent, and not a word on stderr (libcanberra's ALSA
 * driver would print ALSA's complaints where there is no sound card). */
static void
test_sound_no_server (void)
{
  if (g_test_subprocess ())
    {
      g_assert_false (caissa_sound_player_have_server ());
      play_every_sound ();
      play_every_sound ();
      return;
    }
  {
    g_autofree char *runtime = make_dir ("no-server/runtime");

    save_env ();
    g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
    g_unsetenv ("PULSE_SERVER");
    g_unsetenv ("G_MESSAGES_DEBUG");
    g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC * test_util_timeout_multiplier (), 0);
    restore_env ();
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr ("");
  }
}

/* A server named that is not there: the sound is tried and fails quietly. */
static void
test_sound_server_gone (void)
{
  if (g_test_subprocess ())
    {
      g_assert_true (caissa_sound_player_have_server ());
      play_every_sound ();
      return;
    }
  {
    g_autofree char *runtime = make_dir ("server-gone/runtime");
    g_autofree char *server = g_strdup_printf ("unix:%s/no-such-socket", runtime);

    save_env ();
    g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
    g_setenv ("PULSE_SERVER", server, TRUE);
    g_unsetenv ("G_MESSAGES_DEBUG");
    g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC * test_util_timeout_multiplier (), 0);
    restore_env ();
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr ("");
  }
}

/* A server is looked for where PulseAudio and PipeWire put theirs. */
static void
test_sound_server_socket (void)
{
  g_autofree char *runtime = make_dir ("socket/runtime");
  g_autofree char *pulse = make_dir ("socket/runtime/pulse");
  g_autofree char *path = g_build_filename (pulse, "native", NULL);
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GError) error = NULL;

  save_env ();
  g_unsetenv ("PULSE_SERVER");
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  g_assert_false (caissa_sound_player_have_server ());
  /* A plain file there is not a server. */
  g_file_set_contents (path, "", 0, &error);
  g_assert_no_error (error);
  g_assert_false (caissa_sound_player_have_server ());
  g_assert_cmpint (g_unlink (path), ==, 0);
  socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  address = g_unix_socket_address_new (path);
  g_assert_true (g_socket_bind (socket, address, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (caissa_sound_player_have_server ());
  g_socket_close (socket, NULL);
  g_unlink (path);

  restore_env ();
}

static void
record_cb (CaissaSounds *sounds,
           guint         sound,
           GString      *heard)
{
  g_string_append_printf (heard, "%s ", caissa_sound_get_name (sound));
}

static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_ACTION_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_row (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every window's game has its sounds, switched by Preferences → Sounds. */
static void
test_sound_window (void)
{
  g_autoptr(CaissaApplication) app = new_app ();
  GSettings *settings = caissa_application_get_settings (app);
  CaissaWindow *window = caissa_window_new (app);
  CaissaWindow *second = caissa_window_new (app);
  CaissaSounds *sounds = g_object_get_data (G_OBJECT (window), "caissa-sounds");
  g_autoptr(GString) heard = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GtkWidget *prefs, *row, *toggle;

  g_assert_nonnull (settings);
  g_settings_reset (settings, "sounds");
  g_assert_true (g_settings_get_boolean (settings, "sounds"));
  g_assert_nonnull (sounds);
  g_assert_true (caissa_sounds_get_game (sounds) == caissa_window_get_game (window));
  g_assert_true (caissa_sounds_get_enabled (sounds));
  g_assert_nonnull (g_object_get_data (G_OBJECT (second), "caissa-sounds"));
  g_assert_true (caissa_sounds_get_game (g_object_get_data (G_OBJECT (second), "caissa-sounds"))
                 == caissa_window_get_game (second));
  g_signal_connect (sounds, "sound", G_CALLBACK (record_cb), heard);

  gtk_window_present (GTK_WINDOW (window));
  caissa_game_play_san (caissa_window_get_game (window), "e4", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heard->str, ==, "move ");

  /* The switch in the preferences window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = find_toplevel (CAISSA_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (prefs);
  row = find_row (prefs, "Sounds");
  g_assert_nonnull (row);
  toggle = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
  g_assert_true (GTK_IS_SWITCH (toggle));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "sounds"));
  g_assert_false (caissa_sounds_get_enabled (sounds));
  caissa_game_play_san (caissa_window_get_game (window), "d5", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heard->str, ==, "move ");

  g_settings_set_boolean (settings, "sounds", TRUE);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  caissa_game_play_san (caissa_window_get_game (window), "exd5", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (heard->str, ==, "move capture ");

  gtk_window_destroy (GTK_WINDOW (prefs));
  destroy_windows (app);
}

int
main (int   argc,
      char *argv[])
{
  int status;
  int ret;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_NO_RESOURCE, &status))
    return status;

  /* The subprocesses find the parent's folder through the environment. */
  if (g_getenv ("CAISSA_TEST_HELP_ROOT") != NULL)
    tmp_root = g_strdup (g_getenv ("CAISSA_TEST_HELP_ROOT"));
  else
    {
      g_autoptr(GError) error = NULL;

      tmp_root = g_dir_make_tmp ("caissa-test-help-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("CAISSA_TEST_HELP_ROOT", tmp_root, TRUE);
    }

  g_test_add_func ("/app/help/no-viewer", test_help_no_viewer);
  g_test_add_func ("/app/help/viewer", test_help_viewer);
  g_test_add_func ("/app/sounds/no-server", test_sound_no_server);
  g_test_add_func ("/app/sounds/server-gone", test_sound_server_gone);
  g_test_add_func ("/app/sounds/server-socket", test_sound_server_socket);
  g_test_add_func ("/app/sounds/window", test_sound_window);

  ret = g_test_run ();
  if (!g_test_subprocess ())
    test_util_remove_tree (tmp_root);
  g_free (tmp_root);
  return ret;
}
