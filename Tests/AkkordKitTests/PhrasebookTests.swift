import Foundation
import XCTest
@testable import AkkordKit
@testable import AkkordRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Danish phrasebook (`Phrasebook+Danish*.swift`): every text well formed, every key still a
/// sentence of the sources, and a few sentences rendered by hand.
final class PhrasebookTests: XCTestCase {
    /// The texts of the phrasebook, by the file they are in.
    static let texts: [(name: String, text: String)] = [
        ("Phrasebook+Danish.swift", Phrasebook.danishText),
        ("Phrasebook+DanishLibrary.swift", Phrasebook.danishLibraryText),
        ("ProgramPhrasebook.swift", PhrasebookTests.programText),
    ]

    /// The program's phrasebook (`Sources/akkord/CLI/ProgramPhrasebook.swift`), read from its
    /// file: the library's tests cannot import the executable.
    static let programText: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/akkord/CLI/ProgramPhrasebook.swift")
        let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard let start = source.range(of: "#\"\"\""), let end = source.range(of: "\"\"\"#", range: start.upperBound..<source.endIndex) else { return "" }
        return String(source[start.upperBound..<end.lowerBound])
    }()

    /// The system's words for error numbers (glibc's `strerror`) that have a Danish sentence:
    /// `FileIO.errnoMessage()` makes them phrases although no literal of the sources says them.
    static let errnoTexts: [(code: Int32, text: String)] = [
        (ENOENT, "No such file or directory"),
        (EACCES, "Permission denied"),
        (EPERM, "Operation not permitted"),
        (ENOSPC, "No space left on device"),
        (EROFS, "Read-only file system"),
        (EISDIR, "Is a directory"),
        (ENOTDIR, "Not a directory"),
        (EEXIST, "File exists"),
        (ENOTEMPTY, "Directory not empty"),
        (ELOOP, "Too many levels of symbolic links"),
        (EIO, "Input/output error"),
        (ENAMETOOLONG, "File name too long"),
        (EBADF, "Bad file descriptor"),
        (EPIPE, "Broken pipe"),
        (EDQUOT, "Disk quota exceeded"),
        (EMFILE, "Too many open files"),
        (ENFILE, "Too many open files in system"),
        (EFBIG, "File too large"),
        (EBUSY, "Device or resource busy"),
        (EXDEV, "Invalid cross-device link"),
    ]

    struct Entry { let file: String; let line: Int; let key: String; let danish: String }

    /// Every entry of `texts`; each malformed line, an `en:` without its `da:` or the other way
    /// round, and each key given twice (in any of the files) goes to `failures`.
    static func entries(_ texts: [(name: String, text: String)], failures: inout [String]) -> [Entry] {
        var result: [Entry] = []
        var seen: [String: String] = [:]
        for (file, text) in texts {
            var pending: (line: Int, key: String)?
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let n = i + 1
                if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
                if line.hasPrefix("en: ") {
                    if let p = pending { failures.append("\(file):\(p.line): en: without a da: line after it: \(p.key)") }
                    pending = (n, String(line.dropFirst(4)))
                } else if line.hasPrefix("da: ") {
                    guard let p = pending else { failures.append("\(file):\(n): da: without an en: line before it: \(line)"); continue }
                    pending = nil
                    if let first = seen[p.key] { failures.append("\(file):\(p.line): the key is given twice (also \(first)): \(p.key)") }
                    seen[p.key] = "\(file):\(p.line)"
                    result.append(Entry(file: file, line: p.line, key: p.key, danish: String(line.dropFirst(4))))
                } else {
                    failures.append("\(file):\(n): neither en:, da:, a comment nor blank: \(line)")
                }
            }
            if let p = pending { failures.append("\(file):\(p.line): en: without a da: line after it: \(p.key)") }
        }
        return result
    }

    /// What is wrong with `texts`: their form (see `entries`), a `{n}` beyond the key's blanks,
    /// a `{}` left in the Danish, and — given the keys of the sources — a key no literal makes
    /// any more (the sentence was changed in English and its Danish left behind) that is not
    /// the system's text of an error number.
    static func failures(_ texts: [(name: String, text: String)], sourceKeys: Set<String>?) -> [String] {
        var failures: [String] = []
        let errno = Set(errnoTexts.map(\.text))
        for e in entries(texts, failures: &failures) {
            let blanks = e.key.components(separatedBy: Phrase.blank).count - 1
            var rest = Substring(e.danish)
            // `{1}` … `{9}` (the way `Phrase.fill(numbered:)` reads them), each within the key's blanks.
            while let open = rest.firstIndex(of: "{") {
                let after = rest[rest.index(after: open)...]
                if let digit = after.first, digit.isASCII, let n = digit.wholeNumberValue, after.dropFirst().first == "}" {
                    if n < 1 || n > blanks {
                        failures.append("\(e.file):\(e.line): {\(n)} but the key has \(blanks) blank(s): \(e.key) → \(e.danish)")
                    }
                    rest = after.dropFirst(2)
                } else {
                    if after.first == "}" { failures.append("\(e.file):\(e.line): the Danish has a {} left: \(e.danish)") }
                    rest = after
                }
            }
            if e.danish.trimmingCharacters(in: .whitespaces).isEmpty, !e.key.trimmingCharacters(in: .whitespaces).isEmpty {
                failures.append("\(e.file):\(e.line): no Danish for \(e.key)")
            }
            if let keys = sourceKeys, !keys.contains(e.key), !errno.contains(e.key) {
                failures.append("\(e.file):\(e.line): no literal of the sources has this key any more: \(e.key)")
            }
        }
        return failures
    }

    func testEntriesAreWellFormed() {
        var ignored: [String] = []
        XCTAssertGreaterThan(Self.entries(Self.texts, failures: &ignored).count, 300, "the library's sentences are there")
        for failure in Self.failures(Self.texts, sourceKeys: nil) { XCTFail(failure) }
    }

    func testNoStaleEntries() throws {
        let keys = try Self.sourceKeys()
        XCTAssertTrue(keys.contains("no line {} in project \"{}\""), "the sources are found and read")
        for failure in Self.failures(Self.texts, sourceKeys: keys) where failure.contains("no literal of the sources") { XCTFail(failure) }
    }

    /// The checks above find each kind of mistake.
    func testTheChecksFindMistakes() {
        let bad = """
        # a comment
        en: no line {} in project "{}"
        da: ingen linje {1} i projektet "{3}"
        da: an orphan
        en: a key without Danish
        en: no current project
        da: intet {} projekt
        en: what no source says
        da: noget
        en: no current project
        da: igen
        en: No such file or directory
        da: findes ikke
        stray text
        en: the last one
        """
        let found = Self.failures([("bad", bad)], sourceKeys: ["no line {} in project \"{}\"", "no current project", "the last one"])
        let expected = [
            "bad:5: en: without a da: line after it: a key without Danish",
            "bad:4: da: without an en: line before it: da: an orphan",
            "bad:10: the key is given twice (also bad:6): no current project",
            "bad:14: neither en:, da:, a comment nor blank: stray text",
            "bad:15: en: without a da: line after it: the last one",
            "bad:2: {3} but the key has 2 blank(s): no line {} in project \"{}\" → ingen linje {1} i projektet \"{3}\"",
            "bad:6: the Danish has a {} left: intet {} projekt",
            "bad:8: no literal of the sources has this key any more: what no source says",
        ]
        XCTAssertEqual(Set(found), Set(expected), "\(found)")
    }

    /// The errno texts above are the system's own, word for word, and each has its Danish.
    func testErrnoTextsAreTheSystems() {
        for (code, text) in Self.errnoTexts {
#if canImport(Glibc)
            XCTAssertEqual(String(cString: strerror(code)), text, "errno \(code)")
#endif
            XCTAssertNotNil(Phrasebook.danish[text], text)
        }
        XCTAssertEqual(FileIO.Failure.system(path: "/x/y", operation: "open", message: FileIO.errnoMessage(EACCES)).phrase.text(.da),
                       "/x/y: kan ikke åbne: adgang nægtet")
    }

    // MARK: sentences rendered by hand

    func testValuesFillTheDanishSentence() {
        let phrase: Phrase = "no line \(5) in project \"\("x")\""
        XCTAssertEqual(phrase.description, "no line 5 in project \"x\"")
        XCTAssertEqual(phrase.text(.en), "no line 5 in project \"x\"")
        XCTAssertEqual(phrase.text(.da), "ingen linje 5 i projektet \"x\"")
        XCTAssertEqual(AkkordError.lineNotFound(5, project: "x").phrase.text(.da), "ingen linje 5 i projektet \"x\"")
        XCTAssertEqual(AkkordError.projectAlreadyInStatus("tag", .closed).phrase.text(.da), "projektet \"tag\" er allerede lukket")
        XCTAssertEqual(AkkordError.projectAlreadyInStatus("tag", .open).description, "project \"tag\" is already open")
    }

    func testPluralsAreWholeSentences() {
        let worker = Worker(id: "jens", name: "Jens")
        XCTAssertEqual(AkkordError.workerInUse(worker, hours: 1, advances: 2).description,
                       "worker jens has 1 hours entry and 2 advances; they would be lost")
        XCTAssertEqual(AkkordError.workerInUse(worker, hours: 3, advances: 1).phrase.text(.da),
                       "medarbejder jens har 3 timeregistreringer og 1 aconto; de ville gå tabt")
        XCTAssertEqual(NumberError.tooManyFractionDigits("1.2345", max: 1).description, "\"1.2345\" has more than 1 fraction digit")
        XCTAssertEqual(NumberError.tooManyFractionDigits("1.2345", max: 3).phrase.text(.da), "\"1.2345\" har mere end 3 decimaler")
        XCTAssertEqual(AkkordError.scopeMatchesNothing(sections: ["Tagrender"], lines: [1, 3]).description,
                       "the scope section Tagrender and lines 1, 3 matches no line of the project")
        XCTAssertEqual(AkkordError.scopeMatchesNothing(sections: ["Tagrender"], lines: [1, 3]).phrase.text(.da),
                       "omfanget afsnit Tagrender og linjerne 1, 3 passer ikke på nogen linje i projektet")
        XCTAssertEqual(AkkordError.entryNotFound(.extraWork, id: 2, project: "tag").phrase.text(.da), "intet ekstraarbejde 2 på projektet \"tag\"")
    }

    /// A phrase inside a phrase is translated in its turn: a file's problem inside its error,
    /// a file kind inside a refusal, the consequence after the count.
    func testNestedPhrasesAreTranslated() {
        let one = InvalidDataError(source: "p.json", problems: [Problem("lines[0].price", NumberError.negative("-5").phrase)],
                                   consequence: "nothing was imported")
        XCTAssertEqual(one.message.description, "p.json: lines[0].price: \"-5\" must not be negative; nothing was imported")
        XCTAssertEqual(one.message.text(.da), "p.json: lines[0].price: \"-5\" må ikke være negativ; intet er importeret")
        let two = InvalidDataError(source: "prices.csv", problems: [Problem("3", "name is empty"), Problem("4", "unit is empty")])
        XCTAssertEqual(two.message.text(.da), "prices.csv: 2 fejl")
        XCTAssertEqual(two.details.map { $0.text(.da) }, ["prices.csv:3: navnet er tomt", "prices.csv:4: enheden er tom"])
        XCTAssertEqual(AkkordError.outputNotARegularFile(path: "/dev/null", kind: "a device").phrase.text(.da),
                       "-o /dev/null er en enhed, ikke en almindelig fil; akkord skriver kun almindelige filer")
        XCTAssertThrowsError(try ConfigFile.decode(Array("{\n  \"lang\": ".utf8), source: "c.json")) { error in
            XCTAssertEqual(Phrase.firstLine(of: error).text(.da), "c.json: ikke gyldig JSON: linje 2, kolonne 11: filen slutter for tidligt")
        }
        let long = String(repeating: "a", count: 100)
        XCTAssertEqual(NumberError.notANumber(long).phrase.text(.da), "\"\(String(repeating: "a", count: 80))…\" (100 tegn) er ikke et tal")
        XCTAssertEqual(NumberError.notANumber(long).description, "\"\(String(repeating: "a", count: 80))…\" (100 characters) is not a number")
    }

    /// A number is written in the language's number format; its English description stays plain.
    func testNumbersInTheLanguagesFormat() throws {
        let stored = try Money(parsing: "1234.5"), computed = try Money(parsing: "1200")
        let problem = Problem("lines[0].amount", "is \(stored) but quantity × price is \(computed)")
        XCTAssertEqual(problem.phrase.description, "lines[0].amount: is 1234.50 but quantity × price is 1200.00")
        XCTAssertEqual(problem.phrase.text(.en), "lines[0].amount: is 1,234.50 but quantity × price is 1,200.00")
        XCTAssertEqual(problem.phrase.text(.da), "lines[0].amount: er 1.234,50, men mængde × pris er 1.200,00")
        XCTAssertEqual(problem.phrase.text(.da, numbers: .en), "lines[0].amount: er 1,234.50, men mængde × pris er 1,200.00")
        XCTAssertEqual(ConfigFileError.busy(path: "/c.lock", seconds: 2.5).phrase.text(.da),
                       "konfigurationsfilen er optaget: en anden akkord har holdt /c.lock i 2,5 s")
        XCTAssertEqual(ConfigFileError.busy(path: "/c.lock", seconds: 2.5).description, "the config file is busy: another akkord has held /c.lock for 2.5 s")
    }

    // MARK: the keys of the sources

    /// The key of every string literal in the Swift files under `Sources/`, as
    /// `tools/phrase_keys.py` makes them: `\(…)` (balanced, nested literals included) is `{}`,
    /// escapes are undone, comments and multi-line literals are skipped.
    static func sourceKeys() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var keys = Set<String>()
        for case let url as URL in walker where url.pathExtension == "swift" {
            for key in literalKeys(try String(contentsOf: url, encoding: .utf8)) { keys.insert(key) }
        }
        return keys
    }

    static func literalKeys(_ source: String) -> [String] {
        let s = Array(source.unicodeScalars), n = s.count
        func starts(_ text: String, at i: Int) -> Bool {
            guard i < n, s[i] == text.unicodeScalars.first else { return false }
            let t = text.unicodeScalars
            return i + t.count <= n && s[i..<(i + t.count)].elementsEqual(t)
        }
        func find(_ text: String, from: Int) -> Int? {
            var i = from
            while i < n { if starts(text, at: i) { return i }; i += 1 }
            return nil
        }
        let escapes: [Unicode.Scalar: String] = ["n": "\n", "t": "\t", "\"": "\"", "\\": "\\", "'": "'", "0": "\0"]
        var keys: [String] = []
        var i = 0
        while i < n {
            let c = s[i]
            if starts("//", at: i) { i = find("\n", from: i) ?? n; continue }
            if starts("/*", at: i) { i = (find("*/", from: i).map { $0 + 2 }) ?? n; continue }
            if starts("#\"\"\"", at: i) || starts("\"\"\"", at: i) {
                let end = c == "#" ? "\"\"\"#" : "\"\"\""
                i = (find(end, from: i + end.unicodeScalars.count).map { $0 + end.unicodeScalars.count }) ?? n
                continue
            }
            guard c == "\"" else { i += 1; continue }
            var j = i + 1
            var key = ""
            while j < n {
                let ch = s[j]
                if ch == "\\", j + 1 < n {
                    let next = s[j + 1]
                    if next == "(" {
                        // Balanced parentheses; a nested literal's characters do not count.
                        var k = j + 2, depth = 1
                        while k < n && depth > 0 {
                            if s[k] == "\"" {
                                k += 1
                                while k < n && s[k] != "\"" { if s[k] == "\\" { k += 1 }; k += 1 }
                            } else if s[k] == "(" { depth += 1 } else if s[k] == ")" { depth -= 1 }
                            k += 1
                        }
                        key += Phrase.blank
                        j = k
                        continue
                    }
                    if next == "u", j + 2 < n, s[j + 2] == "{", let close = find("}", from: j + 3),
                       let value = UInt32(String(String.UnicodeScalarView(s[(j + 3)..<close])), radix: 16), let scalar = Unicode.Scalar(value) {
                        key.unicodeScalars.append(scalar)
                        j = close + 1
                        continue
                    }
                    if let escaped = escapes[next] { key += escaped } else { key.unicodeScalars.append(next) }
                    j += 2
                    continue
                }
                if ch == "\"" || ch == "\n" { break }
                key.unicodeScalars.append(ch)
                j += 1
            }
            keys.append(key)
            i = j + 1
        }
        return keys
    }

    /// The reader of literals reads as `tools/phrase_keys.py` does.
    func testLiteralKeys() {
        let source = #"""
        // "a comment"
        let a: Phrase = "no line \(line.id) in project \"\(f("x)", y))\""   // "after"
        let b = "tab\there \\ \u{1B} and \(a ? "\(b)" : "c")"
        /* "block" */ let c = """
        "multi-line"
        """
        let d = "last"
        """#
        XCTAssertEqual(Self.literalKeys(source), ["no line {} in project \"{}\"", "tab\there \\ \u{1B} and {}", "last"])
    }
}
