/* caissa-pgn-bytes.c — a PGN file's bytes read, and small helpers over
 * them (for CaissaPgnFile).
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "caissa-fault-guard.h"
#include "caissa-pgn-bytes.h"
#include "caissa-pgn-file.h"

gboolean
_caissa_pgn_is_ascii (const char *s)
{
  for (; *s; s++)
    if ((guchar) *s >= 0x80)
      return FALSE;
  return TRUE;
}

/* needle is folded ASCII: compare bytes ignoring ASCII case, on the raw
 * (escaped) value — an escape never stands inside a name worth finding. */
gboolean
_caissa_pgn_ascii_contains (const char *hay,
                            gsize       hay_len,
                            const char *needle,
                            gsize       needle_len)
{
  const char first = needle[0];
  const char first_upper = g_ascii_toupper (first);

  for (gsize i = 0; i + needle_len <= hay_len; i++)
    {
      gsize j;

      if (hay[i] != first && hay[i] != first_upper)
        continue;
      for (j = 1; j < needle_len && g_ascii_tolower (hay[i + j]) == needle[j]; j++)
        ;
      if (j == needle_len)
        return TRUE;
    }
  return FALSE;
}

/* Line breaks as the parser counts them: LF, CRLF, and a lone CR. */
unsigned long
_caissa_pgn_count_lines (const char *data,
                         gsize       len)
{
  unsigned long lines = 0;
  const char *p = data;
  const char *end = data + len;

  while (p < end)
    {
      const char *lf = memchr (p, '\n', (gsize) (end - p));
      const char *stop = lf ? lf : end;

      /* Lone CRs before this LF (rare: only files with old Mac endings). */
      for (const char *cr = memchr (p, '\r', (gsize) (stop - p)); cr != NULL;
           cr = memchr (cr + 1, '\r', (gsize) (stop - cr - 1)))
        if (cr + 1 < end && cr[1] != '\n')
          lines++;
      if (lf == NULL)
        break;
      lines++;
      p = lf + 1;
    }
  return lines;
}

typedef struct
{
  void  *start;
  gsize  len;
} Mapping;

static void
mapping_free (gpointer data)
{
  Mapping *m = data;

  munmap (m->start, m->len);
  g_free (m);
}

/* The bytes of the file open at fd (whose stamp is st): mapped when large,
 * else read. FALSE with errno set on failure. A file that changes while
 * it is copied is read again, a few times. */
gboolean
_caissa_pgn_read_fd (int           fd,
                     struct stat  *st,
                     GBytes      **bytes,
                     gboolean     *mapped)
{
  if ((guint64) st->st_size > CAISSA_PGN_FILE_COPY_LIMIT)
    {
      Mapping *m;
      void *start;

      if ((guint64) st->st_size > G_MAXSIZE)
        {
          errno = EFBIG;
          return FALSE;
        }
      start = mmap (NULL, (gsize) st->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      if (start == MAP_FAILED)
        return FALSE;
      m = g_new (Mapping, 1);
      m->start = start;
      m->len = (gsize) st->st_size;
      *bytes = g_bytes_new_with_free_func (start, m->len, mapping_free, m);
      *mapped = TRUE;
      /* Faults in it are caught from the first read on. */
      caissa_fault_guard_install ();
      return TRUE;
    }

  for (guint attempt = 0; ; attempt++)
    {
      gsize cap = (gsize) st->st_size + 1;
      char *buf = g_malloc (cap);
      gsize len = 0;
      struct stat after;

      for (;;)
        {
          gssize n = pread (fd, buf + len, cap - len, (off_t) len);

          if (n < 0 && errno == EINTR)
            continue;
          if (n < 0)
            {
              int saved = errno;

              g_free (buf);
              errno = saved;
              return FALSE;
            }
          if (n == 0)
            break;
          len += (gsize) n;
          if (len == cap)
            buf = g_realloc (buf, cap *= 2);
        }
      if (fstat (fd, &after) != 0)
        {
          int saved = errno;

          g_free (buf);
          errno = saved;
          return FALSE;
        }
      /* Read whole and unchanged meanwhile, or changing still after a few
       * tries: then it is what it is (and the stamp tells it changed). */
      if ((after.st_size == st->st_size && after.st_mtim.tv_sec == st->st_mtim.tv_sec
           && after.st_mtim.tv_nsec == st->st_mtim.tv_nsec && len == (gsize) st->st_size)
          || attempt == 2)
        {
          *bytes = g_bytes_new_take (buf, len);
          *mapped = FALSE;
          return TRUE;
        }
      g_free (buf);
      *st = after;
      if ((guint64) st->st_size > CAISSA_PGN_FILE_COPY_LIMIT)
        return _caissa_pgn_read_fd (fd, st, bytes, mapped);
    }
}
