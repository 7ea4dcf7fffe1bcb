#!/bin/sh
# A fake engine for tests: a good handshake, then on "go" one endless line
# (no newline): a megabyte and more of "info string xxxx…".
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Huge"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) printf 'info string '; head -c 2000000 /dev/zero | tr '\0' x; echo; echo "bestmove e2e4" ;;
    quit) exit 0 ;;
  esac
done
