import Foundation
import XCTest
@testable import AkkordKit

/// The history array's direct reader (`HistoryDecoder`) and writer (`ProjectCodec.writeHistory`)
/// against the tree path they replace (`JSONScanner` → `JSONValue` → `decodeMembers`, and
/// `JSONWriter`). Seeded: `AKKORD_SEED=<n> swift test --filter HistoryDecoderTests` repeats a run.
final class HistoryDecoderTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }


    // MARK: - random histories

    static let plainPieces = ["a", "Tag", " ", "3.05", "19,2", "æ", "ø", "å", "Æ", "Ø", "Å", "😀", "👍🏽", "🇩🇰", "\"", "\\", "/",
                              "é", "e\u{301}", "…", "–", "²", "{", "}", "[", "]", ",", ":", "null", "\\u00e6"]
    /// Control characters (escaped by the writer): not for texts that must keep `ProjectRules`.
    static let controlPieces = ["\u{7F}", "\u{2028}", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}"]
    static func text(_ rng: inout RNG, control: Bool = true) -> String {
        let pieces = control ? plainPieces + controlPieces : plainPieces
        return (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func history(_ rng: inout RNG, count: Int, anyUndoes: Bool = false, control: Bool = true) -> [HistoryEntry] {
        (0..<count).map { i in
            let time = Bool.random(using: &rng) ? String(format: "2026-03-%02dT06:45:%02dZ", i % 28 + 1, i % 60) : text(&rng, control: control)
            let command = "akkord add " + text(&rng, control: control)
            // A third of the entries described (as akkord writes them now), the others text only (as before).
            let described = Int.random(in: 0..<3, using: &rng) == 0
            let details = described ? (0..<Int.random(in: 0...4, using: &rng)).map { _ in change(&rng, control: control) } : nil
            let changes = details?.map(\.text) ?? (0..<Int.random(in: 0...4, using: &rng)).map { _ in text(&rng, control: control) }
            var undoes: Int?
            if Int.random(in: 0..<4, using: &rng) == 0 {
                undoes = anyUndoes ? [Int.min, -1, 0, 7, Int.max, 999_999_999_999_999_999].randomElement(using: &rng)!
                                   : [0, 1, 12, Int.random(in: 0...999_999_999_999_999_999, using: &rng)].randomElement(using: &rng)!
            }
            return HistoryEntry(time: time, command: command, changes: changes, details: details, undoes: undoes)
        }
    }

    /// A described change: one of each kind's hand-written cases, or one with random texts.
    static func change(_ rng: inout RNG, control: Bool) -> HistoryChange {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .workerRemoved(id: text(&rng, control: control), name: text(&rng, control: control))
        case 1: return .undoneText(text(&rng, control: control))
        case 2: return .lineChanged(line: Int.random(in: 1...99_999, using: &rng), .note(old: text(&rng, control: control), new: text(&rng, control: control)))
        case 3: return .undone(.projectChanged(.address, old: text(&rng, control: control), new: text(&rng, control: control)))
        default: return HistoryTextTests.cases.randomElement(using: &rng)!.change
        }
    }

    /// The tree writer's bytes for a history: the oracle of the writer, and what files hold.
    static func treeBytes(_ history: [HistoryEntry]) -> [UInt8] {
        let out = ByteOutput()
        JSONWriter.write(.array(history.map(\.json)), indent: 2, to: out)
        return out.bytes
    }

    /// Some characters written as `\u` escapes (surrogate pairs for the emoji) or `\/`, as a hand or another tool may.
    static func escapeByHand(_ bytes: [UInt8], _ rng: inout RNG) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        for (plain, escaped) in [("æ", "\\u00e6"), ("ø", "\\u00F8"), ("Å", "\\u00c5"), ("😀", "\\ud83d\\ude00"), ("/", "\\/"), ("²", "\\u00b2")] {
            let parts = text.components(separatedBy: plain)
            var out = parts[0]
            for part in parts.dropFirst() { out += (Int.random(in: 0..<3, using: &rng) == 0 ? escaped : plain) + part }
            text = out
        }
        return Array(text.utf8)
    }

    /// The same JSON with the whitespace between tokens taken out or changed (any of space, tab, CR, LF), none before the first.
    static func rewhitespace(_ bytes: [UInt8], _ rng: inout RNG) -> [UInt8] {
        let compact = Bool.random(using: &rng)
        var out: [UInt8] = [], inString = false, escaped = false
        for b in bytes {
            if inString {
                out.append(b)
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if [0x20, 0x09, 0x0A, 0x0D].contains(b) { continue }
            // Between tokens: not inside a number or `null`.
            let token = Array("{}[],:\"".utf8)
            if !compact, let last = out.last, token.contains(b) || token.contains(last) { for _ in 0..<Int.random(in: 0...2, using: &rng) { out.append([0x20, 0x09, 0x0A, 0x0D].randomElement(using: &rng)!) } }
            out.append(b)
            if b == UInt8(ascii: "\"") { inString = true }
        }
        return out
    }

    // MARK: - the two readers

    /// Strings compared byte for byte (`==` on `String` is canonical equivalence).
    static func same(_ a: [HistoryEntry], _ b: [HistoryEntry]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.time.utf8.elementsEqual(y.time.utf8) && x.command.utf8.elementsEqual(y.command.utf8) && x.undoes == y.undoes
                && x.changes.count == y.changes.count && zip(x.changes, y.changes).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
                && x.details == y.details && x.details.map(\.count) == y.details.map(\.count)
                && zip(x.details ?? [], y.details ?? []).allSatisfy { $0.texts.map(\.text).joined(separator: "\u{0}").utf8.elementsEqual($1.texts.map(\.text).joined(separator: "\u{0}").utf8) }
        }
    }

    static func scan(_ bytes: [UInt8], at start: Int) -> (entries: [HistoryEntry], end: Int)? {
        bytes.withUnsafeBufferPointer { HistoryDecoder.read($0, arrayAt: start) }
    }

    /// What the tree path makes of the value at `start`, as the streaming reader reads a member
    /// (`readValue`, then its bytes checked to be UTF-8) and `decodeMembers` decodes it: the
    /// entries and where the value ends, or nil on any problem.
    static func tree(_ bytes: [UInt8], at start: Int) -> (entries: [HistoryEntry], end: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer: buffer)
            scanner.index = start
            guard let value = try? scanner.readValue(),
                  UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<scanner.index])) == nil else { return nil }
            let object = JSONObject([("format", .string(Project.format)), ("version", .int(Project.version)), ("id", "h"),
                                     ("name", "H"), ("status", "open"), ("history", value)])
            var f = FieldReader(object: object, path: "", problems: [])
            let p = ProjectCodec.decodeMembers(&f, lineProblems: [])
            return f.problems.isEmpty ? (p.history, scanner.index) : nil
        }
    }

    static let prefix = Array("{\"history\": ".utf8)

    func testScannerReadsWhatTheTreeWriterWrites() {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        var forms = [0, 0, 0]
        for n in 0..<Fixtures.rounds(150, thorough: 1200) {
            let history = Self.history(&rng, count: n < 10 ? n : Int.random(in: 0...50, using: &rng))
            var array = Self.treeBytes(history)
            let form = Int.random(in: 0..<3, using: &rng)
            forms[form] += 1
            if form >= 1 { array = Self.escapeByHand(array, &rng) }
            if form == 2 { array = Self.rewhitespace(array, &rng) }
            let suffix = Array(["\n}\n", "", ", \"x\": 1}"].randomElement(using: &rng)!.utf8)
            let bytes = Self.prefix + array + suffix
            let label = "seed \(seed), history \(n), form \(form): \(String(decoding: array, as: UTF8.self))"
            guard let got = Self.scan(bytes, at: Self.prefix.count) else { XCTFail("refused: \(label)"); continue }
            XCTAssertTrue(Self.same(got.entries, history), label)
            XCTAssertEqual(got.end, Self.prefix.count + array.count, label)
            let tree = Self.tree(bytes, at: Self.prefix.count)
            XCTAssertTrue(tree.map { Self.same($0.entries, history) && $0.end == got.end } ?? false, "the tree path agrees: \(label)")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        XCTAssertTrue(forms.allSatisfy { $0 > 0 }, "every form was tried: \(forms)")
    }

    func testScannerTakesNullAndMissingMembersAsTheTreePathDoes() {
        let cases: [(String, [HistoryEntry]?)] = [
            ("[]", []), ("[ \t\r\n]", []),
            (#"[{"time": "t", "command": "c"}]"#, [HistoryEntry(time: "t", command: "c", changes: [])]),
            (#"[{"time": "t", "command": "c", "changes": null, "undoes": null}]"#, [HistoryEntry(time: "t", command: "c", changes: [])]),
            (#"[{"undoes": 0, "changes": [ ], "command": "c", "time": "t"}]"#, [HistoryEntry(time: "t", command: "c", changes: [], undoes: 0)]),
            ("[\n{\"time\":\"t\",\"command\":\"c\",\"changes\":[\"a\",\"\\u00e6\\ud83d\\ude00\\/\"],\"undoes\":123456789012345678}\r\n]",
             [HistoryEntry(time: "t", command: "c", changes: ["a", "æ😀/"], undoes: 123_456_789_012_345_678)]),
            (#"[{"time": null, "command": "c"}]"#, nil),
            (#"[{"command": "c"}]"#, nil),
            (#"[{}]"#, nil),
            (#"[null]"#, nil),
            (#"[{"time": "t", "command": "c", "undoes": 1.0}]"#, nil),
            (#"[{"time": "t", "command": "c", "undoes": 1e2}]"#, nil),
            (#"[{"time": "t", "command": "c", "undoes": 01}]"#, nil),
            (#"[{"time": "t", "command": "c", "changes": [null]}]"#, nil),
            (#"[{"time": "t", "command": "c", "changes": "a"}]"#, nil),
            (#"[{"time": "t", "command": "c", "time": "t"}]"#, nil),
            (#"[{"time": "t", "command": "c", "note": "n"}]"#, nil),
            (#"[{"time": "t", "command": "c"},]"#, nil),
            (#"[{"time": "t", "command": "c",}]"#, nil),
        ]
        for (text, expected) in cases {
            let bytes = Array(text.utf8)
            let got = Self.scan(bytes, at: 0)
            if let expected {
                XCTAssertTrue(got.map { Self.same($0.entries, expected) && $0.end == bytes.count } ?? false, text)
                XCTAssertTrue(Self.tree(bytes, at: 0).map { Self.same($0.entries, expected) } ?? false, "the tree path agrees: \(text)")
            } else {
                XCTAssertNil(got, text)
            }
        }
        // The tree path takes these too (a negative undo is `ProjectRules`'s to refuse, an escaped key is a key); the scanner leaves them to it.
        for text in [#"[{"time": "t", "command": "c", "undoes": -1}]"#, #"[{"t\u0069me": "t", "command": "c"}]"#,
                     #"[{"time": "t", "command": "c", "undoes": 1234567890123456789}]"#] {
            XCTAssertNil(Self.scan(Array(text.utf8), at: 0), text)
            XCTAssertNotNil(Self.tree(Array(text.utf8), at: 0), text)
        }
    }

    // MARK: - mutations

    /// A history's array changed in the tree (a member of the wrong type, null, missing, twice,
    /// unknown, reordered; an entry that is not an object), then in its bytes.
    static func mutated(_ history: [HistoryEntry], _ rng: inout RNG) -> [UInt8] {
        var items = history.map(\.json)
        if !items.isEmpty, Int.random(in: 0..<3, using: &rng) > 0 {
            let i = Int.random(in: 0..<items.count, using: &rng)
            var o = items[i].objectValue!
            let values: [JSONValue] = [.null, true, .number("1"), .number("0"), .number("1.0"), .number("-1"), .number("-0"), .number("01"),
                                       .number("1e2"), .number("1E2"), .number("123456789012345678"), .number("1234567890123456789"),
                                       "3", "", .array([]), .array(["a"]), .array([.number("1")]), .array([.null]), .array([.array([])]),
                                       .object(JSONObject()), JSONValue(["a": "b"]), .array([JSONValue(["what": "demoBuilt"])]),
                                       .array([JSONValue(["what": "demoBuilt", "id": .number("1")])]), .array([JSONValue(["what": "lineAdded"])])]
            let keys = ["time", "command", "changes", "undoes", "details", "extra", "Time", "undoe", "changesx", "detail"]
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:  // a value replaced or added
                let key = keys.randomElement(using: &rng)!, value = values.randomElement(using: &rng)!
                if let k = o.entries.firstIndex(where: { $0.key == key }) { o.entries[k].value = value } else { o.append(key, value) }
            case 1: if !o.entries.isEmpty { o.entries.remove(at: Int.random(in: 0..<o.entries.count, using: &rng)) }
            case 2: if let e = o.entries.randomElement(using: &rng) { o.entries.insert(e, at: Int.random(in: 0...o.entries.count, using: &rng)) }
            case 3: o.entries.shuffle(using: &rng)
            default: items[i] = values.randomElement(using: &rng)!; return bytes(of: items, &rng)
            }
            items[i] = .object(o)
        }
        return bytes(of: items, &rng)
    }

    static func bytes(of items: [JSONValue], _ rng: inout RNG) -> [UInt8] {
        let out = ByteOutput()
        JSONWriter.write(.array(items), indent: 2, to: out)
        var bytes = out.bytes
        if Bool.random(using: &rng) { bytes = escapeByHand(bytes, &rng) }
        for _ in 0..<Int.random(in: 0...2, using: &rng) { mutateBytes(&bytes, &rng) }
        return bytes
    }

    static let inserts: [[UInt8]] = [
        [0x22], [0x5C], [0x2C], [0x5D], [0x7D], [0x7B], [0x5B], [0x3A], [0x20], [0x0A], [0x09], [0x0D], [0x30], [0x31], [0x2D], [0x2E],
        [0x65], [0x6E], [0x01], [0x00], [0x7F], Array("null".utf8), Array("\"undoes\": 3, ".utf8), Array("\"time\": \"x\", ".utf8),
        Array("\"changes\": [], ".utf8), Array("\"undoes\": 1.0, ".utf8), Array("\"undoes\": -1, ".utf8), Array("\"extra\": 1, ".utf8),
        // UTF-8: valid, then a lone lead, a surrogate, an overlong, beyond U+10FFFF, cut short, a lone continuation, 0xFF
        [0xC3, 0xA6], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0x80], [0xFF],
        // escapes: good, and bad
        Array("\\u00e6".utf8), Array("\\/".utf8), Array("\\ud83d\\ude00".utf8), Array("\\n".utf8),
        Array("\\u12".utf8), Array("\\ud800".utf8), Array("\\udc00".utf8), Array("\\x".utf8), Array("\\ud83dx".utf8),
    ]

    static func mutateBytes(_ bytes: inout [UInt8], _ rng: inout RNG) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: inserts.randomElement(using: &rng)!, at: at)
        case 2: bytes[at] = inserts.randomElement(using: &rng)![0]
        case 3:  // a trailing comma
            if let close = bytes.indices.filter({ bytes[$0] == UInt8(ascii: "]") || bytes[$0] == UInt8(ascii: "}") }).randomElement(using: &rng) {
                bytes.insert(UInt8(ascii: ","), at: close)
            }
        case 4:  // after a `{` or `,`: a key, twice or unknown
            if let open = bytes.indices.filter({ bytes[$0] == UInt8(ascii: "{") || bytes[$0] == UInt8(ascii: ",") }).randomElement(using: &rng) {
                bytes.insert(contentsOf: inserts[22...27].randomElement(using: &rng)!, at: open + 1)
            }
        default: bytes.removeSubrange(at...)   // cut short
        }
    }

    func testMutatedArraysAreReadAsTheTreePathReadsThemOrRefused() {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        var taken = 0, refused = 0, refusedTreeTook = 0
        for n in 0..<Fixtures.rounds(2000, thorough: 16_000) {
            let history = Self.history(&rng, count: Int.random(in: 0...4, using: &rng))
            let array = Self.mutated(history, &rng)
            let suffix = Array(["\n}\n", "", ", \"x\": [1]}"].randomElement(using: &rng)!.utf8)
            let bytes = Self.prefix + array + suffix
            let tree = Self.tree(bytes, at: Self.prefix.count)
            guard let got = Self.scan(bytes, at: Self.prefix.count) else {
                refused += 1
                if tree != nil { refusedTreeTook += 1 }
                continue
            }
            taken += 1
            let label = "seed \(seed), case \(n): \(String(decoding: array, as: UTF8.self)) \(array)"
            guard let tree else { XCTFail("the scanner took what the tree path refuses: \(label)"); break }
            XCTAssertTrue(Self.same(got.entries, tree.entries), "\(label)\nscanner: \(got.entries)\ntree: \(tree.entries)")
            XCTAssertEqual(got.end, tree.end, label)
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        print("HistoryDecoderTests mutations (seed \(seed)): \(taken) taken, \(refused) refused (\(refusedTreeTook) of them taken by the tree path)")
        XCTAssertGreaterThan(taken, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    // MARK: - the writer

    func testWriterWritesTheTreeWritersBytes() {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for n in 0..<300 {
            let history = n == 0 ? [] : Self.history(&rng, count: Int.random(in: 0...50, using: &rng), anyUndoes: true)
            let out = ByteOutput()
            ProjectCodec.writeHistory(history, to: out)
            let expected = Self.treeBytes(history)
            XCTAssertTrue(out.bytes == expected, "seed \(seed), history \(n):\n\(String(decoding: out.bytes, as: UTF8.self))\n---\n\(String(decoding: expected, as: UTF8.self))")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
    }

    func testProjectFileRoundTripsWithItsHistory() throws {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for n in 0..<20 {
            let label = "seed \(seed), project \(n)"
            var p = StreamingTests.randomProject(&rng, id: "hist-\(n)", lines: Int.random(in: 0...30, using: &rng))
            p.history = Self.history(&rng, count: n == 0 ? 0 : Int.random(in: 1...60, using: &rng), control: false).enumerated().map { i, h in
                var h = h
                h.undoes = nil
                return h
            }
            // Some undos of earlier entries that are neither undos nor undone.
            for i in p.history.indices where i > 0 && Int.random(in: 0..<5, using: &rng) == 0 {
                if let target = (0..<i).filter({ t in p.history[t].undoes == nil && !p.history[..<i].contains { $0.undoes == t } }).randomElement(using: &rng) {
                    p.history[i].undoes = target
                }
            }
            XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], "the generator makes a valid project: \(label)")
            let bytes = try ProjectCodec.encode(p)
            XCTAssertEqual(try ProjectCodec.decode(bytes, source: "test"), p, label)
            // The whole file is laid out as the tree writer lays it out.
            XCTAssertTrue(JSONWriter.write(try JSONReader.parse(bytes)) == bytes, label)
            // And its history reads back through the scanner.
            let key = Array("\n  \"history\": ".utf8)
            let at = try XCTUnwrap((0...(bytes.count - key.count)).last { bytes[$0..<($0 + key.count)].elementsEqual(key) }) + key.count
            let got = try XCTUnwrap(Self.scan(bytes, at: at), label)
            XCTAssertTrue(Self.same(got.entries, p.history), label)
            XCTAssertEqual(Array(bytes[got.end...]), Array("\n}\n".utf8), label)
            if testRun?.failureCount ?? 0 > 0 { break }
        }
    }
}

// MARK: - measuring

/// Skipped unless `AKKORD_BENCH=<project file>` is set (a release build with `-enable-testing`):
/// the file's history, repeated to 500 and 5,000 entries, read by the scanner and by the tree
/// path, and the project with 1,000 entries encoded. Best and median wall time of many runs;
/// with `AKKORD_BENCH_ONE=scan500|tree500|scan5000|tree5000|encode` it does that one call once,
/// for `valgrind --tool=callgrind --toggle-collect=<its function>` to count.
extension HistoryDecoderTests {
    static func benchHistory(_ file: [UInt8], count: Int) throws -> [UInt8] {
        let key = Array("\"history\": ".utf8)
        let at = try XCTUnwrap((0...(file.count - key.count)).last { file[$0..<($0 + key.count)].elementsEqual(key) }) + key.count
        let entries = try XCTUnwrap(scan(file, at: at)).entries
        return prefix + treeBytes((0..<count).map { entries[$0 % entries.count] }) + Array("\n}\n".utf8)
    }

    // The entries are freed by the caller, outside what is counted: a reader keeps them (the tree is freed).
    @inline(never) static func benchScan(_ bytes: [UInt8]) -> [HistoryEntry] { scan(bytes, at: prefix.count)?.entries ?? [] }
    @inline(never) static func benchTree(_ bytes: [UInt8]) -> [HistoryEntry] { tree(bytes, at: prefix.count)?.entries ?? [] }
    @inline(never) static func benchEncode(_ p: Project) throws -> Int { try ProjectCodec.encode(p).count }

    static func nanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Best and median of `runs` calls; what a call returns is freed after its time is taken.
    static func time<T>(_ runs: Int, _ body: () -> T) -> String {
        var times: [UInt64] = []
        for _ in 0..<runs {
            let t0 = nanoseconds()
            let result = body()
            times.append(nanoseconds() - t0)
            withExtendedLifetime(result) {}
        }
        times.sort()
        return String(format: "best %.1f µs, median %.1f µs (%d runs)", Double(times[0]) / 1000, Double(times[runs / 2]) / 1000, runs)
    }

    func testMeasure() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["AKKORD_BENCH"] else { throw XCTSkip("set AKKORD_BENCH=<project file> to measure") }
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let h500 = try Self.benchHistory(file, count: 500), h5000 = try Self.benchHistory(file, count: 5000)
        var p = try ProjectCodec.decode(file, source: path)
        p.history = (0..<1000).map { p.history[$0 % p.history.count] }
        XCTAssertEqual(Self.scan(h5000, at: Self.prefix.count)?.entries.count, 5000)
        XCTAssertEqual(Self.tree(h5000, at: Self.prefix.count)?.entries.count, 5000)
        switch env["AKKORD_BENCH_ONE"] {
        case "scan500"?: print(Self.benchScan(h500).count)
        case "tree500"?: print(Self.benchTree(h500).count)
        case "scan5000"?: print(Self.benchScan(h5000).count)
        case "tree5000"?: print(Self.benchTree(h5000).count)
        case "encode"?: print(try Self.benchEncode(p))
        default:
            print("history of 500 (\(h500.count) bytes): scanner \(Self.time(2000) { Self.benchScan(h500) })")
            print("history of 500 (\(h500.count) bytes): tree    \(Self.time(2000) { Self.benchTree(h500) })")
            print("history of 5000 (\(h5000.count) bytes): scanner \(Self.time(200) { Self.benchScan(h5000) })")
            print("history of 5000 (\(h5000.count) bytes): tree    \(Self.time(200) { Self.benchTree(h5000) })")
            print("encode, \(p.lines.count) lines, 1000 history entries: \(Self.time(1000) { (try? Self.benchEncode(p)) ?? 0 })")
        }
    }
}
