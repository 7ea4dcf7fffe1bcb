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

/* Iterates the default main context until *flag is TRUE; aborts the test
 * with what if that takes over seconds (a deadline for a loaded machine,
 * never a timing under test). */
void test_util_wait_for (const gboolean *flag,
                         guint           seconds,
                         const char     *what);

G_END_DECLS
