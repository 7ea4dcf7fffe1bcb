/* caissa-pgn-sort.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-sort"

#include "config.h"

#include <string.h>

#include "caissa-pgn-encoding.h"
#include "caissa-pgn-file-private.h"
#include "caissa-pgn-search.h"
#include "caissa-pgn-sort.h"

/* Where a row's key is: the main thread says, the worker reads. */
typedef enum
{
  SOURCE_MISSING,
  SOURCE_VALUE,    /* a: the number */
  SOURCE_BYTES,    /* a: offset in the file's bytes, len: a tag's raw value */
  SOURCE_STATIC,   /* a: a constant string (a computed opening's) */
  SOURCE_GAME,     /* a, len: the game's text, its plies counted */
} SourceKind;

typedef struct
{
  guint64 a;
  guint32 len;
  guint32 kind;
} Source;

typedef enum
{
  KEY_STRING,
  KEY_NUMBER,
  KEY_DATE,
} KeyType;

#define MISSING_KEY G_MAXUINT32

typedef struct
{
  CaissaPgnFileBytes *bytes;
  Source             *sources;
  guint               n;
  KeyType             type;
  gboolean            descending;
  guint32            *perm;
  guint               epoch;
  gint64              started;
} Job;

struct _CaissaPgnSort
{
  GObject              parent_instance;

  GListModel          *model;
  CaissaPgnFile       *file;
  guint                n_items;
  CaissaPgnSortColumn  column;
  gboolean             descending;
  /* Row → row of the model below; NULL: the model's own order. */
  guint32             *perm;
  /* Bumped when the model below changes other than by growing: a job
   * started before is of no use. */
  guint                epoch;
  GCancellable        *cancellable;   /* the running job's, or NULL */
  gboolean             dirty;         /* the order shown is not the whole order */
  guint                resort_id;
  gint64               last_duration;
  gboolean             emptied;       /* no rows, for a moment (emit_changed) */
  guint                pending;
};

enum
{
  PROP_0,
  PROP_PENDING,
  N_PROPS
};

enum
{
  REORDER,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void caissa_pgn_sort_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CaissaPgnSort, caissa_pgn_sort, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      caissa_pgn_sort_list_model_init))

/* --- The worker ------------------------------------------------------------------------ */

static void
job_free (gpointer data)
{
  Job *job = data;

  if (job->bytes != NULL)
    _caissa_pgn_file_bytes_unref (job->bytes);
  g_free (job->sources);
  g_free (job->perm);
  g_free (job);
}

/* A tag's raw value as shown: escapes undone; "?", "??" … mean unknown. */
static gboolean
unescape (char  *value,
          gsize *len)
{
  gsize j = 0;
  gboolean known = FALSE;

  for (gsize i = 0; i < *len; i++)
    {
      if (value[i] == '\\' && i + 1 < *len && (value[i + 1] == '"' || value[i + 1] == '\\'))
        i++;
      if (value[i] != '?')
        known = TRUE;
      value[j++] = value[i];
    }
  value[j] = '\0';
  *len = j;
  return known && j > 0;
}

static guint32
parse_number (const char *s)
{
  guint64 v = 0;
  gboolean digits = FALSE;

  while (*s == ' ')
    s++;
  for (; g_ascii_isdigit (*s) && v < MISSING_KEY; s++, digits = TRUE)
    v = v * 10 + (*s - '0');
  return digits ? (guint32) MIN (v, MISSING_KEY - 1) : MISSING_KEY;
}

/* "1974.05.21" → 19740521; unknown parts ("??") count as 0, an unknown
 * year makes the date unknown. */
static guint32
parse_date (const char *s)
{
  guint part[3] = { 0, 0, 0 };
  gboolean year = FALSE;

  for (guint p = 0; p < 3 && *s != '\0'; p++)
    {
      for (; *s != '\0' && *s != '.'; s++)
        if (g_ascii_isdigit (*s))
          {
            part[p] = MIN (part[p] * 10 + (*s - '0'), 99999u);
            if (p == 0)
              year = TRUE;
          }
      if (*s == '.')
        s++;
    }
  if (!year)
    return MISSING_KEY;
  return MIN (part[0], 9999u) * 10000 + MIN (part[1], 99u) * 100 + MIN (part[2], 99u);
}

typedef struct
{
  const char *name;
  char       *key;
} Name;

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  const Name *x = *(const Name **) a, *y = *(const Name **) b;
  int c = strcmp (x->key, y->key);

  return c != 0 ? c : strcmp (x->name, y->name);
}

/* Ranks the distinct names in the locale's order, ignoring case (as
 * GtkStringSorter): ids[] are turned from indices of names into ranks. */
static void
rank_names (GPtrArray *names,
            guint32   *ids,
            guint      n)
{
  g_autofree Name *store = NULL;
  g_autofree Name **order = NULL;
  g_autofree guint32 *rank = NULL;

  /* No names (no rows, or none with the tag): g_new () gives NULL, which
   * qsort () must not get. */
  if (names->len == 0)
    return;
  store = g_new (Name, names->len);
  order = g_new (Name *, names->len);
  rank = g_new (guint32, names->len);

  for (guint u = 0; u < names->len; u++)
    {
      const char *raw = g_ptr_array_index (names, u);
      /* Not UTF-8: Windows-1252 (caissa-pgn-encoding.h). */
      g_autofree char *decoded = caissa_pgn_decode_text (raw, strlen (raw), NULL);
      g_autofree char *folded = g_utf8_casefold (decoded != NULL ? decoded : raw, -1);

      store[u].name = raw;
      store[u].key = g_utf8_collate_key (folded, -1);
      order[u] = &store[u];
    }
  qsort (order, names->len, sizeof *order, compare_names);
  /* Names equal but for case share a rank: their games stay in order. */
  for (guint r = 0, k = 0; r < names->len; r++)
    {
      if (r > 0 && strcmp (order[r]->key, order[r - 1]->key) != 0)
        k++;
      rank[order[r] - store] = k;
    }
  for (guint i = 0; i < n; i++)
    if (ids[i] != MISSING_KEY)
      ids[i] = rank[ids[i]];
  for (guint u = 0; u < names->len; u++)
    g_free (store[u].key);
}

/* Sorts by the high 32 bits, keeping the order of equal ones (least
 * significant digit first, 16 bits at a time). */
static void
radix_sort_high (guint64 *a,
                 guint    n)
{
  g_autofree guint64 *tmp = NULL;
  g_autofree guint *count = NULL;
  guint64 *from = a, *to;

  if (n < 2)
    return;
  tmp = g_new (guint64, n);
  count = g_new (guint, 65536);
  to = tmp;

  for (guint shift = 32; shift < 64; shift += 16)
    {
      guint sum = 0;

      memset (count, 0, 65536 * sizeof *count);
      for (guint i = 0; i < n; i++)
        count[(from[i] >> shift) & 0xffff]++;
      if (n > 0 && count[(from[0] >> shift) & 0xffff] == n)
        continue;
      for (guint d = 0; d < 65536; d++)
        {
          guint c = count[d];

          count[d] = sum;
          sum += c;
        }
      for (guint i = 0; i < n; i++)
        to[count[(from[i] >> shift) & 0xffff]++] = from[i];
      {
        guint64 *t = from;

        from = to;
        to = t;
      }
    }
  if (from != a)
    memcpy (a, from, n * sizeof *a);
}

/* FALSE when cancelled. */
static gboolean
run_job (Job          *job,
         GCancellable *cancellable)
{
  g_autofree guint32 *ids = g_new (guint32, job->n);
  g_autofree guint64 *keys = NULL;
  g_autoptr(GHashTable) index = NULL;
  g_autoptr(GPtrArray) names = NULL;
  GStringChunk *chunk = NULL;
  char value[G_MAXUINT8 + 2];

  if (job->type == KEY_STRING)
    {
      index = g_hash_table_new (g_str_hash, g_str_equal);
      names = g_ptr_array_new ();
      chunk = g_string_chunk_new (64 * 1024);
    }

  for (guint i = 0; i < job->n; i++)
    {
      const Source *s = &job->sources[i];
      const char *text = NULL;
      guint32 key = MISSING_KEY;

      if ((i & 0xffff) == 0xffff && g_cancellable_is_cancelled (cancellable))
        break;
      switch (s->kind)
        {
        case SOURCE_VALUE:
          key = (guint32) MIN (s->a, MISSING_KEY - 1);
          break;
        case SOURCE_STATIC:
          text = (const char *) (guintptr) s->a;
          break;
        case SOURCE_BYTES:
          {
            gsize len = s->len;

            if (len < sizeof value && _caissa_pgn_file_bytes_copy (job->bytes, s->a, len, value)
                && unescape (value, &len))
              {
                if (job->type == KEY_STRING)
                  text = value;
                else if (job->type == KEY_DATE)
                  key = parse_date (value);
                else
                  key = parse_number (value);
              }
          }
          break;
        case SOURCE_GAME:
          {
            g_autofree char *game = g_try_malloc (MAX (s->len, 1));

            if (game != NULL && _caissa_pgn_file_bytes_copy (job->bytes, s->a, s->len, game))
              key = chess_pgn_count_plies (game, s->len);
          }
          break;
        default:
          break;
        }
      if (text != NULL && *text != '\0')
        {
          gpointer id;

          if (!g_hash_table_lookup_extended (index, text, NULL, &id))
            {
              char *kept = g_string_chunk_insert (chunk, text);

              id = GUINT_TO_POINTER (names->len);
              g_hash_table_insert (index, kept, id);
              g_ptr_array_add (names, kept);
            }
          key = GPOINTER_TO_UINT (id);
        }
      ids[i] = key;
    }

  if (g_cancellable_is_cancelled (cancellable))
    {
      if (chunk != NULL)
        g_string_chunk_free (chunk);
      return FALSE;
    }
  g_debug ("%u rows: keys read in %.1f ms (%u names)", job->n,
           (g_get_monotonic_time () - job->started) / 1000.0, names != NULL ? names->len : 0);
  if (names != NULL)
    rank_names (names, ids, job->n);
  if (chunk != NULL)
    g_string_chunk_free (chunk);

  /* Unknown last, in both directions; equal keys in the list's order. */
  keys = g_new (guint64, job->n);
  for (guint i = 0; i < job->n; i++)
    {
      guint32 k = ids[i];

      if (k != MISSING_KEY && job->descending)
        k = MISSING_KEY - 1 - k;
      keys[i] = ((guint64) k << 32) | i;
    }
  g_debug ("%u rows: ranked in %.1f ms", job->n, (g_get_monotonic_time () - job->started) / 1000.0);
  radix_sort_high (keys, job->n);
  job->perm = g_new (guint32, job->n);
  for (guint i = 0; i < job->n; i++)
    job->perm[i] = (guint32) keys[i];
  return TRUE;
}

static void
sort_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  if (run_job (task_data, cancellable))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error_if_cancelled (task);
}

/* --- On the main thread ---------------------------------------------------------------- */

static void
update_pending (CaissaPgnSort *self)
{
  guint pending = self->column != CAISSA_PGN_SORT_NONE
                  && (self->dirty || self->cancellable != NULL || self->resort_id != 0);

  if (pending != self->pending)
    {
      self->pending = pending;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
    }
}

static CaissaPgnFile *
model_file (CaissaPgnSort *self)
{
  if (CAISSA_IS_PGN_SEARCH (self->model))
    return caissa_pgn_search_get_file (CAISSA_PGN_SEARCH (self->model));
  if (CAISSA_IS_PGN_FILE (self->model))
    return CAISSA_PGN_FILE (self->model);
  return self->file;
}

static guint
file_position (CaissaPgnSort *self,
               guint          row)
{
  g_autoptr(CaissaPgnGameInfo) info = NULL;

  if (CAISSA_IS_PGN_SEARCH (self->model))
    return caissa_pgn_search_get_file_position (CAISSA_PGN_SEARCH (self->model), row);
  if (CAISSA_IS_PGN_FILE (self->model))
    return row;
  info = g_list_model_get_item (self->model, row);
  return info != NULL ? caissa_pgn_game_info_get_position (info) : G_MAXUINT;
}

static const ChessPgnIndexTag column_tags[CAISSA_PGN_SORT_N_COLUMNS] = {
  [CAISSA_PGN_SORT_WHITE] = CHESS_PGN_TAG_WHITE,
  [CAISSA_PGN_SORT_BLACK] = CHESS_PGN_TAG_BLACK,
  [CAISSA_PGN_SORT_WHITE_ELO] = CHESS_PGN_TAG_WHITE_ELO,
  [CAISSA_PGN_SORT_BLACK_ELO] = CHESS_PGN_TAG_BLACK_ELO,
  [CAISSA_PGN_SORT_RESULT] = CHESS_PGN_TAG_RESULT,
  [CAISSA_PGN_SORT_DATE] = CHESS_PGN_TAG_DATE,
  [CAISSA_PGN_SORT_EVENT] = CHESS_PGN_TAG_EVENT,
  [CAISSA_PGN_SORT_ECO] = CHESS_PGN_TAG_ECO,
  [CAISSA_PGN_SORT_MOVES] = CHESS_PGN_TAG_PLY_COUNT,
};

static gboolean
tag_source (const ChessPgnIndexEntry *e,
            ChessPgnIndexTag          tag,
            Source                   *s)
{
  if (e->tag_offset[tag] == 0 || e->tag_length[tag] == 0)
    return FALSE;
  s->kind = SOURCE_BYTES;
  s->a = e->offset + e->tag_offset[tag];
  s->len = e->tag_length[tag];
  return TRUE;
}

/* Where the key of the game at position is: read from the index only. */
static void
fill_source (CaissaPgnSort *self,
             CaissaPgnFile *file,
             guint          position,
             Source        *s)
{
  const ChessPgnIndexEntry *e = NULL;
  const ChessEco *eco = NULL;
  gsize length = 0;
  guint plies = G_MAXUINT;

  s->kind = SOURCE_MISSING;
  if (position != G_MAXUINT)
    e = _caissa_pgn_file_sort_entry (file, position, &length, &plies);
  if (e == NULL)
    return;
  switch (self->column)
    {
    case CAISSA_PGN_SORT_NUMBER:
      s->kind = SOURCE_VALUE;
      s->a = position;
      break;
    case CAISSA_PGN_SORT_MOVES:
      if (plies != G_MAXUINT)
        {
          s->kind = SOURCE_VALUE;
          s->a = plies;
        }
      else if (!tag_source (e, CHESS_PGN_TAG_PLY_COUNT, s) && length < G_MAXUINT32)
        {
          s->kind = SOURCE_GAME;
          s->a = e->offset;
          s->len = (guint32) length;
        }
      break;
    case CAISSA_PGN_SORT_ECO:
    case CAISSA_PGN_SORT_OPENING:
      if (self->column == CAISSA_PGN_SORT_ECO && tag_source (e, CHESS_PGN_TAG_ECO, s))
        break;
      if (_caissa_pgn_file_game_opening (file, position, &eco, NULL) && eco != NULL)
        {
          s->kind = SOURCE_STATIC;
          s->a = (guintptr) (self->column == CAISSA_PGN_SORT_ECO ? eco->eco : eco->name);
        }
      break;
    default:
      tag_source (e, column_tags[self->column], s);
      break;
    }
}

/* Up to this many rows are sorted at once on the main thread (a few
 * milliseconds): the rows never show unsorted, then change order. */
#define SYNC_LIMIT 10000

static void start_job (CaissaPgnSort *self);
static Job *new_job (CaissaPgnSort *self);

static gboolean
resort_cb (gpointer data)
{
  CaissaPgnSort *self = data;

  self->resort_id = 0;
  start_job (self);
  return G_SOURCE_REMOVE;
}

/* Sorts again soon: after twice what the last sort took (a file being
 * indexed grows all the time; it is not sorted over and over). */
static void
schedule (CaissaPgnSort *self,
          gboolean       now)
{
  self->dirty = TRUE;
  if (now && self->n_items <= SYNC_LIMIT && self->cancellable == NULL)
    {
      g_clear_handle_id (&self->resort_id, g_source_remove);
      start_job (self);
      return;
    }
  if (self->cancellable == NULL && self->resort_id == 0)
    {
      guint delay = now ? 0 : (guint) CLAMP (2 * self->last_duration / 1000, 100, 2000);

      self->resort_id = g_timeout_add (delay, resort_cb, self);
    }
  update_pending (self);
}

/* A change of many rows is told as all removed, then all added: GTK
 * 4.8's list view looks for the items it shows among every row added in
 * one change (a second for a million rows; the rows added after none are
 * not looked through). "reorder" comes before (the list's user unselects:
 * GtkSingleSelection would look for its item too) and after. */
#define BIG_CHANGE 5000

static void
emit_changed (CaissaPgnSort *self,
              guint          position,
              guint          removed,
              guint          added)
{
  guint n;

  if (removed == 0 && added == 0)
    return;
  if (removed == 0 || added <= BIG_CHANGE)
    {
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
      return;
    }
  g_signal_emit (self, signals[REORDER], 0, FALSE);
  n = self->n_items - added + removed;
  self->emptied = TRUE;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
  self->emptied = FALSE;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, self->n_items);
  g_signal_emit (self, signals[REORDER], 0, TRUE);
}

static void
set_perm (CaissaPgnSort *self,
          guint32       *perm)
{
  g_free (self->perm);
  self->perm = perm;
  emit_changed (self, 0, self->n_items, self->n_items);
}

static guint32 *
identity (guint n)
{
  guint32 *perm = g_new (guint32, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    perm[i] = i;
  return perm;
}

static void apply_job (CaissaPgnSort *self,
                       Job           *job);

static void
job_done_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      data)
{
  CaissaPgnSort *self = CAISSA_PGN_SORT (object);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    return;   /* cancelled: whoever cancelled has moved on */
  g_clear_object (&self->cancellable);
  apply_job (self, job);
}

static void
apply_job (CaissaPgnSort *self,
           Job           *job)
{
  guint32 *perm;

  self->last_duration = g_get_monotonic_time () - job->started;
  g_debug ("%u rows sorted in %.1f ms", job->n, self->last_duration / 1000.0);
  if (job->epoch != self->epoch || self->column == CAISSA_PGN_SORT_NONE)
    {
      if (self->column != CAISSA_PGN_SORT_NONE)
        schedule (self, TRUE);
      update_pending (self);
      return;
    }
  /* The games the list gained meanwhile, at the end until the next pass. */
  perm = g_renew (guint32, job->perm, MAX (self->n_items, 1));
  job->perm = NULL;
  for (guint i = job->n; i < self->n_items; i++)
    perm[i] = i;
  if (self->n_items > job->n)
    schedule (self, FALSE);
  set_perm (self, perm);
  update_pending (self);
}

static Job *
new_job (CaissaPgnSort *self)
{
  static const KeyType types[CAISSA_PGN_SORT_N_COLUMNS] = {
    [CAISSA_PGN_SORT_NUMBER] = KEY_NUMBER,
    [CAISSA_PGN_SORT_WHITE_ELO] = KEY_NUMBER,
    [CAISSA_PGN_SORT_BLACK_ELO] = KEY_NUMBER,
    [CAISSA_PGN_SORT_DATE] = KEY_DATE,
    [CAISSA_PGN_SORT_MOVES] = KEY_NUMBER,
  };
  CaissaPgnFile *file = model_file (self);
  Job *job;

  if (self->column == CAISSA_PGN_SORT_NONE || file == NULL)
    return NULL;
  job = g_new0 (Job, 1);
  job->n = self->n_items;
  job->type = types[self->column];
  job->descending = self->descending;
  job->epoch = self->epoch;
  job->started = g_get_monotonic_time ();
  job->bytes = _caissa_pgn_file_ref_bytes (file);
  job->sources = g_new (Source, MAX (job->n, 1));
  if (CAISSA_IS_PGN_FILE (self->model))
    for (guint i = 0; i < job->n; i++)
      fill_source (self, file, i, &job->sources[i]);
  else
    for (guint i = 0; i < job->n; i++)
      fill_source (self, file, file_position (self, i), &job->sources[i]);
  g_debug ("%u rows: keys located in %.1f ms", job->n, (g_get_monotonic_time () - job->started) / 1000.0);
  return job;
}

static void
start_job (CaissaPgnSort *self)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  self->dirty = FALSE;
  job = new_job (self);
  if (job == NULL)
    {
      update_pending (self);
      return;
    }
  if (job->n <= SYNC_LIMIT)
    {
      run_job (job, NULL);
      apply_job (self, job);
      job_free (job);
      update_pending (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, job_done_cb, NULL);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, sort_thread);
  update_pending (self);
}

static void
cancel_job (CaissaPgnSort *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  g_clear_handle_id (&self->resort_id, g_source_remove);
}

static void
model_items_changed_cb (GListModel    *model,
                        guint          position,
                        guint          removed,
                        guint          added,
                        CaissaPgnSort *self)
{
  guint old_n = self->n_items;

  self->n_items = g_list_model_get_n_items (model);
  if (self->perm == NULL)
    {
      emit_changed (self, position, removed, added);
      return;
    }
  if (self->n_items <= SYNC_LIMIT)
    {
      /* Sorted before they are shown: one change. */
      Job *job;

      self->epoch++;
      cancel_job (self);
      self->dirty = FALSE;
      job = new_job (self);
      if (job != NULL)
        run_job (job, NULL);
      g_free (self->perm);
      self->perm = job != NULL && job->perm != NULL ? job->perm : identity (self->n_items);
      if (job != NULL)
        {
          job->perm = NULL;
          job_free (job);
        }
      emit_changed (self, 0, old_n, self->n_items);
      update_pending (self);
      return;
    }
  if (removed == 0 && position == old_n)
    {
      /* Grown: the new games at the end until sorted in. */
      self->perm = g_renew (guint32, self->perm, MAX (self->n_items, 1));
      for (guint i = old_n; i < self->n_items; i++)
        self->perm[i] = i;
      emit_changed (self, position, 0, added);
      if (self->cancellable == NULL)
        schedule (self, FALSE);
      else
        self->dirty = TRUE;
      return;
    }
  /* Anything else: shown in the list's order until sorted again. */
  self->epoch++;
  cancel_job (self);
  g_free (self->perm);
  self->perm = identity (self->n_items);
  emit_changed (self, 0, old_n, self->n_items);
  schedule (self, FALSE);
}

/* --- GListModel ------------------------------------------------------------------------ */

static GType
caissa_pgn_sort_get_item_type (GListModel *model)
{
  return CAISSA_TYPE_PGN_GAME_INFO;
}

static guint
caissa_pgn_sort_get_n_items (GListModel *model)
{
  CaissaPgnSort *self = CAISSA_PGN_SORT (model);

  return self->emptied ? 0 : self->n_items;
}

static gpointer
caissa_pgn_sort_get_item (GListModel *model,
                          guint       position)
{
  CaissaPgnSort *self = CAISSA_PGN_SORT (model);

  if (self->model == NULL || self->emptied || position >= self->n_items)
    return NULL;
  return g_list_model_get_item (self->model, self->perm != NULL ? self->perm[position] : position);
}

static void
caissa_pgn_sort_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = caissa_pgn_sort_get_item_type;
  iface->get_n_items = caissa_pgn_sort_get_n_items;
  iface->get_item = caissa_pgn_sort_get_item;
}

/* --- GObject --------------------------------------------------------------------------- */

static void
caissa_pgn_sort_dispose (GObject *object)
{
  CaissaPgnSort *self = CAISSA_PGN_SORT (object);

  cancel_job (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_items_changed_cb, self);
  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_pointer (&self->perm, g_free);

  G_OBJECT_CLASS (caissa_pgn_sort_parent_class)->dispose (object);
}

static void
caissa_pgn_sort_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaissaPgnSort *self = CAISSA_PGN_SORT (object);

  switch (prop_id)
    {
    case PROP_PENDING:
      g_value_set_uint (value, self->pending);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_pgn_sort_class_init (CaissaPgnSortClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_pgn_sort_dispose;
  object_class->get_property = caissa_pgn_sort_get_property;

  properties[PROP_PENDING] =
    g_param_spec_uint ("pending", NULL, NULL, 0, 1, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaPgnSort::reorder:
   * @done: FALSE just before, TRUE just after
   *
   * Emitted around an items-changed of many rows (the rows changing
   * order, a search cleared).
   */
  signals[REORDER] =
    g_signal_new ("reorder",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
caissa_pgn_sort_init (CaissaPgnSort *self)
{
  self->column = CAISSA_PGN_SORT_NONE;
}

/* --- Public ---------------------------------------------------------------------------- */

CaissaPgnSort *
caissa_pgn_sort_new (void)
{
  return g_object_new (CAISSA_TYPE_PGN_SORT, NULL);
}

void
caissa_pgn_sort_set_model (CaissaPgnSort *self,
                           GListModel    *model,
                           CaissaPgnFile *file)
{
  guint old_n;

  g_return_if_fail (CAISSA_IS_PGN_SORT (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));

  g_set_object (&self->file, file);
  if (self->model == model)
    return;

  old_n = self->n_items;
  cancel_job (self);
  self->epoch++;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_items_changed_cb, self);
  g_set_object (&self->model, model);
  self->n_items = model != NULL ? g_list_model_get_n_items (model) : 0;
  if (model != NULL)
    g_signal_connect (model, "items-changed", G_CALLBACK (model_items_changed_cb), self);
  g_clear_pointer (&self->perm, g_free);
  if (self->column != CAISSA_PGN_SORT_NONE)
    {
      self->perm = identity (self->n_items);
      schedule (self, TRUE);
    }
  emit_changed (self, 0, old_n, self->n_items);
  update_pending (self);
}

GListModel *
caissa_pgn_sort_get_model (CaissaPgnSort *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SORT (self), NULL);

  return self->model;
}

void
caissa_pgn_sort_set_column (CaissaPgnSort       *self,
                            CaissaPgnSortColumn  column,
                            gboolean             descending)
{
  g_return_if_fail (CAISSA_IS_PGN_SORT (self));
  g_return_if_fail (column >= CAISSA_PGN_SORT_NONE && column < CAISSA_PGN_SORT_N_COLUMNS);

  if (column == CAISSA_PGN_SORT_NONE)
    descending = FALSE;
  if (self->column == column && self->descending == !!descending)
    return;
  cancel_job (self);
  self->epoch++;
  self->column = column;
  self->descending = !!descending;
  if (column == CAISSA_PGN_SORT_NONE)
    {
      self->dirty = FALSE;
      if (self->perm != NULL)
        set_perm (self, NULL);
      update_pending (self);
      return;
    }
  /* The rows keep their order until the new one is ready. */
  if (self->perm == NULL)
    self->perm = identity (self->n_items);
  schedule (self, TRUE);
}

CaissaPgnSortColumn
caissa_pgn_sort_get_column (CaissaPgnSort *self,
                            gboolean      *descending)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SORT (self), CAISSA_PGN_SORT_NONE);

  if (descending != NULL)
    *descending = self->descending;
  return self->column;
}

guint
caissa_pgn_sort_get_pending (CaissaPgnSort *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SORT (self), 0);

  return self->pending;
}

guint
caissa_pgn_sort_find (CaissaPgnSort *self,
                      guint          input_row)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SORT (self), G_MAXUINT);

  if (input_row >= self->n_items)
    return G_MAXUINT;
  if (self->perm == NULL)
    return input_row;
  for (guint i = 0; i < self->n_items; i++)
    if (self->perm[i] == input_row)
      return i;
  return G_MAXUINT;
}
