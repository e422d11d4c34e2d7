#!/usr/bin/env bash
# Issue 3 figures: `akkord add` on a 1,000-line project; `akkord project list` over 2,000 projects
# of 20 lines each. Needs hyperfine and python3. Usage: bench/store.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out; rm -rf "$OUT/big" "$OUT/many"; mkdir -p "$OUT"
swift build -c release >/dev/null
python3 bench/gen_store.py "$OUT/big" --projects 1 --lines 1000
python3 bench/gen_store.py "$OUT/many" --projects 2000 --lines 20
A=.build/release/akkord
$A --store "$OUT/big" check
$A --store "$OUT/many" check
# Each add grows the project by one line; the few hundred added during the run change little.
hyperfine -N --warmup 3 --export-markdown "$OUT/store.md" \
  "$A --store $OUT/big add 2.01 12,5" \
  "$A --store $OUT/many project list" \
  "$A --store $OUT/many project list --json"
