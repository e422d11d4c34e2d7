#!/usr/bin/env bash
# The spreadsheet report (SPEC §10): a project built with the binary, its JSON report and its
# xlsx (en and da); openpyxl reads every value of the workbook (the cached values) and compares
# it with the JSON report, and checks that the totals are formulas; LibreOffice, made to
# recalculate every formula on load, exports every sheet as CSV and gives the same figures, also
# from a copy whose cached values were all set to 0 (so it did recalculate). Missing openpyxl or
# LibreOffice fails: nothing is skipped.
source "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3   # Debian's, with python3-openpyxl (the python3 on PATH may be another one)
[ -x "$PY" ] && "$PY" -c 'import openpyxl' 2>/dev/null && ok || { fail "$PY with openpyxl is not installed (apt-get install python3-openpyxl)"; finish; exit 1; }
LO=$(command -v libreoffice || command -v soffice || true)
[ -n "$LO" ] && ok || { fail "libreoffice is not installed"; finish; exit 1; }
export XDG_CONFIG_HOME="$WORK/config" LC_ALL=C.UTF-8
unset AKKORD_LANG AKKORD_HOME LANG LC_MESSAGES
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }

# Every kind of figure: a 3-decimal quantity, a measurement, a custom line with a note, sections,
# scoped supplements (a section; a line whose 5 % is exactly half an øre: 100.10 × 5 % = 5.005),
# an apprentice, hours by the minute (7:20, not a decimal), aconto by the hour, extra work by
# the hour, an agreement number and a deduction; Danish text with æøå, & and <.
steps=(
  'project new|Ærøskøbing <Tag> & Søn|--address|Søndergade 7 & 9|--employer|Tæt & Tør ApS|--customer|A/B <Gården>|--start|2026-05-04'
  'add|2.01|12.345|--note|nordside & <øst>'
  'add|2.04|12,4*8,2 - 1,2*0,9'
  'add|6.01|8|--section|Tagrender'
  'add|2.01|2.6'
  'add|--custom|Afdækning af trappe|--unit|stk|--price|450.125|1|--note|aftalt på stedet'
  'worker add|Jens Ølgaard'
  'worker add|Mette Åberg'
  'worker add|Ali Nielsen|--apprentice|--rate|128.40'
  'hours add|jens|7:20'
  'hours add|jens|7:20'
  'hours add|mette|6.001'
  'hours add|ali|3:10'
  'advance add|jens|--hours|10|--rate|180'
  'advance add|mette|500'
  'supplement add|Højdetillæg|4,5'
  'supplement add|Tagpaptillæg|12.125|--section|Felt roofing'
  'supplement add|Halv øre|5|--lines|4'
  'extra add|Inddækning ved skorsten|--amount|250|--number|17'
  'extra add|Snerydning|--hours|1:20|--rate|342.5'
  'extra add|Aftalt fradrag <skur>|--amount|-125.50|--number|18'
)
for s in "${steps[@]}"; do
  IFS='|' read -r -a parts <<<"$s"
  read -r -a cmd <<<"${parts[0]}"
  A "${cmd[@]}" "${parts[@]:1}" >"$WORK/out" 2>&1 && ok || fail "akkord ${parts[*]}: $(cat "$WORK/out")"
done

A report --format json >"$WORK/report.json" && ok || fail "json report"
A report -o "$WORK/en.xlsx" >"$WORK/out" 2>&1 && ok || fail "en xlsx: $(cat "$WORK/out")"
A --lang da report --format xlsx -o "$WORK/da.xlsx" >"$WORK/out" 2>&1 && ok || fail "da xlsx: $(cat "$WORK/out")"
[ "$(head -c 4 "$WORK/en.xlsx" | od -An -tx1 | tr -d ' \n')" = "504b0304" ] && ok || fail "en.xlsx does not start with PK\\3\\4"
A report --format xlsx -o "$WORK/again.xlsx" >/dev/null && cmp -s "$WORK/en.xlsx" "$WORK/again.xlsx" && ok || fail "two renders differ"

# tally < <(checker): counts its PASS and FAIL lines (in this shell, so the counts add up).
tally() { local n=0; while IFS= read -r line; do case $line in PASS*) ok; n=$((n+1));; FAIL*) fail "${line#FAIL }"; n=$((n+1));; *) echo "  $line";; esac; done; [ $n -gt 0 ] || fail "the checker checked nothing"; }

# 1. openpyxl: every cached value against the JSON report; the totals are formulas.
cat >"$WORK/check_openpyxl.py" <<'PY'
import json, sys
from decimal import Decimal, ROUND_HALF_UP
import openpyxl
report_path, xlsx_path, lang = sys.argv[1:4]
report = json.load(open(report_path, encoding="utf-8"))
values = openpyxl.load_workbook(xlsx_path, data_only=True)
formulas = openpyxl.load_workbook(xlsx_path, data_only=False)
def check(ok, what):
    print(("PASS " if ok else "FAIL ") + f"{lang}: {what}")
def num(v):
    return None if v is None else Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
def r2(v):
    return None if v is None else num(v).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
def hours(text):  # JSON hours are as entered: 1.5 or 1:20
    if text is None: return None
    if ":" in text:
        h, m = text.split(":"); return (Decimal(h) + Decimal(m) / 60).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return r2(text)
da = lang == "da"
units = {"m2": "m²", "pcs": "stk", "h": "t"} if da else {}
words = {  # the labels the sheets use, from Render/Words.swift
    "subtotal": "Subtotal", "supplement": "Tillæg" if da else "Supplement", "extra": "Ekstraarbejde" if da else "Extra work",
    "deduction": "Fradrag" if da else "Deduction", "total": "I alt" if da else "TOTAL", "apprentices": "Lærlinge" if da else "Apprentices",
    "pool": "Til fordeling" if da else "Pool", "hours": "Svendetimer" if da else "Journeyman hours",
    "earnings": "Timefortjeneste" if da else "Hourly earnings", "warning": "ADVARSEL" if da else "WARNING",
}
lines_name = "Linjer" if da else "Lines"
check(values.sheetnames == [lines_name, "Team", "Summary"], f"sheets {values.sheetnames}")
L, T, S = values[lines_name], values["Team"], values["Summary"]
LF, TF, SF = formulas[lines_name], formulas["Team"], formulas["Summary"]
def is_formula(cell):
    return isinstance(cell.value, str) and cell.value.startswith("=")

for i, line in enumerate(report["lines"]):
    r = i + 2
    got = (L.cell(r, 1).value, L.cell(r, 2).value, L.cell(r, 3).value, num(L.cell(r, 4).value), L.cell(r, 5).value,
           num(L.cell(r, 6).value), num(L.cell(r, 7).value), L.cell(r, 8).value, L.cell(r, 9).value or "", L.cell(r, 10).value)
    want = (line["id"], line["pos"], line["name"], Decimal(line["quantity"]), units.get(line["unit"], line["unit"]),
            Decimal(line["price"]), Decimal(line["amount"]), line["custom"], line["note"], line["measurement"])
    check(got == want, f"line {line['id']}: {got} == {want}")
    check(is_formula(LF.cell(r, 7)), f"line {line['id']} amount is a formula: {LF.cell(r, 7).value}")
    check(L.cell(r, 7).number_format == "#,##0.00", f"line {line['id']} amount format {L.cell(r, 7).number_format}")
sub = len(report["lines"]) + 3
check(num(L.cell(sub, 7).value) == Decimal(report["subtotal"]), f"Lines subtotal {L.cell(sub, 7).value} == {report['subtotal']}")
check(LF.cell(sub, 7).value == f"=SUM(G2:G{sub - 2})", f"Lines subtotal formula {LF.cell(sub, 7).value}")

rows = {}
for r in range(1, S.max_row + 1):
    rows.setdefault(S.cell(r, 1).value, []).append(r)
def amount(label):
    return num(S.cell(rows[words[label]][0], 10).value)
for label, key in [("subtotal", "subtotal"), ("total", "total"), ("apprentices", "apprenticePay"), ("pool", "pool")]:
    check(amount(label) == Decimal(report[key]), f"{key} {amount(label)} == {report[key]}")
    check(is_formula(SF.cell(rows[words[label]][0], 10)), f"{key} is a formula: {SF.cell(rows[words[label]][0], 10).value}")
check(r2(amount("hours")) == Decimal(report["journeymanHours"]), f"journeymanHours {amount('hours')} == {report['journeymanHours']}")
check(is_formula(SF.cell(rows[words["hours"]][0], 10)), "journeyman hours is a formula")
check(amount("earnings") == (Decimal(report["hourlyEarnings"]) if report["hourlyEarnings"] else None),
      f"hourlyEarnings {amount('earnings')} == {report['hourlyEarnings']}")
check(SF.cell(rows[words["earnings"]][0], 10).value.startswith("=ROUND("), "hourly earnings is ROUND(pool/hours, 2)")

for s, r in zip(report["supplements"], rows.get(words["supplement"], [])):
    got = (S.cell(r, 2).value, S.cell(r, 3).value, num(S.cell(r, 6).value), num(S.cell(r, 7).value), num(S.cell(r, 10).value))
    want = (s["id"], s["name"], Decimal(s["percent"]), Decimal(s["base"]), Decimal(s["amount"]))
    check(got == want, f"supplement {s['id']}: {got} == {want}")
    check(SF.cell(r, 10).value == f"=ROUND(G{r}*F{r}/100,2)", f"supplement {s['id']} formula {SF.cell(r, 10).value}")
    base = SF.cell(r, 7).value
    check(base.startswith("=SUMPRODUCT(") if s["scope"] != "all" else base.startswith("="), f"supplement {s['id']} base formula {base}")
check(len(rows.get(words["supplement"], [])) == len(report["supplements"]), "every supplement has its row")

extra_rows = sorted(rows.get(words["extra"], []) + rows.get(words["deduction"], []))
check(len(extra_rows) == len(report["extraWork"]), "every extra work has its row")
for e, r in zip(report["extraWork"], extra_rows):
    got = (S.cell(r, 2).value, S.cell(r, 3).value, S.cell(r, 4).value or "", r2(S.cell(r, 8).value), num(S.cell(r, 9).value),
           num(S.cell(r, 10).value), S.cell(r, 1).value == words["deduction"])
    want = (e["id"], e["text"], e["number"], hours(e.get("hours")), Decimal(e["rate"]) if "rate" in e else None,
            Decimal(e["amount"]), e["deduction"])
    check(got == want, f"extra work {e['id']}: {got} == {want}")
    if "hours" in e:
        check(SF.cell(r, 10).value == f"=ROUND(H{r}*I{r},2)", f"extra work {e['id']} formula {SF.cell(r, 10).value}")

for i, t in enumerate(report["team"]):
    r = i + 2
    got = (T.cell(r, 1).value, T.cell(r, 2).value, T.cell(r, 3).value, r2(T.cell(r, 5).value), num(T.cell(r, 6).value),
           num(T.cell(r, 8).value), num(T.cell(r, 9).value))
    want = (t["worker"], t["name"], t["apprentice"], Decimal(t["hours"]), Decimal(t["share"]) if t["share"] else None,
            Decimal(t["advances"]), Decimal(t["balance"]) if t["balance"] else None)
    check(got == want, f"team {t['worker']}: {got} == {want}")
    share = TF.cell(r, 6).value
    check(share.startswith("=ROUND(") if t["apprentice"] else share.startswith("=ROUNDDOWN("), f"team {t['worker']} share formula {share}")
    check(TF.cell(r, 9).value == f"=F{r}-H{r}", f"team {t['worker']} balance formula {TF.cell(r, 9).value}")
journeymen = [num(T.cell(i + 2, 6).value) for i, t in enumerate(report["team"]) if not t["apprentice"]]
check(sum(journeymen) == Decimal(report["pool"]), f"the shares {journeymen} add up to the pool {report['pool']}")
check(len(rows.get(words["warning"], [])) == len(report["warnings"]), f"{len(report['warnings'])} warnings")
project = [S.cell(r, 2).value or "" for r in range(2, 8)]
check(project[:5] == [report["project"][k] for k in ["name", "id", "address", "employer", "customer"]], f"project {project}")
PY
tally < <("$PY" "$WORK/check_openpyxl.py" "$WORK/report.json" "$WORK/en.xlsx" en 2>&1)
tally < <("$PY" "$WORK/check_openpyxl.py" "$WORK/report.json" "$WORK/da.xlsx" da 2>&1)

# 2. LibreOffice, in a profile of its own (HOME too, so nothing collides with another run), set
#    to recalculate every formula of an OOXML file on load (by default it shows the cached
#    values: OOXMLRecalcMode 1, "never"). Each workbook is converted as it is and with every
#    cached value set to 0: both must give akkord's figures.
export HOME="$WORK/home"; mkdir -p "$HOME" "$WORK/lo/user"
cat >"$WORK/lo/user/registrymodifications.xcu" <<'XCU'
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
XCU
"$PY" - "$WORK" <<'PY'
import re, sys, zipfile
work = sys.argv[1]
for lang in ("en", "da"):
    src = zipfile.ZipFile(f"{work}/{lang}.xlsx")
    out = zipfile.ZipFile(f"{work}/{lang}-zeroed.xlsx", "w", zipfile.ZIP_STORED)
    for item in src.infolist():
        data = src.read(item.filename)
        if item.filename.startswith("xl/worksheets/"):
            data = re.sub(rb"(</f>)<v>[^<]*</v>", rb"\1<v>0</v>", data)
        out.writestr(item, data)
    out.close()
PY
mkdir -p "$WORK/csv"
timeout 300 "$LO" -env:UserInstallation="file://$WORK/lo" --headless --norestore \
  --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1' --outdir "$WORK/csv" \
  "$WORK/en.xlsx" "$WORK/da.xlsx" "$WORK/en-zeroed.xlsx" "$WORK/da-zeroed.xlsx" >"$WORK/lo.out" 2>&1 \
  && ok || fail "libreoffice --convert-to csv: $(tail -3 "$WORK/lo.out")"

cat >"$WORK/check_csv.py" <<'PY'
import csv, json, sys
from decimal import Decimal
report_path, base, lang = sys.argv[1:4]
report = json.load(open(report_path, encoding="utf-8"))
da = lang == "da"
def check(ok, what):
    print(("PASS " if ok else "FAIL ") + f"{base.rsplit('/', 1)[-1]}: {what}")
def sheet(name):
    try:
        return list(csv.reader(open(f"{base}-{name}.csv", encoding="utf-8")))
    except OSError as e:
        check(False, f"sheet {name} was not exported: {e}"); return []
def num(text):
    return Decimal(text).quantize(Decimal("0.01")) if text not in ("", None) else None
lines, team, summary = sheet("Linjer" if da else "Lines"), sheet("Team"), sheet("Summary")
if not (lines and team and summary): sys.exit()
for i, line in enumerate(report["lines"]):
    check(num(lines[i + 1][6]) == Decimal(line["amount"]), f"line {line['id']} amount {lines[i + 1][6]} == {line['amount']}")
check(num(lines[len(report["lines"]) + 2][6]) == Decimal(report["subtotal"]), f"Lines subtotal {lines[len(report['lines']) + 2][6]}")
labels = {row[0]: row for row in summary if row}
def amount(label): return num(labels[label][9]) if label in labels else "missing"
for label, key in [("Subtotal", "subtotal"), ("I alt" if da else "TOTAL", "total"), ("Lærlinge" if da else "Apprentices", "apprenticePay"),
                   ("Til fordeling" if da else "Pool", "pool"), ("Timefortjeneste" if da else "Hourly earnings", "hourlyEarnings")]:
    check(amount(label) == Decimal(report[key]), f"{key} {amount(label)} == {report[key]}")
check(amount("Svendetimer" if da else "Journeyman hours") == Decimal(report["journeymanHours"]), "journeymanHours")
supplements = [row for row in summary if row and row[0] == ("Tillæg" if da else "Supplement")]
for s, row in zip(report["supplements"], supplements):
    check((num(row[6]), num(row[9])) == (Decimal(s["base"]), Decimal(s["amount"])), f"supplement {s['id']} base, amount {row[6]}, {row[9]}")
extras = [row for row in summary if row and row[0] in (("Ekstraarbejde", "Fradrag") if da else ("Extra work", "Deduction"))]
for e, row in zip(report["extraWork"], extras):
    check(num(row[9]) == Decimal(e["amount"]), f"extra work {e['id']} {row[9]} == {e['amount']}")
check(len(supplements) == len(report["supplements"]) and len(extras) == len(report["extraWork"]), "every supplement and extra work")
for i, t in enumerate(report["team"]):
    row = team[i + 1]
    check((num(row[5]), num(row[8])) == (Decimal(t["share"]), Decimal(t["balance"])), f"{t['worker']} share, balance {row[5]}, {row[8]}")
PY
for f in en da en-zeroed da-zeroed; do tally < <("$PY" "$WORK/check_csv.py" "$WORK/report.json" "$WORK/csv/$f" "${f%-zeroed}" 2>&1); done
finish
