#!/usr/bin/env python3
"""Writes Tests/Fixtures/regulation-1.4.tsv: a price regulation of +1.4 % over every activity of
the bundled sample (Data/catalogue.json), computed with Python's decimal module, independently
of akkord's integer arithmetic.

new price = (price x (1 + 1.4/100)) rounded to 0.01 with ROUND_HALF_UP (half away from zero)
change    = (new - old) / old x 100 rounded to 0.1 with ROUND_HALF_UP, with a sign (+1.4, -0.3)

Rows: pos <TAB> old price <TAB> new price <TAB> change in %. Rerun after editing the sample."""
import json
from decimal import Decimal, ROUND_HALF_UP, getcontext
from pathlib import Path

getcontext().prec = 50  # far more digits than any product needs: nothing is rounded but the quantize
PERCENT = Decimal("1.4")
root = Path(__file__).resolve().parent.parent
catalogue = json.loads((root / "Data" / "catalogue.json").read_text(encoding="utf-8"))

def plain(d):
    """akkord's plain form of a unit price: at least 2 decimals, trailing zeros beyond cut."""
    whole, _, frac = format(d, "f").partition(".")
    frac = frac.rstrip("0").ljust(2, "0")
    return f"{whole}.{frac}"

rows, halves = [], 0
for a in catalogue["activities"]:
    old = Decimal(a["price"])
    exact = old * (1 + PERCENT / 100)
    new = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if (exact * 1000) % 10 == 5 and (exact * 1000) == (exact * 1000).to_integral_value():
        halves += 1
    change = ""
    if old != 0:
        c = ((new - old) / old * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        change = ("+" if c > 0 else "") + format(c, "f")
    rows.append((a["pos"], plain(old), plain(new), change))

out = root / "Tests" / "Fixtures" / "regulation-1.4.tsv"
out.write_text("".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
print(f"wrote {len(rows)} rows to {out} ({halves} products end in exactly 5 at the third decimal)")
