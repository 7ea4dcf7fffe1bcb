/* caissa-enums.h — the enumerations of the model, registered as GTypes.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The same values as the core's ChessColor, plus "nobody". */
typedef enum
{
  CAISSA_COLOR_WHITE = 0,
  CAISSA_COLOR_BLACK = 1,
  CAISSA_COLOR_NONE = 2,
} CaissaColor;

typedef enum
{
  CAISSA_OUTCOME_NONE = 0,      /* the game goes on */
  CAISSA_OUTCOME_WHITE_WINS,
  CAISSA_OUTCOME_BLACK_WINS,
  CAISSA_OUTCOME_DRAW,
} CaissaOutcome;

typedef enum
{
  CAISSA_OUTCOME_REASON_NONE = 0,
  CAISSA_OUTCOME_REASON_CHECKMATE,
  CAISSA_OUTCOME_REASON_RESIGNATION,
  CAISSA_OUTCOME_REASON_TIME_FORFEIT,
  CAISSA_OUTCOME_REASON_STALEMATE,
  CAISSA_OUTCOME_REASON_DEAD_POSITION,
  CAISSA_OUTCOME_REASON_FIVEFOLD,
  CAISSA_OUTCOME_REASON_SEVENTY_FIVE_MOVES,
  CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM,
  CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM,
  CAISSA_OUTCOME_REASON_AGREEMENT,
  /* The flag fell but the opponent could not mate by any legal series. */
  CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT,
  /* A result read from a file that does not say why. */
  CAISSA_OUTCOME_REASON_UNKNOWN,
} CaissaOutcomeReason;

#define CAISSA_TYPE_COLOR (caissa_color_get_type ())
#define CAISSA_TYPE_OUTCOME (caissa_outcome_get_type ())
#define CAISSA_TYPE_OUTCOME_REASON (caissa_outcome_reason_get_type ())

GType caissa_color_get_type          (void) G_GNUC_CONST;
GType caissa_outcome_get_type        (void) G_GNUC_CONST;
GType caissa_outcome_reason_get_type (void) G_GNUC_CONST;

G_END_DECLS
