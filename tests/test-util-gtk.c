/* test-util-gtk.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <adwaita.h>

#include "test-util-gtk.h"

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

void
test_util_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gboolean painted = FALSE;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  gtk_widget_queue_draw (widget);
  while (!painted)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  g_signal_handler_disconnect (clock, id);
}

void
test_util_spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

char *
test_util_state_line (CaissaWindow *window,
                      const char   *key)
{
  g_autofree char *state = caissa_window_describe_state (window);
  g_auto(GStrv) lines = g_strsplit (state, "\n", -1);
  g_autofree char *prefix = g_strconcat (key, " ", NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
    else if (g_str_equal (lines[i], key))
      return g_strdup ("");
  return NULL;
}

void
test_util_wait_state (CaissaWindow *window,
                      const char   *key,
                      const char   *value)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  GListModel *toplevels;

  while (g_get_monotonic_time () < deadline)
    {
      g_autofree char *got = test_util_state_line (window, key);

      if (g_strcmp0 (got, value) == 0)
        return;
      g_main_context_iteration (NULL, FALSE);
    }

  /* Say why: a message dialog may be up. */
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (top))
        g_printerr ("# dialog: %s: %s\n", adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (top)),
                    adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (top)));
    }
  test_util_assert_state (window, key, value);
}
