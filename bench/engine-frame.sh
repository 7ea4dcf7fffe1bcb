#!/usr/bin/env bash
# bench/engine-frame.sh — the board's frame times while the engine
# analyses, against the same frames without it (issue 15: the board stays
# smooth while the analysis panel updates).
#
#   bench/engine-frame.sh [-r REPEATS] [-s SECONDS] [--moves] [--engine PATH]
#
# A 1000×720 window, the board redrawn at every frame-clock tick for
# SECONDS (3) with the analysis panel closed, then open with Stockfish
# analysing, REPEATS (5) times in turn; prints each run's paint time
# (before-paint to after-paint) and frame interval, median / 95th
# percentile / max, and the ratios with/without (min/median/max over the
# runs). Goal: ratios near 1. With --moves, only the frames of move
# animations: the last move taken back and replayed every 400 ms (the
# panel restarting its analysis at each), as when stepping through a game.
# It draws with the app's renderer (cairo, src/app/main.c);
# CAISSA_USE_GL=1 for GTK's default (GL), or GSK_RENDERER to name one.
# Without $DISPLAY it runs under xvfb-run.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
engine=/usr/games/stockfish
repeats=5
seconds=3
mode=tick

while [ $# -gt 0 ]; do
  case "$1" in
    -r) repeats=$2; shift 2 ;;
    -s) seconds=$2; shift 2 ;;
    --moves) mode=moves; shift ;;
    --engine) engine=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "bench/engine-frame.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ -f "$build/build.ninja" ] || { echo "engine-frame.sh: no $build/build.ninja (run meson setup)" >&2; exit 1; }
ninja -C "$build" -j2 bench/engine-frame >/dev/null
program=$build/bench/engine-frame
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
export GSETTINGS_BACKEND=memory
# The renderer the app uses (src/app/main.c): cairo, unless CAISSA_USE_GL
# is set (then GTK's default, GL) or GSK_RENDERER names one.
if [ -z "${CAISSA_USE_GL:-}" ]; then
  export GSK_RENDERER=${GSK_RENDERER:-cairo} GDK_DEBUG=${GDK_DEBUG:-gl-disable}
fi
echo "renderer: ${GSK_RENDERER:-GTK default (GL)}"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$program" "$engine" "$repeats" "$seconds" "$mode"
fi
command -v xvfb-run >/dev/null 2>&1 || { echo "engine-frame.sh: no display and no xvfb-run" >&2; exit 1; }
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$program" "$engine" "$repeats" "$seconds" "$mode"
