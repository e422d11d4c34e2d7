import XCTest
@testable import AkkordKit

/// `ISODate.isValid` (every line of a project goes through it) against an independent oracle: a
/// date exists when turning it into a day number and back (`Workdays`, Howard Hinnant's
/// civil-days arithmetic, which the settlement deadlines use) gives the same year, month and day.
final class ISODateTests: XCTestCase {
    func oracle(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), (1...31).contains(d) else { return false }
        return Workdays.civil(Workdays.dayNumber(year: y, month: m, day: d)) == (y, m, d)
    }

    func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ISODate.isValid($0) }
    }

    func testTextsThatAreNotDates() {
        for text in ["2026-1-01", "2026-01-1", "2026/01/01", "2026-01-01 ", "202a-01-01", "2026-0a-01", "2026-01-0a",
                     "2026-02-30", "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
                     "", "2026-01-010", "2026-01:01", "２０２６-01-01", "2026-01-3\u{0}"] {
            XCTAssertFalse(isValid(text), text)
        }
        for text in ["2024-02-29", "2000-02-29", "2026-12-31", "0000-01-01", "9999-12-31", "2026-02-28"] {
            XCTAssertTrue(isValid(text), text)
        }
    }
}
