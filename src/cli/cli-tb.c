/* cli-tb.c — caissa-cli tb-stats, tb-probe, tb-build and tb-start.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "caissa-cli.h"
#include "chess-fen.h"
#include "chess-practice.h"
#include "chess-san.h"
#include "chess-tb.h"

static ChessTbEnding
parse_ending (const char *command,
              const char *text,
              int        *status)
{
  ChessTbEnding e = chess_tb_ending_from_name (text);

  if (e == CHESS_TB_NONE)
    {
      fprintf (stderr, "caissa-cli %s: unknown ending '%s' (one of KQK KRK KRRK KBBK KBNK)\n",
               command, text);
      *status = 2;
    }
  return e;
}

static void
print_side (const char             *label,
            const ChessTbSideStats *s)
{
  printf ("%s positions %" PRIu64 " wins %" PRIu64 " draws %" PRIu64 " longest mate ",
          label, s->positions, s->wins, s->draws);
  if (s->wins > 0)
    printf ("%u\n", s->longest_moves);
  else
    printf ("-\n");
}

static void
print_histogram (const char             *label,
                 const ChessTbSideStats *s)
{
  for (unsigned m = 0; m < 64; m++)
    if (s->moves_histogram[m] != 0)
      printf ("%s mate in %u: %" PRIu64 "\n", label, m, s->moves_histogram[m]);
}

int
cli_tb_stats (int    argc,
              char **argv)
{
  static const struct
  {
    ChessTbFilter filter;
    const char   *prefix;
  } kbbk_parts[] = {
    { CHESS_TB_FILTER_OPPOSITE_BISHOPS, "opposite-coloured bishops, " },
    { CHESS_TB_FILTER_SAME_BISHOPS, "same-coloured bishops, " },
  };
  bool histogram = false;
  const char *name = NULL;
  ChessTbEnding e;
  ChessTbStats stats;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--histogram") == 0)
        histogram = true;
      else if (argv[i][0] == '-')
        return cli_usage_error ("tb-stats", "unknown option");
      else if (name == NULL)
        name = argv[i];
      else
        return cli_usage_error ("tb-stats", "one ending only");
    }
  if (name == NULL)
    return cli_usage_error ("tb-stats", "an ending is needed");
  e = parse_ending ("tb-stats", name, &status);
  if (e == CHESS_TB_NONE)
    return status;
  if (!chess_tb_stats (e, CHESS_TB_FILTER_ALL, &stats))
    {
      fprintf (stderr, "caissa-cli tb-stats: out of memory building %s\n", name);
      return 2;
    }
  printf ("ending: %s\n", chess_tb_ending_name (e));
  print_side ("strong side to move:", &stats.strong_to_move);
  print_side ("lone king to move:  ", &stats.lone_to_move);
  if (histogram)
    {
      print_histogram ("strong side to move:", &stats.strong_to_move);
      print_histogram ("lone king to move:", &stats.lone_to_move);
    }
  if (e == CHESS_TB_KBBK)
    for (size_t i = 0; i < sizeof kbbk_parts / sizeof kbbk_parts[0]; i++)
      {
        char label[80];

        chess_tb_stats (e, kbbk_parts[i].filter, &stats);
        snprintf (label, sizeof label, "%sstrong side to move:", kbbk_parts[i].prefix);
        print_side (label, &stats.strong_to_move);
        snprintf (label, sizeof label, "%slone king to move:  ", kbbk_parts[i].prefix);
        print_side (label, &stats.lone_to_move);
      }
  return 0;
}

/* Joins argv words into one FEN, so both "FEN" and FEN-as-six-words work. */
static bool
read_fen (const char    *command,
          int            argc,
          char         **argv,
          ChessPosition *pos,
          int           *status)
{
  char fen[256] = "";
  ChessError error;

  for (int i = 0; i < argc; i++)
    {
      if (strlen (fen) + strlen (argv[i]) + 2 > sizeof fen)
        {
          *status = cli_usage_error (command, "the FEN is too long");
          return false;
        }
      if (i > 0)
        strcat (fen, " ");
      strcat (fen, argv[i]);
    }
  chess_error_clear (&error);
  if (!chess_fen_parse (pos, fen, strlen (fen), &error))
    {
      fprintf (stderr, "caissa-cli %s: invalid FEN, column %lu: %s\n",
               command, error.column, error.message);
      *status = 2;
      return false;
    }
  return true;
}

static const char *
color_name (ChessColor c)
{
  return c == CHESS_WHITE ? "white" : "black";
}

/* The mover's outcome of a move, counted from the position before it. */
typedef struct
{
  ChessMove move;
  int       order;   /* smaller is better for the mover */
  char      text[64];
  char      san[CHESS_SAN_MAX];
} ProbeLine;

static int
compare_lines (const void *a,
               const void *b)
{
  const ProbeLine *x = a, *y = b;

  if (x->order != y->order)
    return (x->order > y->order) - (x->order < y->order);
  return strcmp (x->san, y->san);
}

static void
describe_after (const ChessTbResult *after,
                ProbeLine           *line)
{
  int plies;

  switch (after->wdl)
    {
    case CHESS_TB_LOSS:  /* the opponent loses: the mover wins */
      plies = after->dtm_plies + 1;
      line->order = plies;
      snprintf (line->text, sizeof line->text, "win, mate in %d (%d %s)", (plies + 1) / 2, plies,
                plies == 1 ? "ply" : "plies");
      break;
    case CHESS_TB_WIN:
      plies = after->dtm_plies + 1;
      line->order = 2000 - plies;
      snprintf (line->text, sizeof line->text, "loss, mated in %d (%d %s)", (plies + 1) / 2, plies,
                plies == 1 ? "ply" : "plies");
      break;
    case CHESS_TB_DRAW:
      line->order = 1000;
      snprintf (line->text, sizeof line->text, "draw");
      break;
    default:
      line->order = 3000;
      snprintf (line->text, sizeof line->text, "unknown");
      break;
    }
}

int
cli_tb_probe (int    argc,
              char **argv)
{
  ChessPosition pos;
  ChessTbResult r;
  ChessTbMoveValue moves[CHESS_MAX_MOVES];
  ProbeLine lines[CHESS_MAX_MOVES];
  unsigned n;
  int status = 0;

  if (argc < 2)
    return cli_usage_error ("tb-probe", "a FEN is needed");
  if (argc > 7)
    return cli_usage_error ("tb-probe", "too many arguments");
  if (!read_fen ("tb-probe", argc - 1, argv + 1, &pos, &status))
    return status;
  chess_tb_probe (&pos, &r);
  if (r.wdl == CHESS_TB_UNKNOWN)
    {
      printf ("ending: none\nresult: unknown\n");
      return 1;
    }
  printf ("ending: %s\n", chess_tb_ending_name (r.ending));
  printf ("strong side: %s\n", color_name (r.strong));
  printf ("side to move: %s\n", color_name ((ChessColor) pos.side));
  switch (r.wdl)
    {
    case CHESS_TB_WIN:
      printf ("result: win, mate in %d (%d %s)\n", r.dtm_moves, r.dtm_plies,
              r.dtm_plies == 1 ? "ply" : "plies");
      break;
    case CHESS_TB_LOSS:
      if (r.dtm_plies == 0)
        printf ("result: checkmated\n");
      else
        printf ("result: loss, mated in %d (%d %s)\n", r.dtm_moves, r.dtm_plies,
                r.dtm_plies == 1 ? "ply" : "plies");
      break;
    case CHESS_TB_DRAW:
      printf ("result: draw\n");
      break;
    default:
      printf ("result: illegal\n");
      return 1;
    }
  n = chess_tb_probe_moves (&pos, moves);
  for (unsigned i = 0; i < n; i++)
    {
      lines[i].move = moves[i].move;
      chess_san_write (&pos, moves[i].move, lines[i].san);
      describe_after (&moves[i].after, &lines[i]);
    }
  qsort (lines, n, sizeof lines[0], compare_lines);
  printf ("best:");
  for (unsigned i = 0; i < n && lines[i].order == lines[0].order; i++)
    printf (" %s", lines[i].san);
  printf ("\n");
  for (unsigned i = 0; i < n; i++)
    printf ("move %-6s %s\n", lines[i].san, lines[i].text);
  return 0;
}

static double
seconds (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct
{
  ChessTbEnding endings[CHESS_TB_N_ENDINGS];
  unsigned      count;
  double        wall[CHESS_TB_N_ENDINGS];
  double        cpu[CHESS_TB_N_ENDINGS];
  bool          ok;
} BuildJob;

static void *
build_job (void *data)
{
  BuildJob *job = data;

  job->ok = true;
  for (unsigned i = 0; i < job->count; i++)
    {
      double w = seconds (CLOCK_MONOTONIC), c = seconds (CLOCK_THREAD_CPUTIME_ID);
      job->ok = chess_tb_build (job->endings[i], NULL, NULL) && job->ok;
      job->wall[i] = seconds (CLOCK_MONOTONIC) - w;
      job->cpu[i] = seconds (CLOCK_THREAD_CPUTIME_ID) - c;
    }
  return NULL;
}

int
cli_tb_build (int    argc,
              char **argv)
{
  BuildJob jobs[2];
  bool parallel = false, chosen[CHESS_TB_N_ENDINGS] = { false };
  unsigned nchosen = 0;
  double wall, cpu, cpu_sum = 0.0;
  size_t bytes = 0;
  struct rusage ru;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      ChessTbEnding e;

      if (strcmp (argv[i], "--parallel") == 0)
        {
          parallel = true;
          continue;
        }
      if (argv[i][0] == '-')
        return cli_usage_error ("tb-build", "unknown option");
      e = parse_ending ("tb-build", argv[i], &status);
      if (e == CHESS_TB_NONE)
        return status;
      if (!chosen[e])
        nchosen++;
      chosen[e] = true;
    }
  if (nchosen == 0)
    for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
      chosen[e] = true;

  /* KRRK needs KRK: with --parallel, KRK and KRRK go to one thread, the
   * rest to the other, which balances the work about evenly. */
  memset (jobs, 0, sizeof jobs);
  for (int e = 0; e < CHESS_TB_N_ENDINGS; e++)
    if (chosen[e])
      {
        unsigned j = parallel && e != CHESS_TB_KRK && e != CHESS_TB_KRRK ? 1 : 0;
        jobs[j].endings[jobs[j].count++] = (ChessTbEnding) e;
      }

  wall = seconds (CLOCK_MONOTONIC);
  cpu = seconds (CLOCK_PROCESS_CPUTIME_ID);
  if (parallel && jobs[1].count > 0)
    {
      pthread_t thread;
      int err = pthread_create (&thread, NULL, build_job, &jobs[1]);

      build_job (&jobs[0]);
      if (err == 0)
        pthread_join (thread, NULL);
      else
        build_job (&jobs[1]);
    }
  else
    build_job (&jobs[0]);
  wall = seconds (CLOCK_MONOTONIC) - wall;
  cpu = seconds (CLOCK_PROCESS_CPUTIME_ID) - cpu;

  for (unsigned j = 0; j < 2; j++)
    {
      if (jobs[j].count > 0 && !jobs[j].ok)
        {
          fprintf (stderr, "caissa-cli tb-build: out of memory\n");
          return 2;
        }
      for (unsigned i = 0; i < jobs[j].count; i++)
        {
          ChessTbEnding e = jobs[j].endings[i];
          printf ("%-5s build %.3f s cpu %.3f s table %zu bytes\n", chess_tb_ending_name (e),
                  jobs[j].wall[i], jobs[j].cpu[i], chess_tb_table_size (e));
          bytes += chess_tb_table_size (e);
          cpu_sum += jobs[j].cpu[i];
        }
    }
  getrusage (RUSAGE_SELF, &ru);
  printf ("total build %.3f s cpu %.3f s tables %zu bytes peak rss %ld KiB threads %d\n",
          wall, cpu, bytes, ru.ru_maxrss, parallel ? 2 : 1);
  return 0;
}

int
cli_tb_start (int    argc,
              char **argv)
{
  ChessTbEnding e;
  ChessPosition pos;
  ChessTbResult r;
  ChessColor strong = CHESS_WHITE;
  unsigned long lo, hi;
  unsigned long long seed;
  char *end, fen[CHESS_FEN_MAX];
  int status = 0;

  if (argc < 5 || argc > 6)
    return cli_usage_error ("tb-start", "ENDING MIN MAX SEED are needed");
  e = parse_ending ("tb-start", argv[1], &status);
  if (e == CHESS_TB_NONE)
    return status;
  errno = 0;
  lo = strtoul (argv[2], &end, 10);
  if (errno || *end || end == argv[2])
    return cli_usage_error ("tb-start", "MIN is not a number");
  hi = strtoul (argv[3], &end, 10);
  if (errno || *end || end == argv[3])
    return cli_usage_error ("tb-start", "MAX is not a number");
  seed = strtoull (argv[4], &end, 0);
  if (errno || *end || end == argv[4])
    return cli_usage_error ("tb-start", "SEED is not a number");
  if (argc == 6)
    {
      if (strcmp (argv[5], "white") == 0)
        strong = CHESS_WHITE;
      else if (strcmp (argv[5], "black") == 0)
        strong = CHESS_BLACK;
      else
        return cli_usage_error ("tb-start", "the strong side is white or black");
    }
  if (lo > 100 || hi > 100
      || !chess_practice_random_start (e, strong, (unsigned) lo, (unsigned) hi, seed, &pos))
    {
      fprintf (stderr, "caissa-cli tb-start: no %s position with mate in %lu..%lu\n",
               chess_tb_ending_name (e), lo, hi);
      return 1;
    }
  chess_tb_probe (&pos, &r);
  printf ("%s\n", chess_fen_write (&pos, fen));
  printf ("mate in %d\n", r.dtm_moves);
  return 0;
}
