import Foundation
import XCTest

/// `worker add --weight`, `worker edit --weight` and the report's weighted split through the
/// built binary (SPEC §16). Figures worked by hand in the comments.
final class WeightsEndToEndTests: EndToEndCase {
    func testWeightsThroughTheCommands() throws {
        for s in [["project", "new", "Vægt"], ["add", "--custom", "Tag", "--unit", "m2", "--price", "100", "10"],
                  ["worker", "add", "Jens"], ["worker", "add", "Ole", "--weight", "0,8"], ["worker", "add", "Lars", "--apprentice", "--weight", "0,5"],
                  ["worker", "add", "Ali", "--apprentice", "--rate", "100"],
                  ["hours", "add", "jens", "10"], ["hours", "add", "ole", "10"], ["hours", "add", "lars", "10"], ["hours", "add", "ali", "1"]] {
            let r = try akkord.run(s)
            XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)")
        }
        // T = 1000.00, Ali 1 × 100 = 100.00, pool 900.00 over 10 + 8 + 5 = 23 weighted hours:
        // 391.304…, 313.043…, 195.652… → floors 391.30 + 313.04 + 195.65 = 899.99, the øre to the
        // largest remainder (Jens, .43): 391.31. Hourly 900/23 = 39.13; all hours 31, 1000/31 = 32.26.
        var json = try XCTUnwrap(try akkord.run("report", "--format", "json").json as? [String: Any])
        XCTAssertEqual((json["team"] as? [[String: Any]])?.map { $0["share"] as? String }, ["391.31", "313.04", "195.65", "100.00"])
        XCTAssertEqual([json["weightedHours"], json["hourlyEarnings"], json["allHours"], json["totalPerHour"], json["journeymanHours"]].map { $0 as? String },
                       ["23.00", "39.13", "31.00", "32.26", "20.00"])

        // Ole to 1: 900 over 25 weighted hours = 36.00 an hour: Jens 360.00, Ole 360.00, Lars 180.00.
        let edit = try akkord.run("worker", "edit", "ole", "--weight", "1")
        XCTAssertEqual(edit.status, 0, edit.stderr)
        XCTAssertEqual(edit.stdout, "worker ole (Ole): weight 1\n")
        json = try XCTUnwrap(try akkord.run("report", "--format", "json").json as? [String: Any])
        XCTAssertEqual((json["team"] as? [[String: Any]])?.map { $0["share"] as? String }, ["360.00", "360.00", "180.00", "100.00"])
        let history = try akkord.run("--lang", "da", "history")
        XCTAssertTrue(history.stdout.contains("medarbejder ole (Ole) vægt: 0,8 → 1"), history.stdout)
        XCTAssertTrue(history.stdout.contains("medarbejder lars tilføjet: Lars, lærling, vægt 0,5"), history.stdout)
        // Undone, Ole's weight is 0.8 again.
        XCTAssertEqual(try akkord.run("undo").status, 0)
        json = try XCTUnwrap(try akkord.run("report", "--format", "json").json as? [String: Any])
        XCTAssertEqual((json["team"] as? [[String: Any]])?.map { $0["weight"] as? String }, ["1", "0.8", "0.5", "1"])
    }

    func testWeightsOutOfRangeAreRefused() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Vægt").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Jens").status, 0)
        let project = akkord.store.appendingPathComponent("projects/vaegt.json")
        let before = try Data(contentsOf: project)
        assertError(try akkord.run("worker", "add", "Ole", "--weight", "0"), status: 64, contains: "--weight: \"0\" must be greater than zero")
        assertError(try akkord.run("worker", "add", "Ole", "--weight", "2,5"), status: 64, contains: "--weight: \"2,5\" is too large (at most 2)")
        assertError(try akkord.run("worker", "edit", "jens", "--weight", "0,555"), status: 64, contains: "--weight: \"0,555\" has more than 2 fraction digits")
        assertError(try akkord.run("worker", "add", "Lars", "--apprentice"), status: 64, contains: "an apprentice needs --rate (paid by the hour) or --weight (sharing the pool)")
        assertError(try akkord.run("worker", "add", "Lars", "--apprentice", "--rate", "100", "--weight", "0,5"), status: 64, contains: "not both")
        XCTAssertEqual(try Data(contentsOf: project), before, "nothing written")
        XCTAssertEqual(try akkord.run("worker", "add", "Ali", "--apprentice", "--rate", "100").status, 0)
        assertError(try akkord.run("worker", "edit", "ali", "--weight", "0,5"), status: 1,
                    contains: "Ali is an apprentice paid by the hour; only those who share the pool have a weight")
        let danish = try akkord.run("--lang", "da", "worker", "add", "Ole", "--weight", "0,555")
        XCTAssertEqual(danish.status, 64)
        XCTAssertEqual(danish.stderr, "fejl: --weight: \"0,555\" har mere end 2 decimaler\n")
    }
}
