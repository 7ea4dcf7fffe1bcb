#!/usr/bin/env bash
# test-explorer-cli.sh — caissa-cli tree and find: output, the cache, errors.
# TAP output. $CAISSA_CLI names the binary, $CAISSA_TEST_DATA the data
# folder (set by tests/meson.build). The tree at the start is checked
# against the opening lines the test file was made from: each line is one
# game, so the games of a first move are the lines that start with it.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
data=${CAISSA_TEST_DATA:-tests/data}
# The opening lines Caissa ships (data/openings/, from lichess's set).
openings=${CAISSA_OPENINGS:-$(dirname "$0")/../data/openings}
n=0
failed=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok ()
{
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift
  for line in "$@"; do echo "# $line"; done
}
check () { if eval "$2"; then ok "$1"; else not_ok "$1" "${@:3}"; fi; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache
mkdir "$tmp/files"
cp "$data/pgn/openings-games.pgn" "$tmp/files/games.pgn"
games=$(grep -c '^\[Event ' "$tmp/files/games.pgn")

echo "1..18"

out=$("$cli" tree "$tmp/files/games.pgn" 2>"$tmp/err1"); rc=$?
check "tree exits 0" '[ $rc = 0 ]' "rc $rc" "$(cat "$tmp/err1")"
check "first call builds, with progress on stderr" 'grep -q "building position data" "$tmp/err1"' "$(cat "$tmp/err1")"
check "cache in XDG_CACHE_HOME/caissa/explorer" 'ls "$XDG_CACHE_HOME"/caissa/explorer/*.posdb >/dev/null 2>&1'
check "nothing beside the file" '[ "$(ls -A "$tmp/files")" = "games.pgn" ]' "$(ls -A "$tmp/files")"
check "five tab-separated fields a line" \
  '[ -z "$(printf "%s\n" "$out" | awk -F"\t" "NF != 5 || \$2 !~ /^[0-9]+\$/")" ]' "$out"
sum=$(printf '%s\n' "$out" | awk -F'\t' '{ s += $2 } END { print s }')
check "every game counted once at the start" '[ "$sum" = "$games" ]' "sum $sum, games $games"
check "sorted by games" '[ "$(printf "%s\n" "$out" | sort -t"	" -k2,2nr -s)" = "$out" ]' "$out"
if [ -d "$openings" ]; then
  bad=""
  while IFS=$'\t' read -r san count w d b; do
    want=$(cat "$openings"/*.tsv | awk -F'\t' -v m="1. $san" 'NR > 0 && ($3 == m || index($3, m " ") == 1) { c++ } END { print c + 0 }')
    [ "$want" = "$count" ] || bad="$bad $san:$count/$want"
  done <<< "$out"
  check "each first move's games equal the lines that start with it" '[ -z "$bad" ]' "$bad"
else
  check "each first move's games equal the lines that start with it" false "no $openings"
fi
check "percentages add up to at most 100" \
  '[ -z "$(printf "%s\n" "$out" | awk -F"\t" "\$3 + \$4 + \$5 > 101")" ]' "$out"

out2=$("$cli" tree "$tmp/files/games.pgn" 2>"$tmp/err2")
check "second call reads the cache (no build)" '! grep -q "building" "$tmp/err2" && [ "$out2" = "$out" ]' "$(cat "$tmp/err2")"

out=$("$cli" tree "$tmp/files/games.pgn" e4 e5 Nf3 2>/dev/null)
check "tree after moves" 'printf "%s\n" "$out" | head -n 1 | grep -q "^Nc6	"' "$out"
pos='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
out=$("$cli" find "$tmp/files/games.pgn" "$pos" 2>/dev/null)
nc6=$("$cli" tree "$tmp/files/games.pgn" e4 e5 Nf3 2>/dev/null | awk -F'\t' '$1 == "Nc6" { print $2 }')
check "find: game<TAB>ply lines, ply 4 for 1.e4 e5 2.Nf3 Nc6" \
  '[ -n "$out" ] && [ -z "$(printf "%s\n" "$out" | awk -F"\t" "NF != 2 || \$1 < 1 || \$2 != 4")" ]' "$out"
check "find agrees with the tree's count (no transposition there)" \
  '[ "$(printf "%s\n" "$out" | wc -l)" -ge "$nc6" ]' "find $(printf '%s\n' "$out" | wc -l), tree $nc6"
sub=$("$cli" find "$tmp/files/games.pgn" 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w' 2>/dev/null)
check "sub-FEN of the whole board finds the same games" '[ "$sub" = "$out" ]' "$sub"

# Errors.
"$cli" tree "$tmp/files/games.pgn" e4 e4 >/dev/null 2>"$tmp/err"; rc=$?
check "illegal move: exit 2 and which" '[ $rc = 2 ] && grep -q "move 2 (e4)" "$tmp/err"' "rc $rc $(cat "$tmp/err")"
"$cli" find "$tmp/files/games.pgn" '8/8/8/8/8/8/8/7X' >/dev/null 2>"$tmp/err"; rc=$?
check "bad sub-FEN: exit 2 and the column" '[ $rc = 2 ] && grep -q "Column 16" "$tmp/err"' "rc $rc $(cat "$tmp/err")"
"$cli" tree "$tmp/files/nope.pgn" >/dev/null 2>"$tmp/err"; rc=$?
check "missing file: exit 2" '[ $rc = 2 ] && [ -s "$tmp/err" ]' "rc $rc $(cat "$tmp/err")"
"$cli" find "$tmp/files/games.pgn" >/dev/null 2>"$tmp/err"; rc=$?
check "find without a pattern: usage" '[ $rc = 2 ] && grep -q "usage: caissa-cli find" "$tmp/err"' "rc $rc"

[ "$failed" = 0 ]
