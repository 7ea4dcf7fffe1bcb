/* caissa-clock-face.c
 *
 * Copyright 2026 The Caissa authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "caissa-clock-face"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "caissa-clock-face.h"
#include "chess-clock.h"

/* The face's own style, on top of libadwaita's. Loaded once per display. */
static const char clock_face_css[] =
  "clockface button.clock-side {\n"
  "  padding: 6px 4px;\n"
  "  border-radius: 12px;\n"
  "  min-height: 80px;\n"
  "}\n"
  /* An insensitive half is not a dim half: dimming says whose clock waits. */
  "clockface button.clock-side:disabled {\n"
  "  filter: none;\n"
  "  color: inherit;\n"
  "}\n"
  "clockface button.clock-side:disabled label {\n"
  "  color: inherit;\n"
  "}\n"
  "clockface .clock-name {\n"
  "  font-size: smaller;\n"
  "  font-weight: bold;\n"
  "}\n"
  "clockface .clock-time {\n"
  "  font-size: 24pt;\n"
  "  font-weight: bold;\n"
  "  font-feature-settings: \"tnum\";\n"
  "}\n"
  "clockface .clock-time.long {\n"
  "  font-size: 20pt;\n"
  "}\n"
  "clockface .clock-caption, clockface .clock-flag {\n"
  "  font-size: smaller;\n"
  "  font-weight: bold;\n"
  "}\n"
  "clockface button.clock-side.running {\n"
  "  background-color: @accent_bg_color;\n"
  "  color: @accent_fg_color;\n"
  "}\n"
  "clockface button.clock-side.running:hover {\n"
  "  background-color: mix(@accent_bg_color, @accent_fg_color, 0.1);\n"
  "}\n"
  "clockface button.clock-side.running:active {\n"
  "  background-color: mix(@accent_bg_color, @accent_fg_color, 0.2);\n"
  "}\n"
  "clockface button.clock-side.waiting .clock-time,\n"
  "clockface button.clock-side.waiting .clock-name {\n"
  "  opacity: 0.55;\n"
  "}\n"
  "clockface button.clock-side.on {\n"
  "  box-shadow: inset 0 0 0 2px @accent_color;\n"
  "}\n"
  "clockface button.clock-side.low-time .clock-time {\n"
  "  color: @error_color;\n"
  "  opacity: 1;\n"
  "}\n"
  "clockface button.clock-side.running.low-time {\n"
  "  background-color: @error_bg_color;\n"
  "  color: @error_fg_color;\n"
  "}\n"
  "clockface button.clock-side.running.low-time .clock-time {\n"
  "  color: inherit;\n"
  "}\n"
  "clockface button.clock-side.flag-fallen,\n"
  "clockface button.clock-side.flag-fallen.running {\n"
  "  background-color: alpha(@error_bg_color, 0.15);\n"
  "  color: inherit;\n"
  "  box-shadow: inset 0 0 0 2px @error_color;\n"
  "}\n"
  "clockface button.clock-side.flag-fallen .clock-time,\n"
  "clockface button.clock-side.flag-fallen .clock-flag {\n"
  "  color: @error_color;\n"
  "  opacity: 1;\n"
  "}\n"
  "clockface .clock-info {\n"
  "  font-size: smaller;\n"
  "}\n"
  /* In a compact side panel (a narrow window) the board comes first:
   * a short row, the time beside nothing but the name and caption. */
  ".compact clockface button.clock-side {\n"
  "  min-height: 0;\n"
  "  padding: 2px 4px;\n"
  "}\n"
  ".compact clockface .clock-time {\n"
  "  font-size: 16pt;\n"
  "}\n"
  ".compact clockface .clock-time.long {\n"
  "  font-size: 14pt;\n"
  "}\n"
  ".compact clockface button.clock-pause {\n"
  "  min-height: 24px;\n"
  "  min-width: 24px;\n"
  "  padding: 0;\n"
  "}\n";

struct _CaissaClockFace
{
  GtkWidget    parent_instance;

  CaissaClock *clock;
  CaissaColor  start_side;

  /* From the time control: below this a time shows red. */
  gint64       low_time_ms;
  gboolean     multi_period;

  GtkWidget   *sides;
  GtkWidget   *button[2];
  GtkWidget   *name_label[2];
  GtkWidget   *time_label[2];
  GtkWidget   *caption_label[2];
  GtkWidget   *flag_box[2];
  GtkWidget   *info_label;
  GtkWidget   *pause_button;
};

enum
{
  PROP_0,
  PROP_CLOCK,
  PROP_START_SIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CaissaClockFace, caissa_clock_face, GTK_TYPE_WIDGET)

static void
ensure_css (void)
{
  static GtkCssProvider *provider;
  GdkDisplay *display = gdk_display_get_default ();

  if (provider != NULL || display == NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, clock_face_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
set_class (GtkWidget  *widget,
           const char *name,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

static void
set_label (GtkWidget  *label,
           const char *text)
{
  /* Unchanged text must not re-layout the panel every tenth. */
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

/* Low time: under a tenth of the first period's time, but never less than
 * ten seconds (where tenths appear) nor more than a minute. */
static void
read_time_control (CaissaClockFace *self)
{
  ChessTimeControl tc;
  const char *text;
  gint64 base = 0;

  self->low_time_ms = 10000;
  self->multi_period = FALSE;
  if (self->clock == NULL)
    return;

  text = caissa_clock_get_time_control (self->clock);
  if (text == NULL || !chess_time_control_parse (&tc, text, strlen (text), NULL))
    return;
  if (tc.kind == CHESS_TIME_CONTROL_PERIODS && tc.n_periods > 0)
    {
      base = tc.periods[0].time_ms;
      self->multi_period = tc.n_periods > 1 || tc.periods[0].moves > 0;
    }
  else if (tc.kind == CHESS_TIME_CONTROL_SANDCLOCK)
    base = tc.sandclock_ms / 2;
  self->low_time_ms = CLAMP (base / 10, 10000, 60000);
}

gboolean
caissa_clock_face_can_press (CaissaClockFace *self,
                             CaissaColor      color)
{
  CaissaClock *clock;

  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  clock = self->clock;
  if (clock == NULL || caissa_clock_get_finished (clock) || caissa_clock_get_paused (clock))
    return FALSE;
  /* Before the start a press starts the presser's opponent. */
  if (!caissa_clock_get_started (clock))
    return color != self->start_side;
  return caissa_clock_get_running_side (clock) == color
         && caissa_clock_get_awaiting_press (clock);
}

static void
update_side (CaissaClockFace *self,
             CaissaColor      color)
{
  CaissaClock *clock = self->clock;
  g_autofree char *display = NULL;
  const char *caption = "";
  gboolean running = FALSE, waiting = FALSE, on = FALSE, low = FALSE, fallen = FALSE;
  GtkWidget *button = self->button[color];

  if (clock != NULL)
    {
      CaissaColor run = caissa_clock_get_running_side (clock);
      gint64 remaining = caissa_clock_get_remaining (clock, color);

      display = caissa_clock_dup_display (clock, color);
      fallen = caissa_clock_get_flag_time (clock, color) >= 0;
      running = run == color;
      waiting = run != CAISSA_COLOR_NONE && run != color;
      on = caissa_clock_get_paused (clock) && caissa_clock_get_side (clock) == color;
      low = !fallen && remaining >= 0 && remaining < self->low_time_ms;

      if (caissa_clock_get_finished (clock))
        caption = "";
      else if (!caissa_clock_get_started (clock))
        /* Translators: on the clock button that starts the game's clock. */
        caption = color != self->start_side ? _("Press to start") : "";
      else if (on)
        caption = _("Paused");
      else if (running)
        /* Translators: on the running clock; the player has moved and
         * must now press it, or has still to move. */
        caption = caissa_clock_get_awaiting_press (clock) ? _("Press") : _("To move");
    }
  else
    display = g_strdup ("-:--");

  set_label (self->time_label[color], display);
  /* "1:30:00" is longer than "4:59": a size smaller, so that two fit. */
  set_class (self->time_label[color], "long", strlen (display) > 6);
  set_label (self->caption_label[color], caption);
  gtk_widget_set_visible (self->caption_label[color], !fallen);
  gtk_widget_set_visible (self->flag_box[color], fallen);

  set_class (button, "running", running);
  set_class (button, "waiting", waiting);
  set_class (button, "on", on);
  set_class (button, "low-time", low);
  set_class (button, "flag-fallen", fallen);
  gtk_widget_set_sensitive (button, caissa_clock_face_can_press (self, color));

  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  fallen ? _("Flag fallen") : caption,
                                  -1);
}

static void
update_info (CaissaClockFace *self)
{
  CaissaClock *clock = self->clock;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  gboolean started, finished, paused;
  CaissaColor side;

  if (clock == NULL || !caissa_clock_get_timed (clock))
    {
      set_label (self->info_label, clock == NULL ? "" : _("No time control"));
      gtk_widget_set_sensitive (self->pause_button, FALSE);
      return;
    }

  started = caissa_clock_get_started (clock);
  finished = caissa_clock_get_finished (clock);
  paused = caissa_clock_get_paused (clock);
  side = started ? caissa_clock_get_side (clock) : self->start_side;

  if (finished)
    g_ptr_array_add (parts, g_strdup (_("Stopped")));
  else
    {
      guint period = caissa_clock_get_period (clock, side);
      guint to_go = caissa_clock_get_moves_to_go (clock, side);

      /* Translators: the move the player on turn is making. */
      g_ptr_array_add (parts, g_strdup_printf (_("Move %u"), caissa_clock_get_moves (clock, side) + 1));
      if (self->multi_period && period > 0)
        /* Translators: the time control period in force (2 after the
         * first time control, …). */
        g_ptr_array_add (parts, g_strdup_printf (_("Period %u"), period + 1));
      if (to_go > 0)
        g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "%u move to the time control",
                                                              "%u moves to the time control",
                                                              to_go),
                                                 to_go));
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between the parts of the clock's info line. */
  text = g_strjoinv (_(" · "), (char **) parts->pdata);
  set_label (self->info_label, text);

  gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                            paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (self->pause_button,
                               paused ? _("Resume the Clocks") : _("Pause the Clocks"));
  gtk_widget_set_sensitive (self->pause_button, started && !finished);
}

static void
update (CaissaClockFace *self)
{
  update_side (self, CAISSA_COLOR_WHITE);
  update_side (self, CAISSA_COLOR_BLACK);
  update_info (self);
}

static void
clock_notify_cb (CaissaClockFace *self,
                 GParamSpec      *pspec)
{
  if (pspec->name == g_intern_static_string ("time-control"))
    read_time_control (self);
  update (self);
}

gboolean
caissa_clock_face_press (CaissaClockFace *self,
                         CaissaColor      color)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), FALSE);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, FALSE);

  if (self->clock == NULL || !caissa_clock_press (self->clock, color, &error))
    {
      if (error != NULL)
        g_debug ("press refused: %s", error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  return TRUE;
}

gboolean
caissa_clock_face_toggle_pause (CaissaClockFace *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), FALSE);

  if (self->clock == NULL)
    return FALSE;
  if (caissa_clock_get_paused (self->clock))
    ok = caissa_clock_resume (self->clock, &error);
  else
    ok = caissa_clock_pause (self->clock, &error);
  if (!ok)
    g_debug ("pause/resume refused: %s", error->message);
  return ok;
}

static void
button_clicked_cb (GtkButton       *button,
                   CaissaClockFace *self)
{
  caissa_clock_face_press (self, button == GTK_BUTTON (self->button[CAISSA_COLOR_WHITE])
                                 ? CAISSA_COLOR_WHITE : CAISSA_COLOR_BLACK);
}

static void
pause_clicked_cb (CaissaClockFace *self)
{
  caissa_clock_face_toggle_pause (self);
}

static GtkWidget *
build_side (CaissaClockFace *self,
            CaissaColor      color)
{
  gboolean white = color == CAISSA_COLOR_WHITE;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *flag_icon;
  GtkWidget *flag_label;

  gtk_widget_add_css_class (button, "clock-side");
  gtk_widget_add_css_class (button, white ? "white" : "black");
  gtk_widget_set_hexpand (button, TRUE);
  gtk_widget_set_tooltip_text (button, white ? _("White’s clock button (Left Shift)")
                                             : _("Black’s clock button (Right Shift)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  white ? _("White’s clock") : _("Black’s clock"),
                                  -1);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), self);

  self->name_label[color] = gtk_label_new (white ? _("White") : _("Black"));
  gtk_widget_add_css_class (self->name_label[color], "clock-name");
  gtk_label_set_ellipsize (GTK_LABEL (self->name_label[color]), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), self->name_label[color]);

  self->time_label[color] = gtk_label_new ("-:--");
  gtk_widget_add_css_class (self->time_label[color], "clock-time");
  gtk_widget_add_css_class (self->time_label[color], "numeric");
  gtk_widget_set_vexpand (self->time_label[color], TRUE);
  gtk_box_append (GTK_BOX (box), self->time_label[color]);

  self->caption_label[color] = gtk_label_new ("");
  gtk_widget_add_css_class (self->caption_label[color], "clock-caption");
  gtk_label_set_ellipsize (GTK_LABEL (self->caption_label[color]), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), self->caption_label[color]);

  self->flag_box[color] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_add_css_class (self->flag_box[color], "clock-flag");
  gtk_widget_set_halign (self->flag_box[color], GTK_ALIGN_CENTER);
  gtk_widget_set_visible (self->flag_box[color], FALSE);
  flag_icon = gtk_image_new_from_icon_name ("emoji-flags-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (flag_icon),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Flag fallen"), -1);
  /* Translators: under a clock whose flag has fallen: the time is up. */
  flag_label = gtk_label_new (_("Time"));
  gtk_box_append (GTK_BOX (self->flag_box[color]), flag_icon);
  gtk_box_append (GTK_BOX (self->flag_box[color]), flag_label);
  gtk_box_append (GTK_BOX (box), self->flag_box[color]);

  gtk_button_set_child (GTK_BUTTON (button), box);
  self->button[color] = button;
  return button;
}

/* --- GObject ------------------------------------------------------------------ */

static void
disconnect_clock (CaissaClockFace *self)
{
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
}

static void
caissa_clock_face_dispose (GObject *object)
{
  CaissaClockFace *self = CAISSA_CLOCK_FACE (object);
  GtkWidget *child;

  disconnect_clock (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (caissa_clock_face_parent_class)->dispose (object);
}

static void
caissa_clock_face_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaissaClockFace *self = CAISSA_CLOCK_FACE (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_START_SIDE:
      g_value_set_enum (value, self->start_side);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_clock_face_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CaissaClockFace *self = CAISSA_CLOCK_FACE (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      caissa_clock_face_set_clock (self, g_value_get_object (value));
      break;
    case PROP_START_SIDE:
      caissa_clock_face_set_start_side (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
caissa_clock_face_class_init (CaissaClockFaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = caissa_clock_face_dispose;
  object_class->get_property = caissa_clock_face_get_property;
  object_class->set_property = caissa_clock_face_set_property;

  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, CAISSA_TYPE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_START_SIDE] =
    g_param_spec_enum ("start-side", NULL, NULL, CAISSA_TYPE_COLOR, CAISSA_COLOR_WHITE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "clockface");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
caissa_clock_face_init (CaissaClockFace *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *info;

  ensure_css ();

  self->start_side = CAISSA_COLOR_WHITE;
  self->low_time_ms = 10000;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  self->sides = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (self->sides), TRUE);
  gtk_widget_add_css_class (self->sides, "clock-sides");
  gtk_box_append (GTK_BOX (self->sides), build_side (self, CAISSA_COLOR_WHITE));
  gtk_box_append (GTK_BOX (self->sides), build_side (self, CAISSA_COLOR_BLACK));
  gtk_widget_set_parent (self->sides, GTK_WIDGET (self));

  info = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->info_label = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (self->info_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->info_label), 0);
  gtk_widget_set_hexpand (self->info_label, TRUE);
  gtk_widget_add_css_class (self->info_label, "clock-info");
  gtk_widget_add_css_class (self->info_label, "dim-label");
  gtk_box_append (GTK_BOX (info), self->info_label);

  self->pause_button = gtk_button_new_from_icon_name ("media-playback-pause-symbolic");
  gtk_widget_set_valign (self->pause_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->pause_button, "clock-pause");
  gtk_widget_add_css_class (self->pause_button, "flat");
  gtk_widget_add_css_class (self->pause_button, "circular");
  g_signal_connect_swapped (self->pause_button, "clicked", G_CALLBACK (pause_clicked_cb), self);
  gtk_box_append (GTK_BOX (info), self->pause_button);
  gtk_widget_set_parent (info, GTK_WIDGET (self));

  update (self);
}

GtkWidget *
caissa_clock_face_new (void)
{
  return g_object_new (CAISSA_TYPE_CLOCK_FACE, NULL);
}

CaissaClock *
caissa_clock_face_get_clock (CaissaClockFace *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), NULL);

  return self->clock;
}

void
caissa_clock_face_set_clock (CaissaClockFace *self,
                             CaissaClock     *clock)
{
  g_return_if_fail (CAISSA_IS_CLOCK_FACE (self));
  g_return_if_fail (clock == NULL || CAISSA_IS_CLOCK (clock));

  if (clock == self->clock)
    return;

  disconnect_clock (self);
  if (clock != NULL)
    {
      self->clock = g_object_ref (clock);
      g_signal_connect_swapped (clock, "notify", G_CALLBACK (clock_notify_cb), self);
      g_signal_connect_swapped (clock, "pressed", G_CALLBACK (update), self);
      g_signal_connect_swapped (clock, "flag-fell", G_CALLBACK (update), self);
    }
  read_time_control (self);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

CaissaColor
caissa_clock_face_get_start_side (CaissaClockFace *self)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), CAISSA_COLOR_WHITE);

  return self->start_side;
}

void
caissa_clock_face_set_start_side (CaissaClockFace *self,
                                  CaissaColor      side)
{
  g_return_if_fail (CAISSA_IS_CLOCK_FACE (self));
  g_return_if_fail (side == CAISSA_COLOR_WHITE || side == CAISSA_COLOR_BLACK);

  if (side == self->start_side)
    return;
  self->start_side = side;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START_SIDE]);
}

GtkWidget *
caissa_clock_face_get_button (CaissaClockFace *self,
                              CaissaColor      color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), NULL);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, NULL);

  return self->button[color];
}

void
caissa_clock_face_set_name (CaissaClockFace *self,
                            CaissaColor      color,
                            const char      *name)
{
  g_return_if_fail (CAISSA_IS_CLOCK_FACE (self));
  g_return_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK);

  if (name == NULL || *name == '\0')
    name = color == CAISSA_COLOR_WHITE ? _("White") : _("Black");
  gtk_label_set_label (GTK_LABEL (self->name_label[color]), name);
}

const char *
caissa_clock_face_get_name (CaissaClockFace *self,
                            CaissaColor      color)
{
  g_return_val_if_fail (CAISSA_IS_CLOCK_FACE (self), NULL);
  g_return_val_if_fail (color == CAISSA_COLOR_WHITE || color == CAISSA_COLOR_BLACK, NULL);

  return gtk_label_get_label (GTK_LABEL (self->name_label[color]));
}
