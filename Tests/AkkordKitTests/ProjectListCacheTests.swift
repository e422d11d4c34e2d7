#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import AkkordKit

/// `.project-list`: `project list` takes a project from the cache only while its file is the
/// very file the entry was read from, and shows exactly what reading every file shows; a damaged
/// cache is as good as none.
final class ProjectListCacheTests: XCTestCase {
    var directory: String!
    var store: Store { Store(directory: directory + "/store") }
    var cacheFile: String { store.directory + "/.project-list" }

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-listcache") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }

    // MARK: the file format

    func testEntriesReadBackAsTheyWereWritten() throws {
        let seed = Self.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        let names = ["Søndergade 4 – tag og inddækning", "Å", "x", String(repeating: "ø", count: 500), "Tag\tmed tab", "日本 roof"]
        var entries: [ProjectListCache.Entry] = []
        for n in 0..<300 {
            let identity = ProjectListCache.Identity(
                device: rng.next(), inode: rng.next(), size: Int64.random(in: 0...Int64.max, using: &rng),
                modifiedSeconds: Int64.random(in: Int64.min...Int64.max, using: &rng), modifiedNanoseconds: Int64.random(in: 0..<1_000_000_000, using: &rng),
                changedSeconds: Int64.random(in: Int64.min...Int64.max, using: &rng), changedNanoseconds: Int64.random(in: 0..<1_000_000_000, using: &rng))
            let entry = ProjectListEntry(
                id: "p-\(n)", name: names.randomElement(using: &rng)!, status: Bool.random(using: &rng) ? .open : .closed,
                lineCount: Int.random(in: 0...Int.max, using: &rng), subtotal: Money(raw: Int64.random(in: -Money.maximumRaw...Money.maximumRaw, using: &rng)),
                end: Bool.random(using: &rng) ? nil : String(format: "20%02d-%02d-%02d", Int.random(in: 0...99, using: &rng), Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)),
                handedIn: Bool.random(using: &rng) ? nil : "2026-06-01", approved: Bool.random(using: &rng) ? nil : "2026-06-1\(n % 10)",
                disputed: Bool.random(using: &rng) ? nil : "2027-01-02")
            entries.append(ProjectListCache.Entry(identity: identity, listEntry: entry))
        }
        let cache = try XCTUnwrap(ProjectListCache(ProjectListCache.encode(entries)), "seed \(seed)")
        XCTAssertEqual(cache, ProjectListCache(entries), "seed \(seed)")
        XCTAssertEqual(cache.entries.count, 300)
        XCTAssertEqual(try XCTUnwrap(ProjectListCache(ProjectListCache.encode([]))).entries.count, 0)
    }

    /// The format written out by hand (numbers 8 bytes little-endian, texts after their length),
    /// so the damaged caches below are made without the encoder.
    struct RawEntry {
        var numbers: [Int64] = [1, 2, 300, 1_700_000_000, 5, 1_700_000_000, 6, 0, 3, 12_345]
        var id = "alpha", name = "Alpha", end = "2026-05-01", handedIn = "2026-05-04", approved = "", disputed = ""
        var bytes: [UInt8] {
            var out: [UInt8] = []
            for v in numbers { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
            for s in [id, name, end, handedIn, approved, disputed] { withUnsafeBytes(of: Int64(s.utf8.count).littleEndian) { out += $0 }; out += s.utf8 }
            return out
        }
    }

    static func file(_ entries: [RawEntry], count: Int64? = nil, magic: String = "AKPL0002", extra: [UInt8] = []) -> [UInt8] {
        var out = Array(magic.utf8)
        withUnsafeBytes(of: (count ?? Int64(entries.count)).littleEndian) { out += $0 }
        for e in entries { out += e.bytes }
        out += extra
        withUnsafeBytes(of: Int64(bitPattern: ByteHash.hash64(out[...])).littleEndian) { out += $0 }
        return out
    }

    func testAWellFormedCacheWrittenByHandReads() throws {
        var beta = RawEntry()
        beta.id = "beta"; beta.name = "Beta"; beta.end = ""; beta.handedIn = ""; beta.numbers[7] = 1; beta.numbers[9] = -Money.maximumRaw
        let cache = try XCTUnwrap(ProjectListCache(Self.file([RawEntry(), beta])))
        XCTAssertEqual(cache.entries["alpha"]?.listEntry,
                       ProjectListEntry(id: "alpha", name: "Alpha", status: .open, lineCount: 3, subtotal: Money(raw: 12_345), end: "2026-05-01", handedIn: "2026-05-04", approved: nil, disputed: nil))
        XCTAssertEqual(cache.entries["alpha"]?.identity,
                       ProjectListCache.Identity(device: 1, inode: 2, size: 300, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 5,
                                                 changedSeconds: 1_700_000_000, changedNanoseconds: 6))
        XCTAssertEqual(cache.entries["beta"]?.listEntry,
                       ProjectListEntry(id: "beta", name: "Beta", status: .closed, lineCount: 3, subtotal: Money(raw: -Money.maximumRaw), end: nil, handedIn: nil, approved: nil, disputed: nil))
    }

    /// Each damage, with the hash made right again so that it is the value check that refuses it.
    func testACacheWithAnyValueNoProjectFileCanGiveIsRefusedWhole() throws {
        func with(_ change: (inout RawEntry) -> Void) -> [RawEntry] {
            var e = RawEntry()
            change(&e)
            return [RawEntry(), e].enumerated().map { i, e in var e = e; if i == 0 { e.id = "first" }; return e }
        }
        XCTAssertNotNil(ProjectListCache(Self.file(with { _ in })), "the control: two good entries")
        let damaged: [(String, [UInt8])] = [
            ("another version", Self.file([RawEntry()], magic: "AKPL0001")),
            ("a hand-in that is no date", Self.file(with { $0.handedIn = "2026-13-01" })),
            ("an approval that is no date", Self.file(with { $0.approved = "x" })),
            ("another marker", Self.file([RawEntry()], magic: "AKCI0003")),
            ("more entries counted than there are", Self.file([RawEntry()], count: 2)),
            ("a huge count", Self.file([RawEntry()], count: Int64.max)),
            ("a negative count", Self.file([RawEntry()], count: -1)),
            ("fewer entries counted", Self.file([RawEntry(), RawEntry()], count: 1)),
            ("bytes after the entries", Self.file([RawEntry()], extra: [0])),
            ("an id that is not a slug", Self.file(with { $0.id = "../x" })),
            ("an upper-case id", Self.file(with { $0.id = "Alpha" })),
            ("an empty id", Self.file(with { $0.id = "" })),
            ("an id twice", Self.file([RawEntry(), RawEntry()])),
            ("an empty name", Self.file(with { $0.name = "" })),
            ("a name with a control character", Self.file(with { $0.name = "A\u{1B}[2J" })),
            ("a name of 501 characters", Self.file(with { $0.name = String(repeating: "a", count: 501) })),
            ("an end that is no date", Self.file(with { $0.end = "2026-02-30" })),
            ("a negative size", Self.file(with { $0.numbers[2] = -1 })),
            ("nanoseconds of a whole second", Self.file(with { $0.numbers[4] = 1_000_000_000 })),
            ("negative nanoseconds", Self.file(with { $0.numbers[6] = -1 })),
            ("a status that is neither", Self.file(with { $0.numbers[7] = 2 })),
            ("a negative line count", Self.file(with { $0.numbers[8] = -1 })),
            ("a subtotal over Money's range", Self.file(with { $0.numbers[9] = Money.maximumRaw + 1 })),
            ("a subtotal under Money's range", Self.file(with { $0.numbers[9] = -Money.maximumRaw - 1 })),
            ("a subtotal of Int64.min", Self.file(with { $0.numbers[9] = Int64.min })),
        ]
        for (what, bytes) in damaged { XCTAssertNil(ProjectListCache(bytes), what) }

        // A text length longer than what is left, or huge, or negative.
        var good = Self.file([RawEntry()])
        let idLength = 8 + 8 + 10 * 8
        for length in [Int64.max, Int64.max - 3, Int64(good.count), -1, Int64.min] {
            var bytes = Array(good.dropLast(8))
            withUnsafeBytes(of: length.littleEndian) { bytes.replaceSubrange(idLength..<(idLength + 8), with: $0) }
            withUnsafeBytes(of: Int64(bitPattern: ByteHash.hash64(bytes[...])).littleEndian) { bytes += $0 }
            XCTAssertNil(ProjectListCache(bytes), "id length \(length)")
        }
        // Invalid UTF-8 in a name.
        var badName = RawEntry()
        badName.name = "AB"
        good = Self.file([badName])
        var bytes = Array(good.dropLast(8))
        let at = idLength + 8 + 5 + 8
        XCTAssertEqual(Array(bytes[at..<(at + 2)]), Array("AB".utf8))
        bytes[at] = 0xC3; bytes[at + 1] = 0x28
        withUnsafeBytes(of: Int64(bitPattern: ByteHash.hash64(bytes[...])).littleEndian) { bytes += $0 }
        XCTAssertNil(ProjectListCache(bytes), "invalid UTF-8")
    }

    func testACacheCutShortGarbledOrRandomIsRefused() throws {
        let seed = Self.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        var entries: [RawEntry] = []
        for n in 0..<20 { var e = RawEntry(); e.id = "p\(n)"; e.name = "Projekt \(n) æøå"; entries.append(e) }
        let good = Self.file(entries)
        XCTAssertEqual(try XCTUnwrap(ProjectListCache(good)).entries.count, 20)
        for length in 0..<good.count { XCTAssertNil(ProjectListCache(Array(good.prefix(length))), "cut to \(length) bytes") }
        for _ in 0..<2000 {
            var bytes = good
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
            XCTAssertNil(ProjectListCache(bytes), "seed \(seed): byte \(at) changed")
        }
        for _ in 0..<2000 {
            var bytes = (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if Bool.random(using: &rng) { bytes = Array("AKPL0002".utf8) + bytes }
            XCTAssertNil(ProjectListCache(bytes), "seed \(seed): random bytes")
        }
    }

    // MARK: listing

    /// Random projects written as akkord writes them, each with the entry worked out from its
    /// model (not read back).
    func makeRandomStore(_ count: Int, _ rng: inout WorkspacePropertyTests.SplitMix64) throws -> [ProjectListEntry] {
        try store.createDirectories()
        var expected: [ProjectListEntry] = []
        for n in 0..<count {
            var p = Project(id: "projekt-\(n)", name: ["Søndergade", "Åvej", "Tag"].randomElement(using: &rng)! + " \(Int.random(in: 1...999, using: &rng))")
            p.status = Int.random(in: 0..<5, using: &rng) == 0 ? .closed : .open
            p.end = Bool.random(using: &rng) ? String(format: "2026-%02d-%02d", Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng)) : nil
            ProjectsSummaryTests.addRandomLineAndTeam(to: &p, names: ["Jens", "Ali"], &rng)
            p.advances = p.advances.filter { $0.amount.raw > 0 }
            p.nextIds = ["line": 2, "hours": 100, "advance": 100]
            try store.write(ProjectCodec.encode(p), to: store.projectFile(p.id))
            expected.append(try ProjectListEntry(p))
        }
        return expected.sorted { $0.id < $1.id }
    }

    /// The clock the lists ask (nil: the real one). `waitUntilSettled` sets it `settleSeconds`
    /// ahead of the moment it is called, which is what a list sees after waiting that long,
    /// without the wait: every file written before counts as settled, and every file written
    /// after (20 ms later, past the grain of the kernel’s file clock) does not.
    var listClock: timespec?

    /// Makes every project file written so far count as settled, so a list caches it.
    func waitUntilSettled() throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        now.tv_sec += Int(ProjectListCache.settleSeconds)
        listClock = now
        Thread.sleep(forTimeInterval: 0.02)
    }

    /// What `project list` shows (`Workspace.projectListing` does the same under the clock of
    /// the machine), the cache brought up to date.
    func listing() throws -> (projects: [ProjectListEntry], unreadable: [String]) {
        let (entries, unreadable, cache) = try store.shared { try store.listEntries(now: listClock) }
        if let cache { store.writeProjectListCache(cache) }
        return (entries, unreadable.map { "\($0)" })
    }

    /// The listing with no cache (the cache put back afterwards as it was).
    func uncachedListing() throws -> (projects: [ProjectListEntry], unreadable: [String]) {
        let saved = try? FileIO.read(cacheFile, limit: 1 << 30)
        unlink(cacheFile)
        defer {
            if let saved { try? AtomicFile.write(saved, to: cacheFile) } else { unlink(cacheFile) }
        }
        return try listing()
    }

    func cached() throws -> ProjectListCache {
        try XCTUnwrap(ProjectListCache(try FileIO.read(cacheFile, limit: 1 << 30)), "the cache reads")
    }

    /// What shows that a warm list takes the cache at its word: an entry forged with the file's
    /// identity is shown as it is.
    func testAnEntryWhoseIdentityIsTheFilesIsTakenFromTheCache() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 7)
        let expected = try makeRandomStore(3, &rng)
        try waitUntilSettled()
        _ = try listing()
        var entries = try cached().entries.values.sorted { $0.listEntry.id < $1.listEntry.id }
        let e = entries[1].listEntry
        entries[1] = ProjectListCache.Entry(identity: entries[1].identity, listEntry: ProjectListEntry(
            id: e.id, name: "Forged", status: e.status, lineCount: 77, subtotal: Money(raw: 4200), end: e.end, handedIn: e.handedIn, approved: e.approved, disputed: e.disputed))
        try AtomicFile.write(ProjectListCache.encode(entries), to: cacheFile)
        XCTAssertEqual(try listing().projects.map(\.name), [expected[0].name, "Forged", expected[2].name])
        XCTAssertEqual(try listing().projects[1].lineCount, 77)
        XCTAssertEqual(try uncachedListing().projects, expected)
    }

    func testFilesChangedBehindTheCachesBackAreReadAgain() throws {
        let seed = Self.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        var expected = try makeRandomStore(40, &rng)
        // One project rewritten in place by a "script" to the same size, its mtime put back:
        // only its ctime tells.
        var shed = Project(id: "skur", name: "Skur A")
        shed.lines = [Line(id: 1, pos: "X1", name: "w", unit: "m2", price: UnitPrice(raw: 100_000), quantity: Quantity(raw: 3000), custom: true)]
        shed.nextIds = ["line": 2]
        try store.write(ProjectCodec.encode(shed), to: store.projectFile("skur"))
        try waitUntilSettled()
        XCTAssertEqual(try listing().projects.first { $0.id == "skur" }?.subtotal, Money(raw: 3000))
        XCTAssertEqual(try cached().entries.count, 41)

        var changed = shed
        changed.name = "Skur B"
        changed.lines[0].quantity = Quantity(raw: 4000)
        let path = store.projectFile("skur")
        var old = stat()
        XCTAssertEqual(lstat(path, &old), 0)
        let bytes = try ProjectCodec.encode(changed)
        XCTAssertEqual(bytes.count, Int(old.st_size), "the same size")
        let fd = open(path, O_WRONLY | O_TRUNC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        try FileIO.writeAll(fd: fd, bytes, path: path)
        close(fd)
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        var new = stat()
        lstat(path, &new)
        XCTAssertEqual([new.st_ino, UInt(new.st_size), UInt(new.st_mtim.tv_sec), UInt(new.st_mtim.tv_nsec)],
                       [old.st_ino, UInt(old.st_size), UInt(old.st_mtim.tv_sec), UInt(old.st_mtim.tv_nsec)], "only ctime differs")

        // One removed, one added.
        let removed = expected.remove(at: 3).id
        XCTAssertEqual(unlink(store.projectFile(removed)), 0)
        var added = Project(id: "nyt", name: "Nyt tag")
        added.status = .closed
        try store.write(ProjectCodec.encode(added), to: store.projectFile("nyt"))
        expected.append(try ProjectListEntry(added))
        expected.append(ProjectListEntry(id: "skur", name: "Skur B", status: .open, lineCount: 1, subtotal: Money(raw: 4000), end: nil, handedIn: nil, approved: nil, disputed: nil))
        expected.sort { $0.id < $1.id }
        XCTAssertEqual(try listing().projects, expected, "seed \(seed)")
        XCTAssertEqual(try uncachedListing().projects, expected)
        // Dropped from the cache; the files changed just now are not kept until they settle.
        var keys = Set(try cached().entries.keys)
        XCTAssertTrue(keys.isDisjoint(with: [removed, "skur", "nyt"]), "\(keys)")
        XCTAssertEqual(keys.count, 39)
        try waitUntilSettled()
        XCTAssertEqual(try listing().projects, expected)
        keys = Set(try cached().entries.keys)
        XCTAssertEqual(keys.count, 41, "the new and the rewritten file are kept")
        XCTAssertEqual(try cached().entries["skur"]?.listEntry.name, "Skur B")

        // Two files damaged after they were cached: one cut short, one garbled at the same size.
        let cut = expected.remove(at: 5).id, garbled = expected.remove(at: 7).id
        let cutBytes = try FileIO.read(store.projectFile(cut), limit: 1 << 30)
        try store.write(Array(cutBytes.prefix(cutBytes.count - 40)), to: store.projectFile(cut))
        var garbledBytes = try FileIO.read(store.projectFile(garbled), limit: 1 << 30)
        let bracket = try XCTUnwrap(garbledBytes.lastIndex(of: UInt8(ascii: "]")))
        garbledBytes[bracket] = UInt8(ascii: "}")
        try store.write(garbledBytes, to: store.projectFile(garbled))
        let cache = try FileIO.read(cacheFile, limit: 1 << 30)
        let list = try listing()
        XCTAssertEqual(list.projects, expected, "seed \(seed)")
        XCTAssertEqual(list.unreadable.count, 2)
        XCTAssertTrue(list.unreadable[0].hasPrefix(store.projectFile(min(cut, garbled))), list.unreadable[0])
        XCTAssertEqual(try FileIO.read(cacheFile, limit: 1 << 30), cache, "a list that fails writes nothing")
        XCTAssertEqual(list.unreadable, try uncachedListing().unreadable, "reported as without a cache")
        XCTAssertEqual(list.projects, try uncachedListing().projects)
        // Once they are gone, the next list drops them from the cache, and never kept them.
        for id in [cut, garbled] { XCTAssertEqual(rename(store.projectFile(id), directory + "/" + id), 0) }
        XCTAssertEqual(try listing().projects, expected)
        XCTAssertEqual(Set(try cached().entries.keys), Set(expected.map(\.id)))
    }

    func testADamagedCacheIsIgnoredAndMadeAgain() throws {
        let seed = Self.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        let expected = try makeRandomStore(30, &rng)
        try waitUntilSettled()
        _ = try listing()
        let good = try FileIO.read(cacheFile, limit: 1 << 30)
        var hugeCount = good
        hugeCount.replaceSubrange(8..<16, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        var otherVersion = good
        otherVersion[7] = UInt8(ascii: "9")
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        let damaged: [(String, [UInt8])] = [
            ("cut in half", Array(good.prefix(good.count / 2))), ("empty", []), ("one byte short", Array(good.dropLast())),
            ("random bytes", (0..<good.count).map { _ in UInt8.random(in: 0...255, using: &rng) }),
            ("another version", otherVersion), ("a huge count", hugeCount), ("a flipped bit", flipped),
        ]
        for (what, bytes) in damaged {
            try AtomicFile.write(bytes, to: cacheFile)
            let list = try listing()
            XCTAssertEqual(list.projects, expected, "\(what), seed \(seed)")
            XCTAssertEqual(list.unreadable, [], what)
            XCTAssertEqual(try FileIO.read(cacheFile, limit: 1 << 30), good, "\(what): made again as it was")
        }
        // A cache that is not a file at all is not read, and not replaced.
        unlink(cacheFile)
        XCTAssertEqual(mkdir(cacheFile, 0o700), 0)
        XCTAssertEqual(try listing().projects, expected)
        XCTAssertTrue(FileIO.isDirectory(cacheFile))
        XCTAssertEqual(Store.entries(of: store.temporaryDirectory), [], "no temporary left behind")
        rmdir(cacheFile)
        XCTAssertEqual(symlink(directory + "/elsewhere", cacheFile), 0)
        XCTAssertEqual(try listing().projects, expected)
        XCTAssertFalse(FileIO.exists(directory + "/elsewhere"), "a link is replaced, never followed")
        XCTAssertEqual(try FileIO.read(cacheFile, limit: 1 << 30, followSymlinks: false), good)
    }

    /// A link or a directory in place of a project file is refused as without a cache, even when
    /// the cache holds an entry with the identity of what it leads to.
    func testAProjectFileThatIsNotARegularFileGoesTheUsualWay() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 11)
        let expected = try makeRandomStore(4, &rng)
        try waitUntilSettled()
        _ = try listing()
        let target = directory + "/outside.json", link = store.projectFile(expected[0].id), folder = store.projectFile(expected[1].id)
        XCTAssertEqual(rename(link, target), 0)
        XCTAssertEqual(symlink(target, link), 0)
        XCTAssertEqual(unlink(folder), 0)
        XCTAssertEqual(mkdir(folder, 0o700), 0)
        var entries = try cached().entries.values.sorted { $0.listEntry.id < $1.listEntry.id }
        for (i, path) in [(0, link), (1, folder)] {
            var st = stat()
            XCTAssertEqual(stat(path, &st), 0)
            entries[i] = ProjectListCache.Entry(identity: ProjectListCache.Identity(st), listEntry: entries[i].listEntry)
        }
        let forged = ProjectListCache.encode(entries)
        try AtomicFile.write(forged, to: cacheFile)
        let list = try listing()
        XCTAssertEqual(list.projects, Array(expected[2...]))
        XCTAssertEqual(list.unreadable, ["\(link): is a symbolic link, not a regular file", "\(folder): is a directory, not a regular file"])
        XCTAssertEqual(try FileIO.read(cacheFile, limit: 1 << 30), forged, "a list that fails writes nothing")
        XCTAssertEqual(list.unreadable, try uncachedListing().unreadable)
    }

    /// A damaged cache is replaced even when there is nothing to keep in it yet (files changed
    /// just now), so it is not read and refused again by every list.
    func testADamagedCacheIsReplacedWhenNothingIsKept() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 3)
        let expected = try makeRandomStore(2, &rng)
        try AtomicFile.write(Array("AKPL0002 cut short".utf8), to: cacheFile)
        XCTAssertEqual(try listing().projects, expected)
        XCTAssertEqual(try cached().entries.count, 0)
    }

    func testAListOfAStoreThatDoesNotExistCreatesNothing() throws {
        XCTAssertEqual(try listing().projects, [])
        XCTAssertFalse(FileIO.exists(store.directory))
    }

    func testCheckSaysNothingOfTheCacheAndFixLeavesIt() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 5)
        _ = try makeRandomStore(5, &rng)
        try waitUntilSettled()
        _ = try listing()
        let cache = try FileIO.read(cacheFile, limit: 1 << 30)
        let report = store.check()
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(report.leftovers, [])
        XCTAssertEqual(try store.exclusively { try store.removeLeftovers() }, [])
        XCTAssertEqual(try FileIO.read(cacheFile, limit: 1 << 30), cache)
    }
}
