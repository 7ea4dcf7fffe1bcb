/* caissa-window-navigation.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-game-list.h"
#include "caissa-window-navigation.h"

static gboolean
in_game_list (GtkWidget *focus)
{
  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    if (CAISSA_IS_GAME_LIST (w))
      return TRUE;
  return FALSE;
}

/* Capture phase: seen before the focused widget, which would otherwise
 * keep ←/→ (the game list moves along a row that has nothing to move
 * to; a field moves a cursor that has nowhere to go). */
static gboolean
arrow_pressed_cb (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  CaissaWindow          *self)
{
  GtkWidget *focus;
  gboolean left;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK | GDK_SHIFT_MASK))
    return FALSE;
  if (keyval == GDK_KEY_Left || keyval == GDK_KEY_KP_Left)
    left = TRUE;
  else if (keyval == GDK_KEY_Right || keyval == GDK_KEY_KP_Right)
    left = FALSE;
  else
    return FALSE;

  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus == NULL || gtk_widget_get_root (focus) != GTK_ROOT (self) || GTK_IS_TEXT_VIEW (focus))
    return FALSE;
  if (GTK_IS_EDITABLE (focus))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (focus));

      /* A popover's field (a comment, a header) is an edit in progress:
       * only the window's own fields give their arrows away. */
      if ((text != NULL && text[0] != '\0') || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL)
        return FALSE;
    }
  else if (!in_game_list (focus))
    return FALSE;

  gtk_widget_activate_action (GTK_WIDGET (self), left ? "win.go-previous" : "win.go-next", NULL);
  return TRUE;
}

void
_caissa_window_navigation_init (CaissaWindow *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_event_controller_set_name (key, "caissa-navigation-keys");
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (arrow_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
}

static gboolean
shows_end (CaissaGame *game)
{
  return caissa_game_get_shown_node (game) == caissa_game_get_node (game, caissa_game_get_n_plies (game));
}

char *
_caissa_window_shown_move_text (CaissaGame *game)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  ChessNodeId shown = caissa_game_get_shown_node (game);
  guint n_plies = caissa_game_get_n_plies (game);
  ChessNodeId last;
  const ChessPosition *before;
  guint total, number;
  g_autofree char *move = NULL;

  if (n_plies == 0 || shows_end (game))
    return NULL;

  /* Moves as the list numbers them: the number of the last move of the
   * main line (a game may start at a later move, or with Black). */
  last = caissa_game_get_node (game, n_plies);
  total = chess_game_node_position (core, chess_game_node_parent (core, last))->fullmove;

  if (shown == CHESS_NODE_ROOT)
    /* Translators: the status line while the start of a game of %u
     * moves is shown. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Start position (%u move)",
                                         "Start position (%u moves)", total), total);

  before = chess_game_node_position (core, chess_game_node_parent (core, shown));
  number = before->fullmove;
  if (before->side == CHESS_WHITE)
    move = g_strdup_printf ("%u. %s", number, chess_game_node_san (core, shown));
  else
    move = g_strdup_printf ("%u… %s", number, chess_game_node_san (core, shown));
  /* Translators: the status line while an earlier position is shown:
   * "After 6. Nf3 (move 6 of 38)"; the first %s is the move as the move
   * list writes it, then its number and the number of moves in the game. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "After %s (move %u of %u)",
                                       "After %s (move %u of %u)", total),
                          move, number, total);
}

char *
_caissa_window_shown_status (CaissaGame *game)
{
  const ChessPosition *pos;
  gboolean white;

  if (shows_end (game))
    return NULL;
  pos = caissa_game_get_position (game);
  white = pos->side == CHESS_WHITE;
  if (chess_position_in_check (pos))
    return g_strdup (white ? _("White to move — check") : _("Black to move — check"));
  return g_strdup (white ? _("White to move") : _("Black to move"));
}
