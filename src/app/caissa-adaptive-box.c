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
  int        panel_max_width;
  gboolean   narrow;

  /* The width last allocated, and the minimum height last given for
   * "any width" (see caissa_adaptive_box_measure). */
  int        alloc_width;
  int        unknown_width_min;
  guint      resize_idle;
};

enum
{
  PROP_0,
  PROP_BOARD,
  PROP_PANEL,
  PROP_THRESHOLD,
  PROP_PANEL_WIDTH,
  PROP_PANEL_MAX_WIDTH,
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

/* The panel's width side by side: "panel-width", or more if it needs it
 * (or, up to "panel-max-width", a third of the width), or less if that
 * leaves the board less than its minimum; -1 when the two do not fit
 * side by side in width at all. */
static int
side_panel_width (CaissaAdaptiveBox *self,
                  int                width,
                  int                board_min)
{
  int min, nat, want;

  child_size (self->panel, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat);
  if (width - board_min < min)
    return -1;
  want = MAX (min, self->panel_width);
  if (self->panel_max_width > want)
    want = MAX (want, MIN (self->panel_max_width, width / 3));
  return MIN (want, width - board_min);
}

/* Stacked, the board's bottom margin and the panel's top margin make one
 * gap, not two: the panel's allocation begins this much inside the
 * board's. Margins are no part of a widget, so nothing is covered. */
static int
stacked_overlap (CaissaAdaptiveBox *self)
{
  if (self->board == NULL || self->panel == NULL)
    return 0;
  return MIN (gtk_widget_get_margin_bottom (self->board), gtk_widget_get_margin_top (self->panel));
}

/* Everything one layout needs to know at a given width. */
typedef struct
{
  int board_min;     /* the board's minimum side, margins included */
  int board_nat;
  /* Side by side (panel_w is -1 when that does not fit the width). */
  int panel_w;
  int side_min;      /* the least height */
  int side_nat;
  /* Stacked. */
  int overlap;
  int stack_panel_min;
  int stack_panel_nat;
  int stack_min;     /* the least height: minimum board over minimum panel */
} Sizes;

static void
sizes_for_width (CaissaAdaptiveBox *self,
                 int                width,
                 Sizes             *z)
{
  int min, nat;

  child_size (self->board, GTK_ORIENTATION_HORIZONTAL, -1, &z->board_min, &z->board_nat);
  child_size (self->board, GTK_ORIENTATION_VERTICAL, -1, &min, &nat);
  /* The board is square: its minimum is its larger minimum. */
  z->board_min = MAX (z->board_min, min);
  z->board_nat = MAX (z->board_nat, nat);

  z->panel_w = side_panel_width (self, width, z->board_min);
  z->side_min = z->side_nat = 0;
  if (z->panel_w >= 0)
    {
      child_size (self->panel, GTK_ORIENTATION_VERTICAL, z->panel_w, &min, &nat);
      z->side_min = MAX (z->board_min, min);
      z->side_nat = MAX (z->board_nat, nat);
    }

  z->overlap = stacked_overlap (self);
  child_size (self->panel, GTK_ORIENTATION_VERTICAL, width, &z->stack_panel_min, &z->stack_panel_nat);
  z->stack_min = z->board_min + z->stack_panel_min - z->overlap;
}

/* The board's side stacked in width × height: as large as the width
 * allows once the panel has its minimum height (never below its own
 * minimum). */
static int
stacked_board_side (const Sizes *z,
                    int          width,
                    int          height)
{
  return MAX (z->board_min, MIN (width, height - z->stack_panel_min + z->overlap));
}

static int
side_board_side (const Sizes *z,
                 int          width,
                 int          height)
{
  return MAX (z->board_min, MIN (height, width - z->panel_w));
}

/* Whether width × height stacks the panel under the board. From
 * "threshold" wide the two stand side by side. Below it they stack,
 * unless the stacked panel would not fit under the smallest board
 * while side by side does fit, or side by side gives the board more
 * room (so that, as the window grows taller, the board never shrinks). */
static gboolean
choose_stacked (CaissaAdaptiveBox *self,
                const Sizes       *z,
                int                width,
                int                height)
{
  if (z->panel_w < 0)
    return TRUE;
  if (width >= self->threshold)
    return FALSE;
  if (height < z->stack_min)
    return FALSE;
  return stacked_board_side (z, width, height) >= side_board_side (z, width, height);
}

/* Narrow enough to stack; naturally side by side. */
static void
measure_width (CaissaAdaptiveBox *self,
               int               *minimum,
               int               *natural)
{
  int board_min, board_nat, panel_min, panel_nat;

  child_size (self->board, GTK_ORIENTATION_HORIZONTAL, -1, &board_min, &board_nat);
  child_size (self->panel, GTK_ORIENTATION_HORIZONTAL, -1, &panel_min, &panel_nat);
  *minimum = MAX (board_min, panel_min);
  *natural = MAX (board_nat + MAX (panel_min, self->panel_width), self->threshold);
}

/* The least and natural heights at width. The minimum is true for the
 * layout the width allows: stacked only, or side by side when that fits
 * the width (size_allocate picks it when the height is too small to
 * stack). */
static void
measure_height (CaissaAdaptiveBox *self,
                const Sizes       *z,
                int                width,
                int               *minimum,
                int               *natural)
{
  if (z->panel_w < 0)
    *minimum = z->stack_min;
  else if (width >= self->threshold)
    *minimum = z->side_min;
  else
    *minimum = MIN (z->side_min, z->stack_min);

  if (width >= self->threshold && z->panel_w >= 0)
    *natural = z->side_nat;
  else
    *natural = MAX (width, z->board_min) + z->stack_panel_nat - z->overlap;
  *natural = MAX (*natural, *minimum);
}

/* The width to measure a height for when none is given: the one
 * allocated last, or before any, the window's default width (the box
 * fills the window's width), or at worst its own minimum. */
static int
assumed_width (CaissaAdaptiveBox *self)
{
  GtkRoot *root;
  int min, nat, width = -1, height;

  measure_width (self, &min, &nat);
  if (self->alloc_width > 0)
    width = self->alloc_width;
  else if ((root = gtk_widget_get_root (GTK_WIDGET (self))) != NULL && GTK_IS_WINDOW (root))
    gtk_window_get_default_size (GTK_WINDOW (root), &width, &height);
  return MAX (width, min);
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
  Sizes z;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      measure_width (self, minimum, natural);
      return;
    }

  if (for_size >= 0)
    {
      sizes_for_width (self, for_size, &z);
      measure_height (self, &z, for_size, minimum, natural);
      return;
    }

  /* Asked without a width, as AdwFlap asks its content (and so the
   * window computes its minimum size through it): the answer is for the
   * width the box has, once it has one; size_allocate asks for a new
   * measure when another width changes it. */
  for_size = assumed_width (self);
  sizes_for_width (self, for_size, &z);
  measure_height (self, &z, for_size, minimum, natural);
  self->unknown_width_min = *minimum;
}

static gboolean
remeasure_cb (gpointer data)
{
  CaissaAdaptiveBox *self = data;

  self->resize_idle = 0;
  self->unknown_width_min = -1;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
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
  gboolean narrow;
  int side;
  Sizes z;

  sizes_for_width (self, width, &z);
  narrow = choose_stacked (self, &z, width, height);

  self->alloc_width = width;
  if (self->unknown_width_min >= 0 && self->resize_idle == 0)
    {
      int min, nat;

      measure_height (self, &z, width, &min, &nat);
      /* A resize queued here would be ignored: from an idle. */
      if (min != self->unknown_width_min)
        self->resize_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, remeasure_cb, self, NULL);
    }

  if (!narrow)
    {
      int x0;

      side = side_board_side (&z, width, height);
      /* The width a short board leaves goes to the panel, up to its
       * largest; board and panel stay together, centred in the rest. */
      if (self->panel_max_width > z.panel_w)
        z.panel_w = MAX (z.panel_w, MIN (self->panel_max_width, width - side));
      x0 = MAX (0, (width - side - z.panel_w) / 2);
      if (self->board)
        gtk_widget_allocate (self->board, side, side, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (x0, (height - side) / 2)));
      if (self->panel)
        gtk_widget_allocate (self->panel, z.panel_w, height, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (x0 + side, 0)));
    }
  else
    {
      side = stacked_board_side (&z, width, height);
      if (self->board)
        gtk_widget_allocate (self->board, side, side, -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((width - side) / 2, 0)));
      if (self->panel)
        gtk_widget_allocate (self->panel, width, MAX (z.stack_panel_min, height - side + z.overlap), -1,
                             gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, side - z.overlap)));
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

  g_clear_handle_id (&self->resize_idle, g_source_remove);
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
    case PROP_PANEL_MAX_WIDTH:
      g_value_set_int (value, self->panel_max_width);
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
    case PROP_PANEL_MAX_WIDTH:
      if (self->panel_max_width != g_value_get_int (value))
        {
          self->panel_max_width = g_value_get_int (value);
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
  properties[PROP_PANEL_MAX_WIDTH] =
    g_param_spec_int ("panel-max-width", NULL, NULL, 0, G_MAXINT, 0, rw);
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
  self->unknown_width_min = -1;
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
