#!/bin/sh
# tools/preview-pieces.sh — render the Caissa piece set into PNG contact sheets.
#
#   tools/preview-pieces.sh [PIECE_DIR] [OUT_DIR]
#
# PIECE_DIR defaults to data/pieces/caissa, OUT_DIR to /tmp/caissa-preview
# (never write into the repository). Needs rsvg-convert (Debian package
# librsvg2-bin) and ImageMagick (convert, montage).
#
# Writes into OUT_DIR:
#   sheet-SIZE.png       all 12 pieces on alternating squares at SIZE px per
#                        square (24, 40, 64, 160), two rows per board theme
#                        (brown, green, blue) so every piece is shown on both
#                        a light and a dark square
#   sheet-24-zoom.png    sheet-24 magnified 4x without smoothing, to judge
#                        the real pixels
#   board-60.png         the initial position at 60 px per square
#   sheet.png            everything above stacked into one picture
#   icon-*.png           the application icons at 16, 32, 64 and 128 px
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$root/data/pieces/caissa}
out=${2:-/tmp/caissa-preview}
case "$out" in
  "$root"/build-*|"$root"/build-*/*|/tmp/*) ;;
  "$root"*) echo "preview-pieces: refusing to write into the repository: $out" >&2; exit 1 ;;
esac

for tool in rsvg-convert convert montage; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "preview-pieces: $tool is missing (apt-get install librsvg2-bin imagemagick)" >&2
    exit 1
  }
done

pieces="wK wQ wR wB wN wP bK bQ bR bB bN bP"
for p in $pieces; do
  [ -f "$src/$p.svg" ] || { echo "preview-pieces: missing $src/$p.svg" >&2; exit 1; }
done

mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# light dark  pairs for the three board themes
themes="#f0d9b5:#b58863 #eeeed2:#769656 #dee3e6:#8ca2ad"

render ()  # render PIECE SIZE -> $tmp/PIECE-SIZE.png (cached)
{
  [ -f "$tmp/$1-$2.png" ] || rsvg-convert -w "$2" -h "$2" "$src/$1.svg" -o "$tmp/$1-$2.png"
}

# square SIZE COLOUR PIECE OUTFILE
square ()
{
  render "$3" "$1"
  convert -size "$1x$1" "xc:$2" "$tmp/$3-$1.png" -composite "$4"
}

for size in 24 40 64 160; do
  rows=""
  r=0
  for theme in $themes; do
    light=${theme%%:*}
    dark=${theme##*:}
    for start in 0 1; do
      i=0
      cells=""
      for p in $pieces; do
        if [ $(( (i + start) % 2 )) -eq 0 ]; then c=$light; else c=$dark; fi
        square "$size" "$c" "$p" "$tmp/c-$size-$r-$i.png"
        cells="$cells $tmp/c-$size-$r-$i.png"
        i=$((i + 1))
      done
      # shellcheck disable=SC2086
      convert $cells +append "$tmp/row-$size-$r.png"
      rows="$rows $tmp/row-$size-$r.png"
      r=$((r + 1))
    done
  done
  # shellcheck disable=SC2086
  convert $rows -background white -splice 0x2 -append -chop 0x2 "$out/sheet-$size.png"
done
convert "$out/sheet-24.png" -filter point -resize 400% "$out/sheet-24-zoom.png"

# The initial position at 60 px per square.
s=60
# a 2x2-pixel checker (light square top-left), scaled up and tiled
convert -size 2x2 xc:'#f0d9b5' -fill '#b58863' -draw 'point 1,0' -draw 'point 0,1' \
  -filter point -scale $((2 * s))x$((2 * s)) "$tmp/tile.png"
convert -size $((8 * s))x$((8 * s)) "tile:$tmp/tile.png" "$tmp/board.png"
back="R N B Q K B N R"
place ()  # place PIECE FILE(0-7) RANK-ROW(0-7 from the top)
{
  render "$1" $s
  convert "$tmp/board.png" "$tmp/$1-$s.png" -geometry "+$(($2 * s))+$(($3 * s))" -composite "$tmp/board.png"
}
f=0
for k in $back; do
  place "b$k" $f 0; place bP $f 1; place wP $f 6; place "w$k" $f 7
  f=$((f + 1))
done
cp "$tmp/board.png" "$out/board-60.png"

# The application icons, if present, at 16, 32, 64 and 128 px on light and
# dark backgrounds.
icons="$root/data/icons/hicolor/scalable/apps/io.github.caissa.Caissa.svg
$root/data/icons/hicolor/symbolic/apps/io.github.caissa.Caissa-symbolic.svg"
n=0
for icon in $icons; do
  [ -f "$icon" ] || continue
  n=$((n + 1))
  for bg in '#ffffff' '#f6f5f4' '#303030'; do
    cells=""
    for size in 16 32 64 128; do
      rsvg-convert -w $size -h $size "$icon" -o "$tmp/i-$size.png"
      convert -size 140x140 "xc:$bg" "$tmp/i-$size.png" -gravity center -composite "$tmp/ic-$size-$bg.png"
      cells="$cells $tmp/ic-$size-$bg.png"
    done
    # shellcheck disable=SC2086
    convert $cells +append "$tmp/icrow-$n-$bg.png"
  done
  convert "$tmp/icrow-$n-#ffffff.png" "$tmp/icrow-$n-#f6f5f4.png" "$tmp/icrow-$n-#303030.png" -append "$out/icon-$n.png"
  rsvg-convert -w 16 -h 16 "$icon" -o "$tmp/i16.png"
  convert "$tmp/i16.png" -background white -flatten -filter point -resize 800% "$out/icon-$n-16-zoom.png"
done

# One picture with the sheets and the board.
# (-splice with gravity northwest adds the 12 px gaps above / left of each.)
convert "$out/sheet-160.png" "$out/sheet-64.png" "$out/sheet-40.png" "$out/sheet-24-zoom.png" \
  -background '#808080' -gravity northwest -splice 0x12 -append "$tmp/sheets.png"
convert "$tmp/sheets.png" "$out/board-60.png" -background '#808080' -gravity northwest -splice 12x0 \
  +append "$out/sheet.png"

echo "preview-pieces: wrote $out/sheet.png (and sheet-*.png, board-60.png, icon-*.png)"
