#!/usr/bin/env python3
"""Seeded mutation fuzzer for every reader of akkord (issue 11). Python 3 standard library only.

    python3 checks/fuzz/fuzz.py --bin .build/release/akkord [--cases N] [--seed S] [--jobs J]
    python3 checks/fuzz/fuzz.py --bin .build/release/akkord --case project:123456789

Each case takes a valid seed file (made with the binary or generated here), mutates it
(bytes, or the structure: JSON keys and values, CSV cells and headers, JPEG segments, PNG
chunks), puts it where akkord reads it, runs the target's commands and checks every run:

  bad exit          exit status outside {0, 1, 64, 65, 75}
  trap / signal     a Swift trap (SIGILL/SIGTRAP) or another signal killed it
  trap text         stderr looks like a trap or backtrace (Fatal error, Stack dump, ...)
  timeout           a command ran longer than --timeout seconds
  long line         a stderr line of 400 characters or more
  changed on refusal  a non-zero exit changed, added or removed a file in the store
                    (.lock and .catalogue-index, a derived cache, excepted)
  accepted ...      the file is invalid by a strict reading (not JSON, not UTF-8, a raw control
                    character, a duplicate key, an unknown key, an unknown/duplicate/extra CSV
                    column, an unclosed quote) and a command that reads it did not exit 65
  bad photo stored  `photo add` exited 0 but the stored file is not a whole JPEG (segments to
                    FFD9) or PNG (chunks with correct CRCs through IEND)
  unreadable after write  the store passed `check` before, a command that writes exited 0,
                    and `check` fails afterwards
  control char on stderr / in output  a control character (C0 other than TAB/LF/CR, DEL, C1)
                    on stderr, or in the stdout of a command printing for a terminal
  control char stored     a command that writes exited 0 and a JSON file of the store now
                    holds a string with a control character that was not there before

Case i of a run uses the seed BASE*1000003+i; every case is named TARGET:SEED and can be rerun
alone with --case TARGET:SEED (it prints each command and keeps its directory).
"""

import argparse
import base64
import collections
import copy
import hashlib
import json
import multiprocessing
import os
import random
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from decimal import Decimal, InvalidOperation, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PHOTO_FIXTURES = os.path.join(REPO, "Tests", "Fixtures", "photos")

ALLOWED_EXIT = {0, 1, 64, 65, 75}
TRAP_TEXT = re.compile(r"Fatal error|Stack dump|backtrace|Illegal instruction|Segmentation|Crash", re.I)
MAX_STDERR_LINE = 400
EXCLUDED_FILES = {".lock", ".catalogue-index", "config.json.lock"}  # locks and a derived cache
# Control characters that must not reach a terminal or be stored: C0 except TAB, LF, CR; DEL; C1.
CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]")


# ---------------------------------------------------------------------------------------------
# JSON model: objects keep their key order and duplicates; numbers keep their text.

class Raw(str):
    """A token written as it is (a number's text, a deep nest, a string with raw bytes)."""


class JObj(list):
    """A JSON object as a list of [key, value] pairs (duplicates allowed)."""


def jparse(text):
    return json.loads(text, object_pairs_hook=lambda pairs: JObj([list(p) for p in pairs]),
                      parse_int=Raw, parse_float=Raw, parse_constant=Raw)


def jdump(v, pretty=True):
    out = []

    def emit(v, level):
        pad = "\n" + "  " * (level + 1) if pretty else ""
        end = "\n" + "  " * level if pretty else ""
        if isinstance(v, Raw):
            out.append(str(v))
        elif isinstance(v, JObj):
            if not v:
                out.append("{}")
                return
            out.append("{")
            for i, (k, x) in enumerate(v):
                if i:
                    out.append(",")
                out.append(pad)
                out.append(json.dumps(k, ensure_ascii=False))
                out.append(": " if pretty else ":")
                emit(x, level + 1)
            out.append(end + "}")
        elif isinstance(v, list):
            if not v:
                out.append("[]")
                return
            out.append("[")
            for i, x in enumerate(v):
                if i:
                    out.append(",")
                out.append(pad)
                emit(x, level + 1)
            out.append(end + "]")
        elif isinstance(v, str):
            out.append(json.dumps(v, ensure_ascii=False))
        elif v is True:
            out.append("true")
        elif v is False:
            out.append("false")
        elif v is None:
            out.append("null")
        else:
            out.append(json.dumps(v))

    emit(v, 0)
    return ("".join(out) + "\n").encode("utf-8", "surrogatepass")


def jget(obj, key, default=None):
    for k, v in obj:
        if k == key:
            return v
    return default


def jset(obj, key, value):
    for pair in obj:
        if pair[0] == key:
            pair[1] = value
            return
    obj.append([key, value])


HISTORY_CHANGE_KEYS = {"what", "id", "pos", "name", "quantity", "unit", "price", "amount", "measurement", "field", "old", "new",
                       "oldPrice", "newPrice", "oldAmount", "newAmount", "oldName", "oldEdition", "newName", "newEdition",
                       "file", "was", "exportedAs", "apprentice", "rate", "worker", "hours", "date", "correction", "percent",
                       "sections", "lines", "text", "number", "originalName", "caption", "time", "command", "change"}

# Keys each object of the store formats may hold (SPEC §3, §4, §6); keys found in the seeds are
# added at start-up, so a format that grows a field does not turn into false failures here.
SCHEMAS = {
    "project": {
        "": {"format", "version", "id", "name", "status", "lineCount", "subtotal", "address", "employer",
             "customer", "start", "end", "note", "created", "catalogue", "nextIds", "lines", "workers",
             "hours", "advances", "supplements", "extraWork", "photos", "history"},
        "catalogue": {"name", "edition"},
        "lines[]": {"id", "pos", "name", "unit", "price", "quantity", "amount", "custom", "note", "section", "date"},
        "workers[]": {"id", "name", "apprentice", "rate"},
        "hours[]": {"id", "worker", "hours", "date", "note"},
        "advances[]": {"id", "worker", "amount", "date", "note"},
        "supplements[]": {"id", "name", "percent"},
        "extraWork[]": {"id", "text", "amount", "hours", "rate"},
        "photos[]": {"id", "caption", "originalName", "file", "added"},
        "history[]": {"time", "command", "changes", "details", "undoes"},
        # A described change (README: History): the members of every kind together; the reader
        # holds each kind to its own (Store/HistoryChangeCodec.swift), a stricter check than this.
        "history[].details[]": HISTORY_CHANGE_KEYS,
        "history[].details[].change": HISTORY_CHANGE_KEYS,
    },
    "store": {"": {"format", "version", "currentProject"}},
    "catalogue": {
        "": {"format", "version", "name", "edition", "validFrom", "currency", "activities"},
        "activities[]": {"pos", "name", "unit", "price", "section", "note"},
    },
    "config": {"": {"format", "version", "lang", "store", "holidayPay", "deadlineWorkdays"}},
    "bundle": {
        "": {"format", "version", "project", "photos"},
        "photos[]": {"file", "sha256", "data"},
    },
}
# The bundle holds a project file under "project".
for _k, _v in SCHEMAS["project"].items():
    SCHEMAS["bundle"]["project" + ("." + _k if _k else "")] = set(_v)


def schema_path(parent, key, is_index):
    if is_index:
        return parent + "[]"
    return key if parent == "" else parent + "." + key


def learn_schema(kind, data):
    """Adds the keys of a valid seed file to the schema of its kind."""
    try:
        doc = jparse(data.decode("utf-8"))
    except Exception:
        return
    schema = SCHEMAS[kind]

    def walk(v, path):
        if isinstance(v, JObj):
            if path in schema:
                schema[path].update(k for k, _ in v)
            for k, x in v:
                walk(x, schema_path(path, k, False))
        elif isinstance(v, list):
            for x in v:
                walk(x, schema_path(path, None, True))

    walk(doc, "")


class Invalid(Exception):
    def __init__(self, kind, detail):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def json_verdict(data, kind):
    """('invalid', reason kind, detail) when a strict reader must refuse these bytes, else None.

    Strict: UTF-8, JSON syntax (RFC 8259: no NaN, no leading zeros, no raw control characters),
    no duplicate keys, no unknown keys in the objects the format defines. A file the strict
    reading cannot judge (a leading BOM, nesting deeper than Python's recursion) gets None."""
    if data.startswith(b"\xef\xbb\xbf"):
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return ("accepted invalid JSON", "not UTF-8 at byte %d" % e.start)

    def pairs_hook(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise Invalid("accepted duplicate key", "key %r appears twice" % k)
            seen.add(k)
        return JObj([list(p) for p in pairs])

    def no_constant(name):
        raise Invalid("accepted invalid JSON", "%s is not JSON" % name)

    try:
        doc = json.loads(text, object_pairs_hook=pairs_hook, parse_constant=no_constant,
                         parse_int=Raw, parse_float=Raw)
    except Invalid as e:
        return (e.kind, e.detail)
    except RecursionError:
        return None
    except json.JSONDecodeError as e:
        if "control character" in e.msg:
            return ("accepted control char", "raw control character in a string at char %d" % e.pos)
        return ("accepted invalid JSON", "%s at char %d" % (e.msg, e.pos))
    except ValueError as e:
        return ("accepted invalid JSON", str(e)[:80])
    if not isinstance(doc, JObj):
        return ("accepted invalid JSON", "the root is not an object")
    schema = SCHEMAS[kind]
    problems = []

    def walk(v, path):
        if isinstance(v, JObj):
            known = schema.get(path)
            for k, x in v:
                if known is not None and k not in known:
                    problems.append("unknown key %r in %s" % (k, path or "the root"))
                walk(x, schema_path(path, k, False))
        elif isinstance(v, list):
            for x in v:
                walk(x, schema_path(path, None, True))

    try:
        walk(doc, "")
    except RecursionError:
        return None
    if problems:
        return ("accepted unknown key", problems[0])
    return None


def control_strings(data):
    """Descriptions of the strings in a JSON file that hold a control character."""
    try:
        doc = json.loads(data.decode("utf-8", "replace"))
    except Exception:
        return set()
    found, stack = set(), [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
            stack.extend(v.keys())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            m = CONTROL_RE.search(v)
            if m:
                found.add("U+%04X in %r" % (ord(m.group(0)), v[max(0, m.start() - 20):m.start() + 20]))
    return found


STORED_CONTROLS_CACHE = {}


def stored_controls(case, snap):
    """Control-character strings in the store's JSON files (keyed by the snapshot's hashes)."""
    found = set()
    for path, meta in snap.items():
        if not path.endswith(".json") or not path.startswith(case.store) or meta[0] in ("link", "unreadable"):
            continue
        if meta not in STORED_CONTROLS_CACHE:
            if len(STORED_CONTROLS_CACHE) > 256:
                STORED_CONTROLS_CACHE.clear()
            try:
                STORED_CONTROLS_CACHE[meta] = control_strings(read(path)) if meta[0] < 50_000_000 else set()
            except OSError:
                STORED_CONTROLS_CACHE[meta] = set()
        found |= STORED_CONTROLS_CACHE[meta]
    return found


# ---------------------------------------------------------------------------------------------
# Photo structure checks (what a stored photo must be).

def check_jpeg(b):
    """None when b is a JPEG whose marker segments walk from SOI through a frame header (SOF) to
    the first scan (SOS), and whose data then ends with EOI (FFD9); else the reason."""
    if not b.startswith(b"\xff\xd8"):
        return "no SOI"
    i, n, seen_sof = 2, len(b), False
    while True:
        if i >= n:
            return "ends before a scan (SOS)"
        if b[i] != 0xFF:
            return "no marker at byte %d" % i
        while i < n and b[i] == 0xFF:
            i += 1
        if i >= n:
            return "ends inside fill bytes"
        m = b[i]
        i += 1
        if m == 0xD9:
            return "EOI before a scan"
        if m == 0x01 or 0xD0 <= m <= 0xD8:
            continue
        if i + 2 > n:
            return "segment length cut off"
        length = (b[i] << 8) | b[i + 1]
        if length < 2 or i + length > n:
            return "segment FF%02X of length %d runs past the end" % (m, length)
        if m in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            seen_sof = True
        i += length
        if m == 0xDA:
            if not seen_sof:
                return "a scan before any frame header (SOF)"
            if n - i < 2 or not b.endswith(b"\xff\xd9"):
                return "does not end with EOI (FFD9)"
            return None


def check_png(b):
    """None when b is a PNG whose chunks, IHDR first, have correct CRCs through IEND."""
    if not b.startswith(b"\x89PNG\r\n\x1a\n"):
        return "no PNG signature"
    i, n, first, idat = 8, len(b), True, False
    while True:
        if i + 12 > n:
            return "ends before IEND"
        length, ctype = struct.unpack(">I4s", b[i:i + 8])
        if length > 0x7FFFFFFF or i + 12 + length > n:
            return "chunk %r of length %d runs past the end" % (ctype, length)
        data = b[i + 8:i + 8 + length]
        crc = struct.unpack(">I", b[i + 8 + length:i + 12 + length])[0]
        if zlib.crc32(ctype + data) & 0xFFFFFFFF != crc:
            return "chunk %r has a wrong CRC" % ctype
        if first and (ctype != b"IHDR" or length != 13):
            return "the first chunk is not a 13-byte IHDR"
        first = False
        if ctype == b"IDAT":
            idat = True
        i += 12 + length
        if ctype == b"IEND":
            return None if idat else "no IDAT before IEND"


def png_chunks(b):
    """[(offset, length, type)] for the chunks of a PNG, as far as they parse."""
    out, i = [], 8
    while i + 12 <= len(b):
        length, ctype = struct.unpack(">I4s", b[i:i + 8])
        if i + 12 + length > len(b):
            break
        out.append((i, length, ctype))
        i += 12 + length
    return out


def png_chunk(ctype, data):
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(ctype + data) & 0xFFFFFFFF)


def make_png(width, height, depth, color, interlace=0, seed=0):
    rnd = random.Random(seed)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    row = (width * channels * depth + 7) // 8
    raw = b"".join(b"\x00" + bytes(rnd.randrange(256) for _ in range(row)) for _ in range(height))
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))
    if color == 3:
        out += png_chunk(b"PLTE", bytes(rnd.randrange(256) for _ in range(3 * 16)))
    out += png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b"")
    return out


def jpeg_segments(b):
    """[(offset, marker, total length)] up to SOS, and the offset of the EOI if found."""
    segs, i = [], 2
    while i + 4 <= len(b) and b[i] == 0xFF:
        m = b[i + 1]
        length = (b[i + 2] << 8) | b[i + 3]
        segs.append((i, m, 2 + length))
        if m == 0xDA:
            break
        i += 2 + length
    return segs


# ---------------------------------------------------------------------------------------------
# Byte mutations.

INTERESTING_BYTES = [b"\x00", b"\xff", b"\x7f", b"\x80", b"\x1b", b"\r", b"\n", b"\"", b"\\", b"{", b"}",
                     b"[", b"]", b",", b":", b";", b"\t", b"\xc3", b"\xc3\xa6", b"\xe2\x80\xae", b"\xef\xbb\xbf",
                     b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\\u0000", b"\\ud800", b"-", b"0", b"9" * 30, b"e400"]


def mutate_bytes(rng, b, others=()):
    """1–4 stacked byte mutations: flips, inserts, deletes, duplicates, truncation, splices."""
    b = bytearray(b)
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        op = rng.choice(["flip_bit", "set_byte", "insert", "insert_interesting", "delete", "duplicate",
                         "truncate", "splice", "overwrite_interesting", "swap", "repeat"])
        n = len(b)
        if op == "splice" and not others:
            op = "truncate"
        if n == 0 and op not in ("insert", "insert_interesting", "splice"):
            op = "insert"
        if op == "flip_bit":
            i = rng.randrange(n)
            b[i] ^= 1 << rng.randrange(8)
        elif op == "set_byte":
            b[rng.randrange(n)] = rng.randrange(256)
        elif op == "insert":
            i = rng.randrange(n + 1)
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.choice([1, 1, 2, 4, 16])))
        elif op == "insert_interesting":
            i = rng.randrange(n + 1)
            b[i:i] = rng.choice(INTERESTING_BYTES)
        elif op == "overwrite_interesting":
            x = rng.choice(INTERESTING_BYTES)
            i = rng.randrange(n)
            b[i:i + len(x)] = x
        elif op == "delete":
            i = rng.randrange(n)
            b[i:i + rng.choice([1, 1, 2, 8, 64, 512])] = b""
        elif op == "duplicate":
            i = rng.randrange(n)
            j = min(n, i + rng.choice([1, 4, 32, 256, 2048]))
            k = rng.randrange(n + 1)
            b[k:k] = b[i:j]
        elif op == "truncate":
            b = b[:rng.randrange(n)]
        elif op == "splice":
            other = rng.choice(others)
            cut = rng.randrange(len(b) + 1)
            ocut = rng.randrange(len(other) + 1)
            b = b[:cut] + bytearray(other[ocut:])
        elif op == "swap":
            i, j = sorted(rng.randrange(n) for _ in range(2))
            w = rng.choice([1, 4, 16])
            b[i:i + w], b[j:j + w] = b[j:j + w], b[i:i + w]
        elif op == "repeat":
            i = rng.randrange(n)
            piece = bytes(b[i:i + rng.choice([1, 2, 8])])
            b[i:i] = piece * rng.choice([100, 1000, 20000])
        names.append(op)
    return bytes(b), names


# ---------------------------------------------------------------------------------------------
# Structure-aware JSON mutations.

NUMBER_TOKENS = ["999999999999999999999", "922337203685477.5808", "1e400", "-0", "00012", "-1", "0", "1e-400",
                 "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                 "18446744073709551616", "4294967296", "2147483648", "1.5", "0.0", "1E2", ".5", "5.", "+1",
                 "0x1F", "NaN", "Infinity", "-Infinity", "1_000", "12.34567", "1" * 400]
NUMERIC_STRINGS = ["999999999999999999999", "922337203685477.5808", "1e400", "-0", "00012", "-5", "0", "5000",
                   "-100.01", "1000.01", "999999999999.99", "1000000000000", "99999", "100000", "99999.999",
                   "12,5", "1.234,50", "1,234.50", "12,345,6", " 1", "1 ", "", ".", "-", "1e5", "1E-2",
                   "12.34567", "0.0001", "0.00001", "NaN", "inf", "١٢", "１２", "1\u00a0000", "\u22125",
                   "37:30", "7:60", "99999:59", "-0:30", "0:00", "1:", ":30", "9" * 40, "0." + "0" * 40 + "1",
                   "-922337203685477.5808", "92233720368547758.07", "9223372036854775807"]
DATE_STRINGS = ["2026-02-30", "0000-00-00", "9999-12-31", "2026-13-01", "2026-1-1", "", "2026-05-04T00:00:00Z",
                "99999-01-01", "-001-01-01", "2026-05-04\u0000", "２０２６-05-04"]
CONTROL_STRINGS = ["\x1b[31mred\x1b[0m", "a\x00b", "\x07bell", "\r\roverwrite", "tab\tx", "line\nbreak",
                   "\u202eevil", "\u0085nel", "\u009b31m", "\ufeffbom", "\x7fdel", "\x1b]0;title\x07",
                   "\ud800", "\udfff", "\\", "\"", "</script><script>alert(1)</script>", "=cmd|'/c calc'!A1",
                   "%s%n%x", "../../etc/passwd", "\x00", "ø" * 3, "🏠", "\u0301", "a\u200bb"]
LONG_STRINGS = [lambda: "A" * 100_000, lambda: "ø" * 50_000, lambda: "\x1b" * 5000, lambda: "word " * 20_000,
                lambda: "\u0301" * 30_000, lambda: "x" * 1_000_000]
ID_STRINGS = ["", "../x", "a" * 65, "a" * 64, "Jens", "jens hansen", "-", "1", "x/y", ".", "..", "å"]
NUMERIC_KEYS = {"quantity", "hours", "price", "amount", "rate", "percent", "subtotal"}
INT_KEYS = {"id", "version", "lineCount", "line", "advance", "extra", "photo", "supplement", "worker_"}
DATE_KEYS = {"date", "start", "end", "validFrom", "created", "added", "time"}


def slots(doc):
    """Every value slot: (container, key-or-index, path, key name or None)."""
    out = []

    def walk(v, path):
        if isinstance(v, JObj):
            for i, pair in enumerate(v):
                p = schema_path(path, pair[0], False)
                out.append((v, i, p, pair[0]))
                walk(pair[1], p)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                p = schema_path(path, None, True)
                out.append((v, i, p, None))
                walk(x, p)

    walk(doc, "")
    return out


def slot_get(s):
    c, i = s[0], s[1]
    return c[i][1] if isinstance(c, JObj) else c[i]


def slot_set(s, value):
    c, i = s[0], s[1]
    if isinstance(c, JObj):
        c[i][1] = value
    else:
        c[i] = value


def typo(rng, key):
    """A key that is not the original: a letter's case changed, a letter added, doubled or missing."""
    choice = rng.randrange(5)
    if choice == 0 and key:
        i = len(key) - 1
        return key[:i] + (key[i].upper() if key[i].islower() else key[i].lower() + "x")
    if choice == 1 and len(key) > 1:
        i = rng.randrange(len(key))
        return key[:i] + key[i + 1:]
    if choice == 2:
        return key + rng.choice(["s", "S", "_", " ", "2"])
    if choice == 3 and key:
        i = rng.randrange(len(key))
        return key[:i] + key[i] + key[i:]
    return key.upper() if key.upper() != key else key + "x"


def interesting_value(rng, key, old):
    if key in NUMERIC_KEYS:
        v = rng.choice(NUMERIC_STRINGS)
        return Raw(rng.choice(NUMBER_TOKENS)) if rng.random() < 0.25 else v
    if key in INT_KEYS or isinstance(old, Raw):
        return Raw(rng.choice(NUMBER_TOKENS)) if rng.random() < 0.8 else rng.choice(NUMERIC_STRINGS)
    if key in DATE_KEYS:
        return rng.choice(DATE_STRINGS)
    if key in ("worker", "currentProject", "file", "status", "format", "unit", "pos", "currency"):
        pool = ID_STRINGS + ["closed", "open", "akkord-project", "akkord-store", "m²", "kvm", "x" * 40,
                             "0eba38516d77d7f18c2a6c355e00809c7fefc1b3fad31361d707a1a1c2de3941.jpg", "../../x.jpg"]
        return rng.choice(pool)
    if isinstance(old, bool) or old is None:
        return rng.choice([True, False, None, "true", Raw("1"), Raw("0")])
    return rng.choice(CONTROL_STRINGS + NUMERIC_STRINGS[:6] + ID_STRINGS)


def other_type(rng, old):
    options = [Raw("1"), Raw("-1"), "1", True, None, [], JObj(), ["a"], JObj([["a", Raw("1")]]), "", Raw("1e400")]
    return rng.choice([o for o in options if type(o) is not type(old)] or options)


def deep_nest(rng):
    depth = rng.choice([200, 1000, 10_000, 100_000])
    if rng.random() < 0.5:
        return Raw("[" * depth + "]" * depth)
    return Raw('{"a":' * depth + "1" + "}" * depth)


def raw_string(s):
    """A JSON string token holding s with its control characters raw (not escaped)."""
    return Raw('"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"')


def mutate_json_tree(rng, doc, ops):
    """Applies one structure-aware mutation to doc in place; appends its name to ops."""
    all_slots = slots(doc)
    keyed = [s for s in all_slots if s[3] is not None]
    op = rng.choices(["rename_key", "dup_key", "del_key", "interesting", "wrong_type", "negative", "big_percent",
                      "control_string", "long_string", "deep_nest", "array_dup", "array_del", "swap_values",
                      "empty_container", "raw_control"],
                     weights=[3, 3, 2, 8, 3, 2, 1, 3, 1, 1, 2, 1, 1, 1, 1])[0]
    if not keyed:
        op = "deep_nest"
    top = [s for s in keyed if s[0] is doc]
    if op == "rename_key":
        s = rng.choice(top if top and rng.random() < 0.4 else keyed)
        s[0][s[1]][0] = typo(rng, s[3])
        ops.append("rename_key %s -> %s" % (s[2], s[0][s[1]][0]))
    elif op == "dup_key":
        s = rng.choice(top if top and rng.random() < 0.4 else keyed)
        pair = s[0][s[1]]
        value = copy.deepcopy(pair[1]) if rng.random() < 0.6 else interesting_value(rng, s[3], pair[1])
        s[0].insert(rng.randrange(len(s[0]) + 1), [pair[0], value])
        ops.append("dup_key %s" % s[2])
    elif op == "del_key":
        s = rng.choice(keyed)
        del s[0][s[1]]
        ops.append("del_key %s" % s[2])
    elif op == "interesting":
        s = rng.choice(keyed)
        v = interesting_value(rng, s[3], slot_get(s))
        slot_set(s, v)
        ops.append("set %s = %s" % (s[2], repr(v)[:40]))
    elif op == "wrong_type":
        s = rng.choice(all_slots)
        slot_set(s, other_type(rng, slot_get(s)))
        ops.append("wrong_type %s" % s[2])
    elif op == "negative":
        cands = [s for s in keyed if s[3] in NUMERIC_KEYS and isinstance(slot_get(s), str)] or keyed
        s = rng.choice(cands)
        old = slot_get(s)
        slot_set(s, "-" + old if isinstance(old, str) and not old.startswith("-") else "-1")
        ops.append("negative %s" % s[2])
    elif op == "big_percent":
        cands = [s for s in keyed if s[3] == "percent"] or keyed
        s = rng.choice(cands)
        slot_set(s, rng.choice(["5000", "1000", "1000.01", "-100", "-100.01", "999999999999999999999"]))
        ops.append("big_percent %s" % s[2])
    elif op == "control_string":
        cands = [s for s in keyed if isinstance(slot_get(s), str) and not isinstance(slot_get(s), Raw)] or keyed
        s = rng.choice(cands)
        old = slot_get(s) if isinstance(slot_get(s), str) else ""
        c = rng.choice(CONTROL_STRINGS)
        i = rng.randrange(len(old) + 1)
        slot_set(s, old[:i] + c + old[i:])
        ops.append("control_string %s" % s[2])
    elif op == "raw_control":
        cands = [s for s in keyed if isinstance(slot_get(s), str) and not isinstance(slot_get(s), Raw)] or keyed
        s = rng.choice(cands)
        old = slot_get(s) if isinstance(slot_get(s), str) else ""
        slot_set(s, raw_string(old + rng.choice(["\x1b[2J", "\x00", "\x07", "\x01", "\x1f", "\x7f", "\t"])))
        ops.append("raw_control %s" % s[2])
    elif op == "long_string":
        s = rng.choice(keyed)
        slot_set(s, rng.choice(LONG_STRINGS)())
        ops.append("long_string %s" % s[2])
    elif op == "deep_nest":
        if keyed:
            s = rng.choice(keyed)
            slot_set(s, deep_nest(rng))
            ops.append("deep_nest %s" % s[2])
        else:
            ops.append("deep_nest (no slot)")
    elif op == "array_dup":
        arrays = [s for s in all_slots if isinstance(slot_get(s), list) and not isinstance(slot_get(s), JObj)
                  and slot_get(s)]
        if not arrays:
            ops.append("array_dup (no array)")
            return
        s = rng.choice(arrays)
        a = slot_get(s)
        times = rng.choice([1, 1, 2, 1000])
        i = rng.randrange(len(a))
        for _ in range(times):
            a.insert(i, copy.deepcopy(a[i]))
        ops.append("array_dup %s x%d" % (s[2], times))
    elif op == "array_del":
        arrays = [s for s in all_slots if isinstance(slot_get(s), list) and not isinstance(slot_get(s), JObj)
                  and slot_get(s)]
        if not arrays:
            ops.append("array_del (no array)")
            return
        s = rng.choice(arrays)
        a = slot_get(s)
        del a[rng.randrange(len(a))]
        ops.append("array_del %s" % s[2])
    elif op == "swap_values":
        a, b = rng.choice(keyed), rng.choice(keyed)
        va, vb = slot_get(a), slot_get(b)
        slot_set(a, copy.deepcopy(vb))
        slot_set(b, copy.deepcopy(va))
        ops.append("swap %s <-> %s" % (a[2], b[2]))
    elif op == "empty_container":
        s = rng.choice(keyed)
        slot_set(s, rng.choice([[], JObj(), "", None]))
        ops.append("empty %s" % s[2])


def plain_decimal(v):
    if not isinstance(v, str) or isinstance(v, Raw):
        return None
    if not re.fullmatch(r"-?\d{1,24}(\.\d{1,12})?", v):
        return None
    try:
        return Decimal(v)
    except InvalidOperation:
        return None


def fix_project_totals(doc):
    """Recomputes line amounts, lineCount and subtotal where they can be, so a mutated project
    gets past the totals check and into the readers and writers behind it."""
    if not isinstance(doc, JObj):
        return
    lines = jget(doc, "lines")
    if not isinstance(lines, list) or isinstance(lines, JObj):
        return
    total, ok = Decimal(0), True
    for line in lines:
        if not isinstance(line, JObj):
            ok = False
            continue
        q, p = plain_decimal(jget(line, "quantity")), plain_decimal(jget(line, "price"))
        if q is None or p is None:
            ok = False
            continue
        amount = (q * p).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        jset(line, "amount", "%.2f" % amount)
        total += amount
    if jget(doc, "lineCount") is not None:
        jset(doc, "lineCount", Raw(str(len(lines))))
    if ok:
        jset(doc, "subtotal", "%.2f" % total)


def mutate_json_file(rng, data, others, project=False):
    """A mutated JSON file: structure (sometimes exactly one key renamed or duplicated), bytes,
    or both. Returns (bytes, [mutation names])."""
    mode = rng.choices(["strict", "structure", "structure+bytes", "bytes"], weights=[20, 45, 10, 25])[0]
    if mode == "bytes":
        return mutate_bytes(rng, data, others)
    doc = jparse(data.decode("utf-8"))
    ops = []
    if mode == "strict":
        keyed = [s for s in slots(doc) if s[3] is not None]
        top = [s for s in keyed if s[0] is doc]
        s = rng.choice(top if top and rng.random() < 0.4 else keyed)
        if rng.random() < 0.5:
            s[0][s[1]][0] = typo(rng, s[3])
            ops.append("rename_key %s -> %s" % (s[2], s[0][s[1]][0]))
        else:
            pair = s[0][s[1]]
            s[0].insert(rng.randrange(len(s[0]) + 1), [pair[0], copy.deepcopy(pair[1])])
            ops.append("dup_key %s" % s[2])
    else:
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutate_json_tree(rng, doc, ops)
        if project and rng.random() < 0.7:
            fix_project_totals(doc)
            ops.append("fix_totals")
    out = jdump(doc, pretty=rng.random() < 0.8)
    if mode == "structure+bytes":
        out, more = mutate_bytes(rng, out, others)
        ops += more
    return out, ops


# ---------------------------------------------------------------------------------------------
# CSV seeds and mutations.

CSV_HEADERS = {
    "pos": ["pos", "Pos", "POSNR", "pos.nr.", "nr", "Nr"],
    "name": ["name", "type", "activity", "tekst", "ydelse", "Ydelse"],
    "unit": ["unit", "enhed", "Enhed", "UNIT"],
    "price": ["price", "pris", "enhedspris", "Pris"],
    "section": ["section", "afsnit"],
    "note": ["note", "bemærkning"],
}
CSV_UNITS = ["m2", "m²", "kvm", "lbm", "lm", "rm", "stk", "pcs", "pc", "h", "timer", "t", "sæt"]
CSV_NAMES = ["Under felt, nailed (underpap)", "Tagrende; zink", 'Kvist "lille"', "Rygning\nmed mørtel",
             "Fjernelse af gammel tagpap", "Inddækning, skorsten", "Ståltag – montering", "Tagsten, vingetegl",
             "Taglægter 25×50", "Skotrende", "Udluftning af tag", "Ovenlys, 60×90", "=SUM(A1)", "+45 tag",
             "-tillæg", "@reparation", "Tæt tag", "Ålborg-tag"]
CSV_PRICES = ["38.50", "38,50", "1.234,50", "1,234.50", "12", "0,5", "12.3456", "24,8", "999999,99", "0.01"]


def make_csv_seed(rnd, known_pos):
    delim = rnd.choice([";", ",", "\t"])
    cols = ["pos", "name", "unit", "price"] + [c for c in ("section", "note") if rnd.random() < 0.5]
    rnd.shuffle(cols)
    header = [rnd.choice(CSV_HEADERS[c]) for c in cols]
    rows = []
    used = set()
    for k in range(rnd.randrange(1, 40)):
        pos = rnd.choice(known_pos) if rnd.random() < 0.5 else "%d.%02d" % (rnd.randrange(1, 12), rnd.randrange(1, 99))
        if pos in used:
            continue
        used.add(pos)
        cell = {"pos": pos, "name": rnd.choice(CSV_NAMES), "unit": rnd.choice(CSV_UNITS),
                "price": rnd.choice(CSV_PRICES), "section": rnd.choice(["Tagpap", "Tegl", "Zink, kobber", ""]),
                "note": rnd.choice(["", "se tegning", "inkl. materialer; ekskl. lift"])}
        rows.append([cell[c] for c in cols])

    def quote(v):
        if rnd.random() < 0.15 or any(ch in v for ch in (delim, '"', "\n", "\r")) or v[:1] in "=+-@":
            if v[:1] in "=+-@" and rnd.random() < 0.5:
                v = "'" + v
            return '"' + v.replace('"', '""') + '"'
        return v

    eol = rnd.choice(["\n", "\r\n"])
    text = eol.join(delim.join(quote(v) for v in r) for r in [header] + rows) + eol
    if rnd.random() < 0.2:
        text += eol
    encoding = "cp1252" if rnd.random() < 0.25 else "utf-8"
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data, encoding = text.encode("utf-8"), "utf-8"
    if encoding == "utf-8" and rnd.random() < 0.3:
        data = b"\xef\xbb\xbf" + data
    return data


def csv_split(data):
    """(bom, encoding, delimiter, eol, rows as lists of raw cell texts) for a simple CSV, or None."""
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        text, enc = body.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text, enc = body.decode("cp1252", "replace"), "cp1252"
    first = text.split("\n", 1)[0]
    delim = max([";", ",", "\t"], key=first.count)
    eol = "\r\n" if "\r\n" in text else "\n"
    rows, row, cell, q, i = [], [], "", False, 0
    while i < len(text):
        ch = text[i]
        if q:
            if ch == '"' and text[i + 1:i + 2] == '"':
                cell += '""'
                i += 1
            elif ch == '"':
                q = False
                cell += ch
            else:
                cell += ch
        elif ch == '"':
            q = True
            cell += ch
        elif ch == delim:
            row.append(cell)
            cell = ""
        elif ch == "\n" or (ch == "\r" and text[i + 1:i + 2] == "\n"):
            if ch == "\r":
                i += 1
            row.append(cell)
            rows.append(row)
            row, cell = [], ""
        else:
            cell += ch
        i += 1
    if cell or row:
        row.append(cell)
        rows.append(row)
    return bom, enc, delim, eol, rows


def csv_join(bom, enc, delim, eol, rows):
    text = eol.join(delim.join(r) for r in rows) + eol
    data = text.encode(enc, "replace")
    return (b"\xef\xbb\xbf" + data) if bom else data


def mutate_csv(rng, data, others):
    """(bytes, [names], expect65 reason or None)."""
    mode = rng.choices(["bytes", "structure", "structure+bytes"], weights=[35, 55, 10])[0]
    if mode == "bytes":
        out, names = mutate_bytes(rng, data, others)
        return out, names, None
    bom, enc, delim, eol, rows = csv_split(data)
    rows = [r for r in rows if r != [""]]
    ops, expect = [], None
    op = rng.choice(["unbalanced_quote", "extra_cells", "unknown_column", "dup_column", "drop_column",
                     "header_case", "cell_value", "cell_value", "cell_value", "control_cell", "big_cell",
                     "cp1252_bytes", "empty_rows", "delimiter_swap", "no_header", "many_rows", "bom_twice"])
    body = rows[1:]
    if op in ("cell_value", "control_cell", "extra_cells", "unbalanced_quote") and not body:
        op = "many_rows"
    if op == "unbalanced_quote":
        r = rng.randrange(1, len(rows))
        c = rng.randrange(len(rows[r]))
        rows[r][c] = '"' + rows[r][c].replace('"', "")
        later = eol.join(delim.join(x) for x in rows[r + 1:]) + delim.join(rows[r][c + 1:])
        if '"' not in later:
            expect = "accepted bad CSV (unclosed quote)"
    elif op == "extra_cells":
        r = rng.randrange(1, len(rows))
        rows[r] = rows[r] + ["x"] * rng.choice([1, 2, 50])
        expect = "accepted bad CSV (extra cells)"
    elif op == "unknown_column":
        i = rng.randrange(len(rows[0]) + 1)
        rows[0].insert(i, rng.choice(["foo", "prise", "enhedpris2", "pos2", "colour", "Pris (DKK)"]))
        for r in rows[1:]:
            r.insert(min(i, len(r)), "v")
        if rows[0][i].strip().lower() not in {h.lower() for hs in CSV_HEADERS.values() for h in hs}:
            expect = "accepted bad CSV (unknown column)"
    elif op == "dup_column":
        i = rng.randrange(len(rows[0]))
        rows[0].append(rows[0][i])
        for r in rows[1:]:
            r.append(r[i] if i < len(r) else "")
        expect = "accepted bad CSV (duplicate column)"
    elif op == "drop_column":
        i = rng.randrange(len(rows[0]))
        for r in rows:
            if i < len(r):
                del r[i]
    elif op == "header_case":
        rows[0] = [rng.choice([h.upper(), h.lower(), " " + h, h + " ", '"' + h + '"', h]) for h in rows[0]]
    elif op == "cell_value":
        for _ in range(rng.choice([1, 2, 5])):
            r = rng.randrange(1, len(rows))
            c = rng.randrange(len(rows[r]))
            v = rng.choice(NUMERIC_STRINGS + CONTROL_STRINGS[:8] + ID_STRINGS + CSV_UNITS + ["'=1", '""', '"a""b"'])
            if any(ch in v for ch in (delim, '"', "\n", "\r")):
                v = '"' + v.replace('"', '""') + '"'
            rows[r][c] = v
    elif op == "control_cell":
        r = rng.randrange(1, len(rows))
        c = rng.randrange(len(rows[r]))
        rows[r][c] = rows[r][c] + rng.choice(["\x1b[31m", "\x00", "\x07", "\x0b", "\x7f", "\u009b", "\u202e"])
    elif op == "big_cell":
        r = rng.randrange(len(rows))
        c = rng.randrange(len(rows[r]))
        size = rng.choice([100_000, 1_000_000, 10 * 1024 * 1024])
        rows[r][c] = ('"' + "x" * size + '"') if rng.random() < 0.5 else "y" * size
        op = "big_cell %d" % size
    elif op == "cp1252_bytes":
        enc = "latin-1"
        for _ in range(3):
            r = rng.randrange(len(rows))
            c = rng.randrange(len(rows[r]))
            rows[r][c] += rng.choice(["\x81", "\x8d", "\x8f", "\x90", "\x9d", "\x80", "\xe6\xf8\xe5", "\xa0"])
    elif op == "empty_rows":
        for _ in range(rng.choice([1, 5, 1000])):
            rows.insert(rng.randrange(1, len(rows) + 1), [""] if rng.random() < 0.7 else [""] * len(rows[0]))
    elif op == "delimiter_swap":
        delim = rng.choice([d for d in [";", ",", "\t", "|"] if d != delim])
    elif op == "no_header":
        rows = rows[1:] or [["1.01", "x", "m2", "1"]]
    elif op == "many_rows":
        n = rng.choice([1000, 20_000])
        for k in range(n):
            rows.append(["%d.%d" % (50 + k // 1000, k % 1000)] + ["Activity %d" % k, "m2", "1,00"][:len(rows[0]) - 1])
    elif op == "bom_twice":
        bom = True
        rows[0][0] = "\ufeff" + rows[0][0]
    ops.insert(0, op)
    out = csv_join(bom, enc, delim, eol, rows)
    if mode == "structure+bytes":
        out, more = mutate_bytes(rng, out, others)
        ops += more
        expect = None
    return out, ops, expect


# ---------------------------------------------------------------------------------------------
# Photo mutations.

def mutate_photo(rng, data, others):
    mode = rng.choices(["bytes", "truncate", "structure"], weights=[35, 25, 40])[0]
    if mode == "bytes":
        return mutate_bytes(rng, data, others)
    if mode == "truncate":
        cut = rng.choice([rng.randrange(len(data)), len(data) - rng.randrange(1, 16), len(data) // 2])
        return data[:max(cut, 0)], ["truncate to %d of %d" % (max(cut, 0), len(data))]
    b = bytearray(data)
    if data.startswith(b"\x89PNG"):
        chunks = png_chunks(data)
        op = rng.choice(["ihdr_field", "drop_iend", "drop_idat", "cut_at_chunk", "bad_idat", "huge_length",
                         "extra_chunk", "crc_only"])
        if op == "ihdr_field" and chunks:
            off = chunks[0][0] + 8
            field = rng.choice([(0, ">I", [0, 1, 0x7FFFFFFF, 0xFFFFFFFF, 65536]), (4, ">I", [0, 1, 0x7FFFFFFF, 0xFFFFFFFF]),
                                (8, ">B", [0, 1, 2, 3, 5, 16, 255]), (9, ">B", [1, 2, 3, 4, 5, 6, 7, 255]),
                                (10, ">B", [1, 255]), (11, ">B", [1, 255]), (12, ">B", [1, 2, 255])])
            struct.pack_into(field[1], b, off + field[0], rng.choice(field[2]))
            length = chunks[0][1]
            b[off + length:off + length + 4] = struct.pack(">I", zlib.crc32(bytes(b[off - 4:off + length])) & 0xFFFFFFFF)
        elif op == "drop_iend":
            b = b[:chunks[-1][0]] if chunks and chunks[-1][2] == b"IEND" else b[:-12]
        elif op == "drop_idat":
            for off, length, t in reversed(chunks):
                if t == b"IDAT":
                    del b[off:off + 12 + length]
        elif op == "cut_at_chunk" and chunks:
            off = rng.choice(chunks)[0]
            b = b[:off + rng.choice([0, 4, 8, 12])]
        elif op == "bad_idat":
            for off, length, t in chunks:
                if t == b"IDAT":
                    junk = bytes(rng.randrange(256) for _ in range(max(1, length)))
                    b[off:off + 12 + length] = png_chunk(b"IDAT", junk)
                    break
        elif op == "huge_length" and chunks:
            off, length, t = rng.choice(chunks)
            struct.pack_into(">I", b, off, rng.choice([0x7FFFFFFF, 0xFFFFFFFF, length + 1, 0x10000000]))
        elif op == "extra_chunk":
            at = chunks[min(1, len(chunks) - 1)][0] if chunks else 8
            b[at:at] = png_chunk(rng.choice([b"tEXt", b"zzZz", b"IHDR", b"IEND", b"iCCP"]),
                                 bytes(rng.randrange(256) for _ in range(rng.choice([0, 10, 1000]))))
        else:
            i = rng.randrange(8, len(b))
            b[i] ^= 0xFF
        return bytes(b), ["png:" + op]
    segs = jpeg_segments(data)
    op = rng.choice(["drop_eoi", "segment_length", "sof_field", "cut_at_segment", "garbage_between",
                     "dup_sof", "scan_garbage", "no_sos"])
    if op == "drop_eoi":
        b = b[:-2] if b.endswith(b"\xff\xd9") else b[:-rng.randrange(1, 8)]
    elif op == "segment_length" and segs:
        off = rng.choice(segs)[0]
        struct.pack_into(">H", b, off + 2, rng.choice([0, 1, 2, 3, 0xFFFF, 0x8000]))
    elif op == "sof_field":
        sofs = [s for s in segs if 0xC0 <= s[1] <= 0xCF and s[1] not in (0xC4, 0xC8, 0xCC)]
        if sofs:
            off = sofs[0][0]
            field = rng.choice([(5, ">H", [0, 1, 0xFFFF]), (7, ">H", [0, 1, 0xFFFF]), (9, ">B", [0, 2, 3, 4, 255]),
                                (4, ">B", [0, 12, 16, 255])])
            struct.pack_into(field[1], b, off + field[0], rng.choice(field[2]))
            if rng.random() < 0.3:
                b[off + 1] = rng.choice([0xC1, 0xC2, 0xC3, 0xC9, 0xCF])
    elif op == "cut_at_segment" and segs:
        s = rng.choice(segs)
        b = b[:s[0] + rng.choice([0, 2, 4, s[2]])]
    elif op == "garbage_between" and segs:
        s = rng.choice(segs)
        b[s[0]:s[0]] = bytes(rng.randrange(256) for _ in range(rng.choice([1, 3, 100])))
    elif op == "dup_sof":
        sofs = [s for s in segs if s[1] in (0xC0, 0xC2)]
        if sofs:
            off, _, length = sofs[0]
            b[off:off] = b[off:off + length]
    elif op == "scan_garbage":
        if segs and segs[-1][1] == 0xDA:
            start = segs[-1][0] + segs[-1][2]
            i = rng.randrange(start, max(start + 1, len(b) - 2))
            b[i:i + 2] = rng.choice([b"\xff\xd9", b"\xff\xda", b"\xff\xc0", b"\xff\x01", b"\xff\xff"])
    elif op == "no_sos":
        b = b[:segs[-1][0]] + b"\xff\xd9" if segs else b
    return bytes(b), ["jpeg:" + op]


# ---------------------------------------------------------------------------------------------
# The catalogue search index (.catalogue-index): parse, change a field, fix its trailing hash.

MASK64 = (1 << 64) - 1


def index_hash(b):
    """CatalogueIndex.Hash (Sources/AkkordKit/Catalogue/CatalogueIndex.swift): ByteHash's step in
    four lanes, one 8-byte word of each 32 bytes to each lane."""
    def step(h, w):
        h = ((h ^ w) * 0x100000001b3) & MASK64
        return h ^ (h >> 29)
    start = 0xcbf29ce484222325
    lanes = [start, start ^ 1, start ^ 2, start ^ 3]
    i, n = 0, len(b)
    while i + 32 <= n:
        for k in range(4):
            lanes[k] = step(lanes[k], int.from_bytes(b[i + 8 * k:i + 8 * k + 8], "little"))
        i += 32
    while i + 8 <= n:
        lanes[0] = step(lanes[0], int.from_bytes(b[i:i + 8], "little"))
        i += 8
    while i < n:
        lanes[0] = step(lanes[0], b[i])
        i += 1
    return step(step(step(lanes[0], lanes[1]), lanes[2]), lanes[3])


INDEX_LABELS_START = 8 + 8 + 16 + 7 * 8   # marker, labels' end, stamp, identity


def index_fields(b):
    """[(offset, kind)] of the index's integer fields: 'len' (a string length), 'count', 'price',
    'labels end', and in the labels (what completion reads) 'len32' and 'count32' (4 bytes)."""
    fields, body = [(8, "labels end")], len(b) - 8

    def i64(at):
        return struct.unpack_from("<q", b, at)[0]

    def u32(at):
        return struct.unpack_from("<I", b, at)[0]
    try:
        labels_end = i64(8)
        at = INDEX_LABELS_START
        while at < labels_end and len(fields) < 20_000:
            for _ in range(3):   # pos, name, section
                fields.append((at, "len32"))
                at += 4 + u32(at)
            fields.append((at, "count32"))
            languages = u32(at)
            at += 4
            for _ in range(min(languages, 64) * 2):   # code and name of each translation
                fields.append((at, "len32"))
                at += 4 + u32(at)
        at = labels_end + 8
        for _ in range(4):
            fields.append((at, "len"))
            at += 8 + i64(at)
        fields.append((at, "count"))
        n = i64(at)
        at += 8
        for _ in range(min(n, 100_000)):
            if at >= body:
                break
            fields.append((at, "price"))
            at += 8
            # pos, name, unit, section, note, keywords, folded pos, folded name and keywords
            for _ in range(8):
                fields.append((at, "len"))
                at += 8 + i64(at)
            # translations: their number, then code, name, section and note of each
            fields.append((at, "count"))
            languages = i64(at)
            at += 8
            for _ in range(min(languages, 64) * 4):
                fields.append((at, "len"))
                at += 8 + i64(at)
    except struct.error:
        pass
    return fields


def mutate_index(rng, data):
    b = bytearray(data)
    fields = [f for f in index_fields(data) if f[0] + 8 <= len(data) - 8]
    op = rng.choice(["field", "field", "field", "string_bytes", "truncate_record", "bytes"])
    if op == "field" and fields:
        off, kind = rng.choice(fields)
        old = struct.unpack_from("<q", b, off)[0]
        if kind in ("len32", "count32"):
            old = struct.unpack_from("<I", b, off)[0]
            values = [0xFFFFFFFF, old + 1, old - 1, 0, 2 ** 31, len(data), 64, 65]
            struct.pack_into("<I", b, off, rng.choice(values) & 0xFFFFFFFF)
        else:
            values = {"len": [-1, old + 1, old - 1, 2 ** 62, 2 ** 63 - 1, -(2 ** 63), 2 ** 31, len(data)],
                      "labels end": [-1, old + 1, old - 1, old + 8, 0, INDEX_LABELS_START, len(data) - 16, len(data)],
                      "count": [-1, old + 1, old - 1, 0, 2 ** 63 - 1, 9_999_999, 10_000_000],
                      "price": [2 ** 63 - 1, -(2 ** 63), -1, 0, 10 ** 18, 1, -(10 ** 15), 922337203685477]}[kind]
            struct.pack_into("<q", b, off, rng.choice(values))
        name = "index %s@%d" % (kind, off)
    elif op == "string_bytes" and fields:
        lens = [f for f in fields if f[1] in ("len", "len32")]
        off, kind = rng.choice(lens)
        width = 4 if kind == "len32" else 8
        n = struct.unpack_from("<I" if width == 4 else "<q", b, off)[0]
        if 0 < n < 10_000:
            i = off + width + rng.randrange(n)
            b[i] = rng.choice([0x00, 0x1B, 0xFF, 0xC3, 0x80, 0xED])
        name = "index string byte"
    elif op == "truncate_record" and fields:
        off = rng.choice(fields)[0]
        b = b[:off] + b[-8:]
        name = "index cut at %d" % off
    else:
        out, names = mutate_bytes(rng, bytes(b))
        b = bytearray(out)
        name = "index bytes " + ",".join(names)
    # Both hashes made to match: the labels' (where the labels now end, when that is a place
    # the index can have) and the trailer.
    if len(b) >= 16:
        labels_end = struct.unpack_from("<q", b, 8)[0]
        if INDEX_LABELS_START <= labels_end <= len(b) - 16:
            struct.pack_into("<Q", b, labels_end, index_hash(bytes(b[:labels_end])))
        struct.pack_into("<Q", b, len(b) - 8, index_hash(bytes(b[:-8])))
    return bytes(b), [name, "hashes fixed"]


# ---------------------------------------------------------------------------------------------
# Running akkord.

class Cmd:
    def __init__(self, args, reads=False, writes=False, terminal=True, role=None):
        self.args = args          # argv after the binary and --store
        self.reads = reads        # reads the mutated file: must exit 65 when it is invalid
        self.writes = writes      # changes the store when it succeeds
        self.terminal = terminal  # prints text for a terminal (checked for control characters)
        self.role = role          # 'photo-add', 'import'


def snapshot(dirs):
    snap = {}
    for d in dirs:
        if not os.path.isdir(d):
            continue
        for root, subdirs, files in os.walk(d):
            for f in files:
                p = os.path.join(root, f)
                if f in EXCLUDED_FILES and root == d:
                    continue
                if os.path.islink(p):
                    snap[p] = ("link", os.readlink(p))
                    continue
                try:
                    with open(p, "rb") as fh:
                        data = fh.read()
                except OSError as e:
                    snap[p] = ("unreadable", str(e))
                    continue
                snap[p] = (len(data), hashlib.sha256(data).hexdigest())
    return snap


def diff_snapshots(a, b):
    changes = []
    for p in sorted(set(a) | set(b)):
        if p not in a:
            changes.append("new " + p)
        elif p not in b:
            changes.append("removed " + p)
        elif a[p] != b[p]:
            changes.append("changed " + p)
    return changes


class Case:
    def __init__(self, target, seed, workdir):
        self.target = target
        self.seed = seed
        self.dir = workdir
        self.store = os.path.join(workdir, "store")
        self.watch = [self.store]
        self.inputs = {}            # name -> bytes (saved when the case fails)
        self.mutation = []
        self.commands = []
        self.expect65 = None        # reason kind when every reading command must exit 65
        self.expect65_detail = ""
        self.expect65_file = None   # (path, bytes): the expectation holds while the file is unchanged
        self.check_after_write = True
        self.known_clean = False    # the store passes `check` before the first command
        self.env = {}


class Finding:
    def __init__(self, case, kind, cmd, rc, stderr, detail=""):
        self.target = case.target
        self.seed = case.seed
        self.kind = kind
        self.cmd = cmd
        self.rc = rc
        self.first_stderr = next((l for l in stderr.splitlines() if l.strip()), "")[:200]
        self.detail = detail
        self.saved = None

    def line(self):
        s = "FAIL %s:%d [%s] exit %s: %s" % (self.target, self.seed, self.kind, self.rc, self.cmd)
        if self.first_stderr:
            s += "\n     stderr: " + self.first_stderr
        if self.detail:
            s += "\n     " + self.detail[:300]
        if self.saved:
            s += "\n     input: " + self.saved
        return s


def command_text(ctx, case, args):
    return " ".join(shlex.quote(a) for a in ["akkord", "--store", case.store] + args)


def run_command(ctx, case, cmd):
    env = dict(ctx.base_env)
    env["HOME"] = os.path.join(case.dir, "home")
    env["XDG_CONFIG_HOME"] = os.path.join(case.dir, "config")
    env["XDG_DATA_HOME"] = os.path.join(case.dir, "data")
    env.update(case.env)
    # An argument cannot hold NUL: it becomes U+0001, which is still a control character.
    argv = [ctx.bin, "--store", case.store] + [a.replace("\x00", "\x01") for a in cmd.args]
    start = time.monotonic()
    try:
        p = subprocess.run(argv, env=env, cwd=case.dir, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=ctx.timeout)
        return p.returncode, p.stdout, p.stderr, False, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b"", True, time.monotonic() - start


def stored_photos(case):
    d = os.path.join(case.store, "photos")
    return set(os.listdir(d)) if os.path.isdir(d) else set()


def still_there(case):
    """Is the invalid file still as the case wrote it (a wrong exit 0 may have rewritten it)?"""
    if case.expect65_file is None:
        return True
    path, data = case.expect65_file
    try:
        return read(path) == data
    except OSError:
        return False


def execute(ctx, case, verbose=False):
    """Runs the case's commands and returns its findings."""
    findings = []
    before = snapshot(case.watch)
    check_clean = True if case.known_clean else None   # did `check` pass before any write?
    wrote = []              # writing commands that exited 0
    for cmd in case.commands:
        photos_before = stored_photos(case) if cmd.role == "photo-add" else None
        invalid_now = case.expect65 and cmd.reads and still_there(case)
        controls_before = stored_controls(case, before) if cmd.writes else set()
        rc, out, err, timed_out, secs = run_command(ctx, case, cmd)
        text = command_text(ctx, case, cmd.args)
        err_text = err.decode("utf-8", "replace")
        if verbose:
            print("  $ %s\n    exit %s in %.2fs; stderr: %s" % (text, "timeout" if timed_out else rc, secs,
                  next((l for l in err_text.splitlines() if l.strip()), "")[:200]))

        def fail(kind, detail=""):
            findings.append(Finding(case, kind, text, "timeout" if timed_out else rc, err_text, detail))

        m = TRAP_TEXT.search(err_text)
        trap_line = next((l for l in err_text.splitlines() if TRAP_TEXT.search(l)), "")[:200] if m else ""
        if timed_out:
            fail("timeout", "no exit within %g s" % ctx.timeout)
        elif rc < 0:
            sig = -rc
            name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
            fail("trap" if sig in (signal.SIGILL, signal.SIGTRAP) else "signal",
                 "killed by " + name + ("; " + trap_line if trap_line else ""))
        else:
            if rc not in ALLOWED_EXIT:
                fail("bad exit", "exit %d is not one of 0, 1, 64, 65, 75" % rc)
            if trap_line:
                fail("trap text", trap_line)
        long_lines = [l for l in err_text.splitlines() if len(l) >= MAX_STDERR_LINE]
        if long_lines:
            fail("long line", "stderr line of %d characters" % max(len(l) for l in long_lines))
        ctl = CONTROL_RE.search(err_text)
        if ctl:
            fail("control char on stderr", "U+%04X printed" % ord(ctl.group(0)))
        ctl = cmd.terminal and CONTROL_RE.search(out.decode("utf-8", "replace"))
        if ctl:
            fail("control char in output", "U+%04X printed" % ord(ctl.group(0)))
        if invalid_now and rc != 65 and not timed_out:
            fail(case.expect65, "want exit 65: " + case.expect65_detail)
        after = snapshot(case.watch)
        if rc != 0:
            changes = diff_snapshots(before, after)
            if changes:
                fail("changed on refusal", "; ".join(changes[:3]))
        if rc == 0 and cmd.role == "photo-add":
            for f in sorted(stored_photos(case) - photos_before):
                with open(os.path.join(case.store, "photos", f), "rb") as fh:
                    data = fh.read()
                why = check_png(data) if data.startswith(b"\x89PNG") else check_jpeg(data)
                if why:
                    fail("bad photo stored", "photos/%s: %s" % (f, why))
        if rc == 0 and cmd.writes:
            new = stored_controls(case, after) - controls_before
            if new:
                fail("control char stored", sorted(new)[0])
        if cmd.args[:1] == ["check"] and check_clean is None and not wrote:
            check_clean = rc == 0
        if rc == 0 and cmd.writes:
            wrote.append(text)
        before = after
    if wrote and check_clean and case.check_after_write:
        cmd = Cmd(["check"])
        rc, out, err, timed_out, secs = run_command(ctx, case, cmd)
        if verbose:
            print("  $ %s\n    exit %s" % (command_text(ctx, case, cmd.args), rc))
        if rc != 0:
            findings.append(Finding(case, "unreadable after write", command_text(ctx, case, ["check"]),
                                    "timeout" if timed_out else rc, err.decode("utf-8", "replace"),
                                    "after: " + wrote[-1]))
    return findings


# ---------------------------------------------------------------------------------------------
# Seeds.

class Context:
    pass


def akkord(ctx, store, *args, env=None, check=True):
    e = dict(ctx.base_env)
    e["HOME"] = os.path.join(ctx.work, "home")
    if env:
        e.update(env)
    p = subprocess.run([ctx.bin, "--store", store] + list(args), env=e, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if check and p.returncode != 0:
        raise SystemExit("fuzz: seed command failed (exit %d): akkord %s\n%s" % (
            p.returncode, " ".join(args), p.stderr.decode("utf-8", "replace")))
    return p


def normalize_times(store):
    """Fixed times in project files, so a case's bytes do not depend on the day the seed was made."""
    d = os.path.join(store, "projects")
    for f in os.listdir(d):
        p = os.path.join(d, f)
        with open(p, "rb") as fh:
            data = fh.read()
        data = re.sub(rb'"(created|added)": "\d{4}-\d\d-\d\d"', rb'"\1": "2026-05-01"', data)
        data = re.sub(rb'"time": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"', b'"time": "2026-05-01T12:00:00Z"', data)
        with open(p, "wb") as fh:
            fh.write(data)


def read(path):
    with open(path, "rb") as fh:
        return fh.read()


def build_seeds(ctx):
    ctx.seeds = {}
    root = os.path.join(ctx.work, "seeds")
    os.makedirs(root)
    photos = [os.path.join(PHOTO_FIXTURES, f) for f in sorted(os.listdir(PHOTO_FIXTURES))
              if f.endswith((".jpg", ".png"))]

    # A store with every kind of entry, built with the binary.
    full = os.path.join(root, "full")
    akkord(ctx, full, "project", "new", "Nørregade 3", "--start", "2026-04-01")
    akkord(ctx, full, "add", "3.01", "4", "--date", "2026-04-02")
    akkord(ctx, full, "project", "new", "Vestergade 12, Århus", "--address", "Vestergade 12, 8000 Aarhus C",
           "--employer", "Tag & Co", "--customer", "Boligselskabet Øst", "--start", "2026-05-01", "--note", "tagpap")
    for args in (["add", "2.01", "12,5", "--note", "north side", "--date", "2026-05-04"],
                 ["add", "1.01", "3", "--date", "2026-05-04"],
                 ["add", "--custom", "Moss removal", "--unit", "kvm", "--price", "19,99", "7,25", "--date", "2026-05-05"],
                 ["add", "2.04", "1.234,5", "--date", "2026-05-06"],
                 ["worker", "add", "Jens Hansen"],
                 ["worker", "add", "Ali Nielsen", "--apprentice", "--rate", "128,40"],
                 ["worker", "add", "Søren Ødegård"],
                 ["hours", "add", "jens", "37:30", "--date", "2026-05-08"],
                 ["hours", "add", "ali", "20", "--date", "2026-05-08"],
                 ["hours", "add", "soeren", "7:20", "--date", "2026-05-09", "--note", "weekend"],
                 ["advance", "add", "jens", "5000", "--note", "aconto week 19", "--date", "2026-05-09"],
                 ["supplement", "add", "Height supplement", "4,5"],
                 ["extra", "add", "Extra flashing (agreement 17)", "--amount", "1850"],
                 ["extra", "add", "Snow clearing", "--hours", "3:30", "--rate", "342,50"],
                 ["photo", "add"] + photos[:2] + ["--caption", "North side before felt"]):
        akkord(ctx, full, *args)
    normalize_times(full)
    ctx.seeds["store:full"] = full
    state = jparse(read(os.path.join(full, "store.json")).decode())
    ctx.project_id = jget(state, "currentProject")
    ctx.project_file = os.path.join("projects", ctx.project_id + ".json")
    ctx.project_seeds = [read(os.path.join(full, "projects", f)) for f in sorted(os.listdir(os.path.join(full, "projects")))]
    ctx.project_seeds.sort(key=len, reverse=True)
    for s in ctx.project_seeds:
        learn_schema("project", s)
    learn_schema("store", read(os.path.join(full, "store.json")))

    # A store with a deleted project in the trash (its photo kept for it), from the full one.
    trash = os.path.join(root, "trash")
    shutil.copytree(full, trash, symlinks=True)
    akkord(ctx, trash, "project", "new", "Gamma")
    akkord(ctx, trash, "add", "2.01", "3", "--date", "2026-05-04")
    akkord(ctx, trash, "photo", "add", photos[-1])
    akkord(ctx, trash, "project", "delete", "gamma", "--yes")
    akkord(ctx, trash, "project", "use", ctx.project_id)
    normalize_times(trash)
    ctx.seeds["store:trash"] = trash

    # Catalogue JSON seeds: the bundled catalogue as exported, and variants of it.
    exported = akkord(ctx, os.path.join(root, "nostore"), "catalogue", "export", "--format", "json").stdout
    learn_schema("catalogue", exported)
    doc = jparse(exported.decode())
    acts = jget(doc, "activities")
    ctx.known_pos = [jget(a, "pos") for a in acts]
    rnd = random.Random(11)
    cats = [exported]
    for k in range(11):
        d = copy.deepcopy(doc)
        sub = rnd.sample(jget(d, "activities"), rnd.randrange(1, len(acts) + 1))
        if not any(jget(a, "pos") == "1.01" for a in sub):
            sub.insert(0, copy.deepcopy(acts[0]))
        for a in sub:
            r = rnd.random()
            if r < 0.2:
                jset(a, "price", Raw(jget(a, "price").rstrip("0").rstrip(".") or "0"))
            elif r < 0.4:
                jset(a, "price", jget(a, "price").replace(".", ","))
            if rnd.random() < 0.2:
                jset(a, "unit", rnd.choice(CSV_UNITS))
            if rnd.random() < 0.1:
                jset(a, "name", jget(a, "name") + " tag")
        jset(d, "activities", sub)
        jset(d, "edition", "2026-%d" % (k + 2))
        if k % 3 == 0:
            d[:] = [p for p in d if p[0] not in ("validFrom", "currency")]
        cats.append(jdump(d, pretty=k % 2 == 0))
    ctx.catalogue_seeds = cats

    # A store with an imported catalogue, its search index, and a project.
    imported = os.path.join(root, "imported")
    src = os.path.join(root, "import-seed.json")
    with open(src, "wb") as fh:
        fh.write(cats[1])
    akkord(ctx, imported, "catalogue", "import", src, "--replace", "--edition", "2026-fuzz")
    akkord(ctx, imported, "project", "new", "Tagvej 1")
    akkord(ctx, imported, "add", "1.01", "2", "--date", "2026-05-04")
    akkord(ctx, imported, "catalogue", "list")
    normalize_times(imported)
    if not os.path.exists(os.path.join(imported, ".catalogue-index")):
        raise SystemExit("fuzz: no .catalogue-index in the seed store")
    learn_schema("catalogue", read(os.path.join(imported, "catalogue.json")))
    ctx.seeds["store:imported"] = imported

    # CSV seeds.
    rnd = random.Random(12)
    ctx.csv_seeds = [make_csv_seed(rnd, ctx.known_pos) for _ in range(16)]
    ctx.csv_seeds.append(akkord(ctx, os.path.join(root, "nostore"), "catalogue", "export", "--format", "csv").stdout)
    ctx.csv_seeds.append(akkord(ctx, os.path.join(root, "nostore"), "--lang", "da", "catalogue", "export",
                                "--format", "csv").stdout)

    # Photo seeds: the fixtures and a few PNGs made here.
    ctx.photo_seeds = [read(p) for p in photos]
    ctx.photo_seeds += [make_png(7, 5, 8, 2, seed=1), make_png(3, 3, 8, 0, seed=2), make_png(4, 4, 1, 0, seed=3),
                        make_png(5, 2, 8, 3, seed=4), make_png(6, 6, 8, 2, interlace=0, seed=5)]

    # Config seed (used only when the binary has `config`).
    ctx.config_seed = jdump(JObj([["format", "akkord-config"], ["version", Raw("1")], ["lang", "da"],
                                  ["holidayPay", True], ["deadlineWorkdays", Raw("10")]]))

    # Bundle seed (used only when the binary has `project import`): from `project export` when
    # there is one, else made here as SPEC §10 describes it.
    ctx.bundle_seed = None
    if ctx.available.get("bundle"):
        out = os.path.join(root, "seed.akkord")
        p = akkord(ctx, full, "project", "export", "-o", out, check=False)
        if p.returncode == 0 and os.path.exists(out):
            ctx.bundle_seed = read(out)
        else:
            proj = jparse(read(os.path.join(full, ctx.project_file)).decode())
            ph = []
            for f in sorted(os.listdir(os.path.join(full, "photos"))):
                data = read(os.path.join(full, "photos", f))
                ph.append(JObj([["file", f], ["sha256", hashlib.sha256(data).hexdigest()],
                                ["data", base64.b64encode(data).decode()]]))
            ctx.bundle_seed = jdump(JObj([["format", "akkord-bundle"], ["version", Raw("1")], ["project", proj],
                                          ["photos", ph]]))
        learn_schema("bundle", ctx.bundle_seed)


# ---------------------------------------------------------------------------------------------
# Targets: each makes one case (a store, an input, the commands to run). Adding a reader is one
# entry in TARGETS.

def copy_store(ctx, case, name):
    shutil.copytree(ctx.seeds[name], case.store, symlinks=True)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)


def set_expect(case, data, kind, path=None):
    v = json_verdict(data, kind)
    if v:
        case.expect65, case.expect65_detail = v
        if path:
            case.expect65_file = (path, data)


def catalogue_json_case(ctx, case, rng):
    seed = rng.choice(ctx.catalogue_seeds)
    data, case.mutation = mutate_json_file(rng, seed, ctx.catalogue_seeds)
    if rng.random() < 0.5:
        copy_store(ctx, case, "store:imported")
    case.known_clean = True
    path = os.path.join(case.dir, rng.choice(["in.json", "in.txt", "in"]))
    write(path, data)
    case.inputs[os.path.basename(path)] = data
    set_expect(case, data, "catalogue")
    flags = rng.choice([[], ["--replace"], ["--dry-run"], ["--json"], ["--replace", "--dry-run"]])
    fmt = ["--format", "json"] if rng.random() < 0.8 or not path.endswith(".json") else []
    case.commands.append(Cmd(["catalogue", "import", path] + fmt + flags, reads=True, writes="--dry-run" not in flags,
                             terminal="--json" not in flags, role="import"))
    case.commands.append(Cmd(["catalogue", "list"]))


def catalogue_csv_case(ctx, case, rng):
    seed = rng.choice(ctx.csv_seeds)
    data, case.mutation, expect = mutate_csv(rng, seed, ctx.csv_seeds)
    if expect:
        case.expect65, case.expect65_detail = expect, case.mutation[0]
    if rng.random() < 0.5:
        copy_store(ctx, case, "store:imported")
    case.known_clean = True
    path = os.path.join(case.dir, rng.choice(["in.csv", "in.tsv", "in.txt", "in.csv"]))
    write(path, data)
    case.inputs[os.path.basename(path)] = data
    flags = rng.choice([[], ["--replace"], ["--dry-run"], ["--json"], ["--dry-run", "--json"]])
    fmt = ["--format", "csv"] if rng.random() < 0.8 else []
    case.commands.append(Cmd(["catalogue", "import", path] + fmt + flags, reads=True, writes="--dry-run" not in flags,
                             terminal="--json" not in flags, role="import"))
    case.commands.append(Cmd(["catalogue", "list"]))


PROJECT_READERS = [["lines"], ["lines", "--json"], ["report"], ["report", "--format", "json"],
                   ["report", "--format", "csv"], ["report", "--format", "html"], ["project", "list"],
                   ["project", "show"], ["history"], ["photo", "list"], ["report", "--format", "pdf", "-o", "@OUT"],
                   ["--lang", "da", "report"], ["worker", "list"]]
PROJECT_WRITERS = [["add", "1.01", "2"], ["edit", "1", "--quantity", "3"], ["worker", "add", "X"]]
MACHINE_OUTPUT = ("--json", "json", "csv", "html", "pdf")


def project_case(ctx, case, rng):
    copy_store(ctx, case, "store:full")
    path = os.path.join(case.store, ctx.project_file)
    seed = read(path)
    data, case.mutation = mutate_json_file(rng, seed, ctx.project_seeds, project=True)
    write(path, data)
    case.inputs["project.json"] = data
    set_expect(case, data, "project", path)
    case.commands.append(Cmd(["check"], reads=True))
    readers = rng.sample(PROJECT_READERS, ctx.project_readers)
    for args in readers:
        args = [os.path.join(case.dir, "out.pdf") if a == "@OUT" else a for a in args]
        case.commands.append(Cmd(args, reads=True, terminal=not any(a in MACHINE_OUTPUT for a in args)))
    for args in PROJECT_WRITERS:
        case.commands.append(Cmd(args, reads=True, writes=True))


def store_json_case(ctx, case, rng):
    copy_store(ctx, case, "store:full")
    path = os.path.join(case.store, "store.json")
    seed = read(path)
    data, case.mutation = mutate_json_file(rng, seed, [seed] + ctx.project_seeds[-1:])
    write(path, data)
    case.inputs["store.json"] = data
    set_expect(case, data, "store", path)
    case.commands += [Cmd(["project", "list"], reads=True), Cmd(["lines"], reads=True), Cmd(["check"], reads=True),
                      Cmd(["project", "use", ctx.project_id], reads=True, writes=True)]


def store_catalogue_case(ctx, case, rng):
    copy_store(ctx, case, "store:imported")
    cat = os.path.join(case.store, "catalogue.json")
    idx = os.path.join(case.store, ".catalogue-index")
    mode = rng.choices(["catalogue.json", "index bytes", "index fields"], weights=[60, 15, 25])[0]
    if mode == "catalogue.json":
        data, case.mutation = mutate_json_file(rng, read(cat), ctx.catalogue_seeds)
        write(cat, data)
        case.inputs["catalogue.json"] = data
        set_expect(case, data, "catalogue", cat)
    elif mode == "index bytes":
        data, case.mutation = mutate_bytes(rng, read(idx))
        write(idx, data)
        case.inputs[".catalogue-index"] = data
    else:
        data, case.mutation = mutate_index(rng, read(idx))
        write(idx, data)
        case.inputs[".catalogue-index"] = data
    # Completion reads the index's labels only, and exits 0 whatever it finds (§11).
    case.commands += [Cmd(["__complete", "pos", "--describe"]), Cmd(["__complete", "section", "--", "T"]),
                      Cmd(["catalogue", "list"], reads=True), Cmd(["catalogue", "search", "tag"], reads=True),
                      Cmd(["check"], reads=True), Cmd(["add", "1.01", "1"], reads=True, writes=True)]


def photo_case(ctx, case, rng):
    copy_store(ctx, case, "store:full")
    seed = rng.choice(ctx.photo_seeds)
    data, case.mutation = mutate_photo(rng, seed, ctx.photo_seeds)
    name = rng.choice(["in.jpg", "in.png", "photo", "in.JPG", "in.txt"])
    path = os.path.join(case.dir, name)
    write(path, data)
    case.inputs[name] = data
    caption = rng.choice([[], [], ["--caption", "Tag"], ["--caption", rng.choice(CONTROL_STRINGS[:6] + ["x" * 300])]])
    case.known_clean = True
    case.commands += [Cmd(["photo", "add", path] + caption, writes=True, role="photo-add"),
                      Cmd(["photo", "list"]), Cmd(["report", "--format", "pdf", "-o", os.path.join(case.dir, "out.pdf")])]


def config_case(ctx, case, rng):
    copy_store(ctx, case, "store:full")
    cfg = os.path.join(case.dir, "config", "akkord", "config.json")
    data, case.mutation = mutate_json_file(rng, ctx.config_seed, [ctx.config_seed])
    write(cfg, data)
    case.inputs["config.json"] = data
    case.watch.append(os.path.dirname(cfg))
    set_expect(case, data, "config", cfg)
    case.commands += [Cmd(["config", "list"], reads=True), Cmd(["config", "list", "--json"], reads=True, terminal=False),
                      Cmd(["config", "get", "lang"], reads=True), Cmd(["lines"]),
                      Cmd(["config", "set", "lang", "en"], reads=True, writes=True)]


def bundle_case(ctx, case, rng):
    copy_store(ctx, case, "store:full" if rng.random() < 0.5 else "store:imported")
    data, case.mutation = mutate_json_file(rng, ctx.bundle_seed, [ctx.bundle_seed] + ctx.project_seeds)
    path = os.path.join(case.dir, "in.akkord")
    write(path, data)
    case.inputs["in.akkord"] = data
    set_expect(case, data, "bundle")
    flags = rng.choice([[], ["--as", "fuzzed"], ["--replace"]])
    case.commands += [Cmd(["check"]), Cmd(["project", "import", path] + flags, reads=True, writes=True),
                      Cmd(["project", "list"]), Cmd(["lines"])]


def undo_step_case(ctx, case, rng):
    """The kept step `undo` puts back (undo/<id>/<n>.json, the highest n), mutated."""
    copy_store(ctx, case, "store:full")
    steps = os.path.join(case.store, "undo", ctx.project_id)
    last = max((f for f in os.listdir(steps) if f.endswith(".json") and f[:-5].isdigit()), key=lambda f: int(f[:-5]))
    path = os.path.join(steps, last)
    data, case.mutation = mutate_json_file(rng, read(path), ctx.project_seeds, project=True)
    write(path, data)
    case.inputs["undo/" + last] = data
    set_expect(case, data, "project", path)
    case.commands += [Cmd(["check"], reads=True), Cmd(["undo", "--dry-run"], reads=True),
                      Cmd(["undo"], reads=True, writes=True), Cmd(["lines"]), Cmd(["history"])]


def trash_case(ctx, case, rng):
    """A deleted project's file in the trash, mutated: `restore` reads it as a project file;
    `check` notes one that does not read (a damaged file may be moved there as it was) and keeps
    the photos it could name."""
    copy_store(ctx, case, "store:trash")
    path = os.path.join(case.store, "trash", "gamma.json")
    data, case.mutation = mutate_json_file(rng, read(path), ctx.project_seeds, project=True)
    write(path, data)
    case.inputs["trash/gamma.json"] = data
    set_expect(case, data, "project", path)
    case.commands += [Cmd(["check"]), Cmd(["check", "--fix"], writes=True), Cmd(["project", "list", "--trash"]),
                      Cmd(["project", "restore", "gamma"], reads=True, writes=True), Cmd(["project", "list"]), Cmd(["lines"])]


def has_help(ctx, *words):
    e = dict(ctx.base_env)
    e["HOME"] = os.path.join(ctx.work, "home")
    p = subprocess.run([ctx.bin] + list(words) + ["--help"], env=e, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
    return p.returncode == 0


# name, weight (share of the cases), make(ctx, case, rng), available(ctx) or None for always
TARGETS = [
    ("catalogue-json", 14, catalogue_json_case, None),
    ("catalogue-csv", 18, catalogue_csv_case, None),
    ("project", 32, project_case, None),
    ("store-json", 8, store_json_case, None),
    ("store-catalogue", 16, store_catalogue_case, None),
    ("photo", 12, photo_case, None),
    ("config", 8, config_case, lambda ctx: has_help(ctx, "config", "list")),
    ("bundle", 8, bundle_case, lambda ctx: has_help(ctx, "project", "import")),
    ("undo-step", 8, undo_step_case, lambda ctx: has_help(ctx, "undo")),
    ("trash", 8, trash_case, lambda ctx: has_help(ctx, "project", "restore")),
]
TARGET_BY_NAME = {t[0]: t for t in TARGETS}


def schedule(ctx, cases, only=()):
    """The target of each case index: in proportion to the weights, interleaved."""
    live = [t for t in TARGETS if ctx.available[t[0]] and (not only or t[0] in only)]
    if not live:
        return []
    total = sum(t[1] for t in live)
    order, credit = [], {t[0]: 0.0 for t in live}
    for _ in range(cases):
        for t in live:
            credit[t[0]] += t[1] / total
        best = max(live, key=lambda t: credit[t[0]])
        credit[best[0]] -= 1
        order.append(best[0])
    return order


# ---------------------------------------------------------------------------------------------
# Worker side.

CTX = None


def init_worker(ctx):
    global CTX
    CTX = ctx
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_case(job, verbose=False, keep=False):
    try:
        return run_case_unguarded(job, verbose, keep)
    except Exception:
        import traceback
        target, seed = job
        case = Case(target, seed, "")
        f = Finding(case, "harness error", "(fuzz.py)", "-", traceback.format_exc().splitlines()[-1],
                    traceback.format_exc()[-600:])
        return target, seed, [f], 0, 0.0


def run_case_unguarded(job, verbose=False, keep=False):
    target, seed = job
    ctx = CTX
    start = time.monotonic()
    workdir = os.path.join(ctx.work, "cases", "%s-%d" % (target, seed))
    if os.path.exists(workdir):
        shutil.rmtree(workdir)
    os.makedirs(os.path.join(workdir, "home"))
    case = Case(target, seed, workdir)
    rng = random.Random(seed)
    TARGET_BY_NAME[target][2](ctx, case, rng)
    if verbose:
        print("case %s:%d  mutation: %s" % (target, seed, "; ".join(case.mutation)))
        if case.expect65:
            print("  expect 65 from reading commands: %s (%s)" % (case.expect65, case.expect65_detail))
    findings = [f for f in execute(ctx, case, verbose) if f.kind not in ctx.ignore]
    if findings:
        saved = os.path.join(ctx.failures, "%s-%d" % (target, seed))
        os.makedirs(saved, exist_ok=True)
        for name, data in case.inputs.items():
            write(os.path.join(saved, name.lstrip(".") or "input"), data)
        with open(os.path.join(saved, "case.txt"), "w") as fh:
            fh.write("case %s:%d\nmutation: %s\n" % (target, seed, "; ".join(case.mutation)))
            for f in findings:
                fh.write(f.line() + "\n")
        names = sorted(case.inputs)
        for f in findings:
            f.saved = os.path.join(saved, (names[0].lstrip(".") or "input") if names else "")
            f.mutation = "; ".join(case.mutation)
    if not keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return target, seed, findings, len(case.commands), time.monotonic() - start


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="Seeded mutation fuzzer over akkord's readers.")
    ap.add_argument("--bin", required=True, help="the akkord binary")
    ap.add_argument("--cases", type=int, default=2000, help="number of cases (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed; case i uses BASE*1000003+i")
    ap.add_argument("--case", action="append", default=[], metavar="TARGET:SEED",
                    help="rerun one case (repeatable); prints each command and keeps its directory")
    ap.add_argument("--only", action="append", default=[], metavar="TARGET", help="run only these targets")
    ap.add_argument("--jobs", type=int, default=0, help="parallel cases (default: CPUs + 2, at most 4)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per command (default 10)")
    ap.add_argument("--readers", type=int, default=4,
                    help="project target: how many of the %d reading commands each case runs" % len(PROJECT_READERS))
    ap.add_argument("--workdir", help="where cases run (default: a new directory in /dev/shm or $TMPDIR)")
    ap.add_argument("--keep", action="store_true", help="keep every case directory")
    ap.add_argument("--show", type=int, default=40, help="failures printed in full (default 40)")
    ap.add_argument("--ignore", action="append", default=[], metavar="KIND",
                    help="do not count findings of this kind (e.g. 'control char in output'); repeatable")
    ap.add_argument("--list-targets", action="store_true")
    args = ap.parse_args()

    ctx = Context()
    ctx.bin = os.path.abspath(args.bin)
    if not os.access(ctx.bin, os.X_OK):
        print("fuzz: %s is not an executable" % ctx.bin, file=sys.stderr)
        return 2
    ctx.timeout = args.timeout
    ctx.ignore = set(args.ignore)
    ctx.project_readers = max(0, min(args.readers, len(PROJECT_READERS)))
    base = args.workdir
    if not base:
        base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) and "TMPDIR" not in os.environ else None
    ctx.work = tempfile.mkdtemp(prefix="akkord-fuzz-", dir=base)
    ctx.failures = os.path.join(ctx.work, "failures")
    os.makedirs(os.path.join(ctx.work, "home"))
    ctx.base_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LC_ALL": "C",
                    "AKKORD_LOCK_TIMEOUT": "2", "TZ": "UTC"}
    ctx.available = {name: (avail is None or avail(ctx)) for name, _, _, avail in TARGETS}
    if args.list_targets:
        for name, weight, _, _ in TARGETS:
            print("%-16s weight %2d  %s" % (name, weight, "available" if ctx.available[name] else "not in this binary"))
        shutil.rmtree(ctx.work)
        return 0
    started = time.monotonic()
    build_seeds(ctx)

    if args.case:
        jobs = []
        for spec in args.case:
            target, _, seed = spec.rpartition(":")
            if target not in TARGET_BY_NAME or not seed.lstrip("-").isdigit():
                print("fuzz: --case wants TARGET:SEED, TARGET one of %s" % ", ".join(TARGET_BY_NAME), file=sys.stderr)
                return 2
            if not ctx.available[target]:
                print("fuzz: target %s is not in this binary" % target, file=sys.stderr)
                return 2
            jobs.append((target, int(seed)))
        init_worker(ctx)
        failed = 0
        for job in jobs:
            _, _, findings, _, _ = run_case(job, verbose=True, keep=True)
            for f in findings:
                print(f.line())
            failed += bool(findings)
            print("case directory: %s" % os.path.join(ctx.work, "cases", "%s-%d" % job))
        print("  fuzz.sh: %d passed, %d failed" % (len(jobs) - failed, failed))
        return 1 if failed else 0

    unknown = [t for t in args.only if t not in TARGET_BY_NAME]
    if unknown:
        print("fuzz: unknown target %s" % ", ".join(unknown), file=sys.stderr)
        return 2
    order = schedule(ctx, args.cases, args.only)
    jobs = [(t, args.seed * 1000003 + i) for i, t in enumerate(order)]
    njobs = args.jobs or min(4, (os.cpu_count() or 2) + 2)
    print("fuzz: %d cases (base seed %d) on %s with %d jobs; seeds built in %.1fs; work in %s" % (
        len(jobs), args.seed, ctx.bin, njobs, time.monotonic() - started, ctx.work))
    sys.stdout.flush()

    per_target = collections.OrderedDict((t[0], [0, 0, 0, 0.0]) for t in TARGETS if ctx.available[t[0]])
    by_kind = collections.OrderedDict()
    failed_cases, shown = 0, 0
    all_findings = []
    mp = multiprocessing.get_context("fork") if hasattr(os, "fork") else multiprocessing
    with mp.Pool(njobs, initializer=init_worker, initargs=(ctx,)) as pool:
        for target, seed, findings, ncmds, secs in pool.imap_unordered(run_case, jobs, chunksize=4):
            row = per_target[target]
            row[0] += 1
            row[1] += ncmds
            row[3] += secs
            if findings:
                row[2] += 1
                failed_cases += 1
                kinds = collections.OrderedDict()
                for f in findings:
                    all_findings.append(f)
                    kinds.setdefault(f.kind, []).append(f)
                for kind, fs in kinds.items():
                    by_kind.setdefault((target, kind), []).append(fs[0])
                    if shown < args.show:
                        more = " (and %d more commands)" % (len(fs) - 1) if len(fs) > 1 else ""
                        print(fs[0].line() + more)
                        shown += 1
                sys.stdout.flush()
    wall = time.monotonic() - started

    print("\nby target:")
    print("  %-16s %6s %8s %7s %8s" % ("target", "cases", "commands", "failed", "s/case"))
    for t, (n, c, fl, secs) in per_target.items():
        print("  %-16s %6d %8d %7d %8.3f" % (t, n, c, fl, secs / n if n else 0))
    if by_kind:
        print("\nfindings (target, kind: failing cases; first example):")
        for (t, kind), fs in sorted(by_kind.items()):
            cases = sorted({f.seed for f in fs})
            ex = fs[0]
            print("  %-16s %-26s %4d  e.g. %s:%d exit %s: %s" % (t, kind, len(cases), t, ex.seed, ex.rc, ex.cmd))
            if ex.first_stderr:
                print("  %-16s %-26s       stderr: %s" % ("", "", ex.first_stderr[:150]))
        os.makedirs(ctx.failures, exist_ok=True)
        with open(os.path.join(ctx.failures, "findings.tsv"), "w") as fh:
            fh.write("target\tseed\tkind\texit\tcommand\tstderr\tdetail\tmutation\n")
            for f in sorted(all_findings, key=lambda f: (f.target, f.kind, f.seed)):
                fh.write("\t".join(re.sub(r"[\t\n\r]", " ", str(x)) for x in (
                    f.target, f.seed, f.kind, f.rc, f.cmd, f.first_stderr, f.detail, getattr(f, "mutation", ""))) + "\n")
        print("\nfailing inputs and case.txt files are under %s (all findings: findings.tsv)" % ctx.failures)
        print("rerun one case: bash checks/fuzz/run.sh BIN --case TARGET:SEED")
    print("fuzz: %d cases in %.1fs" % (len(jobs), wall))
    for d in ("cases", "seeds"):
        shutil.rmtree(os.path.join(ctx.work, d), ignore_errors=True)
    if not failed_cases and not args.keep:
        shutil.rmtree(ctx.work, ignore_errors=True)
    print("  fuzz.sh: %d passed, %d failed" % (len(jobs) - failed_cases, failed_cases))
    return 1 if failed_cases else 0


if __name__ == "__main__":
    sys.exit(main())
