/* test-game-actions.c — the game's actions by the clock: each button
 * enabled exactly as the rules allow, its tooltip saying what it does or
 * why it cannot, a correct claim highlighted and said in the status line,
 * Accept and Decline in the row's place while an offer stands. And the
 * pieces drawn as one set: the knight no larger than the queen.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <librsvg/rsvg.h>

#include "caissa-clock-face.h"
#include "caissa-game-actions.h"
#include "caissa-game-reasons.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

static gint64 fake_time;

static gint64
fake_now (gpointer user_data)
{
  return fake_time;
}

static CaissaGameActions *
actions_of (CaissaWindow *window)
{
  GtkWidget *w = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW,
                                                              "game_actions");

  g_assert_true (CAISSA_IS_GAME_ACTIONS (w));
  return CAISSA_GAME_ACTIONS (w);
}

static const char *
label_of (CaissaWindow *window,
          const char   *name)
{
  GtkWidget *w = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW, name);

  return gtk_label_get_label (GTK_LABEL (w));
}

static void
play (CaissaGame *game,
      const char *san)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_game_play_san (game, san, &error))
    g_error ("playing %s: %s", san, error->message);
}

/* The button's state: enabled or not, and its tooltip. */
static void
assert_button (CaissaWindow *window,
               const char   *name,
               gboolean      enabled,
               const char   *tooltip)
{
  GtkWidget *button = caissa_game_actions_get_button (actions_of (window), name);

  g_assert_nonnull (button);
  if (gtk_widget_get_sensitive (button) != enabled)
    g_error ("%s is %s, expected %s (tooltip \"%s\")", name,
             enabled ? "disabled" : "enabled", enabled ? "enabled" : "disabled",
             gtk_widget_get_tooltip_text (button));
  if (tooltip != NULL)
    g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, tooltip);
}

static gboolean
is_suggested (CaissaWindow *window,
              const char   *name)
{
  return gtk_widget_has_css_class (caissa_game_actions_get_button (actions_of (window), name),
                                   "suggested-action");
}

/* The model's answer and the window's action agree, for both sides. */
static void
assert_offer_agrees (CaissaWindow *window)
{
  CaissaGame *game = caissa_window_get_game (window);
  CaissaColor who;
  gboolean can = caissa_game_reasons_offer (game, &who, NULL);

  g_assert_cmpint (can, ==, caissa_game_can_offer_draw (game, CAISSA_COLOR_WHITE)
                            || caissa_game_can_offer_draw (game, CAISSA_COLOR_BLACK));
  if (can)
    g_assert_true (caissa_game_can_offer_draw (game, who));
}

static void
test_without_clock (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaGameActions *actions = actions_of (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (actions)));
  g_assert_false (caissa_game_actions_get_answering (actions));

  /* Before any move: nothing to offer or take back; resigning is. */
  assert_button (window, "offer", FALSE, "Offer right after your move");
  assert_button (window, "claim", FALSE,
                 "A draw can be claimed when a position occurs for the third time, "
                 "or after fifty moves without a capture or a pawn move");
  g_assert_false (is_suggested (window, "claim"));
  assert_button (window, "take-back", FALSE, "No move has been made");
  assert_button (window, "resign", TRUE, "White or Black resigns: the opponent wins");
  assert_offer_agrees (window);

  /* After White's move: White may offer, or take it back. */
  play (game, "e4");
  assert_button (window, "offer", TRUE, "White offers Black a draw");
  assert_button (window, "take-back", TRUE, "Take back the last move");
  assert_offer_agrees (window);

  /* The offer stands: Accept and Decline take the row's place. */
  g_assert_true (gtk_widget_activate_action (widget, "win.offer-draw", NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_WHITE);
  g_assert_true (caissa_game_actions_get_answering (actions));
  assert_button (window, "accept", TRUE, NULL);
  assert_button (window, "decline", TRUE, NULL);
  assert_button (window, "offer", FALSE, "A draw offer stands: it is accepted or declined first");

  /* Declined: White may not offer again until Black has offered. */
  g_assert_true (gtk_widget_activate_action (widget, "win.decline-draw", NULL));
  g_assert_false (caissa_game_actions_get_answering (actions));
  assert_button (window, "offer", FALSE,
                 "Your offer was declined: you may offer again after Black has offered");
  assert_offer_agrees (window);
  play (game, "e5");
  assert_button (window, "offer", TRUE, "Black offers White a draw");
  g_assert_true (gtk_widget_activate_action (widget, "win.offer-draw", NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_BLACK);
  /* White's move declines Black's offer, and White may offer again. */
  play (game, "Nf3");
  g_assert_false (caissa_game_actions_get_answering (actions));
  assert_button (window, "offer", TRUE, "White offers Black a draw");
  play (game, "Nc6");
  assert_button (window, "offer", FALSE,
                 "Your offer was declined: you may offer again after White has offered");
  assert_offer_agrees (window);

  /* Accepted: the game is over, nothing more can be done. */
  play (game, "Bc4");
  g_assert_true (gtk_widget_activate_action (widget, "win.offer-draw", NULL));
  g_assert_true (gtk_widget_activate_action (widget, "win.accept-draw", NULL));
  g_assert_cmpint (caissa_game_get_outcome (game), ==, CAISSA_OUTCOME_DRAW);
  g_assert_false (caissa_game_actions_get_answering (actions));
  assert_button (window, "offer", FALSE, "The game is over");
  assert_button (window, "claim", FALSE, "The game is over");
  assert_button (window, "resign", FALSE, "The game is over");

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

static void
test_claim (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  const char *moves[] = { "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1" };

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (game, moves[i]);

  /* Black's Ng8 would repeat the start a third time: claimed with it. */
  g_assert_false (gtk_widget_get_visible (caissa_game_actions_get_button (actions_of (window), "claim")));
  g_assert_true (gtk_widget_get_visible (caissa_game_actions_get_button (actions_of (window), "claim-next")));
  assert_button (window, "claim-next", TRUE,
                 "Claim a draw with your next move: it repeats the position a third time");
  g_assert_true (is_suggested (window, "claim-next"));
  g_assert_cmpstr (label_of (window, "substatus_label"), ==,
                   "Black can claim a draw with the next move (threefold repetition)");

  /* Played without the claim: White may claim as the position stands. */
  play (game, "Ng8");
  g_assert_true (gtk_widget_get_visible (caissa_game_actions_get_button (actions_of (window), "claim")));
  assert_button (window, "claim", TRUE, "Claim a draw by threefold repetition");
  g_assert_true (is_suggested (window, "claim"));
  g_assert_cmpstr (label_of (window, "substatus_label"), ==,
                   "White can claim a draw by threefold repetition");

  /* Played on: the claim is lost, the highlight and the line go. */
  play (game, "e4");
  assert_button (window, "claim", FALSE, NULL);
  g_assert_false (is_suggested (window, "claim"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                                     CAISSA_TYPE_WINDOW,
                                                                                     "substatus_label"))));
  play (game, "e5");
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (game, moves[i]);
  play (game, "Ng8");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.claim-draw", NULL));
  g_assert_cmpint (caissa_game_get_outcome_reason (game), ==, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM);
  assert_button (window, "claim", FALSE, "The game is over");
  g_assert_false (is_suggested (window, "claim"));

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

static void
test_under_clock (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);
  CaissaClockFace *face;
  CaissaClock *clock;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  clock = caissa_window_get_clock (window);
  caissa_clock_set_time_func (clock, fake_now, NULL, NULL);
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window))));

  assert_button (window, "offer", FALSE, "Offer after your move, before you press your clock");
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_BLACK));
  fake_time += 1000;
  play (game, "d4");

  /* Moved, not pressed: White may offer, or ask to take it back; Black
   * cannot claim before White's press. */
  assert_button (window, "offer", TRUE, "White offers Black a draw");
  assert_button (window, "take-back", TRUE, "Ask Black to let White take back the last move");
  assert_button (window, "claim", FALSE, "Black may claim once White has pressed the clock");
  assert_offer_agrees (window);

  /* Pressed: too late to offer; the take-back stays until Black moves. */
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_WHITE));
  assert_button (window, "offer", FALSE, "Offer after your move, before you press your clock");
  assert_button (window, "take-back", TRUE, "Ask Black to let White take back the last move");
  assert_offer_agrees (window);

  fake_time += 1000;
  play (game, "d5");
  assert_button (window, "offer", TRUE, "Black offers White a draw");
  assert_button (window, "take-back", TRUE, "Ask White to let Black take back the last move");
  g_assert_true (gtk_widget_activate_action (widget, "win.offer-draw", NULL));
  g_assert_true (caissa_game_actions_get_answering (actions_of (window)));
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_BLACK));
  g_assert_true (caissa_game_actions_get_answering (actions_of (window)));
  g_assert_true (gtk_widget_activate_action (widget, "win.decline-draw", NULL));
  fake_time += 1000;
  play (game, "c4");
  assert_button (window, "offer", TRUE, "White offers Black a draw");
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_WHITE));
  fake_time += 1000;
  play (game, "e6");
  assert_button (window, "offer", FALSE,
                 "Your offer was declined: you may offer again after White has offered");
  assert_offer_agrees (window);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* A click on the board as GTK gives it to the window's watch on it. */
static void
click_board (CaissaWindow *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (caissa_window_get_board (window));
  guint found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c) && gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE)
        {
          g_signal_emit_by_name (c, "pressed", 1, 10.0, 10.0);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 1);
}

/* A click that cannot be played: the clock to press flashes, the line
 * under the status says why. */
static void
test_refused_click (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  GtkWidget *sub = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW,
                                                                "substatus_label");
  CaissaClockFace *face;
  CaissaClock *clock;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (caissa_window_set_time_control (window, "300+2", FALSE, NULL));
  g_assert_true (caissa_window_start_game (window, NULL, NULL, NULL, NULL));
  clock = caissa_window_get_clock (window);
  caissa_clock_set_time_func (clock, fake_now, NULL, NULL);
  face = CAISSA_CLOCK_FACE (gtk_widget_get_first_child (GTK_WIDGET (caissa_window_get_clock_slot (window))));

  /* Before the start: Black's clock starts White's. */
  click_board (window);
  g_assert_true (gtk_widget_has_css_class (caissa_clock_face_get_button (face, CAISSA_COLOR_BLACK), "flash"));
  g_assert_false (gtk_widget_has_css_class (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE), "flash"));
  g_assert_true (gtk_widget_get_visible (sub));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (sub)), ==, "Black’s clock must be pressed first");

  /* After White's move, before the press: White's. */
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_BLACK));
  play (game, "e4");
  click_board (window);
  g_assert_true (gtk_widget_has_css_class (caissa_clock_face_get_button (face, CAISSA_COLOR_WHITE), "flash"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (sub)), ==, "White’s clock must be pressed first");

  /* Paused: said so. */
  g_assert_true (caissa_clock_face_press (face, CAISSA_COLOR_WHITE));
  g_assert_true (caissa_clock_pause (clock, NULL));
  click_board (window);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (sub)), ==, "The clocks are paused: press P to resume them");

  /* A move can be made: nothing said. */
  g_assert_true (caissa_clock_resume (clock, NULL));
  g_assert_false (gtk_widget_get_visible (sub));
  click_board (window);
  g_assert_false (gtk_widget_get_visible (sub));

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

/* A piece's ink at 10 px a unit: its width in units and its area in
 * square units. */
static void
measure_piece (const char *name,
               double     *width,
               double     *area)
{
  g_autofree char *path = g_strdup_printf ("/io/github/caissa/Caissa/pieces/caissa/%s.svg", name);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  g_autoptr(GObject) handle = NULL;
  const int size = 450;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0, 0, size, size };
  const guchar *data;
  int stride, x0 = size, x1 = -1;
  long ink = 0;

  g_assert_nonnull (bytes);
  handle = G_OBJECT (rsvg_handle_new_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  g_assert_nonnull (handle);
  g_assert_true (rsvg_handle_render_document (RSVG_HANDLE (handle), cr, &viewport, NULL));
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      if (data[y * stride + x * 4 + 3] > 64)
        {
          ink++;
          x0 = MIN (x0, x);
          x1 = MAX (x1, x);
        }
  *width = (x1 - x0) / 10.0;
  *area = ink / 100.0;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The knight, widest and heaviest of the set once, is drawn no wider
 * than the king and queen and with no more ink than a tenth over the
 * queen's, in both colours. */
static void
test_knight_size (void)
{
  for (guint c = 0; c < 2; c++)
    {
      const char *knight = c == 0 ? "wN" : "bN";
      double kw, ka, qw, qa, nw, na;

      measure_piece (c == 0 ? "wK" : "bK", &kw, &ka);
      measure_piece (c == 0 ? "wQ" : "bQ", &qw, &qa);
      measure_piece (knight, &nw, &na);
      g_test_message ("%s: width %.1f (king %.1f, queen %.1f), ink %.0f (queen %.0f)", knight, nw, kw, qw, na, qa);
      g_assert_cmpfloat (nw, <=, MAX (kw, qw) + 0.5);
      g_assert_cmpfloat (na, <=, qa * 1.1);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/app/game-actions/without-clock", test_without_clock);
  g_test_add_func ("/app/game-actions/claim", test_claim);
  g_test_add_func ("/app/game-actions/under-clock", test_under_clock);
  g_test_add_func ("/app/game-actions/refused-click", test_refused_click);
  g_test_add_func ("/app/pieces/knight-size", test_knight_size);

  return g_test_run ();
}
