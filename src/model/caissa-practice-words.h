/* caissa-practice-words.h — a practice record in words.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-practice.h"

G_BEGIN_DECLS

/* "Not tried yet", "Mated 3 of 5 · streak 2, best 4", "Mated 1 of 1"
 * (a mate found with hints starts no streak: no "streak 0" then),
 * "Mated 2 of 3 · best streak 2" (a streak once, none now). Translated. */
char *caissa_practice_record_describe (const CaissaPracticeRecord *record);

G_END_DECLS
