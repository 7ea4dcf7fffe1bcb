/* chess-pgn-index.c — game boundaries and list tags at memory speed.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games are the reader's (chess-pgn.c), byte for byte: the scan follows
 * the reader's lexer wherever the lexer decides where a game starts or
 * ends — tags, results (glued, forfeit and "1/2" ones too), comments that
 * a tag line closes, text between games — with the very functions the
 * reader uses for those (chess-pgn-lex.h), and moves no piece. Movetext is
 * skipped in runs of plain symbols; only a symbol that may be a result
 * ("…-0", "…-1", "…/2") is looked at closer. Tag lines are parsed for the
 * few names a game list shows.
 */
#include "chess-pgn-index.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

#include "chess-pgn.h"
#include "chess-pgn-lex.h"

const char *const chess_pgn_index_tag_names[CHESS_PGN_N_INDEX_TAGS] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO",
  "WhiteElo", "BlackElo", "PlyCount",
};

/* The reader's states that matter for where games are (chess-pgn.c). */
typedef enum
{
  SCAN_NONE,     /* between games */
  SCAN_TAGS,     /* a game in its tag section (or refused there) */
  SCAN_MOVES,    /* a game in its movetext (or refused there) */
} ScanGame;

typedef enum
{
  SCAN_NORMAL,
  SCAN_COMMENT,  /* inside { } */
  SCAN_LINE,     /* to the end of the line: ; comment, % escape, bad tag */
  SCAN_SYMBOL,   /* the rest of an over-long symbol */
  SCAN_GAP,      /* text between games: to the line end or a '[' */
} ScanLex;

struct _ChessPgnIndex
{
  ChessPgnIndexEntry *entries;
  size_t              n;
  size_t              cap;
  uint64_t            pos;        /* always a line start, or the end */
  char                eol;        /* for splitting: '\n', or '\r' for lone CRs; 0 = not known yet */
  uint8_t             game;       /* ScanGame */
  uint8_t             lex;        /* ScanLex */
  bool                done;
};

ChessPgnIndex *
chess_pgn_index_new (uint64_t start)
{
  ChessPgnIndex *index = calloc (1, sizeof *index);

  if (index == NULL)
    abort ();
  index->pos = start;
  return index;
}

void
chess_pgn_index_free (ChessPgnIndex *index)
{
  if (index == NULL)
    return;
  free (index->entries);
  free (index);
}

uint64_t
chess_pgn_index_position (const ChessPgnIndex *index)
{
  return index->pos;
}

size_t
chess_pgn_index_n_games (const ChessPgnIndex *index)
{
  return index->n;
}

const ChessPgnIndexEntry *
chess_pgn_index_entry (const ChessPgnIndex *index,
                       size_t               i)
{
  return i < index->n ? &index->entries[i] : NULL;
}

static inline bool
is_name_byte (unsigned char c)
{
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

/* Lines end with '\n' (CRLF included: the CR is then trailing blank), except
 * in old Mac files that use lone CRs. Decided from the first 64 KiB. */
static char
detect_eol (const char *data,
            uint64_t    from,
            uint64_t    len)
{
  uint64_t n = len - from < 65536 ? len - from : 65536;

  if (memchr (data + from, '\n', n) != NULL)
    return '\n';
  if (memchr (data + from, '\r', n) != NULL)
    return '\r';
  return '\n';
}

static inline void
set_length (ChessPgnIndexEntry *e,
            uint64_t            end)
{
  uint64_t length = end - e->offset;

  e->length = length > UINT32_MAX ? UINT32_MAX : (uint32_t) length;
}

static ChessPgnIndexEntry *
add_entry (ChessPgnIndex *index,
           uint64_t       offset)
{
  ChessPgnIndexEntry *e;

  if (index->n > 0)
    set_length (&index->entries[index->n - 1], offset);
  if (index->n == index->cap)
    {
      index->cap = index->cap ? index->cap * 2 : 1024;
      index->entries = realloc (index->entries, index->cap * sizeof *index->entries);
      if (index->entries == NULL)
        abort ();
    }
  e = &index->entries[index->n++];
  memset (e, 0, sizeof *e);
  e->offset = offset;
  return e;
}

static int
wanted_tag (const char *name,
            size_t      n)
{
  switch (n)
    {
    case 3:
      return memcmp (name, "ECO", 3) == 0 ? CHESS_PGN_TAG_ECO : -1;
    case 4:
      if (memcmp (name, "Site", 4) == 0)
        return CHESS_PGN_TAG_SITE;
      return memcmp (name, "Date", 4) == 0 ? CHESS_PGN_TAG_DATE : -1;
    case 5:
      switch (name[0])
        {
        case 'E': return memcmp (name, "Event", 5) == 0 ? CHESS_PGN_TAG_EVENT : -1;
        case 'R': return memcmp (name, "Round", 5) == 0 ? CHESS_PGN_TAG_ROUND : -1;
        case 'W': return memcmp (name, "White", 5) == 0 ? CHESS_PGN_TAG_WHITE : -1;
        case 'B': return memcmp (name, "Black", 5) == 0 ? CHESS_PGN_TAG_BLACK : -1;
        default: return -1;
        }
    case 6:
      return memcmp (name, "Result", 6) == 0 ? CHESS_PGN_TAG_RESULT : -1;
    case 8:
      if (memcmp (name, "WhiteElo", 8) == 0)
        return CHESS_PGN_TAG_WHITE_ELO;
      if (memcmp (name, "BlackElo", 8) == 0)
        return CHESS_PGN_TAG_BLACK_ELO;
      return memcmp (name, "PlyCount", 8) == 0 ? CHESS_PGN_TAG_PLY_COUNT : -1;
    default:
      return -1;
    }
}

/* In the movetext, the bytes that may start or end something that decides
 * where games are: a comment, a tag, HTML markup, a line (for % escapes
 * and comments a tag line closes), a result ("*", "1-0", "1/2-1/2", their
 * dashes and ½ in UTF-8 or Latin-1, "(+)-(-)"), a % escape. Every other
 * byte, up to the next of these, is read the same whatever it is: line
 * ends too, as where a line starts only matters to a % escape and inside
 * a comment (at_line_start ()). */
static const bool movetext_stop[256] = {
  ['{'] = true, [';'] = true, ['['] = true, ['<'] = true,
  ['*'] = true, ['-'] = true, ['/'] = true, ['%'] = true,
  [0x80 ... 0xff] = true,
};

/* Is buf[i] the first byte of a line for the reader (after a line end, or
 * at the start, or after the byte order mark the reader skips there)? */
static inline bool
at_line_start (const unsigned char *buf,
               size_t               i)
{
  return i == 0 || buf[i - 1] == '\n' || buf[i - 1] == '\r'
         || (i == 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_AVX2_SKIP 1
/* movetext_skip () 32 bytes a step with AVX2, where the processor has it:
 * each byte's low and high nibbles look up two tables whose AND is not
 * zero exactly for the stop bytes ('%' '*' '-' '/' in row 2, ';' '<' in
 * row 3, '[' and '{' in rows 5 and 7, every byte of rows 8 to 15). Returns
 * where it stopped (a stop, or fewer than 32 bytes before to). */
__attribute__ ((target ("avx2"))) static size_t
movetext_skip_avx2 (const unsigned char *buf,
                    size_t               i,
                    size_t               to)
{
#define LO 8, 8, 8, 8, 8, 9, 8, 8, 8, 8, 9, 14, 10, 9, 8, 9
#define HI 0, 0, 1, 2, 0, 4, 0, 4, 8, 8, 8, 8, 8, 8, 8, 8
  const __m256i lo_table = _mm256_setr_epi8 (LO, LO);
  const __m256i hi_table = _mm256_setr_epi8 (HI, HI);
#undef LO
#undef HI
  const __m256i nibble = _mm256_set1_epi8 (0x0f);
  const __m256i zero = _mm256_setzero_si256 ();

  for (; i + 32 <= to; i += 32)
    {
      __m256i v = _mm256_loadu_si256 ((const __m256i *) (buf + i));
      __m256i lo = _mm256_and_si256 (v, nibble);
      __m256i hi = _mm256_and_si256 (_mm256_srli_epi16 (v, 4), nibble);
      __m256i hit = _mm256_and_si256 (_mm256_shuffle_epi8 (lo_table, lo),
                                      _mm256_shuffle_epi8 (hi_table, hi));
      unsigned mask = ~(unsigned) _mm256_movemask_epi8 (_mm256_cmpeq_epi8 (hit, zero));

      if (mask != 0)
        return i + (size_t) __builtin_ctz (mask);
    }
  return i;
}
#endif

/* The first byte at or after i (before to) that is a movetext_stop. */
static inline size_t
movetext_skip (const unsigned char *buf,
               size_t               i,
               size_t               to)
{
#ifdef HAVE_AVX2_SKIP
  if (__builtin_cpu_supports ("avx2"))
    {
      i = movetext_skip_avx2 (buf, i, to);
      if (i + 32 <= to)
        return i;
    }
#endif
#ifdef __SSE2__
  const __m128i lbrace = _mm_set1_epi8 ('{'), semi = _mm_set1_epi8 (';');
  const __m128i lbracket = _mm_set1_epi8 ('['), lt = _mm_set1_epi8 ('<');
  const __m128i star = _mm_set1_epi8 ('*'), dash = _mm_set1_epi8 ('-');
  const __m128i slash = _mm_set1_epi8 ('/'), percent = _mm_set1_epi8 ('%');

#define STOPS(v) \
  _mm_or_si128 (_mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, lbrace), _mm_cmpeq_epi8 (v, semi)), \
                              _mm_or_si128 (_mm_cmpeq_epi8 (v, lbracket), _mm_cmpeq_epi8 (v, lt))), \
                _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, star), _mm_cmpeq_epi8 (v, dash)), \
                              _mm_or_si128 (_mm_cmpeq_epi8 (v, slash), _mm_cmpeq_epi8 (v, percent))))

  /* 32 bytes a step; bytes from 0x80 up have their top bit set. */
  for (; i + 32 <= to; i += 32)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (buf + i));
      __m128i w = _mm_loadu_si128 ((const __m128i *) (buf + i + 16));
      __m128i hit = _mm_or_si128 (_mm_or_si128 (STOPS (v), v), _mm_or_si128 (STOPS (w), w));

      if (_mm_movemask_epi8 (hit) != 0)
        {
          unsigned mask = (unsigned) _mm_movemask_epi8 (_mm_or_si128 (STOPS (v), v))
                          | (unsigned) _mm_movemask_epi8 (_mm_or_si128 (STOPS (w), w)) << 16;
          return i + (size_t) __builtin_ctz (mask);
        }
    }
#undef STOPS
#endif
  while (i < to && !movetext_stop[buf[i]])
    i++;
  return i;
}

/* Records the value [value, end) of the tag named data[name, name_end) when
 * a game list shows it. */
static inline void
record_value (const char         *data,
              uint64_t            name,
              uint64_t            name_end,
              uint64_t            value,
              uint64_t            end,
              ChessPgnIndexEntry *entry)
{
  int tag = wanted_tag (data + name, name_end - name);

  if (tag >= 0 && entry->tag_offset[tag] == 0 && value - entry->offset <= UINT16_MAX)
    {
      entry->tag_offset[tag] = (uint16_t) (value - entry->offset);
      entry->tag_length[tag] = end - value > 255 ? 255 : (uint8_t) (end - value);
    }
}

/* A closed tag [k, e] (data[e] == ']'): records the value of a listed
 * name, found as the reader finds it (the value ends at the last '"'
 * before the ']', or at the ']' when its quote never closes). */
static void
record_tag (const char         *data,
            uint64_t            k,
            uint64_t            e,
            ChessPgnIndexEntry *entry)
{
  uint64_t name, value, end;
  int tag;

  k++;
  while (k < e && (data[k] == ' ' || data[k] == '\t'))
    k++;
  name = k;
  while (k < e && is_name_byte ((unsigned char) data[k]))
    k++;
  tag = wanted_tag (data + name, k - name);
  if (tag < 0 || entry->tag_offset[tag] != 0)
    return;
  while (k < e && (data[k] == ' ' || data[k] == '\t'))
    k++;
  if (k >= e || data[k] != '"')
    return;
  value = k + 1;
  end = e;
  while (end > k && data[end] != '"')
    end--;
  if (end == k)
    {
      end = e;
      while (end > value && (data[end - 1] == ' ' || data[end - 1] == '\t'))
        end--;
    }
  if (value - entry->offset <= UINT16_MAX)
    {
      entry->tag_offset[tag] = (uint16_t) (value - entry->offset);
      entry->tag_length[tag] = end - value > 255 ? 255 : (uint8_t) (end - value);
    }
}

/* A game starts at offset k (the reader's game_start). */
static inline void
begin_game (ChessPgnIndex *index,
            uint64_t       k)
{
  add_entry (index, k);
}

/* A movetext token at k: the reader's enter_movetext (). */
static inline void
enter_moves (ChessPgnIndex *index,
             uint64_t       k)
{
  if (index->game == SCAN_NONE)
    begin_game (index, k);
  index->game = SCAN_MOVES;
}

/* A result token at k: the reader's emit_result (). */
static inline void
result_at (ChessPgnIndex *index,
           uint64_t       k)
{
  if (index->game == SCAN_NONE)
    begin_game (index, k);
  index->game = SCAN_NONE;
}

/* A symbol [i, j) in the movetext or between games, as handle_symbol ()
 * sees it. Returns false when it is text between games (skipped). */
static bool
scan_symbol (ChessPgnIndex       *index,
             const unsigned char *buf,
             size_t               i,
             size_t               j,
             bool                 plain)
{
  char norm[CHESS_PGN_MAX_TOKEN * 3 + 8];
  const char *s = (const char *) buf + i, *result;
  size_t k = j - i, move_len;
  bool latin1;

  /* In the movetext, only a symbol that ends like a result can end the
   * game: the others are moves, numbers or mistakes, all the same here. */
  if (index->game == SCAN_MOVES && plain
      && !(k >= 3 && (buf[j - 2] == '-' || buf[j - 2] == '/')
           && (buf[j - 1] == '0' || buf[j - 1] == '1' || buf[j - 1] == '2')))
    return true;
  if (!plain)
    {
      k = _chess_pgn_normalize (buf + i, k, norm, &latin1);
      s = norm;
    }
  switch (_chess_pgn_symbol_kind (s, k, &result, &move_len))
    {
    case CHESS_PGN_SYM_RESULT:
    case CHESS_PGN_SYM_HALF:
      result_at (index, i);
      return true;
    case CHESS_PGN_SYM_GLUED:
      enter_moves (index, i);
      index->game = SCAN_NONE;
      return true;
    case CHESS_PGN_SYM_NUMBER:
      enter_moves (index, i);
      return true;
    case CHESS_PGN_SYM_MOVE:
      break;
    }
  if (index->game == SCAN_NONE && !_chess_pgn_move_shaped (s, k))
    return false;
  enter_moves (index, i);
  return true;
}

/* Reads data[i..to) (to: a line end or len) in the reader's lexer state,
 * keeping that state. Returns where it stopped (to). */
static uint64_t
scan_range (ChessPgnIndex *index,
            const char    *data,
            uint64_t       i,
            uint64_t       to,
            uint64_t       len)
{
  const unsigned char *buf = (const unsigned char *) data;
  /* Up to here the movetext's run has no blank to go back to: read token
   * by token, not by the run again (which would make a run without blanks,
   * such as a megabyte of NUL bytes, quadratic). */
  uint64_t no_run_before = 0;

  while (i < to)
    {
      unsigned char c;

      switch ((ScanLex) index->lex)
        {
        case SCAN_COMMENT:
          if (at_line_start (buf, i) && _chess_pgn_looks_like_tag (buf, i, len, true) == 1)
            {
              /* The comment was never closed: the game ends here. */
              index->lex = SCAN_NORMAL;
              index->game = SCAN_NONE;
              continue;
            }
          i = _chess_pgn_comment_stop (buf, i, to);
          if (i >= to)
            return i;
          if (buf[i] == '}')
            index->lex = SCAN_NORMAL;
          i++;
          continue;

        case SCAN_LINE:
          while (i < to && buf[i] != '\n' && buf[i] != '\r')
            i++;
          if (i < to)
            index->lex = SCAN_NORMAL;
          continue;

        case SCAN_SYMBOL:
          while (i < to && _chess_pgn_symbol_byte[buf[i]])
            i++;
          if (i < to)
            index->lex = SCAN_NORMAL;
          continue;

        case SCAN_GAP:
          while (i < to && buf[i] != '\n' && buf[i] != '\r' && buf[i] != '[')
            i++;
          if (i < to)
            index->lex = SCAN_NORMAL;
          continue;

        case SCAN_NORMAL:
          break;
        }

      if (index->game == SCAN_MOVES && i >= no_run_before)
        {
          /* The movetext's usual run: nothing in it but moves, numbers,
           * blanks and the like, up to the next byte that may start or end
           * something (movetext_stop). Then back to the blank before that
           * byte's token, a point where the reader's lexer is between
           * tokens, and read on token by token from there. */
          size_t j = movetext_skip (buf, i, to);
          if (j > i)
            {
              size_t b = j;
              while (b > i && buf[b - 1] != ' ' && buf[b - 1] != '\t' && buf[b - 1] != '\n'
                     && buf[b - 1] != '\r')
                b--;
              if (b > i)
                {
                  i = b;
                  continue;
                }
              no_run_before = j;
            }
        }

      c = buf[i];
      if (c == ' ' || c == '\t')
        {
          i++;
          continue;
        }
      if (c == '\n' || c == '\r')
        {
          i++;
          continue;
        }
      if (i == 0 && len >= 3 && c == 0xef && buf[1] == 0xbb && buf[2] == 0xbf)
        {
          i = 3;
          continue;
        }
      if (index->game == SCAN_MOVES && _chess_pgn_is_digit (c))
        {
          size_t j = _chess_pgn_move_number_end (buf, i, len);
          if (j != i)
            {
              i = j;
              continue;
            }
        }
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
          || (c >= 0x80 && c != 0xef && c != 0xe2))
        goto symbol;

      switch (c)
        {
        case '%':
          if (at_line_start (buf, i))
            {
              index->lex = SCAN_LINE;
              i++;
              continue;
            }
          goto junk;

        case '{':
          index->lex = SCAN_COMMENT;
          i++;
          continue;

        case ';':
          index->lex = SCAN_LINE;
          i++;
          continue;

        case '[':
          {
            bool closed = true;
            size_t name_end, value_start, value_end;
            size_t j = _chess_pgn_simple_tag (buf, i, len, &name_end, &value_start, &value_end);

            if (j != 0)
              {
                /* The usual [Name "value"]. */
                if (index->game == SCAN_MOVES)
                  index->game = SCAN_NONE;
                if (index->game == SCAN_NONE)
                  begin_game (index, i);
                index->game = SCAN_TAGS;
                record_value (data, i + 1, name_end, value_start, value_end,
                              &index->entries[index->n - 1]);
                i = j;
                continue;
              }
            j = _chess_pgn_tag_end (buf, i, len, true, &closed);

            if (index->game == SCAN_MOVES)
              index->game = SCAN_NONE;
            if (index->game == SCAN_NONE)
              begin_game (index, i);
            index->game = SCAN_TAGS;
            if (!closed)
              {
                index->lex = SCAN_LINE;
                i = j;
                continue;
              }
            record_tag (data, i, j, &index->entries[index->n - 1]);
            i = j + 1;
            continue;
          }

        case '(':
          {
            bool more;
            if (_chess_pgn_forfeit (buf, i, len, true, &more) != NULL)
              {
                result_at (index, i);
                i += 7;
                continue;
              }
          }
          /* fall through */
        case ')':
          if (index->game == SCAN_NONE)
            {
              index->lex = SCAN_GAP;
              continue;
            }
          enter_moves (index, i);
          i++;
          continue;

        case '<':
          {
            size_t j = _chess_pgn_markup_end (buf, i, len, true);
            if (j == i + 1 || index->game == SCAN_NONE)
              goto junk;
            i = j;
            continue;
          }

        case '}':
        case ',':
        case '+':
        case '#':
        case '=':
          if (index->game == SCAN_NONE)
            goto junk;
          i++;
          continue;

        case '.':
          i++;
          continue;

        case '*':
          result_at (index, i);
          i++;
          continue;

        case '$':
          {
            size_t j = i + 1;
            unsigned nag = 0;

            if (index->game == SCAN_NONE)
              {
                index->lex = SCAN_GAP;
                continue;
              }
            while (j < len && _chess_pgn_is_digit (buf[j]) && j - i <= 4)
              nag = nag * 10 + (buf[j++] - '0');
            enter_moves (index, i);
            if (j == i + 1 || nag == 0 || nag > 255 || (j < len && _chess_pgn_is_digit (buf[j])))
              index->lex = SCAN_SYMBOL;
            i = j;
            continue;
          }

        case '!':
        case '?':
          {
            size_t j = i;

            if (index->game == SCAN_NONE)
              {
                index->lex = SCAN_GAP;
                continue;
              }
            while (j < len && (buf[j] == '!' || buf[j] == '?') && j - i < 3)
              j++;
            enter_moves (index, i);
            i = j;
            continue;
          }

        case 0xef:
          if (len - i >= 3 && buf[i + 1] == 0xbb && buf[i + 2] == 0xbf)
            {
              i += 3;
              continue;
            }
          goto symbol;

        case 0xe2:
          if (len - i >= 3 && buf[i + 1] == 0x80 && buf[i + 2] == 0xa6)
            {
              i += 3;
              continue;
            }
          goto symbol;

        default:
          goto junk;
        }

    symbol:
      {
        bool plain;
        size_t j = _chess_pgn_symbol_end (buf, i, len, true, &plain);

        if (j - i > CHESS_PGN_MAX_TOKEN)
          {
            if (index->game == SCAN_NONE)
              {
                index->lex = SCAN_GAP;
                continue;
              }
            enter_moves (index, i);
            index->lex = SCAN_SYMBOL;
            i = j;
            continue;
          }
        if (!scan_symbol (index, buf, i, j, plain))
          {
            index->lex = SCAN_GAP;
            continue;
          }
        i = j;
        while (i < len && buf[i] == '.')
          i++;
        continue;
      }

    junk:
      if (index->game == SCAN_NONE)
        {
          if (c >= 32 && c != 127)
            {
              index->lex = SCAN_GAP;
              continue;
            }
          /* Control bytes open a game of their own (refused). */
          begin_game (index, i);
          index->game = SCAN_MOVES;
        }
      i++;
    }
  return i;
}

bool
chess_pgn_index_scan (ChessPgnIndex *index,
                      const char    *data,
                      uint64_t       len,
                      uint64_t       budget)
{
  uint64_t pos = index->pos;
  uint64_t stop = budget > len - (pos < len ? pos : len) ? len : pos + budget;

  if (index->done)
    return true;
  /* Always from the start of the buffer, so that a split part ends its
   * lines the way the whole buffer does. */
  if (index->eol == 0 && pos < len)
    index->eol = detect_eol (data, 0, len);

  if (pos < stop)
    {
      /* Then on to the end of the line where the budget ran out (found
       * only now: the bytes past the budget may be gone, and a caller that
       * guards the reads keeps the games read before). */
      pos = scan_range (index, data, pos, stop, len);
      if (pos < len && data[pos - 1] != '\n' && data[pos - 1] != '\r')
        {
          uint64_t to = pos;
          while (to < len && data[to] != '\n' && data[to] != '\r')
            to++;
          pos = scan_range (index, data, pos, to < len ? to + 1 : len, len);
        }
    }
  index->pos = pos;
  if (index->n > 0)
    set_length (&index->entries[index->n - 1], pos);
  if (pos >= len)
    index->done = true;
  return index->done;
}

size_t
chess_pgn_index_tag (const ChessPgnIndex *index,
                     const char          *data,
                     size_t               i,
                     ChessPgnIndexTag     tag,
                     char                *buf,
                     size_t               cap)
{
  const ChessPgnIndexEntry *e;
  const char *v;
  size_t n, k = 0;

  if (cap == 0)
    return 0;
  buf[0] = '\0';
  if (i >= index->n || (unsigned) tag >= CHESS_PGN_N_INDEX_TAGS)
    return 0;
  e = &index->entries[i];
  if (e->tag_offset[tag] == 0)
    return 0;
  v = data + e->offset + e->tag_offset[tag];
  n = e->tag_length[tag];
  for (size_t j = 0; j < n && k + 1 < cap; j++)
    {
      if (v[j] == '\\' && j + 1 < n && (v[j + 1] == '"' || v[j + 1] == '\\'))
        j++;
      buf[k++] = v[j];
    }
  buf[k] = '\0';
  return k;
}

/* Does the line [start, end) end with a result token that the reader reads
 * as one whatever state it is in at the line's start? The line holds none
 * of the bytes that open or close something that could swallow the result
 * or reach past the line ({ } ; [ " % < and the other line end), and the
 * result follows a blank or starts the line. */
static bool
clean_result_line (const char *data,
                   uint64_t    start,
                   uint64_t    end,
                   char        eol)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  char other = eol == '\n' ? '\r' : '\n';

  while (end > start && (data[end - 1] == ' ' || data[end - 1] == '\t' || data[end - 1] == '\r'))
    end--;
  for (uint64_t k = start; k < end; k++)
    {
      char c = data[k];
      if (c == '{' || c == '}' || c == ';' || c == '[' || c == '"' || c == '%' || c == '<'
          || c == other)
        return false;
    }
  for (unsigned i = 0; i < 4; i++)
    {
      uint64_t n = strlen (results[i]);
      if (end - start >= n && memcmp (data + end - n, results[i], n) == 0
          && (end - start == n || data[end - n - 1] == ' ' || data[end - n - 1] == '\t'))
        return true;
    }
  return false;
}

/* The first game start at or after `from` where cutting is safe: a tag
 * line ('[' at the very start of the line, then a name, a blank and '"')
 * after a line that ends with a result token (clean_result_line), blank
 * lines between them allowed. After
 * that line the reader is between games, or in a comment that such a tag
 * line closes; either way it starts a game at the '[' in the state a
 * fresh reader starts in. So parts read separately give what one pass
 * gives, and the index of each part is the whole index's. */
static uint64_t
next_game_start (const char *data,
                 uint64_t    len,
                 uint64_t    from,
                 char        eol)
{
  uint64_t pos = from;
  bool moves = false;

  if (pos > 0 && pos < len && data[pos - 1] != eol)
    {
      const char *nl = memchr (data + pos, eol, len - pos);
      if (nl == NULL)
        return len;
      pos = (uint64_t) (nl - data) + 1;
    }
  while (pos < len)
    {
      const char *nl = memchr (data + pos, eol, len - pos);
      uint64_t e = nl ? (uint64_t) (nl - data) : len;

      uint64_t k = pos;

      if (moves && data[pos] == '['
          && _chess_pgn_looks_like_tag ((const unsigned char *) data, pos, len, true) == 1)
        return pos;
      /* Blank lines change nothing. */
      while (k < e && (data[k] == ' ' || data[k] == '\t' || data[k] == '\r'))
        k++;
      if (k < e)
        moves = clean_result_line (data, pos, e, eol);
      pos = nl ? e + 1 : len;
    }
  return len;
}

unsigned
chess_pgn_index_split (const char *data,
                       uint64_t    len,
                       unsigned    n,
                       uint64_t   *bounds)
{
  unsigned k = 0;
  char eol;

  bounds[0] = 0;
  if (n == 0 || len == 0)
    {
      bounds[n ? 1 : 0] = len;
      return n ? 1 : 0;
    }
  eol = detect_eol (data, 0, len);
  for (unsigned i = 1; i < n; i++)
    {
      uint64_t start = next_game_start (data, len, len / n * i, eol);
      if (start > bounds[k] && start < len)
        bounds[++k] = start;
    }
  bounds[++k] = len;
  return k;
}

void
chess_pgn_index_append (ChessPgnIndex *dst,
                        ChessPgnIndex *part)
{
  if (part->n > 0)
    {
      if (dst->n + part->n > dst->cap)
        {
          dst->cap = dst->n + part->n;
          dst->entries = realloc (dst->entries, dst->cap * sizeof *dst->entries);
          if (dst->entries == NULL)
            abort ();
        }
      memcpy (dst->entries + dst->n, part->entries, part->n * sizeof *part->entries);
      dst->n += part->n;
    }
  dst->game = part->game;
  dst->lex = part->lex;
  dst->pos = part->pos;
  dst->done = part->done;
  if (dst->eol == 0)
    dst->eol = part->eol;
  part->n = 0;
}

/* --- Plies of one game ----------------------------------------------------- */

typedef struct
{
  ChessPgnParser *parser;
  unsigned        depth;
  unsigned        plies;
} PlyCounter;

static void
count_move_cb (void                *user_data,
               const char          *san,
               size_t               san_len,
               ChessMove            move,
               const ChessPosition *before)
{
  PlyCounter *c = user_data;

  if (c->depth == 0)
    c->plies++;
}

static void
count_open_cb (void *user_data)
{
  ((PlyCounter *) user_data)->depth++;
}

static void
count_close_cb (void *user_data)
{
  ((PlyCounter *) user_data)->depth--;
}

static void
count_end_cb (void *user_data,
              bool  ok)
{
  chess_pgn_parser_stop (((PlyCounter *) user_data)->parser);
}

unsigned
chess_pgn_count_plies (const char *data,
                       size_t      len)
{
  static const ChessPgnVisitor visitor = {
    .move = count_move_cb,
    .variation_start = count_open_cb,
    .variation_end = count_close_cb,
    .game_end = count_end_cb,
  };
  PlyCounter counter = { NULL, 0, 0 };

  counter.parser = chess_pgn_parser_new (&visitor, &counter, CHESS_PGN_NO_MOVES);
  if (chess_pgn_parser_feed (counter.parser, data, len))
    chess_pgn_parser_finish (counter.parser);
  chess_pgn_parser_free (counter.parser);
  return counter.plies;
}
