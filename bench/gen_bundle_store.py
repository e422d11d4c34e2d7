#!/usr/bin/env python3
"""Writes a store for the bundle benchmark in akkord's file format (SPEC §6): one project of
--lines lines with --photos photos of about --photo-kb KiB each, as a roofer's phone takes them.
gen_bundle_store.py STORE [--lines 1000] [--photos 5] [--photo-kb 2048] [--seed 1]

The photos are JPEGs whose structure akkord checks to the end (SOI, APP0, DQT, SOF0, DHT, SOS,
entropy-coded data with every 0xFF stuffed, EOI); their pixels are noise. Amounts are computed
with Python's decimal (half away from zero), so `akkord check` passes."""
import argparse, hashlib, json, os, random
from decimal import Decimal, ROUND_HALF_UP

ap = argparse.ArgumentParser()
ap.add_argument("store")
ap.add_argument("--lines", type=int, default=1000)
ap.add_argument("--photos", type=int, default=5)
ap.add_argument("--photo-kb", type=int, default=2048)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--catalogue", default=os.path.join(os.path.dirname(__file__), "..", "Data", "catalogue.json"))
a = ap.parse_args()
rnd = random.Random(a.seed)
acts = json.load(open(a.catalogue, encoding="utf-8"))["activities"]
for d in ("projects", "photos"):
    os.makedirs(os.path.join(a.store, d), mode=0o700, exist_ok=True)


def segment(marker, payload):
    return bytes([0xFF, marker]) + (len(payload) + 2).to_bytes(2, "big") + payload


def jpeg(size, n):
    head = b"\xFF\xD8"
    head += segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    head += segment(0xDB, b"\x00" + bytes(range(1, 65)))
    head += segment(0xC0, b"\x08" + (3024).to_bytes(2, "big") + (4032).to_bytes(2, "big") + b"\x03\x01\x22\x00\x02\x11\x00\x03\x11\x00")
    head += segment(0xC4, b"\x00" + bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]) + bytes(range(12)))
    head += segment(0xFE, f"bench photo {n}".encode())
    head += segment(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3F\x00")
    data = rnd.randbytes(size).replace(b"\xFF", b"\xFF\x00")  # stuffed: no marker inside the scan
    return head + data + b"\xFF\xD9"


def amount(q, p):
    return (Decimal(q) * Decimal(p)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


photos = []
for n in range(1, a.photos + 1):
    body = jpeg(a.photo_kb * 1024, n)
    name = hashlib.sha256(body).hexdigest() + ".jpg"
    path = os.path.join(a.store, "photos", name)
    with open(path, "wb") as f:
        f.write(body)
    os.chmod(path, 0o600)
    photos.append({"id": n, "caption": f"Roof, side {n}", "originalName": f"IMG_{1000 + n}.jpg", "file": name, "added": "2026-05-04"})

lines, subtotal = [], Decimal(0)
for i in range(1, a.lines + 1):
    act = rnd.choice(acts)
    q = f"{rnd.randint(1, 40)}.{rnd.randint(0, 9)}"
    amt = amount(q, act["price"])
    subtotal += amt
    lines.append({"id": i, "pos": act["pos"], "name": act["name"], "unit": act["unit"], "price": act["price"],
                  "quantity": q, "amount": str(amt), "custom": False, "note": "", "section": act["section"], "date": "2026-05-04"})
workers = [{"id": "jens", "name": "Jens Hansen", "apprentice": False}, {"id": "ole", "name": "Ole Berg", "apprentice": False}]
hours = [{"id": 1, "worker": "jens", "hours": "162:30", "date": None, "note": ""},
         {"id": 2, "worker": "ole", "hours": "148:15", "date": None, "note": ""}]
project = {"format": "akkord-project", "version": 1, "id": "big", "name": "Generated project", "status": "open",
           "lineCount": len(lines), "subtotal": str(subtotal), "address": "Vestergade 12", "employer": "Tag & Co", "customer": "",
           "start": "2026-05-01", "end": None, "note": "", "created": "2026-05-01",
           "catalogue": {"name": "Sample", "edition": "2026-1"},
           "nextIds": {"line": a.lines + 1, "hours": 3, "photo": a.photos + 1}, "lines": lines, "workers": workers, "hours": hours,
           "advances": [], "supplements": [], "extraWork": [], "photos": photos,
           "history": [{"time": "2026-05-04T07:00:00+02:00", "command": "akkord bench", "changes": ["generated"]}]}
path = os.path.join(a.store, "projects", "big.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump(project, f, ensure_ascii=False)
os.chmod(path, 0o600)
with open(os.path.join(a.store, "store.json"), "w") as f:
    json.dump({"format": "akkord-store", "version": 1, "currentProject": "big"}, f)
