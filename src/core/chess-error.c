/* chess-error.c — errors as values.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "chess-error.h"

/* Set once at start-up (chess-error.h); atomic so that a late reader sees
 * either the old or the new hook, never a torn pointer. */
static _Atomic (ChessTranslateFunc) translate_func;

void
chess_error_set_translate_func (ChessTranslateFunc func)
{
  atomic_store (&translate_func, func);
}

const char *
chess_error_translate (const char *msgid)
{
  ChessTranslateFunc func = atomic_load (&translate_func);
  const char *text;

  if (func == NULL || msgid == NULL || msgid[0] == '\0')
    return msgid;
  text = func (msgid);
  return text != NULL ? text : msgid;
}

void
chess_error_set (ChessError     *error,
                 ChessErrorCode  code,
                 const char     *format,
                 ...)
{
  va_list args;

  if (error == NULL)
    return;
  error->code = code;
  error->severity = CHESS_SEVERITY_ERROR;
  format = chess_error_translate (format);
  va_start (args, format);
  vsnprintf (error->message, sizeof error->message, format, args);
  va_end (args);
}

void
chess_error_clear (ChessError *error)
{
  if (error == NULL)
    return;
  error->code = CHESS_OK;
  error->line = 0;
  error->column = 0;
  error->offset = 0;
  error->message[0] = '\0';
  error->severity = CHESS_SEVERITY_ERROR;
}
