import Foundation
import XCTest

/// `daywork add|list|remove` through the built binary (SPEC §16); figures by hand in the comments.
final class DayworkTests: EndToEndCase {
    func testAddListRemoveAndTheReport() throws {
        for s in [["project", "new", "Tag"], ["add", "2.01", "10"], ["worker", "add", "Jens Hansen"], ["worker", "add", "Mads"],
                  ["hours", "add", "jens", "30"], ["hours", "add", "mads", "10"]] {
            let r = try akkord.run(s)
            XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)")
        }
        let before = try akkord.run("report", "--format", "json").json as! [String: Any]
        XCTAssertNil(before["daywork"])

        // 7:30 × 250 = 1,875.00 of weather, given in Danish.
        let added = try akkord.run("daywork", "add", "jens", "7:30", "--rate", "250", "--kind", "vejrlig", "--date", "2026-05-04")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "daywork 1: jens-hansen weather 7:30 (7.50 h) × 250.00 = 1,875.00 on 2026-05-04\n")
        // 4 × 187.25 = 749.00, dagløn by default, as JSON.
        let json = try akkord.run("daywork", "add", "mads", "4", "--rate", "187,25", "--date", "2026-05-05", "--json").json as! [String: Any]
        let entry = json["daywork"] as! [String: Any]
        XCTAssertEqual(entry["id"] as? Int, 2)
        XCTAssertEqual(entry["kind"] as? String, "daywork")
        XCTAssertEqual(entry["amount"] as? String, "749.00")
        XCTAssertEqual(try akkord.run("daywork", "add", "jens", "2", "--rate", "100", "--kind", "syg").status, 0)

        let list = try akkord.run("--lang", "da", "daywork", "list")
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("vejrlig"), list.stdout)
        XCTAssertTrue(list.stdout.contains("syg"), list.stdout)
        XCTAssertTrue(list.stdout.contains("dagløn"), list.stdout)
        // Jens 1,875.00 + 200.00 = 2,075.00; in all 2,824.00.
        XCTAssertTrue(list.stdout.contains("2.075,00"), list.stdout)
        XCTAssertTrue(list.stdout.contains("2.824,00"), list.stdout)
        let listJSON = try akkord.run("daywork", "list", "--json").json as! [String: Any]
        XCTAssertEqual(listJSON["dayworkTotal"] as? String, "2824.00")
        XCTAssertEqual((listJSON["daywork"] as! [[String: Any]]).count, 3)

        // The report: the daywork beside the piecework, which is as it was.
        let after = try akkord.run("report", "--format", "json").json as! [String: Any]
        XCTAssertEqual(after["dayworkTotal"] as? String, "2824.00")
        for key in ["total", "pool", "team", "hourlyEarnings"] {
            XCTAssertEqual(after[key] as? NSObject, before[key] as? NSObject, key)
        }
        let text = try akkord.run("--lang", "da", "report")
        XCTAssertTrue(text.stdout.contains("\nTIMELØN\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Timeløn i alt"), text.stdout)

        // Removed, and undone back.
        let removed = try akkord.run("daywork", "remove", "3")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, "daywork 3 removed: jens-hansen sick 2:00 (2.00 h) = 200.00\n")
        XCTAssertEqual(try akkord.run("undo").status, 0)
        XCTAssertEqual((try akkord.run("daywork", "list", "--json").json as! [String: Any])["dayworkTotal"] as? String, "2824.00")
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testRefusedDaywork() throws {
        for s in [["project", "new", "Tag"], ["worker", "add", "Jens"]] { XCTAssertEqual(try akkord.run(s).status, 0) }
        let project = akkord.store.appendingPathComponent("projects/tag.json")
        let before = try Data(contentsOf: project)
        assertError(try akkord.run("daywork", "add", "ole", "7", "--rate", "200"), status: 1, contains: "no worker \"ole\" on project \"tag\"")
        assertError(try akkord.run("daywork", "add", "jens", "7", "--rate", "200", "--kind", "storm"), status: 64,
                    contains: "\"storm\" is not daywork, sick, weather or other")
        assertError(try akkord.run("daywork", "add", "jens", "7"), status: 64, contains: "daywork needs --rate")
        assertError(try akkord.run("daywork", "add", "jens", "0", "--rate", "200"), status: 64, contains: "hours")
        assertError(try akkord.run("daywork", "remove", "9"), status: 1, contains: "no daywork 9 on project \"tag\"")
        XCTAssertEqual(try Data(contentsOf: project), before, "nothing written")
        // A worker with daywork stays.
        XCTAssertEqual(try akkord.run("daywork", "add", "jens", "7", "--rate", "200").status, 0)
        assertError(try akkord.run("worker", "remove", "jens"), status: 1, contains: "worker jens has 1 daywork entry")
        let danish = try akkord.run(["daywork", "add", "jens", "7", "--rate", "200", "--kind", "storm"], environment: ["AKKORD_LANG": "da"])
        XCTAssertEqual(danish.status, 64)
        XCTAssertTrue(danish.stderr.contains("er ikke dagløn, syg, vejrlig eller andet"), danish.stderr)
    }
}
