/* cli-eco.c — caissa-cli eco FILE: the opening of every game.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line per game, in file order: N<TAB>ECO<TAB>name<TAB>ply, where ply
 * is that of the last named position of the main line (chess-eco.h). When
 * no named position is reached, or the game cannot be read, ECO and name
 * are "-" and ply is 0 (the start: nothing named after it); a game that
 * cannot be read is also said on stderr as FILE:LINE:COL: message and the
 * exit status is then 1.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "caissa-cli.h"
#include "chess-eco.h"
#include "chess-pgn.h"
#include "cli-text.h"

typedef struct
{
  const char   *path;
  unsigned long n_games;
  unsigned long n_errors;
  int           depth;
  unsigned      plies;
  bool          failed;
  ChessEcoWalk  walk;
} EcoRun;

static void
eco_game_start (void                   *user_data,
                const ChessPgnLocation *where)
{
  EcoRun *run = user_data;

  run->n_games++;
  run->depth = 0;
  run->plies = 0;
  run->failed = false;
  chess_eco_walk_init (&run->walk);
}

static void
eco_start_position (void                *user_data,
                    const ChessPosition *pos)
{
  EcoRun *run = user_data;

  chess_eco_walk_position (&run->walk, pos, 0);
}

static void
eco_move (void                *user_data,
          const char          *san,
          size_t               san_len,
          ChessMove            move,
          const ChessPosition *before)
{
  EcoRun *run = user_data;

  if (run->depth == 0)
    chess_eco_walk_move (&run->walk, before, move, ++run->plies);
}

static void
eco_variation_start (void *user_data)
{
  ((EcoRun *) user_data)->depth++;
}

static void
eco_variation_end (void *user_data)
{
  ((EcoRun *) user_data)->depth--;
}

static void
eco_error (void             *user_data,
           const ChessError *error)
{
  EcoRun *run = user_data;

  fprintf (stderr, "%s:%lu:%lu: %s\n", run->path, error->line, error->column, error->message);
  run->failed = true;
  run->n_errors++;
}

static void
eco_game_end (void *user_data,
              bool  ok)
{
  EcoRun *run = user_data;
  const ChessEco *eco;

  chess_eco_walk_finish (&run->walk);
  eco = run->failed ? NULL : run->walk.opening;

  if (eco != NULL)
    printf ("%lu\t%s\t%s\t%u\n", run->n_games, eco->eco, eco->name, run->walk.ply);
  else
    printf ("%lu\t-\t-\t0\n", run->n_games);
}

int
cli_eco (int    argc,
         char **argv)
{
  static const ChessPgnVisitor visitor = {
    .game_start = eco_game_start,
    .start_position = eco_start_position,
    .move = eco_move,
    .variation_start = eco_variation_start,
    .variation_end = eco_variation_end,
    .error = eco_error,
    .game_end = eco_game_end,
  };
  static char buf[1 << 20];
  EcoRun run = { 0 };
  ChessPgnParser *parser;
  FILE *in;
  size_t n;
  int status = 0;

  if (argc != 2)
    return cli_usage_error ("eco", argc < 2 ? "a PGN file is needed" : "one file only");
  run.path = argv[1];
  in = strcmp (argv[1], "-") == 0 ? stdin : cli_text_fopen ("eco", argv[1], &status);
  if (in == NULL)
    return status;
  parser = chess_pgn_parser_new (&visitor, &run, CHESS_PGN_DEFAULT);
  while ((n = fread (buf, 1, sizeof buf, in)) > 0)
    chess_pgn_parser_feed (parser, buf, n);
  if (ferror (in))
    {
      fprintf (stderr, "caissa-cli eco: %s: cannot read: %s\n", argv[1], strerror (errno));
      status = 2;
    }
  else
    chess_pgn_parser_finish (parser);
  chess_pgn_parser_free (parser);
  if (in != stdin)
    fclose (in);
  if (fflush (stdout) != 0)
    {
      fprintf (stderr, "caissa-cli eco: cannot write: %s\n", strerror (errno));
      return 2;
    }
  if (status != 0)
    return status;
  return run.n_errors > 0 ? 1 : 0;
}
