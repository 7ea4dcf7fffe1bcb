/* caissa-game-reasons.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-game-reasons"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-game-reasons.h"

static CaissaColor
opponent (CaissaColor color)
{
  return color == CAISSA_COLOR_WHITE ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE;
}

static CaissaColor
end_side (CaissaGame *game)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  const ChessPosition *end
    = chess_game_node_position (core, caissa_game_get_node (game, caissa_game_get_n_plies (game)));

  return end->side == CHESS_WHITE ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;
}

/* Why no action of a game in progress can be taken; NULL while it is. */
static char *
not_in_progress (CaissaGame *game)
{
  if (caissa_game_get_analysis (game))
    return g_strdup (_("Only a game being played has offers, claims and resignations"));
  if (caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    return g_strdup (_("The game is over"));
  return NULL;
}

static void
set_tooltip (char **tooltip,
             char  *text)
{
  if (tooltip != NULL)
    *tooltip = text;
  else
    g_free (text);
}

gboolean
caissa_game_reasons_offer (CaissaGame   *game,
                           CaissaColor  *who,
                           char        **tooltip)
{
  gboolean press_required;
  CaissaColor mover;
  char *reason;

  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);

  if (who != NULL)
    *who = CAISSA_COLOR_NONE;
  if ((reason = not_in_progress (game)) != NULL)
    {
      set_tooltip (tooltip, reason);
      return FALSE;
    }

  press_required = caissa_game_get_press_required (game);
  mover = opponent (end_side (game));
  if (caissa_game_get_draw_offer (game) != CAISSA_COLOR_NONE)
    reason = g_strdup (_("A draw offer stands: it is accepted or declined first"));
  else if (caissa_game_get_n_plies (game) == 0
           || (press_required && !caissa_game_get_awaiting_press (game)))
    /* Translators: RULES.md §6 — a draw is offered only between making
     * one's move and pressing one's clock. */
    reason = g_strdup (press_required ? _("Offer after your move, before you press your clock")
                                      : _("Offer right after your move"));
  else if (caissa_game_get_offer_declined (game, mover))
    reason = g_strdup (opponent (mover) == CAISSA_COLOR_BLACK
                       ? _("Your offer was declined: you may offer again after Black has offered")
                       : _("Your offer was declined: you may offer again after White has offered"));

  if (reason != NULL || !caissa_game_can_offer_draw (game, mover))
    {
      /* (A rule these reasons miss would leave the button without one.) */
      set_tooltip (tooltip, reason != NULL ? reason : g_strdup (_("No draw can be offered now")));
      return FALSE;
    }
  if (who != NULL)
    *who = mover;
  set_tooltip (tooltip, g_strdup (mover == CAISSA_COLOR_WHITE ? _("White offers Black a draw")
                                                              : _("Black offers White a draw")));
  return TRUE;
}

/* The reason a claim would be accepted with, as the position stands or
 * with the first move that makes it correct. */
static CaissaOutcomeReason
claim_reason (CaissaGame        *game,
              CaissaClaimChance *chance)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  CaissaOutcomeReason reason = caissa_game_check_claim (game, CHESS_MOVE_NONE);
  ChessMoveList list;

  *chance = CAISSA_CLAIM_NONE;
  if (reason != CAISSA_OUTCOME_REASON_NONE)
    {
      *chance = CAISSA_CLAIM_NOW;
      return reason;
    }
  if (!caissa_game_can_claim_with_a_move (game))
    return CAISSA_OUTCOME_REASON_NONE;

  *chance = CAISSA_CLAIM_WITH_MOVE;
  chess_generate_legal (chess_game_node_position (core, caissa_game_get_node (game, caissa_game_get_n_plies (game))),
                        &list);
  for (unsigned i = 0; i < list.count; i++)
    if ((reason = caissa_game_check_claim (game, list.moves[i])) == CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM)
      return reason;
  return CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM;
}

CaissaClaimChance
caissa_game_reasons_claim (CaissaGame  *game,
                           char       **tooltip)
{
  CaissaClaimChance chance;
  CaissaOutcomeReason reason;
  gboolean threefold;
  char *text;

  g_return_val_if_fail (CAISSA_IS_GAME (game), CAISSA_CLAIM_NONE);

  if ((text = not_in_progress (game)) != NULL)
    {
      set_tooltip (tooltip, text);
      return CAISSA_CLAIM_NONE;
    }
  if (caissa_game_get_awaiting_press (game))
    {
      /* Translators: RULES.md §6 — the player to move claims. */
      set_tooltip (tooltip, g_strdup (end_side (game) == CAISSA_COLOR_WHITE
                                      ? _("White may claim once Black has pressed the clock")
                                      : _("Black may claim once White has pressed the clock")));
      return CAISSA_CLAIM_NONE;
    }

  reason = claim_reason (game, &chance);
  threefold = reason == CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM;
  switch (chance)
    {
    case CAISSA_CLAIM_NOW:
      text = g_strdup (threefold ? _("Claim a draw by threefold repetition")
                                 : _("Claim a draw by the fifty-move rule"));
      break;
    case CAISSA_CLAIM_WITH_MOVE:
      text = g_strdup (threefold ? _("Claim a draw with your next move: it repeats the position a third time")
                                 : _("Claim a draw with your next move: it makes fifty moves without a capture or a pawn move"));
      break;
    case CAISSA_CLAIM_NONE:
    default:
      text = g_strdup (_("A draw can be claimed when a position occurs for the third time, "
                         "or after fifty moves without a capture or a pawn move"));
      break;
    }
  set_tooltip (tooltip, text);
  return chance;
}

char *
caissa_game_reasons_dup_claim_status (CaissaGame *game)
{
  CaissaClaimChance chance;
  CaissaOutcomeReason reason;
  gboolean white, threefold;

  g_return_val_if_fail (CAISSA_IS_GAME (game), NULL);

  if (caissa_game_get_analysis (game) || caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE
      || caissa_game_get_awaiting_press (game))
    return NULL;
  reason = claim_reason (game, &chance);
  if (chance == CAISSA_CLAIM_NONE)
    return NULL;

  white = end_side (game) == CAISSA_COLOR_WHITE;
  threefold = reason == CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM;
  if (chance == CAISSA_CLAIM_NOW)
    {
      if (threefold)
        return g_strdup (white ? _("White can claim a draw by threefold repetition")
                               : _("Black can claim a draw by threefold repetition"));
      return g_strdup (white ? _("White can claim a draw by the fifty-move rule")
                             : _("Black can claim a draw by the fifty-move rule"));
    }
  if (threefold)
    return g_strdup (white ? _("White can claim a draw with the next move (threefold repetition)")
                           : _("Black can claim a draw with the next move (threefold repetition)"));
  return g_strdup (white ? _("White can claim a draw with the next move (fifty-move rule)")
                         : _("Black can claim a draw with the next move (fifty-move rule)"));
}

gboolean
caissa_game_reasons_take_back (CaissaGame  *game,
                               char       **tooltip)
{
  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);

  if (caissa_game_get_can_undo (game))
    {
      set_tooltip (tooltip, g_strdup (_("Take back the last move")));
      return TRUE;
    }
  if (caissa_game_get_can_take_back (game))
    {
      /* The mover asks; the opponent agrees or refuses (RULES.md §4). */
      set_tooltip (tooltip, g_strdup (end_side (game) == CAISSA_COLOR_BLACK
                                      ? _("Ask Black to let White take back the last move")
                                      : _("Ask White to let Black take back the last move")));
      return TRUE;
    }
  if (caissa_game_get_n_plies (game) == 0)
    set_tooltip (tooltip, g_strdup (_("No move has been made")));
  else if (caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    set_tooltip (tooltip, g_strdup (_("The game is over")));
  else
    set_tooltip (tooltip, g_strdup (_("No move can be taken back now")));
  return FALSE;
}

gboolean
caissa_game_reasons_resign (CaissaGame  *game,
                            char       **tooltip)
{
  char *reason;

  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);

  if ((reason = not_in_progress (game)) != NULL)
    {
      set_tooltip (tooltip, reason);
      return FALSE;
    }
  set_tooltip (tooltip, g_strdup (_("White or Black resigns: the opponent wins")));
  return TRUE;
}
