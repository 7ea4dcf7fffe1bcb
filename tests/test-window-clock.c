/* test-window-clock.c — the clock in the window: the new-game dialog's time
 * control, the face in the side panel, the clock's keys, the status line
 * and the state the end-to-end tests read.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>

#include "caissa-clock-face.h"
#include "caissa-new-game-dialog.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

static gint64 fake_time;

static gint64
fake_now (gpointer user_data)
{
  return fake_time;
}

static GtkWidget *
child (gpointer    widget,
       GType       type,
       const char *name)
{
  GtkWidget *w = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  g_assert_nonnull (w);
  return w;
}

static void
count_cb (gpointer  object,
          guint    *count)
{
  (*count)++;
}

/* --- the dialog ---------------------------------------------------------------------- */

static void
test_dialog (void)
{
  CaissaNewGameDialog *dialog = caissa_new_game_dialog_new (NULL, "Anna", "Boris");
  GtkWidget *start = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "start_button");
  GtkWidget *row = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "time_control_row");
  GtkWidget *custom = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "custom_row");
  GtkWidget *error = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "time_control_error_label");
  GtkWidget *auto_press = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "auto_press_switch");
  GtkWidget *words = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "time_control_words_label");
  GtkWidget *minutes = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "minutes_spin");
  GtkWidget *seconds = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "increment_spin");
  GtkWidget *bonus = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "bonus_row");
  GListModel *choices = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  guint starts = 0;

  g_signal_connect (dialog, "start", G_CALLBACK (count_cb), &starts);

  /* No clock, the presets in their order, Custom. */
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, caissa_clock_get_n_presets () + 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), ==, "No clock");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 2), ==, "2+1 · bullet");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 6), ==, "5+3 · blitz");
  g_assert_false (gtk_widget_get_visible (words));
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "-");
  g_assert_false (gtk_widget_get_visible (custom));
  g_assert_false (gtk_widget_get_sensitive (auto_press));

  /* A remembered control selects its preset, however it is written. */
  caissa_new_game_dialog_set_time_control (dialog, "300+0");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 5);
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "300");
  g_assert_true (gtk_widget_get_sensitive (auto_press));
  g_assert_true (gtk_widget_get_visible (words));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==, "5 min");
  /* The window remembers PGN's form: "60" (a game of 1+0) is 1+0 again,
   * "180+2" is 3+2, not minutes as typed. */
  caissa_new_game_dialog_set_time_control (dialog, "60");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "60");
  caissa_new_game_dialog_set_time_control (dialog, "180+2");
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "180+2");
  /* "5+3" as people write it is the 5+3 preset, 5 minutes. */
  caissa_new_game_dialog_set_time_control (dialog, "5+3");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 6);
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "300+3");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==, "5 min + 3 s a move");
  caissa_new_game_dialog_set_time_control (dialog, "40/5400+30:1800+30");
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "40/5400+30:1800+30");
  g_assert_false (gtk_widget_get_visible (custom));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==,
                   "40 moves in 90 min, then 30 min for the rest of the game + 30 s a move");

  /* Anything else is Custom: typed 45+5 is 45 minutes (lichess), shown
   * in the spin buttons and in words. */
  caissa_new_game_dialog_set_time_control (dialog, "45+5");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, caissa_clock_get_n_presets () + 1);
  g_assert_true (gtk_widget_get_visible (custom));
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "2700+5");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (minutes)), ==, 45);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (seconds)), ==, 5);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==, "45 min + 5 s a move");
  /* PGN's form, counting seconds, in the same field. */
  gtk_editable_set_text (GTK_EDITABLE (custom), "420+3");
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "420+3");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (minutes)), ==, 7);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==, "7 min + 3 s a move");
  /* The spin buttons and the kind of bonus write the field. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (minutes), 10);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (custom)), ==, "600+3");
  adw_combo_row_set_selected (ADW_COMBO_ROW (bonus), 1);
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "600d3");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (words)), ==, "10 min, 3 s delay a move");
  adw_combo_row_set_selected (ADW_COMBO_ROW (bonus), 0);
  g_assert_true (gtk_widget_get_sensitive (start));
  gtk_editable_set_text (GTK_EDITABLE (custom), "300x");
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error)), "column 4"));
  g_assert_true (gtk_widget_has_css_class (custom, "error"));
  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpuint (starts, ==, 0);
  gtk_editable_set_text (GTK_EDITABLE (custom), "");
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_false (gtk_widget_get_visible (error));
  gtk_editable_set_text (GTK_EDITABLE (custom), "300d5");
  g_assert_true (gtk_widget_get_sensitive (start));
  g_assert_false (gtk_widget_get_visible (error));
  g_assert_false (gtk_widget_has_css_class (custom, "error"));

  /* A bad FEN and a good control: still refused. */
  caissa_new_game_dialog_set_fen (dialog, "8/8/8/8/8/8/8/8 w - - 0 1");
  g_assert_false (gtk_widget_get_sensitive (start));
  caissa_new_game_dialog_set_fen (dialog, NULL);
  g_assert_true (gtk_widget_get_sensitive (start));

  caissa_new_game_dialog_set_auto_press (dialog, TRUE);
  g_assert_true (caissa_new_game_dialog_get_auto_press (dialog));
  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpuint (starts, ==, 1);

  /* Back to no clock. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 0);
  g_assert_cmpstr (caissa_new_game_dialog_get_time_control (dialog), ==, "-");
  g_assert_false (gtk_widget_get_visible (custom));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* --- the window ----------------------------------------------------------------------- */

/* Emits key-pressed on the window's controller called name; whether the
 * key was taken. */
static gboolean
emit_key (CaissaWindow       *window,
          const char         *name,
          GtkPropagationPhase phase,
          guint               keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean handled = FALSE;
  guint found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), name) == 0)
        {
          g_assert_cmpint (gtk_event_controller_get_propagation_phase (c), ==, phase);
          g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 1);
  return handled;
}

/* A key as GTK delivers it to the window: its clock keys in the capture
 * phase, then (the focused widget not having taken it) the bubble phase. */
static gboolean
key (CaissaWindow *window,
     guint         keyval)
{
  return emit_key (window, "caissa-clock-keys", GTK_PHASE_CAPTURE, keyval)
         || emit_key (window, "caissa-clock-space", GTK_PHASE_BUBBLE, keyval);
}

static const char *
status_of (CaissaWindow *window)
{
  return gtk_label_get_label (GTK_LABEL (child (window, CAISSA_TYPE_WINDOW, "status_label")));
}

static void
play (CaissaGame *game,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

static gboolean
has_line (CaissaWindow *window,
          const char   *line)
{
  g_autofree char *state = caissa_window_describe_state (window);
  g_autofree char *wanted = g_strconcat ("\n", line, "\n", NULL);

  return strstr (state, wanted) != NULL;
}

static void
test_window (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *slot = GTK_WIDGET (caissa_window_get_clock_slot (window));
  g_autoptr(GError) error = NULL;
  CaissaClock *clock;
  CaissaClockFace *face;
  GtkWidget *entry;

  /* Without a time control: no clock, no face, the keys do nothing. */
  g_assert_null (caissa_window_get_clock (window));
  g_assert_cmpstr (caissa_window_get_time_control (window), ==, "-");
  g_assert_false (gtk_widget_get_visible (slot));
  g_assert_false (key (window, GDK_KEY_space));
  g_assert_true (has_line (window, "clock-time-control -"));

  /* A bad control is refused and changes nothing. */
  g_assert_false (caissa_window_set_time_control (window, "5 min", FALSE, &error));
  g_assert_error (error, CAISSA_CLOCK_ERROR, CAISSA_CLOCK_ERROR_TIME_CONTROL);
  g_assert_cmpstr (caissa_window_get_time_control (window), ==, "-");

  /* 5+2: the next game has a clock, shown in the slot. */
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_null (caissa_window_get_clock (window));
  g_assert_true (caissa_window_start_game (window, "Anna", "Boris", NULL, NULL));
  clock = caissa_window_get_clock (window);
  g_assert_nonnull (clock);
  caissa_clock_set_time_func (clock, fake_now, NULL, NULL);
  g_assert_true (caissa_game_get_clock (game) == clock);
  g_assert_true (gtk_widget_get_visible (slot));
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (slot));
  g_assert_true (CAISSA_IS_CLOCK_FACE (face));
  g_assert_true (caissa_clock_face_get_clock (face) == clock);
  g_assert_cmpstr (status_of (window), ==, "Black presses the clock to start White’s");
  g_assert_true (has_line (window, "clock-time-control 300+2"));
  g_assert_true (has_line (window, "clock-started 0"));
  g_assert_true (has_line (window, "can-move 0"));

  /* Space starts it: White's clock runs, White may move. */
  g_assert_true (key (window, GDK_KEY_space));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpstr (status_of (window), ==, "White to move");
  g_assert_true (has_line (window, "clock-running white"));
  g_assert_true (has_line (window, "can-move 1"));

  fake_time += 1500;
  play (game, "e4");
  g_assert_cmpstr (status_of (window), ==, "White to press the clock");
  /* Black's key is not White's: not taken, nothing happens. */
  g_assert_false (key (window, GDK_KEY_Shift_R));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);
  g_assert_true (key (window, GDK_KEY_Shift_L));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpstr (status_of (window), ==, "Black to move");
  g_assert_true (has_line (window, "clock-white 5:00"));

  /* Space with no press due is swallowed but does nothing. */
  g_assert_true (key (window, GDK_KEY_space));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_BLACK);

  /* P pauses: no move; P again resumes. */
  g_assert_true (key (window, GDK_KEY_p));
  g_assert_true (caissa_clock_get_paused (clock));
  g_assert_cmpstr (status_of (window), ==, "The clocks are paused");
  g_assert_false (caissa_game_get_can_move (game));
  g_assert_true (key (window, GDK_KEY_p));
  g_assert_false (caissa_clock_get_paused (clock));
  play (game, "e5");
  g_assert_true (key (window, GDK_KEY_Shift_R));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);

  /* Keys typed into a text field are the field's. */
  entry = gtk_entry_new ();
  gtk_box_append (GTK_BOX (slot), entry);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_grab_focus (entry));
  play (game, "Nf3");
  g_assert_false (key (window, GDK_KEY_space));
  g_assert_false (key (window, GDK_KEY_p));
  g_assert_true (caissa_game_get_awaiting_press (game));
  gtk_box_remove (GTK_BOX (slot), entry);
  g_assert_true (key (window, GDK_KEY_space));
  g_assert_false (caissa_game_get_awaiting_press (game));

  /* With the board focused, Space is first the board's (its keyboard
   * cursor), and the clock's when the board leaves it. */
  g_assert_true (gtk_widget_grab_focus (caissa_window_get_board (window)));
  play (game, "Nc6");
  g_assert_false (emit_key (window, "caissa-clock-keys", GTK_PHASE_CAPTURE, GDK_KEY_space));
  g_assert_true (caissa_game_get_awaiting_press (game));
  g_assert_true (emit_key (window, "caissa-clock-space", GTK_PHASE_BUBBLE, GDK_KEY_space));
  g_assert_false (caissa_game_get_awaiting_press (game));
  /* P and the Shifts do not wait for the board. */
  g_assert_true (emit_key (window, "caissa-clock-keys", GTK_PHASE_CAPTURE, GDK_KEY_p));
  g_assert_true (caissa_clock_get_paused (clock));
  g_assert_true (key (window, GDK_KEY_p));

  /* The game ends: the clocks stop, the keys are the widgets' again. */
  g_assert_true (caissa_game_resign (game, CAISSA_COLOR_BLACK));
  g_assert_true (caissa_clock_get_finished (clock));
  g_assert_true (has_line (window, "clock-finished 1"));
  g_assert_false (key (window, GDK_KEY_space));

  /* Back to no clock for the next game. */
  g_assert_true (caissa_window_set_time_control (window, "-", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  g_assert_null (caissa_window_get_clock (window));
  g_assert_null (caissa_game_get_clock (game));
  g_assert_false (gtk_widget_get_visible (slot));
  g_assert_null (gtk_widget_get_first_child (slot));
  g_assert_cmpstr (status_of (window), ==, "White to move");
  play (game, "d4");
  g_assert_false (caissa_game_get_awaiting_press (game));

  /* A clock given to the game by someone else (a game restored from
   * disk) is shown all the same. */
  {
    g_autoptr(CaissaClock) restored = caissa_clock_new_for_time_control ("600", NULL);

    caissa_game_set_clock (game, restored);
    g_assert_true (caissa_window_get_clock (window) == restored);
    g_assert_true (gtk_widget_get_visible (slot));
    face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (slot));
    g_assert_true (caissa_clock_face_get_clock (face) == restored);
    g_assert_cmpint (caissa_clock_face_get_start_side (face), ==, CAISSA_COLOR_BLACK);
    g_assert_cmpstr (status_of (window), ==, "White presses the clock to start Black’s");
    caissa_game_set_clock (game, NULL);
    g_assert_null (caissa_window_get_clock (window));
    g_assert_false (gtk_widget_get_visible (slot));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}


/* The answer, as a click on its button gives it: the response, and the
 * dialog gone. */
static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_spin (50);
  g_assert_null (test_util_message_dialog (FALSE));
}

/* Under a clock Ctrl+Z asks the opponent to let the mover take his move
 * back, before the press or after it until the opponent moves: Refuse
 * keeps it; Take Back restores the position with the mover's clock
 * running. */
static void
test_window_take_back (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *slot = GTK_WIDGET (caissa_window_get_clock_slot (window));
  /* A button bound to win.undo: sensitive when the action is enabled. */
  GtkWidget *probe = gtk_button_new ();
  AdwMessageDialog *dialog;
  CaissaClock *clock;

  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, "Anna", "Boris", NULL, NULL));
  clock = caissa_window_get_clock (window);
  caissa_clock_set_time_func (clock, fake_now, NULL, NULL);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), "win.undo");
  gtk_box_append (GTK_BOX (slot), probe);
  gtk_window_present (GTK_WINDOW (window));

  g_assert_true (key (window, GDK_KEY_space));
  g_assert_false (gtk_widget_get_sensitive (probe));
  play (game, "e4");
  g_assert_true (gtk_widget_get_sensitive (probe));

  /* Refused: the move stands, still to be pressed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dialog = test_util_message_dialog (FALSE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Take Back the Move?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Anna asks to take back 1. e4 before pressing the clock. Boris, do you agree?");
  answer (dialog, "refuse");
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 1);
  g_assert_true (caissa_game_get_awaiting_press (game));

  /* Agreed: White to move again, his clock running. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dialog = test_util_message_dialog (FALSE);
  g_assert_nonnull (dialog);
  answer (dialog, "take-back");
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);
  g_assert_false (caissa_game_get_awaiting_press (game));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);
  g_assert_cmpstr (status_of (window), ==, "White to move");
  g_assert_false (gtk_widget_get_sensitive (probe));

  /* After the press, until Black moves: asked with the clocks' word. */
  play (game, "d4");
  g_assert_true (key (window, GDK_KEY_Shift_L));
  g_assert_true (gtk_widget_get_sensitive (probe));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dialog = test_util_message_dialog (FALSE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Anna asks to take back 1. d4. The clocks go back to the moment of the move. "
                   "Boris, do you agree?");
  answer (dialog, "take-back");
  g_assert_cmpuint (caissa_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);
  play (game, "d4");
  g_assert_true (key (window, GDK_KEY_Shift_L));

  /* Black's move names Black's player and his move number; once he has
   * moved, White's move is White's for good. */
  play (game, "d5");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  dialog = test_util_message_dialog (FALSE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Boris asks to take back 1… d5 before pressing the clock. Anna, do you agree?");
  answer (dialog, "refuse");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_black_starts (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  CaissaClock *clock;
  CaissaClockFace *face;

  /* A position with Black to move: White's button starts Black's clock;
   * with auto-press each move presses by itself. */
  g_assert_true (caissa_window_set_time_control (window, "180+2", TRUE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, "4k3/8/8/8/8/8/8/4K2R b K - 0 1", NULL));
  clock = caissa_window_get_clock (window);
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window))));
  g_assert_cmpint (caissa_clock_face_get_start_side (face), ==, CAISSA_COLOR_BLACK);
  g_assert_cmpstr (status_of (window), ==, "White presses the clock to start Black’s");
  g_assert_true (caissa_game_get_auto_press (game));
  g_assert_false (key (window, GDK_KEY_Shift_R));
  g_assert_true (key (window, GDK_KEY_Shift_L));
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_BLACK);
  play (game, "Kd7");
  g_assert_cmpint (caissa_clock_get_running_side (clock), ==, CAISSA_COLOR_WHITE);
  g_assert_false (caissa_game_get_awaiting_press (game));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's own New Game dialog (Ctrl+N), Custom, "5+3" typed: the
 * game starts with 5:00 on both clocks (not 0:05) and 3 s a move. */
static void
test_typed_five_plus_three (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaNewGameDialog *dialog = NULL;
  GtkWidget *row, *custom, *start;
  CaissaClock *clock;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  {
    g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
    for (GList *l = toplevels; l != NULL; l = l->next)
      if (CAISSA_IS_NEW_GAME_DIALOG (l->data))
        dialog = l->data;
  }
  g_assert_nonnull (dialog);
  row = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "time_control_row");
  custom = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "custom_row");
  start = child (dialog, CAISSA_TYPE_NEW_GAME_DIALOG, "start_button");
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), caissa_clock_get_n_presets () + 1);
  gtk_editable_set_text (GTK_EDITABLE (custom), "5+3");
  g_assert_true (gtk_widget_get_sensitive (start));
  g_signal_emit_by_name (start, "clicked");

  clock = caissa_window_get_clock (window);
  g_assert_nonnull (clock);
  g_assert_cmpstr (caissa_clock_get_time_control (clock), ==, "300+3");
  g_assert_cmpint (caissa_clock_get_remaining (clock, CAISSA_COLOR_WHITE), ==, 300000);
  g_assert_cmpint (caissa_clock_get_remaining (clock, CAISSA_COLOR_BLACK), ==, 300000);
  white = caissa_clock_dup_display (clock, CAISSA_COLOR_WHITE);
  black = caissa_clock_dup_display (clock, CAISSA_COLOR_BLACK);
  g_assert_cmpstr (white, ==, "5:00");
  g_assert_cmpstr (black, ==, "5:00");
  g_assert_true (has_line (window, "clock-time-control 300+3"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/app/new-game-dialog/time-control", test_dialog);
  g_test_add_func ("/app/window/clock", test_window);
  g_test_add_func ("/app/window/clock-black-starts", test_window_black_starts);
  g_test_add_func ("/app/window/clock-take-back", test_window_take_back);
  g_test_add_func ("/app/window/typed-5+3-is-five-minutes", test_typed_five_plus_three);

  return g_test_run ();
}
