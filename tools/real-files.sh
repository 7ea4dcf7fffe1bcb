#!/usr/bin/env bash
# tools/real-files.sh — reads real PGN files as Caissa and as pgn-extract
# do, and says where they differ (issue #12's goal on real files).
#
#   tools/real-files.sh [-v] FILE|DIR...
#
# For each file (.pgn under each DIR):
#   - games: what Caissa's reader reads (caissa-cli pgn-dump), refused:
#     those it stops in with an error, warnings: damage it read through
#     (caissa-cli pgn-check);
#   - index: the games the indexer lists (caissa-cli pgn-index --list),
#     which must be the reader's games;
#   - main line: the final position of each game's main line, Caissa's
#     against pgn-extract's (-F: the FEN after the last move), compared as
#     multisets, so that a game one side refuses does not shift the rest.
#     A position only Caissa reaches is a main line that differs from the
#     text (or a game pgn-extract refuses); only pgn-extract's, a game
#     Caissa refuses or reads otherwise.
# With -v the differing positions are printed. The last line sums it all
# up; the exit status is 1 when the index and the reader disagree or a
# main line differs where both read the game.
#
# Needs pgn-extract (Debian package pgn-extract) and a build of Caissa in
# build/ (or CAISSA_CLI set).
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cli=${CAISSA_CLI:-$here/build/src/cli/caissa-cli}
extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
verbose=
[ "${1:-}" = -v ] && { verbose=1; shift; }
[ $# -gt 0 ] || { echo "usage: $0 [-v] FILE|DIR..." >&2; exit 2; }
[ -x "$cli" ] || { echo "$0: no caissa-cli at $cli (build first)" >&2; exit 2; }
[ -x "$extract" ] || { echo "$0: pgn-extract is not installed (apt-get install pgn-extract)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=()
for arg in "$@"; do
  if [ -d "$arg" ]; then
    while IFS= read -r -d '' f; do files+=("$f"); done \
      < <(find "$arg" -type f -iname '*.pgn' -print0 | sort -z)
  else
    files+=("$arg")
  fi
done

t_files=0 t_games=0 t_refused=0 t_warnings=0 t_index_bad=0 t_ours=0 t_theirs=0 t_both=0
printf '%-50s %7s %7s %8s %6s %9s %9s\n' file games refused warnings index only-ours only-theirs
for f in "${files[@]}"; do
  t_files=$((t_files + 1))
  # Caissa's reader: a block per game, ending in "end" or holding "error".
  "$cli" pgn-dump "$f" >"$tmp/dump" 2>/dev/null
  awk -F '\t' '
    /^$/ { next }
    $1 == "error" { games++; refused++; last = ""; n = 0; next }
    $1 == "end" {
      # pgn-extract gives no final position for a game without moves.
      games++; if (n > 1) print last > "'"$tmp/ours"'"; last = ""; n = 0; next }
    { last = $1; n++ }
    END { printf "%d %d\n", games + 0, refused + 0 }' "$tmp/dump" >"$tmp/counts"
  [ -e "$tmp/ours" ] || : >"$tmp/ours"
  read -r games refused <"$tmp/counts"
  warnings=$("$cli" pgn-check "$f" 2>/dev/null | sed -n 's/.*warnings: \([0-9]*\).*/\1/p' | tail -n 1)
  listed=$("$cli" pgn-index --list "$f" 2>/dev/null | grep -c "$(printf '\t')")
  index=ok
  if [ "$listed" -ne "$games" ]; then
    index="$listed"
    t_index_bad=$((t_index_bad + 1))
  fi
  # pgn-extract's final positions.
  "$extract" -s -F --noresults -C -N -V "$f" 2>/dev/null \
    | grep -o '{ "[^"]*" }' | sed 's/^{ "\(.*\)" }$/\1/' >"$tmp/theirs"
  # Only the board, the side to move and castling: pgn-extract gives an
  # en passant square after every double step (Caissa only where a capture
  # is possible), and the move counters of a game whose FEN tag lacks them
  # are read differently by each.
  cut -d ' ' -f 1-3 "$tmp/ours" | sort >"$tmp/o"
  cut -d ' ' -f 1-3 "$tmp/theirs" | sort >"$tmp/t"
  ours=$(comm -23 "$tmp/o" "$tmp/t" | wc -l)
  theirs=$(comm -13 "$tmp/o" "$tmp/t" | wc -l)
  both=$(comm -12 "$tmp/o" "$tmp/t" | wc -l)
  printf '%-50s %7d %7d %8d %6s %9d %9d\n' "$(basename "$f" | cut -c 1-50)" \
    "$games" "$refused" "${warnings:-0}" "$index" "$ours" "$theirs"
  if [ -n "$verbose" ]; then
    comm -23 "$tmp/o" "$tmp/t" | sed 's/^/  only Caissa: /'
    comm -13 "$tmp/o" "$tmp/t" | sed 's/^/  only pgn-extract: /'
  fi
  t_games=$((t_games + games)) t_refused=$((t_refused + refused))
  t_warnings=$((t_warnings + ${warnings:-0}))
  t_ours=$((t_ours + ours)) t_theirs=$((t_theirs + theirs)) t_both=$((t_both + both))
  rm -f "$tmp/ours"
done

echo "files: $t_files games: $t_games refused: $t_refused warnings: $t_warnings" \
     "index-disagrees: $t_index_bad same-main-line: $t_both only-caissa: $t_ours only-pgn-extract: $t_theirs"
[ "$t_index_bad" -eq 0 ] && [ "$t_ours" -eq 0 ]
