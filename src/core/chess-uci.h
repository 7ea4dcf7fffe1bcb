/* chess-uci.h — what a UCI engine says, read into values (libc only).
 *
 * The engine is a program Caissa did not write: every line it prints may
 * be garbage, truncated, huge or hostile. The parser never trusts a
 * length, never reads past the given bytes and never fails on a token it
 * does not know; it keeps what it understood and ignores the rest, like
 * the UCI specification asks ("unknown tokens must be ignored").
 *
 * Also here: UCI move text to and from the core's moves, a PV into SAN,
 * scores formatted for people and for PGN's [%eval], the levels 1–8 and
 * the rule by which an engine answers a draw offer.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-position.h"
#include "chess-types.h"

/* Hard limits: longer values are cut, more PV moves or combo values are
 * dropped (never an overflow). */
#define CHESS_UCI_MAX_PV      128
#define CHESS_UCI_NAME_SIZE   128
#define CHESS_UCI_VALUE_SIZE  256
#define CHESS_UCI_MAX_VARS    64
#define CHESS_UCI_VAR_SIZE    64
#define CHESS_UCI_STRING_SIZE 256

typedef enum
{
  CHESS_UCI_LINE_UNKNOWN = 0,  /* empty, garbage, or a command we ignore */
  CHESS_UCI_LINE_ID_NAME,      /* id name <name> */
  CHESS_UCI_LINE_ID_AUTHOR,    /* id author <author> */
  CHESS_UCI_LINE_OPTION,       /* option name … type … */
  CHESS_UCI_LINE_UCIOK,
  CHESS_UCI_LINE_READYOK,
  CHESS_UCI_LINE_BESTMOVE,     /* bestmove <move> [ponder <move>] */
  CHESS_UCI_LINE_INFO,
} ChessUciLineKind;

typedef enum
{
  CHESS_UCI_OPTION_UNKNOWN = 0,  /* a type the specification does not name */
  CHESS_UCI_OPTION_CHECK,
  CHESS_UCI_OPTION_SPIN,
  CHESS_UCI_OPTION_COMBO,
  CHESS_UCI_OPTION_BUTTON,
  CHESS_UCI_OPTION_STRING,
} ChessUciOptionType;

typedef struct
{
  char               name[CHESS_UCI_NAME_SIZE];
  ChessUciOptionType type;
  bool               has_default;
  char               default_value[CHESS_UCI_VALUE_SIZE]; /* "<empty>" read as "" */
  bool               has_min, has_max;
  long long          min, max;
  unsigned           n_vars;
  char               vars[CHESS_UCI_MAX_VARS][CHESS_UCI_VAR_SIZE];
} ChessUciOption;

typedef enum
{
  CHESS_UCI_SCORE_NONE = 0,
  CHESS_UCI_SCORE_CP,     /* value in centipawns */
  CHESS_UCI_SCORE_MATE,   /* value in moves: > 0 the side to move mates,
                           * <= 0 it is mated ("mate 0": it is mated now) */
} ChessUciScoreKind;

typedef enum
{
  CHESS_UCI_BOUND_EXACT = 0,
  CHESS_UCI_BOUND_LOWER,
  CHESS_UCI_BOUND_UPPER,
} ChessUciBound;

/* Always from the point of view of the side to move, as UCI sends it. */
typedef struct
{
  ChessUciScoreKind kind;
  int               value;
  ChessUciBound     bound;
} ChessUciScore;

/* Which fields of ChessUciInfo a line gave. */
enum
{
  CHESS_UCI_INFO_DEPTH          = 1 << 0,
  CHESS_UCI_INFO_SELDEPTH       = 1 << 1,
  CHESS_UCI_INFO_SCORE          = 1 << 2,
  CHESS_UCI_INFO_NODES          = 1 << 3,
  CHESS_UCI_INFO_NPS            = 1 << 4,
  CHESS_UCI_INFO_TIME           = 1 << 5,
  CHESS_UCI_INFO_MULTIPV        = 1 << 6,
  CHESS_UCI_INFO_HASHFULL       = 1 << 7,
  CHESS_UCI_INFO_PV             = 1 << 8,
  CHESS_UCI_INFO_CURRMOVE       = 1 << 9,
  CHESS_UCI_INFO_CURRMOVENUMBER = 1 << 10,
  CHESS_UCI_INFO_STRING         = 1 << 11,
  CHESS_UCI_INFO_TBHITS         = 1 << 12,
};

typedef struct
{
  unsigned      fields;     /* CHESS_UCI_INFO_* bits */
  int           depth;
  int           seldepth;
  unsigned      multipv;    /* 1 when not given */
  ChessUciScore score;
  uint64_t      nodes;
  uint64_t      nps;
  uint64_t      time_ms;
  uint64_t      tbhits;
  int           hashfull;   /* per mille */
  unsigned      currmovenumber;
  char          currmove[8];
  unsigned      pv_len;
  char          pv[CHESS_UCI_MAX_PV][8]; /* UCI move text, as sent, cut at 7 */
  char          string[CHESS_UCI_STRING_SIZE]; /* "info string …", the rest of the line */
} ChessUciInfo;

typedef struct
{
  ChessUciLineKind kind;
  /* ID_NAME, ID_AUTHOR: the text (the rest of the line, trimmed, cut). */
  char             text[CHESS_UCI_NAME_SIZE];
  /* BESTMOVE: the moves as sent ("" when absent; "(none)" and "0000" kept). */
  char             bestmove[8];
  char             ponder[8];
  bool             bestmove_valid; /* bestmove has a token at all */
  ChessUciOption   option;
  ChessUciInfo     info;
} ChessUciLine;

/* Reads one line of engine output (without or with its "\n" / "\r\n"; len
 * bytes, NUL not needed, embedded NULs treated as spaces). Always fills
 * *out; returns its kind. Never fails. */
ChessUciLineKind chess_uci_parse_line (const char *line, size_t len, ChessUciLine *out);

/* The legal move that the UCI text names in pos ("e2e4", "e7e8q", castling
 * as the king's move "e1g1"; also "e1h1", king takes own rook, as Chess960
 * engines send it). CHESS_MOVE_NONE when it is not a legal move here. */
ChessMove chess_uci_move_parse (const ChessPosition *pos, const char *text);

/* A UCI move list from pos into SAN, space-separated, into buf (size bytes,
 * always NUL-terminated; moves that do not fit are left out whole). Stops
 * at the first move that is not legal. moves_out (may be NULL) receives up
 * to max_moves of the legal moves. Returns how many moves were legal. */
unsigned chess_uci_pv_to_san (const ChessPosition *pos,
                              const char          (*pv)[8],
                              unsigned             pv_len,
                              ChessMove           *moves_out,
                              unsigned             max_moves,
                              char                *buf,
                              size_t               size);

/* Score for people, from White's point of view (side is the side to move
 * of the position searched): "+0.34", "-1.20", "0.00", "#5", "-#3"
 * (U+2212 is left to the UI). buf of at least 16 bytes. Returns buf. */
char *chess_uci_score_format (ChessUciScore score, ChessColor side, char *buf);

/* Score as PGN's [%eval] writes it, from White's point of view: "0.34",
 * "-1.20", "#5", "#-3". buf of at least 16 bytes. Returns buf. */
char *chess_uci_score_format_eval (ChessUciScore score, ChessColor side, char *buf);

/* White's expected score in [0, 1] from a score, side as for
 * chess_uci_score_format (). Lichess's model: the side to move's is
 * 1 / (1 + exp (-0.00368208 × cp)), cp clamped to ±1000, a mate in n
 * counted as (21 − min (n, 10)) × 100 cp (negative when being mated). */
double chess_uci_score_white_win_probability (ChessUciScore score, ChessColor side);

/* Centipawns from the point of view of the side to move, mates as
 * ±(100000 - moves) so that they order with cp. */
int chess_uci_score_to_cp (ChessUciScore score);

/* Levels 1–8 of play against the engine. A level sets Skill Level (0–20,
 * Stockfish) and, where the engine offers UCI_LimitStrength/UCI_Elo,
 * an Elo (caissa_engine_set_level () sends both); movetime_ms (the think
 * time per move of an untimed game) and depth (a cap, 0 for none) are for
 * the caller's search limits. The table is in chess-uci.c and README.md.
 * A level outside 1–8 is clamped. */
typedef struct
{
  unsigned level;
  int      skill;        /* Skill Level 0..20 */
  int      elo;          /* UCI_Elo, 0 when the level plays at full strength */
  unsigned movetime_ms;  /* suggested per-move time when untimed */
  int      depth;        /* depth limit, 0 for none */
} ChessEngineLevel;

void chess_engine_level_get (unsigned level, ChessEngineLevel *out);

/* Draw offers to the engine. eval_cp is the engine's own evaluation in
 * centipawns from ITS point of view (mates as from chess_uci_score_to_cp);
 * move_number the full-move number of the position. The engine accepts a
 * draw offer when move_number >= 30 and eval_cp <= -30 (not better than
 * −0.30 for it), and claims a threefold or fifty-move draw, when the rules
 * allow one, when eval_cp <= 0 (not better for it). */
#define CHESS_ENGINE_DRAW_MIN_MOVE   30
#define CHESS_ENGINE_DRAW_ACCEPT_CP  (-30)
#define CHESS_ENGINE_DRAW_CLAIM_CP   0

bool chess_engine_accepts_draw (int eval_cp, unsigned move_number);
bool chess_engine_claims_draw  (int eval_cp, bool claim_allowed);

/* Game analysis: the NAG a move earns by how much of the mover's expected
 * score (chess_uci_score_white_win_probability, 0..1) it threw away:
 * loss >= 0.15 "??" (4), >= 0.10 "?" (2), >= 0.05 "?!" (6), else 0.
 * loss = P(before, best play) − P(after the move played), both from the
 * mover's point of view. */
#define CHESS_UCI_LOSS_INACCURACY 0.05
#define CHESS_UCI_LOSS_MISTAKE    0.10
#define CHESS_UCI_LOSS_BLUNDER    0.15

unsigned chess_uci_nag_for_loss (double loss);
