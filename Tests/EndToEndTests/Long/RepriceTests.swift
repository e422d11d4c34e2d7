import Foundation
import XCTest

/// `catalogue regulate` and `project reprice` through the binary. Figures by hand:
///   2.01: 38.50 × 1.014 = 39.039 → 39.04; 12.5 × 38.50 = 481.25, 12.5 × 39.04 = 488.00
///   6.04: 71.20 × 1.014 = 72.1968 → 72.20;  3 × 71.20 = 213.60,   3 × 72.20 = 216.60
///   custom Moss: 7 × 19.99 = 139.93, untouched
///   subtotal 481.25 + 213.60 + 139.93 = 834.78 → 488.00 + 216.60 + 139.93 = 844.53
final class RepriceTests: EndToEndCase {

    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> Akkord.Result {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)", file: file, line: line)
        return r
    }

    func json(_ r: Akkord.Result) -> [String: Any] { (r.json as? [String: Any]) ?? [:] }

    /// A project with 2.01 × 12.5, 6.04 × 3 and a custom line.
    func makeProject() throws {
        _ = try ok("project", "new", "Vestergade 12")
        _ = try ok("add", "2.01", "12,5")
        _ = try ok("add", "6.04", "3")
        _ = try ok("add", "--custom", "Moss", "--unit", "m2", "--price", "19,99", "7")
    }

    func lines() throws -> [[String: Any]] { json(try ok("lines", "--json"))["lines"] as? [[String: Any]] ?? [] }

    var sample: String { "Sample roofing price list (not an official price handbook)" }

    // MARK: catalogue regulate

    func testRegulateDryRunChangesNoFile() throws {
        try makeProject()
        let before = try snapshot()
        let dry = try ok("catalogue", "regulate", "1,4", "--dry-run")
        XCTAssertTrue(dry.stdout.contains("2.01  price    38.50    39.04        +1.4 %"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("7.09  price    5.40     5.48         +1.5 %"), dry.stdout)  // 5.4756 → 5.48: +1.48 %
        XCTAssertTrue(dry.stdout.contains("      edition  2026-1   2026-1+1.4%"), dry.stdout)
        XCTAssertTrue(dry.stdout.hasSuffix("dry run, nothing written: regulating \(sample), edition 2026-1 by +1.4 % would give 0 added, 71 changed, 0 removed, 0 unchanged\n"), dry.stdout)
        XCTAssertEqual(try snapshot(), before)

        let j = json(try ok("catalogue", "regulate", "1.4", "--dry-run", "--json"))
        XCTAssertEqual(Set(j.keys), ["added", "changed", "removed", "unchanged", "encoding", "dryRun", "changes", "percent", "warnings"])
        XCTAssertEqual(j["changed"] as? Int, 71)
        XCTAssertEqual(j["unchanged"] as? Int, 0)
        XCTAssertEqual(j["dryRun"] as? Bool, true)
        XCTAssertTrue(j["encoding"] is NSNull)
        XCTAssertEqual(j["percent"] as? String, "1.4")
        let changes = j["changes"] as? [[String: Any]] ?? []
        XCTAssertEqual(changes.count, 72)
        XCTAssertEqual(changes.first { $0["pos"] as? String == "2.01" } as? [String: String],
                       ["pos": "2.01", "field": "price", "old": "38.50", "new": "39.04", "percent": "+1.4"])
        XCTAssertEqual(try snapshot(), before, "a dry run writes nothing, not even the catalogue history")
        XCTAssertEqual(json(try ok("catalogue", "info", "--json"))["edition"] as? String, "2026-1")

        // Outside -50 … 1000: usage, and nothing written.
        for bad in ["1500", "-50.5", "14.0001", "x"] {
            let r = try akkord.run("catalogue", "regulate", bad)
            XCTAssertEqual(r.status, 64, "\(bad): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("error: <percent>: "), r.stderr)
        }
        XCTAssertTrue(try akkord.run("catalogue", "regulate", "1500").stderr.contains("\"1500\" is outside -50 … 1000"))
        XCTAssertEqual(try snapshot(), before)
    }

    func testRegulateWritesANewEditionAndKeepsTheOldOne() throws {
        try makeProject()
        let r = try ok("catalogue", "regulate", "1,4", "--valid-from", "2026-09-01")
        XCTAssertEqual(r.stdout, """
            regulated \(sample), edition 2026-1 by +1.4 %: 0 added, 71 changed, 0 removed, 0 unchanged
            active catalogue: \(sample), edition 2026-1+1.4%, 71 activities

            """)
        let info = json(try ok("catalogue", "info", "--json"))
        XCTAssertEqual(info["edition"] as? String, "2026-1+1.4%")
        XCTAssertEqual(info["validFrom"] as? String, "2026-09-01")
        XCTAssertEqual(info["source"] as? String, "store")
        XCTAssertEqual(json(try ok("catalogue", "show", "6.03", "--json"))["price"] as? String, "22.82")  // 22.815
        let history = try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("catalogue-history").path)
        XCTAssertEqual(history.count, 1, "the bundled sample is kept: \(history)")
        XCTAssertTrue(history[0].hasSuffix("-2026-1.json"), "\(history)")

        // A second regulation, negative, with its own edition: the first is archived too.
        // 39.04 × 0.975 = 38.064 → 38.06
        let second = json(try ok("catalogue", "regulate", "-2,5", "--edition", "2026-2", "--json"))
        XCTAssertEqual(second["dryRun"] as? Bool, false)
        XCTAssertEqual(json(try ok("catalogue", "show", "2.01", "--json"))["price"] as? String, "38.06")
        XCTAssertEqual(json(try ok("catalogue", "info", "--json"))["edition"] as? String, "2026-2")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("catalogue-history").path).count, 2)
        // Projects are not changed by a regulation.
        XCTAssertEqual(try lines().map { $0["price"] as? String }, ["38.50", "71.20", "19.99"])
    }

    // MARK: project reprice

    func testRepriceDryRunChangesNothing() throws {
        try makeProject()
        _ = try ok("catalogue", "regulate", "1,4")
        let before = try snapshot()
        let dry = try ok("project", "reprice", "--dry-run")
        XCTAssertEqual(dry.stdout, """
            Line  Pos   Price old → new  Amount old → new
            ---------------------------------------------
               1  2.01    38.50 → 39.04   481.25 → 488.00
               2  6.04    71.20 → 72.20   213.60 → 216.60
            dry run, nothing written: 2 lines would be repriced from \(sample), edition 2026-1+1.4%; subtotal 834.78 → 844.53

            """)
        XCTAssertEqual(try snapshot(), before)
        let j = json(try ok("project", "reprice", "--dry-run", "--json"))
        XCTAssertEqual(j["dryRun"] as? Bool, true)
        XCTAssertEqual((j["changes"] as? [Any])?.count, 2)
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try lines().map { $0["price"] as? String }, ["38.50", "71.20", "19.99"])
    }

    func testRepriceChangesPricesAndAmountsExactlyAndRecordsHistory() throws {
        try makeProject()
        _ = try ok("catalogue", "regulate", "1,4")
        let r = try ok("project", "reprice", "--json")
        let j = json(r)
        XCTAssertEqual(j["changes"] as? [NSDictionary], [
            ["line": 1, "pos": "2.01", "oldPrice": "38.50", "newPrice": "39.04", "oldAmount": "481.25", "newAmount": "488.00"],
            ["line": 2, "pos": "6.04", "oldPrice": "71.20", "newPrice": "72.20", "oldAmount": "213.60", "newAmount": "216.60"],
        ])
        XCTAssertEqual(j["missing"] as? [NSDictionary], [])
        XCTAssertEqual(j["subtotalBefore"] as? String, "834.78")
        XCTAssertEqual(j["subtotalAfter"] as? String, "844.53")
        XCTAssertEqual(j["dryRun"] as? Bool, false)
        XCTAssertEqual(j["catalogue"] as? [String: String], ["name": sample, "edition": "2026-1+1.4%"])

        let after = try lines()
        XCTAssertEqual(after.map { $0["price"] as? String }, ["39.04", "72.20", "19.99"])
        XCTAssertEqual(after.map { $0["amount"] as? String }, ["488.00", "216.60", "139.93"], "the custom line is untouched")
        XCTAssertEqual(after.map { $0["quantity"] as? String }, ["12.5", "3", "7"])
        XCTAssertEqual(json(try ok("lines", "--json"))["subtotal"] as? String, "844.53")
        XCTAssertEqual((json(try ok("project", "show", "--json"))["catalogue"] as? [String: String])?["edition"], "2026-1+1.4%")

        let history = try ok("history").stdout
        XCTAssertTrue(history.contains("""
            akkord project reprice
                line 1 (2.01): price 38.50 → 39.04, amount 481.25 → 488.00
                line 2 (6.04): price 71.20 → 72.20, amount 213.60 → 216.60
                catalogue edition: 2026-1 → 2026-1+1.4%
            """), history)

        // Again: nothing to change; nothing written, nothing recorded.
        let before = try snapshot()
        let again = try ok("project", "reprice")
        XCTAssertEqual(again.stdout, "every catalogue line has the price of \(sample), edition 2026-1+1.4%; nothing changed\n")
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try ok("history").stdout, history)
    }

    func testALineWhosePosWasRemovedIsListedAndKept() throws {
        try makeProject()
        // The new handbook has 2.01 only: 6.04 is gone.
        let file = akkord.outsideFile("handbook.csv")
        try Data("pos;name;unit;price\n2.01;Underpap, sømmet;m2;40,00\n".utf8).write(to: file)
        _ = try ok("catalogue", "import", file.path, "--replace", "--edition", "2027-1")
        let r = try ok("project", "reprice", "-p", "vestergade-12")
        // 12.5 × 40.00 = 500.00; 500.00 + 213.60 + 139.93 = 853.53
        XCTAssertEqual(r.stdout, """
            Line  Pos   Price old → new  Amount old → new
            ---------------------------------------------
               1  2.01    38.50 → 40.00   481.25 → 500.00
            1 line repriced from \(sample), edition 2027-1; subtotal 834.78 → 853.53
            1 line kept unchanged, pos not in \(sample), edition 2027-1:
            Line  Pos   Activity          Price
            -----------------------------------
               2  6.04  Nedløbsrør, zink  71.20

            """)
        XCTAssertEqual(try lines().map { $0["price"] as? String }, ["40.00", "71.20", "19.99"])
        XCTAssertEqual(try lines().map { $0["pos"] as? String }, ["2.01", "6.04", "X3"], "the line is kept")

        let j = json(try ok("project", "reprice", "vestergade-12", "--dry-run", "--json"))
        XCTAssertEqual(j["changes"] as? [NSDictionary], [])
        XCTAssertEqual(j["missing"] as? [NSDictionary], [["line": 2, "pos": "6.04"]])
        XCTAssertEqual(j["subtotalBefore"] as? String, "853.53")
        XCTAssertEqual(j["subtotalAfter"] as? String, "853.53")
    }

    func testAClosedProjectIsRefused() throws {
        try makeProject()
        _ = try ok("catalogue", "regulate", "1,4")
        _ = try ok("project", "close")
        let before = try snapshot()
        for dryRun in [[], ["--dry-run"]] {
            assertError(try akkord.run(["project", "reprice"] + dryRun), status: 1, contains: "project \"vestergade-12\" is closed")
        }
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try lines().map { $0["price"] as? String }, ["38.50", "71.20", "19.99"])
    }

    // MARK: languages

    func testDanishOutputAndJSONTheSameInBothLanguages() throws {
        try makeProject()
        let regulateDa = try ok("--lang", "da", "catalogue", "regulate", "1,4", "--dry-run")
        XCTAssertTrue(regulateDa.stdout.contains("2.01  pris    38,50     39,04         +1,4 %"), regulateDa.stdout)
        XCTAssertTrue(regulateDa.stdout.hasSuffix("prøvekørsel, intet er skrevet: regulering af \(sample), udgave 2026-1 med +1,4 % ville give 0 tilføjet, 71 ændret, 0 fjernet, 0 uændret\n"), regulateDa.stdout)
        XCTAssertEqual(try ok("--lang", "da", "catalogue", "regulate", "1,4", "--dry-run", "--json").stdout,
                       try ok("--lang", "en", "catalogue", "regulate", "1.4", "--dry-run", "--json").stdout)

        let done = try ok("--lang", "da", "catalogue", "regulate", "1,4")
        XCTAssertTrue(done.stdout.hasPrefix("regulerede \(sample), udgave 2026-1 med +1,4 %: 0 tilføjet, 71 ændret"), done.stdout)
        XCTAssertTrue(done.stdout.contains("aktiv prisliste: \(sample), udgave 2026-1+1.4%, 71 ydelser"), done.stdout)

        let da = try ok("--lang", "da", "project", "reprice", "--dry-run")
        XCTAssertEqual(da.stdout, """
            Linje  Pos.  Pris før → efter  Beløb før → efter
            ------------------------------------------------
                1  2.01     38,50 → 39,04    481,25 → 488,00
                2  6.04     71,20 → 72,20    213,60 → 216,60
            prøvekørsel, intet er skrevet: 2 linjer ville få ny pris fra \(sample), udgave 2026-1+1.4%; subtotal 834,78 → 844,53

            """)
        XCTAssertEqual(try ok("--lang", "da", "project", "reprice", "--dry-run", "--json").stdout,
                       try ok("--lang", "en", "project", "reprice", "--dry-run", "--json").stdout)
        let real = try ok("--lang", "da", "project", "reprice")
        XCTAssertTrue(real.stdout.hasSuffix("2 linjer har fået ny pris fra \(sample), udgave 2026-1+1.4%; subtotal 834,78 → 844,53\n"), real.stdout)
        XCTAssertEqual(try ok("--lang", "da", "project", "reprice").stdout,
                       "alle linjer fra prislisten har prisen fra \(sample), udgave 2026-1+1.4%; intet er ændret\n")
        XCTAssertTrue(try ok("history").stdout.contains("line 1 (2.01): price 38.50 → 39.04, amount 481.25 → 488.00"),
                      "the history is recorded in English whatever the language")
    }
}
