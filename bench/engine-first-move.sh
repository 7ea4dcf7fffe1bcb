#!/usr/bin/env bash
# bench/engine-first-move.sh — from New Game (the engine as White, 1 s a
# move) to the engine's first move drawn on the board, against the same
# Stockfish driven directly (spawn to bestmove).
#
#   bench/engine-first-move.sh [-r REPEATS] [--engine PATH]
#
# Prints each run, then min/median/max of both and of the ratio. Goal:
# Caissa's time ≤ 1.3 s (the engine's 1 s of thought included). Without
# $DISPLAY it runs under xvfb-run. It draws with the app's renderer
# (cairo, src/app/main.c); CAISSA_USE_GL=1 for GTK's default (GL, llvmpipe
# under Xvfb), or GSK_RENDERER to name one. The engine is started while
# the New Game dialog is open (as the window does from the moment the
# dialog's opponent is the computer) and, for comparison, only at Start.
# BENCH_TRACE=1 prints when the move was played and when drawn.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
engine=/usr/games/stockfish
repeats=5

while [ $# -gt 0 ]; do
  case "$1" in
    -r) repeats=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "bench/engine-first-move.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ -f "$build/build.ninja" ] || { echo "engine-first-move.sh: no $build/build.ninja (run meson setup)" >&2; exit 1; }
ninja -C "$build" -j2 bench/engine-first-move >/dev/null
program=$build/bench/engine-first-move
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
export GSETTINGS_BACKEND=memory
# The renderer the app uses (src/app/main.c): cairo, unless CAISSA_USE_GL
# is set (then GTK's default, GL) or GSK_RENDERER names one.
if [ -z "${CAISSA_USE_GL:-}" ]; then
  export GSK_RENDERER=${GSK_RENDERER:-cairo} GDK_DEBUG=${GDK_DEBUG:-gl-disable}
fi
echo "renderer: ${GSK_RENDERER:-GTK default (GL)}"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$program" "$engine" "$repeats"
fi
command -v xvfb-run >/dev/null 2>&1 || { echo "engine-first-move.sh: no display and no xvfb-run" >&2; exit 1; }
exec xvfb-run -a -s "-screen 0 1280x1024x24" "$program" "$engine" "$repeats"
