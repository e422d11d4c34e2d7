#!/usr/bin/env bash
# Issue 6 figure: the PDF of a 1,000-line project with 5 photos (page-sized JPEGs, ~1240×1754,
# rendered with pdftoppm), as a whole process. Needs hyperfine, python3 and poppler-utils.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out; rm -rf "$OUT/pdf"; mkdir -p "$OUT/pdf"
swift build -c release >/dev/null
A=.build/release/akkord
python3 bench/gen_store.py "$OUT/pdf/store" --projects 1 --lines 1000 --workers 2
$A --store "$OUT/pdf/store" report --format pdf -o "$OUT/pdf/pages.pdf" >/dev/null
for p in 1 2 3 4 5; do pdftoppm -jpeg -r 150 -f $p -l $p -singlefile "$OUT/pdf/pages.pdf" "$OUT/pdf/photo$p"; done
ls -la "$OUT"/pdf/photo*.jpg
$A --store "$OUT/pdf/store" photo add "$OUT"/pdf/photo*.jpg --caption "Benchmark photo"
hyperfine -N --warmup 2 --export-markdown "$OUT/pdf.md" "$A --store $OUT/pdf/store report --format pdf -o $OUT/pdf/report.pdf"
pdfinfo "$OUT/pdf/report.pdf" | grep -E "Pages|File size"
pdfimages -list "$OUT/pdf/report.pdf" | tail -n +3 | wc -l

# Issue 28 figure: a 100,000-line report (content streams deflated): time, peak memory, size.
python3 bench/gen_store.py "$OUT/pdf/big" --projects 1 --lines 100000 --workers 2 >/dev/null
hyperfine -N --warmup 1 --runs 5 "$A --store $OUT/pdf/big report --format pdf -o $OUT/pdf/big.pdf"
/usr/bin/time -f "peak %M KB" $A --store "$OUT/pdf/big" report --format pdf -o "$OUT/pdf/big.pdf" >/dev/null
pdfinfo "$OUT/pdf/big.pdf" | grep -E "Pages|File size"
