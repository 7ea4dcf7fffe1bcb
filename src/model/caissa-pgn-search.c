/* caissa-pgn-search.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-search"

#include "config.h"

#include <string.h>

#include "caissa-pgn-file-private.h"
#include "caissa-pgn-search.h"
#include "caissa-pgn-search-query.h"
#include "caissa-search-words.h"

/* A slice of the search runs at most this long before the main loop gets
 * the processor back (a frame is 16 ms). */
#define SLICE_US 4000
/* The first matches are handed to the views a few at a time (a list view
 * makes a row for each of its first couple of hundred items as they come:
 * in small steps a frame apart rather than in one long frame). */
#define RAMP_GAMES 32
#define RAMP_STEP  32
/* After the first games, the matches are handed over at most this often
 * (each items-changed costs the view tens of milliseconds: handed over
 * every slice, they took most of a search's time on a large file). */
#define PUBLISH_US 150000

struct _CaissaPgnSearch
{
  GObject        parent_instance;

  CaissaPgnFile *file;
  char          *text;
  char          *needle;     /* folded; NULL: no search, every game */
  /* needle split (caissa-pgn-search-query.c): the free text (NULL: none),
   * the eco: prefix (NULL: none) and, per named opening, whether the
   * eco:/opening: terms accept it (NULL: no such term). */
  char          *free_text;
  /* The words and field filters (caissa-search-words.h; NULL: none). */
  CaissaSearchWords *words;
  char          *eco_prefix;
  guint8        *opening_ok;
  gboolean       has_opening_term;
  GArray        *matches;    /* guint file positions, ascending */
  guint          shown;      /* matches handed over (the model's items) */
  guint          scanned;    /* file positions looked at */
  guint          idle_id;
  gint64         published;     /* when matches were last handed over */
  gint64         notified;      /* when "pending" was last notified */
};

enum
{
  PROP_0,
  PROP_FILE,
  PROP_TEXT,
  PROP_N_ITEMS,
  PROP_PENDING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void caissa_pgn_search_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CaissaPgnSearch, caissa_pgn_search, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      caissa_pgn_search_list_model_init))

static guint
file_n_items (CaissaPgnSearch *self)
{
  return self->file ? g_list_model_get_n_items (G_LIST_MODEL (self->file)) : 0;
}

typedef enum
{
  MATCH_NO,
  MATCH_YES,
  MATCH_WAIT,   /* needs the game's opening, which the file's check has not reached yet */
} Match;

static int
tag_number (CaissaPgnFile    *file,
            guint             position,
            ChessPgnIndexTag  tag)
{
  gsize len = 0;
  const char *raw = _caissa_pgn_file_raw_tag (file, position, tag, &len);
  int n = 0;

  for (gsize i = 0; raw != NULL && i < len && i < 6 && g_ascii_isdigit (raw[i]); i++)
    n = n * 10 + (raw[i] - '0');
  return n;
}

/* Every word in its tags, and the result, year and ratings asked for. */
static gboolean
match_words (CaissaPgnSearch *self,
             guint            position)
{
  static const ChessPgnIndexTag white[] = { CHESS_PGN_TAG_WHITE };
  static const ChessPgnIndexTag black[] = { CHESS_PGN_TAG_BLACK };
  static const ChessPgnIndexTag players[] = { CHESS_PGN_TAG_WHITE, CHESS_PGN_TAG_BLACK };
  static const ChessPgnIndexTag event[] = { CHESS_PGN_TAG_EVENT };
  static const ChessPgnIndexTag site[] = { CHESS_PGN_TAG_SITE };
  const CaissaSearchWords *q = self->words;

  if (q->result != NULL)
    {
      gsize len = 0;
      const char *raw = _caissa_pgn_file_raw_tag (self->file, position, CHESS_PGN_TAG_RESULT, &len);

      if (raw == NULL || len != strlen (q->result) || memcmp (raw, q->result, len) != 0)
        return FALSE;
    }
  if (q->year_min != 0 || q->year_max != 0)
    {
      gsize len = 0;
      const char *raw = _caissa_pgn_file_raw_tag (self->file, position, CHESS_PGN_TAG_DATE, &len);
      int year = caissa_search_words_year (raw, len);

      if (year == 0 || (q->year_min != 0 && year < q->year_min) || (q->year_max != 0 && year > q->year_max))
        return FALSE;
    }
  if (q->elo_min != 0 || q->elo_max != 0)
    {
      int w = tag_number (self->file, position, CHESS_PGN_TAG_WHITE_ELO);
      int b = tag_number (self->file, position, CHESS_PGN_TAG_BLACK_ELO);

      if (w == 0 || b == 0 || (q->elo_min != 0 && MIN (w, b) < q->elo_min)
          || (q->elo_max != 0 && MAX (w, b) > q->elo_max))
        return FALSE;
    }
  for (guint i = 0; i < q->words->len; i++)
    {
      const CaissaSearchWord *word = &g_array_index (q->words, CaissaSearchWord, i);
      gboolean ok;

      switch (word->field)
        {
        case CAISSA_SEARCH_WHITE:
          ok = _caissa_pgn_file_matches_in (self->file, position, word->text, white, 1);
          break;
        case CAISSA_SEARCH_BLACK:
          ok = _caissa_pgn_file_matches_in (self->file, position, word->text, black, 1);
          break;
        case CAISSA_SEARCH_PLAYER:
          ok = _caissa_pgn_file_matches_in (self->file, position, word->text, players, 2);
          break;
        case CAISSA_SEARCH_EVENT:
          ok = _caissa_pgn_file_matches_in (self->file, position, word->text, event, 1);
          break;
        case CAISSA_SEARCH_SITE:
          ok = _caissa_pgn_file_matches_in (self->file, position, word->text, site, 1);
          break;
        case CAISSA_SEARCH_ANY:
        default:
          ok = _caissa_pgn_file_matches (self->file, position, word->text);
          break;
        }
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static Match
match_game (CaissaPgnSearch *self,
            guint            position)
{
  gboolean tag_ok = FALSE;
  const ChessEco *eco = NULL;
  guint8 flags;

  if (self->words != NULL && !match_words (self, position))
    return MATCH_NO;
  if (self->opening_ok == NULL)
    return MATCH_YES;

  /* The ECO tag as written may be enough; the computed opening is asked
   * for only when it is not. */
  if (self->eco_prefix != NULL)
    {
      gsize len = 0;
      const char *tag = _caissa_pgn_file_raw_tag (self->file, position, CHESS_PGN_TAG_ECO, &len);
      gsize prefix_len = strlen (self->eco_prefix);

      tag_ok = tag != NULL && len >= prefix_len && g_ascii_strncasecmp (tag, self->eco_prefix, prefix_len) == 0;
      if (tag_ok && !self->has_opening_term)
        return MATCH_YES;
    }
  if (!_caissa_pgn_file_game_opening (self->file, position, &eco, NULL))
    {
      /* Known soon: the file is being indexed or checked. */
      if (caissa_pgn_file_get_loading (self->file) || caissa_pgn_file_get_validating (self->file))
        return MATCH_WAIT;
      return MATCH_NO;
    }
  if (eco == NULL)
    return MATCH_NO;
  flags = self->opening_ok[chess_eco_index (eco)];
  if (!tag_ok && !(flags & CAISSA_QUERY_ECO_OK))
    return MATCH_NO;
  return (flags & CAISSA_QUERY_NAME_OK) ? MATCH_YES : MATCH_NO;
}

/* Looks at games until the deadline; FALSE when stopped at a game whose
 * opening is not known yet (the scan goes on when the file learns it). */
static gboolean
scan_some (CaissaPgnSearch *self,
           gint64           deadline)
{
  guint n = file_n_items (self);

  while (self->scanned < n)
    {
      Match m = match_game (self, self->scanned);

      if (m == MATCH_WAIT)
        return FALSE;
      if (m == MATCH_YES)
        g_array_append_val (self->matches, self->scanned);
      self->scanned++;
      if ((self->scanned & 1023) == 0 && g_get_monotonic_time () > deadline)
        break;
    }
  return TRUE;
}

/* --- GListModel ---------------------------------------------------------------- */

static GType
caissa_pgn_search_get_item_type (GListModel *model)
{
  return CAISSA_TYPE_PGN_GAME_INFO;
}

static guint
caissa_pgn_search_get_n_items (GListModel *model)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (model);

  return self->needle ? self->shown : file_n_items (self);
}

static gpointer
caissa_pgn_search_get_item (GListModel *model,
                            guint       position)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (model);

  if (self->file == NULL)
    return NULL;
  if (self->needle == NULL)
    return g_list_model_get_item (G_LIST_MODEL (self->file), position);
  if (position >= self->shown)
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->file), g_array_index (self->matches, guint, position));
}

static void
caissa_pgn_search_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = caissa_pgn_search_get_item_type;
  iface->get_n_items = caissa_pgn_search_get_n_items;
  iface->get_item = caissa_pgn_search_get_item;
}

/* --- Searching ------------------------------------------------------------------- */

/* Hands over the matches found so far (a step at a time at first). */
static void
publish (CaissaPgnSearch *self)
{
  guint old = self->shown;
  guint upto = self->matches->len;
  gint64 start;

  if (old < RAMP_GAMES)
    upto = MIN (upto, old + RAMP_STEP);
  if (upto == old)
    return;
  if (old >= RAMP_GAMES && self->scanned < file_n_items (self)
      && g_get_monotonic_time () - self->published < PUBLISH_US)
    return;

  start = g_get_monotonic_time ();
  self->published = start;
  self->shown = upto;
  g_list_model_items_changed (G_LIST_MODEL (self), old, 0, upto - old);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  g_debug ("%u more games (%u looked at), items-changed took %.1f ms", upto - old,
           self->scanned, (g_get_monotonic_time () - start) / 1000.0);
}

static gboolean
scan_cb (gpointer data)
{
  CaissaPgnSearch *self = data;
  gboolean waiting = !scan_some (self, g_get_monotonic_time () + SLICE_US);
  gboolean more;

  publish (self);
  more = (!waiting && self->scanned < file_n_items (self)) || self->shown < self->matches->len;
  /* A view shows the progress: told ten times a second, not every slice
   * (each time a frame to draw, which took as long as the search). */
  if (!more || g_get_monotonic_time () - self->notified >= PUBLISH_US / 2)
    {
      self->notified = g_get_monotonic_time ();
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
    }

  if (more)
    return G_SOURCE_CONTINUE;
  self->idle_id = 0;
  return G_SOURCE_REMOVE;
}

static void
schedule_scan (CaissaPgnSearch *self)
{
  if (self->idle_id == 0 && self->needle != NULL
      && (self->scanned < file_n_items (self) || self->shown < self->matches->len))
    {
      /* Below redrawing (G_PRIORITY_HIGH_IDLE + 20): frames go first. */
      self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, scan_cb, self, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
    }
}

static void
file_items_changed_cb (GListModel      *file,
                       guint            position,
                       guint            removed,
                       guint            added,
                       CaissaPgnSearch *self)
{
  if (self->needle == NULL)
    {
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
      if (removed != added)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
      return;
    }
  /* A file only ever appends games: look at the new ones too. */
  g_return_if_fail (removed == 0 && position >= self->scanned);
  schedule_scan (self);
}

/* Starts again with the current needle. The first slice is searched at
 * once and replaces the old content in one items-changed, so a view goes
 * from the old rows to the new ones without showing an empty list (and
 * without making its rows twice). */
static void
restart (CaissaPgnSearch *self,
         guint            old_n)
{
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_array_set_size (self->matches, 0);
  self->shown = 0;
  self->scanned = 0;

  if (self->needle == NULL)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, file_n_items (self));
  else
    {
      scan_some (self, g_get_monotonic_time () + SLICE_US);
      self->shown = MIN (self->matches->len, RAMP_STEP);
      if (old_n > 0 || self->shown > 0)
        {
          gint64 start = g_get_monotonic_time ();

          g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->shown);
          g_debug ("restart: %u → %u games, items-changed took %.1f ms", old_n, self->shown,
                   (g_get_monotonic_time () - start) / 1000.0);
        }
    }
  if (old_n != caissa_pgn_search_get_n_items (G_LIST_MODEL (self)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);

  schedule_scan (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

/* --- GObject ---------------------------------------------------------------------- */

static void
caissa_pgn_search_dispose (GObject *object)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (object);

  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->file != NULL)
    g_signal_handlers_disconnect_by_data (self->file, self);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (caissa_pgn_search_parent_class)->dispose (object);
}

static void
caissa_pgn_search_finalize (GObject *object)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (object);

  g_free (self->text);
  g_free (self->needle);
  g_free (self->free_text);
  caissa_search_words_free (self->words);
  g_free (self->eco_prefix);
  g_free (self->opening_ok);
  g_array_unref (self->matches);

  G_OBJECT_CLASS (caissa_pgn_search_parent_class)->finalize (object);
}

static void
caissa_pgn_search_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, caissa_pgn_search_get_n_items (G_LIST_MODEL (self)));
      break;
    case PROP_PENDING:
      g_value_set_uint (value, caissa_pgn_search_get_pending (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_pgn_search_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CaissaPgnSearch *self = CAISSA_PGN_SEARCH (object);

  switch (prop_id)
    {
    case PROP_FILE:
      caissa_pgn_search_set_file (self, g_value_get_object (value));
      break;
    case PROP_TEXT:
      caissa_pgn_search_set_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_pgn_search_class_init (CaissaPgnSearchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = caissa_pgn_search_dispose;
  object_class->finalize = caissa_pgn_search_finalize;
  object_class->get_property = caissa_pgn_search_get_property;
  object_class->set_property = caissa_pgn_search_set_property;

  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, CAISSA_TYPE_PGN_FILE, rw);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, rw);
  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PENDING] = g_param_spec_uint ("pending", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_pgn_search_init (CaissaPgnSearch *self)
{
  self->matches = g_array_new (FALSE, FALSE, sizeof (guint));
}

CaissaPgnSearch *
caissa_pgn_search_new (CaissaPgnFile *file)
{
  g_return_val_if_fail (file == NULL || CAISSA_IS_PGN_FILE (file), NULL);

  return g_object_new (CAISSA_TYPE_PGN_SEARCH, "file", file, NULL);
}

CaissaPgnFile *
caissa_pgn_search_get_file (CaissaPgnSearch *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SEARCH (self), NULL);

  return self->file;
}

void
caissa_pgn_search_set_file (CaissaPgnSearch *self,
                            CaissaPgnFile   *file)
{
  guint old_n;

  g_return_if_fail (CAISSA_IS_PGN_SEARCH (self));
  g_return_if_fail (file == NULL || CAISSA_IS_PGN_FILE (file));

  if (self->file == file)
    return;

  old_n = caissa_pgn_search_get_n_items (G_LIST_MODEL (self));
  if (self->file != NULL)
    g_signal_handlers_disconnect_by_data (self->file, self);
  g_set_object (&self->file, file);
  if (file != NULL)
    {
      g_signal_connect (file, "items-changed", G_CALLBACK (file_items_changed_cb), self);
      g_signal_connect_swapped (file, "notify::n-validated", G_CALLBACK (schedule_scan), self);
      g_signal_connect_swapped (file, "notify::validating", G_CALLBACK (schedule_scan), self);
    }
  restart (self, old_n);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

const char *
caissa_pgn_search_get_text (CaissaPgnSearch *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SEARCH (self), NULL);

  return self->text ? self->text : "";
}

void
caissa_pgn_search_set_text (CaissaPgnSearch *self,
                            const char      *text)
{
  g_autofree char *needle = NULL;
  guint old_n;

  g_return_if_fail (CAISSA_IS_PGN_SEARCH (self));

  if (g_strcmp0 (text, self->text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);

  needle = caissa_pgn_game_info_fold_needle (text);
  if (g_strcmp0 (needle, self->needle) == 0)
    return;

  old_n = caissa_pgn_search_get_n_items (G_LIST_MODEL (self));
  g_free (self->needle);
  self->needle = g_steal_pointer (&needle);
  g_clear_pointer (&self->free_text, g_free);
  g_clear_pointer (&self->eco_prefix, g_free);
  g_clear_pointer (&self->opening_ok, g_free);
  g_clear_pointer (&self->words, caissa_search_words_free);
  if (self->needle != NULL)
    self->words = caissa_search_words_parse (self->needle);
  /* The eco:/opening: terms (the words hold the rest of the text). */
  if (self->words != NULL && self->words->rest != NULL)
    self->opening_ok = _caissa_pgn_search_parse (self->words->rest, &self->free_text, &self->eco_prefix,
                                                 &self->has_opening_term);
  g_clear_pointer (&self->free_text, g_free);
  restart (self, old_n);
}

guint
caissa_pgn_search_get_pending (CaissaPgnSearch *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SEARCH (self), 0);

  if (self->needle == NULL)
    return 0;
  return file_n_items (self) - self->scanned + (self->matches->len - self->shown);
}

guint
caissa_pgn_search_get_file_position (CaissaPgnSearch *self,
                                     guint            position)
{
  g_return_val_if_fail (CAISSA_IS_PGN_SEARCH (self), G_MAXUINT);

  if (self->needle == NULL)
    return position < file_n_items (self) ? position : G_MAXUINT;
  if (position >= self->shown)
    return G_MAXUINT;
  return g_array_index (self->matches, guint, position);
}

guint
caissa_pgn_search_find (CaissaPgnSearch *self,
                        guint            file_position)
{
  guint lo = 0, hi;

  g_return_val_if_fail (CAISSA_IS_PGN_SEARCH (self), G_MAXUINT);

  if (self->needle == NULL)
    return file_position < file_n_items (self) ? file_position : G_MAXUINT;

  /* The matches are in file order. */
  hi = self->shown;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint at = g_array_index (self->matches, guint, mid);

      if (at == file_position)
        return mid;
      if (at < file_position)
        lo = mid + 1;
      else
        hi = mid;
    }
  return G_MAXUINT;
}
