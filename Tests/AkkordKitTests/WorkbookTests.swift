import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AkkordKit

/// The spreadsheet report read back by a reader of its own (the ZIP's headers and CRCs, the
/// sheets' XML) and compared with the JSON report of the same project; every formula
/// recalculated here in Decimal from the constant cells, as a spreadsheet would, and compared
/// with the value akkord cached.
final class WorkbookTests: XCTestCase {

    // MARK: projects

    static func activity(_ pos: String, _ name: String, _ unit: String, _ price: String, section: String = "") throws -> Activity {
        Activity(pos: pos, name: name, unit: unit, price: try UnitPrice(parsing: price), section: section)
    }

    /// A scoped supplement (a section and a line), a measurement, an apprentice, a deduction,
    /// a 3-decimal quantity, hours by the minute (7:20, not a decimal) and Danish text with
    /// æøå, `&` and `<`.
    static func fullProject() throws -> Project {
        var p = Project(id: "aeroe-tag", name: "Ærøskøbing <Tag> & Søn")
        p.address = "Søndergade 7 & 9, 5970 Ærøskøbing"
        p.employer = "Tæt & Tør ApS"
        p.customer = "A/B <Gården>"
        p.start = "2026-05-04"
        p.end = "2026-05-15"
        p.catalogueName = "Prøveliste"
        p.catalogueEdition = "2026-1"
        _ = p.addLine(try activity("2.01", "Underpap, sømmet", "m2", "38.50", section: "Tagpap"), quantity: try Quantity(parsing: "12.345"),
                      note: "nordside & øst", date: nil)
        _ = p.addLine(try activity("2.04", "Overpap, svejset", "m2", "52.3", section: "Tagpap"),
                      quantity: try Quantity(parsing: "100.592"), date: nil, measurement: "12,4*8,2 - 1,2*0,9")
        _ = p.addLine(try activity("6.01", "Tagrende, zink <Ø150>", "lbm", "129.3575", section: "Tagrender"), quantity: try Quantity(parsing: "8"), date: nil)
        _ = p.addLine(try activity("X4", "Afdækning af trappe", "pcs", "450", section: ""), quantity: try Quantity(parsing: "1"), date: nil, custom: true)
        _ = p.addWorker(name: "Jens Ølgaard", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Ali Nielsen", apprentice: true, rate: try UnitPrice(parsing: "128.40"))
        _ = p.addWorker(name: "Mette Åberg", apprentice: false, rate: nil)
        _ = try p.addHours(worker: "jens-oelgaard", hours: try Hours(parsing: "7:20"), date: nil, note: "")
        _ = try p.addHours(worker: "jens-oelgaard", hours: try Hours(parsing: "7:20"), date: nil, note: "")
        _ = try p.addHours(worker: "mette-aaberg", hours: try Hours(parsing: "6.001"), date: nil, note: "")
        _ = try p.addHours(worker: "ali-nielsen", hours: try Hours(parsing: "3:10"), date: nil, note: "")
        _ = try p.addAdvance(worker: "jens-oelgaard", amount: try Money(parsing: "500"), date: nil, note: "")
        _ = try p.addSupplement(name: "Højdetillæg", percent: try Percent(parsing: "4,5"))
        _ = try p.addSupplement(name: "Tillæg for tagpap & rende", percent: try Percent(parsing: "12.125"),
                                scope: Supplement.Scope(sections: ["Tagpap"], lines: [3]))
        _ = try p.addSupplement(name: "Fradrag ved sne", percent: try Percent(parsing: "-2"), scope: Supplement.Scope(lines: [4]))
        _ = p.addExtraWork(text: "Inddækning ved skorsten", pricing: .amount(try Money(parsing: "250")), number: "17")
        _ = p.addExtraWork(text: "Snerydning", pricing: .hourly(hours: try Hours(parsing: "1:20"), rate: try UnitPrice(parsing: "342.5")))
        _ = p.addExtraWork(text: "Aftalt fradrag <skur>", pricing: .amount(try Money(parsing: "-125.50")), number: "18")
        return p
    }

    /// The apprentice's pay is more than the total: the pool is negative (a deficit).
    static func negativePoolProject() throws -> Project {
        var p = Project(id: "underskud", name: "Underskud")
        _ = p.addLine(try activity("2.01", "Underpap", "m2", "38.50"), quantity: try Quantity(parsing: "2"), date: nil)
        _ = p.addWorker(name: "Jens", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Mette", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Ali", apprentice: true, rate: try UnitPrice(parsing: "150"))
        _ = try p.addHours(worker: "jens", hours: try Hours(parsing: "1"), date: nil, note: "")
        _ = try p.addHours(worker: "mette", hours: try Hours(parsing: "2"), date: nil, note: "")
        _ = try p.addHours(worker: "ali", hours: try Hours(parsing: "1"), date: nil, note: "")
        return p
    }

    /// Workers without hours: the split is missing (empty share cells, no hourly earnings).
    static func noHoursProject() throws -> Project {
        var p = Project(id: "ingen-timer", name: "Ingen timer")
        _ = p.addLine(try activity("2.01", "Underpap", "m2", "38.50"), quantity: try Quantity(parsing: "2"), date: nil)
        _ = p.addWorker(name: "Jens", apprentice: false, rate: nil)
        return p
    }

    static var projects: [Project] {
        get throws { [try fullProject(), try negativePoolProject(), try noHoursProject(), Project(id: "tom", name: "Tom")] }
    }

    // MARK: tests

    func testEveryFigureReadsBackAsTheJSONReportHasIt() throws {
        for p in try Self.projects {
            for l in Language.allCases {
                let a = try FinalAccounting(p)
                let report = try RenderedReport(p, format: .xlsx, language: l, photo: { _ in nil })
                XCTAssertEqual(report.format, .xlsx)
                // The report as the command writes it (deflated), and stored for this reader: the same workbook.
                let deflated = try report.render().bytes
                XCTAssertEqual(deflated, try ReportXLSX.render(ProjectHead(p), a, language: l), "\(p.id) \(l)")
                let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), a, language: l, entries: .stored))
                let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ReportJSON.render(ProjectHead(p), a))) as? [String: Any])
                try compare(book, json, a, p, l, label: "\(p.id) \(l)")
            }
        }
    }

    func testFormulasRecalculateToTheirCachedValues() throws {
        for p in try Self.projects {
            let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da, entries: .stored))
            let formulas = try book.recalculateAll()
            if !p.lines.isEmpty { XCTAssertGreaterThan(formulas, p.lines.count, p.id) }
        }
    }

    func testTotalsAreFormulasOfTheirCells() throws {
        let p = try Self.fullProject()
        let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .en, entries: .stored))
        XCTAssertEqual(book.sheetNames, ["Lines", "Team", "Summary"])
        XCTAssertEqual(book.formula("Lines", "G2"), "ROUND(D2*F2,2)")
        XCTAssertEqual(book.formula("Lines", "G5"), "ROUND(D5*F5,2)")
        XCTAssertEqual(book.formula("Lines", "G7"), "SUM(G2:G5)")
        // Scope columns: L for supplement 2 (section Tagpap and line 3), M for supplement 3 (line 4).
        XCTAssertEqual((2...5).map { book.text("Lines", "L\($0)") }, ["1", "1", "1", "0"])
        XCTAssertEqual((2...5).map { book.text("Lines", "M\($0)") }, ["0", "0", "0", "1"])
        XCTAssertEqual(book.formula("Summary", "J15"), "Lines!G7")
        XCTAssertEqual(book.formula("Summary", "G16"), "Lines!G7")
        XCTAssertEqual(book.formula("Summary", "G17"), "SUMPRODUCT(Lines!G2:G5,Lines!L2:L5)")
        XCTAssertEqual(book.formula("Summary", "G18"), "SUMPRODUCT(Lines!G2:G5,Lines!M2:M5)")
        XCTAssertEqual(book.formula("Summary", "J17"), "ROUND(G17*F17/100,2)")
        XCTAssertNil(book.formula("Summary", "J19"), "an agreed amount is a number")
        XCTAssertEqual(book.formula("Summary", "J20"), "ROUND(H20*I20,2)")
        XCTAssertEqual(book.formula("Summary", "H20"), "1+20/60", "1:20 h exactly")
        XCTAssertEqual(book.formula("Summary", "J22"), "SUM(J15:J21)")
        XCTAssertEqual(book.formula("Summary", "J23"), "-SUM(Team!F3)", "paid out of the total: negative, as the text report shows it")
        XCTAssertEqual(book.decimal("Summary", "J23"), -Decimal(string: try FinalAccounting(p).apprenticePay.plain)!)
        XCTAssertEqual(book.formula("Summary", "J24"), "J22+J23")
        XCTAssertEqual(book.formula("Summary", "J25"), "SUM(Team!E2,Team!E4)")
        XCTAssertEqual(book.formula("Summary", "J26"), "ROUND(J24/J25,2)")
        XCTAssertEqual(book.formula("Team", "E2"), "14+40/60", "7:20 twice is 14 h 40 min")
        XCTAssertEqual(book.formula("Team", "F2"), "ROUNDDOWN(Summary!$J$24*E2/Summary!$J$25,2)+G2")
        XCTAssertEqual(book.formula("Team", "F3"), "ROUND(E3*D3,2)")
        XCTAssertEqual(book.formula("Team", "I2"), "F2-H2")
        // Number formats: money with 2 decimals and the currency; every quantity with the 3
        // decimals the most precise one has (12.345), every price with 4 (129.3575), so their
        // decimal commas line up; hours with 2.
        let kroner = "#,##0.00 \"kr.\""
        XCTAssertEqual(book.format("Lines", "G2"), kroner)
        XCTAssertEqual((2...5).map { book.format("Lines", "D\($0)") }, Array(repeating: "#,##0.000", count: 4))
        XCTAssertEqual((2...5).map { book.format("Lines", "F\($0)") }, Array(repeating: "#,##0.0000 \"kr.\"", count: 4))
        XCTAssertEqual(book.format("Team", "E2"), "#,##0.00")
        XCTAssertEqual(book.format("Team", "D3"), kroner, "the apprentice's rate")
        XCTAssertEqual(book.format("Team", "H2"), kroner)
        XCTAssertEqual(book.format("Summary", "J22"), kroner)
        XCTAssertEqual(book.format("Summary", "J23"), kroner)
        XCTAssertEqual((16...18).map { book.format("Summary", "F\($0)") }, Array(repeating: "#,##0.000", count: 3), "percents 4.5, 12.125, -2")
        XCTAssertTrue(book.isBold("Summary", "J22"))
        // The custom flag and the apprentice as words; the scope flags numbers shown as words.
        XCTAssertEqual((2...5).map { book.text("Lines", "H\($0)") }, ["no", "no", "no", "yes"])
        XCTAssertEqual((2...4).map { book.text("Team", "C\($0)") }, ["no", "yes", "no"])
        XCTAssertEqual(book.format("Lines", "L2"), "\"yes\";\"yes\";\"no\"")
    }

    /// SPEC §17: dates are date cells, the line sheet's head is printed on every page, every
    /// sheet has the page number in its footer and prints across A4 landscape at 70 % or more.
    func testDatesPrintTitlesFootersAndTheFitOnTheA4Page() throws {
        for l in Language.allCases {
            let p = try Self.fullProject()
            let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: l, entries: .stored))
            let summary = Words(l)[.sheetSummary], lines = Words(l)[.sheetLines], team = Words(l)[.sheetTeam]
            // 2026-05-04 and 2026-05-15: days since 1899-12-30, counted by hand (1900…2025: 126 years, 31 of them leap).
            let may4 = 126 * 365 + 31 + 2 + 31 + 28 + 31 + 30 + 3
            XCTAssertEqual(may4, 46_146)
            XCTAssertEqual(book.decimal(summary, "B7"), Decimal(may4), "\(l)")
            XCTAssertEqual(book.decimal(summary, "B8"), Decimal(may4 + 11), "\(l)")
            XCTAssertEqual(book.format(summary, "B7"), l == .da ? "dd-mm-yyyy" : "yyyy-mm-dd")
            XCTAssertEqual(Workbook.dateSerial("1900-03-01"), 61)
            XCTAssertEqual(Workbook.dateSerial("2024-02-29"), 45_351)
            XCTAssertNil(Workbook.dateSerial("2025-02-29"))
            XCTAssertNil(Workbook.dateSerial("4 May"))

            let workbook = String(decoding: book.entries["xl/workbook.xml"]!, as: UTF8.self)
            XCTAssertTrue(workbook.contains("<definedNames><definedName name=\"_xlnm.Print_Titles\" localSheetId=\"0\">\(lines)!$1:$1</definedName>"
                + "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"1\">\(team)!$1:$1</definedName></definedNames>"), workbook)
            let footer = l == .da ? "&amp;Cside &amp;P af &amp;N" : "&amp;Cpage &amp;P of &amp;N"
            for n in 1...3 {
                let xml = String(decoding: book.entries["xl/worksheets/sheet\(n).xml"]!, as: UTF8.self)
                XCTAssertTrue(xml.contains("<headerFooter><oddFooter>\(footer)</oddFooter></headerFooter></worksheet>"), "sheet \(n) \(l)")
                XCTAssertTrue(xml.contains("<pageSetup paperSize=\"9\" orientation=\"landscape\" fitToWidth=\"1\" fitToHeight=\"0\"/>"), "sheet \(n)")
                // 7 pixels a character of width; 10.69 inches of 96 pixels across the page inside the margins.
                let widths = Self.columnWidths(xml)
                let pixels = widths.reduce(0) { $0 + Int($1 * 7) }
                XCTAssertGreaterThanOrEqual(1026.24 / Double(pixels), 0.70, "sheet \(n) \(l): widths \(widths)")
            }
        }
    }

    /// Many supplements with scopes and long texts everywhere: the wrapping columns are made
    /// narrower until the sheet prints at 72 % or more; the figures keep their widths.
    func testLongTextsWrapSoTheSheetStillFitsThePage() throws {
        var p = try Self.fullProject()
        let long = String(repeating: "Tagpap og inddækning ", count: 6)
        for k in 0..<4 {
            _ = p.addLine(try Self.activity("9.0\(k)", long, "m2", "12.5", section: long), quantity: try Quantity(parsing: "3"), note: long, date: nil)
            _ = try p.addSupplement(name: "Tillæg nummer \(k) for noget", percent: try Percent(parsing: "2"), scope: Supplement.Scope(lines: [k + 1]))
        }
        let book = try XLSXReader(try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da, entries: .stored))
        let widths = Self.columnWidths(String(decoding: book.entries["xl/worksheets/sheet1.xml"]!, as: UTF8.self))
        XCTAssertEqual(widths.count, 11 + 6)
        XCTAssertGreaterThanOrEqual(1026.24 / Double(widths.reduce(0) { $0 + Int($1 * 7) }), 0.72, "\(widths)")
        XCTAssertGreaterThanOrEqual(widths[6], 12, "the amounts keep their width")
        XCTAssertEqual(book.text("Linjer", "C6"), long, "a long text is whole; it wraps")
    }

    static func columnWidths(_ xml: String) -> [Double] {
        xml.split(separator: "<col ").dropFirst().compactMap { piece in
            piece.split(separator: "\"").enumerated().first { $0.offset > 0 && piece.split(separator: "\"")[$0.offset - 1].hasSuffix("width=") }
                .flatMap { Double($0.element) }
        }
    }

    func testTheArchiveHasRightCRCsAndIsDeterministic() throws {
        let p = try Self.fullProject()
        let deflated = try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da)
        XCTAssertEqual(deflated, try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da), "two renders give the same bytes")
        let first = try ReportXLSX.render(ProjectHead(p), FinalAccounting(p), language: .da, entries: .stored)
        XCTAssertLessThan(deflated.count * 2, first.count, "deflated, the workbook is a fraction of its parts' size")
        XCTAssertEqual(Array(first.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        let book = try XLSXReader(first)   // checks every CRC, size and name against the central directory
        XCTAssertEqual(book.entryNames, ["[Content_Types].xml", "_rels/.rels", "docProps/core.xml", "xl/workbook.xml",
                                         "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml",
                                         "xl/worksheets/sheet2.xml", "xl/worksheets/sheet3.xml", "xl/styles.xml"])
        XCTAssertEqual(book.sheetNames, ["Linjer", "Sjak", "Opgørelse"])
        XCTAssertTrue(String(decoding: book.entries["docProps/core.xml"]!, as: UTF8.self)
            .contains("<dc:title>Akkordopgørelse – Ærøskøbing &lt;Tag&gt; &amp; Søn</dc:title>"))
        // A damaged byte is caught by the reader's CRC check.
        var damaged = first
        let needle = Array("Højdetillæg".utf8)
        let at = try XCTUnwrap((0..<(first.count - needle.count)).first { Array(first[$0..<($0 + needle.count)]) == needle })
        damaged[at] ^= 0x01
        XCTAssertThrowsError(try XLSXReader(damaged))
    }

    /// A streamed archive against bytes worked out by hand: the local header with bit 3 and no
    /// CRC or sizes, the data, the data descriptor, the central directory; a deflated entry's
    /// data is the encoder's raw stream (which Python's zlib reads: DeflateTests).
    func testZipStreamAgainstAHandCheckedArchive() throws {
        let out = ByteOutput()
        let zip = ZipStream(to: out, method: .stored)
        try zip.begin("a.txt")
        zip.write(Array("1234".utf8)); zip.write([]); zip.write(Array("56789".utf8))
        XCTAssertThrowsError(try zip.begin("a.txt")) { XCTAssertEqual($0 as? ZipWriterError, .badName("a.txt")) }
        XCTAssertThrowsError(try zip.begin("/etc/passwd")) { XCTAssertEqual($0 as? ZipWriterError, .badName("/etc/passwd")) }
        XCTAssertThrowsError(try zip.begin("")) { XCTAssertEqual($0 as? ZipWriterError, .badName("")) }
        try zip.finish()
        let b = out.bytes
        // 30 + 5 local, 9 data, 16 descriptor, 46 + 5 central, 22 end.
        XCTAssertEqual(b.count, 35 + 9 + 16 + 51 + 22)
        XCTAssertEqual(Array(b[4..<18]), [20, 0, 0x08, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0], "version 2.0, bit 3, stored, 1980-01-01, CRC in the descriptor")
        XCTAssertEqual(Array(b[44..<60]), [0x50, 0x4B, 0x07, 0x08, 0x26, 0x39, 0xF4, 0xCB, 9, 0, 0, 0, 9, 0, 0, 0], "CRC-32 of 123456789 is CBF43926")
        XCTAssertEqual(try XLSXReader.unzip(b).entries["a.txt"], Array("123456789".utf8))

        let deflatedOut = ByteOutput()
        let deflating = ZipStream(to: deflatedOut)
        let text = Array(String(repeating: "<row r=\"1\"><c r=\"A1\"/></row>", count: 200).utf8)
        try deflating.add("x.xml", text)
        try deflating.finish()
        let d = deflatedOut.bytes
        let stream = Deflate.compress(text)
        XCTAssertEqual(Array(d[8..<10]), [8, 0], "method 8")
        XCTAssertEqual(Array(d[35..<(35 + stream.count)]), stream)
        let descriptor = Array(d[(35 + stream.count)..<(35 + stream.count + 16)])
        XCTAssertEqual(descriptor, [0x50, 0x4B, 0x07, 0x08] + le32(CRC32.checksum(text)) + le32(UInt32(stream.count)) + le32(UInt32(text.count)))
    }

    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }

    func testTextOfEveryKindReadsBackExactly() throws {
        let texts = ["Ærø & <Søn> \"æøå\"", "  leading and trailing  ", "two\nlines", "tab\there", "_x0041_ stays as typed",
                     "control \u{1} and \u{1F} characters", "emoji 🏠 and ‘quotes’", "]]> and &amp;", "\u{FFFE}"]
        var book = Workbook(entries: .stored)
        let sheet = try book.addSheet("Texts")
        for t in texts { try book.append([.text(t)], to: sheet) }
        let read = try XLSXReader(try book.bytes())
        XCTAssertEqual((1...texts.count).map { read.text("Texts", "A\($0)") }, texts)
    }

    func testReferencesAndNumbers() throws {
        typealias R = Workbook.CellReference
        XCTAssertEqual([1, 26, 27, 52, 53, 702, 703, 16_384].map(R.columnName), ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA", "XFD"])
        XCTAssertEqual("\(R(column: 7, row: 12))", "G12")
        XCTAssertEqual("\(R(column: 7, row: 12).absolute.on("Summary"))", "Summary!$G$12")
        XCTAssertEqual("\(R(column: 1, row: 1).on("Ark 1"))", "'Ark 1'!A1")
        XCTAssertEqual("\(R(column: 1, row: 1).on("Mads' ark"))", "'Mads'' ark'!A1")
        XCTAssertEqual("\(R(column: 1, row: 1).on("TRUE"))", "'TRUE'!A1")
        XCTAssertEqual("\(R(column: 1, row: 1).on("Team"))", "Team!A1")
        XCTAssertEqual("\(Workbook.Range(R(column: 7, row: 2).on("Linjer"), R(column: 7, row: 101)))", "Linjer!G2:G101")
        XCTAssertEqual(Workbook.Number.ratio(22_000, 3000).text, "7.333333333333")
        XCTAssertEqual(Workbook.Number.ratio(2, 3, fractionDigits: 2).text, "0.67")
        XCTAssertEqual(Workbook.Number.ratio(-2, 3, fractionDigits: 2).text, "-0.67")
        XCTAssertEqual(Workbook.Number.ratio(45_000, 3000).text, "15")
        XCTAssertEqual(Workbook.Number(try Money(parsing: "-1234.5")).text, "-1234.50")
        XCTAssertNil(Workbook.Number(plain: "1e5"))
        XCTAssertNil(Workbook.Number(plain: "1."))
        XCTAssertNil(Workbook.Number(plain: "NaN"))
        XCTAssertEqual(Workbook.Number(plain: "-0.125")?.text, "-0.125")
        XCTAssertEqual(Workbook.NumberFormat.digits(of: Workbook.Number(try Quantity(parsing: "12.5"))).code, "#,##0.0")
        XCTAssertEqual(Workbook.NumberFormat.digits(of: Workbook.Number(try Quantity(parsing: "12"))).code, "#,##0")
    }

    func testLimitsOfTheFormatAreErrorsNotBrokenFiles() throws {
        var book = Workbook()
        XCTAssertThrowsError(try book.addSheet("a/b")) { XCTAssertEqual($0 as? WorkbookError, .badSheetName("a/b")) }
        XCTAssertThrowsError(try book.addSheet(String(repeating: "x", count: 32)))
        XCTAssertThrowsError(try book.addSheet(""))
        let sheet = try book.addSheet("Linjer")
        XCTAssertThrowsError(try book.addSheet("LINJER"), "names are unique regardless of case")
        try book.append([.text("ok")], to: sheet)
        XCTAssertThrowsError(try book.append([.empty, .text(String(repeating: "æ", count: 32_768))], to: sheet)) {
            XCTAssertEqual($0 as? WorkbookError, .textTooLong(cell: "Linjer!B2", length: 32_768))
            XCTAssertEqual("\($0)", "cell Linjer!B2 would hold 32768 characters; a spreadsheet cell holds at most 32767")
        }
        XCTAssertThrowsError(try book.append([.formula(String(repeating: "1+", count: 4097) + "1", cached: nil, .money)], to: sheet))
    }

    func testFileExtensionsNameTheFormat() {
        let cases: [(String, ReportFormat?)] = [
            ("x.txt", .text), ("x.json", .json), ("x.csv", .csv), ("x.html", .html), ("x.htm", .html), ("x.pdf", .pdf),
            ("x.xlsx", .xlsx), ("Opgørelse.XLSX", .xlsx), ("dir/x.Pdf", .pdf), ("a.b/report.tar.json", .json),
            ("x.doc", nil), ("x", nil), ("x.", nil), (".xlsx", nil), ("dir.pdf/x", nil), ("x.xls", nil),
        ]
        for (path, format) in cases { XCTAssertEqual(ReportFormat(fileExtension: path), format, path) }
        XCTAssertEqual(ReportFormat.fileExtensionList, ".txt, .json, .csv, .html, .htm, .pdf or .xlsx")
    }

    // MARK: the comparison with the JSON report

    func compare(_ book: XLSXReader, _ json: [String: Any], _ a: FinalAccounting, _ p: Project, _ l: Language, label: String) throws {
        let w = Words(l)
        let lines = try XCTUnwrap(json["lines"] as? [[String: Any]])
        let linesSheet = w[.sheetLines], teamSheet = w[.sheetTeam]
        XCTAssertEqual(book.sheetNames, l == .da ? ["Linjer", "Sjak", "Opgørelse"] : ["Lines", "Team", "Summary"], label)
        func dec(_ s: Any?) -> Decimal? { (s as? String).flatMap { Decimal(string: $0) } }
        func str(_ s: Any?) -> String? { (s is NSNull) ? nil : s as? String }

        // Lines
        for (i, line) in lines.enumerated() {
            let r = i + 2
            XCTAssertEqual(book.decimal(linesSheet, "A\(r)"), Decimal(line["id"] as! Int), label)
            XCTAssertEqual(book.text(linesSheet, "B\(r)"), line["pos"] as? String, label)
            XCTAssertEqual(book.text(linesSheet, "C\(r)"), line["name"] as? String, label)
            XCTAssertEqual(book.decimal(linesSheet, "D\(r)"), dec(line["quantity"]), label)
            XCTAssertEqual(book.text(linesSheet, "E\(r)"), UnitName.display(line["unit"] as! String, language: l), label)
            XCTAssertEqual(book.decimal(linesSheet, "F\(r)"), dec(line["price"]), label)
            XCTAssertEqual(book.decimal(linesSheet, "G\(r)"), dec(line["amount"]), label)
            XCTAssertEqual(book.text(linesSheet, "H\(r)"), w[line["custom"] as! Bool ? .xlsxYes : .xlsxNo], label)
            XCTAssertEqual(book.text(linesSheet, "I\(r)") ?? "", line["note"] as? String, label)
            XCTAssertEqual(book.text(linesSheet, "J\(r)"), str(line["measurement"]), label)
        }
        XCTAssertEqual(book.text(linesSheet, "C\(lines.count + 3)"), w[.subtotal], label)
        XCTAssertEqual(book.decimal(linesSheet, "G\(lines.count + 3)"), dec(json["subtotal"]), label)

        // Summary: the project, then the rows found by their labels.
        let summary = w[.sheetSummary]
        let project = try XCTUnwrap(json["project"] as? [String: Any]), catalogue = try XCTUnwrap(json["catalogue"] as? [String: Any])
        let status = project["status"] as? String == "open" ? w[.statusOpen] : w[.statusClosed]
        let expectedHeader: [(Term, String?)] = [
            (.project, str(project["name"])), (.id, str(project["id"])), (.address, str(project["address"])), (.employer, str(project["employer"])),
            (.customer, str(project["customer"])), (.xlsxStart, str(project["start"])), (.xlsxEnd, str(project["end"])), (.status, status),
            (.catalogue, str(catalogue["name"])), (.edition, str(catalogue["edition"])), (.currency, json["currency"] as? String),
        ]
        XCTAssertEqual(book.text(summary, "A1"), w[.title], label)
        for (i, (term, value)) in expectedHeader.enumerated() {
            XCTAssertEqual(book.text(summary, "A\(i + 2)"), w[term], label)
            if term == .xlsxStart || term == .xlsxEnd, let day = value {
                XCTAssertEqual(book.decimal(summary, "B\(i + 2)"), Workbook.dateSerial(day).map { Decimal($0) }, "\(label) \(term) is a date cell")
            } else {
                XCTAssertEqual(book.text(summary, "B\(i + 2)"), value.flatMap { $0.isEmpty ? nil : $0 }, "\(label) \(term)")
            }
        }
        let summaryRows = book.rows(summary)
        func rows(labelled term: Term) -> [Int] { summaryRows.filter { book.text(summary, "A\($0)") == w[term] } }
        func amount(_ term: Term) -> Decimal? { rows(labelled: term).first.flatMap { book.decimal(summary, "J\($0)") } }
        XCTAssertEqual(amount(.subtotal), dec(json["subtotal"]), label)
        XCTAssertEqual(amount(.total), dec(json["total"]), label)
        XCTAssertEqual(amount(.apprentices), dec(json["apprenticePay"]).map { -$0 }, label)
        XCTAssertEqual(amount(.pool), dec(json["pool"]), label)
        XCTAssertEqual(amount(.xlsxJourneymanHours).map { Self.round2($0) }, dec(json["journeymanHours"]), label)
        XCTAssertEqual(amount(.xlsxHourlyEarnings), dec(json["hourlyEarnings"]), label)
        XCTAssertEqual(rows(labelled: .xlsxHourlyEarnings).count, 1, label)

        let supplements = try XCTUnwrap(json["supplements"] as? [[String: Any]])
        let supplementRows = rows(labelled: .supplement)
        XCTAssertEqual(supplementRows.count, supplements.count, label)
        var scopeColumn = 12   // L: the first scope column of Lines
        for (s, r) in zip(supplements, supplementRows) {
            XCTAssertEqual(book.decimal(summary, "B\(r)"), Decimal(s["id"] as! Int), label)
            XCTAssertEqual(book.text(summary, "C\(r)"), s["name"] as? String, label)
            XCTAssertEqual(book.decimal(summary, "F\(r)"), dec(s["percent"]), label)
            XCTAssertEqual(book.decimal(summary, "G\(r)"), dec(s["base"]), label)
            XCTAssertEqual(book.decimal(summary, "J\(r)"), dec(s["amount"]), label)
            if let scope = s["scope"] as? [String: Any] {
                let sections = scope["sections"] as! [String], ids = scope["lines"] as! [Int]
                XCTAssertEqual(book.text(summary, "E\(r)"), Supplement.Scope(sections: sections, lines: ids).text(l), label)
                // The scope column of Lines marks exactly the lines in scope (by the section column and the id).
                let column = Workbook.CellReference.columnName(scopeColumn)
                XCTAssertEqual(book.text(linesSheet, "\(column)1"), w(.xlsxInScope, s["name"] as! String, "\(s["id"] as! Int)"), label)
                for (i, line) in lines.enumerated() {
                    let inScope = ids.contains(line["id"] as! Int) || sections.contains(book.text(linesSheet, "K\(i + 2)") ?? "")
                    XCTAssertEqual(book.decimal(linesSheet, "\(column)\(i + 2)"), inScope ? 1 : 0, "\(label) line \(i + 1)")
                }
                scopeColumn += 1
            } else {
                XCTAssertEqual(s["scope"] as? String, "all", label)
                XCTAssertEqual(book.text(summary, "E\(r)"), w[.xlsxScopeAll], label)
            }
        }

        let extras = try XCTUnwrap(json["extraWork"] as? [[String: Any]])
        let extraRows = summaryRows.filter { [w[.extraWork], w[.deduction]].contains(book.text(summary, "A\($0)")) }
        XCTAssertEqual(extraRows.count, extras.count, label)
        for (e, r) in zip(extras, extraRows) {
            XCTAssertEqual(book.decimal(summary, "B\(r)"), Decimal(e["id"] as! Int), label)
            XCTAssertEqual(book.text(summary, "C\(r)"), e["text"] as? String, label)
            XCTAssertEqual(book.text(summary, "D\(r)") ?? "", e["number"] as? String, label)
            // Hours in JSON are as entered: `1.5`, or `1:20` for whole minutes.
            let hours = (e["hours"] as? String).map { h -> Decimal? in
                let parts = h.split(separator: ":")
                return parts.count == 2 ? Decimal(string: String(parts[0])).map { $0 + Decimal(Int(parts[1])!) / 60 } : Decimal(string: h)
            }
            XCTAssertEqual(book.decimal(summary, "H\(r)").map { Self.round2($0) }, hours.flatMap { $0 }.map { Self.round2($0) }, label)
            XCTAssertEqual(hours == nil, book.cell(summary, "H\(r)") == nil, label)
            XCTAssertEqual(book.decimal(summary, "I\(r)"), dec(e["rate"]), label)
            XCTAssertEqual(book.decimal(summary, "J\(r)"), dec(e["amount"]), label)
            XCTAssertEqual(book.text(summary, "A\(r)") == w[.deduction], e["deduction"] as? Bool, label)
        }

        let warnings = rows(labelled: .warningLabel).map { book.text(summary, "B\($0)") }
        XCTAssertEqual(warnings.count, (json["warnings"] as? [String])?.count, label)
        XCTAssertEqual(warnings, a.warnings.map { $0.text(l) }, label)

        // Team
        let team = try XCTUnwrap(json["team"] as? [[String: Any]])
        XCTAssertEqual(book.text(teamSheet, "A1"), w[.id], label)
        XCTAssertEqual(book.text(teamSheet, "G1"), w[.xlsxRoundingOre], label)
        for (i, t) in team.enumerated() {
            let r = i + 2
            XCTAssertEqual(book.text(teamSheet, "A\(r)"), t["worker"] as? String, label)
            XCTAssertEqual(book.text(teamSheet, "B\(r)"), t["name"] as? String, label)
            XCTAssertEqual(book.text(teamSheet, "C\(r)"), w[t["apprentice"] as! Bool ? .xlsxYes : .xlsxNo], label)
            XCTAssertEqual(book.decimal(teamSheet, "E\(r)").map { Self.round2($0) }, dec(t["hours"]), label)
            XCTAssertEqual(book.decimal(teamSheet, "F\(r)"), dec(t["share"]), label)
            XCTAssertEqual(book.decimal(teamSheet, "H\(r)"), dec(t["advances"]), label)
            XCTAssertEqual(book.decimal(teamSheet, "I\(r)"), dec(t["balance"]), label)
        }
        XCTAssertEqual(book.rows(teamSheet).filter { $0 > 1 && $0 <= team.count + 1 }.count, team.count, label)
    }

    static func round2(_ x: Decimal) -> Decimal { XLSXReader.round(x, 2, x < 0 ? .up : .down, halfAway: true) }
}

/// A small reader of what `Workbook` writes: the ZIP (local headers checked against the central
/// directory, every CRC computed here bit by bit), the sheets' cells, the number formats; and a
/// Decimal calculator of the formulas akkord writes (`ROUND`, `ROUNDDOWN`, `SUM`, `SUMPRODUCT`,
/// `SUMIF` with a comparison to a number, `COUNTA`, `+ - * /`, references, ranges, other sheets,
/// string literals).
struct XLSXReader {
    struct ReadError: Error, CustomStringConvertible { let description: String }

    struct Cell {
        var type: String?
        var style = 0
        var formula: String?
        var value: String?
        var inline: String?
    }

    let entries: [String: [UInt8]]
    let entryNames: [String]
    let sheetNames: [String]
    var sheets: [String: [String: Cell]] = [:]
    var formats: [Int: String] = [:]       // style index → format code
    var boldStyles: Set<Int> = []

    init(_ bytes: [UInt8]) throws {
        let zip = try Self.unzip(bytes)
        entries = zip.entries
        entryNames = zip.names
        // workbook.xml: sheet names and their relationship ids; the rels: id → part.
        let workbook = try Self.parse(entries["xl/workbook.xml"])
        let rels = try Self.parse(entries["xl/_rels/workbook.xml.rels"])
        var target: [String: String] = [:]
        for e in rels where e.name == "Relationship" && e.isStart { target[e.attributes["Id"] ?? ""] = e.attributes["Target"] }
        var names: [String] = []
        for e in workbook where e.name == "sheet" && e.isStart {
            let name = e.attributes["name"] ?? ""
            names.append(name)
            guard let part = target[e.attributes["r:id"] ?? ""], let xml = entries["xl/" + part] else { throw ReadError(description: "no part for sheet \(name)") }
            sheets[name] = try Self.cells(xml)
        }
        sheetNames = names
        // styles.xml: numFmt id → code; cellXfs in order.
        let styles = try Self.parse(entries["xl/styles.xml"])
        var codes: [Int: String] = [:]
        var inCellXfs = false, index = 0
        for e in styles {
            if e.name == "numFmt", e.isStart { codes[Int(e.attributes["numFmtId"] ?? "") ?? -1] = e.attributes["formatCode"] }
            if e.name == "cellXfs" { inCellXfs = e.isStart }
            if inCellXfs, e.name == "xf", e.isStart {
                formats[index] = codes[Int(e.attributes["numFmtId"] ?? "") ?? -1]
                if e.attributes["fontId"] == "1" { boldStyles.insert(index) }
                index += 1
            }
        }
    }

    // MARK: ZIP

    static func unzip(_ b: [UInt8]) throws -> (names: [String], entries: [String: [UInt8]]) {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard b.count >= 22, let end = stride(from: b.count - 22, through: 0, by: -1).first(where: { u32($0) == 0x0605_4B50 }) else {
            throw ReadError(description: "no end of central directory")
        }
        let count = u16(end + 10), size = u32(end + 12)
        var p = u32(end + 16)
        guard p + size == end else { throw ReadError(description: "central directory does not end where the end record starts") }
        var names: [String] = [], entries: [String: [UInt8]] = [:]
        for _ in 0..<count {
            guard u32(p) == 0x0201_4B50 else { throw ReadError(description: "bad central header at \(p)") }
            let method = u16(p + 10), crc = u32(p + 16), compressed = u32(p + 20), uncompressed = u32(p + 24)
            let nameLength = u16(p + 28), extra = u16(p + 30), comment = u16(p + 32), offset = u32(p + 42)
            let name = String(decoding: b[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            guard method == 0, compressed == uncompressed else { throw ReadError(description: "\(name) is not stored") }
            // The local header says the same; with bit 3, its CRC and sizes are 0 and a data descriptor after the data has them.
            let descriptor = u16(offset + 6) & 8 != 0
            let local = descriptor ? (0, 0, 0) : (crc, compressed, uncompressed)
            guard u32(offset) == 0x0403_4B50, u16(offset + 8) == 0, u32(offset + 14) == local.0, u32(offset + 18) == local.1,
                  u32(offset + 22) == local.2, u16(offset + 26) == nameLength, u16(p + 8) == u16(offset + 6),
                  String(decoding: b[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self) == name
            else { throw ReadError(description: "local header of \(name) differs from the central directory") }
            let start = offset + 30 + nameLength + u16(offset + 28)
            if descriptor {
                let after = start + compressed
                guard u32(after) == 0x0807_4B50, u32(after + 4) == crc, u32(after + 8) == compressed, u32(after + 12) == uncompressed
                else { throw ReadError(description: "data descriptor of \(name) differs from the central directory") }
            }
            let data = Array(b[start..<(start + compressed)])
            guard bitwiseCRC(data) == UInt32(crc) else { throw ReadError(description: "CRC of \(name) is wrong") }
            names.append(name)
            entries[name] = data
            p += 46 + nameLength + extra + comment
        }
        return (names, entries)
    }

    /// CRC-32 one bit at a time, as the ZIP format defines it.
    static func bitwiseCRC(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    // MARK: XML

    struct Element {
        let name: String
        let attributes: [String: String]
        let isStart: Bool
        var text = ""
    }

    /// Start and end events in order; an end event carries the element's text.
    final class Collector: NSObject, XMLParserDelegate {
        var events: [Element] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            events.append(Element(name: name, attributes: attributes, isStart: true))
            text = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            events.append(Element(name: name, attributes: [:], isStart: false, text: text))
            text = ""
        }
    }

    static func parse(_ bytes: [UInt8]?) throws -> [Element] {
        guard let bytes else { throw ReadError(description: "missing part") }
        let parser = XMLParser(data: Data(bytes))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw ReadError(description: "XML does not parse: \(String(describing: parser.parserError))") }
        return collector.events
    }

    static func cells(_ xml: [UInt8]) throws -> [String: Cell] {
        var cells: [String: Cell] = [:]
        var reference = "", cell = Cell()
        for e in try parse(xml) {
            switch (e.name, e.isStart) {
            case ("c", true):
                reference = e.attributes["r"] ?? ""
                cell = Cell(type: e.attributes["t"], style: Int(e.attributes["s"] ?? "0") ?? 0)
            case ("f", false): cell.formula = e.text
            case ("v", false): cell.value = e.text
            case ("t", false): cell.inline = unescapeOOXML(e.text)
            case ("c", false): cells[reference] = cell
            default: break
            }
        }
        return cells
    }

    /// `_xHHHH_` is the character U+HHHH (ST_Xstring).
    static func unescapeOOXML(_ s: String) -> String {
        var out = "", scalars = Array(s.unicodeScalars), i = 0
        while i < scalars.count {
            if i + 6 < scalars.count, scalars[i] == "_", scalars[i + 1] == "x", scalars[i + 6] == "_",
               let v = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)])), radix: 16), let u = Unicode.Scalar(v) {
                out.unicodeScalars.append(u)
                i += 7
            } else {
                out.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        return out
    }

    // MARK: cells

    func cell(_ sheet: String, _ ref: String) -> Cell? { sheets[sheet]?[ref] }
    func text(_ sheet: String, _ ref: String) -> String? {
        guard let c = cell(sheet, ref) else { return nil }
        return c.type == "inlineStr" ? c.inline : c.value
    }
    func decimal(_ sheet: String, _ ref: String) -> Decimal? {
        guard let c = cell(sheet, ref), c.type == nil, let v = c.value else { return nil }
        return Decimal(string: v)
    }
    func bool(_ sheet: String, _ ref: String) -> Bool? {
        guard let c = cell(sheet, ref), c.type == "b" else { return nil }
        return c.value == "1"
    }
    func formula(_ sheet: String, _ ref: String) -> String? { cell(sheet, ref)?.formula }
    func format(_ sheet: String, _ ref: String) -> String? { cell(sheet, ref).flatMap { formats[$0.style] } }
    func isBold(_ sheet: String, _ ref: String) -> Bool { cell(sheet, ref).map { boldStyles.contains($0.style) } ?? false }
    /// The numbers of the rows that have cells, in order.
    func rows(_ sheet: String) -> [Int] {
        Set((sheets[sheet] ?? [:]).keys.compactMap { Int($0.drop { $0.isLetter }) }).sorted()
    }

    // MARK: calculation

    /// Recalculates every formula from the constant cells (never from a cached value) and checks
    /// each against its cached value; returns how many there are.
    func recalculateAll(label: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var n = 0
        for (sheet, cells) in sheets {
            for (ref, c) in cells where c.formula != nil {
                let value = try evaluate(sheet, ref)
                XCTAssertEqual(value.single, c.value.flatMap { Decimal(string: $0) }.map { Self.tolerant($0) },
                               "\(label) \(sheet)!\(ref) = \(c.formula!)", file: file, line: line)
                n += 1
            }
        }
        return n
    }

    /// Cached values of non-decimal hours are written to 12 decimals: compare to those.
    static func tolerant(_ x: Decimal) -> Decimal { round(x, 12, .plain, halfAway: false) }

    enum Value {
        case number(Decimal)
        /// A range's values (an empty cell or text counts 0) and how many of its cells hold something.
        case list([Decimal], filled: Int)
        /// A string literal (a criterion of SUMIF).
        case text(String)
        var single: Decimal? { if case .number(let d) = self { return XLSXReader.tolerant(d) }; return nil }
        var all: [Decimal] {
            switch self {
            case .number(let d): return [d]
            case .list(let l, _): return l
            case .text: return []
            }
        }
    }

    func evaluate(_ sheet: String, _ ref: String) throws -> Value {
        guard let c = cell(sheet, ref) else { return .number(0) }   // an empty cell counts 0
        if let f = c.formula {
            var parser = FormulaParser(tokens: Array(f), sheet: sheet, reader: self)
            let v = try parser.expression()
            guard parser.position == parser.tokens.count else { throw ReadError(description: "formula \(f) not read to its end") }
            return v
        }
        if c.type == "b" { return .number(c.value == "1" ? 1 : 0) }
        if c.type == nil, let v = c.value, let d = Decimal(string: v) { return .number(d) }
        return .number(0)
    }

    static func round(_ x: Decimal, _ scale: Int, _ mode: NSDecimalNumber.RoundingMode, halfAway: Bool) -> Decimal {
        var x = x, r = Decimal()
        NSDecimalRound(&r, &x, scale, halfAway ? .plain : mode)
        return r
    }

    /// Recursive descent over the formulas' characters.
    struct FormulaParser {
        let tokens: [Character]
        let sheet: String
        let reader: XLSXReader
        var position = 0

        init(tokens: [Character], sheet: String, reader: XLSXReader) { self.tokens = tokens; self.sheet = sheet; self.reader = reader }

        var peek: Character? { position < tokens.count ? tokens[position] : nil }
        mutating func take(_ c: Character) -> Bool { if peek == c { position += 1; return true }; return false }

        mutating func expression() throws -> Value {
            var v = try term()
            while let c = peek, c == "+" || c == "-" {
                position += 1
                let r = try number(term())
                v = .number(c == "+" ? try number(v) + r : try number(v) - r)
            }
            return v
        }

        mutating func term() throws -> Value {
            var v = try factor()
            while let c = peek, c == "*" || c == "/" {
                position += 1
                let r = try number(factor())
                v = .number(c == "*" ? try number(v) * r : try number(v) / r)
            }
            return v
        }

        func number(_ v: Value) throws -> Decimal {
            guard case .number(let d) = v else { throw ReadError(description: "a range where a number belongs") }
            return d
        }

        mutating func factor() throws -> Value {
            if take("-") { return .number(-(try number(factor()))) }
            if take("(") {
                let v = try expression()
                guard take(")") else { throw ReadError(description: "missing )") }
                return v
            }
            if take("\"") {
                var s = ""
                while let c = peek { position += 1; if c == "\"" { if take("\"") { s.append("\""); continue }; break }; s.append(c) }
                return .text(s)
            }
            if let c = peek, c.isNumber {
                var s = ""
                while let c = peek, c.isNumber || c == "." { s.append(c); position += 1 }
                return .number(Decimal(string: s)!)
            }
            // A function, or a reference with an optional sheet.
            var word = ""
            if take("'") {
                while let c = peek { position += 1; if c == "'" { if take("'") { word.append("'"); continue }; break }; word.append(c) }
            } else {
                while let c = peek, c.isLetter || c.isNumber || c == "$" || c == "_" { word.append(c); position += 1 }
            }
            if take("(") {
                var args: [Value] = []
                if !take(")") {
                    repeat { args.append(try expression()) } while take(",")
                    guard take(")") else { throw ReadError(description: "missing ) after \(word)") }
                }
                return try call(word, args)
            }
            var target = sheet
            if take("!") {
                target = word
                word = ""
                while let c = peek, c.isLetter || c.isNumber || c == "$" { word.append(c); position += 1 }
            }
            let from = word.filter { $0 != "$" }
            if take(":") {
                var to = ""
                while let c = peek, c.isLetter || c.isNumber || c == "$" { to.append(c); position += 1 }
                let refs = try cells(target, from, to.filter { $0 != "$" })
                let filled = refs.filter { reader.cell(target, $0).map { $0.value != nil || $0.inline != nil || $0.formula != nil } ?? false }
                return .list(try refs.map { try number(reader.evaluate(target, $0)) }, filled: filled.count)
            }
            return try reader.evaluate(target, from)
        }

        func cells(_ sheet: String, _ from: String, _ to: String) throws -> [String] {
            func split(_ r: String) -> (String, Int) { (String(r.prefix { $0.isLetter }), Int(r.drop { $0.isLetter }) ?? 0) }
            let (c1, r1) = split(from), (c2, r2) = split(to)
            guard c1 == c2 else { throw ReadError(description: "only one-column ranges are written") }
            return (r1...r2).map { "\(c1)\($0)" }
        }

        func call(_ name: String, _ args: [Value]) throws -> Value {
            switch name {
            case "SUM": return .number(args.flatMap(\.all).reduce(0, +))
            case "SUMPRODUCT":
                guard args.count == 2, args[0].all.count == args[1].all.count else { throw ReadError(description: "SUMPRODUCT of unequal ranges") }
                return .number(zip(args[0].all, args[1].all).map { $0 * $1 }.reduce(0, +))
            case "SUMIF":   // SUMIF(range, "<op>number", sum range)
                guard args.count == 3, case .text(let criterion) = args[1], args[0].all.count == args[2].all.count else {
                    throw ReadError(description: "SUMIF wants a range, a criterion and a range of the same size")
                }
                let op = String(criterion.prefix { "<>=".contains($0) })
                guard let limit = Decimal(string: String(criterion.dropFirst(op.count))) else { throw ReadError(description: "criterion \(criterion)") }
                let test: (Decimal) -> Bool
                switch op {
                case ">": test = { $0 > limit }
                case ">=": test = { $0 >= limit }
                case "<": test = { $0 < limit }
                case "<=": test = { $0 <= limit }
                case "<>": test = { $0 != limit }
                case "=", "": test = { $0 == limit }
                default: throw ReadError(description: "criterion \(criterion)")
                }
                return .number(zip(args[0].all, args[2].all).filter { test($0.0) }.map(\.1).reduce(0, +))
            case "COUNTA":
                guard args.count == 1, case .list(_, let filled) = args[0] else { throw ReadError(description: "COUNTA of a range") }
                return .number(Decimal(filled))
            case "ROUND":
                // Like a spreadsheet, read the value to 20 decimals first: 22/3 × 3 is 22 here too.
                let x = XLSXReader.round(try number(args[0]), 20, .plain, halfAway: true)
                return .number(XLSXReader.round(x, NSDecimalNumber(decimal: try number(args[1])).intValue, .plain, halfAway: true))
            case "ROUNDDOWN":   // toward zero
                let x = XLSXReader.round(try number(args[0]), 20, .plain, halfAway: true)
                return .number(XLSXReader.round(x, NSDecimalNumber(decimal: try number(args[1])).intValue, x < 0 ? .up : .down, halfAway: false))
            default: throw ReadError(description: "unknown function \(name)")
            }
        }
    }
}
