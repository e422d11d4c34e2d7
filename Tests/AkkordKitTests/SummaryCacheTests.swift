#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import AkkordKit

/// `.project-summary`: `summary` takes a project's figures from the cache only while its file is
/// the very file they were made from (by this program), and the figures are those of reading
/// every file; a damaged cache is as good as none. The store is the five projects of
/// `ProjectsSummaryTests` (figures worked out by hand there) and a few random ones. Files are
/// "settled" by asking with a clock 10 s ahead, so no test sleeps.
final class SummaryCacheTests: XCTestCase {
    var directory: String!
    var store: Store { Store(directory: directory + "/store") }
    var cacheFile: String { store.summaryCacheFile }
    /// A clock late enough that every file written by the test counts as settled.
    var later: timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        now.tv_sec += 10
        return now
    }

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-summarycache") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    func makeStore(random: Int = 6, seed: UInt64 = 11) throws -> [Project] {
        try store.createDirectories()
        var projects = try ProjectsSummaryTests.store()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        for n in 0..<random {
            var p = Project(id: "r\(n)", name: "Random \(n)")
            p.end = n % 2 == 0 ? "2026-0\(n % 9 + 1)-15" : nil
            ProjectsSummaryTests.addRandomLineAndTeam(to: &p, names: ["Jens Hansen", "Ali"], &rng)
            p.advances = p.advances.filter { $0.amount.raw > 0 }
            projects.append(p)
        }
        for i in projects.indices { projects[i].nextIds = ["line": 2, "hours": 100, "advance": 100] }
        for p in projects { try store.write(ProjectCodec.encode(p), to: store.projectFile(p.id)) }
        return projects
    }

    /// The figures (and what the cache should become), as a summary under a settled clock sees them.
    func figures() throws -> (figures: [ProjectsSummary.ProjectFigures], cache: SummaryCache?) {
        let (figures, unreadable, cache) = try store.summaryFigures(now: later)
        XCTAssertEqual(unreadable.map { "\($0)" }, [])
        return (figures, cache)
    }

    func summary(_ figures: [ProjectsSummary.ProjectFigures], _ filter: ProjectsSummary.Filter) throws -> ProjectsSummary {
        var b = ProjectsSummary.Builder(filter: filter)
        for f in figures { b.add(f) }
        return try b.summary()
    }

    static let filters: [ProjectsSummary.Filter] = [
        try! .init(), try! .init(from: "2026-03-01", to: "2026-04-30"), try! .init(employer: "tag & co"), try! .init(status: .closed),
    ]

    func testTheCachedFiguresGiveTheSummaryOfTheProjectsThemselves() throws {
        let projects = try makeStore()
        let cold = try figures()
        let cache = try XCTUnwrap(cold.cache, "a summary of settled files makes the cache")
        XCTAssertEqual(cache.entries.count, projects.count)
        store.writeSummaryCache(cache)
        let warm = try figures()
        XCTAssertNil(warm.cache, "nothing changed: the cache is not written again")
        XCTAssertEqual(warm.figures, cold.figures)
        for filter in Self.filters {
            XCTAssertEqual(try summary(warm.figures, filter), try ProjectsSummary(projects, filter: filter), "\(filter)")
        }
        // The hand-worked figures of ProjectsSummaryTests, through the cache: project a.
        let a = try XCTUnwrap(warm.figures.first { $0.row.id == "a" })
        XCTAssertEqual(a.row.pool, try Money(parsing: "3500.00"))
        XCTAssertEqual(a.row.hourlyEarnings, try Money(parsing: "87.50"))
        XCTAssertEqual(a.team.map(\.share), [try Money(parsing: "2625.00"), try Money(parsing: "875.00"), try Money(parsing: "500.00")])
        // Read back from the file, entry by entry.
        let read = try XCTUnwrap(SummaryCache(try FileIO.read(cacheFile, limit: 1 << 30)))
        XCTAssertEqual(read, cache)
    }

    /// A file edited in place to the same size: its modification time (and change time) moved,
    /// so the entry is not taken, even with the modification time set back by hand.
    func testAFileEditedToTheSameSizeIsReadAgain() throws {
        _ = try makeStore(random: 0)
        store.writeSummaryCache(try XCTUnwrap(try figures().cache))
        let path = store.projectFile("a")
        var before = stat()
        XCTAssertEqual(lstat(path, &before), 0)
        var bytes = try FileIO.read(path, limit: 1 << 30)
        let name = Array("\"Tag a\"".utf8)
        let at = try XCTUnwrap((0...(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
        bytes[at + 5] = UInt8(ascii: "z")   // "Tag z": the same size
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }, bytes.count)
        close(fd)
        var after = stat()
        XCTAssertEqual(lstat(path, &after), 0)
        XCTAssertEqual(after.st_size, before.st_size)
        XCTAssertEqual(try figures().figures.first { $0.row.id == "a" }?.row.name, "Tag z")

        // The modification time put back as it was: the change time still differs.
        #if canImport(Darwin)
        var times = [before.st_atimespec, before.st_mtimespec]
        #else
        var times = [before.st_atim, before.st_mtim]
        #endif
        store.writeSummaryCache(try XCTUnwrap(try figures().cache))
        bytes[at + 5] = UInt8(ascii: "y")
        let again = open(path, O_WRONLY)
        XCTAssertEqual(bytes.withUnsafeBytes { pwrite(again, $0.baseAddress, $0.count, 0) }, bytes.count)
        XCTAssertEqual(futimens(again, &times), 0)
        close(again)
        XCTAssertEqual(try figures().figures.first { $0.row.id == "a" }?.row.name, "Tag y")
    }

    /// Entries that are not the files' are never shown: figures forged under another identity,
    /// an entry for a project that has no file, and figures another program made.
    func testForgedEntriesAreNotShown() throws {
        let projects = try makeStore(random: 2)
        let cache = try XCTUnwrap(try figures().cache)
        let real = cache.entries["b"]!
        let i = real.identity
        func forged(_ id: String, _ identity: SummaryCache.Identity) -> SummaryCache.Entry {
            let r = real.figures.row
            return SummaryCache.Entry(identity: identity, figures: ProjectsSummary.ProjectFigures(row: ProjectsSummary.ProjectRow(
                id: id, name: "Forged", employer: r.employer, status: r.status, start: r.start, end: r.end, total: Money(raw: 999_999),
                apprenticePay: .zero, pool: Money(raw: 999_999), journeymanHours: r.journeymanHours, hourlyEarnings: nil), team: []))
        }
        // Another file's identity (project c's): what a file edited in any way would have.
        let otherIdentity = cache.entries["c"]!.identity
        var entries = cache.entries
        entries["b"] = forged("b", otherIdentity)
        entries["ghost"] = forged("ghost", i)
        let bytes = SummaryCache.encode(program: cache.program, entries.keys.sorted().map { entries[$0]! })
        try AtomicFile.write(bytes, to: cacheFile)
        let shown = try figures()
        XCTAssertFalse(shown.figures.contains { $0.row.name == "Forged" || $0.row.id == "ghost" })
        XCTAssertEqual(try summary(shown.figures, try .init()), try ProjectsSummary(projects, filter: try .init()))
        XCTAssertEqual(shown.cache?.entries.keys.sorted(), projects.map(\.id).sorted(), "the forged entries are dropped")

        // The same forged figures under the file's very identity, but from another program.
        entries = cache.entries
        entries["b"] = forged("b", i)
        let otherProgram = cache.entries["c"]!.identity
        try AtomicFile.write(SummaryCache.encode(program: otherProgram, entries.keys.sorted().map { entries[$0]! }), to: cacheFile)
        XCTAssertFalse(try figures().figures.contains { $0.row.name == "Forged" })
        XCTAssertNotNil(try figures().cache, "made again by this program")
    }

    func testACorruptCacheIsIgnoredAndMadeAgain() throws {
        let projects = try makeStore(random: 3)
        let good = SummaryCache.encode(program: SummaryCache.currentProgram(), try XCTUnwrap(try figures().cache).entries.values.sorted {
            $0.figures.row.id < $1.figures.row.id
        })
        XCTAssertNotNil(SummaryCache(good))
        var flipped = good
        flipped[good.count / 2] ^= 0x20
        for damaged in [Array(good.prefix(good.count - 9)), flipped, Array("AKPS0001 garbage".utf8), [], Array("AKPS0002".utf8) + good.dropFirst(8)] {
            XCTAssertNil(SummaryCache(damaged))
            try AtomicFile.write(damaged, to: cacheFile)
            let (figures, cache) = try figures()
            XCTAssertEqual(try summary(figures, try .init()), try ProjectsSummary(projects, filter: try .init()))
            let remade = try XCTUnwrap(cache, "a damaged cache is made again")
            store.writeSummaryCache(remade)
            XCTAssertEqual(SummaryCache(try FileIO.read(cacheFile, limit: 1 << 30))?.entries.count, projects.count)
        }
    }

    /// A file that does not read fails the summary as before, and leaves the cache as it was.
    func testAnUnreadableFileFailsTheSummaryAndIsNotCached() throws {
        _ = try makeStore(random: 0)
        try store.write(Array("{\"format\": \"akkord-project\"".utf8), to: store.projectFile("broken"))
        let (_, unreadable, cache) = try store.summaryFigures(now: later)
        XCTAssertEqual(unreadable.count, 1)
        XCTAssertNil(cache)
        XCTAssertThrowsError(try Workspace(store: store, command: "test").summary(try .init())) { error in
            XCTAssertTrue(error is SummaryUnreadableProjectsError, "\(error)")
        }
        XCTAssertFalse(FileIO.exists(cacheFile))
    }
}
