#!/usr/bin/env python3
"""Writes the PNG fixtures in Tests/Fixtures/photos with zlib alone: 8-bit RGB and gray (a PDF
embeds them), RGBA and interlaced (listed by name). roof.jpg was made once with
`pdftoppm -jpeg -r 20 -singlefile` from a demo report page and is kept as it is."""
import struct, zlib
from pathlib import Path

out = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "photos"
out.mkdir(parents=True, exist_ok=True)

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def png(path, w, h, color_type, pixel, interlace=0):
    channels = {0: 1, 2: 3, 6: 4}[color_type]
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)[:channels]) for x in range(w)) for y in range(h))
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, interlace))
    data += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    (out / path).write_bytes(data)

sky = lambda x, y: (40 + x * 3, 90 + y * 2, 200, 255)
png("tiles-rgb.png", 64, 40, 2, sky)
png("gutter-gray.png", 48, 48, 0, lambda x, y: ((x * 5 + y * 3) % 256,) * 4)
png("transparent-rgba.png", 32, 32, 6, lambda x, y: (200, 60, 60, (x * 8) % 256))
(out / "not-a-photo.txt").write_text("this is text, not an image\n")
print("wrote", sorted(p.name for p in out.iterdir()))
