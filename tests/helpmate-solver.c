/* helpmate-solver.c — exhaustive helpmate reachability for piece-only
 * endings (test tool, not shipped). See helpmate-solver.h.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "helpmate-solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The eight symmetries of a board without pawns or castling: bit 0 mirrors
 * the files, bit 1 the ranks, bit 2 swaps files and ranks (after the
 * mirrors). Each white king square gets the first one that brings it into
 * the a1-d1-d4 triangle; every entry then stands for a real position, and
 * symmetric images keep the same answers. */
static ChessSquare xf[8][64];
static uint8_t king_xf[64];
static int8_t tri_index[64];
static ChessSquare tri_square[10];
static int initialised;

static void
init_symmetry (void)
{
  int k = 0;

  if (initialised)
    return;
  for (int t = 0; t < 8; t++)
    for (int sq = 0; sq < 64; sq++)
      {
        int f = sq & 7, r = sq >> 3, tmp;
        if (t & 1)
          f = 7 - f;
        if (t & 2)
          r = 7 - r;
        if (t & 4)
          {
            tmp = f;
            f = r;
            r = tmp;
          }
        xf[t][sq] = (ChessSquare) (r * 8 + f);
      }
  for (int sq = 0; sq < 64; sq++)
    {
      int f = sq & 7, r = sq >> 3;
      tri_index[sq] = -1;
      if (f <= 3 && r <= f)
        {
          tri_index[sq] = (int8_t) k;
          tri_square[k++] = (ChessSquare) sq;
        }
    }
  for (int sq = 0; sq < 64; sq++)
    for (int t = 0; t < 8; t++)
      if (tri_index[xf[t][sq]] >= 0)
        {
          king_xf[sq] = (uint8_t) t;
          break;
        }
  initialised = 1;
}

static size_t
index_with (const HmTable     *table,
            const ChessSquare *squares,
            unsigned           t)
{
  size_t index = (size_t) tri_index[xf[t][squares[0]]];

  for (unsigned i = 1; i < table->n + 2; i++)
    index = index * 64 + xf[t][squares[i]];
  return index;
}

/* A white king on the a1-d4 diagonal stays there under the swap of files
 * and ranks: the smaller of the two images is the entry, so every
 * position has exactly one (the other image is never used). */
size_t
hm_index (const HmTable     *table,
          const ChessSquare *squares,
          ChessColor         side)
{
  unsigned t = king_xf[squares[0]];
  size_t index = index_with (table, squares, t);
  ChessSquare k = xf[t][squares[0]];

  if ((k & 7) == (k >> 3))
    {
      size_t other = index_with (table, squares, t ^ 4);
      if (other < index)
        index = other;
    }
  return index + (side == CHESS_BLACK ? table->per_side : 0);
}

void
hm_decode (const HmTable *table,
           size_t         index,
           ChessSquare   *squares,
           ChessColor    *side)
{
  init_symmetry ();
  *side = index >= table->per_side ? CHESS_BLACK : CHESS_WHITE;
  if (index >= table->per_side)
    index -= table->per_side;
  for (unsigned i = table->n + 1; i >= 1; i--)
    {
      squares[i] = (ChessSquare) (index & 63);
      index >>= 6;
    }
  squares[0] = tri_square[index];
}

static ChessPiece
piece_of (const HmTable *table,
          unsigned       i)
{
  if (i < 2)
    return chess_piece_make (i, CHESS_KING);
  return table->pieces[i - 2];
}

void
hm_position (const HmTable     *table,
             const ChessSquare *squares,
             ChessColor         side,
             ChessPosition     *pos)
{
  chess_position_clear (pos);
  for (unsigned i = 0; i < table->n + 2; i++)
    chess_position_put (pos, squares[i], piece_of (table, i));
  pos->side = (uint8_t) side;
  chess_position_finish (pos);
}

/* Is the king of `color` attacked in the placement (squares[skip] absent)? */
static int
king_attacked (const HmTable     *table,
               const ChessSquare *squares,
               unsigned           skip,
               ChessColor         color)
{
  ChessBitboard occ = 0, king = (ChessBitboard) 1 << squares[color];

  for (unsigned i = 0; i < table->n + 2; i++)
    if (i != skip)
      occ |= (ChessBitboard) 1 << squares[i];
  for (unsigned i = 0; i < table->n + 2; i++)
    {
      ChessPiece p = piece_of (table, i);
      if (i == skip || chess_piece_color (p) == color)
        continue;
      if (chess_attacks (chess_piece_type (p), chess_piece_color (p), squares[i], occ) & king)
        return 1;
    }
  return 0;
}

static int
distinct (const HmTable     *table,
          const ChessSquare *squares)
{
  ChessBitboard occ = 0;

  for (unsigned i = 0; i < table->n + 2; i++)
    {
      ChessBitboard b = (ChessBitboard) 1 << squares[i];
      if (occ & b)
        return 0;
      occ |= b;
    }
  return 1;
}

#define HM_CACHE_SIZE 256
static HmTable *cache[HM_CACHE_SIZE];
static unsigned cache_len;

static HmTable *build (const ChessPiece *pieces, unsigned n);

HmTable *
hm_table_get (const ChessPiece *pieces,
              unsigned          n)
{
  ChessPiece sorted[HM_MAX_PIECES];

  init_symmetry ();
  memcpy (sorted, pieces, n);
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
      {
        ChessPiece tmp = sorted[j];
        sorted[j] = sorted[j - 1];
        sorted[j - 1] = tmp;
      }
  for (unsigned i = 0; i < cache_len; i++)
    if (cache[i]->n == n && memcmp (cache[i]->pieces, sorted, n) == 0)
      return cache[i];
  return build (sorted, n);
}

void
hm_tables_free (void)
{
  for (unsigned i = 0; i < cache_len; i++)
    {
      free (cache[i]->entries);
      free (cache[i]);
    }
  cache_len = 0;
}

/* First pass: legality, mates, and captures into smaller tables. */
static void
seed (HmTable *table)
{
  unsigned men = table->n + 2;

  for (size_t index = 0; index < 2 * table->per_side; index++)
    {
      ChessSquare sq[HM_MAX_PIECES + 2];
      ChessColor side;
      uint8_t e = 0;

      hm_decode (table, index, sq, &side);
      if (!distinct (table, sq) || hm_index (table, sq, side) != index
          || king_attacked (table, sq, 99, side ^ 1))
        continue;
      e |= HM_LEGAL;
      if (king_attacked (table, sq, 99, side))
        {
          ChessPosition pos;
          hm_position (table, sq, side, &pos);
          if (chess_count_legal (&pos) == 0)
            e |= HM_MATE | (side == CHESS_WHITE ? HM_BLACK_MATES : HM_WHITE_MATES);
        }
      if (!(e & HM_MATE) && table->n > 0)
        {
          ChessBitboard occ = 0;
          for (unsigned i = 0; i < men; i++)
            occ |= (ChessBitboard) 1 << sq[i];
          for (unsigned i = 0; i < men; i++)
            {
              ChessPiece p = piece_of (table, i);
              ChessBitboard att;
              if (chess_piece_color (p) != side)
                continue;
              att = chess_attacks (chess_piece_type (p), side, sq[i], occ);
              for (unsigned j = 2; j < men; j++)
                {
                  ChessSquare after[HM_MAX_PIECES + 2], from = sq[i];
                  const HmTable *sub = table->sub[j - 2];
                  unsigned m = 0;
                  if (chess_piece_color (piece_of (table, j)) == side
                      || !(att & ((ChessBitboard) 1 << sq[j])))
                    continue;
                  /* The capture is legal if the mover's king is then safe. */
                  sq[i] = sq[j];
                  if (!king_attacked (table, sq, j, side))
                    {
                      for (unsigned k = 0; k < men; k++)
                        if (k != j)
                          after[m++] = sq[k];
                      e |= sub->entries[hm_index (sub, after, side ^ 1)]
                           & (HM_WHITE_MATES | HM_BLACK_MATES);
                    }
                  sq[i] = from;
                }
            }
        }
      table->entries[index] = e;
    }
}

/* Retrograde sweeps: a legal position with a move into a marked one is
 * marked. The last mover's man steps back along its own lines (pieces
 * move the same both ways); the move back→here is legal because "here" is
 * a legal position. */
static void
sweep (HmTable *table)
{
  unsigned men = table->n + 2;
  int changed = 1;

  while (changed)
    {
      changed = 0;
      for (size_t index = 0; index < 2 * table->per_side; index++)
        {
          uint8_t e = table->entries[index], todo = 0;
          ChessSquare sq[HM_MAX_PIECES + 2];
          ChessColor side, mover;
          ChessBitboard occ = 0;

          if ((e & HM_WHITE_MATES) && !(e & HM_DONE_WHITE))
            todo |= HM_WHITE_MATES;
          if ((e & HM_BLACK_MATES) && !(e & HM_DONE_BLACK))
            todo |= HM_BLACK_MATES;
          if (!todo)
            continue;
          table->entries[index] |= (todo & HM_WHITE_MATES ? HM_DONE_WHITE : 0)
                                   | (todo & HM_BLACK_MATES ? HM_DONE_BLACK : 0);
          hm_decode (table, index, sq, &side);
          mover = side ^ 1;
          for (unsigned i = 0; i < men; i++)
            occ |= (ChessBitboard) 1 << sq[i];
          for (unsigned i = 0; i < men; i++)
            {
              ChessPiece p = piece_of (table, i);
              ChessBitboard back;
              ChessSquare from = sq[i];
              if (chess_piece_color (p) != mover)
                continue;
              back = chess_attacks (chess_piece_type (p), mover, from, occ) & ~occ;
              while (back)
                {
                  size_t prev;
                  sq[i] = (ChessSquare) __builtin_ctzll (back);
                  back &= back - 1;
                  prev = hm_index (table, sq, mover);
                  if ((table->entries[prev] & HM_LEGAL)
                      && (table->entries[prev] & todo) != todo)
                    {
                      table->entries[prev] |= todo;
                      /* Behind the scan: needs another sweep. */
                      if (prev < index)
                        changed = 1;
                    }
                }
              sq[i] = from;
            }
        }
    }
}

static HmTable *
build (const ChessPiece *pieces,
       unsigned          n)
{
  HmTable *table = calloc (1, sizeof *table);

  if (table == NULL || cache_len == HM_CACHE_SIZE)
    abort ();
  table->n = n;
  memcpy (table->pieces, pieces, n);
  table->per_side = 10;
  for (unsigned i = 0; i < n + 1; i++)
    table->per_side *= 64;
  for (unsigned j = 0; j < n; j++)
    {
      ChessPiece rest[HM_MAX_PIECES];
      unsigned m = 0;
      for (unsigned k = 0; k < n; k++)
        if (k != j)
          rest[m++] = pieces[k];
      table->sub[j] = hm_table_get (rest, m);
    }
  table->entries = calloc (2 * table->per_side, 1);
  if (table->entries == NULL)
    abort ();
  seed (table);
  sweep (table);
  cache[cache_len++] = table;
  return table;
}

uint8_t
hm_lookup (const ChessPosition *pos)
{
  ChessPiece pieces[HM_MAX_PIECES];
  ChessSquare squares[HM_MAX_PIECES + 2], tmp;
  unsigned n = 0;
  HmTable *table;

  squares[0] = chess_position_king (pos, CHESS_WHITE);
  squares[1] = chess_position_king (pos, CHESS_BLACK);
  for (int sq = 0; sq < 64; sq++)
    {
      ChessPiece p = pos->board[sq];
      if (p == CHESS_NO_PIECE || chess_piece_type (p) == CHESS_KING)
        continue;
      if (n == HM_MAX_PIECES || chess_piece_type (p) == CHESS_PAWN)
        abort ();
      pieces[n] = p;
      squares[n + 2] = (ChessSquare) sq;
      n++;
    }
  /* The table's order: pieces sorted (squares follow them). */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && pieces[j - 1] > pieces[j]; j--)
      {
        ChessPiece p = pieces[j];
        pieces[j] = pieces[j - 1];
        pieces[j - 1] = p;
        tmp = squares[j + 2];
        squares[j + 2] = squares[j + 1];
        squares[j + 1] = tmp;
      }
  table = hm_table_get (pieces, n);
  return table->entries[hm_index (table, squares, pos->side)];
}

void
hm_table_name (const HmTable *table,
               char          *buf,
               size_t         size)
{
  static const char letters[] = "?PNBRQK";
  char w[8] = "K", b[8] = "K";
  size_t lw = 1, lb = 1;

  for (unsigned i = 0; i < table->n; i++)
    {
      ChessPiece p = table->pieces[i];
      if (chess_piece_color (p) == CHESS_WHITE)
        w[lw++] = letters[chess_piece_type (p)];
      else
        b[lb++] = letters[chess_piece_type (p)];
    }
  w[lw] = b[lb] = '\0';
  snprintf (buf, size, "%s v %s", w, b);
}
