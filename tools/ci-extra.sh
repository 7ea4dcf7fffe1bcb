#!/usr/bin/env bash
# tools/ci-extra.sh — the checks CI runs besides tools/dev test.
#
#   tools/ci-extra.sh [FUZZ-SECONDS]   default 20 seconds per fuzz target
#
# 1. fuzz/run.sh: each libFuzzer target from its committed seeds for
#    FUZZ-SECONDS (clang and the libFuzzer runtime are installed if missing);
# 2. tools/sanitize.sh: the whole test suite under ASan and UBSan, leaks
#    checked, display tests under Xvfb.
# Both always run; exits non-zero if either failed.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-20}
status=0

start=$(date +%s)
echo "== fuzzing, ${seconds} s per target"
"$root/fuzz/run.sh" "$seconds" || status=1
echo "== fuzzing took $(( $(date +%s) - start )) s"

start=$(date +%s)
echo "== test suite under AddressSanitizer and UBSan"
"$root/tools/sanitize.sh" || status=1
echo "== sanitizers took $(( $(date +%s) - start )) s"

exit $status
