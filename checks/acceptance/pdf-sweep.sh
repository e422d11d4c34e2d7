#!/usr/bin/env bash
# The PDF report's blocks (SPEC §17), swept: a project of every line count from 1 to 120 (1–4
# workers, apprentices, supplements, extra work and advances, the mix chosen from the line
# count), in English and Danish. On every PDF: qpdf --check is clean; every content stream is
# FlateDecode (its /Length exact) and inflates with Python's zlib to the page's drawing;
# from pdftotext per page, the summation (heading to the amount shared) is on one page, and the
# team table, its notes and all three signature lines on one page; from pdftotext -raw, each
# line's row reads pos, activity, then its figures.
source "$(dirname "$0")/lib.sh"
for tool in qpdf pdftotext python3; do command -v $tool >/dev/null || { fail "$tool is not installed"; finish; exit 1; }; done

STORE="$WORK/store"
python3 - "$STORE" <<'EOF'
import json, os, sys
from decimal import Decimal, ROUND_HALF_UP
store = sys.argv[1]
os.makedirs(os.path.join(store, "projects"), mode=0o700)
def money(d): return str(d.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
names = ["Underpap sømmet", "Sternkant", "Tagrende zink", "Inddækning skorsten", "Skotrende", "Lægter 25x50", "Rygning"]
for n in range(1, 121):
    lines, subtotal = [], Decimal(0)
    for i in range(1, n + 1):
        price = Decimal(20 + (i * 7 + n) % 300) + Decimal((i * 13) % 100) / 100
        q = Decimal(1 + (i * 5 + n) % 40) + Decimal((i + n) % 10) / 10
        amount = (q * price).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP); subtotal += amount
        lines.append({"id": i, "pos": f"{1 + i % 9}.{i:02d}", "name": f"{names[(i + n) % len(names)]} {i}", "unit": "m2" if i % 2 else "lbm",
                      "price": str(price), "quantity": str(q), "amount": str(amount), "custom": False, "note": "", "section": "", "date": None})
    count = 1 + n % 4
    workers = [{"id": f"w{k}", "name": f"Tagdækker Nummer {k}", "apprentice": False} for k in range(1, count + 1)]
    if n % 5 == 0 and count > 1: workers[-1].update(apprentice=True, rate="128.40")
    hours = [{"id": k, "worker": f"w{k}", "hours": f"{20 + (n * k) % 150}:{['00', '15', '30', '45'][(n + k) % 4]}", "date": None, "note": ""}
             for k in range(1, count + 1)]
    advances = [{"id": k, "worker": f"w{k}", "amount": f"{100 * k + n}.00", "date": None, "note": ""} for k in range(1, count + 1) if (n + k) % 3 == 0]
    supplements = [{"id": s, "name": f"Tillæg {s}", "percent": f"{2 + s}.5"} for s in range(1, n % 3 + 1)]
    extra = [{"id": e, "text": f"Ekstra arbejde {e}", "amount": f"{150 * e}.00"} for e in range(1, (n // 3) % 4 + 1)]
    if n % 7 == 0: extra.append({"id": len(extra) + 1, "text": "Snerydning", "hours": "1:30", "rate": "300.00"})
    project = {"format": "akkord-project", "version": 1, "id": f"p{n:03d}", "name": f"Fejen {n}", "status": "open",
               "lineCount": n, "subtotal": money(subtotal), "address": "", "employer": "Tæt Tag ApS", "customer": "",
               "start": None, "end": None, "note": "", "created": "2026-05-01", "catalogue": {"name": "Sample", "edition": "2026-1"},
               "nextIds": {"line": n + 1, "hours": count + 1, "advance": count + 1, "supplement": len(supplements) + 1, "extra": len(extra) + 1},
               "lines": lines, "workers": workers, "hours": hours, "advances": advances, "supplements": supplements,
               "extraWork": extra, "photos": [], "history": []}
    with open(os.path.join(store, "projects", f"p{n:03d}.json"), "w", encoding="utf-8") as f: json.dump(project, f, ensure_ascii=False)
with open(os.path.join(store, "store.json"), "w") as f:
    json.dump({"format": "akkord-store", "version": 1, "currentProject": "p001"}, f)
EOF

# The reports, two at a time, each read by qpdf and pdftotext (by page, and raw).
mkdir -p "$WORK/out"
export AKKORD STORE OUT="$WORK/out"
seq 1 120 | xargs -P 2 -I{} bash -c '
  id=$(printf "p%03d" {})
  for lang in en da; do
    "$AKKORD" --store "$STORE" -p $id --lang $lang report --format pdf -o "$OUT/$id-$lang.pdf" >/dev/null 2>"$OUT/$id-$lang.err" || echo "FAIL report $id $lang: $(head -c 300 "$OUT/$id-$lang.err")"
    qpdf --check "$OUT/$id-$lang.pdf" >"$OUT/$id-$lang.qpdf" 2>&1 || echo "FAIL qpdf --check $id $lang: $(tail -2 "$OUT/$id-$lang.qpdf")"
    pdftotext -layout "$OUT/$id-$lang.pdf" "$OUT/$id-$lang.txt" || echo "FAIL pdftotext $id $lang"
    pdftotext -raw "$OUT/$id-$lang.pdf" "$OUT/$id-$lang.raw" || echo "FAIL pdftotext -raw $id $lang"
  done' >"$WORK/runs.log"
while read -r line; do fail "${line#FAIL }"; done <"$WORK/runs.log"
[ -s "$WORK/runs.log" ] || ok

python3 - "$STORE" "$WORK/out" >"$WORK/checks.log" <<'EOF'
import json, os, re, sys, zlib
store, out = sys.argv[1], sys.argv[2]
words = {
    "en": dict(summation="Summation", subtotal="Subtotal", supplement="Supplement", extra="Extra work", total="TOTAL", apprentices="Apprentices",
               pool="Pool", team="Team", notes=["Share =", "Balance ="], signatures=["Roofer", "Employer", "Union"], unit={"m2": "m2", "lbm": "lbm"}),
    "da": dict(summation="Sammentælling", subtotal="Subtotal", supplement="Tillæg", extra="Ekstraarbejde", total="I alt", apprentices="Lærlinge",
               pool="Til fordeling", team="Sjak", notes=["Andel =", "Til udbetaling ="], signatures=["Tagdækker", "Arbejdsgiver", "Fagforening"],
               unit={"m2": "m²", "lbm": "lbm"}),
}
def fmt(value, lang, decimals=2):
    """A figure as the report prints it, thousands grouped (da: 1.234,50; en: 1,234.50): money
    with 2 decimals, a quantity with those it has (decimals=None)."""
    if decimals is None:
        whole, _, fraction = str(abs(value).normalize()).partition(".")
        s = f"{int(whole):,}" + ("." + fraction if fraction else "")
    else:
        s = f"{abs(value):,.{decimals}f}"
    if lang == "da": s = s.replace(",", "_").replace(".", ",").replace("_", ".")
    return ("−" if value < 0 else "") + s

def streams(pdf):
    """(dictionary, data) of every stream, read as long as its /Length says."""
    found = []
    for m in re.finditer(rb"(\d+) 0 obj\n(<<.*?>>)\nstream\n", pdf, re.S):
        length = int(re.search(rb"/Length (\d+)", m.group(2)).group(1))
        data = pdf[m.end():m.end() + length]
        if pdf[m.end() + length:m.end() + length + 10] != b"\nendstream": print(f"FAIL object {m.group(1).decode()}: /Length {length} is not followed by endstream"); continue
        found.append((m.group(2), data))
    return found

checked = 0
for n in range(1, 121):
    pid = f"p{n:03d}"
    project = json.load(open(os.path.join(store, "projects", pid + ".json"), encoding="utf-8"))
    for lang in ("en", "da"):
        w, what = words[lang], f"{n} lines, {lang}"
        pdf = open(os.path.join(out, f"{pid}-{lang}.pdf"), "rb").read()
        # Every content stream deflated, and inflating to text (the page's drawing).
        contents = [(d, s) for d, s in streams(pdf) if b"/Subtype /Image" not in d]
        pages = int(re.search(rb"/Type /Pages /Kids \[[^\]]*\] /Count (\d+)", pdf).group(1))
        if len(contents) != pages: print(f"FAIL {what}: {len(contents)} content streams for {pages} pages")
        for d, s in contents:
            if b"/Filter /FlateDecode" not in d: print(f"FAIL {what}: a content stream without /Filter /FlateDecode: {d!r}"); break
            try:
                if b" Tj ET" not in zlib.decompress(s): print(f"FAIL {what}: a content stream inflates to no text")
            except zlib.error as e: print(f"FAIL {what}: a content stream does not inflate: {e}"); break
        # Per page (pdftotext puts a form feed after each page), the lines that start each label.
        texts = open(os.path.join(out, f"{pid}-{lang}.txt"), encoding="utf-8").read().split("\f")[:pages]
        if len(texts) != pages: print(f"FAIL {what}: pdftotext gave {len(texts)} pages of {pages}")
        def on(label, exact=False):
            return {i for i, t in enumerate(texts) for line in t.split("\n")
                    if (line.strip() == label if exact else line.strip().startswith(label + " ") or line.strip() == label)}
        summation = [w["summation"], w["subtotal"], w["total"]]
        if project["supplements"]: summation.append(w["supplement"])
        if project["extraWork"]: summation.append(w["extra"])
        if any(x["apprentice"] for x in project["workers"]): summation += [w["apprentices"], w["pool"]]
        found = [on(label) for label in summation]
        if any(len(f) != 1 for f in found) or len(set().union(*found)) != 1:
            print(f"FAIL {what}: the summation is not on one page: " + ", ".join(f"{l} on {sorted(f)}" for l, f in zip(summation, found)))
        team = [on(w["team"], exact=True)] + [on(x["name"]) for x in project["workers"]] + [on(note) for note in w["notes"]]
        team += [{i for i, t in enumerate(texts) if re.search(r"\b" + s + r" +\(", t)} for s in w["signatures"]]
        if any(len(f) != 1 for f in team) or len(set().union(*team)) != 1:
            print(f"FAIL {what}: the team table, its notes and the signatures are not on one page: {[sorted(f) for f in team]}")
        # Reading order: each line's row, from pdftotext -raw, is pos, activity, quantity, unit, price, amount.
        raw = open(os.path.join(out, f"{pid}-{lang}.raw"), encoding="utf-8").read().split("\n")
        rows = set(raw)
        for line in project["lines"]:
            from decimal import Decimal as D
            row = " ".join([line["pos"], line["name"], fmt(D(line["quantity"]), lang, None), w["unit"][line["unit"]], fmt(D(line["price"]), lang), fmt(D(line["amount"]), lang)])
            if row not in rows:
                near = [r for r in raw if r.startswith(line["pos"] + " ")][:2]
                print(f"FAIL {what}: no row reads {row!r} (pdftotext -raw has {near})"); break
        checked += 1
print(f"checked {checked}")
EOF
while read -r line; do
  case "$line" in FAIL*) fail "${line#FAIL }";; checked*) [ "$line" = "checked 240" ] && ok || fail "only $line PDFs";; esac
done <"$WORK/checks.log"
[ "$(grep -c '^FAIL' "$WORK/checks.log")" = 0 ] && ok
finish
