/* caissa-edit-history.c — the edits of a reviewed game, to take back and
 * do again.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-edit-history"

#include "config.h"

#include <string.h>

#include <stdlib.h>

#include "chess-pgn.h"
#include "caissa-edit-history.h"

/* States further than this from the current one are kept as PGN text, a
 * fifth of a tree's size (the tree keeps a position per node), and read
 * again when undo or redo reaches them. */
#define KEEP_AS_TREES 8

typedef struct
{
  /* One of the two: the tree, or its export. */
  ChessGame   *game;
  char        *pgn;
  /* The nodes shown, as paths of child indices from the root (node ids
   * do not survive a trip through PGN). */
  GArray      *shown_enter;
  GArray      *shown_leave;
  /* The edit that led to this state (NULL for the first). */
  char        *label;
} State;

static GArray *
path_of (const ChessGame *game,
         ChessNodeId      node)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree ChessNodeId *ids = NULL;
  unsigned n;

  if (node == CHESS_NODE_NONE || !chess_game_node_valid (game, node))
    node = CHESS_NODE_ROOT;
  n = chess_game_node_path (game, node, NULL, 0);
  ids = g_new (ChessNodeId, n);
  chess_game_node_path (game, node, ids, n);
  for (unsigned i = 1; i < n; i++)
    {
      guint index = 0;

      while (chess_game_node_nth_child (game, ids[i - 1], index) != ids[i])
        index++;
      g_array_append_val (path, index);
    }
  return path;
}

static ChessNodeId
node_of (const ChessGame *game,
         const GArray    *path)
{
  ChessNodeId node = CHESS_NODE_ROOT;

  for (guint i = 0; i < path->len && node != CHESS_NODE_NONE; i++)
    node = chess_game_node_nth_child (game, node, g_array_index (path, guint, i));
  return node == CHESS_NODE_NONE ? CHESS_NODE_ROOT : node;
}

/* The state's tree, read back from its text when it was kept so. */
static ChessGame *
state_tree (State *state)
{
  if (state->game == NULL)
    {
      ChessError error = { 0 };

      state->game = chess_pgn_read_game (state->pgn, strlen (state->pgn), &error, NULL);
      if (state->game == NULL)
        g_error ("an edit's state cannot be read back: %s", error.message);
      g_clear_pointer (&state->pgn, free);
    }
  return state->game;
}

static void
state_to_text (State *state)
{
  if (state->game == NULL)
    return;
  state->pgn = chess_pgn_write_game (state->game, NULL);
  g_clear_pointer (&state->game, chess_game_free);
}

struct _CaissaEditHistory
{
  GObject  parent_instance;

  GArray  *states;
  /* Index of the current state in states; meaningless when empty. */
  guint    current;
  /* Index of the saved state, G_MAXUINT once it was dropped. */
  guint    saved;
};

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_AT_SAVED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaEditHistory, caissa_edit_history, G_TYPE_OBJECT)

static void
state_clear (gpointer data)
{
  State *state = data;

  g_clear_pointer (&state->game, chess_game_free);
  g_clear_pointer (&state->pgn, free);
  g_clear_pointer (&state->shown_enter, g_array_unref);
  g_clear_pointer (&state->shown_leave, g_array_unref);
  g_clear_pointer (&state->label, g_free);
}

typedef struct
{
  gboolean can_undo;
  gboolean can_redo;
  gboolean at_saved;
} Flags;

static Flags
flags_get (CaissaEditHistory *self)
{
  return (Flags) {
    caissa_edit_history_get_can_undo (self),
    caissa_edit_history_get_can_redo (self),
    caissa_edit_history_get_at_saved (self),
  };
}

/* Notifies what changed since before. */
static void
flags_notify (CaissaEditHistory *self,
              Flags              before)
{
  Flags now = flags_get (self);

  if (now.can_undo != before.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (now.can_redo != before.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (now.at_saved != before.at_saved)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AT_SAVED]);
}

static void
caissa_edit_history_finalize (GObject *object)
{
  CaissaEditHistory *self = CAISSA_EDIT_HISTORY (object);

  g_array_unref (self->states);
  G_OBJECT_CLASS (caissa_edit_history_parent_class)->finalize (object);
}

static void
caissa_edit_history_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CaissaEditHistory *self = CAISSA_EDIT_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, caissa_edit_history_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, caissa_edit_history_get_can_redo (self));
      break;
    case PROP_AT_SAVED:
      g_value_set_boolean (value, caissa_edit_history_get_at_saved (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_edit_history_class_init (CaissaEditHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = caissa_edit_history_finalize;
  object_class->get_property = caissa_edit_history_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AT_SAVED] =
    g_param_spec_boolean ("at-saved", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_edit_history_init (CaissaEditHistory *self)
{
  self->states = g_array_new (FALSE, TRUE, sizeof (State));
  g_array_set_clear_func (self->states, state_clear);
  self->saved = G_MAXUINT;
}

CaissaEditHistory *
caissa_edit_history_new (void)
{
  return g_object_new (CAISSA_TYPE_EDIT_HISTORY, NULL);
}

void
caissa_edit_history_reset (CaissaEditHistory *self,
                           const ChessGame   *game,
                           ChessNodeId        shown)
{
  Flags before;

  g_return_if_fail (CAISSA_IS_EDIT_HISTORY (self));

  before = flags_get (self);
  g_array_set_size (self->states, 0);
  self->current = 0;
  self->saved = G_MAXUINT;
  if (game != NULL)
    {
      State state = { chess_game_copy (game), NULL, path_of (game, shown), path_of (game, shown), NULL };

      g_array_append_val (self->states, state);
      self->saved = 0;
    }
  flags_notify (self, before);
}

void
caissa_edit_history_push (CaissaEditHistory *self,
                          const ChessGame   *game,
                          ChessNodeId        shown_before,
                          ChessNodeId        shown_after,
                          const char        *label)
{
  State state = { NULL, NULL, NULL, NULL, NULL };
  Flags before;
  State *left;

  g_return_if_fail (CAISSA_IS_EDIT_HISTORY (self));
  g_return_if_fail (game != NULL);

  if (self->states->len == 0)
    return;
  before = flags_get (self);
  /* What could be redone is gone, the saved state with it if it was there. */
  if (self->current + 1 < self->states->len)
    g_array_set_size (self->states, self->current + 1);
  if (self->saved != G_MAXUINT && self->saved > self->current)
    self->saved = G_MAXUINT;
  left = &g_array_index (self->states, State, self->current);
  g_array_unref (left->shown_leave);
  left->shown_leave = path_of (state_tree (left), shown_before);
  state.game = chess_game_copy (game);
  state.shown_enter = path_of (game, shown_after);
  state.shown_leave = path_of (game, shown_after);
  state.label = g_strdup (label);
  g_array_append_val (self->states, state);
  self->current = self->states->len - 1;
  if (self->current >= KEEP_AS_TREES)
    state_to_text (&g_array_index (self->states, State, self->current - KEEP_AS_TREES));
  flags_notify (self, before);
}

const ChessGame *
caissa_edit_history_get_current (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), NULL);

  if (self->states->len == 0)
    return NULL;
  return state_tree (&g_array_index (self->states, State, self->current));
}

gboolean
caissa_edit_history_get_can_undo (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), FALSE);

  return self->states->len > 0 && self->current > 0;
}

gboolean
caissa_edit_history_get_can_redo (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), FALSE);

  return self->current + 1 < self->states->len;
}

const char *
caissa_edit_history_get_undo_label (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), NULL);

  if (!caissa_edit_history_get_can_undo (self))
    return NULL;
  return g_array_index (self->states, State, self->current).label;
}

const char *
caissa_edit_history_get_redo_label (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), NULL);

  if (!caissa_edit_history_get_can_redo (self))
    return NULL;
  return g_array_index (self->states, State, self->current + 1).label;
}

ChessGame *
caissa_edit_history_undo (CaissaEditHistory *self,
                          ChessNodeId       *shown)
{
  Flags before;
  State *state;

  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), NULL);
  g_return_val_if_fail (shown != NULL, NULL);

  if (!caissa_edit_history_get_can_undo (self))
    return NULL;
  before = flags_get (self);
  self->current--;
  state = &g_array_index (self->states, State, self->current);
  *shown = node_of (state_tree (state), state->shown_leave);
  flags_notify (self, before);
  return chess_game_copy (state->game);
}

ChessGame *
caissa_edit_history_redo (CaissaEditHistory *self,
                          ChessNodeId       *shown)
{
  Flags before;
  State *state;

  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), NULL);
  g_return_val_if_fail (shown != NULL, NULL);

  if (!caissa_edit_history_get_can_redo (self))
    return NULL;
  before = flags_get (self);
  self->current++;
  state = &g_array_index (self->states, State, self->current);
  *shown = node_of (state_tree (state), state->shown_enter);
  flags_notify (self, before);
  return chess_game_copy (state->game);
}

void
caissa_edit_history_mark_saved (CaissaEditHistory *self)
{
  Flags before;

  g_return_if_fail (CAISSA_IS_EDIT_HISTORY (self));

  before = flags_get (self);
  self->saved = self->states->len > 0 ? self->current : G_MAXUINT;
  flags_notify (self, before);
}

gboolean
caissa_edit_history_get_at_saved (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), FALSE);

  return self->states->len == 0 || self->saved == self->current;
}

guint
caissa_edit_history_get_n_states (CaissaEditHistory *self)
{
  g_return_val_if_fail (CAISSA_IS_EDIT_HISTORY (self), 0);

  return self->states->len;
}
