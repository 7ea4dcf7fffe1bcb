/* caissa-sound-player.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-sound-player"

#include "config.h"

#include <gsound.h>
#include <sys/stat.h>

#include "caissa-sound-player.h"
#include "caissa-window.h"

gboolean
caissa_sound_player_have_server (void)
{
  const char *runtime = g_getenv ("XDG_RUNTIME_DIR");
  g_autofree char *socket = NULL;
  struct stat st;

  if (g_getenv ("PULSE_SERVER") != NULL && *g_getenv ("PULSE_SERVER") != '\0')
    return TRUE;
  if (runtime == NULL || *runtime == '\0')
    return FALSE;
  socket = g_build_filename (runtime, "pulse", "native", NULL);
  return stat (socket, &st) == 0 && S_ISSOCK (st.st_mode);
}

/* One context for the whole program, made at the first sound; NULL when
 * there is nothing to play to (then never tried again). */
static GSoundContext *
get_context (void)
{
  static GSoundContext *context;
  static gboolean tried;
  g_autoptr(GError) error = NULL;

  if (tried)
    return context;
  tried = TRUE;
  if (!caissa_sound_player_have_server ())
    {
      g_debug ("No sound server: sounds are silent");
      return NULL;
    }
  context = gsound_context_new (NULL, &error);
  /* The pulse driver only: libcanberra's ALSA driver prints ALSA's errors
   * on stderr where there is no sound card. */
  if (context != NULL && !gsound_context_set_driver (context, "pulse", &error))
    g_clear_object (&context);
  if (context != NULL
      && !gsound_context_set_attributes (context, &error,
                                         GSOUND_ATTR_APPLICATION_NAME, g_get_application_name (),
                                         GSOUND_ATTR_APPLICATION_ID, APP_ID,
                                         GSOUND_ATTR_APPLICATION_ICON_NAME, APP_ID,
                                         NULL))
    g_clear_object (&context);
  if (context == NULL)
    g_debug ("Sounds are silent: %s", error != NULL ? error->message : "no context");
  return context;
}

void
caissa_sound_player_play (CaissaSound sound)
{
  GSoundContext *context;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (sound < CAISSA_SOUND_N_SOUNDS);

  if ((context = get_context ()) == NULL)
    return;
  if (!gsound_context_play_simple (context, NULL, &error,
                                   GSOUND_ATTR_EVENT_ID, caissa_sound_get_event_id (sound),
                                   GSOUND_ATTR_MEDIA_ROLE, "event",
                                   NULL))
    g_debug ("Sound %s not played: %s", caissa_sound_get_name (sound), error->message);
}

static void
sound_cb (CaissaSounds *sounds,
          guint         sound,
          gpointer      user_data)
{
  caissa_sound_player_play ((CaissaSound) sound);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 GSettings      *settings)
{
  CaissaSounds *sounds;

  if (!CAISSA_IS_WINDOW (window) || g_object_get_data (G_OBJECT (window), "caissa-sounds") != NULL)
    return;
  sounds = caissa_sounds_new (caissa_window_get_game (CAISSA_WINDOW (window)));
  if (settings != NULL)
    g_settings_bind (settings, "sounds", sounds, "enabled", G_SETTINGS_BIND_GET);
  g_signal_connect (sounds, "sound", G_CALLBACK (sound_cb), NULL);
  g_object_set_data_full (G_OBJECT (window), "caissa-sounds", sounds, g_object_unref);
}

void
caissa_sound_player_attach (GtkApplication *app,
                            GSettings      *settings)
{
  g_return_if_fail (GTK_IS_APPLICATION (app));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    window_added_cb (app, l->data, settings);
  if (settings != NULL)
    g_signal_connect_object (app, "window-added", G_CALLBACK (window_added_cb), settings, 0);
  else
    g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
}
