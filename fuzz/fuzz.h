/* fuzz.h — the entry points of Caissa's fuzz targets, and their checks.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each fuzz/fuzz-NAME.c defines caissa_fuzz_NAME(), which feeds one input
 * to the core and checks what comes back (round trips, invariants). The
 * same file is compiled twice:
 *
 *  - by fuzz/meson.build with -DCAISSA_LIBFUZZER and -fsanitize=fuzzer:
 *    CAISSA_FUZZ_TARGET() then defines LLVMFuzzerTestOneInput() calling
 *    the entry point, and libFuzzer drives it;
 *  - by tests/meson.build without either, into test-fuzz-regressions,
 *    which calls the same entry points on every file of
 *    tests/data/fuzz-regressions/NAME/ and fuzz/corpus/NAME/.
 *
 * So an input that crashed a fuzzer replays through exactly the same code
 * in the test suite. A failed check prints what failed and aborts (that is
 * what libFuzzer records as a crash).
 *
 * Plain C and the core only: no GLib here.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int caissa_fuzz_fen          (const uint8_t *data, size_t size);
int caissa_fuzz_san          (const uint8_t *data, size_t size);
int caissa_fuzz_pgn          (const uint8_t *data, size_t size);
int caissa_fuzz_pgn_index    (const uint8_t *data, size_t size);
int caissa_fuzz_timecontrol  (const uint8_t *data, size_t size);
int caissa_fuzz_encoding     (const uint8_t *data, size_t size);

/* Aborts with file:line and the failed condition when cond is false. */
#define FUZZ_CHECK(cond, ...)                                            \
  do                                                                     \
    {                                                                    \
      if (!(cond))                                                       \
        {                                                                \
          fprintf (stderr, "%s:%d: check failed: %s: ",                  \
                   __FILE__, __LINE__, #cond);                           \
          fprintf (stderr, __VA_ARGS__);                                 \
          fputc ('\n', stderr);                                          \
          abort ();                                                      \
        }                                                                \
    }                                                                    \
  while (0)

/* The index lists exactly the games the reader reads, each entry's bytes
 * reading as that game (fuzz-pgn-index.c). */
void fuzz_check_index_agrees (const char *text, size_t size);

/* Shared checks (fuzz-util.c). */
#include "chess-position.h"

/* The position is consistent, valid, its cached checkers and key are what
 * a fresh computation gives, and FEN write → parse → write is stable. */
void fuzz_check_position (const ChessPosition *pos);
/* Every legal move is legal by an independent test (the mover's king is not
 * attacked afterwards), is found again from its squares, makes a
 * consistent position with the right counters; the counts agree with
 * chess_count_legal() and perft(1), perft(2). */
void fuzz_check_moves    (const ChessPosition *pos);
/* SAN write → parse gives the move back, for every legal move (the PGN
 * reader's fast path too, when it answers), and no two moves share a SAN;
 * the UCI form parses to the same move too. */
void fuzz_check_san_all  (const ChessPosition *pos);
/* A 64-bit FNV-1a hash, to fold traces and to seed choices. */
uint64_t fuzz_hash (uint64_t h, const void *data, size_t len);
#define FUZZ_HASH_INIT 0xcbf29ce484222325ull

#ifdef CAISSA_LIBFUZZER
#define CAISSA_FUZZ_TARGET(entry)                                        \
  int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);         \
  int                                                                    \
  LLVMFuzzerTestOneInput (const uint8_t *data,                           \
                          size_t         size)                           \
  {                                                                      \
    return entry (data, size);                                           \
  }
#else
#define CAISSA_FUZZ_TARGET(entry)
#endif
