#!/usr/bin/env bash
# tests/e2e/test-review.sh — the real caissa binary reviewing a PGN file.
#
# Writes a file of three games (the first with nested variations, comments,
# NAGs and a [%cal] arrow; the third with an illegal move), starts
# $CAISSA_APP on it and checks from outside the process, through the app's
# D-Bus actions ("dump-state", "save-game-to"), that:
#   - the game list shows the three games and the first game is open;
#   - the bad game is marked, and typing in the search (Ctrl+F) filters;
#   - a double click on a row opens that game;
#   - Right walks the main line; Down at a branch chooses a variation that
#     Right then enters; its comment is the shown one;
#   - a move played on the board inside a variation starts a new one;
#   - while it has changes, the file handed over again by a second
#     `caissa FILE` asks "Save Changes?" in a dialog stacked above the
#     window; Escape (Cancel) leaves the changed game as it was;
#   - Ctrl+S writes the file back: the edited game in export format, every
#     other game byte for byte; the file reads back with the same moves,
#     variations and comments (compared with caissa-cli pgn-export), and
#     save-game-to writes the same game;
#   - started again, the temporary file a killed save left beside the
#     file opened before is removed (another program's is not);
#   - started again without a file, 1. e4 e5 played with the mouse: the
#     file handed over by a second `caissa FILE` asks "Keep This Game for
#     Later?" before anything changes; Escape (Cancel) leaves the game as it
#     was; the same file sent over D-Bus (org.freedesktop.Application.Open)
#     asks again; Return (Keep) opens the file and leaves the game on disk.
# Prints TAP. Needs an X display, xdotool, gdbus and a session bus; without
# them it skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cli=${CAISSA_CLI:-}

e2e_require cli

echo "1..27"

export XDG_CONFIG_HOME="$tmp/config"
export XDG_DATA_HOME="$tmp/data"
export XDG_STATE_HOME="$tmp/state"
export GTK_USE_PORTAL=0

# Game 1: 1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4 {Queen's Gambit}) 1... e5
# 2. Nf3 {[%cal Gf3e5]} Nc6 (2... d6 {Philidor}) 3. Bb5 a6 1-0
cat >"$tmp/part1.pgn" <<'EOF'
[Event "Review test"]
[Site "Here"]
[Date "2024.05.01"]
[Round "1"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]

{A short game.} 1. e4 $1 (1. d4 d5 (1... Nf6 2. c4) 2. c4 {Queen's Gambit})
1... e5 2. Nf3 {[%cal Gf3e5] pressure} Nc6 (2... d6 {Philidor} 3. d4) 3. Bb5 a6
1-0

EOF
cat >"$tmp/part2.pgn" <<'EOF'
[Event "Second"]
[Site "There"]
[Date "2024.05.02"]
[Round "2"]
[White "Morphy, Paul"]
[Black "Gamma"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Third"]
[White "Delta"]
[Black "Epsilon"]
[Result "*"]

1. e4 e5 2. Ke3 *
EOF
cat "$tmp/part1.pgn" "$tmp/part2.pgn" >"$tmp/games.pgn"
cp "$tmp/games.pgn" "$tmp/original.pgn"

wait_for ()  # wait_for KEY VALUE [TENTHS]: poll dump-state (10 s by default, scaled)
{
  local i
  for i in $(seq 1 "$(tries "${3:-100}")"); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

"$app" "$tmp/games.pgn" >"$tmp/app.log" 2>&1 &
app_pid=$!

wid=
for i in $(seq 1 $(tries 100)); do
  wid=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -n 1)
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || bail "no Caissa window within 10 s"
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state" 2>/dev/null && break
  sleep 0.1
done
xdotool windowsize --sync "$wid" 1400 900 2>/dev/null
sleep 0.5

key ()  # key KEYSYM...: typed into the window
{
  xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key --delay 80 "$@"
  sleep 0.3
}

eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y

# 1. The list and the first game.
check "the list shows the three games" wait_for games 3
check "the first game is open, at its start" wait_for game-index 1
check "the list is shown beside the board" wait_for list-visible 1
check "the illegal move of game 3 is found and marked" wait_for games-errors 1 100

# 2. Search.
key ctrl+f
xdotool type --delay 60 "morphy"
check "typing in the search filters the list to Morphy's game" wait_for games-shown 1
key ctrl+a BackSpace
check "clearing the search shows all again" wait_for games-shown 3

# 3. A double click on game 2's row opens it.
# (After the filter the rows settle on the next frame.)
sleep 0.5
row=$(state 'game-row 2')
read -r rx ry rw rh <<<"$row"
if [ -n "${rh:-}" ]; then
  xdotool mousemove --sync $((win_x + rx + rw / 2)) $((win_y + ry + rh / 2)) click --repeat 2 --delay 80 1
  sleep 0.3
fi
if wait_for game-index 2 && grep -qx 'path' "$tmp/state" && [ "$(state n-plies)" = 4 ]; then
  ok "a double click on row 2 opens game 2 at its start"
else
  not_ok "a double click on row 2 opens game 2 at its start" "row: $row" "$(cat "$tmp/state")"
fi

# 4. Back to game 1 (Ctrl+Page_Up), into its variations with the keyboard.
key ctrl+Page_Up
check "Ctrl+Page Up opens game 1" wait_for game-index 1
key Right Right Right
check "Right walks the main line: e4 e5 Nf3" wait_for path "e4 e5 Nf3"
check "the shown move's comment (with its arrow command)" wait_for comment "[%cal Gf3e5] pressure"
key Down
check "Down at the branch chooses 2... d6" wait_for next d6
key Right
if wait_for path "e4 e5 Nf3 d6" && [ "$(state main-line)" = 0 ] && [ "$(state comment)" = Philidor ]; then
  ok "Right enters the variation 2... d6 {Philidor}"
else
  not_ok "Right enters the variation 2... d6 {Philidor}" "$(cat "$tmp/state")"
fi

# 5. A move on the board inside the variation: 3. d4 is there already (the
# variation goes on), 3. Nc3 starts a new one.
read -r a1x a1y size <<<"$(state 'square a1')"
read -r h8x h8y _ <<<"$(state 'square h8')"
square_xy ()
{
  local f r
  f=$(( $(printf '%d' "'${1:0:1}") - 97 ))
  r=$(( ${1:1:1} - 1 ))
  echo $(( win_x + a1x + (h8x - a1x) * f / 7 + size / 2 )) \
       $(( win_y + a1y + (h8y - a1y) * r / 7 + size / 2 ))
}
click_square ()
{
  local x y
  read -r x y <<<"$(square_xy "$1")"
  xdotool mousemove --sync "$x" "$y" click 1
  sleep 0.25
}
click_square b1
click_square c3
if wait_for path "e4 e5 Nf3 d6 Nc3" && [ "$(state dirty)" = 1 ] && [ "$(state main-line)" = 0 ]; then
  ok "3. Nc3 played in the variation starts a new one; the game is changed"
else
  not_ok "3. Nc3 played in the variation starts a new one; the game is changed" "$(cat "$tmp/state")"
fi

# The dialog's window, by the start of its title (find_window, lib.sh).
find_dialog ()  # find_dialog TITLE-START
{
  find_window "^$1"
}
dialog_key ()  # dialog_key KEYSYM: typed into the question
{
  xdotool windowfocus --sync "$found" 2>/dev/null
  xdotool key "$1"
  sleep 0.5
}

# Whether WINDOW-ID is the topmost mapped window (no window manager here:
# how the X server stacks them is what the user sees).
on_top ()  # on_top WINDOW-ID
{
  local top
  top=$(xwininfo -root -children 2>/dev/null \
          | sed -n 's/^ *\(0x[0-9a-f]*\) .*/\1/p' \
          | while read -r w; do
              xwininfo -id "$w" 2>/dev/null | grep -q 'Map State: IsViewable' && echo "$w"
            done | tail -n 1)
  [ -n "$top" ] && [ $((top)) -eq $(($1)) ]
}

# A second `caissa FILE` while the shown game has changes asks first, in a
# dialog above the window (the window is presented after the file is
# handed over: the dialog must still end up on top).
"$app" "$tmp/games.pgn" >>"$tmp/app.log" 2>&1
find_dialog 'Save Changes'
if [ -n "$found" ] && on_top "$found" && [ "$(state dirty)" = 1 ]; then
  ok "caissa FILE with unsaved changes asks \"Save Changes?\" above the window"
else
  not_ok "caissa FILE with unsaved changes asks \"Save Changes?\" above the window" \
    "dialog: ${found:-none}" "$(xwininfo -root -children 2>&1 | tail -n 8)"
fi
[ -n "$found" ] && dialog_key Escape
if [ -z "$(xdotool search --onlyvisible --name '^Save Changes' 2>/dev/null)" ] \
   && [ "$(state dirty)" = 1 ] && [ "$(state path)" = "e4 e5 Nf3 d6 Nc3" ]; then
  ok "Escape (Cancel): the changed game stays as it was"
else
  not_ok "Escape (Cancel): the changed game stays as it was" "$(cat "$tmp/state")"
fi

# 6. Ctrl+S writes the file back.
key ctrl+s
check "Ctrl+S saves: nothing left unsaved" wait_for dirty 0

# The other games byte for byte; game 1 as the core exports it.
"$cli" pgn-export "$tmp/games.pgn" -o "$tmp/reexport.pgn" >/dev/null 2>&1
"$cli" pgn-export "$tmp/part1.pgn" -o "$tmp/part1-export.pgn" >/dev/null 2>&1
if tail -c "$(stat -c %s "$tmp/part2.pgn")" "$tmp/games.pgn" | cmp -s - "$tmp/part2.pgn"; then
  ok "the other games are copied byte for byte"
else
  not_ok "the other games are copied byte for byte" "$(cat "$tmp/games.pgn")"
fi

# Round trip: the saved game 1 is the original with 3. Nc3 added, nothing
# lost. Compared as one line each (the export wraps lines at 80 bytes, so
# an added variation moves the line ends).
flat ()
{
  tr '\n' ' ' | tr -s ' ' | sed 's/( /(/g; s/ )/)/g; s/ $//'
}
head -c $(( $(stat -c %s "$tmp/games.pgn") - $(stat -c %s "$tmp/part2.pgn") )) "$tmp/games.pgn" >"$tmp/saved1.pgn"
saved=$(flat <"$tmp/saved1.pgn")
expected=$(flat <"$tmp/part1-export.pgn")
if cmp -s "$tmp/saved1.pgn" <("$cli" pgn-export "$tmp/saved1.pgn" 2>/dev/null) \
   && [ "${saved/ (3. Nc3)/}" = "$expected" ] \
   && [[ "$saved" == *'(2... d6 {Philidor} 3. d4 (3. Nc3))'* ]] \
   && [[ "$saved" == *"{A short game.} 1. e4 \$1 (1. d4 d5 (1... Nf6 2. c4) 2. c4 {Queen's Gambit}) 1... e5"* ]] \
   && [[ "$saved" == *'{[%cal Gf3e5] pressure}'* ]]; then
  ok "the saved game is in export format with every move, variation, NAG and comment, and 3. Nc3"
else
  not_ok "the saved game is in export format with every move, variation, NAG and comment, and 3. Nc3" \
    "$saved" "--- expected (without 3. Nc3):" "$expected"
fi

action save-game-to "$tmp/single.pgn"
sleep 0.3
if cmp -s "$tmp/single.pgn" "$tmp/saved1.pgn"; then
  ok "save-game-to writes the same game"
else
  not_ok "save-game-to writes the same game" "$(diff "$tmp/single.pgn" "$tmp/saved1.pgn")"
fi

# 7. A game in progress, and a file handed over to the running app.
kill "$app_pid" 2>/dev/null
wait "$app_pid" 2>/dev/null
app_pid=
sleep 0.3
# A save killed part-way left a temporary file beside the file opened
# before (a recent file): the next start removes it; another program's
# hidden file stays.
stale="$tmp/.games.pgn.caissa-tmp-1-zzzzzz"
printf 'partial' >"$stale"
touch -d '2000-01-01' "$stale"
printf 'theirs' >"$tmp/.games.pgn.abcdef"
# (XDG_STATE_HOME apart from $tmp/state, where dump-state writes.)
saved_game="$tmp/xdg-state/caissa/current-game.ini"
XDG_STATE_HOME="$tmp/xdg-state" "$app" >>"$tmp/app.log" 2>&1 &
app_pid=$!
for i in $(seq 1 $(tries 600)); do
  [ -e "$stale" ] || break
  sleep 0.1
done
if [ ! -e "$stale" ] && [ -e "$tmp/.games.pgn.abcdef" ]; then
  ok "a stale temporary file beside a recent file is removed at start"
else
  not_ok "a stale temporary file beside a recent file is removed at start" "$(ls -A "$tmp")"
fi
wid=
for i in $(seq 1 $(tries 100)); do
  wid=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -n 1)
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || bail "no Caissa window within 10 s (second start)"
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state" 2>/dev/null && break
  sleep 0.1
done
xdotool windowsize --sync "$wid" 1400 900 2>/dev/null
sleep 0.5
eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y
read -r a1x a1y size <<<"$(state 'square a1')"
read -r h8x h8y _ <<<"$(state 'square h8')"
click_square e2
click_square e4
click_square e7
click_square e5
check "1. e4 e5 played with the mouse" wait_for n-plies 2

"$app" "$tmp/games.pgn" >>"$tmp/app.log" 2>&1
find_dialog 'Keep This Game'
if [ -n "$found" ] && [ "$(state n-plies)" = 2 ] && [ "$(state analysis)" = 0 ] \
   && ! grep -q '^file ' "$tmp/state"; then
  ok "caissa FILE mid-game asks to keep the game first, nothing changed yet"
else
  not_ok "caissa FILE mid-game asks to keep the game first, nothing changed yet" "$(cat "$tmp/state")"
fi
[ -n "$found" ] && dialog_key Escape
if [ -z "$(xdotool search --onlyvisible --name 'Keep This Game' 2>/dev/null)" ] \
   && [ "$(state n-plies)" = 2 ] && [ "$(state analysis)" = 0 ] \
   && [ "$(state game-index)" = 0 ] && ! grep -q '^file ' "$tmp/state"; then
  ok "Escape (Cancel): the game as it was, the file not opened"
else
  not_ok "Escape (Cancel): the game as it was, the file not opened" "$(cat "$tmp/state")"
fi
click_square g1
click_square f3
check "play goes on after Cancel: 2. Nf3" wait_for n-plies 3

gdbus call --session --dest io.github.caissa.Caissa --object-path /io/github/caissa/Caissa \
  --method org.freedesktop.Application.Open "['file://$tmp/games.pgn']" '{}' >/dev/null
find_dialog 'Keep This Game'
check "a file sent over D-Bus (Open) asks too" test -n "$found"
[ -n "$found" ] && dialog_key Return
check "Return (Keep): the file is open" wait_for game-index 1
kept=$(state kept-for-later)
if grep -q '1\. e4 e5 2\. Nf3' "$saved_game" 2>/dev/null && [ "$kept" = 1 ]; then
  ok "Keep: the played game is on disk, offered at the next start"
else
  not_ok "Keep: the played game is on disk, offered at the next start" \
    "kept-for-later: $kept" "$(cat "$saved_game" 2>&1)"
fi

exit $failed
