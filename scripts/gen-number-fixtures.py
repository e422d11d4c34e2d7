#!/usr/bin/env python3
"""Writes Tests/Fixtures/numbers.tsv: reference results computed with Python's decimal module
(ROUND_HALF_UP is half away from zero), independent of akkord's integer arithmetic.
Rows: kind <TAB> inputs... <TAB> expected. Deterministic (fixed seed); rerun to regenerate."""
import random
from fractions import Fraction
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

rnd = random.Random(20261121)
rows = []
q2 = Decimal("0.01")

def rand_decimal(max_int, digits):
    whole = rnd.randint(0, max_int)
    frac = rnd.randint(0, 10 ** digits - 1)
    return Decimal(f"{whole}.{frac:0{digits}d}") if digits else Decimal(whole)

def plain(d, min_digits):
    s = format(d, "f")
    if "." in s:
        whole, frac = s.split(".")
        frac = frac.rstrip("0")
        frac = frac + "0" * (min_digits - len(frac))
        return whole + ("." + frac if frac else "")
    return s + ("." + "0" * min_digits if min_digits else "")

def round2_exact(x):
    """Rounds an exact Fraction to 2 decimals, half away from zero."""
    sign = -1 if x < 0 else 1
    cents = (abs(x) * 100 + Fraction(1, 2)).__floor__()
    return str((Decimal(sign * cents) / 100).quantize(q2))

# quantity x price -> amount, rounded to ore half away from zero
for i in range(3000):
    q = rand_decimal(rnd.choice([5, 100, 5000, 999999]), rnd.choice([0, 1, 2, 3]))
    p = rand_decimal(rnd.choice([10, 500, 100000, 9999999]), rnd.choice([0, 2, 3, 4]))
    rows.append(("product", plain(q, 0), plain(p, 2), str((q * p).quantize(q2, rounding=ROUND_HALF_UP))))
# exact halves, which is where rounding rules differ
for q, p in [("0.5", "0.01"), ("1.5", "0.01"), ("2.5", "0.01"), ("0.001", "5"), ("0.003", "5"), ("1.125", "1"),
             ("3", "0.0015"), ("1", "0.0050"), ("0.105", "1"), ("12.5", "38.5")]:
    rows.append(("product", q, plain(Decimal(p), 2), str((Decimal(q) * Decimal(p)).quantize(q2, rounding=ROUND_HALF_UP))))

# subtotal x percent / 100 (supplements), negative percents included
for i in range(1000):
    s = rand_decimal(rnd.choice([100, 100000, 5000000]), 2)
    pct = rand_decimal(rnd.choice([10, 100, 999]), rnd.choice([0, 1, 2, 3]))
    if rnd.random() < 0.3:
        pct = -min(pct, Decimal(100))
    rows.append(("percent", str(s), plain(pct, 0), str((s * pct / 100).quantize(q2, rounding=ROUND_HALF_UP))))

# hours (decimal or H:MM) x rate
for i in range(1000):
    if rnd.random() < 0.5:
        h, m = rnd.randint(0, 300), rnd.randint(0, 59)
        text, hours = f"{h}:{m:02d}", Fraction(h * 60 + m, 60)  # exact: Decimal would cut 26/60 off at 28 digits
    else:
        d = rand_decimal(300, rnd.choice([0, 1, 2, 3])); text = plain(d, 0); hours = Fraction(d)
    rate = rand_decimal(rnd.choice([100, 500]), rnd.choice([0, 2, 4]))
    rows.append(("hourpay", text, plain(rate, 2), round2_exact(hours * Fraction(rate))))
    rows.append(("hours2", text, "", round2_exact(hours)))

# money formatting in both languages
for i in range(300):
    m = rand_decimal(rnd.choice([9, 999, 99999, 999999999]), 2) * rnd.choice([1, -1])
    m = abs(m) if m == 0 else m
    en = f"{m:,.2f}"
    da = en.replace(",", "_").replace(".", ",").replace("_", ".")
    rows.append(("format", str(m), en, da))

out = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "numbers.tsv"
out.write_text("".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
print(f"wrote {len(rows)} rows to {out}")
