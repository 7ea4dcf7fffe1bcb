/* test-util.h — helpers the tests share.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Removes path and, for a folder, everything in it (folders made
 * unreadable by a test are opened up first; links are not followed). */
void test_util_remove_tree (const char *path);

/* How many times longer every wait of the tests may take on this machine:
 * CAISSA_TEST_TIMEOUT_MULTIPLIER (a whole number from 1 to 100; tools/dev
 * and tools/sanitize.sh set it, with meson's --timeout-multiplier to
 * match), 1 when unset. A slow or loaded machine, or a sanitizer, raises
 * it: no test depends on the machine being idle. */
guint  test_util_timeout_multiplier (void);

/* The monotonic time (µs) that is seconds × the multiplier from now: the
 * deadline of a wait for an event. */
gint64 test_util_deadline           (guint seconds);
/* Iterates the default main context until *flag is TRUE; aborts the test
 * with what if that takes over seconds (a deadline for a loaded machine,
 * never a timing under test). */
void test_util_wait_for (const gboolean *flag,
                         guint           seconds,
                         const char     *what);

G_END_DECLS
