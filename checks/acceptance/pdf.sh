#!/usr/bin/env bash
# The PDF report: valid (qpdf), complete (pdftotext), paged (pdfinfo), with photos (pdfimages).
source "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")/../.." && pwd)
PHOTOS="$HERE/Tests/Fixtures/photos"
for tool in qpdf pdftotext pdfinfo pdfimages jq python3; do command -v $tool >/dev/null || { fail "$tool is not installed"; finish; exit 1; }; done

check_pdf() {  # check_pdf STORE PDF EXPECTED_PAGES EXPECTED_IMAGES
  local s=$1 pdf=$2 pages=$3 images=$4
  qpdf --check "$pdf" >"$WORK/qpdf.out" 2>&1 && ok || fail "qpdf --check $pdf: $(tail -3 "$WORK/qpdf.out")"
  pdftotext -layout "$pdf" "$WORK/text.txt" && ok || fail "pdftotext $pdf"
  for pos in $("$AKKORD" --store "$s" lines --json | jq -r '.lines[].pos' | sort -u); do
    grep -qF -- "$pos" "$WORK/text.txt" || { fail "$pdf lacks pos $pos"; return; }
  done; ok
  name=$("$AKKORD" --store "$s" report --format json | jq -r .project.name)
  grep -qF -- "$name" "$WORK/text.txt" && ok || fail "$pdf lacks the project name $name"
  total=$("$AKKORD" --store "$s" report | awk '/^TOTAL/ {print $NF}')
  grep -qF -- "$total" "$WORK/text.txt" && ok || fail "$pdf lacks the total $total as the text report prints it"
  got=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
  [ "$got" = "$pages" ] && ok || fail "$pdf has $got pages, expected $pages"
  n=$(pdfimages -list "$pdf" | tail -n +3 | wc -l)
  [ "$n" = "$images" ] && ok || fail "$pdf lists $n images, expected $images"
  for p in $(seq 1 "$got"); do
    pdftotext -f "$p" -l "$p" "$pdf" - | grep -qF "page $p of $got" || { fail "page $p lacks 'page $p of $got'"; return; }
  done; ok
}

# 3 lines, one page, no photos.
S="$WORK/small"
"$AKKORD" --store "$S" project new "Søndergårdsvej 7, Ærøskøbing" >/dev/null
for a in "2.01 12,5" "2.04 12,5" "6.01 8"; do "$AKKORD" --store "$S" add $a >/dev/null; done
"$AKKORD" --store "$S" worker add "Jens Ølgaard" >/dev/null; "$AKKORD" --store "$S" hours add jens 7:30 >/dev/null
"$AKKORD" --store "$S" report --format pdf -o "$WORK/small.pdf" >/dev/null || fail "small report"
check_pdf "$S" "$WORK/small.pdf" 1 0

# 1,000 lines: several pages, the table header on each.
B="$WORK/big"
python3 "$HERE/bench/gen_store.py" "$B" --projects 1 --lines 1000 --workers 2 >/dev/null
"$AKKORD" --store "$B" report --format pdf -o "$WORK/big.pdf" >/dev/null || fail "big report"
pages=$(pdfinfo "$WORK/big.pdf" | awk '/^Pages:/ {print $2}')
[ "$pages" -ge 10 ] && ok || fail "a 1,000-line report on only $pages pages"
check_pdf "$B" "$WORK/big.pdf" "$pages" 0
headers=$(pdftotext "$WORK/big.pdf" - | grep -c "^Quantity$\|Quantity")
[ "$headers" -ge "$((pages - 1))" ] && ok || fail "table header on $headers of $pages pages"

# Photos: JPEG and two PNGs embedded, an RGBA PNG listed by name.
"$AKKORD" --store "$S" photo add "$PHOTOS/roof.jpg" "$PHOTOS/tiles-rgb.png" "$PHOTOS/gutter-gray.png" "$PHOTOS/transparent-rgba.png" --caption "Tagfod, nordside" >/dev/null
"$AKKORD" --store "$S" report --format pdf -o "$WORK/photos.pdf" >/dev/null || fail "photo report"
pages=$(pdfinfo "$WORK/photos.pdf" | awk '/^Pages:/ {print $2}')
check_pdf "$S" "$WORK/photos.pdf" "$pages" 3
pdftotext "$WORK/photos.pdf" - | grep -q "transparent-rgba.png" && ok || fail "the RGBA photo is not listed by name"
pdftotext "$WORK/photos.pdf" - | grep -q "Tagfod, nordside" && ok || fail "captions missing"
# Characters outside the PDF fonts are printed as ?, visibly; Æ and ø are kept.
U="$WORK/unicode"
"$AKKORD" --store "$U" project new "Tag → Ærø ✓" >/dev/null && "$AKKORD" --store "$U" add 2.01 1 >/dev/null
"$AKKORD" --store "$U" report --format pdf -o "$WORK/unicode.pdf" >/dev/null 2>"$WORK/unicode.err" || fail "unicode report"
grep -qF 'printed as ? instead' "$WORK/unicode.err" && ok || fail "no warning for the replaced characters: $(cat "$WORK/unicode.err")"
pdftotext "$WORK/unicode.pdf" - | grep -qF "Tag ? Ærø ?" && ok || fail "the replaced characters are not printed as ?"
finish
