#!/usr/bin/env bash
# test-cli.sh — caissa-cli perft, moves and fen: outputs and exit codes.
# TAP output. $CAISSA_CLI names the binary (set by tests/meson.build).
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
n=0
failed=0
tests=()

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()
{
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do echo "# $line"; done
}

# expect NAME WANT_RC WANT_STDOUT_LAST_LINE|'' STDERR_SUBSTRING|'' -- ARGS...
expect ()
{
  local name=$1 want_rc=$2 want_last=$3 want_err=$4
  shift 5
  local out err rc
  out=$("$cli" "$@" 2>/tmp/caissa-cli-test.$$)
  rc=$?
  err=$(cat /tmp/caissa-cli-test.$$)
  rm -f /tmp/caissa-cli-test.$$
  if [ "$rc" != "$want_rc" ]; then
    not_ok "$name" "exit code $rc, expected $want_rc" "stderr: $err"
  elif [ -n "$want_last" ] && [ "$(printf '%s\n' "$out" | tail -n 1)" != "$want_last" ]; then
    not_ok "$name" "last line '$(printf '%s\n' "$out" | tail -n 1)', expected '$want_last'"
  elif [ -n "$want_err" ] && [[ "$err" != *"$want_err"* ]]; then
    not_ok "$name" "stderr '$err' lacks '$want_err'"
  else
    ok "$name"
  fi
}

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

echo "1..40"

# perft
expect "perft start d4" 0 197281 '' -- perft "$start" 4
expect "perft kiwipete d3" 0 97862 '' -- perft "$kiwi" 3
expect "perft depth 0" 0 1 '' -- perft "$start" 0
expect "perft FEN as six words" 0 8902 '' -- perft rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 3
expect "perft FEN without counters" 0 400 '' -- perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" 2
expect "perft --divide total" 0 8902 '' -- perft --divide "$start" 3

out=$("$cli" perft --divide "$start" 3)
if printf '%s\n' "$out" | grep -qx 'e2e4: 600' && printf '%s\n' "$out" | grep -qx 'g1f3: 440' \
   && [ "$(printf '%s\n' "$out" | grep -c ': ')" = 20 ]; then
  ok "perft --divide lines"
else
  not_ok "perft --divide lines" "$out"
fi
sum=$(printf '%s\n' "$out" | awk -F': ' '/: /{s+=$2} END{print s}')
[ "$sum" = 8902 ] && ok "perft --divide lines add up" || not_ok "perft --divide lines add up" "sum $sum"
sorted=$(printf '%s\n' "$out" | grep ': ' | LC_ALL=C sort)
[ "$sorted" = "$(printf '%s\n' "$out" | grep ': ')" ] && ok "perft --divide sorted" || not_ok "perft --divide sorted"

expect "perft negative depth" 2 '' 'usage: caissa-cli perft' -- perft "$start" -1
expect "perft huge depth" 2 '' 'usage: caissa-cli perft' -- perft "$start" 99999999999999999999
expect "perft non-numeric depth" 2 '' 'DEPTH' -- perft "$start" three
expect "perft missing depth" 2 '' 'usage: caissa-cli perft' -- perft "$start"
expect "perft no args" 2 '' 'usage: caissa-cli perft' -- perft
expect "perft bad FEN" 2 '' 'White has no king' -- perft "4k3/8/8/8/8/8/8/8 w - - 0 1" 1
expect "perft garbage FEN" 2 '' 'invalid FEN' -- perft "hello" 1

# moves
out=$("$cli" moves "$start")
rc=$?
want=$(printf '%s\n' Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 'status: ongoing')
[ "$rc" = 0 ] && [ "$out" = "$want" ] && ok "moves start" || not_ok "moves start" "$out"

out=$("$cli" moves "$kiwi")
lines=$(printf '%s\n' "$out" | grep -vc '^status:')
moves=$(printf '%s\n' "$out" | grep -v '^status:')
if [ "$lines" = 48 ] && [ "$moves" = "$(printf '%s\n' "$moves" | LC_ALL=C sort)" ] \
   && printf '%s\n' "$out" | grep -qx 'O-O-O' && printf '%s\n' "$out" | grep -qx 'dxe6'; then
  ok "moves kiwipete sorted SAN"
else
  not_ok "moves kiwipete sorted SAN" "$out"
fi

expect "moves checkmate" 0 'status: checkmate' '' -- moves "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
out=$("$cli" moves "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
[ "$out" = "status: checkmate" ] && ok "moves checkmate lists nothing" || not_ok "moves checkmate lists nothing" "$out"
expect "moves stalemate" 0 'status: stalemate' '' -- moves "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
expect "moves dead" 0 'status: dead' '' -- moves "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"
expect "moves mate in SAN" 0 'status: ongoing' '' -- moves "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1"
"$cli" moves "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1" | grep -qx 'Ra8#' && ok "moves writes mate sign" || not_ok "moves writes mate sign"
expect "moves no FEN" 2 '' 'usage: caissa-cli moves' -- moves
expect "moves bad FEN" 2 '' 'castling' -- moves "4k3/8/8/8/8/8/8/4K3 w K - 0 1"

# fen
expect "fen start" 0 "$start" '' -- fen "$start"
expect "fen drops unusable e.p." 0 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' '' \
  -- fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
expect "fen keeps usable e.p." 0 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3' '' \
  -- fen "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"
expect "fen adds counters" 0 '4k3/8/8/8/8/8/8/4K3 w - - 0 1' '' -- fen "4k3/8/8/8/8/8/8/4K3 w - -"
expect "fen refuses pawn on rank 8" 2 '' 'a pawn stands on a8' -- fen "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"
expect "fen refuses side not to move in check" 2 '' 'side to move' -- fen "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"
expect "fen refuses impossible e.p." 2 '' 'en passant' -- fen "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"
expect "fen refuses garbage" 2 '' 'column' -- fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk"
expect "fen no args" 2 '' 'usage: caissa-cli fen' -- fen
# The counters are kept as given up to 65535 (a halfmove clock of 300 once
# came back as 255), and refused with their value past it.
expect "fen keeps a halfmove clock of 300" 0 '4k3/8/8/8/8/8/8/4KQ2 w - - 300 200' '' \
  -- fen "4k3/8/8/8/8/8/8/4KQ2 w - - 300 200"
expect "moves: halfmove 300 is past the 75-move rule" 0 'status: seventy-five' '' \
  -- moves "4k3/8/8/8/8/8/8/4KQ2 w - - 300 200"
expect "fen refuses a halfmove clock past 65535" 2 '' \
  'invalid FEN, column 28: halfmove clock: 70000 is larger than 65535' \
  -- fen "4k3/8/8/8/8/8/8/4KQ2 w - - 70000 200"
expect "fen refuses a fullmove number past 65535" 2 '' \
  'invalid FEN, column 30: fullmove number: 70000 is larger than 65535' \
  -- fen "4k3/8/8/8/8/8/8/4KQ2 w - - 7 70000"
expect "unknown command" 2 '' 'unknown command' -- frobnicate

exit 0
