/* test-practice.c — CaissaPractice: start positions from a seed, the
 * verdicts on the player's moves, the defender's replies, the ends of a
 * session (mate, stalemate, hanging piece, fifty-move rule), grades,
 * records on disk (round trip, corrupt file) and the table cache.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "caissa-practice.h"
#include "chess-fen.h"
#include "test-util.h"

typedef struct
{
  char           *dir;
  char           *records;
  char           *cache;
  CaissaPractice *practice;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("caissa-practice-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->records = g_build_filename (f->dir, "data", "caissa", "practice.ini", NULL);
  f->cache = g_build_filename (f->dir, "cache", NULL);
  f->practice = caissa_practice_new (f->records, f->cache);
  /* Most tests need no cache; the cache tests turn it on. */
  caissa_practice_set_cache_tables (f->practice, FALSE);
  caissa_practice_set_reply_delay (f->practice, 0);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_finalize_object (f->practice);
  test_util_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->records);
  g_free (f->cache);
}

static void
wait_ready (CaissaPractice *practice)
{
  while (!caissa_practice_get_ready (practice))
    g_main_context_iteration (NULL, TRUE);
}

/* Lets the defender's reply (delay 0: an idle) be played. */
static void
wait_player (CaissaPractice *practice)
{
  while (caissa_practice_get_state (practice) == CAISSA_PRACTICE_STATE_DEFENDER)
    g_main_context_iteration (NULL, TRUE);
}

static void
setup_ending (CaissaPractice           *practice,
              ChessTbEnding             ending,
              CaissaPracticeDifficulty  difficulty)
{
  caissa_practice_set_ending (practice, ending);
  caissa_practice_set_difficulty (practice, difficulty);
  wait_ready (practice);
}

static const ChessPosition *
game_position (CaissaPractice *practice)
{
  return caissa_game_get_position (caissa_practice_get_game (practice));
}

static ChessTbMoveValue
value_of (const ChessPosition *pos,
          ChessMove            move)
{
  ChessTbMoveValue values[CHESS_MAX_MOVES];
  unsigned n = chess_tb_probe_moves (pos, values);

  for (unsigned i = 0; i < n; i++)
    if (values[i].move == move)
      return values[i];
  g_assert_not_reached ();
}

/* --- Start positions ------------------------------------------------------ */

static void
test_start (Fixture       *f,
            gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessPosition first;
  ChessTbResult r;
  ChessColor strong;
  guint lo, hi;

  for (ChessTbEnding e = CHESS_TB_KQK; e < CHESS_TB_N_ENDINGS; e++)
    for (CaissaPracticeDifficulty d = 0; d < CAISSA_PRACTICE_N_DIFFICULTIES; d++)
      {
        setup_ending (p, e, d);
        g_assert_true (caissa_practice_difficulty_range (e, d, &lo, &hi));
        g_assert_cmpuint (caissa_practice_get_min_moves (p), ==, lo);
        g_assert_cmpuint (caissa_practice_get_max_moves (p), ==, hi);
        if (d == CAISSA_PRACTICE_DIFFICULTY_FULL)
          g_assert_cmpuint (hi, ==, chess_practice_longest_start (e));

        caissa_practice_start (p, 42 + e * 10 + d);
        g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
        g_assert_false (caissa_practice_get_start_pending (p));

        /* The conditions: the ending's material, the player (White by
         * default) strong and to move, a win in the range, the lone king
         * not in check. */
        first = *game_position (p);
        g_assert_cmpint (chess_tb_ending_of (&first, &strong), ==, e);
        g_assert_cmpint (strong, ==, CHESS_WHITE);
        g_assert_cmpint (first.side, ==, CHESS_WHITE);
        g_assert_cmpint (caissa_practice_get_color (p), ==, CAISSA_COLOR_WHITE);
        g_assert_true (chess_tb_probe (&first, &r));
        g_assert_cmpint (r.wdl, ==, CHESS_TB_WIN);
        g_assert_cmpint (r.dtm_moves, >=, (int) lo);
        g_assert_cmpint (r.dtm_moves, <=, (int) hi);
        g_assert_cmpuint (caissa_practice_get_fewest (p), ==, r.dtm_moves);
        g_assert_cmpint (caissa_practice_get_mate_in (p), ==, r.dtm_moves);
        g_assert_cmpuint (first.halfmove, ==, 0);
        {
          ChessPosition lone = first;

          lone.side = CHESS_BLACK;
          chess_position_finish (&lone);
          g_assert_false (chess_position_in_check (&lone));
        }

        /* The same seed gives the same position; the next one another seed. */
        caissa_practice_try_again (p);
        g_assert_cmpmem (game_position (p)->board, 64, first.board, 64);
        caissa_practice_new_position (p);
        g_assert_cmpuint (caissa_practice_get_seed (p), !=, 42 + e * 10 + d);
        g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
      }

  /* Black as the player: the board's game has Black strong and to move. */
  caissa_practice_set_player_color (p, CAISSA_COLOR_BLACK);
  setup_ending (p, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  caissa_practice_start (p, 7);
  g_assert_cmpint (chess_tb_ending_of (game_position (p), &strong), ==, CHESS_TB_KRK);
  g_assert_cmpint (strong, ==, CHESS_BLACK);
  g_assert_cmpint (game_position (p)->side, ==, CHESS_BLACK);
  g_assert_cmpint (caissa_practice_get_color (p), ==, CAISSA_COLOR_BLACK);

  /* A range no position has: no session, and it says so. */
  caissa_practice_set_ending (p, CHESS_TB_KQK);
  caissa_practice_set_range (p, 11, 20);
  caissa_practice_start (p, 1);
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_NONE);
  {
    gboolean failed;

    g_object_get (p, "start-failed", &failed, NULL);
    g_assert_true (failed);
  }
}

/* A start asked for before the table is there comes when it is. */
static void
test_start_pending (Fixture       *f,
                    gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessTbResult r;

  caissa_practice_wait_for_tables ();
  chess_tb_free_all ();
  caissa_practice_set_ending (p, CHESS_TB_KBNK);
  g_assert_false (caissa_practice_get_ready (p));
  caissa_practice_start (p, 3);
  g_assert_true (caissa_practice_get_start_pending (p));
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_NONE);
  wait_ready (p);
  g_assert_cmpfloat (caissa_practice_get_progress (p), ==, 1.0);
  g_assert_false (caissa_practice_get_start_pending (p));
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_true (chess_tb_probe (game_position (p), &r));
  g_assert_cmpint (r.ending, ==, CHESS_TB_KBNK);
  g_assert_cmpint (r.dtm_moves, >=, 4);
  g_assert_cmpint (r.dtm_moves, <=, 8);
}

typedef struct
{
  GThread *main_thread;
  guint    notified;
  guint    elsewhere;
} ProgressWatch;

static void
progress_notified_cb (CaissaPractice *p,
                      GParamSpec     *pspec,
                      ProgressWatch  *w)
{
  w->notified++;
  if (g_thread_self () != w->main_thread)
    w->elsewhere++;
}

/* Progress reaches the object in the thread that started the build, even
 * when that thread is busy elsewhere (owning no main context) while the
 * table is built: g_main_context_invoke() would have run it in the
 * builder's thread, and the page's widgets with it. */
static void
test_progress_thread (Fixture       *f,
                      gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ProgressWatch w = { g_thread_self (), 0, 0 };
  gulong id;

  caissa_practice_wait_for_tables ();
  chess_tb_free_all ();
  id = g_signal_connect (p, "notify::progress", G_CALLBACK (progress_notified_cb), &w);
  caissa_practice_set_ending (p, CHESS_TB_KBNK);
  g_assert_false (caissa_practice_get_ready (p));
  w.notified = 0;
  /* Busy: the build runs to its end without this thread iterating. */
  caissa_practice_wait_for_tables ();
  g_assert_true (chess_tb_is_built (CHESS_TB_KBNK));
  g_assert_cmpuint (w.elsewhere, ==, 0);
  g_assert_cmpuint (w.notified, ==, 0);
  g_assert_false (caissa_practice_get_ready (p));
  /* Then everything arrives here, in order, up to ready. */
  wait_ready (p);
  g_assert_cmpuint (w.elsewhere, ==, 0);
  g_assert_cmpuint (w.notified, >, 2);
  g_assert_cmpfloat (caissa_practice_get_progress (p), ==, 1.0);
  g_signal_handler_disconnect (p, id);
}

/* A fresh object whose table another one built: the start comes at once. */
static void
test_start_built (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(CaissaPractice) other = caissa_practice_new (f->records, f->cache);

  caissa_practice_set_cache_tables (other, FALSE);
  setup_ending (f->practice, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  g_assert_true (chess_tb_is_built (CHESS_TB_KRK));

  caissa_practice_set_ending (other, CHESS_TB_KRK);
  g_assert_true (caissa_practice_get_ready (other));
  g_clear_object (&other);

  /* Its default ending, KQK, built behind its back. */
  g_assert_true (chess_tb_build (CHESS_TB_KQK, NULL, NULL));
  other = caissa_practice_new (f->records, f->cache);
  caissa_practice_set_cache_tables (other, FALSE);
  g_assert_false (caissa_practice_get_ready (other));
  caissa_practice_start (other, 9);
  g_assert_true (caissa_practice_get_ready (other));
  g_assert_false (caissa_practice_get_start_pending (other));
  g_assert_cmpint (caissa_practice_get_state (other), ==, CAISSA_PRACTICE_STATE_PLAYER);
}

/* --- Moves ---------------------------------------------------------------- */

static void
test_best_and_defender (Fixture       *f,
                        gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessMove best[CHESS_MAX_MOVES];
  ChessPracticeJudgement j;
  ChessPosition before_reply;
  ChessTbMoveValue values[CHESS_MAX_MOVES];
  unsigned n;
  int longest = -1;
  guint plies;
  int mate_in;
  ChessMove reply;

  setup_ending (p, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_MEDIUM);
  caissa_practice_start (p, 1234);
  mate_in = caissa_practice_get_mate_in (p);
  g_assert_cmpuint (chess_practice_best_moves (game_position (p), best), >, 0);

  g_assert_true (caissa_practice_play_move (p, best[0], NULL));
  caissa_practice_get_judgement (p, &j);
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_BEST);
  g_assert_cmpint (caissa_practice_get_last_player_move (p), ==, best[0]);
  g_assert_cmpuint (caissa_practice_get_moves_used (p), ==, 1);
  g_assert_cmpuint (caissa_practice_get_wasted (p), ==, 0);
  g_assert_cmpint (caissa_practice_get_mate_in (p), ==, mate_in - 1);

  /* The reply is chosen at once and played at the next turn of the loop;
   * meanwhile the player cannot move. */
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_DEFENDER);
  g_assert_false (caissa_practice_play_move (p, best[0], NULL));
  before_reply = *game_position (p);
  plies = caissa_game_get_n_plies (caissa_practice_get_game (p));
  wait_player (p);
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
  g_assert_cmpuint (caissa_game_get_n_plies (caissa_practice_get_game (p)), ==, plies + 1);

  /* It puts mate furthest off: no reply of the lone king lasts longer. */
  reply = caissa_game_get_last_move (caissa_practice_get_game (p));
  n = chess_tb_probe_moves (&before_reply, values);
  g_assert_cmpuint (n, >, 1);
  for (unsigned i = 0; i < n; i++)
    {
      g_assert_cmpint (values[i].after.wdl, ==, CHESS_TB_WIN);
      longest = MAX (longest, values[i].after.dtm_plies);
    }
  g_assert_cmpint (value_of (&before_reply, reply).after.dtm_plies, ==, longest);
  /* And the distance did not shrink by the defender's move. */
  g_assert_cmpint (caissa_practice_get_mate_in (p), ==, mate_in - 1);
}

static void
test_wasted (Fixture       *f,
             gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessTbMoveValue values[CHESS_MAX_MOVES];
  ChessPracticeJudgement j;
  ChessTbResult now;
  const ChessPosition *pos;
  unsigned n;
  int wasted = 0;
  ChessMove slow = CHESS_MOVE_NONE;

  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_MEDIUM);
  caissa_practice_start (p, 99);
  pos = game_position (p);
  g_assert_true (chess_tb_probe (pos, &now));
  /* A move that still wins, but later than the best. */
  n = chess_tb_probe_moves (pos, values);
  for (unsigned i = 0; i < n && slow == CHESS_MOVE_NONE; i++)
    if (values[i].after.wdl == CHESS_TB_LOSS && values[i].after.dtm_moves > now.dtm_moves - 1)
      {
        slow = values[i].move;
        wasted = values[i].after.dtm_moves - (now.dtm_moves - 1);
      }
  g_assert_cmpint (slow, !=, CHESS_MOVE_NONE);

  g_assert_true (caissa_practice_play_move (p, slow, NULL));
  caissa_practice_get_judgement (p, &j);
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_WASTED);
  g_assert_cmpint (j.wasted, ==, wasted);
  g_assert_cmpuint (caissa_practice_get_wasted (p), ==, (guint) wasted);
  g_assert_cmpint (caissa_practice_get_mate_in (p), ==, now.dtm_moves - 1 + wasted);
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_DEFENDER);
  wait_player (p);
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_PLAYER);
}

/* The first seed from 1 whose start has a move that throws the win for
 * `reason`; returns that move. */
static ChessMove
find_throw (CaissaPractice          *p,
            ChessPracticeDrawReason  reason,
            ChessSquare             *hanging)
{
  for (guint64 seed = 1; seed < 500; seed++)
    {
      const ChessPosition *pos;
      ChessMoveList list;

      caissa_practice_start (p, seed);
      pos = game_position (p);
      chess_generate_legal (pos, &list);
      for (unsigned i = 0; i < list.count; i++)
        {
          ChessPracticeJudgement j;

          if (chess_practice_judge_move (pos, list.moves[i], &j)
              && j.verdict == CHESS_PRACTICE_THROWS_WIN && j.draw_reason == reason)
            {
              if (hanging != NULL)
                *hanging = j.hanging_square;
              return list.moves[i];
            }
        }
    }
  g_assert_not_reached ();
}

static void
test_stalemate (Fixture       *f,
                gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  CaissaPracticeRecord before, after;
  ChessPracticeJudgement j;
  ChessMove move;

  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET);
  move = find_throw (p, CHESS_PRACTICE_DRAW_STALEMATE, NULL);
  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, &before);

  g_assert_true (caissa_practice_play_move (p, move, NULL));
  caissa_practice_get_judgement (p, &j);
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
  g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_STALEMATE);
  /* Over at once: no reply, no grade, the game drawn by stalemate. */
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_FINISHED);
  g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_STALEMATE);
  g_assert_cmpint (caissa_practice_get_grade (p), ==, -1);
  g_assert_cmpint (caissa_practice_get_mate_in (p), ==, -1);
  g_assert_cmpint (caissa_game_get_outcome_reason (caissa_practice_get_game (p)), ==,
                   CAISSA_OUTCOME_REASON_STALEMATE);
  g_assert_false (caissa_practice_flush_reply (p));

  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, &after);
  g_assert_cmpuint (after.attempts, ==, before.attempts + 1);
  g_assert_cmpuint (after.successes, ==, before.successes);
  g_assert_cmpuint (after.streak, ==, 0);
}

static void
test_hanging_piece (Fixture       *f,
                    gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessPracticeJudgement j;
  ChessSquare hanging = CHESS_NO_SQUARE;
  ChessMove move, reply;
  ChessTbEnding endings[] = { CHESS_TB_KQK, CHESS_TB_KBNK };

  for (guint k = 0; k < G_N_ELEMENTS (endings); k++)
    {
      setup_ending (p, endings[k], CAISSA_PRACTICE_DIFFICULTY_SHORT);
      move = find_throw (p, CHESS_PRACTICE_DRAW_HANGING_PIECE, &hanging);
      g_assert_cmpint (hanging, !=, CHESS_NO_SQUARE);

      g_assert_true (caissa_practice_play_move (p, move, NULL));
      caissa_practice_get_judgement (p, &j);
      g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
      g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_HANGING_PIECE);
      g_assert_cmpint (caissa_practice_get_mate_in (p), ==, -1);
      /* The defender takes the piece, and that ends it. */
      g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_DEFENDER);
      g_assert_true (caissa_practice_flush_reply (p));
      reply = caissa_game_get_last_move (caissa_practice_get_game (p));
      g_assert_cmpint (chess_move_to (reply), ==, hanging);
      g_assert_cmpint (chess_piece_type (game_position (p)->board[hanging]), ==, CHESS_KING);
      g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_FINISHED);
      g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_PIECE_TAKEN);
      g_assert_cmpint (caissa_practice_get_grade (p), ==, -1);
    }
}

/* KBNK from a distant start, with 80 plies already gone by: even a best
 * move cannot mate before the fifty-move limit. */
static void
test_fifty_moves (Fixture       *f,
                  gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  g_autoptr(GError) error = NULL;
  ChessPracticeJudgement j;
  ChessMove best[CHESS_MAX_MOVES];
  ChessPosition pos;
  CaissaPracticeRecord before, after;

  setup_ending (p, CHESS_TB_KBNK, CAISSA_PRACTICE_DIFFICULTY_FULL);
  caissa_practice_start (p, 5);
  pos = *game_position (p);
  g_assert_cmpint (caissa_practice_get_fewest (p), >=, 22);
  caissa_practice_get_record (p, CHESS_TB_KBNK, CAISSA_PRACTICE_DIFFICULTY_FULL, &before);

  pos.halfmove = 80;
  g_assert_true (caissa_practice_start_position (p, &pos, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (game_position (p)->halfmove, ==, 80);
  g_assert_cmpuint (chess_practice_best_moves (&pos, best), >, 0);
  g_assert_true (caissa_practice_play_move (p, best[0], NULL));
  caissa_practice_get_judgement (p, &j);
  g_assert_cmpint (j.verdict, ==, CHESS_PRACTICE_THROWS_WIN);
  g_assert_cmpint (j.draw_reason, ==, CHESS_PRACTICE_DRAW_FIFTY_MOVES);
  g_assert_cmpint (caissa_practice_get_state (p), ==, CAISSA_PRACTICE_STATE_FINISHED);
  g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_FIFTY_MOVES);

  /* A session from a given position leaves the records alone. */
  caissa_practice_get_record (p, CHESS_TB_KBNK, CAISSA_PRACTICE_DIFFICULTY_FULL, &after);
  g_assert_cmpmem (&before, sizeof before, &after, sizeof after);

  /* Positions that do not qualify are refused. */
  pos.side = CHESS_BLACK;
  chess_position_finish (&pos);
  g_assert_false (caissa_practice_start_position (p, &pos, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN);
  g_clear_error (&error);
  chess_position_init_start (&pos);
  g_assert_false (caissa_practice_start_position (p, &pos, &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_FEN);
}

/* Plays the tablebase's best moves to the end; returns the moves used. */
static guint
play_perfectly (CaissaPractice *p)
{
  guint moves = 0;

  while (caissa_practice_get_state (p) == CAISSA_PRACTICE_STATE_PLAYER)
    {
      ChessMove best = caissa_practice_peek_best_move (p);
      ChessPracticeJudgement j;

      g_assert_cmpint (best, !=, CHESS_MOVE_NONE);
      g_assert_true (caissa_practice_play_move (p, best, NULL));
      caissa_practice_get_judgement (p, &j);
      g_assert_true (j.verdict == CHESS_PRACTICE_BEST || j.verdict == CHESS_PRACTICE_MATE);
      moves++;
      wait_player (p);
      g_assert_cmpuint (moves, <=, 40);
    }
  return moves;
}

static void
test_perfect_line (Fixture       *f,
                   gconstpointer  data)
{
  CaissaPractice *p = f->practice;

  for (ChessTbEnding e = CHESS_TB_KQK; e < CHESS_TB_N_ENDINGS; e++)
    {
      CaissaPracticeRecord r;
      guint fewest, used;

      setup_ending (p, e, CAISSA_PRACTICE_DIFFICULTY_FULL);
      caissa_practice_start (p, 2026 + e);
      fewest = caissa_practice_get_fewest (p);
      used = play_perfectly (p);

      g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_CHECKMATE);
      g_assert_cmpuint (used, ==, fewest);
      g_assert_cmpuint (caissa_practice_get_moves_used (p), ==, fewest);
      g_assert_cmpuint (caissa_practice_get_wasted (p), ==, 0);
      g_assert_cmpint (caissa_practice_get_mate_in (p), ==, 0);
      g_assert_cmpint (caissa_practice_get_grade (p), ==, CHESS_PRACTICE_GRADE_PERFECT);
      g_assert_cmpint (caissa_game_get_outcome_reason (caissa_practice_get_game (p)), ==,
                       CAISSA_OUTCOME_REASON_CHECKMATE);

      caissa_practice_get_record (p, e, CAISSA_PRACTICE_DIFFICULTY_FULL, &r);
      g_assert_cmpuint (r.attempts, ==, 1);
      g_assert_cmpuint (r.successes, ==, 1);
      g_assert_cmpuint (r.streak, ==, 1);
      g_assert_cmpuint (r.best_streak, ==, 1);
      g_assert_cmpint (r.best_grade, ==, CHESS_PRACTICE_GRADE_PERFECT);
      g_assert_cmpint (r.best_extra, ==, 0);
    }
}

/* A hint shows a best move, and a mate with hints is no record. */
static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  ChessMove best[CHESS_MAX_MOVES], hint;
  CaissaPracticeRecord r;
  unsigned n;
  gboolean found = FALSE;

  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  caissa_practice_start (p, 8);
  hint = caissa_practice_hint (p);
  n = chess_practice_best_moves (game_position (p), best);
  for (unsigned i = 0; i < n; i++)
    found |= best[i] == hint;
  g_assert_true (found);
  g_assert_cmpuint (caissa_practice_get_hints_used (p), ==, 1);
  play_perfectly (p);
  g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_CHECKMATE);
  g_assert_cmpint (caissa_practice_get_grade (p), ==, CHESS_PRACTICE_GRADE_PERFECT);
  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &r);
  g_assert_cmpuint (r.attempts, ==, 1);
  g_assert_cmpuint (r.successes, ==, 1);
  g_assert_cmpuint (r.streak, ==, 0);
  g_assert_cmpint (r.best_grade, ==, -1);
  /* No hint when it is not the player's turn. */
  g_assert_cmpint (caissa_practice_hint (p), ==, CHESS_MOVE_NONE);
}

/* --- Records -------------------------------------------------------------- */

static void
count_cb (CaissaPractice *practice,
          guint          *count)
{
  (*count)++;
}

static void
test_records_round_trip (Fixture       *f,
                         gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  CaissaPracticeRecord r, again;
  g_autoptr(CaissaPractice) second = NULL;
  guint records_changed = 0;

  g_signal_connect (p, "records-changed", G_CALLBACK (count_cb), &records_changed);

  setup_ending (p, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET);
  /* Two perfect mates, a thrown one, a perfect one: streak 1, best 2. */
  for (guint i = 0; i < 2; i++)
    {
      caissa_practice_new_position (p);
      play_perfectly (p);
    }
  caissa_practice_start (p, 77);
  caissa_practice_play_move (p, find_throw (p, CHESS_PRACTICE_DRAW_HANGING_PIECE, NULL), NULL);
  wait_player (p);
  g_assert_cmpint (caissa_practice_get_end (p), ==, CAISSA_PRACTICE_END_PIECE_TAKEN);
  caissa_practice_new_position (p);
  play_perfectly (p);
  caissa_practice_get_record (p, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, &r);
  g_assert_cmpuint (r.attempts, ==, 4);
  g_assert_cmpuint (r.streak, ==, 1);
  /* Starting anew without a move is no attempt; leaving a session after
   * a move is a failed one. */
  do
    caissa_practice_new_position (p);
  while (caissa_practice_get_fewest (p) < 2);
  caissa_practice_play_move (p, caissa_practice_peek_best_move (p), NULL);
  caissa_practice_set_ending (p, CHESS_TB_KQK);
  g_assert_cmpuint (records_changed, ==, 5);

  caissa_practice_get_record (p, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, &r);
  g_assert_cmpuint (r.attempts, ==, 5);
  g_assert_cmpuint (r.successes, ==, 3);
  g_assert_cmpuint (r.streak, ==, 0);
  g_assert_cmpuint (r.best_streak, ==, 2);
  g_assert_cmpint (r.best_grade, ==, CHESS_PRACTICE_GRADE_PERFECT);
  g_assert_cmpint (r.best_extra, ==, 0);
  g_assert_true (g_file_test (f->records, G_FILE_TEST_IS_REGULAR));

  /* Read back by a new object from the file alone. */
  second = caissa_practice_new (f->records, f->cache);
  caissa_practice_get_record (second, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET, &again);
  g_assert_cmpmem (&r, sizeof r, &again, sizeof again);
  g_assert_null (caissa_practice_get_records_notice (second));
  /* Other endings and difficulties are untouched. */
  caissa_practice_get_record (second, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &again);
  g_assert_cmpuint (again.attempts, ==, 0);
  g_assert_cmpint (again.best_grade, ==, -1);
}

static void
test_records_corrupt (Fixture       *f,
                      gconstpointer  data)
{
  static const char garbage[] = "[KQK/short\nattempts=\xff\xfe\n[[[\n";
  g_autoptr(CaissaPractice) p = NULL;
  g_autoptr(CaissaPractice) third = NULL;
  g_autofree char *dir = g_path_get_dirname (f->records);
  g_autofree char *backup = g_strconcat (f->records, ".bak", NULL);
  g_autofree char *kept = NULL;
  CaissaPracticeRecord r;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->records, garbage, -1, NULL));

  p = caissa_practice_new (f->records, f->cache);
  caissa_practice_set_cache_tables (p, FALSE);
  caissa_practice_set_reply_delay (p, 0);
  g_test_expect_message ("caissa-practice", G_LOG_LEVEL_WARNING, "*cannot be read*");
  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &r);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (r.attempts, ==, 0);
  g_assert_cmpstr (caissa_practice_get_records_notice (p), ==, backup);

  /* The bad file is kept as it was. */
  g_assert_true (g_file_get_contents (backup, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, garbage);

  /* Play goes on and writes a good file. */
  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  caissa_practice_start (p, 1);
  play_perfectly (p);
  third = caissa_practice_new (f->records, f->cache);
  caissa_practice_get_record (third, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &r);
  g_assert_cmpuint (r.attempts, ==, 1);
  g_assert_cmpuint (r.successes, ==, 1);
  g_assert_null (caissa_practice_get_records_notice (third));
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* A save that fails (a full disk, injected) leaves the file as it was,
 * says why in "records-error", keeps the records in memory, and the next
 * save writes them all and clears the error. */
static void
test_records_save_fails (Fixture       *f,
                         gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  g_autoptr(CaissaPractice) again = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CaissaPracticeRecord r;
  guint errors = 0;

  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  caissa_practice_start (p, 1);
  play_perfectly (p);
  g_assert_null (caissa_practice_get_records_error (p));
  g_assert_true (g_file_get_contents (f->records, &before, NULL, NULL));

  g_signal_connect (p, "notify::records-error", G_CALLBACK (count_notify_cb), &errors);
  g_setenv ("CAISSA_TEST_FAIL_WRITE", "after:10", TRUE);
  caissa_practice_start (p, 2);
  play_perfectly (p);
  g_unsetenv ("CAISSA_TEST_FAIL_WRITE");
  g_assert_cmpuint (errors, ==, 1);
  g_assert_nonnull (caissa_practice_get_records_error (p));
  g_assert_nonnull (strstr (caissa_practice_get_records_error (p), f->records));
  g_assert_true (g_file_get_contents (f->records, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* In memory, the second mate counts. */
  caissa_practice_get_record (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &r);
  g_assert_cmpuint (r.successes, ==, 2);

  /* The next save writes everything and clears the error. */
  caissa_practice_start (p, 3);
  play_perfectly (p);
  g_assert_cmpuint (errors, ==, 2);
  g_assert_null (caissa_practice_get_records_error (p));
  again = caissa_practice_new (f->records, f->cache);
  caissa_practice_get_record (again, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT, &r);
  g_assert_cmpuint (r.attempts, ==, 3);
  g_assert_cmpuint (r.successes, ==, 3);
}

/* A records path that cannot be read (here a folder) is never saved over:
 * the error says so and the folder and what it holds stay. */
static void
test_records_unreadable (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(CaissaPractice) p = NULL;
  g_autofree char *inside = g_build_filename (f->records, "keep", NULL);

  g_assert_cmpint (g_mkdir_with_parents (f->records, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, "mine", -1, NULL));

  p = caissa_practice_new (f->records, f->cache);
  caissa_practice_set_cache_tables (p, FALSE);
  caissa_practice_set_reply_delay (p, 0);
  g_test_expect_message ("caissa-practice", G_LOG_LEVEL_WARNING, "*");
  g_assert_cmpstr (caissa_practice_get_records_notice (p), ==, f->records);
  g_test_assert_expected_messages ();
  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  caissa_practice_start (p, 1);
  play_perfectly (p);
  g_assert_nonnull (caissa_practice_get_records_error (p));
  g_assert_nonnull (strstr (caissa_practice_get_records_error (p), "not saved over"));
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
}

/* Values out of range in a well-formed file are not believed. */
static void
test_records_bad_values (Fixture       *f,
                         gconstpointer  data)
{
  static const char text[] =
    "[KRK/full]\nattempts=3\nsuccesses=9\nstreak=-4\nbest-streak=x\nbest-grade=17\nbest-extra=-2\n";
  g_autofree char *dir = g_path_get_dirname (f->records);
  CaissaPracticeRecord r;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->records, text, -1, NULL));
  caissa_practice_get_record (f->practice, CHESS_TB_KRK, CAISSA_PRACTICE_DIFFICULTY_FULL, &r);
  g_assert_cmpuint (r.attempts, ==, 3);
  g_assert_cmpuint (r.successes, ==, 3);
  g_assert_cmpuint (r.streak, ==, 0);
  g_assert_cmpuint (r.best_streak, ==, 0);
  g_assert_cmpint (r.best_grade, ==, -1);
  g_assert_cmpint (r.best_extra, ==, -1);
  g_assert_null (caissa_practice_get_records_notice (f->practice));
}

/* The player's choices come back in a new object; unknown values are
 * skipped. */
static void
test_choices (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(CaissaPractice) second = NULL;
  g_autoptr(CaissaPractice) third = NULL;
  g_autoptr(GKeyFile) file = g_key_file_new ();

  caissa_practice_set_ending (f->practice, CHESS_TB_KBBK);
  caissa_practice_set_difficulty (f->practice, CAISSA_PRACTICE_DIFFICULTY_MEDIUM);
  caissa_practice_set_player_color (f->practice, CAISSA_COLOR_NONE);
  caissa_practice_save_choices (f->practice, FALSE);
  wait_ready (f->practice);

  second = caissa_practice_new (f->records, f->cache);
  g_assert_false (caissa_practice_restore_choices (second, TRUE));
  g_assert_cmpint (caissa_practice_get_ending (second), ==, CHESS_TB_KBBK);
  g_assert_cmpint (caissa_practice_get_difficulty (second), ==, CAISSA_PRACTICE_DIFFICULTY_MEDIUM);
  g_assert_cmpint (caissa_practice_get_player_color (second), ==, CAISSA_COLOR_NONE);
  wait_ready (second);

  g_assert_true (g_key_file_load_from_file (file, f->records, G_KEY_FILE_NONE, NULL));
  g_key_file_set_string (file, "choices", "ending", "KPK");
  g_key_file_set_string (file, "choices", "difficulty", "impossible");
  g_key_file_set_string (file, "choices", "flag", "perhaps");
  g_assert_true (g_key_file_save_to_file (file, f->records, NULL));
  third = caissa_practice_new (f->records, f->cache);
  g_assert_true (caissa_practice_restore_choices (third, TRUE));
  g_assert_cmpint (caissa_practice_get_ending (third), ==, CHESS_TB_KQK);
  g_assert_cmpint (caissa_practice_get_difficulty (third), ==, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  g_assert_cmpint (caissa_practice_get_player_color (third), ==, CAISSA_COLOR_NONE);
}

/* --- Table cache ---------------------------------------------------------- */

static GBytes *
serialized (ChessTbEnding ending)
{
  size_t size = chess_tb_serialize (ending, NULL, 0);
  char *buf = g_malloc (size);

  g_assert_cmpuint (chess_tb_serialize (ending, buf, size), ==, size);
  return g_bytes_new_take (buf, size);
}

static GBytes *
file_bytes (const char *path)
{
  char *data;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

static void
test_cache (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = caissa_practice_dup_cache_path (f->practice, CHESS_TB_KRRK);
  g_autofree char *krk = caissa_practice_dup_cache_path (f->practice, CHESS_TB_KRK);
  g_autoptr(GBytes) good = NULL;
  g_autoptr(GBytes) now = NULL;
  GStatBuf before, after;
  ChessTbResult r;

  /* Built and written (KRRK needs KRK too). */
  caissa_practice_wait_for_tables ();
  chess_tb_free_all ();
  caissa_practice_set_cache_tables (f->practice, TRUE);
  setup_ending (f->practice, CHESS_TB_KRRK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (krk, G_FILE_TEST_IS_REGULAR));
  good = serialized (CHESS_TB_KRRK);
  now = file_bytes (path);
  g_assert_true (g_bytes_equal (good, now));
  g_clear_pointer (&now, g_bytes_unref);

  /* Read back: the file is used as it is, not rewritten. */
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_clear_object (&f->practice);
  caissa_practice_wait_for_tables ();
  chess_tb_free_all ();
  g_assert_false (chess_tb_is_built (CHESS_TB_KRRK));
  f->practice = caissa_practice_new (f->records, f->cache);
  setup_ending (f->practice, CHESS_TB_KRRK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
  g_assert_true (chess_tb_is_built (CHESS_TB_KRRK));
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
  g_assert_cmpint (before.st_mtime, ==, after.st_mtime);

  /* A damaged cache (one byte changed, or cut short) is rebuilt and
   * rewritten, and the table answers right. */
  for (guint k = 0; k < 2; k++)
    {
      gsize len;
      g_autofree char *bytes = g_memdup2 (g_bytes_get_data (good, &len), g_bytes_get_size (good));

      if (k == 0)
        bytes[len / 2] ^= 0x5a;
      g_assert_true (g_file_set_contents (path, bytes, k == 0 ? (gssize) len : 1000, NULL));
      g_clear_object (&f->practice);
      caissa_practice_wait_for_tables ();
      chess_tb_free_all ();
      f->practice = caissa_practice_new (f->records, f->cache);
      setup_ending (f->practice, CHESS_TB_KRRK, CAISSA_PRACTICE_DIFFICULTY_SHORT);
      now = file_bytes (path);
      g_assert_true (g_bytes_equal (good, now));
      g_clear_pointer (&now, g_bytes_unref);
      caissa_practice_set_reply_delay (f->practice, 0);
      caissa_practice_start (f->practice, 11);
      g_assert_true (chess_tb_probe (game_position (f->practice), &r));
      g_assert_cmpint (r.wdl, ==, CHESS_TB_WIN);
      play_perfectly (f->practice);
      g_assert_cmpint (caissa_practice_get_end (f->practice), ==, CAISSA_PRACTICE_END_CHECKMATE);
    }
}

/* --- The state for end-to-end tests -------------------------------------- */

static void
test_describe (Fixture       *f,
               gconstpointer  data)
{
  CaissaPractice *p = f->practice;
  g_autofree char *text = NULL;
  g_autofree char *best_line = NULL;
  char uci[8];

  setup_ending (p, CHESS_TB_KQK, CAISSA_PRACTICE_DIFFICULTY_FINAL_NET);
  caissa_practice_set_range (p, 2, 2);
  caissa_practice_start (p, 42);
  text = caissa_practice_describe_state (p);
  best_line = g_strdup_printf ("practice-best %s\n",
                               chess_move_to_uci (caissa_practice_peek_best_move (p), uci));
  g_assert_nonnull (strstr (text, "practice-ending KQK\n"));
  g_assert_nonnull (strstr (text, "practice-difficulty custom\n"));
  g_assert_nonnull (strstr (text, "practice-range 2 2\n"));
  g_assert_nonnull (strstr (text, "practice-state player\n"));
  g_assert_nonnull (strstr (text, "practice-seed 42\n"));
  g_assert_nonnull (strstr (text, "practice-mate-in 2\n"));
  g_assert_nonnull (strstr (text, best_line));
  g_clear_pointer (&text, g_free);

  play_perfectly (p);
  text = caissa_practice_describe_state (p);
  g_assert_nonnull (strstr (text, "practice-state finished\n"));
  g_assert_nonnull (strstr (text, "practice-end checkmate\n"));
  g_assert_nonnull (strstr (text, "practice-moves-used 2\n"));
  g_assert_nonnull (strstr (text, "practice-grade perfect\n"));
  g_assert_nonnull (strstr (text, "practice-best none\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/model/practice/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("start", test_start);
  ADD ("start-pending", test_start_pending);
  ADD ("start-built", test_start_built);
  ADD ("progress-thread", test_progress_thread);
  ADD ("best-and-defender", test_best_and_defender);
  ADD ("wasted", test_wasted);
  ADD ("stalemate", test_stalemate);
  ADD ("hanging-piece", test_hanging_piece);
  ADD ("fifty-moves", test_fifty_moves);
  ADD ("perfect-line", test_perfect_line);
  ADD ("hint", test_hint);
  ADD ("records-round-trip", test_records_round_trip);
  ADD ("records-corrupt", test_records_corrupt);
  ADD ("records-bad-values", test_records_bad_values);
  ADD ("records-save-fails", test_records_save_fails);
  ADD ("records-unreadable", test_records_unreadable);
  ADD ("choices", test_choices);
  ADD ("cache", test_cache);
  ADD ("describe", test_describe);
#undef ADD

  return g_test_run ();
}
