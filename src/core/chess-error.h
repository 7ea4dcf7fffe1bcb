/* chess-error.h — errors as values, never printed by the core.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

typedef enum
{
  CHESS_OK = 0,
  CHESS_ERROR_FEN,          /* malformed or impossible FEN */
  CHESS_ERROR_SAN_SYNTAX,   /* text is not a move at all */
  CHESS_ERROR_SAN_ILLEGAL,  /* a move, but not legal here */
  CHESS_ERROR_SAN_AMBIGUOUS,/* more than one legal move fits */
  CHESS_ERROR_PGN,          /* PGN syntax: see message */
  CHESS_ERROR_TIME_CONTROL, /* bad TimeControl tag */
  CHESS_ERROR_LIMIT,        /* input exceeds a hard limit (nesting, length) */
  CHESS_ERROR_IO,           /* reading or writing failed */
} ChessErrorCode;

/* How bad a ChessError is. A warning reports damage that was read through
 * (the PGN reader kept the game); an error refused what it reports on. The
 * zero value is an error, so that every existing initialiser stays one. */
typedef enum
{
  CHESS_SEVERITY_ERROR = 0,
  CHESS_SEVERITY_WARNING,
} ChessErrorSeverity;

/* line and column are 1-based; 0 means "not known / not applicable".
 * offset is the byte offset into the input, column counts bytes. */
typedef struct
{
  ChessErrorCode     code;
  unsigned long      line;
  unsigned long      column;
  size_t             offset;
  char               message[256];
  ChessErrorSeverity severity;   /* last: { code, line, ... } initialisers keep working */
} ChessError;

void chess_error_set  (ChessError   *error,
                       ChessErrorCode code,
                       const char   *format,
                       ...) __attribute__ ((format (printf, 3, 4)));
void chess_error_clear (ChessError  *error);

/* Translation of the core's messages. The core stays libc-only: it marks
 * every message format and every word it substitutes into a message with
 * CHESS_N_ (a no-op that xgettext reads, po/meson.build), and looks the
 * text up through a hook the application may set. chess_error_set ()
 * translates its format; a call site translates a substituted word with
 * chess_error_translate (). Without a hook (the CLI, the core tests) the
 * messages stay English.
 *
 * chess_error_set_translate_func () is meant to be called once at start-up
 * by the application, before any thread starts; the hook must be
 * thread-safe and return a string that lives for the rest of the process
 * (g_dgettext does). NULL removes the hook. */
#define CHESS_N_(s) (s)

typedef const char *(*ChessTranslateFunc) (const char *msgid);

void        chess_error_set_translate_func (ChessTranslateFunc func);
/* msgid translated by the hook, or msgid itself when no hook is set. */
const char *chess_error_translate          (const char        *msgid);
