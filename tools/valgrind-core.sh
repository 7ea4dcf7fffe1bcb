#!/usr/bin/env bash
# tools/valgrind-core.sh — the core's tests under valgrind's memcheck.
#
#   tools/valgrind-core.sh [TEST...]   default: the core tests listed below
#
# Builds a plain (unsanitized) tree in build-valgrind ($CAISSA_VALGRIND_BUILD_DIR)
# and runs each test executable under memcheck: invalid reads and writes,
# uses of uninitialised values, and definite or indirect leaks all count as
# errors. test-perft runs at shallow depths (a copy built with
# PERFT_MAX_NODES=20000: memcheck is some 50 times slower than the CPU).
# Logs go to build-valgrind/valgrind-logs/. Prints one line per test and a
# last line "valgrind: N passed, N failed"; exits non-zero if a test failed
# or memcheck found an error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_VALGRIND_BUILD_DIR:-$root/build-valgrind}
# Not test-pgn-agree: 17 s of CPU, some 15 minutes under memcheck (CI ran
# out of time in it); the index fuzzer makes the same check under ASan.
default_tests=(test-position test-fen test-san test-rules test-perft test-game test-pgn test-pgn-tolerant
               test-clock test-fuzz-regressions test-nag)
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=("${default_tests[@]}")

if ! command -v valgrind >/dev/null; then
  echo "tools/valgrind-core.sh: installing valgrind" >&2
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends valgrind
fi

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$root" >/dev/null
fi
targets=()
for t in "${tests[@]}"; do
  [ -f "$root/tests/$t.c" ] && targets+=("tests/$t")
done
ninja -C "$build" -j2 "${targets[@]}" src/cli/caissa-cli >/dev/null

# test-perft again, shallow: the same file with a smaller node limit.
if [[ " ${tests[*]} " == *" test-perft "* ]]; then
  cc -std=gnu11 -O2 -g -DPERFT_MAX_NODES=20000ull -DPERFT_MIN_NODES=0ull \
    -I"$build" -I"$root/src/core" $(pkg-config --cflags glib-2.0) \
    "$root/tests/test-perft.c" "$build/src/core/libchess-core.a" \
    $(pkg-config --libs glib-2.0) -lm -lpthread -o "$build/tests/test-perft-shallow"
fi

logs=$build/valgrind-logs
mkdir -p "$logs"
export G_TEST_SRCDIR=$root/tests G_TEST_BUILDDIR=$build/tests
export CAISSA_TEST_DATA=$root/tests/data CAISSA_CLI=$build/src/cli/caissa-cli
export G_DEBUG=gc-friendly G_SLICE=always-malloc GSETTINGS_BACKEND=memory

status=0
n_ok=0
n_failed=0
printf '%-24s %-6s %8s %12s %8s\n' test result errors "lost bytes" seconds
for t in "${tests[@]}"; do
  exe=$build/tests/$t
  [ "$t" = test-perft ] && exe=$build/tests/test-perft-shallow
  if [ ! -x "$exe" ]; then
    printf '%-24s %-6s\n' "$t" absent
    status=1
    n_failed=$((n_failed + 1))
    continue
  fi
  log=$logs/$t.log
  start=$(date +%s)
  rc=0
  valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
    --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
    --track-origins=yes --log-file="$log" "$exe" > "$logs/$t.out" 2>&1 || rc=$?
  secs=$(( $(date +%s) - start ))
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -1)
  lost=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -1)
  case $rc in
    0) result=ok ;;
    99) result=MEMERR; status=1 ;;
    *) result=FAIL; status=1 ;;
  esac
  if [ $rc -eq 0 ]; then n_ok=$((n_ok + 1)); else n_failed=$((n_failed + 1)); fi
  printf '%-24s %-6s %8s %12s %8s\n' "$t" "$result" "${errors:-?}" "${lost:-0}" "$secs"
done
echo "valgrind: $n_ok passed, $n_failed failed"
[ $status -eq 0 ] || echo "tools/valgrind-core.sh: see $logs/" >&2
exit $status
