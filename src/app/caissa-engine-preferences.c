/* caissa-engine-preferences.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-engine-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-engine-preferences.h"

/* The most threads the window's engines get by default (Preferences may
 * give more). */
#define GUI_ENGINE_MAX_THREADS 8

/* Options Caissa sets itself (lines, strength): not offered here. */
static const char *const managed_options[] = {
  "MultiPV", "Skill Level", "UCI_LimitStrength", "UCI_Elo", "Ponder", "UCI_AnalyseMode", NULL,
};

struct _CaissaEnginePreferences
{
  AdwPreferencesPage  parent_instance;

  GSettings          *settings;
  AdwPreferencesGroup *engines_group;
  AdwPreferencesGroup *options_group;
  GtkWidget          *add_row;
  GtkCheckButton     *group_check;   /* the radio group's first button */
  GPtrArray          *rows;          /* engine rows (AdwActionRow) */
  GPtrArray          *option_rows;
  CaissaEngine       *probe;         /* the chosen engine, asked for its options */
  GPtrArray          *probes;        /* engines asked for their name */
};

G_DEFINE_FINAL_TYPE (CaissaEnginePreferences, caissa_engine_preferences, ADW_TYPE_PREFERENCES_PAGE)

static void show_options (CaissaEnginePreferences *self);

void
caissa_engine_apply_stored_options (CaissaEngine *engine,
                                    GSettings    *settings)
{
  g_autoptr(GVariant) options = NULL;
  GVariantIter iter;
  const char *name, *value;
  char threads[16];

  g_return_if_fail (CAISSA_IS_ENGINE (engine));

  /* The search leaves the window a core of its own. The stored options
   * come after, so a Threads chosen in Preferences wins. */
  g_snprintf (threads, sizeof threads, "%u", CLAMP (g_get_num_processors () - 1, 1, GUI_ENGINE_MAX_THREADS));
  caissa_engine_set_option (engine, "Threads", threads);
  if (settings == NULL)
    return;
  options = g_settings_get_value (settings, "engine-options");
  g_variant_iter_init (&iter, options);
  while (g_variant_iter_next (&iter, "{&s&s}", &name, &value))
    caissa_engine_set_option (engine, name, value);
}

static char *
chosen_path (CaissaEnginePreferences *self)
{
  return g_settings_get_string (self->settings, "engine-path");
}

/* --- The engines -------------------------------------------------------------------------- */

static void
probe_started_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GtkWidget) row = user_data;
  CaissaEngine *engine = CAISSA_ENGINE (source);
  g_autoptr(GError) error = NULL;

  if (caissa_engine_start_finish (engine, result, &error))
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), caissa_engine_get_name (engine));
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), error->message);
      gtk_widget_add_css_class (row, "error");
    }
  caissa_engine_quit (engine);
}

static void
chosen_toggled_cb (GtkCheckButton          *check,
                   CaissaEnginePreferences *self)
{
  const char *path = g_object_get_data (G_OBJECT (check), "path");

  if (!gtk_check_button_get_active (check))
    return;
  g_settings_set_string (self->settings, "engine-path", path);
  g_settings_reset (self->settings, "engine-options");
  show_options (self);
}

static void
remove_clicked_cb (GtkButton               *button,
                   CaissaEnginePreferences *self)
{
  const char *path = g_object_get_data (G_OBJECT (button), "path");
  g_auto(GStrv) engines = g_settings_get_strv (self->settings, "engines");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;
  g_autofree char *chosen = chosen_path (self);

  for (guint i = 0; engines[i] != NULL; i++)
    if (!g_str_equal (engines[i], path))
      g_strv_builder_add (builder, engines[i]);
  kept = g_strv_builder_end (builder);
  if (g_str_equal (chosen, path))
    g_settings_reset (self->settings, "engine-path");
  g_settings_set_strv (self->settings, "engines", (const char *const *) kept);
}

static void
add_row (CaissaEnginePreferences *self,
         const char              *path,
         gboolean                 removable,
         const char              *chosen)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();
  g_autoptr(CaissaEngine) engine = caissa_engine_new (path);
  g_autofree char *base = g_path_get_basename (path);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), path);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (check), "path", g_strdup (path), g_free);
  if (self->group_check == NULL)
    self->group_check = GTK_CHECK_BUTTON (check);
  else
    gtk_check_button_set_group (GTK_CHECK_BUTTON (check), self->group_check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_str_equal (chosen, path));
  g_signal_connect (check, "toggled", G_CALLBACK (chosen_toggled_cb), self);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  if (removable)
    {
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove"));
      g_object_set_data_full (G_OBJECT (remove), "path", g_strdup (path), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
    }
  adw_preferences_group_add (self->engines_group, row);
  g_ptr_array_add (self->rows, row);

  /* Its "id name", once it has said it. */
  g_ptr_array_add (self->probes, g_object_ref (engine));
  caissa_engine_start_async (engine, NULL, probe_started_cb, g_object_ref (row));
}

static void
fill_engines (CaissaEnginePreferences *self)
{
  g_auto(GStrv) found = caissa_engine_discover ();
  g_auto(GStrv) added = g_settings_get_strv (self->settings, "engines");
  g_autofree char *chosen = chosen_path (self);

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->engines_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  self->group_check = NULL;

  /* Empty: the first found, which is then shown chosen. */
  if (*chosen == '\0' && found != NULL && found[0] != NULL)
    {
      g_free (chosen);
      chosen = g_strdup (found[0]);
    }
  for (guint i = 0; found != NULL && found[i] != NULL; i++)
    add_row (self, found[i], FALSE, chosen);
  for (guint i = 0; added[i] != NULL; i++)
    if (found == NULL || !g_strv_contains ((const char *const *) found, added[i]))
      add_row (self, added[i], TRUE, chosen);

  if (self->rows->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No engine found"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("Install Stockfish (the “stockfish” package) or add a UCI engine by its path."));
      adw_preferences_group_add (self->engines_group, row);
      g_ptr_array_add (self->rows, row);
    }
}

static void
added_engine_started_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(CaissaEnginePreferences) self = user_data;
  CaissaEngine *engine = CAISSA_ENGINE (source);
  g_autoptr(GError) error = NULL;

  if (!caissa_engine_start_finish (engine, result, &error))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      if (ADW_IS_PREFERENCES_WINDOW (root))
        {
          AdwToast *toast = adw_toast_new (error->message);

          adw_toast_set_timeout (toast, 0);
          adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), toast);
        }
      return;
    }
  {
    g_auto(GStrv) engines = g_settings_get_strv (self->settings, "engines");
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
    g_auto(GStrv) all = NULL;
    const char *path = caissa_engine_get_path (engine);

    caissa_engine_quit (engine);
    if (g_strv_contains ((const char *const *) engines, path))
      return;
    g_strv_builder_addv (builder, (const char **) engines);
    g_strv_builder_add (builder, path);
    all = g_strv_builder_end (builder);
    g_settings_set_strv (self->settings, "engines", (const char *const *) all);
  }
}

void
caissa_engine_preferences_add_engine (CaissaEnginePreferences *self,
                                      const char              *path)
{
  CaissaEngine *engine;

  g_return_if_fail (CAISSA_IS_ENGINE_PREFERENCES (self));
  g_return_if_fail (path != NULL);

  /* Only a program that speaks UCI is added. */
  engine = caissa_engine_new (path);
  g_ptr_array_add (self->probes, engine);
  caissa_engine_start_async (engine, NULL, added_engine_started_cb, g_object_ref (self));
}

static void
file_chosen_cb (GtkNativeDialog         *chooser,
                int                      response,
                CaissaEnginePreferences *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        caissa_engine_preferences_add_engine (self, path);
    }
  g_object_unref (chooser);
}

static void
add_clicked_cb (CaissaEnginePreferences *self)
{
  GtkFileChooserNative *chooser;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  chooser = gtk_file_chooser_native_new (_("Add a UCI Engine"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* --- The chosen engine's options ------------------------------------------------------------ */

static void
store_option (CaissaEnginePreferences *self,
              const char              *name,
              const char              *value)
{
  g_autoptr(GVariant) old = g_settings_get_value (self->settings, "engine-options");
  GVariantBuilder builder;
  GVariantIter iter;
  const char *k, *v;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s&s}", &k, &v))
    if (!g_str_equal (k, name))
      g_variant_builder_add (&builder, "{ss}", k, v);
  g_variant_builder_add (&builder, "{ss}", name, value);
  g_settings_set_value (self->settings, "engine-options", g_variant_builder_end (&builder));
}

static char *
stored_option (CaissaEnginePreferences *self,
               const ChessUciOption    *option)
{
  g_autoptr(GVariant) options = g_settings_get_value (self->settings, "engine-options");
  const char *value = NULL;

  if (g_variant_lookup (options, option->name, "&s", &value))
    return g_strdup (value);
  return g_strdup (option->has_default ? option->default_value : "");
}

static void
spin_changed_cb (GtkSpinButton           *spin,
                 CaissaEnginePreferences *self)
{
  g_autofree char *value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  store_option (self, g_object_get_data (G_OBJECT (spin), "option"), value);
}

static void
switch_changed_cb (GtkSwitch               *sw,
                   GParamSpec              *pspec,
                   CaissaEnginePreferences *self)
{
  store_option (self, g_object_get_data (G_OBJECT (sw), "option"),
                gtk_switch_get_active (sw) ? "true" : "false");
}

static void
combo_changed_cb (AdwComboRow             *row,
                  GParamSpec              *pspec,
                  CaissaEnginePreferences *self)
{
  GtkStringObject *item = adw_combo_row_get_selected_item (row);

  if (item != NULL)
    store_option (self, g_object_get_data (G_OBJECT (row), "option"), gtk_string_object_get_string (item));
}

static void
entry_applied_cb (AdwEntryRow             *row,
                  CaissaEnginePreferences *self)
{
  store_option (self, g_object_get_data (G_OBJECT (row), "option"), gtk_editable_get_text (GTK_EDITABLE (row)));
}

static GtkWidget *
option_row (CaissaEnginePreferences *self,
            const ChessUciOption    *option)
{
  g_autofree char *value = stored_option (self, option);
  GtkWidget *row = NULL;

  switch (option->type)
    {
    case CHESS_UCI_OPTION_SPIN:
      {
        GtkWidget *spin = gtk_spin_button_new_with_range (option->has_min ? option->min : 0,
                                                          option->has_max ? option->max : G_MAXINT, 1);

        row = adw_action_row_new ();
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), g_ascii_strtoll (value, NULL, 10));
        gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
        g_object_set_data_full (G_OBJECT (spin), "option", g_strdup (option->name), g_free);
        g_signal_connect (spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
        break;
      }
    case CHESS_UCI_OPTION_CHECK:
      {
        GtkWidget *sw = gtk_switch_new ();

        row = adw_action_row_new ();
        gtk_switch_set_active (GTK_SWITCH (sw), g_ascii_strcasecmp (value, "true") == 0);
        gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
        g_object_set_data_full (G_OBJECT (sw), "option", g_strdup (option->name), g_free);
        g_signal_connect (sw, "notify::active", G_CALLBACK (switch_changed_cb), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
        break;
      }
    case CHESS_UCI_OPTION_COMBO:
      {
        GtkStringList *list = gtk_string_list_new (NULL);
        guint selected = 0;

        for (guint i = 0; i < option->n_vars; i++)
          {
            gtk_string_list_append (list, option->vars[i]);
            if (g_str_equal (option->vars[i], value))
              selected = i;
          }
        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
        g_object_unref (list);
        adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
        g_object_set_data_full (G_OBJECT (row), "option", g_strdup (option->name), g_free);
        g_signal_connect (row, "notify::selected", G_CALLBACK (combo_changed_cb), self);
        break;
      }
    case CHESS_UCI_OPTION_STRING:
      row = adw_entry_row_new ();
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (row), value);
      g_object_set_data_full (G_OBJECT (row), "option", g_strdup (option->name), g_free);
      g_signal_connect (row, "apply", G_CALLBACK (entry_applied_cb), self);
      break;
    default:
      return NULL;  /* buttons and unknown types: nothing to keep */
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), option->name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  return row;
}

static void
options_ready_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(CaissaEnginePreferences) self = user_data;
  CaissaEngine *engine = CAISSA_ENGINE (source);
  g_autoptr(GError) error = NULL;
  gboolean ok = caissa_engine_start_finish (engine, result, &error);

  if (engine != self->probe)
    return;
  if (ok)
    {
      g_autofree char *title = g_strdup_printf (_("Options of %s"), caissa_engine_get_name (engine));

      adw_preferences_group_set_title (self->options_group, title);
      for (guint i = 0; i < caissa_engine_get_n_options (engine); i++)
        {
          const ChessUciOption *option = caissa_engine_get_option (engine, i);
          GtkWidget *row;

          if (g_strv_contains (managed_options, option->name))
            continue;
          row = option_row (self, option);
          if (row == NULL)
            continue;
          adw_preferences_group_add (self->options_group, row);
          g_ptr_array_add (self->option_rows, row);
        }
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    adw_preferences_group_set_description (self->options_group, error->message);
  caissa_engine_quit (engine);
}

static void
show_options (CaissaEnginePreferences *self)
{
  g_autofree char *path = chosen_path (self);

  for (guint i = 0; i < self->option_rows->len; i++)
    adw_preferences_group_remove (self->options_group, g_ptr_array_index (self->option_rows, i));
  g_ptr_array_set_size (self->option_rows, 0);
  adw_preferences_group_set_title (self->options_group, _("Engine Options"));
  adw_preferences_group_set_description (self->options_group, NULL);

  if (*path == '\0')
    {
      g_auto(GStrv) found = caissa_engine_discover ();

      if (found == NULL || found[0] == NULL)
        return;
      g_free (path);
      path = g_strdup (found[0]);
    }
  if (self->probe != NULL)
    caissa_engine_quit (self->probe);
  g_clear_object (&self->probe);
  self->probe = caissa_engine_new (path);
  caissa_engine_start_async (self->probe, NULL, options_ready_cb, g_object_ref (self));
}

/* --- The page ------------------------------------------------------------------------------- */

static GtkWidget *
limit_row (CaissaEnginePreferences *self,
           AdwPreferencesGroup     *group,
           const char              *key,
           const char              *title,
           const char              *subtitle,
           int                      min,
           int                      max)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_settings_bind (self->settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (group, row);
  return row;
}

static void
caissa_engine_preferences_dispose (GObject *object)
{
  CaissaEnginePreferences *self = CAISSA_ENGINE_PREFERENCES (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->probe != NULL)
    caissa_engine_quit (self->probe);
  g_clear_object (&self->probe);
  if (self->probes != NULL)
    for (guint i = 0; i < self->probes->len; i++)
      caissa_engine_quit (g_ptr_array_index (self->probes, i));
  g_clear_pointer (&self->probes, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_rows, g_ptr_array_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (caissa_engine_preferences_parent_class)->dispose (object);
}

static void
caissa_engine_preferences_class_init (CaissaEnginePreferencesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = caissa_engine_preferences_dispose;
}

static void
caissa_engine_preferences_init (CaissaEnginePreferences *self)
{
  self->rows = g_ptr_array_new ();
  self->option_rows = g_ptr_array_new ();
  self->probes = g_ptr_array_new_with_free_func (g_object_unref);
}

GtkWidget *
caissa_engine_preferences_new (GSettings *settings)
{
  CaissaEnginePreferences *self;
  AdwPreferencesGroup *analysis;
  GtkWidget *button;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CAISSA_TYPE_ENGINE_PREFERENCES, NULL);
  self->settings = g_object_ref (settings);
  /* Translators: the preferences page of the chess engines. */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _("Engines"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "computer-symbolic");

  self->engines_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->engines_group, _("UCI Engine"));
  adw_preferences_group_set_description (self->engines_group,
                                         _("The engine Caissa plays and analyses with."));
  button = gtk_button_new_with_mnemonic (_("_Add Engine…"));
  gtk_widget_add_css_class (button, "flat");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (add_clicked_cb), self);
  adw_preferences_group_set_header_suffix (self->engines_group, button);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->engines_group);

  analysis = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (analysis, _("Analysis"));
  limit_row (self, analysis, "analysis-lines", _("_Lines"), _("Best moves shown side by side"), 1, 5);
  limit_row (self, analysis, "analysis-depth", _("_Depth limit"), _("0: the engine thinks until stopped"), 0, 99);
  limit_row (self, analysis, "analysis-time", _("_Time limit (seconds)"), _("0: no time limit"), 0, 3600);
  limit_row (self, analysis, "game-analysis-depth", _("Depth per move of “Analyse this _Game”"), NULL, 1, 40);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), analysis);

  self->options_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->options_group);

  fill_engines (self);
  show_options (self);
  g_signal_connect_swapped (settings, "changed::engines", G_CALLBACK (fill_engines), self);
  return GTK_WIDGET (self);
}

char *
caissa_engine_preferences_describe (CaissaEnginePreferences *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (CAISSA_IS_ENGINE_PREFERENCES (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      AdwPreferencesRow *row = g_ptr_array_index (self->rows, i);

      g_string_append_printf (out, "%s\t%s\n", adw_preferences_row_get_title (row),
                              ADW_IS_ACTION_ROW (row) ? adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) : "");
    }
  return g_string_free (out, FALSE);
}
