/* test-board.c — CaissaBoard: what it draws (pixels of a real render) and
 * how it takes moves (clicks, drags, promotion, castling, touch-move).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A display test: it needs an X11 or Wayland display (CI runs it under
 * Xvfb). Without one it skips, except when $CI is set: then it fails.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "caissa-board-private.h"
#include "caissa-game.h"
#include "chess-fen.h"
#include "test-util-gtk.h"

#define KINGS_ONLY "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

static ChessSquare
sq (const char *name)
{
  return chess_square_make (name[0] - 'a', name[1] - '1');
}

/* ---------------------------------------------------------------------- */
/* Fixture: a 400×400 window holding a board on a game. */

typedef struct
{
  GtkWidget   *window;
  CaissaBoard *board;
  CaissaGame  *game;
  GdkTexture  *texture;
  guchar      *pixels;
  gsize        stride;
  int          width;
  int          height;
  int          scale;
} Fixture;

static CaissaPieceSet *
test_piece_set (void)
{
  static CaissaPieceSet *set;

  if (set == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "pieces",
                                                    "caissa", NULL);

      /* The pieces as the art engineer drew them; a tree without them
       * yet draws font glyphs, which pass the same tests. */
      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          set = caissa_piece_set_new_from_directory (dir, &error);
          g_assert_no_error (error);
        }
      else
        set = g_object_ref (caissa_piece_set_get_default ());
    }

  return set;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
iterate_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
wait_for_size (Fixture *f)
{
  gint64 deadline = test_util_deadline (10);

  while (!gtk_widget_get_mapped (GTK_WIDGET (f->board))
         || gtk_widget_get_width (GTK_WIDGET (f->board)) < 8 * 24)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  iterate_for (50);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *fen = data;
  g_autoptr(GError) error = NULL;

  f->game = caissa_game_new ();
  if (fen != NULL)
    {
      caissa_game_load_fen (f->game, fen, &error);
      g_assert_no_error (error);
    }

  f->board = CAISSA_BOARD (caissa_board_new ());
  caissa_board_set_piece_set (f->board, test_piece_set ());
  caissa_board_set_game (f->board, f->game);
  caissa_board_set_animate (f->board, FALSE);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 400, 400);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->board));
  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_size (f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->texture);
  g_clear_pointer (&f->pixels, g_free);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_finalize_object (f->game);
}

/* Renders the board as the window last drew it, with the window's own
 * renderer, and keeps the pixels, BGRA premultiplied (all opaque here). */
static void
render (Fixture *f)
{
  GtkWidget *widget = GTK_WIDGET (f->board);
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  test_util_wait_for_frame (widget);
  paintable = gtk_widget_paintable_new (widget);

  f->width = gtk_widget_get_width (widget);
  f->height = gtk_widget_get_height (widget);
  f->scale = gtk_widget_get_scale_factor (widget);
  /* In device pixels, as on screen (GDK_SCALE=2 tests HiDPI). */
  gtk_snapshot_scale (snapshot, f->scale, f->scale);
  gdk_paintable_snapshot (paintable, snapshot, f->width, f->height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);

  g_clear_object (&f->texture);
  f->texture = gsk_renderer_render_texture (renderer, node,
                                            &GRAPHENE_RECT_INIT (0, 0, f->width * f->scale,
                                                                 f->height * f->scale));
  g_assert_cmpint (gdk_texture_get_width (f->texture), ==, f->width * f->scale);
  gsk_render_node_unref (node);

  g_clear_pointer (&f->pixels, g_free);
  f->stride = gdk_texture_get_width (f->texture) * 4;
  f->pixels = g_malloc (f->stride * gdk_texture_get_height (f->texture));
  gdk_texture_download (f->texture, f->pixels, f->stride);

  if (g_getenv ("CAISSA_TEST_SAVE_PNG") != NULL)
    {
      g_autofree char *name = g_strdelimit (g_strdup_printf ("%s.png", g_test_get_path ()),
                                            "/", '_');
      g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "caissa-board-test", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_mkdir_with_parents (dir, 0755);
      gdk_texture_save_to_png (f->texture, path);
      g_test_message ("saved %s", path);
    }
}

typedef struct
{
  int r, g, b;
} Rgb;

static Rgb
pixel (Fixture *f,
       double   x,
       double   y)
{
  int px = (int) (x * f->scale), py = (int) (y * f->scale);
  const guchar *p;

  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, gdk_texture_get_width (f->texture));
  g_assert_cmpint (py, <, gdk_texture_get_height (f->texture));
  p = f->pixels + py * f->stride + px * 4;
  if (G_BYTE_ORDER == G_LITTLE_ENDIAN)
    return (Rgb) { p[2], p[1], p[0] };
  return (Rgb) { p[1], p[2], p[3] };
}

static int
distance (Rgb      a,
          const GdkRGBA *b)
{
  return abs (a.r - (int) lround (b->red * 255)) + abs (a.g - (int) lround (b->green * 255))
         + abs (a.b - (int) lround (b->blue * 255));
}

static GdkRGBA
rgba (const char *spec)
{
  GdkRGBA color;

  g_assert_true (gdk_rgba_parse (&color, spec));
  return color;
}

/* The pixel a fraction (fx, fy) into a square. */
static Rgb
square_pixel (Fixture    *f,
              const char *square,
              double      fx,
              double      fy)
{
  graphene_rect_t r;

  g_assert_true (caissa_board_get_square_bounds (f->board, sq (square), &r));
  return pixel (f, r.origin.x + fx * r.size.width, r.origin.y + fy * r.size.height);
}

typedef gboolean (*PixelTest) (Rgb p);

/* How many pixels of a square pass a test (every pixel at scale 1). */
static guint
count_in_square (Fixture    *f,
                 const char *square,
                 PixelTest   test)
{
  graphene_rect_t r;
  guint n = 0;

  g_assert_true (caissa_board_get_square_bounds (f->board, sq (square), &r));
  for (int y = 0; y < (int) r.size.height; y++)
    for (int x = 0; x < (int) r.size.width; x++)
      n += test (pixel (f, r.origin.x + x, r.origin.y + y));
  return n;
}

static gboolean
is_near_white (Rgb p)
{
  return p.r > 235 && p.g > 235 && p.b > 225;
}

static gboolean
is_near_black (Rgb p)
{
  return p.r < 60 && p.g < 60 && p.b < 60;
}

static gboolean
is_bright (Rgb p)
{
  return p.r > 200 && p.g > 200 && p.b > 200;
}

static gboolean
is_red (Rgb p)
{
  return p.r > 150 && p.g < 90 && p.b < 90;
}

static void
center_of (Fixture    *f,
           const char *square,
           double     *x,
           double     *y)
{
  graphene_rect_t r;

  g_assert_true (caissa_board_get_square_bounds (f->board, sq (square), &r));
  *x = r.origin.x + r.size.width / 2;
  *y = r.origin.y + r.size.height / 2;
}

static void
click (Fixture    *f,
       const char *square)
{
  double x, y;

  center_of (f, square, &x, &y);
  _caissa_board_press (f->board, x, y);
  _caissa_board_release (f->board, x, y);
}

static void
drag (Fixture    *f,
      const char *from,
      const char *to)
{
  double x0, y0, x1, y1;

  center_of (f, from, &x0, &y0);
  center_of (f, to, &x1, &y1);
  _caissa_board_press (f->board, x0, y0);
  for (int i = 1; i <= 10; i++)
    _caissa_board_motion (f->board, x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10);
  _caissa_board_release (f->board, x1, y1);
}

static ChessPiece
piece_at (Fixture    *f,
          const char *square)
{
  return chess_position_piece_at (caissa_game_get_position (f->game), sq (square));
}

#define W(type) chess_piece_make (CHESS_WHITE, CHESS_##type)
#define B(type) chess_piece_make (CHESS_BLACK, CHESS_##type)

/* ---------------------------------------------------------------------- */
/* Geometry and drawing */

static void
test_geometry (Fixture       *f,
               gconstpointer  data)
{
  int w = gtk_widget_get_width (GTK_WIDGET (f->board));
  int h = gtk_widget_get_height (GTK_WIDGET (f->board));
  int s = MIN (w, h) / 8;
  int ox = (w - 8 * s) / 2, oy = (h - 8 * s) / 2;
  graphene_rect_t a1, h8;

  /* Square, as large as fits, centred; a1 bottom-left. */
  g_assert_true (caissa_board_get_square_bounds (f->board, sq ("a1"), &a1));
  g_assert_true (caissa_board_get_square_bounds (f->board, sq ("h8"), &h8));
  g_assert_cmpfloat (a1.size.width, ==, s);
  g_assert_cmpfloat (a1.size.height, ==, s);
  g_assert_cmpfloat (a1.origin.x, ==, ox);
  g_assert_cmpfloat (a1.origin.y, ==, oy + 7 * s);
  g_assert_cmpfloat (h8.origin.x, ==, ox + 7 * s);
  g_assert_cmpfloat (h8.origin.y, ==, oy);
  g_assert_cmpint (caissa_board_get_square_at (f->board, ox + 1, oy + 8 * s - 1), ==, sq ("a1"));
  g_assert_cmpint (caissa_board_get_square_at (f->board, ox + 8 * s - 1, oy + 1), ==, sq ("h8"));
  g_assert_cmpint (caissa_board_get_square_at (f->board, ox + 8 * s + 1, oy + 1), ==,
                   CHESS_NO_SQUARE);

  caissa_board_set_flipped (f->board, TRUE);
  g_assert_true (caissa_board_get_square_bounds (f->board, sq ("a1"), &a1));
  g_assert_cmpfloat (a1.origin.x, ==, ox + 7 * s);
  g_assert_cmpfloat (a1.origin.y, ==, oy);
  g_assert_cmpint (caissa_board_get_square_at (f->board, ox + 1, oy + 8 * s - 1), ==, sq ("h8"));

}

/* A wide window: the board stays square, as large as fits, centred. */
static void
test_geometry_wide (void)
{
  GtkWidget *window = gtk_window_new ();
  CaissaBoard *board = CAISSA_BOARD (caissa_board_new ());
  gint64 deadline = test_util_deadline (10);
  graphene_rect_t a1, h8;
  int w, h, s;

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (GTK_WIDGET (board)) < 8 * 24)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }

  w = gtk_widget_get_width (GTK_WIDGET (board));
  h = gtk_widget_get_height (GTK_WIDGET (board));
  g_assert_cmpint (w, >, h);
  s = h / 8;
  g_assert_true (caissa_board_get_square_bounds (board, sq ("a1"), &a1));
  g_assert_true (caissa_board_get_square_bounds (board, sq ("h8"), &h8));
  g_assert_cmpfloat (a1.size.width, ==, s);
  g_assert_cmpfloat (a1.origin.x, ==, (w - 8 * s) / 2);
  g_assert_cmpfloat (h8.origin.x + s - a1.origin.x, ==, 8 * s);
  g_assert_cmpfloat (a1.origin.y + s - h8.origin.y, ==, 8 * s);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_square_colours (Fixture       *f,
                     gconstpointer  data)
{
  GdkRGBA light = rgba ("#f0d9b5"), dark = rgba ("#b58863");
  int s, ox, oy;

  render (f);
  s = MIN (f->width, f->height) / 8;
  ox = (f->width - 8 * s) / 2;
  oy = (f->height - 8 * s) / 2;

  /* Normal orientation: bottom-left (a1) dark, bottom-right (h1) light,
   * top-left (a8) light. Pixels read by position, not through the board's
   * own geometry. */
  g_assert_cmpint (distance (pixel (f, ox + s / 2, oy + 7.5 * s), &dark), <, 12);
  g_assert_cmpint (distance (pixel (f, ox + 7.5 * s, oy + 7.5 * s), &light), <, 12);
  g_assert_cmpint (distance (pixel (f, ox + s / 2, oy + s / 2 + s), &dark), <, 12);   /* a7 */
  g_assert_cmpint (distance (square_pixel (f, "d4", 0.5, 0.5), &dark), <, 12);

  /* Flipped: h8 bottom-left (dark), a8 bottom-right (light); a1 top-right. */
  caissa_board_set_flipped (f->board, TRUE);
  render (f);
  g_assert_cmpint (distance (pixel (f, ox + s / 2, oy + 7.5 * s), &dark), <, 12);
  g_assert_cmpint (distance (pixel (f, ox + 7.5 * s, oy + 7.5 * s), &light), <, 12);
  g_assert_cmpint (distance (pixel (f, ox + 7.5 * s, oy + s / 2), &dark), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "h1", 0.5, 0.5), &light), <, 12);

  /* Themes change the colours. */
  caissa_board_set_theme (f->board, "green");
  render (f);
  g_assert_cmpint (distance (square_pixel (f, "a1", 0.5, 0.5), &(GdkRGBA) { 0x76 / 255.0, 0x96 / 255.0, 0x56 / 255.0, 1 }), <, 12);
  caissa_board_set_colors (f->board, &(GdkRGBA) { 1, 1, 1, 1 }, &(GdkRGBA) { 0, 0, 1, 1 });
  g_assert_cmpstr (caissa_board_get_theme (f->board), ==, "custom");
  render (f);
  g_assert_cmpint (distance (square_pixel (f, "a1", 0.5, 0.5), &(GdkRGBA) { 0, 0, 1, 1 }), <, 12);
}

static gboolean
is_light_label (Rgb p)
{
  /* Label on a dark square: the light square colour. */
  return p.r > 225 && p.g > 200 && p.b > 165;
}

static gboolean
is_dark_label (Rgb p)
{
  return p.r < 200 && p.r > 160 && p.g < 150 && p.b < 115;
}

static guint
count_in_rect (Fixture  *f,
               double    x0,
               double    y0,
               double    w,
               double    h,
               PixelTest test)
{
  guint n = 0;

  for (int y = 0; y < (int) h; y++)
    for (int x = 0; x < (int) w; x++)
      n += test (pixel (f, x0 + x, y0 + y));
  return n;
}

static void
test_coordinates (Fixture       *f,
                  gconstpointer  data)
{
  graphene_rect_t a1, h1, h8;
  guint rank_label, file_label;

  render (f);
  /* a1 (dark) has "1" top-left and "a" bottom-right, in the light colour. */
  caissa_board_get_square_bounds (f->board, sq ("a1"), &a1);
  rank_label = count_in_rect (f, a1.origin.x, a1.origin.y, a1.size.width / 3, a1.size.height / 3,
                              is_light_label);
  file_label = count_in_rect (f, a1.origin.x + a1.size.width * 2 / 3,
                              a1.origin.y + a1.size.height * 2 / 3,
                              a1.size.width / 3, a1.size.height / 3, is_light_label);
  g_assert_cmpuint (rank_label, >, 5);
  g_assert_cmpuint (file_label, >, 5);
  /* h1 (light) has its file letter in the dark colour, no rank number. */
  caissa_board_get_square_bounds (f->board, sq ("h1"), &h1);
  g_assert_cmpuint (count_in_rect (f, h1.origin.x + h1.size.width * 2 / 3,
                                   h1.origin.y + h1.size.height * 2 / 3,
                                   h1.size.width / 3, h1.size.height / 3, is_dark_label), >, 5);
  g_assert_cmpuint (count_in_rect (f, h1.origin.x, h1.origin.y, h1.size.width / 3,
                                   h1.size.height / 3, is_dark_label), ==, 0);

  /* Flipped, the labels follow the edge: h8 is bottom-left and gets both. */
  caissa_board_set_flipped (f->board, TRUE);
  render (f);
  caissa_board_get_square_bounds (f->board, sq ("h8"), &h8);
  g_assert_cmpuint (count_in_rect (f, h8.origin.x, h8.origin.y, h8.size.width / 3,
                                   h8.size.height / 3, is_light_label), >, 5);
  caissa_board_get_square_bounds (f->board, sq ("a1"), &a1);
  g_assert_cmpuint (count_in_rect (f, a1.origin.x, a1.origin.y, a1.size.width / 3,
                                   a1.size.height / 3, is_light_label), ==, 0);

  caissa_board_set_show_coordinates (f->board, FALSE);
  render (f);
  g_assert_cmpuint (count_in_rect (f, h8.origin.x, h8.origin.y, h8.size.width / 3,
                                   h8.size.height / 3, is_light_label), ==, 0);
}

static void
test_pieces (Fixture       *f,
             gconstpointer  data)
{
  render (f);
  /* The white king shows white, the black king black, an empty square
   * neither. */
  g_assert_cmpuint (count_in_square (f, "e1", is_near_white), >, 100);
  g_assert_cmpuint (count_in_square (f, "e8", is_near_black), >, 100);
  g_assert_cmpuint (count_in_square (f, "e8", is_near_white), <, 20);
  g_assert_cmpuint (count_in_square (f, "e4", is_near_white), ==, 0);
  g_assert_cmpuint (count_in_square (f, "e4", is_near_black), ==, 0);
  g_assert_cmpuint (count_in_square (f, "e5", is_near_black), ==, 0);

  /* Flipped, the king's square is drawn elsewhere and still holds the king. */
  caissa_board_set_flipped (f->board, TRUE);
  render (f);
  g_assert_cmpuint (count_in_square (f, "e1", is_near_white), >, 100);
  g_assert_cmpuint (count_in_square (f, "e8", is_near_black), >, 100);
}

static void
test_last_move (Fixture       *f,
                gconstpointer  data)
{
  GdkRGBA light = rgba ("#f0d9b5"), dark = rgba ("#b58863");
  g_autoptr(GError) error = NULL;

  render (f);
  g_assert_cmpint (distance (square_pixel (f, "e2", 0.08, 0.5), &light), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "e4", 0.08, 0.5), &light), <, 12);

  caissa_game_play_move (f->game, chess_move_make (sq ("e2"), sq ("e4"), CHESS_MOVE_NORMAL),
                         &error);
  g_assert_no_error (error);
  render (f);
  /* From and to tinted (yellow-green), a square beside them not. */
  g_assert_cmpint (distance (square_pixel (f, "e2", 0.08, 0.5), &light), >, 40);
  g_assert_cmpint (distance (square_pixel (f, "e4", 0.08, 0.5), &light), >, 40);
  g_assert_cmpint (square_pixel (f, "e2", 0.08, 0.5).b, <, square_pixel (f, "e2", 0.08, 0.5).g - 60);
  g_assert_cmpint (distance (square_pixel (f, "e3", 0.08, 0.5), &dark), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "d4", 0.08, 0.5), &dark), <, 12);
  g_assert_cmpuint (count_in_square (f, "e4", is_near_white), >, 50);   /* the pawn arrived */
}

static void
test_check (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  render (f);
  g_assert_cmpuint (count_in_square (f, "e1", is_red), ==, 0);

  /* The rook gives check: a red glow under the white king only. */
  caissa_game_load_fen (f->game, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", &error);
  g_assert_no_error (error);
  render (f);
  g_assert_cmpuint (count_in_square (f, "e1", is_red), >, 100);
  g_assert_cmpuint (count_in_square (f, "e8", is_red), ==, 0);
  g_assert_cmpuint (count_in_square (f, "d1", is_red), ==, 0);
}

static void
test_targets (Fixture       *f,
              gconstpointer  data)
{
  GdkRGBA light = rgba ("#f0d9b5"), dark = rgba ("#b58863");

  click (f, "g1");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g1"));
  render (f);
  /* Dots in the centres of f3 and h3, nothing on g3; the selected square
   * tinted at its edge. */
  g_assert_cmpint (distance (square_pixel (f, "f3", 0.5, 0.5), &light), >, 60);
  g_assert_cmpint (distance (square_pixel (f, "h3", 0.5, 0.5), &light), >, 60);
  g_assert_cmpint (distance (square_pixel (f, "g3", 0.5, 0.5), &dark), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "f3", 0.1, 0.1), &light), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "g1", 0.04, 0.5), &dark), >, 40);

  caissa_board_set_show_legal_moves (f->board, FALSE);
  render (f);
  g_assert_cmpint (distance (square_pixel (f, "f3", 0.5, 0.5), &light), <, 12);
  caissa_board_set_show_legal_moves (f->board, TRUE);

  /* A capture shows a ring at the square's edge, not a dot. */
  caissa_game_load_fen (f->game, "4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", NULL);
  click (f, "e4");
  render (f);
  g_assert_cmpint (distance (square_pixel (f, "d6", 0.5, 0.06), &dark), >, 60);
  g_assert_cmpint (distance (square_pixel (f, "d5", 0.5, 0.5), &light), <, 12);  /* not a target */
  g_assert_cmpint (distance (square_pixel (f, "c3", 0.5, 0.5), &dark), >, 40);   /* a dot */
}

static void
test_arrows_and_marks (Fixture       *f,
                       gconstpointer  data)
{
  GdkRGBA light = rgba ("#f0d9b5"), dark = rgba ("#b58863");
  const CaissaBoardArrow arrow = { sq ("a3"), sq ("a6"), CAISSA_BOARD_MARK_GREEN };
  const CaissaBoardMark mark = { sq ("d4"), CAISSA_BOARD_MARK_RED };
  Rgb p;

  caissa_board_set_arrows (f->board, &arrow, 1);
  caissa_board_set_marks (f->board, &mark, 1);
  render (f);
  /* The shaft crosses a4 and a5 (centres), green; b4 is untouched. */
  p = square_pixel (f, "a4", 0.5, 0.5);
  g_assert_cmpint (p.g, >, p.r + 30);
  p = square_pixel (f, "a5", 0.5, 0.5);
  g_assert_cmpint (p.g, >, p.r + 30);
  g_assert_cmpint (distance (square_pixel (f, "b4", 0.5, 0.5), &dark), <, 12);
  /* The marked square has a red ring at its edge, its centre untouched. */
  p = square_pixel (f, "d4", 0.5, 0.08);
  g_assert_cmpint (p.r, >, p.g + 50);
  g_assert_cmpint (distance (square_pixel (f, "d4", 0.5, 0.5), &dark), <, 12);

  caissa_board_set_arrows (f->board, NULL, 0);
  caissa_board_set_marks (f->board, NULL, 0);
  render (f);
  g_assert_cmpint (distance (square_pixel (f, "a4", 0.5, 0.5), &light), <, 12);
  g_assert_cmpint (distance (square_pixel (f, "d4", 0.5, 0.08), &dark), <, 12);
}

static void
test_promotion_chooser_pixels (Fixture       *f,
                               gconstpointer  data)
{
  click (f, "b7");
  click (f, "b8");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, sq ("b8"));
  render (f);
  /* The chooser's four pieces stand in bright discs on b8, b7, b6, b5 over
   * a dimmed board. */
  for (int rank = 8; rank >= 5; rank--)
    {
      char name[3] = { 'b', (char) ('0' + rank), 0 };

      g_assert_cmpuint (count_in_square (f, name, is_bright), >, 20 * 20);
      g_assert_cmpuint (count_in_square (f, name, is_near_black), >, 30);
    }
  g_assert_cmpuint (count_in_square (f, "b4", is_bright), ==, 0);
  g_assert_cmpuint (count_in_square (f, "b4", is_near_black), ==, 0);
  g_assert_cmpint (square_pixel (f, "h1", 0.5, 0.5).r, <, 150);
}

/* ---------------------------------------------------------------------- */
/* The static layer is reused */

static guint
snapshot_once (Fixture *f)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  _caissa_board_snapshot (f->board, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  gsk_render_node_unref (node);
  return _caissa_board_get_static_builds (f->board);
}

static void
test_static_layer (Fixture       *f,
                   gconstpointer  data)
{
  CaissaPieceSet *set = caissa_board_get_piece_set (f->board);
  guint builds, renders = caissa_piece_set_get_render_count (set);
  double x0, y0, x1, y1;

  builds = snapshot_once (f);
  g_assert_cmpuint (snapshot_once (f), ==, builds);

  /* Selecting is dynamic: no rebuild. */
  click (f, "e2");
  g_assert_cmpuint (snapshot_once (f), ==, builds);

  /* Lifting the piece rebuilds the pieces once; moving it does not. */
  center_of (f, "d2", &x0, &y0);
  center_of (f, "d4", &x1, &y1);
  _caissa_board_press (f->board, x0, y0);
  _caissa_board_motion (f->board, x0, y0 + 10);
  builds = snapshot_once (f);
  for (int i = 0; i < 20; i++)
    {
      _caissa_board_motion (f->board, x0, y0 + i * (y1 - y0) / 20);
      g_assert_cmpuint (snapshot_once (f), ==, builds);
    }
  _caissa_board_release (f->board, x1, y1);
  g_assert_cmpint (piece_at (f, "d4"), ==, W (PAWN));

  /* A position change, a flip and a theme each rebuild. */
  builds = snapshot_once (f);
  caissa_board_set_flipped (f->board, TRUE);
  g_assert_cmpuint (snapshot_once (f), >, builds);
  builds = snapshot_once (f);
  caissa_board_set_theme (f->board, "blue");
  g_assert_cmpuint (snapshot_once (f), >, builds);

  /* Drawing never rasterises pieces. */
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, renders);
}

static void
test_resize_rasterises (Fixture       *f,
                        gconstpointer  data)
{
  CaissaPieceSet *set = caissa_board_get_piece_set (f->board);
  guint renders = caissa_piece_set_get_render_count (set);
  int size = 37 * gtk_widget_get_scale_factor (GTK_WIDGET (f->board));
  graphene_rect_t r;

  g_assert_false (caissa_piece_set_has_size (set, size));

  /* A new allocation redraws at once with the old textures scaled, and
   * renders the pieces at the new size only once the size has settled. */
  GTK_WIDGET_GET_CLASS (f->board)->size_allocate (GTK_WIDGET (f->board), 8 * 37, 8 * 37 + 10, -1);
  g_assert_true (caissa_board_get_square_bounds (f->board, sq ("a8"), &r));
  g_assert_cmpfloat (r.size.width, ==, 37);
  g_assert_cmpfloat (r.origin.y, ==, 5);
  snapshot_once (f);
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, renders);
  g_assert_false (caissa_piece_set_has_size (set, size));

  iterate_for (300);
  g_assert_true (caissa_piece_set_has_size (set, size));
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, renders + 12);
}

static void
test_piece_set_cache (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "data", "pieces", "caissa", NULL);
  g_autoptr(CaissaPieceSet) set = NULL;
  GdkTexture *t48, *t96;

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("data/pieces/caissa not present");
      return;
    }
  set = caissa_piece_set_new_from_directory (dir, &error);
  g_assert_no_error (error);

  g_assert_null (caissa_piece_set_lookup (set, W (KING), 48));
  t48 = caissa_piece_set_get_texture (set, W (KING), 48);
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, 12);
  g_assert_cmpint (gdk_texture_get_width (t48), ==, 48);
  g_assert_true (caissa_piece_set_get_texture (set, W (KING), 48) == t48);
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, 12);

  /* Another size renders twelve more; until then the nearest is offered. */
  g_assert_true (caissa_piece_set_lookup (set, B (QUEEN), 96)
                 == caissa_piece_set_lookup (set, B (QUEEN), 48));
  t96 = caissa_piece_set_get_texture (set, W (KING), 96);
  g_assert_cmpint (gdk_texture_get_width (t96), ==, 96);
  g_assert_cmpuint (caissa_piece_set_get_render_count (set), ==, 24);
  g_assert_true (caissa_piece_set_lookup (set, W (KING), 50) == t48);

  /* A missing directory is an error that names the file. */
  g_clear_object (&set);
  set = caissa_piece_set_new_from_directory ("/nonexistent/pieces", &error);
  g_assert_null (set);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/pieces/wP.svg"));
}

/* ---------------------------------------------------------------------- */
/* Input */

static void
test_click_click (Fixture       *f,
                  gconstpointer  data)
{
  click (f, "e2");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("e2"));

  /* Another own piece switches the selection; an empty square that is no
   * target deselects; the selected piece clicked again is put down. */
  click (f, "g1");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g1"));
  click (f, "e5");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);
  click (f, "g1");
  click (f, "g1");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  /* Black's pieces cannot be picked up on White's move. */
  click (f, "e7");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  click (f, "e2");
  click (f, "e4");
  g_assert_cmpint (piece_at (f, "e4"), ==, W (PAWN));
  g_assert_cmpint (piece_at (f, "e2"), ==, CHESS_NO_PIECE);
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  click (f, "e7");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("e7"));
  click (f, "e5");
  g_assert_cmpint (piece_at (f, "e5"), ==, B (PAWN));
  g_assert_cmpint (caissa_game_get_last_move (f->game), ==,
                   chess_move_make (sq ("e7"), sq ("e5"), CHESS_MOVE_NORMAL));
}

static void
test_drag (Fixture       *f,
           gconstpointer  data)
{
  double x, y;

  /* An illegal drop sends the piece home and drops the selection. */
  drag (f, "d2", "d5");
  g_assert_cmpint (piece_at (f, "d2"), ==, W (PAWN));
  g_assert_cmpint (piece_at (f, "d5"), ==, CHESS_NO_PIECE);
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  /* A drag off the board too. */
  center_of (f, "d2", &x, &y);
  _caissa_board_press (f->board, x, y);
  _caissa_board_motion (f->board, x, y + 30);
  _caissa_board_release (f->board, -50, -50);
  g_assert_cmpint (piece_at (f, "d2"), ==, W (PAWN));

  /* A tiny wobble is still a click: the piece stays selected. */
  _caissa_board_press (f->board, x, y);
  _caissa_board_motion (f->board, x + 1, y + 1);
  _caissa_board_release (f->board, x + 1, y + 1);
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("d2"));

  drag (f, "g1", "f3");
  g_assert_cmpint (piece_at (f, "f3"), ==, W (KNIGHT));
  g_assert_cmpint (piece_at (f, "g1"), ==, CHESS_NO_PIECE);

  /* Dropped back on its own square: still selected, a click then moves it. */
  drag (f, "g8", "g8");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g8"));
  click (f, "f6");
  g_assert_cmpint (piece_at (f, "f6"), ==, B (KNIGHT));
}

static void
test_castling (Fixture       *f,
               gconstpointer  data)
{
  /* King two squares; king onto its own rook. */
  click (f, "e1");
  click (f, "g1");
  g_assert_cmpint (piece_at (f, "g1"), ==, W (KING));
  g_assert_cmpint (piece_at (f, "f1"), ==, W (ROOK));
  drag (f, "e8", "a8");
  g_assert_cmpint (piece_at (f, "c8"), ==, B (KING));
  g_assert_cmpint (piece_at (f, "d8"), ==, B (ROOK));
}

static void
test_promotion (Fixture       *f,
                gconstpointer  data)
{
  /* The chooser opens; Escape (cancel) sends the pawn back. */
  click (f, "b7");
  click (f, "b8");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, sq ("b8"));
  g_assert_cmpint (piece_at (f, "b7"), ==, W (PAWN));
  caissa_board_cancel (f->board);
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (piece_at (f, "b7"), ==, W (PAWN));

  /* A click outside the chooser cancels too. */
  drag (f, "b7", "b8");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, sq ("b8"));
  click (f, "g4");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (piece_at (f, "b7"), ==, W (PAWN));

  /* Queen, knight, rook, bishop from b8 down: the knight is on b7. */
  drag (f, "b7", "b8");
  click (f, "b7");
  g_assert_cmpint (piece_at (f, "b8"), ==, W (KNIGHT));
  g_assert_cmpint (piece_at (f, "b7"), ==, CHESS_NO_PIECE);

  /* Black promotes on the first rank, flipped board, by capture: the
   * chooser runs a1 (queen) … a4 (bishop). */
  caissa_board_set_flipped (f->board, TRUE);
  click (f, "b2");
  click (f, "a1");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, sq ("a1"));
  click (f, "a4");
  g_assert_cmpint (piece_at (f, "a1"), ==, B (BISHOP));
}

static void
test_touch_move (Fixture       *f,
                 gconstpointer  data)
{
  g_assert_false (caissa_board_get_touch_move (f->board));
  caissa_board_set_touch_move (f->board, TRUE);

  /* Touching the knight commits to it: the bishop cannot be picked up,
   * a wrong square or Escape does not let go. */
  click (f, "g1");
  g_assert_cmpint (caissa_board_get_committed_square (f->board), ==, sq ("g1"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (f->board)));
  click (f, "e2");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g1"));
  click (f, "g1");
  click (f, "e5");
  caissa_board_cancel (f->board);
  drag (f, "g1", "g4");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g1"));
  g_assert_cmpint (caissa_board_get_committed_square (f->board), ==, sq ("g1"));
  drag (f, "e2", "e4");
  g_assert_cmpint (piece_at (f, "e2"), ==, W (PAWN));
  click (f, "f3");
  g_assert_cmpint (piece_at (f, "f3"), ==, W (KNIGHT));
  g_assert_cmpint (caissa_board_get_committed_square (f->board), ==, CHESS_NO_SQUARE);
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (f->board)));

  /* A piece without a legal move commits to nothing (the black rook). */
  click (f, "h8");
  g_assert_cmpint (caissa_board_get_committed_square (f->board), ==, CHESS_NO_SQUARE);
  click (f, "e7");
  click (f, "e5");

  /* Touching the black pawn on e5 (capturable only by the knight) commits
   * White to take it: the pawn on d2 cannot be picked up, the knight only
   * captures. */
  click (f, "e5");
  g_assert_cmpint (caissa_board_get_committed_target (f->board), ==, sq ("e5"));
  click (f, "d2");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);
  click (f, "f3");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("f3"));
  g_assert_cmpuint (_caissa_board_targets (f->board, sq ("f3")), ==, 1ULL << sq ("e5"));
  click (f, "g5");
  g_assert_cmpint (piece_at (f, "f3"), ==, W (KNIGHT));
  click (f, "e5");
  g_assert_cmpint (piece_at (f, "e5"), ==, W (KNIGHT));
  g_assert_cmpint (caissa_board_get_committed_target (f->board), ==, CHESS_NO_SQUARE);

  /* Off again: free choice. */
  click (f, "d7");
  caissa_board_set_touch_move (f->board, FALSE);
  click (f, "b8");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("b8"));
}

static void
test_not_interactive (Fixture       *f,
                      gconstpointer  data)
{
  caissa_board_set_interactive (f->board, FALSE);
  click (f, "e2");
  click (f, "e4");
  g_assert_cmpint (piece_at (f, "e2"), ==, W (PAWN));
  caissa_board_set_interactive (f->board, TRUE);

  /* Looking at an earlier position of a played game: no moving. */
  caissa_game_play_move (f->game, chess_move_make (sq ("e2"), sq ("e4"), CHESS_MOVE_NORMAL), NULL);
  caissa_game_go_previous (f->game);
  g_assert_false (caissa_game_get_can_move (f->game));
  click (f, "d2");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);
  caissa_game_go_next (f->game);
  click (f, "d7");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("d7"));
}

static void
test_animation (Fixture       *f,
                gconstpointer  data)
{
  caissa_board_set_animate (f->board, TRUE);

  /* Click-click slides the piece for about 150 ms. */
  click (f, "g1");
  click (f, "f3");
  g_assert_cmpuint (f->board->n_anim, ==, 1);
  g_assert_cmpuint (f->board->hidden, ==, 1ULL << sq ("f3"));
  iterate_for (400);
  g_assert_cmpuint (f->board->n_anim, ==, 0);
  g_assert_cmpuint (f->board->hidden, ==, 0);

  /* A drop does not slide. */
  drag (f, "g8", "f6");
  g_assert_cmpint (piece_at (f, "f6"), ==, B (KNIGHT));
  g_assert_cmpuint (f->board->n_anim, ==, 0);

  /* Navigating back slides the knight home. */
  caissa_game_go_previous (f->game);
  g_assert_cmpuint (f->board->n_anim, ==, 1);
  g_assert_cmpint (f->board->anim[0].to, ==, sq ("g8"));
  iterate_for (400);

  /* Castling slides king and rook. */
  caissa_game_load_fen (f->game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL);
  click (f, "e1");
  click (f, "c1");
  g_assert_cmpuint (f->board->n_anim, ==, 2);
  g_assert_cmpint (f->board->anim[1].from, ==, sq ("a1"));
  g_assert_cmpint (f->board->anim[1].to, ==, sq ("d1"));
  render (f);
  iterate_for (400);
  g_assert_cmpuint (f->board->n_anim, ==, 0);
}

/* ---------------------------------------------------------------------- */
/* Properties and lifetime, libadwaita's way */

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           int        *count)
{
  (*count)++;
}

static void
test_properties (void)
{
  CaissaBoard *board = g_object_ref_sink (CAISSA_BOARD (caissa_board_new ()));
  CaissaGame *game = caissa_game_new ();
  int flipped = 0, theme = 0, game_count = 0;
  g_autofree char *theme_value = NULL;
  CaissaGame *game_value = NULL;

  g_signal_connect (board, "notify::flipped", G_CALLBACK (notify_cb), &flipped);
  g_signal_connect (board, "notify::theme", G_CALLBACK (notify_cb), &theme);
  g_signal_connect (board, "notify::game", G_CALLBACK (notify_cb), &game_count);

  caissa_board_set_flipped (board, TRUE);
  caissa_board_set_flipped (board, TRUE);
  g_object_set (board, "flipped", FALSE, NULL);
  g_assert_cmpint (flipped, ==, 2);

  caissa_board_set_theme (board, "grey");
  caissa_board_set_theme (board, "grey");
  g_assert_cmpint (theme, ==, 1);
  g_object_get (board, "theme", &theme_value, NULL);
  g_assert_cmpstr (theme_value, ==, "grey");
  g_assert_cmpstrv (caissa_board_get_theme_names (),
                    ((const char *[]) { "brown", "green", "blue", "grey", NULL }));

  caissa_board_set_game (board, game);
  caissa_board_set_game (board, game);
  g_assert_cmpint (game_count, ==, 1);
  g_object_get (board, "game", &game_value, NULL);
  g_assert_true (game_value == game);
  g_object_unref (game_value);

  g_assert_true (caissa_board_get_show_coordinates (board));
  g_assert_true (caissa_board_get_show_legal_moves (board));
  g_assert_true (caissa_board_get_animate (board));
  g_assert_true (caissa_board_get_interactive (board));
  g_assert_false (caissa_board_get_touch_move (board));

  /* Unmapped and unallocated: no squares, no crash on clicks. */
  g_assert_false (caissa_board_get_square_bounds (board, sq ("e2"), &GRAPHENE_RECT_INIT (0, 0, 0, 0)));
  caissa_board_activate_square (board, sq ("e2"));
  caissa_board_activate_square (board, sq ("e4"));
  g_assert_cmpint (chess_position_piece_at (caissa_game_get_position (game), sq ("e4")), ==,
                   W (PAWN));

  g_assert_finalize_object (board);
  g_assert_finalize_object (game);
}

int
main (int    argc,
      char **argv)
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/board/properties", test_properties);
  g_test_add_func ("/board/piece-set/cache", test_piece_set_cache);
  g_test_add_func ("/board/geometry-wide", test_geometry_wide);

#define ADD(path, fen, func) \
  g_test_add ("/board/" path, Fixture, fen, fixture_setup, func, fixture_teardown)

  ADD ("geometry", NULL, test_geometry);
  ADD ("draw/square-colours", KINGS_ONLY, test_square_colours);
  ADD ("draw/coordinates", KINGS_ONLY, test_coordinates);
  ADD ("draw/pieces", NULL, test_pieces);
  ADD ("draw/last-move", NULL, test_last_move);
  ADD ("draw/check", NULL, test_check);
  ADD ("draw/legal-targets", NULL, test_targets);
  ADD ("draw/arrows-and-marks", KINGS_ONLY, test_arrows_and_marks);
  ADD ("draw/promotion-chooser", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", test_promotion_chooser_pixels);
  ADD ("draw/static-layer-reused", NULL, test_static_layer);
  ADD ("draw/resize-rasterises", NULL, test_resize_rasterises);
  ADD ("input/click-click", NULL, test_click_click);
  ADD ("input/drag", NULL, test_drag);
  ADD ("input/castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", test_castling);
  ADD ("input/promotion", "4k3/1P6/8/8/8/8/1p6/R3K3 w - - 0 1", test_promotion);
  ADD ("input/touch-move", NULL, test_touch_move);
  ADD ("input/not-interactive", NULL, test_not_interactive);
  ADD ("input/animation", NULL, test_animation);

#undef ADD

  return g_test_run ();
}
