#!/usr/bin/env bash
# bench/explorer.sh — the opening explorer and position search against Scid.
#
#   bench/explorer.sh [-n GAMES] [-r RUNS] [-q REPEATS] [-s SEED]
#
# 1. Generates GAMES random legal games (caissa-cli pgn-gen GAMES SEED,
#    default 1,200,000), cached in $CAISSA_BENCH_CACHE (/tmp/caissa-bench).
#    Random games are NOT real-looking: after a few moves every game is
#    alone (real databases share long opening lines), so popular positions
#    are few and shallow, and there are no long transposition chains. The
#    figures are for this file only.
# 2. Picks the queries: the start, 1.e4, 1.e4 c5 2.Nf3, 100 positions from
#    100 random games at random plies (the same for both programs), an
#    exact search (a position from a game, at ply 12), and a pattern
#    (sub-FEN: white knight f3, black pawn c5, White to move).
# 3. RUNS times, in turn:
#    Caissa (bench/explorer-bench, the model as the app uses it):
#      build: an empty cache, the file opened, the data built: time to
#        ready and the CPU time it took (user + sys of all threads, with
#        /usr/bin/time; Scid's import too: on a shared machine CPU time
#        varies far less than the time to ready); the cache's size as %
#        of the PGN; the peak of anonymous
#        memory (RssAnon, sampled every 20 ms) while building and querying;
#      reopen: a new process on the cache: time to ready, then each query
#        QUERIES times (median).
#    Scid (Debian's scid, /usr/games/tkscid running bench/explorer-scid.tcl):
#      import: sc_base create + sc_base import; size of the .si4/.sg4/.sn4;
#      reopen: sc_base open, then the same queries: the tree with
#        sc_filter search tree board + sc_tree stats, the exact search with
#        sc_filter search board Exact (Scid has no sub-FEN pattern search:
#        no ratio for that one).
# 4. Prints each figure for both with Caissa/Scid ratios (min/median/max
#    over the runs) and Caissa's goals from issue 14, each marked ✔ or ✘
#    (Caissa's median against the goal). The goals stated "for 1 M games"
#    (build ≤ 6 s, pattern search ≤ 1 s) are scaled to GAMES: for
#    1,200,000, build ≤ 7,200 ms and pattern ≤ 1,200 ms. The build is also
#    judged against Scid's import, as the issue states it (6 s where Scid
#    takes 11.5 s: a median ratio ≤ 0.52), which carries over to a machine
#    slower or faster than the issue's. The figures of each run are kept
#    in $CAISSA_BENCH_CACHE/explorer-results-GAMES-SEED.txt.
#
# The machine is shared: the load average is printed with the results;
# both programs run in turn, so a ratio compares like with like.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
cli=${CAISSA_CLI:-$build/src/cli/caissa-cli}
bench=${CAISSA_EXPLORER_BENCH:-$build/bench/explorer-bench}
tkscid=${TKSCID:-/usr/games/tkscid}
cache=${CAISSA_BENCH_CACHE:-/tmp/caissa-bench}
games=1200000
runs=3
repeats=11
seed=42

while [ $# -gt 0 ]; do
  case "$1" in
    -n) games=$2; shift 2 ;;
    -r) runs=$2; shift 2 ;;
    -q) repeats=$2; shift 2 ;;
    -s) seed=$2; shift 2 ;;
    -h|--help) sed -n '2,40p' "$0"; exit 0 ;;
    *) echo "bench/explorer.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ -x "$cli" ] || { echo "bench/explorer.sh: no $cli (build first)" >&2; exit 2; }
[ -x "$bench" ] || { echo "bench/explorer.sh: no $bench (build first)" >&2; exit 2; }
[ -x "$tkscid" ] || { echo "bench/explorer.sh: no $tkscid (apt-get install scid)" >&2; exit 2; }
mkdir -p "$cache"
file=$cache/pgn-$games-$seed.pgn
if [ ! -s "$file" ]; then
  echo "generating $games games (seed $seed) into $file ..."
  "$cli" pgn-gen "$games" "$seed" > "$file.tmp"
  mv "$file.tmp" "$file"
fi
bytes=$(stat -L -c %s "$file")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- Queries ----------------------------------------------------------------
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
e4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
sicilian='rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
# 100 games at random (awk's srand: reproducible), one position each.
awk -v seed="$seed" -v total="$games" 'BEGIN { srand(seed); for (i = 0; i < 100; i++) pick[int(rand() * total) + 1] = 1 }
  /^\[Event / { g++ } pick[g] { print }' "$file" > "$work/picked.pgn"
"$cli" pgn-dump "$work/picked.pgn" > "$work/dump.txt" 2>/dev/null || true
awk -F'\t' -v seed="$seed" 'BEGIN { srand(seed + 1) }
  $1 == "end" { if (n > 0) print fens[int(rand() * n)]; n = 0; next }
  NF >= 2 { fens[n++] = $1 }' "$work/dump.txt" | head -n 100 > "$work/random.txt"
exact=$(awk -F'\t' '$1 == "end" { g++; p = 0; next } g == 3 && p++ == 12 { print $1 }' "$work/dump.txt")
pattern='8/8/8/2p5/8/5N2/8/8 w'
{
  printf 'tree\t%s\n' "$start"
  printf 'tree\t%s\n' "$e4"
  printf 'tree\t%s\n' "$sicilian"
  printf 'random'; while read -r fen; do printf '\t%s' "$fen"; done < "$work/random.txt"; printf '\n'
  printf 'find\t%s\n' "$exact"
  printf 'pattern\t%s\n' "$pattern"
} > "$work/queries.txt"

cat > "$work/scid.tcl" <<'EOF'
# argv: import BASE PGN | queries BASE QUERIES REPEATS
proc ms {t} { return [expr {([clock microseconds] - $t) / 1000.0}] }
lassign $argv mode base arg repeats
if {$mode eq "import"} {
  set t [clock microseconds]
  set db [sc_base create $base]
  set r [sc_base import $db $arg]
  sc_base close $db
  puts "import [ms $t] games [lindex $r 0]"
  exit 0
}
set t [clock microseconds]
set db [sc_base open $base]
sc_base switch $db
puts "ready [ms $t]"
set f [open $arg]
set lines [split [read $f] "\n"]
close $f
proc tree {db fen} {
  sc_game startBoard $fen
  sc_filter search $db tree board
  return [sc_tree stats $db tree]
}
foreach line $lines {
  if {$line eq ""} continue
  set parts [split $line "\t"]
  set kind [lindex $parts 0]
  if {$kind eq "pattern"} { puts "pattern n/a"; continue }
  set times {}
  for {set r 0} {$r < $repeats} {incr r} {
    set t [clock microseconds]
    if {$kind eq "tree"} {
      tree $db [lindex $parts 1]
    } elseif {$kind eq "random"} {
      foreach fen [lrange $parts 1 end] { tree $db $fen }
    } else {
      sc_game startBoard [lindex $parts 1]
      sc_filter reset $db dbfilter full
      sc_filter search $db dbfilter board Exact 0 0 -filter AND
    }
    lappend times [ms $t]
  }
  set times [lsort -real $times]
  puts "$kind median [lindex $times [expr {$repeats / 2}]] min [lindex $times 0]"
}
exit 0
EOF

# --- Runs ------------------------------------------------------------------
cat "$file" > /dev/null
results=$work/results.txt
: > "$results"
anon_kb () { awk '/^anon-peak/ { print $2 }' "$1"; }
# CPU time (user + sys, all threads) of the build and the import: on a
# shared machine it varies far less than the time to ready.
timed ()
{
  local out=$1
  shift
  rm -f "$out"
  if [ -x /usr/bin/time ]; then /usr/bin/time -f %U_%S -o "$out" "$@"; else "$@"; fi
}
cpu_ms ()
{
  [ -s "$1" ] || return 0
  awk -F_ -v who="$2 $3" 'END { printf "%s %.0f\n", who, 1000 * ($1 + $2) }' "$1"
}
for run in $(seq 1 "$runs"); do
  echo "run $run/$runs (load $(cut -d' ' -f1-3 /proc/loadavg)) ..." >&2
  # Caissa: build, then reopen and query.
  rm -rf "$work/xdg"
  timed "$work/c-build.cpu" env XDG_CACHE_HOME="$work/xdg" "$bench" "$file" /dev/null 1 > "$work/c-build.txt"
  XDG_CACHE_HOME=$work/xdg "$bench" "$file" "$work/queries.txt" "$repeats" > "$work/c-query.txt"
  c_size=$(awk '/^cache/ { print $2 }' "$work/c-build.txt")
  {
    echo "caissa build $(awk '/^ready/ { print $2 }' "$work/c-build.txt")"
    cpu_ms "$work/c-build.cpu" caissa build-cpu
    echo "caissa size $(awk -v s="$c_size" -v b="$bytes" 'BEGIN { printf "%.2f", 100 * s / b }')"
    echo "caissa anon $(( $(anon_kb "$work/c-build.txt") / 1024 ))"
    echo "caissa anon-query $(( $(anon_kb "$work/c-query.txt") / 1024 ))"
    echo "caissa reopen $(awk '/^ready/ { print $2 }' "$work/c-query.txt")"
    awk '$2 == "median" { n[$1]++; k = $1; if ($1 == "tree") k = "tree" n[$1]; print "caissa " k " " $3 }' "$work/c-query.txt"
  } >> "$results"
  # Scid: import, then reopen and query.
  rm -rf "$work/scid"; mkdir "$work/scid"
  timed "$work/s-import.cpu" "$tkscid" "$work/scid.tcl" import "$work/scid/base" "$file" > "$work/s-import.txt"
  "$tkscid" "$work/scid.tcl" queries "$work/scid/base" "$work/queries.txt" "$repeats" > "$work/s-query.txt"
  s_size=$(cat "$work/scid/base".s?4 | wc -c)
  {
    echo "scid build $(awk '/^import/ { print $2 }' "$work/s-import.txt")"
    cpu_ms "$work/s-import.cpu" scid build-cpu
    echo "scid size $(awk -v s="$s_size" -v b="$bytes" 'BEGIN { printf "%.2f", 100 * s / b }')"
    echo "scid reopen $(awk '/^ready/ { print $2 }' "$work/s-query.txt")"
    awk '$2 == "median" { n[$1]++; k = $1; if ($1 == "tree") k = "tree" n[$1]; print "scid " k " " $3 }' "$work/s-query.txt"
  } >> "$results"
done

# --- Report ----------------------------------------------------------------
cp "$results" "$cache/explorer-results-$games-$seed.txt"
echo
echo "bench/explorer.sh: $games random games (NOT real-looking), $(awk -v b="$bytes" 'BEGIN { printf "%.0f MB", b / 1e6 }'), $runs runs, queries x$repeats; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-24s %12s %12s   %-26s %s\n' figure "Caissa med" "Scid med" "ratio min/med/max" goal
# Goals stated for 1 M games, scaled to the games benched.
per_m ()
{
  awk -v ms="$1" -v g="$games" 'BEGIN { printf "%.0f", ms * g / 1e6 }'
}
build_goal=$(per_m 6000)
pattern_goal=$(per_m 1000)
# report KEY LABEL GOAL TEXT: GOAL the most Caissa's median may be (empty:
# no goal, nothing marked); TEXT what the goal column says.
report ()
{
  local key=$1 label=$2 goal=$3 text=$4
  awk -v key="$key" -v label="$label" -v goal="$goal" -v text="$text" '
    function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    $1 == "caissa" && $2 == key { c[++nc] = $3 }
    $1 == "scid" && $2 == key { s[++ns] = $3 }
    END {
      if (nc == 0) exit
      for (i = 1; i <= nc; i++) cc[i] = c[i]
      cm = med(cc, nc)
      mark = goal == "" ? " " : (cm <= goal + 0 ? "✔" : "✘")
      if (ns == nc && ns > 0) {
        for (i = 1; i <= nc; i++) r[i] = (s[i] > 0 ? c[i] / s[i] : 0)
        lo = r[1]; hi = r[1]; for (i = 1; i <= nc; i++) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i]; ss[i] = s[i] }
        rm = med(r, nc)
        printf "%-24s %12.2f %12.2f   %6.2f / %6.2f / %6.2f   %s %s\n", label, cm, med(ss, ns), lo, rm, hi, mark, text
      } else
        printf "%-24s %12.2f %12s   %-26s %s %s\n", label, cm, "-", "-", mark, text
    }' "$results"
}
report build "build/import (ms)" "$build_goal" "≤ $build_goal ($games games; ≤ 6000 a 1 M)"
# The same goal against the peer: issue 14 gives it as 6 s where Scid's
# import takes 11.5 s (a ratio of 0.52); on a machine where Scid is slower
# or faster than there, the ratio is the figure that carries over.
awk -v goal=0.52 '
  function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  $1 == "caissa" && $2 == "build" { c[++nc] = $3 }
  $1 == "scid" && $2 == "build" { s[++ns] = $3 }
  END {
    if (nc == 0 || ns != nc) exit
    for (i = 1; i <= nc; i++) r[i] = s[i] > 0 ? c[i] / s[i] : 0
    m = med(r, nc)
    printf "%-24s %12s %12s   %-26s %s %s\n", "build ÷ Scid import", "", "", sprintf("median %.2f", m), m <= goal ? "✔" : "✘", "≤ 0.52 (issue 14: 6 s where Scid takes 11.5 s)"
  }' "$results"
report build-cpu "build/import CPU (ms)" "" "user+sys, all threads"
report size "on disk (% of PGN)" 25 "≤ 25"
report anon "anon peak build (MB)" 200 "≤ 200"
report anon-query "anon peak reopen (MB)" 200 "≤ 200"
report reopen "reopen to ready (ms)" 500 "≤ 500"
report tree1 "tree start (ms)" 10 "≤ 10 median"
report tree2 "tree 1.e4 (ms)" 10 "≤ 10 median"
report tree3 "tree 1.e4 c5 2.Nf3 (ms)" 10 "≤ 10 median"
report random "100 random (ms)" 50 "≤ 50"
report find "exact search (ms)" 30 "≤ 30"
report pattern "pattern search (ms)" "$pattern_goal" "≤ $pattern_goal ($games games; ≤ 1000 a 1 M)"
