#!/usr/bin/env bash
# bench/perft.sh — caissa-cli perft against Debian's stockfish, same positions,
# one after the other in one run.
#
#   bench/perft.sh [-r REPEATS] [-w] [-q]
#
#   -r N   run every position N times (default 5), alternating which engine
#          goes first, and print min/median/max of the speed ratio
#   -w     time by the wall clock instead of CPU time (user + sys)
#   -q     quick: smaller depths (for a smoke test)
#
# Environment: BUILD (default build) holds src/cli/caissa-cli; STOCKFISH
# (default /usr/games/stockfish).
#
# Both count leaves single-threaded, without a hash table, and without
# making the moves of the last ply (Stockfish's perft counts the legal move
# list at the last ply). Each engine's start-up time (Stockfish loads its
# network) is measured with a depth-1 run in the same round and subtracted.
# The node counts must agree, or the script stops with an error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cli="$build/src/cli/caissa-cli"
stockfish=${STOCKFISH:-/usr/games/stockfish}
repeats=5
clock=cpu
quick=0

while getopts "r:wqh" opt; do
  case "$opt" in
    r) repeats=$OPTARG ;;
    w) clock=wall ;;
    q) quick=1 ;;
    *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || { echo "perft.sh: -r needs a positive number" >&2; exit 2; }
[ -x "$cli" ] || { echo "perft.sh: $cli not found (build first, or set BUILD)" >&2; exit 2; }
[ -x "$stockfish" ] || { echo "perft.sh: $stockfish not found (apt-get install stockfish)" >&2; exit 2; }

# name | FEN | depth (chessprogramming wiki, "Perft Results")
positions=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
  "position5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
  "position6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_timed OUTFILE CMD... — runs CMD (stdin from $tmp/in if present), leaves
# seconds (CPU or wall) in $seconds.
run_timed ()
{
  local out=$1
  shift
  local TIMEFORMAT
  if [ "$clock" = wall ]; then TIMEFORMAT='%R'; else TIMEFORMAT='%U %S'; fi
  { time "$@" < "$tmp/in" > "$out" 2> "$tmp/err" ; } 2> "$tmp/time"
  seconds=$(tail -n 1 "$tmp/time" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; printf "%.4f", s }')
}

caissa_run ()   # FEN DEPTH → $nodes, $seconds
{
  : > "$tmp/in"
  run_timed "$tmp/out" "$cli" perft "$1" "$2"
  nodes=$(tail -n 1 "$tmp/out")
}

stockfish_run ()
{
  printf 'uci\nsetoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$1" "$2" > "$tmp/in"
  run_timed "$tmp/out" "$stockfish"
  nodes=$(sed -n 's/^Nodes searched: //p' "$tmp/out")
}

median ()   # numbers on stdin → min median max
{
  sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
    printf "%.2f %.2f %.2f", v[1], m, v[NR] }'
}

echo "caissa-cli: $cli"
echo "stockfish:  $stockfish ($("$stockfish" <<< quit | head -n 1))"
echo "timing:     $clock time, start-up subtracted, $repeats round(s)"
echo

printf '%-10s %5s %12s %10s %10s %7s\n' position depth nodes "caissa" "stockfish" ratio
printf '%-10s %5s %12s %10s %10s %7s\n' "" "" "" "Mnps" "Mnps" "c/s"

for round in $(seq 1 "$repeats"); do
  # Start-up cost of each engine in this round.
  caissa_run "8/8/8/8/8/8/8/K6k w - - 0 1" 1; c_base=$seconds
  stockfish_run "8/8/8/8/8/8/8/K6k w - - 0 1" 1; s_base=$seconds
  for entry in "${positions[@]}"; do
    IFS='|' read -r name fen depth <<< "$entry"
    [ "$quick" = 1 ] && depth=$((depth - 1))
    if (( round % 2 )); then
      caissa_run "$fen" "$depth"; c_nodes=$nodes; c_sec=$seconds
      stockfish_run "$fen" "$depth"; s_nodes=$nodes; s_sec=$seconds
    else
      stockfish_run "$fen" "$depth"; s_nodes=$nodes; s_sec=$seconds
      caissa_run "$fen" "$depth"; c_nodes=$nodes; c_sec=$seconds
    fi
    if [ -z "$c_nodes" ] || [ "$c_nodes" != "$s_nodes" ]; then
      echo "perft.sh: NODE COUNTS DIFFER for $name depth $depth: caissa '$c_nodes', stockfish '$s_nodes'" >&2
      exit 1
    fi
    read -r c_mnps s_mnps ratio < <(awk -v n="$c_nodes" -v c="$c_sec" -v cb="$c_base" -v s="$s_sec" -v sb="$s_base" 'BEGIN {
      c -= cb; s -= sb; if (c < 0.001) c = 0.001; if (s < 0.001) s = 0.001;
      printf "%.1f %.1f %.3f\n", n / c / 1e6, n / s / 1e6, (n / c) / (n / s) }')
    printf '%-10s %5s %12s %10s %10s %7s\n' "$name" "$depth" "$c_nodes" "$c_mnps" "$s_mnps" "$ratio"
    echo "$ratio" >> "$tmp/ratio-$name"
    echo "$ratio" >> "$tmp/ratio-all"
  done
done

echo
echo "speed ratio caissa/stockfish (>1 means caissa is faster): min median max"
for entry in "${positions[@]}"; do
  IFS='|' read -r name _ _ <<< "$entry"
  printf '  %-10s %s\n' "$name" "$(median < "$tmp/ratio-$name")"
done
printf '  %-10s %s\n' "all" "$(median < "$tmp/ratio-all")"
