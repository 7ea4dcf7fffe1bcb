/* test-pgn-agree.c — the game list and the reader see the same games: for
 * every input, the index (chess-pgn-index.c) lists exactly the games the
 * streaming reader reads, each entry's bytes reading as that game. Checked
 * on every test file, on the cases that once split differently, and on
 * many inputs made here from pieces of PGN (damaged ones above all) and by
 * mutating the test files. The check itself is the index fuzzer's
 * (fuzz_check_index_agrees (), fuzz/fuzz-pgn-index.c), which aborts with
 * the input's differences when they disagree.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-pgn-index.h"
#include "chess-pgn.h"
#include "fuzz.h"

static char *
data_dir (void)
{
  const char *dir = g_getenv ("CAISSA_TEST_DATA");

  if (dir != NULL)
    return g_build_filename (dir, "pgn", NULL);
  return g_test_build_filename (G_TEST_DIST, "data", "pgn", NULL);
}

/* Every file of tests/data/pgn. */
static GPtrArray *
test_files (void)
{
  g_autofree char *dir = data_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".pgn"))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (files->len, >=, 33);
  return files;
}

/* How many games the index lists in text. */
static size_t
index_count (const char *text)
{
  ChessPgnIndex *index = chess_pgn_index_new (0);
  size_t n;

  chess_pgn_index_scan (index, text, strlen (text), UINT64_MAX);
  n = chess_pgn_index_n_games (index);
  chess_pgn_index_free (index);
  return n;
}

static void
test_files_agree (void)
{
  g_autoptr (GPtrArray) files = test_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *data = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (files->pdata[i], &data, &len, NULL));
      g_test_message ("%s", (const char *) files->pdata[i]);
      fuzz_check_index_agrees (data, len);
    }
}

/* The inputs that once split differently (issue 12), with the games both
 * must now see. */
static void
test_known_cases (void)
{
  static const struct { const char *text; size_t games; } rows[] = {
    /* A line inside a comment that starts with '[' but is no tag. */
    { "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 {\n[C54] Giuoco Piano, the quiet line} Bc5 *\n", 1 },
    /* A game without tags right after another one's moves. */
    { "[Event \"a\"]\n\n1. e4 e5 1-0\n1. d4 d5 0-1\n", 2 },
    { "1. e4 e5 1-0 1. d4 d5 0-1 1. c4 *", 3 },
    /* Text after a result: skipped, no game. */
    { "[Event \"a\"]\n\n1. e4 e5 1-0 White won on time.\nSee the notes.\n\n[Event \"b\"]\n1. d4 *\n", 2 },
    /* A comment never closed: the next tag line ends it. */
    { "[Event \"a\"]\n1. e4 {oops\n[Event \"b\"]\n1. d4 *\n", 2 },
    /* Results the reader reads through. */
    { "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf71-0 1. d4 1/2 1. c4 (+)-(-) 1. e4 \xbd-\xbd", 4 },
    /* A '[' in the movetext ends the game. */
    { "1. e4 e5 [%clk 0:01:00] 2. Nf3 *", 2 },
    /* HTML damage: one game each. */
    { "[Event \"A\"]<br />\n[Site \"?\"]<br />\n<br />\n1. e4 e5 1-0<br />\n<br />\n"
      "[Event \"B\"]<br />\n<br />\n1. d4 d5 0-1<br />\n", 2 },
    { "[Event \"A\"]<br>[Site \"?\"]<br><br>1. e4 e5 1-0<br><br>[Event \"B\"]<br><br>1. d4 d5 0-1<br>", 2 },
    /* Lone CRs and CRLF mixed with LF. */
    { "[Event \"a\"]\r1. e4 *\r\n[Event \"b\"]\n1. d4 {x\r[Event \"c\"]\r1. c4 *", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_test_message ("row %u", i);
      fuzz_check_index_agrees (rows[i].text, strlen (rows[i].text));
      g_assert_cmpuint (index_count (rows[i].text), ==, rows[i].games);
    }
}

/* Pieces of PGN, good and damaged, that decide where games are. */
static const char *const pieces[] = {
  "[Event \"x\"]", "[White \"A \"B\" C\"]", "[Site \"open", "[Black \"Krush, I]", "[ECO \"C54\"]",
  "[%clk 0:01]", "[C54]", "[", "]", "\"", "\n", "\r\n", "\r", " ", "\t", "\n\n",
  "1.", "1...", "2.", "12.", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "0-0", "O-O-O", "Qg2",
  "exd6ep", "exd6", "e.p.", "ep", "d4", "d5", "Nf6", "Qxf7#", "Ke2", "Kf2", "--",
  "1-0", "0-1", "1/2-1/2", "*", "1/2", "\xbd-\xbd", "\xc2\xbd-\xc2\xbd", "1\xe2\x80\x93" "0",
  "Qg20-1", "e41-0", "Nf3!1-0", "(+)-(-)", "(-)-(+)", "(-)-(-)", "(+)",
  "{", "}", "{comment}", "{a\n[Event \"y\"] b}", "{\n[C54] Giuoco}", ";line", "%escape",
  "(", ")", "(Diagram)", "(1. d4)", "$1", "$", "$1234", "!", "?!", "!!!", "+", "#", "=", ",",
  "<br>", "<br />", "<", ">", "&quot;", "\x01", "\x7f", "\xef\xbb\xbf", "\xe2\x80\xa6", "\xe2",
  "\xff", "text", "Notes:", "White wins.", "e8(Q)", "e8=Q", "exd6e.p.", ".", "..",
  "[Variant \"Chess960\"]", "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]", "[SetUp \"1\"]",
};

static void
test_pieces_agree (void)
{
  GRand *rand = g_rand_new_with_seed (12);

  for (guint round = 0; round < 4000; round++)
    {
      GString *s = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 1, 40);

      for (guint k = 0; k < n; k++)
        {
          g_string_append (s, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
          if (g_rand_int_range (rand, 0, 3) != 0)
            g_string_append_c (s, g_rand_boolean (rand) ? ' ' : '\n');
        }
      fuzz_check_index_agrees (s->str, s->len);
      g_string_free (s, TRUE);
    }
  g_rand_free (rand);
}

/* The test files with bytes changed, inserted and deleted. */
static void
test_mutations_agree (void)
{
  g_autoptr (GPtrArray) files = test_files ();
  GRand *rand = g_rand_new_with_seed (34);
  static const char interesting[] = "[]{}();%\"\n\r *-/01.$!?<>+#=,\xbd\xe2\x80\x93";

  for (guint f = 0; f < files->len; f++)
    {
      g_autofree char *data = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (files->pdata[f], &data, &len, NULL));
      for (guint round = 0; round < 150; round++)
        {
          GString *s = g_string_new_len (data, (gssize) len);
          guint edits = g_rand_int_range (rand, 1, 6);

          for (guint k = 0; k < edits && s->len > 0; k++)
            {
              gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) s->len);
              char c = interesting[g_rand_int_range (rand, 0, sizeof interesting - 1)];
              switch (g_rand_int_range (rand, 0, 3))
                {
                case 0:
                  s->str[at] = c;
                  break;
                case 1:
                  g_string_insert_c (s, (gssize) at, c);
                  break;
                default:
                  g_string_erase (s, (gssize) at, 1);
                  break;
                }
            }
          fuzz_check_index_agrees (s->str, s->len);
          g_string_free (s, TRUE);
        }
    }
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/pgn/agree/files", test_files_agree);
  g_test_add_func ("/core/pgn/agree/known-cases", test_known_cases);
  g_test_add_func ("/core/pgn/agree/pieces", test_pieces_agree);
  g_test_add_func ("/core/pgn/agree/mutations", test_mutations_agree);
  return g_test_run ();
}
