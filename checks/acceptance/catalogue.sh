#!/usr/bin/env bash
# The bundled catalogue travels inside the binary; a broken store catalogue exits 65.
source "$(dirname "$0")/lib.sh"

mkdir -p "$WORK/alone" && cp "$AKKORD" "$WORK/alone/akkord"
( cd "$WORK/alone" && env -i HOME="$WORK/home" ./akkord catalogue list ) >"$WORK/list" 2>"$WORK/err"
[ $? -eq 0 ] && ok || fail "binary copied alone: $(cat "$WORK/err")"
expect_contains "$WORK/list" "Under felt, nailed (underpap)"
[ "$(grep -cE '^[0-9]+\.[0-9]+ ' "$WORK/list")" -ge 60 ] && ok || fail "fewer than 60 activities listed"

expect_status 0 -- "$AKKORD" --store "$WORK/s" catalogue search undrfelt --json
[ "$(jq -r '.activities[0].pos' "$WORK/out")" = "2.01" ] && ok || fail "undrfelt does not find 2.01 first"
jq -e '.activities | all(.price | type == "string")' "$WORK/out" >/dev/null && ok || fail "prices are not strings"

mkdir -p "$WORK/bad" && echo '{"format": "akkord-catalogue", "version": 1, "name": "x", "activities": [' >"$WORK/bad/catalogue.json"
cp "$WORK/bad/catalogue.json" "$WORK/before"
for cmd in "catalogue info" "catalogue list" "catalogue search felt" "catalogue show 1"; do
  expect_status 65 -- "$AKKORD" --store "$WORK/bad" $cmd
  expect_contains "$WORK/err" "$WORK/bad/catalogue.json"
done
cmp -s "$WORK/before" "$WORK/bad/catalogue.json" && ok || fail "broken catalogue.json was changed"

# Import progress goes to stderr only when stderr is a terminal (script gives it one).
{ echo "pos,name,unit,price"; for i in $(seq 1 12000); do echo "$i,Activity $i,m2,1"; done; } >"$WORK/many.csv"
expect_status 0 -- "$AKKORD" --store "$WORK/p1" catalogue import "$WORK/many.csv" --dry-run
[ ! -s "$WORK/err" ] && ok || fail "progress written to a stderr that is not a terminal"
if command -v script >/dev/null; then
  script -qec "$AKKORD --store $WORK/p2 catalogue import $WORK/many.csv --dry-run >/dev/null" "$WORK/tty.log" >/dev/null 2>&1
  grep -q "reading $WORK/many.csv: 10000 rows" "$WORK/tty.log" && ok || fail "no progress on a terminal: $(head -c 300 "$WORK/tty.log")"
else
  fail "script (bsdutils) is not installed"
fi

expect_status 64 -- "$AKKORD" catalogue frob
expect_status 0 -- "$AKKORD" help catalogue search
expect_contains "$WORK/out" "USAGE: akkord catalogue search"
finish
