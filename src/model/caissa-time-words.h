/* caissa-time-words.h — time controls as people write and read them.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * People write "5+3" for 5 minutes and 3 seconds a move (lichess's
 * convention); PGN's TimeControl tag counts seconds ("300+3"). These
 * helpers turn either into the tag value and say any tag value in words.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "5+3", "5 + 3", "90+30", "0.5+0" (minutes, + seconds a move: the base
 * up to 180 minutes, lichess's range) or a TimeControl tag value ("300+3",
 * "40/5400+30:1800+30", "300d5", "-") → the canonical tag value. A plain
 * "A+B" or "A" with A above 180 is read as a tag value in seconds. NULL
 * and a translated error naming the column when it is neither. */
char *caissa_time_control_from_text (const char  *text,
                                     GError     **error);

/* The tag value in words: "5 min + 3 s a move", "40 moves in 90 min, then
 * 30 min for the rest of the game, + 30 s a move", "No clock". NULL for a
 * value that does not parse. */
char *caissa_time_control_describe  (const char  *time_control);

G_END_DECLS

G_BEGIN_DECLS

/* The translated name of one of the clock's presets ("5+3 · blitz"), the
 * same in the New Game dialog and Preferences; NULL for any other value. */
const char *caissa_time_control_preset_label (const char *time_control);

/* A control of one period in whole minutes, with whole seconds a move:
 * its parts (bonus '+', 'd' or 'b', as in the tag), for spin buttons. */
gboolean    caissa_time_control_get_simple   (const char *time_control,
                                              guint      *minutes,
                                              guint      *seconds,
                                              char       *bonus);

G_END_DECLS
