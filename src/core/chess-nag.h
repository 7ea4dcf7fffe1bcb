/* chess-nag.h — Numeric Annotation Glyphs ($1 … $255): how each is shown.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every standard NAG (PGN standard §10, $1–$139) and the ones ChessBase
 * and Scid add in $140–$255 that files carry (N for a novelty, ∆ "with
 * the idea", ⇔ a file…) has a glyph (lichess's and Informator's signs
 * where they exist, else a short text) and a plain-ASCII form for fonts
 * that lack the glyph (⩲ → "+=", ⩱ → "=+"). A NAG with neither is
 * unknown ($0 and the unused numbers above $139).
 */
#pragma once

#include <stdbool.h>

typedef enum
{
  CHESS_NAG_KIND_NONE,      /* not a known NAG */
  CHESS_NAG_KIND_MOVE,      /* judges the move: !, ?, !!, ??, !?, ?!, □ ($1–$9) */
  CHESS_NAG_KIND_POSITION,  /* judges the position: =, ∞, ⩲ … −+ ($10–$21) */
  CHESS_NAG_KIND_OBSERVATION, /* everything else: ∆, N, ⇆, ↑ … */
} ChessNagKind;

ChessNagKind chess_nag_kind        (unsigned nag);
/* The glyph or short text, UTF-8 ("⩲", "N", "weak pawns"); NULL when
 * unknown. */
const char  *chess_nag_glyph       (unsigned nag);
/* The same in ASCII ("+=", "N"); NULL when unknown. */
const char  *chess_nag_ascii       (unsigned nag);
/* What it means, in English ("White has a slight advantage"); NULL when
 * unknown. */
const char  *chess_nag_description (unsigned nag);
/* A move NAG sticks to the move ("e4!"); the others follow a space. */
bool         chess_nag_sticks      (unsigned nag);
/* Move NAGs exclude each other, as do position NAGs: the group (1 for
 * moves, 2 for positions) or 0 when a NAG can go with any other. */
unsigned     chess_nag_group       (unsigned nag);
