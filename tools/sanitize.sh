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
  python3 - "$build/meson-logs/testlog.json" <<'PY'
import json, sys
passed = failed = skipped = 0
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.strip()
    if not line:
        continue
    r = json.loads(line).get("result")
    if r in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif r == "SKIP":
        skipped += 1
    else:
        failed += 1
print(f"sanitizers: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
PY
}

install_missing
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" -Db_sanitize=address,undefined -Db_lundef=false
fi
meson compile -C "$build"

# Errors stop the program; leaks are reported at exit (and fail the test),
# with whole stacks (the slow unwinder: system libraries have no frame
# pointers, and a suppression needs to see past g_malloc).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:print_summary=1:strict_string_checks=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0:malloc_context_size=30
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

status=0
# -noreset: Xvfb otherwise resets itself whenever its last client goes,
# and a test that connects in that moment cannot open the display (an
# e2e test failed so once, most likely for this reason).
xvfb-run -a -s '-screen 0 2560x1440x24 -noreset' \
  dbus-run-session -- meson test -C "$build" --no-rebuild --print-errorlogs \
    --timeout-multiplier "$CAISSA_TEST_TIMEOUT_MULTIPLIER" --num-processes "$(nproc)" "$@" || status=$?
summary
exit $status
