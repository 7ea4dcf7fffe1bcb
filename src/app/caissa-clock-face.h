/* caissa-clock-face.h — the chess clock as the players see it: two faces
 * side by side, each a big button, like a real two-button clock.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaissaClockFace shows a CaissaClock (property "clock"): both times large
 * ("1:30:00", "4:59", tenths below ten seconds), whose clock runs (the
 * accent colour; the waiting side dimmed), low time (red), a fallen flag
 * (a flag and "Time"), the move and the period, and a pause button.
 *
 * White's half is on the left, Black's on the right. Each half is that
 * player's button: it is sensitive exactly when a press by that player
 * would be accepted — after his move while his clock runs, or, before the
 * start, the button that starts the other side's clock (Black's, when
 * "start-side" is White: as over the board, Black starts White's clock).
 * A click calls caissa_clock_press(); whoever drives the game listens to
 * the clock's "pressed" signal.
 *
 * Style classes (for tests and themes): the face's halves are buttons with
 * "clock-side" and "white"/"black", and while it applies one of "running"
 * (this clock runs), "waiting" (the other one runs), "on" (this clock is
 * on but paused), "low-time", "flag-fallen". Inside: "clock-time" (the
 * time), "clock-caption" (what the player should do), "clock-flag" (the
 * flag, visible only on a side whose flag has fallen); under the halves
 * "clock-info" (move and period) and the "clock-pause" button.
 */
#pragma once

#include <gtk/gtk.h>

#include "caissa-clock.h"

G_BEGIN_DECLS

#define CAISSA_TYPE_CLOCK_FACE (caissa_clock_face_get_type ())
G_DECLARE_FINAL_TYPE (CaissaClockFace, caissa_clock_face, CAISSA, CLOCK_FACE, GtkWidget)

GtkWidget   *caissa_clock_face_new            (void);

CaissaClock *caissa_clock_face_get_clock      (CaissaClockFace *self);
void         caissa_clock_face_set_clock      (CaissaClockFace *self,
                                               CaissaClock     *clock);
/* The side whose clock the first press starts (the side to move in the
 * start position); WHITE by default. */
CaissaColor  caissa_clock_face_get_start_side (CaissaClockFace *self);
void         caissa_clock_face_set_start_side (CaissaClockFace *self,
                                               CaissaColor      side);

/* color's button: what a click does, for keys. Returns FALSE (and rings
 * the bell) when the clock refuses the press. */
gboolean     caissa_clock_face_press          (CaissaClockFace *self,
                                               CaissaColor      color);
/* Whether color's button would be accepted now (its sensitivity). */
gboolean     caissa_clock_face_can_press      (CaissaClockFace *self,
                                               CaissaColor      color);
/* Pauses a running clock, resumes a paused one; FALSE if neither. */
gboolean     caissa_clock_face_toggle_pause   (CaissaClockFace *self);

GtkWidget   *caissa_clock_face_get_button     (CaissaClockFace *self,
                                               CaissaColor      color);
/* The name shown on color's button: the player's (a compact panel shows
 * no other), or NULL for the colour's ("White"). */
void         caissa_clock_face_set_name       (CaissaClockFace *self,
                                               CaissaColor      color,
                                               const char      *name);
const char  *caissa_clock_face_get_name       (CaissaClockFace *self,
                                               CaissaColor      color);

G_END_DECLS
