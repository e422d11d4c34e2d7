import Foundation
import XCTest

/// The Danish handbook with English translations through the built binary (SPEC §15): each
/// language's views, `--section` and search in both languages, lines that keep the handbook's
/// own name, and the Danish CSV export and import.
final class CatalogueLanguageTests: EndToEndCase {
    func pos(_ r: Akkord.Result, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return ((r.json as? [String: Any])?["activities"] as? [[String: Any]] ?? []).map { $0["pos"] as! String }
    }

    func testEnglishShowsTheTranslationAndDanishTheHandbooksOwnText() throws {
        let en = try akkord.run("--lang", "en", "catalogue", "list")
        XCTAssertEqual(en.status, 0, en.stderr)
        XCTAssertTrue(en.stdout.contains("\n2.01  Under felt, nailed (underpap)  "), en.stdout)
        XCTAssertTrue(en.stdout.contains("      GUTTERS AND DRAINAGE\n"), en.stdout)
        XCTAssertFalse(en.stdout.contains("Underpap, sømmet"), en.stdout)
        XCTAssertFalse(en.stdout.contains("TAGRENDER"), en.stdout)

        let da = try akkord.run("--lang", "da", "catalogue", "list")
        XCTAssertEqual(da.status, 0, da.stderr)
        XCTAssertTrue(da.stdout.contains("\n2.01  Underpap, sømmet  "), da.stdout)
        XCTAssertTrue(da.stdout.contains("      TAGRENDER OG NEDLØB\n"), da.stdout)
        XCTAssertFalse(da.stdout.contains("Under felt"), da.stdout)
        XCTAssertFalse(da.stdout.contains("GUTTERS"), da.stdout)
        // Every activity in both, one row each.
        for out in [en.stdout, da.stdout] {
            XCTAssertEqual(out.split(separator: "\n").filter { $0.first?.isNumber == true }.count, 71)
        }

        XCTAssertEqual(try akkord.run("--lang", "en", "catalogue", "show", "1.03").stdout, """
            Pos:       1.03
            Activity:  Remove corrugated fibre cement sheets
            Unit:      m2
            Price:     41.20
            Section:   Preparation and demolition
            Note:      Asbestos-free sheets only
            Keywords:  nedrivning, nedtagning, eternit, bølgeplader, fibercement

            """)
        XCTAssertEqual(try akkord.run("--lang", "da", "catalogue", "show", "1.03").stdout, """
            Pos.:        1.03
            Ydelse:      Nedtagning af bølgeplader af fibercement
            Enhed:       m²
            Pris:        41,20
            Afsnit:      Forarbejde og nedrivning
            Bemærkning:  Kun asbestfri plader
            Søgeord:     nedrivning, nedtagning, eternit, bølgeplader, fibercement

            """)
        let search = try akkord.run("--lang", "en", "catalogue", "search", "tagrende", "zink", "--limit", "1")
        XCTAssertTrue(search.stdout.contains("6.01  Gutter, half-round, zinc (tagrende)"), search.stdout)

        // JSON is the file's activity in both languages, translations included.
        let json = try akkord.run("--lang", "en", "catalogue", "show", "2.01", "--json")
        XCTAssertEqual(json.stdout, try akkord.run("--lang", "da", "catalogue", "show", "2.01", "--json").stdout)
        let a = try XCTUnwrap(json.json as? [String: Any])
        XCTAssertEqual(a["name"] as? String, "Underpap, sømmet")
        XCTAssertEqual(((a["translations"] as? [String: Any])?["en"] as? [String: Any])?["name"] as? String, "Under felt, nailed (underpap)")
    }

    /// A line keeps the handbook's own name in every language; reports do not translate it.
    func testALineKeepsTheHandbooksOwnName() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tag").status, 0)
        XCTAssertEqual(try akkord.run("--lang", "en", "add", "2.01", "10").stdout, "line 1: 2.01 Underpap, sømmet, 10 m2 × 38.50 = 385.00\n")
        let report = try akkord.run("--lang", "en", "report")
        XCTAssertTrue(report.stdout.contains("Underpap, sømmet"), report.stdout)
        XCTAssertFalse(report.stdout.contains("Under felt"), report.stdout)
        let line = ((try akkord.run("lines", "--json").json as? [String: Any])?["lines"] as? [[String: Any]])?.first
        XCTAssertEqual(line?["name"] as? String, "Underpap, sømmet")
        XCTAssertEqual(line?["section"] as? String, "Tagpap")
        // A supplement scoped by the English name of the section finds the line's Danish one.
        XCTAssertEqual(try akkord.run("supplement", "add", "Steep", "10", "--section", "felt roofing").status, 0)
        let sup = ((try akkord.run("report", "--format", "json").json as? [String: Any])?["supplements"] as? [[String: Any]])?.first
        XCTAssertEqual((sup?["scope"] as? [String: Any])?["sections"] as? [String], ["Tagpap"])
        XCTAssertEqual(sup?["amount"] as? String, "38.50")
    }

    func testASectionByItsDanishOrEnglishNameGivesTheSameActivities() throws {
        let gutters = (1...9).map { "6.0\($0)" }
        for lang in ["en", "da"] {
            for section in ["tagrender", "gutters", "Tagrender og nedløb", "nedlob", "GUTTERS AND DRAINAGE"] {
                XCTAssertEqual(pos(try akkord.run("--lang", lang, "catalogue", "list", "--section", section, "--json")), gutters, "\(lang) \(section)")
            }
        }
        let da = try akkord.run("--lang", "da", "catalogue", "list", "--section", "gutters")
        XCTAssertTrue(da.stdout.contains("TAGRENDER OG NEDLØB") && da.stdout.contains("Tagrende, halvrund, zink"), da.stdout)
        let en = try akkord.run("--lang", "en", "catalogue", "list", "--section", "tagrender")
        XCTAssertTrue(en.stdout.contains("GUTTERS AND DRAINAGE") && en.stdout.contains("Gutter, half-round, zinc"), en.stdout)
        let several = try akkord.run("--lang", "en", "catalogue", "list", "--section", "tag")
        assertError(several, status: 1, contains: "\"tag\" matches several sections")
        XCTAssertTrue(several.stderr.contains("Felt roofing (Tagpap); Roof tiles and slate (Tagsten og skifer)"), several.stderr)
    }

    func testSearchFindsTheUnderRoofingByItsTradeSynonym() throws {
        XCTAssertEqual(pos(try akkord.run("catalogue", "search", "undertag", "--json")), ["2.01", "2.02", "2.03"])
        XCTAssertEqual(pos(try akkord.run("catalogue", "search", "under", "felt", "--json")), ["2.01", "2.02", "2.03"])
        XCTAssertEqual(pos(try akkord.run("catalogue", "search", "nedlobsror", "--json")), ["1.08", "6.04", "6.05"])
        let en = try akkord.run("--lang", "en", "catalogue", "search", "undertag")
        XCTAssertEqual(en.stdout, """
            Pos   Activity                          Unit  Price
            ---------------------------------------------------
            2.01  Under felt, nailed (underpap)     m2    38.50
            2.02  Under felt, self-adhesive         m2    31.25
            2.03  Under felt, welded on insulation  m2    42.80

            """)
    }

    func testTheDanishCSVExportHasTheBOMAndTheDanishHeaderAndImportsBackUnchanged() throws {
        let file = akkord.outsideFile("prisliste.csv")
        let export = try akkord.run("--lang", "da", "catalogue", "export", "--format", "csv", "-o", file.path)
        XCTAssertEqual(export.status, 0, export.stderr)
        let bytes = try Data(contentsOf: file)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertTrue(bytes.dropFirst(3).starts(with: Data("Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;Minimum\r\n".utf8)))
        XCTAssertEqual(try akkord.run("--lang", "da", "catalogue", "export", "--format", "csv").stdout.utf8.count, bytes.count, "standard output gets the same")
        let json = try akkord.run("catalogue", "export").stdout

        // Imported in either language: nothing changes, translations included.
        for lang in ["da", "en"] {
            let r = try akkord.run("--lang", lang, "catalogue", "import", file.path, "--json")
            XCTAssertEqual(r.status, 0, r.stderr)
            let j = try XCTUnwrap(r.json as? [String: Any])
            XCTAssertEqual(j["encoding"] as? String, "utf-8 with BOM")
            XCTAssertEqual([j["added"], j["changed"], j["removed"], j["unchanged"]] as? [Int], [0, 0, 0, 71], "\(lang): \(j)")
        }
        XCTAssertEqual(try akkord.run("catalogue", "export").stdout, json, "the imported catalogue is the bundled one, translations kept")
        XCTAssertEqual(try akkord.run("--lang", "en", "catalogue", "show", "2.01").lines[1], "Activity:  Under felt, nailed (underpap)")
        XCTAssertEqual(try akkord.run("--lang", "da", "catalogue", "export", "--format", "csv").stdout.utf8.count, bytes.count)

        // In en the header stays English, with ',' and a decimal point, and no BOM.
        let en = try akkord.run("--lang", "en", "catalogue", "export", "--format", "csv").stdout
        XCTAssertTrue(en.hasPrefix("pos,name,unit,price,section,note,keywords,rounding,minimum\r\n1.01,\"Nedrivning af gammel tagpap, ét lag\",m2,24.80,"), en)
    }

    func testAnEnglishHeaderCSVStillImports() throws {
        let file = akkord.outsideFile("update.csv")
        try Data("pos,name,unit,price,section,note,keywords\n2.01,\"Underpap, sømmet\",m2,39.00,Tagpap,,underpap|undertag\n9.01,Moss removal,m2,19.99,Other,,mos\n".utf8)
            .write(to: file)
        let r = try akkord.run("catalogue", "import", file.path, "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(r.json as? [String: Any])
        XCTAssertEqual([j["added"], j["changed"], j["removed"], j["unchanged"]] as? [Int], [1, 1, 0, 70])
        let changes = (j["changes"] as? [[String: Any]] ?? []).map { "\($0["pos"]!) \($0["field"]!)" }
        XCTAssertEqual(changes, ["2.01 price", "2.01 keywords", "9.01 added"])
        XCTAssertEqual(try akkord.run("--lang", "en", "catalogue", "show", "2.01").lines[1], "Activity:  Under felt, nailed (underpap)",
                       "the name is unchanged, so its translation is kept")
        XCTAssertEqual(try akkord.run("--lang", "en", "catalogue", "show", "9.01").lines[1], "Activity:  Moss removal")
    }

    /// An imported JSON handbook with translations: shown through the store's search index too.
    func testAnImportedHandbooksTranslationsAreShownThroughTheIndex() throws {
        let file = akkord.outsideFile("handbook.json")
        try Data(#"""
            {"format": "akkord-catalogue", "version": 1, "name": "Håndbog", "activities": [
              {"pos": "1", "name": "Tagrende, zink", "unit": "lbm", "price": "80", "section": "Tagrender",
               "translations": {"en": {"name": "Gutter, zinc", "section": "Gutters"}, "de": {"name": "Dachrinne, Zink"}}}]}
            """#.utf8).write(to: file)
        XCTAssertEqual(try akkord.run("catalogue", "import", file.path, "--replace").status, 0)
        // Completion describes a pos by its name in the language, from the JSON and from the index.
        let index = akkord.store.appendingPathComponent(".catalogue-index")
        try FileManager.default.removeItem(at: index)
        func described() throws -> [String] {
            [try akkord.run("--lang", "en", "__complete", "pos", "--describe").stdout, try akkord.run("--lang", "da", "__complete", "pos", "--describe").stdout]
        }
        XCTAssertEqual(try described(), ["1\tGutter, zinc\n", "1\tTagrende, zink\n"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: index.path))
        for _ in 0..<2 {   // made, then read from .catalogue-index
            let en = try akkord.run("--lang", "en", "catalogue", "list").stdout, da = try akkord.run("--lang", "da", "catalogue", "list").stdout
            XCTAssertTrue(en.contains("  GUTTERS\n1    Gutter, zinc  "), en)
            XCTAssertTrue(da.contains("  TAGRENDER\n1     Tagrende, zink  "), da)
            XCTAssertEqual(pos(try akkord.run("catalogue", "search", "dachrinne", "--json")), ["1"])
            XCTAssertEqual(pos(try akkord.run("catalogue", "list", "--section", "gutters", "--json")), ["1"])
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: index.path))
        XCTAssertEqual(try described(), ["1\tGutter, zinc\n", "1\tTagrende, zink\n"])
        let stored = try String(contentsOf: akkord.store.appendingPathComponent("catalogue.json"), encoding: .utf8)
        XCTAssertTrue(stored.contains(#""translations": {"de": {"name": "Dachrinne, Zink"}, "en": {"name": "Gutter, zinc", "section": "Gutters"}}}"#), stored)
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    /// The matches of a guided `add` in English; the line keeps the Danish name.
    func testGuidedAddShowsTheMatchesInEnglish() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12").status, 0)
        let (status, out) = try akkord.runOnTerminal(["--lang", "en", "add"], input: "undertag\n1\n10\n\n")
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("  1  2.01  Under felt, nailed (underpap)  38.50 / m2"), out)
        XCTAssertTrue(out.contains("  3  2.03  Under felt, welded on insulation  42.80 / m2"), out)
        XCTAssertTrue(out.contains("line 1: 2.01 Underpap, sømmet, 10 m2 × 38.50 = 385.00"), out)
    }
}
