#!/usr/bin/env python3
"""From a catalogue JSON, writes the CSV of an update: gen_import.py CATALOGUE.json OUT.csv
50,000 rows for a 50,000-activity catalogue: 10,000 with a new price, 5,000 new activities,
the rest unchanged (Danish dialect: ';' and decimal comma)."""
import json, random, sys
cat = json.load(open(sys.argv[1], encoding="utf-8"))["activities"]
rnd = random.Random(7)
rows = cat[:45000]
changed = set(rnd.sample(range(len(rows)), 10000))
with open(sys.argv[2], "w", encoding="utf-8", newline="") as f:
    f.write("Pos.nr.;Ydelse;Enhed;Pris;Afsnit;Bemærkning\r\n")
    def cell(s): return '"' + s.replace('"', '""') + '"' if any(c in s for c in ';"\n') else s
    for i, a in enumerate(rows):
        price = a["price"]
        if i in changed:
            price = f"{float(price) * 1.05 + 0.01:.2f}"
        f.write(";".join(cell(x) for x in [a["pos"], a["name"], a["unit"], price.replace(".", ","), a["section"], a["note"]]) + "\r\n")
    for i in range(5000):
        f.write(f"99.{i + 1};New activity {i + 1};m2;{rnd.randint(100, 99999) // 100},{rnd.randint(0, 99):02d};New;\r\n")
