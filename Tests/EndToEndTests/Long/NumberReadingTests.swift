import Foundation
import XCTest

/// SPEC §2 and §15: an ambiguous number (one separator, three digits after it) is read by the
/// active language, and a note says how and how to write the other reading; a number the
/// language refuses but the other reads says how to write it; `--lang` and `AKKORD_LANG` ignore case.
final class NumberReadingTests: EndToEndCase {
    func quantities() throws -> [String] {
        let lines = try XCTUnwrap(try akkord.run("lines", "--json").json as? [String: Any])
        return (lines["lines"] as? [[String: Any]] ?? []).compactMap { $0["quantity"] as? String }
    }

    func testAmbiguousNumbersAreReadByTheLanguageWithANote() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let en = try akkord.run("add", "2.01", "1.200")
        XCTAssertEqual(en.status, 0, en.stderr)
        XCTAssertEqual(en.stderr, "note: 1.200 read as 1.2; if you meant 1200, write 1200 or use --lang da\n")
        let da = try akkord.run("--lang", "da", "add", "2.01", "1.200")
        XCTAssertEqual(da.stderr, "bemærk: 1.200 læst som 1.200; mente du 1,2, så skriv 1,2 eller brug --lang en\n")
        let grouped = try akkord.run("add", "2.01", "5,000")
        XCTAssertEqual(grouped.stderr, "note: 5,000 read as 5,000; if you meant 5, write 5 or use --lang da\n")
        // Not ambiguous: nothing to say.
        for plain in [["add", "2.01", "12,5"], ["add", "2.01", "0.500"], ["--lang", "da", "add", "2.01", "1.234,5"]] {
            let r = try akkord.run(plain)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "", "\(plain)")
        }
        // Stored as read (worked by hand: 1.2, 1200, 5000, 12.5, 0.5, 1234.5).
        XCTAssertEqual(try quantities(), ["1.2", "1200", "5000", "12.5", "0.5", "1234.5"])
    }

    func testARefusedNumberSaysHowTheOtherLanguageReadsIt() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Ole").status, 0)
        let en = try akkord.run("advance", "add", "ole", "5.000")
        XCTAssertEqual(en.status, 64)
        XCTAssertEqual(en.stderr, "error: <amount>: \"5.000\" has more than 2 fraction digits; if you meant 5000.00, write 5000.00 or use --lang da\n")
        let da = try akkord.run("--lang", "DA", "advance", "add", "ole", "5.000")
        XCTAssertEqual(da.status, 0, da.stderr)
        let env = try akkord.run(["advance", "list", "--json"], environment: ["AKKORD_LANG": "Da"])
        XCTAssertEqual(env.status, 0, env.stderr)
        XCTAssertTrue(env.stdout.contains("\"5000.00\""), env.stdout)
    }
}

/// SPEC §15: dates as a Dane writes them.
final class DanishDateTests: EndToEndCase {
    func testDanishDateForms() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let today = ["AKKORD_TODAY": "2026-11-27"]
        for (typed, stored) in [("26.11.2026", "2026-11-26"), ("26-11-2026", "2026-11-26"), ("26/11/2026", "2026-11-26"),
                                ("1.2.2026", "2026-02-01"), ("26.11", "2026-11-26"), ("2026-11-26", "2026-11-26")] {
            let r = try akkord.run(["add", "2.01", "1", "--date", typed, "--json"], environment: today)
            XCTAssertEqual(r.status, 0, "\(typed): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("\"date\": \"\(stored)\""), "\(typed): \(r.stdout)")
        }
        let none = try akkord.run(["add", "2.01", "1", "--date", "31.02.2026"], environment: today)
        XCTAssertEqual(none.status, 64)
        XCTAssertEqual(none.stderr, "error: --date: \"31.02.2026\" is no date (day 31 of month 02 2026 does not exist)\n")
        for bad in ["26.11-2026", "26-11", "26.11.26"] {
            let r = try akkord.run(["add", "2.01", "1", "--date", bad], environment: today)
            XCTAssertEqual(r.status, 64, bad)
            XCTAssertEqual(r.stderr, "error: --date: \"\(bad)\" is not a date; write YYYY-MM-DD\n", bad)
        }
    }
}

/// SPEC §15: Danish amounts (`5.000,-`, `5.000 kr.`, `kr. 5.000`) in either language, and percents with their sign.
final class DanishAmountTests: EndToEndCase {
    func testMarkedAmountsAndPercentSigns() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Ole").status, 0)
        for typed in ["5.000,-", "5.000 kr.", "kr. 5.000", "5000 kr", "1.234,50 kr."] {
            let r = try akkord.run("advance", "add", "ole", typed)
            XCTAssertEqual(r.status, 0, "\(typed): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", typed)
        }
        for typed in ["4,5%", "4,5 %", "-2 %"] {
            XCTAssertEqual(try akkord.run("supplement", "add", "Tillæg \(typed)", typed).status, 0, typed)
        }
        let advances = try XCTUnwrap(try akkord.run("advance", "list", "--json").json as? [String: Any])
        XCTAssertEqual((advances["advances"] as? [[String: Any]])?.compactMap { $0["amount"] as? String },
                       ["5000.00", "5000.00", "5000.00", "5000.00", "1234.50"])
        let supplements = try XCTUnwrap(try akkord.run("supplement", "list", "--json").json as? [String: Any])
        XCTAssertEqual((supplements["supplements"] as? [[String: Any]])?.compactMap { $0["percent"] as? String }, ["4.5", "4.5", "-2"])
        XCTAssertEqual(try akkord.run("advance", "add", "ole", "kr.").status, 64, "a mark alone is no amount")
    }
}

/// SPEC §15: `x` for `×` in measurements, `½` in quantities and hours.
final class DanishQuantityFormsTests: EndToEndCase {
    func testXAndHalf() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Ole").status, 0)
        for arguments in [["add", "2.01", "2x3,5"], ["add", "2.01", "2 X 3,5"], ["--lang", "da", "add", "2.01", "7½"], ["add", "2.01", "½"],
                          ["hours", "add", "ole", "7½"], ["--lang", "da", "hours", "add", "ole", "37½"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
        }
        let lines = try XCTUnwrap(try akkord.run("lines", "--json").json as? [String: Any])
        let got = (lines["lines"] as? [[String: Any]] ?? []).map { "\($0["quantity"] ?? "") \($0["measurement"] ?? "")" }
        // Worked by hand: 2 × 3.5 = 7 (twice), 7½ = 7.5, ½ = 0.5.
        XCTAssertEqual(got, ["7 2×3,5", "7 2 × 3,5", "7.5 <null>", "0.5 <null>"].map { $0.replacingOccurrences(of: "<null>", with: "\(NSNull())") })
        let hours = try XCTUnwrap(try akkord.run("hours", "list", "--json").json as? [String: Any])
        XCTAssertEqual((hours["hours"] as? [[String: Any]])?.compactMap { $0["hours"] as? String }, ["7.5", "37.5"])
        // A word keeps its x: it is no measurement.
        XCTAssertEqual(try akkord.run("add", "2.01", "axe").status, 64)
    }
}
