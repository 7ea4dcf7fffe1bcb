/* test-piece-sets.c — every piece set offered in Preferences loads from the
 * resources, its pieces drawn to one scale: all stand on one baseline, the
 * white and the black piece of a kind have one outline, the king is the
 * tallest and the knight no taller or wider than the queen (the knight
 * was once drawn larger than the other pieces). Choosing a set in the
 * settings gives the board that set.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <adwaita.h>

#include "caissa-board.h"
#include "caissa-piece-set.h"
#include "caissa-preferences-window.h"
#include "chess-types.h"
#include "test-util-gtk.h"

/* The sets the schema offers (and Preferences lists). */
static const char *const set_names[] = { "caissa", "classic" };

#define SIZE 96

typedef struct
{
  int left, top, right, bottom;   /* inclusive; the drawn pixels' box */
} Box;

/* The box of the pixels more than half opaque. */
static Box
drawn_box (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc (4 * w * h);
  Box box = { w, h, -1, -1 };

  gdk_texture_download (texture, data, 4 * w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      /* Cairo's ARGB32, native endian: alpha is the high byte. */
      if ((((guint32 *) data)[y * w + x] >> 24) > 127)
        {
          box.left = MIN (box.left, x);
          box.right = MAX (box.right, x);
          box.top = MIN (box.top, y);
          box.bottom = MAX (box.bottom, y);
        }
  g_assert_cmpint (box.right, >=, box.left);
  return box;
}

static void
test_set (gconstpointer data)
{
  const char *name = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPieceSet) set = caissa_piece_set_new_from_resource (name, &error);
  Box boxes[2][7];

  g_assert_no_error (error);
  g_assert_nonnull (set);
  g_assert_cmpstr (caissa_piece_set_get_name (set), ==, name);

  for (int c = 0; c < 2; c++)
    for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
      {
        ChessPiece piece = chess_piece_make (c == 0 ? CHESS_WHITE : CHESS_BLACK, t);
        GdkTexture *texture = caissa_piece_set_get_texture (set, piece, SIZE);

        g_assert_nonnull (texture);
        boxes[c][t] = drawn_box (texture);
        g_test_message ("%s %d/%d: %d,%d – %d,%d", name, c, t, boxes[c][t].left, boxes[c][t].top,
                        boxes[c][t].right, boxes[c][t].bottom);
      }

  for (int c = 0; c < 2; c++)
    {
      Box *b = boxes[c];
      int queen_h = b[CHESS_QUEEN].bottom - b[CHESS_QUEEN].top;
      int queen_w = b[CHESS_QUEEN].right - b[CHESS_QUEEN].left;

      for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
        {
          /* One baseline, within a pixel. */
          g_assert_cmpint (ABS (b[t].bottom - b[CHESS_KING].bottom), <=, 1);
          /* Inside the square, with room to spare at the sides. */
          g_assert_cmpint (b[t].left, >=, SIZE / 16);
          g_assert_cmpint (b[t].right, <=, SIZE - SIZE / 16);
          g_assert_cmpint (b[t].top, >=, 1);
          if (t != CHESS_KING)
            g_assert_cmpint (b[t].top, >, b[CHESS_KING].top);
          /* The white and the black piece of a kind: one outline. */
          g_assert_cmpint (ABS (b[t].top - boxes[1 - c][t].top), <=, 1);
          g_assert_cmpint (ABS (b[t].left - boxes[1 - c][t].left), <=, 1);
          g_assert_cmpint (ABS (b[t].right - boxes[1 - c][t].right), <=, 1);
        }
      g_assert_cmpint (b[CHESS_KNIGHT].bottom - b[CHESS_KNIGHT].top, <=, queen_h);
      g_assert_cmpint (b[CHESS_KNIGHT].right - b[CHESS_KNIGHT].left, <=, queen_w);
      /* The pawn the smallest. */
      for (int t = CHESS_KNIGHT; t <= CHESS_KING; t++)
        g_assert_cmpint (b[CHESS_PAWN].top, >, b[t].top);
    }
}

/* The setting, through the binding the window and the preview use. */
static void
test_setting (void)
{
  /* The schema compiled into the build tree, over a memory backend. */
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "..", "data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source =
    g_settings_schema_source_new_from_directory (dir, g_settings_schema_source_get_default (), FALSE, &error);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) settings = NULL;
  CaissaBoard *board = CAISSA_BOARD (g_object_ref_sink (caissa_board_new ()));

  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.caissa.Caissa", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, backend, NULL);

  caissa_preferences_bind_board (settings, board);
  for (guint i = 0; i < G_N_ELEMENTS (set_names); i++)
    {
      g_assert_true (g_settings_set_string (settings, "piece-set", set_names[i]));
      g_assert_cmpstr (caissa_piece_set_get_name (caissa_board_get_piece_set (board)), ==, set_names[i]);
    }
  /* The schema offers exactly these. */
  {
    g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, "piece-set");
    g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
    g_autoptr(GVariant) values = NULL;
    g_autofree const char **choices = NULL;
    const char *type;

    g_variant_get (range, "(&sv)", &type, &values);
    g_assert_cmpstr (type, ==, "enum");
    choices = g_variant_get_strv (values, NULL);
    g_assert_cmpuint (g_strv_length ((char **) choices), ==, G_N_ELEMENTS (set_names));
    for (guint i = 0; i < G_N_ELEMENTS (set_names); i++)
      g_assert_cmpstr (choices[i], ==, set_names[i]);
  }

  g_settings_unbind (board, "piece-set");
  g_assert_finalize_object (board);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  for (guint i = 0; i < G_N_ELEMENTS (set_names); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/piece-sets/%s", set_names[i]);

      g_test_add_data_func (path, set_names[i], test_set);
    }
  g_test_add_func ("/app/piece-sets/setting", test_setting);
  return g_test_run ();
}
