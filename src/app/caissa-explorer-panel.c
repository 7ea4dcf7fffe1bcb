/* caissa-explorer-panel.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Queries: a change of the shown position cancels the query in flight and
 * asks at once (the user waits for that answer). The explorer's "changed"
 * (more games covered while the data is built) asks again REFRESH_MS
 * after the last answer, and never cancels: a build that reports faster
 * than queries answer would otherwise starve them.
 */
#define G_LOG_DOMAIN "caissa-explorer-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-explorer-panel.h"
#include "caissa-result-bar.h"

#define REFRESH_MS 500

/* The panel's own style, loaded once per display. */
static const char explorer_panel_css[] =
  "explorerpanel { padding: 6px 0; }\n"
  "explorerpanel .explorer-header { padding: 0 6px 4px 12px; }\n"
  "explorerpanel .explorer-progress { margin: 0 12px 4px 12px; font-size: smaller; }\n"
  "explorerpanel .explorer-moves row.explorer-heading { padding-top: 0; padding-bottom: 0; }\n"
  "explorerpanel .explorer-moves { background: none; }\n"
  "explorerpanel .explorer-moves row { padding: 3px 12px; }\n"
  "explorerpanel .explorer-san { font-weight: bold; }\n"
  "explorerpanel .explorer-total .explorer-san { font-weight: normal; }\n"
  "explorerpanel .partial row.explorer-row .explorer-count { font-style: italic; opacity: 0.7; }\n";

struct _CaissaExplorerPanel
{
  GtkWidget           parent_instance;

  CaissaExplorer     *explorer;
  CaissaGame         *game;

  /* The answer shown, and the FEN it answers. */
  CaissaExplorerTree *tree;
  char               *tree_fen;
  GCancellable       *cancellable;
  gboolean            querying;
  gboolean            query_again;
  guint               refresh_source;

  GtkSizeGroup       *san_group;
  GtkSizeGroup       *count_group;
  GtkSizeGroup       *rating_group;
  GtkSizeGroup       *year_group;
  /* The row of column titles, kept across answers. */
  GtkWidget          *heading_list_row;

  /* Template widgets */
  GtkWidget          *box;
  GtkLabel           *status_label;
  GtkWidget          *games_button;
  GtkProgressBar     *progress_bar;
  GtkWidget          *heading_row;
  GtkWidget          *move_heading;
  GtkWidget          *games_heading;
  GtkWidget          *rating_heading;
  GtkWidget          *year_heading;
  GtkListBox         *list_box;
  GtkLabel           *placeholder_label;
};

G_DEFINE_FINAL_TYPE (CaissaExplorerPanel, caissa_explorer_panel, GTK_TYPE_WIDGET)

static void     query      (CaissaExplorerPanel *self);
static gboolean refresh_cb (gpointer             data);

static char *
format_count (guint n)
{
  /* Thousands separated the locale's way. */
  return g_strdup_printf ("%'u", n);
}

/* --- Showing an answer ---------------------------------------------------------------- */

static GtkWidget *
cell_label (GtkSizeGroup *group,
            const char   *text,
            float         xalign,
            const char   *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  if (group != NULL)
    gtk_size_group_add_widget (group, label);
  return label;
}

static GtkWidget *
make_row (CaissaExplorerPanel *self,
          const char          *san,
          guint                games,
          guint                white,
          guint                draws,
          guint                black,
          const char          *rating,
          const char          *year,
          gboolean             show_rating)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *bar = caissa_result_bar_new ();
  g_autofree char *count = format_count (games);
  GtkWidget *rating_label;

  gtk_box_append (GTK_BOX (box), cell_label (self->san_group, san, 0, "explorer-san"));
  gtk_box_append (GTK_BOX (box), cell_label (self->count_group, count, 1, "explorer-count"));
  caissa_result_bar_set_counts (CAISSA_RESULT_BAR (bar), white, draws, black);
  gtk_widget_set_hexpand (bar, TRUE);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), bar);
  rating_label = cell_label (self->rating_group, rating, 1, "explorer-rating");
  gtk_widget_set_visible (rating_label, show_rating);
  gtk_box_append (GTK_BOX (box), rating_label);
  gtk_box_append (GTK_BOX (box), cell_label (self->year_group, year, 1, "explorer-year"));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_add_css_class (row, "explorer-row");
  return row;
}

static void
clear_rows (CaissaExplorerPanel *self)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list_box));

  /* (The placeholder is a child too, and stays.) */
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (GTK_IS_LIST_BOX_ROW (child))
        gtk_list_box_remove (self->list_box, child);
      child = next;
    }
}

static void
update_status (CaissaExplorerPanel *self)
{
  gboolean partial = self->tree != NULL && caissa_explorer_tree_get_partial (self->tree);
  gboolean building = self->explorer != NULL && !caissa_explorer_get_ready (self->explorer);
  const GError *error = self->explorer != NULL ? caissa_explorer_get_error (self->explorer) : NULL;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;

  g_autofree char *games_label = NULL;
  gboolean on_bar;

  if (self->explorer == NULL)
    text = g_strdup ("");
  else if (self->tree == NULL)
    /* Translators: the explorer waits for its first answer. */
    text = g_strdup (_("Counting…"));
  else if (partial)
    {
      g_autofree char *covered = format_count (caissa_explorer_tree_get_n_covered (self->tree));

      /* Translators: the explorer's counts while the file's games are
       * still being read (the percentage of the file read). */
      text = g_strdup_printf (_("so far %d%%"), (int) (caissa_explorer_get_progress (self->explorer) * 100));
      /* Translators: %s is a number of games. */
      tooltip = g_strdup_printf (ngettext ("Partial counts: %s game of the file read so far",
                                           "Partial counts: %s games of the file read so far",
                                           caissa_explorer_tree_get_n_covered (self->tree)),
                                 covered);
    }
  else
    text = g_strdup ("");
  if (error != NULL)
    tooltip = g_strdup (error->message);

  /* The button that lists the games says how many reach the position. */
  if (self->tree != NULL)
    {
      guint n_games = caissa_explorer_tree_get_n_games (self->tree);
      g_autofree char *games = format_count (n_games);

      /* Translators: games of the file reaching the shown position, on the button listing them. */
      games_label = g_strdup_printf (ngettext ("%s game", "%s games", n_games), games);
    }
  else
    games_label = g_strdup (_("Games"));
  gtk_button_set_label (GTK_BUTTON (self->games_button), games_label);

  /* The partial mark goes on the progress bar (the header is narrow);
   * the status beside the title says the rest. */
  on_bar = partial && building && error == NULL;
  gtk_label_set_label (self->status_label, on_bar ? "" : text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), tooltip);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), building && error == NULL);
  gtk_progress_bar_set_text (self->progress_bar, on_bar ? text : NULL);
  gtk_progress_bar_set_show_text (self->progress_bar, on_bar);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->progress_bar), tooltip);
  if (self->explorer != NULL)
    gtk_progress_bar_set_fraction (self->progress_bar, caissa_explorer_get_progress (self->explorer));
  if (partial)
    gtk_widget_add_css_class (GTK_WIDGET (self->list_box), "partial");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->list_box), "partial");
}

static void
show_tree (CaissaExplorerPanel *self)
{
  CaissaExplorerTree *tree = self->tree;
  guint n = tree != NULL ? caissa_explorer_tree_get_n_moves (tree) : 0;
  gboolean show_rating = FALSE;
  guint64 white = 0, draws = 0, black = 0;

  clear_rows (self);
  update_status (self);

  if (self->explorer == NULL)
    gtk_label_set_label (self->placeholder_label, _("Open a PGN file to see the moves played in its games."));
  else if (tree == NULL)
    gtk_label_set_label (self->placeholder_label, "");
  else if (caissa_explorer_tree_get_partial (tree))
    gtk_label_set_label (self->placeholder_label, _("No game read so far reaches this position."));
  else
    gtk_label_set_label (self->placeholder_label, _("No game of the file reaches this position."));
  if (n > 0)
    gtk_list_box_append (self->list_box, self->heading_list_row);

  for (guint i = 0; i < n; i++)
    show_rating |= caissa_explorer_tree_get_move (tree, i)->rating_count > 0;
  gtk_widget_set_visible (self->rating_heading, show_rating);

  for (guint i = 0; i < n; i++)
    {
      const CaissaExplorerMove *move = caissa_explorer_tree_get_move (tree, i);
      g_autofree char *rating = move->rating_count > 0
                                ? g_strdup_printf ("%u", (guint) (move->rating_sum / move->rating_count))
                                : g_strdup ("");
      g_autofree char *year = move->last_year > 0 ? g_strdup_printf ("%u", move->last_year) : g_strdup ("");
      GtkWidget *row = make_row (self, move->san, move->games, move->white_wins, move->draws,
                                 move->black_wins, rating, year, show_rating);

      g_object_set_data (G_OBJECT (row), "caissa-move-index", GUINT_TO_POINTER (i + 1));
      gtk_list_box_append (self->list_box, row);
      white += move->white_wins;
      draws += move->draws;
      black += move->black_wins;
    }

  /* The sum over the moves, as lichess ends its table. */
  if (n > 1)
    {
      guint total = 0;
      GtkWidget *row;

      for (guint i = 0; i < n; i++)
        total += caissa_explorer_tree_get_move (tree, i)->games;
      row = make_row (self, "Σ", total, white, draws, black, "", "", show_rating);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_widget_add_css_class (row, "explorer-total");
      /* Translators: the tooltip of the explorer's last row, the sum of the others. */
      gtk_widget_set_tooltip_text (row, _("All the moves"));
      gtk_list_box_append (self->list_box, row);
    }
}

static void
row_activated_cb (GtkListBox          *list_box,
                  GtkListBoxRow       *row,
                  CaissaExplorerPanel *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "caissa-move-index"));
  const CaissaExplorerMove *move;

  if (index == 0 || self->tree == NULL || self->game == NULL
      || index > caissa_explorer_tree_get_n_moves (self->tree))
    return;
  /* An answer about another position (the board moved on since) plays nothing. */
  if (g_strcmp0 (self->tree_fen, caissa_game_get_fen (self->game)) != 0
      || !caissa_game_get_can_move (self->game))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  move = caissa_explorer_tree_get_move (self->tree, index - 1);
  if (!caissa_game_play_move (self->game, move->move, NULL))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

/* --- Queries ---------------------------------------------------------------------------- */

typedef struct
{
  CaissaExplorerPanel *self;
  GCancellable        *cancellable;
  char                *fen;
} QueryData;

static void
query_data_free (QueryData *qd)
{
  g_object_unref (qd->self);
  g_object_unref (qd->cancellable);
  g_free (qd->fen);
  g_free (qd);
}

static void
query_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  QueryData *qd = data;
  CaissaExplorerPanel *self = qd->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaExplorerTree) tree = NULL;

  tree = caissa_explorer_query_tree_finish (CAISSA_EXPLORER (source), result, &error);
  /* A newer query took its place (or the panel went): nothing to show. */
  if (qd->cancellable != self->cancellable || g_cancellable_is_cancelled (qd->cancellable)
      || CAISSA_EXPLORER (source) != self->explorer)
    {
      query_data_free (qd);
      return;
    }

  self->querying = FALSE;
  if (tree == NULL)
    g_warning ("Explorer: %s", error->message);
  g_clear_pointer (&self->tree, caissa_explorer_tree_unref);
  self->tree = g_steal_pointer (&tree);
  g_free (self->tree_fen);
  self->tree_fen = g_steal_pointer (&qd->fen);
  show_tree (self);
  /* More games were covered meanwhile: asked again after a pause, so that
   * partial queries (which replay games) leave the build its cores. */
  if (self->query_again && self->refresh_source == 0)
    self->refresh_source = g_timeout_add (REFRESH_MS, refresh_cb, self);
  self->query_again = FALSE;
  query_data_free (qd);
}

/* Asks about the shown position, cancelling the question before. */
static void
query (CaissaExplorerPanel *self)
{
  QueryData *qd;

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->query_again = FALSE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->querying = FALSE;

  if (self->explorer == NULL || self->game == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  self->cancellable = g_cancellable_new ();
  self->querying = TRUE;
  qd = g_new0 (QueryData, 1);
  qd->self = g_object_ref (self);
  qd->cancellable = g_object_ref (self->cancellable);
  qd->fen = g_strdup (caissa_game_get_fen (self->game));
  caissa_explorer_query_tree_async (self->explorer, caissa_game_get_position (self->game),
                                    self->cancellable, query_cb, qd);
}

static gboolean
refresh_cb (gpointer data)
{
  CaissaExplorerPanel *self = data;

  self->refresh_source = 0;
  if (self->querying)
    self->query_again = TRUE;
  else
    query (self);
  return G_SOURCE_REMOVE;
}

static void
explorer_changed_cb (CaissaExplorer      *explorer,
                     CaissaExplorerPanel *self)
{
  if (self->refresh_source == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->refresh_source = g_timeout_add (REFRESH_MS, refresh_cb, self);
}

static void
explorer_notify_cb (CaissaExplorer      *explorer,
                    GParamSpec          *pspec,
                    CaissaExplorerPanel *self)
{
  update_status (self);
}

static void
game_notify_cb (CaissaGame          *game,
                GParamSpec          *pspec,
                CaissaExplorerPanel *self)
{
  /* Whatever moved the shown position: navigation, a move, another game. */
  if (g_strcmp0 (self->tree_fen, caissa_game_get_fen (game)) != 0 || self->tree == NULL)
    query (self);
}

/* --- GObject -------------------------------------------------------------------------------- */

static void
caissa_explorer_panel_map (GtkWidget *widget)
{
  CaissaExplorerPanel *self = CAISSA_EXPLORER_PANEL (widget);

  GTK_WIDGET_CLASS (caissa_explorer_panel_parent_class)->map (widget);
  /* What changed while hidden. */
  query (self);
}

static void
caissa_explorer_panel_unmap (GtkWidget *widget)
{
  CaissaExplorerPanel *self = CAISSA_EXPLORER_PANEL (widget);

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->querying = FALSE;
  self->query_again = FALSE;
  GTK_WIDGET_CLASS (caissa_explorer_panel_parent_class)->unmap (widget);
}

static void
caissa_explorer_panel_dispose (GObject *object)
{
  CaissaExplorerPanel *self = CAISSA_EXPLORER_PANEL (object);

  caissa_explorer_panel_set_explorer (self, NULL);
  caissa_explorer_panel_set_game (self, NULL);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAISSA_TYPE_EXPLORER_PANEL);
  g_clear_object (&self->san_group);
  g_clear_object (&self->count_group);
  g_clear_object (&self->rating_group);
  g_clear_object (&self->year_group);
  g_clear_object (&self->heading_list_row);

  G_OBJECT_CLASS (caissa_explorer_panel_parent_class)->dispose (object);
}

static void
caissa_explorer_panel_finalize (GObject *object)
{
  CaissaExplorerPanel *self = CAISSA_EXPLORER_PANEL (object);

  g_clear_pointer (&self->tree, caissa_explorer_tree_unref);
  g_clear_pointer (&self->tree_fen, g_free);

  G_OBJECT_CLASS (caissa_explorer_panel_parent_class)->finalize (object);
}

static void
load_css (void)
{
  static GdkDisplay *loaded_for;
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GtkCssProvider) provider = NULL;

  if (display == NULL || display == loaded_for)
    return;
  loaded_for = display;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, explorer_panel_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
caissa_explorer_panel_class_init (CaissaExplorerPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_explorer_panel_dispose;
  object_class->finalize = caissa_explorer_panel_finalize;
  widget_class->map = caissa_explorer_panel_map;
  widget_class->unmap = caissa_explorer_panel_unmap;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caissa/Caissa/ui/caissa-explorer-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, games_button);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, heading_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, move_heading);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, games_heading);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, rating_heading);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, year_heading);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, list_box);
  gtk_widget_class_bind_template_child (widget_class, CaissaExplorerPanel, placeholder_label);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "explorerpanel");
}

static void
caissa_explorer_panel_init (CaissaExplorerPanel *self)
{
  load_css ();
  gtk_widget_init_template (GTK_WIDGET (self));

  self->san_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->count_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->rating_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->year_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_size_group_add_widget (self->san_group, self->move_heading);
  gtk_size_group_add_widget (self->count_group, self->games_heading);
  gtk_size_group_add_widget (self->rating_group, self->rating_heading);
  gtk_size_group_add_widget (self->year_group, self->year_heading);
  self->heading_list_row = g_object_ref_sink (gtk_list_box_row_new ());
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self->heading_list_row), self->heading_row);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->heading_list_row), FALSE);
  gtk_widget_add_css_class (self->heading_list_row, "explorer-heading");
  show_tree (self);
}

/* --- Public ------------------------------------------------------------------------------------- */

GtkWidget *
caissa_explorer_panel_new (void)
{
  return g_object_new (CAISSA_TYPE_EXPLORER_PANEL, NULL);
}

CaissaExplorer *
caissa_explorer_panel_get_explorer (CaissaExplorerPanel *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER_PANEL (self), NULL);

  return self->explorer;
}

void
caissa_explorer_panel_set_explorer (CaissaExplorerPanel *self,
                                    CaissaExplorer      *explorer)
{
  g_return_if_fail (CAISSA_IS_EXPLORER_PANEL (self));
  g_return_if_fail (explorer == NULL || CAISSA_IS_EXPLORER (explorer));

  if (self->explorer == explorer)
    return;
  if (self->explorer != NULL)
    g_signal_handlers_disconnect_by_data (self->explorer, self);
  g_set_object (&self->explorer, explorer);
  g_clear_pointer (&self->tree, caissa_explorer_tree_unref);
  g_clear_pointer (&self->tree_fen, g_free);
  if (explorer != NULL)
    {
      g_signal_connect (explorer, "changed", G_CALLBACK (explorer_changed_cb), self);
      g_signal_connect (explorer, "notify", G_CALLBACK (explorer_notify_cb), self);
    }
  /* (Not while disposing: the template's widgets are going.) */
  if (self->list_box != NULL)
    show_tree (self);
  query (self);
}

CaissaGame *
caissa_explorer_panel_get_game (CaissaExplorerPanel *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER_PANEL (self), NULL);

  return self->game;
}

void
caissa_explorer_panel_set_game (CaissaExplorerPanel *self,
                                CaissaGame          *game)
{
  g_return_if_fail (CAISSA_IS_EXPLORER_PANEL (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect (game, "notify::fen", G_CALLBACK (game_notify_cb), self);
  query (self);
}

gboolean
caissa_explorer_panel_get_busy (CaissaExplorerPanel *self)
{
  g_return_val_if_fail (CAISSA_IS_EXPLORER_PANEL (self), FALSE);

  return self->querying || self->refresh_source != 0;
}

void
caissa_explorer_panel_describe (CaissaExplorerPanel *self,
                                GString             *out)
{
  CaissaExplorerTree *tree;

  g_return_if_fail (CAISSA_IS_EXPLORER_PANEL (self));

  tree = self->tree;
  g_string_append_printf (out, "explorer-state %s\n",
                          tree == NULL ? "none" : caissa_explorer_tree_get_partial (tree) ? "partial" : "final");
  g_string_append_printf (out, "explorer-busy %d\n", caissa_explorer_panel_get_busy (self));
  /* What the header shows: the status, the progress bar, the count. */
  g_string_append_printf (out, "explorer-status %s\n",
                          gtk_progress_bar_get_show_text (self->progress_bar)
                          ? gtk_progress_bar_get_text (self->progress_bar)
                          : gtk_label_get_label (self->status_label));
  g_string_append_printf (out, "explorer-progress %d\n", gtk_widget_get_visible (GTK_WIDGET (self->progress_bar)));
  g_string_append_printf (out, "explorer-games-button %s\n", gtk_button_get_label (GTK_BUTTON (self->games_button)));
  g_string_append_printf (out, "explorer-marked-partial %d\n",
                          gtk_widget_has_css_class (GTK_WIDGET (self->list_box), "partial"));
  if (tree == NULL)
    return;
  g_string_append_printf (out, "explorer-games %u\n", caissa_explorer_tree_get_n_games (tree));
  g_string_append_printf (out, "explorer-fen %s\n", self->tree_fen);
  for (guint i = 0; i < caissa_explorer_tree_get_n_moves (tree); i++)
    {
      const CaissaExplorerMove *move = caissa_explorer_tree_get_move (tree, i);
      g_autofree char *rating = move->rating_count > 0
                                ? g_strdup_printf ("%u", (guint) (move->rating_sum / move->rating_count))
                                : g_strdup ("-");
      g_autofree char *year = move->last_year > 0 ? g_strdup_printf ("%u", move->last_year) : g_strdup ("-");

      g_string_append_printf (out, "explorer-move %s %u %u %u %u %s %s\n", move->san, move->games,
                              move->white_wins, move->draws, move->black_wins, rating, year);
    }
}
