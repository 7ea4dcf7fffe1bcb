/* caissa-window-review-copy-undo.c — "Copy to Another File" taken back
 * from its toast's Undo.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The copy changes another file, not the open one's list, so it is not an
 * entry of the window's Undo (taking it back there would rewrite a file
 * the user is not looking at, maybe long after). Its toast offers Undo
 * instead: the copy appended the game after the file's bytes, which it
 * kept byte for byte, so the file is cut back to its length before the
 * copy, atomically, and only while it is still as the copy left it (its
 * stamp: no other program changed it since). The cut reads the file in a
 * worker: the other file may be large.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "caissa-atomic.h"
#include "caissa-window-review-private.h"

struct _CaissaCopyUndo
{
  GtkWidget       *window;  /* weak */
  GFile           *dest;
  guint64          old_size;
  CaissaFileStamp  after;
};

static void
copy_undo_free (CaissaCopyUndo *u)
{
  g_clear_weak_pointer (&u->window);
  g_clear_object (&u->dest);
  g_free (u);
}

CaissaCopyUndo *
_caissa_review_copy_undo_before (CaissaWindowReview *review,
                                 GFile              *dest)
{
  g_autofree char *path = g_file_get_path (dest);
  CaissaFileStamp before = { 0 };
  CaissaCopyUndo *u;

  if (path == NULL || !caissa_file_stamp_get (path, &before, NULL) || !before.exists)
    return NULL;
  u = g_new0 (CaissaCopyUndo, 1);
  g_set_weak_pointer (&u->window, GTK_WIDGET (review->window));
  u->dest = g_object_ref (dest);
  u->old_size = before.size;
  return u;
}

static void
cut_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  CaissaCopyUndo *u = task_data;
  g_autofree char *path = g_file_get_path (u->dest);
  g_autofree char *data = NULL;
  CaissaFileStamp now = { 0 };
  GError *error = NULL;
  gsize done = 0;
  int fd;

  if (!caissa_file_stamp_get (path, &now, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!caissa_file_stamp_equal (&now, &u->after) || now.size < u->old_size)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG, "changed");
      return;
    }
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return;
    }
  data = g_malloc (MAX (u->old_size, 1));
  while (done < u->old_size)
    {
      gssize n = read (fd, data + done, u->old_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : EIO;

          close (fd);
          g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
          return;
        }
      done += n;
    }
  close (fd);
  if (!caissa_atomic_write_full (path, data, u->old_size, 0644, &u->after, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
cut_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  CaissaCopyUndo *u = g_task_get_task_data (G_TASK (result));
  CaissaWindowReview *review = u->window != NULL ? _caissa_window_get_review (CAISSA_WINDOW (u->window)) : NULL;
  g_autofree char *name = g_file_get_basename (u->dest);
  g_autoptr(GError) error = NULL;

  if (review == NULL)
    return;
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Translators: %s is a file name: the game copied there is taken
       * out again. */
      g_autofree char *text = g_strdup_printf (_("Copy taken out of “%s”"), name);

      _caissa_review_toast (review, text);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    {
      /* Translators: %s is a file name. */
      g_autofree char *body = g_strdup_printf (_("“%s” changed since the game was copied to it: the "
                                                 "copy was left in it."), name);

      /* Translators: heading of the message when the copy of a game to
       * another file could not be undone. */
      _caissa_review_show_error (review, _("The Copy Could Not Be Undone"), body);
    }
  else
    _caissa_review_show_error (review, _("The Copy Could Not Be Undone"), error->message);
}

static void
undo_clicked_cb (AdwToast       *toast,
                 CaissaCopyUndo *u)
{
  GTask *task = g_task_new (NULL, NULL, cut_done_cb, NULL);
  CaissaCopyUndo *copy = g_new0 (CaissaCopyUndo, 1);

  g_set_weak_pointer (&copy->window, u->window);
  copy->dest = g_object_ref (u->dest);
  copy->old_size = u->old_size;
  copy->after = u->after;
  g_task_set_task_data (task, copy, (GDestroyNotify) copy_undo_free);
  g_task_run_in_thread (task, cut_thread);
  g_object_unref (task);
}

void
_caissa_review_copy_undo_done (CaissaWindowReview *review,
                               CaissaCopyUndo     *u,
                               const char         *text)
{
  g_autofree char *path = u != NULL ? g_file_get_path (u->dest) : NULL;
  AdwToast *toast = adw_toast_new (text);

  if (u != NULL && caissa_file_stamp_get (path, &u->after, NULL) && u->after.exists)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      g_signal_connect_data (toast, "button-clicked", G_CALLBACK (undo_clicked_cb),
                             g_steal_pointer (&u), (GClosureNotify) (void (*) (void)) copy_undo_free, 0);
    }
  g_clear_pointer (&u, copy_undo_free);
  _caissa_window_add_toast (review->window, toast);
}

void
_caissa_review_copy_undo_free (CaissaCopyUndo *u)
{
  if (u != NULL)
    copy_undo_free (u);
}
