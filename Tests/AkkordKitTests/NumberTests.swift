import XCTest
@testable import AkkordKit

final class NumberTests: XCTestCase {
    func testParsesBothDecimalSeparatorsAndGrouping() throws {
        let cases: [(String, String)] = [
            ("12,5", "12.5"), ("12.5", "12.5"), ("1.234,50", "1234.5"), ("1,234.50", "1234.5"),
            ("1.234.567,125", "1234567.125"), ("1,234,567.125", "1234567.125"), ("0,001", "0.001"),
            (" 7 ", "7"), ("-3,5", "-3.5"), (",5", "0.5"), ("007", "7"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(try Quantity(parsing: input).plain, expected, "input \(input)")
        }
    }

    func testRejectsMalformedNumbersWithClearMessages() {
        let cases: [(String, String)] = [
            ("", "a number is required, got an empty value"),
            ("12,345,6", "\"12,345,6\" is not a number"),
            ("1.2.3", "\"1.2.3\" is not a number"),
            ("1,23.456,7", "\"1,23.456,7\" is not a number"),
            ("12,34.5", "\"12,34.5\" is not a number"),      // grouping must be by three
            ("1.234,5.6", "\"1.234,5.6\" is not a number"),
            ("NaN", "\"NaN\" is not a number"),
            ("inf", "\"inf\" is not a number"),
            ("1e3", "\"1e3\" is not a number (exponents are not accepted; write the digits out)"),
            ("12.", "\"12.\" is not a number"),
            ("1.2345", "\"1.2345\" has more than 3 fraction digits"),
            ("10000000", "\"10000000\" is too large (at most 9,999,999.999)"),
            ("12 kg", "\"12 kg\" is not a number"),
        ]
        for (input, message) in cases {
            XCTAssertThrowsError(try Quantity(parsing: input), "input \(input)") { error in
                XCTAssertEqual("\(error)", message, "input \(input)")
            }
        }
        XCTAssertThrowsError(try UnitPrice(parsing: "1,23456")) { XCTAssertEqual("\($0)", "\"1,23456\" has more than 4 fraction digits") }
        XCTAssertThrowsError(try Money(parsing: "1.005")) { XCTAssertEqual("\($0)", "\"1.005\" has more than 2 fraction digits") }
        XCTAssertThrowsError(try Money(parsing: "1000000000000")) { XCTAssertEqual("\($0)", "\"1000000000000\" is too large (at most 999,999,999,999.99)") }
    }

    func testHoursAreKeptExactly() throws {
        XCTAssertEqual(try Hours(parsing: "7:30"), try Hours(parsing: "7,5"))
        let twenty = try Hours(parsing: "7:20")
        XCTAssertEqual(Sum([twenty, twenty, twenty]).within(), try Hours(parsing: "22"))
        XCTAssertEqual(twenty.plain, "7:20")
        XCTAssertEqual(twenty.formatted(.en), "7.33")
        XCTAssertEqual(try Hours(parsing: "0,001").plain, "0.001")
        for bad in ["7:60", "7:5", ":30", "7:3a", "abc", "-1:00"] {
            XCTAssertThrowsError(try Hours(parsing: bad), bad)
        }
    }

    func testFormatsForBothLanguages() throws {
        let m = try Money(parsing: "1234.5")
        XCTAssertEqual(m.formatted(.en), "1,234.50")
        XCTAssertEqual(m.formatted(.da), "1.234,50")
        XCTAssertEqual(m.plain, "1234.50")
        XCTAssertEqual(try UnitPrice(parsing: "38.5").plain, "38.50")
        XCTAssertEqual(try UnitPrice(parsing: "0.0015").plain, "0.0015")
        XCTAssertEqual(try Quantity(parsing: "12.500").plain, "12.5")
        XCTAssertEqual(Money(raw: -5).formatted(.da), "-0,05")
    }

    /// Every row of Tests/Fixtures/numbers.tsv was computed by scripts/gen-number-fixtures.py with
    /// Python's decimal module (ROUND_HALF_UP); akkord must agree to the øre on all of them.
    func testAgreesWithPythonDecimalReference() throws {
        let rows = try Fixtures.tsvRows("numbers.tsv")
        var counts: [String: Int] = [:]
        for row in rows {
            counts[row[0], default: 0] += 1
            switch row[0] {
            case "product":
                let amount = try Quantity(parsing: row[1]).amount(at: try UnitPrice(parsing: row[2]))
                XCTAssertEqual(amount.plain, row[3], "\(row[1]) × \(row[2])")
            case "percent":
                XCTAssertEqual(try Money(parsing: row[1]).percentage(try Percent(parsing: row[2])).within()?.plain, row[3], "\(row[1]) × \(row[2])%")
            case "hourpay":
                XCTAssertEqual(try Hours(parsing: row[1]).pay(at: try UnitPrice(parsing: row[2])).plain, row[3], "\(row[1]) h × \(row[2])")
            case "hours2":
                XCTAssertEqual(try Hours(parsing: row[1]).twoDecimalsPlain, row[3], row[1])
            case "format":
                let m = try Money(parsing: row[1])
                XCTAssertEqual(m.formatted(.en), row[2])
                XCTAssertEqual(m.formatted(.da), row[3])
            default: XCTFail("unknown row kind \(row[0])")
            }
        }
        XCTAssertGreaterThanOrEqual(counts["product"] ?? 0, 3000)
        XCTAssertGreaterThanOrEqual(counts["percent"] ?? 0, 1000)
        XCTAssertGreaterThanOrEqual(counts["hourpay"] ?? 0, 1000)
    }

    func testRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(divideRoundingHalfAwayFromZero(5, 10), 1)
        XCTAssertEqual(divideRoundingHalfAwayFromZero(-5, 10), -1)
        XCTAssertEqual(divideRoundingHalfAwayFromZero(4, 10), 0)
        XCTAssertEqual(divideRoundingHalfAwayFromZero(-15, 10), -2)
        XCTAssertEqual(Money(raw: -10_000).percentage(Percent(raw: 12_345)).exact, -1_235) // -100.00 × 12.345% = -12.345 → -12.35
    }

    func testUnitAliases() {
        XCTAssertEqual(UnitName.canonical("m²"), "m2")
        XCTAssertEqual(UnitName.canonical("KVM"), "m2")
        XCTAssertEqual(UnitName.canonical("rm"), "lbm")
        XCTAssertEqual(UnitName.canonical("Stk"), "pcs")
        XCTAssertEqual(UnitName.canonical("timer"), "h")
        XCTAssertEqual(UnitName.canonical("sæt"), "sæt")
    }
}
