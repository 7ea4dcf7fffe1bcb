#!/usr/bin/env bash
# tests/e2e/test-review-keep.sh — unsaved edits of a file's game survive a
# kill -9 of the real caissa binary, and come back at the next start.
#
# In a temporary XDG_STATE_HOME, it opens a file of two games, opens game 2
# and plays a move at its start with the mouse (a new variation: the game
# is changed but not saved), then:
#   - the edit is on disk (review-edit.ini) without any save; kill -9;
#   - started again: "Restore Unsaved Changes?"; Return restores: game 2
#     of the file is shown changed (the variation there, the title marked),
#     the file itself untouched; Ctrl+S then writes it and the kept edit
#     goes;
#   - edited again and killed, then the file changed by another program:
#     Restore shows the edited game by itself (to save elsewhere), the
#     changed file left as the other program made it;
#   - Discard at the question removes the kept edit for good;
#   - a game deleted (Ctrl+Delete) and killed: the deletion is kept
#     (review-list.ini), offered and done again at the next start, the
#     file untouched until Ctrl+S writes it.
# Prints TAP. Needs an X display, xdotool, gdbus and a session bus; without
# them it skips, except under CI (CI set), where it fails.
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

e2e_require

echo "1..16"

export XDG_CONFIG_HOME="$tmp/config"
export XDG_DATA_HOME="$tmp/data"
export XDG_STATE_HOME="$tmp/xdg-state"
export GTK_USE_PORTAL=0
kept="$XDG_STATE_HOME/caissa/review-edit.ini"
kept_list="$XDG_STATE_HOME/caissa/review-list.ini"

cat >"$tmp/games.pgn" <<'EOF'
[Event "First"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0

[Event "Second"]
[White "Gamma"]
[Black "Delta"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
EOF
cp "$tmp/games.pgn" "$tmp/original.pgn"

wait_for ()  # wait_for KEY VALUE: poll dump-state for up to 10 s (scaled)
{
  local i
  for i in $(seq 1 $(tries 100)); do
    [ "$(state "$1")" = "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

wait_file ()  # wait_file PATH PATTERN: a line of PATH matches, within 10 s (scaled)
{
  local i
  for i in $(seq 1 $(tries 100)); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

wait_gone ()  # wait_gone PATH: PATH is no more, within 10 s (scaled)
{
  local i
  for i in $(seq 1 $(tries 100)); do
    [ -e "$1" ] || return 0
    sleep 0.1
  done
  return 1
}

start_app ()  # start_app [FILE]
{
  "$app" "$@" >>"$tmp/app.log" 2>&1 &
  app_pid=$!
  find_window '^' || bail "no window within 10 s"
  local i
  for i in $(seq 1 $(tries 100)); do
    action dump-state "$tmp/state" 2>/dev/null && return 0
    sleep 0.1
  done
  bail "the app does not answer on the bus"
}

kill_app ()
{
  kill -9 "$app_pid" 2>/dev/null
  wait "$app_pid" 2>/dev/null
  app_pid=
  sleep 0.3
}

# The main window (not a dialog): the one whose title is Caissa's.
main_window ()
{
  wid=$(xdotool search --onlyvisible --pid "$app_pid" --name 'games.pgn|Caissa|Unsaved' 2>/dev/null | head -n 1)
}

play_at_start ()  # play_at_start FROM TO: the shown game at its start, then the move by mouse
{
  main_window
  xdotool windowsize --sync "$wid" 1400 900 2>/dev/null
  sleep 0.5
  xdotool windowfocus --sync "$wid" 2>/dev/null
  xdotool key Home
  sleep 0.3
  eval "$(xdotool getwindowgeometry --shell "$wid")"
  local a1x a1y size h8x h8y fx r x y sq
  read -r a1x a1y size <<<"$(state 'square a1')"
  read -r h8x h8y _ <<<"$(state 'square h8')"
  for sq in "$1" "$2"; do
    fx=$(( $(printf '%d' "'${sq:0:1}") - 97 ))
    r=$(( ${sq:1:1} - 1 ))
    x=$(( X + a1x + (h8x - a1x) * fx / 7 + size / 2 ))
    y=$(( Y + a1y + (h8y - a1y) * r / 7 + size / 2 ))
    xdotool mousemove --sync "$x" "$y" click 1
    sleep 0.3
  done
}

answer ()  # answer TITLE-START KEYSYM: the question is up; the key answers it
{
  if find_window "^$1"; then
    xdotool windowfocus --sync "$found" 2>/dev/null
    xdotool key "$2"
    sleep 0.5
    return 0
  fi
  return 1
}

# 1. An edit, no save, a kill.
start_app "$tmp/games.pgn"
wait_for games 2 || bail "the file's games are not listed: $(cat "$tmp/state")"
xdotool key ctrl+Page_Down
wait_for game-index 2 || bail "game 2 does not open: $(cat "$tmp/state")"
play_at_start d2 d4
check "d4 at the start of game 2: changed, not saved" wait_for dirty 1
check "the edit is kept on disk at once, without a save" wait_file "$kept" '1\. d4'
check "the file itself is untouched" cmp -s "$tmp/games.pgn" "$tmp/original.pgn"
kill_app

# 2. Started again: Restore.
start_app
if answer 'Restore Unsaved Changes' Return; then
  ok "started again, Caissa offers the unsaved changes"
else
  not_ok "started again, Caissa offers the unsaved changes" "$(tail -5 "$tmp/app.log")"
fi
if wait_for game-index 2 && wait_for dirty 1 && grep -q "^file $tmp/games.pgn$" "$tmp/state"; then
  ok "restored: game 2 of the file, marked changed"
else
  not_ok "restored: game 2 of the file, marked changed" "$(cat "$tmp/state")"
fi
action save-game-to "$tmp/restored.pgn"
if wait_file "$tmp/restored.pgn" '1\. f3' && grep -q '1\. d4' "$tmp/restored.pgn"; then
  ok "restored: the game with the edit (1. f3 and the variation 1. d4)"
else
  not_ok "restored: the game with the edit" "$(cat "$tmp/restored.pgn" 2>/dev/null)"
fi
main_window
xdotool windowfocus --sync "$wid" 2>/dev/null
xdotool key ctrl+s
# The kept edit goes in the main loop's next turn after the save: wait for
# that too (a dump of the state can come between the two).
if wait_for dirty 0 && grep -q '1\. d4' "$tmp/games.pgn" && wait_gone "$kept"; then
  ok "Ctrl+S writes the restored edit into the file; the kept edit goes"
else
  not_ok "Ctrl+S writes the restored edit into the file; the kept edit goes" \
    "dirty: $(state dirty)" "the file:" "$(cat "$tmp/games.pgn")" \
    "the state folder:" "$(ls -la "$XDG_STATE_HOME/caissa")" "the app's log:" "$(tail -20 "$tmp/app.log")"
fi

# 3. Edited again (c4 at the start), killed; the file changed meanwhile.
play_at_start c2 c4
check "c4 at the start: kept on disk" wait_file "$kept" '1\. c4'
kill_app
# Another program rewrites game 2.
sed -i 's/^\[Event "Second"\]/[Event "Second, corrected"]/' "$tmp/games.pgn"
grep -q 'Second, corrected' "$tmp/games.pgn" || bail "the file was not changed"
cp "$tmp/games.pgn" "$tmp/theirs.pgn"
start_app
answer 'Restore Unsaved Changes' Return
if wait_for dirty 1 && grep -q '^file Unsaved Changes to games.pgn$' "$tmp/state"; then
  ok "the file changed meanwhile: the edited game shown by itself, marked changed"
else
  not_ok "the file changed meanwhile: the edited game shown by itself, marked changed" "$(cat "$tmp/state")"
fi
action save-game-to "$tmp/alone.pgn"
if wait_file "$tmp/alone.pgn" '1\. f3' && grep -q '1\. c4' "$tmp/alone.pgn" \
   && cmp -s "$tmp/games.pgn" "$tmp/theirs.pgn"; then
  ok "it is the edited game (1. f3, 1. c4); the other program's file is left as it is"
else
  not_ok "it is the edited game; the other program's file is left as it is" "$(cat "$tmp/alone.pgn" 2>/dev/null)"
fi
kill_app

# 4. Discard.
start_app
answer 'Restore Unsaved Changes' alt+d
check "Discard removes the kept edit" wait_gone "$kept"
kill_app
start_app
sleep 1
if find_window '^Restore Unsaved Changes'; then
  not_ok "after Discard nothing is offered any more"
else
  ok "after Discard nothing is offered any more"
fi
kill_app

# 5. A game deleted from the list, killed, restored, saved.
cp "$tmp/original.pgn" "$tmp/games.pgn"
start_app "$tmp/games.pgn"
wait_for games 2 || bail "the file's games are not listed: $(cat "$tmp/state")"
wait_for game-index 1 || bail "game 1 does not open: $(cat "$tmp/state")"
main_window
xdotool windowfocus --sync "$wid" 2>/dev/null
xdotool key ctrl+Delete
check "Ctrl+Delete deletes game 1: kept on disk at once" wait_file "$kept_list" '^kind=delete'
if wait_for games 1 && cmp -s "$tmp/games.pgn" "$tmp/original.pgn"; then
  ok "the list shows one game; the file is untouched"
else
  not_ok "the list shows one game; the file is untouched" "$(cat "$tmp/state")"
fi
kill_app
start_app
if answer 'Restore Unsaved Changes' Return && wait_for games 1 && wait_for list-edited 1 \
   && cmp -s "$tmp/games.pgn" "$tmp/original.pgn"; then
  ok "started again: the deletion is offered and done again, the file still untouched"
else
  not_ok "started again: the deletion is offered and done again" "$(cat "$tmp/state")" "$(tail -5 "$tmp/app.log")"
fi
main_window
xdotool windowfocus --sync "$wid" 2>/dev/null
xdotool key ctrl+s
if wait_for list-edited 0 && [ "$(grep -c '^\[Event ' "$tmp/games.pgn")" = 1 ] \
   && grep -q 'Second' "$tmp/games.pgn" && wait_gone "$kept_list"; then
  ok "Ctrl+S writes the file without game 1; the kept list goes"
else
  not_ok "Ctrl+S writes the file without game 1; the kept list goes" "$(cat "$tmp/games.pgn")" \
    "$(ls -la "$XDG_STATE_HOME/caissa")"
fi

exit $failed
