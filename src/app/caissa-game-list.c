/* caissa-game-list.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The models: file → search (CaissaPgnSearch, the games matching what is
 * typed, found in slices of a few milliseconds) → sort (the column view's
 * sorter, incremental) → single selection → column view. Neither blocks
 * the window on a large file. GtkFilterListModel was tried first: in 4.8
 * its incremental mode goes 512 items per step, each step emitting
 * items-changed, which took about 9 s for a million games.
 */
#define G_LOG_DOMAIN "caissa-game-list"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "caissa-game-list.h"
#include "caissa-game-matches.h"
#include "caissa-pgn-search.h"
#include "caissa-pgn-sort.h"
#include "caissa-tooltip.h"

typedef enum
{
  COLUMN_NUMBER,
  COLUMN_WHITE,
  COLUMN_BLACK,
  COLUMN_WHITE_ELO,
  COLUMN_BLACK_ELO,
  COLUMN_RESULT,
  COLUMN_DATE,
  COLUMN_EVENT,
  COLUMN_ECO,
  COLUMN_OPENING,
  COLUMN_MOVES,
  N_COLUMNS
} ColumnId;

typedef struct
{
  const char *id;
  const char *title;
  const char *property;
  gboolean    numeric;
  gboolean    expand;
  int         tier;       /* shown from this width tier up (see tier_for_width) */
} ColumnSpec;

static const ColumnSpec column_specs[N_COLUMNS] = {
  /* Translators: the column of game numbers in a PGN file's game list. */
  { "number", N_("#"),      "number", TRUE,  FALSE, 0 },
  { "white",  N_("White"),  "white",  FALSE, TRUE,  0 },
  { "black",  N_("Black"),  "black",  FALSE, TRUE,  0 },
  /* Translators: the column of White's rating (Elo) in the game list; keep it short. */
  { "white-elo", N_("W Elo"), "white-elo", TRUE, FALSE, 2 },
  /* Translators: the column of Black's rating (Elo) in the game list; keep it short. */
  { "black-elo", N_("B Elo"), "black-elo", TRUE, FALSE, 2 },
  { "result", N_("Result"), "result", FALSE, FALSE, 0 },
  { "date",   N_("Date"),   "date",   FALSE, FALSE, 1 },
  { "event",  N_("Event"),  "event",  FALSE, FALSE, 3 },
  /* Translators: Encyclopaedia of Chess Openings code, e.g. "B90". */
  { "eco",    N_("ECO"),    "eco-display", FALSE, FALSE, 1 },
  /* Translators: the column of opening names computed from the moves. */
  { "opening", N_("Opening"), "opening", FALSE, FALSE, 3 },
  { "moves",  N_("Moves"),  "moves",  TRUE,  FALSE, 3 },
};

/* Narrow lists show the players and the result; wider ones (the list
 * beside the board) the date and the ECO code too (the opening matters
 * more to a reviewer than the length); then the players' ratings when
 * the file has them (the names keep their room first); wide ones
 * everything. The rest is in the tooltips: the players' for the event
 * and the length, the ECO code's for the opening's name. */
static int
tier_for_width (int width)
{
  if (width < 400)
    return 0;
  if (width < 760)
    return 1;
  if (width < 1000)
    return 2;
  return 3;
}

/* The width the list asks for beside the board, and the least it takes. */
#define NATURAL_WIDTH 480
#define MIN_WIDTH     240

struct _CaissaGameList
{
  GtkWidget            parent_instance;

  CaissaPgnFile       *file;
  CaissaPgnSearch     *search;
  CaissaPgnSort       *sort_model;
  /* The game selected when the rows last changed order (G_MAXUINT: none). */
  guint                reorder_selected;
  GtkSingleSelection  *selection;
  guint                current;
  /* The rows shown, as last told by the selection's items-changed. */
  guint                n_rows;
  guint                anchor_idle;
  /* In dispose: no more idles or ticks (one queued while the file is let
   * go would run on a freed list). */
  gboolean             disposed;
  gboolean             sort_changed;
  /* Whether the file's games have ratings (the Elo columns shown), and
   * how many games were looked at for them. */
  gboolean             has_elo;
  guint                elo_scanned;
  gboolean             refill;
  guint                relayout_tick;
  guint                rescroll_tick;
  int                  rescrolls;
  int                  relayouts;
  int                  tier;
  guint                tier_idle;

  GtkColumnViewColumn *columns[N_COLUMNS];
  /* The games a position search found, shown in place of the search's
   * (NULL: none), with the column of the move where each matched and the
   * bar above the list that says what was searched for. */
  CaissaGameMatches   *matches;
  GtkColumnViewColumn *ply_column;
  GtkWidget           *matches_bar;
  GtkLabel            *matches_label;
  /* The GtkListItems of the "#" column that are bound (rows on screen). */
  GPtrArray           *bound;

  /* Template widgets */
  GtkWidget           *box;
  GtkSearchEntry      *search_entry;
  GtkScrolledWindow   *scrolled;
  GtkColumnView       *column_view;
  GtkProgressBar      *progress_bar;
  GtkLabel            *status_label;
};

enum
{
  PROP_0,
  PROP_FILE,
  PROP_SEARCH,
  PROP_N_SHOWN,
  PROP_MATCHES,
  N_PROPS
};

enum
{
  GAME_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaGameList, caissa_game_list, GTK_TYPE_WIDGET)

/* --- Status ----------------------------------------------------------------- */

static char *
format_count (guint n)
{
  /* Thousands separated the locale's way. */
  return g_strdup_printf ("%'u", n);
}

static void
update_status (CaissaGameList *self)
{
  g_autofree char *text = NULL;
  g_autofree char *total = NULL;
  g_autofree char *shown = NULL;
  gboolean loading = FALSE, filtering = FALSE;
  guint n_total = 0, n_shown, n_errors = 0;
  double fraction = 0;

  if (self->file == NULL)
    {
      gtk_label_set_label (self->status_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
      return;
    }

  n_total = g_list_model_get_n_items (G_LIST_MODEL (self->file));
  n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->search));
  loading = caissa_pgn_file_get_loading (self->file);
  n_errors = caissa_pgn_file_get_n_errors (self->file);
  filtering = caissa_pgn_search_get_pending (self->search) > 0;
  total = format_count (n_total);
  shown = format_count (n_shown);

  if (self->matches != NULL)
    {
      guint n_matches = g_list_model_get_n_items (G_LIST_MODEL (self->matches));
      g_autofree char *found = format_count (n_matches);

      /* Translators: a position search found the first number of games among the second. */
      text = g_strdup_printf (ngettext ("%s of %s game", "%s of %s games", n_total), found, total);
      if (!caissa_game_matches_get_complete (self->matches))
        {
          /* Translators: appended while a position search goes on. */
          g_autofree char *more = g_strdup_printf ("%s · %s", text, _("searching…"));

          g_free (text);
          text = g_steal_pointer (&more);
        }
    }
  else if (loading)
    {
      fraction = caissa_pgn_file_get_progress (self->file);
      /* Translators: while a PGN file is read; %s is a number of games. */
      text = g_strdup_printf (ngettext ("Reading… %s game", "Reading… %s games", n_total), total);
    }
  else if (*caissa_pgn_search_get_text (self->search) != '\0')
    /* Translators: the search found the first number of games among the second. */
    text = g_strdup_printf (ngettext ("%s of %s game", "%s of %s games", n_total), shown, total);
  else
    text = g_strdup_printf (ngettext ("%s game", "%s games", n_total), total);

  if (n_errors > 0)
    {
      /* Translators: appended to the count of games, e.g. "120 games · 2 with errors". */
      g_autofree char *count = format_count (n_errors);
      g_autofree char *errors = g_strdup_printf (ngettext ("%s with an error", "%s with errors", n_errors),
                                                 count);
      g_autofree char *joined = g_strdup_printf ("%s · %s", text, errors);

      g_free (text);
      text = g_steal_pointer (&joined);
    }

  if (filtering && !loading && self->matches == NULL)
    {
      guint pending = caissa_pgn_search_get_pending (self->search);

      fraction = n_total > 0 ? 1.0 - (double) pending / n_total : 1.0;
    }

  gtk_label_set_label (self->status_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), (loading || filtering) && self->matches == NULL);
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
}

static gboolean apply_tier_cb (gpointer data);

/* Ratings are looked for in the first games read: a file has them
 * throughout or not at all, in practice. */
#define ELO_SCAN 500

static void
scan_elo (CaissaGameList *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->file));

  for (; !self->has_elo && self->elo_scanned < MIN (n, ELO_SCAN); self->elo_scanned++)
    {
      g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (self->file), self->elo_scanned);

      if (*caissa_pgn_game_info_get_white_elo (info) != '\0' || *caissa_pgn_game_info_get_black_elo (info) != '\0')
        {
          self->has_elo = TRUE;
          if (self->tier_idle == 0 && !self->disposed)
            self->tier_idle = g_idle_add (apply_tier_cb, self);
        }
    }
}

static void
file_notify_cb (CaissaPgnFile  *file,
                GParamSpec     *pspec,
                CaissaGameList *self)
{
  if (!self->has_elo && self->elo_scanned < ELO_SCAN)
    scan_elo (self);
  update_status (self);
}

static void
search_notify_cb (CaissaPgnSearch *search,
                  GParamSpec      *pspec,
                  CaissaGameList  *self)
{
  if (pspec->name == g_intern_static_string ("n-items"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SHOWN]);
  /* The search done, the open game's row is marked again. */
  if (pspec->name == g_intern_static_string ("pending")
      && caissa_pgn_search_get_pending (search) == 0 && self->current != G_MAXUINT)
    caissa_game_list_set_current (self, self->current);
  update_status (self);
}

/* --- Cells ------------------------------------------------------------------- */

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  data)
{
  ColumnId column = GPOINTER_TO_INT (data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column_specs[column].numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), column == COLUMN_ECO || column == COLUMN_RESULT ? 3 : 1);
  if (column_specs[column].numeric || column == COLUMN_DATE || column == COLUMN_RESULT)
    gtk_widget_add_css_class (label, "numeric");

  if (column == COLUMN_NUMBER)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      gtk_widget_set_visible (icon, FALSE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), label);
      gtk_list_item_set_child (list_item, box);
    }
  else
    gtk_list_item_set_child (list_item, label);
}

static GtkWidget *
cell_label (GtkListItem *list_item,
            ColumnId     column)
{
  GtkWidget *child = gtk_list_item_get_child (list_item);

  if (column == COLUMN_NUMBER)
    return gtk_widget_get_last_child (child);
  return child;
}

static void
update_number_cell (GtkListItem *list_item)
{
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *icon = gtk_widget_get_first_child (box);
  const char *error = info ? caissa_pgn_game_info_get_error (info) : NULL;

  gtk_widget_set_visible (icon, error != NULL);
  gtk_widget_set_tooltip_text (box, error);
  if (error != NULL)
    gtk_widget_add_css_class (box, "game-error");
  else
    gtk_widget_remove_css_class (box, "game-error");
}

static void
update_moves_cell (GtkListItem *list_item)
{
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  guint plies = info ? caissa_pgn_game_info_get_moves (info) : 0;
  g_autofree char *text = plies > 0 ? g_strdup_printf ("%u", (plies + 1) / 2) : g_strdup ("");

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
}

static void
item_error_cb (CaissaPgnGameInfo *info,
               GParamSpec        *pspec,
               GtkListItem       *list_item)
{
  update_number_cell (list_item);
}

/* The ECO column shows the tag as written, else the computed code
 * (dimmed); its tooltip names the computed opening, and says where the
 * code comes from when the tag is missing or differs. The Opening column
 * shows the computed name. Both fill in when the file's check reaches
 * the game. */
static void
update_eco_cell (GtkListItem *list_item)
{
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  const char *tag, *computed;
  g_autoptr(GString) tooltip = g_string_new (NULL);

  if (info == NULL)
    return;
  tag = caissa_pgn_game_info_get_eco (info);
  computed = caissa_pgn_game_info_get_opening_eco (info);
  gtk_label_set_label (GTK_LABEL (label), caissa_pgn_game_info_get_eco_display (info));
  if (*computed != '\0')
    g_string_append_printf (tooltip, "%s %s", computed, caissa_pgn_game_info_get_opening (info));
  if (*tag == '\0' && *computed != '\0')
    {
      gtk_widget_add_css_class (label, "dim-label");
      g_string_append_c (tooltip, '\n');
      /* Translators: tooltip of an ECO code computed from the moves (the game has no ECO tag). */
      g_string_append_printf (tooltip, _("%s, from the moves"), computed);
    }
  else
    {
      gtk_widget_remove_css_class (label, "dim-label");
      if (*tag != '\0' && *computed != '\0' && !g_str_equal (tag, computed))
        {
          g_string_append_c (tooltip, '\n');
          /* Translators: tooltip of the ECO column when the game's ECO tag and
           * the code computed from its moves differ: "ECO tag B99, from the moves B90". */
          g_string_append_printf (tooltip, _("ECO tag %s, from the moves %s"), tag, computed);
        }
    }
  gtk_widget_set_tooltip_text (label, tooltip->len > 0 ? tooltip->str : NULL);
}

static void
update_opening_cell (GtkListItem *list_item)
{
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *tooltip = NULL;
  const char *name;
  guint ply;

  if (info == NULL)
    return;
  name = caissa_pgn_game_info_get_opening (info);
  ply = caissa_pgn_game_info_get_opening_ply (info);
  gtk_label_set_label (GTK_LABEL (label), name);
  if (*name != '\0')
    /* Translators: tooltip of an opening name: its ECO code, the name, and
     * the move at which the game reached it, e.g. "B90 Sicilian Defense:
     * Najdorf Variation — move 5 (Black)". */
    tooltip = g_strdup_printf (ply % 2 == 1 ? _("%s %s — move %u (White)") : _("%s %s — move %u (Black)"),
                               caissa_pgn_game_info_get_opening_eco (info), name, (ply + 1) / 2);
  gtk_widget_set_tooltip_text (label, tooltip);
}

static void
item_eco_cb (CaissaPgnGameInfo *info,
             GParamSpec        *pspec,
             GtkListItem       *list_item)
{
  update_eco_cell (list_item);
}

static void
item_opening_cb (CaissaPgnGameInfo *info,
                 GParamSpec        *pspec,
                 GtkListItem       *list_item)
{
  update_opening_cell (list_item);
}

static void
item_moves_cb (CaissaPgnGameInfo *info,
               GParamSpec        *pspec,
               GtkListItem       *list_item)
{
  update_moves_cell (list_item);
}

/* What the hidden columns would say, for the players' tooltips:
 * "Event · Site · Round 3 · 1972.07.11 · B90 · Sicilian Defense: … · 41 moves". */
static char *
details (CaissaPgnGameInfo *info)
{
  GString *out = g_string_new (NULL);
  const char *parts[6];

  parts[0] = caissa_pgn_game_info_get_event (info);
  parts[1] = caissa_pgn_game_info_get_site (info);
  parts[2] = caissa_pgn_game_info_get_round (info);
  parts[3] = caissa_pgn_game_info_get_date (info);
  parts[4] = caissa_pgn_game_info_get_eco_display (info);
  parts[5] = caissa_pgn_game_info_get_opening (info);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      if (*parts[i] == '\0')
        continue;
      if (out->len > 0)
        g_string_append (out, " · ");
      if (i == 2)
        /* Translators: the round of a game in a tournament, in a tooltip. */
        g_string_append_printf (out, _("Round %s"), parts[i]);
      else
        g_string_append (out, parts[i]);
    }
  /* The length, for lists too narrow for the Moves column. */
  if (caissa_pgn_game_info_get_moves (info) > 0)
    {
      guint moves = (caissa_pgn_game_info_get_moves (info) + 1) / 2;

      if (out->len > 0)
        g_string_append (out, " · ");
      /* Translators: the length of a game, in a tooltip of the game list. */
      g_string_append_printf (out, ngettext ("%u move", "%u moves", moves), moves);
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  data)
{
  ColumnId column = GPOINTER_TO_INT (data);
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  GtkLabel *label = GTK_LABEL (cell_label (list_item, column));
  CaissaGameList *self = g_object_get_data (G_OBJECT (factory), "list");

  switch (column)
    {
    case COLUMN_NUMBER:
      {
        g_autofree char *text = format_count (caissa_pgn_game_info_get_number (info));

        gtk_label_set_label (label, text);
        update_number_cell (list_item);
        g_signal_connect_object (info, "notify::error", G_CALLBACK (item_error_cb), list_item, 0);
        g_ptr_array_add (self->bound, list_item);
      }
      break;
    case COLUMN_WHITE:
    case COLUMN_BLACK:
      {
        g_autofree char *tooltip = details (info);

        gtk_label_set_label (label, column == COLUMN_WHITE ? caissa_pgn_game_info_get_white (info)
                                                           : caissa_pgn_game_info_get_black (info));
        gtk_widget_set_tooltip_text (GTK_WIDGET (label), tooltip);
      }
      break;
    case COLUMN_RESULT:
      {
        const char *result = caissa_pgn_game_info_get_result (info);

        /* "½-½" reads better in a narrow column than "1/2-1/2". */
        gtk_label_set_label (label, g_str_equal (result, "1/2-1/2") ? "½-½" : result);
      }
      break;
    case COLUMN_WHITE_ELO:
      gtk_label_set_label (label, caissa_pgn_game_info_get_white_elo (info));
      break;
    case COLUMN_BLACK_ELO:
      gtk_label_set_label (label, caissa_pgn_game_info_get_black_elo (info));
      break;
    case COLUMN_DATE:
      gtk_label_set_label (label, caissa_pgn_game_info_get_date (info));
      break;
    case COLUMN_EVENT:
      gtk_label_set_label (label, caissa_pgn_game_info_get_event (info));
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), caissa_pgn_game_info_get_event (info));
      break;
    case COLUMN_ECO:
      update_eco_cell (list_item);
      g_signal_connect_object (info, "notify::opening-eco", G_CALLBACK (item_eco_cb), list_item, 0);
      break;
    case COLUMN_OPENING:
      update_opening_cell (list_item);
      g_signal_connect_object (info, "notify::opening", G_CALLBACK (item_opening_cb), list_item, 0);
      break;
    case COLUMN_MOVES:
      update_moves_cell (list_item);
      g_signal_connect_object (info, "notify::moves", G_CALLBACK (item_moves_cb), list_item, 0);
      break;
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static void
unbind_cell_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  data)
{
  ColumnId column = GPOINTER_TO_INT (data);
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  CaissaGameList *self = g_object_get_data (G_OBJECT (factory), "list");

  if (info != NULL)
    g_signal_handlers_disconnect_by_data (info, list_item);
  if (column == COLUMN_NUMBER && self->bound != NULL)
    g_ptr_array_remove_fast (self->bound, list_item);
}

/* --- Sorting and filtering --------------------------------------------------------- */

/* The games are sorted by CaissaPgnSort (a worker thread, keys read from
 * the file's bytes), not by these sorters: they only give the headers
 * their arrows and tell which column the user chose. GTK 4.8 has no
 * getter for the column view's primary column; its sorter compares with
 * the primary column's first, so comparing two probes tells it. */
G_STATIC_ASSERT ((int) COLUMN_MOVES == (int) CAISSA_PGN_SORT_MOVES
                 && (int) COLUMN_WHITE == (int) CAISSA_PGN_SORT_WHITE
                 && (int) N_COLUMNS == (int) CAISSA_PGN_SORT_N_COLUMNS);

static int
compare_probe (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  g_object_set_data ((GObject *) a, "caissa-sort-column", data);
  return -1;
}

static GtkSorter *
column_sorter (ColumnId column)
{
  return GTK_SORTER (gtk_custom_sorter_new (compare_probe, GINT_TO_POINTER (column + 1), NULL));
}

static void
apply_sorter (CaissaGameList *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->column_view);
  g_autoptr(GObject) a = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr(GObject) b = g_object_new (G_TYPE_OBJECT, NULL);
  GtkOrdering order = gtk_sorter_compare (sorter, a, b);
  int column = GPOINTER_TO_INT (g_object_get_data (a, "caissa-sort-column")) - 1;

  if (order == GTK_ORDERING_EQUAL || column < 0)
    caissa_pgn_sort_set_column (self->sort_model, CAISSA_PGN_SORT_NONE, FALSE);
  else
    caissa_pgn_sort_set_column (self->sort_model, column, order == GTK_ORDERING_LARGER);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   CaissaGameList *self)
{
  caissa_game_list_set_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
row_activated_cb (GtkColumnView  *view,
                  guint           row,
                  CaissaGameList *self)
{
  g_autoptr(CaissaPgnGameInfo) info = g_list_model_get_item (G_LIST_MODEL (self->selection), row);

  if (info != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, caissa_pgn_game_info_get_position (info));
}

/* --- Rows never blank ------------------------------------------------------------ */

/* GTK 4.8's list view loses its anchor row when its model empties
 * (a search that finds nothing) and does not take a new one when rows
 * come back: it then lays out one row at the old scroll offset and the
 * list looks empty, footer "2,000 games", until the user scrolls. So
 * whenever rows come back after none, the view is given an anchor again:
 * the open game's row when it is shown, else the first row. A sort gets
 * the open game's row back in view the same way once it is done. */
static GtkWidget *inner_list_view (CaissaGameList *self);
static void select_position (CaissaGameList *self,
                             guint           position);

static void
scroll_to_row (CaissaGameList *self,
               guint           row)
{
  GtkWidget *list_view = inner_list_view (self);

  if (list_view != NULL && row < g_list_model_get_n_items (G_LIST_MODEL (self->selection)))
    gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", row);
}

/* Once the rows are measured again (the scrollable height known), a
 * scroll by a pixel and back: what makes the view lay its rows out,
 * as a user's scrolling did. */
static gboolean
relayout_tick_cb (GtkWidget     *list_view,
                  GdkFrameClock *clock,
                  gpointer       data)
{
  CaissaGameList *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->scrolled);
  double value = gtk_adjustment_get_value (adj);

  if (gtk_adjustment_get_upper (adj) <= gtk_adjustment_get_page_size (adj) && --self->relayouts > 0)
    {
      gtk_widget_queue_resize (list_view);
      return G_SOURCE_CONTINUE;
    }
  /* Scrolled to a selected row the view has not made yet, the pixel
   * scroll finds no row there (a warning, nothing laid out): the row is
   * asked for again instead, which makes the view lay its rows out. */
  if (gtk_single_selection_get_selected (self->selection) != GTK_INVALID_LIST_POSITION && value > 0)
    scroll_to_row (self, gtk_single_selection_get_selected (self->selection));
  else
    {
      gtk_adjustment_set_value (adj, value + 1);
      gtk_adjustment_set_value (adj, value);
    }
  self->relayout_tick = 0;
  return G_SOURCE_REMOVE;
}

/* GTK 4.8's list view places a row it has not made yet by an estimate
 * of the rows' heights: scrolled to from afar, the row can end up a few
 * dozen rows off screen. Scrolled to again once the rows there are made,
 * it is in view. */
static gboolean
rescroll_tick_cb (GtkWidget     *list_view,
                  GdkFrameClock *clock,
                  gpointer       data)
{
  CaissaGameList *self = data;
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (selected != GTK_INVALID_LIST_POSITION && gtk_widget_get_mapped (list_view))
    scroll_to_row (self, selected);
  if (--self->rescrolls > 0)
    return G_SOURCE_CONTINUE;
  self->rescroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static gboolean
reanchor_cb (gpointer data)
{
  CaissaGameList *self = data;
  guint selected;

  self->anchor_idle = 0;
  if (self->sort_model == NULL)
    return G_SOURCE_REMOVE;
  /* A sort still going on: when it is done (sort_pending_cb). */
  if (caissa_pgn_sort_get_pending (self->sort_model) > 0)
    return G_SOURCE_REMOVE;
  self->sort_changed = FALSE;
  /* The game selected before the rows changed order stays selected. */
  if (self->reorder_selected != G_MAXUINT)
    select_position (self, self->reorder_selected);
  else if (self->current != G_MAXUINT)
    caissa_game_list_set_current (self, self->current);
  self->reorder_selected = G_MAXUINT;
  selected = gtk_single_selection_get_selected (self->selection);
  scroll_to_row (self, selected != GTK_INVALID_LIST_POSITION ? selected : 0);
  /* The view sizes rows it has not made yet by those it has: with none
   * left it makes one, and only lays out again when told to. */
  if (!self->refill)
    {
      self->rescrolls = 2;
      if (self->rescroll_tick == 0 && inner_list_view (self) != NULL
          && selected != GTK_INVALID_LIST_POSITION)
        self->rescroll_tick = gtk_widget_add_tick_callback (inner_list_view (self), rescroll_tick_cb, self, NULL);
      return G_SOURCE_REMOVE;
    }
  self->refill = FALSE;
  self->relayouts = 30;
  if (self->relayout_tick == 0 && inner_list_view (self) != NULL)
    self->relayout_tick = gtk_widget_add_tick_callback (inner_list_view (self), relayout_tick_cb, self, NULL);
  return G_SOURCE_REMOVE;
}

static void
queue_reanchor (CaissaGameList *self)
{
  if (self->anchor_idle == 0 && !self->disposed)
    self->anchor_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, reanchor_cb, self, NULL);
}

static void
rows_changed_cb (GListModel     *model,
                 guint           position,
                 guint           removed,
                 guint           added,
                 CaissaGameList *self)
{
  guint n = g_list_model_get_n_items (model);

  if (self->n_rows == 0 && n > 0)
    {
      self->refill = TRUE;
      queue_reanchor (self);
    }
  self->n_rows = n;
}

static void
sort_pending_cb (CaissaPgnSort  *model,
                 GParamSpec     *pspec,
                 CaissaGameList *self)
{
  if (caissa_pgn_sort_get_pending (model) == 0 && self->sort_changed)
    queue_reanchor (self);
}

/* Many rows change (a sort, a search cleared): nothing is selected while
 * they do (GtkSingleSelection would look for its item among all the new
 * rows, a second for a million games); then the game selected before is
 * selected again and scrolled to (reanchor_cb). */
static void
sort_reorder_cb (CaissaPgnSort  *model,
                 gboolean        done,
                 CaissaGameList *self)
{
  if (!done)
    {
      guint selected = caissa_game_list_get_selected (self);

      if (selected != G_MAXUINT)
        {
          self->reorder_selected = selected;
          gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
        }
      return;
    }
  self->sort_changed = TRUE;
  queue_reanchor (self);
}

/* Only a sort the user asked for brings the open game back into view,
 * not the sorting of games read in while the file loads. */
static void
sorter_changed_cb (GtkSorter       *sorter,
                   GtkSorterChange  change,
                   CaissaGameList  *self)
{
  self->sort_changed = TRUE;
  apply_sorter (self);
  queue_reanchor (self);
}

/* --- Width ----------------------------------------------------------------------- */

static gboolean
apply_tier_cb (gpointer data)
{
  CaissaGameList *self = data;

  self->tier_idle = 0;
  /* A position search's games show where they matched in place of their length. */
  for (guint i = 0; i < N_COLUMNS; i++)
    gtk_column_view_column_set_visible (self->columns[i], column_specs[i].tier <= self->tier
                                        && !(i == COLUMN_MOVES && self->matches != NULL)
                                        && ((i != COLUMN_WHITE_ELO && i != COLUMN_BLACK_ELO) || self->has_elo));
  return G_SOURCE_REMOVE;
}

static void
caissa_game_list_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  CaissaGameList *self = CAISSA_GAME_LIST (widget);
  int tier = tier_for_width (width);

  gtk_widget_allocate (self->box, width, height, baseline, NULL);

  /* Columns are shown or hidden after this allocation, not during it. */
  if (tier != self->tier)
    {
      self->tier = tier;
      if (self->tier_idle == 0 && !self->disposed)
        self->tier_idle = g_idle_add (apply_tier_cb, self);
    }
}

static void
caissa_game_list_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  CaissaGameList *self = CAISSA_GAME_LIST (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
  /* The same room whatever rows are on screen: at least enough for the
   * players' names (less, and a side sheet beside the board folds over it
   * instead), and a comfortable width beside the board. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (*minimum, MIN_WIDTH);
      *natural = MAX (*minimum, NATURAL_WIDTH);
    }
}

/* --- GObject ------------------------------------------------------------------------ */

static void init_matches (CaissaGameList *self);

static void
caissa_game_list_dispose (GObject *object)
{
  CaissaGameList *self = CAISSA_GAME_LIST (object);

  self->disposed = TRUE;
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_func (gtk_column_view_get_sorter (self->column_view),
                                          sorter_changed_cb, self);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_func (self->selection, rows_changed_cb, self);
  g_clear_handle_id (&self->anchor_idle, g_source_remove);
  if (self->relayout_tick != 0 && inner_list_view (self) != NULL)
    gtk_widget_remove_tick_callback (inner_list_view (self), self->relayout_tick);
  self->relayout_tick = 0;
  if (self->rescroll_tick != 0 && inner_list_view (self) != NULL)
    gtk_widget_remove_tick_callback (inner_list_view (self), self->rescroll_tick);
  self->rescroll_tick = 0;
  g_clear_handle_id (&self->tier_idle, g_source_remove);
  caissa_game_list_set_file (self, NULL);
  caissa_game_list_set_matches (self, NULL);
  if (self->search != NULL)
    g_signal_handlers_disconnect_by_data (self->search, self);
  /* Whatever letting them go queued. */
  g_clear_handle_id (&self->anchor_idle, g_source_remove);
  g_clear_handle_id (&self->tier_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAISSA_TYPE_GAME_LIST);
  g_clear_pointer (&self->bound, g_ptr_array_unref);
  g_clear_object (&self->selection);
  if (self->sort_model != NULL)
    g_signal_handlers_disconnect_by_data (self->sort_model, self);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->search);

  G_OBJECT_CLASS (caissa_game_list_parent_class)->dispose (object);
}

static void
caissa_game_list_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaissaGameList *self = CAISSA_GAME_LIST (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_SEARCH:
      g_value_set_string (value, caissa_game_list_get_search (self));
      break;
    case PROP_N_SHOWN:
      g_value_set_uint (value, caissa_game_list_get_n_shown (self));
      break;
    case PROP_MATCHES:
      g_value_set_object (value, self->matches);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_list_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaissaGameList *self = CAISSA_GAME_LIST (object);

  switch (prop_id)
    {
    case PROP_FILE:
      caissa_game_list_set_file (self, g_value_get_object (value));
      break;
    case PROP_SEARCH:
      caissa_game_list_set_search (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_game_list_class_init (CaissaGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_game_list_dispose;
  object_class->get_property = caissa_game_list_get_property;
  object_class->set_property = caissa_game_list_set_property;
  widget_class->measure = caissa_game_list_measure;
  widget_class->size_allocate = caissa_game_list_size_allocate;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, CAISSA_TYPE_PGN_FILE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_SHOWN] =
    g_param_spec_uint ("n-shown", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MATCHES] =
    g_param_spec_object ("matches", NULL, NULL, CAISSA_TYPE_GAME_MATCHES,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaGameList::game-activated:
   * @position: the game's position in the file (0-based)
   */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/caissa/Caissa/ui/caissa-game-list.ui");
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, box);
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, scrolled);
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, column_view);
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CaissaGameList, status_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);

  gtk_widget_class_set_css_name (widget_class, "gamelist");
}

static void
caissa_game_list_init (CaissaGameList *self)
{
  self->current = G_MAXUINT;
  self->reorder_selected = G_MAXUINT;
  self->tier = 3;
  self->bound = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  caissa_tooltip_wrap (GTK_WIDGET (self->search_entry));

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkSorter) sorter = column_sorter (i);
      GtkColumnViewColumn *column;

      g_object_set_data (G_OBJECT (factory), "list", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GINT_TO_POINTER (i));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell_cb), GINT_TO_POINTER (i));

      column = gtk_column_view_column_new (_(column_specs[i].title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      /* Its width is remembered under it (caissa-game-list-columns.c). */
      g_object_set_data (G_OBJECT (column), "caissa-column-id", (gpointer) column_specs[i].id);
      gtk_column_view_column_set_expand (column, column_specs[i].expand);
      gtk_column_view_append_column (self->column_view, column);
      self->columns[i] = column;
      g_object_unref (column);
    }

  self->search = caissa_pgn_search_new (NULL);
  self->sort_model = caissa_pgn_sort_new ();
  caissa_pgn_sort_set_model (self->sort_model, G_LIST_MODEL (self->search), NULL);
  g_signal_connect (self->sort_model, "reorder", G_CALLBACK (sort_reorder_cb), self);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sort_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect (self->selection, "items-changed", G_CALLBACK (rows_changed_cb), self);
  g_signal_connect (self->sort_model, "notify::pending", G_CALLBACK (sort_pending_cb), self);
  g_signal_connect (gtk_column_view_get_sorter (self->column_view), "changed",
                    G_CALLBACK (sorter_changed_cb), self);
  g_signal_connect (self->search, "notify::n-items", G_CALLBACK (search_notify_cb), self);
  g_signal_connect (self->search, "notify::pending", G_CALLBACK (search_notify_cb), self);
  init_matches (self);

  update_status (self);
}

/* --- A position search's games ------------------------------------------------------- */

/* "12." (White to move) or "12…" (Black to move): the move of the
 * position after ply half-moves from the start. */
static char *
move_of_ply (guint ply)
{
  if (ply % 2 == 0)
    return g_strdup_printf ("%u.", ply / 2 + 1);
  return g_strdup_printf ("%u…", ply / 2 + 1);
}

static void
setup_ply_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_label_set_width_chars (GTK_LABEL (label), 4);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_ply_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             CaissaGameList           *self)
{
  CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
  guint ply = self->matches != NULL && info != NULL
              ? caissa_game_matches_get_ply (self->matches, caissa_pgn_game_info_get_position (info))
              : G_MAXUINT;
  g_autofree char *text = ply != G_MAXUINT ? move_of_ply (ply) : g_strdup ("");

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
}

static void
show_all_clicked_cb (GtkButton      *button,
                     CaissaGameList *self)
{
  caissa_game_list_set_matches (self, NULL);
}

static void
matches_notify_cb (CaissaGameMatches *matches,
                   GParamSpec        *pspec,
                   CaissaGameList    *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SHOWN]);
  update_status (self);
}

static void
init_matches (CaissaGameList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *button;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_ply_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_ply_cb), self);
  /* Translators: the column of a position search's games: the move where
   * the position was found, e.g. "12." or "12…". */
  self->ply_column = gtk_column_view_column_new (_("Found At"), factory);
  gtk_column_view_column_set_visible (self->ply_column, FALSE);
  gtk_column_view_insert_column (self->column_view, 1, self->ply_column);
  g_object_unref (self->ply_column);

  self->matches_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->matches_bar, "matches-bar");
  gtk_widget_set_margin_start (self->matches_bar, 12);
  gtk_widget_set_margin_end (self->matches_bar, 6);
  gtk_widget_set_margin_bottom (self->matches_bar, 6);
  self->matches_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->matches_label, 0);
  gtk_label_set_wrap (self->matches_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->matches_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->matches_label), "heading");
  /* Translators: a button that leaves a position search's games for the whole file's. */
  button = gtk_button_new_with_mnemonic (_("Show _All"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect (button, "clicked", G_CALLBACK (show_all_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->matches_bar), GTK_WIDGET (self->matches_label));
  gtk_box_append (GTK_BOX (self->matches_bar), button);
  gtk_widget_set_visible (self->matches_bar, FALSE);
  gtk_box_insert_child_after (GTK_BOX (self->box), self->matches_bar, GTK_WIDGET (self->search_entry));
}

/* --- Public ---------------------------------------------------------------------------- */

GtkWidget *
caissa_game_list_new (void)
{
  return g_object_new (CAISSA_TYPE_GAME_LIST, NULL);
}

CaissaPgnFile *
caissa_game_list_get_file (CaissaGameList *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), NULL);

  return self->file;
}

void
caissa_game_list_set_file (CaissaGameList *self,
                           CaissaPgnFile  *file)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));
  g_return_if_fail (file == NULL || CAISSA_IS_PGN_FILE (file));

  if (self->file == file)
    return;

  if (self->file != NULL)
    g_signal_handlers_disconnect_by_data (self->file, self);
  caissa_game_list_set_matches (self, NULL);
  g_set_object (&self->file, file);
  self->has_elo = FALSE;
  self->elo_scanned = 0;
  if (file != NULL)
    {
      g_signal_connect (file, "notify", G_CALLBACK (file_notify_cb), self);
      scan_elo (self);
    }
  if (self->columns[0] != NULL)
    {
      g_clear_handle_id (&self->tier_idle, g_source_remove);
      apply_tier_cb (self);
    }
  self->current = G_MAXUINT;
  if (self->search != NULL)
    caissa_pgn_search_set_file (self->search, file);
  update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

const char *
caissa_game_list_get_search (CaissaGameList *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
}

void
caissa_game_list_set_search (CaissaGameList *self,
                             const char     *text)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));

  if (text == NULL)
    text = "";
  /* Typing a search goes back from a position search's games to all. */
  if (*text != '\0')
    caissa_game_list_set_matches (self, NULL);
  if (!g_str_equal (text, gtk_editable_get_text (GTK_EDITABLE (self->search_entry))))
    {
      /* Comes back here through search-changed (at once: the entry's
       * delay only applies to typing). */
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
    }
  if (g_str_equal (text, caissa_pgn_search_get_text (self->search)))
    return;

  caissa_pgn_search_set_text (self->search, text);
  update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
}

guint
caissa_game_list_get_n_shown (CaissaGameList *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), 0);

  if (self->matches != NULL)
    return g_list_model_get_n_items (G_LIST_MODEL (self->matches));
  return g_list_model_get_n_items (G_LIST_MODEL (self->search));
}

gboolean
caissa_game_list_get_filtering (CaissaGameList *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), FALSE);

  return caissa_pgn_search_get_pending (self->search) > 0
         || caissa_pgn_sort_get_pending (self->sort_model) > 0;
}

static GtkWidget *
inner_list_view (CaissaGameList *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

/* Selects the game at position in the file (G_MAXUINT: none), and
 * scrolls its row into view. */
static void
select_position (CaissaGameList *self,
                 guint           position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  guint row = GTK_INVALID_LIST_POSITION;

  if (position != G_MAXUINT)
    {
      row = self->matches != NULL ? caissa_game_matches_find (self->matches, position)
                                  : caissa_pgn_search_find (self->search, position);
      if (row != G_MAXUINT)
        row = caissa_pgn_sort_find (self->sort_model, row);
      if (row == G_MAXUINT || row >= n)
        row = GTK_INVALID_LIST_POSITION;
    }

  gtk_single_selection_set_selected (self->selection, row);
  if (row != GTK_INVALID_LIST_POSITION)
    {
      GtkWidget *list_view = inner_list_view (self);

      if (list_view != NULL)
        gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", row);
    }
}

void
caissa_game_list_set_current (CaissaGameList *self,
                              guint           position)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));

  self->current = position;
  select_position (self, position);
}

guint
caissa_game_list_get_selected (CaissaGameList *self)
{
  CaissaPgnGameInfo *info;

  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), G_MAXUINT);

  info = gtk_single_selection_get_selected_item (self->selection);
  return info != NULL ? caissa_pgn_game_info_get_position (info) : G_MAXUINT;
}

void
caissa_game_list_sort_by (CaissaGameList *self,
                          const char     *column,
                          GtkSortType     order)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));

  if (column == NULL)
    {
      gtk_column_view_sort_by_column (self->column_view, NULL, order);
      return;
    }
  for (guint i = 0; i < N_COLUMNS; i++)
    if (g_str_equal (column, column_specs[i].id))
      {
        gtk_column_view_sort_by_column (self->column_view, self->columns[i], order);
        return;
      }
  g_warning ("No column %s", column);
}

gboolean
caissa_game_list_has_focus (CaissaGameList *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), FALSE);

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root ? gtk_root_get_focus (root) : NULL;
  return focus != NULL && gtk_widget_get_mapped (GTK_WIDGET (self))
         && (focus == GTK_WIDGET (self) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self)));
}

void
caissa_game_list_focus_search (CaissaGameList *self)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

void
caissa_game_list_describe (CaissaGameList *self,
                           GString        *out)
{
  GtkNative *native;
  double sx = 0, sy = 0;

  g_return_if_fail (CAISSA_IS_GAME_LIST (self));

  g_string_append_printf (out, "games-shown %u\n", caissa_game_list_get_n_shown (self));
  if (self->matches != NULL)
    g_string_append_printf (out, "games-matches %s\n",
                            caissa_game_matches_get_complete (self->matches) ? "complete" : "partial");
  native = gtk_widget_get_native (GTK_WIDGET (self));
  if (native == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  gtk_native_get_surface_transform (native, &sx, &sy);
  for (guint i = 0; i < self->bound->len; i++)
    {
      GtkListItem *list_item = g_ptr_array_index (self->bound, i);
      CaissaPgnGameInfo *info = gtk_list_item_get_item (list_item);
      GtkWidget *cell = gtk_list_item_get_child (list_item);
      graphene_rect_t bounds;

      if (info == NULL || !gtk_widget_get_mapped (cell)
          || !gtk_widget_compute_bounds (cell, GTK_WIDGET (native), &bounds))
        continue;
      g_string_append_printf (out, "game-row %u %d %d %d %d\n",
                              caissa_pgn_game_info_get_number (info),
                              (int) (bounds.origin.x + sx), (int) (bounds.origin.y + sy),
                              (int) bounds.size.width, (int) bounds.size.height);
    }
}

void
caissa_game_list_set_matches (CaissaGameList    *self,
                              CaissaGameMatches *matches)
{
  g_return_if_fail (CAISSA_IS_GAME_LIST (self));
  g_return_if_fail (matches == NULL || CAISSA_IS_GAME_MATCHES (matches));

  if (self->matches == matches)
    return;

  if (self->matches != NULL)
    g_signal_handlers_disconnect_by_data (self->matches, self);
  g_set_object (&self->matches, matches);
  if (matches != NULL)
    {
      g_signal_connect (matches, "notify", G_CALLBACK (matches_notify_cb), self);
      /* The search's text does not apply to these games. */
      if (*gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0')
        {
          gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
          caissa_pgn_search_set_text (self->search, "");
        }
      gtk_label_set_label (self->matches_label, caissa_game_matches_get_description (matches));
    }
  if (self->sort_model != NULL)
    caissa_pgn_sort_set_model (self->sort_model,
                               matches != NULL ? G_LIST_MODEL (matches) : G_LIST_MODEL (self->search),
                               self->file);
  if (self->ply_column != NULL)
    gtk_column_view_column_set_visible (self->ply_column, matches != NULL);
  if (self->columns[0] != NULL)
    {
      g_clear_handle_id (&self->tier_idle, g_source_remove);
      apply_tier_cb (self);
    }
  if (self->matches_bar != NULL)
    gtk_widget_set_visible (self->matches_bar, matches != NULL);
  update_status (self);
  if (self->current != G_MAXUINT)
    caissa_game_list_set_current (self, self->current);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SHOWN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCHES]);
}

CaissaGameMatches *
caissa_game_list_get_matches (CaissaGameList *self)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), NULL);

  return self->matches;
}

guint
caissa_game_list_get_match_ply (CaissaGameList *self,
                                guint           position)
{
  g_return_val_if_fail (CAISSA_IS_GAME_LIST (self), G_MAXUINT);

  if (self->matches == NULL)
    return G_MAXUINT;
  return caissa_game_matches_get_ply (self->matches, position);
}
