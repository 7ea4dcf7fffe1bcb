/* caissa-help.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-help"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "caissa-help.h"

static void
show_unavailable (GtkWindow  *parent,
                  const char *reason)
{
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;

  body = g_strdup_printf ("%s\n\n%s", reason,
                          _("Install the GNOME help viewer, Yelp (the “yelp” package), "
                            "to read Caissa’s manual."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Help Is Not Available"), body));
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_widget_add_css_class (GTK_WIDGET (dialog), "caissa-help-unavailable");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
shown_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  show_unavailable (parent, error->message);
}

void
caissa_help_show (GtkWindow  *parent,
                  const char *page)
{
  g_autoptr(GAppInfo) viewer = NULL;
  g_autofree char *uri = NULL;

  g_return_if_fail (GTK_IS_WINDOW (parent));

  /* Asked first, so that a desktop without Yelp gets our words rather
   * than GIO's. */
  viewer = g_app_info_get_default_for_uri_scheme ("help");
  if (viewer == NULL)
    {
      show_unavailable (parent, _("No program to show help is installed."));
      return;
    }
  uri = page != NULL ? g_strconcat ("help:caissa/", page, NULL) : g_strdup ("help:caissa");
  g_debug ("Opening %s with %s", uri, g_app_info_get_id (viewer));
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, shown_cb, g_object_ref (parent));
}
