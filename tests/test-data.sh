#!/usr/bin/env bash
# tests/test-data.sh — desktop integration: the built launcher, AppStream
# metadata, GSettings schema and MIME type validate, and `meson install`
# puts every file where it belongs. Prints TAP.
#
# From tests/meson.build: DESKTOP_FILE, METAINFO_FILE, MIME_FILE (built),
# SCHEMA_DIR (source), MESON, MESON_BUILD_ROOT, PREFIX, BINDIR, DATADIR,
# LOCALEDIR.
#
# A missing validator skips its check on a desk, and fails under CI (CI
# set): tools/dev installs them all.
set -u

app_id=io.github.caissa.Caissa
tmp=$(mktemp -d)
n=0
failed=0
trap 'rm -rf "$tmp"' EXIT

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()  # not_ok NAME [OUTPUT FILE]
{
  n=$((n + 1))
  failed=1
  echo "not ok $n - $1"
  [ -n "${2:-}" ] && [ -f "$2" ] && sed 's/^/# /' "$2" | head -40
}

skip ()  # skip NAME TOOL
{
  if [ -n "${CI:-}" ]; then
    not_ok "$1 ($2 is missing)"
  else
    n=$((n + 1))
    echo "ok $n - $1 # SKIP $2 is missing"
  fi
}

check ()  # check NAME COMMAND...: passes when the command does
{
  local name=$1
  shift
  if "$@" >"$tmp/out" 2>&1; then
    ok "$name"
  else
    not_ok "$name" "$tmp/out"
  fi
}

tool_check ()  # tool_check NAME TOOL ARGS...
{
  local name=$1 tool=$2
  shift 2
  if command -v "$tool" >/dev/null 2>&1; then
    check "$name" "$tool" "$@"
  else
    skip "$name" "$tool"
  fi
}

echo "1..22"

# --- The files as built ----------------------------------------------------

tool_check "the launcher passes desktop-file-validate" \
  desktop-file-validate "$DESKTOP_FILE"
check "the launcher opens PGN files and is a board game" \
  bash -c "grep -qx 'MimeType=application/x-chess-pgn;' '$DESKTOP_FILE' \
           && grep -qx 'Categories=Game;BoardGame;' '$DESKTOP_FILE'"

tool_check "the AppStream metadata passes appstreamcli validate --no-net" \
  appstreamcli validate --no-net "$METAINFO_FILE"
check "the metadata names the launcher, the binary, the 0.1.0 release" \
  bash -c "grep -q '<launchable type=\"desktop-id\">$app_id.desktop</launchable>' '$METAINFO_FILE' \
           && grep -q '<binary>caissa</binary>' '$METAINFO_FILE' \
           && grep -q '<release version=\"0.1.0\" date=\"2026-11-29\"' '$METAINFO_FILE' \
           && grep -q '<content_rating type=\"oars-1.1\"' '$METAINFO_FILE'"

tool_check "the GSettings schema compiles with --strict" \
  glib-compile-schemas --strict --dry-run "$SCHEMA_DIR"

tool_check "the MIME package is well-formed XML" xmllint --noout "$MIME_FILE"
if command -v xmllint >/dev/null 2>&1; then
  mime_xpath ()
  {
    xmllint --xpath "string(/*[local-name()='mime-info']/*[local-name()='mime-type'][@type='application/x-chess-pgn']/$1)" \
      "$MIME_FILE"
  }
  check "the MIME type: *.pgn, a kind of text/plain, with a comment" \
    test "$(mime_xpath "*[local-name()='glob']/@pattern")|$(mime_xpath "*[local-name()='sub-class-of']/@type")|$(mime_xpath "*[local-name()='comment'][1]")" \
         = "*.pgn|text/plain|Chess game (PGN)"
else
  skip "the MIME type: *.pgn, a kind of text/plain, with a comment" xmllint
fi

# --- meson install -------------------------------------------------------------

dest=$tmp/dest
if "$MESON" install -C "$MESON_BUILD_ROOT" --no-rebuild --destdir "$dest" >"$tmp/install.log" 2>&1; then
  ok "meson install --destdir succeeds"
else
  not_ok "meson install --destdir succeeds" "$tmp/install.log"
fi

root=$dest$PREFIX
installed ()  # installed PATH-UNDER-PREFIX [test flag]
{
  if [ "${2:--f}" "$root/$1" ]; then
    ok "installed: $1"
  else
    not_ok "installed: $1"
    find "$dest" -type f | sed "s|^$dest|# |" | head -40
  fi
}

installed "$BINDIR/caissa" -x
installed "$BINDIR/caissa-cli" -x
installed "$DATADIR/applications/$app_id.desktop"
installed "$DATADIR/metainfo/$app_id.metainfo.xml"
installed "$DATADIR/glib-2.0/schemas/$app_id.gschema.xml"
installed "$DATADIR/icons/hicolor/scalable/apps/$app_id.svg"
installed "$DATADIR/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
installed "$DATADIR/mime/packages/$app_id.xml"
installed "$LOCALEDIR/zh_CN/LC_MESSAGES/caissa.mo"
installed "$LOCALEDIR/zh_TW/LC_MESSAGES/caissa.mo"

# The shortcuts window lists each action once: GTK 4.8 leaks the action
# name of a shortcut listed twice, every time a window loads it.
overlay=$(dirname "$0")/../ui/help-overlay.ui
check "the shortcuts window lists each action once" \
  bash -c "n=\$(grep -c 'name=\"action-name\"' '$overlay') && [ \"\$n\" -gt 10 ] \
           && dups=\$(grep -o 'name=\"action-name\">[^<]*' '$overlay' | sort | uniq -d) \
           && { [ -z \"\$dups\" ] || { echo \"listed twice: \$dups\"; false; }; }"

# The installed files work as the desktop uses them.
tool_check "the installed launcher validates" \
  desktop-file-validate "$root/$DATADIR/applications/$app_id.desktop"
tool_check "the installed schema compiles" \
  glib-compile-schemas --strict --targetdir="$tmp" "$root/$DATADIR/glib-2.0/schemas"
if command -v update-mime-database >/dev/null 2>&1; then
  cp -r "$root/$DATADIR/mime" "$tmp/mime"
  update-mime-database "$tmp/mime" >"$tmp/out" 2>&1
  check "shared-mime-info reads the package: *.pgn is application/x-chess-pgn" \
    grep -q ':application/x-chess-pgn:\*\.pgn' "$tmp/mime/globs2"
else
  skip "shared-mime-info reads the package" update-mime-database
fi

exit $failed
