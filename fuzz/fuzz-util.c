/* fuzz-util.c — checks shared by the fuzz targets.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here is an oracle that does not trust the code under test:
 * legality is re-checked by asking whether the mover's king is attacked
 * after the move, the key is recomputed through a FEN round trip, the
 * counters are recomputed from the move's kind.
 */
#include <string.h>

#include "chess-fen.h"
#include "chess-pgn-private.h"
#include "chess-position.h"
#include "chess-san.h"
#include "fuzz.h"

uint64_t
fuzz_hash (uint64_t    h,
           const void *data,
           size_t      len)
{
  const unsigned char *p = data;

  for (size_t i = 0; i < len; i++)
    {
      h ^= p[i];
      h *= 0x100000001b3ull;
    }
  return h;
}

void
fuzz_check_position (const ChessPosition *pos)
{
  ChessError error;
  ChessPosition again;
  char fen[CHESS_FEN_MAX], fen2[CHESS_FEN_MAX];
  ChessSquare ksq;

  chess_error_clear (&error);
  FUZZ_CHECK (chess_position_is_consistent (pos), "inconsistent position");
  FUZZ_CHECK (chess_position_validate (pos, &error), "%s", error.message);

  ksq = chess_position_king (pos, (ChessColor) pos->side);
  FUZZ_CHECK (pos->checkers == chess_position_attackers (pos, ksq, (ChessColor) (pos->side ^ 1),
                                                         pos->by_type[0]),
              "cached checkers differ from the attackers of the king");
  FUZZ_CHECK (chess_position_in_check (pos) == (pos->checkers != 0), "in_check disagrees with checkers");

  chess_fen_write (pos, fen);
  FUZZ_CHECK (strlen (fen) < CHESS_FEN_MAX, "FEN too long");
  FUZZ_CHECK (chess_fen_parse (&again, fen, strlen (fen), &error),
              "written FEN \"%s\" does not parse: %s", fen, error.message);
  chess_fen_write (&again, fen2);
  FUZZ_CHECK (strcmp (fen, fen2) == 0, "FEN round trip: \"%s\" became \"%s\"", fen, fen2);
  FUZZ_CHECK (memcmp (pos->board, again.board, sizeof pos->board) == 0, "board differs after FEN round trip of %s", fen);
  FUZZ_CHECK (pos->side == again.side && pos->castling == again.castling
              && pos->halfmove == again.halfmove && pos->fullmove == again.fullmove,
              "side, castling or counters differ after FEN round trip of %s", fen);
  /* The key holds the e.p. file only when the capture is legal, exactly what
   * the FEN writer shows: so the incremental key must equal a fresh one. */
  FUZZ_CHECK (pos->key == again.key, "key %016llx differs from a fresh one %016llx for %s",
              (unsigned long long) pos->key, (unsigned long long) again.key, fen);
  FUZZ_CHECK (chess_position_ep_legal (pos) == chess_position_ep_legal (&again),
              "e.p. legality differs after FEN round trip of %s", fen);
}

void
fuzz_check_moves (const ChessPosition *pos)
{
  ChessMoveList list;
  ChessColor us = (ChessColor) pos->side, them = (ChessColor) (us ^ 1);
  uint64_t leaves2 = 0;
  char fen[CHESS_FEN_MAX], uci[8];

  chess_fen_write (pos, fen);
  chess_generate_legal (pos, &list);
  FUZZ_CHECK (list.count <= 218, "%u legal moves in %s", list.count, fen);
  FUZZ_CHECK (chess_count_legal (pos) == list.count, "count_legal %u != %u moves listed in %s",
              chess_count_legal (pos), list.count, fen);
  FUZZ_CHECK (chess_perft (pos, 1) == list.count, "perft 1 differs from the move count in %s", fen);

  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      ChessSquare from = chess_move_from (m), to = chess_move_to (m);
      ChessPiece piece = chess_position_piece_at (pos, from);
      ChessPiece victim = chess_position_piece_at (pos, to);
      ChessMoveKind kind = chess_move_kind (m);
      ChessPosition after = *pos;
      bool reset;
      unsigned want_half, want_full;

      chess_move_to_uci (m, uci);
      for (unsigned j = 0; j < i; j++)
        FUZZ_CHECK (list.moves[j] != m, "move %s listed twice in %s", uci, fen);
      FUZZ_CHECK (m != CHESS_MOVE_NONE && m != CHESS_MOVE_NULL, "non-move in the list of %s", fen);
      FUZZ_CHECK (piece != CHESS_NO_PIECE && chess_piece_color (piece) == us,
                  "move %s does not move a piece of the side to move in %s", uci, fen);
      FUZZ_CHECK (victim == CHESS_NO_PIECE || kind == CHESS_MOVE_CASTLING
                  || (chess_piece_color (victim) == them && chess_piece_type (victim) != CHESS_KING),
                  "move %s captures its own piece or a king in %s", uci, fen);
      FUZZ_CHECK (chess_position_is_legal (pos, m), "listed move %s is not legal in %s", uci, fen);
      FUZZ_CHECK (chess_position_find_move (pos, from, to, chess_move_promotion (m)) == m,
                  "find_move does not find %s in %s", uci, fen);

      chess_position_make_move (&after, m);
      FUZZ_CHECK (after.side == them, "side did not change after %s in %s", uci, fen);
      /* The independent legality test. */
      FUZZ_CHECK (chess_position_attackers (&after, chess_position_king (&after, us), them,
                                            after.by_type[0]) == 0,
                  "move %s leaves the king in check in %s", uci, fen);
      reset = chess_piece_type (piece) == CHESS_PAWN
              || (victim != CHESS_NO_PIECE && kind != CHESS_MOVE_CASTLING);
      want_half = reset ? 0 : (pos->halfmove < 65535 ? pos->halfmove + 1u : 65535u);
      /* The counters saturate at 65535 (the most a FEN may say): they
       * never wrap. */
      want_full = pos->fullmove + (us == CHESS_BLACK && pos->fullmove < 65535 ? 1u : 0u);
      FUZZ_CHECK (after.halfmove == want_half, "halfmove clock %u after %s in %s, want %u",
                  (unsigned) after.halfmove, uci, fen, want_half);
      FUZZ_CHECK (after.fullmove == want_full, "fullmove number %u after %s in %s, want %u",
                  (unsigned) after.fullmove, uci, fen, want_full);
      FUZZ_CHECK (chess_popcount (after.by_type[0]) == chess_popcount (pos->by_type[0])
                  - ((victim != CHESS_NO_PIECE && kind != CHESS_MOVE_CASTLING) || kind == CHESS_MOVE_EN_PASSANT),
                  "piece count wrong after %s in %s", uci, fen);
      fuzz_check_position (&after);
      leaves2 += chess_count_legal (&after);
    }
  FUZZ_CHECK (chess_perft (pos, 2) == leaves2, "perft 2 = %llu but the children have %llu moves in %s",
              (unsigned long long) chess_perft (pos, 2), (unsigned long long) leaves2, fen);
}

void
fuzz_check_san_all (const ChessPosition *pos)
{
  ChessMoveList list;
  char san[64][CHESS_SAN_MAX];
  char fen[CHESS_FEN_MAX], uci[8];

  chess_fen_write (pos, fen);
  chess_generate_legal (pos, &list);
  for (unsigned i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i], back;
      ChessError error;
      char buf[CHESS_SAN_MAX];
      char *s = i < 64 ? san[i] : buf;
      ChessPosition after = *pos;
      size_t len;

      chess_error_clear (&error);
      chess_san_write (pos, m, s);
      len = strlen (s);
      FUZZ_CHECK (len >= 2 && len < CHESS_SAN_MAX, "SAN \"%s\" has a bad length in %s", s, fen);
      back = chess_san_parse (pos, s, len, &error);
      FUZZ_CHECK (back == m, "SAN \"%s\" of %s reads back as %04x (%s) in %s",
                  s, chess_move_to_uci (m, uci), back, error.message, fen);
      back = _chess_pgn_san_fast (pos, s, len);
      FUZZ_CHECK (back == CHESS_MOVE_NONE || back == m, "fast path reads \"%s\" as %04x in %s", s, back, fen);
      for (unsigned j = 0; j < i && j < 64; j++)
        FUZZ_CHECK (strcmp (san[j], s) != 0, "two moves write as \"%s\" in %s", s, fen);

      /* The check and mate marks say what the position after the move is. */
      chess_position_make_move (&after, m);
      {
        bool check = chess_position_in_check (&after);
        bool mate = check && chess_count_legal (&after) == 0;
        char last = s[len - 1];
        FUZZ_CHECK ((last == '#') == mate && (last == '+') == (check && !mate),
                    "SAN \"%s\" has the wrong suffix in %s", s, fen);
      }

      /* The coordinate form is read too. */
      chess_move_to_uci (m, uci);
      back = chess_san_parse (pos, uci, strlen (uci), &error);
      FUZZ_CHECK (back == m, "UCI \"%s\" reads back as %04x (%s) in %s", uci, back, error.message, fen);
    }
}
