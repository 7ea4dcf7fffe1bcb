/* fuzz-pgn-index.c — the PGN indexer: scanning, budgets, splitting, tags.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: a PGN buffer (any bytes). It is indexed three ways that must give
 * the same entries: in one scan; in many scans with small pseudo-random
 * budgets; and cut by chess_pgn_index_split() into parts indexed on their
 * own and joined with chess_pgn_index_append(). The entries must tile the
 * buffer from the first game to the end, tag values must lie inside their
 * game and after a quote, and chess_pgn_index_tag() must respect its cap.
 * Each game's text also goes through chess_pgn_count_plies().
 *
 * And the index must be the reader's: the games the streaming reader reads
 * start where the entries start, one entry per game; each entry's bytes,
 * read alone, give that game again (the same moves, or the same error);
 * and chess_pgn_read_game_full () finds no second game in them.
 */
#include <stdlib.h>
#include <string.h>

#include "chess-pgn-index.h"
#include "chess-pgn.h"
#include "fuzz.h"

static uint64_t
next_random (uint64_t *state)
{
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545f4914f6cdd1dull;
}

static void
check_same (const ChessPgnIndex *a,
            const ChessPgnIndex *b,
            const char          *how)
{
  size_t n = chess_pgn_index_n_games (a);

  FUZZ_CHECK (chess_pgn_index_n_games (b) == n, "%s: %zu games, one scan found %zu",
              how, chess_pgn_index_n_games (b), n);
  for (size_t i = 0; i < n; i++)
    {
      const ChessPgnIndexEntry *x = chess_pgn_index_entry (a, i);
      const ChessPgnIndexEntry *y = chess_pgn_index_entry (b, i);

      FUZZ_CHECK (x->offset == y->offset && x->length == y->length,
                  "%s: game %zu at %llu+%u, one scan says %llu+%u", how, i,
                  (unsigned long long) y->offset, y->length,
                  (unsigned long long) x->offset, x->length);
      for (int t = 0; t < CHESS_PGN_N_INDEX_TAGS; t++)
        FUZZ_CHECK (x->tag_offset[t] == y->tag_offset[t] && x->tag_length[t] == y->tag_length[t],
                    "%s: game %zu tag %s differs", how, i, chess_pgn_index_tag_names[t]);
    }
}

/* One game of the stream, as text to compare. */
typedef struct
{
  uint64_t start;
  char    *text;     /* the exported game, or "error: message" */
} StreamGame;

typedef struct
{
  StreamGame *games;
  size_t      n;
  size_t      cap;
} StreamGames;

static char *
describe (const ChessGame  *game,
          const ChessError *error)
{
  char *text;
  size_t n;

  if (error == NULL)
    return chess_pgn_write_game (game, NULL);
  n = strlen (error->message) + 16;
  text = malloc (n);
  FUZZ_CHECK (text != NULL, "out of memory");
  snprintf (text, n, "error: %s", error->message);
  return text;
}

static bool
stream_game_cb (void                   *user_data,
                const ChessPgnGameInfo *info)
{
  StreamGames *all = user_data;

  if (all->n == all->cap)
    {
      all->cap = all->cap ? all->cap * 2 : 16;
      all->games = realloc (all->games, all->cap * sizeof *all->games);
      FUZZ_CHECK (all->games != NULL, "out of memory");
    }
  all->games[all->n].start = info->start.offset;
  all->games[all->n].text = describe (info->game, info->error);
  all->n++;
  FUZZ_CHECK (info->start.offset <= info->rest && info->rest <= info->end,
              "game at %llu: rest %llu outside it (end %llu)", (unsigned long long) info->start.offset,
              (unsigned long long) info->rest, (unsigned long long) info->end);
  chess_game_free (info->game);
  return true;
}

void
fuzz_check_index_agrees (const char *text,
                         size_t      size)
{
  ChessPgnIndex *index = chess_pgn_index_new (0);
  ChessPgnReader *reader;
  StreamGames all = { NULL, 0, 0 };
  size_t n;

  chess_pgn_index_scan (index, text, size, UINT64_MAX);
  n = chess_pgn_index_n_games (index);
  reader = chess_pgn_reader_new_full (stream_game_cb, &all);
  chess_pgn_reader_feed (reader, text, size);
  chess_pgn_reader_finish (reader);
  chess_pgn_reader_free (reader);

  FUZZ_CHECK (all.n == n, "the reader reads %zu games, the index lists %zu", all.n, n);
  for (size_t i = 0; i < n; i++)
    {
      const ChessPgnIndexEntry *e = chess_pgn_index_entry (index, i);
      ChessPgnReadResult alone;
      char *text_alone;

      FUZZ_CHECK (e->offset == all.games[i].start, "game %zu: the reader starts it at %llu, the index at %llu",
                  i, (unsigned long long) all.games[i].start, (unsigned long long) e->offset);
      if (e->length == UINT32_MAX)
        continue;
      FUZZ_CHECK (chess_pgn_read_game_full (text + e->offset, e->length, &alone),
                  "game %zu: no game in its own bytes", i);
      FUZZ_CHECK (alone.start.offset == 0, "game %zu: read alone, it starts at %llu", i,
                  (unsigned long long) alone.start.offset);
      text_alone = describe (alone.game, alone.error.code != CHESS_OK ? &alone.error : NULL);
      FUZZ_CHECK (strcmp (text_alone, all.games[i].text) == 0,
                  "game %zu at %llu: read alone\n%s\nread in the stream\n%s", i,
                  (unsigned long long) e->offset, text_alone, all.games[i].text);
      /* Nothing of a second game in its bytes. */
      {
        ChessPgnReadResult next;
        if (alone.end < e->length)
          {
            FUZZ_CHECK (!chess_pgn_read_game_full (text + e->offset + alone.end, e->length - alone.end, &next),
                        "game %zu: a second game in its bytes, at %llu", i,
                        (unsigned long long) (e->offset + alone.end + next.start.offset));
            chess_pgn_read_result_clear (&next);
          }
      }
      free (text_alone);
      chess_pgn_read_result_clear (&alone);
    }
  for (size_t i = 0; i < all.n; i++)
    free (all.games[i].text);
  free (all.games);
  chess_pgn_index_free (index);
}

int
caissa_fuzz_pgn_index (const uint8_t *data,
                       size_t         size)
{
  const char *text = (const char *) data;
  uint64_t seed = fuzz_hash (FUZZ_HASH_INIT, data, size) | 1;
  ChessPgnIndex *whole, *steps;
  size_t n;

  /* One scan. */
  whole = chess_pgn_index_new (0);
  FUZZ_CHECK (chess_pgn_index_scan (whole, text, size, UINT64_MAX), "one scan did not finish");
  FUZZ_CHECK (chess_pgn_index_position (whole) == size, "stopped at %llu of %zu",
              (unsigned long long) chess_pgn_index_position (whole), size);
  FUZZ_CHECK (chess_pgn_index_scan (whole, text, size, 1), "a finished index is not finished");
  n = chess_pgn_index_n_games (whole);
  FUZZ_CHECK (chess_pgn_index_entry (whole, n) == NULL, "an entry past the end");
  FUZZ_CHECK (n <= size, "%zu games in %zu bytes", n, size);

  for (size_t i = 0; i < n; i++)
    {
      const ChessPgnIndexEntry *e = chess_pgn_index_entry (whole, i);
      uint64_t end = i + 1 < n ? chess_pgn_index_entry (whole, i + 1)->offset : size;
      char buf[256];

      FUZZ_CHECK (e->offset < end && e->length == end - e->offset,
                  "game %zu at %llu+%u does not reach %llu", i, (unsigned long long) e->offset,
                  e->length, (unsigned long long) end);
      for (int t = 0; t < CHESS_PGN_N_INDEX_TAGS; t++)
        {
          size_t len;

          if (e->tag_offset[t] == 0)
            {
              FUZZ_CHECK (chess_pgn_index_tag (whole, text, i, t, buf, sizeof buf) == 0,
                          "an absent tag has a value");
              continue;
            }
          FUZZ_CHECK (e->tag_offset[t] + (uint64_t) e->tag_length[t] <= e->length,
                      "tag %s of game %zu lies outside it", chess_pgn_index_tag_names[t], i);
          FUZZ_CHECK (text[e->offset + e->tag_offset[t] - 1] == '"', "tag value does not follow a quote");
          len = chess_pgn_index_tag (whole, text, i, t, buf, sizeof buf);
          FUZZ_CHECK (len <= e->tag_length[t] && buf[len] == '\0', "tag value of %zu bytes", len);
          for (size_t cap = 1; cap < 5; cap++)
            {
              memset (buf, 'x', sizeof buf);
              len = chess_pgn_index_tag (whole, text, i, t, buf, cap);
              FUZZ_CHECK (len < cap && buf[len] == '\0', "cap %zu gave %zu bytes", cap, len);
            }
        }
      (void) chess_pgn_count_plies (text + e->offset, e->length);
    }
  FUZZ_CHECK (chess_pgn_index_tag (whole, text, n, CHESS_PGN_TAG_EVENT, NULL, 0) == 0, "cap 0");

  /* Many small scans. */
  steps = chess_pgn_index_new (0);
  for (unsigned round = 0;; round++)
    {
      uint64_t before = chess_pgn_index_position (steps);
      uint64_t budget = 1 + (next_random (&seed) & 63);

      if (chess_pgn_index_scan (steps, text, size, budget))
        break;
      FUZZ_CHECK (chess_pgn_index_position (steps) > before, "a scan with budget %llu made no progress",
                  (unsigned long long) budget);
      FUZZ_CHECK (round <= size, "scanning does not end");
    }
  check_same (whole, steps, "small budgets");
  chess_pgn_index_free (steps);

  /* Split, scan the parts, join them. */
  {
    unsigned parts = 1 + next_random (&seed) % 8, k;
    uint64_t bounds[9];
    ChessPgnIndex *joined = NULL;

    k = chess_pgn_index_split (text, size, parts, bounds);
    FUZZ_CHECK (k >= 1 && k <= parts, "%u parts of %u", k, parts);
    FUZZ_CHECK (bounds[0] == 0 && bounds[k] == size, "bounds do not cover the buffer");
    for (unsigned i = 0; i < k; i++)
      {
        ChessPgnIndex *part;

        FUZZ_CHECK (bounds[i] < bounds[i + 1] || size == 0, "bounds not increasing");
        part = chess_pgn_index_new (bounds[i]);
        FUZZ_CHECK (chess_pgn_index_scan (part, text, bounds[i + 1], UINT64_MAX), "part did not finish");
        if (joined == NULL)
          joined = part;
        else
          {
            chess_pgn_index_append (joined, part);
            FUZZ_CHECK (chess_pgn_index_n_games (part) == 0, "append left entries in the part");
            chess_pgn_index_free (part);
          }
      }
    check_same (whole, joined, "split");
    chess_pgn_index_free (joined);
  }

  chess_pgn_index_free (whole);
  fuzz_check_index_agrees (text, size);
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_pgn_index)
