import Foundation
import XCTest
@testable import AkkordKit

/// Files under Tests/Fixtures and the repository root, found from this source file's path.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func url(_ name: String) -> URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)") }
    static func text(_ name: String) throws -> String { try String(contentsOf: url(name), encoding: .utf8) }
    /// How many random cases a property test runs: `quick` in an ordinary `swift test` (each run
    /// draws a new seed, so the cases add up over runs), `thorough` with `AKKORD_THOROUGH=1`.
    static func rounds(_ quick: Int, thorough: Int) -> Int {
        ProcessInfo.processInfo.environment["AKKORD_THOROUGH"].map { $0 != "" && $0 != "0" } == true ? thorough : quick
    }
    static func tsvRows(_ name: String) throws -> [[String]] {
        try text(name).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

extension XCTestCase {
    /// A store with its `projects/` in a new temporary directory, removed when the test ends.
    func makeProjectStore(prefix: String) throws -> Store {
        let directory = try TemporaryDirectory.make(prefix: prefix)
        addTeardownBlock { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(directory + "/projects")
        return store
    }

    /// Prints the seed once at the end of a test that failed, so that `AKKORD_SEED=<seed>` repeats the run.
    func reportSeedOnFailure(_ seed: UInt64) {
        if testRun?.failureCount ?? 0 > 0 { print("\(name) failed with AKKORD_SEED=\(seed)") }
    }
}
