/* chess-practice.h — practising the basic mates against a perfect
 * defender (RULES.md §12): start positions, the defender's replies, hints,
 * the verdict on each move and a grade at the end.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is decided by the tablebases (chess-tb.h), which these
 * functions build on first use (blocking; see chess_tb_build() to build
 * them in a worker thread first). Randomness comes only from the caller's
 * seed, so "try again" and tests reproduce exactly. Distances are in moves
 * of the strong side (chess-tb.h explains plies and moves).
 *
 * A session, as the model runs it: chess_practice_random_start(); then
 * for each move of the player chess_practice_judge_move() (show the
 * verdict; stop if the win is thrown away), play it, and if
 * chess_practice_status() is still ONGOING play chess_practice_defend()'s
 * reply and check the status again. At the end chess_practice_grade()
 * compares the moves used with the distance to mate at the start.
 */
#pragma once

#include "chess-tb.h"

/* A random start: the strong side (colour `strong`) to move, all the
 * ending's pieces on the board, the lone king not in check and with a
 * legal move, no piece it could take, a win in min_moves..max_moves (both
 * included; the strong side's moves), for KBBK bishops on opposite
 * colours. No castling rights, halfmove clock 0, fullmove 1. The same
 * arguments always give the same position. Returns false (pos untouched)
 * when the ending is not one of the five or no position fits the range
 * (e.g. KQK, 11..20). */
bool      chess_practice_random_start (ChessTbEnding ending, ChessColor strong,
                                       unsigned min_moves, unsigned max_moves,
                                       uint64_t seed, ChessPosition *pos);

/* The longest distance to mate (moves) a start position of the ending
 * can have: KQK 10, KRK 16, KRRK 7, KBBK 18, KBNK 33 (KBBK's 240
 * mates in 19 all have a bishop en prise). Scans the table on the first
 * call per ending (some milliseconds); 0 for an unknown ending. */
unsigned  chess_practice_longest_start (ChessTbEnding ending);

/* The lone king's reply that puts mate furthest off: a capture that draws
 * beats everything, then the longest distance; equals are chosen among by
 * the seed. CHESS_MOVE_NONE when the lone king is not to move in a legal
 * position of the endings, or has no legal move (mate, stalemate). */
ChessMove chess_practice_defend       (const ChessPosition *pos, uint64_t seed);

/* The strong side's best moves (shortest mate), in board order; returns
 * their count, 0 when the strong side is not to move in a won position. */
unsigned  chess_practice_best_moves   (const ChessPosition *pos,
                                       ChessMove best[CHESS_MAX_MOVES]);
/* One of them, chosen by the seed; CHESS_MOVE_NONE when there is none. */
ChessMove chess_practice_hint         (const ChessPosition *pos, uint64_t seed);

typedef enum
{
  CHESS_PRACTICE_NOT_JUDGED = 0, /* not a legal strong move in a won position of the endings */
  CHESS_PRACTICE_MATE,           /* it mates */
  CHESS_PRACTICE_BEST,           /* mate one move nearer: as good as any */
  CHESS_PRACTICE_WASTED,         /* still a win, `wasted` moves longer than the best */
  CHESS_PRACTICE_THROWS_WIN,     /* no longer a win: see draw_reason */
} ChessPracticeVerdict;

typedef enum
{
  CHESS_PRACTICE_DRAW_NONE = 0,
  CHESS_PRACTICE_DRAW_STALEMATE,     /* the lone king has no move and is not in check */
  CHESS_PRACTICE_DRAW_HANGING_PIECE, /* the lone king can take a piece (hanging_square)
                                        and no mate is left after it */
  CHESS_PRACTICE_DRAW_FIFTY_MOVES,   /* still a win on the board, but mate cannot come
                                        before the fifty-move limit */
  CHESS_PRACTICE_DRAW_OTHER,         /* a draw for another reason (none is known in
                                        these endings; kept for completeness) */
} ChessPracticeDrawReason;

typedef struct
{
  ChessPracticeVerdict    verdict;
  ChessPracticeDrawReason draw_reason;
  int         moves_before;   /* distance before the move (moves) */
  int         moves_after;    /* after it (0 for mate), -1 when no longer a win */
  int         wasted;         /* moves_after - (moves_before - 1); 0 for BEST and MATE */
  ChessMove   best;           /* a best move, to show with the verdict */
  ChessSquare hanging_square; /* DRAW_HANGING_PIECE: the piece that can be taken */
  unsigned    halfmove_after; /* the halfmove clock after the move */
} ChessPracticeJudgement;

/* Judges a move of the strong side before it is played. The fifty-move
 * rule counts from before->halfmove (plies without capture): a win whose
 * mate would come after ply 100 counts as thrown away (DRAW_FIFTY_MOVES).
 * Returns false (verdict NOT_JUDGED) when the move or position does not
 * qualify. */
bool      chess_practice_judge_move   (const ChessPosition *before, ChessMove move,
                                       ChessPracticeJudgement *out);

typedef enum
{
  CHESS_PRACTICE_ONGOING = 0,
  CHESS_PRACTICE_CHECKMATE,   /* the lone king is mated: the goal */
  CHESS_PRACTICE_STALEMATE,
  CHESS_PRACTICE_PIECE_TAKEN, /* the lone king took a piece and mate is impossible
                                 (K v K, K v K+minor); taking a rook in KRRK goes on as KRK */
  CHESS_PRACTICE_FIFTY_MOVES, /* halfmove clock at 100 without mate */
  CHESS_PRACTICE_NOT_PRACTICE,/* not a legal position of the endings (or of K v K+minor) */
} ChessPracticeStatus;

ChessPracticeStatus chess_practice_status (const ChessPosition *pos);

typedef enum
{
  CHESS_PRACTICE_GRADE_PERFECT = 0, /* the fewest moves possible */
  CHESS_PRACTICE_GRADE_EXCELLENT,   /* at most max (1, fewest / 10) extra moves */
  CHESS_PRACTICE_GRADE_GOOD,        /* at most max (3, fewest / 4) extra */
  CHESS_PRACTICE_GRADE_FAIR,        /* at most max (6, fewest / 2) extra */
  CHESS_PRACTICE_GRADE_POOR,        /* more */
} ChessPracticeGrade;

/* moves_used: the strong side's moves including the mating one; fewest:
 * the distance to mate (moves) of the start position. */
ChessPracticeGrade chess_practice_grade      (unsigned moves_used, unsigned fewest);
/* "perfect", "excellent", "good", "fair", "poor" (untranslated ids). */
const char        *chess_practice_grade_name (ChessPracticeGrade grade);
