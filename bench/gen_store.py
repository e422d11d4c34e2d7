#!/usr/bin/env python3
"""Writes a store of generated projects in akkord's file format for benchmarks.
gen_store.py STORE --projects N --lines M [--lines-min L] [--workers W] [--seed S]
(--lines-min: each project gets a random number of lines from L to M; SPEC §19's summary store is
--projects 20000 --lines 30 --lines-min 3.)
Amounts are computed with Python's decimal (half away from zero), so `akkord check` passes."""
import argparse, json, os, random
from decimal import Decimal, ROUND_HALF_UP

ap = argparse.ArgumentParser()
ap.add_argument("store"); ap.add_argument("--projects", type=int, default=1); ap.add_argument("--lines", type=int, default=10)
ap.add_argument("--workers", type=int, default=0); ap.add_argument("--lines-min", type=int, default=None); ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--catalogue", default=os.path.join(os.path.dirname(__file__), "..", "Data", "catalogue.json"))
a = ap.parse_args()
rnd = random.Random(a.seed)
acts = json.load(open(a.catalogue, encoding="utf-8"))["activities"]
os.makedirs(os.path.join(a.store, "projects"), mode=0o700, exist_ok=True)

def amount(q, p): return (Decimal(q) * Decimal(p)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

for n in range(1, a.projects + 1):
    pid = f"project-{n:05d}" if a.projects > 1 else "big"
    lines, subtotal = [], Decimal(0)
    n_lines = a.lines if a.lines_min is None else rnd.randint(a.lines_min, a.lines)
    for i in range(1, n_lines + 1):
        act = rnd.choice(acts)
        q = f"{rnd.randint(1, 40)}.{rnd.randint(0, 9)}"
        amt = amount(q, act["price"]); subtotal += amt
        lines.append({"id": i, "pos": act["pos"], "name": act["name"], "unit": act["unit"], "price": act["price"],
                      "quantity": q, "amount": str(amt), "custom": False, "note": "", "section": act["section"], "date": "2026-05-04"})
    workers = [{"id": f"w{k}", "name": f"Worker {k}", "apprentice": False} for k in range(1, a.workers + 1)]
    hours = [{"id": k, "worker": f"w{k}", "hours": f"{rnd.randint(20, 200)}:{rnd.choice(['00', '15', '30', '45'])}", "date": None, "note": ""}
             for k in range(1, a.workers + 1)]
    project = {"format": "akkord-project", "version": 1, "id": pid, "name": f"Generated project {n}", "status": "open",
               "lineCount": len(lines), "subtotal": str(subtotal), "address": "", "employer": "", "customer": "",
               "start": None, "end": None, "note": "", "created": "2026-05-01",
               "catalogue": {"name": "Sample", "edition": "2026-1"},
               "nextIds": {"line": n_lines + 1, "hours": a.workers + 1}, "lines": lines, "workers": workers, "hours": hours,
               "advances": [], "supplements": [], "extraWork": [], "photos": [], "history": []}
    path = os.path.join(a.store, "projects", pid + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(project, f, ensure_ascii=False)
    os.chmod(path, 0o600)
with open(os.path.join(a.store, "store.json"), "w") as f:
    json.dump({"format": "akkord-store", "version": 1, "currentProject": "big" if a.projects == 1 else "project-00001"}, f)
