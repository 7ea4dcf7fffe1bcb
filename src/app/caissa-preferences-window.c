/* caissa-preferences-window.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-clock.h"
#include "caissa-time-words.h"
#include "caissa-engine-preferences.h"
#include "caissa-preferences-window.h"

struct _CaissaPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  CaissaGame           *preview_game;
  /* The time controls the clock row offers, in its order. */
  GPtrArray            *time_controls;

  /* Template widgets */
  CaissaBoard          *preview_board;
  AdwComboRow          *style_row;
  AdwComboRow          *theme_row;
  AdwComboRow          *piece_set_row;
  AdwComboRow          *notation_row;
  GtkSwitch            *coordinates_switch;
  GtkSwitch            *legal_moves_switch;
  GtkSwitch            *animate_switch;
  GtkSwitch            *touch_move_switch;
  GtkSwitch            *sounds_switch;
  AdwComboRow          *time_control_row;
  GtkSwitch            *auto_press_switch;
};

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaPreferencesWindow, caissa_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* A choice: the value stored in GSettings and what the row shows. */
typedef struct
{
  const char *id;
  const char *label;
} Choice;

static const Choice color_schemes[] = {
  /* Translators: the style follows the system's light or dark setting. */
  { "default", N_("Follow System") },
  { "light", N_("Light") },
  { "dark", N_("Dark") },
  { NULL, NULL },
};

static const Choice themes[] = {
  /* Translators: board colours. */
  { "brown", N_("Brown") },
  { "green", N_("Green") },
  { "blue", N_("Blue") },
  { "grey", N_("Grey") },
  { NULL, NULL },
};

static const Choice piece_sets[] = {
  /* Translators: the name of the piece set drawn for this app. */
  { "caissa", N_("Caissa") },
  /* Translators: the name of a piece set in the classic (Staunton) shapes. */
  { "classic", N_("Classic") },
  { NULL, NULL },
};

static const Choice notations[] = {
  /* Translators: moves written with letters for the pieces. */
  { "letters", N_("Letters (Nf3)") },
  /* Translators: moves written with piece symbols. */
  { "figurines", N_("Figurines (♘f3)") },
  { NULL, NULL },
};

/* The ids of a choice table, as a GPtrArray for the mappings. */
static GPtrArray *
choice_ids (const Choice *choices)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; choices[i].id != NULL; i++)
    g_ptr_array_add (ids, (gpointer) choices[i].id);
  return ids;
}

static GListModel *
choice_model (const Choice *choices)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; choices[i].id != NULL; i++)
    gtk_string_list_append (list, _(choices[i].label));
  return G_LIST_MODEL (list);
}

/* GSettings string ↔ AdwComboRow:selected, through an array of ids. */
static gboolean
string_to_index (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  GPtrArray *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_string (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  GPtrArray *ids = user_data;
  guint index = g_value_get_uint (value);

  if (index >= ids->len)
    return NULL;
  return g_variant_new_string (g_ptr_array_index (ids, index));
}

static void
bind_combo (GSettings    *settings,
            const char   *key,
            AdwComboRow  *row,
            GListModel   *model,
            GPtrArray    *ids)
{
  adw_combo_row_set_model (row, model);
  g_settings_bind_with_mapping (settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                string_to_index, index_to_string,
                                g_ptr_array_ref (ids), (GDestroyNotify) g_ptr_array_unref);
}

/* "No clock", the presets, and the stored control when it is none of
 * them (typed in the new-game dialog). */
static GListModel *
time_control_model (CaissaPreferencesWindow *self)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  g_autofree char *current = g_settings_get_string (self->settings, "time-control");
  gboolean found = FALSE;

  g_ptr_array_add (self->time_controls, g_strdup ("-"));
  gtk_string_list_append (list, _("No clock"));
  for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
    {
      const char *tc = caissa_clock_get_preset_time_control (i);
      const char *label = caissa_time_control_preset_label (tc);

      if (label == NULL)
        label = caissa_clock_get_preset_name (i);
      g_ptr_array_add (self->time_controls, g_strdup (tc));
      gtk_string_list_append (list, label);
    }

  for (guint i = 0; i < self->time_controls->len; i++)
    found |= g_str_equal (g_ptr_array_index (self->time_controls, i), current);
  if (!found && *current != '\0')
    {
      /* A stored value that does not parse (edited by hand) is not offered:
       * the binding then shows the default, No clock, which is what the
       * window plays (caissa-window.c warns about it). */
      g_autoptr(CaissaClock) check = caissa_clock_new_for_time_control (current, NULL);

      if (check != NULL)
        {
          g_ptr_array_add (self->time_controls, g_strdup (current));
          gtk_string_list_append (list, current);
        }
    }

  return G_LIST_MODEL (list);
}

static void
bind_settings (CaissaPreferencesWindow *self)
{
  struct
  {
    const char  *key;
    const Choice *choices;
    AdwComboRow *row;
  } combos[] = {
    { "color-scheme", color_schemes, self->style_row },
    { "board-theme", themes, self->theme_row },
    { "piece-set", piece_sets, self->piece_set_row },
    { "notation", notations, self->notation_row },
  };
  struct
  {
    const char *key;
    GtkSwitch  *widget;
  } switches[] = {
    { "show-coordinates", self->coordinates_switch },
    { "show-legal-moves", self->legal_moves_switch },
    { "animate", self->animate_switch },
    { "touch-move", self->touch_move_switch },
    { "sounds", self->sounds_switch },
    { "auto-press", self->auto_press_switch },
  };

  for (guint i = 0; i < G_N_ELEMENTS (combos); i++)
    {
      g_autoptr(GListModel) model = choice_model (combos[i].choices);
      g_autoptr(GPtrArray) ids = choice_ids (combos[i].choices);

      bind_combo (self->settings, combos[i].key, combos[i].row, model, ids);
    }

  {
    g_autoptr(GListModel) model = time_control_model (self);

    bind_combo (self->settings, "time-control", self->time_control_row, model, self->time_controls);
  }

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_settings_bind (self->settings, switches[i].key, switches[i].widget, "active",
                     G_SETTINGS_BIND_DEFAULT);

  caissa_preferences_bind_board (self->settings, self->preview_board);
}

/* ---------------------------------------------------------------------- */
/* Applying the preferences */

static gboolean
piece_set_from_name (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const char *name = g_variant_get_string (variant, NULL);
  CaissaPieceSet *fallback = caissa_piece_set_get_default ();
  g_autoptr(CaissaPieceSet) set = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (name, caissa_piece_set_get_name (fallback)) == 0)
    set = g_object_ref (fallback);
  else if ((set = caissa_piece_set_new_from_resource (name, &error)) == NULL)
    {
      g_warning ("Piece set “%s”: %s", name, error->message);
      set = g_object_ref (fallback);
    }
  g_value_set_object (value, set);
  return TRUE;
}

void
caissa_preferences_bind_board (GSettings   *settings,
                               CaissaBoard *board)
{
  static const char *const same_name[] = {
    "show-coordinates", "show-legal-moves", "animate", "touch-move",
  };

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (CAISSA_IS_BOARD (board));

  for (guint i = 0; i < G_N_ELEMENTS (same_name); i++)
    g_settings_bind (settings, same_name[i], board, same_name[i], G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "board-theme", board, "theme", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (settings, "piece-set", board, "piece-set", G_SETTINGS_BIND_GET,
                                piece_set_from_name, NULL, NULL, NULL);
}

static gboolean
color_scheme_from_string (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  const char *scheme = g_variant_get_string (variant, NULL);

  if (g_str_equal (scheme, "light"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_str_equal (scheme, "dark"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    g_value_set_enum (value, ADW_COLOR_SCHEME_DEFAULT);
  return TRUE;
}

void
caissa_preferences_bind_style (GSettings       *settings,
                               AdwStyleManager *style_manager)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (ADW_IS_STYLE_MANAGER (style_manager));

  g_settings_bind_with_mapping (settings, "color-scheme", style_manager, "color-scheme",
                                G_SETTINGS_BIND_GET, color_scheme_from_string, NULL, NULL, NULL);
}

/* ---------------------------------------------------------------------- */
/* GObject */

static void
caissa_preferences_window_constructed (GObject *object)
{
  CaissaPreferencesWindow *self = CAISSA_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (caissa_preferences_window_parent_class)->constructed (object);

  if (self->settings != NULL)
    {
      bind_settings (self);
      adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                                  ADW_PREFERENCES_PAGE (caissa_engine_preferences_new (self->settings)));
    }
}

static void
caissa_preferences_window_dispose (GObject *object)
{
  CaissaPreferencesWindow *self = CAISSA_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CAISSA_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->preview_game);
  g_clear_pointer (&self->time_controls, g_ptr_array_unref);

  G_OBJECT_CLASS (caissa_preferences_window_parent_class)->dispose (object);
}

static void
caissa_preferences_window_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  CaissaPreferencesWindow *self = CAISSA_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_preferences_window_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  CaissaPreferencesWindow *self = CAISSA_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_preferences_window_class_init (CaissaPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = caissa_preferences_window_constructed;
  object_class->dispose = caissa_preferences_window_dispose;
  object_class->get_property = caissa_preferences_window_get_property;
  object_class->set_property = caissa_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAISSA_TYPE_BOARD);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caissa/Caissa/ui/caissa-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, preview_board);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, piece_set_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, notation_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, legal_moves_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, touch_move_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, sounds_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, time_control_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPreferencesWindow, auto_press_switch);
}

static void
caissa_preferences_window_init (CaissaPreferencesWindow *self)
{
  static const char *const preview_moves[] = { "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", NULL };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->time_controls = g_ptr_array_new_with_free_func (g_free);

  /* The preview shows a game under way: pieces on both colours of
   * square, the last move marked. */
  self->preview_game = caissa_game_new ();
  for (guint i = 0; preview_moves[i] != NULL; i++)
    caissa_game_play_san (self->preview_game, preview_moves[i], NULL);
  caissa_board_set_game (self->preview_board, self->preview_game);
}

CaissaPreferencesWindow *
caissa_preferences_window_new (GtkWindow *parent,
                               GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (CAISSA_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "settings", settings,
                       NULL);
}

GSettings *
caissa_preferences_window_get_settings (CaissaPreferencesWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_PREFERENCES_WINDOW (self), NULL);

  return self->settings;
}
