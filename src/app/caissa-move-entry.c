/* caissa-move-entry.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-move-entry"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-move-entry.h"

struct _CaissaMoveEntry
{
  GtkWidget    parent_instance;

  CaissaBoard *board;
  GtkWidget   *entry;
  GtkWidget   *error_label;
  char        *error;
};

enum
{
  PROP_0,
  PROP_BOARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaMoveEntry, caissa_move_entry, GTK_TYPE_WIDGET)

static void
set_error (CaissaMoveEntry *self,
           const char      *error)
{
  g_free (self->error);
  self->error = g_strdup (error);

  gtk_label_set_label (GTK_LABEL (self->error_label), error ? error : "");
  gtk_widget_set_visible (self->error_label, error != NULL);
  if (error != NULL)
    {
      gtk_widget_add_css_class (self->entry, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->entry),
                                   GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
    }
  else
    {
      gtk_widget_remove_css_class (self->entry, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_STATE_INVALID);
    }
}

static void
return_to_board (CaissaMoveEntry *self)
{
  if (self->board == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  /* Whoever types moves plays with the keyboard. */
  caissa_board_set_keyboard_cursor (self->board, TRUE);
}

gboolean
caissa_move_entry_activate (CaissaMoveEntry *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (CAISSA_IS_MOVE_ENTRY (self), FALSE);

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  if (*text == '\0' || self->board == NULL)
    return FALSE;

  /* The board has the keyboard when the move is made, so that whatever
   * follows the move (the window's actions) sees the board focused. */
  return_to_board (self);
  if (!caissa_board_play_san (self->board, text, &error))
    {
      /* Translators: "“Nf6” was not played: illegal: no white knight can
       * move to f6". The first %s is what was typed, the second the
       * reason. */
      g_autofree char *message = g_strdup_printf (_("“%s” was not played: %s"), text, error->message);

      gtk_widget_grab_focus (self->entry);
      set_error (self, message);
      gtk_editable_select_region (GTK_EDITABLE (self->entry), 0, -1);
      return FALSE;
    }

  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  set_error (self, NULL);
  return TRUE;
}

static void
entry_activate_cb (GtkEntry        *entry,
                   CaissaMoveEntry *self)
{
  caissa_move_entry_activate (self);
}

static void
entry_changed_cb (GtkEditable     *editable,
                  CaissaMoveEntry *self)
{
  /* The reason stays until the text is changed. */
  if (self->error != NULL)
    set_error (self, NULL);
}

static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      CaissaMoveEntry       *self)
{
  if (keyval != GDK_KEY_Escape)
    return GDK_EVENT_PROPAGATE;

  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  set_error (self, NULL);
  return_to_board (self);
  return GDK_EVENT_STOP;
}

static gboolean
start_typing_cb (CaissaBoard     *board,
                 const char      *text,
                 CaissaMoveEntry *self)
{
  if (!gtk_widget_is_sensitive (self->entry) || !gtk_widget_get_mapped (self->entry))
    return FALSE;

  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  gtk_entry_grab_focus_without_selecting (GTK_ENTRY (self->entry));
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
  return TRUE;
}

static gboolean
focus_shortcut_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   user_data)
{
  CaissaMoveEntry *self = CAISSA_MOVE_ENTRY (widget);

  if (!gtk_widget_get_mapped (self->entry))
    return FALSE;
  return gtk_widget_grab_focus (self->entry);
}

static void
caissa_move_entry_dispose (GObject *object)
{
  CaissaMoveEntry *self = CAISSA_MOVE_ENTRY (object);

  caissa_move_entry_set_board (self, NULL);
  g_clear_pointer (&self->entry, gtk_widget_unparent);
  g_clear_pointer (&self->error_label, gtk_widget_unparent);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (caissa_move_entry_parent_class)->dispose (object);
}

static void
caissa_move_entry_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaissaMoveEntry *self = CAISSA_MOVE_ENTRY (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_entry_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CaissaMoveEntry *self = CAISSA_MOVE_ENTRY (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      caissa_move_entry_set_board (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_entry_class_init (CaissaMoveEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_move_entry_dispose;
  object_class->get_property = caissa_move_entry_get_property;
  object_class->set_property = caissa_move_entry_set_property;

  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, CAISSA_TYPE_BOARD,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "moveentry");
}

static void
caissa_move_entry_init (CaissaMoveEntry *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 4);

  self->entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->entry), _("Type a move, e.g. Nf3"));
  gtk_entry_set_input_hints (GTK_ENTRY (self->entry),
                             GTK_INPUT_HINT_NO_SPELLCHECK | GTK_INPUT_HINT_NO_EMOJI);
  gtk_entry_set_icon_from_icon_name (GTK_ENTRY (self->entry), GTK_ENTRY_ICON_PRIMARY,
                                     "input-keyboard-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Type a move"),
                                  -1);
  /* Translators: tooltip of the move field; Ctrl+L also focuses it. */
  gtk_widget_set_tooltip_text (self->entry, _("Type a move in algebraic notation and press Enter (Ctrl+L)"));
  g_signal_connect (self->entry, "activate", G_CALLBACK (entry_activate_cb), self);
  g_signal_connect (self->entry, "changed", G_CALLBACK (entry_changed_cb), self);
  gtk_widget_set_parent (self->entry, GTK_WIDGET (self));

  /* Before the text itself sees Escape. */
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (entry_key_pressed_cb), self);
  gtk_widget_add_controller (self->entry, key);

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0.0f);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_add_css_class (self->error_label, "caption");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_widget_set_parent (self->error_label, GTK_WIDGET (self));

  /* Ctrl+L from anywhere in the window. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_l, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (focus_shortcut_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}

GtkWidget *
caissa_move_entry_new (void)
{
  return g_object_new (CAISSA_TYPE_MOVE_ENTRY, NULL);
}

CaissaBoard *
caissa_move_entry_get_board (CaissaMoveEntry *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_ENTRY (self), NULL);

  return self->board;
}

void
caissa_move_entry_set_board (CaissaMoveEntry *self,
                             CaissaBoard     *board)
{
  g_return_if_fail (CAISSA_IS_MOVE_ENTRY (self));
  g_return_if_fail (board == NULL || CAISSA_IS_BOARD (board));

  if (self->board == board)
    return;

  if (self->board != NULL)
    g_signal_handlers_disconnect_by_data (self->board, self);
  g_set_object (&self->board, board);
  if (board != NULL)
    g_signal_connect (board, "start-typing", G_CALLBACK (start_typing_cb), self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD]);
}

const char *
caissa_move_entry_get_error (CaissaMoveEntry *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_ENTRY (self), NULL);

  return self->error;
}

GtkEditable *
caissa_move_entry_get_editable (CaissaMoveEntry *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_ENTRY (self), NULL);

  return GTK_EDITABLE (self->entry);
}
