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
final class LayeringTests: XCTestCase {
    static let rungs: [String: Int] = ["Support": 0, "Model": 1, "Catalogue": 2, "Accounting": 2, "Render": 3, "Store": 3, "Workspace": 4]

    func testNothingPointsUpOrSideways() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/AkkordKit")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        XCTAssertEqual(Set(folders), Set(Self.rungs.keys), "every folder of AkkordKit has its rung")

        // Code of each file (comments and string text dropped, interpolated values kept: `SwiftSource`), and the types each folder declares.
        var code: [(folder: String, file: String, text: String)] = []
        var declared: [String: String] = [:]   // type name → folder
        let declaration = try NSRegularExpression(pattern: #"^(?:public\s+|final\s+|indirect\s+)*(?:struct|enum|class|protocol)\s+([A-Z]\w*)"#,
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
}
