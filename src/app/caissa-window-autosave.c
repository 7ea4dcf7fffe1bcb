/* caissa-window-autosave.c — CaissaWindow: the game in progress kept on
 * disk (CaissaAutosave), offered again at start-up, and the questions at
 * the close and before another game takes its place in the window.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The autosave and the state of the close are kept on the window as
 * object data, so the window's own struct does not change for them.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>

#include "caissa-autosave-slot.h"
#include "caissa-board.h"
#include "caissa-time-words.h"
#include "caissa-window-autosave.h"
#include "caissa-window-engine.h"
#include "caissa-window-review-private.h"
#include "chess-clock.h"

#define AUTOSAVE_KEY "caissa-autosave"
/* Set once the user has answered the close question. */
#define CLOSING_KEY "caissa-autosave-closing"
/* The saved game to offer once the window is shown, or the message
 * saying why it could not be read. */
#define PENDING_KEY "caissa-autosave-pending"
#define UNREADABLE_KEY "caissa-autosave-unreadable"
/* Set while a game kept for later (when a file took its place) waits on
 * disk, the autosave following nothing: the next new game offers it. */
#define KEPT_KEY "caissa-autosave-kept"
/* Set while the game set aside for a new game (Ctrl+N) waits for that
 * game to start: the new game is kept from then on; if none starts, the
 * game set aside comes back. */
#define ASIDE_KEY "caissa-autosave-aside"

CaissaAutosave *
_caissa_window_get_autosave (CaissaWindow *self)
{
  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  return g_object_get_data (G_OBJECT (self), AUTOSAVE_KEY);
}

static void show_message (CaissaWindow *self,
                          const char   *heading,
                          const char   *body);

static void
details_cb (AdwToast     *toast,
            CaissaWindow *self)
{
  show_message (self, _("The Game Could Not Be Saved"),
                g_object_get_data (G_OBJECT (toast), "message"));
}

/* The reason, short enough for a toast (the C library's translated
 * words where there are some); the whole message is behind "Details". */
static const char *
short_reason (const GError *error)
{
  static const struct { GIOErrorEnum code; int errnum; } reasons[] = {
    { G_IO_ERROR_NO_SPACE, ENOSPC },
    { G_IO_ERROR_PERMISSION_DENIED, EACCES },
    { G_IO_ERROR_READ_ONLY, EROFS },
    { G_IO_ERROR_NOT_DIRECTORY, ENOTDIR },
    { G_IO_ERROR_IS_DIRECTORY, EISDIR },
    { G_IO_ERROR_NOT_FOUND, ENOENT },
  };

  if (error->domain == G_IO_ERROR)
    for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
      if (error->code == (int) reasons[i].code)
        return g_strerror (reasons[i].errnum);
  return g_strerror (EIO);
}

static void
save_failed_cb (CaissaAutosave *autosave,
                const GError   *error,
                CaissaWindow   *self)
{
  /* Translators: the game in progress could not be written to disk;
   * %s is the reason, e.g. "No space left on device". */
  g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"),
                                           short_reason (error));
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "message", g_strdup (error->message), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (details_cb), self, 0);
  _caissa_window_add_toast (self, toast);
}

static void
board_flipped_cb (GObject      *board,
                  GParamSpec   *pspec,
                  CaissaWindow *self)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);

  if (autosave != NULL)
    caissa_autosave_set_flipped (autosave, caissa_board_get_flipped (CAISSA_BOARD (board)));
}

/* From now on the window's game is kept on disk. */
static void
keep_game (CaissaWindow *self)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  GtkWidget *board = caissa_window_get_board (self);

  caissa_autosave_set_flipped (autosave, caissa_board_get_flipped (CAISSA_BOARD (board)));
  caissa_autosave_set_game (autosave, caissa_window_get_game (self));
  g_signal_handlers_disconnect_by_func (board, board_flipped_cb, self);
  g_signal_connect_object (board, "notify::flipped", G_CALLBACK (board_flipped_cb), self, 0);
}

static void
show_message (CaissaWindow *self,
              const char   *heading,
              const char   *body)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "ok", _("_OK"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
clocks_restarted_cb (CaissaClock *clock,
                     GParamSpec  *pspec,
                     AdwToast    *toast)
{
  if (caissa_clock_get_paused (clock))
    return;
  g_signal_handlers_disconnect_by_func (clock, clocks_restarted_cb, toast);
  adw_toast_dismiss (toast);
}

static void
resume (CaissaWindow    *self,
        CaissaSavedGame *saved)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  CaissaGame *game = caissa_window_get_game (self);
  g_autoptr(GError) error = NULL;
  CaissaClock *clock;
  AdwToast *resumed;

  if (!caissa_autosave_resume (autosave, saved, game, NULL, &error))
    {
      /* The file was checked when read: not expected. Start afresh, and
       * keep the file for another try. */
      g_warning ("Resuming %s: %s", caissa_saved_game_get_path (saved), error->message);
      caissa_window_start_game (self, NULL, NULL, NULL, NULL);
      show_message (self, _("The Game Could Not Be Resumed"), error->message);
      return;
    }
  /* The window shows the game's clock, whoever set it. */
  caissa_board_set_flipped (CAISSA_BOARD (caissa_window_get_board (self)),
                            caissa_saved_game_get_flipped (saved));
  keep_game (self);
  _caissa_window_engine_resumed (self, saved);
  clock = caissa_game_get_clock (game);
  /* Translators: after the unfinished game came back; its clocks (if
   * any) wait, paused, for the players. */
  resumed = adw_toast_new (clock != NULL ? _("Game resumed — the clocks are paused") : _("Game resumed"));
  /* Said while true, and only then: it stays while the clocks wait,
   * and goes when they run again. */
  if (clock != NULL)
    adw_toast_set_timeout (resumed, 0);
  if (clock != NULL)
    g_signal_connect_object (clock, "notify::paused", G_CALLBACK (clocks_restarted_cb), resumed, 0);
  _caissa_window_add_toast (self, resumed);
}

static void
resume_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    CaissaWindow     *self)
{
  CaissaSavedGame *saved = g_object_get_data (G_OBJECT (dialog), "saved");

  if (g_str_equal (response, "discard"))
    {
      caissa_autosave_discard (_caissa_window_get_autosave (self));
      keep_game (self);
    }
  else
    resume (self, saved);
}

/* The saved game's last move with its number, "7… O-O"; NULL before the
 * first. */
static char *
last_move_text (CaissaSavedGame *saved)
{
  g_autoptr(CaissaGame) scratch = caissa_game_new ();
  const ChessGame *core;
  const ChessPosition *before;
  ChessNodeId node;
  guint n;

  if (!caissa_saved_game_restore (saved, scratch, NULL, NULL)
      || (n = caissa_game_get_n_plies (scratch)) == 0)
    return NULL;
  core = caissa_game_get_core_game (scratch);
  node = caissa_game_get_node (scratch, n);
  before = chess_game_node_position (core, chess_game_node_parent (core, node));
  if (before->side == CHESS_WHITE)
    /* Translators: a move with its number, e.g. "12. Nf3" (White's) ... */
    return g_strdup_printf (_("%u. %s"), before->fullmove, chess_game_node_san (core, node));
  /* Translators: ... or "12… Nf6" (Black's). */
  return g_strdup_printf (_("%u… %s"), before->fullmove, chess_game_node_san (core, node));
}

static char *
describe_saved_game (CaissaSavedGame *saved)
{
  g_autofree char *last = NULL;
  const char *white = caissa_saved_game_get_white_name (saved);
  const char *black = caissa_saved_game_get_black_name (saved);
  const char *time_control = caissa_saved_game_get_time_control (saved);
  guint move_number = caissa_saved_game_get_move_number (saved);
  CaissaColor offer = caissa_saved_game_get_draw_offer (saved);
  GDateTime *saved_at = caissa_saved_game_get_saved_at (saved);
  GString *text = g_string_new (NULL);

  /* Translators: the players of the unfinished game, "White – Black". */
  g_string_append_printf (text, _("%s – %s"), white ? white : _("White"), black ? black : _("Black"));
  g_string_append (text, "\n");
  /* The real state: after 7…O-O with Black's press still due, Black has
   * to press, not White to move; the last move named. */
  last = last_move_text (saved);
  if (last != NULL)
    {
      gboolean white = caissa_saved_game_get_side_to_move (saved) == CAISSA_COLOR_WHITE;

      if (caissa_saved_game_get_awaiting_press (saved))
        /* Translators: %s is the last move with its number, "7… O-O". */
        g_string_append_printf (text, white ? _("After %s, Black to press the clock")
                                            : _("After %s, White to press the clock"), last);
      else
        /* Translators: %s is the last move with its number, "7… O-O". */
        g_string_append_printf (text, white ? _("After %s, White to move")
                                            : _("After %s, Black to move"), last);
    }
  else if (caissa_saved_game_get_awaiting_press (saved))
    g_string_append (text, caissa_saved_game_get_side_to_move (saved) == CAISSA_COLOR_WHITE
                           ? _("Black to press the clock") : _("White to press the clock"));
  else
    /* Translators: %u is the number of the move to be made, as on a
     * scoresheet. */
    g_string_append_printf (text, caissa_saved_game_get_side_to_move (saved) == CAISSA_COLOR_WHITE
                                  ? _("Move %u, White to move") : _("Move %u, Black to move"),
                            move_number);
  if (offer != CAISSA_COLOR_NONE)
    {
      g_string_append (text, "\n");
      /* Translators: %s is a player's name (or "White"/"Black"). */
      g_string_append_printf (text, _("%s offers a draw"),
                              offer == CAISSA_COLOR_WHITE ? (white ? white : _("White"))
                                                          : (black ? black : _("Black")));
    }
  if (time_control != NULL)
    {
      char w[CHESS_CLOCK_FORMAT_MAX], b[CHESS_CLOCK_FORMAT_MAX];
      g_autofree char *words = caissa_time_control_describe (time_control);

      chess_clock_format (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), w);
      chess_clock_format (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_BLACK), b);
      g_string_append (text, "\n");
      /* Translators: the clocks of the unfinished game: White's time,
       * Black's time, the time control in words (e.g. "5 min + 3 s a
       * move"). */
      g_string_append_printf (text, _("Clocks %s – %s (%s), paused until you resume them"),
                              w, b, words != NULL ? words : time_control);
    }
  if (time_control != NULL && caissa_saved_game_get_clock_was_running (saved))
    {
      g_string_append (text, "\n");
      g_string_append (text, caissa_saved_game_get_clock_to_the_second (saved)
                             /* Translators: said of the clock that was running when
                              * Caissa stopped (a crash, a kill): its time was kept
                              * every second. */
                             ? _("The running clock was kept to the second: at most one "
                                 "second of it was not counted")
                             /* Translators: said of the clock that was running when
                              * Caissa stopped: only its time at the last move or press
                              * is known (e.g. after a power cut). */
                             : _("The running clock is as at the last move or press: the "
                                 "time since was not counted"));
    }
  if (saved_at != NULL)
    {
      g_autofree char *when = g_date_time_format (saved_at, "%c");

      g_string_append (text, "\n");
      /* Translators: %s is a date and time. */
      g_string_append_printf (text, _("Saved %s"), when);
    }
  return g_string_free (text, FALSE);
}

static void
ask_resume (CaissaWindow    *self,
            CaissaSavedGame *saved)
{
  g_autofree char *body = describe_saved_game (saved);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Resume the Unfinished Game?"),
                                                       body));
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "resume", _("_Resume"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "resume", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "resume");
  /* Escape loses nothing. */
  adw_message_dialog_set_close_response (dialog, "resume");
  g_object_set_data_full (G_OBJECT (dialog), "saved", saved, (GDestroyNotify) caissa_saved_game_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (resume_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
ask_pending_cb (gpointer user_data)
{
  CaissaWindow *self = user_data;
  CaissaSavedGame *saved = g_object_steal_data (G_OBJECT (self), PENDING_KEY);
  g_autofree char *unreadable = g_object_steal_data (G_OBJECT (self), UNREADABLE_KEY);

  if (saved != NULL)
    ask_resume (self, saved);
  if (unreadable != NULL)
    show_message (self, _("The Unfinished Game Could Not Be Read"), unreadable);
  return G_SOURCE_REMOVE;
}

/* The question comes once the window is on screen (from an idle, so the
 * dialog is mapped after its parent and stacks above it even without a
 * window manager). */
static void
ask_when_mapped_cb (GtkWidget *widget,
                    gpointer   user_data)
{
  g_signal_handlers_disconnect_by_func (widget, ask_when_mapped_cb, user_data);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, ask_pending_cb, g_object_ref (widget), g_object_unref);
}

void
_caissa_window_start_autosave (CaissaWindow *self,
                               const char   *path)
{
  g_autoptr(CaissaAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  CaissaSavedGame *saved;
  GtkApplication *app;

  g_return_if_fail (CAISSA_IS_WINDOW (self));
  g_return_if_fail (path != NULL);
  g_return_if_fail (_caissa_window_get_autosave (self) == NULL);

  /* One window keeps the game (a second one, if any, plays without). */
  app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = app != NULL ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (CAISSA_IS_WINDOW (l->data) && l->data != (gpointer) self
        && _caissa_window_get_autosave (l->data) != NULL)
      return;

  autosave = caissa_autosave_new (path);
  g_object_set_data_full (G_OBJECT (self), AUTOSAVE_KEY, g_object_ref (autosave), g_object_unref);
  g_signal_connect_object (autosave, "save-failed", G_CALLBACK (save_failed_cb), self, 0);

  /* A game set aside for a new one (Ctrl+N) is offered once no other
   * waits in its place. */
  if (!caissa_autosave_bring_back (path, &error) && error != NULL)
    {
      g_warning ("%s", error->message);
      g_clear_error (&error);
    }
  saved = caissa_saved_game_load (path, &error);
  if (saved != NULL)
    g_object_set_data_full (G_OBJECT (self), PENDING_KEY, saved,
                            (GDestroyNotify) caissa_saved_game_free);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_autoptr(GError) aside_error = NULL;
      g_autofree char *aside = NULL;
      char *body;

      g_warning ("%s", error->message);
      if (caissa_autosave_move_aside (path, &aside, &aside_error))
        /* Translators: %s (first) says which file could not be read and
         * why; %s (second) is where it was moved. */
        body = g_strdup_printf (_("%s\n\nThe file was moved to “%s”."), error->message, aside);
      else
        body = g_strdup_printf ("%s\n\n%s", error->message, aside_error->message);
      g_object_set_data_full (G_OBJECT (self), UNREADABLE_KEY, body, g_free);
    }

  /* Nothing is kept until the question, if any, is answered. */
  if (saved == NULL)
    keep_game (self);
  if (saved != NULL || g_object_get_data (G_OBJECT (self), UNREADABLE_KEY) != NULL)
    {
      if (gtk_widget_get_mapped (GTK_WIDGET (self)))
        ask_when_mapped_cb (GTK_WIDGET (self), NULL);
      else
        g_signal_connect (self, "map", G_CALLBACK (ask_when_mapped_cb), NULL);
    }
  /* Unsaved edits of a file's game, kept the same way. */
  _caissa_review_keep_start (self);
}

/* --- The questions before the game goes --------------------------------------------- */

/* Nobody's time runs while a question is asked: returns the clock paused
 * for it (a reference), or NULL when none was running. */
static CaissaClock *
pause_for_question (CaissaGame *game)
{
  CaissaClock *clock = caissa_game_get_clock (game);

  if (clock != NULL && caissa_clock_get_running_side (clock) != CAISSA_COLOR_NONE
      && caissa_clock_pause (clock, NULL))
    return g_object_ref (clock);
  return NULL;
}

/* After Cancel: the clock paused for the question runs again, if it is
 * still the game's and still paused. */
static void
resume_after_question (CaissaGame  *game,
                       CaissaClock *paused)
{
  if (paused != NULL && paused == caissa_game_get_clock (game) && caissa_clock_get_paused (paused))
    caissa_clock_resume (paused, NULL);
}

/* --- The close ----------------------------------------------------------------------- */

static gboolean
close_idle_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   CaissaWindow     *self)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  CaissaGame *game = caissa_window_get_game (self);
  CaissaClock *paused = g_object_get_data (G_OBJECT (dialog), "paused");
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "keep"))
    {
      /* The clocks as they stand now: resumed, they go on from here. */
      if (!caissa_autosave_save (autosave, &error))
        {
          resume_after_question (game, paused);
          show_message (self, _("The Game Could Not Be Kept"), error->message);
          return;
        }
      caissa_autosave_set_game (autosave, NULL);
    }
  else if (g_str_equal (response, "discard"))
    caissa_autosave_discard (autosave);
  else
    {
      /* Cancel: play on. */
      resume_after_question (game, paused);
      return;
    }

  g_object_set_data (G_OBJECT (self), CLOSING_KEY, GINT_TO_POINTER (TRUE));
  /* Not from inside the dialog's "response": closing destroys the dialog
   * with its window while it is still emitting (GLib criticals). */
  g_idle_add_full (G_PRIORITY_DEFAULT, close_idle_cb, g_object_ref (self), g_object_unref);
}



gboolean
_caissa_window_autosave_close_request (CaissaWindow *self)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  CaissaGame *game = caissa_window_get_game (self);
  AdwMessageDialog *dialog;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), FALSE);

  if (autosave == NULL || caissa_autosave_get_game (autosave) == NULL
      || g_object_get_data (G_OBJECT (self), CLOSING_KEY) != NULL)
    return FALSE;

  if (!caissa_autosave_is_worth_keeping (game))
    {
      g_autoptr(GError) error = NULL;

      /* Nothing to keep: a file left by a change not yet written goes. */
      if (!caissa_autosave_save (autosave, &error))
        g_warning ("%s", error->message);
      caissa_autosave_set_game (autosave, NULL);
      return FALSE;
    }

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Keep This Game for Later?"),
                                                       _("A kept game is offered again the next time "
                                                         "Caissa starts, with its clocks as they are now.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "keep", _("_Keep"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "paused", pause_for_question (game), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* --- Another game in the window's place -------------------------------------------------- */

typedef struct
{
  CaissaWindow            *self;
  CaissaClock             *paused;
  CaissaWindowReplaceFunc  then;
  gpointer                 data;
  GDestroyNotify           destroy;
  /* A new game, not a file: Keep sets the game aside (a second place),
   * to be offered at the next start of Caissa. */
  gboolean                 new_game;
} Replace;

static void
replace_free (Replace *r)
{
  g_clear_object (&r->paused);
  if (r->destroy != NULL)
    r->destroy (r->data);
  g_free (r);
}

static void
replace_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Replace          *r)
{
  CaissaWindow *self = r->self;
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  CaissaGame *game = caissa_window_get_game (self);
  gboolean kept_here = autosave != NULL && caissa_autosave_get_game (autosave) == game;
  g_autoptr(GError) error = NULL;

  if (g_str_equal (response, "keep"))
    {
      /* (A second question answered after the first: nothing is left
       * to keep.) */
      if (kept_here && caissa_autosave_is_worth_keeping (game))
        {
          /* The clocks as the question found them (paused): resumed,
           * they go on from there. */
          if (r->new_game)
            {
              if (!caissa_autosave_set_aside (autosave, &error))
                {
                  resume_after_question (game, r->paused);
                  show_message (self, _("The Game Could Not Be Kept"), error->message);
                  return;
                }
              g_object_set_data (G_OBJECT (self), ASIDE_KEY, GINT_TO_POINTER (TRUE));
              r->then (self, r->data);
              return;
            }
          if (!caissa_autosave_save (autosave, &error))
            {
              resume_after_question (game, r->paused);
              show_message (self, _("The Game Could Not Be Kept"), error->message);
              return;
            }
          /* The file stays as it is: reviewing changes nothing, and the
           * next new game offers it (_caissa_window_autosave_game_started()). */
          caissa_autosave_set_game (autosave, NULL);
          g_object_set_data (G_OBJECT (self), KEPT_KEY, GINT_TO_POINTER (TRUE));
        }
    }
  else if (g_str_equal (response, "discard"))
    {
      if (kept_here && caissa_autosave_is_worth_keeping (game))
        {
          /* The file goes; the window's next game is kept again. */
          caissa_autosave_discard (autosave);
          keep_game (self);
        }
    }
  else
    {
      /* Cancel: everything as it was, the clock running again. */
      resume_after_question (game, r->paused);
      return;
    }
  r->then (self, r->data);
}

static gboolean
present_cb (gpointer data)
{
  /* (Unless answered, or gone with the window, meanwhile.) */
  if (gtk_window_get_transient_for (GTK_WINDOW (data)) != NULL)
    gtk_window_present (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void ask_replace (CaissaWindow            *self,
                         const char              *file_name,
                         gboolean                 new_game,
                         CaissaWindowReplaceFunc  then,
                         gpointer                 data,
                         GDestroyNotify           destroy);

void
_caissa_window_autosave_replace_then (CaissaWindow            *self,
                                      const char              *file_name,
                                      CaissaWindowReplaceFunc  then,
                                      gpointer                 data,
                                      GDestroyNotify           destroy)
{
  ask_replace (self, file_name, FALSE, then, data, destroy);
}

void
_caissa_window_autosave_new_game_then (CaissaWindow            *self,
                                       CaissaWindowReplaceFunc  then,
                                       gpointer                 data,
                                       GDestroyNotify           destroy)
{
  ask_replace (self, NULL, TRUE, then, data, destroy);
}

void
_caissa_window_autosave_new_game_cancelled (CaissaWindow *self)
{
  CaissaAutosave *autosave;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  autosave = _caissa_window_get_autosave (self);
  if (autosave == NULL || g_object_steal_data (G_OBJECT (self), ASIDE_KEY) == NULL)
    return;
  /* The game stays on the board: back in its place, kept again. */
  if (!caissa_autosave_bring_back (caissa_autosave_get_path (autosave), &error) && error != NULL)
    g_warning ("%s", error->message);
  keep_game (self);
}

static void
ask_replace (CaissaWindow            *self,
             const char              *file_name,
             gboolean                 new_game,
             CaissaWindowReplaceFunc  then,
             gpointer                 data,
             GDestroyNotify           destroy)
{
  CaissaAutosave *autosave;
  CaissaGame *game;
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  gboolean can_keep;
  Replace *r;

  g_return_if_fail (CAISSA_IS_WINDOW (self));
  g_return_if_fail (then != NULL);

  game = caissa_window_get_game (self);
  if (!caissa_autosave_is_worth_keeping (game))
    {
      then (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  r = g_new0 (Replace, 1);
  r->self = self;
  r->paused = pause_for_question (game);
  r->then = then;
  r->data = data;
  r->destroy = destroy;
  r->new_game = new_game;

  autosave = _caissa_window_get_autosave (self);
  can_keep = autosave != NULL && caissa_autosave_get_game (autosave) == game;
  if (can_keep)
    {
      if (new_game)
        body = g_strdup (_("A new game takes the place of the game in progress. A kept game is "
                           "offered again the next time Caissa starts, with its clocks as they are now."));
      else if (file_name != NULL)
        /* Translators: %s is a file name. */
        body = g_strdup_printf (_("“%s” takes the place of the game in progress. A kept game is "
                                  "offered again at the next new game or the next start of Caissa, "
                                  "with its clocks as they are now."), file_name);
      else
        body = g_strdup (_("The pasted game takes the place of the game in progress. A kept game is "
                           "offered again at the next new game or the next start of Caissa, "
                           "with its clocks as they are now."));
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                           _("Keep This Game for Later?"), body));
      adw_message_dialog_add_responses (dialog,
                                        "cancel", _("_Cancel"),
                                        "discard", _("_Discard"),
                                        "keep", _("_Keep"),
                                        NULL);
      adw_message_dialog_set_response_appearance (dialog, "keep", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "keep");
    }
  else
    {
      /* A window that keeps nothing on disk (a second window): the game
       * can only be given up. */
      if (new_game)
        body = g_strdup (_("A new game takes the place of the game in progress, which is then lost."));
      else if (file_name != NULL)
        /* Translators: %s is a file name. */
        body = g_strdup_printf (_("“%s” takes the place of the game in progress, "
                                  "which is then lost."), file_name);
      else
        body = g_strdup (_("The pasted game takes the place of the game in progress, "
                           "which is then lost."));
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                           _("Discard the Game in Progress?"), body));
      adw_message_dialog_add_responses (dialog,
                                        "cancel", _("_Cancel"),
                                        "discard", _("_Discard"),
                                        NULL);
      adw_message_dialog_set_default_response (dialog, "cancel");
    }
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (replace_response_cb), r,
                         (GClosureNotify) (void (*) (void)) replace_free, 0);
  /* Shown once the window is presented too (a file handed over on the
   * command line presents the window after opening it): above it even
   * without a window manager. */
  g_idle_add_full (G_PRIORITY_DEFAULT, present_cb, g_object_ref (dialog), g_object_unref);
}

void
_caissa_window_autosave_game_started (CaissaWindow *self)
{
  CaissaAutosave *autosave;
  CaissaSavedGame *saved;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  autosave = _caissa_window_get_autosave (self);
  if (autosave == NULL)
    return;
  /* The new game a game was set aside for: kept from now on (the one set
   * aside is offered at the next start). */
  if (g_object_steal_data (G_OBJECT (self), ASIDE_KEY) != NULL)
    {
      keep_game (self);
      return;
    }
  if (g_object_steal_data (G_OBJECT (self), KEPT_KEY) == NULL)
    return;

  /* The game kept for later, offered as at a start; nothing is written
   * until the answer. */
  saved = caissa_saved_game_load (caissa_autosave_get_path (autosave), &error);
  if (saved != NULL)
    {
      ask_resume (self, saved);
      return;
    }
  /* Gone meanwhile (another Caissa took it) or spoilt: the new game is
   * kept from now on. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_warning ("%s", error->message);
  keep_game (self);
}

/* --- For tests driving the app from outside ------------------------------------------- */

/* The header bar's Draw or Resign button: the menu button showing the
 * flag icon (it is not a bound template child). */
static GtkWidget *
find_game_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget)
      && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "emoji-flags-symbolic") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_game_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
_caissa_window_autosave_describe (CaissaWindow *self,
                                  GString      *out)
{
  CaissaGame *game = caissa_window_get_game (self);
  CaissaClock *clock = caissa_game_get_clock (game);
  CaissaAutosave *autosave = _caissa_window_get_autosave (self);
  CaissaColor offer = caissa_game_get_draw_offer (game);
  const char *white = caissa_game_get_white_name (game);
  const char *black = caissa_game_get_black_name (game);
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GtkWidget *button = find_game_menu_button (GTK_WIDGET (self));
  graphene_rect_t bounds;

  g_return_if_fail (CAISSA_IS_WINDOW (self));

  g_string_append_printf (out, "white-name %s\n", white != NULL ? white : "");
  g_string_append_printf (out, "black-name %s\n", black != NULL ? black : "");
  g_string_append_printf (out, "draw-offer %s\n",
                          offer == CAISSA_COLOR_WHITE ? "white"
                          : offer == CAISSA_COLOR_BLACK ? "black" : "none");
  g_string_append_printf (out, "can-offer %d %d\n",
                          caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE),
                          caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));
  if (clock != NULL)
    g_string_append_printf (out, "clock-ms %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
                            caissa_clock_get_remaining (clock, CAISSA_COLOR_WHITE),
                            caissa_clock_get_remaining (clock, CAISSA_COLOR_BLACK));
  if (native != NULL && button != NULL
      && gtk_widget_compute_bounds (button, GTK_WIDGET (native), &bounds))
    {
      double sx = 0, sy = 0;

      gtk_native_get_surface_transform (native, &sx, &sy);
      g_string_append_printf (out, "game-menu-button %d %d %d %d\n",
                              (int) (bounds.origin.x + sx), (int) (bounds.origin.y + sy),
                              (int) bounds.size.width, (int) bounds.size.height);
    }
  if (autosave != NULL && caissa_autosave_get_game (autosave) != NULL)
    g_string_append_printf (out, "autosave %s\n", caissa_autosave_get_path (autosave));
  g_string_append_printf (out, "kept-for-later %d\n",
                          g_object_get_data (G_OBJECT (self), KEPT_KEY) != NULL);
  g_string_append_printf (out, "set-aside %d\n",
                          g_object_get_data (G_OBJECT (self), ASIDE_KEY) != NULL);
}
