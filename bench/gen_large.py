#!/usr/bin/env python3
"""Writes a store in akkord's §6 layout with projects whose every stored field is filled in, in
the bytes akkord's own writer produces (two-space indentation, one line per line object, UTF-8
unescaped), so a benchmark reads what a real store holds.

gen_large.py STORE [--projects 1] [--lines 100000] [--workers 3] [--history N|all]
                   [--hours-per-worker 20] [--photos 1] [--seed 1]

Every project has: name, address, employer, customer, start, end, note, created, catalogue,
all six nextIds counters; catalogue lines (some with a note, some measured with an expression
in `measurement`), custom lines; journeymen and an apprentice with a rate; hours entries (decimal
and H:MM forms, dates and notes); advances (an amount, hours × rate, a correction); a supplement
on everything and one scoped to a section and lines; extra work (agreed with number and date, by
the hour, a deduction); photos (small valid JPEGs in photos/, stored once); history (project
creation, one entry per worker, supplement, extra work and advance, and `add` entries for the
first lines: min(lines, 1000) of them by default, `--history all` for one per line as akkord
would have written them, `--history N` for N).

Amounts are exact (integers in øre, half away from zero), so `akkord check` passes. One project:
id `big`; several: `projekt-00001` …; the first is current. A 1,000,000-line project takes a few
seconds: lines are streamed to a temporary file, never held in memory.
"""
import argparse, hashlib, io, json, os, random, shutil

import akkord_gen
from akkord_gen import emit, js  # akkord's JSON writer (bench/akkord_gen.py, shared with gen_random_projects.py)

CATALOGUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data", "catalogue.json")


# --- numbers as akkord prints them in its files ---
def plain3(milli):  # quantity or decimal hours in thousandths: trailing zeros dropped
    i, f = divmod(milli, 1000)
    return str(i) if f == 0 else (f"{i}.{f:03d}").rstrip("0")


def money(ore):
    sign = "-" if ore < 0 else ""
    i, f = divmod(abs(ore), 100)
    return f"{sign}{i}.{f:02d}"


def cents(price):  # "38.50" -> 3850 (catalogue prices have two decimals)
    i, _, f = price.partition(".")
    return int(i) * 100 + int((f + "00")[:2])


def amount(q_milli, price_cents):  # round2(q × price), half away from zero (both ≥ 0 here)
    return (q_milli * price_cents + 500) // 1000


def date(day):  # day 0 = 2026-03-02, Monday; a working-days-ish spread over a season
    import datetime
    return (datetime.date(2026, 3, 2) + datetime.timedelta(days=day)).isoformat()


DATES = [date(d) for d in range(0, 240)]
NOTES = ["nord side", "syd side", "gavl mod vej", "tagrende 6\" zink", "ekstra lag på kvisten", "efter aftale med bygherre",
         "skotrende ved tårn", "inkl. afdækning", "målt på stedet", "2. sal, baghus"]
CUSTOM = [("Special flashing around chimney", "lbm", "85.25"), ("Snow guard, custom bent", "pcs", "142.00"),
          ("Lift rental, per hour", "h", "395.00"), ("Skylight frame, re-sealed", "pcs", "310.50")]
STREETS = ["Søndergade", "Vestergade", "Åboulevarden", "Nørrebrogade", "Æblevej", "Kongensgade", "Strandvejen", "Havnegade"]


def activities(cat):
    """The catalogue's activities, their JSON pieces ready: (pos, "pos", "name", "unit", price, cents,
    "section", name, unit)."""
    return [(x["pos"], js(x["pos"]), js(x["name"]), js(x["unit"]), x["price"], cents(x["price"]), js(x.get("section", "")),
             x["name"], x["unit"]) for x in cat["activities"]]


def make_lines(f, n_lines, rnd, acts, want_hist):
    """Writes the lines array's items to f; returns (subtotal in øre, add-history fragments for the
    first want_hist lines)."""
    subtotal = 0
    hist = []  # per line: (id, pos, quantity as typed, quantity plain, unit, price, amount, measurement, name, custom)
    if True:
        buf = []
        for i in range(1, n_lines + 1):
            r = rnd.random()
            measurement = None
            if r < 0.02:  # a custom activity
                name, unit, price = CUSTOM[i % len(CUSTOM)]
                pos, pc = f"X{i}", cents(price)
                q = rnd.randint(1, 40) * 1000
                qp = plain3(q)
                amt = amount(q, pc)
                note = NOTES[i % len(NOTES)]
                d = DATES[i % len(DATES)]
                buf.append(f'    {{"id": {i}, "pos": "{pos}", "name": {js(name)}, "unit": "{unit}", "price": "{price}", '
                           f'"quantity": "{qp}", "amount": "{money(amt)}", "custom": true, "note": {js(note)}, "section": "", "date": "{d}"}}')
                if i <= want_hist: hist.append((i, pos, qp, qp, unit, price, amt, None, name, True))
            else:
                pos, jpos, jname, junit, price, pc, jsec, rname, runit = acts[rnd.randrange(len(acts))]
                if r < 0.12 and runit in ("m2", "lbm"):  # measured: "12,4*8,2" is exactly 101.68
                    x, y = rnd.randint(10, 150), rnd.randint(10, 99)
                    q = x * y  # tenths × tenths = hundredths → thousandths ×10
                    q *= 10
                    measurement = f"{x // 10},{x % 10}*{y // 10},{y % 10}"
                elif r < 0.30 and runit != "pcs":
                    q = rnd.randint(1, 40000)  # up to three decimals
                else:
                    q = rnd.randint(10, 400) * 100  # one decimal
                qp = plain3(q)
                amt = amount(q, pc)
                note = NOTES[rnd.randrange(len(NOTES))] if r > 0.85 else ""
                d = DATES[i % len(DATES)]
                tail = f', "measurement": "{measurement}"}}' if measurement else "}"
                buf.append(f'    {{"id": {i}, "pos": {jpos}, "name": {jname}, "unit": {junit}, "price": "{price}", '
                           f'"quantity": "{qp}", "amount": "{money(amt)}", "custom": false, "note": {js(note)}, "section": {jsec}, '
                           f'"date": "{d}"{tail}')
                if i <= want_hist: hist.append((i, pos, measurement or qp.replace(".", ","), qp, runit, price, amt, measurement, rname, False))
            subtotal += amt
            if len(buf) >= 4096:
                f.write(",\n".join(buf)); f.write(",\n" if i < n_lines else ""); buf = []
        if buf: f.write(",\n".join(buf))
    return subtotal, hist


def jpeg(n):
    """A small baseline JPEG (4032 × 3024 in its header) whose structure akkord checks to the end; noise for pixels."""
    return akkord_gen.jpeg(4032, 3024, f"bench photo {n}", n, 4096)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("store")
    ap.add_argument("--projects", type=int, default=1)
    ap.add_argument("--lines", type=int, default=100000)
    ap.add_argument("--lines-min", type=int, default=None, help="each project gets a random number of lines from this to --lines (SPEC §19: 3–30)")
    ap.add_argument("--workers", type=int, default=3, help="journeymen and apprentices together; the last is an apprentice when ≥ 2")
    ap.add_argument("--history", default=None, help="number of `add` history entries, or `all` (default: min(lines, 1000))")
    ap.add_argument("--hours-per-worker", type=int, default=20)
    ap.add_argument("--photos", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--catalogue", default=CATALOGUE)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    cat = json.load(open(a.catalogue, encoding="utf-8"))
    write_store(a, rnd, cat, activities(cat))


def write_store(a, rnd, cat, acts):
    """The store a.store as the arguments a ask (see the header); rnd from --seed, cat the catalogue."""
    for d in ("projects", "photos"):
        os.makedirs(os.path.join(a.store, d), mode=0o700, exist_ok=True)
    os.chmod(a.store, 0o700)
    photo_files = []
    for n in range(1, a.photos + 1):
        body = jpeg(n)
        name = hashlib.sha256(body).hexdigest() + ".jpg"
        p = os.path.join(a.store, "photos", name)
        with open(p, "wb") as f: f.write(body)
        os.chmod(p, 0o600)
        photo_files.append(name)

    if a.history is None: history_lines = min(a.lines, 1000)
    elif a.history == "all": history_lines = a.lines
    else: history_lines = int(a.history)
    T = "2026-03-02T06:45:00Z"
    REST = {}
    ids = []
    for n in range(1, a.projects + 1):
        street = STREETS[n % len(STREETS)]
        pname = f"{street} {n} – tag og inddækning"
        pid = "big" if a.projects == 1 else f"projekt-{n:05d}"
        ids.append(pid)
        closed = a.projects > 1 and n % 5 == 0
        start, end = DATES[n % 30], (DATES[60 + n % 120] if n % 3 else None)
        # Big projects: lines to a temporary file (the subtotal comes before them in the file).
        n_lines = a.lines if a.lines_min is None else rnd.randint(a.lines_min, a.lines)
        tmp = os.path.join(a.store, "projects", f".gen-{pid}.lines") if n_lines > 20000 else None
        lf = open(tmp, "w+", encoding="utf-8") if tmp else io.StringIO()
        subtotal, added = make_lines(lf, n_lines, rnd, acts, min(history_lines, n_lines))
        lf.seek(0)
        # workers: journeymen, the last an apprentice (with two or more)
        workers, journeymen = [], []
        first = ["Jens Hansen", "Ole Berg", "Søren Ørum", "Niels Åberg", "Mikkel Dahl", "Kasper Lund", "Anders Bæk"]
        for k in range(a.workers):
            name = first[k % len(first)] + ("" if k < len(first) else f" {k + 1}")
            wid = name.lower().replace(" ", "-").replace("ø", "oe").replace("å", "aa").replace("æ", "ae")
            if a.workers >= 2 and k == a.workers - 1:
                name, wid = f"Mads Lærling {k + 1}", f"mads-laerling-{k + 1}"
                workers.append({"id": wid, "name": name, "apprentice": True, "rate": "120.00"})
            else:
                workers.append({"id": wid, "name": name, "apprentice": False}); journeymen.append(wid)
        hours, hid = [], 0
        forms = ["7.5", "8", "7:20", "6.25", "7:40", "9", "7:10"]
        for w in workers:
            for k in range(a.hours_per_worker):
                hid += 1
                hours.append({"id": hid, "worker": w["id"], "hours": forms[(hid + k) % len(forms)],
                              "date": DATES[k % len(DATES)] if k % 4 else None, "note": "overtid" if k % 7 == 3 else ""})
        advances, aid = [], 0
        for wid in journeymen:
            aid += 1; advances.append({"id": aid, "worker": wid, "amount": "5000.00", "date": DATES[14], "note": "uge 11"})
            aid += 1; advances.append({"id": aid, "worker": wid, "amount": "6750.00", "hours": "37.5", "rate": "180.00", "date": DATES[21], "note": ""})
        if journeymen:
            aid += 1; advances.append({"id": aid, "worker": journeymen[0], "amount": "-200.00", "correction": True, "date": DATES[22], "note": "rettelse"})
        supplements = [{"id": 1, "name": "Højdetillæg", "percent": "12.5"}]
        if n_lines >= 2:
            supplements.append({"id": 2, "name": "Vintertillæg", "percent": "5",
                                "scope": {"sections": ["Felt roofing"], "lines": [1, 2]}})
        extra = [{"id": 1, "text": "Fjerne gammelt tag på udhus", "amount": "2500.00", "number": "7", "date": DATES[10]},
                 {"id": 2, "text": "Oprydning efter storm", "hours": "3", "rate": "250.00"},
                 {"id": 3, "text": "Fradrag: stillads stillet af bygherre", "amount": "-400.00", "number": "8"}]
        photos = [{"id": k + 1, "caption": f"Tag, side {k + 1}", "originalName": f"IMG_{1000 + k}.jpg", "file": fn, "added": DATES[5]}
                  for k, fn in enumerate(photo_files)]
        history = [{"time": T, "command": f'akkord project new {js(pname)} --address "{street} {n}, 8000 Aarhus C"',
                    "changes": [f'project "{pid}" created: {pname}']}]
        for w in workers:
            history.append({"time": T, "command": f"akkord worker add {js(w['name'])}" + (" --apprentice --rate 120" if w["apprentice"] else ""),
                            "changes": [f"worker {w['id']} added: {w['name']}, " + ("apprentice at 120.00/h" if w["apprentice"] else "journeyman")]})
        for s in supplements:
            history.append({"time": T, "command": f"akkord supplement add {s['name']} {s['percent'].replace('.', ',')}",
                            "changes": [f"supplement {s['id']} added: {s['name']} {s['percent']} %"]})
        for e in extra:
            history.append({"time": T, "command": f"akkord extra add {js(e['text'])}", "changes": [f"extra work {e['id']} added: {e['text']}"]})
        for adv in advances:
            history.append({"time": T, "command": f"akkord advance add {adv['worker']} {adv['amount']}",
                            "changes": [f"advance {adv['id']} added: {adv['worker']} {adv['amount']}"]})
        nextids = {"advance": aid + 1, "extra": len(extra) + 1, "hours": hid + 1, "line": n_lines + 1,
                   "photo": len(photos) + 1, "supplement": len(supplements) + 1}
        head = {"format": "akkord-project", "version": 1, "id": pid, "name": pname, "status": "closed" if closed else "open",
                "lineCount": n_lines, "subtotal": money(subtotal),
                "address": f"{street} {n}, 8000 Aarhus C", "employer": "Tag & Co ApS", "customer": f"Boligforeningen Øst, afd. {n}",
                "start": start, "end": end, "note": "Nyt tag på baghus; stillads fra bygherre", "created": start,
                "catalogue": {"name": cat["name"], "edition": cat["edition"]}, "nextIds": nextids}
        rest = {"workers": workers, "hours": hours, "advances": advances, "supplements": supplements,
                "extraWork": extra, "photos": photos}
        path = os.path.join(a.store, "projects", pid + ".json")
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8", buffering=1 << 20) as f:
            f.write(emit(head)[:-2])  # the head object without its closing "\n}"
            f.write(',\n  "lines": ' + ("[\n" if n_lines else "[]"))
            shutil.copyfileobj(lf, f, 1 << 20)
            if n_lines: f.write("\n  ]")
            key = json.dumps(rest, sort_keys=True)  # the same for every project of a store: written once
            if key not in REST: REST[key] = "".join(",\n  " + js(k) + ": " + emit(v, 2) for k, v in rest.items())
            f.write(REST[key])
            f.write(',\n  "history": [')
            entries = [emit(h, 4, True) for h in history]
            f.write(",".join("\n    " + e for e in entries))
            for (i, pos, typed, qp, unit, price, amt, meas, name, custom) in added:
                if custom:
                    cmd = f"akkord add --custom {js(name)} --unit {unit} --price {price} {typed}"
                else:
                    cmd = f"akkord add {pos} {js(typed) if meas else typed}"
                change = f"line {i} added: {pos} {name}, {qp} {unit}" + (f" (measured {meas})" if meas else "") + f" × {price} = {money(amt)}"
                f.write(",\n    " + emit({"time": T, "command": cmd, "changes": [change]}, 4, True))
            f.write("\n  ]\n}\n")
        lf.close()
        if tmp: os.remove(tmp)

    with open(os.path.join(a.store, "store.json"), "w") as f:
        f.write(emit({"format": "akkord-store", "version": 1, "currentProject": ids[0]}) + "\n")
    os.chmod(os.path.join(a.store, "store.json"), 0o600)


if __name__ == "__main__":
    main()
