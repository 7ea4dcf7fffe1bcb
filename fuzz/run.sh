#!/usr/bin/env bash
# fuzz/run.sh — build the libFuzzer targets and run each of them.
#
#   fuzz/run.sh [SECONDS]              every target for SECONDS seconds (default 60)
#   fuzz/run.sh --runs N               every target for N executions instead
#   fuzz/run.sh -t pgn -t fen 300      only the targets named
#   fuzz/run.sh --minimize TARGET FILE shrink a crashing input (prints where it went)
#
# Builds with clang -fsanitize=fuzzer,address,undefined into build-fuzz
# ($CAISSA_FUZZ_BUILD_DIR), installing clang and the libFuzzer runtime with
# apt-get when they are missing. Each target starts from its committed seeds
# in fuzz/corpus/TARGET/ and keeps what it finds in fuzz/corpus-TARGET/
# (not committed). Prints the executions per target and a last line
# "fuzzing: N passed, N failed"; exits non-zero if any target crashed,
# leaving the input in build-fuzz/fuzz-crashes/TARGET/.
# See fuzz/README.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CAISSA_FUZZ_BUILD_DIR:-$root/build-fuzz}
all_targets=(fen san pgn pgn-index timecontrol uci)

seconds=60
runs=
targets=()
minimize=

usage ()
{
  sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    -r|--runs) runs=${2:?--runs needs a number}; shift 2 ;;
    -t|--target) targets+=("${2:?--target needs a name}"); shift 2 ;;
    --minimize) minimize=1; shift ;;
    -h|--help) usage ;;
    *)
      if [ -n "$minimize" ]; then break; fi
      [[ "$1" =~ ^[0-9]+$ ]] || usage
      seconds=$1; shift ;;
  esac
done

install_missing ()
{
  local missing=() p
  command -v clang >/dev/null || missing+=(clang)
  # The libFuzzer and sanitizer runtimes (clang alone does not pull them in).
  if ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    missing+=(libclang-rt-14-dev)
  fi
  # Symbolised stack traces in crash reports.
  command -v llvm-symbolizer >/dev/null || missing+=(llvm)
  # The rest of the project's build dependencies come from tools/dev's list.
  for p in meson ninja-build pkg-config libglib2.0-dev libgtk-4-dev libadwaita-1-dev librsvg2-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "fuzz/run.sh: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build_fuzzers ()
{
  local log
  log=$(mktemp)
  if [ ! -f "$build/build.ninja" ]; then
    if ! CC=clang meson setup "$build" "$root" -Dfuzz=true \
         -Db_sanitize=address,undefined -Db_lundef=false > "$log" 2>&1; then
      tail -n 30 "$log" >&2
      echo "fuzz/run.sh: meson setup failed" >&2
      exit 1
    fi
  fi
  if ! ninja -C "$build" -j2 fuzzers > "$log" 2>&1; then
    grep -E -A5 'FAILED|error:' "$log" | head -n 40 >&2
    echo "fuzz/run.sh: building the fuzzers with clang failed" >&2
    exit 1
  fi
  rm -f "$log"
}

# libFuzzer's options for one target.
target_options ()
{
  local t=$1 max_len=512
  case "$t" in
    fen|timecontrol) max_len=256 ;;
    san) max_len=512 ;;
    pgn|pgn-index) max_len=8192 ;;
    uci) max_len=2048 ;;
  esac
  local dict=$root/fuzz/dict/$t.dict
  [ -f "$dict" ] || dict=$root/fuzz/dict/${t%%-*}.dict
  echo "-max_len=$max_len -timeout=10 -rss_limit_mb=2048 -print_final_stats=1"
  [ -f "$dict" ] && echo "-dict=$dict"
  return 0
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

install_missing
build_fuzzers

if [ -n "$minimize" ]; then
  [ $# -eq 2 ] || usage
  t=$1 file=$2
  out=$build/fuzz-crashes/$t/minimized-$(basename "$file")
  mkdir -p "$(dirname "$out")"
  # shellcheck disable=SC2046
  "$build/fuzz/fuzz-$t" $(target_options "$t") -minimize_crash=1 -max_total_time=120 \
    -exact_artifact_path="$out" "$file" >/dev/null 2>&1 || true
  [ -f "$out" ] || { echo "fuzz/run.sh: $file does not crash fuzz-$t" >&2; exit 1; }
  echo "$out ($(wc -c < "$out") bytes); to keep it as a regression test:"
  echo "  cp $out $root/tests/data/fuzz-regressions/$t/"
  exit 0
fi

[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
status=0
n_ok=0
n_failed=0
printf '%-12s %12s %10s %8s  %s\n' target executions exec/s corpus result
for t in "${targets[@]}"; do
  exe=$build/fuzz/fuzz-$t
  if [ ! -x "$exe" ]; then
    printf '%-12s %12s %10s %8s  %s\n' "$t" - - - "not built"
    status=1
    n_failed=$((n_failed + 1))
    continue
  fi
  corpus=$root/fuzz/corpus-$t
  crashes=$build/fuzz-crashes/$t
  log=$build/fuzz-logs/$t.log
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  if [ -n "$runs" ]; then limit=-runs=$runs; else limit=-max_total_time=$seconds; fi
  rc=0
  # The first directory collects new inputs; the committed seeds are read only.
  # shellcheck disable=SC2046
  "$exe" $(target_options "$t") "$limit" -artifact_prefix="$crashes/" \
    "$corpus" "$root/fuzz/corpus/$t" > "$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  size=$(find "$corpus" -type f | wc -l)
  if [ $rc -eq 0 ]; then
    result=ok
    n_ok=$((n_ok + 1))
  else
    status=1
    n_failed=$((n_failed + 1))
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    result="CRASH: ${artifact:-see $log}"
    grep -m1 -E 'check failed|ERROR: AddressSanitizer|runtime error|ERROR: LeakSanitizer|ERROR: libFuzzer' "$log" | sed 's/^/    /' >&2 || true
  fi
  printf '%-12s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$size" "$result"
done
echo "fuzzing: $n_ok passed, $n_failed failed"
[ $status -eq 0 ] || echo "fuzz/run.sh: a target crashed; logs in $build/fuzz-logs/, minimise with fuzz/run.sh --minimize TARGET FILE" >&2
exit $status
