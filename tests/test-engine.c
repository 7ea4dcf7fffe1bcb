/* test-engine.c — CaissaEngine against fake engines (one per way an engine
 * can go wrong, tests/engines/) and against the real Stockfish.
 *
 * Every wait is on the event itself, with a generous deadline: the machine
 * may be loaded, and nothing here depends on its speed.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "caissa-engine.h"
#include "chess-fen.h"
#include "chess-san.h"
#include "test-util.h"

#define DEADLINE_S 60

typedef struct
{
  gboolean      done;
  gboolean      ok;
  GError       *error;
  ChessMove     best;
  ChessMove     ponder;
} Result;

static void
result_clear (Result *r)
{
  g_clear_error (&r->error);
  memset (r, 0, sizeof *r);
}

static void
wait_for (const gboolean *flag)
{
  test_util_wait_for (flag, DEADLINE_S, "the engine's answer");
}

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Result *r = user_data;

  r->ok = caissa_engine_start_finish (CAISSA_ENGINE (source), result, &r->error);
  r->done = TRUE;
}

static void
went_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->ok = caissa_engine_go_finish (CAISSA_ENGINE (source), result, &r->best, &r->ponder, &r->error);
  r->done = TRUE;
}

static char *
fake (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "engines", name, NULL);
}

static CaissaEngine *
start (const char *command,
       Result     *r)
{
  CaissaEngine *engine = caissa_engine_new (command);

  result_clear (r);
  caissa_engine_start_async (engine, NULL, started_cb, r);
  wait_for (&r->done);
  return engine;
}

static CaissaEngine *
start_ok (const char *command)
{
  Result r = { 0 };
  CaissaEngine *engine = start (command, &r);

  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_READY);
  return engine;
}

static void
go (CaissaEngine             *engine,
    const CaissaEngineLimits *limits,
    GCancellable             *cancellable,
    Result                   *r)
{
  result_clear (r);
  caissa_engine_go_async (engine, limits, cancellable, went_cb, r);
}

static void
on_failed (CaissaEngine *engine,
           GError       *error,
           guint        *count)
{
  (*count)++;
}

/* The pid of a running engine; and whether a pid still exists (a zombie
 * exists until reaped). */
static int
engine_pid (CaissaEngine *engine)
{
  const char *id = caissa_engine_get_identifier (engine);

  g_assert_nonnull (id);
  return atoi (id);
}

static gboolean
pid_exists (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d", pid);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The process is gone and reaped: no /proc entry, zombie or not. */
static void
assert_reaped (int pid)
{
  gint64 end = g_get_monotonic_time () + DEADLINE_S * G_USEC_PER_SEC;

  while (pid_exists (pid))
    {
      if (g_get_monotonic_time () > end)
        g_error ("process %d still exists (a zombie?)", pid);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
}

/* --- bad engines ------------------------------------------------------------ */

static void
test_not_found (void)
{
  Result r = { 0 };
  g_autoptr (CaissaEngine) engine = NULL;

  engine = start ("/nonexistent/engine-of-nowhere", &r);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (r.error->message, "engine-of-nowhere"));
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_FAILED);
  g_clear_object (&engine);

  /* A bare name not on PATH either. */
  engine = start ("caissa-no-such-engine-anywhere", &r);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_FOUND);
  result_clear (&r);
}

static void
test_not_executable (void)
{
  Result r = { 0 };
  g_autofree char *path = fake ("not-executable.sh");
  g_autoptr (CaissaEngine) engine = NULL;

  engine = start (path, &r);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE);
  g_assert_nonnull (strstr (r.error->message, "not-executable.sh"));
  result_clear (&r);
  g_clear_object (&engine);

  /* A folder is not a program. */
  engine = start (g_get_tmp_dir (), &r);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_EXECUTABLE);
  result_clear (&r);
}

static void
test_not_uci (gconstpointer data)
{
  Result r = { 0 };
  g_autofree char *path = fake (data);
  g_autoptr (CaissaEngine) engine = NULL;
  guint failed = 0;
  int pid;

  engine = caissa_engine_new (path);
  g_signal_connect (engine, "failed", G_CALLBACK (on_failed), &failed);
  caissa_engine_start_async (engine, NULL, started_cb, &r);
  pid = engine_pid (engine);
  wait_for (&r.done);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_NOT_UCI);
  g_test_message ("%s", r.error->message);
  g_assert_nonnull (strstr (r.error->message, "uciok"));
  g_assert_cmpuint (failed, ==, 1);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_FAILED);
  result_clear (&r);
  g_clear_object (&engine);
  assert_reaped (pid);
}

typedef struct
{
  const char       *script;
  CaissaEngineError code;
  const char       *name;     /* the id name it gives, in the message */
  const char       *said;     /* a word of the message, or NULL */
} BadSearch;

static const BadSearch bad_searches[] = {
  { "crash.sh", CAISSA_ENGINE_ERROR_CRASHED, "Fake Crash", "signal 11" },
  { "hang.sh", CAISSA_ENGINE_ERROR_HUNG, "Fake Hang", NULL },
  { "illegal.sh", CAISSA_ENGINE_ERROR_ILLEGAL_MOVE, "Fake Illegal", "e2e5" },
  { "garbage.sh", CAISSA_ENGINE_ERROR_GARBAGE, "Fake Garbage", "banana" },
  { "huge.sh", CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT, "Fake Huge", NULL },
};

static void
test_bad_search (gconstpointer user_data)
{
  const BadSearch *c = user_data;
  g_autofree char *path = fake (c->script);
  g_autoptr (CaissaEngine) engine = start_ok (path);
  CaissaEngineLimits limits;
  ChessPosition start_pos;
  Result r = { 0 }, r2 = { 0 };
  guint failed = 0;
  int pid = engine_pid (engine);

  g_assert_cmpstr (caissa_engine_get_name (engine), ==, c->name);
  g_signal_connect (engine, "failed", G_CALLBACK (on_failed), &failed);
  /* A short grace: the hang is certain, only its detection waits. */
  caissa_engine_set_timeouts (engine, 5000, 1000);
  chess_position_init_start (&start_pos);
  g_assert_true (caissa_engine_set_position (engine, &start_pos, NULL, 0));
  caissa_engine_limits_init (&limits);
  limits.movetime_ms = 100;
  go (engine, &limits, NULL, &r);
  wait_for (&r.done);
  g_assert_false (r.ok);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, (int) c->code);
  g_test_message ("%s", r.error->message);
  g_assert_nonnull (strstr (r.error->message, c->name));
  if (c->said != NULL)
    g_assert_nonnull (strstr (r.error->message, c->said));
  g_assert_cmpuint (failed, ==, 1);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_FAILED);

  /* A failed engine refuses more work, at once and clearly. */
  go (engine, &limits, NULL, &r2);
  wait_for (&r2.done);
  g_assert_error (r2.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_FAILED);
  g_assert_cmpuint (failed, ==, 1);
  result_clear (&r);
  result_clear (&r2);
  g_clear_object (&engine);
  assert_reaped (pid);
}

/* Endless output from an idle engine ends it, once it is beyond reason. */
static void
on_failed_keep (CaissaEngine *engine,
                GError       *error,
                Result       *r)
{
  g_clear_error (&r->error);
  r->error = g_error_copy (error);
  r->done = TRUE;
}

static void
test_chatter (void)
{
  g_autofree char *path = fake ("chatter.sh");
  g_autoptr (CaissaEngine) engine = NULL;
  Result started = { 0 }, failed = { 0 };
  int pid;

  engine = caissa_engine_new (path);
  g_signal_connect (engine, "failed", G_CALLBACK (on_failed_keep), &failed);
  caissa_engine_start_async (engine, NULL, started_cb, &started);
  pid = engine_pid (engine);
  wait_for (&started.done);
  g_assert_no_error (started.error);
  wait_for (&failed.done);
  g_assert_error (failed.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_TOO_MUCH_OUTPUT);
  g_test_message ("%s", failed.error->message);
  g_assert_nonnull (strstr (failed.error->message, "Fake Chatter"));
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_FAILED);
  result_clear (&failed);
  g_clear_object (&engine);
  assert_reaped (pid);
}

/* The engine streams info as fast as it can: listeners hear at most ten
 * updates a second, counted against the time that actually passed. */
static void
on_info_count (CaissaEngine *engine,
               guint        *count)
{
  (*count)++;
  g_assert_cmpuint (caissa_engine_get_n_lines (engine), ==, 1);
  g_assert_cmpstr (caissa_engine_get_line (engine, 0)->pv_san, ==, "e4 e5 Nf3");
}

static gboolean
stop_later_cb (gpointer user_data)
{
  caissa_engine_stop (user_data);
  return G_SOURCE_REMOVE;
}

static void
test_coalesce (void)
{
  g_autofree char *path = fake ("flood.py");
  g_autoptr (CaissaEngine) engine = start_ok (path);
  CaissaEngineLimits limits;
  ChessPosition start_pos;
  Result r = { 0 };
  guint count = 0;
  gint64 begin, elapsed_ms;
  char san[CHESS_SAN_MAX];

  g_signal_connect (engine, "info", G_CALLBACK (on_info_count), &count);
  chess_position_init_start (&start_pos);
  caissa_engine_set_position (engine, &start_pos, NULL, 0);
  caissa_engine_limits_init (&limits);
  limits.infinite = TRUE;
  begin = g_get_monotonic_time ();
  go (engine, &limits, NULL, &r);
  g_timeout_add (1500, stop_later_cb, engine);
  wait_for (&r.done);
  elapsed_ms = (g_get_monotonic_time () - begin) / 1000;
  g_assert_no_error (r.error);
  g_assert_cmpstr (chess_san_write (&start_pos, r.best, san), ==, "e4");
  g_assert_cmpuint (r.ponder, !=, CHESS_MOVE_NONE);
  g_assert_cmpuint (count, >=, 1);
  /* One per 100 ms, plus the first at once and the last before bestmove. */
  g_assert_cmpuint (count, <=, elapsed_ms / 100 + 2);
  result_clear (&r);
}

/* --- the real Stockfish ------------------------------------------------------ */

static void
test_stockfish_handshake (void)
{
  g_autoptr (CaissaEngine) engine = start_ok ("stockfish");
  const ChessUciOption *opt;

  g_assert_true (g_str_has_prefix (caissa_engine_get_name (engine), "Stockfish"));
  g_assert_nonnull (caissa_engine_get_author (engine));
  g_assert_cmpuint (caissa_engine_get_n_options (engine), >=, 10);
  opt = caissa_engine_find_option (engine, "multipv");
  g_assert_nonnull (opt);
  g_assert_cmpstr (opt->name, ==, "MultiPV");
  g_assert_cmpint (opt->type, ==, CHESS_UCI_OPTION_SPIN);
  g_assert_nonnull (caissa_engine_find_option (engine, "Skill Level"));
  g_assert_nonnull (caissa_engine_find_option (engine, "Threads"));
  g_assert_true (caissa_engine_set_option (engine, "Hash", "8"));
  g_assert_false (caissa_engine_set_option (engine, "No Such Option", "1"));
}

/* The engine runs nicer than Caissa by what it was given, all its
 * threads too (the search yields the CPU to the window). */
static void
test_nice (void)
{
  g_autofree char *path = fake ("hang.sh");
  g_autoptr (CaissaEngine) engine = caissa_engine_new (path);
  g_autofree char *stat_path = NULL, *stat = NULL;
  g_auto (GStrv) fields = NULL;
  Result r = { 0 };
  int own = getpriority (PRIO_PROCESS, 0);

  caissa_engine_set_nice (engine, 7);
  caissa_engine_start_async (engine, NULL, started_cb, &r);
  wait_for (&r.done);
  g_assert_no_error (r.error);
  stat_path = g_strdup_printf ("/proc/%d/stat", engine_pid (engine));
  g_assert_true (g_file_get_contents (stat_path, &stat, NULL, NULL));
  /* After the command's name: state is field 3, nice field 19. */
  fields = g_strsplit (strrchr (stat, ')') + 2, " ", -1);
  g_assert_cmpuint (g_strv_length (fields), >, 16);
  g_assert_cmpint (atoi (fields[16]), ==, MIN (own + 7, 19));
  result_clear (&r);
}

static void
count_cb (CaissaEngine *engine,
          guint        *count)
{
  (*count)++;
}

static void
test_stockfish_depth5 (void)
{
  g_autoptr (CaissaEngine) engine = start_ok ("stockfish");
  CaissaEngineLimits limits;
  ChessPosition start_pos, pos;
  ChessMove moves[2];
  Result r = { 0 };
  const CaissaEngineLine *line;
  guint infos = 0;
  char score[16];
  ChessError error;

  g_signal_connect (engine, "info", G_CALLBACK (count_cb), &infos);
  chess_position_init_start (&start_pos);
  pos = start_pos;
  moves[0] = chess_san_parse (&pos, "e4", 2, &error);
  chess_position_make_move (&pos, moves[0]);
  moves[1] = chess_san_parse (&pos, "c5", 2, &error);
  chess_position_make_move (&pos, moves[1]);
  caissa_engine_new_game (engine);
  caissa_engine_set_level (engine, 0);
  g_assert_true (caissa_engine_set_position (engine, &start_pos, moves, 2));
  caissa_engine_limits_init (&limits);
  limits.depth = 5;
  go (engine, &limits, NULL, &r);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_SEARCHING);
  wait_for (&r.done);
  g_assert_no_error (r.error);
  g_assert_true (chess_position_is_legal (&pos, r.best));
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_READY);
  g_assert_cmpuint (infos, >=, 1);
  g_assert_cmpuint (caissa_engine_get_n_lines (engine), ==, 1);
  line = caissa_engine_get_line (engine, 0);
  g_assert_cmpint (line->depth, ==, 5);
  g_assert_cmpuint (line->pv_len, >=, 1);
  g_assert_cmpuint (line->pv[0], ==, r.best);
  g_assert_true (g_ascii_isalpha (line->pv_san[0]));
  g_assert_cmpint (line->score.kind, ==, CHESS_UCI_SCORE_CP);
  caissa_engine_line_format_score (engine, line, score);
  g_assert_true (score[0] == '+' || score[0] == '-' || strcmp (score, "0.00") == 0);
  result_clear (&r);
}

static void
test_stockfish_multipv (void)
{
  g_autoptr (CaissaEngine) engine = caissa_engine_new ("stockfish");
  CaissaEngineLimits limits;
  ChessPosition start_pos;
  Result rs = { 0 }, r = { 0 };

  /* Everything queued before the handshake is done. */
  caissa_engine_set_option (engine, "MultiPV", "3");
  chess_position_init_start (&start_pos);
  caissa_engine_set_position (engine, &start_pos, NULL, 0);
  caissa_engine_limits_init (&limits);
  limits.depth = 6;
  caissa_engine_start_async (engine, NULL, started_cb, &rs);
  go (engine, &limits, NULL, &r);
  wait_for (&r.done);
  g_assert_true (rs.done && rs.ok);
  g_assert_no_error (r.error);
  g_assert_cmpuint (caissa_engine_get_n_lines (engine), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const CaissaEngineLine *line = caissa_engine_get_line (engine, i);

      g_assert_cmpuint (line->multipv, ==, i + 1);
      g_assert_cmpuint (line->pv_len, >=, 1);
      g_assert_true (chess_position_is_legal (&start_pos, line->pv[0]));
      for (guint j = 0; j < i; j++)
        g_assert_cmpuint (line->pv[0], !=, caissa_engine_get_line (engine, j)->pv[0]);
    }
  result_clear (&r);
  result_clear (&rs);
}

/* A new search while one runs stops the first (which ends with a move
 * legal in ITS position) and then runs the second. Cancelling ends a
 * search with G_IO_ERROR_CANCELLED. */
static void
test_stockfish_restart_cancel (void)
{
  g_autoptr (CaissaEngine) engine = start_ok ("stockfish");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  CaissaEngineLimits infinite, depth;
  ChessPosition a, b;
  Result r1 = { 0 }, r2 = { 0 }, r3 = { 0 };
  ChessError error;

  chess_position_init_start (&a);
  chess_fen_parse (&b, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 36, &error);
  caissa_engine_limits_init (&infinite);
  infinite.infinite = TRUE;
  caissa_engine_limits_init (&depth);
  depth.depth = 4;

  caissa_engine_set_position (engine, &a, NULL, 0);
  go (engine, &infinite, NULL, &r1);
  caissa_engine_set_position (engine, &b, NULL, 0);
  go (engine, &depth, NULL, &r2);
  wait_for (&r2.done);
  g_assert_true (r1.done);
  g_assert_no_error (r1.error);
  g_assert_true (chess_position_is_legal (&a, r1.best));
  g_assert_no_error (r2.error);
  g_assert_cmpstr (chess_move_to_uci (r2.best, (char[8]) { 0 }), ==, "a1a8");

  caissa_engine_set_position (engine, &a, NULL, 0);
  go (engine, &infinite, cancellable, &r3);
  g_cancellable_cancel (cancellable);
  wait_for (&r3.done);
  g_assert_error (r3.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_READY);
  result_clear (&r1);
  result_clear (&r2);
  result_clear (&r3);
}

/* Under a clock: the engine gets wtime/btime/winc/binc and plays within
 * them; a hanging engine is caught after its own clock time + grace. */
static void
test_clock_limits (void)
{
  g_autoptr (CaissaEngine) engine = start_ok ("stockfish");
  g_autofree char *hang_path = fake ("hang.sh");
  g_autoptr (CaissaEngine) hang = start_ok (hang_path);
  CaissaEngineLimits limits;
  ChessPosition pos;
  Result r = { 0 };
  ChessError error;

  chess_fen_parse (&pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 60, &error);
  caissa_engine_set_position (engine, &pos, NULL, 0);
  caissa_engine_limits_init (&limits);
  limits.wtime_ms = 2000;
  limits.btime_ms = 2000;
  limits.winc_ms = 100;
  limits.binc_ms = 100;
  limits.movestogo = 20;
  go (engine, &limits, NULL, &r);
  wait_for (&r.done);
  g_assert_no_error (r.error);
  g_assert_true (chess_position_is_legal (&pos, r.best));
  result_clear (&r);

  /* White to move with 300 ms on its clock: the hang is reported. */
  caissa_engine_set_timeouts (hang, 5000, 500);
  caissa_engine_set_position (hang, &pos, NULL, 0);
  limits.wtime_ms = 300;
  go (hang, &limits, NULL, &r);
  wait_for (&r.done);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_HUNG);
  result_clear (&r);
}

/* A depth search of a hanging engine is caught once stopped. */
static void
test_hang_after_stop (void)
{
  g_autofree char *path = fake ("hang.sh");
  g_autoptr (CaissaEngine) engine = start_ok (path);
  CaissaEngineLimits limits;
  ChessPosition pos;
  Result r = { 0 };

  caissa_engine_set_timeouts (engine, 5000, 500);
  chess_position_init_start (&pos);
  caissa_engine_set_position (engine, &pos, NULL, 0);
  caissa_engine_limits_init (&limits);
  limits.depth = 30;
  go (engine, &limits, NULL, &r);
  caissa_engine_stop (engine);
  wait_for (&r.done);
  g_assert_error (r.error, CAISSA_ENGINE_ERROR, CAISSA_ENGINE_ERROR_HUNG);
  result_clear (&r);
}

/* Quit while searching: the task ends cancelled, the process is reaped. */
static void
test_stockfish_quit (void)
{
  CaissaEngine *engine = start_ok ("stockfish");
  CaissaEngineLimits limits;
  ChessPosition start_pos;
  Result r = { 0 };
  int pid = engine_pid (engine);

  chess_position_init_start (&start_pos);
  caissa_engine_set_position (engine, &start_pos, NULL, 0);
  caissa_engine_limits_init (&limits);
  limits.infinite = TRUE;
  go (engine, &limits, NULL, &r);
  caissa_engine_quit (engine);
  wait_for (&r.done);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (caissa_engine_get_state (engine), ==, CAISSA_ENGINE_STATE_QUIT);
  g_assert_finalize_object (engine);
  assert_reaped (pid);
  result_clear (&r);
}

/* Dropping an idle engine ends its process. */
static void
test_stockfish_dispose (void)
{
  CaissaEngine *engine = start_ok ("stockfish");
  int pid = engine_pid (engine);

  g_assert_true (pid_exists (pid));
  g_assert_finalize_object (engine);
  assert_reaped (pid);
}

static void
test_discover (void)
{
  g_auto (GStrv) found = caissa_engine_discover ();

  /* Stockfish is installed where the tests run (tools/dev, CI). */
  g_assert_nonnull (found);
  g_assert_cmpuint (g_strv_length (found), >=, 1);
  for (guint i = 0; found[i] != NULL; i++)
    {
      g_assert_true (g_path_is_absolute (found[i]));
      g_assert_true (g_file_test (found[i], G_FILE_TEST_IS_EXECUTABLE));
      g_assert_nonnull (strstr (found[i], "stockfish"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/engine/bad/not-found", test_not_found);
  g_test_add_func ("/model/engine/bad/not-executable", test_not_executable);
  g_test_add_data_func ("/model/engine/bad/not-uci", "not-uci.sh", test_not_uci);
  g_test_add_data_func ("/model/engine/bad/slow-uciok", "slow-uciok.sh", test_not_uci);
  for (guint i = 0; i < G_N_ELEMENTS (bad_searches); i++)
    {
      g_autofree char *name = g_strndup (bad_searches[i].script, strcspn (bad_searches[i].script, "."));
      g_autofree char *path = g_strdup_printf ("/model/engine/bad/%s", name);
      g_test_add_data_func (path, &bad_searches[i], test_bad_search);
    }
  g_test_add_func ("/model/engine/bad/chatter", test_chatter);
  g_test_add_func ("/model/engine/info-coalesced", test_coalesce);
  g_test_add_func ("/model/engine/nice", test_nice);
  g_test_add_func ("/model/engine/stockfish/handshake", test_stockfish_handshake);
  g_test_add_func ("/model/engine/stockfish/depth5", test_stockfish_depth5);
  g_test_add_func ("/model/engine/stockfish/multipv3", test_stockfish_multipv);
  g_test_add_func ("/model/engine/stockfish/restart-cancel", test_stockfish_restart_cancel);
  g_test_add_func ("/model/engine/stockfish/clock", test_clock_limits);
  g_test_add_func ("/model/engine/bad/hang-after-stop", test_hang_after_stop);
  g_test_add_func ("/model/engine/stockfish/quit", test_stockfish_quit);
  g_test_add_func ("/model/engine/stockfish/dispose", test_stockfish_dispose);
  g_test_add_func ("/model/engine/discover", test_discover);

  return g_test_run ();
}
