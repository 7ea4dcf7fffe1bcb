/* chess-uci.c — what a UCI engine says, read into values (libc only).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-uci.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-san.h"

/* A cursor over one line. Tokens are runs of bytes other than space, tab,
 * CR, LF and NUL (an engine's stray NUL must not end our reading early). */
typedef struct
{
  const char *p;
  const char *end;
} Cursor;

static bool
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\0'
         || c == '\v' || c == '\f';
}

static void
skip_spaces (Cursor *c)
{
  while (c->p < c->end && is_space (*c->p))
    c->p++;
}

/* The next token, or false at the end of the line. */
static bool
next_token (Cursor *c, const char **tok, size_t *len)
{
  skip_spaces (c);
  if (c->p >= c->end)
    return false;
  *tok = c->p;
  while (c->p < c->end && !is_space (*c->p))
    c->p++;
  *len = (size_t) (c->p - *tok);
  return true;
}

static bool
token_is (const char *tok, size_t len, const char *word)
{
  size_t n = strlen (word);

  return len == n && memcmp (tok, word, n) == 0;
}

/* Copies len bytes into dst (size bytes), cut at a character boundary of
 * UTF-8 if it must be cut, NULs and control bytes turned into spaces. */
static void
copy_text (char *dst, size_t size, const char *src, size_t len)
{
  size_t n = len < size - 1 ? len : size - 1;

  if (n < len)
    {
      /* Do not leave half a UTF-8 sequence at the cut. */
      while (n > 0 && ((unsigned char) src[n] & 0xc0) == 0x80)
        n--;
    }
  for (size_t i = 0; i < n; i++)
    {
      unsigned char ch = (unsigned char) src[i];
      dst[i] = (ch < 0x20 || ch == 0x7f) ? ' ' : (char) ch;
    }
  dst[n] = '\0';
}

/* The rest of the line from the cursor, trimmed at both ends. */
static void
copy_rest (Cursor *c, char *dst, size_t size)
{
  const char *end = c->end;

  skip_spaces (c);
  while (end > c->p && is_space (end[-1]))
    end--;
  copy_text (dst, size, c->p, (size_t) (end - c->p));
  c->p = c->end;
}

/* A signed decimal integer token, clamped to [lo, hi]. False when the
 * token is not a number at all. */
static bool
parse_ll (const char *tok, size_t len, long long lo, long long hi, long long *out)
{
  char buf[32];
  char *endp;
  long long v;

  if (len == 0 || len >= sizeof buf)
    {
      /* A number of 32 digits or more: saturate by its sign, if it is one. */
      if (len == 0)
        return false;
      size_t i = (tok[0] == '-' || tok[0] == '+') ? 1 : 0;
      if (i == len)
        return false;
      for (; i < len; i++)
        if (tok[i] < '0' || tok[i] > '9')
          return false;
      *out = tok[0] == '-' ? lo : hi;
      return true;
    }
  memcpy (buf, tok, len);
  buf[len] = '\0';
  errno = 0;
  v = strtoll (buf, &endp, 10);
  if (endp == buf || *endp != '\0')
    return false;
  if (errno == ERANGE)
    v = buf[0] == '-' ? LLONG_MIN : LLONG_MAX;
  if (v < lo)
    v = lo;
  if (v > hi)
    v = hi;
  *out = v;
  return true;
}

static bool
parse_u64 (const char *tok, size_t len, uint64_t *out)
{
  long long v;

  /* A count is never negative: "-1" is garbage, not zero. */
  if (len > 0 && tok[0] == '-')
    return false;
  if (!parse_ll (tok, len, 0, LLONG_MAX, &v))
    return false;
  *out = (uint64_t) v;
  return true;
}

/* A plausible UCI move token: 4 or 5 characters of [a-h][1-8][a-h][1-8][nbrq]?,
 * or "0000", or "(none)". Longer tokens are kept cut so the caller can report
 * them as garbage. */
static void
copy_move (char *dst, const char *tok, size_t len)
{
  copy_text (dst, 8, tok, len);
}

/* --- option ------------------------------------------------------------------ */

/* The keywords that end a value in an option line. A name or value may
 * contain spaces ("Skill Level", "Clear Hash"), so it runs until the next
 * keyword token. */
static bool
is_option_keyword (const char *tok, size_t len)
{
  return token_is (tok, len, "name") || token_is (tok, len, "type")
         || token_is (tok, len, "default") || token_is (tok, len, "min")
         || token_is (tok, len, "max") || token_is (tok, len, "var");
}

/* Reads tokens up to the next keyword into dst (joined by single spaces).
 * Leaves the cursor before the keyword. */
static void
read_words (Cursor *c, char *dst, size_t size)
{
  size_t used = 0;
  const char *tok;
  size_t len;

  dst[0] = '\0';
  for (;;)
    {
      Cursor save = *c;

      if (!next_token (c, &tok, &len))
        break;
      if (is_option_keyword (tok, len))
        {
          *c = save;
          break;
        }
      if (used > 0 && used + 1 < size)
        dst[used++] = ' ';
      if (used + 1 < size)
        {
          copy_text (dst + used, size - used, tok, len);
          used += strlen (dst + used);
        }
      dst[used] = '\0';
    }
}

static void
parse_option (Cursor *c, ChessUciOption *opt)
{
  const char *tok;
  size_t len;
  char word[CHESS_UCI_VALUE_SIZE];

  while (next_token (c, &tok, &len))
    {
      if (token_is (tok, len, "name"))
        read_words (c, opt->name, sizeof opt->name);
      else if (token_is (tok, len, "type"))
        {
          read_words (c, word, sizeof word);
          if (strcmp (word, "check") == 0)
            opt->type = CHESS_UCI_OPTION_CHECK;
          else if (strcmp (word, "spin") == 0)
            opt->type = CHESS_UCI_OPTION_SPIN;
          else if (strcmp (word, "combo") == 0)
            opt->type = CHESS_UCI_OPTION_COMBO;
          else if (strcmp (word, "button") == 0)
            opt->type = CHESS_UCI_OPTION_BUTTON;
          else if (strcmp (word, "string") == 0)
            opt->type = CHESS_UCI_OPTION_STRING;
          else
            opt->type = CHESS_UCI_OPTION_UNKNOWN;
        }
      else if (token_is (tok, len, "default"))
        {
          read_words (c, opt->default_value, sizeof opt->default_value);
          if (strcmp (opt->default_value, "<empty>") == 0)
            opt->default_value[0] = '\0';
          opt->has_default = true;
        }
      else if (token_is (tok, len, "min") || token_is (tok, len, "max"))
        {
          bool is_min = tok[1] == 'i';
          long long v;

          read_words (c, word, sizeof word);
          if (parse_ll (word, strlen (word), LLONG_MIN, LLONG_MAX, &v))
            {
              if (is_min)
                opt->min = v, opt->has_min = true;
              else
                opt->max = v, opt->has_max = true;
            }
        }
      else if (token_is (tok, len, "var"))
        {
          read_words (c, word, sizeof word);
          if (opt->n_vars < CHESS_UCI_MAX_VARS)
            copy_text (opt->vars[opt->n_vars++], CHESS_UCI_VAR_SIZE, word, strlen (word));
        }
      /* Anything else before the first keyword is ignored. */
    }
}

/* --- info -------------------------------------------------------------------- */

static bool
is_info_keyword (const char *tok, size_t len)
{
  static const char *const words[] = {
    "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
    "currmovenumber", "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string",
    "refutation", "currline", "lowerbound", "upperbound", "cp", "mate", "wdl",
  };

  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (token_is (tok, len, words[i]))
      return true;
  return false;
}

/* The token after a keyword when it is a number; the cursor is left on it
 * otherwise (a missing value must not swallow the next keyword). */
static bool
next_number (Cursor *c, long long lo, long long hi, long long *out)
{
  Cursor save = *c;
  const char *tok;
  size_t len;

  if (next_token (c, &tok, &len) && parse_ll (tok, len, lo, hi, out))
    return true;
  *c = save;
  return false;
}

static bool
next_u64 (Cursor *c, uint64_t *out)
{
  Cursor save = *c;
  const char *tok;
  size_t len;

  if (next_token (c, &tok, &len) && parse_u64 (tok, len, out))
    return true;
  *c = save;
  return false;
}

static void
parse_score (Cursor *c, ChessUciInfo *info)
{
  const char *tok;
  size_t len;
  long long v;

  for (;;)
    {
      Cursor save = *c;

      if (!next_token (c, &tok, &len))
        return;
      if (token_is (tok, len, "cp") || token_is (tok, len, "mate"))
        {
          bool mate = tok[0] == 'm';

          if (next_number (c, mate ? -100000 : -1000000, mate ? 100000 : 1000000, &v))
            {
              info->score.kind = mate ? CHESS_UCI_SCORE_MATE : CHESS_UCI_SCORE_CP;
              info->score.value = (int) v;
              info->fields |= CHESS_UCI_INFO_SCORE;
            }
        }
      else if (token_is (tok, len, "lowerbound"))
        info->score.bound = CHESS_UCI_BOUND_LOWER;
      else if (token_is (tok, len, "upperbound"))
        info->score.bound = CHESS_UCI_BOUND_UPPER;
      else if (token_is (tok, len, "wdl"))
        {
          /* Three numbers we do not use. */
          for (int i = 0; i < 3; i++)
            if (!next_number (c, LLONG_MIN, LLONG_MAX, &v))
              break;
        }
      else
        {
          *c = save;
          return;
        }
    }
}

static void
parse_info (Cursor *c, ChessUciInfo *info)
{
  const char *tok;
  size_t len;
  long long v;
  uint64_t u;

  info->multipv = 1;
  while (next_token (c, &tok, &len))
    {
      if (token_is (tok, len, "depth"))
        {
          if (next_number (c, 0, 100000, &v))
            info->depth = (int) v, info->fields |= CHESS_UCI_INFO_DEPTH;
        }
      else if (token_is (tok, len, "seldepth"))
        {
          if (next_number (c, 0, 100000, &v))
            info->seldepth = (int) v, info->fields |= CHESS_UCI_INFO_SELDEPTH;
        }
      else if (token_is (tok, len, "multipv"))
        {
          if (next_number (c, 1, 1000, &v))
            info->multipv = (unsigned) v, info->fields |= CHESS_UCI_INFO_MULTIPV;
        }
      else if (token_is (tok, len, "score"))
        parse_score (c, info);
      else if (token_is (tok, len, "nodes"))
        {
          if (next_u64 (c, &u))
            info->nodes = u, info->fields |= CHESS_UCI_INFO_NODES;
        }
      else if (token_is (tok, len, "nps"))
        {
          if (next_u64 (c, &u))
            info->nps = u, info->fields |= CHESS_UCI_INFO_NPS;
        }
      else if (token_is (tok, len, "time"))
        {
          if (next_u64 (c, &u))
            info->time_ms = u, info->fields |= CHESS_UCI_INFO_TIME;
        }
      else if (token_is (tok, len, "tbhits"))
        {
          if (next_u64 (c, &u))
            info->tbhits = u, info->fields |= CHESS_UCI_INFO_TBHITS;
        }
      else if (token_is (tok, len, "hashfull"))
        {
          if (next_number (c, 0, 1000, &v))
            info->hashfull = (int) v, info->fields |= CHESS_UCI_INFO_HASHFULL;
        }
      else if (token_is (tok, len, "currmovenumber"))
        {
          if (next_number (c, 0, 1000, &v))
            info->currmovenumber = (unsigned) v, info->fields |= CHESS_UCI_INFO_CURRMOVENUMBER;
        }
      else if (token_is (tok, len, "currmove"))
        {
          Cursor save = *c;

          if (next_token (c, &tok, &len) && !is_info_keyword (tok, len))
            {
              copy_move (info->currmove, tok, len);
              info->fields |= CHESS_UCI_INFO_CURRMOVE;
            }
          else
            *c = save;
        }
      else if (token_is (tok, len, "pv"))
        {
          /* The moves run until the next keyword (or the end). */
          info->fields |= CHESS_UCI_INFO_PV;
          info->pv_len = 0;
          for (;;)
            {
              Cursor save = *c;

              if (!next_token (c, &tok, &len))
                break;
              if (is_info_keyword (tok, len))
                {
                  *c = save;
                  break;
                }
              if (info->pv_len < CHESS_UCI_MAX_PV)
                copy_move (info->pv[info->pv_len++], tok, len);
            }
        }
      else if (token_is (tok, len, "string"))
        {
          copy_rest (c, info->string, sizeof info->string);
          info->fields |= CHESS_UCI_INFO_STRING;
        }
      /* Unknown tokens (sbhits, cpuload, refutation, currline, junk) and their
       * values are skipped one token at a time. */
    }
}

/* --- lines ------------------------------------------------------------------- */

ChessUciLineKind
chess_uci_parse_line (const char *line, size_t len, ChessUciLine *out)
{
  Cursor c = { line, line + len };
  const char *tok;
  size_t tlen;

  memset (out, 0, sizeof *out);
  out->info.multipv = 1;
  if (line == NULL)
    return out->kind = CHESS_UCI_LINE_UNKNOWN;

  /* UCI lets an engine send junk before a command ("joho debug on"): skip
   * unknown leading tokens until one we know. */
  while (next_token (&c, &tok, &tlen))
    {
      if (token_is (tok, tlen, "id"))
        {
          if (!next_token (&c, &tok, &tlen))
            return out->kind = CHESS_UCI_LINE_UNKNOWN;
          if (token_is (tok, tlen, "name"))
            out->kind = CHESS_UCI_LINE_ID_NAME;
          else if (token_is (tok, tlen, "author"))
            out->kind = CHESS_UCI_LINE_ID_AUTHOR;
          else
            return out->kind = CHESS_UCI_LINE_UNKNOWN;
          copy_rest (&c, out->text, sizeof out->text);
          return out->kind;
        }
      if (token_is (tok, tlen, "uciok"))
        return out->kind = CHESS_UCI_LINE_UCIOK;
      if (token_is (tok, tlen, "readyok"))
        return out->kind = CHESS_UCI_LINE_READYOK;
      if (token_is (tok, tlen, "bestmove"))
        {
          out->kind = CHESS_UCI_LINE_BESTMOVE;
          if (next_token (&c, &tok, &tlen))
            {
              copy_move (out->bestmove, tok, tlen);
              out->bestmove_valid = true;
              if (next_token (&c, &tok, &tlen) && token_is (tok, tlen, "ponder")
                  && next_token (&c, &tok, &tlen))
                copy_move (out->ponder, tok, tlen);
            }
          return out->kind;
        }
      if (token_is (tok, tlen, "option"))
        {
          out->kind = CHESS_UCI_LINE_OPTION;
          parse_option (&c, &out->option);
          if (out->option.name[0] == '\0')
            return out->kind = CHESS_UCI_LINE_UNKNOWN;
          return out->kind;
        }
      if (token_is (tok, tlen, "info"))
        {
          out->kind = CHESS_UCI_LINE_INFO;
          parse_info (&c, &out->info);
          return out->kind;
        }
      /* copyprotection, registration and anything else: not ours. */
      if (token_is (tok, tlen, "copyprotection") || token_is (tok, tlen, "registration"))
        return out->kind = CHESS_UCI_LINE_UNKNOWN;
    }
  return out->kind = CHESS_UCI_LINE_UNKNOWN;
}

/* --- moves ------------------------------------------------------------------- */

ChessMove
chess_uci_move_parse (const ChessPosition *pos, const char *text)
{
  ChessMoveList list;
  size_t len;
  int ff, fr, tf, tr;
  ChessPieceType promo = CHESS_NO_PIECE_TYPE;
  ChessSquare from, to;

  if (text == NULL)
    return CHESS_MOVE_NONE;
  len = strlen (text);
  if (len != 4 && len != 5)
    return CHESS_MOVE_NONE;
  ff = text[0] - 'a';
  fr = text[1] - '1';
  tf = text[2] - 'a';
  tr = text[3] - '1';
  if (ff < 0 || ff > 7 || fr < 0 || fr > 7 || tf < 0 || tf > 7 || tr < 0 || tr > 7)
    return CHESS_MOVE_NONE;
  if (len == 5)
    {
      switch (text[4])
        {
        case 'n': case 'N': promo = CHESS_KNIGHT; break;
        case 'b': case 'B': promo = CHESS_BISHOP; break;
        case 'r': case 'R': promo = CHESS_ROOK; break;
        case 'q': case 'Q': promo = CHESS_QUEEN; break;
        default: return CHESS_MOVE_NONE;
        }
    }
  from = chess_square_make (ff, fr);
  to = chess_square_make (tf, tr);

  chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      ChessSquare mto = chess_move_to (m);

      if (chess_move_from (m) != from)
        continue;
      if (chess_move_kind (m) == CHESS_MOVE_CASTLING && mto != to)
        {
          /* Chess960 engines name castling as king takes own rook. */
          ChessPiece rook = chess_position_piece_at (pos, to);
          bool kingside = chess_square_file (mto) == 6;

          if (rook != chess_piece_make (pos->side, CHESS_ROOK)
              || chess_square_rank (to) != chess_square_rank (from)
              || (kingside ? tf != 7 : tf != 0))
            continue;
          if (promo != CHESS_NO_PIECE_TYPE)
            continue;
          return m;
        }
      if (mto != to)
        continue;
      if (chess_move_promotion (m) != promo)
        continue;
      return m;
    }
  return CHESS_MOVE_NONE;
}

unsigned
chess_uci_pv_to_san (const ChessPosition *pos,
                     const char          (*pv)[8],
                     unsigned             pv_len,
                     ChessMove           *moves_out,
                     unsigned             max_moves,
                     char                *buf,
                     size_t               size)
{
  ChessPosition p = *pos;
  size_t used = 0;
  bool full = false;
  unsigned n = 0;

  if (size > 0)
    buf[0] = '\0';
  for (unsigned i = 0; i < pv_len; i++)
    {
      char san[CHESS_SAN_MAX];
      ChessMove m = chess_uci_move_parse (&p, pv[i]);
      size_t sl;

      if (m == CHESS_MOVE_NONE)
        break;
      chess_san_write (&p, m, san);
      sl = strlen (san);
      if (!full && size > 0 && used + (used > 0) + sl < size)
        {
          if (used > 0)
            buf[used++] = ' ';
          memcpy (buf + used, san, sl + 1);
          used += sl;
        }
      else
        full = true;
      if (moves_out != NULL && n < max_moves)
        moves_out[n] = m;
      n++;
      chess_position_make_move (&p, m);
    }
  return n;
}

/* --- scores ------------------------------------------------------------------ */

/* White's point of view: the sign flips when Black is to move. */
static ChessUciScore
white_score (ChessUciScore score, ChessColor side)
{
  if (side == CHESS_BLACK)
    score.value = -score.value;
  return score;
}

/* Whether White mates, from a white-view mate value; "mate 0" means the
 * side to move is mated already. */
static bool
white_mates (ChessUciScore white, ChessColor side)
{
  if (white.value != 0)
    return white.value > 0;
  return side == CHESS_BLACK;
}

char *
chess_uci_score_format (ChessUciScore score, ChessColor side, char *buf)
{
  ChessUciScore w = white_score (score, side);

  switch (score.kind)
    {
    case CHESS_UCI_SCORE_CP:
      if (w.value == 0)
        snprintf (buf, 16, "0.00");
      else
        snprintf (buf, 16, "%c%d.%02d", w.value > 0 ? '+' : '-',
                  abs (w.value) / 100, abs (w.value) % 100);
      break;
    case CHESS_UCI_SCORE_MATE:
      snprintf (buf, 16, "%s#%d", white_mates (w, side) ? "" : "-", abs (w.value));
      break;
    case CHESS_UCI_SCORE_NONE:
    default:
      snprintf (buf, 16, "?");
      break;
    }
  return buf;
}

char *
chess_uci_score_format_eval (ChessUciScore score, ChessColor side, char *buf)
{
  ChessUciScore w = white_score (score, side);

  switch (score.kind)
    {
    case CHESS_UCI_SCORE_CP:
      snprintf (buf, 16, "%s%d.%02d", w.value < 0 ? "-" : "",
                abs (w.value) / 100, abs (w.value) % 100);
      break;
    case CHESS_UCI_SCORE_MATE:
      snprintf (buf, 16, "#%s%d", white_mates (w, side) ? "" : "-", abs (w.value));
      break;
    case CHESS_UCI_SCORE_NONE:
    default:
      snprintf (buf, 16, "0.00");
      break;
    }
  return buf;
}

int
chess_uci_score_to_cp (ChessUciScore score)
{
  switch (score.kind)
    {
    case CHESS_UCI_SCORE_CP:
      return score.value;
    case CHESS_UCI_SCORE_MATE:
      if (score.value > 0)
        return 100000 - score.value;
      return -100000 - score.value; /* mate -3 → -99997; mate 0 → -100000 */
    case CHESS_UCI_SCORE_NONE:
    default:
      return 0;
    }
}

/* Lichess's model (lila, WinPercent.scala): the win chance of the side to
 * move is 1 / (1 + exp (-0.00368208 × cp)), with cp clamped to ±1000 and a
 * mate in n counted as (21 − min (10, n)) × 100 cp — a mate is worth more
 * than any advantage, and a nearer mate slightly more. */
static double
win_probability_stm (ChessUciScore score)
{
  double cp;

  switch (score.kind)
    {
    case CHESS_UCI_SCORE_CP:
      cp = score.value;
      if (cp > 1000)
        cp = 1000;
      if (cp < -1000)
        cp = -1000;
      break;
    case CHESS_UCI_SCORE_MATE:
      {
        int n = abs (score.value);
        cp = (21 - (n < 10 ? n : 10)) * 100.0;
        if (score.value <= 0)
          cp = -cp;
      }
      break;
    case CHESS_UCI_SCORE_NONE:
    default:
      cp = 0;
      break;
    }
  return 1.0 / (1.0 + exp (-0.00368208 * cp));
}

double
chess_uci_score_white_win_probability (ChessUciScore score, ChessColor side)
{
  double p = win_probability_stm (score);

  return side == CHESS_WHITE ? p : 1.0 - p;
}

unsigned
chess_uci_nag_for_loss (double loss)
{
  if (loss >= CHESS_UCI_LOSS_BLUNDER)
    return 4;
  if (loss >= CHESS_UCI_LOSS_MISTAKE)
    return 2;
  if (loss >= CHESS_UCI_LOSS_INACCURACY)
    return 6;
  return 0;
}

/* --- play -------------------------------------------------------------------- */

/* Levels 1–8. Stockfish's Skill Level (0–20) weakens it by picking among
 * the best moves at random with a spread that shrinks as the level rises;
 * UCI_Elo (Stockfish 15: 1350–2850) is the better-calibrated knob where
 * offered, so a level gives both and the engine uses what it has. Think
 * times grow with the level so that the low levels answer quickly. */
static const ChessEngineLevel levels[8] = {
  { 1,  0, 1350,  100, 1 },
  { 2,  3, 1500,  200, 2 },
  { 3,  6, 1700,  300, 4 },
  { 4,  9, 1900,  500, 6 },
  { 5, 12, 2100,  700, 0 },
  { 6, 15, 2300, 1000, 0 },
  { 7, 18, 2600, 1500, 0 },
  { 8, 20,    0, 2000, 0 },
};

void
chess_engine_level_get (unsigned level, ChessEngineLevel *out)
{
  if (level < 1)
    level = 1;
  if (level > 8)
    level = 8;
  *out = levels[level - 1];
}

bool
chess_engine_accepts_draw (int eval_cp, unsigned move_number)
{
  return move_number >= CHESS_ENGINE_DRAW_MIN_MOVE && eval_cp <= CHESS_ENGINE_DRAW_ACCEPT_CP;
}

bool
chess_engine_claims_draw (int eval_cp, bool claim_allowed)
{
  return claim_allowed && eval_cp <= CHESS_ENGINE_DRAW_CLAIM_CP;
}
