import Foundation
import XCTest
@testable import akkord

/// `trimmingBlanks` stands in for Foundation's `trimmingCharacters(in: .whitespaces)` (akkord does
/// not link Foundation): the same on seeded random texts of blanks, line breaks and letters.
final class BlanksTests: XCTestCase {
    func testTrimmingBlanksIsFoundationsTrimmingOfWhitespaces() {
        let seed = UInt64(0xB1A2_C3D4)
        var state = seed
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [String] = [" ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{200B}", "\u{0301}", "a", "Ø", "1", "-", "😀"]
        for n in 0..<5_000 {
            let text = (0..<Int(next() % 8)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }.joined()
            XCTAssertEqual(text.trimmingBlanks, text.trimmingCharacters(in: .whitespaces), "case \(n), seed \(seed): \(Array(text.unicodeScalars))")
        }
        XCTAssertEqual("  12 \t".trimmingBlanks, "12", "by hand")
        XCTAssertEqual("\u{00A0}Tag\n".trimmingBlanks, "Tag\n", "a line break is not a blank")
    }
}
