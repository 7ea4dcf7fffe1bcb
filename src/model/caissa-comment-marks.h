/* caissa-comment-marks.h — arrows and circles drawn on the board, kept
 * as [%cal Ge2e4,Rd1d8] and [%csl Rd4] in a move's comment (lichess's and
 * ChessBase's commands).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "chess-types.h"

G_BEGIN_DECLS

/* comment (may be NULL) with the arrow from → to (to CHESS_NO_SQUARE: a
 * circle on from) in color ('G', 'R', 'B' or 'Y') drawn as lichess does:
 * drawn again in the same colour it goes, in another colour it takes that
 * colour, else it is added. The [%cal]/[%csl] commands are written again
 * at the end of the comment, arrows first, in the order drawn; the text
 * and other commands ([%clk], [%eval]) stay as they were. Returns the new
 * comment ("" when nothing is left). */
char *caissa_comment_toggle_mark (const char  *comment,
                                  char         color,
                                  ChessSquare  from,
                                  ChessSquare  to);

G_END_DECLS
