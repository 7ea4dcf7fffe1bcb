/* cli-analyse.c — caissa-cli analyse: every game of a PGN file annotated by
 * a UCI engine ([%eval] on each main-line move, $6/$2/$4, the best line at
 * each mistake), headless.
 *
 * Unlike the rest of the CLI this command needs GLib: the engine is a
 * CaissaEngine (src/model), a subprocess spoken to asynchronously, and
 * the games run on a GMainLoop, -j N of them at a time on N engines.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>

#include "caissa-cli.h"
#include "caissa-game-analysis.h"
#include "chess-pgn.h"
#include "cli-atomic.h"
#include "cli-text.h"

#define DEFAULT_DEPTH 12
#define MAX_JOBS      64

typedef struct
{
  ChessGame *game;      /* NULL for a game that could not be read */
  const char *text;     /* its bytes in the input, for a bad game */
  gsize       text_len;
  char       *output;   /* the annotated game, once done */
  guint       n_positions;
} Game;

typedef struct _Run Run;

typedef struct
{
  Run                *run;
  CaissaEngine       *engine;
  CaissaGameAnalysis *analysis;
  guint               game;     /* index being analysed */
  guint               done;     /* its positions done so far */
} Worker;

struct _Run
{
  const char *engine_command;
  int         depth;
  gint64      movetime_ms;
  GArray     *games;            /* Game */
  guint       next;             /* next game to hand out */
  guint       n_running;
  guint       n_games_done;
  guint       positions_total;
  guint       positions_done;
  gboolean    tty;
  GError     *error;            /* the first engine failure */
  guint       error_game;
  GMainLoop  *loop;
  Worker      workers[MAX_JOBS];
  guint       n_workers;
};

static void worker_next (Worker *w);

static void
progress (Run *run)
{
  guint done = run->positions_done;

  if (run->tty)
    fprintf (stderr, "\rcaissa-cli analyse: %u/%u positions, %u/%u games",
             done, run->positions_total, run->n_games_done, run->games->len);
}

static void
n_done_cb (CaissaGameAnalysis *analysis,
           GParamSpec         *pspec,
           Worker             *w)
{
  guint now = caissa_game_analysis_get_n_done (analysis);

  if (now > w->done)
    {
      w->run->positions_done += now - w->done;
      w->done = now;
    }
  progress (w->run);
}

static void
ran_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  Worker *w = user_data;
  Run *run = w->run;
  Game *g = &g_array_index (run->games, Game, w->game);
  g_autoptr (GError) error = NULL;

  if (!caissa_game_analysis_run_finish (CAISSA_GAME_ANALYSIS (source), result, &error))
    {
      if (run->error == NULL)
        {
          run->error = g_steal_pointer (&error);
          run->error_game = w->game;
          /* One failure ends the run: the other engines stop at once. */
          for (guint i = 0; i < run->n_workers; i++)
            if (run->workers[i].engine != NULL && &run->workers[i] != w)
              caissa_engine_quit (run->workers[i].engine);
        }
    }
  else
    {
      caissa_game_analysis_apply (w->analysis, g->game);
      g->output = chess_pgn_write_game (g->game, NULL);
      run->n_games_done++;
      if (!run->tty)
        fprintf (stderr, "caissa-cli analyse: game %u/%u done (%u positions; %u/%u in all)\n",
                 w->game + 1, run->games->len, g->n_positions, run->positions_done,
                 run->positions_total);
      else
        progress (run);
    }
  g_signal_handlers_disconnect_by_data (w->analysis, w);
  g_clear_object (&w->analysis);
  worker_next (w);
}

/* Hands the worker the next readable game, or ends it. */
static void
worker_next (Worker *w)
{
  Run *run = w->run;
  Game *g = NULL;

  while (run->error == NULL && run->next < run->games->len)
    {
      g = &g_array_index (run->games, Game, run->next++);
      if (g->game != NULL)
        break;
      g = NULL;
    }
  if (g == NULL)
    {
      /* Nothing more for this engine. */
      if (w->engine != NULL)
        caissa_engine_quit (w->engine);
      run->n_running--;
      if (run->n_running == 0)
        g_main_loop_quit (run->loop);
      return;
    }
  w->game = (guint) (g - &g_array_index (run->games, Game, 0));
  w->done = 0;
  w->analysis = caissa_game_analysis_new (w->engine, g->game);
  if (run->movetime_ms > 0)
    caissa_game_analysis_set_movetime (w->analysis, run->movetime_ms);
  else
    caissa_game_analysis_set_depth (w->analysis, run->depth);
  g_signal_connect (w->analysis, "notify::n-done", G_CALLBACK (n_done_cb), w);
  caissa_game_analysis_run_async (w->analysis, NULL, ran_cb, w);
}

static gboolean
parse_int (const char *text,
           long        min,
           long        max,
           long       *out)
{
  char *end;
  long v;

  errno = 0;
  v = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < min || v > max)
    return FALSE;
  *out = v;
  return TRUE;
}

/* Reads every game of data; bad ones are reported as FILE:LINE:COL and
 * kept as their text. Returns the number of bad games. */
static guint
read_all (const char *path,
          const char *data,
          gsize       len,
          GArray     *games)
{
  gsize offset = 0;
  unsigned long base_line = 0;
  guint bad = 0;

  while (offset < len)
    {
      ChessError error;
      size_t consumed = 0;
      ChessGame *game;
      Game g = { 0 };

      chess_error_clear (&error);
      game = chess_pgn_read_game (data + offset, len - offset, &error, &consumed);
      if (game == NULL && error.code == CHESS_OK)
        break;  /* only blanks or comments are left */
      if (game == NULL)
        {
          fprintf (stderr, "%s:%lu:%lu: %s\n", path, base_line + error.line, error.column,
                   error.message);
          bad++;
        }
      g.game = game;
      g.text = data + offset;
      g.text_len = consumed;
      if (game != NULL)
        {
          ChessNodeId node = CHESS_NODE_ROOT;

          g.n_positions = 1;
          while ((node = chess_game_node_next (game, node)) != CHESS_NODE_NONE
                 && chess_game_node_move (game, node) != CHESS_MOVE_NULL)
            g.n_positions++;
        }
      g_array_append_val (games, g);
      for (gsize i = 0; i < consumed; i++)
        if (data[offset + i] == '\n')
          base_line++;
      if (consumed == 0)
        break;  /* never loop on a parser that could not advance */
      offset += consumed;
    }
  return bad;
}

int
cli_analyse (int    argc,
             char **argv)
{
  const char *in_path = NULL, *out_path = NULL, *engine_command = NULL;
  long depth = -1, movetime = -1, jobs = 1;
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) found = NULL;
  gsize len;
  Run run = { 0 };
  CliAtomicFile file;
  FILE *out;
  gboolean to_file, write_failed = FALSE;
  guint bad;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];

      if (strcmp (a, "-h") == 0 || strcmp (a, "--help") == 0)
        {
          printf ("usage: caissa-cli analyse FILE [--engine PATH] [--depth N | --movetime MS] [-j N] [-o OUT]\n"
                  "\n"
                  "Annotates every game of FILE with a UCI engine: [%%eval] after each main-line\n"
                  "move, $6/$2/$4 (?!, ?, ?\?) by the loss of expected score, and the engine's\n"
                  "best line as a variation at each $2/$4. Default engine: stockfish; default\n"
                  "depth %d. -j N analyses N games at a time (one engine each). Progress on\n"
                  "stderr; OUT is written atomically (default: standard output).\n",
                  DEFAULT_DEPTH);
          return 0;
        }
      if (strcmp (a, "--engine") == 0 || strcmp (a, "--depth") == 0 || strcmp (a, "--movetime") == 0
          || strcmp (a, "-j") == 0 || strcmp (a, "-o") == 0)
        {
          if (i + 1 >= argc)
            return cli_usage_error ("analyse", "an option needs a value");
          i++;
          if (strcmp (a, "--engine") == 0)
            engine_command = argv[i];
          else if (strcmp (a, "-o") == 0)
            out_path = argv[i];
          else if (strcmp (a, "--depth") == 0)
            {
              if (!parse_int (argv[i], 1, 100, &depth))
                return cli_usage_error ("analyse", "--depth takes a number from 1 to 100");
            }
          else if (strcmp (a, "--movetime") == 0)
            {
              if (!parse_int (argv[i], 1, 3600000, &movetime))
                return cli_usage_error ("analyse", "--movetime takes milliseconds, 1 to 3600000");
            }
          else if (!parse_int (argv[i], 1, MAX_JOBS, &jobs))
            return cli_usage_error ("analyse", "-j takes a number from 1 to 64");
        }
      else if (a[0] == '-' && a[1] != '\0')
        {
          g_autofree char *message = g_strdup_printf ("unknown option '%s'", a);
          return cli_usage_error ("analyse", message);
        }
      else if (in_path == NULL)
        in_path = a;
      else
        return cli_usage_error ("analyse", "one input file only");
    }
  if (in_path == NULL)
    return cli_usage_error ("analyse", "a PGN file is needed");
  if (depth > 0 && movetime > 0)
    return cli_usage_error ("analyse", "--depth and --movetime exclude each other");

  if (strcmp (in_path, "-") == 0)
    {
      GString *buf = g_string_new (NULL);
      char chunk[65536];
      size_t n;

      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
        g_string_append_len (buf, chunk, n);
      if (ferror (stdin))
        {
          fprintf (stderr, "caissa-cli analyse: cannot read standard input: %s\n", strerror (errno));
          g_string_free (buf, TRUE);
          return 2;
        }
      len = buf->len;
      data = g_string_free (buf, FALSE);
    }
  else if (!g_file_get_contents (in_path, &data, &len, &error))
    {
      fprintf (stderr, "caissa-cli analyse: %s\n", error->message);
      return 2;
    }

  {
    unsigned long line = 0, column = 0;
    CliTextKind kind = cli_text_sniff (data, len < CLI_TEXT_SNIFF_BYTES ? len : CLI_TEXT_SNIFF_BYTES,
                                       &line, &column);
    char *utf8 = NULL;
    size_t utf8_len = 0;

    if (kind == CLI_TEXT_BINARY)
      {
        cli_text_print_binary ("analyse", in_path, line, column);
        g_free (data);
        return 1;
      }
    /* UTF-16 is read, and written, as UTF-8. */
    if (kind != CLI_TEXT_PLAIN)
      {
        if (!cli_text_utf16_decode (data, len, kind == CLI_TEXT_UTF16BE, &utf8, &utf8_len))
          g_error ("out of memory");
        g_free (data);
        data = g_strndup (utf8, utf8_len);
        len = utf8_len;
        free (utf8);
      }
  }

  if (engine_command == NULL)
    {
      found = caissa_engine_discover ();
      engine_command = found[0] != NULL ? found[0] : "stockfish";
    }

  run.engine_command = engine_command;
  run.depth = depth > 0 ? (int) depth : DEFAULT_DEPTH;
  run.movetime_ms = movetime > 0 ? movetime : 0;
  run.games = g_array_new (FALSE, TRUE, sizeof (Game));
  run.tty = isatty (2);
  bad = read_all (in_path, data, len, run.games);
  for (guint i = 0; i < run.games->len; i++)
    run.positions_total += g_array_index (run.games, Game, i).n_positions;

  to_file = out_path != NULL && strcmp (out_path, "-") != 0;
  if (to_file && !cli_atomic_file_open (&file, out_path))
    {
      fprintf (stderr, "caissa-cli analyse: cannot write %s: %s\n", out_path,
               cli_atomic_file_strerror (&file));
      status = 2;
      goto out;
    }
  out = to_file ? file.stream : stdout;

  /* The engines, and the loop until every game is done or one fails. */
  run.loop = g_main_loop_new (NULL, FALSE);
  run.n_workers = (guint) MIN ((guint) jobs, MAX (1u, run.games->len - bad));
  run.n_running = run.n_workers;
  for (guint i = 0; i < run.n_workers; i++)
    {
      run.workers[i].run = &run;
      run.workers[i].engine = caissa_engine_new (engine_command);
    }
  for (guint i = 0; i < run.n_workers; i++)
    worker_next (&run.workers[i]);
  if (run.n_running > 0)
    g_main_loop_run (run.loop);
  if (run.tty)
    fputc ('\n', stderr);
  for (guint i = 0; i < run.n_workers; i++)
    {
      if (run.workers[i].engine != NULL)
        caissa_engine_quit (run.workers[i].engine);
      g_clear_object (&run.workers[i].engine);
    }
  g_main_loop_unref (run.loop);

  if (run.error != NULL)
    {
      fprintf (stderr, "caissa-cli analyse: game %u: %s\n", run.error_game + 1, run.error->message);
      if (to_file)
        cli_atomic_file_abort (&file);
      status = 2;
      goto out;
    }

  for (guint i = 0; i < run.games->len && !write_failed; i++)
    {
      Game *g = &g_array_index (run.games, Game, i);

      if (g->output != NULL)
        {
          if (fputs (g->output, out) == EOF)
            write_failed = TRUE;
        }
      else if (g->text_len > 0)
        {
          /* A game that could not be read goes out as it came in (without
           * the blank lines before it, with one after it). */
          const char *t = g->text;
          gsize n = g->text_len;

          while (n > 0 && g_ascii_isspace (*t))
            t++, n--;
          while (n > 0 && g_ascii_isspace (t[n - 1]))
            n--;
          if (n > 0 && (fwrite (t, 1, n, out) != n || fputs ("\n\n", out) == EOF))
            write_failed = TRUE;
        }
    }
  if (to_file)
    {
      if (write_failed)
        {
          cli_atomic_file_abort (&file);
          fprintf (stderr, "caissa-cli analyse: cannot write %s: %s\n", out_path, strerror (errno));
          status = 2;
          goto out;
        }
      if (!cli_atomic_file_commit (&file))
        {
          fprintf (stderr, "caissa-cli analyse: cannot write %s: %s\n", out_path, strerror (file.error));
          status = 2;
          goto out;
        }
    }
  else if (write_failed || fflush (stdout) != 0)
    {
      fprintf (stderr, "caissa-cli analyse: cannot write standard output: %s\n", strerror (errno));
      status = 2;
      goto out;
    }
  status = bad > 0 ? 1 : 0;

out:
  for (guint i = 0; i < run.games->len; i++)
    {
      Game *g = &g_array_index (run.games, Game, i);

      if (g->game != NULL)
        chess_game_free (g->game);
      free (g->output);
    }
  g_array_unref (run.games);
  g_clear_error (&run.error);
  return status;
}
