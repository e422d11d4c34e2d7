import Foundation
import XCTest

/// `undo`, the trash (`project delete`, `project list --trash`, `project restore`) and
/// `edit --date/--section`, run through the built binary.
final class UndoTrashTests: EndToEndCase {
    let id = "vestergade-12"
    let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/roof.jpg").path
    var projectFile: URL { akkord.store.appendingPathComponent("projects/\(id).json") }

    func projectJSON() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: projectFile)) as! [String: Any]
    }

    /// The project file without what an undo must not take back: the history (it only grows) and
    /// the id counters (ids are never given out twice).
    func content(_ p: [String: Any]) -> NSDictionary {
        var p = p
        p["history"] = nil
        p["nextIds"] = nil
        return p as NSDictionary
    }

    func ok(_ args: String...) throws {
        let r = try akkord.run(args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
    }

    func testTwentyUndosWalkBackTwentyChangesExactly() throws {
        try ok("project", "new", "Vestergade 12")
        let changes: [[String]] = [
            ["add", "2.01", "12,5"], ["add", "2.02", "3"], ["add", "--custom", "Moss removal", "--unit", "m2", "--price", "19,99", "7.25"],
            ["edit", "1", "--quantity", "12,4*8,2"], ["edit", "2", "--note", "north side"], ["edit", "3", "--price", "21"],
            ["edit", "1", "--date", "2026-10-01", "--section", "Tagrender og nedløb"], ["remove", "2"],
            ["worker", "add", "Jens Hansen"], ["worker", "add", "Ole Lærling", "--apprentice", "--rate", "120"],
            ["hours", "add", "jens", "37:30"], ["hours", "add", "ole", "20"], ["advance", "add", "jens", "1000"],
            ["supplement", "add", "Height", "5", "--section", "Tagrender og nedløb"], ["extra", "add", "Scaffold moved", "--amount", "450"],
            ["photo", "add", photo, "--caption", "north"], ["photo", "remove", "1"],
            ["project", "edit", "--employer", "Tag & Co", "--end", "2026-11-20"], ["add", "7.01", "2"], ["remove", "4"],
            ["hours", "remove", "1"],
        ]
        var before: [[String: Any]] = []
        for change in changes {
            before.append(try projectJSON())
            let r = try akkord.run(change)
            XCTAssertEqual(r.status, 0, "\(change): \(r.stderr)")
        }
        let last = try projectJSON()
        let counters = last["nextIds"] as! NSDictionary
        var history = last["history"] as! [Any]

        for k in 1...20 {
            let r = try akkord.run("undo")
            XCTAssertEqual(r.status, 0, "undo \(k): \(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix("undid: "), r.stdout)
            let change = changes[changes.count - k]
            XCTAssertTrue(r.stdout.contains("by: akkord \(change[0]) \(change[1])"), "undo \(k) names its change: \(r.stdout)")
            let now = try projectJSON()
            XCTAssertEqual(content(now), content(before[changes.count - k]), "after \(k) undos the project is as it was before change \(changes.count - k)")
            XCTAssertEqual(now["nextIds"] as? NSDictionary, counters, "ids are never given out again")
            let grown = now["history"] as! [[String: Any]]
            XCTAssertEqual(grown.count, history.count + 1)
            XCTAssertEqual(grown.dropLast() as NSArray, history as NSArray, "the history only grows")
            XCTAssertEqual(grown.last?["undoes"] as? Int, before[changes.count - k]["history"].map { ($0 as! [Any]).count })
            history = grown
        }
        // The photo removed by change 17 and brought back by the undos has its file, and check is clean.
        let check = try akkord.run("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertFalse(check.stdout.contains("leftover"), check.stdout)

        // A new line after the undos takes a new id: line 5 (lines 1–4 were given out before).
        let added = try akkord.run("add", "2.01", "1")
        XCTAssertTrue(added.stdout.hasPrefix("line 5: "), added.stdout)
    }

    func testUndoOfAPhotoRemovalBringsThePhotoBack() throws {
        try ok("project", "new", "Vestergade 12")
        try ok("photo", "add", photo, "--caption", "north")
        let file = ((try projectJSON()["photos"] as! [[String: Any]])[0]["file"] as! String)
        try ok("photo", "remove", "1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: akkord.store.appendingPathComponent("photos/\(file)").path), "kept for undo")
        XCTAssertFalse(try akkord.run("check").stdout.contains("leftover"), "an undo step uses it")
        try ok("undo")
        let photos = try akkord.run("photo", "list", "--json").json as! [String: Any]
        XCTAssertEqual((photos["photos"] as! [[String: Any]]).map { $0["file"] as! String }, [file])
        let report = try akkord.run("report", "-o", akkord.outsideFile("r.pdf").path, "--format", "pdf")
        XCTAssertEqual(report.status, 0, report.stderr)
    }

    func testUndoIsRefusedOnAClosedProjectAndWhenNothingIsLeft() throws {
        try ok("project", "new", "Vestergade 12")
        assertError(try akkord.run("undo"), status: 1, contains: "cannot undo")
        try ok("add", "2.01", "10")
        try ok("project", "close")
        let closed = try snapshot()
        let r = try akkord.run("undo")
        assertError(r, status: 1, contains: "is closed")
        XCTAssertTrue(r.stderr.contains("akkord project reopen \(id)"), r.stderr)
        XCTAssertEqual(try snapshot(), closed, "nothing changed")
        try ok("project", "reopen")
        // The reopen is the last change: undoing it closes the project again.
        let undone = try akkord.run("undo")
        XCTAssertTrue(undone.stdout.contains("project reopen"), undone.stdout)
        XCTAssertEqual(try projectJSON()["status"] as? String, "closed")
        try ok("project", "reopen")
        try ok("undo")  // the reopen again
        assertError(try akkord.run("undo"), status: 1, contains: "is closed")
    }

    func testDryRunChangesNothing() throws {
        try ok("project", "new", "Vestergade 12")
        try ok("add", "2.01", "10")
        try ok("add", "2.02", "4")
        let before = try snapshot()
        let r = try akkord.run("undo", "--dry-run")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("would undo: line 2 added: 2.02"), r.stdout)
        XCTAssertEqual(try snapshot(), before)
        let json = try akkord.run("undo", "--dry-run", "--json").json as! [String: Any]
        XCTAssertEqual(json["dryRun"] as? Bool, true)
        XCTAssertEqual((json["undid"] as! [String: Any])["command"] as? String, "akkord add 2.02 4")
        XCTAssertEqual((json["project"] as! [String: Any])["subtotal"] as? String, "385.00")  // 10 × 38.50 left
    }

    /// An undo step is believed only when its history is the project's own (a step left by an
    /// earlier project with the same id, or tampered with, is never applied).
    func testAStepWhoseHistoryIsNotTheProjectsOwnIsNeverApplied() throws {
        try ok("project", "new", "Vestergade 12")
        for q in ["1", "2", "3"] { try ok("add", "2.01", q) }      // steps 1, 2, 3
        let step2 = akkord.store.appendingPathComponent("undo/\(id)/2.json")
        var forged = try JSONSerialization.jsonObject(with: Data(contentsOf: step2)) as! [String: Any]
        var history = forged["history"] as! [[String: Any]]
        history[0]["time"] = "2020-01-01T00:00:00Z"
        forged["history"] = history
        try JSONSerialization.data(withJSONObject: forged).write(to: step2)

        let undone = try akkord.run("undo")                        // step 3 is the project's own
        XCTAssertEqual(undone.status, 0, undone.stderr)
        XCTAssertEqual((try akkord.run("lines", "--json").json as! [String: Any])["subtotal"] as? String, "115.50")  // (1 + 2) × 38.50
        let before = try snapshot()
        assertError(try akkord.run("undo"), status: 1, contains: "cannot undo")  // step 2 is not
        XCTAssertEqual(try snapshot(), before)
    }

    func testTheIdAloneRestoresTheNewestTrashEntry() throws {
        try ok("project", "new", "Vestergade 12")
        try ok("add", "2.01", "6")
        try ok("project", "delete", id, "--yes")
        // The same name again is refused while the deleted project is in the trash …
        assertError(try akkord.run("project", "new", "Vestergade 12"), status: 1,
                    contains: "the id \"\(id)\" (made from the name \"Vestergade 12\") belongs to a deleted project in the trash")
        try ok("project", "new", "Vestergade 12", "--id", id)       // … but the id given is taken
        try ok("add", "7.01", "11")
        try ok("project", "delete", id, "--yes")
        let trash = try akkord.run("project", "list", "--trash", "--json").json as! [String: Any]
        XCTAssertEqual((trash["trash"] as! [[String: Any]]).map { $0["entry"] as! String }, ["\(id).1", "\(id).2"])
        XCTAssertEqual((trash["trash"] as! [[String: Any]]).map { $0["subtotal"] as! String }, ["231.00", "18150.00"])  // 6 × 38.50; 11 × 1,650.00
        try ok("project", "restore", id)
        XCTAssertEqual((try akkord.run("lines", "--json").json as! [String: Any])["subtotal"] as? String, "18150.00", "the newest")
        try ok("project", "restore", "\(id).1", "--as", "first")
        XCTAssertEqual((try akkord.run("lines", "--json").json as! [String: Any])["subtotal"] as? String, "231.00")
        XCTAssertEqual(try akkord.run("project", "list", "--trash").stdout, "The trash is empty.\n")
    }

    func testDeletedProjectRestoredReadsAsBefore() throws {
        try ok("project", "new", "Vestergade 12", "--employer", "Tag & Co")
        try ok("add", "2.01", "12,5")
        try ok("worker", "add", "Jens Hansen")
        try ok("hours", "add", "jens", "7:30")
        try ok("photo", "add", photo)
        let report = try akkord.run("report", "--format", "json").stdout
        let text = try akkord.run("report").stdout
        try ok("project", "delete", id, "--yes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: projectFile.path))
        let trash = try akkord.run("project", "list", "--trash")
        XCTAssertTrue(trash.stdout.contains(id) && trash.stdout.contains("Vestergade 12"), trash.stdout)
        XCTAssertEqual(try akkord.run("project", "list", "--json").json.map { (($0 as! [String: Any])["projects"] as! [Any]).count }, 0)

        let restored = try akkord.run("project", "restore", id)
        XCTAssertEqual(restored.stdout, "restored project \(id) (Vestergade 12) from the trash; it is the current project\n", restored.stderr)
        XCTAssertEqual(try akkord.run("report", "--format", "json").stdout, report)
        XCTAssertEqual(try akkord.run("report").stdout, text)
        XCTAssertEqual(try akkord.run("project", "list", "--trash").stdout, "The trash is empty.\n")
        XCTAssertTrue(try akkord.run("history").stdout.contains("restored from the trash (trash/\(id).json)"))
        let check = try akkord.run("check")
        XCTAssertEqual(check.status, 0, check.stdout)

        // Restoring onto a taken id is refused; --as gives it another.
        try ok("project", "delete", id, "--yes")
        try ok("project", "new", "Vestergade 12", "--id", id)
        let before = try snapshot()
        assertError(try akkord.run("project", "restore", id), status: 1, contains: "a project \"\(id)\" exists already")
        XCTAssertEqual(try snapshot(), before)
        try ok("project", "restore", id, "--as", "vestergade-old")
        XCTAssertEqual(try akkord.run("-p", "vestergade-old", "report", "--format", "json").stdout,
                       report.replacingOccurrences(of: "\"id\": \"\(id)\"", with: "\"id\": \"vestergade-old\""))
        assertError(try akkord.run("project", "restore", "nothing-here"), status: 1, contains: "no project \"nothing-here\" in the trash")
        let da = try akkord.run("--lang", "da", "project", "list", "--trash")
        XCTAssertEqual(da.stdout, "Papirkurven er tom.\n")
    }

    /// A restore killed after it wrote the project but before the trash file went is finished by
    /// running it again; a different project under the id is still refused.
    func testARestoreStoppedHalfWayIsFinishedByRunningItAgain() throws {
        try ok("project", "new", "Vestergade 12")
        try ok("add", "2.01", "3")
        try ok("project", "new", "Other")
        try ok("project", "delete", id, "--yes")
        let trashed = akkord.store.appendingPathComponent("trash/\(id).json")
        let bytes = try Data(contentsOf: trashed)
        try ok("project", "restore", id)
        let restored = try Data(contentsOf: projectFile)
        // As a kill before the last two writes leaves it: the trash file back, another project current.
        try bytes.write(to: trashed)
        try ok("project", "use", "other")
        let again = try akkord.run("project", "restore", id)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Data(contentsOf: projectFile), restored, "the project is not restored twice")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.path))
        XCTAssertEqual((try akkord.run("project", "show", "--json").json as! [String: Any])["id"] as? String, id)
    }

    func testEditDateAndSectionMoveALineInAndOutOfAScopedSupplement() throws {
        try ok("project", "new", "Vestergade 12")
        try ok("add", "2.01", "10")          // 385.00, section Tagpap
        try ok("add", "2.02", "4")           // 125.00
        assertError(try akkord.run("supplement", "add", "Height", "10", "--section", "Tagrender og nedløb"), status: 1, contains: "matches no line")
        let lines = try akkord.run("edit", "2", "--section", "Tagrender og nedløb", "--date", "2026-11-02")
        XCTAssertEqual(lines.stdout, "line 2 date: 2026-11-23 → 2026-11-02\nline 2 section: \"Tagpap\" → \"Tagrender og nedløb\"\n".replacingOccurrences(of: "2026-11-23", with: try today()))
        try ok("supplement", "add", "Height", "10", "--section", "Tagrender og nedløb")
        var report = try akkord.run("report", "--format", "json").json as! [String: Any]
        var supplements = report["supplements"] as! [[String: Any]]
        XCTAssertEqual(supplements.last?["base"] as? String, "125.00")
        XCTAssertEqual(supplements.last?["amount"] as? String, "12.50")   // 10 % of 125.00
        try ok("edit", "1", "--section", "Tagrender og nedløb")
        report = try akkord.run("report", "--format", "json").json as! [String: Any]
        supplements = report["supplements"] as! [[String: Any]]
        XCTAssertEqual(supplements.last?["base"] as? String, "510.00")    // 385.00 + 125.00
        XCTAssertEqual(supplements.last?["amount"] as? String, "51.00")
        let json = try akkord.run("lines", "--json").json as! [String: Any]
        let line2 = (json["lines"] as! [[String: Any]])[1]
        XCTAssertEqual(line2["date"] as? String, "2026-11-02")
        XCTAssertEqual(line2["section"] as? String, "Tagrender og nedløb")
        assertError(try akkord.run("edit", "1", "--date", "2026-02-30"), status: 64, contains: "--date")
        let before = try snapshot()
        XCTAssertEqual(try akkord.run("edit", "1", "--section", "Tagrender og nedløb").stdout, "nothing changed\n")
        XCTAssertEqual(try snapshot(), before)
    }

    func today() throws -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd"
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date())
    }
}
