/* cli-rules.c — caissa-cli perft, moves and fen.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caissa-cli.h"
#include "chess-fen.h"
#include "chess-rules.h"
#include "chess-san.h"

/* Joins argv words into one FEN, so both "FEN" and FEN-as-six-words work. */
static char *
join_words (int    argc,
            char **argv)
{
  size_t len = 1;
  char *fen;

  for (int i = 0; i < argc; i++)
    len += strlen (argv[i]) + 1;
  fen = malloc (len);
  if (fen == NULL)
    return NULL;
  fen[0] = '\0';
  for (int i = 0; i < argc; i++)
    {
      if (i)
        strcat (fen, " ");
      strcat (fen, argv[i]);
    }
  return fen;
}

static int
read_fen (const char    *command,
          int            argc,
          char         **argv,
          ChessPosition *pos)
{
  ChessError error;
  char *fen;
  bool ok;

  if (argc < 1)
    return cli_usage_error (command, "a FEN is needed");
  if (argc > 6)
    return cli_usage_error (command, "too many arguments");
  fen = join_words (argc, argv);
  if (fen == NULL)
    return 2;
  chess_error_clear (&error);
  ok = chess_fen_parse (pos, fen, strlen (fen), &error);
  free (fen);
  if (!ok)
    {
      fprintf (stderr, "caissa-cli %s: invalid FEN, column %lu: %s\n",
               command, error.column, error.message);
      return 2;
    }
  return 0;
}

typedef struct
{
  char     text[8];
  uint64_t count;
} DivideLine;

static int
compare_divide (const void *a,
                const void *b)
{
  return strcmp (((const DivideLine *) a)->text, ((const DivideLine *) b)->text);
}

int
cli_perft (int    argc,
           char **argv)
{
  ChessPosition pos;
  bool divide = false;
  const char *depth_text;
  char *end;
  unsigned long depth;
  int first = 1, rc;

  if (argc > 1 && strcmp (argv[1], "--divide") == 0)
    {
      divide = true;
      first = 2;
    }
  if (argc - first < 2)
    return cli_usage_error ("perft", "a FEN and a depth are needed");
  depth_text = argv[argc - 1];
  if (depth_text[0] < '0' || depth_text[0] > '9')
    return cli_usage_error ("perft", "DEPTH must be a whole number from 0 to 20");
  depth = strtoul (depth_text, &end, 10);
  if (*end != '\0' || depth > 20)
    return cli_usage_error ("perft", "DEPTH must be a whole number from 0 to 20");
  rc = read_fen ("perft", argc - first - 1, argv + first, &pos);
  if (rc != 0)
    return rc;

  if (divide && depth > 0)
    {
      ChessMoveList list;
      DivideLine lines[CHESS_MAX_MOVES];
      uint64_t total = 0;

      chess_generate_legal (&pos, &list);
      for (unsigned i = 0; i < list.count; i++)
        {
          ChessPosition after = pos;
          chess_move_to_uci (list.moves[i], lines[i].text);
          chess_position_make_move (&after, list.moves[i]);
          lines[i].count = chess_perft (&after, (unsigned) depth - 1);
          total += lines[i].count;
        }
      qsort (lines, list.count, sizeof lines[0], compare_divide);
      for (unsigned i = 0; i < list.count; i++)
        printf ("%s: %llu\n", lines[i].text, (unsigned long long) lines[i].count);
      printf ("\n%llu\n", (unsigned long long) total);
    }
  else
    printf ("%llu\n", (unsigned long long) chess_perft (&pos, (unsigned) depth));
  return 0;
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

int
cli_moves (int    argc,
           char **argv)
{
  ChessPosition pos;
  ChessMoveList list;
  char sans[CHESS_MAX_MOVES][CHESS_SAN_MAX];
  int rc = read_fen ("moves", argc - 1, argv + 1, &pos);

  if (rc != 0)
    return rc;
  chess_generate_legal (&pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    chess_san_write (&pos, list.moves[i], sans[i]);
  qsort (sans, list.count, sizeof sans[0], compare_strings);
  for (unsigned i = 0; i < list.count; i++)
    printf ("%s\n", sans[i]);
  printf ("status: %s\n", chess_status_name (chess_status (&pos, NULL)));
  return 0;
}

int
cli_fen (int    argc,
         char **argv)
{
  ChessPosition pos;
  char buf[CHESS_FEN_MAX];
  int rc = read_fen ("fen", argc - 1, argv + 1, &pos);

  if (rc != 0)
    return rc;
  printf ("%s\n", chess_fen_write (&pos, buf));
  return 0;
}
