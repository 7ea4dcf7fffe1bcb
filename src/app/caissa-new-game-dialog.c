/* caissa-new-game-dialog.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-game.h"
#include "caissa-new-game-dialog.h"

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
};

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaNewGameDialog, caissa_new_game_dialog, ADW_TYPE_WINDOW)

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
start_clicked_cb (CaissaNewGameDialog *self)
{
  if (validate (self))
    g_signal_emit (self, signals[START], 0);
}

static void
caissa_new_game_dialog_class_init (CaissaNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

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
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, white_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, black_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, initial_check);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, fen_check);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, fen_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaNewGameDialog, start_button);
  gtk_widget_class_bind_template_callback (widget_class, fen_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
caissa_new_game_dialog_init (CaissaNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->fen_check, "toggled", G_CALLBACK (position_toggled_cb), self);
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
