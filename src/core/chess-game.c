/* chess-game.c — the move tree in an arena of nodes.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "chess-game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-fen.h"
#include "chess-game-private.h"
#include "chess-pgn.h"
#include "chess-san.h"

typedef struct
{
  ChessPosition pos;
  ChessNodeId   parent;
  ChessNodeId   first_child;
  ChessNodeId   next_sibling;   /* also the free list's link */
  uint32_t      ply;
  ChessMove     move;
  uint8_t       used;
  uint8_t       n_nags;
  uint8_t       nags[CHESS_GAME_MAX_NAGS];
  char          san[CHESS_SAN_MAX];
  char         *comment[2];
  int64_t       clk_ms;
  int64_t       emt_ms;
} Node;

typedef struct
{
  char *name;
  char *value;
} Tag;

struct _ChessGame
{
  Node        *nodes;
  unsigned     n_slots;
  unsigned     capacity;
  ChessNodeId  free_list;
  Tag         *tags;
  unsigned     n_tags;
  unsigned     tags_capacity;
};

const char *const chess_game_seven_tags[7] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result",
};

static const char *const seven_tag_defaults[7] = {
  "?", "?", "????.??.??", "?", "?", "?", "*",
};

static void *
xmalloc (size_t size)
{
  void *p = malloc (size ? size : 1);

  if (p == NULL)
    abort ();
  return p;
}

static void *
xrealloc (void  *p,
          size_t size)
{
  p = realloc (p, size ? size : 1);
  if (p == NULL)
    abort ();
  return p;
}

static char *
xstrdup (const char *s)
{
  size_t n = strlen (s) + 1;

  return memcpy (xmalloc (n), s, n);
}

static inline Node *
node_at (const ChessGame *game,
         ChessNodeId      id)
{
  if (id >= game->n_slots || !game->nodes[id].used)
    return NULL;
  return &game->nodes[id];
}

static void
node_reset (Node *node)
{
  free (node->comment[0]);
  free (node->comment[1]);
  memset (node, 0, sizeof *node);
  node->parent = CHESS_NODE_NONE;
  node->first_child = CHESS_NODE_NONE;
  node->next_sibling = CHESS_NODE_NONE;
  node->clk_ms = -1;
  node->emt_ms = -1;
}

/* Takes a slot from the free list, or grows the arena geometrically. */
static ChessNodeId
node_alloc (ChessGame *game)
{
  ChessNodeId id;

  if (game->free_list != CHESS_NODE_NONE)
    {
      id = game->free_list;
      game->free_list = game->nodes[id].next_sibling;
    }
  else
    {
      if (game->n_slots == game->capacity)
        {
          game->capacity = game->capacity ? game->capacity * 2 : 64;
          game->nodes = xrealloc (game->nodes, game->capacity * sizeof (Node));
        }
      id = game->n_slots++;
      game->nodes[id].comment[0] = NULL;
      game->nodes[id].comment[1] = NULL;
    }
  node_reset (&game->nodes[id]);
  game->nodes[id].used = 1;
  return id;
}

static void
node_release (ChessGame  *game,
              ChessNodeId id)
{
  Node *node = &game->nodes[id];

  node_reset (node);
  node->used = 0;
  node->next_sibling = game->free_list;
  game->free_list = id;
}

/* --- Life cycle ------------------------------------------------------------ */

ChessGame *
chess_game_new (void)
{
  ChessGame *game = xmalloc (sizeof *game);
  ChessNodeId root;

  memset (game, 0, sizeof *game);
  game->free_list = CHESS_NODE_NONE;
  root = node_alloc (game);
  chess_position_init_start (&game->nodes[root].pos);
  for (unsigned i = 0; i < 7; i++)
    chess_game_set_tag (game, chess_game_seven_tags[i], seven_tag_defaults[i]);
  return game;
}

void
chess_game_free (ChessGame *game)
{
  if (game == NULL)
    return;
  for (unsigned i = 0; i < game->n_slots; i++)
    {
      free (game->nodes[i].comment[0]);
      free (game->nodes[i].comment[1]);
    }
  free (game->nodes);
  for (unsigned i = 0; i < game->n_tags; i++)
    {
      free (game->tags[i].name);
      free (game->tags[i].value);
    }
  free (game->tags);
  free (game);
}

ChessGame *
chess_game_copy (const ChessGame *game)
{
  ChessGame *copy = xmalloc (sizeof *copy);

  *copy = *game;
  copy->nodes = xmalloc (game->capacity * sizeof (Node));
  memcpy (copy->nodes, game->nodes, game->n_slots * sizeof (Node));
  for (unsigned i = 0; i < game->n_slots; i++)
    for (unsigned k = 0; k < 2; k++)
      if (copy->nodes[i].comment[k] != NULL)
        copy->nodes[i].comment[k] = xstrdup (copy->nodes[i].comment[k]);
  copy->tags = xmalloc (game->tags_capacity * sizeof (Tag));
  for (unsigned i = 0; i < game->n_tags; i++)
    {
      copy->tags[i].name = xstrdup (game->tags[i].name);
      copy->tags[i].value = xstrdup (game->tags[i].value);
    }
  return copy;
}

void
chess_game_clear_moves (ChessGame *game)
{
  ChessPosition start = game->nodes[CHESS_NODE_ROOT].pos;

  for (unsigned i = 0; i < game->n_slots; i++)
    {
      free (game->nodes[i].comment[0]);
      free (game->nodes[i].comment[1]);
      game->nodes[i].comment[0] = NULL;
      game->nodes[i].comment[1] = NULL;
    }
  game->n_slots = 0;
  game->free_list = CHESS_NODE_NONE;
  node_alloc (game);
  game->nodes[CHESS_NODE_ROOT].pos = start;
}

void
chess_game_set_start_position (ChessGame           *game,
                               const ChessPosition *pos)
{
  ChessPosition initial;
  char fen[CHESS_FEN_MAX];
  char initial_fen[CHESS_FEN_MAX];

  chess_game_clear_moves (game);
  game->nodes[CHESS_NODE_ROOT].pos = *pos;

  chess_position_init_start (&initial);
  chess_fen_write (pos, fen);
  chess_fen_write (&initial, initial_fen);
  if (strcmp (fen, initial_fen) == 0)
    {
      chess_game_remove_tag (game, "SetUp");
      chess_game_remove_tag (game, "FEN");
    }
  else
    {
      chess_game_set_tag (game, "SetUp", "1");
      chess_game_set_tag (game, "FEN", fen);
    }
}

bool
chess_game_set_start_fen (ChessGame  *game,
                          const char *fen,
                          ChessError *error)
{
  ChessPosition pos;

  if (!chess_fen_parse (&pos, fen, strlen (fen), error))
    return false;
  chess_game_set_start_position (game, &pos);
  return true;
}

const ChessPosition *
chess_game_start_position (const ChessGame *game)
{
  return &game->nodes[CHESS_NODE_ROOT].pos;
}

/* --- Tags ------------------------------------------------------------------ */

static int
tag_find (const ChessGame *game,
          const char      *name)
{
  for (unsigned i = 0; i < game->n_tags; i++)
    if (strcmp (game->tags[i].name, name) == 0)
      return (int) i;
  return -1;
}

static bool
tag_name_valid (const char *name)
{
  size_t n = 0;

  if (name == NULL || name[0] == '\0')
    return false;
  for (const char *p = name; *p; p++, n++)
    {
      char c = *p;
      bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || (c == '_' && p != name);
      if (!ok)
        return false;
    }
  return n <= 255;
}

const char *
chess_game_get_tag (const ChessGame *game,
                    const char      *name)
{
  int i = tag_find (game, name);

  return i < 0 ? NULL : game->tags[i].value;
}

bool
chess_game_set_tag (ChessGame  *game,
                    const char *name,
                    const char *value)
{
  int i;

  if (!tag_name_valid (name) || value == NULL)
    return false;
  i = tag_find (game, name);
  if (i >= 0)
    {
      char *v = xstrdup (value);
      free (game->tags[i].value);
      game->tags[i].value = v;
      return true;
    }
  if (game->n_tags == game->tags_capacity)
    {
      game->tags_capacity = game->tags_capacity ? game->tags_capacity * 2 : 16;
      game->tags = xrealloc (game->tags, game->tags_capacity * sizeof (Tag));
    }
  game->tags[game->n_tags].name = xstrdup (name);
  game->tags[game->n_tags].value = xstrdup (value);
  game->n_tags++;
  return true;
}

bool
chess_game_remove_tag (ChessGame  *game,
                       const char *name)
{
  int i = tag_find (game, name);

  if (i < 0)
    return false;
  free (game->tags[i].name);
  free (game->tags[i].value);
  memmove (&game->tags[i], &game->tags[i + 1], (game->n_tags - i - 1) * sizeof (Tag));
  game->n_tags--;
  return true;
}

unsigned
chess_game_n_tags (const ChessGame *game)
{
  return game->n_tags;
}

bool
chess_game_nth_tag (const ChessGame *game,
                    unsigned         i,
                    const char     **name,
                    const char     **value)
{
  if (i >= game->n_tags)
    return false;
  if (name != NULL)
    *name = game->tags[i].name;
  if (value != NULL)
    *value = game->tags[i].value;
  return true;
}

const char *
chess_game_get_result (const ChessGame *game)
{
  const char *r = chess_game_get_tag (game, "Result");

  if (r == NULL
      || (strcmp (r, "1-0") != 0 && strcmp (r, "0-1") != 0 && strcmp (r, "1/2-1/2") != 0))
    return "*";
  return r;
}

bool
chess_game_set_result (ChessGame  *game,
                       const char *result)
{
  if (result == NULL
      || (strcmp (result, "1-0") != 0 && strcmp (result, "0-1") != 0
          && strcmp (result, "1/2-1/2") != 0 && strcmp (result, "*") != 0))
    return false;
  return chess_game_set_tag (game, "Result", result);
}

/* --- Building the tree ----------------------------------------------------- */

ChessNodeId
chess_game_node_find_child (const ChessGame *game,
                            ChessNodeId      node,
                            ChessMove        move)
{
  const Node *n = node_at (game, node);

  if (n == NULL)
    return CHESS_NODE_NONE;
  for (ChessNodeId c = n->first_child; c != CHESS_NODE_NONE; c = game->nodes[c].next_sibling)
    if (game->nodes[c].move == move)
      return c;
  return CHESS_NODE_NONE;
}

/* trusted: the PGN reader proved the move legal, and wants a node of its
 * own even when a sibling has the same move: a variation that repeats the
 * move it replaces ("2. Nf3 (2. Nf3 Nc6 3. Bb5) 2... Nc6") is kept as
 * written, never merged into the main line. */
static ChessNodeId
add_move (ChessGame  *game,
          ChessNodeId parent,
          ChessMove   move,
          bool        trusted)
{
  Node *p = node_at (game, parent);
  ChessNodeId existing, id, last;
  Node *n;

  if (p == NULL || move == CHESS_MOVE_NONE)
    return CHESS_NODE_NONE;
  if (!trusted)
    {
      existing = chess_game_node_find_child (game, parent, move);
      if (existing != CHESS_NODE_NONE)
        return existing;
    }
  if (move == CHESS_MOVE_NULL)
    {
      if (chess_position_in_check (&p->pos))
        return CHESS_NODE_NONE;
    }
  else if (!trusted && !chess_position_is_legal (&p->pos, move))
    return CHESS_NODE_NONE;

  id = node_alloc (game);        /* may move the arena: refetch pointers */
  p = &game->nodes[parent];
  n = &game->nodes[id];
  n->pos = p->pos;
  chess_san_write (&p->pos, move, n->san);
  chess_position_make_move (&n->pos, move);
  n->move = move;
  n->parent = parent;
  n->ply = p->ply + 1;

  if (p->first_child == CHESS_NODE_NONE)
    p->first_child = id;
  else
    {
      for (last = p->first_child; game->nodes[last].next_sibling != CHESS_NODE_NONE;
           last = game->nodes[last].next_sibling)
        ;
      game->nodes[last].next_sibling = id;
    }
  return id;
}

ChessNodeId
chess_game_add_move (ChessGame  *game,
                     ChessNodeId parent,
                     ChessMove   move)
{
  return add_move (game, parent, move, false);
}

ChessNodeId
_chess_game_add_legal_move (ChessGame  *game,
                            ChessNodeId parent,
                            ChessMove   move)
{
  return add_move (game, parent, move, true);
}

ChessNodeId
chess_game_add_san (ChessGame  *game,
                    ChessNodeId parent,
                    const char *san,
                    ChessError *error)
{
  const Node *p = node_at (game, parent);
  ChessMove move;

  if (p == NULL)
    {
      chess_error_set (error, CHESS_ERROR_SAN_ILLEGAL, CHESS_N_ ("no such node %u"), parent);
      return CHESS_NODE_NONE;
    }
  move = chess_san_parse (&p->pos, san, strlen (san), error);
  if (move == CHESS_MOVE_NONE)
    return CHESS_NODE_NONE;
  return chess_game_add_move (game, parent, move);
}

static void
unlink_child (ChessGame  *game,
              ChessNodeId node)
{
  Node *n = &game->nodes[node];
  Node *p = &game->nodes[n->parent];

  if (p->first_child == node)
    p->first_child = n->next_sibling;
  else
    {
      ChessNodeId c = p->first_child;
      while (game->nodes[c].next_sibling != node)
        c = game->nodes[c].next_sibling;
      game->nodes[c].next_sibling = n->next_sibling;
    }
  n->next_sibling = CHESS_NODE_NONE;
}

/* Frees a detached subtree without recursion (lines may be thousands of
 * plies deep): descend to a leaf, free it, climb, repeat. */
static void
free_subtree (ChessGame  *game,
              ChessNodeId top)
{
  ChessNodeId cur = top;

  for (;;)
    {
      Node *n = &game->nodes[cur];
      if (n->first_child != CHESS_NODE_NONE)
        {
          cur = n->first_child;
          continue;
        }
      if (cur == top)
        {
          node_release (game, cur);
          return;
        }
      ChessNodeId parent = n->parent;
      game->nodes[parent].first_child = n->next_sibling;
      node_release (game, cur);
      cur = parent;
    }
}

void
chess_game_delete_node (ChessGame  *game,
                        ChessNodeId node)
{
  Node *n = node_at (game, node);

  if (n == NULL)
    return;
  if (node == CHESS_NODE_ROOT)
    {
      while (game->nodes[CHESS_NODE_ROOT].first_child != CHESS_NODE_NONE)
        chess_game_delete_node (game, game->nodes[CHESS_NODE_ROOT].first_child);
      return;
    }
  unlink_child (game, node);
  free_subtree (game, node);
}

bool
chess_game_promote_variation (ChessGame  *game,
                              ChessNodeId node)
{
  ChessNodeId v = node;
  Node *n = node_at (game, node);

  if (n == NULL)
    return false;
  while (v != CHESS_NODE_ROOT && game->nodes[game->nodes[v].parent].first_child == v)
    v = game->nodes[v].parent;
  if (v == CHESS_NODE_ROOT)
    return false;

  Node *p = &game->nodes[game->nodes[v].parent];
  unlink_child (game, v);
  game->nodes[v].next_sibling = p->first_child;
  p->first_child = v;
  return true;
}

bool
chess_game_promote_to_main_line (ChessGame  *game,
                                 ChessNodeId node)
{
  bool any = false;

  while (chess_game_promote_variation (game, node))
    any = true;
  return any;
}

/* --- Navigating ------------------------------------------------------------ */

bool
chess_game_node_valid (const ChessGame *game,
                       ChessNodeId      node)
{
  return node_at (game, node) != NULL;
}

ChessNodeId
chess_game_node_parent (const ChessGame *game,
                        ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->parent : CHESS_NODE_NONE;
}

ChessNodeId
chess_game_node_next (const ChessGame *game,
                      ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->first_child : CHESS_NODE_NONE;
}

ChessNodeId
chess_game_node_next_sibling (const ChessGame *game,
                              ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->next_sibling : CHESS_NODE_NONE;
}

ChessNodeId
chess_game_node_prev_sibling (const ChessGame *game,
                              ChessNodeId      node)
{
  const Node *n = node_at (game, node);
  ChessNodeId c, prev = CHESS_NODE_NONE;

  if (n == NULL || n->parent == CHESS_NODE_NONE)
    return CHESS_NODE_NONE;
  for (c = game->nodes[n->parent].first_child; c != node; c = game->nodes[c].next_sibling)
    prev = c;
  return prev;
}

unsigned
chess_game_node_n_children (const ChessGame *game,
                            ChessNodeId      node)
{
  const Node *n = node_at (game, node);
  unsigned count = 0;

  if (n == NULL)
    return 0;
  for (ChessNodeId c = n->first_child; c != CHESS_NODE_NONE; c = game->nodes[c].next_sibling)
    count++;
  return count;
}

ChessNodeId
chess_game_node_nth_child (const ChessGame *game,
                           ChessNodeId      node,
                           unsigned         i)
{
  const Node *n = node_at (game, node);
  ChessNodeId c;

  if (n == NULL)
    return CHESS_NODE_NONE;
  for (c = n->first_child; c != CHESS_NODE_NONE && i > 0; c = game->nodes[c].next_sibling)
    i--;
  return c;
}

bool
chess_game_node_is_main_line (const ChessGame *game,
                              ChessNodeId      node)
{
  if (node_at (game, node) == NULL)
    return false;
  while (node != CHESS_NODE_ROOT)
    {
      ChessNodeId parent = game->nodes[node].parent;
      if (game->nodes[parent].first_child != node)
        return false;
      node = parent;
    }
  return true;
}

ChessNodeId
chess_game_main_line_end (const ChessGame *game,
                          ChessNodeId      node)
{
  if (node_at (game, node) == NULL)
    return CHESS_NODE_NONE;
  while (game->nodes[node].first_child != CHESS_NODE_NONE)
    node = game->nodes[node].first_child;
  return node;
}

unsigned
chess_game_node_ply (const ChessGame *game,
                     ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->ply : 0;
}

unsigned
chess_game_node_path (const ChessGame *game,
                      ChessNodeId      node,
                      ChessNodeId     *path,
                      unsigned         cap)
{
  const Node *n = node_at (game, node);
  unsigned len;

  if (n == NULL)
    return 0;
  len = n->ply + 1;
  for (unsigned i = len; i-- > 0; node = game->nodes[node].parent)
    if (i < cap)
      path[i] = node;
  return len;
}

unsigned
chess_game_n_slots (const ChessGame *game)
{
  return game->n_slots;
}

/* --- What a node holds ----------------------------------------------------- */

ChessMove
chess_game_node_move (const ChessGame *game,
                      ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->move : CHESS_MOVE_NONE;
}

const ChessPosition *
chess_game_node_position (const ChessGame *game,
                          ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? &n->pos : NULL;
}

const char *
chess_game_node_san (const ChessGame *game,
                     ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->san : "";
}

const char *
chess_game_node_comment (const ChessGame  *game,
                         ChessNodeId       node,
                         ChessCommentPlace place)
{
  const Node *n = node_at (game, node);

  if (n == NULL || (place != CHESS_COMMENT_BEFORE && place != CHESS_COMMENT_AFTER))
    return NULL;
  return n->comment[place];
}

void
chess_game_node_set_comment (ChessGame        *game,
                             ChessNodeId       node,
                             ChessCommentPlace place,
                             const char       *text)
{
  Node *n = node_at (game, node);
  char *copy;

  if (n == NULL || (place != CHESS_COMMENT_BEFORE && place != CHESS_COMMENT_AFTER))
    return;
  if (node == CHESS_NODE_ROOT && place == CHESS_COMMENT_BEFORE)
    return;
  copy = (text != NULL && text[0] != '\0') ? xstrdup (text) : NULL;
  free (n->comment[place]);
  n->comment[place] = copy;
  if (place == CHESS_COMMENT_AFTER)
    {
      size_t len = copy ? strlen (copy) : 0;
      n->clk_ms = copy ? chess_pgn_comment_clock_ms (copy, len, "clk") : -1;
      n->emt_ms = copy ? chess_pgn_comment_clock_ms (copy, len, "emt") : -1;
    }
}

unsigned
chess_game_node_nags (const ChessGame *game,
                      ChessNodeId      node,
                      const uint8_t  **nags)
{
  const Node *n = node_at (game, node);

  if (n == NULL)
    {
      if (nags != NULL)
        *nags = NULL;
      return 0;
    }
  if (nags != NULL)
    *nags = n->nags;
  return n->n_nags;
}

bool
chess_game_node_add_nag (ChessGame  *game,
                         ChessNodeId node,
                         unsigned    nag)
{
  Node *n = node_at (game, node);

  if (n == NULL || nag == 0 || nag > 255 || n->n_nags >= CHESS_GAME_MAX_NAGS)
    return false;
  for (unsigned i = 0; i < n->n_nags; i++)
    if (n->nags[i] == nag)
      return false;
  n->nags[n->n_nags++] = (uint8_t) nag;
  return true;
}

bool
chess_game_node_remove_nag (ChessGame  *game,
                            ChessNodeId node,
                            unsigned    nag)
{
  Node *n = node_at (game, node);

  if (n == NULL)
    return false;
  for (unsigned i = 0; i < n->n_nags; i++)
    if (n->nags[i] == nag)
      {
        memmove (&n->nags[i], &n->nags[i + 1], n->n_nags - i - 1);
        n->n_nags--;
        return true;
      }
  return false;
}

int64_t
chess_game_node_clock_ms (const ChessGame *game,
                          ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->clk_ms : -1;
}

int64_t
chess_game_node_emt_ms (const ChessGame *game,
                        ChessNodeId      node)
{
  const Node *n = node_at (game, node);

  return n ? n->emt_ms : -1;
}

static size_t
format_clock (int64_t ms,
              char   *buf,
              size_t  size)
{
  int64_t s = ms / 1000, frac = ms % 1000;
  int len;

  len = snprintf (buf, size, "[%%clk %lld:%02d:%02d", (long long) (s / 3600),
                  (int) (s / 60 % 60), (int) (s % 60));
  if (frac != 0 && frac % 100 == 0)
    len += snprintf (buf + len, size - len, ".%d", (int) (frac / 100));
  else if (frac != 0)
    len += snprintf (buf + len, size - len, ".%03d", (int) frac);
  len += snprintf (buf + len, size - len, "]");
  return (size_t) len;
}

void
chess_game_node_set_clock_ms (ChessGame  *game,
                              ChessNodeId node,
                              int64_t     ms)
{
  Node *n = node_at (game, node);
  const char *old, *start = NULL, *end = NULL;
  char clk[64] = "";
  size_t old_len, clk_len = 0, out_len;
  char *out;

  if (n == NULL)
    return;
  old = n->comment[CHESS_COMMENT_AFTER] ? n->comment[CHESS_COMMENT_AFTER] : "";
  old_len = strlen (old);
  if (ms >= 0)
    clk_len = format_clock (ms, clk, sizeof clk);

  /* Find the existing [%clk ...] to replace (or remove). */
  for (const char *p = old; (p = strstr (p, "[%clk")) != NULL; p++)
    {
      const char *q = memchr (p, ']', old_len - (size_t) (p - old));
      if (q != NULL && (p[5] == ' ' || p[5] == ']' || p[5] == '\t'))
        {
          start = p;
          end = q + 1;
          break;
        }
    }

  out = xmalloc (old_len + clk_len + 2);
  if (start != NULL)
    {
      size_t head = (size_t) (start - old);
      memcpy (out, old, head);
      memcpy (out + head, clk, clk_len);
      strcpy (out + head + clk_len, end);
      if (clk_len == 0)
        {
          /* Removing: squeeze the blank the command leaves. */
          char *h = out + head;
          while (*h == ' ' && (h == out || h[-1] == ' '))
            memmove (h, h + 1, strlen (h));
        }
    }
  else if (clk_len > 0 && old_len > 0)
    snprintf (out, old_len + clk_len + 2, "%s %s", clk, old);
  else
    snprintf (out, old_len + clk_len + 2, "%s%s", clk, old);
  out_len = strlen (out);
  while (out_len > 0 && out[out_len - 1] == ' ')
    out[--out_len] = '\0';
  chess_game_node_set_comment (game, node, CHESS_COMMENT_AFTER, out);
  free (out);
}

/* --- Rules at a node ------------------------------------------------------- */

unsigned
chess_game_node_history (const ChessGame *game,
                         ChessNodeId      node,
                         uint64_t        *keys,
                         unsigned         cap)
{
  const Node *n = node_at (game, node);
  unsigned total, take;

  if (n == NULL)
    return 0;
  total = n->ply + 1;
  take = total < cap ? total : cap;
  for (unsigned i = take; i-- > 0; node = game->nodes[node].parent)
    keys[i] = game->nodes[node].pos.key;
  return total;
}

ChessStatus
chess_game_node_status (const ChessGame *game,
                        ChessNodeId      node)
{
  /* chess_repetitions looks back at most halfmove plies (≤ 255), so the
   * last 512 keys are always enough. */
  uint64_t keys[512];
  ChessHistory history;
  unsigned total;
  const Node *n = node_at (game, node);

  if (n == NULL)
    return CHESS_STATUS_ONGOING;
  total = chess_game_node_history (game, node, keys, 512);
  history.keys = keys;
  history.count = total < 512 ? total : 512;
  return chess_status (&n->pos, &history);
}
