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

G_END_DECLS
