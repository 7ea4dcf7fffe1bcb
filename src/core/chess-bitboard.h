/* chess-bitboard.h — private: attack tables, magic bitboards, Zobrist keys.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only the core includes this. The tables are filled once by chess_init()
 * and are constant afterwards.
 */
#pragma once

#include "chess-types.h"

#define BB(sq)        (((ChessBitboard) 1) << (sq))
#define FILE_A_BB     ((ChessBitboard) 0x0101010101010101ULL)
#define FILE_H_BB     (FILE_A_BB << 7)
#define RANK_1_BB     ((ChessBitboard) 0xFFULL)
#define RANK_2_BB     (RANK_1_BB << 8)
#define RANK_3_BB     (RANK_1_BB << 16)
#define RANK_4_BB     (RANK_1_BB << 24)
#define RANK_5_BB     (RANK_1_BB << 32)
#define RANK_6_BB     (RANK_1_BB << 40)
#define RANK_7_BB     (RANK_1_BB << 48)
#define RANK_8_BB     (RANK_1_BB << 56)
#define LIGHT_SQUARES ((ChessBitboard) 0x55AA55AA55AA55AAULL)
#define DARK_SQUARES  (~LIGHT_SQUARES)

typedef struct
{
  const ChessBitboard *attacks;  /* into the shared table */
  ChessBitboard        mask;     /* relevant occupancy, edges excluded */
  ChessBitboard        magic;
  unsigned             shift;
} ChessMagic;

extern ChessMagic    chess_bishop_magics[64];
extern ChessMagic    chess_rook_magics[64];
extern ChessBitboard chess_knight_table[64];
extern ChessBitboard chess_king_table[64];
extern ChessBitboard chess_pawn_table[2][64];
/* Squares strictly between a and b on a line, or 0. */
extern ChessBitboard chess_between_table[64][64];
/* The whole line through a and b (edge to edge) when aligned, else 0. */
extern ChessBitboard chess_line_table[64][64];

/* Zobrist keys. */
extern uint64_t chess_zobrist_piece[16][64];
extern uint64_t chess_zobrist_castling[16];
extern uint64_t chess_zobrist_ep[8];
extern uint64_t chess_zobrist_side;

void chess_bitboard_init (void);

static inline unsigned
bb_lsb (ChessBitboard b)
{
  return (unsigned) __builtin_ctzll (b);
}

static inline unsigned
bb_pop_lsb (ChessBitboard *b)
{
  unsigned sq = (unsigned) __builtin_ctzll (*b);
  *b &= *b - 1;
  return sq;
}

static inline int
bb_more_than_one (ChessBitboard b)
{
  return (b & (b - 1)) != 0;
}

static inline ChessBitboard
bb_bishop_attacks (unsigned sq, ChessBitboard occ)
{
  const ChessMagic *m = &chess_bishop_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline ChessBitboard
bb_rook_attacks (unsigned sq, ChessBitboard occ)
{
  const ChessMagic *m = &chess_rook_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline ChessBitboard
bb_shift_up (ChessBitboard b, int color)
{
  return color == CHESS_WHITE ? b << 8 : b >> 8;
}

/* Pawn captures towards the a-file and towards the h-file, for a colour. */
static inline ChessBitboard
bb_pawn_west (ChessBitboard b, int color)
{
  return color == CHESS_WHITE ? (b & ~FILE_A_BB) << 7 : (b & ~FILE_A_BB) >> 9;
}

static inline ChessBitboard
bb_pawn_east (ChessBitboard b, int color)
{
  return color == CHESS_WHITE ? (b & ~FILE_H_BB) << 9 : (b & ~FILE_H_BB) >> 7;
}

static inline ChessBitboard
bb_pawn_attacks_bb (ChessBitboard b, int color)
{
  return bb_pawn_west (b, color) | bb_pawn_east (b, color);
}
