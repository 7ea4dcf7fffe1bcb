/* chess-tb.h — endgame tablebases for the basic mates: KQK, KRK, KRRK,
 * KBBK and KBNK, with the exact distance to mate for both sides to move.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Vocabulary. The "strong side" is the side with the pieces, the "lone
 * king" the other one; either colour may be strong (the probe relabels the
 * colours, which is exact because there are no pawns). Distances are given
 * in plies and in moves:
 *
 *   dtm_plies  half-moves until mate with best play by both sides: 0 when
 *              the side to move is mated, 1 for a mate in one, odd when
 *              the strong side is to move, even when the lone king is.
 *   dtm_moves  moves of the strong side until mate, (dtm_plies + 1) / 2:
 *              the figure chess books (and Scid's table) publish.
 *
 * Positions with castling rights are not covered (the tables know no
 * castling): the probe answers CHESS_TB_UNKNOWN for them. En-passant and
 * the halfmove clock are ignored (no pawns; the fifty-move rule is the
 * caller's business, see chess-practice.h).
 *
 * Building. A table is built by retrograde analysis the first time it is
 * needed: chess_tb_build() does it explicitly (with progress), and every
 * probe builds a missing table on the spot (blocking). On the reference
 * two-core machine all five take about 0.55 s of CPU in one thread (KRRK
 * and KBNK about 0.2 s each, KQK and KRK a few ms) and 15.2 MB of tables
 * (5 MiB for each four-man ending, 80 KiB for each three-man one), with
 * 2.5 MiB of scratch during a four-man build; bench/tb.sh measures it.
 *
 * Threads. Every function here may be called from any thread. A table is
 * built under its own mutex and published with a release store, so one
 * thread may build a table while others probe finished tables; a probe of
 * a table being built waits for the build to finish. chess_tb_free_all()
 * is the exception: call it only when no other thread uses the tables.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "chess-position.h"

typedef enum
{
  CHESS_TB_NONE = -1,  /* not one of the endings below */
  CHESS_TB_KQK = 0,
  CHESS_TB_KRK,
  CHESS_TB_KRRK,
  CHESS_TB_KBBK,
  CHESS_TB_KBNK,
  CHESS_TB_N_ENDINGS,
} ChessTbEnding;

/* "KQK", …; NULL for anything else. */
const char   *chess_tb_ending_name      (ChessTbEnding ending);
/* Case-insensitive "kbnk" → CHESS_TB_KBNK; CHESS_TB_NONE when unknown. */
ChessTbEnding chess_tb_ending_from_name (const char *name);
/* The ending a position's material makes (pieces on the board only: the
 * side to move and legality are not looked at), and which colour is
 * strong. CHESS_TB_NONE when the material is not one of the five. */
ChessTbEnding chess_tb_ending_of        (const ChessPosition *pos, ChessColor *strong);

/* Progress of a build, fraction from 0 to 1, called from the building
 * thread (at most a few hundred times). */
typedef void (*ChessTbProgress) (double fraction, void *user_data);

/* Builds the table if it is not built yet (KRRK builds KRK first, which
 * its captures lead into). Returns false only when memory runs out.
 * progress may be NULL; when the table is already there it is called once
 * with 1.0. */
bool          chess_tb_build            (ChessTbEnding ending, ChessTbProgress progress,
                                         void *user_data);
bool          chess_tb_is_built         (ChessTbEnding ending);
/* Bytes the finished table occupies (both sides to move). */
size_t        chess_tb_table_size       (ChessTbEnding ending);
/* Frees every table. Not thread-safe: for tests and leak checkers. */
void          chess_tb_free_all         (void);

typedef enum
{
  CHESS_TB_UNKNOWN = 0, /* the material is not in the tables, castling rights, or
                           no memory to build the table */
  CHESS_TB_ILLEGAL,     /* the material, but an impossible position (kings
                           adjacent, two men on a square, side not to move in check) */
  CHESS_TB_WIN,         /* for the side to move */
  CHESS_TB_DRAW,
  CHESS_TB_LOSS,
} ChessTbWdl;

typedef struct
{
  ChessTbEnding ending;     /* CHESS_TB_NONE for a dead K v K / K v K+minor */
  ChessColor    strong;     /* colour of the strong side */
  ChessTbWdl    wdl;        /* for the side to move */
  int           dtm_plies;  /* see above; -1 unless wdl is WIN or LOSS */
  int           dtm_moves;  /* see above; -1 unless wdl is WIN or LOSS */
} ChessTbResult;

/* Looks the position up (building the table if needed). Returns true when
 * the answer is known (WIN, DRAW or LOSS); out is always filled. */
bool          chess_tb_probe            (const ChessPosition *pos, ChessTbResult *out);

/* Every legal move of the side to move, with the value of the position
 * after it (for the side then to move). A capture of a piece that leaves
 * K v K or K v K+minor gives { CHESS_TB_NONE, DRAW }; one that leaves
 * KRK gives KRK's value. Moves are in board order (from-square, then
 * to-square). Returns the count (0 for mate, stalemate, or when the
 * position is not a legal one of the five endings). */
typedef struct
{
  ChessMove     move;
  bool          capture;
  ChessTbResult after;
} ChessTbMoveValue;

unsigned      chess_tb_probe_moves      (const ChessPosition *pos,
                                         ChessTbMoveValue moves[CHESS_MAX_MOVES]);

/* Statistics over a finished table, counting every legal position with
 * White strong and pieces of one kind counted as distinct (so the counts
 * are those usually published). "wins" are wins for the strong side. */
typedef enum
{
  CHESS_TB_FILTER_ALL = 0,
  CHESS_TB_FILTER_OPPOSITE_BISHOPS, /* KBBK only: bishops on opposite colours */
  CHESS_TB_FILTER_SAME_BISHOPS,     /* KBBK only: bishops on one colour */
} ChessTbFilter;

typedef struct
{
  uint64_t positions;   /* legal positions */
  uint64_t wins;
  uint64_t draws;
  unsigned longest_plies;
  unsigned longest_moves;
  /* moves_histogram[m]: positions won/lost with dtm_moves == m */
  uint64_t moves_histogram[64];
} ChessTbSideStats;

typedef struct
{
  ChessTbSideStats strong_to_move;
  ChessTbSideStats lone_to_move;
} ChessTbStats;

/* Builds the table if needed. Returns false for a filter that does not
 * apply (bishop filters outside KBBK) or when memory runs out. */
bool          chess_tb_stats            (ChessTbEnding ending, ChessTbFilter filter,
                                         ChessTbStats *out);

/* A finished table as bytes, for a cache on disk: a 32-byte header (magic,
 * version, ending, size, checksum) and the table. chess_tb_serialize()
 * returns the bytes needed and copies them when buf is large enough
 * (0 when the table is not built). chess_tb_deserialize() checks the
 * header, size, checksum and every entry, and installs the table unless
 * one is already there; false (nothing changed) on any mismatch. */
size_t        chess_tb_serialize        (ChessTbEnding ending, void *buf, size_t buf_size);
bool          chess_tb_deserialize      (ChessTbEnding ending, const void *buf, size_t len);
