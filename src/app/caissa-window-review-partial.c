/* caissa-window-review-partial.c — CaissaWindow's review part: a game of a
 * file with an error, shown up to it (caissa-pgn-partial.h). The move list
 * marks the error after the last move read, the status says where it is,
 * and saving keeps the text not read.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-pgn-save-style.h"
#include "caissa-window-review-private.h"

void
_caissa_review_set_partial (CaissaWindowReview *review,
                            CaissaPgnPartial   *partial)
{
  g_clear_pointer (&review->partial, caissa_pgn_partial_free);
  g_clear_pointer (&review->error_status, g_free);
  review->partial = partial;
  if (partial != NULL)
    review->error_status =
      /* Translators: the status of a game shown up to an error in its file:
       * the line and column of the error, then what it is ("illegal move
       * 'Nf6'"). */
      g_strdup_printf (_("Line %lu, column %lu: %s — the rest of the game is not shown"),
                       partial->line, partial->column, partial->message);
  caissa_move_list_set_error (review->move_list, review->error_status);
}

const char *
_caissa_window_review_get_error_status (CaissaWindowReview *review)
{
  if (review == NULL || review->partial == NULL || !_caissa_review_has_game_from_file (review))
    return NULL;
  return review->error_status;
}

char *
_caissa_review_pgn_to_save (CaissaWindowReview *review)
{
  g_autofree char *written = caissa_game_to_pgn (review->game);
  g_autofree char *pgn = NULL;

  if (review->partial == NULL || !_caissa_review_has_game_from_file (review))
    return caissa_pgn_text_set_ply_count (written, caissa_game_get_n_plies (review->game));
  if (!review->dirty)
    return g_strdup (review->partial->text);
  /* The moves after the error are kept as text: their number is not
   * known, so the tag goes. */
  pgn = caissa_pgn_text_set_ply_count (written, G_MAXUINT);
  return caissa_pgn_partial_keep_rest (review->partial, pgn);
}
