/* chess-eco.c — opening names by position.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-eco-private.h"

unsigned
chess_eco_count (void)
{
  return chess_eco_table_len;
}

const ChessEco *
chess_eco_nth (unsigned index)
{
  return index < chess_eco_table_len ? &chess_eco_table[index] : NULL;
}

unsigned
chess_eco_index (const ChessEco *eco)
{
  return (unsigned) (eco - chess_eco_table);
}

unsigned
chess_eco_n_merged (void)
{
  return chess_eco_merged_len;
}

unsigned
chess_eco_n_lines (void)
{
  return chess_eco_table_len + chess_eco_merged_len;
}

const ChessEco *
chess_eco_lookup (uint64_t key)
{
  for (unsigned slot = (unsigned) key & (CHESS_ECO_SLOTS - 1);; slot = (slot + 1) & (CHESS_ECO_SLOTS - 1))
    {
      if (chess_eco_slot_index[slot] == CHESS_ECO_EMPTY)
        return NULL;
      if (chess_eco_slot_keys[slot] == key)
        return &chess_eco_table[chess_eco_slot_index[slot]];
    }
}

const ChessEco *
chess_eco_lookup_position (const ChessPosition *pos)
{
  return chess_eco_lookup (pos->key);
}

void
chess_eco_walk_init (ChessEcoWalk *walk)
{
  walk->opening = NULL;
  walk->ply = 0;
  walk->done = false;
  walk->pending = false;
}

/* Whether some named position can still follow pos: see ChessEcoReach. */
static bool
can_reach_named (const ChessPosition *pos)
{
  ChessBitboard white_pawns = pos->by_type[CHESS_PAWN] & pos->by_color[CHESS_WHITE];
  ChessBitboard black_pawns = pos->by_type[CHESS_PAWN] & pos->by_color[CHESS_BLACK];
  unsigned white_rank2 = (unsigned) ((white_pawns >> 8) & 0xff);
  unsigned black_rank7 = (unsigned) ((black_pawns >> 48) & 0xff);
  int pieces = chess_popcount (pos->by_type[0]);

  for (unsigned i = 0; i < chess_eco_reach_len; i++)
    {
      const ChessEcoReach *r = &chess_eco_reach[i];

      if ((r->white_rank2 & ~white_rank2) == 0 && (r->black_rank7 & ~black_rank7) == 0
          && r->pieces <= pieces)
        return true;
    }
  return false;
}

bool
chess_eco_walk_position (ChessEcoWalk        *walk,
                         const ChessPosition *pos,
                         unsigned             ply)
{
  const ChessEco *eco;

  if (walk->done)
    return false;
  eco = chess_eco_lookup (pos->key);
  if (eco != NULL)
    {
      walk->opening = eco;
      walk->ply = ply;
    }
  /* Only a capture or a pawn move (the halfmove clock back to 0), or the
   * start, can take the last named position out of reach. */
  else if ((pos->halfmove == 0 || ply == 0) && !can_reach_named (pos))
    walk->done = true;
  return !walk->done;
}

void
chess_eco_walk_move (ChessEcoWalk        *walk,
                     const ChessPosition *before,
                     ChessMove            move,
                     unsigned             ply)
{
  if (walk->done)
    return;
  /* Making every move on a copy cost more than the rest of the walk: the
   * parser already made it, and hands its result over as the next move's
   * before. Only the line's last move is made here (finish). */
  if (!chess_eco_walk_position (walk, before, ply - 1))
    {
      walk->pending = false;
      return;
    }
  walk->pending = true;
  walk->last_move = move;
  walk->last_ply = ply;
  walk->last_before = *before;
}

void
chess_eco_walk_finish (ChessEcoWalk *walk)
{
  if (!walk->pending || walk->done)
    return;
  walk->pending = false;
  chess_position_make_move (&walk->last_before, walk->last_move);
  chess_eco_walk_position (walk, &walk->last_before, walk->last_ply);
}

void
chess_eco_classify_game (const ChessGame *game,
                         ChessEcoWalk    *walk)
{
  unsigned ply = 0;

  chess_eco_walk_init (walk);
  for (ChessNodeId node = CHESS_NODE_ROOT; node != CHESS_NODE_NONE;
       node = chess_game_node_next (game, node))
    if (!chess_eco_walk_position (walk, chess_game_node_position (game, node), ply++))
      break;
}

void
chess_eco_classify_node (const ChessGame *game,
                         ChessNodeId      node,
                         ChessEcoWalk    *walk)
{
  ChessNodeId path[1024];
  unsigned n = chess_game_node_path (game, node, path, 1024);

  chess_eco_walk_init (walk);
  if (!chess_eco_walk_position (walk, chess_game_start_position (game), 0))
    return;
  /* A path longer than the buffer is deep past every named position. */
  for (unsigned i = 0; i < n && i < 1024; i++)
    {
      if (path[i] == CHESS_NODE_ROOT)
        continue;
      if (!chess_eco_walk_position (walk, chess_game_node_position (game, path[i]),
                                    chess_game_node_ply (game, path[i])))
        break;
    }
}
