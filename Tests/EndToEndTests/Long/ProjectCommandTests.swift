import Foundation
import XCTest

final class ProjectCommandTests: EndToEndCase {
    func projectFile(_ id: String) -> URL { akkord.store.appendingPathComponent("projects/\(id).json") }

    func testProjectLifecycleAndLines() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12, Århus").stdout,
                       "created project vestergade-12-aarhus (Vestergade 12, Århus); it is now the current project\n")
        // The same name again is refused (its lines would go into an empty second project), and
        // nothing changes; with --id it is made.
        let before0 = try snapshot()
        let again = try akkord.run("project", "new", "Vestergade 12, Århus")
        assertError(again, status: 1, contains: "a project \"vestergade-12-aarhus\" exists already (made from the name \"Vestergade 12, Århus\")")
        XCTAssertTrue(again.stderr.contains("hint: work on it with: akkord project use vestergade-12-aarhus; or give the new project its own id with --id ID"), again.stderr)
        XCTAssertEqual(try snapshot(), before0)
        XCTAssertEqual(try akkord.run("project", "new", "Vestergade 12, Århus", "--id", "vestergade-12-aarhus-2").status, 0)
        assertError(try akkord.run("project", "new", "Other", "--id", "vestergade-12-aarhus-2"), status: 1, contains: "a project \"vestergade-12-aarhus-2\" exists already")
        // 12.5 × 38.50 = 481.25; 3 × 1,650.00 = 4,950.00; custom 7.25 × 19.99 = 144.9275 → 144.93
        XCTAssertEqual(try akkord.run("-p", "vestergade-12-aarhus", "add", "2.01", "12,5").status, 0)
        XCTAssertEqual(try akkord.run("-p", "vestergade-12-aarhus", "add", "7.01", "3").status, 0)
        let custom = try akkord.run("-p", "vestergade-12-aarhus", "add", "--custom", "Moss removal", "--unit", "kvm", "--price", "19,99", "7.25")
        XCTAssertEqual(custom.stdout, "line 3: X3 Moss removal, 7.25 m2 × 19.99 = 144.93\n")
        let lines = try akkord.run("-p", "vestergade-12-aarhus", "lines", "--json").json as! [String: Any]
        XCTAssertEqual(lines["subtotal"] as? String, "5576.18")  // 481.25 + 4950.00 + 144.93
        XCTAssertEqual((lines["lines"] as! [[String: Any]]).map { $0["amount"] as! String }, ["481.25", "4950.00", "144.93"])

        // The second project is current; list shows both with counts and subtotals.
        let list = try akkord.run("project", "list", "--json").json as! [String: Any]
        let projects = list["projects"] as! [[String: Any]]
        XCTAssertEqual(projects.map { $0["id"] as! String }, ["vestergade-12-aarhus", "vestergade-12-aarhus-2"])
        XCTAssertEqual(projects.map { $0["lines"] as! Int }, [3, 0])
        XCTAssertEqual(projects.map { $0["subtotal"] as! String }, ["5576.18", "0.00"])

        // Ids are never reused; edits are recorded with old and new values.
        XCTAssertEqual(try akkord.run("-p", "vestergade-12-aarhus", "remove", "3").status, 0)
        XCTAssertEqual(try akkord.run("-p", "vestergade-12-aarhus", "add", "2.01", "1").stdout.hasPrefix("line 4:"), true)
        XCTAssertEqual(try akkord.run("-p", "vestergade-12-aarhus", "edit", "1", "--quantity", "10").stdout,
                       "line 1 quantity: 12.5 → 10\nline 1 amount: 481.25 → 385.00\n")
        assertError(try akkord.run("-p", "vestergade-12-aarhus", "edit", "1", "--price", "1"), status: 1, contains: "only custom lines take --price")
        let history = try akkord.run("-p", "vestergade-12-aarhus", "history").stdout
        XCTAssertTrue(history.contains("akkord -p vestergade-12-aarhus edit 1 --quantity 10\n    line 1 quantity: 12.5 → 10"), history)
        XCTAssertTrue(history.contains("line 3 removed: X3 Moss removal"), history)

        // use, show, edit, close, reopen, delete
        XCTAssertEqual(try akkord.run("project", "use", "vestergade-12-aarhus").status, 0)
        XCTAssertTrue(try akkord.run("project", "show").stdout.contains("Vestergade 12, Århus (vestergade-12-aarhus), current"))
        XCTAssertEqual(try akkord.run("project", "edit", "--employer", "Tag & Co").stdout, "employer: \"\" → \"Tag & Co\"\n")
        XCTAssertEqual(try akkord.run("project", "close").status, 0)
        XCTAssertEqual(try akkord.run("project", "list", "--status", "open", "--json").json.map { ($0 as! [String: Any])["projects"] as! [Any] }?.count, 1)
        let before = try Data(contentsOf: projectFile("vestergade-12-aarhus"))
        for command in [["add", "2.01", "1"], ["edit", "1", "--note", "x"], ["remove", "1"], ["project", "edit", "--note", "x"]] {
            let r = try akkord.run(command)
            assertError(r, status: 1, contains: "project \"vestergade-12-aarhus\" is closed")
            XCTAssertTrue(r.stderr.contains("hint: reopen it first with: akkord project reopen vestergade-12-aarhus"), r.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: projectFile("vestergade-12-aarhus")), before)
        XCTAssertEqual(try akkord.run("project", "reopen").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "1").status, 0)
        assertError(try akkord.run("project", "delete", "vestergade-12-aarhus-2"), status: 64, contains: "add --yes")
        XCTAssertEqual(try akkord.run("project", "delete", "vestergade-12-aarhus-2", "--yes").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: projectFile("vestergade-12-aarhus-2").path))
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testStoreLayoutAndPermissions() throws {
        XCTAssertEqual(try akkord.run("project", "new", "P").status, 0)
        let fm = FileManager.default
        func mode(_ path: String) throws -> Int { (try fm.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue }
        XCTAssertEqual(try mode(akkord.store.path), 0o700)
        XCTAssertEqual(try mode(akkord.store.appendingPathComponent("projects").path), 0o700)
        XCTAssertEqual(try mode(projectFile("p").path), 0o600)
        XCTAssertEqual(try mode(akkord.store.appendingPathComponent("store.json").path), 0o600)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: akkord.store.appendingPathComponent("store.json"))) as! [String: Any]
        XCTAssertEqual(state["format"] as? String, "akkord-store")
        XCTAssertEqual(state["version"] as? Int, 1)
        XCTAssertEqual(state["currentProject"] as? String, "p")
        let project = try JSONSerialization.jsonObject(with: Data(contentsOf: projectFile("p"))) as! [String: Any]
        XCTAssertEqual(project["format"] as? String, "akkord-project")
    }

    func testStoreLocationFromEnvironment() throws {
        let home = akkord.store.appendingPathComponent("home").path
        XCTAssertEqual(try akkord.run(["project", "new", "A"], environment: ["AKKORD_HOME": home], useStore: false).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/projects/a.json"))
        let xdg = akkord.store.appendingPathComponent("xdg").path
        XCTAssertEqual(try akkord.run(["project", "new", "B"], environment: ["XDG_DATA_HOME": xdg], useStore: false).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: xdg + "/akkord/projects/b.json"))
    }

    func testBadArgumentsGetTheirExitCodeAndChangeNothing() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Roof").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "1").status, 0)
        let before = try Data(contentsOf: projectFile("roof"))
        let cases: [([String], Int32, String)] = [
            (["add", "2.01", "-1"], 64, "<quantity>: \"-1\" must be greater than zero"),
            (["add", "2.01", "0"], 64, "<quantity>: \"0\" must be greater than zero"),
            (["add", "2.01", "12,345,6"], 64, "<quantity>: \"12,345,6\" is not a number"),
            (["add", "2.01", "1,2345"], 64, "<quantity>: \"1,2345\" has more than 3 fraction digits"),
            (["add", "9.99", "1"], 1, "no activity with pos \"9.99\""),
            (["edit", "42", "--quantity", "2"], 1, "no line 42 in project \"roof\""),
            (["remove", "1", "42"], 1, "no line 42 in project \"roof\""),
            (["remove", "abc"], 64, "<line>: \"abc\" is not a line number"),
            (["-p", "../etc", "lines"], 1, "no project is named or has an id beginning \"../etc\""),
            (["-p", "", "lines"], 64, "--project: must not be empty"),
            (["project", "use", "../x"], 1, "no project is named or has an id beginning \"../x\""),
            (["project", "show", "nope"], 1, "no project \"nope\""),
            (["project", "new", ""], 64, "<name>: must not be empty"),
            (["project", "new", "X", "--start", "2026-02-30"], 64, "--start: \"2026-02-30\" is not a date"),
            (["add", "--custom", "A", "--unit", "m2", "1"], 64, "a custom line needs --unit and --price"),
            (["add", "2.01", "1", "--date", "tomorrow"], 64, "--date: \"tomorrow\" is not a date"),
        ]
        for (args, status, message) in cases {
            let r = try akkord.run(args)
            assertError(r, status: status, contains: message)
            XCTAssertEqual(r.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count, 1, "one error line for \(args)")
        }
        XCTAssertEqual(try Data(contentsOf: projectFile("roof")), before)
        XCTAssertEqual(try akkord.run("project", "list", "--json").json.map { (($0 as! [String: Any])["projects"] as! [Any]).count }, 1)
    }

    func testDamagedProjectFileIsNeverOverwritten() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Roof").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "1").status, 0)
        let file = projectFile("roof")
        let good = try Data(contentsOf: file)
        for damaged in [good.prefix(good.count / 2), Data("garbage \u{0} not json".utf8), Data([0xFF, 0xFE, 0x00])] {
            try damaged.write(to: file)
            for command in [["lines"], ["add", "2.01", "1"], ["edit", "1", "--quantity", "2"], ["remove", "1"], ["history"],
                            ["project", "show"], ["project", "list"], ["project", "close"], ["check"]] {
                let r = try akkord.run(command)
                assertError(r, status: 65, contains: file.path)
                XCTAssertEqual(try Data(contentsOf: file), damaged, "\(command) must not touch the damaged file")
            }
        }
    }

    func testEditedTotalsAreCaughtByCheck() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Roof").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "10").status, 0)  // 10 × 38.50 = 385.00
        let file = projectFile("roof")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"amount\": \"385.00\"", with: "\"amount\": \"395.00\"").write(to: file, atomically: true, encoding: .utf8)
        let r = try akkord.run("check")
        assertError(r, status: 65, contains: "\(file.path): lines[0].amount: is 395.00 but quantity × price is 385.00")
    }

    func testBusyStoreExits75() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Roof").status, 0)
        // Hold the store lock from another process, then try a change with a short timeout.
        let holder = try LockHolder(akkord)
        defer { holder.release() }
        let before = try Data(contentsOf: projectFile("roof"))
        let r = try akkord.run(["add", "2.01", "1"], environment: ["AKKORD_LOCK_TIMEOUT": "1"])
        assertError(r, status: 75, contains: "the store is busy")
        XCTAssertEqual(try Data(contentsOf: projectFile("roof")), before)
    }
}
