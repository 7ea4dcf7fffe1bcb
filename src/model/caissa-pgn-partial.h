/* caissa-pgn-partial.h — a game with an error, opened up to the error.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game the reader refuses (an illegal move in its main line, a comment
 * that never ends, …) is not hidden: its tags and every move before the
 * error are shown, the error is told at its place (line and column in the
 * file), and the text from the error on — "the rest" — is kept verbatim.
 *
 * Saving. While the game is not edited it is written back as it was read,
 * byte for byte (CaissaPgnPartial:text, which the file's encoding gives
 * back exactly). Once it is edited the moves after the error cannot be
 * written as moves (they were never read), nor can the rest be written
 * after the edited moves as if it followed them. So the edited game is
 * written with the rest kept in comment lines at the end of its main line,
 * before the result:
 *
 *   12. Bb5 a6
 *   ; Caissa could not read the rest of this game (line 84, column 12: illegal move 'Nf6'):
 *   ; Nf6 13. Qe2 {a comment} Nxe4
 *   ; 1-0
 *   1-0
 *
 * ";" comments run to the end of their line, so every character of the
 * rest, braces and parentheses included, is kept; nothing of it is read
 * as moves. Reading the file again shows them as the last move's comment.
 * (The line in English is part of the file, not of the interface.)
 */
#pragma once

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

typedef struct
{
  gulong       line;        /* of the error, in the file */
  gulong       column;      /* in characters (caissa-pgn-encoding.h) */
  char        *message;     /* the reader's, as UTF-8: "illegal move 'Nf6'" */
  ChessNodeId  error_node;  /* the move the error follows (CHESS_NODE_ROOT: before the first) */
  char        *rest;        /* the game's text from the error on, as UTF-8 */
  char        *text;        /* the whole game's text, as UTF-8 */
} CaissaPgnPartial;

/* From the reader's error in text[0..len) (UTF-8; the game's whole text)
 * at line and column of the file; rest is where the unread text begins. */
CaissaPgnPartial *caissa_pgn_partial_new (gulong       line,
                                          gulong       column,
                                          const char  *message,
                                          ChessNodeId  error_node,
                                          const char  *text,
                                          gsize        len,
                                          gsize        rest);
void        caissa_pgn_partial_free      (CaissaPgnPartial *partial);

/* pgn (an edited partial game's export) with the rest kept in comment
 * lines before its result (see above). */
char       *caissa_pgn_partial_keep_rest (const CaissaPgnPartial *partial,
                                          const char             *pgn);

/* As caissa_pgn_file_read_game(), but a game refused by an error is read
 * up to it: the game up to the error is returned, *partial (not NULL then)
 * says where the error is and holds the rest, and the game is marked with
 * its error in the list as caissa_pgn_file_read_game() does. *partial is
 * NULL for a game read whole. NULL (with the error) only when not even the
 * game's start could be made, or NO_GAME, or CHANGED. */
ChessGame  *caissa_pgn_file_read_game_partial (CaissaPgnFile     *self,
                                               guint              position,
                                               CaissaPgnPartial **partial,
                                               GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaissaPgnPartial, caissa_pgn_partial_free)

G_END_DECLS
