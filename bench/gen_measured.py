#!/usr/bin/env python3
"""Writes a store like gen_large.py's (one project, id `big`) in which EVERY line carries a
measurement that gives its stored quantity exactly, so that reading the project parses one
measurement per line: the benchmark of the measurement reader (issue 25).

gen_measured.py STORE [--lines 100000] [--seed 1]

The measurements are in the forms people type, mostly Danish: a sum (`10,2+2,145`), a product
kept from gen_large.py (`10,8*5,3`), a product undone by a division (`24,69 × 2 / 2`), a
difference in parentheses (`(30-4,9)*1`), now and then English decimals or an ambiguous
grouping (`1,200*2`, read in either language by `yields`). Quantities and amounts stay as
gen_large.py wrote them, so `akkord check` passes.
"""
import argparse, os, random, re, subprocess, sys

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("store")
ap.add_argument("--lines", type=int, default=100000)
ap.add_argument("--seed", type=int, default=1)
a = ap.parse_args()

here = os.path.dirname(os.path.abspath(__file__))
subprocess.run([sys.executable, os.path.join(here, "gen_large.py"), a.store, "--lines", str(a.lines),
                "--seed", str(a.seed)], check=True)
rnd = random.Random(a.seed)


def decimal(thousandths, sep):
    """`12,345`, `25,1`, `14`: a non-negative number of thousandths, trailing zeros dropped."""
    i, f = divmod(thousandths, 1000)
    return str(i) if f == 0 else f"{i}{sep}{('%03d' % f).rstrip('0')}"


def measurement(q):
    """An expression whose exact value is q thousandths (q > 0)."""
    r = rnd.random()
    if r < 0.35 and q > 1:
        x = rnd.randint(1, q - 1)
        return f"{decimal(x, ',')}+{decimal(q - x, ',')}"
    if r < 0.60:
        return f"{decimal(q, ',')} × 2 / 2"
    if r < 0.80:
        extra = rnd.randint(1, 9999)
        return f"({decimal(q + extra, ',')}-{decimal(extra, ',')})*1"
    if r < 0.95:
        return f"{decimal(q * 4, '.')}/4"
    return f"{decimal(q, ',')}*1"


path = os.path.join(a.store, "projects", "big.json")
line = re.compile(r'^(    \{"id": \d+, .*"quantity": "([0-9.]+)", .*)\}(,?)$')
out = []
with open(path, encoding="utf-8") as f:
    for text in f:
        m = line.match(text.rstrip("\n"))
        if m and '"measurement"' not in text:
            whole, _, frac = m.group(2).partition(".")
            q = int(whole) * 1000 + int((frac + "000")[:3])
            text = f'{m.group(1)}, "measurement": "{measurement(q)}"}}{m.group(3)}\n'
        out.append(text)
with open(path, "w", encoding="utf-8") as f:
    f.writelines(out)
