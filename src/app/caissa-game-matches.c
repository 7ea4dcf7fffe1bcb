/* caissa-game-matches.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Kept as two parallel arrays in the order appended (the list's order),
 * and a third of indices sorted by game, for the ply of a game in
 * O(log n) without a hash table (a million matches stay 12 MB).
 */
#define G_LOG_DOMAIN "caissa-game-matches"

#include "config.h"

#include "caissa-game-matches.h"

struct _CaissaGameMatches
{
  GObject        parent_instance;

  CaissaPgnFile *file;
  char          *description;
  GArray        *games;
  GArray        *plies;
  /* Indices into games, sorted by game; rebuilt lazily. */
  GArray        *by_game;
  gboolean       by_game_valid;
  gboolean       complete;
};

enum
{
  PROP_0,
  PROP_COMPLETE,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CaissaGameMatches, caissa_game_matches, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return CAISSA_TYPE_PGN_GAME_INFO;
}

static guint
get_n_items (GListModel *model)
{
  return CAISSA_GAME_MATCHES (model)->games->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  CaissaGameMatches *self = CAISSA_GAME_MATCHES (model);

  if (position >= self->games->len || self->file == NULL)
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->file), g_array_index (self->games, guint, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
caissa_game_matches_finalize (GObject *object)
{
  CaissaGameMatches *self = CAISSA_GAME_MATCHES (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->games, g_array_unref);
  g_clear_pointer (&self->plies, g_array_unref);
  g_clear_pointer (&self->by_game, g_array_unref);

  G_OBJECT_CLASS (caissa_game_matches_parent_class)->finalize (object);
}

static void
caissa_game_matches_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CaissaGameMatches *self = CAISSA_GAME_MATCHES (object);

  switch (prop_id)
    {
    case PROP_COMPLETE:
      g_value_set_boolean (value, self->complete);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->games->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_matches_class_init (CaissaGameMatchesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = caissa_game_matches_finalize;
  object_class->get_property = caissa_game_matches_get_property;

  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_game_matches_init (CaissaGameMatches *self)
{
  self->games = g_array_new (FALSE, FALSE, sizeof (guint));
  self->plies = g_array_new (FALSE, FALSE, sizeof (guint));
  self->by_game = g_array_new (FALSE, FALSE, sizeof (guint));
  self->by_game_valid = TRUE;
}

CaissaGameMatches *
caissa_game_matches_new (CaissaPgnFile *file,
                         const char    *description)
{
  CaissaGameMatches *self;

  g_return_val_if_fail (CAISSA_IS_PGN_FILE (file), NULL);

  self = g_object_new (CAISSA_TYPE_GAME_MATCHES, NULL);
  self->file = g_object_ref (file);
  self->description = g_strdup (description ? description : "");
  return self;
}

CaissaPgnFile *
caissa_game_matches_get_file (CaissaGameMatches *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_MATCHES (self), NULL);

  return self->file;
}

const char *
caissa_game_matches_get_description (CaissaGameMatches *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_MATCHES (self), NULL);

  return self->description;
}

static int
compare_by_game (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  GArray *games = data;
  guint ga = g_array_index (games, guint, *(const guint *) a);
  guint gb = g_array_index (games, guint, *(const guint *) b);

  if (ga != gb)
    return ga < gb ? -1 : 1;
  /* The earlier index (appended first) first: its ply is kept. */
  return *(const guint *) a < *(const guint *) b ? -1 : *(const guint *) a > *(const guint *) b;
}

static void
ensure_by_game (CaissaGameMatches *self)
{
  if (self->by_game_valid)
    return;
  g_array_set_size (self->by_game, self->games->len);
  for (guint i = 0; i < self->games->len; i++)
    g_array_index (self->by_game, guint, i) = i;
  g_array_sort_with_data (self->by_game, compare_by_game, self->games);
  self->by_game_valid = TRUE;
}

/* The index of game's entry, G_MAXUINT when there is none. */
static guint
find_game (CaissaGameMatches *self,
           guint              game)
{
  guint lo = 0, hi;

  ensure_by_game (self);
  hi = self->by_game->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint at = g_array_index (self->games, guint, g_array_index (self->by_game, guint, mid));

      if (at < game)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < self->by_game->len
      && g_array_index (self->games, guint, g_array_index (self->by_game, guint, lo)) == game)
    return g_array_index (self->by_game, guint, lo);
  return G_MAXUINT;
}

void
caissa_game_matches_append (CaissaGameMatches *self,
                            const guint       *games,
                            const guint       *plies,
                            guint              n)
{
  guint before, added = 0;
  gboolean in_order;

  g_return_if_fail (CAISSA_IS_GAME_MATCHES (self));
  g_return_if_fail (n == 0 || (games != NULL && plies != NULL));

  before = self->games->len;
  for (guint i = 0; i < n; i++)
    {
      guint last = self->games->len > 0 ? g_array_index (self->games, guint, self->games->len - 1) : 0;

      /* Usually in file order: then a game seen before is the last one. */
      in_order = self->games->len == 0 || games[i] > last;
      if (!in_order && (games[i] == last || find_game (self, games[i]) != G_MAXUINT))
        continue;
      g_array_append_val (self->games, games[i]);
      g_array_append_val (self->plies, plies[i]);
      if (in_order && self->by_game_valid)
        g_array_append_val (self->by_game, (guint) { self->games->len - 1 });
      else
        self->by_game_valid = FALSE;
      added++;
    }
  if (added == 0)
    return;
  g_list_model_items_changed (G_LIST_MODEL (self), before, 0, added);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

guint
caissa_game_matches_get_ply (CaissaGameMatches *self,
                             guint              file_position)
{
  guint index;

  g_return_val_if_fail (CAISSA_IS_GAME_MATCHES (self), G_MAXUINT);

  index = find_game (self, file_position);
  return index == G_MAXUINT ? G_MAXUINT : g_array_index (self->plies, guint, index);
}

guint
caissa_game_matches_find (CaissaGameMatches *self,
                          guint              file_position)
{
  g_return_val_if_fail (CAISSA_IS_GAME_MATCHES (self), G_MAXUINT);

  return find_game (self, file_position);
}

gboolean
caissa_game_matches_get_complete (CaissaGameMatches *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_MATCHES (self), FALSE);

  return self->complete;
}

void
caissa_game_matches_set_complete (CaissaGameMatches *self,
                                  gboolean           complete)
{
  g_return_if_fail (CAISSA_IS_GAME_MATCHES (self));

  complete = !!complete;
  if (self->complete == complete)
    return;
  self->complete = complete;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
}
