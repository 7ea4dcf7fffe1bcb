/* caissa-engine.h — a UCI chess engine in a subprocess.
 *
 * CaissaEngine speaks UCI to one engine process (GSubprocess) with
 * asynchronous I/O on GLib's default main context (use it from the main
 * thread): it never blocks on a read or a write. A bad engine never hurts Caissa:
 * every failure (not found, not executable, not UCI, crash, hang, illegal
 * or garbage move, huge output) becomes a GError in CAISSA_ENGINE_ERROR
 * whose translated message names the engine and what it did; the engine is
 * then in CAISSA_ENGINE_STATE_FAILED, its process ended, and the object
 * does nothing more (make a new one to retry).
 *
 * Typical use:
 *
 *   engine = caissa_engine_new ("stockfish");         (or a full path)
 *   caissa_engine_start_async (engine, NULL, started_cb, self);
 *   … in started_cb: caissa_engine_start_finish (), then
 *   caissa_engine_set_option (engine, "MultiPV", "3");
 *   caissa_engine_new_game (engine);
 *   caissa_engine_set_position (engine, &start, moves, n_moves);
 *   caissa_engine_limits_init (&limits); limits.depth = 12;
 *   caissa_engine_go_async (engine, &limits, cancellable, done_cb, self);
 *   … "info" signals (≤ 10 per second) → caissa_engine_get_line ();
 *   … in done_cb: caissa_engine_go_finish (engine, res, &best, &ponder, &error).
 *
 * Commands may be issued any time after caissa_engine_new (): they are
 * queued until the handshake is done, and a go_async () while a search runs
 * stops that search first (it completes with its bestmove) and then starts
 * the new one, so an analysis panel can simply call set_position () and
 * go_async () on every change.
 *
 * Disposing the object (or caissa_engine_quit ()) sends "quit", closes the
 * engine's input and kills the process if it has not exited within a grace
 * period; the child is reaped (no zombie) even after the object is gone.
 * A pending task (start, go) holds a reference on the engine (GTask does),
 * so to end an engine that may be searching call caissa_engine_quit ()
 * before dropping it: its tasks then complete with G_IO_ERROR_CANCELLED.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "chess-position.h"
#include "chess-uci.h"

G_BEGIN_DECLS

#define CAISSA_ENGINE_ERROR (caissa_engine_error_quark ())

typedef enum
{
  CAISSA_ENGINE_ERROR_NOT_FOUND,        /* no such file, or not on PATH */
  CAISSA_ENGINE_ERROR_NOT_EXECUTABLE,   /* there, but cannot be run */
  CAISSA_ENGINE_ERROR_NOT_UCI,          /* no "uciok" within 5 s, or exited during the handshake */
  CAISSA_ENGINE_ERROR_CRASHED,          /* the process ended on its own */
  CAISSA_ENGINE_ERROR_HUNG,             /* no bestmove/readyok within the time given + grace */
  CAISSA_ENGINE_ERROR_ILLEGAL_MOVE,     /* bestmove names a move that is not legal */
  CAISSA_ENGINE_ERROR_GARBAGE,          /* bestmove is not a move at all */
  CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT,  /* a line over 64 KiB, or over 16 MiB while idle */
  CAISSA_ENGINE_ERROR_FAILED,           /* the engine is already failed or quit */
} CaissaEngineError;

GQuark caissa_engine_error_quark (void);

typedef enum
{
  CAISSA_ENGINE_STATE_NEW = 0,   /* not started */
  CAISSA_ENGINE_STATE_STARTING,  /* process spawned, handshake under way */
  CAISSA_ENGINE_STATE_READY,     /* handshake done, no search */
  CAISSA_ENGINE_STATE_SEARCHING, /* a go is running */
  CAISSA_ENGINE_STATE_FAILED,    /* a failure ended it (see the "failed" signal) */
  CAISSA_ENGINE_STATE_QUIT,      /* caissa_engine_quit () was called */
} CaissaEngineState;

#define CAISSA_TYPE_ENGINE_STATE (caissa_engine_state_get_type ())
GType caissa_engine_state_get_type (void) G_GNUC_CONST;

/* The limits of one search. caissa_engine_limits_init () sets every field
 * to "not given" (-1, or FALSE). Clock times are in milliseconds: give
 * wtime/btime (and winc/binc, movestogo if known) for a game under a clock,
 * or depth and/or movetime_ms, or infinite (then only stop ends it). */
typedef struct
{
  gint64   wtime_ms;
  gint64   btime_ms;
  gint64   winc_ms;
  gint64   binc_ms;
  int      movestogo;
  int      depth;
  gint64   movetime_ms;
  gint64   nodes;
  gboolean infinite;
} CaissaEngineLimits;

void caissa_engine_limits_init (CaissaEngineLimits *limits);

/* One line of the current search (MultiPV line multipv; 1 is the best),
 * as last reported by the engine. Owned by the engine; valid until the
 * next "info" emission, the next go_async () or the engine's finalisation.
 * score is from the side to move's point of view (UCI's); use
 * caissa_engine_line_format_score () for White's. pv holds the legal
 * prefix of the engine's PV from the searched position, pv_san the same
 * moves in SAN separated by single spaces (plain letters; the UI can
 * re-render pv with figurines from caissa_engine_get_search_position ()). */
typedef struct
{
  guint          multipv;
  int            depth;
  int            seldepth;
  ChessUciScore  score;
  guint64        nodes;
  guint64        nps;
  guint64        time_ms;
  int            hashfull;
  guint          pv_len;
  ChessMove      pv[CHESS_UCI_MAX_PV];
  char          *pv_san;
} CaissaEngineLine;

#define CAISSA_TYPE_ENGINE (caissa_engine_get_type ())
G_DECLARE_FINAL_TYPE (CaissaEngine, caissa_engine, CAISSA, ENGINE, GObject)

/* command: a full path, or a program name looked up on PATH (and then in
 * /usr/games). Nothing is spawned until caissa_engine_start_async (). */
CaissaEngine     *caissa_engine_new               (const char   *command);

/* The command as given, and the program found for it (NULL before start
 * or when not found). */
const char       *caissa_engine_get_command       (CaissaEngine *self);
const char       *caissa_engine_get_path          (CaissaEngine *self);

/* Spawns the engine, sends "uci", waits up to 5 s for "uciok" (reading
 * id name/author and the options), then "isready"/"readyok". Completes
 * with an error for not found / not executable / not UCI / crashed / hung.
 * Call once. */
void              caissa_engine_start_async       (CaissaEngine        *self,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
gboolean          caissa_engine_start_finish      (CaissaEngine        *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);

/* Property "state" (CaissaEngineState), notified on change. */
CaissaEngineState caissa_engine_get_state         (CaissaEngine *self);

/* Property "name": the engine's "id name", or the program's base name
 * until it has said one. Property "author": "id author" or NULL. */
const char       *caissa_engine_get_name          (CaissaEngine *self);
const char       *caissa_engine_get_author        (CaissaEngine *self);

/* The options the engine declared during the handshake, in its order.
 * find_option matches the name case-insensitively (as UCI says); NULL
 * when not offered. Pointers are owned by the engine. */
guint                 caissa_engine_get_n_options (CaissaEngine *self);
const ChessUciOption *caissa_engine_get_option    (CaissaEngine *self,
                                                   guint         index);
const ChessUciOption *caissa_engine_find_option   (CaissaEngine *self,
                                                   const char   *name);

/* Sends "setoption name NAME value VALUE" (VALUE NULL for a button) if the
 * engine offers NAME; a spin value is clamped to its min/max. Returns
 * FALSE (and sends nothing) when the option is not offered. Before the
 * handshake (and the options are known) it returns TRUE and the option is
 * checked and sent once the handshake is done. A setoption during a
 * search is sent after that search ends. */
gboolean          caissa_engine_set_option        (CaissaEngine *self,
                                                   const char   *name,
                                                   const char   *value);

/* Sets the strength of play for levels 1–8 (chess_engine_level_get ()):
 * "Skill Level" where offered, and UCI_LimitStrength/UCI_Elo where offered
 * and the level has an Elo (UCI_LimitStrength false otherwise). Level 0
 * means full strength (Skill Level 20, UCI_LimitStrength false). */
void              caissa_engine_set_level         (CaissaEngine *self,
                                                   guint         level);

/* Sends "ucinewgame" (then "isready" before the next go). */
void              caissa_engine_new_game          (CaissaEngine *self);

/* The position of the next search: start (copied) and the moves played
 * from it (legal moves, as the core gives them). Sent as "position fen …
 * moves …" with the next go. Returns FALSE if a move is not legal. */
gboolean          caissa_engine_set_position      (CaissaEngine        *self,
                                                   const ChessPosition *start,
                                                   const ChessMove     *moves,
                                                   gsize                n_moves);

/* The position the current (or last) search is about: after the moves. */
const ChessPosition *caissa_engine_get_search_position (CaissaEngine *self);

/* Starts a search of the position last set. The task completes when the
 * engine sends bestmove: go_finish () gives the move (legal in the
 * searched position; CHESS_MOVE_NONE when the position has no legal move
 * and the engine said "(none)"/"0000") and the ponder move (or
 * CHESS_MOVE_NONE). Errors: crashed, hung (no bestmove within movetime or
 * the side's clock time + grace; for depth/infinite searches only after
 * stop + grace), illegal or garbage move, too much output. Cancelling
 * cancellable sends "stop" and completes with G_IO_ERROR_CANCELLED once
 * the engine answers. A go_async () while a search runs stops it first. */
void              caissa_engine_go_async          (CaissaEngine             *self,
                                                   const CaissaEngineLimits *limits,
                                                   GCancellable             *cancellable,
                                                   GAsyncReadyCallback       callback,
                                                   gpointer                  user_data);
gboolean          caissa_engine_go_finish         (CaissaEngine  *self,
                                                   GAsyncResult  *result,
                                                   ChessMove     *bestmove,
                                                   ChessMove     *ponder,
                                                   GError       **error);

/* Sends "stop" if a search runs; its go task completes with the bestmove. */
void              caissa_engine_stop              (CaissaEngine *self);

/* The lines of the current search, sorted by multipv (index 0 is
 * multipv 1); only lines the engine has sent. Signal "info" (no
 * arguments) says they changed: at most ~10 times a second, and once more
 * before a go task completes so that the last lines are shown. */
guint                   caissa_engine_get_n_lines (CaissaEngine *self);
const CaissaEngineLine *caissa_engine_get_line    (CaissaEngine *self,
                                                   guint         index);

/* White's-point-of-view score text of line ("+0.34", "#5", "-#3"), for
 * the search position's side to move. buf of at least 16 bytes. */
char             *caissa_engine_line_format_score (CaissaEngine           *self,
                                                   const CaissaEngineLine *line,
                                                   char                   *buf);

/* Sends "quit", closes the engine's input and kills the process after a
 * grace period (1 s) if it has not exited. Pending tasks complete with
 * G_IO_ERROR_CANCELLED. State becomes QUIT. Also done by dispose. */
void              caissa_engine_quit              (CaissaEngine *self);

/* Signal "failed" (GError *error): the engine failed (also delivered to a
 * pending task). Emitted once; state is FAILED after it. */

/* How much nicer than Caissa the engine process runs (setpriority ();
 * 0–19, default 0: as Caissa; the sum is capped at 19), set before
 * caissa_engine_start_async (). A GUI gives its engines a higher
 * niceness, so that the search, which takes every cycle it gets, yields
 * the CPU to the window's drawing (on a two-core machine llvmpipe and the
 * engine otherwise share the cores evenly and frames stall); the search
 * loses only the cycles the window uses. All the engine's threads
 * inherit it, also those it makes later for "Threads". */
void              caissa_engine_set_nice          (CaissaEngine *self,
                                                   int           nice);

/* The process id as text (g_subprocess_get_identifier ()), NULL when not
 * running. For tests and diagnostics. */
const char       *caissa_engine_get_identifier    (CaissaEngine *self);

/* For tests: the handshake timeout (default 5000 ms) and the grace after a
 * search's time or after stop (default 5000 ms + 10% of the time given). */
void              caissa_engine_set_timeouts      (CaissaEngine *self,
                                                   guint         handshake_ms,
                                                   guint         grace_ms);

/* Engines found on this system: "stockfish" on PATH, then
 * /usr/games/stockfish, each once (by real path). Full paths; free with
 * g_strfreev (). */
char            **caissa_engine_discover          (void);

G_END_DECLS
