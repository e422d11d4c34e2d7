import Foundation
import XCTest
@testable import AkkordKit

/// A row whose wrapping cell is wider than its column goes straight into the output too
/// (`TextTable.writeMeasured`): it must be byte for byte the row the general path writes
/// (`RowBytes` and `write`, and `writeRow` of the `String`s), and `lines` and the text report
/// what the old writers (`Oracle`) wrote. Seeded: `AKKORD_SEED=<n> swift test --filter
/// WrappingRowsTests` repeats a run.
final class WrappingRowsTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    /// Words of an activity: Danish letters and ² (two bytes each), a word longer than any
    /// column, no-break spaces and tabs (not places to wrap).
    static let words = ["Tagpap", "nedrivning", "af", "tag", "(nord)", "æ", "ø", "å", "Ærø", "m²", "x", "1.01", "Tagpapsdækningsarbejde",
                        String(repeating: "ø", count: 41), String(repeating: "W", count: 103), "tag\u{A0}pap", "fane\tfane", "ÆØÅ²", "ÿ×"]
    static let spaces = [" ", " ", " ", " ", "  ", "   "]

    /// Words with one space or more between them, sometimes spaces before and after.
    static func text(_ rng: inout RNG, words count: ClosedRange<Int>, from words: [String] = words) -> String {
        var text = Int.random(in: 0..<6, using: &rng) == 0 ? spaces.randomElement(using: &rng)! : ""
        for k in 0..<Int.random(in: count, using: &rng) {
            if k > 0 { text += spaces.randomElement(using: &rng)! }
            text += words.randomElement(using: &rng)!
        }
        if Int.random(in: 0..<6, using: &rng) == 0 { text += spaces.randomElement(using: &rng)! }
        return text
    }

    /// A cell of a column that does not wrap: a figure, a unit, nothing, or spaces around.
    static func shortCell(_ rng: inout RNG) -> String {
        ["", "12", "1.234,50", "-7.00", "m²", " m2", "stk ", "  ", "ø", "Tagpapsdækning", "1.01*"].randomElement(using: &rng)!
    }

    /// The tables that wrap: `lines`, the report's line table and measurements appendix, in both
    /// languages, and tables of other shapes (several wrapping columns, one column only).
    static func tables(_ rng: inout RNG) throws -> [TextTable] {
        var tables: [TextTable] = []
        for l in Language.allCases {
            let w = Words(l)
            tables.append(TextTable([.init(w[.id], .right), .init(w[.pos]), .init(w[.activity], wraps: true), .init(w[.quantity], .right),
                                     .init(w[.unit]), .init(w[.price], .right), .init(w[.amount], .right)]))
            let sheet = ReportSheet(ProjectHead(Project(id: "p", name: "P")), try FinalAccounting(Project(id: "p", name: "P")), language: l)
            tables.append(TextTable(sheet.lines.headings.map(ReportText.column)))
            tables.append(TextTable(sheet.measurementColumns.map(ReportText.column)))
        }
        tables.append(TextTable([.init("Text", wraps: true)]))
        tables.append(TextTable([.init("Beløb", .right, wraps: true)]))
        for _ in 0..<6 {
            let columns = (0..<Int.random(in: 2...6, using: &rng)).map { _ in
                TextTable.Column(["", "Id", "Pos", "Ydelse", "Mængde", "Bemærkning"].randomElement(using: &rng)!, Bool.random(using: &rng) ? .right : .left,
                                 wraps: Bool.random(using: &rng), wrapsLast: Int.random(in: 0..<5, using: &rng) == 0)
            }
            tables.append(TextTable(columns))
        }
        return tables
    }

    /// A column's width around its cell's: exactly it, one less (one over), very narrow, 0, wider.
    static func columnWidth(_ cell: Int, _ rng: inout RNG) -> Int {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return cell
        case 1: return max(0, cell - 1)
        case 2: return Int.random(in: 1...3, using: &rng)
        case 3: return 0
        case 4: return cell + Int.random(in: 1...4, using: &rng)
        default: return Int.random(in: 1...max(1, cell), using: &rng)
        }
    }

    /// Random rows written by `writeMeasured` (the cells put from their bytes, one `Wrapping`
    /// for all rows) are the bytes `write` writes of the same `RowBytes`, and `writeRow` of the
    /// `String`s.
    func testWrappedRowsAreTheRowsOfTheGeneralPath() throws {
        let seed = StreamingTests.seed()
        var rng = RNG(state: seed)
        var wrapping = TextTable.Wrapping()
        var row = TextTable.RowBytes(.writing)
        var wrapped = 0, severalLines = 0, broken = 0, rows = 0
        for table in try Self.tables(&rng) {
            for _ in 0..<400 {
                let cells = table.columns.map { c in
                    guard c.wraps else { return Self.shortCell(&rng) }
                    // Nothing, or only spaces (no line of its own when wrapped).
                    if Int.random(in: 0..<8, using: &rng) == 0 { return ["", " ", "     "].randomElement(using: &rng)! }
                    return Self.text(&rng, words: 1...(Bool.random(using: &rng) ? 4 : 16))
                }
                row.removeAll()
                for var cell in cells {
                    cell.withUTF8 { row.append($0) }
                    row.endCell()
                }
                let layout = TextTable.Layout(widths: table.columns.indices.map { Self.columnWidth(row.width($0), &rng) }, gap: Int.random(in: 1...2, using: &rng))
                let what = "seed \(seed): columns \(table.columns.map(\.title)), widths \(layout.widths), gap \(layout.gap), cells \(cells.map(\.debugDescription))"

                let got = ByteOutput(), general = ByteOutput(), strings = ByteOutput()
                row.withBytes { bytes in
                    table.writeMeasured(layout, room: row.range(row.count - 1).upperBound, to: got, wrapping: &wrapping, width: { row.width($0) },
                                        put: { i, c in c.put(UnsafeBufferPointer(rebasing: bytes[row.range(i)])) })
                }
                table.write(row, layout, to: general)
                table.writeRow(cells, layout, to: strings)
                TextWritersTests.assertSame(got, general, "write, \(what)")
                TextWritersTests.assertSame(got, strings, "writeRow, \(what)")

                rows += 1
                let overflowing = table.columns.indices.filter { table.columns[$0].wraps && layout.widths[$0] > 0 && row.width($0) > layout.widths[$0] }
                if !overflowing.isEmpty { wrapped += 1 }
                if got.bytes.filter({ $0 == 0x0A }).count > 1 { severalLines += 1 }
                if overflowing.contains(where: { i in cells[i].split(separator: " ").contains { $0.count > layout.widths[i] } }) { broken += 1 }
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
        XCTAssertGreaterThan(wrapped, rows / 4, "seed \(seed): rows with a wrapping cell wider than its column")
        XCTAssertGreaterThan(severalLines, 0, "seed \(seed): rows over several lines")
        XCTAssertGreaterThan(broken, 0, "seed \(seed): rows with a word broken")
    }

    /// Lines with long activity names (with and without notes, words longer than the table,
    /// runs of spaces, Danish letters) and long measurements.
    static func project(_ rng: inout RNG, id: String, lines count: Int) -> Project {
        var p = Project(id: id, name: "Ærøvej 4 – tag")
        p.nextIds = ["line": count + 1]
        let notes = ["", "", "nord side", "skal ombrydes over flere linjer i tabellen når den er lang", "ø", String(repeating: "bemærkning ", count: 12)]
        for id in 1...count {
            // A file holds no control character (a tab).
            var name = text(&rng, words: 1...(Int.random(in: 0..<3, using: &rng) == 0 ? 30 : 6), from: words.filter { !$0.contains("\t") })
            if name.allSatisfy({ $0 == " " }) { name = "Tagpap" + name }
            name = String(name.prefix(400))  // a name holds at most 500 characters
            var line = Line(id: id, pos: ["1.01", "2.03", "ø1", "X-7"].randomElement(using: &rng)!, name: name,
                            unit: ["m2", "m²", "stk", "lbm", "m³ (løs)"].randomElement(using: &rng)!,
                            price: UnitPrice(raw: Int64.random(in: 0...50_000_000, using: &rng)), quantity: Quantity(raw: Int64.random(in: 1...2_000_000, using: &rng)),
                            note: notes.randomElement(using: &rng)!, custom: Int.random(in: 0..<4, using: &rng) == 0)
            if Int.random(in: 0..<3, using: &rng) == 0 {
                let terms = (0..<Int.random(in: 1...30, using: &rng)).map { _ in "\(Int.random(in: 1...40, using: &rng)),\(Int.random(in: 1...9, using: &rng))*\(Int.random(in: 1...9, using: &rng))" }
                if let measured = try? MeasurementExpression.evaluate(terms.joined(separator: [" + ", "+", " × 1 + "].randomElement(using: &rng)!), language: .da) {
                    line.measurement = measured.measurement.expression
                    line.quantity = measured.quantity
                }
            }
            if line.quantity.amount(at: line.price).raw > Money.maximumRaw / 100 { line.price = UnitPrice(raw: 12_345) }
            p.lines.append(line)
        }
        return p
    }

    /// `lines` and the text report, streamed from a file (the rows from the file's bytes) and
    /// from the model (the general path), are what the old writers wrote, in both languages.
    func testLinesAndReportWithLongNamesAreWrittenAsBefore() throws {
        let seed = StreamingTests.seed()
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-wrapping-rows")
        var wrappedLines = 0, wrappedMeasurements = 0, general = 0
        for n in 0..<3 {
            let model = Self.project(&rng, id: "wrap-\(n)", lines: [400, 60, 5][n])
            XCTAssertEqual(ProjectRules.problems(model).map(\.description), [], "seed \(seed): the generator makes a valid project")
            // Some texts escaped: those lines take the general path.
            let encoded = try ProjectCodec.encode(model)
            let bytes = n == 1 ? StreamingTests.escapeByHand(encoded, &rng) : encoded
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(model.id)), options: .atomic)
            let streamed = try store.loadProjectForReading(model.id)

            for l in Language.allCases {
                // Rows that surely wrap (a cell wider than the whole table) and go straight from the bytes.
                for view in streamed.lines.views {
                    func measure(_ column: some SheetColumn) -> CellMeasure {
                        var cell = CellMeasure()
                        column.writePrinted(view, l, to: &cell)
                        return cell
                    }
                    let cells = LineColumn.listing.map(measure) + MeasurementColumn.allCases.map(measure)
                    guard cells.allSatisfy(\.measurable) else { general += 1; continue }
                    if measure(LineColumn.activity).width > ReportText.width { wrappedLines += 1 }
                    if measure(MeasurementColumn.measurement).width > ReportText.width { wrappedMeasurements += 1 }
                }
                let label = "seed \(seed), \(model.id), \(l)"
                for width in [TextTable.defaultWidth, 60, 33, 12] {
                    let expected = ByteOutput(), got = ByteOutput()
                    Oracle.lines(try LinesInMemory(model.lines), language: l, width: width, to: expected)
                    ProjectText.writeLines(streamed.lines, language: l, width: width, to: got)
                    TextWritersTests.assertSame(got, expected, "lines streamed, width \(width), \(label)")
                    XCTAssertEqual(try ProjectText.lines(model, language: l, width: width), String(decoding: expected.bytes, as: UTF8.self),
                                   "lines of the model, width \(width), \(label)")
                }
                let expected = ByteOutput(), got = ByteOutput(), fromModel = ByteOutput()
                Oracle.reportText(ReportSheet(ProjectHead(model), try FinalAccounting(model), language: l), to: expected)
                ReportText.write(ReportSheet(streamed.head, try FinalAccounting(streamed.head, lines: streamed.lines), language: l), to: got)
                ReportText.write(ReportSheet(ProjectHead(model), try FinalAccounting(model), language: l), to: fromModel)
                TextWritersTests.assertSame(got, expected, "report streamed, \(label)")
                TextWritersTests.assertSame(fromModel, expected, "report of the model, \(label)")
            }
            XCTAssertTrue(streamed.lines.isIntact, "seed \(seed)")
        }
        XCTAssertGreaterThan(wrappedLines, 0, "seed \(seed): wrapped activities from the file's bytes")
        XCTAssertGreaterThan(wrappedMeasurements, 0, "seed \(seed): wrapped measurements from the file's bytes")
        XCTAssertGreaterThan(general, 0, "seed \(seed): lines with escaped texts")
    }
}
