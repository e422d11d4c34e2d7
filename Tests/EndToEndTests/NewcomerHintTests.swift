import Foundation
import XCTest

/// SPEC §15: a newcomer's mistakes get a hint.
final class NewcomerHintTests: EndToEndCase {
    func testSwappedArgumentsAndACommaInThePos() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let swapped = try akkord.run("add", "12,5", "2.04")
        XCTAssertEqual(swapped.status, 1)
        XCTAssertTrue(swapped.stderr.hasSuffix("hint: the pos comes first: akkord add 2.04 12,5\n"), swapped.stderr)
        let comma = try akkord.run("add", "2,01", "5")
        XCTAssertEqual(comma.status, 1)
        XCTAssertTrue(comma.stderr.hasSuffix("hint: did you mean 2.01 Under felt, nailed (underpap)?\n"), comma.stderr)
        // Nothing was added.
        let lines = try XCTUnwrap(try akkord.run("lines", "--json").json as? [String: Any])
        XCTAssertEqual((lines["lines"] as? [Any])?.count, 0)
    }
}
