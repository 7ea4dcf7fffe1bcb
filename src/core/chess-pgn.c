/* chess-pgn.c — the streaming PGN reader and the game builder on top of it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lexer works on whatever bytes it is given. A token cut by the end of
 * a chunk (a move, a tag, a NAG, a three-byte UTF-8 dash) is left unread:
 * feed() keeps those few bytes in a small carry buffer and reads them again
 * with the start of the next chunk. Tokens of unbounded length (comments,
 * % lines, junk) are consumed piecemeal with their own lexer state, so the
 * carry never holds more than a capped tag. Nothing else is copied.
 */
#include "chess-pgn.h"
#include "chess-game-private.h"
#include "chess-pgn-private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-pgn-lex.h"
#include "chess-san.h"

typedef enum
{
  LEX_NORMAL,
  LEX_BRACE_COMMENT,    /* inside { } */
  LEX_LINE_COMMENT,     /* after ; to the end of the line */
  LEX_SKIP_LINE,        /* % escape line, or the rest of a bad tag's line */
  LEX_SKIP_SYMBOL,      /* the rest of an over-long token */
  LEX_SKIP_GAP,         /* text between games: to the line end or a '[' */
} LexState;

typedef enum
{
  GAME_NONE,            /* between games */
  GAME_TAGS,            /* in the tag section */
  GAME_MOVES,           /* in the movetext */
  GAME_SKIP,            /* after an error: skipping to the end of the game */
} GameState;

typedef struct
{
  ChessPosition    cur;      /* after the last move of this line */
  ChessPosition    prev;     /* before it: where a variation starts */
  bool             has_move;
  ChessPgnLocation open;     /* where its '(' was */
} Level;

struct _ChessPgnParser
{
  ChessPgnVisitor  v;
  void            *user_data;
  ChessPgnFlags    flags;
  bool             stopped;
  bool             finished;

  /* Where buf[0] of the current process() call lies, and line tracking. */
  uint64_t         offset;
  unsigned long    line;
  uint64_t         line_start;
  unsigned char    prev_byte;
  ChessPgnLocation tok;

  char            *carry;
  size_t           carry_len;
  size_t           carry_cap;

  LexState         lex;
  GameState        game;
  bool             skip_saw_moves;  /* GAME_SKIP: movetext already reached */
  bool             have_start;
  uint64_t         game_end_offset;

  char            *comment;         /* grows up to CHESS_PGN_MAX_COMMENT + 1 */
  size_t           comment_cap;
  size_t           comment_len;
  bool             comment_overflow;
  ChessPgnLocation comment_loc;

  char            *fen;             /* the FEN tag, if any */
  ChessPgnLocation fen_loc;
  bool             setup;
  ChessPgnLocation setup_loc;

  Level           *levels;
  unsigned         depth;
  unsigned         levels_cap;
  unsigned         plain_depth;     /* CHESS_PGN_NO_MOVES: just a counter */

  char            *tag_value;       /* unescaped value, CHESS_PGN_MAX_TAG */
  ChessPosition    initial;         /* the standard start, made once */

  uint64_t         n_games;
  uint64_t         n_errors;
  uint64_t         n_warnings;
  uint64_t         error_rest;      /* chess_pgn_parser_error_rest () */
  unsigned         skip_var;        /* > 0: skipping the rest of the variation at this depth */
  unsigned         skip_nest;       /* variations opened inside the skipped one */
  bool             skip_var_seen;   /* the visitor saw that variation's start */
  bool             gap_warned;      /* text between games: warned once per gap */
  uint64_t         detected_at;     /* for fail (): where the error was found, if not at loc */
};

static void *
xmalloc (size_t size)
{
  void *p = malloc (size ? size : 1);

  if (p == NULL)
    abort ();
  return p;
}

static void *
xrealloc (void  *p,
          size_t size)
{
  p = realloc (p, size ? size : 1);
  if (p == NULL)
    abort ();
  return p;
}

/* Calls the visitor's callback, if it has one, unless a callback asked to
 * stop: after chess_pgn_parser_stop () nothing more is said. */
#define VISIT(p, cb, ...) \
  do { \
    if ((p)->v.cb != NULL && !(p)->stopped) \
      (p)->v.cb ((p)->user_data, ##__VA_ARGS__); \
  } while (0)

/* --- Character classes ----------------------------------------------------- */

static inline bool
is_space (unsigned char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline bool
is_alnum (unsigned char c)
{
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static inline bool
is_digit (unsigned char c)
{
  return c >= '0' && c <= '9';
}

#define symbol_byte  _chess_pgn_symbol_byte
#define symbol_ascii _chess_pgn_symbol_ascii

/* What a byte can start, for the lexer's dispatch. */
enum
{
  BYTE_OTHER = 0,
  BYTE_BLANK,     /* space, tab */
  BYTE_EOL,       /* line feed, carriage return */
  BYTE_SYMBOL,    /* letter, digit, '-': a move, move number or result */
};

static const uint8_t byte_class[256] = {
  [' '] = BYTE_BLANK, ['\t'] = BYTE_BLANK, ['\n'] = BYTE_EOL, ['\r'] = BYTE_EOL,
  ['0' ... '9'] = BYTE_SYMBOL, ['A' ... 'Z'] = BYTE_SYMBOL, ['a' ... 'z'] = BYTE_SYMBOL,
  ['-'] = BYTE_SYMBOL,
};

/* --- Locations and errors -------------------------------------------------- */

/* Where the byte at an input offset is, when it is on the line being read. */
static inline ChessPgnLocation
loc_of (const ChessPgnParser *p,
        uint64_t              offset)
{
  ChessPgnLocation loc;

  loc.offset = offset;
  loc.line = p->line;
  loc.column = (unsigned long) (offset - p->line_start + 1);
  return loc;
}

/* The same for buf[i] of the current process () call. */
static inline ChessPgnLocation
loc_at (const ChessPgnParser *p,
        size_t                i)
{
  return loc_of (p, p->offset + i);
}

/* Counts a line end at buf[i]; CRLF counts once, a lone CR counts too. */
static inline void
newline (ChessPgnParser      *p,
         const unsigned char *buf,
         size_t               i)
{
  unsigned char c = buf[i];
  unsigned char prev = i > 0 ? buf[i - 1] : p->prev_byte;

  if (c == '\n' && prev == '\r')
    {
      p->line_start = p->offset + i + 1;
      return;
    }
  p->line++;
  p->line_start = p->offset + i + 1;
}

static void game_end (ChessPgnParser *p, bool ok, uint64_t end);

static void
fail (ChessPgnParser         *p,
      ChessErrorCode          code,
      const ChessPgnLocation *loc,
      const char             *format,
      ...) __attribute__ ((format (printf, 4, 5)));

/* Reports an error for the game in progress and skips the rest of it. */
static void
fail (ChessPgnParser         *p,
      ChessErrorCode          code,
      const ChessPgnLocation *loc,
      const char             *format,
      ...)
{
  ChessError error;
  va_list args;

  if (p->game == GAME_SKIP || p->game == GAME_NONE)
    {
      p->detected_at = UINT64_MAX;
      return;
    }
  error.code = code;
  error.severity = CHESS_SEVERITY_ERROR;
  error.line = loc->line;
  error.column = loc->column;
  error.offset = (size_t) loc->offset;
  format = chess_error_translate (format);
  va_start (args, format);
  vsnprintf (error.message, sizeof error.message, format, args);
  va_end (args);

  p->error_rest = p->detected_at != UINT64_MAX ? p->detected_at : loc->offset;
  p->detected_at = UINT64_MAX;
  p->n_errors++;
  p->skip_saw_moves = p->game == GAME_MOVES;
  p->game = GAME_SKIP;
  VISIT (p, error, &error);
}

/* Reports damage that is read through: the game goes on. Not for a game
 * already refused, whose warnings would only add noise. */
void
_chess_pgn_warn (ChessPgnParser         *p,
                 const ChessPgnLocation *loc,
                 const char             *format,
                 ...)
{
  ChessError warning;
  va_list args;

  if (p->game == GAME_SKIP)
    return;
  warning.code = CHESS_ERROR_PGN;
  warning.severity = CHESS_SEVERITY_WARNING;
  warning.line = loc->line;
  warning.column = loc->column;
  warning.offset = (size_t) loc->offset;
  format = chess_error_translate (format);
  va_start (args, format);
  vsnprintf (warning.message, sizeof warning.message, format, args);
  va_end (args);
  p->n_warnings++;
  VISIT (p, warning, &warning);
}

/* --- Games ----------------------------------------------------------------- */

static void
game_begin (ChessPgnParser         *p,
            const ChessPgnLocation *loc)
{
  p->game = GAME_TAGS;
  p->skip_saw_moves = false;
  p->have_start = false;
  p->setup = false;
  p->fen[0] = '\0';
  p->depth = 0;
  p->plain_depth = 0;
  p->skip_var = 0;
  p->skip_nest = 0;
  p->gap_warned = false;
  p->n_games++;
  p->tok = *loc;
  VISIT (p, game_start, loc);
}

static void
game_end (ChessPgnParser *p,
          bool            ok,
          uint64_t        end)
{
  p->game = GAME_NONE;
  p->game_end_offset = end;
  p->gap_warned = false;
  VISIT (p, game_end, ok);
}

/* A FEN refused only for its castling rights (KQkq with the king or a rook
 * away from its corner): a Chess960 start. */
static __attribute__ ((noinline)) bool
_chess_pgn_fen_castles_960 (const char *fen)
{
  char copy[CHESS_FEN_MAX + 8];
  ChessPosition pos;
  size_t n = strlen (fen), field = 0, i = 0, start, end;

  if (n >= CHESS_FEN_MAX)
    return false;
  /* The third field. */
  while (i < n && fen[i] == ' ')
    i++;
  for (; i < n && field < 2; field++)
    {
      while (i < n && fen[i] != ' ')
        i++;
      while (i < n && fen[i] == ' ')
        i++;
    }
  start = i;
  while (i < n && fen[i] != ' ')
    i++;
  end = i;
  if (end == start || (end - start == 1 && fen[start] == '-'))
    return false;
  memcpy (copy, fen, start);
  copy[start] = '-';
  memcpy (copy + start + 1, fen + end, n - end + 1);
  return chess_fen_parse (&pos, copy, strlen (copy), NULL);
}

/* The start position, from the FEN tag when there is one. Called at the
 * first token of the movetext. Returns false after reporting an error. */
static bool
ensure_start (ChessPgnParser *p,
              uint64_t        at)
{
  ChessError error;
  Level *level;

  if (p->have_start)
    return true;
  p->have_start = true;
  if (p->flags & CHESS_PGN_NO_MOVES)
    return true;

  if (p->levels_cap == 0)
    {
      p->levels_cap = 8;
      p->levels = xmalloc (p->levels_cap * sizeof (Level));
    }
  level = &p->levels[0];
  level->has_move = false;
  p->depth = 0;
  p->detected_at = at;
  if (p->fen[0] != '\0')
    {
      const char *variant = _chess_pgn_fen_variant (p->fen);
      if (variant != NULL)
        {
          fail (p, CHESS_ERROR_FEN, &p->fen_loc, CHESS_N_ ("variant not supported: %.60s"), variant);
          return false;
        }
      if (!chess_fen_parse (&level->cur, p->fen, strlen (p->fen), &error))
        {
          if (_chess_pgn_fen_castles_960 (p->fen))
            fail (p, CHESS_ERROR_FEN, &p->fen_loc, CHESS_N_ ("variant not supported: %.60s"), "Chess960");
          else
            fail (p, CHESS_ERROR_FEN, &p->fen_loc, CHESS_N_ ("bad FEN tag: %s"), error.message);
          return false;
        }
    }
  else if (p->setup)
    {
      fail (p, CHESS_ERROR_PGN, &p->setup_loc, CHESS_N_ ("SetUp tag without a FEN tag"));
      return false;
    }
  else
    level->cur = p->initial;
  p->detected_at = UINT64_MAX;
  VISIT (p, start_position, &level->cur);
  return true;
}

/* --- Tokens ---------------------------------------------------------------- */

/* A tag read: name (NUL-terminated, name_len bytes) and p->tag_value
 * (NUL-terminated, vlen bytes). */
static void
deliver_tag (ChessPgnParser         *p,
             const char             *name,
             size_t                  name_len,
             size_t                  vlen,
             const ChessPgnLocation *loc)
{
  if (p->game == GAME_SKIP)
    return;
  if (name_len == 3 && memcmp (name, "FEN", 3) == 0)
    {
      memcpy (p->fen, p->tag_value, vlen + 1);
      p->fen_loc = *loc;
    }
  else if (name_len == 5 && memcmp (name, "SetUp", 5) == 0)
    {
      p->setup = strcmp (p->tag_value, "1") == 0;
      p->setup_loc = *loc;
    }
  else if (name_len == 7 && memcmp (name, "Variant", 7) == 0 && !_chess_pgn_standard_variant (p->tag_value))
    {
      /* Chess960, Crazyhouse, Antichess...: their moves are not this
       * game's, so one clear error instead of one about castling or SAN. */
      fail (p, CHESS_ERROR_PGN, loc, CHESS_N_ ("variant not supported: %.60s"), p->tag_value);
      return;
    }
  VISIT (p, tag, name, p->tag_value, vlen);
}

#define simple_tag _chess_pgn_simple_tag
#define name_byte _chess_pgn_name_byte

/* Handles one complete [Name "value"] of n bytes at t (t[0] == '[',
 * t[n - 1] == ']'). */
static void
handle_tag (ChessPgnParser         *p,
            const unsigned char    *t,
            size_t                  n,
            const ChessPgnLocation *loc)
{
  char name[256];
  size_t i = 1, k = 0, vlen = 0;

  while (i < n && (t[i] == ' ' || t[i] == '\t'))
    i++;
  while (i < n && (is_alnum (t[i]) || (t[i] == '_' && k > 0)) && k < sizeof name - 1)
    name[k++] = (char) t[i++];
  name[k] = '\0';
  if (k == 0 || (i < n && (is_alnum (t[i]) || t[i] == '_')))
    {
      fail (p, CHESS_ERROR_PGN, loc, CHESS_N_ ("bad tag: expected a tag name after '['"));
      return;
    }
  while (i < n && (t[i] == ' ' || t[i] == '\t'))
    i++;
  if (i >= n || t[i] != '"')
    {
      fail (p, CHESS_ERROR_PGN, loc, CHESS_N_ ("bad tag %s: expected '\"' before the value"), name);
      return;
    }
  /* The value ends at the last '"' before the ']': quotes inside it that
   * were not escaped are read as part of it ([Annotator "Lopez "Battle
   * Royale""]), and a value whose quote never closes ends at the ']'
   * ([Annotator "Krush, I]). Both with a warning. */
  size_t last = n - 1;
  bool inner_quote = false;
  while (last > i && t[last] != '"')
    last--;
  if (last == i)
    {
      last = n - 1;
      while (last > i + 1 && (t[last - 1] == ' ' || t[last - 1] == '\t'))
        last--;
      _chess_pgn_warn (p, loc, CHESS_N_ ("tag %s: the value has no closing '\"'"), name);
    }
  for (i++; i < last; i++)
    {
      unsigned char c = t[i];
      if (c == '\\' && i + 1 < n && (t[i + 1] == '"' || t[i + 1] == '\\'))
        c = t[++i];
      else if (c == '"')
        inner_quote = true;
      p->tag_value[vlen++] = (char) c;
    }
  p->tag_value[vlen] = '\0';
  if (inner_quote)
    _chess_pgn_warn (p, loc, CHESS_N_ ("tag %s: a '\"' inside the value is not escaped"), name);
  for (i = last + 1; i < n - 1; i++)
    if (t[i] != ' ' && t[i] != '\t')
      {
        fail (p, CHESS_ERROR_PGN, loc, CHESS_N_ ("bad tag %s: unexpected '%c' after the value"),
              name, t[i] >= 32 && t[i] < 127 ? t[i] : '?');
        return;
      }
  deliver_tag (p, name, k, vlen, loc);
}

static void
emit_nag (ChessPgnParser *p,
          unsigned        nag)
{
  if (p->game == GAME_SKIP || p->skip_var != 0)
    return;
  VISIT (p, nag, nag);
}

/* The NAG of a suffix like "!?", 0 when it is not one of the six. */
static unsigned
suffix_nag (const char *s,
            size_t      n)
{
  static const char *const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };

  for (unsigned i = 0; i < 6; i++)
    if (strlen (suffixes[i]) == n && memcmp (suffixes[i], s, n) == 0)
      return i + 1;
  return 0;
}

static void
emit_result (ChessPgnParser         *p,
             const char             *result,
             const ChessPgnLocation *loc,
             uint64_t                end)
{
  if (p->game == GAME_NONE)
    {
      /* A result with no game before it: an empty game. */
      game_begin (p, loc);
    }
  if (p->game != GAME_SKIP && ensure_start (p, loc->offset))
    {
      if ((p->flags & CHESS_PGN_NO_MOVES) ? p->plain_depth > 0 : p->depth > 0)
        {
          ChessPgnLocation open = (p->flags & CHESS_PGN_NO_MOVES) ? *loc
                                                                   : p->levels[p->depth].open;
          p->detected_at = loc->offset;
          fail (p, CHESS_ERROR_PGN, &open,
                CHESS_N_ ("unbalanced parentheses: '(' not closed before the result %s"), result);
        }
      else
        VISIT (p, result, result);
    }
  game_end (p, p->game != GAME_SKIP, end);
}

/* Reports a move that cannot be played, with the SAN parser's reason; kept
 * out of handle_move () so that its common path stays small. */
static __attribute__ ((noinline)) void
move_failed (ChessPgnParser         *p,
             const Level            *level,
             const char             *san,
             size_t                  n,
             const ChessPgnLocation *loc,
             const ChessError       *error)
{
  char fen[CHESS_FEN_MAX], text[sizeof error->message];
  ChessErrorCode code = error->code == CHESS_OK ? CHESS_ERROR_SAN_ILLEGAL : error->code;
  const char *what = chess_error_translate (error->code == CHESS_ERROR_SAN_AMBIGUOUS ? CHESS_N_ ("ambiguous move")
                     : error->code == CHESS_ERROR_SAN_SYNTAX  ? CHESS_N_ ("not a move")
                                                              : CHESS_N_ ("illegal move"));
  const char *reason = error->message;
  int shown = n > 40 ? 40 : (int) n;

  /* The SAN parser's message opens with its own "illegal: ": keep the
   * reason only. */
  for (const char *const *prefix = (const char *const[]) { CHESS_N_ ("illegal: "), CHESS_N_ ("ambiguous: "),
                                                          CHESS_N_ ("not a move: "), NULL };
       *prefix != NULL; prefix++)
    {
      /* Under a translation hook (chess-error.h) the prefix is translated. */
      const char *shown_prefix = chess_error_translate (*prefix);
      if (strncmp (reason, *prefix, strlen (*prefix)) == 0)
        reason += strlen (*prefix);
      else if (strncmp (reason, shown_prefix, strlen (shown_prefix)) == 0)
        reason += strlen (shown_prefix);
    }
  if (memchr (san, '@', n) != NULL)
    {
      /* A piece dropped from the hand. */
      fail (p, CHESS_ERROR_PGN, loc, CHESS_N_ ("variant not supported: %.60s"), "Crazyhouse");
      return;
    }
  if (error->code == CHESS_ERROR_SAN_SYNTAX)
    {
      if (reason[0] == '\'' && strncmp (reason + 1, san, (size_t) shown) == 0
          && reason[shown + 1] == '\'' && reason[shown + 2] == '\0')
        snprintf (text, sizeof text, chess_error_translate (CHESS_N_ ("%s: '%.*s'")), what, shown, san);
      else
        snprintf (text, sizeof text, chess_error_translate (CHESS_N_ ("%s: '%.*s': %s")), what, shown,
                  san, reason);
    }
  else
    {
      chess_fen_write (&level->cur, fen);
      snprintf (text, sizeof text, chess_error_translate (CHESS_N_ ("%s '%.*s': %s (position %s)")),
                what, shown, san, reason, fen);
    }
  if (p->depth == 0)
    {
      fail (p, code, loc, "%s", text);
      return;
    }
  /* In a variation: the game is kept, and so is the variation up to here. */
  _chess_pgn_warn (p, loc, CHESS_N_ ("%s; the rest of the variation is skipped"), text);
  p->skip_var = p->depth;
  p->skip_nest = 0;
  p->skip_var_seen = true;
}

/* A move token: played, or reported at loc (or, when loc is NULL, at the
 * input offset where the token starts, on the current line). */
static void
handle_move (ChessPgnParser         *p,
             const char             *san,
             size_t                  n,
             const ChessPgnLocation *loc,
             uint64_t                offset)
{
  Level *level;
  ChessError error;
  ChessMove move;

  if (p->flags & CHESS_PGN_NO_MOVES)
    {
      VISIT (p, move, san, n, CHESS_MOVE_NONE, NULL);
      return;
    }
  if (p->skip_var != 0)
    return;
  level = &p->levels[p->depth];
  /* Without an error to fill (and clear) first: a refused move is read
   * again for its reason, which is rare and cheap enough. */
  move = chess_san_parse (&level->cur, san, n, NULL);
  if (move == CHESS_MOVE_NONE)
    move = chess_san_parse (&level->cur, san, n, &error);
  if (move == CHESS_MOVE_NULL && chess_position_in_check (&level->cur))
    {
      error.code = CHESS_ERROR_SAN_ILLEGAL;
      snprintf (error.message, sizeof error.message, "%s",
                chess_error_translate (CHESS_N_ ("a null move is not allowed in check")));
      move = CHESS_MOVE_NONE;
    }
  if (move == CHESS_MOVE_NONE)
    {
      /* The movetext's fast run makes no location: the move is on the
       * line being read, so here is where it starts. */
      ChessPgnLocation here;
      if (loc == NULL)
        {
          here = loc_of (p, offset);
          loc = &here;
        }
      /* "exd6ep": en passant noted the French way, glued to the move. */
      if (n > 4 && san[n - 2] == 'e' && san[n - 1] == 'p'
          && (move = chess_san_parse (&level->cur, san, n - 2, NULL)) != CHESS_MOVE_NONE
          && move != CHESS_MOVE_NULL)
        _chess_pgn_warn (p, loc, CHESS_N_ ("'%.*s': \"ep\" after a move is not PGN; ignored"),
                         (int) n, san);
      else
        {
          move_failed (p, level, san, n, loc, &error);
          return;
        }
    }
  level->prev = level->cur;
  chess_position_make_move (&level->cur, move);
  level->has_move = true;
  VISIT (p, move, san, n, move, &level->prev);
}

/* Makes sure a game is open and in its movetext, before a movetext token.
 * Returns false when the token must be ignored (skipping a bad game). */
static bool
enter_movetext (ChessPgnParser         *p,
                const ChessPgnLocation *loc)
{
  if (p->game == GAME_NONE)
    game_begin (p, loc);
  if (p->game == GAME_SKIP)
    {
      p->skip_saw_moves = true;
      return false;
    }
  p->game = GAME_MOVES;
  return p->have_start || ensure_start (p, loc->offset);
}

/* Text between games that starts no game: skipped to the end of its line
 * (or the next '['), with one warning per stretch of such text. */
static void
skip_gap (ChessPgnParser         *p,
          const ChessPgnLocation *loc)
{
  if (!p->gap_warned)
    _chess_pgn_warn (p, loc, CHESS_N_ ("text outside a game; ignored up to the end of the line"));
  p->gap_warned = true;
  p->lex = LEX_SKIP_GAP;
}

/* A result read through: the game is begun if need be (a result alone is
 * an empty game), warned about, and ended. */
static void
tolerated_result (ChessPgnParser         *p,
                  const char             *result,
                  const ChessPgnLocation *loc,
                  uint64_t                end,
                  const char             *format,
                  const char             *what)
{
  if (p->game == GAME_NONE)
    game_begin (p, loc);
  _chess_pgn_warn (p, loc, format, what, result);
  emit_result (p, result, loc, end);
}

/* A complete symbol: move number, result, move (with suffixes), null move.
 * plain means pure ASCII (the common case: read in place, no copy). */
static void
handle_symbol (ChessPgnParser         *p,
               const unsigned char    *t,
               size_t                  n,
               bool                    plain,
               const ChessPgnLocation *loc,
               uint64_t                end)
{
  char norm[CHESS_PGN_MAX_TOKEN * 3 + 8];
  const char *s = (const char *) t, *result = NULL;
  size_t k = n, suffix, move_len = 0;
  bool latin1 = false;

  if (!plain)
    {
      /* Dashes to '-', ½ to 1/2, figurines to letters. */
      k = _chess_pgn_normalize (t, n, norm, &latin1);
      s = norm;
      /* Each Latin-1 "½" became three bytes: no symbol handed on may
       * be longer than a token (the visitor's contract); one this long
       * is no move or result anyway, and is reported as what it is. */
      if (k > CHESS_PGN_MAX_TOKEN)
        {
          k = CHESS_PGN_MAX_TOKEN;
          norm[k] = '\0';
        }
    }

  switch (_chess_pgn_symbol_kind (s, k, &result, &move_len))
    {
    case CHESS_PGN_SYM_RESULT:
      if (latin1)
        tolerated_result (p, result, loc, end, CHESS_N_ ("'%s' read as the result %s"), "½-½");
      else
        emit_result (p, result, loc, end);
      return;
    case CHESS_PGN_SYM_HALF:
      tolerated_result (p, result, loc, end, CHESS_N_ ("'%s' read as the result %s"), "1/2");
      return;
    case CHESS_PGN_SYM_NUMBER:
      /* A move number: only says that the movetext has begun. */
      enter_movetext (p, loc);
      return;
    case CHESS_PGN_SYM_GLUED:
      /* "Qg20-1": the move, then the result. */
      if (enter_movetext (p, loc))
        {
          handle_move (p, s, move_len, loc, loc->offset);
          if (p->game != GAME_SKIP)
            _chess_pgn_warn (p, loc, CHESS_N_ ("the result %s is glued to the move %.*s"), result,
                             (int) move_len, s);
        }
      emit_result (p, result, loc, end);
      return;
    case CHESS_PGN_SYM_MOVE:
      break;
    }

  if (p->game == GAME_NONE && !_chess_pgn_move_shaped (s, k))
    {
      skip_gap (p, loc);
      return;
    }
  suffix = k;
  while (suffix > 0 && (s[suffix - 1] == '!' || s[suffix - 1] == '?'))
    suffix--;
  if (!enter_movetext (p, loc))
    return;
  if ((k == 4 && memcmp (s, "e.p.", 4) == 0) || (k == 2 && memcmp (s, "ep", 2) == 0))
    {
      /* "exd6 e.p.": the note belongs to the move before. */
      _chess_pgn_warn (p, loc, CHESS_N_ ("'%.*s' after a move is not PGN; ignored"), (int) k, s);
      return;
    }
  if (suffix == 0)
    {
      unsigned nag = suffix_nag (s, k);
      if (nag != 0)
        emit_nag (p, nag);
      return;
    }
  if (suffix > 4 && memcmp (s + suffix - 4, "e.p.", 4) == 0 && p->skip_var == 0)
    _chess_pgn_warn (p, loc, CHESS_N_ ("'%.*s': \"e.p.\" after a move is not PGN; ignored"),
                     (int) suffix, s);
  handle_move (p, s, suffix, loc, loc->offset);
  if (suffix < k && p->game != GAME_SKIP)
    {
      unsigned nag = suffix_nag (s + suffix, k - suffix);
      if (nag != 0)
        emit_nag (p, nag);
    }
}

static void
variation_start (ChessPgnParser         *p,
                 const ChessPgnLocation *loc)
{
  if (!enter_movetext (p, loc))
    return;
  if (p->skip_var != 0)
    {
      p->skip_nest++;
      return;
    }
  if (p->flags & CHESS_PGN_NO_MOVES)
    {
      if (p->plain_depth >= CHESS_PGN_MAX_DEPTH)
        {
          fail (p, CHESS_ERROR_LIMIT, loc, CHESS_N_ ("variations nested deeper than %d"), CHESS_PGN_MAX_DEPTH);
          return;
        }
      p->plain_depth++;
    }
  else
    {
      Level *outer = &p->levels[p->depth];
      if (!outer->has_move)
        {
          /* "(Diagram)" before the first move, and the like: skipped. */
          _chess_pgn_warn (p, loc, CHESS_N_ ("a variation must follow a move; skipped"));
          p->skip_var = p->depth + 1;
          p->skip_nest = 0;
          p->skip_var_seen = false;
          return;
        }
      if (p->depth >= CHESS_PGN_MAX_DEPTH)
        {
          fail (p, CHESS_ERROR_LIMIT, loc, CHESS_N_ ("variations nested deeper than %d"), CHESS_PGN_MAX_DEPTH);
          return;
        }
      if (p->depth + 1 >= p->levels_cap)
        {
          p->levels_cap *= 2;
          p->levels = xrealloc (p->levels, p->levels_cap * sizeof (Level));
          outer = &p->levels[p->depth];
        }
      Level *inner = &p->levels[++p->depth];
      inner->cur = outer->prev;
      inner->has_move = false;
      inner->open = *loc;
    }
  VISIT (p, variation_start);
}

static void
variation_end (ChessPgnParser         *p,
               const ChessPgnLocation *loc)
{
  if (!enter_movetext (p, loc))
    return;
  if (p->skip_var != 0)
    {
      bool seen = p->skip_var_seen;

      if (p->skip_nest > 0)
        {
          p->skip_nest--;
          return;
        }
      p->skip_var = 0;
      if (!seen)
        return;
    }
  else if ((p->flags & CHESS_PGN_NO_MOVES) ? p->plain_depth == 0 : p->depth == 0)
    {
      _chess_pgn_warn (p, loc, CHESS_N_ ("unbalanced parentheses: ')' without '('; ignored"));
      return;
    }
  if (p->flags & CHESS_PGN_NO_MOVES)
    p->plain_depth--;
  else
    p->depth--;
  VISIT (p, variation_end);
}

/* The end of a game without a result token (a tag section follows, or the
 * input ends). */
static void
end_without_result (ChessPgnParser *p,
                    uint64_t        end)
{
  if (p->game == GAME_NONE)
    return;
  if (p->game != GAME_SKIP && ensure_start (p, end))
    {
      bool open = (p->flags & CHESS_PGN_NO_MOVES) ? p->plain_depth > 0 : p->depth > 0;
      if (open)
        {
          ChessPgnLocation where = (p->flags & CHESS_PGN_NO_MOVES) ? p->tok
                                                                    : p->levels[p->depth].open;
          p->detected_at = end;
          fail (p, CHESS_ERROR_PGN, &where, CHESS_N_ ("unbalanced parentheses: '(' never closed"));
        }
    }
  game_end (p, p->game != GAME_SKIP, end);
}

#define comment_stop _chess_pgn_comment_stop

static void
comment_append (ChessPgnParser      *p,
                const unsigned char *text,
                size_t               n)
{
  if (p->game == GAME_NONE || p->game == GAME_SKIP || p->comment_overflow)
    return;
  if (p->comment_len + n > CHESS_PGN_MAX_COMMENT)
    {
      p->comment_overflow = true;
      return;
    }
  if (p->v.comment == NULL)
    {
      /* Nobody reads it: only its length counts, for the limit. */
      p->comment_len += n;
      return;
    }
  if (p->comment_len + n + 1 > p->comment_cap)
    {
      size_t cap = p->comment_cap * 2;
      if (cap < p->comment_len + n + 1)
        cap = p->comment_len + n + 1;
      if (cap > CHESS_PGN_MAX_COMMENT + 1)
        cap = CHESS_PGN_MAX_COMMENT + 1;
      p->comment = xrealloc (p->comment, cap);
      p->comment_cap = cap;
    }
  memcpy (p->comment + p->comment_len, text, n);
  p->comment_len += n;
}

static void
comment_end (ChessPgnParser *p)
{
  if (p->game == GAME_NONE || p->game == GAME_SKIP || p->skip_var != 0)
    return;
  if (p->comment_overflow)
    {
      fail (p, CHESS_ERROR_LIMIT, &p->comment_loc, CHESS_N_ ("comment longer than %u bytes"),
            CHESS_PGN_MAX_COMMENT);
      return;
    }
  if (p->v.comment)
    {
      p->comment[p->comment_len] = '\0';
      VISIT (p, comment, p->comment, p->comment_len);
    }
}

static void
comment_begin (ChessPgnParser         *p,
               const ChessPgnLocation *loc)
{
  p->comment_len = 0;
  p->comment_overflow = false;
  p->comment_loc = *loc;
}

#define looks_like_tag _chess_pgn_looks_like_tag

#define move_number_end _chess_pgn_move_number_end

/* The bytes of a plain move after its first letter ("Nbd7", "exd8=Q+",
 * "O-O"). */
static const bool move_byte[256] = {
  ['0' ... '9'] = true, ['A' ... 'Z'] = true, ['a' ... 'z'] = true,
  ['+'] = true, ['#'] = true, ['='] = true, ['-'] = true,
};

/* The movetext's usual run — blanks, move numbers, plain moves — read in
 * one loop, without the general dispatch's work per token (its state,
 * location and checks for every kind of token). It stops at anything else
 * (comments, NAGs, variations, results, suffixes, other bytes, a token
 * that may go on in the next chunk, an error that ends the game), which the
 * dispatch then reads; what it reads it reads exactly as the dispatch
 * would. Returns the index of the first byte it left. */
static size_t
movetext_run (ChessPgnParser      *p,
              const unsigned char *buf,
              size_t               i,
              size_t               len,
              bool                 final)
{
  /* Only a move changes the game's state or stops the parser. */
  if (p->game != GAME_MOVES || p->stopped)
    return i;
  while (i < len)
    {
      unsigned char c = buf[i];
      size_t j, end;

      if (c == ' ' || c == '\t')
        {
          i++;
          continue;
        }
      if (c == '\n' || c == '\r')
        {
          newline (p, buf, i++);
          continue;
        }
      if (is_digit (c))
        {
          j = move_number_end (buf, i, len);
          if (j == i)
            return i;
          i = j;
          continue;
        }
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
        return i;
      end = len - i > CHESS_PGN_MAX_TOKEN + 1 ? i + CHESS_PGN_MAX_TOKEN + 1 : len;
      j = i + 1;
      if (j + 8 <= end)
        {
          /* A move is at most 7 bytes: its end found in the next 8 at once,
           * without a loop that exits after a different count each time. */
          const unsigned char *b = buf + j;
          unsigned in = move_byte[b[0]] | move_byte[b[1]] << 1 | move_byte[b[2]] << 2
                        | move_byte[b[3]] << 3 | move_byte[b[4]] << 4 | move_byte[b[5]] << 5
                        | move_byte[b[6]] << 6 | move_byte[b[7]] << 7;
          j += in == 0xff ? 8 : (size_t) __builtin_ctz (~in);
        }
      for (; j < end && move_byte[buf[j]]; j++)
        ;
      if (j - i > CHESS_PGN_MAX_TOKEN || (j >= len && !final)
          || (j < len && (symbol_byte[buf[j]] || buf[j] == '.' || buf[j] == '('))
          || (j - i > 3 && buf[j - 2] == '-' && (buf[j - 1] == '0' || buf[j - 1] == '1')))
        return i;   /* the last test: a result glued to the move ("Qg20-1") */
      handle_move (p, (const char *) buf + i, j - i, NULL, p->offset + i);
      i = j;
      if (p->game != GAME_MOVES || p->stopped)
        return i;
    }
  return i;
}

/* Reads as many complete tokens of buf[0..len) as it can and returns how
 * many bytes it consumed. Unless final, a token that may continue beyond
 * len is left for the next call. */
static size_t
process (ChessPgnParser      *p,
         const unsigned char *buf,
         size_t               len,
         bool                 final)
{
  size_t i = 0;

  if (p->offset == 0 && len > 0)
    {
      /* A UTF-8 byte order mark. */
      if (len < 3 && !final && buf[0] == 0xef)
        return 0;
      if (len >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf)
        {
          i = 3;
          p->line_start = 3;
        }
    }

  while (i < len && !p->stopped)
    {
      switch (p->lex)
        {
        case LEX_BRACE_COMMENT:
          {
            size_t j = i;

            /* At a line start inside a comment: if a tag section starts
             * here, the comment was never closed. Report it where it
             * opened and let the tag start the next game, instead of
             * eating the rest of the file. */
            if (p->offset + i == p->line_start)
              {
                int tag = looks_like_tag (buf, i, len, final);
                if (tag < 0)
                  return i;
                if (tag > 0)
                  {
                    p->lex = LEX_NORMAL;
                    p->detected_at = p->offset + i;
                    fail (p, CHESS_ERROR_PGN, &p->comment_loc, CHESS_N_ ("unterminated comment"));
                    end_without_result (p, p->offset + i);
                    break;
                  }
              }
            j = comment_stop (buf, j, len);
            if (j < len && buf[j] != '}')
              {
                unsigned char c = buf[j];
                newline (p, buf, j);
                if (c == '\r' && j + 1 < len && buf[j + 1] == '\n')
                  newline (p, buf, ++j);
                j++;
              }
            if (j > i && (buf[j - 1] == '\n' || buf[j - 1] == '\r'))
              {
                comment_append (p, buf + i, j - i);
                i = j;
                break;
              }
            comment_append (p, buf + i, j - i);
            if (j >= len)
              return len;
            p->lex = LEX_NORMAL;
            comment_end (p);
            i = j + 1;
            break;
          }

        case LEX_LINE_COMMENT:
        case LEX_SKIP_LINE:
          {
            size_t j = i;
            while (j < len && buf[j] != '\n' && buf[j] != '\r')
              j++;
            if (p->lex == LEX_LINE_COMMENT)
              comment_append (p, buf + i, j - i);
            if (j >= len)
              return len;
            if (p->lex == LEX_LINE_COMMENT)
              comment_end (p);
            p->lex = LEX_NORMAL;
            i = j;        /* the line end itself is read as blank */
            break;
          }

        case LEX_SKIP_SYMBOL:
          while (i < len && symbol_byte[buf[i]])
            i++;
          if (i < len)
            p->lex = LEX_NORMAL;
          break;

        case LEX_SKIP_GAP:
          while (i < len && buf[i] != '\n' && buf[i] != '\r' && buf[i] != '[')
            i++;
          if (i < len)
            p->lex = LEX_NORMAL;
          break;

        case LEX_NORMAL:
          {
            if (p->game == GAME_MOVES && !(p->flags & CHESS_PGN_NO_MOVES))
              {
                size_t k = movetext_run (p, buf, i, len, final);
                if (k != i)
                  {
                    i = k;
                    goto next;
                  }
              }

            unsigned char c = buf[i];
            unsigned cls = byte_class[c];

            while (cls == BYTE_BLANK || cls == BYTE_EOL)
              {
                if (cls == BYTE_EOL)
                  newline (p, buf, i);
                if (++i >= len)
                  goto next;
                c = buf[i];
                cls = byte_class[c];
              }

            /* A move number inside the movetext ("12." "12..."): it only
             * says what is known already. */
            if (is_digit (c) && p->game == GAME_MOVES)
              {
                size_t j = move_number_end (buf, i, len);
                if (j != i)
                  {
                    if (p->flags & CHESS_PGN_NO_MOVES)
                      p->tok = loc_at (p, i);
                    i = j;
                    goto next;
                  }
              }

            ChessPgnLocation loc = loc_at (p, i);
            /* The last token's place is only asked for without moves. */
            if (p->flags & CHESS_PGN_NO_MOVES)
              p->tok = loc;

            /* Moves and move numbers are most tokens: straight to them. */
            if (cls != BYTE_SYMBOL)
              {
                switch (c)
                  {
                  case '%':
                    if (loc.column == 1)
                      {
                        p->lex = LEX_SKIP_LINE;
                        i++;
                        goto next;
                      }
                    goto junk;

                  case '{':
                    comment_begin (p, &loc);
                    p->lex = LEX_BRACE_COMMENT;
                    i++;
                    goto next;

                  case ';':
                    comment_begin (p, &loc);
                    p->lex = LEX_LINE_COMMENT;
                    i++;
                    goto next;

                  case '[':
                    {
                      /* A whole tag, up to its ']' on the same line. */
                      size_t j, name_end, value_start, value_end;
                      bool closed = false;
                      size_t after = simple_tag (buf, i, len, &name_end, &value_start, &value_end);

                      if (after != 0)
                        {
                          char name[256];
                          size_t name_len = name_end - i - 1;
                          if (p->game == GAME_MOVES || (p->game == GAME_SKIP && p->skip_saw_moves))
                            end_without_result (p, loc.offset);
                          if (p->stopped)
                            return i;
                          if (p->game == GAME_NONE)
                            game_begin (p, &loc);
                          /* Copied only for someone: a visitor, or the
                           * reader itself (FEN and SetUp). */
                          if (p->v.tag != NULL || (name_len == 3 && memcmp (buf + i + 1, "FEN", 3) == 0)
                              || (name_len == 5 && memcmp (buf + i + 1, "SetUp", 5) == 0)
                              || (name_len == 7 && memcmp (buf + i + 1, "Variant", 7) == 0))
                            {
                              memcpy (name, buf + i + 1, name_len);
                              name[name_len] = '\0';
                              memcpy (p->tag_value, buf + value_start, value_end - value_start);
                              p->tag_value[value_end - value_start] = '\0';
                              deliver_tag (p, name, name_len, value_end - value_start, &loc);
                            }
                          i = after;
                          goto next;
                        }
                      j = _chess_pgn_tag_end (buf, i, len, final, &closed);
                      if (j == CHESS_PGN_LEX_MORE)
                        return i;

                      if (p->game == GAME_MOVES || (p->game == GAME_SKIP && p->skip_saw_moves))
                        end_without_result (p, loc.offset);
                      if (p->stopped)
                        return i;
                      if (p->game == GAME_NONE)
                        game_begin (p, &loc);

                      if (!closed)
                        {
                          if (j - i >= CHESS_PGN_MAX_TAG)
                            fail (p, CHESS_ERROR_LIMIT, &loc, CHESS_N_ ("tag longer than %d bytes"),
                                  CHESS_PGN_MAX_TAG);
                          else
                            fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("bad tag: no ']' on its line"));
                          p->lex = LEX_SKIP_LINE;
                          i = j;
                          goto next;
                        }
                      handle_tag (p, buf + i, j + 1 - i, &loc);
                      i = j + 1;
                      goto next;
                    }

                  case '(':
                    {
                      bool more;
                      const char *forfeit = _chess_pgn_forfeit (buf, i, len, final, &more);
                      if (more)
                        return i;
                      if (forfeit != NULL)
                        {
                          i += 7;
                          tolerated_result (p, forfeit, &loc, p->offset + i,
                                            CHESS_N_ ("the forfeit marker '%s' read as the result %s"),
                                            forfeit[0] == '1' ? "(+)-(-)"
                                            : forfeit[0] == '0' ? "(-)-(+)" : "(-)-(-)");
                          goto next;
                        }
                    }
                    if (p->game == GAME_NONE)
                      {
                        skip_gap (p, &loc);
                        goto next;
                      }
                    variation_start (p, &loc);
                    i++;
                    goto next;

                  case ')':
                    if (p->game == GAME_NONE)
                      {
                        skip_gap (p, &loc);
                        goto next;
                      }
                    variation_end (p, &loc);
                    i++;
                    goto next;

                  case '<':
                    {
                      /* HTML markup of a web page's copy ("<br />"): one
                       * error for the game, and not read as movetext. */
                      size_t j = _chess_pgn_markup_end (buf, i, len, final);
                      if (j == CHESS_PGN_LEX_MORE)
                        return i;
                      if (j == i + 1 || p->game == GAME_NONE)
                        goto junk;
                      fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("HTML markup '%.*s' in the game"),
                            (int) (j - i > 20 ? 20 : j - i), (const char *) buf + i);
                      i = j;
                      goto next;
                    }

                  case '}':
                  case ',':
                  case '+':
                  case '#':
                  case '=':
                    if (p->game == GAME_NONE)
                      goto junk;
                    _chess_pgn_warn (p, &loc, CHESS_N_ ("stray '%c'; ignored"), c);
                    i++;
                    goto next;

                  case '.':
                    i++;
                    goto next;

                  case '*':
                    i++;
                    emit_result (p, "*", &loc, p->offset + i);
                    goto next;

                  case '$':
                    if (p->game == GAME_NONE)
                      {
                        skip_gap (p, &loc);
                        goto next;
                      }
                    {
                      size_t j = i + 1;
                      unsigned nag = 0;
                      while (j < len && is_digit (buf[j]) && j - i <= 4)
                        nag = nag * 10 + (buf[j++] - '0');
                      if (j >= len && !final)
                        return i;
                      if (j == i + 1 || nag == 0 || nag > 255 || (j < len && is_digit (buf[j])))
                        {
                          if (enter_movetext (p, &loc))
                            fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("bad NAG: expected $1 to $255"));
                          p->lex = LEX_SKIP_SYMBOL;
                          i = j;
                          goto next;
                        }
                      if (enter_movetext (p, &loc))
                        emit_nag (p, nag);
                      i = j;
                      goto next;
                    }

                  case '!':
                  case '?':
                    if (p->game == GAME_NONE)
                      {
                        skip_gap (p, &loc);
                        goto next;
                      }
                    {
                      size_t j = i;
                      while (j < len && (buf[j] == '!' || buf[j] == '?') && j - i < 3)
                        j++;
                      if (j >= len && !final)
                        return i;
                      if (enter_movetext (p, &loc))
                        {
                          unsigned nag = suffix_nag ((const char *) buf + i, j - i);
                          if (nag != 0)
                            emit_nag (p, nag);
                        }
                      i = j;
                      goto next;
                    }

                  default:
                    break;
                  }

                if (c == 0xef)
                  {
                    /* A byte order mark inside the stream (files joined with
                     * cat) reads as a blank. */
                    if (len - i < 3 && !final)
                      return i;
                    if (len - i >= 3 && buf[i + 1] == 0xbb && buf[i + 2] == 0xbf)
                      {
                        i += 3;
                        break;
                      }
                  }
                if (c == 0xe2)
                  {
                    /* "…" as in 1…e5 reads as periods. */
                    if (len - i < 3 && !final)
                      return i;
                    if (len - i >= 3 && buf[i + 1] == 0x80 && buf[i + 2] == 0xa6)
                      {
                        i += 3;
                        break;
                      }
                  }
              }

            if (is_alnum (c) || c == '-' || c >= 0x80)
              {
                bool plain;
                size_t j = _chess_pgn_symbol_end (buf, i, len, final, &plain);

                if (j == CHESS_PGN_LEX_MORE)
                  return i;
                if (j - i > CHESS_PGN_MAX_TOKEN)
                  {
                    if (p->game == GAME_NONE)
                      {
                        skip_gap (p, &loc);
                        goto next;
                      }
                    if (enter_movetext (p, &loc))
                      fail (p, CHESS_ERROR_LIMIT, &loc, CHESS_N_ ("token longer than %d bytes"),
                            CHESS_PGN_MAX_TOKEN);
                    p->lex = LEX_SKIP_SYMBOL;
                    i = j;
                    goto next;
                  }
                handle_symbol (p, buf + i, j - i, plain, &loc, p->offset + j);
                if (p->lex == LEX_SKIP_GAP)
                  goto next;
                i = j;
                /* The periods after a move number ("12." or "12...") need
                 * no trip through the dispatch. */
                while (i < len && buf[i] == '.')
                  i++;
                goto next;
              }

          junk: ;
            /* Anything else is not PGN: the game fails (junk among tags
             * is not its movetext). Between games it is text to skip. */
            if (p->game == GAME_NONE)
              {
                if (c >= 32 && c != 127)
                  {
                    skip_gap (p, &loc);
                    goto next;
                  }
                /* Control bytes: binary data, not stray text. A game of
                 * its own, refused (and its movetext, for what follows). */
                game_begin (p, &loc);
                fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("unexpected byte 0x%02x"), c);
                p->skip_saw_moves = true;
                i++;
                goto next;
              }
            if (c >= 32 && c < 127)
              fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("unexpected character '%c'"), c);
            else
              fail (p, CHESS_ERROR_PGN, &loc, CHESS_N_ ("unexpected byte 0x%02x"), c);
            i++;
            goto next;
          }
        }
    next:
      ;
    }
  return i;
}

/* Runs process() and moves the stream position past what it consumed. */
static size_t
run (ChessPgnParser      *p,
     const unsigned char *buf,
     size_t               len,
     bool                 final)
{
  size_t used = process (p, buf, len, final);

  if (used > 0)
    p->prev_byte = buf[used - 1];
  p->offset += used;
  return used;
}

/* --- Public parser API ----------------------------------------------------- */

ChessPgnParser *
chess_pgn_parser_new (const ChessPgnVisitor *visitor,
                      void                  *user_data,
                      ChessPgnFlags          flags)
{
  ChessPgnParser *p = xmalloc (sizeof *p);

  memset (p, 0, sizeof *p);
  if (visitor != NULL)
    p->v = *visitor;
  p->user_data = user_data;
  p->flags = flags;
  p->line = 1;
  p->lex = LEX_NORMAL;
  p->game = GAME_NONE;
  p->comment_cap = 256;
  p->comment = xmalloc (p->comment_cap);
  p->fen = xmalloc (CHESS_PGN_MAX_TAG + 1);
  p->fen[0] = '\0';
  p->tag_value = xmalloc (CHESS_PGN_MAX_TAG + 1);
  p->detected_at = UINT64_MAX;
  chess_position_init_start (&p->initial);
  return p;
}

void
chess_pgn_parser_free (ChessPgnParser *parser)
{
  if (parser == NULL)
    return;
  free (parser->carry);
  free (parser->comment);
  free (parser->fen);
  free (parser->tag_value);
  free (parser->levels);
  free (parser);
}

static void
carry_append (ChessPgnParser *p,
              const char     *data,
              size_t          n)
{
  if (p->carry_len + n > p->carry_cap)
    {
      p->carry_cap = (p->carry_len + n) * 2;
      p->carry = xrealloc (p->carry, p->carry_cap);
    }
  memcpy (p->carry + p->carry_len, data, n);
  p->carry_len += n;
}

bool
chess_pgn_parser_feed (ChessPgnParser *p,
                       const char     *data,
                       size_t          len)
{
  while (!p->stopped)
    {
      if (p->carry_len > 0)
        {
          /* Finish the token cut at the end of the last chunk, with a few
           * bytes of this one; then go back to reading in place. */
          size_t take = len < 256 ? len : 256;
          size_t used, rem;

          if (take == 0)
            return true;
          carry_append (p, data, take);
          data += take;
          len -= take;
          used = run (p, (const unsigned char *) p->carry, p->carry_len, false);
          rem = p->carry_len - used;
          if (rem <= take)
            {
              data -= rem;
              len += rem;
              p->carry_len = 0;
            }
          else
            {
              memmove (p->carry, p->carry + used, rem);
              p->carry_len = rem;
            }
        }
      else
        {
          size_t used = run (p, (const unsigned char *) data, len, false);
          if (!p->stopped && used < len)
            carry_append (p, data + used, len - used);
          return !p->stopped;
        }
    }
  return false;
}

void
chess_pgn_parser_finish (ChessPgnParser *p)
{
  if (p->finished)
    return;
  p->finished = true;
  if (p->stopped)
    return;
  if (p->carry_len > 0)
    {
      size_t used = run (p, (const unsigned char *) p->carry, p->carry_len, true);
      p->carry_len = 0;
      (void) used;
      if (p->stopped)
        return;
    }
  switch (p->lex)
    {
    case LEX_BRACE_COMMENT:
      p->detected_at = p->offset;
      fail (p, CHESS_ERROR_PGN, &p->comment_loc, CHESS_N_ ("unterminated comment"));
      break;
    case LEX_LINE_COMMENT:
      comment_end (p);
      break;
    default:
      break;
    }
  p->lex = LEX_NORMAL;
  if (!p->stopped)
    end_without_result (p, p->offset);
}

void
chess_pgn_parser_stop (ChessPgnParser *parser)
{
  parser->stopped = true;
}

void
chess_pgn_parser_location (const ChessPgnParser *parser,
                           ChessPgnLocation     *where)
{
  *where = parser->tok;
}

uint64_t
chess_pgn_parser_n_games (const ChessPgnParser *parser)
{
  return parser->n_games;
}

uint64_t
chess_pgn_parser_n_errors (const ChessPgnParser *parser)
{
  return parser->n_errors;
}

uint64_t
chess_pgn_parser_n_warnings (const ChessPgnParser *parser)
{
  return parser->n_warnings;
}

uint64_t
chess_pgn_parser_error_rest (const ChessPgnParser *parser)
{
  return parser->error_rest;
}

uint64_t
chess_pgn_parser_game_end (const ChessPgnParser *parser)
{
  return parser->game_end_offset;
}

const ChessPosition *
chess_pgn_parser_position (const ChessPgnParser *parser)
{
  if ((parser->flags & CHESS_PGN_NO_MOVES) || parser->levels == NULL)
    return NULL;
  return &parser->levels[parser->depth].cur;
}
