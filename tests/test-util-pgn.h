/* test-util-pgn.h — helpers the tests of PGN files share (model and
 * display tests).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "caissa-pgn-file.h"

G_BEGIN_DECLS

/* A copy of $CAISSA_TEST_DATA/dir/name in folder tmp_dir (saves write
 * there); its path. */
char          *test_util_pgn_copy_data   (const char          *tmp_dir,
                                          const char          *dir,
                                          const char          *name);
/* Opens path and runs the main loop until it is indexed and checked (a
 * generous deadline: the machine may be loaded). */
CaissaPgnFile *test_util_pgn_open_loaded (const char          *path);
/* caissa_pgn_file_save_full_async() to the file at dest, waited for; then
 * until the save's worker has let go of file. */
gboolean       test_util_pgn_save        (CaissaPgnFile       *file,
                                          const char          *dest,
                                          guint                position,
                                          const char          *pgn,
                                          CaissaPgnSaveFlags   flags,
                                          GError             **error);

G_END_DECLS
