import XCTest
@testable import AkkordKit

/// `ISODate.isValid` (every line of a project goes through it) against an independent oracle: a
/// date exists when turning it into a day number and back (`Workdays`, Howard Hinnant's
/// civil-days arithmetic, which the settlement deadlines use) gives the same year, month and day.
final class ISODateTests: XCTestCase {
    private func oracle(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), (1...31).contains(d) else { return false }
        return Workdays.civil(Workdays.dayNumber(year: y, month: m, day: d)) == (y, m, d)
    }

    private func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ISODate.isValid($0) }
    }

    func testEveryMonthAndDayOfManyYears() {
        var checked = 0, valid = 0
        let years = Array(0...2100) + [2400, 2800, 9996, 9999]
        for y in years {
            for m in 0...13 {
                for d in 0...32 {
                    let text = String(format4: y) + "-" + String(format2: m) + "-" + String(format2: d)
                    let expected = oracle(y, m, d)
                    XCTAssertEqual(isValid(text), expected, text)
                    checked += 1
                    if expected { valid += 1 }
                }
            }
        }
        // 365 or 366 days a year: the oracle counts them (a wrong oracle would not).
        let leapYears = years.filter { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 }.count
        XCTAssertEqual(valid, years.count * 365 + leapYears)
        XCTAssertEqual(checked, years.count * 14 * 33)
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

private extension String {
    init(format4 n: Int) { self = String(repeating: "0", count: 4 - String(n).count) + String(n) }
    init(format2 n: Int) { self = n < 10 ? "0\(n)" : "\(n)" }
}
