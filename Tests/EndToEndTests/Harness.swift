import Foundation
import XCTest

/// Runs the built `akkord` binary against a temporary store.
struct Akkord {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    static let binary: URL = {
        // The built products sit beside the test bundle (macOS) or are its directory (Linux).
        let bundle = Bundle(for: Marker.self).bundleURL
        let candidates = [bundle.appendingPathComponent("akkord"), bundle.deletingLastPathComponent().appendingPathComponent("akkord")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()
    final class Marker {}

    let store: URL

    init() throws {
        // As long as `/tmp/akkord-e2e-<uuid>` was: a refusal naming a bundle's path and two
        // sha256 sums comes close to the 300 characters an error line is cut to.
        store = Akkord.scratch.appendingPathComponent("akkord-\(UUID().uuidString)")
    }

    /// Where the tests' stores go: a memory file system where the machine has one (Linux's
    /// `/dev/shm`) with a GiB free (a container's may have only 64 MiB), so the fsyncs of a few
    /// thousand runs cost nothing; else the temporary directory. What a write leaves on a real
    /// disk when it is killed is checked by `checks/acceptance/crash.sh` and `durability.sh`.
    static let scratch: URL = {
        let memory = "/dev/shm"
        var fs = statvfs()
        if ProcessInfo.processInfo.environment["AKKORD_TEST_ON_DISK"] == nil, access(memory, W_OK | X_OK) == 0,
           statvfs(memory, &fs) == 0, UInt64(fs.f_bavail) * UInt64(fs.f_frsize) >= 1 << 30 {
            return URL(fileURLWithPath: memory)
        }
        return FileManager.default.temporaryDirectory
    }()

    func cleanUp() {
        try? FileManager.default.removeItem(at: store)
        try? FileManager.default.removeItem(at: outside)
    }

    /// A directory beside the store, for reports and files to import: akkord refuses to write
    /// its outputs inside the store.
    var outside: URL { store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-outside") }

    /// A path in `outside` (the directory is made on first use).
    func outsideFile(_ name: String) -> URL {
        try? FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return outside.appendingPathComponent(name)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], useStore: Bool = true) throws -> Result {
        var env = ["PATH": "/usr/bin:/bin", "HOME": store.path + "-home", "NO_COLOR": "1"]
        env.merge(environment) { $1 }
        // Output goes to temporary files, so large outputs can never block the child.
        let outURL = store.appendingPathExtension("stdout-\(UUID().uuidString)")
        let errURL = store.appendingPathExtension("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        let status = try ChildProcess.run(Akkord.binary.path, (useStore ? ["--store", store.path] : []) + arguments,
                                          environment: env, input: stdin, stdout: outURL.path, stderr: errURL.path)
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        let result = Result(status: status, stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
        try checkDanishError(of: result, arguments: arguments, stdin: stdin, environment: environment, useStore: useStore)
        return result
    }

    /// Every error the end-to-end tests provoke in English is provoked again in Danish (SPEC
    /// §15): a refused command changes nothing, so the same command in the same store fails the
    /// same way, and its message must be Danish — `fejl:`, `tip:`, no English sentence.
    private func checkDanishError(of english: Result, arguments: [String], stdin: Data?, environment: [String: String], useStore: Bool) throws {
        let languageGiven = arguments.contains { $0 == "--lang" || $0.hasPrefix("--lang=") }
            || ["AKKORD_LANG", "LANG", "LC_ALL", "LC_MESSAGES"].contains { environment[$0] != nil }
        guard english.status != 0, english.status != 75, english.stderr.hasPrefix("error: "), !languageGiven,
              !arguments.contains("__complete"), DanishErrorCheck.isFirstOfItsShape(english.stderr) else { return }
        // Danish words with the same reading of numbers: `LC_MESSAGES` sets the language of the
        // messages only (AKKORD_LANG=da would read `5.000` as 5000, and a command refused in
        // English could succeed in Danish and change the store). A config file's `lang` comes
        // before the locale: when it keeps the message English, AKKORD_LANG=da overrides it.
        var danishEnvironment = environment
        danishEnvironment["LC_MESSAGES"] = "da_DK.UTF-8"
        var danish = try run(arguments, stdin: stdin, environment: danishEnvironment, useStore: useStore)
        if danish.stderr.hasPrefix("error: ") {
            danishEnvironment["AKKORD_LANG"] = "da"
            danish = try run(arguments, stdin: stdin, environment: danishEnvironment, useStore: useStore)
        }
        let problems = DanishErrorCheck.problems(english: english.stderr, danish: danish.stderr)
        if danish.status != english.status {
            XCTFail("akkord \(arguments.joined(separator: " ")): exit \(english.status) in English but \(danish.status) in Danish: \(danish.stderr)")
        }
        for problem in problems {
            XCTFail("akkord \(arguments.joined(separator: " ")) in Danish: \(problem)")
            if let log = ProcessInfo.processInfo.environment["AKKORD_UNTRANSLATED_LOG"],
               let handle = FileHandle(forWritingAtPath: log) ?? (FileManager.default.createFile(atPath: log, contents: nil) ? FileHandle(forWritingAtPath: log) : nil) {
                handle.seekToEndOfFile()
                handle.write(Data((english.stderr + "=> " + danish.stderr + "----\n").utf8))
                try? handle.close()
            }
        }
    }

    @discardableResult
    func run(_ arguments: String...) throws -> Result { try run(arguments) }

    /// `akkord ARGUMENTS` on a pseudo-terminal (script(1)), `input` typed in: standard output
    /// and error together, as the user sees them, and the exit status.
    func runOnTerminal(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let script = try XCTUnwrap(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "script(1) from util-linux/bsdutils is needed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", ([Akkord.binary.path, "--store", store.path] + arguments).joined(separator: " "), "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": store.path + "-home", "NO_COLOR": "1", "TERM": "dumb"]
        let stdin = Pipe(), output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out)
    }
}

class EndToEndCase: XCTestCase {
    var akkord: Akkord!

    override func setUpWithError() throws {
        akkord = try Akkord()
    }

    override func tearDown() {
        akkord.cleanUp()
    }

    /// Every regular file in the store with its bytes (but `excluding`, by path in the store), to
    /// prove a refused or dry run changed nothing.
    func snapshot(excluding: Set<String> = []) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(atPath: akkord.store.path) else { return result }
        for case let path as String in e where !excluding.contains(path) {
            let url = akkord.store.appendingPathComponent(path)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { result[path] = try Data(contentsOf: url) }
        }
        return result
    }

    func assertError(_ r: Akkord.Result, status: Int32, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, status, "exit status; stderr: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains(text), "stderr should contain \(text.debugDescription): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), "stderr starts with error: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains("Fatal error"), file: file, line: line)
    }
}

/// What makes an error message English: a line that does not start with a Danish prefix, or an
/// English word outside the parts that are data (quoted text, paths, commands, option names).
enum DanishErrorCheck {
    /// Words that are English and not Danish (`to`, `for`, `at`, `under`, `argument`, `store` are Danish too; `store` is also a config key).
    static let englishWords: Set<String> = [
        "the", "and", "of", "with", "each", "project", "line", "lines", "is", "are", "not", "no", "cannot", "must",
        "from", "this", "that", "was", "has", "have", "give", "see", "use", "only", "which", "when", "would", "there",
        "does", "did", "found", "missing", "expected", "got", "than", "file", "files", "number", "other", "its", "it",
        "be", "been", "by", "an", "in", "on", "or", "already", "name", "worker", "hours", "price", "amount", "quantity",
        "activity", "catalogue", "report", "nothing", "changed", "error", "hint", "warning", "note", "try", "again",
        "write", "read", "larger", "longer", "characters", "empty", "too", "large", "should", "could", "into", "after",
        "before", "where", "what", "why", "how", "all", "any", "one", "two", "three", "first", "last", "more", "most",
        "less", "at least", "least", "contains", "value", "values", "given", "date", "day", "days", "unknown", "option",
        "command", "arguments", "usage", "mean", "did you", "you", "your", "here", "them", "they", "these",
        "those", "without", "instead", "between", "about", "because", "closed", "open", "current",
    ]

    /// The messages already checked, by shape (quoted text, paths and numbers left out): the same
    /// sentence with other values is checked once per test process, which keeps the suite fast
    /// (one test provokes thousands of sum errors) and checks every sentence all the same.
    nonisolated(unsafe) private static var shapes = Set<String>()
    private static let shapesLock = NSLock()

    static func isFirstOfItsShape(_ stderr: String) -> Bool {
        var shape = ""
        var inQuote = false
        for c in stderr {
            if c == "\"" { inQuote.toggle(); shape.append(c); continue }
            if inQuote { continue }
            shape.append(c.isNumber ? "0" : c)
        }
        let words = shape.split(separator: " ").map { $0.contains("/") ? "/" : String($0) }.joined(separator: " ")
        shapesLock.lock(); defer { shapesLock.unlock() }
        return shapes.insert(words).inserted
    }

    static func problems(english: String, danish: String) -> [String] {
        var found: [String] = []
        for line in danish.split(separator: "\n").map(String.init) where !line.isEmpty {
            let prefixes = ["fejl: ", "tip: ", "advarsel: ", "bemærk: ", "  "]
            guard let prefix = prefixes.first(where: { line.hasPrefix($0) }) else {
                found.append("not a Danish message line: \(line)")
                continue
            }
            let words = englishWordsIn(String(line.dropFirst(prefix.count)))
            if !words.isEmpty { found.append("English words \(words) in: \(line)") }
        }
        if danish.isEmpty { found.append("no message at all") }
        return found
    }

    /// The English words of a message, leaving out quoted text, paths, file names, commands
    /// (from `akkord ` to the end of the clause), option names, `<value>` names, CAPITALS, and
    /// the names of a file's fields: a place (`name: …`, `lines[0].unit: …`) and the lists of
    /// known or missing fields and columns (`(kendte: id, pos, name, …)`, `kolonner mangler: name`).
    static func englishWordsIn(_ message: String) -> [String] {
        var text = message
        for pattern in [#"(^|; |: )[A-Za-z][\w\[\]\.]*: "#, #"\(kendte[^)]*\)"#, #"(kolonner|kolonne) mangler: [^;]*"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        for (open, close) in [("\"", "\""), ("“", "”"), ("'", "'"), ("`", "`"), ("<", ">")] {
            text = removeQuoted(text, open: open, close: close)
        }
        // Every command of the message (a hint may name two: `akkord check …; akkord project delete …`).
        while let range = text.range(of: "akkord ") { text = String(text[..<range.lowerBound]) + " " + clauseEnd(text[range.upperBound...]) }
        var words: [String] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == ":" || $0 == "(" || $0 == ")" || $0 == "?" }) {
            if token.contains("/") || token.contains(".") || token.contains("_") || token.contains("-") || token.contains("=") { continue }
            if token.allSatisfy({ $0.isUppercase || $0.isNumber }) { continue }
            let word = token.lowercased()
            if englishWords.contains(word) { words.append(word) }
        }
        return words
    }

    private static func removeQuoted(_ text: String, open: String, close: String) -> String {
        var out = "", rest = Substring(text)
        while let start = rest.range(of: open) {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.range(of: close) else { return out + rest[start.lowerBound...] }
            out += " "
            rest = after[end.upperBound...]
        }
        return out + rest
    }

    /// What follows a command in a hint: from the first `;` or `, ` on.
    private static func clauseEnd(_ text: Substring) -> String {
        guard let end = text.firstIndex(where: { $0 == ";" }) else { return "" }
        return String(text[end...])
    }
}

/// Another process holding the store's lock (`flock`), until `release()`: its `cat` ends when
/// its input closes, so the lock is free and the process gone at once (a `sleep` would keep
/// `waitUntilExit` waiting for its whole time).
struct LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(_ akkord: Akkord, shared: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = [shared ? "-s" : "-x", akkord.store.appendingPathComponent(".lock").path, "cat"]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.3)
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
