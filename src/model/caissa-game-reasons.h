/* caissa-game-reasons.h — whether the game's actions (offer, claim, take
 * back, resign) may be taken now, and in words why not.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are CaissaGame's (RULES.md §4, §6, §7); these functions only
 * read them and say the reason a player would want to know, for the
 * tooltips of the buttons by the clock and for the status line. The
 * texts are translated.
 */
#pragma once

#include "caissa-game.h"

G_BEGIN_DECLS

typedef enum
{
  CAISSA_CLAIM_NONE,       /* no claim would be correct */
  CAISSA_CLAIM_NOW,        /* correct as the position stands */
  CAISSA_CLAIM_WITH_MOVE,  /* correct with some move the player declares */
} CaissaClaimChance;

/* Offering a draw: TRUE when the player who may offer (*who) can, and a
 * tooltip saying what the button does or why it cannot. */
gboolean          caissa_game_reasons_offer      (CaissaGame   *game,
                                                  CaissaColor  *who,
                                                  char        **tooltip);
/* Claiming: the chance, and the tooltip (what makes it correct, or why
 * there is none). */
CaissaClaimChance caissa_game_reasons_claim      (CaissaGame   *game,
                                                  char        **tooltip);
/* Taking back the last move (undo without a clock, the opponent asked
 * under one). */
gboolean          caissa_game_reasons_take_back  (CaissaGame   *game,
                                                  char        **tooltip);
gboolean          caissa_game_reasons_resign     (CaissaGame   *game,
                                                  char        **tooltip);
/* For the status line: "White can claim a draw by threefold repetition",
 * or NULL when no claim would be correct. */
char             *caissa_game_reasons_dup_claim_status (CaissaGame *game);

G_END_DECLS
