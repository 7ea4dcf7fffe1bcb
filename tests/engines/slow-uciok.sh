#!/bin/sh
# A fake engine for tests: says "uciok" only after 30 s, far beyond the 5 s
# a UCI engine is given to answer "uci".
read -r line
echo "id name Fake Slow"
exec sleep 30
