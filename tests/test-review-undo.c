/* test-review-undo.c — every edit in review taken back and done again
 * (caissa-window-undo.c), arrows drawn with a real secondary-button drag
 * (caissa-window-marks.c, X events from xdotool), NAGs shown as glyphs
 * or their ASCII form (caissa-nag-palette.c), and a "}" in a comment.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "caissa-move-list.h"
#include "caissa-nag-palette.h"
#include "caissa-window.h"
#include "caissa-window-review.h"
#include "chess-nag.h"
#include "chess-pgn.h"
#include "test-util-gtk.h"

static char *tmp_dir;

static const char annotated[] =
  "[Event \"Annotated\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"1-0\"]\n\n"
  "{Intro} 1. e4 (1. d4 d5 2. c4 {QGD}) 1... e5\n"
  "2. Nf3 $1 {pressure} Nc6 (2... d6 {Philidor} 3. d4) 3. Bb5 a6 1-0\n\n";

typedef struct
{
  CaissaWindow *window;
  CaissaGame   *game;
} Fixture;

static gboolean
probe_enabled (CaissaWindow *window,
               const char   *name,
               GVariant     *target)
{
  GtkBox *slot = caissa_window_get_clock_slot (window);
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  if (target != NULL)
    g_variant_ref_sink (target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), name);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (probe), target);
  gtk_box_append (slot, probe);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (slot, probe);
  if (target != NULL)
    g_variant_unref (target);
  return enabled;
}

static void
activate (Fixture    *f,
          const char *name,
          GVariant   *parameter)
{
  if (parameter != NULL)
    g_variant_ref_sink (parameter);
  g_assert_true (probe_enabled (f->window, name, parameter));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), name, parameter));
  if (parameter != NULL)
    g_variant_unref (parameter);
}

static char *
pgn_of (Fixture *f)
{
  return caissa_game_to_pgn (f->game);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (tmp_dir, "undo.pgn", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, annotated, -1, NULL));
  file = g_file_new_for_path (path);
  f->window = g_object_new (CAISSA_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 720);
  f->game = caissa_window_get_game (f->window);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (caissa_window_open_file (f->window, file, &error));
  g_assert_no_error (error);
  test_util_wait_state (f->window, "game-index", "1");
  test_util_assert_state (f->window, "analysis", "1");
  test_util_wait_for_frame (GTK_WIDGET (f->window));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  test_util_spin (50);
}

/* Walks the main line to ply. */
static void
go_to_ply (Fixture *f,
           guint    ply)
{
  caissa_game_go_to_ply (f->game, ply);
}

/* Undo gives back before (and the node shown then), Redo after, twice
 * over; then the game is left as after. */
static void
assert_undo_redo (Fixture    *f,
                  const char *before,
                  const char *after,
                  ChessNodeId shown_before)
{
  g_autofree char *now = pgn_of (f);

  g_assert_cmpstr (now, !=, before);
  g_assert_cmpstr (now, ==, after);
  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *undone = NULL, *redone = NULL;

      activate (f, "win.undo", NULL);
      undone = pgn_of (f);
      g_assert_cmpstr (undone, ==, before);
      g_assert_cmpuint (caissa_game_get_shown_node (f->game), ==, shown_before);
      activate (f, "win.redo", NULL);
      redone = pgn_of (f);
      g_assert_cmpstr (redone, ==, after);
    }
  g_assert_false (probe_enabled (f->window, "win.redo", NULL));
}

typedef void (*EditFunc) (Fixture *f);

static void
edit_move (Fixture *f)
{
  go_to_ply (f, 2);
  g_assert_true (caissa_game_play_san (f->game, "Bc4", NULL));
}

static void
edit_promote (Fixture *f)
{
  go_to_ply (f, 3);
  activate (f, "win.variation-next", NULL);
  activate (f, "win.go-next", NULL);
  activate (f, "win.promote-variation", NULL);
}

static void
edit_delete_variation (Fixture *f)
{
  go_to_ply (f, 3);
  activate (f, "win.variation-next", NULL);
  activate (f, "win.go-next", NULL);
  activate (f, "win.delete-variation", NULL);
}

static void
edit_delete_from_here (Fixture *f)
{
  go_to_ply (f, 4);
  activate (f, "win.delete-from-here", NULL);
}

static void
edit_nag (Fixture *f)
{
  go_to_ply (f, 4);
  activate (f, "win.nag", g_variant_new_uint32 (14));
}

static void
edit_result (Fixture *f)
{
  go_to_ply (f, 4);
  activate (f, "win.set-result", g_variant_new_string ("1/2-1/2"));
}

static GtkWidget *
find_name (GtkWidget  *widget,
           const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_name (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Answers dialog and waits until it is gone (the next one is found then). */
static void
close_dialog (AdwMessageDialog *dialog,
              const char       *response)
{
  gpointer weak = dialog;

  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  adw_message_dialog_response (dialog, response);
  if (weak != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  test_util_wait_for_null (&weak, 10, "the dialog closed");
}

static void
edit_comment (Fixture *f)
{
  AdwMessageDialog *dialog;
  GtkTextView *view;

  go_to_ply (f, 4);
  activate (f, "win.edit-comment", NULL);
  dialog = test_util_wait_for_dialog (10);
  view = GTK_TEXT_VIEW (test_util_find_type (GTK_WIDGET (dialog), GTK_TYPE_TEXT_VIEW));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "A new idea", -1);
  close_dialog (dialog, "apply");
}

static void
edit_headers (Fixture *f)
{
  AdwMessageDialog *dialog;
  GtkWidget *list, *row;

  go_to_ply (f, 4);
  activate (f, "win.edit-headers", NULL);
  dialog = test_util_wait_for_dialog (10);
  list = test_util_find_type (GTK_WIDGET (dialog), GTK_TYPE_LIST_BOX);
  for (row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "tag"), "Event") == 0)
      break;
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), "Renamed");
  close_dialog (dialog, "apply");
}

static void
edit_arrow (Fixture *f)
{
  go_to_ply (f, 4);
  _caissa_window_review_draw_mark (f->window, 'R', 12, 28);
}

typedef struct
{
  const char *name;
  EditFunc    edit;
} EditKind;

static const EditKind kinds[] = {
  { "move", edit_move },
  { "promote", edit_promote },
  { "delete-variation", edit_delete_variation },
  { "delete-from-here", edit_delete_from_here },
  { "comment", edit_comment },
  { "nag", edit_nag },
  { "header", edit_headers },
  { "result", edit_result },
  { "arrow", edit_arrow },
};

static void
test_undo_kind (Fixture       *f,
                gconstpointer  data)
{
  const EditKind *kind = data;
  g_autofree char *before = NULL, *after = NULL;
  ChessNodeId shown;

  g_assert_false (probe_enabled (f->window, "win.undo", NULL));
  before = pgn_of (f);
  kind->edit (f);
  after = pgn_of (f);
  test_util_assert_state (f->window, "dirty", "1");
  g_assert_true (probe_enabled (f->window, "win.undo", NULL));
  /* What the undo should show: the position the edit was made at. */
  activate (f, "win.undo", NULL);
  shown = caissa_game_get_shown_node (f->game);
  test_util_assert_state (f->window, "dirty", "0");
  activate (f, "win.redo", NULL);
  assert_undo_redo (f, before, after, shown);
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0
      && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A deletion says so in a toast whose Undo button takes it back. */
static void
test_delete_toast (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *before = pgn_of (f);
  g_autofree char *after = NULL;
  GtkWidget *button = NULL;
  gint64 deadline = test_util_deadline (30);

  edit_delete_from_here (f);
  while ((button = find_button (GTK_WIDGET (f->window), "_Undo")) == NULL
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  after = pgn_of (f);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (probe_enabled (f->window, "win.redo", NULL));
}

/* A series of edits is taken back one by one, to the game as opened. */
static void
test_undo_many (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *start = pgn_of (f);
  g_autofree char *end = NULL;
  g_autofree char *back = NULL;
  static const EditFunc edits[] = {
    edit_move, edit_nag, edit_comment, edit_headers, edit_result, edit_arrow, edit_delete_from_here,
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    edits[i] (f);
  end = pgn_of (f);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    activate (f, "win.undo", NULL);
  g_assert_false (probe_enabled (f->window, "win.undo", NULL));
  back = pgn_of (f);
  g_assert_cmpstr (back, ==, start);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    activate (f, "win.redo", NULL);
  g_free (back);
  back = pgn_of (f);
  g_assert_cmpstr (back, ==, end);
}

/* --- Arrows drawn with the mouse ---------------------------------------------------------- */

static void
run_xdotool (const char *args)
{
  g_autofree char *command = g_strconcat ("xdotool ", args, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_test_message ("%s", command);
  g_assert_true (g_spawn_command_line_sync (command, NULL, &err, &status, &error));
  if (err != NULL && *err != '\0')
    g_test_message ("xdotool: %s", err);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The centre of square in the X window's coordinates. */
static void
square_xy (Fixture    *f,
           const char *square,
           int        *x,
           int        *y)
{
  GtkWidget *board = caissa_window_get_board (f->window);
  graphene_rect_t r;
  graphene_point_t p;
  double sx, sy;
  ChessSquare sq = (ChessSquare) ((square[0] - 'a') + 8 * (square[1] - '1'));

  g_assert_true (caissa_board_get_square_bounds (CAISSA_BOARD (board), sq, &r));
  g_assert_true (gtk_widget_compute_point (board, GTK_WIDGET (f->window),
                                           &GRAPHENE_POINT_INIT (r.origin.x + r.size.width / 2,
                                                                 r.origin.y + r.size.height / 2), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (f->window), &sx, &sy);
  *x = (int) (p.x + sx);
  *y = (int) (p.y + sy);
}

static const char *
shown_comment (Fixture *f)
{
  const char *c = chess_game_node_comment (caissa_game_get_core_game (f->game),
                                           caissa_game_get_shown_node (f->game), CHESS_COMMENT_AFTER);

  return c ? c : "";
}

static void
wait_comment (Fixture    *f,
              const char *expected)
{
  gint64 deadline = test_util_deadline (30);

  while (g_strcmp0 (shown_comment (f), expected) != 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
  g_assert_cmpstr (shown_comment (f), ==, expected);
}

static void
right_drag (Fixture    *f,
            const char *from,
            const char *to,
            const char *key)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));
  gulong xid = gdk_x11_surface_get_xid (surface);
  int x0, y0, x1, y1;
  g_autofree char *args = NULL;

  square_xy (f, from, &x0, &y0);
  square_xy (f, to, &x1, &y1);
  args = g_strdup_printf ("windowfocus %lu %s%s mousemove --window %lu %d %d mousedown 3 "
                          "mousemove --window %lu %d %d mousemove --window %lu %d %d "
                          "mousemove --window %lu %d %d mouseup 3 %s%s",
                          xid, key ? "keydown " : "", key ? key : "",
                          xid, x0, y0,
                          xid, x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3,
                          xid, x0 + 2 * (x1 - x0) / 3, y0 + 2 * (y1 - y0) / 3,
                          xid, x1, y1,
                          key ? "keyup " : "", key ? key : "");
  run_xdotool (args);
}

static void
test_right_drag (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *popover;
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()) || xdotool == NULL)
    {
      g_test_fail_printf ("a real drag needs X11 and xdotool");
      return;
    }
  go_to_ply (f, 4);
  test_util_wait_for_frame (GTK_WIDGET (f->window));

  /* Plain: green arrow; Shift: red circle; the same again removes it. */
  right_drag (f, "g1", "f3", NULL);
  wait_comment (f, "[%cal Gg1f3]");
  right_drag (f, "d4", "d4", "shift");
  wait_comment (f, "[%cal Gg1f3] [%csl Rd4]");
  right_drag (f, "g1", "f3", NULL);
  wait_comment (f, "[%csl Rd4]");
  /* Alt: blue. */
  right_drag (f, "e2", "e4", "alt");
  wait_comment (f, "[%cal Be2e4] [%csl Rd4]");
  /* No context menu came up with the drawing. */
  popover = caissa_board_get_menu_popover (CAISSA_BOARD (caissa_window_get_board (f->window)));
  g_assert_true (popover == NULL || !gtk_widget_get_visible (popover));

  /* The context menu comes with Shift+F10 instead. */
  gtk_widget_grab_focus (caissa_window_get_board (f->window));
  run_xdotool ("key shift+F10");
  {
    gint64 deadline = test_util_deadline (30);
    CaissaBoard *board = CAISSA_BOARD (caissa_window_get_board (f->window));

    while ((caissa_board_get_menu_popover (board) == NULL
            || !gtk_widget_get_visible (caissa_board_get_menu_popover (board)))
           && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
    popover = caissa_board_get_menu_popover (board);
    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_visible (popover));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  g_assert_cmpstr (shown_comment (f), ==, "[%cal Be2e4] [%csl Rd4]");

  /* Undone one by one. */
  activate (f, "win.undo", NULL);
  g_assert_cmpstr (shown_comment (f), ==, "[%csl Rd4]");
  activate (f, "win.undo", NULL);
  activate (f, "win.undo", NULL);
  activate (f, "win.undo", NULL);
  g_assert_cmpstr (shown_comment (f), ==, "");
  g_assert_false (probe_enabled (f->window, "win.undo", NULL));

  /* Another move shown: its own (no) arrows; back: drawn again. */
  activate (f, "win.redo", NULL);
  g_assert_cmpstr (shown_comment (f), ==, "[%cal Gg1f3]");
}

/* --- A "}" in a comment ------------------------------------------------------------------- */

static void
test_comment_brace (Fixture       *f,
                    gconstpointer  data)
{
  AdwMessageDialog *dialog;
  GtkTextBuffer *buffer;
  GtkWidget *warning;
  g_autofree char *before = NULL, *after = NULL;

  go_to_ply (f, 4);
  before = pgn_of (f);
  activate (f, "win.edit-comment", NULL);
  dialog = test_util_wait_for_dialog (10);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (test_util_find_type (GTK_WIDGET (dialog), GTK_TYPE_TEXT_VIEW)));
  warning = find_name (GTK_WIDGET (dialog), "comment-brace-warning");
  g_assert_nonnull (warning);
  g_assert_false (gtk_widget_get_visible (warning));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "apply"));

  gtk_text_buffer_set_text (buffer, "a set {of} braces", -1);
  g_assert_true (gtk_widget_get_visible (warning));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "apply"));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (warning)), "}"));

  gtk_text_buffer_set_text (buffer, "a set (of) braces", -1);
  g_assert_false (gtk_widget_get_visible (warning));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "apply"));
  gtk_text_buffer_set_text (buffer, "kept}", -1);
  close_dialog (dialog, "apply");
  after = pgn_of (f);
  /* Nothing changed into ")" behind the user's back. */
  g_assert_cmpstr (after, ==, before);
}

/* --- NAGs as shown ------------------------------------------------------------------------ */

/* The independent answer: the font Pango picks for the character has it. */
static gboolean
fontset_has (GtkWidget  *widget,
             const char *text)
{
  PangoContext *context = gtk_widget_get_pango_context (widget);
  PangoFontset *fontset = pango_context_load_fontset (context, pango_context_get_font_description (context),
                                                      pango_context_get_language (context));
  gboolean has = TRUE;

  for (const char *p = text; *p && has; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_autoptr(PangoFont) font = pango_fontset_get_font (fontset, c);

      has = font != NULL && pango_font_has_char (font, c);
    }
  g_object_unref (fontset);
  return has;
}

static void
test_nag_text (Fixture       *f,
               gconstpointer  data)
{
  GtkWidget *list = gtk_label_new ("x");

  g_object_ref_sink (list);
  for (guint nag = 1; nag <= 255; nag++)
    {
      const char *glyph = chess_nag_glyph (nag);
      const char *text = caissa_nag_text (list, nag);

      if (glyph == NULL)
        {
          g_assert_true (nag > 139);
          continue;
        }
      g_assert_null (strchr (text, '$'));
      if (fontset_has (list, glyph))
        g_assert_cmpstr (text, ==, glyph);
      else
        g_assert_cmpstr (text, ==, chess_nag_ascii (nag));
    }
  g_assert_cmpstr (caissa_nag_text (list, 1), ==, "!");
  g_assert_cmpstr (caissa_nag_text (list, 146), ==, "N");
  /* ⩲ is in no font of the test machines' (DejaVu, Cantarell): "+=". */
  if (!fontset_has (list, "⩲"))
    {
      g_assert_cmpstr (caissa_nag_text (list, 14), ==, "+=");
      g_assert_cmpstr (caissa_nag_text (list, 15), ==, "=+");
    }
  g_object_unref (list);

  /* The move list says $11 and $14 as text: no "$". */
  go_to_ply (f, 4);
  activate (f, "win.nag", g_variant_new_uint32 (11));
  activate (f, "win.nag", g_variant_new_uint32 (14));
  {
    g_autofree char *state = caissa_window_describe_state (f->window);

    g_assert_null (strstr (state, "$14"));
    g_assert_null (strstr (state, "$11"));
  }
}

/* The palette: its buttons set and clear NAGs, undoably. */
static void
test_nag_palette (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *move_list = NULL;
  GtkWidget *palette;
  const uint8_t *nags;
  g_autofree char *before = NULL;

  go_to_ply (f, 4);
  before = pgn_of (f);
  activate (f, "win.nag-palette", NULL);
  move_list = test_util_find_type (GTK_WIDGET (f->window), CAISSA_TYPE_MOVE_LIST);
  palette = g_object_get_data (G_OBJECT (move_list), "nag-palette");
  g_assert_nonnull (palette);
  test_util_wait_for_frame (palette);
  g_assert_true (gtk_widget_get_visible (palette));
  /* The button for ⩲ ($14): pressing it sets the NAG. */
  {
    GtkWidget *flow = test_util_find_type (palette, GTK_TYPE_FLOW_BOX);
    GtkWidget *button = NULL;
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, palette);
    while (stack->len > 0 && button == NULL)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_TOGGLE_BUTTON (w) && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "nag")) == 14)
          button = w;
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_free (stack, TRUE);
    g_assert_nonnull (flow);
    g_assert_nonnull (button);
    g_assert_nonnull (gtk_widget_get_tooltip_text (button));
    g_signal_emit_by_name (button, "clicked");
  }
  g_assert_cmpuint (chess_game_node_nags (caissa_game_get_core_game (f->game),
                                          caissa_game_get_shown_node (f->game), &nags), ==, 1);
  g_assert_cmpuint (nags[0], ==, 14);
  activate (f, "win.undo", NULL);
  {
    g_autofree char *now = pgn_of (f);

    g_assert_cmpstr (now, ==, before);
  }
}

/* While a game is played Undo is the take-back, not the review history. */
static void
test_play_undo (Fixture       *f,
                gconstpointer  data)
{
  g_assert_true (caissa_window_start_game (f->window, NULL, NULL, NULL, NULL));
  test_util_assert_state (f->window, "analysis", "0");
  g_assert_true (caissa_game_play_san (f->game, "e4", NULL));
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (caissa_game_get_n_plies (f->game), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  tmp_dir = g_dir_make_tmp ("caissa-undo-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  if (!test_util_init_display (&argc, &argv, TEST_UTIL_DISPLAY_DEFAULT, &status))
    {
      test_util_remove_tree (tmp_dir);
      return status;
    }

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/review-undo/%s", kinds[i].name);

      g_test_add (path, Fixture, &kinds[i], fixture_setup, test_undo_kind, fixture_teardown);
    }
  g_test_add ("/app/review-undo/delete-toast", Fixture, NULL, fixture_setup, test_delete_toast, fixture_teardown);
  g_test_add ("/app/review-undo/many", Fixture, NULL, fixture_setup, test_undo_many, fixture_teardown);
  g_test_add ("/app/review-undo/right-drag", Fixture, NULL, fixture_setup, test_right_drag, fixture_teardown);
  g_test_add ("/app/review-undo/comment-brace", Fixture, NULL, fixture_setup, test_comment_brace, fixture_teardown);
  g_test_add ("/app/review-undo/nag-text", Fixture, NULL, fixture_setup, test_nag_text, fixture_teardown);
  g_test_add ("/app/review-undo/nag-palette", Fixture, NULL, fixture_setup, test_nag_palette, fixture_teardown);
  g_test_add ("/app/review-undo/play-undo", Fixture, NULL, fixture_setup, test_play_undo, fixture_teardown);

  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
