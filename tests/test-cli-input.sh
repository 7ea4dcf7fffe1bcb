#!/usr/bin/env bash
# test-cli-input.sh — what the PGN commands of caissa-cli make of inputs
# that are not plain PGN: empty, blank, a byte order mark alone, comments
# only ("no games in FILE", exit 1, never a silent success); binary data
# (refused with where its first NUL is, exit 1, and quickly: a megabyte of
# NUL bytes once took the indexer minutes); a PGN whose end is zeroed
# (its games kept); UTF-16 with a byte order mark, both byte orders (read
# like UTF-8, as the app reads it). TAP output.
# $CAISSA_CLI names the binary, $CAISSA_TEST_DATA the data folder.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
data=${CAISSA_TEST_DATA:-$(dirname "$0")/data}/encoding
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do printf '# %s\n' "$l"; done; }

# expect NAME RC STDERR-PATTERN -- COMMAND...: the exit status and a line of
# standard error (grep -E).
expect ()
{
  local name=$1 want=$2 pattern=$3 rc
  shift 4
  "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" = "$want" ] && grep -qE -- "$pattern" "$tmp/err"; then
    ok "$name"
  else
    not_ok "$name" "rc $rc (want $want)" "stderr: $(head -c 300 "$tmp/err")" "stdout: $(head -c 200 "$tmp/out")"
  fi
}

echo "1..31"

cd "$tmp" || exit 1
: > empty.pgn
printf '\xef\xbb\xbf' > bom.pgn
printf '\n\n  \r\n\t\n' > blank.pgn
printf '{ a comment }\n; a line comment\n%% an escape line\n' > comment.pgn

# Nothing to read: every PGN command says so and exits 1.
for f in empty bom blank comment; do
  for c in pgn-check pgn-export pgn-dump; do
    expect "$c $f: no games, exit 1" 1 "^caissa-cli $c: no games in $f.pgn$" -- "$cli" $c $f.pgn
  done
done
expect "pgn-index comment: no games, exit 1, not games: 1" 1 "no games in comment.pgn" -- "$cli" pgn-index comment.pgn
if grep -q '^games: 0$' out; then ok "pgn-index comment: games: 0"; else not_ok "pgn-index comment: games: 0" "$(cat out)"; fi
expect "pgn-export of nothing to -o: no games, OUT not made" 1 "no games in empty.pgn" -- "$cli" pgn-export empty.pgn -o made.pgn
if [ ! -e made.pgn ]; then ok "pgn-export -o: no empty OUT left"; else not_ok "pgn-export -o: no empty OUT left"; fi

# Binary: a megabyte of NUL bytes, and random bytes (no tag in them)
# behind a few of text.
head -c 1048576 /dev/zero > zeros.pgn
for c in pgn-check pgn-export pgn-dump pgn-index eco; do
  expect "$c: a file of NUL bytes is not PGN (1:1), exit 1" 1 \
    "^caissa-cli $c: zeros.pgn:1:1: not a PGN file: binary data" -- "$cli" $c zeros.pgn
done
{ printf 'ab\ncd\x00'; head -c 4096 /dev/urandom | tr -d '['; } > junk.pgn
expect "pgn-index: junk is not PGN, with the NUL's line and column" 1 \
  "junk.pgn:2:3: not a PGN file" -- "$cli" pgn-index junk.pgn

# A game, then a zeroed end (a crash): the game is read, the NUL reported
# where it is; the indexer gets through 2 MB of NULs (it was quadratic).
{ printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 *\n\n[White "C"]\n\n1. d4 '; head -c 2097152 /dev/zero; } > zeroed.pgn
expect "pgn-check: a zeroed end is an error in the last game, where the NUL is" 1 \
  "^zeroed.pgn:8:7: unexpected byte 0x00" -- "$cli" pgn-check zeroed.pgn
if grep -q '^games: 2 ok: 1 ' out; then ok "pgn-check: the game before the zeros is read"; else not_ok "pgn-check: the game before the zeros is read" "$(cat out)"; fi
"$cli" pgn-index zeroed.pgn >out 2>err
if grep -q '^games: 2$' out; then ok "pgn-index: 2 games, the zeros in the second"; else not_ok "pgn-index: 2 games, the zeros in the second" "$(cat out err)"; fi

# UTF-16 with a byte order mark, both orders: read as the text it is.
for f in utf16le utf16be; do
  "$cli" pgn-export "$data/$f.pgn" >out 2>err
  rc=$?
  if [ $rc -eq 0 ] && grep -q '^\[White ' out && grep -q '^1\. ' out && iconv -f UTF-8 -t UTF-8 out >/dev/null 2>&1; then
    ok "pgn-export $f: read, written as UTF-8"
  else
    not_ok "pgn-export $f: read, written as UTF-8" "rc $rc" "$(head -c 300 err)" "$(head -5 out)"
  fi
  games=$("$cli" pgn-index "$data/$f.pgn" 2>/dev/null | sed -n 's/^games: //p')
  checked=$("$cli" pgn-check "$data/$f.pgn" 2>/dev/null | sed -n 's/^games: \([0-9]*\) ok: \([0-9]*\).*/\1 \2/p')
  if [ -n "$games" ] && [ "$checked" = "$games $games" ]; then
    ok "pgn-index and pgn-check $f: the same games, all good ($games)"
  else
    not_ok "pgn-index and pgn-check $f: the same games, all good" "index: $games" "check: $checked"
  fi
done

# Damage read through: pgn-export keeps the game and says what it read
# through, where, as pgn-check does.
printf '[Event "x"]\n[Annotator "Lopez "Battle Royale""]\n\n1. e4 e5 2. Nf3 1/2\n' > damaged.pgn
expect "pgn-export: warnings with FILE:LINE:COL, the game kept, exit 0" 0 \
  "^damaged.pgn:2:1: warning: tag Annotator" -- "$cli" pgn-export damaged.pgn
if grep -q '^damaged.pgn:4:17: warning: ' err && grep -q '^\[Annotator "Lopez \\"Battle Royale\\""\]$' out; then
  ok "pgn-export: the second warning, the value as written"
else
  not_ok "pgn-export: the second warning, the value as written" "$(cat err)" "$(head -4 out)"
fi
