/* chess-san.c — Standard Algebraic Notation: written exactly, read tolerantly.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "chess-san.h"
#include "chess-private.h"

static const char piece_letters[7] = { 0, 'P', 'N', 'B', 'R', 'Q', 'K' };

typedef struct
{
  char  *buf;
  size_t size;
  size_t len;
  bool   full;   /* something did not fit: write nothing more */
} Out;

/* Appends s whole or not at all, so a figurine is never cut in half. */
static void
out_str (Out        *o,
         const char *s)
{
  size_t n = strlen (s);

  if (!o->full && o->len + n < o->size)
    {
      memcpy (o->buf + o->len, s, n);
      o->len += n;
      o->buf[o->len] = '\0';
    }
  else
    o->full = true;
}

static void
out_chr (Out  *o,
         char  c)
{
  char s[2] = { c, '\0' };
  out_str (o, s);
}

static void
out_piece (Out                *o,
           ChessPieceType      type,
           const char *const  *figurines)
{
  if (figurines && figurines[type])
    out_str (o, figurines[type]);
  else
    out_chr (o, piece_letters[type]);
}

static char *
san_write (const ChessPosition *pos,
           ChessMove            move,
           const char *const   *figurines,
           char                *buf,
           size_t               size,
           bool                 with_check)
{
  Out o = { buf, size, 0, false };
  ChessSquare from = chess_move_from (move), to = chess_move_to (move);
  ChessPieceType type;
  char name[3];

  if (size)
    buf[0] = '\0';
  if (move == CHESS_MOVE_NULL || move == CHESS_MOVE_NONE)
    {
      out_str (&o, "--");
      return buf;
    }
  type = chess_piece_type (pos->board[from]);

  if (chess_move_kind (move) == CHESS_MOVE_CASTLING)
    out_str (&o, to > from ? "O-O" : "O-O-O");
  else
    {
      bool capture = pos->board[to] != CHESS_NO_PIECE
                     || chess_move_kind (move) == CHESS_MOVE_EN_PASSANT;

      if (type == CHESS_PAWN)
        {
          if (capture)
            out_chr (&o, (char) ('a' + chess_square_file (from)));
        }
      else
        {
          ChessMoveList list;
          bool others = false, same_file = false, same_rank = false;

          out_piece (&o, type, figurines);
          /* Disambiguate among legal moves only: a pinned twin does not count. */
          chess_generate_legal (pos, &list);
          for (unsigned i = 0; i < list.count; i++)
            {
              ChessMove m = list.moves[i];
              ChessSquare f = chess_move_from (m);
              if (f == from || chess_move_to (m) != to
                  || chess_piece_type (pos->board[f]) != type
                  || chess_move_kind (m) == CHESS_MOVE_CASTLING)
                continue;
              others = true;
              if (chess_square_file (f) == chess_square_file (from))
                same_file = true;
              if (chess_square_rank (f) == chess_square_rank (from))
                same_rank = true;
            }
          if (others)
            {
              if (!same_file)
                out_chr (&o, (char) ('a' + chess_square_file (from)));
              else if (!same_rank)
                out_chr (&o, (char) ('1' + chess_square_rank (from)));
              else
                out_str (&o, chess_square_name (from, name));
            }
        }
      if (capture)
        out_chr (&o, 'x');
      out_str (&o, chess_square_name (to, name));
      if (chess_move_kind (move) == CHESS_MOVE_PROMOTION)
        {
          out_chr (&o, '=');
          out_piece (&o, chess_move_promotion (move), figurines);
        }
    }

  if (with_check)
    {
      ChessPosition after = *pos;
      chess_position_make_move (&after, move);
      if (after.checkers)
        out_chr (&o, chess_count_legal (&after) == 0 ? '#' : '+');
    }
  return buf;
}

char *
chess_san_write (const ChessPosition *pos,
                 ChessMove            move,
                 char                *buf)
{
  return san_write (pos, move, NULL, buf, CHESS_SAN_MAX, true);
}

char *
chess_san_write_figurine (const ChessPosition *pos,
                          ChessMove            move,
                          const char *const    figurines[7],
                          char                *buf,
                          size_t               size)
{
  return san_write (pos, move, figurines, buf, size, true);
}

/* ---- parsing ---- */

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool
is_file (char c)
{
  return c >= 'a' && c <= 'h';
}

static bool
is_rank (char c)
{
  return c >= '1' && c <= '8';
}

static ChessPieceType
promo_type (char c)
{
  switch (c)
    {
    case 'N': case 'n': return CHESS_KNIGHT;
    case 'B': case 'b': return CHESS_BISHOP;
    case 'R': case 'r': return CHESS_ROOK;
    case 'Q': case 'q': return CHESS_QUEEN;
    default: return CHESS_NO_PIECE_TYPE;
    }
}

static const char *const type_names[7] = {
  "", CHESS_N_ ("pawn"), CHESS_N_ ("knight"), CHESS_N_ ("bishop"), CHESS_N_ ("rook"),
  CHESS_N_ ("queen"), CHESS_N_ ("king"),
};

static const char *const color_names[2] = { CHESS_N_ ("white"), CHESS_N_ ("black") };

static ChessMove
fail (ChessError     *error,
      ChessErrorCode  code,
      const char     *format,
      const char     *a,
      const char     *b)
{
  if (error)
    {
      chess_error_set (error, code, format, a, b);
      error->line = 0;
      error->column = 0;
      error->offset = 0;
    }
  return CHESS_MOVE_NONE;
}

/* Renders the user's text for a message: printable ASCII only. */
static void
quote_text (const char *s,
            size_t      n,
            char       *buf,
            size_t      size)
{
  size_t j = 0;

  for (size_t i = 0; i < n && j + 5 < size; i++)
    {
      unsigned char c = (unsigned char) s[i];
      if (c >= 0x20 && c < 0x7f)
        buf[j++] = (char) c;
      else
        j += (size_t) snprintf (buf + j, size - j, "\\x%02x", c);
    }
  buf[j] = '\0';
}

/* Castling is the king's two-square move from its home square: legal, or
 * explained. */
static ChessMove
parse_castling (const ChessPosition *pos,
                bool                 kingside,
                ChessError          *error)
{
  ChessColor us = (ChessColor) (pos->side & 1);
  unsigned home = us == CHESS_WHITE ? 4 : 60;
  ChessMove m = chess_move_make (home, kingside ? home + 2 : home - 2, CHESS_MOVE_CASTLING);
  uint8_t right = kingside ? (us == CHESS_WHITE ? CHESS_CASTLE_WK : CHESS_CASTLE_BK)
                           : (us == CHESS_WHITE ? CHESS_CASTLE_WQ : CHESS_CASTLE_BQ);
  const char *side = chess_error_translate (kingside ? CHESS_N_ ("kingside") : CHESS_N_ ("queenside"));
  const char *why;

  if (_chess_move_is_legal (pos, m))
    return m;
  if (!(pos->castling & right))
    why = CHESS_N_ ("the right to castle %s is lost");
  else if (pos->checkers)
    why = CHESS_N_ ("castling %s out of check is not allowed");
  else
    {
      ChessBitboard path = kingside ? (BB (home + 1) | BB (home + 2))
                                    : (BB (home - 1) | BB (home - 2) | BB (home - 3));
      if (pos->by_type[0] & path)
        why = CHESS_N_ ("castling %s: a piece stands between king and rook");
      else
        why = CHESS_N_ ("castling %s: the king would cross or land on an attacked square");
    }
  {
    char msg[128];
    snprintf (msg, sizeof msg, chess_error_translate (why), side);
    return fail (error, CHESS_ERROR_SAN_ILLEGAL, CHESS_N_ ("illegal: %s%s"), msg, "");
  }
}

/* Where could a piece of ours reach `to` from, ignoring pins and checks?
 * The candidates for a move, and the explanation when none is legal. */
static inline ChessBitboard
pseudo_sources (const ChessPosition *pos,
                ChessPieceType       type,
                ChessSquare          to)
{
  ChessColor us = (ChessColor) (pos->side & 1), them = (ChessColor) (us ^ 1);
  ChessBitboard own = pos->by_color[us], mine = pos->by_type[type] & own;
  ChessBitboard occ = pos->by_type[0];

  if (own & BB (to))
    return 0;
  switch (type)
    {
    case CHESS_PAWN:
      {
        int up = us == CHESS_WHITE ? 8 : -8;
        ChessBitboard result = 0;
        if (!(occ & BB (to)))
          {
            int from = (int) to - up;
            if (from >= 0 && from < 64 && (mine & BB (from)))
              result |= BB (from);
            from = (int) to - 2 * up;
            if (from >= 0 && from < 64 && (mine & BB (from)) && !(occ & BB (to - up))
                && chess_square_rank (from) == (us == CHESS_WHITE ? 1 : 6))
              result |= BB (from);
          }
        if ((pos->by_color[them] & BB (to)) || to == pos->ep_square)
          result |= chess_pawn_table[them][to] & mine;
        return result;
      }
    case CHESS_KNIGHT:
      return chess_knight_table[to] & mine;
    case CHESS_BISHOP:
      return _chess_sliders_seeing (to, _chess_bishop_rays (to) & mine, occ);
    case CHESS_ROOK:
      return _chess_sliders_seeing (to, _chess_rook_rays (to) & mine, occ);
    case CHESS_QUEEN:
      return _chess_sliders_seeing (to, (_chess_bishop_rays (to) | _chess_rook_rays (to)) & mine, occ);
    case CHESS_KING:
      return chess_king_table[to] & mine;
    case CHESS_NO_PIECE_TYPE:
    default:
      return 0;
    }
}

/* What the text names once read: the piece, the target, what it says of
 * the origin, the promotion piece. */
typedef struct
{
  ChessPieceType type;
  ChessPieceType promo;       /* CHESS_NO_PIECE_TYPE when none is named */
  int            from_file;   /* -1 when not named */
  int            from_rank;   /* -1 when not named */
  ChessSquare    to;
} SanQuery;

/* Does the legal move m fit the text? */
static inline bool
fits (const ChessPosition *pos,
      const SanQuery      *q,
      ChessMove            m)
{
  ChessSquare f = chess_move_from (m);

  if (chess_move_to (m) != q->to || chess_piece_type (pos->board[f]) != q->type)
    return false;
  if (q->from_file >= 0 && (int) chess_square_file (f) != q->from_file)
    return false;
  if (q->from_rank >= 0 && (int) chess_square_rank (f) != q->from_rank)
    return false;
  /* A pawn named without its file moves straight ahead. */
  if (q->type == CHESS_PAWN && q->from_file < 0 && chess_square_file (f) != chess_square_file (q->to))
    return false;
  if (chess_move_kind (m) == CHESS_MOVE_PROMOTION)
    return q->promo == CHESS_NO_PIECE_TYPE || chess_move_promotion (m) == q->promo;
  return q->promo == CHESS_NO_PIECE_TYPE;
}

/* The origins the text allows among `sources`. */
static ChessBitboard
named_sources (const SanQuery *q,
               ChessBitboard   sources)
{
  if (q->from_file >= 0)
    sources &= FILE_A_BB << q->from_file;
  if (q->from_rank >= 0)
    sources &= RANK_1_BB << (8 * q->from_rank);
  if (q->type == CHESS_PAWN && q->from_file < 0)
    sources &= FILE_A_BB << chess_square_file (q->to);
  return sources;
}

/* The legal moves that fit, from the few pieces that can reach the target
 * square, each move tested on its own (pins, checks, e.p. along the rank):
 * no list of every legal move. Returns the move when exactly one fits,
 * else CHESS_MOVE_NONE; *count says how many fit (2 for two or more). */
static ChessMove
find_fitting (const ChessPosition *pos,
              const SanQuery      *q,
              unsigned            *count)
{
  const ChessBitboard kings = pos->by_type[CHESS_KING];
  const unsigned to = q->to;
  const ChessPieceType promo = q->promo;
  const bool last = chess_square_rank (to) == (pos->side == CHESS_WHITE ? 7u : 0u);
  ChessBitboard sources = named_sources (q, pseudo_sources (pos, q->type, q->to));
  ChessMove one = CHESS_MOVE_NONE;
  unsigned n = 0;

  /* Like the generator, no moves at all without a king a side. */
  if (!(kings & pos->by_color[0]) || !(kings & pos->by_color[1]))
    sources = 0;
  /* The sources fit the text already but for the promotion piece: only a
   * pawn reaching the last rank promotes, and a promotion with no piece
   * named fits four ways. */
  if (q->type == CHESS_PAWN && last)
    {
      if (promo == CHESS_NO_PIECE_TYPE && sources)
        {
          while (sources && n == 0)
            if (_chess_pseudo_is_legal (pos, chess_move_make_promotion (bb_pop_lsb (&sources), to,
                                                                        CHESS_QUEEN)))
              n = 4;
          sources = 0;
        }
    }
  else if (promo != CHESS_NO_PIECE_TYPE)
    sources = 0;

  while (sources)
    {
      unsigned from = bb_pop_lsb (&sources);
      ChessMove m = chess_move_make (from, to, CHESS_MOVE_NORMAL);

      if (q->type == CHESS_PAWN)
        {
          if (last)
            m = chess_move_make_promotion (from, to, promo);
          else if (to == pos->ep_square && !(pos->by_type[0] & BB (to))
                   && chess_square_file (from) != chess_square_file (to))
            m = chess_move_make (from, to, CHESS_MOVE_EN_PASSANT);
        }
      if (_chess_pseudo_is_legal (pos, m))
        {
          one = m;
          n++;
        }
    }
  /* "Kg1" for castling: the king's own two-square move. */
  if (q->type == CHESS_KING && (to == 2 || to == 6 || to == 58 || to == 62))
    {
      unsigned home = pos->side == CHESS_WHITE ? 4 : 60;
      ChessMove m = chess_move_make (home, to, CHESS_MOVE_CASTLING);
      if ((to == home + 2 || to + 2 == home) && (kings & pos->by_color[pos->side & 1] & BB (home))
          && fits (pos, q, m) && _chess_castling_ok (pos, home, to))
        {
          one = m;
          n++;
        }
    }
  *count = n > 1 ? 2 : n;
  return n == 1 ? one : CHESS_MOVE_NONE;
}

static inline void
add_found (ChessMove *found,
           unsigned  *n,
           ChessMove  m)
{
  if (*n < 4)
    found[*n] = m;
  (*n)++;
}

/* The same moves from the full list, in the generator's order: the order
 * an ambiguity is reported in. */
static unsigned
find_fitting_listed (const ChessPosition *pos,
                     const SanQuery      *q,
                     ChessMove           *found)
{
  ChessMoveList list;
  unsigned n = 0;

  chess_generate_legal (pos, &list);
  for (unsigned k = 0; k < list.count; k++)
    if (fits (pos, q, list.moves[k]))
      add_found (found, &n, list.moves[k]);
  return n;
}

/* The piece letters of plain SAN. */
static const uint8_t plain_piece[256] = {
  ['N'] = CHESS_KNIGHT, ['B'] = CHESS_BISHOP, ['R'] = CHESS_ROOK, ['Q'] = CHESS_QUEEN, ['K'] = CHESS_KING,
};

/* Plain SAN, as PGN files and chess_san_write () hold it — "Nf3", "Nbd7",
 * "R1e2", "Qh4xe1", "e4", "exd5", "e8=Q", at most one "+" or "#" after
 * it — when exactly one piece can make the move: the move, or
 * CHESS_MOVE_NONE for anything else (two candidates of which one is
 * pinned, castling, sloppy or wrong text), which the tolerant reading then
 * decides and explains. This is most of a PGN reader's work per move, so
 * it reads the text once and looks at the one square the move comes from. */
static inline ChessMove
parse_plain (const ChessPosition *pos,
             const char          *s,
             size_t               n)
{
  const unsigned us = pos->side & 1;
  const ChessBitboard own = pos->by_color[us], occ = pos->by_type[0];
  const ChessBitboard kings = pos->by_type[CHESS_KING];
  ChessBitboard sources;
  unsigned to, from, file, rank, type;
  ChessMove m;

  if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#'))
    n--;
  if (n < 2 || n > 7 || !(kings & own) || !(kings & ~own & occ))
    return CHESS_MOVE_NONE;
  type = plain_piece[(unsigned char) s[0]];

  if (type == CHESS_NO_PIECE_TYPE)
    {
      /* A pawn: "e4" or "exd5", with "=Q" onto the last rank. */
      const int up = us == CHESS_WHITE ? 8 : -8;
      const ChessPiece pawn = chess_piece_make (us, CHESS_PAWN);
      unsigned promo = CHESS_NO_PIECE_TYPE;

      if (n >= 4 && s[n - 2] == '=')
        {
          promo = plain_piece[(unsigned char) s[n - 1]];
          if (promo == CHESS_NO_PIECE_TYPE || promo == CHESS_KING)
            return CHESS_MOVE_NONE;
          n -= 2;
        }
      file = (unsigned) (s[n - 2] - 'a');
      rank = (unsigned) (s[n - 1] - '1');
      if (file > 7 || rank > 7 || (rank == (us == CHESS_WHITE ? 7u : 0u)) != (promo != CHESS_NO_PIECE_TYPE))
        return CHESS_MOVE_NONE;
      to = chess_square_make (file, rank);
      if (n == 2)
        {
          /* Straight ahead, one square or two from the home rank. */
          from = (unsigned) ((int) to - up);
          if ((occ & BB (to)) || from >= 64)
            return CHESS_MOVE_NONE;
          if (pos->board[from] != pawn)
            {
              if (pos->board[from] != CHESS_NO_PIECE || rank != (us == CHESS_WHITE ? 3u : 4u)
                  || pos->board[from - up] != pawn)
                return CHESS_MOVE_NONE;
              from -= up;
            }
          m = chess_move_make (from, to, CHESS_MOVE_NORMAL);
        }
      else if (n == 4 && s[1] == 'x')
        {
          unsigned from_file = (unsigned) (s[0] - 'a');
          if (from_file > 7 || (from_file + 1 != file && file + 1 != from_file) || (own & BB (to))
              || (rank == (us == CHESS_WHITE ? 0u : 7u)))
            return CHESS_MOVE_NONE;
          from = (unsigned) ((int) chess_square_make (from_file, rank) - up);
          if (pos->board[from] != pawn)
            return CHESS_MOVE_NONE;
          if (occ & BB (to))
            m = chess_move_make (from, to, CHESS_MOVE_NORMAL);
          else if (to == pos->ep_square)
            m = chess_move_make (from, to, CHESS_MOVE_EN_PASSANT);
          else
            return CHESS_MOVE_NONE;
        }
      else
        return CHESS_MOVE_NONE;
      if (promo != CHESS_NO_PIECE_TYPE)
        m = chess_move_make_promotion (from, to, promo);
      return _chess_pseudo_is_legal (pos, m) ? m : CHESS_MOVE_NONE;
    }

  /* A piece: its letter, what the text says of the origin, maybe 'x',
   * the target. */
  file = (unsigned) (s[n - 2] - 'a');
  rank = (unsigned) (s[n - 1] - '1');
  if (file > 7 || rank > 7)
    return CHESS_MOVE_NONE;
  to = chess_square_make (file, rank);
  if (own & BB (to))
    return CHESS_MOVE_NONE;
  sources = pos->by_type[type] & own;
  switch (type)
    {
    case CHESS_KNIGHT:
      sources &= chess_knight_table[to];
      break;
    case CHESS_BISHOP:
      sources = _chess_sliders_seeing (to, _chess_bishop_rays (to) & sources, occ);
      break;
    case CHESS_ROOK:
      sources = _chess_sliders_seeing (to, _chess_rook_rays (to) & sources, occ);
      break;
    case CHESS_QUEEN:
      sources = _chess_sliders_seeing (to, (_chess_bishop_rays (to) | _chess_rook_rays (to)) & sources, occ);
      break;
    default:
      sources &= chess_king_table[to];
      break;
    }
  if (n > 3)
    {
      size_t i = 1;
      n -= 2;
      if (is_file (s[i]))
        sources &= FILE_A_BB << (s[i++] - 'a');
      if (i < n && is_rank (s[i]))
        sources &= RANK_1_BB << (8 * (s[i++] - '1'));
      if (i < n && s[i] == 'x')
        i++;
      if (i != n)
        return CHESS_MOVE_NONE;
    }
  /* Two candidates may still be one legal move, when one is pinned: the
   * tolerant reading sorts that out. */
  if (sources == 0 || bb_more_than_one (sources))
    return CHESS_MOVE_NONE;
  from = bb_lsb (sources);
  m = chess_move_make (from, to, CHESS_MOVE_NORMAL);
  return _chess_pseudo_is_legal (pos, m) ? m : CHESS_MOVE_NONE;
}

/* Everything but plain SAN with one legal reading: the tolerant reading,
 * and every error with its explanation. */
static __attribute__ ((noinline)) ChessMove
parse_tolerant (const ChessPosition *pos,
                const char          *text,
                size_t               len,
                ChessError          *error)
{
  char s[40], shown[170];
  size_t a = 0, n;
  ChessPieceType type = CHESS_PAWN, promo = CHESS_NO_PIECE_TYPE;
  int from_file = -1, from_rank = -1;
  size_t i = 0;
  ChessSquare to;
  SanQuery q;
  ChessMove found[4];
  unsigned nfound;

  if (text == NULL)
    len = 0;
  while (a < len && is_space (text[a]))
    a++;
  while (len > a && is_space (text[len - 1]))
    len--;
  n = len - a;
  /* The text as messages quote it, made only when one is written. */
#define SHOWN() (quote_text (text + a, len - a < 40 ? len - a : 40, shown, sizeof shown), shown)
  if (n == 0)
    return fail (error, CHESS_ERROR_SAN_SYNTAX, CHESS_N_ ("not a move: the text is empty%s%s"), "", "");
  if (n >= sizeof s)
    return fail (error, CHESS_ERROR_SAN_SYNTAX, CHESS_N_ ("not a move: '%s…' is too long%s"), SHOWN (), "");
  memcpy (s, text + a, n);
  s[n] = '\0';

  /* Trailing decorations: check signs, annotation glyphs, "e.p.". */
  for (;;)
    {
      if (n > 0 && (s[n - 1] == '!' || s[n - 1] == '?' || s[n - 1] == '+' || s[n - 1] == '#'
                    || is_space (s[n - 1])))
        n--;
      else if (n >= 4 && memcmp (s + n - 4, "e.p.", 4) == 0)
        n -= 4;
      else if (n >= 3 && memcmp (s + n - 3, "e.p", 3) == 0)
        n -= 3;
      else
        break;
    }
  s[n] = '\0';
  if (n == 0)
    return fail (error, CHESS_ERROR_SAN_SYNTAX, CHESS_N_ ("not a move: '%s'%s"), SHOWN (), "");

  /* Null moves. */
  if ((n == 2 && memcmp (s, "--", 2) == 0) || (n == 2 && memcmp (s, "Z0", 2) == 0)
      || (n == 4 && memcmp (s, "0000", 4) == 0))
    return CHESS_MOVE_NULL;

  /* Castling with letters O or o, or zeros. */
  {
    unsigned os = 0;
    bool only = true;
    for (size_t k = 0; k < n; k++)
      {
        if (s[k] == 'O' || s[k] == 'o' || s[k] == '0')
          os++;
        else if (s[k] != '-')
          only = false;
      }
    if (only && (os == 2 || os == 3))
      return parse_castling (pos, os == 2, error);
  }

  /* Coordinate moves: e2e4, e2-e4, e7e8q, e7e8=Q, e1g1 or e1h1 for castling. */
  if (n >= 4 && is_file (s[0]) && is_rank (s[1]))
    {
      size_t k = 2;
      if (s[k] == '-' || s[k] == 'x')
        k++;
      if (k + 2 <= n && is_file (s[k]) && is_rank (s[k + 1]))
        {
          ChessSquare cf = chess_square_make (s[0] - 'a', s[1] - '1');
          ChessSquare ct = chess_square_make (s[k] - 'a', s[k + 1] - '1');
          ChessPieceType cp = CHESS_NO_PIECE_TYPE;
          size_t e = k + 2;
          bool ok = true;

          if (e < n && s[e] == '=')
            e++;
          if (e < n && promo_type (s[e]) != CHESS_NO_PIECE_TYPE)
            cp = promo_type (s[e++]);
          else if (e + 3 <= n && s[e] == '(' && promo_type (s[e + 1]) && s[e + 2] == ')')
            {
              cp = promo_type (s[e + 1]);
              e += 3;
            }
          if (e != n)
            ok = false;
          if (ok)
            {
              ChessMove m = chess_position_find_move (pos, cf, ct, cp);
              char fname[3], tname[3];
              if (m == CHESS_MOVE_NONE)
                {
                  chess_square_name (cf, fname);
                  chess_square_name (ct, tname);
                  return fail (error, CHESS_ERROR_SAN_ILLEGAL,
                               CHESS_N_ ("illegal: no legal move from %s to %s"), fname, tname);
                }
              if (chess_move_kind (m) == CHESS_MOVE_PROMOTION && cp == CHESS_NO_PIECE_TYPE)
                return fail (error, CHESS_ERROR_SAN_AMBIGUOUS,
                             CHESS_N_ ("ambiguous: '%s' promotes but names no piece (q, r, b or n)%s"), SHOWN (), "");
              return m;
            }
        }
    }

  /* The piece letter; a lower-case b is always the b-file. */
  switch (s[0])
    {
    case 'K': case 'k': type = CHESS_KING; i = 1; break;
    case 'Q': case 'q': type = CHESS_QUEEN; i = 1; break;
    case 'R': case 'r': type = CHESS_ROOK; i = 1; break;
    case 'B': type = CHESS_BISHOP; i = 1; break;
    case 'N': case 'n': type = CHESS_KNIGHT; i = 1; break;
    case 'P': type = CHESS_PAWN; i = 1; break;
    default: break;
    }

  /* Promotion: "=Q", "Q", "(Q)", any case. */
  if (n >= i + 4 && s[n - 1] == ')' && s[n - 3] == '(' && promo_type (s[n - 2]))
    {
      promo = promo_type (s[n - 2]);
      n -= 3;
    }
  else if (n >= i + 3 && promo_type (s[n - 1]) && (s[n - 2] == '=' || is_rank (s[n - 2])))
    {
      promo = promo_type (s[n - 1]);
      n--;
      if (s[n - 1] == '=')
        n--;
    }

  if (n < i + 2 || !is_file (s[n - 2]) || !is_rank (s[n - 1]))
    return fail (error, CHESS_ERROR_SAN_SYNTAX, CHESS_N_ ("not a move: '%s'%s"), SHOWN (), "");
  to = chess_square_make (s[n - 2] - 'a', s[n - 1] - '1');
  n -= 2;
  if (n > i && (s[n - 1] == 'x' || s[n - 1] == ':' || s[n - 1] == '-'))
    n--;
  if (n > i && is_file (s[i]))
    from_file = s[i++] - 'a';
  if (n > i && is_rank (s[i]))
    from_rank = s[i++] - '1';
  if (i != n)
    return fail (error, CHESS_ERROR_SAN_SYNTAX, CHESS_N_ ("not a move: '%s'%s"), SHOWN (), "");
  if (promo != CHESS_NO_PIECE_TYPE && type != CHESS_PAWN)
    return fail (error, CHESS_ERROR_SAN_SYNTAX,
                 CHESS_N_ ("not a move: '%s' (only a pawn promotes)%s"), SHOWN (), "");

  q = (SanQuery) { type, promo, from_file, from_rank, to };
  found[0] = find_fitting (pos, &q, &nfound);
  if (nfound == 1)
    return found[0];
  if (nfound > 1)
    nfound = find_fitting_listed (pos, &q, found);

  if (nfound > 1)
    {
      char list_text[120], one[CHESS_SAN_MAX];
      size_t used = 0;

      if (chess_move_kind (found[0]) == CHESS_MOVE_PROMOTION && promo == CHESS_NO_PIECE_TYPE
          && chess_move_from (found[0]) == chess_move_from (found[1]))
        return fail (error, CHESS_ERROR_SAN_AMBIGUOUS,
                     CHESS_N_ ("ambiguous: '%s' promotes but names no piece (=Q, =R, =B or =N)%s"), SHOWN (), "");
      list_text[0] = '\0';
      for (unsigned k = 0; k < nfound && k < 4; k++)
        {
          san_write (pos, found[k], NULL, one, sizeof one, false);
          used += (size_t) snprintf (list_text + used, sizeof list_text - used, "%s%s",
                                     k == 0 ? "" : (k + 1 == nfound || k == 3) ? chess_error_translate (CHESS_N_ (" and ")) : chess_error_translate (CHESS_N_ (", ")), one);
          if (used >= sizeof list_text)
            break;
        }
      return fail (error, CHESS_ERROR_SAN_AMBIGUOUS, CHESS_N_ ("ambiguous: %s %s"), list_text,
                   chess_error_translate (nfound == 2 ? CHESS_N_ ("both fit") : CHESS_N_ ("all fit")));
    }

  /* Nothing fits: say why as precisely as is cheap. */
  {
    ChessBitboard sources = named_sources (&q, pseudo_sources (pos, type, to));
    char msg[160], sq[3];

    chess_square_name (to, sq);
    if (sources)
      {
        const char *why = type == CHESS_PAWN && ((to >> 3) == 7 || (to >> 3) == 0)
                          && promo == CHESS_NO_PIECE_TYPE ? CHESS_N_ ("'%s' needs a promotion piece%.0s")
                          : type == CHESS_KING ? CHESS_N_ ("'%s' would put the %s king in check")
                          : CHESS_N_ ("'%s' would leave the %s king in check");
        snprintf (msg, sizeof msg, chess_error_translate (why), SHOWN (),
                  chess_error_translate (color_names[pos->side & 1]));
      }
    else
      snprintf (msg, sizeof msg, chess_error_translate (CHESS_N_ ("no %s %s can move to %s")),
                chess_error_translate (color_names[pos->side & 1]),
                chess_error_translate (type_names[type]), sq);
    return fail (error, CHESS_ERROR_SAN_ILLEGAL, CHESS_N_ ("illegal: %s%s"), msg, "");
  }
#undef SHOWN
}

static inline void
clear_error (ChessError *error)
{
  if (error)
    {
      error->code = CHESS_OK;
      error->line = error->column = error->offset = 0;
      error->message[0] = '\0';
    }
}

ChessMove
chess_san_parse (const ChessPosition *pos,
                 const char          *text,
                 size_t               len,
                 ChessError          *error)
{
  ChessMove m;

  _chess_init_fast ();
  clear_error (error);
  if (text != NULL && (m = parse_plain (pos, text, len)) != CHESS_MOVE_NONE)
    return m;
  return parse_tolerant (pos, text, len, error);
}

ChessMove
_chess_san_parse_general (const ChessPosition *pos,
                          const char          *text,
                          size_t               len,
                          ChessError          *error)
{
  _chess_init_fast ();
  clear_error (error);
  return parse_tolerant (pos, text, len, error);
}
