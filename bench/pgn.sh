#!/usr/bin/env bash
# bench/pgn.sh — how fast Caissa reads PGN, against Debian's pgn-extract, and
# how fast it indexes a 1 GiB file.
#
#   bench/pgn.sh [-n GAMES] [-r REPEATS] [-s SEED] [--no-index]
#
# 1. Generates GAMES random legal games (caissa-cli pgn-gen GAMES SEED: tags,
#    40–120 plies, comments, NAGs, clocks, short variations, consistent
#    results), cached in $CAISSA_BENCH_CACHE (default /tmp/caissa-bench).
# 2. Checks that `caissa-cli pgn-check` and `pgn-extract` accept the same
#    number of games, then times both on the same file REPEATS times, in
#    turn: pgn-check on 1 thread (-j 1) and on 2 (-j 2), and pgn-extract's
#    validation mode (-r: "report any errors but don't extract", --quiet).
#    Prints games/s, MB/s and the ratios (min/median/max). Goal: ≥ 10×.
# 3. Joins copies of the file into one of ≥ 1 GiB and times `caissa-cli
#    pgn-index -j 2` on it: total time (goal ≤ 1.5 s), time to the first
#    batch of games (goal ≤ 0.2 s), peak RSS (goal: grows with the games,
#    not the file).
#
# The files are read once before timing, so every run reads from the page
# cache. Other work on the machine shows in the wall-clock times: the load
# average is printed with the results.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
cli=${CAISSA_CLI:-$build/src/cli/caissa-cli}
pgn_extract=${PGN_EXTRACT:-/usr/games/pgn-extract}
cache=${CAISSA_BENCH_CACHE:-/tmp/caissa-bench}
games=100000
repeats=5
seed=42
do_index=1

while [ $# -gt 0 ]; do
  case "$1" in
    -n) games=$2; shift 2 ;;
    -r) repeats=$2; shift 2 ;;
    -s) seed=$2; shift 2 ;;
    --no-index) do_index=0; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "bench/pgn.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ -x "$cli" ] || { echo "bench/pgn.sh: no $cli (build first, or set CAISSA_CLI)" >&2; exit 2; }
[ -x "$pgn_extract" ] || { echo "bench/pgn.sh: no $pgn_extract (apt-get install pgn-extract)" >&2; exit 2; }
mkdir -p "$cache"

file=$cache/pgn-$games-$seed.pgn
if [ ! -s "$file" ]; then
  echo "generating $games games (seed $seed) into $file ..."
  "$cli" pgn-gen "$games" "$seed" > "$file.tmp"
  mv "$file.tmp" "$file"
fi
bytes=$(stat -c %s "$file")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
cat "$file" > /dev/null

# --- Same games accepted by both ------------------------------------------
ours=$("$cli" pgn-check -j 1 "$file")
our_games=$(printf '%s\n' "$ours" | awk '{ print $2 }')
our_errors=$(printf '%s\n' "$ours" | sed -n 's/.* errors: \([0-9]*\).*/\1/p')
"$pgn_extract" --quiet -o "$cache/pgn-extract-out.pgn" "$file" 2> "$cache/pgn-extract.log" || true
their_games=$(grep -c '^\[Event ' "$cache/pgn-extract-out.pgn" || true)
rm -f "$cache/pgn-extract-out.pgn"
echo "file: $file ($mb MB, $our_games games)"
echo "caissa-cli pgn-check: $ours"
echo "pgn-extract: $their_games games written back, $(wc -l < "$cache/pgn-extract.log") lines of diagnostics"
if [ "$our_games" != "$their_games" ] || [ "$our_errors" != 0 ]; then
  echo "bench/pgn.sh: the two programs do not accept the same games" >&2
  exit 1
fi

# time_run OUTVAR CMD... : wall and CPU seconds, "wall cpu"
time_run ()
{
  local var=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$cache/time.txt" "$@" > /dev/null 2> "$cache/run.err" || {
    echo "bench/pgn.sh: failed: $*" >&2
    cat "$cache/run.err" >&2
    exit 1
  }
  printf -v "$var" '%s' "$(awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$cache/time.txt")"
}

stats ()
{
  # min median max of the numbers on stdin
  sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                                      printf "%.2f %.2f %.2f", v[1], m, v[NR] }'
}

echo
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-4s %22s %22s %22s %9s %9s\n' run "pgn-extract wall/cpu" "caissa -j1 wall/cpu" "caissa -j2 wall/cpu" "ratio j1" "ratio j2"
r1=() r2=() rc1=() pe_walls=() j1_walls=() j2_walls=()
for run in $(seq 1 "$repeats"); do
  time_run pe "$pgn_extract" -r --quiet "$file"
  time_run j1 "$cli" pgn-check -j 1 "$file"
  time_run j2 "$cli" pgn-check -j 2 "$file"
  read -r pe_w pe_c <<< "$pe"
  read -r j1_w j1_c <<< "$j1"
  read -r j2_w j2_c <<< "$j2"
  ratio1=$(awk -v a="$pe_w" -v b="$j1_w" 'BEGIN { printf "%.2f", a / b }')
  ratio2=$(awk -v a="$pe_w" -v b="$j2_w" 'BEGIN { printf "%.2f", a / b }')
  ratioc=$(awk -v a="$pe_c" -v b="$j1_c" 'BEGIN { printf "%.2f", a / b }')
  r1+=("$ratio1") r2+=("$ratio2") rc1+=("$ratioc")
  pe_walls+=("$pe_w") j1_walls+=("$j1_w") j2_walls+=("$j2_w")
  printf '%-4s %22s %22s %22s %8sx %8sx\n' "$run" "$pe_w s / $pe_c s" "$j1_w s / $j1_c s" \
    "$j2_w s / $j2_c s" "$ratio1" "$ratio2"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

read -r _ pe_med _ <<< "$(printf '%s\n' "${pe_walls[@]}" | stats)"
read -r _ j1_med _ <<< "$(printf '%s\n' "${j1_walls[@]}" | stats)"
read -r _ j2_med _ <<< "$(printf '%s\n' "${j2_walls[@]}" | stats)"
rate ()
{
  awk -v g="$games" -v b="$bytes" -v t="$1" 'BEGIN { printf "%9.0f games/s %7.1f MB/s", g / t, b / 1e6 / t }'
}
echo
echo "median throughput:"
echo "  pgn-extract -r        $(rate "$pe_med")"
echo "  caissa pgn-check -j1  $(rate "$j1_med")"
echo "  caissa pgn-check -j2  $(rate "$j2_med")"
echo "ratio (wall, pgn-extract time / caissa time), min / median / max:"
echo "  1 thread:   $(printf '%s\n' "${r1[@]}" | stats | awk '{ printf "%sx / %sx / %sx", $1, $2, $3 }')"
echo "  2 threads:  $(printf '%s\n' "${r2[@]}" | stats | awk '{ printf "%sx / %sx / %sx", $1, $2, $3 }')   (goal: 10x)"
echo "  CPU time, 1 thread: $(printf '%s\n' "${rc1[@]}" | stats | awk '{ printf "%sx / %sx / %sx", $1, $2, $3 }')"

[ "$do_index" = 1 ] || exit 0

# --- Indexing 1 GiB ----------------------------------------------------------
big=$cache/pgn-1g-$games-$seed.pgn
if [ ! -s "$big" ] || [ "$(stat -c %s "$big")" -lt 1073741824 ]; then
  copies=$(( (1073741824 + bytes - 1) / bytes ))
  echo
  echo "joining $copies copies into $big ..."
  : > "$big.tmp"
  for _ in $(seq 1 "$copies"); do cat "$file" >> "$big.tmp"; done
  mv "$big.tmp" "$big"
fi
big_bytes=$(stat -c %s "$big")
cat "$big" > /dev/null
echo
echo "index: $big ($(awk -v b="$big_bytes" 'BEGIN { printf "%.2f GiB", b / 1073741824 }'))"
printf '%-4s %10s %12s %12s %12s\n' run games "time (ms)" "first (ms)" "peak RSS"
times=() firsts=()
for run in $(seq 1 "$repeats"); do
  out=$("$cli" pgn-index -j 2 "$big")
  n=$(printf '%s\n' "$out" | sed -n 's/^games: //p')
  t=$(printf '%s\n' "$out" | sed -n 's/^time: \([0-9.]*\) ms.*/\1/p')
  f=$(printf '%s\n' "$out" | sed -n 's/^first batch: \([0-9.]*\) ms.*/\1/p')
  rss=$(printf '%s\n' "$out" | sed -n 's/^peak rss: //p')
  times+=("$t") firsts+=("$f")
  printf '%-4s %10s %12s %12s %12s\n' "$run" "$n" "$t" "$f" "$rss"
done
entry=$(printf '%s\n' "$out" | sed -n 's/^entry size: //p')
rss_kib=${rss% KiB}
echo "index time, min / median / max: $(printf '%s\n' "${times[@]}" | stats | awk '{ printf "%s / %s / %s ms", $1, $2, $3 }')   (goal: ≤ 1500 ms)"
echo "first batch, min / median / max: $(printf '%s\n' "${firsts[@]}" | stats | awk '{ printf "%s / %s / %s ms", $1, $2, $3 }')   (goal: ≤ 200 ms)"
echo "memory: entry $entry per game; peak RSS $rss_kib KiB for $n games = $(awk -v k="$rss_kib" -v g="$n" 'BEGIN { printf "%.1f", k * 1024 / g }') bytes per game, file $big_bytes bytes"
