import Foundation
import XCTest

/// `catalogue export --format csv` then `catalogue import FILE --replace` gives back the catalogue
/// byte for byte (as `catalogue export --format json` prints it), through the built binary.
final class CSVRoundTripEndToEndTests: EndToEndCase {
    static let texts = [
        "'=SUM(A1)", "\t=1", "  padded  ", "=cmd", "+45 12 34", "-3", "@x", "'", "''=", "a;b", "a,b", "\"quoted\"",
        "tab\there", "æøå ÆØÅ", "'text", "trail\u{A0}", ",\u{301}",
    ]
    // Line breaks and CR are control characters akkord refuses in names (a note may hold a line
    // break): CSVRoundTripTests covers them at the CSV level.

    /// Files the test writes: a directory beside the store, removed afterwards.
    var files: URL { akkord.store.appendingPathExtension("files") }

    func path(_ name: String) -> String { files.appendingPathComponent(name).path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: files)
        super.tearDown()
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func exportJSON(_ akkord: Akkord, _ name: String) throws -> Data {
        let r = try akkord.run("catalogue", "export", "--format", "json", "-o", path(name))
        XCTAssertEqual(r.status, 0, r.stderr)
        return try bytes(path(name))
    }

    /// A catalogue whose names, sections and notes are the tricky texts, rotated so that every
    /// field meets every text, and one activity with an empty section and note.
    func sourceCatalogue() throws -> Data {
        let n = Self.texts.count
        var activities: [[String: String]] = (0..<n).map { i in
            ["pos": "\(i + 1)", "name": Self.texts[i], "unit": i % 2 == 0 ? "m2" : "stk", "price": "\(i + 1).5",
             "section": Self.texts[(i + 1) % n], "note": Self.texts[(i + 2) % n]]
        }
        activities.append(["pos": "99", "name": "Plain", "unit": "lbm", "price": "38.50", "section": "", "note": ""])
        let object: [String: Any] = ["format": "akkord-catalogue", "version": 1, "name": "Tricky", "edition": "2026-1",
                                     "validFrom": "2026-01-01", "currency": "DKK", "activities": activities]
        return try JSONSerialization.data(withJSONObject: object)
    }

    func testCSVExportImportsBackToTheSameCatalogue() throws {
        try sourceCatalogue().write(to: URL(fileURLWithPath: path("source.json")))
        var r = try akkord.run("catalogue", "import", path("source.json"), "--replace")
        XCTAssertEqual(r.status, 0, r.stderr)
        let original = try exportJSON(akkord, "original.json")
        let names = try JSONSerialization.jsonObject(with: original) as! [String: Any]
        XCTAssertEqual(((names["activities"] as! [[String: Any]]).compactMap { $0["name"] as? String }).count, Self.texts.count + 1)

        try Data("pos,name,unit,price\r\n1,Wipe,m2,1\r\n".utf8).write(to: URL(fileURLWithPath: path("wipe.csv")))
        for lang in ["en", "da"] {
            let csv = path("export-\(lang).csv")
            r = try akkord.run("catalogue", "export", "--format", "csv", "--lang", lang, "-o", csv)
            XCTAssertEqual(r.status, 0, r.stderr)
            let text = String(decoding: try bytes(csv), as: UTF8.self)
            let d = lang == "da" ? ";" : ","
            // Formulas stay inert for spreadsheets; the writer's extra `'` is there to be removed.
            XCTAssertTrue(text.contains("\r\n1\(d)''=SUM(A1)\(d)m2\(d)"), text)
            XCTAssertTrue(text.contains("\r\n4\(d)'=cmd\(d)"), text)
            XCTAssertTrue(text.contains("\r\n3\(d)\"  padded  \"\(d)"), text)

            // Into the same store, after a --replace that changed every activity.
            XCTAssertEqual(try akkord.run("catalogue", "import", path("wipe.csv"), "--replace").status, 0)
            XCTAssertNotEqual(try exportJSON(akkord, "wiped.json"), original)
            r = try akkord.run("catalogue", "import", csv, "--replace", "--json")
            XCTAssertEqual(r.status, 0, r.stderr)
            let back = try exportJSON(akkord, "back-\(lang).json")
            XCTAssertEqual(back, original, "\(lang): \(String(decoding: back, as: UTF8.self))")
            // Importing it once more changes nothing.
            r = try akkord.run("catalogue", "import", csv, "--json")
            XCTAssertEqual((r.json as? [String: Any])?["changed"] as? Int, 0, r.stdout + r.stderr)

            // Into a new store, with the metadata CSV has no columns for given on the command line.
            let other = try Akkord()
            defer { other.cleanUp() }
            r = try other.run(["catalogue", "import", csv, "--replace", "--name", "Tricky", "--edition", "2026-1",
                               "--valid-from", "2026-01-01"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try exportJSON(other, "other-\(lang).json"), original, lang)
        }
    }
}
