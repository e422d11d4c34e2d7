import Foundation
import XCTest

/// SPEC §15: a newcomer's mistakes get a hint.
final class NewcomerHintTests: EndToEndCase {
    func testSwappedArgumentsAndACommaInThePos() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let swapped = try akkord.run("add", "12,5", "2.04")
        XCTAssertEqual(swapped.status, 1)
        XCTAssertTrue(swapped.stderr.hasSuffix("hint: the pos comes first: akkord add 2.04 12,5\n"), swapped.stderr)
        let comma = try akkord.run("add", "2,01", "5")
        XCTAssertEqual(comma.status, 1)
        XCTAssertTrue(comma.stderr.hasSuffix("hint: did you mean 2.01 Underpap, sømmet?\n"), comma.stderr)
        // Nothing was added.
        let lines = try XCTUnwrap(try akkord.run("lines", "--json").json as? [String: Any])
        XCTAssertEqual((lines["lines"] as? [Any])?.count, 0)
    }
}

/// SPEC §15: `config get store` shows the store in force.
final class ConfigStoreInForceTests: EndToEndCase {
    func testTheStoreInForceIsShown() throws {
        let home = akkord.store.path + "-home"
        let env = ["AKKORD_HOME": "/srv/roofs"]
        let viaVariable = try akkord.run(["config", "get", "store"], environment: env, useStore: false)
        XCTAssertEqual(viaVariable.stdout, "/srv/roofs (AKKORD_HOME; the config file: \(home)/.local/share/akkord (default))\n")
        let viaFlag = try akkord.run(["--store", "/srv/other", "config", "get", "store"], environment: env, useStore: false)
        XCTAssertEqual(viaFlag.stdout, "/srv/other (--store; the config file: \(home)/.local/share/akkord (default))\n", "--store before AKKORD_HOME")
        let json = try XCTUnwrap(try akkord.run(["--json", "config", "get", "store"], environment: env, useStore: false).json as? [String: Any])
        XCTAssertEqual(json["inForce"] as? String, "/srv/roofs")
        XCTAssertEqual(json["from"] as? String, "AKKORD_HOME")
        XCTAssertEqual(try akkord.run(["config", "get", "store"], useStore: false).stdout, "\(home)/.local/share/akkord (default)\n")
    }
}

/// SPEC §15 (issue 27): a line break inside a one-line cell of a price list (Alt+Enter in a
/// spreadsheet) is a space, said once; a note keeps its line breaks.
final class CSVLineBreakTests: EndToEndCase {
    func testALineBreakInANameIsASpace() throws {
        let file = akkord.outsideFile("prisliste.csv")
        try "pos,name,unit,price,section,note\r\n9.01,\"Tagrende\r\nzink\",m,120,\"Tag-\nrender\",\"første\nanden\"\r\n9.02,Plain,m,10,,\r\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try akkord.run("catalogue", "import", file.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "note: \(file.path): a line break inside a name, unit or section is a space (line 2)\n")
        let show = try XCTUnwrap(try akkord.run("catalogue", "show", "9.01", "--json").json as? [String: Any])
        let activity = (show["activity"] as? [String: Any]) ?? show
        XCTAssertEqual(activity["name"] as? String, "Tagrende zink")
        XCTAssertEqual(activity["section"] as? String, "Tag- render")
        XCTAssertEqual(activity["note"] as? String, "første\nanden")
    }
}
