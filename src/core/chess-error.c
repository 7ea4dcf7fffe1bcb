/* chess-error.c — errors as values.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>

#include "chess-error.h"

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
}
