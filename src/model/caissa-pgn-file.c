/* caissa-pgn-file.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Threads. The index and the check run in GTask workers that share a
 * Loader with the main thread: the workers append what they find to its
 * queues under its mutex and schedule one dispatch on the main context;
 * the dispatch moves the queues into the file and emits the signals. The
 * workers hold the bytes and the Loader, never the CaissaPgnFile, so
 * dropping the file cancels them and they finish on their own.
 *
 * A file that changes on disk. Every read of a mapped file's bytes goes
 * through a fault guard (caissa-fault-guard.h): the indexer's steps and
 * the split, the checker's copy of each chunk, the copy of a game before
 * it is parsed, of the tags a row or a search reads, the line count of an
 * error. A page found gone lowers the Loader's "readable" bound, so later
 * reads past it are refused without touching the mapping (no storm of
 * signals while a search goes through a million games past the cut). The
 * saves hand the mapped bytes to write(), which the kernel reads: a page
 * gone there is EFAULT, not SIGBUS. Between their steps the workers look
 * at the file (loader_look()): the path's stamp, and for a mapped file the
 * stamp of the open descriptor, which tells a file rewritten or cut in
 * place (its bytes are no longer ours to trust: the workers stop) from a
 * file replaced or deleted (the mapping still holds the old bytes).
 */
#define G_LOG_DOMAIN "caissa-pgn-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "chess-eco.h"
#include "chess-pgn.h"
#include "chess-pgn-index.h"
#include "caissa-atomic.h"
#include "caissa-fault-guard.h"
#include "caissa-pgn-bytes.h"
#include "caissa-pgn-view.h"
#include "caissa-pgn-encoding.h"
#include "caissa-pgn-partial.h"
#include "caissa-pgn-save-style.h"
#include "caissa-pgn-file-private.h"

/* The first batch is small so the first games show at once; then larger
 * steps. Parts of the file are indexed one after the other, each into its
 * own index that is freed once handed over, so the worker's memory stays
 * bounded whatever the size of the file. */
#define FIRST_BUDGET   (24 * 1024)
#define STEP_BUDGET    (4 * 1024 * 1024)
#define PART_BYTES     ((guint64) 64 * 1024 * 1024)
#define CHECK_CHUNK    (1024 * 1024)
#define DISPATCH_MS    100
#define FIRST_YIELD_MS 150
/* A list view makes rows for its first couple of hundred items as they
 * come: they are handed over in steps of RAMP_STEP, a frame apart, so the
 * window makes them a few at a time instead of all in one long frame. */
#define RAMP_GAMES     256
#define RAMP_STEP      32
#define RAMP_MS        20
#define FIRST_FRAME_MS 40
#define PLIES_UNKNOWN  G_MAXUINT16
/* Room for any tag value the index records (its length is a byte). */
#define TAG_MAX        256

G_DEFINE_QUARK (caissa-pgn-file-error-quark, caissa_pgn_file_error)

/* The index, in blocks of BLOCK_SIZE entries: appending never moves what is
 * there (no copying of an array growing to tens of megabytes on the main
 * thread), and the checking worker reads the blocks through its own
 * reference once the index is complete (nothing is appended then). */
#define BLOCK_SHIFT 15
#define BLOCK_SIZE  (1u << BLOCK_SHIFT)

typedef struct
{
  gatomicrefcount  ref_count;
  GPtrArray       *blocks;    /* ChessPgnIndexEntry[BLOCK_SIZE] each */
  guint            n;
} EntryStore;

static EntryStore *
store_new (void)
{
  EntryStore *store = g_new0 (EntryStore, 1);

  g_atomic_ref_count_init (&store->ref_count);
  store->blocks = g_ptr_array_new_with_free_func (g_free);
  return store;
}

static EntryStore *
store_ref (EntryStore *store)
{
  g_atomic_ref_count_inc (&store->ref_count);
  return store;
}

static void
store_unref (EntryStore *store)
{
  if (!g_atomic_ref_count_dec (&store->ref_count))
    return;
  g_ptr_array_unref (store->blocks);
  g_free (store);
}

static inline const ChessPgnIndexEntry *
store_entry (const EntryStore *store,
             guint             i)
{
  return &((const ChessPgnIndexEntry *) store->blocks->pdata[i >> BLOCK_SHIFT])[i & (BLOCK_SIZE - 1)];
}

static void
store_append (EntryStore               *store,
              const ChessPgnIndexEntry *entries,
              guint                     n)
{
  while (n > 0)
    {
      guint in_block = store->n & (BLOCK_SIZE - 1);
      guint room = BLOCK_SIZE - in_block;
      guint take = MIN (room, n);

      if (in_block == 0)
        g_ptr_array_add (store->blocks, g_new (ChessPgnIndexEntry, BLOCK_SIZE));
      memcpy ((ChessPgnIndexEntry *) store->blocks->pdata[store->n >> BLOCK_SHIFT] + in_block,
              entries, take * sizeof *entries);
      store->n += take;
      entries += take;
      n -= take;
    }
}

typedef struct
{
  guint  position;
  guint  plies;
  guint32 opening; /* CAISSA_OPENING_* encoding (caissa-pgn-file-private.h) */
  char  *error;   /* "LINE:COLUMN: message", or NULL */
} CheckResult;

/* CAISSA_TEST_PGN_TRUNCATE's steps (see caissa-pgn-file.h). */
typedef enum
{
  TEST_NONE,
  TEST_INDEX,
  TEST_CHECK,
  TEST_OPEN,
  TEST_SAVE,
} TestStep;

typedef struct
{
  gatomicrefcount  ref_count;
  GMutex           mutex;
  GMainContext    *context;
  GWeakRef         owner;

  /* The bytes: a copy in memory, or a mapping of the file, or a view's. */
  CaissaPgnView   *view;
  GBytes          *bytes;
  const char      *data;
  gsize            len;
  gboolean         mapped;
  /* The file as it was read (path NULL when the bytes are not from a
   * local file); fd, for a mapped file only, is the file mapped, whatever
   * the path names now. */
  char            *path;
  int              fd;
  CaissaFileStamp  stamp;
  /* Bytes [0, readable) may still be read; lowered when the file is found
   * cut short. damaged: the mapped bytes are no longer those of the file
   * that was indexed (cut short or rewritten in place). */
  atomic_size_t    readable;
  atomic_int       damaged;
  /* Encodings (caissa-pgn-encoding.h). A UTF-16 file's bytes were
   * decoded at the opening (source_exact: they encode back the same).
   * The other files' encoding is learnt by a pass over their bytes: for a
   * file in memory (small) by the indexing worker as it goes (utf8, its
   * alone); for a mapped one (large) by the checking worker before it
   * parses, so that the pass costs the listing nothing. encoding is set
   * (under the mutex) once known. */
  ChessEncoding    source_encoding;
  gboolean         source_exact;
  ChessUtf8Scan    utf8;
  ChessEncoding    encoding;
  gboolean         encoding_known;
  /* CAISSA_TEST_PGN_TRUNCATE, read on the main thread at the opening. */
  TestStep         test_step;
  guint64          test_size;
  atomic_int       test_done;

  /* Guarded by mutex. */
  GArray          *new_entries;   /* ChessPgnIndexEntry */
  GArray          *new_results;   /* CheckResult */
  guint64          indexed_bytes;
  guint            n_checked;
  gboolean         index_done;
  gboolean         check_done;
  gboolean         changed;       /* the file on disk is not what was read */
  gboolean         saved;         /* saved over itself: saved_stamp is the file written */
  CaissaFileStamp  saved_stamp;
  GSource         *dispatch;
  gint64           last_dispatch;
  guint            n_dispatched;
  GCond            dispatched;
} Loader;

struct _CaissaPgnFile
{
  GObject        parent_instance;

  GFile         *file;
  char          *name;
  /* The Loader's, for short. */
  const char    *data;
  gsize          len;
  gboolean       mapped;
  gboolean       changed_on_disk;
  ChessEncoding  encoding;
  /* _caissa_pgn_file_raw_tag()'s copy of a mapped file's tag. */
  char           tag_copy[TAG_MAX];

  EntryStore    *store;       /* the games found, final (a view's: none, but their count) */
  /* A list's view (caissa-pgn-view.h): entries made from disk's. */
  CaissaPgnFile *disk;
  CaissaPgnView *view;
  ChessPgnIndexEntry view_entry;
  guint          view_plies;
  GArray        *plies;       /* guint16 per game: PLIES_UNKNOWN until known */
  GArray        *openings;    /* guint32 per game: CAISSA_OPENING_UNKNOWN until known */
  GHashTable    *errors;      /* position → "LINE:COLUMN: message" */
  GHashTable    *live;        /* position → CaissaPgnGameInfo (not owned) */

  Loader        *loader;
  GCancellable  *cancellable;
  GPtrArray     *pending_saves; /* GTask */
  gboolean       loading;
  gboolean       validate;
  gboolean       validating;
  double         progress;
  guint          n_validated;
};

enum
{
  PROP_0,
  PROP_FILE,
  PROP_NAME,
  PROP_N_ITEMS,
  PROP_LOADING,
  PROP_PROGRESS,
  PROP_VALIDATING,
  PROP_N_VALIDATED,
  PROP_N_ERRORS,
  PROP_CHANGED_ON_DISK,
  PROP_ENCODING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void caissa_pgn_file_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CaissaPgnFile, caissa_pgn_file, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      caissa_pgn_file_list_model_init))

/* --- Loader ------------------------------------------------------------------------ */

/* Takes bytes and fd (-1: none). */
static Loader *
loader_new (GBytes                *bytes,
            gboolean               mapped,
            const char            *path,
            int                    fd,
            const CaissaFileStamp *stamp)
{
  Loader *loader = g_new0 (Loader, 1);
  const char *spec = g_getenv ("CAISSA_TEST_PGN_TRUNCATE");

  g_atomic_ref_count_init (&loader->ref_count);
  g_mutex_init (&loader->mutex);
  g_cond_init (&loader->dispatched);
  loader->context = g_main_context_ref_thread_default ();
  loader->bytes = bytes;
  loader->data = g_bytes_get_data (bytes, &loader->len);
  if (loader->data == NULL)
    loader->data = "";
  loader->mapped = mapped;
  loader->path = g_strdup (path);
  loader->fd = fd;
  if (stamp != NULL)
    loader->stamp = *stamp;
  atomic_init (&loader->readable, loader->len);
  atomic_init (&loader->damaged, FALSE);
  atomic_init (&loader->test_done, FALSE);
  if (spec != NULL && path != NULL)
    {
      static const char *const steps[] = { NULL, "index:", "check:", "open:", "save:" };

      for (guint i = TEST_INDEX; i < G_N_ELEMENTS (steps); i++)
        if (g_str_has_prefix (spec, steps[i]))
          {
            loader->test_step = i;
            loader->test_size = g_ascii_strtoull (spec + strlen (steps[i]), NULL, 10);
          }
    }
  loader->new_entries = g_array_sized_new (FALSE, FALSE, sizeof (ChessPgnIndexEntry), BLOCK_SIZE);
  loader->new_results = g_array_new (FALSE, FALSE, sizeof (CheckResult));
  return loader;
}

static Loader *
loader_ref (Loader *loader)
{
  g_atomic_ref_count_inc (&loader->ref_count);
  return loader;
}

static void
free_results (GArray *results)
{
  for (guint i = 0; i < results->len; i++)
    g_free (g_array_index (results, CheckResult, i).error);
  g_array_unref (results);
}

static void
loader_unref (Loader *loader)
{
  if (!g_atomic_ref_count_dec (&loader->ref_count))
    return;

  g_assert (loader->dispatch == NULL);
  g_weak_ref_clear (&loader->owner);
  g_main_context_unref (loader->context);
  g_clear_pointer (&loader->view, _caissa_pgn_view_unref);
  g_bytes_unref (loader->bytes);
  if (loader->fd >= 0)
    close (loader->fd);
  g_free (loader->path);
  g_array_unref (loader->new_entries);
  free_results (loader->new_results);
  g_mutex_clear (&loader->mutex);
  g_cond_clear (&loader->dispatched);
  g_free (loader);
}

static void dispatch (CaissaPgnFile *self);

static gboolean
dispatch_cb (gpointer data)
{
  Loader *loader = data;
  g_autoptr(CaissaPgnFile) self = g_weak_ref_get (&loader->owner);

  g_mutex_lock (&loader->mutex);
  g_clear_pointer (&loader->dispatch, g_source_unref);
  loader->last_dispatch = g_get_monotonic_time ();
  g_mutex_unlock (&loader->mutex);

  if (self != NULL && self->loader == loader)
    dispatch (self);

  g_mutex_lock (&loader->mutex);
  loader->n_dispatched++;
  g_cond_broadcast (&loader->dispatched);
  g_mutex_unlock (&loader->mutex);
  return G_SOURCE_REMOVE;
}

static void
loader_attach_locked (Loader *loader,
                      guint   delay)
{
  loader->dispatch = delay ? g_timeout_source_new (delay) : g_idle_source_new ();
  g_source_set_priority (loader->dispatch, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback (loader->dispatch, dispatch_cb, loader_ref (loader),
                         (GDestroyNotify) loader_unref);
  g_source_attach (loader->dispatch, loader->context);
}

/* Called with the mutex held. The first news goes out at once, later news
 * at most every DISPATCH_MS, and the end at once. */
static void
loader_schedule_locked (Loader   *loader,
                        gboolean  now)
{
  gint64 since;
  guint delay = 0;

  if (loader->dispatch != NULL)
    {
      if (!now)
        return;
      /* Bring a delayed dispatch forward. */
      g_source_destroy (loader->dispatch);
      g_clear_pointer (&loader->dispatch, g_source_unref);
    }

  since = (g_get_monotonic_time () - loader->last_dispatch) / 1000;
  if (!now && loader->last_dispatch != 0 && since < DISPATCH_MS)
    delay = DISPATCH_MS - (guint) since;
  loader_attach_locked (loader, delay);
}

/* --- The file on disk ------------------------------------------------------------------- */

/* As caissa_file_stamp_get() makes them, from a stat of the open file. */
static void
stamp_from_stat (CaissaFileStamp   *stamp,
                 const struct stat *st)
{
  stamp->exists = TRUE;
  stamp->device = st->st_dev;
  stamp->inode = st->st_ino;
  stamp->size = st->st_size;
  stamp->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

/* Any thread: the file on disk is no longer what was read; the main
 * thread hears of it in the next dispatch ("changed-on-disk"). */
static void
loader_mark_changed (Loader *loader)
{
  g_mutex_lock (&loader->mutex);
  if (!loader->changed)
    {
      loader->changed = TRUE;
      loader_schedule_locked (loader, TRUE);
    }
  g_mutex_unlock (&loader->mutex);
}

/* Any thread: the mapped bytes are no longer the file's, and from limit
 * on (or from the file's end now, if that is before) they are gone. */
static void
loader_mark_damaged (Loader *loader,
                     gsize   limit)
{
  struct stat st;
  gsize readable;

  if (loader->fd >= 0 && fstat (loader->fd, &st) == 0 && (guint64) st.st_size < limit)
    limit = (gsize) st.st_size;
  readable = atomic_load (&loader->readable);
  while (limit < readable && !atomic_compare_exchange_weak (&loader->readable, &readable, limit))
    ;
  atomic_store (&loader->damaged, TRUE);
  loader_mark_changed (loader);
}

/* A read of the mapping at offset found its page gone. */
static void
loader_fault (Loader *loader,
              gsize   offset)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);

  loader_mark_damaged (loader, offset - offset % page);
}

/* Any thread: whether the bytes read are still the file's: always for a
 * copy in memory; for a mapping, while the file mapped (at the descriptor,
 * whatever its path names now) keeps its size and time. */
static gboolean
loader_bytes_intact (Loader *loader)
{
  CaissaFileStamp now;
  struct stat st;

  if (loader->fd >= 0 && !atomic_load (&loader->damaged) && fstat (loader->fd, &st) == 0)
    {
      stamp_from_stat (&now, &st);
      if (!caissa_file_stamp_equal (&now, &loader->stamp))
        loader_mark_damaged (loader, G_MAXSIZE);
    }
  return !atomic_load (&loader->damaged);
}

/* Any thread: whether now, the stamp of the file at the path, is another
 * file than the one read — and than the one this file's own save wrote
 * over it, which is not news. */
static gboolean
loader_is_other (Loader                *loader,
                 const CaissaFileStamp *now)
{
  gboolean other;

  if (caissa_file_stamp_equal (now, &loader->stamp))
    return FALSE;
  g_mutex_lock (&loader->mutex);
  other = !loader->saved || !caissa_file_stamp_equal (now, &loader->saved_stamp);
  g_mutex_unlock (&loader->mutex);
  return other;
}

/* Any thread: looks at the file on disk, notes what changed; returns
 * whether the bytes read so far are still the file's (always, for a copy
 * in memory). A file replaced or deleted is a change, but its mapping
 * keeps the old bytes. */
static gboolean
loader_look (Loader *loader)
{
  CaissaFileStamp now;

  if (loader->path == NULL)
    return TRUE;
  /* (A path that cannot be looked at tells nothing: the descriptor may.) */
  if (caissa_file_stamp_get (loader->path, &now, NULL))
    {
      if (caissa_file_stamp_equal (&now, &loader->stamp))
        return !atomic_load (&loader->damaged);
      if (loader_is_other (loader, &now))
        loader_mark_changed (loader);
    }
  return loader_bytes_intact (loader);
}

/* Copies bytes [offset, offset + len) of the file to dest; FALSE when
 * they are gone (dest then holds garbage). */
static gboolean
loader_copy (Loader *loader,
             gsize   offset,
             gsize   len,
             char   *dest)
{
  gsize fault = 0;

  if (offset > loader->len || len > loader->len - offset
      || offset + len > atomic_load (&loader->readable))
    return FALSE;
  if (loader->view != NULL)
    return _caissa_pgn_view_copy (loader->view, offset, len, dest);
  if (!loader->mapped)
    {
      memcpy (dest, loader->data + offset, len);
      return TRUE;
    }
  if (caissa_fault_guard_copy (dest, loader->data + offset, len, &fault))
    return TRUE;
  loader_fault (loader, offset + fault);
  return FALSE;
}

/* CAISSA_TEST_PGN_TRUNCATE: another program cuts the file short, now. */
static void
loader_test_step (Loader   *loader,
                  TestStep  step)
{
  if (loader->test_step != step || atomic_exchange (&loader->test_done, TRUE))
    return;
  if (truncate (loader->path, (off_t) loader->test_size) != 0)
    g_critical ("CAISSA_TEST_PGN_TRUNCATE: %s: %s", loader->path, g_strerror (errno));
}

/* --- Indexing worker ---------------------------------------------------------------- */

static void
index_publish (Loader        *loader,
               ChessPgnIndex *index,
               size_t         from,
               size_t         to,
               guint64        bytes,
               gboolean       first)
{
  g_mutex_lock (&loader->mutex);
  for (size_t i = from; i < to; i++)
    g_array_append_vals (loader->new_entries, chess_pgn_index_entry (index, i), 1);
  loader->indexed_bytes = bytes;
  loader_schedule_locked (loader, first && to > from);
  g_mutex_unlock (&loader->mutex);
}

/* After the first games: the worker lets the main thread list them before
 * it goes on, so the window is not competing with it for the processor
 * and the memory map while it creates its first rows (up to a bound, in
 * case the main loop is busy elsewhere). */
static void
index_yield_to_first_dispatch (Loader       *loader,
                               GCancellable *cancellable)
{
  gint64 deadline = g_get_monotonic_time () + FIRST_YIELD_MS * 1000;

  g_mutex_lock (&loader->mutex);
  while (loader->n_dispatched == 0 && !g_cancellable_is_cancelled (cancellable))
    if (!g_cond_wait_until (&loader->dispatched, &loader->mutex, deadline))
      break;
  g_mutex_unlock (&loader->mutex);
  /* The rows are made in the next frame, after the dispatch. */
  if (g_get_monotonic_time () < deadline)
    g_usleep (MIN (FIRST_FRAME_MS * 1000, deadline - g_get_monotonic_time ()));
}

/* chess_pgn_index_split() over bytes that may be gone: 0 parts if they are. */
static guint
index_split (Loader   *loader,
             guint     n_parts,
             guint64  *bounds)
{
  CaissaFaultGuard guard;
  guint k;

  if (!loader->mapped)
    return chess_pgn_index_split (loader->data, loader->len, n_parts, bounds);

  caissa_fault_guard_push (&guard, loader->data, loader->len);
  if (CAISSA_FAULT_GUARD_TRY (&guard))
    {
      k = chess_pgn_index_split (loader->data, loader->len, n_parts, bounds);
      caissa_fault_guard_pop (&guard);
      return k;
    }
  loader_fault (loader, (gsize) (guard.fault - loader->data));
  return 0;
}

/* chess_pgn_index_scan() over bytes that may be gone: FALSE if they are.
 *
 * The index is then as the fault left it, in program order: the scan
 * reads the file as chars, which may alias the index, so every store to
 * the index is done before the read that faulted. Its entries but the
 * last (which was being read) are whole games, read to their end. */
static gboolean
index_scan (Loader        *loader,
            ChessPgnIndex *index,
            guint64        end,
            guint64        budget,
            gboolean      *done)
{
  CaissaFaultGuard guard;
  guint64 from = chess_pgn_index_position (index);

  /* The bytes just indexed are checked for UTF-8 while they are in the
   * cache (the file's encoding; see Loader). */
  if (!loader->mapped)
    {
      *done = chess_pgn_index_scan (index, loader->data, end, budget);
      chess_utf8_scan_feed (&loader->utf8, loader->data + from, chess_pgn_index_position (index) - from);
      return TRUE;
    }

  caissa_fault_guard_push (&guard, loader->data, loader->len);
  if (CAISSA_FAULT_GUARD_TRY (&guard))
    {
      *done = chess_pgn_index_scan (index, loader->data, end, budget);
      caissa_fault_guard_pop (&guard);
      return TRUE;
    }
  loader_fault (loader, (gsize) (guard.fault - loader->data));
  return FALSE;
}

static void
index_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Loader *loader = task_data;
  gsize len = loader->len;
  guint n_parts = (guint) MIN (4096, len / PART_BYTES + 1);
  g_autofree guint64 *bounds = g_new (guint64, n_parts + 1);
  guint k = len > 0 ? index_split (loader, n_parts, bounds) : 0;
  gboolean first = TRUE;
  gboolean intact = TRUE;

  for (guint p = 0; p < k && intact; p++)
    {
      ChessPgnIndex *index = chess_pgn_index_new (bounds[p]);
      guint64 budget = first ? FIRST_BUDGET : STEP_BUDGET;
      size_t published = 0;
      gboolean done = FALSE;

      while (!done)
        {
          size_t n, final;

          if (g_cancellable_is_cancelled (cancellable))
            break;
          /* The bytes still the file's: cut short, or rewritten in place,
           * they are not read on. */
          if (!(intact = loader_look (loader)))
            break;
          if (!first)
            loader_test_step (loader, TEST_INDEX);
          if (!index_scan (loader, index, bounds[p + 1], budget, &done))
            {
              /* Gone past here: the games read whole before it stay. */
              n = chess_pgn_index_n_games (index);
              final = MAX (n > 0 ? n - 1 : 0, published);
              index_publish (loader, index, published, final, chess_pgn_index_position (index), FALSE);
              intact = FALSE;
              break;
            }
          budget = STEP_BUDGET;
          n = chess_pgn_index_n_games (index);
          /* Until the part is done its last game may still grow. */
          final = done ? n : (n > 0 ? n - 1 : 0);
          index_publish (loader, index, published, final,
                         chess_pgn_index_position (index), first);
          if (final > published && first)
            {
              first = FALSE;
              /* (A file read in one step has nothing left to hold back.) */
              if (!done || p + 1 < k)
                index_yield_to_first_dispatch (loader, cancellable);
            }
          published = final;
        }
      chess_pgn_index_free (index);
      if (g_cancellable_is_cancelled (cancellable))
        break;
    }

  g_mutex_lock (&loader->mutex);
  loader->index_done = TRUE;
  loader->indexed_bytes = len;
  if (loader->source_encoding != CHESS_ENCODING_UTF8)
    loader->encoding = loader->source_encoding;
  else if (!loader->mapped)
    loader->encoding = chess_utf8_scan_finish (&loader->utf8) ? CHESS_ENCODING_UTF8 : CHESS_ENCODING_CP1252;
  loader->encoding_known = !loader->mapped || loader->source_encoding != CHESS_ENCODING_UTF8;
  loader_schedule_locked (loader, TRUE);
  g_mutex_unlock (&loader->mutex);

  g_task_return_boolean (task, TRUE);
}

/* --- Checking worker ------------------------------------------------------------------ */

typedef struct
{
  Loader                   *loader;
  EntryStore               *store;
  guint                     n_entries;
  guint                     entry;      /* the entry the current game falls in */
  int                       depth;
  guint                     plies;
  char                     *error;
  GArray                   *results;    /* CheckResult, not yet handed over */
  /* A file not all UTF-8 is fed a game at a time, each decoded by itself
   * (check_by_game()): the text being fed, entry fed_entry's, from
   * fed_start in what the parser has read. */
  gboolean                  by_game;
  guint                     fed_entry;
  const char               *fed_text;
  gsize                     fed_len;
  guint64                   fed_start;
  ChessEcoWalk              walk;       /* the opening of the main line so far */
} Check;

static void
check_game_start (void                   *user_data,
                  const ChessPgnLocation *where)
{
  Check *c = user_data;

  if (c->by_game)
    c->entry = c->fed_entry;
  while (!c->by_game && c->entry + 1 < c->n_entries
         && store_entry (c->store, c->entry + 1)->offset <= where->offset)
    c->entry++;
  c->depth = 0;
  c->plies = 0;
  g_clear_pointer (&c->error, g_free);
  chess_eco_walk_init (&c->walk);
}

static void
check_start_position (void                *user_data,
                      const ChessPosition *pos)
{
  chess_eco_walk_position (&((Check *) user_data)->walk, pos, 0);
}

static void
check_move (void              *user_data,
            const char        *san,
            size_t             san_len,
            ChessMove          move,
            const ChessPosition *before)
{
  Check *c = user_data;

  if (c->depth == 0)
    chess_eco_walk_move (&c->walk, before, move, ++c->plies);
}

static void
check_variation_start (void *user_data)
{
  ((Check *) user_data)->depth++;
}

static void
check_variation_end (void *user_data)
{
  ((Check *) user_data)->depth--;
}

static void
check_error (void             *user_data,
             const ChessError *error)
{
  Check *c = user_data;
  unsigned long column = error->column;
  g_autofree char *message = NULL;

  if (c->error != NULL)
    return;
  /* (The message may quote the file: shown, it must be UTF-8.) */
  message = caissa_pgn_dup_utf8 (error->message, strlen (error->message));
  if (c->by_game && c->fed_text != NULL && error->offset >= c->fed_start && error->offset - c->fed_start <= c->fed_len)
    column = caissa_pgn_char_column (c->fed_text, c->fed_len, error->offset - c->fed_start, column);
  c->error = g_strdup_printf ("%lu:%lu: %s", error->line, column, message);
}

static void
check_game_end (void *user_data,
                bool  ok)
{
  Check *c = user_data;
  CheckResult r = { c->entry, c->plies, 0, NULL };

  chess_eco_walk_finish (&c->walk);
  /* A game that cannot be read is not named (as caissa-cli eco says). */
  r.opening = _caissa_pgn_opening_encode (c->error == NULL ? c->walk.opening : NULL, c->walk.ply);
  r.error = g_steal_pointer (&c->error);

  if (c->n_entries == 0)
    {
      g_free (r.error);
      return;
    }
  /* Two games the indexer saw as one: the first error stands. */
  if (c->results->len > 0)
    {
      CheckResult *last = &g_array_index (c->results, CheckResult, c->results->len - 1);

      if (last->position == r.position)
        {
          if (last->error == NULL)
            last->error = g_steal_pointer (&r.error);
          g_free (r.error);
          return;
        }
    }
  g_array_append_val (c->results, r);
}

static void
check_publish (Check    *c,
               gboolean  done)
{
  Loader *loader = c->loader;

  g_mutex_lock (&loader->mutex);
  /* The last game may still be in the parser's hands; it is handed over
   * at the end. */
  g_array_append_vals (loader->new_results, c->results->data, c->results->len);
  loader->n_checked = c->results->len > 0
                      ? g_array_index (c->results, CheckResult, c->results->len - 1).position + 1
                      : loader->n_checked;
  g_array_set_size (c->results, 0);
  if (done)
    loader->check_done = TRUE;
  loader_schedule_locked (loader, done);
  g_mutex_unlock (&loader->mutex);
}

/* The bytes of entry i: up to the next entry's start (the first entry from
 * the file's start, so that line numbers count every line). */
static void
check_entry_range (Check *c,
                   guint  i,
                   gsize *start,
                   gsize *end)
{
  *start = i == 0 ? 0 : store_entry (c->store, i)->offset;
  *end = i + 1 < c->n_entries ? store_entry (c->store, i + 1)->offset : c->loader->len;
}

/* check_thread() for a file not all UTF-8: each game decoded by itself
 * (caissa-pgn-encoding.h), as caissa_pgn_file_read_game() reads it, and
 * fed to the same parser. FALSE when stopped before the end. */
static gboolean
check_by_game (Check          *c,
               ChessPgnParser *parser,
               GCancellable   *cancellable)
{
  Loader *loader = c->loader;
  gsize since_look = 0;

  c->by_game = TRUE;
  for (guint i = 0; i < MAX (c->n_entries, 1); i++)
    {
      gsize start, end;
      g_autofree char *copy = NULL;
      g_autofree char *decoded = NULL;
      const char *raw = loader->data;
      gsize len;

      if (c->n_entries == 0)
        start = 0, end = loader->len;
      else
        check_entry_range (c, i, &start, &end);
      len = end - start;
      /* About as often as check_thread() does. */
      if (i == 0 || since_look >= CHECK_CHUNK)
        {
          if (g_cancellable_is_cancelled (cancellable) || !loader_look (loader))
            return FALSE;
          if (c->results->len > 0)
            check_publish (c, FALSE);
          since_look = 0;
        }
      since_look += len;
      if (loader->mapped)
        {
          copy = g_try_malloc (MAX (len, 1));
          if (copy == NULL || !loader_copy (loader, start, len, copy))
            return FALSE;
          raw = copy;
        }
      else
        raw += start;
      decoded = caissa_pgn_decode_text (raw, len, &len);
      c->fed_entry = i;
      c->fed_text = decoded != NULL ? decoded : raw;
      c->fed_len = len;
      chess_pgn_parser_feed (parser, c->fed_text, len);
      c->fed_start += len;
    }
  c->fed_text = NULL;
  c->fed_len = 0;
  return TRUE;
}

/* n bytes from off into scan, guarded; FALSE when they are gone. */
static gboolean
check_encoding_step (Loader        *loader,
                     ChessUtf8Scan *scan,
                     gsize          off,
                     gsize          n)
{
  CaissaFaultGuard guard;

  caissa_fault_guard_push (&guard, loader->data + off, n);
  if (CAISSA_FAULT_GUARD_TRY (&guard))
    {
      chess_utf8_scan_feed (scan, loader->data + off, n);
      caissa_fault_guard_pop (&guard);
      return TRUE;
    }
  loader_fault (loader, (gsize) (guard.fault - loader->data));
  return FALSE;
}

/* A mapped file's encoding (see Loader), before it is parsed; stops at
 * the first byte that is not UTF-8. FALSE when stopped (cancelled, or
 * the bytes are gone). */
static gboolean
check_encoding (Loader       *loader,
                GCancellable *cancellable)
{
  ChessUtf8Scan scan = { 0 };
  gboolean valid;

  for (gsize off = 0; off < loader->len && !scan.invalid; off += 16 * CHECK_CHUNK)
    {
      if (g_cancellable_is_cancelled (cancellable) || !loader_look (loader)
          || !check_encoding_step (loader, &scan, off, MIN (16 * CHECK_CHUNK, loader->len - off)))
        return FALSE;
    }
  valid = chess_utf8_scan_finish (&scan);
  g_mutex_lock (&loader->mutex);
  loader->encoding = valid ? CHESS_ENCODING_UTF8 : CHESS_ENCODING_CP1252;
  loader->encoding_known = TRUE;
  loader_schedule_locked (loader, TRUE);
  g_mutex_unlock (&loader->mutex);
  return TRUE;
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Check *c = task_data;
  const ChessPgnVisitor visitor = {
    .game_start = check_game_start,
    .start_position = check_start_position,
    .move = check_move,
    .variation_start = check_variation_start,
    .variation_end = check_variation_end,
    .error = check_error,
    .game_end = check_game_end,
  };
  Loader *loader = c->loader;
  gsize len = loader->len;
  ChessPgnParser *parser = chess_pgn_parser_new (&visitor, c, CHESS_PGN_DEFAULT);
  /* A mapped file is parsed from copies of its chunks: the parser then
   * never meets a page that is gone (it allocates as it goes, which no
   * jump out of a fault may cut short). */
  g_autofree char *chunk = loader->mapped ? g_malloc (CHECK_CHUNK) : NULL;
  gboolean finished = TRUE;

  if (!loader->encoding_known && !check_encoding (loader, cancellable))
    len = 0, finished = FALSE;
  else if (loader->encoding == CHESS_ENCODING_CP1252)
    len = 0, finished = check_by_game (c, parser, cancellable);
  for (gsize off = 0; off < len; off += CHECK_CHUNK)
    {
      gsize n = MIN (CHECK_CHUNK, len - off);
      const char *bytes = loader->data + off;

      if (g_cancellable_is_cancelled (cancellable) || !loader_look (loader))
        {
          finished = FALSE;
          break;
        }
      if (loader->mapped)
        {
          if (off > 0)
            loader_test_step (loader, TEST_CHECK);
          if (!loader_copy (loader, off, n, chunk))
            {
              finished = FALSE;
              break;
            }
          bytes = chunk;
        }
      chess_pgn_parser_feed (parser, bytes, n);
      if (c->results->len > 0)
        check_publish (c, FALSE);
    }
  if (finished)
    chess_pgn_parser_finish (parser);
  chess_pgn_parser_free (parser);
  g_clear_pointer (&c->error, g_free);
  check_publish (c, TRUE);

  g_task_return_boolean (task, TRUE);
}

static void
check_free (Check *c)
{
  free_results (c->results);
  g_free (c->error);
  store_unref (c->store);
  loader_unref (c->loader);
  g_free (c);
}

static void start_check       (CaissaPgnFile *self);
static void run_pending_saves (CaissaPgnFile *self);

/* --- The dispatch on the main thread ------------------------------------------------------- */

static void
set_plies (CaissaPgnFile *self,
           guint          position,
           guint          plies)
{
  if (self->plies->len < self->store->n)
    {
      guint old = self->plies->len;

      g_array_set_size (self->plies, self->store->n);
      for (guint i = old; i < self->plies->len; i++)
        g_array_index (self->plies, guint16, i) = PLIES_UNKNOWN;
    }
  if (position < self->plies->len)
    g_array_index (self->plies, guint16, position) = (guint16) MIN (plies, PLIES_UNKNOWN - 1);
}

static void
set_opening (CaissaPgnFile     *self,
             guint              position,
             guint32            opening,
             CaissaPgnGameInfo *item)
{
  if (self->openings->len < self->store->n)
    {
      guint old = self->openings->len;

      g_array_set_size (self->openings, self->store->n);
      memset (&g_array_index (self->openings, guint32, old), 0, (self->openings->len - old) * sizeof (guint32));
    }
  if (position >= self->openings->len || g_array_index (self->openings, guint32, position) == opening)
    return;
  g_array_index (self->openings, guint32, position) = opening;
  if (item != NULL)
    _caissa_pgn_game_info_opening_changed (item);
}

/* A view's game at position: its place in disk (G_MAXUINT: a text, or no view). */
static guint
on_disk (CaissaPgnFile *self,
         guint          position)
{
  return self->view != NULL && position < self->store->n ? _caissa_pgn_view_disk_position (self->view, position)
                                                         : G_MAXUINT;
}

gboolean
_caissa_pgn_file_game_opening (CaissaPgnFile   *self,
                               guint            position,
                               const ChessEco **eco,
                               guint           *ply)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  if (position >= self->openings->len
      || g_array_index (self->openings, guint32, position) == CAISSA_OPENING_UNKNOWN)
    return on_disk (self, position) != G_MAXUINT
           && _caissa_pgn_file_game_opening (self->disk, on_disk (self, position), eco, ply);
  return _caissa_pgn_opening_decode (g_array_index (self->openings, guint32, position), eco, ply);
}

static void
set_game_error (CaissaPgnFile *self,
                guint          position,
                char          *error)
{
  g_hash_table_replace (self->errors, GUINT_TO_POINTER (position), error);
}

static void
dispatch (CaissaPgnFile *self)
{
  Loader *loader = self->loader;
  g_autoptr(GArray) entries = NULL;
  GArray *results = NULL;
  guint64 indexed;
  guint n_checked;
  gboolean index_done, check_done, changed;
  ChessEncoding encoding;
  guint old_n, n_errors_before;
  double progress;

  g_mutex_lock (&loader->mutex);
  entries = loader->new_entries;
  if (self->store->n < RAMP_GAMES && entries->len > RAMP_STEP)
    {
      /* The rest waits for the next frame (see RAMP_GAMES). */
      guint rest = entries->len - RAMP_STEP;

      loader->new_entries = g_array_sized_new (FALSE, FALSE, sizeof (ChessPgnIndexEntry), MAX (rest, BLOCK_SIZE));
      g_array_append_vals (loader->new_entries, &g_array_index (entries, ChessPgnIndexEntry, RAMP_STEP), rest);
      g_array_set_size (entries, RAMP_STEP);
      if (loader->dispatch == NULL)
        loader_attach_locked (loader, RAMP_MS);
    }
  else
    loader->new_entries = g_array_sized_new (FALSE, FALSE, sizeof (ChessPgnIndexEntry), BLOCK_SIZE);
  results = loader->new_results;
  loader->new_results = g_array_new (FALSE, FALSE, sizeof (CheckResult));
  indexed = loader->indexed_bytes;
  n_checked = loader->n_checked;
  index_done = loader->index_done && loader->new_entries->len == 0;
  check_done = loader->check_done;
  changed = loader->changed;
  encoding = loader->encoding_known ? loader->encoding : self->encoding;
  g_mutex_unlock (&loader->mutex);

  g_object_freeze_notify (G_OBJECT (self));

  old_n = self->store->n;
  if (entries->len > 0)
    {
      store_append (self->store, (const ChessPgnIndexEntry *) (const void *) entries->data, entries->len);
      gint64 start = g_get_monotonic_time ();

      g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, entries->len);
      g_debug ("%s: %u games listed (%u in all), items-changed took %.1f ms", self->name,
               entries->len, self->store->n, (g_get_monotonic_time () - start) / 1000.0);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
    }

  progress = self->len > 0 ? (double) indexed / (double) self->len : 1.0;
  if (index_done)
    progress = 1.0;
  if (progress != self->progress)
    {
      self->progress = progress;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }

  n_errors_before = g_hash_table_size (self->errors);
  for (guint i = 0; i < results->len; i++)
    {
      CheckResult *r = &g_array_index (results, CheckResult, i);
      CaissaPgnGameInfo *item = g_hash_table_lookup (self->live, GUINT_TO_POINTER (r->position));
      gboolean had_plies = r->position < self->plies->len
                           && g_array_index (self->plies, guint16, r->position) != PLIES_UNKNOWN;
      gboolean new_error = FALSE;

      if (r->error != NULL && !g_hash_table_contains (self->errors, GUINT_TO_POINTER (r->position)))
        {
          set_game_error (self, r->position, g_steal_pointer (&r->error));
          new_error = TRUE;
        }
      set_plies (self, r->position, r->plies);
      set_opening (self, r->position, r->opening, item);
      if (item != NULL)
        _caissa_pgn_game_info_changed (item, !had_plies, new_error);
    }
  free_results (results);
  if (g_hash_table_size (self->errors) != n_errors_before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
  if (n_checked != self->n_validated)
    {
      self->n_validated = n_checked;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_VALIDATED]);
    }

  if (changed && !self->changed_on_disk)
    {
      g_debug ("%s changed on disk while it was read: the list may be incomplete", self->name);
      self->changed_on_disk = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHANGED_ON_DISK]);
    }

  if (encoding != self->encoding)
    {
      self->encoding = encoding;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENCODING]);
    }
  if (index_done && self->loading)
    {
      self->loading = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
      /* Bytes no longer the file's are not checked: their errors would
       * be the change's. */
      if (self->validate && !atomic_load (&loader->damaged)
          && !g_cancellable_is_cancelled (self->cancellable))
        start_check (self);
      run_pending_saves (self);
    }
  if (check_done && self->validating)
    {
      self->validating = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALIDATING]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
task_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_task_propagate_boolean (G_TASK (result), NULL);
}

static void
start_index (CaissaPgnFile *self)
{
  g_autoptr(GTask) task = g_task_new (NULL, self->cancellable, task_done_cb, NULL);

  self->loading = TRUE;
  g_task_set_name (task, "caissa-pgn-index");
  g_task_set_task_data (task, loader_ref (self->loader), (GDestroyNotify) loader_unref);
  g_task_run_in_thread (task, index_thread);
}

static void
start_check (CaissaPgnFile *self)
{
  g_autoptr(GTask) task = g_task_new (NULL, self->cancellable, task_done_cb, NULL);
  Check *c = g_new0 (Check, 1);

  c->loader = loader_ref (self->loader);
  /* The index is final now (nothing is appended any more): the worker
   * reads the entries through its own reference. */
  c->store = store_ref (self->store);
  c->n_entries = self->store->n;
  c->results = g_array_new (FALSE, FALSE, sizeof (CheckResult));
  g_task_set_task_data (task, c, (GDestroyNotify) check_free);
  g_task_set_name (task, "caissa-pgn-check");

  self->validating = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALIDATING]);
  g_task_run_in_thread (task, check_thread);
}

/* --- GListModel ---------------------------------------------------------------------------- */

static GType
caissa_pgn_file_get_item_type (GListModel *model)
{
  return CAISSA_TYPE_PGN_GAME_INFO;
}

static guint
caissa_pgn_file_get_n_items (GListModel *model)
{
  return CAISSA_PGN_FILE (model)->store->n;
}

static gpointer
caissa_pgn_file_get_item (GListModel *model,
                          guint       position)
{
  CaissaPgnFile *self = CAISSA_PGN_FILE (model);
  CaissaPgnGameInfo *item;

  if (position >= self->store->n)
    return NULL;

  item = g_hash_table_lookup (self->live, GUINT_TO_POINTER (position));
  if (item != NULL)
    return g_object_ref (item);

  item = _caissa_pgn_game_info_new (self, position);
  g_hash_table_insert (self->live, GUINT_TO_POINTER (position), item);
  return item;
}

static void
caissa_pgn_file_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = caissa_pgn_file_get_item_type;
  iface->get_n_items = caissa_pgn_file_get_n_items;
  iface->get_item = caissa_pgn_file_get_item;
}

/* --- For the items --------------------------------------------------------------------------- */

static const ChessPgnIndexEntry *
entry_at (CaissaPgnFile *self,
          guint          position)
{
  g_assert (position < self->store->n);

  if (self->view != NULL)
    {
      _caissa_pgn_view_entry (self->view, self->disk, position, &self->view_entry, &self->view_plies);
      return &self->view_entry;
    }
  return store_entry (self->store, position);
}

static gsize
entry_length (CaissaPgnFile *self,
              guint          position)
{
  const ChessPgnIndexEntry *e = entry_at (self, position);

  if (e->length != G_MAXUINT32)
    return e->length;
  if (position + 1 < self->store->n)
    return entry_at (self, position + 1)->offset - e->offset;
  return self->len - e->offset;
}

const char *
_caissa_pgn_file_raw_tag (CaissaPgnFile    *self,
                          guint             position,
                          ChessPgnIndexTag  tag,
                          gsize            *length)
{
  const ChessPgnIndexEntry *e;

  g_assert (CAISSA_IS_PGN_FILE (self));

  if (position >= self->store->n)
    return NULL;
  e = entry_at (self, position);
  if (e->tag_offset[tag] == 0)
    return NULL;
  if (!self->mapped)
    {
      *length = e->tag_length[tag];
      return self->data + e->offset + e->tag_offset[tag];
    }
  if (!loader_copy (self->loader, e->offset + e->tag_offset[tag], e->tag_length[tag], self->tag_copy))
    return NULL;
  self->tag_copy[e->tag_length[tag]] = '\0';
  *length = e->tag_length[tag];
  return self->tag_copy;
}

guint
_caissa_pgn_file_game_plies (CaissaPgnFile *self,
                             guint          position)
{
  const char *raw;
  gsize len = 0;
  guint plies;

  g_assert (CAISSA_IS_PGN_FILE (self));

  if (position >= self->store->n)
    return 0;
  if (position < self->plies->len && g_array_index (self->plies, guint16, position) != PLIES_UNKNOWN)
    return g_array_index (self->plies, guint16, position);
  if (on_disk (self, position) != G_MAXUINT)
    return _caissa_pgn_file_game_plies (self->disk, on_disk (self, position));

  raw = _caissa_pgn_file_raw_tag (self, position, CHESS_PGN_TAG_PLY_COUNT, &len);
  if (raw != NULL)
    {
      char buf[16];
      guint64 n;

      if (len < sizeof buf)
        {
          memcpy (buf, raw, len);
          buf[len] = '\0';
          if (g_ascii_string_to_unsigned (buf, 10, 0, G_MAXUINT16 - 1, &n, NULL))
            return (guint) n;
        }
    }

  /* Counted from the text (a few microseconds), then kept; a mapped
   * file's from a copy (the parser allocates: no fault may cut it short). */
  if (self->mapped)
    {
      gsize length = entry_length (self, position);
      g_autofree char *text = g_try_malloc (MAX (length, 1));

      if (text == NULL || !loader_copy (self->loader, entry_at (self, position)->offset, length, text))
        return 0;
      plies = chess_pgn_count_plies (text, length);
    }
  else
    plies = chess_pgn_count_plies (self->data + entry_at (self, position)->offset,
                                   entry_length (self, position));
  set_plies (self, position, plies);
  return plies;
}

const char *
_caissa_pgn_file_game_error (CaissaPgnFile *self,
                             guint          position)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  if (on_disk (self, position) != G_MAXUINT && !g_hash_table_contains (self->errors, GUINT_TO_POINTER (position)))
    return _caissa_pgn_file_game_error (self->disk, on_disk (self, position));
  return g_hash_table_lookup (self->errors, GUINT_TO_POINTER (position));
}

/* The raw values of n tags of a game, copied out of the file (a mapped
 * file's under one guard): lengths[i] 0 when absent. FALSE when the
 * game's bytes are gone. */
static gboolean
copy_tags (CaissaPgnFile            *self,
           const ChessPgnIndexEntry *e,
           const ChessPgnIndexTag   *tags,
           guint                     n,
           char                    (*values)[TAG_MAX],
           gsize                    *lengths)
{
  CaissaFaultGuard guard;
  gsize end = 0;

  for (guint i = 0; i < n; i++)
    {
      lengths[i] = e->tag_offset[tags[i]] != 0 ? e->tag_length[tags[i]] : 0;
      if (lengths[i] > 0)
        end = MAX (end, e->offset + e->tag_offset[tags[i]] + lengths[i]);
    }
  if (end == 0)
    return TRUE;
  if (end > atomic_load (&self->loader->readable))
    return FALSE;
  if (self->view != NULL)
    {
      /* The tags in one copy (they are the game's first bytes). */
      char stack[4096];
      g_autofree char *heap = end - e->offset > sizeof stack ? g_malloc (end - e->offset) : NULL;
      char *span = heap != NULL ? heap : stack;

      if (!loader_copy (self->loader, e->offset, end - e->offset, span))
        return FALSE;
      for (guint i = 0; i < n; i++)
        memcpy (values[i], span + e->tag_offset[tags[i]], lengths[i]);
      return TRUE;
    }
  if (self->mapped)
    {
      caissa_fault_guard_push (&guard, self->data + e->offset, end - e->offset);
      if (!CAISSA_FAULT_GUARD_TRY (&guard))
        {
          loader_fault (self->loader, (gsize) (guard.fault - self->data));
          return FALSE;
        }
    }
  for (guint i = 0; i < n; i++)
    memcpy (values[i], self->data + e->offset + e->tag_offset[tags[i]], lengths[i]);
  if (self->mapped)
    caissa_fault_guard_pop (&guard);
  return TRUE;
}

gboolean
_caissa_pgn_file_matches (CaissaPgnFile *self,
                          guint          position,
                          const char    *needle)
{
  static const ChessPgnIndexTag searched[] = {
    CHESS_PGN_TAG_WHITE, CHESS_PGN_TAG_BLACK, CHESS_PGN_TAG_EVENT, CHESS_PGN_TAG_SITE,
    CHESS_PGN_TAG_DATE, CHESS_PGN_TAG_ROUND, CHESS_PGN_TAG_ECO,
  };

  return _caissa_pgn_file_matches_in (self, position, needle, searched, G_N_ELEMENTS (searched));
}

gboolean
_caissa_pgn_file_matches_in (CaissaPgnFile          *self,
                             guint                   position,
                             const char             *needle,
                             const ChessPgnIndexTag *searched,
                             guint                   n_searched)
{
#define MAX_SEARCHED 8
  char values[MAX_SEARCHED][TAG_MAX];
  gsize lengths[MAX_SEARCHED];
  gboolean ascii;
  gsize needle_len;

  g_assert (CAISSA_IS_PGN_FILE (self));

  if (needle == NULL || *needle == '\0')
    return TRUE;
  if (position >= self->store->n)
    return FALSE;
  /* (A game whose bytes are gone matches nothing.) */
  g_assert (n_searched <= MAX_SEARCHED);
  if (!copy_tags (self, entry_at (self, position), searched, n_searched, values, lengths))
    return FALSE;

  ascii = _caissa_pgn_is_ascii (needle);
  needle_len = strlen (needle);
  for (guint i = 0; i < n_searched; i++)
    {
      const char *raw = values[i];
      gsize len = lengths[i];

      if (len == 0 || len < (ascii ? needle_len : 1))
        continue;
      if (ascii)
        {
          if (_caissa_pgn_ascii_contains (raw, len, needle, needle_len))
            return TRUE;
        }
      else
        {
          char value[TAG_MAX];
          gsize k = 0;
          g_autofree char *folded = NULL;
          g_autofree char *decoded = NULL;

          for (gsize j = 0; j < len && k + 1 < sizeof value; j++)
            {
              if (raw[j] == '\\' && j + 1 < len && (raw[j + 1] == '"' || raw[j + 1] == '\\'))
                j++;
              value[k++] = raw[j];
            }
          value[k] = '\0';
          /* Matched as shown: a value not in UTF-8 is Windows-1252. */
          decoded = caissa_pgn_decode_text (value, k, &k);
          folded = g_utf8_casefold (decoded != NULL ? decoded : value, k);
          if (strstr (folded, needle) != NULL)
            return TRUE;
        }
    }
  return FALSE;
}

void
_caissa_pgn_file_item_finalized (CaissaPgnFile *self,
                                 guint          position)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  g_hash_table_remove (self->live, GUINT_TO_POINTER (position));
}

/* --- GObject ------------------------------------------------------------------------------------ */

static void
caissa_pgn_file_dispose (GObject *object)
{
  CaissaPgnFile *self = (CaissaPgnFile *) object;

  g_cancellable_cancel (self->cancellable);

  G_OBJECT_CLASS (caissa_pgn_file_parent_class)->dispose (object);
}

static void
caissa_pgn_file_finalize (GObject *object)
{
  CaissaPgnFile *self = (CaissaPgnFile *) object;

  g_assert (g_hash_table_size (self->live) == 0);

  g_clear_pointer (&self->loader, loader_unref);
  g_clear_object (&self->disk);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->store, store_unref);
  g_clear_pointer (&self->plies, g_array_unref);
  g_clear_pointer (&self->openings, g_array_unref);
  g_clear_pointer (&self->errors, g_hash_table_unref);
  g_clear_pointer (&self->live, g_hash_table_unref);
  g_clear_pointer (&self->pending_saves, g_ptr_array_unref);

  G_OBJECT_CLASS (caissa_pgn_file_parent_class)->finalize (object);
}

static void
caissa_pgn_file_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaissaPgnFile *self = CAISSA_PGN_FILE (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->store->n);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_VALIDATING:
      g_value_set_boolean (value, self->validating);
      break;
    case PROP_N_VALIDATED:
      g_value_set_uint (value, self->n_validated);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, g_hash_table_size (self->errors));
      break;
    case PROP_CHANGED_ON_DISK:
      g_value_set_boolean (value, self->changed_on_disk);
      break;
    case PROP_ENCODING:
      g_value_set_int (value, self->encoding);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_pgn_file_class_init (CaissaPgnFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_pgn_file_dispose;
  object_class->finalize = caissa_pgn_file_finalize;
  object_class->get_property = caissa_pgn_file_get_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);
  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_VALIDATING] = g_param_spec_boolean ("validating", NULL, NULL, FALSE, ro);
  properties[PROP_N_VALIDATED] = g_param_spec_uint ("n-validated", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CHANGED_ON_DISK] = g_param_spec_boolean ("changed-on-disk", NULL, NULL, FALSE, ro);
  /* A ChessEncoding. */
  properties[PROP_ENCODING] = g_param_spec_int ("encoding", NULL, NULL, 0, G_MAXINT, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_pgn_file_init (CaissaPgnFile *self)
{
  self->store = store_new ();
  self->plies = g_array_new (FALSE, FALSE, sizeof (guint16));
  self->openings = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->errors = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->live = g_hash_table_new (NULL, NULL);
  self->cancellable = g_cancellable_new ();
  self->pending_saves = g_ptr_array_new_with_free_func (g_object_unref);
  self->validate = TRUE;
}

/* Takes bytes and fd. */
static CaissaPgnFile *
file_new_take (GFile                 *file,
               const char            *name,
               GBytes                *bytes,
               gboolean               mapped,
               const char            *path,
               int                    fd,
               const CaissaFileStamp *stamp)
{
  CaissaPgnFile *self = g_object_new (CAISSA_TYPE_PGN_FILE, NULL);
  ChessEncoding source = CHESS_ENCODING_UTF8;
  gboolean exact = TRUE, gone = FALSE;
  GBytes *utf8 = caissa_pgn_utf16_decode (bytes, mapped, &source, &exact, &gone);

  /* A UTF-16 file is decoded once, here: from now on its bytes are UTF-8
   * in memory (a mapping's descriptor is then of no more use). */
  if (utf8 != NULL || gone)
    {
      g_bytes_unref (bytes);
      bytes = utf8 != NULL ? utf8 : g_bytes_new (NULL, 0);
      mapped = FALSE;
      if (fd >= 0)
        close (fd);
      fd = -1;
    }

  self->file = file ? g_object_ref (file) : NULL;
  self->name = g_strdup (name);
  self->loader = loader_new (bytes, mapped, path, fd, stamp);
  self->loader->source_encoding = utf8 != NULL ? source : CHESS_ENCODING_UTF8;
  self->loader->source_exact = exact;
  if (gone)
    loader_mark_changed (self->loader);
  self->encoding = self->loader->source_encoding;
  self->data = self->loader->data;
  self->len = self->loader->len;
  self->mapped = mapped;
  g_weak_ref_init (&self->loader->owner, self);
  start_index (self);
  return self;
}

CaissaPgnFile *
caissa_pgn_file_new (GFile   *file,
                     GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  GBytes *bytes = NULL;
  gboolean mapped = FALSE;
  CaissaFileStamp stamp = { 0 };
  struct stat st;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (name == NULL)
    name = g_file_get_uri (file);

  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                            G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME ","
                            G_FILE_ATTRIBUTE_ACCESS_CAN_READ,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_FOUND,
                     /* Translators: %s is a file's path. */
                     _("%s: no such file"), path ? path : name);
      else
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_UNREADABLE,
                     "%s: %s", path ? path : name, local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_REGULAR,
                   /* Translators: %s is a folder's path. */
                   _("%s is a folder, not a PGN file"), path ? path : name);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_REGULAR,
                   /* Translators: %s is a path that names a device, a
                    * socket or the like rather than a file. */
                   _("%s is not a regular file"), path ? path : name);
      return NULL;
    }
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME))
    {
      g_free (name);
      name = g_strdup (g_file_info_get_display_name (info));
    }

  if (path == NULL)
    {
      /* Not a local file (GVfs): a copy, and no stamp to watch. */
      char *contents = NULL;
      gsize length = 0;

      if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
        {
          g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_UNREADABLE,
                       "%s: %s", name, local_error->message);
          return NULL;
        }
      bytes = g_bytes_new_take (contents, length);
      return file_new_take (file, name, bytes, FALSE, NULL, -1, NULL);
    }

  /* The stamp is the open file's, so it is that of the bytes read even if
   * the path is replaced meanwhile. A mapped file keeps its descriptor: its
   * stamp tells later whether the bytes mapped were changed in place. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int saved = fd < 0 ? errno : !S_ISREG (st.st_mode) ? 0 : errno;

      if (fd >= 0)
        close (fd);
      if (saved == ENOENT)
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_FOUND,
                     _("%s: no such file"), path);
      else if (saved == 0)
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NOT_REGULAR,
                     _("%s is not a regular file"), path);
      else
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_UNREADABLE,
                     "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  if (!_caissa_pgn_read_fd (fd, &st, &bytes, &mapped))
    {
      int saved = errno;

      close (fd);
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_UNREADABLE,
                   "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  stamp_from_stat (&stamp, &st);
  if (!mapped)
    {
      close (fd);
      fd = -1;
    }
  return file_new_take (file, name, bytes, mapped, path, fd, &stamp);
}

CaissaPgnFile *
caissa_pgn_file_new_from_bytes (GBytes     *bytes,
                                const char *name)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return file_new_take (NULL, name ? name : "", g_bytes_ref (bytes), FALSE, NULL, -1, NULL);
}

/* The disk's check went on: what the view's items show of it may have
 * changed, and the view is checked as far as disk is (a search waits for
 * the openings to come). */
static void
disk_checked_cb (CaissaPgnFile *disk,
                 GParamSpec    *pspec,
                 CaissaPgnFile *self)
{
  /* (Held: a handler may let an item go, which changes the table.) */
  GList *items = g_hash_table_get_values (self->live);

  g_list_foreach (items, (GFunc) (void (*) (void)) g_object_ref, NULL);
  g_object_freeze_notify (G_OBJECT (self));
  if (self->n_validated != disk->n_validated)
    {
      self->n_validated = disk->n_validated;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_VALIDATED]);
    }
  if (self->validating != disk->validating)
    {
      self->validating = disk->validating;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALIDATING]);
    }
  for (GList *l = items; l != NULL; l = l->next)
    {
      _caissa_pgn_game_info_changed (l->data, TRUE, TRUE);
      _caissa_pgn_game_info_opening_changed (l->data);
    }
  g_list_free_full (items, g_object_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
  g_object_thaw_notify (G_OBJECT (self));
}

CaissaPgnFile *
_caissa_pgn_file_new_view (CaissaPgnFile *disk,
                           CaissaPgnView *view)
{
  CaissaPgnFile *self;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (disk) && !disk->loading, NULL);

  self = g_object_new (CAISSA_TYPE_PGN_FILE, NULL);
  /* Nothing to index or check: the bytes are read through the view and
   * the entries, plies, openings and errors are disk's. */
  self->name = g_strdup (disk->name);
  self->disk = g_object_ref (disk);
  self->view = view;
  self->loader = loader_new (g_bytes_new (NULL, 0), TRUE, NULL, -1, NULL);
  self->loader->view = view;
  self->len = self->loader->len = _caissa_pgn_view_length (view);
  atomic_store (&self->loader->readable, self->len);
  g_weak_ref_init (&self->loader->owner, self);
  self->data = self->loader->data;
  self->mapped = TRUE;
  self->encoding = disk->encoding;
  self->store->n = _caissa_pgn_view_n_games (view);
  self->progress = 1.0;
  self->validate = FALSE;
  self->validating = disk->validating;
  self->n_validated = disk->n_validated;
  g_signal_connect_object (disk, "notify::n-validated", G_CALLBACK (disk_checked_cb), self, 0);
  g_signal_connect_object (disk, "notify::validating", G_CALLBACK (disk_checked_cb), self, 0);
  return self;
}

/* --- Accessors ---------------------------------------------------------------------------------- */

GFile *
caissa_pgn_file_get_file (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);

  return self->file;
}

const char *
caissa_pgn_file_get_name (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);

  return self->name;
}

gboolean
caissa_pgn_file_get_mapped (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);

  return self->mapped;
}

guint64
caissa_pgn_file_get_size (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), 0);

  return self->len;
}

ChessEncoding
caissa_pgn_file_get_encoding (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), CHESS_ENCODING_UTF8);

  return self->encoding;
}

gboolean
caissa_pgn_file_get_loading (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);

  return self->loading;
}

double
caissa_pgn_file_get_progress (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), 0);

  return self->progress;
}

gboolean
caissa_pgn_file_get_validating (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);

  return self->validating;
}

guint
caissa_pgn_file_get_n_validated (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), 0);

  return self->n_validated;
}

guint
caissa_pgn_file_get_n_errors (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), 0);

  if (self->view != NULL)
    return _caissa_pgn_view_count_errors (self->view, self->disk->errors, self->errors);
  return g_hash_table_size (self->errors);
}

gboolean
caissa_pgn_file_get_changed_on_disk (CaissaPgnFile *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);

  return self->changed_on_disk;
}

void
caissa_pgn_file_set_validate (CaissaPgnFile *self,
                              gboolean       validate)
{
  g_return_if_fail (CAISSA_IS_PGN_FILE (self));

  self->validate = !!validate;
}

/* --- For other objects' workers ------------------------------------------------------------- */

CaissaPgnFileBytes *
_caissa_pgn_file_ref_bytes (CaissaPgnFile *self)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  return (CaissaPgnFileBytes *) loader_ref (self->loader);
}

void
_caissa_pgn_file_bytes_unref (CaissaPgnFileBytes *bytes)
{
  loader_unref ((Loader *) bytes);
}

gboolean
_caissa_pgn_file_bytes_copy (CaissaPgnFileBytes *bytes,
                             guint64             offset,
                             gsize               len,
                             char               *dest)
{
  return loader_copy ((Loader *) bytes, offset, len, dest);
}

guint64
_caissa_pgn_file_bytes_length (CaissaPgnFileBytes *bytes)
{
  return ((Loader *) bytes)->len;
}

void
_caissa_pgn_file_bytes_stamp (CaissaPgnFileBytes *bytes,
                              guint64            *size,
                              gint64             *mtime_ns,
                              gboolean           *exists)
{
  Loader *loader = (Loader *) bytes;

  *exists = loader->path != NULL && loader->stamp.exists;
  *size = loader->stamp.size;
  *mtime_ns = loader->stamp.mtime_ns;
}

guint64
_caissa_pgn_file_game_offset (CaissaPgnFile *self,
                              guint          position)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  return entry_at (self, position)->offset;
}

/* For CaissaPgnSort, on the main thread: what its worker needs to read a
 * game's sort key without asking for its item. */
const ChessPgnIndexEntry *
_caissa_pgn_file_sort_entry (CaissaPgnFile *self,
                             guint          position,
                             gsize         *length,
                             guint         *plies)
{
  g_assert (CAISSA_IS_PGN_FILE (self));

  if (position >= self->store->n)
    return NULL;
  *length = entry_length (self, position);
  *plies = position < self->plies->len && g_array_index (self->plies, guint16, position) != PLIES_UNKNOWN
           ? g_array_index (self->plies, guint16, position) : G_MAXUINT;
  if (*plies == G_MAXUINT && self->view != NULL)
    *plies = self->view_plies;
  return entry_at (self, position);
}

/* --- Games ---------------------------------------------------------------------------------------- */

static void
set_gone_error (CaissaPgnFile  *self,
                guint           position,
                GError        **error)
{
  g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
               /* Translators: a file name, then a game's number in it. */
               _("%s changed on disk: game %u is no longer in it"), self->name, position + 1);
}

/* The game's text: in the file's bytes for a copy, else copied out of the
 * mapping into *copy (NULL when the bytes are gone). */
static const char *
game_text (CaissaPgnFile  *self,
           guint           position,
           char          **copy,
           gsize          *length)
{
  const ChessPgnIndexEntry *e = entry_at (self, position);
  gsize len = entry_length (self, position);

  *copy = NULL;
  *length = len;
  if (!self->mapped)
    return self->data + e->offset;
  *copy = g_try_malloc (len + 1);
  if (*copy == NULL || !loader_copy (self->loader, e->offset, len, *copy))
    {
      g_clear_pointer (copy, g_free);
      return NULL;
    }
  (*copy)[len] = '\0';
  return *copy;
}

char *
caissa_pgn_file_dup_game_text (CaissaPgnFile  *self,
                               guint           position,
                               gsize          *length,
                               GError        **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *decoded = NULL;
  const char *text;
  gsize len;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);

  if (length != NULL)
    *length = 0;
  if (position >= self->store->n)
    {
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME,
                   _("%s has no game %u"), self->name, position + 1);
      return NULL;
    }
  text = game_text (self, position, &copy, &len);
  if (text == NULL)
    {
      set_gone_error (self, position, error);
      return NULL;
    }
  /* (Decoded as it is read: see caissa-pgn-encoding.h.) */
  decoded = caissa_pgn_decode_text (text, len, &len);
  if (length != NULL)
    *length = len;
  if (decoded != NULL)
    return g_steal_pointer (&decoded);
  return copy != NULL ? g_steal_pointer (&copy) : g_strndup (text, len);
}

/* The line of the file the byte at end is on, less one (_caissa_pgn_count_lines() over
 * the bytes before it), guarded; FALSE when bytes before it are gone. */
static gboolean
lines_before (CaissaPgnFile *self,
              gsize          end,
              unsigned long *lines)
{
  CaissaFaultGuard guard;

  if (end > atomic_load (&self->loader->readable))
    return FALSE;
  if (self->view != NULL)
    return _caissa_pgn_view_lines_before (self->view, end, lines);
  if (!self->mapped)
    {
      *lines = _caissa_pgn_count_lines (self->data, end);
      return TRUE;
    }
  caissa_fault_guard_push (&guard, self->data, end);
  if (CAISSA_FAULT_GUARD_TRY (&guard))
    {
      *lines = _caissa_pgn_count_lines (self->data, end);
      caissa_fault_guard_pop (&guard);
      return TRUE;
    }
  loader_fault (self->loader, (gsize) (guard.fault - self->data));
  return FALSE;
}

/* caissa_pgn_file_read_game(), and with partial not NULL
 * caissa_pgn_file_read_game_partial() (caissa-pgn-partial.h). */
static ChessGame *
read_game (CaissaPgnFile     *self,
           guint              position,
           CaissaPgnPartial **partial,
           GError           **error)
{
  const ChessPgnIndexEntry *e;
  ChessPgnReadResult r;
  ChessError err = { 0 };
  ChessGame *game = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *decoded = NULL;
  const char *text;
  gsize len;

  if (partial != NULL)
    *partial = NULL;
  if (position >= self->store->n)
    {
      g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME,
                   /* Translators: a file name, then a game's number in it. */
                   _("%s has no game %u"), self->name, position + 1);
      return NULL;
    }

  /* A change on disk is told ("changed-on-disk"); the game is read from
   * the bytes read when they are still there: a file cut short keeps the
   * games before the cut, one replaced or deleted keeps them all. */
  loader_look (self->loader);
  loader_test_step (self->loader, TEST_OPEN);
  e = entry_at (self, position);
  text = game_text (self, position, &copy, &len);
  if (text == NULL)
    {
      set_gone_error (self, position, error);
      return NULL;
    }
  decoded = caissa_pgn_decode_text (text, len, &len);
  if (decoded != NULL)
    text = decoded;
  if (chess_pgn_read_game_full (text, len, &r))
    {
      if (r.error.code == CHESS_OK)
        game = g_steal_pointer (&r.game);
      else
        err = r.error;
    }
  if (game == NULL && decoded != NULL)
    err.column = caissa_pgn_char_column (text, len, err.offset, err.column);
  /* Bytes rewritten in place since the index was made are not this game
   * any more: that is the error, not theirs (and it is not marked). */
  if (game == NULL && atomic_load (&self->loader->damaged))
    {
      chess_pgn_read_result_clear (&r);
      set_gone_error (self, position, error);
      return NULL;
    }
  if (game == NULL)
    {
      unsigned long line;
      char *where;

      if (!lines_before (self, e->offset, &line))
        {
          chess_pgn_read_result_clear (&r);
          set_gone_error (self, position, error);
          return NULL;
        }
      line += err.line ? err.line : 1;

      if (err.code == CHESS_OK)
        /* Translators: said of a place in a PGN file where a game was
         * expected. */
        chess_error_set (&err, CHESS_ERROR_PGN, CHESS_N_ ("no game here"));
      where = g_strdup_printf ("%lu:%lu: %s", line, err.column, err.message);
      /* A game up to its error: shown, the error told at its place. */
      if (partial != NULL && r.game != NULL)
        {
          *partial = caissa_pgn_partial_new (line, err.column, err.message, r.error_node, text, len,
                                             (gsize) MIN (r.rest, len));
          game = g_steal_pointer (&r.game);
        }
      else
        g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_PARSE,
                     "%s:%s", self->name, where);
      chess_pgn_read_result_clear (&r);
      if (!g_hash_table_contains (self->errors, GUINT_TO_POINTER (position)))
        {
          CaissaPgnGameInfo *item = g_hash_table_lookup (self->live, GUINT_TO_POINTER (position));

          set_game_error (self, position, where);
          if (item != NULL)
            _caissa_pgn_game_info_changed (item, FALSE, TRUE);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ERRORS]);
        }
      else
        g_free (where);
      return game;
    }
  chess_pgn_read_result_clear (&r);

  if (position >= self->plies->len || g_array_index (self->plies, guint16, position) == PLIES_UNKNOWN)
    {
      CaissaPgnGameInfo *item = g_hash_table_lookup (self->live, GUINT_TO_POINTER (position));

      set_plies (self, position,
                 chess_game_node_ply (game, chess_game_main_line_end (game, CHESS_NODE_ROOT)));
      if (item != NULL)
        _caissa_pgn_game_info_changed (item, TRUE, FALSE);
    }
  if (!_caissa_pgn_file_game_opening (self, position, NULL, NULL))
    {
      ChessEcoWalk walk;

      chess_eco_classify_game (game, &walk);
      set_opening (self, position, _caissa_pgn_opening_encode (walk.opening, walk.ply),
                   g_hash_table_lookup (self->live, GUINT_TO_POINTER (position)));
    }
  return game;
}

ChessGame *
caissa_pgn_file_read_game (CaissaPgnFile  *self,
                           guint           position,
                           GError        **error)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);

  return read_game (self, position, NULL, error);
}

ChessGame *
caissa_pgn_file_read_game_partial (CaissaPgnFile     *self,
                                   guint              position,
                                   CaissaPgnPartial **partial,
                                   GError           **error)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);
  g_return_val_if_fail (partial != NULL, NULL);

  return read_game (self, position, partial, error);
}

CaissaGame *
caissa_pgn_file_open_game (CaissaPgnFile  *self,
                           guint           position,
                           GError        **error)
{
  ChessGame *core;
  CaissaGame *game;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), NULL);

  core = caissa_pgn_file_read_game (self, position, error);
  if (core == NULL)
    return NULL;
  game = caissa_game_new ();
  caissa_game_set_analysis (game, TRUE);
  caissa_game_load_core_game (game, core);
  caissa_game_go_first (game);
  return game;
}

/* --- Saving ---------------------------------------------------------------------------------------- */

typedef struct
{
  Loader  *loader;      /* NULL while waiting for the index */
  GFile   *dest;
  char    *name;
  guint    position;    /* while waiting for the index */
  guint    count;       /* games replaced from position (1, or more: caissa-pgn-file-edit.c) */
  gsize    cut_start;   /* the bytes [cut_start, cut_end) are replaced */
  gsize    cut_end;
  char    *pgn;
  gboolean separate;    /* an appended game needs a blank line before it */
  gboolean crlf;        /* the file's lines end in CR LF (pgn is made to, in the worker) */
  gboolean over_itself; /* dest is the file read: it must be as read */
  CaissaPgnSaveFlags flags;
  char    *raw;         /* the game replaced, as read (its encoding tells the game's); raw_len */
  gsize    raw_len;
  gboolean exact;       /* the file's bytes decode exactly (a UTF-16 file may be written back) */
  GBytes  *encoded;     /* pgn as written: in the game's encoding (made in the worker) */
  ChessEncoding encoding; /* the file's */
  EntryStore *store;    /* to write a Windows-1252 file in UTF-8, a game at a time */
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_clear_pointer (&job->loader, loader_unref);
  g_object_unref (job->dest);
  g_free (job->name);
  g_free (job->pgn);
  g_free (job->raw);
  g_clear_pointer (&job->encoded, g_bytes_unref);
  g_clear_pointer (&job->store, store_unref);
  g_free (job);
}

/* Whether the file on disk is no longer the one read (any change: its
 * bytes, or another file or none at its path, even the one this file's own
 * save wrote, whose games are not where this file has them): a reason not
 * to save over it. */
static gboolean
file_changed (CaissaPgnFile  *self,
              GError        **error)
{
  CaissaFileStamp now;

  if (self->loader->path == NULL)
    return FALSE;
  /* (Cannot be looked at: the write will tell.) */
  if (!caissa_file_stamp_get (self->loader->path, &now, NULL))
    return FALSE;
  if (caissa_file_stamp_equal (&now, &self->loader->stamp))
    return FALSE;
  if (loader_is_other (self->loader, &now))
    loader_mark_changed (self->loader);
  g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
               /* Translators: %s is a file name. */
               _("%s changed on disk since it was opened"), self->name);
  return TRUE;
}

static void
set_changed_while_saving (const char  *name,
                          GError     **error)
{
  g_set_error (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
               /* Translators: %s is a file name. */
               _("%s changed on disk while it was being saved. Nothing was saved."), name);
}

/* The check before the rename: the bytes copied from the source are still
 * the file's (not cut short or rewritten in place while they were copied). */
static gboolean
source_intact (gpointer   user_data,
               GError   **error)
{
  Loader *loader = user_data;

  if (loader_bytes_intact (loader))
    return TRUE;
  g_set_error_literal (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED, "");
  return FALSE;
}

/* Writes len bytes at data; bytes of a mapped source go through a bounded
 * copy, so a page gone is an error, not a fault. */
static gboolean
write_chunked (GOutputStream  *out,
               Loader         *source,
               const char     *data,
               gsize           len,
               GCancellable   *cancellable,
               GError        **error)
{
  const gsize chunk = 8 * 1024 * 1024;
  gboolean mapped = source != NULL && source->mapped
                    && data >= source->data && data < source->data + source->len;
  g_autofree char *copy = mapped ? g_malloc (MIN (chunk, len)) : NULL;

  for (gsize off = 0; off < len; off += chunk)
    {
      gsize n = MIN (chunk, len - off);
      const char *bytes = data + off;

      if (mapped)
        {
          if (!loader_copy (source, (gsize) (data - source->data) + off, n, copy))
            {
              g_set_error_literal (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED, "");
              return FALSE;
            }
          bytes = copy;
        }
      if (!g_output_stream_write_all (out, bytes, n, NULL, cancellable, error))
        return FALSE;
    }
  return TRUE;
}

/* Writes the pieces to dest, replacing it whole or not at all; expected
 * (or NULL): the stamp dest must still have; written (or NULL): receives
 * the stamp of the file written (exists FALSE when not known). source:
 * the Loader the pieces may point into. */
static gboolean
write_atomically (GFile                  *dest,
                  Loader                 *source,
                  const char     *const  *pieces,
                  const gsize            *lengths,
                  guint                   n_pieces,
                  const CaissaFileStamp  *expected,
                  CaissaFileStamp        *written,
                  GCancellable           *cancellable,
                  GError                **error)
{
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GCancellable) abort_close = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = g_file_get_path (dest);
  gboolean existed;

  if (written != NULL)
    memset (written, 0, sizeof *written);

  /* A local file: temporary file, fsync, rename, fsync of the folder
   * (caissa_atomic_writev()), so a crash or a power cut at any moment
   * leaves the old file or the new one. The pieces are handed to write():
   * the kernel reads them, and a mapped page gone is EFAULT there, never
   * SIGBUS. */
  if (path != NULL)
    {
      if (caissa_atomic_writev_checked (path, pieces, lengths, n_pieces, 0644, expected,
                                        source != NULL ? source_intact : NULL, source,
                                        written, &local_error))
        return TRUE;
      if (local_error->domain == CAISSA_PGN_FILE_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, CAISSA_PGN_FILE_ERROR,
                     g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG)
                     ? CAISSA_PGN_FILE_ERROR_CHANGED : CAISSA_PGN_FILE_ERROR_WRITE,
                     "%s", local_error->message);
      return FALSE;
    }

  /* Elsewhere (GVfs), GIO's replace: a temporary file renamed over the
   * old one on close; on failure the close is cancelled, which removes
   * the temporary. */
  existed = g_file_query_exists (dest, NULL);
  out = g_file_replace (dest, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, &local_error);
  if (out == NULL)
    goto failed;

  for (guint i = 0; i < n_pieces; i++)
    if (!write_chunked (G_OUTPUT_STREAM (out), source, pieces[i], lengths[i], cancellable, &local_error))
      goto failed;

  if (!g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, &local_error))
    goto failed;
  return TRUE;

failed:
  if (out != NULL && !g_output_stream_is_closed (G_OUTPUT_STREAM (out)))
    {
      abort_close = g_cancellable_new ();
      g_cancellable_cancel (abort_close);
      g_output_stream_close (G_OUTPUT_STREAM (out), abort_close, NULL);
      /* A file that did not exist was written in place: remove it. */
      if (!existed)
        g_file_delete (dest, NULL, NULL);
    }
  g_set_error (error, CAISSA_PGN_FILE_ERROR,
               local_error->domain == CAISSA_PGN_FILE_ERROR ? local_error->code : CAISSA_PGN_FILE_ERROR_WRITE,
               "%s", local_error->message);
  return FALSE;
}

/* The file's bytes [start, end) in UTF-8, a game at a time (each decoded
 * by itself, as it is read); NULL with CHANGED when they are gone. */
static GBytes *
save_decode_range (SaveJob  *job,
                   gsize     start,
                   gsize     end,
                   GError  **error)
{
  Loader *loader = job->loader;
  g_autoptr(GByteArray) out = g_byte_array_sized_new (end - start + end / 16);
  guint i = 0;

  while (start < end)
    {
      gsize stop = end, len;
      g_autofree char *copy = NULL;
      g_autofree char *decoded = NULL;

      /* The next game's start after start, if before end. */
      while (i < job->store->n && store_entry (job->store, i)->offset <= start)
        i++;
      if (i < job->store->n && store_entry (job->store, i)->offset < end)
        stop = store_entry (job->store, i)->offset;
      len = stop - start;
      copy = g_try_malloc (MAX (len, 1));
      if (copy == NULL || !loader_copy (loader, start, len, copy))
        {
          set_changed_while_saving (job->name, error);
          return NULL;
        }
      decoded = caissa_pgn_decode_text (copy, len, &len);
      g_byte_array_append (out, (const guint8 *) (decoded != NULL ? decoded : copy), (guint) len);
      start = stop;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveJob *job = task_data;
  Loader *loader = job->loader;
  const char *pieces[4];
  gsize lengths[4];
  guint n = 0;
  GError *error = NULL;
  CaissaFileStamp stamp;
  gboolean written;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GBytes) utf16 = NULL;

  /* The game(s) as they are to be written (caissa-pgn-encoding.h), with
   * the line ends of the game replaced, or of the file's first game
   * (caissa-pgn-save-style.h): here, as the text may be the whole file. */
  if (job->crlf)
    {
      char *crlf = caissa_pgn_text_to_crlf (job->pgn);

      g_free (job->pgn);
      job->pgn = crlf;
    }
  job->encoded = caissa_pgn_encode_for_save (job->pgn, job->encoding, job->exact, job->raw, job->raw_len,
                                             job->flags, job->name, &error);
  if (job->encoded == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* The file in UTF-8: the games around the edited one decoded each by
   * itself (caissa-pgn-encoding.h). */
  if (job->store != NULL)
    {
      before = save_decode_range (job, 0, job->cut_start, &error);
      after = before != NULL ? save_decode_range (job, job->cut_end, loader->len, &error) : NULL;
      if (after == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
    }
  pieces[n] = before != NULL ? g_bytes_get_data (before, &lengths[n]) : loader->data;
  if (before == NULL)
    lengths[n] = job->cut_start;
  n++;
  if (job->separate)
    {
      pieces[n] = job->crlf ? "\r\n" : "\n";
      lengths[n] = strlen (pieces[n]);
      n++;
    }
  pieces[n] = g_bytes_get_data (job->encoded, &lengths[n]);
  n++;
  pieces[n] = after != NULL ? g_bytes_get_data (after, &lengths[n]) : loader->data + job->cut_end;
  if (after == NULL)
    lengths[n] = loader->len - job->cut_end;
  n++;
  /* A UTF-16 file is written back whole in UTF-16. */
  if ((job->encoding == CHESS_ENCODING_UTF16LE || job->encoding == CHESS_ENCODING_UTF16BE)
      && !(job->flags & CAISSA_PGN_SAVE_UTF8))
    {
      utf16 = caissa_pgn_utf16_encode (pieces, lengths, n, job->encoding);
      if (utf16 == NULL)
        {
          g_task_return_new_error (task, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_WRITE,
                                   "%s: %s", job->name, g_strerror (ENOMEM));
          return;
        }
      pieces[0] = g_bytes_get_data (utf16, &lengths[0]);
      n = 1;
    }

  loader_test_step (loader, TEST_SAVE);
  written = write_atomically (job->dest, loader, pieces, lengths, n,
                              job->over_itself && !(job->flags & CAISSA_PGN_SAVE_OVERWRITE)
                              ? &loader->stamp : NULL,
                              &stamp, cancellable, &error);

  /* Bytes of a mapped file cut short or rewritten in place while they were
   * copied: a write that failed for it failed because of it (a page gone
   * is EFAULT); one that went through copied what the file held then,
   * which is not what was read. */
  if (!loader_bytes_intact (loader))
    {
      if (written)
        g_set_error (&error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
                     /* Translators: %s is a file name. */
                     _("%s changed on disk while it was being saved: the saved file may mix its "
                       "old and new contents"), job->name);
      else if (!g_error_matches (error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED)
               || *error->message == '\0')
        {
          g_clear_error (&error);
          set_changed_while_saving (job->name, &error);
        }
      written = FALSE;
    }

  if (written && job->over_itself && stamp.exists)
    {
      /* The workers still checking will find this file at the path: the
       * file's own save, not a change to tell. */
      g_mutex_lock (&loader->mutex);
      loader->saved = TRUE;
      loader->saved_stamp = stamp;
      g_mutex_unlock (&loader->mutex);
    }

  if (written)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void save_start (CaissaPgnFile      *self,
                        GTask              *task,
                        GFile              *dest,
                        guint               position,
                        guint               count,
                        char               *pgn,
                        CaissaPgnSaveFlags  flags);

/* Saves asked for while the file was being indexed. */
static void
run_pending_saves (CaissaPgnFile *self)
{
  g_autoptr(GPtrArray) pending = g_steal_pointer (&self->pending_saves);

  self->pending_saves = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < pending->len; i++)
    {
      GTask *task = pending->pdata[i];
      SaveJob *job = g_task_get_task_data (task);

      save_start (self, task, job->dest, job->position, job->count, g_steal_pointer (&job->pgn), job->flags);
    }
}

void
caissa_pgn_file_save_full_async (CaissaPgnFile       *self,
                                 GFile               *dest,
                                 guint                position,
                                 const char          *pgn,
                                 CaissaPgnSaveFlags   flags,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAISSA_IS_PGN_FILE (self));
  g_return_if_fail (G_IS_FILE (dest));
  g_return_if_fail (pgn != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, caissa_pgn_file_save_async);
  g_task_set_name (task, "caissa-pgn-save");

  if (self->loading)
    {
      /* The offsets of the games are known once the index is done: the
       * save starts then. */
      SaveJob *job = g_new0 (SaveJob, 1);

      job->dest = g_object_ref (dest);
      job->position = position;
      job->count = 1;
      job->pgn = g_strdup (pgn);
      job->flags = flags;
      g_task_set_task_data (task, job, (GDestroyNotify) save_job_free);
      g_ptr_array_add (self->pending_saves, g_steal_pointer (&task));
      return;
    }
  save_start (self, task, dest, position, 1, g_strdup (pgn), flags);
}

void
_caissa_pgn_file_save_games_async (CaissaPgnFile       *self,
                                   guint                position,
                                   guint                count,
                                   char                *pgn,
                                   CaissaPgnSaveFlags   flags,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAISSA_IS_PGN_FILE (self));
  g_return_if_fail (self->file != NULL && !self->loading && count > 0);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, caissa_pgn_file_save_async);
  g_task_set_name (task, "caissa-pgn-save");
  save_start (self, task, self->file, position, count, pgn, flags);
}

/* Whether dest is the file that was read: the same path, or the same file
 * under another name. */
static gboolean
dest_is_source (CaissaPgnFile *self,
                GFile         *dest)
{
  g_autofree char *dest_path = g_file_get_path (dest);
  CaissaFileStamp at_dest;

  if (self->loader->path == NULL || dest_path == NULL)
    return self->file != NULL && g_file_equal (dest, self->file);
  if (strcmp (dest_path, self->loader->path) == 0)
    return TRUE;
  return caissa_file_stamp_get (dest_path, &at_dest, NULL) && at_dest.exists
         && at_dest.device == self->loader->stamp.device && at_dest.inode == self->loader->stamp.inode;
}

static void
save_start (CaissaPgnFile      *self,
            GTask              *task,
            GFile              *dest,
            guint               position,
            guint               count,
            char               *pgn,
            CaissaPgnSaveFlags  flags)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *owned = pgn;
  g_autofree char *copy = NULL;
  gboolean crlf = FALSE;
  const char *raw = NULL;
  gsize raw_len = 0;
  gboolean over_itself;
  SaveJob *job;

  if (position != G_MAXUINT && (position >= self->store->n || count > self->store->n - position))
    {
      g_task_return_new_error (task, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_NO_GAME,
                               /* Translators: a file name, then a game's number in it. */
                               _("%s has no game %u"), self->name, position + 1);
      return;
    }
  /* Saved over itself, the file must be as it was read (checked again
   * just before the write, with the same stamp); saved elsewhere, the
   * bytes copied must still be those read. */
  over_itself = dest_is_source (self, dest);
  if ((over_itself && !(flags & CAISSA_PGN_SAVE_OVERWRITE) && file_changed (self, &error))
      || !loader_bytes_intact (self->loader))
    {
      if (error == NULL)
        g_set_error (&error, CAISSA_PGN_FILE_ERROR, CAISSA_PGN_FILE_ERROR_CHANGED,
                     _("%s changed on disk since it was opened"), self->name);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* The line ends and the encoding of the game replaced, or of the file's
   * first game: the text is made to them in the worker (save_thread()). */
  if (self->store->n > 0)
    {
      raw = game_text (self, position != G_MAXUINT ? position : 0, &copy, &raw_len);
      crlf = raw != NULL && caissa_pgn_text_uses_crlf (raw, raw_len);
      if (position == G_MAXUINT || (flags & CAISSA_PGN_SAVE_UTF8))
        raw = NULL;
    }

  job = g_new0 (SaveJob, 1);
  job->loader = loader_ref (self->loader);
  job->dest = g_object_ref (dest);
  job->name = g_strdup (self->name);
  job->pgn = g_steal_pointer (&owned);
  job->raw = raw != NULL ? g_memdup2 (raw, raw_len) : NULL;
  job->raw_len = raw != NULL ? raw_len : 0;
  job->exact = self->loader->source_exact;
  job->flags = flags;
  job->encoding = self->encoding;
  job->crlf = crlf;
  if ((flags & CAISSA_PGN_SAVE_UTF8) && self->encoding == CHESS_ENCODING_CP1252)
    job->store = store_ref (self->store);
  job->over_itself = over_itself && self->loader->path != NULL;
  if (position == G_MAXUINT)
    {
      job->cut_start = job->cut_end = self->len;
      job->separate = self->len > 0;
    }
  else
    {
      job->cut_start = entry_at (self, position)->offset;
      job->cut_end = entry_at (self, position + count - 1)->offset + entry_length (self, position + count - 1);
    }
  g_task_set_task_data (task, job, (GDestroyNotify) save_job_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
caissa_pgn_file_save_finish (CaissaPgnFile  *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (CAISSA_IS_PGN_FILE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
caissa_pgn_write_text_file (GFile       *file,
                            const char  *text,
                            GError     **error)
{
  const char *pieces[1] = { text };
  gsize lengths[1] = { strlen (text) };

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  return write_atomically (file, NULL, pieces, lengths, 1, NULL, NULL, NULL, error);
}
