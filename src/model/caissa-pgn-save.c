/* caissa-pgn-save.c — the text of a list of a file's games made in a
 * worker, for its save (see caissa-pgn-save.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include "caissa-pgn-encoding.h"
#include "caissa-pgn-save.h"

typedef struct
{
  guint64  start;  /* a run of the file's games: their bytes [start, end) */
  guint64  end;
  guint    count;
  char    *text;   /* or a game's text */
} Segment;

struct _CaissaPgnListText
{
  CaissaPgnFile      *disk;
  CaissaPgnFileBytes *bytes;
  gboolean            crlf;
  gboolean            end_alone;
  gboolean            unknown;  /* a run's bytes could not be told: made as before */
  GArray             *segments; /* of Segment */
};

static void
segment_clear (Segment *segment)
{
  g_clear_pointer (&segment->text, g_free);
}

static void
list_text_free (CaissaPgnListText *self)
{
  g_object_unref (self->disk);
  _caissa_pgn_file_bytes_unref (self->bytes);
  g_array_unref (self->segments);
  g_free (self);
}

CaissaPgnListText *
_caissa_pgn_list_text_new (CaissaPgnFile *disk,
                           gboolean       crlf)
{
  CaissaPgnListText *self = g_new0 (CaissaPgnListText, 1);

  self->disk = g_object_ref (disk);
  self->bytes = _caissa_pgn_file_ref_bytes (disk);
  self->crlf = crlf;
  self->segments = g_array_new (FALSE, TRUE, sizeof (Segment));
  g_array_set_clear_func (self->segments, (GDestroyNotify) segment_clear);
  return self;
}

void
_caissa_pgn_list_text_add_disk (CaissaPgnListText *self,
                                guint              first,
                                guint              count)
{
  Segment segment = { 0 };
  gsize last_len = 0;
  guint plies;
  const ChessPgnIndexEntry *last;

  if (count == 0)
    return;
  segment.start = _caissa_pgn_file_game_offset (self->disk, first);
  last = _caissa_pgn_file_sort_entry (self->disk, first + count - 1, &last_len, &plies);
  if (last == NULL || last->offset + last_len < segment.start)
    {
      self->unknown = TRUE;
      return;
    }
  segment.end = last->offset + last_len;
  segment.count = count;
  g_array_append_val (self->segments, segment);
}

void
_caissa_pgn_list_text_add_text (CaissaPgnListText *self,
                                const char        *text)
{
  Segment segment = { .text = g_strdup (text) };

  g_array_append_val (self->segments, segment);
}

void
_caissa_pgn_list_text_separate (GString  *out,
                                gboolean  crlf)
{
  const char *eol = crlf ? "\r\n" : "\n";
  guint newlines = 0;

  for (gsize i = out->len; i > 0 && newlines < 2; i--)
    {
      char c = out->str[i - 1];

      if (c == '\n')
        newlines++;
      else if (c != '\r' && c != ' ' && c != '\t')
        break;
    }
  if (out->len == 0 || newlines >= 2)
    return;
  if (newlines == 0)
    g_string_append (out, eol);
  g_string_append (out, eol);
}

/* Appends a run's bytes: a run of more than one game as the file holds
 * them when they are UTF-8 (one copy), one game decoded by itself (as
 * caissa_pgn_file_dup_game_text() reads it). FALSE when they cannot be. */
static gboolean
append_segment (CaissaPgnListText *self,
                GString           *out,
                const Segment     *segment)
{
  gsize before = out->len, len = segment->end - segment->start;
  g_autofree char *decoded = NULL;

  g_string_set_size (out, before + len);
  if (!_caissa_pgn_file_bytes_copy (self->bytes, segment->start, len, out->str + before))
    return FALSE;
  if (segment->count > 1)
    return memchr (out->str + before, '\0', len) == NULL && g_utf8_validate (out->str + before, len, NULL);

  decoded = caissa_pgn_decode_text (out->str + before, len, &len);
  if (decoded != NULL)
    {
      g_string_truncate (out, before);
      g_string_append_len (out, decoded, len);
    }
  /* (Read as a string, up to a NUL.) */
  g_string_truncate (out, before + strlen (out->str + before));
  return TRUE;
}

static void
make_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  CaissaPgnListText *self = task_data;
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint k = 0; k < self->segments->len; k++)
    {
      const Segment *segment = &g_array_index (self->segments, Segment, k);

      _caissa_pgn_list_text_separate (out, self->crlf);
      if (segment->text != NULL)
        g_string_append (out, segment->text);
      else if (!append_segment (self, out, segment))
        {
          g_task_return_pointer (task, NULL, NULL);
          return;
        }
    }
  /* A game that was not last now ends the file: with one line end, not
   * the blank line that parted it from the next. */
  if (self->end_alone)
    {
      while (out->len > 0 && strchr ("\r\n \t", out->str[out->len - 1]) != NULL)
        g_string_truncate (out, out->len - 1);
      g_string_append (out, self->crlf ? "\r\n" : "\n");
    }
  g_task_return_pointer (task, g_string_free (g_steal_pointer (&out), FALSE), g_free);
}

void
_caissa_pgn_list_text_make_async (CaissaPgnListText   *self,
                                  gboolean             end_alone,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, _caissa_pgn_list_text_make_async);
  g_task_set_name (task, "caissa-pgn-save-text");
  self->end_alone = end_alone;
  if (self->unknown)
    {
      list_text_free (self);
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  g_task_set_task_data (task, self, (GDestroyNotify) list_text_free);
  g_task_run_in_thread (task, make_thread);
}

char *
_caissa_pgn_list_text_make_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
caissa_pgn_file_save_async (CaissaPgnFile       *self,
                            GFile               *dest,
                            guint                position,
                            const char          *pgn,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  caissa_pgn_file_save_full_async (self, dest, position, pgn, CAISSA_PGN_SAVE_DEFAULT,
                                   cancellable, callback, user_data);
}
