/* cli-input.c — how the PGN commands of caissa-cli read their input.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cli-input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "chess-pgn-index.h"
#include "cli-text.h"

/* --- CliInput ----------------------------------------------------------------- */



static void
cli_input_print_error (const CliInput *in,
                   int          error)
{
  fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", in->command, in->path, strerror (error));
}

/* Looks at the first bytes of a regular file: a UTF-16 one is read through
 * a UTF-8 copy (cli-text.h), one that is not text is refused. Returns 0, or
 * the exit status after printing why. */
static int
cli_input_sniff (CliInput *in)
{
  /* A read error here comes back, reported, when the file is read. */
  CliTextKind kind = cli_text_sniff_fd (in->command, in->path, in->fd);
  int copy;

  if (kind == CLI_TEXT_BINARY)
    return 1;
  if (kind == CLI_TEXT_PLAIN)
    return 0;
  copy = cli_text_utf16_to_memfd (in->fd, kind == CLI_TEXT_UTF16BE);
  if (copy < 0)
    {
      cli_input_print_error (in, errno);
      return 2;
    }
  in->source_fd = in->fd;
  in->fd = copy;
  in->size = (uint64_t) lseek (copy, 0, SEEK_END);
  return 0;
}

/* Opens path ("-" = standard input). Returns 0, or the exit status after
 * printing why not. */
int
cli_input_open (const char *command,
            const char *path,
            CliInput      *in)
{
  const char *hook;
  int fd, status;

  memset (in, 0, sizeof *in);
  in->command = command;
  in->path = path;
  in->fd = -1;
  in->source_fd = -1;
  if (strcmp (path, "-") == 0)
    {
      in->is_stdin = true;
      in->fd = STDIN_FILENO;
      return 0;
    }
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      cli_input_print_error (in, errno);
      return 2;
    }
  if (fstat (fd, &in->st) < 0)
    {
      cli_input_print_error (in, errno);
      close (fd);
      return 2;
    }
  if (S_ISDIR (in->st.st_mode))
    {
      cli_input_print_error (in, EISDIR);
      close (fd);
      return 2;
    }
  in->fd = fd;
  /* Anything else (a pipe, a device) is read as a stream. */
  in->regular = S_ISREG (in->st.st_mode);
  if (!in->regular)
    return 0;
  in->size = (uint64_t) in->st.st_size;
  status = cli_input_sniff (in);
  if (status != 0)
    {
      cli_input_close (in);
      return status;
    }
  posix_fadvise (in->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  hook = getenv ("CAISSA_TEST_TRUNCATE_AFTER");
  if (hook != NULL && in->source_fd < 0)
    in->truncate_after = strtoull (hook, NULL, 10);
  return 0;
}

void
cli_input_close (CliInput *in)
{
  if (in->fd >= 0 && !in->is_stdin)
    close (in->fd);
  if (in->source_fd >= 0)
    close (in->source_fd);
  in->fd = -1;
  in->source_fd = -1;
}

uint64_t
cli_input_size (const CliInput *in)
{
  return in->regular ? in->size : 0;
}

/* The test hook: another program truncates the file while it is read. */
static void
cli_input_test_hook (CliInput   *in,
                 uint64_t read_up_to)
{
  if (in->truncate_after != 0 && read_up_to >= in->truncate_after
      && !atomic_exchange (&in->truncated, true))
    {
      if (truncate (in->path, (off_t) in->truncate_after) != 0)
        fprintf (stderr, "caissa-cli: CAISSA_TEST_TRUNCATE_AFTER: %s\n", strerror (errno));
    }
}

/* Reads exactly len bytes at offset (fewer only at the end of the file).
 * Returns the count, or -1 with in->read_errno set. */
ssize_t
cli_input_pread (CliInput   *in,
             char    *buf,
             size_t   len,
             uint64_t offset)
{
  size_t done = 0;

  while (done < len)
    {
      ssize_t n = pread (in->fd, buf + done, len - done, (off_t) (offset + done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int expected = 0;
          atomic_compare_exchange_strong (&in->read_errno, &expected, errno);
          return -1;
        }
      if (n == 0)
        break;
      done += (size_t) n;
      cli_input_test_hook (in, offset + done);
    }
  return (ssize_t) done;
}


static void
cli_count_lines (CliLineCount  *lc,
             const char *p,
             size_t      n)
{
  const char *end = p + n;

  if (n == 0)
    return;
  if (memchr (p, '\r', n) == NULL)
    {
      const char *q = p, *last = NULL;
      if (lc->cr && p[0] == '\n')
        last = q++;
      while ((q = memchr (q, '\n', (size_t) (end - q))) != NULL)
        {
          lc->lines++;
          last = q++;
        }
      lc->column = last != NULL ? (uint64_t) (end - last - 1) : lc->column + n;
      lc->cr = false;
      return;
    }
  for (; p < end; p++)
    {
      if (*p == '\n')
        {
          lc->lines += !lc->cr;
          lc->column = 0;
          lc->cr = false;
        }
      else if (*p == '\r')
        {
          lc->lines++;
          lc->column = 0;
          lc->cr = true;
        }
      else
        {
          lc->column++;
          lc->cr = false;
        }
    }
}

/* lc followed by next, as if counted in one go. */
void
cli_line_count_append (CliLineCount       *lc,
                   const CliLineCount *next)
{
  lc->lines += next->lines;
  lc->column = next->lines > 0 ? next->column : lc->column + next->column;
  lc->cr = next->cr;
}


/* Hands bytes [from, to) of a regular file to feed in chunks, counting
 * lines into lines when not NULL. Stops early when feed returns false, the
 * file ends too soon (in->short_read) or a read fails (in->read_errno). */
void
cli_input_feed_range (CliInput     *in,
                  uint64_t   from,
                  uint64_t   to,
                  char      *buf,
                  CliFeedFunc   feed,
                  void      *user_data,
                  CliLineCount *lines)
{
  for (uint64_t off = from; off < to;)
    {
      size_t want = to - off < READ_CHUNK ? (size_t) (to - off) : READ_CHUNK;
      ssize_t n = cli_input_pread (in, buf, want, off);
      if (n < 0)
        return;
      if (n > 0 && lines != NULL)
        cli_count_lines (lines, buf, (size_t) n);
      if (n > 0 && !feed (user_data, buf, (size_t) n))
        return;
      if ((size_t) n < want)
        {
          atomic_store (&in->short_read, true);
          return;
        }
      off += (uint64_t) n;
    }
}

/* Hands the whole input to feed, 1 MiB at a time. */
void
cli_input_feed (CliInput    *in,
            CliFeedFunc  feed,
            void     *user_data)
{
  char *buf = malloc (READ_CHUNK);

  if (buf == NULL)
    abort ();
  if (in->regular)
    cli_input_feed_range (in, 0, cli_input_size (in), buf, feed, user_data, NULL);
  else
    for (;;)
      {
        ssize_t n = read (in->fd, buf, READ_CHUNK);
        if (n < 0 && errno == EINTR)
          continue;
        if (n < 0)
          {
            atomic_store (&in->read_errno, errno);
            break;
          }
        if (n == 0 || !feed (user_data, buf, (size_t) n))
          break;
      }
  free (buf);
}

/* After reading: 0, or 2 after printing why the input cannot be trusted
 * (a read error, or the file changed under the reader: it ended early,
 * or its size or modification time is not what it was at open). */
int
cli_input_status (CliInput *in)
{
  struct stat now;
  int error = atomic_load (&in->read_errno);

  if (error != 0)
    {
      cli_input_print_error (in, error);
      return 2;
    }
  if (!in->regular)
    return 0;
  if (atomic_load (&in->short_read)
      || fstat (in->source_fd >= 0 ? in->source_fd : in->fd, &now) != 0
      || now.st_size != in->st.st_size
      || now.st_mtim.tv_sec != in->st.st_mtim.tv_sec
      || now.st_mtim.tv_nsec != in->st.st_mtim.tv_nsec)
    {
      fprintf (stderr, "caissa-cli %s: %s: the file changed while it was being read\n",
               in->command, in->path);
      return 2;
    }
  return 0;
}


void
cli_release_pages (const char *from,
               const char *to)
{
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t) from + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t) to & ~(page - 1);

  if (b > a)
    madvise ((void *) a, b - a, MADV_DONTNEED);
}

double
cli_now_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
cli_parse_jobs (const char *text)
{
  char *end;
  long n = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || n < 1 || n > 64)
    return -1;
  return (int) n;
}

/* --- Cutting a file for threads ---------------------------------------------- */

/* Line ends as the indexer decides them: LF unless the first 64 KiB have
 * lone CRs only. */
static char
cli_buffer_eol (const char *data,
            size_t      len)
{
  size_t n = len < 65536 ? len : 65536;

  if (memchr (data, '\n', n) != NULL)
    return '\n';
  if (memchr (data, '\r', n) != NULL)
    return '\r';
  return '\n';
}

/* Windows read around a cut: from 1 MiB up to 8 MiB on each side (a game
 * longer than that across a cut leaves the cut out). */
#define CUT_WINDOW_MIN ((uint64_t) 1 << 20)
#define CUT_WINDOW_MAX ((uint64_t) 8 << 20)

/* Cuts a regular file of `size` bytes into at most n parts at game starts,
 * as chess_pgn_index_split() does over a whole buffer, but reading only a
 * window around each cut: the window [t - h, t + h) is split in two, so its
 * cut is the first game start at or after t. A cut not found within the
 * largest window, or in a window whose line ends would be decided
 * differently from the file's, is left out (fewer, longer parts: every cut
 * is still one where separate parsers read what one would). */
unsigned
cli_input_split (CliInput    *in,
             unsigned  n,
             uint64_t *bounds)
{
  uint64_t size = cli_input_size (in);
  unsigned k = 0;
  char *window = NULL;
  char file_eol = '\n';

  bounds[0] = 0;
  if (n > 1 && size > 1)
    {
      size_t head = size < 65536 ? (size_t) size : 65536;
      ssize_t got;
      window = malloc (head);
      if (window == NULL)
        abort ();
      got = cli_input_pread (in, window, head, 0);
      if (got == (ssize_t) head)
        file_eol = cli_buffer_eol (window, head);
      else
        {
          if (got >= 0)
            atomic_store (&in->short_read, true);
          n = 1;
        }
    }
  for (unsigned i = 1; i < n; i++)
    {
      uint64_t t = size / n * i;

      for (uint64_t half = CUT_WINDOW_MIN;; half *= 2)
        {
          uint64_t h = half;
          uint64_t b[3];
          ssize_t got;

          if (h > t)
            h = t;
          if (h > size - t)
            h = size - t;
          if (h == 0)
            break;
          window = realloc (window, (size_t) (2 * h));
          if (window == NULL)
            abort ();
          got = cli_input_pread (in, window, (size_t) (2 * h), t - h);
          if (got != (ssize_t) (2 * h))
            {
              /* It changed: cli_input_status () will say so. */
              if (got >= 0)
                atomic_store (&in->short_read, true);
              break;
            }
          if (cli_buffer_eol (window, (size_t) (2 * h)) != file_eol)
            break;
          if (chess_pgn_index_split (window, 2 * h, 2, b) == 2)
            {
              uint64_t cut = t - h + b[1];
              if (cut > bounds[k] && cut < size)
                bounds[++k] = cut;
              break;
            }
          if (h < half || half >= CUT_WINDOW_MAX)
            break;  /* the window reached an end of the file or its limit */
        }
    }
  free (window);
  bounds[++k] = size;
  return k;
}

