#!/usr/bin/env bash
# tests/e2e/test-practice.sh — the real caissa binary in practice mode.
#
# Starts $CAISSA_APP straight into the practice with a fixed seed and a
# mate in 2 (hidden options --practice KQK --practice-seed 42
# --practice-range 2-2), checks the start against `caissa-cli tb-start`
# for the same seed, plays the mate to the end with real mouse clicks on
# the practice board, checking every distance to mate against
# `caissa-cli tb-probe`, then reads the summary and the records file. Also
# a hint and Try Again by their keyboard mnemonics, and Ctrl+M between
# the practice and the game. State comes from the app's D-Bus action
# "dump-state". Prints TAP.
#
# Needs an X display, xdotool, gdbus and a session bus. Without them it
# skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cli=${CAISSA_CLI:-}

e2e_require cli

echo "1..14"

# Records, table cache and anything else the app keeps: in the test's
# directory. English texts.
export XDG_DATA_HOME=$tmp/data XDG_CACHE_HOME=$tmp/cache XDG_CONFIG_HOME=$tmp/config
export LANGUAGE=C LC_ALL=C.UTF-8

wait_for ()  # wait_for KEY VALUE: poll dump-state for up to 20 s
{
  local i
  for i in $(seq 1 $(tries 200)); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

expected_start=$("$cli" tb-start KQK 2 2 42 | head -n 1)
[ -n "$expected_start" ] || bail "caissa-cli tb-start KQK 2 2 42 gave nothing"

"$app" --practice KQK --practice-seed 42 --practice-range 2-2 >"$tmp/app.log" 2>&1 &
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

check "the window opens on the practice" wait_for view practice
check "a session starts with the player to move" wait_for practice-state player
check "the start is caissa-cli's for seed 42, mate in 2" \
  test "$(state practice-start)" = "$expected_start" -a "$(state practice-mate-in)" = 2

# Where the practice board is (see test-play.sh).
eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y
# The squares settle once the page has been laid out.
for i in $(seq 1 $(tries 50)); do
  read -r a1x a1y size <<<"$(state 'practice-square a1')"
  [ -n "${a1x:-}" ] && break
  sleep 0.1
done
read -r h8x h8y _ <<<"$(state 'practice-square h8')"
[ -n "${a1x:-}" ] && [ -n "${h8x:-}" ] || bail "no practice board geometry: $(cat "$tmp/state")"

square_xy ()
{
  local f r
  f=$(( $(printf '%d' "'${1:0:1}") - 97 ))
  r=$(( ${1:1:1} - 1 ))
  echo $(( win_x + a1x + (h8x - a1x) * f / 7 + size / 2 )) \
       $(( win_y + a1y + (h8y - a1y) * r / 7 + size / 2 ))
}

click ()  # click SQUARE
{
  local x y
  read -r x y <<<"$(square_xy "$1")"
  xdotool mousemove --sync "$x" "$y" click 1
  sleep 0.2
}

# The tablebase's distance (moves) of a FEN, by caissa-cli.
probe_mate_in ()
{
  "$cli" tb-probe "$1" | sed -n 's/^result: win, mate in \([0-9]*\) .*/\1/p'
}

# Plays the mate with the app's best move each time (clicked on the board)
# and checks the distances the app shows against caissa-cli's.
played=0
distances_ok=1
while [ "$(state practice-state)" = player ] && [ $played -lt 4 ]; do
  fen=$(state practice-fen)
  mate_in=$(state practice-mate-in)
  [ "$(probe_mate_in "$fen")" = "$mate_in" ] || distances_ok=0
  best=$(state practice-best)
  click "${best:0:2}"
  click "${best:2:2}"
  played=$((played + 1))
  wait_for practice-moves-used $played || break
  # The defender answers after a short pause; or the game is over.
  for i in $(seq 1 $(tries 50)); do
    s=$(state practice-state)
    [ "$s" = player ] || [ "$s" = finished ] && break
    sleep 0.1
  done
done

check "the mate in 2 played with mouse clicks in 2 moves" \
  test "$played" = 2 -a "$(state practice-end)" = checkmate
check "every distance shown matches caissa-cli tb-probe" test "$distances_ok" = 1
check "the summary: 2 moves used, 2 the fewest, grade perfect" \
  test "$(state practice-moves-used)" = 2 -a "$(state practice-fewest)" = 2 \
       -a "$(state practice-grade)" = perfect
check "the summary is shown: Checkmate!, Perfect" \
  test "$(state practice-summary-shown)" = 1 -a "$(state practice-summary-title)" = "Checkmate!" \
       -a "$(state practice-summary-grade)" = Perfect
check "the summary text names the moves" \
  test "$(state practice-summary-text)" = "You mated in 2 moves; the fewest possible was 2."

records=$XDG_DATA_HOME/caissa/practice.ini
if grep -q '^\[KQK/range-2-2\]$' "$records" 2>/dev/null \
   && grep -q '^attempts=1$' "$records" && grep -q '^successes=1$' "$records" \
   && grep -q '^best-grade=0$' "$records"; then
  ok "the records file has the success"
else
  not_ok "the records file has the success" "$(cat "$records" 2>&1)"
fi

# Try Again (Alt+T) brings the same position back; the hint (Alt+H) names
# a best move.
xdotool windowactivate --sync "$wid" 2>/dev/null || true
xdotool key --window "$wid" alt+t
check "Try Again: the same start, the player to move" \
  wait_for practice-moves-used 0
check "Try Again: same seed" test "$(state practice-start)" = "$expected_start" \
     -a "$(state practice-state)" = player
xdotool key --window "$wid" alt+h
if wait_for practice-hints 1 && state practice-feedback | grep -q '^Hint: '; then
  ok "Alt+H shows a hint"
else
  not_ok "Alt+H shows a hint" "$(cat "$tmp/state")"
fi

# Ctrl+M: to the game and back.
xdotool key --window "$wid" ctrl+m
check "Ctrl+M shows the game" wait_for view game
xdotool key --window "$wid" ctrl+m
check "Ctrl+M shows the practice again" \
  wait_for view practice

exit $failed
