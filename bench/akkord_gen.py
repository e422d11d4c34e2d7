"""Helpers shared by the store generators gen_large.py and gen_random_projects.py (python3 standard
library only): akkord's JSON writer for the parts of a project file written whole, and a small
baseline JPEG whose structure akkord checks to the end.
"""
import random, re

# --- akkord's JSON writer (Sources/AkkordKit/Support/JSONWriter.swift) ---
_ESCAPE = re.compile(r'[\x00-\x1f"\\]')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def js(s):
    """A JSON string as akkord writes it: only ", \\ and control characters escaped."""
    if not _ESCAPE.search(s):
        return '"' + s + '"'
    return '"' + _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), "\\u%04x" % ord(m.group())), s) + '"'


class Raw:
    """A value written as these exact bytes (a pre-rendered line, a JSON number literal)."""
    def __init__(self, text): self.text = text


def scalar(v):
    return isinstance(v, (str, int, bool, Raw)) or v is None or (isinstance(v, (list, dict)) and not v)


def flat(v):
    return all(scalar(x) for x in v) if isinstance(v, list) else scalar(v)


def emit(v, indent=0, inline=False):
    """akkord's layout: two-space indentation; inside arrays, an object whose members are all flat
    (scalars, empty containers, arrays of scalars) on one line."""
    if isinstance(v, Raw): return v.text
    if v is None: return "null"
    if isinstance(v, bool): return "true" if v else "false"
    if isinstance(v, int): return str(v)
    if isinstance(v, str): return js(v)
    if isinstance(v, list):
        if not v: return "[]"
        if inline: return "[" + ", ".join(emit(x, indent, True) for x in v) + "]"
        pad = "\n" + " " * (indent + 2)
        parts = [pad + emit(x, indent + 2, isinstance(x, dict) and all(flat(y) for y in x.values())) for x in v]
        return "[" + ",".join(parts) + "\n" + " " * indent + "]"
    if isinstance(v, dict):
        if not v: return "{}"
        if inline: return "{" + ", ".join(js(k) + ": " + emit(x, indent + 2, True) for k, x in v.items()) + "}"
        pad = "\n" + " " * (indent + 2)
        return "{" + ",".join(pad + js(k) + ": " + emit(x, indent + 2, False) for k, x in v.items()) + "\n" + " " * indent + "}"
    raise TypeError(v)


# --- images ---
def jpeg(width, height, comment, seed, noise):
    """A small baseline JPEG (SOI, JFIF, quantisation table, frame of width × height, Huffman table,
    the comment, scan) whose entropy-coded data is `noise` bytes from random.Random(seed), 0xFF
    stuffed, then EOI."""
    def seg(marker, payload): return bytes([0xFF, marker]) + (len(payload) + 2).to_bytes(2, "big") + payload
    head = b"\xFF\xD8" + seg(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    head += seg(0xDB, b"\x00" + bytes(range(1, 65)))
    head += seg(0xC0, b"\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03\x01\x22\x00\x02\x11\x00\x03\x11\x00")
    head += seg(0xC4, b"\x00" + bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]) + bytes(range(12)))
    head += seg(0xFE, comment.encode())
    head += seg(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3F\x00")
    return head + random.Random(seed).randbytes(noise).replace(b"\xFF", b"\xFF\x00") + b"\xFF\xD9"
