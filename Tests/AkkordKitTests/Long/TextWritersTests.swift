import Foundation
import XCTest
@testable import AkkordKit

/// The writers of the long tables (the text, CSV and HTML reports, `lines`) make their rows from
/// the lines' bytes (`TextTable.RowBytes`, `FigureText`) instead of a `String` per cell: what they
/// write must be byte for byte what the old writers wrote (`Oracle`, kept as they were). Seeded:
/// `AKKORD_SEED=<n> swift test --filter TextWritersTests` repeats a run.
final class TextWritersTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64


    // MARK: - figures

    func testFigureTextIsFormattedAndPlain() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        func check<N: FixedPointNumber>(_ n: N) {
            for l in Language.allCases {
                XCTAssertEqual(n.formattedText(l).string, n.formatted(l), "\(N.self)(raw: \(n.raw)) \(l)")
                XCTAssertEqual(n.formattedText(l).count, n.formatted(l).utf8.count)
            }
            XCTAssertEqual(n.plainText().string, n.plain, "\(N.self)(raw: \(n.raw))")
            XCTAssertEqual(n.plainText(decimal: UInt8(ascii: ",")).string, n.plain.replacingOccurrences(of: ".", with: ","))
            let out = ByteOutput()
            n.formattedText(.da).write(to: out)
            XCTAssertEqual(out.bytes, Array(n.formatted(.da).utf8))
        }
        func raws(_ maximum: Int64) -> [Int64] {
            var r: [Int64] = [0, 1, -1, 5, 10, 99, 100, 999, 1000, 1001, 123_456_789, maximum, -maximum, maximum - 1,
                              Int64.max, Int64.min, Int64.min + 1, Int64.max / 7]
            for _ in 0..<300 {
                let digits = Int.random(in: 1...18, using: &rng)
                var v = Int64.random(in: 0...Int64(pow(10.0, Double(digits))) - 1, using: &rng)
                if Int.random(in: 0..<4, using: &rng) == 0 { v = v / 1000 * 1000 }
                r.append(Bool.random(using: &rng) ? v : -v)
            }
            return r
        }
        for raw in raws(Money.maximumRaw) { check(Money(raw: raw)) }
        for raw in raws(UnitPrice.maximumRaw) { check(UnitPrice(raw: raw)) }
        for raw in raws(Quantity.maximumRaw) { check(Quantity(raw: raw)) }
        for raw in raws(Percent.maximumRaw) { check(Percent(raw: raw)) }
        for n in [0, 1, -1, 9, 10, 12_345, Int.max, Int.min, Int.min + 1] + (0..<100).map({ _ in Int.random(in: -1_000_000...1_000_000, using: &rng) }) {
            XCTAssertEqual(FigureText(n).string, "\(n)")
        }
        // The largest line amount: the largest quantity at the largest price.
        check(Quantity(raw: Quantity.maximumRaw).amount(at: UnitPrice(raw: UnitPrice.maximumRaw)))
    }

    // MARK: - widths

    /// Pieces of cells: ASCII, line breaks, Latin-1, combining marks, emoji and ZWJ sequences,
    /// Hangul jamo, NEL and the line separator, CSV and HTML specials.
    static let pieces = ["a", "Tag", "felt", "x1", "(", ")", "=", "+", "-", "@", "'", "\"", ";", ",", "&", "<", ">", " ", "  ", "\t",
                         "\r\n", "\n", "\r", "\u{0B}", "\u{0C}", "\u{01}", "\u{7F}", "æ", "ø", "Å", "²", "\u{A0}", "\u{AD}", "ÿ", "×",
                         "\u{85}", "\u{80}", "\u{9F}", "\u{301}", "e\u{301}", "😀", "👩‍👩‍👧", "🇩🇰", "\u{200D}", "\u{2028}", "각",
                         "\u{1100}", "\u{1161}", "ĳ", "–", "Tagpapsdækningsarbejde", String(repeating: "ø", count: 23)]

    static func piece(_ rng: inout RNG, simple: Bool = false) -> String {
        if simple { return ["a", "Tag", "felt", "x1", "(", "=", "'", "\"", " ", "  ", "\t", "æ", "ø", "Å", "²", "\u{A0}", "ÿ", "×", "\u{AD}",
                            "Tagpapsdækningsarbejde", String(repeating: "ø", count: 23), String(repeating: "q", count: 41)].randomElement(using: &rng)! }
        return pieces.randomElement(using: &rng)!
    }

    static func text(_ rng: inout RNG, pieces count: ClosedRange<Int> = 0...6, simple: Bool = false) -> [String] {
        (0..<Int.random(in: count, using: &rng)).map { _ in piece(&rng, simple: simple) }
    }

    /// The characters `scalarCharacters` counts are those `String` counts, for every scalar up to
    /// U+00FF and after each other one of the pieces.
    func testScalarCharactersCountAsAStringDoes() {
        var texts = (0...0xFF).map { String(Unicode.Scalar(UInt8($0))) }
        for a in texts where !a.isEmpty { for b in ["a", "ø", "\u{301}", "\n", "😀", "\u{200D}"] { texts += [a + b, b + a] } }
        texts += Self.pieces
        for p in Self.pieces { for q in Self.pieces { texts.append(p + q) } }
        for t in texts {
            var t = t
            let counted = t.withUTF8 { TextTable.scalarCharacters($0) }
            if let counted { XCTAssertEqual(counted, t.count, "\(t.unicodeScalars.map { String($0.value, radix: 16) })") }
            // Only texts that need no String are counted: no line break, nothing that joins.
            if t.unicodeScalars.allSatisfy({ ($0.value >= 0xA0 && $0.value <= 0xFF) || ($0.value < 0x80 && !(0x0A...0x0D).contains($0.value)) }) {
                XCTAssertNotNil(counted, "\(t.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    /// A cell put together from parts holds the bytes of its `String` and has its width
    /// (`TextTable.width`), line breaks shown as spaces when writing.
    func testRowBytesHoldTheCellsAndTheirWidths() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for _ in 0..<3000 {
            let parts = Self.text(&rng)
            let cell = parts.joined()
            let figure = Int.random(in: 0..<4, using: &rng) == 0 ? Money(raw: Int64.random(in: -10_000_000...10_000_000, using: &rng)) : nil
            let unit = Int.random(in: 0..<4, using: &rng) == 0
            for pass in [TextTable.RowBytes.Pass.measuring, .writing] {
                var row = TextTable.RowBytes(pass)
                // A cell before, to see that each cell is measured on its own.
                row.append("ab")
                row.endCell()
                for p in parts {
                    if Bool.random(using: &rng) { TextSlice.with(p) { row.append($0) } } else { var p = p; p.withUTF8 { row.append($0) } }
                }
                if let figure { row.append(figure.formattedText(.da)) }
                if unit { row.append(" "); row.append("m²", width: 2) }
                row.endCell()
                var whole = cell + (figure.map { $0.formatted(.da) } ?? "") + (unit ? " m²" : "")
                if pass == .writing, whole.contains(where: \.isNewline) { whole = String(whole.map { $0.isNewline ? " " : $0 }) }
                let what = "\(pass) \(whole.unicodeScalars.map { String($0.value, radix: 16) })"
                XCTAssertEqual(row.count, 2)
                XCTAssertEqual(row.cells, ["ab", whole], what)
                XCTAssertEqual(row.widths, [2, TextTable.width(whole)], what)
                XCTAssertEqual(row.widths[1], OldTextTable.width(whole), what)
            }
        }
    }

    /// `wrapScalars` wraps as `wrap` does.
    func testWrapScalarsIsWrap() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for _ in 0..<5000 {
            var text = Self.text(&rng, pieces: 0...12, simple: true).joined()
            let width = Int.random(in: 1...30, using: &rng)
            guard TextTable.width(text) > width else { continue }
            var pieces: [UInt8] = Array("earlier".utf8)
            let lines = text.withUTF8 { TextTable.wrapScalars($0, width: width, into: &pieces) }
            XCTAssertEqual(lines.map { String(decoding: pieces[$0], as: UTF8.self) }, OldTextTable.wrap(text, width: width), "\"\(text)\" at \(width)")
        }
    }

    /// Rows written from bytes are the rows `writeRow` writes, in tables of every shape; the
    /// widths measured from bytes give the layout of the cells.
    func testRowsFromBytesAreTheRowsOfStrings() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for _ in 0..<400 {
            let columnCount = Int.random(in: 1...6, using: &rng)
            let specs = (0..<columnCount).map { _ in
                (title: ["Id", "Pos", "Activity", "Beløb", "Mængde", "", "Ydelse 😀"].randomElement(using: &rng)!,
                 right: Bool.random(using: &rng), wraps: Int.random(in: 0..<3, using: &rng) == 0, wrapsLast: Int.random(in: 0..<6, using: &rng) == 0)
            }
            var table = TextTable(specs.map { TextTable.Column($0.title, $0.right ? .right : .left, wraps: $0.wraps, wrapsLast: $0.wrapsLast) })
            var old = OldTextTable(specs.map { OldTextTable.Column($0.title, $0.right ? .right : .left, wraps: $0.wraps, wrapsLast: $0.wrapsLast) })
            table.maxWidth = Int.random(in: 5...120, using: &rng)
            old.maxWidth = table.maxWidth
            let simple = Bool.random(using: &rng)
            let rows = (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                (0..<columnCount).map { _ in Self.text(&rng, pieces: 0...10, simple: simple) }
            }
            var widths = table.columns.map { _ in 0 }
            var measuring = TextTable.RowBytes(.measuring)
            for cells in rows {
                measuring.removeAll()
                for parts in cells {
                    for p in parts { TextSlice.with(p) { measuring.append($0) } }
                    measuring.endCell()
                }
                measuring.widen(&widths)
            }
            let layout = table.layout(widths: widths), oldLayout = old.layout(measuring: rows.map { $0.map { $0.joined() } })
            XCTAssertEqual(layout.widths, oldLayout.widths)
            XCTAssertEqual(layout.gap, oldLayout.gap)
            let out = ByteOutput(), expected = ByteOutput()
            var writing = TextTable.RowBytes(.writing)
            for cells in rows {
                writing.removeAll()
                for parts in cells {
                    for p in parts { var p = p; p.withUTF8 { writing.append($0) } }
                    writing.endCell()
                }
                table.write(writing, layout, to: out)
                old.writeRow(cells.map { $0.joined() }, oldLayout, to: expected)
            }
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self),
                           "columns \(specs), width \(table.maxWidth), rows \(rows)")
        }
    }

    // MARK: - the writers

    /// Lines with every kind of text a cell may hold, and figures at their limits.
    static func nastyLines(_ rng: inout RNG, from firstId: Int, count: Int, valid: Bool) -> [Line] {
        let names = ["Tagpap", "  spaces  around  ", "=SUM(A1)", "+45 tag", "-rest", "@ref", "'=x", "''citat", "\tfane", "x\u{A0}",
                     "ø først", "sidst ø", "tag \"nord\"; syd, øst", "<b>fed</b> & 'x'", "e\u{301}t", "👩‍👩‍👧 familie", "🇩🇰", "각 가",
                     "Remove old felt roofing, one layer (nedrivning af tagpap) and some more words to wrap the activity column",
                     String(repeating: "Tagpapsdækningsarbejde", count: 6), String(repeating: "ø", count: 140), "a  b   c    d",
                     "ÆØÅ æøå ² × ÿ \u{AD}", "kvist 😀 med zink og en lang forklaring der skal ombrydes over flere linjer i tabellen"]
        let notes = ["", "", "", "nord side", "første\nanden", "crlf\r\nlinje", "\u{301}kombineret", "ø", " kant ", "=1+2", "\u{2028}sep", "NEL\u{85}x",
                     String(repeating: "meget lang bemærkning ", count: 8)]
        let units = ["m2", "pcs", "h", "lbm", "m²", "stk", "t", "m³ (løs)", "<m>", "=u", " m2", "M2", "kg;", "ø"]
        let positions = ["1.01", "2.03", "=1", "ø1", "X-7", "7.02", "'+"]
        let measurements = ["12,4*8,2", "2*3,5", "(4+5)/2", "10,0 × 4,5 - 1,2*0,9 + 3*3 + 4*4 + 5*5 + 6*6 + 7*7 + 8*8 + 9*9 + 10*10 + 11*11 + 12*12"]
        var lines: [Line] = []
        for k in 0..<count {
            let id = firstId + k
            var quantity = Quantity(raw: Int64.random(in: 1...Quantity.maximumRaw, using: &rng))
            var price = UnitPrice(raw: Int64.random(in: 0...UnitPrice.maximumRaw, using: &rng))
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: quantity = Quantity(raw: Quantity.maximumRaw); price = UnitPrice(raw: valid ? 100 : UnitPrice.maximumRaw)
            case 1: quantity = Quantity(raw: 1); price = .zero
            case 2 where !valid: quantity = Quantity(raw: -Int64.random(in: 0...Quantity.maximumRaw, using: &rng))
            case 3 where !valid: price = UnitPrice(raw: -UnitPrice.maximumRaw)
            default: quantity = Quantity(raw: Int64.random(in: 1...2_000_000, using: &rng)); price = UnitPrice(raw: Int64.random(in: 0...50_000_000, using: &rng))
            }
            if valid, quantity.amount(at: price).raw > Money.maximumRaw / 100 { price = UnitPrice(raw: 12_345) }
            var line = Line(id: id, pos: positions.randomElement(using: &rng)!, name: names.randomElement(using: &rng)!,
                            unit: units.randomElement(using: &rng)!, price: price, quantity: quantity,
                            note: notes.randomElement(using: &rng)!, custom: Int.random(in: 0..<4, using: &rng) == 0)
            // A file holds no CR or C1 control (a note may hold line feeds).
            if valid, line.note.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\u{85}" }) { line.note = "første\nanden" }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                let m = measurements.randomElement(using: &rng)!
                if let measured = try? MeasurementExpression.evaluate(m, language: .da) {
                    line.measurement = measured.measurement.expression
                    line.quantity = measured.quantity
                } else if !valid {
                    line.measurement = m
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The reports and the line table, from the model's lines and streamed from a file, are
    /// what the old writers make of the model.
    func testTheWritersWriteWhatTheOldWritersWrote() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-text-writers")

        for n in 0..<4 {
            // A valid project (streamed too) and one with figures no file may hold (the model only).
            var valid = StreamingTests.randomProject(&rng, id: "writers-\(n)", lines: [100, 60, 20, 1][n])
            let next = (valid.lines.map(\.id).max() ?? 0) + 1
            valid.lines += Self.nastyLines(&rng, from: next, count: 60, valid: true)
            valid.nextIds["line"] = next + 61
            XCTAssertEqual(ProjectRules.problems(valid).map(\.description), [], "seed \(seed): the generator makes a valid project")
            var wild = valid
            wild.id = "wild-\(n)"
            wild.lines = Self.nastyLines(&rng, from: 1, count: 40, valid: false) + valid.lines.prefix(20).map { var l = $0; l.id += 1000; return l }
            // Keep the sum within the largest amount (SPEC §18: the accounting refuses a larger one).
            while Sum(wild.lines, \.amount).exact.magnitude > UInt128(Money.maximumRaw) { wild.lines.removeFirst() }

            let bytes = StreamingTests.escapeByHand(try ProjectCodec.encode(valid), &rng)
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(valid.id)), options: .atomic)
            let streamed = try store.loadProjectForReading(valid.id)

            let sources: [(String, Project, ProjectHead, ProjectLines)] = [
                ("model \(valid.id)", valid, ProjectHead(valid), try LinesInMemory(valid.lines)),
                ("streamed \(valid.id)", valid, streamed.head, streamed.lines),
                ("model \(wild.id)", wild, ProjectHead(wild), try LinesInMemory(wild.lines)),
            ]
            for (what, model, project, lines) in sources {
                for l in Language.allCases {
                    for holidayPay in [false, true] {
                        let label = "seed \(seed), \(what), \(l), holidayPay \(holidayPay)"
                        let oldSheet = ReportSheet(ProjectHead(model), try FinalAccounting(model), language: l, holidayPay: holidayPay)
                        let sheet = ReportSheet(project, try FinalAccounting(project, lines: lines), language: l, holidayPay: holidayPay)
                        let expected = ByteOutput(), got = ByteOutput()
                        Oracle.reportText(oldSheet, to: expected)
                        ReportText.write(sheet, to: got)
                        Self.assertSame(got, expected, "text, \(label)")

                        let photos = model.photos.map { ReportPhoto(photo: $0, bytes: nil) }
                        let expectedHTML = ByteOutput(), gotHTML = ByteOutput()
                        Oracle.html(oldSheet, photos: photos, to: expectedHTML)
                        ReportHTML.write(sheet, photos: photos, to: gotHTML)
                        Self.assertSame(gotHTML, expectedHTML, "html, \(label)")
                    }
                    let expectedCSV = ByteOutput(), gotCSV = ByteOutput()
                    Oracle.csv(try FinalAccounting(model), language: l, to: expectedCSV)
                    ReportCSV.write(try FinalAccounting(project, lines: lines), language: l, to: gotCSV)
                    Self.assertSame(gotCSV, expectedCSV, "csv, seed \(seed), \(what), \(l)")

                    for width in [TextTable.defaultWidth, 60, 33, 12, 200] {
                        let expectedLines = ByteOutput(), gotLines = ByteOutput()
                        Oracle.lines(try LinesInMemory(model.lines), language: l, width: width, to: expectedLines)
                        ProjectText.writeLines(lines, language: l, width: width, to: gotLines)
                        Self.assertSame(gotLines, expectedLines, "lines width \(width), seed \(seed), \(what), \(l)")
                    }
                }
            }
            XCTAssertTrue(streamed.lines.isIntact)
            if testRun?.failureCount ?? 0 > 0 { break }
        }
    }

    /// No lines, one line, no measurement: the same bytes too.
    func testSmallProjectsAreWrittenAsBefore() throws {
        var empty = Project(id: "empty", name: "Tom")
        empty.nextIds = ["line": 1]
        var one = empty
        one.id = "one"
        one.lines = [Line(id: 1, pos: "1.01", name: "Tagpap", unit: "m2", price: UnitPrice(raw: 248_000), quantity: Quantity(raw: 12_500))]
        var measured = one
        measured.id = "measured"
        measured.lines[0].measurement = "2,5*5"
        for p in [empty, one, measured] {
            for l in Language.allCases {
                let sheet = ReportSheet(ProjectHead(p), try FinalAccounting(p), language: l)
                let expected = ByteOutput(), got = ByteOutput()
                Oracle.reportText(sheet, to: expected)
                ReportText.write(sheet, to: got)
                Self.assertSame(got, expected, "text \(p.id) \(l)")
                let expectedHTML = ByteOutput(), gotHTML = ByteOutput()
                Oracle.html(sheet, to: expectedHTML)
                ReportHTML.write(sheet, to: gotHTML)
                Self.assertSame(gotHTML, expectedHTML, "html \(p.id) \(l)")
                let expectedCSV = ByteOutput(), gotCSV = ByteOutput()
                Oracle.csv(try FinalAccounting(p), language: l, to: expectedCSV)
                ReportCSV.write(try FinalAccounting(p), language: l, to: gotCSV)
                Self.assertSame(gotCSV, expectedCSV, "csv \(p.id) \(l)")
                let expectedLines = ByteOutput(), gotLines = ByteOutput()
                Oracle.lines(try LinesInMemory(p.lines), language: l, width: 100, to: expectedLines)
                ProjectText.writeLines(try LinesInMemory(p.lines), language: l, to: gotLines)
                Self.assertSame(gotLines, expectedLines, "lines \(p.id) \(l)")
            }
        }
    }

    static func assertSame(_ got: ByteOutput, _ expected: ByteOutput, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let (a, b) = (got.bytes, expected.bytes)
        guard a != b else { return }
        let at = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let lineStart = b[..<min(at, b.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        func excerpt(_ x: [UInt8]) -> String { String(decoding: x[min(lineStart, x.count)..<min(at + 120, x.count)], as: UTF8.self) }
        XCTFail("\(what): differs at byte \(at) of \(a.count) (expected \(b.count)):\n got:      \(excerpt(a))\n expected: \(excerpt(b))", file: file, line: line)
    }
}
