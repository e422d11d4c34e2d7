import Foundation
import XCTest
@testable import AkkordKit

/// The small rules behind the store's defences, each against values worked out by hand.
final class StoreHardeningTests: XCTestCase {
    func testALockFileRemovedOrReplacedWhileHeldIsNoticedBeforeWriting() throws {
        let dir = try TemporaryDirectory.make(prefix: "akkord-lock")
        defer { TemporaryDirectory.remove(dir) }
        let path = dir + "/.lock"
        let held = try StoreLock(path: path, timeout: 0)
        XCTAssertNoThrow(try held.verify())
        // Removed: a second writer makes a new lock file and gets in; the first must not write.
        XCTAssertEqual(unlink(path), 0)
        let second = try StoreLock(path: path, timeout: 0)
        XCTAssertThrowsError(try held.verify()) { error in
            XCTAssertEqual("\(error)", "\(path): was removed or replaced while this command held it; nothing was written, run the command again")
        }
        XCTAssertNoThrow(try second.verify())
        // A shared lock waits for the exclusive one.
        XCTAssertThrowsError(try StoreLock(path: path, timeout: 0, shared: true)) { XCTAssertTrue($0 is StoreBusyError) }
    }

    func testControlCharacters() {
        let cases: [(String, Bool, String?)] = [
            ("Tagpap på 2. sal", false, nil), ("a\tb", false, nil), ("a\nb", true, nil),
            ("a\nb", false, "contains the control character U+000A (line feed); a line break is allowed only in notes"),
            ("\u{1B}[2J", false, "contains the control character U+001B (ESC)"), ("x\u{0}", true, "contains the control character U+0000 (NUL)"),
            ("a\rb", true, "contains the control character U+000D (carriage return)"), ("\u{7F}", false, "contains the control character U+007F (DEL)"),
            ("\u{85}", false, "contains the control character U+0085"), ("Ã¦ Â£", false, nil),
        ]
        for (text, notes, expected) in cases {
            XCTAssertEqual(ControlCharacters.problem(in: text, allowsLineBreaks: notes)?.description, expected, text.debugDescription)
        }
    }

    func testExcerptsAreCutAt80CharactersAndShowControlCharacters() {
        XCTAssertEqual(Excerpt.quoted("12,5"), "\"12,5\"")
        XCTAssertEqual(Excerpt.quoted("a\u{1B}b"), "\"a\\u{1B}b\"")
        let long = String(repeating: "æ", count: 81)
        XCTAssertEqual(Excerpt.quoted(long), "\"" + String(repeating: "æ", count: 80) + "…\" (81 characters)")
        XCTAssertEqual(Excerpt.quoted(String(repeating: "x", count: 80)), "\"" + String(repeating: "x", count: 80) + "\"")
    }

    func testStoredNumbersMustBeInPlainForm() {
        let plain = ["0", "12", "12.5", "-3", "0.25", "100000", "12.50"]
        let notPlain = ["00012", "+5", "1,5", "1.200,00", " 7", "7 ", ".5", "5.", "-", "", "1e3", "--1", "0012.5", "１２"]
        for t in plain { XCTAssertTrue(FieldReader.isPlainForm(t, allowsMinutes: false), t) }
        for t in notPlain { XCTAssertFalse(FieldReader.isPlainForm(t, allowsMinutes: true), t) }
        for t in ["7:20", "0:05", "12:59"] { XCTAssertTrue(FieldReader.isPlainForm(t, allowsMinutes: true), t) }
        for t in ["7:60", "07:20", "7:2", "-7:20", "7:200"] { XCTAssertFalse(FieldReader.isPlainForm(t, allowsMinutes: true), t) }
        XCTAssertFalse(FieldReader.isPlainForm("7:20", allowsMinutes: false))
    }

    func testTemporaryNamesTellTheirWriter() {
        XCTAssertEqual(AtomicFile.temporaryOwner(".roof.json.tmp-4242-123456"), 4242)
        XCTAssertEqual(AtomicFile.temporaryOwner(".a.tmp-1.json.tmp-77-1"), 77)
        for name in ["roof.json", ".roof.json", ".roof.json.tmp-x-1", ".roof.json.tmp-12", ".roof.json.tmp-0-1", "roof.json.tmp-12-1", ".x.tmp--1-2"] {
            XCTAssertNil(AtomicFile.temporaryOwner(name), name)
        }
    }
}

extension StoreHardeningTests {
    /// The eight-bytes-at-a-time check agrees with the character rule on every placement of
    /// every refused and allowed byte around word boundaries.
    func testTheFastByteCheckAgreesWithTheCharacterRule() {
        let samples: [String] = ["a", "\t", "\n", "\u{1B}", "\u{0}", "\u{7F}", "\u{85}", "\u{9F}", "æ", "Ø", "€", "\u{A0}", "\r", "\u{1F}"]
        for sample in samples {
            for pad in 0..<17 {
                let text = String(repeating: "x", count: pad) + sample + String(repeating: "y", count: 16 - pad)
                let expected = ControlCharacters.first(in: text, allowsLineBreaks: true) == nil
                let got = Array(text.utf8).withUnsafeBytes { ControlCharacters.bytesHaveNone($0) }
                XCTAssertEqual(got, expected, "\(sample.debugDescription) after \(pad) bytes")
            }
        }
    }
}
