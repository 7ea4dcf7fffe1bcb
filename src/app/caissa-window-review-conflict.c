/* caissa-window-review-conflict.c — CaissaWindow's review part: a save
 * over a file that another program changed since it was read.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The save is refused (nothing written); the user chooses: Save As… (a
 * new file, nothing lost on either side), Reload (the file as it is now,
 * the edits discarded once confirmed), or Overwrite (the other program's
 * change replaced — so it is named first: when, and what it did).
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-pgn-disk-change.h"
#include "caissa-window-review-private.h"

typedef struct
{
  CaissaWindowReview *review;
  CaissaPgnSaveFlags  flags;
  ThenFunc            then;
  gpointer            then_data;
} Conflict;

static char *
format_time (GDateTime *when)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  if (g_date_time_get_year (now) == g_date_time_get_year (when)
      && g_date_time_get_day_of_year (now) == g_date_time_get_day_of_year (when))
    /* Translators: the time of day a file was changed today (strftime). */
    return g_date_time_format (when, _("%H:%M"));
  /* Translators: the day and time a file was changed, not today (strftime). */
  return g_date_time_format (when, _("%Y-%m-%d %H:%M"));
}

/* Starts another sentence: after a space, but for a text that ends with
 * a full-width stop (Chinese sentences are not spaced). */
static void
next_sentence (GString *text)
{
  if (text->len > 0 && !g_str_has_suffix (text->str, "。"))
    g_string_append_c (text, ' ');
}

/* What the other program did, in sentences: "“a.pgn” was changed by
 * another program at 14:02. It now has 3 games fewer. It is 2.1 kB
 * smaller." */
static char *
describe_change (CaissaWindowReview *review)
{
  CaissaPgnDiskChange change;
  const char *name = caissa_pgn_file_get_name (review->file);
  GString *text = g_string_new (NULL);

  if (!caissa_pgn_file_get_disk_change (review->file, &change))
    {
      /* Translators: %s is a file name. */
      g_string_append_printf (text, _("“%s” was changed by another program since it was opened."), name);
      return g_string_free (text, FALSE);
    }
  if (!change.exists)
    /* Translators: %s is a file name. */
    g_string_append_printf (text, _("“%s” was deleted or moved away by another program."), name);
  else
    {
      g_autofree char *when = change.modified != NULL ? format_time (change.modified) : NULL;

      if (when != NULL)
        /* Translators: a file name, then the time it was changed ("14:02"). */
        g_string_append_printf (text, _("“%s” was changed by another program at %s."), name, when);
      else
        g_string_append_printf (text, _("“%s” was changed by another program since it was opened."), name);

      if (change.new_games >= 0 && (guint) change.new_games < change.old_games)
        {
          guint n = change.old_games - (guint) change.new_games;

          next_sentence (text);
          g_string_append_printf (text, ngettext ("It now has %u game fewer.", "It now has %u games fewer.", n), n);
        }
      else if (change.new_games >= 0 && (guint) change.new_games > change.old_games)
        {
          guint n = (guint) change.new_games - change.old_games;

          next_sentence (text);
          g_string_append_printf (text, ngettext ("It now has %u game more.", "It now has %u games more.", n), n);
        }
      else if (change.new_games >= 0)
        {
          next_sentence (text);
          g_string_append (text, _("It has as many games as before."));
        }

      if (change.new_size != change.old_size)
        {
          guint64 diff = change.new_size > change.old_size ? change.new_size - change.old_size
                                                           : change.old_size - change.new_size;
          g_autofree char *size = g_format_size (diff);

          next_sentence (text);
          if (change.new_size > change.old_size)
            /* Translators: %s is an amount of bytes ("2.1 kB"). */
            g_string_append_printf (text, _("It is %s larger."), size);
          else
            /* Translators: %s is an amount of bytes ("2.1 kB"). */
            g_string_append_printf (text, _("It is %s smaller."), size);
        }
    }
  caissa_pgn_disk_change_clear (&change);
  return g_string_free (text, FALSE);
}

static void
reload_now (CaissaWindowReview *review,
            ThenFunc            then,
            gpointer            then_data)
{
  GFile *gfile = _caissa_review_disk_file (review);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaPgnFile) file = caissa_pgn_file_new (gfile, &error);

  if (file == NULL)
    {
      /* The edits stay: nothing is lost for a file that cannot be read. */
      review->closing = FALSE;
      /* Translators: heading of the message when a changed file cannot be read again. */
      _caissa_review_show_error (review, _("The File Cannot Be Read Again"), error->message);
      return;
    }
  _caissa_review_set_dirty (review, FALSE);
  _caissa_review_set_file (review, file, G_MAXUINT);
  if (then != NULL)
    then (review, then_data);
}

static void
reload_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    Conflict         *c)
{
  if (g_str_equal (response, "reload"))
    reload_now (c->review, c->then, c->then_data);
  else
    c->review->closing = FALSE;
}

static void
confirm_reload (Conflict *c)
{
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  Conflict *copy = g_memdup2 (c, sizeof *c);

  body = g_strdup_printf (/* Translators: %s is a file name. */
                          _("“%s” is read again as it is now on disk. Your changes to the game "
                            "shown are lost."),
                          caissa_pgn_file_get_name (c->review->file));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (c->review->window),
                                                       _("Discard Your Changes?"), body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    /* Translators: a button: the edits are lost, the file read again. */
                                    "reload", _("_Discard and Reload"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "reload", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (reload_response_cb), copy,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
conflict_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      Conflict         *c)
{
  CaissaWindowReview *review = c->review;
  GFile *file = _caissa_review_disk_file (review);

  if (g_str_equal (response, "save-as"))
    _caissa_review_choose_save_file (review, FALSE, c->flags & ~CAISSA_PGN_SAVE_OVERWRITE, c->then,
                                     c->then_data);
  else if (g_str_equal (response, "reload"))
    confirm_reload (c);
  else if (g_str_equal (response, "overwrite") && file != NULL)
    _caissa_review_save_to (review, file, c->flags | CAISSA_PGN_SAVE_OVERWRITE, c->then, c->then_data);
  else
    review->closing = FALSE;
}

void
_caissa_review_save_conflict (CaissaWindowReview *review,
                              const char         *why,
                              CaissaPgnSaveFlags  flags,
                              ThenFunc            then,
                              gpointer            then_data)
{
  AdwMessageDialog *dialog;
  Conflict *c = g_new0 (Conflict, 1);
  GFile *file = _caissa_review_disk_file (review);
  g_autofree char *change = describe_change (review);
  g_autofree char *body = NULL;
  gboolean exists = file != NULL && g_file_query_exists (file, NULL);

  c->review = review;
  c->flags = flags;
  c->then = then;
  c->then_data = then_data;
  g_debug ("save refused: %s", why);

  body = g_strdup_printf ("%s\n\n%s", change,
                          exists
                          ? _("Nothing was saved. Save your changes in another file, reload the file "
                              "and lose your changes, or overwrite the other program’s change with "
                              "the games as they were read and your changes.")
                          : _("Nothing was saved. Save your changes in another file, or write the "
                              "file again where it was, with the games as they were read and your changes."));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (review->window),
                                                       /* Translators: heading of the question when
                                                        * a file to save over was changed by
                                                        * another program. */
                                                       _("The File Changed on Disk"), body));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "save-as", _("Save _As…"),
                                    NULL);
  if (exists)
    /* Translators: a button: read the changed file again. */
    adw_message_dialog_add_response (dialog, "reload", _("_Reload"));
  adw_message_dialog_add_response (dialog, "overwrite", exists ? _("_Overwrite") : _("Save _Anyway"));
  adw_message_dialog_set_response_appearance (dialog, "save-as", ADW_RESPONSE_SUGGESTED);
  /* Overwriting loses the other program's change; Reload asks again
   * before it loses the edits. A deleted file loses nothing. */
  if (exists)
    adw_message_dialog_set_response_appearance (dialog, "overwrite", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "save-as");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (conflict_response_cb), c,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
