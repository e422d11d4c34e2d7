#!/usr/bin/env bash
# Issue 2 figures: catalogue search on a 50,000-activity store catalogue, and `catalogue info`
# on the bundled catalogue against a Swift hello world that imports Foundation.
# Needs hyperfine and python3. Usage: bench/catalogue.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-50000}
OUT=bench/out; mkdir -p "$OUT/store"
swift build -c release >/dev/null
python3 bench/gen_catalogue.py "$N" "$OUT/store/catalogue.json"
swiftc -O bench/hello/main.swift -o "$OUT/hello"
A=.build/release/akkord
hyperfine -N --warmup 3 --export-markdown "$OUT/catalogue.md" \
  "$A --store $OUT/store catalogue search undrfelt eaves" \
  "$A --store $OUT/store catalogue info" \
  "$A --store $OUT/empty catalogue info" \
  "$OUT/hello"
