#!/usr/bin/env bash
# test-analyse-cli.sh — caissa-cli analyse with the real Stockfish and with
# fake engines: [%eval] and NAGs written, options before or after FILE, -j,
# atomic output, bad games kept, engine failures reported. TAP output.
# $CAISSA_CLI names the binary; the fake engines are in tests/engines/.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
engines=$(cd "$(dirname "$0")/engines" && pwd)
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

# run ARGS... : sets $out, $err, $rc
run ()
{
  out=$("$cli" "$@" 2>"$tmp/stderr")
  rc=$?
  err=$(cat "$tmp/stderr")
}

# expect NAME CONDITION-RESULT(0 = good) DETAILS...
expect ()
{
  local name=$1 good=$2
  shift 2
  if [ "$good" = 0 ]; then ok "$name"; else not_ok "$name" "$@"; fi
}

flat () { tr '\n' ' ' < "$1"; }

cat > "$tmp/games.pgn" <<'PGN'
[Event "Scholar"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 {[%clk 0:04:50]} Nf6 4. Qxf7# 1-0

[Event "Quiet"]

1. d4 d5 2. Nf3 Nf6 *

[Event "Broken"]

1. e4 e4 *
PGN

echo "1..15"

# --- the real Stockfish ------------------------------------------------------
cd "$tmp" || exit 1
run analyse games.pgn --depth 8 -o out.pgn
expect "analyse exits 1 when a game cannot be read" "$([ "$rc" = 1 ]; echo $?)" "rc=$rc" "$err"
expect "the bad game is reported as FILE:LINE:COL" \
  "$(grep -q '^games.pgn:11:7: ' <<<"$err"; echo $?)" "$err"
expect "progress on stderr, one line a game" \
  "$([ "$(grep -c 'caissa-cli analyse: game [12]/3 done' <<<"$err")" = 2 ]; echo $?)" "$err"
expect "nothing on stdout with -o" "$([ -z "$out" ]; echo $?)" "$out"
f=$(flat out.pgn)
expect "[%eval] after each move but the mate" \
  "$([ "$(grep -o '\[%eval [-#0-9.]*\]' out.pgn | wc -l)" -ge 11 ]; echo $?)" "$f"
expect "Nf6 marked \$4 with the mate eval" "$(grep -q 'Nf6 \$4 {\[%eval #1\]}' <<<"$f"; echo $?)" "$f"
expect "the best line at the blunder, as a variation" "$(grep -q '(3\.\.\. [A-Za-z]' <<<"$f"; echo $?)" "$f"
expect "the clock is kept beside the eval" "$(grep -q '\[%clk 0:04:50\]' <<<"$f"; echo $?)" "$f"
expect "the bad game is copied as it was" "$(grep -q '^1\. e4 e4 \*$' out.pgn; echo $?)" "$f"

# Options after FILE, -j 2, to stdout: the same games in the same order.
run --help
run analyse --movetime 50 -j 2 games.pgn
expect "options before FILE, -j 2, stdout" \
  "$([ "$rc" = 1 ] && [ "$(grep -c '^\[Event' <<<"$out")" = 3 ] && [ "$(grep '^\[Event' <<<"$out" | head -1)" = '[Event "Scholar"]' ]; echo $?)" "rc=$rc" "$out" "$err"

# --- usage and bad engines ---------------------------------------------------
run analyse games.pgn --depth 3 --movetime 10
expect "--depth with --movetime is bad usage" "$([ "$rc" = 2 ]; echo $?)" "rc=$rc"
echo "old" > kept.pgn
run analyse games.pgn --engine "$engines/illegal.sh" -o kept.pgn
expect "an illegal move stops the run with the engine's name" \
  "$([ "$rc" = 2 ] && grep -q 'Fake Illegal' <<<"$err" && grep -q 'e2e5' <<<"$err"; echo $?)" "rc=$rc" "$err"
expect "and OUT is left as it was (atomic)" "$([ "$(cat kept.pgn)" = old ]; echo $?)" "$(cat kept.pgn)"
run analyse games.pgn --engine /nonexistent/engine
expect "an engine not found" \
  "$([ "$rc" = 2 ] && grep -q 'not found' <<<"$err"; echo $?)" "rc=$rc" "$err"
out=$(printf '[Event "x"]\n\n1. e4 e5 2. Nf3 *\n' | "$cli" analyse - --depth 4 2>/dev/null)
rc=$?
expect "a game read from standard input (-)" \
  "$([ "$rc" = 0 ] && [ "$(grep -o '\[%eval [-#0-9.]*\]' <<<"$out" | wc -l)" = 3 ]; echo $?)" "rc=$rc" "$out"
