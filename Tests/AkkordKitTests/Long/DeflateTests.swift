import Foundation
import XCTest
@testable import AkkordKit

/// akkord's DEFLATE encoder against Python's zlib: every stream is inflated by `zlib.decompress`
/// (raw with wbits −15, and the zlib form) and must give back the input byte for byte. python3
/// is needed: without it these tests fail (the CI has it).
final class DeflateTests: XCTestCase {
    typealias Random = WorkspacePropertyTests.SplitMix64

    struct Case {
        var name: String
        var input: [UInt8]
        var raw: [UInt8]
        var zlib: [UInt8]?
    }

    static func encoded(_ name: String, _ input: [UInt8], zlib: Bool = true) -> Case {
        Case(name: name, input: input, raw: Deflate.compress(input), zlib: zlib ? Deflate.zlib(input) : nil)
    }

    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Inflates each case's streams in one python3 process; fails the test for each that does not
    /// give back its input. Returns, by case name, the size of zlib level 6's raw stream for it.
    @discardableResult
    func inflate(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Int] {
        guard let python = Self.python else {
            XCTFail("python3 is not on PATH: the DEFLATE tests inflate with Python's zlib (install python3)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-deflate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, c) in cases.enumerated() {
            try Data(c.input).write(to: dir.appendingPathComponent("\(i).in"))
            try Data(c.raw).write(to: dir.appendingPathComponent("\(i).raw"))
            if let z = c.zlib { try Data(z).write(to: dir.appendingPathComponent("\(i).zlib")) }
        }
        let script = """
        import os, sys, zlib
        d, n = sys.argv[1], int(sys.argv[2])
        for i in range(n):
            data = open(f'{d}/{i}.in', 'rb').read()
            raw = open(f'{d}/{i}.raw', 'rb').read()
            problems = []
            try:
                got = zlib.decompress(raw, -15)
                if got != data: problems.append(f'raw stream inflates to {len(got)} other bytes')
                o = zlib.decompressobj(-15)
                o.decompress(raw)
                if not o.eof or o.unused_data: problems.append('raw stream: no final block, or bytes after it')
            except Exception as e:
                problems.append(f'raw stream: {e}')
            if os.path.exists(f'{d}/{i}.zlib'):
                try:
                    if zlib.decompress(open(f'{d}/{i}.zlib', 'rb').read()) != data: problems.append('zlib stream inflates to other bytes')
                except Exception as e:
                    problems.append(f'zlib stream: {e}')
            c = zlib.compressobj(6, zlib.DEFLATED, -15)
            print(i, len(c.compress(data) + c.flush()), '; '.join(problems) or 'ok')
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, dir.path, String(cases.count)]
        let pipe = Pipe(), errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3: \(errorText)", file: file, line: line)
        var sizes: [String: Int] = [:]
        var seen = 0
        for row in output.split(separator: "\n") {
            let parts = row.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let i = Int(parts[0]), let size = Int(parts[1]), i < cases.count else { continue }
            seen += 1
            sizes[cases[i].name] = size
            if parts[2] != "ok" { XCTFail("\(cases[i].name) (\(cases[i].input.count) bytes): \(parts[2])", file: file, line: line) }
        }
        XCTAssertEqual(seen, cases.count, "python3 checked every case: \(errorText)", file: file, line: line)
        return sizes
    }

    // MARK: Inputs

    static func randomBytes(_ count: Int, _ rng: inout Random) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    static let words = ["tag", "rende", "zink", "undertag", "lægte", "skotrende", "rygning", "inddækning", "m²", "stk", "lbm",
                        "Tagsten", "Vanløse", "nedløbsrør", "Ø100", "og", "på", "med", "12,50", "333 mm", "1.01", "kr."]

    /// Words, numbers and line breaks: text that repeats itself at all distances.
    static func text(_ count: Int, _ rng: inout Random) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 32)
        while out.count < count {
            out += Array(words[Int.random(in: 0..<words.count, using: &rng)].utf8)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: out.append(0x0A)
            case 1: out += Array(" \(Int.random(in: 0...99_999, using: &rng))".utf8)
            default: out.append(0x20)
            }
        }
        return Array(out.prefix(count))
    }

    /// A worksheet part as the xlsx writer makes one: `rows` rows of text, numbers, a formula.
    static func sheet(rows: Int) -> [UInt8] {
        var rng = Random(state: 0x5EE7)
        var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        xml += #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#
        for r in 1...rows {
            let pos = "\(Int.random(in: 1...40, using: &rng)).\(Int.random(in: 10...99, using: &rng))"
            let name = words[Int.random(in: 0..<words.count, using: &rng)] + " " + words[Int.random(in: 0..<words.count, using: &rng)]
            let quantity = Double(Int.random(in: 1...5000, using: &rng)) / 100, price = Double(Int.random(in: 100...99_999, using: &rng)) / 100
            xml += #"<row r="\#(r)"><c r="A\#(r)" t="inlineStr"><is><t>\#(pos)</t></is></c>"#
            xml += #"<c r="B\#(r)" t="inlineStr"><is><t>\#(name)</t></is></c><c r="C\#(r)" s="1"><v>\#(quantity)</v></c>"#
            xml += #"<c r="D\#(r)" s="2"><v>\#(price)</v></c><c r="E\#(r)" s="2"><f>C\#(r)*D\#(r)</f><v>\#(quantity * price)</v></c>"#
            xml += #"<c r="F\#(r)" s="3"><v>\#(45_000 + Int.random(in: 0...900, using: &rng))</v></c></row>"#
        }
        xml += "</sheetData></worksheet>"
        return Array(xml.utf8)
    }

    // MARK: Tests

    func testAdler32KnownValues() {
        XCTAssertEqual(Adler32.checksum([]), 1)
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        // python3 -c "import zlib; print(hex(zlib.adler32(bytes(range(256)) * 100)))"
        XCTAssertEqual(Adler32.checksum(Array(repeating: Array(0...255), count: 100).flatMap { $0 }), 0x747F_D0E0)
    }

    func testEmptyInputIsOneFixedBlockWithItsEnd() throws {
        // As zlib makes it: BFINAL 1, BTYPE 01, the end-of-block code 0000000, padding.
        XCTAssertEqual(Deflate.compress([]), [0x03, 0x00])
        XCTAssertEqual(Deflate.zlib([]), [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        try inflate([Self.encoded("empty", [])])
    }

    func testSmallInputs() throws {
        var rng = Random(state: 0xD0_0001)
        try inflate([
            Self.encoded("one byte", [0x41]),
            Self.encoded("one zero byte", [0]),
            Self.encoded("two bytes", [0xFF, 0xFF]),
            Self.encoded("three equal bytes", [7, 7, 7]),
            Self.encoded("every byte value", Array(0...255)),
            Self.encoded("every byte value, down", Array((0...255).reversed())),
            Self.encoded("every byte value twice", Array(0...255) + Array(0...255)),
            Self.encoded("short text", Array("Tagrende, zink 333 mm. Tagrende, zink 333 mm!".utf8)),
            Self.encoded("ten random bytes", Self.randomBytes(10, &rng)),
        ])
    }

    func testRandomBytesGoIntoStoredBlocks() throws {
        var rng = Random(state: 0xD0_0002)
        let input = Self.randomBytes(100_000, &rng)
        let c = Self.encoded("100 KB of random bytes", input)
        try inflate([c])
        XCTAssertEqual(c.raw[0] >> 1 & 3, 0, "the first block is stored")
        let blocks = (input.count + 65_534) / 65_535
        XCTAssertLessThanOrEqual(c.raw.count, input.count + 5 * blocks + 8, "stored blocks of 64 KiB: 5 bytes each")
        XCTAssertLessThanOrEqual(c.zlib!.count, c.raw.count + 6)
    }

    func testLongRunsOfOneByte() throws {
        let input = [UInt8](repeating: 0x61, count: 1 << 20)
        let c = Self.encoded("1 MiB of one byte", input)
        let zlib6 = try inflate([c, Self.encoded("1 MiB of zeros", [UInt8](repeating: 0, count: 1 << 20))])
        // Distance 1 and length 258, the whole way: about 2 bits a match, as zlib.
        XCTAssertLessThanOrEqual(c.raw.count, zlib6[c.name]! + zlib6[c.name]! / 10, "zlib 6: \(zlib6[c.name]!)")
        XCTAssertLessThan(c.raw.count, 1_500)
    }

    func testTextWithRepeats() throws {
        var rng = Random(state: 0xD0_0003)
        let text = Self.text(300_000, &rng)
        let line = Array("Tagrende, zink 333 mm; nedløbsrør Ø100 — 12,50 kr. pr. lbm\n".utf8)
        let lines = Array(Array(repeating: line, count: 3000).joined())
        let cases = [Self.encoded("300 KB of words", text), Self.encoded("one line 3,000 times", lines)]
        let zlib6 = try inflate(cases)
        for c in cases {
            XCTAssertLessThanOrEqual(c.raw.count, zlib6[c.name]! + zlib6[c.name]! / 10, "\(c.name): within 10 % of zlib 6 (\(zlib6[c.name]!))")
        }
    }

    func testAWorksheetCompressesAsZlibDoes() throws {
        let xml = Self.sheet(rows: 20_000)
        let c = Self.encoded("xlsx sheet, 20,000 rows", xml)
        let zlib6 = try inflate([c])[c.name]!
        XCTAssertLessThan(c.raw.count * 5, xml.count, "under 20 % of \(xml.count) bytes: \(c.raw.count)")
        XCTAssertLessThanOrEqual(c.raw.count, zlib6 + zlib6 / 10, "within 10 % of zlib level 6's \(zlib6)")
        XCTAssertEqual(c.raw[0] >> 1 & 3, 2, "the first block has its own codes")
    }

    /// The quick effort (zlib level 4's search, what the workbooks use): Python's zlib reads it,
    /// and it is within SPEC §17's 1.25 × of zlib level 6 (in fact within 15 %).
    func testTheQuickEffortIsReadAndSmallEnough() throws {
        let xml = Self.sheet(rows: 20_000)
        let out = ByteOutput()
        var encoder = DeflateEncoder(effort: .quick)
        var i = 0
        while i < xml.count { encoder.write(xml[i..<min(i + 5000, xml.count)], to: out); i += 5000 }
        let size = encoder.finish(to: out)
        let c = Case(name: "xlsx sheet, quick", input: xml, raw: out.bytes, zlib: nil)
        XCTAssertEqual(Int(size), c.raw.count, "finish tells the stream's size")
        let zlib6 = try inflate([c])[c.name]!
        XCTAssertLessThanOrEqual(c.raw.count, zlib6 + zlib6 * 15 / 100, "within 15 % of zlib level 6's \(zlib6)")
        XCTAssertGreaterThan(c.raw.count, Self.encoded("thorough", xml, zlib: false).raw.count, "a different search than level 6's")
    }

    /// Sizes about the encoder's edges: 16,384 symbols a block, stored blocks of 65,535, the
    /// 32 KiB window, the 256 KiB buffer that slides, 262 bytes of lookahead.
    func testSizesAroundBlockAndWindowEdges() throws {
        var rng = Random(state: 0xD0_0004)
        let random = Self.randomBytes(262_144 + 65_536 + 300, &rng)
        let text = Self.text(262_144 + 65_536 + 300, &rng)
        var cases: [Case] = []
        for size in [261, 262, 263, 16_383, 16_384, 16_385, 32_767, 32_768, 32_769, 65_534, 65_535, 65_536, 65_537, 131_070, 131_071,
                     262_143 - 262, 262_144 - 262, 262_143, 262_144, 262_145, 262_144 + 65_536 + 300] {
            cases.append(Self.encoded("\(size) random bytes", Array(random.prefix(size)), zlib: false))
            cases.append(Self.encoded("\(size) bytes of text", Array(text.prefix(size)), zlib: false))
        }
        try inflate(cases)
        for c in cases where c.name.hasSuffix("random bytes") {
            XCTAssertLessThanOrEqual(c.raw.count, c.input.count + 5 * ((c.input.count + 65_534) / 65_535) + 8, c.name)
        }
    }

    /// A match exactly 32,768 bytes back, and one just beyond.
    func testTheFarthestDistance() throws {
        var rng = Random(state: 0xD0_0005)
        let chunk = Self.randomBytes(300, &rng)
        let gap = Self.randomBytes(32_768 - 300, &rng), gap2 = Self.randomBytes(32_769 - 300, &rng)
        let at = Self.encoded("a copy 32,768 back", chunk + gap + chunk)
        let beyond = Self.encoded("a copy 32,769 back", chunk + gap2 + chunk)
        try inflate([at, beyond])
        XCTAssertLessThan(at.raw.count, at.input.count - 200, "the copy is a match")
    }

    /// Streams written a piece at a time are the stream made at once; an encoder used again
    /// after `finish` makes the same stream as a new one; any collection is taken.
    func testStreamingGivesTheSameBytes() throws {
        var rng = Random(state: 0xD0_0006)
        let input = Self.text(200_000, &rng) + Self.randomBytes(80_000, &rng) + Self.text(300_000, &rng)
        let whole = Deflate.zlib(input)
        let out = ByteOutput()
        var encoder = DeflateEncoder(format: .zlib)
        for round in 0..<2 {
            out.removeAll()
            var i = 0
            while i < input.count {
                let n = min(Int.random(in: 0...70_000, using: &rng), input.count - i)
                encoder.write(input[i..<(i + n)], to: out)
                i += n
            }
            encoder.finish(to: out)
            XCTAssertEqual(out.bytes, whole, "round \(round)")
        }
        let lazy = ByteOutput()
        var other = DeflateEncoder()
        other.write(input.lazy.map { $0 }, to: lazy)   // not contiguous
        other.finish(to: lazy)
        XCTAssertEqual(lazy.bytes, Deflate.compress(input))
    }

    /// Fibonacci frequencies want codes as long as the alphabet: limited to 15 bits (7 for the
    /// code-length code), still a complete prefix code, and zlib decodes the stream.
    func testCodeLengthsAreLimited() throws {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (count, limit) in [(286, 15), (30, 15), (19, 7)] {
            var frequency = [UInt32](repeating: 0, count: count)
            for i in 0..<min(count, fibonacci.count) { frequency[count - 1 - i] = fibonacci[i] }
            var lengths = [UInt8](repeating: 0, count: count)
            frequency.withUnsafeBufferPointer { f in
                lengths.withUnsafeMutableBufferPointer { HuffmanLengths.make(f.baseAddress!, count: count, limit: limit, into: $0.baseAddress!) }
            }
            XCTAssertEqual(lengths.max(), UInt8(limit), "\(count) symbols: the longest code is cut to \(limit) bits")
            let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
            XCTAssertEqual(kraft, 1 << limit, "\(count) symbols: a complete code")
            for i in 1..<count where frequency[i] > 0 && frequency[i - 1] > 0 {   // frequency[i] ≤ frequency[i - 1]
                XCTAssertGreaterThanOrEqual(lengths[i], lengths[i - 1], "a more frequent symbol has no longer a code")
            }
        }

        // Literals only, byte i Fibonacci(i) times in a random order: its blocks' own codes need
        // the limit. The first block's header is read back here.
        var rng = Random(state: 0xD0_0007)
        var input: [UInt8] = []
        for i in 0..<25 { input += [UInt8](repeating: UInt8(i), count: Int(fibonacci[i])) }
        input.shuffle(using: &rng)
        let out = ByteOutput(), zlibOut = ByteOutput()
        var encoder = DeflateEncoder(format: .raw, matching: false, form: nil)
        encoder.write(input, to: out)
        encoder.finish(to: out)
        var zlibEncoder = DeflateEncoder(format: .zlib, matching: false, form: nil)
        zlibEncoder.write(input, to: zlibOut)
        zlibEncoder.finish(to: zlibOut)
        let raw = out.bytes
        try inflate([Case(name: "Fibonacci literals", input: input, raw: raw, zlib: zlibOut.bytes)])
        let header = try XCTUnwrap(Self.dynamicHeader(raw))
        XCTAssertEqual(header.literal.max(), 15, "the literal code is limited, not shorter: \(header.literal.prefix(25))")
        XCTAssertLessThanOrEqual(header.codeLength.max()!, 7)
        XCTAssertEqual(header.literal.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }, 1 << 15, "complete")
    }

    /// The code lengths in the header of a stream's first block, when it has its own codes.
    static func dynamicHeader(_ stream: [UInt8]) -> (literal: [Int], distance: [Int], codeLength: [Int])? {
        var at = 0
        func bits(_ n: Int) -> Int {
            var v = 0
            for k in 0..<n { v |= Int(stream[(at + k) >> 3] >> UInt8((at + k) & 7) & 1) << k }
            at += n
            return v
        }
        guard bits(3) >> 1 == 2 else { return nil }
        let hlit = bits(5) + 257, hdist = bits(5) + 1, hclen = bits(4) + 4
        var codeLength = [Int](repeating: 0, count: 19)
        for i in 0..<hclen { codeLength[Deflate.codeLengthOrder[i]] = bits(3) }
        // Decode canonically: read a bit at a time, first code of each length.
        func decoder(_ lengths: [Int]) -> () -> Int {
            var table: [Int: [Int: Int]] = [:]   // length → code → symbol
            var code = 0
            for length in 1...15 {
                for (symbol, l) in lengths.enumerated() where l == length { table[length, default: [:]][code] = symbol; code += 1 }
                code <<= 1
            }
            return {
                var code = 0
                for length in 1...15 {
                    code = code << 1 | bits(1)
                    if let symbol = table[length]?[code] { return symbol }
                }
                return -1
            }
        }
        let next = decoder(codeLength)
        var lengths: [Int] = []
        while lengths.count < hlit + hdist {
            let symbol = next()
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16: let last = lengths.last ?? 0; lengths += Array(repeating: last, count: 3 + bits(2))
            case 17: lengths += Array(repeating: 0, count: 3 + bits(3))
            case 18: lengths += Array(repeating: 0, count: 11 + bits(7))
            default: return nil
            }
        }
        return (Array(lengths[..<hlit]), Array(lengths[hlit...]), codeLength)
    }

    /// 200 inputs of random length and make (random bytes, a few symbols, words, copies from
    /// anywhere in the window, runs), each made at once and in random pieces, some with every
    /// block in one form. AKKORD_SEED repeats a run.
    func testRandomInputs() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var rng = Random(state: seed)
        var cases: [Case] = []
        for n in 0..<Fixtures.rounds(100, thorough: 400) {
            let size: Int
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<8: size = Int.random(in: 0...300, using: &rng)
            case 8..<14: size = Int.random(in: 0...5_000, using: &rng)
            case 14..<19: size = Int.random(in: 0...70_000, using: &rng)
            default: size = Int.random(in: 0...300_000, using: &rng)
            }
            var input: [UInt8] = []
            input.reserveCapacity(size + 300)
            while input.count < size {
                let piece = Int.random(in: 1...max(1, min(size - input.count, 20_000)), using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: input += Self.randomBytes(piece, &rng)
                case 1:
                    let symbols = Int.random(in: 1...6, using: &rng)
                    input += (0..<piece).map { _ in UInt8.random(in: 0..<UInt8(symbols), using: &rng) &* 37 }
                case 2: input += Self.text(piece, &rng)
                case 3 where !input.isEmpty:
                    // Copies of what came before, from as far as 40,000 back, some changed.
                    var left = piece
                    while left > 0 {
                        let back = Int.random(in: 1...min(input.count, 40_000), using: &rng)
                        let length = min(left, Int.random(in: 1...600, using: &rng))
                        let from = input.count - back
                        for k in 0..<length { input.append(input[from + k]) }
                        if Bool.random(using: &rng) { input.append(UInt8.random(in: 0...255, using: &rng)) }
                        left -= length
                    }
                default: input += [UInt8](repeating: UInt8.random(in: 0...255, using: &rng), count: piece)
                }
            }
            input = Array(input.prefix(size))
            let form: DeflateBlockForm? = [nil, nil, nil, .stored, .fixed, .dynamic][Int.random(in: 0..<6, using: &rng)]
            let matching = Int.random(in: 0..<10, using: &rng) != 0
            let name = "seed \(seed) input \(n) (\(form.map { "\($0)" } ?? "any") blocks\(matching ? "" : ", no matches"))"
            func make(_ format: DeflateEncoder.Format, pieces: Bool) -> [UInt8] {
                let out = ByteOutput()
                var encoder = DeflateEncoder(format: format, matching: matching, form: form)
                var i = 0
                while i < input.count {
                    let n = pieces ? min(input.count - i, Int.random(in: 0...9_000, using: &rng)) : input.count
                    encoder.write(input[i..<(i + n)], to: out)
                    i += n
                }
                encoder.finish(to: out)
                return out.bytes
            }
            let raw = make(.raw, pieces: false)
            XCTAssertEqual(make(.raw, pieces: true), raw, "\(name): made in pieces, the same stream")
            cases.append(Case(name: name, input: input, raw: raw, zlib: n % 4 == 0 ? make(.zlib, pieces: false) : nil))
        }
        try inflate(cases)
    }
}
