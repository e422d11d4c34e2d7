#!/usr/bin/env bash
# Nothing lost: 20 concurrent adds, and 50 writers killed with kill -9 at random moments.
source "$(dirname "$0")/lib.sh"
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }

A project new "Concurrency" >/dev/null || fail "project new"
pids=()
for i in $(seq 1 20); do A add 2.01 "$i" >/dev/null 2>"$WORK/add-$i.err" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || fail "an add failed: $(cat "$WORK"/add-*.err)"; done
A lines --json >"$WORK/lines.json"
[ "$(jq '.lines | length' "$WORK/lines.json")" = 20 ] && ok || fail "expected 20 lines, got $(jq '.lines | length' "$WORK/lines.json")"
[ "$(jq -c '[.lines[].id] | sort' "$WORK/lines.json")" = "$(seq -s, 1 20 | sed 's/^/[/; s/$/]/')" ] && ok || fail "ids are not 1..20 once each"
# Quantities 1..20 each once: the sum of amounts is 210 × 38.50 = 8085.00
[ "$(jq -r '.subtotal' "$WORK/lines.json")" = "8085.00" ] && ok || fail "subtotal $(jq -r .subtotal "$WORK/lines.json") != 8085.00"
A check >/dev/null 2>&1 && ok || fail "check after concurrent adds"

# Writers killed at random moments: what is left always parses and checks clean.
A project new "Crash" >/dev/null
for i in $(seq 1 50); do
  ( while true; do A add 2.04 1 >/dev/null 2>&1; A edit 1 --quantity "$((RANDOM % 90 + 1))" >/dev/null 2>&1; done ) &
  loop=$!
  sleep "0.0$((RANDOM % 9 + 1))"
  pkill -9 -P "$loop" 2>/dev/null; kill -9 "$loop" 2>/dev/null; wait "$loop" 2>/dev/null
  for f in "$S"/projects/*.json; do
    jq empty "$f" 2>/dev/null || { fail "round $i: $f does not parse"; break 2; }
  done
done
A check >"$WORK/check.out" 2>&1 && ok || fail "check after kill -9: $(cat "$WORK/check.out")"
n=$(A -p crash lines --json | jq '.lines | length')
[ "$n" -gt 0 ] && ok || fail "no lines survived the kill loop"
echo "  (kill -9 loop: 50 kills, $n lines written)"
finish
