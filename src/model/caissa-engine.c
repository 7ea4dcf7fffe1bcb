/* caissa-engine.c — a UCI chess engine in a subprocess.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * All I/O is asynchronous on the main context the engine was made in.
 * Pending operations never hold a reference on the engine (so dropping the
 * last reference ends the process at once): dispose cancels them, and
 * their callbacks return on G_IO_ERROR_CANCELLED without touching it.
 */
#define G_LOG_DOMAIN "caissa-engine"

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "caissa-engine.h"
#include "chess-fen.h"

/* One line longer than this is not an engine talking but a broken one. */
#define MAX_LINE_LENGTH       (64 * 1024)
#define READ_CHUNK            (64 * 1024)
#define MAX_LINES             256
#define INFO_INTERVAL_US      (100 * 1000)
#define DEFAULT_HANDSHAKE_MS  5000
#define DEFAULT_GRACE_MS      5000
#define QUIT_GRACE_MS         1000

G_DEFINE_QUARK (caissa-engine-error-quark, caissa_engine_error)
G_DEFINE_ENUM_TYPE (CaissaEngineState, caissa_engine_state,
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_NEW, "new"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_STARTING, "starting"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_READY, "ready"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_SEARCHING, "searching"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_FAILED, "failed"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_QUIT, "quit"))

typedef enum
{
  PENDING_SETOPTION,
  PENDING_LEVEL,
  PENDING_NEWGAME,
} PendingKind;

typedef struct
{
  PendingKind kind;
  char       *name;
  char       *value;
  guint       level;
} Pending;

/* What one go_async () asked for. */
typedef struct
{
  CaissaEngine      *engine;       /* not a reference: see the top of the file */
  CaissaEngineLimits limits;
  ChessPosition      start;
  GArray            *moves;        /* ChessMove */
  ChessPosition      position;     /* after the moves */
  GCancellable      *cancellable;
  gulong             cancel_id;
  ChessMove          best;
  ChessMove          ponder;
} GoData;

struct _CaissaEngine
{
  GObject            parent_instance;

  char              *command;
  char              *path;
  char              *name;
  char              *author;
  CaissaEngineState  state;
  guint              handshake_ms;
  guint              grace_ms;

  GSubprocess       *process;
  GOutputStream     *input;        /* the engine's stdin */
  GInputStream      *output;       /* the engine's stdout */
  GCancellable      *io_cancellable;
  GString           *line;         /* a line being read */
  GString           *outbuf;       /* commands waiting to be written */
  gboolean           writing;
  gboolean           got_uciok;
  gboolean           handshake_done;

  GPtrArray         *options;      /* ChessUciOption * */
  GQueue             pending;      /* Pending *, sent when idle */

  GTask             *start_task;
  GTask             *go_task;      /* the search running */
  GTask             *next_go;      /* a search waiting for it to end */
  gboolean           stop_sent;
  guint              timeout_id;   /* handshake / hang watch */
  guint              cancel_idle_id;

  ChessPosition      position_start;
  GArray            *position_moves;
  ChessPosition      search_position;

  /* Lines: raw from the engine, turned into SAN only when emitted. */
  GArray            *lines;        /* CaissaEngineLine */
  ChessUciInfo      *raw;          /* MAX_LINES of them */
  gboolean          *dirty;
  guint              n_raw;
  gboolean           any_dirty;
  gint64             last_emit_us;
  guint              info_timeout_id;

  gboolean           failed_emitted;
  ChessUciLine       parsed;       /* scratch: too big for the stack */
};

enum
{
  PROP_0,
  PROP_STATE,
  PROP_NAME,
  PROP_AUTHOR,
  N_PROPS
};

enum
{
  SIGNAL_INFO,
  SIGNAL_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaEngine, caissa_engine, G_TYPE_OBJECT)

static void start_reading (CaissaEngine *self);
static void launch_go (CaissaEngine *self);
static void fail (CaissaEngine *self, GError *error);

/* --- small things ---------------------------------------------------------- */

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
pending_free (Pending *p)
{
  g_free (p->name);
  g_free (p->value);
  g_free (p);
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

static void
line_clear (CaissaEngineLine *line)
{
  g_clear_pointer (&line->pv_san, g_free);
}

static void
set_state (CaissaEngine      *self,
           CaissaEngineState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
clear_timeout (CaissaEngine *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
}

static const char *
display_name (CaissaEngine *self)
{
  return caissa_engine_get_name (self);
}

/* --- writing --------------------------------------------------------------- */

static void write_more (CaissaEngine *self);

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  CaissaEngine *self;
  gssize written;

  written = g_output_stream_write_bytes_finish (G_OUTPUT_STREAM (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CAISSA_ENGINE (user_data);
  self->writing = FALSE;
  if (error != NULL)
    {
      /* A broken pipe: the engine is gone. Reading meets its end of file
       * and says so with the exit status; nothing more to write. */
      g_debug ("%s: write failed: %s", display_name (self), error->message);
      g_string_truncate (self->outbuf, 0);
      return;
    }
  g_string_erase (self->outbuf, 0, written);
  write_more (self);
}

static void
write_more (CaissaEngine *self)
{
  g_autoptr (GBytes) bytes = NULL;

  if (self->writing || self->outbuf->len == 0 || self->input == NULL)
    return;
  bytes = g_bytes_new (self->outbuf->str, self->outbuf->len);
  self->writing = TRUE;
  g_output_stream_write_bytes_async (self->input, bytes, G_PRIORITY_DEFAULT,
                                     self->io_cancellable, write_cb, self);
}

static void send (CaissaEngine *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
send (CaissaEngine *self,
      const char   *format,
      ...)
{
  va_list args;
  gsize from;

  if (self->process == NULL || self->state == CAISSA_ENGINE_STATE_FAILED
      || self->state == CAISSA_ENGINE_STATE_QUIT)
    return;
  from = self->outbuf->len;

  va_start (args, format);
  g_string_append_vprintf (self->outbuf, format, args);
  va_end (args);
  g_debug ("%s < %.*s", display_name (self), (int) MIN (self->outbuf->len - from, 200),
           self->outbuf->str + from);
  g_string_append_c (self->outbuf, '\n');
  write_more (self);
}

/* --- failure --------------------------------------------------------------- */

static void
return_go_error (GTask  *task,
                 GError *error)
{
  g_task_return_error (task, g_error_copy (error));
  g_object_unref (task);
}

/* Every failure ends the engine: its tasks get the error, "failed" is
 * emitted once, and the process is killed. */
static void
fail (CaissaEngine *self,
      GError       *error)
{
  g_autoptr (GError) owned = error;

  if (self->state == CAISSA_ENGINE_STATE_FAILED || self->state == CAISSA_ENGINE_STATE_QUIT)
    return;
  g_debug ("%s failed: %s", display_name (self), error->message);
  clear_timeout (self);
  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  g_cancellable_cancel (self->io_cancellable);
  if (self->process != NULL)
    g_subprocess_force_exit (self->process);
  set_state (self, CAISSA_ENGINE_STATE_FAILED);

  g_object_ref (self);
  if (self->start_task != NULL)
    return_go_error (g_steal_pointer (&self->start_task), error);
  if (self->go_task != NULL)
    return_go_error (g_steal_pointer (&self->go_task), error);
  if (self->next_go != NULL)
    return_go_error (g_steal_pointer (&self->next_go), error);
  if (!self->failed_emitted)
    {
      self->failed_emitted = TRUE;
      g_signal_emit (self, signals[SIGNAL_FAILED], 0, error);
    }
  g_object_unref (self);
}

static void
fail_literal (CaissaEngine      *self,
              CaissaEngineError  code,
              const char        *message)
{
  fail (self, g_error_new_literal (CAISSA_ENGINE_ERROR, code, message));
}

/* --- the end of the output: the engine ended ------------------------------- */

typedef struct
{
  CaissaEngine *engine;       /* not a reference: dispose cancels the wait */
  GSubprocess  *process;      /* a reference: the timeout may outrun dispose */
  guint         timeout_id;
  gboolean      in_handshake;
  gboolean      searching;
} EndData;

static void
end_wait_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  EndData *data = user_data;
  GSubprocess *process = G_SUBPROCESS (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *status = NULL;
  g_autofree char *message = NULL;
  CaissaEngine *self;

  g_clear_handle_id (&data->timeout_id, g_source_remove);
  g_subprocess_wait_finish (process, result, &error);
  g_clear_object (&data->process);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_free (data);
      return;
    }
  self = data->engine;

  if (error != NULL)
    status = g_strdup (error->message);
  else if (g_subprocess_get_if_signaled (process))
    /* TRANSLATORS: how an engine process ended; %d is a signal number, %s its name */
    status = g_strdup_printf (_("killed by signal %d, %s"), g_subprocess_get_term_sig (process),
                              g_strsignal (g_subprocess_get_term_sig (process)));
  else
    /* TRANSLATORS: how an engine process ended */
    status = g_strdup_printf (_("exit status %d"), g_subprocess_get_exit_status (process));

  if (data->in_handshake)
    {
      /* TRANSLATORS: %s is the engine's name, the second %s how it ended */
      message = g_strdup_printf (_("The engine “%s” is not a UCI engine: it ended before saying “uciok” (%s)."),
                                 display_name (self), status);
      g_free (data);
      fail_literal (self, CAISSA_ENGINE_ERROR_NOT_UCI, message);
      return;
    }
  if (data->searching)
    /* TRANSLATORS: %s is the engine's name, the second %s how it ended */
    message = g_strdup_printf (_("The engine “%s” crashed while thinking (%s)."),
                               display_name (self), status);
  else
    /* TRANSLATORS: %s is the engine's name, the second %s how it ended */
    message = g_strdup_printf (_("The engine “%s” quit unexpectedly (%s)."),
                               display_name (self), status);
  g_free (data);
  fail_literal (self, CAISSA_ENGINE_ERROR_CRASHED, message);
}

/* An engine that closed its output but keeps running is ended by force. */
static gboolean
end_timeout_cb (gpointer user_data)
{
  EndData *data = user_data;

  data->timeout_id = 0;
  g_subprocess_force_exit (data->process);
  return G_SOURCE_REMOVE;
}

static void
output_ended (CaissaEngine *self)
{
  EndData *data;

  if (self->state == CAISSA_ENGINE_STATE_FAILED || self->state == CAISSA_ENGINE_STATE_QUIT)
    return;
  /* The handshake and hang watches stop: the end is the news now. */
  clear_timeout (self);
  data = g_new0 (EndData, 1);
  data->engine = self;
  data->process = g_object_ref (self->process);
  data->in_handshake = !self->got_uciok;
  data->searching = self->go_task != NULL;
  data->timeout_id = g_timeout_add (QUIT_GRACE_MS, end_timeout_cb, data);
  g_subprocess_wait_async (self->process, self->io_cancellable, end_wait_cb, data);
}

/* --- options and pending commands ------------------------------------------ */

const ChessUciOption *
caissa_engine_find_option (CaissaEngine *self,
                           const char   *name)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->options->len; i++)
    {
      const ChessUciOption *opt = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (opt->name, name) == 0)
        return opt;
    }
  return NULL;
}

static gboolean
send_option (CaissaEngine *self,
             const char   *name,
             const char   *value)
{
  const ChessUciOption *opt = caissa_engine_find_option (self, name);
  g_autofree char *clamped = NULL;

  if (opt == NULL)
    return FALSE;
  if (opt->type == CHESS_UCI_OPTION_BUTTON || value == NULL)
    {
      send (self, "setoption name %s", opt->name);
      return TRUE;
    }
  if (opt->type == CHESS_UCI_OPTION_SPIN)
    {
      gint64 v = g_ascii_strtoll (value, NULL, 10);

      if (opt->has_min && v < opt->min)
        v = opt->min;
      if (opt->has_max && v > opt->max)
        v = opt->max;
      clamped = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      value = clamped;
    }
  /* A value may not carry a newline into the protocol. */
  if (strpbrk (value, "\r\n") != NULL)
    return FALSE;
  send (self, "setoption name %s value %s", opt->name, value);
  return TRUE;
}

static void
send_level (CaissaEngine *self,
            guint         level)
{
  ChessEngineLevel l;

  if (level == 0)
    {
      send_option (self, "Skill Level", "20");
      send_option (self, "UCI_LimitStrength", "false");
      return;
    }
  chess_engine_level_get (level, &l);
  {
    g_autofree char *skill = g_strdup_printf ("%d", l.skill);
    send_option (self, "Skill Level", skill);
  }
  if (l.elo > 0 && caissa_engine_find_option (self, "UCI_Elo") != NULL
      && caissa_engine_find_option (self, "UCI_LimitStrength") != NULL)
    {
      g_autofree char *elo = g_strdup_printf ("%d", l.elo);
      send_option (self, "UCI_LimitStrength", "true");
      send_option (self, "UCI_Elo", elo);
    }
  else
    send_option (self, "UCI_LimitStrength", "false");
}

static gboolean
is_idle (CaissaEngine *self)
{
  return self->handshake_done && self->go_task == NULL
         && self->state == CAISSA_ENGINE_STATE_READY;
}

static void
flush_pending (CaissaEngine *self)
{
  Pending *p;
  gboolean sync = FALSE;

  if (!is_idle (self))
    return;
  while ((p = g_queue_pop_head (&self->pending)) != NULL)
    {
      switch (p->kind)
        {
        case PENDING_SETOPTION:
          if (!send_option (self, p->name, p->value))
            g_debug ("%s: no option “%s”", display_name (self), p->name);
          break;
        case PENDING_LEVEL:
          send_level (self, p->level);
          break;
        case PENDING_NEWGAME:
          send (self, "ucinewgame");
          sync = TRUE;
          break;
        }
      pending_free (p);
    }
  /* UCI asks for isready after ucinewgame; the answer needs no waiting
   * for, as the engine reads its commands in order. */
  if (sync)
    send (self, "isready");
}

static void
push_pending (CaissaEngine *self,
              Pending      *p)
{
  g_queue_push_tail (&self->pending, p);
  flush_pending (self);
}

/* --- reading --------------------------------------------------------------- */

static gboolean
timeout_cb (gpointer user_data)
{
  CaissaEngine *self = user_data;
  g_autofree char *message = NULL;

  self->timeout_id = 0;
  if (!self->got_uciok)
    {
      /* TRANSLATORS: %s is the engine's name, %.1f seconds */
      message = g_strdup_printf (_("The engine “%s” is not a UCI engine: it did not answer “uciok” within %.1f s."),
                                 display_name (self), self->handshake_ms / 1000.0);
      fail_literal (self, CAISSA_ENGINE_ERROR_NOT_UCI, message);
    }
  else if (!self->handshake_done)
    {
      /* TRANSLATORS: %s is the engine's name */
      message = g_strdup_printf (_("The engine “%s” stopped answering: no “readyok” after “isready”."),
                                 display_name (self));
      fail_literal (self, CAISSA_ENGINE_ERROR_HUNG, message);
    }
  else
    {
      /* TRANSLATORS: %s is the engine's name */
      message = g_strdup_printf (_("The engine “%s” hangs: it did not play a move within the time it was given."),
                                 display_name (self));
      fail_literal (self, CAISSA_ENGINE_ERROR_HUNG, message);
    }
  return G_SOURCE_REMOVE;
}

static void
watch (CaissaEngine *self,
       guint         ms)
{
  clear_timeout (self);
  self->timeout_id = g_timeout_add (ms, timeout_cb, self);
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
      line_clear (line);
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
  g_signal_emit (self, signals[SIGNAL_INFO], 0);
}

static gboolean
info_timeout_cb (gpointer user_data)
{
  CaissaEngine *self = user_data;

  self->info_timeout_id = 0;
  emit_info (self);
  return G_SOURCE_REMOVE;
}

static void
handle_info (CaissaEngine       *self,
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
    self->info_timeout_id = g_timeout_add (MAX (1, (due - now) / 1000), info_timeout_cb, self);
}

static void
finish_go (CaissaEngine *self)
{
  GTask *task = g_steal_pointer (&self->go_task);
  GoData *data = g_task_get_task_data (task);

  clear_timeout (self);
  self->stop_sent = FALSE;
  set_state (self, CAISSA_ENGINE_STATE_READY);
  if (g_cancellable_is_cancelled (data->cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
  if (self->state != CAISSA_ENGINE_STATE_READY)
    return;
  flush_pending (self);
  if (self->next_go != NULL && self->go_task == NULL)
    launch_go (self);
}

static void
handle_bestmove (CaissaEngine       *self,
                 const ChessUciLine *parsed)
{
  GoData *data;
  g_autofree char *message = NULL;
  ChessMoveList legal;
  ChessMove best;

  if (self->go_task == NULL)
    return;  /* a stray bestmove: nothing asked for it */
  data = g_task_get_task_data (self->go_task);

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
                                 display_name (self));
      fail_literal (self, CAISSA_ENGINE_ERROR_GARBAGE, message);
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
                                 display_name (self), parsed->bestmove);
      fail_literal (self, CAISSA_ENGINE_ERROR_ILLEGAL_MOVE, message);
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
                                     display_name (self), shown);
          fail_literal (self, CAISSA_ENGINE_ERROR_ILLEGAL_MOVE, message);
        }
      else
        {
          /* TRANSLATORS: %s is the engine's name, the second %s what it sent */
          message = g_strdup_printf (_("The engine “%s” sent garbage instead of a move: “%s”."),
                                     display_name (self), shown);
          fail_literal (self, CAISSA_ENGINE_ERROR_GARBAGE, message);
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

static void
handle_line (CaissaEngine *self,
             const char   *text,
             gsize         len)
{
  ChessUciLine *parsed = &self->parsed;

  chess_uci_parse_line (text, len, parsed);
  switch (parsed->kind)
    {
    case CHESS_UCI_LINE_ID_NAME:
      if (!self->got_uciok && parsed->text[0] != '\0')
        {
          g_free (self->name);
          self->name = g_utf8_make_valid (parsed->text, -1);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
        }
      break;
    case CHESS_UCI_LINE_ID_AUTHOR:
      if (!self->got_uciok)
        {
          g_free (self->author);
          self->author = g_utf8_make_valid (parsed->text, -1);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTHOR]);
        }
      break;
    case CHESS_UCI_LINE_OPTION:
      if (!self->got_uciok && self->options->len < 1000
          && caissa_engine_find_option (self, parsed->option.name) == NULL)
        {
          ChessUciOption *opt = g_memdup2 (&parsed->option, sizeof parsed->option);
          g_ptr_array_add (self->options, opt);
        }
      break;
    case CHESS_UCI_LINE_UCIOK:
      if (!self->got_uciok)
        {
          self->got_uciok = TRUE;
          send (self, "isready");
          watch (self, self->grace_ms);
        }
      break;
    case CHESS_UCI_LINE_READYOK:
      if (self->got_uciok && !self->handshake_done)
        {
          GTask *task;

          clear_timeout (self);
          self->handshake_done = TRUE;
          set_state (self, CAISSA_ENGINE_STATE_READY);
          task = g_steal_pointer (&self->start_task);
          if (task != NULL)
            {
              g_task_return_boolean (task, TRUE);
              g_object_unref (task);
            }
          if (self->state != CAISSA_ENGINE_STATE_READY)
            break;
          flush_pending (self);
          if (self->next_go != NULL && self->go_task == NULL)
            launch_go (self);
        }
      break;
    case CHESS_UCI_LINE_BESTMOVE:
      handle_bestmove (self, parsed);
      break;
    case CHESS_UCI_LINE_INFO:
      handle_info (self, &parsed->info);
      break;
    case CHESS_UCI_LINE_UNKNOWN:
    default:
      break;
    }
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  CaissaEngine *self;
  const char *data;
  gsize size, start = 0;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CAISSA_ENGINE (user_data);
  if (error != NULL || g_bytes_get_size (bytes) == 0)
    {
      output_ended (self);
      return;
    }

  /* Lines are handled as they come; a handler may end the engine (a
   * failure) or let a callback drop the last reference, so hold one. */
  g_object_ref (self);
  data = g_bytes_get_data (bytes, &size);
  for (gsize i = 0; i < size; i++)
    {
      if (data[i] != '\n')
        continue;
      if (self->line->len > 0)
        {
          g_string_append_len (self->line, data + start, i - start);
          handle_line (self, self->line->str, self->line->len);
          g_string_truncate (self->line, 0);
        }
      else
        handle_line (self, data + start, i - start);
      start = i + 1;
      if (self->state == CAISSA_ENGINE_STATE_FAILED || self->state == CAISSA_ENGINE_STATE_QUIT)
        break;
    }
  if (self->state != CAISSA_ENGINE_STATE_FAILED && self->state != CAISSA_ENGINE_STATE_QUIT)
    {
      if (start < size)
        g_string_append_len (self->line, data + start, size - start);
      if (self->line->len > MAX_LINE_LENGTH)
        {
          g_autofree char *message = NULL;

          /* TRANSLATORS: %s is the engine's name, %d a size in KiB */
          message = g_strdup_printf (_("The engine “%s” sent too much output: a line longer than %d KiB."),
                                     display_name (self), MAX_LINE_LENGTH / 1024);
          fail_literal (self, CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT, message);
        }
      else
        start_reading (self);
    }
  g_object_unref (self);
}

static void
start_reading (CaissaEngine *self)
{
  g_input_stream_read_bytes_async (self->output, READ_CHUNK, G_PRIORITY_DEFAULT,
                                   self->io_cancellable, read_cb, self);
}

/* --- starting -------------------------------------------------------------- */

static char *
resolve_command (const char *command)
{
  char *found;

  if (strchr (command, G_DIR_SEPARATOR) != NULL)
    return g_strdup (command);
  found = g_find_program_in_path (command);
  if (found != NULL)
    return found;
  /* Debian puts games in /usr/games, which is not on every PATH (root's). */
  found = g_build_filename ("/usr/games", command, NULL);
  if (g_file_test (found, G_FILE_TEST_IS_EXECUTABLE) && !g_file_test (found, G_FILE_TEST_IS_DIR))
    return found;
  g_free (found);
  return NULL;
}

static void
sigpipe_ignore_once (void)
{
  static gsize done = 0;

  /* A write to an engine that just died must be an EPIPE error we can
   * report, not a SIGPIPE that ends Caissa. Only the default action is
   * replaced, never a handler someone installed. */
  if (g_once_init_enter (&done))
    {
      struct sigaction sa;

      if (sigaction (SIGPIPE, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL)
        {
          sa.sa_handler = SIG_IGN;
          sigaction (SIGPIPE, &sa, NULL);
        }
      g_once_init_leave (&done, 1);
    }
}

void
caissa_engine_start_async (CaissaEngine        *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[2];

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, caissa_engine_start_async);

  if (self->state != CAISSA_ENGINE_STATE_NEW)
    {
      g_task_return_new_error (task, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_FAILED,
                               /* TRANSLATORS: %s is the engine's name */
                               _("The engine “%s” was already started."), display_name (self));
      return;
    }

  self->path = resolve_command (self->command);
  if (self->path == NULL || !g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a program name or path */
        _("The engine “%s” was not found."), self->command);
      set_state (self, CAISSA_ENGINE_STATE_FAILED);
      self->failed_emitted = TRUE;
      g_signal_emit (self, signals[SIGNAL_FAILED], 0,
                     (error = g_error_new_literal (CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_FOUND, message)));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_file_test (self->path, G_FILE_TEST_IS_DIR)
      || !g_file_test (self->path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a path */
        _("The engine “%s” cannot be run: it is not an executable program."), self->path);
      set_state (self, CAISSA_ENGINE_STATE_FAILED);
      self->failed_emitted = TRUE;
      g_signal_emit (self, signals[SIGNAL_FAILED], 0,
                     (error = g_error_new_literal (CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE, message)));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  sigpipe_ignore_once ();
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  argv[0] = self->path;
  argv[1] = NULL;
  self->process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (self->process == NULL)
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a path, the second %s the system's reason */
        _("The engine “%s” cannot be run: %s"), self->path, error->message);
      g_clear_error (&error);
      set_state (self, CAISSA_ENGINE_STATE_FAILED);
      self->failed_emitted = TRUE;
      g_signal_emit (self, signals[SIGNAL_FAILED], 0,
                     (error = g_error_new_literal (CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE, message)));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  self->input = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->output = g_object_ref (g_subprocess_get_stdout_pipe (self->process));
  self->start_task = g_steal_pointer (&task);
  set_state (self, CAISSA_ENGINE_STATE_STARTING);
  start_reading (self);
  send (self, "uci");
  watch (self, self->handshake_ms);
}

gboolean
caissa_engine_start_finish (CaissaEngine  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- searching ------------------------------------------------------------- */

static void
launch_go (CaissaEngine *self)
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

  flush_pending (self);

  /* Fresh lines for the new search. */
  for (guint i = 0; i < self->lines->len; i++)
    line_clear (&g_array_index (self->lines, CaissaEngineLine, i));
  g_array_set_size (self->lines, 0);
  memset (self->dirty, 0, MAX_LINES * sizeof (gboolean));
  self->n_raw = 0;
  self->any_dirty = FALSE;
  self->search_position = data->position;

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
  send (self, "%s", cmd->str);

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
  set_state (self, CAISSA_ENGINE_STATE_SEARCHING);
  send (self, "%s", cmd->str);

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
        watch (self, (guint) MIN (limit_ms + limit_ms / 10 + self->grace_ms, G_MAXUINT));
    }
}

static void
send_stop (CaissaEngine *self)
{
  if (self->go_task == NULL || self->stop_sent)
    return;
  self->stop_sent = TRUE;
  send (self, "stop");
  watch (self, self->grace_ms);
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
                               _("The engine “%s” is not running."), display_name (self));
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
  else if (is_idle (self))
    launch_go (self);
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

/* --- options, level, new game ---------------------------------------------- */

gboolean
caissa_engine_set_option (CaissaEngine *self,
                          const char   *name,
                          const char   *value)
{
  Pending *p;

  g_return_val_if_fail (CAISSA_IS_ENGINE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (self->got_uciok && caissa_engine_find_option (self, name) == NULL)
    return FALSE;
  p = g_new0 (Pending, 1);
  p->kind = PENDING_SETOPTION;
  p->name = g_strdup (name);
  p->value = g_strdup (value);
  push_pending (self, p);
  return TRUE;
}

void
caissa_engine_set_level (CaissaEngine *self,
                         guint         level)
{
  Pending *p;

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  p = g_new0 (Pending, 1);
  p->kind = PENDING_LEVEL;
  p->level = level;
  push_pending (self, p);
}

void
caissa_engine_new_game (CaissaEngine *self)
{
  Pending *p;

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  p = g_new0 (Pending, 1);
  p->kind = PENDING_NEWGAME;
  push_pending (self, p);
}

/* --- accessors ------------------------------------------------------------- */

const char *
caissa_engine_get_command (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  return self->command;
}

const char *
caissa_engine_get_path (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  return self->path;
}

CaissaEngineState
caissa_engine_get_state (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), CAISSA_ENGINE_STATE_NEW);

  return self->state;
}

const char *
caissa_engine_get_name (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  return self->name;
}

const char *
caissa_engine_get_author (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  return self->author;
}

guint
caissa_engine_get_n_options (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), 0);

  return self->options->len;
}

const ChessUciOption *
caissa_engine_get_option (CaissaEngine *self,
                          guint         index)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);
  g_return_val_if_fail (index < self->options->len, NULL);

  return g_ptr_array_index (self->options, index);
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

const char *
caissa_engine_get_identifier (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  if (self->process == NULL)
    return NULL;
  return g_subprocess_get_identifier (self->process);
}

void
caissa_engine_set_timeouts (CaissaEngine *self,
                            guint         handshake_ms,
                            guint         grace_ms)
{
  g_return_if_fail (CAISSA_IS_ENGINE (self));

  self->handshake_ms = handshake_ms;
  self->grace_ms = grace_ms;
}

char **
caissa_engine_discover (void)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char *candidates[2];

  candidates[0] = g_find_program_in_path ("stockfish");
  candidates[1] = g_strdup ("/usr/games/stockfish");
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      char *path = candidates[i];
      char *real;

      if (path == NULL)
        continue;
      if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE) || g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_free (path);
          continue;
        }
      {
        /* The same program reached by two names counts once. */
        char *resolved = realpath (path, NULL);
        real = g_strdup (resolved != NULL ? resolved : path);
        free (resolved);
      }
      if (g_hash_table_contains (seen, real))
        {
          g_free (real);
          g_free (path);
          continue;
        }
      g_hash_table_add (seen, real);
      g_ptr_array_add (found, path);
    }
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&found), FALSE);
}

/* --- ending ---------------------------------------------------------------- */

typedef struct
{
  GSubprocess *process;
  guint        timeout_id;
} Reaper;

static gboolean
reaper_timeout_cb (gpointer user_data)
{
  Reaper *reaper = user_data;

  reaper->timeout_id = 0;
  g_subprocess_force_exit (reaper->process);
  return G_SOURCE_REMOVE;
}

static void
reaper_wait_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Reaper *reaper = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  g_clear_handle_id (&reaper->timeout_id, g_source_remove);
  g_object_unref (reaper->process);
  g_free (reaper);
}

/* Outlives the engine object: says quit, closes the pipe, and kills the
 * process if it is still there after the grace period. GSubprocess reaps
 * the child in any case once it exits. */
static void
end_process (CaissaEngine *self)
{
  Reaper *reaper;

  if (self->process == NULL)
    return;
  if (self->input != NULL && !g_output_stream_is_closed (self->input)
      && self->state != CAISSA_ENGINE_STATE_FAILED)
    {
      /* Never block on an engine that stopped reading its input. */
      if (G_IS_POLLABLE_OUTPUT_STREAM (self->input)
          && g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (self->input)))
        g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (self->input),
                                                    "\nquit\n", 6, NULL, NULL);
    }
  reaper = g_new0 (Reaper, 1);
  reaper->process = g_object_ref (self->process);
  reaper->timeout_id = g_timeout_add (QUIT_GRACE_MS, reaper_timeout_cb, reaper);
  g_subprocess_wait_async (reaper->process, NULL, reaper_wait_cb, reaper);
  if (self->input != NULL)
    g_output_stream_close (self->input, NULL, NULL);
  g_clear_object (&self->input);
  g_clear_object (&self->output);
  g_clear_object (&self->process);
}

void
caissa_engine_quit (CaissaEngine *self)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (CAISSA_IS_ENGINE (self));

  if (self->state == CAISSA_ENGINE_STATE_QUIT)
    return;
  g_object_ref (self);
  clear_timeout (self);
  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  g_clear_handle_id (&self->cancel_idle_id, g_source_remove);
  g_cancellable_cancel (self->io_cancellable);
  end_process (self);
  set_state (self, CAISSA_ENGINE_STATE_QUIT);
  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
  if (self->start_task != NULL)
    return_go_error (g_steal_pointer (&self->start_task), error);
  if (self->go_task != NULL)
    return_go_error (g_steal_pointer (&self->go_task), error);
  if (self->next_go != NULL)
    return_go_error (g_steal_pointer (&self->next_go), error);
  g_object_unref (self);
}

/* --- GObject --------------------------------------------------------------- */

CaissaEngine *
caissa_engine_new (const char *command)
{
  g_return_val_if_fail (command != NULL && *command != '\0', NULL);

  return g_object_new (CAISSA_TYPE_ENGINE, "command", command, NULL);
}

static void
caissa_engine_dispose (GObject *object)
{
  CaissaEngine *self = CAISSA_ENGINE (object);

  /* Tasks hold a reference on the engine, so none is pending here. */
  clear_timeout (self);
  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  g_clear_handle_id (&self->cancel_idle_id, g_source_remove);
  g_cancellable_cancel (self->io_cancellable);
  end_process (self);

  G_OBJECT_CLASS (caissa_engine_parent_class)->dispose (object);
}

static void
caissa_engine_finalize (GObject *object)
{
  CaissaEngine *self = CAISSA_ENGINE (object);

  for (guint i = 0; i < self->lines->len; i++)
    line_clear (&g_array_index (self->lines, CaissaEngineLine, i));
  g_array_unref (self->lines);
  g_free (self->raw);
  g_free (self->dirty);
  g_array_unref (self->position_moves);
  g_queue_clear_full (&self->pending, (GDestroyNotify) pending_free);
  g_ptr_array_unref (self->options);
  g_string_free (self->line, TRUE);
  g_string_free (self->outbuf, TRUE);
  g_clear_object (&self->io_cancellable);
  g_free (self->command);
  g_free (self->path);
  g_free (self->name);
  g_free (self->author);

  G_OBJECT_CLASS (caissa_engine_parent_class)->finalize (object);
}

enum { PROP_COMMAND = N_PROPS };

static void
caissa_engine_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CaissaEngine *self = CAISSA_ENGINE (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_AUTHOR:
      g_value_set_string (value, self->author);
      break;
    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_engine_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CaissaEngine *self = CAISSA_ENGINE (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      g_free (self->command);
      self->command = g_value_dup_string (value);
      g_free (self->name);
      self->name = self->command != NULL ? g_path_get_basename (self->command) : NULL;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_engine_class_init (CaissaEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_engine_dispose;
  object_class->finalize = caissa_engine_finalize;
  object_class->get_property = caissa_engine_get_property;
  object_class->set_property = caissa_engine_set_property;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, CAISSA_TYPE_ENGINE_STATE, CAISSA_ENGINE_STATE_NEW,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTHOR] =
    g_param_spec_string ("author", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_install_property (object_class, PROP_COMMAND,
    g_param_spec_string ("command", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  signals[SIGNAL_INFO] =
    g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
caissa_engine_init (CaissaEngine *self)
{
  self->handshake_ms = DEFAULT_HANDSHAKE_MS;
  self->grace_ms = DEFAULT_GRACE_MS;
  self->io_cancellable = g_cancellable_new ();
  self->line = g_string_new (NULL);
  self->outbuf = g_string_new (NULL);
  self->options = g_ptr_array_new_with_free_func (g_free);
  g_queue_init (&self->pending);
  self->position_moves = g_array_new (FALSE, FALSE, sizeof (ChessMove));
  self->lines = g_array_new (FALSE, TRUE, sizeof (CaissaEngineLine));
  self->raw = g_new0 (ChessUciInfo, MAX_LINES);
  self->dirty = g_new0 (gboolean, MAX_LINES);
  chess_position_init_start (&self->position_start);
  self->search_position = self->position_start;
}
