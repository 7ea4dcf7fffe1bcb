#!/usr/bin/env bash
# test-cli-output.sh — caissa-cli never reports success when its output did
# not arrive, refuses counts it cannot mean, and writes output files the way
# a careful editor saves: no replacing a file the user may not write, its
# temporary files recognisable, and those a killed save left removed by the
# next one. TAP output. $CAISSA_CLI names the binary, $CAISSA_TEST_DATA the
# data folder.
set -u

cli=${CAISSA_CLI:-build/src/cli/caissa-cli}
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
data=${CAISSA_TEST_DATA:-$(dirname "$0")/data}/pgn
data=$(cd "$data" && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0
failed=0

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()
{
  n=$((n + 1))
  failed=1
  echo "not ok $n - $1"
  shift
  for line in "$@"; do printf '%s\n' "$line" | sed 's/^/# /'; done
}

# expect NAME WANT_RC WANT_STDERR_SUBSTRING COMMAND...: runs COMMAND with its
# own redirections (given through bash -c), compares exit code and stderr.
expect ()
{
  local name=$1 want_rc=$2 want_err=$3 rc err
  shift 3
  # The command line's own redirections of stdout apply inside bash -c.
  err=$(bash -c "$1" 2>&1)
  rc=$?
  if [ "$rc" != "$want_rc" ]; then
    not_ok "$name" "exit code $rc, expected $want_rc" "output: $err"
  elif [[ "$err" != *"$want_err"* ]]; then
    not_ok "$name" "stderr: $err" "expected to contain: $want_err"
  else
    ok "$name"
  fi
}

kk='4k3/8/8/8/8/8/8/4K3 w - - 0 1'
cp "$data/parens.pgn" "$data/escaped-tags.pgn" "$tmp/"
cd "$tmp" || exit 1

echo "1..20"

# --- output that cannot be written: exit 2 with the reason ---------------------
for sink in '>/dev/full' '>&-'; do
  expect "moves $sink: exit 2" 2 "caissa-cli moves: cannot write" \
    "'$cli' moves '$kk' $sink"
  expect "perft $sink: exit 2" 2 "caissa-cli perft: cannot write" \
    "'$cli' perft '$kk' 2 $sink"
  expect "fen $sink: exit 2" 2 "caissa-cli fen: cannot write" \
    "'$cli' fen '$kk' $sink"
  expect "tb-stats $sink: exit 2" 2 "caissa-cli tb-stats: cannot write" \
    "'$cli' tb-stats KQK $sink"
  expect "pgn-check $sink: exit 2 (errors in the input count less)" 2 \
    "caissa-cli pgn-check: cannot write" "'$cli' pgn-check escaped-tags.pgn $sink"
  expect "pgn-index --list $sink: exit 2" 2 "caissa-cli pgn-index: cannot write" \
    "'$cli' pgn-index --list escaped-tags.pgn $sink"
done
expect "--help >/dev/full: exit 2" 2 "caissa-cli: cannot write" "'$cli' --help >/dev/full"
expect "moves to a pipe: exit 0" 0 "" "'$cli' moves '$kk' | cat >/dev/null"

# --- pgn-gen counts -----------------------------------------------------------
expect "pgn-gen -5: usage error" 2 "N must be a number from 1 to 1000000000" \
  "'$cli' pgn-gen -5 1"
expect "pgn-gen 99999999999999999999: usage error" 2 "N must be a number from 1" \
  "'$cli' pgn-gen 99999999999999999999 1"
expect "pgn-gen 0: usage error" 2 "N must be a number from 1" "'$cli' pgn-gen 0 1"

# --- output files -------------------------------------------------------------
# A save killed part-way left these: one of a process that is gone, one of
# a live process but old (its PID reused since), one fresh of a live
# process (a save in progress elsewhere), and another program's file.
sleep 30 &
live=$!
bash -c 'exit 0' &
dead=$!
wait $dead
touch ".out.pgn.caissa-tmp-$dead-aaaaaa" ".out.pgn.caissa-tmp-$live-bbbbbb" \
  ".out.pgn.XYZ123"
touch -d '2000-01-01' ".out.pgn.caissa-tmp-1-cccccc"
"$cli" pgn-export escaped-tags.pgn -o out.pgn >/dev/null 2>&1
left=$(ls -A | grep '^\.out' | sort | tr '\n' ' ')
want=$(printf '%s\n' ".out.pgn.XYZ123" ".out.pgn.caissa-tmp-$live-bbbbbb" | sort | tr '\n' ' ')
if [ "$left" = "$want" ] && [ -s out.pgn ]; then
  ok "pgn-export -o: the stale temporary files of gone processes removed, others kept"
else
  not_ok "pgn-export -o: the stale temporary files of gone processes removed, others kept" \
    "left: $left" "expected: $want"
fi
kill $live 2>/dev/null
wait $live 2>/dev/null

# A file the user may not write is refused, though its folder is writable.
# As root everything may be written: the check runs as nobody then.
mkdir shared
chmod 0777 shared
printf 'keep me\n' > shared/theirs.pgn
chmod 0444 shared/theirs.pgn
cp escaped-tags.pgn shared/in.pgn
chmod 0644 shared/in.pgn
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  # root's own file, which nobody may read but not write.
  chmod 0755 "$tmp"
  chmod 0644 shared/theirs.pgn
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
if (cd shared && "${as_user[@]}" "$cli" pgn-export in.pgn -o theirs.pgn \
      >/dev/null 2>"$tmp/stderr"); then
  not_ok "pgn-export -o a file the user may not write: refused" "it was written"
elif [ "$(cat shared/theirs.pgn)" != "keep me" ]; then
  not_ok "pgn-export -o a file the user may not write: refused" "the file changed"
elif ! grep -q "Permission denied" "$tmp/stderr"; then
  not_ok "pgn-export -o a file the user may not write: refused" "stderr: $(cat "$tmp/stderr")"
else
  ok "pgn-export -o a file the user may not write: refused, left as it was"
fi

# A file the user may write keeps its mode.
printf 'old\n' > mine.pgn
chmod 0600 mine.pgn
"$cli" pgn-export escaped-tags.pgn -o mine.pgn >/dev/null 2>&1
mode=$(stat -c %a mine.pgn)
if [ "$mode" = 600 ] && [ "$(head -c 6 mine.pgn)" = "[Event" ]; then
  ok "pgn-export -o a private file: replaced, still 0600"
else
  not_ok "pgn-export -o a private file: replaced, still 0600" "mode $mode"
fi

exit $failed
