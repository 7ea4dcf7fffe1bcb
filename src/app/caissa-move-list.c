/* caissa-move-list.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-move-list"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-move-list.h"

struct _CaissaMoveList
{
  GtkWidget   parent_instance;

  CaissaGame *game;
  GtkWidget  *scrolled;
  GtkWidget  *grid;
  GtkWidget  *placeholder;
  GtkWidget  *empty;

  /* What the grid shows: one button per ply (index ply - 1), their SAN,
   * one number label per row, and the numbering of the first row. */
  GPtrArray  *buttons;
  GPtrArray  *sans;
  GPtrArray  *numbers;
  guint       first_fullmove;
  gboolean    black_first;

  GtkWidget  *current;
  guint       scroll_tick;
};

enum
{
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaMoveList, caissa_move_list, GTK_TYPE_WIDGET)

static void
move_clicked_cb (GtkButton      *button,
                 CaissaMoveList *self)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply"));

  if (self->game != NULL && ply <= caissa_game_get_n_plies (self->game))
    caissa_game_go_to_node (self->game, caissa_game_get_node (self->game, ply));
}

static void
grid_cell (CaissaMoveList *self,
           guint           ply,
           int            *column,
           int            *row)
{
  guint index = ply - 1 + (self->black_first ? 1 : 0);

  *row = index / 2;
  *column = 1 + index % 2;
}

static void
remove_from (CaissaMoveList *self,
             guint           n_keep)
{
  int column, row;
  guint n_rows;

  while (self->buttons->len > n_keep)
    {
      GtkWidget *button = g_ptr_array_steal_index (self->buttons, self->buttons->len - 1);

      if (button == self->current)
        self->current = NULL;
      gtk_grid_remove (GTK_GRID (self->grid), button);
      g_ptr_array_set_size (self->sans, self->sans->len - 1);
    }

  /* Rows still needed: those holding a kept ply (row 0 always, when the
   * game starts with Black: its "…" cell). */
  if (n_keep == 0)
    n_rows = 0;
  else
    {
      grid_cell (self, n_keep, &column, &row);
      n_rows = row + 1;
    }
  while (self->numbers->len > n_rows)
    {
      GtkWidget *label = g_ptr_array_steal_index (self->numbers, self->numbers->len - 1);

      gtk_grid_remove (GTK_GRID (self->grid), label);
    }
  if (n_rows == 0 && self->placeholder != NULL)
    {
      gtk_grid_remove (GTK_GRID (self->grid), self->placeholder);
      self->placeholder = NULL;
    }
}

static void
add_ply (CaissaMoveList *self,
         guint           ply,
         const char     *san)
{
  GtkWidget *button;
  int column, row;

  grid_cell (self, ply, &column, &row);
  if ((guint) row >= self->numbers->len)
    {
      g_autofree char *text = g_strdup_printf ("%u.", self->first_fullmove + row);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "move-number");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_grid_attach (GTK_GRID (self->grid), label, 0, row, 1, 1);
      g_ptr_array_add (self->numbers, label);

      if (row == 0 && self->black_first && self->placeholder == NULL)
        {
          /* Translators: stands in the move list for White's move before
           * a game that starts with Black to move. */
          self->placeholder = gtk_label_new (_("…"));
          gtk_widget_add_css_class (self->placeholder, "dim-label");
          gtk_grid_attach (GTK_GRID (self->grid), self->placeholder, 1, 0, 1, 1);
        }
    }

  button = gtk_button_new_with_label (san);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  gtk_widget_set_hexpand (button, TRUE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0.0);
  g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
  g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
  gtk_grid_attach (GTK_GRID (self->grid), button, column, row, 1, 1);
  g_ptr_array_add (self->buttons, button);
  g_ptr_array_add (self->sans, g_strdup (san));
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  graphene_rect_t bounds;

  self->scroll_tick = 0;

  if (self->current == NULL)
    {
      if (self->buttons->len == 0)
        gtk_adjustment_set_value (adj, 0);
      return G_SOURCE_REMOVE;
    }

  if (gtk_widget_compute_bounds (self->current, self->grid, &bounds))
    {
      double top = bounds.origin.y;
      double bottom = top + bounds.size.height;
      double value = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (top < value)
        gtk_adjustment_set_value (adj, top);
      else if (bottom > value + page)
        gtk_adjustment_set_value (adj, bottom - page);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (CaissaMoveList *self)
{
  /* After the next layout, when the new buttons have their place. */
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
}

static void
update_current (CaissaMoveList *self)
{
  GtkWidget *current = NULL;

  if (self->game != NULL)
    {
      guint ply = caissa_game_get_ply (self->game);

      if (ply >= 1 && ply <= self->buttons->len
          && caissa_game_get_node (self->game, ply) == caissa_game_get_shown_node (self->game))
        current = g_ptr_array_index (self->buttons, ply - 1);
    }

  if (current == self->current)
    return;
  if (self->current != NULL)
    gtk_widget_remove_css_class (self->current, "current");
  self->current = current;
  if (current != NULL)
    gtk_widget_add_css_class (current, "current");
  queue_scroll (self);
}

/* Brings the grid in line with the game's main line, touching only the
 * plies that changed (usually one added or removed at the end). */
static void
update_moves (CaissaMoveList *self)
{
  const ChessPosition *start = NULL;
  guint n_plies = 0, keep = 0;
  gboolean black_first = FALSE;
  guint fullmove = 1;

  if (self->game != NULL)
    {
      start = chess_game_start_position (caissa_game_get_core_game (self->game));
      n_plies = caissa_game_get_n_plies (self->game);
      black_first = start->side == CHESS_BLACK;
      fullmove = start->fullmove;
    }

  if (black_first == self->black_first && fullmove == self->first_fullmove)
    {
      while (keep < n_plies && keep < self->sans->len
             && g_strcmp0 (g_ptr_array_index (self->sans, keep),
                           caissa_game_get_san (self->game, keep + 1)) == 0)
        keep++;
    }

  remove_from (self, keep);
  self->black_first = black_first;
  self->first_fullmove = fullmove;
  for (guint ply = keep + 1; ply <= n_plies; ply++)
    add_ply (self, ply, caissa_game_get_san (self->game, ply));
  gtk_widget_set_visible (self->empty, n_plies == 0);

  update_current (self);
}

static void
game_notify_cb (CaissaGame     *game,
                GParamSpec     *pspec,
                CaissaMoveList *self)
{
  /* n-plies alone misses a replaced game of the same length (a new game
   * from another FEN, an undo then another move): fen covers those. */
  update_moves (self);
}

static void
caissa_move_list_dispose (GObject *object)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  caissa_move_list_set_game (self, NULL);
  if (self->scroll_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
      self->scroll_tick = 0;
    }
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  g_clear_pointer (&self->sans, g_ptr_array_unref);
  g_clear_pointer (&self->numbers, g_ptr_array_unref);

  G_OBJECT_CLASS (caissa_move_list_parent_class)->dispose (object);
}

static void
caissa_move_list_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_list_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      caissa_move_list_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_list_class_init (CaissaMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_move_list_dispose;
  object_class->get_property = caissa_move_list_get_property;
  object_class->set_property = caissa_move_list_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CAISSA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
caissa_move_list_init (CaissaMoveList *self)
{
  self->buttons = g_ptr_array_new ();
  self->sans = g_ptr_array_new_with_free_func (g_free);
  self->numbers = g_ptr_array_new ();
  self->first_fullmove = 1;

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (self->grid), FALSE);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->grid, "scoresheet");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->grid);

  self->empty = gtk_label_new (_("No moves yet"));
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_widget_add_css_class (self->empty, "empty");
  gtk_widget_set_hexpand (self->empty, TRUE);
  gtk_grid_attach (GTK_GRID (self->grid), self->empty, 0, 0, 3, 1);
}

GtkWidget *
caissa_move_list_new (void)
{
  return g_object_new (CAISSA_TYPE_MOVE_LIST, NULL);
}

CaissaGame *
caissa_move_list_get_game (CaissaMoveList *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), NULL);

  return self->game;
}

void
caissa_move_list_set_game (CaissaMoveList *self,
                           CaissaGame     *game)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "notify::n-plies", G_CALLBACK (game_notify_cb), self);
      g_signal_connect (game, "notify::fen", G_CALLBACK (game_notify_cb), self);
    }
  update_moves (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
