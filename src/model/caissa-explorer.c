/* caissa-explorer.c — the opening explorer and position search.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One builder thread per explorer (not the GTask pool: the build can take
 * seconds and the pool also runs the queries) and, while it builds, one
 * helper thread, so both cores work. State shared with the threads lives
 * in a refcounted Shared under one mutex; the explorer hears from them
 * through an idle source in its main context, at most every DISPATCH_MS.
 *
 * Games are taken as the CaissaPgnFile lists them: on every
 * "items-changed" the main thread hands the new games' offsets over, and
 * the builder parses them batch by batch (BATCH_GAMES games, copied out of
 * the file's bytes first, so a mapping cut short is never read). Parsed
 * batches already answer queries (by replaying their games: partial
 * answers). Once the file is indexed and every batch parsed, the image is
 * built (chess-posdb.h), written to the cache atomically (a temporary file
 * in the cache folder, renamed), mapped back and checked: from then on
 * queries read the mapping.
 */
#define G_LOG_DOMAIN "caissa-explorer"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "chess-fen.h"
#include "chess-posdb.h"
#include "chess-san.h"
#include "caissa-explorer.h"
#include "caissa-explorer-memory.h"
#include "caissa-pgn-file-private.h"

#define BATCH_GAMES  8192
#define DISPATCH_MS  200
#define N_THREADS    2
/* The content hash: the first and last SAMPLE_EDGE bytes and N_SAMPLES
 * blocks of SAMPLE_BLOCK between, with the size. Reading the whole file
 * would cost more than the reopening may take; an edit that keeps the
 * size and the modification time and misses every sample is not seen. */
#define SAMPLE_EDGE  (64 * 1024)
#define SAMPLE_BLOCK 4096
#define N_SAMPLES    64

G_DEFINE_QUARK (caissa-explorer-error-quark, caissa_explorer_error)

/* --- Results ------------------------------------------------------------------------------------ */

struct _CaissaExplorerTree
{
  gatomicrefcount     ref_count;
  guint               n_games;
  gboolean            partial;
  guint               n_covered;
  GArray             *moves;   /* CaissaExplorerMove */
};

G_DEFINE_BOXED_TYPE (CaissaExplorerTree, caissa_explorer_tree,
                     caissa_explorer_tree_ref, caissa_explorer_tree_unref)

CaissaExplorerTree *
caissa_explorer_tree_ref (CaissaExplorerTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);

  g_atomic_ref_count_inc (&tree->ref_count);
  return tree;
}

void
caissa_explorer_tree_unref (CaissaExplorerTree *tree)
{
  g_return_if_fail (tree != NULL);

  if (!g_atomic_ref_count_dec (&tree->ref_count))
    return;
  g_array_unref (tree->moves);
  g_free (tree);
}

guint
caissa_explorer_tree_get_n_moves (CaissaExplorerTree *tree)
{
  g_return_val_if_fail (tree != NULL, 0);

  return tree->moves->len;
}

const CaissaExplorerMove *
caissa_explorer_tree_get_move (CaissaExplorerTree *tree,
                               guint               i)
{
  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (i < tree->moves->len, NULL);

  return &g_array_index (tree->moves, CaissaExplorerMove, i);
}

guint
caissa_explorer_tree_get_n_games (CaissaExplorerTree *tree)
{
  g_return_val_if_fail (tree != NULL, 0);

  return tree->n_games;
}

gboolean
caissa_explorer_tree_get_partial (CaissaExplorerTree *tree)
{
  g_return_val_if_fail (tree != NULL, FALSE);

  return tree->partial;
}

guint
caissa_explorer_tree_get_n_covered (CaissaExplorerTree *tree)
{
  g_return_val_if_fail (tree != NULL, 0);

  return tree->n_covered;
}

struct _CaissaExplorerMatches
{
  gatomicrefcount  ref_count;
  gboolean         partial;
  guint            n_covered;
  GArray          *matches;   /* CaissaExplorerMatch */
};

G_DEFINE_BOXED_TYPE (CaissaExplorerMatches, caissa_explorer_matches,
                     caissa_explorer_matches_ref, caissa_explorer_matches_unref)

CaissaExplorerMatches *
caissa_explorer_matches_ref (CaissaExplorerMatches *matches)
{
  g_return_val_if_fail (matches != NULL, NULL);

  g_atomic_ref_count_inc (&matches->ref_count);
  return matches;
}

void
caissa_explorer_matches_unref (CaissaExplorerMatches *matches)
{
  g_return_if_fail (matches != NULL);

  if (!g_atomic_ref_count_dec (&matches->ref_count))
    return;
  g_array_unref (matches->matches);
  g_free (matches);
}

guint
caissa_explorer_matches_get_n_matches (CaissaExplorerMatches *matches)
{
  g_return_val_if_fail (matches != NULL, 0);

  return matches->matches->len;
}

const CaissaExplorerMatch *
caissa_explorer_matches_get_match (CaissaExplorerMatches *matches,
                                   guint                  i)
{
  g_return_val_if_fail (matches != NULL, NULL);
  g_return_val_if_fail (i < matches->matches->len, NULL);

  return &g_array_index (matches->matches, CaissaExplorerMatch, i);
}

gboolean
caissa_explorer_matches_get_partial (CaissaExplorerMatches *matches)
{
  g_return_val_if_fail (matches != NULL, FALSE);

  return matches->partial;
}

guint
caissa_explorer_matches_get_n_covered (CaissaExplorerMatches *matches)
{
  g_return_val_if_fail (matches != NULL, 0);

  return matches->n_covered;
}

/* --- State shared with the threads ------------------------------------------------------------ */

typedef struct
{
  gatomicrefcount  ref_count;
  ChessPosdbBatch *batch;
} BatchRef;

static BatchRef *
batch_ref (BatchRef *b)
{
  g_atomic_ref_count_inc (&b->ref_count);
  return b;
}

static void
batch_unref (gpointer data)
{
  BatchRef *b = data;

  /* A batch being parsed holds its place as NULL; one whose bytes could
   * not be copied (the file changed on disk) stays NULL. */
  if (b == NULL)
    return;
  if (!g_atomic_ref_count_dec (&b->ref_count))
    return;
  chess_posdb_batch_free (b->batch);
  g_free (b);
}

/* The image being read: a mapped cache file, or bytes in memory. */
typedef struct
{
  gatomicrefcount  ref_count;
  GMappedFile     *mapped;
  gpointer         memory;
  ChessPosdb      *db;
} Image;

static Image *
image_ref (Image *im)
{
  g_atomic_ref_count_inc (&im->ref_count);
  return im;
}

static void
image_unref (Image *im)
{
  if (!g_atomic_ref_count_dec (&im->ref_count))
    return;
  chess_posdb_close (im->db);
  g_clear_pointer (&im->mapped, g_mapped_file_unref);
  g_free (im->memory);
  g_free (im);
}

typedef struct
{
  gatomicrefcount     ref_count;
  GMutex              mutex;
  GCond               cond;
  GMainContext       *context;
  GWeakRef            owner;
  CaissaPgnFileBytes *bytes;
  char               *cache_path;       /* NULL: no cache (bytes not from a file) */

  /* Guarded by mutex. */
  GArray             *starts;           /* guint64 per game handed over */
  gboolean            starts_final;     /* the file is indexed: no more games */
  GPtrArray          *batches;          /* BatchRef, NULL while being parsed */
  guint               next_batch;       /* the next batch to parse */
  guint               n_covered;        /* games in the parsed prefix of batches */
  Image              *image;
  GError             *error;
  gboolean            stop;
  gboolean            building;
  gboolean            build_started;    /* no cache: building (even if done since) */
  double              progress;
  gboolean            changed;          /* "changed" to emit */
  GSource            *dispatch;
  gint64              last_dispatch;
} Shared;

static Shared *
shared_ref (Shared *s)
{
  g_atomic_ref_count_inc (&s->ref_count);
  return s;
}

static void
shared_unref (Shared *s)
{
  if (!g_atomic_ref_count_dec (&s->ref_count))
    return;
  g_assert (s->dispatch == NULL);
  g_weak_ref_clear (&s->owner);
  g_main_context_unref (s->context);
  if (s->bytes != NULL)
    _caissa_pgn_file_bytes_unref (s->bytes);
  g_free (s->cache_path);
  g_array_unref (s->starts);
  g_ptr_array_unref (s->batches);
  g_clear_pointer (&s->image, image_unref);
  g_clear_error (&s->error);
  g_mutex_clear (&s->mutex);
  g_cond_clear (&s->cond);
  g_free (s);
}

struct _CaissaExplorer
{
  GObject        parent_instance;

  CaissaPgnFile *file;
  Shared        *shared;
  GThread       *builder;
  guint          n_handed;     /* games whose offsets the builder has */

  gboolean       ready;
  gboolean       building;
  gboolean       build_seen;
  double         progress;
  guint          n_covered;
  GError        *error;
};

G_DEFINE_FINAL_TYPE (CaissaExplorer, caissa_explorer, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_READY,
  PROP_BUILDING,
  PROP_PROGRESS,
  PROP_N_COVERED,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void dispatch (CaissaExplorer *self);

static gboolean
dispatch_cb (gpointer data)
{
  Shared *s = data;
  CaissaExplorer *self = g_weak_ref_get (&s->owner);

  g_mutex_lock (&s->mutex);
  g_clear_pointer (&s->dispatch, g_source_unref);
  s->last_dispatch = g_get_monotonic_time ();
  g_mutex_unlock (&s->mutex);
  if (self != NULL)
    {
      dispatch (self);
      g_object_unref (self);
    }
  return G_SOURCE_REMOVE;
}

/* With the mutex held: the explorer hears of it soon (now when urgent). */
static void
schedule_locked (Shared   *s,
                 gboolean  urgent)
{
  gint64 wait_ms;

  if (s->dispatch != NULL)
    {
      if (urgent)
        g_source_set_ready_time (s->dispatch, 0);
      return;
    }
  wait_ms = urgent ? 0 : MAX (0, DISPATCH_MS - (g_get_monotonic_time () - s->last_dispatch) / 1000);
  s->dispatch = g_timeout_source_new ((guint) wait_ms);
  g_source_set_callback (s->dispatch, dispatch_cb, shared_ref (s), (GDestroyNotify) shared_unref);
  g_source_set_static_name (s->dispatch, "[caissa-explorer] dispatch");
  g_source_attach (s->dispatch, s->context);
}

/* --- The cache -------------------------------------------------------------------------------- */

static char *
cache_path_for (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);
  g_autofree char *name = g_strconcat (sum, ".posdb", NULL);

  return g_build_filename (g_get_user_cache_dir (), "caissa", "explorer", name, NULL);
}

/* The file's identity: size and time as read, and a hash of samples of
 * its bytes. FALSE when the bytes are gone. */
static gboolean
source_of (CaissaPgnFileBytes *bytes,
           ChessPosdbSource   *source)
{
  guint64 len = _caissa_pgn_file_bytes_length (bytes);
  g_autofree char *buf = g_malloc (SAMPLE_EDGE);
  gboolean exists;
  guint64 h = len;

  _caissa_pgn_file_bytes_stamp (bytes, &source->size, &source->mtime_ns, &exists);
  source->size = len;
  if (len <= 2 * SAMPLE_EDGE + N_SAMPLES * SAMPLE_BLOCK)
    {
      g_autofree char *all = g_malloc (MAX (len, 1));

      if (!_caissa_pgn_file_bytes_copy (bytes, 0, len, all))
        return FALSE;
      source->content_hash = chess_posdb_hash (all, len, h);
      return TRUE;
    }
  if (!_caissa_pgn_file_bytes_copy (bytes, 0, SAMPLE_EDGE, buf))
    return FALSE;
  h = chess_posdb_hash (buf, SAMPLE_EDGE, h);
  for (guint i = 1; i <= N_SAMPLES; i++)
    {
      guint64 at = SAMPLE_EDGE + (len - 2 * SAMPLE_EDGE - SAMPLE_BLOCK) / (N_SAMPLES + 1) * i;

      if (!_caissa_pgn_file_bytes_copy (bytes, at, SAMPLE_BLOCK, buf))
        return FALSE;
      h = chess_posdb_hash (buf, SAMPLE_BLOCK, h);
    }
  if (!_caissa_pgn_file_bytes_copy (bytes, len - SAMPLE_EDGE, SAMPLE_EDGE, buf))
    return FALSE;
  source->content_hash = chess_posdb_hash (buf, SAMPLE_EDGE, h);
  return TRUE;
}

/* The cache at path, when it is for source and whole. */
static Image *
image_load (const char             *path,
            const ChessPosdbSource *source)
{
  g_autoptr(GError) error = NULL;
  GMappedFile *mapped = g_mapped_file_new (path, FALSE, &error);
  ChessPosdbSource found;
  ChessError cerr;
  ChessPosdb *db;
  Image *im;

  if (mapped == NULL)
    return NULL;
  if (!chess_posdb_peek_source (g_mapped_file_get_contents (mapped),
                                g_mapped_file_get_length (mapped), &found)
      || found.size != source->size || found.mtime_ns != source->mtime_ns
      || found.content_hash != source->content_hash)
    {
      g_debug ("%s: for another file", path);
      g_mapped_file_unref (mapped);
      return NULL;
    }
  db = chess_posdb_open (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped), &cerr);
  if (db == NULL)
    {
      g_debug ("%s: %s", path, cerr.message);
      g_mapped_file_unref (mapped);
      return NULL;
    }
  im = g_new0 (Image, 1);
  g_atomic_ref_count_init (&im->ref_count);
  im->mapped = mapped;
  im->db = db;
  return im;
}

/* Writes the image to path atomically; FALSE (logged) when it cannot. */
static gboolean
image_save (const char *path,
            const void *data,
            gsize       len)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *tmp = NULL;
  const char *p = data;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_debug ("%s: %s", dir, g_strerror (errno));
      return FALSE;
    }
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY, 0600);
  if (fd < 0)
    {
      g_debug ("%s: %s", tmp, g_strerror (errno));
      return FALSE;
    }
  while (len > 0)
    {
      gssize n = write (fd, p, MIN (len, 64 * 1024 * 1024));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_debug ("%s: %s", tmp, g_strerror (errno));
          close (fd);
          g_unlink (tmp);
          return FALSE;
        }
      p += n;
      len -= (gsize) n;
    }
  if (close (fd) != 0 || g_rename (tmp, path) != 0)
    {
      g_debug ("%s: %s", path, g_strerror (errno));
      g_unlink (tmp);
      return FALSE;
    }
  return TRUE;
}

/* --- The builder -------------------------------------------------------------------------------- */

static void
fail_locked (Shared     *s,
             const char *message)
{
  if (s->error == NULL)
    s->error = g_error_new_literal (CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_FILE, message);
  s->stop = TRUE;
  schedule_locked (s, TRUE);
}

/* Parses batches while there are some to parse; returns FALSE when the
 * work stopped (cancelled, or the file's bytes are gone). Run by the
 * builder and its helper at the same time. */
static gboolean
parse_batches (Shared *s)
{
  /* The batches' text, in one buffer kept from batch to batch (megabytes:
   * a new one each time would be faulted in and zeroed each time). */
  g_autofree char *text = NULL;
  gsize text_cap = 0;

  g_mutex_lock (&s->mutex);
  for (;;)
    {
      guint k = s->next_batch;
      guint first = k * BATCH_GAMES;
      guint n_known = s->starts->len;
      guint n;
      guint64 start, end;
      g_autofree guint64 *offsets = NULL;
      ChessPosdbBatch *batch;
      ChessPosdbMemory mem;
      BatchRef *ref;
      gboolean ok;

      if (s->stop)
        break;
      if (first >= n_known && s->starts_final)
        break;
      /* A batch is whole once the game after it is known (its end). */
      if (first + BATCH_GAMES >= n_known && !s->starts_final)
        {
          g_cond_wait (&s->cond, &s->mutex);
          continue;
        }
      n = MIN (BATCH_GAMES, n_known - first);
      start = g_array_index (s->starts, guint64, first);
      end = first + n < n_known ? g_array_index (s->starts, guint64, first + n)
                                : _caissa_pgn_file_bytes_length (s->bytes);
      offsets = g_new (guint64, n);
      for (guint i = 0; i < n; i++)
        offsets[i] = g_array_index (s->starts, guint64, first + i) - start;
      s->next_batch++;
      g_ptr_array_add (s->batches, NULL);
      g_mutex_unlock (&s->mutex);

      if (end - start + 1 > text_cap)
        {
          g_free (text);
          text_cap = MAX (end - start + 1, text_cap + text_cap / 2);
          text = g_try_malloc (text_cap);
          if (text == NULL)
            text_cap = 0;
        }
      ok = text != NULL && _caissa_pgn_file_bytes_copy (s->bytes, start, end - start, text);
      mem = _caissa_explorer_memory (s->cache_path);
      batch = ok ? chess_posdb_batch_parse_in (first, n, text, end - start, offsets, &mem) : NULL;

      g_mutex_lock (&s->mutex);
      if (!ok)
        {
          fail_locked (s, _("The file changed on disk: the explorer shows the games read before"));
          break;
        }
      ref = g_new0 (BatchRef, 1);
      g_atomic_ref_count_init (&ref->ref_count);
      ref->batch = batch;
      g_ptr_array_index (s->batches, k) = ref;
      {
        guint covered = 0;

        for (guint i = 0; i < s->batches->len && g_ptr_array_index (s->batches, i) != NULL; i++)
          covered += chess_posdb_batch_n_games (((BatchRef *) g_ptr_array_index (s->batches, i))->batch);
        s->n_covered = covered;
      }
      if (s->starts_final && n_known > 0)
        s->progress = 0.5 * s->n_covered / n_known;
      s->changed = TRUE;
      schedule_locked (s, FALSE);
    }
  g_cond_broadcast (&s->cond);
  {
    gboolean stopped = s->stop;
    g_mutex_unlock (&s->mutex);
    return !stopped;
  }
}

typedef struct
{
  Shared            *shared;
  ChessPosdbBuild   *build;
  unsigned           part;
  volatile uint32_t  progress;
} HelperJob;

static gpointer
helper_parse_thread (gpointer data)
{
  parse_batches (data);
  return NULL;
}

static gpointer
helper_run_thread (gpointer data)
{
  HelperJob *job = data;

  chess_posdb_build_run (job->build, job->part, &job->progress);
  return NULL;
}

static gpointer
helper_code_thread (gpointer data)
{
  HelperJob *job = data;

  chess_posdb_build_code (job->build, job->part);
  return NULL;
}

static gpointer
builder_thread (gpointer data)
{
  Shared *s = data;
  ChessPosdbSource source = { 0 };
  gboolean have_source = FALSE;
  GThread *helper;
  g_autofree ChessPosdbBatch **batches = NULL;
  guint n_batches;
  ChessPosdbBuild *build;
  ChessPosdbMemory mem;
  HelperJob jobs[N_THREADS];
  GThread *runners[N_THREADS];
  uint8_t *img;
  size_t img_len;
  Image *im = NULL;
  gint64 t0, t1, t2;

  /* A cache for this file: ready at once. */
  if (s->cache_path != NULL)
    {
      have_source = source_of (s->bytes, &source);
      if (have_source)
        im = image_load (s->cache_path, &source);
      if (im != NULL)
        {
          g_mutex_lock (&s->mutex);
          s->image = im;
          s->n_covered = chess_posdb_n_games (im->db);
          s->building = FALSE;
          s->progress = 1.0;
          s->changed = TRUE;
          schedule_locked (s, TRUE);
          g_mutex_unlock (&s->mutex);
          shared_unref (s);
          return NULL;
        }
    }

  g_mutex_lock (&s->mutex);
  s->building = TRUE;
  s->build_started = TRUE;
  schedule_locked (s, TRUE);
  g_mutex_unlock (&s->mutex);
  t0 = g_get_monotonic_time ();
  helper = g_thread_new ("caissa-explorer-parse", helper_parse_thread, s);
  parse_batches (s);
  g_thread_join (helper);
  t1 = g_get_monotonic_time ();

  g_mutex_lock (&s->mutex);
  if (s->stop)
    {
      s->building = FALSE;
      schedule_locked (s, TRUE);
      g_mutex_unlock (&s->mutex);
      shared_unref (s);
      return NULL;
    }
  n_batches = s->batches->len;
  batches = g_new (ChessPosdbBatch *, MAX (n_batches, 1));
  for (guint i = 0; i < n_batches; i++)
    batches[i] = ((BatchRef *) g_ptr_array_index (s->batches, i))->batch;
  s->progress = 0.5;
  schedule_locked (s, FALSE);
  g_mutex_unlock (&s->mutex);

  /* The batches stay in s->batches (queries read them) until the image
   * replaces them; the build only reads them. */
  mem = _caissa_explorer_memory (s->cache_path);
  build = chess_posdb_build_new_in (batches, n_batches, N_THREADS, &mem);
  for (unsigned i = 0; i < chess_posdb_build_n_parts (build); i++)
    {
      jobs[i] = (HelperJob) { s, build, i, 0 };
      runners[i] = g_thread_new ("caissa-explorer-build", helper_run_thread, &jobs[i]);
    }
  for (unsigned i = 0; i < chess_posdb_build_n_parts (build); i++)
    {
      /* (Progress is read as the parts go: the first part is joined last.) */
      guint n_parts = chess_posdb_build_n_parts (build);
      unsigned j = n_parts - 1 - i;

      while (TRUE)
        {
          gboolean done;
          double sum = 0;

          for (unsigned k = 0; k < n_parts; k++)
            sum += __atomic_load_n (&jobs[k].progress, __ATOMIC_RELAXED) / (double) (1u << 20);
          done = __atomic_load_n (&jobs[j].progress, __ATOMIC_RELAXED) >= (1u << 20);
          g_mutex_lock (&s->mutex);
          s->progress = 0.5 + 0.45 * sum / n_parts;
          schedule_locked (s, FALSE);
          g_mutex_unlock (&s->mutex);
          if (done)
            break;
          g_usleep (50 * 1000);
        }
      g_thread_join (runners[j]);
    }
  /* The rare positions' lists coded on every core too. */
  for (unsigned i = 1; i < chess_posdb_build_n_parts (build); i++)
    runners[i] = g_thread_new ("caissa-explorer-code", helper_code_thread, &jobs[i]);
  chess_posdb_build_code (build, 0);
  for (unsigned i = 1; i < chess_posdb_build_n_parts (build); i++)
    g_thread_join (runners[i]);
  t2 = g_get_monotonic_time ();
  if (!have_source && s->cache_path != NULL)
    have_source = source_of (s->bytes, &source);
  {
    CaissaExplorerOut out = { have_source ? s->cache_path : NULL, NULL, -1, NULL, 0 };

    img = chess_posdb_build_finish_to (build, &source, _caissa_explorer_out_alloc, &out, &img_len);
    if (out.map != NULL)
      {
        gboolean saved = img != NULL;

        munmap (out.map, out.len);
        if (close (out.fd) != 0 || !saved || g_rename (out.tmp, s->cache_path) != 0)
          {
            g_debug ("%s: not saved", out.tmp);
            g_unlink (out.tmp);
            saved = FALSE;
          }
        g_free (out.tmp);
        img = NULL;
        if (saved)
          im = image_load (s->cache_path, &source);
      }
    else if (img != NULL && s->cache_path != NULL && have_source
             && image_save (s->cache_path, img, img_len))
      im = image_load (s->cache_path, &source);
  }
  g_debug ("built: parsed in %.2f s (with the file's indexing), parts %.2f s, image %.2f s",
           (t1 - t0) / 1e6, (t2 - t1) / 1e6, (g_get_monotonic_time () - t2) / 1e6);
  if (im == NULL && img == NULL && s->cache_path != NULL)
    g_debug ("the cache could not be written or read back");
  if (im == NULL && img != NULL)
    {
      ChessError cerr;
      ChessPosdb *db = chess_posdb_open (img, img_len, &cerr);

      if (db != NULL)
        {
          im = g_new0 (Image, 1);
          g_atomic_ref_count_init (&im->ref_count);
          im->memory = img;
          im->db = db;
          img = NULL;
        }
      else
        g_warning ("Position data built but unreadable: %s", cerr.message);
    }
  free (img);

  g_mutex_lock (&s->mutex);
  if (im != NULL)
    {
      s->image = im;
      s->n_covered = chess_posdb_n_games (im->db);
      g_ptr_array_set_size (s->batches, 0);
    }
  else
    fail_locked (s, _("Not enough memory for the explorer's position data"));
  s->building = FALSE;
  s->progress = 1.0;
  s->changed = TRUE;
  schedule_locked (s, TRUE);
  g_mutex_unlock (&s->mutex);
  shared_unref (s);
  return NULL;
}

/* --- The object ------------------------------------------------------------------------------- */

static void
set_bool (CaissaExplorer *self,
          gboolean       *field,
          gboolean        value,
          guint           prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
dispatch (CaissaExplorer *self)
{
  Shared *s = self->shared;
  gboolean ready, building, changed, started;
  double progress;
  guint covered;
  GError *error = NULL;

  g_mutex_lock (&s->mutex);
  ready = s->image != NULL;
  building = s->building;
  started = s->build_started;
  progress = s->image != NULL ? 1.0 : s->progress;
  covered = s->n_covered;
  changed = s->changed;
  s->changed = FALSE;
  if (s->error != NULL && self->error == NULL)
    error = g_error_copy (s->error);
  g_mutex_unlock (&s->mutex);

  /* A build that began and ended between two looks is still told. */
  if (started && !self->build_seen)
    {
      self->build_seen = TRUE;
      set_bool (self, &self->building, TRUE, PROP_BUILDING);
    }
  g_object_freeze_notify (G_OBJECT (self));
  if (error != NULL)
    {
      self->error = error;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }
  set_bool (self, &self->ready, ready, PROP_READY);
  set_bool (self, &self->building, building, PROP_BUILDING);
  if (self->progress != progress)
    {
      self->progress = progress;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  if (self->n_covered != covered)
    {
      self->n_covered = covered;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_COVERED]);
    }
  g_object_thaw_notify (G_OBJECT (self));
  if (changed)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Hands the games the file lists now to the builder. */
static void
hand_over (CaissaExplorer *self)
{
  Shared *s = self->shared;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->file));
  gboolean final = !caissa_pgn_file_get_loading (self->file);
  g_autoptr(GArray) add = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n - MIN (n, self->n_handed));

  for (guint i = self->n_handed; i < n; i++)
    {
      guint64 off = _caissa_pgn_file_game_offset (self->file, i);
      g_array_append_val (add, off);
    }
  self->n_handed = MAX (n, self->n_handed);
  g_mutex_lock (&s->mutex);
  g_array_append_vals (s->starts, add->data, add->len);
  if (final && !s->starts_final)
    {
      s->starts_final = TRUE;
      s->changed = TRUE;
      schedule_locked (s, TRUE);
    }
  g_cond_broadcast (&s->cond);
  g_mutex_unlock (&s->mutex);
}

static void
items_changed_cb (GListModel     *model,
                  guint           position,
                  guint           removed,
                  guint           added,
                  CaissaExplorer *self)
{
  hand_over (self);
}

static void
loading_cb (CaissaPgnFile  *file,
            GParamSpec     *pspec,
            CaissaExplorer *self)
{
  hand_over (self);
}

static void
caissa_explorer_dispose (GObject *object)
{
  CaissaExplorer *self = CAISSA_EXPLORER (object);

  if (self->file != NULL)
    g_signal_handlers_disconnect_by_data (self->file, self);
  if (self->shared != NULL)
    {
      Shared *s = self->shared;

      g_mutex_lock (&s->mutex);
      s->stop = TRUE;
      g_cond_broadcast (&s->cond);
      g_mutex_unlock (&s->mutex);
    }
  /* The builder stops at its next look (a batch, a step of the build):
   * it is left to end on its own, holding its own reference. */
  if (self->builder != NULL)
    g_clear_pointer (&self->builder, g_thread_unref);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (caissa_explorer_parent_class)->dispose (object);
}

static void
caissa_explorer_finalize (GObject *object)
{
  CaissaExplorer *self = CAISSA_EXPLORER (object);

  if (self->shared != NULL)
    {
      g_mutex_lock (&self->shared->mutex);
      if (self->shared->dispatch != NULL)
        {
          g_source_destroy (self->shared->dispatch);
          g_clear_pointer (&self->shared->dispatch, g_source_unref);
        }
      g_mutex_unlock (&self->shared->mutex);
      shared_unref (self->shared);
    }
  g_clear_error (&self->error);
  G_OBJECT_CLASS (caissa_explorer_parent_class)->finalize (object);
}

static void
caissa_explorer_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaissaExplorer *self = CAISSA_EXPLORER (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_READY:
      g_value_set_boolean (value, self->ready);
      break;
    case PROP_BUILDING:
      g_value_set_boolean (value, self->building);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_N_COVERED:
      g_value_set_uint (value, self->n_covered);
      break;
    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_explorer_class_init (CaissaExplorerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_explorer_dispose;
  object_class->finalize = caissa_explorer_finalize;
  object_class->get_property = caissa_explorer_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, CAISSA_TYPE_PGN_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUILDING] =
    g_param_spec_boolean ("building", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_COVERED] =
    g_param_spec_uint ("n-covered", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
caissa_explorer_init (CaissaExplorer *self)
{
}

CaissaExplorer *
caissa_explorer_new (CaissaPgnFile *file)
{
  CaissaExplorer *self;
  Shared *s;
  GFile *gfile;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (file), NULL);

  self = g_object_new (CAISSA_TYPE_EXPLORER, NULL);
  self->file = g_object_ref (file);
  s = g_new0 (Shared, 1);
  g_atomic_ref_count_init (&s->ref_count);
  g_mutex_init (&s->mutex);
  g_cond_init (&s->cond);
  s->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&s->owner, self);
  s->bytes = _caissa_pgn_file_ref_bytes (file);
  gfile = caissa_pgn_file_get_file (file);
  if (gfile != NULL && g_file_is_native (gfile))
    {
      gboolean exists;
      guint64 size;
      gint64 mtime;

      _caissa_pgn_file_bytes_stamp (s->bytes, &size, &mtime, &exists);
      if (exists)
        s->cache_path = cache_path_for (gfile);
    }
  s->starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->batches = g_ptr_array_new_with_free_func (batch_unref);
  self->shared = s;

  g_signal_connect (file, "items-changed", G_CALLBACK (items_changed_cb), self);
  g_signal_connect (file, "notify::loading", G_CALLBACK (loading_cb), self);
  hand_over (self);
  self->builder = g_thread_new ("caissa-explorer", builder_thread, shared_ref (s));
  return self;
}

CaissaPgnFile *
caissa_explorer_get_file (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), NULL);

  return self->file;
}

gboolean
caissa_explorer_get_ready (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), FALSE);

  return self->ready;
}

gboolean
caissa_explorer_get_building (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), FALSE);

  return self->building;
}

double
caissa_explorer_get_progress (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), 0.0);

  return self->progress;
}

guint
caissa_explorer_get_n_covered (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), 0);

  return self->n_covered;
}

const GError *
caissa_explorer_get_error (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), NULL);

  return self->error;
}

char *
caissa_explorer_dup_cache_path (CaissaExplorer *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), NULL);

  return g_strdup (self->shared->cache_path);
}

/* --- Queries ---------------------------------------------------------------------------------- */

typedef enum
{
  QUERY_TREE,
  QUERY_POSITION,
  QUERY_PATTERN,
} QueryKind;

typedef struct
{
  QueryKind        kind;
  ChessPosition    pos;
  ChessPosPattern  pattern;
  Image           *image;
  GPtrArray       *batches;   /* BatchRef, when there is no image */
  guint            n_covered;
  gboolean         partial;
} Query;

static void
query_free (Query *q)
{
  g_clear_pointer (&q->image, image_unref);
  g_clear_pointer (&q->batches, g_ptr_array_unref);
  g_free (q);
}

/* What a query reads, taken under the lock: the image, or the parsed
 * prefix of batches. */
static Query *
query_new (CaissaExplorer *self,
           QueryKind       kind)
{
  Shared *s = self->shared;
  Query *q = g_new0 (Query, 1);

  q->kind = kind;
  g_mutex_lock (&s->mutex);
  if (s->image != NULL)
    {
      q->image = image_ref (s->image);
      q->partial = FALSE;
    }
  else
    {
      q->batches = g_ptr_array_new_with_free_func (batch_unref);
      for (guint i = 0; i < s->batches->len && g_ptr_array_index (s->batches, i) != NULL; i++)
        g_ptr_array_add (q->batches, batch_ref (g_ptr_array_index (s->batches, i)));
      q->partial = TRUE;
    }
  q->n_covered = s->n_covered;
  g_mutex_unlock (&s->mutex);
  return q;
}

typedef struct
{
  const ChessPosdb      *db;
  const ChessPosPattern *pattern;
  guint32                first, end;
  ChessPosdbMatches      matches;
  GCancellable          *cancellable;
} PatternJob;

static gpointer
pattern_thread (gpointer data)
{
  PatternJob *job = data;
  guint32 step = 4096;

  for (guint32 g = job->first; g < job->end; g += step)
    {
      if (g_cancellable_is_cancelled (job->cancellable))
        break;
      chess_posdb_pattern (job->db, job->pattern, g, MIN (job->end, g + step), &job->matches, NULL);
    }
  return NULL;
}

static void
query_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Query *q = task_data;

  if (q->kind == QUERY_TREE)
    {
      ChessPosdbTree *t = g_new (ChessPosdbTree, 1);
      CaissaExplorerTree *tree = g_new0 (CaissaExplorerTree, 1);

      chess_posdb_tree_init (t, q->pos.key);
      if (q->image != NULL)
        chess_posdb_tree (q->image->db, &q->pos, t);
      else
        for (guint i = 0; i < q->batches->len && !g_cancellable_is_cancelled (cancellable); i++)
          chess_posdb_batch_tree (((BatchRef *) g_ptr_array_index (q->batches, i))->batch, &q->pos, t);
      chess_posdb_tree_sort (t);
      g_atomic_ref_count_init (&tree->ref_count);
      tree->n_games = t->n_games;
      tree->partial = q->partial;
      tree->n_covered = q->n_covered;
      tree->moves = g_array_sized_new (FALSE, TRUE, sizeof (CaissaExplorerMove), t->n_moves);
      for (unsigned i = 0; i < t->n_moves; i++)
        {
          const ChessPosdbMoveStat *st = &t->moves[i];
          CaissaExplorerMove m = { 0 };

          /* A move the position does not allow would be a damaged cache
           * that passed its checks: left out rather than shown. */
          if (!chess_position_is_legal (&q->pos, st->move)
              && !(st->move == CHESS_MOVE_NULL && !chess_position_in_check (&q->pos)))
            continue;
          m.move = st->move;
          if (st->move == CHESS_MOVE_NULL)
            g_strlcpy (m.san, "--", sizeof m.san);
          else
            chess_san_write (&q->pos, st->move, m.san);
          m.games = st->games;
          m.white_wins = st->white_wins;
          m.draws = st->draws;
          m.black_wins = st->black_wins;
          m.rating_sum = st->rating_sum;
          m.rating_count = st->rating_count;
          m.last_year = st->last_year;
          g_array_append_val (tree->moves, m);
        }
      g_free (t);
      g_task_return_pointer (task, tree, (GDestroyNotify) caissa_explorer_tree_unref);
      return;
    }
  else
    {
      ChessPosdbMatches m = { 0 };
      CaissaExplorerMatches *res = g_new0 (CaissaExplorerMatches, 1);

      if (q->image != NULL && q->kind == QUERY_POSITION)
        chess_posdb_find (q->image->db, &q->pos, &m);
      else if (q->image != NULL)
        {
          guint32 n = chess_posdb_n_games (q->image->db);
          PatternJob jobs[N_THREADS];
          GThread *other;

          for (unsigned i = 0; i < N_THREADS; i++)
            jobs[i] = (PatternJob) { q->image->db, &q->pattern, (guint32) ((guint64) n * i / N_THREADS),
                                     (guint32) ((guint64) n * (i + 1) / N_THREADS), { 0 }, cancellable };
          other = g_thread_new ("caissa-explorer-search", pattern_thread, &jobs[1]);
          pattern_thread (&jobs[0]);
          g_thread_join (other);
          for (unsigned i = 0; i < N_THREADS; i++)
            {
              for (size_t j = 0; j < jobs[i].matches.n; j++)
                chess_posdb_matches_add (&m, jobs[i].matches.v[j].game, jobs[i].matches.v[j].ply);
              chess_posdb_matches_clear (&jobs[i].matches);
            }
        }
      else
        for (guint i = 0; i < q->batches->len && !g_cancellable_is_cancelled (cancellable); i++)
          {
            ChessPosdbBatch *b = ((BatchRef *) g_ptr_array_index (q->batches, i))->batch;

            if (q->kind == QUERY_POSITION)
              chess_posdb_batch_find (b, &q->pos, &m);
            else
              chess_posdb_batch_pattern (b, &q->pattern, &m);
          }
      g_atomic_ref_count_init (&res->ref_count);
      res->partial = q->partial;
      res->n_covered = q->n_covered;
      res->matches = g_array_sized_new (FALSE, FALSE, sizeof (CaissaExplorerMatch), m.n);
      for (size_t i = 0; i < m.n; i++)
        {
          CaissaExplorerMatch one = { m.v[i].game, m.v[i].ply };
          g_array_append_val (res->matches, one);
        }
      chess_posdb_matches_clear (&m);
      g_task_return_pointer (task, res, (GDestroyNotify) caissa_explorer_matches_unref);
    }
}

static void
query_start (CaissaExplorer      *self,
             Query               *q,
             gpointer             tag,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, q, (GDestroyNotify) query_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, query_thread);
}

static gpointer
query_finish (CaissaExplorer  *self,
              GAsyncResult    *result,
              gpointer         tag,
              GError         **error)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
caissa_explorer_query_tree_async (CaissaExplorer      *self,
                                  const ChessPosition *pos,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  Query *q;

  g_return_if_fail (CAISSA_IS_EXPLORER (self));
  g_return_if_fail (pos != NULL);

  q = query_new (self, QUERY_TREE);
  q->pos = *pos;
  query_start (self, q, caissa_explorer_query_tree_async, cancellable, callback, user_data);
}

CaissaExplorerTree *
caissa_explorer_query_tree_finish (CaissaExplorer  *self,
                                   GAsyncResult    *result,
                                   GError         **error)
{
  return query_finish (self, result, caissa_explorer_query_tree_async, error);
}

void
caissa_explorer_find_position_async (CaissaExplorer      *self,
                                     const ChessPosition *pos,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  Query *q;

  g_return_if_fail (CAISSA_IS_EXPLORER (self));
  g_return_if_fail (pos != NULL);

  q = query_new (self, QUERY_POSITION);
  q->pos = *pos;
  query_start (self, q, caissa_explorer_find_position_async, cancellable, callback, user_data);
}

CaissaExplorerMatches *
caissa_explorer_find_position_finish (CaissaExplorer  *self,
                                      GAsyncResult    *result,
                                      GError         **error)
{
  return query_finish (self, result, caissa_explorer_find_position_async, error);
}

/* The message of a pattern that cannot be read, translated. */
static void
set_pattern_error (GError          **error,
                   const ChessError *cerr)
{
  g_set_error (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN,
               /* Translators: a column number in the search text, then what is wrong. */
               _("Column %lu: %s"), cerr->column, cerr->message);
}

void
caissa_explorer_find_pattern_async (CaissaExplorer      *self,
                                    const char          *subfen,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  ChessError cerr;
  Query *q;

  g_return_if_fail (CAISSA_IS_EXPLORER (self));
  g_return_if_fail (subfen != NULL);

  q = query_new (self, QUERY_PATTERN);
  if (!chess_pos_pattern_parse (&q->pattern, subfen, strlen (subfen), &cerr))
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
      GError *error = NULL;

      query_free (q);
      g_task_set_source_tag (task, caissa_explorer_find_pattern_async);
      set_pattern_error (&error, &cerr);
      g_task_return_error (task, error);
      return;
    }
  query_start (self, q, caissa_explorer_find_pattern_async, cancellable, callback, user_data);
}

CaissaExplorerMatches *
caissa_explorer_find_pattern_finish (CaissaExplorer  *self,
                                     GAsyncResult    *result,
                                     GError         **error)
{
  return query_finish (self, result, caissa_explorer_find_pattern_async, error);
}

gboolean
caissa_explorer_parse_query (const char     *text,
                             gboolean       *is_position,
                             ChessPosition  *pos,
                             GError        **error)
{
  g_auto(GStrv) fields = NULL;
  ChessPosPattern pattern;
  ChessPosition tmp;
  ChessError cerr;
  guint n = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (is_position != NULL, FALSE);

  fields = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; fields[i] != NULL; i++)
    n += fields[i][0] != '\0';
  if (n >= 4)
    {
      if (chess_fen_parse (&tmp, text, strlen (text), &cerr))
        {
          *is_position = TRUE;
          if (pos != NULL)
            *pos = tmp;
          return TRUE;
        }
      g_set_error (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN,
                   /* Translators: a column number in the search text, then what is wrong. */
                   _("Column %lu: %s"), cerr.column, cerr.message);
      return FALSE;
    }
  if (!chess_pos_pattern_parse (&pattern, text, strlen (text), &cerr))
    {
      set_pattern_error (error, &cerr);
      return FALSE;
    }
  *is_position = FALSE;
  return TRUE;
}

char *
caissa_explorer_pattern_from_position (const ChessPosition *pos)
{
  ChessPosPattern pattern;
  char buf[128];

  g_return_val_if_fail (pos != NULL, NULL);

  chess_pos_pattern_from_position (&pattern, pos);
  return g_strdup (chess_pos_pattern_write (&pattern, buf));
}
