import Foundation
import XCTest

/// `-p` takes a project's id, its name, or a unique beginning of either (SPEC §11, §15).
final class ProjectPrefixTests: EndToEndCase {
    func testAUniqueBeginningChoosesTheProjectAndAnAmbiguousOneListsThem() throws {
        for name in ["Søndergade 4", "Søndervej 2", "A"] { XCTAssertEqual(try akkord.run("project", "new", name).status, 0) }
        XCTAssertEqual(try akkord.run("project", "new", "A", "--id", "a-2").status, 0)
        XCTAssertEqual(try akkord.run("-p", "soenderg", "add", "2.01", "10").stdout, "line 1: 2.01 Underpap, sømmet, 10 m2 × 38.50 = 385.00\n")
        let lines = try akkord.run("-p", "soendergade-4", "lines", "--json").json as! [String: Any]
        XCTAssertEqual(lines["subtotal"] as? String, "385.00")
        XCTAssertEqual((try akkord.run("-p", "soenderv", "lines", "--json").json as! [String: Any])["subtotal"] as? String, "0.00")

        let before = try snapshot()
        let ambiguous = try akkord.run("-p", "soender", "add", "2.01", "1")
        assertError(ambiguous, status: 64, contains: "\"soender\" is the beginning of 2 project ids: soendergade-4, soendervej-2")
        XCTAssertEqual(try snapshot(), before)
        // An id that exists is itself, though a-2 begins with it too.
        XCTAssertEqual(try akkord.run("-p", "a", "add", "2.01", "2").status, 0)
        XCTAssertEqual((try akkord.run("-p", "a", "lines", "--json").json as! [String: Any])["subtotal"] as? String, "77.00")
        XCTAssertEqual((try akkord.run("-p", "a-", "lines", "--json").json as! [String: Any])["subtotal"] as? String, "0.00")
        assertError(try akkord.run("-p", "nothing", "lines"), status: 1, contains: "no project is named or has an id beginning \"nothing\"")
        // A command's own ID argument is exact: a beginning never deletes.
        assertError(try akkord.run("project", "delete", "soenderg", "--yes"), status: 1, contains: "no project \"soenderg\"")
    }
}
