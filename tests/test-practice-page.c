/* test-practice-page.c — the practice page in a window: a session played
 * by squares on its board, the verdict line, the hint, the summary, the
 * records rows, the choosers, and renders at phone and desktop widths in
 * light and dark (saved as PNGs with CAISSA_TEST_SAVE_PNG=DIR).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "caissa-practice-page.h"
#include "test-util-gtk.h"

typedef TestUtilPractice Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  test_util_practice_setup (f, NULL);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  test_util_practice_teardown (f);
}

static void
wait_until (CaissaPractice      *p,
            CaissaPracticeState  state)
{
  gint64 deadline = test_util_deadline (20);

  while (caissa_practice_get_state (p) != state)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
      if (g_get_monotonic_time () > deadline)
        {
          g_autofree char *text = caissa_practice_describe_state (p);

          g_test_message ("waited in vain for state %d:\n%s", state, text);
          g_assert_not_reached ();
        }
    }
}

/* Plays move by clicking its two squares, as keyboard play does. */
static void
play_on_board (Fixture   *f,
               ChessMove  move)
{
  CaissaBoard *board = caissa_practice_page_get_board (f->page);

  caissa_board_activate_square (board, chess_move_from (move));
  caissa_board_activate_square (board, chess_move_to (move));
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), action, NULL));
}

static gpointer
child (Fixture    *f,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (f->page),
                                                   CAISSA_TYPE_PRACTICE_PAGE, name);

  g_assert_nonnull (object);
  return object;
}

static void
test_session (Fixture       *f,
              gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  CaissaBoard *board = caissa_practice_page_get_board (f->page);
  CaissaPracticeRecord r;
  g_autofree char *state = NULL;

  test_util_practice_show (f, 1000, 800);
  caissa_practice_page_start (f->page, CHESS_TB_KQK, 2, 2, 42);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "Your move — mate in 2");
  g_assert_false (caissa_practice_page_get_summary_shown (f->page));
  g_assert_true (caissa_board_get_interactive (board));
  g_assert_false (caissa_board_get_flipped (board));

  /* The hint names a best move. */
  activate (f, "practice.hint");
  g_assert_true (g_str_has_prefix (caissa_practice_page_get_feedback_text (f->page), "Hint: "));
  g_assert_cmpuint (caissa_practice_get_hints_used (p), ==, 1);

  play_on_board (f, caissa_practice_peek_best_move (p));
  g_assert_cmpuint (caissa_practice_get_moves_used (p), ==, 1);
  g_assert_true (g_str_has_suffix (caissa_practice_page_get_feedback_text (f->page),
                                   ": mate in 1 — best move"));
  /* No moves on the board while the defender answers. */
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_DEFENDER);
  g_assert_false (caissa_board_get_interactive (board));
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "The defender is answering…");
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "Your move — mate in 1");

  play_on_board (f, caissa_practice_peek_best_move (p));
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_FINISHED);
  g_assert_true (g_str_has_suffix (caissa_practice_page_get_feedback_text (f->page), "# — checkmate!"));
  g_assert_true (caissa_practice_page_get_summary_shown (f->page));
  g_assert_cmpstr (caissa_practice_page_get_summary_title (f->page), ==, "Checkmate!");
  g_assert_cmpstr (caissa_practice_page_get_summary_text (f->page), ==,
                   "You mated in 2 moves; the fewest possible was 2. You took 1 hint.");
  g_assert_false (caissa_board_get_interactive (board));

  /* Recorded as a success, but not as a record (a hint was used). */
  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_CUSTOM, &r);
  g_assert_cmpuint (r.attempts, ==, 1);
  g_assert_cmpuint (r.successes, ==, 1);
  g_assert_cmpint (r.best_grade, ==, -1);

  state = caissa_practice_page_describe_state (f->page);
  g_assert_nonnull (strstr (state, "practice-summary-shown 1\n"));
  g_assert_nonnull (strstr (state, "practice-end checkmate\n"));
  g_assert_nonnull (strstr (state, "practice-square a1 "));

  /* Try again: the same position, the summary gone. */
  activate (f, "practice.try-again");
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_false (caissa_practice_page_get_summary_shown (f->page));
  g_assert_cmpstr (caissa_practice_page_get_feedback_text (f->page), ==, "");
  g_assert_cmpuint (caissa_practice_get_seed (p), ==, 42);
}

/* A stalemate ends the session with the reason, and says what was best. */
static void
test_stalemate (Fixture       *f,
                gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessMove stalemate = CHESS_MOVE_NONE;

  test_util_practice_show (f, 1000, 800);
  caissa_practice_page_start (f->page, CHESS_TB_KQK, 1, 3, 1);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  for (guint64 seed = 1; seed < 500 && stalemate == CHESS_MOVE_NONE; seed++)
    {
      const ChessPosition *pos;
      ChessMoveList list;

      caissa_practice_start (p, seed);
      pos = caissa_game_get_position (caissa_practice_get_game (p));
      chess_generate_legal (pos, &list);
      for (unsigned i = 0; i < list.count && stalemate == CHESS_MOVE_NONE; i++)
        {
          ChessPracticeJudgement j;

          if (chess_practice_judge_move (pos, list.moves[i], &j)
              && j.verdict == CHESS_PRACTICE_THROWS_WIN
              && j.draw_reason == CHESS_PRACTICE_DRAW_STALEMATE)
            stalemate = list.moves[i];
        }
    }
  g_assert_cmpint (stalemate, !=, CHESS_MOVE_NONE);

  play_on_board (f, stalemate);
  g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_STALEMATE);
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "Stalemate — the win is gone");
  g_assert_true (g_str_has_suffix (caissa_practice_page_get_feedback_text (f->page),
                                   ": stalemate — the win is gone"));
  g_assert_true (caissa_practice_page_get_summary_shown (f->page));
  g_assert_cmpstr (caissa_practice_page_get_summary_title (f->page), ==, "Stalemate");
  g_assert_nonnull (strstr (caissa_practice_page_get_summary_text (f->page), ". Best was "));
}

/* Without feedback: no distance to mate, no verdict line. */
static void
test_feedback_off (Fixture       *f,
                   gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  GtkSwitch *sw;
  g_autoptr(CaissaPractice) again = NULL;

  test_util_practice_show (f, 1000, 800);
  caissa_practice_page_start (f->page, CHESS_TB_KRK, 0, 0, 5);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  sw = child (f, "feedback_switch");
  gtk_switch_set_active (sw, FALSE);
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "Your move");
  play_on_board (f, caissa_practice_peek_best_move (p));
  g_assert_cmpstr (caissa_practice_page_get_feedback_text (f->page), ==, "");
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpstr (caissa_practice_page_get_status_text (f->page), ==, "Your move");

  /* The choice is kept with the ending. */
  again = caissa_practice_new (caissa_practice_get_records_path (p), NULL);
  g_assert_false (caissa_practice_restore_choices (again, TRUE));
  g_assert_cmpint (caissa_practice_get_ending (again), ==, CHESS_TB_KRK);
}

/* Choosing an ending and a difficulty starts a session with them; the
 * records rows follow the ending. */
static void
test_choosers (Fixture       *f,
               gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  AdwComboRow *ending = child (f, "ending_row");
  AdwComboRow *difficulty = child (f, "difficulty_row");
  AdwComboRow *color = child (f, "color_row");
  ChessColor strong;

  test_util_practice_show (f, 1000, 800);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);

  adw_combo_row_set_selected (difficulty, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET);
  adw_combo_row_set_selected (ending, CHESS_TB_KBBK);
  g_assert_cmpint (caissa_practice_get_ending (p), ==, CHESS_TB_KBBK);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpint (chess_tb_ending_of (caissa_game_get_position (caissa_practice_get_game (p)), &strong),
                   ==, CHESS_TB_KBBK);
  g_assert_cmpuint (caissa_practice_get_fewest (p), <=, 3);

  adw_combo_row_set_selected (color, 1);
  wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpint (caissa_practice_get_color (p), ==, CAISSA_COLOR_BLACK);
  g_assert_true (caissa_board_get_flipped (caissa_practice_page_get_board (f->page)));
}

/* --- Renders ----------------------------------------------------------------- */

static void
save_render (Fixture    *f,
             const char *name)
{
  const char *dir = g_getenv ("CAISSA_TEST_SAVE_PNG");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int width, height;

  paintable = gtk_widget_paintable_new (f->window);
  /* The paintable has nothing until the window has drawn since its last
   * change: a frame or two more. */
  for (guint tries = 0; ; tries++)
    {
      test_util_wait_for_frame (f->window);
      test_util_wait_for_frame (f->window);
      width = gtk_widget_get_width (f->window);
      height = gtk_widget_get_height (f->window);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node != NULL)
        break;
      g_assert_cmpuint (tries, <, 10);
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, width);

  if (dir != NULL)
    {
      g_autofree char *file = g_strdup_printf ("%s.png", name);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_mkdir_with_parents (dir, 0755);
      gdk_texture_save_to_png (texture, path);
      g_test_message ("saved %s", path);
    }
}

static void
test_renders (Fixture       *f,
              gconstpointer  data)
{
  static const struct { int width, height; const char *name; } sizes[] = {
    { 360, 760, "narrow" },
    { 1400, 900, "wide" },
  };
  gboolean dark = GPOINTER_TO_INT (data);
  AdwStyleManager *style = adw_style_manager_get_default ();
  CaissaPractice *p = f->practice;

  adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                  : ADW_COLOR_SCHEME_FORCE_LIGHT);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *choosing = g_strdup_printf ("practice-%s-%s-choosing", sizes[i].name,
                                                   dark ? "dark" : "light");
      g_autofree char *hint = g_strdup_printf ("practice-%s-%s-hint", sizes[i].name,
                                               dark ? "dark" : "light");
      g_autofree char *summary = g_strdup_printf ("practice-%s-%s-summary", sizes[i].name,
                                                  dark ? "dark" : "light");

      if (f->window == NULL)
        test_util_practice_show (f, sizes[i].width, sizes[i].height);
      else
        {
          gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[i].width, sizes[i].height);
          test_util_wait_for_frame (f->window);
        }

      /* While a table builds: the progress bar (if the render is quicker
       * than the build). */
      if (i == 0)
        {
          g_autofree char *building = g_strdup_printf ("practice-%s-%s-building", sizes[i].name,
                                                       dark ? "dark" : "light");

          caissa_practice_wait_for_tables ();
          chess_tb_free_all ();
          adw_combo_row_set_selected (child (f, "ending_row"), CHESS_TB_KBNK);
          if (!caissa_practice_get_ready (p))
            save_render (f, building);
          wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
        }

      caissa_practice_page_start (f->page, CHESS_TB_KRK, 0, 0, 31);
      wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
      save_render (f, choosing);

      play_on_board (f, caissa_practice_peek_best_move (p));
      wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
      activate (f, "practice.hint");
      save_render (f, hint);

      while (caissa_practice_get_state (p) != CAISSA_PRACTICE_STATE_FINISHED)
        {
          play_on_board (f, caissa_practice_peek_best_move (p));
          if (caissa_practice_get_state (p) == CAISSA_PRACTICE_STATE_DEFENDER)
            wait_until (p, CAISSA_PRACTICE_STATE_PLAYER);
        }
      g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_CHECKMATE);
      save_render (f, summary);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

#define ADD(path, func, data) \
  g_test_add ("/app/practice-page/" path, Fixture, data, fixture_setup, func, fixture_teardown)
  ADD ("session", test_session, NULL);
  ADD ("stalemate", test_stalemate, NULL);
  ADD ("feedback-off", test_feedback_off, NULL);
  ADD ("choosers", test_choosers, NULL);
  ADD ("renders-light", test_renders, GINT_TO_POINTER (FALSE));
  ADD ("renders-dark", test_renders, GINT_TO_POINTER (TRUE));
#undef ADD

  return g_test_run ();
}
