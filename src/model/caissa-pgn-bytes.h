/* caissa-pgn-bytes.h — a PGN file's bytes read, and small helpers over
 * them, for CaissaPgnFile.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sys/stat.h>

#include <glib.h>

G_BEGIN_DECLS

/* Whether the string holds only ASCII. */
gboolean       _caissa_pgn_is_ascii       (const char *s);
/* Whether hay holds needle (folded ASCII), ignoring ASCII case. */
gboolean       _caissa_pgn_ascii_contains (const char *hay,
                                           gsize       hay_len,
                                           const char *needle,
                                           gsize       needle_len);
/* Line breaks as the parser counts them: LF, CRLF, and a lone CR. */
unsigned long  _caissa_pgn_count_lines    (const char *data,
                                           gsize       len);

/* The bytes of the file open at fd (whose stamp is st): mapped when
 * larger than CAISSA_PGN_FILE_COPY_LIMIT, else read. FALSE with errno set
 * on failure. A file that changes while it is copied is read again, a
 * few times. */
gboolean       _caissa_pgn_read_fd        (int           fd,
                                           struct stat  *st,
                                           GBytes      **bytes,
                                           gboolean     *mapped);

G_END_DECLS
