#!/usr/bin/env bash
# bench/tb.sh — how long building the five tablebases takes, and how much
# memory, against the goal: all five in under 1 s and 64 MB.
#
#   bench/tb.sh [-r REPEATS]
#
#   -r N   build everything N times in fresh processes (default 7), once
#          single-threaded and once with --parallel (two threads), and
#          print min/median/max per ending and in total
#
# Environment: BUILD (default build) holds src/cli/caissa-cli.
#
# Each run is `caissa-cli tb-build`, which builds KQK, KRK, KRRK, KBBK and
# KBNK from nothing and prints per ending the wall-clock and CPU seconds,
# then the total and its peak RSS (getrusage). Peak RSS is also taken from
# /usr/bin/time -v when it is installed, which sees the whole process. No
# named peer builds these tables, so the figures are absolute; the machine
# may be busy (other builds), which is why the CPU times are shown too and
# the minimum is the figure to compare.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-build}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cli="$build/src/cli/caissa-cli"
repeats=7

while getopts "r:h" opt; do
  case "$opt" in
    r) repeats=$OPTARG ;;
    *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || { echo "tb.sh: -r needs a positive number" >&2; exit 2; }
[ -x "$cli" ] || { echo "tb.sh: $cli not found (build first, or set BUILD)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# stats FILE [FORMAT] — "min median max" of the numbers in FILE, one a line.
stats ()
{
  sort -g "$1" | awk -v f="${2:-%.3f}" '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
    printf f " " f " " f, v[1], m, v[NR] }'
}

for mode in sequential parallel; do
  flag=()
  [ "$mode" = parallel ] && flag=(--parallel)
  for ((i = 0; i < repeats; i++)); do
    if [ -x /usr/bin/time ]; then
      /usr/bin/time -v -o "$tmp/time" "$cli" tb-build "${flag[@]}" > "$tmp/out"
      awk '/Maximum resident set size/ { print $NF }' "$tmp/time" >> "$tmp/rss-time.txt"
    else
      "$cli" tb-build "${flag[@]}" > "$tmp/out"
    fi
    # "KQK   build 0.003 s cpu 0.003 s table 81920 bytes"
    # "total build 0.720 s cpu 0.564 s tables 15892480 bytes peak rss 19564 KiB threads 1"
    while read -r name _ wall _ _ cpu _ _ _ _ _ _ rss _; do
      echo "$wall" >> "$tmp/wall-$name.txt"
      echo "$cpu" >> "$tmp/cpu-$name.txt"
      [ "$name" = total ] && echo "$rss" >> "$tmp/rss.txt"
    done < "$tmp/out"
  done

  echo "== $mode ($repeats runs; seconds min/median/max)"
  printf "%-6s %-23s %-23s\n" ending wall cpu
  for name in KQK KRK KRRK KBBK KBNK; do
    printf "%-6s %-23s %-23s\n" "$name" "$(stats "$tmp/wall-$name.txt")" "$(stats "$tmp/cpu-$name.txt")"
  done
  printf "%-6s %-23s %-23s\n" total "$(stats "$tmp/wall-total.txt")" "$(stats "$tmp/cpu-total.txt")"
  echo "peak RSS (getrusage, KiB) min/median/max: $(stats "$tmp/rss.txt" %d)"
  if [ -f "$tmp/rss-time.txt" ]; then
    echo "peak RSS (/usr/bin/time -v, KiB) min/median/max: $(stats "$tmp/rss-time.txt" %d)"
  fi
  best=$(stats "$tmp/wall-total.txt" | cut -d' ' -f1)
  rss=$(stats "$tmp/rss.txt" %d | cut -d' ' -f3)
  awk -v t="$best" -v r="$rss" 'BEGIN {
    printf "goal: < 1 s and < 64 MB: best total %.3f s (%s), peak %.1f MiB (%s)\n",
      t, t < 1 ? "met" : "MISSED", r / 1024, r < 65536 ? "met" : "MISSED" }'
  rm -f "$tmp"/*.txt
done
