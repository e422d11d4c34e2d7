#!/usr/bin/env bash
# Issue 11 figures: the completion values (`akkord __complete`) on a store of 2,000 projects
# (20 lines and 4 workers each) and a 50,000-activity catalogue with its search index (as any
# catalogue command leaves it), next to a Swift hello world that imports Foundation. SPEC §13:
# under 30 ms. Needs hyperfine and python3. Usage: bench/complete.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out; S=$OUT/complete
rm -rf "$S"; mkdir -p "$OUT"
swift build -c release >/dev/null
python3 bench/gen_store.py "$S" --projects 2000 --lines 20 --workers 4
python3 bench/gen_catalogue.py 50000 "$S/catalogue.json"
swiftc -O bench/hello/main.swift -o "$OUT/hello"
A=.build/release/akkord
$A --store "$S" catalogue info >/dev/null   # makes the search index, as every catalogue command does
rm -f "$S/.lock"                             # __complete makes none: the store is as a script wrote it
hyperfine -N --warmup 5 --min-runs 50 --export-markdown "$OUT/complete.md" \
  "$A --store $S __complete pos 2.0" \
  "$A --store $S __complete pos 2.0 --describe" \
  "$A --store $S __complete pos" \
  "$A --store $S __complete section" \
  "$A --store $S __complete project" \
  "$A --store $S __complete worker --describe" \
  "$A --store $S __complete line" \
  "$OUT/hello"
[ ! -e "$S/.lock" ] || { echo "error: __complete made a lock file" >&2; exit 1; }
