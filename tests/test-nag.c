/* test-nag.c — every NAG shown as a glyph or short text (chess-nag.h).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "chess-nag.h"

/* $1 … $139 all have a glyph, an ASCII form and a description; none is
 * shown as "$n", and the ASCII form is ASCII. */
static void
test_standard_complete (void)
{
  for (guint nag = 1; nag <= 139; nag++)
    {
      const char *glyph = chess_nag_glyph (nag);
      const char *ascii = chess_nag_ascii (nag);

      g_test_message ("$%u", nag);
      g_assert_nonnull (glyph);
      g_assert_nonnull (ascii);
      g_assert_nonnull (chess_nag_description (nag));
      g_assert_true (g_utf8_validate (glyph, -1, NULL));
      g_assert_null (strchr (glyph, '$'));
      g_assert_cmpuint (strlen (glyph), >, 0);
      for (const char *p = ascii; *p; p++)
        g_assert_cmpint ((unsigned char) *p, <, 0x80);
      g_assert_cmpint (chess_nag_kind (nag), !=, CHESS_NAG_KIND_NONE);
    }
  g_assert_null (chess_nag_glyph (0));
  g_assert_cmpint (chess_nag_kind (0), ==, CHESS_NAG_KIND_NONE);
}

typedef struct
{
  guint       nag;
  const char *glyph;
  const char *ascii;
  ChessNagKind kind;
} Row;

static const Row rows[] = {
  { 1, "!", "!", CHESS_NAG_KIND_MOVE },
  { 3, "‼", "!!", CHESS_NAG_KIND_MOVE },
  { 6, "⁈", "?!", CHESS_NAG_KIND_MOVE },
  { 7, "□", "[]", CHESS_NAG_KIND_MOVE },
  { 10, "=", "=", CHESS_NAG_KIND_POSITION },
  { 11, "=", "=", CHESS_NAG_KIND_POSITION },
  { 13, "∞", "~", CHESS_NAG_KIND_POSITION },
  { 14, "⩲", "+=", CHESS_NAG_KIND_POSITION },
  { 15, "⩱", "=+", CHESS_NAG_KIND_POSITION },
  { 18, "+−", "+-", CHESS_NAG_KIND_POSITION },
  { 22, "⨀", "zz", CHESS_NAG_KIND_OBSERVATION },
  { 36, "↑", "^", CHESS_NAG_KIND_OBSERVATION },
  { 40, "→", "->", CHESS_NAG_KIND_OBSERVATION },
  { 44, "=∞", "=~", CHESS_NAG_KIND_OBSERVATION },
  { 132, "⇆", "<->", CHESS_NAG_KIND_OBSERVATION },
  { 138, "⊕", "(+)", CHESS_NAG_KIND_OBSERVATION },
  { 140, "∆", "/\\", CHESS_NAG_KIND_OBSERVATION },
  { 146, "N", "N", CHESS_NAG_KIND_OBSERVATION },
  { 200, NULL, NULL, CHESS_NAG_KIND_NONE },
};

static void
test_row (gconstpointer data)
{
  const Row *row = data;

  g_assert_cmpstr (chess_nag_glyph (row->nag), ==, row->glyph);
  g_assert_cmpstr (chess_nag_ascii (row->nag), ==, row->ascii);
  g_assert_cmpint (chess_nag_kind (row->nag), ==, row->kind);
  g_assert_true (chess_nag_sticks (row->nag) == (row->kind == CHESS_NAG_KIND_MOVE));
}

/* White's and Black's NAGs of a pair are told apart by their description. */
static void
test_pairs (void)
{
  for (guint nag = 22; nag <= 138; nag += 2)
    {
      g_assert_cmpstr (chess_nag_glyph (nag), ==, chess_nag_glyph (nag + 1));
      g_assert_true (g_str_has_prefix (chess_nag_description (nag), "White "));
      g_assert_true (g_str_has_prefix (chess_nag_description (nag + 1), "Black "));
    }
  g_assert_cmpuint (chess_nag_group (2), ==, 1);
  g_assert_cmpuint (chess_nag_group (16), ==, 2);
  g_assert_cmpuint (chess_nag_group (146), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/nag/standard-complete", test_standard_complete);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/nag/glyph/%u", rows[i].nag);

      g_test_add_data_func (path, &rows[i], test_row);
    }
  g_test_add_func ("/core/nag/pairs", test_pairs);
  return g_test_run ();
}
