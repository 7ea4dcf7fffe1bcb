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
 * A new file is made with Export the Game.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-window-review-private.h"

/* --- The file chooser, or the file tests chose ------------------------------------------ */

static gboolean
answer_cb (gpointer data)
{
  g_signal_emit_by_name (data, "response", GTK_RESPONSE_ACCEPT);
  return G_SOURCE_REMOVE;
}

void
_caissa_review_show_chooser (GtkFileChooserNative *chooser)
{
  const char *chosen = g_getenv ("CAISSA_TEST_CHOSEN_FILE");

  if (chosen == NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
      return;
    }
  g_object_set_data_full (G_OBJECT (chooser), "caissa-test-chosen", g_file_new_for_path (chosen),
                          g_object_unref);
  g_idle_add_full (G_PRIORITY_DEFAULT, answer_cb, g_object_ref (chooser), g_object_unref);
}

GFile *
_caissa_review_chosen_file (GtkFileChooserNative *chooser)
{
  GFile *chosen = g_object_get_data (G_OBJECT (chooser), "caissa-test-chosen");

  if (chosen != NULL)
    return g_object_ref (chosen);
  return gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
}

/* --- Copying ----------------------------------------------------------------------------- */

typedef struct
{
  CaissaWindowReview *review;
  GFile              *dest;
} Copy;

static void
copy_free (Copy *c)
{
  g_object_unref (c->dest);
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

  if (caissa_pgn_file_save_finish (target, result, &error))
    {
      g_autofree char *name = g_file_get_basename (c->dest);
      /* Translators: %s is a file name. */
      g_autofree char *text = g_strdup_printf (_("Game copied to “%s”"), name);

      _caissa_review_toast (c->review, text);
      _caissa_review_add_recent (c->dest);
    }
  else
    /* Translators: heading of the message when a game could not be
     * added to another file; nothing was changed. */
    _caissa_review_show_error (c->review, _("The Game Could Not Be Copied"), error->message);
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
  GFile *own = review->file != NULL ? caissa_pgn_file_get_file (review->file) : NULL;
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
  c->review = review;
  c->dest = g_object_ref (dest);
  caissa_pgn_file_save_async (target, dest, G_MAXUINT, text, NULL, copied_cb, c);
}

static void
chooser_response_cb (GtkNativeDialog    *chooser,
                     int                 response,
                     CaissaWindowReview *review)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = _caissa_review_chosen_file (GTK_FILE_CHOOSER_NATIVE (chooser));

      if (file != NULL)
        copy_to (review, file);
    }
  g_object_unref (chooser);
}

static void
copy_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  g_autoptr(GtkFileFilter) filter = _caissa_review_pgn_filter ();
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (/* Translators: title of the file chooser. */
                                         _("Copy the Game to a PGN File"),
                                         GTK_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         /* Translators: the chooser's button: the game is added to the file. */
                                         _("_Copy"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), review);
  _caissa_review_show_chooser (chooser);
}

void
_caissa_window_review_install_copy_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.copy-game-to-file", NULL, copy_game_action);
}
