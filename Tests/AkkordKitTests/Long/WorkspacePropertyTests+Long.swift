import Foundation
import XCTest
@testable import AkkordKit

// The long part of WorkspacePropertyTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension WorkspacePropertyTests {
    func testRandomEditSequencesSaveWhatTheModelSays() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        let runs = Fixtures.rounds(2, thorough: 12), steps = 60
        var rng = SplitMix64(state: seed)
        for run in 0..<runs {
            try runSequence(&rng, steps: steps, label: "seed \(seed), run \(run)")
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        if testRun?.failureCount ?? 0 > 0 { print("WorkspacePropertyTests failed with AKKORD_SEED=\(seed)") }
    }
}
