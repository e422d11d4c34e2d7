import Foundation
import XCTest
@testable import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The readers' fast paths (rows put straight into the output buffer, figures made in place,
/// widths from bytes and integers) against the slower ways they replace, kept as oracles:
/// `FigureText`, `ByteOutput.write`, `LineView.writeJSONPiecewise`, `TextTable.RowBytes` with
/// `TextTable.write`. Seeded: `AKKORD_SEED=<n> swift test --filter ReadersFastPathTests`.
final class ReadersFastPathTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64


    static func bytes(_ body: (ByteOutput) -> Void) -> [UInt8] {
        let out = ByteOutput()
        body(out)
        return out.bytes
    }

    static func randomRaw(_ rng: inout RNG, max: Int64) -> Int64 {
        // Every length of number, not only the long ones a uniform draw gives.
        let digits = Int.random(in: 0...19, using: &rng)
        var limit: Int64 = 1
        for _ in 0..<digits where limit <= Int64.max / 10 { limit *= 10 }
        let magnitude = Int64.random(in: 0...min(max, limit), using: &rng)
        return Bool.random(using: &rng) ? magnitude : -magnitude
    }

    // MARK: - figures

    func testFiguresPutInPlaceAreTheFigureTexts() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        func check<N: FixedPointNumber>(_ n: N) {
            for l in Language.allCases {
                let put = Self.bytes { out in out.withCursor(room: 32) { n.putFormatted(l, into: &$0) } }
                let expected = n.formattedText(l).withBytes(Array.init)
                XCTAssertEqual(put, expected, "seed \(seed): \(N.self)(raw: \(n.raw)) \(l)")
                // Both made by `putDigits`: against the String formatter too, which is not.
                XCTAssertEqual(expected, Array(n.formatted(l).utf8), "seed \(seed): \(N.self)(raw: \(n.raw)) \(l)")
                XCTAssertEqual(n.formattedWidth, n.formatted(l).count, "seed \(seed): \(N.self)(raw: \(n.raw)) \(l)")
            }
            for decimal in [UInt8(ascii: "."), UInt8(ascii: ",")] {
                let put = Self.bytes { out in out.withCursor(room: 32) { n.putPlain(decimal: decimal, into: &$0) } }
                XCTAssertEqual(put, n.plainText(decimal: decimal).withBytes(Array.init), "seed \(seed): \(N.self)(raw: \(n.raw))")
                let plain = decimal == UInt8(ascii: ".") ? n.plain : n.plain.replacingOccurrences(of: ".", with: ",")
                XCTAssertEqual(put, Array(plain.utf8), "seed \(seed): \(N.self)(raw: \(n.raw))")
            }
        }
        for raw: Int64 in [0, 1, -1, 9, 10, 99, 100, 999, 1000, 1001, 100_000, 999_999, 1_000_000, -1_000_000, Int64.max, Int64.min + 1] {
            check(Money(raw: raw)); check(UnitPrice(raw: raw)); check(Quantity(raw: raw)); check(Percent(raw: raw))
        }
        for _ in 0..<3000 {
            check(Money(raw: Self.randomRaw(&rng, max: Int64.max)))
            check(UnitPrice(raw: Self.randomRaw(&rng, max: UnitPrice.maximumRaw)))
            check(Quantity(raw: Self.randomRaw(&rng, max: Quantity.maximumRaw)))
            check(Percent(raw: Self.randomRaw(&rng, max: Percent.maximumRaw)))
        }
        for n in [0, 1, 9, 10, 11, 99, 100, 12345, Int.max, Int.min, -7] + (0..<2000).map({ _ in Int(Self.randomRaw(&rng, max: Int64.max)) }) {
            XCTAssertEqual(Self.bytes { out in out.withCursor(room: 32) { DecimalText.put(n, into: &$0) } }, Array("\(n)".utf8), "seed \(seed)")
            XCTAssertEqual(DecimalText.width(n), "\(n)".count, "seed \(seed): \(n)")
        }
    }

    /// The 64-bit shortcut of the rounding division gives what the 128-bit division gives.
    func testRoundingDivisionIsTheWideOne() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        func wide(_ n: Int128, _ d: Int128) -> Int128 {
            let q = n / d, r = n % d
            if (r.magnitude * 2) >= d.magnitude { return n < 0 ? q - 1 : q + 1 }
            return q
        }
        var cases: [(Int128, Int128)] = []
        for n: Int128 in [0, 1, -1, 49_999, 50_000, -50_000, 149_999, 150_000, -150_000, Int128(Int64.max), Int128(Int64.min),
                          Int128(Int64.max) + 1, Int128(Int64.min) - 1] {
            for d: Int128 in [1, 2, 3, 100_000, Int128(Int64.max), Int128(Int64.max) + 1] { cases.append((n, d)) }
        }
        for _ in 0..<20_000 {
            let n = Int128(Self.randomRaw(&rng, max: Int64.max)) * Int128(Int64.random(in: 1...3, using: &rng) == 1 ? 1 : Self.randomRaw(&rng, max: 1 << 40))
            let d: Int128 = Bool.random(using: &rng) ? 100_000 : Int128(Int64.random(in: 1...Int64.max, using: &rng) >> Int64.random(in: 0...62, using: &rng)) + 1
            cases.append((n, d))
        }
        for (n, d) in cases where d > 0 {
            XCTAssertEqual(divideRoundingHalfAwayFromZero(n, d), wide(n, d), "seed \(seed): \(n) / \(d)")
        }
    }

    // MARK: - the output buffer

    /// Rows put through the cursor arrive as written through `write`, in memory and through a
    /// descriptor's 64 KiB buffer, rows larger than that buffer too.
    func testCursorWritesWhatWriteWrites() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-cursor")
        defer { TemporaryDirectory.remove(directory) }
        let path = directory + "/out"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let toFile = ByteOutput(fd: fd, path: path), inMemory = ByteOutput()
        var expected: [UInt8] = []
        for _ in 0..<600 {
            let size = [Int.random(in: 0...40, using: &rng), Int.random(in: 0...5000, using: &rng),
                        Int.random(in: 60_000...200_000, using: &rng)][Int.random(in: 0...2, using: &rng) == 2 && Int.random(in: 0...9, using: &rng) == 0 ? 2 : Int.random(in: 0...1, using: &rng)]
            let piece = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let spaces = Int.random(in: 0...20, using: &rng)
            let viaWrite = Bool.random(using: &rng)
            for out in [toFile, inMemory] {
                if viaWrite {
                    out.write(piece)
                    out.write(spaces: spaces)
                    out.write("|" as StaticString)
                } else {
                    out.withCursor(room: size + spaces + 1 + Int.random(in: 0...100, using: &rng)) { c in
                        piece.withUnsafeBufferPointer { c.put($0) }
                        c.put(spaces: spaces)
                        c.put("|" as StaticString)
                    }
                }
            }
            expected += piece + Array(repeating: 0x20, count: spaces) + [UInt8(ascii: "|")]
        }
        try toFile.flush()
        close(fd)
        XCTAssertTrue(inMemory.bytes == expected, "seed \(seed): in memory")
        XCTAssertTrue(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected, "seed \(seed): through a descriptor")
    }

    // MARK: - lines

    /// Random valid projects with nasty lines (escapes, non-ASCII, line breaks in notes),
    /// written with some strings escaped by hand, streamed back: their lines as views.
    func streamedProjects(_ rng: inout RNG, seed: UInt64, directory: String) throws -> [(Project, ProjectLines)] {
        let store = Store(directory: directory)
        try store.ensureDirectory(directory + "/projects")
        var streamed: [(Project, ProjectLines)] = []
        for n in 0..<3 {
            var valid = StreamingTests.randomProject(&rng, id: "readers-\(n)", lines: [200, 50, 3][n])
            let next = (valid.lines.map(\.id).max() ?? 0) + 1
            valid.lines += TextWritersTests.nastyLines(&rng, from: next, count: 60, valid: true)
            valid.nextIds["line"] = next + 61
            XCTAssertEqual(ProjectRules.problems(valid).map(\.description), [], "seed \(seed): the generator makes a valid project")
            let bytes = StreamingTests.escapeByHand(try ProjectCodec.encode(valid), &rng)
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(valid.id)), options: .atomic)
            let read = try store.loadProjectForReading(valid.id)
            streamed.append((valid, read.lines))
        }
        return streamed
    }

    func testOnePieceLineJSONIsThePiecewiseOne() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-readers-json")
        defer { TemporaryDirectory.remove(directory) }
        var onePiece = 0
        for (model, lines) in try streamedProjects(&rng, seed: seed, directory: directory) {
            func check(_ view: LineView) {
                if view.pos.unescapedQuoted != nil { onePiece += 1 }
                for members in [LineView.JSONMembers.stored, .listed, .reported] {
                    let got = Self.bytes { view.writeJSON(members, to: $0) }
                    let expected = Self.bytes { view.writeJSONPiecewise(members, to: $0) }
                    XCTAssertEqual(String(decoding: got, as: UTF8.self), String(decoding: expected, as: UTF8.self), "seed \(seed): line \(view.id)")
                }
            }
            // Views of the file's lines, and of the model's (made by a `LineViewMaker`).
            for view in lines.views { check(view) }
            for line in model.lines { line.withView(check) }
            XCTAssertTrue(lines.isIntact)
        }
        XCTAssertGreaterThan(onePiece, 0, "seed \(seed): some lines take the one-piece way")
    }

    /// A line's cells from its bytes (`CellMeasure`, `CellCursor`): the widths `RowBytes` finds
    /// (`CellRow`), and the rows `TextTable.write` writes, for layouts wide enough for them and
    /// layouts they overflow; for the columns of `lines` and of the measurements appendix.
    func testCellsFromBytesAreTheRowBytesRows() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-readers-cells")
        defer { TemporaryDirectory.remove(directory) }
        var fast = 0, slow = 0
        for (_, lines) in try streamedProjects(&rng, seed: seed, directory: directory) {
            for l in Language.allCases {
                let w = Words(l)
                let lineTable = TextTable(LineColumn.listing.map { ReportText.column(ReportSheet.Column($0, w)) })
                let measurementTable = TextTable(MeasurementColumn.allCases.map { ReportText.column(ReportSheet.Column($0, w)) })
                for view in lines.views {
                    if cells(view, LineColumn.listing, l, lineTable, "line \(view.id) \(l)") { fast += 1 } else { slow += 1 }
                    if view.measurement != nil {
                        _ = cells(view, MeasurementColumn.allCases, l, measurementTable, "measured line \(view.id) \(l)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(fast, 0, "seed \(seed)")
        XCTAssertGreaterThan(slow, 0, "seed \(seed): some lines have escaped texts")

        /// False when a cell is not measured from the bytes (its row is made as `RowBytes`).
        func cells<Column: SheetColumn>(_ view: LineView, _ columns: [Column], _ l: Language, _ table: TextTable, _ what: String) -> Bool {
            var measured: [CellMeasure] = []
            for column in columns {
                var cell = CellMeasure()
                column.writePrinted(view, l, to: &cell)
                guard cell.measurable else { return false }
                measured.append(cell)
            }
            func made(_ pass: TextTable.RowBytes.Pass) -> TextTable.RowBytes {
                var cell = CellRow(row: TextTable.RowBytes(pass), language: l)
                for column in columns {
                    column.writePrinted(view, l, to: &cell)
                    cell.row.endCell()
                }
                return cell.row
            }
            XCTAssertEqual(measured.map(\.width), made(.measuring).widths, "seed \(seed): \(what)")
            for (i, column) in columns.enumerated() {
                let out = ByteOutput()
                out.withCursor(room: 4096) { cursor in
                    var cell = CellCursor(cursor: cursor, language: l)
                    column.writePrinted(view, l, to: &cell)
                    cursor = cell.cursor
                }
                XCTAssertEqual(out.bytes.count, measured[i].bytes, "seed \(seed): \(what): the bytes of cell \(i)")
            }
            check(table, made(.writing), room: measured.reduce(0) { $0 + $1.bytes }, width: { measured[$0].width }, put: { i, cursor in
                var cell = CellCursor(cursor: cursor, language: l)
                columns[i].writePrinted(view, l, to: &cell)
                cursor = cell.cursor
            }, what)
            return true
        }

        func check(_ table: TextTable, _ row: TextTable.RowBytes, room: Int, width: (Int) -> Int, put: (Int, inout ByteCursor) -> Void, _ what: String) {
            // Layouts around the row's own widths: some narrower (a wrapping cell overflows), some wider.
            for _ in 0..<4 {
                let widths = row.widths.map { max(0, $0 + Int.random(in: -3...6, using: &rng)) }
                let layout = TextTable.Layout(widths: widths, gap: Int.random(in: 1...2, using: &rng))
                let got = ByteOutput(), expected = ByteOutput()
                table.write(row, layout, to: expected)
                if table.writeFitting(layout, room: room, to: got, width: width, put: put) {
                    XCTAssertEqual(String(decoding: got.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self),
                                   "seed \(seed): \(what), widths \(widths)")
                } else {
                    XCTAssertEqual(got.bytes, [], "seed \(seed): \(what): nothing written when a row does not fit")
                    XCTAssertTrue(table.columns.indices.contains { table.columns[$0].wraps && width($0) > widths[$0] }, "seed \(seed): \(what)")
                }
            }
        }
    }
}
