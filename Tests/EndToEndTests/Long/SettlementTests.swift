import Foundation
import XCTest

/// The settlement as the building agreements do it (SPEC §9), through the built binary; every
/// expected figure worked out by hand in the comments.
final class SettlementTests: EndToEndCase {
    func testSupplementsApplyToTheirScope() throws {
        // 2.01 Underpap (Tagpap) 10 × 38.50 = 385.00; 6.01 Tagrende (Tagrender og nedløb)
        // 8 × 79.60 = 636.80; 6.04 Nedløbsrør 2 × 71.20 = 142.40. S = 1164.20.
        for s in [["project", "new", "Tag"], ["add", "2.01", "10"], ["add", "6.01", "8"], ["add", "6.04", "2"]] {
            let r = try akkord.run(s)
            XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)")
        }
        let project = akkord.store.appendingPathComponent("projects/tag.json")
        let before = try Data(contentsOf: project)
        // A scope that matches nothing is refused and nothing is written.
        assertError(try akkord.run("supplement", "add", "Höhe", "10", "--lines", "9"), status: 1, contains: "no line 9")
        assertError(try akkord.run("supplement", "add", "Höhe", "10", "--section", "Insulation"), status: 1, contains: "the scope section Insulation matches no line of the project")
        XCTAssertEqual(try Data(contentsOf: project), before)

        // Gutters by a beginning of the section's English name (its lines carry the Danish one): base 636.80 + 142.40 = 779.20 → 10 % = 77.92.
        let gutters = try akkord.run("supplement", "add", "Height", "10", "--section", "gutters")
        XCTAssertEqual(gutters.status, 0, gutters.stderr)
        // Lines 1 and 3: base 385.00 + 142.40 = 527.40 → 4.5 % = 23.733 → 23.73.
        XCTAssertEqual(try akkord.run("supplement", "add", "Steep", "4,5", "--lines", "1,3").status, 0)
        // All: 1164.20 × 2 % = 23.284 → 23.28.
        XCTAssertEqual(try akkord.run("supplement", "add", "Winter", "2").status, 0)

        let json = try akkord.run("report", "--format", "json").json as! [String: Any]
        let sups = json["supplements"] as! [[String: Any]]
        XCTAssertEqual(sups.map { $0["base"] as? String }, ["779.20", "527.40", "1164.20"])
        XCTAssertEqual(sups.map { $0["amount"] as? String }, ["77.92", "23.73", "23.28"])
        let scope0 = sups[0]["scope"] as? [String: Any], scope1 = sups[1]["scope"] as? [String: Any]
        XCTAssertEqual(scope0?["sections"] as? [String], ["Tagrender og nedløb"])
        XCTAssertEqual(scope0?["lines"] as? [Int], [])
        XCTAssertEqual(scope1?["sections"] as? [String], [])
        XCTAssertEqual(scope1?["lines"] as? [Int], [1, 3])
        XCTAssertEqual(sups[2]["scope"] as? String, "all")
        // T = 1164.20 + 77.92 + 23.73 + 23.28 = 1289.13
        XCTAssertEqual(json["total"] as? String, "1289.13")

        let text = try akkord.run("report").stdout
        XCTAssertTrue(text.contains("Height, 10 % of 779.20 (section Tagrender og nedløb)"), text)
        XCTAssertTrue(text.contains("Steep, 4.5 % of 527.40 (lines 1, 3)"), text)
        XCTAssertTrue(text.contains("Winter, 2 % of 1,164.20"), text)
        let da = try akkord.run("report", "--lang", "da").stdout
        XCTAssertTrue(da.contains("Steep, 4,5 % af 527,40 (linjer 1, 3)"), da)
        XCTAssertEqual(try akkord.run("check").status, 0, "the scope reads back from the project file")
    }

    func testHourlyAcontoNumberedAgreementsAndDeductions() throws {
        // 2.01: 10 × 38.50 = 385.00 = S.
        for s in [["project", "new", "Tag"], ["add", "2.01", "10"], ["worker", "add", "Jens"], ["hours", "add", "jens", "8"]] {
            XCTAssertEqual(try akkord.run(s).status, 0, "\(s)")
        }
        // Aconto 8 h × 180.00 = 1440.00, kept beside the amount.
        let aconto = try akkord.run("advance", "add", "jens", "--hours", "8", "--rate", "180")
        XCTAssertEqual(aconto.stdout, "advance 1: jens 8.00 h × 180.00 = 1,440.00 on \(Self.today())\n", aconto.stderr)
        assertError(try akkord.run("advance", "add", "jens", "-100"), status: 64, contains: "a negative one is a --correction")
        XCTAssertEqual(try akkord.run("advance", "add", "jens", "-100", "--correction").status, 0)
        let list = (try akkord.run("advance", "list", "--json").json as! [String: Any])["advances"] as! [[String: Any]]
        XCTAssertEqual(list[0]["amount"] as? String, "1440.00")
        XCTAssertEqual(list[0]["hours"] as? String, "8")
        XCTAssertEqual(list[0]["rate"] as? String, "180.00")
        XCTAssertEqual(list[1]["correction"] as? Bool, true)

        // Extra work no. 17: 250.00; an agreed deduction no. 18: −75.50. T = 385.00 + 250.00 − 75.50 = 559.50.
        XCTAssertEqual(try akkord.run("extra", "add", "Inddækning", "--amount", "250", "--number", "17", "--date", "2026-05-06").status, 0)
        XCTAssertEqual(try akkord.run("extra", "add", "Oprydning ikke udført", "--amount", "-75,50", "--number", "18").status, 0)
        let json = try akkord.run("report", "--format", "json").json as! [String: Any]
        XCTAssertEqual(json["total"] as? String, "559.50")
        let extra = json["extraWork"] as! [[String: Any]]
        XCTAssertEqual(extra.map { $0["number"] as? String }, ["17", "18"])
        XCTAssertEqual(extra.map { $0["deduction"] as? Bool }, [false, true])
        XCTAssertEqual(extra[0]["date"] as? String, "2026-05-06")
        // Share 559.50 for 8 h = 69.9375 → 69.94 per hour < 180.00: a deficit, said in words.
        XCTAssertTrue((json["warnings"] as! [String]).contains { $0.hasPrefix("The piecework shows a deficit for Jens: the share is 69.94 per hour") },
                      "\(json["warnings"]!)")
        let da = try akkord.run("report", "--lang", "da").stdout
        XCTAssertTrue(da.contains("Inddækning (aftaleseddel nr. 17)"), da)
        XCTAssertTrue(da.contains("Fradrag"), da)
        XCTAssertTrue(da.contains("Akkorden giver underskud for Jens"), da)
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testMeasurementsAreComputedExactlyKeptAndPrinted() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tag").status, 0)
        let project = akkord.store.appendingPathComponent("projects/tag.json")
        // 12.4 × 8.2 − 1.2 × 0.9 = 101.68 − 1.08 = 100.6; × 38.50 = 3873.10.
        let add = try akkord.run("--lang", "da", "add", "2.01", "12,4*8,2 - 1,2*0,9")
        XCTAssertEqual(add.stdout, "linje 1: 2.01 Underpap, sømmet, 100,6 m² × 38,50 = 3.873,10\n", add.stderr)
        XCTAssertEqual(add.stderr, "", "no rounding, no note")
        // 12.345 × 2.111 = 26.060295 → 26.060 (stated); × 38.50 = 1003.31.
        let rounded = try akkord.run("--lang", "da", "add", "2.01", "12,345*2,111")
        XCTAssertEqual(rounded.stderr, "bemærk: 12,345*2,111 = 26,060295, afrundet til 3 decimaler: 26,060\n")
        let before = try Data(contentsOf: project)
        assertError(try akkord.run("add", "2.01", "5/(2-2)"), status: 64, contains: "division by zero")
        XCTAssertEqual(try Data(contentsOf: project), before, "nothing stored")

        let json = try akkord.run("report", "--format", "json").json as! [String: Any]
        let lines = json["lines"] as! [[String: Any]]
        XCTAssertEqual(lines.map { $0["measurement"] as? String }, ["12,4*8,2 - 1,2*0,9", "12,345*2,111"])
        XCTAssertEqual(lines.map { $0["quantity"] as? String }, ["100.6", "26.06"])
        XCTAssertEqual(json["subtotal"] as? String, "4876.41")   // 3873.10 + 1003.31
        let text = try akkord.run("report", "--lang", "da").stdout
        XCTAssertTrue(text.contains("OPMÅLING") && text.contains("2.01  12,345*2,111") && text.contains("26,06 m²"), text)
        XCTAssertTrue(try akkord.run("report").stdout.contains("MEASUREMENTS"))
        let csv = try akkord.run("report", "--format", "csv", "--lang", "da").stdout
        XCTAssertTrue(csv.contains(";26,06;m²;38,50;1003,31;;12,345*2,111\r\n"), csv)
        XCTAssertTrue(try akkord.run("report", "--format", "csv").stdout.contains(",26.06,m2,38.50,1003.31,,\"12,345*2,111\"\r\n"))
        // The stored expression is checked against the stored quantity.
        XCTAssertEqual(try akkord.run("check").status, 0)
        let edited = try String(contentsOf: project, encoding: .utf8).replacingOccurrences(of: "\"12,345*2,111\"", with: "\"12,345*2,112\"")
        try Data(edited.utf8).write(to: project)
        assertError(try akkord.run("check"), status: 65, contains: "lines[1].measurement: \"12,345*2,112\" does not give the quantity 26.06")
    }

    func testHolidayPayIsAnInformationColumnThatChangesNoShare() throws {
        // 10 × 38.50 = 385.00; Ali (apprentice) 1 h × 100.00 = 100.00; pool 285.00 to Jens (8 h).
        for s in [["project", "new", "Tag"], ["add", "2.01", "10"], ["worker", "add", "Jens"], ["worker", "add", "Ali", "--apprentice", "--rate", "100"],
                  ["hours", "add", "jens", "8"], ["hours", "add", "ali", "1"]] {
            XCTAssertEqual(try akkord.run(s).status, 0, "\(s)")
        }
        let config = akkord.outsideFile("config").path
        let plain = try akkord.run(["report"], environment: ["XDG_CONFIG_HOME": config])
        XCTAssertFalse(plain.stdout.contains("Holiday pay"))
        // 285.00 × 12.5 % = 35.625 → 35.63; 100.00 × 12.5 % = 12.50.
        let flag = try akkord.run(["report", "--holiday-pay"], environment: ["XDG_CONFIG_HOME": config]).stdout
        XCTAssertTrue(flag.contains("Holiday pay"), flag)
        func row(_ text: String, _ name: String) -> [String]? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { $0.split(separator: " ").map(String.init) }
        }
        XCTAssertEqual(row(flag, "Jens"), ["Jens", "8.00", "285.00", "35.63", "0.00", "285.00"], flag)
        XCTAssertEqual(row(flag, "Ali"), ["Ali", "(apprentice,", "100.00/h)", "1.00", "100.00", "12.50", "0.00", "100.00"], flag)
        XCTAssertEqual(try akkord.run(["config", "set", "holidayPay", "ja"], environment: ["XDG_CONFIG_HOME": config]).status, 0)
        let da = try akkord.run(["report", "--lang", "da"], environment: ["XDG_CONFIG_HOME": config]).stdout
        XCTAssertTrue(da.contains("Feriegodtgørelse") && da.contains("35,63"), da)
        // The shares and the JSON do not change.
        XCTAssertEqual(try akkord.run(["report", "--format", "json"], environment: ["XDG_CONFIG_HOME": config]).stdout,
                       try akkord.run(["report", "--format", "json", "--holiday-pay"]).stdout)
        XCTAssertTrue(da.contains("285,00") && plain.stdout.contains("285.00"))
    }

    static func today() -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd"
        f.locale = Locale(identifier: "en_US_POSIX")
        return f.string(from: Date())
    }
}
