import Foundation
import XCTest
@testable import AkkordKit

/// One reader of measurements (issue 25): the grammar is read once, from UTF-8. The string entry
/// point (`MeasurementExpression`) and the byte entry point (`MeasurementExpression.value(utf8:language:)`,
/// also fed bytes inside a larger buffer, as from a mapped file) must give the same values and the
/// same errors, and both what the character-by-character reader gave before
/// (`MeasurementArithmeticTests.Original`), for texts of every kind: ASCII, `×`, other Unicode
/// (spaces, look-alike operators, combining marks, canonical equivalents), and for the byte entry
/// point bytes that are not UTF-8 at all.
final class MeasurementOneReaderTests: XCTestCase {
    typealias SplitMix64 = WorkspacePropertyTests.SplitMix64
    typealias Original = MeasurementArithmeticTests.Original

    // MARK: - Differential: the string and the byte entry points, and the reader before them

    /// Seeded (25 unless AKKORD_SEED is set; the seed is in every failure message).
    func testRandomTextsGiveTheSameFromStringsAndFromBytes() {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? 25
        var rng = SplitMix64(state: seed)
        var generator = MeasurementArithmeticTests.TextGenerator()
        var outcomes: [String: Int] = [:]
        let cases = Fixtures.rounds(1_000, thorough: 3_000)
        for n in 0..<cases {
            var text = generator.text(&rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: Self.unicodeSpaces(&text, &rng)
            case 1: Self.unicode(&text, &rng)
            default: break
            }
            let label = "seed \(seed), text \(n): \(text.debugDescription)"
            compareStringEntry(text, label: label, outcomes: &outcomes, &rng)
            compareByteEntry(Array(text.utf8), label: label, outcomes: &outcomes, &rng)
            var bytes = Array(text.utf8)
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                bytes.insert(Self.notUTF8.randomElement(using: &rng)!, at: Int.random(in: 0...bytes.count, using: &rng))
            }
            compareByteEntry(bytes, label: "\(label) with bytes \(bytes)", outcomes: &outcomes, &rng)
            if testRun?.failureCount ?? 0 > 20 { break }
        }
        // The comparison reaches values, each kind of error and the texts read character by character.
        for kind in ["value", "rounded", "unexpected", "number", "unopenedParenthesis", "unclosedParenthesis", "incomplete",
                     "tooDeep", "divisionByZero", "overflow", "notPositive", "tooLarge", "tooLong", "plainNumber",
                     "kept by characters", "bytes by characters", "not UTF-8", "unexpected beyond ASCII and ×"] {
            XCTAssertGreaterThan(outcomes[kind, default: 0], 5 * cases / 3_000, "seed \(seed): \(kind) reached \(outcomes)")
        }
        XCTAssertGreaterThan(outcomes["value", default: 0] + outcomes["rounded", default: 0], cases / 6, "seed \(seed): \(outcomes)")
        if testRun?.failureCount ?? 0 > 0 { print("MeasurementOneReaderTests failed with AKKORD_SEED=\(seed)") }
    }

    /// Spaces as other whitespace (all of it kept as one space), `*` as `×` now and then.
    static func unicodeSpaces(_ text: inout String, _ rng: inout SplitMix64) {
        let spaces = ["\u{A0}", "\u{2009}", "\u{202F}", "\u{3000}", "\u{2000}", "\u{85}", "\u{2028}", " \u{301}", "\u{A0}\u{20DD}"]
        text = String(text.flatMap { c -> [Character] in
            if c == " " { return Array(spaces.randomElement(using: &rng)!) }
            if c == "*", Bool.random(using: &rng) { return ["×"] }
            return [c]
        })
    }

    /// Unicode as people (and their keyboards, and pasted text) put it into a measurement: spaces
    /// of other widths, operators that look like ours, digits and signs from other blocks, marks
    /// that combine with the character before, a prepended mark that takes the space after it,
    /// zero-width characters, emoji, canonical equivalents of ASCII letters and of a space.
    static let unicodeForms: [String] = [
        "\u{A0}", "\u{2009}", "\u{202F}", "\u{2007}", "\u{3000}", "\u{2000}", "\u{2001}", "\u{1680}", "\u{2028}", "\u{85}",
        "\u{200B}", "\u{FEFF}", "\u{180E}", "\u{200D}", "\u{FE0F}", "\u{301}", "\u{20DD}", "\u{600}", "\u{600} ",
        "×", "×\u{301}", "×\u{FE0F}", "✕", "✖", "⋅", "·", "∗", "÷", "∕", "−", "–", "＋", "－", "＊", "／", "（", "）",
        "５", "٣", "½", "²", "\u{212A}", "\u{037E}", "\u{1FEF}", "e\u{301}", "é", "🇩🇰", "😀", "\r\n", "\r", "\u{7F}", "\u{1B}",
    ]

    /// Bytes that are not UTF-8 where they land (lone continuation bytes, a lead byte without its
    /// continuation, bytes UTF-8 never has); 0xC3 and 0x97 are `×`'s two.
    static let notUTF8: [UInt8] = [0x80, 0x97, 0xBF, 0xC3, 0xC0, 0xE2, 0xF0, 0xF8, 0xFF]

    /// Puts Unicode into a text: inserted anywhere (a combining mark joins the character before), or
    /// in place of an operator, a space or a digit.
    static func unicode(_ text: inout String, _ rng: inout SplitMix64) {
        var characters = Array(text)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let form = Array(unicodeForms.randomElement(using: &rng)!)
            let at = Int.random(in: 0...characters.count, using: &rng)
            if at < characters.count, " *×/+-0123456789".contains(characters[at]), Bool.random(using: &rng) {
                characters.replaceSubrange(at...at, with: form)
            } else {
                characters.insert(contentsOf: form, at: at)
            }
        }
        text = String(characters)
    }

    /// `isExpression`, `init` and `evaluate` in both languages against the reader before; then the
    /// kept text's bytes through the byte entry point against `evaluate`.
    func compareStringEntry(_ text: String, label: String, outcomes: inout [String: Int], _ rng: inout SplitMix64) {
        XCTAssertEqual(MeasurementExpression.isExpression(text), Original.isExpression(text), "\(label): isExpression")
        let kept: String
        do {
            kept = try Original.expression(text)
        } catch {
            outcomes[MeasurementArithmeticTests.kind(error), default: 0] += 1
            XCTAssertThrowsError(try MeasurementExpression(text), "\(label): init") { Self.same($0, error, "\(label): init") }
            return
        }
        let m: MeasurementExpression
        do { m = try MeasurementExpression(text) } catch {
            return XCTFail("\(label): init threw \(error), expected \(kept.debugDescription)")
        }
        XCTAssertEqual(Array(m.expression.utf8), Array(kept.utf8), "\(label): the kept text")
        if kept.contains(where: { !($0.isASCII || $0 == "×") }) { outcomes["kept by characters", default: 0] += 1 }
        for language in Language.allCases {
            let what = "\(label): evaluate(language: .\(language))"
            let new = Result { () throws(MeasurementError) in try m.evaluate(language: language) }
            let bytes = Self.readInAFile(Array(m.expression.utf8), language: language, &rng)
            do {
                let old = try Original.evaluate(kept, language: language)
                outcomes[old.rounded ? "rounded" : "value", default: 0] += 1
                guard case .success(let q) = new else { return XCTFail("\(what): \(new), expected \(old.quantity.plain)") }
                XCTAssertEqual(q.quantity, old.quantity, what)
                XCTAssertEqual(q.isRounded, old.rounded, what)
                XCTAssertEqual([q.value.numerator, q.value.denominator], [old.value.numerator, old.value.denominator], what)
                XCTAssertEqual(try? bytes.get(), q.value, "\(what): from bytes")
            } catch {
                outcomes[MeasurementArithmeticTests.kind(error), default: 0] += 1
                guard case .failure(let e) = new else { return XCTFail("\(what): \(new), expected \(error)") }
                Self.same(e, error, what)
                switch bytes {
                case .success(let value):
                    // Only a result that is no quantity is refused after the text is read.
                    XCTAssertTrue(["notPositive", "roundsToZero", "tooLarge"].contains(MeasurementArithmeticTests.kind(e)), "\(what): \(e)")
                    var parser = Original.Parser(text: kept, language: language)
                    XCTAssertEqual((try? parser.parse()).map { [$0.numerator, $0.denominator] }, [value.numerator, value.denominator], what)
                case .failure(let b):
                    Self.same(b, e, "\(what): from bytes")
                }
            }
        }
    }

    /// Any bytes through the byte entry point against the reader before on the text they decode to.
    func compareByteEntry(_ bytes: [UInt8], label: String, outcomes: inout [String: Int], _ rng: inout SplitMix64) {
        let text = String(decoding: bytes, as: UTF8.self)
        if !text.allSatisfy({ $0.isASCII || $0 == "×" }) { outcomes["bytes by characters", default: 0] += 1 }
        if text.unicodeScalars.contains("\u{FFFD}") { outcomes["not UTF-8", default: 0] += 1 }
        for language in Language.allCases {
            let what = "\(label): value(utf8:language: .\(language))"
            let new = Self.readInAFile(bytes, language: language, &rng)
            var parser = Original.Parser(text: text, language: language)
            do {
                let old = try parser.parse()
                XCTAssertEqual((try? new.get()).map { [$0.numerator, $0.denominator] }, [old.numerator, old.denominator], what)
            } catch {
                outcomes[MeasurementArithmeticTests.kind(error), default: 0] += 1
                if case .unexpected(_, let c, _) = error, !c.allSatisfy({ $0.isASCII || $0 == "×" }) {
                    outcomes["unexpected beyond ASCII and ×", default: 0] += 1
                }
                guard case .failure(let e) = new else { return XCTFail("\(what): \(new), expected \(error)") }
                Self.same(e, error, what)
            }
        }
    }

    /// `bytes` read by the byte entry point where they lie in a larger buffer, between bytes that
    /// would change the result if they were read too (a reader must stop at the end it is given).
    static func readInAFile(_ bytes: [UInt8], language: Language, _ rng: inout SplitMix64) -> Result<ExactFraction, MeasurementError> {
        let before: [UInt8] = [[], Array("(\"measurement\": \"".utf8), [0xC3], Array("9".utf8)].randomElement(using: &rng)!
        let after: [UInt8] = [[], Array("\"}".utf8), [0x97, 0x32], Array("9)".utf8), Array("*0".utf8), Array(" /0".utf8)]
            .randomElement(using: &rng)!
        let file = before + bytes + after
        return file.withUnsafeBufferPointer { file in
            let slice = UnsafeBufferPointer(rebasing: file[before.count..<before.count + bytes.count])
            return Result { () throws(MeasurementError) in try MeasurementExpression.value(utf8: slice, language: language) }
        }
    }

    /// Equal errors, and equal to the scalar: `==` on strings (and so on errors) takes canonical
    /// equivalents as equal (a Kelvin sign and `K`), the text shown to a person does not.
    static func same(_ new: Error, _ old: Error, _ what: String) {
        guard let new = new as? MeasurementError, let old = old as? MeasurementError else { return XCTFail("\(what): \(new), \(old)") }
        XCTAssertEqual(new, old, what)
        XCTAssertEqual(Array(String(reflecting: new).unicodeScalars), Array(String(reflecting: old).unicodeScalars), what)
        XCTAssertEqual(Array(new.description.unicodeScalars), Array(old.description.unicodeScalars), what)
    }

    // MARK: - What the reader relies on

    /// The reader compares bytes where the character reader compared characters, which compare by
    /// canonical equivalence: that is the same only while no other character is equivalent to one
    /// the grammar uses. Every scalar is checked (a sequence of several is never equivalent to one
    /// of these: a decomposition never has fewer scalars than what it decomposes).
    func testNoOtherCharacterIsEquivalentToOneTheGrammarUses() {
        let grammar: Set<Character> = [" ", "+", "-", "*", "×", "/", "(", ")", ".", ",", "e", "E",
                                       "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        var equivalents: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar != "×", grammar.contains(Character(scalar)) else { continue }
            equivalents.append("U+\(String(value, radix: 16, uppercase: true))")
        }
        XCTAssertEqual(equivalents, [])
        // Set membership is by canonical equivalence: it finds one where there is one.
        XCTAssertTrue(Set<Character>(["K"]).contains(Character("\u{212A}")))
    }

    // MARK: - Worked out by hand

    /// Values: the issue's example, `F('12.5')*3 + 2*(F('1.2')-F('0.2')) == F(79, 2)` (37.5 + 2),
    /// in either language (`12,5`: one comma, not three digits after, a decimal point in en too;
    /// `1.2` likewise in da), typed with thin and no-break spaces that are kept as one space.
    func testValuesWorkedOutByHand() throws {
        for text in ["12,5 x 3 + 2*(1.2-0,2)".replacingOccurrences(of: "x", with: "×"),
                     "12,5\u{2009}×\u{202F}3\u{A0}+ 2*(1.2-0,2)", "12,5 * 3 + 2 * ( 1.2 - 0,2 )"] {
            for language in Language.allCases {
                let m = try MeasurementExpression.evaluate(text, language: language)
                XCTAssertEqual([m.value.numerator, m.value.denominator], [79, 2], text)
                XCTAssertEqual(m.quantity, Quantity(raw: 39_500), text)
                XCTAssertFalse(m.isRounded, text)
            }
        }
        XCTAssertEqual(try MeasurementExpression("12,5\u{2009}×\u{202F}3\u{A0}+ 2*(1.2-0,2)").expression, "12,5 × 3 + 2*(1.2-0,2)")
        // F(5)/F('0.3') == F(50, 3) = 16.666…: the bytes of a file line, read where they lie.
        let line = Array(#"{"measurement": "5/0,3", "id": 7}"#.utf8)
        let value = try line.withUnsafeBufferPointer { file throws(MeasurementError) in
            try MeasurementExpression.value(utf8: UnsafeBufferPointer(rebasing: file[17..<22]), language: .da)
        }
        XCTAssertEqual([value.numerator, value.denominator], [50, 3])
    }

    /// Errors in texts with characters beyond ASCII and `×`, which are read one unit per
    /// character: the positions counted by hand, character by character as a person sees them.
    func testErrorsBeyondASCIIWorkedOutByHand() {
        let deep = "2×" + String(repeating: "(", count: 21) + "1" + String(repeating: ")", count: 21) + "é"
        let cases: [(String, MeasurementError)] = [
            // 2 ␠ × ␠ 3 ␠ + ␠ 4 ␠ × ␠ é: é is the 13th
            ("2 × 3 + 4 × é", .unexpected("2 × 3 + 4 × é", character: "é", at: 13)),
            // `5` and a combining acute are one character, no digit
            ("5\u{301} × 2", .unexpected("5\u{301} × 2", character: "5\u{301}", at: 1)),
            ("2 × 5\u{301}", .unexpected("2 × 5\u{301}", character: "5\u{301}", at: 5)),
            // `×` and a combining mark are one character, no `×`
            ("3 ×\u{301} 2", .unexpected("3 ×\u{301} 2", character: "×\u{301}", at: 3)),
            // `÷` begins with `×`'s first byte (C3 B7, × is C3 97)
            ("1,5 ÷ 3 + 0", .unexpected("1,5 ÷ 3 + 0", character: "÷", at: 5)),
            // the Kelvin sign, not `K` (equal as strings, so `same` compares the scalars)
            ("(2×3)\u{212A}", .unexpected("(2×3)\u{212A}", character: "\u{212A}", at: 6)),
            // U+0600 takes the space after it into its character, which is no space then
            ("\u{600} 3×2", .unexpected("\u{600} 3×2", character: "\u{600} ", at: 1)),
            // a mistake before the first such character is the one named: 1,2345678 starts at 5
            ("2 × 1,2345678 + ½", .number("2 × 1,2345678 + ½", at: 5, .tooManyFractionDigits("1,2345678", max: 6))),
            ("2×3) − 1", .unopenedParenthesis("2×3) − 1", at: 4)),
            // 2, ×, then the 21st `(` is the 23rd character
            (deep, .tooDeep(deep, at: 23)),
            // after a `×`, positions count it once: 2 ␠ × ␠ 3 ␠ / → the `/` is the 7th
            ("2 × 3 / (1 - 1)", .divisionByZero("2 × 3 / (1 - 1)", at: 7)),
        ]
        for (text, error) in cases {
            XCTAssertThrowsError(try MeasurementExpression.evaluate(text, language: .da), text) { Self.same($0, error, text) }
            let bytes = Array(text.utf8)
            XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { b throws(MeasurementError) in
                try MeasurementExpression.value(utf8: b, language: .en)
            }, text) { Self.same($0, error, "\(text) from bytes") }
        }
        // Bytes the string entry point never sees: a line break kept (`\r\n` is one character),
        // bytes that are not UTF-8, each read as U+FFFD, one character.
        let bytes: [([UInt8], MeasurementError)] = [
            (Array("2×3\r\n".utf8), .unexpected("2×3\r\n", character: "\r\n", at: 4)),
            ([0x32, 0x2A, 0xFF, 0x33], .unexpected("2*\u{FFFD}3", character: "\u{FFFD}", at: 3)),
            ([0x32, 0xC3, 0x2A, 0x33], .unexpected("2\u{FFFD}*3", character: "\u{FFFD}", at: 2)),
            ([0x32, 0xC3, 0x97, 0x97, 0x33], .unexpected("2×\u{FFFD}3", character: "\u{FFFD}", at: 3)),
        ]
        for (b, error) in bytes {
            XCTAssertThrowsError(try b.withUnsafeBufferPointer { b throws(MeasurementError) in
                try MeasurementExpression.value(utf8: b, language: .da)
            }, "\(b)") { Self.same($0, error, "\(b)") }
        }
    }
}
