/* test-toast-placement.c — toasts never lie over the board, so they never
 * take a click meant for a square (a move from g1 was once lost under a
 * toast): in the window and on the practice page, with the board beside
 * the side panel (wide) and above it (narrow), a toast showing is inside
 * the window, beside or under the board but not over it, not over the
 * clock's buttons, and every square still picks the board. In the window
 * it lies over the moves, never over the move field, the navigation
 * buttons, the status line or the game's actions (it once hid the move
 * buttons and the status line).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-adaptive-box.h"
#include "caissa-board.h"
#include "caissa-clock-face.h"
#include "caissa-practice-page.h"
#include "caissa-window.h"
#include "caissa-window-autosave.h"
#include "test-util-gtk.h"

/* Two frames: the layout, then what it moved (a toast) settles. */
static void
wait_two_frames (GtkWidget *widget)
{
  test_util_wait_for_frame (widget);
  test_util_wait_for_frame (widget);
}

typedef struct
{
  int         width;
  int         height;
  gboolean    narrow;
  /* The practice page's panel scrolls: it stacks in less height. */
  gboolean    practice_narrow;
  const char *name;
} Size;

static const Size sizes[] = {
  { 1400, 900, FALSE, FALSE, "wide" },
  { 400, 800, TRUE, TRUE, "narrow" },
  /* Just above the least height of a narrow window with a clock (about
   * 620 with the app's style and the compact panel: the stacked panel
   * needs that much under the smallest board; the window allows no less). */
  { 400, 640, TRUE, TRUE, "narrow-short" },
  /* Narrower than the threshold, but too short to stack the window's
   * panel: side by side (the practice page's board is larger stacked). */
  { 600, 500, FALSE, TRUE, "short" },
};

static GtkWidget *
find_type (GtkWidget  *widget,
           const char *type_name)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), type_name) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The toast on screen, once it is there. */
static GtkWidget *
wait_toast (GtkWidget *window)
{
  gint64 deadline = test_util_deadline (10);
  GtkWidget *toast;

  while ((toast = find_type (window, "AdwToastWidget")) == NULL
         || gtk_widget_get_width (toast) == 0)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  wait_two_frames (window);
  return toast;
}

static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  return bounds;
}

#define PRINT_RECT(r) (r).origin.x, (r).origin.y, (r).size.width, (r).size.height

static void
assert_apart (const graphene_rect_t *toast,
              const graphene_rect_t *other,
              const char            *what,
              const Size            *size)
{
  if (graphene_rect_intersection (toast, other, NULL))
    g_error ("%s: the toast (%g,%g %g×%g) lies over %s (%g,%g %g×%g)", size->name,
             PRINT_RECT (*toast), what, PRINT_RECT (*other));
}

/* Each shown part of the toast (its text, its buttons) lies inside it. */
static void
check_inside (GtkWidget  *toast,
              GtkWidget  *widget,
              GtkWidget  *window,
              const Size *size)
{
  graphene_rect_t t = bounds_in (toast, window);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t c;

      if (!gtk_widget_get_mapped (child))
        continue;
      c = bounds_in (child, window);
      if (c.size.width > 0 && c.size.height > 0 && !graphene_rect_contains_rect (&t, &c))
        g_error ("%s: the toast's %s (%g,%g %g×%g) is cut off by the toast (%g,%g %g×%g)", size->name,
                 G_OBJECT_TYPE_NAME (child), PRINT_RECT (c), PRINT_RECT (t));
      check_inside (toast, child, window, size);
    }
}

/* The checks common to both: toast inside the window and inside the
 * panel, apart from the board; each square's centre picks the board. */
static void
check_toast (GtkWidget   *window,
             GtkWidget   *toast,
             CaissaBoard *board,
             GtkWidget   *panel,
             gboolean     narrow,
             const Size  *size)
{
  graphene_rect_t t = bounds_in (toast, window);
  graphene_rect_t b = bounds_in (GTK_WIDGET (board), window);
  graphene_rect_t p = bounds_in (panel, window);
  graphene_rect_t w = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));

  g_test_message ("%s: window %g×%g, board %g,%g %g×%g, toast %g,%g %g×%g, under it %g,%g %g×%g", size->name,
                  w.size.width, w.size.height, PRINT_RECT (b), PRINT_RECT (t), PRINT_RECT (p));
  g_assert_cmpfloat (t.size.width, >, 0);
  g_assert_cmpfloat (t.size.height, >, 0);
  g_assert_cmpfloat (b.size.width, >, 0);
  assert_apart (&t, &b, "the board", size);
  if (!graphene_rect_contains_rect (&w, &t))
    g_error ("%s: the toast (%g,%g %g×%g) is not all inside the window (%g×%g)", size->name,
             PRINT_RECT (t), w.size.width, w.size.height);
  if (!graphene_rect_contains_rect (&p, &t))
    g_error ("%s: the toast (%g,%g %g×%g) is not inside the side panel (%g,%g %g×%g)", size->name,
             PRINT_RECT (t), PRINT_RECT (p));
  /* Nothing of the toast cut off: its text and buttons inside it. */
  check_inside (toast, toast, window, size);

  /* Narrow, the panel is under the board; wide, beside it. */
  if (narrow)
    g_assert_cmpfloat (t.origin.y, >=, b.origin.y + b.size.height);
  else
    g_assert_cmpfloat (t.origin.x, >=, b.origin.x + b.size.width);

  for (int sq = 0; sq < 64; sq++)
    {
      graphene_rect_t s;
      double x, y;
      GtkWidget *picked;

      g_assert_true (caissa_board_get_square_bounds (board, (ChessSquare) sq, &s));
      g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (board), window,
                                                       s.origin.x + s.size.width / 2,
                                                       s.origin.y + s.size.height / 2, &x, &y));
      picked = gtk_widget_pick (window, x, y, GTK_PICK_DEFAULT);
      if (picked == NULL
          || (picked != GTK_WIDGET (board) && !gtk_widget_is_ancestor (picked, GTK_WIDGET (board))))
        g_error ("%s: a click on square %d (%g,%g) goes to %s, not the board", size->name, sq, x, y,
                 picked != NULL ? G_OBJECT_TYPE_NAME (picked) : "nothing");
    }
}

static GtkWidget *
template_child (gpointer    widget,
                GType       type,
                const char *name)
{
  GtkWidget *child = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (widget), type, name));

  g_assert_nonnull (child);
  return child;
}

static GtkWidget *
find_class (GtkWidget  *widget,
            const char *css_class)
{
  if (gtk_widget_has_css_class (widget, css_class)
      || g_str_equal (gtk_widget_get_css_name (widget), css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_class (child, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The window's toast leaves the controls under the moves free. */
static void
check_controls (GtkWidget  *window,
                GtkWidget  *toast,
                const Size *size)
{
  graphene_rect_t t = bounds_in (toast, window);
  struct
  {
    const char *what;
    GtkWidget  *widget;
  } parts[] = {
    { "the move field", find_class (window, "moveentry") },
    { "the navigation buttons", find_class (window, "navigation") },
    { "the status line", template_child (window, CAISSA_TYPE_WINDOW, "status_label") },
    { "the game's actions", template_child (window, CAISSA_TYPE_WINDOW, "game_actions") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      graphene_rect_t b;

      g_assert_nonnull (parts[i].widget);
      g_assert_true (gtk_widget_get_mapped (parts[i].widget));
      b = bounds_in (parts[i].widget, window);
      assert_apart (&t, &b, parts[i].what, size);
    }
}

/* --- The window ------------------------------------------------------------------------- */

static void
test_window (gconstpointer data)
{
  const Size *size = data;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaBoard *board = CAISSA_BOARD (caissa_window_get_board (window));
  GtkWidget *panel = template_child (window, CAISSA_TYPE_WINDOW, "toast_overlay");
  GtkWidget *slot = GTK_WIDGET (caissa_window_get_clock_slot (window));
  g_autofree char *narrow = g_strdup_printf ("\nnarrow %d\n", size->narrow);
  CaissaClockFace *face;
  AdwToast *long_toast;
  GtkWidget *toast;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  /* A clocked game: the clock's buttons must stay free too. */
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), size->width, size->height);
  gtk_window_present (GTK_WINDOW (window));
  wait_two_frames (widget);
  {
    g_autofree char *state = caissa_window_describe_state (window);

    g_assert_nonnull (strstr (state, narrow));
  }

  /* A short toast, from an action. */
  g_assert_true (gtk_widget_activate_action (widget, "win.copy-fen", NULL));
  toast = wait_toast (widget);
  check_toast (widget, toast, board, panel, size->narrow, size);
  check_controls (widget, toast, size);
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (slot));
  g_assert_true (CAISSA_IS_CLOCK_FACE (face));
  for (CaissaColor c = CAISSA_COLOR_WHITE; c <= CAISSA_COLOR_BLACK; c++)
    {
      graphene_rect_t t = bounds_in (toast, widget);
      graphene_rect_t button = bounds_in (caissa_clock_face_get_button (face, c), widget);

      assert_apart (&t, &button, "a clock button", size);
    }

  /* A long one (a game's end), without a button. */
  long_toast = adw_toast_new ("Draw: time ran out, but the opponent could not checkmate");
  adw_toast_set_priority (long_toast, ADW_TOAST_PRIORITY_HIGH);
  _caissa_window_add_toast (window, long_toast);
  wait_two_frames (widget);
  toast = wait_toast (widget);
  check_toast (widget, toast, board, panel, size->narrow, size);
  check_controls (widget, toast, size);

  /* The longest kind: the autosave's failure, with its Details button
   * (high priority: it replaces the one shown). */
  long_toast = adw_toast_new ("The game could not be saved: No space left on device");
  adw_toast_set_button_label (long_toast, "_Details");
  adw_toast_set_priority (long_toast, ADW_TOAST_PRIORITY_HIGH);
  _caissa_window_add_toast (window, long_toast);
  wait_two_frames (widget);
  toast = wait_toast (widget);
  check_toast (widget, toast, board, panel, size->narrow, size);
  check_controls (widget, toast, size);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* --- The practice page --------------------------------------------------------------------- */

/* The toast for unreadable records stays until closed: it must not sit on
 * the board the whole session. */
static void
test_practice (gconstpointer data)
{
  const Size *size = data;
  TestUtilPractice p;
  CaissaPracticePage *page;
  GtkWidget *window, *toast;

  /* The unreadable records are said in the log too (and moved aside). */
  g_test_expect_message ("caissa-practice", G_LOG_LEVEL_WARNING, "*the practice records cannot be read*");
  test_util_practice_setup (&p, "\x01 not [[ a key file\n");
  test_util_practice_show (&p, size->width, size->height);
  page = p.page;
  window = p.window;
  caissa_practice_page_start (page, CHESS_TB_KQK, 2, 2, 42);
  wait_two_frames (window);

  toast = wait_toast (window);
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (p.records, G_FILE_TEST_EXISTS) == FALSE);
  check_toast (window, toast, caissa_practice_page_get_board (page),
               template_child (page, CAISSA_TYPE_PRACTICE_PAGE, "toast_overlay"), size->practice_narrow, size);
  g_assert_cmpint (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (template_child (page, CAISSA_TYPE_PRACTICE_PAGE,
                                                                                         "adaptive_box"))),
                   ==, size->practice_narrow);

  test_util_practice_teardown (&p);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_APP_STYLE, &status))
    return status;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *window = g_strdup_printf ("/app/toast-placement/window/%s", sizes[i].name);
      g_autofree char *practice = g_strdup_printf ("/app/toast-placement/practice-page/%s", sizes[i].name);

      g_test_add_data_func (window, &sizes[i], test_window);
      g_test_add_data_func (practice, &sizes[i], test_practice);
    }
  return g_test_run ();
}
