#!/usr/bin/env bash
# test-pgn-cli.sh — caissa-cli pgn-check, pgn-dump, pgn-export, pgn-index,
# pgn-gen: outputs, error lines and exit codes. TAP output.
# $CAISSA_CLI names the binary, $CAISSA_TEST_DATA the data folder.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
data=${CAISSA_TEST_DATA:-$(dirname "$0")/data}/pgn
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()
{
  n=$((n + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do printf '# %s\n' "$line"; done
}

skip ()
{
  n=$((n + 1))
  echo "ok $n - $1 # SKIP $2"
}

# run ARGS... : sets $out, $err, $rc
run ()
{
  out=$("$cli" "$@" 2>"$tmp/stderr")
  rc=$?
  err=$(cat "$tmp/stderr")
}

# check NAME WANT_RC WANT_STDOUT WANT_STDERR (exact; '*' = anything)
check ()
{
  local name=$1 want_rc=$2 want_out=$3 want_err=$4
  if [ "$rc" != "$want_rc" ]; then
    not_ok "$name" "exit code $rc, expected $want_rc" "stderr: $err"
  elif [ "$want_out" != '*' ] && [ "$out" != "$want_out" ]; then
    not_ok "$name" "stdout:" "$out" "expected:" "$want_out"
  elif [ "$want_err" != '*' ] && [ "$err" != "$want_err" ]; then
    not_ok "$name" "stderr:" "$err" "expected:" "$want_err"
  else
    ok "$name"
  fi
}

echo "1..26"

# --- pgn-check ---------------------------------------------------------------
cp "$data/escaped-tags.pgn" "$data/illegal-move.pgn" "$data/parens.pgn" "$tmp/"
cd "$tmp" || exit 1

run pgn-check escaped-tags.pgn
check "pgn-check: a good file" 0 "games: 1 ok: 1 errors: 0" ""

run pgn-check illegal-move.pgn
check "pgn-check: FILE:LINE:COL: message, exit 1" 1 "games: 2 ok: 1 errors: 1" \
  "illegal-move.pgn:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

run pgn-check escaped-tags.pgn parens.pgn illegal-move.pgn
check "pgn-check: several files, errors in file order" 1 "games: 6 ok: 3 errors: 3" \
  "parens.pgn:3:10: unbalanced parentheses: ')' without '('
parens.pgn:7:7: unbalanced parentheses: '(' not closed before the result *
illegal-move.pgn:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

run pgn-check missing.pgn
check "pgn-check: a missing file, exit 2" 2 "games: 0 ok: 0 errors: 0" \
  "caissa-cli pgn-check: cannot read missing.pgn: No such file or directory"

mkdir adir
run pgn-check escaped-tags.pgn adir
check "pgn-check: a directory, exit 2 (the good file still counted)" 2 "games: 1 ok: 1 errors: 0" \
  "caissa-cli pgn-check: cannot read adir: Is a directory"

cp escaped-tags.pgn secret.pgn
chmod 000 secret.pgn
if [ "$(id -u)" = 0 ]; then
  skip "pgn-check: an unreadable file, exit 2" "root reads any file"
else
  run pgn-check secret.pgn
  check "pgn-check: an unreadable file, exit 2" 2 "games: 0 ok: 0 errors: 0" \
    "caissa-cli pgn-check: cannot read secret.pgn: Permission denied"
fi

out=$("$cli" pgn-check - < illegal-move.pgn 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "pgn-check: standard input as -" 1 "games: 2 ok: 1 errors: 1" \
  "-:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

out=$(cat "$data"/*.pgn | "$cli" pgn-check - 2>/dev/null); rc=$?
check "pgn-check: every test file through a pipe" 1 "games: 42 ok: 28 errors: 14" '*'

run pgn-check
check "pgn-check: no file is a usage error" 2 "" '*'

# Two threads must report the same errors at the same places as one: a bad
# game in the middle and one near the end of 600 generated games.
"$cli" pgn-gen 300 5 > big.pgn
cat illegal-move.pgn >> big.pgn
"$cli" pgn-gen 300 6 >> big.pgn
printf '[Event "last"]\n\n1. e4 e5 2. Bb6 *\n' >> big.pgn
run pgn-check -j 1 big.pgn
one_out=$out one_err=$err
run pgn-check -j 2 big.pgn
if [ "$out" = "$one_out" ] && [ "$err" = "$one_err" ] && [ "$rc" = 1 ] \
   && [ "$out" = "games: 603 ok: 601 errors: 2" ] && [ "$(printf '%s\n' "$err" | wc -l)" = 2 ]; then
  ok "pgn-check -j 2: same counts and error lines as -j 1"
else
  not_ok "pgn-check -j 2: same counts and error lines as -j 1" "j1: $one_out / $one_err" "j2: $out / $err"
fi
last_line=$(wc -l < big.pgn)
if [[ "$err" == *"big.pgn:$((last_line - 0)):13: illegal move 'Bb6'"* ]]; then
  ok "pgn-check -j 2: line numbers count from the start of the file"
else
  not_ok "pgn-check -j 2: line numbers count from the start of the file" "$err" "last line is $last_line"
fi

# --- pgn-dump ----------------------------------------------------------------
printf '[Event "Fool"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n' > fool.pgn
run pgn-dump fool.pgn
tab=$'\t'
check "pgn-dump: FEN, sorted legal moves, end status, empty line" 0 \
"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1${tab}Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4
rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1${tab}Na6 Nc6 Nf6 Nh6 a5 a6 b5 b6 c5 c6 d5 d6 e5 e6 f5 f6 g5 g6 h5 h6
rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2${tab}Kf2 Na3 Nc3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f4 g3 g4 h3 h4
rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2${tab}Ba3 Bb4 Bc5 Bd6 Be7 Ke7 Na6 Nc6 Ne7 Nf6 Nh6 Qe7 Qf6 Qg5 Qh4# a5 a6 b5 b6 c5 c6 d5 d6 e4 f5 f6 g5 g6 h5 h6
rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3${tab}
end${tab}checkmate" ""

printf '[Event "ep"]\n\n1. e4 d5 2. e5 f5 3. Nf3 *\n' > ep.pgn
run pgn-dump ep.pgn
line4=$(printf '%s\n' "$out" | sed -n 5p)
if [[ "$line4" == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3${tab}"*" exf6 "* ]] \
   && [[ "$(printf '%s\n' "$out" | sed -n 6p)" == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3${tab}"* ]]; then
  ok "pgn-dump: the e.p. square only when the capture is legal"
else
  not_ok "pgn-dump: the e.p. square only when the capture is legal" "$out"
fi

run pgn-dump illegal-move.pgn
check "pgn-dump: a bad game is one error line, then the good one" 1 \
"error${tab}3:13${tab}illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1${tab}Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4
rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1${tab}Na6 Nc6 Nf6 Nh6 a5 a6 b5 b6 c5 c6 d5 d6 e5 e6 f5 f6 g5 g6 h5 h6
end${tab}ongoing" ""

run pgn-dump missing.pgn
check "pgn-dump: a missing file, exit 2" 2 "" "caissa-cli pgn-dump: cannot read missing.pgn: No such file or directory"

# --- pgn-export --------------------------------------------------------------
cat "$data"/*.pgn > all.pgn
"$cli" pgn-export all.pgn > once.pgn 2>/dev/null
rc=$?
"$cli" pgn-export once.pgn > twice.pgn
rc2=$?
if [ "$rc" = 1 ] && [ "$rc2" = 0 ] && cmp -s once.pgn twice.pgn && [ -s once.pgn ]; then
  ok "pgn-export: idempotent on every test file (exit 1 for the bad games, 0 after)"
else
  not_ok "pgn-export: idempotent on every test file" "exit codes $rc $rc2" "$(diff once.pgn twice.pgn | head -20)"
fi

run pgn-check once.pgn
check "pgn-export: keeps every good game" 0 "games: 28 ok: 28 errors: 0" ""

if awk 'length($0) > 80 { bad = 1 } END { exit bad }' once.pgn; then
  ok "pgn-export: no line longer than 80 bytes"
else
  not_ok "pgn-export: no line longer than 80 bytes" "$(awk 'length($0) > 80' once.pgn | head -3)"
fi

run pgn-export escaped-tags.pgn -o out/x.pgn
check "pgn-export -o into a missing directory: exit 2" 2 "" '*'

mkdir out
run pgn-export once.pgn -o out/x.pgn
if [ "$rc" = 0 ] && [ -z "$out" ] && cmp -s out/x.pgn twice.pgn && [ "$(ls -A out)" = "x.pgn" ]; then
  ok "pgn-export -o OUT: same bytes, no temporary file left"
else
  not_ok "pgn-export -o OUT: same bytes, no temporary file left" "rc $rc" "$(ls -A out)"
fi

echo "old" > out/y.pgn
run pgn-export missing.pgn -o out/y.pgn
if [ "$rc" = 2 ] && [ "$(cat out/y.pgn)" = "old" ] && [ "$(ls -A out | wc -l)" = 2 ]; then
  ok "pgn-export -o OUT: an unreadable input leaves OUT untouched"
else
  not_ok "pgn-export -o OUT: an unreadable input leaves OUT untouched" "rc $rc" "$(ls -A out)"
fi

# --- pgn-gen and pgn-index ---------------------------------------------------
"$cli" pgn-gen 50 11 > g1.pgn
"$cli" pgn-gen 50 11 > g2.pgn
"$cli" pgn-gen 50 12 > g3.pgn
if cmp -s g1.pgn g2.pgn && ! cmp -s g1.pgn g3.pgn; then
  ok "pgn-gen: the same seed gives the same games, another seed others"
else
  not_ok "pgn-gen: the same seed gives the same games, another seed others"
fi

run pgn-check g1.pgn
check "pgn-gen: every generated game is legal" 0 "games: 50 ok: 50 errors: 0" ""

"$cli" pgn-export g1.pgn > g1-export.pgn
if cmp -s g1.pgn g1-export.pgn; then
  ok "pgn-gen: writes export format (pgn-export changes nothing)"
else
  not_ok "pgn-gen: writes export format" "$(diff g1.pgn g1-export.pgn | head)"
fi

run pgn-index big.pgn
games=$(printf '%s\n' "$out" | sed -n 's/^games: //p')
if [ "$rc" = 0 ] && [ "$games" = 603 ]; then
  ok "pgn-index: as many games as pgn-check"
else
  not_ok "pgn-index: as many games as pgn-check" "$out"
fi

run pgn-index --list escaped-tags.pgn
if [ "$(printf '%s\n' "$out" | head -1)" = "0${tab}439${tab}The \"Immortal\" Game${tab}C:\\games\\london.pgn${tab}1851.06.21${tab}?${tab}Anderssen, Adolf${tab}Kieseritzky, Lionel${tab}1-0${tab}${tab}${tab}${tab}" ]; then
  ok "pgn-index --list: offsets, lengths and unescaped tag values"
else
  not_ok "pgn-index --list: offsets, lengths and unescaped tag values" "$(printf '%s\n' "$out" | head -1)"
fi
