/* caissa-practice.h — a practice session: mate the lone king against a
 * perfect defender (RULES.md §12), with the tables built in a worker
 * thread, a verdict on every move, a grade at the end and records kept
 * on disk.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CaissaPractice owns a CaissaGame ("game") that a CaissaBoard shows and
 * plays into unchanged: the practice listens to the game's "move-played",
 * judges the player's move (chess_practice_judge_move()), computes the
 * defender's reply at once (chess_practice_defend()) and plays it into the
 * game after "reply-delay" milliseconds, so the board has time to animate
 * the player's move first. While the reply is pending "state" is DEFENDER;
 * a UI makes its board interactive only while "state" is PLAYER.
 *
 * Tables. Setting "ending" builds its table in a GTask thread if it is not
 * built yet ("ready" FALSE, "progress" 0…1). With "cache-tables" the table
 * is first looked for in "cache-dir" (default g_get_user_cache_dir()/caissa),
 * and a freshly built one is written there (temporary file, fsync, rename);
 * a cache file that fails the core's checks is ignored and rebuilt.
 *
 * Sessions. caissa_practice_start() starts from the seed's position (at
 * once when the table is ready, else as soon as it is); new_position()
 * starts from the next seed, try_again() from the same. The session ends
 * ("state" FINISHED, "end" says why) when the player mates, or throws the
 * win away: stalemate (at once), a hanging piece (the defender takes it,
 * then the session ends), a mate that can no longer come within the
 * fifty-move rule (at once). Starting anew while a session in which the
 * player has moved is unfinished counts it as a failed attempt.
 *
 * Records per ending and difficulty (attempts, successes, current and best
 * streak of unassisted successes, best grade and fewest extra moves of an
 * unassisted mate) live in a GKeyFile at "records-path" (default
 * g_get_user_data_dir()/caissa/practice.ini), saved after every session. A
 * file that cannot be parsed is kept as practice.ini.bak and replaced by
 * fresh records ("records-notice" then says so); one that cannot be read at
 * all is left alone and not saved over. Saves are atomic; a failed one
 * leaves the file as it was and sets "records-error".
 *
 * Signals: "move-judged" (move, verdict) after each move of the player,
 * "records-changed" after a session was recorded. Everything else is a
 * property with notify: "state", "end", "mate-in", "moves-used", "wasted",
 * "hints-used", "fewest", "grade", "last-verdict", "ready", "progress"…
 */
#pragma once

#include <gio/gio.h>

#include "chess-practice.h"
#include "caissa-enums.h"
#include "caissa-game.h"

G_BEGIN_DECLS

/* Ranges of the distance to mate at the start, in moves: FINAL_NET 1–3,
 * SHORT 4–8, MEDIUM and FULL split the rest up to the longest start of the
 * ending (chess_practice_longest_start()); caissa_practice_difficulty_range()
 * gives them per ending. CUSTOM: set with caissa_practice_set_range(). */
typedef enum
{
  CAISSA_PRACTICE_DIFFICULTY_FINAL_NET = 0,
  CAISSA_PRACTICE_DIFFICULTY_SHORT,
  CAISSA_PRACTICE_DIFFICULTY_MEDIUM,
  CAISSA_PRACTICE_DIFFICULTY_FULL,
  CAISSA_PRACTICE_DIFFICULTY_CUSTOM,
} CaissaPracticeDifficulty;

#define CAISSA_PRACTICE_N_DIFFICULTIES CAISSA_PRACTICE_DIFFICULTY_CUSTOM

typedef enum
{
  CAISSA_PRACTICE_STATE_NONE = 0, /* no session yet (or the table is being built) */
  CAISSA_PRACTICE_STATE_PLAYER,   /* the player to move */
  CAISSA_PRACTICE_STATE_DEFENDER, /* the defender's reply is coming */
  CAISSA_PRACTICE_STATE_FINISHED, /* see "end" */
} CaissaPracticeState;

typedef enum
{
  CAISSA_PRACTICE_END_NONE = 0,
  CAISSA_PRACTICE_END_CHECKMATE,   /* the goal */
  CAISSA_PRACTICE_END_STALEMATE,
  CAISSA_PRACTICE_END_PIECE_TAKEN, /* the defender took a piece; no mate is left */
  CAISSA_PRACTICE_END_FIFTY_MOVES, /* mate can no longer come in time */
  CAISSA_PRACTICE_END_DRAW,        /* another draw (none is known in these endings) */
} CaissaPracticeEnd;

typedef struct
{
  guint attempts;
  guint successes;
  guint streak;      /* unassisted mates in a row, up to now */
  guint best_streak;
  int   best_grade;  /* ChessPracticeGrade of the best unassisted mate, -1 none */
  int   best_extra;  /* fewest moves over the minimum in an unassisted mate, -1 none */
} CaissaPracticeRecord;

#define CAISSA_TYPE_PRACTICE_DIFFICULTY (caissa_practice_difficulty_get_type ())
#define CAISSA_TYPE_PRACTICE_STATE (caissa_practice_state_get_type ())
#define CAISSA_TYPE_PRACTICE_END (caissa_practice_end_get_type ())
GType caissa_practice_difficulty_get_type (void) G_GNUC_CONST;
GType caissa_practice_state_get_type      (void) G_GNUC_CONST;
GType caissa_practice_end_get_type        (void) G_GNUC_CONST;

#define CAISSA_TYPE_PRACTICE (caissa_practice_get_type ())
G_DECLARE_FINAL_TYPE (CaissaPractice, caissa_practice, CAISSA, PRACTICE, GObject)

/* records_path and cache_dir may be NULL for the defaults above. */
CaissaPractice     *caissa_practice_new              (const char *records_path,
                                                      const char *cache_dir);

CaissaGame         *caissa_practice_get_game         (CaissaPractice *self);

/* Ending and difficulty. Changing either ends the session (as an attempt
 * when moves were made) and leaves "state" NONE until the next start. */
ChessTbEnding       caissa_practice_get_ending       (CaissaPractice *self);
void                caissa_practice_set_ending       (CaissaPractice *self,
                                                      ChessTbEnding   ending);
CaissaPracticeDifficulty
                    caissa_practice_get_difficulty   (CaissaPractice *self);
void                caissa_practice_set_difficulty   (CaissaPractice           *self,
                                                      CaissaPracticeDifficulty  difficulty);
/* A custom range (difficulty becomes CUSTOM); min ≥ 1, max ≥ min. */
void                caissa_practice_set_range        (CaissaPractice *self,
                                                      guint           min_moves,
                                                      guint           max_moves);
guint               caissa_practice_get_min_moves    (CaissaPractice *self);
guint               caissa_practice_get_max_moves    (CaissaPractice *self);
/* The range of a preset for an ending; FALSE when the ending has no start
 * in it (builds the table if needed: blocking). */
gboolean            caissa_practice_difficulty_range (ChessTbEnding             ending,
                                                      CaissaPracticeDifficulty  difficulty,
                                                      guint                    *min_moves,
                                                      guint                    *max_moves);
/* "final-net", "short", "medium", "full", "custom". */
const char         *caissa_practice_difficulty_id    (CaissaPracticeDifficulty difficulty);

/* The colour the player takes: WHITE (the default), BLACK, or NONE for
 * one chosen by each session's seed. */
CaissaColor         caissa_practice_get_player_color (CaissaPractice *self);
void                caissa_practice_set_player_color (CaissaPractice *self,
                                                      CaissaColor     color);

/* Tables. */
gboolean            caissa_practice_get_ready        (CaissaPractice *self);
double              caissa_practice_get_progress     (CaissaPractice *self);
gboolean            caissa_practice_get_cache_tables (CaissaPractice *self);
void                caissa_practice_set_cache_tables (CaissaPractice *self,
                                                      gboolean        cache);
/* Blocks until no table is being built for any CaissaPractice, counting
 * builds still running for objects already finalized. Progress reaches
 * each object in the main context of the thread that asked, through a
 * source: never in the builder's thread. For tests and leak checkers,
 * before chess_tb_free_all(), which needs no other thread in the tables. */
void                caissa_practice_wait_for_tables  (void);
/* The cache file of an ending (for tests and the curious). */
char               *caissa_practice_dup_cache_path   (CaissaPractice *self,
                                                      ChessTbEnding   ending);

/* The defender's delay in milliseconds (0: at the next main loop turn). */
guint               caissa_practice_get_reply_delay  (CaissaPractice *self);
void                caissa_practice_set_reply_delay  (CaissaPractice *self,
                                                      guint           delay_ms);

/* Sessions. */
void                caissa_practice_start            (CaissaPractice *self,
                                                      guint64         seed);
void                caissa_practice_new_position     (CaissaPractice *self);
/* A session from a given position (e.g. one set up on the board): a won
 * position of the current ending's material with the strong side to move,
 * whose colour the player takes; its halfmove clock counts towards the
 * fifty-move rule. Not recorded in the records. Builds the table if needed
 * (blocking). FALSE with CAISSA_GAME_ERROR_FEN when it does not qualify. */
gboolean            caissa_practice_start_position   (CaissaPractice      *self,
                                                      const ChessPosition *pos,
                                                      GError             **error);
void                caissa_practice_try_again        (CaissaPractice *self);
guint64             caissa_practice_get_seed         (CaissaPractice *self);
/* TRUE when a start waits for the table. */
gboolean            caissa_practice_get_start_pending (CaissaPractice *self);
/* The player's move (as the board would play it into the game). */
gboolean            caissa_practice_play_move        (CaissaPractice *self,
                                                      ChessMove       move,
                                                      GError        **error);
/* Plays a pending defender's reply now; FALSE when none is pending. */
gboolean            caissa_practice_flush_reply      (CaissaPractice *self);

CaissaPracticeState caissa_practice_get_state        (CaissaPractice *self);
CaissaPracticeEnd   caissa_practice_get_end          (CaissaPractice *self);
CaissaColor         caissa_practice_get_color        (CaissaPractice *self);
/* The session's start position. */
const ChessPosition *caissa_practice_get_start_position (CaissaPractice *self);
/* Distance to mate (moves) at the start: the fewest moves possible. */
guint               caissa_practice_get_fewest       (CaissaPractice *self);
/* Distance to mate now (moves, with best play), -1 when not a win. */
int                 caissa_practice_get_mate_in      (CaissaPractice *self);
/* The player's moves so far, including the mating one. */
guint               caissa_practice_get_moves_used   (CaissaPractice *self);
guint               caissa_practice_get_wasted       (CaissaPractice *self);
guint               caissa_practice_get_hints_used   (CaissaPractice *self);
/* The verdict on the player's last move (verdict NOT_JUDGED before the
 * first); "last-verdict" notifies when it changes. */
void                caissa_practice_get_judgement    (CaissaPractice         *self,
                                                      ChessPracticeJudgement *out);
ChessMove           caissa_practice_get_last_player_move (CaissaPractice *self);
/* At the end of a mate: the grade; -1 otherwise. */
int                 caissa_practice_get_grade        (CaissaPractice *self);

/* A best move for the player now (CHESS_MOVE_NONE when not the player's
 * turn); counts as a hint used. */
ChessMove           caissa_practice_hint             (CaissaPractice *self);
/* The same without counting it (for tests and the D-Bus state). */
ChessMove           caissa_practice_peek_best_move   (CaissaPractice *self);

/* Records. */
void                caissa_practice_get_record       (CaissaPractice           *self,
                                                      ChessTbEnding             ending,
                                                      CaissaPracticeDifficulty  difficulty,
                                                      CaissaPracticeRecord     *out);
/* When the records file could not be read: the path it was kept under as
 * a backup (or the unreadable path itself); NULL when all is well. */
const char         *caissa_practice_get_records_notice (CaissaPractice *self);
/* Why the last save of the records failed (the file was left as it was and
 * the next save tries again); NULL when it worked. */
const char         *caissa_practice_get_records_error (CaissaPractice *self);
const char         *caissa_practice_get_records_path (CaissaPractice *self);

/* The player's last choices (ending, difficulty, colour and a UI flag
 * such as "show the verdicts"), kept in the records file's [choices]
 * group. restore applies the saved ones (unknown values are skipped) and
 * returns the flag (fallback when none is saved); save writes them. */
gboolean            caissa_practice_restore_choices  (CaissaPractice *self,
                                                      gboolean        fallback_flag);
void                caissa_practice_save_choices     (CaissaPractice *self,
                                                      gboolean        flag);

/* A line-oriented description for tests driving the app from outside:
 * "practice-state player", "practice-mate-in 2", "practice-best e2e4", … */
char               *caissa_practice_describe_state   (CaissaPractice *self);

G_END_DECLS
