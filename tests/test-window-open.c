/* test-window-open.c — another game taking the place of the one being
 * played: opening a PGN file (the path Ctrl+O, the command line, drag and
 * drop and D-Bus all take: caissa_window_open_file()), pasting a game, or
 * choosing a game of the open file. While a game is in progress the window
 * asks "Keep This Game for Later?" first, with its clock paused; Cancel
 * leaves everything as it was; Keep leaves the game on disk, offered again
 * at the next new game; Discard removes it. A finished game, or one with no
 * move made, goes without a question. Ctrl+N asks the same; there Keep
 * sets the game aside (a second place), offered at the next start.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-autosave.h"
#include "caissa-autosave-slot.h"
#include "caissa-new-game-dialog.h"
#include "caissa-window.h"
#include "caissa-window-autosave.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static char *tmp_dir;
static gint64 fake_time = 1000000;

static const char games[] =
  "[Event \"First\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
  "[Event \"Second\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"0-1\"]\n\n"
  "1. f3 e5 2. g4 Qh4# 0-1\n";

static gint64
fake_now (gpointer user_data)
{
  return fake_time;
}

/* The message dialog on screen, once it is (it is presented from an idle). */
static AdwMessageDialog *
find_dialog (void)
{
  gint64 deadline = test_util_deadline (10);
  AdwMessageDialog *dialog;

  while ((dialog = test_util_message_dialog (FALSE)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return dialog;
}

/* No question at all: none made, shown or not. */
static void
assert_no_dialog (void)
{
  test_util_spin (50);
  g_assert_null (test_util_message_dialog (TRUE));
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Clicks the dialog's button for response, as the user would; the dialog
 * goes. */
static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  GtkWidget *button;
  gint64 deadline = test_util_deadline (10);

  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  button = find_button (GTK_WIDGET (dialog), adw_message_dialog_get_response_label (dialog, response));
  g_assert_nonnull (button);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_widget_activate (button);
  while (dialog != NULL && gtk_widget_get_visible (GTK_WIDGET (dialog))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  if (dialog != NULL)
    {
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
    }
  test_util_spin (20);
}

static void
play (CaissaGame *game,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

static void
press (CaissaClock *clock,
       CaissaColor  color)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_clock_press (clock, color, &error))
    g_error ("pressing: %s", error->message);
}

typedef struct
{
  CaissaWindow *window;
  CaissaGame   *game;
  CaissaClock  *clock;
  char         *saved_path;
  GFile        *file;
} Fixture;

/* A window keeping its game in dir/current-game.ini (keep FALSE: a second
 * window, keeping nothing), a 5+2 game between Anna and Boris: 1. e4 e5,
 * both pressed, White's clock running. */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  gboolean keep = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("caissa-open-XXXXXX", NULL);
  g_autofree char *pgn = NULL;

  f->saved_path = g_build_filename (dir, "current-game.ini", NULL);
  pgn = g_build_filename (dir, "games.pgn", NULL);
  g_assert_true (g_file_set_contents (pgn, games, -1, NULL));
  f->file = g_file_new_for_path (pgn);

  f->window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  if (keep)
    _caissa_window_start_autosave (f->window, f->saved_path);
  f->game = caissa_window_get_game (f->window);
  g_assert_true (caissa_window_set_time_control (f->window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (f->window, "Anna", "Boris", NULL, NULL));
  f->clock = caissa_window_get_clock (f->window);
  caissa_clock_set_time_func (f->clock, fake_now, NULL, NULL);

  press (f->clock, CAISSA_COLOR_BLACK);
  fake_time += 1500;
  play (f->game, "e4");
  press (f->clock, CAISSA_COLOR_WHITE);
  fake_time += 2500;
  play (f->game, "e5");
  press (f->clock, CAISSA_COLOR_BLACK);
  fake_time += 700;
  g_assert_cmpint (caissa_clock_get_running_side (f->clock), ==, CAISSA_COLOR_WHITE);
  if (keep)
    test_util_assert_state (f->window, "autosave", f->saved_path);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *dir = g_path_get_dirname (f->saved_path);
  g_autoptr(GFile) pgn = g_file_get_parent (f->file);

  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (f->window);
  g_remove (f->saved_path);
  {
    g_autofree char *kept = caissa_autosave_kept_path (f->saved_path);

    g_remove (kept);
  }
  g_file_delete (f->file, NULL, NULL);
  g_rmdir (dir);
  g_free (f->saved_path);
  g_object_unref (f->file);
}

static void
flush (Fixture *f)
{
  CaissaAutosave *autosave = _caissa_window_get_autosave (f->window);

  if (autosave != NULL)
    caissa_autosave_flush (autosave);
}

/* Cancel: the game, its clocks and the window as they were; the file is
 * not opened. The minute the question stood costs nobody anything. */
static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *fen = g_strdup (caissa_game_get_fen (f->game));
  gint64 white = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  gint64 black = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Keep This Game for Later?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "“games.pgn” takes the place"));
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_true (adw_message_dialog_has_response (dialog, "keep"));
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");

  /* While it is asked: nothing replaced yet, nobody's time runs. */
  test_util_assert_state (f->window, "analysis", "0");
  test_util_assert_state (f->window, "n-plies", "2");
  g_assert_null (test_util_state_line (f->window, "file"));
  test_util_assert_state (f->window, "clock-paused", "1");
  test_util_assert_state (f->window, "clock-running", "none");
  fake_time += 60000;
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, white);

  answer (dialog, "cancel");
  g_assert_true (caissa_window_get_clock (f->window) == f->clock);
  test_util_assert_state (f->window, "clock-paused", "0");
  test_util_assert_state (f->window, "clock-running", "white");
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, white);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK), ==, black);
  g_assert_cmpstr (caissa_game_get_fen (f->game), ==, fen);
  test_util_assert_state (f->window, "analysis", "0");
  test_util_assert_state (f->window, "white-name", "Anna");
  g_assert_null (test_util_state_line (f->window, "file"));
  test_util_assert_state (f->window, "game-index", "0");
  test_util_assert_state (f->window, "autosave", f->saved_path);
  test_util_assert_state (f->window, "kept-for-later", "0");
  test_util_spin (200);
  g_assert_null (test_util_state_line (f->window, "file"));

  /* Play goes on, and the clock runs from where it stood. */
  fake_time += 1000;
  play (f->game, "Nf3");
  press (f->clock, CAISSA_COLOR_WHITE);
  g_assert_cmpint (caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE), ==, white - 1000 + 2000);

  /* A clock the players had paused themselves stays paused after Cancel. */
  g_assert_true (caissa_clock_pause (f->clock, NULL));
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer (dialog, "cancel");
  g_assert_true (caissa_clock_get_paused (f->clock));
  test_util_assert_state (f->window, "n-plies", "3");
}

/* Keep: the game on disk as it stood (the clocks paused for the question),
 * the file open for review; reviewing changes nothing on disk; the next
 * new game offers the kept one, which resumes exactly. */
static void
test_keep (Fixture       *f,
           gconstpointer  data)
{
  gint64 white = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_WHITE);
  gint64 black = caissa_clock_get_remaining (f->clock, CAISSA_COLOR_BLACK);
  g_autofree char *fen = g_strdup (caissa_game_get_fen (f->game));
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(CaissaSavedGame) saved = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "keep");
  fake_time += 5000;
  answer (dialog, "keep");

  test_util_wait_state (f->window, "game-index", "1");
  test_util_assert_state (f->window, "analysis", "1");
  test_util_assert_state (f->window, "white-name", "Alpha");
  test_util_assert_state (f->window, "kept-for-later", "1");
  g_assert_null (test_util_state_line (f->window, "autosave"));

  saved = caissa_saved_game_load (f->saved_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 2);
  g_assert_cmpstr (caissa_saved_game_get_white_name (saved), ==, "Anna");
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_WHITE), ==, white);
  g_assert_cmpint (caissa_saved_game_get_remaining (saved, CAISSA_COLOR_BLACK), ==, black);
  g_clear_pointer (&saved, caissa_saved_game_free);

  /* Reviewing, playing a variation, another game of the file: the kept
   * game stays on disk byte for byte. */
  g_assert_true (g_file_get_contents (f->saved_path, &before, NULL, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.go-next", NULL));
  play (f->game, "d5");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.next-game", NULL));
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  answer (dialog, "discard");
  test_util_wait_state (f->window, "game-index", "2");
  flush (f);
  test_util_spin (100);
  g_assert_true (g_file_get_contents (f->saved_path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  /* A new game: the kept one is offered first; nothing written meanwhile. */
  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Resume the Unfinished Game?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Anna – Boris"));
  /* Its state and its time control in words. */
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "After 1… e5, White to move"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "(5 min + 2 s a move)"));
  test_util_assert_state (f->window, "kept-for-later", "0");
  g_clear_pointer (&after, g_free);
  g_assert_true (g_file_get_contents (f->saved_path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  answer (dialog, "resume");
  test_util_assert_state (f->window, "n-plies", "2");
  g_assert_cmpstr (caissa_game_get_fen (f->game), ==, fen);
  test_util_assert_state (f->window, "analysis", "0");
  test_util_assert_state (f->window, "white-name", "Anna");
  test_util_assert_state (f->window, "clock-paused", "1");
  test_util_assert_state (f->window, "autosave", f->saved_path);
  g_assert_cmpint (caissa_clock_get_remaining (caissa_window_get_clock (f->window), CAISSA_COLOR_WHITE),
                   ==, white);
  g_assert_cmpint (caissa_clock_get_remaining (caissa_window_get_clock (f->window), CAISSA_COLOR_BLACK),
                   ==, black);
}

/* Keep, then a new game whose offer is declined: the kept game goes, the
 * new one is kept from its first move. */
static void
test_keep_then_discard (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *contents = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  answer (find_dialog (), "keep");
  test_util_wait_state (f->window, "game-index", "1");
  g_assert_true (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));

  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer (dialog, "discard");
  g_assert_false (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  test_util_assert_state (f->window, "n-plies", "0");
  test_util_assert_state (f->window, "autosave", f->saved_path);

  press (caissa_window_get_clock (f->window), CAISSA_COLOR_BLACK);
  play (f->game, "d4");
  flush (f);
  g_assert_true (g_file_get_contents (f->saved_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "1. d4"));
}

/* Discard: the kept file goes, the file opens, and the window keeps its
 * next game as before (no offer at the next new game). */
static void
test_discard (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *contents = NULL;

  flush (f);
  g_assert_true (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  answer (find_dialog (), "discard");
  test_util_wait_state (f->window, "game-index", "1");
  test_util_assert_state (f->window, "analysis", "1");
  g_assert_null (caissa_window_get_clock (f->window));
  g_assert_false (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  test_util_assert_state (f->window, "kept-for-later", "0");
  test_util_assert_state (f->window, "autosave", f->saved_path);

  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  assert_no_dialog ();
  press (caissa_window_get_clock (f->window), CAISSA_COLOR_BLACK);
  play (f->game, "c4");
  flush (f);
  g_assert_true (g_file_get_contents (f->saved_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "1. c4"));
}

/* No question: a finished game, a new game with no move, a game reviewed. */
static void
test_no_question (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_BLACK));
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  assert_no_dialog ();
  test_util_wait_state (f->window, "game-index", "1");

  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  test_util_assert_state (f->window, "n-plies", "0");
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  assert_no_dialog ();
  test_util_wait_state (f->window, "game-index", "1");

  /* Reviewing: a move played is a variation, not a game in progress. */
  play (f->game, "d4");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.next-game", NULL));
  /* (Unsaved changes are asked about, as before.) */
  {
    AdwMessageDialog *dialog = find_dialog ();

    g_assert_nonnull (dialog);
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
    answer (dialog, "discard");
  }
  test_util_wait_state (f->window, "game-index", "2");
}

/* Kept between Black's move and his press: the resume question says
 * what is really due — Black to press the clock, not "White to move". */
static void
test_keep_press_due (Fixture       *f,
                     gconstpointer  data)
{
  AdwMessageDialog *dialog;

  fake_time += 1000;
  play (f->game, "Nf3");
  press (f->clock, CAISSA_COLOR_WHITE);
  fake_time += 1000;
  play (f->game, "Nf6");
  g_assert_true (caissa_game_get_awaiting_press (f->game));

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  answer (dialog, "keep");
  test_util_wait_state (f->window, "game-index", "1");

  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Resume the Unfinished Game?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "After 2… Nf6, Black to press the clock"));
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "White to move"));
  answer (dialog, "resume");
  test_util_assert_state (f->window, "n-plies", "4");
}

/* A window that keeps nothing on disk: Cancel or Discard only. */
static void
test_without_autosave (Fixture       *f,
                       gconstpointer  data)
{
  AdwMessageDialog *dialog;

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Discard the Game in Progress?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "“games.pgn” takes the place of the game in progress, which is then lost.");
  g_assert_false (adw_message_dialog_has_response (dialog, "keep"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  test_util_assert_state (f->window, "clock-paused", "1");
  answer (dialog, "cancel");
  test_util_assert_state (f->window, "clock-running", "white");
  test_util_assert_state (f->window, "n-plies", "2");
  g_assert_null (test_util_state_line (f->window, "file"));

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  answer (find_dialog (), "discard");
  test_util_wait_state (f->window, "game-index", "1");
  g_assert_false (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
}

/* Pasting a game asks the same; text that cannot be pasted asks nothing
 * and changes nothing. */
static void
test_paste (Fixture       *f,
            gconstpointer  data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  AdwMessageDialog *dialog;

  gdk_clipboard_set_text (clipboard, "not chess at all");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Nothing to Paste");
  answer (dialog, "close");
  test_util_assert_state (f->window, "clock-running", "white");
  test_util_assert_state (f->window, "n-plies", "2");

  gdk_clipboard_set_text (clipboard, games);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Keep This Game for Later?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "The pasted game takes the place"));
  answer (dialog, "cancel");
  test_util_assert_state (f->window, "n-plies", "2");
  test_util_assert_state (f->window, "analysis", "0");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.paste", NULL));
  answer (find_dialog (), "keep");
  test_util_wait_state (f->window, "game-index", "1");
  test_util_assert_state (f->window, "title", "Pasted Game · Game 1 of 2");
  test_util_assert_state (f->window, "kept-for-later", "1");
  g_assert_true (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
}

/* A second question while the first is up (the file handed over twice):
 * the game is kept as the first answer found it; the second finds no game
 * in progress left, and only opens the file again. */
static void
test_twice (Fixture       *f,
            gconstpointer  data)
{
  AdwMessageDialog *first, *second;
  g_autoptr(CaissaSavedGame) saved = NULL;

  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  first = find_dialog ();
  g_assert_nonnull (first);
  g_object_ref (first);
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  test_util_spin (50);
  answer (first, "keep");
  g_object_unref (first);
  test_util_wait_state (f->window, "game-index", "1");
  second = find_dialog ();
  g_assert_nonnull (second);
  answer (second, "keep");
  test_util_wait_state (f->window, "game-index", "1");
  test_util_assert_state (f->window, "kept-for-later", "1");
  saved = caissa_saved_game_load (f->saved_path, NULL);
  g_assert_nonnull (saved);
  g_assert_cmpuint (caissa_saved_game_get_n_plies (saved), ==, 2);
}

/* A toast's text on screen in window, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0
      && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
wait_label (GtkWidget  *window,
            const char *text,
            gboolean    shown)
{
  gint64 deadline = test_util_deadline (10);

  while ((find_label (window, text) != NULL) != shown && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return (find_label (window, text) != NULL) == shown;
}

/* The New Game dialog on screen now, or NULL. */
static CaissaNewGameDialog *
shown_new_game_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (CAISSA_IS_NEW_GAME_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return CAISSA_NEW_GAME_DIALOG (w);
    }
  return NULL;
}

/* The New Game dialog on screen, once it is. */
static CaissaNewGameDialog *
find_new_game_dialog (void)
{
  gint64 deadline = test_util_deadline (10);
  CaissaNewGameDialog *dialog;

  while ((dialog = shown_new_game_dialog ()) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return dialog;
}

static void
close_new_game_dialog (CaissaNewGameDialog *dialog)
{
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_spin (20);
  g_assert_null (dialog);
}

/* Ctrl+N mid-game asks first; Keep sets the game aside, the New Game
 * dialog follows; the new game started, it is kept in the first place,
 * and the game set aside comes back at the next start. */
static void
test_new_game_keep (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *kept = caissa_autosave_kept_path (f->saved_path);
  CaissaNewGameDialog *new_game;
  AdwMessageDialog *dialog;
  CaissaWindow *next;

  flush (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Keep This Game for Later?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "A new game takes the place"));
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  /* No New Game dialog before the answer; nobody's time runs. */
  test_util_assert_state (f->window, "clock-paused", "1");

  answer (dialog, "keep");
  test_util_assert_state (f->window, "set-aside", "1");
  g_assert_false (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  new_game = find_new_game_dialog ();
  g_assert_nonnull (new_game);

  /* Started: the new game is kept from now on, in the first place. */
  g_signal_emit_by_name (new_game, "start");
  test_util_assert_state (f->window, "set-aside", "0");
  test_util_assert_state (f->window, "n-plies", "0");
  test_util_assert_state (f->window, "autosave", f->saved_path);
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* The next start offers the game set aside. */
  next = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (next), (gpointer *) &next);
  gtk_window_present (GTK_WINDOW (next));
  g_remove (f->saved_path);
  _caissa_window_start_autosave (next, f->saved_path);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Resume the Unfinished Game?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "Anna – Boris"));
  answer (dialog, "resume");
  g_assert_cmpuint (caissa_game_get_n_plies (caissa_window_get_game (next)), ==, 2);
  /* "The clocks are paused" is said while they are, and goes when they
   * run again. */
  g_assert_true (wait_label (GTK_WIDGET (next), "Game resumed — the clocks are paused", TRUE));
  g_assert_true (caissa_clock_get_paused (caissa_window_get_clock (next)));
  g_assert_true (caissa_clock_resume (caissa_window_get_clock (next), NULL));
  g_assert_true (wait_label (GTK_WIDGET (next), "Game resumed — the clocks are paused", FALSE));
  gtk_window_destroy (GTK_WINDOW (next));
  test_util_spin (20);
  g_assert_null (next);
}

/* Keep, then the New Game dialog closed: the game stays, kept again in
 * its place; Discard, then closed: the game stays, kept again too. */
static void
test_new_game_keep_cancelled (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *kept = caissa_autosave_kept_path (f->saved_path);
  AdwMessageDialog *dialog;

  flush (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  answer (find_dialog (), "keep");
  g_assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
  close_new_game_dialog (find_new_game_dialog ());
  test_util_assert_state (f->window, "set-aside", "0");
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  test_util_assert_state (f->window, "autosave", f->saved_path);
  test_util_assert_state (f->window, "n-plies", "2");

  /* Cancel: no New Game dialog, the clock runs on. */
  g_assert_true (caissa_clock_resume (f->clock, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  dialog = find_dialog ();
  answer (dialog, "cancel");
  test_util_spin (50);
  g_assert_null (shown_new_game_dialog ());
  test_util_assert_state (f->window, "clock-paused", "0");

  /* Discard: the file goes, the New Game dialog comes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  answer (find_dialog (), "discard");
  g_assert_false (g_file_test (f->saved_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  close_new_game_dialog (find_new_game_dialog ());
  test_util_assert_state (f->window, "autosave", f->saved_path);
}

/* No move made: the New Game dialog at once, no question. */
static void
test_new_game_no_question (Fixture       *f,
                           gconstpointer  data)
{
  g_assert_true (caissa_window_start_game (f->window, "Anna", "Boris", NULL, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  close_new_game_dialog (find_new_game_dialog ());
  assert_no_dialog ();
}

/* A window keeping nothing: the game can only be given up. */
static void
test_new_game_without_autosave (Fixture       *f,
                                gconstpointer  data)
{
  AdwMessageDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-game", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Discard the Game in Progress?");
  g_assert_false (adw_message_dialog_has_response (dialog, "keep"));
  answer (dialog, "discard");
  close_new_game_dialog (find_new_game_dialog ());
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-window-open-XXXXXX", NULL);
  /* Recent files go here, not to the user's list. */
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

#define ADD(path, func, keep) \
  g_test_add ("/app/window/open-mid-game/" path, Fixture, GINT_TO_POINTER (keep), \
              fixture_setup, func, fixture_teardown)
  ADD ("cancel", test_cancel, TRUE);
  ADD ("keep", test_keep, TRUE);
  ADD ("keep-press-due", test_keep_press_due, TRUE);
  ADD ("keep-then-discard", test_keep_then_discard, TRUE);
  ADD ("discard", test_discard, TRUE);
  ADD ("no-question", test_no_question, TRUE);
  ADD ("without-autosave", test_without_autosave, FALSE);
  ADD ("paste", test_paste, TRUE);
  ADD ("twice", test_twice, TRUE);
#undef ADD
#define ADD(path, func, keep) \
  g_test_add ("/app/window/new-game-mid-game/" path, Fixture, GINT_TO_POINTER (keep), \
              fixture_setup, func, fixture_teardown)
  ADD ("keep", test_new_game_keep, TRUE);
  ADD ("keep-cancelled", test_new_game_keep_cancelled, TRUE);
  ADD ("no-question", test_new_game_no_question, TRUE);
  ADD ("without-autosave", test_new_game_without_autosave, FALSE);
#undef ADD

  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
