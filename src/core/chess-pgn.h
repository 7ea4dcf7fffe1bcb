/* chess-pgn.h — reading and writing Portable Game Notation.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader is a streaming parser: the caller feeds bytes in chunks of any
 * size (a mapped file at once, or stdin 64 KiB at a time) and a visitor is
 * called for each thing found. Memory stays bounded whatever the input: a
 * token, a tag, a comment and the nesting of variations all have caps. After
 * an error the rest of that game is skipped and parsing resumes with the next
 * game, so one bad game never hides the others.
 *
 * It reads PGN as found in the wild: escaped quotes and backslashes in tag
 * values, several tags on one line, { } and ; comments, % escape lines, NAGs
 * and the suffixes ! ? !! ?? !? ?!, nested variations, null moves (--, Z0,
 * 0000), 0-0 castling, en and em dashes for hyphens, move numbers 1. 1...
 * and 1…, a UTF-8 byte order mark, CRLF and lone CR line ends, a missing
 * result (the game ends at the next tag section or the end of input), and
 * games from a FEN with or without [SetUp "1"].
 *
 * Damage that other readers read through is read through too, and reported
 * as a WARNING (a ChessError with severity CHESS_SEVERITY_WARNING, through
 * the visitor's warning callback) while the game is kept: unescaped quotes
 * inside a tag value (the value ends at the last '"' before the tag's ']'),
 * a tag value whose quote never closes, "1/2" as a result, a result glued
 * to the last move ("Qg20-1"), a Latin-1 "½-½" (byte 0xBD), a stray '}',
 * ')' or ',', a detached '+', "ep" or "e.p." after an en passant capture,
 * a word in parentheses ("(Diagram)"), the forfeit marker "(+)-(-)", text
 * after a result up to the end of its line, and an illegal or unreadable
 * move inside a VARIATION (the variation is kept up to that move, the rest
 * of it is skipped). An error in the main line still refuses the game.
 *
 * A game of a chess variant (a Variant tag other than the standard game, a
 * Chess960 castling field in the FEN, a crazyhouse drop) is refused with one
 * error, "variant not supported: NAME".
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-error.h"
#include "chess-game.h"
#include "chess-position.h"

/* Hard limits. Beyond them the game fails with CHESS_ERROR_LIMIT. */
#define CHESS_PGN_MAX_DEPTH   256          /* nested variations */
#define CHESS_PGN_MAX_TOKEN   255          /* a move, NAG or other symbol */
#define CHESS_PGN_MAX_TAG     8192         /* a whole [Name "value"] */
#define CHESS_PGN_MAX_COMMENT (1u << 20)   /* one comment */

typedef struct
{
  unsigned long line;    /* 1-based */
  unsigned long column;  /* 1-based, in bytes */
  uint64_t      offset;  /* bytes from the start of the input */
} ChessPgnLocation;

/* Every callback may be NULL. Strings are NOT NUL-terminated unless said and
 * are valid only during the call. After an error callback the parser sends
 * nothing more for that game but its game_end (ok = false). */
typedef struct
{
  void (*game_start)      (void *user_data, const ChessPgnLocation *where);
  /* name is NUL-terminated; value is unescaped and NUL-terminated too. */
  void (*tag)             (void *user_data, const char *name, const char *value,
                           size_t value_len);
  /* Once per game, before the first move (at game end for a game without
   * moves): the start position, from the FEN tag when there is one. */
  void (*start_position)  (void *user_data, const ChessPosition *pos);
  /* A move: its text as written (without ! ? suffixes), the legal move it
   * names (CHESS_MOVE_NULL for a null move) and the position before it.
   * With CHESS_PGN_NO_MOVES the move is CHESS_MOVE_NONE and before is NULL. */
  void (*move)            (void *user_data, const char *san, size_t san_len,
                           ChessMove move, const ChessPosition *before);
  /* Text between { } or after ; without the delimiters (NUL-terminated). */
  void (*comment)         (void *user_data, const char *text, size_t len);
  /* $n, or a suffix: ! = 1, ? = 2, !! = 3, ?? = 4, !? = 5, ?! = 6. */
  void (*nag)             (void *user_data, unsigned nag);
  void (*variation_start) (void *user_data);
  void (*variation_end)   (void *user_data);
  /* "1-0", "0-1", "1/2-1/2" or "*" (dashes normalised). */
  void (*result)          (void *user_data, const char *result);
  void (*game_end)        (void *user_data, bool ok);
  void (*error)           (void *user_data, const ChessError *error);
  /* Damage read through (severity CHESS_SEVERITY_WARNING; see above). The
   * game goes on. Between games (text after a result) there may be no
   * game_start before it. Kept last so that visitors written before it
   * stay valid. */
  void (*warning)         (void *user_data, const ChessError *warning);
} ChessPgnVisitor;

typedef enum
{
  CHESS_PGN_DEFAULT = 0,
  /* Tokenise only: moves are not resolved against a position. */
  CHESS_PGN_NO_MOVES = 1 << 0,
} ChessPgnFlags;

typedef struct _ChessPgnParser ChessPgnParser;

ChessPgnParser *chess_pgn_parser_new    (const ChessPgnVisitor *visitor, void *user_data,
                                         ChessPgnFlags flags);
void            chess_pgn_parser_free   (ChessPgnParser *parser);
/* Feeds the next len bytes. Returns false when a callback called
 * chess_pgn_parser_stop() (the rest of this chunk is then not read). */
bool            chess_pgn_parser_feed   (ChessPgnParser *parser, const char *data, size_t len);
/* The end of the input: ends the game in progress (if any). */
void            chess_pgn_parser_finish (ChessPgnParser *parser);
/* From a callback: stop after this callback returns. */
void            chess_pgn_parser_stop   (ChessPgnParser *parser);
/* Where the parser is: the start of the token being handled (in a callback),
 * or the end of the input read so far. */
void            chess_pgn_parser_location (const ChessPgnParser *parser,
                                           ChessPgnLocation *where);
/* Games started and games that ended with an error, so far. */
uint64_t        chess_pgn_parser_n_games  (const ChessPgnParser *parser);
uint64_t        chess_pgn_parser_n_errors (const ChessPgnParser *parser);
/* Warnings reported so far. */
uint64_t        chess_pgn_parser_n_warnings (const ChessPgnParser *parser);
/* In the error callback: the input offset of the token being read when the
 * error was found (the error's own location may be earlier: the '(' never
 * closed, the comment never ended, the bad FEN tag). Everything the visitor
 * was sent for the game lies before it; the game's text from there on was
 * not read. */
uint64_t        chess_pgn_parser_error_rest (const ChessPgnParser *parser);
/* In the game_end callback (or after it): the input offset just past the
 * game (after its result, or where the next game starts, or the end). */
uint64_t        chess_pgn_parser_game_end   (const ChessPgnParser *parser);
/* In the move callback: the position after the move (the callback's
 * before, with the move made), the parser's own; NULL with
 * CHESS_PGN_NO_MOVES. Valid until the callback returns. */
const ChessPosition *chess_pgn_parser_position (const ChessPgnParser *parser);

/* --- Building games -------------------------------------------------------- */

/* Reads the first game in data[0..len). Returns the game, or NULL with error
 * set (error->code is CHESS_OK when there is no game at all, only blanks
 * or comments). If consumed is not NULL it receives the number of bytes up
 * to the end of that game (good or bad), so a caller can loop. */
ChessGame      *chess_pgn_read_game (const char *data, size_t len, ChessError *error,
                                     size_t *consumed);

/* For each game of a stream: a game (the callee owns it and must
 * chess_game_free() it) or NULL with the error that stopped it. where is the
 * start of the game. Return false to stop reading. */
typedef bool  (*ChessPgnGameFunc) (void *user_data, ChessGame *game, const ChessError *error,
                                   const ChessPgnLocation *where);

typedef struct _ChessPgnReader ChessPgnReader;

ChessPgnReader *chess_pgn_reader_new    (ChessPgnGameFunc func, void *user_data);
void            chess_pgn_reader_free   (ChessPgnReader *reader);
/* Returns false once func asked to stop. */
bool            chess_pgn_reader_feed   (ChessPgnReader *reader, const char *data, size_t len);
void            chess_pgn_reader_finish (ChessPgnReader *reader);

/* --- Reading games with everything known about them -------------------------
 *
 * The same reader, telling more for each game: its warnings, its byte range,
 * and for a game refused by an error the game UP TO THE ERROR, so that a
 * program can show the tags and every move before the error, mark the error
 * at its place, and keep the text from `rest` on verbatim.
 *
 * A refused game's partial tree holds what was read before `rest`: its tags
 * (FEN and SetUp become the start position when the FEN was good), the main
 * line up to the move before the error, the variations closed before it (a
 * variation still open at the error is kept up to the error too), and the
 * comments and NAGs read so far. Its Result tag is the tag section's. */
typedef struct
{
  /* The game, or for a refused game the game up to the error (NULL only
   * when not even its start could be made). The callee owns it and must
   * chess_game_free () it. */
  ChessGame        *game;
  /* NULL when the game was read (perhaps with warnings); else the error
   * that refused it (severity CHESS_SEVERITY_ERROR). */
  const ChessError *error;
  /* Refused game: the last node read on the line where the error is (the
   * move the error follows; CHESS_NODE_ROOT when before the first move). */
  ChessNodeId       error_node;
  /* The game's first byte (line and column too) and the offset just past
   * it (its result, or the start of the next game, or the end of input). */
  ChessPgnLocation  start;
  uint64_t          end;
  /* Refused game: the offset where the text not read into game begins
   * (start <= rest <= end; chess_pgn_parser_error_rest ()). A game read
   * whole: rest == end. */
  uint64_t          rest;
  /* The warnings of this game, in input order (valid during the call). */
  const ChessError *warnings;
  size_t            n_warnings;
} ChessPgnGameInfo;

/* Return false to stop reading. */
typedef bool  (*ChessPgnGameInfoFunc) (void *user_data, const ChessPgnGameInfo *info);

/* A reader whose function gets a ChessPgnGameInfo per game (with partial
 * games). Feed, finish and free it with the chess_pgn_reader_* calls. */
ChessPgnReader *chess_pgn_reader_new_full (ChessPgnGameInfoFunc func, void *user_data);

/* The first game of data[0..len), as chess_pgn_read_game () reads it, with
 * everything above. Returns false when there is no game at all (only
 * blanks, comments or text between games). Otherwise fills result, which
 * the caller releases with chess_pgn_read_result_clear (). */
typedef struct
{
  ChessGame  *game;        /* owned: the game, or the game up to the error */
  ChessError  error;       /* code CHESS_OK when the game was read */
  ChessNodeId error_node;
  ChessPgnLocation start;
  uint64_t    end;         /* as in ChessPgnGameInfo: offsets into data */
  uint64_t    rest;
  ChessError *warnings;    /* malloc'd array */
  size_t      n_warnings;
} ChessPgnReadResult;

bool            chess_pgn_read_game_full    (const char *data, size_t len,
                                             ChessPgnReadResult *result);
void            chess_pgn_read_result_clear (ChessPgnReadResult *result);

/* --- Writing --------------------------------------------------------------- */

/* The game in PGN export format: the Seven Tag Roster in order, the other
 * tags, an empty line, the movetext in lines of at most 80 bytes, the result,
 * and an empty line. Returns a malloc'd NUL-terminated string; *len (if not
 * NULL) receives its length. */
char           *chess_pgn_write_game (const ChessGame *game, size_t *len);

/* --- Commands inside comments: [%clk 1:02:03] [%eval -0.35] [%cal Ge2e4] --- */

/* Finds the first [%name ...] command in a comment. On success *args points
 * at its arguments (trimmed) and *args_len is their length. */
bool     chess_pgn_comment_command (const char *comment, size_t len, const char *name,
                                    const char **args, size_t *args_len);
/* "h:mm:ss", "mm:ss", "ss", each with optional ".fff" → milliseconds; -1 if
 * the text is not a time. */
int64_t  chess_pgn_parse_clock     (const char *text, size_t len);
/* [%clk] / [%emt] of a comment in milliseconds, -1 when absent or bad. */
int64_t  chess_pgn_comment_clock_ms (const char *comment, size_t len, const char *name);

typedef struct
{
  bool   is_mate;  /* mate in `mate` moves (negative: Black mates) */
  int    mate;
  double pawns;    /* from White's side; meaningful when !is_mate */
  int    depth;    /* ",depth" after the value, or -1 */
} ChessPgnEval;

/* [%eval 0.35], [%eval -1.2,20], [%eval #-3]. */
bool     chess_pgn_comment_eval    (const char *comment, size_t len, ChessPgnEval *eval);

typedef struct
{
  char        color;  /* 'R', 'G', 'B', 'Y' as written (upper case) */
  ChessSquare from;
  ChessSquare to;     /* CHESS_NO_SQUARE for a square highlight (%csl) */
} ChessPgnMark;

/* Arrows of [%cal Ge2e4,Rd1d8] and squares of [%csl Rd4,Ge5] (every
 * such command in the comment), at most cap; returns how many were found.
 * Malformed items are skipped. */
unsigned chess_pgn_comment_marks   (const char *comment, size_t len, ChessPgnMark *marks,
                                    unsigned cap);

/* Copies the comment without its [%...] commands (and the blanks they
 * leave) into out (NUL-terminated, truncated to cap). Returns the length. */
size_t   chess_pgn_comment_strip_commands (const char *comment, size_t len,
                                           char *out, size_t cap);
