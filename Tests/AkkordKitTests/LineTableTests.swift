import Foundation
import XCTest
@testable import AkkordKit

/// Every format lays its line table out from the one table (`LineColumn`): its header has the
/// titles of the layout's columns and its rows the cells, in the table's order, none left out.
/// The expected cells are written here by hand for two lines whose amounts are worked out by
/// hand: 1,234.5 m² × 38.50 = 47,528.25 and a custom line measured as 2*3 = 6 pcs × 450 = 2,700.
final class LineTableTests: XCTestCase {
    static func project() throws -> Project {
        var p = Project(id: "tagvej-3", name: "Tagvej 3")
        _ = p.addLine(Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: try UnitPrice(parsing: "38.50")),
                      quantity: try Quantity(parsing: "1234.5"), note: "nordside", date: nil, section: "Tag")
        _ = p.addLine(Activity(pos: "X3", name: "Afdækning af trappe", unit: "pcs", price: try UnitPrice(parsing: "450")),
                      quantity: try Quantity(parsing: "6"), date: nil, section: "Trappe", custom: true, measurement: "2*3")
        return p
    }

    /// The lines' cells as the printed sheet shows them (text, HTML, PDF, `lines`).
    static let printed: [Language: [[LineColumn: String]]] = [
        .en: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet (nordside)", .quantity: "1,234.5", .unit: "m2", .price: "38.50", .amount: "47,528.25"],
              [.id: "2", .pos: "X3*", .activity: "Afdækning af trappe", .quantity: "6", .unit: "pcs", .price: "450.00", .amount: "2,700.00"]],
        .da: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet (nordside)", .quantity: "1.234,5", .unit: "m²", .price: "38,50", .amount: "47.528,25"],
              [.id: "2", .pos: "X3*", .activity: "Afdækning af trappe", .quantity: "6", .unit: "stk", .price: "450,00", .amount: "2.700,00"]],
    ]

    /// The lines' cells as CSV fields (unquoted).
    static let csv: [Language: [[LineColumn: String]]] = [
        .en: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet", .quantity: "1234.5", .unit: "m2", .price: "38.50", .amount: "47528.25",
               .custom: "", .note: "nordside", .measurement: "", .section: "Tag"],
              [.id: "2", .pos: "X3", .activity: "Afdækning af trappe", .quantity: "6", .unit: "pcs", .price: "450.00", .amount: "2700.00",
               .custom: "*", .note: "", .measurement: "2*3", .section: "Trappe"]],
        .da: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet", .quantity: "1234,5", .unit: "m²", .price: "38,50", .amount: "47528,25",
               .custom: "", .note: "nordside", .measurement: "", .section: "Tag"],
              [.id: "2", .pos: "X3", .activity: "Afdækning af trappe", .quantity: "6", .unit: "stk", .price: "450,00", .amount: "2700,00",
               .custom: "*", .note: "", .measurement: "2*3", .section: "Trappe"]],
    ]

    /// The lines' cells in the Lines sheet: a text's string or a number's value (a boolean 0 or 1).
    static let workbook: [Language: [[LineColumn: String]]] = [
        .en: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet", .quantity: "1234.5", .unit: "m2", .price: "38.50", .amount: "47528.25",
               .custom: "no", .note: "nordside", .measurement: "", .section: "Tag"],
              [.id: "2", .pos: "X3", .activity: "Afdækning af trappe", .quantity: "6", .unit: "pcs", .price: "450.00", .amount: "2700.00",
               .custom: "yes", .note: "", .measurement: "2*3", .section: "Trappe"]],
        .da: [[.id: "1", .pos: "2.01", .activity: "Underpap, sømmet", .quantity: "1234.5", .unit: "m²", .price: "38.50", .amount: "47528.25",
               .custom: "nej", .note: "nordside", .measurement: "", .section: "Tag"],
              [.id: "2", .pos: "X3", .activity: "Afdækning af trappe", .quantity: "6", .unit: "stk", .price: "450.00", .amount: "2700.00",
               .custom: "ja", .note: "", .measurement: "2*3", .section: "Trappe"]],
    ]

    /// The expected header and rows of a layout, in the order of its columns: a cell missing
    /// here (a column new to the layout) fails.
    func expected(_ columns: [LineColumn], _ cells: [[LineColumn: String]], _ l: Language,
                  file: StaticString = #filePath, line: UInt = #line) throws -> (header: [String], rows: [[String]]) {
        let w = Words(l)
        return (columns.map { w[$0.title] }, try cells.map { row in try columns.map { try XCTUnwrap(row[$0], "no cell for \($0)", file: file, line: line) } })
    }

    func testTheLayoutsOfTheTable() {
        XCTAssertEqual(LineColumn.sheet, [.pos, .activity, .quantity, .unit, .price, .amount])
        XCTAssertEqual(LineColumn.listing, [.id, .pos, .activity, .quantity, .unit, .price, .amount])
        XCTAssertEqual(LineColumn.csv, [.id, .pos, .activity, .quantity, .unit, .price, .amount, .note, .measurement])
        XCTAssertEqual(LineColumn.workbook, LineColumn.allCases)
        XCTAssertEqual(LineColumn.allCases.filter { $0.alignment == .right }, [.id, .quantity, .price, .amount])
    }

    /// The member of a line's JSON object that holds each column's value. The JSON line object
    /// is the project file's line form (`LineView.writeJSON`, which the JSON writers copy from
    /// the file byte for byte), so it is not laid out from this table (Store does not use
    /// Render); this test ties the two: a new column fails here until its member is named and
    /// written.
    static let jsonMember: [LineColumn: String] = [
        .id: "id", .pos: "pos", .activity: "name", .quantity: "quantity", .unit: "unit", .price: "price", .amount: "amount",
        .custom: "custom", .note: "note", .measurement: "measurement", .section: "section",
    ]

    func testTheJSONLineObjectsHoldEveryColumn() throws {
        XCTAssertEqual(Set(Self.jsonMember.keys), Set(LineColumn.allCases), "every column has its JSON member")
        let lines = try LinesInMemory(try Self.project().lines)
        // By hand, as JSON (read by the same reader as the output, so values compare alike).
        let expected = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data("""
            [{"id": 1, "pos": "2.01", "name": "Underpap, sømmet", "quantity": "1234.5", "unit": "m2", "price": "38.50",
              "amount": "47528.25", "custom": false, "note": "nordside", "measurement": null, "section": "Tag"},
             {"id": 2, "pos": "X3", "name": "Afdækning af trappe", "quantity": "6", "unit": "pcs", "price": "450.00",
              "amount": "2700.00", "custom": true, "note": "", "measurement": "2*3", "section": "Trappe"}]
            """.utf8)) as? [[String: Any]])
        for (members, name, withSection) in [(LineView.JSONMembers.listed, "lines --json", true), (.reported, "report --format json", false)] {
            let out = ByteOutput()
            out.write("[")
            lines.writeJSON(members, to: out) { if $0 > 0 { out.write(",") } }
            out.write("]")
            let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [[String: Any]], name)
            XCTAssertEqual(objects.count, 2, name)
            for (object, want) in zip(objects, expected) {
                for column in LineColumn.allCases where withSection || column != .section {
                    let key = Self.jsonMember[column]!
                    XCTAssertEqual(object[key].map { "\($0)" }, want[key].map { "\($0)" }, "\(name): \(column) as \(key)")
                }
                XCTAssertEqual(object["section"] == nil, !withSection, name)
            }
        }
    }

    func testTheAmountsAreWorkedOutByHand() throws {
        let a = try FinalAccounting(try Self.project())
        XCTAssertEqual(a.lines.all.map(\.amount), [Money(raw: 4_752_825), Money(raw: 270_000)])
        XCTAssertEqual(a.subtotal, Money(raw: 5_022_825))
    }

    func testTheTextReportAndLinesLayOutTheTable() throws {
        let p = try Self.project()
        for l in Language.allCases {
            let (header, rows) = try expected(LineColumn.sheet, Self.printed[l]!, l)
            let report = Self.textTable(ReportText.render(ProjectHead(p), try FinalAccounting(p), language: l))
            XCTAssertEqual(report.header, header, "\(l) text report")
            XCTAssertEqual(report.rows, rows, "\(l) text report")
            let listing = try expected(LineColumn.listing, Self.printed[l]!, l)
            let lines = Self.textTable(try ProjectText.lines(p, language: l))
            XCTAssertEqual(lines.header, listing.header, "\(l) lines")
            XCTAssertEqual(lines.rows, listing.rows, "\(l) lines")
        }
    }

    func testHTMLLaysOutTheTable() throws {
        let p = try Self.project()
        for l in Language.allCases {
            let (header, rows) = try expected(LineColumn.sheet, Self.printed[l]!, l)
            let html = ReportHTML.render(ProjectHead(p), try FinalAccounting(p), language: l)
            let head = try XCTUnwrap(html.range(of: "<thead>.*?</thead>", options: .regularExpression).map { String(html[$0]) })
            let titles = Self.matches("<th( class=\"num\")?>(.*?)</th>", in: head)
            XCTAssertEqual(titles.map { ReportSheetTests.unescapeHTML($0[2]) }, header, "\(l) HTML header")
            let body = html[html.range(of: "</thead>")!.upperBound...]
            let rowTexts = Self.matches("<tr>(.*?)</tr>", in: String(body)).prefix(2).map { $0[1] }
            let cells = rowTexts.map { Self.matches("<td( class=\"num\")?>(.*?)</td>", in: $0) }
            XCTAssertEqual(cells.map { $0.map { ReportSheetTests.unescapeHTML($0[2].replacingOccurrences(of: "<small>", with: "")
                                                                            .replacingOccurrences(of: "</small>", with: "")) } }, rows, "\(l) HTML rows")
            // Figures in `num` cells, as their columns are aligned.
            let numbers = LineColumn.sheet.map { $0.alignment == .right }
            XCTAssertEqual(titles.map { !$0[1].isEmpty }, numbers, "\(l) HTML header alignment")
            for row in cells { XCTAssertEqual(row.map { !$0[1].isEmpty }, numbers, "\(l) HTML row alignment") }
        }
    }

    /// The PDF's cells across the page, left to right, are the table's columns.
    func testPDFLaysOutTheTable() throws {
        let p = try Self.project()
        for l in Language.allCases {
            let (header, rows) = try expected(LineColumn.sheet, Self.printed[l]!, l)
            let runs = Self.pdfRuns(ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: l, photos: [], compressing: false).bytes)
            // The line table's header is the first row set bold at the table's size, its rows the next rows of it.
            let first = try XCTUnwrap(runs.firstIndex { $0.font == "F2" && $0.size == 8.5 })
            var lines: [[Run]] = [[]]
            for run in runs[first...] where run.size == 8.5 {
                if let y = lines[lines.count - 1].first?.y, y != run.y {
                    if lines.count == 3 { break }
                    lines.append([])
                }
                lines[lines.count - 1].append(run)
            }
            let cells = lines.map { $0.sorted { $0.x < $1.x }.map(\.text) }
            XCTAssertEqual(cells.first, header, "\(l) PDF header")
            XCTAssertEqual(Array(cells.dropFirst()), rows, "\(l) PDF rows")
        }
    }

    func testCSVLaysOutTheTable() throws {
        let p = try Self.project()
        for l in Language.allCases {
            let (header, rows) = try expected(LineColumn.csv, Self.csv[l]!, l)
            var csv = ReportCSV.render(try FinalAccounting(p), language: l)
            if l == .da { csv.removeFirst() }   // the byte order mark
            let records = Self.csvRecords(csv, delimiter: l == .da ? ";" : ",")
            XCTAssertEqual(records.first, header, "\(l) CSV header")
            XCTAssertEqual(Array(records.dropFirst()), rows, "\(l) CSV rows")
        }
    }

    func testTheWorkbookLaysOutTheTable() throws {
        let p = try Self.project()
        for l in Language.allCases {
            let (header, rows) = try expected(LineColumn.workbook, Self.workbook[l]!, l)
            let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), try FinalAccounting(p), language: l, entries: .stored))
            let sheet = try XCTUnwrap(book.sheets[Words(l)[.sheetLines]])
            func row(_ n: Int) -> [String] {
                (1...LineColumn.workbook.count + 1).map { sheet["\(Workbook.CellReference.columnName($0))\(n)"].map { $0.inline ?? $0.value ?? "" } ?? "" }
            }
            XCTAssertEqual(row(1), header + [""], "\(l) xlsx header, nothing after it")
            XCTAssertEqual([row(2), row(3)], rows.map { $0 + [""] }, "\(l) xlsx rows")
            XCTAssertEqual(sheet["G2"]?.formula, "ROUND(D2*F2,2)", "\(l) the amount of the quantity and the price")
            XCTAssertEqual(sheet["H3"]?.type, "inlineStr", "\(l) the custom flag a word")
        }
    }

    // MARK: - Reading the formats

    /// A text table's header (the line over its first rule) and its rows, cells split at two or
    /// more spaces.
    static func textTable(_ text: String) -> (header: [String], rows: [[String]]) {
        let lines = text.components(separatedBy: "\n")
        guard let rule = lines.firstIndex(where: { !$0.isEmpty && $0.allSatisfy { $0 == "-" } }), rule > 0 else { return ([], []) }
        func cells(_ line: String) -> [String] {
            line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " {2,}", with: "\t", options: .regularExpression)
                .components(separatedBy: "\t")
        }
        return (cells(lines[rule - 1]), lines[(rule + 1)...].prefix { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasPrefix("*") }.map(cells))
    }

    /// Each match's groups (0: the whole match; a group that did not take part is empty).
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { Range(m.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// RFC 4180 records.
    static func csvRecords(_ text: String, delimiter: Character) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = "", quoted = false
        var chars = text[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == delimiter {
                record.append(field); field = ""
            } else if c == "\r\n" || c == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.append(c)
            }
        }
        return records
    }

    struct Run {
        let font: String
        let size: Double
        let x: Double
        let y: Double
        let text: String
    }

    /// The PDF's shown strings (`BT /F<n> <size> Tf <x> <y> Td (…) Tj ET`) in the order drawn,
    /// decoded from WinAnsi.
    static func pdfRuns(_ bytes: [UInt8]) -> [Run] {
        var runs: [Run] = []
        let start = Array("BT /".utf8)
        var i = 0
        while i + start.count < bytes.count {
            guard bytes[i..<(i + start.count)].elementsEqual(start) else { i += 1; continue }
            var j = i + start.count
            var tokens: [String] = []
            while tokens.count < 6, j < bytes.count, bytes[j] != UInt8(ascii: "(") {
                var token: [UInt8] = []
                while j < bytes.count, bytes[j] != 0x20 { token.append(bytes[j]); j += 1 }
                tokens.append(String(decoding: token, as: UTF8.self))
                j += 1
            }
            guard tokens.count == 6, tokens[2] == "Tf", tokens[5] == "Td", j < bytes.count, bytes[j] == UInt8(ascii: "("),
                  let size = Double(tokens[1]), let x = Double(tokens[3]), let y = Double(tokens[4]) else { i += 1; continue }
            var text = String.UnicodeScalarView()
            j += 1
            while j < bytes.count, bytes[j] != UInt8(ascii: ")") {
                if bytes[j] == UInt8(ascii: "\\") { j += 1 }
                text.append(bytes[j] == WinAnsi.minusCode ? "\u{2212}" : TextEncoding.windows1252(bytes[j]))
                j += 1
            }
            runs.append(Run(font: tokens[0], size: size, x: x, y: y, text: String(text)))
            i = j
        }
        return runs
    }
}
