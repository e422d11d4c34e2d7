#!/usr/bin/env bash
# Project bundle figures (SPEC §10, §13, §19), release build, whole process:
#  - `project export` of a 100,000-line project with 5 photos of about 200 KB against the floor
#    of §13 (`cat` of the project file piped into bench/floor.c): target within 4 × the floor;
#  - peak memory (max RSS, mapped pages included) of `project export`, `project import` into an
#    empty store, and `project import` of the same project again (unchanged: checked in full,
#    nothing written): target under 40 MiB at 100,000 lines (under 64 MiB at 1,000,000 with --million);
#  - the round trip: export → import into an empty store → export gives the same bytes.
# The store is made by bench/gen_bundle_store.py and its project file put in akkord's own bytes
# (imported once into the store the benchmark reads), as akkord keeps it.
# Usage: bench/bundle.sh [--million] [--rounds N] [--bin PATH] (default: builds .build/release/akkord).
# Needs cc, python3; bench/timeit.c measures.
set -euo pipefail
cd "$(dirname "$0")/.."
MILLION= ROUNDS=7 A=
while [ $# -gt 0 ]; do
  case "$1" in
    --million) MILLION=1 ;;
    --rounds) ROUNDS=$2; shift ;;
    --bin) A=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
    *) echo "bundle.sh: unknown option $1" >&2; exit 64 ;;
  esac
  shift
done
OUT=${TMPDIR:-/tmp}/akkord-bundle-bench-$$; rm -rf "$OUT"; mkdir -p "$OUT"
trap 'rm -rf "$OUT"' EXIT
if [ -z "$A" ]; then swift build -c release >/dev/null; A=$PWD/.build/release/akkord; fi
cc -O2 -o "$OUT/floor" bench/floor.c
cc -O2 -o "$OUT/timeit" bench/timeit.c

# run LABEL CMD...: one timed run; prints "<ms> <peak KiB>".
run() { "$OUT/timeit" "$OUT/result" "$@" >/dev/null; awk '{ printf "%.1f %d\n", $1 / 1e6, $2 }' "$OUT/result"; }

sizes=(100000); [ -n "$MILLION" ] && sizes+=(1000000)
for lines in "${sizes[@]}"; do
  S=$OUT/src-$lines
  python3 bench/gen_bundle_store.py "$OUT/gen-$lines" --lines "$lines" --photos 5 --photo-kb 200
  "$A" --store "$OUT/gen-$lines" project export -o "$OUT/gen-$lines.akkord" >/dev/null
  "$A" --store "$S" project import "$OUT/gen-$lines.akkord" >/dev/null
  P=$S/projects/big.json
  echo "== $lines lines: project file $(stat -c %s "$P") bytes, photos $(du -sk "$S/photos" | cut -f1) KiB"
  "$A" --store "$S" project export -o "$OUT/b.akkord" >/dev/null
  "$A" --store "$OUT/same-$lines" project import "$OUT/b.akkord" >/dev/null
  "$A" --store "$OUT/same-$lines" project export -o "$OUT/b2.akkord" >/dev/null
  cmp "$OUT/b.akkord" "$OUT/b2.akkord" && echo "round trip: byte-identical ($(stat -c %s "$OUT/b.akkord") bytes)"

  echo "peak memory (KiB): export $(run "$A" --store "$S" project export -o "$OUT/b.akkord" | cut -d' ' -f2)," \
       "import $(rm -rf "$OUT/dst"; run "$A" --store "$OUT/dst" project import "$OUT/b.akkord" | cut -d' ' -f2)," \
       "import again (unchanged) $(run "$A" --store "$OUT/same-$lines" project import "$OUT/b.akkord" | cut -d' ' -f2)," \
       "export to stdout $(run "$A" --store "$S" project export -o - | cut -d' ' -f2)"

  if [ "$lines" = 100000 ]; then
    # Interleaved rounds after a warm-up; the minimum of each.
    run "$A" --store "$S" project export -o "$OUT/b.akkord" >/dev/null; run /bin/cat "$P" "|" "$OUT/floor" >/dev/null
    best_e=999999 best_f=999999
    for ((r = 0; r < ROUNDS; r++)); do
      e=$(run "$A" --store "$S" project export -o "$OUT/b.akkord" | cut -d' ' -f1)
      f=$(run /bin/cat "$P" "|" "$OUT/floor" | cut -d' ' -f1)
      best_e=$(awk -v a="$best_e" -v b="$e" 'BEGIN { print (b < a ? b : a) }')
      best_f=$(awk -v a="$best_f" -v b="$f" 'BEGIN { print (b < a ? b : a) }')
    done
    awk -v e="$best_e" -v f="$best_f" 'BEGIN { printf "export %.1f ms, floor %.1f ms: %.2f × the floor (target ≤ 4)\n", e, f, e / f }'
  fi
done
