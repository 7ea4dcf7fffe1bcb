/* test-util-gtk.h — helpers the display tests share.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "caissa-practice-page.h"
#include "caissa-window.h"
#include "test-util.h"

G_BEGIN_DECLS

typedef enum
{
  TEST_UTIL_DISPLAY_DEFAULT     = 0,
  /* GTK_A11Y=test (accessible properties can be checked) instead of none. */
  TEST_UTIL_DISPLAY_A11Y_TEST   = 1 << 0,
  /* Leave the app's resource alone: CaissaApplication registers it, and
   * registering the static resource twice loops GLib forever. */
  TEST_UTIL_DISPLAY_NO_RESOURCE = 1 << 1,
  /* The app's own style.css, as AdwApplication loads it (it sizes the
   * side panel). */
  TEST_UTIL_DISPLAY_APP_STYLE   = 1 << 2,
} TestUtilDisplayFlags;

/* A display test's main() calls this in place of g_test_init(): English
 * strings (LANGUAGE=C); no accessibility bus (GTK_A11Y=none: a stale one
 * on a shared X server must not fail a test); g_test_init(); GTK and
 * libadwaita; the app's resource; animations off (renders show the end
 * of a change, not a transition). Whatever else must be set before GLib
 * reads it (XDG folders, GSETTINGS_BACKEND) the caller sets first.
 *
 * Without a display it returns FALSE and main() returns *status: under
 * CI (CI set) a failure, else a skip (TAP's "1..0 # SKIP" with --tap). */
gboolean test_util_init_display (int                   *argc,
                                 char                ***argv,
                                 TestUtilDisplayFlags   flags,
                                 int                   *status);

/* A practice page for display tests: its records in a temporary folder
 * (written first when records_text is not NULL), no table cache, the
 * defender's replies at once; in a window of its own once shown. */
typedef struct
{
  char               *dir;
  char               *records;
  CaissaPractice     *practice;
  CaissaPracticePage *page;
  GtkWidget          *window;
} TestUtilPractice;

void test_util_practice_setup    (TestUtilPractice *p,
                                  const char       *records_text);
/* Shows the page in a window of width × height, and waits for a frame. */
void test_util_practice_show     (TestUtilPractice *p,
                                  int               width,
                                  int               height);
/* Closes the window, checks the practice is finalized, removes the folder. */
void test_util_practice_teardown (TestUtilPractice *p);

/* Lets widget's window paint one frame with everything changed so far
 * (fails the test after 10 s × test_util_timeout_multiplier ()). */
void test_util_wait_for_frame (GtkWidget *widget);

/* The first message dialog shown among the toplevels (with any, also one
 * made but not shown yet), or NULL. */
AdwMessageDialog *test_util_message_dialog (gboolean any);

/* Runs the main loop until a message dialog is shown (at most seconds,
 * scaled; then fails) and returns it. */
AdwMessageDialog *test_util_wait_for_dialog (guint seconds);

/* The first widget of type (widget itself or under it, depth first), or
 * NULL. */
GtkWidget *test_util_find_type (GtkWidget *widget,
                                GType      type);

/* Runs the main loop for ms milliseconds. */
void test_util_spin (guint ms);

/* Runs the main loop until *pointer is NULL (a weak pointer to something
 * that goes away); fails after seconds (scaled), saying what. */
void test_util_wait_for_null (gpointer   *pointer,
                              guint       seconds,
                              const char *what);

/* The value of one line "KEY VALUE" of caissa_window_describe_state()
 * ("" for a line that is just KEY), or NULL when there is no such line. */
char *test_util_state_line (CaissaWindow *window,
                            const char   *key);

/* Runs the main loop until the state's key has value (at most 30 s, scaled
 * by test_util_timeout_multiplier (); then
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
