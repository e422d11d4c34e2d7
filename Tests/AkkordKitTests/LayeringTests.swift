import Foundation
import XCTest

/// The library's folders form a ladder: each may use the rungs below it, never one above or
/// beside it, so a rule is found in one obvious place and a lower piece never knows a higher one.
///
///     Workspace
///     Render  Store
///     Catalogue  Accounting
///     Model
///     Support
///
/// Each folder is a SwiftPM target of its own (`AkkordSupport` … `AkkordWorkspace`, Package.swift)
/// that depends on exactly the rungs below it, so the compiler refuses a use that points up or
/// sideways; `AkkordKit` (the folder `Exports`) re-exports them all for the program and the tests.
final class LayeringTests: XCTestCase {
    static let rungs: [String: Int] = ["Support": 0, "Model": 1, "Catalogue": 2, "Accounting": 2, "Render": 3, "Store": 3, "Workspace": 4]
    /// The folder of the `AkkordKit` target: only the file that re-exports the layers.
    static let umbrella = "Exports"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A layer's target: `Akkord` and its folder's name.
    static func target(_ folder: String) -> String { "Akkord" + folder }

    func testNothingPointsUpOrSideways() throws {
        let root = Self.packageRoot.appendingPathComponent("Sources/AkkordKit")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted().filter { $0 != Self.umbrella }
        XCTAssertEqual(Set(folders), Set(Self.rungs.keys), "every folder of AkkordKit has its rung")

        // Code of each file (comments and string text dropped, interpolated values kept: `SwiftSource`), and the types each folder declares.
        var code: [(folder: String, file: String, text: String)] = []
        var declared: [String: String] = [:]   // type name → folder
        let declaration = try NSRegularExpression(pattern: #"^(?:public\s+|package\s+|final\s+|indirect\s+)*(?:struct|enum|class|protocol)\s+([A-Z]\w*)"#,
                                                  options: .anchorsMatchLines)
        for folder in folders {
            for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path) where file.hasSuffix(".swift") {
                let raw = try String(contentsOf: root.appendingPathComponent("\(folder)/\(file)"), encoding: .utf8)
                let text = SwiftSource(raw).code
                code.append((folder, file, text))
                for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    declared[String(text[Range(m.range(at: 1), in: text)!])] = folder
                }
            }
        }
        XCTAssertGreaterThan(declared.count, 40)
        var violations: [String] = []
        for (folder, file, text) in code {
            let words = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            for word in words {
                guard let owner = declared[word], owner != folder else { continue }
                if Self.rungs[owner]! >= Self.rungs[folder]! { violations.append("\(folder)/\(file) uses \(word) from \(owner)") }
            }
        }
        XCTAssertEqual(violations.sorted(), [])
    }

    /// Package.swift gives each layer's target exactly the rungs below it as dependencies (a
    /// dependency pointing up or sideways fails here, and one left out too), its folder as path,
    /// and `AkkordKit` every layer, each re-exported by its one file.
    func testTheTargetsAreTheLadder() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(inManifest: manifest)
        for (folder, rung) in Self.rungs {
            let name = Self.target(folder)
            guard let t = targets[name] else { XCTFail("Package.swift has no target \(name)"); continue }
            let below = Self.rungs.filter { $0.value < rung }.map { Self.target($0.key) }
            XCTAssertEqual(Set(t.dependencies), Set(below), "\(name) depends on exactly the rungs below it")
            XCTAssertEqual(t.dependencies.count, Set(t.dependencies).count, "\(name) names each dependency once")
            XCTAssertEqual(t.path, "Sources/AkkordKit/\(folder)", "\(name) is the folder \(folder)")
        }
        let layers = Set(Self.rungs.keys.map(Self.target))
        let kit = try XCTUnwrap(targets["AkkordKit"], "Package.swift has the target AkkordKit")
        XCTAssertEqual(Set(kit.dependencies), layers, "AkkordKit depends on every layer")
        XCTAssertEqual(kit.path, "Sources/AkkordKit/\(Self.umbrella)")
        // The umbrella holds one file, which re-exports every layer and declares nothing.
        let umbrella = Self.packageRoot.appendingPathComponent("Sources/AkkordKit/\(Self.umbrella)")
        let files = try FileManager.default.contentsOfDirectory(atPath: umbrella.path)
        XCTAssertEqual(files, ["AkkordKit.swift"])
        let code = SwiftSource(try String(contentsOf: umbrella.appendingPathComponent("AkkordKit.swift"), encoding: .utf8)).code
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(Set(lines), Set(layers.map { "@_exported import \($0)" }))
        // No other target names a layer but through AkkordKit.
        for (name, t) in targets where !layers.contains(name) && name != "AkkordKit" {
            XCTAssertEqual(Set(t.dependencies).intersection(layers), [], "\(name) uses the library through AkkordKit")
        }
    }

    /// The check reads the targets as Package.swift writes them, and would see a dependency added upwards.
    func testTheManifestReaderFindsDependencies() {
        let manifest = """
        let package = Package(
            name: "x", // a comment with "quotes" and .target(name: "Nope")
            targets: [
                .target(name: "AkkordSupport", path: "Sources/AkkordKit/Support"),
                .target(
                    name: "AkkordModel",
                    dependencies: ["AkkordSupport", .target(name: "AkkordStore"), .byName(name: "AkkordRender")],  // upwards
                    path: "Sources/AkkordKit/Model"
                ),
                .testTarget(name: "T", dependencies: ["AkkordKit"], path: "Tests/T"),
            ]
        )
        """
        let targets = Self.targets(inManifest: manifest)
        XCTAssertEqual(targets.keys.sorted(), ["AkkordModel", "AkkordSupport", "T"])
        XCTAssertEqual(targets["AkkordSupport"]?.dependencies, [])
        XCTAssertEqual(targets["AkkordSupport"]?.path, "Sources/AkkordKit/Support")
        XCTAssertEqual(targets["AkkordModel"]?.dependencies, ["AkkordSupport", "AkkordStore", "AkkordRender"])
        XCTAssertEqual(targets["T"]?.dependencies, ["AkkordKit"])
    }

    /// Every `.target(`, `.executableTarget(` and `.testTarget(` of a manifest: its name, the
    /// names in its `dependencies` (each string there: `"X"`, `.target(name: "X")`,
    /// `.byName(name: "X")`, `.product(name: "X", …)`), and its `path`. Line comments are dropped.
    static func targets(inManifest manifest: String) -> [String: (dependencies: [String], path: String?)] {
        // Line comments out, strings kept.
        var text = ""
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            var inString = false, previous: Character = " "
            var kept = ""
            for c in line {
                if c == "\"" { inString.toggle() }
                if !inString && c == "/" && previous == "/" { kept.removeLast(); break }
                kept.append(c)
                previous = c
            }
            text += kept + "\n"
        }
        let chars = Array(text)
        /// The index just past the bracket that closes the one at `open`.
        func closing(_ open: Int) -> Int {
            var depth = 0, inString = false, i = open
            while i < chars.count {
                let c = chars[i]
                if c == "\"" { inString.toggle() } else if !inString {
                    if c == "(" || c == "[" { depth += 1 }
                    if c == ")" || c == "]" { depth -= 1; if depth == 0 { return i + 1 } }
                }
                i += 1
            }
            return chars.count
        }
        func strings(_ s: Substring) -> [String] {
            s.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        func argument(_ label: String, in body: String) -> Substring? {
            guard let r = body.range(of: label + ":") else { return nil }
            let rest = body[r.upperBound...]
            guard let start = rest.firstIndex(where: { !$0.isWhitespace }) else { return nil }
            if rest[start] == "\"" {
                let afterQuote = rest.index(after: start)
                return rest[start..<(rest[afterQuote...].firstIndex(of: "\"").map { rest.index(after: $0) } ?? rest.endIndex)]
            }
            // A bracketed list: to its closing bracket.
            var depth = 0, inString = false
            var end = start
            for i in rest[start...].indices {
                let c = rest[i]
                if c == "\"" { inString.toggle() } else if !inString {
                    if c == "[" || c == "(" { depth += 1 }
                    if c == "]" || c == ")" { depth -= 1; if depth == 0 { end = rest.index(after: i); break } }
                }
            }
            return rest[start..<end]
        }
        var found: [String: (dependencies: [String], path: String?)] = [:]
        var i = 0
        let openers = [".target(", ".executableTarget(", ".testTarget("].map(Array.init)
        while i < chars.count {
            guard let opener = openers.first(where: { i + $0.count <= chars.count && Array(chars[i..<(i + $0.count)]) == $0 }) else { i += 1; continue }
            let open = i + opener.count - 1
            let end = closing(open)
            let body = String(chars[(open + 1)..<(end - 1)])
            // Inside `dependencies`, `.target(name:)` is a dependency, not a target: skip past the whole call.
            i = end
            guard let name = argument("name", in: body).flatMap({ strings($0).first }) else { continue }
            let dependencies = argument("dependencies", in: body).map(strings) ?? []
            let path = argument("path", in: body).flatMap { strings($0).first }
            found[name] = (dependencies, path)
        }
        return found
    }
}
