/* caissa-split-view.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-split-view"

#include "config.h"

#include "caissa-split-view.h"

#define DEFAULT_FOLD_THRESHOLD 700
#define DEFAULT_CONTENT_WIDTH  744
#define DEFAULT_FLAP_SHARE     0.33
/* The handle is drawn one pixel wide; it is grabbed this many pixels wide. */
#define GRIP_WIDTH             9

struct _CaissaSplitView
{
  GtkWidget  parent_instance;

  GtkWidget *flap;
  GtkWidget *content;
  GtkWidget *separator;
  GtkWidget *grip;

  gboolean   reveal_flap;
  gboolean   folded;
  int        flap_width;
  double     flap_share;
  int        content_width;
  int        fold_threshold;

  int        shown_flap_width;
  int        drag_start_width;
};

enum
{
  PROP_0,
  PROP_FLAP,
  PROP_CONTENT,
  PROP_REVEAL_FLAP,
  PROP_FOLDED,
  PROP_FLAP_WIDTH,
  PROP_FLAP_SHARE,
  PROP_CONTENT_WIDTH,
  PROP_FOLD_THRESHOLD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaSplitView, caissa_split_view, GTK_TYPE_WIDGET)

static void
child_size (GtkWidget      *child,
            GtkOrientation  orientation,
            int             for_size,
            int            *minimum,
            int            *natural)
{
  *minimum = *natural = 0;
  if (child != NULL && gtk_widget_get_visible (child))
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static gboolean
is_folded (CaissaSplitView *self,
           int              width)
{
  return width < self->fold_threshold;
}

/* The flap's width beside the content in width: the chosen width (or the
 * share), then as much less as the content needs, never less than the
 * flap's own minimum. */
static int
flap_width_for (CaissaSplitView *self,
                int              width)
{
  int flap_min, flap_nat, content_min, content_nat, wanted, most;

  child_size (self->flap, GTK_ORIENTATION_HORIZONTAL, -1, &flap_min, &flap_nat);
  child_size (self->content, GTK_ORIENTATION_HORIZONTAL, -1, &content_min, &content_nat);
  wanted = self->flap_width > 0 ? self->flap_width : (int) (width * self->flap_share);
  most = width - 1 - MAX (self->content_width, content_min);
  return MAX (flap_min, MIN (wanted, most));
}

static void
caissa_split_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  CaissaSplitView *self = CAISSA_SPLIT_VIEW (widget);
  int flap_min, flap_nat, content_min, content_nat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      child_size (self->flap, orientation, -1, &flap_min, &flap_nat);
      child_size (self->content, orientation, -1, &content_min, &content_nat);
      /* Folded, either child alone fills the width. */
      *minimum = MAX (flap_min, content_min);
      *natural = MAX (*minimum, self->reveal_flap ? flap_nat + 1 + content_nat : content_nat);
      return;
    }

  if (for_size >= 0 && self->reveal_flap && !is_folded (self, for_size))
    {
      int flap_w = flap_width_for (self, for_size);

      child_size (self->flap, orientation, flap_w, &flap_min, &flap_nat);
      child_size (self->content, orientation, MAX (0, for_size - flap_w - 1), &content_min, &content_nat);
    }
  else
    {
      child_size (self->flap, orientation, for_size, &flap_min, &flap_nat);
      child_size (self->content, orientation, for_size, &content_min, &content_nat);
    }
  *minimum = MAX (flap_min, content_min);
  *natural = MAX (flap_nat, content_nat);
}

static GtkSizeRequestMode
caissa_split_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
allocate_at (GtkWidget *child,
             int        x,
             int        width,
             int        height)
{
  if (child == NULL)
    return;
  gtk_widget_set_child_visible (child, width > 0);
  if (width > 0)
    gtk_widget_allocate (child, width, height, -1,
                         gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (x, 0)));
}

static void
caissa_split_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  CaissaSplitView *self = CAISSA_SPLIT_VIEW (widget);
  gboolean folded = is_folded (self, width);
  gboolean flap_shown = self->flap != NULL && gtk_widget_get_visible (self->flap) && self->reveal_flap;
  int flap_w = 0;

  if (!flap_shown)
    {
      allocate_at (self->flap, 0, 0, height);
      allocate_at (self->separator, 0, 0, height);
      allocate_at (self->grip, 0, 0, height);
      allocate_at (self->content, 0, width, height);
    }
  else if (folded)
    {
      /* A page over the content: the content keeps its size hidden, so
       * that closing the page shows it at once. */
      allocate_at (self->separator, 0, 0, height);
      allocate_at (self->grip, 0, 0, height);
      allocate_at (self->content, 0, 0, height);
      allocate_at (self->flap, 0, width, height);
    }
  else
    {
      flap_w = flap_width_for (self, width);
      allocate_at (self->flap, 0, flap_w, height);
      allocate_at (self->separator, flap_w, 1, height);
      allocate_at (self->content, flap_w + 1, MAX (0, width - flap_w - 1), height);
      allocate_at (self->grip, flap_w - GRIP_WIDTH / 2, GRIP_WIDTH, height);
    }
  self->shown_flap_width = flap_w;

  if (folded != self->folded)
    {
      self->folded = folded;
      /* Emitted from size_allocate: a listener must not change sizes here. */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDED]);
    }
}

static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               CaissaSplitView *self)
{
  self->drag_start_width = self->shown_flap_width;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                CaissaSplitView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int flap_min, flap_nat, wanted;

  child_size (self->flap, GTK_ORIENTATION_HORIZONTAL, -1, &flap_min, &flap_nat);
  wanted = self->drag_start_width + (int) dx;
  /* What is kept is what is shown: a width beyond what the content
   * leaves would come back later on a larger window as a surprise. */
  wanted = MIN (wanted, width - 1 - self->content_width);
  caissa_split_view_set_flap_width (self, MAX (flap_min, wanted));
}

static void
caissa_split_view_dispose (GObject *object)
{
  CaissaSplitView *self = CAISSA_SPLIT_VIEW (object);

  g_clear_pointer (&self->flap, gtk_widget_unparent);
  g_clear_pointer (&self->content, gtk_widget_unparent);
  g_clear_pointer (&self->separator, gtk_widget_unparent);
  g_clear_pointer (&self->grip, gtk_widget_unparent);

  G_OBJECT_CLASS (caissa_split_view_parent_class)->dispose (object);
}

static void
caissa_split_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaissaSplitView *self = CAISSA_SPLIT_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLAP:
      g_value_set_object (value, self->flap);
      break;
    case PROP_CONTENT:
      g_value_set_object (value, self->content);
      break;
    case PROP_REVEAL_FLAP:
      g_value_set_boolean (value, self->reveal_flap);
      break;
    case PROP_FOLDED:
      g_value_set_boolean (value, self->folded);
      break;
    case PROP_FLAP_WIDTH:
      g_value_set_int (value, self->flap_width);
      break;
    case PROP_FLAP_SHARE:
      g_value_set_double (value, self->flap_share);
      break;
    case PROP_CONTENT_WIDTH:
      g_value_set_int (value, self->content_width);
      break;
    case PROP_FOLD_THRESHOLD:
      g_value_set_int (value, self->fold_threshold);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int (CaissaSplitView *self,
         int             *field,
         int              value,
         GParamSpec      *pspec)
{
  if (*field == value)
    return;
  *field = value;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
caissa_split_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CaissaSplitView *self = CAISSA_SPLIT_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLAP:
      caissa_split_view_set_flap (self, g_value_get_object (value));
      break;
    case PROP_CONTENT:
      caissa_split_view_set_content (self, g_value_get_object (value));
      break;
    case PROP_REVEAL_FLAP:
      caissa_split_view_set_reveal_flap (self, g_value_get_boolean (value));
      break;
    case PROP_FLAP_WIDTH:
      caissa_split_view_set_flap_width (self, g_value_get_int (value));
      break;
    case PROP_FLAP_SHARE:
      if (self->flap_share != g_value_get_double (value))
        {
          self->flap_share = g_value_get_double (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CONTENT_WIDTH:
      set_int (self, &self->content_width, g_value_get_int (value), pspec);
      break;
    case PROP_FOLD_THRESHOLD:
      set_int (self, &self->fold_threshold, g_value_get_int (value), pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_split_view_class_init (CaissaSplitViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_split_view_dispose;
  object_class->get_property = caissa_split_view_get_property;
  object_class->set_property = caissa_split_view_set_property;

  widget_class->measure = caissa_split_view_measure;
  widget_class->get_request_mode = caissa_split_view_get_request_mode;
  widget_class->size_allocate = caissa_split_view_size_allocate;

  properties[PROP_FLAP] =
    g_param_spec_object ("flap", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_REVEAL_FLAP] =
    g_param_spec_boolean ("reveal-flap", NULL, NULL, FALSE, rw);
  properties[PROP_FOLDED] =
    g_param_spec_boolean ("folded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLAP_WIDTH] =
    g_param_spec_int ("flap-width", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_FLAP_SHARE] =
    g_param_spec_double ("flap-share", NULL, NULL, 0.0, 1.0, DEFAULT_FLAP_SHARE, rw);
  properties[PROP_CONTENT_WIDTH] =
    g_param_spec_int ("content-width", NULL, NULL, 0, G_MAXINT, DEFAULT_CONTENT_WIDTH, rw);
  properties[PROP_FOLD_THRESHOLD] =
    g_param_spec_int ("fold-threshold", NULL, NULL, 0, G_MAXINT, DEFAULT_FOLD_THRESHOLD, rw);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "splitview");
}

static void
caissa_split_view_init (CaissaSplitView *self)
{
  GtkGesture *drag;

  self->flap_width = -1;
  self->flap_share = DEFAULT_FLAP_SHARE;
  self->content_width = DEFAULT_CONTENT_WIDTH;
  self->fold_threshold = DEFAULT_FOLD_THRESHOLD;
  self->folded = FALSE;

  self->separator = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_parent (self->separator, GTK_WIDGET (self));

  /* Last child, so on top of the list's and the board's edges. */
  self->grip = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (self->grip, "split-grip");
  gtk_widget_set_cursor_from_name (self->grip, "col-resize");
  gtk_widget_set_parent (self->grip, GTK_WIDGET (self));
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (self->grip, GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
caissa_split_view_new (void)
{
  return g_object_new (CAISSA_TYPE_SPLIT_VIEW, NULL);
}

static void
set_child (CaissaSplitView  *self,
           GtkWidget       **slot,
           GtkWidget        *child,
           GParamSpec       *pspec)
{
  if (*slot == child)
    return;
  if (*slot)
    gtk_widget_unparent (*slot);
  *slot = child;
  /* Below the separator and the grip, so that they stay on top. */
  if (child)
    gtk_widget_insert_before (child, GTK_WIDGET (self), self->separator);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
caissa_split_view_set_flap (CaissaSplitView *self,
                            GtkWidget       *flap)
{
  g_return_if_fail (CAISSA_IS_SPLIT_VIEW (self));
  g_return_if_fail (flap == NULL || GTK_IS_WIDGET (flap));

  set_child (self, &self->flap, flap, properties[PROP_FLAP]);
}

void
caissa_split_view_set_content (CaissaSplitView *self,
                               GtkWidget       *content)
{
  g_return_if_fail (CAISSA_IS_SPLIT_VIEW (self));
  g_return_if_fail (content == NULL || GTK_IS_WIDGET (content));

  set_child (self, &self->content, content, properties[PROP_CONTENT]);
}

gboolean
caissa_split_view_get_reveal_flap (CaissaSplitView *self)
{
  g_return_val_if_fail (CAISSA_IS_SPLIT_VIEW (self), FALSE);

  return self->reveal_flap;
}

void
caissa_split_view_set_reveal_flap (CaissaSplitView *self,
                                   gboolean         reveal)
{
  g_return_if_fail (CAISSA_IS_SPLIT_VIEW (self));

  reveal = !!reveal;
  if (self->reveal_flap == reveal)
    return;
  self->reveal_flap = reveal;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEAL_FLAP]);
}

gboolean
caissa_split_view_get_folded (CaissaSplitView *self)
{
  g_return_val_if_fail (CAISSA_IS_SPLIT_VIEW (self), FALSE);

  return self->folded;
}

int
caissa_split_view_get_flap_width (CaissaSplitView *self)
{
  g_return_val_if_fail (CAISSA_IS_SPLIT_VIEW (self), -1);

  return self->flap_width;
}

void
caissa_split_view_set_flap_width (CaissaSplitView *self,
                                  int              width)
{
  g_return_if_fail (CAISSA_IS_SPLIT_VIEW (self));

  set_int (self, &self->flap_width, MAX (width, -1), properties[PROP_FLAP_WIDTH]);
}

int
caissa_split_view_get_shown_flap_width (CaissaSplitView *self)
{
  g_return_val_if_fail (CAISSA_IS_SPLIT_VIEW (self), 0);

  return self->shown_flap_width;
}
