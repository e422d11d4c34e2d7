import Foundation
import XCTest

/// `summary --format xlsx -o FILE`, and `summary -o FILE.xlsx` (SPEC §10), through the built binary
/// on three projects made with the commands a roofer uses. The workbook's cells are read back in
/// AkkordKitTests (`SummaryXLSXTests`) and by openpyxl and LibreOffice in
/// checks/acceptance/xlsx.sh; here: the file, its sheets, the figures it caches, and the usage errors.
final class SummaryXLSXEndToEndTests: EndToEndCase {
    func makeProjects() throws {
        let steps: [[String]] = [
            ["project", "new", "Vestergade", "--employer", "Tag & Co", "--start", "2026-03-02"],
            ["add", "2.01", "120"], ["worker", "add", "Jens Hansen"], ["worker", "add", "Ali", "--apprentice", "--rate", "128,40"],
            ["hours", "add", "jens", "37:30"], ["hours", "add", "jens", "7:20"], ["hours", "add", "ali", "30"], ["advance", "add", "jens", "5000"],
            ["project", "new", "Kirke", "--employer", "TAG & CO", "--start", "2026-04-06"],
            ["add", "2.04", "80"], ["worker", "add", "jens hansen"], ["worker", "add", "Peter Ørsted"],
            ["hours", "add", "jens", "22"], ["hours", "add", "peter", "18:15"],
            ["project", "new", "Ingen timer", "--employer", "Nordtag <ApS>", "--start", "2026-05-04"],
            ["add", "6.01", "10"], ["worker", "add", "Kim"], ["advance", "add", "kim", "1000"],
        ]
        for s in steps { let r = try akkord.run(s); XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)") }
    }

    func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    func testSummaryToAnXLSXFileWritesAWorkbook() throws {
        try makeProjects()
        let json = try XCTUnwrap(try akkord.run("summary", "--json").json as? [String: Any])
        let totals = try XCTUnwrap(json["totals"] as? [String: Any])
        let total = try XCTUnwrap(totals["total"] as? String), hourly = try XCTUnwrap(totals["hourlyEarnings"] as? String)
        let balance = try XCTUnwrap(totals["balance"] as? String)

        let file = akkord.outsideFile("s.xlsx")
        let r = try akkord.run("summary", "-o", file.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "wrote \(file.path) (xlsx, 3 projects, total \(XLSXTests.en(total)))\n")
        XCTAssertEqual(r.stderr, "")
        let xlsx = try bytes(file)
        XCTAssertEqual(Array(xlsx.prefix(4)), [0x50, 0x4B, 0x03, 0x04], "a ZIP's local header")
        XCTAssertEqual(Array(xlsx.suffix(22).prefix(4)), [0x50, 0x4B, 0x05, 0x06], "ends with the end of the central directory")
        // Deflated parts (their figures, \(total), \(hourly), \(balance), are read by the library's
        // tests and by checks/acceptance/xlsx.sh).
        _ = (hourly, balance)
        XLSXTests.assertDeflatedWorkbook(xlsx, sheets: 4)

        // --format xlsx gives the same bytes; the extension in any case; the extension beats the
        // global --json, as for the report; an explicit --format beats the extension.
        for (arguments, name) in [(["summary", "--format", "xlsx", "-o"], "again.xlsx"), (["summary", "-o"], "S.XLSX"),
                                  (["--json", "summary", "-o"], "json.xlsx"), (["summary", "--by", "worker", "-o"], "by.xlsx")] {
            let again = akkord.outsideFile(name)
            let r = try akkord.run(arguments + [again.path])
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertEqual(try bytes(again), xlsx, "\(arguments) \(name): the same workbook (--by does not change it)")
        }
        let csv = akkord.outsideFile("csv.xlsx")
        XCTAssertEqual(try akkord.run("summary", "--format", "csv", "-o", csv.path).status, 0)
        XCTAssertTrue(String(decoding: try bytes(csv), as: UTF8.self).hasPrefix("Project,Name,Employer"))

        let da = akkord.outsideFile("oversigt.xlsx")
        let d = try akkord.run("--lang", "da", "summary", "-o", da.path)
        XCTAssertEqual(d.status, 0, d.stderr)
        XCTAssertTrue(d.stdout.hasPrefix("skrev \(da.path) (xlsx, 3 projekter, i alt "), d.stdout)
        XLSXTests.assertDeflatedWorkbook(try bytes(da), sheets: 4)
        XCTAssertNotEqual(try bytes(da), xlsx, "the Danish workbook")
    }

    func testXLSXWithoutAFileIsAUsageErrorAndWritesNothing() throws {
        try makeProjects()
        let before = try snapshot()
        try FileManager.default.createDirectory(at: akkord.outside, withIntermediateDirectories: true)
        let outsideBefore = try FileManager.default.contentsOfDirectory(atPath: akkord.outside.path)
        for arguments in [["summary", "--format", "xlsx"], ["--json", "summary", "--format", "xlsx"],
                          ["summary", "--format", "xlsx", "--by", "worker", "--from", "2026-01-01"], ["--lang", "en", "summary", "--format", "xlsx"]] {
            let r = try akkord.run(arguments)
            if arguments.contains("da") {
                XCTAssertEqual(r.status, 64, r.stderr)
                XCTAssertEqual(r.stderr, "fejl: en oversigt som xlsx kræver -o FILE\ntip: akkord summary --format xlsx -o oversigt.xlsx\n")
            } else {
                assertError(r, status: 64, contains: "an xlsx summary needs -o FILE")
                XCTAssertTrue(r.stderr.contains("hint: akkord summary --format xlsx -o summary.xlsx"), r.stderr)
            }
            XCTAssertEqual(r.stdout, "", "\(arguments): no binary on the terminal")
        }
        assertError(try akkord.run("summary", "--format", "xlsm"), status: 64, contains: "--format: \"xlsm\" is not one of text, json, csv, xlsx")
        let doc = akkord.outsideFile("s.xls")
        let r = try akkord.run("summary", "-o", doc.path)
        assertError(r, status: 64, contains: "cannot tell the format from the file's extension")
        XCTAssertTrue(r.stderr.contains(".xlsx"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: doc.path))
        // Into the store: refused like the other formats.
        assertError(try akkord.run("summary", "-o", akkord.store.appendingPathComponent("s.xlsx").path), status: 64, contains: "is inside the store")
        XCTAssertEqual(try snapshot(), before, "the store is unchanged")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: akkord.outside.path), outsideBefore, "no file written")
    }

    func testAnEmptyStoreGivesAWorkbookOfZeros() throws {
        let file = akkord.outsideFile("empty.xlsx")
        let r = try akkord.run("summary", "-o", file.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "wrote \(file.path) (xlsx, 0 projects, total 0.00)\n")
        // Its formulas: SummaryXLSXTests.testAnEmptySummaryHasNoFormulaOverAnEmptyRange.
        XLSXTests.assertDeflatedWorkbook(try bytes(file), sheets: 4)
    }
}
