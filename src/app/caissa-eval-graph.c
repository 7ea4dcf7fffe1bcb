/* caissa-eval-graph.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-eval-graph"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-eval-graph.h"
#include "chess-eval-series.h"
#include "chess-uci.h"

#define PAD 4.0

struct _CaissaEvalGraph
{
  GtkWidget           parent_instance;

  CaissaGame         *game;
  CaissaGameAnalysis *analysis;
  GArray             *points;       /* ChessEvalPoint, ply 0 … n */
  guint               n_evals;
  guint               n_clocks;
  gint64              max_clock;
  int                 marked;
};

G_DEFINE_FINAL_TYPE (CaissaEvalGraph, caissa_eval_graph, GTK_TYPE_WIDGET)

/* The analysis's result for a ply whose comment has no [%eval]. */
static const CaissaPositionEval *
analysis_eval (CaissaEvalGraph *self,
               guint            ply)
{
  const CaissaPositionEval *e;

  if (self->analysis == NULL || ply >= caissa_game_analysis_get_n_positions (self->analysis))
    return NULL;
  e = caissa_game_analysis_get_eval (self->analysis, ply);
  return e != NULL && e->done && !e->terminal ? e : NULL;
}

static gboolean
point_known (CaissaEvalGraph *self,
             guint            ply,
             double          *white_win)
{
  const ChessEvalPoint *p = &g_array_index (self->points, ChessEvalPoint, ply);
  const CaissaPositionEval *e;

  if (p->has_eval)
    {
      *white_win = p->white_win;
      return TRUE;
    }
  e = analysis_eval (self, ply);
  if (e == NULL)
    return FALSE;
  *white_win = e->white_win;
  return TRUE;
}

/* The main line's ply of the shown node, or of the main-line position a
 * variation branches from. */
static int
shown_ply (CaissaEvalGraph *self)
{
  const ChessGame *core = caissa_game_get_core_game (self->game);
  ChessNodeId node = caissa_game_get_shown_node (self->game);

  while (node != CHESS_NODE_ROOT && node != CHESS_NODE_NONE && !chess_game_node_is_main_line (core, node))
    node = chess_game_node_parent (core, node);
  if (node == CHESS_NODE_NONE)
    return -1;
  return (int) chess_game_node_ply (core, node);
}

void
caissa_eval_graph_refresh (CaissaEvalGraph *self)
{
  const ChessGame *core;
  guint n, n_evals = 0, n_clocks = 0;

  g_return_if_fail (CAISSA_IS_EVAL_GRAPH (self));

  g_array_set_size (self->points, 0);
  self->n_evals = self->n_clocks = 0;
  self->max_clock = 0;
  self->marked = -1;
  if (self->game != NULL)
    {
      core = caissa_game_get_core_game (self->game);
      n = chess_eval_series (core, NULL, 0, NULL, NULL);
      g_array_set_size (self->points, n);
      chess_eval_series (core, (ChessEvalPoint *) (void *) self->points->data, n, &n_evals, &n_clocks);
      self->n_clocks = n_clocks;
      for (guint i = 0; i < n; i++)
        {
          double w;

          self->n_evals += point_known (self, i, &w);
          self->max_clock = MAX (self->max_clock, g_array_index (self->points, ChessEvalPoint, i).clock_ms);
        }
      self->marked = shown_ply (self);
    }
  /* A single position has nothing to graph; a game being played (its
   * clock times written as it goes) is not looked back at. */
  gtk_widget_set_visible (GTK_WIDGET (self),
                          self->points->len > 1 && (self->n_evals > 0 || self->n_clocks > 0)
                          && (caissa_game_get_analysis (self->game)
                              || caissa_game_get_outcome (self->game) != CAISSA_OUTCOME_NONE));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
caissa_eval_graph_ply_x (CaissaEvalGraph *self,
                         guint            ply)
{
  double width;

  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), 0);

  width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  if (self->points->len < 2)
    return PAD + width / 2;
  return PAD + width * ply / (self->points->len - 1);
}

static guint
ply_at (CaissaEvalGraph *self,
        double           x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  double f;

  if (self->points->len < 2 || width <= 0)
    return 0;
  f = (x - PAD) / width * (self->points->len - 1);
  return (guint) CLAMP (f + 0.5, 0, self->points->len - 1);
}

static double
clock_y (CaissaEvalGraph *self,
         gint64           ms,
         double           height)
{
  return PAD + (height - 2 * PAD) * (1.0 - (double) ms / (double) self->max_clock);
}

/* One player's clock (plies of one parity) as a line. */
static void
draw_clock (CaissaEvalGraph *self,
            cairo_t         *cr,
            guint            first,
            double           height)
{
  gboolean started = FALSE;

  for (guint i = first; i < self->points->len; i += 2)
    {
      gint64 ms = g_array_index (self->points, ChessEvalPoint, i).clock_ms;

      if (ms < 0)
        continue;
      if (started)
        cairo_line_to (cr, caissa_eval_graph_ply_x (self, i), clock_y (self, ms, height));
      else
        cairo_move_to (cr, caissa_eval_graph_ply_x (self, i), clock_y (self, ms, height));
      started = TRUE;
    }
  cairo_stroke (cr);
}

static void
caissa_eval_graph_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  CaissaEvalGraph *self = CAISSA_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double inner = height - 2 * PAD;
  double last = 0.5;
  GdkRGBA accent = { 0.21, 0.52, 0.89, 1 };
  cairo_t *cr;

  if (self->points->len < 2 || width <= 2 * PAD || height <= 2 * PAD)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* Black's share above the curve, White's below (as the bar beside the
   * board), in the colours of the bar. */
  cairo_rectangle (cr, 0, 0, width, height);
  /* (Clock times alone are drawn on White's colour: no evaluation is
   * shown as even.) */
  if (self->n_evals > 0)
    cairo_set_source_rgb (cr, 0.20, 0.20, 0.22);
  else
    cairo_set_source_rgb (cr, 0.93, 0.93, 0.91);
  cairo_fill (cr);

  if (self->n_evals > 0)
    {
      double y = 0;

      cairo_move_to (cr, 0, height);
      for (guint i = 0; i < self->points->len; i++)
        {
          double w;

          /* A position without an evaluation keeps the one before. */
          if (point_known (self, i, &w))
            last = w;
          y = PAD + inner * (1.0 - last);
          if (i == 0)
            cairo_line_to (cr, 0, y);
          cairo_line_to (cr, caissa_eval_graph_ply_x (self, i), y);
        }
      /* Out to the edges, level. */
      cairo_line_to (cr, width, y);
      cairo_line_to (cr, width, height);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 0.93, 0.93, 0.91);
      cairo_fill (cr);
    }

  /* The even line. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.8);
  cairo_move_to (cr, 0, PAD + inner / 2);
  cairo_line_to (cr, width, PAD + inner / 2);
  cairo_stroke (cr);

  /* The clocks: White's in orange, Black's in violet (seen on both fills). */
  if (self->n_clocks > 0 && self->max_clock > 0)
    {
      cairo_set_line_width (cr, 1.5);
      cairo_set_source_rgb (cr, 0.90, 0.55, 0.10);
      draw_clock (self, cr, 1, height);
      cairo_set_source_rgb (cr, 0.57, 0.35, 0.80);
      draw_clock (self, cr, 2, height);
    }

  /* The shown move. */
  if (self->marked >= 0 && (guint) self->marked < self->points->len)
    {
      double x = caissa_eval_graph_ply_x (self, self->marked);

      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
caissa_eval_graph_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 64;
  else
    {
      /* Low and wide, as lichess draws it: a fifth of its width, so that
       * beside a 300 px move list it leaves the moves their rows. */
      *minimum = 48;
      *natural = for_size > 0 ? CLAMP (for_size / 5, 48, 120) : 64;
    }
}

static void
show_ply_at (CaissaEvalGraph *self,
             double           x)
{
  ChessNodeId node;

  if (self->game == NULL || self->points->len < 2)
    return;
  node = g_array_index (self->points, ChessEvalPoint, ply_at (self, x)).node;
  if (node != caissa_game_get_shown_node (self->game))
    caissa_game_go_to_node (self->game, node);
}

/* A press shows the move under the pointer; dragging runs through them. */
static void
drag_begin_cb (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               CaissaEvalGraph *self)
{
  show_ply_at (self, x);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                CaissaEvalGraph *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    show_ply_at (self, x + dx);
}

static void
format_clock (gint64  ms,
              GString *out)
{
  gint64 s = ms / 1000;

  if (s >= 3600)
    g_string_append_printf (out, "%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  else
    g_string_append_printf (out, "%d:%02d", (int) (s / 60), (int) (s % 60));
}

static gboolean
query_tooltip_cb (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  CaissaEvalGraph *self)
{
  const ChessGame *core;
  const ChessEvalPoint *p;
  g_autoptr(GString) text = NULL;
  char eval[16];
  double w;
  guint ply;

  if (self->game == NULL || self->points->len < 2)
    return FALSE;
  ply = ply_at (self, x);
  p = &g_array_index (self->points, ChessEvalPoint, ply);
  core = caissa_game_get_core_game (self->game);
  text = g_string_new (NULL);
  if (ply == 0)
    g_string_append (text, _("Start position"));
  else
    {
      /* Numbered as the move list numbers it (a game may start later). */
      const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, p->node));

      g_string_append_printf (text, before->side == CHESS_WHITE ? "%u. %s" : "%u… %s",
                              (guint) before->fullmove, chess_game_node_san (core, p->node));
    }
  if (caissa_eval_graph_get_eval (self, ply, &w, eval))
    g_string_append_printf (text, "  %s", eval);
  if (p->clock_ms >= 0)
    {
      g_string_append (text, "  ");
      format_clock (p->clock_ms, text);
    }
  gtk_tooltip_set_text (tooltip, text->str);
  return TRUE;
}

static void
game_notify_cb (CaissaEvalGraph *self)
{
  caissa_eval_graph_refresh (self);
}

static void
caissa_eval_graph_dispose (GObject *object)
{
  CaissaEvalGraph *self = CAISSA_EVAL_GRAPH (object);

  /* (Not through the setters: nothing to redraw any more.) */
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->analysis);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (caissa_eval_graph_parent_class)->dispose (object);
}

static void
caissa_eval_graph_finalize (GObject *object)
{
  CaissaEvalGraph *self = CAISSA_EVAL_GRAPH (object);

  g_array_unref (self->points);

  G_OBJECT_CLASS (caissa_eval_graph_parent_class)->finalize (object);
}

static void
caissa_eval_graph_class_init (CaissaEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_eval_graph_dispose;
  object_class->finalize = caissa_eval_graph_finalize;
  widget_class->measure = caissa_eval_graph_measure;
  widget_class->snapshot = caissa_eval_graph_snapshot;
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
caissa_eval_graph_init (CaissaEvalGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->points = g_array_new (FALSE, TRUE, sizeof (ChessEvalPoint));
  self->marked = -1;
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  /* Translators: the graph of the evaluations under the move list. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation graph"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
caissa_eval_graph_new (void)
{
  return g_object_new (CAISSA_TYPE_EVAL_GRAPH, NULL);
}

void
caissa_eval_graph_set_game (CaissaEvalGraph *self,
                            CaissaGame      *game)
{
  g_return_if_fail (CAISSA_IS_EVAL_GRAPH (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_swapped (game, "notify", G_CALLBACK (game_notify_cb), self);
  caissa_eval_graph_refresh (self);
}

void
caissa_eval_graph_set_analysis (CaissaEvalGraph    *self,
                                CaissaGameAnalysis *analysis)
{
  g_return_if_fail (CAISSA_IS_EVAL_GRAPH (self));
  g_return_if_fail (analysis == NULL || CAISSA_IS_GAME_ANALYSIS (analysis));

  if (self->analysis == analysis)
    return;
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_set_object (&self->analysis, analysis);
  if (analysis != NULL)
    g_signal_connect_swapped (analysis, "notify::n-done", G_CALLBACK (game_notify_cb), self);
  caissa_eval_graph_refresh (self);
}

guint
caissa_eval_graph_get_n_points (CaissaEvalGraph *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), 0);
  return self->points->len;
}

guint
caissa_eval_graph_get_n_evals (CaissaEvalGraph *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), 0);
  return self->n_evals;
}

guint
caissa_eval_graph_get_n_clocks (CaissaEvalGraph *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), 0);
  return self->n_clocks;
}

int
caissa_eval_graph_get_marked (CaissaEvalGraph *self)
{
  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), -1);
  return self->marked;
}

gboolean
caissa_eval_graph_get_eval (CaissaEvalGraph *self,
                            guint            ply,
                            double          *white_win,
                            char            *text)
{
  const ChessEvalPoint *p;
  const CaissaPositionEval *e;
  ChessUciScore score;
  ChessColor side = CHESS_WHITE;

  g_return_val_if_fail (CAISSA_IS_EVAL_GRAPH (self), FALSE);

  *white_win = 0.5;
  text[0] = '\0';
  if (ply >= self->points->len)
    return FALSE;
  p = &g_array_index (self->points, ChessEvalPoint, ply);
  if (p->has_eval)
    {
      /* As the analysis panel writes scores: from White's side. */
      score = chess_eval_to_score (&p->eval);
      *white_win = p->white_win;
    }
  else if ((e = analysis_eval (self, ply)) != NULL)
    {
      score = e->score;
      side = chess_game_node_position (caissa_game_get_core_game (self->game), p->node)->side;
      *white_win = e->white_win;
    }
  else
    return FALSE;
  chess_uci_score_format (score, side, text);
  return TRUE;
}
