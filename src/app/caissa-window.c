/* caissa-window.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-adaptive-box.h"
#include "caissa-board.h"
#include "caissa-clock-face.h"
#include "caissa-game-actions.h"
#include "caissa-game-list-columns.h"
#include "caissa-game-reasons.h"
#include "caissa-move-entry.h"
#include "caissa-move-list.h"
#include "caissa-new-game-dialog.h"
#include "caissa-window-autosave.h"
#include "caissa-window-evals.h"
#include "caissa-window-explorer.h"
#include "caissa-window-compact.h"
#include "caissa-window-navigation.h"
#include "caissa-window-engine.h"
#include "caissa-preferences-window.h"
#include "caissa-window-eco.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "caissa-window-practice.h"

/* A toast's text wraps at about this many characters (fewer beside a
 * button such as Details), so that the toast, its button and its close
 * button fit the side panel it lies over: a toast wider than the panel is
 * cut short by AdwToastOverlay, to the height of one line. */
#define TOAST_WIDTH_CHARS            22
#define TOAST_WIDTH_CHARS_WITH_BUTTON 14

struct _CaissaWindow
{
  AdwApplicationWindow  parent_instance;

  CaissaGame           *game;
  GSettings            *settings;

  /* The clock of the game in progress (NULL: none), the face that shows
   * it in the clock slot, and the control new games are played under. */
  CaissaClock          *clock;
  CaissaClockFace      *clock_face;
  char                 *time_control;
  gboolean              auto_press;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  CaissaAdaptiveBox    *adaptive_box;
  CaissaBoard          *board;
  GtkBox               *side_panel;
  GtkWidget            *white_row;
  GtkWidget            *black_row;
  GtkLabel             *white_name_label;
  GtkLabel             *black_name_label;
  GtkLabel             *white_note_label;
  GtkLabel             *black_note_label;
  GtkBox               *clock_slot;
  CaissaGameActions    *game_actions;
  CaissaMoveList       *move_list;
  GtkLabel             *status_label;
  GtkLabel             *substatus_label;
};

enum
{
  PROP_0,
  PROP_CLAIM_PENDING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaWindow, caissa_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
player_name (const char *name,
             CaissaColor color)
{
  if (name != NULL && *name != '\0')
    return name;
  return color == CAISSA_COLOR_WHITE ? _("White") : _("Black");
}

char *
caissa_outcome_describe (CaissaOutcome       outcome,
                         CaissaOutcomeReason reason)
{
  gboolean white = outcome == CAISSA_OUTCOME_WHITE_WINS;

  switch (outcome)
    {
    case CAISSA_OUTCOME_NONE:
      return NULL;

    case CAISSA_OUTCOME_WHITE_WINS:
    case CAISSA_OUTCOME_BLACK_WINS:
      switch (reason)
        {
        case CAISSA_OUTCOME_REASON_CHECKMATE:
          return g_strdup (white ? _("White wins by checkmate") : _("Black wins by checkmate"));
        case CAISSA_OUTCOME_REASON_RESIGNATION:
          return g_strdup (white ? _("White wins: Black resigned") : _("Black wins: White resigned"));
        case CAISSA_OUTCOME_REASON_TIME_FORFEIT:
          return g_strdup (white ? _("White wins on time") : _("Black wins on time"));
        default:
          return g_strdup (white ? _("White won") : _("Black won"));
        }

    case CAISSA_OUTCOME_DRAW:
    default:
      switch (reason)
        {
        case CAISSA_OUTCOME_REASON_STALEMATE:
          return g_strdup (_("Draw by stalemate"));
        case CAISSA_OUTCOME_REASON_DEAD_POSITION:
          return g_strdup (_("Draw: neither side can checkmate"));
        case CAISSA_OUTCOME_REASON_FIVEFOLD:
          return g_strdup (_("Draw by fivefold repetition"));
        case CAISSA_OUTCOME_REASON_SEVENTY_FIVE_MOVES:
          return g_strdup (_("Draw by the 75-move rule"));
        case CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM:
          return g_strdup (_("Draw by threefold repetition (claimed)"));
        case CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM:
          return g_strdup (_("Draw by the fifty-move rule (claimed)"));
        case CAISSA_OUTCOME_REASON_AGREEMENT:
          return g_strdup (_("Draw by agreement"));
        case CAISSA_OUTCOME_REASON_TIME_FORFEIT_INSUFFICIENT:
          return g_strdup (_("Draw: time ran out, but the opponent could not checkmate"));
        default:
          return g_strdup (_("Draw"));
        }
    }
}

/* The position at the end of the game (not the one shown). */
static const ChessPosition *
game_end_position (CaissaGame *game)
{
  return chess_game_node_position (caissa_game_get_core_game (game),
                                   caissa_game_get_node (game, caissa_game_get_n_plies (game)));
}

/* The status line speaks of the game being played (its end), and of the
 * position shown in a game looked at (from a file, or over). */
static void
update_status (CaissaWindow *self)
{
  CaissaGame *game = self->game;
  CaissaOutcome outcome = caissa_game_get_outcome (game);
  g_autofree char *status = NULL;
  g_autofree char *substatus = NULL;
  const char *error_status;

  /* A game looked at, shown before its end: the position shown. */
  if (outcome != CAISSA_OUTCOME_NONE || caissa_game_get_analysis (game))
    status = _caissa_window_shown_status (game);
  if (status == NULL && outcome != CAISSA_OUTCOME_NONE)
    status = caissa_outcome_describe (outcome, caissa_game_get_outcome_reason (game));
  else if (status == NULL)
    {
      const ChessPosition *end = game_end_position (game);
      gboolean white = end->side == CHESS_WHITE;

      if (self->clock != NULL && !caissa_clock_get_started (self->clock))
        /* Translators: before a clocked game; as over the board, the
         * player not on move starts his opponent's clock. */
        status = g_strdup (white ? _("Black presses the clock to start White’s")
                                 : _("White presses the clock to start Black’s"));
      else if (self->clock != NULL && caissa_clock_get_paused (self->clock))
        status = g_strdup (_("The clocks are paused"));
      else if (caissa_game_get_awaiting_press (game))
        status = g_strdup (white ? _("Black to press the clock") : _("White to press the clock"));
      else if (chess_position_in_check (end))
        status = g_strdup (white ? _("White to move — check") : _("Black to move — check"));
      else
        status = g_strdup (white ? _("White to move") : _("Black to move"));

      if (caissa_game_get_claim_pending (game))
        substatus = g_strdup (_("A draw is claimed with the next move, if it makes the claim correct"));
      else
        /* A claim that would be correct is said, not left to be found. */
        substatus = caissa_game_reasons_dup_claim_status (game);
    }

  /* A game shown up to an error in its file: the error, not the end; in
   * two lines at most (the move list has it whole, and so has the
   * tooltip), so a long message never pushes the rest out of a short
   * window. */
  error_status = _caissa_window_review_get_error_status (_caissa_window_get_review (self));
  if (error_status != NULL)
    {
      g_free (status);
      status = g_strdup (error_status);
    }
  else if (outcome == CAISSA_OUTCOME_NONE)
    {
      char *engine_status = _caissa_window_engine_status (self);

      if (engine_status != NULL)
        g_free (status), status = engine_status;
    }
  gtk_label_set_lines (self->status_label, error_status != NULL ? 2 : -1);
  gtk_label_set_ellipsize (self->status_label, error_status != NULL ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), error_status);

  if (substatus == NULL)
    substatus = _caissa_window_shown_move_text (game);

  gtk_label_set_label (self->status_label, status);
  gtk_widget_set_visible (GTK_WIDGET (self->substatus_label), substatus != NULL);
  gtk_label_set_label (self->substatus_label, substatus ? substatus : "");
}

static void
update_players (CaissaWindow *self)
{
  CaissaGame *game = self->game;
  const char *white = player_name (caissa_game_get_white_name (game), CAISSA_COLOR_WHITE);
  const char *black = player_name (caissa_game_get_black_name (game), CAISSA_COLOR_BLACK);
  const char *result = caissa_game_get_result (game);
  CaissaOutcome outcome = caissa_game_get_outcome (game);
  gboolean white_to_move = game_end_position (game)->side == CHESS_WHITE;
  g_autofree char *subtitle = NULL;
  g_autofree char *opening = NULL;

  gtk_label_set_label (self->white_name_label, white);
  gtk_label_set_label (self->black_name_label, black);
  _caissa_window_compact_update (self);

  if (outcome == CAISSA_OUTCOME_NONE)
    {
      gtk_label_set_label (self->white_note_label, "");
      gtk_label_set_label (self->black_note_label, "");
    }
  else
    {
      gboolean draw = outcome == CAISSA_OUTCOME_DRAW;

      gtk_label_set_label (self->white_note_label,
                           draw ? "½" : outcome == CAISSA_OUTCOME_WHITE_WINS ? "1" : "0");
      gtk_label_set_label (self->black_note_label,
                           draw ? "½" : outcome == CAISSA_OUTCOME_BLACK_WINS ? "1" : "0");
    }

  if (outcome == CAISSA_OUTCOME_NONE && white_to_move)
    gtk_widget_add_css_class (self->white_row, "to-move");
  else
    gtk_widget_remove_css_class (self->white_row, "to-move");
  if (outcome == CAISSA_OUTCOME_NONE && !white_to_move)
    gtk_widget_add_css_class (self->black_row, "to-move");
  else
    gtk_widget_remove_css_class (self->black_row, "to-move");

  /* Translators: the window subtitle, "White – Black" with the result. */
  if (outcome == CAISSA_OUTCOME_NONE)
    subtitle = g_strdup_printf (_("%s – %s"), white, black);
  else
    subtitle = g_strdup_printf (_("%s – %s, %s"), white, black, result);
  opening = _caissa_window_opening_text (game);
  if (opening != NULL)
    {
      /* Translators: the window subtitle: the players (and result), then
       * the opening of the shown position, "B90 Sicilian Defense: …". */
      g_autofree char *joined = g_strdup_printf (_("%s · %s"), subtitle, opening);

      g_free (subtitle);
      subtitle = g_steal_pointer (&joined);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* The whole of it when the title bar cuts it short. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->window_title), subtitle);
}

/* The one place that enables and disables the window's actions. */
static void
update_actions (CaissaWindow *self)
{
  CaissaGame *game = self->game;
  GtkWidget *widget = GTK_WIDGET (self);
  guint ply = caissa_game_get_ply (game);
  gboolean can_offer;
  gboolean in_progress;
  gboolean can_undo;

  in_progress = caissa_game_get_outcome (game) == CAISSA_OUTCOME_NONE
                && !caissa_game_get_analysis (game);
  can_offer = caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE)
              || caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK);

  if (!_caissa_window_engine_can_undo (self, &can_undo))
    can_undo = caissa_game_get_can_undo (game) || caissa_game_get_can_take_back (game);
  gtk_widget_action_set_enabled (widget, "win.undo", can_undo);
  gtk_widget_action_set_enabled (widget, "win.redo", caissa_game_get_can_redo (game));
  gtk_widget_action_set_enabled (widget, "win.go-first", ply > 0);
  gtk_widget_action_set_enabled (widget, "win.go-previous", ply > 0);
  gtk_widget_action_set_enabled (widget, "win.go-next",
                                 chess_game_node_next (caissa_game_get_core_game (game),
                                                       caissa_game_get_shown_node (game)) != CHESS_NODE_NONE);
  gtk_widget_action_set_enabled (widget, "win.go-last",
                                 chess_game_node_next (caissa_game_get_core_game (game),
                                                       caissa_game_get_shown_node (game)) != CHESS_NODE_NONE);
  gtk_widget_action_set_enabled (widget, "win.offer-draw", can_offer);
  gtk_widget_action_set_enabled (widget, "win.accept-draw", caissa_game_can_answer_draw (game));
  gtk_widget_action_set_enabled (widget, "win.decline-draw", caissa_game_can_answer_draw (game));
  gtk_widget_action_set_enabled (widget, "win.claim-draw",
                                 caissa_game_check_claim (game, CHESS_MOVE_NONE) != CAISSA_OUTCOME_REASON_NONE);
  gtk_widget_action_set_enabled (widget, "win.claim-draw-next-move",
                                 caissa_game_get_claim_pending (game)
                                 || caissa_game_can_claim_with_a_move (game));
  gtk_widget_action_set_enabled (widget, "win.resign", in_progress);
  _caissa_window_review_update_actions (_caissa_window_get_review (self));
  _caissa_window_engine_update (self);
  _caissa_window_evals_update (self);

  update_status (self);
  update_players (self);
}

void
_caissa_window_refresh (CaissaWindow *self)
{
  update_actions (self);
}

static void show_clock (CaissaWindow *self);

static void
game_notify_cb (CaissaGame   *game,
                GParamSpec   *pspec,
                CaissaWindow *self)
{
  if (pspec->name == g_intern_static_string ("claim-pending"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLAIM_PENDING]);
  if (pspec->name == g_intern_static_string ("clock"))
    {
      show_clock (self);
      return;
    }
  update_actions (self);
}

static void
outcome_changed_cb (CaissaGame   *game,
                    CaissaWindow *self)
{
  g_autofree char *text = caissa_outcome_describe (caissa_game_get_outcome (game),
                                                   caissa_game_get_outcome_reason (game));
  AdwToast *toast;

  /* A game looked at (from a file) ends by its result, not by an event. */
  if (text == NULL || caissa_game_get_analysis (game))
    return;

  toast = adw_toast_new (text);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  _caissa_window_add_toast (self, toast);
}

static void
toast (CaissaWindow *self,
       const char   *text)
{
  _caissa_window_add_toast (self, adw_toast_new (text));
}

void
_caissa_window_add_toast (CaissaWindow *self,
                          AdwToast     *toast)
{
  GtkWidget *title;

  /* Toasts sit over the side panel, narrower than the window: a long
   * title wraps instead of being cut short (the reason of a failed save
   * is at its end). Shown as plain text: a file name is no markup. */
  if (adw_toast_get_custom_title (toast) == NULL)
    {
      title = gtk_label_new (adw_toast_get_title (toast));
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (title), adw_toast_get_button_label (toast) != NULL
                                                        ? TOAST_WIDTH_CHARS_WITH_BUTTON
                                                        : TOAST_WIDTH_CHARS);
      gtk_widget_add_css_class (title, "heading");
      adw_toast_set_custom_title (toast, title);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (toast));
  _caissa_window_toast_shown (self, toast);
  g_object_unref (toast);
}

/* --- The clock ---------------------------------------------------------------------- */

static void
clock_notify_cb (CaissaClock  *clock,
                 GParamSpec   *pspec,
                 CaissaWindow *self)
{
  /* The status follows the clock's state, not its every tenth. */
  if (pspec->name == g_intern_static_string ("started")
      || pspec->name == g_intern_static_string ("paused")
      || pspec->name == g_intern_static_string ("finished"))
    update_actions (self);
}

/* Shows the game's clock, whoever gave it (a new game, a restored one), or
 * none: the face follows it, the slot holds the face only while there is a
 * clock to show. */
static void
show_clock (CaissaWindow *self)
{
  CaissaClock *clock = caissa_game_get_clock (self->game);
  GtkWidget *face = GTK_WIDGET (self->clock_face);

  if (clock != self->clock)
    {
      if (self->clock != NULL)
        g_signal_handlers_disconnect_by_data (self->clock, self);
      g_set_object (&self->clock, clock);
      if (clock != NULL)
        g_signal_connect (clock, "notify", G_CALLBACK (clock_notify_cb), self);
    }

  caissa_clock_face_set_start_side (self->clock_face,
                                    game_end_position (self->game)->side == CHESS_WHITE
                                    ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK);
  caissa_clock_face_set_clock (self->clock_face, self->clock);
  if (self->clock != NULL && gtk_widget_get_parent (face) == NULL)
    gtk_box_prepend (self->clock_slot, face);
  else if (self->clock == NULL && gtk_widget_get_parent (face) != NULL)
    gtk_box_remove (self->clock_slot, face);
  gtk_widget_set_visible (GTK_WIDGET (self->clock_slot), self->clock != NULL);
  _caissa_window_compact_update (self);

  update_actions (self);
}

/* A fresh clock for the game just started, under the chosen control; the
 * game drives it (caissa_game_set_clock() ignores an untimed one). */
static void
setup_clock (CaissaWindow *self)
{
  g_autoptr(CaissaClock) clock = NULL;

  if (self->time_control != NULL)
    clock = caissa_clock_new_for_time_control (self->time_control, NULL);
  caissa_game_set_auto_press (self->game, self->auto_press);
  caissa_game_set_clock (self->game, clock);
  show_clock (self);
}

/* Space: the press that is due (the start, or the mover's after his move). */
static gboolean
press_due_clock (CaissaWindow *self)
{
  for (CaissaColor c = CAISSA_COLOR_WHITE; c <= CAISSA_COLOR_BLACK; c++)
    if (caissa_clock_face_can_press (self->clock_face, c))
      return caissa_clock_face_press (self->clock_face, c);
  return FALSE;
}

static gboolean
focus_in_board (CaissaWindow *self,
                GtkWidget    *focus)
{
  GtkWidget *board = GTK_WIDGET (self->board);

  return focus != NULL && (focus == board || gtk_widget_is_ancestor (focus, board));
}

/* The clock's keys, seen before any widget (capture phase), but never
 * taken from a text field: Space presses, Left Shift is White's button,
 * Right Shift Black's, P (or Pause) pauses and resumes. The board's
 * keyboard cursor uses Space when a move can be made: with the board
 * focused, Space comes back to clock_space_cb() if the board leaves it. */
static gboolean
clock_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      CaissaWindow          *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (self->clock == NULL || caissa_clock_get_finished (self->clock))
    return FALSE;
  /* (A field just removed may still be the window's focus for a moment.) */
  if (focus != NULL && GTK_IS_EDITABLE (focus) && gtk_widget_get_root (focus) == GTK_ROOT (self))
    return FALSE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_space:
      if (focus_in_board (self, focus))
        return FALSE;
      /* Taken even when no press is due: a player hitting his clock must
       * not activate whatever button has the focus. */
      press_due_clock (self);
      return TRUE;

    case GDK_KEY_Shift_L:
    case GDK_KEY_Shift_R:
      {
        CaissaColor color = keyval == GDK_KEY_Shift_L ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;

        /* Shift is a modifier too: only a press that is due is taken. */
        if (!caissa_clock_face_can_press (self->clock_face, color))
          return FALSE;
        caissa_clock_face_press (self->clock_face, color);
        return TRUE;
      }

    case GDK_KEY_p:
    case GDK_KEY_P:
    case GDK_KEY_Pause:
      return caissa_clock_face_toggle_pause (self->clock_face);

    default:
      return FALSE;
    }
}

/* Space the focused board did not use (bubble phase). */
static gboolean
clock_space_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CaissaWindow          *self)
{
  if (self->clock == NULL || caissa_clock_get_finished (self->clock)
      || keyval != GDK_KEY_space
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
      || !focus_in_board (self, gtk_root_get_focus (GTK_ROOT (self))))
    return FALSE;
  press_due_clock (self);
  return TRUE;
}

/* --- Actions ---------------------------------------------------------------------- */

static void
new_game_start_cb (CaissaNewGameDialog *dialog,
                   CaissaWindow        *self)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_window_set_time_control (self,
                                       caissa_new_game_dialog_get_time_control (dialog),
                                       caissa_new_game_dialog_get_auto_press (dialog),
                                       &error))
    {
      /* The dialog checked the time control; this is not expected. */
      g_warning ("New game: %s", error->message);
      return;
    }
  if (!caissa_window_start_game (self,
                                 caissa_new_game_dialog_get_white_name (dialog),
                                 caissa_new_game_dialog_get_black_name (dialog),
                                 caissa_new_game_dialog_get_fen (dialog),
                                 &error))
    {
      /* The dialog checked the FEN; this is not expected. */
      g_warning ("New game: %s", error->message);
      return;
    }
  {
    CaissaPlayerChooser *chooser = caissa_new_game_dialog_get_player_chooser (dialog);

    caissa_player_chooser_save (chooser, self->settings);
    caissa_window_play_engine (self, caissa_player_chooser_pick_engine_side (chooser),
                               caissa_player_chooser_get_level (chooser),
                               caissa_player_chooser_get_move_time (chooser) * 1000);
  }
  g_object_set_data (G_OBJECT (dialog), "started", GINT_TO_POINTER (TRUE));
  gtk_window_destroy (GTK_WINDOW (dialog));
  toast (self, _("New game"));
}

/* Closed without starting: a game set aside for the new one comes back. */
static void
new_game_destroy_cb (GtkWidget    *dialog,
                     CaissaWindow *self)
{
  if (g_object_get_data (G_OBJECT (dialog), "started") == NULL)
    _caissa_window_autosave_new_game_cancelled (self);
}

static void
present_new_game_dialog (CaissaWindow *self,
                         gpointer      data)
{
  CaissaNewGameDialog *dialog;

  dialog = caissa_new_game_dialog_new (GTK_WINDOW (self),
                                       caissa_game_get_white_name (self->game),
                                       caissa_game_get_black_name (self->game));
  caissa_new_game_dialog_set_time_control (dialog, self->time_control);
  caissa_new_game_dialog_set_auto_press (dialog, self->auto_press);
  caissa_player_chooser_load (caissa_new_game_dialog_get_player_chooser (dialog), self->settings);
  caissa_window_prepare_engine_for (self, caissa_new_game_dialog_get_player_chooser (dialog));
  g_signal_connect (dialog, "start", G_CALLBACK (new_game_start_cb), self);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (new_game_destroy_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A game being played is not dropped without a question (as at the
 * close, or when a file takes its place). */
static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  _caissa_window_autosave_new_game_then (CAISSA_WINDOW (widget), present_new_game_dialog, NULL, NULL);
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  gboolean flipped = !caissa_board_get_flipped (self->board);

  caissa_board_set_flipped (self->board, flipped);
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "flipped", flipped);
}

static void
take_back_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CaissaWindow     *self)
{
  guint n_plies = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "n-plies"));

  /* Only the move that was asked about, if it can still be taken back. */
  if (g_str_equal (response, "take-back") && caissa_game_get_n_plies (self->game) == n_plies)
    caissa_game_take_back (self->game);
}

/* Under a clock a move is taken back only when the opponent agrees
 * (RULES.md, §4), and only until he moves: he is asked. */
static void
ask_take_back (CaissaWindow *self)
{
  CaissaGame *game = self->game;
  const ChessGame *core = caissa_game_get_core_game (game);
  guint n_plies = caissa_game_get_n_plies (game);
  ChessNodeId node = caissa_game_get_node (game, n_plies);
  const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));
  CaissaColor mover = before->side == CHESS_WHITE ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;
  CaissaColor other = mover == CAISSA_COLOR_WHITE ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE;
  const char *mover_name = player_name (mover == CAISSA_COLOR_WHITE ? caissa_game_get_white_name (game)
                                                                    : caissa_game_get_black_name (game), mover);
  const char *other_name = player_name (other == CAISSA_COLOR_WHITE ? caissa_game_get_white_name (game)
                                                                    : caissa_game_get_black_name (game), other);
  g_autofree char *move = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  /* Translators: a move with its number, e.g. "12. Nf3" (White's) ... */
  move = mover == CAISSA_COLOR_WHITE ? g_strdup_printf (_("%u. %s"), before->fullmove, chess_game_node_san (core, node))
  /* Translators: ... or "12… Nf6" (Black's). */
                                     : g_strdup_printf (_("%u… %s"), before->fullmove, chess_game_node_san (core, node));
  if (caissa_game_get_awaiting_press (game))
    /* Translators: %1$s is the player who made the move, %2$s the move
     * (e.g. "12. Nf3"), %3$s the opponent, who is asked. */
    body = g_strdup_printf (_("%1$s asks to take back %2$s before pressing the clock. %3$s, do you agree?"),
                            mover_name, move, other_name);
  else
    /* Translators: as above, after the press: the clocks go back to the
     * moment of the move. */
    body = g_strdup_printf (_("%1$s asks to take back %2$s. The clocks go back to the moment of the move. "
                              "%3$s, do you agree?"),
                            mover_name, move, other_name);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Take Back the Move?"), body));
  adw_message_dialog_add_responses (dialog,
                                    "refuse", _("_Refuse"),
                                    "take-back", _("_Take Back"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "take-back", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "refuse");
  adw_message_dialog_set_close_response (dialog, "refuse");
  g_object_set_data (G_OBJECT (dialog), "n-plies", GUINT_TO_POINTER (n_plies));
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_back_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);

  /* In review Undo takes back an edit (caissa-window-undo.c). */
  if (_caissa_window_review_undo (_caissa_window_get_review (self), FALSE))
    return;
  if (_caissa_window_engine_undo (self))
    return;
  if (caissa_game_get_can_undo (self->game))
    caissa_game_undo (self->game);
  else if (caissa_game_get_can_take_back (self->game))
    ask_take_back (self);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  if (_caissa_window_review_undo (_caissa_window_get_review (CAISSA_WINDOW (widget)), TRUE))
    return;
  caissa_game_redo (CAISSA_WINDOW (widget)->game);
}

static void
go_action (GtkWidget  *widget,
           const char *action_name,
           GVariant   *parameter)
{
  CaissaGame *game = CAISSA_WINDOW (widget)->game;

  if (g_str_equal (action_name, "win.go-first"))
    caissa_game_go_first (game);
  else if (g_str_equal (action_name, "win.go-previous"))
    caissa_game_go_previous (game);
  else if (g_str_equal (action_name, "win.go-next"))
    {
      /* Into the variation chosen with Up/Down, if any. */
      ChessNodeId next = caissa_move_list_get_next_node (CAISSA_WINDOW (widget)->move_list);

      if (next != CHESS_NODE_NONE)
        caissa_game_go_to_node (game, next);
    }
  else
    caissa_game_go_last (game);
}

static void
offer_draw_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CaissaGame *game = CAISSA_WINDOW (widget)->game;
  CaissaColor color = caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE)
                      ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK;

  caissa_game_offer_draw (game, color, NULL);
}

static void
answer_draw_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CaissaGame *game = CAISSA_WINDOW (widget)->game;

  if (g_str_equal (action_name, "win.accept-draw"))
    caissa_game_accept_draw (game, NULL);
  else
    caissa_game_decline_draw (game, NULL);
}

static void
claim_draw_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!caissa_game_claim_draw (self->game, CHESS_MOVE_NONE, &error))
    toast (self, _("The claim is not correct"));
}

static void
resign_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    CaissaWindow     *self)
{
  CaissaColor color = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "color"));

  if (g_str_equal (response, "resign"))
    caissa_game_resign (self->game, color);
}

static void
resign_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  gboolean white = g_str_equal (g_variant_get_string (parameter, NULL), "white");
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       white ? _("White Resigns?") : _("Black Resigns?"),
                                                       _("The game ends and the opponent wins.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "resign", _("_Resign"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "color",
                     GINT_TO_POINTER (white ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK));
  g_signal_connect (dialog, "response", G_CALLBACK (resign_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- Life cycle ----------------------------------------------------------------------- */

/* Only a size the schema's <range> accepts is stored (a window whose size
 * was never set reports 0). */
static void
save_size (GSettings  *settings,
           const char *key,
           int         value)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) variant = g_variant_ref_sink (g_variant_new_int32 (value));

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  if (g_settings_schema_key_range_check (schema_key, variant))
    g_settings_set_int (settings, key, value);
}

static void
save_window_state (CaissaWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  save_size (self->settings, "window-width", width);
  save_size (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
caissa_window_close_request (GtkWindow *window)
{
  if (_caissa_window_review_close_request (_caissa_window_get_review (CAISSA_WINDOW (window))))
    return TRUE;
  save_window_state (CAISSA_WINDOW (window));
  /* A game in progress: "Keep this game for later?" first. */
  if (_caissa_window_autosave_close_request (CAISSA_WINDOW (window)))
    return TRUE;

  return GTK_WINDOW_CLASS (caissa_window_parent_class)->close_request (window);
}

static void
caissa_window_dispose (GObject *object)
{
  CaissaWindow *self = CAISSA_WINDOW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);

  gtk_widget_dispose_template (GTK_WIDGET (self), CAISSA_TYPE_WINDOW);
  g_clear_object (&self->clock_face);

  G_OBJECT_CLASS (caissa_window_parent_class)->dispose (object);
}

static void
caissa_window_finalize (GObject *object)
{
  CaissaWindow *self = CAISSA_WINDOW (object);

  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->time_control, g_free);

  G_OBJECT_CLASS (caissa_window_parent_class)->finalize (object);
}

static void
caissa_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CaissaWindow *self = CAISSA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CLAIM_PENDING:
      /* Asked for while the template is built, before the game exists. */
      g_value_set_boolean (value, self->game != NULL && caissa_game_get_claim_pending (self->game));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CaissaWindow *self = CAISSA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CLAIM_PENDING:
      /* The game notifies, which notifies this property in turn. */
      if (self->game != NULL)
        caissa_game_set_claim_pending (self->game, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_window_class_init (CaissaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = caissa_window_dispose;
  object_class->finalize = caissa_window_finalize;
  object_class->get_property = caissa_window_get_property;
  object_class->set_property = caissa_window_set_property;
  window_class->close_request = caissa_window_close_request;

  /* Declared for the "win.claim-draw-next-move" toggle; mirrors the game's. */
  properties[PROP_CLAIM_PENDING] =
    g_param_spec_boolean ("claim-pending", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAISSA_TYPE_ADAPTIVE_BOX);
  g_type_ensure (CAISSA_TYPE_BOARD);
  g_type_ensure (CAISSA_TYPE_MOVE_LIST);
  g_type_ensure (CAISSA_TYPE_MOVE_ENTRY);
  g_type_ensure (CAISSA_TYPE_GAME_ACTIONS);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/caissa/Caissa/ui/caissa-window.ui");
  /* Reachable by name with gtk_widget_get_template_child () (the
   * explorer's and the engine's parts add their buttons and menu items):
   * bound once here, as a second binding of a name breaks the template's
   * disposal. */
  gtk_widget_class_bind_template_child_full (widget_class, "header_bar", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "primary_menu", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "players_box", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "panel_box", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "panel_bottom", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "panel_top", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, adaptive_box);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, board);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, white_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, black_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, white_name_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, black_name_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, white_note_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, black_note_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, clock_slot);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, game_actions);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaWindow, substatus_label);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.go-first", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-previous", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-next", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.go-last", NULL, go_action);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_action);
  gtk_widget_class_install_action (widget_class, "win.accept-draw", NULL, answer_draw_action);
  gtk_widget_class_install_action (widget_class, "win.decline-draw", NULL, answer_draw_action);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_action);
  gtk_widget_class_install_property_action (widget_class, "win.claim-draw-next-move", "claim-pending");
  gtk_widget_class_install_action (widget_class, "win.resign", "s", resign_action);
  _caissa_window_review_class_init (widget_class);
  _caissa_window_practice_class_init (widget_class);
  _caissa_window_explorer_class_init (widget_class);
  _caissa_window_engine_class_init (widget_class);
}

static gboolean
unflash_cb (gpointer data)
{
  gtk_widget_remove_css_class (GTK_WIDGET (data), "flash");
  return G_SOURCE_REMOVE;
}

/* A click on the board that cannot be played (before the start, before
 * the mover's press, while paused): the clock that must be pressed
 * flashes, or the status line says why. */
static void
board_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  CaissaWindow    *self)
{
  CaissaGame *game = self->game;
  const char *reason = NULL;

  if (caissa_game_get_can_move (game) || caissa_game_get_analysis (game)
      || caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    return;

  if (self->clock != NULL && caissa_clock_get_paused (self->clock))
    reason = _("The clocks are paused: press P to resume them");
  else if (caissa_game_get_ply (game) != caissa_game_get_n_plies (game))
    reason = _("An earlier position is shown: press End to play on");
  else if (self->clock != NULL)
    {
      for (CaissaColor c = CAISSA_COLOR_WHITE; c <= CAISSA_COLOR_BLACK; c++)
        if (caissa_clock_face_can_press (self->clock_face, c))
          {
            GtkWidget *button = caissa_clock_face_get_button (self->clock_face, c);

            gtk_widget_add_css_class (button, "flash");
            g_timeout_add_full (G_PRIORITY_DEFAULT, 700, unflash_cb, g_object_ref (button), g_object_unref);
            reason = c == CAISSA_COLOR_WHITE ? _("White’s clock must be pressed first")
                                             : _("Black’s clock must be pressed first");
          }
    }
  if (reason != NULL)
    {
      gtk_label_set_label (self->substatus_label, reason);
      gtk_widget_set_visible (GTK_WIDGET (self->substatus_label), TRUE);
    }
}

static gboolean
focus_board_cb (gpointer data)
{
  CaissaWindow *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  /* Unless the user has gone on to a text field already. */
  if (focus == NULL || !GTK_IS_EDITABLE (focus))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* GTK 4.8 moves the focus on from the board when the window first becomes
 * active; it goes back once that is done. */
static void
first_active_cb (CaissaWindow *self)
{
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    return;
  g_signal_handlers_disconnect_by_func (self, first_active_cb, NULL);
  g_idle_add (focus_board_cb, g_object_ref (self));
}

static void
caissa_window_init (CaissaWindow *self)
{
  GtkEventController *key;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->game = caissa_game_new ();
  g_signal_connect (self->game, "notify", G_CALLBACK (game_notify_cb), self);
  g_signal_connect (self->game, "outcome-changed", G_CALLBACK (outcome_changed_cb), self);
  caissa_board_set_game (self->board, self->game);
  caissa_move_list_set_game (self->move_list, self->game);
  caissa_game_actions_set_game (self->game_actions, self->game);
  {
    GtkGesture *click = gtk_gesture_click_new ();

    /* Seen before the board's own gestures, which it leaves alone. */
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
    g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));
  }
  /* The keyboard starts on the board (Enter shows its cursor). */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
  g_signal_connect (self, "notify::is-active", G_CALLBACK (first_active_cb), NULL);

  self->clock_face = g_object_ref_sink (CAISSA_CLOCK_FACE (caissa_clock_face_new ()));
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (key, "caissa-clock-keys");
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (clock_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (key, "caissa-clock-space");
  g_signal_connect (key, "key-pressed", G_CALLBACK (clock_space_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  _caissa_window_review_new (self);
  _caissa_window_practice_init (self);
  _caissa_window_explorer_init (self);
  _caissa_window_engine_init (self);
  _caissa_window_navigation_init (self);
  _caissa_window_evals_init (self);
  _caissa_window_compact_init (self);
  update_actions (self);
}

/* The stored control for new games, normalised. One that does not parse
 * (the settings edited by hand) means no clock, and is shown as such. */
static char *
stored_time_control (GSettings *settings)
{
  g_autofree char *time_control = g_settings_get_string (settings, "time-control");
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaClock) check = caissa_clock_new_for_time_control (time_control, &error);

  if (check == NULL)
    {
      g_warning ("Settings key time-control: '%s' is not a time control (%s); playing without a clock",
                 time_control, error->message);
      return g_strdup ("-");
    }
  return g_strdup (caissa_clock_get_time_control (check));
}

static gboolean
figurines_from_notation (GValue   *value,
                         GVariant *variant,
                         gpointer  user_data)
{
  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), "figurines") == 0);
  return TRUE;
}

/* The clock for new games, changed in the preferences while the window is
 * open: the next New Game offers it (the game on the board keeps its own). */
static void
clock_settings_changed_cb (GSettings    *settings,
                           const char   *key,
                           CaissaWindow *self)
{
  g_free (self->time_control);
  self->time_control = stored_time_control (settings);
  self->auto_press = g_settings_get_boolean (settings, "auto-press");
}

CaissaWindow *
caissa_window_new (CaissaApplication *application)
{
  CaissaWindow *self = g_object_new (CAISSA_TYPE_WINDOW, "application", application, NULL);
  GSettings *settings = caissa_application_get_settings (application);

  if (settings != NULL)
    {
      g_autofree char *white_setting = g_settings_get_string (settings, "white-name");
      g_autofree char *black_setting = g_settings_get_string (settings, "black-name");
      g_autofree char *white = caissa_game_cap_player_name (white_setting);
      g_autofree char *black = caissa_game_cap_player_name (black_setting);

      self->settings = g_object_ref (settings);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (settings, "window-width"),
                                   g_settings_get_int (settings, "window-height"));
      if (g_settings_get_boolean (settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      caissa_board_set_flipped (self->board, g_settings_get_boolean (settings, "flipped"));
      caissa_preferences_bind_board (settings, self->board);
      g_settings_bind (settings, "game-list-width",
                       gtk_widget_get_template_child (GTK_WIDGET (self), CAISSA_TYPE_WINDOW, "flap"),
                       "flap-width", G_SETTINGS_BIND_DEFAULT);
      caissa_game_list_remember_columns (CAISSA_GAME_LIST (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                                          CAISSA_TYPE_WINDOW,
                                                                                          "game_list")),
                                         settings);
      g_settings_bind_with_mapping (settings, "notation", self->move_list, "figurines",
                                    G_SETTINGS_BIND_GET, figurines_from_notation, NULL, NULL, NULL);
      caissa_game_set_white_name (self->game, white);
      caissa_game_set_black_name (self->game, black);

      /* The first game is played under the control chosen last time. */
      self->time_control = stored_time_control (settings);
      self->auto_press = g_settings_get_boolean (settings, "auto-press");
      setup_clock (self);
      g_signal_connect_object (settings, "changed::time-control",
                               G_CALLBACK (clock_settings_changed_cb), self, 0);
      g_signal_connect_object (settings, "changed::auto-press",
                               G_CALLBACK (clock_settings_changed_cb), self, 0);
    }

  return self;
}

CaissaGame *
caissa_window_get_game (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return self->game;
}

GtkBox *
caissa_window_get_clock_slot (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return self->clock_slot;
}

GtkWidget *
caissa_window_get_board (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->board);
}

gboolean
caissa_window_start_game (CaissaWindow  *self,
                          const char    *white_name,
                          const char    *black_name,
                          const char    *fen,
                          GError       **error)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), FALSE);

  if (fen != NULL && *fen != '\0' && !caissa_game_validate_fen (fen, error))
    return FALSE;
  _caissa_window_engine_game_started (self);
  if (fen != NULL && *fen != '\0')
    {
      if (!caissa_game_load_fen (self->game, fen, error))
        return FALSE;
    }
  else
    caissa_game_reset (self->game);
  _caissa_window_review_game_started (_caissa_window_get_review (self));

  if (white_name != NULL)
    caissa_game_set_white_name (self->game, white_name);
  if (black_name != NULL)
    caissa_game_set_black_name (self->game, black_name);
  if (self->settings != NULL)
    {
      if (white_name != NULL)
        g_settings_set_string (self->settings, "white-name", white_name);
      if (black_name != NULL)
        g_settings_set_string (self->settings, "black-name", black_name);
    }
  setup_clock (self);
  /* A game kept for later when a file took its place is offered now. */
  _caissa_window_autosave_game_started (self);

  return TRUE;
}

gboolean
caissa_window_set_time_control (CaissaWindow  *self,
                                const char    *time_control,
                                gboolean       auto_press,
                                GError       **error)
{
  g_autoptr(CaissaClock) check = NULL;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (time_control != NULL, FALSE);

  check = caissa_clock_new_for_time_control (time_control, error);
  if (check == NULL)
    return FALSE;

  g_free (self->time_control);
  self->time_control = g_strdup (caissa_clock_get_time_control (check));
  self->auto_press = !!auto_press;
  if (self->settings != NULL)
    {
      g_settings_set_string (self->settings, "time-control", self->time_control);
      g_settings_set_boolean (self->settings, "auto-press", self->auto_press);
    }
  return TRUE;
}

const char *
caissa_window_get_time_control (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return self->time_control != NULL ? self->time_control : "-";
}

CaissaClock *
caissa_window_get_clock (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return self->clock;
}

char *
caissa_window_describe_state (CaissaWindow *self)
{
  GString *out = g_string_new (NULL);
  GEnumClass *outcome_class = g_type_class_ref (CAISSA_TYPE_OUTCOME);
  GEnumClass *reason_class = g_type_class_ref (CAISSA_TYPE_OUTCOME_REASON);
  CaissaGame *game = self->game;
  graphene_rect_t bounds;
  GtkNative *native;
  double sx = 0, sy = 0;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  g_string_append_printf (out, "fen %s\n", caissa_game_get_fen (game));
  g_string_append_printf (out, "outcome %s\n",
                          g_enum_get_value (outcome_class, caissa_game_get_outcome (game))->value_nick);
  g_string_append_printf (out, "reason %s\n",
                          g_enum_get_value (reason_class, caissa_game_get_outcome_reason (game))->value_nick);
  g_string_append_printf (out, "result %s\n", caissa_game_get_result (game));
  g_string_append_printf (out, "ply %u\n", caissa_game_get_ply (game));
  g_string_append_printf (out, "n-plies %u\n", caissa_game_get_n_plies (game));
  g_string_append_printf (out, "flipped %d\n", caissa_board_get_flipped (self->board));
  g_string_append_printf (out, "narrow %d\n", caissa_adaptive_box_get_narrow (self->adaptive_box));
  /* The status line as shown, translated (tests/e2e/test-locale.sh). */
  g_string_append_printf (out, "status %s\n", gtk_label_get_label (self->status_label));
  g_string_append_printf (out, "substatus %s\n", gtk_label_get_label (self->substatus_label));
  g_string_append_printf (out, "subtitle %s\n", adw_window_title_get_subtitle (self->window_title));

  /* Squares a1 and h8 in surface coordinates: the toplevel X window's own
   * pixels, which a test turns into screen coordinates. Any other square
   * follows from these two, flipped or not. */
  native = gtk_widget_get_native (GTK_WIDGET (self->board));
  if (native != NULL)
    gtk_native_get_surface_transform (native, &sx, &sy);
  for (guint i = 0; native != NULL && i < 2; i++)
    {
      ChessSquare sq = i == 0 ? chess_square_make (0, 0) : chess_square_make (7, 7);
      double x, y;

      if (caissa_board_get_square_bounds (self->board, sq, &bounds)
          && gtk_widget_translate_coordinates (GTK_WIDGET (self->board), GTK_WIDGET (native),
                                               bounds.origin.x, bounds.origin.y, &x, &y))
        g_string_append_printf (out, "square %s %d %d %d\n", i == 0 ? "a1" : "h8",
                                (int) (x + sx), (int) (y + sy), (int) bounds.size.width);
    }
  {
    int w = gtk_widget_get_width (GTK_WIDGET (self));
    int h = gtk_widget_get_height (GTK_WIDGET (self));

    g_string_append_printf (out, "window %d %d\n", w, h);
    caissa_board_append_state (self->board, out);
  }

  /* The clock: its state, both faces as shown, and where its two buttons
   * are (surface coordinates, like the squares). */
  g_string_append_printf (out, "clock-time-control %s\n", caissa_window_get_time_control (self));
  g_string_append_printf (out, "awaiting-press %d\n", caissa_game_get_awaiting_press (game));
  g_string_append_printf (out, "can-move %d\n", caissa_game_get_can_move (game));
  if (self->clock != NULL)
    {
      CaissaColor running = caissa_clock_get_running_side (self->clock);
      g_autofree char *white = caissa_clock_dup_display (self->clock, CAISSA_COLOR_WHITE);
      g_autofree char *black = caissa_clock_dup_display (self->clock, CAISSA_COLOR_BLACK);

      g_string_append_printf (out, "clock-started %d\n", caissa_clock_get_started (self->clock));
      g_string_append_printf (out, "clock-paused %d\n", caissa_clock_get_paused (self->clock));
      g_string_append_printf (out, "clock-finished %d\n", caissa_clock_get_finished (self->clock));
      g_string_append_printf (out, "clock-running %s\n",
                              running == CAISSA_COLOR_WHITE ? "white"
                              : running == CAISSA_COLOR_BLACK ? "black" : "none");
      g_string_append_printf (out, "clock-white %s\n", white);
      g_string_append_printf (out, "clock-black %s\n", black);
      for (CaissaColor c = CAISSA_COLOR_WHITE; native != NULL && c <= CAISSA_COLOR_BLACK; c++)
        {
          GtkWidget *button = caissa_clock_face_get_button (self->clock_face, c);

          if (gtk_widget_compute_bounds (button, GTK_WIDGET (native), &bounds))
            g_string_append_printf (out, "clock-button %s %d %d %d %d\n",
                                    c == CAISSA_COLOR_WHITE ? "white" : "black",
                                    (int) (bounds.origin.x + sx), (int) (bounds.origin.y + sy),
                                    (int) bounds.size.width, (int) bounds.size.height);
        }
    }
  /* Names, draw offers, exact clock times, the Draw or Resign button. */
  _caissa_window_autosave_describe (self, out);

  _caissa_window_review_describe (_caissa_window_get_review (self), out);
  _caissa_window_practice_describe (self, out);
  _caissa_window_explorer_describe (self, out);
  _caissa_window_engine_describe (self, out);
  _caissa_window_evals_describe (self, out);

  g_type_class_unref (outcome_class);
  g_type_class_unref (reason_class);
  return g_string_free (out, FALSE);
}
