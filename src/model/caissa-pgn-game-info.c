/* caissa-pgn-game-info.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pgn-game-info"

#include "config.h"

#include <string.h>

#include "caissa-pgn-encoding.h"
#include "caissa-pgn-file-private.h"
#include "caissa-pgn-game-info.h"

/* The string tags an item shows, in ChessPgnIndexTag order up to ECO and
 * the Elo ratings (PlyCount is a number: "moves"). */
#define N_STRING_TAGS CHESS_PGN_TAG_PLY_COUNT

struct _CaissaPgnGameInfo
{
  GObject        parent_instance;

  CaissaPgnFile *file;
  guint          position;
  /* Filled on first read; NULL until then. */
  char          *tags[N_STRING_TAGS];
};

enum
{
  PROP_0,
  PROP_NUMBER,
  PROP_WHITE,
  PROP_BLACK,
  PROP_RESULT,
  PROP_DATE,
  PROP_EVENT,
  PROP_SITE,
  PROP_ROUND,
  PROP_ECO,
  PROP_WHITE_ELO,
  PROP_BLACK_ELO,
  PROP_MOVES,
  PROP_ERROR,
  PROP_OPENING,
  PROP_OPENING_ECO,
  PROP_OPENING_PLY,
  PROP_ECO_DISPLAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaPgnGameInfo, caissa_pgn_game_info, G_TYPE_OBJECT)

/* "?" and "????.??.??" say nothing; "1972.??.??" says "1972". */
static char *
display_value (ChessPgnIndexTag  tag,
               const char       *raw,
               gsize             len)
{
  GString *out = g_string_sized_new (len);
  char *decoded;

  for (gsize i = 0; i < len; i++)
    {
      if (raw[i] == '\\' && i + 1 < len && (raw[i + 1] == '"' || raw[i + 1] == '\\'))
        i++;
      g_string_append_c (out, raw[i]);
    }

  if (tag == CHESS_PGN_TAG_DATE)
    {
      /* Drop unknown trailing parts: "1972.??.??" → "1972". */
      while (out->len > 0)
        {
          char *dot = strrchr (out->str, '.');
          const char *part = dot ? dot + 1 : out->str;

          if (*part == '\0' || strspn (part, "?") != strlen (part))
            break;
          g_string_truncate (out, dot ? (gsize) (dot - out->str) : 0);
        }
    }
  else if (strspn (out->str, "?") == out->len)
    g_string_truncate (out, 0);

  /* Not UTF-8: Windows-1252 (caissa-pgn-encoding.h), never U+FFFD. */
  decoded = caissa_pgn_decode_text (out->str, out->len, NULL);
  if (decoded != NULL)
    {
      g_string_free (out, TRUE);
      return decoded;
    }
  return g_string_free (out, FALSE);
}

static const char *
get_tag (CaissaPgnGameInfo *self,
         ChessPgnIndexTag   tag)
{
  g_assert (tag < N_STRING_TAGS);

  if (self->tags[tag] == NULL)
    {
      gsize len = 0;
      const char *raw = _caissa_pgn_file_raw_tag (self->file, self->position, tag, &len);

      self->tags[tag] = raw != NULL ? display_value (tag, raw, len) : g_strdup ("");
    }
  return self->tags[tag];
}

static void
caissa_pgn_game_info_finalize (GObject *object)
{
  CaissaPgnGameInfo *self = (CaissaPgnGameInfo *) object;

  _caissa_pgn_file_item_finalized (self->file, self->position);
  g_clear_object (&self->file);
  for (guint i = 0; i < N_STRING_TAGS; i++)
    g_free (self->tags[i]);

  G_OBJECT_CLASS (caissa_pgn_game_info_parent_class)->finalize (object);
}

static void
caissa_pgn_game_info_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CaissaPgnGameInfo *self = CAISSA_PGN_GAME_INFO (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint (value, caissa_pgn_game_info_get_number (self));
      break;
    case PROP_WHITE:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_WHITE));
      break;
    case PROP_BLACK:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_BLACK));
      break;
    case PROP_RESULT:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_RESULT));
      break;
    case PROP_DATE:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_DATE));
      break;
    case PROP_EVENT:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_EVENT));
      break;
    case PROP_SITE:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_SITE));
      break;
    case PROP_ROUND:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_ROUND));
      break;
    case PROP_ECO:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_ECO));
      break;
    case PROP_WHITE_ELO:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_WHITE_ELO));
      break;
    case PROP_BLACK_ELO:
      g_value_set_string (value, get_tag (self, CHESS_PGN_TAG_BLACK_ELO));
      break;
    case PROP_MOVES:
      g_value_set_uint (value, caissa_pgn_game_info_get_moves (self));
      break;
    case PROP_ERROR:
      g_value_set_string (value, caissa_pgn_game_info_get_error (self));
      break;
    case PROP_OPENING:
      g_value_set_string (value, caissa_pgn_game_info_get_opening (self));
      break;
    case PROP_OPENING_ECO:
      g_value_set_string (value, caissa_pgn_game_info_get_opening_eco (self));
      break;
    case PROP_OPENING_PLY:
      g_value_set_uint (value, caissa_pgn_game_info_get_opening_ply (self));
      break;
    case PROP_ECO_DISPLAY:
      g_value_set_string (value, caissa_pgn_game_info_get_eco_display (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_pgn_game_info_class_init (CaissaPgnGameInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = caissa_pgn_game_info_finalize;
  object_class->get_property = caissa_pgn_game_info_get_property;

  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_WHITE] = g_param_spec_string ("white", NULL, NULL, NULL, ro);
  properties[PROP_BLACK] = g_param_spec_string ("black", NULL, NULL, NULL, ro);
  properties[PROP_RESULT] = g_param_spec_string ("result", NULL, NULL, NULL, ro);
  properties[PROP_DATE] = g_param_spec_string ("date", NULL, NULL, NULL, ro);
  properties[PROP_EVENT] = g_param_spec_string ("event", NULL, NULL, NULL, ro);
  properties[PROP_SITE] = g_param_spec_string ("site", NULL, NULL, NULL, ro);
  properties[PROP_ROUND] = g_param_spec_string ("round", NULL, NULL, NULL, ro);
  properties[PROP_ECO] = g_param_spec_string ("eco", NULL, NULL, NULL, ro);
  properties[PROP_WHITE_ELO] = g_param_spec_string ("white-elo", NULL, NULL, NULL, ro);
  properties[PROP_BLACK_ELO] = g_param_spec_string ("black-elo", NULL, NULL, NULL, ro);
  properties[PROP_MOVES] = g_param_spec_uint ("moves", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, ro);
  properties[PROP_OPENING] = g_param_spec_string ("opening", NULL, NULL, NULL, ro);
  properties[PROP_OPENING_ECO] = g_param_spec_string ("opening-eco", NULL, NULL, NULL, ro);
  properties[PROP_OPENING_PLY] = g_param_spec_uint ("opening-ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ECO_DISPLAY] = g_param_spec_string ("eco-display", NULL, NULL, NULL, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
caissa_pgn_game_info_init (CaissaPgnGameInfo *self)
{
}

CaissaPgnGameInfo *
_caissa_pgn_game_info_new (CaissaPgnFile *file,
                           guint          position)
{
  CaissaPgnGameInfo *self = g_object_new (CAISSA_TYPE_PGN_GAME_INFO, NULL);

  self->file = g_object_ref (file);
  self->position = position;
  return self;
}

void
_caissa_pgn_game_info_changed (CaissaPgnGameInfo *self,
                               gboolean           moves,
                               gboolean           error)
{
  g_assert (CAISSA_IS_PGN_GAME_INFO (self));

  if (moves)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVES]);
  if (error)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

void
_caissa_pgn_game_info_opening_changed (CaissaPgnGameInfo *self)
{
  g_assert (CAISSA_IS_PGN_GAME_INFO (self));

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING_ECO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING_PLY]);
  if (*get_tag (self, CHESS_PGN_TAG_ECO) == '\0')
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ECO_DISPLAY]);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
caissa_pgn_game_info_get_position (CaissaPgnGameInfo *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), 0);

  return self->position;
}

guint
caissa_pgn_game_info_get_number (CaissaPgnGameInfo *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), 0);

  return self->position + 1;
}

#define TAG_GETTER(name, TAG) \
  const char * \
  caissa_pgn_game_info_get_##name (CaissaPgnGameInfo *self) \
  { \
    g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), NULL); \
    return get_tag (self, CHESS_PGN_TAG_##TAG); \
  }

TAG_GETTER (white, WHITE)
TAG_GETTER (black, BLACK)
TAG_GETTER (result, RESULT)
TAG_GETTER (date, DATE)
TAG_GETTER (event, EVENT)
TAG_GETTER (site, SITE)
TAG_GETTER (round, ROUND)
TAG_GETTER (eco, ECO)
TAG_GETTER (white_elo, WHITE_ELO)
TAG_GETTER (black_elo, BLACK_ELO)

#undef TAG_GETTER

guint
caissa_pgn_game_info_get_moves (CaissaPgnGameInfo *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), 0);

  return _caissa_pgn_file_game_plies (self->file, self->position);
}

const char *
caissa_pgn_game_info_get_error (CaissaPgnGameInfo *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), NULL);

  return _caissa_pgn_file_game_error (self->file, self->position);
}

/* --- Search ----------------------------------------------------------------- */

char *
caissa_pgn_game_info_fold_needle (const char *text)
{
  g_autofree char *stripped = NULL;

  if (text == NULL)
    return NULL;
  stripped = g_strstrip (g_strdup (text));
  if (*stripped == '\0')
    return NULL;
  return g_utf8_casefold (stripped, -1);
}

gboolean
caissa_pgn_game_info_matches (CaissaPgnGameInfo *self,
                              const char        *needle)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), FALSE);

  return _caissa_pgn_file_matches (self->file, self->position, needle);
}

/* --- The computed opening ------------------------------------------------------ */

static const ChessEco *
computed (CaissaPgnGameInfo *self,
          guint             *ply)
{
  const ChessEco *eco = NULL;

  if (!_caissa_pgn_file_game_opening (self->file, self->position, &eco, ply))
    return NULL;
  return eco;
}

gboolean
caissa_pgn_game_info_get_opening_known (CaissaPgnGameInfo *self)
{
  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), FALSE);

  return _caissa_pgn_file_game_opening (self->file, self->position, NULL, NULL);
}

const char *
caissa_pgn_game_info_get_opening (CaissaPgnGameInfo *self)
{
  const ChessEco *eco;

  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), NULL);

  eco = computed (self, NULL);
  return eco != NULL ? eco->name : "";
}

const char *
caissa_pgn_game_info_get_opening_eco (CaissaPgnGameInfo *self)
{
  const ChessEco *eco;

  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), NULL);

  eco = computed (self, NULL);
  return eco != NULL ? eco->eco : "";
}

guint
caissa_pgn_game_info_get_opening_ply (CaissaPgnGameInfo *self)
{
  guint ply = 0;

  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), 0);

  return computed (self, &ply) != NULL ? ply : 0;
}

const char *
caissa_pgn_game_info_get_eco_display (CaissaPgnGameInfo *self)
{
  const char *tag;

  g_return_val_if_fail (CAISSA_IS_PGN_GAME_INFO (self), NULL);

  tag = get_tag (self, CHESS_PGN_TAG_ECO);
  return *tag != '\0' ? tag : caissa_pgn_game_info_get_opening_eco (self);
}
