#!/usr/bin/env bash
# bench/review.sh — how soon the window lists the games of a large PGN
# file, and how it keeps up while indexing, checking and searching it.
#
#   bench/review.sh [-r REPEATS] [-s SEARCH] [--no-scid] [FILE]
#
# FILE defaults to 1.2 million random games (caissa-cli pgn-gen 1200000 42,
# about 1.1 GB) in $CAISSA_BENCH_CACHE (default /tmp/caissa-bench), made
# on the first run. Each run is a new process (build/bench/review-open): a window
# with the game list opens the file; the times are from the open to
#   first-items  the first games in the model (the indexer's first batch)
#   first-rows   the first frame painted with rows on screen (goal ≤ 200 ms)
#   indexed      every game listed
#   checked      every game parsed in the background (errors marked)
#   search       SEARCH typed into the list's search: until the first game
#                found (goal ≤ 200 ms) and until every game is filtered
#                (goal ≤ 2 s)
#   sort         the search cleared, every game sorted by White (the
#                column header clicked) until shown sorted (goal ≤ 1.5 s);
#                then the rows on screen are counted (never 0: never blank)
# and "stall" is the longest the main loop went without running (the
# window frozen) in each phase (with REVIEW_STALLS=1 in the environment,
# review-open prints each stall over 50 ms with the main thread's CPU time
# in it: far less than the stall means the thread was not given a core);
# "own memory" is the resident anonymous
# memory at the end (the index, the items, GTK: not the file's pages, which
# the page cache shares). Prints min / median / max over the runs.
# Needs a display (DISPLAY; Xvfb is fine). The file is read once first so
# every run reads from the page cache; other work on the machine shows in
# the times, so the load average is printed too.
#
# Beside Scid (Debian package scid): bench/scid-sort-search.tcl imports the
# same file into a memory base in tkscid, sorts it by White (the sort cache
# its game list makes) and searches the players' names for SEARCH; the
# ratios are Caissa's time over Scid's (below 1: Caissa faster). Scid has
# to import the file first (minutes for 1.2 M games; not part of the
# ratios: Caissa's indexing is the "all indexed" line). SCID_REPEATS runs
# (default 1: its import is long).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
bin=$build/bench/review-open
cache=${CAISSA_BENCH_CACHE:-/tmp/caissa-bench}
repeats=5
search=Carlsen
file=
scid=1
scid_repeats=${SCID_REPEATS:-1}

while [ $# -gt 0 ]; do
  case "$1" in
    -r) repeats=$2; shift 2 ;;
    -s) search=$2; shift 2 ;;
    --no-scid) scid=0; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    -*) echo "bench/review.sh: unknown argument $1" >&2; exit 2 ;;
    *) file=$1; shift ;;
  esac
done

[ -x "$bin" ] || { echo "bench/review.sh: no $bin (build first, or set CAISSA_BUILD_DIR)" >&2; exit 2; }
[ -n "${DISPLAY:-}" ] || { echo "bench/review.sh: needs a display (try xvfb-run)" >&2; exit 2; }
if [ -z "$file" ]; then
  cli=${CAISSA_CLI:-$build/src/cli/caissa-cli}
  file=$cache/pgn-1200000-42.pgn
  if [ ! -s "$file" ]; then
    [ -x "$cli" ] || { echo "bench/review.sh: no $cli (build first, or set CAISSA_CLI)" >&2; exit 2; }
    mkdir -p "$cache"
    echo "generating 1200000 games into $file ..."
    "$cli" pgn-gen 1200000 42 > "$file.tmp"
    mv "$file.tmp" "$file"
  fi
fi
cat "$file" > /dev/null

out=$(mktemp)
scid_out=$(mktemp)
trap 'rm -f "$out" "$scid_out"' EXIT
echo "file: $file ($(stat -c %s "$file") bytes), $repeats runs, search \"$search\""
for i in $(seq 1 "$repeats"); do
  GSETTINGS_BACKEND=memory "$bin" "$file" "$search" >>"$out" 2>/dev/null
done

if [ "$scid" = 1 ]; then
  if command -v tkscid > /dev/null || [ -x /usr/games/tkscid ]; then
    tkscid=$(command -v tkscid || echo /usr/games/tkscid)
    for i in $(seq 1 "$scid_repeats"); do
      (cd "$(mktemp -d)" && "$tkscid" "$root/bench/scid-sort-search.tcl" "$file" "$search") >>"$scid_out" 2>/dev/null || true
    done
  else
    echo "(no tkscid: apt-get install scid for the comparison)"
  fi
fi

stats ()  # stats KEY [FIELD] [FILE]: min / median / max of a value over the runs
{
  awk -v key="$1" -v field="${2:-2}" '$1 == key { print $field }' "${3:-$out}" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) exit; m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                              printf "%8.1f %8.1f %8.1f\n", v[1], m, v[NR] }'
}

echo "games: $(awk '$1 == "games" { print $2; exit }' "$out")"
printf "%-22s %8s %8s %8s\n" "ms from the open" min median max
printf "%-22s %s\n" "first games (model)" "$(stats first-items-ms)"
printf "%-22s %s\n" "first rows painted" "$(stats first-rows-ms)"
printf "%-22s %s\n" "all indexed" "$(stats indexed-ms)"
printf "%-22s %s\n" "all checked" "$(stats checked-ms)"
printf "%-22s %s\n" "search: first hit" "$(stats search-first-ms)"
printf "%-22s %s\n" "search (from typing)" "$(stats search-ms)"
printf "%-22s %s\n" "sort by White" "$(stats sort-ms)"
printf "%-22s %s\n" "rows shown after sort" "$(stats sorted-rows)"
printf "%-22s %s\n" "stall: first rows" "$(stats stall-ms 3)"
printf "%-22s %s\n" "stall: indexing" "$(stats stall-ms 5)"
printf "%-22s %s\n" "stall: checking" "$(stats stall-ms 7)"
printf "%-22s %s\n" "stall: searching" "$(stats stall-ms 9)"
printf "%-22s %s\n" "stall: clear + sort" "$(stats stall-ms 11)"
printf "%-22s %s\n" "own memory (KiB)" "$(stats rss-anon-kib)"

if [ -s "$scid_out" ]; then
  median ()  # median KEY FILE
  {
    stats "$1" 2 "$2" | awk '{ print $2 }'
  }
  echo
  echo "Scid ($(awk '$1 == "scid-games" { print $2; exit }' "$scid_out") games, $scid_repeats run(s); found $(awk '$1 == "scid-search-found" { print $2; exit }' "$scid_out") as White or Black, Caissa $(awk '$1 == "search-shown" { print $2; exit }' "$out") in any tag):"
  printf "%-22s %s\n" "scid import" "$(stats scid-import-ms 2 "$scid_out")"
  printf "%-22s %s\n" "scid sort by White" "$(stats scid-sort-ms 2 "$scid_out")"
  printf "%-22s %s\n" "scid search" "$(stats scid-search-ms 2 "$scid_out")"
  ratio ()  # ratio CAISSA_KEY SCID_KEY: Caissa's min / median / max over Scid's median
  {
    local s
    s=$(median "$2" "$scid_out")
    stats "$1" | awk -v s="$s" '{ if (s > 0) printf "%8.2f %8.2f %8.2f\n", $1 / s, $2 / s, $3 / s }'
  }
  echo "Caissa / Scid          min      median   max"
  printf "%-22s %s\n" "sort by White" "$(ratio sort-ms scid-sort-ms)"
  printf "%-22s %s\n" "search (complete)" "$(ratio search-ms scid-search-ms)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
