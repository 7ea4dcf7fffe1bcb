/* caissa-window-explorer.c — the opening explorer and position search in
 * the window.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-split-view.h"

#include "caissa-board.h"
#include "caissa-explorer-panel.h"
#include "caissa-game-list.h"
#include "caissa-game-matches.h"
#include "caissa-pattern-dialog.h"
#include "caissa-window-autosave.h"
#include "caissa-window-explorer.h"

/* A search whose games the list shows: asked again while the explorer's
 * data grows, its new games appended, until the answer is final. */
typedef struct
{
  CaissaWindow      *window;
  CaissaExplorer    *explorer;
  CaissaGameMatches *matches;
  GCancellable      *cancellable;
  char              *pattern;    /* NULL: the exact position below */
  ChessPosition      position;
  gboolean           running;
  gboolean           again;
  /* Set when the search is dropped: an answer still on its way (which
   * holds a reference) is then ignored. */
  gboolean           stopped;
} Search;

/* Kept on the window as qdata, so the window's struct needs no field. */
typedef struct
{
  CaissaWindow        *window;
  CaissaGame          *game;
  CaissaGameList      *game_list;
  CaissaSplitView     *flap;
  CaissaExplorerPanel *panel;
  GtkWidget           *toggle;
  /* The file the list shows, and its explorer once asked for. */
  CaissaPgnFile       *file;
  CaissaExplorer      *explorer;
  /* Whether the user wants the panel, and whether it may be shown now. */
  gboolean             wanted;
  gboolean             allowed;
  Search              *search;
} Explorer;

static GQuark
explorer_quark (void)
{
  return g_quark_from_static_string ("caissa-window-explorer");
}

static Explorer *
get (CaissaWindow *self)
{
  return g_object_get_qdata (G_OBJECT (self), explorer_quark ());
}

static void
toast (CaissaWindow *self,
       const char   *text)
{
  _caissa_window_add_toast (self, adw_toast_new (text));
}

/* --- Searches -------------------------------------------------------------------------------- */

static void search_run (Search *search);

static void
search_clear (Search *search)
{
  g_clear_object (&search->cancellable);
  g_clear_object (&search->explorer);
  g_clear_object (&search->matches);
  g_free (search->pattern);
}

static void
search_unref (Search *search)
{
  g_rc_box_release_full (search, (GDestroyNotify) search_clear);
}

/* Drops the window's reference; the search stops. */
static void
search_free (Search *search)
{
  if (search == NULL)
    return;
  search->stopped = TRUE;
  g_cancellable_cancel (search->cancellable);
  g_signal_handlers_disconnect_by_data (search->explorer, search);
  search_unref (search);
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Search *search = data;
  CaissaExplorer *explorer = CAISSA_EXPLORER (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaissaExplorerMatches) found = NULL;
  g_autofree guint *games = NULL;
  g_autofree guint *plies = NULL;
  guint n;

  if (search->pattern != NULL)
    found = caissa_explorer_find_pattern_finish (explorer, result, &error);
  else
    found = caissa_explorer_find_position_finish (explorer, result, &error);
  if (search->stopped)
    {
      search_unref (search);
      return;
    }

  search->running = FALSE;
  if (found == NULL)
    {
      toast (search->window, error->message);
      caissa_game_matches_set_complete (search->matches, TRUE);
      search_unref (search);
      return;
    }

  n = caissa_explorer_matches_get_n_matches (found);
  games = g_new (guint, MAX (n, 1));
  plies = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const CaissaExplorerMatch *match = caissa_explorer_matches_get_match (found, i);

      games[i] = match->game;
      plies[i] = match->ply;
    }
  caissa_game_matches_append (search->matches, games, plies, n);
  caissa_game_matches_set_complete (search->matches, !caissa_explorer_matches_get_partial (found));
  if (search->again && !caissa_game_matches_get_complete (search->matches))
    search_run (search);
  search_unref (search);
}

static void
search_run (Search *search)
{
  search->again = FALSE;
  search->running = TRUE;
  if (search->pattern != NULL)
    caissa_explorer_find_pattern_async (search->explorer, search->pattern, search->cancellable,
                                        search_done_cb, g_rc_box_acquire (search));
  else
    caissa_explorer_find_position_async (search->explorer, &search->position, search->cancellable,
                                         search_done_cb, g_rc_box_acquire (search));
}

static void
search_explorer_changed_cb (CaissaExplorer *explorer,
                            Search         *search)
{
  if (caissa_game_matches_get_complete (search->matches))
    return;
  if (search->running)
    search->again = TRUE;
  else
    search_run (search);
}

/* Shows the games of a new search in the list (the list opened). */
static void
start_search (Explorer            *ex,
              const ChessPosition *position,
              const char          *pattern,
              const char          *description)
{
  Search *search = g_rc_box_new0 (Search);

  g_assert (ex->explorer != NULL);

  search_free (g_steal_pointer (&ex->search));
  search->window = ex->window;
  search->explorer = g_object_ref (ex->explorer);
  search->cancellable = g_cancellable_new ();
  search->matches = caissa_game_matches_new (caissa_explorer_get_file (ex->explorer), description);
  search->pattern = g_strdup (pattern);
  if (position != NULL)
    search->position = *position;
  g_signal_connect (search->explorer, "changed", G_CALLBACK (search_explorer_changed_cb), search);
  ex->search = search;

  caissa_game_list_set_matches (ex->game_list, search->matches);
  caissa_split_view_set_reveal_flap (ex->flap, TRUE);
  search_run (search);
}

/* The explorer of the file shown, made the first time the panel or a
 * search needs it: opening a file builds nothing for a user who never
 * explores it (the build takes both cores for seconds on a large file). */
static gboolean
ensure_explorer (Explorer *ex)
{
  if (ex->explorer == NULL && ex->file != NULL)
    {
      ex->explorer = caissa_explorer_new (ex->file);
      caissa_explorer_panel_set_explorer (ex->panel, ex->explorer);
    }
  return ex->explorer != NULL;
}

static void
find_position_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  Explorer *ex = get (CAISSA_WINDOW (widget));

  if (ex == NULL || !ex->allowed || !ensure_explorer (ex))
    return;
  start_search (ex, caissa_game_get_position (ex->game), NULL, _("Games reaching this position"));
}

static void
pattern_search_cb (CaissaPatternDialog *dialog,
                   const char          *pattern,
                   CaissaWindow        *self)
{
  Explorer *ex = get (self);
  g_autofree char *description = NULL;

  if (ex == NULL || !ex->allowed || !ensure_explorer (ex))
    return;
  /* Translators: above the game list, %s is the pattern searched for (a sub-FEN). */
  description = g_strdup_printf (_("Games with the pattern %s"), pattern);
  start_search (ex, NULL, pattern, description);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
search_pattern_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  Explorer *ex = get (self);
  CaissaPatternDialog *dialog;

  if (ex == NULL || ex->file == NULL || !ex->allowed)
    return;
  dialog = caissa_pattern_dialog_new (GTK_WINDOW (self), caissa_game_get_position (ex->game));
  g_signal_connect_object (dialog, "search", G_CALLBACK (pattern_search_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The user went back to all games (or another file came): the search stops. */
static void
list_matches_cb (CaissaGameList *list,
                 GParamSpec     *pspec,
                 CaissaWindow   *self)
{
  Explorer *ex = get (self);

  if (ex != NULL && ex->search != NULL && caissa_game_list_get_matches (list) != ex->search->matches)
    search_free (g_steal_pointer (&ex->search));
}

/* --- Showing the panel ------------------------------------------------------------------------- */

/* During a game under a clock between the players at this computer, what
 * was played in other games would help the one to move. */
static gboolean
explorer_allowed (CaissaGame *game)
{
  return caissa_game_get_clock (game) == NULL
         || caissa_game_get_analysis (game)
         || caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE;
}

/* Wide enough for the toggle beside the header bar's other buttons
 * (the window's least width is 360 px). */
#define TOGGLE_MIN_WINDOW_WIDTH 440

static gboolean
window_wide (CaissaWindow *self)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  return width <= 0 || width >= TOGGLE_MIN_WINDOW_WIDTH;
}

static void
update (CaissaWindow *self)
{
  Explorer *ex = get (self);
  gboolean shown;

  if (ex == NULL)
    return;
  ex->allowed = explorer_allowed (ex->game);
  shown = ex->wanted && ex->allowed;
  if (shown)
    ensure_explorer (ex);

  gtk_widget_set_visible (GTK_WIDGET (ex->panel), shown);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.explorer", ex->allowed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find-position", ex->allowed && ex->file != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.search-pattern", ex->allowed && ex->file != NULL);
  /* The toggle shows while a file is open, where the header bar has the
   * room (the main menu has the item too); under a clock it stays in
   * place, insensitive, and says why. */
  gtk_widget_set_visible (ex->toggle, ex->file != NULL && window_wide (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ex->toggle), shown);
  gtk_widget_set_sensitive (ex->toggle, ex->allowed);
  gtk_widget_set_tooltip_text (ex->toggle,
                               ex->allowed ? _("Opening Explorer")
                                           /* Translators: the tooltip of the explorer's toggle while it is off. */
                                           : _("The explorer is off during a game under a clock: it would help the player to move"));
  if (!ex->allowed && ex->search != NULL)
    {
      /* A search running when a clocked game starts stops too. */
      caissa_game_list_set_matches (ex->game_list, NULL);
    }
}

static void
explorer_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CaissaWindow *self = CAISSA_WINDOW (widget);
  Explorer *ex = get (self);

  if (ex == NULL || !ex->allowed)
    return;
  ex->wanted = !ex->wanted;
  update (self);
}

static void
toggle_toggled_cb (GtkToggleButton *toggle,
                   CaissaWindow    *self)
{
  Explorer *ex = get (self);
  gboolean active = gtk_toggle_button_get_active (toggle);

  if (ex == NULL || !ex->allowed || active == ex->wanted)
    return;
  ex->wanted = active;
  update (self);
}

static void
game_notify_cb (CaissaGame   *game,
                GParamSpec   *pspec,
                CaissaWindow *self)
{
  if (pspec->name == g_intern_static_string ("clock")
      || pspec->name == g_intern_static_string ("analysis")
      || pspec->name == g_intern_static_string ("outcome"))
    update (self);
}

static void
outcome_changed_cb (CaissaGame   *game,
                    CaissaWindow *self)
{
  update (self);
}

/* One explorer per file the list shows (made when first needed). */
static void
list_file_cb (CaissaGameList *list,
              GParamSpec     *pspec,
              CaissaWindow   *self)
{
  Explorer *ex = get (self);
  CaissaPgnFile *file = caissa_game_list_get_file (list);

  if (ex == NULL || file == ex->file)
    return;
  search_free (g_steal_pointer (&ex->search));
  g_clear_object (&ex->explorer);
  g_set_object (&ex->file, file);
  caissa_explorer_panel_set_explorer (ex->panel, NULL);
  update (self);
}

static void
window_width_cb (CaissaWindow *self)
{
  update (self);
}

/* --- Life cycle ---------------------------------------------------------------------------------- */

static void
explorer_free (Explorer *ex)
{
  /* The window's game is gone by now (object data is freed last); the
   * explorer, the search and our references to two widgets are ours. */
  search_free (ex->search);
  g_clear_object (&ex->explorer);
  g_clear_object (&ex->file);
  g_clear_object (&ex->panel);
  g_clear_object (&ex->toggle);
  g_free (ex);
}

void
_caissa_window_explorer_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CAISSA_TYPE_EXPLORER_PANEL);
  /* (header_bar and primary_menu: bound by name in caissa-window.c.) */

  gtk_widget_class_install_action (widget_class, "win.explorer", NULL, explorer_action);
  gtk_widget_class_install_action (widget_class, "win.find-position", NULL, find_position_action);
  gtk_widget_class_install_action (widget_class, "win.search-pattern", NULL, search_pattern_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.explorer", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.search-pattern", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.search-pattern", NULL);
}

static GObject *
template_child (CaissaWindow *window,
                const char   *id)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (window), CAISSA_TYPE_WINDOW, id);

  if (object == NULL)
    g_error ("caissa-window.ui has no object “%s”", id);
  return object;
}

/* The board's context menu: the searches, and the position as FEN. */
static GMenuModel *
board_menu (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) search = g_menu_new ();
  g_autoptr(GMenu) copy = g_menu_new ();

  g_menu_append (search, _("Find _Games With This Position"), "win.find-position");
  g_menu_append (search, _("Search for a _Pattern…"), "win.search-pattern");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (search));
  g_menu_append (copy, _("Copy the Position as _FEN"), "win.copy-fen");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (copy));
  return G_MENU_MODEL (menu);
}

void
_caissa_window_explorer_init (CaissaWindow *self)
{
  Explorer *ex = g_new0 (Explorer, 1);
  GtkWidget *move_list = GTK_WIDGET (template_child (self, "move_list"));
  GtkBox *side_panel = GTK_BOX (template_child (self, "side_panel"));
  AdwHeaderBar *header_bar = ADW_HEADER_BAR (template_child (self, "header_bar"));
  g_autoptr(GMenuModel) menu = board_menu ();

  ex->window = self;
  ex->game = caissa_window_get_game (self);
  ex->game_list = CAISSA_GAME_LIST (template_child (self, "game_list"));
  ex->flap = CAISSA_SPLIT_VIEW (template_child (self, "flap"));
  g_object_set_qdata_full (G_OBJECT (self), explorer_quark (), ex, (GDestroyNotify) explorer_free);

  /* Under the move list, sharing its height. */
  ex->panel = CAISSA_EXPLORER_PANEL (caissa_explorer_panel_new ());
  gtk_widget_set_margin_top (GTK_WIDGET (ex->panel), 12);
  gtk_widget_set_vexpand (GTK_WIDGET (ex->panel), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (ex->panel), "card");
  gtk_widget_set_visible (GTK_WIDGET (ex->panel), FALSE);
  gtk_box_insert_child_after (side_panel, GTK_WIDGET (ex->panel), move_list);
  /* Kept until the window is finalized: the game list notifies while the
   * window's template is disposed, which may have taken the panel away. */
  g_object_ref (ex->panel);
  caissa_explorer_panel_set_game (ex->panel, ex->game);

  ex->toggle = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (ex->toggle), "accessories-dictionary-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (ex->toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Opening Explorer"), -1);
  g_signal_connect (ex->toggle, "toggled", G_CALLBACK (toggle_toggled_cb), self);
  adw_header_bar_pack_end (header_bar, ex->toggle);
  g_object_ref (ex->toggle);

  caissa_board_set_menu_model (CAISSA_BOARD (caissa_window_get_board (self)), menu);

  /* In the main menu too, after the file's sections. */
  {
    GMenu *primary = G_MENU (template_child (self, "primary_menu"));
    g_autoptr(GMenu) section = g_menu_new ();

    g_menu_append (section, _("Opening _Explorer"), "win.explorer");
    g_menu_append (section, _("Search for a _Pattern…"), "win.search-pattern");
    g_menu_insert_section (primary, MIN (4, g_menu_model_get_n_items (G_MENU_MODEL (primary))),
                           NULL, G_MENU_MODEL (section));
  }
  g_signal_connect (self, "notify::default-width", G_CALLBACK (window_width_cb), NULL);

  /* Handlers on the game carry the window, whose dispose removes them. */
  g_signal_connect (ex->game, "notify", G_CALLBACK (game_notify_cb), self);
  g_signal_connect (ex->game, "outcome-changed", G_CALLBACK (outcome_changed_cb), self);
  g_signal_connect_object (ex->game_list, "notify::file", G_CALLBACK (list_file_cb), self, 0);
  g_signal_connect_object (ex->game_list, "notify::matches", G_CALLBACK (list_matches_cb), self, 0);
  list_file_cb (ex->game_list, NULL, self);
  update (self);
}

void
_caissa_window_explorer_describe (CaissaWindow *self,
                                  GString      *out)
{
  Explorer *ex = get (self);

  if (ex == NULL)
    return;
  g_string_append_printf (out, "explorer-shown %d\n", gtk_widget_get_mapped (GTK_WIDGET (ex->panel)));
  g_string_append_printf (out, "explorer-allowed %d\n", ex->allowed);
  g_string_append_printf (out, "explorer-data %s\n",
                          ex->explorer == NULL ? "none"
                          : caissa_explorer_get_ready (ex->explorer) ? "ready" : "building");
  caissa_explorer_panel_describe (ex->panel, out);
}

GtkWidget *
caissa_window_get_explorer_panel (CaissaWindow *self)
{
  Explorer *ex;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  ex = get (self);
  return ex != NULL ? GTK_WIDGET (ex->panel) : NULL;
}

GtkWidget *
caissa_window_get_explorer_toggle (CaissaWindow *self)
{
  Explorer *ex;

  g_return_val_if_fail (CAISSA_IS_WINDOW (self), NULL);

  ex = get (self);
  return ex != NULL ? ex->toggle : NULL;
}
