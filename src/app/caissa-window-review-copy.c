/* caissa-window-review-copy.c — CaissaWindow's review part: the game
 * shown copied to the end of another PGN file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The other file is written the way a save writes the open one (an
 * atomic replace: a temporary file, synced, renamed over it), with its
 * games byte for byte, the copied game appended in its encoding and with
 * its line ends; a file changed while it is written is not saved over.
 * The game goes as the file holds it, or as edited when it has changes.
 * A new file is made with Export the Game. The toast's Undo takes the
 * copy back (caissa-window-review-copy-undo.c).
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-window-review-private.h"

/* --- The file chooser, or the file tests chose ------------------------------------------ */

typedef struct
{
  CaissaReviewChosenFunc func;
  gpointer               data;
  GFile                 *file;   /* tests: CAISSA_TEST_CHOSEN_FILE */
} Choice;

static void
choice_free (Choice *choice)
{
  g_clear_object (&choice->file);
  g_free (choice);
}

static gboolean
test_answer_cb (gpointer data)
{
  Choice *choice = data;

  choice->func (choice->file, choice->data);
  return G_SOURCE_REMOVE;
}

static void
chooser_done_cb (GtkNativeDialog *chooser,
                 int              response,
                 Choice          *choice)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  choice->func (file, choice->data);
  choice_free (choice);
  g_object_unref (chooser);
}

void
_caissa_review_choose_file (CaissaWindowReview     *review,
                            const char             *title,
                            GtkFileChooserAction    action,
                            const char             *accept,
                            const char             *current_name,
                            CaissaReviewChosenFunc  func,
                            gpointer                data)
{
  const char *chosen = g_getenv ("CAISSA_TEST_CHOSEN_FILE");
  g_autoptr(GtkFileFilter) filter = NULL;
  Choice *choice = g_new0 (Choice, 1);
  GtkFileChooserNative *chooser;

  choice->func = func;
  choice->data = data;
  if (chosen != NULL)
    {
      /* Tests: that file, chosen at once, and no chooser made at all (its
       * fallback dialog starts reading folders on GIO threads as it is
       * made, and GTK leaves some of what they read behind). */
      choice->file = g_file_new_for_path (chosen);
      g_idle_add_full (G_PRIORITY_DEFAULT, test_answer_cb, choice, (GDestroyNotify) choice_free);
      return;
    }
  filter = _caissa_review_pgn_filter ();
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (review->window), action, accept, _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (current_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), current_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_done_cb), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* --- Copying ----------------------------------------------------------------------------- */

typedef struct
{
  GtkWidget *window;   /* weak: the window may close before the copy ends */
  GFile     *dest;
  CaissaCopyUndo *undo;
} Copy;

static void
copy_free (Copy *c)
{
  g_clear_weak_pointer (&c->window);
  g_object_unref (c->dest);
  _caissa_review_copy_undo_free (c->undo);
  g_free (c);
}

static void
copied_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Copy *c = user_data;
  CaissaPgnFile *target = CAISSA_PGN_FILE (source);
  g_autoptr(GError) error = NULL;

  CaissaWindowReview *review = c->window != NULL ? _caissa_window_get_review (CAISSA_WINDOW (c->window)) : NULL;

  if (caissa_pgn_file_save_finish (target, result, &error))
    {
      g_autofree char *name = g_file_get_basename (c->dest);
      /* Translators: %s is a file name. */
      g_autofree char *text = g_strdup_printf (_("Game copied to “%s”"), name);

      if (review != NULL)
        _caissa_review_copy_undo_done (review, g_steal_pointer (&c->undo), text);
      _caissa_review_add_recent (c->dest);
    }
  else if (review != NULL)
    /* Translators: heading of the message when a game could not be
     * added to another file; nothing was changed. */
    _caissa_review_show_error (review, _("The Game Could Not Be Copied"), error->message);
  copy_free (c);
  g_object_unref (target);
}

/* The game's text: as the file holds it (every byte kept) while it has no
 * changes, else as edited. */
static char *
game_text (CaissaWindowReview *review)
{
  if (_caissa_review_has_game_from_file (review) && !review->dirty)
    {
      char *text = caissa_pgn_file_dup_game_text (review->file, review->position, NULL, NULL);

      if (text != NULL)
        return text;
    }
  return _caissa_review_pgn_to_save (review);
}

static void
copy_to (CaissaWindowReview *review,
         GFile              *dest)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GFile *own = _caissa_review_disk_file (review);
  CaissaPgnFile *target;
  Copy *c;

  if (own != NULL && g_file_equal (own, dest))
    {
      g_autofree char *name = g_file_get_basename (dest);
      /* Translators: %s is a file name. */
      g_autofree char *body = g_strdup_printf (_("The game is already in “%s”. Choose another file."), name);

      _caissa_review_show_error (review, _("The Game Could Not Be Copied"), body);
      return;
    }
  target = caissa_pgn_file_new (dest, &error);
  if (target == NULL)
    {
      _caissa_review_show_error (review, _("The Game Could Not Be Copied"), error->message);
      return;
    }
  /* Only the games' places are needed, not their check. */
  caissa_pgn_file_set_validate (target, FALSE);
  text = game_text (review);
  c = g_new0 (Copy, 1);
  g_set_weak_pointer (&c->window, GTK_WIDGET (review->window));
  c->dest = g_object_ref (dest);
  c->undo = _caissa_review_copy_undo_before (review, dest);
  caissa_pgn_file_save_async (target, dest, G_MAXUINT, text, NULL, copied_cb, c);
}

static void
chosen_cb (GFile    *file,
           gpointer  data)
{
  if (file != NULL)
    copy_to (data, file);
}

static void
copy_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  _caissa_review_choose_file (review,
                              /* Translators: title of the file chooser. */
                              _("Copy the Game to a PGN File"), GTK_FILE_CHOOSER_ACTION_OPEN,
                              /* Translators: the chooser's button: the game is added to the file. */
                              _("_Copy"), NULL, chosen_cb, review);
}

void
_caissa_window_review_install_copy_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.copy-game-to-file", NULL, copy_game_action);
}
