/* test-perft-slow.c — test-perft.c at the depths too deep for the quick
 * suite (suite 'slow'): every count from 3 million to 200 million nodes.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define PERFT_MAX_NODES 200000000ull
#define PERFT_MIN_NODES 3000000ull
#include "test-perft.c"
