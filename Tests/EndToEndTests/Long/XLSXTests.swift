import Foundation
import XCTest

/// `report --format xlsx -o FILE`, and `-o FILE` naming the format by its extension (SPEC §10).
final class XLSXTests: EndToEndCase {
    func makeProject() throws {
        let steps: [[String]] = [
            ["project", "new", "Søndergade 7 & <9>"],
            ["add", "2.01", "12,345"], ["add", "2.04", "12,4*8,2 - 1,2*0,9"],
            ["worker", "add", "Jens Ølgaard"], ["worker", "add", "Ali", "--apprentice", "--rate", "128.40"],
            ["hours", "add", "jens", "7:20"], ["hours", "add", "ali", "3"],
            ["supplement", "add", "Højdetillæg", "4,5"], ["extra", "add", "Fradrag", "--amount", "-100"],
        ]
        for s in steps { let r = try akkord.run(s); XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)") }
    }

    func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// A ZIP's central directory: each entry's name, method, flags, compressed and full size.
    static func entries(_ b: [UInt8]) -> [(name: String, method: Int, flags: Int, compressed: Int, size: Int)] {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard b.count >= 22, u32(b.count - 22) == 0x0605_4B50 else { return [] }
        var p = u32(b.count - 22 + 16), out: [(String, Int, Int, Int, Int)] = []
        for _ in 0..<u16(b.count - 22 + 10) {
            guard p + 46 <= b.count, u32(p) == 0x0201_4B50 else { return out }
            let n = u16(p + 28)
            out.append((String(decoding: b[(p + 46)..<(p + 46 + n)], as: UTF8.self), u16(p + 10), u16(p + 8), u32(p + 20), u32(p + 24)))
            p += 46 + n + u16(p + 30) + u16(p + 32)
        }
        return out
    }

    /// The parts of a workbook, each deflated (method 8) with a data descriptor (bit 3). What
    /// they hold is read by the library's tests (stored) and by checks/acceptance/xlsx.sh
    /// (inflated by Python's zlib, read by openpyxl and LibreOffice).
    static func assertDeflatedWorkbook(_ b: [UInt8], sheets: Int, file: StaticString = #filePath, line: UInt = #line) {
        let e = entries(b)
        XCTAssertEqual(e.map(\.name), ["[Content_Types].xml", "_rels/.rels", "docProps/core.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"]
                       + (1...sheets).map { "xl/worksheets/sheet\($0).xml" } + ["xl/styles.xml"], file: file, line: line)
        for entry in e {
            XCTAssertEqual(entry.method, 8, entry.name, file: file, line: line)
            XCTAssertEqual(entry.flags & 8, 8, "\(entry.name): CRC and sizes in a data descriptor", file: file, line: line)
            XCTAssertLessThan(entry.compressed, entry.size, entry.name, file: file, line: line)
        }
    }

    func testXLSXIsAZipWithTheSheetsAndTheConfirmation() throws {
        try makeProject()
        let total = try XCTUnwrap((try akkord.run("report", "--format", "json").json as? [String: Any])?["total"] as? String)
        let file = akkord.outsideFile("opgørelse.xlsx")
        let r = try akkord.run("report", "-o", file.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "wrote \(file.path) (xlsx, 2 lines, total \(Self.en(total)))\n")
        let xlsx = try bytes(file)
        XCTAssertEqual(Array(xlsx.prefix(4)), [0x50, 0x4B, 0x03, 0x04], "a ZIP's local header")
        Self.assertDeflatedWorkbook(xlsx, sheets: 3)
        // The same with --format given, and deterministic.
        let again = akkord.outsideFile("again.xlsx")
        XCTAssertEqual(try akkord.run("report", "--format", "xlsx", "-o", again.path).status, 0)
        XCTAssertEqual(try bytes(again), xlsx)

        let da = akkord.outsideFile("DA.XLSX")
        let d = try akkord.run("--lang", "da", "report", "-o", da.path)
        XCTAssertEqual(d.status, 0, d.stderr)
        XCTAssertTrue(d.stdout.hasPrefix("skrev \(da.path) (xlsx, 2 ydelser, i alt "), d.stdout)
        XCTAssertNotEqual(try bytes(da), xlsx, "the Danish workbook")
        Self.assertDeflatedWorkbook(try bytes(da), sheets: 3)
    }

    func testTheExtensionNamesTheFormat() throws {
        try makeProject()
        let cases: [(String, (String) -> Bool)] = [
            ("r.pdf", { $0.hasPrefix("%PDF-") }),
            ("r.html", { $0.hasPrefix("<!DOCTYPE html>") }),
            ("r.HTM", { $0.hasPrefix("<!DOCTYPE html>") }),
            ("r.txt", { $0.hasPrefix("FINAL ACCOUNTING") }),
            ("r.json", { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil && $0.contains("\"akkord-report\"") }),
            ("r.csv", { $0.hasPrefix("Id,Pos,Activity") }),
        ]
        for (name, check) in cases {
            let file = akkord.outsideFile(name)
            let r = try akkord.run("report", "-o", file.path)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertTrue(check(String(decoding: try bytes(file), as: UTF8.self)), "\(name) holds the format its extension names")
        }
        // The extension beats the global --json; an explicit --format beats the extension.
        let html = akkord.outsideFile("json-flag.html")
        XCTAssertEqual(try akkord.run("--json", "report", "-o", html.path).status, 0)
        XCTAssertTrue(String(decoding: try bytes(html), as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        let csvInPDF = akkord.outsideFile("explicit.pdf")
        let r = try akkord.run("report", "--format", "csv", "-o", csvInPDF.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("(csv, 2 lines"), r.stdout)
        XCTAssertTrue(String(decoding: try bytes(csvInPDF), as: UTF8.self).hasPrefix("Id,Pos,Activity"))
        // demo takes -o the same way.
        let demo = akkord.outsideFile("demo.xlsx")
        XCTAssertEqual(try akkord.run("demo", "-o", demo.path).status, 0)
        XCTAssertEqual(Array(try bytes(demo).prefix(4)), [0x50, 0x4B, 0x03, 0x04])
    }

    func testAnUnknownExtensionOrXLSXWithoutAFileIsAUsageError() throws {
        try makeProject()
        let before = try snapshot()
        for name in ["r.doc", "report", "r.xls", "r."] {
            let file = akkord.outsideFile(name)
            let r = try akkord.run("report", "-o", file.path)
            assertError(r, status: 64, contains: "-o \"\(file.path)\": the file's extension names no report format; use .txt, .json, .csv, .html, .htm, .pdf or .xlsx")
            XCTAssertEqual(r.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "\(name) is not written")
        }
        assertError(try akkord.run("demo", "-o", akkord.outsideFile("d.doc").path), status: 64, contains: "names no report format")
        let noFile = try akkord.run("report", "--format", "xlsx")
        assertError(noFile, status: 64, contains: "an xlsx report needs -o FILE")
        XCTAssertEqual(noFile.stdout, "", "no binary on the terminal")
        assertError(try akkord.run("--json", "report", "--format", "xlsx"), status: 64, contains: "an xlsx report needs -o FILE")
        assertError(try akkord.run("report", "--format", "xlsm", "-o", akkord.outsideFile("x.xlsx").path), status: 64,
                    contains: "--format: \"xlsm\" is not one of text, json, csv, html, pdf, xlsx")
        XCTAssertEqual(try snapshot(), before, "the store is unchanged")
        // Into the store: refused like the other formats.
        assertError(try akkord.run("report", "-o", akkord.store.appendingPathComponent("x.xlsx").path), status: 64, contains: "is inside the store")
        XCTAssertEqual(try snapshot(), before)
    }

    static func en(_ plain: String) -> String {
        // 1234.50 → 1,234.50
        let parts = plain.split(separator: ".")
        var whole = String(parts[0]), grouped = ""
        let negative = whole.hasPrefix("-")
        if negative { whole.removeFirst() }
        for (i, c) in whole.reversed().enumerated() { if i > 0 && i % 3 == 0 { grouped.append(",") }; grouped.append(c) }
        return (negative ? "-" : "") + String(grouped.reversed()) + (parts.count > 1 ? "." + parts[1] : "")
    }
}
