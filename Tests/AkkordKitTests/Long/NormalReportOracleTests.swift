import Foundation
import XCTest
@testable import AkkordKit

/// The PDF and xlsx reports write their line tables from the lines' views, as bytes (for the
/// normal project's time, issue 16). Oracle: the writers as they were before, kept here
/// verbatim (rows made as `Oracle.LineRow` strings and `Workbook.Cell`s), must give the
/// same bytes, for model and streamed lines, in both languages, with awkward texts. Seeded:
/// `AKKORD_SEED=<n> swift test --filter NormalReportOracleTests` repeats a run.
final class NormalReportOracleTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64


    /// Texts that take the slow paths: PDF escapes, characters outside WinAnsi, C1 controls,
    /// runs of spaces, words too wide for the column, XML escapes and OOXML's `_xHHHH_`.
    static let awkward = ["(a) \\ b)", "  lead and trail  ", "a  b   c", String(repeating: "W", count: 90), "Ærø " + String(repeating: "ø", count: 80) + " x",
                          "€ 12 – “citat”", "→ arrow", "a\u{2028}b", "_x0041_ & <tag> \"q\"", "tab\tand", "e\u{301}", "😀", "½ ¼ ¾ ÷ ×", "",
                          "m²", "a\u{A0}b", "Ÿ ƒ ‰ Œ"]

    static func project(_ rng: inout RNG, lines: Int) -> Project {
        var p = StreamingTests.randomProject(&rng, id: "oracle", lines: lines)
        for i in p.lines.indices where Int.random(in: 0..<3, using: &rng) == 0 {
            let before = p.lines[i]
            defer { if !ProjectRules.problems(p).isEmpty { p.lines[i] = before } }   // only what a project may hold
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: p.lines[i].name = awkward.randomElement(using: &rng)!
            case 1: p.lines[i].note = (awkward + ["line\nbreak", "\n", "end\n"]).randomElement(using: &rng)!
            case 2: p.lines[i].pos = awkward.randomElement(using: &rng)!
            default: p.lines[i].unit = ["m2", "pcs", "h", "M2", "m2 ", "(m)", "_x0041_", "€"].randomElement(using: &rng)!
            }
        }
        p.photos = []
        return p
    }

    /// Some photos, in a random order: JPEG, PNGs (one the PDF does not show), a missing file,
    /// a file that is not a picture.
    static func photos(_ rng: inout RNG) throws -> [ReportPDF.PhotoInput] {
        let files = ["roof.jpg", "tiles-rgb.png", "gutter-gray.png", "transparent-rgba.png", "not-a-photo.txt", "missing.jpg"]
        return try files.shuffled(using: &rng).prefix(Int.random(in: 0...files.count, using: &rng)).enumerated().map { k, file in
            let url = Fixtures.url("photos/\(file)")
            let bytes = FileManager.default.fileExists(atPath: url.path) ? Array(try Data(contentsOf: url)) : nil
            return ReportPhoto(photo: Photo(id: k + 1, caption: k % 2 == 0 ? "Foto (\(k)) – nord" : "", originalName: file,
                                            file: String(repeating: "ab", count: 32) + ".jpg", added: "2026-03-07"), bytes: bytes)
        }
    }

    func testPDFAndXLSXGiveTheBytesOfTheWritersBefore() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-normal-oracle")
        defer { TemporaryDirectory.remove(directory) }
        for (n, count) in [0, 1, 3, 40, 260].enumerated() {
            let p = Self.project(&rng, lines: count)
            let bytes = StreamingTests.escapeByHand(try ProjectCodec.encode(p), &rng)
            let path = directory + "/p\(n).json"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let model = try ProjectCodec.decode(bytes, source: path)
            var sources: [(String, ProjectHead, any ProjectLines)] = [("model", ProjectHead(model), try LinesInMemory(model.lines))]
            let streamed = try ProjectReader.streamed(path)
            sources.append(("streamed", streamed.0, streamed.1))
            for (source, project, lines) in sources {
                for language in Language.allCases {
                    let label = "seed \(seed), \(count) lines, \(source), \(language)"
                    let a = try FinalAccounting(project, lines: lines)
                    let sheet = ReportSheet(project, a, language: language)
                    let photos = try Self.photos(&rng)
                    let reference = ByteOutput()
                    let written = ReportPDF.writeReference(sheet, photos: photos, to: reference)
                    // Kept whole (the normal case), let go at once, let go after some pages.
                    for limit in [ReportPDF.Layout.recordingLimit, 0, 3000] {
                        let out = ByteOutput()
                        let got = ReportPDF.write(sheet, photos: photos, to: out, recordingLimit: limit)
                        same(out.bytes, reference.bytes, "PDF kept up to \(limit) bytes: \(label)")
                        XCTAssertEqual(got.warnings, written.warnings, "PDF warnings: \(label)")
                        XCTAssertEqual(got.pageCount, written.pageCount, label)
                        XCTAssertEqual(got.embeddedImages, written.embeddedImages, label)
                    }
                    same(try ReportXLSX.render(project, a, language: language),
                         try ReportXLSX.workbookReference(project, a, language: language).bytes(), "xlsx: \(label)")
                }
            }
            XCTAssertEqual(sources.count, 2, "the streaming reader takes the file: seed \(seed), \(count) lines")
        }
    }

    /// Fails naming the first byte that differs (and the bytes around it), not both arrays.
    func same(_ got: [UInt8], _ expected: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard got != expected else { return }
        let at = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
        func around(_ b: [UInt8]) -> String { String(decoding: b[max(0, at - 60)..<min(b.count, at + 60)], as: UTF8.self).debugDescription }
        XCTFail("\(label): differs at byte \(at) of \(got.count) (expected \(expected.count)):\n  got      \(around(got))\n  expected \(around(expected))",
                file: file, line: line)
    }

    /// `appendNumber` writes what `number` makes.
    func testNumbersAsBytesAreTheStrings() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.01, 0.1, 0.5, 1, 8.5, 7.5, 42, 553, 595.28, 841.89, -3, 1e13, -1e13, 9.99e14, 1e15, -1e15, 1e16,
                                123456.785, 0.015, 1.005, 2.675]
        for n in -30_000...30_000 { values.append(Double(n) / 100) }
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1000...1000, using: &rng))
            values.append(Double(Int.random(in: -99_999_999...99_999_999, using: &rng)) / 1000)
        }
        for v in values {
            var bytes: [UInt8] = []
            ReportPDF.Layout.appendNumber(v, to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != ReportPDF.Layout.number(v) {
                XCTFail("\(v): \(String(decoding: bytes, as: UTF8.self)) ≠ \(ReportPDF.Layout.number(v)) (seed \(seed))")
                return
            }
        }
    }

    /// The byte wrapper cuts plain text where the wrapper before it cut it.
    func testWrapPlainCutsWhereItDid() {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let pieces = ["a", "W", "ii", "æø", "Ø", " ", "  ", "word", "(x)", "é", "→", "\n", String(repeating: "m", count: 30)]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let width = Double.random(in: 1...300, using: &rng), size = [7.5, 8.5, 9, 12].randomElement(using: &rng)!
            for font in [PDFFont.regular, .bold] {
                let got = ReportPDF.Layout.wrapPlain(text, width: width, font: font, size: size)
                let expected = ReportPDF.wrapPlainReference(text, width: width, font: font, size: size)
                if got != expected { XCTFail("\(text.debugDescription) at \(width): \(String(describing: got)) ≠ \(String(describing: expected)) (seed \(seed))"); return }
            }
        }
    }
}

// MARK: - the writers before, verbatim but for their names

extension ReportPDF {
    static func writeReference(_ sheet: ReportSheet, photos: [PhotoInput], to out: ByteOutput) -> Written {
        let words = sheet.words
        let footer: (Int, Int) -> String = { words(.pageOf, String($0), String($1)) }
        var planning = Layout(title: sheet.documentTitle, footer: footer)
        layReference(sheet, photos: photos, on: &planning)
        let plan = planning.finishPlan()
        var layout = Layout(title: sheet.documentTitle, footer: footer, plan: plan, to: out)
        let embedded = layReference(sheet, photos: photos, on: &layout)
        let pages = layout.finish()
        var warnings: [String] = []
        if !plan.replaced.isEmpty {
            let chars = plan.replaced.map { "\"\($0)\" (U+\(String($0.unicodeScalars.first!.value, radix: 16, uppercase: true)))" }
            warnings.append(words(.unprintableCharacters, chars.joined(separator: ", ")))
        }
        return Written(pageCount: pages, embeddedImages: embedded, warnings: warnings)
    }

    static func wrapReference(_ layout: Layout, _ text: String, width: Double, font: PDFFont, size: Double) -> [String] {
        wrapPlainReference(text, width: width, font: font, size: size) ?? Layout.wrapCharacters(text, width: width, font: font, size: size)
    }

    @discardableResult
    static func layReference(_ sheet: ReportSheet, photos: [PhotoInput], on layout: inout Layout) -> Int {
        let words = sheet.words
        layout.text(sheet.title, x: left, font: .bold, size: 16)
        layout.advance(22)
        for row in sheet.header {
            let lines = wrapReference(layout, row.value, width: right - left - 80, font: .regular, size: 9)
            layout.ensure(Double(lines.count) * 12)
            layout.text(row.label + ":", x: left, font: .bold, size: 9)
            for (i, line) in lines.enumerated() {
                layout.text(line, x: left + 80, font: .regular, size: 9)
                if i < lines.count - 1 { layout.advance(12) }
            }
            layout.advance(12)
        }
        layout.advance(10)

        // Lines, with the header repeated on each page. Where each column goes, in sheet order:
        let size = 8.5, row = 11.0
        let activityX = left + 46, activityWidth = 222.0
        let quantityRight = 375.0, unitX = 382.0, priceRight = 470.0
        let lineAnchors: [Layout.Anchor] = [.left(left), .left(activityX), .right(quantityRight), .left(unitX), .right(priceRight), .right(right)]
        let lineColumns = Array(zip(sheet.lines.headings.map(\.title), lineAnchors))
        func lineHeader(_ layout: inout Layout) { layout.headerRow(lineColumns, size: size, rowHeight: row) }
        layout.text(sheet.lines.title, x: left, font: .bold, size: 11)
        layout.advance(16)
        layout.repeatedHeader = lineHeader
        lineHeader(&layout)
        for line in Oracle.lineRows(sheet) {
            let wrapped = wrapReference(layout, line.activity, width: activityWidth, font: .regular, size: size)
            layout.ensure(Double(wrapped.count) * row)
            // In reading order: pos, the activity's lines, the figures beside its first.
            let rowTop = layout.y
            layout.text(line.pos, x: left, font: .regular, size: size)
            for part in wrapped {
                layout.text(part, x: activityX, font: .regular, size: size)
                layout.advance(row)
            }
            let after = layout.y
            layout.y = rowTop
            layout.textRight(line.quantity, right: quantityRight, font: .regular, size: size)
            layout.text(line.unit, x: unitX, font: .regular, size: size)
            layout.textRight(line.price, right: priceRight, font: .regular, size: size)
            layout.textRight(line.amount, right: right, font: .regular, size: size)
            layout.y = after
        }
        if sheet.lines.isEmpty { layout.text(sheet.lines.emptyNote, x: activityX, font: .regular, size: size); layout.advance(row) }
        layout.repeatedHeader = nil
        if let footnote = sheet.customFootnote { layout.text(footnote, x: left, font: .regular, size: 7.5); layout.advance(row) }
        layout.advance(8)

        // The summation, the team and the signatures are not the line table this oracle is for:
        // the writer's own.
        laySummation(sheet, on: &layout)
        layTeam(sheet, on: &layout)

        // Appendix: measurements (line, pos, expression, result), with column headings.
        if !sheet.measurements.isEmpty {
            let header = Array(zip(sheet.measurementColumns.map(\.title), measurementAnchors))
            layout.ensure(60)
            layout.advance(16)
            layout.text(sheet.measurementsTitle, x: left, font: .bold, size: 12)
            layout.advance(16)
            layout.headerRow(header, size: 9, rowHeight: 12)
            layout.repeatedHeader = { $0.headerRow(header, size: 9, rowHeight: 12) }
            for row in Oracle.measurementRows(sheet) {
                let parts = wrapReference(layout, row.expression, width: right - left - 180, font: .regular, size: 9)
                layout.ensure(12)
                layMeasurementRow(line: row.line, pos: row.pos, parts: parts, result: row.result, on: &layout)
            }
            layout.repeatedHeader = nil
        }

        // Appendix: photos.
        var embedded = 0
        if !photos.isEmpty {
            layout.newPage()
            layout.text(words[.photosTitle], x: left, font: .bold, size: 14)
            layout.advance(24)
            for input in photos {
                let label = input.label(words)
                guard let bytes = input.bytes, let image = PhotoImage(bytes) else {
                    layout.ensure(14)
                    layout.text(words(.photoMissing, label), x: left, font: .regular, size: 9); layout.advance(16)
                    continue
                }
                if let reason = image.notEmbeddable {
                    layout.ensure(14)
                    for part in wrapReference(layout, words(.photoNotShown, label, reason.text(words.language)), width: right - left, font: .regular, size: 9) {
                        layout.text(part, x: left, font: .regular, size: 9); layout.advance(12)
                    }
                    layout.advance(6)
                    continue
                }
                let maxWidth = right - left, maxHeight = 330.0
                let scale = min(maxWidth / Double(image.width), maxHeight / Double(image.height))
                let w = Double(image.width) * scale, h = Double(image.height) * scale
                let captionLines = wrapReference(layout, label, width: right - left, font: .regular, size: 9)
                layout.ensure(h + 8 + Double(captionLines.count) * 12 + 12)
                layout.image(bytes: bytes, info: image, x: left, y: layout.y - h, width: w, height: h)
                embedded += 1
                layout.advance(h + 12)
                for part in captionLines { layout.text(part, x: left, font: .regular, size: 9); layout.advance(12) }
                layout.advance(14)
            }
        }
        return embedded
    }

static func wrapPlainReference(_ text: String, width: Double, font: PDFFont, size: Double) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            let table = font.widths, n = bytes.count
            func fits(_ units: Int) -> Bool { Double(units) * size / 1000 <= width }
            /// The code of the scalar at `i` and its length in bytes; nil when not plain.
            func scalar(_ i: Int) -> (code: Int, length: Int)? {
                let b = bytes[i]
                if b >= 0x20, b < 0x7F { return (Int(b), 1) }
                guard b == 0xC2 || b == 0xC3, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return nil }
                let v = Int(b & 0x03) << 6 | Int(bytes[i + 1] & 0x3F)
                return v >= 0xA0 ? (v, 2) : nil
            }
            let space = table[0]
            var lines: [String] = [], line: [UInt8] = [], lineUnits = 0
            var i = 0
            while i < n {
                if bytes[i] == 0x20 { i += 1; continue }
                let start = i
                var units = 0
                while i < n, bytes[i] != 0x20 {
                    guard let (code, length) = scalar(i) else { return nil }
                    units += table[code - 32]
                    i += length
                }
                let candidate = line.isEmpty ? units : lineUnits + space + units
                if fits(candidate) {
                    if !line.isEmpty { line.append(0x20) }
                    line.append(contentsOf: bytes[start..<i])
                    lineUnits = candidate
                    continue
                }
                if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)); line.removeAll(keepingCapacity: true) }
                var rest = start
                if !fits(units) {
                    // Too wide alone: cut after as many characters as fit (at least one).
                    var offsets: [Int] = [], widths: [Int] = []
                    var j = start
                    while j < i, let (code, length) = scalar(j) { offsets.append(j); widths.append(table[code - 32]); j += length }
                    offsets.append(i)
                    let count = widths.count
                    var first = 0
                    while !fits(units), count - first > 1 {
                        var cut = count - first - 1, prefix = units - widths[count - 1]
                        while cut > 1, !fits(prefix) { cut -= 1; prefix -= widths[first + cut] }
                        lines.append(String(decoding: bytes[offsets[first]..<offsets[first + cut]], as: UTF8.self))
                        first += cut
                        units -= prefix
                    }
                    rest = offsets[first]
                }
                line.append(contentsOf: bytes[rest..<i])
                lineUnits = units
            }
            if !line.isEmpty || lines.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
            return lines
        }
    }
}

extension ReportXLSX {
    /// The report's workbook with the rows of the lines made of `Workbook.append`'s cells, one
    /// `Cell` each: the fast row writer (`writeLineRows`) must give the same bytes.
    static func workbookReference(_ p: ProjectHead, _ a: FinalAccounting, language l: Language) throws -> Workbook {
        let w = Words(l)
        var book = Workbook(title: w(.documentTitle, p.name), footer: w[.xlsxPageFooter])
        try fill(&book, p, a, language: l) { book, sheet, rows in
            let flag = Workbook.NumberFormat.flag(yes: w[.xlsxYes], no: w[.xlsxNo])
            for (i, line) in a.lines.all.enumerated() {
                let row = rows.firstRow + i
                XCTAssertEqual(book.nextRow(sheet), row)
                let quantity = Number(line.quantity), price = Number(line.price)
                try book.append([
                    .number(Number(line.id), .integer, align: .center), .text(line.pos), .text(line.name, wraps: true),
                    .number(quantity, .decimals(rows.shape.quantityDecimals)), .text(UnitName.display(line.unit, language: l)),
                    .number(price, .currency(rows.shape.priceDecimals)),
                    .formula("ROUND(D\(row)*F\(row),2)", cached: Number(line.amount), .money),
                    .text(w[line.custom ? .xlsxYes : .xlsxNo], align: .center), .text(line.note, wraps: true),
                    .text(line.measurement ?? "", wraps: true), .text(line.section, wraps: true),
                ] + rows.scopes.map { .number(Number($0.contains(line) ? 1 : 0), flag, align: .center) }, to: sheet)
            }
        }
        return book
    }
}
