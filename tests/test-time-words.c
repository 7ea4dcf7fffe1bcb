/* test-time-words.c — time controls as people write ("5+3") and read
 * them ("5 min + 3 s a move").
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>

#include "caissa-clock.h"
#include "caissa-time-words.h"

static const struct
{
  const char *text, *tag, *words;
} cases[] = {
  /* Minutes+seconds, lichess's convention. */
  { "5+3", "300+3", "5 min + 3 s a move" },
  { " 5 + 3 ", "300+3", "5 min + 3 s a move" },
  { "1+0", "60", "1 min" },
  { "0.5+0", "30", "30 s" },
  { "90+30", "5400+30", "90 min + 30 s a move" },
  { "180", "10800", "180 min" },
  /* Above 180 "minutes" it is PGN's form, in seconds. */
  { "300+3", "300+3", "5 min + 3 s a move" },
  { "300", "300", "5 min" },
  { "330+2", "330+2", "5 min 30 s + 2 s a move" },
  { "300d5", "300d5", "5 min, 5 s delay a move" },
  { "300b5", "300b5", "5 min, 5 s Bronstein delay a move" },
  { "40/5400+30:1800+30", "40/5400+30:1800+30",
    "40 moves in 90 min, then 30 min for the rest of the game + 30 s a move" },
  { "40/7200", "40/7200", "40 moves in 120 min, repeated" },
  { "-", "-", "No clock" },
};

static void
test_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *tag = caissa_time_control_from_text (cases[i].text, &error);
      g_autofree char *words = NULL;

      g_test_message ("%s", cases[i].text);
      g_assert_no_error (error);
      g_assert_cmpstr (tag, ==, cases[i].tag);
      words = caissa_time_control_describe (tag);
      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

static void
test_refused (void)
{
  static const char *const bad[] = { "", "5+", "5+x", "300x", "abc", "0+0", "0" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("\"%s\"", bad[i]);
      g_assert_null (caissa_time_control_from_text (bad[i], &error));
      g_assert_nonnull (error);
    }
  {
    g_autoptr(GError) error = NULL;
    g_assert_null (caissa_time_control_from_text ("300x", &error));
    g_assert_nonnull (strstr (error->message, "column 4"));
  }
  g_assert_null (caissa_time_control_describe ("300x"));
}

/* Every preset has a name and says itself in words; the 5+3 preset is
 * what "5+3" typed gives. */
static void
test_presets (void)
{
  gboolean found = FALSE;

  for (guint i = 0; i < caissa_clock_get_n_presets (); i++)
    {
      const char *tc = caissa_clock_get_preset_time_control (i);
      g_autofree char *words = caissa_time_control_describe (tc);

      g_assert_nonnull (caissa_time_control_preset_label (tc));
      g_assert_nonnull (words);
      found |= g_str_equal (tc, "300+3");
    }
  g_assert_true (found);
  g_assert_cmpstr (caissa_time_control_preset_label ("300+3"), ==, "5+3 · blitz");
  g_assert_null (caissa_time_control_preset_label ("301"));
}

static void
test_simple (void)
{
  guint m, s;
  char bonus;

  g_assert_true (caissa_time_control_get_simple ("300+3", &m, &s, &bonus));
  g_assert_cmpuint (m, ==, 5);
  g_assert_cmpuint (s, ==, 3);
  g_assert_cmpint (bonus, ==, '+');
  g_assert_true (caissa_time_control_get_simple ("600d5", &m, &s, &bonus));
  g_assert_cmpint (bonus, ==, 'd');
  g_assert_false (caissa_time_control_get_simple ("330+3", &m, &s, &bonus));
  g_assert_false (caissa_time_control_get_simple ("40/5400+30:1800+30", &m, &s, &bonus));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/time-words/cases", test_cases);
  g_test_add_func ("/model/time-words/refused", test_refused);
  g_test_add_func ("/model/time-words/presets", test_presets);
  g_test_add_func ("/model/time-words/simple", test_simple);
  return g_test_run ();
}
