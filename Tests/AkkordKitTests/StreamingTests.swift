import Foundation
import Synchronization
import XCTest
@testable import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streaming reader of project files (`ProjectCodec.decodeStreaming`, `Store.loadProjectForReading`)
/// and the writers that walk its lines: what they give must be exactly what the whole-file reader
/// (`ProjectCodec.decode`) and the model's writers give, and a file the whole reader refuses must
/// never be read fast. Seeded: `AKKORD_SEED=<n> swift test --filter StreamingTests` repeats a run.
final class StreamingTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }


    // MARK: - a. streaming equals the model, byte for byte

    /// Some seeded projects that have no lines, no workers or no journeyman hours: the same bytes too.
    func testStreamingEqualsTheModelOnEdgeProjects() throws {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-stream-edge")
        var empty = Project(id: "empty", name: "Tom")
        empty.nextIds = ["line": 7]
        var noTeam = Self.randomProject(&rng, id: "no-team", lines: 40)
        noTeam.workers = []; noTeam.hours = []; noTeam.advances = []
        var apprenticesOnly = Self.randomProject(&rng, id: "apprentices", lines: 40)
        apprenticesOnly.workers = apprenticesOnly.workers.filter(\.apprentice) + [Worker(id: "lars", name: "Lars Lærling", apprentice: true, rate: UnitPrice(raw: 1_200_000))]
        let ids = Set(apprenticesOnly.workers.map(\.id))
        apprenticesOnly.hours = apprenticesOnly.hours.filter { ids.contains($0.worker) }
        apprenticesOnly.advances = apprenticesOnly.advances.filter { ids.contains($0.worker) }
        var noHours = Self.randomProject(&rng, id: "no-hours", lines: 40)
        noHours.hours = []
        for p in [empty, noTeam, apprenticesOnly, noHours] {
            let label = "seed \(seed), \(p.id)"
            XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], label)
            let bytes = try ProjectCodec.encode(p)
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)), options: .atomic)
            let streamed = try store.loadProjectForReading(p.id)
            for format in [ReportFormat.json, .text, .csv, .html] {
                for language in Language.allCases {
                    let expected = try RenderedReport(p, format: format, language: language, photo: { _ in nil }).render()
                    let got = try RenderedReport(streamed.head, lines: streamed.lines, format: format, language: language, photo: { _ in nil }).render()
                    XCTAssertTrue(got.bytes == expected.bytes, "\(format) \(language), \(label): \(Self.firstDifference(got.bytes, expected.bytes))")
                    XCTAssertEqual(got.warnings, expected.warnings, label)
                }
                let out = ByteOutput()
                ProjectText.writeLinesJSON(streamed.lines, to: out)
                XCTAssertTrue(out.bytes == JSONWriter.write(try ProjectText.linesJSON(p)), label)
                let text = ByteOutput()
                ProjectText.writeLines(streamed.lines, language: .da, to: text)
                XCTAssertEqual(String(decoding: text.bytes, as: UTF8.self), try ProjectText.lines(p, language: .da), label)
            }
        }
    }

    /// The lines are checked where they stand when `lineCount` and `nextIds` come before them (as
    /// akkord writes them); in another order they are stepped over and checked after. The
    /// supplements' bases come from what the checking pass kept of each line, or, for a line id
    /// beyond 32 bits, from another walk. Each way gives the model's figures.
    func testOtherMemberOrdersAndHugeLineIdsGiveTheModelsFigures() throws {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-stream-order")

        var reordered = Self.randomProject(&rng, id: "reordered", lines: 300)
        XCTAssertTrue(reordered.supplements.contains { !$0.scope.lines.isEmpty }, "a supplement scoped by line ids")
        reordered.nextIds["line"] = (reordered.nextIds["line"] ?? 1) + 5
        var huge = Self.randomProject(&rng, id: "huge-ids", lines: 200)
        let big = 5_000_000_000  // beyond UInt32
        huge.lines[0].id = big
        huge.lines[1].id = big + 7
        huge.nextIds["line"] = big + 8
        huge.nextIds["supplement"] = 100
        huge.supplements.append(Supplement(id: 99, name: "Stor", percent: Percent(raw: 2500), scope: Supplement.Scope(lines: [big + 7, huge.lines[5].id])))

        for (p, moveNextIdsAfterLines) in [(reordered, true), (reordered, false), (huge, false)] {
            let label = "seed \(seed), \(p.id), nextIds after lines: \(moveNextIdsAfterLines)"
            XCTAssertEqual(ProjectRules.problems(p).map(\.description), [], label)
            var bytes = try ProjectCodec.encode(p)
            if moveNextIdsAfterLines {
                // The same file with `nextIds` moved to the end: the lines come before it.
                var text = String(decoding: bytes, as: UTF8.self)
                let member = text.range(of: ",\n  \"nextIds\": {")!
                let end = text.range(of: "}", range: member.upperBound..<text.endIndex)!
                let nextIds = String(text[member.lowerBound..<end.upperBound])
                text.removeSubrange(member.lowerBound..<end.upperBound)
                text.insert(contentsOf: nextIds, at: text.range(of: "\n}\n", options: .backwards)!.lowerBound)
                bytes = Array(text.utf8)
                XCTAssertEqual(try ProjectCodec.decode(bytes, source: "x"), p, "the moved file is the same project: \(label)")
            }
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)), options: .atomic)
            let streamed = try store.loadProjectForReading(p.id)
            XCTAssertEqual(try streamed.lines.bases(of: p.supplements), try p.supplements.map { try $0.base(of: p.lines) }, label)
            XCTAssertEqual(streamed.lines.all, p.lines, label)
            let expected = try RenderedReport(p, format: .json, language: .da, photo: { _ in nil }).render()
            let got = try RenderedReport(streamed.head, lines: streamed.lines, format: .json, language: .da, photo: { _ in nil }).render()
            XCTAssertTrue(got.bytes == expected.bytes, "\(label): \(Self.firstDifference(got.bytes, expected.bytes))")
            let kept = try store.loadProject(p.id)
            XCTAssertEqual(kept, p, "loadProject (lines kept): \(label)")
        }
    }

    // MARK: - b. the conservative property

    /// An error's description without the line and column of a syntax error.
    static func withoutPlaces(_ text: String) -> String {
        text.replacingOccurrences(of: #"line \d+, column \d+: "#, with: "", options: .regularExpression)
    }

    // MARK: - c. ByteOutput

    func testAFailedWriteIsThrownByFlushNotATrap() throws {
        // A descriptor open only for reading: every write fails (EBADF).
        let readOnly = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThanOrEqual(readOnly, 0)
        defer { close(readOnly) }
        let bad = ByteOutput(fd: readOnly, path: "read-only.txt")
        bad.write("a small write stays in the buffer")
        bad.write([UInt8](repeating: 65, count: 200_000))   // larger than the buffer: written through, fails
        bad.write(spaces: 100_000)
        bad.write(byte: 10)
        XCTAssertThrowsError(try bad.flush()) { error in
            XCTAssertTrue("\(error)".contains("read-only.txt"), "\(error)")
            XCTAssertTrue("\(error)".contains("write"), "\(error)")
        }
        bad.write("later writes are dropped")
        XCTAssertThrowsError(try bad.flush(), "the failure is remembered")

        // A small write that only fails when the buffer is drained by flush.
        let small = ByteOutput(fd: readOnly, path: "small.txt")
        small.write("x")
        XCTAssertThrowsError(try small.flush()) { XCTAssertTrue("\($0)".contains("small.txt"), "\($0)") }

        // A full disk.
        let full = open("/dev/full", O_WRONLY)
        if full >= 0 {
            defer { close(full) }
            let out = ByteOutput(fd: full, path: "/dev/full")
            out.write("report")
            XCTAssertThrowsError(try out.flush()) { XCTAssertTrue("\($0)".contains("/dev/full"), "\($0)") }
        } else {
            XCTFail("/dev/full is needed for this test")
        }

        // A pipe whose reader is gone (SIGPIPE ignored, as a command's output to `head`).
        let old = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, old) }
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])
        let broken = ByteOutput(fd: fds[1], path: "standard output")
        for _ in 0..<10 { broken.write([UInt8](repeating: 66, count: 50_000)) }
        XCTAssertThrowsError(try broken.flush()) { XCTAssertTrue("\($0)".contains("standard output"), "\($0)") }
        close(fds[1])

        // A good descriptor still works after all that.
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        let good = ByteOutput(fd: devNull, path: "/dev/null")
        good.write([UInt8](repeating: 1, count: 300_000))
        XCTAssertNoThrow(try good.flush())
    }

    // MARK: - d. writePlain equals plain; format unchanged

    func testWritePlainEqualsPlainForEveryNumberType() throws {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        func check<N: FixedPointNumber>(_ type: N.Type) {
            var raws: [Int64] = [0, 1, -1, 5, -5, 10, 99, 100, 101, 1000, -1000, 12345, N.maximumRaw, -N.maximumRaw, N.maximumRaw - 1,
                                 Int64.max, Int64.min + 1, Int64.min, Int64.max / 10]
            for digits in 1...18 {
                let bound = pow10(digits)
                raws.append(Int64.random(in: 0..<bound, using: &rng))
                raws.append(-Int64.random(in: 0..<bound, using: &rng))
                raws.append(bound)
                raws.append(bound * (Int64.random(in: 1...9, using: &rng)) / 10)
            }
            for _ in 0..<2000 { raws.append(Int64.random(in: -N.maximumRaw...N.maximumRaw, using: &rng)) }
            for _ in 0..<200 { raws.append(Int64.random(in: Int64.min...Int64.max, using: &rng)) }
            for raw in raws {
                let n = N(raw: raw)
                let out = ByteOutput()
                n.writePlain(to: out)
                XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), n.plain, "\(N.self) raw \(raw), seed \(seed)")
                // In a run of other writes too (the stack buffer must not leak into the output).
                let run = ByteOutput()
                run.write("<")
                n.writePlain(to: run)
                run.write(">")
                XCTAssertEqual(String(decoding: run.bytes, as: UTF8.self), "<\(n.plain)>", "\(N.self) raw \(raw)")
                XCTAssertEqual(n.plain, Self.referencePlain(raw: raw, fractionDigits: N.fractionDigits, minimumShown: N.minimumFractionDigitsShown),
                               "\(N.self) raw \(raw): plain is the reference form")
            }
        }
        check(Money.self)
        check(UnitPrice.self)
        check(Quantity.self)
        check(Percent.self)
        // Ids, written with 0 fraction digits.
        for raw: Int64 in [0, 1, 7, 10, 99_999, 123_456_789, Int64.max, -3] + (0..<500).map({ _ in Int64.random(in: 0...Int64.max, using: &rng) }) {
            let out = ByteOutput()
            DecimalText.writePlain(raw: raw, fractionDigits: 0, minimumShown: 0, to: out)
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), String(raw), "id \(raw)")
        }
    }

    func testFormattedNumbersAreUnchanged() {
        // (value, en, da), worked out by hand.
        let table: [(String, String, String, String)] = [
            ("money", Money(raw: 123_450).formatted(.en), Money(raw: 123_450).formatted(.da), "1,234.50|1.234,50"),
            ("money", Money(raw: 0).formatted(.en), Money(raw: 0).formatted(.da), "0.00|0,00"),
            ("money", Money(raw: -5).formatted(.en), Money(raw: -5).formatted(.da), "-0.05|-0,05"),
            ("money", Money(raw: 99_999).formatted(.en), Money(raw: 99_999).formatted(.da), "999.99|999,99"),
            ("money", Money(raw: 100_000).formatted(.en), Money(raw: 100_000).formatted(.da), "1,000.00|1.000,00"),
            ("money", Money(raw: -123_456_789).formatted(.en), Money(raw: -123_456_789).formatted(.da), "-1,234,567.89|-1.234.567,89"),
            ("money", Money.largest.formatted(.en), Money.largest.formatted(.da), "999,999,999,999.99|999.999.999.999,99"),
            ("price", UnitPrice(raw: 123_456_789).formatted(.en), UnitPrice(raw: 123_456_789).formatted(.da), "12,345.6789|12.345,6789"),
            ("price", UnitPrice(raw: 10_000).formatted(.en), UnitPrice(raw: 10_000).formatted(.da), "1.00|1,00"),
            ("price", UnitPrice(raw: 12_340).formatted(.en), UnitPrice(raw: 12_340).formatted(.da), "1.234|1,234"),
            ("price", UnitPrice(raw: 1_284_000).formatted(.en), UnitPrice(raw: 1_284_000).formatted(.da), "128.40|128,40"),
            ("quantity", Quantity(raw: 212_500).formatted(.en), Quantity(raw: 212_500).formatted(.da), "212.5|212,5"),
            ("quantity", Quantity(raw: 1000).formatted(.en), Quantity(raw: 1000).formatted(.da), "1|1"),
            ("quantity", Quantity(raw: 1).formatted(.en), Quantity(raw: 1).formatted(.da), "0.001|0,001"),
            ("quantity", Quantity(raw: 1_234_567_890).formatted(.en), Quantity(raw: 1_234_567_890).formatted(.da), "1,234,567.89|1.234.567,89"),
            ("percent", Percent(raw: 4500).formatted(.en), Percent(raw: 4500).formatted(.da), "4.5|4,5"),
            ("percent", Percent(raw: -100_000).formatted(.en), Percent(raw: -100_000).formatted(.da), "-100|-100"),
            ("percent", Percent(raw: 12_125).formatted(.en), Percent(raw: 12_125).formatted(.da), "12.125|12,125"),
        ]
        for (kind, en, da, expected) in table {
            XCTAssertEqual("\(en)|\(da)", expected, kind)
        }
        let plain: [(String, String)] = [
            (Money(raw: 123_450).plain, "1234.50"), (Money(raw: -5).plain, "-0.05"), (Money.largest.plain, "999999999999.99"),
            (UnitPrice(raw: 12_340).plain, "1.234"), (UnitPrice(raw: 10_000).plain, "1.00"), (Quantity(raw: 212_500).plain, "212.5"),
            (Quantity(raw: 1).plain, "0.001"), (Percent(raw: -100_000).plain, "-100"), (Percent(raw: 0).plain, "0"),
        ]
        for (got, expected) in plain { XCTAssertEqual(got, expected) }
    }

    // MARK: - e. TextSlice

    func testTextSlicesReadAndWriteAsTheTreeReaderAndWriter() throws {
        let seed = Self.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        // JSON string literals as they may stand in a file: plain, non-ASCII, escaped by akkord,
        // escaped by hand.
        var literals = [
            #""""#, #""plain text 12.50 m2""#, #""æøå ÆØÅ""#, #""emoji 😀 and 🇩🇰""#, #""tag \"nord\"""#, #""back\\slash""#,
            #""tab\there""#, #""line\nbreak""#, #""cr\r\nlf""#, #""\u00e6\u00F8\u00c5""#, #""\ud83d\ude00""#, #""a\/b""#,
            #""\u0041\u0042""#, #""\b\f""#, #""\u001b[2J""#, #""e\u0301 vs é""#, #""~ DEL-free ASCII !#$%&'()*+,-./:;<=>?@[]^_`{|}""#,
            "\"\u{7F} DEL raw\"", "\"C1 \u{85} raw\"", #""\u0000 nul""#, "\"" + String(repeating: "ø", count: 600) + "\"",
        ]
        // Random strings, written by JSONWriter and escaped by hand.
        let alphabet = Array("aZ09 .,-/\\\"\t\næøå€😀\u{7F}\u{1B}\u{301}")
        for _ in 0..<300 {
            let s = String((0..<Int.random(in: 0...30, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            literals.append(String(decoding: JSONWriter.write(.string(s)).dropLast(), as: UTF8.self))
            literals.append("\"" + s.unicodeScalars.map { $0.value < 0x10000 ? String(format: "\\u%04x", $0.value) : Self.surrogates($0.value) }.joined() + "\"")
        }
        for literal in literals {
            let expected = try XCTUnwrap(JSONReader.parse(Array(literal.utf8)).stringValue, literal)
            // The literal as a line's note and name, read by the line scanner.
            // In akkord's own layout, so the lexer's string reader (not the tree's) reads them.
            let line = "[{\"id\": 1, \"pos\": \"1.01\", \"name\": \(literal), \"unit\": \"m2\", \"price\": \"1.00\", \"quantity\": \"1\", \"amount\": \"1.00\", \"custom\": false, \"note\": \(literal), \"section\": \"\", \"date\": null}]" + String(repeating: " ", count: 32)
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                var scanner = try! LineDecoder(buffer, arrayAt: 0)
                let view = try XCTUnwrap(scanner.nextLine(), "the decoder reads \(literal)")
                XCTAssertTrue(view.name.quoted.baseAddress! >= buffer.baseAddress! && view.name.quoted.baseAddress! < buffer.baseAddress! + buffer.count,
                              "read where it is in the file, not by the tree path: \(literal)")
                XCTAssertNil(try scanner.next())
                XCTAssertEqual(view.name.string, expected, literal)
                XCTAssertEqual(view.note.string, expected, literal)
                let out = ByteOutput(), reference = ByteOutput()
                view.note.writeJSON(to: out)
                JSONWriter.writeString(expected, to: reference)
                XCTAssertEqual(out.bytes, reference.bytes, literal)
                XCTAssertEqual(out.bytes, Array(JSONWriter.write(.string(expected)).dropLast()), literal)
                let isPlainASCII = !literal.dropFirst().dropLast().contains("\\") && literal.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                XCTAssertEqual(view.name.plainASCIICount, isPlainASCII ? expected.utf8.count : nil, literal)
                if let n = view.name.plainASCIICount { XCTAssertEqual(n, expected.count, literal) }
            }
            // A text held as a String (a line in memory) is written as JSON for its slice: it
            // reads and writes as the same text read from a file.
            let fromString = ByteOutput(), reference = ByteOutput()
            TextSlice.with(expected) { $0.writeJSON(to: fromString) }
            JSONWriter.writeString(expected, to: reference)
            XCTAssertEqual(fromString.bytes, reference.bytes, literal)
            TextSlice.with(expected) { slice in
                XCTAssertEqual(slice.string, expected, literal)
                let isPlainASCII = expected.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && !expected.contains("\"") && !expected.contains("\\")
                XCTAssertEqual(slice.plainASCIICount, isPlainASCII ? expected.utf8.count : nil, literal)
                XCTAssertEqual(slice.isEmpty, expected.isEmpty, literal)
                var copy = expected
                XCTAssertEqual(slice.withUTF8 { Array($0) }, copy.withUTF8 { Array($0) }, literal)
            }
        }
        // What the tree reader refuses, the line decoder refuses too.
        for bad in ["\"raw\u{01}control\"", "\"raw\ttab\"", #""\x""#, #""\ud83d alone""#, #""\u12""#, "\"unterminated"] {
            let bytes = Array("[{\"id\": 1, \"pos\": \"1.01\", \"name\": \(bad), \"unit\": \"m2\", \"price\": \"1.00\", \"quantity\": \"1\"}]".utf8)
            XCTAssertThrowsError(try JSONReader.parse(bytes), bad)
            try bytes.withUnsafeBufferPointer { buffer in
                var scanner = try LineDecoder(buffer, arrayAt: 0)
                XCTAssertThrowsError(try scanner.next(), bad)
            }
        }
    }

    // MARK: - f. a file changed in place between passes

    // MARK: - generators

    static let lineNames = ["Tagpap, 2 lag", "Inddækning – skotrende/kel", "Tagrende 6\" zink", "Sti \\ sti", "Kvist 😀 med zink",
                            "Tab\tadskilt", "ÆØÅ æøå", "Skifer/natursten, lagt", "Remove old felt roofing, one layer", "e\u{301}t accent"]
    static let notes = ["", "", "", "", "nord side", "første linje\nanden linje", "citat \"x\" og \\", "tab\there", "emoji 😀 / skråstreg", "ø"]
    static let units = ["m2", "m²", "lbm", "stk", "pcs", "t", "m³ (løs)"]
    static let sections = ["", "Tagpap og undertag", "Metal/zink", "Ovenlys \"Velux\"", "Tegl\tog skifer", "Æbler 😀"]
    static let positions = ["1.01", "1.05", "2.03", "2.07", "3.01", "4.09", "5.08", "6.06", "7.02"]

    static func date(_ rng: inout RNG) -> String? {
        Int.random(in: 0..<4, using: &rng) == 0 ? nil : String(format: "2026-%02d-%02d", Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
    }

    /// A measurement as `add --measure` keeps it: the expression, normalized, and its quantity.
    static func measurement(_ rng: inout RNG) -> (String, Quantity)? {
        let language = Bool.random(using: &rng) ? Language.da : .en
        func number(_ rng: inout RNG) -> String {
            let whole = Int.random(in: 1...40, using: &rng), fraction = Int.random(in: 0...99, using: &rng)
            return fraction == 0 ? "\(whole)" : "\(whole)\(language.decimalSeparator)\(fraction)"
        }
        let (a, b, c, d) = (number(&rng), number(&rng), number(&rng), number(&rng))
        let forms = ["\(a)*\(b)", "\(a) × \(b) - \(c)*\(d)", "(\(a)+\(b))/2", "\(a)*\(b)+\(c)", "\(a) * (\(b) - 0\(language.decimalSeparator)5)", "\(a)/3"]
        let text = forms.randomElement(using: &rng)!
        guard let measured = try? MeasurementExpression.evaluate(text, language: language) else { return nil }
        return (measured.measurement.expression, measured.quantity)
    }

    /// A valid project with every kind of member: non-ASCII and escaped texts, custom and measured
    /// lines, sections, dates and null dates, scoped and unscoped (and negative) supplements, extra
    /// work of every kind, journeymen and apprentices with hours and advances, photos, history.
    static func randomProject(_ rng: inout RNG, id: String, lines count: Int) -> Project {
        var p = Project(id: id, name: ["Vestergade 12, Århus – tag \"nord\"", "Søndergade 3 😀 tag/inddækning", "Back\\slash\tTab ÆØÅ"].randomElement(using: &rng)!)
        p.address = "Åboulevard 7, 2200 København N"
        p.employer = "Tag & Tæt ApS"
        p.customer = Bool.random(using: &rng) ? "A/B \"Solsiden\"" : ""
        p.note = ["", "Første linje\nAnden linje – \"citat\" \\ 😀", "stillads fra bygherre"].randomElement(using: &rng)!
        p.start = date(&rng)
        p.end = date(&rng)
        p.status = Bool.random(using: &rng) ? .open : .closed
        p.created = "2026-03-03"
        p.catalogueName = "Sample roofing price list"
        p.catalogueEdition = "2026-1"
        var lineId = 0
        for _ in 0..<count {
            lineId += Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 2...4, using: &rng) : 1   // removed lines leave gaps
            let custom = Int.random(in: 0..<5, using: &rng) == 0
            var quantity = Quantity(raw: Int64.random(in: 1...500_000, using: &rng))
            var measured: String? = nil
            if Int.random(in: 0..<4, using: &rng) == 0, let (m, q) = measurement(&rng) { measured = m; quantity = q }
            let price: UnitPrice
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: price = .zero
            case 1: price = UnitPrice(raw: Int64.random(in: 1...99_999_999, using: &rng))          // 4 fraction digits
            default: price = UnitPrice(raw: Int64.random(in: 1...50_000, using: &rng) * 100)
            }
            var name = lineNames.randomElement(using: &rng)!
            if Int.random(in: 0..<200, using: &rng) == 0 { name = String(repeating: Bool.random(using: &rng) ? "ø" : "a", count: 500) }
            var line = Line(id: lineId, pos: custom ? "X\(lineId)" : positions.randomElement(using: &rng)!, name: name,
                            unit: units.randomElement(using: &rng)!, price: price, quantity: quantity,
                            note: notes.randomElement(using: &rng)!, section: sections.randomElement(using: &rng)!, date: date(&rng), custom: custom)
            line.measurement = measured
            p.lines.append(line)
        }
        if !p.lines.isEmpty, !p.lines.contains(where: \.custom) { p.lines[0].custom = true; p.lines[0].pos = "X\(p.lines[0].id)" }
        if !p.lines.isEmpty, !p.lines.contains(where: { $0.measurement != nil }) {
            p.lines[p.lines.count - 1].measurement = "2*3,5"
            p.lines[p.lines.count - 1].quantity = Quantity(raw: 7000)
        }

        let names = ["Jens Hansen", "Mette Sørensen", "Søren Ø. Ærø", "Kim 😀 Berg"]
        for (k, name) in names.prefix(Int.random(in: 1...4, using: &rng)).enumerated() {
            p.workers.append(Worker(id: "w\(k)-\(Slug.make(from: name))", name: name))
        }
        for k in 0..<Int.random(in: 0...2, using: &rng) {
            p.workers.append(Worker(id: "laerling-\(k)", name: "Lærling \(k)", apprentice: true,
                                    rate: UnitPrice(raw: Int64.random(in: 500_000...2_000_000, using: &rng))))
        }
        var hoursId = 0, advanceId = 0
        for w in p.workers {
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                hoursId += 1
                let raw = Bool.random(using: &rng) ? Int64.random(in: 1...600, using: &rng) * 50 : Int64.random(in: 1...40_000, using: &rng) * 3
                p.hours.append(HoursEntry(id: hoursId, worker: w.id, hours: Hours(raw: raw), date: date(&rng), note: notes.randomElement(using: &rng)!))
            }
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                advanceId += 1
                p.advances.append(Advance(id: advanceId, worker: w.id, amount: Money(raw: Int64.random(in: 1...1_000_000, using: &rng)),
                                          date: date(&rng), note: "uge 11"))
            case 1:
                advanceId += 1
                let h = Hours(raw: Int64.random(in: 1...100, using: &rng) * 1500), r = UnitPrice(raw: Int64.random(in: 1_000_000...2_500_000, using: &rng))
                p.advances.append(Advance(id: advanceId, worker: w.id, amount: h.pay(at: r), date: date(&rng), note: "", hours: h, rate: r))
            case 2:
                advanceId += 1
                p.advances.append(Advance(id: advanceId, worker: w.id, amount: Money(raw: -Int64.random(in: 1...50_000, using: &rng)),
                                          date: nil, note: "rettelse", correction: true))
            default: break
            }
        }
        let usedSections = Array(Set(p.lines.map(\.section).filter { !$0.isEmpty })).sorted()
        let someIds = p.lines.isEmpty ? [] : (0..<Int.random(in: 1...6, using: &rng)).map { _ in p.lines.randomElement(using: &rng)!.id }
        var supplementId = 0
        func supplement(_ name: String, _ percent: Int64, _ scope: Supplement.Scope) {
            supplementId += 1
            p.supplements.append(Supplement(id: supplementId, name: name, percent: Percent(raw: percent), scope: scope))
        }
        supplement("Højdetillæg", Int64.random(in: 1...20_000, using: &rng), .all)
        if !usedSections.isEmpty { supplement("Stejlt tag", 8000, Supplement.Scope(sections: [usedSections.randomElement(using: &rng)!])) }
        if !someIds.isEmpty { supplement("Lille areal", 10_000, Supplement.Scope(lines: Array(Set(someIds)).sorted())) }
        if !usedSections.isEmpty, !someIds.isEmpty {
            supplement("Vinter \"kulde\"", 5_500, Supplement.Scope(sections: Array(usedSections.prefix(2)), lines: [someIds[0]]))
        }
        supplement("Fradrag for stillads", -Int64.random(in: 1...9_999, using: &rng), .all)
        p.extraWork = [
            ExtraWork(id: 1, text: "Ekstra inddækning ved nabomur (aftale 17)", pricing: .amount(Money(raw: 185_000)), number: "17", date: "2026-05-06"),
            ExtraWork(id: 2, text: "Snerydning", pricing: .hourly(hours: Hours(raw: 10_500), rate: UnitPrice(raw: 3_425_000))),
            ExtraWork(id: 3, text: "Oprydning ikke udført – fradrag", pricing: .amount(Money(raw: -75_000)), number: "18"),
        ]
        p.photos = [
            Photo(id: 1, caption: "Nordside før tagpap 😀", originalName: "IMG_1000.jpg", file: String(repeating: "ab", count: 32) + ".jpg", added: "2026-03-07"),
            Photo(id: 3, caption: "", originalName: "tagrende.png", file: String(repeating: "0f", count: 32) + ".png", added: "2026-03-08"),
        ]
        p.history = [HistoryEntry(time: "2026-03-03T08:00:00Z", command: "akkord project new \"Tag\"", changes: ["project created"]),
                     HistoryEntry(time: "2026-03-04T08:00:00Z", command: "akkord add 1.01 12", changes: ["line 1 added: 1.01 …"])]
        p.nextIds = ["line": lineId + Int.random(in: 1...3, using: &rng), "hours": hoursId + 1, "advance": advanceId + 1,
                     "supplement": supplementId + 1, "extra": 4, "photo": 4]
        return p
    }

    /// Some of the non-ASCII letters, the emoji and `/` of an akkord-written file replaced by JSON
    /// escapes, as a person or a script may write them (every one is inside a string).
    static func escapeByHand(_ bytes: [UInt8], _ rng: inout RNG) -> [UInt8] {
        // One pass over the bytes (splitting a 4 MiB String six times took seconds in a debug
        // build); the escapes are ASCII and hold none of the characters, so no escape is escaped.
        let pairs: [([UInt8], [UInt8])] = [("æ", "\\u00e6"), ("ø", "\\u00F8"), ("Å", "\\u00c5"), ("😀", "\\ud83d\\ude00"), ("/", "\\/"), ("²", "\\u00b2")]
            .map { (Array($0.utf8), Array($1.utf8)) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var i = 0
        bytes.withUnsafeBufferPointer { b in
            next: while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "/") || c >= 0xC2 {
                    for (plain, escaped) in pairs where plain[0] == c && i + plain.count <= b.count {
                        var k = 1
                        while k < plain.count, b[i + k] == plain[k] { k += 1 }
                        guard k == plain.count else { continue }
                        out += Int.random(in: 0..<3, using: &rng) == 0 ? escaped : plain
                        i += plain.count
                        continue next
                    }
                }
                out.append(c)
                i += 1
            }
        }
        return out
    }

    static func surrogates(_ value: UInt32) -> String {
        let v = value - 0x10000
        return String(format: "\\u%04x\\u%04x", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
    }

    // MARK: helpers

    /// The plain form worked out independently: digits of |raw|, a point before the last
    /// `fractionDigits`, trailing zeros cut down to `minimumShown`.
    static func referencePlain(raw: Int64, fractionDigits: Int, minimumShown: Int) -> String {
        var digits = String(raw.magnitude)
        while digits.count <= fractionDigits { digits = "0" + digits }
        var whole = String(digits.dropLast(fractionDigits)), fraction = String(digits.suffix(fractionDigits))
        while fraction.count > minimumShown, fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (raw < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Writes a seeded mix of every kind of write to `out` and the same bytes to `expected`.
    static func writeRandomPieces(to out: ByteOutput, expected: inout [UInt8], pieces: Int, _ rng: inout RNG) {
        let texts = ["", "a", "æøå", "😀 emoji", "line\n", String(repeating: "x", count: 1000)]
        for _ in 0..<pieces {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:
                let s = texts.randomElement(using: &rng)!
                out.write(s); expected += Array(s.utf8)
            case 1:
                out.write("static ✓"); expected += Array("static ✓".utf8)
            case 2:
                let b = UInt8.random(in: 0...255, using: &rng)
                out.write(byte: b); expected.append(b)
            case 3:
                let n = [0, 1, 7, 100, 4096, 70_000].randomElement(using: &rng)!
                out.write(spaces: n); expected += [UInt8](repeating: 0x20, count: n)
            case 4:
                let n = [1, 10, 1000, 65_535, 65_536, 65_537, 200_000].randomElement(using: &rng)!
                let start = UInt8.random(in: 0...255, using: &rng)
                let bytes = (0..<n).map { start &+ UInt8(truncatingIfNeeded: $0) }
                out.write(bytes); expected += bytes
            case 5:
                let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                bytes.withUnsafeBytes { out.write($0) }
                expected += bytes
            default:
                let n = Money(raw: Int64.random(in: -99_999_999_999_999...99_999_999_999_999, using: &rng))
                n.writePlain(to: out); expected += Array(n.plain.utf8)
            }
        }
    }

    static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw FileIO.Failure.system(path: path, operation: "open", message: FileIO.errnoMessage()) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard n > 0 else { throw FileIO.Failure.system(path: path, operation: "write", message: FileIO.errnoMessage()) }
            offset += n
        }
    }

    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard a != b else { return "equal" }
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let from = max(0, i - 80)
        return "lengths \(a.count) and \(b.count), first difference at byte \(i):\n  got:      \(String(decoding: a[from..<min(a.count, i + 80)], as: UTF8.self).debugDescription)\n  expected: \(String(decoding: b[from..<min(b.count, i + 80)], as: UTF8.self).debugDescription)"
    }

    // MARK: the built binary

    struct Run { let status: Int32; let signal: Int32?; let stdout: [UInt8]; let stderr: String }

    static let binary: String = {
        let bundle = Bundle(for: StreamingTests.self).bundleURL
        let candidates = [bundle.appendingPathComponent("akkord"), bundle.deletingLastPathComponent().appendingPathComponent("akkord")]
        return (candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]).path
    }()

    /// Runs the built `akkord`. With `whenWriting`, its standard output is a pipe that is not read
    /// until it has written once (so its first pass over the project is done and it is blocked on
    /// the full pipe); `whenWriting` runs then, and the rest of the output is read.
    static func runAkkord(_ arguments: [String], whenWriting: (() throws -> Void)? = nil) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            XCTFail("the akkord binary is not built at \(binary) (swift build)")
            return Run(status: -1, signal: nil, stdout: [], stderr: "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent-akkord-home", "NO_COLOR": "1", "LC_ALL": "C.UTF-8"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        final class Box: Sendable {
            private let stored = Mutex<[UInt8]>([])
            var bytes: [UInt8] {
                get { stored.withLock { $0 } }
                set { stored.withLock { $0 = newValue } }
            }
        }
        let errBox = Box()
        let errDone = DispatchSemaphore(value: 0)
        try process.run()
        Thread.detachNewThread {
            errBox.bytes = Array(err.fileHandleForReading.readDataToEndOfFile())
            errDone.signal()
        }
        var stdout: [UInt8] = []
        if let whenWriting {
            let first = try out.fileHandleForReading.read(upToCount: 1) ?? Data()
            stdout += first
            if !first.isEmpty {
                Thread.sleep(forTimeInterval: 0.2)   // let it fill the pipe again and block
                try whenWriting()
            }
        }
        stdout += Array(out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        errDone.wait()
        let signal: Int32? = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return Run(status: process.terminationStatus, signal: signal, stdout: stdout, stderr: String(decoding: errBox.bytes, as: UTF8.self))
    }
}

extension Result {
    var failureValue: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}
