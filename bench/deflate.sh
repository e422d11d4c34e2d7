#!/usr/bin/env bash
# Issue 28: akkord's DEFLATE encoder (Sources/AkkordKit/Support/Deflate.swift) against zlib
# level 6 on about 10 MB of a worksheet part (XML rows as the xlsx writer makes them) and of PDF
# content streams. The encoder is compiled alone with the Support sources (swiftc -O), so the
# figure is the encoder's, not a command's. Each stream is inflated by Python's zlib and checked.
# Needs python3 and swiftc. Usage: bench/deflate.sh [MB] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-10}
ROUNDS=${2:-5}
OUT=bench/out/deflate; mkdir -p "$OUT"

cat > "$OUT/main.swift" <<'EOF'
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// deflate-bench FILE OUT MODE ROUNDS: MODE raw (Deflate.compress), zlib, stream (64 KiB pieces
// through DeflateEncoder). Prints: input bytes, output bytes, best seconds.
let args = CommandLine.arguments
let fd = open(args[1], O_RDONLY)
var input = [UInt8](repeating: 0, count: Int(lseek(fd, 0, SEEK_END)))
_ = lseek(fd, 0, SEEK_SET)
var got = 0
input.withUnsafeMutableBytes { b in
    while got < b.count { let n = read(fd, b.baseAddress! + got, b.count - got); if n <= 0 { break }; got += n }
}
close(fd)
func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
var best = Double.infinity
var result: [UInt8] = []
for _ in 0..<Int(args[4])! {
    let t0 = now()
    switch args[3] {
    case "zlib": result = Deflate.zlib(input)
    case "stream":
        let out = ByteOutput()
        var encoder = DeflateEncoder()
        var i = 0
        while i < input.count { let j = min(i + 65_536, input.count); encoder.write(input[i..<j], to: out); i = j }
        encoder.finish(to: out)
        result = out.bytes
    default: result = Deflate.compress(input)
    }
    best = min(best, now() - t0)
}
let ofd = open(args[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
_ = result.withUnsafeBytes { write(ofd, $0.baseAddress, $0.count) }
close(ofd)
print(input.count, result.count, best)
EOF
echo "compiling the encoder (swiftc -O) …" >&2
swiftc -O -package-name akkord -module-name DeflateBench Sources/AkkordKit/Support/*.swift "$OUT/main.swift" -o "$OUT/deflate-bench"

python3 - "$OUT" "$MB" <<'EOF'
import random, sys
out, mb = sys.argv[1], float(sys.argv[2])
size = int(mb * 1_000_000)
r = random.Random(28)
acts = ["Undertag, diffusionsåben", "Tagrender, zink 333 mm", "Nedløbsrør Ø100", "Lægter 25x50 mm",
        "Tagsten, Vanløse", "Skotrende, bly", "Inddækning skorsten", "Rygning, mørtel"]
rows, n, row = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'], 0, 1
while n < size:
    s = (f'<row r="{row}"><c r="A{row}" t="inlineStr"><is><t>{r.randint(1,40)}.{r.randint(1,99):02d}</t></is></c>'
         f'<c r="B{row}" t="inlineStr"><is><t>{r.choice(acts)}</t></is></c>'
         f'<c r="C{row}" s="1"><v>{r.randint(1,5000)/100}</v></c><c r="D{row}" s="2"><v>{r.randint(100,99999)/100}</v></c>'
         f'<c r="E{row}" s="2"><f>C{row}*D{row}</f><v>{r.randint(100,999999)/100}</v></c><c r="F{row}" s="3"><v>{45000+r.randint(0,900)}</v></c></row>')
    rows.append(s); n += len(s.encode()); row += 1
rows.append('</sheetData></worksheet>')
open(f'{out}/sheet.xml', 'wb').write(''.join(rows).encode())
parts, n, y = [], 0, 800
while n < size:
    s = (f'BT /F1 9 Tf {r.choice([40,90,300,380,460])} {y} Td ({r.choice(acts)}) Tj ET\n'
         f'BT /F2 9 Tf 520 {y} Td ({r.randint(1,99999)},{r.randint(0,99):02d}) Tj ET\n'
         f'0.5 w 40 {y-3} m 555 {y-3} l S\n')
    y -= 12
    if y < 40: y = 800; s += 'Q q 1 0 0 1 0 0 cm\n'
    parts.append(s); n += len(s.encode())
open(f'{out}/content.txt', 'wb').write(''.join(parts).encode())
EOF

echo "| input | bytes | akkord mode | akkord bytes | zlib 6 bytes | size / zlib 6 | akkord MB/s | zlib 6 MB/s | time / zlib 6 |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---:|"
for f in sheet.xml content.txt; do
    for mode in raw stream zlib; do
        read -r n size secs < <("$OUT/deflate-bench" "$OUT/$f" "$OUT/$f.$mode" "$mode" "$ROUNDS")
        python3 - "$OUT/$f" "$OUT/$f.$mode" "$mode" "$n" "$size" "$secs" "$ROUNDS" <<'EOF'
import sys, time, zlib
path, packed, mode, n, size, secs, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7])
data, ours = open(path, 'rb').read(), open(packed, 'rb').read()
assert (zlib.decompress(ours) if mode == 'zlib' else zlib.decompress(ours, -15)) == data, f'{packed} does not inflate to {path}'
best = float('inf')
for _ in range(rounds):
    t = time.perf_counter()
    c = zlib.compressobj(6, zlib.DEFLATED, 15 if mode == 'zlib' else -15)
    theirs = c.compress(data) + c.flush()
    best = min(best, time.perf_counter() - t)
name = path.rsplit('/', 1)[-1]
print(f'| {name} | {n:,} | {mode} | {size:,} | {len(theirs):,} | {size / len(theirs):.3f} | {n / secs / 1e6:.1f} | {n / best / 1e6:.1f} | {secs / best:.2f} |')
EOF
    done
done
