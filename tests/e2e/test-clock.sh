#!/usr/bin/env bash
# tests/e2e/test-clock.sh — the real caissa binary under a real chess clock.
#
# Starts $CAISSA_APP with a remembered time control of 20 seconds, times
# the wait multiplier (a loaded machine takes longer between two moves
# than a player would: Black's flag must not fall first) (a
# keyfile GSettings backend in a temporary config directory), and checks,
# from outside the process through the app's D-Bus actions ("dump-state",
# "save-game-to"), that:
#   - no move is accepted before the clock is started;
#   - Black's clock button (clicked with the mouse) starts White's clock;
#   - after a move nobody may move until the mover has pressed;
#   - Space presses the running clock, Right Shift is Black's button, Left
#     Shift White's, a click on the face presses too; P pauses and resumes;
#   - the flag falls and loses; the saved game has the TimeControl tag and
#     the [%clk] of every move.
# Prints TAP. Needs an X display, xdotool, gdbus and a session bus; without
# them it skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

e2e_require

echo "1..17"

# The time control the new-game dialog remembered last time: 20 seconds
# (scaled).
tc=$(( 20 * scale ))
export XDG_CONFIG_HOME="$tmp/config"
export GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<EOF
[io/github/caissa/Caissa]
time-control='$tc'
window-width=1000
window-height=720
EOF

wait_for ()  # wait_for KEY VALUE [TENTHS]: poll dump-state (10 s by default, scaled)
{
  local i
  for i in $(seq 1 "$(tries "${3:-100}")"); do
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

check "the remembered time control is set up, the clock not started" \
  grep -q "^clock-time-control $tc\$" "$tmp/state"
grep -q '^clock-started 0$' "$tmp/state" || bail "the clock runs already: $(cat "$tmp/state")"

eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y
read -r a1x a1y size <<<"$(state 'square a1')"
read -r h8x h8y _ <<<"$(state 'square h8')"
[ -n "$a1x" ] && [ -n "$h8x" ] || bail "no board geometry in dump-state: $(cat "$tmp/state")"

square_xy ()
{
  local f r
  f=$(( $(printf '%d' "'${1:0:1}") - 97 ))
  r=$(( ${1:1:1} - 1 ))
  echo $(( win_x + a1x + (h8x - a1x) * f / 7 + size / 2 )) \
       $(( win_y + a1y + (h8y - a1y) * r / 7 + size / 2 ))
}

click_xy ()
{
  xdotool mousemove --sync "$1" "$2" click 1
  sleep 0.2
}

move ()  # move FROM TO, click-click
{
  local x y
  read -r x y <<<"$(square_xy "$1")"
  click_xy "$x" "$y"
  read -r x y <<<"$(square_xy "$2")"
  click_xy "$x" "$y"
}

press_button ()  # press_button white|black: a click on that half of the face
{
  local x y w h
  read -r x y w h <<<"$(state "clock-button $1")"
  [ -n "$h" ] || return 1
  click_xy $(( win_x + x + w / 2 )) $(( win_y + y + h / 2 ))
}

key ()  # key KEYSYM: typed into the window, the pointer over the board
{
  local x y
  read -r x y <<<"$(square_xy d5)"
  xdotool mousemove --sync "$x" "$y"
  xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key "$1"
  sleep 0.2
}

# 1. Before the start nothing moves.
move e2 e4
check "no move before the clock is started" stays n-plies 0

# 2. Black's button starts White's clock.
press_button black
check "Black's clock button (mouse) starts White's clock" wait_for clock-running white

# 3. White moves; his clock runs on until he presses; Black cannot move.
move e2 e4
check "1. e4 is played" wait_for n-plies 1
check "White's clock still runs after his move" wait_for clock-running white
move e7 e5
check "Black cannot move before White has pressed" stays n-plies 1

# 4. Space presses the running clock.
key space
check "Space presses White's clock: Black's runs" wait_for clock-running black
move e7 e5
check "1... e5 after the press" wait_for n-plies 2

# 5. Right Shift is Black's button; Left Shift is White's.
key Shift_R
check "Right Shift presses Black's clock" wait_for clock-running white
move g1 f3
key Shift_L
check "2. Nf3 and Left Shift presses White's clock" wait_for clock-running black

# 6. P pauses both clocks and resumes.
key p
check "P pauses the clocks" wait_for clock-paused 1
move b8 c6
check "no move while the clocks are paused" stays n-plies 3
key p
check "P resumes them" wait_for clock-running black

# 7. Black moves and presses with the mouse; White moves but forgets to
# press: his clock runs on until his flag falls.
move b8 c6
press_button black
check "a click on Black's half presses his clock" wait_for clock-running white
move f1 c4
check "3. Bc4 without a press" wait_for n-plies 5
if wait_for outcome black-wins 300 && [ "$(state reason)" = time-forfeit ]; then
  ok "White's flag falls: Black wins on time"
else
  not_ok "White's flag falls: Black wins on time" "$(cat "$tmp/state")"
fi

action save-game-to "$tmp/game.pgn"
if grep -q "^\\[TimeControl \"$tc\"\\]\$" "$tmp/game.pgn" \
   && grep -q '^\[Result "0-1"\]$' "$tmp/game.pgn" \
   && [ "$(tr '\n' ' ' <"$tmp/game.pgn" | grep -o '\[%clk [0-9:.]*\]' | wc -l)" -eq 5 ] \
   && tr '\n' ' ' <"$tmp/game.pgn" | grep -q '3\. [^{]*{\[%clk 0:00:00\]'; then
  ok "the saved game has the TimeControl, a [%clk] for each move, 0-1"
else
  not_ok "the saved game has the TimeControl, a [%clk] for each move, 0-1" "$(cat "$tmp/game.pgn")"
fi

exit $failed
