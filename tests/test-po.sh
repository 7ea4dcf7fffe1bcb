#!/usr/bin/env bash
# tests/test-po.sh — the translations are complete for the CURRENT sources.
#
#  - po/POTFILES.in: every listed file exists; every file under src/, ui/
#    and data/ with a translatable string is listed.
#  - The template is regenerated from the sources with xgettext, with the
#    options of meson's i18n glib preset (po/meson.build), so a string added
#    to the code but not yet translated fails here.
#  - Every po file in po/LINGUAS: msgfmt --check (formats, header, plural
#    forms) with mnemonic checks, 0 fuzzy, 0 untranslated, a translation for
#    every msgid of the sources (msgcmp), nplurals=1 for Chinese, and no
#    character of the other script (Simplified vs Traditional).
# TAP output. Needs gettext (xgettext, msgfmt, msgmerge, msgcmp); without it
# the test skips, except under CI (CI set), where it fails.
set -u

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
po=$src/po
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
  for line in "$@"; do
    [ -n "$line" ] && printf '%s\n' "$line" | sed 's/^/# /'
  done
}

missing=
for tool in xgettext msgfmt msgmerge msgcmp msgattrib; do
  command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  if [ -n "${CI:-}" ]; then
    echo "Bail out! missing under CI:$missing"
    exit 1
  fi
  echo "1..0 # SKIP missing:$missing"
  exit 0
fi

# meson's i18n.gettext(preset: 'glib') passes exactly these (mesonbuild/
# modules/i18n.py PRESET_ARGS['glib'], plus -k_ from scripts/gettext.py),
# and po/meson.build's own --keyword=CHESS_N_ (the rules core's marker).
xgettext_args=(
  --from-code=UTF-8 --add-comments
  -k_ --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format
  --flag=NC_:2:pass-c-format --flag=g_dngettext:2:pass-c-format
  --flag=g_strdup_printf:1:c-format --flag=g_string_printf:2:c-format
  --flag=g_string_append_printf:2:c-format --flag=g_error_new:3:c-format
  --flag=g_set_error:4:c-format --flag=g_markup_printf_escaped:1:c-format
  --flag=g_log:3:c-format --flag=g_print:1:c-format
  --flag=g_printerr:1:c-format --flag=g_printf:1:c-format
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format
  --flag=g_snprintf:3:c-format
  --keyword=CHESS_N_
)

# POTFILES.in without comments and blank lines (as xgettext -f reads it).
listed=$(sed -e 's/[[:space:]]*$//' -e '/^#/d' -e '/^$/d' "$po/POTFILES.in" | sort)

languages=$(sed -e 's/#.*//' "$po/LINGUAS" | tr -s ' \t' '\n' | sed '/^$/d')
n_langs=$(printf '%s\n' "$languages" | sed '/^$/d' | wc -l)
echo "1..$((3 + 5 * n_langs))"

# 1. Every listed file exists, once.
absent=
for f in $listed; do
  [ -f "$src/$f" ] || absent="$absent $f"
done
dups=$(printf '%s\n' "$listed" | uniq -d)
if [ -z "$absent" ] && [ -z "$dups" ]; then
  ok "every file in POTFILES.in exists, none twice"
else
  not_ok "every file in POTFILES.in exists, none twice" "missing:$absent" "twice: $dups"
fi

# 2. Every file with a translatable string is listed. A file "has" one when
# xgettext, with the preset's keywords, extracts a message from it, or when
# it marks a property translatable="yes" (a .ui file under another name).
unlisted=
while IFS= read -r -d '' f; do
  rel=${f#"$src"/}
  case $rel in
    *.c|*.h|*.ui|*.xml|*.in|*.desktop|*.policy) ;;
    *) continue ;;
  esac
  has=
  if grep -q 'translatable="yes"' "$f"; then
    has=1
  elif (cd "$src" && xgettext "${xgettext_args[@]}" -o "$tmp/one.pot" "$rel" 2>/dev/null) \
       && [ -f "$tmp/one.pot" ] && [ "$(grep -c '^msgid ' "$tmp/one.pot")" -gt 1 ]; then
    # (more than the header)
    has=1
  fi
  rm -f "$tmp/one.pot"
  if [ -n "$has" ] && ! printf '%s\n' "$listed" | grep -qxF "$rel"; then
    unlisted="$unlisted $rel"
  fi
done < <(find "$src/src" "$src/ui" "$src/data" -type f -print0 2>/dev/null)
if [ -z "$unlisted" ]; then
  ok "POTFILES.in lists every file under src/, ui/, data/ with translatable strings"
else
  not_ok "POTFILES.in lists every file under src/, ui/, data/ with translatable strings" \
    "not listed:$unlisted"
fi

# 3. The template, from the current sources.
if (cd "$src" && xgettext --package-name=caissa -f "$po/POTFILES.in" -D "$src" \
      "${xgettext_args[@]}" -o "$tmp/caissa.pot") 2>"$tmp/xgettext.err" \
   && [ -f "$tmp/caissa.pot" ]; then
  ok "xgettext extracts $(($(grep -c '^msgid ' "$tmp/caissa.pot") - 1)) messages from POTFILES.in"
else
  not_ok "xgettext extracts the template from POTFILES.in" "$(cat "$tmp/xgettext.err")"
  exit 1
fi

# Script check: characters that exist in only one of the two scripts, all
# common in a chess UI (设/設, 这/這, 时/時, 钟/鐘, …).
simplified_only='设这为盘将时钟认输择间开关键复动车马们个对录显图边过还进连选远从让请读论议记语说负则变胜结击单帮数据档钮启继续双执应该规误'
traditional_only='設這為盤將時鐘認輸擇間開關鍵復動車馬們個對錄顯圖邊過還進連選遠從讓請讀論議記語說負則變勝結擊單幫數據檔鈕啟繼續雙執應該規誤'

for lang in $languages; do
  file=$po/$lang.po
  if [ ! -f "$file" ]; then
    for t in 1 2 3 4 5; do not_ok "$lang.po exists"; done
    continue
  fi

  # a. msgfmt --check: header, formats (%s, %u, %1$s …), plural forms; and
  # one mnemonic for one mnemonic.
  if msgfmt --check --check-accelerators=_ -o /dev/null "$file" 2>"$tmp/check"; then
    ok "$lang.po: msgfmt --check --check-accelerators=_"
  else
    not_ok "$lang.po: msgfmt --check --check-accelerators=_" "$(cat "$tmp/check")"
  fi

  # b. Its own statistics: 0 fuzzy, 0 untranslated.
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$file" 2>&1)
  if [[ $stats != *untranslated* && $stats != *fuzzy* && $stats == *"translated message"* ]]; then
    ok "$lang.po: $stats"
  else
    not_ok "$lang.po: 0 fuzzy, 0 untranslated" "$stats"
  fi

  # c. Against the current sources: every msgid has a non-fuzzy translation.
  msgmerge -q --no-fuzzy-matching -o "$tmp/$lang.merged.po" "$file" "$tmp/caissa.pot"
  merged=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/$lang.merged.po" 2>&1)
  if LC_ALL=C msgcmp "$file" "$tmp/caissa.pot" >"$tmp/cmp" 2>&1 \
     && [[ $merged != *untranslated* && $merged != *fuzzy* ]]; then
    ok "$lang.po translates every message of the current sources"
  else
    untranslated=$(msgattrib --untranslated --no-obsolete --no-wrap "$tmp/$lang.merged.po" \
                   | grep '^msgid ' | sed -e 1d -e 's/^/untranslated: /')
    fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap "$tmp/$lang.merged.po" \
            | grep '^msgid ' | sed -e 1d -e 's/^/fuzzy: /')
    not_ok "$lang.po translates every message of the current sources" \
      "merged with the sources: $merged" "$untranslated" "$fuzzy" "$(tail -n 1 "$tmp/cmp")"
  fi

  # d. Header: the language and Chinese plural forms (one form).
  if grep -q "^\"Language: $lang\\\\n\"\$" "$file" \
     && grep -q '^"Plural-Forms: nplurals=1; plural=0;\\n"$' "$file"; then
    ok "$lang.po: Language: $lang, Plural-Forms: nplurals=1; plural=0;"
  else
    not_ok "$lang.po: Language: $lang, Plural-Forms: nplurals=1; plural=0;" \
      "$(grep -E '^"(Language|Plural-Forms):' "$file")"
  fi

  # e. The translations are in the right script.
  case $lang in
    zh_CN|zh_SG) wrong=$traditional_only ;;
    zh_TW|zh_HK|zh_MO) wrong=$simplified_only ;;
    *) wrong= ;;
  esac
  # msgstr lines only (msgids are English; comments may quote anything).
  msgstrs=$(msgattrib --no-obsolete --no-wrap "$file" | sed -n 's/^msgstr\(\[[0-9]*\]\)\{0,1\} "\(.*\)"$/\2/p')
  bad=
  if [ -n "$wrong" ]; then
    bad=$(printf '%s\n' "$msgstrs" | LC_ALL=C.UTF-8 grep -n "[$wrong]" | head -10)
  fi
  if [ -z "$bad" ]; then
    ok "$lang.po: no character of the other Chinese script"
  else
    not_ok "$lang.po: no character of the other Chinese script" "$bad"
  fi
done

exit $failed
