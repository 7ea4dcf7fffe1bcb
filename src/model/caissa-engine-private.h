/* caissa-engine-private.h — what the parts of CaissaEngine share:
 * caissa-engine.c (the process, its I/O, failures, life cycle),
 * caissa-engine-search.c (positions, go/stop, lines) and
 * caissa-engine-options.c (options, level, new game, discovery).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-engine.h"

G_BEGIN_DECLS

/* MultiPV lines kept; higher multipv numbers are ignored. */
#define MAX_LINES             256
/* Listeners hear of new lines at most this often. */
#define INFO_INTERVAL_US      (100 * 1000)

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
  CaissaEngine      *engine;       /* not a reference: see caissa-engine.c */
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
  int                nice;

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

  gsize              idle_bytes;   /* output since the last search ended */
  gboolean           failed_emitted;
  ChessUciLine       parsed;       /* scratch: too big for the stack */
};

/* caissa-engine.c */
void        _caissa_engine_send              (CaissaEngine      *self,
                                              const char        *format,
                                              ...) G_GNUC_PRINTF (2, 3);
void        _caissa_engine_fail_literal      (CaissaEngine      *self,
                                              CaissaEngineError  code,
                                              const char        *message);
void        _caissa_engine_set_state         (CaissaEngine      *self,
                                              CaissaEngineState  state);
/* The handshake / hang watch: fails the engine after ms unless cleared. */
void        _caissa_engine_watch             (CaissaEngine      *self,
                                              guint              ms);
void        _caissa_engine_clear_timeout     (CaissaEngine      *self);
const char *_caissa_engine_display_name      (CaissaEngine      *self);
void        _caissa_engine_emit_info_signal  (CaissaEngine      *self);

/* caissa-engine-search.c */
void        _caissa_engine_launch_go         (CaissaEngine      *self);
void        _caissa_engine_handle_info       (CaissaEngine       *self,
                                              const ChessUciInfo *info);
void        _caissa_engine_handle_bestmove   (CaissaEngine       *self,
                                              const ChessUciLine *parsed);
void        _caissa_engine_line_clear        (CaissaEngineLine  *line);

/* caissa-engine-options.c */
gboolean    _caissa_engine_is_idle           (CaissaEngine      *self);
void        _caissa_engine_flush_pending     (CaissaEngine      *self);
void        _caissa_engine_pending_free      (Pending           *p);

G_END_DECLS
