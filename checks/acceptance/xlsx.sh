#!/usr/bin/env bash
# The spreadsheet report (SPEC §10): a project built with the binary, its JSON report and its
# xlsx (en and da); openpyxl reads every value of the workbook (the cached values) and compares
# it with the JSON report, and checks that the totals are formulas; LibreOffice, made to
# recalculate every formula on load, exports every sheet as CSV and gives the same figures, also
# from a copy whose cached values were all set to 0 (so it did recalculate). The same for the
# summary workbook (`summary -o FILE.xlsx`) over three projects made with the binary, against
# `summary --json`. Then SPEC §17: every entry deflated, read by Python's zlib to the bytes its
# CRC names; a 2,000-line report at most 1.25 × the size zlib level 6 gives for the same
# entries; money in `#,##0.00 "kr."`, dates as date cells, yes/no as text, print titles, the
# page footer, A4 landscape fitted at a scale of 70 % or more; LibreOffice prints the lines'
# head and `side N af M` on every page. Missing openpyxl or LibreOffice fails: nothing is skipped.
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
# What both openpyxl checkers (report, summary) use.
cat >"$WORK/xlsxcheck.py" <<'PY'
from decimal import Decimal, ROUND_HALF_UP
import openpyxl
def load(path):  # (cached values, formulas)
    return openpyxl.load_workbook(path, data_only=True), openpyxl.load_workbook(path, data_only=False)
def checker(prefix):
    return lambda ok, what: print(("PASS " if ok else "FAIL ") + f"{prefix}: {what}")
def num(v):
    return None if v is None else Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
def dec(text):
    return None if text is None else Decimal(text)
def r2(v):
    return None if v is None else num(v).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
def is_formula(cell):
    return isinstance(cell.value, str) and cell.value.startswith("=")
PY

cat >"$WORK/check_openpyxl.py" <<'PY'
import json, sys
from decimal import Decimal, ROUND_HALF_UP
from xlsxcheck import load, checker, num, r2, is_formula
report_path, xlsx_path, lang = sys.argv[1:4]
report = json.load(open(report_path, encoding="utf-8"))
values, formulas = load(xlsx_path)
check = checker(lang)
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
    "yes": "ja" if da else "yes", "no": "nej" if da else "no",
}
lines_name, team_name, summary_name = ("Linjer", "Sjak", "Opgørelse") if da else ("Lines", "Team", "Summary")
check(values.sheetnames == [lines_name, team_name, summary_name], f"sheets {values.sheetnames}")
L, T, S = values[lines_name], values[team_name], values[summary_name]
LF, TF, SF = formulas[lines_name], formulas[team_name], formulas[summary_name]

for i, line in enumerate(report["lines"]):
    r = i + 2
    got = (L.cell(r, 1).value, L.cell(r, 2).value, L.cell(r, 3).value, num(L.cell(r, 4).value), L.cell(r, 5).value,
           num(L.cell(r, 6).value), num(L.cell(r, 7).value), L.cell(r, 8).value, L.cell(r, 9).value or "", L.cell(r, 10).value)
    want = (line["id"], line["pos"], line["name"], Decimal(line["quantity"]), units.get(line["unit"], line["unit"]),
            Decimal(line["price"]), Decimal(line["amount"]), words["yes" if line["custom"] else "no"], line["note"], line["measurement"])
    check(got == want, f"line {line['id']}: {got} == {want}")
    check(is_formula(LF.cell(r, 7)), f"line {line['id']} amount is a formula: {LF.cell(r, 7).value}")
    check(L.cell(r, 7).number_format == '#,##0.00 "kr."', f"line {line['id']} amount format {L.cell(r, 7).number_format}")
    # One format per column: the most decimals any quantity (price, at least 2) has, so the decimal commas line up.
    places = lambda key: max(len(l[key].split(".")[1]) if "." in l[key] else 0 for l in report["lines"])
    qf = "#,##0" + ("." + "0" * places("quantity") if places("quantity") else "")
    check(L.cell(r, 4).number_format == qf, f"line {line['id']} quantity format {L.cell(r, 4).number_format} == {qf}")
    pf = "#,##0." + "0" * max(2, places("price")) + ' "kr."'
    check(L.cell(r, 6).number_format == pf, f"line {line['id']} price format {L.cell(r, 6).number_format} == {pf}")
sub = len(report["lines"]) + 3
check(num(L.cell(sub, 7).value) == Decimal(report["subtotal"]), f"Lines subtotal {L.cell(sub, 7).value} == {report['subtotal']}")
check(LF.cell(sub, 7).value == f"=SUM(G2:G{sub - 2})", f"Lines subtotal formula {LF.cell(sub, 7).value}")

rows = {}
for r in range(1, S.max_row + 1):
    rows.setdefault(S.cell(r, 1).value, []).append(r)
def amount(label):
    return num(S.cell(rows[words[label]][0], 10).value)
for label, key in [("subtotal", "subtotal"), ("total", "total"), ("apprentices", "apprenticePay"), ("pool", "pool")]:
    # The apprentices' pay is paid out of the total: negative, as the text report shows it.
    want = -Decimal(report[key]) if key == "apprenticePay" else Decimal(report[key])
    check(amount(label) == want, f"{key} {amount(label)} == {want}")
    check(S.cell(rows[words[label]][0], 10).number_format == '#,##0.00 "kr."', f"{key} format")
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
    want = (t["worker"], t["name"], words["yes" if t["apprentice"] else "no"], Decimal(t["hours"]), Decimal(t["share"]) if t["share"] else None,
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
start = S.cell(7, 2)
check(start.is_date and start.value.date().isoformat() == report["project"]["start"], f"start is a date cell: {start.value!r} {start.number_format}")
check(start.number_format == ("dd-mm-yyyy" if da else "yyyy-mm-dd"), f"start's format {start.number_format}")
check(S.cell(8, 2).value is None, "no end date: an empty cell")
for i, t in enumerate(report["team"]):
    check(T.cell(i + 2, 3).value == words["yes" if t["apprentice"] else "no"], f"team {t['worker']} apprentice {T.cell(i + 2, 3).value}")
PY
tally < <("$PY" "$WORK/check_openpyxl.py" "$WORK/report.json" "$WORK/en.xlsx" en 2>&1)
tally < <("$PY" "$WORK/check_openpyxl.py" "$WORK/report.json" "$WORK/da.xlsx" da 2>&1)

# 1b. The summary across projects: three projects in a store of their own. A worker in two of them
#     (his name spelt two ways), an apprentice, hours by the minute and by the thousandth, aconto
#     by the hour, an employer spelt two ways, a closed project, and one without journeyman hours
#     (no hourly earnings; an advance without a share); Danish text with æøå, & and <.
S2="$WORK/summary-store"
B() { "$AKKORD" --store "$S2" "$@"; }
summary_steps=(
  'project new|Tagvej 3 & <Søn>|--employer|Tæt & Tør ApS|--start|2026-03-02'
  'project edit|--end|2026-03-27'
  'add|2.01|120'
  'add|6.01|14,5'
  'supplement add|Højdetillæg|4,5'
  'worker add|Jens Ølgaard'
  'worker add|Ali Nielsen|--apprentice|--rate|128,40'
  'hours add|jens|37:30'
  'hours add|jens|7:20'
  'hours add|ali|30'
  'advance add|jens|5000'
  'project close'
  'project new|Kirkevej 1|--employer|TÆT &  TØR APS|--start|2026-04-06'
  'add|2.04|80'
  'extra add|Snerydning|--hours|3:30|--rate|342,50'
  'worker add|jens  ølgaard'
  'worker add|Peter Ørsted'
  'hours add|jens|22'
  'hours add|peter|18:15'
  'hours add|peter|6.001'
  'advance add|peter|--hours|18|--rate|150'
  'project new|Ingen timer|--employer|Nordtag ApS|--start|2026-05-04'
  'add|6.01|10'
  'worker add|Kim'
  'advance add|kim|1000'
)
for s in "${summary_steps[@]}"; do
  IFS='|' read -r -a parts <<<"$s"
  read -r -a cmd <<<"${parts[0]}"
  B "${cmd[@]}" "${parts[@]:1}" >"$WORK/out" 2>&1 && ok || fail "akkord ${parts[*]}: $(cat "$WORK/out")"
done
B summary --json >"$WORK/summary.json" && ok || fail "summary --json"
B summary -o "$WORK/sum-en.xlsx" >"$WORK/out" 2>&1 && ok || fail "summary en xlsx: $(cat "$WORK/out")"
grep -q "^wrote $WORK/sum-en.xlsx (xlsx, 3 projects, total " "$WORK/out" && ok || fail "summary confirmation: $(cat "$WORK/out")"
B --lang da summary --format xlsx -o "$WORK/sum-da.xlsx" >"$WORK/out" 2>&1 && ok || fail "summary da xlsx: $(cat "$WORK/out")"
[ "$(head -c 4 "$WORK/sum-en.xlsx" | od -An -tx1 | tr -d ' \n')" = "504b0304" ] && ok || fail "sum-en.xlsx does not start with PK\\3\\4"
expect_status 64 -- B summary --format xlsx
[ ! -s "$WORK/out" ] && ok || fail "summary --format xlsx without -o wrote to stdout"
expect_contains "$WORK/err" "an xlsx summary needs -o FILE"

cat >"$WORK/check_summary_openpyxl.py" <<'PY'
import json, sys
from decimal import Decimal, ROUND_HALF_UP
from xlsxcheck import load, checker, num, dec, r2, is_formula
summary_path, xlsx_path, lang = sys.argv[1:4]
summary = json.load(open(summary_path, encoding="utf-8"))
values, formulas = load(xlsx_path)
check = checker(f"summary {lang}")
da = lang == "da"
words = {  # the labels the sheets use, from Render/Words.swift
    "total": "I alt" if da else "TOTAL", "open": "åben" if da else "open", "closed": "afsluttet" if da else "closed",
    "none": "(ingen arbejdsgiver)" if da else "(no employer)",
}
names = ["Projekter", "Medarbejdere", "Arbejdsgivere", "I alt"] if da else ["Projects", "Workers", "Employers", "Totals"]
check(values.sheetnames == names, f"sheets {values.sheetnames}")
P, W, E, T = (values[n] for n in names)
PF, WF, EF, TF = (formulas[n] for n in names)
totals = summary["totals"]
check(totals["projects"] == 3, "three projects")

projects = summary["projects"]
for i, p in enumerate(projects):
    r = i + 2
    day = lambda c: P.cell(r, c).value.date().isoformat() if P.cell(r, c).is_date else P.cell(r, c).value
    got = [P.cell(r, c).value for c in range(1, 5)] + [day(5), day(6)] + [num(P.cell(r, c).value) for c in range(7, 10)] + [r2(P.cell(r, 10).value), num(P.cell(r, 11).value)]
    want = [p["id"], p["name"], p["employer"] or None, words[p["status"]], p["start"], p["end"], dec(p["total"]), dec(p["apprenticePay"]),
            dec(p["pool"]), dec(p["journeymanHours"]), dec(p["hourlyEarnings"])]
    check(got == want, f"project {p['id']}: {got} == {want}")
    check(P.cell(r, 7).number_format == '#,##0.00 "kr."' and P.cell(r, 10).number_format == "#,##0.00", f"project {p['id']} formats")
    check(P.cell(r, 5).is_date and P.cell(r, 5).number_format == ("dd-mm-yyyy" if da else "yyyy-mm-dd"), f"project {p['id']} start is a date cell")
    if p["hourlyEarnings"] is not None:
        check(PF.cell(r, 11).value == f"=ROUND(I{r}/J{r},2)", f"project {p['id']} hourly earnings formula {PF.cell(r, 11).value}")
t = len(projects) + 3
check(P.cell(t, 1).value == words["total"], f"Projects totals row {t}")
for c, key in [(7, "total"), (8, "apprenticePay"), (9, "pool")]:
    check(num(P.cell(t, c).value) == dec(totals[key]), f"Projects {key} {P.cell(t, c).value} == {totals[key]}")
    check(PF.cell(t, c).value == f"=SUM({PF.cell(2, c).column_letter}2:{PF.cell(2, c).column_letter}{t - 2})", f"Projects {key} formula {PF.cell(t, c).value}")
check(r2(P.cell(t, 10).value) == dec(totals["journeymanHours"]) and PF.cell(t, 10).value == f"=SUM(J2:J{t - 2})", "Projects journeyman hours")
check(num(P.cell(t, 11).value) == dec(totals["hourlyEarnings"]), f"Projects hourly earnings {P.cell(t, 11).value} == {totals['hourlyEarnings']}")
check(PF.cell(t, 11).value == f'=ROUND(SUMIF(J2:J{t - 2},">0",I2:I{t - 2})/J{t},2)', f"Projects hourly earnings formula {PF.cell(t, 11).value}")

workers = summary["workers"]
check(len(workers) == 3 and [len(w["projects"]) for w in workers if w["name"] == "Jens Ølgaard"] == [2],
      f"three workers with a share, Jens in both his projects: {[(w['name'], w['projects']) for w in workers]}")
for i, w in enumerate(workers):
    r = i + 2
    got = (W.cell(r, 1).value, W.cell(r, 2).value, r2(W.cell(r, 3).value), num(W.cell(r, 4).value), num(W.cell(r, 5).value),
           num(W.cell(r, 6).value), W.cell(r, 7).value)
    want = (w["name"], len(w["projects"]), dec(w["hours"]), dec(w["share"]), dec(w["advances"]), dec(w["balance"]), ", ".join(w["projects"]))
    check(got == want, f"worker {w['name']}: {got} == {want}")
    check(WF.cell(r, 6).value == f"=D{r}-E{r}", f"worker {w['name']} balance formula {WF.cell(r, 6).value}")
t = len(workers) + 3
check(W.cell(t, 1).value == words["total"], "Workers totals row")
for c, key in [(4, "share"), (5, "advances"), (6, "balance")]:
    col = WF.cell(2, c).column_letter
    check(num(W.cell(t, c).value) == dec(totals[key]) and WF.cell(t, c).value == f"=SUM({col}2:{col}{t - 2})", f"Workers {key} {W.cell(t, c).value} == {totals[key]}")
check(r2(W.cell(t, 3).value) == dec(totals["hours"]) and WF.cell(t, 3).value == f"=SUM(C2:C{t - 2})", "Workers hours")
without = [(W.cell(r, 1).value, num(W.cell(r, 5).value), W.cell(r, 7).value) for r in range(t + 1, W.max_row + 1)
           if isinstance(W.cell(r, 5).value, (int, float))]
check(without == [(a["name"], dec(a["advances"]), a["project"]) for a in summary["advancesWithoutShare"]] and without,
      f"advances without a share {without}")

employers = summary["employers"]
for i, e in enumerate(employers):
    r = i + 2
    got = [E.cell(r, 1).value, E.cell(r, 2).value] + [num(E.cell(r, c).value) for c in (3, 4, 5)] + [r2(E.cell(r, 6).value)] + \
          [num(E.cell(r, c).value) for c in (7, 8)] + [E.cell(r, 9).value]
    want = [e["name"] or words["none"], len(e["projects"]), dec(e["total"]), dec(e["apprenticePay"]), dec(e["pool"]), dec(e["journeymanHours"]),
            dec(e["poolWithHours"]), dec(e["hourlyEarnings"]), ", ".join(e["projects"])]
    check(got == want, f"employer {e['name']}: {got} == {want}")
check(len(employers) == 2, "two employers (Tæt & Tør spelt two ways is one)")
t = len(employers) + 3
for c, key in [(3, "total"), (4, "apprenticePay"), (5, "pool"), (7, "poolWithHours")]:
    col = EF.cell(2, c).column_letter
    check(num(E.cell(t, c).value) == dec(totals[key]) and EF.cell(t, c).value == f"=SUM({col}2:{col}{t - 2})", f"Employers {key} {E.cell(t, c).value}")
check(E.cell(t, 2).value == 3 and EF.cell(t, 2).value == f"=SUM(B2:B{t - 2})", "Employers: 3 projects")
check(num(E.cell(t, 8).value) == dec(totals["hourlyEarnings"]) and EF.cell(t, 8).value == f"=ROUND(G{t}/F{t},2)", "Employers hourly earnings")

labels = {  # Totals sheet: label → key of "totals" in the summary JSON
    ("Projekter" if da else "Projects"): "projects", ("I alt" if da else "Total"): "total", ("Lærlinge" if da else "Apprentices"): "apprenticePay",
    ("Til fordeling" if da else "Pool"): "pool", ("Svendetimer" if da else "Journeyman hours"): "journeymanHours",
    ("Til fordeling med svendetimer" if da else "Pool with hours"): "poolWithHours", ("Timefortjeneste" if da else "Hourly earnings"): "hourlyEarnings",
    ("Timer" if da else "Hours"): "hours", ("Andel" if da else "Share"): "share", ("Aconto" if da else "Advances"): "advances",
    ("Til udbetaling" if da else "Balance"): "balance",
}
seen = set()
for r in range(1, T.max_row + 1):
    key = labels.get(T.cell(r, 1).value)
    if key is None: continue
    seen.add(key)
    v = num(T.cell(r, 2).value)
    got = r2(v) if key in ("journeymanHours", "hours") else v
    want = Decimal(totals[key]) if key == "projects" else dec(totals[key])
    check(got == want, f"Totals {key} {T.cell(r, 2).value} == {totals[key]}")
    check(is_formula(TF.cell(r, 2)), f"Totals {key} is a formula: {TF.cell(r, 2).value}")
check(seen == set(labels.values()), f"every total on the Totals sheet: {sorted(seen)}")
PY
tally < <("$PY" "$WORK/check_summary_openpyxl.py" "$WORK/summary.json" "$WORK/sum-en.xlsx" en 2>&1)
tally < <("$PY" "$WORK/check_summary_openpyxl.py" "$WORK/summary.json" "$WORK/sum-da.xlsx" da 2>&1)

# A weighted split (SPEC §16): weights 1 and 0.8, an apprentice sharing at 0.5 beside one paid by
# the hour. T = 1,000.00, pool 900.00 over 10 + 8 + 5 = 23 weighted hours: 391.31, 313.04, 195.65.
W="$WORK/wstore"
for s in 'project new|Vægt' 'add|--custom|Tag|--unit|m2|--price|100|10' 'worker add|Jens' 'worker add|Ole|--weight|0,8' \
         'worker add|Lars|--apprentice|--weight|0,5' 'worker add|Ali|--apprentice|--rate|100' \
         'hours add|jens|10' 'hours add|ole|10' 'hours add|lars|10' 'hours add|ali|1'; do
  IFS='|' read -r -a parts <<<"$s"
  read -r -a cmd <<<"${parts[0]}"
  "$AKKORD" --store "$W" --lang da "${cmd[@]}" "${parts[@]:1}" >"$WORK/out" 2>&1 && ok || fail "weighted: akkord ${parts[*]}: $(cat "$WORK/out")"
done
"$AKKORD" --store "$W" report --format json >"$WORK/w-report.json" && ok || fail "weighted json report"
"$AKKORD" --store "$W" report -o "$WORK/w-en.xlsx" >"$WORK/out" 2>&1 && ok || fail "weighted en xlsx: $(cat "$WORK/out")"
"$AKKORD" --store "$W" --lang da report -o "$WORK/w-da.xlsx" >"$WORK/out" 2>&1 && ok || fail "weighted da xlsx: $(cat "$WORK/out")"
[ "$(jq -r '[.team[].share] | join(" ")' "$WORK/w-report.json")" = "391.31 313.04 195.65 100.00" ] && ok || fail "weighted shares $(jq -c '[.team[].share]' "$WORK/w-report.json")"

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
for lang in ("en", "da", "sum-en", "sum-da", "w-en", "w-da"):
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
  "$WORK/en.xlsx" "$WORK/da.xlsx" "$WORK/en-zeroed.xlsx" "$WORK/da-zeroed.xlsx" \
  "$WORK/sum-en.xlsx" "$WORK/sum-da.xlsx" "$WORK/sum-en-zeroed.xlsx" "$WORK/sum-da-zeroed.xlsx" \
  "$WORK/w-en.xlsx" "$WORK/w-da.xlsx" "$WORK/w-en-zeroed.xlsx" "$WORK/w-da-zeroed.xlsx" >"$WORK/lo.out" 2>&1 \
  && ok || fail "libreoffice --convert-to csv: $(tail -3 "$WORK/lo.out")"

# What both checks of the recalculated workbooks start with: the report, the sheets as CSV, check().
cat >"$WORK/csvcheck.py" <<'PY'
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
PY
cat >"$WORK/check_csv.py" <<'PY'
from csvcheck import *
lines, team, summary = (sheet("Linjer"), sheet("Sjak"), sheet("Opgørelse")) if da else (sheet("Lines"), sheet("Team"), sheet("Summary"))
if not (lines and team and summary): sys.exit()
for i, line in enumerate(report["lines"]):
    check(num(lines[i + 1][6]) == Decimal(line["amount"]), f"line {line['id']} amount {lines[i + 1][6]} == {line['amount']}")
check(num(lines[len(report["lines"]) + 2][6]) == Decimal(report["subtotal"]), f"Lines subtotal {lines[len(report['lines']) + 2][6]}")
labels = {row[0]: row for row in summary if row}
def amount(label): return num(labels[label][9]) if label in labels else "missing"
for label, key in [("Subtotal", "subtotal"), ("I alt" if da else "TOTAL", "total"), ("Lærlinge" if da else "Apprentices", "apprenticePay"),
                   ("Til fordeling" if da else "Pool", "pool"), ("Timefortjeneste" if da else "Hourly earnings", "hourlyEarnings")]:
    want = -Decimal(report[key]) if key == "apprenticePay" else Decimal(report[key])
    check(amount(label) == want, f"{key} {amount(label)} == {want}")
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

# The weighted workbooks as LibreOffice recalculated them: each share (ROUNDDOWN of pool × hours ×
# weight over the weighted hours, plus the øre from rounding), weighted hours, hourly earnings,
# all piecework hours and the total per piecework hour equal the JSON report's.
cat >"$WORK/check_weighted_csv.py" <<'PY'
from csvcheck import *
team, summary = (sheet("Sjak"), sheet("Opgørelse")) if da else (sheet("Team"), sheet("Summary"))
if not (team and summary): sys.exit()
check(team[0][9:11] == (["Vægt", "Vægtede timer"] if da else ["Weight", "Weighted hours"]), f"weight columns {team[0][9:11]}")
for i, t in enumerate(report["team"]):
    row = team[i + 1]
    check((num(row[5]), num(row[8])) == (Decimal(t["share"]), Decimal(t["balance"])), f"{t['worker']} share, balance {row[5]}, {row[8]}")
    want = Decimal(t["weightedHours"]) if t["weightedHours"] else None
    check(num(row[10]) == want, f"{t['worker']} weighted hours {row[10]} == {t['weightedHours']}")
labels = {row[0]: row for row in summary if row}
def amount(label): return num(labels[label][9]) if label in labels else "missing"
for label, key in [("Timefortjeneste" if da else "Hourly earnings", "hourlyEarnings"), ("Vægtede timer" if da else "Weighted hours", "weightedHours"),
                   ("Akkordtimer i alt" if da else "All piecework hours", "allHours"), ("Kr. pr. akkordtime i alt" if da else "Total per piecework hour", "totalPerHour"),
                   ("Svendetimer" if da else "Journeyman hours", "journeymanHours")]:
    check(amount(label) == Decimal(report[key]), f"{key} {amount(label)} == {report[key]}")
PY
for f in w-en w-da w-en-zeroed w-da-zeroed; do lang=${f#w-}; tally < <("$PY" "$WORK/check_weighted_csv.py" "$WORK/w-report.json" "$WORK/csv/$f" "${lang%-zeroed}" 2>&1); done

# The summary workbooks as LibreOffice recalculated them: every total, each worker's balance and
# each hourly earnings equal `summary --json`.
cat >"$WORK/check_summary_csv.py" <<'PY'
import csv, json, sys
from decimal import Decimal
summary_path, base, lang = sys.argv[1:4]
summary = json.load(open(summary_path, encoding="utf-8"))
totals = summary["totals"]
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
def dec(text):
    return None if text is None else Decimal(text)
names = ["Projekter", "Medarbejdere", "Arbejdsgivere", "I alt"] if da else ["Projects", "Workers", "Employers", "Totals"]
P, W, E, T = (sheet(n) for n in names)
if not (P and W and E and T): sys.exit()
total_label = "I alt" if da else "TOTAL"
projects, workers, employers = summary["projects"], summary["workers"], summary["employers"]
for i, p in enumerate(projects):
    check(num(P[i + 1][10]) == dec(p["hourlyEarnings"]), f"project {p['id']} hourly earnings {P[i + 1][10]} == {p['hourlyEarnings']}")
row = P[len(projects) + 2]
check(row[0] == total_label, f"Projects totals row {row}")
check([num(x) for x in row[6:11]] == [dec(totals[k]) for k in ("total", "apprenticePay", "pool", "journeymanHours", "hourlyEarnings")],
      f"Projects totals {row[6:11]}")
for i, w in enumerate(workers):
    check(num(W[i + 1][5]) == dec(w["balance"]), f"worker {w['name']} balance {W[i + 1][5]} == {w['balance']}")
row = W[len(workers) + 2]
check([num(x) for x in row[2:6]] == [dec(totals[k]) for k in ("hours", "share", "advances", "balance")], f"Workers totals {row[2:6]}")
for i, e in enumerate(employers):
    check(num(E[i + 1][7]) == dec(e["hourlyEarnings"]), f"employer {e['name']} hourly earnings {E[i + 1][7]}")
row = E[len(employers) + 2]
check(row[1] == "3" and [num(x) for x in row[2:8]] == [dec(totals[k]) for k in ("total", "apprenticePay", "pool", "journeymanHours", "poolWithHours", "hourlyEarnings")],
      f"Employers totals {row[1:8]}")
labels = {("Projekter" if da else "Projects"): "projects", ("I alt" if da else "Total"): "total", ("Lærlinge" if da else "Apprentices"): "apprenticePay",
          ("Til fordeling" if da else "Pool"): "pool", ("Svendetimer" if da else "Journeyman hours"): "journeymanHours",
          ("Til fordeling med svendetimer" if da else "Pool with hours"): "poolWithHours", ("Timefortjeneste" if da else "Hourly earnings"): "hourlyEarnings",
          ("Timer" if da else "Hours"): "hours", ("Andel" if da else "Share"): "share", ("Aconto" if da else "Advances"): "advances",
          ("Til udbetaling" if da else "Balance"): "balance"}
found = {labels[r[0]]: r[1] for r in T if r and r[0] in labels}
check(set(found) == set(labels.values()), f"every total on the Totals sheet {sorted(found)}")
for key, text in found.items():
    want = Decimal(totals[key]) if key == "projects" else dec(totals[key])
    check(num(text) == want, f"Totals {key} {text} == {totals[key]}")
PY
for f in sum-en sum-da sum-en-zeroed sum-da-zeroed; do
  lang=${f%-zeroed}; lang=${lang#sum-}
  tally < <("$PY" "$WORK/check_summary_csv.py" "$WORK/summary.json" "$WORK/csv/$f" "$lang" 2>&1)
done

# 3. SPEC §17. Every entry of every workbook (here, and a 2,000-line report) deflated (method 8)
#    with a data descriptor, inflated by Python's zlib from the local header on to the bytes
#    its CRC and sizes name; the 2,000-line report at most 1.25 × what zlib level 6 gives for
#    the same entries; print titles, the footer, A4 landscape fitted at 70 % or more.
python3 "$(dirname "$0")/../../bench/gen_store.py" "$WORK/big" --projects 1 --lines 2000 --workers 2 >/dev/null && ok || fail "gen_store.py"
"$AKKORD" --store "$WORK/big" --lang da report -p big -o "$WORK/big.xlsx" >"$WORK/out" 2>&1 && ok || fail "2,000-line xlsx: $(cat "$WORK/out")"
cat >"$WORK/check_parts.py" <<'PY'
import re, struct, sys, zipfile, zlib
path, lang, limit, titled = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4].split(",")
da = lang == "da"
name = path.rsplit("/", 1)[-1]
def check(ok, what): print(("PASS " if ok else "FAIL ") + f"{name}: {what}")
raw = open(path, "rb").read()
parts, ours, level6 = {}, 0, 0
for info in zipfile.ZipFile(path).infolist():
    check(info.compress_type == zipfile.ZIP_DEFLATED and info.flag_bits & 8, f"{info.filename} deflated, with a data descriptor")
    sig, _, flags, method, _, _, crc, cs, us, nl, el = struct.unpack("<IHHHHHIIIHH", raw[info.header_offset:info.header_offset + 30])
    check(sig == 0x04034B50 and (crc, cs, us) == (0, 0, 0), f"{info.filename}: local header's CRC and sizes left to the descriptor")
    start = info.header_offset + 30 + nl + el
    d = zlib.decompressobj(-15)
    data = d.decompress(raw[start:start + info.compress_size]) + d.flush()
    check(d.eof and not d.unused_data, f"{info.filename}: the stream ends where its size says")
    check(zlib.crc32(data) == info.CRC and len(data) == info.file_size, f"{info.filename}: inflates to the bytes its CRC names")
    descriptor = struct.unpack("<IIII", raw[start + info.compress_size:start + info.compress_size + 16])
    check(descriptor == (0x08074B50, info.CRC, info.compress_size, info.file_size), f"{info.filename}: data descriptor {descriptor}")
    parts[info.filename] = data.decode("utf-8")
    ours += info.compress_size
    z = zlib.compressobj(6, zlib.DEFLATED, -15)
    level6 += len(z.compress(data) + z.flush())
ratio = len(raw) / (len(raw) - ours + level6)
print(f"  {name}: {len(raw)} bytes; entries {ours} deflated by akkord, {level6} by zlib -6; {ratio:.3f} × the archive zlib -6 makes")
check(ratio <= limit, f"at most {limit} × zlib level 6: {ratio:.3f}")
workbook = parts["xl/workbook.xml"]
for i, sheet in enumerate(titled):
    check(f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">{sheet}!$1:$1</definedName>' in workbook, f"{sheet} repeats its head when printed")
footer = "&amp;Cside &amp;P af &amp;N" if da else "&amp;Cpage &amp;P of &amp;N"
for part, xml in sorted(parts.items()):
    if not part.startswith("xl/worksheets/"): continue
    check(f"<oddFooter>{footer}</oddFooter>" in xml, f"{part} prints its page number in the footer")
    check('<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>' in xml and '<pageSetUpPr fitToPage="1"/>' in xml,
          f"{part}: A4 landscape, fitted to the page's width")
    widths = [float(w) for w in re.findall(r'<col min="\d+" max="\d+" width="([0-9.]+)"', xml)]
    # Column px = width × 7 (Calibri 11's digit); the page: 11.69 in less two margins of 0.5 in, 96 px an inch.
    scale = min(1, (11.69 - 1) * 96 / sum(int(w * 7) for w in widths))
    check(scale >= 0.70, f"{part}: {len(widths)} columns print at {scale:.0%} of their size")
PY
# (The small workbooks' sizes are mostly the ZIP's headers: their limit is loose.)
tally < <(python3 "$WORK/check_parts.py" "$WORK/en.xlsx" en 2 Lines,Team 2>&1)
tally < <(python3 "$WORK/check_parts.py" "$WORK/da.xlsx" da 2 Linjer,Sjak 2>&1)
tally < <(python3 "$WORK/check_parts.py" "$WORK/sum-en.xlsx" en 2 Projects,Workers,Employers 2>&1)
tally < <(python3 "$WORK/check_parts.py" "$WORK/sum-da.xlsx" da 2 Projekter,Medarbejdere,Arbejdsgivere 2>&1)
tally < <(python3 "$WORK/check_parts.py" "$WORK/big.xlsx" da 1.25 Linjer,Sjak 2>&1)

# LibreOffice prints the 2,000 lines on A4 with the head on every page of the line sheet, all
# columns across the page (the last, Afsnit, on page 1) and `side N af M` at the foot of every page.
mkdir -p "$WORK/pdf"
timeout 300 "$LO" -env:UserInstallation="file://$WORK/lo" --headless --norestore --convert-to pdf --outdir "$WORK/pdf" "$WORK/big.xlsx" \
  >"$WORK/lo.out" 2>&1 && ok || fail "libreoffice --convert-to pdf: $(tail -3 "$WORK/lo.out")"
pdftotext -layout "$WORK/pdf/big.pdf" "$WORK/pdf/big.txt" && ok || fail "pdftotext"
cat >"$WORK/check_pdf.py" <<'PY'
import re, sys
pages = open(sys.argv[1], encoding="utf-8").read().split("\f")
pages = [p for p in pages if p.strip()]
def check(ok, what): print(("PASS " if ok else "FAIL ") + f"printed workbook: {what}")
check(len(pages) > 10, f"{len(pages)} pages")
check("Afsnit" in pages[0], "every column across the first page (the last, Afsnit, is there)")
footers = [re.search(r"side (\d+) af (\d+)", p) for p in pages]
check(all(footers), f"every page has its footer: {[i + 1 for i, f in enumerate(footers) if not f]} lack it")
lines_pages = [p for p in pages if "Øre fra afrunding" not in p and "Til fordeling" not in p]
check(len(lines_pages) > 10 and all("Ydelse" in p and "Mængde" in p and "Afsnit" in p for p in lines_pages),
      f"the head on every page of the line sheet: {len(lines_pages)} pages, {sum('Mængde' in p for p in lines_pages)} with it")
PY
tally < <(python3 "$WORK/check_pdf.py" "$WORK/pdf/big.txt" 2>&1)
finish
