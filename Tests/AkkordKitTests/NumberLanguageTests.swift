import XCTest
@testable import AkkordKit

/// Numbers as a Dane and an Englishman type them (SPEC §2): every value worked out by hand.
final class NumberLanguageTests: XCTestCase {
    /// input, language, the quantity it gives (plain form) or nil for an error.
    let quantities: [(String, Language, String?)] = [
        ("1.200", .da, "1200"), ("1.200", .en, "1.2"),
        ("1,200", .da, "1.2"), ("1,200", .en, "1200"),
        ("5.000", .da, "5000"), ("5,000", .en, "5000"), ("5,000", .da, "5"), ("5.000", .en, "5"),
        ("1.234,50", .da, "1234.5"), ("1.234,50", .en, "1234.5"),   // both separators: the last is decimal
        ("1,234.50", .da, "1234.5"), ("1,234.50", .en, "1234.5"),
        ("12,5", .da, "12.5"), ("12,5", .en, "12.5"), ("12.5", .da, "12.5"), ("12.5", .en, "12.5"),
        ("7.30", .da, "7.3"), ("7,30", .en, "7.3"),                 // two digits: a decimal point in both
        ("1.2345", .da, nil), ("1,2345", .en, nil),                 // four fraction digits: refused, not guessed
        ("1.234.567", .da, "1234567"), ("1,234,567", .en, "1234567"),
        ("1.234.567", .en, nil), ("1,234,567", .da, nil),
        ("0.500", .da, "0.5"), ("0,500", .en, "0.5"),               // a group cannot start with 0
        ("12.34.56", .da, nil), ("1.23,4", .da, nil), ("1.2.3", .en, nil),
        ("212,5", .da, "212.5"), ("1.000.000", .da, "1000000"),
        ("1.000", .da, "1000"), ("1.000", .en, "1"),
    ]

    func testAmbiguousNumbersAreReadByLanguage() throws {
        for (text, language, expected) in quantities {
            let parsed = try? Quantity(parsing: text, language: language)
            XCTAssertEqual(parsed?.plain, expected, "\(text) in \(language)")
        }
        // Money and prices follow the same rule.
        XCTAssertEqual(try Money(parsing: "5.000", language: .da).plain, "5000.00")
        // In en, 5.000 is five with three decimals: more than an amount has, so refused.
        XCTAssertThrowsError(try Money(parsing: "5.000", language: .en)) { XCTAssertEqual("\($0)", "\"5.000\" has more than 2 fraction digits") }
        XCTAssertEqual(try Money(parsing: "5,000", language: .en).plain, "5000.00")
        XCTAssertEqual(try UnitPrice(parsing: "1.234,5", language: .da).plain, "1234.50")
    }

    func testHoursLikeAClockTimeAreDecimalAndSaySo() throws {
        XCTAssertEqual(try Hours(parsing: "7.30", language: .da).plain, "7.3")   // 7.3 h, as §2 reads it
        XCTAssertEqual(try Hours(parsing: "7:30", language: .da).plain, "7.5")
        XCTAssertEqual(try Hours(parsing: "7,45", language: .en).plain, "7.45")
        // 0.30 h = 18 min; 0.45 h = 27 min; 0.33 h = 19.8 min.
        XCTAssertEqual(Hours.clockTimeLookalike("7.30", language: .en), "7.30 h is 7 h 18 min; for 7 h 30 min write 7:30")
        XCTAssertEqual(Hours.clockTimeLookalike("7,45", language: .da), "7,45 t er 7 t 27 min; skriv 7:45 for 7 t 45 min")
        XCTAssertEqual(Hours.clockTimeLookalike("7.33", language: .en), "7.33 h is 7 h 19.8 min; for 7 h 33 min write 7:33")
        for notLike in ["7.5", "7.75", "7:30", "7", "75.30", "7.300", "7.3", "60.10"] {
            XCTAssertNil(Hours.clockTimeLookalike(notLike, language: .en), notLike)
        }
    }
}
