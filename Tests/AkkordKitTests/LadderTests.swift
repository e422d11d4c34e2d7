import Foundation
import XCTest

/// The ladder, enforced beyond the library's folders (`LayeringTests`): the store's layout is
/// known in Store alone, and the program (`Sources/akkord`) reaches the store and the config file
/// only through the Workspace.
final class LadderTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    // MARK: no store path outside Store

    /// Every Swift file under Sources but Store's, by its path under Sources.
    static func filesOutsideStore() throws -> [(path: String, text: String)] {
        try swiftFiles(under: "").filter { !$0.path.hasPrefix("AkkordKit/Store/") }
    }

    func testNoStorePathOutsideStore() throws {
        let files = try Self.filesOutsideStore()
        XCTAssertGreaterThan(files.count, 100)
        var found: [String] = []
        for (path, text) in files {
            for literal in Self.storePathLiterals(in: text) { found.append("\(path): \(literal)") }
        }
        XCTAssertEqual(found, [], "a path into the store is Store's to make: Store.projectFileName, Store.trashFileName, or a Store method")
    }

    /// The check finds a path into the store however it is made, and leaves prose, comments and
    /// placeholders alone.
    func testTheStorePathCheckFindsPaths() {
        let source = ##"""
        // A comment may name projects/<id>.json and trash/ freely.
        /// Reads `projects/\(id).json`.
        let a = "projects/\(project.id).json"
        let b = directory + "/.lock"
        let c = "\(directory)/store.json"
        let d = "restored from the trash (trash/\(name))"
        let e = path + ".lock"
        let f = "\(dir)/photos/\(file)"
        let g = "undo/a/3.json"
        let g2 = "\(dir)/trash/.\(id).tmp"
        let h = "\(home)/.config/akkord/config.json"
        let i = "nested \(x.map { "catalogue-history/\($0)" })"
        let ok1 = "the file is in the store's trash/"
        let ok2 = "The store: projects/<id>.json, photos/, trash/ (deleted projects)."
        let ok3 = ProcessEnvironment.value("TMPDIR") ?? "/tmp"
        let ok4 = "changed under a lock beside it (config.json.lock)"
        let ok5 = "The config file is $XDG_CONFIG_HOME/akkord/config.json."
        let ok6 = #"a raw "projects" string"#
        let ok7 = "the replaced catalogue is kept in the store's catalogue-history/. Projects…"
        """##
        XCTAssertEqual(Self.storePathLiterals(in: source), [
            "\"projects/\\(…).json\"", "\"/.lock\"", "\"\\(…)/store.json\"", "\"restored from the trash (trash/\\(…))\"", "\".lock\"",
            "\"\\(…)/photos/\\(…)\"", "\"undo/a/3.json\"", "\"\\(…)/trash/.\\(…).tmp\"", "\"\\(…)/.config/akkord/config.json\"", "\"catalogue-history/\\(…)\"",
        ])
    }

    /// A string literal that names a place in the store (or the config file): a store directory
    /// followed by a name or a value (`projects/\(id).json`, `trash/\(…)`), or, at the literal's
    /// start or right after a value, a layout name joined onto a directory (`"/.lock"`,
    /// `"\(dir)/store.json"`, `".lock"`). A directory named in prose (`the store's trash/`,
    /// `projects/<id>.json` in help) is not a path. `tmp` is left out of the second kind: `"/tmp"`
    /// is the system's (Support's `TemporaryDirectory`). Each literal is shown with its values as `\(…)`.
    static func storePathLiterals(in source: String) -> [String] {
        let directories = "projects|photos|trash|undo|tmp|catalogue-history"
        let intoDirectory = try! NSRegularExpression(pattern: "(?:^|[^A-Za-z0-9_.-])(?:\(directories))/(?:[A-Za-z0-9_\\-]|\\.[A-Za-z0-9_])")
        let joined = try! NSRegularExpression(pattern: #"^(?:/(?:projects|photos|trash|undo|catalogue-history|store\.json|catalogue\.json|\.lock|\.project-list|\.catalogue-index|\.config/akkord|akkord/config\.json|\.local/share/akkord)(?:[/.]|$)|\.lock|\.json\.lock)"#)
        func matches(_ r: NSRegularExpression, _ s: String) -> Bool { r.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        var found: [String] = []
        for segments in SwiftSource(source).literals {
            let hit = segments.indices.contains { k in
                // A segment's end counts as a name's start only when a value follows it.
                let segment = segments[k] + (k < segments.count - 1 ? "x" : "")
                // Each segment starts the literal or follows a value.
                return matches(intoDirectory, segment) || matches(joined, segments[k])
            }
            if hit { found.append("\"" + segments.joined(separator: "\\(…)") + "\"") }
        }
        return found
    }

    // MARK: the program reaches Store only through the Workspace

    /// Store's types the program may name, and where: its errors reach the program through the
    /// Workspace and the program words them (message, hint, exit status: ErrorWording.swift, and
    /// one command's own hint). Every other use of Store goes through the Workspace, `Settings`
    /// for the config file.
    static let storeTypesTheProgramMayName: [String: Set<String>] = [
        "StoreBusyError": ["CLI/ErrorWording.swift"],
        "ConfigFileError": ["CLI/ErrorWording.swift"],
        // `project delete`: a damaged file gets the hint to add --force.
        "StoreFileError": ["CLI/ErrorWording.swift", "Commands/ProjectCommands.swift"],
    ]

    func testTheProgramUsesNoStoreType() throws {
        let store = try Self.typesDeclared(in: try Self.swiftFiles(under: "AkkordKit/Store"))
        XCTAssertTrue(store.isSuperset(of: ["Store", "ConfigFile", "StoreLocation", "PhotoUpload", "ProjectBundle", "StoreFileError"]))
        let program = try Self.swiftFiles(under: "akkord")
        XCTAssertGreaterThan(program.count, 20)
        var violations: [String] = []
        for (path, text) in program {
            let file = String(path.dropFirst("akkord/".count))
            for type in Self.typesUsed(in: text, from: store).sorted() where Self.storeTypesTheProgramMayName[type]?.contains(file) != true {
                violations.append("\(file) uses \(type) from Store")
            }
        }
        XCTAssertEqual(violations, [], "the program goes through the Workspace (Settings for the config file)")
    }

    /// The check sees a type in code and in a string's value (`\(Store.keptUndoSteps)`), not in
    /// comments or a string's text.
    func testTheStoreTypeCheckFindsUses() {
        let source = ##"""
        // ConfigFile.load is Store's; so is StoreLocation.
        let help = "the last \(Store.keptUndoSteps) changes; see ConfigFile"
        let path = ConfigFile.path(environment: env)
        let workspace = Workspace(directory: d, command: c)
        let raw = #"StoreLocation \#(PhotoUpload.self)"#
        """##
        XCTAssertEqual(Self.typesUsed(in: source, from: ["Store", "ConfigFile", "StoreLocation", "PhotoUpload"]), ["Store", "ConfigFile", "PhotoUpload"])
    }

    static func typesUsed(in source: String, from declared: Set<String>) -> Set<String> {
        let code = SwiftSource(source).code
        return Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)).intersection(declared)
    }

    /// The types declared at the top level of these files (as `LayeringTests` finds them).
    static func typesDeclared(in files: [(path: String, text: String)]) throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern: #"^(?:public\s+|final\s+|indirect\s+)*(?:struct|enum|class|protocol)\s+([A-Z]\w*)"#,
                                                  options: .anchorsMatchLines)
        var names: Set<String> = []
        for (_, text) in files {
            let code = SwiftSource(text).code
            for m in declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                names.insert(String(code[Range(m.range(at: 1), in: code)!]))
            }
        }
        return names
    }

    /// The Swift files under `Sources/<folder>`, each with its path under Sources.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = folder.isEmpty ? sources : sources.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { throw CocoaError(.fileReadNoSuchFile) }
        var files: [(String, String)] = []
        for case let relative as String in walk where relative.hasSuffix(".swift") {
            let path = folder.isEmpty ? relative : folder + "/" + relative
            files.append((path, try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }
}

/// A Swift source split into its code (comments dropped, each string literal a space, the values
/// interpolated into literals kept as code) and its string literals (each as the texts between its
/// interpolations, escapes as written). Enough of Swift's lexical rules for these checks: line and
/// nested block comments, `"…"`, `"""…"""` and raw `#"…"#` literals, interpolations holding
/// literals of their own.
struct SwiftSource {
    private(set) var code = ""
    private(set) var literals: [[String]] = []
    private let chars: [Character]
    private var i = 0

    init(_ text: String) {
        chars = Array(text)
        lexCode(untilCloseParen: false)
    }

    private func at(_ k: Int, _ s: String) -> Bool {
        var k = k
        for c in s { guard k < chars.count, chars[k] == c else { return false }; k += 1 }
        return true
    }

    /// Code up to the end, or up to the `)` that closes an interpolation (consumed).
    private mutating func lexCode(untilCloseParen: Bool) {
        var depth = 0
        while i < chars.count {
            let c = chars[i]
            if at(i, "//") {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if at(i, "/*") {
                var nesting = 0
                repeat {
                    if at(i, "/*") { nesting += 1; i += 2 } else if at(i, "*/") { nesting -= 1; i += 2 } else { i += 1 }
                } while nesting > 0 && i < chars.count
                code.append(" ")
                continue
            }
            var hashes = 0
            while at(i + hashes, "#") { hashes += 1 }
            if at(i + hashes, "\"") {
                i += hashes
                lexLiteral(hashes: hashes)
                code.append(" ")
                continue
            }
            if untilCloseParen {
                if c == "(" { depth += 1 } else if c == ")" {
                    if depth == 0 { i += 1; return }
                    depth -= 1
                }
            }
            code.append(c)
            i += 1
        }
    }

    /// A literal from its opening quote(s).
    private mutating func lexLiteral(hashes: Int) {
        let pounds = String(repeating: "#", count: hashes)
        let multiline = at(i, "\"\"\"")
        let close = (multiline ? "\"\"\"" : "\"") + pounds
        let escape = "\\" + pounds
        i += multiline ? 3 : 1
        var segments: [String] = [], segment = ""
        while i < chars.count {
            if at(i, close) { i += close.count; break }
            if at(i, escape) {
                i += escape.count
                if at(i, "(") {
                    i += 1
                    segments.append(segment); segment = ""
                    code.append(" ")
                    lexCode(untilCloseParen: true)
                    code.append(" ")
                    continue
                }
                segment += escape
                if i < chars.count { segment.append(chars[i]); i += 1 }
                continue
            }
            segment.append(chars[i])
            i += 1
        }
        segments.append(segment)
        literals.append(segments)
    }
}
