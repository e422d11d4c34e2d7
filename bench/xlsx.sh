#!/usr/bin/env bash
# SPEC §17/§19: `report --format xlsx` on 100,000 lines (deflated) against `gzip -6` of the same
# workbook with its entries stored (what the time would be to compress the bytes once), side by
# side with hyperfine; the sizes against zlib level 6 of the same entries; peak memory (max RSS)
# at 100,000 and, with LARGE=1, at 1,000,000 lines. Needs hyperfine, python3 and /usr/bin/time.
# Usage: bench/xlsx.sh [LINES]   (LARGE=1 bench/xlsx.sh adds the 1,000,000-line store)
set -euo pipefail
cd "$(dirname "$0")/.."
LINES=${1:-100000}
OUT=bench/out/xlsx; mkdir -p "$OUT"
swift build -c release >/dev/null
A=$PWD/.build/release/akkord
[ -d "$OUT/store-$LINES" ] || python3 bench/gen_store.py "$OUT/store-$LINES" --projects 1 --lines "$LINES" --workers 2

$A --store "$OUT/store-$LINES" --lang da report -p big -o "$OUT/report.xlsx" >/dev/null
# The same entries, stored: what gzip -6 compresses once.
python3 - "$OUT/report.xlsx" "$OUT/stored.xlsx" <<'PY'
import sys, zipfile, zlib
src = zipfile.ZipFile(sys.argv[1])
ours = level6 = plain = 0
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist():
        data = src.read(info.filename)
        out.writestr(info.filename, data)
        z = zlib.compressobj(6, zlib.DEFLATED, -15)
        ours += info.compress_size; level6 += len(z.compress(data) + z.flush()); plain += len(data)
print(f"entries: {plain} bytes of XML; deflated by akkord {ours}, by zlib -6 {level6}: {ours / level6:.3f} ×")
PY
ls -l "$OUT/report.xlsx" "$OUT/stored.xlsx" | awk '{print $5, $9}'

hyperfine -N --warmup 1 --runs 5 --export-markdown "$OUT/xlsx.md" \
  "$A --store $OUT/store-$LINES --lang da report -p big -o $OUT/report.xlsx" \
  "sh -c 'gzip -6 -c $OUT/stored.xlsx > $OUT/stored.xlsx.gz'"

rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
echo "peak memory, $LINES lines: $(( $(rss $A --store "$OUT/store-$LINES" report -p big -o "$OUT/report.xlsx") / 1024 )) MiB"
if [ "${LARGE:-0}" = 1 ]; then
  [ -d "$OUT/store-1000000" ] || python3 bench/gen_store.py "$OUT/store-1000000" --projects 1 --lines 1000000 --workers 2
  echo "peak memory, 1,000,000 lines: $(( $(rss $A --store "$OUT/store-1000000" report -p big -o "$OUT/report-1m.xlsx") / 1024 )) MiB"
  ls -l "$OUT/report-1m.xlsx" | awk '{print $5, $9}'
fi
