#!/usr/bin/env bash
# Danish throughout (issue 12): the fixed terms of every report in da and none of the English
# labels (the PDF read back with pdftotext), the same JSON in both languages, the PDF title,
# a CSV with a BOM, numbers read by the language, Danish search, and where the language comes from.
source "$(dirname "$0")/lib.sh"
for tool in pdftotext pdfinfo jq; do command -v $tool >/dev/null || { fail "$tool is not installed"; finish; exit 1; }; done
export XDG_CONFIG_HOME="$WORK/config" LC_ALL=C
unset AKKORD_LANG AKKORD_HOME LANG LC_MESSAGES
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }

A project new "Søndergårdsvej 7, Ærøskøbing" --employer "Tæt Tag ApS" >/dev/null
A --lang da add 2.01 1.200 >/dev/null           # da: 1.200 = 1200 m²
A --lang da add 6.04 12,5 >/dev/null
A worker add "Jens Ølgaard" >/dev/null; A worker add "Ali Nielsen" --apprentice --rate 128,40 >/dev/null
A hours add jens 37:30 >/dev/null; A hours add ali 20 >/dev/null
A --lang da advance add jens 5.000 >/dev/null   # da: 5.000 = 5000 kr
A supplement add Vinter 4,5 >/dev/null; A extra add Skorsten --amount 1850 >/dev/null

# The numbers as a Dane typed them: 1200 × 38.50 = 46200.00; 12.5 × 71.20 = 890.00; 5000.00 paid.
[ "$(A lines --json | jq -r '.lines[0].quantity, .subtotal' | tr '\n' ' ')" = "1200 47090.00 " ] && ok || fail "1.200 in da is 1200: $(A lines --json | jq -c .)"
[ "$(A advance list --json | jq -r '.advances[0].amount')" = "5000.00" ] && ok || fail "5.000 in da is 5000"

FIXED=(AKKORDOPGØRELSE "Pos." Ydelse Mængde Enhed Pris Beløb Subtotal Tillæg Ekstraarbejde "I alt" Lærlinge "Til fordeling"
       Navn Timer Andel Aconto "Til udbetaling" Timefortjeneste Tagdækker Arbejdsgiver Fagforening)
ENGLISH=("FINAL ACCOUNTING" Worker Share Balance "hourly earnings" Roofer)
A --lang da report >"$WORK/da.txt" || fail "da text report"
A --lang da report --format html -o "$WORK/da.html" >/dev/null || fail "da html report"
A --lang da report --format pdf -o "$WORK/da.pdf" >/dev/null || fail "da pdf report"
pdftotext "$WORK/da.pdf" "$WORK/da-pdf.txt" || fail "pdftotext"
for f in da.txt da.html da-pdf.txt; do
  missing=""; for t in "${FIXED[@]}"; do grep -qF -- "$t" "$WORK/$f" || missing+=" '$t'"; done
  [ -z "$missing" ] && ok || fail "$f lacks$missing"
  english=""; for t in "${ENGLISH[@]}"; do grep -qF -- "$t" "$WORK/$f" && english+=" '$t'"; done
  [ -z "$english" ] && ok || fail "$f has the English$english"
  grep -qF "m²" "$WORK/$f" && grep -qF "47.090,00" "$WORK/$f" && ok || fail "$f: units m² and numbers 47.090,00"
done
title=$(pdfinfo "$WORK/da.pdf" | sed -n 's/^Title: *//p')
[ "$title" = "Akkordopgørelse – Søndergårdsvej 7, Ærøskøbing" ] && ok || fail "da PDF title: $title"
A report --format pdf -o "$WORK/en.pdf" >/dev/null
title=$(pdfinfo "$WORK/en.pdf" | sed -n 's/^Title: *//p')
[ "$title" = "Final accounting – Søndergårdsvej 7, Ærøskøbing" ] && ok || fail "en PDF title: $title"

# JSON never changes with the language.
cmp -s <(A --lang da report --format json) <(A --lang en report --format json) && ok || fail "report JSON differs between da and en"
# CSV in da: a BOM, ';' and decimal comma.
A --lang da report --format csv | head -c 3 | od -An -tx1 | grep -q "ef bb bf" && ok || fail "da CSV has no BOM"
A --lang da report --format csv | grep -q "1200;m²;38,50;46200,00" && ok || fail "da CSV line: $(A --lang da report --format csv | sed -n 2p)"

# Danish search: o/oe find ø, a/aa find å, ae finds æ, and keywords.
for q in nedlobsror nedloebsroer nedløbsrør; do
  A catalogue search "$q" --json | jq -e '[.activities[].pos] | index("6.04")' >/dev/null && ok || fail "search $q finds 6.04"
done
for q in "pa daek" "paa dæk"; do
  [ "$(A catalogue search "$q" --json | jq -r '.activities[0].pos')" = "2.06" ] && ok || fail "search '$q' finds 2.06 first"
done
[ "$(A catalogue search skotrende --json | jq -r '[.activities[].pos] | join(" ")')" = "2.10 4.10 5.07" ] && ok || fail "search skotrende (keywords)"
A --lang da catalogue show 6.04 | grep -q "^Søgeord" && ok || fail "catalogue show prints the keywords as Søgeord"

# Hours like a clock time: a note on stderr, the value as written.
A --lang da hours add jens 7,30 >"$WORK/h.out" 2>"$WORK/h.err"
grep -qF "bemærk: 7,30 t er 7 t 18 min; skriv 7:30 for 7 t 30 min" "$WORK/h.err" && ok || fail "hours note: $(cat "$WORK/h.err")"
grep -qF "7:18 (7,30 t)" "$WORK/h.out" && ok || fail "hours confirmation: $(cat "$WORK/h.out")"

# Where the language comes from: flag > AKKORD_LANG > config > locale > en.
sub() { A lines | grep -o '47[.,]090[.,]00' | head -1; }
[ "$(sub)" = "47,090.00" ] && ok || fail "default en"
[ "$(LANG=da_DK.UTF-8 LC_ALL= sub)" = "47.090,00" ] && ok || fail "locale da"
A config set lang da >/dev/null && [ "$(sub)" = "47.090,00" ] && ok || fail "config lang da"
[ "$(AKKORD_LANG=en sub)" = "47,090.00" ] && ok || fail "AKKORD_LANG over config"
[ "$(AKKORD_LANG=en A --lang da lines | grep -o '47[.,]090[.,]00')" = "47.090,00" ] && ok || fail "--lang over AKKORD_LANG"
finish
