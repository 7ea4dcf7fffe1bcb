/* caissa-pgn-save-style.h — an edited game written the way its file is:
 * the file's line ends, and a PlyCount tag that still tells the truth.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The core's writer ends lines with "\n". A file written on Windows ends
 * them with "\r\n"; a save copies every other game byte for byte, so the
 * edited game must use the same ends or the file would mix them (editors
 * then show ^M or convert the whole file). A PlyCount tag copied from the
 * game as read is wrong once moves were added or cut: it is set to the
 * main line's plies, or dropped when the plies are not known (a game kept
 * with the text after its error).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether text ends its first line with CR LF (also in UTF-16, either
 * byte order). FALSE when it has no line end. */
gboolean  caissa_pgn_text_uses_crlf      (const char *text,
                                          gsize       length);
/* A copy of pgn with every line end that is a bare "\n" made "\r\n". */
char     *caissa_pgn_text_to_crlf        (const char *pgn);
/* A copy of pgn whose PlyCount tag (in the tag section, if it has one) is
 * set to plies, or removed when plies is G_MAXUINT. A pgn without the tag
 * is copied unchanged: none is added. */
char     *caissa_pgn_text_set_ply_count  (const char *pgn,
                                          guint       plies);

G_END_DECLS
