#!/usr/bin/env bash
# Project bundle figures (SPEC §10): `project export` and `project import` of a 1,000-line project
# with 5 photos (JPEGs of 2 MiB each, as a phone takes them), whole process, release build.
# Target: each under 0.3 s. Needs hyperfine and python3. Usage: bench/bundle.sh [PHOTO_KIB]
set -euo pipefail
cd "$(dirname "$0")/.."
KIB=${1:-2048}
OUT=bench/out; rm -rf "$OUT/bundle-src" "$OUT/bundle-dst" "$OUT/bundle-same" "$OUT/b.akkord" "$OUT/b2.akkord"; mkdir -p "$OUT"
swift build -c release >/dev/null
python3 bench/gen_bundle_store.py "$OUT/bundle-src" --lines 1000 --photos 5 --photo-kb "$KIB"
A=.build/release/akkord
$A --store "$OUT/bundle-src" check
$A --store "$OUT/bundle-src" project export -o "$OUT/b.akkord"
ls -la "$OUT/b.akkord"
# The round trip: import into an empty store, export again: the same bytes.
$A --store "$OUT/bundle-same" project import "$OUT/b.akkord"
$A --store "$OUT/bundle-same" project export -o "$OUT/b2.akkord"
cmp "$OUT/b.akkord" "$OUT/b2.akkord" && echo "round trip: byte-identical"
/usr/bin/time -f "export peak memory: %M KiB" $A --store "$OUT/bundle-src" project export -o "$OUT/b.akkord" >/dev/null
rm -rf "$OUT/bundle-dst"
/usr/bin/time -f "import peak memory: %M KiB" $A --store "$OUT/bundle-dst" project import "$OUT/b.akkord" >/dev/null
# export: writes the bundle (atomically, fsync) each run. import: into an empty store each run
# (5 photo files, the project and store.json written and synced); import again: the same
# project is already there, so it is checked in full and nothing is written.
hyperfine -N --warmup 3 --export-markdown "$OUT/bundle.md" \
  --prepare "true" --prepare "rm -rf $OUT/bundle-dst" --prepare "true" \
  "$A --store $OUT/bundle-src project export -o $OUT/b.akkord" \
  "$A --store $OUT/bundle-dst project import $OUT/b.akkord" \
  "$A --store $OUT/bundle-same project import $OUT/b.akkord"
