#!/usr/bin/env bash
# Rounding in the handbook (SPEC §16) in the documents `swift test` cannot read: a catalogue with
# a rounding per started 0.01 and a half-up rounding with a minimum, lines added with the binary;
# the PDF (read by pdftotext) and the xlsx (read by openpyxl) show what was typed beside each line
# the rule changed, in en and da, and nothing beside a line without a rule.
source "$(dirname "$0")/lib.sh"
PY=/usr/bin/python3
command -v pdftotext >/dev/null && ok || { fail "pdftotext is not installed (poppler-utils)"; finish; exit 1; }
[ -x "$PY" ] && "$PY" -c 'import openpyxl' 2>/dev/null && ok || { fail "$PY with openpyxl is not installed"; finish; exit 1; }
export XDG_CONFIG_HOME="$WORK/config" LC_ALL=C.UTF-8
unset AKKORD_LANG AKKORD_HOME LANG LC_MESSAGES
S="$WORK/store"
A() { "$AKKORD" --store "$S" "$@"; }
cat > "$WORK/rules.json" <<'JSON'
{"format": "akkord-catalogue", "version": 1, "name": "Rules", "edition": "1", "activities": [
  {"pos": "R.1", "name": "Tagrende", "unit": "lbm", "price": "10", "rounding": {"step": "0.01", "mode": "up"}},
  {"pos": "R.2", "name": "Pap", "unit": "m2", "price": "20", "rounding": {"step": "0.5", "mode": "half-up"}, "minimum": "1"},
  {"pos": "R.3", "name": "Lapning", "unit": "m2", "price": "5"}]}
JSON
expect_status 0 -- A catalogue import "$WORK/rules.json"
expect_status 0 -- A project new Tag
expect_status 0 -- A --lang da add R.1 12,341
expect_contains "$WORK/err" "bemærk: 12,341 lbm rundet op pr. påbegyndt 0,01 lbm til 12,35 lbm"
expect_status 0 -- A add R.2 0.4
expect_contains "$WORK/err" "note: 0.5 m2 counts as the minimum 1 m2"
expect_status 0 -- A add R.3 0.4

for lang in en da; do
  expect_status 0 -- A --lang "$lang" report --format pdf -o "$WORK/r-$lang.pdf"
  pdftotext -layout "$WORK/r-$lang.pdf" "$WORK/r-$lang.txt"
  expect_status 0 -- A --lang "$lang" report --format xlsx -o "$WORK/r-$lang.xlsx"
done
expect_contains "$WORK/r-en.txt" "Tagrende (typed 12.341)"
expect_contains "$WORK/r-en.txt" "Pap (typed 0.4)"
expect_contains "$WORK/r-da.txt" "Tagrende (indtastet 12,341)"
expect_contains "$WORK/r-da.txt" "Pap (indtastet 0,4)"
grep -E "Lapning +0[.,]4" "$WORK/r-en.txt" | grep -qv typed && ok || fail "the line without a rule has nothing beside it in the PDF"

"$PY" - "$WORK/r-en.xlsx" "$WORK/r-da.xlsx" > "$WORK/xlsx.out" 2>&1 <<'PYEOF'
import sys, openpyxl
for path, typed in zip(sys.argv[1:], ["typed", "indtastet"]):
    ws = openpyxl.load_workbook(path).worksheets[0]
    rows = list(ws.iter_rows(values_only=True))
    head = rows[0]
    q, n = head.index("Quantity" if typed == "typed" else "Mængde"), head.index("Note" if typed == "typed" else "Bemærkning")
    got = [(r[q], r[n]) for r in rows[1:4]]
    sep = "." if typed == "typed" else ","
    want = [(12.35, "(%s 12%s341)" % (typed, sep)), (1, "(%s 0%s4)" % (typed, sep)), (0.4, None)]
    print("ok" if got == want else "FAIL %s: %r != %r" % (path, got, want))
PYEOF
[ "$(grep -c '^ok$' "$WORK/xlsx.out")" = 2 ] && ok || fail "xlsx: $(cat "$WORK/xlsx.out")"
finish
