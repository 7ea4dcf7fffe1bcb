#!/bin/sh
# tests/engine-player/scripted-engine.sh — a UCI engine that plays a script,
# for tests of the computer's side of a game (test-engine-player.c).
#
#   SCRIPTED_MOVES  the moves it answers with, one per "go", in order
#                   (space-separated UCI moves)
#   SCRIPTED_SCORE  the score it reports (centipawns, its own point of view)
#   SCRIPTED_LOG    a file it appends every command it receives to
#   SCRIPTED_CRASH  "go" to exit at the first go (a crash mid-game)
#   SCRIPTED_DELAY  seconds to think before each answer (default 0)
set -u
n=0
while IFS= read -r line; do
  : "${SCRIPTED_DELAY:=0}"
  [ -n "${SCRIPTED_LOG:-}" ] && printf '%s\n' "$line" >> "$SCRIPTED_LOG"
  case "$line" in
    uci)
      echo "id name Scripted"
      echo "id author The Caissa tests"
      echo "option name Skill Level type spin default 20 min 0 max 20"
      echo "option name MultiPV type spin default 1 min 1 max 5"
      echo "uciok"
      ;;
    isready)
      echo "readyok"
      ;;
    go*)
      if [ "${SCRIPTED_CRASH:-}" = go ]; then
        exit 3
      fi
      [ "$SCRIPTED_DELAY" != 0 ] && sleep "$SCRIPTED_DELAY"
      n=$((n + 1))
      move=$(echo "${SCRIPTED_MOVES:-}" | cut -d' ' -f$n)
      echo "info depth 1 score cp ${SCRIPTED_SCORE:-0} nodes 10 nps 1000 pv $move"
      echo "bestmove $move"
      ;;
    quit)
      exit 0
      ;;
  esac
done
