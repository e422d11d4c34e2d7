import XCTest
@testable import AkkordKit

// The long part of ISODateTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension ISODateTests {
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
}

private extension String {
    init(format4 n: Int) { self = String(repeating: "0", count: 4 - String(n).count) + String(n) }
    init(format2 n: Int) { self = n < 10 ? "0\(n)" : "\(n)" }
}
