/* caissa-autosave.h — the game in progress kept on disk after every move
 * and every clock press, so that it survives the program being closed or
 * killed and can be resumed exactly (RULES.md §11, adjournment).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writing. A CaissaAutosave observes one CaissaGame (and the CaissaClock
 * the game is played under, when timed). Whenever the game changes — a
 * move, a press, a pause, a draw offer or its answer, a name — it writes,
 * once per main-loop iteration however many notifications came, a small
 * GKeyFile (caissa_atomic_write(): temporary file, fsync, rename, fsync of
 * the folder) to caissa_autosave_default_path():
 *
 *   [game]
 *   version=1
 *   pgn=…              the game's own PGN export (tags incl. TimeControl,
 *                      moves with their [%clk]/[%emt] comments)
 *   clock-state=…      caissa_clock_save_state(), g_variant_print()ed
 *                      (remaining times, whose clock is on, period, moves)
 *   draw-offer=none|white|black, offer-blocked-white/-black (who may
 *   offer: a player whose offer was declined may not offer again until
 *   the opponent has), awaiting-press, press-required, auto-press,
 *   claim-pending, white-name, black-name, time-control, flipped,
 *   saved-at (local time, ISO 8601); against the computer also engine
 *   (its command), engine-side, engine-level, engine-move-time (ms)
 *
 * Only a game worth resuming is kept (caissa_autosave_is_worth_keeping():
 * played, not analysed, not over, with a move made or the clock started).
 * When the game ends, or a new one starts, the file is removed; so is it
 * by caissa_autosave_discard() when the user declines to keep it. While
 * the game is in analysis mode (a file reviewed in the window in place of
 * the game played) the file is left alone: the last game played is
 * offered again at the next start rather than lost.
 *
 * Time. The clock is saved as it stands at each save, and a clock that
 * was running comes back PAUSED showing that time. While a clock runs,
 * its state is also kept about once a second in PATH.clock (renamed into
 * place, not fsynced: caissa-autosave-clock.c), which loading prefers
 * when it continues the same save: a crash of the program gives back at
 * most a second; a power cut may give back the time since the last move
 * or press (the game file is fsynced then). A window that closes normally
 * saves once more at the close (caissa_autosave_save()), so then nothing
 * is lost.
 *
 * Who may offer a draw is state the game keeps to itself; the autosave
 * follows it from the game's notifications (an offer that disappears
 * without the game ending was declined, aloud or by a move, unless a move
 * was taken back) and checks it against caissa_game_can_offer_draw()
 * whenever that can tell.
 *
 * Reading. caissa_saved_game_load() reads and checks a file completely —
 * the PGN, the clock state, and that they agree (it restores them into a
 * scratch game) — so a file it accepts restores without surprises. A
 * missing file is G_IO_ERROR_NOT_FOUND; anything else wrong (unreadable,
 * not a key file, a bad move, a clock that does not match the position, a
 * finished game) is CAISSA_AUTOSAVE_ERROR_CORRUPT with the file's name and
 * the reason; caissa_autosave_move_aside() then renames it NAME.corrupt so
 * it is neither lost nor offered again.
 */
#pragma once

#include <gio/gio.h>

#include "caissa-clock.h"
#include "caissa-game.h"

G_BEGIN_DECLS

#define CAISSA_AUTOSAVE_ERROR (caissa_autosave_error_quark ())

typedef enum
{
  CAISSA_AUTOSAVE_ERROR_CORRUPT,  /* the file is there but cannot be resumed */
} CaissaAutosaveError;

GQuark caissa_autosave_error_quark (void);

/* --- Reading a saved game --------------------------------------------------- */

typedef struct _CaissaSavedGame CaissaSavedGame;

CaissaSavedGame *caissa_saved_game_load           (const char      *path,
                                                   GError         **error);
void             caissa_saved_game_free           (CaissaSavedGame *saved);

/* What the resume question shows. Names are NULL when not set. */
const char      *caissa_saved_game_get_path       (CaissaSavedGame *saved);
const char      *caissa_saved_game_get_white_name (CaissaSavedGame *saved);
const char      *caissa_saved_game_get_black_name (CaissaSavedGame *saved);
/* The PGN TimeControl value, or NULL for an untimed game. */
const char      *caissa_saved_game_get_time_control (CaissaSavedGame *saved);
guint            caissa_saved_game_get_n_plies    (CaissaSavedGame *saved);
/* The number of the move to be made next (the FEN's fullmove number). */
guint            caissa_saved_game_get_move_number (CaissaSavedGame *saved);
CaissaColor      caissa_saved_game_get_side_to_move (CaissaSavedGame *saved);
/* Remaining time (ms) as saved, -1 when untimed. */
gint64           caissa_saved_game_get_remaining  (CaissaSavedGame *saved,
                                                   CaissaColor      color);
CaissaColor      caissa_saved_game_get_draw_offer (CaissaSavedGame *saved);
gboolean         caissa_saved_game_get_offer_blocked (CaissaSavedGame *saved,
                                                      CaissaColor      color);
gboolean         caissa_saved_game_get_flipped    (CaissaSavedGame *saved);
/* The computer opponent the game was played against (its command, NULL
 * when both sides are people), with its side, level (1–8) and think time
 * per move in a game without a clock (any out pointer may be NULL). */
const char      *caissa_saved_game_get_engine     (CaissaSavedGame *saved,
                                                   CaissaColor     *side,
                                                   guint           *level,
                                                   guint           *move_time_ms);
/* The player who moved last still owes the press of his clock. */
gboolean         caissa_saved_game_get_awaiting_press (CaissaSavedGame *saved);
/* When it was saved (local time), or NULL if the file does not say. */
GDateTime       *caissa_saved_game_get_saved_at   (CaissaSavedGame *saved);
/* Whether a clock was running when the program stopped, and then whether
 * its time is known to the second (PATH.clock: at most a second was not
 * counted) or only as at the last move or press. */
gboolean         caissa_saved_game_get_clock_was_running   (CaissaSavedGame *saved);
gboolean         caissa_saved_game_get_clock_to_the_second (CaissaSavedGame *saved);

/* Puts the saved game into game: its moves and tags, names, draw offer
 * and who may offer, the press due, and — when timed — the clock, restored
 * (paused) into clock and set on the game (caissa_game_set_clock()). With
 * clock NULL a new CaissaClock is made (caissa_game_get_clock() gives it).
 * The game is shown at its end. Fails only on a file that load accepted
 * if game or clock cannot take it (then the game may have changed). */
gboolean         caissa_saved_game_restore        (CaissaSavedGame *saved,
                                                   CaissaGame      *game,
                                                   CaissaClock     *clock,
                                                   GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaSavedGame, caissa_saved_game_free)

/* --- Keeping the game in progress ------------------------------------------------ */

#define CAISSA_TYPE_AUTOSAVE (caissa_autosave_get_type ())
G_DECLARE_FINAL_TYPE (CaissaAutosave, caissa_autosave, CAISSA, AUTOSAVE, GObject)

/* g_get_user_state_dir()/caissa/current-game.ini (XDG_STATE_HOME is
 * honoured: tests point it at a temporary folder). */
char            *caissa_autosave_default_path     (void);

CaissaAutosave  *caissa_autosave_new              (const char      *path);
const char      *caissa_autosave_get_path         (CaissaAutosave  *self);

/* The game to keep (NULL: none). Setting a game does not write at once:
 * the first change does. */
void             caissa_autosave_set_game         (CaissaAutosave  *self,
                                                   CaissaGame      *game);
CaissaGame      *caissa_autosave_get_game         (CaissaAutosave  *self);

/* Restores saved into game (caissa_saved_game_restore()) and keeps it
 * from then on, knowing who may offer a draw. */
gboolean         caissa_autosave_resume           (CaissaAutosave  *self,
                                                   CaissaSavedGame *saved,
                                                   CaissaGame      *game,
                                                   CaissaClock     *clock,
                                                   GError         **error);

/* The board's orientation, saved with the game. */
void             caissa_autosave_set_flipped      (CaissaAutosave  *self,
                                                   gboolean         flipped);
gboolean         caissa_autosave_get_flipped      (CaissaAutosave  *self);
/* The computer opponent of the game kept (command NULL: none), written
 * with it (keys engine, engine-side, engine-level, engine-move-time) and
 * given back by caissa_autosave_resume(). The window sets it when a game
 * against the engine starts or stops being one. */
void             caissa_autosave_set_engine       (CaissaAutosave  *self,
                                                   const char      *command,
                                                   CaissaColor      side,
                                                   guint            level,
                                                   guint            move_time_ms);
const char      *caissa_autosave_get_engine       (CaissaAutosave  *self,
                                                   CaissaColor     *side,
                                                   guint           *level,
                                                   guint           *move_time_ms);

/* Saves now (or removes the file when the game is not worth keeping).
 * On failure the previous file, if any, is intact. */
gboolean         caissa_autosave_save             (CaissaAutosave  *self,
                                                   GError         **error);
/* Runs a save that a change scheduled, if any (tests; before exiting). */
void             caissa_autosave_flush            (CaissaAutosave  *self);
/* Removes the file; the game is no longer kept (set a game again to). */
void             caissa_autosave_discard          (CaissaAutosave  *self);
/* Files written so far (for tests and measurements): the game file, and
 * the running clock's (PATH.clock). */
guint            caissa_autosave_get_n_writes     (CaissaAutosave  *self);
guint            caissa_autosave_get_n_clock_writes (CaissaAutosave *self);

/* A played game in progress with something to lose. */
gboolean         caissa_autosave_is_worth_keeping (CaissaGame      *game);

/* Renames path to path.corrupt (replacing an older one); *new_path gets
 * the new name. */
gboolean         caissa_autosave_move_aside       (const char      *path,
                                                   char           **new_path,
                                                   GError         **error);

G_END_DECLS
