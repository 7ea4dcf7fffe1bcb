/* chess-pgn-index.c — game boundaries and list tags at memory speed.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only line starts are looked at: memchr finds each line end (libc's
 * memchr reads many bytes per step), the first byte of the line says
 * whether it is a tag line, movetext, blank or a % escape. Tag lines are
 * parsed for the few names a game list shows; movetext bytes are never
 * read one by one.
 */
#include "chess-pgn-index.h"

#include <stdlib.h>
#include <string.h>

#include "chess-pgn.h"

const char *const chess_pgn_index_tag_names[CHESS_PGN_N_INDEX_TAGS] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO",
  "WhiteElo", "BlackElo", "PlyCount",
};

struct _ChessPgnIndex
{
  ChessPgnIndexEntry *entries;
  size_t              n;
  size_t              cap;
  uint64_t            pos;       /* always a line start */
  char                eol;       /* '\n', or '\r' for files with lone CRs; 0 = not known yet */
  bool                in_moves;  /* the last game has reached its movetext */
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

/* Parses the tags of one tag line [k, e) into entry. Returns true when
 * something other than tags follows them on the line (movetext). */
static bool
scan_tags (const char         *data,
           uint64_t            k,
           uint64_t            e,
           ChessPgnIndexEntry *entry)
{
  while (k < e && data[k] == '[')
    {
      uint64_t name = ++k, value, end;
      int tag;

      while (k < e && is_name_byte ((unsigned char) data[k]))
        k++;
      tag = wanted_tag (data + name, k - name);
      while (k < e && (data[k] == ' ' || data[k] == '\t'))
        k++;
      if (k >= e || data[k] != '"')
        return false;
      value = ++k;
      for (;;)
        {
          const char *q = memchr (data + k, '"', e - k);
          if (q == NULL)
            return false;
          end = (uint64_t) (q - data);
          /* A quote preceded by an odd number of backslashes is escaped. */
          uint64_t b = end;
          while (b > value && data[b - 1] == '\\')
            b--;
          k = end + 1;
          if (((end - b) & 1) == 0)
            break;
        }
      if (tag >= 0 && entry->tag_offset[tag] == 0 && value - entry->offset <= UINT16_MAX)
        {
          entry->tag_offset[tag] = (uint16_t) (value - entry->offset);
          entry->tag_length[tag] = end - value > 255 ? 255 : (uint8_t) (end - value);
        }
      while (k < e && (data[k] == ' ' || data[k] == '\t'))
        k++;
      if (k >= e || data[k] != ']')
        return false;
      k++;
      while (k < e && (data[k] == ' ' || data[k] == '\t' || data[k] == '\r'))
        k++;
    }
  return k < e;
}

bool
chess_pgn_index_scan (ChessPgnIndex *index,
                      const char    *data,
                      uint64_t       len,
                      uint64_t       budget)
{
  uint64_t pos = index->pos;
  uint64_t stop = budget > len - (pos < len ? pos : len) ? len : pos + budget;
  char eol;

  if (index->done)
    return true;
  /* Always from the start of the buffer, so that a split part ends its
   * lines the way the whole buffer does. */
  if (index->eol == 0 && pos < len)
    index->eol = detect_eol (data, 0, len);
  eol = index->eol;

  while (pos < len && pos < stop)
    {
      const char *nl = memchr (data + pos, eol, len - pos);
      uint64_t e = nl ? (uint64_t) (nl - data) : len;
      uint64_t k = pos;

      if (k == 0 && len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
        k = 3;
      while (k < e && (data[k] == ' ' || data[k] == '\t' || data[k] == '\r' || data[k] == '\n'))
        k++;
      if (k < e)
        {
          char c = data[k];
          if (c == '[' && k + 1 < e && is_name_byte ((unsigned char) data[k + 1]))
            {
              ChessPgnIndexEntry *entry;
              if (index->n == 0 || index->in_moves)
                entry = add_entry (index, k);
              else
                entry = &index->entries[index->n - 1];
              index->in_moves = scan_tags (data, k, e, entry);
            }
          else if (c == '%' && k == pos)
            ;
          else
            {
              if (index->n == 0)
                add_entry (index, k);
              index->in_moves = true;
            }
        }
      pos = nl ? e + 1 : len;
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

/* Does the text [start, end) end with a result token? */
static bool
ends_with_result (const char *data,
                  uint64_t    start,
                  uint64_t    end)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };

  while (end > start && (data[end - 1] == ' ' || data[end - 1] == '\t' || data[end - 1] == '\r'))
    end--;
  for (unsigned i = 0; i < 4; i++)
    {
      uint64_t n = strlen (results[i]);
      if (end - start >= n && memcmp (data + end - n, results[i], n) == 0
          && (end - start == n || data[end - n - 1] == ' ' || data[end - n - 1] == '\t'
              || data[end - n - 1] == ')' || data[end - n - 1] == '}'))
        return true;
    }
  return false;
}

/* The first game start at or after `from` where cutting is safe: a tag
 * line ([Name "...) after a movetext line that ends with a result. The
 * sequential scan finds a game there too, and so does the parser (even
 * inside an unclosed comment, it starts a game at such a line), so parts
 * read separately give what one pass gives. */
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

      while (k < e && (data[k] == ' ' || data[k] == '\t' || data[k] == '\r' || data[k] == '\n'))
        k++;
      if (k < e)
        {
          if (data[k] == '[' && k + 1 < e && is_name_byte ((unsigned char) data[k + 1]))
            {
              uint64_t q = k + 1;
              while (q < e && is_name_byte ((unsigned char) data[q]))
                q++;
              while (q < e && (data[q] == ' ' || data[q] == '\t'))
                q++;
              if (moves && q > k + 1 && q < e && data[q] == '"' && data[q - 1] != '[')
                return k;
              moves = false;
            }
          else if (!(data[k] == '%' && k == pos))
            moves = ends_with_result (data, k, e);
        }
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
      dst->in_moves = part->in_moves;
    }
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
