/* caissa-window-compact.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include "caissa-adaptive-box.h"
#include "caissa-clock-face.h"
#include "caissa-window-compact.h"

#define COMPACT_KEY "caissa-window-compact"

/* The gap between the panel's parts, and compact. */
#define GAP         12
#define COMPACT_GAP 6

static GtkWidget *
template_child (CaissaWindow *self,
                const char   *name)
{
  GtkWidget *child = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), CAISSA_TYPE_WINDOW, name));

  g_assert (child != NULL);
  return child;
}

gboolean
_caissa_window_get_compact (CaissaWindow *self)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), COMPACT_KEY));
}

/* Each part after the first is apart from the one before by its top
 * margin (the panels the explorer and the engine add, too): compact, the
 * full gaps are halved, and marked to be given back. */
static void
set_gaps (GtkWidget *box,
          gboolean   compact)
{
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (compact && gtk_widget_get_margin_top (child) == GAP)
      {
        gtk_widget_set_margin_top (child, COMPACT_GAP);
        g_object_set_data (G_OBJECT (child), COMPACT_KEY, GINT_TO_POINTER (TRUE));
      }
    else if (!compact && g_object_get_data (G_OBJECT (child), COMPACT_KEY) != NULL)
      {
        gtk_widget_set_margin_top (child, GAP);
        g_object_set_data (G_OBJECT (child), COMPACT_KEY, NULL);
      }
}

void
_caissa_window_compact_update (CaissaWindow *self)
{
  gboolean compact = _caissa_window_get_compact (self);
  GtkWidget *slot = GTK_WIDGET (caissa_window_get_clock_slot (self));
  GtkWidget *face = gtk_widget_get_first_child (slot);
  gboolean clock = face != NULL && gtk_widget_get_visible (slot);
  GtkWidget *players = template_child (self, "players_box");

  /* The names go onto the clock's buttons: one row for both, at the
   * panel's top. */
  gtk_widget_set_visible (players, !(compact && clock));
  gtk_widget_set_margin_top (slot, compact && clock ? 0 : compact ? COMPACT_GAP : GAP);
  if (face != NULL && CAISSA_IS_CLOCK_FACE (face))
    for (CaissaColor c = CAISSA_COLOR_WHITE; c <= CAISSA_COLOR_BLACK; c++)
      {
        GtkLabel *label = GTK_LABEL (template_child (self, c == CAISSA_COLOR_WHITE ? "white_name_label"
                                                                                   : "black_name_label"));

        caissa_clock_face_set_name (CAISSA_CLOCK_FACE (face), c, compact ? gtk_label_get_label (label) : NULL);
      }
}

static void
set_compact (CaissaWindow *self,
             gboolean      compact)
{
  GtkWidget *panel = template_child (self, "panel_box");

  if (compact == _caissa_window_get_compact (self))
    return;
  g_object_set_data (G_OBJECT (self), COMPACT_KEY, GINT_TO_POINTER (compact));
  if (compact)
    gtk_widget_add_css_class (panel, "compact");
  else
    gtk_widget_remove_css_class (panel, "compact");
  set_gaps (template_child (self, "panel_top"), compact);
  set_gaps (template_child (self, "side_panel"), compact);
  set_gaps (template_child (self, "panel_bottom"), compact);
  _caissa_window_compact_update (self);
}

/* Decided from the window's width, outside the layout (a change of the
 * panel's size while the box allocates would come a frame late): below
 * the width where the box may stack, compact. The default width follows
 * the window's size, except maximized or full screen: then the width the
 * window has, once it has it. */
static void
width_cb (CaissaWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  int width, height;
  int threshold;

  gtk_window_get_default_size (window, &width, &height);
  if ((gtk_window_is_maximized (window) || gtk_window_is_fullscreen (window))
      && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    width = gtk_widget_get_width (GTK_WIDGET (self));
  g_object_get (template_child (self, "adaptive_box"), "threshold", &threshold, NULL);
  set_compact (self, width > 0 && width < threshold);
}

static gboolean
width_idle_cb (gpointer data)
{
  g_autoptr(CaissaWindow) self = g_weak_ref_get (data);

  if (self != NULL && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    width_cb (self);
  return G_SOURCE_REMOVE;
}

static void weak_ref_free (gpointer data);
static gpointer weak_ref_new (CaissaWindow *self);

/* The surface resized, maximized or not: decided after the frame that
 * gives the window its new width. */
static void
surface_width_cb (CaissaWindow *self)
{
  g_idle_add_full (G_PRIORITY_LOW, width_idle_cb, weak_ref_new (self), weak_ref_free);
}

static void
realize_cb (CaissaWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));

  g_signal_connect_object (surface, "notify::width", G_CALLBACK (surface_width_cb), self, G_CONNECT_SWAPPED);
}

void
_caissa_window_compact_init (CaissaWindow *self)
{
  g_signal_connect (self, "notify::default-width", G_CALLBACK (width_cb), NULL);
  g_signal_connect (self, "notify::maximized", G_CALLBACK (surface_width_cb), NULL);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (surface_width_cb), NULL);
  g_signal_connect (self, "realize", G_CALLBACK (realize_cb), NULL);
  width_cb (self);
}

/* The toasts lie over the moves only (not over the controls under them):
 * while one shows, the moves' area is at least as tall as the toast, so
 * that on a short window it is not cut off (AdwToastOverlay measures its
 * child alone). */
static void
toast_room (CaissaWindow *self)
{
  GtkWidget *overlay = template_child (self, "toast_overlay");
  int need = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwToastWidget"))
      {
        int min, nat;

        /* Its natural height: the overlay gives it its natural width. */
        gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
        need = MAX (need, nat);
      }
  gtk_widget_set_size_request (overlay, -1, need > 0 ? need : -1);
}

/* Held weakly: a closed window goes at once, not when the wait ends. */
static gboolean
toast_room_cb (gpointer data)
{
  g_autoptr(CaissaWindow) self = g_weak_ref_get (data);

  if (self != NULL && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    toast_room (self);
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static gpointer
weak_ref_new (CaissaWindow *self)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  return ref;
}

static void
toast_dismissed_cb (AdwToast     *toast,
                    CaissaWindow *self)
{
  /* Now (the next toast shows), and once the dismissed one has gone
   * (it fades out first). */
  g_idle_add_full (G_PRIORITY_DEFAULT, toast_room_cb, weak_ref_new (self), weak_ref_free);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 500, toast_room_cb, weak_ref_new (self), weak_ref_free);
}

void
_caissa_window_toast_shown (CaissaWindow *self,
                            AdwToast     *toast)
{
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
  toast_room (self);
}
