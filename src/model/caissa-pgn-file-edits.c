/* caissa-pgn-file-edits.c — a PGN file's list of games as edited.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list is an array of pieces, each a run of games that follow each
 * other in the file (the first one's index there and their count) or one
 * game's text; a duplicated game of the file is its index once more. A
 * list as the file is one piece, and each edit splits at most one: an
 * edit costs as many steps as there are edits, whatever the file's size.
 * The edits are kept as (kind, place, the place's game) so each is taken
 * back by its inverse and done again by itself.
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <string.h>

#include "caissa-pgn-file-edits.h"
#include "caissa-pgn-file-private.h"
#include "caissa-pgn-save.h"
#include "caissa-pgn-save-style.h"
#include "caissa-pgn-view.h"

typedef struct
{
  guint  disk;   /* the file's game, or G_MAXUINT for text */
  char  *text;   /* UTF-8, with the file's line ends */
} Place;

/* Games disk, disk + 1, … (count of them), or one text (count 1). */
typedef struct
{
  guint  disk;
  guint  count;
  char  *text;
} Piece;

typedef struct
{
  CaissaPgnListEdit kind;
  guint             position;  /* the place deleted, or the place inserted */
  Place             place;
} Edit;

struct _CaissaPgnFileEdits
{
  GObject        parent_instance;

  CaissaPgnFile *disk;
  gboolean       crlf;
  GArray        *pieces;  /* of Piece, none empty, no two that could be one */
  guint          n_games;
  GArray        *undo;    /* of Edit, the last done last */
  GArray        *redo;    /* of Edit, the next to do again last */
};

G_DEFINE_FINAL_TYPE (CaissaPgnFileEdits, caissa_pgn_file_edits, G_TYPE_OBJECT)

static void
place_clear (Place *place)
{
  g_clear_pointer (&place->text, g_free);
}

static void
piece_clear (Piece *piece)
{
  g_clear_pointer (&piece->text, g_free);
}

static void
edit_clear (Edit *edit)
{
  place_clear (&edit->place);
}

static Place
place_copy (const Place *place)
{
  Place copy = { place->disk, g_strdup (place->text) };

  return copy;
}

static void
caissa_pgn_file_edits_finalize (GObject *object)
{
  CaissaPgnFileEdits *self = CAISSA_PGN_FILE_EDITS (object);

  g_clear_object (&self->disk);
  g_clear_pointer (&self->pieces, g_array_unref);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  G_OBJECT_CLASS (caissa_pgn_file_edits_parent_class)->finalize (object);
}

static void
caissa_pgn_file_edits_class_init (CaissaPgnFileEditsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = caissa_pgn_file_edits_finalize;
}

static void
caissa_pgn_file_edits_init (CaissaPgnFileEdits *self)
{
  self->pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  g_array_set_clear_func (self->pieces, (GDestroyNotify) piece_clear);
  self->undo = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (self->undo, (GDestroyNotify) edit_clear);
  self->redo = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (self->redo, (GDestroyNotify) edit_clear);
}

CaissaPgnFileEdits *
caissa_pgn_file_edits_new (CaissaPgnFile *disk)
{
  CaissaPgnFileEdits *self;
  guint n;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (disk), NULL);
  g_return_val_if_fail (!caissa_pgn_file_get_loading (disk), NULL);

  self = g_object_new (CAISSA_TYPE_PGN_FILE_EDITS, NULL);
  self->disk = g_object_ref (disk);
  n = g_list_model_get_n_items (G_LIST_MODEL (disk));
  if (n > 0)
    {
      Piece all = { 0, n, NULL };

      g_array_append_val (self->pieces, all);
      self->n_games = n;
      gsize len = 0;
      g_autofree char *first = caissa_pgn_file_dup_game_text (disk, 0, &len, NULL);

      self->crlf = first != NULL && caissa_pgn_text_uses_crlf (first, len);
    }
  return self;
}

CaissaPgnFile *
caissa_pgn_file_edits_get_disk (CaissaPgnFileEdits *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), NULL);

  return self->disk;
}

guint
caissa_pgn_file_edits_get_n_games (CaissaPgnFileEdits *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), 0);

  return self->n_games;
}

gboolean
caissa_pgn_file_edits_get_modified (CaissaPgnFileEdits *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), FALSE);

  if (self->n_games != g_list_model_get_n_items (G_LIST_MODEL (self->disk)))
    return TRUE;
  /* (Pieces that could be one are one: the file's list is one piece.) */
  return self->n_games > 0
         && (self->pieces->len != 1 || g_array_index (self->pieces, Piece, 0).text != NULL
             || g_array_index (self->pieces, Piece, 0).disk != 0);
}

/* The piece holding the game at position (its index; the pieces' count
 * when position is the end), and the place of its first game. */
static guint
find_piece (CaissaPgnFileEdits *self,
            guint               position,
            guint              *first)
{
  guint at = 0;

  for (guint k = 0; k < self->pieces->len; k++)
    {
      guint count = g_array_index (self->pieces, Piece, k).count;

      if (position < at + count)
        {
          *first = at;
          return k;
        }
      at += count;
    }
  *first = at;
  return self->pieces->len;
}

/* The game at position (< n games): its text is the piece's. */
static Place
place_at (CaissaPgnFileEdits *self,
          guint               position)
{
  guint first;
  const Piece *piece = &g_array_index (self->pieces, Piece, find_piece (self, position, &first));
  Place place = { piece->text != NULL ? G_MAXUINT : piece->disk + (position - first), piece->text };

  return place;
}

/* Makes a piece start at position (≤ n games); returns its index. */
static guint
split_at (CaissaPgnFileEdits *self,
          guint               position)
{
  guint first;
  guint k = find_piece (self, position, &first);
  Piece *piece, tail = { 0, 0, NULL };

  if (k == self->pieces->len || first == position)
    return k;
  piece = &g_array_index (self->pieces, Piece, k);
  g_assert (piece->text == NULL);
  tail.disk = piece->disk + (position - first);
  tail.count = piece->count - (position - first);
  piece->count = position - first;
  g_array_insert_val (self->pieces, k + 1, tail);
  return k + 1;
}

/* Joins the pieces that follow each other in the file. */
static void
join_pieces (CaissaPgnFileEdits *self)
{
  for (guint k = 1; k < self->pieces->len;)
    {
      Piece *a = &g_array_index (self->pieces, Piece, k - 1);
      const Piece *b = &g_array_index (self->pieces, Piece, k);

      if (a->text == NULL && b->text == NULL && b->disk == a->disk + a->count)
        {
          a->count += b->count;
          g_array_remove_index (self->pieces, k);
        }
      else
        k++;
    }
}

/* Does edit (which keeps its place) to the list. */
static void
apply (CaissaPgnFileEdits *self,
       const Edit         *edit,
       gboolean            inverse)
{
  gboolean insert = (edit->kind == CAISSA_PGN_LIST_EDIT_DELETE) == inverse;

  guint k = split_at (self, edit->position);

  if (insert)
    {
      Piece piece = { edit->place.disk, 1, g_strdup (edit->place.text) };

      g_array_insert_val (self->pieces, k, piece);
      self->n_games++;
    }
  else
    {
      split_at (self, edit->position + 1);
      g_array_remove_index (self->pieces, k);
      self->n_games--;
    }
  join_pieces (self);
}

/* A new edit: done, kept for Undo, and what Redo had is gone. */
static void
push (CaissaPgnFileEdits *self,
      CaissaPgnListEdit   kind,
      guint               position,
      Place               place)
{
  Edit edit = { kind, position, place };

  apply (self, &edit, FALSE);
  g_array_append_val (self->undo, edit);
  g_array_set_size (self->redo, 0);
}

gboolean
caissa_pgn_file_edits_delete (CaissaPgnFileEdits *self,
                              guint               position)
{
  Place place;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), FALSE);

  if (position >= self->n_games)
    return FALSE;
  place = place_at (self, position);
  push (self, CAISSA_PGN_LIST_EDIT_DELETE, position, place_copy (&place));
  return TRUE;
}

gboolean
caissa_pgn_file_edits_duplicate (CaissaPgnFileEdits *self,
                                 guint               position)
{
  Place place;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), FALSE);

  if (position >= self->n_games)
    return FALSE;
  place = place_at (self, position);
  push (self, CAISSA_PGN_LIST_EDIT_DUPLICATE, position + 1, place_copy (&place));
  return TRUE;
}

gboolean
caissa_pgn_file_edits_add (CaissaPgnFileEdits *self,
                           guint               position,
                           const char         *text)
{
  Place place = { G_MAXUINT, NULL };

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (position > self->n_games)
    return FALSE;
  place.text = self->crlf ? caissa_pgn_text_to_crlf (text) : g_strdup (text);
  push (self, CAISSA_PGN_LIST_EDIT_ADD, position, place);
  return TRUE;
}

static CaissaPgnListEdit
last_edit (GArray *edits,
           guint  *number)
{
  const Edit *edit;

  if (edits->len == 0)
    return CAISSA_PGN_LIST_EDIT_NONE;
  edit = &g_array_index (edits, Edit, edits->len - 1);
  if (number != NULL)
    /* A copy is named by the game copied, just before it. */
    *number = edit->kind == CAISSA_PGN_LIST_EDIT_DUPLICATE ? edit->position : edit->position + 1;
  return edit->kind;
}

CaissaPgnListEdit
caissa_pgn_file_edits_get_undo (CaissaPgnFileEdits *self,
                                guint              *number)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), CAISSA_PGN_LIST_EDIT_NONE);

  return last_edit (self->undo, number);
}

CaissaPgnListEdit
caissa_pgn_file_edits_get_redo (CaissaPgnFileEdits *self,
                                guint              *number)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), CAISSA_PGN_LIST_EDIT_NONE);

  return last_edit (self->redo, number);
}

/* Moves the last edit of from to to, taking it back (inverse) or doing it
 * again. */
static CaissaPgnListEdit
step (CaissaPgnFileEdits *self,
      GArray             *from,
      GArray             *to,
      gboolean            inverse,
      guint              *show)
{
  Edit edit;
  gboolean removed;
  guint n;

  if (from->len == 0)
    return CAISSA_PGN_LIST_EDIT_NONE;
  edit = g_array_index (from, Edit, from->len - 1);
  /* The place's text moves to the other array with the edit. */
  g_array_index (from, Edit, from->len - 1).place.text = NULL;
  g_array_set_size (from, from->len - 1);
  apply (self, &edit, inverse);
  g_array_append_val (to, edit);

  removed = (edit.kind == CAISSA_PGN_LIST_EDIT_DELETE) != inverse;
  n = self->n_games;
  if (show != NULL)
    {
      guint at = edit.position;

      /* After a copy taken back, the game copied; after a game taken
       * out, the one now in its place. */
      if (removed && edit.kind == CAISSA_PGN_LIST_EDIT_DUPLICATE && at > 0)
        at--;
      *show = n == 0 ? G_MAXUINT : MIN (at, n - 1);
    }
  return edit.kind;
}

CaissaPgnListEdit
caissa_pgn_file_edits_undo (CaissaPgnFileEdits *self,
                            guint              *show)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), CAISSA_PGN_LIST_EDIT_NONE);

  return step (self, self->undo, self->redo, TRUE, show);
}

CaissaPgnListEdit
caissa_pgn_file_edits_redo (CaissaPgnFileEdits *self,
                            guint              *show)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), CAISSA_PGN_LIST_EDIT_NONE);

  return step (self, self->redo, self->undo, FALSE, show);
}

/* Appends the n games of the file from first as its bytes hold them, when
 * they are UTF-8 (then each game's text is its bytes): a million games
 * in one copy. FALSE (out as it was) otherwise. */
static gboolean
append_run (CaissaPgnFileEdits *self,
            GString            *out,
            guint               first,
            guint               n)
{
  CaissaPgnFileBytes *bytes = _caissa_pgn_file_ref_bytes (self->disk);
  guint64 start = _caissa_pgn_file_game_offset (self->disk, first);
  gsize last_len = 0, len;
  guint plies;
  const ChessPgnIndexEntry *last = _caissa_pgn_file_sort_entry (self->disk, first + n - 1, &last_len, &plies);
  gsize before = out->len;
  gboolean ok;

  if (last == NULL || last->offset + last_len < start)
    {
      _caissa_pgn_file_bytes_unref (bytes);
      return FALSE;
    }
  len = last->offset + last_len - start;
  g_string_set_size (out, before + len);
  ok = _caissa_pgn_file_bytes_copy (bytes, start, len, out->str + before)
       && memchr (out->str + before, '\0', len) == NULL
       && g_utf8_validate (out->str + before, len, NULL);
  _caissa_pgn_file_bytes_unref (bytes);
  if (!ok)
    g_string_truncate (out, before);
  return ok;
}

/* Whether the list's last game (of n_games, in pieces) ends the file
 * with one line end: it was not the file's last, or it is replaced. */
static gboolean
end_alone (CaissaPgnFileEdits *self,
           GArray             *pieces,
           guint               n_games,
           guint               replace)
{
  guint n_disk = g_list_model_get_n_items (G_LIST_MODEL (self->disk));
  const Piece *last;

  if (n_games == 0)
    return FALSE;
  last = &g_array_index (pieces, Piece, pieces->len - 1);
  return (last->text != NULL ? G_MAXUINT : last->disk + last->count - 1) != n_disk - 1
         || replace == n_games - 1;
}

/* The text of the list of pieces (n_games), on this thread. */
static char *
dup_text_of (CaissaPgnFileEdits  *self,
             GArray              *pieces,
             guint                n_games,
             guint                replace,
             const char          *pgn,
             GError             **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint k = 0, i = 0; k < pieces->len; k++)
    {
      const Piece *piece = &g_array_index (pieces, Piece, k);

      for (guint j = 0; j < piece->count; j++, i++)
        {
          g_autofree char *owned = NULL;
          const char *text = piece->text;
          guint disk = text != NULL ? G_MAXUINT : piece->disk + j;
          guint run;

          /* Games that follow each other in the file (the rest of the
           * piece, up to the game replaced), copied as one. */
          if (i != replace && text == NULL
              && (run = MIN (piece->count - j, replace > i ? replace - i : G_MAXUINT)) > 1)
            {
              _caissa_pgn_list_text_separate (out, self->crlf);
              if (append_run (self, out, disk, run))
                {
                  i += run - 1;
                  j += run - 1;
                  continue;
                }
            }
          if (i == replace)
            text = owned = self->crlf ? caissa_pgn_text_to_crlf (pgn) : g_strdup (pgn);
          else if (text == NULL)
            {
              text = owned = caissa_pgn_file_dup_game_text (self->disk, disk, NULL, error);
              if (text == NULL)
                return NULL;
            }
          _caissa_pgn_list_text_separate (out, self->crlf);
          g_string_append (out, text);
        }
    }

  /* A game that was not last now ends the file: with one line end, not
   * the blank line that parted it from the next. */
  if (end_alone (self, pieces, n_games, replace))
    {
      while (out->len > 0 && strchr ("\r\n \t", out->str[out->len - 1]) != NULL)
        g_string_truncate (out, out->len - 1);
      g_string_append (out, self->crlf ? "\r\n" : "\n");
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
caissa_pgn_file_edits_dup_text (CaissaPgnFileEdits  *self,
                                guint                replace,
                                const char          *pgn,
                                GError             **error)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), NULL);
  g_return_val_if_fail (replace == G_MAXUINT || pgn != NULL, NULL);

  return dup_text_of (self, self->pieces, self->n_games, replace, pgn, error);
}

CaissaPgnFile *
caissa_pgn_file_edits_make_view (CaissaPgnFileEdits  *self,
                                 GError             **error)
{
  CaissaPgnViewBuilder *builder;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), NULL);

  /* The file's games are read where they are, through its index: only
   * the games kept as text are indexed here. */
  builder = _caissa_pgn_view_builder_new (self->disk);
  for (guint k = 0; k < self->pieces->len; k++)
    {
      const Piece *piece = &g_array_index (self->pieces, Piece, k);

      if (piece->text != NULL)
        _caissa_pgn_view_builder_add_text (builder, piece->text);
      else
        _caissa_pgn_view_builder_add_disk (builder, piece->disk, piece->count);
    }
  return _caissa_pgn_file_new_view (self->disk, _caissa_pgn_view_builder_finish (builder));
}

/* A save under way: the list as it was asked for (its pieces copied, so
 * edits made meanwhile change nothing of it). */
typedef struct
{
  CaissaPgnFileEdits  *self;
  GArray              *pieces;
  guint                n_games;
  guint                n_disk;
  CaissaPgnFileBytes  *bytes;
  guint                replace;
  char                *pgn;
  CaissaPgnSaveFlags   flags;
  GCancellable        *cancellable;
  GAsyncReadyCallback  callback;
  gpointer             user_data;
} Save;

static void
save_free (Save *save)
{
  g_object_unref (save->self);
  g_array_unref (save->pieces);
  _caissa_pgn_file_bytes_unref (save->bytes);
  g_free (save->pgn);
  g_clear_object (&save->cancellable);
  g_free (save);
}

static void
text_made (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Save *save = user_data;
  CaissaPgnFileEdits *self = save->self;
  CaissaPgnFileBytes *bytes = _caissa_pgn_file_ref_bytes (self->disk);
  GError *error = NULL;
  char *text = _caissa_pgn_list_text_make_finish (result, &error);

  /* Games not UTF-8 as the file holds them, or a file read again
   * meanwhile: the text made here, as before, from the copied pieces. */
  if (text == NULL && error == NULL)
    text = dup_text_of (self, save->pieces, save->n_games, save->replace, save->pgn, &error);
  else if (text != NULL && (bytes != save->bytes
                            || g_list_model_get_n_items (G_LIST_MODEL (self->disk)) != save->n_disk))
    {
      g_free (text);
      text = dup_text_of (self, save->pieces, save->n_games, save->replace, save->pgn, &error);
    }
  _caissa_pgn_file_bytes_unref (bytes);

  if (text == NULL)
    g_task_report_error (self->disk, save->callback, save->user_data, caissa_pgn_file_save_async, error);
  else if (save->n_disk > 0)
    /* Every game replaced by the list's: what comes before the first
     * and after the last is kept. */
    _caissa_pgn_file_save_games_async (self->disk, 0, save->n_disk, text, save->flags, save->cancellable,
                                       save->callback, save->user_data);
  else
    {
      caissa_pgn_file_save_full_async (self->disk, caissa_pgn_file_get_file (self->disk), G_MAXUINT, text,
                                       save->flags, save->cancellable, save->callback, save->user_data);
      g_free (text);
    }
  save_free (save);
}

void
caissa_pgn_file_edits_save_async (CaissaPgnFileEdits  *self,
                                  guint                position,
                                  const char          *pgn,
                                  CaissaPgnSaveFlags   flags,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Save *save;
  CaissaPgnListText *text;
  g_autofree char *replaced = NULL;

  g_return_if_fail (CAISSA_IS_PGN_FILE_EDITS (self));
  g_return_if_fail (position == G_MAXUINT || pgn != NULL);

  save = g_new0 (Save, 1);
  save->self = g_object_ref (self);
  save->pieces = g_array_sized_new (FALSE, TRUE, sizeof (Piece), self->pieces->len);
  g_array_set_clear_func (save->pieces, (GDestroyNotify) piece_clear);
  save->n_games = self->n_games;
  save->n_disk = g_list_model_get_n_items (G_LIST_MODEL (self->disk));
  save->bytes = _caissa_pgn_file_ref_bytes (self->disk);
  save->replace = position;
  save->pgn = g_strdup (pgn);
  save->flags = flags;
  save->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  save->callback = callback;
  save->user_data = user_data;

  /* The list as runs of the file's games and texts, the game replaced
   * (position) as its text: one step per piece. */
  if (position != G_MAXUINT)
    replaced = self->crlf ? caissa_pgn_text_to_crlf (pgn) : g_strdup (pgn);
  text = _caissa_pgn_list_text_new (self->disk, self->crlf);
  for (guint k = 0, i = 0; k < self->pieces->len; k++)
    {
      const Piece *piece = &g_array_index (self->pieces, Piece, k);
      Piece copy = { piece->disk, piece->count, g_strdup (piece->text) };

      g_array_append_val (save->pieces, copy);
      if (position < i || position >= i + piece->count)
        {
          if (piece->text != NULL)
            for (guint j = 0; j < piece->count; j++)
              _caissa_pgn_list_text_add_text (text, piece->text);
          else
            _caissa_pgn_list_text_add_disk (text, piece->disk, piece->count);
        }
      else if (piece->text != NULL)
        for (guint j = 0; j < piece->count; j++)
          _caissa_pgn_list_text_add_text (text, i + j == position ? replaced : piece->text);
      else
        {
          _caissa_pgn_list_text_add_disk (text, piece->disk, position - i);
          _caissa_pgn_list_text_add_text (text, replaced);
          _caissa_pgn_list_text_add_disk (text, piece->disk + (position - i) + 1, piece->count - (position - i) - 1);
        }
      i += piece->count;
    }
  _caissa_pgn_list_text_make_async (text, end_alone (self, self->pieces, self->n_games, position),
                                    cancellable, text_made, save);
}

/* --- Kept for crash recovery ----------------------------------------------------------------- */

static const char *const kind_names[] = { "none", "delete", "duplicate", "add" };

/* The SHA-256 of the file's game disk as the file holds it now. */
static char *
disk_digest (CaissaPgnFileEdits  *self,
             guint                disk,
             GError             **error)
{
  gsize len = 0;
  g_autofree char *text = caissa_pgn_file_dup_game_text (self->disk, disk, &len, error);

  if (text == NULL)
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, len);
}

GKeyFile *
caissa_pgn_file_edits_to_key_file (CaissaPgnFileEdits  *self,
                                   const char          *path,
                                   GError             **error)
{
  g_autoptr(GKeyFile) kept = g_key_file_new ();

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  g_key_file_set_integer (kept, "list", "version", 1);
  g_key_file_set_string (kept, "list", "file", path);
  g_key_file_set_uint64 (kept, "list", "games", g_list_model_get_n_items (G_LIST_MODEL (self->disk)));
  g_key_file_set_uint64 (kept, "list", "edits", self->undo->len);
  for (guint i = 0; i < self->undo->len; i++)
    {
      const Edit *edit = &g_array_index (self->undo, Edit, i);
      g_autofree char *group = g_strdup_printf ("edit-%u", i);

      g_key_file_set_string (kept, group, "kind", kind_names[edit->kind]);
      g_key_file_set_uint64 (kept, group, "position", edit->position);
      if (edit->place.text != NULL)
        g_key_file_set_string (kept, group, "text", edit->place.text);
      else
        {
          g_autofree char *digest = disk_digest (self, edit->place.disk, error);

          if (digest == NULL)
            return NULL;
          g_key_file_set_uint64 (kept, group, "disk", edit->place.disk);
          g_key_file_set_string (kept, group, "original", digest);
        }
    }
  return g_steal_pointer (&kept);
}

static gboolean
changed (GError **error)
{
  g_set_error_literal (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
                       "the file is not the one the edits were made on");
  return FALSE;
}

/* Reads edit i of kept into edit (its place's text owned), checked
 * against the file as it is. */
static gboolean
read_edit (CaissaPgnFileEdits  *self,
           GKeyFile            *kept,
           guint                i,
           Edit                *edit,
           GError             **error)
{
  g_autofree char *group = g_strdup_printf ("edit-%u", i);
  g_autofree char *kind = g_key_file_get_string (kept, group, "kind", error);
  guint n_disk = g_list_model_get_n_items (G_LIST_MODEL (self->disk));
  GError *local = NULL;
  guint64 value;

  if (kind == NULL)
    return FALSE;
  edit->kind = CAISSA_PGN_LIST_EDIT_NONE;
  for (guint k = CAISSA_PGN_LIST_EDIT_DELETE; k < G_N_ELEMENTS (kind_names); k++)
    if (g_str_equal (kind, kind_names[k]))
      edit->kind = k;
  value = g_key_file_get_uint64 (kept, group, "position", &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (edit->kind == CAISSA_PGN_LIST_EDIT_NONE || value > self->n_games
      || (edit->kind == CAISSA_PGN_LIST_EDIT_DELETE && value >= self->n_games))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "edit %u cannot be done", i);
      return FALSE;
    }
  edit->position = value;
  edit->place.disk = G_MAXUINT;
  edit->place.text = g_key_file_get_string (kept, group, "text", NULL);
  if (edit->place.text == NULL)
    {
      g_autofree char *original = g_key_file_get_string (kept, group, "original", error);
      g_autofree char *digest = NULL;

      if (original == NULL)
        return FALSE;
      value = g_key_file_get_uint64 (kept, group, "disk", &local);
      if (local != NULL)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
      if (value >= n_disk)
        return changed (error);
      edit->place.disk = value;
      digest = disk_digest (self, edit->place.disk, NULL);
      if (digest == NULL || !g_str_equal (digest, original))
        return changed (error);
    }
  /* A game deleted must be the one at its place. */
  if (edit->kind == CAISSA_PGN_LIST_EDIT_DELETE)
    {
      Place at = place_at (self, edit->position);

      if (at.disk != edit->place.disk || g_strcmp0 (at.text, edit->place.text) != 0)
        {
          place_clear (&edit->place);
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "edit %u deletes another game", i);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
caissa_pgn_file_edits_replay (CaissaPgnFileEdits  *self,
                              GKeyFile            *kept,
                              GError             **error)
{
  GError *local = NULL;
  guint64 games, n;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE_EDITS (self), FALSE);
  g_return_val_if_fail (kept != NULL, FALSE);
  g_return_val_if_fail (self->undo->len == 0 && !caissa_pgn_file_edits_get_modified (self), FALSE);

  games = g_key_file_get_uint64 (kept, "list", "games", &local);
  if (local == NULL)
    n = g_key_file_get_uint64 (kept, "list", "edits", &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (games != g_list_model_get_n_items (G_LIST_MODEL (self->disk)))
    return changed (error);

  for (guint i = 0; i < n; i++)
    {
      Edit edit = { 0 };

      if (!read_edit (self, kept, i, &edit, error))
        {
          place_clear (&edit.place);
          /* Nothing done: the list as the file is. */
          while (self->undo->len > 0)
            step (self, self->undo, self->redo, TRUE, NULL);
          g_array_set_size (self->redo, 0);
          return FALSE;
        }
      apply (self, &edit, FALSE);
      g_array_append_val (self->undo, edit);
    }
  return TRUE;
}
