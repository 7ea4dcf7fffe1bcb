/* test-util-gtk.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <adwaita.h>

#include "caissa-resources.h"
#include "test-util-gtk.h"

gboolean
test_util_init_display (int                   *argc,
                        char                ***argv,
                        TestUtilDisplayFlags   flags,
                        int                   *status)
{
  gboolean tap = FALSE;

  for (int i = 1; i < *argc; i++)
    tap |= g_str_equal ((*argv)[i], "--tap");

  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("GTK_A11Y", flags & TEST_UTIL_DISPLAY_A11Y_TEST ? "test" : "none", TRUE);
  g_test_init (argc, argv, NULL);

  if (!gtk_init_check ())
    {
      /* Skipping is for a desk without a display, never for CI. */
      if (g_getenv ("CI") != NULL)
        {
          g_printerr ("%s: no display, but CI is set: run it under xvfb-run\n", g_get_prgname ());
          *status = 1;
        }
      else if (tap)
        {
          g_print ("1..0 # SKIP no display\n");
          *status = 0;
        }
      else
        {
          g_printerr ("%s: no display: skipped\n", g_get_prgname ());
          *status = 77;
        }
      return FALSE;
    }

  adw_init ();
  if (!(flags & TEST_UTIL_DISPLAY_NO_RESOURCE))
    caissa_register_resource ();
  if (flags & TEST_UTIL_DISPLAY_APP_STYLE)
    {
      g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (css, "/io/github/caissa/Caissa/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
  /* Recent files are never dropped for their age here: GTK 4.8 drops
   * them when its recent list changes, and leaks a GDateTime each time
   * (a leak in GTK, not ours, that made every test opening a file run
   * twice under tools/sanitize.sh). */
  g_object_set (gtk_settings_get_default (),
                "gtk-enable-animations", FALSE,
                "gtk-recent-files-max-age", -1,
                NULL);
  *status = 0;
  return TRUE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

GtkWidget *
test_util_find_type (GtkWidget *widget,
                     GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = test_util_find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
test_util_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gint64 deadline = test_util_deadline (10);
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
test_util_practice_setup (TestUtilPractice *p,
                          const char       *records_text)
{
  g_autofree char *cache = NULL;

  memset (p, 0, sizeof *p);
  p->dir = g_dir_make_tmp ("caissa-practice-XXXXXX", NULL);
  g_assert_nonnull (p->dir);
  p->records = g_build_filename (p->dir, "practice.ini", NULL);
  cache = g_build_filename (p->dir, "cache", NULL);
  if (records_text != NULL)
    g_assert_true (g_file_set_contents (p->records, records_text, -1, NULL));
  p->practice = caissa_practice_new (p->records, cache);
  caissa_practice_set_cache_tables (p->practice, FALSE);
  caissa_practice_set_reply_delay (p->practice, 0);
  p->page = CAISSA_PRACTICE_PAGE (caissa_practice_page_new_for_practice (p->practice));
}

void
test_util_practice_show (TestUtilPractice *p,
                         int               width,
                         int               height)
{
  g_assert_null (p->window);
  p->window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (p->window), width, height);
  adw_window_set_content (ADW_WINDOW (p->window), GTK_WIDGET (p->page));
  gtk_window_present (GTK_WINDOW (p->window));
  test_util_wait_for_frame (p->window);
}

void
test_util_practice_teardown (TestUtilPractice *p)
{
  g_clear_pointer ((GtkWindow **) &p->window, gtk_window_destroy);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (p->practice);
  test_util_remove_tree (p->dir);
  g_free (p->dir);
  g_free (p->records);
}

AdwMessageDialog *
test_util_message_dialog (gboolean any)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (top) && (any || gtk_widget_get_visible (GTK_WIDGET (top))))
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
}

AdwMessageDialog *
test_util_wait_for_dialog (guint seconds)
{
  gint64 deadline = test_util_deadline (seconds);
  AdwMessageDialog *dialog;

  while ((dialog = test_util_message_dialog (FALSE)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (dialog == NULL)
    g_error ("no message dialog after %u s", seconds * test_util_timeout_multiplier ());
  return dialog;
}

void
test_util_spin (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

void
test_util_wait_for_null (gpointer   *pointer,
                         guint       seconds,
                         const char *what)
{
  gint64 deadline = test_util_deadline (seconds);

  while (*pointer != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (*pointer != NULL)
    g_error ("still there after %u s: %s", seconds * test_util_timeout_multiplier (), what);
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
  gint64 deadline = test_util_deadline (30);
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
