/* caissa-application.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-application"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-application.h"
#include "caissa-atomic.h"
#include "caissa-preferences-window.h"
#include "caissa-resources.h"
#include "caissa-help.h"
#include "caissa-sound-player.h"
#include "caissa-window.h"
#include "caissa-window-practice.h"
#include "caissa-window-review.h"
#include "caissa-window-autosave.h"

struct _CaissaApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  gboolean        settings_looked_up;
};

G_DEFINE_FINAL_TYPE (CaissaApplication, caissa_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "fen", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Start a game from this position"), N_("FEN") },
  /* Hidden, for tests and scripts: open the practice on an exercise. */
  { "practice", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL, NULL, NULL },
  { "practice-seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL, NULL, NULL },
  { "practice-range", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL, NULL, NULL },
  { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[FILE.pgn]") },
  { NULL }
};

static CaissaWindow *
get_window (CaissaApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (CAISSA_IS_WINDOW (window))
    return CAISSA_WINDOW (window);
  {
    CaissaWindow *created = caissa_window_new (self);
    g_autofree char *path = caissa_autosave_default_path ();

    /* The game in progress is kept on disk, and one left unfinished (by a
     * crash, a kill or "keep for later") is offered again. */
    _caissa_window_start_autosave (created, path);
    return created;
  }
}

static void
caissa_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (CAISSA_APPLICATION (app))));
}

static int
caissa_application_command_line (GApplication            *app,
                                 GApplicationCommandLine *command_line)
{
  CaissaApplication *self = CAISSA_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **files = NULL;
  const char *fen = NULL;
  CaissaWindow *window;

  window = get_window (self);
  if (g_variant_dict_lookup (options, "fen", "&s", &fen))
    {
      g_autoptr(GError) error = NULL;

      if (!caissa_window_start_game (window, NULL, NULL, fen, &error))
        {
          g_application_command_line_printerr (command_line, "caissa: --fen: %s\n", error->message);
          if (gtk_widget_get_visible (GTK_WIDGET (window)) == FALSE)
            gtk_window_destroy (GTK_WINDOW (window));
          return 1;
        }
    }
  {
    g_autoptr(GError) error = NULL;

    if (!caissa_window_practice_from_options (window, options, &error))
      {
        g_application_command_line_printerr (command_line, "caissa: %s\n", error->message);
        if (gtk_widget_get_visible (GTK_WIDGET (window)) == FALSE)
          gtk_window_destroy (GTK_WINDOW (window));
        return 1;
      }
  }
  if (g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &files))
    for (guint i = 0; files[i] != NULL; i++)
      {
        g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line, files[i]);
        g_autoptr(GError) error = NULL;
        /* Each further file in a window of its own. */
        CaissaWindow *target = i == 0 ? window : caissa_window_new (self);

        if (!caissa_window_open_file (target, file, &error))
          {
            g_application_command_line_printerr (command_line, "caissa: %s\n", error->message);
            if (target != window)
              gtk_window_destroy (GTK_WINDOW (target));
            else
              caissa_window_report_open_error (window, error);
            continue;
          }
        gtk_window_present (GTK_WINDOW (target));
      }

  gtk_window_present (GTK_WINDOW (window));
  return 0;
}

/* Files handed over by the desktop (D-Bus "Open"): each in a window, the
 * first in the active one. */
static void
caissa_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  CaissaApplication *self = CAISSA_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      CaissaWindow *window = i == 0 ? get_window (self) : caissa_window_new (self);
      g_autoptr(GError) error = NULL;

      gtk_window_present (GTK_WINDOW (window));
      if (!caissa_window_open_file (window, files[i], &error))
        caissa_window_report_open_error (window, error);
    }
}

/* --- Actions -------------------------------------------------------------- */

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Closing the windows lets each save its size first. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
  /* A window may ask first (a game to keep for later): then it closes,
   * and the application ends, once answered. */
  if (gtk_application_get_windows (app) == NULL)
    g_application_quit (G_APPLICATION (app));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Caissa authors", NULL };
  /* Translators: your names, one a line, e.g. "Jane Doe <jane@example.org>". */
  const char *translators = _("translator-credits");

  /* Untranslated, there is no one to credit. */
  if (g_str_equal (translators, "translator-credits"))
    translators = "";

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Caissa"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Play chess at one computer under a real chess clock, "
                                       "review games and practise the basic mates"),
                         "developer-name", _("The Caissa authors"),
                         "developers", developers,
                         "website", "https://caissa.github.io/",
                         "issue-url", "https://github.com/caissa/caissa/issues",
                         "translator-credits", translators,
                         "copyright", "© 2026 The Caissa authors",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaissaApplication *self = user_data;
  GSettings *settings = caissa_application_get_settings (self);

  /* Without a schema there is nothing to keep them in. */
  if (settings == NULL)
    return;
  gtk_window_present (GTK_WINDOW (caissa_preferences_window_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                                                 settings)));
}

/* F1: the user manual (help/C/index.page) in Yelp. */
static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  /* Over whatever window has the focus (F1 in Preferences too). */
  if (parent == NULL)
    parent = GTK_WINDOW (get_window (user_data));
  caissa_help_show (parent, NULL);
}

static gboolean
write_file (const char  *path,
            const char  *contents,
            GError     **error)
{
  return caissa_atomic_write (path, contents, -1, error);
}

/* For tests and scripts over D-Bus: write the active window's game as PGN. */
static void
save_game_to_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CaissaWindow *window = get_window (user_data);
  g_autofree char *pgn = caissa_game_to_pgn (caissa_window_get_game (window));
  g_autoptr(GError) error = NULL;

  if (!write_file (g_variant_get_string (parameter, NULL), pgn, &error))
    g_warning ("save-game-to: %s", error->message);
}

/* For tests over D-Bus: write the active window's state as text. */
static void
dump_state_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaissaWindow *window = get_window (user_data);
  g_autofree char *state = caissa_window_describe_state (window);
  g_autoptr(GError) error = NULL;

  if (!write_file (g_variant_get_string (parameter, NULL), state, &error))
    g_warning ("dump-state: %s", error->message);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "about", about_action },
  { "preferences", preferences_action },
  { "help", help_action },
  { "save-game-to", save_game_to_action, "s" },
  { "dump-state", dump_state_action, "s" },
};

static void
remove_stale_thread (GTask        *task,
                     gpointer      source,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  GStrv dirs = task_data;
  guint removed = 0;

  for (guint i = 0; dirs[i] != NULL; i++)
    removed += caissa_atomic_remove_stale (dirs[i]);
  g_debug ("%u stale temporary files removed", removed);
  g_task_return_boolean (task, TRUE);
}

/* The temporary files that saves killed part-way left beside the files
 * Caissa opened lately are removed at start, off the main thread and
 * after the window is up (a folder on a slow disk must not delay it). */
static gboolean
remove_stale_cb (gpointer user_data)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GTask) task = NULL;
  GList *items = gtk_recent_manager_get_items (manager);
  const char *app = g_get_application_name ();

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFile) parent = NULL;
      char *dir;

      if (app == NULL || !gtk_recent_info_has_application (info, app)
          || !gtk_recent_info_is_local (info))
        continue;
      file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      parent = g_file_get_parent (file);
      dir = parent != NULL ? g_file_get_path (parent) : NULL;
      if (dir == NULL || g_hash_table_contains (seen, dir))
        {
          g_free (dir);
          continue;
        }
      g_hash_table_add (seen, dir);
      g_ptr_array_add (dirs, g_strdup (dir));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  if (dirs->len == 0)
    return G_SOURCE_REMOVE;
  g_ptr_array_add (dirs, NULL);

  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, remove_stale_cb);
  g_task_set_task_data (task, g_ptr_array_free (g_steal_pointer (&dirs), FALSE),
                        (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, remove_stale_thread);
  return G_SOURCE_REMOVE;
}

static void
caissa_application_startup (GApplication *app)
{
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.help", { "F1", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.show-games", { "F9", NULL } },
    { "win.search-games", { "<Control>f", NULL } },
    { "win.next-game", { "<Control>Page_Down", NULL } },
    { "win.previous-game", { "<Control>Page_Up", NULL } },
    { "win.new-game-in-file", { "<Control><Shift>n", NULL } },
    { "win.duplicate-game", { "<Control><Shift>Insert", NULL } },
    { "win.delete-game", { "<Control>Delete", NULL } },
    { "win.practice", { "<Control>m", NULL } },
    /* The game's actions (the buttons by the clock). */
    { "win.offer-draw", { "<Control>d", NULL } },
    { "win.claim-draw", { "<Control><Shift>d", NULL } },
    { "win.accept-draw", { "<Control>y", NULL } },
    { "win.decline-draw", { "<Control><Shift>y", NULL } },
    { "win.resign('white')", { "<Control><Shift>w", NULL } },
    { "win.resign('black')", { "<Control><Shift>b", NULL } },
    /* Keys without a modifier (F, the arrows, Home, End) are the window's
     * own shortcuts (caissa-window.ui): accelerators would take them from
     * the move field and the board's keyboard cursor. */
  };

  G_APPLICATION_CLASS (caissa_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action, accels[i].accels);

  g_timeout_add_seconds_full (G_PRIORITY_LOW, 2, remove_stale_cb, NULL, NULL);

  /* Each window's game sounds its moves and its clock (Preferences). */
  caissa_sound_player_attach (GTK_APPLICATION (app),
                              caissa_application_get_settings (CAISSA_APPLICATION (app)));

  if (caissa_application_get_settings (CAISSA_APPLICATION (app)) != NULL)
    caissa_preferences_bind_style (caissa_application_get_settings (CAISSA_APPLICATION (app)),
                                   adw_style_manager_get_default ());
  else
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (app), "preferences")),
                                 FALSE);
}

static void
caissa_application_finalize (GObject *object)
{
  CaissaApplication *self = CAISSA_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (caissa_application_parent_class)->finalize (object);
}

static void
caissa_application_class_init (CaissaApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = caissa_application_finalize;
  app_class->activate = caissa_application_activate;
  app_class->command_line = caissa_application_command_line;
  app_class->open = caissa_application_open;
  app_class->startup = caissa_application_startup;

  /* Registered by hand: a constructor in a static library's object would
   * be dropped by the linker. */
  caissa_register_resource ();
}

static void
caissa_application_init (CaissaApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
}

CaissaApplication *
caissa_application_new (void)
{
  return g_object_new (CAISSA_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/caissa/Caissa",
                       NULL);
}

GSettings *
caissa_application_get_settings (CaissaApplication *self)
{
  g_return_val_if_fail (CAISSA_IS_APPLICATION (self), NULL);

  if (!self->settings_looked_up)
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr(GSettingsSchema) schema = NULL;

      self->settings_looked_up = TRUE;
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
#ifdef CAISSA_UNINSTALLED_SCHEMA_DIR
      /* Run from the build tree: the schema compiled next to it. */
      if (schema == NULL)
        {
          g_autoptr(GSettingsSchemaSource) build = NULL;

          build = g_settings_schema_source_new_from_directory (CAISSA_UNINSTALLED_SCHEMA_DIR,
                                                               source, FALSE, NULL);
          if (build != NULL)
            schema = g_settings_schema_source_lookup (build, APP_ID, FALSE);
        }
#endif
      if (schema != NULL)
        self->settings = g_settings_new_full (schema, NULL, NULL);
      else
        g_debug ("No GSettings schema %s: running with defaults", APP_ID);
    }

  return self->settings;
}
