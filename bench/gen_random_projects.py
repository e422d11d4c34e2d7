#!/usr/bin/env python3
"""Seeded random projects for `compare-outputs.sh`: every kind of thing a project file can hold,
mostly in akkord's own bytes, some in other layouts the readers still accept, some that they refuse.

gen_random_projects.py OUT [--projects 200] [--seed 1] [--other 0.15] [--refused 0.10]

Writes
  OUT/store/            a §6 store (store.json, projects/<id>.json, photos/<sha256>.<ext>) with every project
  OUT/store-ok/         the same without the projects meant to be refused (for the store-wide commands:
                        `summary` and `project list` stop at one unreadable file)
  OUT/check/<id>/       one store per project (its file and the photos it uses), so `check`, which reads
                        the whole store, can be run per project without reading 200 projects each time
  OUT/manifest.tsv      id, layout (akkord | other | refused), expected verdict of `check` (accept |
                        refuse), line count, and what was done to the file

Project content (python3 standard library only; amounts with decimal, ROUND_HALF_UP = half away from
zero, as akkord rounds): 0 to a few hundred lines (about 2 % of projects have thousands), catalogue
lines from Data/catalogue.json (some repriced with 3–4 decimals) and custom lines (`X<id>`, odd
units), quantities with 0–3 decimals, measurements (expressions computed exactly with fractions),
notes with Danish letters, quotes, backslashes, emoji, tabs and line breaks, long names that wrap,
sections (the catalogue's and others), dates or null, gaps in ids (removed lines); workers
(journeymen, apprentices with a rate), hours in decimal and H:MM form, advances (amount, hours × rate,
corrections), supplements (negative, 1000 %, −100 %, scoped to sections and/or lines, scopes that
match nothing), extra work (agreed, deduction, hours × rate, number, date), photos (tiny valid JPEGs
and PNGs: RGB, grey, RGBA, palette, 16-bit, interlaced; shared between projects), history with undo
entries, open and closed projects, start/end dates, catalogue snapshot names, nextIds with gaps.
A few projects sit at akkord's limits (amounts near 999,999,999,999.99).

Layouts (the format has no weights, daywork or settlement dates yet: those keys would be refused):
  akkord   the bytes akkord's writer produces (Sources/AkkordKit/Store/ProjectCodec.swift, the same
           writer as bench/gen_large.py): two-space indent, one line object per row, UTF-8 unescaped
  other    1–4 transformations akkord still accepts, which take the readers' slower paths: members in
           another order (lines, top level, lines before lineCount …), compact / 4-space / tab /
           CRLF / spaced layout, \\uXXXX and \\/ escapes (also in keys and dates), a line without
           its `amount`, no lineCount/subtotal, optional members left out or null, numbers as JSON
           numbers or with fewer decimals, exact hours written as H:MM, scope "all" spelt out …
  refused  one fault: a wrong amount, subtotal or lineCount, an unknown or doubled key, a bad date,
           a number not in plain form, a control character, a missing photo file, a cut-off file …

Everything comes from --seed (each project from its own stream, so --projects 50 gives the first 50
projects of --projects 200). The verdicts are what the baseline says; compare-outputs.sh counts them.
"""
import argparse, datetime, hashlib, json, os, random, re, shutil, struct, zlib
from decimal import Decimal, ROUND_HALF_UP
from fractions import Fraction

import akkord_gen
from akkord_gen import Raw, emit, js  # akkord's JSON writer (bench/akkord_gen.py, shared with gen_large.py)

HERE = os.path.dirname(os.path.abspath(__file__))


# --- other layouts than akkord's ---
class Style:
    """Another layout: indentation (None: compact), separators, newline, string escaping."""
    def __init__(self, indent=None, colon=":", comma=",", nl="\n", ascii=False, slash=False, escape_keys=False, rnd=None):
        self.indent, self.colon, self.comma, self.nl = indent, colon, comma, nl
        self.ascii, self.slash, self.escape_keys, self.rnd = ascii, slash, escape_keys, rnd

    def string(self, s, key=False):
        t = json.dumps(s, ensure_ascii=self.ascii)
        if self.slash: t = t.replace("/", "\\/")
        if key and self.escape_keys and self.rnd.random() < 0.3 and s:  # "\u0070os"
            k = self.rnd.randrange(len(s))
            if s[k].isascii() and s[k].isalnum():
                t = '"' + json.dumps(s[:k])[1:-1] + "\\u%04x" % ord(s[k]) + json.dumps(s[k + 1:])[1:]
        return t


def dump(v, st, level=0):
    if isinstance(v, Raw): return v.text
    if v is None: return "null"
    if isinstance(v, bool): return "true" if v else "false"
    if isinstance(v, int): return str(v)
    if isinstance(v, str): return st.string(v)
    if isinstance(v, (list, dict)):
        items = ([st.string(k, key=True) + st.colon + dump(x, st, level + 1) for k, x in v.items()] if isinstance(v, dict)
                 else [dump(x, st, level + 1) for x in v])
        o, c = ("{", "}") if isinstance(v, dict) else ("[", "]")
        if not items: return o + c
        if st.indent is None: return o + st.comma.join(items) + c
        pad = st.nl + st.indent * (level + 1)
        return o + pad + (st.comma.rstrip(" ") + pad).join(items) + st.nl + st.indent * level + c
    raise TypeError(v)


# --- numbers ---
def rhu(x, places):
    """Round a Fraction half away from zero to `places` decimals; a Decimal."""
    q = Decimal(1).scaleb(-places)
    scaled = x * 10 ** places
    n, r = divmod(abs(scaled.numerator), scaled.denominator)
    if 2 * r >= scaled.denominator: n += 1
    return (Decimal(n if x >= 0 else -n).scaleb(-places)).quantize(q)


def amount(q, p):
    """Line amount: round2(quantity × price), half away from zero (Decimal strings in)."""
    return (Decimal(q) * Decimal(p)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def money(d):
    return str(Decimal(d).quantize(Decimal("0.01")))


def plain(d, minimum=0):
    """A number as akkord writes it: trailing zeros trimmed down to `minimum` decimals."""
    s = format(Decimal(d), "f")
    if "." in s:
        i, f = s.split(".")
        f = f.rstrip("0")
        f = f + "0" * max(0, minimum - len(f))
        s = i + ("." + f if f else "")
    elif minimum:
        s += "." + "0" * minimum
    return "0" if s in ("-0", "") else s


def price_text(d): return plain(d, 2)
def qty_text(d): return plain(d, 0)


class H:
    """Hours in akkord's unit, 1/3000 h: decimal thousandths are 3 units, a minute is 50."""
    def __init__(self, raw): self.raw = raw

    def stored(self):
        if self.raw % 3 == 0: return plain(Decimal(self.raw // 3) / 1000)
        m = self.raw // 50
        return f"{m // 60}:{m % 60:02d}"

    def pay(self, rate):  # round2(hours × rate)
        return rhu(Fraction(self.raw, 3000) * Fraction(Decimal(rate)), 2)


# --- images: tiny, whole, valid ---
def jpeg(n, w=16, h=16):
    return akkord_gen.jpeg(w, h, f"compare photo {n}", n, 200)


def png_chunk(ctype, data):
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(ctype + data) & 0xFFFFFFFF)


def png(width, height, depth, color, interlace=0, seed=0):
    """A PNG whose pixel data is right for its header (an interlaced one is 1×1: its only pass is the
    first, the same bytes as without interlacing)."""
    rnd = random.Random(seed)
    if interlace: width = height = 1
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    row = (width * channels * depth + 7) // 8
    raw = b"".join(b"\x00" + bytes(rnd.randrange(16 if color == 3 else 256) for _ in range(row)) for _ in range(height))
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))
    if color == 3:
        out += png_chunk(b"PLTE", bytes(rnd.randrange(256) for _ in range(3 * 16)))
    return out + png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b"")


PHOTO_MAKERS = [("jpg", lambda: jpeg(1)), ("jpg", lambda: jpeg(2, 40, 30)), ("jpg", lambda: jpeg(3, 8, 64)),
                ("png", lambda: png(12, 9, 8, 2, seed=1)),      # RGB 8-bit: embedded in the PDF
                ("png", lambda: png(10, 10, 8, 0, seed=2)),     # grey 8-bit: embedded
                ("png", lambda: png(6, 5, 8, 6, seed=3)),       # RGBA: listed by name
                ("png", lambda: png(7, 7, 4, 3, seed=4)),       # palette
                ("png", lambda: png(5, 4, 16, 2, seed=5)),      # 16-bit
                ("png", lambda: png(1, 1, 8, 2, 1, seed=6))]    # interlaced

# --- texts ---
CAT = json.load(open(os.path.join(HERE, "..", "Data", "catalogue.json"), encoding="utf-8"))
ACTS = CAT["activities"]
STREETS = ["Søndergade", "Vestergade", "Åboulevarden", "Nørrebrogade", "Æblevej", "Kongensgade", "Strandvejen",
           "Havnegade", "Ørstedsvej", "Bøgevænget", "Skovbrynet"]
CITIES = ["8000 Aarhus C", "2200 København N", "5000 Odense C", "9000 Aalborg", "7100 Vejle", "6700 Esbjerg"]
EMPLOYERS = ["Tag & Co ApS", "Tag & Tæt ApS", "Jensens Tagdækning", "TAG & CO APS", "Østjysk Tag A/S", "", "Ålborg Tækkefirma",
             "Hansen \"Taget\" I/S"]
CUSTOMERS = ["A/B Vestergade 12", "Boligforeningen Øst, afd. 7", "", "Familien Ærø", "Kommunen – Teknik & Miljø", "Hr. O'Brien"]
NOTES = ["nord side", "syd side", "gavl mod vej", 'tagrende 6" zink', "ekstra lag på kvisten", "efter aftale med bygherre",
         "skotrende ved tårn", "inkl. afdækning", "målt på stedet", "2. sal, baghus", "C:\\fotos\\tag", "back\\slash \\n not a newline",
         "linje 1\nlinje 2", "tab\tinde", "emoji 🏠🔨 ok", "«citat» og ‘enkelt’", "ÆØÅ æøå é ü ß", "½ time ekstra", "50 % færdig",
         "<b>fed</b> & <i>skrå</i>", "=SUM(A1)", "+45 12 34 56 78", "-rest", "@bygherre", "x" * 130,
         "Lang bemærkning om arbejdet på taget, som fortsætter over flere linjer i rapporten og skal ombrydes pænt.\nAnden linje."]
CUSTOM = [("Special flashing around chimney", "lbm"), ("Snow guard, custom bent", "pcs"), ("Lift rental, per hour", "h"),
          ("Skylight frame, re-sealed", "pcs"), ("Mosfjernelse", "m2"), ("Oprydning efter storm", "h"), ("Kørsel", "km"),
          ("Stillads – leje pr. uge", "uge"), ("Inddækning af skorsten med bly og ekstra lodning på nordsiden, aftalt på stedet med bygherren", "stk"),
          ('Tagrende 6" zink, special', "m"), ("Ekstra lag \"Icopal\" på kvist", "m2"), ("Fjern \\ gammel \\ pap", "m2"),
          ("Tag 🏠 reparation", "sæt"), ("Ølkasse til sjakket", "kasse"), ("Ærø-tagsten, håndlagt", "m²"), ("Tårnspir, kobber", "kg"),
          ("Løft\tmed kran", "h"), ("粘贴 test 日本語", "pcs")]
SECTIONS = sorted({a.get("section", "") for a in ACTS}) + ["tiles", "Nordside", "Tag – syd", "Kvist & gavl", "Ekstra 🏠"]
WORKERS = ["Jens Hansen", "Mette Sørensen", "Ole Berg", "Søren Ørum", "Niels Åberg", "Mikkel Dahl", "Kasper Lund", "Anders Bæk",
           "Ali Nielsen", "Mads Lærling", "Åse Ærø", "Jens  Hansen", "Per \"Tømrer\" Poulsen"]
CATALOGUES = [(CAT["name"], CAT["edition"])] * 6 + [("Tagdækkernes prisliste", "2025-2"), ("", ""), ("Prisliste \"Øst\"", "2026-1 rev. 3")]


def slug(s):
    s = s.lower().replace("æ", "ae").replace("ø", "oe").replace("å", "aa")
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s or "x"


def day(rnd, lo="2024-01-01", span=1200):
    return (datetime.date.fromisoformat(lo) + datetime.timedelta(days=rnd.randrange(span))).isoformat()


# --- measurements: an expression and its value, exactly ---
def number_text(rnd, value_tenths_or_hundredths):
    v, places = value_tenths_or_hundredths
    i, f = divmod(v, 10 ** places)
    sep = rnd.choice([",", "."])
    return f"{i}{sep}{f:0{places}d}" if places else str(i)


def measurement(rnd):
    """(expression, exact Fraction) with numbers of 0–2 decimals (never three: `1,200` would be read
    by the language) and > 0."""
    def num():
        places = rnd.choice([0, 1, 1, 2])
        v = rnd.randint(1, 40 * 10 ** places) if places else rnd.randint(1, 60)
        return number_text(rnd, (v, places)), Fraction(v, 10 ** places)
    (a, av), (b, bv), (c, cv), (d, dv) = num(), num(), num(), num()
    times = rnd.choice(["*", "*", "×", " * "])
    forms = [(f"{a}{times}{b}", av * bv),
             (f"{a}{times}{b} - {c}{times}{d}", av * bv - cv * dv),
             (f"({a} + {b}){times}{c}", (av + bv) * cv),
             (f"{a}{times}{b} + {c}", av * bv + cv),
             (f"{a}/{b}", av / bv),
             (f"{a}{times}{b}/3", av * bv / 3),
             (f"({a}+{b})/2{times}{c}", (av + bv) / 2 * cv),
             (f"{a} + {b} + {c} + {d}", av + bv + cv + dv)]
    expr, value = rnd.choice(forms)
    if value <= 0 or rhu(value, 3) <= 0:
        expr, value = f"{a}{times}{b}", av * bv
    return expr, value


# --- one project ---
class Project:
    def __init__(self, n, seed):
        self.rnd = rnd = random.Random(f"{seed}:{n}")
        self.n = n
        street = rnd.choice(STREETS)
        extra = rnd.choice(["", "", " – nyt tag", ", baghus", " (kvist)", " \"Villa Sol\"", " 🏠", " & garage"])
        self.name = f"{street} {rnd.randint(1, 140)}{extra}"
        self.id = f"{slug(self.name)[:48]}-{n}"
        self.photos_used = []
        self.limits = rnd.random() < 0.02
        self.make()

    def line_count(self):
        r = self.rnd.random()
        if r < 0.08: return 0
        if r < 0.55: return self.rnd.randint(1, 30)
        if r < 0.85: return self.rnd.randint(31, 150)
        if r < 0.98: return self.rnd.randint(151, 600)
        return self.rnd.randint(1500, 5000)

    def make_line(self, i):
        rnd = self.rnd
        custom = rnd.random() < 0.15
        meas = None
        if custom:
            name, unit = rnd.choice(CUSTOM)
            pos = f"X{i}"
            price = Decimal(rnd.randint(0, 250000)) / Decimal(10 ** rnd.choice([2, 2, 3, 4]))
            section = rnd.choice(["", "", "", rnd.choice(SECTIONS)])
        else:
            a = rnd.choice(ACTS)
            pos, name, unit, section = a["pos"], a["name"], a["unit"], a.get("section", "")
            price = Decimal(a["price"])
            if rnd.random() < 0.1:  # repriced, or a price of another edition
                price = (price * Decimal(rnd.choice(["1.014", "1.0375", "0.9", "1.12345"]))).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
            if rnd.random() < 0.1: section = rnd.choice(SECTIONS + [""])
        r = rnd.random()
        if r < 0.12:
            meas, value = measurement(rnd)
            q = rhu(value, 3)
        else:
            places = rnd.choice([0, 0, 1, 1, 2, 3])
            top = rnd.choice([50, 400, 400, 2000, 20000])
            q = Decimal(rnd.randint(1, top * 10 ** places)) / Decimal(10 ** places)
        if self.limits and rnd.random() < 0.3:
            q, price = Decimal(rnd.choice(["9999999.999", "123456.789", "1"])), Decimal(rnd.choice(["9999.9999", "99999.99", "9999999.9999"]))
            meas = None
        amt = amount(q, price)
        if amt > Decimal("999999999999.99") or self.subtotal + amt > Decimal("20000000000"):
            q, price = Decimal("1"), Decimal("1.00")
            amt, meas = amount(q, price), None
        self.subtotal += amt
        note = rnd.choice(NOTES) if rnd.random() < 0.2 else ""
        date = day(rnd) if rnd.random() < 0.9 else None
        line = {"id": i, "pos": pos, "name": name, "unit": unit, "price": price_text(price), "quantity": qty_text(q),
                "amount": money(amt), "custom": custom, "note": note, "section": section, "date": date}
        if meas is not None: line["measurement"] = meas
        return line

    def make(self):
        rnd = self.rnd
        self.subtotal = Decimal(0)
        lines, i = [], 0
        for _ in range(self.line_count()):
            i += 1 + (rnd.randint(1, 4) if rnd.random() < 0.04 else 0)  # removed lines leave gaps
            lines.append(self.make_line(i))
        next_line = i + 1 + (rnd.randint(1, 3) if rnd.random() < 0.1 else 0)
        # the team
        workers = []
        for k in range(rnd.choice([0, 1, 2, 2, 3, 3, 4, 5])):
            name = WORKERS[(self.n + k * 3) % len(WORKERS)]
            wid = slug(name)
            if any(w["id"] == wid for w in workers): wid += f"-{k + 1}"
            w = {"id": wid, "name": name, "apprentice": False}
            if k > 0 and rnd.random() < 0.3:
                w["apprentice"] = True
                w["rate"] = price_text(Decimal(rnd.choice(["128.40", "120", "95.5", "142.125", "0", "180.0001"])))
            elif rnd.random() < 0.05:
                w["rate"] = price_text(Decimal("250"))  # a journeyman with a rate: kept, not used
            workers.append(w)
        hours, hid = [], 0
        for w in workers:
            total = 0
            for _ in range(rnd.choice([0, 1, 2, 3, 5, 8, 15]) if rnd.random() < 0.9 else 0):
                hid += 1 + (1 if rnd.random() < 0.05 else 0)
                form = rnd.random()
                if form < 0.4: h = H(rnd.randint(1, 16) * 3000 + rnd.choice([0, 0, 1500, 750, 2250]))       # 7.5, 8.25
                elif form < 0.7: h = H(rnd.randint(0, 40) * 3000 + rnd.choice([10, 20, 40, 50, 5, 35]) * 50)  # 7:20 (stays H:MM)
                elif form < 0.9: h = H(rnd.randint(1, 60000) * 3)                                           # 3 decimals
                else: h = H(rnd.randint(30, 500) * 3000)                                                    # a week or a job
                if self.limits and rnd.random() < 0.2: h = H(rnd.randint(1000, 20000) * 3000)
                if total + h.raw > 99000 * 3000: continue   # a worker's hours stay within 99,999
                total += h.raw
                hours.append({"id": hid, "worker": w["id"], "hours": h.stored(), "date": day(rnd) if rnd.random() < 0.8 else None,
                              "note": rnd.choice(NOTES) if rnd.random() < 0.15 else "", "_h": h})
        advances, aid = [], 0
        for w in workers:
            for _ in range(rnd.choice([0, 0, 1, 2, 3])):
                aid += 1
                kind = rnd.random()
                a = {"id": aid, "worker": w["id"]}
                if kind < 0.55:
                    a["amount"] = money(Decimal(rnd.randint(1, 2000000)) / 100)
                elif kind < 0.85:
                    h = H(rnd.choice([rnd.randint(1, 80) * 1500, rnd.randint(1, 60) * 3000 + 20 * 50, rnd.randint(1, 99999) * 3]))
                    rate = Decimal(rnd.randint(10000, 30000)) / Decimal(rnd.choice([100, 1000]))
                    a["amount"] = money(h.pay(rate))
                    a["hours"], a["rate"] = h.stored(), price_text(rate)
                    if Decimal(a["amount"]) <= 0: a = {"id": aid, "worker": w["id"], "amount": "1.00"}
                else:
                    a["amount"] = money(Decimal(rnd.choice([-1, -1, 1]) * rnd.randint(1, 100000)) / 100)
                    a["correction"] = True
                a["date"] = day(rnd) if rnd.random() < 0.85 else None
                a["note"] = rnd.choice(NOTES + ["aconto uge 19", "", ""]) if rnd.random() < 0.5 else ""
                advances.append(a)
        supplements = []
        used_sections = sorted({l["section"] for l in lines if l["section"]})
        for k in range(rnd.choice([0, 0, 1, 1, 2, 3, 4])):
            pct = rnd.choice(["4.5", "12.5", "8", "10", "-5", "-100", "1000", "0", "0.125", "33.333", "-12.25", "100"])
            s = {"id": k + 1, "name": rnd.choice(["Højdetillæg", "Height supplement", "Vintertillæg", "Stejlt tag", "Small area",
                                                  "Rabat \"aftalt\"", "Tillæg 🏠", "Nedslag – fejl"]), "percent": pct}
            if lines and rnd.random() < 0.45:
                secs = rnd.sample(used_sections, min(len(used_sections), rnd.randint(0, 2))) if used_sections else []
                ids = sorted(rnd.sample([l["id"] for l in lines], min(len(lines), rnd.randint(0, 4))))
                if rnd.random() < 0.08: secs = ["Ingen sådan sektion"]          # a scope that matches no line
                if not secs and not ids: secs = [lines[0]["section"] or "Felt roofing"]
                s["scope"] = {"sections": secs, "lines": ids}
            supplements.append(s)
        extra = []
        for k in range(rnd.choice([0, 0, 1, 1, 2, 3, 4])):
            e = {"id": k + 1, "text": rnd.choice(["Extra flashing at neighbour's wall", "Snerydning", "Fradrag: stillads stillet af bygherre",
                                                  "Oprydning efter storm", "Ekstra \"aftalt\" arbejde", "Kran 🏗️", "Linje\\skråstreg"])}
            if rnd.random() < 0.6:
                e["amount"] = money(Decimal(rnd.choice([1, 1, 1, -1]) * rnd.randint(1, 5000000)) / 100)
            else:
                h = H(rnd.choice([rnd.randint(1, 20) * 1500, rnd.randint(1, 10) * 3000 + 10 * 50]))
                e["hours"], e["rate"] = h.stored(), price_text(Decimal(rnd.randint(10000, 60000)) / 100)
            if rnd.random() < 0.5: e["number"] = rnd.choice(["17", "18", "A-3", "2026/04", "nr. 7"])
            if rnd.random() < 0.5: e["date"] = day(rnd)
            extra.append(e)
        photos = []
        for k in range(rnd.choice([0, 0, 0, 1, 1, 2, 3])):
            f = rnd.randrange(len(PHOTO_MAKERS))
            self.photos_used.append(f)
            pid = (photos[-1]["id"] if photos else 0) + 1 + (1 if rnd.random() < 0.1 else 0)
            photos.append({"id": pid, "caption": rnd.choice(["Nordside før pap", "Tagrende", "", "Skade 🏚️", "Kvist \"før\""]),
                           "originalName": rnd.choice(["IMG_1001.jpg", "tag.png", "billede æøå.jpeg", ""]), "file": f, "added": day(rnd)})
        # history
        history = []
        T = datetime.datetime(2026, 3, 2, 6, 45) + datetime.timedelta(minutes=rnd.randrange(500000))
        for k in range(rnd.choice([0, 1, 3, 8, 20, 40])):
            T += datetime.timedelta(seconds=rnd.randrange(1, 90000))
            e = {"time": T.strftime("%Y-%m-%dT%H:%M:%SZ"),
                 "command": rnd.choice([f"akkord project new {js(self.name)}", "akkord add 2.01 12,5", "akkord add --custom \"Kørsel\" --unit km --price 3,51 120",
                                        "akkord hours add jens 7:30", "akkord edit 3 --note \"nord\\syd\"", "akkord remove 2 3", "akkord project close"]),
                 "changes": rnd.choice([[], ["line 1 added: 2.01 Under felt, nailed (underpap), 12.5 m2 × 38.50 = 481.25"],
                                        ["quantity: 12.5 → 14", "amount: 481.25 → 539.00"], ["status: open → closed"],
                                        ["note: - → linje 1\nlinje 2"], ["hours 1 added: jens-hansen 7:30 h on 2026-05-08", "æøå 🏠"]])}
            history.append(e)
        done = set()
        for k in range(len(history)):
            if rnd.random() < 0.1:
                targets = [t for t in range(k) if "undoes" not in history[t] and t not in done]
                if targets:
                    t = rnd.choice(targets); done.add(t)
                    history[k]["command"] = "akkord undo"
                    history[k]["undoes"] = t
        self.status = "closed" if rnd.random() < 0.25 else "open"
        start = day(rnd) if rnd.random() < 0.8 else None
        end = day(rnd, start, 90) if start and rnd.random() < 0.6 else (day(rnd) if rnd.random() < 0.1 else None)
        nxt = {}
        for counter, items in (("advance", advances), ("extra", extra), ("hours", hours), ("line", lines),
                               ("photo", photos), ("supplement", supplements)):
            top = max([x["id"] for x in items], default=0)
            if counter == "line": top = max(top, next_line - 1)
            if items or top or rnd.random() < 0.2:
                nxt[counter] = top + 1 + (rnd.randint(1, 5) if rnd.random() < 0.1 else 0)
        cname, cedition = rnd.choice(CATALOGUES)
        self.lines, self.workers, self.hours, self.advances = lines, workers, hours, advances
        self.supplements, self.extra, self.photos, self.history = supplements, extra, photos, history
        self.head = {"format": "akkord-project", "version": 1, "id": self.id, "name": self.name, "status": self.status,
                     "lineCount": len(lines), "subtotal": money(self.subtotal),
                     "address": f"{self.name.split(' –')[0]}, {rnd.choice(CITIES)}" if rnd.random() < 0.8 else "",
                     "employer": rnd.choice(EMPLOYERS), "customer": rnd.choice(CUSTOMERS), "start": start, "end": end,
                     "note": rnd.choice(NOTES + [""] * 6), "created": start or day(rnd),
                     "catalogue": {"name": cname, "edition": cedition}, "nextIds": nxt}

    def tree(self, photo_files):
        """The project as akkord's writer orders it (Python dicts keep their order)."""
        p = dict(self.head)
        p["lines"] = [dict(l) for l in self.lines]
        p["workers"] = [dict(w) for w in self.workers]
        p["hours"] = [{k: v for k, v in h.items() if k != "_h"} for h in self.hours]
        p["advances"] = [dict(a) for a in self.advances]
        p["supplements"] = [dict(s) for s in self.supplements]
        p["extraWork"] = [dict(e) for e in self.extra]
        p["photos"] = [dict(ph, file=photo_files[ph["file"]]) for ph in self.photos]
        p["history"] = [dict(h) for h in self.history]
        return p


def akkord_bytes(p):
    """The file as akkord writes it: lines one per row."""
    return emit(p) + "\n"


# --- other layouts the readers accept ---
LINE_ORDER = ["id", "pos", "name", "unit", "price", "quantity", "amount", "custom", "note", "section", "date", "measurement"]


def shuffled(rnd, d):
    keys = list(d); rnd.shuffle(keys)
    return {k: d[k] for k in keys}


def other_layout(rnd, p):
    """Applies 1–4 transformations that keep the project's meaning; returns (text, [names])."""
    done = []
    lines = p["lines"]
    tree_ops = ["line-keys", "top-order", "lines-first", "no-amount", "drop-optional", "nulls", "numbers", "short-decimals",
                "hours-hmm", "scope-all", "no-counts", "nextids-order", "escaped-lines"]
    text_ops = ["compact", "indent4", "tabs", "crlf", "spaced", "ascii", "slash", "escaped-keys", "no-final-newline", "trailing-space"]
    ops = rnd.sample(tree_ops, rnd.randint(1, 3))
    if rnd.random() < 0.6: ops.append(rnd.choice(text_ops))
    row_mode = {}  # line index -> how its row is written
    for op in ops:
        if op == "line-keys" and lines:
            for k in rnd.sample(range(len(lines)), max(1, len(lines) // rnd.choice([1, 3, 10]))):
                lines[k] = shuffled(rnd, lines[k])
            done.append(op)
        elif op == "top-order":
            p = shuffled(rnd, p); done.append(op)
        elif op == "lines-first":  # lines before lineCount/subtotal, or the team before the lines
            keys = list(p)
            keys.remove("lines")
            keys.insert(rnd.choice([0, 3, 5, len(keys)]), "lines")
            p = {k: p[k] for k in keys}; done.append(op)
        elif op == "no-amount" and lines:
            for k in rnd.sample(range(len(lines)), max(1, len(lines) // rnd.choice([1, 5, 50]))):
                lines[k].pop("amount", None)
            done.append(op)
        elif op == "drop-optional":
            for key in ("address", "employer", "customer", "start", "end", "note", "created", "catalogue", "nextIds"):
                if rnd.random() < 0.5 and key in p and not (key == "nextIds" and any(p[x] for x in ("lines", "hours", "advances", "supplements", "extraWork", "photos"))):
                    p.pop(key)
            for l in lines:
                for key in ("note", "section", "date", "custom"):
                    if rnd.random() < 0.3 and key in l and not (key == "custom" and l[key]): l.pop(key)
            for group in ("workers", "hours", "advances", "supplements", "extraWork", "photos", "history"):
                if not p.get(group) and rnd.random() < 0.5: p.pop(group, None)
            done.append(op)
        elif op == "nulls":
            for l in lines:
                if "measurement" not in l and rnd.random() < 0.3: l["measurement"] = None
            for h in p.get("hours", []):
                if rnd.random() < 0.3: h["date"] = None
            done.append(op)
        elif op == "numbers":  # figures as JSON numbers in akkord's plain form: 12.5, not "12.5"
            for l in lines:
                for key in ("price", "quantity", "amount"):
                    if key in l and rnd.random() < 0.5: l[key] = Raw(l[key])
            for s in p.get("supplements", []): s["percent"] = Raw(s["percent"])
            done.append(op)
        elif op == "short-decimals":  # "481.3" for "481.30", "38.5" for a price of 38.50
            for l in lines:
                for key in ("price", "amount"):
                    if key in l and isinstance(l[key], str) and "." in l[key]:
                        t = l[key].rstrip("0").rstrip(".")
                        l[key] = t if t not in ("", "-") else "0"
            if "subtotal" in p: p["subtotal"] = p["subtotal"].rstrip("0").rstrip(".") or "0"
            done.append(op)
        elif op == "hours-hmm":  # exact hours written as H:MM where a whole number of minutes
            for h in p.get("hours", []):
                t = h["hours"]
                if ":" not in t:
                    d = Decimal(t)
                    if (d * 60) == (d * 60).to_integral_value():
                        m = int(d * 60); h["hours"] = f"{m // 60}:{m % 60:02d}"
            done.append(op)
        elif op == "scope-all":
            for s in p.get("supplements", []):
                if "scope" not in s: s["scope"] = "all"
                elif rnd.random() < 0.5 and not s["scope"]["lines"]: s["scope"].pop("lines")
                elif rnd.random() < 0.5 and not s["scope"]["sections"]: s["scope"].pop("sections")
            done.append(op)
        elif op == "no-counts":
            p.pop("lineCount", None)
            if rnd.random() < 0.5: p.pop("subtotal", None)
            done.append(op)
        elif op == "nextids-order" and "nextIds" in p:
            p["nextIds"] = shuffled(rnd, p["nextIds"]); done.append(op)
        elif op == "escaped-lines" and lines:
            for k in rnd.sample(range(len(lines)), max(1, len(lines) // rnd.choice([1, 4, 20]))):
                row_mode[k] = rnd.choice(["ascii", "slash", "key", "date", "spaced"])
            done.append(op)
    p["lines"] = [Raw(row(rnd, l, row_mode[k])) if k in row_mode else l for k, l in enumerate(lines)]
    text_op = next((o for o in ops if o in text_ops), None)
    if text_op in ("compact", "indent4", "tabs", "spaced", "ascii", "slash", "escaped-keys"):
        st = {"compact": Style(), "indent4": Style(indent="    ", colon=": "), "tabs": Style(indent="\t", colon=":\t"),
              "spaced": Style(indent="  ", colon=" : ", comma=" , "), "ascii": Style(indent="  ", colon=": ", ascii=True),
              "slash": Style(indent=" ", colon=": ", slash=True), "escaped-keys": Style(indent="  ", colon=": ", escape_keys=True, rnd=rnd)}[text_op]
        text = dump(p, st) + rnd.choice(["\n", "", "\n\n"])
    else:
        text = akkord_bytes(p)
        if text_op == "crlf": text = text.replace("\n", "\r\n")
        elif text_op == "no-final-newline": text = text.rstrip("\n")
        elif text_op == "trailing-space": text = text.replace(",\n", " ,\n").rstrip("\n") + " \n\t \n"
    if text_op: done.append(text_op)
    return text, done


def row(rnd, l, mode):
    """One line object on one row: akkord's own form, or another that means the same."""
    if mode is None:
        return "{" + ", ".join(js(k) + ": " + emit(v, 0, True) for k, v in l.items()) + "}"
    parts = []
    for k, v in l.items():
        if isinstance(v, str):
            t = json.dumps(v, ensure_ascii=(mode == "ascii"))
            if mode == "slash": t = t.replace("/", "\\/")
            if mode == "date" and k == "date": t = '"' + v[:4] + "\\u002d" + v[5:7] + "\\u002D" + v[8:] + '"'
            if mode == "ascii" and k in ("pos", "price", "quantity") and v: t = '"\\u%04x' % ord(v[0]) + t[2:]
        else:
            t = emit(v, 0, True)
        key = json.dumps(k)
        if mode == "key" and k in ("pos", "note", "unit"): key = '"' + "\\u%04x" % ord(k[0]) + k[1:] + '"'
        parts.append(key + (" : " if mode == "spaced" else ": ") + t)
    return ("{ " if mode == "spaced" else "{") + (" ,  " if mode == "spaced" else ", ").join(parts) + (" }" if mode == "spaced" else "}")


# --- faults the readers refuse ---
def refused(rnd, p, proj):
    """One fault; returns (bytes, description, photo file left out or None)."""
    lines = p["lines"]
    k = rnd.randrange(len(lines)) if lines else None
    faults = ["amount", "subtotal", "lineCount", "unknown-top", "unknown-line", "bad-date", "bad-line-date", "not-plain",
              "no-worker", "percent", "measurement", "id-next", "dup-id", "control", "format", "version", "too-big",
              "missing-name", "apprentice-rate", "empty-name", "negative-price", "zero-quantity", "photo-name",
              "undoes", "wrong-type", "advance-pay", "extra-zero", "cut-off", "dup-key", "garbage", "bad-utf8",
              "missing-photo", "cr-in-name", "case-key", "not-json-object", "nested-unknown", "hours-limit", "sum-too-big"]
    while True:
        f = rnd.choice(faults)
        needs_line = f in ("amount", "unknown-line", "bad-line-date", "not-plain", "measurement", "id-next", "dup-id",
                           "control", "missing-name", "empty-name", "negative-price", "zero-quantity", "dup-key", "cr-in-name", "too-big", "sum-too-big")
        if needs_line and not lines: continue
        if f == "measurement" and not any("measurement" in l for l in lines): continue
        if f in ("dup-id", "sum-too-big") and len(lines) < 2: continue
        if f in ("no-worker", "hours-limit") and not p["workers"]: continue
        if f == "apprentice-rate" and not any(w["apprentice"] for w in p["workers"]): continue
        if f == "photo-name" and not p["photos"]: continue
        if f == "missing-photo" and not p["photos"]: continue
        if f == "undoes" and len(p["history"]) < 2: continue
        if f == "advance-pay" and not any("hours" in a for a in p["advances"]): continue
        if f == "extra-zero" and not any("amount" in e for e in p["extraWork"]): continue
        break
    missing = None
    where = f"lines[{k}]" if needs_line else ""
    if f == "amount": lines[k]["amount"] = money(Decimal(lines[k]["amount"]) + Decimal("0.01"))
    elif f == "subtotal": p["subtotal"] = money(Decimal(p["subtotal"]) - Decimal("0.01"))
    elif f == "lineCount": p["lineCount"] += rnd.choice([-1, 1]) if p["lineCount"] else 1
    elif f == "unknown-top": p["advanceS"] = []
    elif f == "unknown-line": lines[k]["qty"] = lines[k]["quantity"]
    elif f == "bad-date": p["start"] = rnd.choice(["2026-02-30", "2026-13-01", "26.11.2026", "2026-5-4", ""])
    elif f == "bad-line-date": lines[k]["date"] = rnd.choice(["2026-02-29", "2026-04-31", "2026/05/04", "yesterday"])
    elif f == "not-plain": lines[k]["quantity"] = rnd.choice(["00012", "+5", "1,5", "1.200,00", "1e3", " 12"])
    elif f == "no-worker":
        p["hours"].append({"id": p["nextIds"].get("hours", 1), "worker": "nobody", "hours": "7.5", "date": None, "note": ""})
        p["nextIds"]["hours"] = p["nextIds"].get("hours", 1) + 1
    elif f == "percent":
        p["supplements"].append({"id": 99, "name": "Too much", "percent": rnd.choice(["1000.001", "-100.5", "5000"])})
        p["nextIds"]["supplement"] = 100
    elif f == "measurement":
        k = next(j for j, l in enumerate(lines) if "measurement" in l)
        lines[k]["measurement"] = rnd.choice([lines[k]["measurement"] + "+1", "2**3", "1/0"])
        where = f"lines[{k}]"
    elif f == "id-next": lines[k]["id"] = p["nextIds"]["line"]
    elif f == "dup-id": lines[k]["id"] = lines[k - 1]["id"] if k else lines[1]["id"]
    elif f == "control": lines[k]["name"] = lines[k]["name"] + rnd.choice(["\x1b[31m", "\x00", "\x7f", "\u0085"])
    elif f == "format": p["format"] = "akkord-projekt"
    elif f == "version": p["version"] = 2
    elif f == "sum-too-big":  # each line within the limit, their sum not
        for j in (k, (k + 1) % len(lines)):
            lines[j].update(quantity="100000", price="6000000.00", amount="600000000000.00")
            lines[j].pop("measurement", None)
        p["subtotal"] = money(sum(Decimal(l["amount"]) for l in lines))
    elif f == "too-big":
        lines[k].update(quantity="9999999.999", price="9999999.9999", amount=money(amount(Decimal("9999999.999"), Decimal("9999999.9999"))))
        lines[k].pop("measurement", None)
        p["subtotal"] = money(sum(Decimal(l["amount"]) for l in lines))
        if rnd.random() < 0.5: lines[k].pop("amount")  # then only the rule, not the number's reader, sees it
    elif f == "missing-name": lines[k].pop("name")
    elif f == "apprentice-rate": next(w for w in p["workers"] if w["apprentice"]).pop("rate")
    elif f == "empty-name": lines[k]["name"] = ""
    elif f == "negative-price":
        lines[k].update(price="-1.00", amount=money(amount(Decimal(lines[k]["quantity"]), Decimal(-1))))
        lines[k].pop("measurement", None)
        p["subtotal"] = money(sum(Decimal(l["amount"]) for l in lines))
    elif f == "zero-quantity":
        lines[k].update(quantity="0", amount="0.00"); lines[k].pop("measurement", None)
        p["subtotal"] = money(sum(Decimal(l["amount"]) for l in lines))
    elif f == "photo-name": p["photos"][0]["file"] = "../" + p["photos"][0]["file"]
    elif f == "undoes": p["history"][0]["undoes"] = len(p["history"]) - 1
    elif f == "wrong-type":
        key, value = rnd.choice([("name", 12), ("name", True), ("status", "wide"), ("lineCount", "3"), ("lineCount", Raw("1.5")),
                                 ("name", []), ("workers", {}), ("status", None)])
        p[key] = value
        where = key
    elif f == "advance-pay":
        a = next(a for a in p["advances"] if "hours" in a); a["amount"] = money(Decimal(a["amount"]) + Decimal("0.01"))
    elif f == "extra-zero": next(e for e in p["extraWork"] if "amount" in e)["amount"] = "0.00"
    elif f == "missing-photo":  # a valid name no store file has
        p["photos"][0]["file"] = missing = hashlib.sha256(b"missing %d" % proj.n).hexdigest() + ".jpg"
    elif f == "cr-in-name": lines[k]["note"] = "linje 1\r\nlinje 2"
    elif f == "case-key": p["Employer"] = p.pop("employer", "")
    elif f == "nested-unknown": p["catalogue"] = dict(p.get("catalogue", {}), validFrom="2026-03-01")
    elif f == "hours-limit":
        w = p["workers"][0]["id"]
        for j in range(2):
            nid = p["nextIds"].get("hours", 1)
            p["hours"].append({"id": nid, "worker": w, "hours": "50000", "date": None, "note": ""})
            p["nextIds"]["hours"] = nid + 1
    text = akkord_bytes(p)
    if f == "cut-off": text = text[: rnd.randrange(len(text) // 3, len(text) - 2)]
    elif f == "dup-key":  # the line's "note" twice
        at = text.index('{"id": %d, "pos": ' % lines[k]["id"], text.index('"lines"'))
        text = text[:at] + text[at:].replace(', "pos": ', ', "note": "dup", "pos": ', 1)
    elif f == "garbage": text += rnd.choice(["}", "x", "[]", "\u00a0{"])
    elif f == "not-json-object": text = "[" + text + "]"
    data = text.encode("utf-8")
    if f == "bad-utf8":
        at = data.find(b'"name": "', data.find(b'"lines"'))
        at = (at if at >= 0 else data.find(b'"name": "')) + 9
        data = data[:at] + b"\xc3\x28\xff" + data[at:]
    return data, f + (f" at {where}" if where else ""), missing


def write(path, data):
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(path, "wb") as f: f.write(data)
    os.chmod(path, 0o600)


def store_json(current):
    return (emit({"format": "akkord-store", "version": 1, "currentProject": current}) + "\n").encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--projects", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--other", type=float, default=0.15, help="fraction of projects in another accepted layout")
    ap.add_argument("--refused", type=float, default=0.10, help="fraction of projects the readers refuse")
    a = ap.parse_args()

    photo_bytes = [make() for _, make in PHOTO_MAKERS]
    photo_files = [hashlib.sha256(b).hexdigest() + "." + ext for (ext, _), b in zip(PHOTO_MAKERS, photo_bytes)]
    for d in ("store", "store-ok"):
        os.makedirs(os.path.join(a.out, d, "projects"), mode=0o700, exist_ok=True)
        os.makedirs(os.path.join(a.out, d, "photos"), mode=0o700, exist_ok=True)
        os.chmod(os.path.join(a.out, d), 0o700)
    manifest, used_all, used_ok, first_ok = [], set(), set(), None
    for n in range(1, a.projects + 1):
        proj = Project(n, a.seed)
        kind_rnd = random.Random(f"{a.seed}:{n}:layout")
        r = kind_rnd.random()
        tree = proj.tree(photo_files)
        missing = None
        if r < a.refused:
            data, what, missing = refused(kind_rnd, tree, proj)
            kind, expect = "refused", "refuse"
        elif r < a.refused + a.other:
            text, ops = other_layout(kind_rnd, tree)
            data, what, kind, expect = text.encode("utf-8"), ",".join(ops), "other", "accept"
        else:
            data, what, kind, expect = akkord_bytes(tree).encode("utf-8"), "-", "akkord", "accept"
        if proj.limits: what += " (limits)"
        files = {ph["file"] for ph in tree.get("photos", []) if isinstance(ph, dict) and ph.get("file") in photo_files}
        write(os.path.join(a.out, "store", "projects", proj.id + ".json"), data)
        used_all |= files
        if expect == "accept":
            write(os.path.join(a.out, "store-ok", "projects", proj.id + ".json"), data)
            used_ok |= files
            first_ok = first_ok or proj.id
        c = os.path.join(a.out, "check", proj.id)
        write(os.path.join(c, "projects", proj.id + ".json"), data)
        os.makedirs(os.path.join(c, "photos"), mode=0o700, exist_ok=True)
        for f in files: write(os.path.join(c, "photos", f), photo_bytes[photo_files.index(f)])
        write(os.path.join(c, "store.json"), store_json(proj.id))
        os.chmod(c, 0o700)
        manifest.append(f"{proj.id}\t{kind}\t{expect}\t{len(proj.lines)}\t{what}")
    for d, used in (("store", used_all), ("store-ok", used_ok)):
        for f in used: write(os.path.join(a.out, d, "photos", f), photo_bytes[photo_files.index(f)])
    first = manifest[0].split("\t")[0] if manifest else None
    write(os.path.join(a.out, "store", "store.json"), store_json(first_ok or first))
    write(os.path.join(a.out, "store-ok", "store.json"), store_json(first_ok))
    with open(os.path.join(a.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("id\tlayout\texpect\tlines\twhat\n" + "".join(m + "\n" for m in manifest))


if __name__ == "__main__":
    main()
