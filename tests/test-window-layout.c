/* test-window-layout.c — the window works at every size it allows: at
 * sizes from a short narrow phone-like window to a large screen, with a
 * clock and without, the window takes the size asked for or, where that
 * is less than its minimum height at that width, its minimum; and the
 * board, the clock's buttons, the move list, the move field, the
 * navigation buttons and the status line all lie inside it and apart
 * from each other, the board square and not tiny. A panel that grows
 * (a draw offer) grows the window. The practice page likewise. (Below
 * about 700 px tall with a clock the stacked side panel once ran past the
 * window's bottom edge: the box gave its minimum height for side by side.)
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-board.h"
#include "caissa-clock-face.h"
#include "caissa-game-actions.h"
#include "caissa-practice-page.h"
#include "caissa-split-view.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

/* Two frames: the layout, then what it moved (a toast) settles. */
static void
wait_two_frames (GtkWidget *widget)
{
  test_util_wait_for_frame (widget);
  test_util_wait_for_frame (widget);
}

/* The smallest board side (the squares only, without margins) accepted. */
#define MIN_BOARD 160

typedef struct
{
  int      width;
  int      height;
  gboolean clock;
  /* Whether the window must allow this size (see sizes[]). */
  gboolean allowed;
  char    *name;
} Case;

/* Width, height, and whether the window allows that size with a clock
 * and without. Below 528 pixels wide (board and side panel at their least
 * widths) the panel has to go under the board; below the adaptive box's
 * threshold (700) the side panel is compact (caissa-window-compact.h):
 * with a clock a stacked panel then needs about 370 pixels (clock row
 * with the names, the game's actions, moves, move field, navigation,
 * status): with the board's 216 and the header bar the window is at
 * least about 620 tall (it was 750 before the compact panel: a 400 px
 * wide window could not show the play page in 700). */
static const struct
{
  int      width;
  int      height;
  gboolean allowed_with_clock;
  gboolean allowed_without_clock;
} sizes[] = {
  { 360, 560, FALSE, FALSE },
  { 360, 640, TRUE, TRUE },
  { 400, 640, TRUE, TRUE },
  { 400, 700, TRUE, TRUE },
  { 400, 760, TRUE, TRUE },
  { 520, 900, TRUE, TRUE },
  { 600, 500, FALSE, TRUE },
  { 600, 540, TRUE, TRUE },
  { 1000, 600, TRUE, TRUE },
  { 1400, 900, TRUE, TRUE },
};

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

static GtkWidget *
template_child (gpointer    widget,
                GType       type,
                const char *name)
{
  GtkWidget *child = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (widget), type, name));

  g_assert_nonnull (child);
  return child;
}

#define PRINT_RECT(r) (r).origin.x, (r).origin.y, (r).size.width, (r).size.height

typedef struct
{
  const char      *what;
  GtkWidget       *widget;
  graphene_rect_t  bounds;
} Part;

/* The window is as wide as asked, and as tall unless that is less than
 * its minimum height at that width (then the minimum); each part is
 * shown, inside the window and apart from the others; the board
 * (parts[0]) is square and at least MIN_BOARD. */
static void
check_parts (GtkWidget  *window,
             Part       *parts,
             guint       n_parts,
             const Case *c)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_rect_t w;
  graphene_rect_t board;
  graphene_rect_t a1, h8;
  float side;
  int min_height, nat_height;

  /* The surface is the window as a person sizes it (here, without a
   * compositor, it includes a few pixels of resize border). */
  gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, gdk_surface_get_width (surface),
                      &min_height, &nat_height, NULL, NULL);
  g_test_message ("%s: the window %d×%d, at least %d tall at that width", c->name,
                  gdk_surface_get_width (surface), gdk_surface_get_height (surface), min_height);
  g_assert_cmpint (gdk_surface_get_width (surface), ==, c->width);
  g_assert_cmpint (gdk_surface_get_height (surface), ==, MAX (c->height, min_height));
  if (c->allowed)
    g_assert_cmpint (min_height, <=, c->height);
  w = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));

  for (guint i = 0; i < n_parts; i++)
    {
      Part *p = &parts[i];

      if (!gtk_widget_get_mapped (p->widget))
        g_error ("%s: %s is not shown", c->name, p->what);
      g_assert_true (gtk_widget_compute_bounds (p->widget, window, &p->bounds));
      g_test_message ("%s: %s %g,%g %g×%g", c->name, p->what, PRINT_RECT (p->bounds));
      if (p->bounds.size.width < 1 || p->bounds.size.height < 1)
        g_error ("%s: %s has no room (%g,%g %g×%g)", c->name, p->what, PRINT_RECT (p->bounds));
      /* A label not squeezed: as tall as it needs at its width (a
       * wrapped status line once showed its first line only). Labels
       * only: a widget's height leaves out its padding and border, its
       * measure does not. */
      if (GTK_IS_LABEL (p->widget))
        {
          int min, nat;

          gtk_widget_measure (p->widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (p->widget),
                              &min, &nat, NULL, NULL);
          min -= gtk_widget_get_margin_top (p->widget) + gtk_widget_get_margin_bottom (p->widget);
          if (gtk_widget_get_height (p->widget) < min)
            g_error ("%s: %s is %d px tall, less than the %d it needs", c->name, p->what,
                     gtk_widget_get_height (p->widget), min);
        }
      if (!graphene_rect_contains_rect (&w, &p->bounds))
        g_error ("%s: %s (%g,%g %g×%g) is not all inside the window (%g×%g)", c->name, p->what,
                 PRINT_RECT (p->bounds), w.size.width, w.size.height);
    }
  for (guint i = 0; i < n_parts; i++)
    for (guint j = i + 1; j < n_parts; j++)
      {
        graphene_rect_t overlap;

        /* Touching edges are fine; a shared area is not. */
        if (graphene_rect_intersection (&parts[i].bounds, &parts[j].bounds, &overlap)
            && overlap.size.width > 0.5 && overlap.size.height > 0.5)
          g_error ("%s: %s (%g,%g %g×%g) overlaps %s (%g,%g %g×%g)", c->name,
                   parts[i].what, PRINT_RECT (parts[i].bounds),
                   parts[j].what, PRINT_RECT (parts[j].bounds));
      }

  board = parts[0].bounds;
  g_assert_cmpfloat (board.size.width, ==, board.size.height);
  /* The squares themselves, inside the widget's margins. */
  g_assert_true (caissa_board_get_square_bounds (CAISSA_BOARD (parts[0].widget), chess_square_make (0, 0), &a1));
  g_assert_true (caissa_board_get_square_bounds (CAISSA_BOARD (parts[0].widget), chess_square_make (7, 7), &h8));
  side = 8 * a1.size.width;
  g_assert_cmpfloat (a1.size.width, ==, a1.size.height);
  g_assert_cmpfloat (h8.size.width, ==, a1.size.width);
  if (side < MIN_BOARD)
    g_error ("%s: the board's squares are %g px: %g px in all, under %d", c->name, a1.size.width,
             side, MIN_BOARD);
}

/* --- The window --------------------------------------------------------------------------- */

static void
test_window (gconstpointer data)
{
  const Case *c = data;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaGame *game = caissa_window_get_game (window);
  Part parts[9];
  guint n = 0;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  if (c->clock)
    {
      g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
      g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
    }
  else
    {
      static const char *const moves[] = {
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
        "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
      };

      /* Enough moves that the list wants more height than it can have. */
      for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
        g_assert_true (caissa_game_play_san (game, moves[i], NULL));
    }
  gtk_window_set_default_size (GTK_WINDOW (window), c->width, c->height);
  gtk_window_present (GTK_WINDOW (window));
  wait_two_frames (widget);

  parts[n++] = (Part) { "the board", caissa_window_get_board (window) };
  if (c->clock)
    {
      GtkWidget *face = gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window)));

      g_assert_true (CAISSA_IS_CLOCK_FACE (face));
      parts[n++] = (Part) { "White's clock button",
                            caissa_clock_face_get_button (CAISSA_CLOCK_FACE (face), CAISSA_COLOR_WHITE) };
      parts[n++] = (Part) { "Black's clock button",
                            caissa_clock_face_get_button (CAISSA_CLOCK_FACE (face), CAISSA_COLOR_BLACK) };
    }
  parts[n++] = (Part) { "the move list", template_child (window, CAISSA_TYPE_WINDOW, "move_list") };
  parts[n++] = (Part) { "the move field", find_class (widget, "moveentry") };
  parts[n++] = (Part) { "the navigation buttons", find_class (widget, "navigation") };
  parts[n++] = (Part) { "the status line", template_child (window, CAISSA_TYPE_WINDOW, "status_label") };
  parts[n++] = (Part) { "the game's actions", template_child (window, CAISSA_TYPE_WINDOW, "game_actions") };
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (parts[i].widget);
  check_parts (widget, parts, n, c);

  /* The move list keeps room for a few moves. */
  g_assert_cmpfloat (parts[c->clock ? 3 : 1].bounds.size.height, >=, 48);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* A panel that grows while shown (a draw offer, "Showing move 1 of 2")
 * in a window at its least height: the window grows with it rather than
 * let the bottom of the panel run out of it. */
static void
test_window_grows (void)
{
  const Case c = { 400, 620, TRUE, FALSE, (char *) "400x620-clock-offer" };
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *face, *offer;
  Part parts[9];
  guint n = 0;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), c.width, c.height);
  gtk_window_present (GTK_WINDOW (window));
  wait_two_frames (widget);

  face = gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window)));
  g_assert_true (caissa_clock_face_press (CAISSA_CLOCK_FACE (face), CAISSA_COLOR_BLACK));
  g_assert_true (caissa_game_play_san (game, "e4", NULL));
  g_assert_true (gtk_widget_activate_action (widget, "win.offer-draw", NULL));
  g_assert_true (gtk_widget_activate_action (widget, "win.go-previous", NULL));
  wait_two_frames (widget);
  /* The window's size follows the next frame's measure. */
  wait_two_frames (widget);

  offer = template_child (window, CAISSA_TYPE_WINDOW, "game_actions");
  g_assert_true (caissa_game_actions_get_answering (CAISSA_GAME_ACTIONS (offer)));
  parts[n++] = (Part) { "the board", caissa_window_get_board (window) };
  parts[n++] = (Part) { "White's clock button", caissa_clock_face_get_button (CAISSA_CLOCK_FACE (face), CAISSA_COLOR_WHITE) };
  parts[n++] = (Part) { "Black's clock button", caissa_clock_face_get_button (CAISSA_CLOCK_FACE (face), CAISSA_COLOR_BLACK) };
  parts[n++] = (Part) { "the draw offer", gtk_widget_get_parent (caissa_game_actions_get_button (CAISSA_GAME_ACTIONS (offer), "accept")) };
  parts[n++] = (Part) { "the move list", template_child (window, CAISSA_TYPE_WINDOW, "move_list") };
  parts[n++] = (Part) { "the move field", find_class (widget, "moveentry") };
  parts[n++] = (Part) { "the navigation buttons", find_class (widget, "navigation") };
  parts[n++] = (Part) { "the status line", template_child (window, CAISSA_TYPE_WINDOW, "status_label") };
  parts[n++] = (Part) { "the line under it", template_child (window, CAISSA_TYPE_WINDOW, "substatus_label") };
  check_parts (widget, parts, n, &c);
  g_assert_cmpint (gtk_widget_get_height (widget), >, c.height);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* The board comes first on a narrow window: at 520 and 400 px wide with
 * a clock, in a window tall enough, the board takes the width (it once
 * had 190 px at 520 wide while the clock faces stayed large), the clock
 * is one short row with the players' names on its buttons; made wide,
 * the faces are large again and the names' card back. */
static void
test_board_first (void)
{
  static const struct { int width, height; } narrow[] = { { 520, 900 }, { 400, 800 } };
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  GtkWidget *players = template_child (window, CAISSA_TYPE_WINDOW, "players_box");
  CaissaClockFace *face;
  graphene_rect_t board, button;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, "Anna", "Boris", NULL, NULL));
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window))));
  g_assert_true (CAISSA_IS_CLOCK_FACE (face));
  gtk_window_set_default_size (GTK_WINDOW (window), narrow[0].width, narrow[0].height);
  gtk_window_present (GTK_WINDOW (window));

  for (guint i = 0; i < G_N_ELEMENTS (narrow); i++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), narrow[i].width, narrow[i].height);
      wait_two_frames (widget);
      wait_two_frames (widget);
      g_assert_true (gtk_widget_compute_bounds (caissa_window_get_board (window), widget, &board));
      g_assert_true (gtk_widget_compute_bounds (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE),
                                                widget, &button));
      g_test_message ("%d×%d: board %g×%g, clock button %g×%g", narrow[i].width, narrow[i].height,
                      board.size.width, board.size.height, button.size.width, button.size.height);
      /* Nine tenths of the width, or more. */
      g_assert_cmpfloat (board.size.width, >=, narrow[i].width * 0.9);
      g_assert_cmpfloat (button.size.height, <=, 64);
      g_assert_false (gtk_widget_get_visible (players));
      g_assert_cmpstr (caissa_clock_face_get_name (face, CAISSA_COLOR_WHITE), ==, "Anna");
      g_assert_cmpstr (caissa_clock_face_get_name (face, CAISSA_COLOR_BLACK), ==, "Boris");
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_two_frames (widget);
  wait_two_frames (widget);
  g_assert_true (gtk_widget_compute_bounds (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE), widget, &button));
  g_assert_cmpfloat (button.size.height, >=, 80);
  g_assert_true (gtk_widget_get_visible (players));
  g_assert_cmpstr (caissa_clock_face_get_name (face, CAISSA_COLOR_WHITE), ==, "White");

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* A narrow window made wide: the game list stays closed (the flap once
 * opened it, empty, on unfolding). */
static void
test_window_widened (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaSplitView *flap = CAISSA_SPLIT_VIEW (template_child (window, CAISSA_TYPE_WINDOW, "flap"));
  GdkSurface *surface;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 700);
  gtk_window_present (GTK_WINDOW (window));
  wait_two_frames (widget);
  g_assert_true (caissa_split_view_get_folded (flap));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  wait_two_frames (widget);
  surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_assert_cmpint (gdk_surface_get_width (surface), ==, 1000);
  g_assert_false (caissa_split_view_get_folded (flap));
  g_assert_false (caissa_split_view_get_reveal_flap (flap));

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* --- Reviewing a file ---------------------------------------------------------------------- */

typedef struct
{
  int width;
  int height;
  int min_list;      /* the game list's least width beside the board */
  int min_panel;     /* the move list's least width (the panel less its margins) */
  gboolean evals;    /* the file's moves have [%eval]: the evaluation bar and graph shown */
} ReviewCase;

/* The default size, a small laptop's, a large screen: the game list
 * beside the board and its panel, the board at least 400 px, the move
 * list at least 12 rows, each part wider on the larger screens (the
 * list once took 485 px at 1000×720 and stacked the moves under the
 * board in one and a half rows). */
static const ReviewCase review_cases[] = {
  { 1000, 720, 240, 296, FALSE },
  { 1366, 768, 360, 296, FALSE },
  { 1920, 1080, 560, 400, FALSE },
  { 1000, 720, 240, 278, TRUE },
  { 1366, 768, 360, 278, TRUE },
  { 1920, 1080, 560, 400, TRUE },
};

static char *review_path;
static char *review_evals_path;

static void
write_review_file (gboolean   evals,
                   char     **path)
{
  g_autoptr(GString) text = g_string_new (NULL);
  int fd;

  for (guint g = 0; g < 30; g++)
    {
      g_string_append_printf (text, "[Event \"Candidates Tournament %u\"]\n[White \"Nepomniachtchi, Ian %u\"]\n"
                              "[Black \"Fischer, Robert James\"]\n[Result \"*\"]\n[WhiteElo \"2789\"]\n"
                              "[BlackElo \"2785\"]\n\n", g, g);
      /* Forty moves of knights going back and forth. */
      for (guint m = 0; m < 40; m++)
        if (evals)
          g_string_append_printf (text, "%u. %s { [%%eval 0.%u] } %u... %s { [%%eval -0.%u] } ", m + 1,
                                  m % 2 ? "Ng1" : "Nf3", m % 10, m + 1, m % 2 ? "Ng8" : "Nf6", m % 10);
        else
          g_string_append_printf (text, "%u. %s %s ", m + 1, m % 2 ? "Ng1" : "Nf3", m % 2 ? "Ng8" : "Nf6");
      g_string_append (text, "*\n\n");
    }
  fd = g_file_open_tmp ("caissa-layout-XXXXXX.pgn", path, NULL);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (*path, text->str, -1, NULL));
}

/* The rows of the move list in view: its move numbers inside its bounds. */
static guint
move_rows_in_view (GtkWidget *window,
                   GtkWidget *move_list)
{
  g_autoptr(GPtrArray) numbers = g_ptr_array_new ();
  graphene_rect_t list, row;
  guint n = 0;

  g_assert_true (gtk_widget_compute_bounds (move_list, window, &list));
  for (GtkWidget *w = gtk_widget_get_first_child (move_list); w != NULL; )
    {
      if (gtk_widget_has_css_class (w, "move-number") && gtk_widget_get_mapped (w))
        g_ptr_array_add (numbers, w);
      /* Depth first through the list's widgets. */
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != move_list && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w == move_list ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  for (guint i = 0; i < numbers->len; i++)
    if (gtk_widget_compute_bounds (numbers->pdata[i], window, &row)
        && row.origin.y >= list.origin.y && row.origin.y + row.size.height <= list.origin.y + list.size.height)
      n++;
  return n;
}

static void
test_review (gconstpointer data)
{
  const ReviewCase *c = data;
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaSplitView *split = CAISSA_SPLIT_VIEW (template_child (window, CAISSA_TYPE_WINDOW, "flap"));
  GtkWidget *list = template_child (window, CAISSA_TYPE_WINDOW, "game_list");
  GtkWidget *move_list = template_child (window, CAISSA_TYPE_WINDOW, "move_list");
  CaissaBoard *board = CAISSA_BOARD (caissa_window_get_board (window));
  g_autoptr(GFile) file = g_file_new_for_path (c->evals ? review_evals_path : review_path);
  g_autoptr(GError) error = NULL;
  gint64 deadline = test_util_deadline (30);
  graphene_rect_t a1, list_bounds, moves_bounds, board_bounds;
  guint rows;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_set_default_size (GTK_WINDOW (window), c->width, c->height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, file, &error));
  g_assert_no_error (error);
  while (!(caissa_split_view_get_reveal_flap (split) && gtk_widget_get_mapped (list))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (list));
  wait_two_frames (widget);
  wait_two_frames (widget);
  if (c->evals)
    {
      /* At a move with an evaluation: the bar beside the board, the graph
       * under the moves. */
      g_assert_true (gtk_widget_activate_action_variant (widget, "win.go-next", NULL));
      test_util_wait_state (window, "eval-bar", "1 0.00");
      wait_two_frames (widget);
      wait_two_frames (widget);
    }

  g_assert_false (caissa_split_view_get_folded (split));
  g_assert_true (caissa_board_get_square_bounds (board, chess_square_make (0, 0), &a1));
  g_assert_true (gtk_widget_compute_bounds (list, widget, &list_bounds));
  g_assert_true (gtk_widget_compute_bounds (move_list, widget, &moves_bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board), widget, &board_bounds));
  rows = move_rows_in_view (widget, move_list);
  g_test_message ("%d×%d: game list %g px wide, board %g px (its widget %g×%g at %g), "
                  "move list %g×%g at %g with %u rows",
                  c->width, c->height, list_bounds.size.width, 8 * a1.size.width,
                  board_bounds.size.width, board_bounds.size.height, board_bounds.origin.x,
                  moves_bounds.size.width, moves_bounds.size.height, moves_bounds.origin.x, rows);
  g_assert_cmpfloat (8 * a1.size.width, >=, 400);
  g_assert_cmpuint (rows, >=, 12);
  g_assert_cmpfloat (list_bounds.size.width, >=, c->min_list);
  g_assert_cmpfloat (moves_bounds.size.width, >=, c->min_panel);
  /* Side by side: list, then board, then the move list. */
  g_assert_cmpfloat (list_bounds.origin.x + list_bounds.size.width, <=, board_bounds.origin.x);
  g_assert_cmpfloat (board_bounds.origin.x + board_bounds.size.width, <=, moves_bounds.origin.x);

  /* The handle moved: the list's width is what was asked, the board keeps its room. */
  caissa_split_view_set_flap_width (split, c->min_list);
  wait_two_frames (widget);
  g_assert_cmpint (caissa_split_view_get_shown_flap_width (split), ==, c->min_list);
  caissa_split_view_set_flap_width (split, c->width);
  wait_two_frames (widget);
  g_assert_true (caissa_board_get_square_bounds (board, chess_square_make (0, 0), &a1));
  g_assert_cmpfloat (8 * a1.size.width, >=, 400);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* 600 px wide: the list is a page over the board, opened and closed. */
static void
test_review_narrow (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaSplitView *split = CAISSA_SPLIT_VIEW (template_child (window, CAISSA_TYPE_WINDOW, "flap"));
  GtkWidget *list = template_child (window, CAISSA_TYPE_WINDOW, "game_list");
  GtkWidget *board = caissa_window_get_board (window);
  g_autoptr(GFile) file = g_file_new_for_path (review_path);
  gint64 deadline = test_util_deadline (30);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, file, NULL));
  while (!(caissa_split_view_get_reveal_flap (split) && gtk_widget_get_mapped (list))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  wait_two_frames (widget);
  g_assert_true (caissa_split_view_get_folded (split));
  g_assert_true (gtk_widget_get_mapped (list));
  g_assert_false (gtk_widget_get_mapped (board));
  g_assert_cmpint (gtk_widget_get_width (list), ==, gtk_widget_get_width (GTK_WIDGET (split)));

  /* Closed: the board. */
  g_assert_true (gtk_widget_activate_action (widget, "win.show-games", NULL));
  wait_two_frames (widget);
  g_assert_false (gtk_widget_get_mapped (list));
  g_assert_true (gtk_widget_get_mapped (board));

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* --- The practice page -------------------------------------------------------------------- */

static void
test_practice (gconstpointer data)
{
  const Case *c = data;
  TestUtilPractice p;
  CaissaPracticePage *page;
  GtkWidget *window;
  Part parts[2];

  test_util_practice_setup (&p, NULL);
  test_util_practice_show (&p, c->width, c->height);
  page = p.page;
  window = p.window;
  caissa_practice_page_start (page, CHESS_TB_KQK, 2, 2, 42);
  wait_two_frames (window);

  /* The side panel scrolls: all of it is reachable when it is inside. */
  parts[0] = (Part) { "the board", GTK_WIDGET (caissa_practice_page_get_board (page)) };
  parts[1] = (Part) { "the side panel", template_child (page, CAISSA_TYPE_PRACTICE_PAGE, "toast_overlay") };
  check_parts (window, parts, G_N_ELEMENTS (parts), c);
  /* Room for more than a line of it. */
  g_assert_cmpfloat (parts[1].bounds.size.height, >=, 120);

  test_util_practice_teardown (&p);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new ();
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_APP_STYLE, &status))
    return status;
  /* GNOME's title buttons (Xvfb's default adds Minimize and Maximize,
   * which alone make the header bar wider than 360 pixels). */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int clock = 1; clock >= 0; clock--)
      {
        Case *c = g_new0 (Case, 1);
        g_autofree char *path = NULL;

        c->width = sizes[i].width;
        c->height = sizes[i].height;
        c->clock = clock;
        c->allowed = clock ? sizes[i].allowed_with_clock : sizes[i].allowed_without_clock;
        c->name = g_strdup_printf ("%dx%d%s", c->width, c->height, clock ? "-clock" : "");
        path = g_strdup_printf ("/app/window-layout/window/%s", c->name);
        g_test_add_data_func (path, c, test_window);
        if (clock)
          {
            g_autofree char *practice = g_strdup_printf ("/app/window-layout/practice-page/%dx%d",
                                                         c->width, c->height);

            g_test_add_data_func (practice, c, test_practice);
          }
        g_ptr_array_add (cases, c);
      }
  g_test_add_func ("/app/window-layout/window/grows-with-its-panel", test_window_grows);
  g_test_add_func ("/app/window-layout/window/widened", test_window_widened);
  g_test_add_func ("/app/window-layout/window/board-first", test_board_first);
  write_review_file (FALSE, &review_path);
  write_review_file (TRUE, &review_evals_path);
  for (guint i = 0; i < G_N_ELEMENTS (review_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/window-layout/review/%dx%d%s",
                                               review_cases[i].width, review_cases[i].height,
                                               review_cases[i].evals ? "-evals" : "");

      g_test_add_data_func (path, &review_cases[i], test_review);
    }
  g_test_add_func ("/app/window-layout/review/600-narrow", test_review_narrow);
  status = g_test_run ();
  g_unlink (review_path);
  g_free (review_path);
  g_unlink (review_evals_path);
  g_free (review_evals_path);
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = cases->pdata[i];

      g_free (c->name);
      g_free (c);
    }
  return status;
}
