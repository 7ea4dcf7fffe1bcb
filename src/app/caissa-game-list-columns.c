/* caissa-game-list-columns.c — the game list's column widths kept in
 * GSettings.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A column resized by dragging the edge of its header gets a fixed width
 * (GtkColumnViewColumn:fixed-width); those widths are stored by column id
 * (set on each column by caissa-game-list.c as "caissa-column-id"), so a
 * column that is added or renamed later starts automatic. The settings
 * are written once the drag has settled, not at each of its steps.
 */
#define G_LOG_DOMAIN "caissa-game-list"

#include "config.h"

#include "caissa-game-list-columns.h"

#define KEY "game-list-columns"
#define DATA_KEY "caissa-game-list-columns"

typedef struct
{
  GPtrArray  *columns;   /* the column view's (held: it drops them as it goes) */
  GSettings  *settings;
  guint       store_id;
} Columns;

static void
columns_free (Columns *c)
{
  g_clear_handle_id (&c->store_id, g_source_remove);
  for (guint i = 0; i < c->columns->len; i++)
    g_signal_handlers_disconnect_by_data (c->columns->pdata[i], c);
  g_ptr_array_unref (c->columns);
  g_object_unref (c->settings);
  g_free (c);
}

static const char *
column_id (GObject *column)
{
  return g_object_get_data (column, "caissa-column-id");
}

static gboolean
store_cb (gpointer data)
{
  Columns *c = data;
  GVariantBuilder builder;

  c->store_id = 0;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < c->columns->len; i++)
    {
      GObject *column = c->columns->pdata[i];
      int width = gtk_column_view_column_get_fixed_width (GTK_COLUMN_VIEW_COLUMN (column));

      if (column_id (column) != NULL && width > 0)
        g_variant_builder_add (&builder, "{si}", column_id (column), width);
    }
  g_settings_set_value (c->settings, KEY, g_variant_builder_end (&builder));
  return G_SOURCE_REMOVE;
}

static void
width_changed_cb (GObject    *column,
                  GParamSpec *pspec,
                  Columns    *c)
{
  g_clear_handle_id (&c->store_id, g_source_remove);
  c->store_id = g_timeout_add (300, store_cb, c);
}

/* A width set just before the list goes is kept. */
static void
list_destroy_cb (GtkWidget *list,
                 Columns   *c)
{
  if (c->store_id != 0)
    {
      g_clear_handle_id (&c->store_id, g_source_remove);
      store_cb (c);
    }
}

static GtkColumnView *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return GTK_COLUMN_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkColumnView *found = find_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
caissa_game_list_remember_columns (CaissaGameList *self,
                                   GSettings      *settings)
{
  g_autoptr(GVariant) stored = NULL;
  GtkColumnView *view;
  GListModel *columns;
  Columns *c;

  g_return_if_fail (CAISSA_IS_GAME_LIST (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  view = find_column_view (GTK_WIDGET (self));
  g_return_if_fail (view != NULL);

  c = g_new0 (Columns, 1);
  c->columns = g_ptr_array_new_with_free_func (g_object_unref);
  c->settings = g_object_ref (settings);
  stored = g_settings_get_value (settings, KEY);
  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      GObject *column = g_list_model_get_item (columns, i);
      int width;

      g_ptr_array_add (c->columns, column);
      if (column_id (column) != NULL && g_variant_lookup (stored, column_id (column), "i", &width)
          && width > 0)
        gtk_column_view_column_set_fixed_width (GTK_COLUMN_VIEW_COLUMN (column), width);
      g_signal_connect (column, "notify::fixed-width", G_CALLBACK (width_changed_cb), c);
    }
  g_signal_connect (self, "destroy", G_CALLBACK (list_destroy_cb), c);
  g_object_set_data_full (G_OBJECT (self), DATA_KEY, c, (GDestroyNotify) columns_free);
}
