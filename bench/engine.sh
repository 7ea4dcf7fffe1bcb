#!/usr/bin/env bash
# bench/engine.sh — `caissa-cli analyse` against the same UCI commands sent
# to Stockfish directly.
#
#   bench/engine.sh [-r REPEATS] [-d DEPTH] [--engine PATH]
#
# The game is Fischer–Spassky, Reykjavik 1972, game 6 (41 moves, 82
# positions). Caissa's side: `caissa-cli analyse GAME --depth DEPTH -o
# /dev/null` (spawn, handshake, one `position … moves …` and `go depth N`
# per main-line position, writing the annotated game). The peer: the very
# commands caissa-cli sent (logged once with G_MESSAGES_DEBUG=caissa-engine)
# replayed to a fresh Stockfish by a small driver that waits for uciok,
# readyok and each bestmove as a UCI GUI must. Both run REPEATS times in
# turn (default 5, depth 12); prints the times and the ratio
# caissa/direct with min/median/max. Goal: ≤ 1.2×.
#
# Stockfish runs with one thread and the same hash in both, so both do the
# same search: the difference is Caissa's own overhead (process handling,
# parsing every info line, PV into SAN, the annotation). The load average
# is printed with the results: other work on the machine shows in them,
# so the CPU time of caissa-cli itself is measured too (its own overhead,
# whatever the load).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_BUILD_DIR:-$root/build}
cli=${CAISSA_CLI:-$build/src/cli/caissa-cli}
engine=
repeats=5
depth=12

while [ $# -gt 0 ]; do
  case "$1" in
    -r) repeats=$2; shift 2 ;;
    -d) depth=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "bench/engine.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "bench/engine.sh: no $cli (build first, or set CAISSA_CLI)" >&2; exit 2; }
if [ -z "$engine" ]; then
  engine=$(command -v stockfish || true)
  [ -n "$engine" ] || engine=/usr/games/stockfish
fi
[ -x "$engine" ] || { echo "bench/engine.sh: no engine $engine (apt-get install stockfish)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
game=$tmp/game.pgn
cat > "$game" <<'PGN'
[Event "World Championship"]
[Site "Reykjavik"]
[Date "1972.07.23"]
[Round "6"]
[White "Fischer, Robert James"]
[Black "Spassky, Boris V"]
[Result "1-0"]

1. c4 e6 2. Nf3 d5 3. d4 Nf6 4. Nc3 Be7 5. Bg5 O-O 6. e3 h6 7. Bh4 b6 8. cxd5 Nxd5
9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5
16. O-O Ra7 17. Be2 Nd7 18. Nd4 Qf8 19. Nxe6 fxe6 20. e4 d4 21. f4 Qe7 22. e5 Rb8
23. Bc4 Kh8 24. Qh3 Nf8 25. b3 a5 26. f5 exf5 27. Rxf5 Nh7 28. Rcf1 Qd8 29. Qg3 Re7
30. h4 Rbb7 31. e6 Rbc7 32. Qe5 Qe8 33. a4 Qd8 34. R1f2 Qe8 35. R2f3 Qd8 36. Bd3 Qe8
37. Qe4 Nf6 38. Rxf6 gxf6 39. Rxf6 Kg8 40. Bc4 Kh8 41. Qf4 1-0
PGN

# The commands caissa-cli sends, logged once (GLib prints debug messages on
# stdout, the annotated game goes to /dev/null).
G_MESSAGES_DEBUG=caissa-engine "$cli" analyse "$game" --engine "$engine" --depth "$depth" \
  -o /dev/null 2>/dev/null | sed -n 's/^[^<]*caissa-engine-DEBUG: [0-9:.]*: [^<]* < //p' > "$tmp/commands"
n_go=$(grep -c '^go ' "$tmp/commands" || true)
[ "$n_go" -gt 0 ] || { echo "bench/engine.sh: no commands logged" >&2; exit 1; }

cat > "$tmp/direct.py" <<'PY'
# Replays UCI commands to an engine, waiting as a GUI must.
import subprocess, sys
engine, commands = sys.argv[1], open(sys.argv[2]).read().splitlines()
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     text=True, bufsize=1)
def wait(word):
    for line in p.stdout:
        if line.startswith(word):
            return
    sys.exit("engine ended before " + word)
for c in commands:
    p.stdin.write(c + "\n")
    p.stdin.flush()
    if c == "uci":
        wait("uciok")
    elif c == "isready":
        wait("readyok")
    elif c.startswith("go "):
        wait("bestmove")
p.stdin.write("quit\n")
p.stdin.close()
p.wait()
PY

now () { date +%s.%N; }

ours=()
direct=()
for ((i = 0; i < repeats; i++)); do
  t0=$(now)
  "$cli" analyse "$game" --engine "$engine" --depth "$depth" -o /dev/null 2>/dev/null
  t1=$(now)
  python3 "$tmp/direct.py" "$engine" "$tmp/commands"
  t2=$(now)
  ours+=("$(echo "$t1 - $t0" | bc -l)")
  direct+=("$(echo "$t2 - $t1" | bc -l)")
  printf 'run %d: caissa-cli analyse %.3f s, direct %.3f s\n' $((i + 1)) "${ours[$i]}" "${direct[$i]}"
done

python3 - "${ours[*]}" "${direct[*]}" "$n_go" "$depth" <<'PY'
import sys, statistics
ours = [float(x) for x in sys.argv[1].split()]
direct = [float(x) for x in sys.argv[2].split()]
ratios = sorted(o / d for o, d in zip(ours, direct))
print(f"{sys.argv[3]} searches at depth {sys.argv[4]}, {len(ours)} runs each")
print(f"caissa-cli analyse: min {min(ours):.3f} s, median {statistics.median(ours):.3f} s, max {max(ours):.3f} s")
print(f"direct to stockfish: min {min(direct):.3f} s, median {statistics.median(direct):.3f} s, max {max(direct):.3f} s")
print(f"ratio caissa/direct: min {ratios[0]:.3f}, median {statistics.median(ratios):.3f}, max {ratios[-1]:.3f} (goal <= 1.2)")
PY

# Caissa's own share, which the machine's load does not blur: the CPU time
# of the caissa-cli process itself (its threads, not the engine), sampled
# from /proc until it exits.
python3 - "$cli" "$game" "$engine" "$depth" <<'PY'
import subprocess, sys, time, os
cli, game, engine, depth = sys.argv[1:]
tick = os.sysconf("SC_CLK_TCK")
t0 = time.monotonic()
p = subprocess.Popen([cli, "analyse", game, "--engine", engine, "--depth", depth, "-o", "/dev/null"],
                     stderr=subprocess.DEVNULL)
cpu = 0.0
while p.poll() is None:
    try:
        with open(f"/proc/{p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / tick
    except (OSError, IndexError, ValueError):
        pass
    time.sleep(0.02)
wall = time.monotonic() - t0
print(f"caissa-cli's own CPU time: {cpu:.2f} s of {wall:.2f} s wall ({100 * cpu / wall:.1f} %)")
PY
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
