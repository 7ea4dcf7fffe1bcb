/* test-uci.c — the UCI parser on real Stockfish output and hostile lines;
 * UCI moves, PVs into SAN, scores, levels and the draw rule.
 *
 * The fixtures in tests/data/uci/ are Stockfish 15.1's own output (Debian
 * 12's stockfish package), captured by piping commands into it.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "chess-san.h"
#include "chess-uci.h"
#include "core-test-util.h"

static char **
read_fixture (const char *name)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *rel = g_build_filename ("uci", name, NULL);
  GError *error = NULL;

  path = test_data_path (rel);
  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  return g_strsplit (text, "\n", -1);
}

static ChessUciLineKind
parse (const char *text, ChessUciLine *out)
{
  return chess_uci_parse_line (text, strlen (text), out);
}

/* --- real Stockfish ------------------------------------------------------- */

static void
test_stockfish_handshake (void)
{
  g_auto (GStrv) lines = read_fixture ("stockfish-uci.txt");
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  unsigned n_options = 0, n_uciok = 0;
  gboolean saw_threads = FALSE, saw_clear = FALSE, saw_syzygy = FALSE, saw_debug = FALSE;
  gboolean saw_elo = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      switch (parse (lines[i], l))
        {
        case CHESS_UCI_LINE_ID_NAME:
          g_assert_cmpstr (l->text, ==, "Stockfish 15.1");
          break;
        case CHESS_UCI_LINE_ID_AUTHOR:
          g_assert_cmpstr (l->text, ==, "the Stockfish developers (see AUTHORS file)");
          break;
        case CHESS_UCI_LINE_OPTION:
          n_options++;
          if (strcmp (l->option.name, "Threads") == 0)
            {
              saw_threads = TRUE;
              g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_SPIN);
              g_assert_true (l->option.has_default && l->option.has_min && l->option.has_max);
              g_assert_cmpstr (l->option.default_value, ==, "1");
              g_assert_cmpint (l->option.min, ==, 1);
              g_assert_cmpint (l->option.max, ==, 1024);
            }
          else if (strcmp (l->option.name, "Clear Hash") == 0)
            {
              saw_clear = TRUE;
              g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_BUTTON);
              g_assert_false (l->option.has_default);
            }
          else if (strcmp (l->option.name, "SyzygyPath") == 0)
            {
              saw_syzygy = TRUE;
              g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_STRING);
              g_assert_true (l->option.has_default);
              g_assert_cmpstr (l->option.default_value, ==, "");
            }
          else if (strcmp (l->option.name, "Debug Log File") == 0)
            {
              /* "default " with nothing after it. */
              saw_debug = TRUE;
              g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_STRING);
              g_assert_cmpstr (l->option.default_value, ==, "");
            }
          else if (strcmp (l->option.name, "UCI_Elo") == 0)
            {
              saw_elo = TRUE;
              g_assert_cmpint (l->option.min, ==, 1350);
              g_assert_cmpint (l->option.max, ==, 2850);
            }
          break;
        case CHESS_UCI_LINE_UCIOK:
          n_uciok++;
          break;
        case CHESS_UCI_LINE_UNKNOWN:
          /* The banner and the empty line only. */
          g_assert_true (lines[i][0] == '\0' || g_str_has_prefix (lines[i], "Stockfish"));
          break;
        default:
          g_error ("unexpected kind for '%s'", lines[i]);
        }
    }
  g_assert_cmpuint (n_options, ==, 21);
  g_assert_cmpuint (n_uciok, ==, 1);
  g_assert_true (saw_threads && saw_clear && saw_syzygy && saw_debug && saw_elo);
  g_free (l);
}

/* Every info line with a PV turns into SAN wholly (Stockfish sends legal
 * lines), from the position of its block. */
static void
check_search_fixture (const char  *name,
                      const char **fens,
                      guint        n_fens,
                      guint       *n_pv_lines,
                      GString     *bestmoves)
{
  g_auto (GStrv) lines = read_fixture (name);
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  guint block = 0;
  ChessPosition pos;

  load_fen (&pos, fens[0]);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      ChessUciLineKind kind = parse (lines[i], l);

      if (kind == CHESS_UCI_LINE_BESTMOVE)
        {
          char san[CHESS_SAN_MAX] = "";
          ChessMove m = chess_uci_move_parse (&pos, l->bestmove);

          g_assert_true (l->bestmove_valid);
          if (m != CHESS_MOVE_NONE)
            chess_san_write (&pos, m, san);
          else
            g_assert_cmpstr (l->bestmove, ==, "(none)");
          g_string_append_printf (bestmoves, "%s%s", bestmoves->len ? " " : "",
                                  m != CHESS_MOVE_NONE ? san : l->bestmove);
          block++;
          if (block < n_fens)
            load_fen (&pos, fens[block]);
          continue;
        }
      if (kind != CHESS_UCI_LINE_INFO || !(l->info.fields & CHESS_UCI_INFO_PV))
        continue;
      g_assert_true (l->info.fields & CHESS_UCI_INFO_DEPTH);
      g_assert_true (l->info.fields & CHESS_UCI_INFO_SCORE);
      g_assert_true (l->info.fields & CHESS_UCI_INFO_NODES);
      g_assert_cmpuint (l->info.pv_len, >, 0);
      {
        char buf[2048];
        unsigned legal = chess_uci_pv_to_san (&pos, (const char (*)[8]) l->info.pv,
                                              l->info.pv_len, NULL, 0, buf, sizeof buf);
        if (legal != l->info.pv_len)
          g_error ("%s:%u: only %u of %u PV moves legal", name, i + 1, legal, l->info.pv_len);
      }
      (*n_pv_lines)++;
    }
  g_assert_cmpuint (block, ==, n_fens);
  g_free (l);
}

static void
test_stockfish_multipv (void)
{
  const char *fens[] = {
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
  };
  g_autoptr (GString) best = g_string_new (NULL);
  guint n = 0;
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  ChessPosition pos;
  char buf[256], score[16];
  ChessMove moves[16];

  check_search_fixture ("stockfish-multipv.txt", fens, 3, &n, best);
  g_assert_cmpuint (n, ==, 45);
  g_assert_cmpstr (best->str, ==, "Nf3 Ra8# (none)");

  /* One line in detail. */
  parse ("info depth 10 seldepth 13 multipv 2 score cp 16 nodes 52260 nps 239724 hashfull 22 "
         "tbhits 0 time 218 pv b1c3 g8f6 g1f3 b8c6 d2d4 e5d4 f3d4 f8b4 d4c6 b7c6 f2f3", l);
  g_assert_cmpint (l->kind, ==, CHESS_UCI_LINE_INFO);
  g_assert_cmpint (l->info.depth, ==, 10);
  g_assert_cmpint (l->info.seldepth, ==, 13);
  g_assert_cmpuint (l->info.multipv, ==, 2);
  g_assert_cmpint (l->info.score.kind, ==, CHESS_UCI_SCORE_CP);
  g_assert_cmpint (l->info.score.value, ==, 16);
  g_assert_cmpint (l->info.score.bound, ==, CHESS_UCI_BOUND_EXACT);
  g_assert_cmpuint (l->info.nodes, ==, 52260);
  g_assert_cmpuint (l->info.nps, ==, 239724);
  g_assert_cmpint (l->info.hashfull, ==, 22);
  g_assert_cmpuint (l->info.time_ms, ==, 218);
  g_assert_cmpuint (l->info.pv_len, ==, 11);
  load_fen (&pos, fens[0]);
  g_assert_cmpuint (chess_uci_pv_to_san (&pos, (const char (*)[8]) l->info.pv, l->info.pv_len,
                                         moves, 16, buf, sizeof buf), ==, 11);
  g_assert_cmpstr (buf, ==, "Nc3 Nf6 Nf3 Nc6 d4 exd4 Nxd4 Bb4 Nxc6 bxc6 f3");
  g_assert_cmpuint (moves[0], ==, chess_uci_move_parse (&pos, "b1c3"));
  /* Black to move, +16 for the side to move (White) is +0.16 for White. */
  g_assert_cmpstr (chess_uci_score_format (l->info.score, CHESS_WHITE, score), ==, "+0.16");

  /* The mated position: "info depth 0 score mate 0", Black to move is mated. */
  parse ("info depth 0 score mate 0", l);
  g_assert_cmpint (l->info.score.kind, ==, CHESS_UCI_SCORE_MATE);
  g_assert_cmpint (l->info.score.value, ==, 0);
  g_assert_cmpstr (chess_uci_score_format (l->info.score, CHESS_BLACK, score), ==, "#0");
  g_assert_cmpstr (chess_uci_score_format_eval (l->info.score, CHESS_BLACK, score), ==, "#0");
  g_assert_cmpstr (chess_uci_score_format (l->info.score, CHESS_WHITE, score), ==, "-#0");
  g_free (l);
}

static void
test_stockfish_bounds (void)
{
  const char *fens[] = {
    "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
  };
  g_autoptr (GString) best = g_string_new (NULL);
  g_auto (GStrv) lines = read_fixture ("stockfish-depth20.txt");
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  guint n = 0, lower = 0, currmove = 0, strings = 0;

  check_search_fixture ("stockfish-depth20.txt", fens, 1, &n, best);
  g_assert_cmpuint (n, >=, 20);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (parse (lines[i], l) != CHESS_UCI_LINE_INFO)
        continue;
      if (l->info.score.bound == CHESS_UCI_BOUND_LOWER)
        lower++;
      if (l->info.fields & CHESS_UCI_INFO_CURRMOVE)
        {
          currmove++;
          g_assert_true (l->info.fields & CHESS_UCI_INFO_CURRMOVENUMBER);
          g_assert_cmpuint (strlen (l->info.currmove), ==, 4);
        }
      if (l->info.fields & CHESS_UCI_INFO_STRING)
        {
          strings++;
          g_assert_true (g_str_has_prefix (l->info.string, "NNUE evaluation using"));
          g_assert_false (l->info.fields & CHESS_UCI_INFO_PV);
        }
    }
  g_assert_cmpuint (lower, ==, 3);
  g_assert_cmpuint (currmove, >, 0);
  g_assert_cmpuint (strings, ==, 1);

  parse ("info depth 20 seldepth 26 multipv 1 score cp 33 upperbound nodes 1111613 pv c1e3", l);
  g_assert_cmpint (l->info.score.bound, ==, CHESS_UCI_BOUND_UPPER);
  g_assert_cmpint (l->info.score.value, ==, 33);
  g_assert_cmpuint (l->info.nodes, ==, 1111613);
  g_free (l);
}

static void
test_stockfish_wdl (void)
{
  g_auto (GStrv) lines = read_fixture ("stockfish-wdl.txt");
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (parse (lines[i], l) != CHESS_UCI_LINE_INFO || !strstr (lines[i], " wdl "))
        continue;
      /* The three WDL numbers are skipped, the fields after them read. */
      g_assert_true (l->info.fields & CHESS_UCI_INFO_NODES);
      g_assert_true (l->info.fields & CHESS_UCI_INFO_PV);
      g_assert_cmpint (l->info.score.kind, ==, CHESS_UCI_SCORE_CP);
      n++;
    }
  g_assert_cmpuint (n, >, 5);
  g_free (l);
}

/* --- hostile lines --------------------------------------------------------- */

typedef struct
{
  const char      *line;
  ChessUciLineKind kind;
  unsigned         fields;   /* info fields expected, exactly */
  int              depth;
  unsigned         pv_len;
} HostileCase;

static const HostileCase hostile[] = {
  { "", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "   \t  ", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "garbage here", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "id", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "id colour blue", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "option", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "option type spin", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "joho uciok", CHESS_UCI_LINE_UCIOK, 0, 0, 0 },
  { "uciok trailing junk", CHESS_UCI_LINE_UCIOK, 0, 0, 0 },
  { "readyok\r", CHESS_UCI_LINE_READYOK, 0, 0, 0 },
  { "UCIOK", CHESS_UCI_LINE_UNKNOWN, 0, 0, 0 },
  { "info", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info depth", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info depth score cp 5", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_SCORE, 0, 0 },
  { "info depth x nodes 10", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_NODES, 0, 0 },
  { "info depth -5", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_DEPTH, 0, 0 },
  { "info depth 99999999999999999999999999999999999999", CHESS_UCI_LINE_INFO,
    CHESS_UCI_INFO_DEPTH, 100000, 0 },
  { "info score", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info score cp", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info score mate x depth 3", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_DEPTH, 3, 0 },
  { "info pv", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_PV, 0, 0 },
  { "info pv depth 4", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_PV | CHESS_UCI_INFO_DEPTH, 4, 0 },
  { "info pv e2e4 zzzz e7e5", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_PV, 0, 3 },
  { "info frobnicate 7 depth 2 cpuload 900 sbhits 3", CHESS_UCI_LINE_INFO,
    CHESS_UCI_INFO_DEPTH, 2, 0 },
  { "info currmove", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info currmove depth 3", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_DEPTH, 3, 0 },
  { "info string", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_STRING, 0, 0 },
  { "info string depth 9 pv e2e4", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_STRING, 0, 0 },
  { "info nodes -1 nps 1e9 time 3.5", CHESS_UCI_LINE_INFO, 0, 0, 0 },
  { "info hashfull 5000", CHESS_UCI_LINE_INFO, CHESS_UCI_INFO_HASHFULL, 0, 0 },
  { "bestmove", CHESS_UCI_LINE_BESTMOVE, 0, 0, 0 },
  { "bestmove ponder", CHESS_UCI_LINE_BESTMOVE, 0, 0, 0 },
};

static void
test_hostile_line (gconstpointer data)
{
  const HostileCase *c = data;
  ChessUciLine *l = g_new0 (ChessUciLine, 1);

  g_assert_cmpint (parse (c->line, l), ==, c->kind);
  g_assert_cmpint (l->kind, ==, c->kind);
  if (c->kind == CHESS_UCI_LINE_INFO)
    {
      g_assert_cmphex (l->info.fields, ==, c->fields);
      g_assert_cmpint (l->info.depth, ==, c->depth);
      g_assert_cmpuint (l->info.pv_len, ==, c->pv_len);
      g_assert_cmpuint (l->info.multipv, ==, 1);
    }
  g_free (l);
}

static void
test_hostile_details (void)
{
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  ChessPosition pos;
  ChessError error;

  /* A bestmove that is garbage is kept (cut) so the model can report it. */
  parse ("bestmove xyzzy-and-more ponder e7e5", l);
  g_assert_true (l->bestmove_valid);
  g_assert_cmpstr (l->bestmove, ==, "xyzzy-a");
  g_assert_cmpstr (l->ponder, ==, "e7e5");
  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_uci_move_parse (&pos, l->bestmove), ==, CHESS_MOVE_NONE);

  parse ("bestmove", l);
  g_assert_false (l->bestmove_valid);

  /* Embedded NUL bytes count as spaces, not as the end of the line. */
  {
    const char bytes[] = "info depth 7\0nodes 42";
    chess_uci_parse_line (bytes, sizeof bytes - 1, l);
    g_assert_cmpint (l->info.depth, ==, 7);
    g_assert_cmpuint (l->info.nodes, ==, 42);
  }

  /* Only the given bytes are read. */
  chess_uci_parse_line ("info depth 12345", 12, l);
  g_assert_cmpint (l->info.depth, ==, 1);

  /* Control characters in a name become spaces. */
  parse ("id name Evil\x1b[31mEngine\x07", l);
  g_assert_cmpint (l->kind, ==, CHESS_UCI_LINE_ID_NAME);
  g_assert_null (strchr (l->text, '\x1b'));
  g_assert_null (strchr (l->text, '\x07'));

  /* An option whose words come in an odd order, unknown type, bad numbers. */
  parse ("option name Style type combo default Normal var Solid var Normal var Risky", l);
  g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_COMBO);
  g_assert_cmpuint (l->option.n_vars, ==, 3);
  g_assert_cmpstr (l->option.vars[2], ==, "Risky");
  g_assert_cmpstr (l->option.default_value, ==, "Normal");
  parse ("option type weird min abc max 99999999999999999999999 name My Option", l);
  g_assert_cmpint (l->kind, ==, CHESS_UCI_LINE_OPTION);
  g_assert_cmpstr (l->option.name, ==, "My Option");
  g_assert_cmpint (l->option.type, ==, CHESS_UCI_OPTION_UNKNOWN);
  g_assert_false (l->option.has_min);
  g_assert_true (l->option.has_max);

  (void) error;
  g_free (l);
}

static void
test_hostile_huge (void)
{
  ChessUciLine *l = g_new0 (ChessUciLine, 1);
  GString *s = g_string_new ("info depth 3 pv");
  g_autofree char *name = NULL;
  ChessPosition pos;
  char buf[64];
  ChessMove moves[4];

  /* A million bytes of PV: kept to CHESS_UCI_MAX_PV moves. */
  while (s->len < 1000000)
    g_string_append (s, " g1f3 g8f6 f3g1 f6g8");
  g_string_append (s, " nodes 77");
  chess_uci_parse_line (s->str, s->len, l);
  g_assert_cmpuint (l->info.pv_len, ==, CHESS_UCI_MAX_PV);
  g_assert_cmpuint (l->info.nodes, ==, 77);

  /* SAN into a small buffer: whole moves only; moves_out capped. */
  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_uci_pv_to_san (&pos, (const char (*)[8]) l->info.pv, l->info.pv_len,
                                         moves, 4, buf, sizeof buf), ==, CHESS_UCI_MAX_PV);
  g_assert_true (g_str_has_prefix (buf, "Nf3 Nf6 Ng1 Ng8 Nf3"));
  g_assert_cmpuint (strlen (buf), <, sizeof buf);
  g_assert_true (g_str_has_suffix (buf, "Nf3") || g_str_has_suffix (buf, "Nf6")
                 || g_str_has_suffix (buf, "Ng1") || g_str_has_suffix (buf, "Ng8"));
  g_string_free (s, TRUE);

  /* A huge name is cut, at a UTF-8 character boundary. */
  s = g_string_new ("id name ");
  for (int i = 0; i < 1000; i++)
    g_string_append (s, "é");
  chess_uci_parse_line (s->str, s->len, l);
  g_assert_cmpuint (strlen (l->text), <, CHESS_UCI_NAME_SIZE);
  g_assert_true (g_utf8_validate (l->text, -1, NULL));
  g_string_free (s, TRUE);
  g_free (l);
}

/* --- moves ------------------------------------------------------------------ */

static void
test_moves (void)
{
  ChessPosition pos;
  char buf[128];
  char pvs[4][8] = { "e2e4", "e7e5", "e1e2", "a7a5" };
  char moved[6];

  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "e2e4"), !=, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "e2e5"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "e2e4q"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "0000"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "(none)"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "i2i4"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, ""), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, NULL), ==, CHESS_MOVE_NONE);
  g_assert_cmpstr (chess_move_to_uci (chess_uci_move_parse (&pos, "g1f3"), moved), ==, "g1f3");

  /* Castling as the king's two-square move and as king-takes-rook. */
  load_fen (&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  g_assert_cmpuint (chess_uci_move_parse (&pos, "e1g1"), ==, chess_uci_move_parse (&pos, "e1h1"));
  g_assert_cmpuint (chess_uci_move_parse (&pos, "e1c1"), ==, chess_uci_move_parse (&pos, "e1a1"));
  g_assert_cmpuint (chess_move_kind (chess_uci_move_parse (&pos, "e1h1")), ==, CHESS_MOVE_CASTLING);
  /* Promotions: the piece letter matters; either case is read. */
  load_fen (&pos, "8/P6k/8/8/8/8/8/K7 w - - 0 1");
  g_assert_cmpuint (chess_move_promotion (chess_uci_move_parse (&pos, "a7a8n")), ==, CHESS_KNIGHT);
  g_assert_cmpuint (chess_move_promotion (chess_uci_move_parse (&pos, "a7a8Q")), ==, CHESS_QUEEN);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "a7a8"), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (chess_uci_move_parse (&pos, "a7a8k"), ==, CHESS_MOVE_NONE);

  /* A PV stops at its first illegal move (e1e2 is legal; a7a5 after it
   * too; an illegal third move cuts there). */
  chess_position_init_start (&pos);
  g_assert_cmpuint (chess_uci_pv_to_san (&pos, (const char (*)[8]) pvs, 4, NULL, 0, buf, sizeof buf),
                    ==, 4);
  g_assert_cmpstr (buf, ==, "e4 e5 Ke2 a5");
  strcpy (pvs[2], "e1e3");
  g_assert_cmpuint (chess_uci_pv_to_san (&pos, (const char (*)[8]) pvs, 4, NULL, 0, buf, sizeof buf),
                    ==, 2);
  g_assert_cmpstr (buf, ==, "e4 e5");
}

/* --- scores, levels, draws -------------------------------------------------- */

typedef struct
{
  ChessUciScoreKind kind;
  int               value;
  ChessColor        side;
  const char       *shown;
  const char       *eval;
} ScoreCase;

static const ScoreCase scores[] = {
  { CHESS_UCI_SCORE_CP, 34, CHESS_WHITE, "+0.34", "0.34" },
  { CHESS_UCI_SCORE_CP, 34, CHESS_BLACK, "-0.34", "-0.34" },
  { CHESS_UCI_SCORE_CP, -120, CHESS_WHITE, "-1.20", "-1.20" },
  { CHESS_UCI_SCORE_CP, 0, CHESS_BLACK, "0.00", "0.00" },
  { CHESS_UCI_SCORE_CP, -5, CHESS_BLACK, "+0.05", "0.05" },
  { CHESS_UCI_SCORE_MATE, 5, CHESS_WHITE, "#5", "#5" },
  { CHESS_UCI_SCORE_MATE, 3, CHESS_BLACK, "-#3", "#-3" },
  { CHESS_UCI_SCORE_MATE, -2, CHESS_BLACK, "#2", "#2" },
  { CHESS_UCI_SCORE_MATE, -2, CHESS_WHITE, "-#2", "#-2" },
};

static void
test_score_format (gconstpointer data)
{
  const ScoreCase *c = data;
  ChessUciScore s = { c->kind, c->value, CHESS_UCI_BOUND_EXACT };
  char buf[16];

  g_assert_cmpstr (chess_uci_score_format (s, c->side, buf), ==, c->shown);
  g_assert_cmpstr (chess_uci_score_format_eval (s, c->side, buf), ==, c->eval);
}

static void
test_win_probability (void)
{
  ChessUciScore even = { CHESS_UCI_SCORE_CP, 0, 0 };
  ChessUciScore plus = { CHESS_UCI_SCORE_CP, 300, 0 };
  ChessUciScore huge = { CHESS_UCI_SCORE_CP, 5000, 0 };
  ChessUciScore mate = { CHESS_UCI_SCORE_MATE, 3, 0 };
  ChessUciScore mated = { CHESS_UCI_SCORE_MATE, -3, 0 };
  double p;

  g_assert_cmpfloat_with_epsilon (chess_uci_score_white_win_probability (even, CHESS_WHITE), 0.5, 1e-9);
  p = chess_uci_score_white_win_probability (plus, CHESS_WHITE);
  /* 1 / (1 + e^(-0.00368208 × 300)) = 0.7509 */
  g_assert_cmpfloat_with_epsilon (p, 0.7509, 1e-3);
  g_assert_cmpfloat_with_epsilon (chess_uci_score_white_win_probability (plus, CHESS_BLACK), 1 - p, 1e-9);
  /* Clamped at ±1000 cp, below any mate. */
  g_assert_cmpfloat (chess_uci_score_white_win_probability (huge, CHESS_WHITE), <,
                     chess_uci_score_white_win_probability (mate, CHESS_WHITE));
  g_assert_cmpfloat (chess_uci_score_white_win_probability (mated, CHESS_WHITE), <, 0.01);

  g_assert_cmpint (chess_uci_score_to_cp (mate), >, 10000);
  g_assert_cmpint (chess_uci_score_to_cp (mated), <, -10000);
  g_assert_cmpint (chess_uci_score_to_cp (plus), ==, 300);

  g_assert_cmpuint (chess_uci_nag_for_loss (0.0), ==, 0);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.049), ==, 0);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.05), ==, 6);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.099), ==, 6);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.10), ==, 2);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.15), ==, 4);
  g_assert_cmpuint (chess_uci_nag_for_loss (0.9), ==, 4);
  g_assert_cmpuint (chess_uci_nag_for_loss (-0.2), ==, 0);
}

static void
test_levels (void)
{
  ChessEngineLevel prev, l;

  chess_engine_level_get (1, &prev);
  g_assert_cmpuint (prev.level, ==, 1);
  g_assert_cmpint (prev.skill, ==, 0);
  for (unsigned i = 2; i <= 8; i++)
    {
      chess_engine_level_get (i, &l);
      g_assert_cmpuint (l.level, ==, i);
      /* Each level is stronger than the one before on every knob. */
      g_assert_cmpint (l.skill, >, prev.skill);
      g_assert_cmpuint (l.movetime_ms, >, prev.movetime_ms);
      if (l.elo != 0)
        g_assert_cmpint (l.elo, >, prev.elo);
      g_assert_cmpint (l.skill, <=, 20);
      /* Stockfish 15's UCI_Elo range. */
      g_assert_true (l.elo == 0 || (l.elo >= 1350 && l.elo <= 2850));
      prev = l;
    }
  g_assert_cmpint (l.skill, ==, 20);
  g_assert_cmpint (l.elo, ==, 0);
  chess_engine_level_get (0, &l);
  g_assert_cmpuint (l.level, ==, 1);
  chess_engine_level_get (99, &l);
  g_assert_cmpuint (l.level, ==, 8);
}

static void
test_draw_rule (void)
{
  g_assert_false (chess_engine_accepts_draw (-500, 29));
  g_assert_true (chess_engine_accepts_draw (-30, 30));
  g_assert_true (chess_engine_accepts_draw (-31, 45));
  g_assert_false (chess_engine_accepts_draw (-29, 45));
  g_assert_false (chess_engine_accepts_draw (200, 60));
  g_assert_true (chess_engine_accepts_draw (-99990, 40));

  g_assert_true (chess_engine_claims_draw (0, true));
  g_assert_true (chess_engine_claims_draw (-50, true));
  g_assert_false (chess_engine_claims_draw (1, true));
  g_assert_false (chess_engine_claims_draw (-50, false));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/core/uci/stockfish/handshake", test_stockfish_handshake);
  g_test_add_func ("/core/uci/stockfish/multipv", test_stockfish_multipv);
  g_test_add_func ("/core/uci/stockfish/bounds", test_stockfish_bounds);
  g_test_add_func ("/core/uci/stockfish/wdl", test_stockfish_wdl);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/uci/hostile/%u", i);
      g_test_add_data_func (path, &hostile[i], test_hostile_line);
    }
  g_test_add_func ("/core/uci/hostile/details", test_hostile_details);
  g_test_add_func ("/core/uci/hostile/huge", test_hostile_huge);
  g_test_add_func ("/core/uci/moves", test_moves);
  for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/uci/score/%s-%s", scores[i].eval,
                                               scores[i].side == CHESS_WHITE ? "w" : "b");
      g_test_add_data_func (path, &scores[i], test_score_format);
    }
  g_test_add_func ("/core/uci/win-probability", test_win_probability);
  g_test_add_func ("/core/uci/levels", test_levels);
  g_test_add_func ("/core/uci/draw-rule", test_draw_rule);

  return g_test_run ();
}
