/* caissa-eval-bar.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-eval-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-eval-bar.h"

#define BAR_WIDTH 22

struct _CaissaEvalBar
{
  GtkWidget  parent_instance;

  double     fraction;
  gboolean   flipped;
  char      *text;
  GtkWidget *label;
};

G_DEFINE_FINAL_TYPE (CaissaEvalBar, caissa_eval_bar, GTK_TYPE_WIDGET)

static void
caissa_eval_bar_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  CaissaEvalBar *self = CAISSA_EVAL_BAR (widget);
  int min = 0, nat = 0;

  gtk_widget_measure (self->label, orientation, -1, &min, &nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = MAX (BAR_WIDTH, min);
  else
    {
      *minimum = min * 2;
      *natural = MAX (nat * 2, 64);
    }
}

/* The label sits at the winning side's end, inside its colour. */
static gboolean
label_at_bottom (CaissaEvalBar *self)
{
  return (self->fraction >= 0.5) != self->flipped;
}

static void
caissa_eval_bar_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  CaissaEvalBar *self = CAISSA_EVAL_BAR (widget);
  int h = 0;

  gtk_widget_measure (self->label, GTK_ORIENTATION_VERTICAL, width, &h, NULL, NULL, NULL);
  gtk_widget_allocate (self->label, width, h, -1,
                       gsk_transform_translate (NULL,
                                                &GRAPHENE_POINT_INIT (0, label_at_bottom (self) ? height - h - 2 : 2)));
}

static void
caissa_eval_bar_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  CaissaEvalBar *self = CAISSA_EVAL_BAR (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double white_h = height * CLAMP (self->fraction, 0.0, 1.0);
  GdkRGBA white = { 0.93, 0.93, 0.91, 1 };
  GdkRGBA black = { 0.20, 0.20, 0.22, 1 };
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), 4);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &black, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->flipped)
    gtk_snapshot_append_color (snapshot, &white, &GRAPHENE_RECT_INIT (0, 0, width, white_h));
  else
    gtk_snapshot_append_color (snapshot, &white, &GRAPHENE_RECT_INIT (0, height - white_h, width, white_h));
  gtk_snapshot_pop (snapshot);
  /* An edge that shows the bar's length on a dark background too. */
  {
    float widths[4] = { 1, 1, 1, 1 };
    GdkRGBA edge = { 0.5, 0.5, 0.5, 0.6 };
    GdkRGBA edges[4] = { edge, edge, edge, edge };

    gtk_snapshot_append_border (snapshot, &outline, widths, edges);
  }

  gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
update_label (CaissaEvalBar *self)
{
  gboolean white_side = self->fraction >= 0.5;

  gtk_label_set_label (GTK_LABEL (self->label), self->text != NULL ? self->text : "");
  if (white_side)
    {
      gtk_widget_add_css_class (self->label, "on-white");
      gtk_widget_remove_css_class (self->label, "on-black");
    }
  else
    {
      gtk_widget_add_css_class (self->label, "on-black");
      gtk_widget_remove_css_class (self->label, "on-white");
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
caissa_eval_bar_dispose (GObject *object)
{
  CaissaEvalBar *self = CAISSA_EVAL_BAR (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (caissa_eval_bar_parent_class)->dispose (object);
}

static void
caissa_eval_bar_class_init (CaissaEvalBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_eval_bar_dispose;
  widget_class->measure = caissa_eval_bar_measure;
  widget_class->size_allocate = caissa_eval_bar_size_allocate;
  widget_class->snapshot = caissa_eval_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "evalbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
caissa_eval_bar_init (CaissaEvalBar *self)
{
  self->fraction = 0.5;
  self->label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->label, "caption");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation"),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 1.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 0.5,
                                  -1);
  update_label (self);
}

GtkWidget *
caissa_eval_bar_new (void)
{
  return g_object_new (CAISSA_TYPE_EVAL_BAR, NULL);
}

double
caissa_eval_bar_get_fraction (CaissaEvalBar *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_BAR (self), 0.5);

  return self->fraction;
}

void
caissa_eval_bar_set_fraction (CaissaEvalBar *self,
                              double         fraction)
{
  g_return_if_fail (CAISSA_IS_EVAL_BAR (self));

  fraction = CLAMP (fraction, 0.0, 1.0);
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, fraction, -1);
  update_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
caissa_eval_bar_set_text (CaissaEvalBar *self,
                          const char    *text)
{
  g_return_if_fail (CAISSA_IS_EVAL_BAR (self));

  if (g_strcmp0 (self->text, text) != 0)
    {
      g_free (self->text);
      self->text = g_strdup (text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                      text != NULL ? text : "", -1);
      update_label (self);
    }
}

const char *
caissa_eval_bar_get_text (CaissaEvalBar *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_BAR (self), NULL);

  return self->text;
}

void
caissa_eval_bar_set_flipped (CaissaEvalBar *self,
                             gboolean       flipped)
{
  g_return_if_fail (CAISSA_IS_EVAL_BAR (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
