/* cli-pgn.c — caissa-cli pgn-check, pgn-export, pgn-dump, pgn-index, pgn-gen.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files are read with pread() in chunks and streamed through the core's
 * parser, never mapped: a mapped file that another program truncates kills
 * the reader with SIGBUS at the first page past the new end. A file whose
 * size or modification time changed while it was read is reported ("the
 * file changed while it was being read", exit 2) rather than half-checked.
 * pgn-check -j N cuts a file at game starts found by reading a window
 * around each cut, and reads each part on its own thread. "-" reads
 * standard input in chunks, so a pipe of any size streams in bounded
 * memory. pgn-index maps the file (it measures what the app does) and turns
 * a SIGBUS into the same report.
 *
 * pgn-export -o OUT never loses a game: a game with an error is reported
 * and copied into OUT byte for byte as it was in the input (to standard
 * output it is only reported, so the output is clean PGN).
 *
 * CAISSA_TEST_TRUNCATE_AFTER=N (for tests only) truncates the input file to
 * N bytes as soon as the bytes up to N have been read.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "caissa-cli.h"
#include "cli-atomic.h"
#include "chess-encoding.h"
#include "chess-fen.h"
#include "chess-game.h"
#include "chess-pgn-index.h"
#include "chess-pgn.h"
#include "chess-rules.h"
#include "chess-san.h"
#include "cli-input.h"
#include "cli-text.h"

/* --- pgn-check ------------------------------------------------------------- */

typedef struct
{
  unsigned long line;
  unsigned long column;
  bool          warning;
  char          message[256];
} StoredError;

/* pgn-check --strict: warnings are errors (games with one are refused). */
static bool check_strict;

typedef struct
{
  CliInput          *in;
  uint64_t        start;     /* this part of the file (threaded check) */
  uint64_t        end;
  bool            store;     /* keep errors to print later, instead of printing now */
  bool            count;     /* count its lines (where the next part starts) */
  CliLineCount       lines;
  StoredError    *errors;
  size_t          n_errors;
  size_t          cap_errors;
  uint64_t        games;
  uint64_t        bad;
  uint64_t        warnings;
  uint64_t        strict_bad;  /* --strict: games (or gaps) refused for a warning */
  bool            in_game;
  bool            game_warned;
  ChessPgnParser *parser;
} CheckPart;

/* A message or a tag value as UTF-8: it may come from a file that is not
 * (chess-encoding.h); a character cut by the length limit is dropped. out
 * holds CHESS_CP1252_TO_UTF8_MAX (256) bytes. */
static const char *
utf8_message (const char *message,
              char       *out)
{
  size_t len = strnlen (message, 255);
  ChessUtf8Scan scan = { 0 };

  chess_utf8_scan_feed (&scan, message, len);
  if (scan.invalid)
    chess_cp1252_to_utf8 (message, len, out);
  else
    {
      memcpy (out, message, len - scan.n_carry);
      out[len - scan.n_carry] = '\0';
    }
  return out;
}

static void
check_print (const char       *path,
             unsigned long     line,
             unsigned long     column,
             bool              warning,
             const char       *message)
{
  char utf8[CHESS_CP1252_TO_UTF8_MAX (256)];

  fprintf (stderr, "%s:%lu:%lu: %s%s\n", path, line, column,
           warning && !check_strict ? "warning: " : "", utf8_message (message, utf8));
}

static void
check_error_cb (void             *user_data,
                const ChessError *error)
{
  CheckPart *part = user_data;
  bool warning = error->severity == CHESS_SEVERITY_WARNING;

  if (warning)
    {
      part->warnings++;
      if (!part->in_game)
        part->strict_bad++;
      part->game_warned = true;
    }
  if (!part->store)
    {
      check_print (part->in->path, error->line, error->column, warning, error->message);
      return;
    }
  if (part->n_errors == part->cap_errors)
    {
      part->cap_errors = part->cap_errors ? part->cap_errors * 2 : 64;
      part->errors = realloc (part->errors, part->cap_errors * sizeof *part->errors);
      if (part->errors == NULL)
        abort ();
    }
  StoredError *e = &part->errors[part->n_errors++];
  e->line = error->line;
  e->column = error->column;
  e->warning = warning;
  snprintf (e->message, sizeof e->message, "%s", error->message);
}

static void
check_game_start_cb (void                   *user_data,
                     const ChessPgnLocation *where)
{
  CheckPart *part = user_data;

  part->in_game = true;
  part->game_warned = false;
}

static void
check_game_end_cb (void *user_data,
                   bool  ok)
{
  CheckPart *part = user_data;

  if (ok && part->game_warned)
    part->strict_bad++;
  part->in_game = false;
}

static const ChessPgnVisitor check_visitor = {
  .game_start = check_game_start_cb,
  .game_end = check_game_end_cb,
  .error = check_error_cb,
  .warning = check_error_cb,
};

static bool
check_feed_cb (void       *user_data,
               const char *data,
               size_t      len)
{
  CheckPart *part = user_data;

  return chess_pgn_parser_feed (part->parser, data, len);
}

static void *
check_part_thread (void *user_data)
{
  CheckPart *part = user_data;
  char *buf = malloc (READ_CHUNK);

  if (buf == NULL)
    abort ();
  part->parser = chess_pgn_parser_new (&check_visitor, part, CHESS_PGN_DEFAULT);
  cli_input_feed_range (part->in, part->start, part->end, buf, check_feed_cb, part,
                    part->count ? &part->lines : NULL);
  chess_pgn_parser_finish (part->parser);
  part->games = chess_pgn_parser_n_games (part->parser);
  part->bad = chess_pgn_parser_n_errors (part->parser);
  if (check_strict)
    part->bad += part->strict_bad;
  chess_pgn_parser_free (part->parser);
  free (buf);
  return NULL;
}

/* Checks a regular file on `jobs` threads, each on a run of whole games;
 * errors are printed in file order with their real line numbers. Returns
 * cli_input_status (). */
static int
check_file (CliInput    *in,
            int       jobs,
            uint64_t *games,
            uint64_t *bad,
            uint64_t *warnings)
{
  uint64_t bounds[65];
  unsigned n = cli_input_split (in, (unsigned) jobs, bounds);
  CheckPart parts[64];
  pthread_t threads[64];
  CliLineCount before = { 0, 0, false };

  memset (parts, 0, sizeof parts);
  for (unsigned i = 0; i < n; i++)
    {
      parts[i].in = in;
      parts[i].start = bounds[i];
      parts[i].end = bounds[i + 1];
      parts[i].store = i > 0;
      parts[i].count = i + 1 < n;
      if (i > 0 && pthread_create (&threads[i], NULL, check_part_thread, &parts[i]) != 0)
        {
          check_part_thread (&parts[i]);
          threads[i] = 0;
        }
    }
  check_part_thread (&parts[0]);
  for (unsigned i = 1; i < n; i++)
    if (threads[i] != 0)
      pthread_join (threads[i], NULL);

  for (unsigned i = 0; i < n; i++)
    {
      unsigned long base_line = (unsigned long) before.lines + 1;
      unsigned long base_column = (unsigned long) before.column + 1;
      for (size_t k = 0; k < parts[i].n_errors; k++)
        {
          StoredError *e = &parts[i].errors[k];
          unsigned long line = base_line + e->line - 1;
          unsigned long column = e->line == 1 ? base_column + e->column - 1 : e->column;
          check_print (in->path, line, column, e->warning, e->message);
        }
      cli_line_count_append (&before, &parts[i].lines);
      free (parts[i].errors);
      *games += parts[i].games;
      *bad += parts[i].bad;
      *warnings += parts[i].warnings;
    }
  return cli_input_status (in);
}

int
cli_pgn_check (int    argc,
               char **argv)
{
  uint64_t games = 0, bad = 0, warnings = 0;
  bool unreadable = false, not_pgn = false;
  int jobs = 1, first = 1;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);

  check_strict = false;
  jobs = cpus > 1 ? (cpus > 2 ? 2 : (int) cpus) : 1;
  while (first < argc && argv[first][0] == '-' && argv[first][1] != '\0')
    {
      if (strcmp (argv[first], "-j") == 0 && first + 1 < argc)
        {
          jobs = cli_parse_jobs (argv[first + 1]);
          if (jobs < 0)
            return cli_usage_error ("pgn-check", "-j needs a number from 1 to 64");
          first += 2;
        }
      else if (strcmp (argv[first], "--strict") == 0)
        {
          check_strict = true;
          first++;
        }
      else if (strcmp (argv[first], "--") == 0)
        {
          first++;
          break;
        }
      else
        return cli_usage_error ("pgn-check", "unknown option");
    }
  if (first >= argc)
    return cli_usage_error ("pgn-check", "a PGN file is needed");

  for (int i = first; i < argc; i++)
    {
      uint64_t games_before = games;
      CliInput in;
      int status = cli_input_open ("pgn-check", argv[i], &in);
      if (status == 1)
        {
          not_pgn = true;
          continue;
        }
      if (status != 0)
        {
          unreadable = true;
          continue;
        }
      if (in.regular)
        {
          if (check_file (&in, jobs, &games, &bad, &warnings) != 0)
            unreadable = true;
        }
      else
        {
          CheckPart part;
          memset (&part, 0, sizeof part);
          part.in = &in;
          part.parser = chess_pgn_parser_new (&check_visitor, &part, CHESS_PGN_DEFAULT);
          cli_input_feed (&in, check_feed_cb, &part);
          chess_pgn_parser_finish (part.parser);
          games += chess_pgn_parser_n_games (part.parser);
          bad += chess_pgn_parser_n_errors (part.parser) + (check_strict ? part.strict_bad : 0);
          warnings += part.warnings;
          chess_pgn_parser_free (part.parser);
          if (cli_input_status (&in) != 0)
            unreadable = true;
        }
      cli_input_close (&in);
      if (games == games_before && !unreadable)
        {
          /* Empty, blank or comments only: not a silent success. */
          fprintf (stderr, "caissa-cli pgn-check: no games in %s\n", argv[i]);
          not_pgn = true;
        }
    }
  /* Under --strict the warnings were counted as errors. A warning between
   * games counts as one bad piece but no game: ok never goes below 0. */
  if (check_strict)
    warnings = 0;
  printf ("games: %llu ok: %llu warnings: %llu errors: %llu\n", (unsigned long long) games,
          (unsigned long long) (games > bad ? games - bad : 0), (unsigned long long) warnings,
          (unsigned long long) bad);
  fflush (stdout);
  if (unreadable)
    return 2;
  return bad > 0 || not_pgn ? 1 : 0;
}

/* --- Reading whole games (pgn-export, pgn-dump) ---------------------------- */

typedef struct _GameRun GameRun;

struct _GameRun
{
  CliInput          *in;
  ChessPgnReader *reader;
  FILE           *out;
  uint64_t        games;        /* read, good or bad */
  uint64_t        errors;
  bool            write_failed;
  int             write_errno;
  /* pgn-export -o: bad games are copied through as they were. The text of
   * a bad game ends where the next game starts, so it is copied when the
   * next game (or the end) is seen. */
  bool            verbatim;
  bool            input_regular;
  bool            pending;
  uint64_t        pending_offset;
  char            tail[2];      /* the last two bytes written */
  void          (*at_end) (GameRun *run);
  ChessPgnGameFunc func;
  bool            print_warnings;   /* on standard error, as pgn-check does */
};

static bool
reader_feed_cb (void       *user_data,
                const char *data,
                size_t      len)
{
  GameRun *run = user_data;

  return chess_pgn_reader_feed (run->reader, data, len);
}

/* The full reader's game handed to run->func as the plain reader would
 * (a refused game as NULL and its error), after its warnings. */
static bool
reader_info_cb (void                   *user_data,
                const ChessPgnGameInfo *info)
{
  GameRun *run = user_data;

  if (run->print_warnings)
    for (size_t i = 0; i < info->n_warnings; i++)
      {
        char utf8[CHESS_CP1252_TO_UTF8_MAX (256)];
        const ChessError *w = &info->warnings[i];

        fprintf (stderr, "%s:%lu:%lu: warning: %s\n", run->in->path, w->line, w->column,
                 utf8_message (w->message, utf8));
      }
  if (info->error != NULL)
    {
      chess_game_free (info->game);
      return run->func (run, NULL, info->error, &info->start);
    }
  return run->func (run, info->game, NULL, &info->start);
}

/* Reads every game of path through func. Returns 2 when unreadable or
 * changed while read (said on stderr). */
static int
read_games (const char      *command,
            const char      *path,
            ChessPgnGameFunc func,
            GameRun         *run)
{
  CliInput in;
  int status = cli_input_open (command, path, &in);

  if (status != 0)
    return status;
  run->in = &in;
  run->input_regular = in.regular;
  run->func = func;
  run->reader = chess_pgn_reader_new_full (reader_info_cb, run);
  cli_input_feed (&in, reader_feed_cb, run);
  chess_pgn_reader_finish (run->reader);
  chess_pgn_reader_free (run->reader);
  if (run->at_end != NULL)
    run->at_end (run);
  status = cli_input_status (&in);
  cli_input_close (&in);
  run->in = NULL;
  if (status == 0 && run->games == 0)
    {
      /* Empty, blank or comments only: not a silent success. */
      fprintf (stderr, "caissa-cli %s: no games in %s\n", command, path);
      return 1;
    }
  return status;
}

/* --- pgn-export ------------------------------------------------------------ */

static void
export_write (GameRun    *run,
              const char *data,
              size_t      len)
{
  if (run->write_failed || len == 0)
    return;
  if (fwrite (data, 1, len, run->out) != len)
    {
      run->write_failed = true;
      run->write_errno = errno != 0 ? errno : EIO;
      return;
    }
  if (len >= 2)
    memcpy (run->tail, data + len - 2, 2);
  else
    {
      run->tail[0] = run->tail[1];
      run->tail[1] = data[0];
    }
}

/* Copies bytes [from, to) of the input (a bad game) to the output, then
 * makes sure it ends a line and, when another game follows, is followed
 * by an empty line as PGN wants. */
static void
export_copy_verbatim (GameRun  *run,
                      uint64_t  from,
                      uint64_t  to,
                      bool      more)
{
  char *buf = malloc (READ_CHUNK);

  if (buf == NULL)
    abort ();
  run->tail[0] = run->tail[1] = '\n';
  while (from < to && !run->write_failed)
    {
      size_t want = to - from < READ_CHUNK ? (size_t) (to - from) : READ_CHUNK;
      ssize_t n = cli_input_pread (run->in, buf, want, from);
      if (n <= 0)
        {
          if (n == 0)
            atomic_store (&run->in->short_read, true);
          break;
        }
      export_write (run, buf, (size_t) n);
      from += (uint64_t) n;
    }
  free (buf);
  if (run->tail[1] != '\n')
    export_write (run, "\n", 1);
  if (more && run->tail[0] != '\n')
    export_write (run, "\n", 1);
}

static void
export_flush_pending (GameRun  *run,
                      uint64_t  next_start,
                      bool      more)
{
  if (run->pending)
    {
      run->pending = false;
      export_copy_verbatim (run, run->pending_offset, next_start, more);
    }
}

static void
export_at_end_cb (GameRun *run)
{
  export_flush_pending (run, cli_input_size (run->in), false);
}

static bool
export_game_cb (void                   *user_data,
                ChessGame              *game,
                const ChessError       *error,
                const ChessPgnLocation *where)
{
  GameRun *run = user_data;
  size_t len;
  char *text;

  run->games++;
  export_flush_pending (run, where->offset, true);
  if (game == NULL)
    {
      char utf8[CHESS_CP1252_TO_UTF8_MAX (256)];

      fprintf (stderr, "%s:%lu:%lu: %s\n", run->in->path, error->line, error->column,
               utf8_message (error->message, utf8));
      run->errors++;
      if (run->verbatim && run->in->regular)
        {
          run->pending = true;
          run->pending_offset = where->offset;
        }
      return !run->write_failed;
    }
  text = chess_pgn_write_game (game, &len);
  /* A game of a file not in UTF-8 is written in UTF-8 (chess-encoding.h). */
  if (!chess_utf8_valid (text, len, NULL))
    {
      char *utf8 = malloc (CHESS_CP1252_TO_UTF8_MAX (len));

      if (utf8 == NULL)
        abort ();
      len = chess_cp1252_to_utf8 (text, len, utf8);
      free (text);
      text = utf8;
    }
  export_write (run, text, len);
  free (text);
  chess_game_free (game);
  return !run->write_failed;
}

int
cli_pgn_export (int    argc,
                char **argv)
{
  const char *in_path = NULL, *out_path = NULL;
  CliAtomicFile file;
  bool to_file;
  GameRun run;
  int status;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "-o") == 0 && i + 1 < argc)
        out_path = argv[++i];
      else if (in_path == NULL)
        in_path = argv[i];
      else
        return cli_usage_error ("pgn-export", "one input file only");
    }
  if (in_path == NULL)
    return cli_usage_error ("pgn-export", "a PGN file is needed");

  memset (&run, 0, sizeof run);
  run.print_warnings = true;
  to_file = out_path != NULL && strcmp (out_path, "-") != 0;
  if (!to_file)
    run.out = stdout;
  else
    {
      /* OUT is replaced whole (cli-atomic.h), and gets every game: a bad
       * one as it was. */
      if (!cli_atomic_file_open (&file, out_path))
        {
          fprintf (stderr, "caissa-cli pgn-export: cannot write %s: %s\n", out_path,
                   cli_atomic_file_strerror (&file));
          return 2;
        }
      run.out = file.stream;
      run.verbatim = true;
      run.at_end = export_at_end_cb;
    }

  status = read_games ("pgn-export", in_path, export_game_cb, &run);

  if (!to_file)
    {
      if (!run.write_failed && fflush (stdout) != 0)
        {
          run.write_failed = true;
          run.write_errno = errno;
        }
    }
  else if (status != 0 || run.write_failed)
    cli_atomic_file_abort (&file);
  else if (!run.input_regular && run.errors > 0 && file.tmp_path != NULL)
    {
      /* From a pipe the bad games cannot be read again: rather than an OUT
       * without them, no new OUT. */
      cli_atomic_file_abort (&file);
      fprintf (stderr, "caissa-cli pgn-export: %s not written: %llu %s errors, and the text "
               "of a bad game cannot be copied from a pipe (name the file instead)\n",
               out_path, (unsigned long long) run.errors,
               run.errors == 1 ? "game has" : "games have");
      return 2;
    }
  else if (!cli_atomic_file_commit (&file))
    {
      run.write_failed = true;
      run.write_errno = file.error;
    }
  if (run.write_failed)
    {
      fprintf (stderr, "caissa-cli pgn-export: cannot write %s: %s\n",
               to_file ? out_path : "standard output", strerror (run.write_errno));
      return 2;
    }
  if (status != 0)
    return status;
  return run.errors > 0 ? 1 : 0;
}

/* --- pgn-dump -------------------------------------------------------------- */

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
dump_position (FILE                *out,
               const ChessPosition *pos)
{
  ChessMoveList list;
  char fen[CHESS_FEN_MAX];
  char sans[CHESS_MAX_MOVES][CHESS_SAN_MAX];
  const char *sorted[CHESS_MAX_MOVES];

  chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    {
      chess_san_write (pos, list.moves[i], sans[i]);
      sorted[i] = sans[i];
    }
  qsort (sorted, list.count, sizeof sorted[0], compare_strings);
  fputs (chess_fen_write (pos, fen), out);
  fputc ('\t', out);
  for (unsigned i = 0; i < list.count; i++)
    {
      if (i > 0)
        fputc (' ', out);
      fputs (sorted[i], out);
    }
  fputc ('\n', out);
}

static bool
dump_game_cb (void                   *user_data,
              ChessGame              *game,
              const ChessError       *error,
              const ChessPgnLocation *where)
{
  GameRun *run = user_data;
  ChessNodeId node = CHESS_NODE_ROOT, last = CHESS_NODE_ROOT;

  run->games++;
  if (game == NULL)
    {
      char utf8[CHESS_CP1252_TO_UTF8_MAX (256)];

      fprintf (run->out, "error\t%lu:%lu\t%s\n\n", error->line, error->column,
               utf8_message (error->message, utf8));
      run->errors++;
      return true;
    }
  for (; node != CHESS_NODE_NONE; node = chess_game_node_next (game, node))
    {
      dump_position (run->out, chess_game_node_position (game, node));
      last = node;
    }
  fprintf (run->out, "end\t%s\n\n", chess_status_name (chess_game_node_status (game, last)));
  chess_game_free (game);
  return true;
}

int
cli_pgn_dump (int    argc,
              char **argv)
{
  GameRun run;
  int status;

  if (argc != 2)
    return cli_usage_error ("pgn-dump", argc < 2 ? "a PGN file is needed" : "one file only");
  memset (&run, 0, sizeof run);
  run.out = stdout;
  status = read_games ("pgn-dump", argv[1], dump_game_cb, &run);
  if (fflush (stdout) != 0)
    {
      fprintf (stderr, "caissa-cli pgn-dump: cannot write: %s\n", strerror (errno));
      return 2;
    }
  if (status != 0)
    return status;
  return run.errors > 0 ? 1 : 0;
}

/* --- pgn-index ------------------------------------------------------------- */

/* pgn-index maps the file, as the app does, and reads it on several
 * threads. A page past the end of a file that shrank raises SIGBUS in the
 * thread that touches it; the handler jumps back to that thread's guard,
 * which reports the file as changed. */
static _Thread_local sigjmp_buf *bus_jump;

static void
bus_handler_cb (int sig)
{
  if (bus_jump != NULL)
    siglongjmp (*bus_jump, 1);
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
install_bus_handler (void)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = bus_handler_cb;
  sigemptyset (&action.sa_mask);
  sigaction (SIGBUS, &action, NULL);
}

/* Runs func (data); false when it was stopped by SIGBUS (its work is then
 * unfinished, and nothing it read can be trusted). */
static bool
run_guarded (void (*func) (void *data),
             void  *data)
{
  sigjmp_buf jump;

  if (sigsetjmp (jump, 1) != 0)
    {
      bus_jump = NULL;
      return false;
    }
  bus_jump = &jump;
  func (data);
  bus_jump = NULL;
  return true;
}

typedef struct
{
  const char    *data;
  uint64_t       start;
  uint64_t       end;
  ChessPgnIndex *index;
  bool           faulted;
} IndexPart;

static void
index_part_scan (void *user_data)
{
  IndexPart *part = user_data;
  uint64_t from = chess_pgn_index_position (part->index);
  bool done;

  do
    {
      done = chess_pgn_index_scan (part->index, part->data, part->end, SLICE_BYTES);
      cli_release_pages (part->data + from, part->data + chess_pgn_index_position (part->index));
      from = chess_pgn_index_position (part->index);
    }
  while (!done);
}

static void *
index_part_thread (void *user_data)
{
  IndexPart *part = user_data;

  if (!run_guarded (index_part_scan, part))
    part->faulted = true;
  return NULL;
}

typedef struct
{
  const char    *data;
  size_t         len;
  int            jobs;
  bool           list;
  ChessPgnIndex *index;
  uint64_t       first_batch;
  double         t_first;
  unsigned       n;
  uint64_t       bounds[65];
  IndexPart      parts[64];
} IndexRun;

/* What a GUI does: a first small batch, shown at once; then the cuts for
 * `jobs` threads, each on its own part of the file. */
static void
index_begin (void *user_data)
{
  IndexRun *run = user_data;
  uint64_t from;

  chess_pgn_index_scan (run->index, run->data, run->len, run->first_batch);
  run->t_first = cli_now_seconds ();
  /* The first batch stops at a line start; the parts must start at game
   * starts, so the first part simply continues the first index. */
  from = chess_pgn_index_position (run->index);
  run->n = chess_pgn_index_split (run->data + from, run->len - from, (unsigned) run->jobs,
                                  run->bounds);
  for (unsigned i = 0; i <= run->n; i++)
    run->bounds[i] += from;
}

static void
index_list (void *user_data)
{
  IndexRun *run = user_data;

  for (size_t g = 0; g < chess_pgn_index_n_games (run->index); g++)
    {
      const ChessPgnIndexEntry *e = chess_pgn_index_entry (run->index, g);
      printf ("%llu\t%lu", (unsigned long long) e->offset, (unsigned long) e->length);
      for (int t = 0; t < CHESS_PGN_N_INDEX_TAGS; t++)
        {
          char value[256], utf8[CHESS_CP1252_TO_UTF8_MAX (256)];
          chess_pgn_index_tag (run->index, run->data, g, (ChessPgnIndexTag) t, value,
                               sizeof value);
          printf ("\t%s", utf8_message (value, utf8));
        }
      printf ("\n");
    }
}

static long
peak_rss_kib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

int
cli_pgn_index (int    argc,
               char **argv)
{
  const char *path = NULL;
  const char *hook;
  IndexRun *run;
  pthread_t threads[64];
  struct stat st, now;
  double t0, t_end;
  bool changed = false, empty = false;
  void *map = NULL;
  char *utf8 = NULL;   /* the UTF-8 of a UTF-16 file */
  size_t map_len = 0;
  int fd;

  run = calloc (1, sizeof *run);
  if (run == NULL)
    abort ();
  run->jobs = 2;
  run->first_batch = 1u << 20;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--list") == 0)
        run->list = true;
      else if (strcmp (argv[i], "-j") == 0 && i + 1 < argc)
        {
          run->jobs = cli_parse_jobs (argv[++i]);
          if (run->jobs < 0)
            {
              free (run);
              return cli_usage_error ("pgn-index", "-j needs a number from 1 to 64");
            }
        }
      else if (path == NULL)
        path = argv[i];
      else
        {
          free (run);
          return cli_usage_error ("pgn-index", "one file only");
        }
    }
  if (path == NULL)
    {
      free (run);
      return cli_usage_error ("pgn-index", "a PGN file is needed");
    }
  /* Timed from the open, as a user who opens the file would see it. */
  t0 = cli_now_seconds ();
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fstat (fd, &st) != 0 || S_ISDIR (st.st_mode))
    {
      int error = fd < 0 ? errno : S_ISDIR (st.st_mode) ? EISDIR : errno;
      fprintf (stderr, "caissa-cli pgn-index: cannot read %s: %s\n", path, strerror (error));
      if (fd >= 0)
        close (fd);
      free (run);
      return 2;
    }
  if (!S_ISREG (st.st_mode))
    {
      fprintf (stderr, "caissa-cli pgn-index: %s is not a regular file (it must be mapped)\n", path);
      close (fd);
      free (run);
      return 2;
    }
  if (st.st_size > 0)
    {
      map = mmap (NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      if (map == MAP_FAILED)
        {
          fprintf (stderr, "caissa-cli pgn-index: cannot read %s: %s\n", path, strerror (errno));
          close (fd);
          free (run);
          return 2;
        }
      madvise (map, (size_t) st.st_size, MADV_SEQUENTIAL | MADV_WILLNEED);
    }
  map_len = (size_t) st.st_size;
  run->data = map;
  run->len = (size_t) st.st_size;
  {
    CliTextKind kind = cli_text_sniff_fd ("pgn-index", path, fd);

    if (kind == CLI_TEXT_BINARY)
      {
        munmap (map, map_len);
        close (fd);
        free (run);
        return 1;
      }
    /* UTF-16 is indexed in its UTF-8 (the app does the same). */
    if (kind != CLI_TEXT_PLAIN)
      {
        if (!cli_text_utf16_read (fd, kind == CLI_TEXT_UTF16BE, &utf8, &run->len))
          {
            fprintf (stderr, "caissa-cli pgn-index: cannot read %s: %s\n", path, strerror (errno));
            munmap (map, map_len);
            close (fd);
            free (run);
            return 2;
          }
        run->data = utf8;
      }
  }
  install_bus_handler ();
  hook = getenv ("CAISSA_TEST_TRUNCATE_AFTER");
  if (hook != NULL && truncate (path, (off_t) strtoull (hook, NULL, 10)) != 0)
    fprintf (stderr, "caissa-cli: CAISSA_TEST_TRUNCATE_AFTER: %s\n", strerror (errno));

  run->index = chess_pgn_index_new (0);
  if (!run_guarded (index_begin, run))
    changed = true;
  else
    {
      IndexPart *parts = run->parts;
      for (unsigned i = 0; i < run->n; i++)
        {
          parts[i].data = run->data;
          parts[i].start = run->bounds[i];
          parts[i].end = run->bounds[i + 1];
          parts[i].index = i == 0 ? run->index : chess_pgn_index_new (parts[i].start);
          if (i > 0 && pthread_create (&threads[i], NULL, index_part_thread, &parts[i]) != 0)
            {
              index_part_thread (&parts[i]);
              threads[i] = 0;
            }
        }
      index_part_thread (&parts[0]);
      changed = parts[0].faulted;
      for (unsigned i = 1; i < run->n; i++)
        {
          if (threads[i] != 0)
            pthread_join (threads[i], NULL);
          changed = changed || parts[i].faulted;
          if (!changed)
            chess_pgn_index_append (run->index, parts[i].index);
          chess_pgn_index_free (parts[i].index);
        }
    }
  t_end = cli_now_seconds ();

  if (!changed && run->list && !run_guarded (index_list, run))
    changed = true;
  if (!changed && (fstat (fd, &now) != 0 || now.st_size != st.st_size
                   || now.st_mtim.tv_sec != st.st_mtim.tv_sec
                   || now.st_mtim.tv_nsec != st.st_mtim.tv_nsec))
    changed = true;
  if (changed)
    {
      fflush (stdout);
      fprintf (stderr, "caissa-cli pgn-index: %s: the file changed while it was being read\n", path);
    }
  else
    {
      if (chess_pgn_index_n_games (run->index) == 0)
        {
          fprintf (stderr, "caissa-cli pgn-index: no games in %s\n", path);
          empty = true;
        }
      printf ("games: %zu\n", chess_pgn_index_n_games (run->index));
      printf ("bytes: %zu\n", run->len);
      printf ("first batch: %.1f ms (%zu bytes)\n", (run->t_first - t0) * 1000,
              (size_t) run->first_batch);
      printf ("time: %.1f ms (%d threads)\n", (t_end - t0) * 1000, run->jobs);
      printf ("entry size: %zu bytes\n", sizeof (ChessPgnIndexEntry));
      printf ("peak rss: %ld KiB\n", peak_rss_kib ());
    }
  chess_pgn_index_free (run->index);
  if (map != NULL)
    munmap (map, map_len);
  free (utf8);
  close (fd);
  free (run);
  return changed ? 2 : empty ? 1 : 0;
}

/* --- pgn-gen --------------------------------------------------------------- */

/* xorshift64*: reproducible across machines, unlike rand(). */
static uint64_t
next_random (uint64_t *state)
{
  uint64_t x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545f4914f6cdd1dULL;
}

static unsigned
random_below (uint64_t *state,
              unsigned  n)
{
  return (unsigned) ((next_random (state) >> 32) % n);
}

static const char *const first_names[] = {
  "Anna", "Boris", "Chen", "Dana", "Emil", "Fatima", "Gita", "Hugo", "Ivan", "Julia",
  "Kenji", "Lena", "Marta", "Nikolai", "Olga", "Pavel", "Qiu", "Rosa", "Sven", "Tara",
};
static const char *const last_names[] = {
  "Alekhine", "Bogdan", "Carlsen", "Dvoretsky", "Euwe", "Fischer", "Gelfand", "Hou",
  "Ivanchuk", "Ju", "Karpov", "Lasker", "Morphy", "Nakamura", "O'Kelly", "Polgar",
  "Rubinstein", "Spassky", "Tal", "Vachier-Lagrave", "Wang", "Xie", "Yusupov", "Zukertort",
};
static const char *const events[] = {
  "Club Championship", "City Open", "Spring Rapid", "\"Golden Knight\" Memorial",
  "National League", "Online Blitz Arena", "University Match", "Autumn Classic",
};

/* Random but legal: uniform over the legal moves, with a light preference
 * for captures so games look less like shuffling. Ends early on mate,
 * stalemate, a dead position or the automatic draws. */
static ChessGame *
random_game (uint64_t *rng,
             unsigned  number)
{
  ChessGame *game = chess_game_new ();
  unsigned target = 40 + random_below (rng, 81);
  ChessNodeId node = CHESS_NODE_ROOT;
  bool clocks = random_below (rng, 10) == 0;
  int64_t clock_ms[2] = { 600000, 600000 };
  char buf[128];
  const char *result;
  ChessStatus status = CHESS_STATUS_ONGOING;

  snprintf (buf, sizeof buf, "%s", events[random_below (rng, 8)]);
  chess_game_set_tag (game, "Event", buf);
  chess_game_set_tag (game, "Site", random_below (rng, 2) ? "Caissa City" : "Online");
  snprintf (buf, sizeof buf, "%u.%02u.%02u", 1990 + random_below (rng, 36),
            1 + random_below (rng, 12), 1 + random_below (rng, 28));
  chess_game_set_tag (game, "Date", buf);
  snprintf (buf, sizeof buf, "%u.%u", 1 + number % 9, 1 + random_below (rng, 30));
  chess_game_set_tag (game, "Round", buf);
  snprintf (buf, sizeof buf, "%s, %s", last_names[random_below (rng, 24)],
            first_names[random_below (rng, 20)]);
  chess_game_set_tag (game, "White", buf);
  snprintf (buf, sizeof buf, "%s, %s", last_names[random_below (rng, 24)],
            first_names[random_below (rng, 20)]);
  chess_game_set_tag (game, "Black", buf);
  snprintf (buf, sizeof buf, "%u", 1200 + random_below (rng, 1600));
  chess_game_set_tag (game, "WhiteElo", buf);
  snprintf (buf, sizeof buf, "%u", 1200 + random_below (rng, 1600));
  chess_game_set_tag (game, "BlackElo", buf);
  snprintf (buf, sizeof buf, "%c%02u", 'A' + random_below (rng, 5), random_below (rng, 100));
  chess_game_set_tag (game, "ECO", buf);
  if (clocks)
    chess_game_set_tag (game, "TimeControl", "600+5");

  for (unsigned ply = 0; ply < target; ply++)
    {
      const ChessPosition *pos = chess_game_node_position (game, node);
      ChessMoveList list;
      ChessMove move;
      unsigned pick;

      chess_generate_legal (pos, &list);
      if (list.count == 0)
        break;
      pick = random_below (rng, list.count);
      for (unsigned tries = 0; tries < 3; tries++)
        {
          ChessMove m = list.moves[random_below (rng, list.count)];
          if (pos->board[chess_move_to (m)] != CHESS_NO_PIECE)
            {
              pick = 0;
              list.moves[0] = m;
              break;
            }
        }
      move = list.moves[pick];
      /* Now and then an alternative, as a short variation. */
      if (list.count > 1 && random_below (rng, 40) == 0)
        {
          ChessMove alt = list.moves[(pick + 1 + random_below (rng, list.count - 1)) % list.count];
          ChessNodeId v = chess_game_add_move (game, node, move);
          ChessNodeId a = chess_game_add_move (game, node, alt);
          if (random_below (rng, 2))
            chess_game_node_set_comment (game, a, CHESS_COMMENT_AFTER, "the alternative");
          (void) v;
        }
      node = chess_game_add_move (game, node, move);
      if (clocks)
        {
          int side = ply & 1;
          clock_ms[side] -= 1000 * random_below (rng, 30);
          if (clock_ms[side] < 1000)
            clock_ms[side] = 1000;
          clock_ms[side] += 5000;
          chess_game_node_set_clock_ms (game, node, clock_ms[side]);
        }
      else if (random_below (rng, 50) == 0)
        chess_game_node_set_comment (game, node, CHESS_COMMENT_AFTER,
                                     random_below (rng, 2) ? "A natural move." :
                                     "Probably not the best, but it keeps the balance.");
      if (random_below (rng, 30) == 0)
        chess_game_node_add_nag (game, node, 1 + random_below (rng, 6));
      status = chess_game_node_status (game, node);
      if (status != CHESS_STATUS_ONGOING)
        break;
    }

  if (status == CHESS_STATUS_CHECKMATE)
    result = chess_game_node_position (game, node)->side == CHESS_WHITE ? "0-1" : "1-0";
  else if (status != CHESS_STATUS_ONGOING)
    result = "1/2-1/2";
  else
    {
      static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "1-0", "0-1" };
      result = results[random_below (rng, 5)];
    }
  chess_game_set_result (game, result);
  snprintf (buf, sizeof buf, "%u", chess_game_node_ply (game, node));
  chess_game_set_tag (game, "PlyCount", buf);
  return game;
}

int
cli_pgn_gen (int    argc,
             char **argv)
{
  char *end;
  unsigned long long count, seed;
  uint64_t rng;

  if (argc != 3)
    return cli_usage_error ("pgn-gen", "N and SEED are needed");
  /* strtoull reads "-5" as a huge count and saturates past its range:
   * only plain digits, 1 to a billion games. */
  errno = 0;
  count = strtoull (argv[1], &end, 10);
  if (argv[1][0] < '0' || argv[1][0] > '9' || *end != '\0' || errno == ERANGE
      || count < 1 || count > 1000000000ULL)
    return cli_usage_error ("pgn-gen", "N must be a number from 1 to 1000000000");
  errno = 0;
  seed = strtoull (argv[2], &end, 10);
  if (argv[2][0] < '0' || argv[2][0] > '9' || *end != '\0' || errno == ERANGE)
    return cli_usage_error ("pgn-gen", "SEED must be a number from 0 to 18446744073709551615");
  rng = seed * 0x9e3779b97f4a7c15ULL + 1;
  if (rng == 0)
    rng = 1;
  for (unsigned long long i = 0; i < count; i++)
    {
      ChessGame *game = random_game (&rng, (unsigned) i);
      size_t len;
      char *text = chess_pgn_write_game (game, &len);
      if (fwrite (text, 1, len, stdout) != len)
        {
          fprintf (stderr, "caissa-cli pgn-gen: cannot write: %s\n", strerror (errno));
          free (text);
          chess_game_free (game);
          return 2;
        }
      free (text);
      chess_game_free (game);
    }
  if (fflush (stdout) != 0)
    {
      fprintf (stderr, "caissa-cli pgn-gen: cannot write: %s\n", strerror (errno));
      return 2;
    }
  return 0;
}
