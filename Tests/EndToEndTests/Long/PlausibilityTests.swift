import Foundation
import XCTest

/// Plausibility warnings (SPEC §11): on stderr, never an error, never in JSON on stdout.
final class PlausibilityTests: EndToEndCase {
    func day(_ offset: Int) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd"
        f.timeZone = TimeZone(identifier: "UTC")
        f.locale = Locale(identifier: "en_US_POSIX")
        return f.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    /// Runs with --json: exit 0, stdout is JSON without the warning, stderr is exactly `lines`.
    func expectWarnings(_ args: [String], _ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try akkord.run(args + ["--json"])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        XCTAssertNotNil(r.json, "stdout is JSON: \(r.stdout)", file: file, line: line)
        XCTAssertFalse(r.stdout.contains("is that right"), file: file, line: line)
        XCTAssertEqual(r.stderr, lines.map { "warning: \($0)\n" }.joined(), file: file, line: line)
    }

    func testEachWarningGoesToStderrAndTheChangeIsMade() throws {
        try expectWarnings(["project", "new", "Vestergade 12", "--start", day(-800)],
                           ["the date \(day(-800)) is more than 2 years before today (\(day(0))); is that right?"])
        try expectWarnings(["project", "edit", "--end", day(7)], [])
        try expectWarnings(["add", "2.01", "10000", "--date", day(8)],
                           ["the quantity 10,000.001 is more than 10,000; is that right?"].filter { _ in false }
                           + ["the date \(day(8)) is more than 7 days after today (\(day(0))); is that right?"])
        try expectWarnings(["add", "2.01", "10000,001"], ["the quantity 10,000.001 is more than 10,000; is that right?"])
        try expectWarnings(["edit", "1", "--quantity", "12000"], ["the quantity 12,000 is more than 10,000; is that right?"])
        try expectWarnings(["worker", "add", "Jens Hansen"], [])
        try expectWarnings(["worker", "add", "JENS  hansen"],
                           ["\"JENS  hansen\" has the same name as worker jens-hansen (Jens Hansen); is it the same person?"])
        // A week (37:30), a whole job (1,999 h) is one entry without a word; past 2,000 h one warns.
        try expectWarnings(["hours", "add", "jens-hansen", "37:30"], [])
        try expectWarnings(["hours", "add", "jens-hansen", "2000"], [])
        try expectWarnings(["hours", "add", "jens-hansen", "2000:01"], ["2,000.02 h in one entry is more than 2,000.00 h; is that right?"])
        try expectWarnings(["advance", "add", "jens-hansen", "500", "--date", day(-731)],
                           ["the date \(day(-731)) is more than 2 years before today (\(day(0))); is that right?"])
        try expectWarnings(["extra", "add", "Scaffold", "--amount", "100", "--date", day(0)], [])
        let lines = try akkord.run("lines", "--json").json as! [String: Any]
        XCTAssertEqual((lines["lines"] as! [[String: Any]]).map { $0["quantity"] as! String }, ["12000", "10000.001"], "the changes were made")

        // Danish words in da.
        let da = try akkord.run("--lang", "da", "add", "2.01", "20000")
        XCTAssertEqual(da.stderr, "advarsel: mængden 20.000 er over 10.000; er det rigtigt?\n")
    }

    func testAnImportThatMovesAPriceByMoreThanHalfListsItAsAWarning() throws {
        let csv = akkord.outsideFile("prices.csv")
        // 2.01 38.50 → 57.76 (+50.03 %), 2.02 31.25 → 46.875 (+50 % exactly: no warning), 2.03 42.80 → 21.39 (−50.02 %)
        try "pos;name;unit;price\n2.01;Underpap, sømmet;m2;57,76\n2.02;Underpap, selvklæbende;m2;46.875\n2.03;Underpap, svejset på isolering;m2;21,39\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let r = try akkord.run("catalogue", "import", csv.path, "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = r.json as! [String: Any]
        XCTAssertEqual(json["warnings"] as? [String], ["pos 2.01: the price changes by more than 50 % (38.50 → 57.76)",
                                                        "pos 2.03: the price changes by more than 50 % (42.80 → 21.39)"])
        XCTAssertEqual(r.stderr, "warning: pos 2.01: the price changes by more than 50 % (38.50 → 57.76)\nwarning: pos 2.03: the price changes by more than 50 % (42.80 → 21.39)\n")
    }
}
