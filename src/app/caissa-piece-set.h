/* caissa-piece-set.h — the twelve piece images, rasterised once per size.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece set parses its twelve SVGs once (from the GResource or from a
 * directory) and renders them with librsvg into GdkTextures on request,
 * keeping the textures of the last few pixel sizes. Drawing code only looks
 * textures up; rasterising happens when a widget prepares a new size.
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-types.h"

G_BEGIN_DECLS

#define CAISSA_PIECE_SET_RESOURCE_PATH "/io/github/caissa/Caissa/pieces"

#define CAISSA_TYPE_PIECE_SET (caissa_piece_set_get_type ())

G_DECLARE_FINAL_TYPE (CaissaPieceSet, caissa_piece_set, CAISSA, PIECE_SET, GObject)

CaissaPieceSet *caissa_piece_set_new_from_resource  (const char     *name,
                                                     GError        **error);
CaissaPieceSet *caissa_piece_set_new_from_directory (const char     *path,
                                                     GError        **error);
CaissaPieceSet *caissa_piece_set_get_default        (void);

const char     *caissa_piece_set_get_name           (CaissaPieceSet *self);

/* Renders all twelve pieces at pixel_size × pixel_size unless that size is
 * already cached. Returns TRUE if it had to render. */
gboolean        caissa_piece_set_prepare            (CaissaPieceSet *self,
                                                     int             pixel_size);
gboolean        caissa_piece_set_has_size           (CaissaPieceSet *self,
                                                     int             pixel_size);
/* The texture of piece at pixel_size if cached, else the cached size nearest
 * to it (to be drawn scaled until prepare() runs), else NULL. Never renders.
 * The texture belongs to the set. */
GdkTexture     *caissa_piece_set_lookup             (CaissaPieceSet *self,
                                                     ChessPiece      piece,
                                                     int             pixel_size);
/* Prepare, then lookup. */
GdkTexture     *caissa_piece_set_get_texture        (CaissaPieceSet *self,
                                                     ChessPiece      piece,
                                                     int             pixel_size);
/* How many single pieces have been rendered so far (for tests). */
guint           caissa_piece_set_get_render_count   (CaissaPieceSet *self);

G_END_DECLS
