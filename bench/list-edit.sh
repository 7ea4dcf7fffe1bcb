#!/bin/bash
# What one edit of a file's list of games costs the main thread (Delete
# Game, Duplicate Game, New Game in File and Undo on a large file: the edit
# and the list shown again), and the save's text (bench/list-edit.c). The issue's goal: an edit costs O(edit), not
# O(file), so a delete on 100,000 games stays well under a frame.
#   bench/list-edit.sh [BUILD_DIR] [GAMES] [RUNS]
set -eu
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$src/build}
games=${2:-100000}
runs=${3:-7}
meson compile -C "$build" >/dev/null
pgn=$(mktemp --suffix=.pgn)
trap 'rm -f "$pgn"' EXIT
"$build/src/cli/caissa-cli" pgn-gen "$games" 7 >"$pgn"
"$build/bench/list-edit" "$pgn" "$runs"
