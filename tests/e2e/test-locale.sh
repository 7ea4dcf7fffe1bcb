#!/usr/bin/env bash
# tests/e2e/test-locale.sh — the real caissa binary speaks Chinese.
#
# Runs $CAISSA_APP from the build tree with LANGUAGE=zh_CN and zh_TW (and
# LANG=C.UTF-8, which needs no generated locale): the --help text, the
# window's status line (read through the app's D-Bus action "dump-state")
# and the title of the New Game dialog (opened with Ctrl+N) must be the
# translations of po/zh_CN.po and po/zh_TW.po. A run without LANGUAGE shows
# the English texts, so the checks themselves are checked too.
# CAISSA_LOCALEDIR is unset: the uninstalled binary must find the catalogs
# meson built in BUILD/po by itself. Prints TAP.
#
# Needs an X display, xdotool, gdbus and a session bus. Without them it
# skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

e2e_require

unset CAISSA_LOCALEDIR LC_ALL LC_MESSAGES
export LANG=C.UTF-8
# A private home: no kept game or settings of an earlier run.
export XDG_CONFIG_HOME=$tmp/xdg-config XDG_DATA_HOME=$tmp/xdg-data \
       XDG_STATE_HOME=$tmp/xdg-state XDG_CACHE_HOME=$tmp/xdg-cache
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"

echo "1..11"

# run_with LANGUAGE: the app's --help output in that language.
help_in ()
{
  LANGUAGE=$1 "$app" --help 2>&1
}

# The --fen option's description, as po/<lang>.po translates it.
for pair in 'zh_CN:从此局面开始对局' 'zh_TW:從此局面開始對局'; do
  lang=${pair%%:*}
  want=${pair#*:}
  out=$(help_in "$lang")
  if [[ $out == *"$want"* ]]; then
    ok "LANGUAGE=$lang: --help says “$want”"
  else
    not_ok "LANGUAGE=$lang: --help says “$want”" "$out"
  fi
done

app_action ()  # app_action NAME [PARAMETER]: activate app.NAME over D-Bus
{
  local param='[]'
  [ $# -gt 1 ] && param="[<'$2'>]"
  gdbus call --session --dest io.github.caissa.Caissa \
    --object-path /io/github/caissa/Caissa \
    --method org.gtk.Actions.Activate "$1" "$param" '{}' >/dev/null 2>&1
}

status_line ()  # the window's status line, from the app's dump-state
{
  local i
  rm -f "$tmp/state"
  for i in $(seq 1 $(tries 100)); do
    app_action dump-state "$tmp/state" && [ -s "$tmp/state" ] && break
    sleep 0.1
  done
  sed -n 's/^status //p' "$tmp/state" 2>/dev/null
}

find_window ()  # find_window REGEX: a visible window of that name within 10 s
{
  local i wid
  for i in $(seq 1 $(tries 100)); do
    wid=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1)
    if [ -n "$wid" ]; then
      echo "$wid"
      return 0
    fi
    sleep 0.1
  done
  return 1
}

# check_app LANGUAGE STATUS TITLE: start the app, read its status line,
# open New Game and find the dialog's title.
check_app ()
{
  local lang=$1 status=$2 title=$3 label wid i got
  label="LANGUAGE=${lang:-(unset)}: the New Game dialog is titled “$title”"
  if [ -n "$lang" ]; then
    LANGUAGE=$lang "$app" >"$tmp/app.log" 2>&1 &
  else
    env -u LANGUAGE "$app" >"$tmp/app.log" 2>&1 &
  fi
  app_pid=$!
  wid=$(find_window '^Caissa$')
  if [ -z "$wid" ]; then
    not_ok "LANGUAGE=${lang:-(unset)}: the status line says “$status”" "no Caissa window within 10 s"
    not_ok "$label" "no Caissa window within 10 s" "$(tail -5 "$tmp/app.log")"
  else
    got=$(status_line)
    if [ "$got" = "$status" ]; then
      ok "LANGUAGE=${lang:-(unset)}: the status line says “$status”"
    else
      not_ok "LANGUAGE=${lang:-(unset)}: the status line says “$status”" "status: $got"
    fi
    # Ctrl+N (win.new-game), typed into the window: the window's actions
    # are widget actions, not exported on the bus.
    eval "$(xdotool getwindowgeometry --shell "$wid")"
    xdotool mousemove --sync $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
    xdotool windowfocus --sync "$wid" 2>/dev/null
    sleep 0.3
    xdotool key ctrl+n
    if find_window "^$title\$" >/dev/null; then
      ok "$label"
    else
      not_ok "$label" "windows: $(xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | tr '\n' '|')"
    fi
  fi
  # Quit, and wait for the name to leave the bus before the next run.
  app_action quit || kill "$app_pid" 2>/dev/null
  for i in $(seq 1 $(tries 100)); do
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$app_pid" 2>/dev/null; then
    not_ok "LANGUAGE=${lang:-(unset)}: the app quits"
    kill "$app_pid" 2>/dev/null
  else
    ok "LANGUAGE=${lang:-(unset)}: the app quits"
  fi
  wait "$app_pid" 2>/dev/null
  app_pid=
}

check_app '' 'White to move' 'New Game'
check_app zh_CN '轮到白方走棋' '新对局'
check_app zh_TW '輪到白方走棋' '新對局'

exit $failed
