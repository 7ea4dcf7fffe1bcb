/* caissa-board.c — the chessboard widget: properties, the game, geometry
 * and size, move animation. Drawing lives in caissa-board-draw.c, input in
 * caissa-board-input.c.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-board"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "caissa-board-private.h"

enum
{
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_SHOW_LEGAL_MOVES,
  PROP_ANIMATE,
  PROP_TOUCH_MOVE,
  PROP_INTERACTIVE,
  PROP_THEME,
  PROP_PIECE_SET,
  PROP_KEYBOARD_CURSOR,
  N_PROPS
};

enum
{
  SQUARE_CLICKED,
  START_TYPING,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaBoard, caissa_board, GTK_TYPE_WIDGET)

#define MIN_SQUARE_SIZE     24
#define NATURAL_SQUARE_SIZE 64

typedef struct
{
  const char *name;
  const char *light;
  const char *dark;
} Theme;

/* Widely used board colours: "brown" is lichess's classic board, "green"
 * the one most chess sites offer beside it. */
static const Theme themes[] = {
  { "brown", "#f0d9b5", "#b58863" },
  { "green", "#eeeed2", "#769656" },
  { "blue",  "#dee3e6", "#8ca2ad" },
  { "grey",  "#dcdcdc", "#a9a9a9" },
};

static const char *const theme_names[] = { "brown", "green", "blue", "grey", NULL };

/* ---------------------------------------------------------------------- */
/* Geometry */

gboolean
_caissa_board_square_origin (CaissaBoard *self,
                             ChessSquare  square,
                             float       *x,
                             float       *y)
{
  int col, row;

  if (square >= 64)
    return FALSE;

  col = self->flipped ? 7 - chess_square_file (square) : chess_square_file (square);
  row = self->flipped ? chess_square_rank (square) : 7 - chess_square_rank (square);
  *x = col * self->square_size;
  *y = row * self->square_size;

  return TRUE;
}

ChessSquare
_caissa_board_square_at_board (CaissaBoard *self,
                               double       bx,
                               double       by)
{
  int col, row;

  if (self->square_size <= 0 || bx < 0 || by < 0)
    return CHESS_NO_SQUARE;

  col = (int) (bx / self->square_size);
  row = (int) (by / self->square_size);
  if (col > 7 || row > 7)
    return CHESS_NO_SQUARE;

  return self->flipped ? chess_square_make (7 - col, row) : chess_square_make (col, 7 - row);
}

/* ---------------------------------------------------------------------- */
/* Size */

static void
caissa_board_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = 8 * MIN_SQUARE_SIZE;
  *natural = 8 * NATURAL_SQUARE_SIZE;
}

static GtkSizeRequestMode
caissa_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static gboolean
rasterize_cb (gpointer data)
{
  CaissaBoard *self = data;

  self->rasterize_id = 0;
  if (caissa_piece_set_prepare (self->piece_set, self->texture_size))
    _caissa_board_invalidate_pieces (self);

  return G_SOURCE_REMOVE;
}

/* A new size renders the pieces anew. While the window is being resized the
 * nearest cached size is drawn scaled, and the render waits for the size to
 * settle; only a board with nothing cached renders at once. */
static void
update_texture_size (CaissaBoard *self)
{
  int texture_size = self->square_size * gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (texture_size <= 0 || texture_size == self->texture_size)
    return;

  self->texture_size = texture_size;
  _caissa_board_invalidate_pieces (self);

  g_clear_handle_id (&self->rasterize_id, g_source_remove);
  if (caissa_piece_set_has_size (self->piece_set, texture_size))
    caissa_piece_set_prepare (self->piece_set, texture_size); /* marks it recently used */
  else if (caissa_piece_set_lookup (self->piece_set, CHESS_NO_PIECE + 1, texture_size) == NULL)
    caissa_piece_set_prepare (self->piece_set, texture_size);
  else
    self->rasterize_id = g_timeout_add (120, rasterize_cb, self);
}

static void
caissa_board_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  CaissaBoard *self = CAISSA_BOARD (widget);
  int square_size = MIN (width, height) / 8;

  self->origin_x = (width - 8 * square_size) / 2;
  self->origin_y = (height - 8 * square_size) / 2;

  if (square_size != self->square_size)
    {
      self->square_size = square_size;
      _caissa_board_invalidate_static (self);
    }
  update_texture_size (self);
  /* A popover is placed by its parent, at each allocation. */
  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

static void
caissa_board_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  _caissa_board_snapshot (CAISSA_BOARD (widget), snapshot);
}

static void
scale_factor_changed_cb (CaissaBoard *self)
{
  update_texture_size (self);
}

static void
caissa_board_system_setting_changed (GtkWidget        *widget,
                                     GtkSystemSetting  setting)
{
  /* Coordinates are drawn with the system font. */
  if (setting == GTK_SYSTEM_SETTING_FONT_NAME || setting == GTK_SYSTEM_SETTING_FONT_CONFIG)
    _caissa_board_invalidate_static (CAISSA_BOARD (widget));

  GTK_WIDGET_CLASS (caissa_board_parent_class)->system_setting_changed (widget, setting);
}

/* ---------------------------------------------------------------------- */
/* Animation */

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       data)
{
  CaissaBoard *self = CAISSA_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress = (double) (now - self->anim_start) / CAISSA_BOARD_ANIMATION_USEC;
  if (self->anim_progress >= 1.0)
    {
      self->tick_id = 0;
      _caissa_board_finish_animation (self);
      return G_SOURCE_REMOVE;
    }

  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
_caissa_board_start_animation (CaissaBoard *self)
{
  self->hidden = 0;
  for (guint i = 0; i < self->n_anim; i++)
    self->hidden |= 1ULL << self->anim[i].to;
  self->anim_start = 0;
  self->anim_progress = 0.0;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb, NULL, NULL);
}

void
_caissa_board_finish_animation (CaissaBoard *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->n_anim == 0 && self->hidden == 0)
    return;
  self->n_anim = 0;
  self->hidden = 0;
  _caissa_board_invalidate_pieces (self);
}

static gboolean
same_board (const ChessPosition *a,
            const ChessPosition *b)
{
  return a->side == b->side && memcmp (a->board, b->board, sizeof a->board) == 0;
}

/* TRUE when playing move in before gives after. */
static gboolean
move_leads_to (const ChessPosition *before,
               ChessMove            move,
               const ChessPosition *after)
{
  ChessPosition p;

  if (move == CHESS_MOVE_NONE || move == CHESS_MOVE_NULL
      || !chess_position_is_legal (before, move))
    return FALSE;
  p = *before;
  chess_position_make_move (&p, move);
  return same_board (&p, after);
}

static void
add_slide (CaissaBoard *self,
           ChessSquare  from,
           ChessSquare  to)
{
  g_assert (self->n_anim < G_N_ELEMENTS (self->anim));

  self->anim[self->n_anim].piece = self->position.board[to];
  self->anim[self->n_anim].from = from;
  self->anim[self->n_anim].to = to;
  self->n_anim++;
}

/* The pieces a move slides: the mover, and the rook when castling.
 * backwards slides them home (navigating one move back). */
static void
add_move_slides (CaissaBoard *self,
                 ChessMove    move,
                 gboolean     backwards)
{
  ChessSquare from = chess_move_from (move);
  ChessSquare to = chess_move_to (move);

  self->n_anim = 0;
  if (backwards)
    add_slide (self, to, from);
  else
    add_slide (self, from, to);

  if (chess_move_kind (move) == CHESS_MOVE_CASTLING)
    {
      int rank = chess_square_rank (to);
      gboolean king_side = chess_square_file (to) > chess_square_file (from);
      ChessSquare rook_from = chess_square_make (king_side ? 7 : 0, rank);
      ChessSquare rook_to = chess_square_make (king_side ? 5 : 3, rank);

      if (backwards)
        add_slide (self, rook_to, rook_from);
      else
        add_slide (self, rook_from, rook_to);
    }
}

/* ---------------------------------------------------------------------- */
/* The game */

static void
update_position (CaissaBoard *self,
                 gboolean     may_animate)
{
  ChessPosition old = self->position;
  ChessMove old_last_move = self->last_move;
  gboolean had_position = self->has_position;

  _caissa_board_finish_animation (self);

  if (self->game == NULL)
    {
      self->has_position = FALSE;
      self->can_move = FALSE;
      self->last_move = CHESS_MOVE_NONE;
      self->legal.count = 0;
      _caissa_board_reset_input (self, FALSE);
      _caissa_board_invalidate_static (self);
      return;
    }

  self->position = *caissa_game_get_position (self->game);
  self->last_move = caissa_game_get_last_move (self->game);
  self->can_move = caissa_game_get_can_move (self->game);
  self->has_position = TRUE;
  chess_generate_legal (&self->position, &self->legal);

  _caissa_board_reset_input (self, FALSE);

  if (may_animate && had_position && self->animate && !self->suppress_animation
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (move_leads_to (&old, self->last_move, &self->position))
        add_move_slides (self, self->last_move, FALSE);
      else if (move_leads_to (&self->position, old_last_move, &old))
        add_move_slides (self, old_last_move, TRUE);
      if (self->n_anim > 0)
        _caissa_board_start_animation (self);
    }

  _caissa_board_invalidate_static (self);
}

static void
game_notify_fen_cb (CaissaBoard *self)
{
  update_position (self, TRUE);
}

static void
game_notify_can_move_cb (CaissaBoard *self)
{
  gboolean can_move = caissa_game_get_can_move (self->game);

  if (can_move == self->can_move)
    return;
  self->can_move = can_move;
  if (!can_move)
    _caissa_board_reset_input (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---------------------------------------------------------------------- */
/* Focus */

static gboolean
caissa_board_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  gboolean had_focus = gtk_widget_has_focus (widget);

  if (!GTK_WIDGET_CLASS (caissa_board_parent_class)->focus (widget, direction))
    return FALSE;
  /* The focus came by the keyboard (Tab): show the keyboard cursor. */
  if (!had_focus && gtk_widget_has_focus (widget))
    caissa_board_set_keyboard_cursor (CAISSA_BOARD (widget), TRUE);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* GObject */

static void
caissa_board_dispose (GObject *object)
{
  CaissaBoard *self = CAISSA_BOARD (object);

  _caissa_board_finish_animation (self);
  g_clear_handle_id (&self->rasterize_id, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->piece_set);
  g_clear_pointer (&self->background_node, gsk_render_node_unref);
  g_clear_pointer (&self->pieces_node, gsk_render_node_unref);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_object (&self->menu_model);

  G_OBJECT_CLASS (caissa_board_parent_class)->dispose (object);
}

static void
caissa_board_finalize (GObject *object)
{
  CaissaBoard *self = CAISSA_BOARD (object);

  g_free (self->theme);
  g_free (self->announcement);
  g_array_unref (self->arrows);
  g_array_unref (self->marks);

  G_OBJECT_CLASS (caissa_board_parent_class)->finalize (object);
}

static void
caissa_board_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CaissaBoard *self = CAISSA_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_TOUCH_MOVE:
      g_value_set_boolean (value, self->touch_move);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_THEME:
      g_value_set_string (value, self->theme);
      break;
    case PROP_PIECE_SET:
      g_value_set_object (value, self->piece_set);
      break;
    case PROP_KEYBOARD_CURSOR:
      g_value_set_boolean (value, self->keyboard_cursor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_board_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  CaissaBoard *self = CAISSA_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      caissa_board_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      caissa_board_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      caissa_board_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LEGAL_MOVES:
      caissa_board_set_show_legal_moves (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATE:
      caissa_board_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_TOUCH_MOVE:
      caissa_board_set_touch_move (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      caissa_board_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_THEME:
      caissa_board_set_theme (self, g_value_get_string (value));
      break;
    case PROP_PIECE_SET:
      caissa_board_set_piece_set (self, g_value_get_object (value));
      break;
    case PROP_KEYBOARD_CURSOR:
      caissa_board_set_keyboard_cursor (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_board_class_init (CaissaBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_board_dispose;
  object_class->finalize = caissa_board_finalize;
  object_class->get_property = caissa_board_get_property;
  object_class->set_property = caissa_board_set_property;

  widget_class->measure = caissa_board_measure;
  widget_class->get_request_mode = caissa_board_get_request_mode;
  widget_class->size_allocate = caissa_board_size_allocate;
  widget_class->snapshot = caissa_board_snapshot;
  widget_class->system_setting_changed = caissa_board_system_setting_changed;
  widget_class->focus = caissa_board_focus;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CAISSA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOUCH_MOVE] =
    g_param_spec_boolean ("touch-move", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "brown",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIECE_SET] =
    g_param_spec_object ("piece-set", NULL, NULL, CAISSA_TYPE_PIECE_SET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KEYBOARD_CURSOR] =
    g_param_spec_boolean ("keyboard-cursor", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaBoard::square-clicked:
   * @square: the square pressed (a ChessSquare)
   *
   * Emitted when the primary button is pressed on a square, before the board
   * acts on it. A handler returning TRUE takes the press over (a position
   * editor, say), and the board does nothing with it.
   */
  signals[SQUARE_CLICKED] =
    g_signal_new ("square-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_UINT);

  /**
   * CaissaBoard::start-typing:
   * @text: the character typed (UTF-8)
   *
   * Emitted when a key that can begin a move in SAN is pressed while the
   * board shows its keyboard cursor. A handler that takes the text (a move
   * entry that puts it in and takes the focus) returns TRUE.
   */
  signals[START_TYPING] =
    g_signal_new ("start-typing", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "chessboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
caissa_board_init (CaissaBoard *self)
{
  self->show_coordinates = TRUE;
  self->show_legal_moves = TRUE;
  self->animate = TRUE;
  self->interactive = TRUE;
  self->hint = (CaissaBoardArrow) { CHESS_NO_SQUARE, CHESS_NO_SQUARE, CAISSA_BOARD_MARK_BLUE };
  self->theme = g_strdup ("brown");
  gdk_rgba_parse (&self->light, themes[0].light);
  gdk_rgba_parse (&self->dark, themes[0].dark);
  self->arrows = g_array_new (FALSE, FALSE, sizeof (CaissaBoardArrow));
  self->marks = g_array_new (FALSE, FALSE, sizeof (CaissaBoardMark));
  self->piece_set = g_object_ref (caissa_piece_set_get_default ());
  self->selected = CHESS_NO_SQUARE;
  self->press_square = CHESS_NO_SQUARE;
  self->lifted = CHESS_NO_SQUARE;
  self->hover = CHESS_NO_SQUARE;
  self->committed = CHESS_NO_SQUARE;
  self->committed_target = CHESS_NO_SQUARE;
  self->promotion_from = CHESS_NO_SQUARE;
  self->promotion_to = CHESS_NO_SQUARE;
  self->cursor = CHESS_NO_SQUARE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chessboard"), -1);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);

  _caissa_board_init_input (self);
  _caissa_board_init_menu (self);
  _caissa_board_init_keyboard (self);
}

/* ---------------------------------------------------------------------- */
/* Public API */

GtkWidget *
caissa_board_new (void)
{
  return g_object_new (CAISSA_TYPE_BOARD, NULL);
}

CaissaGame *
caissa_board_get_game (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);

  return self->game;
}

void
caissa_board_set_game (CaissaBoard *self,
                       CaissaGame  *game)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_swapped (game, "notify::fen", G_CALLBACK (game_notify_fen_cb), self);
      g_signal_connect_swapped (game, "notify::can-move", G_CALLBACK (game_notify_can_move_cb), self);
    }
  update_position (self, FALSE);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

#define BOOLEAN_GETTER(name)                                  \
  gboolean                                                  \
  caissa_board_get_##name (CaissaBoard *self)               \
  {                                                         \
    g_return_val_if_fail (CAISSA_IS_BOARD (self), FALSE);   \
    return self->name;                                      \
  }

BOOLEAN_GETTER (flipped)
BOOLEAN_GETTER (show_coordinates)
BOOLEAN_GETTER (show_legal_moves)
BOOLEAN_GETTER (animate)
BOOLEAN_GETTER (touch_move)
BOOLEAN_GETTER (interactive)
BOOLEAN_GETTER (keyboard_cursor)

#undef BOOLEAN_GETTER

void
caissa_board_set_flipped (CaissaBoard *self,
                          gboolean     flipped)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  _caissa_board_finish_animation (self);
  _caissa_board_invalidate_static (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

void
caissa_board_set_show_coordinates (CaissaBoard *self,
                                   gboolean     show)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  _caissa_board_invalidate_static (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

void
caissa_board_set_show_legal_moves (CaissaBoard *self,
                                   gboolean     show)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  show = !!show;
  if (self->show_legal_moves == show)
    return;
  self->show_legal_moves = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LEGAL_MOVES]);
}

void
caissa_board_set_animate (CaissaBoard *self,
                          gboolean     animate)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  animate = !!animate;
  if (self->animate == animate)
    return;
  self->animate = animate;
  if (!animate)
    _caissa_board_finish_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

void
caissa_board_set_touch_move (CaissaBoard *self,
                             gboolean     touch_move)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  touch_move = !!touch_move;
  if (self->touch_move == touch_move)
    return;
  self->touch_move = touch_move;
  _caissa_board_reset_input (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOUCH_MOVE]);
}

void
caissa_board_set_keyboard_cursor (CaissaBoard *self,
                                  gboolean     shown)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  shown = !!shown;
  if (self->keyboard_cursor == shown)
    return;
  self->keyboard_cursor = shown;
  if (shown)
    self->cursor = _caissa_board_default_cursor (self);
  _caissa_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEYBOARD_CURSOR]);
}

void
caissa_board_set_interactive (CaissaBoard *self,
                              gboolean     interactive)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    _caissa_board_reset_input (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

const char *
caissa_board_get_theme (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);

  return self->theme;
}

const char *const *
caissa_board_get_theme_names (void)
{
  return theme_names;
}

void
caissa_board_set_theme (CaissaBoard *self,
                        const char  *theme)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  if (theme == NULL)
    theme = themes[0].name;
  if (g_strcmp0 (self->theme, theme) == 0)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (strcmp (themes[i].name, theme) == 0)
      {
        gdk_rgba_parse (&self->light, themes[i].light);
        gdk_rgba_parse (&self->dark, themes[i].dark);
        g_free (self->theme);
        self->theme = g_strdup (theme);
        _caissa_board_invalidate_static (self);
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
        return;
      }

  g_warning ("Unknown board theme “%s”", theme);
}

void
caissa_board_set_colors (CaissaBoard   *self,
                         const GdkRGBA *light,
                         const GdkRGBA *dark)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (light != NULL && dark != NULL);

  self->light = *light;
  self->dark = *dark;
  _caissa_board_invalidate_static (self);
  if (g_strcmp0 (self->theme, "custom") != 0)
    {
      g_free (self->theme);
      self->theme = g_strdup ("custom");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
    }
}

CaissaPieceSet *
caissa_board_get_piece_set (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), NULL);

  return self->piece_set;
}

void
caissa_board_set_piece_set (CaissaBoard    *self,
                            CaissaPieceSet *piece_set)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (piece_set == NULL || CAISSA_IS_PIECE_SET (piece_set));

  if (piece_set == NULL)
    piece_set = caissa_piece_set_get_default ();
  if (!g_set_object (&self->piece_set, piece_set))
    return;

  g_clear_handle_id (&self->rasterize_id, g_source_remove);
  if (self->texture_size > 0)
    caissa_piece_set_prepare (self->piece_set, self->texture_size);
  _caissa_board_invalidate_pieces (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_SET]);
}

void
caissa_board_set_arrows (CaissaBoard            *self,
                         const CaissaBoardArrow *arrows,
                         guint                   n_arrows)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (arrows != NULL || n_arrows == 0);

  if (self->arrows->len == 0 && n_arrows == 0)
    return;
  g_array_set_size (self->arrows, 0);
  g_array_append_vals (self->arrows, arrows, n_arrows);
  _caissa_board_invalidate_pieces (self);
}

void
caissa_board_set_hint_arrow (CaissaBoard          *self,
                             ChessSquare           from,
                             ChessSquare           to,
                             CaissaBoardMarkColor  color)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));

  if (from >= 64 || to >= 64)
    from = to = CHESS_NO_SQUARE;
  if (self->hint.from == from && self->hint.to == to && self->hint.color == color)
    return;
  self->hint = (CaissaBoardArrow) { from, to, color };
  _caissa_board_invalidate_pieces (self);
}

void
caissa_board_set_marks (CaissaBoard           *self,
                        const CaissaBoardMark *marks,
                        guint                  n_marks)
{
  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (marks != NULL || n_marks == 0);

  if (self->marks->len == 0 && n_marks == 0)
    return;
  g_array_set_size (self->marks, 0);
  g_array_append_vals (self->marks, marks, n_marks);
  _caissa_board_invalidate_static (self);
}

ChessSquare
caissa_board_get_square_at (CaissaBoard *self,
                            double       x,
                            double       y)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return _caissa_board_square_at_board (self, x - self->origin_x, y - self->origin_y);
}

gboolean
caissa_board_get_square_bounds (CaissaBoard     *self,
                                ChessSquare      square,
                                graphene_rect_t *bounds)
{
  float x, y;

  g_return_val_if_fail (CAISSA_IS_BOARD (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (self->square_size <= 0 || !_caissa_board_square_origin (self, square, &x, &y))
    return FALSE;
  graphene_rect_init (bounds, self->origin_x + x, self->origin_y + y,
                      self->square_size, self->square_size);
  return TRUE;
}

ChessSquare
caissa_board_get_selected_square (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return self->selected;
}

ChessSquare
caissa_board_get_committed_square (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return self->committed;
}

ChessSquare
caissa_board_get_committed_target (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return self->committed_target;
}

ChessSquare
caissa_board_get_promotion_square (CaissaBoard *self)
{
  g_return_val_if_fail (CAISSA_IS_BOARD (self), CHESS_NO_SQUARE);

  return self->promotion_to;
}

void
caissa_board_append_state (CaissaBoard *self,
                           GString     *out)
{
  char name[3];

  g_return_if_fail (CAISSA_IS_BOARD (self));
  g_return_if_fail (out != NULL);

  g_string_append_printf (out, "cursor %s\n", chess_square_name (self->cursor, name));
  g_string_append_printf (out, "keyboard-cursor %d\n", self->keyboard_cursor);
  g_string_append_printf (out, "board-focus %d\n", gtk_widget_is_focus (GTK_WIDGET (self)));
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

    /* What has the keyboard instead, when not the board. */
    g_string_append_printf (out, "focus %s\n", focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "-");
  }
  g_string_append_printf (out, "selected %s\n", chess_square_name (self->selected, name));
  g_string_append_printf (out, "promotion %s\n", chess_square_name (self->promotion_to, name));
  g_string_append_printf (out, "theme %s\n", self->theme);
  g_string_append_printf (out, "piece-set %s\n", caissa_piece_set_get_name (self->piece_set));
  g_string_append_printf (out, "show-coordinates %d\n", self->show_coordinates);
  g_string_append_printf (out, "show-legal-moves %d\n", self->show_legal_moves);
  g_string_append_printf (out, "animate %d\n", self->animate);
  g_string_append_printf (out, "touch-move %d\n", self->touch_move);
  g_string_append_printf (out, "announcement %s\n", caissa_board_get_announcement (self));
}
