/* caissa-cli.h — one function per sub-command; each returns the exit code.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit codes: 0 success, 1 the input was read but is wrong (errors found),
 * 2 bad usage or unreadable input.
 */
#pragma once

#include <stdio.h>

int cli_perft  (int argc, char **argv);
int cli_moves  (int argc, char **argv);
int cli_fen    (int argc, char **argv);
int cli_tb_stats (int argc, char **argv);
int cli_tb_probe (int argc, char **argv);
int cli_tb_build (int argc, char **argv);
int cli_tb_start (int argc, char **argv);
int cli_pgn_check  (int argc, char **argv);
int cli_pgn_export (int argc, char **argv);
int cli_pgn_dump   (int argc, char **argv);
int cli_pgn_index  (int argc, char **argv);
int cli_pgn_gen    (int argc, char **argv);
int cli_analyse    (int argc, char **argv);

/* Prints "usage: caissa-cli ..." for the command to stderr and returns 2. */
int cli_usage_error (const char *command, const char *message);
