#!/bin/sh
# A fake engine for tests: a program that is not a chess engine at all.
# It chats on every line and never says "uciok".
while read -r line; do
  echo "Hello! You said: $line"
done
