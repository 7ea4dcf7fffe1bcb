/* test-app-widgets.c — the window's parts: the adaptive layout, the
 * scoresheet, the new-game dialog and the window's status and actions.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>

#include "caissa-adaptive-box.h"
#include "caissa-board.h"
#include "caissa-move-list.h"
#include "caissa-new-game-dialog.h"
#include "test-util-gtk.h"
#include "caissa-window.h"

static void
play (CaissaGame *game,
      const char *sans)
{
  g_auto(GStrv) moves = g_strsplit (sans, " ", -1);

  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!caissa_game_play_san (game, moves[i], &error))
        g_error ("playing %s: %s", moves[i], error->message);
    }
}

static void
collect (GtkWidget  *widget,
         const char *css_class,
         GPtrArray  *out)
{
  if (gtk_widget_has_css_class (widget, css_class))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect (child, css_class, out);
}

static GPtrArray *
find_all (GtkWidget  *root,
          const char *css_class)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, css_class, out);
  return out;
}

/* --- CaissaAdaptiveBox ---------------------------------------------------------- */

static void
test_adaptive_box (void)
{
  GtkWidget *box = g_object_ref_sink (caissa_adaptive_box_new ());
  GtkWidget *board = caissa_board_new ();
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  graphene_rect_t b, p;
  int min, nat;

  gtk_widget_set_size_request (panel, 200, 200);
  caissa_adaptive_box_set_board (CAISSA_ADAPTIVE_BOX (box), board);
  caissa_adaptive_box_set_panel (CAISSA_ADAPTIVE_BOX (box), panel);

  /* It can be narrower than board + panel: it stacks them. */
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, <=, 360);
  g_assert_cmpint (nat, >=, 700);

  /* Wide: side by side, the board square and as tall as the box. */
  gtk_widget_allocate (box, 1000, 700, -1, NULL);
  g_assert_false (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (box)));
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
  g_assert_cmpfloat (b.size.width, ==, b.size.height);
  g_assert_cmpfloat (b.size.height, ==, 680 > 700 ? 700 : 680);
  g_assert_cmpfloat (p.size.width, ==, 320);
  g_assert_cmpfloat (p.origin.x, >=, b.origin.x + b.size.width);
  g_assert_cmpfloat (p.origin.x + p.size.width, <=, 1000);

  /* Wide but short: the height limits the board. */
  gtk_widget_allocate (box, 1400, 500, -1, NULL);
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_cmpfloat (b.size.width, ==, 500);
  g_assert_cmpfloat (b.size.height, ==, 500);

  /* Narrow: the panel under the board, which is as wide as the box. */
  gtk_widget_allocate (box, 400, 800, -1, NULL);
  g_assert_true (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (box)));
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
  g_assert_cmpfloat (b.size.width, ==, 400);
  g_assert_cmpfloat (b.size.height, ==, 400);
  g_assert_cmpfloat (p.origin.y, >=, 400);
  g_assert_cmpfloat (p.size.width, ==, 400);
  g_assert_cmpfloat (p.origin.y + p.size.height, <=, 800);

  /* 360 wide but short: the board shrinks to leave the panel its minimum. */
  gtk_widget_allocate (box, 360, 500, -1, NULL);
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
  g_assert_cmpfloat (b.size.width, ==, 300);
  g_assert_cmpfloat (b.size.height, ==, 300);
  g_assert_cmpfloat (p.size.height, >=, 200);

  g_assert_finalize_object (box);
}

/* The minimum height is that of the layout the width allows, and a
 * height too small to stack puts the two side by side. */
static void
test_adaptive_box_short (void)
{
  GtkWidget *box = g_object_ref_sink (caissa_adaptive_box_new ());
  GtkWidget *board = caissa_board_new ();
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  int board_min, min, nat, last_side = 0;
  graphene_rect_t b, p;

  gtk_widget_set_size_request (panel, 200, 200);
  caissa_adaptive_box_set_board (CAISSA_ADAPTIVE_BOX (box), board);
  caissa_adaptive_box_set_panel (CAISSA_ADAPTIVE_BOX (box), panel);
  gtk_widget_measure (board, GTK_ORIENTATION_VERTICAL, -1, &board_min, &nat, NULL, NULL);
  g_assert_cmpint (board_min, >=, 160);

  /* Too narrow for side by side: the stacked minimum. */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 360, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, board_min + 200);
  /* Wide: side by side, as tall as the taller of the two. */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 1000, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, MAX (board_min, 200));
  /* Below the threshold but wide enough for both: side by side when short. */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 600, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, MAX (board_min, 200));

  gtk_widget_allocate (box, 600, 300, -1, NULL);
  g_assert_false (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (box)));
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
  g_assert_cmpfloat (b.size.width, ==, b.size.height);
  g_assert_cmpfloat (b.size.height, <=, 300);
  g_assert_cmpfloat (p.origin.x, >=, b.origin.x + b.size.width);
  g_assert_cmpfloat (p.size.height, <=, 300);

  /* Tall enough: stacked. As the box grows taller the board never gets
   * smaller, across the change of layout. */
  gtk_widget_allocate (box, 600, 900, -1, NULL);
  g_assert_true (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (box)));
  for (int height = MAX (board_min, 200); height <= 900; height += 4)
    {
      gtk_widget_allocate (box, 600, height, -1, NULL);
      g_assert_true (gtk_widget_compute_bounds (board, box, &b));
      g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
      g_assert_cmpfloat (b.size.width, >=, last_side);
      last_side = b.size.width;
      /* Both inside the box, apart. */
      g_assert_cmpfloat (b.origin.y + b.size.height, <=, height);
      g_assert_cmpfloat (p.origin.y + p.size.height, <=, height);
      g_assert_cmpfloat (p.size.height, >=, 200);
      g_assert_false (graphene_rect_intersection (&b, &p, NULL));
    }

  /* Stacked, the board's bottom margin and the panel's top margin make
   * one gap. */
  gtk_widget_set_margin_bottom (board, 12);
  gtk_widget_set_margin_top (panel, 12);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 360, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, board_min + 12 + 200);
  gtk_widget_allocate (box, 360, min, -1, NULL);
  g_assert_true (caissa_adaptive_box_get_narrow (CAISSA_ADAPTIVE_BOX (box)));
  g_assert_true (gtk_widget_compute_bounds (board, box, &b));
  g_assert_true (gtk_widget_compute_bounds (panel, box, &p));
  g_assert_cmpfloat (p.origin.y - (b.origin.y + b.size.height), ==, 12);
  g_assert_cmpfloat (p.origin.y + p.size.height, ==, min);

  g_assert_finalize_object (box);
}

/* Asked for a height without a width (AdwFlap asks its content so, and
 * the window's minimum comes through it), the box answers for the width
 * it has, and asks again when another width changes the answer. */
static void
test_adaptive_box_unknown_width (void)
{
  GtkWidget *box = g_object_ref_sink (caissa_adaptive_box_new ());
  GtkWidget *board = caissa_board_new ();
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  int board_min, min, nat;

  gtk_widget_set_size_request (panel, 200, 200);
  caissa_adaptive_box_set_board (CAISSA_ADAPTIVE_BOX (box), board);
  caissa_adaptive_box_set_panel (CAISSA_ADAPTIVE_BOX (box), panel);
  gtk_widget_measure (board, GTK_ORIENTATION_VERTICAL, -1, &board_min, &nat, NULL, NULL);

  /* No width yet: the least width's, stacked. */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, board_min + 200);

  gtk_widget_allocate (box, 1000, 400, -1, NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, MAX (board_min, 200));

  gtk_widget_allocate (box, 360, 400, -1, NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, board_min + 200);

  g_assert_finalize_object (box);
}

/* --- CaissaMoveList ------------------------------------------------------------------ */

static const char *
button_text (GtkWidget *button)
{
  return gtk_button_get_label (GTK_BUTTON (button));
}

static void
test_move_list (void)
{
  CaissaGame *game = caissa_game_new ();
  GtkWidget *list = g_object_ref_sink (caissa_move_list_new ());
  g_autoptr(GPtrArray) moves = NULL;
  g_autoptr(GPtrArray) numbers = NULL;
  g_autoptr(GPtrArray) current = NULL;

  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), game);
  play (game, "e4 e5 Nf3");

  moves = find_all (list, "move");
  numbers = find_all (list, "move-number");
  current = find_all (list, "current");
  g_assert_cmpuint (moves->len, ==, 3);
  g_assert_cmpuint (numbers->len, ==, 2);
  g_assert_cmpstr (button_text (moves->pdata[0]), ==, "e4");
  g_assert_cmpstr (button_text (moves->pdata[2]), ==, "Nf3");
  g_assert_cmpstr (gtk_label_get_label (numbers->pdata[1]), ==, "2.");
  g_assert_cmpuint (current->len, ==, 1);
  g_assert_true (current->pdata[0] == moves->pdata[2]);

  /* Clicking a move shows its position. */
  g_signal_emit_by_name (moves->pdata[0], "clicked");
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 1);
  g_clear_pointer (&current, g_ptr_array_unref);
  current = find_all (list, "current");
  g_assert_cmpuint (current->len, ==, 1);
  g_assert_true (current->pdata[0] == moves->pdata[0]);

  /* The start position: no move is marked. */
  caissa_game_go_first (game);
  g_clear_pointer (&current, g_ptr_array_unref);
  current = find_all (list, "current");
  g_assert_cmpuint (current->len, ==, 0);

  /* Undo removes the last move and its row. */
  caissa_game_undo (game);
  g_clear_pointer (&moves, g_ptr_array_unref);
  g_clear_pointer (&numbers, g_ptr_array_unref);
  moves = find_all (list, "move");
  numbers = find_all (list, "move-number");
  g_assert_cmpuint (moves->len, ==, 2);
  g_assert_cmpuint (numbers->len, ==, 1);

  /* A game starting with Black: "5. … Kd7", numbered from the FEN. */
  g_assert_true (caissa_game_load_fen (game, "4k3/8/8/8/8/8/8/4K2R b K - 0 5", NULL));
  play (game, "Kd7 Rh7+");
  g_clear_pointer (&moves, g_ptr_array_unref);
  g_clear_pointer (&numbers, g_ptr_array_unref);
  moves = find_all (list, "move");
  numbers = find_all (list, "move-number");
  g_assert_cmpuint (moves->len, ==, 2);
  g_assert_cmpstr (button_text (moves->pdata[0]), ==, "Kd7");
  g_assert_cmpstr (button_text (moves->pdata[1]), ==, "Rh7+");
  g_assert_cmpuint (numbers->len, ==, 2);
  g_assert_cmpstr (gtk_label_get_label (numbers->pdata[0]), ==, "5.");
  g_assert_cmpstr (gtk_label_get_label (numbers->pdata[1]), ==, "6.");

  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), NULL);
  g_clear_pointer (&moves, g_ptr_array_unref);
  moves = find_all (list, "move");
  g_assert_cmpuint (moves->len, ==, 0);

  g_assert_finalize_object (list);
  g_assert_finalize_object (game);
}

static void
figurines_notify_cb (GObject    *object,
                     GParamSpec *pspec,
                     guint      *count)
{
  (*count)++;
}

/* The notation preference: figurines for pieces, none for pawns, also
 * after "=" in a promotion; switching back restores the letters. */
static void
test_move_list_figurines (void)
{
  CaissaGame *game = caissa_game_new ();
  GtkWidget *list = g_object_ref_sink (caissa_move_list_new ());
  g_autoptr(GPtrArray) moves = NULL;
  guint notified = 0;

  g_signal_connect (list, "notify::figurines", G_CALLBACK (figurines_notify_cb), &notified);
  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), game);
  play (game, "e4 e5 Nf3");
  g_assert_false (caissa_move_list_get_figurines (CAISSA_MOVE_LIST (list)));

  g_object_set (list, "figurines", TRUE, NULL);
  g_object_set (list, "figurines", TRUE, NULL);
  g_assert_cmpuint (notified, ==, 1);
  moves = find_all (list, "move");
  g_assert_cmpuint (moves->len, ==, 3);
  g_assert_cmpstr (button_text (moves->pdata[0]), ==, "e4");
  g_assert_cmpstr (button_text (moves->pdata[2]), ==, "♘f3");

  /* Moves played while figurines are on are written with them too. */
  g_assert_true (caissa_game_load_fen (game, "8/4P3/8/8/8/8/k7/4K2R w K - 0 1", NULL));
  play (game, "e8=Q Kb3 O-O");
  g_clear_pointer (&moves, g_ptr_array_unref);
  moves = find_all (list, "move");
  g_assert_cmpuint (moves->len, ==, 3);
  g_assert_cmpstr (button_text (moves->pdata[0]), ==, "e8=♕");
  g_assert_cmpstr (button_text (moves->pdata[1]), ==, "♔b3");
  g_assert_cmpstr (button_text (moves->pdata[2]), ==, "O-O");

  caissa_move_list_set_figurines (CAISSA_MOVE_LIST (list), FALSE);
  g_assert_cmpuint (notified, ==, 2);
  g_clear_pointer (&moves, g_ptr_array_unref);
  moves = find_all (list, "move");
  g_assert_cmpstr (button_text (moves->pdata[0]), ==, "e8=Q");
  g_assert_cmpstr (button_text (moves->pdata[1]), ==, "Kb3");

  caissa_move_list_set_game (CAISSA_MOVE_LIST (list), NULL);
  g_clear_pointer (&moves, g_ptr_array_unref);
  g_assert_finalize_object (list);
  g_assert_finalize_object (game);
}

/* --- CaissaNewGameDialog ---------------------------------------------------------------- */

static void
count_cb (gpointer  object,
          guint    *count)
{
  (*count)++;
}

static void
test_new_game_dialog (void)
{
  CaissaNewGameDialog *dialog = caissa_new_game_dialog_new (NULL, "Anna", NULL);
  GtkWidget *start = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (dialog), CAISSA_TYPE_NEW_GAME_DIALOG,
                                                     "start_button");
  GtkWidget *error_label = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (dialog), CAISSA_TYPE_NEW_GAME_DIALOG,
                                                           "error_label");
  GtkWidget *fen_row = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (dialog), CAISSA_TYPE_NEW_GAME_DIALOG,
                                                                    "fen_row");
  guint starts = 0;

  g_signal_connect (dialog, "start", G_CALLBACK (count_cb), &starts);
  g_assert_cmpstr (caissa_new_game_dialog_get_white_name (dialog), ==, "Anna");
  g_assert_cmpstr (caissa_new_game_dialog_get_black_name (dialog), ==, "");
  g_assert_null (caissa_new_game_dialog_get_fen (dialog));
  g_assert_true (gtk_widget_get_sensitive (start));

  /* A bad FEN is explained inline and cannot be started. */
  caissa_new_game_dialog_set_fen (dialog, "8/8/8/8/8/8/8/8 w - - 0 1");
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_true (gtk_widget_get_visible (error_label));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (error_label)), "king"));
  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpuint (starts, ==, 0);

  caissa_new_game_dialog_set_fen (dialog, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  g_assert_true (gtk_widget_get_sensitive (fen_row));
  g_assert_true (gtk_widget_get_sensitive (start));
  g_assert_false (gtk_widget_get_visible (error_label));
  g_assert_cmpstr (caissa_new_game_dialog_get_fen (dialog), ==, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  g_signal_emit_by_name (start, "clicked");
  g_assert_cmpuint (starts, ==, 1);

  /* Back to the initial position: the FEN no longer matters. */
  caissa_new_game_dialog_set_fen (dialog, NULL);
  g_assert_null (caissa_new_game_dialog_get_fen (dialog));
  g_assert_false (gtk_widget_get_sensitive (fen_row));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* --- CaissaWindow ------------------------------------------------------------------------- */

static const char *
status_of (CaissaWindow *window)
{
  GtkWidget *label = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW, "status_label");

  return gtk_label_get_label (GTK_LABEL (label));
}

/* Whether a window action is enabled, seen as a user sees it: a button
 * bound to it is sensitive. The probes live in the clock slot. */
static gboolean
action_enabled (CaissaWindow *window,
                const char   *name)
{
  g_autofree char *action = g_strconcat ("win.", name, NULL);
  GtkBox *slot = caissa_window_get_clock_slot (window);
  GtkWidget *probe = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (slot)); child;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
      probe = child;
  if (probe == NULL)
    {
      probe = gtk_button_new ();
      if (g_str_equal (name, "resign"))
        gtk_actionable_set_detailed_action_name (GTK_ACTIONABLE (probe), "win.resign::white");
      else
        gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
      gtk_box_append (slot, probe);
    }
  return gtk_widget_get_sensitive (probe);
}

static void
test_window (void)
{
  CaissaWindow *window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  CaissaGame *game = caissa_window_get_game (window);
  g_autofree char *state = NULL;

  g_assert_cmpstr (status_of (window), ==, "White to move");
  g_assert_nonnull (caissa_window_get_clock_slot (window));
  g_assert_true (CAISSA_IS_BOARD (caissa_window_get_board (window)));
  g_assert_true (caissa_board_get_game (CAISSA_BOARD (caissa_window_get_board (window))) == game);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.flip", NULL));
  g_assert_true (caissa_board_get_flipped (CAISSA_BOARD (caissa_window_get_board (window))));

  play (game, "f3 e5 g4");
  g_assert_cmpstr (status_of (window), ==, "Black to move");
  /* Looking back does not change whose move it is. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-first", NULL));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 0);
  g_assert_cmpstr (status_of (window), ==, "Black to move");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-last", NULL));
  g_assert_cmpuint (caissa_game_get_ply (game), ==, 3);

  /* White just moved: only an offer is possible, no answer, no claim. */
  g_assert_true (action_enabled (window, "offer-draw"));
  g_assert_false (action_enabled (window, "accept-draw"));
  g_assert_false (action_enabled (window, "claim-draw"));
  g_assert_true (action_enabled (window, "undo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_WHITE);
  g_assert_true (action_enabled (window, "accept-draw"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.decline-draw", NULL));
  g_assert_cmpint (caissa_game_get_draw_offer (game), ==, CAISSA_COLOR_NONE);
  g_assert_false (action_enabled (window, "offer-draw"));

  play (game, "Qh4#");
  g_assert_cmpstr (status_of (window), ==, "Black wins by checkmate");
  g_assert_false (action_enabled (window, "resign"));
  g_assert_false (action_enabled (window, "offer-draw"));

  state = caissa_window_describe_state (window);
  g_assert_nonnull (strstr (state, "outcome black-wins\n"));
  g_assert_nonnull (strstr (state, "reason checkmate\n"));
  g_assert_nonnull (strstr (state, "result 0-1\n"));
  g_assert_nonnull (strstr (state, "n-plies 4\n"));

  /* A new game from a FEN, and a refused one. */
  g_assert_true (caissa_window_start_game (window, "Anna", "Boris", "4k3/8/8/8/8/8/8/4K2R b K - 0 1", NULL));
  g_assert_cmpstr (status_of (window), ==, "Black to move");
  g_assert_cmpstr (caissa_game_get_white_name (game), ==, "Anna");
  g_assert_false (caissa_window_start_game (window, NULL, NULL, "not a fen", NULL));
  g_assert_cmpstr (caissa_game_get_fen (game), ==, "4k3/8/8/8/8/8/8/4K2R b K - 0 1");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_outcome_describe (void)
{
  static const struct
  {
    CaissaOutcome       outcome;
    CaissaOutcomeReason reason;
    const char         *text;
  } rows[] = {
    { CAISSA_OUTCOME_WHITE_WINS, CAISSA_OUTCOME_REASON_CHECKMATE, "White wins by checkmate" },
    { CAISSA_OUTCOME_BLACK_WINS, CAISSA_OUTCOME_REASON_RESIGNATION, "Black wins: White resigned" },
    { CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_STALEMATE, "Draw by stalemate" },
    { CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_THREEFOLD_CLAIM, "Draw by threefold repetition (claimed)" },
    { CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_FIFTY_MOVE_CLAIM, "Draw by the fifty-move rule (claimed)" },
    { CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_AGREEMENT, "Draw by agreement" },
    { CAISSA_OUTCOME_DRAW, CAISSA_OUTCOME_REASON_FIVEFOLD, "Draw by fivefold repetition" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *text = caissa_outcome_describe (rows[i].outcome, rows[i].reason);

      g_assert_cmpstr (text, ==, rows[i].text);
    }
  g_assert_null (caissa_outcome_describe (CAISSA_OUTCOME_NONE, CAISSA_OUTCOME_REASON_NONE));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    return status;

  g_test_add_func ("/app/adaptive-box/layout", test_adaptive_box);
  g_test_add_func ("/app/adaptive-box/short", test_adaptive_box_short);
  g_test_add_func ("/app/adaptive-box/unknown-width", test_adaptive_box_unknown_width);
  g_test_add_func ("/app/move-list/rows", test_move_list);
  g_test_add_func ("/app/move-list/figurines", test_move_list_figurines);
  g_test_add_func ("/app/new-game-dialog/fen", test_new_game_dialog);
  g_test_add_func ("/app/window/status-and-actions", test_window);
  g_test_add_func ("/app/window/outcome-describe", test_outcome_describe);

  return g_test_run ();
}
