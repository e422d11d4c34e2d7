import Foundation
import XCTest
@testable import AkkordKit

/// `ProjectReader.Checking`: every problem, or up to the first. Damage is put into a project
/// file akkord wrote, at a line chosen by the test; the reader must name exactly that damage,
/// and in `firstProblem` mode stop its pass over the lines there.
final class ReaderCheckingTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    /// The bytes of a 2,000-line project with the quantity of line `index` (0-based) replaced by
    /// `"0"`, and its name emptied: two rules broken, one of a line and one of the head.
    static func damaged(lineAt index: Int, seed: UInt64) throws -> (bytes: [UInt8], lineId: Int) {
        var rng = RNG(state: seed)
        var p = StreamingTests.randomProject(&rng, id: "p", lines: 2_000)
        p.lines[index].quantity = Quantity(raw: 0)
        p.lines[index].measurement = nil
        p.name = ""
        // Written as akkord writes (the writer does not check: the rules are the Workspace's).
        return (try ProjectCodec.encode(p), p.lines[index].id)
    }

    func read(_ bytes: [UInt8], _ checking: ProjectReader.Checking, seen: inout Int) throws -> ProjectReader.Read {
        var n = 0
        defer { seen = n }
        return try bytes.withUnsafeBufferPointer { try ProjectReader.read($0, source: "p.json", keeping: .none, checking: checking) { _ in n += 1 } }
    }

    func testEveryProblemNamesBothFirstProblemTheLineOnly() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        for index in [0, 17, 1_999] {
            let (bytes, _) = try Self.damaged(lineAt: index, seed: seed &+ UInt64(index))
            var seen = 0
            XCTAssertThrowsError(try read(bytes, .everyProblem, seen: &seen)) { error in
                // In the rules' order: the head's texts, then the lines.
                XCTAssertEqual((error as? InvalidDataError)?.problems, [
                    Problem("name", "must not be empty"), Problem("lines[\(index)].quantity", "must be greater than zero"),
                ], "seed \(seed), line \(index)")
            }
            XCTAssertEqual(seen, 2_000, "every line is checked")
            XCTAssertThrowsError(try read(bytes, .firstProblem, seen: &seen)) { error in
                XCTAssertEqual((error as? InvalidDataError)?.problems, [Problem("lines[\(index)].quantity", "must be greater than zero")],
                               "seed \(seed), line \(index)")
            }
            XCTAssertEqual(seen, index + 1, "the pass stops at the damaged line")
        }
    }

    /// A file whose only problem is in the head: both modes name it, and read every line.
    func testAHeadProblemAlone() throws {
        var rng = RNG(state: 7)
        var p = StreamingTests.randomProject(&rng, id: "p", lines: 50)
        p.name = ""
        let bytes = try ProjectCodec.encode(p)
        for checking in [ProjectReader.Checking.everyProblem, .firstProblem] {
            var seen = 0
            XCTAssertThrowsError(try read(bytes, checking, seen: &seen)) { error in
                XCTAssertEqual((error as? InvalidDataError)?.problems, [Problem("name", "must not be empty")], "\(checking)")
            }
            XCTAssertEqual(seen, 50, "\(checking)")
        }
    }

    /// `project list` names a damaged file by its first problem (and `check` by all of them).
    func testTheListNamesTheFirstProblem() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-checking")
        defer { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(store.projectsDirectory)
        let (bytes, _) = try Self.damaged(lineAt: 3, seed: 11)
        try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile("p")))
        XCTAssertThrowsError(try store.loadListEntry("p")) { error in
            XCTAssertEqual("\(error)", "\(store.projectFile("p")): lines[3].quantity: must be greater than zero")
        }
        XCTAssertThrowsError(try store.loadProjectForReading("p")) { error in
            XCTAssertEqual((error as? InvalidDataError)?.problems.count, 2)
        }
    }
}
