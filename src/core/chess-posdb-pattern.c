/* chess-posdb-pattern.c — patterns (sub-FEN) for position search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "BOARD [w|b] [MATERIAL]": see chess-posdb.h and caissa-explorer.h.
 */
#include "chess-posdb.h"

#include <string.h>

static int
piece_index (char c,
             int *color)
{
  static const char letters[] = "PNBRQK";
  const char *p;

  *color = (c >= 'a' && c <= 'z') ? CHESS_BLACK : CHESS_WHITE;
  if (*color == CHESS_BLACK)
    c = (char) (c - 'a' + 'A');
  p = c ? strchr (letters, c) : NULL;
  return p ? (int) (p - letters) + CHESS_PAWN : 0;
}

bool
chess_pos_pattern_parse (ChessPosPattern *pt,
                         const char      *text,
                         size_t           len,
                         ChessError      *error)
{
  size_t i = 0;
  int rank = 7, file = 0;

  memset (pt, 0, sizeof *pt);
  pt->side = -1;
  chess_error_clear (error);
  while (i < len && text[i] == ' ')
    i++;
  if (i >= len)
    {
      chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("empty pattern"));
      goto fail;
    }
  for (; i < len && text[i] != ' '; i++)
    {
      char c = text[i];
      int color, type;

      if (c == '/')
        {
          if (file != 8 || rank == 0)
            {
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("a rank of the pattern does not have 8 squares"));
              goto fail;
            }
          rank--;
          file = 0;
        }
      else if (c >= '1' && c <= '8')
        {
          file += c - '0';
          if (file > 8)
            {
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("a rank of the pattern has more than 8 squares"));
              goto fail;
            }
        }
      else if ((type = piece_index (c, &color)) != 0)
        {
          ChessSquare sq;

          if (file >= 8)
            {
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("a rank of the pattern has more than 8 squares"));
              goto fail;
            }
          sq = chess_square_make (file, rank);
          pt->pieces[color][type] |= (ChessBitboard) 1 << sq;
          pt->any |= (ChessBitboard) 1 << sq;
          file++;
        }
      else
        {
          chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("unexpected character '%c' in the pattern's board"), c);
          goto fail;
        }
    }
  if (rank != 0 || file != 8)
    {
      chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("the pattern's board needs 8 ranks of 8 squares"));
      goto fail;
    }
  while (i < len)
    {
      size_t start;

      while (i < len && text[i] == ' ')
        i++;
      if (i >= len)
        break;
      start = i;
      while (i < len && text[i] != ' ')
        i++;
      if (i - start == 1 && (text[start] == 'w' || text[start] == 'b'))
        {
          if (pt->side != -1)
            {
              i = start;
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("the side to move is given twice"));
              goto fail;
            }
          pt->side = text[start] == 'w' ? CHESS_WHITE : CHESS_BLACK;
        }
      else if (text[start] == 'K')
        {
          int color = CHESS_WHITE;

          if (pt->has_material)
            {
              i = start;
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("the material is given twice"));
              goto fail;
            }
          pt->has_material = true;
          for (size_t j = start; j < i; j++)
            {
              int c2, type = piece_index (text[j], &c2);

              if (type == 0 || c2 != CHESS_WHITE || (j == start && type != CHESS_KING))
                {
                  i = j;
                  chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("material must read like KBNKP: White's pieces from K, then Black's from K"));
                  goto fail;
                }
              if (type == CHESS_KING && j != start)
                {
                  if (color == CHESS_BLACK)
                    {
                      i = j;
                      chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("material must read like KBNKP: White's pieces from K, then Black's from K"));
                      goto fail;
                    }
                  color = CHESS_BLACK;
                }
              if (pt->material[color][type] < 255)
                pt->material[color][type]++;
              pt->n_material++;
            }
          if (color != CHESS_BLACK)
            {
              i = start;
              chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("material must read like KBNKP: White's pieces from K, then Black's from K"));
              goto fail;
            }
        }
      else
        {
          i = start;
          chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("expected w, b or material like KBNKP after the pattern's board"));
          goto fail;
        }
    }
  if (pt->has_material)
    for (int c = 0; c < 2; c++)
      for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
        if (chess_popcount (pt->pieces[c][t]) > pt->material[c][t])
          {
            chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("the board needs more pieces than the material has"));
            i = 0;
            goto fail;
          }
  return true;

fail:
  if (error != NULL)
    error->column = (unsigned long) i + 1;
  return false;
}

bool
chess_pos_pattern_match (const ChessPosPattern *pt,
                         const ChessPosition   *pos)
{
  if (pt->side >= 0 && pos->side != pt->side)
    return false;
  if ((pos->by_type[0] & pt->any) != pt->any)
    return false;
  for (int c = 0; c < 2; c++)
    for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
      {
        ChessBitboard want = pt->pieces[c][t];

        if (want && (pos->by_type[t] & pos->by_color[c] & want) != want)
          return false;
      }
  if (pt->has_material)
    for (int c = 0; c < 2; c++)
      for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
        if (chess_popcount (pos->by_type[t] & pos->by_color[c]) != pt->material[c][t])
          return false;
  return true;
}

void
chess_pos_pattern_from_position (ChessPosPattern     *pt,
                                 const ChessPosition *pos)
{
  memset (pt, 0, sizeof *pt);
  for (int c = 0; c < 2; c++)
    for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
      pt->pieces[c][t] = pos->by_type[t] & pos->by_color[c];
  pt->any = pos->by_type[0];
  pt->side = pos->side;
}

char *
chess_pos_pattern_write (const ChessPosPattern *pt,
                         char                  *buf)
{
  static const char letters[2][8] = { " PNBRQK", " pnbrqk" };
  char *o = buf;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          ChessBitboard bit = (ChessBitboard) 1 << chess_square_make (file, rank);
          char c = 0;

          for (int col = 0; col < 2 && !c; col++)
            for (int t = CHESS_PAWN; t <= CHESS_KING; t++)
              if (pt->pieces[col][t] & bit)
                {
                  c = letters[col][t];
                  break;
                }
          if (!c)
            {
              empty++;
              continue;
            }
          if (empty)
            *o++ = (char) ('0' + empty);
          empty = 0;
          *o++ = c;
        }
      if (empty)
        *o++ = (char) ('0' + empty);
      if (rank > 0)
        *o++ = '/';
    }
  if (pt->side >= 0)
    {
      *o++ = ' ';
      *o++ = pt->side == CHESS_WHITE ? 'w' : 'b';
    }
  if (pt->has_material)
    {
      static const int order[] = { CHESS_KING, CHESS_QUEEN, CHESS_ROOK, CHESS_BISHOP, CHESS_KNIGHT, CHESS_PAWN };

      *o++ = ' ';
      for (int c = 0; c < 2; c++)
        for (int k = 0; k < 6; k++)
          for (unsigned n = 0; n < pt->material[c][order[k]] && o - buf < 90; n++)
            *o++ = letters[0][order[k]];
    }
  *o = '\0';
  return buf;
}

