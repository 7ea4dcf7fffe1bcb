/* chess-bitboard.c — attack tables, magic bitboards and Zobrist keys,
 * built once at start-up.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdbool.h>
#include <string.h>

#include "chess-bitboard.h"

ChessMagic    chess_bishop_magics[64];
ChessMagic    chess_rook_magics[64];
ChessBitboard chess_knight_table[64];
ChessBitboard chess_king_table[64];
ChessBitboard chess_pawn_table[2][64];
ChessBitboard chess_between_table[64][64];
ChessBitboard chess_line_table[64][64];

uint64_t chess_zobrist_piece[16][64];
uint64_t chess_zobrist_castling[16];
uint64_t chess_zobrist_ep[8];
uint64_t chess_zobrist_side;

/* "Fancy" magics: every square gets its own slice of one shared table,
 * sized by its number of relevant occupancy bits (5248 for bishops and
 * 102400 for rooks in total). */
static ChessBitboard bishop_table[5248];
static ChessBitboard rook_table[102400];

/* Magic numbers found by the search below (run once with these seeds and
 * kept, so start-up only has to verify and fill the tables). If one ever
 * failed to verify, the search would simply find another. */
static const uint64_t bishop_magic_numbers[64] = {
  0x0020428400408200ULL, 0x2008010104210004ULL, 0x02d0009200480190ULL,
  0x0018158b00010100ULL, 0x02c4042132048008ULL, 0x020082202000c221ULL,
  0x4000421050080009ULL, 0x0210140202022020ULL, 0x00c0101410042248ULL,
  0x0405204800d48080ULL, 0x3800c89200420002ULL, 0x180844124a020440ULL,
  0x04403410a8002221ULL, 0x4040209004200400ULL, 0x084004020202a204ULL,
  0x3010002104022000ULL, 0x00200240a9110900ULL, 0x2302800404080210ULL,
  0x0204188800240010ULL, 0x8048000c01401200ULL, 0x120c001a11040900ULL,
  0x0000401200500440ULL, 0x00004040840420a0ULL, 0x0020930822880804ULL,
  0x4044401090900161ULL, 0x0034100015210804ULL, 0x8004100009010120ULL,
  0x48c8080000820500ULL, 0x0080848004002000ULL, 0x0801004012005044ULL,
  0x000080902c040400ULL, 0x0004009005004100ULL, 0x0b103010048a0200ULL,
  0x8004100203181a00ULL, 0x0800140200100080ULL, 0x8401010800910040ULL,
  0x0840010011290040ULL, 0x40100214202e1000ULL, 0x0842040040010840ULL,
  0x0028010040010860ULL, 0x00080202a2051000ULL, 0x4200841008084204ULL,
  0x0021120110000d02ULL, 0x48c1004208000084ULL, 0x0010088100414400ULL,
  0x0021101000420580ULL, 0x0010040558401410ULL, 0x200c0c82a1050205ULL,
  0x0011108820088000ULL, 0x0001011910120402ULL, 0x1580008608091248ULL,
  0x8010018020880c02ULL, 0x20a1101032088480ULL, 0x0080100408082800ULL,
  0x28100401140401c0ULL, 0x8002102200930012ULL, 0x4001040082080200ULL,
  0x082200a498081808ULL, 0x000508610080d003ULL, 0x0052020044842402ULL,
  0x4800a00140c84840ULL, 0x5000000848080820ULL, 0x0101086004240040ULL,
  0x0028280808005014ULL,
};

static const uint64_t rook_magic_numbers[64] = {
  0x0080008020104004ULL, 0x2040200010004000ULL, 0x0180089001802000ULL,
  0x018008008030001eULL, 0x5880080002440080ULL, 0x4180018004000200ULL,
  0x440001851028023cULL, 0x2080004021000080ULL, 0x2080802040008000ULL,
  0x0002402000401000ULL, 0x9280808020001000ULL, 0x4201001001002008ULL,
  0x0621000408010010ULL, 0x0001800400800600ULL, 0x2024000410020801ULL,
  0x8540801080084900ULL, 0xa080004000402004ULL, 0x0010004040002003ULL,
  0x8010008014200880ULL, 0x0009090020100100ULL, 0x0004028008008004ULL,
  0x0000808004000200ULL, 0x8000808001000200ULL, 0x8000020000840041ULL,
  0x0044802480044000ULL, 0x4090004840002000ULL, 0x8b00200280100082ULL,
  0x051f080480100080ULL, 0x0088010100040810ULL, 0x0602000200100408ULL,
  0x0348610400180210ULL, 0x0100489200004104ULL, 0x0110401024800080ULL,
  0x0104400488802000ULL, 0x0800200080801004ULL, 0x0108080080801000ULL,
  0x0128880005001100ULL, 0x00c0020080800400ULL, 0x1000620104001008ULL,
  0x0288007682000104ULL, 0x2001400422948000ULL, 0x2190804011010021ULL,
  0x0490002804012002ULL, 0x0008001000828009ULL, 0x4411001008010004ULL,
  0x0802001084620028ULL, 0x4002000481020008ULL, 0x0400008041020024ULL,
  0x4012108100402200ULL, 0xc400200082400280ULL, 0x8920010020104100ULL,
  0x1050004400080240ULL, 0x8001000610080100ULL, 0x0002001004180600ULL,
  0x0102000801040200ULL, 0x0000005421008200ULL, 0x0101004020108001ULL,
  0x0011002200104082ULL, 0x8a00090020014013ULL, 0x914008210015b001ULL,
  0x0001000410020801ULL, 0x0001000208040001ULL, 0x0008210090020804ULL,
  0x0008104701208402ULL,
};

/* xorshift64* — deterministic, so the magics found are the same every run. */
static uint64_t
prng_next (uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 2685821657736338717ULL;
}

static ChessBitboard
slide (unsigned sq, ChessBitboard occ, const int (*dirs)[2])
{
  ChessBitboard result = 0;

  for (int d = 0; d < 4; d++)
    {
      int f = (int) (sq & 7), r = (int) (sq >> 3);
      for (;;)
        {
          f += dirs[d][0];
          r += dirs[d][1];
          if (f < 0 || f > 7 || r < 0 || r > 7)
            break;
          result |= BB (r * 8 + f);
          if (occ & BB (r * 8 + f))
            break;
        }
    }
  return result;
}

static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

/* The empty-board ray from every square in each direction of a piece,
 * to fill the tables quickly: along a ray the attacks stop at its first
 * blocker, the lowest set bit when the ray goes up the board (or along
 * the rank to the right) and the highest when it goes down. */
typedef struct
{
  ChessBitboard ray[4][64];
  bool          up[4];
} Rays;

static void
init_rays (Rays          *r,
           const int    (*dirs)[2])
{
  for (int d = 0; d < 4; d++)
    {
      r->up[d] = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
      for (int sq = 0; sq < 64; sq++)
        {
          int f = sq & 7, rank = sq >> 3;
          ChessBitboard ray = 0;
          for (f += dirs[d][0], rank += dirs[d][1]; f >= 0 && f < 8 && rank >= 0 && rank < 8;
               f += dirs[d][0], rank += dirs[d][1])
            ray |= BB (rank * 8 + f);
          r->ray[d][sq] = ray;
        }
    }
}

/* slide () again, from the rays. */
static ChessBitboard
slide_rays (const Rays    *r,
            unsigned       sq,
            ChessBitboard  occ)
{
  ChessBitboard result = 0;

  for (int d = 0; d < 4; d++)
    {
      ChessBitboard ray = r->ray[d][sq], blockers = ray & occ;
      if (blockers)
        ray ^= r->ray[d][r->up[d] ? bb_lsb (blockers) : 63 - (unsigned) __builtin_clzll (blockers)];
      result |= ray;
    }
  return result;
}

/* Finds a magic for every square by trial: a sparse random number that maps
 * every occupancy subset to a slot without destructive collisions. */
static void
init_magics (ChessMagic        *magics,
             ChessBitboard     *table,
             const int        (*dirs)[2],
             const uint64_t    *known,
             uint64_t           seed)
{
  static ChessBitboard occupancy[4096], reference[4096];
  static unsigned epoch[4096];
  static Rays r;
  unsigned cur_epoch = 0;
  ChessBitboard *next = table;
  uint64_t state = seed;

  memset (epoch, 0, sizeof epoch);
  init_rays (&r, dirs);

  for (unsigned sq = 0; sq < 64; sq++)
    {
      ChessMagic *m = &magics[sq];
      ChessBitboard edges = ((RANK_1_BB | RANK_8_BB) & ~(RANK_1_BB << (8 * (sq >> 3))))
                            | ((FILE_A_BB | FILE_H_BB) & ~(FILE_A_BB << (sq & 7)));
      ChessBitboard b = 0;
      unsigned size = 0, bits;

      m->mask = slide (sq, 0, dirs) & ~edges;
      bits = (unsigned) __builtin_popcountll (m->mask);
      m->shift = 64 - bits;
      m->attacks = next;

      /* Carry-Rippler enumeration of all subsets of the mask. */
      do
        {
          occupancy[size] = b;
          reference[size] = slide_rays (&r, sq, b);
          size++;
          b = (b - m->mask) & m->mask;
        }
      while (b != 0);

      for (bool first = true;; first = false)
        {
          unsigned i;

          if (first)
            m->magic = known[sq];
          else
            do
              m->magic = prng_next (&state) & prng_next (&state) & prng_next (&state);
            while (__builtin_popcountll ((m->magic * m->mask) >> 56) < 6);

          cur_epoch++;
          for (i = 0; i < size; i++)
            {
              unsigned idx = (unsigned) (((occupancy[i] & m->mask) * m->magic) >> m->shift);
              if (epoch[idx] < cur_epoch)
                {
                  epoch[idx] = cur_epoch;
                  next[idx] = reference[i];
                }
              else if (next[idx] != reference[i])
                break;
            }
          if (i == size)
            break;
        }
      next += size;
    }
}

static void
init_steps (void)
{
  static const int knight_steps[8][2] = {
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
  };
  static const int king_steps[8][2] = {
    { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 }
  };

  for (int sq = 0; sq < 64; sq++)
    {
      int f = sq & 7, r = sq >> 3;

      chess_knight_table[sq] = chess_king_table[sq] = 0;
      for (int i = 0; i < 8; i++)
        {
          int nf = f + knight_steps[i][0], nr = r + knight_steps[i][1];
          if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
            chess_knight_table[sq] |= BB (nr * 8 + nf);
          nf = f + king_steps[i][0];
          nr = r + king_steps[i][1];
          if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
            chess_king_table[sq] |= BB (nr * 8 + nf);
        }
      chess_pawn_table[CHESS_WHITE][sq] = bb_pawn_attacks_bb (BB (sq), CHESS_WHITE);
      chess_pawn_table[CHESS_BLACK][sq] = bb_pawn_attacks_bb (BB (sq), CHESS_BLACK);
    }
}

static void
init_lines (void)
{
  for (unsigned a = 0; a < 64; a++)
    for (unsigned b = 0; b < 64; b++)
      {
        chess_between_table[a][b] = 0;
        chess_line_table[a][b] = 0;
        if (a == b)
          continue;
        if (bb_bishop_attacks (a, 0) & BB (b))
          {
            chess_line_table[a][b] = (bb_bishop_attacks (a, 0) & bb_bishop_attacks (b, 0)) | BB (a) | BB (b);
            chess_between_table[a][b] = bb_bishop_attacks (a, BB (b)) & bb_bishop_attacks (b, BB (a));
          }
        else if (bb_rook_attacks (a, 0) & BB (b))
          {
            chess_line_table[a][b] = (bb_rook_attacks (a, 0) & bb_rook_attacks (b, 0)) | BB (a) | BB (b);
            chess_between_table[a][b] = bb_rook_attacks (a, BB (b)) & bb_rook_attacks (b, BB (a));
          }
      }
}

static void
init_zobrist (void)
{
  uint64_t state = 0x9E3779B97F4A7C15ULL;

  for (int p = 0; p < 16; p++)
    for (int sq = 0; sq < 64; sq++)
      chess_zobrist_piece[p][sq] = prng_next (&state);
  /* Castling keys are the XOR of one key per right, so updating the mask
   * is a single XOR of old and new. */
  {
    uint64_t right[4];
    for (int i = 0; i < 4; i++)
      right[i] = prng_next (&state);
    for (int mask = 0; mask < 16; mask++)
      {
        chess_zobrist_castling[mask] = 0;
        for (int i = 0; i < 4; i++)
          if (mask & (1 << i))
            chess_zobrist_castling[mask] ^= right[i];
      }
  }
  for (int f = 0; f < 8; f++)
    chess_zobrist_ep[f] = prng_next (&state);
  chess_zobrist_side = prng_next (&state);
}

void
chess_bitboard_init (void)
{
  init_steps ();
  init_magics (chess_bishop_magics, bishop_table, bishop_dirs, bishop_magic_numbers, 0x2545F4914F6CDD1DULL);
  init_magics (chess_rook_magics, rook_table, rook_dirs, rook_magic_numbers, 0x7A3C5B1D2E4F6071ULL);
  init_lines ();
  init_zobrist ();
}
