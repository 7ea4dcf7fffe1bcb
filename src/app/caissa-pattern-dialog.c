/* caissa-pattern-dialog.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-pattern-dialog"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "caissa-explorer.h"
#include "caissa-pattern-dialog.h"

struct _CaissaPatternDialog
{
  AdwWindow     parent_instance;

  AdwEntryRow  *board_row;
  AdwEntryRow  *material_row;
  AdwComboRow  *side_row;
  GtkLabel     *error_label;
  GtkWidget    *search_button;
};

enum
{
  SEARCH,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaPatternDialog, caissa_pattern_dialog, ADW_TYPE_WINDOW)

char *
caissa_pattern_dialog_dup_pattern (CaissaPatternDialog  *self,
                                   GError              **error)
{
  static const char *const sides[] = { "", "w", "b" };
  g_autofree char *board = NULL;
  g_autofree char *material = NULL;
  GString *pattern;
  guint side;
  gboolean is_position = FALSE;

  g_return_val_if_fail (CAISSA_IS_PATTERN_DIALOG (self), NULL);

  board = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->board_row))));
  material = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->material_row))));
  side = adw_combo_row_get_selected (self->side_row);

  if (*board == '\0')
    {
      g_set_error_literal (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN,
                           _("Give the pieces to look for"));
      return NULL;
    }
  if (strchr (board, ' ') != NULL)
    {
      g_set_error_literal (error, CAISSA_EXPLORER_ERROR, CAISSA_EXPLORER_ERROR_PATTERN,
                           _("The pieces are the board part of a FEN, without spaces"));
      return NULL;
    }
  pattern = g_string_new (board);
  if (side < G_N_ELEMENTS (sides) && *sides[side] != '\0')
    g_string_append_printf (pattern, " %s", sides[side]);
  if (*material != '\0')
    g_string_append_printf (pattern, " %s", material);

  if (!caissa_explorer_parse_query (pattern->str, &is_position, NULL, error))
    {
      g_string_free (pattern, TRUE);
      return NULL;
    }
  return g_string_free (pattern, FALSE);
}

static void
fields_changed_cb (CaissaPatternDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pattern = caissa_pattern_dialog_dup_pattern (self, &error);

  gtk_widget_set_sensitive (self->search_button, pattern != NULL);
  gtk_label_set_label (self->error_label, error != NULL ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), error != NULL);
}

static void
search_cb (CaissaPatternDialog *self)
{
  g_autofree char *pattern = caissa_pattern_dialog_dup_pattern (self, NULL);

  if (pattern != NULL)
    g_signal_emit (self, signals[SEARCH], 0, pattern);
}

static void
caissa_pattern_dialog_class_init (CaissaPatternDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * CaissaPatternDialog::search:
   * @pattern: the sub-FEN to look for
   */
  signals[SEARCH] =
    g_signal_new ("search", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
make_entry_row (const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  return row;
}

static void
caissa_pattern_dialog_init (CaissaPatternDialog *self)
{
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel, *page, *group, *side_group;
  g_autoptr(GtkStringList) sides = NULL;

  gtk_window_set_title (GTK_WINDOW (self), _("Search for a Pattern"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 520);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  /* Translators: the button of the pattern search dialog that starts the search. */
  self->search_button = gtk_button_new_with_mnemonic (_("_Search"));
  gtk_widget_add_css_class (self->search_button, "suggested-action");
  g_signal_connect_swapped (self->search_button, "clicked", G_CALLBACK (search_cb), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->search_button);
  gtk_box_append (GTK_BOX (toolbar), header);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Pieces"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
    _("The board as in a FEN, ranks 8 to 1 separated by “/”: a letter is a piece that must "
      "stand there (KQRBNP White’s, kqrbnp Black’s), a digit that many squares left free. "
      "Every other square may hold anything. Example: 8/8/p7/8/8/1B3N2/8/8 — a white bishop "
      "on b3 and knight on f3, a black pawn on a6."));
  /* Translators: the field of the pattern search dialog with the pieces, as in a FEN. */
  self->board_row = ADW_ENTRY_ROW (make_entry_row (_("Pieces on their squares")));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->board_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  side_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (side_group), _("Optional"));
  /* Translators: the field of the pattern search dialog with the exact material, e.g. KBNKP. */
  self->material_row = ADW_ENTRY_ROW (make_entry_row (_("Material, e.g. KBNKP")));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (side_group), GTK_WIDGET (self->material_row));
  sides = gtk_string_list_new ((const char *const[]) {
    /* Translators: side to move in the pattern search: any. */
    C_("side to move", "Either"), _("White"), _("Black"), NULL });
  self->side_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->side_row), _("Side to move"));
  adw_combo_row_set_model (self->side_row, G_LIST_MODEL (sides));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (side_group), GTK_WIDGET (self->side_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (side_group));

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->error_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->error_label), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  {
    GtkWidget *error_group = adw_preferences_group_new ();

    adw_preferences_group_add (ADW_PREFERENCES_GROUP (error_group), GTK_WIDGET (self->error_label));
    adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (error_group));
  }
  gtk_box_append (GTK_BOX (toolbar), page);
  adw_window_set_content (ADW_WINDOW (self), toolbar);

  g_signal_connect_swapped (self->board_row, "changed", G_CALLBACK (fields_changed_cb), self);
  g_signal_connect_swapped (self->material_row, "changed", G_CALLBACK (fields_changed_cb), self);
  g_signal_connect_swapped (self->side_row, "notify::selected", G_CALLBACK (fields_changed_cb), self);
  g_signal_connect_swapped (self->board_row, "entry-activated", G_CALLBACK (search_cb), self);
  g_signal_connect_swapped (self->material_row, "entry-activated", G_CALLBACK (search_cb), self);
  adw_entry_row_set_activates_default (self->board_row, FALSE);
}

CaissaPatternDialog *
caissa_pattern_dialog_new (GtkWindow           *parent,
                           const ChessPosition *pos)
{
  CaissaPatternDialog *self = g_object_new (CAISSA_TYPE_PATTERN_DIALOG,
                                            "transient-for", parent, NULL);

  if (pos != NULL)
    {
      g_autofree char *pattern = caissa_explorer_pattern_from_position (pos);
      g_auto(GStrv) fields = g_strsplit (pattern, " ", -1);

      /* The pieces only: the side is left to choose. */
      caissa_pattern_dialog_set_fields (self, fields[0] ? fields[0] : "", "", "");
    }
  else
    fields_changed_cb (self);
  return self;
}

void
caissa_pattern_dialog_set_fields (CaissaPatternDialog *self,
                                  const char          *board,
                                  const char          *material,
                                  const char          *side)
{
  g_return_if_fail (CAISSA_IS_PATTERN_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->board_row), board ? board : "");
  gtk_editable_set_text (GTK_EDITABLE (self->material_row), material ? material : "");
  adw_combo_row_set_selected (self->side_row,
                              g_strcmp0 (side, "w") == 0 ? 1 : g_strcmp0 (side, "b") == 0 ? 2 : 0);
  fields_changed_cb (self);
}
