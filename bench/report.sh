#!/usr/bin/env bash
# Issue 4 figures: `akkord report --format json` on a 100,000-line project (time and peak memory),
# and jq summing quantity × price over the same project file in the same hyperfine run.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out; rm -rf "$OUT/huge"; mkdir -p "$OUT"
swift build -c release >/dev/null
python3 bench/gen_store.py "$OUT/huge" --projects 1 --lines 100000 --workers 3
A=.build/release/akkord
F="$OUT/huge/projects/big.json"
ls -la "$F"
/usr/bin/time -f "peak memory: %M KiB" $A --store "$OUT/huge" report --format json >/dev/null
hyperfine -N --warmup 2 --export-markdown "$OUT/report.md" \
  "$A --store $OUT/huge report --format json" \
  "jq '[.lines[] | (.quantity | tonumber) * (.price | tonumber)] | add' $F"
