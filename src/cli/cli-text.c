/* cli-text.c — what kind of text a file given to the command-line tool is.
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE

#include "cli-text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "chess-encoding.h"

CliTextKind
cli_text_sniff (const char    *head,
                size_t         len,
                unsigned long *line,
                unsigned long *column)
{
  const unsigned char *p = (const unsigned char *) head;
  unsigned long l = 1, c = 1;
  bool line_start = true;

  *line = 0;
  *column = 0;
  if (len >= 2 && p[0] == 0xff && p[1] == 0xfe)
    return CLI_TEXT_UTF16LE;
  if (len >= 2 && p[0] == 0xfe && p[1] == 0xff)
    return CLI_TEXT_UTF16BE;
  for (size_t i = 0; i < len; i++)
    {
      if (p[i] == '\0' && *line == 0)
        {
          *line = l;
          *column = c;
        }
      if (line_start && p[i] == '[')
        return CLI_TEXT_PLAIN;
      /* LF, CRLF and a lone CR each end a line, as in the reader. */
      if (p[i] == '\n' && i > 0 && p[i - 1] == '\r')
        continue;
      if (p[i] == '\n' || p[i] == '\r')
        {
          l++;
          c = 1;
          line_start = true;
          continue;
        }
      /* Blanks and a UTF-8 byte order mark may come before a tag. */
      if (p[i] != ' ' && p[i] != '\t' && !(i < 3 && p[i] >= 0x80))
        line_start = false;
      c++;
    }
  return *line != 0 ? CLI_TEXT_BINARY : CLI_TEXT_PLAIN;
}

/* Reads all of fd (a pipe or a file, from where it is). Returns a malloc'd
 * buffer, or NULL with errno set. */
static char *
read_all (int     fd,
          size_t *len)
{
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc (cap);

  if (buf == NULL)
    return NULL;
  for (;;)
    {
      ssize_t r;
      if (n == cap)
        {
          char *bigger = cap > SIZE_MAX / 2 ? NULL : realloc (buf, cap * 2);
          if (bigger == NULL)
            {
              free (buf);
              errno = ENOMEM;
              return NULL;
            }
          buf = bigger;
          cap *= 2;
        }
      r = read (fd, buf + n, cap - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          int error = errno;
          free (buf);
          errno = error;
          return NULL;
        }
      if (r == 0)
        break;
      n += (size_t) r;
    }
  *len = n;
  return buf;
}

bool
cli_text_utf16_decode (const char *data,
                       size_t      len,
                       bool        big_endian,
                       char      **out,
                       size_t     *out_len)
{
  size_t bom = len >= 2 ? 2 : 0;

  *out = malloc (CHESS_UTF16_TO_UTF8_MAX (len - bom));
  if (*out == NULL)
    {
      errno = ENOMEM;
      return false;
    }
  /* Malformed text is decoded with U+FFFD where it is bad: shown, read on. */
  chess_utf16_to_utf8 (data + bom, len - bom, big_endian, *out, out_len);
  return true;
}

bool
cli_text_utf16_read (int     fd,
                     bool    big_endian,
                     char  **out,
                     size_t *out_len)
{
  size_t len = 0;
  char *raw;
  bool ok;

  if (lseek (fd, 0, SEEK_SET) < 0)
    return false;
  raw = read_all (fd, &len);
  if (raw == NULL)
    return false;
  ok = cli_text_utf16_decode (raw, len, big_endian, out, out_len);
  free (raw);
  return ok;
}

int
cli_text_utf16_to_memfd (int  fd,
                         bool big_endian)
{
  size_t utf8_len = 0, done = 0;
  char *utf8;
  int mem, error;

  if (!cli_text_utf16_read (fd, big_endian, &utf8, &utf8_len))
    return -1;
  mem = memfd_create ("caissa-cli-utf8", MFD_CLOEXEC);
  if (mem < 0)
    {
      error = errno;
      free (utf8);
      errno = error;
      return -1;
    }
  while (done < utf8_len)
    {
      ssize_t w = write (mem, utf8 + done, utf8_len - done);
      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        {
          error = errno;
          free (utf8);
          close (mem);
          errno = error;
          return -1;
        }
      done += (size_t) w;
    }
  free (utf8);
  if (lseek (mem, 0, SEEK_SET) < 0)
    {
      error = errno;
      close (mem);
      errno = error;
      return -1;
    }
  return mem;
}

void
cli_text_print_binary (const char   *command,
                       const char   *path,
                       unsigned long line,
                       unsigned long column)
{
  fprintf (stderr, "caissa-cli %s: %s:%lu:%lu: not a PGN file: binary data (a NUL byte, and no "
           "tag in its first %d bytes)\n", command, path, line, column, CLI_TEXT_SNIFF_BYTES);
}

CliTextKind
cli_text_sniff_fd (const char *command,
                   const char *path,
                   int         fd)
{
  char head[CLI_TEXT_SNIFF_BYTES];
  unsigned long line = 0, column = 0;
  ssize_t n = pread (fd, head, sizeof head, 0);
  CliTextKind kind = cli_text_sniff (head, n > 0 ? (size_t) n : 0, &line, &column);

  if (kind == CLI_TEXT_BINARY)
    cli_text_print_binary (command, path, line, column);
  return kind;
}

FILE *
cli_text_fopen (const char *command,
                const char *path,
                int        *status)
{
  CliTextKind kind;
  FILE *in = fopen (path, "rb");
  int copy;

  *status = 0;
  if (in == NULL)
    {
      fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (errno));
      *status = 2;
      return NULL;
    }
  kind = cli_text_sniff_fd (command, path, fileno (in));
  if (kind == CLI_TEXT_BINARY)
    {
      fclose (in);
      *status = 1;
      return NULL;
    }
  if (kind == CLI_TEXT_PLAIN)
    {
      rewind (in);
      return in;
    }
  copy = cli_text_utf16_to_memfd (fileno (in), kind == CLI_TEXT_UTF16BE);
  fclose (in);
  in = copy < 0 ? NULL : fdopen (copy, "rb");
  if (in == NULL)
    {
      fprintf (stderr, "caissa-cli %s: cannot read %s: %s\n", command, path, strerror (errno));
      if (copy >= 0)
        close (copy);
      *status = 2;
    }
  return in;
}
