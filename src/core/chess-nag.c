/* chess-nag.c — Numeric Annotation Glyphs: the table.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-nag.h"

#include <stddef.h>

typedef struct
{
  const char *glyph;
  const char *ascii;
  const char *description;
} NagEntry;

/* Pairs ($24/$25 …) are White's then Black's; the sign is the same, the
 * side is the one the position favours. */
#define PAIR(g, a, w, b) { g, a, "White " w }, { g, a, "Black " b }

static const NagEntry standard[140] = {
  { NULL, NULL, NULL },
  { "!", "!", "good move" },
  { "?", "?", "mistake" },
  { "‼", "!!", "brilliant move" },
  { "⁇", "??", "blunder" },
  { "⁉", "!?", "interesting move" },
  { "⁈", "?!", "dubious move" },
  { "□", "[]", "only move" },
  { "□", "[]", "singular move" },
  { "✗", "x", "worst move" },
  /* 10 */
  { "=", "=", "drawish position" },
  { "=", "=", "equal chances, quiet position" },
  { "=", "=", "equal chances, active position" },
  { "∞", "~", "unclear position" },
  { "⩲", "+=", "White is slightly better" },
  { "⩱", "=+", "Black is slightly better" },
  { "±", "+/-", "White is better" },
  { "∓", "-/+", "Black is better" },
  { "+−", "+-", "White is winning" },
  { "−+", "-+", "Black is winning" },
  /* 20 */
  { "+−", "+-", "White has a crushing advantage" },
  { "−+", "-+", "Black has a crushing advantage" },
  PAIR ("⨀", "zz", "is in zugzwang", "is in zugzwang"),
  PAIR ("○", "()", "has a slight space advantage", "has a slight space advantage"),
  PAIR ("○", "()", "has a space advantage", "has a space advantage"),
  PAIR ("○", "()", "has a decisive space advantage", "has a decisive space advantage"),
  /* 30 */
  PAIR ("↑↑", "^^", "is slightly ahead in development", "is slightly ahead in development"),
  PAIR ("↑↑", "^^", "is ahead in development", "is ahead in development"),
  PAIR ("↑↑", "^^", "is far ahead in development", "is far ahead in development"),
  PAIR ("↑", "^", "has the initiative", "has the initiative"),
  PAIR ("↑", "^", "has a lasting initiative", "has a lasting initiative"),
  /* 40 */
  PAIR ("→", "->", "has the attack", "has the attack"),
  PAIR ("∞⁻", "~-", "has not enough compensation", "has not enough compensation"),
  PAIR ("=∞", "=~", "has compensation", "has compensation"),
  PAIR ("=∞", "=~", "has more than enough compensation", "has more than enough compensation"),
  PAIR ("⊞", "[+]", "controls the centre slightly", "controls the centre slightly"),
  /* 50 */
  PAIR ("⊞", "[+]", "controls the centre", "controls the centre"),
  PAIR ("⊞", "[+]", "controls the centre decisively", "controls the centre decisively"),
  PAIR ("⟫", ">>", "controls the kingside slightly", "controls the kingside slightly"),
  PAIR ("⟫", ">>", "controls the kingside", "controls the kingside"),
  PAIR ("⟫", ">>", "controls the kingside decisively", "controls the kingside decisively"),
  /* 60 */
  PAIR ("⟪", "<<", "controls the queenside slightly", "controls the queenside slightly"),
  PAIR ("⟪", "<<", "controls the queenside", "controls the queenside"),
  PAIR ("⟪", "<<", "controls the queenside decisively", "controls the queenside decisively"),
  PAIR ("weak 1st rank", "weak 1st rank", "has a vulnerable first rank", "has a vulnerable first rank"),
  PAIR ("safe 1st rank", "safe 1st rank", "has a well protected first rank", "has a well protected first rank"),
  /* 70 */
  PAIR ("weak K", "weak K", "has a poorly protected king", "has a poorly protected king"),
  PAIR ("safe K", "safe K", "has a well protected king", "has a well protected king"),
  PAIR ("bad K", "bad K", "has a poorly placed king", "has a poorly placed king"),
  PAIR ("good K", "good K", "has a well placed king", "has a well placed king"),
  PAIR ("weak pawns", "weak pawns", "has a very weak pawn structure", "has a very weak pawn structure"),
  /* 80 */
  PAIR ("weak pawns", "weak pawns", "has a weak pawn structure", "has a weak pawn structure"),
  PAIR ("strong pawns", "strong pawns", "has a strong pawn structure", "has a strong pawn structure"),
  PAIR ("strong pawns", "strong pawns", "has a very strong pawn structure", "has a very strong pawn structure"),
  PAIR ("bad N", "bad N", "has a poorly placed knight", "has a poorly placed knight"),
  PAIR ("good N", "good N", "has a well placed knight", "has a well placed knight"),
  /* 90 */
  PAIR ("bad B", "bad B", "has a poorly placed bishop", "has a poorly placed bishop"),
  PAIR ("good B", "good B", "has a well placed bishop", "has a well placed bishop"),
  PAIR ("bad R", "bad R", "has a poorly placed rook", "has a poorly placed rook"),
  PAIR ("good R", "good R", "has a well placed rook", "has a well placed rook"),
  PAIR ("bad Q", "bad Q", "has a poorly placed queen", "has a poorly placed queen"),
  /* 100 */
  PAIR ("good Q", "good Q", "has a well placed queen", "has a well placed queen"),
  PAIR ("poor coordination", "poor coordination", "has poor piece coordination", "has poor piece coordination"),
  PAIR ("good coordination", "good coordination", "has good piece coordination", "has good piece coordination"),
  PAIR ("opening ??", "opening ??", "played the opening very poorly", "played the opening very poorly"),
  PAIR ("opening ?", "opening ?", "played the opening poorly", "played the opening poorly"),
  /* 110 */
  PAIR ("opening !", "opening !", "played the opening well", "played the opening well"),
  PAIR ("opening !!", "opening !!", "played the opening very well", "played the opening very well"),
  PAIR ("middlegame ??", "middlegame ??", "played the middlegame very poorly", "played the middlegame very poorly"),
  PAIR ("middlegame ?", "middlegame ?", "played the middlegame poorly", "played the middlegame poorly"),
  PAIR ("middlegame !", "middlegame !", "played the middlegame well", "played the middlegame well"),
  /* 120 */
  PAIR ("middlegame !!", "middlegame !!", "played the middlegame very well", "played the middlegame very well"),
  PAIR ("ending ??", "ending ??", "played the ending very poorly", "played the ending very poorly"),
  PAIR ("ending ?", "ending ?", "played the ending poorly", "played the ending poorly"),
  PAIR ("ending !", "ending !", "played the ending well", "played the ending well"),
  PAIR ("ending !!", "ending !!", "played the ending very well", "played the ending very well"),
  /* 130 */
  PAIR ("⇆", "<->", "has slight counterplay", "has slight counterplay"),
  PAIR ("⇆", "<->", "has counterplay", "has counterplay"),
  PAIR ("⇆", "<->", "has decisive counterplay", "has decisive counterplay"),
  PAIR ("⊕", "(+)", "is short of time", "is short of time"),
  PAIR ("⊕", "(+)", "is in severe time trouble", "is in severe time trouble"),
};

/* ChessBase's and Scid's additions that files carry. */
typedef struct
{
  unsigned char nag;
  NagEntry      entry;
} ExtraNag;

static const ExtraNag extra[] = {
  { 140, { "∆", "/\\", "with the idea" } },
  { 141, { "∇", "\\/", "aimed against" } },
  { 142, { "⌓", "better", "better is" } },
  { 143, { "≤", "<=", "worse is" } },
  { 144, { "=", "==", "equivalent is" } },
  { 145, { "RR", "RR", "editorial comment" } },
  { 146, { "N", "N", "novelty" } },
  { 147, { "✕", "weak", "weak point" } },
  { 148, { "⊥", "_|_", "endgame" } },
  { 149, { "⇔", "<=>", "file" } },
  { 150, { "⇗", "/^", "diagonal" } },
  { 151, { "◫", "BB", "bishop pair" } },
  { 152, { "opp. B", "opp. B", "bishops of opposite colours" } },
  { 153, { "same B", "same B", "bishops of the same colour" } },
  { 190, { "etc.", "etc.", "etc." } },
  { 191, { "doubled pawns", "doubled pawns", "doubled pawns" } },
  { 192, { "isolated pawn", "isolated pawn", "isolated pawn" } },
  { 193, { "connected pawns", "connected pawns", "connected pawns" } },
  { 194, { "hanging pawns", "hanging pawns", "hanging pawns" } },
  { 195, { "backward pawn", "backward pawn", "backward pawn" } },
  { 201, { "D", "D", "diagram" } },
  { 220, { "D", "D", "diagram" } },
  { 221, { "D'", "D'", "diagram from Black's side" } },
  { 238, { "○", "()", "space advantage" } },
  { 239, { "⇔", "<=>", "file" } },
  { 240, { "⇗", "/^", "diagonal" } },
  { 241, { "⊞", "[+]", "centre" } },
  { 242, { "⟫", ">>", "kingside" } },
  { 243, { "⟪", "<<", "queenside" } },
  { 244, { "✕", "weak", "weak point" } },
  { 245, { "⊥", "_|_", "endgame" } },
  { 246, { "◫", "BB", "bishop pair" } },
  { 247, { "opp. B", "opp. B", "bishops of opposite colours" } },
  { 248, { "same B", "same B", "bishops of the same colour" } },
  { 249, { "connected pawns", "connected pawns", "connected pawns" } },
  { 250, { "isolated pawns", "isolated pawns", "isolated pawns" } },
  { 251, { "doubled pawns", "doubled pawns", "doubled pawns" } },
  { 252, { "passed pawn", "passed pawn", "passed pawn" } },
  { 253, { "pawn majority", "pawn majority", "pawn majority" } },
  { 254, { "with", "with", "with" } },
  { 255, { "without", "without", "without" } },
};

static const NagEntry *
lookup (unsigned nag)
{
  if (nag < sizeof standard / sizeof standard[0])
    return standard[nag].glyph != NULL ? &standard[nag] : NULL;
  for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
    if (extra[i].nag == nag)
      return &extra[i].entry;
  return NULL;
}

ChessNagKind
chess_nag_kind (unsigned nag)
{
  if (lookup (nag) == NULL)
    return CHESS_NAG_KIND_NONE;
  if (nag <= 9)
    return CHESS_NAG_KIND_MOVE;
  if (nag <= 21)
    return CHESS_NAG_KIND_POSITION;
  return CHESS_NAG_KIND_OBSERVATION;
}

const char *
chess_nag_glyph (unsigned nag)
{
  const NagEntry *e = lookup (nag);

  return e ? e->glyph : NULL;
}

const char *
chess_nag_ascii (unsigned nag)
{
  const NagEntry *e = lookup (nag);

  return e ? e->ascii : NULL;
}

const char *
chess_nag_description (unsigned nag)
{
  const NagEntry *e = lookup (nag);

  return e ? e->description : NULL;
}

bool
chess_nag_sticks (unsigned nag)
{
  return chess_nag_kind (nag) == CHESS_NAG_KIND_MOVE;
}

unsigned
chess_nag_group (unsigned nag)
{
  switch (chess_nag_kind (nag))
    {
    case CHESS_NAG_KIND_MOVE:
      return 1;
    case CHESS_NAG_KIND_POSITION:
      return 2;
    case CHESS_NAG_KIND_NONE:
    case CHESS_NAG_KIND_OBSERVATION:
    default:
      return 0;
    }
}
