/* caissa-window-eco.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include "chess-eco.h"
#include "caissa-window-eco.h"

char *
_caissa_window_opening_text (CaissaGame *game)
{
  ChessEcoWalk walk;

  g_return_val_if_fail (CAISSA_IS_GAME (game), NULL);

  /* A binary search per ply of the path, stopped as soon as no named
   * position can follow: cheap enough for every notify of the game. */
  chess_eco_classify_node (caissa_game_get_core_game (game), caissa_game_get_shown_node (game), &walk);
  if (walk.opening == NULL)
    return NULL;
  return g_strdup_printf ("%s %s", walk.opening->eco, walk.opening->name);
}
