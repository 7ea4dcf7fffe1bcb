/* caissa-game.h — a game being played or looked at: the core's move tree,
 * the position shown, the outcome and the draw rules, with change
 * notification.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaGame owns a ChessGame (the move tree of src/core/chess-game.h).
 * The game itself is the main line; the position *shown* may be any node of
 * the tree (navigating never changes the game).
 *
 * Playing. In a played game (the default, "analysis" FALSE) moves are made
 * only at the end of the main line: "can-move" is FALSE while an earlier
 * position is shown, once the game has an outcome, and between a move and
 * its clock press ("awaiting-press"). In analysis mode a move may be played
 * from any shown position: it follows an existing continuation or starts a
 * variation; no outcome is set, no draw offers or claims exist.
 *
 * Draws (RULES.md §6). A player may offer a draw only right after his own
 * move — before pressing his clock when presses are required. The offer
 * stands until the opponent accepts, declines, or moves (which declines it).
 * After a declined offer that player may not offer again until the
 * opponent has made an offer. Claims (threefold, fifty moves) are accepted
 * only when the core says they are correct, as the position stands or with
 * a declared move.
 *
 * Clock hooks (for CaissaClock): "timed" (no undo/redo), "press-required"
 * (after a move no further move until caissa_game_press()), and
 * caissa_game_flag_fall().
 *
 * Playing under a clock (RULES.md §4, §7, §8): caissa_game_set_clock() with
 * a timed CaissaClock makes the game "timed" and drives the clock itself:
 *   - no move is accepted unless the mover's clock runs (not before the
 *     start, not while paused);
 *   - a move tells the clock (caissa_clock_move_made()); then nobody may
 *     move until the mover presses — his clock button, which emits the
 *     clock's "pressed", or caissa_game_press() — unless "auto-press" (a
 *     casual setting, off by default) presses for him;
 *   - each press writes the time left and the time the move took into
 *     the move's comment ([%clk …] [%emt …]); the TimeControl tag is set;
 *   - the clock's "flag-fell" calls caissa_game_flag_fall();
 *   - once the game has an outcome (mate, resignation, agreement, a draw
 *     rule, a flag) the clock is stopped, and the last move gets its time;
 *   - a claim pauses the clock while it is checked; a wrong claim lets
 *     it run on;
 *   - no undo or redo; the last move can be taken back with the
 *     opponent's agreement until he moves (caissa_game_take_back()).
 * Setting a clock on a game whose moves carry [%clk] (a saved game read
 * back) gives each side its recorded time and move count, so the game
 * resumes where it stood; the clock must not have started. Starting over
 * (reset, load_fen, load_core_game) drops the clock: set a new one.
 */
#pragma once

#include <gio/gio.h>

#include "chess-game.h"
#include "chess-position.h"
#include "caissa-clock.h"
#include "caissa-enums.h"

G_BEGIN_DECLS

#define CAISSA_GAME_ERROR (caissa_game_error_quark ())

typedef enum
{
  CAISSA_GAME_ERROR_FEN,           /* the FEN is malformed or impossible */
  CAISSA_GAME_ERROR_ILLEGAL_MOVE,  /* not a legal move here, or no move may be made now */
  CAISSA_GAME_ERROR_SAN,           /* the SAN text is not a move here */
  CAISSA_GAME_ERROR_NOT_ALLOWED,   /* offer/claim/undo… is not allowed now */
} CaissaGameError;

GQuark caissa_game_error_quark (void);

#define CAISSA_TYPE_GAME (caissa_game_get_type ())
G_DECLARE_FINAL_TYPE (CaissaGame, caissa_game, CAISSA, GAME, GObject)

CaissaGame          *caissa_game_new               (void);

/* Starting over. Both clear the moves, the outcome, draw offers and the
 * redo list; the players' names stay. */
void                 caissa_game_reset             (CaissaGame  *self);
gboolean             caissa_game_load_fen          (CaissaGame  *self,
                                                    const char  *fen,
                                                    GError     **error);
/* Takes ownership of game (e.g. read from PGN); shows its main line's end.
 * The outcome comes from the final position, else from the Result tag
 * (reason "unknown"); the names from the White/Black tags. */
void                 caissa_game_load_core_game    (CaissaGame  *self,
                                                    ChessGame   *game);
/* Checks a FEN without changing anything (for dialogs). */
gboolean             caissa_game_validate_fen      (const char  *fen,
                                                    GError     **error);

/* The shown position. */
const ChessPosition *caissa_game_get_position      (CaissaGame  *self);
ChessMove            caissa_game_get_last_move     (CaissaGame  *self);
const char          *caissa_game_get_fen           (CaissaGame  *self);
CaissaColor          caissa_game_get_side_to_move  (CaissaGame  *self);
gboolean             caissa_game_get_in_check      (CaissaGame  *self);
guint                caissa_game_get_ply           (CaissaGame  *self);
ChessNodeId          caissa_game_get_shown_node    (CaissaGame  *self);

/* The game. */
const ChessGame     *caissa_game_get_core_game     (CaissaGame  *self);
guint                caissa_game_get_n_plies       (CaissaGame  *self);
/* Main line, ply 1 … n-plies. */
const char          *caissa_game_get_san           (CaissaGame  *self,
                                                    guint        ply);
ChessMove            caissa_game_get_move          (CaissaGame  *self,
                                                    guint        ply);
/* The main line's node at ply (0 … n-plies). */
ChessNodeId          caissa_game_get_node          (CaissaGame  *self,
                                                    guint        ply);
CaissaOutcome        caissa_game_get_outcome       (CaissaGame  *self);
CaissaOutcomeReason  caissa_game_get_outcome_reason (CaissaGame *self);
/* "1-0", "0-1", "1/2-1/2" or "*". */
const char          *caissa_game_get_result        (CaissaGame  *self);

const char          *caissa_game_get_white_name    (CaissaGame  *self);
/* A player's name from a source the user may have edited by hand (the
 * settings, the saved game): valid UTF-8, one line, at most
 * CAISSA_PLAYER_NAME_MAX characters (more would make a window thousands
 * of pixels wide). Names inside PGN files are kept as written. */
#define CAISSA_PLAYER_NAME_MAX 100
char                *caissa_game_cap_player_name   (const char  *name);
void                 caissa_game_set_white_name    (CaissaGame  *self,
                                                    const char  *name);
const char          *caissa_game_get_black_name    (CaissaGame  *self);
void                 caissa_game_set_black_name    (CaissaGame  *self,
                                                    const char  *name);

/* Moves. */
gboolean             caissa_game_get_can_move      (CaissaGame  *self);
gboolean             caissa_game_play_move         (CaissaGame  *self,
                                                    ChessMove    move,
                                                    GError     **error);
gboolean             caissa_game_play_squares      (CaissaGame    *self,
                                                    ChessSquare    from,
                                                    ChessSquare    to,
                                                    ChessPieceType promotion,
                                                    GError       **error);
gboolean             caissa_game_play_san          (CaissaGame  *self,
                                                    const char  *san,
                                                    GError     **error);

/* Navigation along the shown line (ply 0 is the start position). */
void                 caissa_game_go_to_ply         (CaissaGame  *self,
                                                    guint        ply);
void                 caissa_game_go_to_node        (CaissaGame  *self,
                                                    ChessNodeId  node);
void                 caissa_game_go_first          (CaissaGame  *self);
void                 caissa_game_go_last           (CaissaGame  *self);
void                 caissa_game_go_previous       (CaissaGame  *self);
void                 caissa_game_go_next           (CaissaGame  *self);

/* Take-backs for games without a clock: undo removes the last move of the
 * main line (and an outcome that move brought about) and keeps it for redo;
 * playing any other move forgets the redo list. Not after a resignation,
 * an agreed draw, a claim without a move or a flag fall. */
gboolean             caissa_game_get_can_undo      (CaissaGame  *self);
gboolean             caissa_game_get_can_redo      (CaissaGame  *self);
gboolean             caissa_game_undo              (CaissaGame  *self);
gboolean             caissa_game_redo              (CaissaGame  *self);
/* Under a clock, the last move can be taken back when the opponent agrees
 * (the caller asks), before its press or after it while the opponent has
 * not moved: the position and the offers as they were before it, the
 * mover's clock running. Before the press the time he spent stays spent;
 * after it the clocks go back to the moment of the press (his increment
 * gone, the opponent's time since given back). */
gboolean             caissa_game_get_can_take_back (CaissaGame  *self);
gboolean             caissa_game_take_back         (CaissaGame  *self);

/* Ending the game. */
gboolean             caissa_game_resign            (CaissaGame  *self,
                                                    CaissaColor  color);

CaissaColor          caissa_game_get_draw_offer    (CaissaGame  *self);
gboolean             caissa_game_can_offer_draw    (CaissaGame  *self,
                                                    CaissaColor  color);
/* TRUE when color's last offer was declined and the opponent has not
 * offered since: color may not offer again (RULES.md §6). */
gboolean             caissa_game_get_offer_declined (CaissaGame *self,
                                                    CaissaColor  color);
gboolean             caissa_game_offer_draw        (CaissaGame  *self,
                                                    CaissaColor  color,
                                                    GError     **error);
gboolean             caissa_game_can_answer_draw   (CaissaGame  *self);
gboolean             caissa_game_accept_draw       (CaissaGame  *self,
                                                    GError     **error);
gboolean             caissa_game_decline_draw      (CaissaGame  *self,
                                                    GError     **error);

/* Claims by the side to move at the end of the game. move is
 * CHESS_MOVE_NONE (as the position stands) or the move he declares; returns
 * the reason the claim would be accepted with (THREEFOLD_CLAIM or
 * FIFTY_MOVE_CLAIM), or NONE when it would not. */
CaissaOutcomeReason  caissa_game_check_claim       (CaissaGame  *self,
                                                    ChessMove    move);
/* TRUE when some legal move, declared, would make a claim correct. */
gboolean             caissa_game_can_claim_with_a_move (CaissaGame *self);
gboolean             caissa_game_claim_draw        (CaissaGame  *self,
                                                    ChessMove    move,
                                                    GError     **error);
/* "claim-pending": the next move played is declared with a claim; the
 * claim is made if correct with that move, else the move stands alone.
 * Either way the flag is cleared. */
gboolean             caissa_game_get_claim_pending (CaissaGame  *self);
void                 caissa_game_set_claim_pending (CaissaGame  *self,
                                                    gboolean     pending);

/* Modes and clock hooks. */
gboolean             caissa_game_get_analysis      (CaissaGame  *self);
void                 caissa_game_set_analysis      (CaissaGame  *self,
                                                    gboolean     analysis);
gboolean             caissa_game_get_timed         (CaissaGame  *self);
void                 caissa_game_set_timed         (CaissaGame  *self,
                                                    gboolean     timed);
gboolean             caissa_game_get_press_required (CaissaGame *self);
void                 caissa_game_set_press_required (CaissaGame *self,
                                                    gboolean     required);
gboolean             caissa_game_get_awaiting_press (CaissaGame *self);
/* The mover presses his clock; returns FALSE when no press was due. */
gboolean             caissa_game_press             (CaissaGame  *self);
/* color's time ran out: loses, or draws when the opponent could not mate
 * by any series of legal moves (RULES.md §7). No effect once the game has
 * an outcome. Returns TRUE when it ended the game. */
gboolean             caissa_game_flag_fall         (CaissaGame  *self,
                                                    CaissaColor  color);

/* The clock the game is played under, or NULL (see the top of this file).
 * An untimed clock counts as none. */
CaissaClock         *caissa_game_get_clock         (CaissaGame  *self);
void                 caissa_game_set_clock         (CaissaGame  *self,
                                                    CaissaClock *clock);
/* Casual play: each move presses the mover's clock by itself. */
gboolean             caissa_game_get_auto_press    (CaissaGame  *self);
void                 caissa_game_set_auto_press    (CaissaGame  *self,
                                                    gboolean     auto_press);

/* The game as PGN in export format (the core's writer). */
char                *caissa_game_to_pgn            (CaissaGame  *self);

G_END_DECLS
