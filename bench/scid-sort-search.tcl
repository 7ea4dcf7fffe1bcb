# bench/scid-sort-search.tcl — Scid's times for what bench/review.sh times
# in Caissa: a PGN file imported into an in-memory base, every game sorted
# by White (the game list's sort cache, as a click on Scid's White header
# makes), and a header search for a player as White or Black.
#
#   tkscid bench/scid-sort-search.tcl FILE NAME
#
# Prints "scid-import-ms", "scid-sort-ms", "scid-search-ms" and the games.
set file [lindex $argv 0]
set name [lindex $argv 1]
proc now {} { return [clock microseconds] }
proc ms {from to} { return [format %.1f [expr {($to - $from) / 1000.0}]] }

set t0 [now]
set base [sc_base create MEMORY bench]
sc_base import $base $file
set t1 [now]
puts "scid-games [sc_base numGames $base]"
puts "scid-import-ms [ms $t0 $t1]"

set t0 [now]
sc_base sortcache $base create "w+"
# The first rows of the sorted list, as the game list shows them.
sc_base gameslist $base 0 30 dbfilter "w+"
set t1 [now]
puts "scid-sort-ms [ms $t0 $t1]"

set t0 [now]
sc_filter reset $base dbfilter empty
sc_filter search $base dbfilter header -filter OR -white $name
sc_filter search $base dbfilter header -filter OR -black $name
set t1 [now]
puts "scid-search-ms [ms $t0 $t1]"
puts "scid-search-found [sc_filter count $base dbfilter]"
exit 0
