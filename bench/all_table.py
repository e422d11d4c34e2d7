#!/usr/bin/env python3
"""The table of bench/all.sh: all_table.py ROWS.tsv JSON_DIR ROUNDS [--verdict].
Reads hyperfine's JSON of every round (row.N.R.json, ref.NAME.R.json) and the peak memory
(mem.N.who, KiB, from /usr/bin/time), takes the minimum of each program over all rounds, and prints
one markdown table; with --verdict prints only the last line (`Verdict: …`) and exits 1 on a FAIL."""
import glob, json, os, sys

rows_file, jdir, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
verdict_only = "--verdict" in sys.argv


def minimum(paths, name=None, exact=False):
    """The least time over the runs in `paths` of the command `name` (or one starting with it,
    unless `exact`; every command when None); NaN when a run failed, None when none ran."""
    best = None
    for p in paths:
        try:
            for res in json.load(open(p))["results"]:
                if name is not None and res["command"] != name and (exact or not res["command"].startswith(name)):
                    continue
                if any(res.get("exit_codes") or []):
                    return float("nan")
                t = min(res["times"])
                best = t if best is None else min(best, t)
        except (OSError, ValueError, KeyError):
            pass
    return best


def named(paths, who):
    return minimum(paths, who, exact=True)


def mem(n, who):
    try:
        return int(open(os.path.join(jdir, f"mem.{n}.{who}")).read().split()[-1]) / 1024
    except (OSError, ValueError, IndexError):
        return None


def rc(n, who):
    try:
        return int(open(os.path.join(jdir, f"rc.{n}.{who}")).read())
    except (OSError, ValueError):
        return None


def ms(t):
    if t is None: return ""
    if t != t: return "failed"
    return f"{t * 1000:.1f} ms"


refs = {}
out = ["| program | target | old min | new min | new/old | reference | new × ref | old peak | new peak | cap | result |",
       "|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|"]
fails = passes = 0
for n, line in enumerate(open(rows_file, encoding="utf-8"), 1):
    rid, label, args, target, ref, cap, store = line.rstrip("\n").split("\t")
    paths = sorted(glob.glob(os.path.join(jdir, f"row.{n}.*.json")))
    old, new = named(paths, "old"), named(paths, "new")
    if ref != "-" and ref not in refs:
        refs[ref] = minimum(sorted(glob.glob(os.path.join(jdir, f"ref.{ref}.*.json"))))
    r = refs.get(ref)
    mo, mn = mem(n, "old"), mem(n, "new")
    ok, why = True, []
    if rc(n, "new") not in (0, None):
        ok = False; why.append(f"exit {rc(n, 'new')}")
    ratio = ""
    if target.startswith("x"):
        if new is None or r is None or new != new:
            ok = False; why.append("no time")
        else:
            ratio = f"{new / r:.2f}"
            if new / r > float(target[1:]): ok = False
    elif target.startswith("<"):
        if new is None or new != new or new > float(target[1:]): ok = False
    if cap != "-":
        if mn is None or mn >= float(cap): ok = False
    tgt = {"x": lambda: f"≤ {target[1:]} × {ref}", "<": lambda: f"< {target[1:]} s", "m": lambda: "memory only"}[target[0]]()
    res = ("PASS" if ok else "**FAIL**") + (f" ({', '.join(why)})" if why else "")
    fails += not ok; passes += ok
    rel = f"{new / old:.2f}" if old and new and old == old and new == new else ""
    out.append(f"| {label} | {tgt} | {ms(old)} | {ms(new)} | {rel} | {ref if ref != '-' else ''}{' ' + ms(r) if r else ''} | {ratio} | "
               f"{f'{mo:.1f} MiB' if mo else ''} | {f'{mn:.1f} MiB' if mn else ''} | {cap + ' MiB' if cap != '-' else ''} | {res} |")

if verdict_only:
    print(f"Verdict: {passes} PASS, {fails} FAIL")
    sys.exit(1 if fails else 0)
print("\n".join(out))
print()
print("Times are the minimum over all rounds (hyperfine, shell start-up subtracted); ¹ a write on a store restored before each run;"
      " peaks are max RSS of one more run. Targets are the new binary's.")
