import Foundation
import XCTest
@testable import AkkordKit

/// akkord does not link Foundation (it costs every command about 2 ms of start-up, SPEC §13); what
/// it took from Foundation is rebuilt in AkkordKit and checked here against Foundation itself,
/// which the tests may link.
final class FoundationFreeTests: XCTestCase {
    static let allScalars: [Unicode.Scalar] = (UInt32(0x80)...0x10FFFF).compactMap(Unicode.Scalar.init)

    func testEveryScalarDecomposesAsFoundationDecomposesIt() {
        var differ: [String] = []
        for scalar in Self.allScalars {
            let foundation = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
            if CanonicalDecomposition.of(scalar) != foundation { differ.append(String(scalar.value, radix: 16)) }
        }
        XCTAssertEqual(differ.count, 0, "scalars decomposed otherwise than Foundation: \(differ.prefix(20))")
        XCTAssertEqual(CanonicalDecomposition.of("é").map(\.value), [0x65, 0x301], "by hand: e and the combining acute")
        XCTAssertEqual(CanonicalDecomposition.of("한").map(\.value), [0x1112, 0x1161, 0x11AB], "by hand: Hangul by the formula")
        XCTAssertEqual(CanonicalDecomposition.of("가").map(\.value), [0x1100, 0x1161], "no trailing consonant")
    }

    /// The search folding as it was with Foundation: the oracle.
    static func foundationSpellOut(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 { let b = UInt8(v); out.append(b >= 65 && b <= 90 ? b + 32 : b); continue }
            switch v {
            case 0xC6, 0xE6: out += [97, 101]
            case 0xD8, 0xF8: out += [111, 101]
            case 0xC5, 0xE5: out += [97, 97]
            case 0xDF: out += [115, 115]
            case 0xB2: out.append(50)
            default:
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping.lowercased()
                for s in decomposed.unicodeScalars where !(0x300...0x36F).contains(s.value) {
                    if s.value < 0x80 { out.append(UInt8(s.value)) } else { out += Array(String(s).utf8) }
                }
            }
        }
        return out
    }

    func testSearchFoldsEveryScalarAsWithFoundation() {
        var differ: [String] = []
        for scalar in Self.allScalars where SearchText.spellOut(String(scalar)) != Self.foundationSpellOut(String(scalar)) {
            differ.append(String(scalar.value, radix: 16))
        }
        XCTAssertEqual(differ.count, 0, "scalars folded otherwise than with Foundation: \(differ.prefix(20))")
        for text in ["Crème brûlée", "Tagrende, ÆØÅ og Ǻ", "Ångström ½ m²", "Şişli 𝒜 ﬁ", "e\u{301}tage", "한국"] {
            XCTAssertEqual(SearchText.spellOut(text), Self.foundationSpellOut(text), text)
        }
        XCTAssertEqual(String(decoding: SearchText.spellOut("Crème Brûlée Ærø"), as: UTF8.self), "creme brulee aeroe", "by hand")
    }

    func testPhotoBase64IsFoundations() {
        var rng = WorkspacePropertyTests.SplitMix64(state: 0x5EED_F00D)
        for length in [0, 1, 2, 3, 4, 57, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            XCTAssertEqual(Base64.encodedString(bytes), Data(bytes).base64EncodedString(), "length \(length)")
        }
    }

    func testNoSourceFileImportsFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var swiftFiles = 0, importing: [String] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)!
        while let file = walker.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            swiftFiles += 1
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("import Foundation") }) { importing.append(file) }
        }
        XCTAssertGreaterThan(swiftFiles, 100, "the sources were found")
        XCTAssertEqual(importing, [], "akkord does not link Foundation (SPEC §13 start-up); use the stdlib or Support/")
    }
}
