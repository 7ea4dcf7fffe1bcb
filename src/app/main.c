/* main.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "caissa-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CaissaApplication) app = NULL;

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

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = caissa_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
