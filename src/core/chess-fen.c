/* chess-fen.c — Forsyth–Edwards Notation, read strictly and safely.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-private.h"

static const char *const field_names[] = {
  CHESS_N_ ("piece placement"), CHESS_N_ ("side to move"), CHESS_N_ ("castling"),
  CHESS_N_ ("en passant"), CHESS_N_ ("halfmove clock"), CHESS_N_ ("fullmove number"),
};

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static ChessPiece
piece_from_letter (char c)
{
  switch (c)
    {
    case 'P': return chess_piece_make (CHESS_WHITE, CHESS_PAWN);
    case 'N': return chess_piece_make (CHESS_WHITE, CHESS_KNIGHT);
    case 'B': return chess_piece_make (CHESS_WHITE, CHESS_BISHOP);
    case 'R': return chess_piece_make (CHESS_WHITE, CHESS_ROOK);
    case 'Q': return chess_piece_make (CHESS_WHITE, CHESS_QUEEN);
    case 'K': return chess_piece_make (CHESS_WHITE, CHESS_KING);
    case 'p': return chess_piece_make (CHESS_BLACK, CHESS_PAWN);
    case 'n': return chess_piece_make (CHESS_BLACK, CHESS_KNIGHT);
    case 'b': return chess_piece_make (CHESS_BLACK, CHESS_BISHOP);
    case 'r': return chess_piece_make (CHESS_BLACK, CHESS_ROOK);
    case 'q': return chess_piece_make (CHESS_BLACK, CHESS_QUEEN);
    case 'k': return chess_piece_make (CHESS_BLACK, CHESS_KING);
    default:  return CHESS_NO_PIECE;
    }
}

/* A printable rendering of a byte for messages. */
static const char *
show_byte (char c,
           char buf[8])
{
  unsigned char u = (unsigned char) c;

  if (u >= 0x21 && u < 0x7f)
    {
      buf[0] = '\'';
      buf[1] = c;
      buf[2] = '\'';
      buf[3] = '\0';
    }
  else
    {
      static const char hex[] = "0123456789abcdef";
      buf[0] = '0';
      buf[1] = 'x';
      buf[2] = hex[u >> 4];
      buf[3] = hex[u & 15];
      buf[4] = '\0';
    }
  return buf;
}

typedef struct
{
  const char *text;
  size_t      len;
  size_t      start[6];     /* offset where each field starts */
  size_t      flen[6];
  unsigned    nfields;
} Fields;

static bool
fail (ChessError    *error,
      const Fields  *f,
      ChessFenField  field,
      size_t         offset,
      const char    *what)
{
  /* The column is where the bad field starts (chess-fen.h); a missing
   * field starts at the end of the text. */
  if (f->nfields > (unsigned) field)
    offset = f->start[field];
  if (error)
    {
      chess_error_set (error, CHESS_ERROR_FEN, CHESS_N_ ("%s: %s"),
                       chess_error_translate (field_names[field]), chess_error_translate (what));
      error->line = 0;
      error->column = offset + 1;
      error->offset = offset;
    }
  return false;
}

typedef enum
{
  COUNTER_OK,
  COUNTER_NOT_A_NUMBER,
  COUNTER_TOO_LARGE,
} CounterResult;

/* Parses a counter: decimal digits only, at most max. */
static CounterResult
parse_counter (const char    *s,
               size_t         len,
               unsigned long  max,
               unsigned long *value)
{
  unsigned long v = 0;
  size_t i = 0;

  if (len == 0)
    return COUNTER_NOT_A_NUMBER;
  for (size_t k = 0; k < len; k++)
    if (s[k] < '0' || s[k] > '9')
      return COUNTER_NOT_A_NUMBER;
  while (i + 1 < len && s[i] == '0')
    i++;
  if (len - i > 9)
    return COUNTER_TOO_LARGE;
  for (; i < len; i++)
    v = v * 10 + (unsigned long) (s[i] - '0');
  if (v > max)
    return COUNTER_TOO_LARGE;
  *value = v;
  return COUNTER_OK;
}

/* Refuses a counter that does not fit: "70000 is larger than 65535". */
static bool
fail_too_large (ChessError    *error,
                const Fields  *f,
                ChessFenField  field)
{
  char what[64];
  size_t n = f->flen[field];

  snprintf (what, sizeof what, chess_error_translate (CHESS_N_ ("%.*s%s is larger than 65535")), (int) (n > 20 ? 20 : n),
            f->text + f->start[field], n > 20 ? "..." : "");
  return fail (error, f, field, f->start[field], what);
}

bool
chess_fen_parse (ChessPosition *pos,
                 const char    *text,
                 size_t         len,
                 ChessError    *error)
{
  ChessPosition p;
  Fields f = { text, len, { 0 }, { 0 }, 0 };
  char msg[200], b1[8];
  size_t i = 0;

  chess_init ();
  if (text == NULL)
    len = 0;

  /* Split into fields without reading past len. */
  for (;;)
    {
      while (i < len && is_space (text[i]))
        i++;
      if (i >= len)
        break;
      if (f.nfields == 6)
        {
          /* Not a field at all: point at the extra text itself. */
          if (error)
            {
              chess_error_set (error, CHESS_ERROR_FEN,
                               CHESS_N_ ("unexpected text after the fullmove number"));
              error->line = 0;
              error->column = i + 1;
              error->offset = i;
            }
          return false;
        }
      f.start[f.nfields] = i;
      while (i < len && !is_space (text[i]))
        i++;
      f.flen[f.nfields] = i - f.start[f.nfields];
      f.nfields++;
    }
  if (f.nfields == 0)
    return fail (error, &f, CHESS_FIELD_PLACEMENT, 0, CHESS_N_ ("the text is empty"));
  if (f.nfields < 4)
    {
      static const ChessFenField missing[] = { 0, CHESS_FIELD_SIDE, CHESS_FIELD_CASTLING, CHESS_FIELD_EP };
      return fail (error, &f, missing[f.nfields], len,
                   "missing (a FEN needs at least four fields)");
    }

  chess_position_clear (&p);

  /* Piece placement: eight ranks from the eighth down, '/' between them. */
  {
    const char *s = text + f.start[0];
    size_t n = f.flen[0], k = 0;
    int rank = 7, file = 0;

    for (k = 0; k < n; k++)
      {
        char c = s[k];
        size_t at = f.start[0] + k;

        if (c == '/')
          {
            if (file != 8)
              {
                snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("rank %d has %d squares, not 8")), rank + 1, file);
                return fail (error, &f, CHESS_FIELD_PLACEMENT, at, msg);
              }
            if (rank == 0)
              return fail (error, &f, CHESS_FIELD_PLACEMENT, at, CHESS_N_ ("more than eight ranks"));
            rank--;
            file = 0;
          }
        else if (c >= '1' && c <= '8')
          {
            file += c - '0';
            if (file > 8)
              {
                snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("rank %d has more than 8 squares")), rank + 1);
                return fail (error, &f, CHESS_FIELD_PLACEMENT, at, msg);
              }
          }
        else
          {
            ChessPiece piece = piece_from_letter (c);
            if (piece == CHESS_NO_PIECE)
              {
                snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("%s is not a piece letter, digit or '/'")), show_byte (c, b1));
                return fail (error, &f, CHESS_FIELD_PLACEMENT, at, msg);
              }
            if (file >= 8)
              {
                snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("rank %d has more than 8 squares")), rank + 1);
                return fail (error, &f, CHESS_FIELD_PLACEMENT, at, msg);
              }
            chess_position_put (&p, chess_square_make (file, rank), piece);
            file++;
          }
      }
    if (rank != 0 || file != 8)
      {
        if (file != 8)
          snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("rank %d has %d squares, not 8")), rank + 1, file);
        else
          snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("only %d ranks, not 8")), 8 - rank);
        return fail (error, &f, CHESS_FIELD_PLACEMENT, f.start[0] + n, msg);
      }
  }

  /* Side to move. */
  if (f.flen[1] != 1 || (text[f.start[1]] != 'w' && text[f.start[1]] != 'b'))
    return fail (error, &f, CHESS_FIELD_SIDE, f.start[1], CHESS_N_ ("must be 'w' or 'b'"));
  p.side = text[f.start[1]] == 'w' ? CHESS_WHITE : CHESS_BLACK;

  /* Castling rights: '-' or letters from KQkq, each at most once. */
  {
    const char *s = text + f.start[2];
    size_t n = f.flen[2];

    if (!(n == 1 && s[0] == '-'))
      for (size_t k = 0; k < n; k++)
        {
          const char *letters = "KQkq";
          const char *hit = memchr (letters, s[k], 4);
          uint8_t right;

          if (hit == NULL || s[k] == '\0')
            {
              snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("%s is not one of K, Q, k, q or '-'")), show_byte (s[k], b1));
              return fail (error, &f, CHESS_FIELD_CASTLING, f.start[2] + k, msg);
            }
          right = (uint8_t) (1u << (hit - letters));
          if (p.castling & right)
            {
              snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("'%c' is given twice")), s[k]);
              return fail (error, &f, CHESS_FIELD_CASTLING, f.start[2] + k, msg);
            }
          p.castling |= right;
        }
  }

  /* En passant: '-' or a square. */
  {
    const char *s = text + f.start[3];
    size_t n = f.flen[3];

    if (n == 1 && s[0] == '-')
      p.ep_square = CHESS_NO_SQUARE;
    else if (n == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8')
      p.ep_square = chess_square_make (s[0] - 'a', s[1] - '1');
    else
      return fail (error, &f, CHESS_FIELD_EP, f.start[3], CHESS_N_ ("must be '-' or a square such as e3"));
  }

  /* The counters are optional. */
  p.halfmove = 0;
  p.fullmove = 1;
  if (f.nfields >= 5)
    {
      /* Kept as given, even past 150 plies (where the 75-move rule has
       * already ended the game): positions after such a draw are studied
       * too, and a FEN read back must say what it said. */
      unsigned long v = 0;
      switch (parse_counter (text + f.start[4], f.flen[4], UINT16_MAX, &v))
        {
        case COUNTER_NOT_A_NUMBER:
          return fail (error, &f, CHESS_FIELD_HALFMOVE, f.start[4], CHESS_N_ ("must be a number"));
        case COUNTER_TOO_LARGE:
          return fail_too_large (error, &f, CHESS_FIELD_HALFMOVE);
        case COUNTER_OK:
        default:
          break;
        }
      p.halfmove = (uint16_t) v;
    }
  if (f.nfields >= 6)
    {
      unsigned long v = 0;
      switch (parse_counter (text + f.start[5], f.flen[5], UINT16_MAX, &v))
        {
        case COUNTER_NOT_A_NUMBER:
          return fail (error, &f, CHESS_FIELD_FULLMOVE, f.start[5], CHESS_N_ ("must be a number from 1 to 65535"));
        case COUNTER_TOO_LARGE:
          return fail_too_large (error, &f, CHESS_FIELD_FULLMOVE);
        case COUNTER_OK:
        default:
          break;
        }
      /* Some writers put 0 here; the game starts at move 1. */
      p.fullmove = (uint16_t) (v == 0 ? 1 : v);
    }

  {
    ChessFenField field;
    ChessError verr;

    chess_error_clear (&verr);
    if (!_chess_position_validate_field (&p, &verr, &field))
      {
        if (error)
          {
            *error = verr;
            error->line = 0;
            error->column = f.start[field] + 1;
            error->offset = f.start[field];
          }
        return false;
      }
  }
  chess_position_finish (&p);
  *pos = p;
  if (error)
    chess_error_clear (error);
  return true;
}

char *
chess_fen_write (const ChessPosition *pos,
                 char                *buf)
{
  static const char letters[16] = " PNBRQK  pnbrqk ";
  char *o = buf;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 8; file++)
        {
          ChessPiece p = pos->board[chess_square_make (file, rank)];
          if (p == CHESS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            *o++ = (char) ('0' + empty);
          empty = 0;
          *o++ = letters[p & 15];
        }
      if (empty)
        *o++ = (char) ('0' + empty);
      if (rank)
        *o++ = '/';
    }
  *o++ = ' ';
  *o++ = pos->side == CHESS_WHITE ? 'w' : 'b';
  *o++ = ' ';
  if (pos->castling == 0)
    *o++ = '-';
  else
    {
      if (pos->castling & CHESS_CASTLE_WK) *o++ = 'K';
      if (pos->castling & CHESS_CASTLE_WQ) *o++ = 'Q';
      if (pos->castling & CHESS_CASTLE_BK) *o++ = 'k';
      if (pos->castling & CHESS_CASTLE_BQ) *o++ = 'q';
    }
  *o++ = ' ';
  if (pos->ep_square < 64 && chess_position_ep_legal (pos))
    {
      chess_square_name (pos->ep_square, o);
      o += 2;
    }
  else
    *o++ = '-';
  o += snprintf (o, 16, " %u %u", (unsigned) pos->halfmove, (unsigned) pos->fullmove);
  *o = '\0';
  return buf;
}
