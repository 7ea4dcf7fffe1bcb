#!/bin/sh
# A fake engine for tests: a good handshake, then it never answers "go"
# (nor "stop"): no bestmove ever.
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Hang"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) echo "info depth 1 score cp 0 pv e2e4" ;;
    quit) exit 0 ;;
  esac
done
