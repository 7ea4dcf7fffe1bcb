/* caissa-practice-page.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-practice-page"

#include "config.h"

#include <glib/gi18n.h>

#include "caissa-adaptive-box.h"
#include "caissa-practice-page.h"
#include "caissa-practice-words.h"
#include "chess-san.h"

/* A toast's text wraps at about this many characters, so that the toast
 * and its close button fit the side panel it lies over: a toast wider
 * than the panel is cut short by AdwToastOverlay, to the height of one
 * line. */
#define TOAST_WIDTH_CHARS 26

struct _CaissaPracticePage
{
  AdwBin              parent_instance;

  CaissaPractice     *practice;
  gboolean            started;        /* a session was asked for */
  gboolean            syncing;        /* the rows are being set from the model */
  char               *feedback;       /* the verdict line, or NULL */
  const char         *feedback_class; /* "success", "warning", "error" or NULL */
  char                before_san[CHESS_SAN_MAX];  /* the player's last move */
  char                best_san[CHESS_SAN_MAX];    /* a best move instead of it */
  ChessPieceType      hanging_piece;
  AdwActionRow       *record_rows[CAISSA_PRACTICE_N_DIFFICULTIES];
  GtkLabel           *record_labels[CAISSA_PRACTICE_N_DIFFICULTIES];

  /* Template widgets */
  AdwToastOverlay    *toast_overlay;
  AdwWindowTitle     *window_title;
  GtkWidget          *back_button;
  GtkMenuButton      *menu_button;
  CaissaAdaptiveBox  *adaptive_box;
  CaissaBoard        *board;
  GtkWidget          *status_card;
  GtkLabel           *status_label;
  GtkProgressBar     *build_progress;
  GtkLabel           *feedback_label;
  GtkRevealer        *summary_revealer;
  GtkLabel           *summary_title;
  GtkLabel           *summary_grade;
  GtkLabel           *summary_body;
  GtkWidget          *session_buttons;
  AdwComboRow        *ending_row;
  AdwComboRow        *difficulty_row;
  AdwComboRow        *color_row;
  GtkSwitch          *feedback_switch;
  GtkLabel           *tip_label;
  AdwPreferencesGroup *records_group;
};

enum
{
  PROP_0,
  PROP_PRACTICE,
  PROP_SHOW_BACK,
  N_PROPS
};

enum
{
  SIGNAL_BACK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaPracticePage, caissa_practice_page, ADW_TYPE_BIN)

/* --- Texts ------------------------------------------------------------------ */

static const char *
ending_short_name (ChessTbEnding ending)
{
  switch (ending)
    {
    /* Translators: short names of the endings, as chess books write them. */
    case CHESS_TB_KQK: return C_("ending", "K+Q");
    case CHESS_TB_KRK: return C_("ending", "K+R");
    case CHESS_TB_KRRK: return C_("ending", "K+2R");
    case CHESS_TB_KBBK: return C_("ending", "K+2B");
    case CHESS_TB_KBNK: return C_("ending", "K+B+N");
    default: return "";
    }
}

static const char *
difficulty_name (CaissaPracticeDifficulty difficulty)
{
  switch (difficulty)
    {
    case CAISSA_PRACTICE_DIFFICULTY_FINAL_NET: return _("Final net");
    case CAISSA_PRACTICE_DIFFICULTY_SHORT: return _("Short");
    case CAISSA_PRACTICE_DIFFICULTY_MEDIUM: return _("Medium");
    case CAISSA_PRACTICE_DIFFICULTY_FULL: return _("Full");
    case CAISSA_PRACTICE_DIFFICULTY_CUSTOM:
    default:
      /* Translators: a practice difficulty given on the command line. */
      return _("Custom");
    }
}

static const char *
grade_name (int grade)
{
  switch (grade)
    {
    case CHESS_PRACTICE_GRADE_PERFECT: return _("Perfect");
    case CHESS_PRACTICE_GRADE_EXCELLENT: return _("Excellent");
    case CHESS_PRACTICE_GRADE_GOOD: return _("Good");
    case CHESS_PRACTICE_GRADE_FAIR: return _("Fair");
    case CHESS_PRACTICE_GRADE_POOR: return _("Poor");
    default: return NULL;
    }
}

static const char *
piece_name (ChessPieceType type)
{
  switch (type)
    {
    case CHESS_QUEEN: return _("queen");
    case CHESS_ROOK: return _("rook");
    case CHESS_BISHOP: return _("bishop");
    case CHESS_KNIGHT: return _("knight");
    default: return _("piece");
    }
}

/* RULES.md §12, in a few sentences each. */
static const char *
ending_tip (ChessTbEnding ending)
{
  switch (ending)
    {
    case CHESS_TB_KQK:
      return _("Box the king in with the queen — a knight's move away from it keeps the box "
               "closed without giving check — and walk your own king up to help. Mate comes "
               "on the edge. Before every queen move, make sure the lone king still has a "
               "move: stalemate is the only way to spoil this ending.");
    case CHESS_TB_KRK:
      return _("The rook cannot do it alone: your king must help. Let the rook cut the king "
               "off along a rank or file, bring your king opposite it, then check to push it "
               "back one line at a time until it stands on the edge. Near a corner, watch for "
               "stalemate.");
    case CHESS_TB_KRRK:
      return _("Two rooks mate without the king's help. They check in turn on neighbouring "
               "lines, a ladder that drives the king to the edge. Keep them far away from the "
               "king along the line, so it can never attack one of them.");
    case CHESS_TB_KBBK:
      return _("Side by side, the two bishops make a wall the king cannot cross. With your "
               "king's help, shrink its room and drive it into a corner; the mate comes with "
               "the kings a knight's move apart.");
    case CHESS_TB_KBNK:
      return _("The hardest of the basic mates. Drive the king to the edge, then along it into "
               "a corner of your bishop's colour — only there can it be mated. The knight's W "
               "manoeuvre (Delétang's triangles) does the driving. From the centre it takes "
               "over thirty moves, so be exact: the fifty-move rule is near.");
    default:
      return "";
    }
}

/* --- Updating ---------------------------------------------------------------- */

static void
set_feedback (CaissaPracticePage *self,
              char               *text,
              const char         *css_class)
{
  g_free (self->feedback);
  self->feedback = text;
  self->feedback_class = css_class;
}

static void
update_feedback_label (CaissaPracticePage *self)
{
  static const char *const classes[] = { "success", "warning", "error" };
  gboolean shown = self->feedback != NULL && gtk_switch_get_active (self->feedback_switch);

  gtk_label_set_label (self->feedback_label, shown ? self->feedback : "");
  gtk_widget_set_visible (GTK_WIDGET (self->feedback_label), shown);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      if (shown && g_strcmp0 (self->feedback_class, classes[i]) == 0)
        gtk_widget_add_css_class (GTK_WIDGET (self->feedback_label), classes[i]);
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), classes[i]);
    }
}

static char *
status_text (CaissaPracticePage *self)
{
  CaissaPractice *p = self->practice;
  gboolean feedback = gtk_switch_get_active (self->feedback_switch);
  gboolean failed;

  g_object_get (p, "start-failed", &failed, NULL);

  if (!caissa_practice_get_ready (p))
    /* Translators: %s is an ending such as "K+B+N". */
    return g_strdup_printf (_("Preparing the %s tables…"),
                            ending_short_name (caissa_practice_get_ending (p)));

  switch (caissa_practice_get_state (p))
    {
    case CAISSA_PRACTICE_STATE_PLAYER:
      {
        int mate_in = caissa_practice_get_mate_in (p);
        const ChessPosition *pos = caissa_game_get_position (caissa_practice_get_game (p));
        guint left = pos->halfmove < 100 ? (100 - pos->halfmove) / 2 : 0;
        g_autofree char *text = NULL;

        if (feedback && mate_in > 0)
          /* Translators: the distance to mate with best play. */
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Your move — mate in %d",
                                               "Your move — mate in %d", mate_in),
                                  mate_in);
        else
          text = g_strdup (_("Your move"));
        /* The fifty-move rule only matters in the long endings. */
        if (left <= 15)
          {
            g_autofree char *limit = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                   "%u move left before the fifty-move limit",
                                                                   "%u moves left before the fifty-move limit",
                                                                   left),
                                                      left);
            return g_strconcat (text, "\n", limit, NULL);
          }
        return g_steal_pointer (&text);
      }

    case CAISSA_PRACTICE_STATE_DEFENDER:
      return g_strdup (_("The defender is answering…"));

    case CAISSA_PRACTICE_STATE_FINISHED:
      switch (caissa_practice_get_end (p))
        {
        case CAISSA_PRACTICE_END_CHECKMATE:
          return g_strdup (_("Checkmate!"));
        case CAISSA_PRACTICE_END_STALEMATE:
          return g_strdup (_("Stalemate — the win is gone"));
        case CAISSA_PRACTICE_END_PIECE_TAKEN:
          return g_strdup (_("A piece was lost — the win is gone"));
        case CAISSA_PRACTICE_END_FIFTY_MOVES:
          return g_strdup (_("Too slow for the fifty-move rule — the win is gone"));
        default:
          return g_strdup (_("Draw — the win is gone"));
        }

    case CAISSA_PRACTICE_STATE_NONE:
    default:
      if (failed)
        return g_strdup (_("No position fits this difficulty"));
      return g_strdup (_("Choose an exercise"));
    }
}

static void
update_summary (CaissaPracticePage *self)
{
  CaissaPractice *p = self->practice;
  gboolean finished = caissa_practice_get_state (p) == CAISSA_PRACTICE_STATE_FINISHED;
  g_autofree char *title = NULL;
  g_autofree char *grade = NULL;
  g_autofree char *body = NULL;

  if (finished)
    {
      guint used = caissa_practice_get_moves_used (p);
      guint fewest = caissa_practice_get_fewest (p);
      guint hints = caissa_practice_get_hints_used (p);

      switch (caissa_practice_get_end (p))
        {
        case CAISSA_PRACTICE_END_CHECKMATE:
          {
            g_autofree char *moves = NULL;

            title = g_strdup (_("Checkmate!"));
            grade = g_strdup (grade_name (caissa_practice_get_grade (p)));
            /* Translators: the first %u is the moves the player used, the second the fewest possible. */
            moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "You mated in %u move; the fewest possible was %u.",
                                                  "You mated in %u moves; the fewest possible was %u.",
                                                  used),
                                     used, fewest);
            if (hints > 0)
              body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%s You took %u hint.",
                                                   "%s You took %u hints.", hints),
                                      moves, hints);
            else
              body = g_steal_pointer (&moves);
          }
          break;

        case CAISSA_PRACTICE_END_STALEMATE:
          title = g_strdup (_("Stalemate"));
          /* Translators: %s is a move in SAN, e.g. "Qb6". */
          body = g_strdup_printf (_("After %s the lone king had no move and was not in check. "
                                    "Best was %s."),
                                  self->before_san, self->best_san);
          break;

        case CAISSA_PRACTICE_END_PIECE_TAKEN:
          title = g_strdup (_("A Piece Was Lost"));
          /* Translators: the first %s is a move in SAN, the second a piece ("queen"), the third a move. */
          body = g_strdup_printf (_("After %s the lone king could take your %s, and no mate was "
                                    "left. Best was %s."),
                                  self->before_san, piece_name (self->hanging_piece), self->best_san);
          break;

        case CAISSA_PRACTICE_END_FIFTY_MOVES:
          title = g_strdup (_("Too Slow"));
          body = g_strdup_printf (_("After %s mate could no longer come before the fifty-move "
                                    "limit. Best was %s."),
                                  self->before_san, self->best_san);
          break;

        default:
          title = g_strdup (_("Draw"));
          body = g_strdup (_("The position is drawn."));
          break;
        }
      if (grade == NULL)
        grade = g_strdup (_("The win is gone"));
    }

  gtk_label_set_label (self->summary_title, title ? title : "");
  gtk_label_set_label (self->summary_grade, grade ? grade : "");
  gtk_label_set_label (self->summary_body, body ? body : "");
  if (finished && caissa_practice_get_end (p) == CAISSA_PRACTICE_END_CHECKMATE)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->summary_grade), "success");
      gtk_widget_remove_css_class (GTK_WIDGET (self->summary_grade), "error");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->summary_grade), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->summary_grade), "success");
    }
  gtk_revealer_set_reveal_child (self->summary_revealer, finished);
  /* The summary takes the place of the status and the session's buttons. */
  gtk_widget_set_visible (self->status_card, !finished);
  gtk_widget_set_visible (self->session_buttons, !finished);
}

static void
update_records (CaissaPracticePage *self)
{
  ChessTbEnding ending = caissa_practice_get_ending (self->practice);

  /* Translators: %s is an ending such as "K+Q". */
  g_autofree char *description = g_strdup_printf (_("Your results with %s"),
                                                  ending_short_name (ending));

  adw_preferences_group_set_description (self->records_group, description);
  for (CaissaPracticeDifficulty d = 0; d < CAISSA_PRACTICE_N_DIFFICULTIES; d++)
    {
      CaissaPracticeRecord r;
      g_autofree char *subtitle = NULL;
      const char *best;

      caissa_practice_get_record (self->practice, ending, d, &r);
      subtitle = caissa_practice_record_describe (&r);
      best = grade_name (r.best_grade);
      adw_action_row_set_subtitle (self->record_rows[d], subtitle);
      gtk_label_set_label (self->record_labels[d], best ? best : "—");
    }
}

static void
update_difficulty_subtitle (CaissaPracticePage *self)
{
  guint lo = caissa_practice_get_min_moves (self->practice);
  guint hi = caissa_practice_get_max_moves (self->practice);
  g_autofree char *text = NULL;

  if (lo > 0 && lo == hi)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mate in %u move", "Mate in %u moves", lo), lo);
  else if (lo > 0)
    /* Translators: a range of distances to mate, e.g. "Mate in 4–8 moves". */
    text = g_strdup_printf (_("Mate in %u–%u moves"), lo, hi);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->difficulty_row), text ? text : "");
}

static void
sync_rows (CaissaPracticePage *self)
{
  CaissaPractice *p = self->practice;
  CaissaPracticeDifficulty d = caissa_practice_get_difficulty (p);
  CaissaColor color = caissa_practice_get_player_color (p);

  self->syncing = TRUE;
  adw_combo_row_set_selected (self->ending_row, caissa_practice_get_ending (p));
  if (d < CAISSA_PRACTICE_DIFFICULTY_CUSTOM)
    adw_combo_row_set_selected (self->difficulty_row, d);
  else
    adw_combo_row_set_selected (self->difficulty_row, GTK_INVALID_LIST_POSITION);
  adw_combo_row_set_selected (self->color_row, color == CAISSA_COLOR_NONE ? 2 : color);
  self->syncing = FALSE;
}

static void
update (CaissaPracticePage *self)
{
  CaissaPractice *p = self->practice;
  CaissaPracticeState state = caissa_practice_get_state (p);
  ChessTbEnding ending = caissa_practice_get_ending (p);
  gboolean ready = caissa_practice_get_ready (p);
  g_autofree char *status = status_text (self);
  g_autofree char *subtitle = NULL;

  gtk_label_set_label (self->status_label, status);
  gtk_widget_set_visible (GTK_WIDGET (self->build_progress), !ready);
  gtk_progress_bar_set_fraction (self->build_progress, caissa_practice_get_progress (p));
  update_feedback_label (self);
  update_summary (self);
  update_difficulty_subtitle (self);
  gtk_label_set_label (self->tip_label, ending_tip (ending));

  /* Translators: the practice page's subtitle: ending · difficulty. */
  subtitle = g_strdup_printf (_("%s · %s"), ending_short_name (ending),
                              difficulty_name (caissa_practice_get_difficulty (p)));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  caissa_board_set_interactive (self->board, state == CAISSA_PRACTICE_STATE_PLAYER);
  /* No session yet (a table building): the old position is only a backdrop. */
  gtk_widget_set_opacity (GTK_WIDGET (self->board), state == CAISSA_PRACTICE_STATE_NONE ? 0.4 : 1.0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.hint",
                                 state == CAISSA_PRACTICE_STATE_PLAYER);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "practice.try-again",
                                 state != CAISSA_PRACTICE_STATE_NONE);
}

/* --- Model signals --------------------------------------------------------------- */

static void
practice_notify_cb (CaissaPracticePage *self,
                    GParamSpec         *pspec)
{
  const char *name = pspec->name;

  if (g_str_equal (name, "color") || g_str_equal (name, "fewest"))
    {
      /* A new session: the player's colour at the bottom, no old verdict. */
      caissa_board_set_flipped (self->board,
                                caissa_practice_get_color (self->practice) == CAISSA_COLOR_BLACK);
      if (caissa_practice_get_moves_used (self->practice) == 0)
        {
          set_feedback (self, NULL, NULL);
          caissa_board_set_arrows (self->board, NULL, 0);
        }
    }
  if (g_str_equal (name, "ending") || g_str_equal (name, "difficulty")
      || g_str_equal (name, "player-color"))
    {
      sync_rows (self);
      update_records (self);
    }
  update (self);
}

static void
move_judged_cb (CaissaPracticePage *self,
                guint               move,
                int                 verdict)
{
  CaissaGame *game = caissa_practice_get_game (self->practice);
  const ChessGame *core = caissa_game_get_core_game (game);
  guint ply = caissa_game_get_n_plies (game);
  const ChessPosition *before = chess_game_node_position (core, caissa_game_get_node (game, ply - 1));
  ChessPracticeJudgement j;
  const char *san;
  char *text = NULL;
  const char *css = NULL;

  caissa_practice_get_judgement (self->practice, &j);
  caissa_board_set_arrows (self->board, NULL, 0);
  san = caissa_game_get_san (game, ply);
  g_strlcpy (self->before_san, san ? san : "", sizeof self->before_san);
  if (j.best != CHESS_MOVE_NONE)
    chess_san_write (before, j.best, self->best_san);
  else
    self->best_san[0] = '\0';
  /* The piece that hangs: the one just moved there, or one left there. */
  self->hanging_piece = CHESS_NO_PIECE_TYPE;
  if (j.hanging_square == chess_move_to (move))
    self->hanging_piece = chess_piece_type (before->board[chess_move_from (move)]);
  else if (j.hanging_square != CHESS_NO_SQUARE)
    self->hanging_piece = chess_piece_type (before->board[j.hanging_square]);

  switch (verdict)
    {
    case CHESS_PRACTICE_MATE:
      /* Translators: %s is the player's move in SAN. */
      text = g_strdup_printf (_("%s — checkmate!"), self->before_san);
      css = "success";
      break;
    case CHESS_PRACTICE_BEST:
      /* Translators: %s is the player's move in SAN, %d the distance to mate after it. */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: mate in %d — best move",
                                           "%s: mate in %d — best move", j.moves_after),
                              self->before_san, j.moves_after);
      css = "success";
      break;
    case CHESS_PRACTICE_WASTED:
      {
        g_autofree char *mate = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: mate in %d",
                                                              "%s: mate in %d", j.moves_after),
                                                 self->before_san, j.moves_after);
        /* Translators: the first %s is "Kd3: mate in 9", %d the moves lost. */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %d move wasted",
                                             "%s — %d moves wasted", j.wasted),
                                mate, j.wasted);
        css = "warning";
      }
      break;
    case CHESS_PRACTICE_THROWS_WIN:
      css = "error";
      switch (j.draw_reason)
        {
        case CHESS_PRACTICE_DRAW_STALEMATE:
          text = g_strdup_printf (_("%s: stalemate — the win is gone"), self->before_san);
          break;
        case CHESS_PRACTICE_DRAW_HANGING_PIECE:
          /* Translators: %s is a move, then a piece such as "rook". */
          text = g_strdup_printf (_("%s: the %s can be taken — the win is gone"),
                                  self->before_san, piece_name (self->hanging_piece));
          break;
        case CHESS_PRACTICE_DRAW_FIFTY_MOVES:
          text = g_strdup_printf (_("%s: mate cannot come before the fifty-move limit — the win is gone"),
                                  self->before_san);
          break;
        default:
          text = g_strdup_printf (_("%s: a draw — the win is gone"), self->before_san);
          break;
        }
      break;
    default:
      break;
    }
  set_feedback (self, text, css);
  update (self);
}

static void
records_changed_cb (CaissaPracticePage *self)
{
  update_records (self);
}

/* Shows text in a toast that stays until closed, over the side panel: a
 * long text wraps there instead of being cut short, as plain text (it
 * names a file). */
static void
show_toast (CaissaPracticePage *self,
            const char         *text)
{
  AdwToast *toast = adw_toast_new (text);
  GtkWidget *title = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (title), TOAST_WIDTH_CHARS);
  gtk_widget_add_css_class (title, "heading");
  adw_toast_set_custom_title (toast, title);
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
records_notice_cb (CaissaPracticePage *self)
{
  const char *kept = caissa_practice_get_records_notice (self->practice);
  g_autofree char *text = NULL;

  if (kept == NULL)
    return;
  /* Translators: %s is a file name. */
  text = g_strdup_printf (_("The practice records could not be read and start afresh (kept as %s)"),
                          kept);
  show_toast (self, text);
}

static void
records_error_cb (CaissaPracticePage *self)
{
  const char *why = caissa_practice_get_records_error (self->practice);
  g_autofree char *text = NULL;

  if (why == NULL)
    return;
  /* Translators: %s says why, and names the file. */
  text = g_strdup_printf (_("Your practice results could not be saved: %s"), why);
  show_toast (self, text);
}

/* --- The rows ---------------------------------------------------------------------- */

static void
start_new (CaissaPracticePage *self)
{
  self->started = TRUE;
  caissa_practice_new_position (self->practice);
}

static void
save_choices (CaissaPracticePage *self)
{
  caissa_practice_save_choices (self->practice, gtk_switch_get_active (self->feedback_switch));
}

static void
ending_selected_cb (CaissaPracticePage *self)
{
  guint selected = adw_combo_row_get_selected (self->ending_row);

  if (self->syncing || selected >= CHESS_TB_N_ENDINGS)
    return;
  caissa_practice_set_ending (self->practice, (ChessTbEnding) selected);
  save_choices (self);
  start_new (self);
}

static void
difficulty_selected_cb (CaissaPracticePage *self)
{
  guint selected = adw_combo_row_get_selected (self->difficulty_row);

  if (self->syncing || selected >= CAISSA_PRACTICE_N_DIFFICULTIES)
    return;
  caissa_practice_set_difficulty (self->practice, (CaissaPracticeDifficulty) selected);
  save_choices (self);
  start_new (self);
}

static void
color_selected_cb (CaissaPracticePage *self)
{
  static const CaissaColor colors[] = { CAISSA_COLOR_WHITE, CAISSA_COLOR_BLACK, CAISSA_COLOR_NONE };
  guint selected = adw_combo_row_get_selected (self->color_row);

  if (self->syncing || selected >= G_N_ELEMENTS (colors))
    return;
  caissa_practice_set_player_color (self->practice, colors[selected]);
  save_choices (self);
  start_new (self);
}

static void
feedback_active_cb (CaissaPracticePage *self)
{
  if (self->syncing)
    return;
  save_choices (self);
  update (self);
}

static void
back_clicked_cb (CaissaPracticePage *self)
{
  g_signal_emit (self, signals[SIGNAL_BACK], 0);
}

/* --- Actions ------------------------------------------------------------------------- */

static void
new_position_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  start_new (CAISSA_PRACTICE_PAGE (widget));
}

static void
try_again_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (widget);

  self->started = TRUE;
  caissa_practice_try_again (self->practice);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (widget);
  const ChessPosition *pos = caissa_game_get_position (caissa_practice_get_game (self->practice));
  ChessMove move = caissa_practice_hint (self->practice);
  CaissaBoardArrow arrow;
  char san[CHESS_SAN_MAX];

  if (move == CHESS_MOVE_NONE)
    return;
  arrow.from = chess_move_from (move);
  arrow.to = chess_move_to (move);
  arrow.color = CAISSA_BOARD_MARK_GREEN;
  caissa_board_set_arrows (self->board, &arrow, 1);
  /* Translators: %s is a move in SAN. */
  set_feedback (self, g_strdup_printf (_("Hint: %s"), chess_san_write (pos, move, san)), NULL);
  update (self);
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (widget);

  caissa_board_set_flipped (self->board, !caissa_board_get_flipped (self->board));
}

/* --- Life cycle ---------------------------------------------------------------------- */

static void
caissa_practice_page_map (GtkWidget *widget)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (widget);

  GTK_WIDGET_CLASS (caissa_practice_page_parent_class)->map (widget);

  /* The first time it is shown, the page starts with the saved choices. */
  if (!self->started && caissa_practice_get_state (self->practice) == CAISSA_PRACTICE_STATE_NONE
      && !caissa_practice_get_start_pending (self->practice))
    start_new (self);
}

static void
build_record_rows (CaissaPracticePage *self)
{
  for (CaissaPracticeDifficulty d = 0; d < CAISSA_PRACTICE_N_DIFFICULTIES; d++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      GtkWidget *label = gtk_label_new (NULL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), difficulty_name (d));
      gtk_widget_add_css_class (label, "dim-label");
      adw_action_row_add_suffix (row, label);
      adw_preferences_group_add (self->records_group, GTK_WIDGET (row));
      self->record_rows[d] = row;
      self->record_labels[d] = GTK_LABEL (label);
    }
}

static void
set_practice (CaissaPracticePage *self,
              CaissaPractice     *practice)
{
  gboolean feedback;

  self->practice = practice != NULL ? g_object_ref (practice) : caissa_practice_new (NULL, NULL);
  caissa_board_set_game (self->board, caissa_practice_get_game (self->practice));

  feedback = caissa_practice_restore_choices (self->practice, TRUE);
  self->syncing = TRUE;
  gtk_switch_set_active (self->feedback_switch, feedback);
  self->syncing = FALSE;
  sync_rows (self);

  g_signal_connect_swapped (self->practice, "notify", G_CALLBACK (practice_notify_cb), self);
  g_signal_connect_swapped (self->practice, "move-judged", G_CALLBACK (move_judged_cb), self);
  g_signal_connect_swapped (self->practice, "records-changed", G_CALLBACK (records_changed_cb), self);
  g_signal_connect_swapped (self->practice, "notify::records-notice",
                            G_CALLBACK (records_notice_cb), self);
  records_notice_cb (self);
  g_signal_connect_swapped (self->practice, "notify::records-error",
                            G_CALLBACK (records_error_cb), self);
  update_records (self);
  update (self);
}

static void
caissa_practice_page_constructed (GObject *object)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (object);

  G_OBJECT_CLASS (caissa_practice_page_parent_class)->constructed (object);

  if (self->practice == NULL)
    set_practice (self, NULL);
}

static void
caissa_practice_page_dispose (GObject *object)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (object);

  if (self->practice != NULL)
    g_signal_handlers_disconnect_by_data (self->practice, self);

  /* AdwBin unparents its child itself: let it, before the template goes. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAISSA_TYPE_PRACTICE_PAGE);
  g_clear_object (&self->practice);

  G_OBJECT_CLASS (caissa_practice_page_parent_class)->dispose (object);
}

static void
caissa_practice_page_finalize (GObject *object)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (object);

  g_free (self->feedback);

  G_OBJECT_CLASS (caissa_practice_page_parent_class)->finalize (object);
}

static void
caissa_practice_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (object);

  switch (prop_id)
    {
    case PROP_PRACTICE:
      g_value_set_object (value, self->practice);
      break;
    case PROP_SHOW_BACK:
      g_value_set_boolean (value, caissa_practice_page_get_show_back (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_practice_page_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CaissaPracticePage *self = CAISSA_PRACTICE_PAGE (object);

  switch (prop_id)
    {
    case PROP_PRACTICE:
      if (g_value_get_object (value) != NULL)
        set_practice (self, g_value_get_object (value));
      break;
    case PROP_SHOW_BACK:
      caissa_practice_page_set_show_back (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_practice_page_class_init (CaissaPracticePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = caissa_practice_page_constructed;
  object_class->dispose = caissa_practice_page_dispose;
  object_class->finalize = caissa_practice_page_finalize;
  object_class->get_property = caissa_practice_page_get_property;
  object_class->set_property = caissa_practice_page_set_property;
  widget_class->map = caissa_practice_page_map;

  properties[PROP_PRACTICE] =
    g_param_spec_object ("practice", NULL, NULL, CAISSA_TYPE_PRACTICE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_BACK] =
    g_param_spec_boolean ("show-back", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaissaPracticePage::back:
   *
   * The back button was clicked: the window shows its game again.
   */
  signals[SIGNAL_BACK] =
    g_signal_new ("back",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  g_type_ensure (CAISSA_TYPE_ADAPTIVE_BOX);
  g_type_ensure (CAISSA_TYPE_BOARD);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caissa/Caissa/ui/caissa-practice-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, window_title);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, back_button);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, adaptive_box);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, board);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, status_card);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, build_progress);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, feedback_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, summary_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, summary_title);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, summary_grade);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, summary_body);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, session_buttons);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, ending_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, color_row);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, feedback_switch);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, tip_label);
  gtk_widget_class_bind_template_child (widget_class, CaissaPracticePage, records_group);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);

  gtk_widget_class_install_action (widget_class, "practice.new-position", NULL, new_position_action);
  gtk_widget_class_install_action (widget_class, "practice.try-again", NULL, try_again_action);
  gtk_widget_class_install_action (widget_class, "practice.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "practice.flip", NULL, flip_action);
  /* F flips, as in the game view. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "practice.flip", NULL);
}

static void
caissa_practice_page_init (CaissaPracticePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  build_record_rows (self);
  g_signal_connect_swapped (self->ending_row, "notify::selected", G_CALLBACK (ending_selected_cb), self);
  g_signal_connect_swapped (self->difficulty_row, "notify::selected",
                            G_CALLBACK (difficulty_selected_cb), self);
  g_signal_connect_swapped (self->color_row, "notify::selected", G_CALLBACK (color_selected_cb), self);
  g_signal_connect_swapped (self->feedback_switch, "notify::active", G_CALLBACK (feedback_active_cb), self);
}

/* --- Public API -------------------------------------------------------------------- */

GtkWidget *
caissa_practice_page_new (void)
{
  return g_object_new (CAISSA_TYPE_PRACTICE_PAGE, NULL);
}

GtkWidget *
caissa_practice_page_new_for_practice (CaissaPractice *practice)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE (practice), NULL);

  return g_object_new (CAISSA_TYPE_PRACTICE_PAGE, "practice", practice, NULL);
}

CaissaPractice *
caissa_practice_page_get_practice (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return self->practice;
}

CaissaBoard *
caissa_practice_page_get_board (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return self->board;
}

gboolean
caissa_practice_page_get_show_back (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), FALSE);

  return gtk_widget_get_visible (self->back_button);
}

void
caissa_practice_page_set_show_back (CaissaPracticePage *self,
                                    gboolean            show_back)
{
  g_return_if_fail (CAISSA_IS_PRACTICE_PAGE (self));

  show_back = !!show_back;
  if (show_back == caissa_practice_page_get_show_back (self))
    return;
  gtk_widget_set_visible (self->back_button, show_back);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_BACK]);
}

void
caissa_practice_page_set_menu_model (CaissaPracticePage *self,
                                     GMenuModel         *menu)
{
  g_return_if_fail (CAISSA_IS_PRACTICE_PAGE (self));

  gtk_menu_button_set_menu_model (self->menu_button, menu);
  gtk_widget_set_visible (GTK_WIDGET (self->menu_button), menu != NULL);
}

void
caissa_practice_page_start (CaissaPracticePage *self,
                            ChessTbEnding       ending,
                            guint               min_moves,
                            guint               max_moves,
                            guint64             seed)
{
  g_return_if_fail (CAISSA_IS_PRACTICE_PAGE (self));
  g_return_if_fail (ending >= 0 && ending < CHESS_TB_N_ENDINGS);

  self->started = TRUE;
  caissa_practice_set_ending (self->practice, ending);
  if (min_moves > 0)
    caissa_practice_set_range (self->practice, min_moves, MAX (min_moves, max_moves));
  caissa_practice_start (self->practice, seed);
}

const char *
caissa_practice_page_get_status_text (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return gtk_label_get_label (self->status_label);
}

const char *
caissa_practice_page_get_feedback_text (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return gtk_label_get_label (self->feedback_label);
}

const char *
caissa_practice_page_get_summary_title (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return gtk_label_get_label (self->summary_title);
}

const char *
caissa_practice_page_get_summary_text (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  return gtk_label_get_label (self->summary_body);
}

gboolean
caissa_practice_page_get_summary_shown (CaissaPracticePage *self)
{
  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), FALSE);

  return gtk_revealer_get_reveal_child (self->summary_revealer);
}

char *
caissa_practice_page_describe_state (CaissaPracticePage *self)
{
  g_autofree char *model = NULL;
  g_autofree char *status = NULL;
  GString *out;
  GtkNative *native;
  double sx = 0, sy = 0;

  g_return_val_if_fail (CAISSA_IS_PRACTICE_PAGE (self), NULL);

  model = caissa_practice_describe_state (self->practice);
  out = g_string_new (model);
  g_string_append_printf (out, "practice-shown %d\n", gtk_widget_get_mapped (GTK_WIDGET (self)));
  g_string_append_printf (out, "practice-flipped %d\n", caissa_board_get_flipped (self->board));

  /* Squares a1 and h8 in the toplevel surface's pixels (as the window's
   * "square" lines): a test adds the window's position on the screen. */
  native = gtk_widget_get_native (GTK_WIDGET (self->board));
  if (native != NULL && gtk_widget_get_mapped (GTK_WIDGET (self->board)))
    {
      gtk_native_get_surface_transform (native, &sx, &sy);
      for (guint i = 0; i < 2; i++)
        {
          ChessSquare sq = i == 0 ? chess_square_make (0, 0) : chess_square_make (7, 7);
          graphene_rect_t bounds;
          double x, y;

          if (caissa_board_get_square_bounds (self->board, sq, &bounds)
              && gtk_widget_translate_coordinates (GTK_WIDGET (self->board), GTK_WIDGET (native),
                                                   bounds.origin.x, bounds.origin.y, &x, &y))
            g_string_append_printf (out, "practice-square %s %d %d %d\n", i == 0 ? "a1" : "h8",
                                    (int) (x + sx), (int) (y + sy), (int) bounds.size.width);
        }
    }
  status = g_strdelimit (g_strdup (gtk_label_get_label (self->status_label)), "\n", ' ');
  g_string_append_printf (out, "practice-status %s\n", status);
  g_string_append_printf (out, "practice-feedback %s\n", gtk_label_get_label (self->feedback_label));
  g_string_append_printf (out, "practice-summary-shown %d\n",
                          gtk_revealer_get_reveal_child (self->summary_revealer));
  g_string_append_printf (out, "practice-summary-title %s\n", gtk_label_get_label (self->summary_title));
  g_string_append_printf (out, "practice-summary-grade %s\n", gtk_label_get_label (self->summary_grade));
  g_string_append_printf (out, "practice-summary-text %s\n", gtk_label_get_label (self->summary_body));
  return g_string_free (out, FALSE);
}
