/* caissa-adaptive-box.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-adaptive-box"

#include "config.h"

#include "caissa-adaptive-box.h"

#define DEFAULT_THRESHOLD   700
#define DEFAULT_PANEL_WIDTH 320

struct _CaissaAdaptiveBox
{
  GtkWidget  parent_instance;

  GtkWidget *board;
  GtkWidget *panel;
  int        threshold;
  int        panel_width;
  gboolean   narrow;
};

enum
{
  PROP_0,
  PROP_BOARD,
  PROP_PANEL,
  PROP_THRESHOLD,
  PROP_PANEL_WIDTH,
  PROP_NARROW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaAdaptiveBox, caissa_adaptive_box, GTK_TYPE_WIDGET)

static void
child_size (GtkWidget      *child,
            GtkOrientation  orientation,
            int             for_size,
            int            *minimum,
            int            *natural)
{
  *minimum = *natural = 0;
  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static int
panel_width_for (CaissaAdaptiveBox *self)
{
  int min, nat;

  child_size (self->panel, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat);
  return MAX (min, self->panel_width);
}

static void
caissa_adaptive_box_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  CaissaAdaptiveBox *self = CAISSA_ADAPTIVE_BOX (widget);
  int board_min, board_nat, panel_min, panel_nat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Narrow enough to stack; naturally side by side. */
      child_size (self->board, orientation, -1, &board_min, &board_nat);
      child_size (self->panel, orientation, -1, &panel_min, &panel_nat);
      *minimum = MAX (board_min, panel_min);
      *natural = MAX (board_nat + panel_width_for (self), self->threshold);
      return;
    }

  child_size (self->board, orientation, -1, &board_min, &board_nat);
  if (for_size < 0 || for_size >= self->threshold)
    {
      child_size (self->panel, orientation, -1, &panel_min, &panel_nat);
      *minimum = MAX (board_min, panel_min);
      *natural = MAX (board_nat, panel_nat);
    }
  else
    {
      child_size (self->panel, orientation, for_size, &panel_min, &panel_nat);
      *minimum = board_min + panel_min;
      *natural = MAX (for_size, board_min) + panel_nat;
    }
}

static GtkSizeRequestMode
caissa_adaptive_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
caissa_adaptive_box_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  CaissaAdaptiveBox *self = CAISSA_ADAPTIVE_BOX (widget);
  gboolean narrow = width < self->threshold;
  int board_min, board_nat, side;

  child_size (self->board, GTK_ORIENTATION_HORIZONTAL, -1, &board_min, &board_nat);

  if (!narrow)
    {
      int panel_w = MIN (panel_width_for (self), width - board_min);
      int x0;

      side = MAX (board_min, MIN (height, width - panel_w));
      /* Board and panel stay together, centred in any spare width. */
      x0 = MAX (0, (width - side - panel_w) / 2);
      if (self->board)
        gtk_widget_allocate (self->board, side, side, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (x0, (height - side) / 2)));
      if (self->panel)
        gtk_widget_allocate (self->panel, panel_w, height, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (x0 + side, 0)));
    }
  else
    {
      int panel_min, panel_nat;

      child_size (self->panel, GTK_ORIENTATION_VERTICAL, width, &panel_min, &panel_nat);
      side = MAX (board_min, MIN (width, height - panel_min));
      if (self->board)
        gtk_widget_allocate (self->board, side, side, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((width - side) / 2, 0)));
      if (self->panel)
        gtk_widget_allocate (self->panel, width, MAX (panel_min, height - side), -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, side)));
    }

  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      /* Emitted from size_allocate: a listener must not change sizes
       * here (that would relayout in the middle of a layout). */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NARROW]);
    }
}

static void
set_child (CaissaAdaptiveBox  *self,
           GtkWidget         **slot,
           GtkWidget          *child,
           GParamSpec         *pspec)
{
  if (*slot == child)
    return;
  if (*slot)
    gtk_widget_unparent (*slot);
  *slot = child;
  if (child)
    gtk_widget_set_parent (child, GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
caissa_adaptive_box_dispose (GObject *object)
{
  CaissaAdaptiveBox *self = CAISSA_ADAPTIVE_BOX (object);

  g_clear_pointer (&self->board, gtk_widget_unparent);
  g_clear_pointer (&self->panel, gtk_widget_unparent);

  G_OBJECT_CLASS (caissa_adaptive_box_parent_class)->dispose (object);
}

static void
caissa_adaptive_box_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CaissaAdaptiveBox *self = CAISSA_ADAPTIVE_BOX (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_PANEL:
      g_value_set_object (value, self->panel);
      break;
    case PROP_THRESHOLD:
      g_value_set_int (value, self->threshold);
      break;
    case PROP_PANEL_WIDTH:
      g_value_set_int (value, self->panel_width);
      break;
    case PROP_NARROW:
      g_value_set_boolean (value, self->narrow);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_adaptive_box_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CaissaAdaptiveBox *self = CAISSA_ADAPTIVE_BOX (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      caissa_adaptive_box_set_board (self, g_value_get_object (value));
      break;
    case PROP_PANEL:
      caissa_adaptive_box_set_panel (self, g_value_get_object (value));
      break;
    case PROP_THRESHOLD:
      if (self->threshold != g_value_get_int (value))
        {
          self->threshold = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PANEL_WIDTH:
      if (self->panel_width != g_value_get_int (value))
        {
          self->panel_width = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_adaptive_box_class_init (CaissaAdaptiveBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_adaptive_box_dispose;
  object_class->get_property = caissa_adaptive_box_get_property;
  object_class->set_property = caissa_adaptive_box_set_property;

  widget_class->measure = caissa_adaptive_box_measure;
  widget_class->get_request_mode = caissa_adaptive_box_get_request_mode;
  widget_class->size_allocate = caissa_adaptive_box_size_allocate;

  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_PANEL] =
    g_param_spec_object ("panel", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_THRESHOLD] =
    g_param_spec_int ("threshold", NULL, NULL, 0, G_MAXINT, DEFAULT_THRESHOLD, rw);
  properties[PROP_PANEL_WIDTH] =
    g_param_spec_int ("panel-width", NULL, NULL, 0, G_MAXINT, DEFAULT_PANEL_WIDTH, rw);
  properties[PROP_NARROW] =
    g_param_spec_boolean ("narrow", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "adaptivebox");
}

static void
caissa_adaptive_box_init (CaissaAdaptiveBox *self)
{
  self->threshold = DEFAULT_THRESHOLD;
  self->panel_width = DEFAULT_PANEL_WIDTH;
}

GtkWidget *
caissa_adaptive_box_new (void)
{
  return g_object_new (CAISSA_TYPE_ADAPTIVE_BOX, NULL);
}

GtkWidget *
caissa_adaptive_box_get_board (CaissaAdaptiveBox *self)
{
  g_return_val_if_fail (CAISSA_IS_ADAPTIVE_BOX (self), NULL);

  return self->board;
}

void
caissa_adaptive_box_set_board (CaissaAdaptiveBox *self,
                               GtkWidget         *board)
{
  g_return_if_fail (CAISSA_IS_ADAPTIVE_BOX (self));
  g_return_if_fail (board == NULL || GTK_IS_WIDGET (board));

  set_child (self, &self->board, board, properties[PROP_BOARD]);
}

GtkWidget *
caissa_adaptive_box_get_panel (CaissaAdaptiveBox *self)
{
  g_return_val_if_fail (CAISSA_IS_ADAPTIVE_BOX (self), NULL);

  return self->panel;
}

void
caissa_adaptive_box_set_panel (CaissaAdaptiveBox *self,
                               GtkWidget         *panel)
{
  g_return_if_fail (CAISSA_IS_ADAPTIVE_BOX (self));
  g_return_if_fail (panel == NULL || GTK_IS_WIDGET (panel));

  set_child (self, &self->panel, panel, properties[PROP_PANEL]);
}

gboolean
caissa_adaptive_box_get_narrow (CaissaAdaptiveBox *self)
{
  g_return_val_if_fail (CAISSA_IS_ADAPTIVE_BOX (self), FALSE);

  return self->narrow;
}
