/* test-clock-face.c — CaissaClockFace: what the players read on the clock
 * and which button they may press, with a fake time source stepped by
 * hand; a real render of the face in light and dark, narrow and wide.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CAISSA_TEST_SAVE_PNG=1 keeps the renders in $TMPDIR/caissa-clock-face-test.
 */
#include <string.h>

#include <adwaita.h>

#include "caissa-clock-face.h"
#include "test-util-gtk.h"

typedef struct
{
  gint64           now;
  CaissaClock     *clock;
  CaissaClockFace *face;
  GtkWidget       *window;
} Fixture;

static gint64
fake_now (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *time_control = data ? data : "300";
  g_autoptr(GError) error = NULL;

  f->now = 1000000;
  f->clock = caissa_clock_new_for_time_control (time_control, &error);
  g_assert_no_error (error);
  caissa_clock_set_time_func (f->clock, fake_now, &f->now, NULL);

  f->face = CAISSA_CLOCK_FACE (caissa_clock_face_new ());
  caissa_clock_face_set_clock (f->face, f->clock);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 320, -1);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->face));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->clock);
}

/* Moves the fake time on and lets the clock see it. */
static void
step (Fixture *f,
      gint64   ms)
{
  f->now += ms;
  caissa_clock_update (f->clock);
}

static void
collect (GtkWidget  *widget,
         const char *css_class,
         gboolean    visible_only,
         GPtrArray  *out)
{
  if (visible_only && !gtk_widget_get_visible (widget))
    return;
  if (gtk_widget_has_css_class (widget, css_class))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect (child, css_class, visible_only, out);
}

/* The one widget with css_class inside root. */
static GtkWidget *
find (GtkWidget  *root,
      const char *css_class)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (root, css_class, FALSE, found);
  g_assert_cmpuint (found->len, ==, 1);
  return found->pdata[0];
}

static guint
count_visible (GtkWidget  *root,
               const char *css_class)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (root, css_class, TRUE, found);
  return found->len;
}

static GtkWidget *
button (Fixture     *f,
        CaissaColor  color)
{
  GtkWidget *b = caissa_clock_face_get_button (f->face, color);

  g_assert_true (b == find (GTK_WIDGET (f->face), color == CAISSA_COLOR_WHITE ? "white" : "black"));
  return b;
}

static const char *
time_text (Fixture     *f,
           CaissaColor  color)
{
  return gtk_label_get_label (GTK_LABEL (find (button (f, color), "clock-time")));
}

static const char *
caption (Fixture     *f,
         CaissaColor  color)
{
  GtkWidget *label = find (button (f, color), "clock-caption");

  return gtk_widget_get_visible (label) ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

static const char *
info (Fixture *f)
{
  return gtk_label_get_label (GTK_LABEL (find (GTK_WIDGET (f->face), "clock-info")));
}

static gboolean
has (Fixture     *f,
     CaissaColor  color,
     const char  *css_class)
{
  return gtk_widget_has_css_class (button (f, color), css_class);
}

static gboolean
sensitive (Fixture     *f,
           CaissaColor  color)
{
  gboolean s = gtk_widget_get_sensitive (button (f, color));

  g_assert_cmpint (s, ==, caissa_clock_face_can_press (f->face, color));
  return s;
}

static void
click (GtkWidget *widget)
{
  g_signal_emit_by_name (widget, "clicked");
}

static void
count_cb (gpointer  object,
          gpointer  arg,
          guint    *count)
{
  (*count)++;
}

/* --- what the face says as time goes by ------------------------------------------ */

static void
test_times (Fixture       *f,
            gconstpointer  data)
{
  guint pressed = 0;

  g_signal_connect (f->clock, "pressed", G_CALLBACK (count_cb), &pressed);

  /* Before the start: full time, nothing runs, Black's button starts it. */
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "5:00");
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "5:00");
  g_assert_false (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_true (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_BLACK), ==, "Press to start");
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "");
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "running"));
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "waiting"));
  g_assert_cmpstr (info (f), ==, "Move 1");
  g_assert_false (gtk_widget_get_sensitive (find (GTK_WIDGET (f->face), "clock-pause")));
  g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 0);

  /* Black presses: White's clock runs. White has not moved: no press. */
  click (button (f, CAISSA_COLOR_BLACK));
  g_assert_true (caissa_clock_get_started (f->clock));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpuint (pressed, ==, 0);
  g_assert_true (has (f, CAISSA_COLOR_WHITE, "running"));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "waiting"));
  g_assert_true (has (f, CAISSA_COLOR_BLACK, "waiting"));
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "running"));
  g_assert_false (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "To move");
  g_assert_cmpstr (caption (f, CAISSA_COLOR_BLACK), ==, "");
  g_assert_true (gtk_widget_get_sensitive (find (GTK_WIDGET (f->face), "clock-pause")));

  /* A millisecond later the face shows 4:59 (rounded down, never time the
   * player does not have). */
  step (f, 1);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:59");
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "5:00");

  /* White moves: now his button, and only his, may be pressed. */
  g_assert_true (caissa_clock_move_made (f->clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "Press");
  /* A refused press (Black's, by key) changes nothing. */
  g_assert_false (caissa_clock_face_press (f->face, CAISSA_COLOR_BLACK));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  step (f, 999);
  click (button (f, CAISSA_COLOR_WHITE));
  g_assert_cmpuint (pressed, ==, 1);
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:59");
  g_assert_true (has (f, CAISSA_COLOR_BLACK, "running"));
  g_assert_true (has (f, CAISSA_COLOR_WHITE, "waiting"));
  g_assert_false (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_cmpstr (info (f), ==, "Move 1");

  /* Black thinks. Low time for 5 minutes is under 30 s. */
  step (f, 269000);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:31");
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "low-time"));
  step (f, 1000);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:30");
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "low-time"));
  step (f, 1);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:29");
  g_assert_true (has (f, CAISSA_COLOR_BLACK, "low-time"));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "low-time"));

  /* Tenths under ten seconds. */
  step (f, 19999);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:10");
  step (f, 1);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:09.9");
  step (f, 9799);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:00.2");
  step (f, 100);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:00.1");
  g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 0);
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "flag-fallen"));

  /* The flag: 0:00.0, the flag shown once, on Black's side only. */
  step (f, 99);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:00.1");
  g_assert_cmpint (caissa_clock_get_flag_fallen (f->clock), ==, CAISSA_COLOR_NONE);
  step (f, 1);
  g_assert_cmpint (caissa_clock_get_flag_fallen (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:00.0");
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:59");
  g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 1);
  g_assert_cmpuint (count_visible (button (f, CAISSA_COLOR_BLACK), "clock-flag"), ==, 1);
  g_assert_true (has (f, CAISSA_COLOR_BLACK, "flag-fallen"));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "flag-fallen"));
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "low-time"));
  g_assert_null (caption (f, CAISSA_COLOR_BLACK));
  step (f, 5000);
  g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 1);

  /* The game stops the clock: nothing may be pressed or paused. */
  g_assert_true (caissa_clock_stop (f->clock, NULL));
  g_assert_false (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "running"));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "waiting"));
  g_assert_false (gtk_widget_get_sensitive (find (GTK_WIDGET (f->face), "clock-pause")));
  g_assert_cmpstr (info (f), ==, "Stopped");
  g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 1);
  g_assert_cmpuint (pressed, ==, 1);
}

static void
test_pause (Fixture       *f,
            gconstpointer  data)
{
  GtkWidget *pause = find (GTK_WIDGET (f->face), "clock-pause");

  g_assert_true (caissa_clock_face_press (f->face, CAISSA_COLOR_BLACK));
  step (f, 2500);
  g_assert_true (caissa_clock_move_made (f->clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (pause)), ==, "media-playback-pause-symbolic");

  /* Paused: both clocks stand, no press, the side that was on marked. */
  click (pause);
  g_assert_true (caissa_clock_get_paused (f->clock));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (pause)), ==, "media-playback-start-symbolic");
  g_assert_false (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_true (has (f, CAISSA_COLOR_WHITE, "on"));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "running"));
  g_assert_false (has (f, CAISSA_COLOR_BLACK, "waiting"));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "Paused");
  step (f, 60000);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:57");

  /* Resumed: White's clock runs on and his pending press is still due. */
  g_assert_true (caissa_clock_face_toggle_pause (f->face));
  g_assert_false (caissa_clock_get_paused (f->clock));
  g_assert_false (has (f, CAISSA_COLOR_WHITE, "on"));
  g_assert_true (has (f, CAISSA_COLOR_WHITE, "running"));
  g_assert_true (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "Press");
  step (f, 500);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:57");
  step (f, 1);
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "4:56");
}

static void
test_periods (Fixture       *f,
              gconstpointer  data)
{
  /* FIDE classical: 40 moves in 90 minutes, then 30 minutes, +30 s. */
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "1:30:00");
  g_assert_true (gtk_widget_has_css_class (find (button (f, CAISSA_COLOR_WHITE), "clock-time"), "long"));
  g_assert_cmpstr (info (f), ==, "Move 1 · 40 moves to the time control");

  g_assert_true (caissa_clock_face_press (f->face, CAISSA_COLOR_BLACK));
  for (guint i = 0; i < 2; i++)
    {
      CaissaColor mover = i == 0 ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;

      step (f, 10000);
      g_assert_true (caissa_clock_move_made (f->clock, mover, NULL));
      g_assert_true (caissa_clock_face_press (f->face, mover));
    }
  /* White to make his second move; 30 s came back with his first. */
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "1:30:20");
  g_assert_cmpstr (info (f), ==, "Move 2 · 39 moves to the time control");
  step (f, 10000);
  g_assert_true (caissa_clock_move_made (f->clock, CAISSA_COLOR_WHITE, NULL));
  g_assert_true (caissa_clock_face_press (f->face, CAISSA_COLOR_WHITE));
  /* The line follows the side on turn: Black, at his second move. */
  g_assert_cmpstr (info (f), ==, "Move 2 · 39 moves to the time control");

  /* Black's 2nd move, then 37 more moves each: 39 made, one to go. */
  for (guint i = 0; i < 75; i++)
    {
      CaissaColor mover = i % 2 == 0 ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE;

      step (f, 10000);
      g_assert_true (caissa_clock_move_made (f->clock, mover, NULL));
      g_assert_true (caissa_clock_face_press (f->face, mover));
    }
  g_assert_cmpuint (caissa_clock_get_moves (f->clock, CAISSA_COLOR_WHITE), ==, 39);
  g_assert_cmpuint (caissa_clock_get_moves (f->clock, CAISSA_COLOR_BLACK), ==, 39);
  g_assert_cmpstr (info (f), ==, "Move 40 · 1 move to the time control");
  for (guint i = 0; i < 2; i++)
    {
      CaissaColor mover = i == 0 ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;

      step (f, 10000);
      g_assert_true (caissa_clock_move_made (f->clock, mover, NULL));
      g_assert_true (caissa_clock_face_press (f->face, mover));
    }
  /* 40 moves each, 20 s gained on each, and the second period's 30
   * minutes: 5400 + 800 + 1800 s. */
  g_assert_cmpstr (info (f), ==, "Move 41 · Period 2");
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_WHITE), ==, "2:13:20");
  g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "2:13:20");
}

static void
test_start_side (Fixture       *f,
                 gconstpointer  data)
{
  guint notified = 0;

  g_signal_connect (f->face, "notify::start-side", G_CALLBACK (count_cb), &notified);

  /* A position with Black to move: White's button starts Black's clock. */
  caissa_clock_face_set_start_side (f->face, CAISSA_COLOR_BLACK);
  caissa_clock_face_set_start_side (f->face, CAISSA_COLOR_BLACK);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (sensitive (f, CAISSA_COLOR_WHITE));
  g_assert_false (sensitive (f, CAISSA_COLOR_BLACK));
  g_assert_cmpstr (caption (f, CAISSA_COLOR_WHITE), ==, "Press to start");
  click (button (f, CAISSA_COLOR_WHITE));
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_BLACK);
  g_assert_true (has (f, CAISSA_COLOR_BLACK, "running"));
}

/* A compact panel puts the players' names on the buttons; NULL gives the
 * colour's name back. A long name is cut short, never widening the face. */
static void
test_names (Fixture       *f,
            gconstpointer  data)
{
  GtkWidget *name = find (button (f, CAISSA_COLOR_WHITE), "clock-name");
  int min_before, min_after, nat;

  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (name)), ==, "White");
  gtk_widget_measure (GTK_WIDGET (f->face), GTK_ORIENTATION_HORIZONTAL, -1, &min_before, &nat, NULL, NULL);
  caissa_clock_face_set_name (f->face, CAISSA_COLOR_WHITE, "Anna Karenina Arkadyevna Oblonskaya");
  caissa_clock_face_set_name (f->face, CAISSA_COLOR_BLACK, "Boris");
  g_assert_cmpstr (caissa_clock_face_get_name (f->face, CAISSA_COLOR_WHITE), ==,
                   "Anna Karenina Arkadyevna Oblonskaya");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (find (button (f, CAISSA_COLOR_BLACK), "clock-name"))), ==, "Boris");
  gtk_widget_measure (GTK_WIDGET (f->face), GTK_ORIENTATION_HORIZONTAL, -1, &min_after, &nat, NULL, NULL);
  g_assert_cmpint (min_after, ==, min_before);
  caissa_clock_face_set_name (f->face, CAISSA_COLOR_WHITE, NULL);
  caissa_clock_face_set_name (f->face, CAISSA_COLOR_BLACK, "");
  g_assert_cmpstr (caissa_clock_face_get_name (f->face, CAISSA_COLOR_WHITE), ==, "White");
  g_assert_cmpstr (caissa_clock_face_get_name (f->face, CAISSA_COLOR_BLACK), ==, "Black");
}

static void
test_clock_property (void)
{
  CaissaClockFace *face = g_object_ref_sink (CAISSA_CLOCK_FACE (caissa_clock_face_new ()));
  CaissaClock *clock = caissa_clock_new ();
  guint notified = 0;

  /* Without a clock: dashes, nothing to press. */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (find (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE),
                                                         "clock-time"))), ==, "-:--");
  g_signal_connect (face, "notify::clock", G_CALLBACK (count_cb), &notified);
  g_assert_false (caissa_clock_face_can_press (face, CAISSA_COLOR_WHITE));
  g_assert_false (caissa_clock_face_can_press (face, CAISSA_COLOR_BLACK));

  caissa_clock_face_set_clock (face, clock);
  caissa_clock_face_set_clock (face, clock);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (caissa_clock_face_get_clock (face) == clock);
  /* Untimed: no time to show. */
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (find (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE),
                                                         "clock-time"))), ==, "-:--");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (find (GTK_WIDGET (face), "clock-info"))), ==,
                   "No time control");

  /* A new control shows at once. */
  g_assert_true (caissa_clock_set_time_control (clock, "180+2", NULL));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (find (caissa_clock_face_get_button (face, CAISSA_COLOR_BLACK),
                                                         "clock-time"))), ==, "3:00");

  caissa_clock_face_set_clock (face, NULL);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_finalize_object (face);
  g_assert_finalize_object (clock);
}

/* --- a real render ----------------------------------------------------------------- */

typedef struct
{
  GdkTexture *texture;
  guchar     *pixels;
  gsize       stride;
} Render;

static void
render_clear (Render *r)
{
  g_clear_object (&r->texture);
  g_clear_pointer (&r->pixels, g_free);
}

/* Renders the whole window as it last drew itself and keeps the pixels. */
static void
render (Fixture    *f,
        const char *name,
        Render     *r)
{
  GtkWidget *widget = f->window;
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (widget));
  GskRenderNode *node;
  int width, height;

  test_util_wait_for_frame (widget);
  test_util_wait_for_frame (widget);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);

  render_clear (r);
  r->texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  r->stride = gdk_texture_get_width (r->texture) * 4;
  r->pixels = g_malloc (r->stride * gdk_texture_get_height (r->texture));
  gdk_texture_download (r->texture, r->pixels, r->stride);

  if (g_getenv ("CAISSA_TEST_SAVE_PNG") != NULL)
    {
      g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "caissa-clock-face-test", NULL);
      g_autofree char *file = g_strdup_printf ("%s.png", name);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_mkdir_with_parents (dir, 0755);
      gdk_texture_save_to_png (r->texture, path);
      g_test_message ("saved %s", path);
    }
}

/* The colour (r, g, b, 0–255) of the render at a point of widget. */
static void
pixel_in (Fixture   *f,
          Render    *r,
          GtkWidget *widget,
          double     x,
          double     y,
          int        rgb[3])
{
  graphene_point_t p;
  const guchar *px;

  g_assert_true (gtk_widget_compute_point (widget, f->window, &GRAPHENE_POINT_INIT (x, y), &p));
  g_assert_cmpint ((int) p.x, <, gdk_texture_get_width (r->texture));
  g_assert_cmpint ((int) p.y, <, gdk_texture_get_height (r->texture));
  px = r->pixels + (gsize) p.y * r->stride + (gsize) p.x * 4;
  /* GDK_MEMORY_DEFAULT: B G R A premultiplied on little-endian. */
  rgb[0] = G_BYTE_ORDER == G_LITTLE_ENDIAN ? px[2] : px[1];
  rgb[1] = G_BYTE_ORDER == G_LITTLE_ENDIAN ? px[1] : px[2];
  rgb[2] = G_BYTE_ORDER == G_LITTLE_ENDIAN ? px[0] : px[3];
}

typedef struct
{
  int         width;
  gboolean    dark;
  const char *name;
} RenderCase;

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  static const RenderCase cases[] = {
    { 296, FALSE, "narrow-light" },
    { 296, TRUE, "narrow-dark" },
    { 460, FALSE, "wide-light" },
    { 460, TRUE, "wide-dark" },
  };
  AdwStyleManager *style = adw_style_manager_get_default ();
  Render r = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const RenderCase *c = &cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;
      GtkWidget *white = button (f, CAISSA_COLOR_WHITE);
      GtkWidget *black = button (f, CAISSA_COLOR_BLACK);
      int w[3], b[3];
      int min;

      adw_style_manager_set_color_scheme (style, c->dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                         : ADW_COLOR_SCHEME_FORCE_LIGHT);
      caissa_clock_set_time_control (f->clock, "5400+30", &error);
      g_assert_no_error (error);
      gtk_window_set_default_size (GTK_WINDOW (f->window), c->width, -1);
      gtk_widget_set_size_request (GTK_WIDGET (f->face), c->width, -1);
      gtk_window_present (GTK_WINDOW (f->window));

      /* It fits the side panel: no wider than it is given. */
      gtk_widget_measure (GTK_WIDGET (f->face), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_assert_cmpint (min, <=, c->width);

      name = g_strdup_printf ("%s-1-initial", c->name);
      render (f, name, &r);

      /* Running: White's half in the accent colour (blue: more blue than
       * red), Black's not. */
      caissa_clock_face_press (f->face, CAISSA_COLOR_BLACK);
      step (f, 4000);
      g_free (name);
      name = g_strdup_printf ("%s-2-running", c->name);
      render (f, name, &r);
      pixel_in (f, &r, white, 8, gtk_widget_get_height (white) / 2.0, w);
      pixel_in (f, &r, black, 8, gtk_widget_get_height (black) / 2.0, b);
      g_assert_cmpint (w[2] - w[0], >, 60);
      g_assert_cmpint (b[2] - b[0], <, 30);

      /* Low time, the running half red. */
      g_assert_true (caissa_clock_move_made (f->clock, CAISSA_COLOR_WHITE, NULL));
      caissa_clock_face_press (f->face, CAISSA_COLOR_WHITE);
      g_assert_true (caissa_clock_arbiter_set_remaining (f->clock, CAISSA_COLOR_BLACK, 8765, NULL));
      g_free (name);
      name = g_strdup_printf ("%s-3-low", c->name);
      render (f, name, &r);
      g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:08.7");
      pixel_in (f, &r, black, 8, gtk_widget_get_height (black) / 2.0, b);
      g_assert_cmpint (b[0] - b[2], >, 60);

      /* The flag. */
      step (f, 9000);
      g_free (name);
      name = g_strdup_printf ("%s-4-flag", c->name);
      render (f, name, &r);
      g_assert_cmpstr (time_text (f, CAISSA_COLOR_BLACK), ==, "0:00.0");
      g_assert_cmpuint (count_visible (GTK_WIDGET (f->face), "clock-flag"), ==, 1);
    }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  render_clear (&r);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add ("/app/clock-face/times", Fixture, "300", fixture_setup, test_times, fixture_teardown);
  g_test_add ("/app/clock-face/pause", Fixture, "300", fixture_setup, test_pause, fixture_teardown);
  g_test_add ("/app/clock-face/periods", Fixture, "40/5400+30:1800+30",
              fixture_setup, test_periods, fixture_teardown);
  g_test_add ("/app/clock-face/start-side", Fixture, "300", fixture_setup, test_start_side, fixture_teardown);
  g_test_add ("/app/clock-face/names", Fixture, "300", fixture_setup, test_names, fixture_teardown);
  g_test_add_func ("/app/clock-face/clock-property", test_clock_property);
  g_test_add ("/app/clock-face/render", Fixture, "300", fixture_setup, test_render, fixture_teardown);

  return g_test_run ();
}
