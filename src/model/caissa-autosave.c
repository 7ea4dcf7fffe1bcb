/* caissa-autosave.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-autosave"

#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "caissa-atomic.h"
#include "caissa-autosave.h"
#include "caissa-autosave-clock.h"
#include "caissa-autosave-engine.h"
#include "chess-pgn.h"

#define FORMAT_VERSION 1
#define GROUP "game"
/* Far beyond any game played at a board; a bigger file is not ours. */
#define MAX_FILE_SIZE (64 * 1024 * 1024)

G_DEFINE_QUARK (caissa-autosave-error-quark, caissa_autosave_error)

static CaissaColor
opponent (CaissaColor color)
{
  return color == CAISSA_COLOR_WHITE ? CAISSA_COLOR_BLACK : CAISSA_COLOR_WHITE;
}

static const char *
color_to_string (CaissaColor color)
{
  switch (color)
    {
    case CAISSA_COLOR_WHITE:
      return "white";
    case CAISSA_COLOR_BLACK:
      return "black";
    case CAISSA_COLOR_NONE:
    default:
      return "none";
    }
}

static gboolean
color_from_string (const char  *text,
                   CaissaColor *color)
{
  if (g_strcmp0 (text, "white") == 0)
    *color = CAISSA_COLOR_WHITE;
  else if (g_strcmp0 (text, "black") == 0)
    *color = CAISSA_COLOR_BLACK;
  else if (g_strcmp0 (text, "none") == 0)
    *color = CAISSA_COLOR_NONE;
  else
    return FALSE;
  return TRUE;
}

/* The side to move at the end of the game (not the position shown). */
static CaissaColor
end_side_to_move (CaissaGame *game)
{
  const ChessGame *core = caissa_game_get_core_game (game);
  ChessNodeId end = caissa_game_get_node (game, caissa_game_get_n_plies (game));

  return (CaissaColor) chess_game_node_position (core, end)->side;
}

gboolean
caissa_autosave_is_worth_keeping (CaissaGame *game)
{
  CaissaClock *clock;

  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);

  if (caissa_game_get_analysis (game) || caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    return FALSE;
  clock = caissa_game_get_clock (game);
  return caissa_game_get_n_plies (game) > 0
         || (clock != NULL && caissa_clock_get_started (clock));
}

/* --- Reading ----------------------------------------------------------------------- */

struct _CaissaSavedGame
{
  char        *path;
  ChessGame   *core;
  GVariant    *clock_state;
  char        *time_control;
  char        *white_name;
  char        *black_name;
  CaissaColor  draw_offer;
  gboolean     offer_blocked[2];
  gboolean     awaiting_press;
  gboolean     press_required;
  gboolean     auto_press;
  gboolean     claim_pending;
  gboolean     flipped;
  CaissaAutosaveEngine engine;
  GDateTime   *saved_at;
  char        *serial;
  /* The clock was running when saved, and its state comes from PATH.clock
   * (kept about once a second, see caissa-autosave-clock.c) rather than
   * from the last move or press. */
  gboolean     clock_running;
  gboolean     clock_to_the_second;

  /* Found by restoring into a scratch game when loading. */
  guint        n_plies;
  guint        move_number;
  CaissaColor  side_to_move;
  gint64       remaining[2];
};

void
caissa_saved_game_free (CaissaSavedGame *saved)
{
  if (saved == NULL)
    return;
  g_free (saved->path);
  g_clear_pointer (&saved->core, chess_game_free);
  g_clear_pointer (&saved->clock_state, g_variant_unref);
  g_free (saved->time_control);
  g_free (saved->white_name);
  g_free (saved->black_name);
  g_clear_pointer (&saved->saved_at, g_date_time_unref);
  g_free (saved->serial);
  _caissa_autosave_engine_clear (&saved->engine);
  g_free (saved);
}

static gboolean G_GNUC_PRINTF (3, 4)
corrupt (GError     **error,
         const char  *path,
         const char  *format,
         ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CAISSA_AUTOSAVE_ERROR, CAISSA_AUTOSAVE_ERROR_CORRUPT,
               /* Translators: %s is the path of the file that keeps the
                * unfinished game; the second %s says what is wrong with it
                * (one of the messages that start in lower case below, e.g.
                * "it is not a text file"). */
               _("The saved game “%s” cannot be resumed: %s"), path, reason);
  return FALSE;
}

/* A boolean key: FALSE when absent, an error when it is not a boolean. */
static gboolean
read_boolean (GKeyFile    *file,
              const char  *key,
              gboolean    *value,
              const char  *path,
              GError     **error)
{
  g_autoptr(GError) local = NULL;

  *value = g_key_file_get_boolean (file, GROUP, key, &local);
  if (local == NULL)
    return TRUE;
  if (g_error_matches (local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND))
    {
      *value = FALSE;
      return TRUE;
    }
  /* Translators: a reason the saved game cannot be resumed; %s is the
   * name of a setting in the file (e.g. "flipped"), kept in English, and
   * (%s) GLib's detail. */
  return corrupt (error, path, _("“%s” is not true or false (%s)"), key, local->message);
}

static char *
read_string (GKeyFile   *file,
             const char *key)
{
  g_autofree char *value = g_key_file_get_string (file, GROUP, key, NULL);

  if (value == NULL || *value == '\0')
    return NULL;
  return g_steal_pointer (&value);
}

static gboolean restore_into (CaissaSavedGame  *saved,
                              CaissaGame       *game,
                              CaissaClock      *clock,
                              GError          **error);

/* The whole file read and checked; error is always CORRUPT. */
static gboolean
parse_saved_game (CaissaSavedGame  *saved,
                  const char       *data,
                  gsize             len,
                  GError          **error)
{
  const char *path = saved->path;
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *clock_text = NULL;
  g_autofree char *offer = NULL;
  g_autofree char *saved_at = NULL;
  ChessError err = { 0 };
  gint64 version;

  if (memchr (data, '\0', len) != NULL)
    /* Translators: a reason the saved game cannot be resumed. */
    return corrupt (error, path, _("it is not a text file"));
  if (!g_key_file_load_from_data (file, data, len, G_KEY_FILE_NONE, &local))
    /* Translators: a reason the saved game cannot be resumed; %s is
     * GLib's detail about the file. */
    return corrupt (error, path, _("it is not a saved game (%s)"), local->message);
  if (!g_key_file_has_group (file, GROUP))
    /* Translators: a reason the saved game cannot be resumed; [%s] is
     * the name of a section of the file ("[game]"), kept in English. */
    return corrupt (error, path, _("it has no [%s] group"), GROUP);

  version = g_key_file_get_int64 (file, GROUP, "version", &local);
  if (local != NULL)
    /* Translators: a reason the saved game cannot be resumed: the file
     * does not say which version of the format it is in; %s is GLib's
     * detail. */
    return corrupt (error, path, _("no version (%s)"), local->message);
  if (version != FORMAT_VERSION)
    /* Translators: a reason the saved game cannot be resumed; the number
     * is the version of the file's format. */
    return corrupt (error, path, _("format version %" PRId64 " is not known"), version);

  pgn = g_key_file_get_string (file, GROUP, "pgn", &local);
  if (pgn == NULL)
    /* Translators: a reason the saved game cannot be resumed; %s is
     * GLib's detail. */
    return corrupt (error, path, _("the moves are missing (%s)"), local->message);
  saved->core = chess_pgn_read_game (pgn, strlen (pgn), &err, NULL);
  if (saved->core == NULL)
    {
      if (err.code == CHESS_OK)
        /* Translators: a reason the saved game cannot be resumed. */
        return corrupt (error, path, _("the moves are missing"));
      /* Translators: a reason the saved game cannot be resumed; the line
       * and column of the moves, then what is wrong there. */
      return corrupt (error, path, _("the moves cannot be read (line %lu, column %lu: %s)"),
                      err.line, err.column, err.message);
    }

  clock_text = read_string (file, "clock-state");
  if (clock_text != NULL)
    {
      saved->clock_state = g_variant_parse (G_VARIANT_TYPE_VARDICT, clock_text, NULL, NULL, &local);
      if (saved->clock_state == NULL)
        /* Translators: a reason the saved game cannot be resumed; %s is
         * GLib's detail. */
        return corrupt (error, path, _("the clock cannot be read (%s)"), local->message);
    }
  saved->time_control = read_string (file, "time-control");
  {
    g_autofree char *white = read_string (file, "white-name");
    g_autofree char *black = read_string (file, "black-name");

    saved->white_name = caissa_game_cap_player_name (white);
    saved->black_name = caissa_game_cap_player_name (black);
  }

  offer = g_key_file_get_string (file, GROUP, "draw-offer", NULL);
  if (offer == NULL)
    saved->draw_offer = CAISSA_COLOR_NONE;
  else if (!color_from_string (offer, &saved->draw_offer))
    /* Translators: a reason the saved game cannot be resumed; draw-offer,
     * none, white and black are words of the file, kept in English; %s is
     * the value found. */
    return corrupt (error, path, _("draw-offer “%s” is not none, white or black"), offer);

  if (!read_boolean (file, "offer-blocked-white", &saved->offer_blocked[CAISSA_COLOR_WHITE], path, error)
      || !read_boolean (file, "offer-blocked-black", &saved->offer_blocked[CAISSA_COLOR_BLACK], path, error)
      || !read_boolean (file, "awaiting-press", &saved->awaiting_press, path, error)
      || !read_boolean (file, "press-required", &saved->press_required, path, error)
      || !read_boolean (file, "auto-press", &saved->auto_press, path, error)
      || !read_boolean (file, "claim-pending", &saved->claim_pending, path, error)
      || !read_boolean (file, "flipped", &saved->flipped, path, error))
    return FALSE;
  {
    g_autofree char *reason = NULL;

    if (!_caissa_autosave_engine_read (&saved->engine, file, GROUP, &reason))
      return corrupt (error, path, "%s", reason);
  }

  /* A declined player may not offer until the opponent has: never both
   * at once, and not beside a standing offer. */
  if (saved->offer_blocked[0] && saved->offer_blocked[1])
    /* Translators: a reason the saved game cannot be resumed. */
    return corrupt (error, path, _("both players are barred from offering a draw"));
  if (saved->draw_offer != CAISSA_COLOR_NONE && (saved->offer_blocked[0] || saved->offer_blocked[1]))
    /* Translators: a reason the saved game cannot be resumed. */
    return corrupt (error, path, _("a draw offer stands beside a declined one"));

  saved_at = read_string (file, "saved-at");
  if (saved_at != NULL)
    saved->saved_at = g_date_time_new_from_iso8601 (saved_at, NULL);
  saved->serial = read_string (file, "serial");

  return TRUE;
}

/* Restores into a scratch game and clock, and checks that what comes out
 * is what the file says. */
static gboolean
check_by_restoring (CaissaSavedGame  *saved,
                    GError          **error)
{
  g_autoptr(CaissaGame) game = caissa_game_new ();
  g_autoptr(CaissaClock) clock = caissa_clock_new ();
  g_autoptr(GError) local = NULL;
  CaissaColor side;

  if (!restore_into (saved, game, clock, &local))
    {
      if (local->domain == CAISSA_AUTOSAVE_ERROR)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      return corrupt (error, saved->path, "%s", local->message);
    }

  side = end_side_to_move (game);
  if (caissa_game_get_draw_offer (game) != saved->draw_offer
      || caissa_game_get_awaiting_press (game) != saved->awaiting_press)
    /* Translators: a reason the saved game cannot be resumed; "the press
     * due" is the press of the clock that the player who moved still owes. */
    return corrupt (error, saved->path, _("the draw offer or the press due does not fit the moves"));

  if (caissa_game_get_clock (game) != NULL && caissa_clock_get_started (clock)
      && !caissa_clock_get_finished (clock))
    {
      /* The clock that is on is the mover's until he presses, then the
       * side to move's. */
      CaissaColor expected = saved->awaiting_press ? opponent (side) : side;

      if (caissa_clock_get_side (clock) != expected
          || caissa_clock_get_awaiting_press (clock) != saved->awaiting_press)
        /* Translators: a reason the saved game cannot be resumed. */
        return corrupt (error, saved->path, _("the clock does not match the position"));
    }

  saved->n_plies = caissa_game_get_n_plies (game);
  saved->move_number = chess_game_node_position (caissa_game_get_core_game (game),
                                                 caissa_game_get_node (game, saved->n_plies))->fullmove;
  saved->side_to_move = side;
  for (int c = 0; c < 2; c++)
    saved->remaining[c] = caissa_game_get_clock (game) != NULL
                          ? caissa_clock_get_remaining (clock, (CaissaColor) c) : -1;
  if (saved->time_control == NULL && caissa_game_get_clock (game) != NULL)
    saved->time_control = g_strdup (caissa_clock_get_time_control (clock));
  return TRUE;
}

CaissaSavedGame *
caissa_saved_game_load (const char  *path,
                        GError     **error)
{
  g_autoptr(CaissaSavedGame) saved = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *data = NULL;
  GStatBuf st;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      /* ENOTDIR: a folder on the way is a file, so no game can be there
       * (nothing to resume or move aside; the first save says why it
       * cannot keep one). */
      if (saved_errno == ENOENT || saved_errno == ENOTDIR)
        /* Translators: %s is the path where an unfinished game is kept. */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No saved game at “%s”"), path);
      else
        corrupt (error, path, "%s", g_strerror (saved_errno));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      /* Translators: a reason the saved game cannot be resumed. */
      corrupt (error, path, _("it is a folder, not a file"));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      /* Translators: a reason the saved game cannot be resumed. */
      corrupt (error, path, _("it is not a regular file"));
      return NULL;
    }
  if (st.st_size > MAX_FILE_SIZE)
    {
      /* Translators: a reason the saved game cannot be resumed; the
       * number is the file's size in bytes. */
      corrupt (error, path, _("it is too large (%" PRId64 " bytes)"), (gint64) st.st_size);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &len, &local))
    {
      corrupt (error, path, "%s", local->message);
      return NULL;
    }

  saved = g_new0 (CaissaSavedGame, 1);
  saved->path = g_strdup (path);
  if (!parse_saved_game (saved, data, len, error))
    return NULL;
  saved->clock_running = _caissa_autosave_clock_state_running (saved->clock_state);
  if (saved->clock_running)
    {
      g_autoptr(GDateTime) clock_saved_at = NULL;
      g_autoptr(GVariant) later = _caissa_autosave_clock_read (path, saved->serial, &clock_saved_at);

      /* The clock as it ran on after the last save, when that state fits
       * the game; else the game file's own. */
      if (later != NULL)
        {
          GVariant *own = g_steal_pointer (&saved->clock_state);

          saved->clock_state = g_variant_ref (later);
          if (check_by_restoring (saved, NULL))
            {
              g_variant_unref (own);
              saved->clock_to_the_second = TRUE;
              if (clock_saved_at != NULL)
                {
                  g_clear_pointer (&saved->saved_at, g_date_time_unref);
                  saved->saved_at = g_steal_pointer (&clock_saved_at);
                }
              return g_steal_pointer (&saved);
            }
          g_debug ("the clock beside %s does not fit the game: not used", path);
          g_variant_unref (saved->clock_state);
          saved->clock_state = own;
        }
    }
  if (!check_by_restoring (saved, error))
    return NULL;
  return g_steal_pointer (&saved);
}

const char *
caissa_saved_game_get_path (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return saved->path;
}

const char *
caissa_saved_game_get_white_name (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return saved->white_name;
}

const char *
caissa_saved_game_get_black_name (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return saved->black_name;
}

const char *
caissa_saved_game_get_time_control (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return saved->clock_state != NULL ? saved->time_control : NULL;
}

guint
caissa_saved_game_get_n_plies (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, 0);
  return saved->n_plies;
}

guint
caissa_saved_game_get_move_number (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, 0);
  return saved->move_number;
}

CaissaColor
caissa_saved_game_get_side_to_move (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, CAISSA_COLOR_NONE);
  return saved->side_to_move;
}

gint64
caissa_saved_game_get_remaining (CaissaSavedGame *saved,
                                 CaissaColor      color)
{
  g_return_val_if_fail (saved != NULL, -1);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, -1);
  return saved->remaining[color];
}

CaissaColor
caissa_saved_game_get_draw_offer (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, CAISSA_COLOR_NONE);
  return saved->draw_offer;
}

gboolean
caissa_saved_game_get_offer_blocked (CaissaSavedGame *saved,
                                     CaissaColor      color)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);
  return saved->offer_blocked[color];
}

gboolean
caissa_saved_game_get_awaiting_press (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  return saved->awaiting_press;
}

gboolean
caissa_saved_game_get_flipped (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  return saved->flipped;
}

GDateTime *
caissa_saved_game_get_saved_at (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return saved->saved_at;
}

/* --- Restoring ---------------------------------------------------------------------- */

/* offer then decline: color is barred from offering again. */
static gboolean
replay_declined_offer (CaissaGame  *game,
                       CaissaColor  color,
                       GError     **error)
{
  return caissa_game_offer_draw (game, color, error)
         && caissa_game_decline_draw (game, error);
}

/* The game keeps who may offer a draw and whether a press is due to
 * itself; both are rebuilt here through the game's own API, by replaying
 * what made them: the moves are loaded without the last one when needed,
 * the offer and its refusal made, the last move played again (with a
 * press required, so that it waits for one) and its comment put back. */
static gboolean
restore_into (CaissaSavedGame  *saved,
              CaissaGame       *game,
              CaissaClock      *clock,
              GError          **error)
{
  ChessNodeId end = chess_game_main_line_end (saved->core, CHESS_NODE_ROOT);
  CaissaColor side = (CaissaColor) chess_game_node_position (saved->core, end)->side;
  CaissaColor mover = opponent (side);
  gboolean replay = end != CHESS_NODE_ROOT && (saved->awaiting_press || saved->offer_blocked[side]);
  ChessMove last_move = CHESS_MOVE_NONE;
  g_autofree char *last_comment = NULL;
  g_autofree char *last_comment_before = NULL;
  ChessGame *core;

  if (saved->draw_offer == side)
    /* Translators: a reason the saved game cannot be resumed. */
    return corrupt (error, saved->path, _("a draw offer stands from the side to move"));
  if (end == CHESS_NODE_ROOT
      && (saved->awaiting_press || saved->draw_offer != CAISSA_COLOR_NONE
          || saved->offer_blocked[0] || saved->offer_blocked[1]))
    /* Translators: a reason the saved game cannot be resumed; "a press"
     * is a press of the clock. */
    return corrupt (error, saved->path, _("a draw offer or a press before any move"));

  /* The game takes the copy (the copy keeps node ids). */
  core = chess_game_copy (saved->core);
  if (replay)
    {
      last_move = chess_game_node_move (core, end);
      last_comment = g_strdup (chess_game_node_comment (core, end, CHESS_COMMENT_AFTER));
      last_comment_before = g_strdup (chess_game_node_comment (core, end, CHESS_COMMENT_BEFORE));
      chess_game_delete_node (core, end);
    }

  caissa_game_set_analysis (game, FALSE);
  /* Drops any clock (and with it press-required): auto-press set after
   * it presses nothing. */
  caissa_game_load_core_game (game, core);
  caissa_game_set_auto_press (game, saved->auto_press);
  caissa_game_set_press_required (game, FALSE);
  if (caissa_game_get_outcome (game) != CAISSA_OUTCOME_NONE)
    /* Translators: a reason the saved game cannot be resumed; %s is the
     * result, e.g. "1-0". */
    return corrupt (error, saved->path, _("the game has already ended (%s)"),
                    caissa_game_get_result (game));

  if (replay)
    {
      const ChessGame *restored;
      ChessNodeId node;

      /* side moved last before the last move. */
      if (saved->offer_blocked[side] && !replay_declined_offer (game, side, error))
        return FALSE;
      caissa_game_set_press_required (game, saved->awaiting_press);
      if (!caissa_game_play_move (game, last_move, error))
        return FALSE;
      /* The game's own core game: only the comment that was there is put
       * back (a pressed move's [%clk] and [%emt]); nothing the game
       * derives state from changes. */
      restored = caissa_game_get_core_game (game);
      node = caissa_game_get_node (game, caissa_game_get_n_plies (game));
      if (last_comment != NULL)
        chess_game_node_set_comment ((ChessGame *) restored, node, CHESS_COMMENT_AFTER, last_comment);
      if (last_comment_before != NULL)
        chess_game_node_set_comment ((ChessGame *) restored, node, CHESS_COMMENT_BEFORE,
                                     last_comment_before);
    }

  if (saved->draw_offer == mover)
    {
      if (!caissa_game_offer_draw (game, mover, error))
        return FALSE;
    }
  else if (saved->offer_blocked[mover] && !replay_declined_offer (game, mover, error))
    return FALSE;

  caissa_game_set_white_name (game, saved->white_name);
  caissa_game_set_black_name (game, saved->black_name);

  if (saved->clock_state != NULL)
    {
      g_autoptr(CaissaClock) own = clock != NULL ? g_object_ref (clock) : caissa_clock_new ();

      if (!caissa_clock_restore_state (own, saved->clock_state, error))
        return FALSE;
      if (!caissa_clock_get_timed (own))
        /* Translators: a reason the saved game cannot be resumed. */
        return corrupt (error, saved->path, _("the saved clock keeps no time"));
      /* Makes press-required follow auto-press; a press due stays due. */
      caissa_game_set_clock (game, own);
    }
  else
    caissa_game_set_press_required (game, saved->press_required);

  if (saved->claim_pending)
    caissa_game_set_claim_pending (game, TRUE);
  caissa_game_go_last (game);
  return TRUE;
}

gboolean
caissa_saved_game_restore (CaissaSavedGame  *saved,
                           CaissaGame       *game,
                           CaissaClock      *clock,
                           GError          **error)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);
  g_return_val_if_fail (clock == NULL || CAISSA_IS_CLOCK (clock), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return restore_into (saved, game, clock, error);
}

gboolean
caissa_autosave_move_aside (const char  *path,
                            char       **new_path,
                            GError     **error)
{
  g_autofree char *aside = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  aside = g_strconcat (path, ".corrupt", NULL);
  /* An older .corrupt folder would stop the rename of a file. */
  if (g_file_test (aside, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *older = g_strconcat (aside, ".old", NULL);

      if (g_rename (aside, older) != 0)
        g_debug ("%s: %s", aside, g_strerror (errno));
    }
  if (g_rename (path, aside) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* Translators: the unreadable file kept aside: its
                    * path, the new path, then the system's reason. */
                   _("Cannot rename “%s” to “%s”: %s"), path, aside, g_strerror (saved_errno));
      return FALSE;
    }
  if (new_path != NULL)
    *new_path = g_steal_pointer (&aside);
  return TRUE;
}

/* --- Writing ------------------------------------------------------------------------ */

struct _CaissaAutosave
{
  GObject      parent_instance;

  char        *path;
  CaissaGame  *game;
  CaissaClock *clock;
  gboolean     flipped;
  CaissaAutosaveEngine engine;
  guint        save_id;
  guint        n_writes;
  /* The message of the last failure reported, so a disk that stays full
   * is reported once, not at every move. */
  char        *reported_error;

  /* Writing happens in a worker thread, one write at a time: the one in
   * flight, and the newest state waiting for it (older ones are dropped).
   * Each state has a sequence number; a write older than what is already
   * on disk (a synchronous save overtook it) does nothing. */
  struct _Writer *writer;
  guint64       next_seq;
  guint         in_flight;
  struct _Job  *queued;
  GMainContext *context;

  /* Who may offer a draw (see the top of the header), and what the game
   * looked like at the last notification. */
  gboolean         offer_blocked[2];
  guint            seen_n_plies;
  CaissaColor      seen_offer;
  gboolean         seen_can_redo;
  const ChessGame *seen_core;

  /* The serial of the newest game file (written or being written): the
   * running clock's file names it. A random part tells this process's
   * saves from an earlier one's. */
  guint32      session;
  char        *serial;
  gint64       clock_written_second;
  guint        n_clock_writes;
};

enum
{
  SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CaissaAutosave, caissa_autosave, G_TYPE_OBJECT)

char *
caissa_autosave_default_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "caissa", "current-game.ini", NULL);
}

static void
remember_seen (CaissaAutosave *self)
{
  self->seen_n_plies = caissa_game_get_n_plies (self->game);
  self->seen_offer = caissa_game_get_draw_offer (self->game);
  self->seen_can_redo = caissa_game_get_can_redo (self->game);
  self->seen_core = caissa_game_get_core_game (self->game);
}

/* Follows who may offer a draw from what changed since last time. */
static void
track_offers (CaissaAutosave *self)
{
  CaissaGame *game = self->game;
  guint n_plies = caissa_game_get_n_plies (game);
  CaissaColor offer = caissa_game_get_draw_offer (game);
  gboolean can_redo = caissa_game_get_can_redo (game);
  gboolean restarted;

  /* A new game (reset, FEN, a loaded game) clears the redo list; an undo
   * fills it. */
  restarted = caissa_game_get_core_game (game) != self->seen_core
              || (n_plies < self->seen_n_plies && !can_redo)
              || (self->seen_can_redo && !can_redo && n_plies <= self->seen_n_plies);
  if (restarted)
    self->offer_blocked[0] = self->offer_blocked[1] = FALSE;
  else if (self->seen_offer != CAISSA_COLOR_NONE && offer != self->seen_offer
           && caissa_game_get_outcome (game) == CAISSA_OUTCOME_NONE
           && !caissa_game_get_analysis (game)
           && n_plies >= self->seen_n_plies)
    /* Declined aloud (same moves) or by the opponent's move. */
    self->offer_blocked[self->seen_offer] = TRUE;

  /* Offering frees the opponent to offer again. */
  if (offer != CAISSA_COLOR_NONE && offer != self->seen_offer)
    self->offer_blocked[opponent (offer)] = FALSE;

  remember_seen (self);
}

/* Where the game itself can tell, it has the last word. */
static void
check_offers (CaissaAutosave *self)
{
  CaissaGame *game = self->game;
  CaissaColor mover;

  if (caissa_game_get_draw_offer (game) != CAISSA_COLOR_NONE)
    {
      self->offer_blocked[0] = self->offer_blocked[1] = FALSE;
      return;
    }
  if (caissa_game_get_n_plies (game) == 0
      || (caissa_game_get_press_required (game) && !caissa_game_get_awaiting_press (game)))
    return;
  mover = opponent (end_side_to_move (game));
  self->offer_blocked[mover] = !caissa_game_can_offer_draw (game, mover);
  if (self->offer_blocked[mover])
    self->offer_blocked[opponent (mover)] = FALSE;
}

static char *
serialize (CaissaAutosave *self,
           const char     *serial,
           gsize          *len)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *pgn = caissa_game_to_pgn (self->game);
  g_autofree char *when = g_date_time_format_iso8601 (now);
  CaissaGame *game = self->game;
  const char *white = caissa_game_get_white_name (game);
  const char *black = caissa_game_get_black_name (game);

  g_key_file_set_int64 (file, GROUP, "version", FORMAT_VERSION);
  g_key_file_set_string (file, GROUP, "saved-at", when);
  g_key_file_set_string (file, GROUP, "serial", serial);
  g_key_file_set_string (file, GROUP, "white-name", white ? white : "");
  g_key_file_set_string (file, GROUP, "black-name", black ? black : "");
  if (self->clock != NULL)
    {
      g_autoptr(GVariant) state = caissa_clock_save_state (self->clock);
      g_autofree char *text = g_variant_print (state, TRUE);

      g_key_file_set_string (file, GROUP, "time-control", caissa_clock_get_time_control (self->clock));
      g_key_file_set_string (file, GROUP, "clock-state", text);
    }
  g_key_file_set_string (file, GROUP, "draw-offer", color_to_string (caissa_game_get_draw_offer (game)));
  g_key_file_set_boolean (file, GROUP, "offer-blocked-white", self->offer_blocked[CAISSA_COLOR_WHITE]);
  g_key_file_set_boolean (file, GROUP, "offer-blocked-black", self->offer_blocked[CAISSA_COLOR_BLACK]);
  g_key_file_set_boolean (file, GROUP, "awaiting-press", caissa_game_get_awaiting_press (game));
  g_key_file_set_boolean (file, GROUP, "press-required", caissa_game_get_press_required (game));
  g_key_file_set_boolean (file, GROUP, "auto-press", caissa_game_get_auto_press (game));
  g_key_file_set_boolean (file, GROUP, "claim-pending", caissa_game_get_claim_pending (game));
  g_key_file_set_boolean (file, GROUP, "flipped", self->flipped);
  _caissa_autosave_engine_write (&self->engine, file, GROUP);
  g_key_file_set_string (file, GROUP, "pgn", pgn);

  return g_key_file_to_data (file, len, NULL);
}

/* What the worker threads share with the autosave, which may be gone
 * before a write in flight is done. */
typedef struct _Writer
{
  gatomicrefcount  ref;
  char            *path;
  GMutex           lock;
  guint64          done_seq;   /* under lock */
} Writer;

static Writer *
writer_new (const char *path)
{
  Writer *writer = g_new0 (Writer, 1);

  g_atomic_ref_count_init (&writer->ref);
  writer->path = g_strdup (path);
  g_mutex_init (&writer->lock);
  return writer;
}

static Writer *
writer_ref (Writer *writer)
{
  g_atomic_ref_count_inc (&writer->ref);
  return writer;
}

static void
writer_unref (Writer *writer)
{
  if (!g_atomic_ref_count_dec (&writer->ref))
    return;
  g_mutex_clear (&writer->lock);
  g_free (writer->path);
  g_free (writer);
}

/* One state to put on disk: the file's contents, or NULL to remove it. */
typedef struct _Job
{
  Writer  *writer;
  char    *data;
  gsize    len;
  guint64  seq;
} Job;

static void
job_free (Job *job)
{
  writer_unref (job->writer);
  g_free (job->data);
  g_free (job);
}

/* The state of the game now, on the main thread: only serialising. NULL
 * while the game is analysed (a file reviewed in its place): the file then
 * keeps the last game played, which is offered again at the next start. */
static Job *
job_new (CaissaAutosave *self)
{
  Job *job;

  if (self->game != NULL && caissa_game_get_analysis (self->game))
    return NULL;
  job = g_new0 (Job, 1);
  job->writer = writer_ref (self->writer);
  job->seq = ++self->next_seq;
  if (self->game != NULL && caissa_autosave_is_worth_keeping (self->game))
    {
      g_free (self->serial);
      self->serial = g_strdup_printf ("%08x-%" G_GUINT64_FORMAT, self->session, job->seq);
      check_offers (self);
      job->data = serialize (self, self->serial, &job->len);
    }
  else
    g_clear_pointer (&self->serial, g_free);
  return job;
}

/* Any thread. */
static gboolean
perform (Job       *job,
         gboolean  *written,
         GError   **error)
{
  Writer *self = job->writer;
  gboolean ok = TRUE;

  *written = FALSE;
  g_mutex_lock (&self->lock);
  if (job->seq <= self->done_seq)
    ;
  else if (job->data == NULL)
    {
      _caissa_autosave_clock_remove (self->path);
      if (g_unlink (self->path) != 0 && errno != ENOENT)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       /* Translators: %s is the file's path, then the
                        * system's reason. */
                       _("Cannot remove the saved game “%s”: %s"), self->path, g_strerror (saved_errno));
          ok = FALSE;
        }
    }
  else
    {
      g_autofree char *dir = g_path_get_dirname (self->path);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       /* Translators: %s is a folder's path, then the
                        * system's reason. */
                       _("Cannot keep the game in “%s”: %s"), dir, g_strerror (saved_errno));
          ok = FALSE;
        }
      else
        ok = *written = caissa_atomic_write_full (self->path, job->data, job->len, 0600,
                                                  NULL, NULL, error);
    }
  if (ok)
    self->done_seq = MAX (self->done_seq, job->seq);
  g_mutex_unlock (&self->lock);
  return ok;
}

/* A failure is logged and signalled once until a save succeeds again. */
static void
report (CaissaAutosave *self,
        gboolean        ok,
        gboolean        written,
        const GError   *error)
{
  if (written)
    self->n_writes++;
  if (ok)
    g_clear_pointer (&self->reported_error, g_free);
  else if (g_strcmp0 (self->reported_error, error->message) != 0)
    {
      g_warning ("%s", error->message);
      g_free (self->reported_error);
      self->reported_error = g_strdup (error->message);
      g_signal_emit (self, signals[SAVE_FAILED], 0, error);
    }
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  gboolean written;

  if (perform (task_data, &written, &error))
    g_task_return_int (task, written);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void start_job (CaissaAutosave *self,
                       Job            *job);

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GWeakRef *weak = user_data;
  g_autoptr(CaissaAutosave) self = g_weak_ref_get (weak);
  g_autoptr(GError) error = NULL;
  gssize written = g_task_propagate_int (G_TASK (result), &error);

  g_weak_ref_clear (weak);
  g_free (weak);
  /* Gone meanwhile: the write is done all the same. */
  if (self == NULL)
    return;
  self->in_flight--;
  report (self, error == NULL, written > 0, error);
  if (self->queued != NULL)
    {
      Job *next = g_steal_pointer (&self->queued);

      start_job (self, next);
    }
}

static void
start_job (CaissaAutosave *self,
           Job            *job)
{
  g_autoptr(GTask) task = NULL;

  if (self->in_flight > 0)
    {
      g_clear_pointer (&self->queued, job_free);
      self->queued = job;
      return;
    }
  {
    GWeakRef *weak = g_new0 (GWeakRef, 1);

    g_weak_ref_init (weak, self);
    /* No source object: a write in flight does not keep the autosave. */
    task = g_task_new (NULL, NULL, write_done_cb, weak);
  }
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  self->in_flight++;
  g_task_run_in_thread (task, write_thread);
}

/* Synchronously, overtaking whatever is queued or in flight. */
static gboolean
save_now (CaissaAutosave  *self,
          Job             *job,
          GError         **error)
{
  gboolean written, ok;

  g_clear_pointer (&self->queued, job_free);
  ok = perform (job, &written, error);
  if (written)
    self->n_writes++;
  if (ok)
    g_clear_pointer (&self->reported_error, g_free);
  job_free (job);
  return ok;
}

gboolean
caissa_autosave_save (CaissaAutosave  *self,
                      GError         **error)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  Job *job;

  g_clear_handle_id (&self->save_id, g_source_remove);
  if (self->game == NULL || (job = job_new (self)) == NULL)
    return TRUE;
  return save_now (self, job, error);
}

static gboolean
save_cb (gpointer user_data)
{
  CaissaAutosave *self = user_data;

  Job *job;

  self->save_id = 0;
  if (self->game != NULL && (job = job_new (self)) != NULL)
    start_job (self, job);
  return G_SOURCE_REMOVE;
}

/* Many notifications come with one change: one write for all of them,
 * serialised before the next frame is drawn, written by the worker. */
static void
schedule_save (CaissaAutosave *self)
{
  if (self->save_id == 0)
    self->save_id = g_idle_add_full (G_PRIORITY_HIGH, save_cb, self, NULL);
}

void
caissa_autosave_flush (CaissaAutosave *self)
{
  g_return_if_fail (CAISSA_IS_AUTOSAVE (self));

  if (self->save_id != 0)
    {
      g_clear_handle_id (&self->save_id, g_source_remove);
      save_cb (self);
    }
  while (self->in_flight > 0 || self->queued != NULL)
    g_main_context_iteration (self->context, TRUE);
}

static void
clock_changed_cb (CaissaAutosave *self)
{
  schedule_save (self);
}

/* A running clock's displayed time changed (every second, every tenth at
 * the end): its state goes to PATH.clock once a second, so that a crash
 * gives back at most a second (caissa-autosave-clock.c). */
static void
clock_tick_cb (CaissaAutosave *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) state = NULL;
  gint64 second;

  if (self->game == NULL || self->clock == NULL || self->serial == NULL
      || caissa_game_get_analysis (self->game)
      || caissa_clock_get_running_side (self->clock) == CAISSA_COLOR_NONE
      || !caissa_autosave_is_worth_keeping (self->game))
    return;
  /* Once per whole second of the running clock: the display's ticks come
   * at each second (each tenth near the end), late when the machine is
   * busy, so counting a second from the last write would skip one now
   * and then. */
  second = caissa_clock_get_remaining (self->clock, caissa_clock_get_running_side (self->clock)) / 1000;
  if (second == self->clock_written_second)
    return;
  self->clock_written_second = second;
  state = caissa_clock_save_state (self->clock);
  if (_caissa_autosave_clock_write (self->path, self->serial, state, &error))
    self->n_clock_writes++;
  else
    /* The game file, written at every move and press, still holds the
     * clock as it was then: worth a line in the log, not a dialog. */
    g_debug ("%s", error->message);
}

static void
set_clock (CaissaAutosave *self,
           CaissaClock    *clock)
{
  static const char *const signals_to_watch[] = {
    "pressed",
    "notify::running-side",
    "notify::paused",
    "notify::started",
    "notify::finished",
    "notify::flag-fallen",
    "notify::time-control",
  };

  if (clock == self->clock)
    return;
  if (self->clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->clock, self);
      g_clear_object (&self->clock);
    }
  if (clock != NULL)
    {
      self->clock = g_object_ref (clock);
      for (guint i = 0; i < G_N_ELEMENTS (signals_to_watch); i++)
        g_signal_connect_swapped (clock, signals_to_watch[i], G_CALLBACK (clock_changed_cb), self);
      g_signal_connect_swapped (clock, "notify::white-remaining", G_CALLBACK (clock_tick_cb), self);
      g_signal_connect_swapped (clock, "notify::black-remaining", G_CALLBACK (clock_tick_cb), self);
    }
}

static void
game_notify_cb (CaissaGame     *game,
                GParamSpec     *pspec,
                CaissaAutosave *self)
{
  /* Navigating (fen, ply, can-move…) changes nothing to keep. */
  static const char *const watched[] = {
    "n-plies", "draw-offer", "awaiting-press", "outcome", "white-name", "black-name",
    "claim-pending", "clock", "timed", "analysis", "auto-press", "press-required",
    "can-redo",
  };
  gboolean relevant = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (watched) && !relevant; i++)
    relevant = g_str_equal (pspec->name, watched[i]);
  if (!relevant)
    return;

  track_offers (self);
  set_clock (self, caissa_game_get_clock (game));
  schedule_save (self);
}

static void
attach (CaissaAutosave *self,
        CaissaGame     *game)
{
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      set_clock (self, NULL);
      g_clear_object (&self->game);
    }
  g_clear_handle_id (&self->save_id, g_source_remove);
  g_clear_pointer (&self->reported_error, g_free);
  self->offer_blocked[0] = self->offer_blocked[1] = FALSE;
  self->clock_written_second = G_MININT64;
  if (game == NULL)
    return;

  self->game = g_object_ref (game);
  remember_seen (self);
  set_clock (self, caissa_game_get_clock (game));
  g_signal_connect (game, "notify", G_CALLBACK (game_notify_cb), self);
}

void
caissa_autosave_set_game (CaissaAutosave *self,
                          CaissaGame     *game)
{
  g_return_if_fail (CAISSA_IS_AUTOSAVE (self));
  g_return_if_fail (game == NULL || CAISSA_IS_GAME (game));

  if (game == self->game)
    return;
  attach (self, game);
}

CaissaGame *
caissa_autosave_get_game (CaissaAutosave *self)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), NULL);
  return self->game;
}

gboolean
caissa_autosave_resume (CaissaAutosave   *self,
                        CaissaSavedGame  *saved,
                        CaissaGame       *game,
                        CaissaClock      *clock,
                        GError          **error)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (saved != NULL, FALSE);
  g_return_val_if_fail (CAISSA_IS_GAME (game), FALSE);

  /* Not watched while it is rebuilt: the file stays as it is until the
   * resumed game changes. */
  attach (self, NULL);
  if (!caissa_saved_game_restore (saved, game, clock, error))
    return FALSE;
  attach (self, game);
  self->offer_blocked[0] = saved->offer_blocked[0];
  self->offer_blocked[1] = saved->offer_blocked[1];
  self->flipped = saved->flipped;
  _caissa_autosave_engine_copy (&self->engine, &saved->engine);
  /* Until the resumed game changes, the file on disk is the one read. */
  g_free (self->serial);
  self->serial = g_strdup (saved->serial);
  return TRUE;
}

void
caissa_autosave_set_flipped (CaissaAutosave *self,
                             gboolean        flipped)
{
  g_return_if_fail (CAISSA_IS_AUTOSAVE (self));

  flipped = !!flipped;
  if (flipped == self->flipped)
    return;
  self->flipped = flipped;
  if (self->game != NULL)
    schedule_save (self);
}

gboolean
caissa_autosave_get_flipped (CaissaAutosave *self)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), FALSE);
  return self->flipped;
}

void
caissa_autosave_set_engine (CaissaAutosave *self,
                            const char     *command,
                            CaissaColor     side,
                            guint           level,
                            guint           move_time_ms)
{
  g_return_if_fail (CAISSA_IS_AUTOSAVE (self));
  g_return_if_fail (command == NULL || side == CAISSA_COLOR_WHITE || side == CAISSA_COLOR_BLACK);

  if (_caissa_autosave_engine_set (&self->engine, command, side, level, move_time_ms) && self->game != NULL)
    schedule_save (self);
}

const char *
caissa_autosave_get_engine (CaissaAutosave *self,
                            CaissaColor    *side,
                            guint          *level,
                            guint          *move_time_ms)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), NULL);
  return _caissa_autosave_engine_get (&self->engine, side, level, move_time_ms);
}

const char *
caissa_saved_game_get_engine (CaissaSavedGame *saved,
                              CaissaColor     *side,
                              guint           *level,
                              guint           *move_time_ms)
{
  g_return_val_if_fail (saved != NULL, NULL);
  return _caissa_autosave_engine_get (&saved->engine, side, level, move_time_ms);
}

void
caissa_autosave_discard (CaissaAutosave *self)
{
  g_autoptr(GError) error = NULL;
  Job *job;

  g_return_if_fail (CAISSA_IS_AUTOSAVE (self));

  attach (self, NULL);
  job = g_new0 (Job, 1);
  job->writer = writer_ref (self->writer);
  job->seq = ++self->next_seq;
  if (!save_now (self, job, &error))
    g_warning ("%s", error->message);
}

guint
caissa_autosave_get_n_writes (CaissaAutosave *self)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), 0);
  return self->n_writes;
}

guint
caissa_autosave_get_n_clock_writes (CaissaAutosave *self)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), 0);
  return self->n_clock_writes;
}

gboolean
caissa_saved_game_get_clock_was_running (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  return saved->clock_running;
}

gboolean
caissa_saved_game_get_clock_to_the_second (CaissaSavedGame *saved)
{
  g_return_val_if_fail (saved != NULL, FALSE);
  return saved->clock_to_the_second;
}

const char *
caissa_autosave_get_path (CaissaAutosave *self)
{
  g_return_val_if_fail (CAISSA_IS_AUTOSAVE (self), NULL);
  return self->path;
}

static void
caissa_autosave_dispose (GObject *object)
{
  CaissaAutosave *self = CAISSA_AUTOSAVE (object);

  /* A change not yet written is written now (no write is in flight: it
   * would hold a reference). */
  if (self->save_id != 0)
    {
      g_autoptr(GError) error = NULL;

      if (!caissa_autosave_save (self, &error))
        g_warning ("%s", error->message);
    }
  attach (self, NULL);

  G_OBJECT_CLASS (caissa_autosave_parent_class)->dispose (object);
}

static void
caissa_autosave_finalize (GObject *object)
{
  CaissaAutosave *self = CAISSA_AUTOSAVE (object);

  g_free (self->path);
  g_free (self->reported_error);
  g_free (self->serial);
  _caissa_autosave_engine_clear (&self->engine);
  g_clear_pointer (&self->queued, job_free);
  g_main_context_unref (self->context);
  writer_unref (self->writer);

  G_OBJECT_CLASS (caissa_autosave_parent_class)->finalize (object);
}

static void
caissa_autosave_class_init (CaissaAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = caissa_autosave_dispose;
  object_class->finalize = caissa_autosave_finalize;

  /**
   * CaissaAutosave::save-failed:
   * @error: what went wrong (a GError, naming the file)
   *
   * A save scheduled by a change failed; the previous file is intact.
   * Emitted once for a failure that repeats, again after a success.
   */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
caissa_autosave_init (CaissaAutosave *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->session = g_random_int ();
  self->clock_written_second = G_MININT64;
}

CaissaAutosave *
caissa_autosave_new (const char *path)
{
  CaissaAutosave *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CAISSA_TYPE_AUTOSAVE, NULL);
  self->path = g_strdup (path);
  self->writer = writer_new (path);
  return self;
}
