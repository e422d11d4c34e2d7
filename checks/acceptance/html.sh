#!/usr/bin/env bash
# The HTML report printed by headless Chromium on A4: the team table, its notes and the three
# signature lines land on one page, for reports whose sign-off falls near a page break; the
# photos are embedded and printed; every page carries the project's name and `side N af M`
# (`page N of M`) in its margin. Fails (never skips) when chromium or poppler is missing.
source "$(dirname "$0")/lib.sh"
CHROMIUM=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$CHROMIUM" ] || ! command -v pdftotext >/dev/null; then
  fail "chromium and pdftotext are needed (Debian: chromium, poppler-utils)"; finish; exit 1
fi
PHOTOS="$(cd "$(dirname "$0")/../../Tests/Fixtures/photos" && pwd)"
POS=(1.01 1.02 1.03 1.04 1.05 2.01 2.02 2.03 2.04 2.05 2.06 3.01 3.02 3.03 3.04 4.01 4.02 4.03 4.04 5.01 5.02 5.03 5.04 6.01 6.02 6.03 6.04 7.01 7.02 7.03)

print_pdf() {  # html → pdf with Chromium's print, A4 from the page's @page rule
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-pdf-header-footer --user-data-dir="$WORK/chromium" \
    --print-to-pdf="$2" "file://$1" >/dev/null 2>&1
}

for lines in 12 26 30 32; do
  for lang in da en; do
    S="$WORK/s-$lines-$lang"; A=("$AKKORD" --store "$S" --lang "$lang")
    "${A[@]}" project new "Signatur $lines" >/dev/null
    for ((i = 0; i < lines; i++)); do "${A[@]}" add "${POS[$((i % ${#POS[@]}))]}" "$((i + 1))" >/dev/null; done
    "${A[@]}" worker add "Jens Hansen" >/dev/null; "${A[@]}" worker add "Ole Lærling" --apprentice --rate 120 >/dev/null
    "${A[@]}" hours add jens 37 >/dev/null; "${A[@]}" hours add ole 20 >/dev/null
    "${A[@]}" advance add jens 1000 >/dev/null
    expect_status 0 -- "${A[@]}" photo add "$PHOTOS/roof.jpg" "$PHOTOS/tiles-rgb.png" --caption "Nordside"
    expect_status 0 -- "${A[@]}" report -o "$WORK/r-$lines-$lang.html" --format html
    print_pdf "$WORK/r-$lines-$lang.html" "$WORK/r-$lines-$lang.pdf"
    pages=$(pdfinfo "$WORK/r-$lines-$lang.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
    if [ -z "$pages" ]; then fail "$lines lines ($lang): chromium printed no PDF"; continue; fi
    if [ "$lang" = da ]; then sig=(Tagdækker Arbejdsgiver Fagforening); team="Til udbetaling"; photos="Bilag: fotos"
    else sig=(Roofer Employer Union); team="Balance"; photos="Appendix: photos"; fi
    found=""
    for ((p = 1; p <= pages; p++)); do
      pdftotext -f "$p" -l "$p" -layout "$WORK/r-$lines-$lang.pdf" "$WORK/page.txt"
      # Every page (the photo pages too) names the project and says which page it is, in its margin.
      if [ "$lang" = da ]; then number="side $p af $pages"; else number="page $p of $pages"; fi
      expect_contains "$WORK/page.txt" "Signatur $lines"
      expect_contains "$WORK/page.txt" "$number"
      if grep -q "${sig[0]} (" "$WORK/page.txt"; then
        found=$p
        all=1
        for word in "${sig[@]}" "$team" "Jens Hansen"; do grep -qF -- "$word" "$WORK/page.txt" || all=0; done
        if [ "$all" = 1 ]; then ok; else fail "$lines lines ($lang): page $p has the signatures but not all of ${sig[*]}, '$team', the team rows"; fi
      fi
    done
    [ -n "$found" ] && ok || fail "$lines lines ($lang): no page with the signature lines"
    [ "$pages" -ge 2 ] && ok || fail "$lines lines ($lang): $pages page(s), want a report of several pages (the photos start a page)"
    # The photos: an appendix page with both captions, and the images embedded (pdfimages lists them).
    pdftotext -layout "$WORK/r-$lines-$lang.pdf" "$WORK/all.txt"
    expect_contains "$WORK/all.txt" "$photos"
    expect_contains "$WORK/all.txt" "(tiles-rgb.png)"
    images=$(pdfimages -list "$WORK/r-$lines-$lang.pdf" 2>/dev/null | tail -n +3 | wc -l)
    [ "$images" -ge 2 ] && ok || fail "$lines lines ($lang): $images images in the printed PDF, want 2"
  done
done
finish
