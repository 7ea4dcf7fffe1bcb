/* eco-gen.c — compiles the opening set (data/openings/, TSV) into
 * chess-eco-data.c at build time.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: eco-gen OUTPUT.c FILE.tsv...
 *
 * Every line (eco, name, pgn) is replayed with the core's SAN reader from
 * the start position; the position it reaches is what the table names.
 * Any line that is malformed or does not replay legally fails the build
 * with FILE:LINE:COLUMN: message, so every line of the set is reachable.
 * A line reaching a position an earlier line already named is merged into
 * that earlier entry (the set's order decides) and counted.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-eco-private.h"
#include "chess-san.h"

typedef struct
{
  char          eco[4];
  char         *name;
  unsigned      plies;
  ChessPosition pos;
} Entry;

static Entry   *entries;
static unsigned n_entries, cap_entries;
static unsigned n_merged;

static void
die (const char *file,
     unsigned    line,
     unsigned    column,
     const char *format,
     ...)
{
  va_list args;

  fprintf (stderr, "%s:%u:%u: ", file, line, column);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  exit (1);
}

static char *
read_file (const char *path,
           size_t     *len)
{
  FILE *f = fopen (path, "rb");
  char *data = NULL;
  size_t size = 0, cap = 0, n;

  if (f == NULL)
    die (path, 0, 0, "cannot open: %s", strerror (errno));
  do
    {
      if (size + 65536 + 1 > cap)
        {
          cap = (size + 65536 + 1) * 2;
          data = realloc (data, cap);
          if (data == NULL)
            die (path, 0, 0, "out of memory");
        }
      n = fread (data + size, 1, 65536, f);
      size += n;
    }
  while (n > 0);
  if (ferror (f))
    die (path, 0, 0, "cannot read: %s", strerror (errno));
  fclose (f);
  data[size] = '\0';
  *len = size;
  return data;
}

/* Replays "1. e4 c5 2. Nf3 d6" from the start; col is the column of pgn. */
static unsigned
replay (const char    *file,
        unsigned       line,
        unsigned       col,
        const char    *pgn,
        ChessPosition *pos)
{
  const char *p = pgn;
  unsigned plies = 0;

  chess_position_init_start (pos);
  while (*p != '\0')
    {
      const char *start;
      ChessError error = { 0 };
      ChessMove move;

      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      /* A move number: "12." or "12..." (perhaps glued to the move). */
      if (isdigit ((unsigned char) *p))
        {
          const char *q = p;

          while (isdigit ((unsigned char) *q))
            q++;
          if (*q == '.')
            {
              while (*q == '.')
                q++;
              p = q;
              continue;
            }
        }
      start = p;
      while (*p != '\0' && *p != ' ')
        p++;
      move = chess_san_parse (pos, start, (size_t) (p - start), &error);
      if (move == CHESS_MOVE_NONE)
        die (file, line, col + (unsigned) (start - pgn), "%.*s: %s", (int) (p - start), start,
             error.message);
      chess_position_make_move (pos, move);
      plies++;
    }
  if (plies == 0)
    die (file, line, col, "no moves");
  return plies;
}

static void
read_set (const char *path)
{
  size_t len;
  char *data = read_file (path, &len);
  char *p = data;
  unsigned line = 0;

  while (*p != '\0')
    {
      char *end = strchr (p, '\n');
      char *fields[3];
      unsigned n_fields = 0;
      char *q;

      if (end != NULL)
        *end = '\0';
      line++;
      if (end != NULL && end > p && end[-1] == '\r')
        end[-1] = '\0';

      q = p;
      while (n_fields < 3)
        {
          char *tab = strchr (q, '\t');

          fields[n_fields++] = q;
          if (tab == NULL)
            break;
          *tab = '\0';
          q = tab + 1;
        }
      if (line == 1)
        {
          if (n_fields != 3 || strcmp (fields[0], "eco") || strcmp (fields[1], "name")
              || strcmp (fields[2], "pgn"))
            die (path, line, 1, "expected the header \"eco<TAB>name<TAB>pgn\"");
        }
      else if (*p != '\0')
        {
          ChessPosition pos;
          unsigned plies;
          if (n_fields != 3 || strchr (fields[2], '\t') != NULL)
            die (path, line, 1, "expected three fields separated by tabs");
          if (strlen (fields[0]) != 3 || fields[0][0] < 'A' || fields[0][0] > 'E'
              || !isdigit ((unsigned char) fields[0][1]) || !isdigit ((unsigned char) fields[0][2]))
            die (path, line, 1, "\"%s\" is not an ECO code (A00 … E99)", fields[0]);
          if (*fields[1] == '\0')
            die (path, line, 5, "the name is empty");
          plies = replay (path, line, (unsigned) (fields[2] - p) + 1, fields[2], &pos);

          for (unsigned i = 0; i < n_entries; i++)
            if (entries[i].pos.key == pos.key)
              {
                n_merged++;
                goto next;
              }
          if (n_entries == cap_entries)
            {
              cap_entries = cap_entries ? cap_entries * 2 : 4096;
              entries = realloc (entries, cap_entries * sizeof *entries);
              if (entries == NULL)
                die (path, line, 1, "out of memory");
            }
          memcpy (entries[n_entries].eco, fields[0], 4);
          entries[n_entries].name = strdup (fields[1]);
          entries[n_entries].plies = plies;
          entries[n_entries].pos = pos;
          n_entries++;
        }
    next:
      if (end == NULL)
        break;
      p = end + 1;
    }
  if (line == 0)
    die (path, 1, 1, "empty file");
  free (data);
}

static void
write_string (FILE       *out,
              const char *s)
{
  fputc ('"', out);
  for (; *s != '\0'; s++)
    {
      unsigned char c = (unsigned char) *s;

      if (c == '"' || c == '\\')
        fprintf (out, "\\%c", c);
      else if (c < 0x20 || c >= 0x7f)
        fprintf (out, "\\%03o", c);
      else
        fputc (c, out);
    }
  fputc ('"', out);
}

int
main (int   argc,
      char *argv[])
{
  FILE *out;
  uint64_t *slot_keys;
  uint16_t *slot_index;
  ChessEcoReach *reach;
  unsigned n_reach = 0;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s OUTPUT.c FILE.tsv...\n", argv[0]);
      return 2;
    }
  chess_init ();
  for (int i = 2; i < argc; i++)
    read_set (argv[i]);
  if (n_entries == 0)
    die (argv[2], 0, 0, "no openings");

  if (n_entries > CHESS_ECO_SLOTS / 2)
    die (argv[2], 0, 0, "%u openings: more than half of CHESS_ECO_SLOTS (%u), make it larger",
         n_entries, CHESS_ECO_SLOTS);
  slot_keys = calloc (CHESS_ECO_SLOTS, sizeof *slot_keys);
  slot_index = malloc (CHESS_ECO_SLOTS * sizeof *slot_index);
  for (unsigned i = 0; i < CHESS_ECO_SLOTS; i++)
    slot_index[i] = CHESS_ECO_EMPTY;
  reach = calloc (n_entries, sizeof *reach);
  for (unsigned i = 0; i < n_entries; i++)
    {
      const ChessPosition *pos = &entries[i].pos;
      ChessEcoReach r = {
        (uint8_t) (((pos->by_type[CHESS_PAWN] & pos->by_color[CHESS_WHITE]) >> 8) & 0xff),
        (uint8_t) (((pos->by_type[CHESS_PAWN] & pos->by_color[CHESS_BLACK]) >> 48) & 0xff),
        (uint8_t) chess_popcount (pos->by_type[0]),
      };
      unsigned j;

      unsigned slot = (unsigned) pos->key & (CHESS_ECO_SLOTS - 1);

      while (slot_index[slot] != CHESS_ECO_EMPTY)
        slot = (slot + 1) & (CHESS_ECO_SLOTS - 1);
      slot_keys[slot] = pos->key;
      slot_index[slot] = (uint16_t) i;
      for (j = 0; j < n_reach; j++)
        if (reach[j].white_rank2 == r.white_rank2 && reach[j].black_rank7 == r.black_rank7)
          break;
      if (j == n_reach)
        reach[n_reach++] = r;
      else if (r.pieces < reach[j].pieces)
        reach[j].pieces = r.pieces;
    }

  /* A row asking no more than another (pawn masks within its masks, no
   * more pieces) makes that other one redundant: whatever passes the
   * other passes it. What is left is scanned on every capture and pawn
   * move of every game classified. */
  for (unsigned i = 0; i < n_reach; i++)
    for (unsigned j = 0; j < n_reach; j++)
      if (i != j && (reach[j].white_rank2 & ~reach[i].white_rank2) == 0
          && (reach[j].black_rank7 & ~reach[i].black_rank7) == 0 && reach[j].pieces <= reach[i].pieces)
        {
          reach[i] = reach[--n_reach];
          i--;
          break;
        }

  out = fopen (argv[1], "w");
  if (out == NULL)
    die (argv[1], 0, 0, "cannot write: %s", strerror (errno));
  fprintf (out, "/* Generated by eco-gen from data/openings/ (lichess chess-openings, CC0).\n"
                " * Do not edit. */\n#include \"chess-eco-private.h\"\n\n");
  fprintf (out, "const unsigned chess_eco_table_len = %u;\n", n_entries);
  fprintf (out, "const unsigned chess_eco_merged_len = %u;\n", n_merged);
  fprintf (out, "const unsigned chess_eco_reach_len = %u;\n\n", n_reach);
  fprintf (out, "const ChessEco chess_eco_table[] = {\n");
  for (unsigned i = 0; i < n_entries; i++)
    {
      fprintf (out, "  { \"%s\", ", entries[i].eco);
      write_string (out, entries[i].name);
      fprintf (out, ", %u },\n", entries[i].plies);
    }
  fprintf (out, "};\n\nconst uint64_t chess_eco_slot_keys[] = {\n");
  for (unsigned i = 0; i < CHESS_ECO_SLOTS; i++)
    fprintf (out, "  0x%016llxull,\n", (unsigned long long) slot_keys[i]);
  fprintf (out, "};\n\nconst uint16_t chess_eco_slot_index[] = {\n");
  for (unsigned i = 0; i < CHESS_ECO_SLOTS; i++)
    fprintf (out, "  %u,\n", slot_index[i]);
  fprintf (out, "};\n\nconst ChessEcoReach chess_eco_reach[] = {\n");
  for (unsigned i = 0; i < n_reach; i++)
    fprintf (out, "  { 0x%02x, 0x%02x, %u },\n", reach[i].white_rank2, reach[i].black_rank7,
             reach[i].pieces);
  fprintf (out, "};\n");
  if (fclose (out) != 0)
    die (argv[1], 0, 0, "cannot write: %s", strerror (errno));

  for (unsigned i = 0; i < n_entries; i++)
    free (entries[i].name);
  free (entries);
  free (slot_keys);
  free (slot_index);
  free (reach);
  return 0;
}
