import Foundation
import XCTest
@testable import AkkordKit

// The long part of PDFStreamTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension PDFStreamTests {
    func testWriteGivesTheBytesOfRender() throws {
        var pages = 0, checked = 0, deflated = 0
        for (name, p, photos) in try Self.projects() {
            let a = try FinalAccounting(p)
            for l in Language.allCases {
                for holidayPay in [false, true] {
                    let what = "\(name), \(l), holiday pay \(holidayPay)"
                    let rendered = ReportPDF.render(ProjectHead(p), a, language: l, photos: photos, holidayPay: holidayPay)
                    let out = ByteOutput()
                    let written = ReportPDF.write(ProjectHead(p), a, language: l, photos: photos, holidayPay: holidayPay, to: out)
                    XCTAssertEqual(out.bytes, rendered.bytes, what)
                    XCTAssertEqual(written.pageCount, rendered.pageCount, what)
                    XCTAssertEqual(written.embeddedImages, rendered.embeddedImages, what)
                    XCTAssertEqual(written.warnings, rendered.warnings, what)
                    assertXrefMatches(out.bytes)
                    // The pages read from their content left plain (the holiday pay changes no page's frame).
                    if !holidayPay {
                        let plain = ReportPDF.render(ProjectHead(p), a, language: l, photos: photos, compressing: false)
                        assertWellFormed(plain.bytes, pages: written.pageCount, images: written.embeddedImages, language: l, what)
                        assertDeflated(out.bytes, plain.bytes, pages: written.pageCount, what)
                        deflated += 1
                    }
                    if Self.qpdfCheck(out.bytes, what) { checked += 1 }
                    pages = max(pages, written.pageCount)
                }
            }
        }
        XCTAssertGreaterThan(pages, 15, "some project runs over many pages")
        XCTAssertEqual(deflated, 10)
        if Self.qpdf == nil { print("qpdf is not installed: the PDFs were not checked with qpdf --check") } else { XCTAssertEqual(checked, 20) }
    }

    /// The quick ways for plain text (every character one scalar of U+0020–U+007E, U+00A0–U+00FF)
    /// give what going character by character gives: codes, widths and wrapped lines, for text
    /// of every kind.
    func testPlainTextShortcutsMatchCharacterByCharacter() {
        var random = WorkspacePropertyTests.SplitMix64(state: 2026)
        let plain: [String] = ["a", "b", "Z", "0", "9", ".", ",", "(", ")", "\\", "æ", "ø", "Å", "é", "\u{A0}", "\u{AD}", "ÿ", "W", "i", "-", "/"]
        let other: [String] = ["\t", "\n", "\r", "\r\n", "\u{301}", "→", "✓", "€", "−", "–", "\u{1}", "\u{7F}", "\u{85}", "\u{200D}", "👍🏽", "\u{2028}", "e\u{301}", "ﬁ"]
        for round in 0..<3000 {
            let length = Int(random.next() % 60)
            var text = ""
            for _ in 0..<length {
                let r = random.next() % 100
                if r < 18 { text += " " } else if r < 20 { text += String(repeating: " ", count: 2) } else if round % 3 == 0, r < 25 {
                    text += other[Int(random.next() % UInt64(other.count))]
                } else {
                    text += plain[Int(random.next() % UInt64(plain.count))]
                }
            }
            XCTAssertEqual(WinAnsi.encode(text).bytes, WinAnsi.encodeCharacters(text).bytes, text.debugDescription)
            XCTAssertEqual(WinAnsi.encode(text).replaced, WinAnsi.encodeCharacters(text).replaced, text.debugDescription)
            for font in [PDFFont.regular, .bold] {
                let size = [7.5, 8.5, 9, 16][Int(random.next() % 4)]
                XCTAssertEqual(font.width(text, size: size), font.widthByCharacter(text, size: size), text.debugDescription)
                let width = [1, 4, 12, 30, 80, 222, 300][Int(random.next() % 7)] as Double
                let expected = ReportPDF.Layout.wrapCharacters(text, width: width, font: font, size: size)
                if let quick = ReportPDF.Layout.wrapPlain(text, width: width, font: font, size: size) {
                    XCTAssertEqual(quick, expected, "\(text.debugDescription) in \(width)")
                } else {
                    XCTAssertFalse(WinAnsi.plainCodes(text, { _ in }), "only other text is left to the characters")
                }
            }
        }
        XCTAssertNotNil(ReportPDF.Layout.wrapPlain("Tårn på ø", width: 100, font: .regular, size: 9))
        XCTAssertNil(ReportPDF.Layout.wrapPlain("Tårn\tpå ø", width: 100, font: .regular, size: 9))
    }

    /// Through a descriptor's buffer (flushed as it fills) the file is the same.
    func testWriteThroughADescriptorGivesTheSameFile() throws {
        let (p, photos) = (try Self.manyLines(1500), try Self.photos())
        let expected = ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: .da, photos: photos, holidayPay: true)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-pdfstream-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let out = ByteOutput(fd: fd, path: url.path)
        let written = ReportPDF.write(ProjectHead(p), try FinalAccounting(p), language: .da, photos: photos, holidayPay: true, to: out)
        try out.flush()
        close(fd)
        let file = Array(try Data(contentsOf: url))
        XCTAssertGreaterThan(file.count, 2 * ByteOutput.bufferSize, "more than the buffer holds")
        XCTAssertEqual(file, expected.bytes)
        XCTAssertEqual(written.pageCount, expected.pageCount)
    }
}
