/* test-review-games.c — the games of the open file deleted, duplicated
 * and added from the window (written to the file at once), each taken
 * back with Undo (the file's bytes as they were), unsaved changes to the
 * game shown asked about first.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-window.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static char *tmp_dir;

static const char three[] =
  "[Event \"One\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
  "[Event \"Two\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
  "[Event \"Three\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. c4 *\n";

typedef struct
{
  char         *path;
  CaissaWindow *window;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;

  f->path = g_build_filename (tmp_dir, data, NULL);
  g_assert_true (g_file_set_contents (f->path, three, -1, NULL));
  file = g_file_new_for_path (f->path);
  f->window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (caissa_window_open_file (f->window, file, NULL));
  test_util_wait_state (f->window, "game-index", "1");
  test_util_wait_state (f->window, "games", "3");
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  test_util_wait_for_null ((gpointer *) &f->window, 10, "the window destroyed");
  g_unlink (f->path);
  g_free (f->path);
}

static void
act (Fixture    *f,
     const char *name)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), name, NULL));
}

/* The same with a parameter (a floating one is sunk and let go). */
static void
act_with (Fixture    *f,
          const char *name,
          GVariant   *parameter)
{
  g_variant_ref_sink (parameter);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), name, parameter));
  g_variant_unref (parameter);
}

/* Runs the main loop until the file's contents differ from before. */
static char *
wait_contents_change (const char *path,
                      const char *before)
{
  gint64 deadline = test_util_deadline (20);
  char *text = NULL;

  for (;;)
    {
      g_clear_pointer (&text, g_free);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (strcmp (text, before) != 0)
        return text;
      if (g_get_monotonic_time () > deadline)
        g_error ("%s did not change", path);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* The file read again with n games, the one at index shown (its first
 * move next). */
static void
wait_shown (Fixture    *f,
            const char *n,
            const char *index,
            const char *next)
{
  test_util_wait_state (f->window, "games", n);
  test_util_wait_state (f->window, "game-index", index);
  test_util_wait_state (f->window, "next", next);
}

/* Whether the window's action is enabled: as a button bound to it sees. */
static gboolean
action_enabled (Fixture    *f,
                const char *name)
{
  GtkBox *slot = caissa_window_get_clock_slot (f->window);
  GtkWidget *probe = gtk_button_new ();
  g_autofree char *full = g_strconcat ("win.", name, NULL);
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), full);
  gtk_box_append (slot, probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (slot, probe);
  return enabled;
}

/* The tooltip of the header's Undo (Redo) button. */
static const char *
button_tooltip (Fixture    *f,
                const char *id)
{
  GObject *button = gtk_widget_get_template_child (GTK_WIDGET (f->window), CAISSA_TYPE_WINDOW, id);

  g_assert_nonnull (button);
  return gtk_widget_get_tooltip_text (GTK_WIDGET (button));
}

/* The middle game deleted: the next one shown; Undo puts it back. */
static void
test_delete (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *back = NULL;

  act (f, "win.next-game");
  wait_shown (f, "3", "2", "d4");
  act (f, "win.delete-game");
  after = wait_contents_change (f->path, three);
  g_assert_null (strstr (after, "Two"));
  g_assert_nonnull (strstr (after, "[Event \"One\"]"));
  g_assert_nonnull (strstr (after, "[Event \"Three\"]"));
  wait_shown (f, "2", "2", "c4");

  /* The toast's button and Ctrl+Z: the same action, named. */
  test_util_wait_state (f->window, "dirty", "0");
  g_assert_true (action_enabled (f, "undo"));
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Delete Game");
  act (f, "win.undo");
  back = wait_contents_change (f->path, after);
  g_assert_cmpstr (back, ==, three);
  wait_shown (f, "3", "2", "d4");
  /* Taken back once: nothing more to undo. */
  g_assert_false (action_enabled (f, "undo"));
}

/* Ctrl+Delete in the search entry deletes a word there, not the game. */
static void
test_ctrl_delete_in_entry (Fixture       *f,
                           gconstpointer  data)
{
  GtkWidget *focus;
  g_autofree char *text = NULL;

  act (f, "win.search-games");
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (GTK_IS_TEXT (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), "Karpov 1974");
  gtk_editable_set_position (GTK_EDITABLE (focus), 0);
  act (f, "win.delete-game");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (focus)), ==, " 1974");
  test_util_spin (200);
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, three);
  test_util_assert_state (f->window, "games", "3");
}

/* The header's Undo and Redo buttons name the edit they take back or do
 * again. */
static void
test_tooltips (Fixture       *f,
               gconstpointer  data)
{
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Move");
  act (f, "win.go-next");
  act_with (f, "win.nag", g_variant_new_uint32 (1));
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Annotation");
  act_with (f, "win.set-result", g_variant_new_string ("0-1"));
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Result");
  act (f, "win.undo");
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Annotation");
  g_assert_cmpstr (button_tooltip (f, "redo_button"), ==, "Redo Result");
  act (f, "win.undo");
  g_assert_cmpstr (button_tooltip (f, "redo_button"), ==, "Redo Annotation");
}

/* The last game duplicated: the copy shown; Undo removes it. */
static void
test_duplicate (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *back = NULL;
  const char *third = strstr (three, "[Event \"Three\"]");

  act (f, "win.next-game");
  wait_shown (f, "3", "2", "d4");
  act (f, "win.next-game");
  wait_shown (f, "3", "3", "c4");
  act (f, "win.duplicate-game");
  after = wait_contents_change (f->path, three);
  g_assert_true (g_str_has_suffix (after, third));
  g_assert_nonnull (strstr (strstr (after, third) + 1, third));
  wait_shown (f, "4", "4", "c4");

  act (f, "win.undo");
  back = wait_contents_change (f->path, after);
  g_assert_nonnull (strstr (back, third));
  g_assert_null (strstr (strstr (back, third) + 1, third));
  wait_shown (f, "3", "3", "c4");
}

/* A new empty game at the end, shown to be filled in; an edit of it is
 * undone first, then the game itself. */
static void
test_new_game (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *back = NULL;

  act (f, "win.new-game-in-file");
  after = wait_contents_change (f->path, three);
  g_assert_true (g_str_has_prefix (after, three));
  g_assert_true (g_str_has_suffix (after, "[Result \"*\"]\n\n*\n"));
  wait_shown (f, "4", "4", "");
  test_util_assert_state (f->window, "dirty", "0");
  g_assert_true (action_enabled (f, "undo"));
  act (f, "win.undo");
  back = wait_contents_change (f->path, after);
  g_assert_cmpstr (back, ==, three);
  wait_shown (f, "3", "3", "c4");
}

/* The game shown has unsaved changes: "Save Changes?" first; Cancel
 * leaves the file alone, Discard deletes. */
static void
test_unsaved_first (Fixture       *f,
                    gconstpointer  data)
{
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;
  g_autofree char *after = NULL;

  act (f, "win.go-next");
  act_with (f, "win.nag", g_variant_new_uint32 (1));
  test_util_assert_state (f->window, "dirty", "1");

  act (f, "win.delete-game");
  dialog = test_util_wait_for_dialog (20);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_spin (200);
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, three);
  test_util_assert_state (f->window, "dirty", "1");

  act (f, "win.delete-game");
  dialog = test_util_wait_for_dialog (20);
  adw_message_dialog_response (dialog, "discard");
  gtk_window_close (GTK_WINDOW (dialog));
  after = wait_contents_change (f->path, three);
  g_assert_null (strstr (after, "[Event \"One\"]"));
  wait_shown (f, "2", "1", "d4");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  tmp_dir = g_dir_make_tmp ("caissa-review-games-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  g_test_add ("/app/review/games/delete", Fixture, "delete.pgn", fixture_set_up, test_delete,
              fixture_tear_down);
  g_test_add ("/app/review/games/duplicate", Fixture, "duplicate.pgn", fixture_set_up, test_duplicate,
              fixture_tear_down);
  g_test_add ("/app/review/games/new-game", Fixture, "new.pgn", fixture_set_up, test_new_game,
              fixture_tear_down);
  g_test_add ("/app/review/games/ctrl-delete-in-entry", Fixture, "entry.pgn", fixture_set_up,
              test_ctrl_delete_in_entry, fixture_tear_down);
  g_test_add ("/app/review/games/tooltips", Fixture, "tooltips.pgn", fixture_set_up, test_tooltips,
              fixture_tear_down);
  g_test_add ("/app/review/games/unsaved-first", Fixture, "unsaved.pgn", fixture_set_up, test_unsaved_first,
              fixture_tear_down);

  status = g_test_run ();
  test_util_spin (1000);
  test_util_remove_tree (tmp_dir);
  return status;
}
