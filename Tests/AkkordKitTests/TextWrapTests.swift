import XCTest
@testable import AkkordKit

/// `TextTable.wrap`: words kept whole where they fit, a longer one cut at the width, in one pass
/// (a damaged file's million-character value made `project list --trash` hang, found by the fuzzer).
final class TextWrapTests: XCTestCase {
    func testWordsAndLongWords() {
        XCTAssertEqual(TextTable.wrap("aa bb cc", width: 5), ["aa bb", "cc"])
        XCTAssertEqual(TextTable.wrap("abcdefghij xy", width: 4), ["abcd", "efgh", "ij", "xy"])
        XCTAssertEqual(TextTable.wrap("x abcdefgh", width: 4), ["x", "abcd", "efgh"])
        XCTAssertEqual(TextTable.wrap("æøå æøå", width: 3), ["æøå", "æøå"])
    }

    func testAMillionCharacterWordIsCutInOnePass() {
        let word = String(repeating: "x", count: 1_000_000)
        let start = ContinuousClock.now
        let lines = TextTable.wrap("start: " + word + " end", width: 80)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertEqual(lines.first, "start:")
        XCTAssertEqual(lines.last, "end")
        XCTAssertEqual(lines.dropFirst().dropLast().map(\.count), Array(repeating: 80, count: 12_500))
        XCTAssertEqual(lines.dropFirst().dropLast().joined(), word)
    }

    func testADateMessageQuotesAnExcerpt() {
        let long = String(repeating: "9", count: 10_000)
        let message = ISODate.problem(long)?.description ?? ""
        XCTAssertLessThan(message.count, 200, message)
        XCTAssertTrue(message.hasSuffix("is not a date; write YYYY-MM-DD"), message)
    }
}
