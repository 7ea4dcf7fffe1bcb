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

echo "1..48"

# --- pgn-check ---------------------------------------------------------------
cp "$data/escaped-tags.pgn" "$data/illegal-move.pgn" "$data/parens.pgn" "$tmp/"
cd "$tmp" || exit 1

run pgn-check escaped-tags.pgn
check "pgn-check: a good file" 0 "games: 1 ok: 1 warnings: 0 errors: 0" ""

run pgn-check illegal-move.pgn
check "pgn-check: FILE:LINE:COL: message, exit 1" 1 "games: 2 ok: 1 warnings: 0 errors: 1" \
  "illegal-move.pgn:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

run pgn-check escaped-tags.pgn parens.pgn illegal-move.pgn
check "pgn-check: several files, errors in file order" 1 "games: 6 ok: 4 warnings: 1 errors: 2" \
  "parens.pgn:3:10: warning: unbalanced parentheses: ')' without '('; ignored
parens.pgn:7:7: unbalanced parentheses: '(' not closed before the result *
illegal-move.pgn:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

run pgn-check missing.pgn
check "pgn-check: a missing file, exit 2" 2 "games: 0 ok: 0 warnings: 0 errors: 0" \
  "caissa-cli pgn-check: cannot read missing.pgn: No such file or directory"

mkdir adir
run pgn-check escaped-tags.pgn adir
check "pgn-check: a directory, exit 2 (the good file still counted)" 2 "games: 1 ok: 1 warnings: 0 errors: 0" \
  "caissa-cli pgn-check: cannot read adir: Is a directory"

cp escaped-tags.pgn secret.pgn
chmod 000 secret.pgn
if [ "$(id -u)" = 0 ]; then
  skip "pgn-check: an unreadable file, exit 2" "root reads any file"
else
  run pgn-check secret.pgn
  check "pgn-check: an unreadable file, exit 2" 2 "games: 0 ok: 0 warnings: 0 errors: 0" \
    "caissa-cli pgn-check: cannot read secret.pgn: Permission denied"
fi

out=$("$cli" pgn-check - < illegal-move.pgn 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "pgn-check: standard input as -" 1 "games: 2 ok: 1 warnings: 0 errors: 1" \
  "-:3:13: illegal move 'Ke3': no white king can move to e3 (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"

out=$(cat "$data"/*.pgn | "$cli" pgn-check - 2>/dev/null); rc=$?
check "pgn-check: every test file through a pipe" 1 "games: 3878 ok: 3856 warnings: 22 errors: 22" '*'

run pgn-check
check "pgn-check: no file is a usage error" 2 "" '*'

# Damage read through: warnings as FILE:LINE:COL: warning: ..., counted, the
# games kept (exit 0); --strict makes them errors (exit 1).
for f in result-damage tag-quotes variation-illegal variants html-br; do
  cp "$data/$f.pgn" .
done
run pgn-check result-damage.pgn
check "pgn-check: warnings, exit 0" 0 "games: 5 ok: 5 warnings: 5 errors: 0" \
  "result-damage.pgn:3:21: warning: '1/2' read as the result 1/2-1/2
result-damage.pgn:7:35: warning: the result 1-0 is glued to the move Qxf7
result-damage.pgn:11:16: warning: the result 0-1 is glued to the move Qh4
result-damage.pgn:15:10: warning: '½-½' read as the result 1/2-1/2
result-damage.pgn:19:7: warning: the forfeit marker '(+)-(-)' read as the result 1-0"

run pgn-check --strict result-damage.pgn
check "pgn-check --strict: warnings are errors, exit 1" 1 "games: 5 ok: 0 warnings: 0 errors: 5" \
  "result-damage.pgn:3:21: '1/2' read as the result 1/2-1/2
result-damage.pgn:7:35: the result 1-0 is glued to the move Qxf7
result-damage.pgn:11:16: the result 0-1 is glued to the move Qh4
result-damage.pgn:15:10: '½-½' read as the result 1/2-1/2
result-damage.pgn:19:7: the forfeit marker '(+)-(-)' read as the result 1-0"

run pgn-check -j 2 --strict tag-quotes.pgn variation-illegal.pgn
check "pgn-check --strict: errors and warnings of several files" 1 "games: 4 ok: 1 warnings: 0 errors: 3" '*'

# Variants: one error a game, no castling or SAN error.
run pgn-check variants.pgn
check "pgn-check: one error per variant game" 1 "games: 7 ok: 1 warnings: 0 errors: 6" \
  "variants.pgn:2:1: variant not supported: Chess960
variants.pgn:10:1: variant not supported: Chess960
variants.pgn:17:1: variant not supported: Chess960
variants.pgn:24:1: variant not supported: Crazyhouse
variants.pgn:32:37: variant not supported: Crazyhouse
variants.pgn:35:1: variant not supported: Antichess"

# An HTML page's copy: one error per game, not one per line.
run pgn-check html-br.pgn
check "pgn-check: <br /> damage gives one error per game" 1 "games: 2 ok: 0 warnings: 2 errors: 2" \
  "html-br.pgn:1:12: HTML markup '<br />' in the game
html-br.pgn:8:14: warning: text outside a game; ignored up to the end of the line
html-br.pgn:10:12: HTML markup '<br />' in the game
html-br.pgn:13:13: warning: text outside a game; ignored up to the end of the line"

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
   && [ "$out" = "games: 603 ok: 601 warnings: 0 errors: 2" ] && [ "$(printf '%s\n' "$err" | wc -l)" = 2 ]; then
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
check "pgn-export: keeps every good game" 0 "games: 3856 ok: 3856 warnings: 0 errors: 0" ""

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
check "pgn-gen: every generated game is legal" 0 "games: 50 ok: 50 warnings: 0 errors: 0" ""

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

# --- pgn-export -o never loses a game ----------------------------------------
# In place: the bad game's text is copied through byte for byte, the good
# ones rewritten; the error is reported and the exit code is 1.
cat escaped-tags.pgn illegal-move.pgn > inplace.pgn
bad_text=$(sed -n '/^\[Event "Illegal"\]/,/Nc6 \*$/p' illegal-move.pgn)
run pgn-export inplace.pgn -o inplace.pgn
check_out=$("$cli" pgn-check inplace.pgn 2>/dev/null)
if [ "$rc" = 1 ] && [[ "$err" == "inplace.pgn:15:13: illegal move 'Ke3'"* ]] \
   && [[ "$(cat inplace.pgn)" == *"$bad_text"* ]] && [ "$check_out" = "games: 3 ok: 2 warnings: 0 errors: 1" ]; then
  ok "pgn-export in place: a bad game is kept as it was, exit 1"
else
  not_ok "pgn-export in place: a bad game is kept as it was, exit 1" "rc $rc" "$err" "$check_out" "$(cat inplace.pgn)"
fi

# Every game bad: OUT gets the input's bytes, not an empty file.
printf '[Event "a"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "b"]\n\n1. Nf6 *\n' > allbad.pgn
echo "old" > existing.pgn
run pgn-export allbad.pgn -o existing.pgn
if [ "$rc" = 1 ] && cmp -s allbad.pgn existing.pgn && [ "$(printf '%s\n' "$err" | wc -l)" = 2 ]; then
  ok "pgn-export -o: every game bad, OUT holds them all as they were"
else
  not_ok "pgn-export -o: every game bad, OUT holds them all as they were" "rc $rc" "$err" "$(cat existing.pgn)"
fi

# From a pipe the bad text cannot be read again: OUT is left alone.
echo "old" > existing.pgn
out=$("$cli" pgn-export - -o existing.pgn < allbad.pgn 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
if [ "$rc" = 2 ] && [ "$(cat existing.pgn)" = "old" ] \
   && [[ "$err" == *"existing.pgn not written: 2 games have errors"* ]] \
   && [ -z "$(ls -A | grep '^\.existing')" ]; then
  ok "pgn-export - -o OUT: bad games from a pipe leave OUT untouched, exit 2"
else
  not_ok "pgn-export - -o OUT: bad games from a pipe leave OUT untouched, exit 2" "rc $rc" "$err" "$(ls -A)"
fi

# Binary junk before a good game: the junk's 20 bytes come through as they
# were, the good game rewritten; OUT reads as the input did.
cp "$data/binary-junk.pgn" junk.pgn
run pgn-export junk.pgn -o junk-out.pgn
if [ "$rc" = 1 ] && [ "$(head -c 20 junk.pgn | od -An -tx1)" = "$(head -c 20 junk-out.pgn | od -An -tx1)" ] \
   && [ "$("$cli" pgn-check junk-out.pgn 2>&1)" = "$("$cli" pgn-check junk.pgn 2>&1 | sed 's/^junk\.pgn/junk-out.pgn/')" ]; then
  ok "pgn-export -o: binary junk comes through as it was"
else
  not_ok "pgn-export -o: binary junk comes through as it was" "rc $rc" "$err" "$(od -c junk-out.pgn | head -3)"
fi

# The mode of the file replaced is kept.
cp escaped-tags.pgn private.pgn
chmod 600 private.pgn
run pgn-export once.pgn -o private.pgn
if [ "$rc" = 0 ] && [ "$(stat -c %a private.pgn)" = 600 ] && cmp -s private.pgn twice.pgn; then
  ok "pgn-export -o: a 0600 file stays 0600"
else
  not_ok "pgn-export -o: a 0600 file stays 0600" "rc $rc" "mode $(stat -c %a private.pgn)"
fi

# A symbolic link is followed: its target is replaced, the link stays.
cp escaped-tags.pgn target.pgn
ln -s target.pgn link.pgn
ln -s new-target.pgn dangling.pgn
run pgn-export once.pgn -o link.pgn
rc1=$rc
run pgn-export once.pgn -o dangling.pgn
if [ "$rc1" = 0 ] && [ "$rc" = 0 ] && [ -L link.pgn ] && [ "$(readlink link.pgn)" = target.pgn ] \
   && cmp -s target.pgn twice.pgn && [ -L dangling.pgn ] && cmp -s new-target.pgn twice.pgn; then
  ok "pgn-export -o LINK: the link stays, its target is written"
else
  not_ok "pgn-export -o LINK: the link stays, its target is written" "rc $rc1 $rc" "$(ls -l)"
fi

# A FIFO is written to, not replaced by a file.
mkfifo pipe.fifo
timeout 20 cat pipe.fifo > fifo-out.pgn &
reader=$!
run pgn-export once.pgn -o pipe.fifo
wait "$reader"
if [ "$rc" = 0 ] && [ -p pipe.fifo ] && cmp -s fifo-out.pgn twice.pgn; then
  ok "pgn-export -o FIFO: written to, still a FIFO"
else
  not_ok "pgn-export -o FIFO: written to, still a FIFO" "rc $rc" "$err" "$(ls -l pipe.fifo)"
fi

# Character devices (made here, so a failure harms no real one): written
# straight to; a full one reports ENOSPC. Only root can make them.
if [ "$(id -u)" = 0 ] && mknod null.dev c 1 3 2>/dev/null && mknod full.dev c 1 7 2>/dev/null; then
  run pgn-export once.pgn -o null.dev
  rc1=$rc
  run pgn-export once.pgn -o full.dev
  if [ "$rc1" = 0 ] && [ -c null.dev ] && [ "$rc" = 2 ] && [ -c full.dev ] \
     && [ "$err" = "caissa-cli pgn-export: cannot write full.dev: No space left on device" ]; then
    ok "pgn-export -o DEVICE: written to, never replaced (a full one: ENOSPC, exit 2)"
  else
    not_ok "pgn-export -o DEVICE: written to, never replaced" "rc $rc1 $rc" "$err" "$(ls -l null.dev full.dev)"
  fi
else
  skip "pgn-export -o DEVICE: written to, never replaced" "mknod needs root"
fi

# What /dev/stdout is, made here: a link into /proc/self/fd (a bug that
# replaced it must not replace the real one, as the old code did as root).
ln -s /proc/self/fd/1 stdout.link
run pgn-export once.pgn -o stdout.link
if [ "$rc" = 0 ] && [ "$out" = "$(cat twice.pgn)" ] && [ "$(readlink stdout.link)" = /proc/self/fd/1 ]; then
  ok "pgn-export -o a link to /proc/self/fd/1: the games on standard output"
else
  not_ok "pgn-export -o a link to /proc/self/fd/1: the games on standard output" "rc $rc" "$err"
fi
"$cli" pgn-export once.pgn -o stdout.link > stdout-file.pgn 2>"$tmp/stderr"
rc=$?
if [ "$rc" = 0 ] && cmp -s stdout-file.pgn twice.pgn && [ -L stdout.link ]; then
  ok "pgn-export -o a link to /proc/self/fd/1 on a file: written in place"
else
  not_ok "pgn-export -o a link to /proc/self/fd/1 on a file: written in place" "rc $rc" "$(cat "$tmp/stderr")"
fi

run pgn-export once.pgn -o adir
check "pgn-export -o DIRECTORY: exit 2" 2 "" "caissa-cli pgn-export: cannot write adir: Is a directory"

# --- A file that changes while it is read -------------------------------------
# CAISSA_TEST_TRUNCATE_AFTER=N truncates the input to N bytes once the
# bytes up to N have been read: what another program's truncate does, at
# a known moment. Mapped, this was a SIGBUS (exit 135).
"$cli" pgn-gen 3000 7 > shrink-src.pgn
for j in 1 2; do
  cp shrink-src.pgn shrink.pgn
  out=$(CAISSA_TEST_TRUNCATE_AFTER=1500000 "$cli" pgn-check -j $j shrink.pgn 2>"$tmp/stderr"); rc=$?
  err=$(cat "$tmp/stderr")
  if [ "$rc" = 2 ] && [ "$(stat -c %s shrink.pgn)" = 1500000 ] \
     && [[ "$err" == *"caissa-cli pgn-check: shrink.pgn: the file changed while it was being read" ]]; then
    ok "pgn-check -j $j: a file truncated while read is reported, exit 2"
  else
    not_ok "pgn-check -j $j: a file truncated while read is reported, exit 2" "rc $rc" "$err"
  fi
done

# Truncated after the whole (small) file was read: seen from its size.
cp escaped-tags.pgn shrink.pgn
out=$(CAISSA_TEST_TRUNCATE_AFTER=100 "$cli" pgn-check -j 1 shrink.pgn 2>"$tmp/stderr"); rc=$?; err=$(cat "$tmp/stderr")
check "pgn-check: a file truncated after its last byte was read, exit 2" 2 "games: 1 ok: 1 warnings: 0 errors: 0" \
  "caissa-cli pgn-check: shrink.pgn: the file changed while it was being read"

cp shrink-src.pgn shrink.pgn
echo "old" > shrink-out.pgn
out=$(CAISSA_TEST_TRUNCATE_AFTER=1500000 "$cli" pgn-export shrink.pgn -o shrink-out.pgn 2>"$tmp/stderr"); rc=$?
err=$(cat "$tmp/stderr")
if [ "$rc" = 2 ] && [ "$(cat shrink-out.pgn)" = old ] && [ -z "$(ls -A | grep '^\.shrink')" ] \
   && [[ "$err" == *"caissa-cli pgn-export: shrink.pgn: the file changed while it was being read" ]]; then
  ok "pgn-export -o: an input truncated while read leaves OUT untouched, exit 2"
else
  not_ok "pgn-export -o: an input truncated while read leaves OUT untouched, exit 2" "rc $rc" "$err"
fi

cp shrink-src.pgn shrink.pgn
out=$(CAISSA_TEST_TRUNCATE_AFTER=1500000 "$cli" pgn-dump shrink.pgn 2>"$tmp/stderr"); rc=$?
err=$(cat "$tmp/stderr")
if [ "$rc" = 2 ] && [[ "$err" == *"caissa-cli pgn-dump: shrink.pgn: the file changed while it was being read" ]]; then
  ok "pgn-dump: a file truncated while read is reported, exit 2"
else
  not_ok "pgn-dump: a file truncated while read is reported, exit 2" "rc $rc" "$err"
fi

# pgn-index maps the file: the pages past the new end raise SIGBUS.
cp shrink-src.pgn shrink.pgn
out=$(CAISSA_TEST_TRUNCATE_AFTER=4096 "$cli" pgn-index shrink.pgn 2>"$tmp/stderr"); rc=$?
err=$(cat "$tmp/stderr")
check "pgn-index: a mapped file truncated while indexed is reported, exit 2" 2 "" \
  "caissa-cli pgn-index: shrink.pgn: the file changed while it was being read"
