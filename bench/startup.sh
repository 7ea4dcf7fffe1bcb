#!/usr/bin/env bash
# bench/startup.sh — start-up time and memory: Caissa against GNOME Chess.
#
#   bench/startup.sh [RUNS] [CAISSA]
#
# RUNS (default 7) launches of each program, alternating, under one private
# Xvfb; each launch gets its own session bus (with the desktop portal
# started beforehand, as in a desktop session) and in-memory settings, so
# neither program finds an earlier instance or a saved state. For every
# launch it measures
#   - the time from exec to the first visible (mapped) top-level window,
#     polled with xdotool every 5 ms;
#   - the resident memory (VmRSS) 1.5 s after that, when the first frames
#     are drawn.
# It prints min/median/max for both programs and the ratios of the
# medians (goal: time <= 0.5x, memory <= 0.7x GNOME Chess's).
#
# CAISSA defaults to build/src/app/caissa; GNOME Chess is Debian's
# /usr/games/gnome-chess (package gnome-chess).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-7}
caissa=${2:-$root/build/src/app/caissa}
gnome_chess=/usr/games/gnome-chess

for tool in Xvfb xdotool dbus-launch python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "startup.sh: $tool is missing" >&2; exit 1; }
done
[ -x "$caissa" ] || { echo "startup.sh: no $caissa (build first)" >&2; exit 1; }
[ -x "$gnome_chess" ] || { echo "startup.sh: no $gnome_chess (apt-get install gnome-chess)" >&2; exit 1; }

# A private X server on a free display.
display=
for d in $(seq 150 199); do
  if [ ! -e "/tmp/.X$d-lock" ] && [ ! -e "/tmp/.X11-unix/X$d" ]; then display=:$d; break; fi
done
[ -n "$display" ] || { echo "startup.sh: no free X display" >&2; exit 1; }
Xvfb "$display" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
out=$(mktemp -d)
cleanup ()
{
  kill "$xvfb_pid" 2>/dev/null || true
  wait "$xvfb_pid" 2>/dev/null || true
  rm -rf "$out"
}
trap cleanup EXIT
export DISPLAY=$display
for i in $(seq 1 100); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.05
done

now_ms ()
{
  date +%s%3N
}

# measure NAME PROGRAM...: appends "ms kib" to $out/NAME
measure ()
{
  local name=$1
  shift
  local bus bus_pid start end pid wid rss i

  bus=$(dbus-launch --sh-syntax </dev/null 2>/dev/null)
  bus_pid=$(sed -n "s/^DBUS_SESSION_BUS_PID=\([0-9]*\);.*/\1/p" <<<"$bus")
  bus=$(sed -n "s/^DBUS_SESSION_BUS_ADDRESS='\(.*\)';.*/\1/p" <<<"$bus")

  # As on a desktop, the portals already run: wake them before the clock
  # starts (both programs ask them for the colour scheme at start-up).
  DBUS_SESSION_BUS_ADDRESS=$bus timeout 10 gdbus call --session --dest org.freedesktop.portal.Desktop \
    --object-path /org/freedesktop/portal/desktop --method org.freedesktop.DBus.Peer.Ping \
    >/dev/null 2>&1 || true

  start=$(now_ms)
  DBUS_SESSION_BUS_ADDRESS=$bus GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 "$@" >/dev/null 2>&1 &
  pid=$!
  wid=
  for i in $(seq 1 4000); do
    wid=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -n 1) || true
    [ -n "$wid" ] && break
    sleep 0.005
  done
  end=$(now_ms)
  sleep 1.5
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  kill "$bus_pid" 2>/dev/null || true
  if [ -z "$wid" ]; then
    echo "startup.sh: $name showed no window" >&2
    return 1
  fi
  echo "$((end - start)) $rss" >>"$out/$name"
}

for r in $(seq 1 "$runs"); do
  measure caissa "$caissa"
  measure gnome-chess "$gnome_chess"
done

python3 - "$out/caissa" "$out/gnome-chess" <<'PY'
import statistics, sys

def load(path):
    rows = [tuple(map(int, line.split())) for line in open(path) if line.strip()]
    return [r[0] for r in rows], [r[1] / 1024 for r in rows]

ct, cm = load(sys.argv[1])
gt, gm = load(sys.argv[2])

def line(label, values, unit):
    return f"{label:<13} min {min(values):7.1f}  median {statistics.median(values):7.1f}  max {max(values):7.1f} {unit}"

print(f"runs: {len(ct)} each")
print("time to first mapped window")
print(line("  Caissa", ct, "ms"))
print(line("  GNOME Chess", gt, "ms"))
print("resident memory (VmRSS) after the window is shown")
print(line("  Caissa", cm, "MiB"))
print(line("  GNOME Chess", gm, "MiB"))
print("ratios Caissa / GNOME Chess (min / median / max)")
print(f"  time    {min(ct)/min(gt):.2f} / {statistics.median(ct)/statistics.median(gt):.2f} / {max(ct)/max(gt):.2f}   (goal <= 0.5)")
print(f"  memory  {min(cm)/min(gm):.2f} / {statistics.median(cm)/statistics.median(gm):.2f} / {max(cm)/max(gm):.2f}   (goal <= 0.7)")
PY
