#!/bin/sh
# A fake engine for tests: a good handshake, then it talks without end
# while it has nothing to do (never asked to search).
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Chatter"; echo "uciok" ;;
    isready) echo "readyok"; exec yes "info string I have nothing to do but I keep talking" ;;
  esac
done
