/* caissa-time-words.c — time controls as people write and read them.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-time-words"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "caissa-time-words.h"
#include "chess-clock.h"

#define MAX_MINUTES 180

/* "A[+B]" with A a number of minutes (a decimal fraction allowed) and B
 * whole seconds: the base in seconds, or -1 when text has another form. */
static gint64
parse_minutes (const char *text,
               gint64     *increment)
{
  const char *p = text;
  char *end;
  double minutes;

  *increment = 0;
  if (!g_ascii_isdigit (*p))
    return -1;
  minutes = g_ascii_strtod (p, &end);
  p = end;
  while (*p == ' ')
    p++;
  if (*p == '+')
    {
      p++;
      while (*p == ' ')
        p++;
      if (!g_ascii_isdigit (*p))
        return -1;
      *increment = g_ascii_strtoll (p, &end, 10);
      p = end;
    }
  while (*p == ' ')
    p++;
  if (*p != '\0' || minutes > MAX_MINUTES || *increment > 3600)
    return -1;
  return (gint64) (minutes * 60 + 0.5);
}

char *
caissa_time_control_from_text (const char  *text,
                               GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));
  ChessTimeControl tc;
  ChessError err = { 0 };
  char buf[CHESS_TIME_CONTROL_MAX];
  gint64 base, increment;

  base = parse_minutes (stripped, &increment);
  if (base >= 0)
    {
      g_autofree char *tag = increment > 0
                               ? g_strdup_printf ("%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT, base, increment)
                               : g_strdup_printf ("%" G_GINT64_FORMAT, base);
      if (base == 0 && increment == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("A game needs some time on the clock"));
          return NULL;
        }
      g_free (stripped);
      stripped = g_steal_pointer (&tag);
    }
  if (*stripped == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Type a time control, for example 5+3"));
      return NULL;
    }
  if (!chess_time_control_parse (&tc, stripped, strlen (stripped), &err))
    {
      /* Translators: %lu is a column (1 = first character), %s the reason
       * in English from the rules core. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("column %lu: %s"), err.column, err.message);
      return NULL;
    }
  return g_strdup (chess_time_control_write (&tc, buf));
}

/* "90 min", "1 min 30 s", "45 s", "2 h" — a duration in words. */
static char *
duration (gint64 ms)
{
  gint64 s = ms / 1000;

  if (s >= 60 && s % 60 == 0)
    /* Translators: minutes, e.g. "5 min". */
    return g_strdup_printf (_("%d min"), (int) (s / 60));
  if (s > 60)
    /* Translators: minutes and seconds, e.g. "1 min 30 s". */
    return g_strdup_printf (_("%d min %d s"), (int) (s / 60), (int) (s % 60));
  /* Translators: seconds, e.g. "45 s". */
  return g_strdup_printf (_("%d s"), (int) s);
}

static void
append_bonus (GString               *out,
              const ChessTimePeriod *period)
{
  g_autofree char *bonus = duration (period->bonus_ms);

  switch (period->bonus)
    {
    case CHESS_BONUS_FISCHER:
      /* Translators: an increment, e.g. " + 3 s a move". */
      g_string_append_printf (out, _(" + %s a move"), bonus);
      break;
    case CHESS_BONUS_DELAY:
      /* Translators: a simple (US) delay, e.g. ", 5 s delay a move". */
      g_string_append_printf (out, _(", %s delay a move"), bonus);
      break;
    case CHESS_BONUS_BRONSTEIN:
      /* Translators: Bronstein's delay, e.g. ", 5 s Bronstein delay a move". */
      g_string_append_printf (out, _(", %s Bronstein delay a move"), bonus);
      break;
    case CHESS_BONUS_NONE:
    default:
      break;
    }
}

char *
caissa_time_control_describe (const char *time_control)
{
  ChessTimeControl tc;
  ChessError err = { 0 };
  GString *out;
  gboolean same_bonus = TRUE;

  if (time_control == NULL
      || !chess_time_control_parse (&tc, time_control, strlen (time_control), &err))
    return NULL;
  if (tc.kind == CHESS_TIME_CONTROL_NONE)
    return g_strdup (_("No clock"));
  if (tc.kind == CHESS_TIME_CONTROL_UNKNOWN)
    return g_strdup (_("Time control not known"));
  if (tc.kind == CHESS_TIME_CONTROL_SANDCLOCK)
    {
      g_autofree char *d = duration (tc.sandclock_ms);
      /* Translators: an hourglass, e.g. "Sand clock of 5 min". */
      return g_strdup_printf (_("Sand clock of %s"), d);
    }

  out = g_string_new (NULL);
  for (unsigned i = 1; i < tc.n_periods; i++)
    if (tc.periods[i].bonus != tc.periods[0].bonus || tc.periods[i].bonus_ms != tc.periods[0].bonus_ms)
      same_bonus = FALSE;
  for (unsigned i = 0; i < tc.n_periods; i++)
    {
      const ChessTimePeriod *p = &tc.periods[i];
      g_autofree char *d = duration (p->time_ms);
      gboolean last = i + 1 == tc.n_periods;

      if (i > 0)
        /* Translators: joins the periods of a time control. */
        g_string_append (out, _(", then "));
      if (p->moves > 0 && last)
        /* Translators: a repeating period, e.g. "40 moves in 90 min, repeated". */
        g_string_append_printf (out, _("%u moves in %s, repeated"), p->moves, d);
      else if (p->moves > 0)
        /* Translators: a period, e.g. "40 moves in 90 min". */
        g_string_append_printf (out, _("%u moves in %s"), p->moves, d);
      else if (i > 0)
        /* Translators: the last period, e.g. "30 min for the rest of the game". */
        g_string_append_printf (out, _("%s for the rest of the game"), d);
      else
        g_string_append (out, d);
      if (!same_bonus)
        append_bonus (out, p);
    }
  if (same_bonus)
    append_bonus (out, &tc.periods[0]);
  return g_string_free (out, FALSE);
}

/* Minutes+seconds as lichess writes them, and the category it gives. */
static const struct
{
  const char *time_control;
  const char *label;
} preset_labels[] = {
  /* Translators: clock presets, minutes+seconds a move, then a category. */
  { "60", N_("1+0 · bullet") },
  { "120+1", N_("2+1 · bullet") },
  { "180", N_("3+0 · blitz") },
  { "180+2", N_("3+2 · blitz") },
  { "300", N_("5+0 · blitz") },
  { "300+3", N_("5+3 · blitz") },
  { "600", N_("10+0 · rapid") },
  { "600+5", N_("10+5 · rapid") },
  { "900+10", N_("15+10 · rapid") },
  { "1800", N_("30+0 · classical") },
  { "1800+20", N_("30+20 · classical") },
  { "5400+30", N_("90+30 · classical") },
  /* Translators: FIDE's standard control (40 moves in 90 min, then 30 min,
   * 30 s a move); the dialog spells it out under the choice. */
  { "40/5400+30:1800+30", N_("FIDE classical") },
};

const char *
caissa_time_control_preset_label (const char *time_control)
{
  for (guint i = 0; i < G_N_ELEMENTS (preset_labels); i++)
    if (g_strcmp0 (preset_labels[i].time_control, time_control) == 0)
      return _(preset_labels[i].label);
  return NULL;
}

gboolean
caissa_time_control_get_simple (const char *time_control,
                                guint      *minutes,
                                guint      *seconds,
                                char       *bonus)
{
  ChessTimeControl tc;
  ChessError err = { 0 };
  const ChessTimePeriod *p;

  if (time_control == NULL
      || !chess_time_control_parse (&tc, time_control, strlen (time_control), &err)
      || tc.kind != CHESS_TIME_CONTROL_PERIODS || tc.n_periods != 1)
    return FALSE;
  p = &tc.periods[0];
  if (p->moves != 0 || p->time_ms % 60000 != 0 || p->bonus_ms % 1000 != 0)
    return FALSE;
  *minutes = (guint) (p->time_ms / 60000);
  *seconds = (guint) (p->bonus_ms / 1000);
  *bonus = p->bonus == CHESS_BONUS_DELAY ? 'd' : p->bonus == CHESS_BONUS_BRONSTEIN ? 'b' : '+';
  return TRUE;
}
