/* main.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

#include "caissa-application.h"
#include "chess-error.h"

/* Where the message catalogs are: $CAISSA_LOCALEDIR if set; the build
 * tree's po/ directory (where meson writes <lang>/LC_MESSAGES/caissa.mo)
 * when this is the uninstalled binary; LOCALEDIR otherwise. */
static char *
find_locale_dir (void)
{
  const char *env = g_getenv ("CAISSA_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
#if defined(CAISSA_UNINSTALLED_BINARY) && defined(CAISSA_UNINSTALLED_LOCALEDIR)
  {
    g_autofree char *self = realpath ("/proc/self/exe", NULL);
    g_autofree char *built = realpath (CAISSA_UNINSTALLED_BINARY, NULL);

    if (self != NULL && built != NULL && g_str_equal (self, built))
      return g_strdup (CAISSA_UNINSTALLED_LOCALEDIR);
  }
#endif
  return g_strdup (LOCALEDIR);
}

/* The rules core's messages (chess-error.h) in the user's language. */
static const char *
translate_core_message (const char *msgid)
{
  return g_dgettext (GETTEXT_PACKAGE, msgid);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CaissaApplication) app = NULL;
  g_autofree char *locale_dir = NULL;

  /* A chessboard is a few textures redrawn on a move: the cairo renderer
   * draws it as fast as GL would, and not setting up OpenGL saves most of
   * the start-up memory (about 130 MiB under Mesa) and time. Users and
   * developers can still choose with GSK_RENDERER / GDK_DEBUG, or set
   * CAISSA_USE_GL=1 to keep GTK's defaults. */
  if (g_getenv ("CAISSA_USE_GL") == NULL)
    {
      if (g_getenv ("GSK_RENDERER") == NULL)
        g_setenv ("GSK_RENDERER", "cairo", FALSE);
      if (g_getenv ("GDK_DEBUG") == NULL)
        g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
    }

  locale_dir = find_locale_dir ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* Once, before any thread starts (chess-error.h). */
  chess_error_set_translate_func (translate_core_message);

  app = caissa_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
