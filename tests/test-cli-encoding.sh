#!/usr/bin/env bash
# test-cli-encoding.sh — caissa-cli prints valid UTF-8 whatever the input's
# encoding: error messages that quote a Windows-1252 file or raw bytes,
# pgn-export of a Windows-1252 file, pgn-dump's error lines, pgn-index's
# tag values. TAP output.
# $CAISSA_CLI names the binary, $CAISSA_TEST_DATA the data folder.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
data=${CAISSA_TEST_DATA:-$(dirname "$0")/data}/encoding
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do printf '# %s\n' "$l"; done; }

# valid NAME FILE: FILE is valid UTF-8 (iconv refuses anything else).
valid ()
{
  if iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then ok "$1"; else not_ok "$1" "$(od -c "$2" | head -5)"; fi
}

echo "1..9"

cp "$data/windows-1252.pgn" "$tmp/"
cd "$tmp" || exit 1

"$cli" pgn-check windows-1252.pgn >out 2>err
valid "pgn-check: a Windows-1252 file's errors are UTF-8" err
if grep -q "^windows-1252.pgn:24:19: not a move: 'Nf9'$" err; then
  ok "pgn-check: line and column in the file"
else
  not_ok "pgn-check: line and column in the file" "$(cat err)"
fi

# Raw bytes that are not text at all where a move should be.
printf '[White "x"]\n\n1. e4 \xff\xfe\x93 *\n' > raw.pgn
"$cli" pgn-check raw.pgn >out 2>err
valid "pgn-check: a message quoting 0xFF 0xFE is UTF-8" err
if LC_ALL=C grep -q $'\xff' err; then not_ok "pgn-check: no raw 0xFF byte" "$(cat err)"; else ok "pgn-check: no raw 0xFF byte"; fi

"$cli" pgn-export windows-1252.pgn >out 2>err
valid "pgn-export: a Windows-1252 file is exported as UTF-8" out
if grep -q '^\[White "Müller, Jürgen"\]$' out && grep -q 'Déjà vu… ½ point ß' out; then
  ok "pgn-export: the right characters"
else
  not_ok "pgn-export: the right characters" "$(head -12 out)"
fi

"$cli" pgn-dump raw.pgn >out 2>err
valid "pgn-dump: error lines are UTF-8" out

"$cli" pgn-index --list windows-1252.pgn >out 2>err
valid "pgn-index --list: tag values of a Windows-1252 file are UTF-8" out
if grep -q 'Müller, Jürgen' out; then ok "pgn-index --list: the right characters"; else not_ok "pgn-index --list: the right characters" "$(head -3 out)"; fi
