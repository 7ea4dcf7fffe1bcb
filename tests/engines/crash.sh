#!/bin/sh
# A fake engine for tests: a good handshake, then it crashes (SIGSEGV) in
# the middle of its first search.
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Crash"; echo "option name Hash type spin default 16 min 1 max 64"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) echo "info depth 1 score cp 13 nodes 20 pv e2e4"; kill -SEGV $$ ;;
    quit) exit 0 ;;
  esac
done
