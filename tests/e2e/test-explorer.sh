#!/usr/bin/env bash
# tests/e2e/test-explorer.sh — the real caissa binary exploring a file of
# 100,000 generated games (caissa-cli pgn-gen 100000 1).
#
# Starts $CAISSA_APP on the file and checks from outside the process,
# through the app's D-Bus action "dump-state", that:
#   - Ctrl+E shows the opening explorer; its first answer, asked while the
#     position data is being built, is partial and marked so; the last one
#     is final;
#   - at the start and after the first move of game 1 (Right), the moves
#     and their numbers of games are those `caissa-cli tree` prints;
#   - the board's context menu (a right click) finds the games reaching
#     the shown position: the list shows as many as `caissa-cli find`;
#   - the window answers D-Bus while the data is built (never blocked);
#   - Ctrl+E hides the explorer again.
# Prints TAP. Needs an X display, xdotool, gdbus and a session bus; without
# them it skips, except under CI (CI set), where it fails.
set -u

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cli=${CAISSA_CLI:-}

e2e_require cli

echo "1..9"

export XDG_CONFIG_HOME="$tmp/config"
export XDG_DATA_HOME="$tmp/data"
export XDG_STATE_HOME="$tmp/state"
export XDG_CACHE_HOME="$tmp/cache"
export GTK_USE_PORTAL=0

"$cli" pgn-gen 100000 1 >"$tmp/games.pgn" || bail "caissa-cli pgn-gen failed"

wait_for ()  # wait_for KEY VALUE [TENTHS]: poll dump-state (10 s by default, scaled)
{
  local i
  for i in $(seq 1 "$(tries "${3:-100}")"); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

# The explorer's rows as "SAN GAMES" lines, from the last dump-state.
explorer_rows ()
{
  sed -n 's/^explorer-move \([^ ]*\) \([0-9]*\) .*/\1 \2/p' "$tmp/state"
}

# caissa-cli tree's rows as "SAN GAMES" lines.
cli_rows ()
{
  "$cli" tree "$tmp/games.pgn" "$@" 2>/dev/null | awk -F '\t' '{ print $1 " " $2 }'
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
wait_for games-loading 0 600 || bail "the file was not listed within 60 s"
wait_for game-index 1 || bail "game 1 was not opened"

key ()  # key KEYSYM...: typed into the window
{
  xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key --delay 80 "$@"
  sleep 0.3
}

eval "$(xdotool getwindowgeometry --shell "$wid")"
win_x=$X
win_y=$Y

# 1. Ctrl+E: the panel, asked at once while the data is built.
key ctrl+e
check "Ctrl+E shows the explorer" wait_for explorer-shown 1
first=
seen_partial=0
unblocked=1
for i in $(seq 1 $(tries 1800)); do
  t0=$(date +%s%N)
  action dump-state "$tmp/state" || { unblocked=0; break; }
  t1=$(date +%s%N)
  # A window that takes seconds to answer is blocked (a generous bound:
  # the machine may be loaded).
  [ $(( (t1 - t0) / 1000000 )) -lt $(( 5000 * scale )) ] || unblocked=0
  s=$(sed -n 's/^explorer-state //p' "$tmp/state")
  if [ -z "$first" ] && [ "$s" != none ]; then
    first=$s
    cp "$tmp/state" "$tmp/first-state"
  fi
  if [ "$s" = partial ]; then
    seen_partial=1
    grep -qx 'explorer-marked-partial 1' "$tmp/state" || { seen_partial=2; break; }
  fi
  [ "$s" = final ] && break
  sleep 0.1
done
if [ "$first" = partial ] && [ "$seen_partial" = 1 ]; then
  ok "the first answer is partial, and marked so while partial"
else
  not_ok "the first answer is partial, and marked so while partial" "first: $first ($seen_partial)" \
    "$(cat "$tmp/first-state" 2>/dev/null)"
fi
check "the window answers while the data is built" test "$unblocked" = 1
check "the last answer is final" wait_for explorer-state final 100

# 2. The start: the same table as caissa-cli tree.
wait_for explorer-busy 0
action dump-state "$tmp/state"
explorer_rows >"$tmp/panel-start"
cli_rows >"$tmp/cli-start"
if [ -s "$tmp/cli-start" ] && cmp -s "$tmp/panel-start" "$tmp/cli-start"; then
  ok "at the start the moves and games equal caissa-cli tree ($(wc -l <"$tmp/cli-start") moves)"
else
  not_ok "at the start the moves and games equal caissa-cli tree" \
    "$(diff "$tmp/panel-start" "$tmp/cli-start" | head -20)"
fi

# 3. After game 1's first move.
key Right
first_move=$(state path)
fen=$(state fen)
for i in $(seq 1 $(tries 100)); do
  action dump-state "$tmp/state"
  grep -qxF "explorer-fen $fen" "$tmp/state" && grep -qx 'explorer-busy 0' "$tmp/state" && break
  sleep 0.1
done
explorer_rows >"$tmp/panel-1"
cli_rows "$first_move" >"$tmp/cli-1"
if [ -n "$first_move" ] && [ -s "$tmp/cli-1" ] && cmp -s "$tmp/panel-1" "$tmp/cli-1"; then
  ok "after 1. $first_move the moves and games equal caissa-cli tree"
else
  not_ok "after 1. $first_move the moves and games equal caissa-cli tree" \
    "$(diff "$tmp/panel-1" "$tmp/cli-1" | head -20)"
fi

# 4. The board's context menu: Find Games With This Position (its
# mnemonic, G). In review the secondary button draws arrows and circles
# (lichess's way): the menu comes with Shift+F10 on the board.
read -r a1x a1y size <<<"$(state 'square a1')"
xdotool mousemove --sync $((win_x + a1x + 4 * size)) $((win_y + a1y - 3 * size)) click 1
sleep 0.3
xdotool key shift+F10
sleep 0.5
xdotool key --delay 80 g
sleep 0.3
expected=$("$cli" find "$tmp/games.pgn" "$fen" 2>/dev/null | wc -l)
if wait_for games-matches complete 300 && [ "$(state games-shown)" = "$expected" ]; then
  ok "Find Games With This Position lists the $expected games caissa-cli find finds"
else
  not_ok "Find Games With This Position lists the games caissa-cli find finds" \
    "expected $expected; $(grep -E '^(games|list)' "$tmp/state")"
fi
check "the list is shown" wait_for list-visible 1

# 5. Ctrl+E again hides it.
key Escape
xdotool mousemove --sync $((win_x + a1x + 4 * size)) $((win_y + a1y - 3 * size)) click 1
key Escape ctrl+e
check "Ctrl+E hides the explorer" wait_for explorer-shown 0

exit $failed
