import Foundation
import XCTest
@testable import AkkordKit

final class PDFTests: XCTestCase {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testWriterOffsetsAndEscaping() {
        var w = PDFWriter()
        let catalog = w.reserve(), pages = w.reserve()
        let content = w.addStream("", Array("BT /F1 12 Tf 72 720 Td ".utf8) + PDFWriter.literal(WinAnsi.encode("a (b) \\ c æøå").bytes) + Array(" Tj ET".utf8))
        let page = w.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 595 842] /Contents \(content) 0 R >>")
        w.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        w.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        let pdf = w.finish(root: catalog)
        assertXrefMatches(pdf)
        XCTAssertEqual(PDFWriter.literal(Array("a(b)\\".utf8)), Array("(a\\(b\\)\\\\)".utf8))
        XCTAssertEqual(WinAnsi.encode("æøåÆØÅ²€").bytes, [0xE6, 0xF8, 0xE5, 0xC6, 0xD8, 0xC5, 0xB2, 0x80])
        let replaced = WinAnsi.encode("m² → ✓")
        XCTAssertEqual(replaced.bytes, Array("m".utf8) + [0xB2] + Array(" ? ?".utf8))
        XCTAssertEqual(replaced.replaced, ["→", "✓"])
        XCTAssertTrue(text(pdf).hasSuffix("%%EOF\n"))
    }

    func testReportPagesAndRepeatedHeader() throws {
        var p = Project(id: "t", name: "Tårnvej (æøå) \\ test")
        let a = Activity(pos: "1.01", name: "Under felt, nailed", unit: "m2", price: try UnitPrice(parsing: "38.50"))
        for _ in 0..<300 { _ = p.addLine(a, quantity: try Quantity(parsing: "1"), date: nil) }
        let out = ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: .en, photos: [], compressing: false)
        assertXrefMatches(out.bytes)
        let s = String(decoding: out.bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        XCTAssertEqual(s.components(separatedBy: "/Type /Page ").count - 1, out.pageCount)
        XCTAssertTrue(s.contains("/Count \(out.pageCount)"))
        XCTAssertGreaterThan(out.pageCount, 3)
        // The table header is drawn once per page that holds lines, and every page has its footer.
        XCTAssertGreaterThanOrEqual(s.components(separatedBy: "(Quantity) Tj").count - 1, out.pageCount - 1)
        for n in 1...out.pageCount { XCTAssertTrue(s.contains("(page \(n) of \(out.pageCount)) Tj"), "footer \(n)") }
        XCTAssertTrue(s.contains("(Final accounting \u{96}".replacingOccurrences(of: "\u{96}", with: "?")))
        XCTAssertTrue(s.contains("T?rnvej \\(???\\) \\\\ test"), "parentheses and backslash escaped in the title")
        XCTAssertEqual(out.warnings, [])
        XCTAssertEqual(out.embeddedImages, 0)
    }

    func testSHA256KnownDigests() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testImageInspection() throws {
        let dir = Fixtures.url("photos")
        let jpeg = PhotoImage(Array(try Data(contentsOf: dir.appendingPathComponent("roof.jpg"))))
        XCTAssertEqual(jpeg?.kind, .jpeg)
        XCTAssertEqual(jpeg?.components, 3)
        XCTAssertNil(jpeg?.notEmbeddable)
        let rgb = PhotoImage(Array(try Data(contentsOf: dir.appendingPathComponent("tiles-rgb.png"))))
        XCTAssertEqual([rgb?.width, rgb?.height, rgb?.components], [64, 40, 3])
        XCTAssertNil(rgb?.notEmbeddable)
        XCTAssertEqual(PhotoImage(Array(try Data(contentsOf: dir.appendingPathComponent("transparent-rgba.png"))))?.notEmbeddable, "PNG with transparency (alpha)")
        XCTAssertNil(PhotoImage(Array("not an image".utf8)))
    }
}

/// The PDF keeps its blocks whole (SPEC §17): the summation on one page; the team table, its
/// notes and the signatures on one page; a team table longer than a page starts one and its
/// last row goes with the signatures. Read from the content streams left uncompressed, page by
/// page (a content stream is a page's, in page order).
final class PDFLayoutTests: XCTestCase {
    /// `lines` lines, 1–4 workers (or many), supplements, extra work and advances, chosen from
    /// the line count so each count gives another mix.
    static func project(lines: Int, workers: Int? = nil) throws -> Project {
        var p = Project(id: "p\(lines)", name: "Blokke \(lines)")
        for i in 0..<lines {
            let name = i % 7 == 3 ? "Undertag af diffusionsåben dug, oplagt på spær med klemliste og klæbede samlinger ved alle gennemføringer" : "Tagpap \(i + 1), sømmet"
            _ = p.addLine(Activity(pos: "\(i % 9 + 1).\(10 + i % 80)", name: name, unit: i % 2 == 0 ? "m2" : "lbm",
                                   price: try UnitPrice(parsing: "\(20 + i % 30).50")),
                          quantity: try Quantity(parsing: "\(1 + i % 12).5"), date: nil, measurement: i % 6 == 0 ? "\(1 + i % 12)+0,5" : nil)
        }
        for k in 0..<(workers ?? (1 + lines % 4)) {
            let (w, _) = p.addWorker(name: "Tømrer Nummer \(k + 1)", apprentice: k % 5 == 4, rate: k % 5 == 4 ? try UnitPrice(parsing: "128.40") : nil)
            _ = try p.addHours(worker: w.id, hours: try Hours(parsing: "\(7 + k % 30):30"), date: nil, note: "")
            if (lines + k) % 3 == 0 { _ = try p.addAdvance(worker: w.id, amount: try Money(parsing: "\(100 + k)"), date: nil, note: "") }
        }
        for s in 0..<(lines % 3) { _ = try p.addSupplement(name: "Tillæg \(s + 1)", percent: try Percent(parsing: "\(s + 2),5")) }
        for e in 0..<(lines % 4) { _ = p.addExtraWork(text: "Ekstra \(e + 1)", pricing: .amount(try Money(parsing: "\(150 * (e + 1))"))) }
        return p
    }

    /// Each page's shown strings, one per run, from the uncompressed PDF.
    static func pages(_ pdf: [UInt8]) -> [[String]] {
        PDFStreamTests.streams(pdf).filter { !$0.dictionary.contains("/Image") }.map {
            ReportSheetTests.pdfText($0.data).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// The pages that show each of `texts` (a run equal to it).
    static func pagesShowing(_ texts: [String], in pages: [[String]]) -> Set<Int> {
        Set(texts.flatMap { text in pages.indices.filter { pages[$0].contains(text) } })
    }

    /// The pages where a run starts with each of `prefixes`.
    static func pagesStarting(_ prefixes: [String], in pages: [[String]]) -> Set<Int> {
        Set(prefixes.flatMap { prefix in pages.indices.filter { pages[$0].contains { $0.hasPrefix(prefix) } } })
    }

    func testATeamLongerThanAPageStartsOneAndKeepsTheSignaturesWithItsLastRow() throws {
        let p = try Self.project(lines: 30, workers: 90)
        let sheet = ReportSheet(ProjectHead(p), try FinalAccounting(p), language: .da)
        let pages = Self.pages(ReportPDF.render(sheet, photos: [], compressing: false).bytes)
        let title = try XCTUnwrap(pages.firstIndex { $0.contains(sheet.team.title) })
        XCTAssertEqual(pages[title].first, sheet.team.title, "the team table starts its page")
        let last = Self.pagesShowing([try XCTUnwrap(sheet.team.rows.last).worker], in: pages).union(Self.pagesStarting(sheet.signatures, in: pages))
        XCTAssertEqual(last.count, 1)
        XCTAssertGreaterThan(try XCTUnwrap(last.first), title, "the table runs over a page")
        XCTAssertTrue(pages[try XCTUnwrap(last.first)].contains(sheet.team.columns[0].title), "its column headings repeated")
    }

    func testHeadingsAndReadingOrder() throws {
        let p = try Self.project(lines: 7)
        for l in Language.allCases {
            let sheet = ReportSheet(ProjectHead(p), try FinalAccounting(p), language: l)
            let text = Self.pages(ReportPDF.render(sheet, photos: [], compressing: false).bytes).flatMap { $0 }
            XCTAssertTrue(text.contains(l == .da ? "Sammentælling" : "Summation"), "\(l): the summation's heading")
            let measurements = try XCTUnwrap(text.firstIndex(of: sheet.measurementsTitle))
            XCTAssertEqual(Array(text[(measurements + 1)...].prefix(4)), sheet.measurementColumns.map(\.title), "\(l): the appendix's column headings")
            // Line 1: pos 1.10, 1.5 m² at 20.50 = 30.75 (by hand).
            let quantity = try Quantity(parsing: "1.5").formatted(l), unit = UnitName.display("m2", language: l)
            let figures = [quantity, unit, try UnitPrice(parsing: "20.50").formatted(l), try Money(parsing: "30.75").formatted(l)]
            let row = try XCTUnwrap(text.firstIndex(of: "1.10"))
            XCTAssertEqual(Array(text[row...].prefix(6)), ["1.10", "Tagpap 1, sømmet"] + figures, "\(l): a row reads pos, activity, figures")
            // Line 4 wraps: its activity's lines before its figures.
            let long = try XCTUnwrap(ReportPDF.Layout.wrapPlain(p.lines[3].name, width: ReportPDF.lineWrapWidth, font: .regular, size: 8.5))
            XCTAssertGreaterThan(long.count, 1)
            let wrapped = try XCTUnwrap(text.firstIndex(of: "4.13"))
            XCTAssertEqual(Array(text[(wrapped + 1)...].prefix(long.count + 1)), long + [try Quantity(parsing: "4.5").formatted(l)])
            // The summation: each label, what it is, then the amount.
            let subtotal = try XCTUnwrap(text.firstIndex(of: sheet.totals.rows[0].label))
            XCTAssertEqual(Array(text[subtotal...].prefix(3)), [sheet.totals.rows[0].label, sheet.totals.rows[0].description, sheet.totals.rows[0].amount])
            // The appendix: line, pos, measurement, result.
            let measured = try XCTUnwrap(text.lastIndex(of: "1.10"))
            XCTAssertEqual(Array(text[(measured - 1)...].prefix(4)), ["1", "1.10", "1+0,5", "\(quantity) \(unit)"])
        }
    }
}

final class PDFTextStringTests: XCTestCase {
    /// "Å–ø": U+00C5, U+2013, U+00F8 as UTF-16BE after the byte order mark FE FF (worked by hand).
    func testDocumentTitleIsUTF16WithAByteOrderMark() {
        XCTAssertEqual(PDFWriter.textString("Å–ø"), "<FEFF00C5201300F8>")
        XCTAssertEqual(PDFWriter.textString(""), "<FEFF>")
    }
}

extension XCTestCase {
    /// Each xref entry must point at the byte where "N 0 obj" starts.
    func assertXrefMatches(_ pdf: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let s = String(decoding: pdf.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        guard let startxref = s.range(of: "startxref\n", options: .backwards) else { return XCTFail("no startxref", file: file, line: line) }
        let xrefOffset = Int(s[startxref.upperBound...].prefix { $0.isNumber })!
        let tableText = String(decoding: pdf[xrefOffset...], as: UTF8.self)
        XCTAssertTrue(tableText.hasPrefix("xref\n0 "), file: file, line: line)
        let rows = tableText.split(separator: "\n")
        let count = Int(rows[1].split(separator: " ")[1])!
        XCTAssertEqual(rows[2], "0000000000 65535 f ", file: file, line: line)
        for n in 1..<count {
            let row = rows[2 + n]
            XCTAssertEqual(row.count, 19, "xref rows are 20 bytes with the newline", file: file, line: line)
            let offset = Int(row.prefix(10))!
            let expected = Array("\(n) 0 obj".utf8)
            XCTAssertEqual(Array(pdf[offset..<(offset + expected.count)]), expected, "object \(n) at \(offset)", file: file, line: line)
        }
    }
}
