import XCTest
@testable import AkkordKit

/// The fast paths of the line writers against independent results, over seeded random texts
/// (ASCII, Latin-1, line breaks, C1 controls, combining marks, wide and joined characters):
/// `scalarCharacters` eight bytes at a time against the byte-by-byte rule, a row written as its
/// cells are put (`writeFitting` with `put`) against the general row writer (`write(RowBytes)`),
/// figures measured as they are put against `formatted`, CSV fields and HTML escaping scanned
/// eight bytes at a time against `CSVField` and `ReportHTML.escape` of the `String`.
final class WriterFastPathTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    static let pieces = ["a", "Tag", "x1", " ", "  ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{01}", "\u{7F}", "æ", "ø", "Å", "²",
                         "\u{A0}", "ÿ", "\u{85}", "\u{9F}", "\u{301}", "e\u{301}", "😀", "👩‍👩‍👧", "各", "\u{200D}", "\u{202E}",
                         "\u{2066}", "–", "\"", "'", "&", "<", ">", ",", ";", "=", "-", "Tagpapsdækningsarbejde", "abcdefgh",
                         String(repeating: "ø", count: 11), String(repeating: "q", count: 19)]

    static func text(_ rng: inout RNG, _ count: ClosedRange<Int> = 0...8) -> String {
        (0..<Int.random(in: count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// The rule as it was written byte by byte: ASCII but a line break is a character, and so is
    /// C3 xx or C2 A0–BF; any other byte makes the width unknown.
    static func charactersByHand(_ bytes: [UInt8]) -> Int? {
        var characters = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80, !(0x0A...0x0D).contains(b) {
                i += 1
            } else if i + 1 < bytes.count, b == 0xC3 || (b == 0xC2 && bytes[i + 1] >= 0xA0) {
                i += 2
            } else {
                return nil
            }
            characters += 1
        }
        return characters
    }

    func testScalarCharactersEightBytesAtATimeFollowTheRule() {
        let seed = ProjectListCacheTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for _ in 0..<4000 {
            let text = Self.text(&rng, 0...12)
            let bytes = Array(text.utf8)
            let counted = bytes.withUnsafeBufferPointer { TextTable.scalarCharacters($0) }
            XCTAssertEqual(counted, Self.charactersByHand(bytes), "seed \(seed): \(bytes)")
            if let counted { XCTAssertEqual(counted, text.count, "seed \(seed): \(bytes)") }
        }
    }

    /// Rows of random cells in random columns and layouts (some cells wider than their column):
    /// written as their cells are put, they are the rows the general writer writes; a row the
    /// fast path declines is left unwritten.
    func testRowsPutAsTheyAreMeasuredAreTheGeneralRows() {
        let seed = ProjectListCacheTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        var written = 0, wrapped = 0, declined = 0
        var wrapping = TextTable.Wrapping()
        for _ in 0..<1500 {
            let count = Int.random(in: 1...6, using: &rng)
            let columns = (0..<count).map { _ in
                TextTable.Column("", Bool.random(using: &rng) ? .right : .left, wraps: Int.random(in: 0..<3, using: &rng) == 0)
            }
            let table = TextTable(columns)
            // Figures (negative and huge amounts among them) and texts.
            let cells = columns.map { _ -> String in
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: Money(raw: Int64.random(in: -Money.maximumRaw...Money.maximumRaw, using: &rng)).formatted(.en)
                case 1: Quantity(raw: Int64.random(in: -50_000...50_000, using: &rng)).formatted(.da)
                case 2: String(repeating: " ", count: Int.random(in: 0...3, using: &rng))
                default: Self.text(&rng)
                }
            }
            var row = TextTable.RowBytes(.writing)
            for cell in cells {
                var cell = cell
                cell.withUTF8 { row.append($0) }
                row.endCell()
            }
            let natural = row.widths
            let layout = TextTable.Layout(widths: natural.map { max(0, $0 + Int.random(in: -6...3, using: &rng)) }, gap: Int.random(in: 1...2, using: &rng))
            let bytes = cells.map { Array($0.utf8) }
            let got = ByteOutput(), expected = ByteOutput()
            let fitted = table.writeFitting(layout, room: bytes.reduce(0) { $0 + $1.count }, to: got, wrapping: &wrapping) { i, cursor in
                bytes[i].withUnsafeBufferPointer { cursor.put($0) }
                return bytes[i].withUnsafeBufferPointer { TextTable.scalarCharacters($0) }
            }
            table.write(row, layout, to: expected)
            let what = "seed \(seed): cells \(cells.map { Array($0.unicodeScalars.map(\.value)) }), widths \(layout.widths), gap \(layout.gap), \(columns.map { ($0.alignment, $0.wraps) })"
            if fitted {
                written += 1
                if (0..<count).contains(where: { columns[$0].wraps && natural[$0] > layout.widths[$0] }) { wrapped += 1 }
                XCTAssertEqual(String(decoding: got.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self), what)
            } else {
                declined += 1
                XCTAssertEqual(got.bytes, [], what)
            }
        }
        XCTAssertGreaterThan(written, 0, "seed \(seed)")
        XCTAssertGreaterThan(wrapped, 0, "seed \(seed): rows wrapped on the fast path")
        XCTAssertGreaterThan(declined, 0, "seed \(seed)")
    }

    /// A figure's cell, put and measured at once, is `formatted` and as wide as its bytes.
    func testFiguresPutAndMeasuredAreTheirFormattedText() {
        let seed = ProjectListCacheTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        func check<N: FixedPointNumber>(_ figure: N, _ l: Language) {
            let out = ByteOutput()
            var width = 0
            out.withCursor(room: 64) { c in
                var cell = CellCursor(cursor: c, language: l)
                cell.figure(figure)
                c = cell.cursor
                width = cell.width
            }
            let expected = figure.formatted(l)
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), expected, "seed \(seed): \(figure.raw)")
            XCTAssertEqual(width, expected.count, "seed \(seed): \(figure.raw)")
        }
        for _ in 0..<2000 {
            let l: Language = Bool.random(using: &rng) ? .en : .da
            let digits = Int64.random(in: 0...14, using: &rng)
            var bound: Int64 = 1
            for _ in 0..<digits { bound *= 10 }
            let raw = Int64.random(in: -bound...bound, using: &rng)
            check(Money(raw: max(-Money.maximumRaw, min(Money.maximumRaw, raw))), l)
            check(Quantity(raw: max(-Quantity.maximumRaw, min(Quantity.maximumRaw, raw))), l)
            check(UnitPrice(raw: max(-UnitPrice.maximumRaw, min(UnitPrice.maximumRaw, raw))), l)
        }
        check(Money(raw: Money.maximumRaw), .en)
        check(Money(raw: -Money.maximumRaw), .da)
    }

    func testCSVFieldsAndHTMLEscapingFromBytesAreThoseOfTheString() {
        let seed = ProjectListCacheTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for _ in 0..<3000 {
            var text = Self.text(&rng, 0...10)
            let room = 6 * text.utf8.count + 8
            if text.withUTF8({ ReportCSV.edgesAreASCII($0) }) {
                for delimiter in [",", ";"] {
                    let out = ByteOutput()
                    out.withCursor(room: room) { c in text.withUTF8 { ReportCSV.putField($0, UInt8(ascii: delimiter == "," ? "," : ";"), into: &c) } }
                    XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), CSVField.quote(CSVField.inert(text), delimiter),
                                   "seed \(seed): \(Array(text.utf8))")
                }
            }
            let out = ByteOutput()
            out.withCursor(room: 3 * room) { c in text.withUTF8 { ReportHTML.putEscaped($0, into: &c) } }
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), ReportHTML.escape(text), "seed \(seed): \(Array(text.utf8))")
        }
    }
}
