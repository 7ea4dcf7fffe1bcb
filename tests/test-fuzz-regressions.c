/* test-fuzz-regressions.c — every input that broke a fuzz target, and the
 * seed corpora, replayed through the fuzz targets' own entry points.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * fuzz/fuzz-NAME.c is linked in here as it is (without libFuzzer; see
 * fuzz/fuzz.h), so a file in tests/data/fuzz-regressions/NAME/ runs exactly
 * the code and the checks that found it. A failed check aborts with the
 * check's text and the file's name has been printed just before. Each file
 * is handed over in a buffer of exactly its size, so sanitizer builds
 * (tools/sanitize.sh) catch a read past the end.
 */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

typedef struct
{
  const char *name;
  int       (*entry) (const uint8_t *data, size_t size);
  unsigned    min_seeds;  /* the committed corpus has at least this many */
} Target;

static const Target targets[] = {
  { "fen", caissa_fuzz_fen, 10 },
  { "san", caissa_fuzz_san, 10 },
  { "pgn", caissa_fuzz_pgn, 5 },
  { "pgn-index", caissa_fuzz_pgn_index, 5 },
  { "timecontrol", caissa_fuzz_timecontrol, 10 },
  { "uci", caissa_fuzz_uci, 10 },
};

typedef struct
{
  const Target *target;
  char         *path;
} Case;

static void
replay (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  uint8_t *exact;

  g_test_message ("replaying %s through caissa_fuzz_%s", c->path, c->target->name);
  g_file_get_contents (c->path, &contents, &len, &error);
  g_assert_no_error (error);
  /* malloc (0) still gives a pointer ASan knows holds no byte. */
  exact = malloc (len);
  g_assert_true (exact != NULL || len == 0);
  if (len)
    memcpy (exact, contents, len);
  g_assert_cmpint (c->target->entry (exact, len), ==, 0);
  free (exact);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->path);
  g_free (c);
}

/* Adds one test per file of dir; returns how many. */
static unsigned
add_dir (const Target *target,
         const char   *kind,
         const char   *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (unsigned i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      Case *c = g_new0 (Case, 1);
      g_autofree char *path = g_strdup_printf ("/fuzz/%s/%s/%s", kind, target->name, file);

      c->target = target;
      c->path = g_build_filename (dir, file, NULL);
      g_test_add_data_func_full (path, c, replay, case_free);
    }
  return names->len;
}

static unsigned seed_counts[G_N_ELEMENTS (targets)];

static void
test_corpus_present (gconstpointer data)
{
  unsigned i = GPOINTER_TO_UINT (data);

  g_assert_cmpuint (seed_counts[i], >=, targets[i].min_seeds);
}

/* The checks must really stop the program: otherwise every replay above
 * would pass whatever the core did. */
static void
test_check_aborts (void)
{
  if (g_test_subprocess ())
    {
      int broken = 1;
      FUZZ_CHECK (broken == 0, "a deliberate failure %d", 42);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*check failed: broken == 0: a deliberate failure 42*");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz/check-aborts", test_check_aborts);
  for (unsigned i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autofree char *regressions = g_test_build_filename (G_TEST_DIST, "data", "fuzz-regressions",
                                                            targets[i].name, NULL);
      g_autofree char *corpus = g_test_build_filename (G_TEST_DIST, "..", "fuzz", "corpus",
                                                       targets[i].name, NULL);
      g_autofree char *path = g_strdup_printf ("/fuzz/corpus/%s/present", targets[i].name);

      add_dir (&targets[i], "regressions", regressions);
      seed_counts[i] = add_dir (&targets[i], "corpus", corpus);
      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_corpus_present);
    }
  return g_test_run ();
}
