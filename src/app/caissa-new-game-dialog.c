/* caissa-new-game-dialog.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-clock.h"
#include "caissa-game.h"
#include "caissa-new-game-dialog.h"
#include "caissa-time-words.h"
#include "caissa-player-chooser.h"

struct _CaissaNewGameDialog
{
  AdwWindow       parent_instance;

  AdwEntryRow    *white_row;
  AdwEntryRow    *black_row;
  GtkCheckButton *initial_check;
  GtkCheckButton *fen_check;
  AdwEntryRow    *fen_row;
  GtkLabel       *error_label;
  GtkWidget      *start_button;
  CaissaPlayerChooser *player_chooser;

  AdwComboRow    *time_control_row;
  AdwEntryRow    *custom_row;
  GtkSwitch      *auto_press_switch;
  GtkLabel       *time_control_hint_label;
  GtkLabel       *time_control_error_label;
  GtkWidget      *minutes_row;
  GtkSpinButton  *minutes_spin;
  GtkWidget      *increment_row;
  GtkSpinButton  *increment_spin;
  AdwComboRow    *bonus_row;
  GtkLabel       *time_control_words_label;

  char           *custom_time_control;  /* the custom text as a TimeControl tag, or NULL */
  gboolean        syncing;              /* spin buttons and text being matched up */
};

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaNewGameDialog, caissa_new_game_dialog, ADW_TYPE_WINDOW)

/* --- The clock ------------------------------------------------------------------ */

/* The time control row lists "No clock", the clock's presets in their
 * order (named by caissa_time_control_preset_label()) and "Custom": minutes
 * and seconds a move in spin buttons, or typed as 5+3 or in PGN's form in
 * the Advanced row. Whatever is chosen is said in words under it. */

#define CHOICE_NONE 0u

static guint
choice_custom (void)
{
  return caissa_clock_get_n_presets () + 1;
}

static const char *
preset_label (guint index)
{
  const char *label = caissa_time_control_preset_label (caissa_clock_get_preset_time_control (index));

  return label != NULL ? label : caissa_clock_get_preset_name (index);
}

static gboolean
custom_chosen (CaissaNewGameDialog *self)
{
  return adw_combo_row_get_selected (self->time_control_row) == choice_custom ();
}

/* The bonus kinds of bonus_row, in its order, as TimeControl letters. */
static const char bonus_letters[] = { '+', 'd', 'b' };

/* The spin buttons written as the Advanced text (a TimeControl tag). */
static void
spin_changed_cb (CaissaNewGameDialog *self)
{
  g_autofree char *text = NULL;
  int minutes = gtk_spin_button_get_value_as_int (self->minutes_spin);
  int seconds = gtk_spin_button_get_value_as_int (self->increment_spin);
  guint kind = adw_combo_row_get_selected (self->bonus_row);

  if (self->syncing)
    return;
  if (kind >= G_N_ELEMENTS (bonus_letters))
    kind = 0;
  if (seconds == 0)
    text = g_strdup_printf ("%d", minutes * 60);
  else
    text = g_strdup_printf ("%d%c%d", minutes * 60, bonus_letters[kind], seconds);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->custom_row), text);
  self->syncing = FALSE;
}

/* A typed control of one period in whole minutes shows in the spin
 * buttons too. */
static void
sync_spins (CaissaNewGameDialog *self,
            const char          *tag)
{
  guint minutes, seconds;
  char bonus;

  if (!caissa_time_control_get_simple (tag, &minutes, &seconds, &bonus))
    return;
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->minutes_spin, minutes);
  gtk_spin_button_set_value (self->increment_spin, seconds);
  if (seconds > 0)
    adw_combo_row_set_selected (self->bonus_row, bonus == 'd' ? 1 : bonus == 'b' ? 2 : 0);
  self->syncing = FALSE;
}

/* Checks the time control as it is typed, says what is wrong, and says
 * what the chosen one means in words. */
static gboolean
validate_time_control (CaissaNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaClock) clock = NULL;
  g_autofree char *words = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->custom_row));
  gboolean custom = custom_chosen (self);
  gboolean ok = TRUE;

  g_clear_pointer (&self->custom_time_control, g_free);
  if (custom)
    {
      if (*text == '\0')
        ok = FALSE;
      else if ((self->custom_time_control = caissa_time_control_from_text (text, &error)) == NULL
               || (clock = caissa_clock_new_for_time_control (self->custom_time_control, &error)) == NULL)
        {
          /* Translators: %s says where and what is wrong. */
          g_autofree char *message = g_strdup_printf (_("This time control cannot be used: %s"),
                                                      error->message);

          gtk_label_set_label (self->time_control_error_label, message);
          g_clear_pointer (&self->custom_time_control, g_free);
          ok = FALSE;
        }
    }
  if (custom && self->custom_time_control != NULL && !self->syncing)
    sync_spins (self, self->custom_time_control);
  /* "No clock" says it already. */
  if (ok && adw_combo_row_get_selected (self->time_control_row) != CHOICE_NONE)
    words = caissa_time_control_describe (caissa_new_game_dialog_get_time_control (self));
  if (words != NULL)
    gtk_label_set_label (self->time_control_words_label, words);

  gtk_widget_set_visible (GTK_WIDGET (self->custom_row), custom);
  gtk_widget_set_visible (self->minutes_row, custom);
  gtk_widget_set_visible (self->increment_row, custom);
  gtk_widget_set_visible (GTK_WIDGET (self->bonus_row), custom);
  gtk_widget_set_visible (GTK_WIDGET (self->time_control_words_label), words != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->time_control_hint_label), custom && error == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->time_control_error_label), error != NULL);
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->custom_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->custom_row), "error");
  /* Auto-press means nothing without a clock. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->auto_press_switch),
                            adw_combo_row_get_selected (self->time_control_row) != CHOICE_NONE);
  return ok;
}

static gboolean
from_fen (CaissaNewGameDialog *self)
{
  return gtk_check_button_get_active (self->fen_check);
}

/* Checks the FEN as it is typed and says what is wrong under it. */
static gboolean
validate (CaissaNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  const char *fen = gtk_editable_get_text (GTK_EDITABLE (self->fen_row));
  gboolean ok = TRUE;

  if (from_fen (self))
    {
      if (*fen == '\0')
        ok = FALSE;
      else if (!caissa_game_validate_fen (fen, &error))
        {
          /* Translators: %s says what is wrong with the FEN, in English
           * (from the rules core). */
          g_autofree char *text = g_strdup_printf (_("This FEN cannot be used: %s"), error->message);

          gtk_label_set_label (self->error_label, text);
          ok = FALSE;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->fen_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->fen_row), "error");
  ok = validate_time_control (self) && ok;
  gtk_widget_set_sensitive (self->start_button, ok);
  return ok;
}

static void
position_toggled_cb (CaissaNewGameDialog *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->fen_row), from_fen (self));
  if (from_fen (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->fen_row));
  validate (self);
}

static void
fen_changed_cb (CaissaNewGameDialog *self)
{
  validate (self);
}

static void
time_control_changed_cb (CaissaNewGameDialog *self)
{
  /* Custom starts from the spin buttons' values. */
  if (custom_chosen (self)
      && *gtk_editable_get_text (GTK_EDITABLE (self->custom_row)) == '\0')
    spin_changed_cb (self);
  validate (self);
}

static void
custom_changed_cb (CaissaNewGameDialog *self)
{
  validate (self);
}

static void
caissa_new_game_dialog_finalize (GObject *object)
{
  CaissaNewGameDialog *self = CAISSA_NEW_GAME_DIALOG (object);

  g_free (self->custom_time_control);

  G_OBJECT_CLASS (caissa_new_game_dialog_parent_class)->finalize (object);
}

static void
start_clicked_cb (CaissaNewGameDialog *self)
{
  if (validate (self))
    g_signal_emit (self, signals[START], 0);
}

static void
caissa_new_game_dialog_class_init (CaissaNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = caissa_new_game_dialog_finalize;

  /**
   * CaissaNewGameDialog::start:
   *
   * The user asked to start the game; the input is valid.
   */
  signals[START] =
    g_signal_new ("start",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caissa/Caissa/ui/caissa-new-game-dialog.ui");
  g_type_ensure (CAISSA_TYPE_PLAYER_CHOOSER);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, player_chooser);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, white_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, black_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, initial_check);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, fen_check);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, fen_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, time_control_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, custom_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, auto_press_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, time_control_hint_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, time_control_error_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, minutes_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, increment_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, increment_spin);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, bonus_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, time_control_words_label);
  gtk_widget_class_bind_template_callback (widget_class, spin_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, custom_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, fen_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
caissa_new_game_dialog_init (CaissaNewGameDialog *self)
{
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->fen_check, "toggled", G_CALLBACK (position_toggled_cb), self);

  gtk_string_list_append (choices, _("No clock"));
  for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
    gtk_string_list_append (choices, preset_label (i));
  gtk_string_list_append (choices, _("Custom"));
  adw_combo_row_set_model (self->time_control_row, G_LIST_MODEL (choices));
  adw_combo_row_set_selected (self->time_control_row, CHOICE_NONE);
  g_signal_connect_swapped (self->time_control_row, "notify::selected",
                            G_CALLBACK (time_control_changed_cb), self);
  g_signal_connect_swapped (self->bonus_row, "notify::selected",
                            G_CALLBACK (spin_changed_cb), self);
  validate (self);
}

CaissaNewGameDialog *
caissa_new_game_dialog_new (GtkWindow  *parent,
                            const char *white_name,
                            const char *black_name)
{
  CaissaNewGameDialog *self = g_object_new (CAISSA_TYPE_NEW_GAME_DIALOG,
                                            "transient-for", parent,
                                            NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->white_row), white_name ? white_name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->black_row), black_name ? black_name : "");
  return self;
}

const char *
caissa_new_game_dialog_get_white_name (CaissaNewGameDialog *self)
{
  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->white_row));
}

const char *
caissa_new_game_dialog_get_black_name (CaissaNewGameDialog *self)
{
  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->black_row));
}

const char *
caissa_new_game_dialog_get_fen (CaissaNewGameDialog *self)
{
  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), NULL);

  if (!from_fen (self))
    return NULL;
  return gtk_editable_get_text (GTK_EDITABLE (self->fen_row));
}

void
caissa_new_game_dialog_set_fen (CaissaNewGameDialog *self,
                                const char          *fen)
{
  g_return_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self));

  gtk_check_button_set_active (fen ? self->fen_check : self->initial_check, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_row), fen ? fen : "");
}

const char *
caissa_new_game_dialog_get_time_control (CaissaNewGameDialog *self)
{
  guint selected;

  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), NULL);

  selected = adw_combo_row_get_selected (self->time_control_row);
  if (selected == CHOICE_NONE || selected == GTK_INVALID_LIST_POSITION)
    return "-";
  if (selected == choice_custom ())
    return self->custom_time_control != NULL ? self->custom_time_control
                                             : gtk_editable_get_text (GTK_EDITABLE (self->custom_row));
  return caissa_clock_get_preset_time_control (selected - 1);
}

void
caissa_new_game_dialog_set_time_control (CaissaNewGameDialog *self,
                                         const char          *time_control)
{
  g_autoptr(CaissaClock) clock = NULL;
  guint choice = choice_custom ();

  g_return_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self));

  /* A preset however written ("300+0" or "5+0" is 5 min), else the text
   * as is. */
  if (time_control == NULL || *time_control == '\0')
    time_control = "-";
  /* A preset's own PGN form first: the window remembers "60" (1+0),
   * which typed would be 60 minutes. */
  for (guint i = 0; i < caissa_clock_get_n_presets () && clock == NULL; i++)
    if (g_str_equal (time_control, caissa_clock_get_preset_time_control (i)))
      clock = caissa_clock_new_for_time_control (time_control, NULL);
  if (clock == NULL)
    {
      g_autofree char *tag = caissa_time_control_from_text (time_control, NULL);
      clock = caissa_clock_new_for_time_control (tag != NULL ? tag : time_control, NULL);
    }
  if (clock != NULL && !caissa_clock_get_timed (clock))
    choice = CHOICE_NONE;
  else if (clock != NULL)
    for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
      if (g_str_equal (caissa_clock_get_time_control (clock), caissa_clock_get_preset_time_control (i)))
        choice = i + 1;

  if (choice == choice_custom ())
    gtk_editable_set_text (GTK_EDITABLE (self->custom_row), time_control);
  adw_combo_row_set_selected (self->time_control_row, choice);
  validate (self);
}

gboolean
caissa_new_game_dialog_get_auto_press (CaissaNewGameDialog *self)
{
  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), FALSE);

  return gtk_switch_get_active (self->auto_press_switch);
}

void
caissa_new_game_dialog_set_auto_press (CaissaNewGameDialog *self,
                                       gboolean             auto_press)
{
  g_return_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self));

  gtk_switch_set_active (self->auto_press_switch, auto_press);
}

CaissaPlayerChooser *
caissa_new_game_dialog_get_player_chooser (CaissaNewGameDialog *self)
{
  g_return_val_if_fail (CAISSA_IS_NEW_GAME_DIALOG (self), NULL);

  return self->player_chooser;
}
