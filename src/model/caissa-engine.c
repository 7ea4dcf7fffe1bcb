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
#include <sys/resource.h>
#include <glib/gi18n-lib.h>

#include "caissa-engine-private.h"
#include "chess-fen.h"

/* One line longer than this is not an engine talking but a broken one. */
#define MAX_LINE_LENGTH       (64 * 1024)
#define READ_CHUNK            (64 * 1024)
#define DEFAULT_HANDSHAKE_MS  5000
#define DEFAULT_GRACE_MS      5000
#define QUIT_GRACE_MS         1000
/* An engine with nothing to do has nothing to say at this length. */
#define MAX_IDLE_OUTPUT       (16 * 1024 * 1024)

G_DEFINE_QUARK (caissa-engine-error-quark, caissa_engine_error)
G_DEFINE_ENUM_TYPE (CaissaEngineState, caissa_engine_state,
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_NEW, "new"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_STARTING, "starting"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_READY, "ready"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_SEARCHING, "searching"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_FAILED, "failed"),
  G_DEFINE_ENUM_VALUE (CAISSA_ENGINE_STATE_QUIT, "quit"))

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
static void fail (CaissaEngine *self, GError *error);

/* --- small things ---------------------------------------------------------- */

void
_caissa_engine_set_state (CaissaEngine      *self,
           CaissaEngineState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

void
_caissa_engine_clear_timeout (CaissaEngine *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
}

const char *
_caissa_engine_display_name (CaissaEngine *self)
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
      g_debug ("%s: write failed: %s", _caissa_engine_display_name (self), error->message);
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

void
_caissa_engine_send (CaissaEngine *self,
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
  /* Whole: bench/engine.sh replays these lines to the engine directly. */
  g_debug ("%s < %s", _caissa_engine_display_name (self), self->outbuf->str + from);
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
  g_debug ("%s failed: %s", _caissa_engine_display_name (self), error->message);
  _caissa_engine_clear_timeout (self);
  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  g_cancellable_cancel (self->io_cancellable);
  if (self->process != NULL)
    g_subprocess_force_exit (self->process);
  _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_FAILED);

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

void
_caissa_engine_fail_literal (CaissaEngine      *self,
              CaissaEngineError  code,
              const char        *message)
{
  fail (self, g_error_new_literal (CAISSA_ENGINE_ERROR, code, message));
}

void
_caissa_engine_emit_info_signal (CaissaEngine *self)
{
  g_signal_emit (self, signals[SIGNAL_INFO], 0);
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
                                 _caissa_engine_display_name (self), status);
      g_free (data);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_NOT_UCI, message);
      return;
    }
  if (data->searching)
    /* TRANSLATORS: %s is the engine's name, the second %s how it ended */
    message = g_strdup_printf (_("The engine “%s” crashed while thinking (%s)."),
                               _caissa_engine_display_name (self), status);
  else
    /* TRANSLATORS: %s is the engine's name, the second %s how it ended */
    message = g_strdup_printf (_("The engine “%s” quit unexpectedly (%s)."),
                               _caissa_engine_display_name (self), status);
  g_free (data);
  _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_CRASHED, message);
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
  _caissa_engine_clear_timeout (self);
  data = g_new0 (EndData, 1);
  data->engine = self;
  data->process = g_object_ref (self->process);
  data->in_handshake = !self->got_uciok;
  data->searching = self->go_task != NULL;
  data->timeout_id = g_timeout_add (QUIT_GRACE_MS, end_timeout_cb, data);
  g_subprocess_wait_async (self->process, self->io_cancellable, end_wait_cb, data);
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
                                 _caissa_engine_display_name (self), self->handshake_ms / 1000.0);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_NOT_UCI, message);
    }
  else if (!self->handshake_done)
    {
      /* TRANSLATORS: %s is the engine's name */
      message = g_strdup_printf (_("The engine “%s” stopped answering: no “readyok” after “isready”."),
                                 _caissa_engine_display_name (self));
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_HUNG, message);
    }
  else
    {
      /* TRANSLATORS: %s is the engine's name */
      message = g_strdup_printf (_("The engine “%s” hangs: it did not play a move within the time it was given."),
                                 _caissa_engine_display_name (self));
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_HUNG, message);
    }
  return G_SOURCE_REMOVE;
}

void
_caissa_engine_watch (CaissaEngine *self,
       guint         ms)
{
  _caissa_engine_clear_timeout (self);
  self->timeout_id = g_timeout_add (ms, timeout_cb, self);
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
          _caissa_engine_send (self, "isready");
          _caissa_engine_watch (self, self->grace_ms);
        }
      break;
    case CHESS_UCI_LINE_READYOK:
      if (self->got_uciok && !self->handshake_done)
        {
          GTask *task;

          _caissa_engine_clear_timeout (self);
          self->handshake_done = TRUE;
          _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_READY);
          task = g_steal_pointer (&self->start_task);
          if (task != NULL)
            {
              g_task_return_boolean (task, TRUE);
              g_object_unref (task);
            }
          if (self->state != CAISSA_ENGINE_STATE_READY)
            break;
          _caissa_engine_flush_pending (self);
          if (self->next_go != NULL && self->go_task == NULL)
            _caissa_engine_launch_go (self);
        }
      break;
    case CHESS_UCI_LINE_BESTMOVE:
      _caissa_engine_handle_bestmove (self, parsed);
      break;
    case CHESS_UCI_LINE_INFO:
      _caissa_engine_handle_info (self, &parsed->info);
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
  if (self->handshake_done && self->go_task == NULL)
    {
      self->idle_bytes += size;
      if (self->idle_bytes > MAX_IDLE_OUTPUT)
        {
          g_autofree char *message = NULL;

          /* TRANSLATORS: %s is the engine's name, %d a size in MiB */
          message = g_strdup_printf (_("The engine “%s” sent too much output: more than %d MiB while it had nothing to do."),
                                     _caissa_engine_display_name (self), MAX_IDLE_OUTPUT / (1024 * 1024));
          _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT, message);
          g_object_unref (self);
          return;
        }
    }
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
                                     _caissa_engine_display_name (self), MAX_LINE_LENGTH / 1024);
          _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT, message);
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

/* In the child between fork and exec (plain system calls only). The
 * niceness is set there, not from Caissa after the spawn, so that no
 * thread of the engine starts before it. Added to Caissa's own, as nice(1)
 * does: an unprivileged process may raise its niceness, never lower it. */
static void
lower_priority_cb (gpointer data)
{
  int now = getpriority (PRIO_PROCESS, 0);

  setpriority (PRIO_PROCESS, 0, MIN (now + GPOINTER_TO_INT (data), 19));
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
                               _("The engine “%s” was already started."), _caissa_engine_display_name (self));
      return;
    }

  self->path = resolve_command (self->command);
  if (self->path == NULL || !g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a program name or path */
        _("The engine “%s” was not found."), self->command);
      self->start_task = g_steal_pointer (&task);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_NOT_FOUND, message);
      return;
    }
  if (g_file_test (self->path, G_FILE_TEST_IS_DIR)
      || !g_file_test (self->path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a path */
        _("The engine “%s” cannot be run: it is not an executable program."), self->path);
      self->start_task = g_steal_pointer (&task);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE, message);
      return;
    }

  sigpipe_ignore_once ();
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  if (self->nice > 0)
    g_subprocess_launcher_set_child_setup (launcher, lower_priority_cb, GINT_TO_POINTER (self->nice), NULL);
  argv[0] = self->path;
  argv[1] = NULL;
  self->process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (self->process == NULL)
    {
      g_autofree char *message = g_strdup_printf (
        /* TRANSLATORS: %s is a path, the second %s the system's reason */
        _("The engine “%s” cannot be run: %s"), self->path, error->message);
      self->start_task = g_steal_pointer (&task);
      _caissa_engine_fail_literal (self, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE, message);
      return;
    }
  self->input = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->output = g_object_ref (g_subprocess_get_stdout_pipe (self->process));
  self->start_task = g_steal_pointer (&task);
  _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_STARTING);
  start_reading (self);
  _caissa_engine_send (self, "uci");
  _caissa_engine_watch (self, self->handshake_ms);
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

const char *
caissa_engine_get_identifier (CaissaEngine *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE (self), NULL);

  if (self->process == NULL)
    return NULL;
  return g_subprocess_get_identifier (self->process);
}

void
caissa_engine_set_nice (CaissaEngine *self,
                        int           nice)
{
  g_return_if_fail (CAISSA_IS_ENGINE (self));

  self->nice = CLAMP (nice, 0, 19);
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
  _caissa_engine_clear_timeout (self);
  g_clear_handle_id (&self->info_timeout_id, g_source_remove);
  g_clear_handle_id (&self->cancel_idle_id, g_source_remove);
  g_cancellable_cancel (self->io_cancellable);
  end_process (self);
  _caissa_engine_set_state (self, CAISSA_ENGINE_STATE_QUIT);
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
  _caissa_engine_clear_timeout (self);
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
    _caissa_engine_line_clear (&g_array_index (self->lines, CaissaEngineLine, i));
  g_array_unref (self->lines);
  g_free (self->raw);
  g_free (self->dirty);
  g_array_unref (self->position_moves);
  g_queue_clear_full (&self->pending, (GDestroyNotify) _caissa_engine_pending_free);
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
