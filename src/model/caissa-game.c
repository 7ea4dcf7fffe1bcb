/* caissa-game.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-game"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "caissa-game.h"
#include "chess-fen.h"
#include "chess-pgn.h"
#include "chess-rules.h"
#include "chess-san.h"

/* Enough keys for any repetition scan: the core looks back at most
 * halfmove (<= 255) plies. */
#define HISTORY_CAP 264

struct _CaissaGame
{
  GObject             parent_instance;

  ChessGame          *game;
  ChessNodeId         shown;
  /* The main line, root first: mainline->data[ply] is the node at ply. */
  GArray             *mainline;
  /* Undone moves, the most recently undone last. */
  GArray             *redo;

  CaissaOutcome       outcome;
  CaissaOutcomeReason reason;
  /* The outcome came with the last move (mate, stalemate, …, a claim with
   * a declared move), so undoing that move takes it back. */
  gboolean            outcome_by_move;

  CaissaColor         draw_offer;
  gboolean            offer_blocked[2];
  gboolean            claim_pending;
  /* The offers as they stood before the last move: an agreed take-back
   * brings them back. */
  CaissaColor         offer_before_move;
  gboolean            blocked_before_move[2];

  char               *white_name;
  char               *black_name;

  gboolean            analysis;
  gboolean            timed;
  gboolean            press_required;
  gboolean            awaiting_press;

  /* The clock the game is played under (timed), or NULL. */
  CaissaClock        *clock;
  gboolean            auto_press;
  /* > 0 while the game itself operates the clock: what the clock then
   * notifies is part of the game's own change. */
  guint               clock_busy;
  /* can-move as last notified, for changes the clock alone brings. */
  gboolean            notified_can_move;
  /* Time each side had used at its last press, for the last move's
   * [%emt] when the game ends before a press. */
  gint64              used_at_press[2];
  /* The same before the last press, for a take-back after it. */
  gint64              used_before_press[2];

  char                fen[CHESS_FEN_MAX];
};

enum
{
  PROP_0,
  PROP_FEN,
  PROP_SIDE_TO_MOVE,
  PROP_IN_CHECK,
  PROP_PLY,
  PROP_N_PLIES,
  PROP_OUTCOME,
  PROP_OUTCOME_REASON,
  PROP_CAN_MOVE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_DRAW_OFFER,
  PROP_CLAIM_PENDING,
  PROP_WHITE_NAME,
  PROP_BLACK_NAME,
  PROP_ANALYSIS,
  PROP_TIMED,
  PROP_PRESS_REQUIRED,
  PROP_AWAITING_PRESS,
  PROP_CLOCK,
  PROP_AUTO_PRESS,
  N_PROPS
};

enum
{
  MOVE_PLAYED,
  OUTCOME_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (CaissaGame, caissa_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (caissa-game-error-quark, caissa_game_error)

/* Every derived property, captured before a change and compared after it,
 * so each change notifies exactly the properties whose value changed. */
typedef struct
{
  char                fen[CHESS_FEN_MAX];
  CaissaColor         side;
  gboolean            in_check;
  guint               ply;
  guint               n_plies;
  CaissaOutcome       outcome;
  CaissaOutcomeReason reason;
  gboolean            can_move;
  gboolean            can_undo;
  gboolean            can_redo;
  CaissaColor         draw_offer;
  gboolean            claim_pending;
  gboolean            awaiting_press;
} Snapshot;

static ChessNodeId
end_node (CaissaGame *self)
{
  return g_array_index (self->mainline, ChessNodeId, self->mainline->len - 1);
}

static const ChessPosition *
end_position (CaissaGame *self)
{
  return chess_game_node_position (self->game, end_node (self));
}

static gboolean
mainline_is_empty (CaissaGame *self)
{
  return self->mainline->len < 2;
}

static void
refresh_mainline (CaissaGame *self)
{
  ChessNodeId end = chess_game_main_line_end (self->game, CHESS_NODE_ROOT);
  guint len = chess_game_node_ply (self->game, end) + 1;

  g_array_set_size (self->mainline, len);
  chess_game_node_path (self->game, end, (ChessNodeId *) (void *) self->mainline->data, len);
}

static void
snapshot_take (CaissaGame *self,
               Snapshot   *snap)
{
  const ChessPosition *pos = caissa_game_get_position (self);

  chess_fen_write (pos, snap->fen);
  snap->side = (CaissaColor) pos->side;
  snap->in_check = chess_position_in_check (pos);
  snap->ply = caissa_game_get_ply (self);
  snap->n_plies = caissa_game_get_n_plies (self);
  snap->outcome = self->outcome;
  snap->reason = self->reason;
  snap->can_move = caissa_game_get_can_move (self);
  snap->can_undo = caissa_game_get_can_undo (self);
  snap->can_redo = caissa_game_get_can_redo (self);
  snap->draw_offer = self->draw_offer;
  snap->claim_pending = self->claim_pending;
  snap->awaiting_press = self->awaiting_press;
}

static void
notify_changes (CaissaGame     *self,
                const Snapshot *before)
{
  Snapshot after;

  snapshot_take (self, &after);
  memcpy (self->fen, after.fen, sizeof self->fen);
  self->notified_can_move = after.can_move;

  g_object_freeze_notify (G_OBJECT (self));
#define NOTIFY_IF(cond, prop) \
  if (cond) \
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop])
  NOTIFY_IF (strcmp (before->fen, after.fen) != 0, PROP_FEN);
  NOTIFY_IF (before->side != after.side, PROP_SIDE_TO_MOVE);
  NOTIFY_IF (before->in_check != after.in_check, PROP_IN_CHECK);
  NOTIFY_IF (before->ply != after.ply, PROP_PLY);
  NOTIFY_IF (before->n_plies != after.n_plies, PROP_N_PLIES);
  NOTIFY_IF (before->outcome != after.outcome, PROP_OUTCOME);
  NOTIFY_IF (before->reason != after.reason, PROP_OUTCOME_REASON);
  NOTIFY_IF (before->can_move != after.can_move, PROP_CAN_MOVE);
  NOTIFY_IF (before->can_undo != after.can_undo, PROP_CAN_UNDO);
  NOTIFY_IF (before->can_redo != after.can_redo, PROP_CAN_REDO);
  NOTIFY_IF (before->draw_offer != after.draw_offer, PROP_DRAW_OFFER);
  NOTIFY_IF (before->claim_pending != after.claim_pending, PROP_CLAIM_PENDING);
  NOTIFY_IF (before->awaiting_press != after.awaiting_press, PROP_AWAITING_PRESS);
#undef NOTIFY_IF
  g_object_thaw_notify (G_OBJECT (self));
}

static void stop_clock (CaissaGame *self);

static void
emit_outcome_if_changed (CaissaGame     *self,
                         const Snapshot *before)
{
  if (before->outcome != self->outcome || before->reason != self->reason)
    {
      /* Once a result stands the clocks stop (Art. 6.9, 12.7). */
      if (self->outcome != CAISSA_OUTCOME_NONE)
        stop_clock (self);
      g_signal_emit (self, signals[OUTCOME_CHANGED], 0);
    }
}

static const char *
result_for (CaissaOutcome outcome)
{
  switch (outcome)
    {
    case CAISSA_OUTCOME_WHITE_WINS:
      return "1-0";
    case CAISSA_OUTCOME_BLACK_WINS:
      return "0-1";
    case CAISSA_OUTCOME_DRAW:
      return "1/2-1/2";
    case CAISSA_OUTCOME_NONE:
    default:
      return "*";
    }
}

static void
set_outcome (CaissaGame          *self,
             CaissaOutcome        outcome,
             CaissaOutcomeReason  reason,
             gboolean             by_move)
{
  self->outcome = outcome;
  self->reason = reason;
  self->outcome_by_move = by_move;
  if (outcome != CAISSA_OUTCOME_NONE)
    {
      self->draw_offer = CAISSA_COLOR_NONE;
      /* The game is over: no press is due any more. */
      self->awaiting_press = FALSE;
    }
  chess_game_set_result (self->game, result_for (outcome));
}

/* The outcome the position at the end of the main line brings by itself. */
static gboolean
status_outcome (CaissaGame          *self,
                CaissaOutcome       *outcome,
                CaissaOutcomeReason *reason)
{
  ChessNodeId end = end_node (self);
  const ChessPosition *pos = chess_game_node_position (self->game, end);

  switch (chess_game_node_status (self->game, end))
    {
    case CHESS_STATUS_CHECKMATE:
      *outcome = pos->side == CHESS_WHITE ? CAISSA_OUTCOME_BLACK_WINS : CAISSA_OUTCOME_WHITE_WINS;
      *reason = CAISSA_OUTCOME_REASON_CHECKMATE;
      return TRUE;
    case CHESS_STATUS_STALEMATE:
      *reason = CAISSA_OUTCOME_REASON_STALEMATE;
      break;
    case CHESS_STATUS_DEAD:
      *reason = CAISSA_OUTCOME_REASON_DEAD_POSITION;
      break;
    case CHESS_STATUS_FIVEFOLD:
      *reason = CAISSA_OUTCOME_REASON_FIVEFOLD;
      break;
    case CHESS_STATUS_SEVENTYFIVE:
      *reason = CAISSA_OUTCOME_REASON_SEVENTY_FIVE_MOVES;
      break;
    case CHESS_STATUS_ONGOING:
    default:
      return FALSE;
    }
  *outcome = CAISSA_OUTCOME_DRAW;
  return TRUE;
}

static void
apply_status_outcome (CaissaGame *self)
{
  CaissaOutcome outcome;
  CaissaOutcomeReason reason;

  if (!self->analysis && status_outcome (self, &outcome, &reason))
    set_outcome (self, outcome, reason, TRUE);
}

/* g_set_str() is GLib 2.76. */
static gboolean
replace_string (char       **slot,
                const char  *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    return FALSE;
  g_free (*slot);
  *slot = g_strdup (value);
  return TRUE;
}

/* A new game is played today. */
static void
set_date_tag (CaissaGame *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

  chess_game_set_tag (self->game, "Date", date);
}

static void
sync_name_tags (CaissaGame *self)
{
  chess_game_set_tag (self->game, "White", self->white_name && *self->white_name ? self->white_name : "?");
  chess_game_set_tag (self->game, "Black", self->black_name && *self->black_name ? self->black_name : "?");
}

static void bind_clock (CaissaGame  *self,
                        CaissaClock *clock);

/* Everything a fresh start clears; the caller has set up self->game. */
static void
restart (CaissaGame *self)
{
  refresh_mainline (self);
  self->shown = end_node (self);
  g_array_set_size (self->redo, 0);
  self->draw_offer = CAISSA_COLOR_NONE;
  self->offer_blocked[0] = self->offer_blocked[1] = FALSE;
  self->claim_pending = FALSE;
  self->awaiting_press = FALSE;
  set_outcome (self, CAISSA_OUTCOME_NONE, CAISSA_OUTCOME_REASON_NONE, FALSE);
  apply_status_outcome (self);
  /* A new game needs a new clock. Last: whoever hears of it finds the
   * game consistent. */
  if (self->clock != NULL)
    bind_clock (self, NULL);
}

static void
caissa_game_finalize (GObject *object)
{
  CaissaGame *self = (CaissaGame *) object;

  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_pointer (&self->game, chess_game_free);
  g_clear_pointer (&self->mainline, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_clear_pointer (&self->white_name, g_free);
  g_clear_pointer (&self->black_name, g_free);

  G_OBJECT_CLASS (caissa_game_parent_class)->finalize (object);
}

static void
caissa_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  CaissaGame *self = CAISSA_GAME (object);

  switch (prop_id)
    {
    case PROP_FEN:
      g_value_set_string (value, caissa_game_get_fen (self));
      break;
    case PROP_SIDE_TO_MOVE:
      g_value_set_enum (value, caissa_game_get_side_to_move (self));
      break;
    case PROP_IN_CHECK:
      g_value_set_boolean (value, caissa_game_get_in_check (self));
      break;
    case PROP_PLY:
      g_value_set_uint (value, caissa_game_get_ply (self));
      break;
    case PROP_N_PLIES:
      g_value_set_uint (value, caissa_game_get_n_plies (self));
      break;
    case PROP_OUTCOME:
      g_value_set_enum (value, self->outcome);
      break;
    case PROP_OUTCOME_REASON:
      g_value_set_enum (value, self->reason);
      break;
    case PROP_CAN_MOVE:
      g_value_set_boolean (value, caissa_game_get_can_move (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, caissa_game_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, caissa_game_get_can_redo (self));
      break;
    case PROP_DRAW_OFFER:
      g_value_set_enum (value, self->draw_offer);
      break;
    case PROP_CLAIM_PENDING:
      g_value_set_boolean (value, self->claim_pending);
      break;
    case PROP_WHITE_NAME:
      g_value_set_string (value, self->white_name);
      break;
    case PROP_BLACK_NAME:
      g_value_set_string (value, self->black_name);
      break;
    case PROP_ANALYSIS:
      g_value_set_boolean (value, self->analysis);
      break;
    case PROP_TIMED:
      g_value_set_boolean (value, self->timed);
      break;
    case PROP_PRESS_REQUIRED:
      g_value_set_boolean (value, self->press_required);
      break;
    case PROP_AWAITING_PRESS:
      g_value_set_boolean (value, self->awaiting_press);
      break;
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_AUTO_PRESS:
      g_value_set_boolean (value, self->auto_press);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  CaissaGame *self = CAISSA_GAME (object);

  switch (prop_id)
    {
    case PROP_PLY:
      caissa_game_go_to_ply (self, g_value_get_uint (value));
      break;
    case PROP_CLAIM_PENDING:
      caissa_game_set_claim_pending (self, g_value_get_boolean (value));
      break;
    case PROP_WHITE_NAME:
      caissa_game_set_white_name (self, g_value_get_string (value));
      break;
    case PROP_BLACK_NAME:
      caissa_game_set_black_name (self, g_value_get_string (value));
      break;
    case PROP_ANALYSIS:
      caissa_game_set_analysis (self, g_value_get_boolean (value));
      break;
    case PROP_TIMED:
      caissa_game_set_timed (self, g_value_get_boolean (value));
      break;
    case PROP_PRESS_REQUIRED:
      caissa_game_set_press_required (self, g_value_get_boolean (value));
      break;
    case PROP_CLOCK:
      caissa_game_set_clock (self, g_value_get_object (value));
      break;
    case PROP_AUTO_PRESS:
      caissa_game_set_auto_press (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_class_init (CaissaGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = caissa_game_finalize;
  object_class->get_property = caissa_game_get_property;
  object_class->set_property = caissa_game_set_property;

  properties[PROP_FEN] =
    g_param_spec_string ("fen", NULL, NULL, NULL, ro);
  properties[PROP_SIDE_TO_MOVE] =
    g_param_spec_enum ("side-to-move", NULL, NULL,
                       CAISSA_TYPE_COLOR, CAISSA_COLOR_WHITE, ro);
  properties[PROP_IN_CHECK] =
    g_param_spec_boolean ("in-check", NULL, NULL, FALSE, ro);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_N_PLIES] =
    g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_OUTCOME] =
    g_param_spec_enum ("outcome", NULL, NULL,
                       CAISSA_TYPE_OUTCOME, CAISSA_OUTCOME_NONE, ro);
  properties[PROP_OUTCOME_REASON] =
    g_param_spec_enum ("outcome-reason", NULL, NULL,
                       CAISSA_TYPE_OUTCOME_REASON, CAISSA_OUTCOME_REASON_NONE, ro);
  properties[PROP_CAN_MOVE] =
    g_param_spec_boolean ("can-move", NULL, NULL, TRUE, ro);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_DRAW_OFFER] =
    g_param_spec_enum ("draw-offer", NULL, NULL,
                       CAISSA_TYPE_COLOR, CAISSA_COLOR_NONE, ro);
  properties[PROP_CLAIM_PENDING] =
    g_param_spec_boolean ("claim-pending", NULL, NULL, FALSE, rw);
  properties[PROP_WHITE_NAME] =
    g_param_spec_string ("white-name", NULL, NULL, NULL, rw);
  properties[PROP_BLACK_NAME] =
    g_param_spec_string ("black-name", NULL, NULL, NULL, rw);
  properties[PROP_ANALYSIS] =
    g_param_spec_boolean ("analysis", NULL, NULL, FALSE, rw);
  properties[PROP_TIMED] =
    g_param_spec_boolean ("timed", NULL, NULL, FALSE, rw);
  properties[PROP_PRESS_REQUIRED] =
    g_param_spec_boolean ("press-required", NULL, NULL, FALSE, rw);
  properties[PROP_AWAITING_PRESS] =
    g_param_spec_boolean ("awaiting-press", NULL, NULL, FALSE, ro);
  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, CAISSA_TYPE_CLOCK, rw);
  properties[PROP_AUTO_PRESS] =
    g_param_spec_boolean ("auto-press", NULL, NULL, FALSE, rw);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaGame::move-played:
   * @move: the ChessMove
   * @ply: the ply the move made (1 for White's first move)
   *
   * A move was added to the game (not emitted for navigation).
   */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  signals[OUTCOME_CHANGED] =
    g_signal_new ("outcome-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
caissa_game_init (CaissaGame *self)
{
  self->game = chess_game_new ();
  set_date_tag (self);
  sync_name_tags (self);
  self->mainline = g_array_new (FALSE, FALSE, sizeof (ChessNodeId));
  self->redo = g_array_new (FALSE, FALSE, sizeof (ChessMove));
  self->draw_offer = CAISSA_COLOR_NONE;
  restart (self);
  chess_fen_write (caissa_game_get_position (self), self->fen);
  self->notified_can_move = caissa_game_get_can_move (self);
}

CaissaGame *
caissa_game_new (void)
{
  return g_object_new (CAISSA_TYPE_GAME, NULL);
}

/* --- Starting ------------------------------------------------------------- */

void
caissa_game_reset (CaissaGame *self)
{
  ChessPosition start;
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  snapshot_take (self, &before);
  chess_position_init_start (&start);
  chess_game_set_start_position (self->game, &start);
  chess_game_set_result (self->game, "*");
  chess_game_remove_tag (self->game, "TimeControl");
  set_date_tag (self);
  restart (self);
  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
}

gboolean
caissa_game_validate_fen (const char  *fen,
                          GError     **error)
{
  ChessPosition pos;
  ChessError err = { 0 };

  g_return_val_if_fail (fen != NULL, FALSE);

  if (!chess_fen_parse (&pos, fen, strlen (fen), &err))
    {
      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN,
                   /* Translators: what is wrong with a FEN, then the column
                    * (character) where it is. */
                   _("%s (column %lu)"), err.message, err.column);
      return FALSE;
    }
  return TRUE;
}

gboolean
caissa_game_load_fen (CaissaGame  *self,
                      const char  *fen,
                      GError     **error)
{
  ChessError err = { 0 };
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  snapshot_take (self, &before);
  if (!chess_game_set_start_fen (self->game, fen, &err))
    {
      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN,
                   /* Translators: what is wrong with a FEN, then the column
                    * (character) where it is. */
                   _("%s (column %lu)"), err.message, err.column);
      return FALSE;
    }
  chess_game_set_result (self->game, "*");
  chess_game_remove_tag (self->game, "TimeControl");
  set_date_tag (self);
  restart (self);
  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

void
caissa_game_load_core_game (CaissaGame *self,
                            ChessGame  *game)
{
  g_autofree char *result = NULL;
  const char *tag;
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));
  g_return_if_fail (game != NULL);

  snapshot_take (self, &before);
  chess_game_free (self->game);
  self->game = game;
  result = g_strdup (chess_game_get_result (game));

  g_free (self->white_name);
  tag = chess_game_get_tag (game, "White");
  self->white_name = g_strdup (tag && strcmp (tag, "?") != 0 ? tag : NULL);
  g_free (self->black_name);
  tag = chess_game_get_tag (game, "Black");
  self->black_name = g_strdup (tag && strcmp (tag, "?") != 0 ? tag : NULL);

  restart (self);
  if (self->outcome == CAISSA_OUTCOME_NONE)
    {
      CaissaOutcome outcome = CAISSA_OUTCOME_NONE;

      if (strcmp (result, "1-0") == 0)
        outcome = CAISSA_OUTCOME_WHITE_WINS;
      else if (strcmp (result, "0-1") == 0)
        outcome = CAISSA_OUTCOME_BLACK_WINS;
      else if (strcmp (result, "1/2-1/2") == 0)
        outcome = CAISSA_OUTCOME_DRAW;
      if (outcome != CAISSA_OUTCOME_NONE)
        set_outcome (self, outcome, CAISSA_OUTCOME_REASON_UNKNOWN, FALSE);
    }

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLACK_NAME]);
}

/* --- The shown position ----------------------------------------------------- */

const ChessPosition *
caissa_game_get_position (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return chess_game_node_position (self->game, self->shown);
}

ChessMove
caissa_game_get_last_move (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CHESS_MOVE_NONE);

  return chess_game_node_move (self->game, self->shown);
}

const char *
caissa_game_get_fen (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return self->fen;
}

CaissaColor
caissa_game_get_side_to_move (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CAISSA_COLOR_WHITE);

  return (CaissaColor) caissa_game_get_position (self)->side;
}

gboolean
caissa_game_get_in_check (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return chess_position_in_check (caissa_game_get_position (self));
}

guint
caissa_game_get_ply (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), 0);

  return chess_game_node_ply (self->game, self->shown);
}

ChessNodeId
caissa_game_get_shown_node (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CHESS_NODE_ROOT);

  return self->shown;
}

/* --- The game ------------------------------------------------------------- */

const ChessGame *
caissa_game_get_core_game (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return self->game;
}

guint
caissa_game_get_n_plies (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), 0);

  return self->mainline->len - 1;
}

const char *
caissa_game_get_san (CaissaGame *self,
                     guint       ply)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);
  g_return_val_if_fail (ply >= 1 && ply < self->mainline->len, NULL);

  return chess_game_node_san (self->game, g_array_index (self->mainline, ChessNodeId, ply));
}

ChessMove
caissa_game_get_move (CaissaGame *self,
                      guint       ply)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CHESS_MOVE_NONE);
  g_return_val_if_fail (ply >= 1 && ply < self->mainline->len, CHESS_MOVE_NONE);

  return chess_game_node_move (self->game, g_array_index (self->mainline, ChessNodeId, ply));
}

ChessNodeId
caissa_game_get_node (CaissaGame *self,
                      guint       ply)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CHESS_NODE_ROOT);
  g_return_val_if_fail (ply < self->mainline->len, CHESS_NODE_ROOT);

  return g_array_index (self->mainline, ChessNodeId, ply);
}

CaissaOutcome
caissa_game_get_outcome (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CAISSA_OUTCOME_NONE);

  return self->outcome;
}

CaissaOutcomeReason
caissa_game_get_outcome_reason (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CAISSA_OUTCOME_REASON_NONE);

  return self->reason;
}

const char *
caissa_game_get_result (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), "*");

  return result_for (self->outcome);
}

const char *
caissa_game_get_white_name (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return self->white_name;
}

char *
caissa_game_cap_player_name (const char *name)
{
  g_autofree char *valid = NULL;
  GString *out;
  const char *p;
  guint n = 0;

  if (name == NULL)
    return NULL;
  valid = g_utf8_make_valid (name, -1);
  out = g_string_new (NULL);
  /* One line of at most CAISSA_PLAYER_NAME_MAX characters, no control
   * characters (a tab or a newline is a space). */
  for (p = valid; *p != '\0' && n < CAISSA_PLAYER_NAME_MAX; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        c = ' ';
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

void
caissa_game_set_white_name (CaissaGame *self,
                            const char *name)
{
  g_return_if_fail (CAISSA_IS_GAME (self));

  if (replace_string (&self->white_name, name))
    {
      sync_name_tags (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_NAME]);
    }
}

const char *
caissa_game_get_black_name (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return self->black_name;
}

void
caissa_game_set_black_name (CaissaGame *self,
                            const char *name)
{
  g_return_if_fail (CAISSA_IS_GAME (self));

  if (replace_string (&self->black_name, name))
    {
      sync_name_tags (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLACK_NAME]);
    }
}

/* --- Moves ----------------------------------------------------------------- */

gboolean
caissa_game_get_can_move (CaissaGame *self)
{
  const ChessPosition *pos;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  pos = caissa_game_get_position (self);
  if (self->analysis)
    return chess_count_legal (pos) > 0;

  /* Under a clock only the player whose clock runs may move: not before
   * the start, not while the clocks are paused. */
  return self->outcome == CAISSA_OUTCOME_NONE
         && !self->awaiting_press
         && self->shown == end_node (self)
         && (self->clock == NULL
             || caissa_clock_get_running_side (self->clock) == (CaissaColor) pos->side)
         && chess_count_legal (pos) > 0;
}

static void clock_move_made (CaissaGame *self,
                             CaissaColor mover);

/* Adds move after the end of the main line (the caller checked it may),
 * with everything a move brings: the answer to a standing offer, the
 * press, the automatic outcome. Emits move-played; the caller notifies. */
static ChessNodeId
append_move (CaissaGame *self,
             ChessMove   move)
{
  ChessNodeId end = end_node (self);
  ChessColor mover = chess_game_node_position (self->game, end)->side;
  ChessNodeId node;

  node = chess_game_add_move (self->game, end, move);
  if (node == CHESS_NODE_NONE)
    return CHESS_NODE_NONE;

  /* A player may have kept an earlier continuation as a variation (from a
   * file); the move played becomes the game. */
  chess_game_promote_to_main_line (self->game, node);
  refresh_mainline (self);
  self->shown = node;

  self->offer_before_move = self->draw_offer;
  self->blocked_before_move[0] = self->offer_blocked[0];
  self->blocked_before_move[1] = self->offer_blocked[1];
  /* A move answers the opponent's standing offer: declined. */
  if (self->draw_offer != CAISSA_COLOR_NONE && self->draw_offer != (CaissaColor) mover)
    {
      self->offer_blocked[self->draw_offer] = TRUE;
      self->draw_offer = CAISSA_COLOR_NONE;
    }
  self->awaiting_press = self->press_required;

  if (self->clock != NULL)
    clock_move_made (self, (CaissaColor) mover);
  apply_status_outcome (self);
  if (self->clock != NULL && self->auto_press && self->outcome == CAISSA_OUTCOME_NONE
      && caissa_clock_get_running_side (self->clock) == (CaissaColor) mover)
    {
      self->clock_busy++;
      caissa_clock_press (self->clock, (CaissaColor) mover, NULL);
      self->clock_busy--;
    }
  g_signal_emit (self, signals[MOVE_PLAYED], 0, (guint) move, chess_game_node_ply (self->game, node));
  return node;
}

/* Lets the clock look at the time now: a flag already down ends the game
 * (through clock_flag_fell_cb) before anything else is done. */
static void
see_fallen_flag (CaissaGame *self)
{
  if (self->clock != NULL && caissa_clock_get_running_side (self->clock) != CAISSA_COLOR_NONE
      && !self->analysis && self->outcome == CAISSA_OUTCOME_NONE)
    caissa_clock_update (self->clock);
}

gboolean
caissa_game_play_move (CaissaGame  *self,
                       ChessMove    move,
                       GError     **error)
{
  const ChessPosition *pos;
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  /* A flag that has fallen but that the main loop has not yet seen (a
   * move arriving after the mover's flag instant) decides the game first:
   * the move is refused and the flag is the one result announced. */
  if (!self->analysis)
    see_fallen_flag (self);

  pos = caissa_game_get_position (self);
  if (!caissa_game_get_can_move (self))
    {
      if (self->reason == CAISSA_OUTCOME_REASON_TIME_FORFEIT
          || self->reason == CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT)
        g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE,
                             _("The flag has fallen: no move can be made"));
      else
        g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE,
                             _("No move can be made now"));
      return FALSE;
    }
  if (move == CHESS_MOVE_NONE || move == CHESS_MOVE_NULL || !chess_position_is_legal (pos, move))
    {
      char uci[8];

      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE,
                   /* Translators: %s is a move in UCI notation, e.g. "e2e4". */
                   _("%s is not a legal move here"), chess_move_to_uci (move, uci));
      return FALSE;
    }

  snapshot_take (self, &before);

  if (self->analysis)
    {
      ChessNodeId node = chess_game_add_move (self->game, self->shown, move);

      refresh_mainline (self);
      self->shown = node;
      g_signal_emit (self, signals[MOVE_PLAYED], 0, (guint) move, chess_game_node_ply (self->game, node));
    }
  else if (self->claim_pending && caissa_game_check_claim (self, move) != CAISSA_OUTCOME_REASON_NONE)
    {
      /* claim_draw() clears claim_pending and the redo list. */
      caissa_game_claim_draw (self, move, NULL);
      return TRUE;
    }
  else
    {
      g_array_set_size (self->redo, 0);
      self->claim_pending = FALSE;
      append_move (self, move);
    }

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

gboolean
caissa_game_play_squares (CaissaGame     *self,
                          ChessSquare     from,
                          ChessSquare     to,
                          ChessPieceType  promotion,
                          GError        **error)
{
  ChessMove move;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  move = chess_position_find_move (caissa_game_get_position (self), from, to, promotion);
  if (move == CHESS_MOVE_NONE)
    {
      char a[3], b[3];

      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE,
                   /* Translators: %s and %s are squares, e.g. "e2" and "e5". */
                   _("%s to %s is not a legal move here"),
                   chess_square_name (from, a), chess_square_name (to, b));
      return FALSE;
    }
  return caissa_game_play_move (self, move, error);
}

gboolean
caissa_game_play_san (CaissaGame  *self,
                      const char  *san,
                      GError     **error)
{
  ChessError err = { 0 };
  ChessMove move;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (san != NULL, FALSE);

  move = chess_san_parse (caissa_game_get_position (self), san, strlen (san), &err);
  if (move == CHESS_MOVE_NONE)
    {
      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_SAN, "%s", err.message);
      return FALSE;
    }
  return caissa_game_play_move (self, move, error);
}

/* --- Navigation -------------------------------------------------------------- */

void
caissa_game_go_to_node (CaissaGame  *self,
                        ChessNodeId  node)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));
  g_return_if_fail (chess_game_node_valid (self->game, node));

  if (node == self->shown)
    return;

  snapshot_take (self, &before);
  self->shown = node;
  notify_changes (self, &before);
}

void
caissa_game_go_to_ply (CaissaGame *self,
                       guint       ply)
{
  ChessNodeId node;
  guint current;

  g_return_if_fail (CAISSA_IS_GAME (self));

  node = self->shown;
  current = chess_game_node_ply (self->game, node);
  for (; current > ply; current--)
    node = chess_game_node_parent (self->game, node);
  for (; current < ply; current++)
    {
      ChessNodeId next = chess_game_node_next (self->game, node);

      if (next == CHESS_NODE_NONE)
        break;
      node = next;
    }
  caissa_game_go_to_node (self, node);
}

void
caissa_game_go_first (CaissaGame *self)
{
  g_return_if_fail (CAISSA_IS_GAME (self));

  caissa_game_go_to_node (self, CHESS_NODE_ROOT);
}

void
caissa_game_go_last (CaissaGame *self)
{
  g_return_if_fail (CAISSA_IS_GAME (self));

  caissa_game_go_to_node (self, chess_game_main_line_end (self->game, self->shown));
}

void
caissa_game_go_previous (CaissaGame *self)
{
  g_return_if_fail (CAISSA_IS_GAME (self));

  if (self->shown != CHESS_NODE_ROOT)
    caissa_game_go_to_node (self, chess_game_node_parent (self->game, self->shown));
}

void
caissa_game_go_next (CaissaGame *self)
{
  ChessNodeId next;

  g_return_if_fail (CAISSA_IS_GAME (self));

  next = chess_game_node_next (self->game, self->shown);
  if (next != CHESS_NODE_NONE)
    caissa_game_go_to_node (self, next);
}

/* --- Undo and redo ------------------------------------------------------------ */

gboolean
caissa_game_get_can_undo (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return !self->timed && !self->analysis
         && self->mainline->len > 1
         && (self->outcome == CAISSA_OUTCOME_NONE || self->outcome_by_move);
}

gboolean
caissa_game_get_can_redo (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return !self->timed && !self->analysis
         && self->redo->len > 0
         && self->outcome == CAISSA_OUTCOME_NONE;
}

gboolean
caissa_game_undo (CaissaGame *self)
{
  ChessNodeId end;
  ChessMove move;
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_get_can_undo (self))
    return FALSE;

  snapshot_take (self, &before);
  end = end_node (self);
  move = chess_game_node_move (self->game, end);
  chess_game_delete_node (self->game, end);
  refresh_mainline (self);
  g_array_append_val (self->redo, move);
  self->shown = end_node (self);
  self->draw_offer = CAISSA_COLOR_NONE;
  self->claim_pending = FALSE;
  self->awaiting_press = FALSE;
  if (self->outcome != CAISSA_OUTCOME_NONE)
    set_outcome (self, CAISSA_OUTCOME_NONE, CAISSA_OUTCOME_REASON_NONE, FALSE);

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

static CaissaColor last_mover (CaissaGame *self);

gboolean
caissa_game_get_can_take_back (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (self->clock == NULL || self->analysis || self->outcome != CAISSA_OUTCOME_NONE
      || mainline_is_empty (self))
    return FALSE;
  /* The move is made, its press is not: the mover's clock still runs
   * (or is paused). Or the press is made, and the opponent has not
   * moved since. */
  return self->awaiting_press
         || caissa_clock_get_can_take_back_press (self->clock, last_mover (self));
}

gboolean
caissa_game_take_back (CaissaGame *self)
{
  Snapshot before;
  ChessNodeId end;
  CaissaColor mover;
  gboolean pressed;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_get_can_take_back (self))
    return FALSE;

  mover = last_mover (self);
  pressed = !self->awaiting_press;
  snapshot_take (self, &before);
  end = end_node (self);
  chess_game_delete_node (self->game, end);
  refresh_mainline (self);
  self->shown = end_node (self);
  /* As before the move: an offer the move declined stands again; one
   * made after it goes with it. */
  self->draw_offer = self->offer_before_move;
  self->offer_blocked[0] = self->blocked_before_move[0];
  self->offer_blocked[1] = self->blocked_before_move[1];
  self->claim_pending = FALSE;
  self->awaiting_press = FALSE;
  self->clock_busy++;
  if (pressed)
    {
      /* The clocks as just before the press: the mover's runs again, the
       * opponent gets back the time since. */
      self->used_at_press[mover] = self->used_before_press[mover];
      caissa_clock_take_back_press (self->clock, mover, NULL);
    }
  else
    /* The mover's clock goes on running: his turn again, the time spent
     * on the move taken back stays spent. */
    caissa_clock_take_back (self->clock, NULL);
  self->clock_busy--;

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

gboolean
caissa_game_redo (CaissaGame *self)
{
  ChessMove move;
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_get_can_redo (self))
    return FALSE;

  snapshot_take (self, &before);
  move = g_array_index (self->redo, ChessMove, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  append_move (self, move);

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

/* --- Ending the game ------------------------------------------------------------ */

static gboolean
game_in_progress (CaissaGame *self)
{
  return !self->analysis && self->outcome == CAISSA_OUTCOME_NONE;
}

/* Ends the game by an action (not by a move); the caller checked it may. */
static void
end_by_action (CaissaGame          *self,
               CaissaOutcome        outcome,
               CaissaOutcomeReason  reason)
{
  Snapshot before;

  snapshot_take (self, &before);
  self->claim_pending = FALSE;
  set_outcome (self, outcome, reason, FALSE);
  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
}

gboolean
caissa_game_resign (CaissaGame  *self,
                    CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  if (!game_in_progress (self))
    return FALSE;

  end_by_action (self,
                 color == CAISSA_COLOR_WHITE ? CAISSA_OUTCOME_BLACK_WINS : CAISSA_OUTCOME_WHITE_WINS,
                 CAISSA_OUTCOME_REASON_RESIGNATION);
  return TRUE;
}

CaissaColor
caissa_game_get_draw_offer (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), CAISSA_COLOR_NONE);

  return self->draw_offer;
}

gboolean
caissa_game_can_offer_draw (CaissaGame  *self,
                            CaissaColor  color)
{
  ChessColor to_move;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  if (!game_in_progress (self) || self->mainline->len < 2)
    return FALSE;

  /* Right after his own move: the opponent is to move, and with a real
   * clock the mover has not pressed yet. */
  to_move = end_position (self)->side;
  if ((CaissaColor) to_move == color)
    return FALSE;
  if (self->press_required && !self->awaiting_press)
    return FALSE;

  return self->draw_offer == CAISSA_COLOR_NONE && !self->offer_blocked[color];
}

gboolean
caissa_game_get_offer_declined (CaissaGame  *self,
                                CaissaColor  color)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  return self->offer_blocked[color];
}

gboolean
caissa_game_offer_draw (CaissaGame  *self,
                        CaissaColor  color,
                        GError     **error)
{
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_can_offer_draw (self, color))
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                           _("A draw may be offered only right after one's own move, "
                             "and not again after a declined offer until the opponent has offered one"));
      return FALSE;
    }

  snapshot_take (self, &before);
  self->draw_offer = color;
  /* Offering frees the opponent to offer again after his own refusal. */
  self->offer_blocked[color == CAISSA_COLOR_WHITE ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE] = FALSE;
  notify_changes (self, &before);
  return TRUE;
}

gboolean
caissa_game_can_answer_draw (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return game_in_progress (self) && self->draw_offer != CAISSA_COLOR_NONE;
}

gboolean
caissa_game_accept_draw (CaissaGame  *self,
                         GError     **error)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_can_answer_draw (self))
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                           _("No draw offer stands"));
      return FALSE;
    }
  end_by_action (self, CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_AGREEMENT);
  return TRUE;
}

gboolean
caissa_game_decline_draw (CaissaGame  *self,
                          GError     **error)
{
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!caissa_game_can_answer_draw (self))
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                           _("No draw offer stands"));
      return FALSE;
    }
  snapshot_take (self, &before);
  self->offer_blocked[self->draw_offer] = TRUE;
  self->draw_offer = CAISSA_COLOR_NONE;
  notify_changes (self, &before);
  return TRUE;
}

CaissaOutcomeReason
caissa_game_check_claim (CaissaGame *self,
                         ChessMove   move)
{
  uint64_t keys[HISTORY_CAP];
  ChessHistory history;
  const ChessPosition *pos;
  ChessNodeId end;
  unsigned n;

  g_return_val_if_fail (CAISSA_IS_GAME (self), CAISSA_OUTCOME_REASON_NONE);

  if (!game_in_progress (self) || self->awaiting_press)
    return CAISSA_OUTCOME_REASON_NONE;

  end = end_node (self);
  pos = chess_game_node_position (self->game, end);
  if (move != CHESS_MOVE_NONE && (move == CHESS_MOVE_NULL || !chess_position_is_legal (pos, move)))
    return CAISSA_OUTCOME_REASON_NONE;

  n = chess_game_node_history (self->game, end, keys, HISTORY_CAP);
  history.keys = keys;
  history.count = MIN (n, HISTORY_CAP);

  if (chess_can_claim_threefold (pos, &history, move))
    return CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM;
  if (chess_can_claim_fifty (pos, move))
    return CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM;
  return CAISSA_OUTCOME_REASON_NONE;
}

gboolean
caissa_game_can_claim_with_a_move (CaissaGame *self)
{
  ChessMoveList list;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!game_in_progress (self) || self->awaiting_press)
    return FALSE;

  chess_generate_legal (end_position (self), &list);
  for (unsigned i = 0; i < list.count; i++)
    if (caissa_game_check_claim (self, list.moves[i]) != CAISSA_OUTCOME_REASON_NONE)
      return TRUE;
  return FALSE;
}

gboolean
caissa_game_claim_draw (CaissaGame  *self,
                        ChessMove    move,
                        GError     **error)
{
  CaissaOutcomeReason reason;
  gboolean paused_here = FALSE;
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  see_fallen_flag (self);

  /* Both clocks stand while the claim is checked (Art. 12.5). */
  if (self->clock != NULL && caissa_clock_get_running_side (self->clock) != CAISSA_COLOR_NONE)
    {
      self->clock_busy++;
      paused_here = caissa_clock_pause (self->clock, NULL);
      self->clock_busy--;
    }

  reason = caissa_game_check_claim (self, move);
  if (reason == CAISSA_OUTCOME_REASON_NONE)
    {
      /* Wrong: play goes on, the clocks run again. */
      if (paused_here)
        {
          self->clock_busy++;
          caissa_clock_resume (self->clock, NULL);
          self->clock_busy--;
        }
      /* A wrong claim with a declared move: the move stands all the
       * same (Art. 9.5.3), whichever way the claim came in. */
      if (move != CHESS_MOVE_NONE && caissa_game_get_can_move (self)
          && chess_position_is_legal (end_position (self), move))
        {
          snapshot_take (self, &before);
          self->claim_pending = FALSE;
          g_array_set_size (self->redo, 0);
          append_move (self, move);
          emit_outcome_if_changed (self, &before);
          notify_changes (self, &before);
        }
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                           _("The claim is not correct: neither a threefold repetition "
                             "nor fifty moves without a capture or pawn move"));
      return FALSE;
    }

  snapshot_take (self, &before);
  self->claim_pending = FALSE;
  if (move != CHESS_MOVE_NONE)
    {
      g_array_set_size (self->redo, 0);
      append_move (self, move);
    }
  /* A declared move that mates (or ends the game otherwise by itself)
   * decides the game before any claim. */
  if (self->outcome == CAISSA_OUTCOME_NONE)
    set_outcome (self, CAISSA_OUTCOME_DRAW, reason, move != CHESS_MOVE_NONE);

  emit_outcome_if_changed (self, &before);
  notify_changes (self, &before);
  return TRUE;
}

gboolean
caissa_game_get_claim_pending (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->claim_pending;
}

void
caissa_game_set_claim_pending (CaissaGame *self,
                               gboolean    pending)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  pending = !!pending;
  if (pending && !game_in_progress (self))
    return;
  if (pending == self->claim_pending)
    return;

  snapshot_take (self, &before);
  self->claim_pending = pending;
  notify_changes (self, &before);
}

/* --- Modes and clock hooks ------------------------------------------------------- */

gboolean
caissa_game_get_analysis (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->analysis;
}

void
caissa_game_set_analysis (CaissaGame *self,
                          gboolean    analysis)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  analysis = !!analysis;
  if (analysis == self->analysis)
    return;

  snapshot_take (self, &before);
  self->analysis = analysis;
  self->draw_offer = CAISSA_COLOR_NONE;
  self->claim_pending = FALSE;
  self->awaiting_press = FALSE;
  notify_changes (self, &before);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

gboolean
caissa_game_get_timed (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->timed;
}

void
caissa_game_set_timed (CaissaGame *self,
                       gboolean    timed)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  timed = !!timed;
  if (timed == self->timed)
    return;

  snapshot_take (self, &before);
  self->timed = timed;
  if (timed)
    g_array_set_size (self->redo, 0);
  notify_changes (self, &before);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMED]);
}

gboolean
caissa_game_get_press_required (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->press_required;
}

void
caissa_game_set_press_required (CaissaGame *self,
                                gboolean    required)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  required = !!required;
  if (required == self->press_required)
    return;

  snapshot_take (self, &before);
  self->press_required = required;
  if (!required)
    self->awaiting_press = FALSE;
  notify_changes (self, &before);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESS_REQUIRED]);
}

gboolean
caissa_game_get_awaiting_press (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->awaiting_press;
}

gboolean
caissa_game_press (CaissaGame *self)
{
  Snapshot before;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  if (!self->awaiting_press)
    return FALSE;

  /* With a clock the press is the clock's: its "pressed" comes back to
   * clock_pressed_cb(), which lets the game go on. */
  if (self->clock != NULL)
    return caissa_clock_press (self->clock,
                               end_position (self)->side == CHESS_WHITE ? CAISSA_COLOR_BLACK
                                                                         : CAISSA_COLOR_WHITE,
                               NULL);

  snapshot_take (self, &before);
  self->awaiting_press = FALSE;
  notify_changes (self, &before);
  return TRUE;
}

gboolean
caissa_game_flag_fall (CaissaGame  *self,
                       CaissaColor  color)
{
  ChessColor opponent;

  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  /* Once a result stands a falling flag changes nothing (Art. 12.7 / 6.9). */
  if (!game_in_progress (self))
    return FALSE;

  opponent = color == CAISSA_COLOR_WHITE ? CHESS_BLACK : CHESS_WHITE;
  if (chess_can_mate (end_position (self), opponent))
    end_by_action (self,
                   opponent == CHESS_WHITE ? CAISSA_OUTCOME_WHITE_WINS : CAISSA_OUTCOME_BLACK_WINS,
                   CAISSA_OUTCOME_REASON_TIME_FORFEIT);
  else
    end_by_action (self, CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT);
  return TRUE;
}

/* --- Playing under a clock -------------------------------------------------------- */

/* Writes [%clk] (time left) and [%emt] (time the move took, when known)
 * into the move's comment, keeping any other text. Fractions of a second
 * are kept, so a saved game resumes with its clocks exactly. */
static void
record_time (CaissaGame  *self,
             ChessNodeId  node,
             gint64       clock_ms,
             gint64       emt_ms)
{
  g_autoptr(GString) text = NULL;
  const char *comment;
  const char *start;
  gint64 s;

  chess_game_node_set_clock_ms (self->game, node, MAX (clock_ms, 0));
  if (emt_ms < 0)
    return;

  comment = chess_game_node_comment (self->game, node, CHESS_COMMENT_AFTER);
  text = g_string_new (comment);
  if ((start = strstr (text->str, "[%emt")) != NULL)
    {
      const char *end = strchr (start, ']');
      gsize pos = start - text->str;
      gsize len = end != NULL ? (gsize) (end + 1 - start) : text->len - pos;

      g_string_erase (text, pos, len);
      while (text->len > 0 && text->str[text->len - 1] == ' ')
        g_string_truncate (text, text->len - 1);
    }
  s = emt_ms / 1000;
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append_printf (text, "[%%emt %" G_GINT64_FORMAT ":%02d:%02d", s / 3600,
                          (int) (s / 60 % 60), (int) (s % 60));
  if (emt_ms % 1000 != 0 && emt_ms % 100 == 0)
    g_string_append_printf (text, ".%d", (int) (emt_ms % 1000 / 100));
  else if (emt_ms % 1000 != 0)
    g_string_append_printf (text, ".%03d", (int) (emt_ms % 1000));
  g_string_append_c (text, ']');
  chess_game_node_set_comment (self->game, node, CHESS_COMMENT_AFTER, text->str);
}

static CaissaColor
last_mover (CaissaGame *self)
{
  return end_position (self)->side == CHESS_WHITE ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE;
}

static void
clock_move_made (CaissaGame  *self,
                 CaissaColor  mover)
{
  g_autoptr(GError) error = NULL;

  /* Paused while a claim with this very move is checked: the claim ends
   * the game, the clock has no more to know. */
  if (caissa_clock_get_running_side (self->clock) != mover)
    return;

  self->clock_busy++;
  if (!caissa_clock_move_made (self->clock, mover, &error))
    g_warning ("The clock refused a move: %s", error->message);
  self->clock_busy--;
}

static void
stop_clock (CaissaGame *self)
{
  ChessNodeId end;
  CaissaColor mover;

  if (self->clock == NULL
      || !caissa_clock_get_started (self->clock)
      || caissa_clock_get_finished (self->clock))
    return;

  self->clock_busy++;
  caissa_clock_stop (self->clock, NULL);
  self->clock_busy--;

  /* The last move, made but never pressed (a mate, a claim with it, a
   * resignation or a flag before the press), still gets its time. */
  end = end_node (self);
  if (end == CHESS_NODE_ROOT || chess_game_node_clock_ms (self->game, end) >= 0)
    return;
  mover = last_mover (self);
  record_time (self, end, caissa_clock_get_remaining (self->clock, mover),
               caissa_clock_get_used (self->clock, mover) - self->used_at_press[mover]);
}

static void
clock_pressed_cb (CaissaClock *clock,
                  CaissaColor  color,
                  CaissaGame  *self)
{
  Snapshot before;

  /* The press completes the move color has just made. */
  if (mainline_is_empty (self) || last_mover (self) != color)
    return;

  record_time (self, end_node (self), caissa_clock_get_remaining (clock, color),
               caissa_clock_get_last_move_time (clock, color));
  self->used_before_press[color] = self->used_at_press[color];
  self->used_at_press[color] = caissa_clock_get_used (clock, color);

  if (self->awaiting_press)
    {
      snapshot_take (self, &before);
      self->awaiting_press = FALSE;
      notify_changes (self, &before);
    }
}

static void
clock_flag_fell_cb (CaissaClock *clock,
                    CaissaColor  color,
                    CaissaGame  *self)
{
  caissa_game_flag_fall (self, color);
}

/* The clock started, paused, resumed or stopped by itself (a button, the
 * pause key): whether a move may be made follows. */
static void
clock_running_side_cb (CaissaClock *clock,
                       GParamSpec  *pspec,
                       CaissaGame  *self)
{
  gboolean can_move;

  if (self->clock_busy > 0)
    return;
  can_move = caissa_game_get_can_move (self);
  if (can_move != self->notified_can_move)
    {
      self->notified_can_move = can_move;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_MOVE]);
    }
}

/* A saved game read back: each side's last recorded time, and the moves
 * each has made (for the time control's periods). */
static void
resume_from_record (CaissaGame *self)
{
  gint64 last[2] = { -1, -1 };
  guint moves[2] = { 0, 0 };

  if (caissa_clock_get_started (self->clock))
    return;

  for (guint ply = 1; ply < self->mainline->len; ply++)
    {
      ChessNodeId parent = g_array_index (self->mainline, ChessNodeId, ply - 1);
      ChessNodeId node = g_array_index (self->mainline, ChessNodeId, ply);
      ChessColor mover = chess_game_node_position (self->game, parent)->side;
      gint64 ms = chess_game_node_clock_ms (self->game, node);

      moves[mover]++;
      if (ms >= 0)
        last[mover] = ms;
    }

  for (int c = 0; c < 2; c++)
    {
      if (last[c] >= 0)
        caissa_clock_arbiter_set_remaining (self->clock, (CaissaColor) c, last[c], NULL);
      if (moves[c] > 0)
        caissa_clock_arbiter_set_moves (self->clock, (CaissaColor) c, moves[c], NULL);
    }
}

/* Puts clock (timed, or NULL) in place; notifies clock, timed and
 * press-required. The caller notifies what follows from them. */
static void
bind_clock (CaissaGame  *self,
            CaissaClock *clock)
{
  gboolean was_timed = self->timed;
  gboolean was_required = self->press_required;

  if (self->clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->clock, self);
      g_clear_object (&self->clock);
    }
  if (clock != NULL)
    {
      self->clock = g_object_ref (clock);
      g_signal_connect (clock, "pressed", G_CALLBACK (clock_pressed_cb), self);
      g_signal_connect (clock, "flag-fell", G_CALLBACK (clock_flag_fell_cb), self);
      g_signal_connect (clock, "notify::running-side", G_CALLBACK (clock_running_side_cb), self);
    }

  self->timed = clock != NULL;
  self->press_required = self->timed && !self->auto_press;
  if (!self->press_required)
    self->awaiting_press = FALSE;
  if (self->timed)
    g_array_set_size (self->redo, 0);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
  if (was_timed != self->timed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMED]);
  if (was_required != self->press_required)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESS_REQUIRED]);
}

CaissaClock *
caissa_game_get_clock (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  return self->clock;
}

void
caissa_game_set_clock (CaissaGame  *self,
                       CaissaClock *clock)
{
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));
  g_return_if_fail (clock == NULL || CAISSA_IS_CLOCK (clock));

  /* An untimed clock keeps no time: the game is played as without one. */
  if (clock != NULL && !caissa_clock_get_timed (clock))
    clock = NULL;
  if (clock == self->clock)
    return;

  snapshot_take (self, &before);
  bind_clock (self, clock);
  if (clock != NULL)
    {
      chess_game_set_tag (self->game, "TimeControl", caissa_clock_get_time_control (clock));
      self->clock_busy++;
      resume_from_record (self);
      self->clock_busy--;
      for (int c = 0; c < 2; c++)
        self->used_at_press[c] = caissa_clock_get_used (clock, (CaissaColor) c);
    }
  notify_changes (self, &before);
}

gboolean
caissa_game_get_auto_press (CaissaGame *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME (self), FALSE);

  return self->auto_press;
}

void
caissa_game_set_auto_press (CaissaGame *self,
                            gboolean    auto_press)
{
  gboolean was_required;
  Snapshot before;

  g_return_if_fail (CAISSA_IS_GAME (self));

  auto_press = !!auto_press;
  if (auto_press == self->auto_press)
    return;

  /* A press due now is made at once. */
  if (auto_press && self->awaiting_press)
    caissa_game_press (self);

  snapshot_take (self, &before);
  was_required = self->press_required;
  self->auto_press = auto_press;
  if (self->clock != NULL)
    self->press_required = !auto_press;
  if (!self->press_required)
    self->awaiting_press = FALSE;
  notify_changes (self, &before);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_PRESS]);
  if (was_required != self->press_required)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESS_REQUIRED]);
}

/* --- PGN -------------------------------------------------------------------------- */

char *
caissa_game_to_pgn (CaissaGame *self)
{
  char *pgn;
  char *copy;

  g_return_val_if_fail (CAISSA_IS_GAME (self), NULL);

  /* The core's writer allocates with malloc; hand back GLib memory. */
  pgn = chess_pgn_write_game (self->game, NULL);
  copy = g_strdup (pgn);
  free (pgn);
  return copy;
}
