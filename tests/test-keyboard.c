/* test-keyboard.c — playing without a mouse: the board's keyboard cursor,
 * moves typed in SAN (the board and CaissaMoveEntry), what the board tells
 * assistive technology, and a shortcuts window that lists every key.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys are delivered by emitting the widgets' own key controllers, as the
 * window would; CAISSA_TEST_SAVE_PNG=DIR keeps renders of the cursor.
 */
#include <string.h>

#include <adwaita.h>

#include "caissa-application.h"
#include "caissa-board.h"
#include "caissa-move-entry.h"
#include "caissa-window.h"
#include "test-util-gtk.h"

typedef struct
{
  GtkWidget   *window;
  GtkWidget   *button;
  CaissaBoard *board;
  CaissaGame  *game;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *fen = data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  f->game = caissa_game_new ();
  if (fen != NULL)
    g_assert_true (caissa_game_load_fen (f->game, fen, NULL));
  f->board = CAISSA_BOARD (caissa_board_new ());
  caissa_board_set_game (f->board, f->game);
  caissa_board_set_animate (f->board, FALSE);
  gtk_widget_set_size_request (GTK_WIDGET (f->board), 320, 320);
  f->button = gtk_button_new_with_label ("Before");
  gtk_box_append (GTK_BOX (box), f->button);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->board));
  f->window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (f->window), box);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (f->game);
}

/* Delivers a key press to the first key controller of widget in the given
 * phase; returns whether it was taken. */
static gboolean
send_key (GtkWidget       *widget,
          GtkPropagationPhase phase,
          guint            keyval,
          GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_KEY (controller)
          || gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;
      g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
      return handled;
    }
  g_error ("%s has no key controller in that phase", G_OBJECT_TYPE_NAME (widget));
}

static gboolean
key (Fixture *f,
     guint    keyval)
{
  return send_key (GTK_WIDGET (f->board), GTK_PHASE_BUBBLE, keyval, 0);
}

static ChessSquare
sq (const char *name)
{
  return chess_square_make (name[0] - 'a', name[1] - '1');
}

static const char *
cursor_name (Fixture *f)
{
  static char name[3];

  return chess_square_name (caissa_board_get_cursor (f->board), name);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* --- The cursor ------------------------------------------------------------------- */

static void
test_cursor (Fixture       *f,
             gconstpointer  data)
{
  guint notified = 0;

  g_signal_connect (f->board, "notify::keyboard-cursor", G_CALLBACK (count_cb), &notified);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_widget_grab_focus (GTK_WIDGET (f->board));

  /* Hidden at first: the arrows are the window's (move navigation). */
  g_assert_false (caissa_board_get_keyboard_cursor (f->board));
  g_assert_false (key (f, GDK_KEY_Left));
  g_assert_false (key (f, GDK_KEY_space));

  /* Enter shows it, in front of the king of the side to move. */
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_true (caissa_board_get_keyboard_cursor (f->board));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (cursor_name (f), ==, "e2");

  /* The arrows move it as the board is seen, and stop at the edge. */
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Left));
  g_assert_cmpstr (cursor_name (f), ==, "d4");
  caissa_board_set_flipped (f->board, TRUE);
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Left));
  g_assert_cmpstr (cursor_name (f), ==, "e3");
  caissa_board_set_flipped (f->board, FALSE);
  for (int i = 0; i < 9; i++)
    {
      g_assert_true (key (f, GDK_KEY_Down));
      g_assert_true (key (f, GDK_KEY_KP_Left));
    }
  g_assert_cmpstr (cursor_name (f), ==, "a1");

  /* Escape hides it; the arrows go back to the window. */
  g_assert_true (key (f, GDK_KEY_Escape));
  g_assert_false (caissa_board_get_keyboard_cursor (f->board));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_false (key (f, GDK_KEY_Escape));
  g_assert_false (key (f, GDK_KEY_Right));

  /* Focus coming by the keyboard (Tab) shows it again, where it was. */
  gtk_widget_grab_focus (f->button);
  g_assert_true (gtk_widget_child_focus (f->window, GTK_DIR_TAB_FORWARD));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->board)));
  g_assert_true (caissa_board_get_keyboard_cursor (f->board));
  g_assert_cmpstr (cursor_name (f), ==, "a1");

  /* Modified keys are not the board's. */
  g_assert_false (send_key (GTK_WIDGET (f->board), GTK_PHASE_BUBBLE, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_cmpstr (cursor_name (f), ==, "a1");
}

/* Moves with Enter and Space, a promotion through the chooser. */
static void
test_play (Fixture       *f,
           gconstpointer  data)
{
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  caissa_board_set_keyboard_cursor (f->board, TRUE);

  /* 1. e4: Enter picks up the pawn, Up Up, Enter puts it down on e4. */
  g_assert_cmpstr (cursor_name (f), ==, "e2");
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("e2"));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 1);
  g_assert_cmpstr (caissa_game_get_san (f->game, 1), ==, "e4");
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  /* A second Space on the piece picked up puts it back. */
  caissa_board_set_cursor (f->board, sq ("e7"));
  g_assert_true (key (f, GDK_KEY_space));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("e7"));
  g_assert_true (key (f, GDK_KEY_space));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);

  /* 1... e5 with Space. */
  g_assert_true (key (f, GDK_KEY_space));
  g_assert_true (key (f, GDK_KEY_Down));
  g_assert_true (key (f, GDK_KEY_Down));
  g_assert_true (key (f, GDK_KEY_space));
  g_assert_cmpstr (caissa_game_get_san (f->game, 2), ==, "e5");

  /* Escape drops a piece picked up, and keeps the cursor. */
  caissa_board_set_cursor (f->board, sq ("g1"));
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("g1"));
  g_assert_true (key (f, GDK_KEY_Escape));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);
  g_assert_true (caissa_board_get_keyboard_cursor (f->board));

  /* While a clock press is due no move can be made: Space is the clock's
   * (the window's), Enter does nothing but stays on the board. */
  caissa_game_set_press_required (f->game, TRUE);
  if (caissa_game_get_awaiting_press (f->game))
    g_assert_true (caissa_game_press (f->game));
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Left));
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpstr (caissa_game_get_san (f->game, 3), ==, "Nf3");
  g_assert_true (caissa_game_get_awaiting_press (f->game));
  g_assert_false (key (f, GDK_KEY_space));
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, CHESS_NO_SQUARE);
  g_assert_true (caissa_game_press (f->game));
  caissa_board_set_cursor (f->board, sq ("b8"));
  g_assert_true (key (f, GDK_KEY_space));
  g_assert_cmpint (caissa_board_get_selected_square (f->board), ==, sq ("b8"));
}

static void
test_promotion (Fixture       *f,
                gconstpointer  data)
{
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  caissa_board_set_keyboard_cursor (f->board, TRUE);
  caissa_board_set_cursor (f->board, sq ("a7"));

  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_true (key (f, GDK_KEY_Up));
  g_assert_true (key (f, GDK_KEY_Return));
  /* The chooser is open, the cursor on its first piece, the queen. */
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, sq ("a8"));
  g_assert_cmpstr (cursor_name (f), ==, "a8");
  g_assert_cmpstr (caissa_board_get_announcement (f->board), ==, "a8, promote to white queen");
  /* Down: the knight. */
  g_assert_true (key (f, GDK_KEY_Down));
  g_assert_cmpstr (caissa_board_get_announcement (f->board), ==, "a7, promote to white knight");
  g_assert_true (key (f, GDK_KEY_Return));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 1);
  g_assert_cmpstr (caissa_game_get_san (f->game, 1), ==, "a8=N");
  g_assert_cmpint (caissa_board_get_promotion_square (f->board), ==, CHESS_NO_SQUARE);
}

/* --- Typing moves ------------------------------------------------------------------ */

static gboolean
start_typing_cb (CaissaBoard *board,
                 const char  *text,
                 GString     *typed)
{
  g_string_append (typed, text);
  return TRUE;
}

static void
test_start_typing (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GString) typed = g_string_new (NULL);

  g_signal_connect (f->board, "start-typing", G_CALLBACK (start_typing_cb), typed);

  /* Without the cursor letters are the window's ("f" flips). */
  g_assert_false (key (f, GDK_KEY_e));
  caissa_board_set_keyboard_cursor (f->board, TRUE);
  g_assert_true (key (f, GDK_KEY_e));
  g_assert_true (send_key (GTK_WIDGET (f->board), GTK_PHASE_BUBBLE, GDK_KEY_N, GDK_SHIFT_MASK));
  g_assert_true (key (f, GDK_KEY_f));
  g_assert_true (send_key (GTK_WIDGET (f->board), GTK_PHASE_BUBBLE, GDK_KEY_O, GDK_SHIFT_MASK));
  /* Letters no move begins with are left alone. */
  g_assert_false (key (f, GDK_KEY_x));
  g_assert_false (key (f, GDK_KEY_p));
  g_assert_false (key (f, GDK_KEY_z));
  g_assert_cmpstr (typed->str, ==, "eNfO");
}

static void
test_play_san (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (caissa_board_play_san (f->board, " Nf3 ", &error));
  g_assert_no_error (error);
  /* The cursor goes where the piece went. */
  g_assert_cmpstr (cursor_name (f), ==, "f3");

  /* The core's reason, word for word. */
  g_assert_false (caissa_board_play_san (f->board, "Nf3", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_SAN);
  g_assert_nonnull (strstr (error->message, "illegal"));
  g_clear_error (&error);
  g_assert_false (caissa_board_play_san (f->board, "hello", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_SAN);
  g_assert_nonnull (strstr (error->message, "not a move"));
  g_clear_error (&error);

  /* Touch-move holds for typed moves too. */
  caissa_board_set_touch_move (f->board, TRUE);
  caissa_board_activate_square (f->board, sq ("g8"));
  g_assert_cmpint (caissa_board_get_committed_square (f->board), ==, sq ("g8"));
  g_assert_false (caissa_board_play_san (f->board, "e5", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_NOT_ALLOWED);
  g_assert_cmpstr (error->message, ==, "Touch-move: you must move the piece on g8");
  g_clear_error (&error);
  g_assert_true (caissa_board_play_san (f->board, "Nf6", NULL));

  /* An earlier position is shown: no move. */
  caissa_game_go_first (f->game);
  g_assert_false (caissa_board_play_san (f->board, "e4", &error));
  g_assert_error (error, CAISSA_GAME_ERROR, CAISSA_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "earlier position"));
  g_clear_error (&error);
  caissa_game_go_last (f->game);

  /* Over: no move. */
  caissa_board_set_touch_move (f->board, FALSE);
  g_assert_true (caissa_board_play_san (f->board, "e4", NULL));
  g_assert_true (caissa_game_resign (f->game, CAISSA_COLOR_BLACK));
  g_assert_false (caissa_board_play_san (f->board, "Nc6", &error));
  g_assert_cmpstr (error->message, ==, "The game is over");
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 3);
}

static GtkWidget *
focus_of (GtkWidget *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

static void
test_move_entry (Fixture       *f,
                 gconstpointer  data)
{
  CaissaMoveEntry *entry = CAISSA_MOVE_ENTRY (caissa_move_entry_new ());
  GtkEditable *editable = caissa_move_entry_get_editable (entry);
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (f->board));

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (entry));
  caissa_move_entry_set_board (entry, f->board);
  g_assert_true (caissa_move_entry_get_board (entry) == f->board);
  gtk_window_present (GTK_WINDOW (f->window));

  /* Enter plays the move; the field empties, the board takes the focus
   * and shows its cursor. */
  gtk_widget_grab_focus (GTK_WIDGET (editable));
  gtk_editable_set_text (editable, "e4");
  g_assert_true (caissa_move_entry_activate (entry));
  g_assert_cmpstr (caissa_game_get_san (f->game, 1), ==, "e4");
  g_assert_cmpstr (gtk_editable_get_text (editable), ==, "");
  g_assert_null (caissa_move_entry_get_error (entry));
  g_assert_true (focus_of (f->window) == GTK_WIDGET (f->board));
  g_assert_true (caissa_board_get_keyboard_cursor (f->board));

  /* A refused move stays, with the reason, until the text changes. */
  gtk_editable_set_text (editable, "Qxf7");
  g_assert_false (caissa_move_entry_activate (entry));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 1);
  g_assert_cmpstr (gtk_editable_get_text (editable), ==, "Qxf7");
  g_assert_nonnull (caissa_move_entry_get_error (entry));
  g_assert_nonnull (strstr (caissa_move_entry_get_error (entry), "“Qxf7” was not played: "));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (editable), "error"));
  gtk_editable_set_text (editable, "e5");
  g_assert_null (caissa_move_entry_get_error (entry));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (editable), "error"));
  g_assert_true (caissa_move_entry_activate (entry));
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 2);

  /* Typing on the board (cursor shown) starts the field with that key. */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->board)));
  g_assert_true (key (f, GDK_KEY_N));
  g_assert_cmpstr (gtk_editable_get_text (editable), ==, "N");
  g_assert_true (gtk_widget_is_ancestor (focus_of (f->window), GTK_WIDGET (editable))
                 || focus_of (f->window) == GTK_WIDGET (editable));
  gtk_editable_insert_text (editable, "f3", -1, &(int) { 1 });
  g_assert_cmpstr (gtk_editable_get_text (editable), ==, "Nf3");
  g_assert_true (caissa_move_entry_activate (entry));
  g_assert_cmpstr (caissa_game_get_san (f->game, 3), ==, "Nf3");

  /* Escape in the field empties it and goes back to the board. */
  g_assert_true (key (f, GDK_KEY_b));
  g_assert_true (send_key (GTK_WIDGET (editable), GTK_PHASE_CAPTURE, GDK_KEY_Escape, 0));
  g_assert_cmpstr (gtk_editable_get_text (editable), ==, "");
  g_assert_true (focus_of (f->window) == GTK_WIDGET (f->board));
}

/* --- Accessibility ---------------------------------------------------------------- */

static void
test_accessible (Fixture       *f,
                 gconstpointer  data)
{
  GtkAccessible *board = GTK_ACCESSIBLE (f->board);

  gtk_test_accessible_assert_role (board, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_LABEL, "Chessboard");
  g_assert_cmpstr (caissa_board_get_announcement (f->board), ==, "");

  caissa_board_set_keyboard_cursor (f->board, TRUE);
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "e2, white pawn");
  caissa_board_set_cursor (f->board, sq ("e4"));
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "e4, empty square");
  g_assert_true (caissa_board_play_san (f->board, "e4", NULL));
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "e4, white pawn. Last move: e4");
  g_assert_true (caissa_board_play_san (f->board, "Nf6", NULL));
  caissa_board_set_cursor (f->board, sq ("f6"));
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "f6, black knight. Last move: Nf6");

  /* A piece picked up, the cursor elsewhere. */
  caissa_board_activate_square (f->board, sq ("g1"));
  caissa_board_set_cursor (f->board, sq ("f3"));
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "f3, empty square. Selected: g1, white knight. Last move: Nf6");

  /* Touch-move commitments are told (and shown as a tooltip). */
  caissa_board_cancel (f->board);
  caissa_board_set_touch_move (f->board, TRUE);
  caissa_board_set_keyboard_cursor (f->board, FALSE);
  caissa_board_activate_square (f->board, sq ("d2"));
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Selected: d2, white pawn. "
                                       "Touch-move: you must move the piece on d2. Last move: Nf6");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (f->board)), ==,
                   "Touch-move: you must move the piece on d2");

  /* Looking back: the move shown is the last move told. */
  caissa_board_set_touch_move (f->board, FALSE);
  caissa_game_go_previous (f->game);
  gtk_test_accessible_assert_property (board, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Last move: e4");
  caissa_game_go_first (f->game);
  g_assert_cmpstr (caissa_board_get_announcement (f->board), ==, "");
}

/* --- The cursor drawn -------------------------------------------------------------- */

/* The board rendered alone; pixels B G R A, premultiplied. */
static guchar *
render_board (Fixture    *f,
              const char *name,
              int        *width,
              gsize      *stride)
{
  const char *dir = g_getenv ("CAISSA_TEST_SAVE_PNG");
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (f->board));
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  guchar *pixels;

  test_util_wait_for_frame (f->window);
  test_util_wait_for_frame (f->window);
  *width = gtk_widget_get_width (GTK_WIDGET (f->board));
  gdk_paintable_snapshot (paintable, snapshot, *width, *width);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *width));
  gsk_render_node_unref (node);
  *stride = (gsize) gdk_texture_get_width (texture) * 4;
  pixels = g_malloc (*stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, pixels, *stride);
  if (dir != NULL)
    {
      g_autofree char *file = g_strdup_printf ("%s.png", name);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_mkdir_with_parents (dir, 0755);
      gdk_texture_save_to_png (texture, path);
    }
  return pixels;
}

static void
test_cursor_drawn (Fixture       *f,
                   gconstpointer  data)
{
  static const struct
  {
    const char *name;
    gboolean    dark;
  } looks[] = { { "cursor-light", FALSE }, { "cursor-dark", TRUE } };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint l = 0; l < G_N_ELEMENTS (looks); l++)
    {
      g_autofree guchar *before = NULL;
      g_autofree guchar *after = NULL;
      g_autofree guchar *unfocused = NULL;
      graphene_rect_t bounds;
      int width;
      gsize stride;
      int x, y;
      const guchar *p;

      adw_style_manager_set_color_scheme (style, looks[l].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                               : ADW_COLOR_SCHEME_FORCE_LIGHT);
      gtk_window_present (GTK_WINDOW (f->window));
      gtk_widget_grab_focus (GTK_WIDGET (f->board));
      caissa_board_set_keyboard_cursor (f->board, FALSE);
      before = render_board (f, "cursor-none", &width, &stride);

      caissa_board_set_keyboard_cursor (f->board, TRUE);
      caissa_board_set_cursor (f->board, sq ("d4"));
      after = render_board (f, looks[l].name, &width, &stride);

      /* The ring: GNOME's blue at the square's edge, the square's middle
       * unchanged, and other squares untouched. */
      g_assert_true (caissa_board_get_square_bounds (f->board, sq ("d4"), &bounds));
      x = (int) bounds.origin.x + 1;
      y = (int) (bounds.origin.y + bounds.size.height / 2);
      p = after + y * stride + x * 4;
      g_assert_cmpint (p[0], >, 180);            /* blue */
      g_assert_cmpint (p[2], <, 100);            /* little red */
      x = (int) (bounds.origin.x + bounds.size.width / 2);
      g_assert_cmpmem (after + y * stride + x * 4, 4, before + y * stride + x * 4, 4);
      g_assert_true (caissa_board_get_square_bounds (f->board, sq ("h8"), &bounds));
      x = (int) bounds.origin.x + 1;
      y = (int) bounds.origin.y + 1;
      g_assert_cmpmem (after + y * stride + x * 4, 4, before + y * stride + x * 4, 4);

      /* Without the focus the cursor is not drawn. */
      gtk_widget_grab_focus (f->button);
      unfocused = render_board (f, "cursor-unfocused", &width, &stride);
      g_assert_cmpmem (unfocused, stride * width, before, stride * width);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* --- The shortcuts window lists every key ---------------------------------------- */

typedef struct
{
  GPtrArray *actions;        /* action names */
  GArray    *keys;           /* guint keyval, GdkModifierType pairs */
} Overlay;

static void
overlay_add_accelerators (Overlay    *o,
                          const char *accelerators)
{
  g_auto(GStrv) parts = g_strsplit (accelerators, " ", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint keyval;
      GdkModifierType mods;

      if (strstr (parts[i], "...") != NULL)
        {
          /* A range "a...h": every key in it. */
          g_auto(GStrv) ends = g_strsplit (parts[i], "...", 2);
          guint first, last;

          g_assert_true (gtk_accelerator_parse (ends[0], &first, &mods));
          g_assert_true (gtk_accelerator_parse (ends[1], &last, &mods));
          for (keyval = first; keyval <= last; keyval++)
            {
              g_array_append_val (o->keys, keyval);
              g_array_append_val (o->keys, mods);
            }
          continue;
        }
      g_assert_true (gtk_accelerator_parse (parts[i], &keyval, &mods));
      g_array_append_val (o->keys, keyval);
      g_array_append_val (o->keys, mods);
    }
}

static gboolean
overlay_has_key (Overlay         *o,
                 guint            keyval,
                 GdkModifierType  mods)
{
  keyval = gdk_keyval_to_lower (keyval);
  for (guint i = 0; i + 1 < o->keys->len; i += 2)
    if (gdk_keyval_to_lower (g_array_index (o->keys, guint, i)) == keyval
        && g_array_index (o->keys, guint, i + 1) == (guint) mods)
      return TRUE;
  return FALSE;
}

static void
collect_overlay (GtkWidget *widget,
                 Overlay   *o)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *action = NULL;
      g_autofree char *accelerator = NULL;

      g_object_get (widget, "action-name", &action, "accelerator", &accelerator, NULL);
      /* "win.resign('white')": listed by its name. */
      if (action != NULL)
        {
          g_autofree char *name = NULL;
          g_autoptr(GVariant) target = NULL;

          g_assert_true (g_action_parse_detailed_name (action, &name, &target, NULL));
          g_ptr_array_add (o->actions, g_steal_pointer (&name));
        }
      if (accelerator != NULL && *accelerator != '\0')
        overlay_add_accelerators (o, accelerator);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_overlay (child, o);
}

/* The window's own shortcut controllers (not GTK's): their keys. */
static void
collect_shortcut_controllers (GtkWidget *widget,
                              GPtrArray *triggers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) || gtk_event_controller_get_name (controller) != NULL)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger))
            g_ptr_array_add (triggers, g_object_ref (trigger));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_shortcut_controllers (child, triggers);
}

static void
test_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/caissa/Caissa/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  g_autoptr(CaissaApplication) app = caissa_application_new ();
  g_autoptr(GPtrArray) triggers = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) described = NULL;
  g_autoptr(GError) error = NULL;
  Overlay o = { g_ptr_array_new_with_free_func (g_free), g_array_new (FALSE, FALSE, sizeof (guint)) };
  CaissaWindow *window;
  /* Keys handled in code: the clock's (caissa-window.c) and the board's
   * (caissa-board-keyboard.c). */
  static const struct
  {
    guint           keyval;
    GdkModifierType mods;
  } coded[] = {
    { GDK_KEY_space, 0 }, { GDK_KEY_Shift_L, 0 }, { GDK_KEY_Shift_R, 0 },
    { GDK_KEY_p, 0 }, { GDK_KEY_Pause, 0 },
    { GDK_KEY_Return, 0 }, { GDK_KEY_Escape, 0 },
    { GDK_KEY_Left, 0 }, { GDK_KEY_Right, 0 }, { GDK_KEY_Up, 0 }, { GDK_KEY_Down, 0 },
    { GDK_KEY_a, 0 }, { GDK_KEY_h, 0 }, { GDK_KEY_N, 0 }, { GDK_KEY_O, 0 },
    { GDK_KEY_l, GDK_CONTROL_MASK },
  };

  collect_overlay (overlay, &o);

  /* Every action with an accelerator is listed. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  described = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  g_assert_cmpuint (g_strv_length (described), >=, 8);
  for (guint i = 0; described[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), described[i]);
      g_autofree char *name = NULL;
      g_autoptr(GVariant) target = NULL;

      if (accels[0] == NULL)
        continue;
      /* "win.flip" or "win.resign('white')": the name without a target. */
      g_assert_true (g_action_parse_detailed_name (described[i], &name, &target, NULL));
      if (!g_ptr_array_find_with_equal_func (o.actions, name, g_str_equal, NULL))
        g_error ("the shortcuts window does not list %s (%s)", described[i], accels[0]);
    }

  /* Every key of the window's own shortcut controllers is listed. */
  window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  collect_shortcut_controllers (GTK_WIDGET (window), triggers);
  g_assert_cmpuint (triggers->len, >=, 5);
  for (guint i = 0; i < triggers->len; i++)
    {
      GtkKeyvalTrigger *trigger = g_ptr_array_index (triggers, i);

      if (!overlay_has_key (&o, gtk_keyval_trigger_get_keyval (trigger), gtk_keyval_trigger_get_modifiers (trigger)))
        g_error ("the shortcuts window does not list %s",
                 gtk_shortcut_trigger_to_string (GTK_SHORTCUT_TRIGGER (trigger)));
    }
  gtk_window_destroy (GTK_WINDOW (window));

  for (guint i = 0; i < G_N_ELEMENTS (coded); i++)
    if (!overlay_has_key (&o, coded[i].keyval, coded[i].mods))
      g_error ("the shortcuts window does not list %s", gdk_keyval_name (coded[i].keyval));

  g_ptr_array_unref (o.actions);
  g_array_unref (o.keys);
  gtk_window_destroy (GTK_WINDOW (overlay));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* The test accessibility backend: properties can be checked. */
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_A11Y_TEST, &status))
    return status;

#define ADD(path, fen, func) \
  g_test_add ("/app/keyboard/" path, Fixture, fen, fixture_setup, func, fixture_teardown)
  ADD ("cursor", NULL, test_cursor);
  ADD ("play", NULL, test_play);
  ADD ("promotion", "7k/P7/8/8/8/8/8/K7 w - - 0 1", test_promotion);
  ADD ("start-typing", NULL, test_start_typing);
  ADD ("play-san", NULL, test_play_san);
  ADD ("move-entry", NULL, test_move_entry);
  ADD ("accessible", NULL, test_accessible);
  ADD ("cursor-drawn", NULL, test_cursor_drawn);
#undef ADD
  g_test_add_func ("/app/keyboard/shortcuts-window", test_shortcuts_window);

  return g_test_run ();
}
