#!/usr/bin/env bash
# tests/test-help.sh — the user manual (help/) is valid Mallard and its
# translations are complete.
#
#  - yelp-check validate, links, ids and orphans on help/C/*.page — and, so
#    that this test cannot pass by checking nothing, a copy of a page with
#    an invalid element and one with a broken link must fail them;
#  - help/meson.build installs exactly the pages of help/C;
#  - for each language of help/LINGUAS: msgfmt --check, 0 fuzzy and 0
#    untranslated, a translation for every message of the current pages
#    (the template made again with itstool), no character of the other
#    Chinese script, and the translated pages (itstool -m) valid too.
# TAP output. Needs yelp-tools, itstool and gettext; without them the test
# skips, except under CI (CI set), where it fails.
set -u

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
help=$src/help
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()
{
  n=$((n + 1))
  echo "not ok $n - $1"
  shift
  for line in "$@"; do
    [ -n "$line" ] && printf '%s\n' "$line" | sed 's/^/# /'
  done
}

missing=
for tool in yelp-check itstool msgfmt msgcmp xmllint; do
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

# Runs yelp-check "$@"; it says what is wrong on stdout and exits 0 only
# when all is well — and for links/ids/orphans it may exit 0 with a
# complaint, so any output counts as a failure too.
check ()
{
  local out status
  out=$(cd "$2" && yelp-check "$1" *.page 2>&1)
  status=$?
  printf '%s' "$out" >"$tmp/check.out"
  [ $status -eq 0 ] && [ -z "$out" ]
}

languages=$(sed -e 's/#.*//' "$help/LINGUAS" | tr -s ' \t' '\n' | sed '/^$/d')
n_langs=$(printf '%s\n' "$languages" | wc -l)
echo "1..$((7 + 5 * n_langs))"

# 1-4. The English pages.
for what in validate links ids orphans; do
  if check $what "$help/C"; then
    ok "yelp-check $what help/C"
  else
    not_ok "yelp-check $what help/C" "$(cat "$tmp/check.out")"
  fi
done

# 5. The checks do fail on a bad page: an unknown element, a broken link.
mkdir -p "$tmp/bad-element" "$tmp/bad-link"
cp "$help"/C/*.page "$tmp/bad-element/"
cp "$help"/C/*.page "$tmp/bad-link/"
sed -i 's|<title>Draws and claims</title>|<title>Draws and claims</title><bogus/>|' "$tmp/bad-element/draws.page"
sed -i 's|<link xref="draws"/>|<link xref="no-such-page"/>|' "$tmp/bad-link/playing.page"
if cmp -s "$help/C/draws.page" "$tmp/bad-element/draws.page" \
   || cmp -s "$help/C/playing.page" "$tmp/bad-link/playing.page"; then
  not_ok "the checks fail on a page made invalid" "the pages no longer hold the text this test alters"
elif check validate "$tmp/bad-element"; then
  not_ok "the checks fail on a page made invalid" "yelp-check validate accepted an unknown element"
elif check links "$tmp/bad-link"; then
  not_ok "the checks fail on a page made invalid" "yelp-check links accepted a link to no page"
else
  ok "the checks fail on a page made invalid (an unknown element, a broken link)"
fi

# 6. meson installs every page, and only those.
pages=$(cd "$help/C" && ls *.page | sort)
listed=$(sed -n "s/^ *'\([a-z-]*\.page\)',*$/\1/p" "$help/meson.build" | sort)
if [ "$pages" = "$listed" ]; then
  ok "help/meson.build lists the $(printf '%s\n' "$pages" | wc -l) pages of help/C"
else
  not_ok "help/meson.build lists the pages of help/C" "pages: $(echo $pages)" "listed: $(echo $listed)"
fi

# 7. The template, from the current pages.
if (cd "$help/C" && itstool -o "$tmp/caissa-help.pot" $pages) 2>"$tmp/itstool.err"; then
  ok "itstool extracts $(($(grep -c '^msgid ' "$tmp/caissa-help.pot") - 1)) messages from the pages"
else
  not_ok "itstool extracts the template" "$(cat "$tmp/itstool.err")"
  exit 1
fi

simplified_only='设这为盘将时钟认输择间开关键复动车马们个对录显图边过还进连选远从让请读论议记语说负则变胜结击单帮数据档钮启继续双执应该规误'
traditional_only='設這為盤將時鐘認輸擇間開關鍵復動車馬們個對錄顯圖邊過還進連選遠從讓請讀論議記語說負則變勝結擊單幫數據檔鈕啟繼續雙執應該規誤'

for lang in $languages; do
  file=$help/$lang/$lang.po
  if [ ! -f "$file" ]; then
    for t in 1 2 3 4 5; do not_ok "help/$lang/$lang.po exists"; done
    continue
  fi

  # a. Well-formed catalog.
  if msgfmt --check -o "$tmp/$lang.mo" "$file" 2>"$tmp/check"; then
    ok "help $lang.po: msgfmt --check"
  else
    not_ok "help $lang.po: msgfmt --check" "$(cat "$tmp/check")"
  fi

  # b. 0 fuzzy, 0 untranslated.
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$file" 2>&1)
  if [[ $stats != *untranslated* && $stats != *fuzzy* && $stats == *"translated message"* ]]; then
    ok "help $lang.po: $stats"
  else
    not_ok "help $lang.po: 0 fuzzy, 0 untranslated" "$stats"
  fi

  # c. Every message of the current pages is translated.
  if LC_ALL=C msgcmp "$file" "$tmp/caissa-help.pot" >"$tmp/cmp" 2>&1; then
    ok "help $lang.po translates every message of the current pages"
  else
    not_ok "help $lang.po translates every message of the current pages" "$(head -n 20 "$tmp/cmp")"
  fi

  # d. The right script.
  case $lang in
    zh_CN|zh_SG) wrong=$traditional_only ;;
    zh_TW|zh_HK|zh_MO) wrong=$simplified_only ;;
    *) wrong= ;;
  esac
  bad=
  if [ -n "$wrong" ]; then
    bad=$(msgattrib --no-obsolete --no-wrap "$file" \
          | sed -n 's/^msgstr "\(.*\)"$/\1/p' | LC_ALL=C.UTF-8 grep -n "[$wrong]" | head -10)
  fi
  if [ -z "$bad" ]; then
    ok "help $lang.po: no character of the other Chinese script"
  else
    not_ok "help $lang.po: no character of the other Chinese script" "$bad"
  fi

  # e. The translated pages, as meson builds them for installation.
  mkdir -p "$tmp/$lang"
  if [ -f "$tmp/$lang.mo" ] \
     && (cd "$help/C" && itstool -m "$tmp/$lang.mo" -l "$lang" -o "$tmp/$lang/" $pages) 2>"$tmp/itstool.err" \
     && check validate "$tmp/$lang"; then
    ok "help $lang: the translated pages are valid Mallard"
  else
    not_ok "help $lang: the translated pages are valid Mallard" \
      "$(cat "$tmp/itstool.err" 2>/dev/null)" "$(cat "$tmp/check.out" 2>/dev/null)"
  fi
done
