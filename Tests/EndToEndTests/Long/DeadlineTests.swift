import Foundation
import XCTest

/// The settlement deadline in `project list` (SPEC §9), through the binary: `deadlineWorkdays`
/// working days after a project's end, default 15. Today is fixed with `AKKORD_TODAY`, which
/// only the debug build that `swift test` runs reads; the config file is in a temporary
/// `XDG_CONFIG_HOME`.
final class DeadlineTests: EndToEndCase {
    var xdg: String { akkord.outside.appendingPathComponent("xdg-config").path }

    @discardableResult
    func run(_ arguments: [String], today: String = "2026-05-27", _ environment: [String: String] = [:]) throws -> Akkord.Result {
        try akkord.run(arguments, environment: ["XDG_CONFIG_HOME": xdg, "AKKORD_TODAY": today].merging(environment) { $1 })
    }

    func listed(today: String = "2026-05-27") throws -> [String: [String: Any]] {
        let r = try run(["project", "list", "--json"], today: today)
        XCTAssertEqual(r.status, 0, r.stderr)
        let projects = try XCTUnwrap((r.json as? [String: Any])?["projects"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: projects.map { ($0["id"] as! String, $0) })
    }

    /// Monday 2026-05-04 ended (open), one closed after ending the same day, one with no end.
    func makeProjects() throws {
        for name in ["Ended", "Closed", "Running"] { XCTAssertEqual(try run(["project", "new", name]).status, 0) }
        XCTAssertEqual(try run(["project", "edit", "ended", "--end", "2026-05-04"]).status, 0)
        XCTAssertEqual(try run(["project", "edit", "closed", "--end", "2026-05-04"]).status, 0)
        XCTAssertEqual(try run(["project", "close", "closed"]).status, 0)
    }

    func testDueFifteenWorkingDaysAfterTheEnd() throws {
        try makeProjects()
        XCTAssertEqual(try run(["config", "get", "deadlineWorkdays"]).stdout, "15 (default)\n")

        // Due on Wednesday 2026-05-27 (Ascension Day, 14 May, and Whit Monday, 25 May, are not
        // working days): not overdue that day, overdue the day after.
        var projects = try listed(today: "2026-05-27")
        XCTAssertEqual(projects["ended"]?["due"] as? String, "2026-05-27")
        XCTAssertEqual(projects["ended"]?["overdue"] as? Bool, false)
        projects = try listed(today: "2026-05-28")
        XCTAssertEqual(projects["ended"]?["due"] as? String, "2026-05-27")
        XCTAssertEqual(projects["ended"]?["overdue"] as? Bool, true)

        // A closed project and one without an end have no due date.
        for id in ["closed", "running"] {
            XCTAssertTrue(projects[id]?["due"] is NSNull, "\(id): \(projects[id] ?? [:])")
            XCTAssertEqual(projects[id]?["overdue"] as? Bool, false, id)
        }

        // The existing keys keep their order; due and overdue come last.
        let raw = try run(["project", "list", "--json"]).stdout
        let keys = ["\"id\"", "\"name\"", "\"status\"", "\"lines\"", "\"subtotal\"", "\"due\"", "\"overdue\""]
        let first = try XCTUnwrap(raw.range(of: "{", range: try XCTUnwrap(raw.range(of: "[")).upperBound..<raw.endIndex))
        let positions = keys.map { raw.range(of: $0, range: first.upperBound..<raw.endIndex)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), raw)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), raw)
    }

    func testTheTextListMarksWhatIsPastDue() throws {
        try makeProjects()
        let onTime = try run(["project", "list"], today: "2026-05-27")
        XCTAssertEqual(onTime.status, 0, onTime.stderr)
        XCTAssertTrue(onTime.stdout.contains("Due"), onTime.stdout)
        XCTAssertTrue(onTime.stdout.contains("2026-05-27\n"), onTime.stdout)
        XCTAssertFalse(onTime.stdout.contains("!"), onTime.stdout)

        let late = try run(["project", "list"], today: "2026-06-15")
        XCTAssertEqual(late.status, 0, late.stderr)
        let row = try XCTUnwrap(late.lines.first { $0.contains(" ended ") })
        XCTAssertTrue(row.hasSuffix("0.00  2026-05-27 !"), row)
        XCTAssertTrue(late.lines.first { $0.contains(" closed ") }?.hasSuffix("0.00") ?? false, late.stdout)
        XCTAssertTrue(late.stdout.hasSuffix("* current project\n! past due\n"), late.stdout)

        // Only closed projects listed: no deadline, no column.
        let closed = try run(["project", "list", "--status", "closed"], today: "2026-06-15")
        XCTAssertFalse(closed.stdout.contains("Due") || closed.stdout.contains("!"), closed.stdout)
    }

    func testDanishWords() throws {
        try makeProjects()
        let late = try run(["project", "list", "--lang", "da"], today: "2026-05-28")
        XCTAssertEqual(late.status, 0, late.stderr)
        XCTAssertTrue(late.lines[0].hasSuffix("Subtotal  Frist"), late.stdout)
        XCTAssertTrue(late.stdout.contains("0,00  2026-05-27 !\n"), late.stdout)
        XCTAssertTrue(late.stdout.hasSuffix("* det aktuelle projekt\n! fristen er overskredet\n"), late.stdout)
    }

    func testDeadlineWorkdaysFromTheConfigFile() throws {
        try makeProjects()
        XCTAssertEqual(try run(["config", "set", "deadlineWorkdays", "5"]).stdout, "deadlineWorkdays = 5\n")
        var projects = try listed(today: "2026-05-11")
        XCTAssertEqual(projects["ended"]?["due"] as? String, "2026-05-11")
        XCTAssertEqual(projects["ended"]?["overdue"] as? Bool, false)
        XCTAssertEqual(try listed(today: "2026-05-12")["ended"]?["overdue"] as? Bool, true)

        // From a Friday end, one working day is the Monday.
        XCTAssertEqual(try run(["config", "set", "deadlineWorkdays", "1"]).status, 0)
        XCTAssertEqual(try run(["project", "edit", "ended", "--end", "2026-05-29"]).status, 0)
        projects = try listed(today: "2026-05-30")
        XCTAssertEqual(projects["ended"]?["due"] as? String, "2026-06-01")
        XCTAssertEqual(projects["ended"]?["overdue"] as? Bool, false)

        XCTAssertEqual(try run(["config", "unset", "deadlineWorkdays"]).status, 0)
        XCTAssertEqual(try listed()["ended"]?["due"] as? String, "2026-06-19", "back to the default 15")
    }

    /// The config file is read for the deadline only when an open project has an end.
    func testTheConfigFileIsReadOnlyWhenADeadlineIsShown() throws {
        XCTAssertEqual(try run(["project", "new", "Running"]).status, 0)
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        try Data("{\"format\": \"akkord-config\", \"version\": 1,}".utf8).write(to: URL(fileURLWithPath: xdg + "/akkord/config.json"))
        let none = try run(["project", "list", "--lang", "en", "--json"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(try run(["project", "edit", "running", "--end", "2026-05-04", "--lang", "en"]).status, 0)
        assertError(try run(["project", "list", "--lang", "en"]), status: 65, contains: xdg + "/akkord/config.json")
    }

    func testABadTodayIsRefused() throws {
        assertError(try run(["project", "list"], today: "26-05-2026"), status: 64, contains: "AKKORD_TODAY: \"26-05-2026\" is not a date")
    }

    /// The settlement's course (SPEC §16), each date worked by hand: ended Monday 4 May 2026,
    /// handed in Wednesday 20 May; the criticism deadline (10 working days, Whit Monday 25 May
    /// off) is Thursday 4 June, so on 5 June an unanswered settlement counts as approved.
    func testTheSettlementsCourse() throws {
        XCTAssertEqual(try run(["project", "new", "Vestergade"]).status, 0)
        assertError(try run(["project", "hand-in"]), status: 1, contains: "project \"vestergade\" is not finished")
        let finished = try run(["project", "finish", "--date", "2026-05-04"])
        XCTAssertEqual(finished.stdout, "project vestergade finished on 2026-05-04\n", finished.stderr)
        XCTAssertEqual(try listed(today: "2026-05-20")["vestergade"]?["state"] as? String, "finished")
        assertError(try run(["project", "approve"]), status: 1, contains: "has not been handed in")
        assertError(try run(["project", "hand-in", "--date", "2026-05-03"]), status: 1, contains: "2026-05-03 is before the end date 2026-05-04")
        XCTAssertEqual(try run(["project", "hand-in", "--date", "2026-05-20"]).status, 0)
        assertError(try run(["project", "finish", "--date", "2026-05-06"]), status: 1, contains: "was handed in on 2026-05-20")

        var p = try XCTUnwrap(try listed(today: "2026-06-04")["vestergade"])
        XCTAssertEqual(p["state"] as? String, "handed-in")
        XCTAssertEqual(p["due"] as? String, "2026-06-04")
        XCTAssertEqual(p["handedIn"] as? String, "2026-05-20")
        p = try XCTUnwrap(try listed(today: "2026-06-05")["vestergade"])
        XCTAssertEqual(p["state"] as? String, "approved")
        XCTAssertEqual(p["approvedByDefault"] as? Bool, true)
        XCTAssertTrue(p["approved"] is NSNull, "approved by default is never written")
        let text = try run(["project", "list", "--lang", "da"], today: "2026-06-05")
        XCTAssertTrue(text.stdout.contains("godkendt (intet svar)"), text.stdout)
        XCTAssertEqual(try run(["project", "list", "--status", "approved", "--json"], today: "2026-06-05").json.map { ($0 as! [String: Any])["projects"] as! [Any] }?.count, 1)
        XCTAssertEqual(try run(["project", "list", "--status", "afleveret", "--json"], today: "2026-06-05").json.map { ($0 as! [String: Any])["projects"] as! [Any] }?.count, 0)

        assertError(try run(["project", "dispute"]), status: 64, contains: "project dispute needs --note")
        let disputed = try run(["project", "dispute", "--note", "pris på 2.01", "--date", "2026-06-01"])
        XCTAssertEqual(disputed.status, 0, disputed.stderr)
        XCTAssertEqual(try listed(today: "2026-06-05")["vestergade"]?["state"] as? String, "disputed")
        assertError(try run(["project", "approve"]), status: 1, contains: "was already disputed on 2026-06-01")
        let history = try run(["history", "--lang", "da"]).stdout
        XCTAssertTrue(history.contains("indsigelse: - → 2026-06-01"), history)
        XCTAssertTrue(history.contains("afleveret: - → 2026-05-20"), history)
        // Undo takes the dispute back; the file keeps only what was recorded.
        XCTAssertEqual(try run(["undo"]).status, 0)
        XCTAssertEqual(try listed(today: "2026-06-04")["vestergade"]?["state"] as? String, "handed-in")
        XCTAssertEqual(try run(["check"]).status, 0)
    }

    /// The office's deadlines and days off from the config file.
    func testDeadlinesAndDaysOffFromTheConfig() throws {
        XCTAssertEqual(try run(["project", "new", "Vestergade"]).status, 0)
        XCTAssertEqual(try run(["project", "finish", "--date", "2026-05-04"]).status, 0)
        XCTAssertEqual(try run(["config", "set", "settlementDeadline", "4 weeks"]).stdout, "settlementDeadline = 4 weeks\n")
        XCTAssertEqual(try listed()["vestergade"]?["due"] as? String, "2026-06-01", "4 weeks after Monday 4 May")
        XCTAssertEqual(try run(["config", "set", "settlementDeadline", "32 dage"]).stdout, "settlementDeadline = 32 days\n")
        XCTAssertEqual(try listed()["vestergade"]?["due"] as? String, "2026-06-05", "Friday 5 June")
        XCTAssertEqual(try run(["config", "set", "extraHolidays", "06-05, 12-24"]).stdout, "extraHolidays = 06-05,12-24\n")
        XCTAssertEqual(try listed()["vestergade"]?["due"] as? String, "2026-06-08", "Constitution Day off: Monday 8 June")
        assertError(try run(["config", "set", "criticismDeadline", "10 months"]), status: 64, contains: "criticismDeadline: \"10 months\" is not")
    }

}
