/* chess-posdb-query.c — step 3: the image checked and queried.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The image is read back from a file the user's cache holds, so nothing
 * in it is trusted: chess_posdb_open() checks every section's checksum and
 * every count and offset, and the replay of a game checks each move's
 * legality before making it.
 */
#include "chess-posdb-private.h"

#include "chess-posdb-sig.h"

/* --- 3. Reading the image ----------------------------------------------------------------------- */

struct _ChessPosdb
{
  Header                    h;
  View                      view;
  const PopRec             *pop;
  const uint8_t            *pop_moves;
  uint64_t                  pop_moves_len;
  const uint8_t            *pop_games;
  uint64_t                  pop_games_len;
  const uint64_t           *buckets;
  const uint8_t            *rare;
  uint64_t                  rare_len;
  const uint64_t           *sigs;
};

bool
chess_posdb_peek_source (const void       *data,
                         size_t            len,
                         ChessPosdbSource *source)
{
  Header h;

  if (len < sizeof h)
    return false;
  memcpy (&h, data, sizeof h);
  if (memcmp (h.magic, IMAGE_MAGIC, 8) != 0 || h.version != IMAGE_VERSION
      || h.endian != ENDIAN_CHECK || h.header_size != sizeof h
      || h.header_hash != chess_posdb_hash (&h, offsetof (Header, header_hash), 0))
    return false;
  *source = h.source;
  return true;
}

void
chess_posdb_reseal (void   *data,
                    size_t  len)
{
  uint8_t *img = data;
  Header h;

  if (len < sizeof h)
    return;
  memcpy (&h, img, sizeof h);
  for (int s = 0; s < N_SECTIONS; s++)
    if (h.sections[s].offset <= len && h.sections[s].length <= len - h.sections[s].offset)
      h.sections[s].hash = chess_posdb_hash (img + h.sections[s].offset, h.sections[s].length, (uint64_t) s);
  h.header_hash = chess_posdb_hash (&h, offsetof (Header, header_hash), 0);
  memcpy (img, &h, sizeof h);
}

/* (Not marked for translation: a damaged cache is rebuilt without a word
 * to the user; the message is for the debug log.) */
static uint64_t pop_games_end (const ChessPosdb *db, uint64_t i);
static uint64_t pop_moves_end (const ChessPosdb *db, uint64_t i);

#define BAD(what) do { chess_error_set (error, CHESS_ERROR_IO, "damaged position data: %s", what); goto fail; } while (0)

ChessPosdb *
chess_posdb_open (const void *data,
                  size_t      len,
                  ChessError *error)
{
  const uint8_t *img = data;
  ChessPosdb *db = xcalloc (1, sizeof *db);
  Header *h = &db->h;
  uint64_t n_buckets;

  chess_error_clear (error);
  chess_init ();
  if (len < sizeof *h || ((uintptr_t) data & 7) != 0)
    BAD ("too short");
  memcpy (h, img, sizeof *h);
  if (memcmp (h->magic, IMAGE_MAGIC, 8) != 0)
    BAD ("not position data");
  if (h->version != IMAGE_VERSION || h->endian != ENDIAN_CHECK || h->header_size != sizeof *h)
    BAD ("another version");
  if (h->header_hash != chess_posdb_hash (h, offsetof (Header, header_hash), 0))
    BAD ("header checksum");
  if (h->n_buckets < 1 || h->n_buckets > ((uint32_t) 1 << 28))
    BAD ("bucket count");
  n_buckets = h->n_buckets;
  {
    const uint64_t want[N_SECTIONS] = {
      (uint64_t) h->n_games * sizeof (GameRec),
      h->n_moves,
      h->n_fens * 8,
      UINT64_MAX,
      h->n_pop * sizeof (PopRec),
      UINT64_MAX,
      UINT64_MAX,
      (n_buckets + 1) * 8,
      UINT64_MAX,
      (uint64_t) h->n_games * CHESS_POSDB_SIG_WORDS * 8,
    };

    if (h->n_moves > UINT32_MAX || h->n_fens > h->n_games || h->n_pop > ((uint64_t) 1 << 40)
        || h->n_pop_moves > ((uint64_t) 1 << 40) || h->n_pop_games > ((uint64_t) 1 << 40))
      BAD ("counts");
    for (int s = 0; s < N_SECTIONS; s++)
      {
        const Section *sec = &h->sections[s];

        if ((sec->offset & 7) != 0 || sec->offset < sizeof *h || sec->offset > len
            || sec->length > len - sec->offset)
          BAD ("section bounds");
        if (want[s] != UINT64_MAX && sec->length != want[s])
          BAD ("section size");
        if (sec->hash != chess_posdb_hash (img + sec->offset, sec->length, (uint64_t) s))
          BAD ("section checksum");
        /* (The padding to the next 8 bytes is no section's: zero, or the
         * image is not as built.) */
        for (uint64_t i = sec->offset + sec->length; (i & 7) != 0 && i < len; i++)
          if (img[i] != 0)
            BAD ("padding");
      }
  }
  db->view.games = (const GameRec *) (img + h->sections[SEC_GAMES].offset);
  db->view.first = 0;
  db->view.n = h->n_games;
  db->view.moves = NULL;
  db->view.n_moves = 0;
  db->view.code = img + h->sections[SEC_MOVES].offset;
  db->view.code_len = h->n_moves;
  db->view.fen_index = (const uint32_t *) (img + h->sections[SEC_FEN_INDEX].offset);
  db->view.n_fens = (uint32_t) h->n_fens;
  db->view.fen_text = (const char *) (img + h->sections[SEC_FEN_TEXT].offset);
  db->view.fen_len = h->sections[SEC_FEN_TEXT].length;
  db->view.trusted = false;
  db->pop = (const PopRec *) (img + h->sections[SEC_POP].offset);
  db->pop_moves = img + h->sections[SEC_POP_MOVES].offset;
  db->pop_moves_len = h->sections[SEC_POP_MOVES].length;
  db->pop_games = img + h->sections[SEC_POP_GAMES].offset;
  db->pop_games_len = h->sections[SEC_POP_GAMES].length;
  db->buckets = (const uint64_t *) (img + h->sections[SEC_BUCKETS].offset);
  db->rare = img + h->sections[SEC_RARE].offset;
  db->rare_len = h->sections[SEC_RARE].length;
  db->sigs = (const uint64_t *) (img + h->sections[SEC_SIGS].offset);

  /* Every offset the queries follow. */
  for (uint32_t i = 0; i < h->n_games; i++)
    {
      const GameRec *r = &db->view.games[i];
      if (r->moves > h->n_moves)
        BAD ("game moves");
    }
  for (uint64_t i = 0; i < h->n_fens; i++)
    if (db->view.fen_index[2 * i] >= h->n_games || db->view.fen_index[2 * i + 1] >= db->view.fen_len
        || (i > 0 && db->view.fen_index[2 * i] <= db->view.fen_index[2 * i - 2]))
      BAD ("start positions");
  for (uint64_t i = 0; i < h->n_pop; i++)
    {
      const PopRec *p = &db->pop[i];
      if ((i > 0 && p->key <= db->pop[i - 1].key) || p->n_moves > 256
          || p->moves_at > db->pop_moves_len
          || (i > 0 && p->moves_at < db->pop[i - 1].moves_at)
          || (uint64_t) p->n_moves * POP_MOVE_MIN > pop_moves_end (db, i) - p->moves_at
          || p->games_at > db->pop_games_len
          || (i > 0 && p->games_at < db->pop[i - 1].games_at)
          || p->n_games > h->n_games
          /* (a game takes two bits at least: a match list is never
           * grown past what the bytes can hold) */
          || p->n_games > 4 * (pop_games_end (db, i) - p->games_at))
        BAD ("popular positions");
    }
  for (uint64_t i = 0; i < n_buckets; i++)
    if (db->buckets[i] > db->buckets[i + 1])
      BAD ("buckets");
  if (db->buckets[n_buckets] != db->rare_len || db->buckets[0] != 0)
    BAD ("buckets");
  return db;

fail:
  free (db);
  return NULL;
}

void
chess_posdb_close (ChessPosdb *db)
{
  free (db);
}

uint32_t
chess_posdb_n_games (const ChessPosdb *db)
{
  return db->h.n_games;
}

void
chess_posdb_source (const ChessPosdb *db,
                    ChessPosdbSource *source)
{
  *source = db->h.source;
}

/* Where popular position i's games end in SEC_POP_GAMES. */
static uint64_t
pop_games_end (const ChessPosdb *db,
               uint64_t          i)
{
  return i + 1 < db->h.n_pop ? db->pop[i + 1].games_at : db->pop_games_len;
}

static uint64_t
pop_moves_end (const ChessPosdb *db,
               uint64_t          i)
{
  return i + 1 < db->h.n_pop ? db->pop[i + 1].moves_at : db->pop_moves_len;
}

static const PopRec *
db_pop (const ChessPosdb *db,
        uint64_t          key)
{
  uint64_t lo = 0, hi = db->h.n_pop;

  while (lo < hi)
    {
      uint64_t mid = lo + (hi - lo) / 2;

      if (db->pop[mid].key < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < db->h.n_pop && db->pop[lo].key == key ? &db->pop[lo] : NULL;
}

/* Calls func for each game of key's bucket (in increasing order). The
 * bucket's games lie all over the file: each game's signature is fetched
 * AHEAD games before it is needed. */
#define AHEAD 32
static void
db_bucket (const ChessPosdb *db,
           uint64_t          key,
           void            (*func) (const ChessPosdb *db, uint32_t game, void *data),
           void             *data)
{
  uint32_t k = bucket_of_key (key, db->h.n_buckets);
  const uint8_t *p = db->rare + db->buckets[k];
  const uint8_t *end = db->rare + db->buckets[k + 1];
  RiceReader r = { p + 1, end, 0, 0 };
  uint64_t g = 0;
  bool first = true;
  uint32_t v, ring[AHEAD];
  unsigned n = 0, at = 0;

  if (p == end || *p > RICE_MAX_K)
    return;
  for (;;)
    {
      /* Decode up to AHEAD games past the one called. */
      while (n < AHEAD && rice_get (&r, *p, &v))
        {
          g = first ? v : g + v + 1;
          first = false;
          if (g >= db->h.n_games)
            {
              r.p = r.end;
              r.nbits = 0;
              break;
            }
          ring[(at + n++) % AHEAD] = (uint32_t) g;
          __builtin_prefetch (&db->sigs[(size_t) g * CHESS_POSDB_SIG_WORDS]);
        }
      if (n == 0)
        return;
      func (db, ring[at], data);
      at = (at + 1) % AHEAD;
      n--;
    }
}

typedef struct
{
  uint64_t           key;
  ChessPosition      pos;
  ChessPosdbTree    *tree;
  ChessPosdbMatches *matches;
  ChessPosdbSigQuery sig;   /* the position's pieces */
} BucketQuery;

/* Most games of a bucket only share it with the position: a game that
 * reaches the position holds each of its pieces at some ply, so its
 * signature tells most others apart without a replay. */
static void
bucket_query_init (BucketQuery         *q,
                   const ChessPosition *pos,
                   ChessPosdbTree      *tree,
                   ChessPosdbMatches   *matches)
{
  ChessPosPattern pt;

  q->key = pos->key;
  q->pos = *pos;
  q->tree = tree;
  q->matches = matches;
  chess_pos_pattern_from_position (&pt, pos);
  chess_posdb_sig_query (&q->sig, &pt);
}

static inline bool
bucket_may_reach (const ChessPosdb  *db,
                  const BucketQuery *q,
                  uint32_t           game)
{
  const uint64_t *sig = &db->sigs[(size_t) game * CHESS_POSDB_SIG_WORDS];

  /* (Most games match neither way: their record, another fetch, is read
   * only for the few that may.) */
  if (!chess_posdb_sig_may_match (&q->sig, sig, false) && !chess_posdb_sig_may_match (&q->sig, sig, true))
    return false;
  return chess_posdb_sig_may_match (&q->sig, sig, (db->view.games[game].flags & GAME_FEN) != 0);
}

static void
bucket_tree_cb (const ChessPosdb *db,
                uint32_t          game,
                void             *data)
{
  BucketQuery *q = data;

  if (bucket_may_reach (db, q, game))
    _chess_posdb_replay_tree (&db->view, game, &q->pos, q->tree);
}

static void
bucket_find_cb (const ChessPosdb *db,
                uint32_t          game,
                void             *data)
{
  BucketQuery *q = data;
  long ply = bucket_may_reach (db, q, game) ? _chess_posdb_replay_find (&db->view, game, &q->pos) : -1;

  if (ply >= 0)
    chess_posdb_matches_add (q->matches, game, (uint32_t) ply);
}

void
chess_posdb_tree (const ChessPosdb    *db,
                  const ChessPosition *pos,
                  ChessPosdbTree      *tree)
{
  const PopRec *p = db_pop (db, pos->key);

  if (p != NULL)
    {
      const uint8_t *at = db->pop_moves + p->moves_at;
      const uint8_t *end = db->pop_moves + pop_moves_end (db, (uint64_t) (p - db->pop));

      tree->n_games += p->n_games;
      /* (A move that does not read ends them: a damaged image.) */
      for (uint32_t i = 0; i < p->n_moves; i++)
        {
          ChessPosdbMoveStat st;
          unsigned n = pop_move_get (at, end, &st);

          if (n == 0)
            break;
          _chess_posdb_tree_merge (tree, &st);
          at += n;
        }
    }
  else
    {
      BucketQuery q;

      bucket_query_init (&q, pos, tree, NULL);
      db_bucket (db, pos->key, bucket_tree_cb, &q);
    }
}

void
chess_posdb_find (const ChessPosdb    *db,
                  const ChessPosition *pos,
                  ChessPosdbMatches   *matches)
{
  const PopRec *p = db_pop (db, pos->key);

  if (p != NULL)
    {
      const uint8_t *at = db->pop_games + p->games_at;
      const uint8_t *end = db->pop_games + pop_games_end (db, (uint64_t) (p - db->pop));
      RiceReader r = { at + 2, end, 0, 0 };
      uint64_t g = 0;
      uint32_t v, ply;

      if (end - at < 2 || at[0] > RICE_MAX_K || at[1] > RICE_MAX_K)
        return;
      grow ((void **) &matches->v, &matches->cap, matches->n + p->n_games, sizeof matches->v[0]);
      for (uint32_t i = 0; i < p->n_games; i++)
        {
          if (!rice_get (&r, at[0], &v) || !rice_get (&r, at[1], &ply))
            break;
          g = i == 0 ? v : g + v + 1;
          if (g >= db->h.n_games)
            break;
          chess_posdb_matches_add (matches, (uint32_t) g, ply);
        }
    }
  else
    {
      BucketQuery q;

      bucket_query_init (&q, pos, NULL, matches);
      db_bucket (db, pos->key, bucket_find_cb, &q);
    }
}

void
chess_posdb_pattern (const ChessPosdb      *db,
                     const ChessPosPattern *pattern,
                     uint32_t               first_game,
                     uint32_t               end_game,
                     ChessPosdbMatches     *matches,
                     const volatile int    *cancel)
{
  ChessPosdbSigQuery q;

  chess_posdb_sig_query (&q, pattern);
  if (end_game > db->h.n_games)
    end_game = db->h.n_games;
  for (uint32_t g = first_game; g < end_game; g++)
    {
      long ply;

      if (cancel != NULL && (g & 1023) == 0 && *cancel)
        return;
      if (q.any && !chess_posdb_sig_may_match (&q, &db->sigs[(size_t) g * CHESS_POSDB_SIG_WORDS],
                                               (db->view.games[g].flags & GAME_FEN) != 0))
        continue;
      ply = _chess_posdb_replay_pattern (&db->view, g, pattern);
      if (ply >= 0)
        chess_posdb_matches_add (matches, g, (uint32_t) ply);
    }
}

