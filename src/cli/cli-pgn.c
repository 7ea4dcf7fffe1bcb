/* cli-pgn.c — caissa-cli pgn-check, pgn-export, pgn-dump, pgn-index, pgn-gen.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files are memory-mapped and handed to the core whole; "-" reads standard
 * input in chunks, so a pipe of any size streams in bounded memory.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
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
#include "chess-fen.h"
#include "chess-game.h"
#include "chess-pgn-index.h"
#include "chess-pgn.h"
#include "chess-rules.h"
#include "chess-san.h"

/* --- Input ----------------------------------------------------------------- */

typedef struct
{
  const char *data;
  size_t      len;
  void       *map;
  size_t      map_len;
  int         fd;       /* -1 when the whole file is mapped (or empty) */
  bool        is_stdin;
} Input;

/* Opens path ("-" = standard input). Prints why not and returns false. */
static bool
input_open (const char *command,
            const char *path,
            Input      *in)
{
  struct stat st;
  int fd;

  memset (in, 0, sizeof *in);
  in->fd = -1;
  if (strcmp (path, "-") == 0)
    {
      in->is_stdin = true;
      in->fd = STDIN_FILENO;
      return true;
    }
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (errno));
      return false;
    }
  if (fstat (fd, &st) < 0)
    {
      fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (errno));
      close (fd);
      return false;
    }
  if (S_ISDIR (st.st_mode))
    {
      fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (EISDIR));
      close (fd);
      return false;
    }
  if (S_ISREG (st.st_mode))
    {
      if (st.st_size > 0)
        {
          void *map = mmap (NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
          if (map == MAP_FAILED)
            {
              fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path,
                       strerror (errno));
              close (fd);
              return false;
            }
          madvise (map, (size_t) st.st_size, MADV_SEQUENTIAL | MADV_WILLNEED);
          in->map = map;
          in->map_len = (size_t) st.st_size;
          in->data = map;
          in->len = (size_t) st.st_size;
        }
      close (fd);
      return true;
    }
  /* A pipe or a device: read it as a stream. */
  in->fd = fd;
  return true;
}

static void
input_close (Input *in)
{
  if (in->map != NULL)
    munmap (in->map, in->map_len);
  if (in->fd >= 0 && !in->is_stdin)
    close (in->fd);
  memset (in, 0, sizeof *in);
  in->fd = -1;
}

/* Mapped pages already read are handed back as we go, so a large file
 * costs bounded memory (they stay in the page cache; touching them again
 * would just map them again). */
#define SLICE_BYTES ((size_t) 32 << 20)

static void
release_pages (const char *from,
               const char *to)
{
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t) from + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t) to & ~(page - 1);

  if (b > a)
    madvise ((void *) a, b - a, MADV_DONTNEED);
}

typedef bool (*FeedFunc) (void *user_data, const char *data, size_t len);

/* Hands the input to feed: at once when mapped, else 64 KiB at a time.
 * Returns false (after saying why) when reading fails. */
static bool
input_feed (const char *command,
            const char *path,
            Input      *in,
            FeedFunc    feed,
            void       *user_data)
{
  static char buf[65536];

  if (in->fd < 0)
    {
      for (size_t off = 0; off < in->len; off += SLICE_BYTES)
        {
          size_t n = in->len - off < SLICE_BYTES ? in->len - off : SLICE_BYTES;
          bool more = feed (user_data, in->data + off, n);
          release_pages (in->data + off, in->data + off + n);
          if (!more)
            break;
        }
      return true;
    }
  for (;;)
    {
      ssize_t n = read (in->fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (errno));
          return false;
        }
      if (n == 0)
        return true;
      if (!feed (user_data, buf, (size_t) n))
        return true;
    }
}

static double
now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
parse_jobs (const char *text)
{
  char *end;
  long n = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || n < 1 || n > 64)
    return -1;
  return (int) n;
}

/* --- pgn-check ------------------------------------------------------------- */

typedef struct
{
  unsigned long line;
  unsigned long column;
  char          message[256];
} StoredError;

typedef struct
{
  const char     *path;
  const char     *data;      /* this part (threaded check) */
  size_t          len;
  bool            store;     /* keep errors to print later, instead of printing now */
  StoredError    *errors;
  size_t          n_errors;
  size_t          cap_errors;
  uint64_t        games;
  uint64_t        bad;
  ChessPgnParser *parser;
} CheckPart;

static void
check_error_cb (void             *user_data,
                const ChessError *error)
{
  CheckPart *part = user_data;

  if (!part->store)
    {
      fprintf (stderr, "%s:%lu:%lu: %s\n", part->path, error->line, error->column, error->message);
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
  snprintf (e->message, sizeof e->message, "%s", error->message);
}

static const ChessPgnVisitor check_visitor = {
  .error = check_error_cb,
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

  part->parser = chess_pgn_parser_new (&check_visitor, part, CHESS_PGN_DEFAULT);
  for (size_t off = 0; off < part->len; off += SLICE_BYTES)
    {
      size_t n = part->len - off < SLICE_BYTES ? part->len - off : SLICE_BYTES;
      chess_pgn_parser_feed (part->parser, part->data + off, n);
      release_pages (part->data + off, part->data + off + n);
    }
  chess_pgn_parser_finish (part->parser);
  part->games = chess_pgn_parser_n_games (part->parser);
  part->bad = chess_pgn_parser_n_errors (part->parser);
  chess_pgn_parser_free (part->parser);
  return NULL;
}

/* The line and column of byte `offset`, counted as the parser counts them
 * (LF, CRLF and lone CR each end a line). */
static void
locate (const char    *data,
        size_t         offset,
        unsigned long *line,
        unsigned long *column)
{
  unsigned long l = 1;
  size_t line_start = 0;

  for (size_t i = 0; i < offset; i++)
    {
      if (data[i] == '\n')
        {
          if (!(i > 0 && data[i - 1] == '\r'))
            l++;
          line_start = i + 1;
        }
      else if (data[i] == '\r')
        {
          l++;
          line_start = i + 1;
        }
    }
  *line = l;
  *column = (unsigned long) (offset - line_start + 1);
}

/* Checks a mapped file on `jobs` threads, each on a run of whole games;
 * errors are printed in file order with their real line numbers. */
static void
check_mapped (const char *path,
              const char *data,
              size_t      len,
              int         jobs,
              uint64_t   *games,
              uint64_t   *bad)
{
  uint64_t bounds[65];
  unsigned n = chess_pgn_index_split (data, len, (unsigned) jobs, bounds);
  CheckPart parts[64];
  pthread_t threads[64];

  memset (parts, 0, sizeof parts);
  for (unsigned i = 0; i < n; i++)
    {
      parts[i].path = path;
      parts[i].data = data + bounds[i];
      parts[i].len = (size_t) (bounds[i + 1] - bounds[i]);
      parts[i].store = i > 0;
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
      if (parts[i].n_errors > 0)
        {
          unsigned long base_line, base_column;
          locate (data, (size_t) bounds[i], &base_line, &base_column);
          for (size_t k = 0; k < parts[i].n_errors; k++)
            {
              StoredError *e = &parts[i].errors[k];
              unsigned long line = base_line + e->line - 1;
              unsigned long column = e->line == 1 ? base_column + e->column - 1 : e->column;
              fprintf (stderr, "%s:%lu:%lu: %s\n", path, line, column, e->message);
            }
        }
      free (parts[i].errors);
      *games += parts[i].games;
      *bad += parts[i].bad;
    }
}

int
cli_pgn_check (int    argc,
               char **argv)
{
  uint64_t games = 0, bad = 0;
  bool unreadable = false;
  int jobs = 1, first = 1;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);

  jobs = cpus > 1 ? (cpus > 2 ? 2 : (int) cpus) : 1;
  while (first < argc && argv[first][0] == '-' && argv[first][1] != '\0')
    {
      if (strcmp (argv[first], "-j") == 0 && first + 1 < argc)
        {
          jobs = parse_jobs (argv[first + 1]);
          if (jobs < 0)
            return cli_usage_error ("pgn-check", "-j needs a number from 1 to 64");
          first += 2;
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
      Input in;
      if (!input_open ("pgn-check", argv[i], &in))
        {
          unreadable = true;
          continue;
        }
      if (in.fd < 0)
        check_mapped (argv[i], in.data, in.len, jobs, &games, &bad);
      else
        {
          CheckPart part;
          memset (&part, 0, sizeof part);
          part.path = argv[i];
          part.parser = chess_pgn_parser_new (&check_visitor, &part, CHESS_PGN_DEFAULT);
          if (!input_feed ("pgn-check", argv[i], &in, check_feed_cb, &part))
            unreadable = true;
          chess_pgn_parser_finish (part.parser);
          games += chess_pgn_parser_n_games (part.parser);
          bad += chess_pgn_parser_n_errors (part.parser);
          chess_pgn_parser_free (part.parser);
        }
      input_close (&in);
    }
  printf ("games: %llu ok: %llu errors: %llu\n", (unsigned long long) games,
          (unsigned long long) (games - bad), (unsigned long long) bad);
  fflush (stdout);
  if (unreadable)
    return 2;
  return bad > 0 ? 1 : 0;
}

/* --- Reading whole games (pgn-export, pgn-dump) ---------------------------- */

typedef struct
{
  const char     *path;
  ChessPgnReader *reader;
  FILE           *out;
  uint64_t        errors;
  bool            write_failed;
} GameRun;

static bool
reader_feed_cb (void       *user_data,
                const char *data,
                size_t      len)
{
  GameRun *run = user_data;

  return chess_pgn_reader_feed (run->reader, data, len);
}

/* Reads every game of path through func. Returns 2 when unreadable. */
static int
read_games (const char      *command,
            const char      *path,
            ChessPgnGameFunc func,
            GameRun         *run)
{
  Input in;
  int status = 0;

  if (!input_open (command, path, &in))
    return 2;
  run->path = path;
  run->reader = chess_pgn_reader_new (func, run);
  if (!input_feed (command, path, &in, reader_feed_cb, run))
    status = 2;
  chess_pgn_reader_finish (run->reader);
  chess_pgn_reader_free (run->reader);
  input_close (&in);
  return status;
}

/* --- pgn-export ------------------------------------------------------------ */

static bool
export_game_cb (void                   *user_data,
                ChessGame              *game,
                const ChessError       *error,
                const ChessPgnLocation *where)
{
  GameRun *run = user_data;
  size_t len;
  char *text;

  if (game == NULL)
    {
      fprintf (stderr, "%s:%lu:%lu: %s\n", run->path, error->line, error->column, error->message);
      run->errors++;
      return true;
    }
  text = chess_pgn_write_game (game, &len);
  if (fwrite (text, 1, len, run->out) != len)
    run->write_failed = true;
  free (text);
  chess_game_free (game);
  return !run->write_failed;
}

int
cli_pgn_export (int    argc,
                char **argv)
{
  const char *in_path = NULL, *out_path = NULL;
  char *tmp_path = NULL;
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
  if (out_path == NULL || strcmp (out_path, "-") == 0)
    run.out = stdout;
  else
    {
      /* Written to a temporary file in the same directory, then renamed
       * over OUT: readers never see half a file. */
      char *dir_copy = strdup (out_path);
      char *base_copy = strdup (out_path);
      size_t n;
      int fd;

      if (dir_copy == NULL || base_copy == NULL)
        abort ();
      n = strlen (out_path) + 32;
      tmp_path = malloc (n);
      if (tmp_path == NULL)
        abort ();
      snprintf (tmp_path, n, "%s/.%s.XXXXXX", dirname (dir_copy), basename (base_copy));
      free (dir_copy);
      free (base_copy);
      fd = mkstemp (tmp_path);
      if (fd < 0)
        {
          fprintf (stderr, "caissa-cli pgn-export: cannot write %s: %s\n", out_path,
                   strerror (errno));
          free (tmp_path);
          return 2;
        }
      fchmod (fd, 0644);
      run.out = fdopen (fd, "w");
      if (run.out == NULL)
        abort ();
    }

  status = read_games ("pgn-export", in_path, export_game_cb, &run);

  if (fflush (run.out) != 0)
    run.write_failed = true;
  if (tmp_path != NULL)
    {
      if (fsync (fileno (run.out)) != 0)
        run.write_failed = true;
      if (fclose (run.out) != 0)
        run.write_failed = true;
      if (status == 0 && !run.write_failed && rename (tmp_path, out_path) != 0)
        run.write_failed = true;
      else if (status == 0 && !run.write_failed)
        {
          /* The rename itself reaches the disk with the directory. */
          char *dir_copy = strdup (out_path);
          int dir_fd;
          if (dir_copy == NULL)
            abort ();
          dir_fd = open (dirname (dir_copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
          if (dir_fd >= 0)
            {
              fsync (dir_fd);
              close (dir_fd);
            }
          free (dir_copy);
        }
      if (status != 0 || run.write_failed)
        unlink (tmp_path);
      free (tmp_path);
    }
  if (run.write_failed)
    {
      fprintf (stderr, "caissa-cli pgn-export: cannot write %s: %s\n",
               out_path ? out_path : "standard output", strerror (errno));
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

  if (game == NULL)
    {
      fprintf (run->out, "error\t%lu:%lu\t%s\n\n", error->line, error->column, error->message);
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

typedef struct
{
  const char    *data;
  uint64_t       start;
  uint64_t       end;
  ChessPgnIndex *index;
} IndexPart;

static void *
index_part_thread (void *user_data)
{
  IndexPart *part = user_data;
  uint64_t from = chess_pgn_index_position (part->index);
  bool done;

  do
    {
      done = chess_pgn_index_scan (part->index, part->data, part->end, SLICE_BYTES);
      release_pages (part->data + from, part->data + chess_pgn_index_position (part->index));
      from = chess_pgn_index_position (part->index);
    }
  while (!done);
  return NULL;
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
  bool list = false;
  int jobs = 2;
  Input in;
  double t0, t_first = 0, t_end;
  ChessPgnIndex *index;
  uint64_t bounds[65];
  IndexPart parts[64];
  pthread_t threads[64];
  unsigned n;
  const uint64_t first_batch = 1u << 20;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--list") == 0)
        list = true;
      else if (strcmp (argv[i], "-j") == 0 && i + 1 < argc)
        {
          jobs = parse_jobs (argv[++i]);
          if (jobs < 0)
            return cli_usage_error ("pgn-index", "-j needs a number from 1 to 64");
        }
      else if (path == NULL)
        path = argv[i];
      else
        return cli_usage_error ("pgn-index", "one file only");
    }
  if (path == NULL)
    return cli_usage_error ("pgn-index", "a PGN file is needed");
  /* Timed from the open, as a user who opens the file would see it. */
  t0 = now_seconds ();
  if (!input_open ("pgn-index", path, &in))
    return 2;
  if (in.fd >= 0)
    {
      input_close (&in);
      fprintf (stderr, "caissa-cli pgn-index: %s is not a regular file (it must be mapped)\n", path);
      return 2;
    }

  /* What a GUI does: a first small batch, shown at once; then the rest on
   * `jobs` threads, each on its own part of the file. */
  index = chess_pgn_index_new (0);
  chess_pgn_index_scan (index, in.data, in.len, first_batch);
  t_first = now_seconds ();
  {
    uint64_t from = chess_pgn_index_position (index);
    uint64_t rest_start;
    /* The first batch stops at a line start; the parts must start at game
     * starts, so the first part simply continues the first index. */
    n = chess_pgn_index_split (in.data + from, in.len - from, (unsigned) jobs, bounds);
    rest_start = from;
    for (unsigned i = 0; i < n; i++)
      {
        parts[i].data = in.data;
        parts[i].start = rest_start + bounds[i];
        parts[i].end = rest_start + bounds[i + 1];
        parts[i].index = i == 0 ? index : chess_pgn_index_new (parts[i].start);
        if (i > 0 && pthread_create (&threads[i], NULL, index_part_thread, &parts[i]) != 0)
          {
            index_part_thread (&parts[i]);
            threads[i] = 0;
          }
      }
    index_part_thread (&parts[0]);
    for (unsigned i = 1; i < n; i++)
      {
        if (threads[i] != 0)
          pthread_join (threads[i], NULL);
        chess_pgn_index_append (index, parts[i].index);
        chess_pgn_index_free (parts[i].index);
      }
  }
  t_end = now_seconds ();

  if (list)
    {
      for (size_t g = 0; g < chess_pgn_index_n_games (index); g++)
        {
          const ChessPgnIndexEntry *e = chess_pgn_index_entry (index, g);
          printf ("%llu\t%lu", (unsigned long long) e->offset, (unsigned long) e->length);
          for (int t = 0; t < CHESS_PGN_N_INDEX_TAGS; t++)
            {
              char value[256];
              chess_pgn_index_tag (index, in.data, g, (ChessPgnIndexTag) t, value, sizeof value);
              printf ("\t%s", value);
            }
          printf ("\n");
        }
    }
  printf ("games: %zu\n", chess_pgn_index_n_games (index));
  printf ("bytes: %zu\n", in.len);
  printf ("first batch: %.1f ms (%zu bytes)\n", (t_first - t0) * 1000, (size_t) first_batch);
  printf ("time: %.1f ms (%d threads)\n", (t_end - t0) * 1000, jobs);
  printf ("entry size: %zu bytes\n", sizeof (ChessPgnIndexEntry));
  printf ("peak rss: %ld KiB\n", peak_rss_kib ());
  chess_pgn_index_free (index);
  input_close (&in);
  return 0;
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
  count = strtoull (argv[1], &end, 10);
  if (*argv[1] == '\0' || *end != '\0')
    return cli_usage_error ("pgn-gen", "N must be a number");
  seed = strtoull (argv[2], &end, 10);
  if (*argv[2] == '\0' || *end != '\0')
    return cli_usage_error ("pgn-gen", "SEED must be a number");
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
