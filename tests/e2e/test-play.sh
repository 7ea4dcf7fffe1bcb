#!/usr/bin/env bash
# tests/e2e/test-play.sh — the real caissa binary, real mouse events.
#
# Starts $CAISSA_APP from a FEN, plays a short game to checkmate with
# xdotool — a move by click-click, one by drag-and-drop, a promotion through
# the chooser — and checks the outcome from outside the process through the
# app's D-Bus actions ("dump-state", "save-game-to"). Prints TAP.
#
# Needs an X display, xdotool, gdbus and a session bus. Without them it
# skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

e2e_require

echo "1..7"

# Black king h8, White king g6, rook b1, pawn a7, White to move:
# 1. Rb2 (click-click) Kg8 (forced; by drag) 2. a8=R# (promotion chooser).
fen='7k/P7/6K1/8/8/8/8/1R6 w - - 0 1'

wait_for ()  # wait_for KEY VALUE: poll dump-state for up to 10 s
{
  local i
  for i in $(seq 1 $(tries 100)); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

"$app" --fen "$fen" >"$tmp/app.log" 2>&1 &
app_pid=$!

# The window, mapped.
wid=
for i in $(seq 1 $(tries 100)); do
  wid=$(xdotool search --onlyvisible --name '^Caissa$' 2>/dev/null | head -n 1)
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || bail "no Caissa window within 10 s"
# The app answers on the bus once it is up.
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state" 2>/dev/null && break
  sleep 0.1
done
if grep -q "^fen $fen\$" "$tmp/state"; then
  ok "the window shows the --fen position"
else
  not_ok "the window shows the --fen position" "$(cat "$tmp/state")"
fi

# Where the board is: squares a1 and h8 in the window's own pixels, the
# window's origin on the screen.
eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y
read -r a1x a1y size <<<"$(state 'square a1')"
read -r h8x h8y _ <<<"$(state 'square h8')"
[ -n "$a1x" ] && [ -n "$h8x" ] || bail "no board geometry in dump-state: $(cat "$tmp/state")"

# square_xy e4 -> screen x y of the square's centre (flipped or not).
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

drag ()  # drag FROM TO: press, move in small steps, release
{
  local x0 y0 x1 y1 i
  read -r x0 y0 <<<"$(square_xy "$1")"
  read -r x1 y1 <<<"$(square_xy "$2")"
  xdotool mousemove --sync "$x0" "$y0" mousedown 1
  sleep 0.1
  for i in 1 2 3 4 5 6 7 8 9 10; do
    xdotool mousemove --sync $(( x0 + (x1 - x0) * i / 10 )) $(( y0 + (y1 - y0) * i / 10 ))
    sleep 0.03
  done
  sleep 0.1
  xdotool mouseup 1
  sleep 0.2
}

# 1. Rb2 by click-click.
click b1
click b2
if wait_for n-plies 1; then
  ok "1. Rb2 by click-click"
else
  not_ok "1. Rb2 by click-click" "$(cat "$tmp/state")"
fi

# 1... Kg8 by drag-and-drop.
drag h8 g8
if wait_for n-plies 2; then
  ok "1... Kg8 by drag-and-drop"
else
  not_ok "1... Kg8 by drag-and-drop" "$(cat "$tmp/state")"
fi

# 2. a8=R#: the chooser opens on a8 with queen, knight, rook, bishop
# downwards; the rook is on a6.
click a7
click a8
if [ "$(state n-plies)" = 2 ]; then
  ok "a pawn reaching the last rank waits for the choice"
else
  not_ok "a pawn reaching the last rank waits for the choice" "$(cat "$tmp/state")"
fi
click a6
if wait_for outcome white-wins && [ "$(state reason)" = checkmate ]; then
  ok "2. a8=R# ends the game: White wins by checkmate"
else
  not_ok "2. a8=R# ends the game: White wins by checkmate" "$(cat "$tmp/state")"
fi

# The saved game, read from outside the process.
action save-game-to "$tmp/game.pgn"
if grep -q '^\[Result "1-0"\]$' "$tmp/game.pgn" \
   && grep -q '^\[FEN "7k/P7/6K1/8/8/8/8/1R6 w - - 0 1"\]$' "$tmp/game.pgn" \
   && tr '\n' ' ' <"$tmp/game.pgn" | grep -q '1\. Rb2 Kg8 2\. a8=R# 1-0'; then
  ok "the saved PGN has the moves and the result 1-0"
else
  not_ok "the saved PGN has the moves and the result 1-0" "$(cat "$tmp/game.pgn")"
fi

# No move is accepted after the end.
click g6
click g7
sleep 0.3
if [ "$(state n-plies)" = 3 ]; then
  ok "no move after checkmate"
else
  not_ok "no move after checkmate" "$(cat "$tmp/state")"
fi

exit $failed
