#!/usr/bin/env bash
# Daywork (SPEC §16) through the binary, read back by the readers of each format: pdftotext and
# qpdf (the PDF's section), openpyxl (the workbook's Daywork sheet: the amounts are formulas
# whose cached values, and the values the formulas give from their cells, are akkord's figures),
# Python's csv (the CSV block) and the JSON report; the pool and the shares are those without
# daywork. Figures by hand: Jens 7:30 × 250.00 = 1,875.00 and 2 × 100.00 = 200.00 (2,075.00);
# Mads 4 × 187.25 = 749.00; in all 2,824.00.
source "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3
[ -x "$PY" ] && "$PY" -c 'import openpyxl' 2>/dev/null && ok || { fail "$PY with openpyxl is not installed"; finish; exit 1; }
command -v pdftotext >/dev/null && command -v qpdf >/dev/null && ok || { fail "pdftotext or qpdf is not installed"; finish; exit 1; }
export XDG_CONFIG_HOME="$WORK/config" LC_ALL=C.UTF-8
unset AKKORD_LANG AKKORD_HOME LANG LC_MESSAGES
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }

for step in 'project|new|Tag' 'add|2.01|10' 'worker|add|Jens Hansen' 'worker|add|Mads' 'hours|add|jens|30' 'hours|add|mads|10'; do
  IFS='|' read -r -a words <<<"$step"
  expect_status 0 -- A "${words[@]}"
done
A report --format json >"$WORK/before.json"
expect_status 0 -- A daywork add jens 7:30 --rate 250 --kind vejrlig --date 2026-05-04
expect_status 0 -- A daywork add mads 4 --rate 187,25 --date 2026-05-05
expect_status 0 -- A daywork add jens 2 --rate 100 --kind sick --note influenza
A report --format json >"$WORK/after.json"
"$PY" - "$WORK/before.json" "$WORK/after.json" <<'PY' && ok || fail "the JSON report's daywork, or the piecework changed by it"
import json, sys
before, after = (json.load(open(p)) for p in sys.argv[1:3])
assert after["dayworkTotal"] == "2824.00", after["dayworkTotal"]
assert [d["amount"] for d in after["daywork"]] == ["1875.00", "749.00", "200.00"]
assert [d["kind"] for d in after["daywork"]] == ["weather", "daywork", "sick"]
for key in ("total", "pool", "team", "hourlyEarnings", "journeymanHours"):
    assert before[key] == after[key], key
assert "daywork" not in before and "dayworkTotal" not in before
PY

expect_status 0 -- A --lang da report -o "$WORK/r.pdf"
expect_status 0 -- qpdf --check "$WORK/r.pdf"
pdftotext -layout "$WORK/r.pdf" "$WORK/r.txt"
for text in "Timeløn" "vejrlig" "I alt Jens Hansen" "2.075,00" "I alt Mads" "Timeløn i alt" "2.824,00"; do
  expect_contains "$WORK/r.txt" "$text"
done

expect_status 0 -- A --lang da report -o "$WORK/r.xlsx"
"$PY" - "$WORK/r.xlsx" <<'PY' && ok || fail "the workbook's Timeløn sheet"
import sys
from decimal import Decimal, ROUND_HALF_UP
import openpyxl
formulas = openpyxl.load_workbook(sys.argv[1])
values = openpyxl.load_workbook(sys.argv[1], data_only=True)
assert formulas.sheetnames[-1] == "Timeløn", formulas.sheetnames
f, v = formulas["Timeløn"], values["Timeløn"]
def money(x): return Decimal(str(x)).quantize(Decimal("0.01"))
# Entries in rows 2, 3 (Jens), 5 (Mads); totals in 4, 6 and 8.
for row in (2, 3, 5):
    assert f[f"H{row}"].value == f"=ROUND(F{row}*G{row},2)", f[f"H{row}"].value
    computed = (Decimal(str(v[f"F{row}"].value)) * Decimal(str(v[f"G{row}"].value))).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert computed == money(v[f"H{row}"].value), (row, computed, v[f"H{row}"].value)
assert [money(v[f"H{r}"].value) for r in (2, 3, 4, 5, 6, 8)] == [Decimal(x) for x in ("1875.00", "200.00", "2075.00", "749.00", "749.00", "2824.00")]
assert f["H4"].value == "=SUM(H2:H3)" and f["H6"].value == "=SUM(H5:H5)" and f["H8"].value == "=H4+H6", (f["H4"].value, f["H6"].value, f["H8"].value)
assert v["C4"].value == "I alt Jens Hansen" and v["C8"].value == "Timeløn i alt"
assert v["D2"].value == "vejrlig"
PY

A --lang da report --format csv >"$WORK/r.csv"
"$PY" - "$WORK/r.csv" <<'PY' && ok || fail "the CSV report's daywork block"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig"), delimiter=";"))
start = rows.index(["Timeløn"])
assert rows[start - 1] == [], rows[start - 1]
assert rows[start + 1][1:6] == ["Navn", "Type", "Timer", "Timepris", "Beløb"], rows[start + 1]
assert rows[start + 2] == ["1", "Jens Hansen", "vejrlig", "7,50", "250,00", "1875,00", "2026-05-04", ""], rows[start + 2]
assert rows[-1] == ["", "Timeløn i alt", "", "13,50", "", "2824,00", "", ""], rows[-1]
PY

A --lang da report --format html >"$WORK/r.html"
expect_contains "$WORK/r.html" "<h2>Timeløn</h2>"
expect_contains "$WORK/r.html" '<td class="num">2.824,00</td>'
finish
