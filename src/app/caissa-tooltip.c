/* caissa-tooltip.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-tooltip"

#include "config.h"

#include "caissa-tooltip.h"

#define WIDTH_CHARS 60

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  const char *text = gtk_widget_get_tooltip_text (widget);
  GtkWidget *label;

  if (text == NULL || *text == '\0')
    return FALSE;
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Both: the natural width is the whole width, not the longest word. */
  gtk_label_set_width_chars (GTK_LABEL (label), MIN (WIDTH_CHARS, (int) g_utf8_strlen (text, -1)));
  gtk_label_set_max_width_chars (GTK_LABEL (label), WIDTH_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_tooltip_set_custom (tooltip, label);
  return TRUE;
}

void
caissa_tooltip_wrap (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_widget_set_has_tooltip (widget, TRUE);
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}
