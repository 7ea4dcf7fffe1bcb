/* test-util-gtk.h — helpers the display tests share.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-window.h"
#include "test-util.h"

G_BEGIN_DECLS

/* Lets widget's window paint one frame with everything changed so far
 * (fails the test after 10 s). */
void test_util_wait_for_frame (GtkWidget *widget);

/* Runs the main loop for ms milliseconds. */
void test_util_spin (guint ms);

/* The value of one line "KEY VALUE" of caissa_window_describe_state()
 * ("" for a line that is just KEY), or NULL when there is no such line. */
char *test_util_state_line (CaissaWindow *window,
                            const char   *key);

/* Runs the main loop until the state's key has value (at most 30 s; then
 * fails, saying which message dialog is up, if one is). */
void test_util_wait_state (CaissaWindow *window,
                           const char   *key,
                           const char   *value);

#define test_util_assert_state(window, key, value) \
  G_STMT_START { \
    g_autofree char *got_ = test_util_state_line (window, key); \
    g_assert_cmpstr (got_, ==, value); \
  } G_STMT_END

G_END_DECLS
