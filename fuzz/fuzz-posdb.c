/* fuzz-posdb.c — reading the explorer's position data back from a cache.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cache file is read back and must never be trusted. Input, by its
 * first byte:
 *  - even: the rest is an image as found on disk; chess_posdb_open() must
 *    refuse it or give a reader that answers without a fault;
 *  - odd: a valid image built from a few games here (with popular
 *    positions: some thirty games share their first moves) is changed by the
 *    rest of the input (pairs of a 24-bit offset and a byte to XOR), then
 *    its checksums are made right again (chess_posdb_reseal()), so the
 *    changes reach the checks behind the checksums and the queries.
 * Whatever opens is queried (tree, exact search at positions of the
 * games, a pattern over every game); answers must stay in bounds.
 */
#include <string.h>

#include "chess-fen.h"
#include "chess-posdb.h"
#include "chess-pgn-index.h"
#include "fuzz.h"

static const char games[] =
  "[Result \"1-0\"]\n[WhiteElo \"2100\"]\n[Date \"2001.01.01\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
  "[Result \"0-1\"]\n[BlackElo \"1900\"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 -- 4. d3 0-1\n\n"
  "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 2. e5 Ke6 1/2-1/2\n\n"
  "[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 (3. Nf3 Nf6) Nf6 *\n\n"
  "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";

/* Games enough (CHESS_POSDB_POPULAR and more) for the positions of their
 * first moves to be popular: the image then has popular positions, their
 * moves' statistics and their games' lists for the changes to reach. */
#define N_POPULAR (CHESS_POSDB_POPULAR + 4)

static const char *const popular[] = {
  "[Result \"1-0\"]\n[WhiteElo \"2250\"]\n[BlackElo \"2300\"]\n[Date \"2011.05.02\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n",
  "[Result \"1/2-1/2\"]\n[Date \"1966.??.??\"]\n\n1. e4 e5 2. Nf3 Nf6 1/2-1/2\n\n",
  "[Result \"0-1\"]\n[WhiteElo \"1800\"]\n\n1. e4 c5 2. Nf3 d6 0-1\n\n",
  "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n\n",
};

static uint8_t *
valid_image (size_t *len)
{
  static uint8_t *img;
  static size_t img_len;

  if (img == NULL)
    {
      ChessPgnIndex *index = chess_pgn_index_new (0);
      uint64_t starts[8 + N_POPULAR];
      size_t n, text_len = sizeof games - 1;
      char *text;
      ChessPosdbBatch *batch;
      ChessPosdbBuild *build;
      ChessPosdbSource source;

      for (size_t i = 0; i < N_POPULAR; i++)
        text_len += strlen (popular[i % 4]);
      text = malloc (text_len + 1);
      FUZZ_CHECK (text != NULL, "out of memory");
      memcpy (text, games, sizeof games - 1);
      for (size_t i = 0, at = sizeof games - 1; i < N_POPULAR; i++)
        {
          size_t l = strlen (popular[i % 4]);

          memcpy (text + at, popular[i % 4], l);
          at += l;
        }
      text[text_len] = '\0';
      source = (ChessPosdbSource) { text_len, 1, 2 };
      chess_pgn_index_scan (index, text, text_len, text_len + 1);
      n = chess_pgn_index_n_games (index);
      FUZZ_CHECK (n > 0 && n <= sizeof starts / sizeof starts[0], "%zu games", n);
      for (size_t i = 0; i < n; i++)
        starts[i] = chess_pgn_index_entry (index, i)->offset;
      chess_pgn_index_free (index);
      batch = chess_posdb_batch_parse (0, (uint32_t) n, text, text_len, starts);
      build = chess_posdb_build_new (&batch, 1, 1);
      chess_posdb_build_run (build, 0, NULL);
      img = chess_posdb_build_finish (build, &source, &img_len);
      chess_posdb_batch_free (batch);
      free (text);
      /* (Every game but the one from a FEN starts at the initial position.) */
      {
        ChessError error;
        ChessPosdb *db = img != NULL ? chess_posdb_open (img, img_len, &error) : NULL;
        ChessPosition start;
        ChessPosdbTree tree;

        FUZZ_CHECK (db != NULL, "the valid image does not open");
        chess_position_init_start (&start);
        chess_posdb_tree_init (&tree, start.key);
        chess_posdb_tree (db, &start, &tree);
        FUZZ_CHECK (tree.n_games == n - 1, "%u games at the start of %zu", tree.n_games, n);
        chess_posdb_close (db);
      }
    }
  *len = img_len;
  return img;
}

static void
query (const ChessPosdb *db,
       const uint8_t    *data,
       size_t            size)
{
  static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
  };
  uint32_t n = chess_posdb_n_games (db);
  ChessPosPattern pattern;

  for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
    {
      ChessPosition pos;
      ChessPosdbTree tree;
      ChessPosdbMatches m = { 0 };

      FUZZ_CHECK (chess_fen_parse (&pos, fens[i], strlen (fens[i]), NULL), "FEN %zu", i);
      chess_posdb_tree_init (&tree, pos.key);
      chess_posdb_tree (db, &pos, &tree);
      FUZZ_CHECK (tree.n_moves <= 256, "%u moves", tree.n_moves);
      chess_posdb_find (db, &pos, &m);
      for (size_t k = 0; k < m.n; k++)
        FUZZ_CHECK (m.v[k].game < n, "game %u of %u", m.v[k].game, n);
      chess_posdb_matches_clear (&m);
    }
  /* A pattern from the input's last bytes, else a fixed one. */
  if (size < 2 || !chess_pos_pattern_parse (&pattern, (const char *) data + size / 2, size - size / 2, NULL))
    chess_pos_pattern_parse (&pattern, "8/8/8/8/4P3/8/8/8", 17, NULL);
  {
    ChessPosdbMatches m = { 0 };

    chess_posdb_pattern (db, &pattern, 0, n, &m, NULL);
    for (size_t k = 0; k < m.n; k++)
      FUZZ_CHECK (m.v[k].game < n, "game %u of %u", m.v[k].game, n);
    chess_posdb_matches_clear (&m);
  }
}

int
caissa_fuzz_posdb (const uint8_t *data,
                   size_t         size)
{
  uint8_t *img;
  size_t len;
  ChessError error;
  ChessPosdb *db;

  if (size == 0)
    return 0;
  if ((data[0] & 1) == 0)
    {
      /* (8-byte aligned, as a mapping is.) */
      len = size - 1;
      img = malloc (len ? len : 1);
      FUZZ_CHECK (img != NULL, "out of memory");
      memcpy (img, data + 1, len);
    }
  else
    {
      const uint8_t *valid = valid_image (&len);

      img = malloc (len);
      FUZZ_CHECK (img != NULL, "out of memory");
      memcpy (img, valid, len);
      for (size_t i = 1; i + 4 <= size; i += 4)
        {
          size_t at = ((size_t) data[i] | (size_t) data[i + 1] << 8 | (size_t) data[i + 2] << 16) % len;
          img[at] ^= data[i + 3];
        }
      chess_posdb_reseal (img, len);
    }
  db = chess_posdb_open (img, len, &error);
  if (db != NULL)
    {
      query (db, data, size);
      chess_posdb_close (db);
    }
  else
    FUZZ_CHECK (error.code == CHESS_ERROR_IO && error.message[0] != '\0', "no reason given");
  free (img);
  return 0;
}

CAISSA_FUZZ_TARGET (caissa_fuzz_posdb)
