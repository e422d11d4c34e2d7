import Foundation
import XCTest

final class CatalogueCommandTests: EndToEndCase {
    func testInfoNamesTheBundledSample() throws {
        let r = try akkord.run("catalogue", "info")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Sample roofing price list"))
        XCTAssertTrue(r.stdout.contains("bundled sample"))
        let j = try akkord.run("catalogue", "info", "--json").json as! [String: Any]
        XCTAssertEqual(j["source"] as? String, "bundled")
        XCTAssertEqual(j["activities"] as? Int, 71)
    }

    func testListSectionAndJSONShape() throws {
        let r = try akkord.run("catalogue", "list", "--section", "gutters and drainage", "--json")
        XCTAssertEqual(r.status, 0, r.stderr)
        let acts = (r.json as! [String: Any])["activities"] as! [[String: Any]]
        XCTAssertEqual(acts.map { $0["pos"] as! String }, (1...9).map { "6.0\($0)" })
        XCTAssertEqual(acts[0]["price"] as? String, "79.60")
        assertError(try akkord.run("catalogue", "list", "--section", "nope"), status: 1, contains: "no section \"nope\"")
    }

    func testSearchRanksAndToleratesTypos() throws {
        let r = try akkord.run("catalogue", "search", "undrfelt", "--json")
        let pos = ((r.json as! [String: Any])["activities"] as! [[String: Any]]).map { $0["pos"] as! String }
        XCTAssertEqual(pos, ["2.01", "2.02", "2.03"])
        let t = try akkord.run("catalogue", "search", "tagpap", "--limit", "1")
        XCTAssertTrue(t.lines[2].hasPrefix("1.01 "), t.stdout)
        assertError(try akkord.run("catalogue", "search", "xyzzy"), status: 1, contains: "no activity matches \"xyzzy\"")
        assertError(try akkord.run("catalogue", "search", "felt", "--limit", "0"), status: 64, contains: "--limit")
    }

    func testShowUsesLanguageAndSuggestsOnUnknownPos() throws {
        let r = try akkord.run("catalogue", "show", "4.09", "--lang", "da")
        XCTAssertTrue(r.stdout.contains("Pris:        142,40"), r.stdout)
        let shown = try akkord.run("catalogue", "show", "4.09", "--json").json as! [String: Any]
        XCTAssertEqual(shown["pos"] as? String, "4.09")
        XCTAssertEqual(shown["price"] as? String, "142.40")
        XCTAssertEqual(shown["section"] as? String, "Tagsten og skifer")
        let bad = try akkord.run("catalogue", "show", "2.4")
        assertError(bad, status: 1, contains: "no activity with pos \"2.4\"")
        XCTAssertTrue(bad.stderr.contains("hint: did you mean 2.04 Overpap"), bad.stderr)
    }

    func testStoreCatalogueReplacesBundledAndInvalidOneExits65() throws {
        try FileManager.default.createDirectory(at: akkord.store, withIntermediateDirectories: true)
        let file = akkord.store.appendingPathComponent("catalogue.json")
        try #"{"format": "akkord-catalogue", "version": 1, "name": "Mine", "activities": [{"pos": "9", "name": "Nine", "unit": "stk", "price": "9,5"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let info = try akkord.run("catalogue", "info")
        XCTAssertTrue(info.stdout.contains("Mine") && info.stdout.contains("imported"), info.stdout)
        XCTAssertEqual(try akkord.run("catalogue", "show", "9").stdout, "Pos:       9\nActivity:  Nine\nUnit:      pcs\nPrice:     9.50\n")

        let broken = #"{"format": "akkord-catalogue", "version": 1, "name": "Mine", "activities": [{"pos": "9", "name": "Nine", "unit": "m2", "price": "12,345678"}]}"#
        try broken.write(to: file, atomically: true, encoding: .utf8)
        for command in [["catalogue", "info"], ["catalogue", "list"], ["catalogue", "search", "nine"], ["catalogue", "show", "9"]] {
            let r = try akkord.run(command)
            assertError(r, status: 65, contains: "\(file.path): activities[0].price: \"12,345678\" has more than 4 fraction digits")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), broken, "a file that fails to parse is never touched")
    }

    func testSearchIndexNeverHidesAChangedCatalogue() throws {
        try FileManager.default.createDirectory(at: akkord.store, withIntermediateDirectories: true)
        let file = akkord.store.appendingPathComponent("catalogue.json")
        let good = #"{"format": "akkord-catalogue", "version": 1, "name": "Mine", "activities": [{"pos": "9", "name": "Nine", "unit": "m2", "price": "9.50"}]}"#
        try good.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(try akkord.run("catalogue", "search", "nine").stdout.contains("Nine"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: akkord.store.appendingPathComponent(".catalogue-index").path))
        // Same length, same inode, written in place: the price becomes invalid.
        let bad = good.replacingOccurrences(of: "\"9.50\"", with: "\"9x50\"")
        XCTAssertEqual(bad.utf8.count, good.utf8.count)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(bad.utf8))
        try handle.close()
        assertError(try akkord.run("catalogue", "search", "nine"), status: 65, contains: "activities[0].price: \"9x50\" is not a number")
        // A damaged index is ignored and made again.
        try good.write(to: file, atomically: true, encoding: .utf8)
        try Data("garbage".utf8).write(to: akkord.store.appendingPathComponent(".catalogue-index"))
        XCTAssertTrue(try akkord.run("catalogue", "search", "nine").stdout.contains("Nine"))
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testHelpLayoutAndUsageErrors() throws {
        let root = try akkord.run("--help")
        XCTAssertEqual(root.status, 0)
        for heading in ["OVERVIEW:", "USAGE: akkord <subcommand>", "OPTIONS:", "SUBCOMMANDS:"] {
            XCTAssertTrue(root.stdout.contains(heading), heading)
        }
        let a = try akkord.run("help", "catalogue", "search"), b = try akkord.run("catalogue", "search", "--help")
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertTrue(a.stdout.contains("USAGE: akkord catalogue search <terms> ... [--limit <n>]"), a.stdout)
        XCTAssertTrue(a.stdout.contains("ARGUMENTS:\n  <terms> ..."), a.stdout)
        XCTAssertEqual(try akkord.run("--version").stdout, "akkord 0.1.0\n")
        assertError(try akkord.run("catalog"), status: 64, contains: "unknown command 'catalog'")
        assertError(try akkord.run("catalogue", "show"), status: 64, contains: "missing <pos>")
        assertError(try akkord.run("catalogue", "show", "1", "2"), status: 64, contains: "unexpected argument '2'")
        assertError(try akkord.run("catalogue", "list", "--frobnicate"), status: 64, contains: "unknown option '--frobnicate'")
        assertError(try akkord.run("catalogue", "info", "--lang", "fr"), status: 64, contains: "--lang: \"fr\" is not a language")
        // Global options work before the command too.
        XCTAssertEqual(try akkord.run("--lang", "da", "catalogue", "show", "4.09").stdout.contains("142,40"), true)
    }
}
