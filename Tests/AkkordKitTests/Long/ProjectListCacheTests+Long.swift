#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import AkkordKit

// The long part of ProjectListCacheTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension ProjectListCacheTests {
    func testAWarmListShowsWhatReadingEveryFileShows() throws {
        let seed = Self.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        let expected = try makeRandomStore(300, &rng)
        try waitUntilSettled()
        XCTAssertFalse(FileIO.exists(cacheFile))
        let cold = try listing()
        XCTAssertEqual(cold.projects, expected, "seed \(seed)")
        XCTAssertEqual(cold.unreadable, [])
        XCTAssertEqual(try cached().entries.count, 300, "every file is cached")
        XCTAssertEqual(try cached().entries.mapValues(\.listEntry), Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0) }))
        var before = stat()
        lstat(cacheFile, &before)
        let warm = try listing()
        XCTAssertEqual(warm.projects, expected, "seed \(seed)")
        XCTAssertEqual(warm.unreadable, [])
        var after = stat()
        lstat(cacheFile, &after)
        XCTAssertEqual(ProjectListCache.Identity(after), ProjectListCache.Identity(before), "nothing changed: the cache is not written again")
    }
}
