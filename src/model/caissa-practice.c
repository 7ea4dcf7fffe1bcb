/* caissa-practice.c — practice sessions against the tablebase defender.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-practice"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "caissa-atomic.h"
#include "caissa-practice.h"
#include "chess-fen.h"

#define DEFAULT_REPLY_DELAY 450

struct _CaissaPractice
{
  GObject                   parent_instance;

  CaissaGame               *game;
  char                     *records_path;
  char                     *cache_dir;
  gboolean                  cache_tables;

  ChessTbEnding             ending;
  CaissaPracticeDifficulty  difficulty;
  guint                     custom_min;
  guint                     custom_max;
  guint                     min_moves;  /* the range in force; 0 until known */
  guint                     max_moves;
  CaissaColor               player_color;
  guint                     reply_delay;

  /* Tables. */
  gboolean                  ready;
  double                    progress;
  gboolean                  building[CHESS_TB_N_ENDINGS];
  gboolean                  start_pending;
  gboolean                  start_failed;

  /* The session. */
  guint64                   seed;
  CaissaPracticeState       state;
  CaissaPracticeEnd         end;
  ChessColor                color;
  ChessPosition             start;
  ChessPosition             position;   /* the game's end, as last seen */
  guint                     fewest;
  int                       mate_in;
  guint                     moves_used;
  guint                     wasted;
  guint                     hints_used;
  int                       grade;
  ChessPracticeJudgement    judgement;
  ChessMove                 last_player_move;
  ChessMove                 pending_reply;
  guint                     reply_id;
  gboolean                  playing_reply;
  gboolean                  recorded;   /* a session from a seed, not a given position */

  /* Records. */
  GKeyFile                 *records;
  char                     *records_backup;
  char                     *records_error;  /* why the last save failed */
  gboolean                  records_unread; /* a file is there that could not be read */
};

G_DEFINE_FINAL_TYPE (CaissaPractice, caissa_practice, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (CaissaPracticeDifficulty, caissa_practice_difficulty,
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, "final-net"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_DIFFICULTY_SHORT, "short"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_DIFFICULTY_MEDIUM, "medium"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_DIFFICULTY_FULL, "full"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_DIFFICULTY_CUSTOM, "custom"))

G_DEFINE_ENUM_TYPE (CaissaPracticeState, caissa_practice_state,
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_STATE_NONE, "none"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_STATE_PLAYER, "player"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_STATE_DEFENDER, "defender"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_STATE_FINISHED, "finished"))

G_DEFINE_ENUM_TYPE (CaissaPracticeEnd, caissa_practice_end,
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_NONE, "none"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_CHECKMATE, "checkmate"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_STALEMATE, "stalemate"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_PIECE_TAKEN, "piece-taken"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_FIFTY_MOVES, "fifty-moves"),
  G_DEFINE_ENUM_VALUE (CAISSA_PRACTICE_END_DRAW, "draw"))

enum
{
  PROP_0,
  PROP_GAME,
  PROP_RECORDS_PATH,
  PROP_CACHE_DIR,
  PROP_CACHE_TABLES,
  PROP_ENDING,
  PROP_DIFFICULTY,
  PROP_MIN_MOVES,
  PROP_MAX_MOVES,
  PROP_PLAYER_COLOR,
  PROP_REPLY_DELAY,
  PROP_READY,
  PROP_PROGRESS,
  PROP_START_PENDING,
  PROP_START_FAILED,
  PROP_SEED,
  PROP_STATE,
  PROP_END,
  PROP_COLOR,
  PROP_FEWEST,
  PROP_MATE_IN,
  PROP_MOVES_USED,
  PROP_WASTED,
  PROP_HINTS_USED,
  PROP_LAST_VERDICT,
  PROP_GRADE,
  PROP_RECORDS_NOTICE,
  PROP_RECORDS_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_MOVE_JUDGED,
  SIGNAL_RECORDS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_range (CaissaPractice *self);
static void begin_session (CaissaPractice *self);

static void
notify (CaissaPractice *self,
        guint           prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* SplitMix64: the next seed of "New Position", and seeds for the
 * defender's and the hint's choices among equals. */
static guint64
mix (guint64 x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/* --- Difficulty ----------------------------------------------------------- */

const char *
caissa_practice_difficulty_id (CaissaPracticeDifficulty difficulty)
{
  static const char *const ids[] = { "final-net", "short", "medium", "full", "custom" };

  if ((guint) difficulty >= G_N_ELEMENTS (ids))
    return NULL;
  return ids[difficulty];
}

/* The presets: "final net" 1–3 and "short" 4–8 mean the same in every
 * ending; "medium" and "full" split what is left up to the longest start,
 * so that "full" is always the hardest positions the ending has. */
gboolean
caissa_practice_difficulty_range (ChessTbEnding             ending,
                                  CaissaPracticeDifficulty  difficulty,
                                  guint                    *min_moves,
                                  guint                    *max_moves)
{
  guint longest, s, m, lo, hi;

  g_return_val_if_fail (min_moves != NULL && max_moves != NULL, FALSE);

  longest = chess_practice_longest_start (ending);
  if (longest == 0 || difficulty >= CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    return FALSE;

  s = MIN (8, MAX (4, longest / 2));
  m = (s + 1 + longest) / 2;
  switch (difficulty)
    {
    case CAISSA_PRACTICE_DIFFICULTY_FINAL_NET:
      lo = 1, hi = 3;
      break;
    case CAISSA_PRACTICE_DIFFICULTY_SHORT:
      lo = 4, hi = s;
      break;
    case CAISSA_PRACTICE_DIFFICULTY_MEDIUM:
      lo = s + 1, hi = m;
      break;
    case CAISSA_PRACTICE_DIFFICULTY_FULL:
    default:
      lo = m + 1, hi = longest;
      break;
    }
  hi = MIN (hi, longest);
  if (lo > hi)
    return FALSE;
  *min_moves = lo;
  *max_moves = hi;
  return TRUE;
}

/* --- Records -------------------------------------------------------------- */

static char *
record_group (ChessTbEnding            ending,
              CaissaPracticeDifficulty difficulty,
              guint                    min_moves,
              guint                    max_moves)
{
  if (difficulty == CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    return g_strdup_printf ("%s/range-%u-%u", chess_tb_ending_name (ending), min_moves, max_moves);
  return g_strdup_printf ("%s/%s", chess_tb_ending_name (ending),
                          caissa_practice_difficulty_id (difficulty));
}

static void
set_records_notice (CaissaPractice *self,
                    char           *notice)
{
  g_free (self->records_backup);
  self->records_backup = notice;
  notify (self, PROP_RECORDS_NOTICE);
}

/* Reads the records on first use. A file GKeyFile cannot parse is moved
 * aside to .bak (never lost, never fatal) and the records start afresh. */
static GKeyFile *
ensure_records (CaissaPractice *self)
{
  g_autoptr(GError) error = NULL;

  if (self->records != NULL)
    return self->records;

  self->records = g_key_file_new ();
  if (g_key_file_load_from_file (self->records, self->records_path, G_KEY_FILE_NONE, &error))
    return self->records;

  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return self->records;

  g_key_file_free (self->records);
  self->records = g_key_file_new ();
  /* A regular file that does not parse is moved aside; anything else
   * (a folder, a device) is not ours to move. */
  if (error->domain == G_KEY_FILE_ERROR
      && g_file_test (self->records_path, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *backup = g_strconcat (self->records_path, ".bak", NULL);

      if (g_rename (self->records_path, backup) != 0)
        g_warning ("%s: cannot keep the unreadable records as %s: %s",
                   self->records_path, backup, g_strerror (errno));
      g_warning ("%s: the practice records cannot be read (%s); kept as %s, starting afresh",
                 self->records_path, error->message, backup);
      set_records_notice (self, g_steal_pointer (&backup));
    }
  else
    {
      /* Not readable now (no permission, an I/O error): left alone, and
       * never saved over, since it may hold records. */
      g_warning ("%s: %s", self->records_path, error->message);
      self->records_unread = TRUE;
      set_records_notice (self, g_strdup (self->records_path));
    }
  return self->records;
}

static int
read_int (GKeyFile   *file,
          const char *group,
          const char *key,
          int         fallback,
          int         min)
{
  g_autoptr(GError) error = NULL;
  int value = g_key_file_get_integer (file, group, key, &error);

  if (error != NULL || value < min)
    return fallback;
  return value;
}

static void
read_record (CaissaPractice       *self,
             const char           *group,
             CaissaPracticeRecord *out)
{
  GKeyFile *file = ensure_records (self);

  out->attempts = read_int (file, group, "attempts", 0, 0);
  out->successes = MIN ((guint) read_int (file, group, "successes", 0, 0), out->attempts);
  out->streak = MIN ((guint) read_int (file, group, "streak", 0, 0), out->successes);
  out->best_streak = MAX ((guint) read_int (file, group, "best-streak", 0, 0), out->streak);
  out->best_grade = read_int (file, group, "best-grade", -1, 0);
  if (out->best_grade > CHESS_PRACTICE_GRADE_POOR)
    out->best_grade = -1;
  out->best_extra = read_int (file, group, "best-extra", -1, 0);
}

static void
set_records_error (CaissaPractice *self,
                   char           *message)
{
  if (g_strcmp0 (message, self->records_error) == 0)
    {
      g_free (message);
      return;
    }
  g_free (self->records_error);
  self->records_error = message;
  notify (self, PROP_RECORDS_ERROR);
}

/* Written atomically (temporary file, fsync, rename, fsync of the folder);
 * on failure the old file stays as it was, the records stay in memory
 * (the next save writes them all) and "records-error" says why. */
static void
save_records (CaissaPractice *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (self->records_path);
  g_autofree char *data = NULL;
  gsize len;

  data = g_key_file_to_data (ensure_records (self), &len, NULL);
  if (self->records_unread)
    {
      /* Translators: %s is the path of the file of practice records. */
      set_records_error (self, g_strdup_printf (_("“%s” could not be read, so it was not saved over"),
                                                self->records_path));
      return;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      /* Translators: %s is a folder's path, then the system's reason. */
      set_records_error (self, g_strdup_printf (_("Cannot make the folder “%s”: %s"),
                                                dir, g_strerror (saved_errno)));
      return;
    }
  if (!caissa_atomic_write_full (self->records_path, data, len, 0600, NULL, NULL, &error))
    {
      g_info ("%s", error->message);
      set_records_error (self, g_strdup (error->message));
      return;
    }
  set_records_error (self, NULL);
}

static void
write_record (CaissaPractice             *self,
              const char                 *group,
              const CaissaPracticeRecord *r)
{
  GKeyFile *file = ensure_records (self);

  g_key_file_set_integer (file, group, "attempts", r->attempts);
  g_key_file_set_integer (file, group, "successes", r->successes);
  g_key_file_set_integer (file, group, "streak", r->streak);
  g_key_file_set_integer (file, group, "best-streak", r->best_streak);
  g_key_file_set_integer (file, group, "best-grade", r->best_grade);
  g_key_file_set_integer (file, group, "best-extra", r->best_extra);
}

/* A session ended, or was left after the player moved. */
static void
record_session (CaissaPractice *self,
                gboolean        success)
{
  g_autofree char *group = record_group (self->ending, self->difficulty,
                                         self->min_moves, self->max_moves);
  gboolean assisted = self->hints_used > 0;
  CaissaPracticeRecord r;

  if (!self->recorded)
    return;
  read_record (self, group, &r);
  r.attempts++;
  if (!success)
    r.streak = 0;
  else
    {
      int extra = self->moves_used > self->fewest ? (int) (self->moves_used - self->fewest) : 0;

      r.successes++;
      /* A mate found with hints is a success, but neither a record nor a
       * link in a streak (nor does it break one). */
      if (!assisted)
        {
          r.streak++;
          r.best_streak = MAX (r.best_streak, r.streak);
          if (r.best_grade < 0 || self->grade < r.best_grade)
            r.best_grade = self->grade;
          if (r.best_extra < 0 || extra < r.best_extra)
            r.best_extra = extra;
        }
    }
  write_record (self, group, &r);
  save_records (self);
  g_signal_emit (self, signals[SIGNAL_RECORDS_CHANGED], 0);
}

/* --- Tables --------------------------------------------------------------- */

/* Shared by the worker, its progress reports and the completion: the
 * practice is only weakly referenced, so a build never keeps it alive
 * (closing the window while a table builds just drops the result). */
typedef struct
{
  ChessTbEnding  ending;
  gboolean       cache;
  char          *cache_dir;
  GMainContext  *context;
  GWeakRef       practice;
  double         last_reported;  /* worker thread only */
} BuildData;

static void
build_data_clear (BuildData *d)
{
  g_free (d->cache_dir);
  g_main_context_unref (d->context);
  g_weak_ref_clear (&d->practice);
}

static void
build_data_unref (BuildData *d)
{
  g_atomic_rc_box_release_full (d, (GDestroyNotify) build_data_clear);
}

typedef struct
{
  BuildData *build;
  double     fraction;
} Progress;

static gboolean
progress_in_main_cb (gpointer data)
{
  Progress *p = data;
  g_autoptr(CaissaPractice) self = g_weak_ref_get (&p->build->practice);

  if (self != NULL && p->build->ending == self->ending && !self->ready
      && p->fraction > self->progress)
    {
      self->progress = p->fraction;
      notify (self, PROP_PROGRESS);
    }
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *p = data;

  build_data_unref (p->build);
  g_free (p);
}

static void
report_progress (BuildData *d,
                 double     fraction)
{
  Progress *p;
  GSource *source;

  /* The core calls a few hundred times; the UI needs a percent at most. */
  if (fraction < 1.0 && fraction - d->last_reported < 0.01)
    return;
  d->last_reported = fraction;
  p = g_new (Progress, 1);
  p->build = g_atomic_rc_box_acquire (d);
  p->fraction = fraction;
  /* Always through a source in the starting thread's context: never
   * g_main_context_invoke(), which runs the callback right here, in the
   * worker, whenever that context is not owned at this moment (a main
   * thread between two iterations), and the notify reaches widgets. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_in_main_cb, p, progress_free);
  g_source_set_static_name (source, "[caissa] practice table progress");
  g_source_attach (source, d->context);
  g_source_unref (source);
}

static void
core_progress_cb (double  fraction,
                  void   *user_data)
{
  BuildData *d = user_data;

  /* KRRK builds KRK first (a few milliseconds): report only the last. */
  report_progress (d, fraction);
}

static char *
cache_path (const char    *dir,
            ChessTbEnding  ending)
{
  g_autofree char *name = g_strdup_printf ("%s.tb", chess_tb_ending_name (ending));

  return g_build_filename (dir, name, NULL);
}

static gboolean
load_cached (const char    *dir,
             ChessTbEnding  ending)
{
  g_autofree char *path = cache_path (dir, ending);
  g_autofree char *data = NULL;
  gsize len;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return FALSE;
  if (!chess_tb_deserialize (ending, data, len))
    {
      g_debug ("%s: not a valid table, rebuilding it", path);
      return FALSE;
    }
  g_debug ("%s: table loaded", path);
  return TRUE;
}

static void
save_cached (const char    *dir,
             ChessTbEnding  ending)
{
  g_autofree char *path = cache_path (dir, ending);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  size_t size = chess_tb_serialize (ending, NULL, 0);

  if (size == 0)
    return;
  data = g_malloc (size);
  if (chess_tb_serialize (ending, data, size) != size)
    return;
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_debug ("%s: %s", dir, g_strerror (errno));
      return;
    }
  /* Temporary file, fsync, rename: a crash leaves the old file or the new
   * one, never half of one (and a half one would fail the checks anyway). */
  if (!g_file_set_contents_full (path, data, size,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &error))
    g_debug ("%s", error->message);
}

/* Builds in flight, across every CaissaPractice: a build outlives the
 * object that asked for it (it holds only a weak reference). */
static GMutex builds_lock;
static GCond builds_cond;
static guint builds_running;

static void
build_finished (void)
{
  g_mutex_lock (&builds_lock);
  if (--builds_running == 0)
    g_cond_broadcast (&builds_cond);
  g_mutex_unlock (&builds_lock);
}

void
caissa_practice_wait_for_tables (void)
{
  g_mutex_lock (&builds_lock);
  while (builds_running > 0)
    g_cond_wait (&builds_cond, &builds_lock);
  g_mutex_unlock (&builds_lock);
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  BuildData *d = task_data;
  ChessTbEnding parts[2];
  guint n = 0;

  /* KRRK's captures lead into KRK: have that first. */
  if (d->ending == CHESS_TB_KRRK)
    parts[n++] = CHESS_TB_KRK;
  parts[n++] = d->ending;

  for (guint i = 0; i < n; i++)
    {
      ChessTbEnding e = parts[i];

      if (chess_tb_is_built (e))
        continue;
      if (d->cache && load_cached (d->cache_dir, e))
        continue;
      if (!chess_tb_build (e, e == d->ending ? core_progress_cb : NULL, d))
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                                   /* Translators: %s names an ending by its
                                    * pieces, e.g. "KQK" (king and queen
                                    * against king). */
                                   _("Not enough memory for the %s table"), chess_tb_ending_name (e));
          build_finished ();
          return;
        }
      if (d->cache)
        save_cached (d->cache_dir, e);
    }

  /* The difficulty presets need the longest start: scan it here too. */
  chess_practice_longest_start (d->ending);
  report_progress (d, 1.0);
  g_task_return_boolean (task, TRUE);
  build_finished ();
}

static gboolean
table_ready (ChessTbEnding ending)
{
  return chess_tb_is_built (ending)
         && (ending != CHESS_TB_KRRK || chess_tb_is_built (CHESS_TB_KRK));
}

static void
set_ready (CaissaPractice *self,
           gboolean        ready)
{
  if (self->ready == ready)
    return;
  self->ready = ready;
  notify (self, PROP_READY);
}

/* The current ending's table is there: a start waiting for it goes. */
static void
table_became_ready (CaissaPractice *self)
{
  self->progress = 1.0;
  notify (self, PROP_PROGRESS);
  update_range (self);
  set_ready (self, TRUE);
  if (self->start_pending)
    begin_session (self);
}

static void
build_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  BuildData *d = user_data;
  g_autoptr(CaissaPractice) self = g_weak_ref_get (&d->practice);
  ChessTbEnding ending = d->ending;
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  build_data_unref (d);
  if (self == NULL)
    return;
  self->building[ending] = FALSE;
  if (!ok)
    {
      g_warning ("%s", error->message);
      return;
    }
  if (ending != self->ending || self->ready)
    return;
  table_became_ready (self);
}

/* Makes the current ending's table ready, now or in a worker thread. */
static void
ensure_table (CaissaPractice *self)
{
  g_autoptr(GTask) task = NULL;
  BuildData *d;

  if (table_ready (self->ending))
    {
      table_became_ready (self);
      return;
    }

  set_ready (self, FALSE);
  self->progress = 0.0;
  notify (self, PROP_PROGRESS);
  if (self->building[self->ending])
    return;

  d = g_atomic_rc_box_new0 (BuildData);
  d->ending = self->ending;
  d->cache = self->cache_tables;
  d->cache_dir = g_strdup (self->cache_dir);
  d->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&d->practice, self);
  d->last_reported = -1.0;
  self->building[self->ending] = TRUE;
  g_mutex_lock (&builds_lock);
  builds_running++;
  g_mutex_unlock (&builds_lock);

  /* No source object: see BuildData. The callback gets its own ref. */
  task = g_task_new (NULL, NULL, build_done_cb, g_atomic_rc_box_acquire (d));
  g_task_set_source_tag (task, ensure_table);
  g_task_set_task_data (task, d, (GDestroyNotify) build_data_unref);
  g_task_run_in_thread (task, build_thread);
}

/* --- The session ---------------------------------------------------------- */

static void
cancel_reply (CaissaPractice *self)
{
  g_clear_handle_id (&self->reply_id, g_source_remove);
  self->pending_reply = CHESS_MOVE_NONE;
}

static void
set_state (CaissaPractice      *self,
           CaissaPracticeState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  notify (self, PROP_STATE);
}

static void
set_mate_in (CaissaPractice *self,
             int             mate_in)
{
  if (self->mate_in == mate_in)
    return;
  self->mate_in = mate_in;
  notify (self, PROP_MATE_IN);
}

static void
finish (CaissaPractice    *self,
        CaissaPracticeEnd  end)
{
  cancel_reply (self);
  self->end = end;
  if (end == CAISSA_PRACTICE_END_CHECKMATE)
    {
      self->grade = chess_practice_grade (self->moves_used, self->fewest);
      set_mate_in (self, 0);
    }
  else
    set_mate_in (self, -1);
  notify (self, PROP_GRADE);
  notify (self, PROP_END);
  set_state (self, CAISSA_PRACTICE_STATE_FINISHED);
  record_session (self, end == CAISSA_PRACTICE_END_CHECKMATE);
}

/* Leaving a session the player has moved in counts as a failed attempt. */
static void
leave_session (CaissaPractice *self)
{
  gboolean counts = (self->state == CAISSA_PRACTICE_STATE_PLAYER
                     || self->state == CAISSA_PRACTICE_STATE_DEFENDER)
                    && self->moves_used > 0;

  cancel_reply (self);
  if (counts)
    record_session (self, FALSE);
}

static ChessColor
session_color (CaissaPractice *self)
{
  if (self->player_color == CAISSA_COLOR_WHITE || self->player_color == CAISSA_COLOR_BLACK)
    return (ChessColor) self->player_color;
  return (mix (self->seed ^ 0x636f6c6f72ULL) >> 63) ? CHESS_BLACK : CHESS_WHITE;
}

static void
reset_counters (CaissaPractice *self)
{
  self->moves_used = 0;
  self->wasted = 0;
  self->hints_used = 0;
  self->grade = -1;
  self->end = CAISSA_PRACTICE_END_NONE;
  self->last_player_move = CHESS_MOVE_NONE;
  memset (&self->judgement, 0, sizeof self->judgement);
  self->judgement.verdict = CHESS_PRACTICE_NOT_JUDGED;
  self->judgement.best = CHESS_MOVE_NONE;
  self->judgement.hanging_square = CHESS_NO_SQUARE;
  self->judgement.moves_after = -1;
}

static void
notify_session (CaissaPractice *self)
{
  notify (self, PROP_COLOR);
  notify (self, PROP_FEWEST);
  notify (self, PROP_MOVES_USED);
  notify (self, PROP_WASTED);
  notify (self, PROP_HINTS_USED);
  notify (self, PROP_GRADE);
  notify (self, PROP_END);
  notify (self, PROP_LAST_VERDICT);
}

/* Shows pos (a won position, the strong side to move) as a new session. */
static void
setup_session (CaissaPractice      *self,
               const ChessPosition *pos,
               int                  dtm_moves)
{
  g_autoptr(GError) error = NULL;
  char fen[CHESS_FEN_MAX];

  self->start = *pos;
  self->position = *pos;
  self->color = pos->side;
  self->fewest = (guint) dtm_moves;
  chess_fen_write (pos, fen);
  self->playing_reply = TRUE;
  if (!caissa_game_load_fen (self->game, fen, &error))
    g_critical ("practice start %s: %s", fen, error->message);
  self->playing_reply = FALSE;

  set_mate_in (self, dtm_moves);
  set_state (self, CAISSA_PRACTICE_STATE_PLAYER);
  notify_session (self);
}

static void
set_start_failed (CaissaPractice *self,
                  gboolean        failed)
{
  if (failed == self->start_failed)
    return;
  self->start_failed = failed;
  notify (self, PROP_START_FAILED);
}

/* Sets up the start position of self->seed (the table is ready). */
static void
begin_session (CaissaPractice *self)
{
  ChessPosition pos;
  ChessTbResult r;
  gboolean failed;

  g_object_freeze_notify (G_OBJECT (self));
  cancel_reply (self);
  if (self->start_pending)
    {
      self->start_pending = FALSE;
      notify (self, PROP_START_PENDING);
    }
  reset_counters (self);
  self->recorded = TRUE;
  self->color = session_color (self);

  failed = self->min_moves == 0
           || !chess_practice_random_start (self->ending, self->color, self->min_moves,
                                            self->max_moves, self->seed, &pos)
           || !chess_tb_probe (&pos, &r) || r.wdl != CHESS_TB_WIN;
  set_start_failed (self, failed);
  if (failed)
    {
      self->fewest = 0;
      set_mate_in (self, -1);
      set_state (self, CAISSA_PRACTICE_STATE_NONE);
      notify_session (self);
    }
  else
    setup_session (self, &pos, r.dtm_moves);
  g_object_thaw_notify (G_OBJECT (self));
}

static CaissaPracticeEnd
end_of_status (ChessPracticeStatus status)
{
  switch (status)
    {
    case CHESS_PRACTICE_CHECKMATE:
      return CAISSA_PRACTICE_END_CHECKMATE;
    case CHESS_PRACTICE_STALEMATE:
      return CAISSA_PRACTICE_END_STALEMATE;
    case CHESS_PRACTICE_PIECE_TAKEN:
      return CAISSA_PRACTICE_END_PIECE_TAKEN;
    case CHESS_PRACTICE_FIFTY_MOVES:
      return CAISSA_PRACTICE_END_FIFTY_MOVES;
    case CHESS_PRACTICE_ONGOING:
      return CAISSA_PRACTICE_END_NONE;
    case CHESS_PRACTICE_NOT_PRACTICE:
    default:
      return CAISSA_PRACTICE_END_DRAW;
    }
}

static void
play_reply (CaissaPractice *self)
{
  g_autoptr(GError) error = NULL;
  ChessMove reply = self->pending_reply;
  CaissaPracticeEnd end;
  ChessTbResult r;

  self->reply_id = 0;
  self->pending_reply = CHESS_MOVE_NONE;

  self->playing_reply = TRUE;
  if (!caissa_game_play_move (self->game, reply, &error))
    g_critical ("practice: the defender's move: %s", error->message);
  self->playing_reply = FALSE;
  self->position = *caissa_game_get_position (self->game);

  end = end_of_status (chess_practice_status (&self->position));
  if (end != CAISSA_PRACTICE_END_NONE)
    {
      finish (self, end);
      return;
    }
  if (chess_tb_probe (&self->position, &r) && r.wdl == CHESS_TB_WIN)
    set_mate_in (self, r.dtm_moves);
  else
    set_mate_in (self, -1);
  set_state (self, CAISSA_PRACTICE_STATE_PLAYER);
}

static gboolean
reply_timeout_cb (gpointer user_data)
{
  play_reply (user_data);
  return G_SOURCE_REMOVE;
}

static void
schedule_reply (CaissaPractice *self)
{
  guint64 seed = mix (self->seed ^ mix (caissa_game_get_n_plies (self->game)));
  ChessMove reply = chess_practice_defend (&self->position, seed);

  if (reply == CHESS_MOVE_NONE)
    {
      finish (self, end_of_status (chess_practice_status (&self->position)));
      return;
    }
  /* Chosen now; played a moment later so the board shows the player's
   * move before the answer. */
  self->pending_reply = reply;
  set_state (self, CAISSA_PRACTICE_STATE_DEFENDER);
  if (self->reply_delay == 0)
    self->reply_id = g_idle_add (reply_timeout_cb, self);
  else
    self->reply_id = g_timeout_add (self->reply_delay, reply_timeout_cb, self);
}

static void
move_played_cb (CaissaGame     *game,
                guint           move,
                guint           ply,
                CaissaPractice *self)
{
  ChessPosition before = self->position;
  ChessPracticeJudgement j;
  CaissaPracticeEnd end;

  if (self->playing_reply)
    return;
  if (self->state != CAISSA_PRACTICE_STATE_PLAYER)
    {
      /* Not the player's turn in a session: someone else plays into the
       * game, which is no longer a practice. */
      g_debug ("a move outside the practice; the session is left");
      cancel_reply (self);
      set_state (self, CAISSA_PRACTICE_STATE_NONE);
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));
  chess_practice_judge_move (&before, (ChessMove) move, &j);
  self->position = *caissa_game_get_position (game);
  self->judgement = j;
  self->last_player_move = (ChessMove) move;
  self->moves_used++;
  notify (self, PROP_MOVES_USED);
  if (j.verdict == CHESS_PRACTICE_WASTED)
    {
      self->wasted += (guint) j.wasted;
      notify (self, PROP_WASTED);
    }
  notify (self, PROP_LAST_VERDICT);
  g_signal_emit (self, signals[SIGNAL_MOVE_JUDGED], 0, move, (int) j.verdict);

  end = end_of_status (chess_practice_status (&self->position));
  if (end == CAISSA_PRACTICE_END_NONE && j.verdict == CHESS_PRACTICE_THROWS_WIN)
    {
      if (j.draw_reason == CHESS_PRACTICE_DRAW_FIFTY_MOVES)
        end = CAISSA_PRACTICE_END_FIFTY_MOVES;
      else if (j.draw_reason != CHESS_PRACTICE_DRAW_HANGING_PIECE)
        end = CAISSA_PRACTICE_END_DRAW;
      /* A hanging piece: the defender takes it first. */
    }

  if (end != CAISSA_PRACTICE_END_NONE)
    finish (self, end);
  else
    {
      set_mate_in (self, j.verdict == CHESS_PRACTICE_BEST || j.verdict == CHESS_PRACTICE_WASTED
                         ? j.moves_after : -1);
      schedule_reply (self);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* --- Range ---------------------------------------------------------------- */

static void
set_range_values (CaissaPractice *self,
                  guint           min_moves,
                  guint           max_moves)
{
  if (self->min_moves != min_moves)
    {
      self->min_moves = min_moves;
      notify (self, PROP_MIN_MOVES);
    }
  if (self->max_moves != max_moves)
    {
      self->max_moves = max_moves;
      notify (self, PROP_MAX_MOVES);
    }
}

/* The range in force; presets are known once the table is. */
static void
update_range (CaissaPractice *self)
{
  guint lo = 0, hi = 0;

  if (self->difficulty == CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    lo = self->custom_min, hi = self->custom_max;
  else if (table_ready (self->ending)
           && !caissa_practice_difficulty_range (self->ending, self->difficulty, &lo, &hi))
    lo = hi = 0;
  set_range_values (self, lo, hi);
}

/* --- GObject -------------------------------------------------------------- */

static void
caissa_practice_constructed (GObject *object)
{
  CaissaPractice *self = CAISSA_PRACTICE (object);

  G_OBJECT_CLASS (caissa_practice_parent_class)->constructed (object);

  if (self->records_path == NULL)
    self->records_path = g_build_filename (g_get_user_data_dir (), "caissa", "practice.ini", NULL);
  if (self->cache_dir == NULL)
    self->cache_dir = g_build_filename (g_get_user_cache_dir (), "caissa", NULL);
}

static void
caissa_practice_dispose (GObject *object)
{
  CaissaPractice *self = CAISSA_PRACTICE (object);

  cancel_reply (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (caissa_practice_parent_class)->dispose (object);
}

static void
caissa_practice_finalize (GObject *object)
{
  CaissaPractice *self = CAISSA_PRACTICE (object);

  g_clear_pointer (&self->records, g_key_file_free);
  g_free (self->records_backup);
  g_free (self->records_error);
  g_free (self->records_path);
  g_free (self->cache_dir);

  G_OBJECT_CLASS (caissa_practice_parent_class)->finalize (object);
}

static void
caissa_practice_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaissaPractice *self = CAISSA_PRACTICE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_RECORDS_PATH:
      g_value_set_string (value, self->records_path);
      break;
    case PROP_CACHE_DIR:
      g_value_set_string (value, self->cache_dir);
      break;
    case PROP_CACHE_TABLES:
      g_value_set_boolean (value, self->cache_tables);
      break;
    case PROP_ENDING:
      g_value_set_int (value, self->ending);
      break;
    case PROP_DIFFICULTY:
      g_value_set_enum (value, self->difficulty);
      break;
    case PROP_MIN_MOVES:
      g_value_set_uint (value, self->min_moves);
      break;
    case PROP_MAX_MOVES:
      g_value_set_uint (value, self->max_moves);
      break;
    case PROP_PLAYER_COLOR:
      g_value_set_enum (value, self->player_color);
      break;
    case PROP_REPLY_DELAY:
      g_value_set_uint (value, self->reply_delay);
      break;
    case PROP_READY:
      g_value_set_boolean (value, self->ready);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_START_PENDING:
      g_value_set_boolean (value, self->start_pending);
      break;
    case PROP_START_FAILED:
      g_value_set_boolean (value, self->start_failed);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_END:
      g_value_set_enum (value, self->end);
      break;
    case PROP_COLOR:
      g_value_set_enum (value, (CaissaColor) self->color);
      break;
    case PROP_FEWEST:
      g_value_set_uint (value, self->fewest);
      break;
    case PROP_MATE_IN:
      g_value_set_int (value, self->mate_in);
      break;
    case PROP_MOVES_USED:
      g_value_set_uint (value, self->moves_used);
      break;
    case PROP_WASTED:
      g_value_set_uint (value, self->wasted);
      break;
    case PROP_HINTS_USED:
      g_value_set_uint (value, self->hints_used);
      break;
    case PROP_LAST_VERDICT:
      g_value_set_int (value, self->judgement.verdict);
      break;
    case PROP_GRADE:
      g_value_set_int (value, self->grade);
      break;
    case PROP_RECORDS_NOTICE:
      g_value_set_string (value, self->records_backup);
      break;
    case PROP_RECORDS_ERROR:
      g_value_set_string (value, self->records_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_practice_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CaissaPractice *self = CAISSA_PRACTICE (object);

  switch (prop_id)
    {
    case PROP_RECORDS_PATH:
      g_free (self->records_path);
      self->records_path = g_value_dup_string (value);
      break;
    case PROP_CACHE_DIR:
      g_free (self->cache_dir);
      self->cache_dir = g_value_dup_string (value);
      break;
    case PROP_CACHE_TABLES:
      caissa_practice_set_cache_tables (self, g_value_get_boolean (value));
      break;
    case PROP_ENDING:
      caissa_practice_set_ending (self, g_value_get_int (value));
      break;
    case PROP_DIFFICULTY:
      caissa_practice_set_difficulty (self, g_value_get_enum (value));
      break;
    case PROP_PLAYER_COLOR:
      caissa_practice_set_player_color (self, g_value_get_enum (value));
      break;
    case PROP_REPLY_DELAY:
      caissa_practice_set_reply_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_practice_class_init (CaissaPracticeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags co = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = caissa_practice_constructed;
  object_class->dispose = caissa_practice_dispose;
  object_class->finalize = caissa_practice_finalize;
  object_class->get_property = caissa_practice_get_property;
  object_class->set_property = caissa_practice_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CAISSA_TYPE_GAME, ro);
  properties[PROP_RECORDS_PATH] =
    g_param_spec_string ("records-path", NULL, NULL, NULL, co);
  properties[PROP_CACHE_DIR] =
    g_param_spec_string ("cache-dir", NULL, NULL, NULL, co);
  properties[PROP_CACHE_TABLES] =
    g_param_spec_boolean ("cache-tables", NULL, NULL, TRUE, rw);
  properties[PROP_ENDING] =
    g_param_spec_int ("ending", NULL, NULL, 0, CHESS_TB_N_ENDINGS - 1, CHESS_TB_KQK, rw);
  properties[PROP_DIFFICULTY] =
    g_param_spec_enum ("difficulty", NULL, NULL, CAISSA_TYPE_PRACTICE_DIFFICULTY,
                       CAISSA_PRACTICE_DIFFICULTY_SHORT, rw);
  properties[PROP_MIN_MOVES] =
    g_param_spec_uint ("min-moves", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_MAX_MOVES] =
    g_param_spec_uint ("max-moves", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PLAYER_COLOR] =
    g_param_spec_enum ("player-color", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_WHITE, rw);
  properties[PROP_REPLY_DELAY] =
    g_param_spec_uint ("reply-delay", NULL, NULL, 0, 10000, DEFAULT_REPLY_DELAY, rw);
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0, ro);
  properties[PROP_START_PENDING] =
    g_param_spec_boolean ("start-pending", NULL, NULL, FALSE, ro);
  properties[PROP_START_FAILED] =
    g_param_spec_boolean ("start-failed", NULL, NULL, FALSE, ro);
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, CAISSA_TYPE_PRACTICE_STATE,
                       CAISSA_PRACTICE_STATE_NONE, ro);
  properties[PROP_END] =
    g_param_spec_enum ("end", NULL, NULL, CAISSA_TYPE_PRACTICE_END, CAISSA_PRACTICE_END_NONE, ro);
  properties[PROP_COLOR] =
    g_param_spec_enum ("color", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_WHITE, ro);
  properties[PROP_FEWEST] =
    g_param_spec_uint ("fewest", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_MATE_IN] =
    g_param_spec_int ("mate-in", NULL, NULL, -1, G_MAXINT, -1, ro);
  properties[PROP_MOVES_USED] =
    g_param_spec_uint ("moves-used", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_WASTED] =
    g_param_spec_uint ("wasted", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_HINTS_USED] =
    g_param_spec_uint ("hints-used", NULL, NULL, 0, G_MAXUINT, 0, ro);
  /* A ChessPracticeVerdict. */
  properties[PROP_LAST_VERDICT] =
    g_param_spec_int ("last-verdict", NULL, NULL, 0, CHESS_PRACTICE_THROWS_WIN,
                      CHESS_PRACTICE_NOT_JUDGED, ro);
  /* A ChessPracticeGrade, -1 for none. */
  properties[PROP_GRADE] =
    g_param_spec_int ("grade", NULL, NULL, -1, CHESS_PRACTICE_GRADE_POOR, -1, ro);
  properties[PROP_RECORDS_NOTICE] =
    g_param_spec_string ("records-notice", NULL, NULL, NULL, ro);
  /* Why the records could not be saved, NULL after a good save. */
  properties[PROP_RECORDS_ERROR] =
    g_param_spec_string ("records-error", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaPractice::move-judged:
   * @move: the player's ChessMove
   * @verdict: its ChessPracticeVerdict
   *
   * The player moved; caissa_practice_get_judgement() tells the rest.
   */
  signals[SIGNAL_MOVE_JUDGED] =
    g_signal_new ("move-judged",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);

  /**
   * CaissaPractice::records-changed:
   *
   * A session was recorded (and the records saved).
   */
  signals[SIGNAL_RECORDS_CHANGED] =
    g_signal_new ("records-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
caissa_practice_init (CaissaPractice *self)
{
  self->game = caissa_game_new ();
  /* No take-backs in a practice. */
  caissa_game_set_timed (self->game, TRUE);
  g_signal_connect (self->game, "move-played", G_CALLBACK (move_played_cb), self);

  self->cache_tables = TRUE;
  self->ending = CHESS_TB_KQK;
  self->difficulty = CAISSA_PRACTICE_DIFFICULTY_SHORT;
  self->player_color = CAISSA_COLOR_WHITE;
  self->reply_delay = DEFAULT_REPLY_DELAY;
  self->seed = g_random_int () | ((guint64) g_random_int () << 32);
  self->mate_in = -1;
  self->color = CHESS_WHITE;
  reset_counters (self);
}

/* --- Public API ----------------------------------------------------------- */

CaissaPractice *
caissa_practice_new (const char *records_path,
                     const char *cache_dir)
{
  return g_object_new (CAISSA_TYPE_PRACTICE,
                       "records-path", records_path,
                       "cache-dir", cache_dir,
                       NULL);
}

CaissaGame *
caissa_practice_get_game (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  return self->game;
}

ChessTbEnding
caissa_practice_get_ending (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CHESS_TB_NONE);

  return self->ending;
}

/* Ending or range changed: the session is over; the next start needs the
 * table. */
static void
settings_changed (CaissaPractice *self)
{
  leave_session (self);
  reset_counters (self);
  self->fewest = 0;
  set_mate_in (self, -1);
  set_state (self, CAISSA_PRACTICE_STATE_NONE);
  notify_session (self);
}

void
caissa_practice_set_ending (CaissaPractice *self,
                            ChessTbEnding   ending)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (ending >= 0 && ending < CHESS_TB_N_ENDINGS);

  if (self->ending == ending && self->ready)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (self->ending != ending)
    {
      settings_changed (self);
      self->ending = ending;
      notify (self, PROP_ENDING);
    }
  update_range (self);
  ensure_table (self);
  g_object_thaw_notify (G_OBJECT (self));
}

CaissaPracticeDifficulty
caissa_practice_get_difficulty (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CAISSA_PRACTICE_DIFFICULTY_SHORT);

  return self->difficulty;
}

void
caissa_practice_set_difficulty (CaissaPractice           *self,
                                CaissaPracticeDifficulty  difficulty)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (difficulty <= CAISSA_PRACTICE_DIFFICULTY_CUSTOM);

  if (self->difficulty == difficulty)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  settings_changed (self);
  self->difficulty = difficulty;
  if (difficulty == CAISSA_PRACTICE_DIFFICULTY_CUSTOM && self->custom_min == 0)
    self->custom_min = 1, self->custom_max = 3;
  notify (self, PROP_DIFFICULTY);
  update_range (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
caissa_practice_set_range (CaissaPractice *self,
                           guint           min_moves,
                           guint           max_moves)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (min_moves >= 1 && max_moves >= min_moves);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->difficulty != CAISSA_PRACTICE_DIFFICULTY_CUSTOM
      || self->custom_min != min_moves || self->custom_max != max_moves)
    settings_changed (self);
  self->custom_min = min_moves;
  self->custom_max = max_moves;
  if (self->difficulty != CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    {
      self->difficulty = CAISSA_PRACTICE_DIFFICULTY_CUSTOM;
      notify (self, PROP_DIFFICULTY);
    }
  update_range (self);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
caissa_practice_get_min_moves (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->min_moves;
}

guint
caissa_practice_get_max_moves (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->max_moves;
}

CaissaColor
caissa_practice_get_player_color (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CAISSA_COLOR_WHITE);

  return self->player_color;
}

void
caissa_practice_set_player_color (CaissaPractice *self,
                                  CaissaColor     color)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (color <= CAISSA_COLOR_NONE);

  if (self->player_color == color)
    return;
  self->player_color = color;
  notify (self, PROP_PLAYER_COLOR);
}

gboolean
caissa_practice_get_ready (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);

  return self->ready;
}

double
caissa_practice_get_progress (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0.0);

  return self->progress;
}

gboolean
caissa_practice_get_cache_tables (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);

  return self->cache_tables;
}

void
caissa_practice_set_cache_tables (CaissaPractice *self,
                                  gboolean        cache)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  cache = !!cache;
  if (self->cache_tables == cache)
    return;
  self->cache_tables = cache;
  notify (self, PROP_CACHE_TABLES);
}

char *
caissa_practice_dup_cache_path (CaissaPractice *self,
                                ChessTbEnding   ending)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);
  g_return_val_if_fail (ending >= 0 && ending < CHESS_TB_N_ENDINGS, NULL);

  return cache_path (self->cache_dir, ending);
}

guint
caissa_practice_get_reply_delay (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->reply_delay;
}

void
caissa_practice_set_reply_delay (CaissaPractice *self,
                                 guint           delay_ms)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  if (self->reply_delay == delay_ms)
    return;
  self->reply_delay = delay_ms;
  notify (self, PROP_REPLY_DELAY);
}

void
caissa_practice_start (CaissaPractice *self,
                       guint64         seed)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  g_object_freeze_notify (G_OBJECT (self));
  leave_session (self);
  self->seed = seed;
  notify (self, PROP_SEED);

  if (!self->ready)
    {
      /* Shown as soon as the table is there. */
      if (!self->start_pending)
        {
          self->start_pending = TRUE;
          notify (self, PROP_START_PENDING);
        }
      reset_counters (self);
      set_state (self, CAISSA_PRACTICE_STATE_NONE);
      notify_session (self);
      ensure_table (self);
    }
  else
    begin_session (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
caissa_practice_start_position (CaissaPractice       *self,
                                const ChessPosition  *pos,
                                GError              **error)
{
  ChessColor strong;
  ChessTbResult r;

  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);

  if (chess_tb_ending_of (pos, &strong) != self->ending)
    {
      g_set_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN,
                   /* Translators: %s names an ending by its pieces, e.g.
                    * "KQK" (king and queen against king). */
                   _("The material is not that of %s"), chess_tb_ending_name (self->ending));
      return FALSE;
    }
  if (!chess_tb_probe (pos, &r) || r.wdl != CHESS_TB_WIN || pos->side != strong
      || chess_practice_status (pos) != CHESS_PRACTICE_ONGOING)
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN,
                           _("Not a won position with the stronger side to move"));
      return FALSE;
    }

  g_object_freeze_notify (G_OBJECT (self));
  leave_session (self);
  if (self->start_pending)
    {
      self->start_pending = FALSE;
      notify (self, PROP_START_PENDING);
    }
  reset_counters (self);
  self->recorded = FALSE;
  set_start_failed (self, FALSE);
  setup_session (self, pos, r.dtm_moves);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

void
caissa_practice_new_position (CaissaPractice *self)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  caissa_practice_start (self, mix (self->seed));
}

void
caissa_practice_try_again (CaissaPractice *self)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  caissa_practice_start (self, self->seed);
}

guint64
caissa_practice_get_seed (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->seed;
}

gboolean
caissa_practice_get_start_pending (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);

  return self->start_pending;
}

gboolean
caissa_practice_play_move (CaissaPractice  *self,
                           ChessMove        move,
                           GError         **error)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);

  if (self->state != CAISSA_PRACTICE_STATE_PLAYER)
    {
      g_set_error_literal (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED,
                           _("It is not the player's turn in a practice"));
      return FALSE;
    }
  return caissa_game_play_move (self->game, move, error);
}

gboolean
caissa_practice_flush_reply (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), FALSE);

  if (self->reply_id == 0)
    return FALSE;
  g_clear_handle_id (&self->reply_id, g_source_remove);
  play_reply (self);
  return TRUE;
}

CaissaPracticeState
caissa_practice_get_state (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CAISSA_PRACTICE_STATE_NONE);

  return self->state;
}

CaissaPracticeEnd
caissa_practice_get_end (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CAISSA_PRACTICE_END_NONE);

  return self->end;
}

CaissaColor
caissa_practice_get_color (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CAISSA_COLOR_WHITE);

  return (CaissaColor) self->color;
}

const ChessPosition *
caissa_practice_get_start_position (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  return &self->start;
}

guint
caissa_practice_get_fewest (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->fewest;
}

int
caissa_practice_get_mate_in (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), -1);

  return self->mate_in;
}

guint
caissa_practice_get_moves_used (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->moves_used;
}

guint
caissa_practice_get_wasted (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->wasted;
}

guint
caissa_practice_get_hints_used (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), 0);

  return self->hints_used;
}

void
caissa_practice_get_judgement (CaissaPractice         *self,
                               ChessPracticeJudgement *out)
{
  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (out != NULL);

  *out = self->judgement;
}

ChessMove
caissa_practice_get_last_player_move (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CHESS_MOVE_NONE);

  return self->last_player_move;
}

int
caissa_practice_get_grade (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), -1);

  return self->grade;
}

ChessMove
caissa_practice_peek_best_move (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CHESS_MOVE_NONE);

  if (self->state != CAISSA_PRACTICE_STATE_PLAYER)
    return CHESS_MOVE_NONE;
  return chess_practice_hint (&self->position,
                              mix (self->seed ^ caissa_game_get_n_plies (self->game)));
}

ChessMove
caissa_practice_hint (CaissaPractice *self)
{
  ChessMove move;

  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), CHESS_MOVE_NONE);

  move = caissa_practice_peek_best_move (self);
  if (move != CHESS_MOVE_NONE)
    {
      self->hints_used++;
      notify (self, PROP_HINTS_USED);
    }
  return move;
}

void
caissa_practice_get_record (CaissaPractice           *self,
                            ChessTbEnding             ending,
                            CaissaPracticeDifficulty  difficulty,
                            CaissaPracticeRecord     *out)
{
  g_autofree char *group = NULL;

  g_return_if_fail (CAISSA_IS_PRACTICE (self));
  g_return_if_fail (ending >= 0 && ending < CHESS_TB_N_ENDINGS);
  g_return_if_fail (out != NULL);

  group = record_group (ending, difficulty, self->custom_min, self->custom_max);
  read_record (self, group, out);
}

const char *
caissa_practice_get_records_notice (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  ensure_records (self);
  return self->records_backup;
}

const char *
caissa_practice_get_records_error (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  return self->records_error;
}

const char *
caissa_practice_get_records_path (CaissaPractice *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  return self->records_path;
}

#define CHOICES "choices"

gboolean
caissa_practice_restore_choices (CaissaPractice *self,
                                 gboolean        fallback_flag)
{
  GKeyFile *file;
  g_autofree char *ending = NULL;
  g_autofree char *difficulty = NULL;
  g_autofree char *color = NULL;
  g_autoptr(GError) error = NULL;
  gboolean flag;

  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), fallback_flag);

  file = ensure_records (self);
  ending = g_key_file_get_string (file, CHOICES, "ending", NULL);
  if (ending != NULL && chess_tb_ending_from_name (ending) != CHESS_TB_NONE)
    caissa_practice_set_ending (self, chess_tb_ending_from_name (ending));
  difficulty = g_key_file_get_string (file, CHOICES, "difficulty", NULL);
  for (CaissaPracticeDifficulty d = 0; difficulty != NULL && d < CAISSA_PRACTICE_N_DIFFICULTIES; d++)
    if (g_str_equal (difficulty, caissa_practice_difficulty_id (d)))
      caissa_practice_set_difficulty (self, d);
  color = g_key_file_get_string (file, CHOICES, "color", NULL);
  if (g_strcmp0 (color, "white") == 0)
    caissa_practice_set_player_color (self, CAISSA_COLOR_WHITE);
  else if (g_strcmp0 (color, "black") == 0)
    caissa_practice_set_player_color (self, CAISSA_COLOR_BLACK);
  else if (g_strcmp0 (color, "either") == 0)
    caissa_practice_set_player_color (self, CAISSA_COLOR_NONE);

  flag = g_key_file_get_boolean (file, CHOICES, "flag", &error);
  return error != NULL ? fallback_flag : flag;
}

void
caissa_practice_save_choices (CaissaPractice *self,
                              gboolean        flag)
{
  static const char *const colors[] = { "white", "black", "either" };
  GKeyFile *file;

  g_return_if_fail (CAISSA_IS_PRACTICE (self));

  file = ensure_records (self);
  g_key_file_set_string (file, CHOICES, "ending", chess_tb_ending_name (self->ending));
  if (self->difficulty < CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    g_key_file_set_string (file, CHOICES, "difficulty",
                           caissa_practice_difficulty_id (self->difficulty));
  g_key_file_set_string (file, CHOICES, "color", colors[self->player_color]);
  g_key_file_set_boolean (file, CHOICES, "flag", flag);
  save_records (self);
}

static const char *
nick (GType type,
      int   value)
{
  GEnumClass *klass = g_type_class_ref (type);
  GEnumValue *v = g_enum_get_value (klass, value);
  const char *name = v != NULL ? v->value_nick : "?";

  g_type_class_unref (klass);
  return name;
}

char *
caissa_practice_describe_state (CaissaPractice *self)
{
  static const char *const verdicts[] = { "none", "mate", "best", "wasted", "throws-win" };
  GString *out;
  char uci[8], fen[CHESS_FEN_MAX];
  ChessMove best;

  g_return_val_if_fail (CAISSA_IS_PRACTICE (self), NULL);

  out = g_string_new (NULL);
  best = caissa_practice_peek_best_move (self);
  g_string_append_printf (out, "practice-ending %s\n", chess_tb_ending_name (self->ending));
  g_string_append_printf (out, "practice-difficulty %s\n",
                          caissa_practice_difficulty_id (self->difficulty));
  g_string_append_printf (out, "practice-range %u %u\n", self->min_moves, self->max_moves);
  g_string_append_printf (out, "practice-ready %d\n", self->ready);
  g_string_append_printf (out, "practice-seed %" G_GUINT64_FORMAT "\n", self->seed);
  g_string_append_printf (out, "practice-state %s\n", nick (CAISSA_TYPE_PRACTICE_STATE, self->state));
  g_string_append_printf (out, "practice-end %s\n", nick (CAISSA_TYPE_PRACTICE_END, self->end));
  g_string_append_printf (out, "practice-color %s\n", self->color == CHESS_WHITE ? "white" : "black");
  g_string_append_printf (out, "practice-start %s\n", chess_fen_write (&self->start, fen));
  g_string_append_printf (out, "practice-fen %s\n", caissa_game_get_fen (self->game));
  g_string_append_printf (out, "practice-fewest %u\n", self->fewest);
  g_string_append_printf (out, "practice-mate-in %d\n", self->mate_in);
  g_string_append_printf (out, "practice-moves-used %u\n", self->moves_used);
  g_string_append_printf (out, "practice-wasted %u\n", self->wasted);
  g_string_append_printf (out, "practice-hints %u\n", self->hints_used);
  g_string_append_printf (out, "practice-verdict %s\n",
                          verdicts[CLAMP (self->judgement.verdict, 0, 4)]);
  g_string_append_printf (out, "practice-grade %s\n",
                          self->grade >= 0 ? chess_practice_grade_name (self->grade) : "none");
  g_string_append_printf (out, "practice-best %s\n",
                          best != CHESS_MOVE_NONE ? chess_move_to_uci (best, uci) : "none");
  return g_string_free (out, FALSE);
}
