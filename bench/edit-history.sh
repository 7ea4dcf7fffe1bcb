#!/bin/bash
# What Undo costs in review: one snapshot of a 300-ply annotated game's
# tree per edit (bench/edit-history.c). No peer does this the same way;
# the figures say whether a snapshot per edit is cheap enough (it is when
# a snapshot takes well under a frame, 16 ms, and a few hundred edits fit
# in a few tens of MiB).
#   bench/edit-history.sh [BUILD_DIR] [RUNS]
set -eu
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$src/build}
runs=${2:-9}
meson compile -C "$build" >/dev/null
"$build/bench/edit-history" "$runs"
