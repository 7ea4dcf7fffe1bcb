/* caissa-engine-player.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-engine-player"

#include "config.h"

#include <string.h>

#include "chess-clock.h"
#include "caissa-engine-player.h"

/* Time kept back from the engine's clock for Caissa's own part of a move
 * (the process pipe, playing the move, the press): at most a second, a
 * twentieth of what is left when that is less. */
#define SAFETY_MARGIN_MS 1000

struct _CaissaEnginePlayer
{
  GObject       parent_instance;

  CaissaGame   *game;
  CaissaEngine *engine;
  CaissaClock  *clock;          /* the game's, followed for pause/start */
  CaissaColor   side;
  guint         level;
  guint         move_time_ms;

  GCancellable *search;         /* the search for a move, NULL when none */
  guint         search_plies;   /* n-plies of the game it was started at */
  int           last_eval;
  guint         think_id;       /* idle that starts a search */
  guint         thinking : 1;
  guint         engine_to_move : 1;
  guint         failed : 1;
  guint         started : 1;
  guint         answering : 1;  /* the player's own changes to the game */
};

enum
{
  PROP_0,
  PROP_SIDE,
  PROP_THINKING,
  PROP_ENGINE_TO_MOVE,
  PROP_FAILED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  FAILED,
  DRAW_ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaEnginePlayer, caissa_engine_player, G_TYPE_OBJECT)

static void schedule_think (CaissaEnginePlayer *self);

static ChessColor
chess_side (CaissaColor color)
{
  return color == CAISSA_COLOR_WHITE ? CHESS_WHITE : CHESS_BLACK;
}

static const ChessPosition *
end_position (CaissaEnginePlayer *self)
{
  return chess_game_node_position (caissa_game_get_core_game (self->game),
                                   caissa_game_get_node (self->game, caissa_game_get_n_plies (self->game)));
}

static void
set_thinking (CaissaEnginePlayer *self,
              gboolean            thinking)
{
  thinking = !!thinking;
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
update_engine_to_move (CaissaEnginePlayer *self)
{
  gboolean to_move = !self->failed
                     && caissa_game_get_outcome (self->game) == CAISSA_OUTCOME_NONE
                     && end_position (self)->side == chess_side (self->side);

  if (self->engine_to_move == to_move)
    return;
  self->engine_to_move = to_move;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENGINE_TO_MOVE]);
}

static void
cancel_search (CaissaEnginePlayer *self)
{
  g_clear_handle_id (&self->think_id, g_source_remove);
  if (self->search != NULL)
    {
      g_cancellable_cancel (self->search);
      g_clear_object (&self->search);
    }
  set_thinking (self, FALSE);
}

typedef struct
{
  GWeakRef  player;
  GError   *error;
} Failure;

static gboolean
emit_failed_cb (gpointer data)
{
  Failure *failure = data;
  g_autoptr(CaissaEnginePlayer) self = g_weak_ref_get (&failure->player);

  if (self != NULL)
    g_signal_emit (self, signals[FAILED], 0, failure->error);
  g_weak_ref_clear (&failure->player);
  g_error_free (failure->error);
  g_free (failure);
  return G_SOURCE_REMOVE;
}

static void
fail (CaissaEnginePlayer *self,
      const GError       *error)
{
  Failure *failure;

  if (self->failed)
    return;
  cancel_search (self);
  self->failed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FAILED]);
  update_engine_to_move (self);
  /* From an idle: an engine that cannot even start fails inside
   * caissa_engine_player_new (), before the caller could connect. */
  failure = g_new0 (Failure, 1);
  g_weak_ref_init (&failure->player, self);
  failure->error = g_error_copy (error);
  g_idle_add (emit_failed_cb, failure);
}

static void
engine_failed_cb (CaissaEngine       *engine,
                  const GError       *error,
                  CaissaEnginePlayer *self)
{
  fail (self, error);
}

/* May the engine move now? (Its turn, the game on, the clock running for it.) */
static gboolean
may_move (CaissaEnginePlayer *self)
{
  CaissaClock *clock = caissa_game_get_clock (self->game);

  if (self->failed || caissa_game_get_outcome (self->game) != CAISSA_OUTCOME_NONE
      || caissa_game_get_analysis (self->game)
      || end_position (self)->side != chess_side (self->side)
      || caissa_game_get_awaiting_press (self->game))
    return FALSE;
  if (clock != NULL && (caissa_clock_get_running_side (clock) != self->side
                        || caissa_clock_get_paused (clock)))
    return FALSE;
  return TRUE;
}

void
caissa_engine_player_get_limits (CaissaEnginePlayer *self,
                                 CaissaEngineLimits *limits)
{
  CaissaClock *clock;
  ChessTimeControl tc;
  ChessError error;
  const char *text;

  g_return_if_fail (CAISSA_IS_ENGINE_PLAYER (self));
  g_return_if_fail (limits != NULL);

  caissa_engine_limits_init (limits);
  clock = caissa_game_get_clock (self->game);
  if (clock == NULL || !caissa_clock_get_timed (clock))
    {
      limits->movetime_ms = self->move_time_ms;
      return;
    }

  text = caissa_clock_get_time_control (clock);
  chess_time_control_parse (&tc, text, strlen (text), &error);
  for (CaissaColor c = CAISSA_COLOR_WHITE; c <= CAISSA_COLOR_BLACK; c++)
    {
      gint64 left = caissa_clock_get_remaining (clock, c);
      gint64 inc = 0;
      const ChessTimePeriod *period = chess_time_control_period (&tc, caissa_clock_get_period (clock, c));

      /* Only a Fischer increment is certain to come; a delay (simple or
       * Bronstein) is left out, so the engine plans as if it had none. */
      if (period != NULL && period->bonus == CHESS_BONUS_FISCHER)
        inc = period->bonus_ms;
      left -= MIN (SAFETY_MARGIN_MS, left / 20);
      left = MAX (left, 1);
      if (c == CAISSA_COLOR_WHITE)
        limits->wtime_ms = left, limits->winc_ms = inc;
      else
        limits->btime_ms = left, limits->binc_ms = inc;
    }
  if (caissa_clock_get_moves_to_go (clock, self->side) > 0)
    limits->movestogo = caissa_clock_get_moves_to_go (clock, self->side);
}

/* The draw rule after a search, with the move found: a claim as the
 * position stands, or with the move, when allowed and not better for it. */
static gboolean
try_claim (CaissaEnginePlayer *self,
           ChessMove           best)
{
  if (caissa_game_check_claim (self->game, CHESS_MOVE_NONE) != CAISSA_OUTCOME_REASON_NONE
      && chess_engine_claims_draw (self->last_eval, TRUE))
    return caissa_game_claim_draw (self->game, CHESS_MOVE_NONE, NULL);
  if (best != CHESS_MOVE_NONE
      && caissa_game_check_claim (self->game, best) != CAISSA_OUTCOME_REASON_NONE
      && chess_engine_claims_draw (self->last_eval, TRUE))
    return caissa_game_claim_draw (self->game, best, NULL);
  return FALSE;
}

/* A search's callback holds the player weakly: a player dropped (a new
 * game) must be gone at once, not kept until its engine answers. */
static GWeakRef *
weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
go_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(CaissaEnginePlayer) self = g_weak_ref_get (user_data);
  g_autoptr(GError) error = NULL;
  ChessMove best = CHESS_MOVE_NONE, ponder = CHESS_MOVE_NONE;
  gboolean ok;

  weak_ref_free (user_data);
  ok = caissa_engine_go_finish (CAISSA_ENGINE (source), result, &best, &ponder, &error);
  if (self == NULL || (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)))
    return;
  /* A search cancelled (or overtaken) while its answer was on the way. */
  if (self->search == NULL || g_cancellable_is_cancelled (self->search)
      || self->search_plies != caissa_game_get_n_plies (self->game))
    return;
  g_clear_object (&self->search);
  set_thinking (self, FALSE);

  if (!ok)
    {
      fail (self, error);
      return;
    }

  if (caissa_engine_get_n_lines (self->engine) > 0)
    self->last_eval = chess_uci_score_to_cp (caissa_engine_get_line (self->engine, 0)->score);

  if (!may_move (self))
    return;

  self->answering = TRUE;
  if (!try_claim (self, best) && best != CHESS_MOVE_NONE)
    {
      g_autoptr(GError) play_error = NULL;

      /* The move is played at the end of the game, whatever is shown. */
      if (caissa_game_get_ply (self->game) != caissa_game_get_n_plies (self->game)
          || caissa_game_get_shown_node (self->game) != caissa_game_get_node (self->game, caissa_game_get_n_plies (self->game)))
        caissa_game_go_last (self->game);
      if (!caissa_game_play_move (self->game, best, &play_error))
        g_warning ("The engine's move was refused: %s", play_error->message);
      else if (caissa_game_get_awaiting_press (self->game))
        caissa_game_press (self->game);
    }
  self->answering = FALSE;
  update_engine_to_move (self);
}

static gboolean
think_cb (gpointer data)
{
  CaissaEnginePlayer *self = data;
  const ChessGame *core = caissa_game_get_core_game (self->game);
  guint n = caissa_game_get_n_plies (self->game);
  g_autofree ChessMove *moves = g_new (ChessMove, MAX (n, 1));
  CaissaEngineLimits limits;

  self->think_id = 0;
  if (!may_move (self) || self->search != NULL)
    return G_SOURCE_REMOVE;

  /* Claims that stand before any move need no search, but the rule asks
   * for an evaluation: the last one the engine gave serves. */
  if (caissa_game_check_claim (self->game, CHESS_MOVE_NONE) != CAISSA_OUTCOME_REASON_NONE
      && chess_engine_claims_draw (self->last_eval, TRUE))
    {
      self->answering = TRUE;
      caissa_game_claim_draw (self->game, CHESS_MOVE_NONE, NULL);
      self->answering = FALSE;
      update_engine_to_move (self);
      return G_SOURCE_REMOVE;
    }

  for (guint ply = 1; ply <= n; ply++)
    moves[ply - 1] = caissa_game_get_move (self->game, ply);
  if (!self->started)
    {
      self->started = TRUE;
      caissa_engine_set_level (self->engine, self->level);
      caissa_engine_new_game (self->engine);
    }
  caissa_engine_set_position (self->engine, chess_game_start_position (core), moves, n);
  caissa_engine_player_get_limits (self, &limits);

  self->search = g_cancellable_new ();
  self->search_plies = n;
  set_thinking (self, TRUE);
  caissa_engine_go_async (self->engine, &limits, self->search, go_done_cb, weak_ref_new (self));
  return G_SOURCE_REMOVE;
}

/* From an idle: the game's own notifications come in bursts. */
static void
schedule_think (CaissaEnginePlayer *self)
{
  if (self->think_id == 0 && self->search == NULL && may_move (self))
    self->think_id = g_idle_add (think_cb, self);
}

static void
answer_offer (CaissaEnginePlayer *self)
{
  CaissaColor offer = caissa_game_get_draw_offer (self->game);
  gboolean accept;

  if (self->failed || offer == CAISSA_COLOR_NONE || offer == self->side
      || !caissa_game_can_answer_draw (self->game))
    return;
  accept = chess_engine_accepts_draw (self->last_eval, end_position (self)->fullmove);
  self->answering = TRUE;
  if (accept)
    caissa_game_accept_draw (self->game, NULL);
  else
    caissa_game_decline_draw (self->game, NULL);
  self->answering = FALSE;
  g_signal_emit (self, signals[DRAW_ANSWERED], 0, accept);
}

static gboolean
answer_offer_cb (gpointer data)
{
  g_autoptr(CaissaEnginePlayer) self = data;

  answer_offer (self);
  return G_SOURCE_REMOVE;
}

/* Anything that changed the game or the clock: a search for a position
 * that is no longer the game's end, or that may not go on, is dropped. */
static void
state_changed (CaissaEnginePlayer *self)
{
  if (self->search != NULL
      && (self->search_plies != caissa_game_get_n_plies (self->game) || !may_move (self)))
    cancel_search (self);
  update_engine_to_move (self);
  schedule_think (self);
}

static void
game_notify_cb (CaissaGame         *game,
                GParamSpec         *pspec,
                CaissaEnginePlayer *self)
{
  if (pspec->name == g_intern_static_string ("clock"))
    {
      if (self->clock != NULL)
        g_signal_handlers_disconnect_by_data (self->clock, self);
      g_set_object (&self->clock, caissa_game_get_clock (game));
      if (self->clock != NULL)
        g_signal_connect_swapped (self->clock, "notify", G_CALLBACK (state_changed), self);
    }
  if (pspec->name == g_intern_static_string ("draw-offer"))
    /* After the offerer's change is complete (an offer comes with a move). */
    g_idle_add (answer_offer_cb, g_object_ref (self));
  if (!self->answering)
    state_changed (self);
}

static void
caissa_engine_player_dispose (GObject *object)
{
  CaissaEnginePlayer *self = CAISSA_ENGINE_PLAYER (object);

  cancel_search (self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->engine != NULL)
    g_signal_handlers_disconnect_by_data (self->engine, self);
  g_clear_object (&self->game);
  g_clear_object (&self->engine);

  G_OBJECT_CLASS (caissa_engine_player_parent_class)->dispose (object);
}

static void
caissa_engine_player_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CaissaEnginePlayer *self = CAISSA_ENGINE_PLAYER (object);

  switch (prop_id)
    {
    case PROP_SIDE:
      g_value_set_enum (value, self->side);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_ENGINE_TO_MOVE:
      g_value_set_boolean (value, self->engine_to_move);
      break;
    case PROP_FAILED:
      g_value_set_boolean (value, self->failed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_engine_player_class_init (CaissaEnginePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_engine_player_dispose;
  object_class->get_property = caissa_engine_player_get_property;

  properties[PROP_SIDE] =
    g_param_spec_enum ("side", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_BLACK, ro);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_ENGINE_TO_MOVE] =
    g_param_spec_boolean ("engine-to-move", NULL, NULL, FALSE, ro);
  properties[PROP_FAILED] =
    g_param_spec_boolean ("failed", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[DRAW_ANSWERED] =
    g_signal_new ("draw-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
caissa_engine_player_init (CaissaEnginePlayer *self)
{
}

CaissaEnginePlayer *
caissa_engine_player_new (CaissaGame   *game,
                          CaissaEngine *engine,
                          CaissaColor   side,
                          guint         level,
                          guint         move_time_ms)
{
  CaissaEnginePlayer *self;

  g_return_val_if_fail (CAISSA_IS_GAME (game), NULL);
  g_return_val_if_fail (CAISSA_IS_ENGINE (engine), NULL);
  g_return_val_if_fail (side == CAISSA_COLOR_WHITE || side == CAISSA_COLOR_BLACK, NULL);

  self = g_object_new (CAISSA_TYPE_ENGINE_PLAYER, NULL);
  self->game = g_object_ref (game);
  self->engine = g_object_ref (engine);
  self->side = side;
  self->level = CLAMP (level, 1, 8);
  self->move_time_ms = MAX (move_time_ms, 1);

  g_signal_connect (engine, "failed", G_CALLBACK (engine_failed_cb), self);
  if (caissa_engine_get_state (engine) == CAISSA_ENGINE_STATE_NEW)
    /* A failure to start comes as the engine's "failed". */
    caissa_engine_start_async (engine, NULL, NULL, NULL);
  else if (caissa_engine_get_state (engine) == CAISSA_ENGINE_STATE_FAILED
           || caissa_engine_get_state (engine) == CAISSA_ENGINE_STATE_QUIT)
    self->failed = TRUE;

  self->clock = caissa_game_get_clock (game) ? g_object_ref (caissa_game_get_clock (game)) : NULL;
  if (self->clock != NULL)
    g_signal_connect_swapped (self->clock, "notify", G_CALLBACK (state_changed), self);
  g_signal_connect (game, "notify", G_CALLBACK (game_notify_cb), self);
  g_signal_connect_swapped (game, "outcome-changed", G_CALLBACK (state_changed), self);
  update_engine_to_move (self);
  schedule_think (self);

  return self;
}

CaissaEngine *
caissa_engine_player_get_engine (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), NULL);
  return self->engine;
}

CaissaGame *
caissa_engine_player_get_game (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), NULL);
  return self->game;
}

CaissaColor
caissa_engine_player_get_side (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), CAISSA_COLOR_NONE);
  return self->side;
}

guint
caissa_engine_player_get_level (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), 0);
  return self->level;
}

guint
caissa_engine_player_get_move_time (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), 0);
  return self->move_time_ms;
}

gboolean
caissa_engine_player_get_thinking (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), FALSE);
  return self->thinking;
}

gboolean
caissa_engine_player_get_engine_to_move (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), FALSE);
  return self->engine_to_move;
}

gboolean
caissa_engine_player_get_failed (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), FALSE);
  return self->failed;
}

int
caissa_engine_player_get_last_eval (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), 0);
  return self->last_eval;
}

gboolean
caissa_engine_player_get_can_undo (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), FALSE);

  return !caissa_game_get_timed (self->game) && caissa_game_get_can_undo (self->game);
}

gboolean
caissa_engine_player_undo (CaissaEnginePlayer *self)
{
  g_return_val_if_fail (CAISSA_IS_ENGINE_PLAYER (self), FALSE);

  if (!caissa_engine_player_get_can_undo (self))
    return FALSE;

  cancel_search (self);
  self->answering = TRUE;
  /* The engine's reply first, when it made the last move; then the
   * human's, unless the engine moved first and nothing else is left. */
  if (end_position (self)->side != chess_side (self->side))
    caissa_game_undo (self->game);
  if (end_position (self)->side == chess_side (self->side) && caissa_game_get_can_undo (self->game))
    caissa_game_undo (self->game);
  self->answering = FALSE;
  state_changed (self);
  return TRUE;
}
