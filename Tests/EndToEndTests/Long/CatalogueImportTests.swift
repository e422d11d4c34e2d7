import Foundation
import XCTest

final class CatalogueImportTests: EndToEndCase {
    var storeCatalogue: URL { akkord.store.appendingPathComponent("catalogue.json") }

    func write(_ name: String, _ bytes: Data) throws -> String {
        try FileManager.default.createDirectory(at: akkord.store.deletingLastPathComponent(), withIntermediateDirectories: true)
        let url = akkord.store.deletingLastPathComponent().appendingPathComponent("\(akkord.store.lastPathComponent)-\(name)")
        try bytes.write(to: url)
        return url.path
    }


    func testExportThenImportChangesNothing() throws {
        XCTAssertEqual(try akkord.run("catalogue", "import", try write("seed.csv", Data("pos;name;unit;price\n99.1;Seed;m2;1\n".utf8))).status, 0)
        for (format, lang) in [("json", "en"), ("csv", "en"), ("csv", "da")] {
            let file = akkord.store.deletingLastPathComponent().appendingPathComponent("\(akkord.store.lastPathComponent)-export.\(format)").path
            XCTAssertEqual(try akkord.run("catalogue", "export", "--format", format, "--lang", lang, "-o", file).status, 0)
            let r = try akkord.run("catalogue", "import", file, "--json")
            XCTAssertEqual(r.status, 0, r.stderr)
            let j = r.json as! [String: Any]
            XCTAssertEqual(j["added"] as? Int, 0, "\(format) \(lang)")
            XCTAssertEqual(j["changed"] as? Int, 0, "\(format) \(lang): \(j["changes"]!)")
            XCTAssertEqual(j["removed"] as? Int, 0)
            XCTAssertEqual(j["unchanged"] as? Int, 72)
            XCTAssertEqual((j["changes"] as! [Any]).count, 0)
        }
        let csv = try akkord.run("catalogue", "export", "--format", "csv", "--lang", "da").stdout
        XCTAssertTrue(csv.hasPrefix("\u{FEFF}Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;Minimum\r\n1.01;"), csv)
        XCTAssertTrue(csv.contains("\r\n2.01;Underpap, sømmet;m2;38,50;Tagpap;;underpap|undertag|tagpap|sømmet;;\r\n"), csv)
    }

    func testWindows1252WithDanishLetters() throws {
        // "Tagrende på hjørne, ælte" in Windows-1252: å = E5, ø = F8, æ = E6
        var bytes = Data("Pos.nr.;Ydelse;Enhed;Pris\r\n8.01;Tagrende p".utf8)
        bytes += Data([0xE5]) + Data(" hj".utf8) + Data([0xF8]) + Data("rne, ".utf8) + Data([0xE6]) + Data("lte;stk;1.234,50\r\n".utf8)
        let r = try akkord.run("catalogue", "import", try write("w.csv", bytes))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("(csv, windows-1252)"), r.stdout)
        let show = try akkord.run("catalogue", "show", "8.01", "--json").json as! [String: Any]
        XCTAssertEqual(show["name"] as? String, "Tagrende på hjørne, ælte")
        XCTAssertEqual(show["price"] as? String, "1234.50")
        XCTAssertEqual(show["unit"] as? String, "pcs")
    }

    func testQuotingAndBOMAndBlankLines() throws {
        // A line break inside quotes is a note's (names refuse control characters).
        let csv = "\u{FEFF}name,price,pos,unit,section,note\r\n\r\n\"Ridge; \"\"special\"\"\",\"38,5\",8.02,rm,Tiles,\"first\nsecond line\"\r\n\"Plain\",12.25,8.03,m²,,\r\n"
        let r = try akkord.run("catalogue", "import", try write("q.csv", Data(csv.utf8)), "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual((r.json as! [String: Any])["encoding"] as? String, "utf-8 with BOM")
        let a = try akkord.run("catalogue", "show", "8.02", "--json").json as! [String: Any]
        XCTAssertEqual(a["name"] as? String, "Ridge; \"special\"")
        XCTAssertEqual(a["note"] as? String, "first\nsecond line")
        XCTAssertEqual(a["price"] as? String, "38.50")
        XCTAssertEqual(a["unit"] as? String, "lbm")
        XCTAssertEqual((try akkord.run("catalogue", "show", "8.03", "--json").json as! [String: Any])["unit"] as? String, "m2")
    }

    func testFiveErrorsAreAllReportedAndNothingChanges() throws {
        XCTAssertEqual(try akkord.run("project", "new", "P").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "10").status, 0)
        XCTAssertEqual(try akkord.run("catalogue", "import", try write("ok.csv", Data("pos,name,unit,price\n9.1,Nine,m2,9\n".utf8))).status, 0)
        let before = try snapshot()
        let bad = "pos,name,unit,price\n1.01,Ok,m2,1\n1.02,Bad price,m2,\"12,3,4\"\n1.03,,m2,5\n../etc,Bad pos,m2,5\n1.05,No unit,,5\n1.01,Twice,m2,2\n"
        let path = try write("prices.csv", Data(bad.utf8))
        let r = try akkord.run("catalogue", "import", path)
        XCTAssertEqual(r.status, 65)
        let name = URL(fileURLWithPath: path).path
        for expected in ["\(name):3: price \"12,3,4\" is not a number", "\(name):4: name is empty",
                         "\(name):5: pos \"../etc\" must start with a letter or digit", "\(name):6: unit is empty",
                         "\(name):7: pos \"1.01\" appears twice (also line 2)", "\(name): 5 problems; nothing was imported"] {
            XCTAssertTrue(r.stderr.contains("error: " + expected), "missing \(expected) in\n\(r.stderr)")
        }
        XCTAssertEqual(try snapshot(), before, "the store is byte-for-byte unchanged")
        // Columns: unknown and missing ones are named.
        let cols = try akkord.run("catalogue", "import", try write("cols.csv", Data("pos;navn;pris;colour\n".utf8)))
        XCTAssertEqual(cols.status, 65)
        XCTAssertTrue(cols.stderr.contains("unknown column \"navn\"") && cols.stderr.contains("unknown column \"colour\""), cols.stderr)
        XCTAssertTrue(cols.stderr.contains("missing required columns name, unit"), cols.stderr)
        // JSON problems carry their JSON path.
        let json = #"{"format": "akkord-catalogue", "version": 1, "activities": [{"pos": "1", "name": "A", "unit": "m2", "price": "1"}, {"pos": "1", "name": "B", "unit": "m2", "price": "x"}, {"pos": "3", "name": "C", "unit": "m2", "price": "1", "colour": "red"}]}"#
        let jr = try akkord.run("catalogue", "import", try write("bad.json", Data(json.utf8)))
        XCTAssertEqual(jr.status, 65)
        XCTAssertTrue(jr.stderr.contains("activities[1].price: \"x\" is not a number"), jr.stderr)
        XCTAssertTrue(jr.stderr.contains("activities[2]: unknown field \"colour\""), jr.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    func testMergeReplaceDryRunStdinAndHistory() throws {
        XCTAssertEqual(try akkord.run("project", "new", "P").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "10").status, 0)  // 10 × 38.50, a snapshot
        let project = akkord.store.appendingPathComponent("projects/p.json")
        let projectBefore = try Data(contentsOf: project)

        // Dry run over stdin: lists the change with its percent, writes nothing.
        let update = Data("pos\tname\tunit\tprice\n2.01\tUnderpap, sømmet\tm2\t40,04\n9.9\tNew\tstk\t5\n".utf8)
        let before = try snapshot()
        let dry = try akkord.run(["catalogue", "import", "-", "--dry-run"], stdin: update)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("2.01  price  38.50  40.04"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("+4.0 %"), dry.stdout)  // (40.04 − 38.50) / 38.50 = 4.0 %
        XCTAssertTrue(dry.stdout.contains("would give 1 added, 1 changed, 0 removed, 70 unchanged"), dry.stdout)
        XCTAssertEqual(try snapshot(), before)

        XCTAssertEqual(dry.stderr, "", "no progress when stderr is not a terminal")
        let merged = try akkord.run(["catalogue", "import", "-", "--edition", "2026-2", "--json"], stdin: update)
        let m = merged.json as! [String: Any]
        XCTAssertEqual([m["added"], m["changed"], m["removed"], m["unchanged"]] as? [Int], [1, 1, 0, 70])
        XCTAssertEqual((m["changes"] as! [[String: Any]]).first { $0["field"] as? String == "price" }?["percent"] as? String, "+4.0")
        let info = try akkord.run("catalogue", "info", "--json").json as! [String: Any]
        XCTAssertEqual(info["source"] as? String, "store")
        XCTAssertEqual(info["edition"] as? String, "2026-2")
        XCTAssertEqual(info["activities"] as? Int, 72)
        XCTAssertEqual(try Data(contentsOf: project), projectBefore, "an import never changes a project")
        XCTAssertEqual((try akkord.run("lines", "--json").json as! [String: Any])["subtotal"] as? String, "385.00")

        // Replace: the file is the whole catalogue; the replaced one is kept.
        let replace = try akkord.run(["catalogue", "import", "-", "--replace", "--name", "Mini", "--json"], stdin: Data("pos,name,unit,price\n1,One,m2,1\n".utf8))
        let rj = replace.json as! [String: Any]
        XCTAssertEqual([rj["added"], rj["changed"], rj["removed"], rj["unchanged"]] as? [Int], [1, 0, 72, 0])
        let history = try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("catalogue-history").path)
        XCTAssertEqual(history.count, 2, "bundled sample and the 2026-2 edition are both kept: \(history)")
        XCTAssertEqual(try akkord.run("catalogue", "list", "--json").json.map { (($0 as! [String: Any])["activities"] as! [Any]).count }, 1)
        assertError(try akkord.run("catalogue", "import", "/nonexistent/file.csv"), status: 1, contains: "cannot read /nonexistent/file.csv")
    }
}
