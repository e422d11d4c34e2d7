#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// `project list` with its cache (`<store>/.project-list`), from the built binary: the same text,
/// JSON, exit status and messages as reading every file, whatever happened to the files or the
/// cache since.
final class ProjectListCacheEndToEndTests: EndToEndCase {
    struct GeneratedProject {
        var id: String, name: String, open: Bool, end: String?
        var lines: [(priceInOre: Int, quantity: Int)]
        var subtotalInOre: Int { lines.reduce(0) { $0 + $1.priceInOre * $1.quantity } }

        static func money(_ ore: Int) -> String { "\(ore / 100)." + (ore % 100 < 10 ? "0" : "") + "\(ore % 100)" }

        /// The project file, written here by hand as akkord writes it.
        var json: String {
            let lineText = lines.enumerated().map { i, l in
                #"    {"id": \#(i + 1), "pos": "X\#(i + 1)", "name": "Arbejde", "unit": "m2", "price": "\#(Self.money(l.priceInOre))", "quantity": "\#(l.quantity)", "amount": "\#(Self.money(l.priceInOre * l.quantity))", "custom": true, "note": "", "section": "", "date": null}"#
            }.joined(separator: ",\n")
            return """
            {
              "format": "akkord-project",
              "version": 1,
              "id": "\(id)",
              "name": "\(name)",
              "status": "\(open ? "open" : "closed")",
              "lineCount": \(lines.count),
              "subtotal": "\(Self.money(subtotalInOre))",
              "address": "",
              "employer": "",
              "customer": "",
              "start": null,
              "end": \(end.map { "\"\($0)\"" } ?? "null"),
              "note": "",
              "created": "2026-01-05",
              "catalogue": {"name": "", "edition": ""},
              "nextIds": {"line": \(lines.count + 1)},
              "lines": [
            \(lineText)
              ],
              "workers": [],
              "hours": [],
              "advances": [],
              "supplements": [],
              "extraWork": [],
              "photos": [],
              "history": []
            }

            """
        }
    }

    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }

    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    var projectsDirectory: URL { akkord.store.appendingPathComponent("projects") }
    var cacheFile: String { akkord.store.appendingPathComponent(".project-list").path }

    func write(_ p: GeneratedProject) throws {
        try Data(p.json.utf8).write(to: projectsDirectory.appendingPathComponent(p.id + ".json"))
    }

    /// `count` random projects (and `extra`) written into the folder `projects`, in id order.
    static func writeRandomProjects(_ count: Int, seed: UInt64, extra: [GeneratedProject] = [], into projects: URL) throws -> [GeneratedProject] {
        var rng = SplitMix64(state: seed)
        try FileManager.default.createDirectory(at: projects, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: projects.deletingLastPathComponent().appendingPathComponent("tmp"), withIntermediateDirectories: true)
        let streets = ["Søndergade", "Åboulevard", "Tagvej", "Ærøgade", "Nørrebrogade"]
        var made = extra
        for n in 0..<count {
            let lines = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                (priceInOre: Int.random(in: 1...2_000_000, using: &rng), quantity: Int.random(in: 1...400, using: &rng))
            }
            let end = Bool.random(using: &rng) ? nil
                : String(format: "2026-%02d-%02d", Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
            made.append(GeneratedProject(id: "\(streets[n % 5].lowercased().filter { $0.isASCII })-\(n)",
                                         name: "\(streets.randomElement(using: &rng)!) \(Int.random(in: 1...300, using: &rng)) – tag",
                                         open: Int.random(in: 0..<4, using: &rng) != 0, end: end, lines: lines))
        }
        for p in made { try Data(p.json.utf8).write(to: projects.appendingPathComponent(p.id + ".json")) }
        return made.sorted { $0.id < $1.id }
    }

    /// A shed the test of files changed behind the cache's back rewrites in place.
    static let shed = GeneratedProject(id: "skur", name: "Skur A", open: true, end: nil, lines: [(1000, 3)])

    /// The tests' random stores, by number of projects, made when the class starts and settled
    /// with one wait for them all (a file is cached only when it was last changed 2 s before the
    /// list): each test moves its store into place, which leaves its files' ctime as it was.
    nonisolated(unsafe) static var settledStores: [Int: (folder: URL, seed: UInt64, projects: [GeneratedProject])] = [:]

    override class func setUp() {
        super.setUp()
        do {
            for count in [300, 60, 50, 10] {
                let folder = Akkord.scratch.appendingPathComponent("akkord-settled-\(UUID().uuidString)")
                let drawn = seed()
                let projects = try writeRandomProjects(count, seed: drawn, extra: count == 60 ? [shed] : [],
                                                       into: folder.appendingPathComponent("projects"))
                settledStores[count] = (folder, drawn, projects)
            }
        } catch {
            XCTFail("the settled stores could not be made: \(error)")
        }
        Thread.sleep(forTimeInterval: 2.1)
    }

    override class func tearDown() {
        for store in settledStores.values { try? FileManager.default.removeItem(at: store.folder) }
        settledStores = [:]
        super.tearDown()
    }

    /// The settled store of `count` random projects, as this test's store; its projects in id order.
    func settledStore(_ count: Int) throws -> (projects: [GeneratedProject], seed: UInt64) {
        let made = try XCTUnwrap(Self.settledStores.removeValue(forKey: count), "a settled store of \(count) projects")
        try FileManager.default.moveItem(at: made.folder, to: akkord.store)
        return (made.projects, made.seed)
    }

    /// What `project list --json` must show of them, worked out from the projects themselves.
    func assertJSON(_ r: Akkord.Result, shows projects: [GeneratedProject], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let listed = ((r.json as? [String: Any])?["projects"] as? [[String: Any]]) ?? []
        XCTAssertEqual(listed.map { $0["id"] as? String }, projects.map(\.id), label, file: file, line: line)
        XCTAssertEqual(listed.map { $0["name"] as? String }, projects.map(\.name), label, file: file, line: line)
        XCTAssertEqual(listed.map { $0["status"] as? String }, projects.map { $0.open ? "open" : "closed" }, label, file: file, line: line)
        XCTAssertEqual(listed.map { $0["lines"] as? Int }, projects.map(\.lines.count), label, file: file, line: line)
        XCTAssertEqual(listed.map { $0["subtotal"] as? String }, projects.map { GeneratedProject.money($0.subtotalInOre) }, label, file: file, line: line)
    }

    /// Runs `arguments` with no cache (it is removed first; the run may make one).
    func uncached(_ arguments: String...) throws -> Akkord.Result {
        unlink(cacheFile)
        return try akkord.run(arguments)
    }

    func assertSame(_ a: Akkord.Result, _ b: Akkord.Result, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.status, b.status, "\(label): exit status", file: file, line: line)
        XCTAssertEqual(a.stdout, b.stdout, "\(label): output", file: file, line: line)
        XCTAssertEqual(a.stderr, b.stderr, "\(label): messages", file: file, line: line)
    }

    func testAWarmListPrintsWhatReadingEveryFilePrints() throws {
        let (projects, seed) = try settledStore(300)
        let coldText = try uncached("project", "list"), coldJSON = try uncached("project", "list", "--json")
        XCTAssertEqual(coldText.status, 0, coldText.stderr)
        assertJSON(coldJSON, shows: projects, "seed \(seed)")
        XCTAssertEqual(coldText.lines.filter { $0.contains(" – tag") }.count, 300)
        let before = try FileManager.default.attributesOfItem(atPath: cacheFile)
        let warmText = try akkord.run("project", "list"), warmJSON = try akkord.run("project", "list", "--json")
        assertSame(warmText, coldText, "text, seed \(seed)")
        assertSame(warmJSON, coldJSON, "--json, seed \(seed)")
        let after = try FileManager.default.attributesOfItem(atPath: cacheFile)
        XCTAssertEqual(after[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int, "nothing changed, so the cache was not written again")
        XCTAssertEqual(after[.modificationDate] as? Date, before[.modificationDate] as? Date)
        let status = try akkord.run("project", "list", "--status", "closed")
        assertSame(status, try uncached("project", "list", "--status", "closed"), "--status closed")
    }

    func testFilesChangedBehindTheCachesBackAreShownAsTheyAreNow() throws {
        let (made, seed) = try settledStore(60)
        var projects = made
        let shed = Self.shed
        XCTAssertEqual(try akkord.run("project", "list").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFile))

        // A "script" rewrites a project in place: another name and subtotal, the same size, its
        // modification time put back.
        var changed = shed
        changed.name = "Skur B"
        changed.lines[0].quantity = 4
        let path = projectsDirectory.appendingPathComponent(changed.id + ".json").path
        var old = stat()
        XCTAssertEqual(lstat(path, &old), 0)
        XCTAssertEqual(changed.json.utf8.count, Int(old.st_size), "the same size")
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        handle.write(Data(changed.json.utf8))
        handle.closeFile()
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        var new = stat()
        lstat(path, &new)
        XCTAssertEqual([UInt(new.st_ino), UInt(new.st_size), UInt(new.st_mtim.tv_sec), UInt(new.st_mtim.tv_nsec)],
                       [UInt(old.st_ino), UInt(old.st_size), UInt(old.st_mtim.tv_sec), UInt(old.st_mtim.tv_nsec)])
        projects[projects.firstIndex { $0.id == changed.id }!] = changed
        // One deleted, one new.
        let gone = projects.remove(at: 10)
        try FileManager.default.removeItem(at: projectsDirectory.appendingPathComponent(gone.id + ".json"))
        let added = GeneratedProject(id: "aaa-nyt", name: "Nyt tag", open: true, end: nil, lines: [(12_345, 2)])
        try write(added)
        projects.insert(added, at: 0)

        let json = try akkord.run("project", "list", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        assertJSON(json, shows: projects, "seed \(seed)")
        XCTAssertEqual(((json.json as? [String: Any])?["projects"] as? [[String: Any]])?.first { $0["id"] as? String == changed.id }?["name"] as? String,
                       changed.name)
        assertSame(json, try uncached("project", "list", "--json"), "--json")

        // Files damaged after they were cached: reported as without a cache.
        _ = try akkord.run("project", "list")
        Thread.sleep(forTimeInterval: 2.1)
        XCTAssertEqual(try akkord.run("project", "list").status, 0)   // now every file is cached
        let cut = projectsDirectory.appendingPathComponent(projects[20].id + ".json")
        let whole = try Data(contentsOf: cut)
        try whole.prefix(whole.count - 30).write(to: cut)
        let garbled = projectsDirectory.appendingPathComponent(projects[30].id + ".json")
        var bytes = [UInt8](try Data(contentsOf: garbled))
        let at = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "]")))
        bytes[at] = UInt8(ascii: "}")
        let handle2 = try XCTUnwrap(FileHandle(forUpdatingAtPath: garbled.path))
        handle2.write(Data(bytes))
        handle2.closeFile()
        for arguments in [["project", "list"], ["project", "list", "--json"]] {
            let before = try snapshot()
            let cached = try akkord.run(arguments)
            XCTAssertEqual(try snapshot(), before, "a list that fails writes nothing")
            XCTAssertEqual(cached.status, 65, cached.stderr)
            XCTAssertTrue(cached.stderr.contains(cut.path) && cached.stderr.contains(garbled.path), cached.stderr)
            XCTAssertTrue(cached.stderr.contains("2 project files do not read"), cached.stderr)
            unlink(cacheFile)
            assertSame(cached, try akkord.run(arguments), arguments.joined(separator: " "))
        }
    }

    func testADamagedCacheIsIgnoredAndMadeAgain() throws {
        let (projects, seed) = try settledStore(50)
        var rng = SplitMix64(state: seed)
        let text = try akkord.run("project", "list"), json = try akkord.run("project", "list", "--json")
        assertJSON(json, shows: projects, "seed \(seed)")
        let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        var otherVersion = good
        otherVersion[7] = UInt8(ascii: "1")
        var hugeCount = good
        hugeCount.replaceSubrange(8..<16, with: [0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        var hugeLength = good
        hugeLength.replaceSubrange(96..<104, with: [0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        let damaged: [(String, Data)] = [
            ("cut in half", good.prefix(good.count / 2)), ("empty", Data()),
            ("random bytes", Data((0..<good.count).map { _ in UInt8.random(in: 0...255, using: &rng) })),
            ("another version", otherVersion), ("a huge count", hugeCount), ("a huge length", hugeLength),
        ]
        for (what, bytes) in damaged {
            XCTAssertNotEqual(bytes, good)
            for (arguments, expected) in [(["project", "list"], text), (["project", "list", "--json"], json)] {
                try bytes.write(to: URL(fileURLWithPath: cacheFile))
                let r = try akkord.run(arguments)
                assertSame(r, expected, "\(what), seed \(seed)")
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cacheFile)), good, "\(what): made again")
            }
        }
    }

    func testAListOfAStoreThatDoesNotExistCreatesNothing() throws {
        for arguments in [["project", "list"], ["project", "list", "--json"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.path), "\(arguments)")
        }
        let deeper = akkord.store.appendingPathComponent("a/b").path
        XCTAssertEqual(try akkord.run(["--store", deeper, "project", "list"], useStore: false).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.path))
    }

    /// A store this user cannot write to (a copy on a read-only disk): listed, nothing written.
    /// As root, whom permissions do not stop, the list runs as nobody.
    func testAListOfAReadOnlyStoreWritesNothing() throws {
        let projects = try Self.writeRandomProjects(20, seed: Self.seed(), into: projectsDirectory)
        for p in try FileManager.default.contentsOfDirectory(atPath: projectsDirectory.path) {
            XCTAssertEqual(chmod(projectsDirectory.appendingPathComponent(p).path, 0o444), 0)
        }
        Thread.sleep(forTimeInterval: 2.1)   // the chmod changed the files' ctime: a list would cache them again only now
        let expected = [try uncached("project", "list", "--json"), try uncached("project", "list")]
        assertJSON(expected[0], shows: projects, "writable")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFile), "a list that can write the cache does")
        unlink(cacheFile)
        let paths = [akkord.store.path, projectsDirectory.path, akkord.store.appendingPathComponent("tmp").path]
        for p in paths { XCTAssertEqual(chmod(p, 0o555), 0) }
        defer { for p in paths { chmod(p, 0o700) } }
        let before = try snapshot()
        for (arguments, expected) in zip([["project", "list", "--json"], ["project", "list"]], expected) {
            let r: Akkord.Result
            if getuid() == 0 {
                guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("root without setpriv: cannot make a store read-only") }
                r = try runAsNobody(["--store", akkord.store.path] + arguments)
            } else {
                r = try akkord.run(arguments)
            }
            assertSame(r, expected, "read-only")
        }
        XCTAssertEqual(try snapshot(), before, "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFile))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: paths[2]), [])
    }

    func runAsNobody(_ arguments: [String]) throws -> Akkord.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Akkord.binary.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "NO_COLOR": "1"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Akkord.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    func testCheckSaysNothingOfTheCacheAndFixLeavesIt() throws {
        _ = try settledStore(10)
        XCTAssertEqual(try akkord.run("project", "list").status, 0)
        let cache = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        for arguments in [["check"], ["check", "--fix"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse((r.stdout + r.stderr).contains("project-list"), r.stdout + r.stderr)
            XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cacheFile)), cache, "check --fix leaves the cache")
    }
}
