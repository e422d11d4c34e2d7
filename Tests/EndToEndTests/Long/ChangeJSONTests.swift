import Foundation
import XCTest

/// Every command that changes data answers `--json` with the changed object and its id
/// (SPEC §11), so a script can read back what it created.
final class ChangeJSONTests: EndToEndCase {
    let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/roof.jpg").path

    func json(_ args: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try akkord.run(Array(args) + ["--json"])
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)", file: file, line: line)
        return try XCTUnwrap(r.json as? [String: Any], "\(args) prints JSON: \(r.stdout)", file: file, line: line)
    }
    func object(_ o: [String: Any], _ key: String) -> [String: Any] { (o[key] as? [String: Any]) ?? [:] }

    func testEveryChangingCommandPrintsTheChangedObjectWithItsId() throws {
        XCTAssertEqual(object(try json("project", "new", "Vestergade 12"), "project")["id"] as? String, "vestergade-12")
        XCTAssertEqual(object(try json("project", "new", "Other"), "project")["id"] as? String, "other")
        XCTAssertEqual(object(try json("project", "use", "vestergade-12"), "project")["id"] as? String, "vestergade-12")
        XCTAssertEqual(object(try json("project", "edit", "--employer", "Tag & Co"), "project")["id"] as? String, "vestergade-12")

        let add = try json("add", "2.01", "12,5")
        XCTAssertEqual(object(add, "line")["id"] as? Int, 1)
        XCTAssertEqual(object(add, "line")["amount"] as? String, "481.25")       // 12.5 × 38.50
        XCTAssertEqual(add["subtotal"] as? String, "481.25")
        let custom = try json("add", "--custom", "Moss", "--unit", "m2", "--price", "10", "2")
        XCTAssertEqual(object(custom, "line")["id"] as? Int, 2)
        XCTAssertEqual(custom["subtotal"] as? String, "501.25")                  // + 2 × 10.00
        let edit = try json("edit", "2", "--quantity", "3")
        XCTAssertEqual(object(edit, "line")["quantity"] as? String, "3")
        XCTAssertEqual(edit["subtotal"] as? String, "511.25")
        let removed = try json("remove", "2")
        XCTAssertEqual((object(removed, "removed")["lines"] as? [[String: Any]])?.map { $0["id"] as? Int }, [2])
        XCTAssertEqual(removed["subtotal"] as? String, "481.25")

        XCTAssertEqual(object(try json("worker", "add", "Jens Hansen"), "worker")["id"] as? String, "jens-hansen")
        XCTAssertEqual(object(try json("worker", "add", "Bo"), "worker")["id"] as? String, "bo")
        XCTAssertEqual(object(object(try json("worker", "remove", "bo"), "removed"), "worker")["id"] as? String, "bo")
        XCTAssertEqual(object(try json("hours", "add", "jens", "7:30"), "hours")["id"] as? Int, 1)
        XCTAssertEqual(object(object(try json("hours", "remove", "1"), "removed"), "hours")["id"] as? Int, 1)
        XCTAssertEqual(object(try json("advance", "add", "jens", "500"), "advance")["id"] as? Int, 1)
        XCTAssertEqual(object(object(try json("advance", "remove", "1"), "removed"), "advance")["id"] as? Int, 1)
        let supplement = object(try json("supplement", "add", "Height", "4,5"), "supplement")
        XCTAssertEqual(supplement["id"] as? Int, 1)
        XCTAssertEqual(supplement["scope"] as? String, "all")
        XCTAssertEqual(object(object(try json("supplement", "remove", "1"), "removed"), "supplement")["id"] as? Int, 1)
        let extra = object(try json("extra", "add", "Snow", "--hours", "2", "--rate", "300"), "extraWork")
        XCTAssertEqual(extra["id"] as? Int, 1)
        XCTAssertEqual(extra["amount"] as? String, "600.00")
        XCTAssertEqual(object(object(try json("extra", "remove", "1"), "removed"), "extraWork")["id"] as? Int, 1)
        XCTAssertEqual((try json("photo", "add", photo))["photos"].map { ($0 as! [[String: Any]]).map { $0["id"] as! Int } }, [1])
        XCTAssertEqual(object(object(try json("photo", "remove", "1"), "removed"), "photo")["id"] as? Int, 1)
        XCTAssertEqual(object(try json("undo"), "project")["id"] as? String, "vestergade-12")

        XCTAssertEqual(object(try json("project", "close"), "project")["status"] as? String, "closed")
        XCTAssertEqual(object(try json("project", "reopen"), "project")["status"] as? String, "open")
        XCTAssertEqual(object(try json("project", "delete", "other", "--yes"), "deleted")["id"] as? String, "other")
        XCTAssertEqual(object(try json("project", "restore", "other"), "project")["id"] as? String, "other")
        XCTAssertNotNil(try json("config", "set", "deadlineWorkdays", "10"))
        XCTAssertNotNil(try json("catalogue", "regulate", "1,5")["changed"] as? Int)
    }
}
