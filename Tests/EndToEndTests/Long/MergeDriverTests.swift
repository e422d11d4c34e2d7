import Foundation
import XCTest

/// `akkord merge-driver BASE MINE THEIRS PATH` (git's `%O %A %B %P`, SPEC §14) on files made by
/// akkord itself, no git needed: a clean merge replaces MINE and reads in the store; a conflict,
/// a file that does not read and a project made on both sides leave MINE as it was.
final class MergeDriverTests: EndToEndCase {
    var projectFile: URL { akkord.store.appendingPathComponent("projects/tagvej-3.json") }

    /// The project file now, saved outside the store as `name`.
    func save(_ name: String) throws -> URL {
        let url = akkord.outsideFile(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: projectFile, to: url)
        return url
    }

    func restore(_ url: URL) throws {
        try FileManager.default.removeItem(at: projectFile)
        try FileManager.default.copyItem(at: url, to: projectFile)
    }

    func ok(_ arguments: String...) throws {
        let r = try akkord.run(arguments)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
    }

    /// Base: two lines. Mine: line 1's note. Theirs: line 2's note (`theirsNote`) and a line 3.
    func versions(theirsNote: String = "south") throws -> (base: URL, mine: URL, theirs: URL) {
        try ok("project", "new", "Tagvej 3")
        try ok("add", "--custom", "Tagpap", "--unit", "m2", "--price", "38.50", "10")
        try ok("add", "--custom", "Lægter", "--unit", "lbm", "--price", "12", "20")
        let base = try save("base.json")
        try ok("edit", "1", "--note", "north")
        try ok("edit", "2", "--note", "mine")
        let mine = try save("mine.json")
        try restore(base)
        try ok("edit", "2", "--note", theirsNote)
        try ok("add", "--custom", "Rygning", "--unit", "lbm", "--price", "95", "8")
        let theirs = try save("theirs.json")
        return (base, mine, theirs)
    }

    func driver(_ base: URL, _ mine: URL, _ theirs: URL) throws -> Akkord.Result {
        try akkord.run(["merge-driver", base.path, mine.path, theirs.path, "projects/tagvej-3.json"], environment: ["USER": "ole"], useStore: false)
    }

    func testACleanMergeReplacesMineAndReadsInTheStore() throws {
        let (base, mine, theirs) = try versions(theirsNote: "mine")
        let r = try driver(base, mine, theirs)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        try restore(mine)
        XCTAssertEqual(try akkord.run("check").status, 0, "the merged file passes every rule of the store")
        let lines = try akkord.run("--json", "lines")
        let rows = try XCTUnwrap((lines.json as? [String: Any])?["lines"] as? [[String: Any]], lines.stdout)
        XCTAssertEqual(rows.map { $0["id"] as? Int }, [1, 2, 3])
        XCTAssertEqual(rows.map { $0["note"] as? String }, ["north", "mine", ""])
        // 10 × 38.50 + 20 × 12 + 8 × 95 = 385 + 240 + 760
        XCTAssertEqual((lines.json as? [String: Any])?["subtotal"] as? String, "1385.00")
        let history = try akkord.run("--json", "history")
        let entries = try XCTUnwrap(history.json as? [[String: Any]] ?? (history.json as? [String: Any])?["history"] as? [[String: Any]], history.stdout)
        let last = try XCTUnwrap(entries.last)
        XCTAssertEqual(last["command"] as? String, "akkord merge-driver")
        XCTAssertEqual(last["by"] as? String, "ole")
        XCTAssertEqual(last["changes"] as? [String], ["merged"])
    }

    func testAConflictLeavesMineAsItWasAndListsIt() throws {
        let (base, mine, theirs) = try versions()
        let before = try Data(contentsOf: mine)
        let r = try driver(base, mine, theirs)
        assertError(r, status: 1, contains: "projects/tagvej-3.json: 1 conflict; the file is left as it was")
        XCTAssertTrue(r.stderr.contains(#"tagvej-3/line 2/note: this machine "mine", incoming "south""#), r.stderr)
        XCTAssertEqual(try Data(contentsOf: mine), before)
    }

    func testAFileThatDoesNotReadStopsTheMerge() throws {
        let (base, mine, theirs) = try versions()
        try Data("{\"format\": \"akkord-project\"".utf8).write(to: theirs)
        let before = try Data(contentsOf: mine)
        let r = try driver(base, mine, theirs)
        assertError(r, status: 65, contains: "projects/tagvej-3.json as it came in (\(theirs.path))")
        XCTAssertEqual(try Data(contentsOf: mine), before)
    }

    func testAProjectMadeOnBothSidesIsLeftToSync() throws {
        let (_, mine, theirs) = try versions()
        let empty = akkord.outsideFile("empty.json")
        try Data().write(to: empty)
        let before = try Data(contentsOf: mine)
        let r = try driver(empty, mine, theirs)
        assertError(r, status: 1, contains: "was made on both machines")
        XCTAssertEqual(try Data(contentsOf: mine), before)
    }
}
