#!/usr/bin/env bash
# tests/e2e/test-keyboard.sh — the real caissa binary, keyboard only.
#
# Plays Scholar's mate without the mouse: some moves with the board's
# keyboard cursor (arrows, Enter, Space), some typed in SAN — by starting
# to type on the board and through Ctrl+L — with a refused move on the
# way; checks each step, what the board tells a screen reader and the saved
# game through the app's D-Bus actions ("dump-state", "save-game-to").
# Then the preferences, changed from outside with gsettings, apply at once,
# and Ctrl+, and Ctrl+? open the preferences and shortcuts windows.
# Prints TAP.
#
# Needs an X display, xdotool, gdbus, gsettings and a session bus. Without
# them it skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

check ()  # check NAME COMMAND...: one TAP line
{
  local name=$1
  shift
  n=$((n + 1))
  if "$@"; then
    echo "ok $n - $name"
  else
    failed=1
    echo "not ok $n - $name"
    sed 's/^/# /' "$tmp/state" 2>/dev/null | grep -v '^# square\|^# window'
  fi
}

e2e_require gsettings

echo "1..22"

# Settings in a key file the test changes from outside; no saved game to
# resume.
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state"
export GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'EOF'
[io/github/caissa/Caissa]
window-width=1000
window-height=720
EOF

wait_for ()  # wait_for KEY VALUE: poll dump-state for up to 10 s
{
  local i
  for i in $(seq 1 $(tries 100)); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

stays ()  # stays KEY VALUE: still so after a moment
{
  sleep 0.4
  [ "$(state "$1")" = "$2" ]
}

keys ()  # keys KEYSYM...: pressed one after the other
{
  local k
  for k in "$@"; do
    xdotool key --clearmodifiers "$k"
    sleep 0.08
  done
  sleep 0.2
}

type_text ()  # type_text TEXT
{
  xdotool type --delay 80 "$1"
  sleep 0.2
}

visible_window ()  # visible_window TITLE: a mapped window with that title
{
  local i
  for i in $(seq 1 $(tries 50)); do
    xdotool search --onlyvisible --name "^$1\$" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

no_window ()  # no_window TITLE
{
  local i
  for i in $(seq 1 $(tries 50)); do
    xdotool search --onlyvisible --name "^$1\$" >/dev/null 2>&1 || return 0
    sleep 0.1
  done
  return 1
}

"$app" >"$tmp/app.log" 2>&1 &
app_pid=$!

wid=
for i in $(seq 1 $(tries 100)); do
  wid=$(xdotool search --onlyvisible --name '^Caissa$' 2>/dev/null | head -n 1)
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || bail "no Caissa window within 10 s"
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state" 2>/dev/null && break
  sleep 0.1
done
# Keys go to the window; the pointer stays out of it.
xdotool mousemove 0 0
xdotool windowfocus --sync "$wid" 2>/dev/null
sleep 0.3

# 1. The board has the keyboard at start; Enter shows its cursor on e2.
# (The window gets the focus from the X server when it gets to it: on a
# loaded machine, after the first dump-state has answered.)
check "the board has the focus, its cursor hidden" \
  test "$(wait_for board-focus 1 && state board-focus) $(state keyboard-cursor)" = "1 0"
keys Return
check "Enter shows the cursor on e2, and the board says so" \
  test "$(wait_for cursor e2 && state cursor)|$(state announcement)" = "e2|e2, white pawn"

# With the cursor hidden (Escape) letters are shortcuts again: F flips the
# board (twice), then Enter brings the cursor back.
keys Escape f
check "Escape hides the cursor, then F flips the board" \
  test "$(wait_for flipped 1 && state flipped) $(state keyboard-cursor)" = "1 0"
keys f Return
wait_for flipped 0 || bail "F did not flip the board back"

# 2. 1. e4: Enter picks up, Up Up, Enter puts down.
keys Return Up Up Return
check "1. e4 with the arrows and Enter" wait_for n-plies 1

# 3. 1... e5: Space this time.
keys Up Up Up space Down Down space
check "1... e5 with the arrows and Space" wait_for n-plies 2

# 4. 2. Bc4 typed on the board: the first key opens the move field.
type_text "Bc4"
keys Return
check "2. Bc4 typed on the board" wait_for n-plies 3
check "after a typed move the board has the keyboard again" \
  test "$(wait_for board-focus 1 && state board-focus) $(state cursor)" = "1 c4"

# 5. 2... Nc6 through Ctrl+L.
keys ctrl+l
type_text "Nc6"
keys Return
check "2... Nc6 typed after Ctrl+L" wait_for n-plies 4

# 6. A move that is not legal is refused and nothing changes; Escape goes
#    back to the board.
type_text "Ke3"
keys Return
check "an illegal typed move is refused" stays n-plies 4
check "the move field keeps the focus while it shows why" test "$(state board-focus)" = 0
keys Escape
check "Escape in the move field goes back to the board" wait_for board-focus 1

# 7. 3. Qh5: from c6 to d1, pick up, to h5, put down.
keys Right Down Down Down Down Down Return Right Right Right Right Up Up Up Up Return
check "3. Qh5 with the arrows" wait_for n-plies 5

# 8. 3... Nf6?? typed on the board.
type_text "Nf6"
keys Return
check "3... Nf6 typed on the board" wait_for n-plies 6

# 9. 4. Qxf7#: from f6 to h5, pick up, to f7, put down.
keys Right Right Down Return Left Left Up Up Return
check "4. Qxf7# ends the game: White wins by checkmate" wait_for outcome white-wins
check "the board tells the square and the last move" \
  wait_for announcement "f7, white queen. Last move: Qxf7#"

action save-game-to "$tmp/game.pgn"
check "the saved game has the moves and the result" \
  grep -q '1\. e4 e5 2\. Bc4 Nc6 3\. Qh5 Nf6 4\. Qxf7# 1-0' "$tmp/game.pgn"

# 10. Preferences changed from outside apply at once.
gsettings set io.github.caissa.Caissa show-coordinates false
check "show-coordinates off applies to the open window" wait_for show-coordinates 0
gsettings set io.github.caissa.Caissa board-theme green
check "the green board applies to the open window" wait_for theme green
gsettings set io.github.caissa.Caissa touch-move true
check "the touch-move rule applies to the open window" wait_for touch-move 1
gsettings set io.github.caissa.Caissa time-control "'300+2'"
check "the clock for new games follows the preference" wait_for clock-time-control 300+2

# 11. Ctrl+, opens the preferences, Escape closes them; Ctrl+? the
#     shortcuts.
keys ctrl+comma
check "Ctrl+, opens the preferences" visible_window Preferences
keys Escape
no_window Preferences || bail "the preferences did not close"
# (No window manager gives the keyboard back to the main window.)
xdotool windowfocus --sync "$wid" 2>/dev/null
keys ctrl+question
check "Ctrl+? opens the keyboard shortcuts" visible_window "Keyboard Shortcuts"
keys Escape
no_window "Keyboard Shortcuts" || bail "the shortcuts did not close"
xdotool windowfocus --sync "$wid" 2>/dev/null

exit $failed
