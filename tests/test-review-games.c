/* test-review-games.c — the games of the open file deleted, duplicated
 * and added from the window: the list changes at once, the file on disk
 * only when saved (all the edits in one write, its line ends kept); Undo
 * and Redo step through them; closing asks first; unsaved changes to the
 * game shown asked about before an edit of the list.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "caissa-game-list.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static char *tmp_dir;

static const char three[] =
  "[Event \"One\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
  "[Event \"Two\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n"
  "[Event \"Three\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. c4 *\n";

/* The games of three, one by one. */
static char *
game_of_three (guint i)
{
  const char *starts[] = { three, strstr (three, "[Event \"Two\""), strstr (three, "[Event \"Three\""),
                           three + strlen (three) };

  return g_strndup (starts[i], starts[i + 1] - starts[i]);
}

/* text with its line ends made CR LF. */
static char *
to_crlf (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\n')
        g_string_append_c (out, '\r');
      g_string_append_c (out, *p);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A file named crlf-… holds three with CR LF line ends. */
static char *
contents_for (const char *name)
{
  return g_str_has_prefix (name, "crlf") ? to_crlf (three) : g_strdup (three);
}

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

  g_autofree char *contents = contents_for (data);

  f->path = g_build_filename (tmp_dir, data, NULL);
  g_assert_true (g_file_set_contents (f->path, contents, -1, NULL));
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

static CaissaGameList *
game_list (Fixture *f)
{
  GtkWidget *list = test_util_find_type (GTK_WIDGET (f->window), CAISSA_TYPE_GAME_LIST);

  g_assert_nonnull (list);
  return CAISSA_GAME_LIST (list);
}

/* The events of the games the list holds, in order: "Two Two -" (- for none). */
static char *
list_events (Fixture *f)
{
  GListModel *model = G_LIST_MODEL (caissa_game_list_get_file (game_list (f)));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (model, i);

      const char *event = caissa_pgn_game_info_get_event (info);

      /* (An unknown event, "?", is "".) */
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", event != NULL && *event != '\0' ? event : "-");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_events(f, expected) \
  G_STMT_START { \
    g_autofree char *events_ = list_events (f); \
    g_assert_cmpstr (events_, ==, expected); \
  } G_STMT_END

/* The file still holds what it held. */
static void
assert_unchanged (Fixture    *f,
                  const char *expected)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
}

/* The middle game deleted: the next one shown, the file untouched until
 * it is saved; Undo puts it back, Redo deletes it again. */
static void
test_delete (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *after = NULL;
  g_autofree char *one = game_of_three (0);
  g_autofree char *third = game_of_three (2);
  g_autofree char *expected = g_strconcat (one, third, NULL);

  act (f, "win.next-game");
  wait_shown (f, "3", "2", "d4");
  act (f, "win.delete-game");
  wait_shown (f, "2", "2", "c4");
  assert_events (f, "One Three");
  test_util_wait_state (f->window, "list-edited", "1");
  assert_unchanged (f, three);

  /* The toast's button and Ctrl+Z: the same action, named. */
  g_assert_true (action_enabled (f, "undo"));
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Delete Game 2");
  act (f, "win.undo");
  wait_shown (f, "3", "2", "d4");
  assert_events (f, "One Two Three");
  test_util_assert_state (f->window, "list-edited", "0");
  g_assert_false (action_enabled (f, "undo"));
  g_assert_true (action_enabled (f, "redo"));
  g_assert_cmpstr (button_tooltip (f, "redo_button"), ==, "Redo Delete Game 2");
  act (f, "win.redo");
  wait_shown (f, "2", "2", "c4");
  assert_events (f, "One Three");
  assert_unchanged (f, three);

  /* Saved: the file without it, nothing left to undo. */
  act (f, "win.save");
  after = wait_contents_change (f->path, three);
  g_assert_cmpstr (after, ==, expected);
  test_util_wait_state (f->window, "list-edited", "0");
  test_util_wait_state (f->window, "games", "2");
  test_util_assert_state (f->window, "dirty", "0");
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
  act (f, "win.next-game");
  wait_shown (f, "3", "2", "d4");
  act (f, "win.next-game");
  wait_shown (f, "3", "3", "c4");
  act (f, "win.duplicate-game");
  wait_shown (f, "4", "4", "c4");
  assert_events (f, "One Two Three Three");
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Duplicate Game 3");
  assert_unchanged (f, three);

  act (f, "win.undo");
  wait_shown (f, "3", "3", "c4");
  assert_events (f, "One Two Three");
}

/* A new empty game at the end, shown to be filled in; an edit of it is
 * undone first, then the game itself. */
static void
test_new_game (Fixture       *f,
               gconstpointer  data)
{
  act (f, "win.new-game-in-file");
  wait_shown (f, "4", "4", "");
  assert_events (f, "One Two Three -");
  test_util_assert_state (f->window, "dirty", "0");
  test_util_assert_state (f->window, "list-edited", "1");
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo New Game in File");
  act (f, "win.go-next");
  act_with (f, "win.set-result", g_variant_new_string ("0-1"));
  test_util_assert_state (f->window, "dirty", "1");
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo Result");
  act (f, "win.undo");
  test_util_assert_state (f->window, "dirty", "0");
  g_assert_cmpstr (button_tooltip (f, "undo_button"), ==, "Undo New Game in File");
  act (f, "win.undo");
  wait_shown (f, "3", "3", "c4");
  assert_events (f, "One Two Three");
  assert_unchanged (f, three);
}

/* Two games deleted, one duplicated, a new one added: the list shows it
 * all (searched too), the file is untouched; Undo ×3 and Redo ×1 step
 * through them; Save writes exactly the games listed, in the file's line
 * ends. */
static void
test_sequence (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *original = contents_for (data);
  g_autofree char *two = game_of_three (1);
  g_autofree char *third = game_of_three (2);
  g_autofree char *expected = g_strconcat (two, two, third, NULL);
  g_autofree char *saved = NULL;
  gboolean crlf = g_str_has_prefix (data, "crlf");

  act (f, "win.delete-game");
  wait_shown (f, "2", "1", "d4");
  act (f, "win.duplicate-game");
  wait_shown (f, "3", "2", "d4");
  act (f, "win.next-game");
  wait_shown (f, "3", "3", "c4");
  act (f, "win.delete-game");
  wait_shown (f, "2", "2", "d4");
  act (f, "win.new-game-in-file");
  wait_shown (f, "3", "3", "");
  assert_events (f, "Two Two -");
  assert_unchanged (f, original);
  test_util_assert_state (f->window, "list-edited", "1");
  {
    g_autofree char *title = test_util_state_line (f->window, "title");

    g_assert_nonnull (title);
    g_assert_true (g_str_has_prefix (title, "• "));
  }

  /* The search and the sort see the list as edited. */
  caissa_game_list_set_search (game_list (f), "Two");
  test_util_wait_state (f->window, "games-shown", "2");
  caissa_game_list_set_search (game_list (f), "Three");
  test_util_wait_state (f->window, "games-shown", "0");
  caissa_game_list_set_search (game_list (f), "");
  test_util_wait_state (f->window, "games-shown", "3");
  caissa_game_list_sort_by (game_list (f), "event", GTK_SORT_DESCENDING);
  test_util_wait_state (f->window, "games-shown", "3");
  caissa_game_list_sort_by (game_list (f), NULL, GTK_SORT_ASCENDING);

  act (f, "win.undo");
  act (f, "win.undo");
  act (f, "win.undo");
  test_util_wait_state (f->window, "games", "2");
  test_util_wait_state (f->window, "games-loading", "0");
  assert_events (f, "Two Three");
  act (f, "win.redo");
  test_util_wait_state (f->window, "games", "3");
  test_util_wait_state (f->window, "games-loading", "0");
  assert_events (f, "Two Two Three");
  g_assert_cmpstr (button_tooltip (f, "redo_button"), ==, "Redo Delete Game 3");
  assert_unchanged (f, original);

  act (f, "win.save");
  saved = wait_contents_change (f->path, original);
  if (crlf)
    {
      g_autofree char *crlf_expected = to_crlf (expected);

      g_assert_cmpstr (saved, ==, crlf_expected);
    }
  else
    g_assert_cmpstr (saved, ==, expected);
  test_util_wait_state (f->window, "list-edited", "0");
  test_util_wait_state (f->window, "games", "3");
  test_util_wait_state (f->window, "games-loading", "0");
  assert_events (f, "Two Two Three");
  g_assert_false (action_enabled (f, "redo"));
}

/* Closing with the list edited asks; Discard leaves the file as it was. */
static void
test_discard_at_close (Fixture       *f,
                       gconstpointer  data)
{
  AdwMessageDialog *dialog;

  act (f, "win.delete-game");
  wait_shown (f, "2", "1", "d4");
  gtk_window_close (GTK_WINDOW (f->window));
  dialog = test_util_wait_for_dialog (20);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "games deleted"));
  /* Cancel keeps the window and the edits. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_spin (100);
  g_assert_nonnull (f->window);
  test_util_assert_state (f->window, "list-edited", "1");

  gtk_window_close (GTK_WINDOW (f->window));
  dialog = test_util_wait_for_dialog (20);
  adw_message_dialog_response (dialog, "discard");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_wait_for_null ((gpointer *) &f->window, 10, "the window closed");
  assert_unchanged (f, three);
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
  wait_shown (f, "2", "1", "d4");
  assert_events (f, "Two Three");
  assert_unchanged (f, three);

  /* Save in the question: the game's edit and the list's in one write. */
  act (f, "win.go-next");
  act_with (f, "win.nag", g_variant_new_uint32 (1));
  act (f, "win.new-game-in-file");
  dialog = test_util_wait_for_dialog (20);
  adw_message_dialog_response (dialog, "save");
  gtk_window_close (GTK_WINDOW (dialog));
  after = wait_contents_change (f->path, three);
  g_assert_null (strstr (after, "[Event \"One\"]"));
  g_assert_nonnull (strstr (after, "[Event \"Two\"]"));
  g_assert_true (strstr (after, "d4!") != NULL || strstr (after, "d4 $1") != NULL);
  /* Then the new game, pending. */
  wait_shown (f, "3", "3", "");
  test_util_wait_state (f->window, "list-edited", "1");
  assert_events (f, "Two Three -");
}

/* Opening another file with the list edited asks; Discard opens it and
 * leaves this one as it was. */
static void
test_discard_at_open (Fixture       *f,
                      gconstpointer  data)
{
  AdwMessageDialog *dialog;
  g_autofree char *other_path = g_build_filename (tmp_dir, "other.pgn", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);

  g_assert_true (g_file_set_contents (other_path, "[Event \"Other\"]\n\n1. e4 *\n", -1, NULL));
  act (f, "win.duplicate-game");
  wait_shown (f, "4", "2", "e4");
  g_assert_true (caissa_window_open_file (f->window, other, NULL));
  dialog = test_util_wait_for_dialog (20);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  adw_message_dialog_response (dialog, "discard");
  gtk_window_close (GTK_WINDOW (dialog));
  wait_shown (f, "1", "1", "e4");
  assert_events (f, "Other");
  test_util_assert_state (f->window, "list-edited", "0");
  assert_unchanged (f, three);
  g_unlink (other_path);
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
  g_test_add ("/app/review/games/sequence", Fixture, "sequence.pgn", fixture_set_up, test_sequence,
              fixture_tear_down);
  g_test_add ("/app/review/games/sequence-crlf", Fixture, "crlf-sequence.pgn", fixture_set_up, test_sequence,
              fixture_tear_down);
  g_test_add ("/app/review/games/discard-at-close", Fixture, "discard.pgn", fixture_set_up,
              test_discard_at_close, fixture_tear_down);
  g_test_add ("/app/review/games/discard-at-open", Fixture, "discard-open.pgn", fixture_set_up,
              test_discard_at_open, fixture_tear_down);

  status = g_test_run ();
  test_util_spin (1000);
  test_util_remove_tree (tmp_dir);
  return status;
}
