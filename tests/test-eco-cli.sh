#!/usr/bin/env bash
# test-eco-cli.sh — caissa-cli eco: one line per game in file order,
# N<TAB>ECO<TAB>name<TAB>ply; "-" and ply 0 when nothing is named or the
# game cannot be read (then FILE:LINE:COL on stderr, exit 1). TAP output.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
data=${CAISSA_TEST_DATA:-$(dirname "$0")/data}/eco
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok ()
{
  n=$((n + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do printf '# %s\n' "$line"; done
}

# check NAME WANT_RC WANT_STDOUT WANT_STDERR ('*' = anything)
check ()
{
  local name=$1 want_rc=$2 want_out=$3 want_err=$4
  if [ "$rc" != "$want_rc" ]; then
    not_ok "$name" "exit code $rc, expected $want_rc" "stderr: $err"
  elif [ "$out" != "$want_out" ]; then
    not_ok "$name" "stdout:" "$out" "expected:" "$want_out"
  elif [ "$want_err" != '*' ] && [ "$err" != "$want_err" ]; then
    not_ok "$name" "stderr:" "$err" "expected:" "$want_err"
  else
    ok "$name"
  fi
}

run () { out=$("$cli" "$@" 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr"); }

echo "1..9"

cd "$data" || exit 1
run eco openings.pgn
T=$'\t'
check "eco: every game in file order, transpositions found, errors as '-'" 1 \
"1${T}B90${T}Sicilian Defense: Najdorf Variation, Adams Attack${T}11
2${T}D37${T}Queen's Gambit Declined: Harrwitz Attack${T}9
3${T}-${T}-${T}0
4${T}-${T}-${T}0
5${T}-${T}-${T}0
6${T}C97${T}Ruy Lopez: Closed, Chigorin Defense${T}22" \
"openings.pgn:25:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

# The same games from stdin, without the unreadable one: exit 0.
out=$(sed '/Unreadable/,/2. Ke3/d' openings.pgn | "$cli" eco - 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "eco -: reads stdin; no error, exit 0" 0 \
"1${T}B90${T}Sicilian Defense: Najdorf Variation, Adams Attack${T}11
2${T}D37${T}Queen's Gambit Declined: Harrwitz Attack${T}9
3${T}-${T}-${T}0
4${T}-${T}-${T}0
5${T}C97${T}Ruy Lopez: Closed, Chigorin Defense${T}22" ""

run eco "$tmp/none.pgn"
if [ "$rc" = 2 ] && [ -z "$out" ] && [[ "$err" == *"none.pgn"* ]]; then
  ok "eco: a missing file, exit 2"
else
  not_ok "eco: a missing file, exit 2" "rc $rc" "$err"
fi

run eco
check "eco: no file is bad usage" 2 "" "caissa-cli eco: a PGN file is needed
usage: caissa-cli eco FILE"

run --help
if [ "$rc" = 0 ] && [[ "$out" == *"eco FILE"* ]]; then
  ok "--help lists eco"
else
  not_ok "--help lists eco" "$out"
fi

# An empty file: no games, no lines.
: > "$tmp/empty.pgn"
run eco "$tmp/empty.pgn"
check "eco: an empty file prints nothing" 0 "" ""

# eco-gen, which compiles data/openings at build time, fails the build on
# a line that does not replay legally, saying where.
gen=${CAISSA_ECO_GEN:-build/src/core/eco-gen}
printf 'eco\tname\tpgn\nA00\tGood\t1. e4\nA00\tBad\t1. e4 e5 2. Ke3\n' > "$tmp/bad.tsv"
out=$("$gen" "$tmp/out.c" "$tmp/bad.tsv" 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "eco-gen: an illegal move fails with FILE:LINE:COL" 1 "" \
  "$tmp/bad.tsv:3:21: Ke3: illegal: no white king can move to e3"
printf 'eco\tname\tpgn\nF00\tBad\t1. e4\n' > "$tmp/bad.tsv"
out=$("$gen" "$tmp/out.c" "$tmp/bad.tsv" 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "eco-gen: a bad ECO code fails" 1 "" "$tmp/bad.tsv:2:1: \"F00\" is not an ECO code (A00 … E99)"
printf 'eco\tname\tpgn\nA00\tGood\t1. e4\nB00\tSame place\t1. e4\n' > "$tmp/ok.tsv"
out=$("$gen" "$tmp/out.c" "$tmp/ok.tsv" 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
if [ "$rc" = 0 ] && grep -q "chess_eco_table_len = 1;" "$tmp/out.c" && grep -q "chess_eco_merged_len = 1;" "$tmp/out.c"; then
  ok "eco-gen: two lines to one position are merged into the first"
else
  not_ok "eco-gen: two lines to one position are merged into the first" "rc $rc" "$err"
fi
