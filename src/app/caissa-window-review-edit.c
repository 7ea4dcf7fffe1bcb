/* caissa-window-review-edit.c — CaissaWindow's review part: editing the
 * move tree (promote, delete, NAGs, comments, tags, result).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each edit works on a copy of the game's tree (_caissa_review_edit_game()).
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-nag.h"
#include "chess-pgn.h"
#include "caissa-nag-palette.h"
#include "caissa-window-review-private.h"

/* --- Editing the tree ----------------------------------------------------------------------------- */

/* The variation the node is in: its nearest ancestor-or-self that is not
 * its parent's first child (CHESS_NODE_NONE on the main line). */
static ChessNodeId
variation_start (const ChessGame *core,
                 ChessNodeId      node)
{
  for (; node != CHESS_NODE_ROOT && node != CHESS_NODE_NONE; node = chess_game_node_parent (core, node))
    if (chess_game_node_prev_sibling (core, node) != CHESS_NODE_NONE)
      return node;
  return CHESS_NODE_NONE;
}

static gboolean
promote_edit (ChessGame   *core,
              ChessNodeId *shown,
              gpointer     data)
{
  return GPOINTER_TO_INT (data) ? chess_game_promote_to_main_line (core, *shown)
                                : chess_game_promote_variation (core, *shown);
}

static gboolean
delete_edit (ChessGame   *core,
             ChessNodeId *shown,
             gpointer     data)
{
  gboolean whole_variation = GPOINTER_TO_INT (data);
  ChessNodeId target = whole_variation ? variation_start (core, *shown) : *shown;

  if (target == CHESS_NODE_NONE || target == CHESS_NODE_ROOT)
    return FALSE;
  *shown = chess_game_node_parent (core, target);
  chess_game_delete_node (core, target);
  return TRUE;
}

static void
tree_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  if (g_str_equal (action_name, "win.promote-variation"))
    /* Translators: an edit, named in the tooltip "Undo %s". */
    _caissa_review_edit_game_labelled (review, C_("edit", "Promote Variation"), promote_edit, GINT_TO_POINTER (FALSE));
  else if (g_str_equal (action_name, "win.make-main-line"))
    _caissa_review_edit_game_labelled (review, C_("edit", "Make Main Line"), promote_edit, GINT_TO_POINTER (TRUE));
  else
    {
      gboolean whole = g_str_equal (action_name, "win.delete-variation");
      const ChessGame *before = caissa_edit_history_get_current (review->history);

      _caissa_review_edit_game_labelled (review, whole ? C_("edit", "Delete Variation") : C_("edit", "Delete Moves"),
                                         delete_edit, GINT_TO_POINTER (whole));
      /* A deletion is the edit most easily regretted: the toast offers
       * Undo (a new state means something was deleted). */
      if (before != NULL && caissa_edit_history_get_current (review->history) != before)
        _caissa_review_toast_undo (review, whole ? _("Variation deleted") : _("Moves deleted"));
    }
}

static gboolean
nag_edit (ChessGame   *core,
          ChessNodeId *shown,
          gpointer     data)
{
  guint nag = GPOINTER_TO_UINT (data);
  const uint8_t *nags;
  unsigned n;
  guint8 old[CHESS_GAME_MAX_NAGS];

  if (*shown == CHESS_NODE_ROOT)
    return FALSE;
  if (nag == 0)
    {
      n = chess_game_node_nags (core, *shown, &nags);
      memcpy (old, nags, n);
      for (unsigned i = 0; i < n; i++)
        chess_game_node_remove_nag (core, *shown, old[i]);
      return n > 0;
    }
  if (chess_game_node_remove_nag (core, *shown, nag))
    return TRUE;
  n = chess_game_node_nags (core, *shown, &nags);
  memcpy (old, nags, n);
  for (unsigned i = 0; i < n; i++)
    if (chess_nag_group (old[i]) != 0 && chess_nag_group (old[i]) == chess_nag_group (nag))
      chess_game_node_remove_nag (core, *shown, old[i]);
  return chess_game_node_add_nag (core, *shown, nag);
}

static void
nag_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  guint nag = g_str_equal (action_name, "win.clear-nags") ? 0 : g_variant_get_uint32 (parameter);

  _caissa_review_edit_game_labelled (review, C_("edit", "Annotation"), nag_edit, GUINT_TO_POINTER (nag));
}

/* The NAG palette, under the move list (made once, kept on the window). */
static void
nag_palette_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  GtkWidget *palette = g_object_get_data (G_OBJECT (review->move_list), "nag-palette");
  int width;

  if (palette == NULL)
    {
      palette = caissa_nag_palette_new ();
      gtk_widget_set_parent (palette, GTK_WIDGET (review->move_list));
      g_object_set_data_full (G_OBJECT (review->move_list), "nag-palette", palette,
                              (GDestroyNotify) gtk_widget_unparent);
    }
  width = gtk_widget_get_width (GTK_WIDGET (review->move_list));
  gtk_popover_set_pointing_to (GTK_POPOVER (palette), &(GdkRectangle) { width / 2, 0, 1, 1 });
  caissa_nag_palette_show (palette, caissa_game_get_core_game (review->game),
                           caissa_game_get_shown_node (review->game));
}

static gboolean
result_edit (ChessGame   *core,
             ChessNodeId *shown,
             gpointer     data)
{
  if (g_strcmp0 (chess_game_get_result (core), data) == 0)
    return FALSE;
  return chess_game_set_result (core, data);
}

static void
result_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  _caissa_review_edit_game_labelled (review, C_("edit", "Result"), result_edit, (gpointer) g_variant_get_string (parameter, NULL));
}

/* The comment dialog: the comment after the shown move (before the first
 * move at the start), commands like [%cal …] included, as written. */
static gboolean
comment_edit (ChessGame   *core,
              ChessNodeId *shown,
              gpointer     data)
{
  const char *old = chess_game_node_comment (core, *shown, CHESS_COMMENT_AFTER);

  if (g_strcmp0 (old ? old : "", data) == 0)
    return FALSE;
  chess_game_node_set_comment (core, *shown, CHESS_COMMENT_AFTER, data);
  return TRUE;
}

static void
comment_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     CaissaWindowReview *review)
{
  GtkTextBuffer *buffer = g_object_get_data (G_OBJECT (dialog), "buffer");
  ChessNodeId node = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "node"));
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (!g_str_equal (response, "apply"))
    return;
  /* The position shown may not be the same any more. */
  if (node != caissa_game_get_shown_node (review->game))
    caissa_game_go_to_node (review->game, node);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  /* Apply is off while the text holds a "}" (comment_changed_cb()). */
  if (strchr (text, '}') != NULL)
    return;
  g_strstrip (text);
  _caissa_review_edit_game_labelled (review, C_("edit", "Comment"), comment_edit, text);
}

/* A PGN comment ends at the first "}": one typed is said at once, under
 * the text, and the comment cannot be applied with it (changing it
 * silently into something else would be worse). */
static void
comment_changed_cb (GtkTextBuffer    *buffer,
                    AdwMessageDialog *dialog)
{
  GtkWidget *warning = g_object_get_data (G_OBJECT (dialog), "warning");
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  gboolean brace;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  brace = strchr (text, '}') != NULL;
  gtk_widget_set_visible (warning, brace);
  adw_message_dialog_set_response_enabled (dialog, "apply", !brace);
}

static void
comment_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  const ChessGame *core = caissa_game_get_core_game (review->game);
  ChessNodeId node = caissa_game_get_shown_node (review->game);
  const char *comment = chess_game_node_comment (core, node, CHESS_COMMENT_AFTER);
  GtkWidget *dialog, *scrolled, *view, *box, *warning;
  GtkTextBuffer *buffer;
  g_autofree char *heading = NULL;

  if (node == CHESS_NODE_ROOT)
    heading = g_strdup (_("Comment Before the First Move"));
  else
    {
      const ChessPosition *before = chess_game_node_position (core, chess_game_node_parent (core, node));

      /* Translators: heading of the comment dialog, e.g. "Comment on 12… Nf6". */
      heading = before->side == CHESS_WHITE
                ? g_strdup_printf (_("Comment on %u. %s"), before->fullmove, chess_game_node_san (core, node))
                : g_strdup_printf (_("Comment on %u… %s"), before->fullmove, chess_game_node_san (core, node));
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (widget), heading, NULL);
  view = gtk_text_view_new ();
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  gtk_text_buffer_set_text (buffer, comment ? comment : "", -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  /* Room for a paragraph, on screens wide enough. */
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_widget_add_css_class (scrolled, "comment-editor");
  /* Translators: shown under the comment being edited when it holds a "}". */
  warning = gtk_label_new (_("A comment cannot contain “}”: remove it to apply"));
  gtk_label_set_wrap (GTK_LABEL (warning), TRUE);
  gtk_label_set_xalign (GTK_LABEL (warning), 0);
  gtk_widget_add_css_class (warning, "error");
  gtk_widget_set_name (warning, "comment-brace-warning");
  gtk_widget_set_visible (warning, FALSE);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), warning);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "apply", _("_Apply"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "buffer", buffer);
  g_object_set_data (G_OBJECT (dialog), "warning", warning);
  g_object_set_data (G_OBJECT (dialog), "node", GUINT_TO_POINTER (node));
  g_signal_connect (buffer, "changed", G_CALLBACK (comment_changed_cb), dialog);
  comment_changed_cb (buffer, ADW_MESSAGE_DIALOG (dialog));
  g_signal_connect (dialog, "response", G_CALLBACK (comment_response_cb), review);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (view);
}

/* The tags dialog: the Seven Tag Roster but Result (set in its own menu),
 * then the game's other tags, and one empty row to add a tag as
 * "Name: value". */
static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black", NULL };

static gboolean
tags_edit (ChessGame   *core,
           ChessNodeId *shown,
           gpointer     data)
{
  GPtrArray *pairs = data;
  gboolean changed = FALSE;

  for (guint i = 0; i + 1 < pairs->len; i += 2)
    {
      const char *name = pairs->pdata[i];
      const char *value = pairs->pdata[i + 1];
      gboolean in_roster = g_strv_contains (roster, name);
      const char *old = chess_game_get_tag (core, name);

      if (*value == '\0' && !in_roster)
        changed |= chess_game_remove_tag (core, name);
      else
        {
          const char *v = *value == '\0' ? (g_str_equal (name, "Date") ? "????.??.??" : "?") : value;

          if (g_strcmp0 (old, v) != 0)
            changed |= chess_game_set_tag (core, name, v);
        }
    }
  return changed;
}

static void
tags_response_cb (AdwMessageDialog   *dialog,
                  const char         *response,
                  CaissaWindowReview *review)
{
  GtkWidget *list = g_object_get_data (G_OBJECT (dialog), "list");
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);

  if (!g_str_equal (response, "apply"))
    return;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const char *name = g_object_get_data (G_OBJECT (row), "tag");
      const char *text;

      if (!ADW_IS_ENTRY_ROW (row))
        continue;
      text = gtk_editable_get_text (GTK_EDITABLE (row));
      if (name != NULL)
        {
          g_ptr_array_add (pairs, g_strdup (name));
          g_ptr_array_add (pairs, g_strstrip (g_strdup (text)));
        }
      else if (strchr (text, ':') != NULL)
        {
          /* The new tag, "Name: value". */
          g_auto(GStrv) parts = g_strsplit (text, ":", 2);

          g_strstrip (parts[0]);
          g_strstrip (parts[1]);
          if (*parts[0] != '\0' && !g_str_equal (parts[0], "Result"))
            {
              g_ptr_array_add (pairs, g_strdup (parts[0]));
              g_ptr_array_add (pairs, g_strdup (parts[1]));
            }
        }
    }
  _caissa_review_edit_game_labelled (review, C_("edit", "Game Details"), tags_edit, pairs);
}

static GtkWidget *
tag_row (const char *name,
         const char *value)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  gtk_editable_set_text (GTK_EDITABLE (row), value && !g_str_equal (value, "?") ? value : "");
  g_object_set_data_full (G_OBJECT (row), "tag", g_strdup (name), g_free);
  return row;
}

static void
tags_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  const ChessGame *core = caissa_game_get_core_game (review->game);
  GtkWidget *dialog, *list, *scrolled, *add;

  dialog = adw_message_dialog_new (GTK_WINDOW (widget), _("Game Details"), NULL);
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  for (guint i = 0; roster[i] != NULL; i++)
    {
      const char *value = chess_game_get_tag (core, roster[i]);

      if (g_str_equal (roster[i], "Date") && value && g_str_equal (value, "????.??.??"))
        value = NULL;
      gtk_list_box_append (GTK_LIST_BOX (list), tag_row (roster[i], value));
    }
  for (guint i = 0; i < chess_game_n_tags (core); i++)
    {
      const char *name, *value;

      chess_game_nth_tag (core, i, &name, &value);
      if (g_strv_contains (roster, name) || g_str_equal (name, "Result")
          || g_str_equal (name, "FEN") || g_str_equal (name, "SetUp"))
        continue;
      gtk_list_box_append (GTK_LIST_BOX (list), tag_row (name, value));
    }
  add = adw_entry_row_new ();
  /* Translators: the last row of the game details dialog adds a tag. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (add), _("New tag (Name: value)"));
  gtk_list_box_append (GTK_LIST_BOX (list), add);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "apply", _("_Apply"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "apply", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "list", list);
  g_signal_connect (dialog, "response", G_CALLBACK (tags_response_cb), review);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_caissa_window_review_install_edit_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.promote-variation", NULL, tree_action);
  gtk_widget_class_install_action (widget_class, "win.make-main-line", NULL, tree_action);
  gtk_widget_class_install_action (widget_class, "win.delete-variation", NULL, tree_action);
  gtk_widget_class_install_action (widget_class, "win.delete-from-here", NULL, tree_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment", NULL, comment_action);
  gtk_widget_class_install_action (widget_class, "win.nag", "u", nag_action);
  gtk_widget_class_install_action (widget_class, "win.clear-nags", NULL, nag_action);
  gtk_widget_class_install_action (widget_class, "win.nag-palette", NULL, nag_palette_action);
  gtk_widget_class_install_action (widget_class, "win.edit-headers", NULL, tags_action);
  gtk_widget_class_install_action (widget_class, "win.set-result", "s", result_action);
}
