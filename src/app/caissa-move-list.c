/* caissa-move-list.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One GtkGrid: column 0 the move numbers, columns 1 and 2 White's and
 * Black's main-line moves. Whatever interrupts the main line — a comment,
 * the variations of a move — is a row spanning the three columns, after
 * which Black's move (if any) starts a row of its own behind "…".
 * Variations are CaissaFlowLayout paragraphs of small buttons and labels.
 *
 * The tree is rebuilt whenever it changed (a cheap hash over the nodes,
 * taken on every notification of the game), the mark moved otherwise.
 */
#define G_LOG_DOMAIN "caissa-move-list"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-pgn.h"
#include "chess-san.h"
#include "caissa-flow-layout.h"
#include "chess-nag.h"
#include "caissa-nag-palette.h"
#include "caissa-move-list.h"

struct _CaissaMoveList
{
  GtkWidget    parent_instance;

  CaissaGame  *game;
  GtkWidget   *scrolled;
  GtkWidget   *grid;
  GtkWidget   *empty;
  GtkWidget   *popover;
  GMenuModel  *menu_model;

  /* What is shown: node → its button. */
  GHashTable  *buttons;
  guint64      tree_hash;
  int          next_row;

  GtkWidget   *current;
  GtkWidget   *chosen_widget;
  /* The chosen continuation: its index among the children of choice_node. */
  ChessNodeId  choice_node;
  guint        choice;
  guint        scroll_tick;
  gboolean     figurines;
  /* A game read up to an error: the error, told after the last move. */
  char        *error;
  GtkWidget   *error_row;
};

enum
{
  PROP_0,
  PROP_GAME,
  PROP_FIGURINES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaMoveList, caissa_move_list, GTK_TYPE_WIDGET)

/* --- Glyphs and text ----------------------------------------------------------- */

const char *
caissa_nag_glyph (guint nag)
{
  return chess_nag_glyph (nag);
}

/* SAN with the move's glyphs: "e4!", "Nf3 ±" ("♘f3 ±" with figurines). */
static char *
move_text (GtkWidget       *widget,
           const ChessGame *core,
           ChessNodeId      node,
           const char      *prefix,
           gboolean         figurines)
{
  /* Indexed by ChessPieceType; pawns have no letter. */
  static const char *const glyphs[7] = { NULL, NULL, "♘", "♗", "♖", "♕", "♔" };
  GString *out = g_string_new (prefix);
  const uint8_t *nags;
  unsigned n = chess_game_node_nags (core, node, &nags);

  if (figurines)
    {
      const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));
      /* Each glyph takes three bytes instead of one letter; at most two. */
      char san[CHESS_SAN_MAX + 8];

      g_string_append (out, chess_san_write_figurine (before, chess_game_node_move (core, node),
                                                      glyphs, san, sizeof san));
    }
  else
    g_string_append (out, chess_game_node_san (core, node));
  /* Move assessments stick to the move; the rest follow a space. Each
   * glyph the fonts cannot draw is written in ASCII ("+=" for ⩲). */
  for (unsigned i = 0; i < n; i++)
    if (chess_nag_sticks (nags[i]))
      g_string_append (out, caissa_nag_text (widget, nags[i]));
  for (unsigned i = 0; i < n; i++)
    if (!chess_nag_sticks (nags[i]))
      {
        g_string_append_c (out, ' ');
        g_string_append (out, caissa_nag_text (widget, nags[i]));
      }
  return g_string_free (out, FALSE);
}

/* The comment without its [%…] commands, or NULL when nothing is left. */
static char *
comment_text (const ChessGame   *core,
              ChessNodeId        node,
              ChessCommentPlace  place)
{
  const char *comment = chess_game_node_comment (core, node, place);
  size_t len;
  char *out;

  if (comment == NULL)
    return NULL;
  len = strlen (comment);
  out = g_malloc (len + 1);
  chess_pgn_comment_strip_commands (comment, len, out, len + 1);
  g_strstrip (out);
  if (*out == '\0' || !g_utf8_validate (out, -1, NULL))
    {
      g_free (out);
      return NULL;
    }
  return out;
}

static char *
clock_text (gint64 ms)
{
  gint64 s = ms / 1000;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

/* "12." before White's move, "12…" before Black's. */
static char *
number_prefix (const ChessGame *core,
               ChessNodeId      node)
{
  const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));

  if (before->side == CHESS_WHITE)
    return g_strdup_printf ("%u. ", before->fullmove);
  /* Translators: the number before a Black move that starts a line, e.g. "12… Nf6". */
  return g_strdup_printf (_("%u… "), before->fullmove);
}

/* --- The tree's fingerprint ------------------------------------------------------------ */

static guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

static guint64
hash_node (const ChessGame *core,
           ChessNodeId      node,
           guint64          h)
{
  /* Depth-first, children in order: the order of variations counts. */
  while (node != CHESS_NODE_NONE)
    {
      const uint8_t *nags;
      unsigned n = chess_game_node_nags (core, node, &nags);
      ChessNodeId child;

      h = mix (h, node);
      h = mix (h, chess_game_node_move (core, node));
      for (unsigned i = 0; i < n; i++)
        h = mix (h, nags[i]);
      for (int k = 0; k < 2; k++)
        {
          const char *c = chess_game_node_comment (core, node, (ChessCommentPlace) k);

          h = mix (h, c ? g_str_hash (c) : 0);
        }
      child = chess_game_node_next (core, node);
      if (child == CHESS_NODE_NONE)
        break;
      /* Recurse into the alternatives, loop down the main continuation. */
      for (ChessNodeId alt = chess_game_node_next_sibling (core, child); alt != CHESS_NODE_NONE;
           alt = chess_game_node_next_sibling (core, alt))
        h = hash_node (core, alt, mix (h, 0xa17));
      node = child;
    }
  return h;
}

static guint64
tree_hash (CaissaGame *game)
{
  const ChessGame *core;
  const ChessPosition *start;

  if (game == NULL)
    return 0;
  core = caissa_game_get_core_game (game);
  start = chess_game_start_position (core);
  return hash_node (core, CHESS_NODE_ROOT,
                    mix (mix ((guint64) (guintptr) core, start->key), start->fullmove));
}

/* --- Building ----------------------------------------------------------------------- */

static void
move_clicked_cb (GtkButton      *button,
                 CaissaMoveList *self)
{
  ChessNodeId node = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "node"));

  if (self->game != NULL && chess_game_node_valid (caissa_game_get_core_game (self->game), node))
    caissa_game_go_to_node (self->game, node);
}

static GtkWidget *
move_button (CaissaMoveList *self,
             ChessNodeId     node,
             const char     *text,
             const char     *css_class)
{
  GtkWidget *button = gtk_button_new_with_label (text);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, css_class);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0.0);
  g_object_set_data (G_OBJECT (button), "node", GUINT_TO_POINTER (node));
  g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
  g_hash_table_insert (self->buttons, GUINT_TO_POINTER (node), button);
  return button;
}

static GtkWidget *
comment_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_add_css_class (label, "comment");
  return label;
}

static GtkWidget *
flow_new (void)
{
  GtkWidget *flow = g_object_new (GTK_TYPE_BOX, NULL);
  GtkLayoutManager *layout = caissa_flow_layout_new ();

  caissa_flow_layout_set_spacing (CAISSA_FLOW_LAYOUT (layout), 2, 0);
  gtk_widget_set_layout_manager (flow, layout);
  gtk_widget_set_hexpand (flow, TRUE);
  return flow;
}

static GtkWidget *
flow_add_text (GtkWidget  *flow,
               const char *text,
               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_parent (label, flow);
  return label;
}

/* A line of play from node (which the caller placed: a variation's first
 * move), with the alternatives met on the way in parentheses. */
static void
add_line (CaissaMoveList *self,
          GtkWidget      *flow,
          ChessNodeId     node,
          int             depth)
{
  const ChessGame *core = caissa_game_get_core_game (self->game);
  gboolean need_number = TRUE;
  gboolean first = TRUE;
  /* The line starts right after "(" (a nested variation). */
  gboolean after_paren = depth > 1;

  for (; node != CHESS_NODE_NONE; node = chess_game_node_next (core, node))
    {
      const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));
      g_autofree char *pre = comment_text (core, node, CHESS_COMMENT_BEFORE);
      g_autofree char *post = comment_text (core, node, CHESS_COMMENT_AFTER);
      g_autofree char *prefix = NULL;
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (pre != NULL)
        {
          GtkWidget *label = comment_label (pre);

          gtk_widget_set_parent (label, flow);
          if (after_paren)
            caissa_flow_layout_set_glued (label, TRUE);
          after_paren = FALSE;
          need_number = TRUE;
        }
      if (need_number || before->side == CHESS_WHITE)
        prefix = number_prefix (core, node);
      text = move_text (GTK_WIDGET (self), core, node, prefix ? prefix : "", self->figurines);
      button = move_button (self, node, text, "variation-move");
      gtk_widget_set_parent (button, flow);
      /* "(" and the move after it stay together. */
      if (after_paren)
        caissa_flow_layout_set_glued (button, TRUE);
      after_paren = FALSE;
      need_number = FALSE;

      if (post != NULL)
        {
          gtk_widget_set_parent (comment_label (post), flow);
          need_number = TRUE;
        }

      /* The alternatives to this move, nested, after it (as PGN writes
       * them); those of the line's first move are the caller's. */
      if (!first)
        for (ChessNodeId alt = chess_game_node_next_sibling (core, node); alt != CHESS_NODE_NONE;
             alt = chess_game_node_next_sibling (core, alt))
          {
            flow_add_text (flow, "(", "paren");
            add_line (self, flow, alt, depth + 1);
            caissa_flow_layout_set_glued (flow_add_text (flow, ")", "paren"), TRUE);
            need_number = TRUE;
          }
      first = FALSE;
    }
}

/* An interrupt takes a row of its own: when a row is open (White's move
 * in it, Black's cell still empty), that row is closed first, so the
 * interrupt goes below it rather than over it. */
static void
attach_interrupt (CaissaMoveList *self,
                  GtkWidget      *child,
                  gboolean       *row_open)
{
  if (*row_open)
    {
      self->next_row++;
      *row_open = FALSE;
    }
  gtk_widget_add_css_class (child, "interrupt");
  gtk_grid_attach (GTK_GRID (self->grid), child, 0, self->next_row++, 3, 1);
}

/* The comment after a main-line move and the variations replacing it. */
static gboolean
add_interrupt (CaissaMoveList *self,
               ChessNodeId     node,
               gboolean       *row_open)
{
  const ChessGame *core = caissa_game_get_core_game (self->game);
  g_autofree char *post = comment_text (core, node, CHESS_COMMENT_AFTER);
  gboolean added = FALSE;

  if (post != NULL)
    {
      attach_interrupt (self, comment_label (post), row_open);
      added = TRUE;
    }
  if (node != CHESS_NODE_ROOT)
    for (ChessNodeId alt = chess_game_node_next_sibling (core, node); alt != CHESS_NODE_NONE;
         alt = chess_game_node_next_sibling (core, alt))
      {
        GtkWidget *flow = flow_new ();

        gtk_widget_add_css_class (flow, "variation");
        add_line (self, flow, alt, 1);
        attach_interrupt (self, flow, row_open);
        added = TRUE;
      }
  return added;
}

static void
add_main_move (CaissaMoveList *self,
               ChessNodeId     node,
               gboolean       *row_open)
{
  const ChessGame *core = caissa_game_get_core_game (self->game);
  const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));
  gboolean white = before->side == CHESS_WHITE;
  g_autofree char *pre = comment_text (core, node, CHESS_COMMENT_BEFORE);
  g_autofree char *text = move_text (GTK_WIDGET (self), core, node, "", self->figurines);
  gint64 clock = chess_game_node_clock_ms (core, node);
  GtkWidget *button, *cell;

  if (pre != NULL)
    attach_interrupt (self, comment_label (pre), row_open);

  if (white || !*row_open)
    {
      g_autofree char *number = g_strdup_printf ("%u.", before->fullmove);
      GtkWidget *label = gtk_label_new (number);

      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (label, "move-number");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_grid_attach (GTK_GRID (self->grid), label, 0, self->next_row, 1, 1);
      if (!white)
        {
          /* Translators: stands in the move list for White's move before
           * a Black move that starts a row. */
          GtkWidget *dots = gtk_label_new (_("…"));

          gtk_label_set_xalign (GTK_LABEL (dots), 0.0);
          gtk_widget_add_css_class (dots, "dim-label");
          gtk_widget_add_css_class (dots, "placeholder");
          gtk_grid_attach (GTK_GRID (self->grid), dots, 1, self->next_row, 1, 1);
        }
      *row_open = TRUE;
    }

  button = move_button (self, node, text, "move");
  gtk_widget_set_hexpand (button, TRUE);
  cell = button;
  if (clock >= 0)
    {
      g_autofree char *time = clock_text (clock);
      GtkWidget *label = gtk_label_new (time);

      gtk_widget_add_css_class (label, "move-clock");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      gtk_box_append (GTK_BOX (cell), button);
      gtk_box_append (GTK_BOX (cell), label);
    }
  gtk_grid_attach (GTK_GRID (self->grid), cell, white ? 1 : 2, self->next_row, 1, 1);

  if (!white)
    {
      self->next_row++;
      *row_open = FALSE;
    }
  add_interrupt (self, node, row_open);
}

/* The error a game was read up to, where its moves stop. */
static GtkWidget *
error_marker (CaissaMoveList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *label = gtk_label_new (self->error);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "read-error");
  gtk_widget_add_css_class (box, "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, self->error, -1);
  self->error_row = box;
  return box;
}

static void
clear (CaissaMoveList *self)
{
  GtkWidget *child;

  self->current = NULL;
  self->chosen_widget = NULL;
  self->error_row = NULL;
  g_hash_table_remove_all (self->buttons);
  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  self->next_row = 0;
}

static void update_current (CaissaMoveList *self);

static void
rebuild (CaissaMoveList *self)
{
  const ChessGame *core;
  gboolean row_open = FALSE;
  gboolean any = FALSE;

  clear (self);
  self->tree_hash = tree_hash (self->game);

  if (self->game != NULL)
    {
      core = caissa_game_get_core_game (self->game);
      if (add_interrupt (self, CHESS_NODE_ROOT, &row_open))
        any = TRUE;
      for (ChessNodeId node = chess_game_node_next (core, CHESS_NODE_ROOT); node != CHESS_NODE_NONE;
           node = chess_game_node_next (core, node))
        {
          add_main_move (self, node, &row_open);
          any = TRUE;
        }
    }

  if (self->error != NULL)
    {
      attach_interrupt (self, error_marker (self), &row_open);
      any = TRUE;
    }
  if (!any)
    gtk_grid_attach (GTK_GRID (self->grid), self->empty, 0, 0, 3, 1);

  self->choice_node = CHESS_NODE_NONE;
  update_current (self);
}

/* --- The shown move and the chosen continuation --------------------------------------------- */

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  GtkWidget *target = self->chosen_widget ? self->chosen_widget : self->current;
  graphene_rect_t bounds;

  self->scroll_tick = 0;

  if (self->current == NULL && self->game != NULL && caissa_game_get_ply (self->game) == 0)
    {
      gtk_adjustment_set_value (adj, 0);
      return G_SOURCE_REMOVE;
    }
  if (target == NULL)
    return G_SOURCE_REMOVE;

  if (gtk_widget_compute_bounds (target, self->grid, &bounds))
    {
      double top = bounds.origin.y;
      double bottom = top + bounds.size.height;
      double value = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (top < value)
        gtk_adjustment_set_value (adj, top);
      else if (bottom > value + page)
        gtk_adjustment_set_value (adj, bottom - page);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (CaissaMoveList *self)
{
  /* After the next layout, when new buttons have their place. */
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick_cb, NULL, NULL);
}

static void
set_marked (GtkWidget  **slot,
            GtkWidget   *widget,
            const char  *css_class)
{
  if (*slot == widget)
    return;
  if (*slot != NULL)
    gtk_widget_remove_css_class (*slot, css_class);
  *slot = widget;
  if (widget != NULL)
    gtk_widget_add_css_class (widget, css_class);
}

static void
update_current (CaissaMoveList *self)
{
  GtkWidget *current = NULL, *chosen = NULL;

  if (self->game != NULL)
    {
      const ChessGame *core = caissa_game_get_core_game (self->game);
      ChessNodeId shown = caissa_game_get_shown_node (self->game);

      current = g_hash_table_lookup (self->buttons, GUINT_TO_POINTER (shown));
      if (shown != self->choice_node)
        {
          self->choice_node = shown;
          self->choice = 0;
        }
      if (chess_game_node_n_children (core, shown) > 1)
        chosen = g_hash_table_lookup (self->buttons,
                                      GUINT_TO_POINTER (chess_game_node_nth_child (core, shown, self->choice)));
    }

  if (current != self->current || chosen != self->chosen_widget)
    queue_scroll (self);
  set_marked (&self->current, current, "current");
  set_marked (&self->chosen_widget, chosen, "chosen");
}

static void
game_changed (CaissaMoveList *self)
{
  if (tree_hash (self->game) != self->tree_hash)
    rebuild (self);
  else
    update_current (self);
}

static void
game_notify_cb (CaissaGame     *game,
                GParamSpec     *pspec,
                CaissaMoveList *self)
{
  game_changed (self);
}

static void
move_played_cb (CaissaGame     *game,
                guint           move,
                guint           ply,
                CaissaMoveList *self)
{
  game_changed (self);
}

/* --- Context menu ---------------------------------------------------------------------------- */

static GtkWidget *
move_at (CaissaMoveList *self,
         double          x,
         double          y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  for (; picked != NULL && picked != GTK_WIDGET (self); picked = gtk_widget_get_parent (picked))
    if (g_object_get_data (G_OBJECT (picked), "node") != NULL)
      return picked;
  return NULL;
}

static void
popup_menu_at (CaissaMoveList *self,
               double          x,
               double          y)
{
  GtkWidget *button = move_at (self, x, y);
  graphene_rect_t bounds;

  if (button == NULL || self->menu_model == NULL || self->game == NULL)
    return;

  move_clicked_cb (GTK_BUTTON (button), self);
  if (self->popover == NULL)
    {
      self->popover = gtk_popover_menu_new_from_model (self->menu_model);
      gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), TRUE);
    }
  /* The shown move may have been rebuilt: point at its new button. */
  button = self->current ? self->current : button;
  if (gtk_widget_compute_bounds (button, GTK_WIDGET (self), &bounds))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                 &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                   (int) bounds.size.width, (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
secondary_pressed_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      CaissaMoveList  *self)
{
  if (move_at (self, x, y) == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu_at (self, x, y);
}

static void
long_pressed_cb (GtkGestureLongPress *gesture,
                 double               x,
                 double               y,
                 CaissaMoveList      *self)
{
  popup_menu_at (self, x, y);
}

/* --- Size ----------------------------------------------------------------------------------------- */

static void
caissa_move_list_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  gtk_widget_measure (CAISSA_MOVE_LIST (widget)->scrolled, orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
caissa_move_list_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (widget);

  gtk_widget_allocate (self->scrolled, width, height, baseline, NULL);
  /* A popover is placed by its parent, at each allocation. */
  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

/* --- GObject ----------------------------------------------------------------------------------- */

static void
caissa_move_list_dispose (GObject *object)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  caissa_move_list_set_game (self, NULL);
  if (self->scroll_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
      self->scroll_tick = 0;
    }
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->empty);
  g_clear_object (&self->menu_model);
  g_clear_pointer (&self->buttons, g_hash_table_unref);
  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (caissa_move_list_parent_class)->dispose (object);
}

static void
caissa_move_list_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FIGURINES:
      g_value_set_boolean (value, self->figurines);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_list_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaissaMoveList *self = CAISSA_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      caissa_move_list_set_game (self, g_value_get_object (value));
      break;
    case PROP_FIGURINES:
      caissa_move_list_set_figurines (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_move_list_class_init (CaissaMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_move_list_dispose;
  object_class->get_property = caissa_move_list_get_property;
  object_class->set_property = caissa_move_list_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CAISSA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Moves written with piece symbols (♘f3, e8=♕) instead of letters. */
  properties[PROP_FIGURINES] =
    g_param_spec_boolean ("figurines", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->measure = caissa_move_list_measure;
  widget_class->size_allocate = caissa_move_list_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
caissa_move_list_init (CaissaMoveList *self)
{
  GtkGesture *click, *long_press;

  self->buttons = g_hash_table_new (NULL, NULL);
  self->choice_node = CHESS_NODE_NONE;

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (self->grid), FALSE);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->grid, "scoresheet");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), self->grid);

  self->empty = g_object_ref_sink (gtk_label_new (_("No moves yet")));
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_widget_add_css_class (self->empty, "empty");
  gtk_widget_set_hexpand (self->empty, TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  long_press = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect (long_press, "pressed", G_CALLBACK (long_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (long_press));

  rebuild (self);
}

GtkWidget *
caissa_move_list_new (void)
{
  return g_object_new (CAISSA_TYPE_MOVE_LIST, NULL);
}

CaissaGame *
caissa_move_list_get_game (CaissaMoveList *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), NULL);

  return self->game;
}

void
caissa_move_list_set_game (CaissaMoveList *self,
                           CaissaGame     *game)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "notify", G_CALLBACK (game_notify_cb), self);
      g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), self);
    }
  if (self->grid != NULL)
    rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChessNodeId
caissa_move_list_get_next_node (CaissaMoveList *self)
{
  const ChessGame *core;
  ChessNodeId shown;

  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), CHESS_NODE_NONE);

  if (self->game == NULL)
    return CHESS_NODE_NONE;
  core = caissa_game_get_core_game (self->game);
  shown = caissa_game_get_shown_node (self->game);
  if (shown == self->choice_node && self->choice < chess_game_node_n_children (core, shown))
    return chess_game_node_nth_child (core, shown, self->choice);
  return chess_game_node_next (core, shown);
}

gboolean
caissa_move_list_choose_variation (CaissaMoveList *self,
                                   int             delta)
{
  const ChessGame *core;
  ChessNodeId shown;
  guint n;

  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), FALSE);

  if (self->game == NULL)
    return FALSE;
  core = caissa_game_get_core_game (self->game);
  shown = caissa_game_get_shown_node (self->game);
  n = chess_game_node_n_children (core, shown);
  if (n < 2)
    return FALSE;

  if (shown != self->choice_node)
    {
      self->choice_node = shown;
      self->choice = 0;
    }
  self->choice = (self->choice + n + (guint) (delta % (int) n + (int) n)) % n;
  update_current (self);
  return TRUE;
}

void
caissa_move_list_set_menu_model (CaissaMoveList *self,
                                 GMenuModel     *menu)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));

  g_set_object (&self->menu_model, menu);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
}

void
caissa_move_list_refresh (CaissaMoveList *self)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));

  rebuild (self);
}

gboolean
caissa_move_list_get_figurines (CaissaMoveList *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), FALSE);

  return self->figurines;
}

void
caissa_move_list_set_figurines (CaissaMoveList *self,
                                gboolean        figurines)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));

  figurines = !!figurines;
  if (self->figurines == figurines)
    return;
  self->figurines = figurines;
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIGURINES]);
}

void
caissa_move_list_set_error (CaissaMoveList *self,
                            const char     *error)
{
  g_return_if_fail (CAISSA_IS_MOVE_LIST (self));

  if (g_strcmp0 (error, self->error) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (error);
  rebuild (self);
}

const char *
caissa_move_list_get_error (CaissaMoveList *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), NULL);

  return self->error;
}

GtkWidget *
_caissa_move_list_get_error_row (CaissaMoveList *self)
{
  g_return_val_if_fail (CAISSA_IS_MOVE_LIST (self), NULL);

  return self->error_row;
}
