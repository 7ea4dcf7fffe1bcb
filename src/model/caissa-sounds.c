/* caissa-sounds.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-sounds"

#include "config.h"

#include "caissa-sounds.h"

struct _CaissaSounds
{
  GObject      parent_instance;

  CaissaGame  *game;
  CaissaClock *clock;
  gboolean     enabled;
  /* Per side, the period (plus one) in which LOW_TIME sounded; 0: not yet. */
  guint        low_time_period[2];
};

enum
{
  PROP_0,
  PROP_GAME,
  PROP_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_SOUND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaSounds, caissa_sounds, G_TYPE_OBJECT)

static const struct
{
  const char *name;
  const char *event_id;
} sound_table[CAISSA_SOUND_N_SOUNDS] = {
  /* Event ids of the freedesktop sound theme (sound-theme-freedesktop),
   * chosen for their length: a move must be a short click, the flag an
   * alarm that cannot be missed. */
  [CAISSA_SOUND_MOVE] = { "move", "audio-volume-change" },
  [CAISSA_SOUND_CAPTURE] = { "capture", "camera-shutter" },
  [CAISSA_SOUND_CHECK] = { "check", "dialog-warning" },
  [CAISSA_SOUND_LOW_TIME] = { "low-time", "bell" },
  [CAISSA_SOUND_FLAG] = { "flag", "alarm-clock-elapsed" },
  [CAISSA_SOUND_GAME_END] = { "game-end", "complete" },
};

const char *
caissa_sound_get_event_id (CaissaSound sound)
{
  g_return_val_if_fail (sound < CAISSA_SOUND_N_SOUNDS, NULL);

  return sound_table[sound].event_id;
}

const char *
caissa_sound_get_name (CaissaSound sound)
{
  g_return_val_if_fail (sound < CAISSA_SOUND_N_SOUNDS, NULL);

  return sound_table[sound].name;
}

static void
emit_sound (CaissaSounds *self,
            CaissaSound   sound)
{
  if (!self->enabled)
    return;
  g_debug ("sound: %s", caissa_sound_get_name (sound));
  g_signal_emit (self, signals[SIGNAL_SOUND], 0, (guint) sound);
}

/* Outcomes that a move brings about by itself: their sound replaces the
 * move's. */
static gboolean
reason_is_from_move (CaissaOutcomeReason reason)
{
  switch (reason)
    {
    case CAISSA_OUTCOME_REASON_CHECKMATE:
    case CAISSA_OUTCOME_REASON_STALEMATE:
    case CAISSA_OUTCOME_REASON_DEAD_POSITION:
    case CAISSA_OUTCOME_REASON_FIVEFOLD:
    case CAISSA_OUTCOME_REASON_SEVENTY_FIVE_MOVES:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
move_captures (CaissaGame *game,
               ChessMove   move)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  ChessNodeId node = caissa_game_get_shown_node (game);
  ChessNodeId parent;

  if (chess_move_kind (move) == CHESS_MOVE_EN_PASSANT)
    return TRUE;
  if (chess_move_kind (move) == CHESS_MOVE_CASTLING)
    return FALSE;
  /* The move just played is the shown node's: the position before it is
   * its parent's. */
  parent = chess_game_node_parent (core, node);
  if (parent == CHESS_NODE_NONE || chess_game_node_move (core, node) != move)
    return FALSE;
  return chess_position_piece_at (chess_game_node_position (core, parent),
                                  chess_move_to (move)) != CHESS_NO_PIECE;
}

static void
move_played_cb (CaissaGame   *game,
                guint         move,
                guint         ply,
                CaissaSounds *self)
{
  if (caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    {
      /* A claim made with this move sounds in outcome_changed_cb. */
      if (reason_is_from_move (caissa_game_get_outcome_reason (game)))
        emit_sound (self, CAISSA_SOUND_GAME_END);
      return;
    }
  if (caissa_game_get_in_check (game))
    emit_sound (self, CAISSA_SOUND_CHECK);
  else if (move_captures (game, (ChessMove) move))
    emit_sound (self, CAISSA_SOUND_CAPTURE);
  else
    emit_sound (self, CAISSA_SOUND_MOVE);
}

/* Outcomes that come from an action rather than a move; those a move
 * brings sound in move_played_cb, and a game read or set up (a result tag,
 * a mate on the board) makes no sound. */
static void
outcome_changed_cb (CaissaGame   *game,
                    CaissaSounds *self)
{
  if (caissa_game_get_outcome (game) == CAISSA_OUTCOME_NONE)
    return;
  switch (caissa_game_get_outcome_reason (game))
    {
    case CAISSA_OUTCOME_REASON_TIME_FORFEIT:
    case CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT:
      emit_sound (self, CAISSA_SOUND_FLAG);
      break;
    case CAISSA_OUTCOME_REASON_RESIGNATION:
    case CAISSA_OUTCOME_REASON_AGREEMENT:
    case CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM:
    case CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM:
      emit_sound (self, CAISSA_SOUND_GAME_END);
      break;
    default:
      break;
    }
}

static void
check_low_time (CaissaSounds *self)
{
  CaissaColor side;
  gint64 left;
  guint period;

  g_assert (CAISSA_IS_SOUNDS (self));

  /* Only the clock that runs: a paused or finished clock says nothing. */
  side = caissa_clock_get_running_side (self->clock);
  if (side != CAISSA_COLOR_WHITE && side != CAISSA_COLOR_BLACK)
    return;
  left = caissa_clock_get_remaining (self->clock, side);
  if (left <= 0 || left > CAISSA_SOUNDS_LOW_TIME_MS)
    return;
  period = caissa_clock_get_period (self->clock, side) + 1;
  if (self->low_time_period[side] == period)
    return;
  self->low_time_period[side] = period;
  emit_sound (self, CAISSA_SOUND_LOW_TIME);
}

static void
clock_notify_cb (CaissaClock  *clock,
                 GParamSpec   *pspec,
                 CaissaSounds *self)
{
  if (pspec->name == g_intern_static_string ("time-control"))
    {
      /* A new control resets the clock: a new count. */
      self->low_time_period[0] = self->low_time_period[1] = 0;
      return;
    }
  check_low_time (self);
}

static void
follow_clock (CaissaSounds *self)
{
  CaissaClock *clock = self->game != NULL ? caissa_game_get_clock (self->game) : NULL;

  if (clock == self->clock)
    return;
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->clock, clock);
  self->low_time_period[0] = self->low_time_period[1] = 0;
  if (clock != NULL && caissa_clock_get_timed (clock))
    {
      g_signal_connect (clock, "notify::white-remaining", G_CALLBACK (clock_notify_cb), self);
      g_signal_connect (clock, "notify::black-remaining", G_CALLBACK (clock_notify_cb), self);
      g_signal_connect (clock, "notify::running-side", G_CALLBACK (clock_notify_cb), self);
      g_signal_connect (clock, "notify::time-control", G_CALLBACK (clock_notify_cb), self);
    }
}

static void
game_clock_notify_cb (CaissaGame   *game,
                      GParamSpec   *pspec,
                      CaissaSounds *self)
{
  follow_clock (self);
}

CaissaSounds *
caissa_sounds_new (CaissaGame *game)
{
  g_return_val_if_fail (game == NULL || CAISSA_IS_GAME (game), NULL);

  return g_object_new (CAISSA_TYPE_SOUNDS, "game", game, NULL);
}

CaissaGame *
caissa_sounds_get_game (CaissaSounds *self)
{
  g_return_val_if_fail (CAISSA_IS_SOUNDS (self), NULL);

  return self->game;
}

void
caissa_sounds_set_game (CaissaSounds *self,
                        CaissaGame   *game)
{
  g_return_if_fail (CAISSA_IS_SOUNDS (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (game == self->game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), self);
      g_signal_connect (game, "outcome-changed", G_CALLBACK (outcome_changed_cb), self);
      g_signal_connect (game, "notify::clock", G_CALLBACK (game_clock_notify_cb), self);
    }
  follow_clock (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

gboolean
caissa_sounds_get_enabled (CaissaSounds *self)
{
  g_return_val_if_fail (CAISSA_IS_SOUNDS (self), FALSE);

  return self->enabled;
}

void
caissa_sounds_set_enabled (CaissaSounds *self,
                           gboolean      enabled)
{
  g_return_if_fail (CAISSA_IS_SOUNDS (self));

  enabled = !!enabled;
  if (enabled == self->enabled)
    return;
  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

static void
caissa_sounds_dispose (GObject *object)
{
  CaissaSounds *self = CAISSA_SOUNDS (object);

  caissa_sounds_set_game (self, NULL);

  G_OBJECT_CLASS (caissa_sounds_parent_class)->dispose (object);
}

static void
caissa_sounds_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CaissaSounds *self = CAISSA_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_sounds_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CaissaSounds *self = CAISSA_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      caissa_sounds_set_game (self, g_value_get_object (value));
      break;
    case PROP_ENABLED:
      caissa_sounds_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_sounds_class_init (CaissaSoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_sounds_dispose;
  object_class->get_property = caissa_sounds_get_property;
  object_class->set_property = caissa_sounds_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CAISSA_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaSounds::sound:
   * @sound: the CaissaSound asked for
   *
   * The hook: the app plays the sound, tests record it.
   */
  signals[SIGNAL_SOUND] =
    g_signal_new ("sound", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
caissa_sounds_init (CaissaSounds *self)
{
  self->enabled = TRUE;
}
