/* caissa-pgn-view.c — a list of a file's games and texts read as one file.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view is an array of runs, each either games that follow each other in
 * the file (a range of its bytes) or one game's text, at increasing
 * offsets of the virtual file. A game is found by a binary search over
 * the runs, so nothing here is proportional to the file's games.
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "caissa-pgn-view.h"

typedef struct
{
  guint64            start;      /* in the virtual file */
  guint64            length;
  guint              first;      /* the list's position of its first game */
  guint              count;
  guint              disk;       /* the file's first game, or G_MAXUINT */
  guint64            disk_start; /* the offset of that game in the file */
  GBytes            *text;       /* a game's text (UTF-8) */
  ChessPgnIndexEntry entry;      /* the text's entry, offsets in the text */
} Run;

struct _CaissaPgnView
{
  gatomicrefcount     ref_count;
  CaissaPgnFileBytes *bytes;     /* the file's */
  GArray             *runs;      /* of Run */
  guint               n_games;
  guint64             length;
};

struct _CaissaPgnViewBuilder
{
  CaissaPgnFile *disk;
  CaissaPgnView *view;
};

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->text, g_bytes_unref);
}

CaissaPgnViewBuilder *
_caissa_pgn_view_builder_new (CaissaPgnFile *disk)
{
  CaissaPgnViewBuilder *builder = g_new0 (CaissaPgnViewBuilder, 1);
  CaissaPgnView *view = g_new0 (CaissaPgnView, 1);

  g_assert (CAISSA_IS_PGN_FILE (disk));

  g_atomic_ref_count_init (&view->ref_count);
  view->bytes = _caissa_pgn_file_ref_bytes (disk);
  view->runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_array_set_clear_func (view->runs, (GDestroyNotify) run_clear);
  builder->disk = g_object_ref (disk);
  builder->view = view;
  return builder;
}

static Run *
last_run (CaissaPgnView *view)
{
  return view->runs->len > 0 ? &g_array_index (view->runs, Run, view->runs->len - 1) : NULL;
}

/* Appends run, placed after the last. */
static void
append_run (CaissaPgnView *view,
            Run           *run)
{
  Run *last = last_run (view);

  run->first = view->n_games;
  run->start = last != NULL ? last->start + last->length : 0;
  view->n_games += run->count;
  view->length = run->start + run->length;
  g_array_append_val (view->runs, *run);
}

/* The bytes from game first of disk to the end of game last. */
static guint64
disk_span (CaissaPgnFile *disk,
           guint          first,
           guint          last,
           guint64       *start)
{
  gsize len = 0;
  guint plies;
  const ChessPgnIndexEntry *e = _caissa_pgn_file_sort_entry (disk, first, &len, &plies);
  guint64 end;

  g_assert (e != NULL);
  *start = e->offset;
  if (last != first)
    e = _caissa_pgn_file_sort_entry (disk, last, &len, &plies);
  end = e->offset + len;
  return end > *start ? end - *start : 0;
}

/* The disk run being built ends: its bytes are measured. */
static void
close_disk_run (CaissaPgnViewBuilder *builder)
{
  CaissaPgnView *view = builder->view;
  Run *last = last_run (view);

  if (last == NULL || last->disk == G_MAXUINT || last->length > 0 || last->count == 0)
    return;
  last->length = disk_span (builder->disk, last->disk, last->disk + last->count - 1, &last->disk_start);
  view->length = last->start + last->length;
}

void
_caissa_pgn_view_builder_add_disk (CaissaPgnViewBuilder *builder,
                                   guint                 position,
                                   guint                 count)
{
  CaissaPgnView *view = builder->view;
  Run *last = last_run (view);
  Run run = { 0 };

  g_assert (count > 0);
  g_assert (position + count <= g_list_model_get_n_items (G_LIST_MODEL (builder->disk)));

  /* (A run being built has no length yet.) */
  if (last != NULL && last->disk != G_MAXUINT && last->length == 0
      && position == last->disk + last->count)
    {
      last->count += count;
      view->n_games += count;
      return;
    }
  close_disk_run (builder);
  run.count = count;
  run.disk = position;
  append_run (view, &run);
}

void
_caissa_pgn_view_builder_add_text (CaissaPgnViewBuilder *builder,
                                   const char           *text)
{
  CaissaPgnView *view = builder->view;
  gsize len = strlen (text);
  ChessPgnIndex *index = chess_pgn_index_new (0);
  Run run = { 0 };

  close_disk_run (builder);
  /* A game's text is small: indexed here, at once. */
  while (!chess_pgn_index_scan (index, text, len, len))
    ;
  if (chess_pgn_index_n_games (index) > 0)
    run.entry = *chess_pgn_index_entry (index, 0);
  chess_pgn_index_free (index);
  run.count = 1;
  run.disk = G_MAXUINT;
  run.text = g_bytes_new (text, len);
  run.length = len;
  append_run (view, &run);
}

CaissaPgnView *
_caissa_pgn_view_builder_finish (CaissaPgnViewBuilder *builder)
{
  CaissaPgnView *view = builder->view;

  close_disk_run (builder);
  g_object_unref (builder->disk);
  g_free (builder);
  return view;
}

CaissaPgnView *
_caissa_pgn_view_ref (CaissaPgnView *view)
{
  g_atomic_ref_count_inc (&view->ref_count);
  return view;
}

void
_caissa_pgn_view_unref (CaissaPgnView *view)
{
  if (!g_atomic_ref_count_dec (&view->ref_count))
    return;
  _caissa_pgn_file_bytes_unref (view->bytes);
  g_array_unref (view->runs);
  g_free (view);
}

guint
_caissa_pgn_view_n_games (CaissaPgnView *view)
{
  return view->n_games;
}

guint64
_caissa_pgn_view_length (CaissaPgnView *view)
{
  return view->length;
}

/* The last run whose key (start, or first for positions) is <= key: the
 * runs are in order of both. */
static const Run *
run_at (CaissaPgnView *view,
        guint64        key,
        gboolean       by_position)
{
  guint lo = 0, hi = view->runs->len;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      const Run *run = &g_array_index (view->runs, Run, mid);

      if ((by_position ? run->first : run->start) <= key)
        lo = mid;
      else
        hi = mid;
    }
  return &g_array_index (view->runs, Run, lo);
}

/* The run holding the byte at offset (< length). */
static const Run *
run_at_offset (CaissaPgnView *view,
               guint64        offset)
{
  return run_at (view, offset, FALSE);
}

/* The run holding the game at position (< n games). */
static const Run *
run_at_position (CaissaPgnView *view,
                 guint          position)
{
  return run_at (view, position, TRUE);
}

gboolean
_caissa_pgn_view_copy (CaissaPgnView *view,
                       guint64        offset,
                       gsize          len,
                       char          *dest)
{
  if (offset > view->length || len > view->length - offset)
    return FALSE;
  while (len > 0)
    {
      const Run *run = run_at_offset (view, offset);
      guint64 at = offset - run->start;
      gsize n = (gsize) MIN ((guint64) len, run->length - at);

      if (run->text != NULL)
        memcpy (dest, (const char *) g_bytes_get_data (run->text, NULL) + at, n);
      else if (!_caissa_pgn_file_bytes_copy (view->bytes, run->disk_start + at, n, dest))
        return FALSE;
      dest += n;
      offset += n;
      len -= n;
    }
  return TRUE;
}

guint
_caissa_pgn_view_disk_position (CaissaPgnView *view,
                                guint          position)
{
  const Run *run;

  g_assert (position < view->n_games);

  run = run_at_position (view, position);
  return run->disk == G_MAXUINT ? G_MAXUINT : run->disk + (position - run->first);
}

guint
_caissa_pgn_view_entry (CaissaPgnView      *view,
                        CaissaPgnFile      *disk,
                        guint               position,
                        ChessPgnIndexEntry *entry,
                        guint              *plies)
{
  const Run *run;
  const ChessPgnIndexEntry *e;
  guint d;
  gsize len = 0;

  g_assert (position < view->n_games);

  run = run_at_position (view, position);
  if (run->text != NULL)
    {
      *entry = run->entry;
      entry->offset = run->start + run->entry.offset;
      entry->length = (guint32) (run->length - run->entry.offset);
      *plies = G_MAXUINT;
      return G_MAXUINT;
    }
  d = run->disk + (position - run->first);
  e = _caissa_pgn_file_sort_entry (disk, d, &len, plies);
  *entry = *e;
  entry->offset = run->start + (e->offset - run->disk_start);
  entry->length = (guint32) MIN (len, (gsize) G_MAXUINT32 - 1);
  return d;
}

gboolean
_caissa_pgn_view_lines_before (CaissaPgnView *view,
                               guint64        end,
                               unsigned long *lines)
{
  const gsize chunk = 1 << 20;
  g_autofree char *buf = g_malloc (chunk);
  unsigned long n = 0;
  char prev = '\0';

  /* As the reader counts them: a CR not followed by LF is a break too
   * (one that ends the bytes is not: what follows is not known). */
  for (guint64 at = 0; at < end; at += chunk)
    {
      gsize len = (gsize) MIN ((guint64) chunk, end - at);

      if (!_caissa_pgn_view_copy (view, at, len, buf))
        return FALSE;
      for (gsize i = 0; i < len; i++)
        {
          if (buf[i] == '\n')
            n++;
          else if (prev == '\r')
            n++;
          prev = buf[i];
        }
    }
  *lines = n;
  return TRUE;
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* How many of the n sorted values lie in [from, to). */
static guint
count_in (const guint *values,
          guint        n,
          guint        from,
          guint        to)
{
  guint lo = 0, hi = n, start;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (values[mid] < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  start = lo;
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (values[mid] < to)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo - start;
}

guint
_caissa_pgn_view_count_errors (CaissaPgnView *view,
                               GHashTable    *disk_errors,
                               GHashTable    *errors)
{
  guint n = g_hash_table_size (disk_errors), count = 0;
  g_autofree guint *sorted = g_new (guint, MAX (n, 1));
  GHashTableIter iter;
  gpointer key;
  guint i = 0;

  /* A run at a time: as many steps as edits, not games. */
  g_hash_table_iter_init (&iter, disk_errors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    sorted[i++] = GPOINTER_TO_UINT (key);
  qsort (sorted, n, sizeof *sorted, compare_guint);
  for (guint r = 0; n > 0 && r < view->runs->len; r++)
    {
      const Run *run = &g_array_index (view->runs, Run, r);

      if (run->text == NULL)
        count += count_in (sorted, n, run->disk, run->disk + run->count);
    }
  /* Errors found in the list itself, on games disk has none for. */
  g_hash_table_iter_init (&iter, errors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint position = GPOINTER_TO_UINT (key);
      guint d = position < view->n_games ? _caissa_pgn_view_disk_position (view, position) : G_MAXUINT;

      if (d == G_MAXUINT || !g_hash_table_contains (disk_errors, GUINT_TO_POINTER (d)))
        count++;
    }
  return count;
}
