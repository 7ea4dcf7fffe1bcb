#!/bin/sh
# A fake engine for tests: a good handshake, then an illegal move
# (e2e5 from any position where it is not legal, as from the start).
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) echo "info depth 1 score cp 5 pv e2e5"; echo "bestmove e2e5" ;;
    quit) exit 0 ;;
  esac
done
