# tests/e2e/lib.sh — the harness the end-to-end scripts share, sourced by
# each after `set -u`: TAP output (ok, not_ok, check, bail), a temporary
# directory and the app process cleaned up on exit, the check for the tools
# the scripts need, and the app's D-Bus actions (action, state).
#
# Sets app (from CAISSA_APP), tmp, app_pid, n and failed. A script that
# starts the app stores its process id in app_pid; one that needs
# different cleanup or checks redefines the function after sourcing.

app=${CAISSA_APP:-}
# Every wait for an event may take this many times longer on a slow or
# loaded machine (tools/dev and tools/sanitize.sh set it; 1 when unset).
scale=${CAISSA_TEST_TIMEOUT_MULTIPLIER:-1}
case $scale in ''|*[!0-9]*|0) scale=1 ;; esac
tmp=$(mktemp -d)
app_pid=
n=0
failed=0

cleanup ()
{
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill "$app_pid" 2>/dev/null
    wait "$app_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()  # not_ok DESCRIPTION [TEXT...]: TEXT as # comments, line by line
{
  n=$((n + 1))
  failed=1
  echo "not ok $n - $1"
  # Also on stderr: meson prints a failed test's stderr in its log, which
  # is all a CI run shows.
  echo "not ok $n - $1" >&2
  shift
  for text in "$@"; do printf '%s\n' "$text" | sed 's/^/# /' | tee /dev/stderr; done
}

check ()  # check DESCRIPTION COMMAND...: ok if the command succeeds
{
  local what=$1
  shift
  if "$@"; then
    ok "$what"
  else
    not_ok "$what" "$(cat "$tmp/state" 2>/dev/null)"
  fi
}

bail ()
{
  echo "Bail out! $1"
  [ -f "$tmp/app.log" ] && sed 's/^/# app: /' "$tmp/app.log" | tail -20
  exit 1
}

# e2e_require [cli] [COMMAND...]: an X display, xdotool, gdbus, a session
# bus and CAISSA_APP, plus CAISSA_CLI ("cli") or other commands. Without
# them the script skips, except under CI (CI set), where it fails.
e2e_require ()
{
  local missing= what

  [ -n "${DISPLAY:-}" ] || missing="$missing DISPLAY"
  command -v xdotool >/dev/null 2>&1 || missing="$missing xdotool"
  command -v gdbus >/dev/null 2>&1 || missing="$missing gdbus"
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || missing="$missing session-bus"
  [ -x "$app" ] || missing="$missing CAISSA_APP"
  for what in "$@"; do
    case $what in
      cli) [ -x "${cli:-}" ] || missing="$missing CAISSA_CLI" ;;
      *) command -v "$what" >/dev/null 2>&1 || missing="$missing $what" ;;
    esac
  done
  if [ -n "$missing" ]; then
    if [ -n "${CI:-}" ]; then
      bail "missing under CI:$missing"
    fi
    echo "1..0 # SKIP missing:$missing"
    exit 0
  fi
}

action ()  # action NAME PATH
{
  gdbus call --session --dest io.github.caissa.Caissa \
    --object-path /io/github/caissa/Caissa \
    --method org.gtk.Actions.Activate "$1" "[<'$2'>]" '{}' >/dev/null
}

state ()  # state KEY -> the rest of the line "KEY ..." of dump-state
{
  action dump-state "$tmp/state" || return 1
  sed -n "s/^$1 //p" "$tmp/state"
}

# tries N: N polls of a wait, scaled by $scale (a wait of N × 0.1 s is
# "for i in $(seq 1 $(tries N))").
tries ()
{
  echo $(( $1 * scale ))
}

# A window named NAME (regexp) on screen, within 10 s (scaled): its id in $found
# (no command substitution: its subshell would run the EXIT trap).
find_window ()
{
  local i
  found=
  for i in $(seq 1 $(tries 100)); do
    xdotool search --onlyvisible --name "$1" >"$tmp/found" 2>/dev/null
    found=$(head -n 1 "$tmp/found")
    [ -n "$found" ] && return 0
    sleep 0.1
  done
  return 1
}
