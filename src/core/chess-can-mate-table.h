/* chess-can-mate-table.h — piece-only combinations of at most five men in
 * which X can never mate, in chess-can-mate.c's notation. Generated from
 * the output of tests/helpmate-proof (our own exhaustive search): 3 and
 * 4 men from its full tables (helpmate-proof 4 --compare), 5 men from
 * its --scan of every placement (tests/data/can-mate-scan-5men.txt): a
 * combination is listed when X mates in none of its placements and in
 * none of the smaller combinations its captures lead to. */
"B/",
"N/",
"B/B",
"B/Q",
"B/R",
"BB/",
"N/Q",
"N/QQ",
"B/QQ",
"B/QR",
"B/RR",
"B/QB",
"B/RB",
"B/BB",
"BB/B",
"BB/Q",
"BB/R",
"BBB/",
