import Foundation
import XCTest
@testable import AkkordKit

// The long part of DanishViewsTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension DanishViewsTests {
    func testNoEnglishIsLeftInDanish() throws {
        let s = try makeSample()
        XCTAssertEqual(s.confirmations.count, 37)
        XCTAssertEqual(s.views.count, 22)
        for (name, texts) in s.confirmations { XCTAssertEqual(Self.englishWords(in: texts[.da]!), [], "da \(name): \(texts[.da]!)") }
        for (name, view) in s.views { let da = try view(.da); XCTAssertEqual(Self.englishWords(in: da), [], "da \(name): \(da)") }

        // The check finds them in English, so it would find any left in Danish.
        let english = s.confirmations.values.map { $0[.en]! }.joined(separator: "\n") + (try s.views.values.map { try $0(.en) }).joined(separator: "\n")
        XCTAssertEqual(Self.englishWords(in: english), Self.englishWords.filter { $0 != "Share" && $0 != "Balance" },
                       "en has the labels of the views (Share and Balance are the report's)")
    }
}
