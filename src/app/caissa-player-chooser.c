/* caissa-player-chooser.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-player-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-player-chooser.h"

#define N_LEVELS 8

struct _CaissaPlayerChooser
{
  AdwPreferencesGroup  parent_instance;

  AdwComboRow         *opponent_row;
  AdwComboRow         *level_row;
  AdwComboRow         *play_as_row;
  AdwActionRow        *move_time_row;
  GtkSpinButton       *move_time_spin;
};

G_DEFINE_FINAL_TYPE (CaissaPlayerChooser, caissa_player_chooser, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  PROP_0,
  PROP_VS_ENGINE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Names a player knows the levels by (the engine's settings for each are
 * the UCI side's, documented in the README). */
static const char *const level_names[N_LEVELS] = {
  /* Translators: names of the computer's strength levels 1–8. */
  N_("beginner"),
  N_("novice"),
  N_("casual"),
  N_("club player"),
  N_("strong club player"),
  N_("expert"),
  N_("master"),
  N_("full strength"),
};

char *
caissa_engine_level_describe (guint level)
{
  level = CLAMP (level, 1, N_LEVELS);
  /* Translators: %u is a level 1–8, %s its name, e.g. "Level 3 · casual". */
  return g_strdup_printf (_("Level %u · %s"), level, _(level_names[level - 1]));
}

static void
update_rows (CaissaPlayerChooser *self)
{
  gboolean engine = caissa_player_chooser_get_vs_engine (self);

  gtk_widget_set_visible (GTK_WIDGET (self->level_row), engine);
  gtk_widget_set_visible (GTK_WIDGET (self->play_as_row), engine);
  gtk_widget_set_visible (GTK_WIDGET (self->move_time_row), engine);
}

static AdwComboRow *
combo_row (CaissaPlayerChooser *self,
           const char          *title,
           GtkStringList       *items)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (row, G_LIST_MODEL (items));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (row));
  g_object_unref (items);
  return row;
}

static void
opponent_changed_cb (CaissaPlayerChooser *self)
{
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VS_ENGINE]);
}

static void
caissa_player_chooser_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CaissaPlayerChooser *self = CAISSA_PLAYER_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_VS_ENGINE:
      g_value_set_boolean (value, caissa_player_chooser_get_vs_engine (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_player_chooser_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CaissaPlayerChooser *self = CAISSA_PLAYER_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_VS_ENGINE:
      caissa_player_chooser_set_vs_engine (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_player_chooser_class_init (CaissaPlayerChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = caissa_player_chooser_get_property;
  object_class->set_property = caissa_player_chooser_set_property;

  /* Whether the opponent is the computer (notified when the user picks
   * it: the window starts the engine then, before Start). */
  properties[PROP_VS_ENGINE] =
    g_param_spec_boolean ("vs-engine", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_player_chooser_init (CaissaPlayerChooser *self)
{
  GtkStringList *items;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Opponent"));

  items = gtk_string_list_new (NULL);
  /* Translators: the opponent of a new game. */
  gtk_string_list_append (items, _("Another person"));
  gtk_string_list_append (items, _("The computer"));
  self->opponent_row = combo_row (self, _("_Play against"), items);
  g_signal_connect_swapped (self->opponent_row, "notify::selected", G_CALLBACK (opponent_changed_cb), self);

  items = gtk_string_list_new (NULL);
  for (guint level = 1; level <= N_LEVELS; level++)
    {
      g_autofree char *name = caissa_engine_level_describe (level);

      gtk_string_list_append (items, name);
    }
  self->level_row = combo_row (self, _("_Level"), items);

  items = gtk_string_list_new (NULL);
  gtk_string_list_append (items, _("White"));
  gtk_string_list_append (items, _("Black"));
  /* Translators: the side is drawn by lot. */
  gtk_string_list_append (items, _("Random"));
  self->play_as_row = combo_row (self, _("Play _as"), items);

  self->move_time_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->move_time_row), _("_Seconds per move"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->move_time_row), TRUE);
  adw_action_row_set_subtitle (self->move_time_row, _("How long the computer thinks in a game without a clock"));
  self->move_time_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 600, 1));
  gtk_widget_set_valign (GTK_WIDGET (self->move_time_spin), GTK_ALIGN_CENTER);
  gtk_spin_button_set_value (self->move_time_spin, 2);
  adw_action_row_add_suffix (self->move_time_row, GTK_WIDGET (self->move_time_spin));
  adw_action_row_set_activatable_widget (self->move_time_row, GTK_WIDGET (self->move_time_spin));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), GTK_WIDGET (self->move_time_row));

  adw_combo_row_set_selected (self->level_row, 2);
  update_rows (self);
}

GtkWidget *
caissa_player_chooser_new (void)
{
  return g_object_new (CAISSA_TYPE_PLAYER_CHOOSER, NULL);
}

gboolean
caissa_player_chooser_get_vs_engine (CaissaPlayerChooser *self)
{
  g_return_val_if_fail (CAISSA_IS_PLAYER_CHOOSER (self), FALSE);

  return adw_combo_row_get_selected (self->opponent_row) == 1;
}

void
caissa_player_chooser_set_vs_engine (CaissaPlayerChooser *self,
                                     gboolean             vs_engine)
{
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  adw_combo_row_set_selected (self->opponent_row, vs_engine ? 1 : 0);
}

guint
caissa_player_chooser_get_level (CaissaPlayerChooser *self)
{
  g_return_val_if_fail (CAISSA_IS_PLAYER_CHOOSER (self), 1);

  return MIN (adw_combo_row_get_selected (self->level_row), N_LEVELS - 1) + 1;
}

void
caissa_player_chooser_set_level (CaissaPlayerChooser *self,
                                 guint                level)
{
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  adw_combo_row_set_selected (self->level_row, CLAMP (level, 1, N_LEVELS) - 1);
}

CaissaPlayAs
caissa_player_chooser_get_play_as (CaissaPlayerChooser *self)
{
  g_return_val_if_fail (CAISSA_IS_PLAYER_CHOOSER (self), CAISSA_PLAY_AS_WHITE);

  return MIN (adw_combo_row_get_selected (self->play_as_row), CAISSA_PLAY_AS_RANDOM);
}

void
caissa_player_chooser_set_play_as (CaissaPlayerChooser *self,
                                   CaissaPlayAs         play_as)
{
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  adw_combo_row_set_selected (self->play_as_row, MIN (play_as, CAISSA_PLAY_AS_RANDOM));
}

guint
caissa_player_chooser_get_move_time (CaissaPlayerChooser *self)
{
  g_return_val_if_fail (CAISSA_IS_PLAYER_CHOOSER (self), 1);

  return gtk_spin_button_get_value_as_int (self->move_time_spin);
}

void
caissa_player_chooser_set_move_time (CaissaPlayerChooser *self,
                                     guint                seconds)
{
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  gtk_spin_button_set_value (self->move_time_spin, CLAMP (seconds, 1, 600));
}

CaissaColor
caissa_player_chooser_pick_engine_side (CaissaPlayerChooser *self)
{
  g_return_val_if_fail (CAISSA_IS_PLAYER_CHOOSER (self), CAISSA_COLOR_NONE);

  if (!caissa_player_chooser_get_vs_engine (self))
    return CAISSA_COLOR_NONE;
  switch (caissa_player_chooser_get_play_as (self))
    {
    case CAISSA_PLAY_AS_WHITE:
      return CAISSA_COLOR_BLACK;
    case CAISSA_PLAY_AS_BLACK:
      return CAISSA_COLOR_WHITE;
    case CAISSA_PLAY_AS_RANDOM:
    default:
      return g_random_boolean () ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;
    }
}

static const char *const play_as_ids[] = { "white", "black", "random" };

void
caissa_player_chooser_load (CaissaPlayerChooser *self,
                            GSettings           *settings)
{
  g_autofree char *opponent = NULL;
  g_autofree char *play_as = NULL;

  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  if (settings == NULL)
    return;
  opponent = g_settings_get_string (settings, "opponent");
  play_as = g_settings_get_string (settings, "play-as");
  caissa_player_chooser_set_vs_engine (self, g_str_equal (opponent, "engine"));
  caissa_player_chooser_set_level (self, g_settings_get_int (settings, "engine-level"));
  for (guint i = 0; i < G_N_ELEMENTS (play_as_ids); i++)
    if (g_str_equal (play_as, play_as_ids[i]))
      caissa_player_chooser_set_play_as (self, i);
  caissa_player_chooser_set_move_time (self, g_settings_get_int (settings, "engine-move-time"));
}

void
caissa_player_chooser_save (CaissaPlayerChooser *self,
                            GSettings           *settings)
{
  g_return_if_fail (CAISSA_IS_PLAYER_CHOOSER (self));

  if (settings == NULL)
    return;
  g_settings_set_string (settings, "opponent", caissa_player_chooser_get_vs_engine (self) ? "engine" : "human");
  g_settings_set_int (settings, "engine-level", caissa_player_chooser_get_level (self));
  g_settings_set_string (settings, "play-as", play_as_ids[caissa_player_chooser_get_play_as (self)]);
  g_settings_set_int (settings, "engine-move-time", caissa_player_chooser_get_move_time (self));
}
