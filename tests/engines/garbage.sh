#!/bin/sh
# A fake engine for tests: a good handshake, then garbage where a move
# should be, after some garbage lines that must be ignored.
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name Fake Garbage"; echo "%%% ??? info depth"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) printf 'info depth x score cp pv\n\001\002\003\nbestmove banana!\n' ;;
    quit) exit 0 ;;
  esac
done
