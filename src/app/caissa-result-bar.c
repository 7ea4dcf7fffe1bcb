/* caissa-result-bar.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-result-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-result-bar.h"

#define BAR_HEIGHT 20
#define BAR_RADIUS 4

struct _CaissaResultBar
{
  GtkWidget parent_instance;

  guint64   counts[3];
  guint     percents[3];
};

G_DEFINE_FINAL_TYPE (CaissaResultBar, caissa_result_bar, GTK_TYPE_WIDGET)

void
caissa_result_bar_percents (guint64 white,
                            guint64 draws,
                            guint64 black,
                            guint   percents[3])
{
  guint64 counts[3] = { white, draws, black };
  guint64 total = white + draws + black;
  guint64 remainders[3];
  guint sum = 0;

  if (total == 0)
    {
      percents[0] = percents[1] = percents[2] = 0;
      return;
    }
  for (guint i = 0; i < 3; i++)
    {
      percents[i] = (guint) (counts[i] * 100 / total);
      remainders[i] = counts[i] * 100 % total;
      sum += percents[i];
    }
  /* Whole percents that add up to 100, as a reader checks them. */
  while (sum < 100)
    {
      guint best = 0;

      for (guint i = 1; i < 3; i++)
        if (remainders[i] > remainders[best])
          best = i;
      percents[best]++;
      remainders[best] = 0;
      sum++;
    }
}

static void
caissa_result_bar_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 48;
      *natural = 160;
    }
  else
    *minimum = *natural = BAR_HEIGHT;
}

static void
append_part (CaissaResultBar *self,
             GtkSnapshot     *snapshot,
             guint            part,
             float            x,
             float            width,
             float            height)
{
  /* The same colours in light and dark styles: they stand for the sides. */
  static const GdkRGBA fills[3] = {
    { 0.96f, 0.96f, 0.96f, 1 },
    { 0.62f, 0.62f, 0.62f, 1 },
    { 0.13f, 0.13f, 0.13f, 1 },
  };
  static const GdkRGBA inks[3] = {
    { 0.15f, 0.15f, 0.15f, 1 },
    { 0.08f, 0.08f, 0.08f, 1 },
    { 0.95f, 0.95f, 0.95f, 1 },
  };
  g_autofree char *text = NULL;
  PangoLayout *layout;
  int text_width, text_height;

  gtk_snapshot_append_color (snapshot, &fills[part], &GRAPHENE_RECT_INIT (x, 0, width, height));

  text = g_strdup_printf ("%u%%", self->percents[part]);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  /* Only where it fits: a narrow part is seen, its number is in the tooltip. */
  if (text_width + 4 <= width)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + (width - text_width) / 2,
                                                              (height - text_height) / 2));
      gtk_snapshot_append_layout (snapshot, layout, &inks[part]);
      gtk_snapshot_restore (snapshot);
    }
  g_object_unref (layout);
}

static void
caissa_result_bar_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  CaissaResultBar *self = CAISSA_RESULT_BAR (widget);
  float width = gtk_widget_get_width (widget);
  float height = gtk_widget_get_height (widget);
  guint64 total = self->counts[0] + self->counts[1] + self->counts[2];
  GskRoundedRect outline;
  GdkRGBA border;
  float x = 0;

  if (total == 0 || width <= 0)
    return;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), BAR_RADIUS);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  for (guint i = 0; i < 3; i++)
    {
      /* Parts from the counts themselves (not the rounded percents), the
       * last one taking what is left so that the bar ends flush. */
      float part = i == 2 ? width - x : (float) ((double) self->counts[i] * width / total);

      if (part > 0)
        append_part (self, snapshot, i, x, part, height);
      x += part;
    }
  gtk_snapshot_pop (snapshot);

  /* A light outline: the white part on a light background needs an edge. */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &border);
  border.alpha = 0.25f;
  gtk_snapshot_append_border (snapshot, &outline,
                              (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { border, border, border, border });
}

static void
caissa_result_bar_class_init (CaissaResultBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = caissa_result_bar_measure;
  widget_class->snapshot = caissa_result_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "resultbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
caissa_result_bar_init (CaissaResultBar *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "numeric");
}

GtkWidget *
caissa_result_bar_new (void)
{
  return g_object_new (CAISSA_TYPE_RESULT_BAR, NULL);
}

void
caissa_result_bar_set_counts (CaissaResultBar *self,
                              guint64          white,
                              guint64          draws,
                              guint64          black)
{
  g_autofree char *text = NULL;

  g_return_if_fail (CAISSA_IS_RESULT_BAR (self));

  self->counts[0] = white;
  self->counts[1] = draws;
  self->counts[2] = black;
  caissa_result_bar_percents (white, draws, black, self->percents);

  /* Translators: the tooltip of the explorer's result bar, in percents. */
  text = g_strdup_printf (_("White wins %u%%, draws %u%%, Black wins %u%%"),
                          self->percents[0], self->percents[1], self->percents[2]);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
