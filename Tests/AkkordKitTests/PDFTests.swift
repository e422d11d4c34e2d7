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
        let out = ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: .en, photos: [])
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
