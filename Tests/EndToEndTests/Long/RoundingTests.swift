import Foundation
import XCTest

/// Rounding in the handbook (SPEC §16) through the binary. Figures by hand:
///   R.1 (lbm, 10.00, up per started 0.01):   12,341 → 12.35; 12.35 × 10.00 = 123.50
///   R.2 (m2, 20.00, half up to 0.5, min 1):  0,4 → 0.5 → minimum 1; 1 × 20.00 = 20.00
///                                            1,2*2 = 2.4 → 2.5; 2.5 × 20.00 = 50.00
///                                            edit to 3,3 → 3.5; 3.5 × 20.00 = 70.00
///   R.3 (m2, 5.00, no rule):                 0,4 stays; 0.4 × 5.00 = 2.00
final class RoundingTests: EndToEndCase {
    static let catalogue = """
    {"format": "akkord-catalogue", "version": 1, "name": "Rules", "edition": "1", "activities": [
      {"pos": "R.1", "name": "Tagrende", "unit": "lbm", "price": "10", "rounding": {"step": "0.01", "mode": "up"}},
      {"pos": "R.2", "name": "Pap", "unit": "m2", "price": "20", "rounding": {"step": "0.5", "mode": "half-up"}, "minimum": "1"},
      {"pos": "R.3", "name": "Lapning", "unit": "m2", "price": "5"},
      {"pos": "R.4", "name": "Skifer", "unit": "m2", "price": "8", "rounding": {"step": "0.5", "mode": "half-up"}}
    ]}
    """

    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Akkord.Result {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)", file: file, line: line)
        return r
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = akkord.outsideFile(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAddAndEditApplyTheRuleSayItAndKeepWhatWasTyped() throws {
        _ = try ok("catalogue", "import", try write("rules.json", Self.catalogue))
        _ = try ok("project", "new", "Tag")

        let up = try ok("--lang", "da", "add", "R.1", "12,341")
        // (`12,341` is also said how it was read, SPEC §15.)
        XCTAssertTrue(up.stderr.hasSuffix("\nbemærk: 12,341 lbm rundet op pr. påbegyndt 0,01 lbm til 12,35 lbm\n"), up.stderr)
        XCTAssertEqual(up.stdout, "linje 1: R.1 Tagrende, 12,35 lbm × 10,00 = 123,50\n")
        let minimum = try ok("add", "R.2", "0.4")
        XCTAssertEqual(minimum.stderr, "note: 0.4 m2 rounded to the nearest 0.5 m2: 0.5 m2\nnote: 0.5 m2 counts as the minimum 1 m2\n")
        let measured = try ok("add", "R.2", "1.2*2")
        XCTAssertTrue(measured.stderr.contains("note: 2.4 m2 rounded to the nearest 0.5 m2: 2.5 m2\n"), measured.stderr)
        let plain = try ok("add", "R.3", "0.4")
        XCTAssertEqual(plain.stderr, "", "no rule, no note")

        let lines = try XCTUnwrap((try ok("lines", "--json").json as? [String: Any])?["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["quantity"] as? String }, ["12.35", "1", "2.5", "0.4"])
        XCTAssertEqual(lines.map { $0["quantityTyped"] as? String }, ["12.341", "0.4", "2.4", nil])
        XCTAssertEqual(lines.map { $0["amount"] as? String }, ["123.50", "20.00", "50.00", "2.00"])
        XCTAssertEqual(lines[2]["measurement"] as? String, "1.2*2", "the measurement's terms are kept, its result rounded")
        XCTAssertFalse(lines[3].keys.contains("quantityTyped"))

        // edit --quantity: the rule again; --note alone keeps what was typed.
        let edit = try ok("edit", "2", "--quantity", "3.3")
        XCTAssertEqual(edit.stderr, "note: 3.3 m2 rounded to the nearest 0.5 m2: 3.5 m2\n")
        XCTAssertTrue(edit.stdout.hasPrefix("line 2 quantity: 1 → 3.5\n"), edit.stdout)
        _ = try ok("edit", "2", "--note", "hjørne")
        let edited = try XCTUnwrap((try ok("lines", "--json").json as? [String: Any])?["lines"] as? [[String: Any]])[1]
        XCTAssertEqual([edited["quantity"], edited["quantityTyped"], edited["amount"]] as? [String], ["3.5", "3.3", "70.00"])
        // A quantity that is a whole step already: nothing typed is kept.
        XCTAssertEqual(try ok("edit", "1", "--quantity", "12.5").stderr, "")
        let whole = try XCTUnwrap((try ok("lines", "--json").json as? [String: Any])?["lines"] as? [[String: Any]])[0]
        XCTAssertNil(whole["quantityTyped"])

        // Less than half a step, and no minimum: it would count as nothing, and is refused.
        let before = try snapshot()
        let zero = try akkord.run("add", "R.4", "0.2")
        assertError(zero, status: 65, contains: "0.2 rounds to 0 at the step of 0.5 (pos R.4); the least quantity that counts is 0.25")
        XCTAssertTrue(zero.stderr.contains("hint: type at least 0.25"), zero.stderr)
        XCTAssertEqual(try snapshot(), before)

        // Every report shows it with the line (PDF and xlsx: checks/acceptance/rounding.sh).
        let report = try XCTUnwrap(try ok("report", "--format", "json").json as? [String: Any])
        let reported = try XCTUnwrap(report["lines"] as? [[String: Any]])
        XCTAssertEqual(reported.map { $0["quantityTyped"] as? String }, [nil, "3.3", "2.4", nil])
        let text = try ok("--lang", "da", "report").stdout
        XCTAssertTrue(text.contains("R.2   Pap (hjørne) (indtastet 3,3)"), text)
        XCTAssertTrue(text.contains("R.2   Pap (indtastet 2,4)"), text)
        XCTAssertTrue(text.contains(" 3  R.2   1.2*2       2,4 m²\n"), text)
        let csv = try ok("report", "--format", "csv").stdout
        XCTAssertTrue(csv.contains("\r\n2,R.2,Pap,3.5,m2,20.00,70.00,hjørne (typed 3.3),\r\n"), csv)
        XCTAssertTrue(csv.contains("\r\n4,R.3,Lapning,0.4,m2,5.00,2.00,,\r\n"), csv)
        let html = try ok("report", "--format", "html").stdout
        XCTAssertTrue(html.contains("<td>Pap <small>(typed 2.4)</small></td>"), html)
    }

    func testTheRuleSurvivesExportAndImportInEveryFormatAndShows() throws {
        _ = try ok("catalogue", "import", try write("rules.json", Self.catalogue))
        let show = try ok("catalogue", "show", "R.2")
        XCTAssertTrue(show.stdout.contains("Rounding:  to the nearest 0.5 m2 (half up)\nMinimum:   1 m2\n"), show.stdout)
        let danish = try ok("--lang", "da", "catalogue", "show", "R.1")
        XCTAssertTrue(danish.stdout.contains("Afrunding:   op pr. påbegyndt 0,01 lbm\n"), danish.stdout)
        let json = try XCTUnwrap(try ok("catalogue", "show", "R.2", "--json").json as? [String: Any])
        XCTAssertEqual(json["rounding"] as? [String: String], ["step": "0.5", "mode": "half-up"])
        XCTAssertEqual(json["minimum"] as? String, "1")

        let csvDa = try ok("--lang", "da", "catalogue", "export", "--format", "csv").stdout
        XCTAssertTrue(csvDa.hasPrefix("\u{FEFF}Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;Minimum\r\n"), csvDa)
        XCTAssertTrue(csvDa.contains("\r\nR.1;Tagrende;lbm;10,00;;;;0,01 op;\r\nR.2;Pap;m2;20,00;;;;0,5 halv;1\r\nR.3;Lapning;m2;5,00;;;;;\r\n"), csvDa)
        let csvEn = try ok("--lang", "en", "catalogue", "export", "--format", "csv").stdout
        XCTAssertTrue(csvEn.contains("\r\nR.2,Pap,m2,20.00,,,,0.5 half-up,1\r\n"), csvEn)
        let before = try ok("catalogue", "export").stdout
        for (name, text, lang) in [("da.csv", csvDa, "da"), ("en.csv", csvEn, "en"), ("en-as-da.csv", csvEn, "da"), ("all.json", before, "en")] {
            let r = try ok("--lang", lang, "catalogue", "import", try write(name, text), "--json")
            let j = try XCTUnwrap(r.json as? [String: Any])
            XCTAssertEqual([j["added"], j["changed"], j["removed"]] as? [Int], [0, 0, 0], "\(name): \(j)")
        }
        XCTAssertEqual(try ok("catalogue", "export").stdout, before, "the rule came back from every file")

        // A changed rule is listed; a CSV without the columns keeps it.
        let changed = try ok("catalogue", "import", try write("change.csv", "pos,name,unit,price,rounding\nR.1,Tagrende,lbm,10,0.1 up\n"), "--json")
        let changes = try XCTUnwrap((changed.json as? [String: Any])?["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { "\($0["field"]!) \($0["old"]!) \($0["new"]!)" }, ["rounding 0.01 up 0.1 up"])
        _ = try ok("catalogue", "import", try write("old.csv", "pos,name,unit,price\nR.2,Pap,m2,20\n"))
        let kept = try XCTUnwrap(try ok("catalogue", "show", "R.2", "--json").json as? [String: Any])
        XCTAssertEqual(kept["minimum"] as? String, "1")
    }

    func testABadRuleIsRefusedWithItsPlaceAndNothingChanges() throws {
        _ = try ok("catalogue", "import", try write("rules.json", Self.catalogue))
        let before = try snapshot()
        let json = """
        {"format": "akkord-catalogue", "version": 1, "name": "Bad", "activities": [
          {"pos": "1", "name": "A", "unit": "m", "price": "1", "rounding": {"step": "0", "mode": "up"}},
          {"pos": "2", "name": "B", "unit": "m", "price": "1", "rounding": {"step": "0.5", "mode": "sideways"}, "minimum": "-1"}
        ]}
        """
        let r = try akkord.run("catalogue", "import", try write("bad.json", json))
        assertError(r, status: 65, contains: "activities[0].rounding.step: \"0\" must be greater than zero")
        XCTAssertTrue(r.stderr.contains("activities[1].rounding.mode: \"sideways\" is not a rounding mode; write \"up\" or \"half-up\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("activities[1].minimum: \"-1\" must not be negative"), r.stderr)
        let csv = try akkord.run("catalogue", "import", try write("bad.csv", "pos;tekst;enhed;pris;afrunding;minimum\n1;A;m;1;0 op;\n2;B;m;1;0,5 sidelæns;-1\n"))
        assertError(csv, status: 65, contains: "bad.csv:2: rounding step \"0\" must be greater than zero")
        XCTAssertTrue(csv.stderr.contains("bad.csv:3: minimum \"-1\" must not be negative"), csv.stderr)
        XCTAssertTrue(csv.stderr.contains("bad.csv:3: rounding \"sidelæns\" is not a rounding mode"), csv.stderr)
        XCTAssertEqual(try snapshot(), before, "nothing was imported")
    }
}
