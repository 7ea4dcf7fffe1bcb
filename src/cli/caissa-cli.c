/* caissa-cli.c — the command-line tool over the rules core.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "caissa-cli.h"

typedef struct
{
  const char *name;
  const char *synopsis;
  const char *summary;
  int       (*run) (int argc, char **argv);
} CliCommand;

static const CliCommand commands[] = {
  { "perft", "perft [--divide] FEN DEPTH",
    "count leaf nodes of the legal move tree; the last line is the count", cli_perft },
  { "moves", "moves FEN",
    "list the legal moves in SAN, sorted, then \"status: ...\"", cli_moves },
  { "fen", "fen FEN",
    "validate and normalise a FEN (exit 2 with the reason if impossible)", cli_fen },
  { "tb-stats", "tb-stats [--histogram] ENDING",
    "tablebase statistics for KQK KRK KRRK KBBK KBNK (longest mates in moves)", cli_tb_stats },
  { "tb-probe", "tb-probe FEN",
    "distance to mate of a KQK..KBNK position and of every legal move", cli_tb_probe },
  { "tb-build", "tb-build [--parallel] [ENDING...]",
    "build tablebases and print build times and peak memory", cli_tb_build },
  { "tb-start", "tb-start ENDING MIN MAX SEED",
    "a practice start (FEN) with mate in MIN..MAX moves; add 'black' for Black strong",
    cli_tb_start },
  { "pgn-check", "pgn-check [-j N] FILE...",
    "validate every move of every game; errors as FILE:LINE:COL: message", cli_pgn_check },
  { "pgn-export", "pgn-export IN [-o OUT]",
    "rewrite a PGN file in export format (OUT written atomically)", cli_pgn_export },
  { "pgn-dump", "pgn-dump FILE",
    "each main-line position as FEN<TAB>legal moves, then end<TAB>status", cli_pgn_dump },
  { "pgn-index", "pgn-index [-j N] [--list] FILE",
    "index a large PGN file: game count, time, first batch, memory", cli_pgn_index },
  { "pgn-gen", "pgn-gen N SEED",
    "write N random legal games, reproducibly (for benchmarks)", cli_pgn_gen },
  { "analyse", "analyse FILE [--engine PATH] [--depth N | --movetime MS] [-j N] [-o OUT]",
    "annotate every game with a UCI engine: [%eval], $6/$2/$4, best lines", cli_analyse },
};

static void
print_help (FILE *out)
{
  fprintf (out,
           "Usage: caissa-cli COMMAND [ARGS...]\n"
           "\n"
           "The rules core of Caissa %s from the command line.\n"
           "\n"
           "Commands:\n", PACKAGE_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  %-34s %s\n", commands[i].synopsis, commands[i].summary);
  fprintf (out,
           "\n"
           "Options:\n"
           "  -h, --help                         show this help\n"
           "  --version                          show the version\n"
           "\n"
           "Exit status: 0 success, 1 errors found in the input, 2 bad usage\n"
           "or unreadable input.\n");
}

int
cli_usage_error (const char *command,
                 const char *message)
{
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (commands[i].name, command) == 0)
      {
        if (message != NULL)
          fprintf (stderr, "caissa-cli %s: %s\n", command, message);
        fprintf (stderr, "usage: caissa-cli %s\n", commands[i].synopsis);
        return 2;
      }
  fprintf (stderr, "caissa-cli: %s\n", message ? message : "bad usage");
  return 2;
}

int
main (int    argc,
      char **argv)
{
  if (argc < 2)
    {
      print_help (stderr);
      return 2;
    }
  if (strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("caissa-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, "caissa-cli: unknown command '%s' (see caissa-cli --help)\n", argv[1]);
  return 2;
}
