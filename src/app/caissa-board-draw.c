/* caissa-board-draw.c — how CaissaBoard draws: the static layer, kept as
 * two render nodes (under and over the pieces' squares), and the dynamic
 * layer added on top of them each frame.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-board"

#include "config.h"

#include <math.h>

#include "caissa-board-private.h"

/* Translucent tints laid over a square's own colour. */
static const GdkRGBA last_move_tint = { 0.61f, 0.78f, 0.0f, 0.41f };
static const GdkRGBA mark_colors[] = {
  { 0.08f, 0.47f, 0.11f, 0.8f },  /* green */
  { 0.53f, 0.13f, 0.13f, 0.8f },  /* red */
  { 0.90f, 0.56f, 0.0f,  0.8f },  /* yellow */
  { 0.0f,  0.19f, 0.53f, 0.8f },  /* blue */
};

static gboolean
is_light_square (ChessSquare square)
{
  /* a1 is dark, h1 light: file + rank odd. */
  return (chess_square_file (square) + chess_square_rank (square)) & 1;
}

static void
square_rect (CaissaBoard     *self,
             ChessSquare      square,
             graphene_rect_t *rect)
{
  float x = 0, y = 0;

  _caissa_board_square_origin (self, square, &x, &y);
  graphene_rect_init (rect, x, y, self->square_size, self->square_size);
}

/* ---------------------------------------------------------------------- */
/* The static layer */

void
_caissa_board_invalidate_pieces (CaissaBoard *self)
{
  g_clear_pointer (&self->pieces_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_caissa_board_invalidate_static (CaissaBoard *self)
{
  g_clear_pointer (&self->background_node, gsk_render_node_unref);
  _caissa_board_invalidate_pieces (self);
}

static void
append_tint (GtkSnapshot   *snapshot,
             CaissaBoard   *self,
             ChessSquare    square,
             const GdkRGBA *color)
{
  graphene_rect_t rect;

  square_rect (self, square, &rect);
  gtk_snapshot_append_color (snapshot, color, &rect);
}

static void
append_circle (GtkSnapshot           *snapshot,
               const graphene_rect_t *rect,
               float                  line_width,
               const GdkRGBA         *color)
{
  GskRoundedRect outline;
  const float widths[4] = { line_width, line_width, line_width, line_width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&outline, rect, rect->size.width / 2);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
append_check_glow (GtkSnapshot *snapshot,
                   CaissaBoard *self,
                   ChessSquare  king)
{
  static const GskColorStop stops[] = {
    { 0.0f,  { 1.0f,  0.0f, 0.0f, 1.0f } },
    { 0.25f, { 0.91f, 0.0f, 0.0f, 1.0f } },
    { 0.89f, { 0.66f, 0.0f, 0.0f, 0.0f } },
    { 1.0f,  { 0.62f, 0.0f, 0.0f, 0.0f } },
  };
  graphene_rect_t rect;
  graphene_point_t center;
  float radius = self->square_size * 0.5f * 1.15f;

  square_rect (self, king, &rect);
  graphene_rect_get_center (&rect, &center);
  gtk_snapshot_append_radial_gradient (snapshot, &rect, &center, radius, radius,
                                       0.0f, 1.0f, stops, G_N_ELEMENTS (stops));
}

static void
append_coordinates (GtkSnapshot *snapshot,
                    CaissaBoard *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  PangoFontDescription *font;
  int s = self->square_size;
  int pad = MAX (1, s / 20);

  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7, s * 0.19) * PANGO_SCALE);

  for (int i = 0; i < 8; i++)
    {
      /* Rank numbers down the left edge, file letters along the bottom. */
      ChessSquare rank_square = self->flipped ? chess_square_make (7, i) : chess_square_make (0, i);
      ChessSquare file_square = self->flipped ? chess_square_make (i, 7) : chess_square_make (i, 0);
      char rank_text[2] = { (char) ('1' + i), 0 };
      char file_text[2] = { (char) ('a' + i), 0 };
      PangoLayout *layout;
      PangoRectangle ink, logical;
      float x, y;

      layout = gtk_widget_create_pango_layout (widget, rank_text);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_extents (layout, &ink, &logical);
      _caissa_board_square_origin (self, rank_square, &x, &y);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + pad - ink.x + 1, y + pad - ink.y + 1));
      gtk_snapshot_append_layout (snapshot, layout,
                                  is_light_square (rank_square) ? &self->dark : &self->light);
      gtk_snapshot_restore (snapshot);
      g_object_unref (layout);

      layout = gtk_widget_create_pango_layout (widget, file_text);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_extents (layout, &ink, &logical);
      _caissa_board_square_origin (self, file_square, &x, &y);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (x + s - pad - ink.x - ink.width - 1,
                                                    y + s - pad - ink.y - ink.height - 1));
      gtk_snapshot_append_layout (snapshot, layout,
                                  is_light_square (file_square) ? &self->dark : &self->light);
      gtk_snapshot_restore (snapshot);
      g_object_unref (layout);
    }

  pango_font_description_free (font);
}

static GskRenderNode *
build_background (CaissaBoard *self)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int s = self->square_size;

  gtk_snapshot_append_color (snapshot, &self->light, &GRAPHENE_RECT_INIT (0, 0, 8 * s, 8 * s));
  for (ChessSquare sq = 0; sq < 64; sq++)
    if (!is_light_square (sq))
      append_tint (snapshot, self, sq, &self->dark);

  if (self->has_position && self->last_move != CHESS_MOVE_NONE
      && self->last_move != CHESS_MOVE_NULL)
    {
      append_tint (snapshot, self, chess_move_from (self->last_move), &last_move_tint);
      append_tint (snapshot, self, chess_move_to (self->last_move), &last_move_tint);
    }

  for (guint i = 0; i < self->marks->len; i++)
    {
      const CaissaBoardMark *mark = &g_array_index (self->marks, CaissaBoardMark, i);
      graphene_rect_t rect;

      if (mark->square >= 64)
        continue;
      square_rect (self, mark->square, &rect);
      graphene_rect_inset (&rect, s * 0.04f, s * 0.04f);
      append_circle (snapshot, &rect, MAX (2.0f, s * 0.07f), &mark_colors[mark->color & 3]);
    }

  if (self->has_position && self->position.checkers != 0)
    append_check_glow (snapshot, self,
                       chess_position_king (&self->position, self->position.side));

  if (self->show_coordinates && s >= 16)
    append_coordinates (snapshot, self);

  self->static_builds++;
  return gtk_snapshot_free_to_node (snapshot);
}

static GdkTexture *
piece_texture (CaissaBoard *self,
               ChessPiece   piece)
{
  return caissa_piece_set_lookup (self->piece_set, piece, self->texture_size);
}

static void
append_arrow (cairo_t                *cr,
              CaissaBoard            *self,
              const CaissaBoardArrow *arrow)
{
  float fx, fy, tx, ty;
  double s = self->square_size;
  double dx, dy, len, ux, uy;
  double shaft = s * 0.16, head_len = s * 0.42, head_width = s * 0.46;
  double bx, by;

  _caissa_board_square_origin (self, arrow->from, &fx, &fy);
  _caissa_board_square_origin (self, arrow->to, &tx, &ty);
  fx += s / 2, fy += s / 2, tx += s / 2, ty += s / 2;
  dx = tx - fx;
  dy = ty - fy;
  len = sqrt (dx * dx + dy * dy);
  if (len < 1)
    return;
  ux = dx / len;
  uy = dy / len;

  /* The shaft starts a little off the centre of the from-square and the
   * head's tip stops short of the to-square's centre, as on a real board. */
  fx += ux * s * 0.2, fy += uy * s * 0.2;
  tx -= ux * s * 0.1, ty -= uy * s * 0.1;
  bx = tx - ux * head_len;
  by = ty - uy * head_len;

  cairo_move_to (cr, fx - uy * shaft / 2, fy + ux * shaft / 2);
  cairo_line_to (cr, bx - uy * shaft / 2, by + ux * shaft / 2);
  cairo_line_to (cr, bx - uy * head_width / 2, by + ux * head_width / 2);
  cairo_line_to (cr, tx, ty);
  cairo_line_to (cr, bx + uy * head_width / 2, by - ux * head_width / 2);
  cairo_line_to (cr, bx + uy * shaft / 2, by - ux * shaft / 2);
  cairo_line_to (cr, fx + uy * shaft / 2, fy - ux * shaft / 2);
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, &mark_colors[arrow->color & 3]);
  cairo_fill (cr);
}

static GskRenderNode *
build_pieces (CaissaBoard *self)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int s = self->square_size;

  if (self->has_position)
    {
      for (ChessSquare sq = 0; sq < 64; sq++)
        {
          ChessPiece piece = self->position.board[sq];
          GdkTexture *texture;
          graphene_rect_t rect;

          if (piece == CHESS_NO_PIECE || (self->hidden & (1ULL << sq))
              || (sq == self->promotion_from && self->promotion_to != CHESS_NO_SQUARE))
            continue;
          texture = piece_texture (self, piece);
          if (texture == NULL)
            continue;
          square_rect (self, sq, &rect);
          if (sq == self->lifted)
            {
              gtk_snapshot_push_opacity (snapshot, 0.3);
              gtk_snapshot_append_texture (snapshot, texture, &rect);
              gtk_snapshot_pop (snapshot);
            }
          else
            gtk_snapshot_append_texture (snapshot, texture, &rect);
        }
    }

  if (self->arrows->len > 0 || self->hint.from != CHESS_NO_SQUARE)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, 8 * s, 8 * s));

      /* One translucent group, so crossing arrows do not darken. */
      cairo_push_group (cr);
      for (guint i = 0; i < self->arrows->len; i++)
        {
          const CaissaBoardArrow *arrow = &g_array_index (self->arrows, CaissaBoardArrow, i);

          if (arrow->from < 64 && arrow->to < 64 && arrow->from != arrow->to)
            append_arrow (cr, self, arrow);
        }
      if (self->hint.from < 64 && self->hint.to < 64 && self->hint.from != self->hint.to)
        append_arrow (cr, self, &self->hint);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.8);
      cairo_destroy (cr);
    }

  self->static_builds++;
  return gtk_snapshot_free_to_node (snapshot);
}

guint
_caissa_board_get_static_builds (CaissaBoard *self)
{
  return self->static_builds;
}

/* ---------------------------------------------------------------------- */
/* The dynamic layer */

static void
append_piece_at (GtkSnapshot *snapshot,
                 CaissaBoard *self,
                 ChessPiece   piece,
                 float        x,
                 float        y,
                 float        size)
{
  GdkTexture *texture = piece_texture (self, piece);

  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (x, y, size, size));
}

static void
snapshot_underlay (CaissaBoard *self,
                   GtkSnapshot *snapshot)
{
  static const GdkRGBA selected_tint = { 0.08f, 0.33f, 0.12f, 0.5f };
  static const GdkRGBA committed_tint = { 0.85f, 0.42f, 0.05f, 0.6f };
  static const GdkRGBA hover_tint = { 1.0f, 1.0f, 1.0f, 0.3f };
  static const GdkRGBA target_color = { 0.08f, 0.33f, 0.12f, 0.5f };
  float s = self->square_size;

  if (self->committed != CHESS_NO_SQUARE)
    append_tint (snapshot, self, self->committed, &committed_tint);
  if (self->committed_target != CHESS_NO_SQUARE)
    append_tint (snapshot, self, self->committed_target, &committed_tint);
  if (self->selected != CHESS_NO_SQUARE && self->selected != self->committed
      && self->promotion_to == CHESS_NO_SQUARE)
    append_tint (snapshot, self, self->selected, &selected_tint);

  if (self->dragging && self->hover != CHESS_NO_SQUARE && self->hover != self->press_square)
    append_tint (snapshot, self, self->hover, &hover_tint);

  if (self->selected != CHESS_NO_SQUARE && self->show_legal_moves
      && self->promotion_to == CHESS_NO_SQUARE)
    {
      ChessBitboard targets = _caissa_board_targets (self, self->selected);

      while (targets)
        {
          ChessSquare sq = (ChessSquare) __builtin_ctzll (targets);
          graphene_rect_t rect;

          targets &= targets - 1;
          square_rect (self, sq, &rect);
          if (self->position.board[sq] != CHESS_NO_PIECE)
            {
              graphene_rect_inset (&rect, s * 0.02f, s * 0.02f);
              append_circle (snapshot, &rect, s * 0.09f, &target_color);
            }
          else
            {
              GskRoundedRect dot;

              graphene_rect_inset (&rect, s * 0.34f, s * 0.34f);
              gsk_rounded_rect_init_from_rect (&dot, &rect, rect.size.width / 2);
              gtk_snapshot_push_rounded_clip (snapshot, &dot);
              gtk_snapshot_append_color (snapshot, &target_color, &rect);
              gtk_snapshot_pop (snapshot);
            }
        }
    }
}

static void
snapshot_promotion_chooser (CaissaBoard *self,
                            GtkSnapshot *snapshot)
{
  static const GdkRGBA dim = { 0.0f, 0.0f, 0.0f, 0.5f };
  static const GskColorStop stops[] = {
    { 0.0f, { 1.0f,  1.0f,  1.0f,  1.0f } },
    { 0.8f, { 0.82f, 0.82f, 0.82f, 1.0f } },
    { 1.0f, { 0.62f, 0.62f, 0.62f, 1.0f } },
  };
  ChessColor color = chess_piece_color (self->position.board[self->promotion_from]);
  float s = self->square_size;

  gtk_snapshot_append_color (snapshot, &dim, &GRAPHENE_RECT_INIT (0, 0, 8 * s, 8 * s));

  for (guint slot = 0; slot < 4; slot++)
    {
      ChessSquare sq;
      graphene_rect_t rect;
      graphene_point_t center;
      GskRoundedRect circle;

      if (!_caissa_board_promotion_slot (self, slot, &sq))
        continue;
      square_rect (self, sq, &rect);
      graphene_rect_get_center (&rect, &center);
      gsk_rounded_rect_init_from_rect (&circle, &rect, s / 2);
      gtk_snapshot_push_rounded_clip (snapshot, &circle);
      gtk_snapshot_append_radial_gradient (snapshot, &rect, &center, s / 2, s / 2, 0.0f, 1.0f,
                                           stops, G_N_ELEMENTS (stops));
      gtk_snapshot_pop (snapshot);
      append_piece_at (snapshot, self,
                       chess_piece_make (color, _caissa_board_promotion_piece (slot)),
                       rect.origin.x + s * 0.08f, rect.origin.y + s * 0.08f, s * 0.84f);
    }
}

/* The keyboard cursor: a ring in GNOME's blue inside a thin white one, so
 * that it shows on light and dark squares, on pieces and on highlights. */
static void
snapshot_cursor (CaissaBoard *self,
                 GtkSnapshot *snapshot)
{
  static const GdkRGBA accent = { 0.21f, 0.52f, 0.89f, 1.0f };  /* #3584e4 */
  static const GdkRGBA white = { 1.0f, 1.0f, 1.0f, 0.9f };
  float s = self->square_size;
  float outer = MAX (2.0f, roundf (s * 0.06f));
  float inner = MAX (1.0f, roundf (s * 0.025f));
  graphene_rect_t rect;
  GskRoundedRect ring;

  square_rect (self, self->cursor, &rect);
  gsk_rounded_rect_init_from_rect (&ring, &rect, MAX (2.0f, s * 0.06f));
  gtk_snapshot_append_border (snapshot, &ring,
                              (float[4]) { outer, outer, outer, outer },
                              (GdkRGBA[4]) { accent, accent, accent, accent });
  graphene_rect_inset (&rect, outer, outer);
  gsk_rounded_rect_init_from_rect (&ring, &rect, MAX (1.0f, s * 0.03f));
  gtk_snapshot_append_border (snapshot, &ring,
                              (float[4]) { inner, inner, inner, inner },
                              (GdkRGBA[4]) { white, white, white, white });
}

static void
snapshot_overlay (CaissaBoard *self,
                  GtkSnapshot *snapshot)
{
  float s = self->square_size;

  if (self->n_anim > 0)
    {
      /* Ease-out cubic. */
      double t = 1.0 - self->anim_progress;
      double k = 1.0 - t * t * t;

      for (guint i = 0; i < self->n_anim; i++)
        {
          float fx, fy, tx, ty;

          _caissa_board_square_origin (self, self->anim[i].from, &fx, &fy);
          _caissa_board_square_origin (self, self->anim[i].to, &tx, &ty);
          append_piece_at (snapshot, self, self->anim[i].piece,
                           fx + (tx - fx) * k, fy + (ty - fy) * k, s);
        }
    }

  if (self->dragging && self->press_square != CHESS_NO_SQUARE)
    append_piece_at (snapshot, self, self->position.board[self->press_square],
                     self->pointer_x - s / 2, self->pointer_y - s / 2, s);

  if (self->promotion_to != CHESS_NO_SQUARE)
    snapshot_promotion_chooser (self, snapshot);

  if (_caissa_board_cursor_shown (self))
    snapshot_cursor (self, snapshot);
}

void
_caissa_board_snapshot (CaissaBoard *self,
                        GtkSnapshot *snapshot)
{

  if (self->square_size <= 0)
    return;

  if (self->background_node == NULL)
    self->background_node = build_background (self);
  if (self->pieces_node == NULL)
    self->pieces_node = build_pieces (self);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (self->origin_x, self->origin_y));
  if (self->background_node != NULL)
    gtk_snapshot_append_node (snapshot, self->background_node);
  snapshot_underlay (self, snapshot);
  if (self->pieces_node != NULL)
    gtk_snapshot_append_node (snapshot, self->pieces_node);
  snapshot_overlay (self, snapshot);
  gtk_snapshot_restore (snapshot);
}

