/* caissa-window-review.c — CaissaWindow: reviewing PGN files.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The open file (CaissaPgnFile) and its list of games in the window's
 * side sheet, the game taken from it (the window's CaissaGame in analysis
 * mode: a move played anywhere starts a variation), saving it back, the
 * clipboard, editing the move tree (comments, NAGs, variations, tags,
 * result), and the arrows and squares of the shown move's comment.
 *
 * Saving and the unsaved-changes question are in caissa-window-review-
 * save.c, editing the tree in caissa-window-review-edit.c.
 *
 * State is kept on the window as object data, so the window's struct does
 * not change for it. The window's CaissaGame exposes its tree read-only;
 * an edit copies the tree, changes the copy and loads it back
 * (caissa_game_load_core_game()), then shows the same node again: node
 * ids survive a copy.
 */
#define G_LOG_DOMAIN "caissa-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-fen.h"
#include "chess-pgn.h"
#include "caissa-window-review-private.h"

#define REVIEW_KEY "caissa-review"
#define MAX_MARKS 64

CaissaWindowReview *
_caissa_window_get_review (CaissaWindow *window)
{
  return g_object_get_data (G_OBJECT (window), REVIEW_KEY);
}

void
_caissa_review_toast (CaissaWindowReview *review,
       const char         *text)
{
  _caissa_window_add_toast (review->window, adw_toast_new (text));
}

void
_caissa_review_show_error (CaissaWindowReview *review,
            const char         *heading,
            const char         *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (review->window), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
_caissa_review_has_game_from_file (CaissaWindowReview *review)
{
  return review->file != NULL && review->position != G_MAXUINT;
}

void
_caissa_review_set_dirty (CaissaWindowReview *review,
           gboolean            dirty)
{
  /* Every edit comes here: it is kept on disk, as is its end. */
  _caissa_review_keep_changes (review);
  if (!dirty)
    caissa_edit_history_mark_saved (review->history);
  if (review->dirty == dirty)
    return;
  review->dirty = dirty;
  _caissa_review_update_title (review);
  _caissa_window_review_update_actions (review);
}

/* --- Title --------------------------------------------------------------------- */

void
_caissa_review_update_title (CaissaWindowReview *review)
{
  g_autofree char *title = NULL;
  const char *name = NULL;

  if (_caissa_review_has_game_from_file (review))
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (review->file));

      name = caissa_pgn_file_get_name (review->file);
      if (n > 1)
        /* Translators: the window title: the file's name and which of its games is shown. */
        title = g_strdup_printf (_("%s · Game %u of %u"), name, review->position + 1, n);
      else
        title = g_strdup (name);
    }
  else if (review->source != NULL)
    title = g_strdup (review->source);
  else
    title = g_strdup (_("Caissa"));

  if (review->dirty || _caissa_review_games_pending (review))
    {
      /* Translators: a title with unsaved changes. */
      g_autofree char *marked = g_strdup_printf (_("• %s"), title);

      g_free (title);
      title = g_steal_pointer (&marked);
    }

  adw_window_title_set_title (review->window_title, title);
  if (name != NULL || review->source != NULL)
    {
      /* Translators: the window's name for the window manager. */
      g_autofree char *full = g_strdup_printf (_("%s – Caissa"), name ? name : review->source);

      gtk_window_set_title (GTK_WINDOW (review->window), full);
    }
  else
    gtk_window_set_title (GTK_WINDOW (review->window), _("Caissa"));
}

/* --- Arrows and squares of the shown move --------------------------------------------- */

static CaissaBoardMarkColor
mark_color (char c)
{
  switch (c)
    {
    case 'R': return CAISSA_BOARD_MARK_RED;
    case 'Y': return CAISSA_BOARD_MARK_YELLOW;
    case 'B': return CAISSA_BOARD_MARK_BLUE;
    case 'G':
    default:  return CAISSA_BOARD_MARK_GREEN;
    }
}

void
_caissa_review_update_marks (CaissaWindowReview *review)
{
  const ChessGame *core = caissa_game_get_core_game (review->game);
  const char *comment = chess_game_node_comment (core, caissa_game_get_shown_node (review->game),
                                                 CHESS_COMMENT_AFTER);
  ChessPgnMark marks[MAX_MARKS];
  CaissaBoardArrow arrows[MAX_MARKS];
  CaissaBoardMark squares[MAX_MARKS];
  guint n = 0, n_arrows = 0, n_squares = 0;

  if (comment != NULL)
    n = chess_pgn_comment_marks (comment, strlen (comment), marks, MAX_MARKS);

  /* Arrows set by others (practice hints) stay unless a comment had some. */
  if (n == 0 && !review->marks_set)
    return;

  for (guint i = 0; i < n; i++)
    {
      if (marks[i].to == CHESS_NO_SQUARE)
        squares[n_squares++] = (CaissaBoardMark) { marks[i].from, mark_color (marks[i].color) };
      else
        arrows[n_arrows++] = (CaissaBoardArrow) { marks[i].from, marks[i].to, mark_color (marks[i].color) };
    }
  caissa_board_set_arrows (review->board, arrows, n_arrows);
  caissa_board_set_marks (review->board, squares, n_squares);
  review->marks_set = n > 0;
}

/* --- The game ------------------------------------------------------------------------- */

static void
game_notify_cb (CaissaGame   *game,
                GParamSpec   *pspec,
                CaissaWindow *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);

  if (review != NULL && (pspec->name == g_intern_static_string ("fen")
                         || pspec->name == g_intern_static_string ("ply")))
    _caissa_review_update_marks (review);
}

static void
move_played_cb (CaissaGame   *game,
                guint         move,
                guint         ply,
                CaissaWindow *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);

  if (review != NULL && !review->loading && caissa_game_get_analysis (game)
      && (_caissa_review_has_game_from_file (review) || review->source != NULL))
    {
      _caissa_review_history_move_played (review);
      _caissa_review_set_dirty (review, TRUE);
    }
}

/* Puts core into the window's game, for review: analysis mode, the start
 * shown. */
static void
_caissa_review_load_game (CaissaWindowReview *review,
           ChessGame          *core)
{
  review->loading = TRUE;
  caissa_game_set_analysis (review->game, TRUE);
  caissa_game_load_core_game (review->game, core);
  caissa_game_go_first (review->game);
  review->loading = FALSE;
  _caissa_review_update_marks (review);
  _caissa_review_history_reset (review);
}

/* Changes the game's tree through a copy (see the top of the file). */
void
_caissa_review_edit_game (CaissaWindowReview *review,
           EditFunc            func,
           gpointer            data)
{
  _caissa_review_edit_game_labelled (review, NULL, func, data);
}

void
_caissa_review_edit_game_labelled (CaissaWindowReview *review,
                                   const char         *label,
                                   EditFunc            func,
                                   gpointer            data)
{
  ChessGame *copy = chess_game_copy (caissa_game_get_core_game (review->game));
  ChessNodeId shown = caissa_game_get_shown_node (review->game);
  ChessNodeId shown_before = shown;

  if (!func (copy, &shown, data))
    {
      chess_game_free (copy);
      return;
    }
  review->loading = TRUE;
  caissa_game_load_core_game (review->game, copy);
  if (chess_game_node_valid (copy, shown))
    caissa_game_go_to_node (review->game, shown);
  review->loading = FALSE;
  caissa_move_list_refresh (review->move_list);
  _caissa_review_update_marks (review);
  _caissa_review_history_push (review, shown_before, label);
  _caissa_review_set_dirty (review, TRUE);
}

/* --- Opening ------------------------------------------------------------------------------ */

/* A game found by a position search opens where it matched. */
static void
show_match_ply (CaissaWindowReview *review,
                guint               position)
{
  guint ply = caissa_game_list_get_match_ply (review->game_list, position);

  if (ply != G_MAXUINT)
    caissa_game_go_to_ply (review->game, ply);
}

static void
open_game_now (CaissaWindowReview *review,
               gpointer            data)
{
  guint position = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;
  CaissaPgnPartial *partial = NULL;
  ChessGame *core;

  if (review->file == NULL)
    return;

  /* A game with an error is shown up to it (caissa-window-review-partial.c). */
  core = caissa_pgn_file_read_game_partial (review->file, position, &partial, &error);
  if (core == NULL)
    {
      /* Translators: heading of the message when a game of a file has an error. */
      _caissa_review_show_error (review, _("This Game Cannot Be Read"), error->message);
      return;
    }

  g_clear_pointer (&review->source, g_free);
  review->position = position;
  _caissa_review_set_partial (review, partial);
  _caissa_review_load_game (review, core);
  show_match_ply (review, position);
  _caissa_review_set_dirty (review, FALSE);
  caissa_game_list_set_current (review->game_list, position);
  _caissa_review_update_title (review);
  /* On a narrow window the list covers the board: show the game. */
  if (caissa_split_view_get_folded (review->flap))
    caissa_split_view_set_reveal_flap (review->flap, FALSE);
  _caissa_window_review_update_actions (review);
}

void
_caissa_review_open_game_now (CaissaWindowReview *review,
                              guint               position)
{
  open_game_now (review, GUINT_TO_POINTER (position));
}

static void
open_game (CaissaWindowReview *review,
           guint               position)
{
  if (position == review->position && !review->dirty && review->source == NULL)
    {
      show_match_ply (review, position);
      if (caissa_split_view_get_folded (review->flap))
        caissa_split_view_set_reveal_flap (review->flap, FALSE);
      return;
    }
  _caissa_review_replace_in_file_then (review, open_game_now, GUINT_TO_POINTER (position), NULL);
}

static void
game_activated_cb (CaissaGameList *list,
                   guint           position,
                   CaissaWindow   *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);

  open_game (review, position);
  /* The arrows now walk through the game, not the list. */
  gtk_widget_grab_focus (GTK_WIDGET (review->board));
}

static void
file_notify_cb (CaissaPgnFile *file,
                GParamSpec    *pspec,
                CaissaWindow  *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (file));

  if (review == NULL || file != review->file)
    return;

  /* The first game is shown as soon as it is found; the list once there
   * is more than one. */
  if (!review->first_opened && n >= 1 && review->position == G_MAXUINT)
    {
      review->first_opened = TRUE;
      open_game_now (review, GUINT_TO_POINTER (0));
    }
  if (!review->list_revealed && n >= 2)
    {
      review->list_revealed = TRUE;
      caissa_split_view_set_reveal_flap (review->flap, TRUE);
    }
  if (!caissa_pgn_file_get_loading (file) && n == 0 && pspec->name == g_intern_static_string ("loading"))
    {
      /* Translators: %s is a file name. */
      g_autofree char *text = g_strdup_printf (_("No games found in “%s”"), caissa_pgn_file_get_name (file));

      _caissa_review_toast (review, text);
    }
  /* A file read again after a save: its row is marked once it is listed. */
  if (!caissa_pgn_file_get_loading (file) && pspec->name == g_intern_static_string ("loading")
      && _caissa_review_has_game_from_file (review))
    caissa_game_list_set_current (review->game_list, review->position);
  _caissa_review_update_title (review);
  _caissa_window_review_update_actions (review);
}

static void
open_again_cb (AdwToast     *toast,
               CaissaWindow *window)
{
  GFile *file = g_object_get_data (G_OBJECT (toast), "file");
  g_autoptr(GError) error = NULL;

  if (!caissa_window_open_file (window, file, &error))
    caissa_window_report_open_error (window, error);
}

/* Another program changed the file (cut it short, rewrote it, replaced
 * or deleted it) while it was open: the list keeps what was read; say so
 * until the user dismisses it, and offer to read the file as it is now. */
static void
file_changed_on_disk_cb (CaissaPgnFile *file,
                         GParamSpec    *pspec,
                         CaissaWindow  *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  g_autofree char *text = NULL;
  AdwToast *toast;
  GFile *gfile;

  if (review == NULL || file != review->file || !caissa_pgn_file_get_changed_on_disk (file))
    return;
  if (g_object_get_data (G_OBJECT (file), "caissa-told-changed") != NULL)
    return;
  g_object_set_data (G_OBJECT (file), "caissa-told-changed", GINT_TO_POINTER (TRUE));

  /* Translators: %s is a file name. */
  text = g_strdup_printf (_("“%s” changed on disk. The list shows the games as they were read."),
                          caissa_pgn_file_get_name (file));
  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  gfile = caissa_pgn_file_get_file (file);
  if (gfile != NULL && g_file_query_exists (gfile, NULL))
    {
      /* Translators: a button that reads the changed file again. */
      adw_toast_set_button_label (toast, _("_Open Again"));
      g_object_set_data_full (G_OBJECT (toast), "file", g_object_ref (gfile), g_object_unref);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (open_again_cb), window, 0);
    }
  _caissa_window_add_toast (window, toast);
}

/* Shows file's games; keep is the game already shown (after a save), or
 * G_MAXUINT to open the first. */
void
_caissa_review_set_file (CaissaWindowReview *review,
          CaissaPgnFile      *file,
          guint               keep)
{
  _caissa_review_games_forget (review);
  if (review->file != NULL)
    g_signal_handlers_disconnect_by_data (review->file, review->window);
  g_set_object (&review->file, file);
  review->position = keep;
  if (keep == G_MAXUINT)
    _caissa_review_set_partial (review, NULL);
  review->first_opened = keep != G_MAXUINT;
  review->list_revealed = FALSE;
  caissa_game_list_set_file (review->game_list, file);

  if (file != NULL)
    {
      g_signal_connect (file, "notify::n-items", G_CALLBACK (file_notify_cb), review->window);
      g_signal_connect (file, "notify::loading", G_CALLBACK (file_notify_cb), review->window);
      g_signal_connect (file, "notify::changed-on-disk", G_CALLBACK (file_changed_on_disk_cb),
                        review->window);
      file_changed_on_disk_cb (file, NULL, review->window);
      if (keep != G_MAXUINT)
        {
          /* A file read again after a save: the list stays as it was. */
          review->list_revealed = TRUE;
          caissa_game_list_set_current (review->game_list, keep);
        }
      if (g_list_model_get_n_items (G_LIST_MODEL (file)) > 0)
        file_notify_cb (file, g_object_class_find_property (G_OBJECT_GET_CLASS (file), "n-items"),
                        review->window);
    }
  else
    caissa_split_view_set_reveal_flap (review->flap, FALSE);
  _caissa_review_update_title (review);
  _caissa_window_review_update_actions (review);
}

void
_caissa_review_add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) "application/x-chess-pgn",
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "caissa %u",
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
open_file_now (CaissaWindowReview *review,
               gpointer            data)
{
  GFile *file = caissa_pgn_file_get_file (data);

  /* Only a file actually opened goes to the recent list. */
  if (file != NULL)
    _caissa_review_add_recent (file);
  _caissa_review_set_file (review, data, G_MAXUINT);
}

gboolean
caissa_window_open_file (CaissaWindow  *window,
                         GFile         *file,
                         GError       **error)
{
  CaissaWindowReview *review;
  CaissaPgnFile *pgn;

  g_return_val_if_fail (CAISSA_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  review = _caissa_window_get_review (window);
  pgn = caissa_pgn_file_new (file, error);
  if (pgn == NULL)
    return FALSE;
  _caissa_review_replace_then (review, caissa_pgn_file_get_name (pgn), open_file_now, pgn, g_object_unref);
  return TRUE;
}

void
caissa_window_report_open_error (CaissaWindow *window,
                                 const GError *error)
{
  g_return_if_fail (CAISSA_IS_WINDOW (window));
  g_return_if_fail (error != NULL);

  /* Translators: heading of the message when a file cannot be opened. */
  _caissa_review_show_error (_caissa_window_get_review (window), _("The File Cannot Be Opened"), error->message);
}

static void
open_file_reporting (CaissaWindowReview *review,
                     GFile              *file)
{
  g_autoptr(GError) error = NULL;

  if (!caissa_window_open_file (review->window, file, &error))
    caissa_window_report_open_error (review->window, error);
}

static void
open_response_cb (GtkNativeDialog    *chooser,
                  int                 response,
                  CaissaWindowReview *review)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        open_file_reporting (review, file);
    }
  g_object_unref (chooser);
}

GtkFileFilter *
_caissa_review_pgn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PGN Files"));
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  gtk_file_filter_add_mime_type (filter, "application/x-chess-pgn");
  return filter;
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) pgn = _caissa_review_pgn_filter ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  chooser = gtk_file_chooser_native_new (_("Open a PGN File"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), pgn);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), review);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* --- Open Recent ------------------------------------------------------------------------------- */

#define RECENT_MAX 10

static GObject *template_child (CaissaWindow *window,
                                const char   *id);

static gint
recent_newest_first (gconstpointer a,
                     gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *tb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (tb, ta);
}

/* The files Caissa opened that are still there, newest first (at most
 * RECENT_MAX): references in an array. */
static GPtrArray *
recent_files (void)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);
  GList *items = gtk_recent_manager_get_items (manager);
  const char *app = g_get_application_name ();

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (app != NULL && gtk_recent_info_has_application (info, app)
          && gtk_recent_info_is_local (info) && gtk_recent_info_exists (info))
        g_ptr_array_add (found, gtk_recent_info_ref (info));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (found, recent_newest_first);
  if (found->len > RECENT_MAX)
    g_ptr_array_set_size (found, RECENT_MAX);
  return found;
}

/* The menu's label of a recent file: its name, and its folder too when
 * another file of the list has the same name. */
static char *
recent_label (GPtrArray     *files,
              GtkRecentInfo *info)
{
  const char *name = gtk_recent_info_get_display_name (info);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *folder = NULL;
  guint same = 0;

  for (guint i = 0; i < files->len; i++)
    same += g_strcmp0 (gtk_recent_info_get_display_name (files->pdata[i]), name) == 0;
  if (same < 2)
    return g_strdup (name);
  file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
  parent = g_file_get_parent (file);
  folder = parent != NULL ? g_file_get_parse_name (parent) : g_strdup ("/");
  /* The home folder as "~", as the file chooser and Files show it. */
  {
    const char *home = g_get_home_dir ();
    size_t n = strlen (home);

    if (n > 1 && g_str_has_prefix (folder, home) && (folder[n] == '\0' || folder[n] == G_DIR_SEPARATOR))
      {
        char *short_folder = g_strconcat ("~", folder + n, NULL);

        g_free (folder);
        folder = short_folder;
      }
  }
  /* Translators: a file in the Open Recent menu when two have the same
   * name: "games.pgn (/home/anna/chess)". */
  return g_strdup_printf (_("%s (%s)"), name, folder);
}

static void
update_recent_menu (CaissaWindow *window)
{
  GMenu *section = G_MENU (template_child (window, "recent_section"));
  g_autoptr(GPtrArray) files = recent_files ();

  g_menu_remove_all (section);
  for (guint i = 0; i < files->len; i++)
    {
      GtkRecentInfo *info = files->pdata[i];
      g_autofree char *label = recent_label (files, info);
      g_auto(GStrv) parts = g_strsplit (label, "_", -1);
      /* Menu labels take "_" for a mnemonic: a name's own is doubled. */
      g_autofree char *escaped = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (escaped, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (section, item);
    }
  if (files->len == 0)
    /* A disabled entry: the action "win.no-recent" is never enabled. */
    g_menu_append (section, _("No Recent Files"), "win.no-recent");
}

static void
recent_changed_cb (GtkRecentManager *manager,
                   CaissaWindow     *window)
{
  update_recent_menu (window);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  const char *uri = g_variant_get_string (parameter, NULL);
  g_autoptr(GFile) file = g_file_new_for_uri (uri);
  g_autoptr(GError) error = NULL;

  if (!caissa_window_open_file (review->window, file, &error))
    {
      /* Gone since: off the list too. */
      if (!g_file_query_exists (file, NULL))
        gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
      caissa_window_report_open_error (review->window, error);
    }
}

static void
no_recent_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         CaissaWindow  *window)
{
  CaissaWindowReview *review = _caissa_window_get_review (window);
  GFile *file = NULL;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = g_value_get_boxed (value);

      file = files != NULL ? files->data : NULL;
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    file = g_value_get_object (value);

  if (file == NULL)
    return FALSE;
  open_file_reporting (review, file);
  return TRUE;
}

/* --- Clipboard -------------------------------------------------------------------------------- */

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  GdkClipboard *clipboard = gtk_widget_get_clipboard (widget);

  if (g_str_equal (action_name, "win.copy-fen"))
    {
      gdk_clipboard_set_text (clipboard, caissa_game_get_fen (review->game));
      _caissa_review_toast (review, _("Position copied as FEN"));
    }
  else
    {
      /* (A game read up to an error keeps its unread rest.) */
      g_autofree char *pgn = _caissa_review_pgn_to_save (review);

      gdk_clipboard_set_text (clipboard, pgn);
      _caissa_review_toast (review, _("Game copied as PGN"));
    }
}

typedef enum
{
  PASTE_NOTHING,
  PASTE_FEN,
  PASTE_PGN,
} PasteKind;

/* What trimmed (the clipboard's text) holds; when nothing to paste, the
 * user is told why. */
static PasteKind
paste_kind (CaissaWindowReview *review,
            const char         *trimmed)
{
  ChessError err = { 0 };
  ChessGame *core;

  if (*trimmed == '\0')
    {
      _caissa_review_toast (review, _("The clipboard holds no text"));
      return PASTE_NOTHING;
    }

  if (!strchr (trimmed, '\n') && caissa_game_validate_fen (trimmed, NULL))
    {
      ChessGame *game = chess_game_new ();
      gboolean ok = chess_game_set_start_fen (game, trimmed, &err);

      chess_game_free (game);
      if (ok)
        return PASTE_FEN;
      err = (ChessError) { 0 };
    }

  core = chess_pgn_read_game (trimmed, strlen (trimmed), &err, NULL);
  if (core == NULL)
    {
      g_autofree char *body = NULL;

      if (err.code == CHESS_OK)
        body = g_strdup (_("The text is neither a FEN position nor a PGN game."));
      else
        /* Translators: line and column in the pasted text, then what is wrong. */
        body = g_strdup_printf (_("Line %lu, column %lu: %s"), err.line, err.column, err.message);
      _caissa_review_show_error (review, _("Nothing to Paste"), body);
      return PASTE_NOTHING;
    }
  chess_game_free (core);
  return PASTE_PGN;
}

/* Shows the pasted text (trimmed, checked by paste_kind()): a FEN as a
 * position to analyse, PGN like a file's games (the first shown). */
static void
paste_now (CaissaWindowReview *review,
           gpointer            data)
{
  const char *trimmed = data;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CaissaPgnFile) file = NULL;
  ChessError err = { 0 };

  switch (paste_kind (review, trimmed))
    {
    case PASTE_FEN:
      {
        ChessGame *game = chess_game_new ();

        if (!chess_game_set_start_fen (game, trimmed, &err))
          g_assert_not_reached ();
        _caissa_review_set_file (review, NULL, G_MAXUINT);
        g_free (review->source);
        review->source = g_strdup (_("Pasted Position"));
        _caissa_review_load_game (review, game);
        _caissa_review_set_dirty (review, FALSE);
        _caissa_review_update_title (review);
      }
      break;

    case PASTE_PGN:
      bytes = g_bytes_new (trimmed, strlen (trimmed));
      file = caissa_pgn_file_new_from_bytes (bytes, _("Pasted Game"));
      _caissa_review_set_file (review, file, G_MAXUINT);
      break;

    case PASTE_NOTHING:
    default:
      break;
    }
}

static void
paste_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  CaissaWindowReview *review = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  char *trimmed;

  if (text == NULL)
    {
      _caissa_review_toast (review, _("The clipboard holds no text"));
      return;
    }
  trimmed = g_strstrip (g_strdup (text));
  /* Checked before the game in progress is asked about: nothing is given
   * up for text that cannot be shown. */
  if (paste_kind (review, trimmed) == PASTE_NOTHING)
    {
      g_free (trimmed);
      return;
    }
  _caissa_review_replace_then (review, NULL, paste_now, trimmed, g_free);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_read_cb, review);
}

/* --- Navigation --------------------------------------------------------------------------------- */

static void
variation_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  caissa_move_list_choose_variation (review->move_list,
                                     g_str_equal (action_name, "win.variation-next") ? 1 : -1);
}

static void
show_games_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  gboolean reveal = !caissa_split_view_get_reveal_flap (review->flap);

  caissa_split_view_set_reveal_flap (review->flap, reveal);
  if (reveal)
    caissa_game_list_focus_search (review->game_list);
}

static void
search_games_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));

  caissa_split_view_set_reveal_flap (review->flap, TRUE);
  caissa_game_list_focus_search (review->game_list);
}

static void
step_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CaissaWindowReview *review = _caissa_window_get_review (CAISSA_WINDOW (widget));
  guint n;

  if (!_caissa_review_has_game_from_file (review))
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (review->file));
  if (g_str_equal (action_name, "win.next-game") && review->position + 1 < n)
    open_game (review, review->position + 1);
  else if (g_str_equal (action_name, "win.previous-game") && review->position > 0)
    open_game (review, review->position - 1);
}

/* --- Actions' state ----------------------------------------------------------------------------------- */

/* Plain keys belong to a text field or the game list while they have the
 * focus (the application's shortcuts would take them first otherwise). */
static gboolean
keyboard_busy (CaissaWindowReview *review)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (review->window));

  if (focus == NULL)
    return FALSE;
  return GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
         || caissa_game_list_has_focus (review->game_list);
}

void
_caissa_window_review_update_actions (CaissaWindowReview *review)
{
  GtkWidget *widget;
  const ChessGame *core;
  ChessNodeId shown;
  gboolean analysis, busy, has_file, on_main, idle;
  guint n_games;

  if (review == NULL)
    return;

  widget = GTK_WIDGET (review->window);
  core = caissa_game_get_core_game (review->game);
  shown = caissa_game_get_shown_node (review->game);
  analysis = caissa_game_get_analysis (review->game);
  busy = keyboard_busy (review);
  has_file = _caissa_review_has_game_from_file (review);
  on_main = chess_game_node_is_main_line (core, shown);
  idle = !review->saving;
  n_games = review->file ? g_list_model_get_n_items (G_LIST_MODEL (review->file)) : 0;

  /* The move buttons work wherever the focus is; their keys yield to a
   * text field where it needs them (caissa-window-navigation.c). */
  gtk_widget_action_set_enabled (widget, "win.go-next",
                                 caissa_move_list_get_next_node (review->move_list) != CHESS_NODE_NONE);

  gtk_widget_action_set_enabled (widget, "win.variation-next",
                                 !busy && chess_game_node_n_children (core, shown) > 1);
  gtk_widget_action_set_enabled (widget, "win.variation-previous",
                                 !busy && chess_game_node_n_children (core, shown) > 1);
  gtk_widget_action_set_enabled (widget, "win.paste", !busy);
  gtk_widget_action_set_enabled (widget, "win.save", idle);
  gtk_widget_action_set_enabled (widget, "win.save-as", idle);
  gtk_widget_action_set_enabled (widget, "win.show-games", n_games > 1);
  gtk_widget_action_set_enabled (widget, "win.search-games", n_games > 1);
  gtk_widget_set_visible (review->games_button, n_games > 1);
  gtk_widget_action_set_enabled (widget, "win.next-game", has_file && review->position + 1 < n_games);
  gtk_widget_action_set_enabled (widget, "win.previous-game", has_file && review->position > 0);

  gtk_widget_action_set_enabled (widget, "win.promote-variation", analysis && !on_main);
  gtk_widget_action_set_enabled (widget, "win.make-main-line", analysis && !on_main);
  gtk_widget_action_set_enabled (widget, "win.delete-variation", analysis && !on_main);
  gtk_widget_action_set_enabled (widget, "win.delete-from-here", analysis && shown != CHESS_NODE_ROOT);
  gtk_widget_action_set_enabled (widget, "win.edit-comment", analysis);
  gtk_widget_action_set_enabled (widget, "win.nag", analysis && shown != CHESS_NODE_ROOT);
  gtk_widget_action_set_enabled (widget, "win.clear-nags", analysis && shown != CHESS_NODE_ROOT);
  gtk_widget_action_set_enabled (widget, "win.nag-palette", analysis && shown != CHESS_NODE_ROOT);
  gtk_widget_action_set_enabled (widget, "win.edit-headers", analysis);
  gtk_widget_action_set_enabled (widget, "win.set-result", analysis);
  _caissa_review_games_update_actions (review);
  _caissa_review_history_update_actions (review);
}

void
_caissa_window_review_game_started (CaissaWindowReview *review)
{
  if (review == NULL)
    return;
  caissa_game_set_analysis (review->game, FALSE);
  _caissa_review_history_reset (review);
  review->position = G_MAXUINT;
  _caissa_review_set_partial (review, NULL);
  g_clear_pointer (&review->source, g_free);
  caissa_game_list_set_current (review->game_list, G_MAXUINT);
  _caissa_review_set_dirty (review, FALSE);
  _caissa_review_update_title (review);
  _caissa_review_update_marks (review);
}

/* --- Describing, for tests ------------------------------------------------------------------------------ */

void
_caissa_window_review_describe (CaissaWindowReview *review,
                                GString            *out)
{
  const ChessGame *core;
  ChessNodeId shown, next;
  const char *comment;
  guint n_path;
  g_autofree ChessNodeId *path = NULL;

  if (review == NULL)
    return;

  core = caissa_game_get_core_game (review->game);
  shown = caissa_game_get_shown_node (review->game);

  g_string_append_printf (out, "analysis %d\n", caissa_game_get_analysis (review->game));
  g_string_append_printf (out, "dirty %d\n", review->dirty);
  g_string_append_printf (out, "list-edited %d\n", _caissa_review_games_pending (review));
  if (review->file != NULL)
    {
      GFile *file = caissa_pgn_file_get_file (review->file);
      g_autofree char *path_name = file ? g_file_get_path (file) : NULL;

      g_string_append_printf (out, "file %s\n", path_name ? path_name : caissa_pgn_file_get_name (review->file));
      g_string_append_printf (out, "games %u\n", g_list_model_get_n_items (G_LIST_MODEL (review->file)));
      g_string_append_printf (out, "games-loading %d\n",
                              caissa_pgn_file_get_loading (review->file)
                              || caissa_pgn_file_get_validating (review->file));
      g_string_append_printf (out, "games-errors %u\n", caissa_pgn_file_get_n_errors (review->file));
    }
  g_string_append_printf (out, "game-index %d\n", _caissa_review_has_game_from_file (review) ? (int) review->position + 1 : 0);
  g_string_append_printf (out, "list-visible %d\n",
                          caissa_split_view_get_reveal_flap (review->flap)
                          && gtk_widget_get_mapped (GTK_WIDGET (review->game_list)));
  g_string_append_printf (out, "search %s\n", caissa_game_list_get_search (review->game_list));
  caissa_game_list_describe (review->game_list, out);
  g_string_append_printf (out, "title %s\n", adw_window_title_get_title (review->window_title));
  if (_caissa_window_review_get_error_status (review) != NULL)
    g_string_append_printf (out, "read-error %s\n", _caissa_window_review_get_error_status (review));

  /* The moves from the start to the shown position, and its comment. */
  n_path = chess_game_node_ply (core, shown) + 1;
  path = g_new (ChessNodeId, n_path);
  chess_game_node_path (core, shown, path, n_path);
  g_string_append (out, "path");
  for (guint i = 1; i < n_path; i++)
    g_string_append_printf (out, " %s", chess_game_node_san (core, path[i]));
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "main-line %d\n", chess_game_node_is_main_line (core, shown));
  comment = chess_game_node_comment (core, shown, CHESS_COMMENT_AFTER);
  if (comment != NULL)
    {
      g_autofree char *one_line = g_strdup (comment);

      g_strdelimit (one_line, "\r\n", ' ');
      g_string_append_printf (out, "comment %s\n", one_line);
    }
  next = caissa_move_list_get_next_node (review->move_list);
  g_string_append_printf (out, "next %s\n", next != CHESS_NODE_NONE ? chess_game_node_san (core, next) : "");
}

/* --- Life cycle ------------------------------------------------------------------------------------------- */

void
_caissa_window_review_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CAISSA_TYPE_GAME_LIST);
  g_type_ensure (CAISSA_TYPE_SPLIT_VIEW);
  /* Reachable with gtk_widget_get_template_child() only once bound; the
   * window's struct has no field for them. */
  gtk_widget_class_bind_template_child_full (widget_class, "flap", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "game_list", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "games_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "move_menu", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "recent_section", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "undo_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "redo_button", FALSE, 0);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, no_recent_action);
  _caissa_window_review_install_save_actions (widget_class);
  _caissa_window_review_install_copy_actions (widget_class);
  _caissa_window_review_install_games_actions (widget_class);
  _caissa_window_review_install_edit_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "win.copy-pgn", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.show-games", NULL, show_games_action);
  gtk_widget_class_install_action (widget_class, "win.search-games", NULL, search_games_action);
  gtk_widget_class_install_action (widget_class, "win.next-game", NULL, step_game_action);
  gtk_widget_class_install_action (widget_class, "win.previous-game", NULL, step_game_action);
  gtk_widget_class_install_action (widget_class, "win.variation-next", NULL, variation_action);
  gtk_widget_class_install_action (widget_class, "win.variation-previous", NULL, variation_action);
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

static void
review_free (CaissaWindowReview *review)
{
  /* The window's game and widgets are gone by now (object data is freed
   * last); only the file is ours. */
  if (review->file != NULL)
    g_signal_handlers_disconnect_by_data (review->file, review->window);
  g_clear_object (&review->file);
  g_clear_object (&review->edits);
  g_free (review->source);
  caissa_pgn_partial_free (review->partial);
  g_free (review->error_status);
  g_clear_object (&review->history);
  g_free (review);
}

CaissaWindowReview *
_caissa_window_review_new (CaissaWindow *window)
{
  CaissaWindowReview *review = g_new0 (CaissaWindowReview, 1);
  GtkDropTarget *drop;
  GMenuModel *menu;

  review->window = window;
  review->game = caissa_window_get_game (window);
  review->board = CAISSA_BOARD (caissa_window_get_board (window));
  review->move_list = CAISSA_MOVE_LIST (template_child (window, "move_list"));
  review->game_list = CAISSA_GAME_LIST (template_child (window, "game_list"));
  review->flap = CAISSA_SPLIT_VIEW (template_child (window, "flap"));
  review->window_title = ADW_WINDOW_TITLE (template_child (window, "window_title"));
  review->games_button = GTK_WIDGET (template_child (window, "games_button"));
  review->position = G_MAXUINT;
  review->history = caissa_edit_history_new ();
  g_object_set_data_full (G_OBJECT (window), REVIEW_KEY, review, (GDestroyNotify) review_free);

  /* Handlers on the game carry the window, whose dispose removes them. */
  g_signal_connect (review->game, "notify", G_CALLBACK (game_notify_cb), window);
  g_signal_connect (review->game, "move-played", G_CALLBACK (move_played_cb), window);
  g_signal_connect (review->game_list, "game-activated", G_CALLBACK (game_activated_cb), window);

  menu = G_MENU_MODEL (template_child (window, "move_menu"));
  caissa_move_list_set_menu_model (review->move_list, menu);

  /* The recent files' menu follows the list (kept by GTK, shared with
   * other programs). */
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.no-recent", FALSE);
  update_recent_menu (window);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (recent_changed_cb), window, 0);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, (GType[2]) { GDK_TYPE_FILE_LIST, G_TYPE_FILE }, 2);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), window);
  gtk_widget_add_controller (GTK_WIDGET (window), GTK_EVENT_CONTROLLER (drop));

  _caissa_review_marks_init (review);
  _caissa_review_update_title (review);
  return review;
}
