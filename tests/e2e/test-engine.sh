#!/usr/bin/env bash
# tests/e2e/test-engine.sh — the real caissa binary against the real
# Stockfish, driven with xdotool (issue 15).
#
# With a keyfile GSettings backend remembering "against the computer,
# level 1, play as White, 1 minute", in a temporary XDG_STATE_HOME:
#   - Ctrl+N, then Return in a name's entry (starts, as Start does): the
#     engine plays Black at level 1;
#   - the human starts the clock (Black's button, by mouse), plays 1. Nf3
#     (click-click) and presses with Left Shift; 2. Nc3 (drag) and a click
#     on his half of the clock; 3. e3 and Left Shift; after each press
#     Stockfish replies on the board and presses its own clock at once
#     (White's clock runs, no press due); while it thinks the board takes
#     no moves and the status line says so; the saved PGN has six moves,
#     each with its [%clk], and "Stockfish … (level 1)" as Black;
#   - kill -9 of Caissa: the engine process does not stay behind; started
#     again, the game is resumed against the same engine, side, level and
#     think time, and play goes on: a fourth move and Stockfish's reply;
#   - Ctrl+Shift+A opens the analysis panel: lines with an evaluation and
#     moves; closed again, its engine process is ended and reaped (no
#     zombie child of Caissa);
#   - Ctrl+Q, Discard: Caissa ends and so does its engine;
#   - the saved game opened from its file (reviewed): Ctrl+Shift+A shows
#     the engine's lines for it.
# Prints TAP. Needs an X display, xdotool, gdbus, a session bus, caissa-cli
# (CAISSA_CLI, to find a legal move after the engine's) and Stockfish
# (CAISSA_STOCKFISH, by default /usr/games/stockfish); without them it
# skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cleanup ()
{
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -9 "$app_pid" 2>/dev/null
    wait "$app_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

cli=${CAISSA_CLI:-}
stockfish=${CAISSA_STOCKFISH:-/usr/games/stockfish}
if [ ! -x "$stockfish" ]; then
  [ -n "${CI:-}" ] && bail "missing under CI: $stockfish"
  echo "1..0 # SKIP missing: $stockfish"
  exit 0
fi
e2e_require cli

echo "1..30"

export XDG_STATE_HOME="$tmp/xdg-state"
export XDG_CONFIG_HOME="$tmp/config"
export GSETTINGS_BACKEND=keyfile
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<EOF
[io/github/caissa/Caissa]
time-control='60'
opponent='engine'
engine-level=1
play-as='white'
engine-move-time=1
engine-path='$stockfish'
analysis-lines=2
window-width=1000
window-height=720
EOF
saved="$XDG_STATE_HOME/caissa/current-game.ini"

wait_for ()  # wait_for KEY VALUE [TENTHS]: poll dump-state (10 s by default, scaled)
{
  local i
  for i in $(seq 1 $(tries "${3:-100}")); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

screenshot ()  # screenshot NAME: into $CAISSA_SCREENSHOTS when set
{
  if [ -n "${CAISSA_SCREENSHOTS:-}" ] && command -v import >/dev/null 2>&1; then
    mkdir -p "$CAISSA_SCREENSHOTS"
    import -window root "$CAISSA_SCREENSHOTS/$1.png" 2>/dev/null
  fi
}

start_app ()
{
  "$app" >>"$tmp/app.log" 2>&1 &
  app_pid=$!
  find_window '^Caissa$' || bail "no Caissa window within 10 s"
  wid=$found
  local i
  for i in $(seq 1 $(tries 100)); do
    action dump-state "$tmp/state" 2>/dev/null && return 0
    sleep 0.1
  done
  bail "the app does not answer on the bus"
}

geometry ()
{
  local i last=
  # The layout settles after the window is mapped: two equal readings.
  for i in $(seq 1 $(tries 30)); do
    sleep 0.2
    [ -n "$last" ] && [ "$(state 'square a1')" = "$last" ] && break
    last=$(state 'square a1')
  done
  eval "$(xdotool getwindowgeometry --shell "$wid")"
  win_x=$X
  win_y=$Y
  read -r a1x a1y size <<<"$(state 'square a1')"
  read -r h8x h8y _ <<<"$(state 'square h8')"
  [ -n "$a1x" ] && [ -n "$h8x" ] || bail "no board geometry in dump-state: $(cat "$tmp/state")"
}

square_xy ()  # square_xy e4 -> screen x y of the square's centre (flipped or not)
{
  local f r
  f=$(( $(printf '%d' "'${1:0:1}") - 97 ))
  r=$(( ${1:1:1} - 1 ))
  echo $(( win_x + a1x + (h8x - a1x) * f / 7 + size / 2 )) \
       $(( win_y + a1y + (h8y - a1y) * r / 7 + size / 2 ))
}

click_at ()
{
  xdotool mousemove --sync "$1" "$2" click 1
  sleep 0.2
}

move ()  # move FROM TO: click-click
{
  click_at $(square_xy "$1")
  click_at $(square_xy "$2")
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

board_key ()  # board_key KEYSYM: into the window, the pointer over the board
{
  xdotool mousemove --sync $(square_xy d5)
  xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key "$1"
  sleep 0.2
}

press_button ()  # press_button white|black: a click on that half of the clock
{
  local x y w h
  read -r x y w h <<<"$(state "clock-button $1")"
  [ -n "$h" ] || return 1
  click_at $(( win_x + x + w / 2 )) $(( win_y + y + h / 2 ))
}

# The engine's reply after the human's press: while it thinks the board
# takes no moves and the status says so (seen when a reading falls in
# its thinking); then its move is on the board and its own clock pressed.
# Records in $seen_thinking whether a reading fell in it, and fails when
# one showed the board taking moves meanwhile.
reply_pressed ()  # reply_pressed PLIES
{
  local i
  for i in $(seq 1 $(tries 300)); do
    action dump-state "$tmp/state" 2>/dev/null || continue
    if grep -q '^engine-thinking 1$' "$tmp/state"; then
      seen_thinking=1
      grep -q '^board-interactive 0$' "$tmp/state" \
        && grep -q '^status .*thinking' "$tmp/state" || thinking_wrong=1
    fi
    if grep -q "^n-plies $1\$" "$tmp/state" && grep -q '^clock-running white$' "$tmp/state" \
       && grep -q '^awaiting-press 0$' "$tmp/state"; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}

# A legal quiet pawn move of White's to the third rank (caissa-cli's
# list of legal moves), as FROM TO; none: empty.
pawn_move ()
{
  local moves f
  moves=" $("$cli" moves "$(state fen)" | tr '\n' ' ') "
  for f in a h b g c f d e; do
    case $moves in
      *" ${f}3 "*|*" ${f}3+ "*) echo "${f}2 ${f}3"; return ;;
    esac
  done
}

children ()  # children PID -> "PID STAT COMM" of each child
{
  ps -o pid=,stat=,comm= --ppid "$1" 2>/dev/null
}

gone ()  # gone PID: the process is not there at all (not even a zombie), within 10 s
{
  local i
  for i in $(seq 1 $(tries 100)); do
    [ -e "/proc/$1" ] || return 0
    sleep 0.1
  done
  return 1
}

if action dump-state "$tmp/other" 2>/dev/null; then
  bail "another Caissa already runs on this session bus"
fi

# --- 1. New Game against the computer -------------------------------------------------------

start_app
geometry
board_key ctrl+n
find_window '^New Game$' || bail "Ctrl+N opens no New Game dialog"
dialog=$found
sleep 0.5
screenshot new-game-dialog
# (No window manager under Xvfb: the dialog is given the focus.) The
# focus starts on Cancel; Tab, Tab: the second name's entry, where Return
# starts the game.
xdotool windowfocus --sync "$dialog" 2>/dev/null
xdotool key Tab
sleep 0.2
xdotool key Tab
sleep 0.2
xdotool key Return
check "New Game, Start: Stockfish plays Black at level 1" \
  wait_for engine-player black
check "the engine is the one set, at level 1, the remembered control 60" \
  test "$(state engine-command)/$(state engine-level)/$(state clock-time-control)" = "$stockfish/1/60"
geometry

# Black's button starts White's clock; the human plays and presses.
press_button black
check "Black's clock button (mouse) starts White's clock" wait_for clock-running white
seen_thinking=0
thinking_wrong=0
move g1 f3
check "1. Nf3 by click-click" wait_for n-plies 1
board_key Shift_L
check "after White's press Stockfish replies and presses its own clock" reply_pressed 2
drag b1 c3
check "2. Nc3 by drag and drop" wait_for n-plies 3
press_button white
check "a click on White's half presses; Stockfish replies and presses" reply_pressed 4
move e2 e3
check "3. e3" wait_for n-plies 5
board_key Shift_L
check "Stockfish's third reply, its clock pressed" reply_pressed 6
if [ "$seen_thinking" = 1 ] && [ "$thinking_wrong" = 0 ]; then
  ok "while Stockfish thinks the board takes no moves and the status says so"
elif [ "$seen_thinking" = 0 ]; then
  # Each reply fell between two readings: nothing to judge, nothing wrong.
  ok "while Stockfish thinks the board takes no moves # SKIP no reading fell in its thinking"
else
  not_ok "while Stockfish thinks the board takes no moves and the status says so" "$(cat "$tmp/state")"
fi
action save-game-to "$tmp/game.pgn"
if grep -q '^\[Black "Stockfish.*(level 1)"\]$' "$tmp/game.pgn" \
   && [ "$(tr '\n' ' ' <"$tmp/game.pgn" | grep -o '\[%clk [0-9:.]*\]' | wc -l)" -eq 6 ] \
   && tr '\n' ' ' <"$tmp/game.pgn" | grep -q '1\. Nf3 .*2\. Nc3 .*3\. e3 '; then
  ok "the game: 1. Nf3 2. Nc3 3. e3 and three replies, each with [%clk], Black “Stockfish (level 1)”"
else
  not_ok "the game: 1. Nf3 2. Nc3 3. e3 and three replies, each with [%clk], Black “Stockfish (level 1)”" \
    "$(cat "$tmp/game.pgn")"
fi

# --- 2. Killed, started again: the same opponent ---------------------------------------------

check "the game is kept on disk with its engine" \
  grep -q "^engine=$stockfish\$" "$saved"
engine_pid=$(state engine-pid)
fen=$(state fen)
kill -9 "$app_pid"
wait "$app_pid" 2>/dev/null
app_pid=
sleep 0.3
check "Caissa killed: its engine ($engine_pid) does not stay behind" gone "$engine_pid"

start_app
check "started again, Caissa asks to resume the game" find_window 'Resume'
sleep 0.5
xdotool key Return
check "resumed: the six moves, the same position" wait_for fen "$fen"
check "resumed against Stockfish again, as Black, level 1, 1 s a move untimed" \
  test "$(state engine-player)/$(state engine-command)/$(state engine-level)/$(state engine-move-time)" \
    = "black/$stockfish/1/1000"
check "resumed: the clocks are paused" test "$(state clock-paused)" = 1
geometry
board_key p
check "P resumes: White's clock runs" wait_for clock-running white
read -r from to <<<"$(pawn_move)"
[ -n "${to:-}" ] || bail "no quiet pawn move for White in $(state fen)"
move "$from" "$to"
check "4. $to after the resume" wait_for n-plies 7
board_key Shift_L
check "Stockfish replies after the resume and presses its clock" reply_pressed 8

# --- 3. The analysis panel ---------------------------------------------------------------------

before=$(children "$app_pid" | awk '{print $1}' | sort)
board_key ctrl+shift+a
check "Ctrl+Shift+A shows the analysis panel" wait_for analysis-shown 1
check "the panel shows two lines" wait_for analysis-lines 2 300
screenshot analysis-panel
line=$(state analysis-line | head -n 1)
# "+0.34 depth 12: Nf3 d5 …" or "−#3 depth 9: …": an evaluation, then SAN.
if printf '%s\n' "$line" | grep -Eq '^(\+|−|-)?(#[0-9]+|[0-9]+\.[0-9]{2}) depth [0-9]+: [^ ]*[a-h][1-8]'; then
  ok "a line: an evaluation and moves ($line)"
else
  not_ok "a line: an evaluation and moves" "$(cat "$tmp/state")"
fi
after=$(children "$app_pid" | awk '{print $1}' | sort)
panel_pid=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | head -n 1)
board_key ctrl+shift+a
check "Ctrl+Shift+A again hides it" wait_for analysis-shown 0
if [ -n "$panel_pid" ] && gone "$panel_pid" \
   && ! children "$app_pid" | awk '$2 ~ /^Z/ { found = 1 } END { exit !found }'; then
  ok "the panel's engine ($panel_pid) ended and reaped: no zombie child"
else
  not_ok "the panel's engine ended and reaped: no zombie child" "panel engine: ${panel_pid:-none}" \
    "$(children "$app_pid")"
fi

# --- 4. Quit ----------------------------------------------------------------------------------

engine_pid=$(state engine-pid)
board_key ctrl+q
find_window 'Keep' && xdotool key alt+d   # _Discard
for i in $(seq 1 $(tries 100)); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
check "Ctrl+Q, Discard: Caissa ends" sh -c "! kill -0 $app_pid 2>/dev/null"
wait "$app_pid" 2>/dev/null
app_pid=
check "and so does its engine ($engine_pid)" gone "$engine_pid"
check "no GLib criticals or warnings" sh -c "! grep -E 'CRITICAL|WARNING' '$tmp/app.log'"

# --- 5. A reviewed game ----------------------------------------------------------------------

# The game of part 1, opened from its file: looked at, not played.
"$app" "$tmp/game.pgn" >>"$tmp/app.log" 2>&1 &
app_pid=$!
wid=
for i in $(seq 1 $(tries 100)); do
  wid=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -n 1)
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || bail "no Caissa window for the file within 10 s"
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state" 2>/dev/null && break
  sleep 0.1
done
reviewed ()
{
  wait_for n-plies 6 && test "$(state analysis)/$(state engine-player)" = "1/none"
}
check "the saved game is reviewed: six moves, no engine playing" reviewed
geometry
board_key ctrl+shift+a
if wait_for analysis-shown 1 && wait_for analysis-lines 2 300 \
   && state analysis-line | head -n 1 | grep -q ' depth [0-9]*: '; then
  ok "Ctrl+Shift+A on the reviewed game: the panel shows its lines"
else
  not_ok "Ctrl+Shift+A on the reviewed game: the panel shows its lines" "$(cat "$tmp/state")"
fi

exit $failed
