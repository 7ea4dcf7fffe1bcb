#!/usr/bin/env bash
# tools/sanitize.sh — the whole test suite under AddressSanitizer and UBSan.
#
#   tools/sanitize.sh [MESON-TEST-ARGS...]   e.g. --suite core, --no-suite slow
#
# Configures build-asan ($CAISSA_ASAN_BUILD_DIR) with
# -Db_sanitize=address,undefined -Db_lundef=false, builds everything, and
# runs `meson test` the way tools/dev test does (display tests under Xvfb
# with a private session bus). Leak checking is on; tests/lsan.supp holds
# the suppressions for leaks inside GTK, fontconfig and friends that are
# not ours. UBSan stops at the first error, with a stack trace. Ends with
# "N passed, N failed"; exits non-zero if any test failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_ASAN_BUILD_DIR:-$root/build-asan}

# What tools/dev installs, which is what the suite needs.
packages=(
  gcc meson ninja-build pkg-config python3
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev librsvg2-dev
  gettext desktop-file-utils appstream
  xvfb xauth xdotool dbus dbus-x11 at-spi2-core x11-utils
  fonts-dejavu-core fonts-noto-cjk
  stockfish
)

install_missing ()
{
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "tools/sanitize.sh: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

summary ()
{
  # A test run again (for its leaks, below) counts by its second result.
  python3 - "$build/meson-logs/testlog.json" "$build/meson-logs/testlog-again.json" <<'PY'
import json, os, sys
results = {}
for path in sys.argv[1:]:
    if path.endswith("-again.json") and not os.path.exists(path):
        continue
    for line in open(path, encoding="utf-8"):
        if line.strip():
            r = json.loads(line)
            results[r["name"]] = r.get("result")
passed = failed = skipped = 0
for r in results.values():
    if r in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif r == "SKIP":
        skipped += 1
    else:
        failed += 1
print(f"sanitizers: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
sys.exit(1 if failed else 0)
PY
}

install_missing
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" -Db_sanitize=address,undefined -Db_lundef=false
fi
meson compile -C "$build"

# Errors stop the program; leaks are reported at exit (and fail the test).
# Every test runs first with the fast unwinder, which records an
# allocation's stack by frame pointers: the system libraries have none, so
# a stack often ends at g_malloc and no suppression can name it. A test
# that fails for leaks alone runs again with the slow unwinder (DWARF,
# 30 frames), whose whole stacks tests/lsan.supp can match; the second
# run's result is the test's. The slow unwinder on every allocation made
# the display tests ten to twenty times slower (test-game-list-view:
# 501 s against 32 s), the sanitizer step 63 of CI's 90 minutes.
asan_common=detect_leaks=1:abort_on_error=1:print_summary=1:strict_string_checks=1:detect_stack_use_after_return=1
export ASAN_OPTIONS=$asan_common:fast_unwind_on_malloc=1
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:print_summary=1
# GSlice keeps its own free lists (before GLib 2.76), which hide leaks.
export G_SLICE=always-malloc
# Draw with cairo, as Caissa does by default: Mesa's software GL driver
# leaks at exit from a library it has unloaded by then, which no
# suppression can name.
export GSK_RENDERER=cairo GDK_DEBUG=gl-disable

# The sanitizers make everything two to three times slower: every wait of
# the tests and meson's timeouts twice as long as the plain suite's.
export CAISSA_TEST_TIMEOUT_MULTIPLIER=$(( ${CAISSA_TEST_TIMEOUT_MULTIPLIER:-3} * 2 ))

run_tests ()  # run_tests LOGBASE MESON-TEST-ARGS...
{
  local logbase=$1
  shift
  # -noreset: Xvfb otherwise resets itself whenever its last client goes,
  # and a test that connects in that moment cannot open the display (an
  # e2e test failed so once, most likely for this reason).
  xvfb-run -a -s '-screen 0 2560x1440x24 -noreset' \
    dbus-run-session -- meson test -C "$build" --no-rebuild --print-errorlogs \
      --logbase "$logbase" \
      --timeout-multiplier "$CAISSA_TEST_TIMEOUT_MULTIPLIER" --num-processes "$(nproc)" "$@"
}

rm -f "$build/meson-logs/testlog-again.json"
run_tests testlog "$@" || true

# The tests that failed for leaks and nothing else, one name a line: the
# failures of testlog.json whose output (meson keeps their stderr only in
# testlog.txt) has LeakSanitizer's report and no other sanitizer's.
leaks_only ()
{
  python3 - "$build/meson-logs/testlog.json" "$build/meson-logs/testlog.txt" <<'PY'
import json, re, sys
failed = set()
for line in open(sys.argv[1], encoding="utf-8"):
    if line.strip():
        r = json.loads(line)
        if r.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP"):
            failed.add(r["name"])
text = open(sys.argv[2], encoding="utf-8", errors="replace").read()
for block in re.split(r"^=+ \d+/\d+ =+$", text, flags=re.M)[1:]:
    m = re.search(r"^test:\s+(.*)$", block, flags=re.M)
    if not m or m.group(1).strip() not in failed:
        continue
    if ("ERROR: LeakSanitizer" in block and "ERROR: AddressSanitizer" not in block
            and "runtime error:" not in block):
        print(m.group(1).strip().split(" / ", 1)[-1])
PY
}
mapfile -t again < <(leaks_only)
if [ ${#again[@]} -gt 0 ]; then
  echo
  echo "tools/sanitize.sh: again with whole stacks, for their leaks: ${again[*]}"
  ASAN_OPTIONS=$asan_common:fast_unwind_on_malloc=0:malloc_context_size=30 \
    run_tests testlog-again "${again[@]}" || true
fi
summary
