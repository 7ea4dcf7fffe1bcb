/* test-review-file.c — a review's file and other files: saving over a
 * file another program changed (the question names the change and each
 * choice — Cancel, Save As…, Reload, Overwrite — does what it says on
 * disk; the same from "Save Changes?" at close; a file deleted behind the
 * app); a game copied to the end of another file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "caissa-window.h"
#include "caissa-window-review.h"
#include "test-util-gtk.h"

static char *tmp_dir;

static const char first[] =
  "[Event \"First\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
static const char second[] =
  "[Event \"Second\"]\n[White \"Gamma\"]\n[Black \"Delta\"]\n[Result \"0-1\"]\n\n"
  "1. f3 e5 2. g4 Qh4# 0-1\n";
static const char theirs[] =
  "\n[Event \"Theirs\"]\n[White \"Other\"]\n[Black \"Program\"]\n[Result \"*\"]\n\n"
  "1. d4 *\n";

/* Activates a window action; a floating parameter is sunk and let go. */
static void
act (CaissaWindow *window,
     const char   *name,
     GVariant     *parameter)
{
  if (parameter != NULL)
    g_variant_ref_sink (parameter);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), name, parameter));
  if (parameter != NULL)
    g_variant_unref (parameter);
}

typedef struct
{
  char         *path;
  GFile        *file;
  CaissaWindow *window;
  char         *other;   /* the file as the other program left it */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *name = data;
  g_autofree char *text = g_strconcat (first, second, NULL);

  f->path = g_build_filename (tmp_dir, name, NULL);
  g_assert_true (g_file_set_contents (f->path, text, -1, NULL));
  f->file = g_file_new_for_path (f->path);
  f->window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (caissa_window_open_file (f->window, f->file, NULL));
  test_util_wait_state (f->window, "game-index", "1");
  test_util_wait_state (f->window, "games", "2");

  /* An edit: a NAG on 1. e4. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.go-next", NULL));
  act (f->window, "win.nag", g_variant_new_uint32 (1));
  test_util_assert_state (f->window, "dirty", "1");

  /* Another program adds a game (written aside and renamed over, as
   * editors do). */
  f->other = g_strconcat (first, second, theirs, NULL);
  g_assert_true (g_file_set_contents (f->path, f->other, -1, NULL));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  test_util_wait_for_null ((gpointer *) &f->window, 10, "the window destroyed");
  /* A file chooser (never shown: CAISSA_TEST_CHOSEN_FILE answers for it)
   * starts listing a folder on a GIO thread as it is made; its results
   * are freed when they reach the main loop, so let them come rather than
   * leave them pending at exit (LeakSanitizer would count them). */
  test_util_spin (1000);
  g_unlink (f->path);
  g_free (f->path);
  g_free (f->other);
  g_object_unref (f->file);
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Waits for a shown message dialog with heading (not one on its way out). */
static AdwMessageDialog *
wait_dialog (const char *heading)
{
  gint64 deadline = test_util_deadline (20);

  for (;;)
    {
      GListModel *tops = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
        {
          g_autoptr(GObject) top = g_list_model_get_item (tops, i);

          if (ADW_IS_MESSAGE_DIALOG (top) && gtk_widget_get_visible (GTK_WIDGET (top))
              && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (top)), heading) == 0)
            return ADW_MESSAGE_DIALOG (top);
        }
      if (g_get_monotonic_time () > deadline)
        g_error ("no dialog “%s”", heading);
      g_main_context_iteration (NULL, FALSE);
    }
}

/* As a click on the button does: the response, then the dialog closes. */
static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, response));
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
}

static AdwMessageDialog *
save_and_wait_conflict (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.save", NULL));
  return wait_dialog ("The File Changed on Disk");
}

/* The question names the change: when, a game more, bytes larger. */
static void
test_named (Fixture       *f,
            gconstpointer  data)
{
  AdwMessageDialog *dialog = save_and_wait_conflict (f);
  const char *body = adw_message_dialog_get_body (dialog);
  g_autofree char *size = g_format_size (strlen (theirs));
  g_autofree char *expected = g_strdup_printf ("It is %s larger.", size);
  g_autofree char *text = NULL;

  g_assert_nonnull (strstr (body, "“conflict-named.pgn” was changed by another program at "));
  g_assert_nonnull (strstr (body, "It now has 1 game more."));
  g_assert_nonnull (strstr (body, expected));
  g_assert_true (adw_message_dialog_has_response (dialog, "save-as"));
  g_assert_true (adw_message_dialog_has_response (dialog, "reload"));
  g_assert_true (adw_message_dialog_has_response (dialog, "overwrite"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "save-as");

  /* Cancel: nothing written, the edit kept. */
  respond (dialog, "cancel");
  test_util_spin (100);
  test_util_assert_state (f->window, "dirty", "1");
  text = contents (f->path);
  g_assert_cmpstr (text, ==, f->other);
}

static void
test_overwrite (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = NULL;

  respond (save_and_wait_conflict (f), "overwrite");
  test_util_wait_state (f->window, "dirty", "0");
  text = contents (f->path);
  /* The games as read with the edit; the other program's game gone. */
  g_assert_nonnull (strstr (text, "1. e4 $1 e5"));
  g_assert_true (g_str_has_suffix (text, second));
  g_assert_null (strstr (text, "Theirs"));
  test_util_wait_state (f->window, "games", "2");
}

static void
test_reload (Fixture       *f,
             gconstpointer  data)
{
  AdwMessageDialog *confirm;
  g_autofree char *text = NULL;

  /* Reload asks first; Cancel there keeps the edit. */
  respond (save_and_wait_conflict (f), "reload");
  confirm = wait_dialog ("Discard Your Changes?");
  g_assert_cmpstr (adw_message_dialog_get_default_response (confirm), ==, "cancel");
  respond (confirm, "cancel");
  test_util_spin (100);
  test_util_assert_state (f->window, "dirty", "1");

  /* Confirmed: the file as the other program left it, the edit gone. */
  respond (save_and_wait_conflict (f), "reload");
  respond (wait_dialog ("Discard Your Changes?"), "reload");
  test_util_wait_state (f->window, "dirty", "0");
  test_util_wait_state (f->window, "games", "3");
  text = contents (f->path);
  g_assert_cmpstr (text, ==, f->other);
}

static void
test_save_as (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *copy_path = g_build_filename (tmp_dir, "conflict-copy.pgn", NULL);
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;

  g_setenv ("CAISSA_TEST_CHOSEN_FILE", copy_path, TRUE);
  respond (save_and_wait_conflict (f), "save-as");
  test_util_wait_state (f->window, "dirty", "0");
  g_unsetenv ("CAISSA_TEST_CHOSEN_FILE");

  /* The other program's file untouched; the new one has the edit. */
  text = contents (f->path);
  g_assert_cmpstr (text, ==, f->other);
  saved = contents (copy_path);
  g_assert_nonnull (strstr (saved, "1. e4 $1 e5"));
  g_assert_true (g_str_has_suffix (saved, second));
  g_unlink (copy_path);
}

/* "Save Changes?" at close → Save → the same question → Overwrite: saved,
 * and the window closes. */
static void
test_close (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *text = NULL;

  gtk_window_close (GTK_WINDOW (f->window));
  respond (wait_dialog ("Save Changes?"), "save");
  respond (wait_dialog ("The File Changed on Disk"), "overwrite");
  test_util_wait_for_null ((gpointer *) &f->window, 20, "the window closed after Overwrite");
  text = contents (f->path);
  g_assert_nonnull (strstr (text, "1. e4 $1 e5"));
  g_assert_null (strstr (text, "Theirs"));
}

/* "Save Changes?" at close → Save → the question → Cancel: the window
 * stays, and a second close asks again. */
static void
test_close_cancel (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_close (GTK_WINDOW (f->window));
  respond (wait_dialog ("Save Changes?"), "save");
  respond (wait_dialog ("The File Changed on Disk"), "cancel");
  test_util_spin (100);
  g_assert_nonnull (f->window);
  test_util_assert_state (f->window, "dirty", "1");
  gtk_window_close (GTK_WINDOW (f->window));
  respond (wait_dialog ("Save Changes?"), "discard");
  test_util_wait_for_null ((gpointer *) &f->window, 20, "the window closed by Discard");
}

/* Deleted behind the app: no Reload (nothing to read), and Save Anyway
 * writes the file again where it was. */
static void
test_deleted (Fixture       *f,
              gconstpointer  data)
{
  AdwMessageDialog *dialog;
  g_autofree char *text = NULL;

  g_assert_cmpint (g_unlink (f->path), ==, 0);
  dialog = save_and_wait_conflict (f);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "“conflict-deleted.pgn” was deleted or moved away by another program."));
  g_assert_false (adw_message_dialog_has_response (dialog, "reload"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "overwrite"), ==, "Save _Anyway");
  respond (dialog, "overwrite");
  test_util_wait_state (f->window, "dirty", "0");
  text = contents (f->path);
  g_assert_nonnull (strstr (text, "1. e4 $1 e5"));
  g_assert_true (g_str_has_suffix (text, second));
}

/* Copy the Game to Another File…: the game as the file holds it appended
 * to a CRLF file, whose games stay byte for byte; with changes, the game
 * as edited; its own file refused with a message. */
#define CRLF_GAME "[Event \"Win\"]\r\n[White \"W\"]\r\n[Black \"B\"]\r\n[Result \"*\"]\r\n\r\n1. c4 *\r\n"

/* The file the next file chooser answers with. */
static void
choose_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  g_setenv ("CAISSA_TEST_CHOSEN_FILE", path, TRUE);
}

/* Runs the main loop until path's contents differ from before. */
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
      if (strcmp (text, before) != 0 || g_get_monotonic_time () > deadline)
        return text;
      g_main_context_iteration (NULL, FALSE);
    }
}

/* A mapped button labelled label under widget, or NULL. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_copy (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "copy-from.pgn", NULL);
  g_autofree char *target_path = g_build_filename (tmp_dir, "copy-to.pgn", NULL);
  g_autofree char *text = g_strconcat (first, second, NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autoptr(GFile) target = g_file_new_for_path (target_path);
  g_autofree char *once = NULL;
  g_autofree char *twice = NULL;
  AdwMessageDialog *dialog;
  CaissaWindow *window;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (g_file_set_contents (target_path, CRLF_GAME, -1, NULL));
  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, NULL));
  test_util_wait_state (window, "game-index", "1");
  test_util_wait_state (window, "games", "2");

  /* The second game, unchanged: its bytes, with CR LF ends. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.next-game", NULL));
  test_util_wait_state (window, "game-index", "2");
  choose_file (target);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.copy-game-to-file", NULL));
  once = wait_contents_change (target_path, CRLF_GAME);
  {
    g_autofree char *crlf = g_strdup (second);
    g_auto(GStrv) lines = g_strsplit (crlf, "\n", -1);
    g_autofree char *joined = g_strjoinv ("\r\n", lines);
    g_autofree char *expected = g_strconcat (CRLF_GAME, "\r\n", joined, NULL);

    g_assert_cmpstr (once, ==, expected);
  }

  /* The toast's Undo takes the copy out again: the file as it was. */
  {
    gint64 deadline = test_util_deadline (20);
    GtkWidget *undo;
    g_autofree char *back = NULL;

    while ((undo = find_button (GTK_WIDGET (window), "_Undo")) == NULL)
      {
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_main_context_iteration (NULL, FALSE);
      }
    g_signal_emit_by_name (undo, "clicked");
    back = wait_contents_change (target_path, once);
    g_assert_cmpstr (back, ==, CRLF_GAME);
    g_clear_pointer (&once, g_free);
    once = g_strdup (back);
  }

  /* Edited (a NAG on 1. f3): the game as edited. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.go-next", NULL));
  act (window, "win.nag", g_variant_new_uint32 (4));
  choose_file (target);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.copy-game-to-file", NULL));
  twice = wait_contents_change (target_path, once);
  g_assert_true (g_str_has_prefix (twice, once));
  g_assert_nonnull (strstr (twice + strlen (once), "1. f3 $4 e5"));
  /* The file it came from is as it was. */
  {
    g_autofree char *source = contents (path);

    g_assert_cmpstr (source, ==, text);
  }

  /* Its own file: refused, said why. */
  choose_file (gfile);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.copy-game-to-file", NULL));
  dialog = wait_dialog ("The Game Could Not Be Copied");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "The game is already in “copy-from.pgn”."));
  respond (dialog, "close");
  g_unsetenv ("CAISSA_TEST_CHOSEN_FILE");

  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null ((gpointer *) &window, 10, "the window destroyed");
}

/* An edit that shortens the main line: PlyCount follows it on save; the
 * other game's bytes are kept. */
static void
test_ply_count (void)
{
  static const char counted[] =
    "[Event \"Counted\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[PlyCount \"6\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
  g_autofree char *path = g_build_filename (tmp_dir, "ply-count.pgn", NULL);
  g_autoptr(GFile) gfile = g_file_new_for_path (path);
  g_autofree char *text = g_strconcat (counted, second, NULL);
  g_autofree char *saved = NULL;
  CaissaWindow *window;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (caissa_window_open_file (window, gfile, NULL));
  test_util_wait_state (window, "game-index", "1");
  /* 1. e4 e5 2. Nf3: delete from 2. Nf3 on, 2 plies are left. */
  for (int i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.go-next", NULL));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.delete-from-here", NULL));
  test_util_assert_state (window, "dirty", "1");
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.save", NULL));
  test_util_wait_state (window, "dirty", "0");
  saved = contents (path);
  g_assert_nonnull (strstr (saved, "[PlyCount \"2\"]\n"));
  g_assert_null (strstr (saved, "[PlyCount \"6\"]"));
  g_assert_null (strstr (saved, "Nf3"));
  g_assert_true (g_str_has_suffix (saved, second));
  gtk_window_destroy (GTK_WINDOW (window));
  test_util_wait_for_null ((gpointer *) &window, 10, "the window destroyed");
}

/* With CAISSA_TEST_SHOTS=DIR (not in the suite): the questions as PNG
 * files, to look at: CAISSA_TEST_SHOTS_LANGUAGE=zh_CN and
 * CAISSA_TEST_SHOTS_DARK=1 give the other looks (with CAISSA_LOCALEDIR the
 * build's po folder). */
static void
save_shot (GtkWidget  *widget,
           const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_SHOTS");
  const char *lang = g_getenv ("CAISSA_TEST_SHOTS_LANGUAGE");
  g_autofree char *file = g_strdup_printf ("%s-%s%s.png", name, lang != NULL ? lang : "C",
                                           g_getenv ("CAISSA_TEST_SHOTS_DARK") != NULL ? "-dark" : "");
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int width, height;

  test_util_wait_for_frame (widget);
  test_util_spin (300);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  snapshot = gtk_snapshot_new ();
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  g_mkdir_with_parents (dir, 0755);
  gdk_texture_save_to_png (texture, path);
  g_test_message ("saved %s", path);
}

static void
test_shots (Fixture       *f,
            gconstpointer  data)
{
  AdwMessageDialog *dialog;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.save", NULL));
  dialog = test_util_wait_for_dialog (20);
  save_shot (GTK_WIDGET (dialog), "conflict");
  adw_message_dialog_response (dialog, "reload");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_spin (300);
  dialog = test_util_wait_for_dialog (20);
  save_shot (GTK_WIDGET (dialog), "conflict-reload");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_spin (300);
  g_unlink (f->path);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.save", NULL));
  dialog = test_util_wait_for_dialog (20);
  save_shot (GTK_WIDGET (dialog), "conflict-deleted");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  test_util_spin (300);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-conflict-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  if (g_getenv ("CAISSA_TEST_SHOTS") != NULL)
    {
      const char *lang = g_getenv ("CAISSA_TEST_SHOTS_LANGUAGE");

      if (lang != NULL)
        {
          g_setenv ("LANGUAGE", lang, TRUE);
          setlocale (LC_ALL, "C.UTF-8");
          bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CAISSA_LOCALEDIR"));
          bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
          textdomain (GETTEXT_PACKAGE);
        }
      if (g_getenv ("CAISSA_TEST_SHOTS_DARK") != NULL)
        adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
      g_test_add ("/app/review/conflict/shots", Fixture, "conflict-shots.pgn", fixture_set_up, test_shots,
                  fixture_tear_down);
      status = g_test_run ();
      test_util_remove_tree (tmp_dir);
      return status;
    }

#define ADD(name, func) \
  g_test_add ("/app/review/conflict/" name, Fixture, "conflict-" name ".pgn", fixture_set_up, func, \
              fixture_tear_down)
  ADD ("named", test_named);
  ADD ("overwrite", test_overwrite);
  ADD ("reload", test_reload);
  ADD ("save-as", test_save_as);
  ADD ("close", test_close);
  ADD ("close-cancel", test_close_cancel);
  ADD ("deleted", test_deleted);
#undef ADD
  g_test_add_func ("/app/review/copy/to-another-file", test_copy);
  g_test_add_func ("/app/review/save/ply-count", test_ply_count);

  status = g_test_run ();
  /* The recent files' list reads each saved file's type in the
   * background: let those reads end, or their results are left behind. */
  test_util_spin (1000);
  test_util_remove_tree (tmp_dir);
  return status;
}
