import Foundation
import XCTest
@testable import AkkordKit

/// The PDF report written as it is laid out (`ReportPDF.write`, one page at a time) gives the
/// bytes of the whole document made in memory (`ReportPDF.render`), for every kind of project.
final class PDFStreamTests: XCTestCase {
    static func photoBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.url("photos").appendingPathComponent(name)))
    }

    /// Photos of every kind: JPEG, RGB and gray PNG (embedded), an RGBA PNG (named, not shown),
    /// a missing file, a file that is no image; more JPEGs, so the appendix runs over pages.
    static func photos() throws -> [ReportPhoto] {
        let files: [(String, String, [UInt8]?)] = [
            ("Tagfod, nordside", "roof.jpg", try photoBytes("roof.jpg")),
            ("", "tiles-rgb.png", try photoBytes("tiles-rgb.png")),
            ("Rende ✓ (grå)", "gutter-gray.png", try photoBytes("gutter-gray.png")),
            ("", "transparent-rgba.png", try photoBytes("transparent-rgba.png")),
            ("Mangler", "borte.jpg", nil),
            ("", "not-a-photo.txt", try photoBytes("not-a-photo.txt")),
        ] + (1...4).map { ("Skorsten \($0), set fra stigen", "roof-\($0).jpg", try? photoBytes("roof.jpg")) }
        return files.enumerated().map { i, f in
            ReportPhoto(photo: Photo(id: i + 1, caption: f.0, originalName: f.1, file: "\(i).bin", added: i % 2 == 0 ? "2026-05-28" : ""), bytes: f.2)
        }
    }

    /// Many lines (pages of them), long names that wrap, words wider than the column, notes,
    /// measurements (an appendix over pages), custom lines, characters the fonts cannot print,
    /// tabs and line breaks, a combining accent; workers, supplements, extra work and a deduction.
    static func manyLines(_ count: Int) throws -> Project {
        var p = try ReportSheetTests.fullProject()
        p.name = "Mange linjer – Ærøvej ✓"
        let names = [
            "Underpap, sømmet", "Sternkant",
            "Undertag af diffusionsåben dug, oplagt på spær med klemliste og klæbede samlinger ved alle gennemføringer",
            "Tagrendeudskiftningsforberedelsesarbejdeerafsluttetogkontrolleret ved gavlen",
            "Inddækning\tved skorsten\nog kvist", "Café-tag (e\u{301}) → kvist", "Skotrende, zink",
        ]
        for i in 0..<count {
            let name = names[i % names.count]
            let activity = Activity(pos: "\(i % 9 + 1).\(String(format: "%02d", i % 17))", name: name, unit: i % 4 == 0 ? "m2" : "lbm",
                                    price: try UnitPrice(parsing: "\(20 + i % 30).\(i % 100 < 10 ? "0" : "")\(i % 100)"))
            _ = p.addLine(activity, quantity: try Quantity(parsing: "\(1 + i % 12)"), note: i % 3 == 0 ? "nord \(i)" : "", date: nil,
                          custom: i % 11 == 0, measurement: i % 5 == 0 ? "2*3,5+1 (gavl \(i % 7)) + 4,25*1,5*2 - 0,5 + \(String(repeating: "1+", count: i % 40))1" : nil)
        }
        _ = p.addExtraWork(text: "Fradrag for lånt lift", pricing: .amount(try Money(parsing: "-1250")))
        return p
    }

    /// The projects the tests write, with their photos.
    static func projects() throws -> [(name: String, project: Project, photos: [ReportPhoto])] {
        [
            ("photos", try ReportSheetTests.fullProject(), try photos()),
            ("many lines", try manyLines(700), []),
            ("many lines and photos", try manyLines(150), try photos()),
            ("no workers", try ReportSheetTests.noWorkersProject(), []),
            ("empty", Project(id: "tom", name: "Tom"), []),
        ]
    }

    /// What each project's PDF must show: the photos embedded and the characters replaced.
    func testPhotosAndReplacedCharacters() throws {
        let projects = try Self.projects()
        let photos = ReportPDF.render(ProjectHead(projects[0].project), try FinalAccounting(projects[0].project), language: .en, photos: projects[0].photos)
        XCTAssertEqual(photos.embeddedImages, 7, "the JPEGs and the RGB and gray PNGs")
        XCTAssertEqual(photos.warnings, [Words(.en)(.unprintableCharacters, "\"✓\" (U+2713)")])
        let many = ReportPDF.render(ProjectHead(projects[1].project), try FinalAccounting(projects[1].project), language: .da, photos: [], compressing: false)
        XCTAssertEqual(many.warnings, [Words(.da)(.unprintableCharacters, "\"✓\" (U+2713), \"e\u{301}\" (U+65), \"→\" (U+2192)")])
        XCTAssertGreaterThan(many.pageCount, 15)
        let text = ReportSheetTests.pdfText(many.bytes)
        XCTAssertTrue(text.contains("Tagrendeudskiftningsforberedelsesarbejdeerafsluttetogkon"), "a word wider than the column is cut")
        XCTAssertTrue(text.contains("Inddækning ved skorsten og kvist"), "tab and line break are spaces")
    }

    /// Lines read again from their source on every pass, as the store gives them, give the PDF
    /// the model's array gives; the lines are walked a few times, never kept.
    func testLinesReadAgainForEachPassGiveTheSamePDF() throws {
        let p = try Self.manyLines(400)
        let walks = Counter()
        let source = p.lines
        let streamed = CountedWalks(lines: try LinesInMemory(source), walks: walks)
        for l in Language.allCases {
            let expected = ReportPDF.render(ProjectHead(p), try FinalAccounting(p), language: l, photos: [])
            let accounting = try FinalAccounting(ProjectHead(p), lines: streamed)
            let before = walks.value
            let out = ByteOutput()
            let written = ReportPDF.write(ProjectHead(p), accounting, language: l, photos: [], to: out)
            XCTAssertEqual(out.bytes, expected.bytes, "\(l)")
            XCTAssertEqual(written.pageCount, expected.pageCount)
            XCTAssertEqual(walks.value - before, 2, "lines and measurements once: a report this size is laid out once (its pages kept)")
        }
    }

    /// `RenderedReport` writes the PDF straight into its output, with the accounting's warnings
    /// and the PDF's own.
    func testRenderedReportWritesThePDF() throws {
        var p = try Self.manyLines(120)
        let photos = try Self.photos()
        p.photos = photos.map(\.photo)
        let bytes = Dictionary(uniqueKeysWithValues: photos.map { ($0.photo.file, $0.bytes) })
        let a = try FinalAccounting(p)
        for l in Language.allCases {
            let report = try RenderedReport(p, format: .pdf, language: l, holidayPay: true, photo: { bytes[$0] ?? nil }).render()
            let expected = ReportPDF.render(ProjectHead(p), a, language: l, photos: photos, holidayPay: true)
            XCTAssertEqual(report.bytes, expected.bytes)
            XCTAssertEqual(report.warnings, a.warnings.map { $0.text(l) } + expected.warnings)
            XCTAssertFalse(expected.warnings.isEmpty)
        }
    }

    /// The streaming writer's objects: numbers reserved ahead and written in order, offsets in
    /// the cross-reference table; the same file as the in-memory writer's.
    func testPDFStreamWritesObjectsInOrder() {
        let out = ByteOutput()
        let s = PDFStream(to: out)
        let catalog = s.reserve(), pages = s.reserve()
        XCTAssertEqual(s.nextNumber, 3)
        s.write(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        s.write(pages, "<< /Type /Pages /Kids [4 0 R] /Count 1 >>")
        let content = s.reserve()
        let data = Array("BT /F1 12 Tf 72 720 Td ".utf8) + PDFWriter.literal(WinAnsi.encode("a (b) \\ c æøå").bytes) + Array(" Tj ET".utf8)
        s.writeStream(content, "", data)
        let page = s.reserve()
        s.write(page, bytes: Array("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 595 842] /Contents \(content) 0 R >>".utf8))
        s.finish(root: catalog)
        assertXrefMatches(out.bytes)

        var w = PDFWriter()
        _ = w.reserve()
        _ = w.reserve()
        w.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        w.set(pages, "<< /Type /Pages /Kids [4 0 R] /Count 1 >>")
        w.addStream("", data)
        w.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 595 842] /Contents \(content) 0 R >>")
        XCTAssertEqual(w.finish(root: catalog), out.bytes)
        XCTAssertTrue(String(decoding: out.bytes, as: UTF8.self).hasSuffix("%%EOF\n"))
    }

    // MARK: - Checks

    /// The cross-reference table, the pages tree (its kids are the page objects, as many as
    /// pages), the images and each page's footer.
    func assertWellFormed(_ pdf: [UInt8], pages: Int, images: Int, language: Language, _ what: String,
                          file: StaticString = #filePath, line: UInt = #line) {
        assertXrefMatches(pdf, file: file, line: line)
        let s = String(decoding: pdf.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        XCTAssertEqual(s.components(separatedBy: "/Type /Page ").count - 1, pages, what, file: file, line: line)
        XCTAssertEqual(s.components(separatedBy: "/Subtype /Image ").count - 1, images, what, file: file, line: line)
        guard let kidsStart = s.range(of: "2 0 obj\n<< /Type /Pages /Kids ["), let kidsEnd = s[kidsStart.upperBound...].range(of: "]") else {
            return XCTFail("no pages tree in object 2: \(what)", file: file, line: line)
        }
        XCTAssertTrue(s[kidsEnd.upperBound...].hasPrefix(" /Count \(pages) >>"), what, file: file, line: line)
        let kids = s[kidsStart.upperBound..<kidsEnd.lowerBound].split(separator: " ").enumerated().filter { $0.offset % 3 == 0 }.map { Int($0.element)! }
        XCTAssertEqual(kids.count, pages, what, file: file, line: line)
        for k in kids {
            XCTAssertTrue(s.contains("\n\(k) 0 obj\n<< /Type /Page /Parent 2 0 R "), "kid \(k) is a page: \(what)", file: file, line: line)
        }
        let words = Words(language)
        for n in 1...max(pages, 1) {
            XCTAssertTrue(s.contains("(\(words(.pageOf, String(n), String(pages)))) Tj"), "footer of page \(n): \(what)", file: file, line: line)
        }
    }

    /// The streams of a PDF written by akkord, in order: each one's dictionary and data (as
    /// many bytes as its `/Length` says, which must be followed by `endstream`).
    static func streams(_ pdf: [UInt8]) -> [(dictionary: String, data: [UInt8])] {
        var found: [(String, [UInt8])] = []
        let head = Array(" >>\nstream\n".utf8), length = Array("/Length ".utf8), tail = Array("\nendstream".utf8)
        var i = 0
        while i + head.count <= pdf.count {
            guard pdf[i..<(i + head.count)].elementsEqual(head) else { i += 1; continue }
            // The dictionary starts after its object's `N 0 obj` line.
            var start = i
            while start > 4, !pdf[(start - 4)..<start].elementsEqual("obj\n".utf8) { start -= 1 }
            let dictionary = String(decoding: pdf[start..<(i + 3)], as: UTF8.self)
            var l = i
            while l > start, !pdf[l..<min(l + length.count, i)].elementsEqual(length) { l -= 1 }
            let count = Int(String(decoding: pdf[(l + length.count)..<i], as: UTF8.self)) ?? -1
            let from = i + head.count
            guard count >= 0, from + count + tail.count <= pdf.count, pdf[(from + count)..<(from + count + tail.count)].elementsEqual(tail) else {
                XCTFail("a stream whose /Length is not followed by endstream: \(dictionary)")
                return found
            }
            found.append((dictionary, Array(pdf[from..<(from + count)])))
            i = from + count
        }
        return found
    }

    /// `pdf` is `plain` with every content stream deflated: `/Filter /FlateDecode`, the data
    /// akkord's zlib stream of the plain content (which Python's zlib reads: DeflateTests), the
    /// images as they were; one content stream a page.
    func assertDeflated(_ pdf: [UInt8], _ plain: [UInt8], pages: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let deflated = Self.streams(pdf), streams = Self.streams(plain)
        XCTAssertEqual(deflated.count, streams.count, what, file: file, line: line)
        var contents = 0
        for (d, s) in zip(deflated, streams) {
            if s.dictionary.contains("/Subtype /Image") {
                XCTAssertEqual(d.dictionary, s.dictionary, what, file: file, line: line)
                XCTAssertEqual(d.data, s.data, what, file: file, line: line)
                continue
            }
            contents += 1
            XCTAssertEqual(d.dictionary, "<< /Filter /FlateDecode /Length \(d.data.count) >>", what, file: file, line: line)
            XCTAssertFalse(s.dictionary.contains("/Filter"), what, file: file, line: line)
            XCTAssertEqual(d.data, Deflate.zlib(s.data), "content stream \(contents): \(what)", file: file, line: line)
        }
        XCTAssertEqual(contents, pages, what, file: file, line: line)
    }

    static let qpdf: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return dirs.map { "\($0)/qpdf" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `qpdf --check` passes on the PDF; false (and nothing checked) when qpdf is not installed.
    @discardableResult
    static func qpdfCheck(_ pdf: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let qpdf else { return false }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-qpdf-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try Data(pdf).write(to: url)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: qpdf)
            process.arguments = ["--check", url.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "qpdf --check \(what): \(output)", file: file, line: line)
        } catch {
            XCTFail("qpdf --check \(what): \(error)", file: file, line: line)
        }
        return true
    }
}

final class Counter {
    private(set) var value = 0
    func add() { value += 1 }
}


/// Lines that count the walks a writer makes over them (each a new walk, as from a file).
private struct CountedWalks: ProjectLines {
    let lines: LinesInMemory
    let walks: Counter
    var count: Int { lines.count }
    var subtotal: Money { lines.subtotal }
    var hasCustom: Bool { lines.hasCustom }
    var hasMeasurement: Bool { lines.hasMeasurement }
    var isIntact: Bool { true }
    func walk() -> AnyIterator<LineView> { walks.add(); return lines.walk() }
    func forEachView(_ body: (LineView) -> Void) { for view in views { body(view) } }
    func walkMeasured() -> AnyIterator<LineView> {
        let all = walk()
        return AnyIterator { while let v = all.next() { if v.measurement != nil { return v } }; return nil }
    }
    func writeJSON(_ members: LineView.JSONMembers, to out: ByteOutput, separator: (Int) -> Void) {
        writeJSONFromViews(members, to: out, separator: separator)
    }
    func bases(of supplements: [Supplement]) throws(SumTooLargeError) -> [Money] { try addedUpBases(of: supplements) }
}
