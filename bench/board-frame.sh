#!/usr/bin/env bash
# bench/board-frame.sh — CaissaBoard's frame time, and pictures of the board.
#
#   bench/board-frame.sh [BUILD_DIR] [-- ARGS...]
#
# Builds bench/board-frame in BUILD_DIR (default build/) and runs it: the
# median time of 1000 snapshots of one frame of a 1000×1000 board with the
# piece textures cached, for a resting frame (static nodes reused) and a
# dragging frame (goal: under 2 ms), beside a frame whose static layer is
# rebuilt and a full render through the window's renderer. ARGS go to the
# program: `-- --screenshots bench/out/board` writes PNGs of the board's
# states at 240 and 960 px instead.
#
# Without $DISPLAY it runs under xvfb-run.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  build=$1
  shift
fi
[ "${1:-}" = "--" ] && shift

[ -f "$build/build.ninja" ] || { echo "board-frame.sh: no $build/build.ninja (run meson setup)" >&2; exit 1; }
ninja -C "$build" -j2 bench/board-frame >/dev/null

program=$build/bench/board-frame
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$program" "$@"
fi
command -v xvfb-run >/dev/null 2>&1 || { echo "board-frame.sh: no display and no xvfb-run" >&2; exit 1; }
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$program" "$@"
