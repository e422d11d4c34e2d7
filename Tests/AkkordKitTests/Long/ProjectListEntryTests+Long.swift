import Foundation
import XCTest
@testable import AkkordKit

// The long part of ProjectListEntryTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension ProjectListEntryTests {
    func testTheHeadGivesWhatTheWholeFileGivesOnRandomProjects() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        for n in 0..<200 {
            var p = Project(id: "p\(n)", name: "Projekt \(n) æøå")
            p.status = Bool.random(using: &rng) ? .open : .closed
            p.end = Bool.random(using: &rng) ? String(format: "2026-%02d-%02d", Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)) : nil
            ProjectsSummaryTests.addRandomLineAndTeam(to: &p, names: ["Jens", "Ali"], &rng)
            p.advances = p.advances.filter { $0.amount.raw > 0 }   // a negative one needs --correction
            p.nextIds = ["line": 2, "hours": 100, "advance": 100]
            let bytes = try ProjectCodec.encode(p)
            let whole = try ProjectListEntry(try ProjectCodec.decode(bytes, source: "p.json"))
            XCTAssertEqual(try listEntry(bytes, id: "p\(n)"), whole, "seed \(seed), project \(n)")
            XCTAssertEqual(whole.lineCount, 1)
            XCTAssertEqual(whole.subtotal, p.lines[0].amount)
        }
    }
}
