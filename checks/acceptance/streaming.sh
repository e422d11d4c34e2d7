#!/usr/bin/env bash
# The readers that stream a project file (report in every text format, lines, lines --json,
# check) on a 100,000-line store made by bench/gen_large.py: each exits 0 with a peak resident
# size under 40 MiB that grows from 10,000 lines by less than a quarter of the extra file, and
# every figure of the JSON report is worked out again from the PROJECT FILE with Python's
# decimal module (half away from zero, supplements on their scoped bases, the pool split by
# largest remainder) and must equal the report's strings exactly.
source "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PY=/usr/bin/python3
S="$WORK/store"
export HOME="$WORK/home" NO_COLOR=1 LC_ALL=C.UTF-8   # no config file of the user's
unset AKKORD_HOME AKKORD_LANG
if [ ! -x /usr/bin/time ]; then fail "/usr/bin/time is needed (Debian: time)"; finish; exit 1; fi

if ! "$PY" "$ROOT/bench/gen_large.py" "$S" --lines 100000 >"$WORK/gen.out" 2>&1; then
  fail "bench/gen_large.py: $(head -c 300 "$WORK/gen.out")"; finish; exit 1
fi
# The project's id: its file in projects/, which store.json names as the current project.
files=("$S"/projects/*.json)
if [ ${#files[@]} -eq 1 ] && [ -f "${files[0]}" ]; then ok; else fail "expected one project file in $S/projects, got ${files[*]}"; finish; exit 1; fi
ID=$(basename "${files[0]}" .json)
PROJECT="$S/projects/$ID.json"
current=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["currentProject"])' "$S/store.json" 2>/dev/null)
[ "$current" = "$ID" ] && ok || fail "store.json names $current as current, the file is $ID.json"

# run NAME ARGS...: runs akkord on the project with /usr/bin/time; exit 0 and peak < 40 MiB.
run() {
  local name=$1; shift
  /usr/bin/time -f %M -o "$WORK/mem-$name" "$AKKORD" --store "$S" -p "$ID" "$@" >"$WORK/out-$name" 2>"$WORK/err-$name"
  local status=$?
  if [ "$status" = 0 ]; then ok; else fail "$name: exit $status: $(head -c 300 "$WORK/err-$name")"; fi
  local kib; kib=$(tail -n 1 "$WORK/mem-$name")
  if [[ "$kib" =~ ^[0-9]+$ ]] && [ "$kib" -lt 40960 ]; then ok; else fail "$name: peak resident size $kib KiB, want < 40960 (40 MiB)"; fi
  if [ -s "$WORK/out-$name" ]; then ok; else fail "$name: no output"; fi
  echo "  $name: $kib KiB, $(wc -c <"$WORK/out-$name") bytes"
}
run report-json report --format json
run report-text report --format text
run report-csv report --format csv
run report-html report --format html
run lines lines
run lines-json --json lines
run check check
# Peak memory grows with the lines by less than a quarter of the extra file (SPEC §13): each
# reader again on 10,000 lines of the same generator.
if "$PY" "$ROOT/bench/gen_large.py" "$WORK/s10" --lines 10000 >"$WORK/gen10.out" 2>&1 && [ -f "$WORK/s10/projects/$ID.json" ]; then ok; else
  fail "bench/gen_large.py --lines 10000: $(head -c 300 "$WORK/gen10.out")"
fi
quarter=$(( ($(wc -c <"$PROJECT") - $(wc -c <"$WORK/s10/projects/$ID.json")) / 4 / 1024 ))
growth() {
  local name=$1; shift
  /usr/bin/time -f %M -o "$WORK/mem10-$name" "$AKKORD" --store "$WORK/s10" -p "$ID" "$@" >/dev/null 2>&1
  local small big; small=$(tail -n 1 "$WORK/mem10-$name"); big=$(tail -n 1 "$WORK/mem-$name")
  if [[ "$small" =~ ^[0-9]+$ && "$big" =~ ^[0-9]+$ ]] && [ $((big - small)) -lt "$quarter" ]; then ok; else
    fail "$name: peak grows from $small KiB (10k lines) to $big KiB (100k), want less than $quarter KiB more"
  fi
  echo "  $name: $small KiB at 10k, $big KiB at 100k (growth < $quarter KiB)"
}
growth report-json report --format json
growth report-text report --format text
growth report-csv report --format csv
growth report-html report --format html
growth lines lines
growth lines-json --json lines
growth check check
expect_contains "$WORK/out-check" "no problems"
expect_contains "$WORK/out-report-html" "</html>"
# The line table ends with the subtotal, grouped as en writes it: the file's subtotal.
want=$("$PY" -c 'import json, sys; from decimal import Decimal; print(format(Decimal(json.load(open(sys.argv[1]))["subtotal"]), ",.2f"))' "$PROJECT")
grep -qE "^ +Subtotal +${want//./\\.}\$" "$WORK/out-lines" && ok || fail "lines: no Subtotal row with $want: $(grep Subtotal "$WORK/out-lines" | head -c 200)"
[ "$(grep -c '' "$WORK/out-lines")" -gt 100000 ] && ok || fail "lines: fewer rows than lines"

# The figures, from the project file, with decimal.
"$PY" - "$PROJECT" "$WORK/out-report-json" "$WORK/out-lines-json" >"$WORK/figures" 2>&1 <<'EOF'
import json, sys
from decimal import Decimal, ROUND_HALF_UP, ROUND_FLOOR, getcontext

getcontext().prec = 60
project = json.load(open(sys.argv[1], encoding="utf-8"))
report = json.load(open(sys.argv[2], encoding="utf-8"))
lines_json = json.load(open(sys.argv[3], encoding="utf-8"))
D = Decimal
CENT = D("0.01")
problems, checked = [], 0


def r2(x):
    """Rounded to øre, half away from zero (decimal's ROUND_HALF_UP rounds ties away from zero)."""
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


def plain2(x):
    q = r2(x)
    return "0.00" if q == 0 else format(q, "f")


def ore_text(v):
    return ("-" if v < 0 else "") + "%d.%02d" % (abs(v) // 100, abs(v) % 100)


def hours_raw(text):
    """Hours in 1/3000 h, as akkord keeps them: `7.5` or `7:20`."""
    if ":" in text:
        h, m = text.split(":")
        return int(h) * 3000 + int(m) * 50
    raw = D(text) * 3000
    assert raw == raw.to_integral_value(), text
    return int(raw)


def pay(raw, rate):
    """round2(hours × rate), hours = raw / 3000."""
    return r2(D(raw) * rate / D(3000))


def same(what, got, expected):
    global checked
    checked += 1
    if got != expected:
        problems.append("%s: report %r, recomputed %r" % (what, got, expected))


# Lines: amount = round2(quantity × price); the report's lines are the file's, in order.
lines = project["lines"]
same("line count", len(report["lines"]), len(lines))
same("lineCount", project["lineCount"], len(lines))
subtotal = D(0)
amount_by_id = {}
for i, (l, r) in enumerate(zip(lines, report["lines"])):
    amount = r2(D(l["quantity"]) * D(l["price"]))
    amount_by_id[l["id"]] = amount
    subtotal += amount
    same("lines[%d].id" % i, r["id"], l["id"])
    same("lines[%d].amount" % i, r["amount"], plain2(amount))
    same("file lines[%d].amount" % i, l["amount"], plain2(amount))
    for key in ("pos", "name", "unit", "price", "quantity", "custom", "note"):
        same("lines[%d].%s" % (i, key), r[key], l[key])
    same("lines[%d].measurement" % i, r["measurement"], l.get("measurement"))
same("subtotal", report["subtotal"], plain2(subtotal))
same("file subtotal", project["subtotal"], plain2(subtotal))

# `lines --json`: the file's lines, with their amounts, and the subtotal.
same("lines --json count", len(lines_json["lines"]), len(lines))
for i, (l, r) in enumerate(zip(lines, lines_json["lines"])):
    for key in ("id", "pos", "name", "unit", "price", "quantity", "custom", "note", "section", "date"):
        same("lines --json [%d].%s" % (i, key), r[key], l.get(key))
    same("lines --json [%d].amount" % i, r["amount"], plain2(amount_by_id[l["id"]]))
same("lines --json subtotal", lines_json["subtotal"], plain2(subtotal))

# Supplements: round2(base × percent / 100); base = the lines in scope (section or id), else S.
total = subtotal
same("supplement count", len(report["supplements"]), len(project["supplements"]))
for i, (s, r) in enumerate(zip(project["supplements"], report["supplements"])):
    scope = s.get("scope", "all")
    if scope == "all":
        base = subtotal
    else:
        sections, ids = set(scope.get("sections", [])), set(scope.get("lines", []))
        base = sum((amount_by_id[l["id"]] for l in lines if l.get("section", "") in sections or l["id"] in ids), D(0))
    amount = r2(base * D(s["percent"]) / 100)
    total += amount
    same("supplements[%d].base" % i, r["base"], plain2(base))
    same("supplements[%d].amount" % i, r["amount"], plain2(amount))
    same("supplements[%d].percent" % i, r["percent"], s["percent"])

# Extra work: an agreed amount, or round2(hours × rate).
same("extra work count", len(report["extraWork"]), len(project["extraWork"]))
for i, (e, r) in enumerate(zip(project["extraWork"], report["extraWork"])):
    amount = D(e["amount"]) if "amount" in e else pay(hours_raw(e["hours"]), D(e["rate"]))
    total += amount
    same("extraWork[%d].amount" % i, r["amount"], plain2(amount))
same("total", report["total"], plain2(total))

# The team: apprentices paid round2(hours × rate) out of the total first; the pool split among
# the journeymen by hours, each floor(P × h / H) in øre, the øre left over to the largest
# remainders (ties: the one listed first); balance = share − advances.
hours = {}
for h in project["hours"]:
    hours[h["worker"]] = hours.get(h["worker"], 0) + hours_raw(h["hours"])
advances = {}
for a in project["advances"]:
    advances[a["worker"]] = advances.get(a["worker"], D(0)) + D(a["amount"])
workers = project["workers"]
apprentice_pay = {w["id"]: pay(hours.get(w["id"], 0), D(w["rate"])) for w in workers if w["apprentice"]}
apprentices = sum(apprentice_pay.values(), D(0))
pool = total - apprentices
same("apprenticePay", report["apprenticePay"], plain2(apprentices))
same("pool", report["pool"], plain2(pool))
journeymen = [w for w in workers if not w["apprentice"]]
H = sum(hours.get(w["id"], 0) for w in journeymen)
same("journeymanHours", report["journeymanHours"], plain2(D(H) / D(3000)))
same("hourlyEarnings", report["hourlyEarnings"], plain2(pool * D(3000) / D(H)) if H > 0 else None)
shares = {}
if H > 0:
    pool_ore = int(pool * 100)
    floors, remainders = [], []
    for w in journeymen:
        q, r = divmod(pool_ore * hours.get(w["id"], 0), H)   # floor division, remainder ≥ 0
        floors.append(q)
        remainders.append(r)
    left = pool_ore - sum(floors)
    for k in sorted(range(len(journeymen)), key=lambda k: (-remainders[k], k)):
        if left <= 0:
            break
        floors[k] += 1
        left -= 1
    same("shares add up to the pool", sum(floors), pool_ore)
    shares = {w["id"]: floors[k] for k, w in enumerate(journeymen)}
same("team size", len(report["team"]), len(workers))
for i, (w, t) in enumerate(zip(workers, report["team"])):
    same("team[%d].worker" % i, t["worker"], w["id"])
    same("team[%d].hours" % i, t["hours"], plain2(D(hours.get(w["id"], 0)) / D(3000)))
    adv = advances.get(w["id"], D(0))
    same("team[%d].advances" % i, t["advances"], plain2(adv))
    if w["apprentice"]:
        share_ore = int(apprentice_pay[w["id"]] * 100)
    else:
        share_ore = shares.get(w["id"])
    same("team[%d].share" % i, t["share"], None if share_ore is None else ore_text(share_ore))
    balance = None if share_ore is None else ore_text(share_ore - int(adv * 100))
    same("team[%d].balance" % i, t["balance"], balance)

for p in problems[:20]:
    print("MISMATCH " + p)
print("%d figures compared, %d differ" % (checked, len(problems)))
sys.exit(1 if problems else 0)
EOF
status=$?
tail -n 1 "$WORK/figures" | sed 's/^/  /'
if [ "$status" = 0 ]; then ok; else fail "the JSON report's figures differ from the project file's: $(head -c 2000 "$WORK/figures")"; fi
finish
