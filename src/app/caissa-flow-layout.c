/* caissa-flow-layout.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-flow-layout"

#include "config.h"

#include "caissa-flow-layout.h"

struct _CaissaFlowLayout
{
  GtkLayoutManager parent_instance;

  int              column_spacing;
  int              row_spacing;
};

G_DEFINE_FINAL_TYPE (CaissaFlowLayout, caissa_flow_layout, GTK_TYPE_LAYOUT_MANAGER)

/* Places the children from first up to (not including) end on one line
 * at y, centred in its height. */
static void
place_line (GtkWidget *first,
            GtkWidget *end,
            int        y,
            int        line_height,
            int        spacing,
            int        width)
{
  int x = 0;

  for (GtkWidget *child = first; child != end; child = gtk_widget_get_next_sibling (child))
    {
      int min_w, nat_w, child_w, min_h, nat_h;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      child_w = MIN (nat_w, MAX (width, min_w));
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_w, &min_h, &nat_h, NULL, NULL);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { x, y + (line_height - nat_h) / 2, child_w, nat_h },
                                -1);
      x += child_w + spacing;
    }
}

#define GLUE_KEY "caissa-flow-layout-glued"

void
caissa_flow_layout_set_glued (GtkWidget *child,
                              gboolean   glued)
{
  g_return_if_fail (GTK_IS_WIDGET (child));

  g_object_set_data (G_OBJECT (child), GLUE_KEY, GINT_TO_POINTER (glued ? 1 : 0));
}

gboolean
caissa_flow_layout_get_glued (GtkWidget *child)
{
  g_return_val_if_fail (GTK_IS_WIDGET (child), FALSE);

  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), GLUE_KEY)) != 0;
}

/* The width the children glued after child add to it (with spacing). */
static int
glued_width (CaissaFlowLayout *self,
             GtkWidget        *child,
             int               width)
{
  int total = 0;

  for (GtkWidget *next = gtk_widget_get_next_sibling (child);
       next != NULL && caissa_flow_layout_get_glued (next);
       next = gtk_widget_get_next_sibling (next))
    {
      int min_w, nat_w;

      if (!gtk_widget_should_layout (next))
        continue;
      gtk_widget_measure (next, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      total += self->column_spacing + MIN (nat_w, MAX (width, min_w));
    }
  return total;
}

/* Runs the layout for width: the total height, and (when allocate) the
 * children placed. Every line is as tall as its tallest child; the others
 * are centred in it. */
static int
flow (CaissaFlowLayout *self,
      GtkWidget        *widget,
      int               width,
      gboolean          allocate)
{
  GtkWidget *line_start = NULL;
  int x = 0, y = 0, line_height = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min_w, nat_w, child_w, min_h, nat_h;

      if (!gtk_widget_should_layout (child))
        continue;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      child_w = MIN (nat_w, MAX (width, min_w));

      /* A new line when this one has something and the child (with the
       * children glued to it) does not fit; a glued child never starts a
       * line. */
      if (line_start != NULL && !caissa_flow_layout_get_glued (child)
          && x + self->column_spacing + child_w + glued_width (self, child, width) > width)
        {
          if (allocate)
            place_line (line_start, child, y, line_height, self->column_spacing, width);
          y += line_height + self->row_spacing;
          x = 0;
          line_height = 0;
          line_start = NULL;
        }
      if (line_start != NULL)
        x += self->column_spacing;
      else
        line_start = child;

      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, child_w, &min_h, &nat_h, NULL, NULL);
      x += child_w;
      line_height = MAX (line_height, nat_h);
    }

  if (line_start == NULL)
    return y > 0 ? y - self->row_spacing : 0;
  if (allocate)
    place_line (line_start, NULL, y, line_height, self->column_spacing, width);
  return y + line_height;
}

static GtkSizeRequestMode
caissa_flow_layout_get_request_mode (GtkLayoutManager *manager,
                                     GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
caissa_flow_layout_measure (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            GtkOrientation    orientation,
                            int               for_size,
                            int              *minimum,
                            int              *natural,
                            int              *minimum_baseline,
                            int              *natural_baseline)
{
  CaissaFlowLayout *self = CAISSA_FLOW_LAYOUT (manager);

  *minimum = *natural = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int n = 0;

      /* At least the widest child; at best everything on one line. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int min_w, nat_w;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
          *minimum = MAX (*minimum, min_w);
          *natural += nat_w + (n++ > 0 ? self->column_spacing : 0);
        }
    }
  else
    {
      int width = for_size;

      if (width < 0)
        caissa_flow_layout_measure (manager, widget, GTK_ORIENTATION_HORIZONTAL, -1,
                                    &width, &(int) { 0 }, NULL, NULL);
      *minimum = *natural = flow (self, widget, width, FALSE);
    }
}

static void
caissa_flow_layout_allocate (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             int               width,
                             int               height,
                             int               baseline)
{
  flow (CAISSA_FLOW_LAYOUT (manager), widget, width, TRUE);
}

static void
caissa_flow_layout_class_init (CaissaFlowLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = caissa_flow_layout_get_request_mode;
  manager_class->measure = caissa_flow_layout_measure;
  manager_class->allocate = caissa_flow_layout_allocate;
}

static void
caissa_flow_layout_init (CaissaFlowLayout *self)
{
}

GtkLayoutManager *
caissa_flow_layout_new (void)
{
  return g_object_new (CAISSA_TYPE_FLOW_LAYOUT, NULL);
}

void
caissa_flow_layout_set_spacing (CaissaFlowLayout *self,
                                int               column_spacing,
                                int               row_spacing)
{
  g_return_if_fail (CAISSA_IS_FLOW_LAYOUT (self));

  self->column_spacing = column_spacing;
  self->row_spacing = row_spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}
