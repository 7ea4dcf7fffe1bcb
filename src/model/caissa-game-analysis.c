/* caissa-game-analysis.c — every main-line position searched by an engine,
 * then [%eval], ?!/?/?? and the engine's best line written into the game.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-game-analysis"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "caissa-game-analysis.h"
#include "chess-fen.h"

#define DEFAULT_DEPTH 12
/* A depth search has no time limit for the engine to be held to: after
 * this long it is told to stop (and then must answer within its grace). */
#define DEPTH_WATCHDOG_S 300
/* A variation longer than this says nothing more to a reader. */
#define MAX_VARIATION_PLIES 10

struct _CaissaGameAnalysis
{
  GObject             parent_instance;

  CaissaEngine       *engine;
  ChessGame          *game;
  GArray             *nodes;     /* ChessNodeId of the main line, root first */
  GArray             *moves;     /* ChessMove that led to nodes[i], i >= 1 */
  CaissaPositionEval *evals;
  guint               n_done;
  int                 depth;
  gint64              movetime_ms;

  GTask              *task;
  guint               current;
  guint               watchdog_id;
};

enum
{
  PROP_0,
  PROP_PROGRESS,
  PROP_N_DONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaGameAnalysis, caissa_game_analysis, G_TYPE_OBJECT)

static void search_next (CaissaGameAnalysis *self);

static gboolean
watchdog_cb (gpointer user_data)
{
  CaissaGameAnalysis *self = user_data;

  self->watchdog_id = 0;
  caissa_engine_stop (self->engine);
  return G_SOURCE_REMOVE;
}

CaissaGameAnalysis *
caissa_game_analysis_new (CaissaEngine    *engine,
                          const ChessGame *game)
{
  CaissaGameAnalysis *self;
  ChessNodeId node = CHESS_NODE_ROOT;
  ChessMove none = CHESS_MOVE_NONE;

  g_return_val_if_fail (CAISSA_IS_ENGINE (engine), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  self = g_object_new (CAISSA_TYPE_GAME_ANALYSIS, NULL);
  self->engine = g_object_ref (engine);
  self->game = chess_game_copy (game);
  self->nodes = g_array_new (FALSE, FALSE, sizeof (ChessNodeId));
  self->moves = g_array_new (FALSE, FALSE, sizeof (ChessMove));
  g_array_append_val (self->nodes, node);
  g_array_append_val (self->moves, none);
  while ((node = chess_game_node_next (self->game, node)) != CHESS_NODE_NONE)
    {
      ChessMove move = chess_game_node_move (self->game, node);

      /* A null move ("--") cannot be sent to an engine: stop there. */
      if (move == CHESS_MOVE_NULL)
        break;
      g_array_append_val (self->nodes, node);
      g_array_append_val (self->moves, move);
    }
  self->evals = g_new0 (CaissaPositionEval, self->nodes->len);
  return self;
}

void
caissa_game_analysis_set_depth (CaissaGameAnalysis *self,
                                int                 depth)
{
  g_return_if_fail (CAISSA_IS_GAME_ANALYSIS (self));

  self->depth = MAX (1, depth);
  self->movetime_ms = 0;
}

void
caissa_game_analysis_set_movetime (CaissaGameAnalysis *self,
                                   gint64              movetime_ms)
{
  g_return_if_fail (CAISSA_IS_GAME_ANALYSIS (self));

  self->movetime_ms = MAX (0, movetime_ms);
}

guint
caissa_game_analysis_get_n_positions (CaissaGameAnalysis *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), 0);

  return self->nodes->len;
}

const CaissaPositionEval *
caissa_game_analysis_get_eval (CaissaGameAnalysis *self,
                               guint               ply)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), NULL);
  g_return_val_if_fail (ply < self->nodes->len, NULL);

  return &self->evals[ply];
}

guint
caissa_game_analysis_get_n_done (CaissaGameAnalysis *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), 0);

  return self->n_done;
}

double
caissa_game_analysis_get_progress (CaissaGameAnalysis *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), 0.0);

  return (double) self->n_done / self->nodes->len;
}

static const ChessPosition *
position_at (CaissaGameAnalysis *self,
             guint               ply)
{
  return chess_game_node_position (self->game, g_array_index (self->nodes, ChessNodeId, ply));
}

static void
set_done (CaissaGameAnalysis *self,
          guint               ply)
{
  CaissaPositionEval *eval = &self->evals[ply];

  eval->done = TRUE;
  eval->white_win = chess_uci_score_white_win_probability (eval->score, position_at (self, ply)->side);
  self->n_done++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

/* The NAG of each move from the loss of the mover's expected score: before
 * it (the engine's best play from the position it was played in) and after
 * it (the engine's view of the position it made). */
static void
judge_moves (CaissaGameAnalysis *self)
{
  for (guint i = 1; i < self->nodes->len; i++)
    {
      CaissaPositionEval *before = &self->evals[i - 1];
      CaissaPositionEval *after = &self->evals[i];
      ChessColor mover = position_at (self, i - 1)->side;
      double p_before, p_after;

      after->nag = 0;
      if (!before->done || !after->done || before->score.kind == CHESS_UCI_SCORE_NONE
          || (after->score.kind == CHESS_UCI_SCORE_NONE && !after->terminal))
        continue;
      /* The engine's own choice is never a mistake by its own measure;
       * depth noise between two searches must not say otherwise. */
      if (g_array_index (self->moves, ChessMove, i) == before->best)
        continue;
      p_before = mover == CHESS_WHITE ? before->white_win : 1.0 - before->white_win;
      p_after = mover == CHESS_WHITE ? after->white_win : 1.0 - after->white_win;
      after->nag = chess_uci_nag_for_loss (p_before - p_after);
    }
}

static void
finish (CaissaGameAnalysis *self,
        GError             *error)
{
  GTask *task = g_steal_pointer (&self->task);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    {
      judge_moves (self);
      g_task_return_boolean (task, TRUE);
    }
  g_object_unref (task);
}

static void
went_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  CaissaGameAnalysis *self = user_data;
  CaissaPositionEval *eval;
  GError *error = NULL;
  ChessMove best, ponder;

  g_clear_handle_id (&self->watchdog_id, g_source_remove);
  if (!caissa_engine_go_finish (CAISSA_ENGINE (source), result, &best, &ponder, &error))
    {
      finish (self, error);
      g_object_unref (self);
      return;
    }
  eval = &self->evals[self->current];
  eval->best = best;
  eval->pv_len = 0;
  if (caissa_engine_get_n_lines (self->engine) > 0)
    {
      const CaissaEngineLine *line = caissa_engine_get_line (self->engine, 0);

      eval->score = line->score;
      /* The line's PV, when it starts with the move played (it should). */
      if (line->pv_len > 0 && line->pv[0] == best)
        {
          eval->pv_len = MIN (line->pv_len, G_N_ELEMENTS (eval->pv));
          memcpy (eval->pv, line->pv, eval->pv_len * sizeof (ChessMove));
        }
    }
  if (eval->pv_len == 0 && best != CHESS_MOVE_NONE)
    {
      eval->pv[0] = best;
      eval->pv_len = 1;
    }
  set_done (self, self->current);
  self->current++;
  search_next (self);
  g_object_unref (self);
}

static void
search_next (CaissaGameAnalysis *self)
{
  CaissaEngineLimits limits;
  GCancellable *cancellable = g_task_get_cancellable (self->task);

  if (g_cancellable_is_cancelled (cancellable))
    {
      finish (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled")));
      return;
    }
  /* Positions without a move are judged by the rules, not searched. */
  while (self->current < self->nodes->len)
    {
      const ChessPosition *pos = position_at (self, self->current);
      CaissaPositionEval *eval = &self->evals[self->current];

      if (chess_count_legal (pos) > 0)
        break;
      eval->terminal = TRUE;
      if (chess_position_in_check (pos))
        eval->score = (ChessUciScore) { CHESS_UCI_SCORE_MATE, 0, CHESS_UCI_BOUND_EXACT };
      else
        eval->score = (ChessUciScore) { CHESS_UCI_SCORE_CP, 0, CHESS_UCI_BOUND_EXACT };
      set_done (self, self->current);
      self->current++;
    }
  if (self->current >= self->nodes->len)
    {
      finish (self, NULL);
      return;
    }

  caissa_engine_set_position (self->engine, chess_game_start_position (self->game),
                              &g_array_index (self->moves, ChessMove, 1), self->current);
  caissa_engine_limits_init (&limits);
  if (self->movetime_ms > 0)
    limits.movetime_ms = self->movetime_ms;
  else
    {
      limits.depth = self->depth;
      self->watchdog_id = g_timeout_add_seconds (DEPTH_WATCHDOG_S, watchdog_cb, self);
    }
  caissa_engine_go_async (self->engine, &limits, cancellable, went_cb, g_object_ref (self));
}

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  CaissaGameAnalysis *self = user_data;
  GError *error = NULL;

  if (!caissa_engine_start_finish (CAISSA_ENGINE (source), result, &error))
    finish (self, error);
  else
    {
      caissa_engine_new_game (self->engine);
      search_next (self);
    }
  g_object_unref (self);
}

void
caissa_game_analysis_run_async (CaissaGameAnalysis  *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (CAISSA_IS_GAME_ANALYSIS (self));
  g_return_if_fail (self->task == NULL);

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, caissa_game_analysis_run_async);
  g_task_set_check_cancellable (self->task, FALSE);
  self->current = 0;
  self->n_done = 0;
  memset (self->evals, 0, self->nodes->len * sizeof (CaissaPositionEval));

  if (caissa_engine_get_state (self->engine) == CAISSA_ENGINE_STATE_NEW)
    caissa_engine_start_async (self->engine, cancellable, started_cb, g_object_ref (self));
  else
    {
      caissa_engine_new_game (self->engine);
      search_next (self);
    }
}

gboolean
caissa_game_analysis_run_finish (CaissaGameAnalysis  *self,
                                 GAsyncResult        *result,
                                 GError             **error)
{
  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- writing into a game ------------------------------------------------------ */

/* The comment with its [%eval …] command (if any) replaced by eval_text
 * (NULL: removed), the rest kept as it was. */
static char *
comment_with_eval (const char *comment,
                   const char *eval_text)
{
  g_autoptr (GString) rest = g_string_new (comment != NULL ? comment : "");
  const char *found;

  while ((found = strstr (rest->str, "[%eval")) != NULL)
    {
      const char *end = strchr (found, ']');
      gsize from = found - rest->str;
      gsize to = end != NULL ? (gsize) (end - rest->str) + 1 : rest->len;

      /* One space around the command goes with it. */
      if (to < rest->len && rest->str[to] == ' ')
        to++;
      g_string_erase (rest, from, to - from);
    }
  g_strstrip (rest->str);
  rest->len = strlen (rest->str);
  if (eval_text == NULL)
    return g_string_free (g_steal_pointer (&rest), FALSE);
  if (rest->len == 0)
    return g_strdup_printf ("[%%eval %s]", eval_text);
  return g_strdup_printf ("[%%eval %s] %s", eval_text, rest->str);
}

guint
caissa_game_analysis_apply (CaissaGameAnalysis *self,
                            ChessGame          *game)
{
  ChessNodeId node = CHESS_NODE_ROOT;
  guint annotated = 0;

  g_return_val_if_fail (CAISSA_IS_GAME_ANALYSIS (self), 0);
  g_return_val_if_fail (game != NULL, 0);

  {
    char a[CHESS_FEN_MAX], b[CHESS_FEN_MAX];

    if (strcmp (chess_fen_write (chess_game_start_position (game), a),
                chess_fen_write (chess_game_start_position (self->game), b)) != 0)
      return 0;
  }
  for (guint i = 1; i < self->nodes->len; i++)
    {
      const CaissaPositionEval *eval = &self->evals[i];
      ChessNodeId parent = node;
      g_autofree char *comment = NULL;
      char text[16];

      node = chess_game_node_next (game, parent);
      if (node == CHESS_NODE_NONE
          || chess_game_node_move (game, node) != g_array_index (self->moves, ChessMove, i))
        break;
      if (!eval->done)
        break;

      /* A mated or stalemated position says so itself; no eval. */
      if (eval->score.kind != CHESS_UCI_SCORE_NONE && !eval->terminal)
        {
          chess_uci_score_format_eval (eval->score, chess_game_node_position (game, node)->side, text);
          comment = comment_with_eval (chess_game_node_comment (game, node, CHESS_COMMENT_AFTER), text);
          chess_game_node_set_comment (game, node, CHESS_COMMENT_AFTER, comment);
        }
      chess_game_node_remove_nag (game, node, 2);
      chess_game_node_remove_nag (game, node, 4);
      chess_game_node_remove_nag (game, node, 6);
      if (eval->nag != 0)
        chess_game_node_add_nag (game, node, eval->nag);

      /* The best line where a mistake was made, as a variation. */
      if (eval->nag == 2 || eval->nag == 4)
        {
          const CaissaPositionEval *before = &self->evals[i - 1];

          if (before->pv_len > 0 && chess_game_node_find_child (game, parent, before->pv[0]) == CHESS_NODE_NONE)
            {
              ChessNodeId at = parent;

              for (guint k = 0; k < before->pv_len && k < MAX_VARIATION_PLIES; k++)
                {
                  at = chess_game_add_move (game, at, before->pv[k]);
                  if (at == CHESS_NODE_NONE)
                    break;
                  if (k == 0)
                    {
                      chess_uci_score_format_eval (before->score, chess_game_node_position (game, parent)->side, text);
                      g_free (comment);
                      comment = g_strdup_printf ("[%%eval %s]", text);
                      chess_game_node_set_comment (game, at, CHESS_COMMENT_AFTER, comment);
                    }
                }
            }
        }
      annotated++;
    }
  return annotated;
}

/* --- GObject ---------------------------------------------------------------- */

static void
caissa_game_analysis_finalize (GObject *object)
{
  CaissaGameAnalysis *self = CAISSA_GAME_ANALYSIS (object);

  g_clear_handle_id (&self->watchdog_id, g_source_remove);
  g_clear_object (&self->engine);
  chess_game_free (self->game);
  g_array_unref (self->nodes);
  g_array_unref (self->moves);
  g_free (self->evals);

  G_OBJECT_CLASS (caissa_game_analysis_parent_class)->finalize (object);
}

static void
caissa_game_analysis_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CaissaGameAnalysis *self = CAISSA_GAME_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      g_value_set_double (value, caissa_game_analysis_get_progress (self));
      break;
    case PROP_N_DONE:
      g_value_set_uint (value, self->n_done);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_analysis_class_init (CaissaGameAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = caissa_game_analysis_finalize;
  object_class->get_property = caissa_game_analysis_get_property;

  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_DONE] =
    g_param_spec_uint ("n-done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_game_analysis_init (CaissaGameAnalysis *self)
{
  self->depth = DEFAULT_DEPTH;
}
