#!/usr/bin/env python3
"""Generates a large, plausible catalogue for benchmarks: gen_catalogue.py N OUT.json [--seed S].
Names combine roofing words so searches have realistic hit rates."""
import json, random, sys

def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rnd = random.Random(seed)
    materials = ["felt", "under felt", "top felt", "zinc", "slate", "tile", "steel sheet", "insulation", "plywood",
                 "vapour barrier", "gutter", "downpipe", "flashing", "ridge", "batten", "membrane", "lead", "copper"]
    actions = ["laid", "nailed", "welded", "screwed", "glued", "removed", "cut", "fitted", "repaired", "dressed"]
    where = ["on deck", "at eaves", "at parapet", "at verge", "around chimney", "in valley", "on ridge", "på tag",
             "at wall", "over 20 m", "per storey", "on insulation"]
    units = ["m2", "lbm", "pcs", "m", "kg", "h"]
    sections = [f"Section {i:02d} {rnd.choice(materials).title()}" for i in range(1, 41)]
    acts = []
    per = max(1, n // len(sections) + 1)
    for i in range(n):
        s = i // per
        pos = f"{s + 1}.{i % per + 1:02d}"
        name = f"{rnd.choice(materials).capitalize()}, {rnd.choice(actions)} {rnd.choice(where)}"
        if rnd.random() < 0.3:
            name += f", type {rnd.randint(1, 99)}"
        price = f"{rnd.randint(100, 250000) / 100:.2f}"
        acts.append({"pos": pos, "name": name, "unit": rnd.choice(units), "price": price,
                     "section": sections[s % len(sections)], "note": ""})
    cat = {"format": "akkord-catalogue", "version": 1, "name": f"Generated catalogue of {n} activities",
           "edition": "bench", "validFrom": "2026-01-01", "currency": "DKK", "activities": acts}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(cat, f, ensure_ascii=False, indent=1)

main()
