import XCTest
@testable import akkord

final class EditDistanceTests: XCTestCase {
    func testDistance() {
        XCTAssertEqual(editDistance("lines", "lines"), 0)
        XCTAssertEqual(editDistance("lnes", "lines"), 1)        // insert
        XCTAssertEqual(editDistance("linees", "lines"), 1)      // delete
        XCTAssertEqual(editDistance("lanes", "lines"), 1)       // substitute
        XCTAssertEqual(editDistance("liens", "lines"), 1)       // swap of neighbours
        XCTAssertEqual(editDistance("", "abc"), 3)
        XCTAssertEqual(editDistance("abc", ""), 3)
        XCTAssertEqual(editDistance("ca", "abc"), 3)            // optimal string alignment
        XCTAssertEqual(editDistance("xyzzyq", "list"), 6)
    }

    func testClosestName() {
        XCTAssertEqual(closestName(to: "serch", among: ["list", "search", "show"]), "search")
        XCTAssertEqual(closestName(to: "--nte", among: ["--note", "--json"]), "--note")
        XCTAssertNil(closestName(to: "xyzzyq", among: ["lines", "list"]))
        XCTAssertNil(closestName(to: "abcd", among: ["wxyz"]))
        // A tie goes to the first declared.
        XCTAssertEqual(closestName(to: "ab", among: ["ax", "xb"]), "ax")
        XCTAssertEqual(closestName(to: "ab", among: ["xb", "ax"]), "xb")
    }
}
