/* caissa-window-practice.c — the practice page in the window.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-window-practice.h"

/* Kept on the window as qdata, so the window's struct needs no field. */
typedef struct
{
  GtkStack           *stack;
  GtkWidget          *game_view;
  CaissaPracticePage *page;
} Practice;

static GQuark
practice_quark (void)
{
  return g_quark_from_static_string ("caissa-window-practice");
}

static Practice *
get (CaissaWindow *self)
{
  return g_object_get_qdata (G_OBJECT (self), practice_quark ());
}

/* The page's own main menu: what makes sense away from the game. */
static GMenuModel *
page_menu (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) board = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();

  g_menu_append (board, _("_Flip the Board"), "practice.flip");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (board));
  g_menu_append (section, _("_Preferences"), "app.preferences");
  g_menu_append (section, _("_Keyboard Shortcuts"), "win.show-help-overlay");
  g_menu_append (section, _("_About Caissa"), "app.about");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  return G_MENU_MODEL (menu);
}

static void
update_actions (CaissaWindow *self)
{
  gboolean shown = caissa_window_get_practice_shown (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-game", shown);
}

static void
page_back_cb (CaissaWindow *self)
{
  caissa_window_show_game (self);
}

/* Something happened to the game while the practice was in front. */
static void
game_changed_cb (CaissaWindow *self)
{
  if (caissa_window_get_practice_shown (self))
    caissa_window_show_game (self);
}

CaissaPracticePage *
caissa_window_show_practice (CaissaWindow *self)
{
  Practice *p;
  CaissaClock *clock;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  p = get (self);
  g_return_val_if_fail (p != NULL, NULL);

  if (p->page == NULL)
    {
      g_autoptr(GMenuModel) menu = page_menu ();

      p->page = CAISSA_PRACTICE_PAGE (caissa_practice_page_new ());
      caissa_practice_page_set_show_back (p->page, TRUE);
      caissa_practice_page_set_menu_model (p->page, menu);
      g_signal_connect_swapped (p->page, "back", G_CALLBACK (page_back_cb), self);
      gtk_stack_add_named (p->stack, GTK_WIDGET (p->page), "practice");
    }

  /* The players' time does not run while one of them practises. */
  clock = caissa_window_get_clock (self);
  if (clock != NULL && caissa_clock_get_running_side (clock) != CAISSA_COLOR_NONE)
    caissa_clock_pause (clock, NULL);

  gtk_stack_set_visible_child (p->stack, GTK_WIDGET (p->page));
  gtk_widget_grab_focus (GTK_WIDGET (caissa_practice_page_get_board (p->page)));
  update_actions (self);
  return p->page;
}

void
caissa_window_show_game (CaissaWindow *self)
{
  Practice *p;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  p = get (self);
  g_return_if_fail (p != NULL);

  gtk_stack_set_visible_child (p->stack, p->game_view);
  gtk_widget_grab_focus (caissa_window_get_board (self));
  update_actions (self);
}

gboolean
caissa_window_get_practice_shown (CaissaWindow *self)
{
  Practice *p;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), FALSE);

  p = get (self);
  return p != NULL && p->page != NULL
         && gtk_stack_get_visible_child (p->stack) == GTK_WIDGET (p->page);
}

gboolean
caissa_window_practice_from_options (CaissaWindow  *self,
                                     GVariantDict  *options,
                                     GError       **error)
{
  const char *name = NULL, *seed_text = NULL, *range = NULL;
  ChessTbEnding ending;
  guint64 seed = g_random_int ();
  guint64 lo = 0, hi = 0;
  CaissaPracticePage *page;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), FALSE);

  if (!g_variant_dict_lookup (options, "practice", "&s", &name))
    return TRUE;
  ending = chess_tb_ending_from_name (name);
  if (ending == CHESS_TB_NONE)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--practice: unknown ending '%s' (one of KQK KRK KRRK KBBK KBNK)", name);
      return FALSE;
    }
  if (g_variant_dict_lookup (options, "practice-seed", "&s", &seed_text)
      && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--practice-seed: '%s' is not a number", seed_text);
      return FALSE;
    }
  if (g_variant_dict_lookup (options, "practice-range", "&s", &range))
    {
      g_auto(GStrv) parts = g_strsplit (range, "-", 2);

      if (g_strv_length (parts) != 2
          || !g_ascii_string_to_unsigned (parts[0], 10, 1, 99, &lo, NULL)
          || !g_ascii_string_to_unsigned (parts[1], 10, lo, 99, &hi, NULL))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--practice-range: '%s' is not MIN-MAX (moves, 1 ≤ MIN ≤ MAX)", range);
          return FALSE;
        }
    }

  page = caissa_window_show_practice (self);
  caissa_practice_page_start (page, ending, (guint) lo, (guint) hi, seed);
  return TRUE;
}

static void
practice_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);

  /* Ctrl+M goes there and back. */
  if (caissa_window_get_practice_shown (self))
    caissa_window_show_game (self);
  else
    caissa_window_show_practice (self);
}

static void
show_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  caissa_window_show_game (CAISSA_WINDOW (widget));
}

void
_caissa_window_practice_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.practice", NULL, practice_action);
  gtk_widget_class_install_action (widget_class, "win.show-game", NULL, show_game_action);
}

/* Puts the window's content (the game view) into a stack, beside which the
 * practice page goes when first asked for. */
void
_caissa_window_practice_init (CaissaWindow *self)
{
  AdwToastOverlay *overlay = ADW_TOAST_OVERLAY (adw_application_window_get_content (ADW_APPLICATION_WINDOW (self)));
  Practice *p = g_new0 (Practice, 1);
  GtkWidget *game_view = adw_toast_overlay_get_child (overlay);

  p->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (p->stack, GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT);
  /* Each view asks for its own minimum size, not the larger of the two. */
  gtk_stack_set_hhomogeneous (p->stack, FALSE);
  gtk_stack_set_vhomogeneous (p->stack, FALSE);
  p->game_view = game_view;
  g_object_ref (game_view);
  adw_toast_overlay_set_child (overlay, NULL);
  gtk_stack_add_named (p->stack, game_view, "game");
  g_object_unref (game_view);
  adw_toast_overlay_set_child (overlay, GTK_WIDGET (p->stack));
  g_object_set_qdata_full (G_OBJECT (self), practice_quark (), p, g_free);

  g_signal_connect_object (caissa_window_get_game (self), "notify::fen",
                           G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
  update_actions (self);
}

void
_caissa_window_practice_describe (CaissaWindow *self,
                                  GString      *out)
{
  Practice *p = get (self);

  g_string_append_printf (out, "view %s\n", caissa_window_get_practice_shown (self) ? "practice" : "game");
  if (p != NULL && p->page != NULL)
    {
      g_autofree char *lines = caissa_practice_page_describe_state (p->page);

      g_string_append (out, lines);
    }
}
