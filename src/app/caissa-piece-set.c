/* caissa-piece-set.c — the twelve piece images, rasterised once per size.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-piece-set"

#include "config.h"

#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include "caissa-piece-set.h"

/* A board, its promotion chooser and a thumbnail may want different sizes at
 * once; a window being resized wants a new one every few frames. */
#define N_CACHED_SIZES 4

typedef struct
{
  int         pixel_size;
  guint64     last_used;
  GdkTexture *textures[16];
} SizeEntry;

struct _CaissaPieceSet
{
  GObject     parent_instance;

  char       *name;
  /* Indexed by ChessPiece (1..6 white, 9..14 black); NULL when the set
   * has no SVGs and draws font glyphs instead. */
  RsvgHandle *handles[16];
  SizeEntry   sizes[N_CACHED_SIZES];
  guint64     use_counter;
  guint       render_count;
};

G_DEFINE_FINAL_TYPE (CaissaPieceSet, caissa_piece_set, G_TYPE_OBJECT)

static const char piece_letters[] = " PNBRQK";

static void
clear_entry (SizeEntry *entry)
{
  for (guint i = 0; i < G_N_ELEMENTS (entry->textures); i++)
    g_clear_object (&entry->textures[i]);
  entry->pixel_size = 0;
  entry->last_used = 0;
}

static void
caissa_piece_set_finalize (GObject *object)
{
  CaissaPieceSet *self = CAISSA_PIECE_SET (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->handles); i++)
    g_clear_object (&self->handles[i]);
  for (guint i = 0; i < N_CACHED_SIZES; i++)
    clear_entry (&self->sizes[i]);
  g_free (self->name);

  G_OBJECT_CLASS (caissa_piece_set_parent_class)->finalize (object);
}

static void
caissa_piece_set_class_init (CaissaPieceSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = caissa_piece_set_finalize;
}

static void
caissa_piece_set_init (CaissaPieceSet *self)
{
}

static char *
piece_file_name (ChessPiece piece)
{
  return g_strdup_printf ("%c%c.svg",
                          chess_piece_color (piece) == CHESS_WHITE ? 'w' : 'b',
                          piece_letters[chess_piece_type (piece)]);
}

#define FOREACH_PIECE(p)                                                  \
  for (ChessPiece p = 1; p < 15; p = (p == 6 ? 9 : p + 1))

static CaissaPieceSet *
load_set (const char *name,
          const char *resource_dir,
          const char *directory,
          GError    **error)
{
  g_autoptr(CaissaPieceSet) self = g_object_new (CAISSA_TYPE_PIECE_SET, NULL);

  self->name = g_strdup (name);

  FOREACH_PIECE (piece)
    {
      g_autofree char *file_name = piece_file_name (piece);
      g_autoptr(GError) local_error = NULL;
      RsvgHandle *handle;

      if (resource_dir != NULL)
        {
          g_autofree char *path = g_build_path ("/", resource_dir, file_name, NULL);
          g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, &local_error);
          gsize len;
          const guint8 *data;

          if (bytes == NULL)
            {
              g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                          "%s: ", path);
              return NULL;
            }
          data = g_bytes_get_data (bytes, &len);
          handle = rsvg_handle_new_from_data (data, len, &local_error);
          if (handle == NULL)
            {
              g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                          "%s: ", path);
              return NULL;
            }
        }
      else
        {
          g_autofree char *path = g_build_filename (directory, file_name, NULL);

          handle = rsvg_handle_new_from_file (path, &local_error);
          if (handle == NULL)
            {
              g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                          "%s: ", path);
              return NULL;
            }
        }
      self->handles[piece] = handle;
    }

  return g_steal_pointer (&self);
}

CaissaPieceSet *
caissa_piece_set_new_from_resource (const char *name,
                                    GError    **error)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  dir = g_build_path ("/", CAISSA_PIECE_SET_RESOURCE_PATH, name, NULL);
  return load_set (name, dir, NULL, error);
}

CaissaPieceSet *
caissa_piece_set_new_from_directory (const char *path,
                                     GError    **error)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  name = g_path_get_basename (path);
  return load_set (name, NULL, path, error);
}

/* The built-in set from the GResource. A binary built without the resource
 * (a unit test, say) still gets a usable board: pieces drawn from font
 * glyphs. The resource is looked for again until found, so a board made
 * before the resource was registered does not keep glyphs for good. */
CaissaPieceSet *
caissa_piece_set_get_default (void)
{
  static CaissaPieceSet *default_set;
  static CaissaPieceSet *glyph_set;
  g_autoptr(GError) error = NULL;

  if (default_set != NULL)
    return default_set;

  default_set = caissa_piece_set_new_from_resource ("caissa", &error);
  if (default_set != NULL)
    return default_set;

  if (glyph_set == NULL)
    {
      g_debug ("No piece resource (%s); drawing pieces from font glyphs", error->message);
      glyph_set = g_object_new (CAISSA_TYPE_PIECE_SET, NULL);
      glyph_set->name = g_strdup ("glyphs");
    }
  return glyph_set;
}

const char *
caissa_piece_set_get_name (CaissaPieceSet *self)
{
  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), NULL);

  return self->name;
}

static SizeEntry *
find_entry (CaissaPieceSet *self,
            int             pixel_size)
{
  for (guint i = 0; i < N_CACHED_SIZES; i++)
    if (self->sizes[i].pixel_size == pixel_size)
      return &self->sizes[i];
  return NULL;
}

gboolean
caissa_piece_set_has_size (CaissaPieceSet *self,
                           int             pixel_size)
{
  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), FALSE);

  return find_entry (self, pixel_size) != NULL;
}

static void
draw_glyph (cairo_t   *cr,
            ChessPiece piece,
            int        size)
{
  /* The black chess glyphs (U+265A…) filled white or black, outlined. */
  static const char *glyphs[] = { "", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A" };
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("DejaVu Sans");
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoRectangle ink;
  gboolean white = chess_piece_color (piece) == CHESS_WHITE;

  pango_font_description_set_absolute_size (font, size * 0.8 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, glyphs[chess_piece_type (piece)], -1);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  cairo_move_to (cr, (size - ink.width) / 2.0 - ink.x, (size - ink.height) / 2.0 - ink.y);
  pango_cairo_layout_path (cr, layout);
  cairo_set_source_rgb (cr, white ? 1 : 0.1, white ? 1 : 0.1, white ? 1 : 0.1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, MAX (1.0, size / 40.0));
  cairo_stroke (cr);
  g_object_unref (layout);
}

static GdkTexture *
render_piece (CaissaPieceSet *self,
              ChessPiece      piece,
              int             size)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  GBytes *bytes;
  GdkTexture *texture;
  int stride;

  if (self->handles[piece] != NULL)
    {
      RsvgRectangle viewport = { 0, 0, size, size };
      g_autoptr(GError) error = NULL;

      if (!rsvg_handle_render_document (self->handles[piece], cr, &viewport, &error))
        g_warning ("Could not render piece %d of set %s: %s", piece, self->name, error->message);
    }
  else
    draw_glyph (cr, piece, size);

  cairo_destroy (cr);
  cairo_surface_flush (surface);
  self->render_count++;

  /* Cairo's ARGB32 is premultiplied BGRA in memory on little-endian hosts
   * and ARGB on big-endian ones: GDK_MEMORY_DEFAULT is defined to match it. */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * size,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, stride);
  g_bytes_unref (bytes);

  return texture;
}

gboolean
caissa_piece_set_prepare (CaissaPieceSet *self,
                          int             pixel_size)
{
  SizeEntry *entry;

  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), FALSE);
  g_return_val_if_fail (pixel_size > 0, FALSE);

  entry = find_entry (self, pixel_size);
  if (entry != NULL)
    {
      entry->last_used = ++self->use_counter;
      return FALSE;
    }

  /* Evict the least recently used size. */
  entry = &self->sizes[0];
  for (guint i = 1; i < N_CACHED_SIZES; i++)
    if (self->sizes[i].last_used < entry->last_used)
      entry = &self->sizes[i];
  clear_entry (entry);

  FOREACH_PIECE (piece)
    entry->textures[piece] = render_piece (self, piece, pixel_size);
  entry->pixel_size = pixel_size;
  entry->last_used = ++self->use_counter;

  return TRUE;
}

GdkTexture *
caissa_piece_set_lookup (CaissaPieceSet *self,
                         ChessPiece      piece,
                         int             pixel_size)
{
  SizeEntry *best = NULL;

  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), NULL);
  g_return_val_if_fail (piece < 16, NULL);

  for (guint i = 0; i < N_CACHED_SIZES; i++)
    {
      SizeEntry *entry = &self->sizes[i];

      if (entry->pixel_size == 0)
        continue;
      if (best == NULL
          || ABS (entry->pixel_size - pixel_size) < ABS (best->pixel_size - pixel_size))
        best = entry;
    }

  return best != NULL ? best->textures[piece] : NULL;
}

GdkTexture *
caissa_piece_set_get_texture (CaissaPieceSet *self,
                              ChessPiece      piece,
                              int             pixel_size)
{
  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), NULL);

  caissa_piece_set_prepare (self, pixel_size);
  return caissa_piece_set_lookup (self, piece, pixel_size);
}

guint
caissa_piece_set_get_render_count (CaissaPieceSet *self)
{
  g_return_val_if_fail (CAISSA_IS_PIECE_SET (self), 0);

  return self->render_count;
}
