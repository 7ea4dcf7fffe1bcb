/* caissa-game-actions.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-game-actions"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-game-actions.h"
#include "caissa-game-reasons.h"

struct _CaissaGameActions
{
  GtkWidget   parent_instance;

  CaissaGame *game;

  GtkStack   *stack;
  GtkWidget  *offer;
  GtkWidget  *claim;
  GtkWidget  *claim_next;
  GtkWidget  *take_back;
  GtkWidget  *resign;
  GtkWidget  *resign_menu;
  GtkLabel   *offer_label;
  GtkWidget  *accept;
  GtkWidget  *decline;
};

G_DEFINE_FINAL_TYPE (CaissaGameActions, caissa_game_actions, GTK_TYPE_WIDGET)

static const char *
player_name (CaissaGame  *game,
             CaissaColor  color)
{
  const char *name = color == CAISSA_COLOR_WHITE ? caissa_game_get_white_name (game)
                                                 : caissa_game_get_black_name (game);

  if (name != NULL && *name != '\0')
    return name;
  return color == CAISSA_COLOR_WHITE ? _("White") : _("Black");
}

static void
set_tooltip (GtkWidget *widget,
             char      *text)
{
  gtk_widget_set_tooltip_text (widget, text);
  g_free (text);
}

static void
update (CaissaGameActions *self)
{
  CaissaGame *game = self->game;
  CaissaColor offer;
  CaissaClaimChance chance;
  char *tooltip = NULL;
  gboolean can;

  gtk_widget_set_visible (GTK_WIDGET (self), game != NULL && !caissa_game_get_analysis (game));
  if (game == NULL)
    return;

  offer = caissa_game_get_draw_offer (game);
  if (offer != CAISSA_COLOR_NONE && caissa_game_can_answer_draw (game))
    {
      /* Translators: %s is a player's name. */
      g_autofree char *text = g_strdup_printf (_("%s offers a draw"), player_name (game, offer));

      gtk_label_set_label (self->offer_label, text);
      gtk_stack_set_visible_child_name (self->stack, "offer");
    }
  else
    gtk_stack_set_visible_child_name (self->stack, "actions");

  caissa_game_reasons_offer (game, NULL, &tooltip);
  set_tooltip (self->offer, tooltip);

  chance = caissa_game_reasons_claim (game, &tooltip);
  /* A claim that needs a declared move is made with the next move: the
   * toggle takes the plain button's place. */
  gtk_widget_set_visible (self->claim, chance != CAISSA_CLAIM_WITH_MOVE);
  gtk_widget_set_visible (self->claim_next, chance == CAISSA_CLAIM_WITH_MOVE);
  gtk_widget_set_tooltip_text (self->claim, tooltip);
  set_tooltip (self->claim_next, tooltip);
  if (chance != CAISSA_CLAIM_NONE)
    {
      gtk_widget_add_css_class (self->claim, "suggested-action");
      gtk_widget_add_css_class (self->claim_next, "suggested-action");
    }
  else
    {
      gtk_widget_remove_css_class (self->claim, "suggested-action");
      gtk_widget_remove_css_class (self->claim_next, "suggested-action");
    }

  caissa_game_reasons_take_back (game, &tooltip);
  set_tooltip (self->take_back, tooltip);

  /* A menu button has no action of its own to follow. */
  can = caissa_game_reasons_resign (game, &tooltip);
  gtk_widget_set_sensitive (self->resign, can);
  set_tooltip (self->resign, tooltip);
}

static void
game_notify_cb (CaissaGame        *game,
                GParamSpec        *pspec,
                CaissaGameActions *self)
{
  update (self);
}

void
caissa_game_actions_set_game (CaissaGameActions *self,
                              CaissaGame        *game)
{
  g_return_if_fail (CAISSA_IS_GAME_ACTIONS (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_object (game, "notify", G_CALLBACK (game_notify_cb), self, 0);
  update (self);
}

GtkWidget *
caissa_game_actions_get_button (CaissaGameActions *self,
                                const char        *name)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ACTIONS (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "offer"))
    return self->offer;
  if (g_str_equal (name, "claim"))
    return self->claim;
  if (g_str_equal (name, "claim-next"))
    return self->claim_next;
  if (g_str_equal (name, "take-back"))
    return self->take_back;
  if (g_str_equal (name, "resign"))
    return self->resign;
  if (g_str_equal (name, "accept"))
    return self->accept;
  if (g_str_equal (name, "decline"))
    return self->decline;
  return NULL;
}

gboolean
caissa_game_actions_get_answering (CaissaGameActions *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ACTIONS (self), FALSE);

  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "offer") == 0;
}

static GtkWidget *
action_button (GType       type,
               const char *label,
               const char *action)
{
  GtkWidget *button = g_object_new (type, "label", label, "use-underline", TRUE, NULL);
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  /* A narrow panel wraps the label, never cuts it. */
  if (GTK_IS_LABEL (child))
    {
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
      gtk_label_set_justify (GTK_LABEL (child), GTK_JUSTIFY_CENTER);
    }
  if (action != NULL)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_hexpand (button, TRUE);
  return button;
}

static GtkWidget *
icon_button (const char *icon,
             const char *label,
             const char *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (action != NULL)
    gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_hexpand (button, TRUE);
  return button;
}

static void
caissa_game_actions_dispose (GObject *object)
{
  CaissaGameActions *self = CAISSA_GAME_ACTIONS (object);
  GtkWidget *child;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->resign_menu != NULL)
    g_clear_pointer (&self->resign_menu, gtk_widget_unparent);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (caissa_game_actions_parent_class)->dispose (object);
}

static void
caissa_game_actions_class_init (CaissaGameActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_game_actions_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gameactions");
}

static void
caissa_game_actions_init (CaissaGameActions *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *grid, *offer_box, *answers;
  GMenuItem *item;

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_parent (GTK_WIDGET (self->stack), GTK_WIDGET (self));

  /* One row, short enough for the narrowest panel on one line (as
   * lichess has them): ½ for the offer, the take-back and resign icons
   * of the header bar, and Claim Draw in words, as it matters when it
   * lights up. Each says what it is in its tooltip and to screen readers. */
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  /* Not translated: the score of a draw. */
  self->offer = action_button (GTK_TYPE_BUTTON, "½", "win.offer-draw");
  gtk_widget_add_css_class (self->offer, "offer-draw");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->offer),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Offer a draw"), -1);
  self->claim = action_button (GTK_TYPE_BUTTON, _("_Claim Draw"), "win.claim-draw");
  /* Translators: a toggle: the draw is claimed with the move played next. */
  self->claim_next = action_button (GTK_TYPE_TOGGLE_BUTTON, _("Claim _With Next Move"),
                                    "win.claim-draw-next-move");
  self->take_back = icon_button ("edit-undo-symbolic", _("Take back"), "win.undo");
  gtk_grid_attach (GTK_GRID (grid), self->offer, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->claim, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->claim_next, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), self->take_back, 2, 0, 1, 1);

  item = g_menu_item_new (_("_White Resigns…"), NULL);
  g_menu_item_set_action_and_target (item, "win.resign", "s", "white");
  g_menu_append_item (menu, item);
  g_object_unref (item);
  item = g_menu_item_new (_("_Black Resigns…"), NULL);
  g_menu_item_set_action_and_target (item, "win.resign", "s", "black");
  g_menu_append_item (menu, item);
  g_object_unref (item);
  /* A plain button showing the menu (a menu button's arrow would make
   * the row too wide for a narrow panel). */
  self->resign = icon_button ("emoji-flags-symbolic", _("Resign"), NULL);
  self->resign_menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (self->resign_menu, self->resign);
  g_signal_connect_swapped (self->resign, "clicked", G_CALLBACK (gtk_popover_popup), self->resign_menu);
  gtk_grid_attach (GTK_GRID (grid), self->resign, 3, 0, 1, 1);
  gtk_stack_add_named (self->stack, grid, "actions");

  offer_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (offer_box, "card");
  gtk_widget_add_css_class (offer_box, "draw-offer");
  self->offer_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->offer_label, TRUE);
  gtk_label_set_xalign (self->offer_label, 0);
  gtk_box_append (GTK_BOX (offer_box), GTK_WIDGET (self->offer_label));
  answers = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (answers), TRUE);
  self->accept = action_button (GTK_TYPE_BUTTON, _("_Accept Draw"), "win.accept-draw");
  gtk_widget_add_css_class (self->accept, "suggested-action");
  self->decline = action_button (GTK_TYPE_BUTTON, _("_Decline"), "win.decline-draw");
  gtk_box_append (GTK_BOX (answers), self->accept);
  gtk_box_append (GTK_BOX (answers), self->decline);
  gtk_box_append (GTK_BOX (offer_box), answers);
  gtk_stack_add_named (self->stack, offer_box, "offer");

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
caissa_game_actions_new (void)
{
  return g_object_new (CAISSA_TYPE_GAME_ACTIONS, NULL);
}
