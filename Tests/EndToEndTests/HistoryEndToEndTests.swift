import Foundation
import XCTest

/// `history` and `undo` in the active language, in local time (SPEC §15), run as the binary with
/// `TZ=Europe/Copenhagen`: the file keeps the time in UTC and each change described beside its
/// English text; what is shown is made from the description.
final class HistoryEndToEndTests: EndToEndCase {
    let zone = ["TZ": "Europe/Copenhagen"]

    @discardableResult
    func run(_ language: String, _ arguments: String...) throws -> Akkord.Result {
        let r = try akkord.run(["--lang", language] + arguments, environment: zone)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
        return r
    }

    var projectFile: URL { akkord.store.appendingPathComponent("projects/tagvej-3.json") }

    func projectJSON() throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: projectFile)) as? [String: Any])
    }

    func history() throws -> [[String: Any]] { try XCTUnwrap(try projectJSON()["history"] as? [[String: Any]]) }

    /// A stored time (UTC) as Copenhagen's clock shows it, worked out here with Foundation: one
    /// hour on in winter, two in summer.
    func copenhagen(_ stored: String) throws -> String {
        let utc = ISO8601DateFormatter()
        utc.formatOptions = [.withInternetDateTime]
        let date = try XCTUnwrap(utc.date(from: stored), stored)
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Copenhagen"))
        let offset = zone.secondsFromGMT(for: date)
        XCTAssertEqual(offset, zone.isDaylightSavingTime(for: date) ? 7200 : 3600, "winter UTC+1, summer UTC+2")
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(secondsFromGMT: 0)
        local.dateFormat = "yyyy-MM-dd HH:mm"
        return local.string(from: date.addingTimeInterval(TimeInterval(offset)))
    }

    static let addCommand = "akkord add --custom Tagpap --unit m2 --price 38,50 \"12,4*8,2 - 1,2*0,9\""

    /// Sets the stored time of history entry `index` (as an older or hand-edited file may hold
    /// any time): for a time of year that does not depend on today.
    func setStoredTime(_ time: String, ofEntry index: Int) throws {
        var text = try String(contentsOf: projectFile, encoding: .utf8)
        let stored = try XCTUnwrap(try history()[index]["time"] as? String)
        let command = index == 0 ? "akkord project new" : "akkord add"
        let range = try XCTUnwrap(text.range(of: "\"time\": \"\(stored)\",\n      \"command\": \"\(command)"))
        text.replaceSubrange(range, with: String(text[range]).replacingOccurrences(of: stored, with: time))
        try text.write(to: projectFile, atomically: true, encoding: .utf8)
    }

    func testDanishHistoryAndUndoInLocalTime() throws {
        try run("da", "project", "new", "Tagvej 3")
        XCTAssertEqual(try run("da", "add", "--custom", "Tagpap", "--unit", "m2", "--price", "38,50", "12,4*8,2 - 1,2*0,9").stdout,
                       "linje 1: X1 Tagpap, 100,6 m² × 38,50 = 3.873,10\n")

        // The file: UTC, the English text and the description.
        let entries = try history()
        XCTAssertEqual(entries.count, 2)
        let created = try XCTUnwrap(entries[0]["time"] as? String), added = try XCTUnwrap(entries[1]["time"] as? String)
        XCTAssertTrue(added.hasSuffix("Z") && added.count == 20, added)
        XCTAssertEqual(entries[1]["changes"] as? [String], ["line 1 added: X1 Tagpap, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"])
        let details = try XCTUnwrap(entries[1]["details"] as? [[String: Any]])
        XCTAssertEqual(details.count, 1)
        XCTAssertEqual(details[0] as NSDictionary, ["what": "lineAdded", "id": 1, "pos": "X1", "name": "Tagpap", "quantity": "100.6", "unit": "m2",
                                                    "price": "38.50", "amount": "3873.10", "measurement": "12,4*8,2 - 1,2*0,9"] as NSDictionary)

        // Shown in Danish, figures in Danish, times in local time.
        XCTAssertEqual(try run("da", "history").stdout, """
            \(try copenhagen(created))  akkord project new "Tagvej 3"
                projekt "tagvej-3" oprettet: Tagvej 3
            \(try copenhagen(added))  \(Self.addCommand)
                linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10

            """)

        // A winter time, fixed: 23:30 UTC on 15 January is 00:30 the next day in Copenhagen.
        try setStoredTime("2026-01-15T23:30:00Z", ofEntry: 1)
        XCTAssertEqual(try run("da", "undo", "--dry-run").stdout, """
            ville fortryde: linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10
              (lavet 2026-01-16 00:30 med: \(Self.addCommand))

            """)
        XCTAssertEqual(try run("da", "undo").stdout, """
            fortrudt: linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10
              (lavet 2026-01-16 00:30 med: \(Self.addCommand))

            """)
        let undone = try history()
        XCTAssertEqual(undone.count, 3)
        let undoTime = try XCTUnwrap(undone[2]["time"] as? String)
        XCTAssertEqual(undone[2]["changes"] as? [String], ["undid the change of 2026-01-15T23:30:00Z (\(Self.addCommand))",
                                                           "undid: line 1 added: X1 Tagpap, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10"])
        let undoDetails = try XCTUnwrap(undone[2]["details"] as? [[String: Any]])
        XCTAssertEqual(undoDetails.map { $0["what"] as? String }, ["undo", "undone"])
        XCTAssertEqual((undoDetails[1]["change"] as? [String: Any])?["amount"] as? String, "3873.10")
        XCTAssertEqual(try run("da", "history").stdout, """
            \(try copenhagen(created))  akkord project new "Tagvej 3"
                projekt "tagvej-3" oprettet: Tagvej 3
            2026-01-16 00:30  \(Self.addCommand)
                linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10
            \(try copenhagen(undoTime))  akkord undo
                fortrød ændringen fra 2026-01-16 00:30 (\(Self.addCommand))
                fortrudt: linje 1 tilføjet: X1 Tagpap, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10

            """)

        // The JSON is the same in both languages, and carries the descriptions.
        let en = try run("en", "history", "--json"), da = try run("da", "history", "--json")
        XCTAssertEqual(en.stdout, da.stdout)
        let json = try XCTUnwrap(en.json as? [String: Any])
        let listed = try XCTUnwrap(json["history"] as? [[String: Any]])
        XCTAssertEqual(listed.map { ($0["details"] as? [[String: Any]])?.first?["what"] as? String }, ["projectCreated", "lineAdded", "undo"])
        XCTAssertEqual(listed[1]["time"] as? String, "2026-01-15T23:30:00Z", "the JSON keeps the stored time")
    }

    func testEnglishHistoryAndUndoInLocalTime() throws {
        try run("en", "project", "new", "Tagvej 3")
        try run("en", "add", "--custom", "Tagpap", "--unit", "m2", "--price", "38.50", "12.4*8.2 - 1.2*0.9")
        try run("en", "worker", "add", "Jens Hansen")
        try run("en", "hours", "add", "jens", "7:20", "--date", "2026-05-04")
        let entries = try history()
        let times = try entries.map { try XCTUnwrap($0["time"] as? String) }
        XCTAssertEqual(try run("en", "history").stdout, """
            \(try copenhagen(times[0]))  akkord project new "Tagvej 3"
                project "tagvej-3" created: Tagvej 3
            \(try copenhagen(times[1]))  akkord add --custom Tagpap --unit m2 --price 38.50 "12.4*8.2 - 1.2*0.9"
                line 1 added: X1 Tagpap, 100.6 m2 (measured 12.4*8.2 - 1.2*0.9) × 38.50 = 3,873.10
            \(try copenhagen(times[2]))  akkord worker add "Jens Hansen"
                worker jens-hansen added: Jens Hansen, journeyman
            \(try copenhagen(times[3]))  akkord hours add jens 7:20 --date 2026-05-04
                hours 1 added: jens-hansen 7:20 (7.33 h) on 2026-05-04

            """)
        XCTAssertEqual(entries[3]["changes"] as? [String], ["hours 1 added: jens-hansen 7:20 h on 2026-05-04"], "the stored text, as before")
        XCTAssertEqual(try run("en", "undo").stdout, """
            undid: hours 1 added: jens-hansen 7:20 (7.33 h) on 2026-05-04
              (made \(try copenhagen(times[3])) by: akkord hours add jens 7:20 --date 2026-05-04)

            """)
        // The same undo shown in Danish, from the same file.
        XCTAssertTrue(try run("da", "history").stdout.hasSuffix("""
              akkord undo
                fortrød ændringen fra \(try copenhagen(times[3])) (akkord hours add jens 7:20 --date 2026-05-04)
                fortrudt: timer 1 tilføjet: jens-hansen 7:20 (7,33 t) den 2026-05-04

            """))
    }

    /// An entry written before changes were described (text only): shown as stored, in either
    /// language, with its local time; undone, its text is what the undo says it took back.
    func testAnOldEntryIsShownAsStored() throws {
        try run("en", "project", "new", "Tagvej 3")
        try run("en", "add", "--custom", "Tagpap", "--unit", "m2", "--price", "38.50", "1200")
        // The add's entry as an akkord before this wrote it: one row, no `details`, a summer time.
        var text = try String(contentsOf: projectFile, encoding: .utf8)
        let times = try history().map { try XCTUnwrap($0["time"] as? String) }
        let entry = try XCTUnwrap(text.range(of: ",\n    {\n      \"time\": \"\(times[1])\",\n      \"command\": \"akkord add"))
        text.replaceSubrange(entry.lowerBound..., with: """
            ,
                {"time": "2026-07-01T10:00:00Z", "command": "akkord add --custom Tagpap --unit m2 --price 38.50 1200", "changes": ["line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00"]}
              ]
            }

            """)
        try text.write(to: projectFile, atomically: true, encoding: .utf8)
        XCTAssertFalse(try history()[1].keys.contains("details"))
        XCTAssertEqual(try akkord.run("check").status, 0, "the old form reads")

        XCTAssertEqual(try run("da", "history").stdout, """
            \(try copenhagen(times[0]))  akkord project new "Tagvej 3"
                projekt "tagvej-3" oprettet: Tagvej 3
            2026-07-01 12:00  akkord add --custom Tagpap --unit m2 --price 38.50 1200
                line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00

            """, "summer: UTC+2; the old entry's text as stored")
        XCTAssertEqual(try run("da", "undo").stdout, """
            fortrudt: line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00
              (lavet 2026-07-01 12:00 med: akkord add --custom Tagpap --unit m2 --price 38.50 1200)

            """)
        let undo = try XCTUnwrap(try history().last)
        XCTAssertEqual(undo["changes"] as? [String], ["undid the change of 2026-07-01T10:00:00Z (akkord add --custom Tagpap --unit m2 --price 38.50 1200)",
                                                      "undid: line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00"])
        XCTAssertEqual((undo["details"] as? [[String: Any]])?.last?["text"] as? String, "line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00")
        XCTAssertTrue(try run("en", "history").stdout.hasSuffix("""
              akkord undo
                undid the change of 2026-07-01 12:00 (akkord add --custom Tagpap --unit m2 --price 38.50 1200)
                undid: line 1 added: X1 Tagpap, 1200 m2 × 38.50 = 46200.00

            """))
    }
}
