/* chess-position.h — the board, making moves, legal move generation.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A ChessPosition is a plain struct, small enough to copy: the model keeps
 * one per ply (copy-make). chess_position_make_move() changes it in place;
 * callers who need the old one copy it first.
 */
#pragma once

#include "chess-types.h"
#include "chess-error.h"

typedef struct
{
  ChessBitboard by_type[7];   /* indexed by ChessPieceType; [0] = all occupied */
  ChessBitboard by_color[2];
  ChessPiece    board[64];    /* mailbox beside the bitboards */
  uint64_t      key;          /* Zobrist key: pieces, side, castling, and the e.p.
                                 file only when an e.p. capture is legal (so equal
                                 keys mean "same position" in the sense of Art. 9.2) */
  ChessBitboard checkers;     /* pieces giving check to the side to move */
  ChessBitboard blockers;     /* pieces (either colour) shielding the side to move's king */
  ChessSquare   ep_square;    /* square behind a pawn that just double-stepped, or CHESS_NO_SQUARE */
  uint8_t       side;         /* ChessColor to move */
  uint8_t       castling;     /* CHESS_CASTLE_* mask */
  uint16_t      halfmove;     /* plies since the last capture or pawn move: a FEN may
                                 give any value up to 65535 (kept as given); a move
                                 adds 1, saturating at 65535 (never wraps) */
  uint16_t      fullmove;     /* starts at 1, incremented after Black's move */
} ChessPosition;

/* Builds the constant tables (magics, Zobrist keys). Idempotent and
 * thread-safe; every entry point that needs the tables calls it, so
 * callers normally never do. */
void          chess_init (void);

void          chess_position_init_start (ChessPosition *pos);
void          chess_position_clear      (ChessPosition *pos);  /* empty board, White to move */

/* Low-level editing for set-up: put/remove a piece, then chess_position_finish()
 * recomputes key, checkers and blockers. Validation is chess_position_validate(). */
void          chess_position_put        (ChessPosition *pos, ChessSquare sq, ChessPiece piece);
void          chess_position_remove     (ChessPosition *pos, ChessSquare sq);
void          chess_position_finish     (ChessPosition *pos);

/* Checks the conditions of RULES.md §9 (one king each, no pawns on rank 1/8,
 * side not to move not in check, castling rights backed by king and rook on
 * their squares, e.p. square consistent with a double step). Returns false
 * and fills error (code CHESS_ERROR_FEN) with the reason. */
bool          chess_position_validate   (const ChessPosition *pos, ChessError *error);

/* Legal moves only (check and pin masks; no make-and-test). Returns count. */
unsigned      chess_generate_legal      (const ChessPosition *pos, ChessMoveList *list);
/* Counts legal moves without listing them where it can (perft's last ply). */
unsigned      chess_count_legal         (const ChessPosition *pos);
bool          chess_position_is_legal   (const ChessPosition *pos, ChessMove move);
/* Finds the legal move from→to (promo ignored unless a pawn promotes;
 * king-onto-own-rook and king-two-squares both give castling). Returns
 * CHESS_MOVE_NONE when there is none. */
ChessMove     chess_position_find_move  (const ChessPosition *pos, ChessSquare from,
                                         ChessSquare to, ChessPieceType promotion);

/* Plays a legal move (or CHESS_MOVE_NULL) in place. The move must be legal. */
void          chess_position_make_move  (ChessPosition *pos, ChessMove move);

bool          chess_position_in_check   (const ChessPosition *pos);
ChessBitboard chess_position_attackers  (const ChessPosition *pos, ChessSquare sq,
                                         ChessColor by, ChessBitboard occupied);
ChessSquare   chess_position_king       (const ChessPosition *pos, ChessColor color);
static inline ChessPiece
chess_position_piece_at (const ChessPosition *pos, ChessSquare sq)
{
  return pos->board[sq];
}
/* True when the side to move has a legal en-passant capture right now. */
bool          chess_position_ep_legal   (const ChessPosition *pos);

/* perft: leaves at depth, counting the last ply without making it. */
uint64_t      chess_perft               (const ChessPosition *pos, unsigned depth);

/* Debug builds assert this after every move (Stockfish's pos_is_ok). */
bool          chess_position_is_consistent (const ChessPosition *pos);

/* Attack tables, for widgets/practice that want them. */
ChessBitboard chess_attacks             (ChessPieceType type, ChessColor color,
                                         ChessSquare sq, ChessBitboard occupied);

/* Without -mpopcnt (Debian's amd64 baseline), __builtin_popcountll is a
 * call into libgcc; this is not. */
static inline int
chess_popcount (ChessBitboard b)
{
#ifdef __POPCNT__
  return __builtin_popcountll (b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (int) ((b * 0x0101010101010101ULL) >> 56);
#endif
}
