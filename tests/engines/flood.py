#!/usr/bin/env python3
# A fake engine for tests: on "go infinite" it streams info lines as fast
# as it can until "stop", then answers a legal bestmove (e2e4 from the
# start). Tests that listeners hear at most ~10 updates a second.
import sys, select

def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()

searching = False
depth = 0
while True:
    timeout = 0 if searching else None
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    if ready:
        line = sys.stdin.readline()
        if not line:
            break
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say("id name Fake Flood")
            say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "go":
            searching = True
            depth = 0
        elif words[0] == "stop" and searching:
            searching = False
            say("bestmove e2e4 ponder e7e5")
        elif words[0] == "quit":
            break
    if searching:
        depth += 1
        out = []
        for i in range(200):
            out.append("info depth %d seldepth %d multipv 1 score cp %d nodes %d nps 1000 time 1 pv e2e4 e7e5 g1f3"
                       % (depth, depth, i % 50, depth * 1000 + i))
        sys.stdout.write("\n".join(out) + "\n")
        sys.stdout.flush()
