#!/usr/bin/env bash
# Issue 5 figure: importing a 50,000-row CSV that changes 10,000 prices and adds 5,000 activities
# into a 50,000-activity catalogue, as a whole process. Before each run the store is restored
# from a base copy (bench/restore-store.sh), so every run does the full import.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out; rm -rf "$OUT/import-base"; mkdir -p "$OUT/import-base"
swift build -c release >/dev/null
python3 bench/gen_catalogue.py 50000 "$OUT/import-base/catalogue.json"
python3 bench/gen_import.py "$OUT/import-base/catalogue.json" "$OUT/update.csv"
A=.build/release/akkord
bench/restore-store.sh "$OUT/import-base" "$OUT/import-run"
$A --store "$OUT/import-run" catalogue import "$OUT/update.csv"
hyperfine -N --warmup 1 --runs 10 --export-markdown "$OUT/import.md" \
  --prepare "bench/restore-store.sh $OUT/import-base $OUT/import-run" \
  "$A --store $OUT/import-run catalogue import $OUT/update.csv"
bench/restore-store.sh "$OUT/import-base" "$OUT/import-run"
$A --store "$OUT/import-run" catalogue import "$OUT/update.csv" --json | jq -c '{added, changed, removed, unchanged}'
