/* caissa-nag-palette.c — NAGs as shown, and the palette that sets them.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-nag-palette"

#include "config.h"

#include <glib/gi18n.h>

#include "chess-nag.h"
#include "caissa-nag-palette.h"

gboolean
caissa_nag_font_covers (GtkWidget  *widget,
                        const char *text)
{
  g_autoptr(PangoLayout) layout = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  /* Pango falls back to any installed font that has a character; only
   * when none has it is a box ("unknown glyph") drawn. */
  layout = gtk_widget_create_pango_layout (widget, text);
  return pango_layout_get_unknown_glyphs_count (layout) == 0;
}

/* The answers per font, as a font's coverage does not change while the
 * program runs: "font description|nag" → the text. */
static GHashTable *
text_cache (void)
{
  static GHashTable *cache;

  if (g_once_init_enter (&cache))
    g_once_init_leave (&cache, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free));
  return cache;
}

const char *
caissa_nag_text (GtkWidget *widget,
                 guint      nag)
{
  PangoContext *context;
  g_autofree char *font = NULL;
  g_autofree char *key = NULL;
  const char *glyph, *text;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  context = gtk_widget_get_pango_context (widget);
  font = pango_font_description_to_string (pango_context_get_font_description (context));
  key = g_strdup_printf ("%s|%u", font, nag);
  text = g_hash_table_lookup (text_cache (), key);
  if (text != NULL)
    return text;

  glyph = chess_nag_glyph (nag);
  if (glyph == NULL)
    text = g_strdup_printf ("$%u", nag);
  else if (caissa_nag_font_covers (widget, glyph))
    text = g_strdup (glyph);
  else
    text = g_strdup (chess_nag_ascii (nag));
  g_hash_table_insert (text_cache (), g_steal_pointer (&key), (char *) text);
  return text;
}

/* The NAGs the palette offers, with what they mean (translated here:
 * the core's descriptions are English). */
typedef struct
{
  guint       nag;
  const char *description;
} PaletteNag;

static const PaletteNag move_nags[] = {
  { 1, N_("Good move") },
  { 2, N_("Mistake") },
  { 3, N_("Brilliant move") },
  { 4, N_("Blunder") },
  { 5, N_("Interesting move") },
  { 6, N_("Dubious move") },
  { 7, N_("Only move") },
  { 22, N_("Zugzwang") },
};

static const PaletteNag position_nags[] = {
  { 10, N_("Equal position") },
  { 13, N_("Unclear position") },
  { 14, N_("White is slightly better") },
  { 15, N_("Black is slightly better") },
  { 16, N_("White is better") },
  { 17, N_("Black is better") },
  { 18, N_("White is winning") },
  { 19, N_("Black is winning") },
};

static const PaletteNag other_nags[] = {
  { 146, N_("Novelty") },
  { 32, N_("Development") },
  { 36, N_("Initiative") },
  { 40, N_("Attack") },
  { 132, N_("Counterplay") },
  { 44, N_("With compensation") },
  { 140, N_("With the idea") },
  { 138, N_("Time trouble") },
};

const char *
caissa_nag_describe (guint nag)
{
  const PaletteNag *tables[] = { move_nags, position_nags, other_nags };
  const gsize sizes[] = { G_N_ELEMENTS (move_nags), G_N_ELEMENTS (position_nags), G_N_ELEMENTS (other_nags) };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (gsize i = 0; i < sizes[t]; i++)
      if (tables[t][i].nag == nag)
        return _(tables[t][i].description);
  return chess_nag_description (nag);
}

static void
add_section (GtkWidget        *box,
             const char       *title,
             const PaletteNag *nags,
             gsize             n)
{
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 4);
  for (gsize i = 0; i < n; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *glyph = gtk_label_new (NULL);

      gtk_button_set_child (GTK_BUTTON (button), glyph);
      gtk_widget_set_tooltip_text (button, _(nags[i].description));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(nags[i].description), -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.nag");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", nags[i].nag);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "nag-button");
      g_object_set_data (G_OBJECT (button), "nag", GUINT_TO_POINTER (nags[i].nag));
      gtk_flow_box_append (GTK_FLOW_BOX (flow), button);
    }
  gtk_box_append (GTK_BOX (box), flow);
}

static void
clicked_cb (GtkWidget *palette)
{
  gtk_popover_popdown (GTK_POPOVER (palette));
}

GtkWidget *
caissa_nag_palette_new (void)
{
  GtkWidget *palette = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *clear;

  gtk_widget_add_css_class (palette, "nag-palette");
  add_section (box, _("Move"), move_nags, G_N_ELEMENTS (move_nags));
  add_section (box, _("Position"), position_nags, G_N_ELEMENTS (position_nags));
  add_section (box, _("Signs"), other_nags, G_N_ELEMENTS (other_nags));
  clear = gtk_button_new_with_mnemonic (_("C_lear Annotations"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (clear), "win.clear-nags");
  g_signal_connect_swapped (clear, "clicked", G_CALLBACK (clicked_cb), palette);
  gtk_box_append (GTK_BOX (box), clear);
  gtk_popover_set_child (GTK_POPOVER (palette), box);
  return palette;
}

/* Each button's label and state for node. */
static void
update_buttons (GtkWidget       *widget,
                const ChessGame *game,
                ChessNodeId      node,
                GtkWidget       *palette)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_TOGGLE_BUTTON (child))
        {
          guint nag = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "nag"));
          const uint8_t *nags;
          unsigned n = chess_game_node_nags (game, node, &nags);
          gboolean has = FALSE;

          for (unsigned i = 0; i < n; i++)
            has |= nags[i] == nag;
          gtk_label_set_label (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (child))),
                               caissa_nag_text (child, nag));
          /* The action toggles: the button only shows the state. */
          g_signal_handlers_block_matched (child, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, palette);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), has);
          g_signal_handlers_unblock_matched (child, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, palette);
          if (g_signal_handler_find (child, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, palette) == 0)
            g_signal_connect_swapped (child, "clicked", G_CALLBACK (clicked_cb), palette);
        }
      else
        update_buttons (child, game, node, palette);
    }
}

void
caissa_nag_palette_show (GtkWidget       *palette,
                         const ChessGame *game,
                         ChessNodeId      node)
{
  g_return_if_fail (GTK_IS_POPOVER (palette));

  update_buttons (palette, game, node, palette);
  gtk_popover_popup (GTK_POPOVER (palette));
}
