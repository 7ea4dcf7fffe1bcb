/* caissa-engine-search.c — CaissaEngine's searches: the position, go and
 * stop, the lines of the search (coalesced for listeners), the bestmove
 * judged against the position searched.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-engine"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "caissa-engine-private.h"
#include "chess-fen.h"

void
caissa_engine_limits_init (CaissaEngineLimits *limits)
{
  g_return_if_fail (limits != NULL);

  limits->wtime_ms = -1;
  limits->btime_ms = -1;
  limits->winc_ms = -1;
  limits->binc_ms = -1;
  limits->movestogo = -1;
  limits->depth = -1;
  limits->movetime_ms = -1;
  limits->nodes = -1;
  limits->infinite = FALSE;
}

static void
go_data_free (GoData *data)
{
  if (data->cancel_id != 0)
    g_cancellable_disconnect (data->cancellable, data->cancel_id);
  g_clear_object (&data->cancellable);
  g_clear_pointer (&data->moves, g_array_unref);
  g_free (data);
}

void
_caissa_engine_line_clear (CaissaEngineLine *line)
{
  g_clear_pointer (&line->pv_san, g_free);
}

static void
emit_info (CaissaEngine *self)
{
  GoData *data;

  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  if (!self->any_dirty)
    return;
  self->any_dirty = FALSE;
  data = self->go_task != NULL ? g_task_get_task_data (self->go_task) : NULL;
  for (guint i = 0; i < self->n_raw; i++)
    {
      CaissaEngineLine *line;
      const ChessUciInfo *info = &self->raw[i];
      char *buf;

      if (!self->dirty[i])
        continue;
      self->dirty[i] = FALSE;
      if (i >= self->lines->len)
        g_array_set_size (self->lines, i + 1);
      line = &g_array_index (self->lines, CaissaEngineLine, i);
      _caissa_engine_line_clear (line);
      line->multipv = i + 1;
      line->depth = info->depth;
      line->seldepth = info->seldepth;
      line->score = info->score;
      line->nodes = info->nodes;
      line->nps = info->nps;
      line->time_ms = info->time_ms;
      line->hashfull = info->hashfull;
      buf = g_malloc (CHESS_UCI_MAX_PV * 16);
      line->pv_len = chess_uci_pv_to_san (data != NULL ? &data->position : &self->search_position,
                                          (const char (*)[8]) info->pv, info->pv_len,
                                          line->pv, CHESS_UCI_MAX_PV, buf, CHESS_UCI_MAX_PV * 16);
      line->pv_len = MIN (line->pv_len, CHESS_UCI_MAX_PV);
      line->pv_san = buf;
    }
  self->last_emit_us = g_get_monotonic_time ();
  _caissa_engine_emit_info_signal (self);
}

static gboolean
info_timeout_cb (gpointer user_data)
{
  CaissaEngine *self = user_data;

  self->info_timeout_id = 0;
  emit_info (self);
  return G_SOURCE_REMOVE;
}

void
_caissa_engine_handle_info (CaissaEngine       *self,
             const ChessUciInfo *info)
{
  guint index;
  gint64 now, due;

  /* Lines of a search being stopped for another belong to no one. */
  if (self->go_task == NULL || self->next_go != NULL)
    return;
  if (!(info->fields & (CHESS_UCI_INFO_PV | CHESS_UCI_INFO_SCORE)))
    return;
  index = info->multipv - 1;
  if (index >= MAX_LINES)
    return;
  self->raw[index] = *info;
  self->dirty[index] = TRUE;
  self->any_dirty = TRUE;
  self->n_raw = MAX (self->n_raw, index + 1);

  /* At most one emission per interval: the engine may send hundreds of
   * lines a second, and every listener redraws on each. */
  if (self->info_timeout_id != 0)
    return;
  now = g_get_monotonic_time ();
  due = self->last_emit_us + INFO_INTERVAL_US;
  if (now >= due)
    emit_info (self);
  else
    self->info_timeout_id = g_timeout_add (MAX (1, (due - now + 999) / 1000), info_timeout_cb, self);
}

static void
finish_go (CaissaEngine *self)
{
  GTask *task = g_steal_pointer (&self->go_task);
  GoData *data = g_task_get_task_data (task);

  _caissa_engine_clear_timeout (self);
  self->stop_sent = FALSE;
  _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_READY);
  if (g_cancellable_is_cancelled (data->cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
  if (self->state != CAISSA_ENGINE_STATE_READY)
    return;
  _caissa_engine_flush_pending (self);
  if (self->next_go != NULL && self->go_task == NULL)
    _caissa_engine_launch_go (self);
}

void
_caissa_engine_handle_bestmove (CaissaEngine       *self,
                 const ChessUciLine *parsed)
{
  GoData *data;
  g_autofree char *message = NULL;
  ChessMoveList legal;
  ChessMove best;

  if (self->go_task == NULL)
    return;  /* a stray bestmove: nothing asked for it */
  data = g_task_get_task_data (self->go_task);
  g_debug ("%s > bestmove %s", _caissa_engine_display_name (self),
           parsed->bestmove_valid ? parsed->bestmove : "(invalid)");

  /* The last lines first, so that a listener sees them before the move. */
  if (self->next_go == NULL)
    emit_info (self);
  if (self->go_task == NULL)
    return;

  chess_generate_legal (&data->position, &legal);
  if (!parsed->bestmove_valid)
    {
      /* TRANSLATORS: %s is the engine's name */
      message = g_strdup_printf (_("The engine “%s” sent garbage: “bestmove” without a move."),
                                 _caissa_engine_display_name (self));
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_GARBAGE, message);
      return;
    }
  if (strcmp (parsed->bestmove, "(none)") == 0 || strcmp (parsed->bestmove, "0000") == 0)
    {
      if (legal.count == 0)
        {
          data->best = CHESS_MOVE_NONE;
          data->ponder = CHESS_MOVE_NONE;
          finish_go (self);
          return;
        }
      /* TRANSLATORS: %s is the engine's name, the second %s what it sent */
      message = g_strdup_printf (_("The engine “%s” played an illegal move: “%s”, though it has legal moves."),
                                 _caissa_engine_display_name (self), parsed->bestmove);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_ILLEGAL_MOVE, message);
      return;
    }
  best = chess_uci_move_parse (&data->position, parsed->bestmove);
  if (best == CHESS_MOVE_NONE)
    {
      gboolean shaped = strlen (parsed->bestmove) >= 4 && strlen (parsed->bestmove) <= 5
                        && parsed->bestmove[0] >= 'a' && parsed->bestmove[0] <= 'h'
                        && parsed->bestmove[1] >= '1' && parsed->bestmove[1] <= '8'
                        && parsed->bestmove[2] >= 'a' && parsed->bestmove[2] <= 'h'
                        && parsed->bestmove[3] >= '1' && parsed->bestmove[3] <= '8';
      g_autofree char *shown = g_utf8_make_valid (parsed->bestmove, -1);

      if (shaped)
        {
          /* TRANSLATORS: %s is the engine's name, the second %s the move it sent */
          message = g_strdup_printf (_("The engine “%s” played an illegal move: “%s”."),
                                     _caissa_engine_display_name (self), shown);
          _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_ILLEGAL_MOVE, message);
        }
      else
        {
          /* TRANSLATORS: %s is the engine's name, the second %s what it sent */
          message = g_strdup_printf (_("The engine “%s” sent garbage instead of a move: “%s”."),
                                     _caissa_engine_display_name (self), shown);
          _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_GARBAGE, message);
        }
      return;
    }
  data->best = best;
  data->ponder = CHESS_MOVE_NONE;
  if (parsed->ponder[0] != '\0')
    {
      ChessPosition after = data->position;

      chess_position_make_move (&after, best);
      data->ponder = chess_uci_move_parse (&after, parsed->ponder);
    }
  finish_go (self);
}

void
_caissa_engine_launch_go (CaissaEngine *self)
{
  GoData *data;
  g_autoptr (GString) cmd = g_string_new (NULL);
  const CaissaEngineLimits *l;
  char fen[CHESS_FEN_MAX];
  gint64 limit_ms = -1;

  g_assert (self->go_task == NULL && self->next_go != NULL);

  self->go_task = g_steal_pointer (&self->next_go);
  data = g_task_get_task_data (self->go_task);
  l = &data->limits;

  if (g_cancellable_is_cancelled (data->cancellable))
    {
      GTask *task = g_steal_pointer (&self->go_task);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
      g_object_unref (task);
      return;
    }

  _caissa_engine_flush_pending (self);

  /* Fresh lines for the new search. */
  for (guint i = 0; i < self->lines->len; i++)
    _caissa_engine_line_clear (&g_array_index (self->lines, CaissaEngineLine, i));
  g_array_set_size (self->lines, 0);
  memset (self->dirty, 0, MAX_LINES * sizeof (gboolean));
  self->n_raw = 0;
  self->any_dirty = FALSE;
  self->search_position = data->position;
  self->idle_bytes = 0;

  g_string_append_printf (cmd, "position fen %s", chess_fen_write (&data->start, fen));
  if (data->moves->len > 0)
    {
      g_string_append (cmd, " moves");
      for (guint i = 0; i < data->moves->len; i++)
        {
          char uci[8];
          g_string_append_printf (cmd, " %s", chess_move_to_uci (g_array_index (data->moves, ChessMove, i), uci));
        }
    }
  _caissa_engine_send (self, "%s", cmd->str);

  g_string_assign (cmd, "go");
  if (l->wtime_ms >= 0)
    g_string_append_printf (cmd, " wtime %" G_GINT64_FORMAT, l->wtime_ms);
  if (l->btime_ms >= 0)
    g_string_append_printf (cmd, " btime %" G_GINT64_FORMAT, l->btime_ms);
  if (l->winc_ms >= 0)
    g_string_append_printf (cmd, " winc %" G_GINT64_FORMAT, l->winc_ms);
  if (l->binc_ms >= 0)
    g_string_append_printf (cmd, " binc %" G_GINT64_FORMAT, l->binc_ms);
  if (l->movestogo > 0)
    g_string_append_printf (cmd, " movestogo %d", l->movestogo);
  if (l->depth > 0)
    g_string_append_printf (cmd, " depth %d", l->depth);
  if (l->nodes > 0)
    g_string_append_printf (cmd, " nodes %" G_GINT64_FORMAT, l->nodes);
  if (l->movetime_ms >= 0)
    g_string_append_printf (cmd, " movetime %" G_GINT64_FORMAT, l->movetime_ms);
  if (l->infinite)
    g_string_append (cmd, " infinite");
  _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_SEARCHING);
  _caissa_engine_send (self, "%s", cmd->str);

  /* The hang watch: a search with a time limit must end within it plus a
   * grace period (the engine's own overhead, a loaded machine). Depth,
   * node and infinite searches are watched only once stopped. */
  if (!l->infinite)
    {
      gint64 own = data->position.side == CHESS_WHITE ? l->wtime_ms : l->btime_ms;

      if (l->movetime_ms >= 0)
        limit_ms = l->movetime_ms;
      if (own >= 0 && (limit_ms < 0 || own < limit_ms))
        limit_ms = own;
      if (limit_ms >= 0)
        _caissa_engine_watch (self, (guint) MIN (limit_ms + limit_ms / 10 + self->grace_ms, G_MAXUINT));
    }
}

static void
send_stop (CaissaEngine *self)
{
  if (self->go_task == NULL || self->stop_sent)
    return;
  self->stop_sent = TRUE;
  _caissa_engine_send (self, "stop");
  _caissa_engine_watch (self, self->grace_ms);
}

static gboolean
cancel_idle_cb (gpointer user_data)
{
  CaissaEngine *self = user_data;

  self->cancel_idle_id = 0;
  if (self->next_go != NULL)
    {
      GoData *data = g_task_get_task_data (self->next_go);

      if (g_cancellable_is_cancelled (data->cancellable))
        {
          GTask *task = g_steal_pointer (&self->next_go);

          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
          g_object_unref (task);
        }
    }
  if (self->go_task != NULL)
    {
      GoData *data = g_task_get_task_data (self->go_task);

      if (g_cancellable_is_cancelled (data->cancellable))
        send_stop (self);
    }
  return G_SOURCE_REMOVE;
}

/* Runs in whatever thread cancelled: only schedule the work. */
static void
go_cancelled_cb (GCancellable *cancellable,
                 gpointer      user_data)
{
  GoData *data = user_data;
  CaissaEngine *self = data->engine;

  if (self != NULL && self->cancel_idle_id == 0)
    self->cancel_idle_id = g_idle_add (cancel_idle_cb, self);
}

gboolean
caissa_engine_set_position (CaissaEngine        *self,
                            const ChessPosition *start,
                            const ChessMove     *moves,
                            gsize                n_moves)
{
  ChessPosition pos;

  g_return_val_if_fail (CAISSA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  pos = *start;
  for (gsize i = 0; i < n_moves; i++)
    {
      if (!chess_position_is_legal (&pos, moves[i]))
        return FALSE;
      chess_position_make_move (&pos, moves[i]);
    }
  self->position_start = *start;
  g_array_set_size (self->position_moves, 0);
  if (n_moves > 0)
    g_array_append_vals (self->position_moves, moves, n_moves);
  return TRUE;
}

const ChessPosition *
caissa_engine_get_search_position (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  return &self->search_position;
}

void
caissa_engine_go_async (CaissaEngine             *self,
                        const CaissaEngineLimits *limits,
                        GCancellable             *cancellable,
                        GAsyncReadyCallback       callback,
                        gpointer                  user_data)
{
  g_autoptr (GTask) task = NULL;
  GoData *data;

  g_return_if_fail (CAISSA_IS_ENGINE (self));
  g_return_if_fail (limits != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, caissa_engine_go_async);
  /* The result is the moves in the task data, not a value: the return
   * must not be checked for cancellation by GTask itself. */
  g_task_set_check_cancellable (task, FALSE);

  if (self->state == CAISSA_ENGINE_STATE_FAILED || self->state == CAISSA_ENGINE_STATE_QUIT)
    {
      g_task_return_new_error (task, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_FAILED,
                               /* TRANSLATORS: %s is the engine's name */
                               _("The engine “%s” is not running."), _caissa_engine_display_name (self));
      return;
    }

  data = g_new0 (GoData, 1);
  data->engine = self;
  data->limits = *limits;
  data->start = self->position_start;
  data->moves = g_array_copy (self->position_moves);
  data->position = data->start;
  for (guint i = 0; i < data->moves->len; i++)
    chess_position_make_move (&data->position, g_array_index (data->moves, ChessMove, i));
  data->best = CHESS_MOVE_NONE;
  data->ponder = CHESS_MOVE_NONE;
  g_task_set_task_data (task, data, (GDestroyNotify) go_data_free);
  if (cancellable != NULL)
    {
      data->cancellable = g_object_ref (cancellable);
      data->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (go_cancelled_cb), data, NULL);
    }

  /* A waiting search is replaced: only the newest position matters. */
  if (self->next_go != NULL)
    {
      GTask *old = g_steal_pointer (&self->next_go);

      g_task_return_new_error (old, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
      g_object_unref (old);
    }
  self->next_go = g_steal_pointer (&task);
  if (self->go_task != NULL)
    send_stop (self);
  else if (_caissa_engine_is_idle (self))
    _caissa_engine_launch_go (self);
}

gboolean
caissa_engine_go_finish (CaissaEngine  *self,
                         GAsyncResult  *result,
                         ChessMove     *bestmove,
                         ChessMove     *ponder,
                         GError       **error)
{
  GoData *data;

  g_return_val_if_fail (CAISSA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  data = g_task_get_task_data (G_TASK (result));
  if (bestmove != NULL)
    *bestmove = CHESS_MOVE_NONE;
  if (ponder != NULL)
    *ponder = CHESS_MOVE_NONE;
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (bestmove != NULL)
    *bestmove = data->best;
  if (ponder != NULL)
    *ponder = data->ponder;
  return TRUE;
}

void
caissa_engine_stop (CaissaEngine *self)
{
  g_return_if_fail (CAISSA_IS_ENGINE (self));

  send_stop (self);
}

guint
caissa_engine_get_n_lines (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), 0);

  return self->lines->len;
}

const CaissaEngineLine *
caissa_engine_get_line (CaissaEngine *self,
                        guint         index)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (index < self->lines->len, NULL);

  return &g_array_index (self->lines, CaissaEngineLine, index);
}

char *
caissa_engine_line_format_score (CaissaEngine           *self,
                                 const CaissaEngineLine *line,
                                 char                   *buf)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (line != NULL && buf != NULL, NULL);

  return chess_uci_score_format (line->score, self->search_position.side, buf);
}
