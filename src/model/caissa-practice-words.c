/* caissa-practice-words.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-practice-words"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-practice-words.h"

char *
caissa_practice_record_describe (const CaissaPracticeRecord *r)
{
  g_autofree char *mated = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  if (r->attempts == 0)
    return g_strdup (_("Not tried yet"));

  /* Translators: "mated 3 of 5", then the streaks of unassisted mates. */
  mated = g_strdup_printf (_("Mated %u of %u"), r->successes, r->attempts);
  if (r->streak > 0)
    return g_strdup_printf (_("%s · streak %u, best %u"), mated, r->streak, r->best_streak);
  /* No streak running (the last try failed, or its mate had hints):
   * "streak 0" right after a mate would read as a mistake. */
  if (r->best_streak > 0)
    /* Translators: "Mated 2 of 3", then the longest run of unassisted mates. */
    return g_strdup_printf (_("%s · best streak %u"), mated, r->best_streak);
  return g_steal_pointer (&mated);
}
